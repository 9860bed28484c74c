//! `check` on one document held in memory: an editor's buffer, checked as
//! `urilint check` checks the file it stands for (`urilint server`).
//!
//! The document is an [`Input::Document`] named by its file's path: its
//! format is detected from that name and its bytes, the configuration
//! nearest to the file applies ([`crate::config::Hierarchy`]), suppression
//! markers are honoured, and with local links on, its relative links are
//! looked for in the tree ([`crate::links::LocalLinks`]) as the file's
//! would be. Nothing is written: the findings carry their fixes as edits
//! of the document's bytes, and [`DocumentChecker::fix_all`] gives the
//! edits `check --fix` would write.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};

use super::check::{check_input, CheckOptions, Editor, EditorWant};
use super::{JsonExtras, RunOptions, Stats};
use crate::fix::Edit;
use crate::format::detect::InputFormat;
use crate::lint::Diagnostic;
use crate::pipeline::{self, Outputs, PipelineOptions};
use crate::source::Input;

/// Checks documents held in memory with the settings of one `check` run.
#[derive(Clone, Debug)]
pub struct DocumentChecker {
    /// The run's settings (grammar, formats, mail options, ...); its
    /// `paths` are not read.
    pub opts: RunOptions,
    /// `check`'s settings (rules, configurations, local links). Its mode
    /// is not used: documents are never written.
    pub check: CheckOptions,
    /// The directory tree the documents' files are in (an editor's
    /// workspace folder): relative links are resolved within it, as for a
    /// walk from that directory. `None`: the filesystem root bounds them.
    pub tree: Option<PathBuf>,
}

/// The first findings of a document ([`DocumentChecker::first_findings`]).
#[derive(Clone, Debug, Default)]
pub struct FirstFindings {
    /// The findings kept, in the order `check` reports them.
    pub kept: Vec<Diagnostic>,
    /// How many findings came after those kept (counted, not held).
    pub left_out: u64,
}

/// What [`DocumentChecker`] found in a document.
#[derive(Clone, Debug, Default)]
pub struct Checked<T> {
    /// The findings, or the edits.
    pub value: T,
    /// What `check` would have said on standard error about the document
    /// (skipped as binary, an invalid urilint.toml, read only in part),
    /// one line each, without a trailing newline.
    pub messages: Vec<String>,
}

impl DocumentChecker {
    /// The findings of the document `bytes`, standing for the file `path`,
    /// as `urilint check` reports them (suppressed findings left out; an
    /// excluded file or one under an invalid configuration has none, and
    /// says why in [`Checked::messages`]): lines and columns 1-based,
    /// columns in Unicode scalar values, byte offsets 0-based into
    /// `bytes`. Each finding's fix, when it has one, is placed where
    /// the file takes it ([`crate::format::writes`]), as edits of `bytes`.
    pub fn findings(&self, path: &Path, bytes: Arc<[u8]>) -> Checked<Vec<Diagnostic>> {
        let first = self.first_findings(path, bytes, usize::MAX);
        Checked {
            value: first.value.kept,
            messages: first.messages,
        }
    }

    /// The first `max` findings of the document, as [`Self::findings`]
    /// gives them, and how many more it has: those past `max` are
    /// counted, never held (M9 of the 2026-11-29 review: a language
    /// server held every finding of a 48 MB file, 5.6 GB).
    pub fn first_findings(
        &self,
        path: &Path,
        bytes: Arc<[u8]>,
        max: usize,
    ) -> Checked<FirstFindings> {
        let editor = Editor {
            tree: self.tree.as_deref(),
            want: EditorWant::Findings,
            found: Mutex::new(Vec::new()),
            max_found: max,
            left_out: AtomicU64::new(0),
            edits: Mutex::new(None),
        };
        let messages = self.run(path, bytes, &editor);
        Checked {
            value: FirstFindings {
                kept: editor.found.into_inner().unwrap_or_else(|p| p.into_inner()),
                left_out: editor.left_out.into_inner(),
            },
            messages,
        }
    }

