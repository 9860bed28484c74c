//! Textual IP addresses as the URI grammars write them in a host.
//!
//! This module owns the address productions of RFC 3986 Appendix A
//! (`IPv4address` with strict `dec-octet`, `IPv6address` with its nine
//! alternatives, which encode the text forms of RFC 4291 section 2.2, and
//! `IPvFuture`), and the looser `IPv4address` of RFC 2396 Appendix A and of
//! RFC 2373 Appendix B (which RFC 2732 section 3 substitutes into RFC 2396).
//! It does not own the brackets of an `IP-literal`, nor deciding which
//! production a host falls in: the parsers in `rfc3986` and `rfc2396` do.
//!
//! Every function takes the address text alone (no brackets), as bytes, and
//! answers whether the whole slice matches; none allocates or panics, and
//! each runs in time linear in the slice length.

use super::chars;

/// True when `s` is exactly an RFC 3986 `IPv4address` (section 3.2.2,
/// Appendix A): four `dec-octet`s separated by `.`, each `0` to `255`
/// written without a leading zero (`01.2.3.4` and `256.1.1.1` are not).
pub(crate) fn is_ipv4(s: &[u8]) -> bool {
    dotted_quad(s, is_dec_octet)
}

/// True when `s` is exactly an RFC 2396 `IPv4address` (Appendix A):
/// `1*digit "." 1*digit "." 1*digit "." 1*digit`, with no range check.
pub(crate) fn is_ipv4_loose(s: &[u8]) -> bool {
    dotted_quad(s, |p| !p.is_empty() && p.iter().all(u8::is_ascii_digit))
}

/// True when `s` is exactly an RFC 2373 `IPv4address` (Appendix B):
/// `1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT`. RFC 2732 section 3
/// item (2) makes this the `IPv4address` of RFC 2396 when IPv6 literals are
/// enabled.
pub(crate) fn is_ipv4_rfc2373(s: &[u8]) -> bool {
    dotted_quad(s, |p| {
        (1..=3).contains(&p.len()) && p.iter().all(u8::is_ascii_digit)
    })
}

/// True when `s` is exactly an RFC 3986 `IPv6address` (section 3.2.2,
/// Appendix A): eight 16-bit pieces (`h16` = 1 to 4 hex digits) separated
/// by `:`, of which the last two may be written as an `IPv4address`, and
/// where one run of pieces may be elided as `::` (which then stands for at
/// least one piece, so at most seven are written). This is exactly the union
/// of the nine ABNF alternatives; `::` alone is valid, `:1`, `1:` and
/// `1::2::3` are not.
pub(crate) fn is_ipv6(s: &[u8]) -> bool {
    let n = s.len();
    let mut i = 0;
    // Pieces written so far, each worth 16 bits.
    let mut pieces = 0usize;
    let mut elided = false;
    if s.starts_with(b"::") {
        elided = true;
        i = 2;
        if i == n {
            return true;
        }
    }
    loop {
        // One piece starts at `i`: an h16, or the final ls32 as IPv4address.
        let start = i;
        let mut end = i;
        while s.get(end).is_some_and(|&b| chars::is(b, chars::HEXDIG)) {
            end += 1;
        }
        if s.get(end) == Some(&b'.') {
            // ls32 = IPv4address: it must run to the end and fill the last
            // two pieces.
            let fits = if elided {
                pieces + 2 <= 7
            } else {
                pieces + 2 == 8
            };
            return fits && s.get(start..).is_some_and(is_ipv4);
        }
        if end == start || end - start > 4 {
            return false;
        }
        pieces += 1;
        if pieces > 8 {
            return false;
        }
        i = end;
        match s.get(i) {
            None => break,
            Some(b':') => i += 1,
            Some(_) => return false,
        }
        if s.get(i) == Some(&b':') {
            if elided {
                return false;
            }
            elided = true;
            i += 1;
            if i == n {
                break;
            }
        } else if i == n {
            // A single trailing ':'.
            return false;
        }
    }
    if elided {
        pieces <= 7
    } else {
        pieces == 8
    }
}

