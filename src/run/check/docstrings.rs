//! `--links local` for the links in the docstrings of a Python file that
//! pages of the tree render (mkdocstrings, Sphinx autodoc;
//! [`crate::site::docstrings`]): each link is checked as a link of the
//! page that surely renders it ([`LocalLinks::check_within`], or
//! [`LocalLinks::check_xref`] for a `:doc:` or `:download:` role), and
//! reported as `L001` or `L002` at its bytes in the Python file. A link
//! of a docstring that a page only may render is counted as not checked,
//! with the reason, as is every link of a file whose docstrings a page
//! renders but that the format layer cannot read.

use super::*;
use crate::format::origin::Origin;
use crate::format::python_docstring::{self, DocLink};
use crate::format::sphinx_xref::{Xref, XrefKind};
use crate::lines::ReadAt;
use crate::links::{Problem, XrefOutcome};
use crate::lint::rules::{missing_anchor, missing_local_target};
use crate::lint::Diagnostic;

/// A link found broken on the page that renders it: the rule and the
/// message.
type Broken = (crate::lint::rules::Rule, String);

impl Checker<'_> {
    /// The findings of the docstring links of the Python file checked, in
    /// file order; none unless `--links local` is on, the input is a
    /// `.py` file, and a page of the tree renders its docstrings.
    /// The file is read through `held`, the handle the scan read (never
    /// by its path again).
    pub(super) fn docstring_findings(&self, held: Option<&std::fs::File>) -> Vec<Diagnostic> {
        self.docstring_findings_read(|| match held {
            Some(f) => read_bounded(f),
            // No handle: nothing to read, nothing to say.
            None => Err(String::new()),
        })
    }

    /// [`Checker::docstring_findings`] of the file's text `src` as a fix
    /// pass reads it (the edits found so far laid over it).
    pub(super) fn docstring_findings_of<S: ReadAt>(&self, src: S) -> Vec<Diagnostic> {
        self.docstring_findings_read(|| read_bounded(src))
    }

    /// [`Checker::docstring_findings`], the file's bytes given by `read`
    /// (an empty reason: nothing to read, nothing said).
    fn docstring_findings_read(
        &self,
        read: impl FnOnce() -> Result<Vec<u8>, String>,
    ) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let Some(links) = self.links else {
            return out;
        };
        let rules = [missing_local_target::RULE.code, missing_anchor::RULE.code];
        if !rules.iter().any(|r| self.rules.enabled(r)) {
            return out;
        }
        let Some((path, tree)) = self.link_document() else {
            return out;
        };
        let python = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("py"));
        if !python {
            return out;
        }
        let Some((rendering, real)) = links.docstring_rendering(tree, path) else {
            return out;
        };
        let bytes = match read() {
            Ok(b) => b,
            Err(why) => {
                if !why.is_empty() {
                    links.count_not_checked(tree, path, &why);
                }
                return out;
            }
        };
        let docstrings = match python_docstring::docstrings(&bytes) {
            Ok(d) => d,
            Err(e) => {
                let why =
                    format!("links in the docstrings of a Python file that is not read ({e})");
                links.count_not_checked(tree, path, &why);
                return out;
            }
        };
        for d in &docstrings {
            let pages = rendering.pages(&real, &d.object);
            let Some(markup) = pages.markup else {
                continue;
            };
            // mkdocs-autorefs' cross-references broken since `--since`'s
            // revision, as on the page that surely renders it.
            if let (python_docstring::Markup::Markdown, Some(page)) = (markup, pages.sure.first()) {
                out.extend(self.docstring_autorefs(links, tree, &bytes, d, page));
            }
            for link in d.links(&bytes, markup) {
                if link.xref.is_none() && crate::grammar::has_scheme(link.text.trim()) {
                    // Not a local link (`--links remote` reads the URIs
                    // of the file's text).
                    continue;
                }
                if pages.sure.is_empty() {
                    if let Some((page, why)) = pages.maybe.first() {
                        let why = format!("links in docstrings that a page may render ({why})");
                        links.count_not_checked(tree, page, &why);
                    }
                    continue;
                }
                let broken = pages
                    .sure
                    .iter()
                    .find_map(|page| self.broken_on(links, tree, page, &link));
                if let Some((rule, message)) = broken {
                    if self.rules.enabled(rule.code) {
                        out.push(self.docstring_finding(&bytes, &link, &rule, message));
                    }
                }
            }
        }
        out.sort_by_key(|d| d.byte_offset);
        out
    }

    /// What is wrong with the docstring link `link` on the page `page`
    /// that renders it; `None` when it resolves there (or is not
    /// checked, counted by the checks themselves).
    fn broken_on(
        &self,
        links: &LocalLinks,
        tree: Option<&std::path::Path>,
        page: &std::path::Path,
        link: &DocLink,
    ) -> Option<Broken> {
        let shown = crate::links::shown(page);
        let on = format!("(in a docstring rendered on {})", shown.display());
        if let Some(kind) = link.xref {
            if kind == XrefKind::Include {
                return None;
            }
            let xpage = links.sphinx_page(tree, page)?;
            let x = Xref {
                kind,
                target: link.text.clone(),
                span: 0..0,
                glob: false,
            };
            let XrefOutcome::Missing { message, path, .. } = links.check_xref(&xpage, &x) else {
                return None;
            };
            if self.link_ignore.is_some_and(|i| i.ignores(&path)) {
                return None;
            }
            let rule = match kind {
                XrefKind::Ref => missing_anchor::RULE,
                _ => missing_local_target::RULE,
            };
            return Some((rule, format!("{} names {message} {on}", kind.name())));
        }
        let problem = links.check_within(tree, page, &link.text, None)?;
        let ignored = match &problem {
            Problem::MissingTarget { path, .. } | Problem::MissingAnchor { path, .. } => {
                self.link_ignore.is_some_and(|i| i.ignores(path))
            }
            Problem::MissingPage { url, .. } => {
                self.link_ignore.is_some_and(|i| i.ignores_url(url))
            }
        };
        if ignored {
            return None;
        }
        let shown_target = |p: &std::path::Path| crate::links::shown(p);
        let (rule, message, suggestion) = match &problem {
            Problem::MissingTarget { path, suggestion } => (
                missing_local_target::RULE,
                missing_local_target::message(&shown_target(path)),
                suggestion,
            ),
            Problem::MissingPage {
                url,
                generator,
                config,
                suggestion,
            } => (
                missing_local_target::RULE,
                missing_local_target::page_message(url, generator, config),
                suggestion,
            ),
            Problem::MissingAnchor {
                path,
                fragment,
                suggestion,
            } => (
                missing_anchor::RULE,
                missing_anchor::message(&shown_target(path), fragment),
                suggestion,
            ),
        };
        let message = match suggestion {
            Some(s) if rule.code == missing_anchor::RULE.code => {
                missing_anchor::with_suggestion(message, s)
            }
            Some(s) => missing_local_target::with_suggestion(message, s),
            None => message,
        };
        Some((rule, format!("{message} {on}")))
    }

    /// The finding of rule `rule` for the docstring link `link` of the
    /// file `bytes`.
    fn docstring_finding(
        &self,
        bytes: &[u8],
        link: &DocLink,
        rule: &crate::lint::rules::Rule,
        message: String,
    ) -> Diagnostic {
        let span = link.span.start as u64..link.span.end as u64;
        let start = position_in(bytes, link.span.start);
        let end = position_in(bytes, link.span.end);
        Diagnostic {
            path: self.name.clone(),
            line: start.line,
            column: start.column,
            byte_offset: span.start,
            end_line: end.line,
            end_column: end.column,
            uri_span: span,
            code: rule.code,
            rule: rule.name,
            severity: self.rules.severity(rule),
            message: crate::lint::bounded(message),
            uri: link.text.clone(),
            fix: None,
            origin: Some(Box::new(Origin {
                segment: "python-docstring",
                field: link.xref.map(|k| k.name().to_string()),
                decoded_line: start.line,
                decoded_column: start.column,
                ..Origin::default()
            })),
            remote: None,
        }
    }
}

/// The 1-based line and column of the 0-based byte offset `at` of the
/// file `bytes` (the end of the file when `at` lies past it).
pub(super) fn position_in(bytes: &[u8], at: usize) -> crate::position::Position {
    let mut t = crate::position::LineTracker::new();
    t.advance(bytes.get(..at).unwrap_or(bytes));
    t.position()
}

/// The bytes of the Python file `src` (read at offsets from its start),
/// up to [`python_docstring::MAX_BYTES`]; the reason it is not read
/// otherwise.
fn read_bounded<S: ReadAt>(mut src: S) -> Result<Vec<u8>, String> {
    let not_read =
        |e: std::io::Error| format!("links in the docstrings of a Python file not read ({e})");
    let mut bytes = vec![0u8; python_docstring::MAX_BYTES + 1];
    let mut len = 0;
    while len < bytes.len() {
        match src.read_at(len as u64, &mut bytes[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(not_read(e)),
        }
    }
    if len > python_docstring::MAX_BYTES {
        return Err(format!(
            "links in the docstrings of a Python file larger than {} bytes",
            python_docstring::MAX_BYTES
        ));
    }
    bytes.truncate(len);
    Ok(bytes)
}
