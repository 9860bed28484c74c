//! Units of a decoded input: a message of a mailbox, a message file, an
//! HTML page; each read whole (up to a limit) and decoded into pieces.
//!
//! This module owns reading an input of a decoded format as a sequence of
//! [`Unit`]s with their [`Piece`]s, and turning a byte offset in the file
//! into a line and column ([`Unit::position`]). It holds one unit at a
//! time: memory is bounded by the largest message (at most
//! [`super::mbox::MAX_MESSAGE`] bytes), not by the file. It does not own
//! scanning the pieces (`crate::run`).

use std::cell::RefCell;
use std::io::{self, BufRead, BufReader, Read};

use super::detect::InputFormat;
use super::mail::{self, MailOptions, MessageInfo, Piece};
use super::map::Chain;
use super::mbox::{self, Mbox, MAX_MESSAGE};
use super::ReadOptions;
use crate::position::{LineTracker, Position};

/// One unit of a decoded input.
pub struct Unit {
    /// The unit's bytes as stored in the file (a message still
    /// `>From `-quoted).
    pub raw: Vec<u8>,
    /// Byte offset of `raw` in the file (0-based).
    pub offset: u64,
    /// Line of `raw`'s first byte in the file (1-based).
    pub line: u64,
    /// For a message: its index in the file (0-based), the offset of its
    /// separator line, and its header information.
    pub message: Option<(u64, u64, MessageInfo)>,
    /// True for a message of a mailbox (not a file that is one message).
    pub in_mailbox: bool,
    /// What was wrong with it (see [`mail::Message::problems`]).
    pub problems: Vec<String>,
    /// Lines counted over `raw` so far.
    tracker: RefCell<LineTracker>,
}

impl Unit {
    fn new(raw: Vec<u8>, offset: u64, line: u64) -> Unit {
        Unit {
            raw,
            offset,
            line,
            message: None,
            in_mailbox: false,
            problems: Vec::new(),
            tracker: RefCell::new(LineTracker::new()),
        }
    }

    /// The line and column (1-based, as [`crate::position`] counts them:
    /// lines end at LF, CRLF or a lone CR; each byte that is not part of
    /// a valid UTF-8 sequence is one column) of file offset `at`, which
    /// must lie in this unit (`raw` starts a line). Cheap for offsets
    /// asked in increasing order.
    pub fn position(&self, at: u64) -> Position {
        let rel = at.saturating_sub(self.offset).min(self.raw.len() as u64);
        let mut tracker = self.tracker.borrow_mut();
        if rel < tracker.offset() {
            *tracker = LineTracker::new();
        }
        let from = tracker.offset() as usize;
        tracker.advance(&self.raw[from..rel as usize]);
        let p = tracker.position();
        Position {
            line: p.line + self.line - 1,
            column: p.column,
        }
    }

    /// The original bytes of file span `span` (clamped to the unit).
    pub fn bytes(&self, span: std::ops::Range<u64>) -> &[u8] {
        let s = (span.start.saturating_sub(self.offset) as usize).min(self.raw.len());
        let e = (span.end.saturating_sub(self.offset) as usize).clamp(s, self.raw.len());
        &self.raw[s..e]
    }
}

/// The bytes of a unit read at file offsets (for the lines around a
/// finding, [`crate::lines::Lines`]): offsets outside the unit read as
/// its ends.
pub struct UnitBytes<'a> {
    /// The unit's bytes.
    pub raw: &'a [u8],
    /// Their offset in the file.
    pub offset: u64,
}

impl crate::lines::ReadAt for UnitBytes<'_> {
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> io::Result<usize> {
        let rel = (offset.saturating_sub(self.offset) as usize).min(self.raw.len());
        let n = buf.len().min(self.raw.len() - rel);
        buf[..n].copy_from_slice(&self.raw[rel..rel + n]);
        Ok(n)
    }
}

/// Reads `reader`, an input in `format` (not [`InputFormat::Text`] nor
/// `Auto`), unit by unit, and calls `each` with each unit and its pieces
/// (whose chains give file offsets), in the order of the file, on this
/// thread.
///
/// # Errors
/// A read error of `reader`, or the first error `each` returns.
pub fn for_each<R, F>(
    reader: R,
    format: InputFormat,
    opts: ReadOptions,
    mut each: F,
) -> io::Result<()>
where
    R: Read,
    F: FnMut(&Unit, Vec<Piece>) -> io::Result<()>,
{
    map_in_order(reader, format, opts, 0, |u, p| (u, p), |(u, p)| each(&u, p))
}

