//! The `rewrite` job: rewrite URIs by prefix or regex across files.
//!
//! Each input is scanned once as a stream, every URI found is matched
//! against the mappings ([`crate::rewrite`]), the edits are chosen
//! ([`crate::fix::select`]) and the file is written back atomically as a
//! stream with them applied, or the diff or the list of changes is
//! printed. Memory is bounded by the edits, not by the file; standard
//! input is held in memory up to [`super::check::MAX_STDIN_FIX`] bytes.
//!
//! HTML, Markdown, reStructuredText, AsciiDoc and roff files are read through
//! their format ([`super::decoded`]): the URIs rewritten are those
//! `extract` gives (link destinations, reference definitions, `href`,
//! `src`, text; not code unless `--include-code`), each edited at its
//! bytes in the file, and a new URI written where the old one was written
//! with entities or escapes is encoded for its place
//! ([`crate::format::writes::encode`]).
//! Mail, news and gzip files are never written.

use std::sync::Mutex;

use super::check::{read_stdin_capped, MAX_STDIN_FIX};
use super::decoded::{self, Located};
use super::{open_target, report_walk_error, scan_options, write_back, RunOptions, Stats};
use crate::error::Error;
use crate::fix::write::{Target, WritePolicy};
use crate::fix::{self, diff, write_edited, Edit, Fix, ReadAtReader};
use crate::format::detect::{detect, InputFormat};
use crate::format::mail::Piece;
use crate::format::writes::{encode, Writes};
use crate::format::{ReadOptions, SegmentKind};
use crate::lines::ReadAt;
use crate::pipeline::{self, Outputs, PipelineOptions, Sink};
use crate::rewrite::{edit_for, rewrite as rewrite_uri, Mapping};
use crate::scan::{Delimiter, Found, ScanOptions, Scanner};
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
    // A run that writes follows no named link another user could have
    // planted (L11 of the 2026-11-29 review).
    let walk = walk::WalkOptions {
        writes: rw.mode == RewriteMode::Write,
        ..opts.walk.clone()
    };
    let inputs = walk::inputs(&opts.paths, &walk)?;
    pipeline::run(
        inputs,
        &PipelineOptions::new(opts.threads, false),
        outputs,
        |input, sink| rewrite_input(input, opts, rw, &scan, &stats, sink),
        |e, sink| report_walk_error(e, &stats, sink),
    )?;
    Ok(stats)
}

/// Why a document of framed standard input is never fixed or rewritten.
pub(crate) use crate::sink::NOT_A_FILE;

fn rewrite_input(
    input: &Input,
    opts: &RunOptions,
    rw: &RewriteOptions,
    scan: &ScanOptions,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
) {
    match input {
        Input::Stdin { .. } => match read_stdin_capped(MAX_STDIN_FIX) {
            Ok(bytes) => {
                let len = bytes.len() as u64;
                let name = match input {
                    Input::Stdin { name: Some(n) } => n.as_path(),
                    _ => std::path::Path::new(""),
                };
                let how = Reading::Text(crate::format::writes::writes(
                    InputFormat::Text,
                    name,
                    &bytes[..bytes.len().min(8192)],
                ));
                rewrite_source(
                    input,
                    (bytes.as_slice(), len),
                    how,
                    rw,
                    scan,
                    stats,
                    sink,
                    None,
                );
            }
            Err(e) => {
                Stats::add(&stats.errors, 1);
                sink.message(&format!("urilint: -: {e}"));
            }
        },
        Input::Document { .. } => {
            Stats::add(&stats.errors, 1);
            sink.message(&format!(
                "urilint: {}: {NOT_A_FILE}: not rewritten",
                input.display_name()
            ));
        }
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
            let head = target.head().unwrap_or_default();
            let format = match opts.input_format {
                InputFormat::Auto => detect(&head, input.path()),
                f => f,
            };
            let writes = crate::format::writes::writes(format, input.path(), &head);
            let how = match (format, writes) {
                (InputFormat::Text, _) | (_, Writes::ReportOnly(_)) => Reading::Text(writes),
                _ => Reading::Decoded(
                    format,
                    ReadOptions {
                        mail: opts.mail,
                        include_code: opts.include_code,
                        references: false,
                        mdx: false,
                        math: false,
                        markdown_description: false,
                    },
                ),
            };
            rewrite_source(
                input,
                (target.file(), len),
                how,
                rw,
                scan,
                stats,
                sink,
                Some((&target, digest)),
            );
        }
    }
}

