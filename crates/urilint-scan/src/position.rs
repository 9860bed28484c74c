//! Line and column numbers for byte offsets, computed while streaming.
//!
//! This module owns the translation from 0-based byte offsets into the
//! input to 1-based line and column numbers. Lines end at LF, at CRLF (one
//! line break) and at a lone CR (old Mac OS text).
//! Columns count Unicode scalar values; input that is not valid UTF-8
//! counts one column for each byte that is not part of a valid UTF-8
//! sequence, as if every such byte were replaced by U+FFFD (so the
//! Latin-1 `caf\xa9` is four columns, and a truncated `\xe2\x82` before
//! an ASCII byte is two). This is the per-byte replacement of WHATWG's
//! UTF-8 decoder for stray bytes, and what `less` and GNU `cut`/`wc -m`
//! in a UTF-8 locale show for them (one cell or character per byte);
//! `std::str::from_utf8` decides what a valid sequence is.
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

/// Counts lines and columns over bytes fed in order, in pieces of any
/// size: a UTF-8 sequence split between two pieces counts the same as a
/// whole one.
#[derive(Clone, Copy, Debug)]
pub struct LineTracker {
    offset: u64,
    line: u64,
    /// Columns (0-based) of the complete characters and invalid bytes
    /// since the start of the line.
    column0: u64,
    /// The last byte fed was a CR (an LF next ends the same line).
    pending_cr: bool,
    /// The start of a UTF-8 sequence at the end of the bytes fed so far,
    /// not yet complete (at most 3 bytes, `partial_len` of them).
    partial: [u8; 4],
    partial_len: usize,
}

impl Default for LineTracker {
    fn default() -> Self {
        LineTracker {
            offset: 0,
            line: 1,
            column0: 0,
            pending_cr: false,
            partial: [0; 4],
            partial_len: 0,
        }
    }
}

/// The line breaks in `bytes` (LF, CRLF counted once, lone CR) and the
/// index just past the last one, if any. `pending_cr` says the byte before
/// `bytes` was a CR, so that an LF first is the second half of a CRLF.
/// Counts with memchr's routines: fast on long runs without breaks.
pub fn line_breaks(bytes: &[u8], pending_cr: bool) -> (u64, Option<usize>) {
    // Most pieces measured are a URI's own bytes, which hold no break:
    // one search says so, where the three below would each run.
    if memchr::memchr2(b'\n', b'\r', bytes).is_none() {
        return (0, None);
    }
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

/// Number of characters in valid UTF-8 `bytes` (those that do not
/// continue a sequence).
#[inline]
fn count_chars(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .filter(|&&b| !(0x80..0xC0).contains(&b))
        .count() as u64
}

/// The first unit of `bytes` (not empty): a valid character or an invalid
/// sequence, with its length in bytes, or `None` when `bytes` ends inside
/// a sequence that may still be valid.
fn first_unit(bytes: &[u8]) -> Option<(usize, bool)> {
    let head = &bytes[..bytes.len().min(4)];
    match std::str::from_utf8(head) {
        Ok(s) => s.chars().next().map(|c| (c.len_utf8(), true)),
        Err(e) if e.valid_up_to() > 0 => std::str::from_utf8(&head[..e.valid_up_to()])
            .ok()
            .and_then(|s| s.chars().next())
            .map(|c| (c.len_utf8(), true)),
        Err(e) => e.error_len().map(|n| (n, false)),
    }
}

/// Columns of `bytes` (no line breaks among them matter here) and the
/// length of an incomplete UTF-8 sequence at their end, which the caller
/// carries to the next piece. Each valid character is one column, each
/// byte of an invalid sequence one column.
fn count_columns(mut bytes: &[u8]) -> (u64, usize) {
    // ASCII, nearly every line of URIs: a column per byte.
    if bytes.is_ascii() {
        return (bytes.len() as u64, 0);
    }
    let mut n = 0;
    loop {
        match std::str::from_utf8(bytes) {
            Ok(_) => return (n + count_chars(bytes), 0),
            Err(e) => {
                let valid = e.valid_up_to();
                n += count_chars(&bytes[..valid]);
                match e.error_len() {
                    Some(k) => {
                        n += k as u64;
                        bytes = &bytes[valid + k..];
                    }
                    None => return (n, bytes.len() - valid),
                }
            }
        }
    }
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
        let rest = match after {
            Some(i) => {
                self.line += breaks;
                self.column0 = 0;
                self.partial_len = 0;
                &bytes[i..]
            }
            None => self.finish_partial(bytes),
        };
        if !rest.is_empty() {
            let (columns, open) = count_columns(rest);
            self.column0 += columns;
            self.partial_len = open;
            self.partial[..open].copy_from_slice(&rest[rest.len() - open..]);
        }
        if let Some(&last) = bytes.last() {
            self.pending_cr = last == b'\r';
        }
        self.offset += bytes.len() as u64;
    }

    /// Settles a sequence left open by the previous piece with the first
    /// bytes of `bytes` (which hold no line break); returns the bytes left
    /// to count.
    fn finish_partial<'b>(&mut self, bytes: &'b [u8]) -> &'b [u8] {
        if self.partial_len == 0 {
            return bytes;
        }
        // The open sequence and up to three more bytes decide it.
        let had = self.partial_len;
        let mut joined = [0u8; 7];
        joined[..had].copy_from_slice(&self.partial[..had]);
        let more = bytes.len().min(3);
        joined[had..had + more].copy_from_slice(&bytes[..more]);
        let joined = &joined[..had + more];
        let mut at = 0;
        while at < had {
            match first_unit(&joined[at..]) {
                Some((n, valid)) => {
                    self.column0 += if valid { 1 } else { n as u64 };
                    at += n;
                }
                None => {
                    // Still open: all of `bytes` went into it.
                    let open = joined.len() - at;
                    self.partial[..open].copy_from_slice(&joined[at..]);
                    self.partial_len = open;
                    return &[];
                }
            }
        }
        self.partial_len = 0;
        &bytes[at - had..]
    }

    /// The position of the byte at [`LineTracker::offset`]. Bytes of an
    /// unfinished UTF-8 sequence right before it count one column each
    /// (the byte there does not continue them, or it would be inside a
    /// character).
    pub fn position(&self) -> Position {
        Position {
            line: self.line,
            column: self.column0 + self.partial_len as u64 + 1,
        }
    }
}