    /// The edits `urilint check --fix` would write into the document
    /// (safe fixes, and unsafe ones when the linter has `unsafe_fixes`):
    /// every fix pass to a fixed point, as edits of `bytes`, sorted and
    /// not overlapping; none for mail and other files urilint never
    /// writes.
    pub fn fix_all(&self, path: &Path, bytes: Arc<[u8]>) -> Checked<Vec<Edit>> {
        let editor = Editor {
            tree: self.tree.as_deref(),
            want: EditorWant::FixAll,
            found: Mutex::new(Vec::new()),
            max_found: usize::MAX,
            left_out: AtomicU64::new(0),
            edits: Mutex::new(None),
        };
        let messages = self.run(path, bytes, &editor);
        Checked {
            value: editor
                .edits
                .into_inner()
                .unwrap_or_else(|p| p.into_inner())
                .unwrap_or_default(),
            messages,
        }
    }

    /// The edit that puts an `urilint: ignore[CODE]` marker for the
    /// finding of rule `code` at byte offset `at` (0-based) of the
    /// document `bytes` (the file `path`), as `check --add-ignore` writes
    /// it ([`crate::fix::add_ignore`]), or why there is none (the format
    /// has no comments, the place is code, the marker would change how
    /// the file parses).
    ///
    /// # Errors
    /// The reason no marker is placed, as a sentence.
    pub fn ignore_marker(
        &self,
        path: &Path,
        bytes: &[u8],
        at: u64,
        code: &str,
    ) -> Result<Vec<Edit>, String> {
        use crate::fix::add_ignore;
        let format = match self.opts.input_format {
            InputFormat::Auto => crate::format::detect::detect(bytes, path),
            f => f,
        };
        let writes = crate::format::writes::writes(format, path, bytes);
        if let crate::format::writes::Writes::ReportOnly(w) = writes {
            return Err(w.reason());
        }
        let layout = add_ignore::Layout::of(format, bytes);
        let syntax = add_ignore::comment_syntax(format, path);
        let syntax = add_ignore::mdx_in_site(syntax, path, &add_ignore::Sites::default());
        let mut markers = add_ignore::marker_edits(bytes, syntax, &layout, &[(at, code)]);
        if let Some(kind) = add_ignore::verified_as(format, writes) {
            add_ignore::keep_verified(bytes, kind, &mut markers);
        }
        match markers.unmarked.first() {
            Some(&(_, why)) => Err(why.reason().to_string()),
            None if markers.edits.is_empty() => Err("no place for a marker".to_string()),
            None => Ok(markers.edits),
        }
    }

    /// Runs `check`'s per-input job on the document for `editor`; returns
    /// the messages it said.
    fn run(&self, path: &Path, bytes: Arc<[u8]>, editor: &Editor<'_>) -> Vec<String> {
        let input = Input::Document {
            name: path.to_path_buf(),
            bytes,
        };
        let mut out: Vec<u8> = Vec::new();
        let mut err: Vec<u8> = Vec::new();
        let opts = RunOptions {
            threads: 1,
            ..self.opts.clone()
        };
        let scan = super::scan_options(&opts, true);
        let extras = JsonExtras::of(&RunOptions {
            summary: false,
            label: None,
            ..opts.clone()
        });
        let stats = Stats::default();
        let outputs = Outputs {
            out: &mut out,
            err: &mut err,
        };
        let result = pipeline::run(
            std::iter::once(Ok(input)),
            &PipelineOptions::new(1, false),
            outputs,
            |input, sink| {
                check_input(
                    &opts,
                    &self.check,
                    &scan,
                    (&extras, &crate::fix::add_ignore::Sites::default()),
                    input,
                    &stats,
                    sink,
                    Some(editor),
                )
            },
            |e, sink| sink.message(&format!("urilint: {e}")),
        );
        let mut messages: Vec<String> = String::from_utf8_lossy(&err)
            .lines()
            .map(str::to_string)
            .collect();
        if let Err(e) = result {
            messages.push(format!("urilint: {e}"));
        }
        messages
    }
}
