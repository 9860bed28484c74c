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

/// Python-Markdown `markdown.extensions.toc.unique(id, ids)`: `id`
/// itself when it is not empty and not in `ids`; else, while taken or
/// empty, an id ending in `_N` gets `_N+1` and any other gets `_1`
/// (`a`, `a_1`, `a_2`; a heading `a_1` repeated gives `a_2`).
pub fn unique(id: &str, taken: &dyn Fn(&str) -> bool) -> String {
    let mut id = id.to_string();
    while id.is_empty() || taken(&id) {
        id = match id.rsplit_once('_') {
            Some((stem, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                let next = n
                    .parse::<u64>()
                    .map_or_else(|_| format!("{n}1"), |v| (v.saturating_add(1)).to_string());
                format!("{stem}_{next}")
            }
            _ => format!("{id}_1"),
        };
    }
    id
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
    fn python_markdown_unique() {
        let seen = ["a", "a_1", "b_7"];
        let taken = |s: &str| seen.contains(&s);
        assert_eq!(unique("a", &taken), "a_2");
        assert_eq!(unique("b_7", &taken), "b_8");
        assert_eq!(unique("", &taken), "_1");
        assert_eq!(unique("c", &taken), "c");
    }
}
