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
/// (whose chains give file offsets).
///
/// # Errors
/// A read error of `reader`, or the first error `each` returns.
pub fn for_each<R, F>(
    reader: R,
    format: InputFormat,
    opts: MailOptions,
    mut each: F,
) -> io::Result<()>
where
    R: Read,
    F: FnMut(&Unit, Vec<Piece>) -> io::Result<()>,
{
    match format {
        InputFormat::Mbox => {
            let mut boxed = Mbox::new(BufReader::with_capacity(256 * 1024, reader));
            while let Some(m) = boxed.next_message()? {
                let unquoted = mbox::unquote_from(&m.bytes);
                let decoded = match &unquoted {
                    Some((bytes, _)) => mail::read(bytes, opts),
                    None => mail::read(&m.bytes, opts),
                };
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
                        p.chain = chain.then_shift(m.start);
                        p
                    })
                    .collect();
                each(&unit, pieces)?;
            }
            Ok(())
        }
        InputFormat::Mail => {
            let (raw, truncated) = read_capped(reader)?;
            let decoded = mail::read(&raw, opts);
            let mut unit = Unit::new(raw, 0, 1);
            unit.message = Some((0, 0, decoded.info));
            unit.problems = decoded.problems;
            if truncated {
                unit.problems.push(format!(
                    "message longer than {} MiB: only its start is read",
                    MAX_MESSAGE / (1024 * 1024)
                ));
            }
            each(&unit, decoded.pieces)
        }
        _ => {
            let (raw, truncated) = read_capped(reader)?;
            let pieces = super::html::segments(&raw)
                .into_iter()
                .map(|seg| Piece {
                    text: seg.text,
                    kind: seg.kind,
                    chain: Chain::new(vec![seg.map], 0),
                    part: None,
                    base: seg.base,
                    references: seg.references,
                })
                .collect();
            let mut unit = Unit::new(raw, 0, 1);
            if truncated {
                unit.problems.push(format!(
                    "longer than {} MiB: only its start is read",
                    MAX_MESSAGE / (1024 * 1024)
                ));
            }
            each(&unit, pieces)
        }
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
