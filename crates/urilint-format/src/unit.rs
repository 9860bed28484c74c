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
    /// A Markdown document's link references, when the reading asked
    /// for them ([`super::ReadOptions::references`]); `None` otherwise.
    pub references: Option<super::markdown_references::References>,
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
            references: None,
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

    /// The name of its input `file` as plain output gives it
    /// ([`super::origin::Origin::display_name`]): `file#message` for a
    /// message of a mailbox, else `file`.
    pub fn display_name(&self, file: &str) -> String {
        let message = self.message.as_ref().map(|(i, _, _)| *i);
        super::origin::display_name(file, message, self.in_mailbox)
    }

    /// The original bytes of file span `span` (clamped to the unit).
    pub fn bytes(&self, span: std::ops::Range<u64>) -> &[u8] {
        let s = (span.start.saturating_sub(self.offset) as usize).min(self.raw.len());
        let e = (span.end.saturating_sub(self.offset) as usize).clamp(s, self.raw.len());
        &self.raw[s..e]
    }
}

/// The bytes of a unit read at file offsets (for the lines around a
/// finding, urilint's `lines::Lines`): offsets outside the unit read as
/// its ends.
pub struct UnitBytes<'a> {
    /// The unit's bytes.
    pub raw: &'a [u8],
    /// Their offset in the file.
    pub offset: u64,
}

impl urilint_scan::read_at::ReadAt for UnitBytes<'_> {
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> io::Result<usize> {
        let rel = (offset.saturating_sub(self.offset) as usize).min(self.raw.len());
        let n = buf.len().min(self.raw.len() - rel);
        buf[..n].copy_from_slice(&self.raw[rel..rel + n]);
        Ok(n)
    }

    /// The unit's start (a line start: units start at one).
    fn floor(&self) -> u64 {
        self.offset
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
/// transfer encodings, charsets, HTML) and given to `map` on up to that
/// many threads of their own, while this thread splits the mailbox and
/// runs `fold`; `helpers` is a budget shared by every call at once (at
/// most that many helper threads are alive in the process, whatever the
/// number of mailboxes read together; a mailbox that finds none left is
/// decoded in turn): a message is decoded and mapped on one thread, and only what
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
            let mut references = None;
            let mut mdx_problem = None;
            let segments = match format {
                InputFormat::Rst => super::rst::segments(&raw, opts.include_code),
                InputFormat::Asciidoc => super::asciidoc::segments(&raw, opts.include_code),
                InputFormat::Roff => super::roff::segments(&raw, opts.include_code),
                _ if opts.mdx => match super::mdx::segments(&raw, opts.include_code) {
                    Ok(segments) => segments,
                    Err(e) => {
                        mdx_problem = Some(e.to_string());
                        Vec::new()
                    }
                },
                _ => {
                    let (segments, r) = super::markdown::segments_and_references(
                        &raw,
                        opts.include_code,
                        opts.references,
                        opts.math,
                    );
                    references = r;
                    // Jekyll's Liquid links (`{% link x.md %}`), read as
                    // the references they make.
                    let mut segments = segments;
                    let mut more = super::liquid::segments(&raw);
                    if opts.markdown_description {
                        // The front matter `description` the site's
                        // templates render as Markdown.
                        more.extend(super::markdown_front_matter::field_links(
                            &raw,
                            "description",
                        ));
                    }
                    if !more.is_empty() {
                        segments.extend(more);
                        segments.sort_by_key(|s| s.map.start(0));
                    }
                    segments
                }
            };
            let pieces = pieces_of(segments);
            let mut unit = Unit::new(raw, 0, 1);
            unit.references = references;
            unit.problems.extend(mdx_problem);
            if truncated {
                unit.problems.push(format!(
                    "longer than {} MiB: only its start is read",
                    MAX_MESSAGE / (1024 * 1024)
                ));
            }
            fold(map(unit, pieces))
        }
        InputFormat::Xml => {
            let (raw, truncated) = read_capped(reader)?;
            let doc = super::xml::read(&raw);
            let pieces = pieces_of(doc.segments);
            let mut unit = Unit::new(raw, 0, 1);
            unit.problems = doc.problems;
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
    // Helpers from the budget shared by every mailbox being read: none
    // left, and this one is decoded in turn on this thread.
    let grant = Helpers::take(helpers);
    if grant.count == 0 {
        decode_in_turn(first, opts, map, fold)?;
        return read_mbox(boxed, opts, map, fold);
    }
    let helpers = grant.count;
    let stopped = || io::Error::other("the mail decoding threads stopped");
    let (work_tx, work_rx) = mpsc::channel::<(u64, Vec<mbox::RawMessage>)>();
    let (done_tx, done_rx) = mpsc::channel::<(u64, usize, Vec<T>)>();
    let work_rx = Mutex::new(work_rx);
    std::thread::scope(|scope| {
        let mut helping = Vec::new();
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
            if let Ok(h) = helper {
                helping.push(h);
            }
        }
        drop(done_tx);
        if helping.is_empty() {
            drop(work_tx);
            decode_in_turn(first, opts, map, fold)?;
            return read_mbox(boxed, opts, map, fold);
        }
        // This thread's part: sends the batches out as it splits them
        // and folds what comes back, in order.
        let fed = (|| -> io::Result<()> {
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
        })();
        // The helpers end when the channel closes (after the batch they
        // hold, if any); each is joined until its thread has ended: the
        // scope's own join waits for their closures only, and their
        // thread-local buffers would be dropped after this returned.
        drop(work_tx);
        for h in helping {
            if let Err(panic) = h.join() {
                std::panic::resume_unwind(panic);
            }
        }
        fed
    })
}

