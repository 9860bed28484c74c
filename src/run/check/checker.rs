//! The [`Checker`]: one input's check, with the run's linter, rules and
//! link checks, and what it emits to the input's sink (findings filtered by
//! suppression markers, `--since` and the write policy).

use std::sync::atomic::{AtomicU64, Ordering};

use super::*;
use crate::fix::write::WritePolicy;
use crate::fix::{Applicability, Fix};
use crate::format::detect::InputFormat;
use crate::format::writes::{NotWritten, Writes};
use crate::format::ReadOptions;
use crate::lines::{Lines, ReadAt};
use crate::links::LocalLinks;
use crate::lint::rules::missing_local_target;
use crate::lint::suppress::suppressed;
use crate::lint::{Diagnostic, Linter, RuleSet};
use crate::pipeline::Sink;
use crate::run::Stats;
use crate::scan::{Found, ScanOptions};
use crate::sink::{Notice, ReadBack};
use crate::source::Input;

/// One input's check.
pub(super) struct Checker<'a> {
    pub(super) input: &'a Input,
    /// `--links local`: what local links are checked with.
    pub(super) links: Option<&'a LocalLinks>,
    /// `--links site`: the built site whose broken links this file's
    /// links may have made.
    pub(super) built: Option<&'a crate::links::built::BuiltSite>,
    /// `[links]` `ignore`: targets never reported missing.
    pub(super) link_ignore: Option<&'a crate::links::ignore::LinkIgnore>,
    /// `--since`: the run's changes and this file's.
    pub(super) since: Option<(&'a crate::since::Since, crate::since::FileChanges<'a>)>,
    /// `--since`: the byte offsets of the `L001` findings whose target was
    /// renamed or deleted since the revision (reported on any line).
    pub(super) moved_links: std::sync::Mutex<std::collections::HashSet<u64>>,
    pub(super) name: String,
    pub(super) linter: &'a Linter,
    pub(super) rules: &'a RuleSet,
    pub(super) scan: &'a ScanOptions,
    pub(super) stats: &'a Stats,
    /// When `Some`, [`Checker::emit`] collects the findings here instead of
    /// emitting them (`--add-ignore`).
    pub(super) collected: std::sync::Mutex<Option<Vec<Diagnostic>>>,
    /// The input is a document an editor holds ([`Editor`]): no fix is
    /// written, so none is said to be withheld.
    pub(super) in_editor: bool,
    pub(super) write: &'a WritePolicy,
    pub(super) input_format: InputFormat,
    /// Whether a large file is scanned through a map (report mode only).
    pub(super) mmap: crate::source::Mmap,
    /// What to read of decoded inputs.
    pub(super) read: ReadOptions,
    /// Threads that decode a mailbox's messages beside this one.
    pub(super) decode_helpers: usize,
    /// `--add-ignore`: the sites pages are looked up in (a Docusaurus
    /// page compiled as MDX gets `{/* */}` markers).
    pub(super) sites: &'a crate::fix::add_ignore::Sites,
    /// Report, fix, diff or add markers.
    pub(super) mode: FixMode,
    /// Fixes that `--fix` would apply but the file does not take
    /// ([`crate::format::writes`]), since the last message about them.
    pub(super) withheld: AtomicU64,
    /// A document held in memory for an editor ([`Editor`]): the tree its
    /// file is in, within which its local links are resolved (a framed
    /// document of standard input has none: its links are not checked).
    pub(super) document_tree: Option<&'a std::path::Path>,
    /// When a large mapped plain-text input is split across threads
    /// ([`Checker::splits`]).
    pub(super) split: crate::split::SplitOptions,
    /// The run's threads (`-j`).
    pub(super) threads: usize,
}

