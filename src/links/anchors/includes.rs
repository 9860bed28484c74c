//! Includes that bring headings into a page before it is rendered, and
//! directives whose output urilint cannot know.
//!
//! This module owns expanding, for the anchors of a page only, the lines
//! that pull another file in: pymdownx.snippets `--8<-- "file"` (MkDocs),
//! mdBook `{{#include file}}` (whole files; line ranges and anchors of
//! the directive are taken whole), reStructuredText `.. include:: file`
//! and AsciiDoc `include::file[]`. The included file is looked for beside
//! the page, then in the directories above it (snippets' `base_path` is
//! the directory MkDocs runs in). It also says when a page holds a
//! directive that writes headings urilint does not see (mkdocstrings and
//! mkdocs-click `::: identifier`): such a page's anchors are not complete.

use crate::site::slug::Renderer;
use std::path::{Path, PathBuf};

/// How deep includes are followed.
pub const MAX_DEPTH: usize = 4;

/// The most bytes a page grows to with its includes.
pub const MAX_EXPANDED: usize = 16 * 1024 * 1024;

/// How many directories above the page an included path is looked for.
pub const MAX_ABOVE: usize = 4;

/// A page's text with its include lines expanded ([`expand`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expanded {
    /// The text, each include line that was followed replaced by the
    /// included file's text.
    pub text: Vec<u8>,
    /// False when an include line names a file urilint did not read
    /// although the built page has its text: the file's place lies
    /// outside the directory `within` (it is not looked at), or it would
    /// go past [`MAX_DEPTH`] or [`MAX_EXPANDED`]. The page's anchors are
    /// then not all known. An include whose file is nowhere beside the
    /// page nor above it, with the search staying inside `within`, and an
    /// Antora resource id (`partial$x.adoc`, not a path) are left as they
    /// are and do not make the text incomplete.
    pub complete: bool,
}

/// `src`, the text of the page `path`, with each include line replaced by
/// the included file's text (recursively, up to [`MAX_DEPTH`] and
/// [`MAX_EXPANDED`] bytes); an include that cannot be found, or that
/// lies outside the directory `within` (symbolic links resolved; the tree
/// being checked: a page must not pull in files beside the checkout), is
/// left as it is, and said in [`Expanded::complete`]. Nothing outside
/// `within` is looked at, not even whether a file is there: the answer
/// is the same whatever lies outside.
pub fn expand(src: &[u8], path: &Path, within: Option<&Path>) -> Expanded {
    let mut out = Expanded {
        text: Vec::new(),
        complete: true,
    };
    if !may_include(src) {
        out.text = src.to_vec();
        return out;
    }
    let within = within.map(|w| std::fs::canonicalize(w).unwrap_or_else(|_| w.to_path_buf()));
    expand_at(src, path, within.as_deref(), 0, &mut out);
    out
}

fn expand_at(src: &[u8], path: &Path, within: Option<&Path>, depth: usize, out: &mut Expanded) {
    let dir = page_dir(path, within);
    for line in src.split_inclusive(|&b| b == b'\n') {
        let room = MAX_EXPANDED.saturating_sub(out.text.len());
        let included = match target(line).map(|t| locate(dir.as_deref(), &t, within)) {
            Some(Located::File(p)) if depth < MAX_DEPTH => match read_up_to(&p, room) {
                Some(bytes) => Some((p, bytes)),
                None => {
                    out.complete = false;
                    None
                }
            },
            Some(Located::File(_) | Located::Outside) => {
                out.complete = false;
                None
            }
            Some(Located::Missing) | None => None,
        };
        match included {
            Some((p, bytes)) => {
                expand_at(&bytes, &p, within, depth + 1, out);
                if !out.text.ends_with(b"\n") {
                    out.text.push(b'\n');
                }
            }
            _ => out.text.extend_from_slice(line),
        }
        if out.text.len() > MAX_EXPANDED {
            out.text.truncate(MAX_EXPANDED);
            out.complete = false;
            break;
        }
    }
}

