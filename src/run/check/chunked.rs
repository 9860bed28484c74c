//! Report mode over one large mapped plain-text input split across the
//! run's threads ([`crate::split`], [`crate::run::scan_split`]): each
//! chunk linted on the thread that scans it, its findings placed in the
//! whole input and filtered by the suppression markers as an unsplit
//! check filters them, the chunks' output taken into the input's in order.
//!
//! What a check keeps per input, and how it holds over chunks:
//!
//! - **Lines and offsets**: each finding is moved by its chunk's start
//!   and the line breaks before it ([`Diagnostic::move_by`]); the lines
//!   around it (the line before, the excerpt, columns in another unit)
//!   are read back from the whole file, through the handle held on it.
//! - **`urilint: disable` blocks**: a pass over each chunk before it is
//!   scanned finds its last block marker ([`BlockMarker`]), summed in
//!   chunk order ([`crate::split::Prefix`]): a chunk starts in the state
//!   the chunks before it leave, and looks for block markers only from
//!   its own start on.
//! - **`urilint: ignore` on the line before** is read from the whole
//!   file by each chunk's lines ([`crate::lines::Lines`] over the held
//!   handle), as in one pass (a chunk starts after an empty line, so the
//!   line before its first line holds no marker in either reading).
//! - **Other linters' disable comments and the test regions of a Rust
//!   file** are read from the head of the whole file, once per input
//!   ([`Heads`]: the first chunk that needs them reads them, the others
//!   take its copy), as in one pass.
//! - **Counts** (URIs, findings per rule and severity, fixable, fixes
//!   withheld: [`crate::run::Stats`], [`Checker::withheld`]) are sums:
//!   they are counted from every thread, and said once at the input's
//!   end.
//! - **The remote check's first pass** notes each `http` and `https` URI
//!   in the order first seen: each chunk notes into a collection of its
//!   own, handed to the run's in chunk order ([`ChunkJob::end`]).
//!
//! - **`--since`** keeps a finding by its lines (the whole file's, once
//!   moved) and, for links, by offsets noted in decoded inputs only: the
//!   same answer per finding wherever the chunk starts.
//! - **What the scanner carries** (the end of the last URI, a delimited
//!   form, a hyphen-broken or hard-wrapped line, the 16 bytes of context
//!   a rule reads before a URI) does not cross a cut: the argument of
//!   [`crate::split`].
//! - **State kept per document of a decoded format** (a Markdown
//!   document's links and definitions, L003 to L005; Sphinx
//!   cross-references; local links and the links `--since` says moved):
//!   such inputs are never split.
//!
//! Not split (see [`Checker::splits`]): findings collected for
//! `--add-ignore` (their order is the file's), and everything not read
//! as mapped plain text (fixes, standard input, decoded formats).

use std::fs::File;

use super::checker::Checker;
use crate::format::writes::Writes;
use crate::lines::Lines;
use crate::lint::suppress::BlockMarker;
use crate::lint::{Diagnostic, Linter};
use crate::pipeline::Sink;
use crate::remote::RemoteLinks;
use crate::run::{ChunkBase, ChunkJob};
use crate::scan::Found;

/// A later chunk's last block marker wins ([`BlockMarker::then`]).
impl crate::split::Summary for BlockMarker {
    fn then(self, later: &BlockMarker) -> BlockMarker {
        BlockMarker::then(self, later)
    }
}

/// One input's report over chunks ([`ChunkJob`]).
pub(super) struct SplitReport<'c, 'a> {
    /// The input's check.
    pub(super) checker: &'c Checker<'a>,
    /// The second handle on the file, lines are read back through.
    pub(super) held: Option<&'c File>,
    /// What the file takes of a fix.
    pub(super) writes: Writes,
    /// The run's remote links while they are collected (the first pass
    /// of `--links remote`); `None` otherwise.
    pub(super) collecting: Option<&'c RemoteLinks>,
    /// What a chunk's lines read once from the head of the file for
    /// suppression (other linters' comments, a Rust file's test
    /// regions), shared with the chunks that have not read it yet.
    pub(super) heads: Heads,
}

