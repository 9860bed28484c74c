//! Running the scanner over a decoded input (mail, news, HTML, gzip),
//! and mapping what it finds back into the file.
//!
//! This module owns the loop over an input's units and pieces
//! ([`crate::format::unit`]): each piece's decoded text is scanned as a
//! file is, and each candidate is located in the file through the piece's
//! chain of offset maps ([`Located`]). It does not own what `extract` and
//! `check` do with a candidate.

use std::io::Read;
use std::ops::Range;

use super::Stats;
use crate::format::detect::InputFormat;
use crate::format::mail::Piece;
use crate::format::mbox;
use crate::format::origin::{Origin, PartRef};
use crate::format::unit::{self, Unit};
use crate::format::ReadOptions;
use crate::format::{OffsetMap, SegmentKind};
use crate::lines::Lines;
use crate::pipeline::Sink;
use crate::position::Position;
use crate::scan::{Candidate, Found, ScanBuffers, ScanOptions, Scanner};
use crate::sink::Sink as _;

/// An input to decode ([`scan_units`]).
pub(crate) enum Decodable<R> {
    /// A stream in a format (never text or auto).
    Stream(R, InputFormat),
    /// A mailbox mapped into memory ([`crate::source::Opened::MappedMailbox`]):
    /// split into messages in place, each copied and decoded by the
    /// thread that takes it.
    MappedMailbox(crate::mmap::Mapping),
}

impl<R> Decodable<R> {
    /// The format it is decoded as.
    pub(crate) fn format(&self) -> InputFormat {
        match self {
            Decodable::Stream(_, format) => *format,
            Decodable::MappedMailbox(_) => InputFormat::Mbox,
        }
    }
}

/// The length of the text scanned for `piece`: its text, or for a piece
/// that is one URI reference, its value without leading and trailing
/// white space and with `<` and `>` around it ([`scan`]).
pub(crate) fn scanned_len(piece: &Piece) -> u64 {
    if !piece.references {
        return piece.text.len() as u64;
    }
    let t = &piece.text;
    let lead = t.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let trail = t[lead..]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    (t.len() - lead - trail) as u64 + 2
}

/// The lines of one unit's original bytes, at file offsets.
pub(crate) type UnitLines<'u> = Lines<unit::UnitBytes<'u>>;

/// Where a candidate found in a piece is in the file.
pub(crate) struct Located {
    /// Its bytes in the file (0-based, end exclusive): the original bytes
    /// its decoded text came from (a base64 span widened to whole
    /// 4-character groups).
    pub span: Range<u64>,
    /// Position of `span.start`.
    pub start: Position,
    /// Position of `span.end`.
    pub end: Position,
    /// The file's bytes at `span`, lossily UTF-8.
    pub raw: String,
    /// Message, part and segment.
    pub origin: Origin,
}

impl Located {
    /// Locates decoded span `span` of `piece` (whose text starts at
    /// decoded position `decoded`) in `unit`.
    pub fn new(unit: &Unit, piece: &Piece, span: Range<u64>, decoded: Position) -> Located {
        let file = piece.chain.span(span);
        let start = unit.position(file.start);
        let end = unit.position(file.end);
        let raw = String::from_utf8_lossy(unit.bytes(file.clone())).into_owned();
        let (message, message_offset, info) = match &unit.message {
            Some((i, o, info)) => (Some(*i), Some(*o), Some(info)),
            None => (None, None, None),
        };
        let field = match &piece.kind {
            SegmentKind::Header(name) => Some(name.clone()),
            SegmentKind::HtmlAttribute { element, attribute }
            | SegmentKind::XmlAttribute { element, attribute } => {
                Some(format!("{element}@{attribute}"))
            }
            SegmentKind::MarkdownLink(what)
            | SegmentKind::Code(what)
            | SegmentKind::RstLink(what)
            | SegmentKind::RoffLink(what)
            | SegmentKind::HtmlFallback(what) => Some(what.to_string()),
            _ => None,
        };
        Located {
            span: file,
            start,
            end,
            raw,
            origin: Origin {
                message,
                in_mailbox: unit.in_mailbox,
                message_offset,
                message_id: info.and_then(|i| i.message_id.clone()),
                date: info.and_then(|i| i.date.clone()),
                from: info.and_then(|i| i.from.clone()),
                subject: info.and_then(|i| i.subject.clone()),
                part: piece.part.as_ref().map(|p| PartRef {
                    index: p.index.clone(),
                    content_type: p.content_type.clone(),
                }),
                segment: piece.kind.name(),
                field,
                in_code: matches!(piece.kind, SegmentKind::Code(_)),
                decoded_line: decoded.line,
                decoded_column: decoded.column,
            },
        }
    }

