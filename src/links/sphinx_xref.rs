//! Sphinx cross-references checked (`check --links local`): the targets
//! of `:doc:`, `:ref:`, `:download:` and `toctree` entries
//! ([`crate::format::sphinx_xref`]) of a document of a Sphinx project,
//! resolved as Sphinx resolves them ([`crate::site::sphinx_xref`]).
//!
//! A target is reported missing only when the model is sure: a label or
//! document that `sphinx.ext.intersphinx`, an extension or `conf.py` code
//! may still provide, a path the repository's `.gitignore` lists (a build
//! step makes it), or a project too large to read, is counted as not
//! checked with its reason. A target prefixed by an `intersphinx_mapping`
//! key names another project and is not looked at. Sources: Sphinx
//! documentation, "Cross-referencing syntax" (`:doc:`, `:ref:`,
//! `:download:`), "Table of contents" (`toctree`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{shown, LocalLinks};
use crate::format::sphinx_xref::{Xref, XrefKind};
use crate::site::files::Kind;
use crate::site::Site;

/// The document whose name the cross-references of a file resolve
/// against: the file itself when it is a source of a Sphinx project, or
/// the page that includes it.
pub struct XrefPage {
    site: Arc<Site>,
    /// The page (absolute, symbolic links resolved).
    page: PathBuf,
    /// The file's own path when it is a page included by another page
    /// (a target found from either place is found).
    also: Option<PathBuf>,
}

/// What a cross-reference leads to.
#[derive(Debug, PartialEq, Eq)]
pub enum XrefOutcome {
    /// It resolves, names another project, or was counted as not
    /// checked.
    Fine,
    /// Nothing of the project provides it, and the model is sure nothing
    /// would at build time.
    Missing {
        /// What is missing, for the message (`the document `x``).
        message: String,
        /// The path looked for (for `[links] ignore`), the project's
        /// `conf.py` for a label.
        path: PathBuf,
        /// The closest existing document, file or label, as it would be
        /// written, for "did you mean".
        suggestion: Option<String>,
        /// The files that would have been the target (one per source
        /// suffix for a document; none for a label), for `--since` to
        /// ask git whether one was renamed.
        candidates: Vec<PathBuf>,
        /// The page whose folder a relative target starts from, and the
        /// project's source directory, for writing a renamed target.
        page: PathBuf,
        /// The Sphinx source directory.
        source_dir: PathBuf,
    },
}

/// The reason a cross-reference of a project too large to read is not
/// checked.
pub const TOO_LARGE: &str = "labels of a Sphinx project too large to read";

/// The reason a cross-reference outside the source directory is not
/// checked.
pub const OUTSIDE: &str = "Sphinx documents named outside the source directory";

impl LocalLinks {
    /// The page the cross-references of `file` (found by walking `tree`)
    /// resolve against, when `file` is a source of a Sphinx project or
    /// is included by one; `None` otherwise (a reStructuredText file
    /// GitHub renders has no `:doc:`).
    pub fn sphinx_page(&self, tree: Option<&Path>, file: &Path) -> Option<XrefPage> {
        let sphinx = |s: &Arc<Site>| s.layout.sphinx_xrefs.is_some();
        if let Some((site, real)) = self.site_of(tree, file).filter(|(s, _)| sphinx(s)) {
            let includer = self.includer(tree, file, true);
            return Some(match includer {
                Some(page) => XrefPage {
                    site,
                    page: self.files.canonical(&page).unwrap_or(page),
                    also: Some(real),
                },
                None => XrefPage {
                    site,
                    page: real,
                    also: None,
                },
            });
        }
        let page = self.includer(tree, file, false)?;
        let (site, real) = self.site_of(tree, &page).filter(|(s, _)| sphinx(s))?;
        Some(XrefPage {
            site,
            page: real,
            also: None,
        })
    }

