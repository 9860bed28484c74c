//! `S0xx`: the common Internet scheme syntax (RFC 1738 section 3.1),
//! shared by every scheme whose authority names a host on the Internet:
//! a host is required, a registered name must be a DNS host name (RFC 1034
//! section 3.5, RFC 1123 section 2.1), a port is a 16-bit TCP port number,
//! and the `user:password` of a login has one `:`.
//!
//! This module owns those four rules. The scheme modules decide which of
//! them apply ([`Server`]) and own everything after the authority.
//!
//! Host names that are not ASCII or that hold percent-encoding are left to
//! a future IDN check (RFC 5890; RFC 3986 section 3.2.2 allows UTF-8
//! percent-encoded reg-names); IP literals and IPv4 addresses are the
//! generic grammar's.

use super::text::first_char_at;
use super::{SchemeRule, Violation};
use crate::grammar::{HostKind, UriRef};

/// The schemes whose authority is a network host and port.
const DNS_SCHEMES: &[&str] = &[
    "http", "https", "ws", "wss", "ftp", "telnet", "gopher", "nntp", "news", "wais", "prospero",
];

/// `S001`: no authority, or an empty host.
pub(super) const MISSING_HOST: SchemeRule = SchemeRule {
    code: "S001",
    name: "missing-host",
    schemes: &["http", "https", "ws", "wss", "ftp", "telnet", "gopher", "nntp", "wais", "prospero"],
    summary: "the URI has no '//' authority, or its host is empty; these schemes name a server",
    source: "RFC 9110 sections 4.2.1 and 4.2.2 (http, https); RFC 6455 section 3 (ws, wss); RFC 1738 sections 3.1 and 5 (ftp, telnet, wais, prospero); RFC 4266 section 2.1 (gopher); RFC 5538 section 2.1 (nntp)",
};

/// `S002`: a registered name that is not a DNS host name.
pub(super) const INVALID_DNS_NAME: SchemeRule = SchemeRule {
    code: "S002",
    name: "invalid-dns-name",
    schemes: DNS_SCHEMES,
    summary: "an ASCII reg-name host is not a DNS host name: labels of 1 to 63 letters, digits and hyphens, not starting or ending with a hyphen, at most 253 octets in all, and a top label that is not all digits",
    source: "RFC 1034 section 3.5; RFC 1123 section 2.1; RFC 1738 section 3.1",
};

/// `S003`: a port number above 65535.
pub(super) const PORT_OUT_OF_RANGE: SchemeRule = SchemeRule {
    code: "S003",
    name: "port-out-of-range",
    schemes: DNS_SCHEMES,
    summary: "the port is above 65535; TCP ports are 16-bit numbers",
    source: "RFC 1738 section 3.1; RFC 9293 section 3.1 (16-bit port fields)",
};

/// `S004`: a `:` in the user name of a login.
pub(super) const USERINFO_UNENCODED_COLON: SchemeRule = SchemeRule {
    code: "S004",
    name: "userinfo-unencoded-colon",
    schemes: &["ftp", "telnet"],
    summary: "a second ':' in 'user:password'; within the user and password fields ':' must be encoded as %3A",
    source: "RFC 1738 section 3.1",
};

/// The rules of this module, in code order.
pub(super) const RULES: &[SchemeRule] = &[
    MISSING_HOST,
    INVALID_DNS_NAME,
    PORT_OUT_OF_RANGE,
    USERINFO_UNENCODED_COLON,
];

/// Which server rules apply to a scheme, and the section that requires a
/// host.
#[derive(Clone, Copy, Debug)]
pub(super) struct Server {
    /// The scheme as written in messages, lowercase.
    pub scheme: &'static str,
    /// The RFC section requiring a host, or `None` when the authority is
    /// optional (news).
    pub host_required_by: Option<&'static str>,
    /// The login may hold `user:password` (RFC 1738 section 3.1).
    pub login: bool,
}