/// The unit that the columns of `check`'s `human`, `plain` and `github`
/// outputs count in (`check --column-unit`). Every unit gives a 1-based
/// column: the number of units of the line's text before the place, plus
/// one. Lines end as in the rest of this module (LF, CRLF, lone CR).
///
/// Editors differ, hence the choice (as GCC's
/// `-fdiagnostics-column-unit=byte|display`):
/// Vim's `errorformat` `%c` is a byte index (`:help errorformat`), as is
/// ripgrep's `--column`; VS Code's problem matchers and the Language
/// Server Protocol count UTF-16 code units (LSP 3.17, "Position").
/// JSON Lines and SARIF keep their own documented columns whatever the
/// unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ColumnUnit {
    /// Bytes of the line (its UTF-8 encoding, or whatever bytes it has).
    Byte,
    /// Unicode scalar values, each invalid UTF-8 byte one column, as
    /// [`Position::column`] (the default).
    #[default]
    Char,
    /// UTF-16 code units: one for a character of the Basic Multilingual
    /// Plane, two for one above U+FFFF (a surrogate pair), and one for
    /// each byte that is not part of a valid UTF-8 sequence (as if it
    /// were U+FFFD).
    Utf16,
}

impl ColumnUnit {
    /// The name of the unit as `--column-unit` takes it: `byte`, `char`,
    /// `utf16`.
    pub fn name(self) -> &'static str {
        match self {
            ColumnUnit::Byte => "byte",
            ColumnUnit::Char => "char",
            ColumnUnit::Utf16 => "utf16",
        }
    }
}

/// The 1-based column, in `unit`, of the place right after
/// `line_bytes_before_place`: the bytes of its line from the line's start
/// (just after a line break, or the start of the input) up to the place,
/// holding no line break. An incomplete UTF-8 sequence at the end counts
/// one unit per byte (as [`LineTracker::position`] counts it).
///
/// ```
/// use urilint_scan::position::{column_in, ColumnUnit};
/// let before = "Gr\u{fc}\u{df}e \u{1F600} ".as_bytes(); // "Grüße 😀 "
/// assert_eq!(column_in(ColumnUnit::Byte, before), 14);
/// assert_eq!(column_in(ColumnUnit::Char, before), 9);
/// assert_eq!(column_in(ColumnUnit::Utf16, before), 10);
/// ```
pub fn column_in(unit: ColumnUnit, line_bytes_before_place: &[u8]) -> u64 {
    let mut count = UnitCount::new(unit);
    count.feed(line_bytes_before_place);
    count.total() + 1
}

