//! The Unicode character classes and normalization forms that the
//! renderers' slug rules are written in (Ruby's `\p{Word}`, Python's
//! `\w` and `\s`, Go's `unicode.IsLetter`, ...), from the Unicode
//! Character Database as ICU4X compiles it.

use icu_normalizer::{ComposingNormalizerBorrowed, DecomposingNormalizerBorrowed};
use icu_properties::props::{Alphabetic, GeneralCategory, GeneralCategoryGroup};
use icu_properties::{CodePointMapData, CodePointSetData};

/// The general category of `c`.
pub(crate) fn category(c: char) -> GeneralCategory {
    CodePointMapData::<GeneralCategory>::new().get(c)
}

/// True when `c` is in the category group `group`.
pub(crate) fn is(c: char, group: GeneralCategoryGroup) -> bool {
    group.contains(category(c))
}

/// Ruby's (Onigmo's) `\p{Word}`: Letter, Mark, Decimal_Number or
/// Connector_Punctuation.
pub(crate) fn is_ruby_word(c: char) -> bool {
    let g = category(c);
    GeneralCategoryGroup::Letter.contains(g)
        || GeneralCategoryGroup::Mark.contains(g)
        || GeneralCategoryGroup::DecimalNumber.contains(g)
        || GeneralCategoryGroup::ConnectorPunctuation.contains(g)
}

/// Python's `\w` on `str` (`_PyUnicode_IsAlpha`, `IsDecimalDigit`,
/// `IsDigit`, `IsNumeric`, or `_`): a Letter, a Number or `_`.
pub(crate) fn is_python_word(c: char) -> bool {
    c == '_' || is(c, GeneralCategoryGroup::Letter) || is(c, GeneralCategoryGroup::Number)
}

/// Python's `\s` on `str` and `str.isspace` (`Py_UNICODE_ISSPACE`): the
/// Unicode White_Space characters and the ASCII separators U+001C to
/// U+001F.
pub(crate) fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// JavaScript's `\s` and `String.prototype.trim`'s white space
/// (ECMAScript WhiteSpace and LineTerminator): White_Space and U+FEFF.
pub(crate) fn is_js_space(c: char) -> bool {
    (c.is_whitespace() && c != '\u{85}') || c == '\u{feff}'
}

/// True when `c` has the Unicode property Alphabetic.
pub(crate) fn is_alphabetic(c: char) -> bool {
    CodePointSetData::new::<Alphabetic>().contains(c)
}

/// `s` in Normalization Form KD.
pub(crate) fn nfkd(s: &str) -> String {
    DecomposingNormalizerBorrowed::new_nfkd()
        .normalize(s)
        .into_owned()
}

/// `s` in Normalization Form D.
pub(crate) fn nfd(s: &str) -> String {
    DecomposingNormalizerBorrowed::new_nfd()
        .normalize(s)
        .into_owned()
}

/// `s` in Normalization Form C.
pub(crate) fn nfc(s: &str) -> String {
    ComposingNormalizerBorrowed::new_nfc()
        .normalize(s)
        .into_owned()
}

/// The lowercase of `c` by its simple (one character) mapping, as Go's
/// `unicode.ToLower` and Ruby's character-wise mappings give it: the
/// first character of the full mapping, which differs from it only for
/// U+0130 (`İ`, whose full mapping is `i` and a combining dot).
pub(crate) fn simple_lower(c: char) -> char {
    c.to_lowercase().next().unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        assert!(is_ruby_word('\u{301}') && is_ruby_word('‿') && is_ruby_word('٣'));
        assert!(!is_ruby_word('²') && !is_ruby_word('Ⅻ') && !is_ruby_word('-'));
        assert!(is_python_word('²') && is_python_word('Ⅻ') && !is_python_word('\u{301}'));
        assert!(is_python_space('\u{1f}') && !is_js_space('\u{1f}'));
        assert!(is_js_space('\u{feff}') && is_js_space('\u{3000}'));
        assert!(is_alphabetic('Ⓐ') && !is_alphabetic('①'));
        assert_eq!(nfkd("ﬁé"), "fie\u{301}");
        assert_eq!(nfc("e\u{301}"), "é");
        assert_eq!(nfd("é"), "e\u{301}");
        assert_eq!(simple_lower('İ'), 'i');
    }
}
