//! The `check` job: lint every input, report the findings, and with
//! `--fix` or `--diff` fix them.
//!
//! Reporting streams: an input is scanned in bounded memory and each
//! finding is printed as it is found; the lines around a finding (for
//! suppression markers and the human excerpt) are read back from the file
//! by offset ([`crate::lines`]); standard input is read once and its lines
//! are read back from a bounded window of it ([`crate::lines::Window`]).
//!
//! Fixing reads the file once per fix pass, with the edits found so far
//! laid over it ([`crate::lint::Linter::fix_source`]), until a fixed point;
//! it then writes it back atomically as a stream ([`crate::fix::write`]),
//! or prints the diff made from the edits ([`crate::fix::diff`]), and
//! reports what is left. Memory is bounded by the findings and edits, not
//! by the file; standard input is fixed in memory, up to
//! [`MAX_STDIN_FIX`] bytes.

use std::fs::File;
use std::io::{self, Read, Write as _};

use super::decoded::{decode_helpers, Located};
use super::{
    decoded, never_written, open_reader, open_target, output_closed, scan_mapped, scan_options,
    scan_reader, write_back, JsonExtras, NotOpened, Reader, RunOptions, Stats,
};
use crate::error::Error;
use crate::fix::write::{Target, WritePolicy};
use crate::fix::{diff, write_edited, Edit, Edited};
use crate::format::detect::InputFormat;
use crate::format::unit::UnitBytes;
use crate::format::ReadOptions;
use crate::lines::{Excerpt, Lines, ReadAt, Window};
use crate::links::{LocalLinks, Problem};
use crate::lint::rules::{catalogue, find};
use crate::lint::rules::{missing_anchor, missing_local_target};
use crate::lint::suppress::suppressed;
use crate::lint::{Diagnostic, Linter, RuleSet};
use crate::output::human::{self, Summary};
use crate::output::sarif::{self, SkipFirstComma};
use crate::output::{github, jsonl, plain, Format};
use crate::pipeline::{self, Outputs, PipelineOptions, Sink};
use crate::position::Position;
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
    /// Write an `urilint: ignore[CODE]` marker for each finding where the
    /// file's syntax has a safe place for it (`--add-ignore`,
    /// [`crate::fix::add_ignore`]); report the findings left unmarked.
    AddIgnore,
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
    /// `--links local`: relative links of Markdown and HTML documents are
    /// looked for in the tree (rules `L001`, `L002`); `None`: not checked.
    pub links: Option<LocalLinks>,
    /// `--show-fixes`: with [`FixMode::Fix`] or [`FixMode::Diff`], list the
    /// fixes made per file and rule after the findings; in the `plain`
    /// format, give each finding's fix (marked safe or unsafe) after its
    /// message.
    pub show_fixes: bool,
    /// Configuration found from each file's directory upwards
    /// ([`crate::config::Hierarchy`]); `None`: [`CheckOptions::linter`]
    /// for every file (`--config`, `--isolated`, library callers).
    pub configs: Option<std::sync::Arc<crate::config::Hierarchy>>,
}

