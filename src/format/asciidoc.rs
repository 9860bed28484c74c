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

/// Where [`segments`] cuts `src`, in order. One pass: the start of the
/// token before each `[` (back to white space or a delimiter) and whether
/// it holds a `:` are kept while walking forward, so a run of `[` (or of
/// `http://a.example/x[`) costs its length, not its square.
fn cuts(src: &[u8]) -> Vec<usize> {
    let mut cuts: Vec<usize> = Vec::new();
    // Start of the current token, and the last ':' seen (in it if at or
    // after `start`).
    let mut start = 0;
    let mut colon: Option<usize> = None;
    for (p, &b) in src.iter().enumerate() {
        match b {
            b'[' => {
                if p == start || colon.is_none_or(|c| c < start) {
                    continue;
                }
                cuts.push(p);
                let token = &src[start..p];
                if let Some(m) = MACROS
                    .iter()
                    .find(|m| token.len() > m.len() && token[..m.len()].eq_ignore_ascii_case(m))
                {
                    cuts.push(start + m.len());
                }
            }
            b':' => colon = Some(p),
            _ if b.is_ascii_whitespace() || matches!(b, b'<' | b'>' | b'"' | b'\'' | b'(') => {
                start = p + 1;
            }
            _ => {}
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

    /// Review 2026-11-26 M5: each `[` looked back to the previous white
    /// space, so a run of them took time in its square (400,000: a
    /// minute). Now one pass: a million `[` and 100,000 macros with no
    /// white space between them are cut at once, where they were before.
    #[test]
    fn runs_of_brackets_are_linear() {
        let src = vec![b'['; 1_000_000];
        assert!(cuts(&src).is_empty());
        assert_eq!(segments(&src).len(), 1);
        let unit = b"http://a.example/x[";
        let src: Vec<u8> = unit.repeat(100_000);
        let got = cuts(&src);
        assert_eq!(got.len(), 100_000);
        assert!(got
            .iter()
            .enumerate()
            .all(|(i, &p)| p == (i + 1) * unit.len() - 1));
        // `link:` at the start of a token: cut after the prefix too.
        let src = b"a link:https://y.example[u] link:x[v]".repeat(50_000);
        assert_eq!(cuts(&src).len(), 4 * 50_000);
        assert_eq!(macro_brackets(&src).len(), 2 * 50_000);
    }

    /// The cuts of the one-pass walk equal those of looking back from
    /// each `[` (the definition), on documents made of the pieces that
    /// matter.
    #[test]
    fn cuts_equal_the_look_back_definition() {
        fn look_back(src: &[u8]) -> Vec<usize> {
            let mut cuts = Vec::new();
            for p in memchr::memchr_iter(b'[', src) {
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
        let pieces: [&[u8]; 12] = [
            b"[",
            b":",
            b" ",
            b"\n",
            b"(",
            b"\"",
            b"link:",
            b"IMAGE::",
            b"include::",
            b"x",
            b"http://a.example/",
            b"]",
        ];
        // Every document of up to 5 pieces (12^5 = 248,832).
        let mut doc = Vec::new();
        for n in 0..=5u32 {
            for code in 0..12usize.pow(n) {
                doc.clear();
                let mut c = code;
                for _ in 0..n {
                    doc.extend_from_slice(pieces[c % 12]);
                    c /= 12;
                }
                assert_eq!(
                    cuts(&doc),
                    look_back(&doc),
                    "{:?}",
                    String::from_utf8_lossy(&doc)
                );
            }
        }
    }

    #[test]
    fn segments_cover_the_document() {
        let src = b"a https://x.example/[t] b link:https://y.example[u] c";
        let segs = segments(src);
        let joined: Vec<u8> = segs.iter().flat_map(|s| s.text.clone()).collect();
        assert_eq!(joined, src);
    }
}
