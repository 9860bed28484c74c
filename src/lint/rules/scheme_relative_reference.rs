//! `R002` scheme-relative-reference: a hierarchical scheme followed by a
//! relative path, `http:g` (RFC 3986 sections 5.2.2 and 5.4.2). No fix.

use super::{Category, Rule, Severity};
use crate::lint::{quote, Cx};

/// The rule.
pub const RULE: Rule = Rule {
    code: "R002",
    name: "scheme-relative-reference",
    category: Category::Relative,
    severity: Severity::Warning,
    default_enabled: true,
    fix: None,
    summary: "a scheme followed by a relative path, 'http:g'",
    explanation: "Some old parsers read 'http:g' as a relative reference with the base's \
                  scheme (the loophole of RFC 3986 section 5.2.2); strict parsers read it as \
                  an absolute URI with no authority (section 5.4.2: 'http:g' resolves to \
                  'http:g'). Either way it is not what a link to a web page looks like: write \
                  the full URI or a plain relative reference.",
    source: "RFC 3986 sections 5.2.2 and 5.4.2; RFC 2396 section 5.2",
};

/// Schemes whose URIs always have an authority and an absolute path.
const HIERARCHICAL: [&str; 7] = ["http", "https", "ftp", "ws", "wss", "gopher", "telnet"];

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let uri = cx.uri();
    let Some(scheme) = uri.scheme() else {
        return;
    };
    if uri.components().authority.is_some()
        || uri.path().starts_with('/')
        || !HIERARCHICAL.iter().any(|s| s.eq_ignore_ascii_case(scheme))
    {
        return;
    }
    let text = cx.text();
    let at = scheme.len() + 1;
    cx.report(
        &RULE,
        at,
        format!(
            "{}: a relative path after '{scheme}:' (no '//' authority)",
            quote(text)
        ),
        None,
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_miss() {
        assert_eq!(hits("R002", "<http:g> <http:/g>").0, vec![6]);
        assert!(hits("R002", "<mailto:a@b.example> <http://a/g>")
            .0
            .is_empty());
    }
}