/// The files the include lines of `src` (the text of the page `path`)
/// name, in order, found as [`expand`] finds them (beside the page, then
/// in the directories above; only inside `within` when given), one level
/// deep: where go to definition looks for an anchor the page's own text
/// does not have.
pub fn included(src: &[u8], path: &Path, within: Option<&Path>) -> Vec<PathBuf> {
    if !may_include(src) {
        return Vec::new();
    }
    let within = within.map(|w| std::fs::canonicalize(w).unwrap_or_else(|_| w.to_path_buf()));
    let dir = page_dir(path, within.as_deref());
    src.split(|&b| b == b'\n')
        .filter_map(target)
        .filter_map(|t| match locate(dir.as_deref(), &t, within.as_deref()) {
            Located::File(p) => Some(p),
            Located::Outside | Located::Missing => None,
        })
        .collect()
}

/// The file `path` when it holds at most `room` bytes; `None` when it
/// holds more or cannot be read.
fn read_up_to(path: &Path, room: usize) -> Option<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(room as u64 + 1)
        .read_to_end(&mut bytes)
        .ok()?;
    (bytes.len() <= room).then_some(bytes)
}

/// False when no line of `src` can be an include ([`target`]): it holds
/// neither `--8<--` nor `include::` nor `{{#include` (one search each
/// over the page, not a look at every line).
fn may_include(src: &[u8]) -> bool {
    use memchr::memmem::find;
    find(src, b"include::").is_some()
        || find(src, b"--8<--").is_some()
        || find(src, b"{{#include").is_some()
}

/// The path an include line names, when `line` is one.
fn target(line: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(line).ok()?.trim();
    let quoted = |s: &str| -> Option<String> {
        let s = s.trim();
        let q = s.chars().next().filter(|c| *c == '"' || *c == '\'')?;
        let rest = &s[1..];
        Some(rest[..rest.find(q)?].to_string())
    };
    if let Some(rest) = text.strip_prefix("--8<--") {
        // `--8<-- "file"`, also `--8<-- "file:3:5"` (lines: taken whole).
        let t = quoted(rest)?;
        let t = t.split(':').next().unwrap_or_default().to_string();
        return (!t.is_empty() && !t.starts_with(';')).then_some(t);
    }
    if let Some(rest) = text.strip_prefix("{{#include ") {
        let t = rest.strip_suffix("}}")?.trim();
        return Some(t.split(':').next().unwrap_or_default().to_string());
    }
    if let Some(rest) = text.strip_prefix(".. include::") {
        let t = rest.trim();
        return (!t.is_empty() && !t.starts_with('<')).then(|| t.to_string());
    }
    if let Some(rest) = text.strip_prefix("include::") {
        let t = &rest[..rest.find('[')?];
        return (!t.is_empty() && !t.contains('{')).then(|| t.to_string());
    }
    None
}

/// Where the file an include line names is ([`locate`]).
#[derive(Debug, PartialEq, Eq)]
enum Located {
    /// The file, inside `within`.
    File(PathBuf),
    /// The search left `within` before finding the file (or found it
    /// through a symbolic link leading out): not looked at.
    Outside,
    /// Nowhere beside the page nor in the directories above it.
    Missing,
}

/// The directory of the page `page` that [`locate`] searches from:
/// made canonical when there is a `within` (which [`expand`] makes
/// canonical), so that the two compare; `None` for a page without one.
/// Once per page, not per include line.
fn page_dir(page: &Path, within: Option<&Path>) -> Option<PathBuf> {
    let d = page.parent()?;
    Some(match within {
        Some(_) => std::fs::canonicalize(d).unwrap_or_else(|_| d.to_path_buf()),
        None => d.to_path_buf(),
    })
}

