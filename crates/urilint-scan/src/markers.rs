//! Suppression markers (`urilint:`) noted on the scanner's own pass.
//!
//! `check` asks, for every finding, whether a `urilint: disable` block
//! covers it, which needs every marker before the finding's line. Every
//! marker ends in a colon, and the scanner stops at every colon anyway
//! (or walks over it inside a URI it takes or a too-long candidate it
//! skips): reading the eight bytes that end at the colon there costs a
//! load and a compare, where a second search of the whole input costs a
//! second read of it (urilint's `lines::Lines::marker_lines_before`, the
//! search used when the scanner did not note them).
//!
//! This module owns the marker word test (shared with that search) and
//! the bounded list of the markers one call of
//! [`super::Scanner::next_found`] passed ([`ScanOptions::markers`]).
//! What a marker says (`ignore`, `disable[...]`, `enable`) is
//! urilint's `lint::suppress`'s business.
//!
//! [`ScanOptions::markers`]: super::ScanOptions::markers

/// The marker: `urilint:`, 8 bytes (RFC-free: urilint's own syntax).
pub const MARKER: &[u8; 8] = b"urilint:";

/// At most this many markers are noted in one call of
/// [`super::Scanner::next_found`]; past it the scanner stops noting them
/// for the rest of the input ([`super::Found::markers`] is `None` from
/// then on) and the reader of the list searches for them itself. Bounds
/// the list on an input of nothing but markers (a gigabyte of `urilint:`
/// would be 128 M of them).
pub const MAX_MARKERS: usize = 4096;

/// True when the 8 bytes of `hay` that end at index `colon` (a `:`) are
/// the marker `urilint:` in any case (`Urilint:`, `URILINT:`, `UriLint:`),
/// as a line's `urilint: ignore` is read (urilint's `lint::suppress`).
/// False when fewer than 8 bytes end there.
#[inline(always)]
pub fn is_marker_at(hay: &[u8], colon: usize) -> bool {
    const LOWER: u64 = u64::from_le_bytes(*b"urilint:");
    // Bit 5 of each letter: a byte ORed with it is the lowercase letter
    // only when it is that letter in either case. Not of the colon.
    const FOLD: u64 = 0x0020_2020_2020_2020;
    let Some(at) = (colon + 1).checked_sub(MARKER.len()) else {
        return false;
    };
    let Some(bytes) = hay.get(at..=colon) else {
        return false;
    };
    let mut word = [0u8; 8];
    word.copy_from_slice(bytes);
    u64::from_le_bytes(word) | FOLD == LOWER
}

/// The markers one call of the scanner passed: 0-based byte offsets of
/// their colons in the input, increasing, each noted once.
#[derive(Debug, Default)]
pub(crate) struct MarkerList {
    /// Offsets noted in this call.
    pub(crate) offsets: Vec<u64>,
    /// The greatest offset ever noted (a colon seen again after a read,
    /// or inside a URI, is not noted twice).
    last: Option<u64>,
    /// More than [`MAX_MARKERS`] came in one call: none are noted any
    /// more.
    pub(crate) lost: bool,
}

impl MarkerList {
    /// Starts a call: the offsets of the last one were handed out.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.offsets.clear();
    }

    /// Notes the colon at input offset `at` when it ends a marker in
    /// `hay` at `index`, once.
    #[inline(always)]
    pub(crate) fn note(&mut self, hay: &[u8], index: usize, at: u64) {
        if !is_marker_at(hay, index) || self.last.is_some_and(|l| at <= l) || self.lost {
            return;
        }
        self.last = Some(at);
        if self.offsets.len() >= MAX_MARKERS {
            self.lost = true;
            self.offsets = Vec::new();
            return;
        }
        self.offsets.push(at);
    }

    /// Notes every marker whose colon lies in `hay[range]` (`base` is the
    /// input offset of `hay[0]`): a URI's own bytes, which the search
    /// for the next colon jumps over.
    pub(crate) fn note_in(&mut self, hay: &[u8], range: std::ops::Range<usize>, base: u64) {
        let Some(bytes) = hay.get(range.clone()) else {
            return;
        };
        for i in memchr::memchr_iter(b':', bytes) {
            let index = range.start + i;
            self.note(hay, index, base + index as u64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marker_word_in_its_cases() {
        for (text, want) in [
            ("urilint:", true),
            ("Urilint:", true),
            ("URILINT:", true),
            ("uRILINT:", true),
            ("UriLint:", true),
            ("urilinT:", true),
            ("uri\x0cint:", false),
            ("xrilint:", false),
            ("urilint;", false),
            ("rilint:", false),
            ("xurilint:", true),
        ] {
            let hay = text.as_bytes();
            let colon = hay.iter().rposition(|b| *b == b':').unwrap_or(0);
            assert_eq!(is_marker_at(hay, colon), want, "{text}");
        }
        // Only the letters fold: not the colon's byte.
        assert!(!is_marker_at(b"urilint\x1a", 7));
        let hay = b"# urilint: disable";
        assert!(is_marker_at(hay, 9));
        assert!(!is_marker_at(hay, 100));
    }

    #[test]
    fn noted_once_in_order_and_bounded() {
        let hay = b"a urilint: b URILINT:c";
        let mut list = MarkerList::default();
        list.note_in(hay, 0..hay.len(), 100);
        list.note(hay, 9, 109);
        assert_eq!(list.offsets, [109, 120]);
        list.clear();
        list.note_in(hay, 0..hay.len(), 100);
        assert!(list.offsets.is_empty());
        // Past the bound, nothing more is noted, ever.
        let many = MARKER.repeat(MAX_MARKERS + 1);
        let mut list = MarkerList::default();
        list.note_in(&many, 0..many.len(), 0);
        assert!(list.lost && list.offsets.is_empty());
        list.clear();
        list.note_in(&many, 0..many.len(), many.len() as u64);
        assert!(list.lost && list.offsets.is_empty());
    }
}