impl Checker<'_> {
    /// Lints one found item into `out`; with `count`, counts its URI.
    pub(super) fn lint(&self, found: &Found<'_>, out: &mut Vec<Diagnostic>, count: bool) {
        self.lint_with(self.linter, found, out, count);
    }

    /// [`Checker::lint`] with `linter` (the input's, or a chunk's copy of
    /// it that notes remote links apart, [`super::chunked`]).
    pub(super) fn lint_with(
        &self,
        linter: &Linter,
        found: &Found<'_>,
        out: &mut Vec<Diagnostic>,
        count: bool,
    ) {
        match found {
            Found::Uri(c) => {
                if count {
                    Stats::add(&self.stats.uris, 1);
                }
                linter.check_candidate(&self.name, c, self.rules, out);
            }
            Found::TooLong(t) => out.extend(linter.check_too_long(&self.name, t, self.rules)),
        }
    }

    /// True when a mapped plain-text input of `len` bytes is checked in
    /// chunks across the run's threads ([`super::chunked`]): as
    /// [`crate::split::SplitOptions::splits`] says, unless the findings
    /// are collected (`--add-ignore`, whose markers follow the findings'
    /// order) or the input is an editor's.
    pub(super) fn splits(&self, len: usize) -> bool {
        self.split.splits(len, self.threads) && !self.in_editor && !self.collected_mode()
    }

    /// True when `--fix` would apply `fix` (a safe one, or any with
    /// `--unsafe-fixes`).
    pub(super) fn applies(&self, fix: &Fix) -> bool {
        self.linter.unsafe_fixes || fix.applicability == Applicability::Safe
    }

    /// Keeps the fix of `d`, found in a file read as plain text (its edits
    /// are the file's offsets), only where the file takes it
    /// ([`crate::format::writes`]): anywhere in prose, inside the URI's
    /// bytes in a data file (parsed again before it is written), nowhere
    /// else. A fix taken away that `--fix` would have applied is counted
    /// in [`Checker::withheld`].
    pub(super) fn text_policy(&self, writes: Writes, d: &mut Diagnostic, count: bool) {
        let Some(fix) = &d.fix else { return };
        let keep = match writes {
            Writes::Document(_) => true,
            Writes::Data(_) => crate::fix::place::inside_uri(fix, &d.uri_span),
            Writes::ReportOnly(NotWritten::Code("Python")) => docstring_fix(d, fix),
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
    pub(super) fn emit<S: ReadAt>(
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
    /// directory since (its relative links start from elsewhere), or an
    /// `L002` finding for a link to a heading reworded since.
    pub(super) fn new_since(&self, d: &Diagnostic) -> bool {
        let Some((_, file)) = &self.since else {
            return true;
        };
        if self.in_editor {
            // The server's `since` gives fixes; every finding is shown.
            return true;
        }
        if file.touches(d.line, d.end_line) {
            return true;
        }
        let moved_link = || {
            self.moved_links
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .contains(&d.byte_offset)
        };
        (d.code == missing_local_target::RULE.code && (file.moved_directory || moved_link()))
            // A link to a heading reworded since (issue 51).
            || (d.code == crate::lint::rules::missing_anchor::RULE.code && moved_link())
    }

    /// Prints each of `found` that no `urilint: ignore` marker suppresses,
    /// with the lines around it read back from `lines` (without them,
    /// nothing is suppressed and there is no excerpt).
    pub(super) fn emit_unsuppressed<S: ReadAt>(
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
    pub(super) fn say_withheld(&self, input: &Input, writes: Writes, sink: &mut Sink<'_, '_>) {
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
    pub(super) fn take_collected(&self) -> Vec<Diagnostic> {
        self.collected
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
            .unwrap_or_default()
    }

    /// True while findings are collected for `--add-ignore`.
    pub(super) fn collected_mode(&self) -> bool {
        self.collected
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .is_some()
    }
}

/// True when `fix` of the finding `d` in a Python file may be written:
/// `d` is a link of a docstring that a page renders (read by the
/// format layer's lexer of string literals, `format::python_docstring`,
/// which gives a fix only where the literal's bytes are the docstring's
/// text as they are), every edit lies inside the link, and writes only
/// letters, digits, `-`, `_` and `.` (a heading's id: no quote, backslash
/// or line break, so the literal stays the same literal). The rest of
/// the file is never written.
fn docstring_fix(d: &Diagnostic, fix: &Fix) -> bool {
    let docstring = d
        .origin
        .as_ref()
        .is_some_and(|o| o.segment == "python-docstring");
    let plain = fix.edits.iter().all(|e| {
        e.replacement
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
    });
    docstring && plain && crate::fix::place::inside_uri(fix, &d.uri_span)
}