/// True when `s` is exactly an RFC 6874 `IPv6addrz` (section 2):
/// `IPv6address "%25" ZoneID` with `ZoneID = 1*( unreserved / pct-encoded
/// )`, e.g. `fe80::a%25en1`. The `%25` is the percent-encoded `%` of RFC
/// 4007's `<address>%<zone_id>`. A plain `IPv6address` (no zone) is not an
/// `IPv6addrz`.
pub(crate) fn is_ipv6_zoned(s: &[u8]) -> bool {
    let Some(p) = s.iter().position(|&b| b == b'%') else {
        return false;
    };
    let (address, zone) = s.split_at(p);
    match zone.strip_prefix(b"%25") {
        Some(zone) => is_ipv6(address) && is_zone_id(zone),
        None => false,
    }
}

/// RFC 6874 `ZoneID = 1*( unreserved / pct-encoded )`.
fn is_zone_id(s: &[u8]) -> bool {
    let hex = |j: usize| s.get(j).is_some_and(|&h| chars::is(h, chars::HEXDIG));
    let mut i = 0;
    while let Some(&b) = s.get(i) {
        if chars::is(b, chars::UNRESERVED) {
            i += 1;
        } else if b == b'%' && hex(i + 1) && hex(i + 2) {
            i += 3;
        } else {
            return false;
        }
    }
    !s.is_empty()
}

/// True when `s` is exactly an RFC 3986 `IPvFuture` (section 3.2.2,
/// Appendix A): `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
/// The `v` may be either case (ABNF strings are case-insensitive, RFC 5234
/// section 2.3).
pub(crate) fn is_ipvfuture(s: &[u8]) -> bool {
    let Some((&v, rest)) = s.split_first() else {
        return false;
    };
    if v != b'v' && v != b'V' {
        return false;
    }
    let Some(dot) = rest.iter().position(|&b| b == b'.') else {
        return false;
    };
    let version = rest.get(..dot).unwrap_or_default();
    let address = rest.get(dot + 1..).unwrap_or_default();
    !version.is_empty()
        && version.iter().all(|&b| chars::is(b, chars::HEXDIG))
        && !address.is_empty()
        && address
            .iter()
            .all(|&b| chars::is(b, chars::UNRESERVED | chars::SUB_DELIM) || b == b':')
}

/// Four `.`-separated parts, each accepted by `part`.
fn dotted_quad(s: &[u8], part: impl Fn(&[u8]) -> bool) -> bool {
    let mut count = 0;
    for p in s.split(|&b| b == b'.') {
        count += 1;
        if count > 4 || !part(p) {
            return false;
        }
    }
    count == 4
}

