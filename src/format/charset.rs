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
