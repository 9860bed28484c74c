//! PyMdown Extensions' heading ids: `pymdownx.slugs.slugify(case=...,
//! percent_encode=...)` and its deprecated forms `uslugify`
//! (`case="lower"`), `uslugify_cased` (`case="none"`), `gfm`
//! (`case="lower-ascii"`) and their `_encoded` variants
//! (facelessuser/pymdown-extensions `pymdownx/slugs.py`, `_uslugify`),
//! with the default `normalize='NFC'` and the toc separator `-`.

use super::chars;

/// The `case` argument of `pymdownx.slugs.slugify`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Case {
    /// `case="none"` (the default): the case is kept.
    #[default]
    None,
    /// `case="lower"`: `str.lower()`.
    Lower,
    /// `case="lower-ascii"`: only `A`-`Z` lowercased.
    LowerAscii,
    /// `case="fold"`: `str.casefold()` (here: lowercase, then `ß` made
    /// `ss`, the fold that differs in common text).
    Fold,
}

/// `pymdownx.slugs._uslugify(text, '-', case, percent_encode)`: NFC,
/// HTML tags (`</?[^>]*>`) removed, stripped, the case changed, every
/// character that is not `\w`, `-` or a space dropped, each space made
/// `-` (no squeezing), and with `percent_encode` the UTF-8 bytes
/// percent-encoded as Python's `urllib.parse.quote` does (`/` and
/// `_.-~` and ASCII alphanumerics kept).
pub fn slug(text: &str, case: Case, percent_encode: bool) -> String {
    let normal = chars::nfc(text);
    let mut untagged = String::with_capacity(normal.len());
    let mut rest = normal.as_str();
    while let Some(lt) = rest.find('<') {
        untagged.push_str(&rest[..lt]);
        match rest[lt..].find('>') {
            Some(gt) => rest = &rest[lt + gt + 1..],
            None => {
                // `</?[^>]*>` needs the `>`: the `<` stays.
                untagged.push('<');
                rest = &rest[lt + 1..];
            }
        }
    }
    untagged.push_str(rest);
    let stripped = untagged.trim_matches(chars::is_python_space);
    let cased = match case {
        Case::None => stripped.to_string(),
        Case::Lower => stripped.to_lowercase(),
        Case::LowerAscii => stripped.to_ascii_lowercase(),
        Case::Fold => stripped.to_lowercase().replace('ß', "ss"),
    };
    let id: String = cased
        .chars()
        .filter(|&c| chars::is_python_word(c) || c == '-' || c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect();
    if !percent_encode {
        return id;
    }
    crate::grammar::percent_encode(id.as_bytes(), |b| {
        b.is_ascii_alphanumeric() || b"_.-~/".contains(&b)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pymdownx_slugs() {
        assert_eq!(
            slug("Ärger  <b>im</b> Büro!", Case::Lower, false),
            "ärger--im-büro"
        );
        assert_eq!(slug("Ärger im Büro", Case::None, false), "Ärger-im-Büro");
        assert_eq!(
            slug("Ärger im Büro", Case::LowerAscii, false),
            "Ärger-im-büro"
        );
        assert_eq!(slug("Straße", Case::Fold, false), "strasse");
        assert_eq!(slug("Café", Case::Lower, true), "caf%C3%A9");
    }
}