    /// The line and column in the file where candidate `c` of `piece`
    /// starts: [`Located::of`]'s `start`, without the rest (for plain
    /// output, which prints the line only).
    pub fn start_of(unit: &Unit, piece: &Piece, c: &Candidate<'_>) -> Position {
        unit.position(piece.chain.span(c.span()).start)
    }

    /// [`Located::new`] for a candidate; its decoded position is 1:1
    /// when the scan had no positions ([`ScanOptions::positions`]).
    pub fn of(unit: &Unit, piece: &Piece, c: &Candidate<'_>) -> Located {
        let at = c.start().unwrap_or(Position { line: 1, column: 1 });
        Located::new(unit, piece, c.span(), at)
    }
}

/// Reads `reader` in `format` and calls `each` with every candidate (and
/// too-long candidate) found in the decoded text of each piece, with its
/// unit and piece; candidates have positions in the decoded text
/// ([`Candidate::start`]) when `scan` asks for them
/// ([`ScanOptions::positions`]). A piece that is one URI reference (an HTML attribute
/// value) is scanned as if written `<value>`, so that relative references
/// are found (with [`Candidate::relative`]); the caller decides what to
/// do with them. Problems of a unit (an unknown charset, truncated
/// base64) and read errors are reported into the sink naming the file and
/// message; the run goes on. `helpers` threads decode a mailbox's
/// messages beside this one ([`unit::for_each`]). `each` also gets the
/// lines of the unit's original bytes, one [`Lines`] per unit (for
/// suppression markers and excerpts: read in order, the unit is read once
/// whatever the number of findings).
#[allow(clippy::too_many_arguments)]
pub(crate) fn scan<R, F>(
    name: &str,
    input: Decodable<R>,
    read: ReadOptions,
    helpers: usize,
    scan: &ScanOptions,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
    each: F,
) where
    R: Read,
    F: Fn(&Unit, &Piece, Found<'_>, &mut Sink<'_, '_>, &mut UnitLines<'_>) + Sync,
{
    scan_units(
        name,
        input,
        read,
        helpers,
        scan,
        stats,
        sink,
        each,
        |_| {},
        |_, _, _| {},
    );
}

/// [`scan`], calling `before_unit` with each unit before `each` is
/// called for what its pieces hold, and `after_unit` after, with the
/// unit, the sink and its lines (for what is checked once per document:
/// `crate::lint::markdown_links`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn scan_units<R, F, B, G>(
    name: &str,
    input: Decodable<R>,
    read: ReadOptions,
    helpers: usize,
    scan: &ScanOptions,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
    each: F,
    before_unit: B,
    after_unit: G,
) where
    R: Read,
    F: Fn(&Unit, &Piece, Found<'_>, &mut Sink<'_, '_>, &mut UnitLines<'_>) + Sync,
    B: Fn(&Unit) + Sync,
    G: Fn(&Unit, &mut Sink<'_, '_>, &mut UnitLines<'_>) + Sync,
{
    let format = input.format();
    // A `.mdx` page is read by the MDX parser ([`crate::format::mdx`]).
    let read = ReadOptions {
        mdx: format == InputFormat::Markdown
            && std::path::Path::new(name)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("mdx")),
        ..read
    };
    // Positions in the decoded text ([`Candidate::start`], the origin's
    // decoded line and column) as the caller asks: `extract`'s plain
    // output prints file lines ([`Located::start_of`]) and needs none.
    let pieces_scan = PieceScan::new(scan);
    let parts = sink.parts();
    // Runs where the unit was decoded (a helper thread for a mailbox's
    // message); only the part's bytes cross to this thread.
    let map = |unit: Unit, pieces: Vec<Piece>| {
        let mut part = parts.sink();
        if !unit.problems.is_empty() {
            let label = match &unit.message {
                Some((_, _, info)) if !unit.in_mailbox => match &info.message_id {
                    Some(id) => format!("{name} (<{id}>)"),
                    None => name.to_string(),
                },
                Some((i, _, info)) => match &info.message_id {
                    Some(id) => format!("{name}#{i} (<{id}>)"),
                    None => format!("{name}#{i}"),
                },
                None => name.to_string(),
            };
            for p in &unit.problems {
                part.notice(crate::sink::Notice::DecodeWarning {
                    unit: label.clone(),
                    problem: p.clone(),
                });
            }
        }
        let mut lines = Lines::new(unit::UnitBytes {
            raw: &unit.raw,
            offset: unit.offset,
        });
        before_unit(&unit);
        // The scanner's buffers, and the `<value>` of a reference, kept
        // on this thread from piece to piece and unit to unit.
        let mut kept = KEPT.take();
        for mut piece in pieces {
            pieces_scan.scan(&mut piece, &mut kept, |piece, found| {
                each(&unit, piece, found, &mut part, &mut lines);
            });
        }
        // What grew past its bound (a piece of megabytes) is let go.
        if kept.buffers.capacity() + kept.wrapped.capacity() <= KEPT_BYTES {
            KEPT.set(kept);
        }
        after_unit(&unit, &mut part, &mut lines);
        part
    };
    let result = match input {
        Decodable::Stream(reader, format) => {
            let counted = super::Counted::file(reader, stats);
            unit::map_in_order(counted, format, read, helpers, map, |part| {
                sink.absorb(part);
                Ok(())
            })
        }
        Decodable::MappedMailbox(mailbox) => {
            // This thread decodes too: one helper fewer than a stream's.
            let grant = sink.helpers(helpers.saturating_sub(1));
            map_mailbox(&mailbox, read.mail, &grant, stats, map, |part| {
                sink.absorb(part)
            });
            Ok(())
        }
    };
    if let Err(e) = result {
        Stats::add(&stats.errors, 1);
        sink.notice(crate::sink::Notice::DecodeFailed {
            name: name.to_string(),
            error: e,
        });
    }
}

