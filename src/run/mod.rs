//! The main jobs, `extract`, `check` and `rewrite`, over a set of inputs.
//!
//! This module owns what is done with one input (scan it, validate each
//! URI, render records or diagnostics into the input's sink) and the
//! counts that decide the exit status. Walking, ordering and threads are
//! the `walk` and `pipeline` modules'; rendering is the `output` module's.
//!
//! **Unstable:** this module is the command-line tool's engine, public for
//! the `urilint` binary only (with the `cli` feature); it may change in any
//! release. Library users: use [`scan`](crate::scan),
//! [`grammar`](crate::grammar), [`resolve`](crate::resolve),
//! [`normalize`](crate::normalize), [`lint`] and
//! [`output`](crate::output) instead.

use std::io::Read;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

mod check;
mod chunks;
pub(crate) mod decoded;
mod document;
mod files;
mod resolve;
mod rewrite;

pub use check::{check, check_split, CheckOptions, FixMode, RemoteCheck};
pub(crate) use chunks::{scan_split, ChunkBase, ChunkJob};
pub use document::{Checked, DocumentChecker, FirstFindings};
pub use files::{files, Listed};
pub use resolve::{Analysis, Ask};
pub use rewrite::{rewrite, RewriteMode, RewriteOptions};

use crate::error::Error;
use crate::fix::write::{Target, WritePolicy};
use crate::format::mail::Piece;
use crate::format::role::Role;
use crate::format::unit::Unit;
use crate::format::{self, detect::InputFormat, mail::MailOptions};
use crate::grammar::Grammar;
use crate::lint::{self, Diagnostic, Severity};
use crate::output::{jsonl, plain, Format, PlainStyle};
use crate::pipeline::{self, Outputs, PipelineOptions, Sink};
use crate::position::Position;
use crate::record::Record;
use crate::resolve::{resolve_str, ResolveOptions};
use crate::scan::{Candidate, Found, ScanOptions, Scanner};
use crate::sink::{Notice, Sink as _};
use crate::source::{sniff, Input, Mmap, Opened, Sniffed};
use crate::split::SplitOptions;
use crate::walk::{self, WalkOptions};
use decoded::{decode_helpers, Located};

/// Settings shared by `extract` and `check`.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The paths to read (`-` is standard input); directories are walked.
    pub paths: Vec<PathBuf>,
    /// How directories are walked.
    pub walk: WalkOptions,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// The grammar URIs are validated against.
    pub grammar: Grammar,
    /// The longest URI candidate, in bytes.
    pub max_uri_len: usize,
    /// The output format.
    pub format: Format,
    /// How inputs are read: detected (`Auto`, the default) or forced
    /// (`--input-format`).
    pub input_format: InputFormat,
    /// What is read of mail (`--no-headers`).
    pub mail: MailOptions,
    /// Also scan Markdown code spans and code blocks (`--include-code`);
    /// their records say `"in_code": true`.
    pub include_code: bool,
    /// Also find abbreviated URLs (`--abbreviated`, RFC 2396 Appendix F;
    /// [`ScanOptions::abbreviated`]).
    pub abbreviated: bool,
    /// Draw a progress indicator on standard error during long runs (see
    /// [`crate::progress`]); the caller decides (a terminal, not quiet).
    pub progress: bool,
    /// Whether large files named on the command line are scanned through a
    /// memory map (`--no-mmap`: [`Mmap::Never`]; see [`crate::mmap`]).
    pub mmap: Mmap,
    /// `--label`: copied into every JSON Lines record as its last field,
    /// `"label"` (JSON Lines only).
    pub label: Option<String>,
    /// `--summary`: after each input's records, a
    /// [`crate::record::Summary`] record (JSON Lines only).
    pub summary: bool,
    /// The device and inode of the file the output goes to
    /// (`--output-file`): a walked file that is it is skipped with a
    /// message, never read as an input while it is being written.
    pub output_file: Option<(u64, u64)>,
}

/// Settings of `extract` only.
#[derive(Clone, Debug, Default)]
pub struct ExtractOptions {
    /// Prefixes of the plain format.
    pub style: PlainStyle,
    /// Print each URI once (the first time it is found); in JSON Lines,
    /// at the end of the run with a `count` of the times it was found.
    pub unique: bool,
    /// A base URI: relative references in `<...>` are found too and
    /// printed resolved against it (RFC 3986 section 5.2, or RFC 2396
    /// section 5.2 under the RFC 2396 grammars). Must be a valid absolute
    /// URI under the run's grammar.
    pub base: Option<String>,
    /// Also print URIs whose [`crate::format::role::Role`] is not
    /// followed (identifiers, citations, mentions in HTML comments and
    /// non-URI attributes); `--include-identifiers`.
    pub include_identifiers: bool,
    /// Print the link a redirect wrapper wraps instead of the wrapper
    /// (`--unwrap`, [`crate::unwrap`]), with the chain in the record's
    /// `wrapped_by`.
    pub unwrap: bool,
}

