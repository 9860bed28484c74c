//! What a check says, as typed events, and where they go: the [`Sink`]
//! trait (ripgrep's `grep-searcher` `Sink`, typos' `Report`).
//!
//! The checker (`urilint check`'s per-input work, `crate::run`) emits, for
//! each input, the findings it reports ([`Sink::diagnostic`]) and what it
//! has to say about the input ([`Sink::notice`], a [`Notice`]), between
//! [`Sink::begin`] and [`Sink::end`]. It formats no text: the command
//! line's printers (`crate::output::printer`, with the `cli` feature) are
//! sinks that render each event in the run's format, and the language
//! server collects them ([`Collect`]). No output is parsed back.
//!
//! This module owns the event types and the trait; it does not own the
//! order of the inputs (the command line's `pipeline` delivers each
//! input's events in input order) nor how an event is rendered.

use std::fmt;
use std::io;

use crate::lines::{Excerpt, Lines, ReadAt};
use crate::lint::Diagnostic;
use crate::output::escape;
use crate::position::ColumnUnit;
use crate::source::Input;

/// Why a document of framed standard input (`--stdin-format`) is never
/// fixed or rewritten (the text of [`Notice::NotAFile`]).
pub const NOT_A_FILE: &str =
    "a document of framed standard input (--stdin-format) is not a file, and is never written";