    /// Checks the cross-reference `x` of a file whose page is `page` ([`LocalLinks::sphinx_page`]); a target the
    /// model is unsure of is counted as not checked.
    pub fn check_xref(&self, page: &XrefPage, x: &Xref) -> XrefOutcome {
        let Some(xrefs) = page.site.layout.sphinx_xrefs.as_ref() else {
            return XrefOutcome::Fine;
        };
        // `python:tutorial/index`: another project's (intersphinx).
        let external = x
            .target
            .split_once(':')
            .is_some_and(|(key, _)| xrefs.intersphinx_keys.iter().any(|k| k == key));
        if external || (x.glob && x.target.contains(['*', '?', '['])) {
            return XrefOutcome::Fine;
        }
        // An include's path starts from the file the directive is in
        // (docutils' current source); a role's from the document.
        let first = match (x.kind, &page.also) {
            (XrefKind::Include, Some(own)) => own.as_path(),
            _ => page.page.as_path(),
        };
        let check = |from: &Path| match x.kind {
            XrefKind::Ref => self.check_label(page, x),
            XrefKind::Doc | XrefKind::Toctree => self.check_document(page, from, x),
            XrefKind::Download | XrefKind::Include => self.check_download(page, from, x),
        };
        let outcome = check(first);
        // A file a page includes: a target found from either place is
        // found.
        let retry = !matches!(outcome, Ok(XrefOutcome::Fine)) && x.kind != XrefKind::Ref;
        let outcome = match &page.also {
            Some(own) if retry && own.as_path() != first => match check(own) {
                Ok(XrefOutcome::Fine) => Ok(XrefOutcome::Fine),
                _ => outcome,
            },
            _ => outcome,
        };
        match outcome {
            Ok(o) => o,
            Err(reason) => {
                self.count_unsure(&page.site.layout.config, reason);
                XrefOutcome::Fine
            }
        }
    }

    /// A `:ref:` label: `Err` with the reason when not sure.
    fn check_label(&self, page: &XrefPage, x: &Xref) -> Result<XrefOutcome, String> {
        let site = &page.site;
        let Some(labels) = site.sphinx_labels() else {
            return Err(TOO_LARGE.to_string());
        };
        let label = crate::site::sphinx_xref::normalize(&x.target);
        if labels.contains(&label) {
            return Ok(XrefOutcome::Fine);
        }
        if let Some(why) = site
            .layout
            .sphinx_xrefs
            .as_ref()
            .and_then(|s| s.unsure_labels.clone())
        {
            return Err(why);
        }
        let suggestion = if self.budget.take(labels.len()) {
            super::suggest::closest(&label, labels.iter().map(String::as_str)).map(str::to_string)
        } else {
            None
        };
        Ok(XrefOutcome::Missing {
            message: format!(
                "the label {}, which no document of the Sphinx project ({}) defines",
                crate::lint::quote(&x.target),
                shown(&site.layout.config).display()
            ),
            path: site.layout.config.clone(),
            suggestion,
            candidates: Vec::new(),
            page: page.page.clone(),
            source_dir: site.layout.source_dir.clone(),
        })
    }

    /// Where `target` (relative to the page `from`'s directory, or to the
    /// source directory after `/`) lies, cleaned; `Err` when outside the
    /// source directory.
    fn sphinx_path(site: &Site, from: &Path, target: &str) -> Result<PathBuf, String> {
        let source = &site.layout.source_dir;
        let joined = match target.strip_prefix('/') {
            Some(rooted) => source.join(rooted),
            None => from.parent().unwrap_or(Path::new("")).join(target),
        };
        let clean = crate::site::lexically_clean(&joined);
        if clean.starts_with(source) {
            Ok(clean)
        } else {
            Err(OUTSIDE.to_string())
        }
    }

