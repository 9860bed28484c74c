//! Markdown templates that a build step expands into pages elsewhere.
//!
//! A Markdown file that holds Handlebars or Mustache block tags
//! (`{{#options}}` ... `{{/options}}`) or partials (`{{> name}}`) is not
//! a page: a tool renders it into pages in another directory (rust-lang/
//! cargo's `doc/man/*.md`, mdman templates expanded into
//! `doc/book/src/commands/` and into man pages), and its relative links
//! are written for where the output lands (`../reference/config.html`
//! from `/commands/cargo.html`). The partials it includes (`{{> name}}`
//! names `name.md` beside it or in a directory below, mdman's
//! `includes/`) are written for the same place. Where they land is not
//! read: such a file's local links are counted *not checked*, with a
//! note ([`crate::links::LocalLinks::notes`]), never reported broken.
//!
//! Only files no site covers are looked at: inside an mdBook site,
//! `{{#include file}}` is mdBook's own preprocessor (and has no closing
//! tag), read by the site model.

use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The most bytes of a file read to decide (1 MiB).
pub const MAX_BYTES: u64 = 1024 * 1024;

/// The most Markdown files of a directory read for the partials they
/// include (past them, the rest are not read).
pub const MAX_FILES: usize = 500;

/// What a run found out: which files are templates or their partials
/// (each file read once), the partials named in each directory, and the
/// links not checked for it (how many, and one to name in the note).
#[derive(Debug, Default)]
pub struct Memo {
    files: Mutex<HashMap<PathBuf, bool>>,
    dirs: Mutex<HashMap<PathBuf, Arc<HashSet<String>>>>,
    count: Mutex<(u64, Option<(PathBuf, String)>)>,
}

impl Memo {
    /// True when the Markdown file `file` (a `.md` or `.markdown` path)
    /// is a template ([`is_template`]) or a partial one includes: a
    /// template in its directory or the one above names its stem
    /// (`{{> options-display }}` for `includes/options-display.md`).
    pub fn is_template(&self, file: &Path) -> bool {
        let markdown = file
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("md") || e.eq_ignore_ascii_case("markdown"));
        if !markdown {
            return false;
        }
        if let Some(known) = self.files.lock().ok().and_then(|f| f.get(file).copied()) {
            return known;
        }
        let found = read(file).is_some_and(|src| is_template(&src)) || {
            let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let dir = file.parent();
            [dir, dir.and_then(Path::parent)]
                .into_iter()
                .flatten()
                .any(|d| self.partials_in(d).contains(stem))
        };
        if let Ok(mut f) = self.files.lock() {
            f.insert(file.to_path_buf(), found);
        }
        found
    }

    /// The partials the Markdown files of `dir` include, read once.
    fn partials_in(&self, dir: &Path) -> Arc<HashSet<String>> {
        if let Some(known) = self.dirs.lock().ok().and_then(|d| d.get(dir).cloned()) {
            return known;
        }
        let mut names = HashSet::new();
        let entries = std::fs::read_dir(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        });
        let pages = entries.into_iter().flatten().flatten().filter(|e| {
            e.path().extension().is_some_and(|x| x == "md")
                && e.file_type().is_ok_and(|t| t.is_file())
        });
        for e in pages.take(MAX_FILES) {
            if let Some(src) = read(&e.path()) {
                names.extend(partials(&src));
            }
        }
        let names = Arc::new(names);
        if let Ok(mut d) = self.dirs.lock() {
            d.insert(dir.to_path_buf(), names.clone());
        }
        names
    }

    /// Counts the link `link` of the template `page` as not checked.
    pub fn count(&self, page: &Path, link: &str) {
        super::tally(&self.count, || (page.to_path_buf(), link.to_string()));
    }

    /// The note on the links not checked, if any, naming a page as
    /// `shown` shows it.
    pub fn note(&self, shown: impl Fn(&Path) -> PathBuf) -> Option<String> {
        let c = self.count.lock().unwrap_or_else(|p| p.into_inner());
        let (n, Some((page, link))) = &*c else {
            return None;
        };
        Some(format!(
            "{n} link{} not checked: in Markdown templates (Handlebars or Mustache `{{{{#name}}}}` ... `{{{{/name}}}}` or `{{{{> partial}}}}`, e.g. `{link}` in {}), which a build step expands into pages elsewhere: their links are written for where the output lands",
            if *n == 1 { "" } else { "s" },
            shown(page).display()
        ))
    }
}