/// Batches of messages of a mapped mailbox taken and not yet folded, per
/// thread ([`map_mailbox`]; at most [`unit::AHEAD_BYTES`] of them in all,
/// as for a stream): 8, where plain text's chunks take 2
/// ([`crate::split::AHEAD_PER_THREAD`]). Messages differ in size far more
/// than chunks do, and a thread that has decoded its batches waits while
/// another decodes a long one: 1.86x at `-j2` against 1.80x with 2 per
/// thread (256 MiB of mail, 15 interleaved rounds, 2026-11-30).
const MAILBOX_AHEAD_PER_THREAD: usize = 8;

/// The messages of `mailbox`, a mailbox mapped into memory, each decoded
/// and given to `map` on this thread or on one of the helper threads
/// `grant` holds (from the run's budget, [`Sink::helpers`]), and what
/// `map` gives handed to `fold` in the messages' order. This
/// thread and the helpers take turns splitting the next batch of
/// messages (about [`unit::BATCH_BYTES`]; [`mbox::Spans`] only searches
/// for separators, under a lock), and each copies and decodes the
/// messages it took: what [`unit::map_in_order`] does with a stream,
/// where one thread splits and copies every message for the others.
fn map_mailbox<T, M, F>(
    mailbox: &crate::mmap::Mapping,
    mail: crate::format::mail::MailOptions,
    grant: &crate::pipeline::Grant<'_>,
    stats: &Stats,
    map: M,
    mut fold: F,
) where
    T: Send,
    M: Fn(Unit, Vec<Piece>) -> T + Sync,
    F: FnMut(T),
{
    Stats::add(&stats.files, 1);
    Stats::add(&stats.bytes, mailbox.len() as u64);
    let bytes = mailbox.bytes();
    let helpers = grant.count();
    let mut spans = mbox::Spans::new(bytes);
    // The pages the split passes over beyond a message's cap are read by
    // no one: handed back as it goes (a message of gigabytes would
    // otherwise stay resident until its batch is folded).
    let mut splitting = mailbox.view(0..mailbox.len());
    // Each batch with the offset where the next begins.
    let next = move || {
        let mut batch = Vec::new();
        let mut size = 0;
        while size < unit::BATCH_BYTES {
            let passed = &mut |r: Range<usize>| splitting.release_before(r.end);
            let Some(span) = spans.next_span_passing(passed) else {
                break;
            };
            size += span.len;
            batch.push(span);
        }
        (!batch.is_empty()).then(|| (batch, spans.split_bytes()))
    };
    // The pages of the batches folded are handed back to the kernel as
    // the fold passes them (every message of theirs was copied out and
    // decoded): the resident set stays bounded, as a mapped text file's
    // does, instead of growing to the whole file.
    let mut folded = mailbox.view(0..mailbox.len());
    crate::split::map_in_order(
        next,
        helpers,
        (MAILBOX_AHEAD_PER_THREAD * (helpers + 1)).min(unit::AHEAD_BYTES / unit::BATCH_BYTES),
        |_, (batch, end): (Vec<mbox::MessageSpan>, usize)| {
            let parts = batch
                .into_iter()
                .map(|span| {
                    let (unit, pieces) = unit::decode_span(bytes, &span, mail);
                    map(unit, pieces)
                })
                .collect::<Vec<_>>();
            (parts, end)
        },
        |(parts, end)| {
            for part in parts {
                fold(part);
            }
            folded.release_before(end);
        },
        || grant.yield_one(),
    );
}

