//! The ASCII form of a host: IDNA for internationalized registered names.
//!
//! This module owns [`to_ascii`], behind [`super::UriRef::host_ascii`]:
//! percent-decoding a `reg-name` (RFC 3986 section 3.2.2) and converting an
//! internationalized one to A-labels with the `idna` crate (RFC 3987
//! section 3.1, RFC 5891). It does not own host syntax (the parsers) nor
//! the error type ([`HostError`], in `error`).

use super::{chars, HostKind};
use crate::error::HostError;

/// The ASCII form of `host`, a host of kind `kind` as the parser split it
/// (IP literals with their brackets). See [`super::UriRef::host_ascii`] for
/// the rules; offsets in errors are byte offsets into `host`.
pub(super) fn to_ascii(host: &str, kind: HostKind) -> Result<String, HostError> {
    match kind {
        HostKind::Ipv6 | HostKind::IpvFuture | HostKind::Ipv4 => return Ok(host.to_string()),
        HostKind::RegName => {}
    }
    let b = host.as_bytes();
    let mut wide = !host.is_ascii();
    let mut i = 0;
    while let Some(&x) = b.get(i) {
        if x == b'%' {
            match pct_value(b, i) {
                Some(v) => wide |= v >= 0x80,
                None => return Err(HostError::InvalidPercentEncoding { offset: i }),
            }
            i += 3;
        } else {
            i += 1;
        }
    }
    if !wide {
        return Ok(lowercase_host(host, true));
    }
    let name = decode(host)?;
    idna::domain_to_ascii_strict(&name).map_err(|_| HostError::Idna { name })
}

/// The value of the `%HH` triplet at `i` of `b`, if there is one.
fn pct_value(b: &[u8], i: usize) -> Option<u8> {
    if b.get(i) != Some(&b'%') {
        return None;
    }
    let h = chars::hex_value(*b.get(i + 1)?)?;
    let l = chars::hex_value(*b.get(i + 2)?)?;
    Some(h << 4 | l)
}

