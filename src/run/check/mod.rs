//! The `check` job: lint every input, report the findings, and with
//! `--fix` or `--diff` fix them.
//!
//! It formats no text: each finding and each [`Notice`] is emitted to the
//! input's sink ([`crate::sink::Sink`] on [`pipeline::Sink`]), where the
//! run's printer ([`crate::output::printer`]) renders it, or the language
//! server's collection keeps it.
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

use std::io;

use super::{output_closed, scan_options, JsonExtras, RunOptions, Stats};
use crate::error::Error;
use crate::fix::write::WritePolicy;

use crate::links::LocalLinks;
use crate::lint::rules::{catalogue, find};
use crate::lint::Linter;
use crate::output::human::{self, Summary};
use crate::output::printer::Printer;
use crate::output::sarif::{self, SkipFirstComma};
use crate::output::Format;
use crate::pipeline::{self, Events, Outputs, PipelineOptions, Sink};
use crate::position::ColumnUnit;
use crate::sink::{Notice, Sink as _};
use crate::source::Input;
use crate::split::SplitOptions;
use crate::walk;

mod autorefs;
mod built;
mod checker;
mod chunked;
mod docstrings;
mod fix;
mod input;
mod links;
mod remote;
mod report;
mod xrefs;

use built::built_leftovers;
use checker::Checker;
pub(crate) use fix::read_stdin_capped;
pub use fix::MAX_STDIN_FIX;
pub(crate) use input::{check_input, Editor, EditorWant};
use remote::{is_state_file, request_links, CacheFile};

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
    /// Link targets never reported missing (urilint.toml's `[links]`
    /// `ignore`); `None`: none.
    pub link_ignore: Option<crate::links::ignore::LinkIgnore>,
    /// `--links site --site-dir DIR`: the built site, read and checked
    /// before the sources ([`crate::links::built`]); its broken links are
    /// reported on the source lines that made them, the rest on the built
    /// pages after the sources. `None`: not checked.
    pub built: Option<std::sync::Arc<crate::links::built::BuiltSite>>,
    /// `--since REF`: only findings on lines new since the revision, and
    /// `L001` findings for links to files renamed or deleted since it
    /// ([`crate::since`]); `None`: every finding. Report mode only.
    pub since: Option<std::sync::Arc<crate::since::Since>>,
    /// `--show-fixes`: with [`FixMode::Fix`] or [`FixMode::Diff`], list the
    /// fixes made per file and rule after the findings; in the `plain`
    /// format, give each finding's fix (marked safe or unsafe) after its
    /// message.
    pub show_fixes: bool,
    /// Configuration found from each file's directory upwards
    /// ([`crate::config::Hierarchy`]); `None`: [`CheckOptions::linter`]
    /// for every file (`--config`, `--isolated`, library callers).
    pub configs: Option<std::sync::Arc<crate::config::Hierarchy>>,
    /// `--links remote`: the http and https links are collected in a first
    /// pass over the inputs, requested, and reported in the second
    /// (`L101` to `L106`); `None`: not checked.
    pub remote: Option<RemoteCheck>,
    /// `--column-unit`: what the columns of the `human`, `plain` and
    /// `github` formats count (JSON Lines and SARIF keep theirs). Columns
    /// in another unit than [`ColumnUnit::Char`] are counted again from the
    /// lines read back ([`crate::lines::Lines::column`]).
    pub column_unit: ColumnUnit,
}

/// The remote check of a run (`check --links remote`, [`crate::remote`]).
#[derive(Clone, Debug)]
pub struct RemoteCheck {
    /// The run's links: the same value as [`Linter::remote`] of the run's
    /// linters (nested configurations' too), collecting until
    /// [`check`] has requested them.
    pub links: std::sync::Arc<crate::remote::RemoteLinks>,
    /// How requests are made.
    pub options: crate::remote::RemoteOptions,
    /// `--cache FILE` or `[links.remote] cache`: where the per-URI
    /// history is kept across runs ([`crate::state_file::Location`]: a
    /// configuration's path stays in its directory). A cache that cannot
    /// be used is said in a warning and the run goes on without it.
    pub cache: Option<crate::state_file::Location>,
    /// When the cache's answers are reused.
    pub cache_policy: crate::remote::cache::CachePolicy,
    /// URIs never requested (urilint.toml's `[links.remote]` `exclude`):
    /// no remote finding, counted as excluded; `None`: none.
    pub exclude: Option<regex::RegexSet>,
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
    check_split(opts, ch, outputs, SplitOptions::from_env())
}

/// [`check`], one large mapped plain-text input split across the run's
/// threads as `split` says ([`crate::split`]; [`check`] takes
/// [`SplitOptions::from_env`]) in report mode (and the first pass of
/// `--links remote`): the output and the exit status are the same whatever
/// `split` and the thread count. Each chunk is linted on the thread that
/// scans it; the findings keep the whole input's lines, columns and byte
/// offsets, `urilint: disable` blocks hold across chunks, the lines around
/// a finding are read from the whole file, and the counts (`--summary`,
/// the human summary, `--statistics`) are the whole input's. Not split:
/// `--fix`, `--diff` and `--add-ignore` (the file is read whole for
/// them), standard input and decoded formats.
///
/// # Errors
/// As [`check`].
pub fn check_split(
    opts: &RunOptions,
    ch: &CheckOptions,
    outputs: Outputs<'_>,
    split: SplitOptions,
) -> Result<Stats, Error> {
    check_with(opts, ch, outputs, None, split)
}

