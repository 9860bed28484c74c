//! The fast path of the RFC 3986 parser: one pass over a valid URI
//! reference.
//!
//! This module owns [`parse`], which splits and validates an ASCII `URI-
//! reference` (RFC 3986 Appendix A, with RFC 6874 zone identifiers on
//! request) in a single left-to-right pass: each component is one loop over
//! a byte-class table ([`chars::CLASS`], one bit per component class) that
//! stops only at a `%` triplet, a delimiter or a byte the component does not
//! allow. It reports nothing: at the first thing that is not plainly valid
//! (an error, or a non-ASCII byte, which only an IRI may hold) it gives up
//! and the full parser in `rfc3986` runs instead, so results never depend on
//! this module; a property test checks that both agree.
//!
//! Indexing is by `get` only; no input can make it panic. It never
//! allocates.

use super::chars::{self, ALPHA, HEXDIG, PATH, QUERY, REG_NAME, SCHEME};
use super::{ip, Components, HostKind};

/// The components of `input` when it is a valid RFC 3986 `URI-reference`
/// (with `IPv6addrz` literals when `zone_id`, RFC 6874 section 2), exactly
/// as `rfc3986::parse_full` splits it; `None` when it is not, or when this
/// pass cannot tell (the caller then runs the full parser). Byte ranges are
/// 0-based into `input`. Linear in `input.len()`, a single pass except over
/// an IP literal or an IPv4 address (checked again by `ip`) and the first
/// segment of a relative path (searched for `:`).
pub(super) fn parse(input: &str, zone_id: bool) -> Option<Components> {
    let b = input.as_bytes();
    let mut c = Components::default();

    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), section 3.1.
    let s_end = run(b, 0, SCHEME);
    let mut pos = 0;
    if b.get(s_end) == Some(&b':') {
        if !b.first().is_some_and(|&x| chars::is(x, ALPHA)) {
            return None;
        }
        c.scheme = Some(0..s_end);
        pos = s_end + 1;
    }
    // Otherwise a relative reference: a ':' in its first segment (which the
    // path loop below accepts) is checked for after it.

    let path_start = if b.get(pos) == Some(&b'/') && b.get(pos + 1) == Some(&b'/') {
        let a0 = pos + 2;
        let a1 = authority(b, a0, zone_id, &mut c)?;
        c.authority = Some(a0..a1);
        a1
    } else {
        pos
    };

    // path (section 3.3): pchar and '/'.
    let mut i = run_pct(b, path_start, PATH)?;
    c.path = path_start..i;
    if c.scheme.is_none() && c.authority.is_none() {
        // path-noscheme: no ':' in the first segment (section 4.2).
        let path = b.get(path_start..i).unwrap_or_default();
        let first = path.split(|&x| x == b'/').next().unwrap_or_default();
        if first.contains(&b':') {
            return None;
        }
    }
    if b.get(i) == Some(&b'?') {
        // query (section 3.4): pchar, '/' and '?'.
        let q = i + 1;
        i = run_pct(b, q, QUERY)?;
        c.query = Some(q..i);
    }
    if b.get(i) == Some(&b'#') {
        // fragment (section 3.5): the same bytes, to the end.
        let f = i + 1;
        i = run_pct(b, f, QUERY)?;
        c.fragment = Some(f..i);
    }
    (i == b.len()).then_some(c)
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` (section 3.2) from
/// `a0`: fills userinfo, host, host kind and port, and returns the end of
/// the authority (the first `/`, `?`, `#` or the end of `b`).
#[inline(always)]
fn authority(b: &[u8], a0: usize, zone_id: bool, c: &mut Components) -> Option<usize> {
    // The first run is the userinfo, or the host, or an IP literal's '['.
    let i = run_pct(b, a0, REG_NAME)?;
    match b.get(i) {
        Some(b'@') => {
            c.userinfo = Some(a0..i);
            host_port(b, i + 1, zone_id, c)
        }
        Some(b':') => {
            // Either the userinfo goes on, or this is the port's ':'.
            let j = run_userinfo(b, i + 1)?;
            if b.get(j) == Some(&b'@') {
                c.userinfo = Some(a0..j);
                return host_port(b, j + 1, zone_id, c);
            }
            reg_name(b, a0, i, c);
            port(b, i, c)
        }
        Some(b'[') if i == a0 => host_port(b, a0, zone_id, c),
        _ => {
            reg_name(b, a0, i, c);
            at_authority_end(b, i)
        }
    }
}

/// `host [ ":" port ]` from `h0` (after any userinfo); returns the end of
/// the authority.
#[inline(always)]
fn host_port(b: &[u8], h0: usize, zone_id: bool, c: &mut Components) -> Option<usize> {
    if b.get(h0) == Some(&b'[') {
        // IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"
        let rest = b.get(h0 + 1..)?;
        let k = rest
            .iter()
            .position(|&x| matches!(x, b']' | b'/' | b'?' | b'#'))?;
        if rest.get(k) != Some(&b']') {
            return None;
        }
        let inner = rest.get(..k)?;
        let close = h0 + 1 + k;
        let kind = if matches!(inner.first(), Some(b'v' | b'V')) {
            ip::is_ipvfuture(inner).then_some(HostKind::IpvFuture)?
        } else if ip::is_ipv6(inner) || (zone_id && ip::is_ipv6_zoned(inner)) {
            HostKind::Ipv6
        } else {
            return None;
        };
        c.host = Some(h0..close + 1);
        c.host_kind = Some(kind);
        return match b.get(close + 1) {
            Some(b':') => port(b, close + 1, c),
            _ => at_authority_end(b, close + 1),
        };
    }
    let i = run_pct(b, h0, REG_NAME)?;
    reg_name(b, h0, i, c);
    match b.get(i) {
        Some(b':') => port(b, i, c),
        _ => at_authority_end(b, i),
    }
}

