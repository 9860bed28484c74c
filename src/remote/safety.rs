//! The policy on where a remote check may connect: names reserved for
//! documentation and testing, and addresses that are not globally
//! reachable unicast. A link to one of them in a document is an example or
//! an internal address, and requesting it from a CI runner would at best
//! fail and at worst reach a service on the runner's network (a cloud's
//! metadata service, an admin page), so it is skipped unless
//! `--allow-private`.
//!
//! The address policy is an allow-list (H4 of the 2026-11-29 review): an
//! address is connected to only when the IANA IPv4 and IPv6
//! Special-Purpose Address Registries call it globally reachable (and it
//! is unicast, IPv6 within 2000::/3, the global unicast space of the IANA
//! IPv6 Address Space registry); IPv6 addresses that carry an IPv4
//! address (NAT64, 6to4, Teredo, SIIT, IPv4-mapped and IPv4-compatible)
//! are judged by the IPv4 address they carry.
//!
//! It does not own name resolution (`client`'s resolver applies
//! [`non_global`] to what DNS answers, every address of the answer, which
//! stops DNS rebinding: a public name resolving to 127.0.0.1).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use ip_network::{Ipv4Network, Ipv6Network};

/// Why the host `host` (as in a URI: lowercase or not, an IPv6 literal
/// with or without its brackets, a trailing dot allowed) is not to be
/// requested: a reserved name or an address literal that is not globally
/// reachable unicast ([`non_global`]), e.g. `"loopback address
/// 127.0.0.1"`. `None` when it may be requested.
///
/// Reserved names: `example.com`, `example.net`, `example.org` and their
/// subdomains (RFC 2606 section 3), the top-level names `.example`,
/// `.test`, `.invalid`, `.localhost` and `localhost` itself (RFC 2606
/// section 2, RFC 6761 section 6), `.local` (RFC 6762, multicast DNS).
pub fn host_reason(host: &str) -> Option<String> {
    let bare = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return non_global(ip);
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

/// Why `ip` is not to be connected to, e.g. `"link-local address
/// 169.254.169.254"` or `"NAT64 address 64:ff9b::a00:1 of private address
/// 10.0.0.1"`; `None` for a globally reachable unicast address (H4 of the
/// 2026-11-29 review: an allow-list).
///
/// IPv4: globally reachable in the IANA IPv4 Special-Purpose Address
/// Registry (`ip_network`'s `is_global`: not 0.0.0.0/8, 10/8, 100.64/10,
/// 127/8, 169.254/16, 172.16/12, 192.0.0.0/24 but 192.0.0.9 and
/// 192.0.0.10, 192.0.2/24, 192.168/16, 198.18/15, 198.51.100/24,
/// 203.0.113/24, 240/4, 255.255.255.255), not multicast (224/4) and not
/// the deprecated 6to4 relay anycast block 192.88.99.0/24 (RFC 7526).
///
/// IPv6: an address carrying an IPv4 address is judged by it: NAT64
/// 64:ff9b::/96 (RFC 6052), 6to4 2002::/16 (RFC 3056, bits 16 to 48),
/// Teredo 2001::/32 (RFC 4380: the server's address, bits 32 to 64, and
/// the client's, the last 32 bits inverted, both), SIIT ::ffff:0:0:0/96
/// (RFC 6145), IPv4-mapped ::ffff:0:0/96 and IPv4-compatible ::/96 (RFC
/// 4291 section 2.5.5). Any other must be within 2000::/3 and globally
/// reachable in the IANA IPv6 Special-Purpose Address Registry: not
/// 2001::/23 (IETF protocol assignments) but its globally reachable
/// entries (2001:1::1, 2001:1::2, 2001:1::3, 2001:3::/32, 2001:4:112::/48,
/// 2001:20::/28, 2001:30::/28), not 2001:db8::/32 nor 3fff::/20
/// (documentation). Outside 2000::/3 are, among others, ::1, ::,
/// 64:ff9b:1::/48 (local-use NAT64, RFC 8215), 100::/64 (discard),
/// 5f00::/16 (SRv6), fc00::/7, fec0::/10, fe80::/10 and multicast.
pub fn non_global(ip: IpAddr) -> Option<String> {
    match ip {
        IpAddr::V4(v4) => v4_kind(v4).map(|kind| format!("{kind} address {v4}")),
        IpAddr::V6(v6) => v6_reason(v6),
    }
}

/// [`non_global`] for IPv4: the kind of a non-global address.
fn v4_kind(ip: Ipv4Addr) -> Option<&'static str> {
    let [a, b, c, _] = ip.octets();
    let relay_anycast = (a, b, c) == (192, 88, 99);
    if Ipv4Network::from(ip).is_global() && !ip.is_multicast() && !relay_anycast {
        return None;
    }
    Some(if ip.is_loopback() {
        "loopback"
    } else if a == 0 {
        "unspecified"
    } else if ip.is_private() {
        "private"
    } else if ip.is_link_local() {
        "link-local"
    } else if a == 100 && b & 0xc0 == 64 {
        "shared"
    } else if ip.is_documentation() {
        "documentation"
    } else if (a, b, c) == (192, 0, 0) {
        "IETF protocol assignment"
    } else if a == 198 && b & 0xfe == 18 {
        "benchmarking"
    } else if ip.is_broadcast() {
        "broadcast"
    } else if ip.is_multicast() {
        "multicast"
    } else if a >= 240 {
        "reserved"
    } else if relay_anycast {
        "6to4 relay anycast"
    } else {
        "non-global"
    })
}

