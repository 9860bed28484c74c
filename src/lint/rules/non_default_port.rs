//! `X002` non-default-port (off by default): an explicit port other than
//! the scheme's default (RFC 3986 section 7.2). No fix.

use super::{Category, Rule, Severity};
use crate::lint::Cx;
use crate::normalize::default_port;

/// The rule.
pub const RULE: Rule = Rule {
    code: "X002",
    name: "non-default-port",
    category: Category::Security,
    severity: Severity::Warning,
    default_enabled: false,
    fix: None,
    summary: "an explicit port other than the scheme's default",
    explanation: "RFC 3986 section 7.2: a URI can direct a client to a port where another \
                  protocol runs, and RFC 2396 section 7 warns the same. Worth a look in \
                  documentation that users copy. Applies to schemes with a known default port \
                  (http, https, ftp, ws, wss, telnet, gopher, nntp, ldap, imap, ...). Off by \
                  default.",
    source: "RFC 3986 section 7.2; RFC 2396 section 7",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let uri = cx.uri();
    let (Some(scheme), Some(port), Some(range)) =
        (uri.scheme(), uri.port(), uri.components().port.clone())
    else {
        return;
    };
    let Some(default) = default_port(scheme) else {
        return;
    };
    if port.is_empty()
        || port.trim_start_matches('0').parse::<u32>().ok() == Some(u32::from(default))
    {
        return;
    }
    let scheme = scheme.to_ascii_lowercase();
    cx.report(
        &RULE,
        range.start,
        format!("port {port} is not the default port of {scheme} ({default})"),
        None,
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_miss() {
        assert_eq!(hits("X002", "<http://a.example:8080/>").0, vec![18]);
        assert!(hits("X002", "<http://a.example:80/>").0.is_empty());
        assert!(hits("X002", "<foo://a.example:8080/>").0.is_empty());
    }
}