/// `urilint check`: lints the inputs and prints the findings in input
/// order in the run's format; with [`FixMode::Fix`] applies the fixes first,
/// with [`FixMode::Diff`] prints the diffs instead. Findings suppressed by
/// an `urilint: ignore` marker on their line or the line before are not
/// reported ([`crate::lint::suppress`]).
///
/// # Errors
/// [`Error::Walk`] for an invalid glob, [`Error::Write`] when the output
/// cannot be written; a closed pipe (`EPIPE`) is not an error: the run
/// ends early with the counts so far. Unreadable inputs and
/// files that cannot be written back are reported on standard error and
/// counted in [`Stats::errors`].
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
        if output_closed(out.write_all(&header).map_err(Error::Write))? {
            return Ok(stats);
        }
    }
    let extras = JsonExtras::of(opts);
    let records = |s: &Stats| Stats::get(&s.findings);
    let job = |input: &Input, sink: &mut Sink<'_, '_>| {
        extras.per_input(input, &stats, sink, records, |stats, sink| {
            // The configuration nearest to the file, when it is not the run's.
            let nested = match ch.configs.as_ref().map(|h| h.for_path(input.path())) {
                Some(Ok(n)) => n,
                Some(Err(first)) => {
                    // Files under an invalid configuration are not checked;
                    // the problem is told once.
                    Stats::add(&stats.errors, 1);
                    if let Some(e) = first {
                        sink.message(&format!("urilint: {e} (files under it are not checked)"));
                    }
                    return;
                }
                None => None,
            };
            if nested.as_ref().is_some_and(|n| n.excludes(input.path())) {
                return;
            }
            let linter = nested.as_ref().map_or(&ch.linter, |n| &n.linter);
            let rules = linter.rules_for(input.path());
            // `http//host` is found only for the rule that reports it (U011).
            let missing_colon = rules.enabled(crate::lint::rules::missing_scheme_colon::RULE.code);
            let file_scan = match &nested {
                Some(n) => ScanOptions {
                    max_uri_len: n.settings.max_uri_len,
                    abbreviated: n.settings.abbreviated,
                    missing_colon,
                    ..scan.clone()
                },
                None => ScanOptions {
                    missing_colon,
                    ..scan.clone()
                },
            };
            let job = Job {
                input,
                links: ch.links.as_ref(),
                name: input.name(),
                non_utf8_name: input.non_utf8_name(),
                linter,
                rules: &rules,
                scan: &file_scan,
                format: opts.format,
                color: ch.color,
                stats,
                collected: std::sync::Mutex::new(None),
                show_fixes: ch.show_fixes,
                write: &ch.write,
                input_format: opts.input_format,
                mmap: opts.mmap,
                read: ReadOptions {
                    mail: opts.mail,
                    include_code: opts.include_code,
                },
                decode_helpers: decode_helpers(opts.threads),
                extras: &extras,
            };
            match ch.mode {
                FixMode::Report => job.report(input, sink),
                FixMode::Fix | FixMode::Diff => job.fix(input, ch.mode, sink),
                FixMode::AddIgnore => job.add_ignore(input, sink),
            }
        })
    };
    let pipeline_opts = PipelineOptions {
        window: super::window(opts),
        ..PipelineOptions::new(opts.threads, false)
    };
    let result = crate::progress::with_progress(opts.progress, &stats, || {
        if sarif_log {
            // Results are written with a leading comma; the first is dropped.
            let mut results = SkipFirstComma::new(&mut *out);
            let outputs = Outputs {
                out: &mut results,
                err: &mut *err,
            };
            pipeline::run(inputs, &pipeline_opts, outputs, job, |e, sink| {
                extras.walk_error(e, &stats, sink)
            })
        } else {
            let outputs = Outputs {
                out: &mut *out,
                err: &mut *err,
            };
            pipeline::run(inputs, &pipeline_opts, outputs, job, |e, sink| {
                extras.walk_error(e, &stats, sink)
            })
        }
    });
    if output_closed(result)? {
        return Ok(stats);
    }
    let mut tail = Vec::new();
    if sarif_log {
        sarif::footer(&mut tail);
    }
    let mut fixes_list = Vec::new();
    if ch.show_fixes && ch.mode != FixMode::Report {
        let mut files = stats
            .fixed_by_file
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        files.sort();
        human::fixes_made(&mut fixes_list, &files, ch.mode == FixMode::Diff);
    }
    if ch.mode == FixMode::AddIgnore {
        let markers = Stats::get(&stats.fixed);
        let files = Stats::get(&stats.files_changed);
        let _ = writeln!(
            fixes_list,
            "Added {markers} urilint: ignore marker{} to {files} file{}.",
            if markers == 1 { "" } else { "s" },
            if files == 1 { "" } else { "s" }
        );
    }
    if opts.format == Format::Human && ch.mode != FixMode::Diff {
        tail.extend_from_slice(&fixes_list);
        let mut s = summary(&stats);
        if ch.mode == FixMode::AddIgnore {
            // Markers, not fixes (said above).
            s.fixed = 0;
        }
        human::summary(&mut tail, &s, ch.color);
    } else if !fixes_list.is_empty() {
        // Other formats are read by programs (and a diff by `patch`): the
        // list goes to standard error.
        output_closed(err.write_all(&fixes_list).map_err(Error::Write))?;
    }
    let tail_to: &mut (dyn io::Write + Send) = if fixes_stdin { err } else { out };
    output_closed(
        tail_to
            .write_all(&tail)
            .and_then(|()| tail_to.flush())
            .map_err(Error::Write),
    )?;
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
        unsafe_fixable: Stats::get(&stats.unsafe_fixable),
        fixed: Stats::get(&stats.fixed),
        unreadable: Stats::get(&stats.errors),
    }
}

