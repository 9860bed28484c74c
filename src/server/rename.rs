//! `workspace/willRenameFiles` (LSP 3.17, "WillRenameFiles Request"):
//! when the editor is about to move pages or folders, the edits of every
//! link that leads to them, and of the moved pages' own relative links,
//! as `urilint mv` would write them ([`crate::mv::plan()`], the same library
//! call; nothing is moved or written here: the client applies the edit,
//! then renames).
//!
//! The edits are of the files as they are before the rename (the client
//! applies the workspace edit first). A document the editor holds with
//! text other than the file's gets none (its offsets would be the
//! file's), and the log says so, as it names the links `mv` leaves alone.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use lsp_types::{
    FileOperationFilter, FileOperationPattern, FileOperationPatternKind,
    FileOperationRegistrationOptions, OptionalVersionedTextDocumentIdentifier, TextDocumentEdit,
    WorkspaceEdit,
};

use super::actions::EditStyle;
use super::convert;
use super::documents::{Document, Encoding};
use crate::fix::Edit;

/// The file name extensions of what the server takes renames of: the
/// documents whose links `urilint mv` reads and writes
/// (`mv::edits::Doc::of`), and the images pages link to.
pub const RENAMED_EXTENSIONS: &str =
    "md,markdown,mdx,html,htm,rst,adoc,asciidoc,png,jpg,jpeg,gif,svg,webp";

/// `workspace.fileOperations.willRename`'s filters: `file:` files with
/// one of [`RENAMED_EXTENSIONS`] (any case), and `file:` folders.
pub fn will_rename_filters() -> FileOperationRegistrationOptions {
    let filter = |glob: String, kind| FileOperationFilter {
        scheme: Some("file".to_string()),
        pattern: FileOperationPattern {
            glob,
            matches: Some(kind),
            options: Some(lsp_types::FileOperationPatternOptions {
                ignore_case: Some(true),
            }),
        },
    };
    FileOperationRegistrationOptions {
        filters: vec![
            filter(
                format!("**/*.{{{RENAMED_EXTENSIONS}}}"),
                FileOperationPatternKind::File,
            ),
            filter("**/*".to_string(), FileOperationPatternKind::Folder),
        ],
    }
}

/// What a rename request gives back: the edit (`None`: no link changes)
/// and the lines to log (links left alone, documents not edited).
#[derive(Debug, Default)]
pub struct Renamed {
    /// The edits of every document, before the rename.
    pub edit: Option<WorkspaceEdit>,
    /// What the log says: each link `mv` leaves alone and why, each
    /// document left unedited, each rename that could not be planned.
    pub log: Vec<String>,
}

/// The renames of `files` (`file:` URIs, old and new) grouped as `mv`
/// takes them: the renames into one directory under their own names (a
/// selection dragged into a folder) make one move of several sources;
/// any other is a move of its own.
fn moves(files: &[lsp_types::FileRename]) -> Vec<(Vec<PathBuf>, PathBuf)> {
    let pairs: Vec<(PathBuf, PathBuf)> = files
        .iter()
        .filter_map(|f| {
            Some((
                convert::file_path(&f.old_uri)?,
                convert::file_path(&f.new_uri)?,
            ))
        })
        .collect();
    let into_one_dir = pairs.len() > 1
        && pairs
            .iter()
            .all(|(old, new)| old.file_name() == new.file_name())
        && pairs
            .iter()
            .all(|(_, new)| new.parent() == pairs.first().and_then(|(_, n)| n.parent()));
    match (into_one_dir, pairs.first()) {
        (true, Some((_, first))) => {
            let dir = first.parent().map(Path::to_path_buf).unwrap_or_default();
            vec![(pairs.iter().map(|(old, _)| old.clone()).collect(), dir)]
        }
        _ => pairs
            .into_iter()
            .map(|(old, new)| (vec![old], new))
            .collect(),
    }
}

