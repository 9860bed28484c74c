//! GitHub's heading ids (github/cmark-gfm `PUNCTUATION_REGEXP`
//! `/[^\p{Word}\- ]/u`, as the github.com page renders Markdown).

/// The id GitHub gives a heading whose text is `text`: lowercased, every
/// character that is not a letter, mark, number, `_`, `-` or space
/// dropped, spaces made `-`.
pub fn slug(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_slugs() {
        assert_eq!(slug("Install it"), "install-it");
        assert_eq!(slug("Café & Tea"), "café--tea");
        assert_eq!(slug("`--links local`: checks"), "--links-local-checks");
        assert_eq!(slug("RFC 3986 (section 5.2)"), "rfc-3986-section-52");
        assert_eq!(slug("snake_case_name"), "snake_case_name");
    }
}