/// The first [`MAX_BYTES`] of `path`; `None` when it cannot be read.
fn read(path: &Path) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_BYTES).read_to_end(&mut out))
        .ok()?;
    Some(out)
}

/// True when the Markdown text `src` is a Handlebars or Mustache
/// template: outside fenced code and code spans, it holds a block tag
/// `{{#name ...}}` closed by `{{/name}}` later, or a partial `{{> name}}`.
/// mdBook's `{{#include x}}` alone (no `{{/include}}`) is not one.
pub fn is_template(src: &[u8]) -> bool {
    let text = String::from_utf8_lossy(src);
    let mut opened: Vec<String> = Vec::new();
    for (tag, _) in tags(&text) {
        if let Some(name) = tag.strip_prefix('#') {
            opened.push(name.to_string());
        } else if let Some(name) = tag.strip_prefix('/') {
            if opened.iter().any(|o| o == name) {
                return true;
            }
        } else if tag.starts_with('>') {
            return true;
        }
    }
    false
}

/// The partials the template `src` includes (`{{> name}}`, `{{> name
/// arg=x}}`): their names, as written (`options-display`).
pub fn partials(src: &[u8]) -> HashSet<String> {
    let text = String::from_utf8_lossy(src);
    tags(&text)
        .into_iter()
        .filter_map(|(t, _)| t.strip_prefix('>').map(|n| n.trim().to_string()))
        .filter(|n| !n.is_empty())
        .collect()
}

/// The tags of `text` outside fenced code and code spans: for each
/// `{{` ... `}}`, its sigil (`#`, `/`, `>`) and first word
/// (`#options`, `/options`, `>options-display`), and its offset. Other
/// tags (`{{man "cargo" 1}}`, `{{name}}`) are left out.
fn tags(text: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let t = line.trim_start();
        if let Some(m) = ["```", "~~~"].into_iter().find(|m| t.starts_with(m)) {
            match fence {
                None => fence = Some(m),
                Some(f) if f == m => fence = None,
                Some(_) => {}
            }
            continue;
        }
        if fence.is_some() {
            continue;
        }
        let mut from = 0;
        while let Some(i) = line[from..].find("{{").map(|i| from + i) {
            from = i + 2;
            // In a code span: an odd number of backticks before it.
            if line[..i].bytes().filter(|&b| b == b'`').count() % 2 == 1 {
                continue;
            }
            let rest = line[i + 2..].trim_start_matches('~');
            let Some(sigil) = rest.chars().next().filter(|c| matches!(c, '#' | '/' | '>')) else {
                continue;
            };
            let Some(end) = rest.find("}}") else { continue };
            let body = rest[1..end].trim_start();
            let word: String = body
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
                .collect();
            if !word.is_empty() {
                out.push((format!("{sigil}{word}"), start + i));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// rust-lang/cargo `doc/man/cargo-add.md` (mdman): `{{#options}}`
    /// ... `{{/options}}`, `{{#option "--dry-run"}}` ... `{{/option}}` and
    /// `{{> section-options-common }}`.
    #[test]
    fn mdman_templates() {
        let src = b"## OPTIONS\n\n{{#options}}\n\n{{#option \"`--dry-run`\" }}\nDon't actually write.\n{{/option}}\n\n{{/options}}\n\n{{> section-options-common }}\n";
        assert!(is_template(src));
        assert_eq!(
            partials(src),
            HashSet::from(["section-options-common".to_string()])
        );
        assert!(is_template(b"Text.\n{{> options-display }}\n"));
    }

    /// mdBook's `{{#include}}` and `{{#rustdoc_include}}` have no closing
    /// tag; a template shown in code is an example.
    #[test]
    fn not_templates() {
        assert!(!is_template(
            b"{{#include ../listings/ch01/main.rs}}\n{{#rustdoc_include x.rs:2}}\n"
        ));
        assert!(!is_template(
            b"```hbs\n{{#each items}}\n{{/each}}\n```\nAnd `{{> partial}}` in code.\n"
        ));
        assert!(!is_template(b"{{man \"cargo-bench\" 1}} and {{name}}\n"));
    }
}
