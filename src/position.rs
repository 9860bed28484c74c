//! Line and column numbers for byte offsets, computed while streaming.
//!
//! This module owns the translation from 0-based byte offsets into the
//! input to 1-based line and column numbers. Lines end at LF (a CRLF pair
//! ends one line; the CR counts as the last character of that line).
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
}

impl Default for LineTracker {
    fn default() -> Self {
        LineTracker {
            offset: 0,
            line: 1,
            column0: 0,
        }
    }
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
        match memchr::memrchr(b'\n', bytes) {
            Some(i) => {
                // memchr's counting routine is much faster than iterating.
                self.line += memchr::memchr_iter(b'\n', &bytes[..=i]).count() as u64;
                self.column0 = count_chars(&bytes[i + 1..]);
            }
            None => self.column0 += count_chars(bytes),
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
    fn split_feeding_gives_the_same_position() {
        let text = "h\u{e9}llo\nw\u{f6}rld\n\u{1F600} x".as_bytes();
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