/// The file `target` names, from the page whose directory is `dir`
/// ([`page_dir`]): beside the page, then in the directories above (at
/// most [`MAX_ABOVE`]); inside `within` only (canonical, as [`expand`]
/// makes it), where a place outside is [`Located::Outside`] without a
/// look at the file system.
fn locate(dir: Option<&Path>, target: &str, within: Option<&Path>) -> Located {
    // An Antora resource id (`partial$x.adoc`, `ROOT:example$y.rs`) is
    // not a path: Antora finds it in the component's family directory.
    if target.contains(['\0', '$']) || Path::new(target).is_absolute() {
        return Located::Missing;
    }
    let Some(dir) = dir else {
        return Located::Missing;
    };
    // The joined paths are cleaned of `..` without following links, and
    // compared with `within`.
    for d in dir.ancestors().take(MAX_ABOVE + 1) {
        let p = crate::site::lexically_clean(&d.join(target));
        if within.is_some_and(|w| !p.starts_with(w)) {
            return Located::Outside;
        }
        if p.is_file() {
            let inside =
                within.is_none_or(|w| std::fs::canonicalize(&p).is_ok_and(|r| r.starts_with(w)));
            return if inside {
                Located::File(p)
            } else {
                Located::Outside
            };
        }
    }
    Located::Missing
}

/// What a page's own text does not say of its anchors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generated {
    /// Nothing: its anchors are its headings and explicit ids.
    Nothing,
    /// Ids that the renderer's slugs cannot be (`config.blog_dir`,
    /// `+type:abstract`): a hook replaces headings whose only text is an
    /// HTML comment, or shortcode comments on a line of their own
    /// (mkdocs-material's `<!-- md:setting ... -->`, `<!-- md:option ...
    /// -->`).
    Unmintable,
    /// Any ids: a directive writes headings (mkdocstrings and
    /// mkdocs-click `::: identifier`, Hugo shortcodes, Liquid includes).
    Any,
}