/// Counts units of one line over bytes fed in pieces of any size (a
/// UTF-8 sequence split between pieces counts as a whole one): what
/// [`column_in`] does, for a line read back in pieces.
#[derive(Clone, Debug)]
pub struct UnitCount {
    unit: ColumnUnit,
    /// Units of the complete characters and invalid bytes fed so far.
    units: u64,
    /// An incomplete UTF-8 sequence at the end of the bytes fed (at most
    /// 3 bytes, `open` of them).
    partial: [u8; 4],
    open: usize,
}

impl UnitCount {
    /// A count of 0 units.
    pub fn new(unit: ColumnUnit) -> Self {
        UnitCount {
            unit,
            units: 0,
            partial: [0; 4],
            open: 0,
        }
    }

    /// Counts the bytes that follow those fed so far on the line.
    pub fn feed(&mut self, mut bytes: &[u8]) {
        if self.unit == ColumnUnit::Byte {
            self.units += bytes.len() as u64;
            return;
        }
        // Settle the sequence left open with the first bytes.
        while self.open > 0 && !bytes.is_empty() {
            let mut joined = [0u8; 4];
            joined[..self.open].copy_from_slice(&self.partial[..self.open]);
            let more = bytes.len().min(4 - self.open);
            joined[self.open..self.open + more].copy_from_slice(&bytes[..more]);
            let joined = &joined[..self.open + more];
            match first_unit(joined) {
                Some((n, valid)) => {
                    self.units += if valid {
                        self.char_units(joined)
                    } else {
                        n as u64
                    };
                    // `n` > `open`, or the sequence was already invalid
                    // (then it would not have been left open).
                    let used = n.saturating_sub(self.open);
                    self.open = 0;
                    bytes = &bytes[used..];
                }
                None => {
                    self.partial[self.open..self.open + more].copy_from_slice(&bytes[..more]);
                    self.open += more;
                    return;
                }
            }
        }
        loop {
            match std::str::from_utf8(bytes) {
                Ok(s) => {
                    self.units += self.str_units(s);
                    return;
                }
                Err(e) => {
                    let valid = e.valid_up_to();
                    if let Ok(s) = std::str::from_utf8(&bytes[..valid]) {
                        self.units += self.str_units(s);
                    }
                    match e.error_len() {
                        Some(k) => {
                            self.units += k as u64;
                            bytes = &bytes[valid + k..];
                        }
                        None => {
                            let rest = &bytes[valid..];
                            self.partial[..rest.len()].copy_from_slice(rest);
                            self.open = rest.len();
                            return;
                        }
                    }
                }
            }
        }
    }

    /// The unit counted in.
    pub fn unit(&self) -> ColumnUnit {
        self.unit
    }

    /// The units of the bytes fed, an open sequence one per byte.
    pub fn total(&self) -> u64 {
        self.units + self.open as u64
    }

    /// Units of valid text `s`.
    fn str_units(&self, s: &str) -> u64 {
        match self.unit {
            ColumnUnit::Byte => s.len() as u64,
            ColumnUnit::Char => count_chars(s.as_bytes()),
            // Four-byte sequences (above U+FFFF) are two units.
            ColumnUnit::Utf16 => {
                count_chars(s.as_bytes()) + s.bytes().filter(|&b| b >= 0xF0).count() as u64
            }
        }
    }