/// Something the checker says about an input or the run, besides its
/// findings: an input skipped or read in part, a fix not written, an
/// error. Each variant's `Display` is the line `urilint check` prints on
/// standard error for it, without the line end and before control
/// characters are escaped ([`crate::output::escape::text`]). Names are
/// inputs' names as shown (`-` for standard input).
#[derive(Debug)]
#[non_exhaustive]
pub enum Notice {
    /// An error of the run about one input or path, whose text names it
    /// (an unreadable file, a walk error, a file not written back).
    Error(crate::error::Error),
    /// A path the walk could not read or list (its error, naming it).
    Walk {
        /// The error, as a sentence naming the path.
        error: String,
    },
    /// Reading input `name` failed (part way through, or before a fix).
    ReadFailed {
        /// The input.
        name: String,
        /// What failed.
        error: io::Error,
    },
    /// Decoding input `name` (mail, Markdown, HTML, ...) failed; the name
    /// is shown escaped ([`crate::output::escape::name`]).
    DecodeFailed {
        /// The input.
        name: String,
        /// What failed.
        error: io::Error,
    },
    /// A problem of a decoded unit (a message of a mailbox, a document):
    /// read on with what could be decoded.
    DecodeWarning {
        /// The unit: the input's name, with `#N` (1-based message number
        /// in a mailbox) and ` (<message id>)` when it has them.
        unit: String,
        /// The problem, as a sentence.
        problem: String,
    },
    /// Input `name` skipped as binary (a NUL byte in its first 8 KiB).
    Binary {
        /// The input.
        name: String,
    },
    /// Input `name` skipped as UTF-16 text (a byte-order mark).
    Utf16 {
        /// The input.
        name: String,
    },
    /// Input `name` is mail, news or gzip, which urilint never writes:
    /// not fixed.
    NeverWritten {
        /// The input.
        name: String,
        /// What it is ("a mailbox (mbox)", "gzip-compressed", ...).
        kind: &'static str,
        /// True when its findings are reported from its decoded text
        /// instead (a file); false for standard input, passed through.
        reported: bool,
    },
    /// Input `name` skipped: it is the remote cache (`--cache`).
    IsRemoteCache {
        /// The input.
        name: String,
    },
    /// Input `name` skipped: it is the `--output-file`.
    IsOutputFile {
        /// The input.
        name: String,
    },
    /// A configuration that cannot be used: the files under it are not
    /// checked (said once).
    InvalidConfig {
        /// The configuration's error, naming its file.
        error: String,
    },
    /// Input `name` skipped: it holds the test examples of a parser.
    TestExamples {
        /// The input.
        name: String,
        /// Whose examples they are.
        what: &'static str,
    },
    /// `count` fixes of input `name` that `--fix` would apply are not
    /// applied, for `why`.
    FixesNotApplied {
        /// The input.
        name: String,
        /// How many.
        count: u64,
        /// Why, as a sentence.
        why: String,
    },
    /// A document of framed standard input is not fixed ([`NOT_A_FILE`]).
    NotAFile {
        /// The input.
        name: String,
    },
    /// `--add-ignore` on standard input, which is not a file.
    AddIgnoreStdin,
    /// `count` findings of input `name` got no `urilint: ignore` marker
    /// (`--add-ignore`), for `why`.
    NotMarked {
        /// The input.
        name: String,
        /// How many.
        count: usize,
        /// Why, as a sentence.
        why: String,
    },
    /// Input `name` is over `mib` MiB, the most read whole, so read only
    /// in part: not fixed.
    ReadInPart {
        /// The input.
        name: String,
        /// The cap, in MiB.
        mib: usize,
    },
    /// `count` edits of data file `name` are not applied: the file would
    /// not parse to the same structure.
    EditsNotApplied {
        /// The input.
        name: String,
        /// How many.
        count: usize,
        /// The data format ("YAML", "JSON", ...).
        format: &'static str,
    },
    /// The remote cache cannot be used: the run goes on without one.
    CacheUnusable {
        /// Why, naming the cache file.
        error: String,
    },
    /// The remote cache could not be saved.
    CacheNotSaved {
        /// Why, naming the cache file.
        error: String,
    },
    /// What the remote check found (`--links remote`), in one line.
    Remote {
        /// The line: counts of links by outcome.
        summary: String,
    },
    /// No remote request got an answer (no host name resolved, or every
    /// request failed at the network level): the run exits 3
    /// ([`crate::remote::verdict::offline`]).
    RemoteOffline {
        /// The line, from [`crate::remote::verdict::offline_message`].
        message: String,
    },
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::Error(e) => write!(f, "urilint: {e}"),
            Notice::Walk { error } => write!(f, "urilint: {error}"),
            Notice::ReadFailed { name, error } => write!(f, "urilint: {name}: {error}"),
            Notice::DecodeFailed { name, error } => {
                write!(f, "urilint: {}: {error}", escape::name(name))
            }
            Notice::DecodeWarning { unit, problem } => {
                write!(f, "urilint: {}: warning: {problem}", escape::name(unit))
            }
            Notice::Binary { name } => write!(
                f,
                "urilint: {name}: skipped: binary (a NUL byte in its first 8 KiB)"
            ),
            Notice::Utf16 { name } => write!(
                f,
                "urilint: {name}: skipped: UTF-16 text (byte-order mark); convert it to UTF-8 to scan it"
            ),
            Notice::NeverWritten {
                name,
                kind,
                reported,
            } => {
                write!(
                    f,
                    "urilint: {name}: is {kind}; urilint never writes into mail, news or gzip files: not fixed"
                )?;
                if *reported {
                    f.write_str(" (findings are reported from its decoded text)")?;
                }
                Ok(())
            }
            Notice::IsRemoteCache { name } => {
                write!(f, "urilint: {name}: skipped: it is the remote cache (--cache)")
            }
            Notice::IsOutputFile { name } => {
                write!(f, "urilint: {name}: skipped: it is the --output-file")
            }
            Notice::InvalidConfig { error } => {
                write!(f, "urilint: {error} (files under it are not checked)")
            }
            Notice::TestExamples { name, what } => write!(
                f,
                "urilint: {name}: skipped: {what}, whose URIs are test inputs; name the file to check it"
            ),
            Notice::FixesNotApplied { name, count, why } => write!(
                f,
                "urilint: {name}: {count} fix{} not applied: {why}",
                if *count == 1 { "" } else { "es" }
            ),
            Notice::NotAFile { name } => write!(f, "urilint: {name}: {NOT_A_FILE}: not fixed"),
            Notice::AddIgnoreStdin => f.write_str(
                "urilint: -: --add-ignore writes markers into files; standard input is not one",
            ),
            Notice::NotMarked { name, count, why } => {
                write!(f, "urilint: {name}: {count} finding(s) not marked: {why}")
            }
            Notice::ReadInPart { name, mib } => write!(
                f,
                "urilint: {name}: over {mib} MiB, read only in part: not fixed"
            ),
            Notice::EditsNotApplied {
                name,
                count,
                format,
            } => write!(
                f,
                "urilint: {name}: {count} edit{} not applied: the {format} file would not parse to the same structure",
                if *count == 1 { "" } else { "s" }
            ),
            Notice::CacheUnusable { error } => write!(
                f,
                "urilint: warning: --links remote: cache {error} (the run goes on without a cache)"
            ),
            Notice::CacheNotSaved { error } => {
                write!(f, "urilint: warning: --links remote: cache {error}")
            }
            Notice::Remote { summary } => write!(f, "urilint: remote: {summary}"),
            Notice::RemoteOffline { message } => write!(f, "urilint: {message}"),
        }
    }
}

