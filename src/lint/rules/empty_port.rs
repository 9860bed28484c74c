//! `N007` empty-port: a `:` after the host with no port (RFC 3986
//! section 6.2.3). Fix: drop the `:`.

use super::{Category, Rule, Severity};
use crate::lint::Cx;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N007",
    name: "empty-port",
    category: Category::Normalization,
    severity: Severity::Warning,
    default_enabled: false,
    fix: Some("drop the ':'"),
    summary: "an empty port (a ':' after the host and nothing after it)",
    explanation: "RFC 3986 section 6.2.3: URI producers and normalizers should omit the port \
                  component and its ':' delimiter if the port is empty. Off by default \
                  (on real docs they were mostly noise): another way of writing the same URI, not \
                  an error; select the N rules (extend-select = [\"N\"]) to normalize a tree.",
    source: "RFC 3986 sections 3.2.3 and 6.2.3",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let Some(range) = cx.uri().components().port.clone() else {
        return;
    };
    if !range.is_empty() {
        return;
    }
    let colon = range.start - 1;
    let fix = cx.text_fix(
        "drop the ':'".to_string(),
        [(colon..range.start, String::new())],
    );
    cx.report(
        &RULE,
        colon,
        "empty port: a ':' after the host with no port".to_string(),
        fix,
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_fix_miss() {
        let (at, fixed) = hits("N007", "<http://a.example:/x>");
        assert_eq!(at, vec![17]);
        assert_eq!(fixed, "<http://a.example/x>");
        assert!(hits("N007", &fixed).0.is_empty());
    }
}
