//! GitLab's heading ids: `Gitlab::Utils::Markdown#string_to_anchor`
//! (gitlab-org/gitlab `lib/gitlab/utils/markdown.rb`), used by
//! `Banzai::Filter::TableOfContentsLegacyFilter`, whose spec
//! (`spec/lib/banzai/filter/table_of_contents_legacy_filter_spec.rb`)
//! gives the cases tested here.

use super::chars;

/// The id GitLab gives a heading whose text is `text`: stripped (Ruby
/// `String#strip`: ASCII white space and NUL), lowercased, every
/// character that is not `\p{Word}`, `-` or a space dropped, spaces made
/// `-`, runs of `-` squeezed to one, and an id of ASCII digits only
/// prefixed with `anchor-` (digits-only fragments conflict with issue
/// references).
pub fn slug(text: &str) -> String {
    let stripped =
        text.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0' || c == '\u{b}');
    let mut id = String::with_capacity(stripped.len());
    for c in stripped.to_lowercase().chars() {
        let c = match c {
            ' ' => '-',
            c if chars::is_ruby_word(c) || c == '-' => c,
            _ => continue,
        };
        if !(c == '-' && id.ends_with('-')) {
            id.push(c);
        }
    }
    if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
        id.insert_str(0, "anchor-");
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gitlab_spec_cases() {
        assert_eq!(
            slug("This header has spaces in it"),
            "this-header-has-spaces-in-it"
        );
        assert_eq!(
            slug("This---header     is poorly-formatted"),
            "this-header-is-poorly-formatted"
        );
        assert_eq!(
            slug("This, header! is, filled. with @ punctuation?"),
            "this-header-is-filled-with-punctuation"
        );
        assert_eq!(slug(" \r\n\tTitle with spaces\r\n\t "), "title-with-spaces");
        assert_eq!(slug("123"), "anchor-123");
        assert_eq!(slug("1.0"), "anchor-10");
        assert_eq!(slug("한글"), "한글");
    }
}
