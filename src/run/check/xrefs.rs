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
            InputFormat::Rst => sphinx_xref::in_rst(&unit.raw),
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
            } = links.check_xref(&page, x)
            {
                if self.link_ignore.is_some_and(|i| i.ignores(&target)) {
                    continue;
                }
                if let Some(d) = self.xref_finding(unit, x, message, suggestion) {
                    out.push(d);
                }
            }
        }
        out
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
