//! GitHub's heading ids: html-pipeline's `TableOfContentsFilter`
//! (jch/html-pipeline `lib/html/pipeline/toc_filter.rb`,
//! `PUNCTUATION_REGEXP = /[^\p{Word}\- ]/u`), as the github.com page
//! renders Markdown.

use super::chars;

/// The id GitHub gives a heading whose text is `text`: lowercased
/// (Ruby `String#downcase`, full Unicode), every character that is not
/// Ruby's `\p{Word}` (Letter, Mark, Decimal_Number,
/// Connector_Punctuation), `-` or a space dropped, each space made `-`
/// (no squeezing: `a - b` gives `a---b`). Not trimmed: the Markdown
/// parser strips the heading's own leading and trailing white space, but
/// the spaces left between images that render no text stay
/// (`## Contributors [![a](x)](y) [![b](z)](w)` gives `contributors--`;
/// mermaid-js/mermaid's README links `#contributors---`, issue 46 round
/// 11).
pub fn slug(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .filter(|&c| chars::is_ruby_word(c) || matches!(c, '-' | ' '))
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
        // A combining mark is kept (Mark), a superscript digit is not
        // (Other_Number).
        assert_eq!(slug("Cafe\u{301} x²"), "cafe\u{301}-x");
    }
}
