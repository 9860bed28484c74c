//! `D001` hyphen-line-break: a line break right after a hyphen inside a
//! URI (RFC 2396 Appendix E). No fix: only the author knows whether the
//! hyphen belongs to the URI.

use super::{Category, Rule, Severity};
use crate::lint::Cx;

/// The rule.
pub const RULE: Rule = Rule {
    code: "D001",
    name: "hyphen-line-break",
    category: Category::Delimiting,
    severity: Severity::Warning,
    default_enabled: true,
    fix: None,
    summary: "a line break right after a hyphen: the hyphen may or may not belong to the URI",
    explanation: "RFC 2396 Appendix E: when a URI is broken after a hyphen, the whitespace is \
                  ignored but the hyphen may or may not be part of the URI. urilint keeps the \
                  hyphen and reports the other reading. Rejoin the URI on one line, or break it \
                  elsewhere.",
    source: "RFC 2396 Appendix E; RFC 3986 Appendix C",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) || cx.candidate.hyphen_breaks().is_empty() {
        return;
    }
    let text = cx.text();
    let alt = cx
        .candidate
        .alternatives()
        .into_iter()
        .next()
        .unwrap_or_default();
    for &h in cx.candidate.hyphen_breaks() {
        cx.report(
            &RULE,
            h,
            format!("line break after a hyphen: read as {text}, but it may be {alt}"),
            None,
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_miss_no_fix() {
        let text = "see <http://example.com/a-\n  b> now";
        let (at, fixed) = hits("D001", text);
        assert_eq!(at, vec![25]);
        assert_eq!(fixed, text);
        assert!(hits("D001", "see <http://example.com/a-b> now")
            .0
            .is_empty());
    }
}
