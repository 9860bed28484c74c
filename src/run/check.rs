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

use std::fs::File;
use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};

use super::decoded::{decode_helpers, Located, UnitLines};
use super::{
    decoded, never_written, open_reader_classified, open_reader_held, open_target, output_closed,
    scan_mapped, scan_options, scan_reader, write_back, JsonExtras, NotOpened, Reader, RunOptions,
    Stats,
};
use crate::error::Error;
use crate::fix::write::{Target, WritePolicy};
use crate::fix::{diff, write_edited, Applicability, Edit, Edited, Fix, ReadAtReader};
use crate::format::detect::InputFormat;
use crate::format::mail::Piece;
use crate::format::unit::Unit;
use crate::format::writes::{DataFormat, NotWritten, Writes};
use crate::format::ReadOptions;
use crate::lines::{Lines, ReadAt, Window};
use crate::links::{LocalLinks, Problem};
use crate::lint::markdown_links;
use crate::lint::rules::{catalogue, find};
use crate::lint::rules::{missing_anchor, missing_local_target};
use crate::lint::suppress::suppressed;
use crate::lint::{Diagnostic, Linter, RuleSet};
use crate::output::human::{self, Summary};
use crate::output::printer::Printer;
use crate::output::sarif::{self, SkipFirstComma};
use crate::output::Format;
use crate::pipeline::{self, Events, Outputs, PipelineOptions, Sink};
use crate::position::{ColumnUnit, Position};
use crate::scan::{Found, ScanOptions};
use crate::sink::{Notice, ReadBack, Sink as _};
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
    /// lines read back ([`Lines::column`]).
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
    check_with(opts, ch, outputs, None)
}

/// [`check`], with `state`: the remote cache's path and identity (device,
/// inode), a file that is never an input of the run: a walked file that
/// is it is skipped with a message, as the `--output-file` is (H1 of the
/// 2026-11-29 review).
fn check_with(
    opts: &RunOptions,
    ch: &CheckOptions,
    outputs: Outputs<'_>,
    mut state: Option<CacheFile>,
) -> Result<Stats, Error> {
    let stats = Stats::default();
    if let Some(remote) = ch.remote.as_ref().filter(|r| r.links.is_collecting()) {
        let (skipped, cache, offline) = request_links(opts, ch, remote, &mut *outputs.err)?;
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
            check_input(opts, ch, &scan, &sites, input, stats, sink, None);
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

/// What the editor asked of one document held in memory
/// ([`super::document`]): its findings, or the edits of its safe fixes.
pub(crate) struct Editor<'e> {
    /// The directory tree the document's file is in (the workspace
    /// folder): local links are resolved within it.
    pub tree: Option<&'e std::path::Path>,
    /// Findings (emitted to the run's sink, each with its fix placed
    /// where the file takes it) or fixes.
    pub want: EditorWant,
    /// [`EditorWant::FixAll`]: the edits of every fix `--fix` would apply,
    /// against the document's bytes, sorted and not overlapping.
    pub edits: std::sync::Mutex<Option<Vec<Edit>>>,
}

/// What [`Editor`] asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EditorWant {
    /// The findings.
    Findings,
    /// The edits of the fixes `check --fix` would apply.
    FixAll,
}

/// The most bytes of a file read to tell the test examples of a parser.
const EXAMPLES_HEAD: u64 = 16 * 1024;

/// What a file found by walking (or a document of a framed standard
/// input, which is read as a walked file is) is, when it is the test
/// examples of a Markdown parser
/// ([`crate::format::detect::parser_test_examples`]): a data or text file
/// (`.txt`, `.yml`, `.yaml`, `.json`) whose first [`EXAMPLES_HEAD`] bytes
/// say so. `None` for anything else, for a file named on the command
/// line, and for a document an editor holds open (`in_editor`).
fn parser_test_examples(input: &Input, in_editor: bool) -> Option<&'static str> {
    use std::io::Read;
    let path = match input {
        Input::File {
            path,
            explicit: false,
            ..
        } => path,
        Input::Document { name, .. } if !in_editor => name,
        _ => return None,
    };
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    if !matches!(ext.as_str(), "txt" | "yml" | "yaml" | "json") {
        return None;
    }
    if let Input::Document { bytes, .. } = input {
        let head = &bytes[..bytes.len().min(EXAMPLES_HEAD as usize)];
        return crate::format::detect::parser_test_examples(head);
    }
    let mut head = Vec::new();
    input
        .open_file()
        .ok()?
        .take(EXAMPLES_HEAD)
        .read_to_end(&mut head)
        .ok()?;
    crate::format::detect::parser_test_examples(&head)
}

/// Checks one input as `check` does (its nearest configuration, its
/// rules and scan options) in `ch.mode`, emitting its findings and
/// notices to `sink` ([`crate::sink::Sink`]); with `editor`, the input is
/// a document held in memory, never written: its findings are emitted
/// as in report mode, or the edits of its fixes are handed to the
/// editor.
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_input(
    opts: &RunOptions,
    ch: &CheckOptions,
    scan: &ScanOptions,
    sites: &crate::fix::add_ignore::Sites,
    input: &Input,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
    editor: Option<&Editor<'_>>,
) {
    // The configuration nearest to the file, when it is not the run's.
    let nested = match ch.configs.as_ref().map(|h| h.for_path(input.path())) {
        Some(Ok(n)) => n,
        Some(Err(first)) => {
            // Files under an invalid configuration are not checked;
            // the problem is told once.
            Stats::add(&stats.errors, 1);
            if let Some(e) = first {
                sink.notice(Notice::InvalidConfig {
                    error: e.to_string(),
                });
            }
            return;
        }
        None => None,
    };
    if nested.as_ref().is_some_and(|n| n.excludes(input.path())) {
        return;
    }
    if let Some(what) = parser_test_examples(input, editor.is_some()) {
        // Like the test data of `DEFAULT_EXCLUDE`, found by content.
        sink.notice(Notice::TestExamples {
            name: input.display_name(),
            what,
        });
        return;
    }
    // The built site is checked as built, not as sources.
    if let (Some(b), Input::File { path, .. }) = (&ch.built, input) {
        if b.holds(path) {
            return;
        }
    }
    if let (Some(out), Input::File { path, .. }) = (opts.output_file, input) {
        use std::os::unix::fs::MetadataExt;
        let same = std::fs::metadata(path).is_ok_and(|m| (m.dev(), m.ino()) == out);
        if same {
            Stats::add(&stats.binary, 1);
            sink.notice(Notice::IsOutputFile {
                name: input.display_name(),
            });
            return;
        }
    }
    // `--since`: a file with no new line is read only for links
    // to files renamed or deleted since the revision.
    let since = ch.since.as_deref().map(|s| s.file(input.path()));
    if let (Some(s), Some(f)) = (ch.since.as_deref(), since) {
        let moves_matter = ch.links.is_some() && s.has_moves();
        if !f.changed() && !moves_matter {
            return;
        }
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
        built: ch.built.as_deref(),
        link_ignore: ch.link_ignore.as_ref(),
        since: ch.since.as_deref().zip(since),
        moved_links: std::sync::Mutex::new(std::collections::HashSet::new()),
        name: input.name(),
        linter,
        rules: &rules,
        scan: &file_scan,
        stats,
        collected: std::sync::Mutex::new(None),
        in_editor: editor.is_some(),
        write: &ch.write,
        input_format: opts.input_format,
        mmap: opts.mmap,
        read: ReadOptions {
            mail: opts.mail,
            include_code: opts.include_code,
            // L003-L005, from the parse that finds the URIs.
            references: true,
            mdx: false,
            // MyST's `dollarmath`: math in the pages of a site that has it.
            math: dollar_math(ch.links.as_ref(), input),
        },
        decode_helpers: decode_helpers(opts.threads),
        sites,
        mode: ch.mode,
        withheld: AtomicU64::new(0),
        document_tree: editor.and_then(|e| e.tree),
    };
    if let Some(editor) = editor {
        return job.for_editor(input, editor, sink);
    }
    match ch.mode {
        FixMode::Report => job.report(input, sink),
        FixMode::Fix | FixMode::Diff => job.fix(input, ch.mode, sink),
        FixMode::AddIgnore => job.add_ignore(input, sink),
    }
}