/// The edits for the renames of `params`: each planned by
/// [`crate::mv::plan()`] from `cwd_of` the first source (the workspace
/// folder holding it), as `urilint mv` run there plans it. `open` is the
/// documents the editor holds (their edits are versioned with
/// `documentChanges`; one whose text is not the file's gets none).
pub fn will_rename(
    params: &lsp_types::RenameFilesParams,
    open: &[&Document],
    enc: Encoding,
    style: EditStyle,
    cwd_of: impl Fn(&Path) -> PathBuf,
) -> Renamed {
    let mut out = Renamed::default();
    // Per document (its path before the move): its edits, in order.
    let mut edits: BTreeMap<PathBuf, Vec<Edit>> = BTreeMap::new();
    for (sources, dest) in moves(&params.files) {
        let Some(first) = sources.first() else {
            continue;
        };
        let plan = match crate::mv::plan(&sources, &dest, &cwd_of(first)) {
            Ok(p) => p,
            Err(e) => {
                out.log.push(format!("urilint: rename not followed: {e}"));
                continue;
            }
        };
        for l in &plan.left {
            out.log.push(format!(
                "urilint: {}:{}: {} left as it is: {}",
                crate::links::shown(&l.file).display(),
                l.line,
                l.link,
                l.reason
            ));
        }
        for (file, list) in plan.edits {
            let all = edits.entry(file).or_default();
            for e in list {
                // Two renames of one request that both change a link:
                // the first's edit is kept.
                if all
                    .iter()
                    .all(|a| a.end <= e.edit.start || e.edit.end <= a.start)
                {
                    all.push(e.edit);
                }
            }
        }
    }
    let mut changes = Vec::new();
    for (path, mut list) in edits {
        list.sort_by_key(|e| e.start);
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let Ok(uri) = convert::file_uri(&path).parse::<lsp_types::Uri>() else {
            continue;
        };
        let held = open.iter().find(|d| d.path == path);
        let doc = match held {
            Some(d) if d.text().as_bytes() != bytes.as_slice() => {
                out.log.push(format!(
                    "urilint: {}: links not updated: the editor's text is not the file's (save it first)",
                    crate::links::shown(&path).display()
                ));
                continue;
            }
            Some(d) => (*d).clone(),
            None => Document::new(
                uri.clone(),
                path.clone(),
                0,
                String::new(),
                String::from_utf8_lossy(&bytes).into_owned(),
            ),
        };
        let text_edits = convert::text_edits(&doc, enc, &list);
        changes.push((uri, held.map(|d| d.version), text_edits));
    }
    if changes.is_empty() {
        return out;
    }
    out.edit = Some(if style.document_changes {
        WorkspaceEdit {
            document_changes: Some(lsp_types::DocumentChanges::Edits(
                changes
                    .into_iter()
                    .map(|(uri, version, edits)| TextDocumentEdit {
                        text_document: OptionalVersionedTextDocumentIdentifier { uri, version },
                        edits: edits.into_iter().map(lsp_types::OneOf::Left).collect(),
                    })
                    .collect(),
            )),
            ..WorkspaceEdit::default()
        }
    } else {
        WorkspaceEdit {
            changes: Some(
                changes
                    .into_iter()
                    .map(|(uri, _, edits)| (uri, edits))
                    .collect(),
            ),
            ..WorkspaceEdit::default()
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_into_one_folder_are_one_move() {
        let r = |a: &str, b: &str| lsp_types::FileRename {
            old_uri: format!("file:///w/{a}"),
            new_uri: format!("file:///w/{b}"),
        };
        assert_eq!(
            moves(&[r("a.md", "d/a.md"), r("b.md", "d/b.md")]),
            vec![(
                vec![PathBuf::from("/w/a.md"), PathBuf::from("/w/b.md")],
                PathBuf::from("/w/d")
            )]
        );
        assert_eq!(
            moves(&[r("a.md", "d/x.md"), r("b.md", "d/b.md")]),
            vec![
                (vec![PathBuf::from("/w/a.md")], PathBuf::from("/w/d/x.md")),
                (vec![PathBuf::from("/w/b.md")], PathBuf::from("/w/d/b.md"))
            ]
        );
        assert_eq!(
            moves(&[r("a.md", "b.md")]),
            vec![(vec![PathBuf::from("/w/a.md")], PathBuf::from("/w/b.md"))]
        );
    }
}