/// [`check_split`], with `state`: the remote cache's path and identity
/// (device, inode), a file that is never an input of the run: a walked
/// file that is it is skipped with a message, as the `--output-file` is
/// (H1 of the 2026-11-29 review).
fn check_with(
    opts: &RunOptions,
    ch: &CheckOptions,
    outputs: Outputs<'_>,
    mut state: Option<CacheFile>,
    split: SplitOptions,
) -> Result<Stats, Error> {
    let stats = Stats::default();
    if let Some(remote) = ch.remote.as_ref().filter(|r| r.links.is_collecting()) {
        let (skipped, cache, offline) = request_links(opts, ch, remote, &mut *outputs.err, split)?;
        Stats::add(&stats.remote_skipped, skipped);
        Stats::add(&stats.remote_offline, u64::from(offline));
        state = state.or(cache);
    }
    // The scan notes the suppression markers it passes: the lines read
    // back for them need no second search of the input. Only findings
    // print a position: a URI's is counted when a finding asks for it.
    let scan = crate::scan::ScanOptions {
        markers: true,
        positions_on_demand: true,
        ..scan_options(opts, true)
    };
    // A run that writes follows no named link another user could have
    // planted (L11 of the 2026-11-29 review).
    let walk = walk::WalkOptions {
        writes: matches!(ch.mode, FixMode::Fix | FixMode::AddIgnore),
        ..opts.walk.clone()
    };
    let inputs = walk::inputs(&opts.paths, &walk)?;
    let Outputs { out, err } = outputs;
    // When the fixed text of standard input is the output, nothing else
    // (SARIF envelope, summary) may be mixed into it.
    let fixes_stdin = ch.mode == FixMode::Fix && opts.paths.iter().any(|p| p.as_os_str() == "-");
    let mut sarif_log = opts.format == Format::Sarif && ch.mode != FixMode::Diff && !fixes_stdin;
    // The SARIF log's header (the rule catalogue) may not fit in a pipe:
    // when the reader is gone before it is written, the run goes on to
    // its first finding, as with the other formats, so that the exit
    // status still says whether there are findings.
    let mut gone = ClosedOutput;
    let out: &mut (dyn io::Write + Send) = if sarif_log {
        let mut header = Vec::new();
        sarif::header(&mut header, catalogue(), env!("CARGO_PKG_VERSION"));
        if output_closed(out.write_all(&header).map_err(Error::Write))? {
            sarif_log = false;
            &mut gone
        } else {
            out
        }
    } else {
        out
    };
    let extras = JsonExtras::of(opts);
    let printer = Printer {
        format: opts.format,
        color: ch.color,
        column_unit: ch.column_unit,
        show_fixes: ch.show_fixes,
        label: extras.label_field().map(<[u8]>::to_vec),
    };
    let events = Events::Print(&printer);
    // `--add-ignore`: the sites pages are looked up in, read once a run.
    let sites = crate::fix::add_ignore::Sites::default();
    let records = |s: &Stats| Stats::get(&s.findings);
    let job = |input: &Input, sink: &mut Sink<'_, '_>| {
        if is_state_file(input, state.as_ref()) {
            sink.notice(Notice::IsRemoteCache {
                name: input.display_name(),
            });
            return;
        }
        extras.per_input(input, &stats, sink, records, |stats, sink| {
            check_input(opts, ch, &scan, &sites, input, stats, sink, None, split);
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
            pipeline::run_with(inputs, &pipeline_opts, outputs, events, job, |e, sink| {
                extras.walk_error(e, &stats, sink)
            })
            .and_then(|()| built_leftovers(opts, ch, &printer, &stats, &mut results))
        } else {
            let outputs = Outputs {
                out: &mut *out,
                err: &mut *err,
            };
            pipeline::run_with(inputs, &pipeline_opts, outputs, events, job, |e, sink| {
                extras.walk_error(e, &stats, sink)
            })
            .and_then(|()| built_leftovers(opts, ch, &printer, &stats, &mut *out))
        }
    });
    if output_closed(result)? {
        return Ok(stats);
    }
    write_tail(opts, ch, &stats, sarif_log, fixes_stdin, out, err)?;
    Ok(stats)
}

/// The end of a check's output: SARIF's footer, the list of fixes made
/// (or markers added) and the human summary, to standard output (to
/// standard error when the fixed text of standard input is the output;
/// the list of fixes to standard error in the formats programs read).
/// A closed output is not an error ([`output_closed`]).
fn write_tail(
    opts: &RunOptions,
    ch: &CheckOptions,
    stats: &Stats,
    sarif_log: bool,
    fixes_stdin: bool,
    out: &mut (dyn io::Write + Send),
    err: &mut (dyn io::Write + Send),
) -> Result<(), Error> {
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
        human::markers_added(&mut fixes_list, markers, files);
    }
    if opts.format == Format::Human && ch.mode != FixMode::Diff {
        tail.extend_from_slice(&fixes_list);
        let mut s = summary(stats);
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
    Ok(())
}

/// An output whose reader is gone: every write fails as a closed pipe
/// does.
struct ClosedOutput;

impl io::Write for ClosedOutput {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::ErrorKind::BrokenPipe.into())
    }

    fn flush(&mut self) -> io::Result<()> {
        Err(io::ErrorKind::BrokenPipe.into())
    }
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
        skipped: Stats::get(&stats.binary),
    }
}
