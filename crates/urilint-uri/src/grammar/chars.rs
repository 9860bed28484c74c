//! Byte classes of the URI grammars, as one 256-entry lookup table.
//!
//! This module owns the character classes of RFC 3986 section 2 (and
//! Appendix A), the extra classes RFC 2396 section 2 defines (`mark`,
//! `unwise`, `delims`), and the class of bytes that may appear inside a URI
//! found in plain text (used by the scanner). It does not own any grammar
//! rule: the parsers combine these classes into productions.
//!
//! Every class is a bit in [`CLASS`]; the helper functions test one bit and
//! are `#[inline]` so that the scanner and parsers compile to one load and
//! one test per byte.

/// `ALPHA` (RFC 5234 appendix B.1): `A-Z a-z`.
pub const ALPHA: u16 = 1 << 0;
/// `DIGIT`: `0-9`.
pub const DIGIT: u16 = 1 << 1;
/// `HEXDIG`: `0-9 A-F a-f` (RFC 3986 section 2.1 allows both cases).
pub const HEXDIG: u16 = 1 << 2;
/// `unreserved` (RFC 3986 section 2.3): `ALPHA DIGIT - . _ ~`.
pub const UNRESERVED: u16 = 1 << 3;
/// `sub-delims` (RFC 3986 section 2.2): `! $ & ' ( ) * + , ; =`.
pub const SUB_DELIM: u16 = 1 << 4;
/// `gen-delims` (RFC 3986 section 2.2): `: / ? # [ ] @`.
pub const GEN_DELIM: u16 = 1 << 5;
/// Characters of a scheme after its first letter (RFC 3986 section 3.1):
/// `ALPHA DIGIT + - .`.
pub const SCHEME: u16 = 1 << 6;
/// RFC 2396 section 2.3 `unreserved` = `alphanum | mark`, with
/// `mark = - _ . ! ~ * ' ( )`.
pub const UNRESERVED_2396: u16 = 1 << 7;
/// RFC 2396 section 2.2 `reserved`: `; / ? : @ & = + $ ,`.
pub const RESERVED_2396: u16 = 1 << 8;
/// Bytes that can continue a URI found in plain text: every printable ASCII
/// byte that RFC 3986 allows anywhere in a URI (unreserved, reserved and
/// `%`). Excluded (RFC 2396 section 2.4.3): controls, space, `< > "` and the
/// "unwise" `{ } | \ ^ `` ` ``.
pub const URI_TEXT: u16 = 1 << 9;
/// ASCII whitespace as RFC 2396 Appendix E means it: space, tab, CR, LF,
/// and also form feed and vertical tab (page breaks in RFC text).
pub const SPACE: u16 = 1 << 10;

/// [`URI_TEXT`] less the bytes a bare URI in prose treats specially:
/// brackets, which must balance (`( ) [ ]`), `'`, which may close a URI
/// opened after a quote, and `,` and `;`, after which another URI may
/// start (`http://a/,http://b/`). The scanner's inner loops skip runs of
/// these.
pub const URI_PLAIN: u16 = 1 << 11;

/// The single bytes of an RFC 3986 path (section 3.3): `pchar` less
/// `pct-encoded` (unreserved, sub-delims, `:` and `@`), plus the `/`
/// between segments. 80 bytes; `%` is not in it (a parser checks the
/// triplet).
pub const PATH: u16 = 1 << 12;

/// The single bytes of an RFC 3986 `query` or `fragment` (sections 3.4 and
/// 3.5): [`PATH`] plus `?`. 81 bytes; `%` is not in it.
pub const QUERY: u16 = 1 << 13;

/// The single bytes of an RFC 3986 `reg-name` (section 3.2.2):
/// `unreserved / sub-delims`, 77 bytes, as one bit (the same set as
/// `UNRESERVED | SUB_DELIM`); `%` is not in it.
pub const REG_NAME: u16 = 1 << 14;

/// The class table: `CLASS[b]` has the bits of every class byte `b` is in.
/// Non-ASCII bytes are in no class.
pub static CLASS: [u16; 256] = build();

const fn build() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        let mut f = 0u16;
        let alpha = c.is_ascii_alphabetic();
        let digit = c.is_ascii_digit();
        if alpha {
            f |= ALPHA | UNRESERVED | SCHEME | UNRESERVED_2396;
        }
        if digit {
            f |= DIGIT | UNRESERVED | SCHEME | UNRESERVED_2396;
        }
        if c.is_ascii_hexdigit() {
            f |= HEXDIG;
        }
        match c {
            b'-' | b'.' => f |= UNRESERVED | SCHEME | UNRESERVED_2396,
            b'_' | b'~' => f |= UNRESERVED | UNRESERVED_2396,
            b'+' => f |= SCHEME,
            _ => {}
        }
        match c {
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=' => {
                f |= SUB_DELIM
            }
            b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@' => f |= GEN_DELIM,
            _ => {}
        }
        match c {
            b'!' | b'*' | b'\'' | b'(' | b')' => f |= UNRESERVED_2396,
            _ => {}
        }
        match c {
            b';' | b'/' | b'?' | b':' | b'@' | b'&' | b'=' | b'+' | b'$' | b',' => {
                f |= RESERVED_2396
            }
            _ => {}
        }
        if f & (UNRESERVED | SUB_DELIM | GEN_DELIM) != 0 || c == b'%' {
            f |= URI_TEXT;
            if !matches!(c, b'(' | b')' | b'[' | b']' | b'\'' | b',' | b';') {
                f |= URI_PLAIN;
            }
        }
        if f & (UNRESERVED | SUB_DELIM) != 0 {
            f |= REG_NAME;
        }
        if f & (UNRESERVED | SUB_DELIM) != 0 || matches!(c, b':' | b'@' | b'/') {
            f |= PATH | QUERY;
        }
        if c == b'?' {
            f |= QUERY;
        }
        match c {
            b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c => f |= SPACE,
            _ => {}
        }
        t[b] = f;
        b += 1;
    }
    t
}

