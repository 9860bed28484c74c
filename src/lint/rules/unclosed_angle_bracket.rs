//! `D002` unclosed-angle-bracket: a `<` before a URI never closed by `>`
//! (RFC 2396 Appendix E). No fix: where the `>` belongs is unknown.

use super::{Category, Rule, Severity};
use crate::lint::{quote, Cx};

/// The rule.
pub const RULE: Rule = Rule {
    code: "D002",
    name: "unclosed-angle-bracket",
    category: Category::Delimiting,
    severity: Severity::Warning,
    default_enabled: true,
    fix: None,
    summary: "a '<' before a URI is not closed by '>'; the URI was read as a bare one",
    explanation: "Angle brackets delimit a URI in text (RFC 2396 Appendix E). Without the \
                  closing '>' a reader cannot know where the URI ends; urilint reads it as a \
                  bare URI. Add the '>'.",
    source: "RFC 2396 Appendix E; RFC 3986 Appendix C",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if cx.on(&RULE) && cx.candidate.unclosed() {
        let text = cx.text();
        cx.report_at_start(
            &RULE,
            format!("'<' before {} is not closed by '>'", quote(text)),
            None,
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_miss() {
        let (at, fixed) = hits("D002", "see <http://example.com/a and more text");
        assert_eq!(at, vec![5]);
        assert_eq!(fixed, "see <http://example.com/a and more text");
        assert!(hits("D002", "see <http://example.com/a> and more")
            .0
            .is_empty());
    }
}
