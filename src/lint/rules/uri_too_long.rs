//! `D003` uri-too-long: a URI candidate longer than `--max-uri-len` bytes,
//! skipped by the scanner (see [`crate::scan::Found::TooLong`]). The
//! check is [`crate::lint::Linter::check_too_long`].

use super::{Category, Rule, Severity};

/// The rule.
pub const RULE: Rule = Rule {
    code: "D003",
    name: "uri-too-long",
    category: Category::Delimiting,
    severity: Severity::Warning,
    default_enabled: true,
    fix: None,
    summary: "a URI candidate longer than --max-uri-len bytes was skipped (not a data: URI, which embeds a resource)",
    explanation: "urilint reads any input in bounded memory, so a URI longer than the limit \
                  (65,536 bytes by default) is skipped and reported instead of checked. Raise \
                  --max-uri-len (or max-uri-len in urilint.toml) to check it.",
    source: "urilint (RFC 9110 section 4.1 recommends supporting at least 8000 octets)",
};

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_miss() {
        let long = format!("see http://example.com/{} end", "a".repeat(70_000));
        assert_eq!(hits("D003", &long).0, vec![4]);
        assert!(hits("D003", "see http://example.com/a end").0.is_empty());
        // A data: URI embeds a resource: long by its content, not reported
        // (falcosecurity/falco-website `static/img/about/falco_today.svg`).
        let data = format!(
            "<image xlink:href=\"DATA:image/png;base64,{}\"/>",
            "A".repeat(70_000)
        );
        assert!(hits("D003", &data).0.is_empty());
    }
}
