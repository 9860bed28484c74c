//! `N002` uppercase-host: uppercase letters in a registered name or IP
//! literal (RFC 3986 sections 3.2.2 and 6.2.2.1). Fix: lowercase them
//! (percent-encodings keep their uppercase hex digits).

use super::{Category, Rule, Severity};
use crate::grammar::lowercase_host;
use crate::grammar::HostKind;
use crate::lint::{quote, Cx};

/// The rule.
pub const RULE: Rule = Rule {
    code: "N002",
    name: "uppercase-host",
    category: Category::Normalization,
    severity: Severity::Warning,
    default_enabled: false,
    fix: Some("lowercase the host"),
    summary: "uppercase letters in the host",
    explanation: "The host is case-insensitive; the canonical form is lowercase and URI \
                  producers should use lowercase for registered names and hexadecimal \
                  addresses (RFC 3986 section 3.2.2). Normalization lowercases it (section \
                  6.2.2.1). Percent-encoded octets keep their uppercase hex digits. Off by default \
                  (on real docs they were mostly noise): another way of writing the same URI, not \
                  an error; select the N rules (extend-select = [\"N\"]) to normalize a tree.",
    source: "RFC 3986 sections 3.2.2 and 6.2.2.1",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let uri = cx.uri();
    if uri.host_kind() == Some(HostKind::Ipv4) {
        return;
    }
    let Some(range) = uri.components().host.clone() else {
        return;
    };
    let host = &cx.text()[range.clone()];
    let lower = lowercase_host(host, false);
    if lower == host {
        return;
    }
    let fix = cx.text_fix(
        format!("write the host as {}", quote(&lower)),
        [(range.clone(), lower.clone())],
    );
    cx.report(
        &RULE,
        range.start,
        format!("host {} is not lowercase ({})", quote(host), quote(&lower)),
        fix,
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_fix_miss() {
        let (at, fixed) = hits(
            "N002",
            "see <http://WWW.Example.COM/Path> and <http://[FE80::1]/>",
        );
        assert_eq!(at, vec![12, 46]);
        assert_eq!(
            fixed,
            "see <http://www.example.com/Path> and <http://[fe80::1]/>"
        );
        assert!(hits("N002", &fixed).0.is_empty());
        assert!(hits("N002", "<http://a%C3%A9b.example/>").0.is_empty());
    }
}