/// Counts of a run, read after it to pick the exit status.
#[derive(Debug, Default)]
pub struct Stats {
    /// Inputs read (not counting skipped binary files).
    pub files: AtomicU64,
    /// Bytes read from the inputs.
    pub bytes: AtomicU64,
    /// Binary and UTF-16 files skipped.
    pub binary: AtomicU64,
    /// URIs found.
    pub uris: AtomicU64,
    /// Diagnostics reported (`check`), or skipped too-long candidates
    /// (`extract`).
    pub findings: AtomicU64,
    /// Inputs that could not be read or written, or walk errors.
    pub errors: AtomicU64,
    /// Diagnostics reported at error level (`check`).
    pub error_findings: AtomicU64,
    /// Diagnostics reported at warning level (`check`).
    pub warning_findings: AtomicU64,
    /// Reported diagnostics that have a safe fix (`check`).
    pub fixable: AtomicU64,
    /// Reported diagnostics that have an unsafe fix (`check`, applied only
    /// with `--unsafe-fixes`).
    pub unsafe_fixable: AtomicU64,
    /// Fixes applied, or URIs rewritten (`check --fix`, `rewrite`).
    pub fixed: AtomicU64,
    /// Files changed (or, with `--diff`/`--dry-run`, that would change).
    pub files_changed: AtomicU64,
    /// Files not fixed or rewritten because they are mail, news or
    /// gzip (never written).
    pub not_written: AtomicU64,
    /// `check --links remote`: URIs not requested because their host is
    /// a private address or a reserved name.
    pub remote_skipped: AtomicU64,
    /// `check --links remote`: 1 when URIs were requested and none got an
    /// answer ([`crate::remote::verdict::offline`]), else 0; the command
    /// exits with status 3 then.
    pub remote_offline: AtomicU64,
    /// Reported diagnostics per rule code.
    pub by_rule: std::sync::Mutex<std::collections::BTreeMap<&'static str, u64>>,
    /// The fixes applied (or, with `--diff`, shown) per file: the file's
    /// displayed name and the rule code of each fix (`check --show-fixes`).
    pub fixed_by_file: std::sync::Mutex<Vec<(String, Vec<String>)>>,
}

impl Stats {
    pub(crate) fn add(counter: &AtomicU64, n: u64) {
        counter.fetch_add(n, Ordering::Relaxed);
    }
    /// The value of a counter.
    pub fn get(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }

    /// Counts a reported diagnostic.
    pub(crate) fn count(&self, d: &Diagnostic) {
        Stats::add(&self.findings, 1);
        match d.severity {
            Severity::Error => Stats::add(&self.error_findings, 1),
            Severity::Warning => Stats::add(&self.warning_findings, 1),
        }
        match d.fix.as_ref().map(|f| f.applicability) {
            Some(crate::fix::Applicability::Safe) => Stats::add(&self.fixable, 1),
            Some(crate::fix::Applicability::Unsafe) => Stats::add(&self.unsafe_fixable, 1),
            None => {}
        }
        let mut map = self.by_rule.lock().unwrap_or_else(|p| p.into_inner());
        *map.entry(d.code).or_insert(0) += 1;
    }

    /// Records the fixes applied to the file named `name` (their rule
    /// codes) for `--show-fixes`.
    pub(crate) fn record_fixed(&self, name: &str, codes: &[String]) {
        if codes.is_empty() {
            return;
        }
        let mut files = self.fixed_by_file.lock().unwrap_or_else(|p| p.into_inner());
        files.push((name.to_string(), codes.to_vec()));
    }

    /// Adds the counts of `other` (one input's, with `--summary`) to these.
    pub(crate) fn merge(&self, other: &Stats) {
        // Destructured: a counter added to `Stats` must be merged here too.
        let Stats {
            files,
            bytes,
            binary,
            uris,
            findings,
            errors,
            error_findings,
            warning_findings,
            fixable,
            unsafe_fixable,
            fixed,
            files_changed,
            not_written,
            remote_skipped,
            remote_offline,
            by_rule,
            fixed_by_file,
        } = other;
        for (mine, theirs) in [
            (&self.files, files),
            (&self.bytes, bytes),
            (&self.binary, binary),
            (&self.uris, uris),
            (&self.findings, findings),
            (&self.errors, errors),
            (&self.error_findings, error_findings),
            (&self.warning_findings, warning_findings),
            (&self.fixable, fixable),
            (&self.unsafe_fixable, unsafe_fixable),
            (&self.fixed, fixed),
            (&self.files_changed, files_changed),
            (&self.not_written, not_written),
            (&self.remote_skipped, remote_skipped),
            (&self.remote_offline, remote_offline),
        ] {
            Stats::add(mine, Stats::get(theirs));
        }
        let theirs = by_rule.lock().unwrap_or_else(|p| p.into_inner());
        let mut mine = self.by_rule.lock().unwrap_or_else(|p| p.into_inner());
        for (code, n) in theirs.iter() {
            *mine.entry(code).or_insert(0) += n;
        }
        let theirs = fixed_by_file.lock().unwrap_or_else(|p| p.into_inner());
        let mut mine = self.fixed_by_file.lock().unwrap_or_else(|p| p.into_inner());
        mine.extend(theirs.iter().cloned());
    }

