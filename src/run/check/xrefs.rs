//! `--links local` for the Sphinx cross-references of one document:
//! `:doc:`, `:ref:`, `:download:` and `toctree` entries
//! ([`crate::format::sphinx_xref`]) checked through the site model
//! ([`crate::links::LocalLinks::check_xref`]) and reported as `L001` (a
//! document or file) or `L002` (a label), placed at the target as
//! written.

use super::*;
use crate::format::origin::Origin;
use crate::format::sphinx_xref::{self, Xref, XrefKind};
use crate::format::unit::Unit;
use crate::links::XrefOutcome;
use crate::lint::rules::{missing_anchor, missing_local_target};
use crate::lint::Diagnostic;
use crate::run::InputFormat;

impl Checker<'_> {
    /// The findings of the Sphinx cross-references of `unit` (a
    /// reStructuredText or Markdown document, `format`), in document
    /// order; none unless `--links local` is on and the document belongs
    /// to a Sphinx project (or is included by one of its pages).
    pub(super) fn xref_findings(&self, unit: &Unit, format: InputFormat) -> Vec<Diagnostic> {
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
        let xrefs = match format {
            InputFormat::Rst => {
                // Read only where a cheap look finds a role or directive
                // (the parse reads the document's literals again).
                let raw = &unit.raw;
                let any = [&b":`"[..], b"toctree::", b"include::"]
                    .iter()
                    .any(|n| memchr::memmem::find(raw, n).is_some());
                if !any {
                    return out;
                }
                sphinx_xref::in_rst(raw)
            }
            InputFormat::Markdown => {
                // Roles and toctrees in Markdown are MyST's, read only
                // where a cheap look finds one.
                let raw = &unit.raw;
                if memchr::memmem::find(raw, b"}`").is_none()
                    && memchr::memmem::find(raw, b"{toctree}").is_none()
                {
                    return out;
                }
                sphinx_xref::in_myst(raw)
            }
            _ => return out,
        };
        if xrefs.is_empty() {
            return out;
        }
        let Some(page) = links.sphinx_page(tree, path) else {
            return out;
        };
        for x in &xrefs {
            if let XrefOutcome::Missing {
                message,
                path: target,
                suggestion,
                candidates,
                page,
                source_dir,
            } = links.check_xref(&page, x)
            {
                if self.link_ignore.is_some_and(|i| i.ignores(&target)) {
                    continue;
                }
                let renamed = self.renamed_since(x, &candidates, &page, &source_dir);
                if let Some(mut d) = self.xref_finding(unit, x, message, suggestion) {
                    if let Some((said, mut fix)) = renamed {
                        d.message = crate::lint::bounded(format!("{}; {said}", d.message));
                        // The new name replaces the target as written.
                        if let Some(e) = fix.as_mut().and_then(|f| f.edits.first_mut()) {
                            e.start = d.uri_span.start;
                            e.end = d.uri_span.end;
                        }
                        d.fix = fix.or(d.fix.take());
                        self.moved_links
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .insert(d.byte_offset);
                    }
                    out.push(d);
                }
            }
        }
        out
    }

    /// With `--since`: when git says one of `candidates` (the files the
    /// document or file of `x` would be) was renamed or deleted since the
    /// revision, what the message says of it and, for a rename, the safe
    /// fix to the new name in the target's form (rooted at `source_dir`
    /// or relative to `page`'s folder, with the suffix if it was written;
    /// as `urilint mv` writes it, [`crate::mv::sphinx::written`]). Such a
    /// finding is reported by `--since` on any line (issue 51).
    fn renamed_since(
        &self,
        x: &Xref,
        candidates: &[std::path::PathBuf],
        page: &std::path::Path,
        source_dir: &std::path::Path,
    ) -> Option<(String, Option<crate::fix::Fix>)> {
        let (since, _) = self.since.as_ref()?;
        let moved = candidates.iter().find_map(|c| since.moved_target(c))?;
        let said = moved.describe(&since.rev);
        let crate::since::Moved::Renamed { to } = moved else {
            return Some((said, None));
        };
        let exts = ["rst", "md", "txt", "ipynb"];
        let (name, written_ext) = match x.kind {
            k if k.names_a_file() => (x.target.as_str(), None),
            _ => crate::mv::sphinx::split_suffix(&x.target, &exts),
        };
        let new = crate::mv::sphinx::written(source_dir, page, &to, name, written_ext, x.kind)?;
        let fix = crate::fix::Fix {
            message: format!("name {}, the new place", crate::lint::quote(&new)),
            // Placed on the finding's span by the caller.
            edits: vec![crate::fix::Edit {
                start: 0,
                end: 0,
                replacement: new,
            }],
            applicability: crate::fix::Applicability::Safe,
        };
        Some((said, Some(fix)))
    }

    /// The finding for the cross-reference `x` of `unit` whose target is
    /// missing; `None` when its rule is off.
    fn xref_finding(
        &self,
        unit: &Unit,
        x: &Xref,
        message: String,
        suggestion: Option<String>,
    ) -> Option<Diagnostic> {
        let rule = match x.kind {
            XrefKind::Ref => missing_anchor::RULE,
            _ => missing_local_target::RULE,
        };
        if !self.rules.enabled(rule.code) {
            return None;
        }
        let mut message = format!("{} names {message}", x.kind.name());
        if let Some(s) = &suggestion {
            message = missing_local_target::with_suggestion(message, s);
        }
        let file = unit.offset + x.span.start as u64..unit.offset + x.span.end as u64;
        let start = unit.position(file.start);
        let end = unit.position(file.end);
        // In the editor: "did you mean" as an unsafe quick fix.
        let fix = suggestion
            .filter(|_| self.in_editor)
            .map(|s| crate::fix::Fix {
                message: format!("write {}", crate::lint::quote(&s)),
                edits: vec![crate::fix::Edit {
                    start: file.start,
                    end: file.end,
                    replacement: s,
                }],
                applicability: crate::fix::Applicability::Unsafe,
            });
        Some(Diagnostic {
            path: self.name.clone(),
            line: start.line,
            column: start.column,
            byte_offset: file.start,
            end_line: end.line,
            end_column: end.column,
            uri_span: file,
            code: rule.code,
            rule: rule.name,
            severity: self.rules.severity(&rule),
            message: crate::lint::bounded(message),
            uri: x.target.clone(),
            fix,
            origin: Some(Box::new(Origin {
                segment: "sphinx-xref",
                field: Some(x.kind.name().to_string()),
                decoded_line: start.line,
                decoded_column: start.column,
                ..Origin::default()
            })),
            remote: None,
        })
    }
}