/// Sets the host to `h0..h1`, an `IPv4address` or a `reg-name` (section
/// 3.2.2; the first production that matches wins).
#[inline(always)]
fn reg_name(b: &[u8], h0: usize, h1: usize, c: &mut Components) {
    let host = b.get(h0..h1).unwrap_or_default();
    let ipv4 = host.first().is_some_and(u8::is_ascii_digit) && ip::is_ipv4(host);
    c.host = Some(h0..h1);
    c.host_kind = Some(if ipv4 {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    });
}

/// `":" port` with the `:` at `colon`, `port = *DIGIT` (section 3.2.3),
/// ending the authority; returns the end of the authority.
#[inline(always)]
fn port(b: &[u8], colon: usize, c: &mut Components) -> Option<usize> {
    let p = colon + 1;
    let rest = b.get(p..)?;
    let end = p + rest
        .iter()
        .position(|x| !x.is_ascii_digit())
        .unwrap_or(rest.len());
    c.port = Some(p..end);
    at_authority_end(b, end)
}

/// `Some(i)` when the authority may end at `i`: a `/`, `?`, `#` or the end.
#[inline(always)]
fn at_authority_end(b: &[u8], i: usize) -> Option<usize> {
    matches!(b.get(i), None | Some(b'/' | b'?' | b'#')).then_some(i)
}

/// The offset of the first byte at or after `i` that is not in `class`, a
/// bit of [`chars::CLASS`] (`b.len()` when there is none): one table load
/// and test per byte. (Eight bytes at a time, AND-ing their class bits, was
/// measured slower on URIs of ~35 bytes, whose runs are short.)
#[inline(always)]
fn run(b: &[u8], i: usize, class: u16) -> usize {
    let rest = b.get(i..).unwrap_or_default();
    i + rest
        .iter()
        .position(|&x| !chars::is(x, class))
        .unwrap_or(rest.len())
}

/// Like [`run`], also skipping `pct-encoded` triplets (section 2.1);
/// `None` at a `%` that does not start one.
#[inline(always)]
fn run_pct(b: &[u8], mut i: usize, class: u16) -> Option<usize> {
    loop {
        i = run(b, i, class);
        if b.get(i) != Some(&b'%') {
            return Some(i);
        }
        if !(is_hex(b, i + 1) && is_hex(b, i + 2)) {
            return None;
        }
        i += 3;
    }
}

/// [`run_pct`] over `userinfo` bytes: `unreserved / sub-delims / ":"`.
#[inline(always)]
fn run_userinfo(b: &[u8], mut i: usize) -> Option<usize> {
    loop {
        i = run_pct(b, i, REG_NAME)?;
        if b.get(i) != Some(&b':') {
            return Some(i);
        }
        i += 1;
    }
}

/// Whether the byte at `i` is a `HEXDIG`.
#[inline(always)]
fn is_hex(b: &[u8], i: usize) -> bool {
    b.get(i).is_some_and(|&x| chars::is(x, HEXDIG))
}

#[cfg(test)]
mod tests {
    use super::super::rfc3986::{parse_full, tests::uri_like, Flavor};
    use super::*;

    /// Asserts that the fast path succeeds exactly on the inputs the full
    /// parser finds valid, and then with the same components.
    fn agree(s: &str, zone_id: bool) {
        let fast = parse(s, zone_id);
        let (full, errors) = parse_full(s, Flavor::uri(zone_id));
        if errors.is_empty() {
            assert_eq!(fast, Some(full), "{s:?} (zone_id {zone_id})");
        } else {
            assert_eq!(fast, None, "{s:?} (zone_id {zone_id}): {errors:?}");
        }
    }

    #[test]
    fn agrees_on_examples() {
        for s in [
            "",
            "http://a/b?c#d",
            "http://u:p@h:80/p?q#f",
            "http://a:80@b/",
            "http://@a",
            "http://",
            "http://a:",
            "http://a:1:2/",
            "http://u@v@w/",
            "http://[::1]:8080/a",
            "http://u@[v7.x]/",
            "http://[::1]x/",
            "http://[::1/",
            "http://[fe80::1%25eth0]/",
            "http://[fe80::1%25]/",
            "http://192.0.2.1:80",
            "http://1.2.3.4.5/",
            "a:b:c",
            "a_b:c",
            "1a:b",
            ":a",
            "a/b:c",
            "ab:c/d",
            "%41:b",
            "?a:b",
            "#a:b",
            "//a:b@c",
            "http://a/%4",
            "http://a/%41%zz",
            "http://a#b#c",
            "http://a?b?c#d?e/",
            "mailto:a@b",
            "http://a/\u{e9}",
            "http://a%/",
            "http://a:%31/",
            "http://a b/",
        ] {
            agree(s, false);
            agree(s, true);
        }
    }

    proptest::proptest! {
        #[test]
        fn agrees_with_the_full_parser(s in uri_like(), zone_id in proptest::bool::ANY) {
            agree(&s, zone_id);
        }

        #[test]
        fn agrees_on_any_string(s in "[ -~]{0,40}") {
            agree(&s, false);
        }
    }
}
