//! Code actions (LSP 3.17 `textDocument/codeAction`): each finding's
//! fix, an `urilint: ignore[CODE]` marker on its line, and every safe fix
//! of the document at once (`source.fixAll.urilint`), each a
//! `WorkspaceEdit` of the document at the version it was checked at.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, OptionalVersionedTextDocumentIdentifier,
    TextDocumentEdit, WorkspaceEdit,
};

use super::convert;
use super::documents::{Document, Encoding};
use crate::fix::{Applicability, Edit};
use crate::lint::Diagnostic;

/// The kind of an unsafe fix: a quick fix never preferred, which a client
/// asking only for `quickfix` still gets (kinds are hierarchical).
pub const UNSAFE_FIX: &str = "quickfix.urilint.unsafe";

/// The kind of "fix all safe fixes in this file" (as `check --fix`).
pub const FIX_ALL: &str = "source.fixAll.urilint";

/// The kinds the server offers (`codeActionProvider.codeActionKinds`).
pub fn kinds() -> Vec<CodeActionKind> {
    vec![
        CodeActionKind::QUICKFIX,
        CodeActionKind::new(UNSAFE_FIX),
        CodeActionKind::new(FIX_ALL),
    ]
}

/// True when the client's `only` filter (`None`: every kind) admits
/// `kind`: a kind is admitted by itself and by each of its prefixes
/// (`quickfix` admits `quickfix.urilint.unsafe`).
pub fn wanted(only: Option<&[CodeActionKind]>, kind: &str) -> bool {
    only.is_none_or(|only| {
        only.iter().any(|o| {
            let o = o.as_str();
            kind == o
                || kind
                    .strip_prefix(o)
                    .is_some_and(|rest| rest.starts_with('.'))
        })
    })
}

/// How a client takes an edit of a document.
#[derive(Clone, Copy, Debug, Default)]
pub struct EditStyle {
    /// The client takes `documentChanges` (versioned edits): the edit is
    /// then refused by a client whose text has changed since.
    pub document_changes: bool,
}

/// A `WorkspaceEdit` of `doc` made of `edits` (byte offsets of its text).
pub fn workspace_edit(
    doc: &Document,
    enc: Encoding,
    style: EditStyle,
    edits: &[Edit],
) -> WorkspaceEdit {
    let text_edits = convert::text_edits(doc, enc, edits);
    if style.document_changes {
        WorkspaceEdit {
            document_changes: Some(lsp_types::DocumentChanges::Edits(vec![TextDocumentEdit {
                text_document: OptionalVersionedTextDocumentIdentifier {
                    uri: doc.uri.clone(),
                    version: Some(doc.version),
                },
                edits: text_edits.into_iter().map(lsp_types::OneOf::Left).collect(),
            }])),
            ..WorkspaceEdit::default()
        }
    } else {
        WorkspaceEdit {
            changes: Some(HashMap::from([(doc.uri.clone(), text_edits)])),
            ..WorkspaceEdit::default()
        }
    }
}

/// The quick fixes of finding `d` of `doc`: its fix (safe: kind
/// `quickfix`, preferred; unsafe: [`UNSAFE_FIX`], never preferred), and
/// `ignore` (the marker's edits, when the file has a place for one).
pub fn for_finding(
    doc: &Document,
    enc: Encoding,
    style: EditStyle,
    d: &Diagnostic,
    ignore: Option<Vec<Edit>>,
    only: Option<&[CodeActionKind]>,
) -> Vec<CodeActionOrCommand> {
    let lsp = convert::diagnostic(doc, enc, d);
    let mut out = Vec::new();
    if let Some(fix) = &d.fix {
        let safe = fix.applicability == Applicability::Safe;
        let kind = if safe { "quickfix" } else { UNSAFE_FIX };
        if wanted(only, kind) {
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!(
                    "urilint ({}): {}{}",
                    d.code,
                    fix.message,
                    if safe { "" } else { " (unsafe)" }
                ),
                kind: Some(CodeActionKind::new(kind)),
                diagnostics: Some(vec![lsp.clone()]),
                edit: Some(workspace_edit(doc, enc, style, &fix.edits)),
                is_preferred: Some(safe),
                ..CodeAction::default()
            }));
        }
    }
    if let (Some(edits), true) = (ignore, wanted(only, "quickfix")) {
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: format!(
                "urilint ({}): ignore here (urilint: ignore[{}])",
                d.code, d.code
            ),
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![lsp]),
            edit: Some(workspace_edit(doc, enc, style, &edits)),
            is_preferred: Some(false),
            ..CodeAction::default()
        }));
    }
    out
}

/// "Fix all safe fixes in this file": the edits `check --fix` would
/// write, as one action of kind [`FIX_ALL`]; `None` when there are none.
pub fn fix_all(
    doc: &Document,
    enc: Encoding,
    style: EditStyle,
    edits: &[Edit],
) -> Option<CodeActionOrCommand> {
    if edits.is_empty() {
        return None;
    }
    Some(CodeActionOrCommand::CodeAction(CodeAction {
        title: "urilint: fix all safe fixes in this file".to_string(),
        kind: Some(CodeActionKind::new(FIX_ALL)),
        edit: Some(workspace_edit(doc, enc, style, edits)),
        ..CodeAction::default()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_hierarchical() {
        let q = [CodeActionKind::QUICKFIX];
        assert!(wanted(Some(&q), "quickfix"));
        assert!(wanted(Some(&q), UNSAFE_FIX));
        assert!(!wanted(Some(&q), FIX_ALL));
        let source = [CodeActionKind::SOURCE];
        assert!(wanted(Some(&source), FIX_ALL));
        let fix_all = [CodeActionKind::SOURCE_FIX_ALL];
        assert!(wanted(Some(&fix_all), FIX_ALL));
        assert!(!wanted(Some(&[CodeActionKind::new("quick")]), "quickfix"));
        assert!(wanted(None, FIX_ALL));
    }
}
