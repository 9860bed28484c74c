//! The policy on where a remote check may connect: names reserved for
//! documentation and testing, and addresses that are not on the public
//! internet (loopback, private, link-local, ...). A link to one of them in
//! a document is an example or an internal address, and requesting it from
//! a CI runner would at best fail and at worst reach a service on the
//! runner's network, so it is skipped unless `--allow-private`.
//!
//! It does not own name resolution (`client`'s resolver applies
//! [`private_address`] to what DNS answers, which stops DNS rebinding: a
//! public name resolving to 127.0.0.1).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Why the host `host` (as in a URI: lowercase or not, an IPv6 literal
/// with or without its brackets, a trailing dot allowed) is not to be
/// requested: a reserved name or a non-public address literal. `None` when
/// it may be requested.
///
/// Reserved names: `example.com`, `example.net`, `example.org` and their
/// subdomains (RFC 2606 section 3), the top-level names `.example`,
/// `.test`, `.invalid`, `.localhost` and `localhost` itself (RFC 2606
/// section 2, RFC 6761 section 6), `.local` (RFC 6762, multicast DNS).
/// Addresses: as [`private_address`].
pub fn host_reason(host: &str) -> Option<String> {
    let bare = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return private_address(ip).map(|why| format!("{why} address {ip}"));
    }
    reserved_name(host).map(|why| format!("reserved name {host} ({why})"))
}

/// The RFC reserving the name `host` (a DNS name, any case, trailing dot
/// allowed), or `None` for a name that may exist.
pub fn reserved_name(host: &str) -> Option<&'static str> {
    let name = host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase();
    let tld = name.rsplit('.').next().unwrap_or(&name);
    for second in ["example.com", "example.net", "example.org"] {
        if name == second || name.ends_with(&format!(".{second}")) {
            return Some("RFC 2606");
        }
    }
    match tld {
        "example" | "invalid" => Some("RFC 2606"),
        "test" | "localhost" => Some("RFC 6761"),
        "local" => Some("RFC 6762"),
        _ => None,
    }
}

/// The kind of a non-public address, or `None` for an address of the
/// public internet: `"loopback"` (127/8, ::1), `"private"` (10/8,
/// 172.16/12, 192.168/16, fc00::/7), `"link-local"` (169.254/16,
/// fe80::/10), `"shared"` (100.64/10, RFC 6598 carrier-grade NAT),
/// `"unspecified"` (0.0.0.0/8, ::), `"documentation"` (192.0.2/24,
/// 198.51.100/24, 203.0.113/24, 2001:db8::/32), `"broadcast"`,
/// `"multicast"`. An IPv4-mapped or IPv4-compatible IPv6 address is
/// judged by its IPv4 address.
pub fn private_address(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => private_v4(v4),
        IpAddr::V6(v6) => private_v6(v6),
    }
}

/// [`private_address`] for IPv4.
fn private_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let [a, b, c, _] = ip.octets();
    if ip.is_loopback() {
        Some("loopback")
    } else if a == 0 {
        Some("unspecified")
    } else if a == 10 || (a == 172 && (16..32).contains(&b)) || (a == 192 && b == 168) {
        Some("private")
    } else if a == 169 && b == 254 {
        Some("link-local")
    } else if a == 100 && (64..128).contains(&b) {
        Some("shared")
    } else if (a, b, c) == (192, 0, 2) || (a, b, c) == (198, 51, 100) || (a, b, c) == (203, 0, 113)
    {
        Some("documentation")
    } else if ip.is_broadcast() {
        Some("broadcast")
    } else if ip.is_multicast() {
        Some("multicast")
    } else {
        None
    }
}

/// [`private_address`] for IPv6.
fn private_v6(ip: Ipv6Addr) -> Option<&'static str> {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return private_v4(v4);
    }
    let s = ip.segments();
    // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291 section 2.5.5.1).
    if s[..6] == [0; 6] && !ip.is_loopback() && !ip.is_unspecified() {
        return private_v4(Ipv4Addr::new(
            (s[6] >> 8) as u8,
            s[6] as u8,
            (s[7] >> 8) as u8,
            s[7] as u8,
        ));
    }
    if ip.is_loopback() {
        Some("loopback")
    } else if ip.is_unspecified() {
        Some("unspecified")
    } else if s[0] & 0xfe00 == 0xfc00 {
        Some("private")
    } else if s[0] & 0xffc0 == 0xfe80 {
        Some("link-local")
    } else if s[0] == 0x2001 && s[1] == 0x0db8 {
        Some("documentation")
    } else if ip.is_multicast() {
        Some("multicast")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_names() {
        for (host, want) in [
            ("example.com", Some("RFC 2606")),
            ("docs.EXAMPLE.org.", Some("RFC 2606")),
            ("example.net", Some("RFC 2606")),
            ("foo.example", Some("RFC 2606")),
            ("a.invalid", Some("RFC 2606")),
            ("svc.test", Some("RFC 6761")),
            ("localhost", Some("RFC 6761")),
            ("app.localhost", Some("RFC 6761")),
            ("printer.local", Some("RFC 6762")),
            ("notexample.com", None),
            ("example.co", None),
            ("github.com", None),
            ("testing.org", None),
        ] {
            assert_eq!(reserved_name(host), want, "{host}");
        }
    }

    #[test]
    fn addresses() {
        for (ip, want) in [
            ("127.0.0.1", Some("loopback")),
            ("127.3.4.5", Some("loopback")),
            ("10.1.2.3", Some("private")),
            ("172.16.0.1", Some("private")),
            ("172.31.255.255", Some("private")),
            ("172.32.0.1", None),
            ("192.168.1.1", Some("private")),
            ("169.254.169.254", Some("link-local")),
            ("100.64.0.1", Some("shared")),
            ("100.128.0.1", None),
            ("0.0.0.0", Some("unspecified")),
            ("192.0.2.7", Some("documentation")),
            ("198.51.100.1", Some("documentation")),
            ("203.0.113.9", Some("documentation")),
            ("8.8.8.8", None),
            ("140.82.121.4", None),
            ("::1", Some("loopback")),
            ("::", Some("unspecified")),
            ("fd00::1", Some("private")),
            ("fc12::1", Some("private")),
            ("fe80::1", Some("link-local")),
            ("2001:db8::1", Some("documentation")),
            ("::ffff:127.0.0.1", Some("loopback")),
            ("::ffff:192.168.0.1", Some("private")),
            ("::ffff:8.8.8.8", None),
            ("2606:4700::1111", None),
        ] {
            let parsed: IpAddr = ip.parse().unwrap_or_else(|e| panic!("{ip}: {e}"));
            assert_eq!(private_address(parsed), want, "{ip}");
        }
    }

    #[test]
    fn host_reasons() {
        assert_eq!(
            host_reason("[::1]").as_deref(),
            Some("loopback address ::1")
        );
        assert_eq!(
            host_reason("127.0.0.1").as_deref(),
            Some("loopback address 127.0.0.1")
        );
        assert_eq!(
            host_reason("example.com").as_deref(),
            Some("reserved name example.com (RFC 2606)")
        );
        assert_eq!(host_reason("docs.rs"), None);
    }
}
