//! The `rewrite` job: rewrite URIs by prefix or regex across files.
//!
//! Each input is scanned once as a stream, every URI found is matched
//! against the mappings ([`crate::rewrite`]), the edits are chosen
//! ([`crate::fix::select`]) and the file is written back atomically as a
//! stream with them applied, or the diff or the list of changes is
//! printed. Memory is bounded by the edits, not by the file; standard
//! input is held in memory up to [`super::check::MAX_STDIN_FIX`] bytes.

use super::check::{read_stdin_capped, MAX_STDIN_FIX};
use super::{open_target, report_walk_error, scan_options, write_back, RunOptions, Stats};
use crate::error::Error;
use crate::fix::write::{Target, WritePolicy};
use crate::fix::{self, diff, write_edited, Fix, ReadAtReader};
use crate::lines::ReadAt;
use crate::pipeline::{self, Outputs, PipelineOptions, Sink};
use crate::rewrite::{edit_for, rewrite as rewrite_uri, Mapping};
use crate::scan::{Found, ScanOptions, Scanner};
use crate::source::Input;
use crate::walk;

/// What `rewrite` does with the changes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RewriteMode {
    /// Write the files and list the changes (the default).
    #[default]
    Write,
    /// List the changes, write nothing (`--dry-run`).
    DryRun,
    /// Print a unified diff, write nothing (`--diff`).
    Diff,
}

/// Settings of `rewrite` only.
#[derive(Clone, Debug)]
pub struct RewriteOptions {
    /// The mappings, tried in order; the first that applies wins.
    pub mappings: Vec<Mapping>,
    /// Write, dry run or diff.
    pub mode: RewriteMode,
    /// What writing may do (`--force`, `--hard-links`).
    pub write: WritePolicy,
}

/// `urilint rewrite`: rewrites the URIs of the inputs that a mapping
/// applies to. Lists each change as `path:line:column: OLD -> NEW` (plain)
/// unless [`RewriteMode::Diff`]. Standard input is written, rewritten, to
/// standard output.
///
/// # Errors
/// As [`super::extract`]. Files that cannot be written back (or that
/// changed meanwhile) are reported and counted in [`Stats::errors`].
pub fn rewrite(
    opts: &RunOptions,
    rw: &RewriteOptions,
    outputs: Outputs<'_>,
) -> Result<Stats, Error> {
    let stats = Stats::default();
    let scan = scan_options(opts, true);
    let inputs = walk::inputs(&opts.paths, &opts.walk)?;
    pipeline::run(
        inputs,
        &PipelineOptions::new(opts.threads, false),
        outputs,
        |input, sink| rewrite_input(input, rw, &scan, &stats, sink),
        |e, sink| report_walk_error(e, &stats, sink),
    )?;
    Ok(stats)
}

fn rewrite_input(
    input: &Input,
    rw: &RewriteOptions,
    scan: &ScanOptions,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
) {
    match input {
        Input::Stdin => match read_stdin_capped(MAX_STDIN_FIX) {
            Ok(bytes) => {
                let len = bytes.len() as u64;
                rewrite_source(input, (bytes.as_slice(), len), rw, scan, stats, sink, None);
            }
            Err(e) => {
                Stats::add(&stats.errors, 1);
                sink.message(&format!("urilint: -: {e}"));
            }
        },
        Input::File { .. } => {
            // Opened by the write protocol in every mode (regular files
            // only); for writing only when writing.
            let policy = (rw.mode == RewriteMode::Write).then_some(&rw.write);
            let Ok(target) = open_target(input, policy, stats, sink) else {
                return;
            };
            let digest = match rw.mode {
                RewriteMode::Write => match target.digest() {
                    Ok(d) => d,
                    Err(e) => {
                        Stats::add(&stats.errors, 1);
                        sink.message(&format!("urilint: {}: {e}", input.display_name()));
                        return;
                    }
                },
                _ => 0,
            };
            let len = target.len();
            rewrite_source(
                input,
                (target.file(), len),
                rw,
                scan,
                stats,
                sink,
                Some((&target, digest)),
            );
        }
    }
}

