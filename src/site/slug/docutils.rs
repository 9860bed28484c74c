//! reStructuredText heading ids: docutils `docutils.nodes.make_id` and
//! `document.set_id`/`create_id` (docutils 0.23 `docutils/nodes.py`),
//! for plain docutils (`auto_id_prefix` `%`) and for Sphinx, which sets
//! `auto_id_prefix` to `id` (sphinx-doc/sphinx
//! `sphinx/environment/__init__.py`, `default_settings`).

use super::chars;

/// docutils `_non_id_translate_digraphs`: letters made two ASCII letters.
const DIGRAPHS: [(char, &str); 5] = [
    ('\u{df}', "sz"),
    ('\u{e6}', "ae"),
    ('\u{153}', "oe"),
    ('\u{238}', "db"),
    ('\u{239}', "qp"),
];

/// docutils `_non_id_translate`: letters with a stroke or hook, which
/// NFKD does not decompose, made their ASCII letter.
const TRANSLATE: [(char, char); 33] = [
    ('\u{f8}', 'o'),
    ('\u{111}', 'd'),
    ('\u{127}', 'h'),
    ('\u{131}', 'i'),
    ('\u{142}', 'l'),
    ('\u{167}', 't'),
    ('\u{180}', 'b'),
    ('\u{183}', 'b'),
    ('\u{188}', 'c'),
    ('\u{18c}', 'd'),
    ('\u{192}', 'f'),
    ('\u{199}', 'k'),
    ('\u{19a}', 'l'),
    ('\u{19e}', 'n'),
    ('\u{1a5}', 'p'),
    ('\u{1ab}', 't'),
    ('\u{1ad}', 't'),
    ('\u{1b4}', 'y'),
    ('\u{1b6}', 'z'),
    ('\u{1e5}', 'g'),
    ('\u{225}', 'z'),
    ('\u{234}', 'l'),
    ('\u{235}', 'n'),
    ('\u{236}', 't'),
    ('\u{237}', 'j'),
    ('\u{23c}', 'c'),
    ('\u{23f}', 's'),
    ('\u{240}', 'z'),
    ('\u{247}', 'e'),
    ('\u{249}', 'j'),
    ('\u{24b}', 'q'),
    ('\u{24d}', 'r'),
    ('\u{24f}', 'y'),
];

/// docutils `make_id(text)`: lowercased, the digraphs and stroked
/// letters made ASCII, NFKD with every non-ASCII character dropped,
/// each run of characters other than `a`-`z` and `0`-`9` made one `-`,
/// and leading `-` and digits and trailing `-` removed (`2. Setup`
/// gives `setup`; `Café ß` gives `cafe-sz`). Empty when nothing is
/// left; the section then gets an automatic id (see
/// [`super::Slugger`]).
pub fn make_id(text: &str) -> String {
    let mut translated = String::with_capacity(text.len());
    for c in text.to_lowercase().chars() {
        if let Some((_, s)) = DIGRAPHS.iter().find(|(d, _)| *d == c) {
            translated.push_str(s);
        } else if let Some((_, t)) = TRANSLATE.iter().find(|(d, _)| *d == c) {
            translated.push(*t);
        } else {
            translated.push(c);
        }
    }
    let ascii: String = chars::nfkd(&translated)
        .chars()
        .filter(char::is_ascii)
        .collect();
    let words = ascii.split_ascii_whitespace().collect::<Vec<_>>().join(" ");
    let mut id = String::with_capacity(words.len());
    for c in words.chars() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            id.push(c);
        } else if !id.ends_with('-') || id.is_empty() {
            id.push('-');
        }
    }
    id.trim_start_matches(|c: char| c == '-' || c.is_ascii_digit())
        .trim_end_matches('-')
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docutils_make_id() {
        // Each checked against docutils 0.23 `make_id`.
        assert_eq!(make_id("ıı"), "ii");
        assert_eq!(make_id("ǅǆ"), "dzdz");
        assert_eq!(make_id("ǈ ǉ"), "lj-lj");
        assert_eq!(make_id("ǌ-ǋ"), "nj-nj");
        assert_eq!(make_id("ß"), "sz");
        assert_eq!(make_id("Ẋ lack of ḉ"), "x-lack-of-c");
        assert_eq!(make_id("2. Setup"), "setup");
        assert_eq!(make_id("Café ß Straße"), "cafe-sz-strasze");
        assert_eq!(make_id("!!!"), "");
    }
}