/// True when `input` is a Markdown file of a site whose `$...$` and
/// `$$...$$` are math ([`LocalLinks::dollar_math`]); false without
/// `--links local`.
fn dollar_math(links: Option<&LocalLinks>, input: &Input) -> bool {
    let (Some(links), Input::File { path, root, .. }) = (links, input) else {
        return false;
    };
    let markdown = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("md") || e.eq_ignore_ascii_case("markdown"));
    let tree = root
        .as_ref()
        .map(crate::beneath::Root::path)
        .filter(|p| !p.as_os_str().is_empty() && *p != std::path::Path::new("/"));
    markdown && links.dollar_math(tree, path)
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

/// The remote cache file: its path as named and its identity (device,
/// inode).
type CacheFile = (std::path::PathBuf, crate::state_file::Identity);

/// True when `input` is the file `state` (its path and identity): the
/// file name is compared first, so that only a file of the same name is
/// `stat`ed.
fn is_state_file(input: &Input, state: Option<&CacheFile>) -> bool {
    use std::os::unix::fs::MetadataExt;
    let (Some((path, id)), Input::File { path: p, .. }) = (state, input) else {
        return false;
    };
    p.file_name() == path.file_name()
        && std::fs::symlink_metadata(p).is_ok_and(|m| (m.dev(), m.ino()) == *id)
}

/// The cache of `remote`, or `None` (said on `err` as a warning) when it
/// cannot be used: the run goes on without it.
fn open_cache(
    remote: &RemoteCheck,
    err: &mut (dyn io::Write + Send),
) -> Option<crate::remote::cache::Cache> {
    let loc = remote.cache.as_ref()?;
    match crate::remote::cache::Cache::open(loc) {
        Ok(c) => Some(c),
        Err(e) => {
            let _ = writeln!(
                err,
                "{}",
                Notice::CacheUnusable {
                    error: e.to_string()
                }
            );
            None
        }
    }
}

/// The first pass of `check --links remote`: lints the inputs as the
/// report does, printing nothing, while the linters note the `http` and
/// `https` URIs ([`crate::remote::RemoteLinks`]); then requests them
/// (or takes an alive answer from `--cache`), records the outcomes in the
/// cache, says what was found on `err` in one line, and hands the
/// outcomes to the linters for the second pass. Returns the number of
/// URIs skipped (private addresses, reserved names), the cache file's
/// path and identity when there is one (not an input of the run), and
/// whether the run was offline ([`crate::remote::verdict::offline`], said
/// in one more line on `err`).
///
/// # Errors
/// [`Error::Remote`] when the requests cannot start (an unreadable
/// `--cacert`); the first pass's own errors ([`check`]'s). A cache that
/// cannot be used is a warning.
fn request_links(
    opts: &RunOptions,
    ch: &CheckOptions,
    remote: &RemoteCheck,
    err: &mut (dyn io::Write + Send),
) -> Result<(u64, Option<CacheFile>, bool), Error> {
    use std::time::{Instant, SystemTime, UNIX_EPOCH};
    let first_opts = RunOptions {
        format: Format::Plain,
        progress: false,
        label: None,
        summary: false,
        ..opts.clone()
    };
    let first = CheckOptions {
        mode: FixMode::Report,
        links: None,
        built: None,
        since: None,
        show_fixes: false,
        remote: None,
        link_ignore: None,
        ..ch.clone()
    };
    let mut cache = open_cache(remote, err);
    let state =
        |c: &crate::remote::cache::Cache| c.identity().map(|id| (c.file_path().to_path_buf(), id));
    let (mut nothing, mut quiet) = (io::sink(), io::sink());
    check_with(
        &first_opts,
        &first,
        Outputs {
            out: &mut nothing,
            err: &mut quiet,
        },
        cache.as_ref().and_then(state),
    )?;
    let uris = remote.links.collected();
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let policy = &remote.cache_policy;
    let mut outcomes = Vec::with_capacity(uris.len());
    let mut ask = Vec::new();
    let total = uris.len();
    let uris: Vec<String> = match &remote.exclude {
        Some(set) => uris.into_iter().filter(|u| !set.is_match(u)).collect(),
        None => uris,
    };
    let excluded = total - uris.len();
    for u in uris {
        match cache
            .as_ref()
            .and_then(|c| c.reuse(&u, now, remote.options.anchors, policy))
        {
            Some(o) => outcomes.push(o),
            None => ask.push(u),
        }
    }
    let reused = outcomes.len();
    let started = Instant::now();
    // On a terminal, redrawn at most every 200 ms, from the first
    // verdict after 750 ms (as the scan's own indicator).
    let drawn: std::sync::Mutex<Option<Instant>> = std::sync::Mutex::new(None);
    let show = opts.progress;
    let progress = |tick: &crate::remote::ProgressTick<'_>| {
        if !show || started.elapsed() < std::time::Duration::from_millis(750) {
            return;
        }
        let mut last = drawn.lock().unwrap_or_else(|p| p.into_inner());
        if last.is_some_and(|t| t.elapsed() < std::time::Duration::from_millis(200)) {
            return;
        }
        *last = Some(Instant::now());
        // The snapshot only for a line drawn (M2 of the 2026-11-29 review).
        let p = tick.progress();
        eprint!("\r\x1b[2Kremote: {}\r", crate::remote::progress_line(&p));
    };
    let mut asked = crate::remote::check(&ask, &remote.options, &progress)
        .map_err(|e| Error::Remote(e.to_string()))?;
    let mapped: Vec<String> = remote
        .options
        .resolve
        .iter()
        .map(|r| r.host.clone())
        .collect();
    let names_resolved = crate::remote::verdict::doubt_unresolved(&mut asked, &mapped);
    let offline = crate::remote::verdict::offline(&asked)
        .then(|| crate::remote::verdict::offline_message(&asked));
    if drawn.lock().unwrap_or_else(|p| p.into_inner()).is_some() {
        eprint!("\r\x1b[2K");
    }
    for mut o in asked {
        // A run that resolved no host name says nothing of the links it
        // could not reach: their history is left as it was (else an
        // air-gapped runner would make every link gone in a week).
        if let Some(c) = cache
            .as_mut()
            .filter(|_| names_resolved || o.status.is_some())
        {
            o.verdict = c.record(&o, now, policy);
        }
        outcomes.push(o);
    }
    let mut saved = cache.as_ref().and_then(state);
    if let Some(c) = &cache {
        match c.save(now, policy) {
            Ok(Some(id)) => saved = Some((c.file_path().to_path_buf(), id)),
            Ok(None) => {}
            Err(e) => {
                let error = e.to_string();
                let _ = writeln!(err, "{}", Notice::CacheNotSaved { error });
            }
        }
    }
    let mut line = crate::remote::summary(&outcomes, reused, started.elapsed());
    if excluded > 0 {
        line.push_str(&format!("; {excluded} excluded ([links.remote] exclude)"));
    }
    let _ = writeln!(err, "{}", Notice::Remote { summary: line });
    if let Some(message) = offline.clone() {
        let _ = writeln!(err, "{}", Notice::RemoteOffline { message });
    }
    let skipped = outcomes
        .iter()
        .filter(|o| matches!(o.verdict, crate::remote::Verdict::Skipped { .. }))
        .count() as u64;
    remote.links.finish(outcomes);
    Ok((skipped, saved, offline.is_some()))
}

