//! Charsets to UTF-8 with an offset map (RFC 2046 section 4.1.2).
//!
//! This module owns converting a text part's bytes from the charset its
//! `Content-Type` names to UTF-8, keeping for every UTF-8 byte the input
//! bytes of the character it belongs to. The conversion itself is
//! `encoding_rs` (the WHATWG Encoding Standard's labels and decoders, as
//! browsers and mail clients decode); runs of ASCII in an
//! ASCII-compatible charset are copied as they are and mapped exactly.
//!
//! UTF-8 and US-ASCII text is not converted (invalid bytes stay as they
//! are, and the scanner counts each as one column); an unknown charset
//! label is reported by [`convert`] and the bytes are kept as they are.

use encoding_rs::{DecoderResult, Encoding, UTF_8};

use super::map::OffsetMap;

/// What [`convert`] gives.
pub enum Converted {
    /// The input is UTF-8 or ASCII (or its charset is unknown): use it as
    /// it is, mapped one for one.
    AsIs,
    /// The input converted to UTF-8, and the map of its bytes back to the
    /// input.
    Utf8(Vec<u8>, OffsetMap),
}

/// Converts `input`, in the charset labelled `label` (e.g. `iso-8859-1`,
/// `windows-1252`, `koi8-r`; `None` or US-ASCII/UTF-8 for no conversion).
///
/// # Errors
/// The label, when it names no charset `encoding_rs` knows (the text is
/// then to be read as it is).
pub fn convert(input: &[u8], label: Option<&str>) -> Result<Converted, String> {
    let Some(label) = label.map(str::trim).filter(|l| !l.is_empty()) else {
        return Ok(Converted::AsIs);
    };
    let lower = label.to_ascii_lowercase();
    if matches!(
        lower.as_str(),
        "us-ascii" | "ascii" | "utf-8" | "utf8" | "ansi_x3.4-1968" | "unknown-8bit" | "x-unknown"
    ) {
        return Ok(Converted::AsIs);
    }
    if matches!(
        lower.as_str(),
        "utf-7" | "utf7" | "unicode-1-1-utf-7" | "csunicode11utf7"
    ) {
        let (out, map) = utf7(input);
        return Ok(Converted::Utf8(out, map));
    }
    let Some(encoding) = Encoding::for_label(label.as_bytes()) else {
        return Err(label.to_string());
    };
    if encoding == UTF_8 || (encoding.is_ascii_compatible() && input.is_ascii()) {
        return Ok(Converted::AsIs);
    }
    let (out, map) = decode(encoding, input);
    Ok(Converted::Utf8(out, map))
}

/// Decodes `input` from `encoding`, one character at a time outside ASCII
/// runs, so that each character's UTF-8 bytes map to its input bytes.
fn decode(encoding: &'static Encoding, input: &[u8]) -> (Vec<u8>, OffsetMap) {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let ascii_runs = encoding.is_ascii_compatible();
    let mut out = Vec::with_capacity(input.len() + input.len() / 2);
    let mut map = OffsetMap::new();
    let mut buf = [0u8; 32];
    // Start of the input bytes of the character being decoded.
    let mut char_start = 0;
    let mut i = 0;
    while i < input.len() {
        if ascii_runs && char_start == i && input[i].is_ascii() {
            let run = input[i..].iter().take_while(|b| b.is_ascii()).count();
            out.extend_from_slice(&input[i..i + run]);
            map.exact(i as u64, run as u64);
            i += run;
            char_start = i;
            continue;
        }
        let last = i + 1 == input.len();
        let (result, _read, written) =
            decoder.decode_to_utf8_without_replacement(&input[i..i + 1], &mut buf, last);
        out.extend_from_slice(&buf[..written]);
        let mut produced = written;
        if let DecoderResult::Malformed(_, _) = result {
            // U+FFFD for the malformed bytes (as decode_to_utf8 would).
            out.extend_from_slice("\u{fffd}".as_bytes());
            produced += 3;
        }
        if produced > 0 {
            // The character (or the malformed bytes) is complete.
            map.group(
                char_start as u64,
                (i + 1 - char_start) as u64,
                produced as u64,
            );
            char_start = i + 1;
        }
        i += 1;
    }
    (out, map)
}