/// Rewrites the text of `src` (`len` bytes): one streaming pass of the
/// scanner collects the edits; the file is then written as a stream with
/// them applied. Memory is bounded by the edits.
fn rewrite_source<S: ReadAt + Clone>(
    input: &Input,
    (src, len): (S, u64),
    rw: &RewriteOptions,
    scan: &ScanOptions,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
    target: Option<(&Target, u64)>,
) {
    // Only for display (listing, diff headers, messages): escaped.
    let name = input.display_name();
    Stats::add(&stats.files, 1);
    Stats::add(&stats.bytes, len);
    let mut fixes: Vec<Fix> = Vec::new();
    let mut listing = Vec::new();
    let mut scanner = Scanner::new(ReadAtReader::new(src.clone()), scan.clone());
    loop {
        match scanner.next_found() {
            Ok(Some(Found::Uri(c))) => {
                Stats::add(&stats.uris, 1);
                if let Some((_, new)) = rewrite_uri(&rw.mappings, c.text()) {
                    if let Some(p) = c.start() {
                        listing.push(format!(
                            "{name}:{}:{}: {} -> {new}\n",
                            p.line,
                            p.column,
                            c.text()
                        ));
                    }
                    if !crate::grammar::parse(&new, crate::grammar::Grammar::Rfc3986).is_valid() {
                        sink.message(&format!(
                            "urilint: {name}: warning: the rewritten URI {new} is not a valid URI"
                        ));
                    }
                    fixes.push(Fix {
                        message: String::new(),
                        edits: vec![edit_for(&c, &new)],
                    });
                }
            }
            Ok(Some(Found::TooLong(_))) => {}
            Ok(None) => break,
            Err(e) => {
                Stats::add(&stats.errors, 1);
                sink.message(&format!("urilint: {name}: {e}"));
                return;
            }
        }
    }
    if fixes.is_empty() {
        if let Input::Stdin = input {
            if let Err(e) = write_edited(src, len, &[], sink.out()) {
                Stats::add(&stats.errors, 1);
                sink.message(&format!("urilint: -: {e}"));
            }
        }
        return;
    }
    let refs: Vec<&Fix> = fixes.iter().collect();
    let (edits, applied) = fix::select(&refs, len);
    drop(refs);
    drop(fixes);
    Stats::add(&stats.fixed, applied as u64);
    let counted_here = !matches!((rw.mode, input), (RewriteMode::Write, Input::File { .. }));
    if counted_here {
        Stats::add(&stats.files_changed, 1);
    }
    let written = match (rw.mode, input) {
        (RewriteMode::Diff, _) => diff::unified_edits(
            sink.out(),
            input.path().as_os_str().as_encoded_bytes(),
            src,
            len,
            &edits,
        )
        .map_err(|e| format!("urilint: {name}: {e}")),
        (RewriteMode::DryRun, _) => {
            for l in &listing {
                sink.out().extend_from_slice(l.as_bytes());
            }
            Ok(())
        }
        (RewriteMode::Write, Input::Stdin) => write_edited(src, len, &edits, sink.out())
            .map(|_| ())
            .map_err(|e| format!("urilint: -: {e}")),
        (RewriteMode::Write, Input::File { .. }) => {
            let written = match target {
                Some((target, digest)) => write_back(target, digest, &edits),
                None => Ok(()),
            };
            match written {
                Ok(()) => {
                    Stats::add(&stats.files_changed, 1);
                    for l in &listing {
                        sink.out().extend_from_slice(l.as_bytes());
                    }
                    Ok(())
                }
                Err(e) => Err(format!("urilint: {e}")),
            }
        }
    };
    if let Err(message) = written {
        Stats::add(&stats.errors, 1);
        sink.message(&message);
    }
}