/// Reports the broken links of the built site (`--links site`) that no
/// source line took, each on the built page where it first appears
/// ([`crate::links::built::BuiltSite::unattributed`]); suppression
/// markers in the page are honoured. Not with `--since` (built pages
/// have no history), `--diff`, nor when `--fix` writes standard input's
/// fixed text to the output.
fn built_leftovers(
    opts: &RunOptions,
    ch: &CheckOptions,
    printer: &Printer,
    stats: &Stats,
    out: &mut (dyn io::Write + Send),
) -> Result<(), Error> {
    let Some(built) = ch.built.as_deref() else {
        return Ok(());
    };
    // `--diff` prints diffs only, and the fixed text of standard input is
    // the output of `--fix -`.
    let fixes_stdin = ch.mode == FixMode::Fix && opts.paths.iter().any(|p| p.as_os_str() == "-");
    if ch.since.is_some() || ch.mode == FixMode::Diff || fixes_stdin {
        return Ok(());
    }
    // Findings only: nothing is said on the error buffer.
    let (mut buf, mut err) = (Vec::new(), Vec::new());
    let mut pages: std::collections::HashMap<String, Option<Vec<u8>>> = Default::default();
    for u in built.unattributed() {
        let b = &u.broken;
        let shown = built.shown(&b.page);
        let rules = ch.linter.rules_for(&shown);
        let rule = match b.problem {
            crate::links::built::BuiltProblem::MissingTarget => missing_local_target::RULE,
            crate::links::built::BuiltProblem::MissingAnchor { .. } => missing_anchor::RULE,
        };
        let url = format!("/{}", b.url);
        if !rules.enabled(rule.code)
            || ch
                .link_ignore
                .as_ref()
                .is_some_and(|i| i.ignores_url(&url) || i.ignores(&built.shown(&b.url)))
        {
            continue;
        }
        let Some(bytes) = pages
            .entry(b.page.clone())
            .or_insert_with(|| crate::links::built::read_page(&built.dir().join(&b.page)))
        else {
            continue;
        };
        let start = crate::links::built::position(bytes, b.byte_offset);
        let end = crate::links::built::position(bytes, b.end_offset);
        let d = Diagnostic {
            path: shown.to_string_lossy().into_owned(),
            line: start.line,
            column: start.column,
            byte_offset: b.byte_offset,
            end_line: end.line,
            end_column: end.column,
            uri_span: b.byte_offset..b.end_offset,
            code: rule.code,
            rule: rule.name,
            severity: rules.severity(&rule),
            message: format!(
                "{} ({})",
                crate::links::built::message(b, built.dir()),
                crate::links::built::unattributed_note(&u)
            ),
            uri: b.href.clone(),
            fix: None,
            origin: None,
            remote: None,
        };
        let mut lines = Lines::new(&bytes[..]);
        if suppressed(&mut lines, &d) {
            continue;
        }
        stats.count(&d);
        printer
            .sink(&mut buf, &mut err, None)
            .diagnostic(&d, Some(&mut lines));
    }
    out.write_all(&buf).map_err(Error::Write)
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

/// One input's check.
struct Job<'a> {
    input: &'a Input,
    /// `--links local`: what local links are checked with.
    links: Option<&'a LocalLinks>,
    /// `--links site`: the built site whose broken links this file's
    /// links may have made.
    built: Option<&'a crate::links::built::BuiltSite>,
    /// `[links]` `ignore`: targets never reported missing.
    link_ignore: Option<&'a crate::links::ignore::LinkIgnore>,
    /// `--since`: the run's changes and this file's.
    since: Option<(&'a crate::since::Since, crate::since::FileChanges<'a>)>,
    /// `--since`: the byte offsets of the `L001` findings whose target was
    /// renamed or deleted since the revision (reported on any line).
    moved_links: std::sync::Mutex<std::collections::HashSet<u64>>,
    name: String,
    linter: &'a Linter,
    rules: &'a RuleSet,
    scan: &'a ScanOptions,
    stats: &'a Stats,
    /// When `Some`, [`Job::emit`] collects the findings here instead of
    /// emitting them (`--add-ignore`).
    collected: std::sync::Mutex<Option<Vec<Diagnostic>>>,
    /// The input is a document an editor holds ([`Editor`]): no fix is
    /// written, so none is said to be withheld.
    in_editor: bool,
    write: &'a WritePolicy,
    input_format: InputFormat,
    /// Whether a large file is scanned through a map (report mode only).
    mmap: crate::source::Mmap,
    /// What to read of decoded inputs.
    read: ReadOptions,
    /// Threads that decode a mailbox's messages beside this one.
    decode_helpers: usize,
    /// `--add-ignore`: the sites pages are looked up in (a Docusaurus
    /// page compiled as MDX gets `{/* */}` markers).
    sites: &'a crate::fix::add_ignore::Sites,
    /// Report, fix, diff or add markers.
    mode: FixMode,
    /// Fixes that `--fix` would apply but the file does not take
    /// ([`crate::format::writes`]), since the last message about them.
    withheld: AtomicU64,
    /// A document held in memory for an editor ([`Editor`]): the tree its
    /// file is in, within which its local links are resolved (a framed
    /// document of standard input has none: its links are not checked).
    document_tree: Option<&'a std::path::Path>,
}