/// Decodes UTF-7 (RFC 2152), which the Encoding Standard leaves out but
/// mail still carries (`charset="utf-7"` in phishing and old Exchange
/// mail): ASCII stands for itself; `+` starts a run of modified base64
/// (`A-Z a-z 0-9 + /`, no padding) holding UTF-16 code units, ended by any
/// other character (a `-` right after it is absorbed); `+-` is `+`. Each
/// shifted run, `+` and `-` included, maps as one group to the characters
/// it gives; a lone surrogate gives U+FFFD.
fn utf7(input: &[u8]) -> (Vec<u8>, OffsetMap) {
    let mut out = Vec::with_capacity(input.len());
    let mut map = OffsetMap::new();
    let mut i = 0;
    while i < input.len() {
        let direct = memchr::memchr(b'+', &input[i..]).map_or(input.len(), |n| i + n);
        if direct > i {
            out.extend_from_slice(&input[i..direct]);
            map.exact(i as u64, (direct - i) as u64);
            i = direct;
            continue;
        }
        // `input[i]` is `+`.
        let start = i;
        let before = out.len();
        let mut j = i + 1;
        let (mut bits, mut nbits, mut high) = (0u32, 0u32, None::<u16>);
        while let Some(v) = input.get(j).and_then(|&b| base64_value(b)) {
            bits = (bits << 6) | u32::from(v);
            nbits += 6;
            if nbits >= 16 {
                nbits -= 16;
                let unit = ((bits >> nbits) & 0xffff) as u16;
                let c = match (high.take(), unit) {
                    (None, 0xd800..=0xdbff) => {
                        high = Some(unit);
                        None
                    }
                    (Some(h), 0xdc00..=0xdfff) => {
                        Some(char::decode_utf16([h, unit]).next().and_then(Result::ok))
                    }
                    (Some(_), _) => {
                        push_char(&mut out, '\u{fffd}');
                        Some(char::from_u32(u32::from(unit)))
                    }
                    (None, _) => Some(char::from_u32(u32::from(unit))),
                };
                if let Some(c) = c {
                    push_char(&mut out, c.unwrap_or('\u{fffd}'));
                }
            }
            j += 1;
        }
        if high.is_some() {
            push_char(&mut out, '\u{fffd}');
        }
        if j == i + 1 && input.get(j) == Some(&b'-') {
            // `+-` is `+`.
            out.push(b'+');
            j += 1;
        } else if input.get(j) == Some(&b'-') {
            j += 1;
        }
        map.group(
            start as u64,
            (j - start) as u64,
            (out.len() - before) as u64,
        );
        i = j;
    }
    (out, map)
}

/// The value of a modified-base64 character (RFC 2152 set B), `None` for
/// any other byte.
fn base64_value(b: u8) -> Option<u8> {
    match b {
        b'A'..=b'Z' => Some(b - b'A'),
        b'a'..=b'z' => Some(b - b'a' + 26),
        b'0'..=b'9' => Some(b - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

fn push_char(out: &mut Vec<u8>, c: char) {
    let mut buf = [0u8; 4];
    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf8(input: &[u8], label: &str) -> (Vec<u8>, OffsetMap) {
        match convert(input, Some(label)) {
            Ok(Converted::Utf8(t, m)) => (t, m),
            Ok(Converted::AsIs) => (input.to_vec(), OffsetMap::identity(0, input.len() as u64)),
            Err(e) => panic!("unknown {e}"),
        }
    }

    #[test]
    fn latin1_maps_each_character() {
        let raw = b"caf\xe9 <http://a.example/\xe9t\xe9>";
        let (text, map) = utf8(raw, "iso-8859-1");
        assert_eq!(
            std::str::from_utf8(&text).ok(),
            Some("caf\u{e9} <http://a.example/\u{e9}t\u{e9}>")
        );
        // The URI in the text maps to its bytes in the input.
        let t = std::str::from_utf8(&text).unwrap_or("");
        let s = t.find("http").unwrap_or(0) as u64;
        let e = t.find('>').unwrap_or(0) as u64;
        assert_eq!(map.span(s..e), 6..26);
        assert!(map.is_exact(s..s + 4));
    }

    #[test]
    fn shift_jis_trail_bytes_in_ascii_range() {
        // 0x95 0x5C is one character in Shift_JIS (its trail byte is '\').
        let raw = b"\x95\x5c http://a.example/";
        let (text, map) = utf8(raw, "shift_jis");
        let t = String::from_utf8(text).unwrap_or_default();
        assert!(t.ends_with(" http://a.example/"), "{t}");
        assert!(!t.contains('\\'));
        let s = t.find("http").unwrap_or(0) as u64;
        assert_eq!(map.span(s..t.len() as u64), 3..raw.len() as u64);
    }

    #[test]
    fn utf7_by_rfc_2152() {
        let text = |raw: &[u8]| String::from_utf8(utf8(raw, "utf-7").0).unwrap_or_default();
        // RFC 2152's examples, `+-`, a surrogate pair, a lone surrogate.
        assert_eq!(text(b"Hi Mom -+Jjo--!"), "Hi Mom -\u{263a}-!");
        assert_eq!(text(b"A+ImIDkQ."), "A\u{2262}\u{391}.");
        assert_eq!(text(b"+ZeVnLIqe-"), "\u{65e5}\u{672c}\u{8a9e}");
        assert_eq!(text(b"1 +- 1"), "1 + 1");
        assert_eq!(text(b"+2D3eAA-"), "\u{1f600}");
        assert_eq!(text(b"+2D0-x"), "\u{fffd}x");
        // phishing_pot sample-929 (charset="utf-7"): `href+AD0AIg-https://...+ACI-`.
        let raw = b"href+AD0AIg-https://integricare.ca/product/tri-acta-pet/+ACI-";
        let (t, map) = utf8(raw, "unicode-1-1-utf-7");
        let t = String::from_utf8(t).unwrap_or_default();
        assert_eq!(t, "href=\"https://integricare.ca/product/tri-acta-pet/\"");
        let (s, e) = (6u64, t.len() as u64 - 1);
        assert_eq!(map.span(s..e), 12..(raw.len() - 5) as u64);
        assert!(map.is_exact(s..e));
    }

    #[test]
    fn unknown_and_ascii_labels() {
        assert!(matches!(convert(b"x", Some("x-unknown-42")), Err(l) if l == "x-unknown-42"));
        assert!(matches!(
            convert(b"x\xe9", Some("UTF-8")),
            Ok(Converted::AsIs)
        ));
        assert!(matches!(
            convert(b"plain", Some("iso-8859-1")),
            Ok(Converted::AsIs)
        ));
        assert!(matches!(convert(b"x", None), Ok(Converted::AsIs)));
    }
}