    /// A `:doc:` or `toctree` document: `Err` with the reason when not
    /// sure.
    fn check_document(
        &self,
        page: &XrefPage,
        from: &Path,
        x: &Xref,
    ) -> Result<XrefOutcome, String> {
        let site = &page.site;
        let l = &site.layout;
        let mut name = x.target.as_str();
        // A source suffix may be written (`intro.rst`).
        for ext in &l.page_extensions {
            if let Some(stem) = name
                .strip_suffix(ext)
                .and_then(|s| s.strip_suffix('.'))
                .filter(|s| !s.is_empty())
            {
                name = stem;
                break;
            }
        }
        let path = Self::sphinx_path(site, from, name)?;
        let candidates: Vec<PathBuf> = l
            .page_extensions
            .iter()
            .copied()
            .chain(["ipynb"])
            .map(|ext| with_suffix(&path, ext))
            .collect();
        if candidates.iter().any(|c| self.files.kind(c) == Kind::File) {
            return Ok(XrefOutcome::Fine);
        }
        let first = with_suffix(&path, l.page_extensions.first().copied().unwrap_or("rst"));
        self.sure_missing(site, &path)?;
        if let Some(why) = l
            .sphinx_xrefs
            .as_ref()
            .and_then(|s| s.unsure_documents.clone())
        {
            return Err(why);
        }
        // A folder without sources may be one an unknown extension fills.
        if let Some(why) = l
            .sphinx_xrefs
            .as_ref()
            .and_then(|s| s.unsure_folders.clone())
        {
            let dir = path.parent().unwrap_or(Path::new(""));
            if !self.holds_sources(dir, &l.page_extensions) {
                return Err(why);
            }
        }
        let suggestion = self.closest_file(&first).map(|f| {
            let stem = l
                .page_extensions
                .iter()
                .find_map(|e| f.strip_suffix(e).and_then(|s| s.strip_suffix('.')))
                .unwrap_or(&f);
            match name.rsplit_once('/') {
                Some((dir, _)) => format!("{dir}/{stem}"),
                None => stem.to_string(),
            }
        });
        Ok(XrefOutcome::Missing {
            message: format!(
                "the document {}, which has no source in the Sphinx project ({} looked for)",
                crate::lint::quote(&x.target),
                shown(&first).display()
            ),
            path: first,
            suggestion,
            candidates,
            page: from.to_path_buf(),
            source_dir: l.source_dir.clone(),
        })
    }

    /// True when the directory `dir` holds a file with one of
    /// `extensions` (read once per run, [`LocalLinks::closest_file`]'s
    /// listing).
    fn holds_sources(&self, dir: &Path, extensions: &[&str]) -> bool {
        std::fs::read_dir(dir).is_ok_and(|entries| {
            entries
                .flatten()
                .take(super::suggest::MAX_CANDIDATES)
                .any(|e| {
                    let name = e.file_name();
                    let name = name.to_string_lossy();
                    extensions.iter().any(|x| {
                        name.len() > x.len() + 1
                            && name.ends_with(x)
                            && name.as_bytes()[name.len() - x.len() - 1] == b'.'
                    })
                })
        })
    }

    /// A `:download:` or included file: `Err` with the reason when not
    /// sure. It may lie outside the source directory (`.. include::
    /// ../CHANGES.rst`), not outside the site's bound.
    fn check_download(
        &self,
        page: &XrefPage,
        from: &Path,
        x: &Xref,
    ) -> Result<XrefOutcome, String> {
        let site = &page.site;
        let source = &site.layout.source_dir;
        let joined = match x.target.strip_prefix('/') {
            Some(rooted) => source.join(rooted),
            None => from.parent().unwrap_or(Path::new("")).join(&x.target),
        };
        let path = crate::site::lexically_clean(&joined);
        if !site.inside_bound(&path) {
            return Err(OUTSIDE.to_string());
        }
        if self.files.kind(&path) != Kind::Missing {
            return Ok(XrefOutcome::Fine);
        }
        self.sure_missing(site, &path)?;
        let suggestion = self
            .closest_file(&path)
            .map(|f| match x.target.rsplit_once('/') {
                Some((dir, _)) => format!("{dir}/{f}"),
                None => f,
            });
        Ok(XrefOutcome::Missing {
            message: format!(
                "the file {}, which does not exist",
                crate::lint::quote(&x.target)
            ),
            path: path.clone(),
            suggestion,
            candidates: vec![path],
            page: from.to_path_buf(),
            source_dir: site.layout.source_dir.clone(),
        })
    }

    /// `Err` with the reason when a missing `path` of `site` may be made
    /// at build time: `.gitignore` lists it or a directory above it.
    fn sure_missing(&self, site: &Site, path: &Path) -> Result<(), String> {
        let listed = path
            .ancestors()
            .take_while(|a| a.starts_with(&site.layout.source_dir))
            .any(|a| site.made_at_build(a) || site.made_at_build(&with_any(a)));
        if listed {
            return Err(format!(
                "Sphinx sources that .gitignore lists ({}): a build step makes them",
                shown(&site.layout.source_dir).display()
            ));
        }
        Ok(())
    }
}

/// `path` with `.ext` appended to its last segment.
fn with_suffix(path: &Path, ext: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

/// `path` as a document of any suffix, for `.gitignore` patterns such
/// as `api/*.rst`.
fn with_any(path: &Path) -> PathBuf {
    with_suffix(path, "rst")
}
