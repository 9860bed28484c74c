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
//!
//! The checker's events go to a collecting sink ([`crate::sink::Collect`]):
//! the findings and the [`Notice`]s come back as values; nothing is
//! rendered, and no output is read back.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::check::{check_input, CheckOptions, Editor, EditorWant};
use super::{RunOptions, Stats};
use crate::fix::Edit;
use crate::format::detect::InputFormat;
use crate::lint::Diagnostic;
use crate::pipeline::{self, Events, Outputs, PipelineOptions};
use crate::sink::{Collect, Notice, Sink as _};
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
#[derive(Debug, Default)]
pub struct Checked<T> {
    /// The findings, or the edits.
    pub value: T,
    /// What `check` would have said on standard error about the document
    /// (skipped as binary, an invalid urilint.toml, read only in part),
    /// in order: each one's `Display` is the line `check` prints, before
    /// control characters are escaped ([`crate::output::escape::text`]).
    pub notices: Vec<Notice>,
}

impl DocumentChecker {
    /// The findings of the document `bytes`, standing for the file `path`,
    /// as `urilint check` reports them (suppressed findings left out; an
    /// excluded file or one under an invalid configuration has none, and
    /// says why in [`Checked::notices`]): lines and columns 1-based,
    /// columns in Unicode scalar values, byte offsets 0-based into
    /// `bytes`. Each finding's fix, when it has one, is placed where
    /// the file takes it ([`crate::format::writes`]), as edits of `bytes`.
    pub fn findings(&self, path: &Path, bytes: Arc<[u8]>) -> Checked<Vec<Diagnostic>> {
        let first = self.first_findings(path, bytes, usize::MAX);
        Checked {
            value: first.value.kept,
            notices: first.notices,
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
            edits: Mutex::new(None),
        };
        let collected = self.run(path, bytes, &editor, max);
        Checked {
            value: FirstFindings {
                kept: collected.diagnostics,
                left_out: collected.left_out,
            },
            notices: collected.notices,
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
            edits: Mutex::new(None),
        };
        let collected = self.run(path, bytes, &editor, 0);
        Checked {
            value: editor
                .edits
                .into_inner()
                .unwrap_or_else(|p| p.into_inner())
                .unwrap_or_default(),
            notices: collected.notices,
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
    /// what it emitted: its first `max` findings (and how many more) and
    /// its notices.
    fn run(&self, path: &Path, bytes: Arc<[u8]>, editor: &Editor<'_>, max: usize) -> Collect {
        let input = Input::Document {
            name: path.to_path_buf(),
            bytes,
        };
        // Nothing is written to either: every event goes to `collect`.
        let (mut out, mut err) = (std::io::sink(), std::io::sink());
        let collect = Mutex::new(Collect::new(max));
        let opts = RunOptions {
            threads: 1,
            ..self.opts.clone()
        };
        let scan = super::scan_options(&opts, true);
        let stats = Stats::default();
        let outputs = Outputs {
            out: &mut out,
            err: &mut err,
        };
        let result = pipeline::run_with(
            std::iter::once(Ok(input)),
            &PipelineOptions::new(1, false),
            outputs,
            Events::To(&collect),
            |input, sink| {
                check_input(
                    &opts,
                    &self.check,
                    &scan,
                    &crate::fix::add_ignore::Sites::default(),
                    input,
                    &stats,
                    sink,
                    Some(editor),
                    crate::split::SplitOptions::default(),
                )
            },
            |e, sink| {
                sink.notice(Notice::Walk {
                    error: e.to_string(),
                })
            },
        );
        let mut collected = collect.into_inner().unwrap_or_else(|p| p.into_inner());
        if let Err(e) = result {
            collected.notices.push(Notice::Error(e));
        }
        collected
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::workspace::{Folder, ServerOptions};

    fn checker() -> DocumentChecker {
        Folder::new(None, &ServerOptions::default()).checker
    }

    /// What `check` says about a document reaches the server as the typed
    /// [`Notice`], not as text read back from standard error: a UTF-16
    /// buffer is skipped with [`Notice::Utf16`] naming it, and its text is
    /// the line `check` prints.
    #[test]
    fn a_notice_reaches_the_server_typed() {
        let bytes: Arc<[u8]> = Arc::from(&b"\xff\xfeh\0t\0"[..]);
        let checked = checker().findings(Path::new("/d/a.txt"), bytes);
        assert!(checked.value.is_empty());
        match &checked.notices[..] {
            [n @ Notice::Utf16 { name }] => {
                assert_eq!(name, "/d/a.txt");
                assert_eq!(
                    n.to_string(),
                    "urilint: /d/a.txt: skipped: UTF-16 text (byte-order mark); \
                     convert it to UTF-8 to scan it"
                );
            }
            other => panic!("{other:?}"),
        }
    }

    /// The findings come from the collecting sink: the first `max` kept in
    /// file order, the rest counted; no notice for a plain document.
    #[test]
    fn first_findings_keep_max_and_count_the_rest() {
        let text = "http://a.example/%zz http://b.example/%zz http://c.example/%zz\n";
        let bytes: Arc<[u8]> = Arc::from(text.as_bytes());
        let all = checker().findings(Path::new("/d/a.txt"), bytes.clone());
        assert!(all.value.len() >= 3, "{:?}", all.value);
        assert!(all.notices.is_empty(), "{:?}", all.notices);
        let first = checker().first_findings(Path::new("/d/a.txt"), bytes, 2);
        assert_eq!(first.value.kept[..], all.value[..2]);
        assert_eq!(first.value.left_out, all.value.len() as u64 - 2);
        assert!(first
            .value
            .kept
            .windows(2)
            .all(|w| w[0].byte_offset <= w[1].byte_offset));
    }
}