impl Job<'_> {
    /// Lints one found item into `out`; with `count`, counts its URI.
    fn lint(&self, found: &Found<'_>, out: &mut Vec<Diagnostic>, count: bool) {
        match found {
            Found::Uri(c) => {
                if count {
                    Stats::add(&self.stats.uris, 1);
                }
                self.linter.check_candidate(&self.name, c, self.rules, out);
            }
            Found::TooLong(t) => out.extend(self.linter.check_too_long(&self.name, t, self.rules)),
        }
    }

    /// True when `--fix` would apply `fix` (a safe one, or any with
    /// `--unsafe-fixes`).
    fn applies(&self, fix: &Fix) -> bool {
        self.linter.unsafe_fixes || fix.applicability == Applicability::Safe
    }

    /// Keeps the fix of `d`, found in a file read as plain text (its edits
    /// are the file's offsets), only where the file takes it
    /// ([`crate::format::writes`]): anywhere in prose, inside the URI's
    /// bytes in a data file (parsed again before it is written), nowhere
    /// else. A fix taken away that `--fix` would have applied is counted
    /// in [`Job::withheld`].
    fn text_policy(&self, writes: Writes, d: &mut Diagnostic, count: bool) {
        let Some(fix) = &d.fix else { return };
        let keep = match writes {
            Writes::Document(_) => true,
            Writes::Data(_) => crate::fix::place::inside_uri(fix, &d.uri_span),
            Writes::ReportOnly(_) => false,
        };
        if !keep {
            if count && self.applies(fix) {
                self.withheld.fetch_add(1, Ordering::Relaxed);
            }
            d.fix = None;
        }
    }

    /// Reports `d` (counting it) into `sink`, with the lines around it
    /// from `lines`.
    fn emit<S: ReadAt>(
        &self,
        sink: &mut Sink<'_, '_>,
        d: &Diagnostic,
        lines: Option<&mut Lines<S>>,
    ) {
        if !self.new_since(d) {
            return;
        }
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
        sink.diagnostic(d, lines.map(|l| l as &mut dyn ReadBack));
    }

    /// True unless `--since` leaves `d` out: it is on a line new since the
    /// revision, or an `L001` finding for a link to a file renamed or
    /// deleted since, or an `L001` finding in a file moved to another
    /// directory since (its relative links start from elsewhere).
    fn new_since(&self, d: &Diagnostic) -> bool {
        let Some((_, file)) = &self.since else {
            return true;
        };
        if file.touches(d.line, d.end_line) {
            return true;
        }
        d.code == missing_local_target::RULE.code
            && (file.moved_directory
                || self
                    .moved_links
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .contains(&d.byte_offset))
    }

    /// Prints each of `found` that no `urilint: ignore` marker suppresses,
    /// with the lines around it read back from `lines` (without them,
    /// nothing is suppressed and there is no excerpt).
    fn emit_unsuppressed<S: ReadAt>(
        &self,
        found: &[Diagnostic],
        mut lines: Option<&mut Lines<S>>,
        sink: &mut Sink<'_, '_>,
    ) {
        for d in found {
            if lines.as_deref_mut().is_some_and(|l| suppressed(l, d)) {
                continue;
            }
            self.emit(sink, d, lines.as_deref_mut());
        }
    }

    /// Says, once per input, that fixes were found but not written
    /// (`--fix`, `--diff`): the file takes no edits there.
    fn say_withheld(&self, input: &Input, writes: Writes, sink: &mut Sink<'_, '_>) {
        let n = self.withheld.swap(0, Ordering::Relaxed);
        let mail = matches!(
            writes,
            Writes::ReportOnly(NotWritten::Mail | NotWritten::Gzip)
        );
        if n == 0 || mail || self.mode == FixMode::Report || self.in_editor || self.collected_mode()
        {
            return;
        }
        let why = match writes {
            Writes::ReportOnly(w) => w.reason(),
            Writes::Data(f) => {
                format!("{} data, where only a URI's own bytes are edited", f.name())
            }
            Writes::Document(_) => "they are in code, or would touch markup or text \
                                    written with escapes, where urilint does not write"
                .to_string(),
        };
        sink.notice(Notice::FixesNotApplied {
            name: input.display_name(),
            count: n,
            why,
        });
    }

    /// The findings collected so far (`--add-ignore`, an editor's
    /// document), ending the collection.
    fn take_collected(&self) -> Vec<Diagnostic> {
        self.collected
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
            .unwrap_or_default()
    }

    /// True while findings are collected for `--add-ignore`.
    fn collected_mode(&self) -> bool {
        self.collected
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .is_some()
    }

    /// Streams the findings of `input`, each with its fix as `--fix` would
    /// write it (or none).
    fn report(&self, input: &Input, sink: &mut Sink<'_, '_>) {
        let mut found: Vec<Diagnostic> = Vec::new();
        match input {
            Input::Stdin { .. } => {
                let (stdin, writes) = match open_reader_classified(
                    input,
                    self.input_format,
                    crate::source::Mmap::Never,
                    self.stats,
                    sink,
                ) {
                    // Standard input is never mapped.
                    None | Some((Reader::Mapped(_), _)) => return,
                    Some((Reader::Text(r), w)) => (r, w),
                    Some((Reader::Decoded(r, format), w)) => {
                        self.report_decoded(r, format, w, sink);
                        return self.say_withheld(input, w, sink);
                    }
                };
                // Standard input is read once; lines are read back from a
                // bounded window of it (no temporary file).
                let keep = Window::<Box<dyn Read + Send>>::keep_for(
                    self.scan.chunk_size,
                    self.scan.max_uri_len,
                );
                let (reader, back) = Window::new(stdin, keep);
                let mut lines = Lines::with_scanned_markers(back);
                scan_reader(
                    &self.name,
                    reader,
                    self.scan,
                    self.stats,
                    sink,
                    |f, sink| {
                        lines.note_scanned_markers(&f);
                        found.clear();
                        self.lint(&f, &mut found, true);
                        for d in &mut found {
                            self.text_policy(writes, d, true);
                        }
                        self.emit_unsuppressed(&found, Some(&mut lines), sink);
                    },
                );
                self.say_withheld(input, writes, sink);
            }
            Input::Document { bytes, .. } => {
                // Held in memory: lines are read back from it.
                let mut lines = Lines::with_scanned_markers(&bytes[..]);
                match open_reader_classified(input, self.input_format, self.mmap, self.stats, sink)
                {
                    None | Some((Reader::Mapped(_), _)) => {}
                    Some((Reader::Text(r), writes)) => {
                        let each = |f: Found<'_>, sink: &mut Sink<'_, '_>| {
                            lines.note_scanned_markers(&f);
                            found.clear();
                            self.lint(&f, &mut found, true);
                            for d in &mut found {
                                self.text_policy(writes, d, true);
                            }
                            self.emit_unsuppressed(&found, Some(&mut lines), sink);
                        };
                        scan_reader(&self.name, r, self.scan, self.stats, sink, each);
                    }
                    Some((Reader::Decoded(r, format), writes)) => {
                        self.report_decoded(r, format, writes, sink);
                    }
                }
                // Framed documents are never written: nothing to say.
                self.withheld.store(0, Ordering::Relaxed);
            }
            Input::File { .. } => {
                // Lines are read back through a second handle on the file
                // that is scanned (never by its path again: M10 of the
                // 2026-11-26 review).
                let opened =
                    open_reader_held(input, self.input_format, self.mmap, self.stats, sink);
                let (opened, held) = match opened {
                    Some((r, w, f)) => (Some((r, w)), f),
                    None => (None, None),
                };
                // Positional reads (`pread`): the descriptors share one
                // file offset, which the scanner's reads move.
                let mut lines: Option<Lines<&File>> =
                    held.as_ref().map(Lines::with_scanned_markers);
                let writes = opened
                    .as_ref()
                    .map_or(Writes::ReportOnly(NotWritten::Unknown), |(_, w)| *w);
                let each = |f: Found<'_>, sink: &mut Sink<'_, '_>| {
                    if let Some(lines) = lines.as_mut() {
                        lines.note_scanned_markers(&f);
                    }
                    found.clear();
                    self.lint(&f, &mut found, true);
                    if found.is_empty() {
                        return;
                    }
                    for d in &mut found {
                        self.text_policy(writes, d, true);
                    }
                    self.emit_unsuppressed(&found, lines.as_mut(), sink);
                };
                match opened {
                    None => {}
                    Some((Reader::Text(r), _)) => {
                        scan_reader(&self.name, r, self.scan, self.stats, sink, each);
                    }
                    Some((Reader::Mapped(m), _)) => {
                        scan_mapped(&self.name, m, self.scan, self.stats, sink, each);
                    }
                    Some((Reader::Decoded(r, format), _)) => {
                        self.report_decoded(r, format, writes, sink);
                    }
                }
                self.say_withheld(input, writes, sink);
            }
        }
    }

    /// Streams the findings of a decoded input (mail, news, HTML,
    /// Markdown, reStructuredText, AsciiDoc, roff, gzip): the rules run on
    /// each piece's decoded text; every finding is placed in the file
    /// through the piece's map and names its message and part; its fix is
    /// placed the same way where the document takes it
    /// ([`crate::format::writes::place_fix`]; mail is never written).
    /// Suppression markers and the human excerpt are read from the unit's
    /// original bytes.
    fn report_decoded(
        &self,
        reader: Box<dyn Read + Send>,
        format: InputFormat,
        writes: Writes,
        sink: &mut Sink<'_, '_>,
    ) {
        self.report_decoded_with(reader, format, writes, sink, true, self.stats);
    }

    /// [`Job::report_decoded`]; with `lint` false only the local links
    /// are checked (`--links local` after `--fix`, whose other findings
    /// come from the fix passes). Inputs and bytes read are counted in
    /// `reads`, findings in the job's stats.
    fn report_decoded_with(
        &self,
        reader: Box<dyn Read + Send>,
        format: InputFormat,
        writes: Writes,
        sink: &mut Sink<'_, '_>,
        lint: bool,
        reads: &Stats,
    ) {
        // The findings of a whole Markdown document (L003-L005), given
        // out in file order among the others. A document is one unit,
        // read on one thread.
        let per_document = lint && format == InputFormat::Markdown;
        let pending = std::sync::Mutex::new(std::collections::VecDeque::new());
        let emit_before = |at: Option<u64>, sink: &mut Sink<'_, '_>, lines: &mut UnitLines<'_>| {
            let mut pending = pending.lock().unwrap_or_else(|p| p.into_inner());
            while pending
                .front()
                .is_some_and(|d: &Diagnostic| at.is_none_or(|at| d.byte_offset <= at))
            {
                if let Some(d) = pending.pop_front() {
                    if !suppressed(lines, &d) {
                        self.emit(sink, &d, Some(&mut *lines));
                    }
                }
            }
        };
        decoded::scan_units(
            &self.name,
            reader,
            format,
            self.read,
            self.decode_helpers,
            self.scan,
            reads,
            sink,
            |unit, piece, f, sink, lines| {
                for d in self.decoded_found(unit, piece, &f, lint, writes, true) {
                    emit_before(Some(d.byte_offset), sink, lines);
                    if suppressed(lines, &d) {
                        continue;
                    }
                    self.emit(sink, &d, Some(&mut *lines));
                }
            },
            |unit| {
                if per_document {
                    let found = markdown_links::findings(&self.name, unit, self.rules);
                    *pending.lock().unwrap_or_else(|p| p.into_inner()) = found.into();
                }
            },
            |_, sink, lines| emit_before(None, sink, lines),
        );
    }

    /// The findings of item `f` found in `piece` of `unit`, placed in the
    /// file (positions, span, message and part), each with its fix placed
    /// where a file of class `writes` takes it; with `lint` false only the
    /// local links (`--links local`). With `count`, the URI is counted,
    /// and so is a fix that `--fix` would apply but the file does not
    /// take ([`Job::withheld`]).
    fn decoded_found(
        &self,
        unit: &Unit,
        piece: &Piece,
        f: &Found<'_>,
        lint: bool,
        writes: Writes,
        count: bool,
    ) -> Vec<Diagnostic> {
        let mut found: Vec<Diagnostic> = Vec::new();
        match f {
            // Relative references (Markdown link destinations, HTML
            // attributes) are not linted by the grammar rules: their
            // target depends on a base. With --links local they are
            // looked for in the tree.
            Found::Uri(c) if c.relative() => {}
            _ if !lint => {}
            _ => {
                self.lint(f, &mut found, count);
                // reStructuredText removes the whitespace of a link broken
                // across lines (docutils: embedded URIs and targets): not a
                // problem there.
                if matches!(piece.kind, crate::format::SegmentKind::RstLink(_)) {
                    found.retain(|d| !matches!(d.code, "D004" | "D005"));
                }
                // What the remote check found of a URI no reader follows
                // (an XML namespace name, a DOCTYPE system identifier, a
                // `cite`, a comment) is not the document's problem.
                if !crate::format::role::Role::of(&piece.kind, piece.references).is_followed() {
                    found.retain(|d| !crate::lint::rules::REMOTE.contains(&d.code));
                }
            }
        }
        let mut moved_link = false;
        // A reference definition no link uses renders nothing: no reader
        // follows it (L005 says it is unused).
        let unused = piece.kind
            == crate::format::SegmentKind::MarkdownLink(crate::format::markdown::UNUSED_DEFINITION);
        if let (Some(links), Found::Uri(c), true, false) = (self.links, f, piece.references, unused)
        {
            let conditional = piece.kind
                == crate::format::SegmentKind::MarkdownLink(
                    crate::format::asciidoc::XREF_CONDITIONAL,
                );
            moved_link = self.check_link(links, c, piece.base.as_deref(), conditional, &mut found);
        }
        if let (Some(built), Found::Uri(c), true, Input::File { path, .. }) =
            (self.built, f, piece.references, self.input)
        {
            self.check_built(built, path, c, &mut found);
        }
        // The scanned text: an attribute value is scanned as `<value>`.
        let scanned_len = decoded::scanned_len(piece);
        for d in &mut found {
            let decoded_at = Position {
                line: d.line,
                column: d.column,
            };
            let decoded_uri = d.uri_span.clone();
            let at = Located::new(unit, piece, d.byte_offset..d.byte_offset, decoded_at);
            let uri = piece.chain.span(decoded_uri.clone());
            let end = unit.position(uri.end);
            d.line = at.start.line;
            d.column = at.start.column;
            d.byte_offset = at.span.start;
            d.end_line = end.line;
            d.end_column = end.column;
            d.uri_span = uri;
            d.origin = Some(Box::new(at.origin));
            if moved_link && d.code == missing_local_target::RULE.code {
                self.moved_links
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .insert(d.byte_offset);
            }
            let Some(fix) = d.fix.take() else { continue };
            let placed = match writes {
                Writes::Document(_) => {
                    let raw = String::from_utf8_lossy(unit.bytes(d.uri_span.clone()));
                    crate::fix::place::place_fix(
                        piece,
                        scanned_len,
                        decoded_uri.clone(),
                        &raw,
                        &fix,
                    )
                }
                Writes::Data(_) | Writes::ReportOnly(_) => None,
            };
            // An AsciiDoc URI macro (`https://a.example[text]`): the `[`
            // right after the URI is the macro's, so only the URI's own
            // bytes are edited.
            let macro_target = writes == Writes::Document(InputFormat::Asciidoc)
                && unit.bytes(d.uri_span.end..d.uri_span.end + 1) == b"[";
            let placed =
                placed.filter(|p| !macro_target || crate::fix::place::inside_uri(p, &d.uri_span));
            if count && placed.is_none() && self.applies(&fix) {
                self.withheld.fetch_add(1, Ordering::Relaxed);
            }
            d.fix = placed;
        }
        found
    }

    /// Looks for the target of link `c` (found in a piece that is one URI
    /// reference) in the tree ([`LocalLinks::check`]) and adds an `L001`
    /// or `L002` finding when it is missing, at the link, in the decoded
    /// text's coordinates (as [`Job::lint`] gives them), unless the target
    /// is one `[links]` `ignore` names. With `--since`, an `L001` target
    /// renamed or deleted since the revision is said so in the message,
    /// and `true` is returned.
    fn check_link(
        &self,
        links: &LocalLinks,
        c: &crate::scan::Candidate<'_>,
        base: Option<&str>,
        conditional: bool,
        out: &mut Vec<Diagnostic>,
    ) -> bool {
        let (path, tree) = match self.input {
            Input::File { path, root, .. } => (
                path,
                // The walk's root (not a listed path's working directory
                // or `/`).
                root.as_ref()
                    .map(crate::beneath::Root::path)
                    .filter(|p| !p.as_os_str().is_empty() && *p != std::path::Path::new("/")),
            ),
            // An editor's document stands for its file.
            Input::Document { name, .. } if self.document_tree.is_some() => {
                (name, self.document_tree)
            }
            _ => return false,
        };
        let problem = links.check_within(tree, path, c.text(), base);
        if conditional && problem.is_some() {
            // An AsciiDoc cross reference in a conditional the document
            // does not decide: whether it is rendered is not known.
            links.count_not_checked(tree, path, crate::links::CONDITIONAL);
            return false;
        }
        let ignored = match &problem {
            None => return false,
            Some(Problem::MissingTarget { path, .. } | Problem::MissingAnchor { path, .. }) => {
                self.link_ignore.is_some_and(|i| i.ignores(path))
            }
            Some(Problem::MissingPage { url, .. }) => {
                self.link_ignore.is_some_and(|i| i.ignores_url(url))
            }
        };
        if ignored {
            return false;
        }
        let mut moved = false;
        let (rule, message) = match &problem {
            None => return false,
            Some(Problem::MissingTarget { path, suggestion }) => {
                let mut message = missing_local_target::message(path);
                if let Some(s) = suggestion {
                    message = missing_local_target::with_suggestion(message, s);
                }
                if let Some((since, _)) = &self.since {
                    // Also a page linked by its built name: `x.html` or
                    // `x/` for `x.md` (issue 46).
                    let built = built_names(path);
                    if let Some(m) = built.iter().find_map(|p| since.moved_target(p)) {
                        moved = true;
                        message = format!("{message} ({})", m.describe(&since.rev));
                    }
                }
                (missing_local_target::RULE, message)
            }
            Some(Problem::MissingPage {
                url,
                generator,
                config,
                suggestion,
            }) => {
                let mut message = missing_local_target::page_message(url, generator, config);
                if let Some(s) = suggestion {
                    message = missing_local_target::with_suggestion(message, s);
                }
                if let Some((since, _)) = &self.since {
                    // The page's sources as the site model makes its URL.
                    let sources = links.page_sources(config, url);
                    if let Some(m) = sources.iter().find_map(|p| since.moved_target(p)) {
                        moved = true;
                        message = format!("{message} ({})", m.describe(&since.rev));
                    }
                }
                (missing_local_target::RULE, message)
            }
            Some(Problem::MissingAnchor {
                path,
                fragment,
                suggestion,
            }) => {
                let message = missing_anchor::message(path, fragment);
                (
                    missing_anchor::RULE,
                    match suggestion {
                        Some(s) => missing_anchor::with_suggestion(message, s),
                        None => message,
                    },
                )
            }
        };
        if !self.rules.enabled(rule.code) {
            return false;
        }
        out.push(Diagnostic::at_start(
            &self.name,
            c,
            &rule,
            self.rules.severity(&rule),
            message,
        ));
        moved
    }

    /// Adds an `L001` or `L002` finding at link `c` of the source `path`
    /// when the page built from it has a broken link that `c` made
    /// ([`crate::links::built::BuiltSite::attribute`]), unless the rule is
    /// off or `[links]` `ignore` names the target.
    fn check_built(
        &self,
        built: &crate::links::built::BuiltSite,
        path: &std::path::Path,
        c: &crate::scan::Candidate<'_>,
        out: &mut Vec<Diagnostic>,
    ) {
        let Some(a) = built.attribute(path, c.text()) else {
            return;
        };
        let b = &a.broken;
        let rule = match b.problem {
            crate::links::built::BuiltProblem::MissingTarget => missing_local_target::RULE,
            crate::links::built::BuiltProblem::MissingAnchor { .. } => missing_anchor::RULE,
        };
        let url = format!("/{}", b.url);
        let ignored = self
            .link_ignore
            .is_some_and(|i| i.ignores_url(&url) || i.ignores(&built.shown(&b.url)));
        if ignored || !self.rules.enabled(rule.code) {
            return;
        }
        out.push(Diagnostic::at_start(
            &self.name,
            c,
            &rule,
            self.rules.severity(&rule),
            crate::links::built::message(b, built.dir()),
        ));
    }

    /// Fixes `input`, writes it back or prints the diff, and reports what
    /// is left. The fixes are exactly those of the findings `check`
    /// reports for it, placed in the file as [`Job::report`] places them;
    /// a file is read again for every fix pass, with the edits found so
    /// far laid over it ([`crate::fix::Edited`]), and written back as a
    /// stream: memory is bounded by the findings and edits. A data file
    /// is parsed again first ([`crate::format::structure`]); edits that
    /// would change its structure are left out. Standard input is held in
    /// memory, up to [`MAX_STDIN_FIX`] bytes.
    fn fix(&self, input: &Input, mode: FixMode, sink: &mut Sink<'_, '_>) {
        match input {
            Input::Stdin { name } => {
                let original = match read_stdin_capped(MAX_STDIN_FIX) {
                    Ok(b) => b,
                    Err(e) => {
                        Stats::add(&self.stats.errors, 1);
                        sink.notice(Notice::ReadFailed {
                            name: "-".to_string(),
                            error: e,
                        });
                        return;
                    }
                };
                let path = name.as_deref().unwrap_or(std::path::Path::new(""));
                let (format, writes) = self.classify(&original, path);
                if let Writes::ReportOnly(NotWritten::Mail | NotWritten::Gzip) = writes {
                    // Passed through unchanged: mail is never rewritten.
                    Stats::add(&self.stats.not_written, 1);
                    let kind = never_written(&original, path).unwrap_or("mail");
                    sink.notice(Notice::NeverWritten {
                        name: "-".to_string(),
                        kind,
                        reported: false,
                    });
                    if mode == FixMode::Fix {
                        sink.out().extend_from_slice(&original);
                    }
                    return;
                }
                let len = original.len() as u64;
                self.fix_source(
                    input,
                    original.as_slice(),
                    len,
                    (format, writes),
                    mode,
                    sink,
                    None,
                );
            }
            Input::Document { .. } => {
                // Reported as without --fix; never written.
                Stats::add(&self.stats.not_written, 1);
                sink.notice(Notice::NotAFile {
                    name: input.display_name(),
                });
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
                            sink.notice(Notice::ReadFailed {
                                name: self.name.clone(),
                                error: e,
                            });
                            return;
                        }
                    },
                    _ => 0,
                };
                let head = target.head().unwrap_or_default();
                let class = self.classify(&head, input.path());
                self.fix_source(
                    input,
                    target.file(),
                    target.len(),
                    class,
                    mode,
                    sink,
                    Some((&target, digest)),
                );
                // The links of a Markdown, reStructuredText or HTML
                // document were checked by the fix passes, in the text as
                // written.
                drop(target);
            }
        }
    }

    /// An editor's request on `input`, a document held in memory
    /// ([`Editor`]): its findings as [`Job::report`] gives them, or the
    /// edits of the fixes [`Job::fix`] would write (none for mail and
    /// other files urilint never writes, and for a Markdown,
    /// reStructuredText, AsciiDoc or roff document over the size read
    /// whole).
    fn for_editor(&self, input: &Input, editor: &Editor<'_>, sink: &mut Sink<'_, '_>) {
        match editor.want {
            EditorWant::Findings => self.report(input, sink),
            EditorWant::FixAll => {
                let Input::Document { name, bytes } = input else {
                    return;
                };
                let (format, writes) = self.classify(bytes, name);
                let capped = matches!(
                    format,
                    InputFormat::Markdown
                        | InputFormat::Rst
                        | InputFormat::Asciidoc
                        | InputFormat::Roff
                );
                let too_long = capped && bytes.len() > crate::format::mbox::MAX_MESSAGE;
                let edits = if matches!(writes, Writes::ReportOnly(_)) || too_long {
                    Vec::new()
                } else {
                    self.fixed_edits(
                        input,
                        &bytes[..],
                        bytes.len() as u64,
                        (format, writes),
                        sink,
                    )
                    .map(|f| f.edits)
                    .unwrap_or_default()
                };
                *editor.edits.lock().unwrap_or_else(|p| p.into_inner()) = Some(edits);
            }
        }
    }

    /// The format of a file named `path` whose first bytes are `head`
    /// (`--input-format`, or detected), and what may be written into it.
    fn classify(&self, head: &[u8], path: &std::path::Path) -> (InputFormat, Writes) {
        let format = match self.input_format {
            InputFormat::Auto => crate::format::detect::detect(head, path),
            f => f,
        };
        (format, crate::format::writes::writes(format, path, head))
    }

    /// `--add-ignore` on `input`: its findings as reported now get a
    /// marker each where the file has a safe place for one
    /// ([`crate::fix::add_ignore`]), written as `--fix` writes; the
    /// findings left unmarked are reported, placed in the file as written.
    /// Standard input and mail are never written.
    fn add_ignore(&self, input: &Input, sink: &mut Sink<'_, '_>) {
        if let Input::Stdin { .. } = input {
            Stats::add(&self.stats.errors, 1);
            sink.notice(Notice::AddIgnoreStdin);
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
                sink.notice(Notice::ReadFailed {
                    name: self.name.clone(),
                    error: e,
                });
                return;
            }
        };
        // The findings as `check` reports them (suppressed ones and code
        // left out), collected instead of printed.
        *self.collected.lock().unwrap_or_else(|p| p.into_inner()) = Some(Vec::new());
        self.report(input, sink);
        let found = self.take_collected();
        self.withheld.store(0, Ordering::Relaxed);
        let (format, writes) = self.classify(&text, input.path());
        let layout = crate::fix::add_ignore::Layout::of(format, &text);
        let syntax = crate::fix::add_ignore::comment_syntax(format, input.path())
            .filter(|_| writes.writable() && !found.is_empty());
        let syntax = crate::fix::add_ignore::mdx_in_site(syntax, input.path(), self.sites);
        let at: Vec<(u64, &str)> = found.iter().map(|d| (d.byte_offset, d.code)).collect();
        let mut markers = crate::fix::add_ignore::marker_edits(&text, syntax, &layout, &at);
        // Each marker must leave the file as its parser reads it.
        if let Some(kind) = crate::fix::add_ignore::verified_as(format, writes) {
            crate::fix::add_ignore::keep_verified(&text, kind, &mut markers);
        }
        let mut edits: &[Edit] = &markers.edits;
        if !edits.is_empty() {
            match write_back(&target, digest, edits) {
                Ok(()) => {
                    Stats::add(&self.stats.fixed, markers.lines_marked as u64);
                    Stats::add(&self.stats.files_changed, 1);
                }
                Err(e) => {
                    Stats::add(&self.stats.errors, 1);
                    sink.notice(Notice::Error(e));
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
            self.emit(sink, &d, Some(&mut lines));
        }
        if let Some(&(_, why)) = markers.unmarked.first() {
            let why = match (writes, why) {
                (Writes::ReportOnly(w), _) => w.reason(),
                (_, why) => why.reason().to_string(),
            };
            sink.notice(Notice::NotMarked {
                name: self.name.clone(),
                count: markers.unmarked.len(),
                why,
            });
        }
    }

    /// The findings of one fix pass over `src` (the text with the edits
    /// found so far laid over it), read as `format`, with their fixes
    /// placed as [`Job::report`] places them; suppressed findings left
    /// out. Read problems are said into `sink`, and fixes the file does
    /// not take are counted, when `say` (the first pass).
    fn pass_findings<S: ReadAt + Clone>(
        &self,
        src: S,
        class: (InputFormat, Writes),
        sink: &mut Sink<'_, '_>,
        say: bool,
    ) -> io::Result<Vec<Diagnostic>> {
        let mut all = Vec::new();
        self.each_pass_finding(src, class, sink, say, |d| all.push(d))?;
        Ok(all)
    }

    /// [`Job::pass_findings`], handing each finding to `each` in file
    /// order instead of collecting them: a plain-text file is scanned as a
    /// stream, so a pass holds its fixes, not its findings.
    fn each_pass_finding<S: ReadAt + Clone>(
        &self,
        src: S,
        (format, writes): (InputFormat, Writes),
        sink: &mut Sink<'_, '_>,
        say: bool,
        mut each: impl FnMut(Diagnostic),
    ) -> io::Result<()> {
        if format == InputFormat::Text {
            return self
                .linter
                .lint_each(&self.name, src, self.rules, self.scan, |mut d| {
                    self.text_policy(writes, &mut d, say);
                    each(d);
                });
        }
        let found = std::sync::Mutex::new(Vec::new());
        let reads = Stats::default();
        let mut part = sink.parts().sink();
        decoded::scan_units(
            &self.name,
            ReadAtReader::new(src),
            format,
            self.read,
            0,
            self.scan,
            &reads,
            &mut part,
            |unit, piece, f, _, lines| {
                let mut kept: Vec<Diagnostic> = self
                    .decoded_found(unit, piece, &f, true, writes, say)
                    .into_iter()
                    .filter(|d| !suppressed(lines, d))
                    .collect();
                if let Ok(mut all) = found.lock() {
                    all.append(&mut kept);
                }
            },
            |_| {},
            |unit, _, lines| {
                if format != InputFormat::Markdown {
                    return;
                }
                let mut kept = markdown_links::findings(&self.name, unit, self.rules);
                kept.retain(|d| !suppressed(lines, d));
                if let Ok(mut all) = found.lock() {
                    all.append(&mut kept);
                }
            },
        );
        if Stats::get(&reads.errors) > 0 {
            return Err(io::Error::other("the document could not be read whole"));
        }
        if say {
            sink.absorb(part);
        }
        let mut all = found.into_inner().unwrap_or_else(|p| p.into_inner());
        all.sort_by_key(|d| (d.byte_offset, d.uri_span.end));
        all.into_iter().for_each(each);
        Ok(())
    }

    /// [`Job::fix`] on the text of `src` (`len` bytes), a file in `format`
    /// that takes `writes`.
    #[allow(clippy::too_many_arguments)]
    fn fix_source<S: ReadAt + Clone>(
        &self,
        input: &Input,
        src: S,
        len: u64,
        (format, writes): (InputFormat, Writes),
        mode: FixMode,
        sink: &mut Sink<'_, '_>,
        target: Option<(&Target, u64)>,
    ) {
        // Markdown, reStructuredText, AsciiDoc and roff are read whole up
        // to a cap; a longer one is read only in part, and never written.
        let capped = matches!(
            format,
            InputFormat::Markdown | InputFormat::Rst | InputFormat::Asciidoc | InputFormat::Roff
        );
        if capped && len > crate::format::mbox::MAX_MESSAGE as u64 {
            // Read only in part (its start): never written.
            sink.notice(Notice::ReadInPart {
                name: input.display_name(),
                mib: crate::format::mbox::MAX_MESSAGE / (1024 * 1024),
            });
            if let Input::Stdin { .. } = input {
                // Already read: passed through as it is.
                if mode == FixMode::Fix {
                    let _ = write_edited(src, len, &[], sink.out());
                }
                return;
            }
            return self.report(input, sink);
        }
        Stats::add(&self.stats.files, 1);
        Stats::add(&self.stats.bytes, len);
        let Some(fixed) = self.fixed_edits(input, src.clone(), len, (format, writes), sink) else {
            return;
        };
        self.say_withheld(input, writes, sink);
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
                    sink.notice(Notice::ReadFailed {
                        name: self.name.clone(),
                        error: e,
                    });
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
                sink.notice(Notice::ReadFailed {
                    name: "-".to_string(),
                    error: e,
                });
                return;
            }
            // Their columns in the run's unit, counted on the fixed text.
            let mut lines = Lines::new(Edited::new(src.clone(), len, edits));
            for d in &remaining {
                self.stats.count(d);
                sink.finding_left(d, Some(&mut lines));
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
                        sink.notice(Notice::Error(e));
                        edits = &[];
                        remaining = self
                            .pass_findings(src.clone(), (format, writes), sink, false)
                            .unwrap_or_default();
                    }
                }
            }
        }
        let mut lines = Lines::new(Edited::new(src, len, edits));
        for d in &remaining {
            self.emit(sink, d, Some(&mut lines));
        }
    }

    /// The edits of the fixes `--fix` applies to the text of `src` (`len`
    /// bytes) of `input`, a file in `format` that takes `writes`: the fix
    /// passes to a fixed point, and for a data file only the edits that
    /// leave its structure as it was. `None` when the text could not be
    /// read (said into `sink` and counted).
    fn fixed_edits<S: ReadAt + Clone>(
        &self,
        input: &Input,
        src: S,
        len: u64,
        (format, writes): (InputFormat, Writes),
        sink: &mut Sink<'_, '_>,
    ) -> Option<crate::fix::FixedEdits<Diagnostic>> {
        // The URIs of the original text (first pass), for a data file's
        // check.
        let mut uris: Vec<std::ops::Range<u64>> = Vec::new();
        let mut first = true;
        let data = matches!(writes, Writes::Data(_));
        let result = crate::fix::fix_edits_until_stable(len, |edits, keep_findings| {
            let mut text = Edited::new(src.clone(), len, edits);
            let mut pass = crate::fix::Pass {
                fixes: Vec::new(),
                findings: Vec::new(),
            };
            let say = first;
            first = false;
            let reader = text.clone();
            self.each_pass_finding(reader, (format, writes), sink, say, |d| {
                if say && data {
                    uris.push(d.uri_span.clone());
                }
                self.linter
                    .add_to_pass(&mut pass, d, &mut text, keep_findings);
            })?;
            Ok::<_, io::Error>(pass)
        });
        let mut fixed = match result {
            Ok(f) => f,
            Err(e) => {
                Stats::add(&self.stats.errors, 1);
                sink.notice(Notice::ReadFailed {
                    name: self.name.clone(),
                    error: e,
                });
                return None;
            }
        };
        if let Writes::Data(data) = writes {
            let kept = self.verify_data(data, src.clone(), len, &uris, &fixed.edits);
            if kept.len() < fixed.edits.len() {
                sink.notice(Notice::EditsNotApplied {
                    name: input.display_name(),
                    count: fixed.edits.len() - kept.len(),
                    format: data.name(),
                });
                if kept.is_empty() {
                    fixed.applied = 0;
                    fixed.fixed.clear();
                }
                fixed.edits = kept;
                // What is left is reported as it is in the file.
                fixed.remaining = self
                    .pass_findings(
                        Edited::new(src.clone(), len, &fixed.edits),
                        (format, writes),
                        sink,
                        false,
                    )
                    .unwrap_or_default();
            }
        }
        Some(fixed)
    }

    /// The edits of `edits` (sorted, against the original text of `src`)
    /// that leave the data file parsing to the same structure
    /// ([`crate::fix::verify::keep_same_structure`]); `uris` are the URIs
    /// of the original text.
    fn verify_data<S: ReadAt + Clone>(
        &self,
        data: DataFormat,
        src: S,
        len: u64,
        uris: &[std::ops::Range<u64>],
        edits: &[Edit],
    ) -> Vec<Edit> {
        use crate::format::structure;
        if edits.is_empty() {
            return Vec::new();
        }
        match crate::lint::read_all(src, structure::MAX_PARSED as u64) {
            Ok(before) if before.len() as u64 == len => crate::fix::verify::keep_same_structure(
                structure::Kind::Data(data),
                &before,
                uris,
                edits.to_vec(),
            ),
            _ => Vec::new(),
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

/// The paths a missing link target `path` may stand for when it names a
/// page by its built name: itself, and for `x.html`, `x.htm` or a name
/// without an extension (`../x/`), the Markdown source `x.md` (issue 46:
/// `--since` finds a page renamed since the revision through them).
fn built_names(path: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = vec![path.to_path_buf()];
    match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm") => {
            out.push(path.with_extension("md"));
        }
        None if path.file_name().is_some() => {
            let mut md = path.as_os_str().to_owned();
            md.push(".md");
            out.push(md.into());
        }
        _ => {}
    }
    out
}