    /// Reported diagnostics per rule, in code order.
    pub fn rule_counts(&self) -> Vec<(&'static str, u64)> {
        let map = self.by_rule.lock().unwrap_or_else(|p| p.into_inner());
        map.iter().map(|(k, v)| (*k, *v)).collect()
    }
}

pub(crate) fn scan_options(opts: &RunOptions, positions: bool) -> ScanOptions {
    ScanOptions {
        max_uri_len: opts.max_uri_len,
        positions,
        abbreviated: opts.abbreviated,
        // Plain text: hard-wrapped URIs are rejoined (a decoded piece
        // turns this off unless it is body text, `decoded::scan_units`).
        join_wrapped_lines: true,
        ..ScanOptions::default()
    }
}

/// An input opened for reading.
pub(crate) enum Reader {
    /// Plain text.
    Text(Box<dyn Read + Send>),
    /// Plain text, mapped ([`Opened::Mapped`]).
    Mapped(crate::mmap::Mapping),
    /// A format to decode ([`decoded`]), read or mapped.
    Decoded(decoded::Decodable<Box<dyn Read + Send>>),
}

/// Opens `input` for reading in `format` ([`Input::open_with`]: mapped
/// when `mmap` allows and it pays); reports open errors, binary and UTF-16
/// files into the sink and gives `None` for them.
pub(crate) fn open_reader(
    input: &Input,
    format: InputFormat,
    mmap: Mmap,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
) -> Option<Reader> {
    open_reader_classified(input, format, mmap, stats, sink).map(|(r, _)| r)
}

/// [`open_reader`], also saying what may be written into the input
/// ([`crate::format::writes`]).
pub(crate) fn open_reader_classified(
    input: &Input,
    format: InputFormat,
    mmap: Mmap,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
) -> Option<(Reader, crate::format::writes::Writes)> {
    open_reader_maybe_held(input, format, mmap, stats, sink, false).map(|(r, w, _)| (r, w))
}

/// [`open_reader_classified`], also giving a second handle on the file
/// opened ([`Input::open_held`]), to read lines back through.
pub(crate) fn open_reader_held(
    input: &Input,
    format: InputFormat,
    mmap: Mmap,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
) -> Option<(Reader, crate::format::writes::Writes, Option<std::fs::File>)> {
    open_reader_maybe_held(input, format, mmap, stats, sink, true)
}

/// [`open_reader_held`]; the second handle only when `hold`.
fn open_reader_maybe_held(
    input: &Input,
    format: InputFormat,
    mmap: Mmap,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
    hold: bool,
) -> Option<(Reader, crate::format::writes::Writes, Option<std::fs::File>)> {
    let opened = if hold {
        input.open_held(format, mmap)
    } else {
        input
            .open_classified(format, mmap)
            .map(|(o, w)| (o, w, None))
    };
    match opened {
        Ok((Opened::Text(r), w, f)) => Some((Reader::Text(r), w, f)),
        Ok((Opened::Mapped(m), w, f)) => Some((Reader::Mapped(m), w, f)),
        Ok((Opened::Decoded(r, fm), w, f)) => {
            Some((Reader::Decoded(decoded::Decodable::Stream(r, fm)), w, f))
        }
        Ok((Opened::MappedMailbox(m), w, f)) => {
            Some((Reader::Decoded(decoded::Decodable::MappedMailbox(m)), w, f))
        }
        Ok((Opened::Binary, _, _)) => {
            skipped_binary(input, stats, sink);
            None
        }
        Ok((Opened::Utf16, _, _)) => {
            Stats::add(&stats.binary, 1);
            sink.notice(Notice::Utf16 { name: input.name() });
            None
        }
        Err(e) => {
            Stats::add(&stats.errors, 1);
            sink.notice(Notice::Error(e));
            None
        }
    }
}

/// Opens the file of `input` for fixing or rewriting
/// ([`Target::open_input`]): under `policy`, or for reading only (`--diff`,
/// `--dry-run`) when `None`. Walked files that look binary and UTF-16
/// files are skipped as [`open_reader`] skips them (counted in
/// [`Stats::binary`]); refusals (not a regular file, a symbolic link
/// swapped in) and open errors are reported into the sink and counted in
/// [`Stats::errors`]. A mailbox, message or gzip file is never written
/// ([`never_written`]): that is said into the sink and counted in
/// [`Stats::not_written`]. `Err` when the input is not to be fixed.
pub(crate) fn open_target(
    input: &Input,
    policy: Option<&WritePolicy>,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
) -> Result<Target, NotOpened> {
    let explicit = matches!(input, Input::File { explicit: true, .. });
    let target = match Target::open_input(input, policy) {
        Ok(t) => t,
        Err(e) => {
            Stats::add(&stats.errors, 1);
            sink.notice(Notice::Error(e));
            return Err(NotOpened::Skipped);
        }
    };
    let head = match target.head() {
        Ok(h) => h,
        Err(e) => {
            Stats::add(&stats.errors, 1);
            sink.notice(Notice::ReadFailed {
                name: input.name(),
                error: e,
            });
            return Err(NotOpened::Skipped);
        }
    };
    if let Some(kind) = never_written(&head, input.path()) {
        // Mail is never rewritten: a fix of the raw bytes would cut
        // quoted-printable soft breaks, base64 lines or compressed data.
        Stats::add(&stats.not_written, 1);
        sink.notice(Notice::NeverWritten {
            name: input.display_name(),
            kind,
            reported: true,
        });
        return Err(NotOpened::NeverWritten);
    }
    match sniff(&head, explicit) {
        Sniffed::Text => Ok(target),
        Sniffed::Binary => {
            skipped_binary(input, stats, sink);
            Err(NotOpened::Skipped)
        }
        Sniffed::Utf16 => {
            Stats::add(&stats.binary, 1);
            sink.notice(Notice::Utf16 { name: input.name() });
            Err(NotOpened::Skipped)
        }
    }
}

