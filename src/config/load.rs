//! Reading and checking a configuration file ([`load`]): unknown keys,
//! values of the wrong type and bad regexes are errors with line and
//! column.

use std::path::Path;

use globset::Glob;

use serde::Deserialize;

use super::{Config, Settings};
use crate::error::{DisplayPath, Error};
use crate::grammar::Grammar;
use crate::lint::per_path::override_pattern;
use crate::lint::Selection;

/// Reads and checks the configuration file `path`.
///
/// # Errors
/// [`Error::Config`] naming the file when it cannot be read, is not valid
/// TOML, has an unknown key or a value of the wrong type (with line and
/// column), names an unknown grammar, rule or an invalid regex or glob.
pub fn load(path: &Path) -> Result<Config, Error> {
    let err = |message: String| Error::Config {
        path: DisplayPath(path.to_path_buf()),
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| err(e.to_string()))?;
    let at = |offset: usize| {
        let (line, column) = line_column(&text, offset);
        format!("line {line}, column {column}: ")
    };
    let config: Config = toml::from_str(&text).map_err(|e| {
        let at = e.span().map(|s| at(s.start)).unwrap_or_default();
        err(format!("{at}{}", e.message()))
    })?;
    if let Some((offset, message)) = first_bad_value(&text) {
        return Err(err(format!("{}{message}", at(offset))));
    }
    if let Some((offset, message)) = bad_cache_path(&text) {
        return Err(err(format!("{}{message}", at(offset))));
    }
    Settings::from_config(
        config.clone(),
        path.parent().map(Path::to_path_buf),
        Some(path.to_path_buf()),
    )
    .and_then(|s| s.linter().and_then(|_| s.link_ignore(None)).map(|_| ()))
    .map_err(|e| match e {
        Error::Config { message, .. } => err(message),
        other => other,
    })?;
    Ok(config)
}

/// The 1-based line and column (in Unicode scalar values) of the 0-based
/// byte `offset` of `text`; lines end at LF (TOML allows no lone CR).
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Where the values checked after parsing are in the file (the strings'
/// byte spans), to name the line and column of a bad one.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Positions {
    #[serde(default)]
    grammar: Option<toml::Spanned<String>>,
    #[serde(default)]
    select: Vec<toml::Spanned<String>>,
    #[serde(default)]
    extend_select: Vec<toml::Spanned<String>>,
    #[serde(default)]
    ignore: Vec<toml::Spanned<String>>,
    #[serde(default)]
    exclude_uris: Vec<toml::Spanned<String>>,
    #[serde(default)]
    overrides: Vec<OverridePositions>,
    #[serde(default)]
    links: Option<LinksPositions>,
}

/// Where the `[links]` values checked after parsing are.
#[derive(Deserialize)]
struct LinksPositions {
    #[serde(default)]
    ignore: Vec<toml::Spanned<String>>,
}

/// (No `#[serde(flatten)]` here: it would lose the spans.)
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct OverridePositions {
    #[serde(default)]
    files: Vec<toml::Spanned<String>>,
    #[serde(default)]
    select: Vec<toml::Spanned<String>>,
    #[serde(default)]
    extend_select: Vec<toml::Spanned<String>>,
    #[serde(default)]
    ignore: Vec<toml::Spanned<String>>,
}

/// The first selector of `lists` that names no rule: its offset and
/// message.
fn first_unknown(lists: [&[toml::Spanned<String>]; 3]) -> Option<(usize, String)> {
    lists.into_iter().flatten().find_map(|s| {
        let one = Selection {
            select: None,
            extend_select: vec![s.get_ref().clone()],
            ignore: Vec::new(),
        };
        one.validate()
            .err()
            .map(|e| (s.span().start, e.to_string()))
    })
}

/// The first value of the (already parsed) configuration `text` that is
/// invalid, in file order of the keys checked: an unknown grammar, an
/// unknown rule selector, an invalid `exclude-uris` regex or an invalid
/// `overrides` glob; its 0-based byte offset in `text` and the message.
fn first_bad_value(text: &str) -> Option<(usize, String)> {
    let p: Positions = toml::from_str(text).ok()?;
    if let Some(g) = &p.grammar {
        let name = g.get_ref();
        if Grammar::from_name(name).is_none() {
            return Some((
                g.span().start,
                format!(
                    "unknown grammar '{name}' (expected rfc3986, rfc3987, rfc2396 or rfc2396+ipv6)"
                ),
            ));
        }
    }
    if let Some(bad) = first_unknown([&p.select, &p.extend_select, &p.ignore]) {
        return Some(bad);
    }
    for r in &p.exclude_uris {
        if let Err(e) = regex::Regex::new(r.get_ref()) {
            return Some((r.span().start, format!("exclude-uris: {}", regex_error(&e))));
        }
    }
    for o in &p.overrides {
        for g in &o.files {
            if let Err(e) = Glob::new(&override_pattern(g.get_ref())) {
                return Some((
                    g.span().start,
                    format!("overrides: invalid glob '{}': {e}", g.get_ref()),
                ));
            }
        }
        if let Some(bad) = first_unknown([&o.select, &o.extend_select, &o.ignore]) {
            return Some(bad);
        }
    }
    for g in p.links.iter().flat_map(|l| &l.ignore) {
        let one = [g.get_ref().clone()];
        if let Err(e) = crate::links::ignore::LinkIgnore::new(Path::new(""), Path::new(""), &one) {
            return Some((g.span().start, format!("links: ignore: {e}")));
        }
    }
    None
}

/// `[links.remote] cache` when it is absolute, has `..` or names no file
/// ([`crate::state_file::check_relative`], H1 of the 2026-11-29 review):
/// its offset and message.
fn bad_cache_path(text: &str) -> Option<(usize, String)> {
    #[derive(Deserialize)]
    struct File {
        links: Option<Links>,
    }
    #[derive(Deserialize)]
    struct Links {
        remote: Option<Remote>,
    }
    #[derive(Deserialize)]
    struct Remote {
        cache: Option<toml::Spanned<String>>,
    }
    let f: File = toml::from_str(text).ok()?;
    let c = f.links?.remote?.cache?;
    crate::state_file::check_relative(Path::new(c.get_ref()))
        .err()
        .map(|e| (c.span().start, format!("[links.remote] cache: {e}")))
}

/// A regex error on one line: a syntax error's diagram (the pattern with a
/// caret under the place) is left out, since the message gives the place
/// in the file; the error's own description stays.
fn regex_error(e: &regex::Error) -> String {
    let full = e.to_string();
    match full.rsplit_once("\nerror: ") {
        Some((_, what)) => format!("invalid regex: {what}"),
        None => full,
    }
}
