//! `X004` insecure-scheme (off by default): `http`, `ftp`, `ws` or
//! `telnet`, which carry data in the clear, where a secure scheme exists.
//! No fix: whether the host serves `https` is not known offline.

use super::{Category, Rule, Severity};
use crate::grammar::HostKind;
use crate::lint::Cx;

/// The rule.
pub const RULE: Rule = Rule {
    code: "X004",
    name: "insecure-scheme",
    category: Category::Security,
    severity: Severity::Warning,
    default_enabled: false,
    fix: None,
    summary: "a plain-text scheme (http, ftp, ws, telnet) where a secure one exists",
    explanation: "These schemes carry requests and data in the clear, open to eavesdropping and \
                  tampering (RFC 3986 section 7; RFC 9110 section 17). Prefer https, wss or \
                  sftp. Loopback hosts (localhost, 127.0.0.1, ::1) are not reported. Off by \
                  default.",
    source: "RFC 3986 section 7; RFC 2396 section 7; RFC 9110 section 17",
};

const INSECURE: [(&str, &str); 4] = [
    ("http", "https"),
    ("ftp", "sftp or https"),
    ("ws", "wss"),
    ("telnet", "ssh"),
];

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    // An abbreviated URL's `http` was implied, not written
    // (RFC 2396 Appendix F): not the author's choice.
    if cx.candidate.abbreviated() {
        return;
    }
    if !cx.on(&RULE) {
        return;
    }
    let uri = cx.uri();
    let Some(scheme) = uri.scheme() else {
        return;
    };
    let Some((_, better)) = INSECURE
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(scheme))
    else {
        return;
    };
    let host = uri.host().unwrap_or("");
    let loopback = host.eq_ignore_ascii_case("localhost")
        || (uri.host_kind() == Some(HostKind::Ipv4) && host.starts_with("127."))
        || host == "[::1]";
    if loopback {
        return;
    }
    let scheme = scheme.to_ascii_lowercase();
    cx.report(
        &RULE,
        0,
        format!("{scheme} carries data in the clear; prefer {better}"),
        None,
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_miss() {
        assert_eq!(hits("X004", "see http://a.example/ now").0, vec![4]);
        assert!(hits("X004", "see https://a.example/ now").0.is_empty());
        assert!(hits("X004", "see http://localhost:8080/ now").0.is_empty());
    }
}