/// What the page `src`, rendered by `renderer`, generates beyond its
/// text ([`Generated`]). A `::: identifier` line is a directive
/// (mkdocstrings, mkdocs-click) only where Python-Markdown renders: for
/// markdown-it (VitePress `::: tip`, `::: details`, `::: code-group`) and
/// Docusaurus (`:::note`) it opens a container, which mints no id.
pub fn generated(src: &[u8], renderer: Renderer) -> Generated {
    let python_markdown = matches!(
        renderer,
        Renderer::PythonMarkdown | Renderer::PythonMarkdownUnicode | Renderer::Pymdownx { .. }
    );
    let mut found = Generated::Nothing;
    // Every pattern below holds `:::`, `{{`, `{%` or `<!--`: a page with
    // none of them is done with four searches.
    {
        use memchr::memmem::find;
        if find(src, b"<!--").is_none()
            && find(src, b"{{").is_none()
            && find(src, b"{%").is_none()
            && !(python_markdown && find(src, b":::").is_some())
        {
            return found;
        }
    }
    for line in src.split(|&b| b == b'\n') {
        let directive = python_markdown
            && line.strip_prefix(b":::").is_some_and(|rest| {
                rest.first() == Some(&b' ') && rest.iter().any(|b| b.is_ascii_alphanumeric())
            });
        // Templates that can write anything, headings too: Hugo shortcodes
        // (`{{% include "/_common/x.md" %}}`, `{{< code-toggle >}}`) and
        // Liquid includes (`{% include x.md %}`, Jekyll).
        let template = memchr::memmem::find(line, b"{{%").is_some()
            || memchr::memmem::find(line, b"{{<").is_some()
            || memchr::memmem::find(line, b"{% include").is_some();
        if directive || template {
            return Generated::Any;
        }
        let t = line.trim_ascii();
        let hashes = t.iter().take_while(|&&b| b == b'#').count();
        let rest = t[hashes..].trim_ascii();
        let hooked =
            (1..=6).contains(&hashes) && rest.starts_with(b"<!--") && rest.ends_with(b"-->");
        let shortcode = t.starts_with(b"<!-- ")
            && t.ends_with(b"-->")
            && t[5..]
                .iter()
                .take_while(|b| !b.is_ascii_whitespace())
                .any(|&b| b == b':');
        if hooked || shortcode {
            found = Generated::Unmintable;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn include_lines() {
        assert_eq!(
            target(b"--8<-- \"CONTRIBUTING.md\"\n").as_deref(),
            Some("CONTRIBUTING.md")
        );
        assert_eq!(
            target(b"{{#include ../x.md:2:5}}").as_deref(),
            Some("../x.md")
        );
        assert_eq!(
            target(b".. include:: ../CHANGES.rst").as_deref(),
            Some("../CHANGES.rst")
        );
        assert_eq!(
            target(b"include::partial$x.adoc[]").as_deref(),
            Some("partial$x.adoc")
        );
        assert_eq!(target(b"include::{x}/y.adoc[]"), None);
        assert_eq!(target(b"text --8<-- \"x\""), None);
        assert_eq!(
            generated(
                b"# CLI\n\n::: mkdocs-click\n    :module: x\n",
                Renderer::PythonMarkdown
            ),
            Generated::Any
        );
        // A markdown-it container (VitePress) mints no id.
        assert_eq!(
            generated(b"# Guide\n\n::: tip Note\nx\n:::\n", Renderer::Vitepress),
            Generated::Nothing
        );
        assert_eq!(
            generated(
                b"#### <!-- md:setting config.blog_dir -->\n",
                Renderer::Github
            ),
            Generated::Unmintable
        );
        assert_eq!(
            generated(b"## Caret <!-- x -->, Mark\n", Renderer::Github),
            Generated::Nothing
        );
        assert_eq!(
            generated(b"<!-- md:option type:abstract -->\n", Renderer::Github),
            Generated::Unmintable
        );
        assert_eq!(
            generated(b"<!-- a plain comment -->\n", Renderer::Github),
            Generated::Nothing
        );
        assert_eq!(
            generated(b"{{% include \"/_common/scope.md\" %}}\n", Renderer::Github),
            Generated::Any
        );
        assert_eq!(
            generated(b"{% include docs_contents.html %}\n", Renderer::Github),
            Generated::Any
        );
    }

    #[test]
    fn expanded_from_above() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let docs = dir.path().join("docs/about");
        std::fs::create_dir_all(&docs).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(
            dir.path().join("CONTRIBUTING.md"),
            "# Contributing\n\n## Installing for development\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let page = docs.join("contributing.md");
        let out = expand(b"--8<-- \"CONTRIBUTING.md\"\n", &page, Some(dir.path()));
        assert_eq!(
            out.text,
            b"# Contributing\n\n## Installing for development\n"
        );
        assert!(out.complete);
        // A page including itself stops at the depth limit.
        std::fs::write(&page, "--8<-- \"contributing.md\"\n").unwrap_or_else(|e| panic!("{e}"));
        let looped = expand(b"--8<-- \"contributing.md\"\n", &page, None);
        assert!(looped.text.len() < 100);
        assert!(!looped.complete);
        // Not outside the tree checked.
        let outside = expand(
            b"--8<-- \"CONTRIBUTING.md\"\n",
            &page,
            Some(&dir.path().join("docs")),
        );
        assert_eq!(outside.text, b"--8<-- \"CONTRIBUTING.md\"\n");
        // Outside the tree: not read, and the page's text is not all
        // known, whether or not the file is there.
        assert!(!outside.complete);
        let absent = expand(
            b"--8<-- \"NOWHERE.md\"\n",
            &page,
            Some(&dir.path().join("docs")),
        );
        assert_eq!(absent, outside_of(b"--8<-- \"NOWHERE.md\"\n"));
        // An Antora resource id is not a file beside the page: left as it
        // is, the rest of the page known.
        let antora = expand(b"include::partial$x.adoc[]\n", &page, Some(dir.path()));
        assert_eq!(antora.text, b"include::partial$x.adoc[]\n");
        assert!(antora.complete);
        // Not found, the search staying inside the tree (a deep tree):
        // left as it is, the rest of the page known.
        let deep = dir.path().join("a/b/c/d/e");
        std::fs::create_dir_all(&deep).unwrap_or_else(|e| panic!("{e}"));
        let missing = expand(
            b"--8<-- \"NOWHERE.md\"\n",
            &deep.join("p.md"),
            Some(dir.path()),
        );
        assert_eq!(missing.text, b"--8<-- \"NOWHERE.md\"\n");
        assert!(missing.complete);
    }

    fn outside_of(text: &[u8]) -> Expanded {
        Expanded {
            text: text.to_vec(),
            complete: false,
        }
    }
}
