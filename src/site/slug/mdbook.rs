//! mdBook's heading ids: `id_from_content` and `unique_id`
//! (rust-lang/mdBook `crates/mdbook-html/src/utils.rs`, v0.5.4; 0.4's
//! `normalize_id` in `src/utils/mod.rs` is the same rule).

/// The mdBook id of a heading whose text is `text`: trimmed,
/// lowercased, each alphanumeric character (Rust `char::is_alphanumeric`),
/// `_` and `-` kept, each white space character made `-` (no
/// squeezing), anything else dropped. An empty id stays empty (v0.5.4;
/// mdBook's main branch since May 2026 gives `section` instead).
pub fn slug(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c)
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mdbook_slugs() {
        // Cases from mdBook's own tests (`it_normalizes_ids`).
        assert_eq!(
            slug("`--passes`: add more rustdoc passes"),
            "--passes-add-more-rustdoc-passes"
        );
        assert_eq!(
            slug("Method-call 🐙 expressions \u{1f47c}"),
            "method-call--expressions-"
        );
        assert_eq!(slug("_-_12345"), "_-_12345");
        assert_eq!(slug("中文標題 CJK title"), "中文標題-cjk-title");
        assert_eq!(slug("Über"), "über");
        assert_eq!(slug("::"), "");
    }
}
