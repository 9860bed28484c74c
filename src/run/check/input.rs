//! One input's way into the check: the nearest configuration, what is
//! not checked (the test examples of a parser, the built site, the output
//! file, an unchanged file under `--since`), and the [`Checker`] that
//! checks it; what an editor asks of a document held in memory.

use std::sync::atomic::AtomicU64;

use super::*;
use crate::fix::Edit;
use crate::format::ReadOptions;
use crate::links::LocalLinks;
use crate::pipeline::Sink;
use crate::run::decoded::decode_helpers;
use crate::run::{RunOptions, Stats};
use crate::scan::ScanOptions;
use crate::sink::Notice;
use crate::source::Input;

/// What the editor asked of one document held in memory
/// ([`crate::run::document`]): its findings, or the edits of its safe fixes.
pub(crate) struct Editor<'e> {
    /// The directory tree the document's file is in (the workspace
    /// folder): local links are resolved within it.
    pub tree: Option<&'e std::path::Path>,
    /// Findings (emitted to the run's sink, each with its fix placed
    /// where the file takes it) or fixes.
    pub want: EditorWant,
    /// [`EditorWant::FixAll`]: the edits of every fix `--fix` would apply,
    /// against the document's bytes, sorted and not overlapping.
    pub edits: std::sync::Mutex<Option<Vec<Edit>>>,
}

/// What [`Editor`] asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EditorWant {
    /// The findings.
    Findings,
    /// The edits of the fixes `check --fix` would apply.
    FixAll,
}

/// The most bytes of a file read to tell the test examples of a parser.
pub(super) const EXAMPLES_HEAD: u64 = 16 * 1024;

/// What a file found by walking (or a document of a framed standard
/// input, which is read as a walked file is) is, when it is the test
/// examples of a Markdown parser
/// ([`crate::format::detect::parser_test_examples`]): a data or text file
/// (`.txt`, `.yml`, `.yaml`, `.json`) whose first [`EXAMPLES_HEAD`] bytes
/// say so. `None` for anything else, for a file named on the command
/// line, and for a document an editor holds open (`in_editor`).
pub(super) fn parser_test_examples(input: &Input, in_editor: bool) -> Option<&'static str> {
    use std::io::Read;
    let path = match input {
        Input::File {
            path,
            explicit: false,
            ..
        } => path,
        Input::Document { name, .. } if !in_editor => name,
        _ => return None,
    };
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    if !matches!(ext.as_str(), "txt" | "yml" | "yaml" | "json") {
        return None;
    }
    if let Input::Document { bytes, .. } = input {
        let head = &bytes[..bytes.len().min(EXAMPLES_HEAD as usize)];
        return crate::format::detect::parser_test_examples(head);
    }
    let mut head = Vec::new();
    input
        .open_file()
        .ok()?
        .take(EXAMPLES_HEAD)
        .read_to_end(&mut head)
        .ok()?;
    crate::format::detect::parser_test_examples(&head)
}