/// Reads `reader` as [`for_each`] does, calls `map` with each unit and
/// its pieces, and `fold` with what `map` returned, in the order of the
/// file.
///
/// With `helpers` above 0, the messages of a mailbox are decoded (MIME,
/// transfer encodings, charsets, HTML) and given to `map` on that many
/// threads of their own, while this thread splits the mailbox and runs
/// `fold`: a message is decoded and mapped on one thread, and only what
/// `map` returns crosses to this one. Messages go out in batches of about
/// [`BATCH_BYTES`], at most [`AHEAD_BYTES`] bytes of them (or one batch)
/// in flight. What `fold`
/// sees does not depend on `helpers`; when no thread can be started, the
/// messages are decoded in turn.
///
/// # Errors
/// A read error of `reader`, or the first error `fold` returns.
pub fn map_in_order<R, T, M, F>(
    reader: R,
    format: InputFormat,
    opts: ReadOptions,
    helpers: usize,
    map: M,
    mut fold: F,
) -> io::Result<()>
where
    R: Read,
    T: Send,
    M: Fn(Unit, Vec<Piece>) -> T + Sync,
    F: FnMut(T) -> io::Result<()>,
{
    match format {
        InputFormat::Mbox => {
            let boxed = Mbox::new(BufReader::with_capacity(256 * 1024, reader));
            if helpers == 0 {
                read_mbox(boxed, opts.mail, &map, &mut fold)
            } else {
                read_mbox_helped(boxed, opts.mail, helpers, &map, &mut fold)
            }
        }
        InputFormat::Markdown | InputFormat::Rst | InputFormat::Asciidoc | InputFormat::Roff => {
            let (raw, truncated) = read_capped(reader)?;
            let segments = match format {
                InputFormat::Rst => super::rst::segments(&raw, opts.include_code),
                InputFormat::Asciidoc => super::asciidoc::segments(&raw),
                InputFormat::Roff => super::roff::segments(&raw, opts.include_code),
                _ => super::markdown::segments(&raw, opts.include_code),
            };
            let pieces = pieces_of(segments);
            let mut unit = Unit::new(raw, 0, 1);
            if truncated {
                unit.problems.push(format!(
                    "longer than {} MiB: only its start is read",
                    MAX_MESSAGE / (1024 * 1024)
                ));
            }
            fold(map(unit, pieces))
        }
        InputFormat::Mail => {
            let (raw, truncated) = read_capped(reader)?;
            let decoded = mail::read(&raw, opts.mail);
            let mut unit = Unit::new(raw, 0, 1);
            unit.message = Some((0, 0, decoded.info));
            unit.problems = decoded.problems;
            if truncated {
                unit.problems.push(format!(
                    "message longer than {} MiB: only its start is read",
                    MAX_MESSAGE / (1024 * 1024)
                ));
            }
            fold(map(unit, decoded.pieces))
        }
        _ => read_html(reader, opts.include_code, &mut |unit, pieces| {
            fold(map(unit, pieces))
        }),
    }
}

/// The most bytes of messages handed to a helper at once (256 KiB, or
/// one message when it is bigger), so that threads wake each other once
/// per batch, not once per message ([`map_in_order`]).
pub const BATCH_BYTES: usize = 256 * 1024;

/// The most bytes of messages split and not yet folded when decoding is
/// helped (8 MiB), unless one batch alone is bigger.
pub const AHEAD_BYTES: usize = 8 * 1024 * 1024;

/// The messages of `boxed`, decoded and mapped in turn.
fn read_mbox<R, T, M, F>(
    mut boxed: Mbox<R>,
    opts: MailOptions,
    map: &M,
    fold: &mut F,
) -> io::Result<()>
where
    R: BufRead,
    M: Fn(Unit, Vec<Piece>) -> T,
    F: FnMut(T) -> io::Result<()>,
{
    while let Some(m) = boxed.next_message()? {
        let (unit, pieces) = decode_message(m, opts);
        fold(map(unit, pieces))?;
    }
    Ok(())
}

/// `messages` decoded, mapped and folded in turn on this thread.
fn decode_in_turn<T, M, F>(
    messages: Vec<mbox::RawMessage>,
    opts: MailOptions,
    map: &M,
    fold: &mut F,
) -> io::Result<()>
where
    M: Fn(Unit, Vec<Piece>) -> T,
    F: FnMut(T) -> io::Result<()>,
{
    for m in messages {
        let (unit, pieces) = decode_message(m, opts);
        fold(map(unit, pieces))?;
    }
    Ok(())
}

