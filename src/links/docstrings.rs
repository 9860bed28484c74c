//! The pages that render the docstrings of a Python file, found once per
//! tree ([`crate::site::docstrings::Rendering`], from the Markdown and
//! reStructuredText pages of the tree's walk), for `check --links local`
//! of the links in those docstrings: each is checked as a link of the
//! page that renders it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{LocalLinks, SiteChoice};
use crate::site::docstrings::Rendering;

/// The extensions (lowercase) of the pages read for mkdocstrings blocks
/// and autodoc directives.
const PAGES: &[&str] = &["md", "markdown", "rst", "txt"];

impl LocalLinks {
    /// What renders the docstrings of the Python file `file` (found in
    /// the walk of `tree`), with its real path: `None` when no page of
    /// the tree renders any (or site models are off).
    pub fn docstring_rendering(
        &self,
        tree: Option<&Path>,
        file: &Path,
    ) -> Option<(Arc<Rendering>, PathBuf)> {
        if self.site == SiteChoice::None {
            return None;
        }
        let real = self.files.canonical(file)?;
        let root = self.tree_of(tree, file);
        let root = std::fs::canonicalize(&root).unwrap_or(root);
        let rendering = {
            let mut memo = self.docstrings.lock().ok()?;
            memo.entry(root.clone())
                .or_insert_with(|| {
                    let pages: Vec<PathBuf> = super::included::documents(&root)
                        .into_iter()
                        .filter(|p| {
                            p.extension()
                                .and_then(|e| e.to_str())
                                .is_some_and(|e| PAGES.iter().any(|x| e.eq_ignore_ascii_case(x)))
                        })
                        .map(|p| std::fs::canonicalize(&p).unwrap_or(p))
                        .collect();
                    Arc::new(Rendering::of_pages(&pages, Some(&root), &self.sites))
                })
                .clone()
        };
        rendering.renders(&real).then_some((rendering, real))
    }
}
