//! Small text helpers shared by the scheme modules: percent-decoding that
//! keeps each octet's byte offset, UTF-8 checks on decoded octets, the
//! opaque "body" of a URI after its `scheme:`, and the wording used in
//! messages.
//!
//! This module owns no rule. Every offset it returns is a 0-based byte
//! offset into the whole URI ([`crate::grammar::UriRef::as_str`]). Nothing
//! here indexes input without a bounds check: the checkers may be handed a
//! URI that the generic grammar rejected, and must not panic on it.

use crate::grammar::UriRef;

/// One octet of a component after percent-decoding (RFC 3986 section 2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Unit {
    /// The octet (decoded when [`Unit::encoded`]).
    pub byte: u8,
    /// 0-based byte offset into the URI of the octet, or of its `%` when it
    /// was percent-encoded.
    pub at: usize,
    /// True when the octet was written as `%XX`.
    pub encoded: bool,
}

impl Unit {
    /// True when this is the literal (not percent-encoded) octet `b`.
    pub fn is_raw(&self, b: u8) -> bool {
        !self.encoded && self.byte == b
    }
}

/// The value of an ASCII hexadecimal digit.
pub(crate) fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Percent-decodes `s`, which starts at byte offset `base` of the URI. A
/// `%` not followed by two hexadecimal digits (which the generic grammar
/// rejects) is kept as a literal `%`.
pub(crate) fn decode(s: &str, base: usize) -> Vec<Unit> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c == b'%' {
            let pair = (
                b.get(i + 1).copied().and_then(hex),
                b.get(i + 2).copied().and_then(hex),
            );
            if let (Some(h), Some(l)) = pair {
                out.push(Unit {
                    byte: h << 4 | l,
                    at: base + i,
                    encoded: true,
                });
                i += 3;
                continue;
            }
        }
        out.push(Unit {
            byte: c,
            at: base + i,
            encoded: false,
        });
        i += 1;
    }
    out
}

/// The index in `units` of the first octet that does not belong to a valid
/// UTF-8 sequence (RFC 3629), if any.
pub(crate) fn invalid_utf8(units: &[Unit]) -> Option<usize> {
    let bytes: Vec<u8> = units.iter().map(|u| u.byte).collect();
    match std::str::from_utf8(&bytes) {
        Ok(_) => None,
        Err(e) => Some(e.valid_up_to()),
    }
}

/// Describes an octet for a message: `'('`, `'%28' ('(')`, `'%0A' (LF)`,
/// `'%C3' (octet 0xC3)`.
pub(crate) fn describe(u: &Unit) -> String {
    let plain = describe_byte(u.byte);
    if u.encoded {
        format!("'%{:02X}' ({plain})", u.byte)
    } else {
        plain
    }
}

/// Describes a bare octet: `'('`, `LF`, `octet 0xC3`.
pub(crate) fn describe_byte(b: u8) -> String {
    match b {
        b'\t' => "TAB".to_string(),
        b'\n' => "LF".to_string(),
        b'\r' => "CR".to_string(),
        b' ' => "space".to_string(),
        0x21..=0x7e => format!("'{}'", b as char),
        0x00..=0x1f | 0x7f => format!("control 0x{b:02X}"),
        _ => format!("octet 0x{b:02X}"),
    }
}

/// The first character of `s` (at byte offset `base`) described for a
/// message, with its offset; used for raw text that was not decoded.
pub(crate) fn first_char_at(s: &str, base: usize) -> (usize, String) {
    match s.chars().next() {
        Some(c) if c.is_ascii() => (base, describe_byte(c as u8)),
        Some(c) => (base, format!("'{c}' (U+{:04X})", c as u32)),
        None => (base, "end of text".to_string()),
    }
}

/// The text of `uri` between byte offsets `start` and `end`, or `""` when
/// that range is not inside the text.
pub(crate) fn slice<'a>(uri: &UriRef<'a>, start: usize, end: usize) -> &'a str {
    uri.as_str().get(start..end).unwrap_or("")
}

/// Byte offset just after the `:` that ends the scheme.
pub(crate) fn after_scheme(uri: &UriRef<'_>) -> usize {
    uri.components()
        .scheme
        .as_ref()
        .map_or(0, |r| r.end.saturating_add(1))
        .min(uri.as_str().len())
}