/// How the pieces of a decoded input are scanned ([`scan_units`]; the
/// language server's `crate::server::found` reads a document the same
/// way): a piece's text as a file's, or, for a piece that is one URI
/// reference, its value as if written `<value>`.
pub(crate) struct PieceScan {
    /// The options of a piece of text.
    opts: ScanOptions,
    /// The options of a `<value>`: relative references found, spaces
    /// kept, the whole value one reference.
    in_angle: ScanOptions,
}

impl PieceScan {
    /// Pieces scanned with `scan` (positions in the decoded text as it
    /// asks: [`ScanOptions::positions`]).
    pub(crate) fn new(scan: &ScanOptions) -> PieceScan {
        // Markers are read from the unit's own bytes (`UnitLines`), not
        // noted in a piece's decoded text.
        let opts = ScanOptions {
            markers: false,
            ..scan.clone()
        };
        let mut in_angle = opts.clone();
        in_angle.relative_in_angle = true;
        in_angle.keep_spaces_in_angle = true;
        in_angle.whole_reference = true;
        PieceScan { opts, in_angle }
    }

    /// Calls `each` with every candidate (and too-long candidate) found
    /// in `piece`, in order, with the piece. A piece that is one URI
    /// reference (an HTML attribute value) is scanned as `<value>`
    /// without the value's leading and trailing white space (as HTML's
    /// URL parser strips it), and its chain is extended so that the
    /// candidates' spans still map into the file
    /// ([`crate::format::map::Chain::span`]). `kept` holds the scanner's
    /// buffers from piece to piece.
    pub(crate) fn scan<F>(&self, piece: &mut Piece, kept: &mut Kept, mut each: F)
    where
        F: FnMut(&Piece, Found<'_>),
    {
        let (text, opts) = if piece.references {
            // "<value>": the brackets map to the value's ends.
            let lead = piece
                .text
                .iter()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
            let trail = piece.text[lead..]
                .iter()
                .rev()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
            let value = &piece.text[lead..piece.text.len() - trail];
            let t = &mut kept.wrapped;
            t.clear();
            t.push(b'<');
            t.extend_from_slice(value);
            t.push(b'>');
            let (lead, n) = (lead as u64, value.len() as u64);
            let mut m = OffsetMap::new();
            m.group(lead, 0, 1);
            m.exact(lead, n);
            m.group(lead + n, 0, 1);
            piece.chain = std::mem::take(&mut piece.chain).before(m);
            (&kept.wrapped[..], &self.in_angle)
        } else {
            (&piece.text[..], &self.opts)
        };
        // A piece is in memory already (most are short: an attribute
        // value, a text run): scanned in one window, in buffers kept
        // from the last piece.
        let mut piece_opts = opts.clone();
        // A hard-wrapped bare URI is rejoined in body text (a mail's
        // text part, its reply prefixes removed), not in markup, whose
        // renderer ends a bare link at the line break.
        piece_opts.join_wrapped_lines &= piece.kind == SegmentKind::Text;
        let buffers = std::mem::take(&mut kept.buffers);
        let mut scanner = Scanner::in_memory(text, piece_opts, buffers);
        while let Ok(Some(found)) = scanner.next_found() {
            each(piece, found);
        }
        kept.buffers = scanner.into_buffers();
    }
}

/// What [`scan_units`] keeps on each thread between pieces: the
/// scanner's buffers and the `<value>` text of a reference.
#[derive(Default)]
pub(crate) struct Kept {
    buffers: ScanBuffers,
    wrapped: Vec<u8>,
}

/// The most bytes of [`Kept`] buffers kept on a thread (4 MiB); bigger
/// ones, grown for a long piece, are freed.
const KEPT_BYTES: usize = 4 * 1024 * 1024;

thread_local! {
    /// This thread's [`Kept`] buffers.
    static KEPT: std::cell::Cell<Kept> = std::cell::Cell::new(Kept::default());
}

/// The threads that decode and scan mailboxes' messages beside the ones
/// reading them, for a run of `threads` worker threads: as many for a
/// mailbox read as a stream (the reading thread only splits the mailbox
/// and orders the output, a tenth of the work), one fewer for a mapped
/// one (whose reading thread decodes too, [`Decodable::MappedMailbox`]),
/// none for `-j1`, which asks for one thread. This is a
/// budget shared by all the mailboxes read at once
/// ([`unit::map_in_order`]): a run has at most `threads` helpers alive,
/// not `threads` for each of its workers, and a mailbox that finds none
/// left is decoded on its worker's thread.
pub(crate) fn decode_helpers(threads: usize) -> usize {
    if threads <= 1 {
        0
    } else {
        threads
    }
}
