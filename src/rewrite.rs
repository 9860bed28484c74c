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

/// The edit that puts `new` in place of the URI `candidate`: only the
/// changed prefix when the candidate is on one line and the mapping kept
/// the rest, else its whole span (a URI broken across lines is rejoined).
pub fn edit_for(candidate: &Candidate<'_>, new: &str) -> Edit {
    let text = candidate.text();
    let span = candidate.span();
    if !candidate.broken() {
        // Keep the common suffix untouched.
        let common = text
            .bytes()
            .rev()
            .zip(new.bytes().rev())
            .take_while(|(a, b)| a == b)
            .count()
            .min(text.len())
            .min(new.len());
        let mut keep = common;
        while !text.is_char_boundary(text.len() - keep) || !new.is_char_boundary(new.len() - keep) {
            keep -= 1;
        }
        return Edit {
            start: span.start,
            end: span.end - keep as u64,
            replacement: new[..new.len() - keep].to_string(),
        };
    }
    Edit {
        start: span.start,
        end: span.end,
        replacement: new.to_string(),
    }
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
        // The common suffix ".example/x" stays as it is.
        assert_eq!(edits[0].start, 3);
        assert_eq!(edits[0].end, 13);
        assert_eq!(edits[0].replacement, "https://new");
        assert_eq!(edits[1].replacement, "https://new.example/y");
    }
}
