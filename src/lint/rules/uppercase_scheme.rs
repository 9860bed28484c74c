//! `N001` uppercase-scheme: uppercase letters in the scheme (RFC 3986
//! sections 3.1 and 6.2.2.1). Fix: lowercase it.

use super::{Category, Rule, Severity};
use crate::lint::Cx;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N001",
    name: "uppercase-scheme",
    category: Category::Normalization,
    severity: Severity::Warning,
    default_enabled: false,
    fix: Some("lowercase the scheme"),
    summary: "uppercase letters in the scheme",
    explanation: "Schemes are case-insensitive, but the canonical form is lowercase and \
                  documents that produce URIs should use lowercase letters (RFC 3986 section \
                  3.1); normalization lowercases them (section 6.2.2.1). Off by default \
                  (on real docs they were mostly noise): another way of writing the same URI, not \
                  an error; select the N rules (extend-select = [\"N\"]) to normalize a tree.",
    source: "RFC 3986 sections 3.1 and 6.2.2.1",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let Some(range) = cx.uri().components().scheme.clone() else {
        return;
    };
    let scheme = &cx.text()[range.clone()];
    if !scheme.bytes().any(|b| b.is_ascii_uppercase()) {
        return;
    }
    let lower = scheme.to_ascii_lowercase();
    let fix = cx.text_fix(
        format!("write the scheme as {lower}"),
        [(range, lower.clone())],
    );
    cx.report(
        &RULE,
        0,
        format!("scheme {scheme} is not lowercase ({lower})"),
        fix,
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_fix_miss() {
        let (at, fixed) = hits("N001", "see <HTTP://a.example/X> now");
        assert_eq!(at, vec![5]);
        assert_eq!(fixed, "see <http://a.example/X> now");
        assert!(hits("N001", &fixed).0.is_empty());
    }
}