/// The IPv4 addresses an IPv6 address carries, with the name of the
/// mechanism: NAT64, 6to4, Teredo (server, then client), SIIT,
/// IPv4-mapped, IPv4-compatible (see [`non_global`]).
fn embedded_v4(ip: Ipv6Addr) -> Option<(&'static str, Vec<Ipv4Addr>)> {
    let s = ip.segments();
    let v4 = |hi: u16, lo: u16| Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo));
    let last = v4(s[6], s[7]);
    match s {
        [0x64, 0xff9b, 0, 0, 0, 0, _, _] => Some(("NAT64", vec![last])),
        [0x2002, hi, lo, ..] => Some(("6to4", vec![v4(hi, lo)])),
        [0x2001, 0, hi, lo, ..] => Some(("Teredo", vec![v4(hi, lo), v4(!s[6], !s[7])])),
        [0, 0, 0, 0, 0xffff, 0, _, _] => Some(("SIIT", vec![last])),
        [0, 0, 0, 0, 0, 0xffff, _, _] => Some(("IPv4-mapped", vec![last])),
        [0, 0, 0, 0, 0, 0, _, _] if !ip.is_loopback() && !ip.is_unspecified() => {
            Some(("IPv4-compatible", vec![last]))
        }
        _ => None,
    }
}

/// [`non_global`] for IPv6.
fn v6_reason(ip: Ipv6Addr) -> Option<String> {
    if let Some((via, carried)) = embedded_v4(ip) {
        return carried.into_iter().find_map(|v4| {
            v4_kind(v4).map(|kind| format!("{via} address {ip} of {kind} address {v4}"))
        });
    }
    v6_kind(ip).map(|kind| format!("{kind} address {ip}"))
}