/// Counts `input`, skipped as binary (a NUL byte near its start), and
/// names it on standard error, unless its name says it is binary media or
/// an archive ([`crate::source::binary_by_name`]: counted only, in the
/// summary and `--statistics`): no file that could be text is dropped
/// without a word.
fn skipped_binary(input: &Input, stats: &Stats, sink: &mut Sink<'_, '_>) {
    Stats::add(&stats.binary, 1);
    if !crate::source::binary_by_name(input.path()) {
        sink.notice(Notice::Binary {
            name: input.display_name(),
        });
    }
}

/// Why [`open_target`] gave no file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NotOpened {
    /// Not to be read at all (an error, a binary file), already reported.
    Skipped,
    /// Mail, news or gzip: to be read, never written.
    NeverWritten,
}

/// What a file whose first bytes are `head` is, when it is one that is
/// never written (a mailbox, a message or news article, a gzip file),
/// whatever `--input-format` says: `None` for any other file.
pub(crate) fn never_written(head: &[u8], path: &std::path::Path) -> Option<&'static str> {
    if format::detect::is_gzip(head) {
        return Some("gzip-compressed");
    }
    match format::detect::detect(head, path) {
        InputFormat::Mbox => Some("a mailbox (mbox)"),
        InputFormat::Mail => Some("a mail message or news article"),
        _ => None,
    }
}

/// Writes the text of `target` with `edits` applied back over it, as a
/// stream ([`Target::replace_if_digest`]): refused when its contents no
/// longer have `digest` (taken when it was opened) or it changed on disk.
///
/// # Errors
/// As [`Target::replace_if_digest`].
pub(crate) fn write_back(
    target: &Target,
    digest: u64,
    edits: &[crate::fix::Edit],
) -> Result<(), Error> {
    target.replace_if_digest(digest, |w| {
        crate::fix::write_edited(target.file(), target.len(), edits, w).map(|_| ())
    })
}

