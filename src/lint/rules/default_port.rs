//! `N003` default-port: an explicit port equal to the scheme's default
//! (RFC 3986 section 6.2.3). Fix: drop it with its `:`.

use super::{Category, Rule, Severity};
use crate::lint::Cx;
use crate::normalize::is_droppable_default_port;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N003",
    name: "default-port",
    category: Category::Normalization,
    severity: Severity::Warning,
    default_enabled: false,
    fix: Some("drop the port and its ':'"),
    summary: "an explicit port equal to the scheme's default",
    explanation: "RFC 3986 section 6.2.3: URI producers and normalizers should omit the port \
                  component and its ':' delimiter if its value is the scheme's default \
                  (http 80, https 443, ftp 21, ...). Not for sip and sips, whose default \
                  depends on the transport. Off by default \
                  (on real docs they were mostly noise): another way of writing the same URI, not \
                  an error; select the N rules (extend-select = [\"N\"]) to normalize a tree.",
    source: "RFC 3986 section 6.2.3",
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
    if port.is_empty() || !is_droppable_default_port(scheme, port) {
        return;
    }
    let scheme = scheme.to_ascii_lowercase();
    let fix = cx.text_fix(
        format!("drop :{port}"),
        [(range.start - 1..range.end, String::new())],
    );
    cx.report(
        &RULE,
        range.start,
        format!("port {port} is the default port of {scheme}"),
        fix,
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_fix_miss() {
        let (at, fixed) = hits("N003", "<http://a.example:80/x> <https://b.example:0443>");
        assert_eq!(at, vec![18, 43]);
        assert_eq!(fixed, "<http://a.example/x> <https://b.example>");
        assert!(hits("N003", &fixed).0.is_empty());
        assert!(
            hits("N003", "<http://a.example:8080/x> <sip:a@b.example:5060>")
                .0
                .is_empty()
        );
    }
}
