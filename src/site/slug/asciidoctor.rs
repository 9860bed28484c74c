//! Asciidoctor's section ids: `Section.generate_id` (asciidoctor/asciidoctor
//! `lib/asciidoctor/section.rb`, 2.0; `InvalidSectionIdCharsRx` in
//! `lib/asciidoctor/rx.rb`), with the document attributes `idprefix`
//! (default `_`) and `idseparator` (default `_`), and the counter from
//! `Compliance.unique_id_start_index` (2).

use super::chars;

/// The longest `idprefix` kept, in bytes.
pub const MAX_PREFIX: usize = 15;

/// Asciidoctor's `idprefix` and `idseparator` attributes, as a value
/// that can be copied: the prefix at most [`MAX_PREFIX`] bytes, the
/// separator one character or none (Asciidoctor keeps only the first
/// character of a longer one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IdAttributes {
    prefix: [u8; MAX_PREFIX],
    prefix_len: u8,
    separator: Option<char>,
}

impl Default for IdAttributes {
    /// [`IdAttributes::DEFAULT`].
    fn default() -> IdAttributes {
        IdAttributes::DEFAULT
    }
}

impl IdAttributes {
    /// `idprefix` `_` and `idseparator` `_`, Asciidoctor's defaults.
    pub const DEFAULT: IdAttributes = IdAttributes {
        prefix: *b"_\0\0\0\0\0\0\0\0\0\0\0\0\0\0",
        prefix_len: 1,
        separator: Some('_'),
    };

    /// The attributes `idprefix` = `prefix` and `idseparator` =
    /// `separator` (an empty string for none; only its first character
    /// counts); `None` when `prefix` is longer than [`MAX_PREFIX`] bytes.
    pub fn new(prefix: &str, separator: &str) -> Option<IdAttributes> {
        let bytes = prefix.as_bytes();
        if bytes.len() > MAX_PREFIX {
            return None;
        }
        let mut out = [0u8; MAX_PREFIX];
        out[..bytes.len()].copy_from_slice(bytes);
        Some(IdAttributes {
            prefix: out,
            prefix_len: u8::try_from(bytes.len()).ok()?,
            separator: separator.chars().next(),
        })
    }

    /// [`IdAttributes::new`] in a constant: `prefix` as bytes (at most
    /// [`MAX_PREFIX`]), `separator` a character or none.
    pub const fn new_const(prefix: &[u8], separator: Option<char>) -> Option<IdAttributes> {
        if prefix.len() > MAX_PREFIX {
            return None;
        }
        let mut out = [0u8; MAX_PREFIX];
        let mut i = 0;
        while i < prefix.len() {
            out[i] = prefix[i];
            i += 1;
        }
        Some(IdAttributes {
            prefix: out,
            prefix_len: prefix.len() as u8,
            separator,
        })
    }

    /// The `idprefix`.
    pub fn prefix(&self) -> &str {
        std::str::from_utf8(&self.prefix[..usize::from(self.prefix_len)]).unwrap_or("")
    }

    /// The `idseparator` (`None`: empty).
    pub fn separator(&self) -> Option<char> {
        self.separator
    }
}

/// The id Asciidoctor generates for a section whose title, as the
/// reader sees it, is `title`: `idprefix` and the lowercased title with
/// every character that is not `\p{Word}`, space, `-` or `.` removed;
/// then, with a separator, each run of space, `.`, `-` (and the
/// separator) made one separator, a trailing separator removed, and a
/// leading one removed when `idprefix` is empty; without one, spaces
/// removed. Entities and tags of the converted title (`&#8217;`,
/// `<code>`) are removed by Asciidoctor too; give the title with them
/// already decoded to characters, which this rule removes as well.
pub fn slug(title: &str, attrs: IdAttributes) -> String {
    let mut gen = String::from(attrs.prefix());
    gen.extend(
        title
            .to_lowercase()
            .chars()
            .filter(|&c| chars::is_ruby_word(c) || matches!(c, ' ' | '-' | '.')),
    );
    let Some(sep) = attrs.separator else {
        return gen.replace(' ', "");
    };
    let subs = |c: char| c == ' ' || c == '.' || c == '-' || c == sep;
    // Ruby `tr_s(sep_sub, sep)`: each run of characters from `sep_sub`
    // becomes one `sep`.
    let mut id = String::with_capacity(gen.len());
    let mut in_run = false;
    for c in gen.chars() {
        if subs(c) {
            if !in_run {
                id.push(sep);
            }
            in_run = true;
        } else {
            id.push(c);
            in_run = false;
        }
    }
    if id.ends_with(sep) {
        id.pop();
    }
    if attrs.prefix().is_empty() && id.starts_with(sep) {
        id.remove(0);
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asciidoctor_ids() {
        let d = IdAttributes::default();
        assert_eq!(slug("Section One", d), "_section_one");
        assert_eq!(slug("Version 2.0 - Notes", d), "_version_2_0_notes");
        assert_eq!(slug("What’s new?", d), "_whats_new");
        let dash = IdAttributes::new("", "-").unwrap_or_default();
        assert_eq!(slug("Section One", dash), "section-one");
        assert_eq!(slug("-Leading", dash), "leading");
        let none = IdAttributes::new("id_", "").unwrap_or_default();
        assert_eq!(slug("Section One.", none), "id_sectionone.");
        assert!(IdAttributes::new("a-prefix-that-is-too-long", "-").is_none());
    }
}