/// How the URIs of an input are found for rewriting.
#[derive(Clone, Copy)]
enum Reading {
    /// As plain text: every URI the scanner finds in the bytes, rewritten
    /// as the file takes it ([`Writes`]: prose anywhere, data inside
    /// URIs when the file parses the same after, nothing elsewhere).
    Text(Writes),
    /// Through a document format: the URIs `extract` gives for it.
    Decoded(InputFormat, ReadOptions),
}

/// The changes found in one input: a fix per rewritten URI, and the
/// `--dry-run` listing lines.
#[derive(Default)]
struct Changes {
    fixes: Vec<Fix>,
    listing: Vec<String>,
    /// The span of the URI each fix rewrites (for a data file's check).
    uris: Vec<std::ops::Range<u64>>,
    /// URIs a mapping applies to that the file does not take: how many,
    /// and why.
    withheld: (usize, Option<String>),
}

impl Changes {
    /// Records the rewrite of `old` (at 1-based `line`, `column` of the
    /// file) into `new` by `edit`; warns when `new` is not a valid URI.
    fn add(
        &mut self,
        name: &str,
        (line, column): (u64, u64),
        (old, new): (&str, &str),
        (edit, uri): (Edit, std::ops::Range<u64>),
        sink: &mut Sink<'_, '_>,
    ) {
        self.uris.push(uri);
        self.listing
            .push(format!("{name}:{line}:{column}: {old} -> {new}\n"));
        if !crate::grammar::parse(new, crate::grammar::Grammar::Rfc3986).is_valid() {
            sink.message(&format!(
                "urilint: {name}: warning: the rewritten URI {new} is not a valid URI"
            ));
        }
        self.fixes.push(Fix {
            message: String::new(),
            edits: vec![edit],
            applicability: crate::fix::Applicability::Safe,
        });
    }
}

/// The changes of the text of `src`, read as plain text: one streaming
/// pass of the scanner. A file that takes no edit (`writes`) gets none:
/// the URIs a mapping applies to are counted as withheld.
fn text_changes<S: ReadAt + Clone>(
    name: &str,
    src: S,
    writes: Writes,
    rw: &RewriteOptions,
    scan: &ScanOptions,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
) -> std::io::Result<Changes> {
    let mut changes = Changes::default();
    let mut scanner = Scanner::new(ReadAtReader::new(src), scan.clone());
    while let Some(found) = scanner.next_found()? {
        let Found::Uri(c) = found else { continue };
        Stats::add(&stats.uris, 1);
        // An abbreviated URL's scheme is not in the file: not rewritten.
        if c.abbreviated() {
            continue;
        }
        if let Some((_, new)) = rewrite_uri(&rw.mappings, c.text()) {
            if let Writes::ReportOnly(why) = writes {
                changes.withheld.0 += 1;
                changes.withheld.1 = Some(why.reason());
                continue;
            }
            let at = c.start().map_or((1, 1), |p| (p.line, p.column));
            let edit = edit_for(&c, &new);
            changes.add(name, at, (c.text(), &new), (edit, c.span()), sink);
        }
    }
    Ok(changes)
}

