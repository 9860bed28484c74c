//! The `check` job: lint every input, report the findings, and with
//! `--fix` or `--diff` fix them.
//!
//! Reporting streams: an input is scanned in bounded memory and each
//! finding is printed as it is found; the lines around a finding (for
//! suppression markers and the human excerpt) are read back from the file
//! by offset ([`crate::lines`]). Standard input is first spooled to a
//! temporary file for that. Fixing opens the file by the write protocol
//! ([`crate::fix::write::Target`]: regular files only, no symbolic link
//! followed that the walk did not decide to follow), reads it whole into
//! memory, fixes it to a fixed point ([`crate::fix::fix_until_stable`]),
//! writes it back atomically ([`crate::fix::write::Target::replace_checked`])
//! and reports what is left.

use std::fs::File;
use std::io::{self, Read};

use super::{
    open_reader, open_target, report_walk_error, scan_options, scan_reader, write_back, RunOptions,
    Stats,
};
use crate::error::Error;
use crate::fix::diff;
use crate::fix::write::WritePolicy;
use crate::lines::{Excerpt, Lines, ReadAt};
use crate::lint::rules::{catalogue, find};
use crate::lint::suppress::suppressed;
use crate::lint::{Diagnostic, Linter, RuleSet};
use crate::output::human::{self, Summary};
use crate::output::sarif::{self, SkipFirstComma};
use crate::output::{github, jsonl, plain, Format};
use crate::pipeline::{self, Outputs, PipelineOptions, Sink};
use crate::scan::{Found, ScanOptions};
use crate::source::Input;
use crate::walk;

/// What `check` does about fixable findings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FixMode {
    /// Report them (the default).
    #[default]
    Report,
    /// Apply the fixes in place (`--fix`) and report what is left; with
    /// standard input, print the fixed text on standard output.
    Fix,
    /// Print a unified diff of the fixes and write nothing (`--diff`).
    Diff,
}

/// Settings of `check` only.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// The rules, grammar and exclusions.
    pub linter: Linter,
    /// Report, fix or diff.
    pub mode: FixMode,
    /// Colour in the human format.
    pub color: bool,
    /// What `--fix` may write (`--force`, `--hard-links`).
    pub write: WritePolicy,
}

/// `urilint check`: lints the inputs and prints the findings in input
/// order in the run's format; with [`FixMode::Fix`] applies the fixes first,
/// with [`FixMode::Diff`] prints the diffs instead. Findings suppressed by
/// an `urilint: ignore` marker on their line or the line before are not
/// reported ([`crate::lint::suppress`]).
///
/// # Errors
/// [`Error::Walk`] for an invalid glob, [`Error::Write`] when the output
/// cannot be written. Unreadable inputs and files that cannot be written
/// back are reported on standard error and counted in [`Stats::errors`].
pub fn check(opts: &RunOptions, ch: &CheckOptions, outputs: Outputs<'_>) -> Result<Stats, Error> {
    let stats = Stats::default();
    let scan = scan_options(opts, true);
    let inputs = walk::inputs(&opts.paths, &opts.walk)?;
    let Outputs { out, err } = outputs;
    // When the fixed text of standard input is the output, nothing else
    // (SARIF envelope, summary) may be mixed into it.
    let fixes_stdin = ch.mode == FixMode::Fix && opts.paths.iter().any(|p| p.as_os_str() == "-");
    let sarif_log = opts.format == Format::Sarif && ch.mode != FixMode::Diff && !fixes_stdin;
    if sarif_log {
        let mut header = Vec::new();
        sarif::header(&mut header, catalogue(), env!("CARGO_PKG_VERSION"));
        out.write_all(&header).map_err(Error::Write)?;
    }
    let job = |input: &Input, sink: &mut Sink<'_, '_>| {
        let rules = ch.linter.rules_for(input.path());
        let job = Job {
            name: input.name(),
            linter: &ch.linter,
            rules: &rules,
            scan: &scan,
            format: opts.format,
            color: ch.color,
            stats: &stats,
            write: &ch.write,
        };
        match ch.mode {
            FixMode::Report => job.report(input, sink),
            FixMode::Fix | FixMode::Diff => job.fix(input, ch.mode, sink),
        }
    };
    let pipeline_opts = PipelineOptions::new(opts.threads, false);
    crate::progress::with_progress(opts.progress, &stats, || {
        if sarif_log {
            // Results are written with a leading comma; the first is dropped.
            let mut results = SkipFirstComma::new(&mut *out);
            let outputs = Outputs {
                out: &mut results,
                err: &mut *err,
            };
            pipeline::run(inputs, &pipeline_opts, outputs, job, |e, sink| {
                report_walk_error(e, &stats, sink)
            })
        } else {
            let outputs = Outputs {
                out: &mut *out,
                err: &mut *err,
            };
            pipeline::run(inputs, &pipeline_opts, outputs, job, |e, sink| {
                report_walk_error(e, &stats, sink)
            })
        }
    })?;
    let mut tail = Vec::new();
    if sarif_log {
        sarif::footer(&mut tail);
    }
    if opts.format == Format::Human && ch.mode != FixMode::Diff {
        human::summary(&mut tail, &summary(&stats), ch.color);
    }
    let tail_to: &mut (dyn io::Write + Send) = if fixes_stdin { err } else { out };
    tail_to
        .write_all(&tail)
        .and_then(|()| tail_to.flush())
        .map_err(Error::Write)?;
    Ok(stats)
}