/// `host` with its letters lowercased outside percent-encoded octets
/// (RFC 3986 section 6.2.2.1: the host is case-insensitive); the
/// hexadecimal digits of the `%HH` triplets are uppercased when `upper_hex`
/// holds and kept as they are otherwise. Non-ASCII characters are kept.
pub fn lowercase_host(host: &str, upper_hex: bool) -> String {
    let mut out = String::with_capacity(host.len());
    let mut pct = 0;
    for c in host.chars() {
        if c == '%' {
            pct = 2;
            out.push(c);
        } else if pct > 0 {
            pct -= 1;
            out.push(if upper_hex { c.to_ascii_uppercase() } else { c });
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

/// `host` (valid triplets) percent-decoded, which must give UTF-8.
fn decode(host: &str) -> Result<String, HostError> {
    let b = host.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    // For each decoded byte, the offset in `host` it came from.
    let mut from = Vec::with_capacity(b.len());
    let mut i = 0;
    while let Some(&x) = b.get(i) {
        from.push(i);
        match pct_value(b, i) {
            Some(v) => {
                out.push(v);
                i += 3;
            }
            None => {
                out.push(x);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        HostError::InvalidUtf8 {
            offset: from.get(at).copied().unwrap_or(host.len()),
        }
    })
}

#[cfg(test)]
mod tests {
    use crate::error::HostError;
    use crate::grammar::{parse, parse_with, Grammar, HostKind, ParseOptions};

    fn ascii(s: &str, g: Grammar) -> Option<Result<String, HostError>> {
        parse(s, g).uri().host_ascii()
    }

    #[test]
    fn idn_to_a_labels() {
        let ok =
            |s: &str, g, want: &str| assert_eq!(ascii(s, g), Some(Ok(want.to_string())), "{s}");
        ok(
            "http://B\u{fc}cher.example/",
            Grammar::Rfc3987,
            "xn--bcher-kva.example",
        );
        ok(
            "http://b\u{fc}cher.example/",
            Grammar::Rfc3987,
            "xn--bcher-kva.example",
        );
        ok(
            "http://%E2%98%83.example/",
            Grammar::Rfc3986,
            "xn--n3h.example",
        );
        ok(
            "http://%e2%98%83.example/",
            Grammar::Rfc3986,
            "xn--n3h.example",
        );
        ok(
            "http://B%C3%BCcher.example/",
            Grammar::Rfc3986,
            "xn--bcher-kva.example",
        );
        // RFC 3987 section 3.1's example.
        ok(
            "http://r\u{e9}sum\u{e9}.example.org",
            Grammar::Rfc3987,
            "xn--rsum-bpad.example.org",
        );
        // Mixed raw and encoded, user and port aside.
        ok(
            "http://u@\u{2603}.%E2%98%83:80/",
            Grammar::Rfc3987,
            "xn--n3h.xn--n3h",
        );
        // Decoded ASCII takes part: %2E separates labels.
        ok(
            "http://%C3%BC%2Eexample/",
            Grammar::Rfc3986,
            "xn--tda.example",
        );
    }

    #[test]
    fn ascii_hosts_lowercased_ip_literals_as_is() {
        let ok = |s: &str, want: &str| {
            assert_eq!(
                ascii(s, Grammar::Rfc3986),
                Some(Ok(want.to_string())),
                "{s}"
            )
        };
        ok("http://WWW.Example.COM/", "www.example.com");
        ok("http://a%2fB%3a/", "a%2Fb%3A");
        ok("file:///x", "");
        ok("http://192.0.2.1/", "192.0.2.1");
        ok("http://[2001:DB8::1]/", "[2001:DB8::1]");
        ok("http://[v7.ABC]/", "[v7.ABC]");
        ok("http://xn--bcher-kva.EXAMPLE/", "xn--bcher-kva.example");
        let zoned = parse_with(
            "http://[fe80::1%25ETH0]/",
            ParseOptions {
                zone_id: true,
                ..ParseOptions::default()
            },
        );
        assert_eq!(
            zoned.uri().host_ascii(),
            Some(Ok("[fe80::1%25ETH0]".to_string()))
        );
        assert_eq!(ascii("mailto:a@b", Grammar::Rfc3986), None);
        assert_eq!(ascii("/a", Grammar::Rfc3987), None);
    }

    #[test]
    fn invalid_hosts() {
        let err = |s: &str, g| match ascii(s, g) {
            Some(Err(e)) => e,
            other => panic!("{s}: {other:?}"),
        };
        // A label starting with a hyphen, and a disallowed character (STD3).
        assert!(matches!(
            err("http://-b\u{fc}cher.example/", Grammar::Rfc3987),
            HostError::Idna { .. }
        ));
        assert!(matches!(
            err("http://b\u{fc}cher%20x.example/", Grammar::Rfc3987),
            HostError::Idna { .. }
        ));
        // A label longer than 63 bytes once converted.
        let long = format!("http://{}\u{fc}.example/", "a".repeat(70));
        assert!(matches!(
            err(&long, Grammar::Rfc3987),
            HostError::Idna { .. }
        ));
        assert_eq!(
            err("http://%C3.example/", Grammar::Rfc3986),
            HostError::InvalidUtf8 { offset: 0 }
        );
        assert_eq!(
            err("http://ab%FF%FE/", Grammar::Rfc3986),
            HostError::InvalidUtf8 { offset: 2 }
        );
        assert_eq!(
            err("http://a%zz\u{fc}/", Grammar::Rfc3987),
            HostError::InvalidPercentEncoding { offset: 1 }
        );
        assert_eq!(
            err("http://a%/", Grammar::Rfc3986),
            HostError::InvalidPercentEncoding { offset: 1 }
        );
        let e = err("http://-b\u{fc}cher.example/", Grammar::Rfc3987);
        assert!(e.to_string().contains("-b\u{fc}cher.example"), "{e}");
    }

    proptest::proptest! {
        /// Never panics; a registered name's `Ok` is always ASCII, and
        /// other hosts come back as written.
        #[test]
        fn total_and_ascii(s in crate::grammar::rfc3986::tests::iri_like()) {
            for g in [Grammar::Rfc3986, Grammar::Rfc3987, Grammar::Rfc2396] {
                let p = parse(&s, g);
                let uri = p.uri();
                proptest::prop_assert_eq!(uri.host_ascii().is_some(), uri.host().is_some());
                if let Some(Ok(h)) = uri.host_ascii() {
                    if uri.host_kind() == Some(HostKind::RegName) {
                        proptest::prop_assert!(h.is_ascii(), "{:?} -> {:?}", s, h);
                    } else {
                        proptest::prop_assert_eq!(Some(h.as_str()), uri.host());
                    }
                }
            }
        }
    }
}