/// The kind of a non-global IPv6 address that carries no IPv4 address.
fn v6_kind(ip: Ipv6Addr) -> Option<&'static str> {
    let s = ip.segments();
    let bits = u128::from(ip);
    let within = |prefix: u128, len: u32| bits >> (128 - len) == prefix >> (128 - len);
    // The globally reachable entries of 2001::/23.
    let ietf_global = [1u128, 2, 3]
        .iter()
        .any(|n| bits == 0x2001_0001_0000_0000_0000_0000_0000_0000 | n)
        || within(0x2001_0003 << 96, 32)
        || within(0x2001_0004_0112 << 80, 48)
        || within(0x2001_0020 << 96, 28)
        || within(0x2001_0030 << 96, 28);
    let ietf = within(0x2001 << 112, 23) && !ietf_global;
    let documentation = within(0x2001_0db8 << 96, 32) || within(0x3fff << 112, 20);
    if within(0x2 << 124, 3) && !ietf && !documentation && Ipv6Network::from(ip).is_global() {
        return None;
    }
    Some(if ip.is_loopback() {
        "loopback"
    } else if ip.is_unspecified() {
        "unspecified"
    } else if s[0] & 0xfe00 == 0xfc00 {
        "private"
    } else if s[0] & 0xffc0 == 0xfe80 {
        "link-local"
    } else if s[0] & 0xffc0 == 0xfec0 {
        "site-local"
    } else if ip.is_multicast() {
        "multicast"
    } else if documentation {
        "documentation"
    } else if ietf {
        "IETF protocol assignment"
    } else if within(0x0100 << 112, 64) {
        "discard"
    } else if within(0x0064_ff9b_0001 << 80, 48) {
        "local-use NAT64"
    } else {
        "reserved"
    })
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

    /// The addresses of H4 of the 2026-11-29 review and one or more of each
    /// block of the IANA IPv4 and IPv6 Special-Purpose Address Registries
    /// (and of the embedded IPv4 forms), with the kind each is refused as,
    /// or `None` for an address that may be requested.
    #[test]
    fn addresses() {
        for (ip, want) in [
            // IPv4 registry.
            ("0.0.0.0", Some("unspecified")),
            ("0.1.2.3", Some("unspecified")),
            ("10.1.2.3", Some("private")),
            ("100.64.0.1", Some("shared")),
            ("100.100.100.200", Some("shared")),
            ("100.128.0.1", None),
            ("127.0.0.1", Some("loopback")),
            ("127.3.4.5", Some("loopback")),
            ("169.254.169.254", Some("link-local")),
            ("172.16.0.1", Some("private")),
            ("172.31.255.255", Some("private")),
            ("172.32.0.1", None),
            ("192.0.0.0", Some("IETF protocol assignment")),
            ("192.0.0.8", Some("IETF protocol assignment")),
            ("192.0.0.9", None),
            ("192.0.0.10", None),
            ("192.0.0.170", Some("IETF protocol assignment")),
            ("192.0.0.192", Some("IETF protocol assignment")),
            ("192.0.2.7", Some("documentation")),
            ("192.31.196.1", None),
            ("192.52.193.1", None),
            ("192.88.99.1", Some("6to4 relay anycast")),
            ("192.168.1.1", Some("private")),
            ("192.175.48.1", None),
            ("198.18.0.1", Some("benchmarking")),
            ("198.19.255.255", Some("benchmarking")),
            ("198.20.0.1", None),
            ("198.51.100.1", Some("documentation")),
            ("203.0.113.9", Some("documentation")),
            ("224.0.0.1", Some("multicast")),
            ("239.255.255.250", Some("multicast")),
            ("240.0.0.1", Some("reserved")),
            ("255.255.255.254", Some("reserved")),
            ("255.255.255.255", Some("broadcast")),
            ("8.8.8.8", None),
            ("1.1.1.1", None),
            ("140.82.121.4", None),
            // IPv6 registry.
            ("::1", Some("loopback")),
            ("::", Some("unspecified")),
            ("64:ff9b:1::a00:1", Some("local-use NAT64")),
            ("64:ff9b:1::808:808", Some("local-use NAT64")),
            ("100::1", Some("discard")),
            ("100::ffff:ffff:ffff:ffff", Some("discard")),
            ("100:0:0:1::1", Some("reserved")),
            ("2001:1::1", None),
            ("2001:1::2", None),
            ("2001:1::3", None),
            ("2001:1::4", Some("IETF protocol assignment")),
            ("2001:2::1", Some("IETF protocol assignment")),
            ("2001:3::1", None),
            ("2001:4:112::1", None),
            ("2001:4:113::1", Some("IETF protocol assignment")),
            ("2001:10::1", Some("IETF protocol assignment")),
            ("2001:20::1", None),
            ("2001:30::1", None),
            ("2001:1ff::1", Some("IETF protocol assignment")),
            ("2001:200::1", None),
            ("2001:db8::1", Some("documentation")),
            ("3fff::1", Some("documentation")),
            ("3fff:fff::1", Some("documentation")),
            ("2620:4f:8000::1", None),
            ("5f00::1", Some("reserved")),
            ("4000::1", Some("reserved")),
            ("1::1", Some("reserved")),
            ("fc12::1", Some("private")),
            ("fd00::1", Some("private")),
            ("fd00:ec2::254", Some("private")),
            ("fe80::1", Some("link-local")),
            ("fec0::1", Some("site-local")),
            ("ff02::1", Some("multicast")),
            ("ff0e::1", Some("multicast")),
            ("2606:4700::1111", None),
            ("2a00:1450:4001::200e", None),
        ] {
            let parsed: IpAddr = ip.parse().unwrap_or_else(|e| panic!("{ip}: {e}"));
            let got = non_global(parsed);
            let want = want.map(|kind| format!("{kind} address {parsed}"));
            assert_eq!(got, want, "{ip}");
        }
    }

    /// IPv6 addresses that carry an IPv4 address are judged by it: the
    /// review's NAT64, 6to4 and SIIT addresses of the metadata service and
    /// of 10.0.0.1, Teredo by its server and its client.
    #[test]
    fn embedded_ipv4() {
        for (ip, want) in [
            (
                "64:ff9b::a9fe:a9fe",
                Some("NAT64 address 64:ff9b::a9fe:a9fe of link-local address 169.254.169.254"),
            ),
            (
                "64:ff9b::a00:1",
                Some("NAT64 address 64:ff9b::a00:1 of private address 10.0.0.1"),
            ),
            (
                "64:ff9b::c612:1",
                Some("NAT64 address 64:ff9b::c612:1 of benchmarking address 198.18.0.1"),
            ),
            ("64:ff9b::808:808", None),
            (
                "2002:a9fe:a9fe::",
                Some("6to4 address 2002:a9fe:a9fe:: of link-local address 169.254.169.254"),
            ),
            (
                "2002:7f00:1::1",
                Some("6to4 address 2002:7f00:1::1 of loopback address 127.0.0.1"),
            ),
            ("2002:808:808::1", None),
            (
                "::ffff:0:a9fe:a9fe",
                Some("SIIT address ::ffff:0:a9fe:a9fe of link-local address 169.254.169.254"),
            ),
            (
                "::ffff:127.0.0.1",
                Some("IPv4-mapped address ::ffff:127.0.0.1 of loopback address 127.0.0.1"),
            ),
            (
                "::ffff:192.168.0.1",
                Some("IPv4-mapped address ::ffff:192.168.0.1 of private address 192.168.0.1"),
            ),
            ("::ffff:8.8.8.8", None),
            (
                "::127.0.0.1",
                Some("IPv4-compatible address ::7f00:1 of loopback address 127.0.0.1"),
            ),
            (
                "::0.0.0.2",
                Some("IPv4-compatible address ::2 of unspecified address 0.0.0.2"),
            ),
            ("::8.8.8.8", None),
            // Teredo: server 65.54.227.120 (public), client 192.168.1.1
            // (inverted: 3f57:fefe), then both public.
            (
                "2001:0:4136:e378:8000:63bf:3f57:fefe",
                Some(
                    "Teredo address 2001:0:4136:e378:8000:63bf:3f57:fefe of private \
                     address 192.168.1.1",
                ),
            ),
            (
                "2001:0:a00:1::f7f7:f7f7",
                Some("Teredo address 2001:0:a00:1::f7f7:f7f7 of private address 10.0.0.1"),
            ),
            ("2001:0:4136:e378:8000:63bf:f7f7:f7f7", None),
        ] {
            let parsed: IpAddr = ip.parse().unwrap_or_else(|e| panic!("{ip}: {e}"));
            assert_eq!(non_global(parsed).as_deref(), want, "{ip}");
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