/// The messages of `boxed`, decoded and mapped on `helpers` threads: this
/// thread splits the mailbox and hands the messages out in numbered
/// batches, the helpers decode and map them, and this thread folds the
/// results in their order, holding the batches that came early.
fn read_mbox_helped<R, T, M, F>(
    mut boxed: Mbox<R>,
    opts: MailOptions,
    helpers: usize,
    map: &M,
    fold: &mut F,
) -> io::Result<()>
where
    R: BufRead,
    T: Send,
    M: Fn(Unit, Vec<Piece>) -> T + Sync,
    F: FnMut(T) -> io::Result<()>,
{
    use std::collections::BTreeMap;
    use std::sync::{mpsc, Mutex};

    // The first batch is split before any thread starts: a mailbox that
    // fits in it is decoded here (starting threads would cost more).
    let (first, first_bytes, mut split_all) = next_batch(&mut boxed)?;
    if split_all {
        return decode_in_turn(first, opts, map, fold);
    }
    let stopped = || io::Error::other("the mail decoding threads stopped");
    let (work_tx, work_rx) = mpsc::channel::<(u64, Vec<mbox::RawMessage>)>();
    let (done_tx, done_rx) = mpsc::channel::<(u64, usize, Vec<T>)>();
    let work_rx = Mutex::new(work_rx);
    std::thread::scope(|scope| {
        let mut started = 0;
        for _ in 0..helpers {
            let work_rx = &work_rx;
            let done_tx = done_tx.clone();
            let helper = std::thread::Builder::new()
                .name("urilint-mail".to_string())
                .spawn_scoped(scope, move || loop {
                    // A poisoned lock: another helper panicked; stop.
                    let next = match work_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok((seq, batch)) = next else { return };
                    let size = batch.iter().map(|m| m.bytes.len()).sum();
                    let mapped = batch
                        .into_iter()
                        .map(|m| {
                            let (unit, pieces) = decode_message(m, opts);
                            map(unit, pieces)
                        })
                        .collect();
                    // A closed channel: this thread stopped (an error).
                    if done_tx.send((seq, size, mapped)).is_err() {
                        return;
                    }
                });
            if helper.is_ok() {
                started += 1;
            }
        }
        drop(done_tx);
        if started == 0 {
            drop(work_tx);
            decode_in_turn(first, opts, map, fold)?;
            return read_mbox(boxed, opts, map, fold);
        }
        work_tx.send((0, first)).map_err(|_| stopped())?;
        let mut sent = 1u64;
        let mut next = 0u64;
        let mut ahead_bytes = first_bytes;
        let mut early: BTreeMap<u64, Vec<T>> = BTreeMap::new();
        loop {
            while !split_all && (ahead_bytes < AHEAD_BYTES || sent == next) {
                let (batch, bytes, ended) = next_batch(&mut boxed)?;
                split_all = ended;
                if batch.is_empty() {
                    break;
                }
                ahead_bytes += bytes;
                work_tx.send((sent, batch)).map_err(|_| stopped())?;
                sent += 1;
            }
            if next == sent {
                return Ok(());
            }
            let mapped = loop {
                if let Some(t) = early.remove(&next) {
                    break t;
                }
                let (seq, size, t) = done_rx.recv().map_err(|_| stopped())?;
                ahead_bytes -= size.min(ahead_bytes);
                early.insert(seq, t);
            };
            next += 1;
            for t in mapped {
                fold(t)?;
            }
        }
    })
}

/// The next messages of `boxed`, up to [`BATCH_BYTES`] of them (the last
/// one may go past it), their size in bytes, and true when the mailbox
/// has no more after them.
///
/// # Errors
/// A read error of the mailbox.
fn next_batch<R: BufRead>(boxed: &mut Mbox<R>) -> io::Result<(Vec<mbox::RawMessage>, usize, bool)> {
    let mut batch = Vec::new();
    let mut bytes = 0;
    while bytes < BATCH_BYTES {
        match boxed.next_message()? {
            Some(m) => {
                bytes += m.bytes.len();
                batch.push(m);
            }
            None => return Ok((batch, bytes, true)),
        }
    }
    Ok((batch, bytes, false))
}

/// One message of a mailbox decoded: its unit and pieces, the pieces'
/// chains giving file offsets (through `>From ` unquoting).
fn decode_message(m: mbox::RawMessage, opts: MailOptions) -> (Unit, Vec<Piece>) {
    let unquoted = mbox::unquote_from(&m.bytes);
    let decoded = match &unquoted {
        Some((bytes, _)) => mail::read(bytes, opts),
        None => mail::read(&m.bytes, opts),
    };
    let start = m.start;
    let mut unit = Unit::new(m.bytes, m.start, m.line);
    unit.message = Some((m.index, m.offset, decoded.info));
    unit.in_mailbox = true;
    unit.problems = decoded.problems;
    if m.truncated {
        unit.problems.push(format!(
            "message longer than {} MiB: only its start is read",
            MAX_MESSAGE / (1024 * 1024)
        ));
    }
    let map = unquoted.map(|(_, map)| std::sync::Arc::new(map));
    let pieces = decoded
        .pieces
        .into_iter()
        .map(|mut p| {
            let chain = std::mem::take(&mut p.chain);
            let chain = match &map {
                Some(map) => chain.then_map(map.clone()),
                None => chain,
            };
            p.chain = chain.then_shift(start);
            p
        })
        .collect();
    (unit, pieces)
}

