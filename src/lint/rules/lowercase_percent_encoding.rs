//! `N004` lowercase-percent-encoding: percent-encoded octets written with
//! lowercase hex digits (RFC 3986 sections 2.1 and 6.2.2.1). Fix:
//! uppercase them.

use super::{encoded_unreserved, Category, Rule, Severity};
use crate::lint::Cx;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N004",
    name: "lowercase-percent-encoding",
    category: Category::Normalization,
    severity: Severity::Warning,
    default_enabled: false,
    fix: Some("uppercase the hex digits"),
    summary: "percent-encoded octets with lowercase hex digits (%2f instead of %2F)",
    explanation: "RFC 3986 section 2.1: the hexadecimal digits of a percent-encoding are \
                  case-insensitive, but URI producers and normalizers should use uppercase \
                  digits for all percent-encodings (section 6.2.2.1). When N005 is on, an \
                  encoded unreserved character is left to it (it is decoded instead). Off by default \
                  (on real docs they were mostly noise): another way of writing the same URI, not \
                  an error; select the N rules (extend-select = [\"N\"]) to normalize a tree.",
    source: "RFC 3986 sections 2.1 and 6.2.2.1",
};

/// Byte offsets of the `%` of every `%HH` triple in `text`.
pub(crate) fn triples(text: &str) -> impl Iterator<Item = usize> + '_ {
    let b = text.as_bytes();
    memchr::memchr_iter(b'%', b).filter(move |&i| {
        b.len() >= i + 3 && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit()
    })
}

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let text = cx.text();
    let leave_to_n005 = cx.on(&encoded_unreserved::RULE);
    let found: Vec<usize> = triples(text)
        .filter(|&i| {
            text.as_bytes()[i + 1..i + 3]
                .iter()
                .any(u8::is_ascii_lowercase)
        })
        .filter(|&i| !(leave_to_n005 && encoded_unreserved::decoded(text, i).is_some()))
        .collect();
    let Some(&first) = found.first() else {
        return;
    };
    let list: Vec<&str> = found.iter().map(|&i| &text[i..i + 3]).collect();
    let fix = cx.text_fix(
        "uppercase the hex digits".to_string(),
        found
            .iter()
            .map(|&i| (i..i + 3, text[i..i + 3].to_ascii_uppercase())),
    );
    cx.report(
        &RULE,
        first,
        format!(
            "percent-encoding with lowercase hex digits: {}",
            list.join(", ")
        ),
        fix,
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_fix_miss() {
        let (at, fixed) = hits("N004", "<http://a.example/%3a%2F%7e>");
        assert_eq!(at, vec![18]);
        assert_eq!(fixed, "<http://a.example/%3A%2F%7E>");
        assert!(hits("N004", &fixed).0.is_empty());
    }
}