/// What [`Lines`] reads once per input from its head for suppression
/// ([`crate::lint::suppress::suppressed`]): the same for every chunk,
/// so read by the first chunk that needs it and handed to the others.
#[derive(Default)]
pub(super) struct Heads {
    foreign: std::sync::OnceLock<crate::lint::suppress::Foreign>,
    rust_tests: std::sync::OnceLock<Vec<std::ops::Range<u64>>>,
}

impl Heads {
    /// Gives `lines` what another chunk read already.
    fn lend<S>(&self, lines: &mut Lines<S>) {
        if lines.foreign.is_none() {
            lines.foreign = self.foreign.get().cloned();
        }
        if lines.rust_tests.is_none() {
            lines.rust_tests = self.rust_tests.get().cloned();
        }
    }

    /// Keeps what `lines` read, for the chunks after.
    fn keep<S>(&self, lines: &Lines<S>) {
        if let Some(f) = &lines.foreign {
            if self.foreign.get().is_none() {
                let _ = self.foreign.set(f.clone());
            }
        }
        if let Some(r) = &lines.rust_tests {
            if self.rust_tests.get().is_none() {
                let _ = self.rust_tests.set(r.clone());
            }
        }
    }
}

/// One chunk's state ([`ChunkJob::State`]).
pub(super) struct ChunkCheck<'c> {
    /// Lines of the whole file, block markers applied up to the chunk.
    lines: Option<Lines<&'c File>>,
    /// The findings of the current item.
    found: Vec<Diagnostic>,
    /// While remote links are collected: the run's linter noting into a
    /// collection of the chunk's own.
    linter: Option<Linter>,
}

impl<'c> ChunkJob for SplitReport<'c, '_> {
    type Carry = BlockMarker;
    type State = ChunkCheck<'c>;

    fn carry(&self, bytes: &[u8]) -> BlockMarker {
        BlockMarker::last_in(bytes)
    }

    fn begin(&self, base: &ChunkBase<'_, BlockMarker>) -> ChunkCheck<'c> {
        let linter = self.collecting.map(|_| Linter {
            remote: Some(std::sync::Arc::new(RemoteLinks::collecting())),
            ..self.checker.linter.clone()
        });
        ChunkCheck {
            lines: self
                .held
                .map(|f| Lines::with_scanned_markers_from(f, base.bytes, base.carried.state())),
            found: Vec::new(),
            linter,
        }
    }

    fn found(
        &self,
        found: Found<'_>,
        state: &mut ChunkCheck<'c>,
        base: &ChunkBase<'_, BlockMarker>,
        sink: &mut Sink<'_, '_>,
    ) {
        if let Some(lines) = state.lines.as_mut() {
            lines.note_scanned_markers_at(&found, base.bytes);
        }
        state.found.clear();
        let linter = state.linter.as_ref().unwrap_or(self.checker.linter);
        self.checker
            .lint_with(linter, &found, &mut state.found, true);
        if state.found.is_empty() {
            return;
        }
        let lines = base.lines();
        for d in &mut state.found {
            d.move_by(base.bytes, lines);
            self.checker.text_policy(self.writes, d, true);
        }
        if let Some(lines) = state.lines.as_mut() {
            self.heads.lend(lines);
        }
        self.checker
            .emit_unsuppressed(&state.found, state.lines.as_mut(), sink);
        if let Some(lines) = &state.lines {
            self.heads.keep(lines);
        }
    }

    fn end(&self, state: ChunkCheck<'c>, _: &mut Sink<'_, '_>) {
        let (Some(run), Some(own)) = (self.collecting, state.linter.and_then(|l| l.remote)) else {
            return;
        };
        for uri in own.collected() {
            run.note(&uri);
        }
    }
}

#[cfg(test)]
mod tests;
