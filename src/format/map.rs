//! Offset maps: from byte offsets in decoded text back to byte offsets in
//! the original file.
//!
//! This module owns [`OffsetMap`] (one decoding step) and [`Chain`] (the
//! steps of one segment, innermost first). A decoder builds its map while
//! it writes decoded bytes: [`OffsetMap::exact`] for bytes copied as they
//! are (and for a byte that stands for one original byte), and
//! [`OffsetMap::group`] for decoded bytes that stand for a group of
//! original bytes as a whole (a quoted-printable `=3D`, a base64 quantum
//! of 4 characters, an entity reference `&amp;`). Original bytes that
//! decode to nothing (a soft line break, a removed `> ` quote prefix) are
//! simply not pushed.
//!
//! Mapping a span: its start maps to the first original byte of the run
//! that holds it, its end (exclusive) to just past the last original byte
//! of the run that holds the span's last byte. So a span mapped through
//! exact runs and groups covers exactly the original bytes its decoded
//! bytes came from (soft breaks and quote prefixes inside it included),
//! and a span that starts or ends inside a base64 quantum is widened to
//! the whole quantum.
//!
//! It does not own decoding (the format modules) nor lines and columns
//! (`crate::position`).

use std::ops::Range;

/// One run of a map: decoded bytes from `decoded` (to the next run's
/// start) come from original bytes from `original`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    /// First decoded offset of the run.
    decoded: u64,
    /// First original offset of the run.
    original: u64,
    /// `None`: byte `decoded + i` comes from byte `original + i`.
    /// `Some(n)`: every byte of the run comes from the `n` original bytes
    /// from `original` as a whole.
    group: Option<u64>,
}

/// A map from byte offsets in one decoding step's output to byte offsets
/// in its input (0-based, end exclusive). Built in decoded order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OffsetMap {
    runs: Vec<Run>,
    /// Decoded bytes pushed so far.
    len: u64,
}

impl OffsetMap {
    /// An empty map.
    pub fn new() -> OffsetMap {
        OffsetMap::default()
    }

    /// The map of a copy: `len` decoded bytes that are the original bytes
    /// from `original` on.
    pub fn identity(original: u64, len: u64) -> OffsetMap {
        let mut m = OffsetMap::new();
        m.exact(original, len);
        m
    }

    /// Decoded bytes pushed so far.
    pub fn decoded_len(&self) -> u64 {
        self.len
    }

    /// Appends `len` decoded bytes that are original bytes `original..
    /// original + len`, one for one. Joins the previous run when it is
    /// exact and ends where this one starts.
    pub fn exact(&mut self, original: u64, len: u64) {
        if len == 0 {
            return;
        }
        if let Some(last) = self.runs.last() {
            if last.group.is_none() && last.original + (self.len - last.decoded) == original {
                self.len += len;
                return;
            }
        }
        self.runs.push(Run {
            decoded: self.len,
            original,
            group: None,
        });
        self.len += len;
    }

    /// Appends `len` decoded bytes that come from the `original_len`
    /// original bytes from `original` as a whole (e.g. `=3D` decoded to
    /// `=`, or a base64 quantum of 4 characters decoded to 3 bytes).
    /// A group of one original byte for one decoded byte is exact.
    pub fn group(&mut self, original: u64, original_len: u64, len: u64) {
        if len == 0 {
            return;
        }
        if original_len == len && len == 1 {
            self.exact(original, 1);
            return;
        }
        self.runs.push(Run {
            decoded: self.len,
            original,
            group: Some(original_len),
        });
        self.len += len;
    }

    /// Index of the run holding decoded byte `d` (`None` when empty).
    fn run_of(&self, d: u64) -> Option<usize> {
        if self.runs.is_empty() {
            return None;
        }
        Some(
            self.runs
                .partition_point(|r| r.decoded <= d)
                .saturating_sub(1),
        )
    }

    /// The original offset where decoded byte `d` starts. Past the end,
    /// the end of the last run.
    pub fn start(&self, d: u64) -> u64 {
        if d >= self.len {
            return self.end(self.len);
        }
        match self.run_of(d) {
            None => 0,
            Some(i) => {
                let r = self.runs[i];
                match r.group {
                    None => r.original + (d - r.decoded),
                    Some(_) => r.original,
                }
            }
        }
    }