/// The lines of an input, read back around a finding by byte offset
/// ([`Lines`]): what a sink may ask for to print an excerpt or count a
/// column in another unit.
pub trait ReadBack {
    /// The whole lines holding bytes `start..end` (0-based byte offsets
    /// of the input), cut to a bound either side; `None` when they cannot
    /// be read back (standard input more than its window back).
    fn around(&mut self, start: u64, end: u64) -> Option<Excerpt>;

    /// The 1-based column of byte offset `at` (0-based) on its line,
    /// counted in `unit`; `None` when the line cannot be read back.
    fn column(&mut self, unit: ColumnUnit, at: u64) -> Option<u64>;
}

impl<S: ReadAt> ReadBack for Lines<S> {
    fn around(&mut self, start: u64, end: u64) -> Option<Excerpt> {
        Lines::around(self, start, end).ok()
    }

    fn column(&mut self, unit: ColumnUnit, at: u64) -> Option<u64> {
        Lines::column(self, unit, at).ok()
    }
}

/// Where the checker's events go. Positions are those of [`Diagnostic`]:
/// lines and columns 1-based, columns in Unicode scalar values, byte
/// offsets 0-based into the input as read (the file's bytes).
///
/// For one input the events come in this order: [`Sink::begin`], its
/// findings in file order and its notices as they happen, [`Sink::end`].
/// A notice about no input (a path the walk could not read) comes
/// between inputs.
pub trait Sink {
    /// Input `input`'s events start.
    fn begin(&mut self, input: &Input) {
        let _ = input;
    }

    /// A finding to report (not suppressed, new with `--since`), with the
    /// lines of its input when they can be read back.
    fn diagnostic(&mut self, d: &Diagnostic, lines: Option<&mut dyn ReadBack>);

    /// A finding left in the fixed text of standard input by `check --fix
    /// -`, whose output is that text: the command line says it on
    /// standard error. By default, [`Sink::diagnostic`].
    fn finding_left(&mut self, d: &Diagnostic, lines: Option<&mut dyn ReadBack>) {
        self.diagnostic(d, lines);
    }

    /// Something said about an input or the run.
    fn notice(&mut self, notice: Notice);

    /// Input `input`'s events end.
    fn end(&mut self, input: &Input) {
        let _ = input;
    }
}

/// A sink that keeps the events (the language server's): the first
/// [`Collect::limit`] findings, a count of the rest, and every notice.
#[derive(Debug)]
pub struct Collect {
    /// The findings kept, in the order they came.
    pub diagnostics: Vec<Diagnostic>,
    /// The most findings kept in [`Collect::diagnostics`].
    pub limit: usize,
    /// How many findings came past [`Collect::limit`] (counted, not held).
    pub left_out: u64,
    /// The notices, in the order they came.
    pub notices: Vec<Notice>,
}

impl Collect {
    /// An empty collection keeping at most `limit` findings.
    pub fn new(limit: usize) -> Self {
        Collect {
            diagnostics: Vec::new(),
            limit,
            left_out: 0,
            notices: Vec::new(),
        }
    }
}

impl Sink for Collect {
    fn diagnostic(&mut self, d: &Diagnostic, _: Option<&mut dyn ReadBack>) {
        if self.diagnostics.len() < self.limit {
            self.diagnostics.push(d.clone());
        } else {
            self.left_out += 1;
        }
    }

