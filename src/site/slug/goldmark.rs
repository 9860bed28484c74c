//! Hugo's heading ids (goldmark): `sanitizeAnchorNameWithHook` and
//! `idFactory.Generate` (gohugoio/hugo `markup/goldmark/autoid.go`), for
//! each value of the setting `markup.goldmark.parser.autoHeadingIDType`,
//! and Blackfriday's `SanitizedAnchorName`
//! (`markup/blackfriday/anchors.go`).

use icu_properties::props::{GeneralCategory, GeneralCategoryGroup};

use super::chars;

/// Hugo's `autoHeadingIDType`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum IdType {
    /// `github` (the default): letters, decimal digits and `_` kept
    /// (lowercased), `-` and space made `-`, anything else dropped.
    #[default]
    Github,
    /// `github-ascii`: accents removed (NFD, Nonspacing_Mark dropped,
    /// NFC), then as `github` with every non-ASCII character dropped.
    GithubAscii,
    /// `blackfriday`: runs of letters and numbers joined by one `-`.
    Blackfriday,
}

/// The Hugo id of a heading whose text is `text`, before the counter;
/// `heading` when nothing is left (`idFactory.Generate`).
pub fn slug(text: &str, id_type: IdType) -> String {
    let mut id = String::with_capacity(text.len());
    match id_type {
        IdType::Blackfriday => {
            let mut dash = false;
            for c in text.chars() {
                if is_letter(c) || chars::is(c, GeneralCategoryGroup::Number) {
                    if dash && !id.is_empty() {
                        id.push('-');
                    }
                    dash = false;
                    id.push(chars::simple_lower(c));
                } else {
                    dash = true;
                }
            }
        }
        IdType::Github | IdType::GithubAscii => {
            let ascii = id_type == IdType::GithubAscii;
            let unaccented;
            let text = if ascii {
                unaccented = chars::nfc(
                    &chars::nfd(text)
                        .chars()
                        .filter(|&c| chars::category(c) != GeneralCategory::NonspacingMark)
                        .collect::<String>(),
                );
                unaccented.as_str()
            } else {
                text
            };
            for c in text.trim_matches(char::is_whitespace).chars() {
                if ascii && !c.is_ascii() {
                    continue;
                }
                if c == '-' || c == ' ' {
                    id.push('-');
                } else if c == '_'
                    || is_letter(c)
                    || chars::category(c) == GeneralCategory::DecimalNumber
                {
                    id.push(chars::simple_lower(c));
                }
            }
        }
    }
    if id.is_empty() {
        id.push_str("heading");
    }
    id
}

/// Go's `unicode.IsLetter`: the category Letter.
fn is_letter(c: char) -> bool {
    chars::is(c, GeneralCategoryGroup::Letter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hugo_slugs() {
        // gohugoio/hugo markup/goldmark/autoid_test.go (TestSanitizeAnchorName*).
        let cases = [
            ("God is good: 神真美好", "god-is-good-神真美好"),
            ("Number 32", "number-32"),
            ("Question?", "question"),
            ("1+2=3", "123"),
            ("Special !\"#$%&(parens)=?´* chars", "special-parens-chars"),
            ("Resumé", "resumé"),
            ("Multiple--Hyphens", "multiple--hyphens"),
            ("Trailing hyphen-", "trailing-hyphen-"),
            ("Many   spaces  here", "many---spaces--here"),
            ("Forward/slash", "forwardslash"),
            ("Under_score", "under_score"),
            ("Nonbreaking\u{a0}Space", "nonbreakingspace"),
            ("Tab\tSpace", "tabspace"),
            ("Trailing Space ", "trailing-space"),
        ];
        for (text, id) in cases {
            assert_eq!(slug(text, IdType::Github), id, "{text}");
        }
        assert_eq!(
            slug("god is神真美好 good", IdType::GithubAscii),
            "god-is-good"
        );
        assert_eq!(slug("Resumé", IdType::GithubAscii), "resume");
        assert_eq!(
            slug("Let's try this, shall we?", IdType::Blackfriday),
            "let-s-try-this-shall-we"
        );
        // idFactory.Generate: nothing left gives `heading`.
        assert_eq!(slug("!!!", IdType::Github), "heading");
    }
}
