//! Base64 decoding with an offset map (RFC 2045 section 6.8).
//!
//! This module owns decoding the body of a MIME part sent with
//! `Content-Transfer-Encoding: base64` while keeping, for every decoded
//! byte, the encoded characters it came from: each quantum of 4 encoded
//! characters (line breaks between them included) maps as a group to the
//! up to 3 bytes it decodes to. A URI found in the decoded text therefore
//! maps to the span of encoded lines that hold it, widened to whole
//! quanta.
//!
//! Lenient as RFC 2045 section 6.8 asks: characters outside the base64
//! alphabet (line breaks, white space, garbage) are ignored; decoding
//! stops at padding `=`; a truncated last quantum gives the bytes its
//! characters hold (2 characters: 1 byte, 3: 2 bytes). [`decode`] says
//! whether the input was truncated, for a diagnostic.

use super::map::OffsetMap;

/// What [`decode`] gives.
pub struct Decoded {
    /// The decoded bytes.
    pub bytes: Vec<u8>,
    /// Decoded offsets to offsets into the input.
    pub map: OffsetMap,
    /// True when the input ended inside a quantum (a truncated part).
    pub truncated: bool,
}

/// The value of each byte in the base64 alphabet (RFC 2045 table 1), 64
/// and above for the others.
const VALUES: [u8; 256] = {
    let mut t = [0xFF; 256];
    let mut i = 0;
    while i < 26 {
        t[b'A' as usize + i] = i as u8;
        t[b'a' as usize + i] = 26 + i as u8;
        i += 1;
    }
    let mut d = 0;
    while d < 10 {
        t[b'0' as usize + d] = 52 + d as u8;
        d += 1;
    }
    t[b'+' as usize] = 62;
    t[b'/' as usize] = 63;
    t
};

fn value(b: u8) -> Option<u32> {
    let v = VALUES[usize::from(b)];
    (v < 64).then_some(u32::from(v))
}

/// Decodes base64 `input`; the map's offsets are into `input`.
pub fn decode(input: &[u8]) -> Decoded {
    let mut bytes = Vec::with_capacity(input.len() / 4 * 3 + 3);
    let mut map = OffsetMap::new();
    let mut acc = 0u32;
    let mut n = 0usize;
    let mut first = 0usize;
    let mut padded = false;
    let mut i = 0;
    while i < input.len() {
        // Four characters of the alphabet in a row at a quantum's start
        // (nearly every quantum of a body): decoded at once.
        if n == 0 {
            if let Some(&[a, b, c, d]) = input.get(i..i + 4) {
                let v = [a, b, c, d].map(|b| u32::from(VALUES[usize::from(b)]));
                if (v[0] | v[1] | v[2] | v[3]) < 64 {
                    let acc = v[0] << 18 | v[1] << 12 | v[2] << 6 | v[3];
                    bytes.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
                    map.group(i as u64, 4, 3);
                    i += 4;
                    continue;
                }
            }
        }
        let b = input[i];
        i += 1;
        if b == b'=' {
            padded = true;
            break;
        }
        let Some(v) = value(b) else { continue };
        let i = i - 1;
        if n == 0 {
            first = i;
        }
        acc = acc << 6 | v;
        n += 1;
        if n == 4 {
            bytes.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
            map.group(first as u64, (i + 1 - first) as u64, 3);
            n = 0;
            acc = 0;
        }
    }
    let truncated = n == 1 || (n > 1 && !padded);
    if n >= 2 {
        // The characters of the last, short quantum.
        let last = input[first..]
            .iter()
            .enumerate()
            .filter(|(_, &b)| value(b).is_some())
            .nth(n - 1)
            .map_or(first + 1, |(k, _)| first + k + 1);
        let acc = acc << (6 * (4 - n));
        let out = [(acc >> 16) as u8, (acc >> 8) as u8];
        bytes.extend_from_slice(&out[..n - 1]);
        map.group(first as u64, (last - first) as u64, (n - 1) as u64);
    }
    Decoded {
        bytes,
        map,
        truncated,
    }
}