/// The changes of the text of `src`, read as `format`: the URIs found in
/// its decoded pieces, each edited at its bytes in the file, in file
/// order. Only the part of a URI that changes is written, through the
/// piece's map ([`crate::fix::place::place_fix`]: over bytes written as
/// they read, the new bytes encoded for the place); a whole attribute
/// value or link destination written with entities or escapes where the
/// change falls is written again whole, encoded. Relative references (no
/// base to map them by), abbreviated URLs and URIs in code are left
/// alone; a URI that cannot be written is counted as withheld. `None`
/// when the input could not be read whole (the error was said and
/// counted): nothing is written from a partial read.
fn decoded_changes<S: ReadAt + Clone>(
    name: &str,
    src: S,
    (format, read): (InputFormat, ReadOptions),
    rw: &RewriteOptions,
    scan: &ScanOptions,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
) -> Option<Changes> {
    let found = Mutex::new(Vec::new());
    let withheld = std::sync::atomic::AtomicUsize::new(0);
    let not_autolinks = std::sync::atomic::AtomicUsize::new(0);
    // The links of the Markdown unit read last, found when first asked.
    let link_text = Mutex::new(None);
    let reads = Stats::default();
    decoded::scan(
        name,
        decoded::Decodable::Stream(ReadAtReader::new(src), format),
        read,
        0,
        scan,
        &reads,
        sink,
        |unit, piece, f, _, _| {
            let Found::Uri(c) = f else { return };
            Stats::add(&stats.uris, 1);
            if c.relative() || c.abbreviated() {
                return;
            }
            let Some((mapping, new)) = rewrite_uri(&rw.mappings, c.text()) else {
                return;
            };
            let at = Located::of(unit, piece, &c);
            // A URI bare in Markdown prose that GFM's autolink literals
            // would cut short (`...c_d_` linked as `...c_d`): written
            // whole as an autolink `<...>`, which is exact (L10 of the
            // 2026-11-29 review); withheld when it cannot be one.
            let wrap = piece.kind == SegmentKind::MarkdownText
                && c.delimiter() != Delimiter::Angle
                && crate::rewrite::gfm_drops_its_end(&new)
                && !in_link_text(&link_text, unit, at.span.start);
            if wrap && !crate::rewrite::is_autolink(&new) {
                withheld.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                not_autolinks.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                return;
            }
            let Some(edit) = placed_edit(piece, &at, &c, (mapping, &new), wrap) else {
                withheld.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                return;
            };
            // A Markdown link whose text is its own destination
            // (`[https://x](https://x)`), which the reader gives once: the
            // text is the same URI shown, rewritten with it.
            let echo = match piece.kind {
                SegmentKind::MarkdownLink("link" | "image") => {
                    echoed_text(unit, at.span.start, c.text(), &new)
                }
                _ => None,
            };
            if let Ok(mut found) = found.lock() {
                let start = (at.start.line, at.start.column);
                if let Some((echo_edit, echo_at)) = echo {
                    let p = unit.position(echo_at.start);
                    found.push((
                        (p.line, p.column),
                        c.text().to_string(),
                        new.clone(),
                        echo_edit,
                        echo_at,
                    ));
                }
                found.push((start, c.text().to_string(), new, edit, at.span.clone()));
            }
        },
    );
    // Read errors were said by the scan; counted as the run's.
    let errors = Stats::get(&reads.errors);
    if errors > 0 {
        Stats::add(&stats.errors, errors);
        return None;
    }
    let mut found = found.into_inner().unwrap_or_default();
    found.sort_by_key(|(_, _, _, edit, _)| edit.start);
    let mut changes = Changes::default();
    for (at, old, new, edit, uri) in found {
        changes.add(name, at, (&old, &new), (edit, uri), sink);
    }
    let n = withheld.into_inner();
    if n > 0 {
        let mut why = "they are in code, or written with escapes or markup where the change falls"
            .to_string();
        if not_autolinks.into_inner() > 0 {
            why.push_str(
                ", or the new URI ends in punctuation GFM would leave out of a bare link \
                 and cannot be written as an autolink <...>",
            );
        }
        changes.withheld = (n, Some(why));
    }
    Some(changes)
}