/// Checks the authority of `uri` against [`RULES`].
pub(super) fn check(uri: &UriRef<'_>, server: Server, out: &mut Vec<Violation>) {
    let c = uri.components();
    let scheme = server.scheme;
    if let Some(source) = server.host_required_by {
        match (&c.authority, uri.host(), &c.host) {
            (None, _, _) => {
                let at = c.scheme.as_ref().map_or(0, |r| r.end + 1);
                out.push(Violation::new(
                    &MISSING_HOST,
                    at,
                    format!("a {scheme} URI needs an authority naming its server ('{scheme}://host/...') ({source})"),
                ));
            }
            (Some(_), Some(""), Some(r)) => {
                out.push(Violation::new(
                    &MISSING_HOST,
                    r.start,
                    format!("the host of a {scheme} URI must not be empty ({source})"),
                ));
            }
            _ => {}
        }
    }
    if let (Some(host), Some(r), Some(HostKind::RegName)) = (uri.host(), &c.host, uri.host_kind()) {
        // Nearly every host is a valid name: one pass says so; the
        // message for one that is not comes from the full reading.
        if !is_dns_name(host.as_bytes())
            && !host.is_empty()
            && host.is_ascii()
            && !host.contains('%')
        {
            if let Err((at, what)) = dns_name(host, r.start) {
                out.push(Violation::new(
                    &INVALID_DNS_NAME,
                    at,
                    format!("host '{host}' is not a DNS host name: {what}"),
                ));
            }
        }
    }
    if let (Some(port), Some(r)) = (uri.port(), &c.port) {
        if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) {
            let value = port.bytes().fold(0u32, |n, b| {
                n.saturating_mul(10).saturating_add(u32::from(b - b'0'))
            });
            if value > 65535 {
                out.push(Violation::new(
                    &PORT_OUT_OF_RANGE,
                    r.start,
                    format!("port {port} is above 65535: TCP port numbers are 16 bits (RFC 1738 section 3.1, RFC 9293 section 3.1)"),
                ));
            }
        }
    }
    if server.login {
        if let (Some(userinfo), Some(r)) = (uri.userinfo(), &c.userinfo) {
            if let Some(second) = userinfo.match_indices(':').nth(1) {
                out.push(Violation::new(
                    &USERINFO_UNENCODED_COLON,
                    r.start + second.0,
                    format!("a second ':' in the {scheme} login: ':' in the user name or password must be encoded as %3A (RFC 1738 section 3.1)"),
                ));
            }
        }
    }
}

/// True when `host` is a name that [`dns_name`] accepts, told in one pass
/// over its bytes: labels of 1 to 63 letters, digits and inner hyphens
/// joined by dots, at most 253 octets without the one trailing dot
/// allowed, the last label not all digits (RFC 1034 section 3.5, RFC 1123
/// section 2.1).
fn is_dns_name(host: &[u8]) -> bool {
    let name = host.strip_suffix(b".").unwrap_or(host);
    if name.len() > 253 {
        return false;
    }
    let mut label_start = 0;
    let mut digits_only = true;
    for (i, &b) in name.iter().enumerate() {
        match b {
            b'.' => {
                let len = i - label_start;
                if len == 0 || len > 63 || name[i - 1] == b'-' {
                    return false;
                }
                label_start = i + 1;
                digits_only = true;
            }
            b'0'..=b'9' => {}
            b'-' if i == label_start => return false,
            b'-' => digits_only = false,
            b if b.is_ascii_alphabetic() => digits_only = false,
            _ => return false,
        }
    }
    let len = name.len() - label_start;
    (1..=63).contains(&len) && name.last() != Some(&b'-') && !digits_only
}

