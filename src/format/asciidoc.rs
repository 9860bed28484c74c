//! AsciiDoc: text whose URI macros (`https://example.org[text]`,
//! `link:https://example.org[text]`, `image::logo.png[alt]`) end at `[`.
//!
//! This module owns splitting an AsciiDoc document into text segments
//! (its source bytes, mapped one for one) so that a URI never runs into
//! the `[text]` of a macro: the document is cut just before the `[` of
//! each URI macro, and just after the `link:`, `image:`, `image::` or
//! `include::` prefix of one. Everything else is scanned as plain text.
//! It does not own scanning, and reads no other AsciiDoc markup.

use std::ops::Range;

use super::segment::{Segment, SegmentKind};

/// Macro names whose target follows the colon(s).
const MACROS: [&[u8]; 4] = [b"link:", b"image::", b"image:", b"include::"];

/// Splits the AsciiDoc document `src` into text segments, in order, cut at
/// its URI macros. Offsets of the maps are relative to `src`. Never fails.
pub fn segments(src: &[u8]) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut from = 0;
    for cut in cuts(src).into_iter().chain(std::iter::once(src.len())) {
        if cut > from {
            out.push(Segment::exact(src, from..cut, SegmentKind::Text, false));
        }
        from = cut;
    }
    out
}

/// The `[` of each URI macro of `src`, one byte each: `check --fix`
/// leaves alone a finding on a URI that runs into one (read as plain
/// text, the URI would take the macro's text in).
pub fn macro_brackets(src: &[u8]) -> Vec<Range<u64>> {
    cuts(src)
        .into_iter()
        .filter(|&p| src.get(p) == Some(&b'['))
        .map(|p| p as u64..p as u64 + 1)
        .collect()
}

/// Where [`segments`] cuts `src`, in order.
fn cuts(src: &[u8]) -> Vec<usize> {
    let mut cuts: Vec<usize> = Vec::new();
    for p in memchr::memchr_iter(b'[', src) {
        // The token before '[': back to white space or a delimiter.
        let start = src[..p]
            .iter()
            .rposition(|&b| {
                b.is_ascii_whitespace() || matches!(b, b'<' | b'>' | b'"' | b'\'' | b'(')
            })
            .map_or(0, |i| i + 1);
        let token = &src[start..p];
        if token.is_empty() || !token.contains(&b':') {
            continue;
        }
        cuts.push(p);
        if let Some(m) = MACROS
            .iter()
            .find(|m| token.len() > m.len() && token[..m.len()].eq_ignore_ascii_case(m))
        {
            cuts.push(start + m.len());
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    cuts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::{Found, ScanOptions, Scanner};

    fn uris(src: &str) -> Vec<String> {
        let mut out = Vec::new();
        for seg in segments(src.as_bytes()) {
            let mut s = Scanner::new(&seg.text[..], ScanOptions::default());
            while let Ok(Some(f)) = s.next_found() {
                if let Found::Uri(c) = f {
                    out.push(c.text().to_string());
                }
            }
        }
        out
    }

    #[test]
    fn macros_end_at_the_bracket() {
        assert_eq!(
            uris("The first step is to https://github.com/git/git/security/advisories/new[open\na draft], see link:https://a.example/x[here].\nimage::https://c.example/logo.png[Logo]\nPlain https://d.example/p.\n"),
            [
                "https://github.com/git/git/security/advisories/new",
                "https://a.example/x",
                "https://c.example/logo.png",
                "https://d.example/p",
            ]
        );
    }

    #[test]
    fn segments_cover_the_document() {
        let src = b"a https://x.example/[t] b link:https://y.example[u] c";
        let segs = segments(src);
        let joined: Vec<u8> = segs.iter().flat_map(|s| s.text.clone()).collect();
        assert_eq!(joined, src);
    }
}