    /// The original offset just past the bytes that decoded bytes before
    /// `d` came from (an exclusive end). `end(0)` is `start(0)`.
    pub fn end(&self, d: u64) -> u64 {
        if d == 0 || self.runs.is_empty() {
            return self.runs.first().map_or(0, |r| r.original);
        }
        let d = d.min(self.len);
        let Some(i) = self.run_of(d - 1) else {
            return 0;
        };
        let r = self.runs[i];
        match r.group {
            None => r.original + (d - r.decoded),
            Some(n) => r.original + n,
        }
    }

    /// The original span of the decoded span `span`.
    pub fn span(&self, span: Range<u64>) -> Range<u64> {
        if span.is_empty() {
            let s = self.start(span.start);
            return s..s;
        }
        self.start(span.start)..self.end(span.end)
    }

    /// True when every decoded byte of `span` comes from one original byte
    /// and they are contiguous: the original bytes at the mapped span are
    /// the decoded bytes (a fix could be written there).
    pub fn is_exact(&self, span: Range<u64>) -> bool {
        if span.is_empty() {
            return true;
        }
        let (Some(a), Some(b)) = (self.run_of(span.start), self.run_of(span.end - 1)) else {
            return false;
        };
        a == b && self.runs[a].group.is_none()
    }
}

/// The maps of one segment, from its decoded text out to the file: the
/// first map takes decoded offsets to the next step's offsets, and so on;
/// the last gives offsets into the file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    maps: Vec<OffsetMap>,
    /// Added at the end (the offset of the message or part in the file).
    base: u64,
}

impl Chain {
    /// A chain of `maps` (innermost first), whose last map's offsets are
    /// relative to `base` in the file.
    pub fn new(maps: Vec<OffsetMap>, base: u64) -> Chain {
        Chain { maps, base }
    }

    /// The file span of the decoded span `span`.
    pub fn span(&self, span: Range<u64>) -> Range<u64> {
        let mut s = span;
        for m in &self.maps {
            s = m.span(s);
        }
        s.start + self.base..s.end + self.base
    }

    /// True when every step is exact over the span (see
    /// [`OffsetMap::is_exact`]): the file's bytes there are the decoded
    /// bytes.
    pub fn is_exact(&self, span: Range<u64>) -> bool {
        let mut s = span;
        for m in &self.maps {
            if !m.is_exact(s.clone()) {
                return false;
            }
            s = m.span(s);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_and_merge() {
        let mut m = OffsetMap::new();
        m.exact(10, 3);
        m.exact(13, 2);
        assert_eq!(m.runs.len(), 1);
        assert_eq!(m.span(0..5), 10..15);
        assert_eq!(m.span(1..2), 11..12);
        assert!(m.is_exact(0..5));
    }

    #[test]
    fn quoted_printable_shapes() {
        // "ab=3Dc=\nd" decodes to "ab=cd": a group for =3D, a gap for =\n.
        let mut m = OffsetMap::new();
        m.exact(0, 2); // ab
        m.group(2, 3, 1); // =3D -> =
        m.exact(5, 1); // c
        m.exact(8, 1); // d (after the soft break =\n at 6..8)
        assert_eq!(m.decoded_len(), 5);
        assert_eq!(m.span(0..5), 0..9);
        assert_eq!(m.span(2..3), 2..5);
        assert_eq!(m.span(3..5), 5..9);
        assert_eq!(m.span(4..5), 8..9);
        assert!(m.is_exact(0..2));
        assert!(!m.is_exact(0..3));
        assert!(!m.is_exact(3..5));
    }

    #[test]
    fn base64_quanta_widen() {
        let mut m = OffsetMap::new();
        m.group(100, 4, 3);
        m.group(104, 4, 3);
        assert_eq!(m.span(1..2), 100..104);
        assert_eq!(m.span(2..4), 100..108);
        assert_eq!(m.span(6..6), 108..108);
    }

    #[test]
    fn chain_applies_each_step() {
        // Decoded -> message (skip one byte at 3) -> file at 1000.
        let mut inner = OffsetMap::new();
        inner.exact(0, 3);
        inner.exact(4, 3);
        let chain = Chain::new(vec![inner], 1000);
        assert_eq!(chain.span(2..4), 1002..1005);
        assert!(!chain.is_exact(2..4));
        assert!(chain.is_exact(3..6));
    }
}
