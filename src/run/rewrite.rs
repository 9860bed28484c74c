//! The `rewrite` job: rewrite URIs by prefix or regex across files.
//!
//! Each input is read whole, every URI found is matched against the
//! mappings ([`crate::rewrite`]), the edits are applied ([`crate::fix::apply`])
//! and the file is written back atomically
//! ([`crate::fix::write::Target::replace_checked`]), or the diff or the
//! list of changes is printed. Files are opened by the write protocol of
//! [`crate::fix::write`] (regular files only, no symbolic link followed
//! that the walk did not decide to follow), in every mode.

use std::io::Read;

use super::{
    open_reader, open_target, report_walk_error, scan_options, write_back, RunOptions, Stats,
};
use crate::error::Error;
use crate::fix::write::WritePolicy;
use crate::fix::{self, diff, Fix};
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
    let name = input.name();
    let target = match input {
        Input::Stdin => None,
        Input::File { .. } => {
            let policy = (rw.mode == RewriteMode::Write).then_some(&rw.write);
            match open_target(input, policy, stats, sink) {
                Some(t) => Some(t),
                None => return,
            }
        }
    };
    let mut reader: Box<dyn Read + Send + '_> = match &target {
        Some(t) => Box::new(t.reader()),
        None => match open_reader(input, stats, sink) {
            Some(r) => r,
            None => return,
        },
    };
    let mut original = Vec::new();
    if let Err(e) = reader.read_to_end(&mut original) {
        Stats::add(&stats.errors, 1);
        sink.message(&format!("urilint: {name}: {e}"));
        return;
    }
    Stats::add(&stats.files, 1);
    Stats::add(&stats.bytes, original.len() as u64);
    let mut fixes: Vec<Fix> = Vec::new();
    let mut listing = Vec::new();
    let mut scanner = Scanner::new(original.as_slice(), scan.clone());
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
                        message: format!("{} -> {new}", c.text()),
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
            sink.out().extend_from_slice(&original);
        }
        return;
    }
    let refs: Vec<&Fix> = fixes.iter().collect();
    let (new, applied) = fix::apply(&original, &refs);
    Stats::add(&stats.fixed, applied as u64);
    let counted_here = !matches!((rw.mode, input), (RewriteMode::Write, Input::File { .. }));
    if counted_here {
        Stats::add(&stats.files_changed, 1);
    }
    match (rw.mode, input) {
        (RewriteMode::Diff, _) => diff::unified(sink.out(), &name, &original, &new),
        (RewriteMode::DryRun, _) => {
            for l in &listing {
                sink.out().extend_from_slice(l.as_bytes());
            }
        }
        (RewriteMode::Write, Input::Stdin) => sink.out().extend_from_slice(&new),
        (RewriteMode::Write, Input::File { .. }) => {
            match write_back(target.as_ref(), input, &original, &new) {
                Ok(()) => {
                    Stats::add(&stats.files_changed, 1);
                    for l in &listing {
                        sink.out().extend_from_slice(l.as_bytes());
                    }
                }
                Err(e) => {
                    Stats::add(&stats.errors, 1);
                    sink.message(&format!("urilint: {e}"));
                }
            }
        }
    }
}