/// The human summary of a finished run.
fn summary(stats: &Stats) -> Summary {
    let by_rule = stats
        .rule_counts()
        .into_iter()
        .filter_map(|(code, n)| find(code).map(|r| (r, n)))
        .collect();
    Summary {
        files: Stats::get(&stats.files),
        by_rule,
        errors: Stats::get(&stats.error_findings),
        warnings: Stats::get(&stats.warning_findings),
        fixable: Stats::get(&stats.fixable),
        fixed: Stats::get(&stats.fixed),
    }
}

/// One input's check.
struct Job<'a> {
    name: String,
    linter: &'a Linter,
    rules: &'a RuleSet,
    scan: &'a ScanOptions,
    format: Format,
    color: bool,
    stats: &'a Stats,
    write: &'a WritePolicy,
}

impl Job<'_> {
    /// Lints one found item into `out`.
    fn lint(&self, found: &Found<'_>, out: &mut Vec<Diagnostic>) {
        match found {
            Found::Uri(c) => {
                Stats::add(&self.stats.uris, 1);
                self.linter.check_candidate(&self.name, c, self.rules, out);
            }
            Found::TooLong(t) => out.extend(self.linter.check_too_long(&self.name, t, self.rules)),
        }
    }

    /// Prints `d` (counting it) with the lines around it from `lines`.
    fn emit<S: ReadAt>(&self, out: &mut Vec<u8>, d: &Diagnostic, lines: Option<&mut Lines<S>>) {
        self.stats.count(d);
        let excerpt = match (self.format, lines) {
            (Format::Plain | Format::Jsonl, _) | (_, None) => None,
            (_, Some(lines)) => lines.around(d.uri_span.start, d.uri_span.end).ok(),
        };
        render(out, d, self.format, excerpt.as_ref(), self.color);
    }

    /// Streams the findings of `input`.
    fn report(&self, input: &Input, sink: &mut Sink<'_, '_>) {
        let mut found: Vec<Diagnostic> = Vec::new();
        match input {
            Input::Stdin => {
                // Spool standard input so its lines can be read back.
                let spooled = tempfile::NamedTempFile::new().and_then(|mut t| {
                    io::copy(&mut io::stdin().lock(), &mut t)?;
                    Ok(t)
                });
                let (reader, back) = match spooled.and_then(|t| Ok((t.reopen()?, t.reopen()?, t))) {
                    Ok((r, b, t)) => ((r, t), b),
                    Err(e) => {
                        Stats::add(&self.stats.errors, 1);
                        sink.message(&format!("urilint: -: {e}"));
                        return;
                    }
                };
                let mut lines = Lines::new(back);
                scan_reader(
                    &self.name,
                    reader.0,
                    self.scan,
                    self.stats,
                    sink,
                    |f, sink| {
                        found.clear();
                        self.lint(&f, &mut found);
                        for d in &found {
                            if !suppressed(&mut lines, d) {
                                self.emit(sink.out(), d, Some(&mut lines));
                            }
                        }
                    },
                );
            }
            Input::File { path, .. } => {
                let Some(reader) = open_reader(input, self.stats, sink) else {
                    return;
                };
                // A second handle reads lines back; opened at the first finding.
                let mut lines: Option<Option<Lines<File>>> = None;
                scan_reader(
                    &self.name,
                    reader,
                    self.scan,
                    self.stats,
                    sink,
                    |f, sink| {
                        found.clear();
                        self.lint(&f, &mut found);
                        for d in &found {
                            let l =
                                lines.get_or_insert_with(|| File::open(path).ok().map(Lines::new));
                            if let Some(l) = l.as_mut() {
                                if suppressed(l, d) {
                                    continue;
                                }
                            }
                            self.emit(sink.out(), d, l.as_mut());
                        }
                    },
                );
            }
        }
    }

    /// Fixes `input` (in memory), writes it back or prints the diff, and
    /// reports what is left.
    fn fix(&self, input: &Input, mode: FixMode, sink: &mut Sink<'_, '_>) {
        // A file is opened by the write protocol (refused unless regular);
        // `--diff` opens it for reading only.
        let target = match input {
            Input::Stdin => None,
            Input::File { .. } => {
                let policy = (mode == FixMode::Fix).then_some(self.write);
                match open_target(input, policy, self.stats, sink) {
                    Some(t) => Some(t),
                    None => return,
                }
            }
        };
        let mut reader: Box<dyn Read + Send + '_> = match &target {
            Some(t) => Box::new(t.reader()),
            None => match open_reader(input, self.stats, sink) {
                Some(r) => r,
                None => return,
            },
        };
        let mut original = Vec::new();
        if let Err(e) = reader.read_to_end(&mut original) {
            Stats::add(&self.stats.errors, 1);
            sink.message(&format!("urilint: {}: {e}", self.name));
            return;
        }
        Stats::add(&self.stats.files, 1);
        Stats::add(&self.stats.bytes, original.len() as u64);
        let fixed = match self
            .linter
            .fix_bytes(&self.name, &original, self.rules, self.scan)
        {
            Ok(f) => f,
            Err(e) => {
                Stats::add(&self.stats.errors, 1);
                sink.message(&format!("urilint: {}: {e}", self.name));
                return;
            }
        };
        let changed = fixed.bytes != original;
        if mode == FixMode::Diff {
            if changed {
                Stats::add(&self.stats.files_changed, 1);
                Stats::add(&self.stats.fixed, fixed.applied as u64);
                diff::unified(sink.out(), &self.name, &original, &fixed.bytes);
            }
            return;
        }
        let mut shown = fixed.bytes.as_slice();
        let mut remaining = fixed.remaining;
        if changed {
            match input {
                Input::Stdin => {
                    // The fixed text is the output; findings go to stderr.
                    sink.out().extend_from_slice(&fixed.bytes);
                    for d in &remaining {
                        self.stats.count(d);
                        sink.message(&format!(
                            "{}:{}:{}: {} {}",
                            d.path, d.line, d.column, d.code, d.message
                        ));
                    }
                    Stats::add(&self.stats.fixed, fixed.applied as u64);
                    Stats::add(&self.stats.files_changed, 1);
                    return;
                }
                Input::File { .. } => {
                    match write_back(target.as_ref(), input, &original, &fixed.bytes) {
                        Ok(()) => {
                            Stats::add(&self.stats.fixed, fixed.applied as u64);
                            Stats::add(&self.stats.files_changed, 1);
                        }
                        Err(e) => {
                            Stats::add(&self.stats.errors, 1);
                            sink.message(&format!("urilint: {e}"));
                            shown = &original;
                            remaining = self
                                .linter
                                .lint_bytes(&self.name, &original, self.rules, self.scan)
                                .unwrap_or_default();
                        }
                    }
                }
            }
        } else if let Input::Stdin = input {
            sink.out().extend_from_slice(&original);
            for d in &remaining {
                self.stats.count(d);
                sink.message(&format!(
                    "{}:{}:{}: {} {}",
                    d.path, d.line, d.column, d.code, d.message
                ));
            }
            return;
        }
        let mut lines = Lines::new(shown);
        for d in &remaining {
            self.emit(sink.out(), d, Some(&mut lines));
        }
    }
}

/// Renders one diagnostic in `format`.
fn render(
    out: &mut Vec<u8>,
    d: &Diagnostic,
    format: Format,
    excerpt: Option<&Excerpt>,
    color: bool,
) {
    match format {
        Format::Jsonl => jsonl::line(out, d),
        Format::Plain => plain::diagnostic(out, d),
        Format::Human => human::diagnostic(out, d, excerpt, color),
        Format::Sarif => sarif::result(out, d, catalogue().iter().position(|r| r.code == d.code)),
        Format::Github => github::diagnostic(out, d),
    }
}