/// Checks one input as `check` does (its nearest configuration, its
/// rules and scan options) in `ch.mode`, emitting its findings and
/// notices to `sink` ([`crate::sink::Sink`]); with `editor`, the input is
/// a document held in memory, never written: its findings are emitted
/// as in report mode, or the edits of its fixes are handed to the
/// editor. A large mapped plain-text input is checked in chunks across
/// the run's threads as `split` says ([`super::chunked`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_input(
    opts: &RunOptions,
    ch: &CheckOptions,
    scan: &ScanOptions,
    sites: &crate::fix::add_ignore::Sites,
    input: &Input,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
    editor: Option<&Editor<'_>>,
    split: crate::split::SplitOptions,
) {
    // The configuration nearest to the file, when it is not the run's.
    let nested = match ch.configs.as_ref().map(|h| h.for_path(input.path())) {
        Some(Ok(n)) => n,
        Some(Err(first)) => {
            // Files under an invalid configuration are not checked;
            // the problem is told once.
            Stats::add(&stats.errors, 1);
            if let Some(e) = first {
                sink.notice(Notice::InvalidConfig {
                    error: e.to_string(),
                });
            }
            return;
        }
        None => None,
    };
    if nested.as_ref().is_some_and(|n| n.excludes(input.path())) {
        return;
    }
    if passed_over(opts, ch, input, editor.is_some(), stats, sink) {
        return;
    }
    // `--since`: a file with no new line is read only for links
    // to files renamed or deleted, or headings reworded, since the
    // revision.
    let since = ch.since.as_deref().map(|s| s.file(input.path()));
    if let (Some(s), Some(f)) = (ch.since.as_deref(), since) {
        let moves_matter = ch.links.is_some() && s.may_break_links();
        // An editor's document is checked whatever changed: `since`
        // only gives its links' fixes there.
        if !f.changed() && !moves_matter && editor.is_none() {
            return;
        }
    }
    let linter = nested.as_ref().map_or(&ch.linter, |n| &n.linter);
    let rules = linter.rules_for(input.path());
    // `http//host` is found only for the rule that reports it (U011).
    let missing_colon = rules.enabled(crate::lint::rules::missing_scheme_colon::RULE.code);
    let file_scan = match &nested {
        Some(n) => ScanOptions {
            max_uri_len: n.settings.max_uri_len,
            abbreviated: n.settings.abbreviated,
            missing_colon,
            ..scan.clone()
        },
        None => ScanOptions {
            missing_colon,
            ..scan.clone()
        },
    };
    let job = Checker {
        input,
        links: ch.links.as_ref(),
        built: ch.built.as_deref(),
        link_ignore: ch.link_ignore.as_ref(),
        since: ch.since.as_deref().zip(since),
        moved_links: std::sync::Mutex::new(std::collections::HashSet::new()),
        name: input.name(),
        linter,
        rules: &rules,
        scan: &file_scan,
        stats,
        collected: std::sync::Mutex::new(None),
        in_editor: editor.is_some(),
        write: &ch.write,
        input_format: opts.input_format,
        mmap: opts.mmap,
        read: ReadOptions {
            mail: opts.mail,
            include_code: opts.include_code,
            // L003-L005, from the parse that finds the URIs.
            references: true,
            mdx: false,
            // MyST's `dollarmath`: math in the pages of a site that has it.
            math: dollar_math(ch.links.as_ref(), input),
            // A `description` the site's templates render as Markdown.
            markdown_description: markdown_description(ch.links.as_ref(), input),
        },
        decode_helpers: decode_helpers(opts.threads),
        sites,
        mode: ch.mode,
        withheld: AtomicU64::new(0),
        document_tree: editor.and_then(|e| e.tree),
        split,
        threads: opts.threads,
    };
    if let Some(editor) = editor {
        return job.for_editor(input, editor, sink);
    }
    match ch.mode {
        FixMode::Report => job.report(input, sink),
        FixMode::Fix | FixMode::Diff => job.fix(input, ch.mode, sink),
        FixMode::AddIgnore => job.add_ignore(input, sink),
    }
}

/// True when `input` is not checked, said into `sink` where it is
/// named: the test examples of a parser (not in an editor, `in_editor`),
/// a page of the built site (checked as built, not as a source), the
/// `--output-file` (counted as skipped).
fn passed_over(
    opts: &RunOptions,
    ch: &CheckOptions,
    input: &Input,
    in_editor: bool,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
) -> bool {
    if let Some(what) = parser_test_examples(input, in_editor) {
        // Like the test data of `DEFAULT_EXCLUDE`, found by content.
        sink.notice(Notice::TestExamples {
            name: input.display_name(),
            what,
        });
        return true;
    }
    // The built site is checked as built, not as sources.
    if let (Some(b), Input::File { path, .. }) = (&ch.built, input) {
        if b.holds(path) {
            return true;
        }
    }
    if let (Some(out), Input::File { path, .. }) = (opts.output_file, input) {
        use std::os::unix::fs::MetadataExt;
        let same = std::fs::metadata(path).is_ok_and(|m| (m.dev(), m.ino()) == out);
        if same {
            Stats::add(&stats.binary, 1);
            sink.notice(Notice::IsOutputFile {
                name: input.display_name(),
            });
            return true;
        }
    }
    false
}

/// True when `input` is a Markdown file of a site whose `$...$` and
/// `$$...$$` are math ([`LocalLinks::dollar_math`]); false without
/// `--links local`.
pub(super) fn dollar_math(links: Option<&LocalLinks>, input: &Input) -> bool {
    site_page(links, input).is_some_and(|(links, tree, path)| links.dollar_math(tree, path))
}

/// True when `input` is a Markdown page of a site whose templates render
/// its front matter `description` as Markdown
/// ([`LocalLinks::markdown_description`]); false without `--links`.
pub(super) fn markdown_description(links: Option<&LocalLinks>, input: &Input) -> bool {
    site_page(links, input)
        .is_some_and(|(links, tree, path)| links.markdown_description(tree, path))
}

/// The link checker, the tree walked and the path of `input` when it is
/// a Markdown file met in a tree (`.md`, `.markdown`).
fn site_page<'a>(
    links: Option<&'a LocalLinks>,
    input: &'a Input,
) -> Option<(
    &'a LocalLinks,
    Option<&'a std::path::Path>,
    &'a std::path::Path,
)> {
    let (Some(links), Input::File { path, root, .. }) = (links, input) else {
        return None;
    };
    let markdown = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("md") || e.eq_ignore_ascii_case("markdown"));
    let tree = root
        .as_ref()
        .map(crate::beneath::Root::path)
        .filter(|p| !p.as_os_str().is_empty() && *p != std::path::Path::new("/"));
    markdown.then_some((links, tree, path.as_path()))
}
