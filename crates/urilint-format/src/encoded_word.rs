//! RFC 2047 encoded words in header fields (`=?utf-8?q?caf=C3=A9?=`).
//!
//! This module owns decoding one encoded word: `=?charset?Q?text?=` or
//! `=?charset?B?text?=` (RFC 2047 section 2; a language after `*` in the
//! charset, RFC 2231 section 5, is dropped), the `Q` encoding (section
//! 4.2: `_` is a space, `=XX` a byte) or base64 (section 4.1), then the
//! charset to UTF-8 (`super::charset`). Its caller maps the decoded text
//! as a whole to the encoded word's bytes: a URI inside an encoded word
//! is found in its decoded text, and nothing is found in the raw
//! `=?...?=` syntax.

use super::charset;

/// The longest encoded word read (RFC 2047 section 2 allows 75 bytes;
/// mail clients write longer ones, so a generous bound: 1,000 bytes).
pub const MAX_WORD: usize = 1000;

/// Decodes the encoded word at the start of `input` (which starts with
/// `=?`): its text as UTF-8 (bytes a charset cannot map become U+FFFD;
/// an unknown charset leaves the bytes as they are) and the length of
/// the encoded word in `input`; `None` when no well-formed encoded word
/// starts there (it is then read as it is written).
pub fn decode(input: &[u8]) -> Option<(Vec<u8>, usize)> {
    let rest = input.strip_prefix(b"=?")?;
    let window = &rest[..rest.len().min(MAX_WORD)];
    let q1 = memchr::memchr(b'?', window)?;
    let label = &window[..q1];
    let after = window.get(q1 + 1..)?;
    let (&enc, after) = after.split_first()?;
    let text_etc = after.strip_prefix(b"?")?;
    // The text holds no `?` (RFC 2047 section 4 and 5): it ends at the
    // first one, which must be followed by `=`. Every search stops at the
    // next `?`, so the work is linear in the field even when it holds
    // many `=?` (a hostile one).
    let end = memchr::memchr(b'?', text_etc)?;
    if text_etc.get(end + 1) != Some(&b'=') {
        return None;
    }
    let text = &text_etc[..end];
    if label.is_empty() || text.iter().any(|b| b.is_ascii_whitespace()) {
        return None;
    }
    let bytes = match enc {
        b'Q' | b'q' => q(text),
        b'B' | b'b' => super::base64::decode(text).bytes,
        _ => return None,
    };
    // `2 + q1 + 1 + 1 + 1 + end + 2`: `=?`, the label, `?`, the
    // encoding, `?`, the text, `?=`.
    let len = q1 + end + 7;
    let label = std::str::from_utf8(label).ok()?;
    let label = label.split('*').next().unwrap_or(label);
    let out = match charset::convert(&bytes, Some(label)) {
        Ok(charset::Converted::Utf8(t, _)) => t,
        Ok(charset::Converted::AsIs) | Err(_) => bytes,
    };
    Some((out, len))
}

/// The `Q` encoding of RFC 2047 section 4.2 decoded: `_` is a space,
/// `=XX` the byte XX; an `=` not followed by two hexadecimal digits is
/// kept.
fn q(text: &[u8]) -> Vec<u8> {
    use crate::grammar::chars::hex_value as hex;
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'_' => out.push(b' '),
            b'=' => {
                let h = text.get(i + 1).and_then(|&b| hex(b));
                let l = text.get(i + 2).and_then(|&b| hex(b));
                if let (Some(h), Some(l)) = (h, l) {
                    out.push(h << 4 | l);
                    i += 3;
                    continue;
                }
                out.push(b'=');
            }
            b => out.push(b),
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn q_and_b_words_with_charsets() {
        let (t, n) = decode(b"=?utf-8?Q?caf=C3=A9_au_lait?= x").unwrap_or_default();
        assert_eq!(String::from_utf8_lossy(&t), "caf\u{e9} au lait");
        assert_eq!(n, "=?utf-8?Q?caf=C3=A9_au_lait?=".len());
        let (t, _) = decode(b"=?ISO-8859-1?q?caf=E9?=").unwrap_or_default();
        assert_eq!(String::from_utf8_lossy(&t), "caf\u{e9}");
        // "see https://a.example/" in base64.
        let (t, _) = decode(b"=?UTF-8?B?c2VlIGh0dHBzOi8vYS5leGFtcGxlLw==?=").unwrap_or_default();
        assert_eq!(t, b"see https://a.example/");
        let (t, _) = decode(b"=?us-ascii*en?Q?http=3A//a.example/?=").unwrap_or_default();
        assert_eq!(t, b"http://a.example/");
    }

    /// A field of many `=?` starts none of which ends is read in linear
    /// time (each search stops at the next `?`).
    #[test]
    fn many_unended_words_are_linear() {
        let field = b"=?x?Q?a".repeat(200_000);
        let t = std::time::Instant::now();
        let mut i = 0;
        let mut words = 0;
        while let Some(n) = memchr::memmem::find(&field[i..], b"=?") {
            if decode(&field[i + n..]).is_some() {
                words += 1;
            }
            i += n + 2;
        }
        assert_eq!(words, 0);
        assert!(t.elapsed().as_secs() < 5, "{:?}", t.elapsed());
    }

    #[test]
    fn malformed_words_are_not_decoded() {
        for bad in [
            &b"=?utf-8?Q?no end"[..],
            b"=??Q?x?=",
            b"=?utf-8?X?x?=",
            b"=?utf-8?Q?a b?=",
            b"=?utf-8?Q?a?b?=",
            b"=?utf-8",
        ] {
            assert!(decode(bad).is_none(), "{}", String::from_utf8_lossy(bad));
        }
    }
}