    /// Units of the one valid character that starts `bytes`.
    fn char_units(&self, bytes: &[u8]) -> u64 {
        match (self.unit, bytes.first()) {
            (ColumnUnit::Utf16, Some(&b)) if b >= 0xF0 => 2,
            _ => 1,
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
    fn invalid_utf8_counts_one_column_per_byte() {
        // Latin-1 `caf\xa9 \xb0\xb1 <`: every stray byte is one column.
        let mut t = LineTracker::new();
        t.advance(b"caf\xa9 \xb0\xb1 <");
        assert_eq!(t.position().column, 10);
        // A truncated sequence before ASCII: two bytes, two columns; a
        // valid one after it: one.
        let mut t = LineTracker::new();
        t.advance(b"\xe2\x82x\xe2\x82\xac");
        assert_eq!(t.position().column, 5);
        // Overlong and surrogate forms are invalid byte by byte too.
        let mut t = LineTracker::new();
        t.advance(b"\xc0\xaf\xed\xa0\x80|");
        assert_eq!(t.position().column, 7);
        // An open sequence at the end counts when asked.
        let mut t = LineTracker::new();
        t.advance(b"a\xe2\x82");
        assert_eq!(t.position().column, 4);
    }

    #[test]
    fn split_invalid_utf8_gives_the_same_position() {
        let text = b"\xa9x\xe2\x82\xac\xe2\x82y\xf0\x9f\x98\x80\xf0\x9f\xc3\xa9\xff\xed\xa0\x80z\n\xe2\x82\xacq\xc3";
        let mut b = LineTracker::new();
        b.advance(text);
        for cut in 0..text.len() {
            for cut2 in cut..text.len() {
                let mut a = LineTracker::new();
                a.advance(&text[..cut]);
                a.advance(&text[cut..cut2]);
                a.advance(&text[cut2..]);
                assert_eq!(a.position(), b.position(), "cuts at {cut}, {cut2}");
            }
        }
        assert_eq!(b.position(), Position { line: 2, column: 4 });
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

    #[test]
    fn columns_in_each_unit() {
        use ColumnUnit::*;
        let col = |unit, s: &[u8]| column_in(unit, s);
        // ASCII: all the same.
        assert_eq!(
            [col(Byte, b"ab c"), col(Char, b"ab c"), col(Utf16, b"ab c")],
            [5, 5, 5]
        );
        assert_eq!([col(Byte, b""), col(Char, b""), col(Utf16, b"")], [1, 1, 1]);
        // A tab is one of each (editors that expand it count screen columns).
        assert_eq!(
            [col(Byte, b"\tx"), col(Char, b"\tx"), col(Utf16, b"\tx")],
            [3, 3, 3]
        );
        // 2-byte (U+00FC), 3-byte (U+20AC), 4-byte (U+1F600) characters.
        let two = "\u{fc}".as_bytes();
        let three = "\u{20ac}".as_bytes();
        let four = "\u{1F600}".as_bytes();
        assert_eq!([col(Byte, two), col(Char, two), col(Utf16, two)], [3, 2, 2]);
        assert_eq!(
            [col(Byte, three), col(Char, three), col(Utf16, three)],
            [4, 2, 2]
        );
        assert_eq!(
            [col(Byte, four), col(Char, four), col(Utf16, four)],
            [5, 2, 3]
        );
        // The reviewer's line: "Grüße 😀 café: " before the URI.
        let line = "Gr\u{fc}\u{df}e \u{1F600} caf\u{e9}: ".as_bytes();
        assert_eq!(
            [col(Byte, line), col(Char, line), col(Utf16, line)],
            [21, 15, 16]
        );
        // Invalid UTF-8: one unit per invalid byte, in every unit.
        let bad = b"caf\xa9 \xe2\x82x\xc0\xaf";
        assert_eq!(
            [col(Byte, bad), col(Char, bad), col(Utf16, bad)],
            [11, 11, 11]
        );
        // An open sequence at the end, one per byte.
        assert_eq!([col(Char, b"a\xf0\x9f"), col(Utf16, b"a\xf0\x9f")], [4, 4]);
    }

    #[test]
    fn char_columns_agree_with_the_tracker() {
        let text = b"\xa9x\xe2\x82\xac\xe2\x82y\xf0\x9f\x98\x80\xf0\x9f\xc3\xa9\xff\xed\xa0\x80z";
        for end in 0..=text.len() {
            let mut t = LineTracker::new();
            t.advance(&text[..end]);
            assert_eq!(
                column_in(ColumnUnit::Char, &text[..end]),
                t.position().column,
                "{end}"
            );
        }
    }

    #[test]
    fn split_feeding_gives_the_same_count() {
        let mut text = "h\u{e9}\u{1F600}\u{20ac}x".as_bytes().to_vec();
        text.extend_from_slice(b"\xa9\xe2\x82y\xf0\x9f\x98\x80\xf0\x9f");
        for unit in [ColumnUnit::Byte, ColumnUnit::Char, ColumnUnit::Utf16] {
            let whole = column_in(unit, &text);
            for cut in 0..text.len() {
                for cut2 in cut..text.len() {
                    let mut c = UnitCount::new(unit);
                    c.feed(&text[..cut]);
                    c.feed(&text[cut..cut2]);
                    c.feed(&text[cut2..]);
                    assert_eq!(c.total() + 1, whole, "{unit:?} cuts at {cut}, {cut2}");
                }
            }
        }
    }
}