/// The links and images of a Markdown unit (file offsets), with the
/// offset of the unit they were found in.
type LinkRanges = Mutex<Option<(u64, Vec<std::ops::Range<u64>>)>>;

/// True when file offset `at` of `unit` (a Markdown document) is inside
/// a link or image ([`crate::format::markdown::link_ranges`], found once
/// per unit into `known`): its text, where a URI is no link of its own.
fn in_link_text(known: &LinkRanges, unit: &crate::format::unit::Unit, at: u64) -> bool {
    let Ok(mut known) = known.lock() else {
        return false;
    };
    if known
        .as_ref()
        .is_none_or(|(offset, _)| *offset != unit.offset)
    {
        // In document order; an image in a link's text (or a link in an
        // image's) is merged into the outer one: disjoint, sorted.
        let mut ranges: Vec<std::ops::Range<u64>> = Vec::new();
        for r in crate::format::markdown::link_ranges(unit.bytes(unit.offset..u64::MAX)) {
            let r = r.start + unit.offset..r.end + unit.offset;
            match ranges.last_mut() {
                Some(last) if r.start < last.end => last.end = last.end.max(r.end),
                _ => ranges.push(r),
            }
        }
        *known = Some((unit.offset, ranges));
    }
    known.as_ref().is_some_and(|(_, ranges)| {
        let i = ranges.partition_point(|r| r.end <= at);
        ranges.get(i).is_some_and(|r| r.contains(&at))
    })
}

/// The edit that rewrites the text of a Markdown link written
/// `[OLD](OLD)` (or `[OLD](<OLD>)`), whose destination starts at file
/// offset `dest`, when the text is the old URI as written: `new`, with
/// `\`, `[`, `]`, `<`, `>` and backquotes (markup in link text) escaped.
/// `None` when the text is anything else.
fn echoed_text(
    unit: &crate::format::unit::Unit,
    dest: u64,
    old: &str,
    new: &str,
) -> Option<(Edit, std::ops::Range<u64>)> {
    let before = unit.bytes(unit.offset..dest);
    let before = before.strip_suffix(b"<").unwrap_or(before);
    let before = before.strip_suffix(b"](")?;
    let text = before.strip_suffix(old.as_bytes())?;
    if !text.ends_with(b"[") {
        return None;
    }
    let end = dest - (unit.bytes(unit.offset..dest).len() - before.len()) as u64;
    let start = end - old.len() as u64;
    let mut replacement = String::with_capacity(new.len());
    for ch in new.chars() {
        if matches!(ch, '\\' | '[' | ']' | '`' | '<' | '>') {
            replacement.push('\\');
        }
        replacement.push(ch);
    }
    Some((
        Edit {
            start,
            end,
            replacement,
        },
        start..end,
    ))
}

/// The edit that writes `new` over the whole of an HTML attribute value
/// or Markdown link destination located at `at`, encoded for its place
/// (the value was written with entities or escapes where the change
/// falls, so the change cannot be written alone); `None` for other
/// pieces, whose span may hold markup, and for a value broken across
/// lines.
fn whole_value(piece: &Piece, at: &Located, mapping: &Mapping, new: &str) -> Option<Edit> {
    let whole = matches!(
        piece.kind,
        SegmentKind::HtmlAttribute { .. } | SegmentKind::MarkdownLink(_)
    ) && piece.references;
    if !whole || at.raw.contains(['\n', '\r']) {
        return None;
    }
    let replacement = written_form(mapping, &piece.kind, &at.raw, new)?;
    Some(keep_common_suffix(at.span.clone(), &at.raw, replacement))
}