/// End of the part before the fragment: the offset of `#`, or the length.
pub(crate) fn before_fragment(uri: &UriRef<'_>) -> usize {
    let len = uri.as_str().len();
    uri.components()
        .fragment
        .as_ref()
        .map_or(len, |r| r.start.saturating_sub(1))
        .min(len)
}

/// End of the hier-part: the offset of `?` or `#`, or the length.
pub(crate) fn before_query(uri: &UriRef<'_>) -> usize {
    match &uri.components().query {
        Some(r) => r.start.saturating_sub(1).min(before_fragment(uri)),
        None => before_fragment(uri),
    }
}

/// The opaque body of a URI whose scheme gives no meaning to `//`, `?` or
/// `/`: everything after `scheme:` up to the fragment, with its offset.
pub(crate) fn body<'a>(uri: &UriRef<'a>) -> (usize, &'a str) {
    let start = after_scheme(uri);
    (start, slice(uri, start, before_fragment(uri)))
}

/// The hier-part of a URI after `scheme:` (authority and path, up to `?` or
/// `#`), with its offset.
pub(crate) fn hier_part<'a>(uri: &UriRef<'a>) -> (usize, &'a str) {
    let start = after_scheme(uri);
    (start, slice(uri, start, before_query(uri).max(start)))
}

/// Splits `s` (at offset `base`) on the byte `sep`, giving each piece with
/// its offset.
pub(crate) fn split_at_byte(s: &str, base: usize, sep: u8) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        if b == sep {
            out.push((base + start, s.get(start..i).unwrap_or("")));
            start = i + 1;
        }
    }
    out.push((base + start, s.get(start..).unwrap_or("")));
    out
}

/// `ALPHA / DIGIT` (RFC 5234 Appendix B.1).
pub(crate) fn is_alnum(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

#[cfg(test)]
pub(crate) mod testing {
    //! What the scheme tests share: parse, check, and list the findings.

    use crate::grammar::{parse, Grammar};

    /// Every string of 0 to `most` of `pieces` joined, in order of length:
    /// the inputs on which a one-pass test is compared with the full
    /// reading it stands in for.
    pub(crate) fn joined_pieces(pieces: &[&str], most: usize) -> Vec<String> {
        let mut all = vec![String::new()];
        let mut last = all.clone();
        for _ in 0..most {
            last = last
                .iter()
                .flat_map(|s| pieces.iter().map(move |p| format!("{s}{p}")))
                .collect();
            all.extend(last.iter().cloned());
        }
        all
    }

    /// The `(code, offset)` of every violation `super::super::check` finds
    /// in `uri`, which must be valid under RFC 3986.
    pub(crate) fn found(uri: &str) -> Vec<(&'static str, usize)> {
        let parsed = parse(uri, Grammar::Rfc3986);
        assert!(
            parsed.is_valid(),
            "{uri} is not a valid RFC 3986 URI: {:?}",
            parsed.errors()
        );
        super::super::check(parsed.uri())
            .into_iter()
            .map(|v| {
                assert!(
                    v.message.contains("RFC"),
                    "{uri}: message without its RFC: {}",
                    v.message
                );
                (v.code, v.offset)
            })
            .collect()
    }

    /// Asserts that every URI in `uris` passes the scheme checks.
    pub(crate) fn assert_valid(uris: &[&str]) {
        for uri in uris {
            let parsed = parse(uri, Grammar::Rfc3986);
            assert!(parsed.is_valid(), "{uri}: {:?}", parsed.errors());
            let v = super::super::check(parsed.uri());
            assert!(v.is_empty(), "{uri}: {v:#?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_with_offsets() {
        let u = decode("a%41%zz", 10);
        let got: Vec<_> = u.iter().map(|u| (u.byte, u.at, u.encoded)).collect();
        assert_eq!(
            got,
            vec![
                (b'a', 10, false),
                (b'A', 11, true),
                (b'%', 14, false),
                (b'z', 15, false),
                (b'z', 16, false)
            ]
        );
        assert_eq!(invalid_utf8(&decode("caf%C3%A9", 0)), None);
        assert_eq!(invalid_utf8(&decode("caf%E9x", 0)), Some(3));
        assert_eq!(describe(&decode("%0A", 0)[0]), "'%0A' (LF)");
        assert_eq!(describe(&decode("(", 0)[0]), "'('");
    }

    #[test]
    fn splits_with_offsets() {
        assert_eq!(
            split_at_byte("a;bc;", 4, b';'),
            vec![(4, "a"), (6, "bc"), (9, "")]
        );
    }
}