/// RFC 3986 `dec-octet`: `DIGIT / %x31-39 DIGIT / "1" 2DIGIT /
/// "2" %x30-34 DIGIT / "25" %x30-35`.
fn is_dec_octet(p: &[u8]) -> bool {
    match *p {
        [a] => a.is_ascii_digit(),
        [a, b] => matches!(a, b'1'..=b'9') && b.is_ascii_digit(),
        [b'1', b, c] => b.is_ascii_digit() && c.is_ascii_digit(),
        [b'2', b'0'..=b'4', c] => c.is_ascii_digit(),
        [b'2', b'5', c] => matches!(c, b'0'..=b'5'),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4_strict() {
        for ok in ["0.0.0.0", "192.0.2.1", "255.255.255.255", "10.200.249.99"] {
            assert!(is_ipv4(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "",
            "1.2.3",
            "1.2.3.4.5",
            "01.2.3.4",
            "1.2.3.00",
            "256.1.1.1",
            "1.2.3.260",
            "300.1.1.1",
            "1..2.3",
            "1.2.3.4.",
            ".1.2.3",
            "a.b.c.d",
            "1.2.3.-4",
            "1234.1.1.1",
        ] {
            assert!(!is_ipv4(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn ipv4_loose_and_rfc2373() {
        assert!(is_ipv4_loose(b"1.2.3.4"));
        assert!(is_ipv4_loose(b"999.01.0000.1"));
        assert!(!is_ipv4_loose(b"1.2.3"));
        assert!(!is_ipv4_loose(b"1.2.3."));
        assert!(!is_ipv4_loose(b"1.2.3.4.5"));
        assert!(!is_ipv4_loose(b"1.2.3.a"));
        assert!(!is_ipv4_loose(b""));
        assert!(is_ipv4_rfc2373(b"999.01.000.1"));
        assert!(!is_ipv4_rfc2373(b"1234.1.1.1"));
        assert!(!is_ipv4_rfc2373(b"1..1.1"));
    }

    #[test]
    fn ipv6_valid() {
        for ok in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::ffff:192.0.2.1",
            "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210",
            "1080::8:800:200C:417A",
            "::FFFF:129.144.52.38",
            "2010:836B:4179::836B:4179",
            "::1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7::",
            "1::8",
            "1:2:3:4:5::1.2.3.4",
            "::1.2.3.4",
            "2001:db8::7",
            "abcd:ef01:2345:6789:abcd:ef01:2345:6789",
            "0:0:0:0:0:0:0:0",
        ] {
            assert!(is_ipv6(ok.as_bytes()), "{ok}");
        }
    }

    #[test]
    fn ipv6_invalid() {
        for bad in [
            "",
            ":",
            ":::",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            ":1",
            "1:",
            "1:2:3:4:5:6:7",
            "::1.2.3.256",
            "1:2:3:4:5:6:7:1.2.3.4",
            "1:2:3:4:5:6::1.2.3.4",
            "::1:",
            "1:::2",
            "1:2:3:4:5:6:7:8::",
            "::1:2:3:4:5:6:7:8",
            "1.2.3.4",
            "::1.2.3",
            "::01.2.3.4",
            "::1.2.3.4:1",
            "g::1",
            "::1%25eth0",
            "[::1]",
            " ::1",
        ] {
            assert!(!is_ipv6(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn rfc6874_zone_ids() {
        for ok in [
            "fe80::a%25en1",
            "fe80::1%25eth0",
            "fe80::1%250",
            "::1%25%5D",
            "1:2:3:4:5:6:7:8%25a-._~",
            "::ffff:1.2.3.4%25x",
        ] {
            assert!(is_ipv6_zoned(ok.as_bytes()), "{ok}");
            assert!(!is_ipv6(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "fe80::1",
            "fe80::1%eth0",
            "fe80::1%25",
            "fe80::1%2",
            "fe80::1%25eth0%",
            "fe80::1%25eth0%2",
            "fe80::1%25eth:0",
            "fe80::1%25e]",
            "fe80::1%25\u{e9}",
            "fe80::1::2%25x",
            "%25x",
            "v1.x%25y",
        ] {
            assert!(!is_ipv6_zoned(bad.as_bytes()), "{bad}");
        }
    }

    /// Every text form of RFC 4291 section 2.2 (items 1 to 3), verbatim.
    #[test]
    fn rfc4291_section_2_2_forms() {
        for ok in [
            // 1. the preferred form x:x:x:x:x:x:x:x
            "ABCD:EF01:2345:6789:ABCD:EF01:2345:6789",
            "2001:DB8:0:0:8:800:200C:417A",
            // 2. "::" compression
            "2001:DB8::8:800:200C:417A",
            "FF01::101",
            "::1",
            "::",
            "FF01:0:0:0:0:0:0:101",
            "0:0:0:0:0:0:0:1",
            "0:0:0:0:0:0:0:0",
            // 3. x:x:x:x:x:x:d.d.d.d
            "0:0:0:0:0:0:13.1.68.3",
            "0:0:0:0:0:FFFF:129.144.52.38",
            "::13.1.68.3",
            "::FFFF:129.144.52.38",
        ] {
            assert!(is_ipv6(ok.as_bytes()), "{ok}");
        }
        // Section 2.2 item 2: "::" may appear only once.
        assert!(!is_ipv6(b"2001:DB8::8::417A"));
    }

    #[test]
    fn rfc2732_section_2_examples() {
        for ok in [
            "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210",
            "1080:0:0:0:8:800:200C:4171",
            "3ffe:2a00:100:7031::1",
            "1080::8:800:200C:417A",
            "::192.9.5.5",
            "::FFFF:129.144.52.38",
            "2010:836B:4179::836B:4179",
        ] {
            assert!(is_ipv6(ok.as_bytes()), "{ok}");
        }
    }

    /// `IPv6address` and `IPv4address` of RFC 3986 Appendix A transcribed
    /// into regular expressions, as an independent oracle.
    fn oracles() -> &'static (regex::Regex, regex::Regex) {
        static RE: std::sync::OnceLock<(regex::Regex, regex::Regex)> = std::sync::OnceLock::new();
        RE.get_or_init(|| {
            let ipv4 = super::super::abnf_oracle::ipv4address();
            let ipv6 = super::super::abnf_oracle::ipv6address();
            let build = |re: String| regex::Regex::new(&format!("^(?:{re})$")).expect("oracle");
            (build(ipv6), build(ipv4))
        })
    }

    fn address_like() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let token = prop_oneof![
            Just("::"),
            Just(":"),
            Just(":"),
            Just("1"),
            Just("0"),
            Just("ffff"),
            Just("A0"),
            Just("12345"),
            Just("1.2.3.4"),
            Just("255"),
            Just("256"),
            Just("25"),
            Just("01"),
            Just("."),
            Just("g"),
        ];
        proptest::collection::vec(token, 0..18).prop_map(|v| v.concat())
    }

    /// Writes `pieces` in hex, the last two as dotted decimal when `v4`,
    /// eliding those from `cut` to `cut + len` as `::` when `cut` is in
    /// range.
    fn write_pieces(pieces: &[u16], cut: usize, len: usize, v4: bool) -> String {
        let mut text: Vec<String> = pieces.iter().map(|p| format!("{p:x}")).collect();
        if let (true, [.., a, b]) = (v4, pieces) {
            text.truncate(text.len() - 2);
            text.push(format!("{}.{}.{}.{}", a >> 8, a & 0xff, b >> 8, b & 0xff));
        }
        if cut <= text.len() {
            let end = (cut + len).min(text.len());
            format!("{}::{}", text[..cut].join(":"), text[end..].join(":"))
        } else {
            text.join(":")
        }
    }

    proptest::proptest! {
        #[test]
        fn agrees_with_the_abnf(s in address_like()) {
            let (v6, v4) = oracles();
            proptest::prop_assert_eq!(is_ipv6(s.as_bytes()), v6.is_match(&s), "{:?}", s);
            proptest::prop_assert_eq!(is_ipv4(s.as_bytes()), v4.is_match(&s), "{:?}", s);
        }

        #[test]
        fn agrees_on_pieces(
            pieces in proptest::collection::vec(proptest::num::u16::ANY, 0..10),
            cut in 0usize..10,
            len in 0usize..10,
            v4 in proptest::bool::ANY,
        ) {
            let s = write_pieces(&pieces, cut, len, v4);
            proptest::prop_assert_eq!(is_ipv6(s.as_bytes()), oracles().0.is_match(&s), "{:?}", s);
        }
    }

    #[test]
    fn ipvfuture() {
        for ok in ["v7.abc:def", "V1.x", "vF.a!$&'()*+,;=:-._~", "v10ab.1"] {
            assert!(is_ipvfuture(ok.as_bytes()), "{ok}");
        }
        for bad in [
            "", "v", "v.", "v7.", "v.x", "vg.x", "7.x", "v7", "v7.a/b", "v7.a[b", "v7.%41",
        ] {
            assert!(!is_ipvfuture(bad.as_bytes()), "{bad}");
        }
    }
}