/// The length of the base64 text at the start of `input`: its lines of
/// the base64 alphabet, `=` padding and white space, up to the line
/// after which no base64 can follow (the one holding padding `=`), or
/// up to the first line holding anything else (a plain-text footer a
/// mailing list appended, RFC 2045 section 6.8 allows no such text).
/// Empty lines before that line count as base64; `input.len()` when it is
/// base64 to its end.
pub fn extent(input: &[u8]) -> usize {
    let mut at = 0;
    // The end of the last line that held base64.
    let mut end = 0;
    while at < input.len() {
        let next = memchr::memchr(b'\n', &input[at..]).map_or(input.len(), |n| at + n + 1);
        let line = &input[at..next];
        if !line
            .iter()
            .all(|&b| VALUES[usize::from(b)] < 64 || b == b'=' || b.is_ascii_whitespace())
        {
            return end;
        }
        if !line.trim_ascii().is_empty() {
            end = next;
        }
        if line.contains(&b'=') {
            // Padding: the base64 ends here; what follows is read as text
            // when it holds more than white space.
            return if input[next..].trim_ascii().is_empty() {
                input.len()
            } else {
                next
            };
        }
        at = next;
    }
    input.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_across_lines_with_groups() {
        // "see https://a.example/ ok\n" in base64, broken over two lines.
        let raw = b"c2VlIGh0dHBzOi8v\nYS5leGFtcGxlLyBvawo=\n";
        let d = decode(raw);
        assert_eq!(d.bytes, b"see https://a.example/ ok\n");
        assert!(!d.truncated);
        let span = d.map.span(4..22);
        // Widened to whole quanta: from the quantum holding 'h' (offset 4
        // of the text is in the second quantum) to the one holding '/'.
        assert_eq!(span.start, 4);
        assert!(span.end as usize <= raw.len());
        let again = decode(&raw[span.start as usize..span.end as usize]).bytes;
        let s = String::from_utf8_lossy(&again).into_owned();
        assert!(s.contains("https://a.example/"), "{s}");
    }

    #[test]
    fn truncated_input_is_said() {
        let d = decode(b"aGVsbG8gd29ybG");
        assert_eq!(d.bytes, b"hello worl");
        assert!(d.truncated);
        let d = decode(b"aGVsbG8=");
        assert_eq!(d.bytes, b"hello");
        assert!(!d.truncated);
    }

    /// Issue 49: the decoder, which takes four characters of the alphabet
    /// at once, gives the bytes, map and truncation of decoding one
    /// character at a time, on generated input mixing the alphabet, line
    /// breaks, garbage and padding.
    #[test]
    fn quanta_at_once_as_by_character() {
        fn by_character(input: &[u8]) -> (Vec<u8>, OffsetMap, bool) {
            let (mut bytes, mut map) = (Vec::new(), OffsetMap::new());
            let (mut acc, mut n, mut first, mut padded) = (0u32, 0usize, 0usize, false);
            for (i, &b) in input.iter().enumerate() {
                if b == b'=' {
                    padded = true;
                    break;
                }
                let Some(v) = value(b) else { continue };
                if n == 0 {
                    first = i;
                }
                acc = acc << 6 | v;
                n += 1;
                if n == 4 {
                    bytes.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
                    map.group(first as u64, (i + 1 - first) as u64, 3);
                    (n, acc) = (0, 0);
                }
            }
            let truncated = n == 1 || (n > 1 && !padded);
            if n >= 2 {
                let last = input[first..]
                    .iter()
                    .enumerate()
                    .filter(|(_, &b)| value(b).is_some())
                    .nth(n - 1)
                    .map_or(first + 1, |(k, _)| first + k + 1);
                let acc = acc << (6 * (4 - n));
                bytes.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8][..n - 1]);
                map.group(first as u64, (last - first) as u64, (n - 1) as u64);
            }
            (bytes, map, truncated)
        }
        let alphabet = b"QUJDaGVsbG8gd29ybGQ+/\n\r \t*=-";
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..200 {
            for _ in 0..20 {
                let input: Vec<u8> = (0..len)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        // Mostly the alphabet, sometimes anything else.
                        let r = (seed >> 32) as usize;
                        if r.is_multiple_of(5) {
                            alphabet[r / 5 % alphabet.len()]
                        } else {
                            alphabet[r % 21]
                        }
                    })
                    .collect();
                let d = decode(&input);
                assert_eq!(
                    (d.bytes, d.map, d.truncated),
                    by_character(&input),
                    "{:?}",
                    String::from_utf8_lossy(&input)
                );
            }
        }
    }

    #[test]
    fn garbage_is_ignored() {
        let d = decode(b"aG*Vs\tbG8=");
        assert_eq!(d.bytes, b"hello");
    }
}