/// True when byte `b` is in class `class` (one of the constants above).
#[inline(always)]
pub fn is(b: u8, class: u16) -> bool {
    CLASS[b as usize] & class != 0
}

/// `pchar` (RFC 3986 section 3.3) less `pct-encoded`: unreserved,
/// sub-delims, `:` and `@`.
#[inline(always)]
pub fn is_pchar(b: u8) -> bool {
    is(b, UNRESERVED | SUB_DELIM) || b == b':' || b == b'@'
}

/// The value of one hexadecimal digit, or `None` when `b` is not `HEXDIG`.
#[inline]
pub fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3986_classes_partition_the_uri_characters() {
        // RFC 3986 section 2: the 84 characters allowed in a URI besides
        // `%` are exactly unreserved (66) + reserved (18).
        let unreserved = (0..=255u8).filter(|&b| is(b, UNRESERVED)).count();
        let sub = (0..=255u8).filter(|&b| is(b, SUB_DELIM)).count();
        let gen = (0..=255u8).filter(|&b| is(b, GEN_DELIM)).count();
        assert_eq!((unreserved, sub, gen), (66, 11, 7));
        let text = (0..=255u8).filter(|&b| is(b, URI_TEXT)).count();
        assert_eq!(text, 66 + 11 + 7 + 1);
        let plain = (0..=255u8).filter(|&b| is(b, URI_PLAIN)).count();
        assert_eq!(plain, text - 7);
        for b in b"<>\"{}|\\^` \t\r\n".iter() {
            assert!(!is(*b, URI_TEXT), "{}", *b as char);
        }
    }

    #[test]
    fn path_and_query_classes() {
        // pchar less pct-encoded: unreserved (66) + sub-delims (11) + ':' '@'.
        assert_eq!(
            (0..=255u8).filter(|&b| is(b, PATH)).count(),
            66 + 11 + 2 + 1
        );
        assert_eq!(
            (0..=255u8).filter(|&b| is(b, QUERY)).count(),
            66 + 11 + 2 + 2
        );
        for b in 0..=255u8 {
            assert_eq!(is(b, REG_NAME), is(b, UNRESERVED | SUB_DELIM), "{b}");
            assert_eq!(is(b, PATH), is_pchar(b) || b == b'/', "{b}");
            assert_eq!(is(b, QUERY), is_pchar(b) || b == b'/' || b == b'?', "{b}");
        }
    }

    #[test]
    fn rfc2396_classes() {
        // RFC 2396 section 2.3: alphanum (62) + mark (9).
        assert_eq!((0..=255u8).filter(|&b| is(b, UNRESERVED_2396)).count(), 71);
        assert_eq!((0..=255u8).filter(|&b| is(b, RESERVED_2396)).count(), 10);
        assert!(!is(b'[', RESERVED_2396));
    }

    #[test]
    fn hex() {
        assert_eq!(hex_value(b'F'), Some(15));
        assert_eq!(hex_value(b'a'), Some(10));
        assert_eq!(hex_value(b'g'), None);
        assert!(is(b'f', HEXDIG) && !is(b'g', HEXDIG));
    }
}

/// The byte index (0-based, into `s`) of the first `://` in `s`, the
/// colon ending a scheme and the `//` that opens an authority (RFC 3986
/// section 3), or `None` when there is none; never fails. The same
/// answer as `str::find("://")` without the substring searcher that call
/// builds each time (a cost larger than a URI's bytes, paid by several
/// rules for every candidate): the colons found with memchr, the two
/// bytes after each looked at.
pub fn find_colon_slashes(s: &[u8]) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = s.get(from..).and_then(|rest| memchr::memchr(b':', rest)) {
        let at = from + k;
        if s.get(at + 1..at + 3) == Some(b"//") {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

#[cfg(test)]
mod colon_slashes_tests {
    use super::find_colon_slashes;

    #[test]
    fn agrees_with_str_find() {
        for s in [
            "", ":", "://", "a://b", "a:b://c", "a:/b", "a:/", "a::/x://", "mailto:x", "x:y:z:/",
            "é://ü", "urn:a:b", ":/:/://", "a:", "a:/",
        ] {
            assert_eq!(find_colon_slashes(s.as_bytes()), s.find("://"), "{s:?}");
        }
    }
}
