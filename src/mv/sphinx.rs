//! `urilint mv` for Sphinx cross-references: the targets of `:doc:`,
//! `:download:` and `toctree` entries ([`crate::format::sphinx_xref`])
//! of a reStructuredText or MyST page of a Sphinx project, written again
//! when the document or file they name moves, or when the page itself
//! moves and they are relative (issue 51: a move in pallets/flask's docs
//! left 62 `sphinx-build -W` warnings, every one a `toctree` entry or a
//! `:doc:` role `mv` did not read).
//!
//! A target keeps its form: relative to the page's directory or, after
//! `/`, to the source directory; with or without its source suffix. A
//! `:ref:` names a label, which moves with its document: nothing to
//! write. Left alone and named: a target written over several lines, one
//! that would leave the source directory, and, in a moved page, a
//! relative target that was missing before the move. Sources: Sphinx
//! documentation, "Cross-referencing documents" (`:doc:`), "Referencing
//! downloadable files", "Table of contents" (`toctree`).

use std::path::{Path, PathBuf};

use super::edits::{Doc, Found, Outcome, Resolver};
use super::plan::{after, relative_path};
use crate::format::sphinx_xref::{self, Xref, XrefKind};
use crate::site::lexically_clean;

/// The cross-references of the document `bytes` (of kind `doc`) that
/// name documents or files, as links to write again: each with its kind.
/// Only reStructuredText and Markdown (MyST) pages have them.
pub(super) fn xrefs(doc: Doc, bytes: &[u8]) -> Vec<(Found, XrefKind)> {
    let found = match doc {
        Doc::Rst => sphinx_xref::in_rst(bytes),
        Doc::Markdown => sphinx_xref::in_myst(bytes),
        _ => return Vec::new(),
    };
    found
        .into_iter()
        .filter(|x| x.kind != XrefKind::Ref)
        .map(|x| {
            let exact = bytes.get(x.span.clone()) == Some(x.target.as_bytes());
            let found = Found {
                span: x.span.start as u64..x.span.end as u64,
                text: x.target.clone(),
                exact,
            };
            (found, x.kind)
        })
        .collect()
}

impl Resolver<'_> {
    /// What the moves do to the cross-reference of `kind` naming `target`
    /// (as written) in the page `doc` (absolute, before the moves).
    pub(super) fn xref_outcome(&self, doc: &Path, kind: XrefKind, target: &str) -> Outcome {
        let Some(site) = self.site_of(doc) else {
            return Outcome::Same;
        };
        let Some(settings) = site.layout.sphinx_xrefs.as_ref() else {
            return Outcome::Same;
        };
        let x = Xref {
            kind,
            target: target.to_string(),
            span: 0..0,
            glob: false,
        };
        let external = target
            .split_once(':')
            .is_some_and(|(k, _)| settings.intersphinx_keys.iter().any(|i| i == k));
        if external || target.contains(['*', '?', '[']) {
            return Outcome::Same;
        }
        let source = &site.layout.source_dir;
        let exts: Vec<&str> = site.layout.page_extensions.clone();
        let doc_after = after(self.moves, doc);
        let moved_doc = doc_after != doc;
        let (name, written_ext) = match x.kind {
            k if k.names_a_file() => (target, None),
            _ => split_suffix(target, &exts),
        };
        let joined = match name.strip_prefix('/') {
            Some(rooted) => source.join(rooted),
            None => doc.parent().unwrap_or(Path::new("")).join(name),
        };
        let joined = lexically_clean(&joined);
        let Some(file) = existing(&joined, x.kind, &exts) else {
            return if moved_doc && !name.starts_with('/') {
                Outcome::Left("broken before the move: its target is missing".into())
            } else {
                Outcome::Same
            };
        };
        let file_after = after(self.moves, &file);
        if file_after == file && (!moved_doc || name.starts_with('/')) {
            return Outcome::Same;
        }
        if !x.kind.names_a_file() && !file_after.starts_with(source) {
            return Outcome::Left("the document moves out of the Sphinx source directory".into());
        }
        let new = match written(source, &doc_after, &file_after, name, written_ext, x.kind) {
            Some(n) => n,
            None => return Outcome::Left("a path that is not UTF-8".into()),
        };
        if new == target {
            Outcome::Same
        } else {
            Outcome::New(new)
        }
    }
}

/// The target naming `file_after` from the page at `page_after` (both
/// absolute), in the form `name` (as written, suffix split off) had:
/// rooted at `source` when it starts with `/`, else relative to the
/// page's folder; with the file's suffix when `written_ext` is `Some` (a
/// `:download:` always), else without. `None` for a path that is not
/// UTF-8. Also `check --since --fix`'s form for a document renamed since
/// the revision.
pub(crate) fn written(
    source: &Path,
    page_after: &Path,
    file_after: &Path,
    name: &str,
    written_ext: Option<&str>,
    kind: XrefKind,
) -> Option<String> {
    let path = if name.starts_with('/') {
        format!("/{}", relative_path(source, file_after)?)
    } else {
        relative_path(page_after.parent().unwrap_or(Path::new("")), file_after)?
    };
    if kind.names_a_file() || written_ext.is_some() {
        return Some(path);
    }
    // Without the suffix, as it was written.
    Some(match path.rsplit_once('.') {
        Some((stem, ext)) if !ext.contains('/') && !stem.is_empty() => stem.to_string(),
        _ => path,
    })
}

/// `target` without a source suffix of `exts` it ends with (`intro.rst`
/// gives `intro`), and that suffix.
pub(crate) fn split_suffix<'a>(target: &'a str, exts: &[&'a str]) -> (&'a str, Option<&'a str>) {
    for ext in exts {
        if let Some(stem) = target
            .strip_suffix(ext)
            .and_then(|s| s.strip_suffix('.'))
            .filter(|s| !s.is_empty())
        {
            return (stem, Some(ext));
        }
    }
    (target, None)
}

/// The file `joined` names: itself for a download, else the first of
/// `joined.EXT` for the source suffixes `exts` (and `.ipynb`) that is a
/// file.
fn existing(joined: &Path, kind: XrefKind, exts: &[&str]) -> Option<PathBuf> {
    if kind.names_a_file() {
        return joined.is_file().then(|| joined.to_path_buf());
    }
    exts.iter().copied().chain(["ipynb"]).find_map(|ext| {
        let mut s = joined.as_os_str().to_owned();
        s.push(".");
        s.push(ext);
        let p = PathBuf::from(s);
        p.is_file().then_some(p)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_are_split_and_kept_as_written() {
        assert_eq!(
            split_suffix("intro.rst", &["rst", "md"]),
            ("intro", Some("rst"))
        );
        assert_eq!(split_suffix("guide/intro", &["rst"]), ("guide/intro", None));
        assert_eq!(split_suffix(".rst", &["rst"]), (".rst", None));
    }
}
