//! Internationalized Resource Identifiers (RFC 3987): the code point
//! classes of its grammar and the mapping of an IRI to a URI.
//!
//! This module owns `ucschar` and `iprivate` (RFC 3987 section 2.2), which
//! the RFC 3986 parser consults for [`super::Grammar::Rfc3987`], and
//! [`iri_to_uri`] (section 3.1, step 2). It does not own the IRI grammar
//! itself (that is the RFC 3986 parser with non-ASCII characters allowed
//! where the `i`-rules allow them), nor IDNA (see
//! [`super::UriRef::host_ascii`]).

/// True when `c` is a `ucschar` (RFC 3987 section 2.2): `%xA0-D7FF /
/// %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xD0000-DFFFD /
/// %xE1000-EFFFD`. These are the non-ASCII characters an IRI allows in
/// every component made of `iunreserved` (userinfo, host, path, query,
/// fragment). Excluded are, among others, the C1 controls (U+0080 to
/// U+009F), the private-use characters (see [`is_iprivate`]), the
/// non-characters U+FDD0 to U+FDEF and U+xFFFE/U+xFFFF, the specials block
/// U+FFF0 to U+FFFF (U+FFFD included) and the tags block U+E0000 to
/// U+E0FFF.
pub fn is_ucschar(c: char) -> bool {
    let c = u32::from(c);
    match c {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF => true,
        // Planes 1 to 13: all but the last two code points of each plane.
        0x1_0000..=0xD_FFFF => c & 0xFFFF <= 0xFFFD,
        0xE_1000..=0xE_FFFD => true,
        _ => false,
    }
}

/// True when `c` is an `iprivate` (RFC 3987 section 2.2): `%xE000-F8FF /
/// %xF0000-FFFFD / %x100000-10FFFD`, the private-use characters, which an
/// IRI allows only in the query (`iquery`).
pub fn is_iprivate(c: char) -> bool {
    matches!(
        u32::from(c),
        0xE000..=0xF8FF | 0xF_0000..=0xF_FFFD | 0x10_0000..=0x10_FFFD
    )
}

