//! Line and column numbers for byte offsets, computed while streaming.
//!
//! This module owns the translation from 0-based byte offsets into the
//! input to 1-based line and column numbers. Lines end at LF, at CRLF (one
//! line break) and at a lone CR (old Mac OS text).
//! Columns count Unicode scalar values: every byte that is not a UTF-8
//! continuation byte (`0x80..=0xBF`) starts a new one, so invalid UTF-8
//! bytes other than stray continuation bytes count one column each.
//!
//! It does not own reading: the scanner feeds it the bytes it is about to
//! discard, so that memory stays bounded on inputs of any size.

use serde::Serialize;

/// A place in the input: 1-based line and 1-based column, the column
/// counted in Unicode scalar values from the start of the line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Position {
    /// 1-based line number.
    pub line: u64,
    /// 1-based column, in Unicode scalar values.
    pub column: u64,
}

/// Counts lines and columns over bytes fed in order.
#[derive(Clone, Debug)]
pub struct LineTracker {
    offset: u64,
    line: u64,
    column0: u64,
    /// The last byte fed was a CR (an LF next ends the same line).
    pending_cr: bool,
}

impl Default for LineTracker {
    fn default() -> Self {
        LineTracker {
            offset: 0,
            line: 1,
            column0: 0,
            pending_cr: false,
        }
    }
}

/// The line breaks in `bytes` (LF, CRLF counted once, lone CR) and the
/// index just past the last one, if any. `pending_cr` says the byte before
/// `bytes` was a CR, so that an LF first is the second half of a CRLF.
/// Counts with memchr's routines: fast on long runs without breaks.
pub fn line_breaks(bytes: &[u8], pending_cr: bool) -> (u64, Option<usize>) {
    let last_lf = memchr::memrchr(b'\n', bytes);
    let last_cr = memchr::memrchr(b'\r', bytes);
    let after = match (last_lf, last_cr) {
        (None, None) => return (0, None),
        (a, b) => a.max(b).map(|i| i + 1),
    };
    let lf = memchr::memchr_iter(b'\n', bytes).count() as u64;
    let mut breaks = lf;
    if last_cr.is_some() || pending_cr {
        let cr = memchr::memchr_iter(b'\r', bytes).count() as u64;
        let crlf = memchr::memmem::find_iter(bytes, b"\r\n").count() as u64
            + u64::from(pending_cr && bytes.first() == Some(&b'\n'));
        breaks = lf + cr - crlf;
    }
    (breaks, after)
}

/// Number of Unicode scalar values that start in `bytes`.
#[inline]
fn count_chars(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .filter(|&&b| !(0x80..0xC0).contains(&b))
        .count() as u64
}

impl LineTracker {
    /// A tracker at offset 0, line 1, column 1.
    pub fn new() -> Self {
        Self::default()
    }

    /// The 0-based byte offset the tracker has reached.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Moves the tracker over `bytes`, which must be the input bytes that
    /// start at [`LineTracker::offset`].
    pub fn advance(&mut self, bytes: &[u8]) {
        let (breaks, after) = line_breaks(bytes, self.pending_cr);
        match after {
            Some(i) => {
                self.line += breaks;
                self.column0 = count_chars(&bytes[i..]);
            }
            None => self.column0 += count_chars(bytes),
        }
        if let Some(&last) = bytes.last() {
            self.pending_cr = last == b'\r';
        }
        self.offset += bytes.len() as u64;
    }

    /// The position of the byte at [`LineTracker::offset`].
    pub fn position(&self) -> Position {
        Position {
            line: self.line,
            column: self.column0 + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let mut t = LineTracker::new();
        assert_eq!(t.position(), Position { line: 1, column: 1 });
        t.advance(b"ab");
        assert_eq!(t.position(), Position { line: 1, column: 3 });
        t.advance("\u{e9}\n  x".as_bytes());
        assert_eq!(t.position(), Position { line: 2, column: 4 });
        assert_eq!(t.offset(), 8);
        t.advance(b"\r\n");
        assert_eq!(t.position(), Position { line: 3, column: 1 });
    }

    #[test]
    fn crlf_and_lone_cr_end_lines() {
        let mut t = LineTracker::new();
        t.advance(b"a\r\nb\rc\n\rd");
        // a CRLF b CR c LF CR d: four breaks, then "d".
        assert_eq!(t.position(), Position { line: 5, column: 2 });
        assert_eq!(line_breaks(b"\r\n", false), (1, Some(2)));
        assert_eq!(line_breaks(b"\n", false), (1, Some(1)));
        assert_eq!(line_breaks(b"\n", true), (0, Some(1)));
        assert_eq!(line_breaks(b"\nx", true).0, 0);
        assert_eq!(line_breaks(b"xyz", true), (0, None));
    }

    #[test]
    fn split_feeding_gives_the_same_position() {
        let text = "h\u{e9}llo\r\nw\u{f6}rld\n\u{1F600} x\ry\r\n\rz".as_bytes();
        for cut in 0..text.len() {
            let mut a = LineTracker::new();
            a.advance(&text[..cut]);
            a.advance(&text[cut..]);
            let mut b = LineTracker::new();
            b.advance(text);
            assert_eq!(a.position(), b.position(), "cut at {cut}");
        }
    }
}
