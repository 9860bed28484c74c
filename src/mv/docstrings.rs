//! `urilint mv` for the links in Python docstrings that a site renders
//! into its pages (mkdocstrings `::: module.Object`, Sphinx autodoc
//! `.. autoclass::` and the like; [`crate::site::docstrings`]): a
//! relative link there resolves against the page that renders it, so it
//! is resolved, and written again, as a link of that page (issue 51:
//! `mkdocs/plugins.py`'s `plugins.md#page-events`, rendered into
//! `docs/dev-guide/plugins.md`; flask's `:doc:`views``, rendered into
//! `docs/api.rst`).
//!
//! A link is written only inside the docstring literal, where the format
//! layer read it (`format::python_docstring`) and its bytes are the link
//! as read (no escape in the literal), and only when every page that
//! renders the docstring gives it the same new form. It is left alone and
//! named when a page may render it but the model is not sure (an option
//! that changes the members rendered), when the pages that render it
//! would write it differently, or when the literal has escapes. The file
//! is read again with the edits made, and must give the same docstrings
//! of the same objects, or none of its edits is kept.

use std::path::Path;

use super::edits::{Outcome, Resolver};
use super::{line_of, Left, LinkEdit, Plan};
use crate::fix::Edit;
use crate::format::python_docstring::{self, DocLink};
use crate::format::sphinx_xref::XrefKind;
use crate::site::docstrings::{Pages, Rendering};

/// True for a Python source file (`.py`).
pub(super) fn is_python(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("py"))
}

/// Adds to `out` the edits and the links left alone of the docstrings of
/// `file` that pages of the tree render (`rendering`); nothing for a
/// file that is not Python ([`is_python`]) or whose docstrings no page
/// renders.
pub(super) fn plan_file(
    resolver: &Resolver<'_>,
    rendering: &Rendering,
    file: &Path,
    out: &mut Plan,
) {
    if !is_python(file) {
        return;
    }
    let real = std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
    if !rendering.renders(&real) {
        return;
    }
    let bytes = match super::read_capped(file) {
        Ok(b) => b,
        Err(error) => {
            out.left.push(Left {
                file: file.to_path_buf(),
                line: 0,
                link: String::new(),
                reason: format!("its docstrings, which a page renders, are not read: {error}"),
            });
            return;
        }
    };
    let bytes = bytes.as_slice();
    let docstrings = match python_docstring::docstrings(bytes) {
        Ok(d) => d,
        Err(e) => {
            out.left.push(Left {
                file: file.to_path_buf(),
                line: 0,
                link: String::new(),
                reason: format!("its docstrings, which a page renders, are not read: {e}"),
            });
            return;
        }
    };
    let mut edits = Vec::new();
    for d in &docstrings {
        let pages = rendering.pages(&real, &d.object);
        let Some(markup) = pages.markup else {
            continue;
        };
        for link in d.links(bytes, markup) {
            if link.xref == Some(XrefKind::Ref) {
                continue;
            }
            match outcome(resolver, &pages, &link) {
                Outcome::Same => {}
                Outcome::Left(reason) => out.left.push(Left {
                    file: file.to_path_buf(),
                    line: line_of(bytes, link.span.start as u64),
                    link: link.text,
                    reason,
                }),
                Outcome::New(new) => edits.push(LinkEdit {
                    line: line_of(bytes, link.span.start as u64),
                    edit: Edit {
                        start: link.span.start as u64,
                        end: link.span.end as u64,
                        replacement: new.clone(),
                    },
                    old: link.text,
                    new,
                }),
            }
        }
    }
    super::one_edit_per_span(&mut edits);
    if edits.is_empty() {
        return;
    }
    let list: Vec<Edit> = edits.iter().map(|e| e.edit.clone()).collect();
    let after = crate::fix::apply_edits(bytes, &list);
    if !same_docstrings(&docstrings, &after) {
        for e in edits {
            out.left.push(Left {
                file: file.to_path_buf(),
                line: e.line,
                link: e.old,
                reason: "in a docstring, and the file would not read as the same docstrings with it written again".into(),
            });
        }
        return;
    }
    out.edits.insert(file.to_path_buf(), edits);
}

/// What the moves do to the docstring link `link`, rendered on `pages`.
fn outcome(resolver: &Resolver<'_>, pages: &Pages, link: &DocLink) -> Outcome {
    let of = |page: &Path| match link.xref {
        None => resolver.outcome(page, &link.text),
        Some(kind) => resolver.xref_outcome(page, kind, &link.text),
    };
    let sure: Vec<Outcome> = pages.sure.iter().map(|p| of(p)).collect();
    let maybe: Vec<Outcome> = pages.maybe.iter().map(|(p, _)| of(p)).collect();
    if sure.iter().chain(&maybe).all(|o| *o == Outcome::Same) {
        return Outcome::Same;
    }
    if let Some((page, why)) = pages.maybe.first() {
        return Outcome::Left(format!(
            "in a docstring that {} may render ({why}): the page it is read on is not sure",
            crate::links::shown(page).display()
        ));
    }
    let Some(first) = sure.first() else {
        return Outcome::Same;
    };
    if sure.iter().any(|o| o != first) {
        let shown: Vec<String> = pages
            .sure
            .iter()
            .map(|p| crate::links::shown(p).display().to_string())
            .collect();
        return Outcome::Left(format!(
            "in a docstring rendered on several pages ({}), from which it would be written differently",
            shown.join(", ")
        ));
    }
    match first {
        Outcome::New(_) if !link.exact => Outcome::Left(
            "in a docstring literal with escapes (its bytes are not the link as read), which is not written again".into(),
        ),
        o => o.clone(),
    }
}

/// True when `after` reads as docstrings of the same objects, in the same
/// order, as `before`.
fn same_docstrings(before: &[python_docstring::Docstring], after: &[u8]) -> bool {
    let Ok(now) = python_docstring::docstrings(after) else {
        return false;
    };
    now.len() == before.len() && now.iter().zip(before).all(|(a, b)| a.object == b.object)
}