/// Checks an ASCII host name without percent-encoding (at offset `base`)
/// against RFC 1034 section 3.5 and RFC 1123 section 2.1. One trailing dot
/// (the root) is allowed and not counted.
fn dns_name(host: &str, base: usize) -> Result<(), (usize, String)> {
    let name = host.strip_suffix('.').unwrap_or(host);
    if name.len() > 253 {
        return Err((
            base,
            format!("the name is {} octets long, more than 253 (RFC 1034 section 3.1, RFC 1123 section 2.1)", name.len()),
        ));
    }
    let mut start = 0;
    let mut last = (0, "");
    for label in name.split('.') {
        let at = base + start;
        let len = label.len();
        if len == 0 {
            let what = if start == 0 {
                "it starts with '.'"
            } else {
                "it has an empty label ('..')"
            };
            return Err((at, format!("{what} (RFC 1034 section 3.5)")));
        }
        if len > 63 {
            return Err((
                at,
                format!(
                    "label '{label}' is {len} octets long, more than 63 (RFC 1034 section 3.5)"
                ),
            ));
        }
        if let Some(i) = label
            .bytes()
            .position(|b| !(b.is_ascii_alphanumeric() || b == b'-'))
        {
            let (o, what) = first_char_at(label.get(i..).unwrap_or(""), at + i);
            let hint = if what == "'_'" {
                "; '_' is not allowed in host names"
            } else {
                ""
            };
            return Err((
                o,
                format!("{what} in label '{label}': labels hold letters, digits and hyphens only{hint} (RFC 1123 section 2.1, RFC 1034 section 3.5)"),
            ));
        }
        if label.starts_with('-') {
            return Err((at, format!("label '{label}' starts with a hyphen (RFC 1034 section 3.5, RFC 1123 section 2.1)")));
        }
        if label.ends_with('-') {
            return Err((
                at + len - 1,
                format!("label '{label}' ends with a hyphen (RFC 1034 section 3.5, RFC 1123 section 2.1)"),
            ));
        }
        last = (at, label);
        start += len + 1;
    }
    if last.1.bytes().all(|b| b.is_ascii_digit()) {
        return Err((
            last.0,
            format!(
                "its top-level label '{}' is all digits, so it is neither a host name nor a dotted-decimal IPv4 address (RFC 1123 section 2.1, RFC 1738 section 3.1)",
                last.1
            ),
        ));
    }
    Ok(())
}

/// The server rules of `scheme` (lowercase), or `None` when it has none.
pub(super) fn server_of(scheme: &str) -> Option<Server> {
    let (scheme, required, login): (&'static str, Option<&'static str>, bool) = match scheme {
        "http" => ("http", Some("RFC 9110 section 4.2.1"), false),
        "https" => ("https", Some("RFC 9110 section 4.2.2"), false),
        "ws" => ("ws", Some("RFC 6455 section 3"), false),
        "wss" => ("wss", Some("RFC 6455 section 3"), false),
        "ftp" => ("ftp", Some("RFC 1738 sections 3.2 and 5"), true),
        "telnet" => ("telnet", Some("RFC 1738 sections 3.8 and 5"), true),
        "gopher" => ("gopher", Some("RFC 4266 section 2.1"), false),
        "nntp" => ("nntp", Some("RFC 5538 sections 2.1 and 3"), false),
        "news" => ("news", None, false),
        "wais" => ("wais", Some("RFC 1738 sections 3.9 and 5"), false),
        "prospero" => ("prospero", Some("RFC 1738 sections 3.11 and 5"), false),
        _ => return None,
    };
    Some(Server {
        scheme,
        host_required_by: required,
        login,
    })
}