    fn notice(&mut self, notice: Notice) {
        self.notices.push(notice);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each notice's text is the line `check` printed before notices were
    /// typed (the format strings of `run/check.rs`, `run/mod.rs` and
    /// `run/decoded.rs` at 5ce8639), byte for byte.
    #[test]
    fn notices_say_what_check_said() {
        let name = || "d/a.txt".to_string();
        let io = || io::Error::other("boom");
        let cases: Vec<(Notice, &str)> = vec![
            (
                Notice::Walk {
                    error: "d: Permission denied".to_string(),
                },
                "urilint: d: Permission denied",
            ),
            (
                Notice::ReadFailed {
                    name: name(),
                    error: io(),
                },
                "urilint: d/a.txt: boom",
            ),
            (
                Notice::DecodeFailed {
                    name: "a\nb".to_string(),
                    error: io(),
                },
                "urilint: a\\nb: boom",
            ),
            (
                Notice::DecodeWarning {
                    unit: "m.mbox#2 (<id@x>)".to_string(),
                    problem: "bad base64".to_string(),
                },
                "urilint: m.mbox#2 (<id@x>): warning: bad base64",
            ),
            (
                Notice::Binary { name: name() },
                "urilint: d/a.txt: skipped: binary (a NUL byte in its first 8 KiB)",
            ),
            (
                Notice::Utf16 { name: name() },
                "urilint: d/a.txt: skipped: UTF-16 text (byte-order mark); convert it to UTF-8 to scan it",
            ),
            (
                Notice::NeverWritten {
                    name: name(),
                    kind: "gzip-compressed",
                    reported: true,
                },
                "urilint: d/a.txt: is gzip-compressed; urilint never writes into mail, news or gzip files: not fixed (findings are reported from its decoded text)",
            ),
            (
                Notice::NeverWritten {
                    name: "-".to_string(),
                    kind: "a mailbox (mbox)",
                    reported: false,
                },
                "urilint: -: is a mailbox (mbox); urilint never writes into mail, news or gzip files: not fixed",
            ),
            (
                Notice::IsRemoteCache { name: name() },
                "urilint: d/a.txt: skipped: it is the remote cache (--cache)",
            ),
            (
                Notice::IsOutputFile { name: name() },
                "urilint: d/a.txt: skipped: it is the --output-file",
            ),
            (
                Notice::InvalidConfig {
                    error: "urilint.toml: bad".to_string(),
                },
                "urilint: urilint.toml: bad (files under it are not checked)",
            ),
            (
                Notice::TestExamples {
                    name: name(),
                    what: "CommonMark's spec examples",
                },
                "urilint: d/a.txt: skipped: CommonMark's spec examples, whose URIs are test inputs; name the file to check it",
            ),
            (
                Notice::FixesNotApplied {
                    name: name(),
                    count: 1,
                    why: "why".to_string(),
                },
                "urilint: d/a.txt: 1 fix not applied: why",
            ),
            (
                Notice::FixesNotApplied {
                    name: name(),
                    count: 2,
                    why: "why".to_string(),
                },
                "urilint: d/a.txt: 2 fixes not applied: why",
            ),
            (
                Notice::NotAFile { name: name() },
                "urilint: d/a.txt: a document of framed standard input (--stdin-format) is not a file, and is never written: not fixed",
            ),
            (
                Notice::AddIgnoreStdin,
                "urilint: -: --add-ignore writes markers into files; standard input is not one",
            ),
            (
                Notice::NotMarked {
                    name: name(),
                    count: 3,
                    why: "no comments".to_string(),
                },
                "urilint: d/a.txt: 3 finding(s) not marked: no comments",
            ),
            (
                Notice::ReadInPart {
                    name: name(),
                    mib: 64,
                },
                "urilint: d/a.txt: over 64 MiB, read only in part: not fixed",
            ),
            (
                Notice::EditsNotApplied {
                    name: name(),
                    count: 1,
                    format: "YAML",
                },
                "urilint: d/a.txt: 1 edit not applied: the YAML file would not parse to the same structure",
            ),
            (
                Notice::EditsNotApplied {
                    name: name(),
                    count: 2,
                    format: "JSON",
                },
                "urilint: d/a.txt: 2 edits not applied: the JSON file would not parse to the same structure",
            ),
            (
                Notice::CacheUnusable {
                    error: "c.json: bad".to_string(),
                },
                "urilint: warning: --links remote: cache c.json: bad (the run goes on without a cache)",
            ),
            (
                Notice::CacheNotSaved {
                    error: "c.json: bad".to_string(),
                },
                "urilint: warning: --links remote: cache c.json: bad",
            ),
            (
                Notice::Remote {
                    summary: "3 alive".to_string(),
                },
                "urilint: remote: 3 alive",
            ),
            (
                Notice::RemoteOffline {
                    message: "no link could be checked".to_string(),
                },
                "urilint: no link could be checked",
            ),
        ];
        for (notice, text) in cases {
            assert_eq!(notice.to_string(), text);
        }
    }

    #[test]
    fn collect_keeps_the_first_findings_and_counts_the_rest() {
        let d = Diagnostic {
            path: "a".to_string(),
            line: 1,
            column: 1,
            byte_offset: 0,
            end_line: 1,
            end_column: 2,
            uri_span: 0..1,
            code: "U001",
            rule: "x",
            severity: crate::lint::Severity::Error,
            message: String::new(),
            uri: "x".to_string(),
            fix: None,
            origin: None,
            remote: None,
        };
        let mut c = Collect::new(2);
        for _ in 0..5 {
            c.diagnostic(&d, None);
        }
        c.notice(Notice::AddIgnoreStdin);
        assert_eq!(c.diagnostics.len(), 2);
        assert_eq!(c.left_out, 3);
        assert!(matches!(c.notices[..], [Notice::AddIgnoreStdin]));
    }
}