/// What to write for `new` where the URI was written `raw` (with entities
/// or escapes): when a prefix mapping's `OLD` stands as it is at the start
/// of `raw`, the encoded `NEW` then the rest of `raw` as the author wrote
/// it (the rest reads back as the rest of the URI); else the whole of
/// `new`, encoded ([`crate::format::writes::encode`]). `None` when it
/// cannot be written there.
fn written_form(mapping: &Mapping, kind: &SegmentKind, raw: &str, new: &str) -> Option<String> {
    if let Mapping::Prefix { old, new: to } = mapping {
        if let Some(rest) = raw.strip_prefix(old.as_str()) {
            return Some(encode(kind, to, raw)? + rest);
        }
    }
    encode(kind, new, raw)
}

/// The edit that writes `replacement` over `span` (whose bytes are `raw`),
/// leaving the common suffix of the two as it is in the file.
fn keep_common_suffix(span: std::ops::Range<u64>, raw: &str, replacement: String) -> Edit {
    let mut keep = raw
        .bytes()
        .rev()
        .zip(replacement.bytes().rev())
        .take_while(|(a, b)| a == b)
        .count();
    while !raw.is_char_boundary(raw.len() - keep)
        || !replacement.is_char_boundary(replacement.len() - keep)
    {
        keep -= 1;
    }
    Edit {
        start: span.start,
        end: span.end - keep as u64,
        replacement: replacement[..replacement.len() - keep].to_string(),
    }
}

/// Step of [`decoded_changes`]: the edit that writes `new` (by
/// `mapping`) for the URI `c` at `at` of `piece`, placed through the
/// piece's map (or the whole value written again); as an autolink
/// `<new>` when `wrap`. `None` when it cannot be written.
fn placed_edit(
    piece: &Piece,
    at: &Located,
    c: &crate::scan::Candidate<'_>,
    (mapping, new): (&Mapping, &str),
    wrap: bool,
) -> Option<Edit> {
    let edit = if wrap {
        let span = c.span();
        Edit {
            start: span.start,
            end: span.end,
            replacement: format!("<{new}>"),
        }
    } else {
        edit_for(c, new)
    };
    let fix = Fix {
        message: String::new(),
        edits: vec![edit],
        applicability: crate::fix::Applicability::Safe,
    };
    let scanned_len = decoded::scanned_len(piece);
    crate::fix::place::place_fix(piece, scanned_len, c.span(), &at.raw, &fix)
        .and_then(|f| f.edits.into_iter().next())
        .or_else(|| {
            (!wrap)
                .then(|| whole_value(piece, at, mapping, new))
                .flatten()
        })
}

/// Step of [`rewrite_source`]: of a data file's `edits` (the URIs
/// `taken` of `uris`), those after which it parses to the same
/// structure, the others said and dropped.
fn same_structure<S: ReadAt + Clone>(
    name: &str,
    src: S,
    data: crate::format::writes::DataFormat,
    uris: &[std::ops::Range<u64>],
    (edits, taken): (&mut Vec<Edit>, &mut Vec<usize>),
    sink: &mut Sink<'_, '_>,
) {
    // A data file takes the edits after which it parses the same.
    let spans: Vec<std::ops::Range<u64>> = taken.iter().map(|&i| uris[i].clone()).collect();
    let kept = match crate::lint::read_all(src, crate::format::structure::MAX_PARSED as u64) {
        Ok(before) => crate::fix::verify::keep_same_structure(
            crate::format::structure::Kind::Data(data),
            &before,
            &spans,
            edits.clone(),
        ),
        Err(_) => Vec::new(),
    };
    if kept.len() < edits.len() {
        sink.message(&format!(
            "urilint: {name}: {} URI{} not rewritten: the {} file would not parse to the same structure",
            edits.len() - kept.len(),
            if edits.len() - kept.len() == 1 { "" } else { "s" },
            data.name()
        ));
        let mut k = 0;
        let mut still = Vec::with_capacity(kept.len());
        for (e, i) in edits.iter().zip(taken.iter()) {
            if kept.get(k) == Some(e) {
                k += 1;
                still.push(*i);
            }
        }
        *taken = still;
        *edits = kept;
    }
}

