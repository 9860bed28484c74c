//! Quoted-printable decoding with an offset map (RFC 2045 section 6.7).
//!
//! This module owns decoding the body of a MIME part sent with
//! `Content-Transfer-Encoding: quoted-printable` while keeping, for every
//! decoded byte, where it came from: a literal byte maps to itself, an
//! escape `=XX` maps to its three bytes as a group, and a soft line break
//! (`=` at the end of a line, after optional transport padding) maps to
//! nothing. So the span of a URI in the decoded text maps to the exact
//! bytes of the message, soft breaks and `=3D` included.
//!
//! Lenient as RFC 2045 section 6.7 note (1) asks of decoders: an `=` not
//! followed by two hexadecimal digits (either case) or a line break is
//! kept as it is. It does not own charsets (`super::charset`).

use super::map::OffsetMap;
use crate::grammar::chars::hex_value as hex;

/// Decodes quoted-printable `input`; the map's offsets are into `input`.
pub fn decode(input: &[u8]) -> (Vec<u8>, OffsetMap) {
    let mut out = Vec::with_capacity(input.len());
    let mut map = OffsetMap::new();
    let mut i = 0;
    while i < input.len() {
        let Some(eq) = memchr::memchr(b'=', &input[i..]) else {
            out.extend_from_slice(&input[i..]);
            map.exact(i as u64, (input.len() - i) as u64);
            break;
        };
        let at = i + eq;
        out.extend_from_slice(&input[i..at]);
        map.exact(i as u64, eq as u64);
        // What follows the '='.
        let rest = &input[at + 1..];
        if let (Some(&h), Some(&l)) = (rest.first(), rest.get(1)) {
            if let (Some(h), Some(l)) = (hex(h), hex(l)) {
                out.push(h << 4 | l);
                map.group(at as u64, 3, 1);
                i = at + 3;
                continue;
            }
        }
        // A soft line break: '=', transport padding, then CRLF or LF (or
        // the end of the body).
        let pad = rest
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        let after = &rest[pad..];
        let brk = if after.starts_with(b"\r\n") {
            Some(2)
        } else if after.first() == Some(&b'\n') || after.is_empty() {
            Some(after.len().min(1))
        } else {
            None
        };
        match brk {
            Some(n) => i = at + 1 + pad + n,
            None => {
                out.push(b'=');
                map.exact(at as u64, 1);
                i = at + 1;
            }
        }
    }
    (out, map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn soft_breaks_and_escapes() {
        let raw = b"see https://ww=\nw.example/?q=3Dx&a=3d1 =C3=A9=\r\nend=";
        let (text, map) = decode(raw);
        assert_eq!(
            text,
            "see https://www.example/?q=x&a=1 \u{e9}end".as_bytes()
        );
        // The URI's decoded span maps to the raw bytes with the soft break
        // and the escapes.
        let start = 4;
        let end = text
            .iter()
            .position(|&b| b == b' ')
            .map(|p| p + 4 + 1)
            .unwrap_or(0);
        let uri_end = 4 + "https://www.example/?q=x&a=1".len();
        assert!(end > 0);
        let span = map.span(start as u64..uri_end as u64);
        assert_eq!(
            &raw[span.start as usize..span.end as usize],
            b"https://ww=\nw.example/?q=3Dx&a=3d1"
        );
    }

    #[test]
    fn lone_equals_kept() {
        let (text, map) = decode(b"a=b =zz c");
        assert_eq!(text, b"a=b =zz c");
        assert!(map.is_exact(0..9));
    }

    #[test]
    fn padding_before_soft_break() {
        let (text, _) = decode(b"ab= \t\ncd");
        assert_eq!(text, b"abcd");
    }

    proptest! {
        #[test]
        fn maps_stay_in_bounds_and_exact_runs_are_copies(raw in proptest::collection::vec(
            prop_oneof![Just(b'='), Just(b'\n'), Just(b'3'), Just(b'D'), Just(b'a'), Just(b' '), any::<u8>()], 0..200)) {
            let (text, map) = decode(&raw);
            prop_assert_eq!(map.decoded_len(), text.len() as u64);
            for s in 0..text.len() {
                for e in s + 1..(s + 6).min(text.len() + 1) {
                    let span = map.span(s as u64..e as u64);
                    prop_assert!(span.start <= span.end && span.end <= raw.len() as u64);
                    if map.is_exact(s as u64..e as u64) {
                        prop_assert_eq!(&raw[span.start as usize..span.end as usize], &text[s..e]);
                    }
                    // Each decoded byte's own bytes lie inside the span.
                    for k in s..e {
                        let one = map.span(k as u64..k as u64 + 1);
                        prop_assert!(span.start <= one.start && one.end <= span.end);
                    }
                }
                // One byte's original bytes decode to it (a literal '='
                // is exact and was checked above).
                let one = map.span(s as u64..s as u64 + 1);
                if raw[one.start as usize] == b'=' && one.end - one.start == 3 {
                    let (again, _) = decode(&raw[one.start as usize..one.end as usize]);
                    prop_assert_eq!(&again[..], &text[s..s + 1]);
                }
            }
        }
    }
}
