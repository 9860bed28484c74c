//! `R001` above-root: `..` segments that climb above the root of the path
//! (RFC 3986 section 5.4.2, RFC 2396 Appendix C.2, "abnormal examples").
//! No fix: parsers disagree on what it means.

use super::dot_segments::dots;
use super::{Category, Rule, Severity};
use crate::lint::{quote, Cx};

/// The rule.
pub const RULE: Rule = Rule {
    code: "R001",
    name: "above-root",
    category: Category::Relative,
    severity: Severity::Warning,
    default_enabled: true,
    fix: None,
    summary: "'..' segments that climb above the root of the path",
    explanation: "A '..' with no segment left to remove: RFC 3986 section 5.4.2 removes it \
                  ('http://a/../g' is 'http://a/g'), while RFC 2396 parsers keep it (Appendix \
                  C.2: 'http://a/../g'); the result depends on who reads it. Write the path \
                  that is meant.",
    source: "RFC 3986 sections 5.2.4 and 5.4.2; RFC 2396 Appendix C.2",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let range = cx.uri().components().path.clone();
    let path = &cx.text()[range.clone()];
    if let Some(Err(at)) = dots(path) {
        cx.report(
            &RULE,
            range.start + at,
            format!("'..' climbs above the root of the path {}", quote(path)),
            None,
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_miss() {
        // RFC 3986 section 5.4.2: "../../../g" from "http://a/b/c/d;p?q".
        assert_eq!(
            hits("R001", "<http://a/../g> <http://a/b/../../g>").0,
            vec![10, 31]
        );
        assert!(hits("R001", "<http://a/b/../g>").0.is_empty());
    }
}
