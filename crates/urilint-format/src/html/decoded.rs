//! Decoded text being built ([`Decoded`]), with where each run of it
//! ([`Piece`]) comes from in the input: the [`OffsetMap`]s and segments
//! cut from it, and trimming.

use super::*;

/// One run of [`Decoded`] text.
#[derive(Clone, Copy, Debug)]
pub(super) struct Piece {
    /// First decoded offset.
    pub(super) start: usize,
    /// Decoded length.
    pub(super) len: usize,
    /// First input offset.
    pub(super) original: usize,
    /// Input length: equal to `len` for an exact run.
    pub(super) original_len: usize,
    /// True: decoded byte `start + i` is input byte `original + i`.
    /// False: all the decoded bytes come from the input bytes as a whole
    /// (never with `original_len == 1`, see [`Decoded::group`]).
    pub(super) exact: bool,
}

/// Decoded text being built, with where each run of it comes from; maps
/// of sub-ranges (a trimmed value, one `srcset` candidate) are cut from it.
#[derive(Clone, Debug, Default)]
pub(super) struct Decoded {
    pub(super) text: Vec<u8>,
    pub(super) pieces: Vec<Piece>,
}

impl Decoded {
    pub(super) fn clear(&mut self) {
        self.text.clear();
        self.pieces.clear();
    }

    /// Appends input bytes `html[original..original + len]` as they are.
    pub(super) fn exact(&mut self, html: &[u8], original: usize, len: usize) {
        let Some(bytes) = html.get(original..original.saturating_add(len)) else {
            return;
        };
        if bytes.is_empty() {
            return;
        }
        let start = self.text.len();
        self.text.extend_from_slice(bytes);
        if let Some(last) = self.pieces.last_mut() {
            if last.exact && last.original + last.len == original {
                last.len += len;
                last.original_len += len;
                return;
            }
        }
        self.pieces.push(Piece {
            start,
            len,
            original,
            original_len: len,
            exact: true,
        });
    }

    /// Appends `bytes`, decoded from input bytes `original..original +
    /// original_len` as a whole. One input byte decoded to something else
    /// (CR to LF, NUL to U+FFFD) is kept as it is instead: the map's exact
    /// runs are then always equal to the input.
    pub(super) fn group(
        &mut self,
        html: &[u8],
        original: usize,
        original_len: usize,
        bytes: &[u8],
    ) {
        if original_len == 1 {
            self.exact(html, original, 1);
            return;
        }
        if bytes.is_empty() {
            return;
        }
        let start = self.text.len();
        self.text.extend_from_slice(bytes);
        self.pieces.push(Piece {
            start,
            len: bytes.len(),
            original,
            original_len,
            exact: false,
        });
    }

    /// Appends one piece of tokenizer output, `decoded`, that came from
    /// the input bytes between `*cursor` and `end` (the tokenizer's
    /// position after it), and moves `*cursor` past the bytes used.
    pub(super) fn push(&mut self, html: &[u8], cursor: &mut usize, end: usize, decoded: &[u8]) {
        let end = end.min(html.len());
        let mut start = (*cursor).min(end);
        if decoded.is_empty() {
            return;
        }
        // The LF of a CR LF pair: the tokenizer gave the pair as one LF,
        // kept here as the CR; the LF is kept too.
        if html.get(start) == Some(&b'\n')
            && start < end
            && start > 0
            && html[start - 1] == b'\r'
            && self.text.last() == Some(&b'\r')
        {
            self.exact(html, start, 1);
            start += 1;
        }
        let raw = &html[start..end];
        *cursor = end;
        if raw == decoded {
            self.exact(html, start, raw.len());
        } else if let Some(k) = memchr::memrchr(b'&', raw) {
            // A character reference, the tokenizer's position just past
            // it (input before it gave nothing: `</>`).
            if &raw[k..] == decoded {
                self.exact(html, start + k, decoded.len());
            } else {
                self.group(html, start + k, raw.len() - k, decoded);
            }
        } else if decoded == b"\n" && raw.last() == Some(&b'\r') {
            // A CR that the tokenizer gave as LF, kept as CR.
            self.exact(html, end - 1, 1);
        } else if raw.ends_with(decoded) {
            // Input that gave nothing before it (`</>`).
            self.exact(html, end - decoded.len(), decoded.len());
        } else if raw.starts_with(decoded) {
            // The tokenizer has read ahead: the rest comes with the next
            // piece.
            self.exact(html, start, decoded.len());
            *cursor = start + decoded.len();
        } else {
            // Anything else: the common ends exact, the middle a group
            // (a lone CR given as LF is kept as CR by `group`).
            let p = raw.iter().zip(decoded).take_while(|(a, b)| a == b).count();
            let q = raw[p..]
                .iter()
                .rev()
                .zip(decoded[p..].iter().rev())
                .take_while(|(a, b)| a == b)
                .count();
            self.exact(html, start, p);
            self.group(
                html,
                start + p,
                raw.len() - p - q,
                &decoded[p..decoded.len() - q],
            );
            self.exact(html, end - q, q);
        }
    }

    /// The map of decoded bytes `range` (offsets in the map from
    /// `range.start`), to input offsets.
    pub(super) fn map(&self, range: Range<usize>) -> OffsetMap {
        let mut map = OffsetMap::new();
        let first = self
            .pieces
            .partition_point(|p| p.start + p.len <= range.start);
        for p in self.pieces.get(first..).unwrap_or_default() {
            if p.start >= range.end {
                break;
            }
            let lo = p.start.max(range.start);
            let hi = (p.start + p.len).min(range.end);
            if lo >= hi {
                continue;
            }
            let len = (hi - lo) as u64;
            if p.exact {
                map.exact((p.original + (lo - p.start)) as u64, len);
            } else {
                map.group(p.original as u64, p.original_len as u64, len);
            }
        }
        map
    }

    /// A segment of decoded bytes `range`.
    pub(super) fn segment(
        &self,
        range: Range<usize>,
        kind: SegmentKind,
        references: bool,
    ) -> Segment {
        Segment {
            text: self.text.get(range.clone()).unwrap_or_default().to_vec(),
            kind,
            map: self.map(range),
            base: None,
            references,
        }
    }
}

/// `range` of `text` without its leading and trailing ASCII whitespace.
pub(super) fn trim(text: &[u8], range: Range<usize>) -> Range<usize> {
    let s = text.get(range.clone()).unwrap_or_default();
    let lead = s.iter().take_while(|b| is_space(**b)).count();
    let trail = s[lead..].iter().rev().take_while(|b| is_space(**b)).count();
    range.start + lead..range.end - trail
}