/// Runs `each` on everything the scanner finds in `reader`; reports a read
/// error into the sink.
pub(crate) fn scan_reader<R, F>(
    name: &str,
    reader: R,
    scan: &ScanOptions,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
    each: F,
) where
    R: Read,
    F: FnMut(Found<'_>, &mut Sink<'_, '_>),
{
    let counted = Counted::file(reader, stats);
    drive(name, Scanner::new(counted, scan.clone()), stats, sink, each);
}

/// [`scan_reader`] for a mapped file ([`Scanner::mapped`]).
pub(crate) fn scan_mapped<F>(
    name: &str,
    map: crate::mmap::Mapping,
    scan: &ScanOptions,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
    each: F,
) where
    F: FnMut(Found<'_>, &mut Sink<'_, '_>),
{
    Stats::add(&stats.files, 1);
    Stats::add(&stats.bytes, map.len() as u64);
    drive(name, Scanner::mapped(map, scan.clone()), stats, sink, each);
}

/// Runs `scanner` to its end, handing every item to `each`; a read error
/// is reported in the sink and counted.
pub(crate) fn drive<R, F>(
    name: &str,
    mut scanner: Scanner<R>,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
    mut each: F,
) where
    R: Read,
    F: FnMut(Found<'_>, &mut Sink<'_, '_>),
{
    loop {
        match scanner.next_found() {
            Ok(Some(found)) => {
                each(found, sink);
                sink.maybe_flush();
            }
            Ok(None) => return,
            Err(e) => {
                Stats::add(&stats.errors, 1);
                sink.notice(Notice::ReadFailed {
                    name: name.to_string(),
                    error: e,
                });
                return;
            }
        }
    }
}

/// A reader that adds what it reads to a byte counter (for progress).
pub(crate) struct Counted<'a, R> {
    pub(crate) inner: R,
    pub(crate) bytes: &'a AtomicU64,
}

impl<'a, R> Counted<'a, R> {
    /// Counts one more input read in `stats` and wraps its reader so that
    /// its bytes are counted too.
    pub(crate) fn file(inner: R, stats: &'a Stats) -> Self {
        Stats::add(&stats.files, 1);
        Counted {
            inner,
            bytes: &stats.bytes,
        }
    }
}

impl<R: std::io::Read> std::io::Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// `result`, with a closed standard output (`EPIPE`: `urilint check . |
/// head -1`) taken for the end of the run rather than an error: the reader
/// has all it wanted, and the exit status is the one the findings so far
/// give, whatever the format (as ripgrep does). Gives `true` when the
/// output was closed.
///
/// # Errors
/// Every other error of `result`.
pub(crate) fn output_closed(result: Result<(), Error>) -> Result<bool, Error> {
    match result {
        Ok(()) => Ok(false),
        Err(Error::Write(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(true),
        Err(e) => Err(e),
    }
}

pub(crate) fn report_walk_error(e: &Error, stats: &Stats, sink: &mut Sink<'_, '_>) {
    Stats::add(&stats.errors, 1);
    sink.notice(Notice::Walk {
        error: e.to_string(),
    });
}

#[cfg(test)]
mod stats_tests {
    use super::*;

    #[test]
    fn merge_adds_every_counter() {
        let a = Stats::default();
        let b = Stats::default();
        Stats::add(&a.uris, 2);
        Stats::add(&b.uris, 3);
        Stats::add(&b.errors, 1);
        Stats::add(&b.bytes, 10);
        b.by_rule.lock().expect("lock").insert("U002", 4);
        a.by_rule.lock().expect("lock").insert("U002", 1);
        b.record_fixed("f", &["N001".to_string()]);
        a.merge(&b);
        assert_eq!(Stats::get(&a.uris), 5);
        assert_eq!(Stats::get(&a.errors), 1);
        assert_eq!(Stats::get(&a.bytes), 10);
        assert_eq!(a.rule_counts(), vec![("U002", 5)]);
        assert_eq!(a.fixed_by_file.lock().expect("lock").len(), 1);
    }
}

/// Inputs in flight at most: the pipeline's default, or, when standard
/// input is framed into documents ([`crate::framed`]), each held in
/// memory while it waits, one per worker and one more.
pub(crate) fn window(opts: &RunOptions) -> usize {
    let default = PipelineOptions::new(opts.threads, false).window;
    if opts.walk.stdin_format == crate::framed::StdinFormat::Text {
        default
    } else {
        default.min(opts.threads.max(1) + 1)
    }
}

/// The JSON Lines additions of a run (`--label`, `--summary`).
#[derive(Clone, Debug, Default)]
pub(crate) struct JsonExtras {
    /// `,"label":"..."`, added last to every record.
    label: Option<Vec<u8>>,
    /// Print a summary record after each input.
    summary: bool,
}

impl JsonExtras {
    pub(crate) fn of(opts: &RunOptions) -> Self {
        let json = opts.format == Format::Jsonl;
        JsonExtras {
            label: opts
                .label
                .as_deref()
                .filter(|_| json)
                .map(jsonl::label_field),
            summary: json && opts.summary,
        }
    }

    /// The `,"label":...` field of `--label` in JSON Lines, if any.
    pub(crate) fn label_field(&self) -> Option<&[u8]> {
        self.label.as_deref()
    }

    /// Adds the label to the record that ends `out`.
    #[inline]
    pub(crate) fn label(&self, out: &mut Vec<u8>) {
        if let Some(field) = &self.label {
            jsonl::append_field(out, field);
        }
    }

    /// Runs `job` on `input`; with `--summary`, counts into a fresh
    /// [`Stats`] that is added to `stats` after it, and prints the input's
    /// summary record, whose `records` are what `records` reads off the
    /// input's counts.
    pub(crate) fn per_input<F>(
        &self,
        input: &Input,
        stats: &Stats,
        sink: &mut Sink<'_, '_>,
        records: fn(&Stats) -> u64,
        job: F,
    ) where
        F: FnOnce(&Stats, &mut Sink<'_, '_>),
    {
        if !self.summary {
            return job(stats, sink);
        }
        let local = Stats::default();
        job(&local, sink);
        stats.merge(&local);
        let errors = Stats::get(&local.errors);
        let summary = crate::record::Summary {
            kind: "summary",
            path: input.name(),
            records: records(&local),
            errors,
            bytes: Stats::get(&local.bytes),
            status: if errors > 0 {
                "error"
            } else if Stats::get(&local.files) > 0 {
                "ok"
            } else {
                "skipped"
            },
        };
        self.summary_line(sink.out(), &summary, input.non_utf8_name());
    }

    /// Reports a walk error as [`report_walk_error`] does; with
    /// `--summary`, a path that could not be read also gets a summary
    /// record (`status` `error`).
    pub(crate) fn walk_error(&self, e: &Error, stats: &Stats, sink: &mut Sink<'_, '_>) {
        report_walk_error(e, stats, sink);
        let path = match e {
            Error::Walk { path, .. } | Error::Read { path, .. } => &path.0,
            _ => return,
        };
        if !self.summary || path.as_os_str().is_empty() {
            return;
        }
        let summary = crate::record::Summary {
            kind: "summary",
            path: path.to_string_lossy().into_owned(),
            records: 0,
            errors: 1,
            bytes: 0,
            status: "error",
        };
        let input = Input::File {
            path: path.clone(),
            explicit: true,
            root: None,
        };
        self.summary_line(sink.out(), &summary, input.non_utf8_name());
    }

    fn summary_line(
        &self,
        out: &mut Vec<u8>,
        summary: &crate::record::Summary,
        non_utf8: Option<&[u8]>,
    ) {
        jsonl::line_with_path(out, summary, non_utf8);
        self.label(out);
    }
}

/// `urilint extract`: prints every URI found in the inputs, in input
/// order, as plain lines or JSON Lines [`Record`]s. Too-long candidates
/// are reported on standard error as `D003` warnings.
///
/// # Errors
/// [`Error::Walk`] for an invalid glob, [`Error::Write`] when the output
/// cannot be written; a closed pipe (`EPIPE`) is not an error: the run
/// ends early with the counts so far. Unreadable inputs are not errors of
/// the run: they are reported on standard error and counted in [`Stats::errors`].
pub fn extract(
    opts: &RunOptions,
    ex: &ExtractOptions,
    outputs: Outputs<'_>,
) -> Result<Stats, Error> {
    extract_split(opts, ex, outputs, SplitOptions::from_env())
}

/// [`extract`], one large mapped plain-text input split across the run's
/// threads as `split` says ([`crate::split`]; [`extract`] takes
/// [`SplitOptions::from_env`]): the output is the same whatever `split`
/// and the thread count. Every option of `extract` keeps its meaning over
/// the whole input: `--unique` and its counts are decided as the chunks'
/// entries are written, in order ([`pipeline::Sink::absorb`]);
/// `--summary` counts the whole input; line numbers and byte offsets are
/// the whole input's.
///
/// # Errors
/// As [`extract`].
pub fn extract_split(
    opts: &RunOptions,
    ex: &ExtractOptions,
    outputs: Outputs<'_>,
    split: SplitOptions,
) -> Result<Stats, Error> {
    let stats = Stats::default();
    let json = opts.format == Format::Jsonl;
    let mut scan = scan_options(opts, json || ex.style.line_number);
    scan.relative_in_angle = ex.base.is_some();
    let resolve_opts = ResolveOptions {
        grammar: opts.grammar,
        ..ResolveOptions::default()
    };
    let inputs = walk::inputs(&opts.paths, &opts.walk)?;
    let extras = JsonExtras::of(opts);
    let result = crate::progress::with_progress(opts.progress, &stats, || {
        pipeline::run(
            inputs,
            &PipelineOptions {
                count: json.then_some(jsonl::with_count as pipeline::CountEntry),
                window: window(opts),
                ..PipelineOptions::new(opts.threads, ex.unique)
            },
            outputs,
            |input, sink| {
                extras.per_input(
                    input,
                    &stats,
                    sink,
                    |s| Stats::get(&s.uris),
                    |stats, sink| {
                        let ctx = ExtractInput {
                            name: input.name(),
                            input,
                            opts,
                            ex,
                            json,
                            resolve_opts,
                            stats,
                            extras: &extras,
                        };
                        match open_reader(input, opts.input_format, opts.mmap, stats, sink) {
                            None => {}
                            Some(Reader::Text(r)) => {
                                scan_reader(&ctx.name, r, &scan, stats, sink, |found, sink| {
                                    ctx.found(found, None, sink)
                                })
                            }
                            Some(Reader::Mapped(m)) if split.splits(m.len(), opts.threads) => {
                                scan_split(
                                    &ctx.name,
                                    m,
                                    &scan,
                                    split.chunk,
                                    opts.threads - 1,
                                    stats,
                                    sink,
                                    &chunks::EachItem::new(|found, base, sink| {
                                        ctx.found_in_chunk(found, base, sink)
                                    }),
                                )
                            }
                            Some(Reader::Mapped(m)) => {
                                scan_mapped(&ctx.name, m, &scan, stats, sink, |found, sink| {
                                    ctx.found(found, None, sink)
                                })
                            }
                            Some(Reader::Decoded(input)) => decoded::scan(
                                &ctx.name,
                                input,
                                format::ReadOptions {
                                    mail: opts.mail,
                                    include_code: opts.include_code,
                                    references: false,
                                    mdx: false,
                                    math: false,
                                    markdown_description: false,
                                },
                                decode_helpers(opts.threads),
                                &scan,
                                stats,
                                sink,
                                |unit, piece, found, sink, _| {
                                    ctx.found(found, Some((unit, piece)), sink)
                                },
                            ),
                        }
                    },
                )
            },
            |e, sink| extras.walk_error(e, &stats, sink),
        )
    });
    output_closed(result)?;
    Ok(stats)
}

/// `text`, an HTML attribute value's URI, as a browser reads it (URL
/// Standard, basic URL parser): ASCII tabs and line breaks removed, spaces
/// percent-encoded (`%20`), and `"` (`%22`: in the path, query and
/// fragment percent-encode sets) but in an opaque path (`mailto:a"b`,
/// where only C0 controls are encoded); as it is when it holds none.
fn as_browser_reads(text: &str) -> std::borrow::Cow<'_, str> {
    if !text
        .bytes()
        .any(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'"'))
    {
        return std::borrow::Cow::Borrowed(text);
    }
    // The end of an opaque path: a scheme, then no `/`, up to `?` or `#`.
    let opaque_end = if crate::grammar::has_scheme(text) {
        let after = text.find(':').map_or(text.len(), |n| n + 1);
        if text[after..].starts_with('/') {
            0
        } else {
            text[after..]
                .find(['?', '#'])
                .map_or(text.len(), |n| after + n)
        }
    } else {
        0
    };
    let mut out = String::with_capacity(text.len() + 8);
    for (i, ch) in text.char_indices() {
        match ch {
            '\t' | '\n' | '\r' => {}
            ' ' => out.push_str("%20"),
            '"' if i >= opaque_end => out.push_str("%22"),
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// One input of `extract`.
struct ExtractInput<'a> {
    name: String,
    input: &'a Input,
    opts: &'a RunOptions,
    ex: &'a ExtractOptions,
    json: bool,
    resolve_opts: ResolveOptions,
    stats: &'a Stats,
    extras: &'a JsonExtras,
}

impl ExtractInput<'_> {
    /// Prints what the scanner found: in plain text (`at` is `None`), or
    /// in a piece of a decoded unit.
    fn found(&self, found: Found<'_>, at: Option<(&Unit, &Piece)>, sink: &mut Sink<'_, '_>) {
        self.found_shifted(found, at, 0, 0, sink);
    }

    /// [`ExtractInput::found`] for an item of a chunk of a split input
    /// ([`scan_split`]): its offsets and lines made the whole input's.
    fn found_in_chunk(&self, found: Found<'_>, base: &ChunkBase<'_, ()>, sink: &mut Sink<'_, '_>) {
        match found {
            Found::TooLong(t) => {
                let t = crate::scan::TooLong {
                    offset: t.offset + base.bytes,
                    position: t.position.map(|p| Position {
                        line: p.line + base.lines(),
                        column: p.column,
                    }),
                    ..t
                };
                self.found(Found::TooLong(t), None, sink);
            }
            Found::Uri(c) => {
                // Positions are counted only when printed: then the base
                // is known already.
                let lines = if c.start().is_some() { base.lines() } else { 0 };
                self.found_shifted(Found::Uri(c), None, base.bytes, lines, sink);
            }
        }
    }

    /// [`ExtractInput::found`], a plain-text URI's byte offsets moved by
    /// `bytes` and its lines by `lines`.
    fn found_shifted(
        &self,
        found: Found<'_>,
        at: Option<(&Unit, &Piece)>,
        bytes: u64,
        lines: u64,
        sink: &mut Sink<'_, '_>,
    ) {
        match found {
            Found::Uri(c) => self.uri(c, at, bytes, lines, sink),
            Found::TooLong(t) => self.too_long(&t, at, sink),
        }
    }

    /// [`ExtractInput::found_shifted`] of a URI: taken (its role, as a
    /// browser reads it, resolved against the base, unwrapped) and printed
    /// as a plain line or a JSON Lines record; left out when it is an
    /// identifier not asked for, or relative without a base.
    #[inline]
    fn uri(
        &self,
        c: Candidate<'_>,
        at: Option<(&Unit, &Piece)>,
        bytes: u64,
        lines: u64,
        sink: &mut Sink<'_, '_>,
    ) {
        let role = at.map_or(Role::Link, |(_, p)| Role::of(&p.kind, p.references));
        if !role.is_followed() && !self.ex.include_identifiers {
            return;
        }
        // An HTML attribute value as a browser reads it (URL
        // Standard, "basic URL parser"): tabs and line breaks
        // removed, inner spaces percent-encoded.
        let as_read = match at {
            Some((_, p)) if p.references => as_browser_reads(c.text()),
            _ => std::borrow::Cow::Borrowed(c.text()),
        };
        // A relative reference (found with a base, or in an HTML
        // attribute) is printed resolved; without a base it is
        // left out.
        // A relative `<base href>` is resolved against --base
        // (the document's own URL); without one it cannot be, and
        // the page's relative references are left out as on a
        // page without a base.
        let page_base = at.and_then(|(_, p)| p.base.as_deref());
        let joined;
        let base = match (page_base, self.ex.base.as_deref()) {
            (Some(b), given) if crate::grammar::has_scheme(b) => Some(b).or(given),
            (Some(b), Some(given)) => {
                joined = resolve_str(given, b, self.resolve_opts).ok();
                joined.as_deref()
            }
            (Some(_), None) => None,
            (None, given) => given,
        };
        let resolved = match (base, c.relative()) {
            (Some(base), true) => match resolve_str(base, &as_read, self.resolve_opts) {
                Ok(target) => Some(target),
                Err(e) => {
                    sink.message(&format!(
                        "urilint: {}: cannot resolve {}: {e}",
                        self.input.display_name(),
                        crate::output::escape::name(c.text())
                    ));
                    return;
                }
            },
            (None, true) => return,
            _ => None,
        };
        Stats::add(&self.stats.uris, 1);
        let mut uri = resolved.as_deref().unwrap_or(&as_read);
        let unwrapped = if self.ex.unwrap {
            crate::unwrap::unwrap(uri)
        } else {
            None
        };
        if let Some(u) = &unwrapped {
            uri = &u.uri;
        }
        if !self.json {
            self.plain_line(&c, at, uri, lines, sink);
            sink.end_entry(Some(uri));
            return;
        }
        let taken = Taken {
            role,
            as_read: &as_read,
            resolved: resolved.as_deref(),
            unwrapped: unwrapped.as_ref(),
        };
        self.record_line(&c, at, &taken, bytes, lines, sink);
        sink.end_entry(Some(uri));
    }

    /// A URI's plain line ([`plain::uri_line`]): `uri` as printed, on its
    /// line (in a piece of a decoded unit, or in plain text moved by
    /// `lines`).
    #[inline]
    fn plain_line(
        &self,
        c: &Candidate<'_>,
        at: Option<(&Unit, &Piece)>,
        uri: &str,
        lines: u64,
        sink: &mut Sink<'_, '_>,
    ) {
        let name = &self.name;
        // Plain output prints the line and the name only:
        // the rest of `Located` (the raw text, the origin's
        // copies of the message's fields) is not made.
        match at {
            Some((unit, piece)) => {
                // Only what the style prints is made: the
                // line (located through the piece's chain)
                // and the `file#message` name.
                let style = self.ex.style;
                let line = style
                    .line_number
                    .then(|| Located::start_of(unit, piece, c).line);
                let shown = if style.with_filename {
                    std::borrow::Cow::Owned(unit.display_name(name))
                } else {
                    std::borrow::Cow::Borrowed(name.as_str())
                };
                plain::uri_line(sink.out(), style, &shown, line, uri);
            }
            None => {
                let line = c.start().map(|p| p.line + lines);
                plain::uri_line(sink.out(), self.ex.style, name, line, uri);
            }
        }
    }

    /// A URI's JSON Lines record ([`jsonl::record_line`]) and the run's
    /// labels: located in a piece of a decoded unit, or in plain text
    /// moved by `bytes` and `lines`.
    #[inline]
    fn record_line(
        &self,
        c: &Candidate<'_>,
        at: Option<(&Unit, &Piece)>,
        taken: &Taken<'_>,
        bytes: u64,
        lines: u64,
        sink: &mut Sink<'_, '_>,
    ) {
        let located = at.map(|(unit, piece)| Located::of(unit, piece, c));
        let mut record = Record::new(&self.name, c, self.opts.grammar);
        record.role = taken.role;
        if taken.as_read != c.text() {
            record.set_uri(taken.as_read.to_string(), self.opts.grammar);
        }
        if let Some(target) = taken.resolved {
            record.reference = Some(std::mem::replace(&mut record.uri, target.to_string()));
        }
        if let Some(u) = taken.unwrapped.cloned() {
            record = record.with_unwrapped(u, self.opts.grammar);
        }
        record.line += lines;
        record.end_line += lines;
        record.byte_start += bytes;
        record.byte_end += bytes;
        if let Some(l) = located {
            record.line = l.start.line;
            record.column = l.start.column;
            record.end_line = l.end.line;
            record.end_column = l.end.column;
            record.byte_start = l.span.start;
            record.byte_end = l.span.end;
            record.raw = l.raw;
            record.origin = Some(Box::new(l.origin));
        }
        jsonl::record_line(sink.out(), &record, self.input.non_utf8_name());
        self.extras.label(sink.out());
    }

    /// [`ExtractInput::found_shifted`] of a candidate too long to take: a
    /// warning on standard error, located in the piece of a decoded unit
    /// when it is in one; none for a `data:` URI, which embeds a resource
    /// (as `D003` exempts it in `check`).
    fn too_long(
        &self,
        t: &crate::scan::TooLong,
        at: Option<(&Unit, &Piece)>,
        sink: &mut Sink<'_, '_>,
    ) {
        if t.data {
            return;
        }
        Stats::add(&self.stats.findings, 1);
        let mut d = lint::check_too_long(&self.name, t);
        if let Some((unit, piece)) = at {
            let decoded = t.position.unwrap_or(Position { line: 1, column: 1 });
            let l = Located::new(unit, piece, t.offset..t.offset, decoded);
            d.line = l.start.line;
            d.column = l.start.column;
        }
        sink.message(&format!(
            "urilint: {}:{}:{}: warning: {} {}",
            d.path, d.line, d.column, d.code, d.message
        ));
    }
}

/// What `extract` made of one URI ([`ExtractInput::uri`]), for its JSON
/// Lines record.
struct Taken<'t> {
    /// What the reference is to the document (a link, an identifier).
    role: Role,
    /// Its text as a browser reads it ([`as_browser_reads`]).
    as_read: &'t str,
    /// The URI resolved against the base, when it was relative.
    resolved: Option<&'t str>,
    /// With `--unwrap`: the wrapped link taken apart.
    unwrapped: Option<&'t crate::unwrap::Unwrapped>,
}