/// Maps an IRI (or IRI reference, or a component of one) to a URI by RFC
/// 3987 section 3.1, step 2: every non-ASCII character is replaced by the
/// `%HH` triplets of its UTF-8 bytes, with uppercase hexadecimal digits
/// (step 2.2's SHOULD); ASCII is copied unchanged.
///
/// The input is already Unicode (`&str`), so step 1 is variant c: no
/// normalization. No IDNA conversion of the host is done (the optional
/// `ToASCII` of section 3.1 is [`super::UriRef::host_ascii`]). The mapping
/// is the identity on URIs and idempotent; when `iri` is a valid RFC 3987
/// `IRI-reference` the result is a valid RFC 3986 `URI-reference` with the
/// same components. Step 2 names only `ucschar` and `iprivate`; characters
/// outside both (which a valid IRI cannot contain) are encoded the same way,
/// so the result never holds a non-ASCII character.
///
/// The result is `iri.len()` bytes long plus 2 per byte of each non-ASCII
/// character (each UTF-8 byte becomes three ASCII bytes).
///
/// ```
/// use urilint_uri::grammar::iri_to_uri;
///
/// assert_eq!(
///     iri_to_uri("http://www.example.org/D\u{fc}rst"),
///     "http://www.example.org/D%C3%BCrst"
/// );
/// ```
pub fn iri_to_uri(iri: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let extra = iri.bytes().filter(|b| !b.is_ascii()).count() * 2;
    let mut out = String::with_capacity(iri.len() + extra);
    for c in iri.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for &b in c.encode_utf8(&mut buf).as_bytes() {
                out.push('%');
                out.push(char::from(HEX[usize::from(b >> 4)]));
                out.push(char::from(HEX[usize::from(b & 0xF)]));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::{parse, Grammar};

    #[test]
    fn section_3_1_example() {
        // RFC 3987 section 3.1: "http://www.example.org/D&#xFC;rst".
        let iri = "http://www.example.org/D\u{FC}rst";
        assert!(parse(iri, Grammar::Rfc3987).is_valid());
        assert!(!parse(iri, Grammar::Rfc3986).is_valid());
        let uri = iri_to_uri(iri);
        assert_eq!(uri, "http://www.example.org/D%C3%BCrst");
        assert!(parse(&uri, Grammar::Rfc3986).is_valid());
    }

    #[test]
    fn other_rfc_3987_examples() {
        // Section 3.1's IDN example, without the optional ToASCII: the
        // host is percent-encoded like any other component.
        assert_eq!(
            iri_to_uri("http://r\u{E9}sum\u{E9}.example.org"),
            "http://r%C3%A9sum%C3%A9.example.org"
        );
        // Section 3.2.1's last example, in the IRI-to-URI direction (with
        // the uppercase hexadecimal digits step 2.2 recommends).
        assert_eq!(
            iri_to_uri("http://xn--99zt52a.example.org/\u{202E}"),
            "http://xn--99zt52a.example.org/%E2%80%AE"
        );
    }

    #[test]
    fn every_utf8_length_and_identity_on_ascii() {
        assert_eq!(iri_to_uri("\u{A0}"), "%C2%A0");
        assert_eq!(iri_to_uri("\u{D7FF}"), "%ED%9F%BF");
        assert_eq!(iri_to_uri("\u{10000}"), "%F0%90%80%80");
        assert_eq!(iri_to_uri("?\u{E000}"), "?%EE%80%80");
        assert_eq!(iri_to_uri(""), "");
        let ascii = "http://a/b%c3%bc?x#y z";
        assert_eq!(iri_to_uri(ascii), ascii);
        assert_eq!(iri_to_uri(&iri_to_uri("/\u{FC}")), iri_to_uri("/\u{FC}"));
    }

    #[test]
    fn code_point_classes() {
        for c in [
            '\u{A0}', '\u{D7FF}', '\u{F900}', '\u{FDCF}', '\u{FDF0}', '\u{FFEF}',
        ] {
            assert!(is_ucschar(c), "{:X}", u32::from(c));
        }
        for c in [
            '\u{10000}',
            '\u{1FFFD}',
            '\u{DFFFD}',
            '\u{E1000}',
            '\u{EFFFD}',
        ] {
            assert!(is_ucschar(c), "{:X}", u32::from(c));
        }
        for c in [
            'a',
            '\u{7F}',
            '\u{80}',
            '\u{9F}',
            '\u{E000}',
            '\u{F8FF}',
            '\u{FDD0}',
            '\u{FDEF}',
            '\u{FFF0}',
            '\u{FFFD}',
            '\u{FFFE}',
            '\u{FFFF}',
            '\u{1FFFE}',
            '\u{1FFFF}',
            '\u{DFFFE}',
            '\u{E0000}',
            '\u{E0001}',
            '\u{E0FFF}',
            '\u{EFFFE}',
            '\u{F0000}',
            '\u{10FFFD}',
        ] {
            assert!(!is_ucschar(c), "{:X}", u32::from(c));
        }
        for c in [
            '\u{E000}',
            '\u{F8FF}',
            '\u{F0000}',
            '\u{FFFFD}',
            '\u{100000}',
            '\u{10FFFD}',
        ] {
            assert!(is_iprivate(c), "{:X}", u32::from(c));
        }
        for c in [
            '\u{D7FF}',
            '\u{F900}',
            '\u{FFFFE}',
            '\u{10FFFE}',
            '\u{10FFFF}',
            'a',
        ] {
            assert!(!is_iprivate(c), "{:X}", u32::from(c));
        }
    }

    /// IRI references built from pieces that are valid in their component
    /// (RFC 3987 section 2.2), so that most are valid IRIs.
    fn valid_iri_like() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let pick = |v: &'static [&'static str], max: usize| {
            proptest::collection::vec(proptest::sample::select(v), 0..max).prop_map(|v| v.concat())
        };
        let scheme = proptest::sample::select(&["", "http:", "a:", "urn:"][..]);
        let userinfo = proptest::option::of(pick(
            &["a", "\u{E9}", "%41", ":", "!", ";", "\u{10000}", "\u{FFEF}"],
            4,
        ));
        let host = proptest::sample::select(
            &[
                "",
                "a.example",
                "B\u{FC}cher.example",
                "\u{2603}",
                "\u{F900}\u{FDF0}",
                "[::1]",
                "[v7.x]",
                "1.2.3.4",
                "%C3%BC",
            ][..],
        );
        let port = proptest::option::of(proptest::sample::select(&["", "80"][..]));
        let path = pick(
            &[
                "/",
                "a",
                "\u{E9}",
                "\u{1F600}",
                ":",
                "@",
                "%20",
                "\u{D7FF}",
                "..",
                "\u{EFFFD}",
            ],
            5,
        );
        let query = pick(
            &[
                "a",
                "\u{E000}",
                "\u{F8FF}",
                "\u{10FFFD}",
                "\u{F0000}",
                "?",
                "/",
                "\u{A0}",
                "=",
            ],
            4,
        );
        let fragment = pick(&["a", "\u{202E}", "?", "/", "\u{1FFFD}", "%7E"], 4);
        (
            scheme,
            proptest::option::of((userinfo, host, port)),
            path,
            proptest::option::of(query),
            proptest::option::of(fragment),
        )
            .prop_map(|(s, a, p, q, f)| {
                let mut t = s.to_string();
                if let Some((u, h, port)) = a {
                    t += "//";
                    if let Some(u) = u {
                        t = t + &u + "@";
                    }
                    t += h;
                    if let Some(port) = port {
                        t = t + ":" + port;
                    }
                    if !p.is_empty() && !p.starts_with('/') {
                        t += "/";
                    }
                }
                t += &p;
                if let Some(q) = q {
                    t = t + "?" + &q;
                }
                if let Some(f) = f {
                    t = t + "#" + &f;
                }
                t
            })
    }

    proptest::proptest! {
        /// Whenever the input is a valid IRI reference, its mapping is a
        /// valid URI reference with the components in the same places
        /// (each component mapped on its own).
        #[test]
        fn valid_iri_maps_to_valid_uri(s in valid_iri_like()) {
            let iri = parse(&s, Grammar::Rfc3987);
            proptest::prop_assume!(iri.is_valid());
            let uri = iri_to_uri(&s);
            let p = parse(&uri, Grammar::Rfc3986);
            proptest::prop_assert!(p.is_valid(), "{:?} -> {:?}: {:?}", s, uri, p.errors());
            let (a, b) = (iri.uri(), p.uri());
            proptest::prop_assert_eq!(a.scheme().map(iri_to_uri), b.scheme().map(String::from));
            proptest::prop_assert_eq!(a.host().map(iri_to_uri), b.host().map(String::from));
            proptest::prop_assert_eq!(iri_to_uri(a.path()), b.path());
            proptest::prop_assert_eq!(a.query().map(iri_to_uri), b.query().map(String::from));
            proptest::prop_assert_eq!(a.fragment().map(iri_to_uri), b.fragment().map(String::from));
            proptest::prop_assert!(uri.is_ascii());
            proptest::prop_assert_eq!(iri_to_uri(&uri), uri);
        }

        /// On any input, the result is ASCII, maps to itself, and decodes
        /// back to the input.
        #[test]
        fn ascii_idempotent_reversible(s in ".*") {
            let uri = iri_to_uri(&s);
            proptest::prop_assert!(uri.is_ascii());
            proptest::prop_assert_eq!(&iri_to_uri(&uri), &uri);
            proptest::prop_assert_eq!(decode_non_ascii(&uri, &s), s);
        }
    }

    /// Undoes [`iri_to_uri`] given the original (to know which `%HH` were
    /// already there): decodes triplets that stand for non-ASCII bytes.
    fn decode_non_ascii(uri: &str, original: &str) -> String {
        if original.contains('%') {
            return original.to_string();
        }
        let b = uri.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while let Some(&x) = b.get(i) {
            let hex = |j: usize| b.get(j).copied().and_then(crate::grammar::chars::hex_value);
            match (x, hex(i + 1), hex(i + 2)) {
                (b'%', Some(h), Some(l)) => {
                    out.push(h << 4 | l);
                    i += 3;
                }
                _ => {
                    out.push(x);
                    i += 1;
                }
            }
        }
        String::from_utf8(out).unwrap_or_default()
    }
}
