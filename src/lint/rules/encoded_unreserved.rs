//! `N005` encoded-unreserved: a percent-encoded unreserved character
//! (`%41` for `A`, `%7E` for `~`; RFC 3986 sections 2.3 and 6.2.2.2). Fix:
//! decode it.

use super::lowercase_percent_encoding::triples;
use super::{Category, Rule, Severity};
use crate::lint::Cx;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N005",
    name: "encoded-unreserved",
    category: Category::Normalization,
    severity: Severity::Warning,
    default_enabled: false,
    fix: Some("decode the unreserved characters"),
    summary: "a percent-encoded unreserved character (ALPHA, DIGIT, '-', '.', '_', '~')",
    explanation: "RFC 3986 section 2.3: URIs that differ only in whether an unreserved \
                  character is percent-encoded are equivalent, and percent-encoded octets in \
                  the unreserved ranges should not be created by URI producers; normalizers \
                  decode them (section 6.2.2.2). Off by default \
                  (on real docs they were mostly noise): another way of writing the same URI, not \
                  an error; select the N rules (extend-select = [\"N\"]) to normalize a tree.",
    source: "RFC 3986 sections 2.3 and 6.2.2.2",
};

/// The unreserved character the triple at `i` of `text` encodes, if any.
pub(crate) fn decoded(text: &str, i: usize) -> Option<char> {
    let hex = text.get(i + 1..i + 3)?;
    let c = char::from(u8::from_str_radix(hex, 16).ok()?);
    (c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~')).then_some(c)
}

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let text = cx.text();
    let found: Vec<(usize, char)> = triples(text)
        .filter_map(|i| decoded(text, i).map(|c| (i, c)))
        .collect();
    let Some(&(first, _)) = found.first() else {
        return;
    };
    let list: Vec<String> = found
        .iter()
        .map(|&(i, c)| format!("{} ({c})", &text[i..i + 3]))
        .collect();
    let fix = cx.text_fix(
        "decode the unreserved characters".to_string(),
        found.iter().map(|&(i, c)| (i..i + 3, c.to_string())),
    );
    cx.report(
        &RULE,
        first,
        format!("percent-encoded unreserved character: {}", list.join(", ")),
        fix,
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_fix_miss() {
        // RFC 3986 section 6.2.2's example.
        let (at, fixed) = hits(
            "N005",
            "<example://a/b/c/%7Bfoo%7D> <http://a.example/%7euser/%41%2F>",
        );
        assert_eq!(at, vec![46]);
        assert_eq!(
            fixed,
            "<example://a/b/c/%7Bfoo%7D> <http://a.example/~user/A%2F>"
        );
        assert!(hits("N005", &fixed).0.is_empty());
    }
}
