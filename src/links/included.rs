//! Files that pages of a site include: a document that is no page of a
//! site itself but whose text a page pulls in (MyST ```` ```{include} ````,
//! reStructuredText `.. include::`, mdBook `{{#include}}`, VitePress
//! `<!--@include:-->`, pymdownx.snippets `--8<--`, AsciiDoc `include::`)
//! is read by its readers there, on the page: its links resolve as the
//! page's do, through the generator's options for includes (MyST's
//! `relative-docs`, label references) that the model does not read.
//!
//! This module owns finding, once per tree, which page includes each
//! file ([`Includers::of_tree`]); `LocalLinks::check_within` asks it
//! before reporting a link of a document outside every site (issue 46
//! round 4: executablebooks/MyST-Parser's `CHANGELOG.md`, included by
//! `docs/develop/_changelog.md`, whose `[](syntax/alerts)` is a MyST
//! label reference there). Which include lines are read, and where the
//! file they name is looked for, is [`super::anchors::includes`]'s.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The most files of a tree looked at for include lines.
pub const MAX_FILES: usize = 200_000;

/// The most bytes of a file read for its include lines (larger files
/// are not looked at).
pub const MAX_BYTES: usize = 4 * 1024 * 1024;

/// The extensions (lowercase) of the documents whose include lines are
/// read: Markdown, MDX, reStructuredText (also `.txt`, as Sphinx projects
/// name some sources) and AsciiDoc.
pub const EXTENSIONS: &[&str] = &["md", "markdown", "mdx", "rst", "txt", "adoc", "asciidoc"];

/// Who includes each file of one tree.
#[derive(Debug, Default)]
pub struct Includers {
    /// Each included file (canonical path) and the first document (as
    /// walked) found to include it.
    by_file: HashMap<PathBuf, PathBuf>,
}

/// The files under `root`, at most [`MAX_FILES`], walked as `.gitignore`
/// and hidden files allow (the `ignore` crate's walker, as `check` walks).
#[cfg(feature = "cli")]
pub(super) fn documents(root: &Path) -> Vec<PathBuf> {
    ignore::WalkBuilder::new(root)
        .build()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .take(MAX_FILES)
        .map(ignore::DirEntry::into_path)
        .collect()
}

/// The files under `root`, at most [`MAX_FILES`], hidden files and
/// directories left out (the library without the `cli` feature has no
/// `.gitignore` walker).
#[cfg(not(feature = "cli"))]
pub(super) fn documents(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            if e.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(e.path()),
                Ok(t) if t.is_file() => {
                    if out.len() >= MAX_FILES {
                        return out;
                    }
                    out.push(e.path());
                }
                _ => {}
            }
        }
    }
    out
}

impl Includers {
    /// The include lines of the documents ([`EXTENSIONS`]) under `root`
    /// (canonical), walked as `.gitignore` and hidden files allow, at
    /// most [`MAX_FILES`] files of at most [`MAX_BYTES`] each; the files
    /// they name are looked for as a page's anchors look for them
    /// ([`super::anchors::includes::included`]), inside `root` only.
    pub fn of_tree(root: &Path) -> Includers {
        let mut by_file: HashMap<PathBuf, PathBuf> = HashMap::new();
        for path in documents(root) {
            let path = path.as_path();
            let known = path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| EXTENSIONS.iter().any(|x| e.eq_ignore_ascii_case(x)));
            if !known || std::fs::metadata(path).map_or(true, |m| m.len() > MAX_BYTES as u64) {
                continue;
            }
            let Ok(src) = std::fs::read(path) else {
                continue;
            };
            for file in super::anchors::includes::included(&src, path, Some(root)) {
                let file = std::fs::canonicalize(&file).unwrap_or(file);
                if file != path {
                    by_file.entry(file).or_insert_with(|| path.to_path_buf());
                }
            }
        }
        Includers { by_file }
    }

    /// The document that includes `file` (a canonical path), if any.
    pub fn includer(&self, file: &Path) -> Option<&Path> {
        self.by_file.get(file).map(PathBuf::as_path)
    }
}

/// The reason a link of the file included by `page` that does not
/// resolve there either is counted as not checked (`page` as shown).
pub fn reason(page: &Path) -> String {
    format!(
        "links of a file that {} includes, which resolve on that page by include options and labels the model does not read",
        page.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// executablebooks/MyST-Parser (fixtures/sites/myst-include):
    /// `CHANGELOG.md` is included by `docs/develop/_changelog.md`; no
    /// file includes that page.
    #[test]
    fn includers_of_a_tree() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/myst-include");
        let root = std::fs::canonicalize(&root).unwrap_or(root);
        let i = Includers::of_tree(&root);
        let page = i.includer(&root.join("CHANGELOG.md"));
        assert_eq!(
            page,
            Some(root.join("docs/develop/_changelog.md").as_path())
        );
        assert_eq!(i.includer(&root.join("docs/develop/_changelog.md")), None);
    }
}