/// Rewrites the text of `src` (`len` bytes): one pass collects the edits
/// (as plain text, or through the document's format); the file is then
/// written as a stream with them applied. Memory is bounded by the edits.
#[allow(clippy::too_many_arguments)]
fn rewrite_source<S: ReadAt + Clone>(
    input: &Input,
    (src, len): (S, u64),
    how: Reading,
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
    let changes = match how {
        Reading::Text(writes) => {
            match text_changes(&name, src.clone(), writes, rw, scan, stats, sink) {
                Ok(c) => c,
                Err(e) => {
                    Stats::add(&stats.errors, 1);
                    sink.message(&format!("urilint: {name}: {e}"));
                    return;
                }
            }
        }
        Reading::Decoded(format, read) => {
            match decoded_changes(&name, src.clone(), (format, read), rw, scan, stats, sink) {
                Some(c) => c,
                None => return,
            }
        }
    };
    let Changes {
        fixes,
        listing,
        uris,
        withheld,
    } = changes;
    if let (n @ 1.., Some(why)) = withheld {
        sink.message(&format!(
            "urilint: {name}: {n} URI{} not rewritten: {why}",
            if n == 1 { "" } else { "s" }
        ));
    }
    let refs: Vec<&Fix> = fixes.iter().collect();
    let (mut edits, mut taken) = fix::select_which(&refs, len);
    drop(refs);
    drop(fixes);
    if let Reading::Text(Writes::Data(data)) = how {
        same_structure(
            &name,
            src.clone(),
            data,
            &uris,
            (&mut edits, &mut taken),
            sink,
        );
    }
    let applied = taken.len();
    let listing: Vec<String> = {
        let mut t = taken.clone();
        t.sort_unstable();
        t.into_iter()
            .filter_map(|i| listing.get(i).cloned())
            .collect()
    };
    if edits.is_empty() {
        if let Input::Stdin { .. } = input {
            if let Err(e) = write_edited(src, len, &[], sink.out()) {
                Stats::add(&stats.errors, 1);
                sink.message(&format!("urilint: -: {e}"));
            }
        }
        return;
    }
    write_changes(
        input,
        &name,
        (src, len),
        (edits, listing, applied),
        rw,
        stats,
        sink,
        target,
    );
}

/// Puts out the `edits` of `src` (`len` bytes) as `rw.mode` says: a
/// unified diff, the `listing` (a dry run), the edited text on standard
/// output, or the file written back (`target`, with the digest it was
/// read with); counts the file and its `applied` edits in `stats` once
/// done. `name` is the input's display name.
#[allow(clippy::too_many_arguments)]
fn write_changes<S: ReadAt + Clone>(
    input: &Input,
    name: &str,
    (src, len): (S, u64),
    (edits, listing, applied): (Vec<Edit>, Vec<String>, usize),
    rw: &RewriteOptions,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
    target: Option<(&Target, u64)>,
) {
    // Written files are counted once written (a refused write rewrote
    // nothing).
    let counted_here = !matches!((rw.mode, input), (RewriteMode::Write, Input::File { .. }));
    if counted_here {
        Stats::add(&stats.files_changed, 1);
        Stats::add(&stats.fixed, applied as u64);
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
        (RewriteMode::Write, Input::Stdin { .. }) => write_edited(src, len, &edits, sink.out())
            .map(|_| ())
            .map_err(|e| format!("urilint: -: {e}")),
        (RewriteMode::Write, Input::Document { .. }) => {
            Err(format!("urilint: {name}: {NOT_A_FILE}: not rewritten"))
        }
        (RewriteMode::Write, Input::File { .. }) => {
            let written = match target {
                Some((target, digest)) => write_back(target, digest, &edits),
                None => Ok(()),
            };
            match written {
                Ok(()) => {
                    Stats::add(&stats.files_changed, 1);
                    Stats::add(&stats.fixed, applied as u64);
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
