//! Report mode: an input scanned in bounded memory (a mapped file, a
//! stream, or the units of a decoded format) and each finding emitted as
//! it is found.

use std::fs::File;
use std::io::Read;
use std::sync::atomic::Ordering;

use super::*;
use crate::format::detect::InputFormat;
use crate::format::mail::Piece;
use crate::format::unit::Unit;
use crate::format::writes::{NotWritten, Writes};
use crate::lines::{Lines, Window};
use crate::lint::markdown_links;
use crate::lint::rules::missing_local_target;
use crate::lint::suppress::suppressed;
use crate::lint::Diagnostic;
use crate::pipeline::Sink;
use crate::position::Position;
use crate::run::decoded::{Decodable, Located, UnitLines};
use crate::run::{
    decoded, open_reader_classified, open_reader_held, scan_mapped, scan_reader, Reader, Stats,
};
use crate::scan::Found;
use crate::source::Input;

impl Checker<'_> {
    /// Streams the findings of `input`, each with its fix as `--fix` would
    /// write it (or none).
    pub(super) fn report(&self, input: &Input, sink: &mut Sink<'_, '_>) {
        match input {
            Input::Stdin { .. } => self.report_stdin(input, sink),
            Input::Document { bytes, .. } => self.report_document(input, bytes, sink),
            Input::File { .. } => self.report_file(input, sink),
        }
    }

    /// [`Checker::report`] of standard input: read once, its lines read
    /// back from a bounded window of it.
    fn report_stdin(&self, input: &Input, sink: &mut Sink<'_, '_>) {
        let mut found: Vec<Diagnostic> = Vec::new();
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
            Some((Reader::Decoded(decoded), w)) => {
                self.report_decoded(decoded, w, sink);
                return self.say_withheld(input, w, sink);
            }
        };
        // Standard input is read once; lines are read back from a
        // bounded window of it (no temporary file).
        let keep =
            Window::<Box<dyn Read + Send>>::keep_for(self.scan.chunk_size, self.scan.max_uri_len);
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

    /// [`Checker::report`] of a document held in memory (an editor's, or
    /// one of framed standard input), never written.
    fn report_document(&self, input: &Input, bytes: &[u8], sink: &mut Sink<'_, '_>) {
        let mut found: Vec<Diagnostic> = Vec::new();
        // Held in memory: lines are read back from it.
        let mut lines = Lines::with_scanned_markers(bytes);
        match open_reader_classified(input, self.input_format, self.mmap, self.stats, sink) {
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
            Some((Reader::Decoded(decoded), writes)) => {
                self.report_decoded(decoded, writes, sink);
            }
        }
        // Framed documents are never written: nothing to say.
        self.withheld.store(0, Ordering::Relaxed);
    }

    /// [`Checker::report`] of a file, scanned as a stream or through a
    /// map, its lines read back through a second handle.
    fn report_file(&self, input: &Input, sink: &mut Sink<'_, '_>) {
        let mut found: Vec<Diagnostic> = Vec::new();
        // Lines are read back through a second handle on the file
        // that is scanned (never by its path again: M10 of the
        // 2026-11-26 review).
        let opened = open_reader_held(input, self.input_format, self.mmap, self.stats, sink);
        let (opened, held) = match opened {
            Some((r, w, f)) => (Some((r, w)), f),
            None => (None, None),
        };
        // Positional reads (`pread`): the descriptors share one
        // file offset, which the scanner's reads move.
        let mut lines: Option<Lines<&File>> = held.as_ref().map(Lines::with_scanned_markers);
        let writes = opened
            .as_ref()
            .map_or(Writes::ReportOnly(NotWritten::Unknown), |(_, w)| *w);
        // The links of a Python file's docstrings that pages render
        // (`--links local`), given out in file order among the others.
        let mut docstrings: std::collections::VecDeque<Diagnostic> =
            self.docstring_findings(held.as_ref()).into();
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
            let first = found.first().map_or(u64::MAX, |d| d.byte_offset);
            let mut before: Vec<Diagnostic> = Vec::new();
            while docstrings.front().is_some_and(|d| d.byte_offset < first) {
                before.extend(docstrings.pop_front());
            }
            self.emit_unsuppressed(&before, lines.as_mut(), sink);
            self.emit_unsuppressed(&found, lines.as_mut(), sink);
        };
        match opened {
            None => {}
            Some((Reader::Text(r), _)) => {
                scan_reader(&self.name, r, self.scan, self.stats, sink, each);
            }
            Some((Reader::Mapped(m), _)) if self.splits(m.len()) => {
                self.report_split(m, held.as_ref(), writes, sink);
            }
            Some((Reader::Mapped(m), _)) => {
                scan_mapped(&self.name, m, self.scan, self.stats, sink, each);
            }
            Some((Reader::Decoded(decoded), _)) => {
                self.report_decoded(decoded, writes, sink);
            }
        }
        let rest: Vec<Diagnostic> = docstrings.into_iter().collect();
        self.emit_unsuppressed(&rest, lines.as_mut(), sink);
        self.say_withheld(input, writes, sink);
    }

    /// [`Checker::report_file`] of a mapped plain-text file split across
    /// the run's threads ([`super::chunked`]), its lines read back through
    /// `held`: the findings and notices of one pass over the whole map.
    fn report_split(
        &self,
        map: crate::mmap::Mapping,
        held: Option<&File>,
        writes: Writes,
        sink: &mut Sink<'_, '_>,
    ) {
        let job = super::chunked::SplitReport {
            checker: self,
            held,
            writes,
            collecting: self.linter.remote.as_deref().filter(|r| r.is_collecting()),
            heads: super::chunked::Heads::default(),
        };
        crate::run::scan_split(
            &self.name,
            map,
            self.scan,
            self.split.chunk,
            self.threads.saturating_sub(1),
            self.stats,
            sink,
            &job,
        );
    }

    /// Streams the findings of a decoded input (mail, news, HTML,
    /// Markdown, reStructuredText, AsciiDoc, roff, gzip): the rules run on
    /// each piece's decoded text; every finding is placed in the file
    /// through the piece's map and names its message and part; its fix is
    /// placed the same way where the document takes it
    /// ([`crate::format::writes::place_fix`]; mail is never written).
    /// Suppression markers and the human excerpt are read from the unit's
    /// original bytes.
    pub(super) fn report_decoded(
        &self,
        input: Decodable<Box<dyn Read + Send>>,
        writes: Writes,
        sink: &mut Sink<'_, '_>,
    ) {
        self.report_decoded_with(input, writes, sink, true, self.stats);
    }

    /// [`Checker::report_decoded`]; with `lint` false only the local links
    /// are checked (`--links local` after `--fix`, whose other findings
    /// come from the fix passes). Inputs and bytes read are counted in
    /// `reads`, findings in the job's stats.
    pub(super) fn report_decoded_with(
        &self,
        input: Decodable<Box<dyn Read + Send>>,
        writes: Writes,
        sink: &mut Sink<'_, '_>,
        lint: bool,
        reads: &Stats,
    ) {
        // The findings of a whole Markdown document (L003-L005), given
        // out in file order among the others. A document is one unit,
        // read on one thread.
        let format = input.format();
        let per_document = lint && format == InputFormat::Markdown;
        // Sphinx cross-references (`:doc:`, `:ref:`, `toctree`) and
        // mkdocs-autorefs' (`[text][id]`), with `--links local`.
        let xref_document =
            self.links.is_some() && matches!(format, InputFormat::Markdown | InputFormat::Rst);
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
            input,
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
                let mut found = Vec::new();
                if per_document {
                    found = markdown_links::findings(&self.name, unit, self.rules);
                }
                if xref_document {
                    found.extend(self.xref_findings(unit, format));
                    found.extend(self.autoref_findings(unit, format));
                    found.sort_by_key(|d| d.byte_offset);
                }
                if per_document || xref_document {
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
    /// take ([`Checker::withheld`]).
    pub(super) fn decoded_found(
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
            let routed = routed_link(unit, piece, c);
            moved_link = self.check_link(
                links,
                c,
                piece.base.as_deref(),
                conditional,
                routed,
                &mut found,
            );
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
            if moved_link
                && (d.code == missing_local_target::RULE.code
                    || d.code == crate::lint::rules::missing_anchor::RULE.code)
            {
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
}

/// True when the candidate `c` of `piece` (of `unit`) is the destination
/// of a Markdown link or reference definition (not an image, an autolink
/// or raw HTML) whose title does not say `:ignore`: the links a docsify
/// site routes ([`crate::links::LocalLinks::docsify_routed_file`];
/// docsify's compiler, `getAndRemoveConfig`: `[x](a.py ':ignore')` is
/// left as written).
fn routed_link(unit: &Unit, piece: &Piece, c: &crate::scan::Candidate<'_>) -> bool {
    use crate::format::SegmentKind;
    if !matches!(piece.kind, SegmentKind::MarkdownLink("link" | "definition")) {
        return false;
    }
    let end = piece.chain.span(c.outer_span()).end;
    let Some(start) = end
        .checked_sub(unit.offset)
        .and_then(|e| usize::try_from(e).ok())
    else {
        return true;
    };
    let after = unit.raw.get(start..).unwrap_or_default();
    let title = &after[..after.len().min(120)];
    let title = title
        .iter()
        .position(|&b| b == b'\n' || b == b')')
        .map_or(title, |n| &title[..n]);
    !title.windows(7).any(|w| w == b":ignore")
}