/// Mail-decoding helper threads alive in the process, over every
/// mailbox being read ([`Helpers`]).
static HELPERS_ALIVE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Helper threads granted to one mailbox out of a budget shared by all
/// the mailboxes read at once: with `-j N`, N workers each reading a
/// mailbox had N helpers each (N^2 threads, each mailbox 8 MiB ahead);
/// now at most `budget` (N) helpers are alive in the process, and a
/// mailbox that finds none left is decoded on its worker's thread. Given
/// back when dropped.
struct Helpers {
    /// How many were granted.
    count: usize,
}

impl Helpers {
    /// As many helpers as are left of `budget` alive at once (up to
    /// `budget`).
    fn take(budget: usize) -> Helpers {
        use std::sync::atomic::Ordering;
        let mut alive = HELPERS_ALIVE.load(Ordering::Relaxed);
        loop {
            let count = budget.saturating_sub(alive);
            if count == 0 {
                return Helpers { count: 0 };
            }
            match HELPERS_ALIVE.compare_exchange_weak(
                alive,
                alive + count,
                Ordering::AcqRel,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Helpers { count },
                Err(now) => alive = now,
            }
        }
    }
}

impl Drop for Helpers {
    fn drop(&mut self) {
        HELPERS_ALIVE.fetch_sub(self.count, std::sync::atomic::Ordering::AcqRel);
    }
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
/// chains giving file offsets (through `>From ` unquoting). What
/// [`map_in_order`] does with each message of a mailbox it splits.
fn decode_message(m: mbox::RawMessage, opts: MailOptions) -> (Unit, Vec<Piece>) {
    decode_raw(m, opts, true)
}

/// The message at `span` of `mailbox` (the bytes [`mbox::Spans`] split)
/// copied out and decoded as [`map_in_order`] decodes each message of a
/// mailbox: for a caller that splits a mapped mailbox itself, on the
/// thread that decodes it.
pub fn decode_span(
    mailbox: &[u8],
    span: &mbox::MessageSpan,
    opts: MailOptions,
) -> (Unit, Vec<Piece>) {
    decode_raw(span.to_raw(mailbox), opts, span.quoted_from)
}

/// [`decode_message`]; `>From ` lines looked for only when `quoted`
/// (false when the split knows there is none: [`mbox::MessageSpan::quoted_from`]).
fn decode_raw(m: mbox::RawMessage, opts: MailOptions, quoted: bool) -> (Unit, Vec<Piece>) {
    let unquoted = if quoted {
        mbox::unquote_from(&m.bytes)
    } else {
        None
    };
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

/// The bytes of an HTML document tokenized at once (4 MiB): a longer one
/// is read in windows, each a [`Unit`], so that memory stays bounded and
/// every byte is read. A window ends in its second half, just after a
/// tag or comment, else in content (after white space of text, in a
/// script or style, after white space of a comment), never inside a tag
/// nor a URI; the next window starts in the state the tokenizer was in
/// there (inside a `<script>`, `<style>`, `<textarea>`, `<pre>`, a
/// comment ...), as [`super::html::window_segments`] says.
pub const HTML_WINDOW: usize = 4 * 1024 * 1024;

/// The largest window of HTML (64 MiB, [`MAX_MESSAGE`]): when no cut can
/// be made in the second half of a window (one tag, comment or word of
/// text fills it), the window is read again twice as large, up to this;
/// a window this large with no place to cut is cut at its end (inside
/// that token), and the next one starts in the data state.
pub const HTML_WINDOW_MAX: usize = MAX_MESSAGE;

fn read_html<R, F>(reader: R, include_code: bool, each: &mut F) -> io::Result<()>
where
    R: Read,
    F: FnMut(Unit, Vec<Piece>) -> io::Result<()>,
{
    read_html_in(reader, HTML_WINDOW, HTML_WINDOW_MAX, include_code, each)
}

/// [`read_html`] with windows of `window` bytes, grown up to `max`.
fn read_html_in<R, F>(
    reader: R,
    window: usize,
    max: usize,
    include_code: bool,
    each: &mut F,
) -> io::Result<()>
where
    R: Read,
    F: FnMut(Unit, Vec<Piece>) -> io::Result<()>,
{
    let mut r = BufReader::new(reader);
    let mut buf: Vec<u8> = Vec::new();
    let mut offset = 0u64;
    let mut line = 1u64;
    let mut resume = super::html::Resume::default();
    let mut size = window.max(2);
    loop {
        let want = size.saturating_sub(buf.len());
        let got = (&mut r).take(want as u64).read_to_end(&mut buf)?;
        if buf.is_empty() {
            return Ok(());
        }
        let last = got < want;
        let forced = !last && buf.len() >= max;
        let Some((cut, segments, next)) =
            super::html::window_segments(&buf, &resume, include_code, last || forced)
        else {
            // One token fills the second half: a larger window.
            size = (buf.len() * 2).min(max.max(2));
            continue;
        };
        let carry = buf.split_off(cut.min(buf.len()));
        let pieces = pieces_of(segments)
            .into_iter()
            .map(|mut p| {
                p.chain = std::mem::take(&mut p.chain).then_shift(offset);
                p
            })
            .collect();
        let lines = memchr::memchr_iter(b'\n', &buf).count() as u64;
        let unit = Unit::new(std::mem::replace(&mut buf, carry), offset, line);
        each(unit, pieces)?;
        offset += cut as u64;
        line += lines;
        resume = next;
        size = window.max(2);
        if last {
            // The last window is read to its end.
            return Ok(());
        }
    }
}

/// The pieces of a file's segments (their maps relative to the file).
fn pieces_of(segments: Vec<super::Segment>) -> Vec<Piece> {
    segments
        .into_iter()
        .map(|seg| Piece {
            text: seg.text,
            kind: seg.kind,
            chain: Chain::of(seg.map),
            part: None,
            base: seg.base,
            references: seg.references,
        })
        .collect()
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
    fn positions_asked_in_any_order_are_counted_right() {
        // Lines of every ending and multibyte characters, over thousands of
        // lines; offsets asked backwards, forwards and at random (the
        // tracker starts again when asked for one before the last).
        let mut raw = Vec::new();
        for i in 0..2000u32 {
            let end: &[u8] = match i % 4 {
                0 => b"\n",
                1 => b"\r\n",
                2 => b"\r",
                _ => "\u{e9}\u{1F600}\n".as_bytes(),
            };
            raw.extend_from_slice(format!("line {i} \u{f6}").as_bytes());
            raw.extend_from_slice(end);
        }
        raw.extend_from_slice(b"\xe2\x82 end");
        let expected = |rel: usize| {
            let mut t = LineTracker::new();
            t.advance(&raw[..rel]);
            let p = t.position();
            Position {
                line: p.line + 6,
                column: p.column,
            }
        };
        let unit = Unit::new(raw.clone(), 1000, 7);
        let mut order: Vec<usize> = (0..=raw.len()).rev().step_by(97).collect();
        order.extend((0..=raw.len()).step_by(131));
        let mut x = 12345u64;
        for _ in 0..300 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            order.push((x >> 33) as usize % (raw.len() + 1));
        }
        order.extend([raw.len(), raw.len() - 1, raw.len() - 2, 0, 4096]);
        for rel in order {
            assert_eq!(unit.position(1000 + rel as u64), expected(rel), "at {rel}");
        }
    }

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
        read_html_in(
            &html[..],
            512,
            4096,
            false,
            &mut |u: Unit, pieces: Vec<Piece>| {
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
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(units > 10, "{units} windows");
        let want: Vec<String> = (0..200).map(|i| format!("http://a.example/{i}")).collect();
        assert_eq!(found, want);
    }

    /// Mail-decoding helper threads of this process alive now (Linux:
    /// threads named `urilint-mail` in /proc/self/task).
    #[cfg(target_os = "linux")]
    fn helper_threads() -> usize {
        std::fs::read_dir("/proc/self/task")
            .map(|d| {
                d.filter_map(Result::ok)
                    .filter(|t| {
                        std::fs::read_to_string(t.path().join("comm"))
                            .is_ok_and(|c| c.trim_end() == "urilint-mail")
                    })
                    .count()
            })
            .unwrap_or(0)
    }

    /// The tests that read a mailbox with helpers, one at a time: the
    /// helpers come from one budget for the process ([`Helpers`]), and
    /// `helpers_are_shared_by_mailboxes_read_at_once` counts the
    /// process's `urilint-mail` threads.
    static MAIL_HELPERS: std::sync::Mutex<()> = std::sync::Mutex::new(());

    /// The helpers' thread-local values are dropped before the mailbox's
    /// read returns (stop 65: with the scope's own join, which waits for
    /// the helpers' closures only, a leak checker saw the kept buffers
    /// of ended helpers as leaked); a slow destructor shows it each time.
    #[test]
    fn mail_helpers_end_before_the_read_returns() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let _alone = MAIL_HELPERS.lock().unwrap_or_else(|p| p.into_inner());
        static DROPPED: AtomicUsize = AtomicUsize::new(0);
        static TOUCHED: AtomicUsize = AtomicUsize::new(0);
        struct Slow;
        impl Drop for Slow {
            fn drop(&mut self) {
                std::thread::sleep(std::time::Duration::from_millis(100));
                DROPPED.fetch_add(1, Ordering::SeqCst);
            }
        }
        thread_local! {
            static SLOW: std::cell::OnceCell<Slow> = const { std::cell::OnceCell::new() };
        }
        let mut mailbox = Vec::new();
        for i in 0..5000 {
            mailbox.extend(
                format!("From a@b Mon Jan  1 00:00:00 2024\nSubject: {i}\n\nsee http://m{i}.example/ {}\n\n", "x".repeat(150))
                    .bytes(),
            );
        }
        assert!(mailbox.len() > 3 * BATCH_BYTES);
        let main = std::thread::current().id();
        let mut units = 0;
        map_in_order(
            &mailbox[..],
            InputFormat::Mbox,
            ReadOptions::default(),
            2,
            |_: Unit, _: Vec<Piece>| {
                if std::thread::current().id() != main {
                    SLOW.with(|s| {
                        if s.get().is_none() && s.set(Slow).is_ok() {
                            TOUCHED.fetch_add(1, Ordering::SeqCst);
                        }
                    });
                }
            },
            |()| {
                units += 1;
                Ok(())
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(units, 5000);
        assert!(TOUCHED.load(Ordering::SeqCst) >= 1);
        assert_eq!(
            DROPPED.load(Ordering::SeqCst),
            TOUCHED.load(Ordering::SeqCst)
        );
    }

    /// Review 2026-11-26 M12: `-j N` gave each of N workers N helpers
    /// (N^2 threads). Four mailboxes read at once, each with a budget of
    /// 4: at most 4 helpers alive together (there were 16), and the same
    /// output for each mailbox as decoded in turn.
    #[cfg(target_os = "linux")]
    #[test]
    fn helpers_are_shared_by_mailboxes_read_at_once() {
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        let _alone = MAIL_HELPERS.lock().unwrap_or_else(|p| p.into_inner());
        const K: usize = 4;
        let mut mailbox = Vec::new();
        for i in 0..5000 {
            mailbox.extend(
                format!("From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b.example\nSubject: {i}\n\nsee http://m{i}.example/ {}\n\n", "x".repeat(150))
                    .bytes(),
            );
        }
        assert!(mailbox.len() > 3 * BATCH_BYTES);
        let read = |helpers: usize, barrier: Option<&std::sync::Barrier>, most: &AtomicUsize| {
            let waited = AtomicBool::new(false);
            let mut out = Vec::new();
            map_in_order(
                &mailbox[..],
                InputFormat::Mbox,
                ReadOptions::default(),
                helpers,
                |u: Unit, pieces: Vec<Piece>| {
                    if let Some(b) = barrier {
                        if !waited.swap(true, Ordering::SeqCst) {
                            b.wait();
                        }
                    }
                    most.fetch_max(helper_threads(), Ordering::SeqCst);
                    (
                        u.offset,
                        pieces.into_iter().map(|p| p.text).collect::<Vec<_>>(),
                    )
                },
                |t| {
                    out.push(t);
                    Ok(())
                },
            )
            .unwrap_or_else(|e| panic!("{e}"));
            out
        };
        let most = AtomicUsize::new(0);
        let alone = read(0, None, &most);
        assert_eq!(alone.len(), 5000);
        let barrier = std::sync::Barrier::new(K);
        let outs: Vec<_> = std::thread::scope(|s| {
            let runs: Vec<_> = (0..K)
                .map(|_| s.spawn(|| read(K, Some(&barrier), &most)))
                .collect();
            runs.into_iter()
                .map(|r| r.join().unwrap_or_default())
                .collect()
        });
        for out in outs {
            assert!(out == alone);
        }
        // (Other tests of this process may have helpers too: twice the
        // budget at most, where unshared helpers made K * K.)
        let most = most.load(Ordering::SeqCst);
        assert!(most <= 2 * K, "{most} helper threads alive at once");
    }

    /// The words of a decoded text (white space apart), each with the
    /// kind and the file span `map` gives it.
    fn words_of(
        text: &[u8],
        kind: &str,
        map: impl Fn(std::ops::Range<u64>) -> std::ops::Range<u64>,
        out: &mut Vec<(String, String, std::ops::Range<u64>)>,
    ) {
        let mut i = 0;
        while i < text.len() {
            if text[i].is_ascii_whitespace() {
                i += 1;
                continue;
            }
            let s = i;
            while i < text.len() && !text[i].is_ascii_whitespace() {
                i += 1;
            }
            out.push((
                String::from_utf8_lossy(&text[s..i]).into_owned(),
                kind.to_string(),
                map(s as u64..i as u64),
            ));
        }
    }

    type Words = Vec<(String, String, std::ops::Range<u64>)>;

    /// The words [`read_html_in`] gives for `html` read in windows of
    /// `window` bytes (grown up to `max`), with their file spans, and the
    /// number of windows, after checking that the units cover the file in
    /// order.
    fn windowed(html: &[u8], window: usize, max: usize) -> (Words, usize) {
        let mut out = Vec::new();
        let mut units = 0;
        let mut next = 0u64;
        read_html_in(
            html,
            window,
            max,
            true,
            &mut |u: Unit, pieces: Vec<Piece>| {
                assert_eq!(u.offset, next);
                assert_eq!(
                    &html[next as usize..next as usize + u.raw.len()],
                    &u.raw[..]
                );
                next += u.raw.len() as u64;
                units += 1;
                for p in pieces {
                    let span = p.chain.span(0..p.text.len() as u64);
                    assert!(span.end <= next && span.start >= u.offset, "{span:?}");
                    words_of(&p.text, p.kind.name(), |r| p.chain.span(r), &mut out);
                }
                Ok(())
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(next, html.len() as u64);
        out.sort_by_key(|w| (w.2.start, w.2.end));
        (out, units)
    }

    /// The words of `html` read whole.
    fn whole(html: &[u8]) -> Words {
        let mut out = Vec::new();
        for s in crate::html::document_segments(html, true) {
            words_of(&s.text, s.kind.name(), |r| s.map.span(r), &mut out);
        }
        out.sort_by_key(|w| (w.2.start, w.2.end));
        out
    }

    /// Review 2026-11-26 H5: a window that started inside a `<script>`
    /// read it as text (its URIs reported, `rewrite` edited them with
    /// `&amp;`). Now a window ends after a tag and the next one starts in
    /// the script: nothing of it is read, in a page of lines and in a
    /// minified one.
    #[test]
    fn a_window_never_reads_a_script_as_text() {
        let mut lines = b"<p>x</p>\n".repeat(300);
        lines.extend_from_slice(
            b"<script>\nif (a\n< b) { go(\"http://old.example/js?a=1&b=2&lt=3\"); }\n",
        );
        lines.extend(b"var x = 1;\n".repeat(200));
        lines.extend_from_slice(b"var u = \"http://old.example/late?q=1&r=2\";\n</script>\n<p>end http://end.example/</p>\n");
        let mut minified = b"<html><body><script>".to_vec();
        for i in 0..300 {
            minified
                .extend(format!("x=a>b;u{i}=\"http://old.example/api?id={i}&v=1\";y=c<d;").bytes());
        }
        minified.extend_from_slice(b"</script><p>after http://after.example/</p></body></html>");
        for html in [&lines, &minified] {
            for window in [64, 256, 1024, 4096] {
                let (got, units) = windowed(html, window, 1 << 20);
                assert!(units > 1 || html.len() <= window, "{window}");
                assert!(
                    !got.iter().any(|p| p.0.contains("old.example")),
                    "{window}: {got:?}"
                );
                assert!(
                    got.iter()
                        .any(|p| p.0 == "http://end.example/" || p.0 == "http://after.example/"),
                    "{window}: {got:?}"
                );
            }
        }
    }

    /// Review 2026-11-26 M13: a window with no `<` in its second half was
    /// cut at its last byte, inside a URI (half of it was lost). Now text
    /// is cut after white space, and a URI comes out whole wherever it is.
    #[test]
    fn a_uri_across_a_window_end_comes_out_whole() {
        let uri = "http://old.example/abcdefgh&amp;ijkl/mnop";
        for pad in 0..50 {
            let mut html = format!("<p>{}", "w ".repeat(100 + pad));
            html.push_str(uri);
            html.push_str(&" tail".repeat(50));
            html.push_str("</p>");
            let (w, _) = windowed(html.as_bytes(), 256, 1 << 20);
            assert!(
                w.iter()
                    .any(|w| w.0 == "http://old.example/abcdefgh&ijkl/mnop"),
                "{pad}: {w:?}"
            );
        }
        // One word longer than the window: read in a larger one.
        let long = format!("<p>see http://long.example/{}</p> x", "a".repeat(5000));
        let (got, _) = windowed(long.as_bytes(), 256, 1 << 20);
        assert!(got
            .iter()
            .any(|p| p.0 == format!("http://long.example/{}", "a".repeat(5000))));
        // Longer than the largest window: cut there, the rest read on.
        let (got, units) = windowed(long.as_bytes(), 256, 1024);
        assert!(units > 1);
        assert!(got
            .iter()
            .any(|p| p.0.starts_with("http://long.example/aaa")));
    }

    /// Comments, code elements, `<textarea>` and `<title>` across window
    /// ends: read as they are read whole.
    #[test]
    fn windows_start_in_the_state_of_the_cut() {
        let mut html = String::from(
            "<html><head><base href=\"http://b.example/\"><title>t</title></head><body>\n",
        );
        html.push_str("<!-- a comment ");
        html.push_str(&"with http://c.example/ words ".repeat(40));
        html.push_str("-->\n<pre>");
        html.push_str(&"code http://code.example/ x\n".repeat(40));
        html.push_str("</pre>\n<textarea>");
        html.push_str(&"t &lt;http://ta.example/&gt; ".repeat(40));
        html.push_str("</textarea>\n<? bogus ");
        html.push_str(&"b http://bogus.example/ ".repeat(40));
        html.push_str(">\n<p>end <a href=\"rel\">r</a></p>\n");
        let whole = whole(html.as_bytes());
        for window in [64, 100, 256, 1000] {
            let (got, units) = windowed(html.as_bytes(), window, 1 << 20);
            assert!(units > 2, "{window}");
            assert_eq!(got, whole, "{window}");
        }
    }

    /// Any document made of the pieces that change the tokenizer's state,
    /// read in windows of any size, gives the words it gives read whole.
    mod windows {
        use super::*;
        use proptest::prelude::*;

        fn piece() -> impl Strategy<Value = &'static str> {
            prop_oneof![
                Just("<script>"),
                Just("</script>"),
                Just("<style>"),
                Just("</style>"),
                Just("<!--"),
                Just("-->"),
                Just("<!x "),
                Just(">"),
                Just("<pre>"),
                Just("</pre>"),
                Just("<code>"),
                Just("</code>"),
                Just("<textarea>"),
                Just("</textarea>"),
                Just("<title>"),
                Just("</title>"),
                Just("<p>"),
                Just("</p>"),
                Just("<a href=\"x y\">"),
                Just("<img srcset='a 1x, b 2x'>"),
                Just("&amp;"),
                Just("&lt;"),
                Just(" "),
                Just("\n"),
                Just("\r\n"),
                Just("http://a.example/p?q=1"),
                Just("word"),
                Just("<"),
                Just("</"),
                Just("<!--beginarticle-->"),
                Just("<base href=\"http://b/\">"),
                Just("<plaintext>"),
                Just("<!--<script>"),
                Just("</scr"),
                Just("<!"),
                Just("<?x "),
                Just("<xmp>"),
                Just("</xmp>"),
                Just("&#x41;"),
                Just("--!>"),
                Just("-"),
                Just("\t"),
            ]
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(500))]
            #[test]
            fn windows_read_as_the_whole(
                parts in proptest::collection::vec(piece(), 0..120),
                window in 16usize..200,
            ) {
                let html = parts.concat();
                let (got, _) = windowed(html.as_bytes(), window, 1 << 20);
                prop_assert_eq!(got, whole(html.as_bytes()), "{:?} {}", html, window);
            }
        }
    }
}