/// One input's check.
struct Job<'a> {
    input: &'a Input,
    /// `--links local`: what local links are checked with.
    links: Option<&'a LocalLinks>,
    name: String,
    /// The exact bytes of the file name when it is not UTF-8 (for the JSON
    /// and SARIF paths).
    non_utf8_name: Option<&'a [u8]>,
    linter: &'a Linter,
    rules: &'a RuleSet,
    scan: &'a ScanOptions,
    format: Format,
    color: bool,
    stats: &'a Stats,
    /// When `Some`, [`Job::emit`] collects the findings here instead of
    /// printing them (`--add-ignore`).
    collected: std::sync::Mutex<Option<Vec<Diagnostic>>>,
    /// `--show-fixes`.
    show_fixes: bool,
    write: &'a WritePolicy,
    input_format: InputFormat,
    /// Whether a large file is scanned through a map (report mode only).
    mmap: crate::source::Mmap,
    /// What to read of decoded inputs.
    read: ReadOptions,
    /// Threads that decode a mailbox's messages beside this one.
    decode_helpers: usize,
    /// `--label`, `--summary`.
    extras: &'a JsonExtras,
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
        if let Some(found) = self
            .collected
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_mut()
        {
            found.push(d.clone());
            return;
        }
        self.stats.count(d);
        let excerpt = match (self.format, lines) {
            (Format::Plain | Format::Jsonl, _) | (_, None) => None,
            (_, Some(lines)) => lines.around(d.uri_span.start, d.uri_span.end).ok(),
        };
        render(
            out,
            d,
            self.format,
            excerpt.as_ref(),
            self.color,
            self.non_utf8_name,
        );
        if self.format == Format::Jsonl {
            self.extras.label(out);
        }
        if let (true, Format::Plain, Some(fix)) = (self.show_fixes, self.format, &d.fix) {
            if out.last() == Some(&b'\n') {
                out.pop();
                let class = match fix.applicability {
                    crate::fix::Applicability::Safe => "fix",
                    crate::fix::Applicability::Unsafe => "unsafe fix",
                };
                let _ = writeln!(
                    out,
                    " [{class}: {}]",
                    crate::output::escape::text(&fix.message)
                );
            }
        }
    }

    /// Prints each of `found` that no `urilint: ignore` marker suppresses,
    /// with the lines around it read back from `lines` (without them,
    /// nothing is suppressed and there is no excerpt).
    fn emit_unsuppressed<S: ReadAt>(
        &self,
        found: &[Diagnostic],
        mut lines: Option<&mut Lines<S>>,
        out: &mut Vec<u8>,
    ) {
        for d in found {
            if lines.as_deref_mut().is_some_and(|l| suppressed(l, d)) {
                continue;
            }
            self.emit(out, d, lines.as_deref_mut());
        }
    }

    /// Streams the findings of `input`.
    fn report(&self, input: &Input, sink: &mut Sink<'_, '_>) {
        let mut found: Vec<Diagnostic> = Vec::new();
        match input {
            Input::Stdin { .. } => {
                let stdin = match open_reader(
                    input,
                    self.input_format,
                    crate::source::Mmap::Never,
                    self.stats,
                    sink,
                ) {
                    // Standard input is never mapped.
                    None | Some(Reader::Mapped(_)) => return,
                    Some(Reader::Text(r)) => r,
                    Some(Reader::Decoded(r, format)) => {
                        return self.report_decoded(r, format, sink);
                    }
                };
                // Standard input is read once; lines are read back from a
                // bounded window of it (no temporary file).
                let keep = Window::<Box<dyn Read + Send>>::keep_for(
                    self.scan.chunk_size,
                    self.scan.max_uri_len,
                );
                let (reader, back) = Window::new(stdin, keep);
                let mut lines = Lines::new(back);
                scan_reader(
                    &self.name,
                    reader,
                    self.scan,
                    self.stats,
                    sink,
                    |f, sink| {
                        found.clear();
                        self.lint(&f, &mut found);
                        self.emit_unsuppressed(&found, Some(&mut lines), sink.out());
                    },
                );
            }
            Input::Document { bytes, .. } => {
                // Held in memory: lines are read back from it.
                let mut lines = Lines::new(&bytes[..]);
                let each = |f: Found<'_>, sink: &mut Sink<'_, '_>| {
                    found.clear();
                    self.lint(&f, &mut found);
                    self.emit_unsuppressed(&found, Some(&mut lines), sink.out());
                };
                match open_reader(input, self.input_format, self.mmap, self.stats, sink) {
                    None | Some(Reader::Mapped(_)) => {}
                    Some(Reader::Text(r)) => {
                        scan_reader(&self.name, r, self.scan, self.stats, sink, each);
                    }
                    Some(Reader::Decoded(r, format)) => self.report_decoded(r, format, sink),
                }
            }
            Input::File { path, .. } => {
                // A second handle reads lines back; opened at the first finding.
                let mut lines: Option<Option<Lines<File>>> = None;
                let each = |f: Found<'_>, sink: &mut Sink<'_, '_>| {
                    found.clear();
                    self.lint(&f, &mut found);
                    if found.is_empty() {
                        return;
                    }
                    let l = lines.get_or_insert_with(|| File::open(path).ok().map(Lines::new));
                    self.emit_unsuppressed(&found, l.as_mut(), sink.out());
                };
                match open_reader(input, self.input_format, self.mmap, self.stats, sink) {
                    None => {}
                    Some(Reader::Text(r)) => {
                        scan_reader(&self.name, r, self.scan, self.stats, sink, each);
                    }
                    Some(Reader::Mapped(m)) => {
                        scan_mapped(&self.name, m, self.scan, self.stats, sink, each);
                    }
                    Some(Reader::Decoded(r, format)) => self.report_decoded(r, format, sink),
                }
            }
        }
    }

    /// Streams the findings of a decoded input (mail, news, HTML, gzip):
    /// the rules run on each piece's decoded text; every finding is placed
    /// in the file through the piece's map, names its message and part,
    /// and has no fix (mail is never written). Suppression markers and
    /// the human excerpt are read from the unit's original bytes.
    fn report_decoded(
        &self,
        reader: Box<dyn Read + Send>,
        format: InputFormat,
        sink: &mut Sink<'_, '_>,
    ) {
        self.report_decoded_with(reader, format, sink, true, self.stats);
    }

    /// [`Job::report_decoded`]; with `lint` false only the local links
    /// are checked (`--links local` after `--fix`, whose other findings
    /// come from the fix passes). Inputs and bytes read are counted in
    /// `reads`, findings in the job's stats.
    fn report_decoded_with(
        &self,
        reader: Box<dyn Read + Send>,
        format: InputFormat,
        sink: &mut Sink<'_, '_>,
        lint: bool,
        reads: &Stats,
    ) {
        decoded::scan(
            &self.name,
            reader,
            format,
            self.read,
            self.decode_helpers,
            self.scan,
            reads,
            sink,
            |unit, piece, f, sink| {
                let mut found: Vec<Diagnostic> = Vec::new();
                match &f {
                    // Relative references (Markdown link destinations, HTML
                    // attributes) are not linted by the grammar rules:
                    // their target depends on a base. With --links local
                    // they are looked for in the tree.
                    Found::Uri(c) if c.relative() => {}
                    _ if !lint => {}
                    _ => {
                        self.lint(&f, &mut found);
                        // reStructuredText removes the whitespace of a link
                        // broken across lines (docutils: embedded URIs and
                        // targets): not a problem there.
                        if matches!(piece.kind, crate::format::SegmentKind::RstLink(_)) {
                            found.retain(|d| !matches!(d.code, "D004" | "D005"));
                        }
                    }
                }
                if let (Some(links), Found::Uri(c), true) = (self.links, &f, piece.references) {
                    self.check_link(links, c, piece.base.as_deref(), &mut found);
                }
                let mut lines = Lines::new(UnitBytes {
                    raw: &unit.raw,
                    offset: unit.offset,
                });
                for d in &mut found {
                    let decoded_at = Position {
                        line: d.line,
                        column: d.column,
                    };
                    let at = Located::new(unit, piece, d.byte_offset..d.byte_offset, decoded_at);
                    let uri = piece.chain.span(d.uri_span.clone());
                    let end = unit.position(uri.end);
                    d.line = at.start.line;
                    d.column = at.start.column;
                    d.byte_offset = at.span.start;
                    d.end_line = end.line;
                    d.end_column = end.column;
                    d.uri_span = uri;
                    d.fix = None;
                    d.origin = Some(Box::new(at.origin));
                    if suppressed(&mut lines, d) {
                        continue;
                    }
                    self.emit(sink.out(), d, Some(&mut lines));
                }
            },
        );
    }

    /// Looks for the target of link `c` (found in a piece that is one URI
    /// reference) in the tree ([`LocalLinks::check`]) and adds an `L001`
    /// or `L002` finding when it is missing, at the link, in the decoded
    /// text's coordinates (as [`Job::lint`] gives them).
    fn check_link(
        &self,
        links: &LocalLinks,
        c: &crate::scan::Candidate<'_>,
        base: Option<&str>,
        out: &mut Vec<Diagnostic>,
    ) {
        let Input::File { path, .. } = self.input else {
            return;
        };
        let (rule, message) = match links.check(path, c.text(), base) {
            None => return,
            Some(Problem::MissingTarget { path }) => (
                missing_local_target::RULE,
                missing_local_target::message(&path),
            ),
            Some(Problem::MissingAnchor { path, fragment }) => (
                missing_anchor::RULE,
                missing_anchor::message(&path, &fragment),
            ),
        };
        if !self.rules.enabled(rule.code) {
            return;
        }
        out.push(Diagnostic::at_start(
            &self.name,
            c,
            &rule,
            self.rules.severity(&rule),
            message,
        ));
    }

    /// Fixes `input`, writes it back or prints the diff, and reports what
    /// is left. A file is read again for every fix pass, with the edits
    /// found so far laid over it ([`crate::fix::Edited`]), and written back
    /// as a stream: memory is bounded by the findings and edits. Standard
    /// input is held in memory, up to [`MAX_STDIN_FIX`] bytes.
    fn fix(&self, input: &Input, mode: FixMode, sink: &mut Sink<'_, '_>) {
        match input {
            Input::Stdin { .. } => {
                let original = match read_stdin_capped(MAX_STDIN_FIX) {
                    Ok(b) => b,
                    Err(e) => {
                        Stats::add(&self.stats.errors, 1);
                        sink.message(&format!("urilint: -: {e}"));
                        return;
                    }
                };
                if let Some(kind) = never_written(&original, input.path()) {
                    // Passed through unchanged: mail is never rewritten.
                    Stats::add(&self.stats.not_written, 1);
                    sink.message(&format!(
                        "urilint: -: is {kind}; urilint never writes into mail, news or gzip files: not fixed"
                    ));
                    if mode == FixMode::Fix {
                        sink.out().extend_from_slice(&original);
                    }
                    return;
                }
                let len = original.len() as u64;
                self.fix_source(input, original.as_slice(), len, mode, sink, None);
            }
            Input::Document { .. } => {
                // Reported as without --fix; never written.
                Stats::add(&self.stats.not_written, 1);
                sink.message(&format!(
                    "urilint: {}: {}: not fixed",
                    input.display_name(),
                    super::rewrite::NOT_A_FILE
                ));
                self.report(input, sink);
            }
            Input::File { .. } => {
                // Opened by the write protocol (regular files only, no
                // link followed that the walk did not decide to follow);
                // `--diff` opens it for reading only.
                let policy = (mode == FixMode::Fix).then_some(self.write);
                let target = match open_target(input, policy, self.stats, sink) {
                    Ok(t) => t,
                    // Mail is read, never written: its findings are
                    // reported as without --fix.
                    Err(NotOpened::NeverWritten) => return self.report(input, sink),
                    Err(NotOpened::Skipped) => return,
                };
                // What the file holds now, to compare right before writing.
                let digest = match mode {
                    FixMode::Fix => match target.digest() {
                        Ok(d) => d,
                        Err(e) => {
                            Stats::add(&self.stats.errors, 1);
                            sink.message(&format!("urilint: {}: {e}", self.name));
                            return;
                        }
                    },
                    _ => 0,
                };
                self.fix_source(
                    input,
                    target.file(),
                    target.len(),
                    mode,
                    sink,
                    Some((&target, digest)),
                );
                drop(target);
                if mode == FixMode::Fix && self.links.is_some() {
                    // The fix passes lint the text as it is; the links of a
                    // Markdown, reStructuredText or HTML document are
                    // checked in the file as written.
                    self.report_links(input, sink);
                }
            }
        }
    }

    /// `--add-ignore` on `input`: its findings as reported now get a
    /// marker each where the file has a safe place for one
    /// ([`crate::fix::add_ignore`]), written as `--fix` writes; the
    /// findings left unmarked are reported, placed in the file as written.
    /// Standard input and mail are never written.
    fn add_ignore(&self, input: &Input, sink: &mut Sink<'_, '_>) {
        if let Input::Stdin { .. } = input {
            Stats::add(&self.stats.errors, 1);
            sink.message(
                "urilint: -: --add-ignore writes markers into files; standard input is not one",
            );
            return;
        }
        let target = match open_target(input, Some(self.write), self.stats, sink) {
            Ok(t) => t,
            Err(NotOpened::NeverWritten) => return self.report(input, sink),
            Err(NotOpened::Skipped) => return,
        };
        let (digest, text) = match target
            .digest()
            .and_then(|d| Ok((d, crate::lint::read_all(target.file(), MAX_STDIN_FIX)?)))
        {
            Ok(r) => r,
            Err(e) => {
                Stats::add(&self.stats.errors, 1);
                sink.message(&format!("urilint: {}: {e}", self.name));
                return;
            }
        };
        // The findings as `check` reports them (suppressed ones and code
        // left out), collected instead of printed.
        *self.collected.lock().unwrap_or_else(|p| p.into_inner()) = Some(Vec::new());
        self.report(input, sink);
        let found = self
            .collected
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
            .unwrap_or_default();
        let format = match self.input_format {
            InputFormat::Auto => crate::format::detect::detect(&text, input.path()),
            f => f,
        };
        let layout = crate::fix::add_ignore::Layout::of(format, &text);
        let syntax = crate::fix::add_ignore::comment_syntax(format, input.path());
        let at: Vec<(u64, &str)> = found.iter().map(|d| (d.byte_offset, d.code)).collect();
        let markers = crate::fix::add_ignore::marker_edits(&text, syntax, &layout, &at);
        let mut edits: &[Edit] = &markers.edits;
        if !edits.is_empty() {
            match write_back(&target, digest, edits) {
                Ok(()) => {
                    Stats::add(&self.stats.fixed, markers.lines_marked as u64);
                    Stats::add(&self.stats.files_changed, 1);
                }
                Err(e) => {
                    Stats::add(&self.stats.errors, 1);
                    sink.message(&format!("urilint: {e}"));
                    edits = &[];
                }
            }
        }
        drop(target);
        let unmarked: std::collections::HashSet<u64> =
            markers.unmarked.iter().map(|&(at, _)| at).collect();
        // When the write failed, every finding is still there.
        let write_failed = edits.is_empty() && !markers.edits.is_empty();
        let mut lines = Lines::new(Edited::new(text.as_slice(), text.len() as u64, edits));
        for d in &found {
            if !write_failed && !unmarked.contains(&d.byte_offset) {
                continue;
            }
            // Placed in the file as written: markers before it shift it.
            let mut d = d.clone();
            let before = edits.iter().filter(|e| e.start <= d.byte_offset);
            let (grow, new_lines) = before.fold((0u64, 0u64), |(g, l), e| {
                (
                    g + e.replacement.len() as u64,
                    l + u64::from(e.replacement.ends_with('\n')),
                )
            });
            d.byte_offset += grow;
            d.uri_span = d.uri_span.start + grow..d.uri_span.end + grow;
            d.line += new_lines;
            d.end_line += new_lines;
            self.emit(sink.out(), &d, Some(&mut lines));
        }
        if let Some(&(_, why)) = markers.unmarked.first() {
            sink.message(&format!(
                "urilint: {}: {} finding(s) not marked: {}",
                self.name,
                markers.unmarked.len(),
                why.reason()
            ));
        }
    }

    /// The local-link findings of `input` (read again, as it is now), when
    /// it is a document whose links are read (not plain text): the other
    /// findings were reported by the fix passes, and the file was counted
    /// there.
    fn report_links(&self, input: &Input, sink: &mut Sink<'_, '_>) {
        let reads = Stats::default();
        match open_reader(
            input,
            self.input_format,
            crate::source::Mmap::Never,
            &reads,
            sink,
        ) {
            Some(Reader::Decoded(r, format)) => {
                self.report_decoded_with(r, format, sink, false, &reads);
            }
            Some(Reader::Text(_) | Reader::Mapped(_)) | None => {}
        }
        Stats::add(&self.stats.errors, Stats::get(&reads.errors));
    }

    /// [`Job::fix`] on the text of `src`.
    fn fix_source<S: ReadAt + Clone>(
        &self,
        input: &Input,
        src: S,
        len: u64,
        mode: FixMode,
        sink: &mut Sink<'_, '_>,
        target: Option<(&Target, u64)>,
    ) {
        Stats::add(&self.stats.files, 1);
        Stats::add(&self.stats.bytes, len);
        // Findings left alone (never edited, nor reported, as without
        // --fix): in Markdown, reStructuredText and HTML code (an example),
        // unless --include-code; on an AsciiDoc URI that runs into its
        // macro's [text]; in roff, on every URI that is not written as it
        // reads (an escape, a join, a string in it; code unless
        // --include-code; a request, a macro definition).
        let excluded = target.and_then(|(t, _)| {
            let format = match self.input_format {
                InputFormat::Auto => t
                    .head()
                    .map(|h| crate::format::detect::detect(&h, input.path()))
                    .unwrap_or(InputFormat::Text),
                f => f,
            };
            let code = !self.read.include_code;
            match format {
                InputFormat::Markdown if code => {
                    Some(crate::format::markdown::code_ranges as crate::lint::Excluded)
                }
                InputFormat::Rst if code => {
                    Some(crate::format::rst::code_ranges as crate::lint::Excluded)
                }
                InputFormat::Html if code => {
                    Some(crate::format::html::code_ranges as crate::lint::Excluded)
                }
                InputFormat::Asciidoc => {
                    Some(crate::format::asciidoc::macro_brackets as crate::lint::Excluded)
                }
                InputFormat::Roff if code => {
                    Some(crate::format::roff::fix_excluded as crate::lint::Excluded)
                }
                InputFormat::Roff => {
                    Some(crate::format::roff::fix_excluded_with_code as crate::lint::Excluded)
                }
                _ => None,
            }
        });
        let fixed = match self.linter.fix_source_outside(
            &self.name,
            src.clone(),
            len,
            self.rules,
            self.scan,
            excluded,
        ) {
            Ok(f) => f,
            Err(e) => {
                Stats::add(&self.stats.errors, 1);
                sink.message(&format!("urilint: {}: {e}", self.name));
                return;
            }
        };
        let changed = !fixed.edits.is_empty();
        if mode == FixMode::Diff {
            if changed {
                Stats::add(&self.stats.files_changed, 1);
                Stats::add(&self.stats.fixed, fixed.applied as u64);
                self.stats.record_fixed(&self.name, &fixed.fixed);
                if let Err(e) = diff::unified_edits(
                    sink.out(),
                    input.path().as_os_str().as_encoded_bytes(),
                    src.clone(),
                    len,
                    &fixed.edits,
                ) {
                    Stats::add(&self.stats.errors, 1);
                    sink.message(&format!("urilint: {}: {e}", self.name));
                }
            }
            return;
        }
        let mut remaining = fixed.remaining;
        let mut edits: &[Edit] = &fixed.edits;
        if let Input::Stdin { .. } = input {
            // The (fixed) text is the output; findings go to stderr.
            if let Err(e) = write_edited(src.clone(), len, edits, sink.out()) {
                Stats::add(&self.stats.errors, 1);
                sink.message(&format!("urilint: -: {e}"));
                return;
            }
            for d in &remaining {
                self.stats.count(d);
                sink.message(&format!(
                    "{}:{}:{}: {} {}",
                    d.path, d.line, d.column, d.code, d.message
                ));
            }
            if changed {
                Stats::add(&self.stats.fixed, fixed.applied as u64);
                Stats::add(&self.stats.files_changed, 1);
                self.stats.record_fixed(&self.name, &fixed.fixed);
            }
            return;
        }
        if changed {
            if let Some((target, digest)) = target {
                match write_back(target, digest, edits) {
                    Ok(()) => {
                        Stats::add(&self.stats.fixed, fixed.applied as u64);
                        Stats::add(&self.stats.files_changed, 1);
                        self.stats.record_fixed(&self.name, &fixed.fixed);
                    }
                    Err(e) => {
                        Stats::add(&self.stats.errors, 1);
                        sink.message(&format!("urilint: {e}"));
                        edits = &[];
                        remaining = self
                            .linter
                            .lint_source(&self.name, src.clone(), self.rules, self.scan)
                            .unwrap_or_default();
                    }
                }
            }
        }
        let mut lines = Lines::new(Edited::new(src, len, edits));
        for d in &remaining {
            self.emit(sink.out(), d, Some(&mut lines));
        }
    }
}

