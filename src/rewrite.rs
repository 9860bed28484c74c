//! Rewriting URIs by mapping: the `urilint rewrite` rules.
//!
//! This module owns [`Mapping`] (a prefix map `OLD=NEW` or a regex map
//! `REGEX=REPLACEMENT` with `$1`/`${name}` captures, as the `regex` crate
//! expands them) and the edits that rewrite one found URI
//! ([`edit_for`]). Applying edits and writing files back is the `fix`
//! module's; walking is the `run` module's.

use crate::fix::Edit;
use crate::scan::Candidate;

/// One rewrite rule.
#[derive(Clone, Debug)]
pub enum Mapping {
    /// URIs starting with `old` get `new` instead of it.
    Prefix {
        /// The prefix looked for (compared byte for byte).
        old: String,
        /// What replaces it.
        new: String,
    },
    /// URIs matching `regex` are replaced (first match) by `replacement`,
    /// with `$1`, `${name}` expanded.
    Regex {
        /// The pattern, matched against the whole URI text.
        regex: regex::Regex,
        /// The replacement template.
        replacement: String,
    },
}

/// A malformed `--map` or `--map-regex` argument.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MappingError {
    /// No `=` between the two halves.
    #[error("'{0}': expected OLD=NEW (the first '=' separates them)")]
    NoEquals(String),
    /// An empty `OLD`.
    #[error("'{0}': the part before '=' is empty")]
    Empty(String),
    /// The regex does not compile.
    #[error("'{arg}': invalid regex: {message}")]
    Regex {
        /// The argument.
        arg: String,
        /// The regex crate's message.
        message: String,
    },
}

fn split(arg: &str) -> Result<(&str, &str), MappingError> {
    let (old, new) = arg
        .split_once('=')
        .ok_or_else(|| MappingError::NoEquals(arg.to_string()))?;
    if old.is_empty() {
        return Err(MappingError::Empty(arg.to_string()));
    }
    Ok((old, new))
}

impl Mapping {
    /// A prefix map from `OLD=NEW` (split at the first `=`).
    ///
    /// # Errors
    /// [`MappingError`] when there is no `=` or `OLD` is empty.
    pub fn prefix(arg: &str) -> Result<Mapping, MappingError> {
        let (old, new) = split(arg)?;
        Ok(Mapping::Prefix {
            old: old.to_string(),
            new: new.to_string(),
        })
    }

    /// A regex map from `REGEX=REPLACEMENT` (split at the first `=`; write
    /// a `=` in the regex as `\x3D`).
    ///
    /// # Errors
    /// [`MappingError`] when there is no `=`, the regex is empty or invalid.
    pub fn regex(arg: &str) -> Result<Mapping, MappingError> {
        let (re, replacement) = split(arg)?;
        let regex = regex::Regex::new(re).map_err(|e| MappingError::Regex {
            arg: arg.to_string(),
            message: e.to_string(),
        })?;
        Ok(Mapping::Regex {
            regex,
            replacement: replacement.to_string(),
        })
    }

    /// The rewritten URI, or `None` when the mapping does not apply or
    /// changes nothing.
    pub fn apply(&self, uri: &str) -> Option<String> {
        let new = match self {
            Mapping::Prefix { old, new } => {
                let rest = uri.strip_prefix(old.as_str())?;
                format!("{new}{rest}")
            }
            Mapping::Regex { regex, replacement } => {
                if !regex.is_match(uri) {
                    return None;
                }
                regex.replace(uri, replacement.as_str()).into_owned()
            }
        };
        (new != uri).then_some(new)
    }
}

/// The first mapping of `mappings` that rewrites `uri`, and the result.
pub fn rewrite<'m>(mappings: &'m [Mapping], uri: &str) -> Option<(&'m Mapping, String)> {
    mappings
        .iter()
        .find_map(|m| m.apply(uri).map(|new| (m, new)))
}

/// The edit that puts `new` in place of the URI `candidate`, in the
/// offsets the candidate was found at: only the part of its text that
/// changes (the common prefix and suffix of the old and new text stay as
/// they are), placed through the candidate's own map from its text to
/// the source ([`Candidate::source_offset`]), so that white space the
/// source holds inside `<...>` or a line break outside the changed part
/// stays where it is; a line break inside the changed part is replaced
/// with it (the URI is rejoined there).
pub fn edit_for(candidate: &Candidate<'_>, new: &str) -> Edit {
    let text = candidate.text();
    let span = candidate.span();
    let mut prefix = text
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    while !text.is_char_boundary(prefix) || !new.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let room = text.len().min(new.len()) - prefix;
    let mut suffix = text
        .bytes()
        .rev()
        .zip(new.bytes().rev())
        .take_while(|(a, b)| a == b)
        .count()
        .min(room);
    while !text.is_char_boundary(text.len() - suffix) || !new.is_char_boundary(new.len() - suffix) {
        suffix -= 1;
    }
    let changed = prefix..text.len() - suffix;
    let at = |offset: usize| {
        if offset >= text.len() {
            span.end
        } else {
            candidate.source_offset(offset)
        }
    };
    let start = at(changed.start);
    let end = if changed.is_empty() {
        start
    } else {
        // Just past the last byte that changes.
        candidate.source_offset(changed.end - 1) + 1
    };
    Edit {
        start,
        end: end.max(start).min(span.end.max(start)),
        replacement: new[prefix..new.len() - suffix].to_string(),
    }
}

