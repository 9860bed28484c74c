//! Python-Markdown's heading ids: the toc extension's `slugify` and
//! `slugify_unicode` (Python-Markdown/markdown
//! `markdown/extensions/toc.py`), the default of MkDocs, with the
//! default separator `-`.

use super::chars;

/// Python-Markdown `markdown.extensions.toc.slugify(value, '-')`: with
/// `unicode` false, NFKD and every non-ASCII character dropped (`žlutý`
/// gives `zluty`); then every character that is not Python's `\w`,
/// `\s` or `-` dropped, stripped, lowercased, and each run of `-` and
/// white space made one `-`. With `unicode` true it is `slugify_unicode`
/// (no folding to ASCII).
pub fn slug(text: &str, unicode: bool) -> String {
    let folded;
    let value = if unicode {
        text
    } else {
        folded = chars::nfkd(text)
            .chars()
            .filter(char::is_ascii)
            .collect::<String>();
        &folded
    };
    let kept: String = value
        .chars()
        .filter(|&c| chars::is_python_word(c) || chars::is_python_space(c) || c == '-')
        .collect();
    let lowered = kept.trim_matches(chars::is_python_space).to_lowercase();
    let mut id = String::with_capacity(lowered.len());
    let mut in_run = false;
    for c in lowered.chars() {
        if c == '-' || chars::is_python_space(c) {
            if !in_run {
                id.push('-');
            }
            in_run = true;
        } else {
            id.push(c);
            in_run = false;
        }
    }
    id
}

/// Python-Markdown `markdown.extensions.toc.unique(id, ids)` for an
/// `id` that is taken or empty, as a stem and the first counter it
/// tries: an id ending in `_N` goes on with `N+1` (Python's `int`, so
/// `a_007` gives `a` and `8`, and `N` may exceed 64 bits), any other
/// with `1`. Every later try is the stem with the next counter, so
/// [`super::Slugger`] mints `{stem}_{counter}` for the first counter
/// from this one not taken (`a`, `a_1`, `a_2`; a heading `a_1` repeated
/// gives `a_2`; an empty id `_1`).
pub fn counter_start(id: &str) -> (&str, String) {
    match id.rsplit_once('_') {
        Some((stem, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            (stem, super::increment(n))
        }
        _ => (id, "1".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_markdown_slugs() {
        assert_eq!(slug("žlutý kůň", false), "zluty-kun");
        assert_eq!(slug("žlutý kůň", true), "žlutý-kůň");
        assert_eq!(slug("  Foo -- bar\tbaz ", false), "foo-bar-baz");
        assert_eq!(slug("C++ & Rust!", false), "c-rust");
        assert_eq!(slug("Æsir ﬁle ²", false), "sir-file-2");
        assert_eq!(slug("中文", false), "");
    }

    #[test]
    fn python_markdown_counter_start() {
        assert_eq!(counter_start("a"), ("a", "1".to_string()));
        assert_eq!(counter_start("b_7"), ("b", "8".to_string()));
        assert_eq!(counter_start("b_007"), ("b", "8".to_string()));
        assert_eq!(counter_start("a_b"), ("a_b", "1".to_string()));
        assert_eq!(counter_start("a_"), ("a_", "1".to_string()));
        assert_eq!(counter_start(""), ("", "1".to_string()));
        assert_eq!(
            counter_start("x_18446744073709551615"),
            ("x", "18446744073709551616".to_string())
        );
    }
}