/// Runs [`check`] for `scheme` when it has server rules.
pub(super) fn check_scheme(uri: &UriRef<'_>, scheme: &str, out: &mut Vec<Violation>) {
    if let Some(server) = server_of(scheme) {
        check(uri, server, out);
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::testing::{assert_valid, found};

    #[test]
    fn valid_hosts() {
        assert_valid(&[
            "http://www.w3.org/Addressing/",
            "http://ds.internic.net/instructions/overview.html#WARNING",
            "ftp://info.cern.ch/pub/www/doc;type=d",
            "http://example.com./",
            "http://xn--99zt52a.example.org/",
            "http://a-b.c0/",
            "http://3com.com/",
            "http://localhost:0/",
            "http://localhost:65535/",
            "http://localhost:/",
            "http://192.0.2.1/",
            "http://[2001:db8::1]:8080/",
            "http://%E7%B4%8D.example/",
            "news:comp.infosystems.www.misc",
        ]);
        let long = format!(
            "http://{}.{}.{}.{}/",
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(61)
        );
        assert_valid(&[&long]);
    }

    #[test]
    fn missing_host() {
        assert_eq!(found("http:/path"), vec![("S001", 5)]);
        assert_eq!(found("http:///path"), vec![("S001", 7)]);
        assert_eq!(found("https://:443/"), vec![("S001", 8)]);
        assert_eq!(found("ws:"), vec![("S001", 3)]);
        assert_eq!(found("ftp:///pub"), vec![("S001", 6)]);
        assert_eq!(found("telnet:host"), vec![("S001", 7), ("S602", 7)]);
        assert_eq!(found("prospero:///x"), vec![("S001", 11)]);
        // news has an optional server (RFC 5538 section 4).
        assert_valid(&["news:example.group.this"]);
    }

    #[test]
    fn dns_names() {
        assert_eq!(found("http://exa_mple.com/"), vec![("S002", 10)]);
        assert_eq!(found("http://-a.example/"), vec![("S002", 7)]);
        assert_eq!(found("http://a-.example/"), vec![("S002", 8)]);
        assert_eq!(found("http://a..example/"), vec![("S002", 9)]);
        assert_eq!(found("http://.example/"), vec![("S002", 7)]);
        assert_eq!(found("http://example.com../"), vec![("S002", 19)]);
        assert_eq!(found("http://a!b.example/"), vec![("S002", 8)]);
        assert_eq!(found("http://256.1.1.1/"), vec![("S002", 15)]);
        assert_eq!(found("http://1234/"), vec![("S002", 7)]);
        let label = "a".repeat(64);
        assert_eq!(
            found(&format!("http://x.{label}.example/")),
            vec![("S002", 9)]
        );
        let name = format!(
            "http://{}.{}.{}.{}/",
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(62)
        );
        assert_eq!(found(&name), vec![("S002", 7)]);
        assert_eq!(found("gopher://gopher_host/"), vec![("S002", 15)]);
        assert_eq!(found("news://news_server/group"), vec![("S002", 11)]);
    }

    /// The one-pass test agrees with the full reading on every host of
    /// up to 4 pieces, on long labels and names, and on generated ones.
    #[test]
    fn one_pass_dns_names_agree_with_the_full_reading() {
        use super::{dns_name, is_dns_name};
        let pieces = ["a", "Z", "0", "9", "-", ".", "_", "%", "\u{e9}", "xn--x"];
        let mut hosts = super::super::text::testing::joined_pieces(&pieces, 4);
        for n in [62, 63, 64] {
            let label = "a".repeat(n);
            hosts.push(label.clone());
            hosts.push(format!("x.{label}"));
            hosts.push(format!("{label}.x."));
            hosts.push(format!("{label}.1"));
        }
        for len in [251, 252, 253, 254, 255] {
            let mut name = "abcdefgh.".repeat(len / 9 + 1);
            name.truncate(len);
            hosts.push(name.clone());
            hosts.push(format!("{name}."));
        }
        let mut valid = 0;
        for h in &hosts {
            let full = dns_name(h, 0).is_ok();
            assert_eq!(is_dns_name(h.as_bytes()), full, "{h:?}");
            valid += usize::from(full);
        }
        assert!(valid > 1000, "only {valid} valid names");
    }

    #[test]
    fn ports() {
        assert_eq!(found("http://example.com:65536/"), vec![("S003", 19)]);
        assert_eq!(
            found("ftp://example.com:99999999999999999999999/"),
            vec![("S003", 18)]
        );
        assert_eq!(found("nntp://h.example:70000/g"), vec![("S003", 17)]);
        assert_valid(&["http://example.com:0080/"]);
    }

    #[test]
    fn logins() {
        assert_valid(&[
            "ftp://myname@host.dom/%2Fetc/motd",
            "ftp://foo:@host.com/",
            "ftp://@host.com/",
            "telnet://u:p%3Aq@h.example/",
        ]);
        assert_eq!(found("ftp://u:p:q@host.com/"), vec![("S004", 9)]);
        assert_eq!(found("telnet://u:p:q:r@host.com/"), vec![("S004", 12)]);
    }
}