/// True when GitHub Flavored Markdown's autolink literal extension (GFM
/// spec, section 6.9 "Autolinks (extension)") would link less than the
/// whole of `uri` written bare in prose: it ends in trailing punctuation
/// GFM leaves out (`?`, `!`, `.`, `,`, `:`, `*`, `_`, `~`), in a `)` with
/// more `)` than `(` in it, or in what reads as an entity reference
/// (`&name;`). Such a URI is written as an autolink `<...>` by `rewrite`
/// (L10 of the 2026-11-29 review: `http://b.org/a*b*c_d_` linked as
/// `http://b.org/a*b*c_d`).
pub fn gfm_drops_its_end(uri: &str) -> bool {
    let Some(last) = uri.chars().next_back() else {
        return false;
    };
    match last {
        '?' | '!' | '.' | ',' | ':' | '*' | '_' | '~' => true,
        ')' => uri.matches(')').count() > uri.matches('(').count(),
        ';' => {
            let body = &uri[..uri.len() - 1];
            let name = body.trim_end_matches(|c: char| c.is_ascii_alphanumeric());
            name.len() < body.len() && name.ends_with('&')
        }
        _ => false,
    }
}

/// True when `uri` can be written as a CommonMark autolink `<uri>`
/// (CommonMark 0.31 section 6.5): a scheme of 2 to 32 characters (a
/// letter, then letters, digits, `+`, `.`, `-`), `:`, then no ASCII
/// control character, space, `<` or `>`.
pub fn is_autolink(uri: &str) -> bool {
    let Some((scheme, rest)) = uri.split_once(':') else {
        return false;
    };
    let scheme_ok = (2..=32).contains(&scheme.len())
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-'));
    scheme_ok
        && !rest
            .chars()
            .any(|c| c.is_ascii_control() || matches!(c, ' ' | '<' | '>'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::{Found, ScanOptions, Scanner};

    #[test]
    fn prefix_and_regex_maps() {
        let m = Mapping::prefix("http://old.example/=https://new.example/").expect("valid");
        assert_eq!(
            m.apply("http://old.example/a?b=c").as_deref(),
            Some("https://new.example/a?b=c")
        );
        assert_eq!(m.apply("http://other.example/"), None);
        let r =
            Mapping::regex(r"^http://(\w+)\.old\.example/=https://$1.new.example/").expect("valid");
        assert_eq!(
            r.apply("http://docs.old.example/x").as_deref(),
            Some("https://docs.new.example/x")
        );
        assert_eq!(r.apply("https://docs.old.example/x"), None);
        assert_eq!(
            Mapping::prefix("nothing").unwrap_err(),
            MappingError::NoEquals("nothing".into())
        );
        assert_eq!(
            Mapping::prefix("=x").unwrap_err(),
            MappingError::Empty("=x".into())
        );
        assert!(matches!(
            Mapping::regex("(=x"),
            Err(MappingError::Regex { .. })
        ));
    }

    #[test]
    fn edits_touch_only_the_changed_part() {
        let text = "a <http://old.example/x> b <http://old.example/\n  y> c";
        let mut s = Scanner::new(text.as_bytes(), ScanOptions::default());
        let m = Mapping::prefix("http://old.example/=https://new.example/").expect("valid");
        let mut edits = Vec::new();
        while let Ok(Some(Found::Uri(c))) = s.next_found() {
            let (_, new) = rewrite(std::slice::from_ref(&m), c.text()).expect("applies");
            edits.push(edit_for(&c, &new));
        }
        // The common prefix "http" and suffix ".example/x" stay.
        assert_eq!(edits[0].start, 7);
        assert_eq!(edits[0].end, 13);
        assert_eq!(edits[0].replacement, "s://new");
        // The line break is after the changed part: it stays.
        assert_eq!(edits[1].replacement, "s://new");
    }

    /// L10 of the 2026-11-29 review: which bare URIs GFM's autolink
    /// literals would cut short, and which can be autolinks.
    #[test]
    fn gfm_trailing_punctuation() {
        for cut in [
            "http://b.org/a*b*c_d_",
            "http://b.org/x.",
            "http://b.org/x?",
            "http://b.org/x~",
            "http://b.org/x:",
            "http://b.org/x)",
            "http://b.org/(a))",
            "http://b.org/x&amp;",
        ] {
            assert!(gfm_drops_its_end(cut), "{cut}");
        }
        for whole in [
            "http://b.org/a*b*c_d",
            "http://b.org/(a)",
            "http://b.org/x;",
            "http://b.org/a;b&;",
            "http://b.org/\u{e9}",
            "",
        ] {
            assert!(!gfm_drops_its_end(whole), "{whole}");
        }
        assert!(is_autolink("http://b.org/a*b*c_d_"));
        assert!(is_autolink("urn:isbn:1_"));
        for not in [
            "http://b.org/a b_",
            "http://b.org/<a>_",
            "a:b_",
            "1a:b",
            "nothing_",
        ] {
            assert!(!is_autolink(not), "{not}");
        }
    }

    /// The review's H3: white space inside `<...>` on one line moved the
    /// cut into the host (`<https://bample/ab c de f>`).
    #[test]
    fn white_space_in_angle_brackets_stays() {
        let text = "a <http://a.example/a b> z\ne <http://a.example/ab c de f> z\nf <http://a.example/  abc> z\nc <URL:http://a.example/x y> z\n";
        let m = Mapping::prefix("http://a.example/=https://b.example/").expect("valid");
        let mut edits = Vec::new();
        let mut s = Scanner::new(text.as_bytes(), ScanOptions::default());
        while let Ok(Some(Found::Uri(c))) = s.next_found() {
            let (_, new) = rewrite(std::slice::from_ref(&m), c.text()).expect("applies");
            edits.push(edit_for(&c, &new));
        }
        let out = crate::fix::apply_edits(text.as_bytes(), &edits);
        assert_eq!(
            String::from_utf8_lossy(&out),
            "a <https://b.example/a b> z\ne <https://b.example/ab c de f> z\nf <https://b.example/  abc> z\nc <URL:https://b.example/x y> z\n"
        );
    }
}