/// The most bytes of an HTML document tokenized at once (4 MiB): a
/// longer one is read in windows that end just before a `<` that starts
/// a line, each a [`Unit`], so that memory stays bounded and every byte
/// is read. The tokenizer starts afresh in each window (a window that
/// starts inside a `<script>` or a comment reads it as text).
pub const HTML_WINDOW: usize = 4 * 1024 * 1024;

fn read_html<R, F>(reader: R, include_code: bool, each: &mut F) -> io::Result<()>
where
    R: Read,
    F: FnMut(Unit, Vec<Piece>) -> io::Result<()>,
{
    read_html_in(reader, HTML_WINDOW, include_code, each)
}

/// [`read_html`] with windows of `window` bytes.
fn read_html_in<R, F>(reader: R, window: usize, include_code: bool, each: &mut F) -> io::Result<()>
where
    R: Read,
    F: FnMut(Unit, Vec<Piece>) -> io::Result<()>,
{
    let mut r = BufReader::new(reader);
    let mut carry: Vec<u8> = Vec::new();
    let mut offset = 0u64;
    let mut line = 1u64;
    loop {
        let mut buf = std::mem::take(&mut carry);
        let want = window.saturating_sub(buf.len()).max(1);
        let got = (&mut r).take(want as u64).read_to_end(&mut buf)?;
        if buf.is_empty() {
            return Ok(());
        }
        let cut = if got < want {
            buf.len()
        } else {
            window_end(&buf)
        };
        carry = buf.split_off(cut);
        let pieces = pieces_of(super::html::document_segments(&buf, include_code))
            .into_iter()
            .map(|mut p| {
                p.chain = std::mem::take(&mut p.chain).then_shift(offset);
                p
            })
            .collect();
        let lines = memchr::memchr_iter(b'\n', &buf).count() as u64;
        let unit = Unit::new(buf, offset, line);
        each(unit, pieces)?;
        offset += cut as u64;
        line += lines;
    }
}

/// The pieces of a file's segments (their maps relative to the file).
fn pieces_of(segments: Vec<super::Segment>) -> Vec<Piece> {
    segments
        .into_iter()
        .map(|seg| Piece {
            text: seg.text,
            kind: seg.kind,
            chain: Chain::new(vec![seg.map], 0),
            part: None,
            base: seg.base,
            references: seg.references,
        })
        .collect()
}

/// Where a full window of HTML ends: just after the last line break
/// followed by `<` in its second half, else before its last `<`, else at
/// its end.
fn window_end(buf: &[u8]) -> usize {
    let half = buf.len() / 2;
    if let Some(p) = memchr::memmem::rfind(&buf[half..], b"\n<") {
        return half + p + 1;
    }
    match memchr::memrchr(b'<', &buf[half..]) {
        Some(p) if half + p > 0 => half + p,
        _ => buf.len(),
    }
}

/// Reads at most [`MAX_MESSAGE`] bytes of `reader`; true when there was
/// more (the rest is read and dropped, so that a pipe is drained).
fn read_capped<R: Read>(reader: R) -> io::Result<(Vec<u8>, bool)> {
    let mut buf = Vec::new();
    let mut r = BufReader::new(reader);
    (&mut r).take(MAX_MESSAGE as u64).read_to_end(&mut buf)?;
    let mut more = false;
    loop {
        let n = r.fill_buf()?.len();
        if n == 0 {
            break;
        }
        more = true;
        r.consume(n);
    }
    Ok((buf, more))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_html_is_read_whole_in_windows() {
        let mut html = b"<!DOCTYPE html>\n<html><body>\n".to_vec();
        for i in 0..200 {
            html.extend_from_slice(
                format!("<p><a href=\"http://a.example/{i}\">x</a></p>\n").as_bytes(),
            );
        }
        let mut found = Vec::new();
        let mut units = 0;
        read_html_in(&html[..], 512, false, &mut |u: Unit, pieces: Vec<Piece>| {
            units += 1;
            for p in pieces {
                if p.references {
                    let span = p.chain.span(0..p.text.len() as u64);
                    assert_eq!(u.bytes(span.clone()), &p.text[..]);
                    assert_eq!(&html[span.start as usize..span.end as usize], &p.text[..]);
                    let at = u.position(span.start);
                    let line = html[..span.start as usize]
                        .iter()
                        .filter(|&&b| b == b'\n')
                        .count() as u64
                        + 1;
                    assert_eq!(at.line, line);
                    found.push(String::from_utf8_lossy(&p.text).into_owned());
                }
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(units > 10, "{units} windows");
        let want: Vec<String> = (0..200).map(|i| format!("http://a.example/{i}")).collect();
        assert_eq!(found, want);
    }
}