/// The most bytes of standard input that `check --fix -` and
/// `check --diff -` read: they hold it in memory, since every fix pass
/// reads it again. Larger input is refused with a message; files have no
/// such limit.
pub const MAX_STDIN_FIX: u64 = 256 * 1024 * 1024;

/// Reads standard input whole, refusing more than `limit` bytes.
pub(crate) fn read_stdin_capped(limit: u64) -> io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    io::stdin().lock().take(limit + 1).read_to_end(&mut buf)?;
    if buf.len() as u64 > limit {
        return Err(io::Error::other(format!(
            "standard input is over {} MiB, the most that is fixed from standard input \
             (it is held in memory); fix the file in place instead",
            limit / (1024 * 1024)
        )));
    }
    Ok(buf)
}

/// Renders one diagnostic in `format`; `non_utf8_name` is the exact name
/// of its file when that is not UTF-8.
fn render(
    out: &mut Vec<u8>,
    d: &Diagnostic,
    format: Format,
    excerpt: Option<&Excerpt>,
    color: bool,
    non_utf8_name: Option<&[u8]>,
) {
    match format {
        Format::Jsonl => jsonl::line_with_path(out, d, non_utf8_name),
        Format::Plain => plain::diagnostic(out, d),
        Format::Human => human::diagnostic(out, d, excerpt, color),
        Format::Sarif => sarif::result_at(
            out,
            d,
            catalogue().iter().position(|r| r.code == d.code),
            non_utf8_name,
        ),
        Format::Github => github::diagnostic(out, d),
    }
}
