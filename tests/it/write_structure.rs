//! Every write keeps the file's structure: a property test over real files
//! of many formats (YAML, TOML, JSON, Markdown, reStructuredText, shell,
//! Python, HTML, plain text), run through the real binary.
//!
//! The rule under test (what the write paths must do): urilint writes (fix,
//! unsafe fix, rewrite, add-ignore) only where it has read the file's
//! grammar and the place is a URI (or, for markers, a comment) in that
//! grammar: prose, Markdown, reStructuredText, AsciiDoc, HTML outside
//! script, style and code, roff. In YAML, TOML, JSON, source code and any
//! format it does not parse it reports and does not edit, unless the edit
//! stays inside the bytes of a URI in a string literal and the file
//! re-parses to the same structure. The fixer works from exactly the
//! findings `check` reports, with the reader's exclusions.
//!
//! # What runs
//!
//! For each input file, copies in a temporary directory (one per write,
//! same file name, so that the format is detected as for the original):
//!
//! 1. `check --isolated --select ALL --format jsonl`: the findings, and
//!    `extract --isolated --format jsonl`: the URIs (what `rewrite` acts
//!    on), both on an untouched copy;
//! 2. each write on a fresh copy: `check --isolated --select ALL --fix
//!    --unsafe-fixes`, `check --isolated --select ALL --add-ignore`, and
//!    `rewrite --isolated --map-regex '^https?://=https://moved.example/'`
//!    ([`REWRITE_MAP`]: nearly every URI matches). All files of a run go
//!    to one invocation (named paths, so no exclusion applies).
//!
//! # What is checked
//!
//! (i) **Where**: the bytes that changed are found by a minimal diff
//! (Myers, lines first, then bytes inside changed lines; an insertion or
//! deletion may slide over equal bytes, as diffs do). Each changed region,
//! in offsets of the file before the write, must lie inside a span:
//!
//! - fix: the `uri_span` (`[start, end]`, byte offsets into the file, end
//!   exclusive, so an insertion at `end` (D006's `>`) is inside) of a
//!   finding that has a `fix`; for prose formats also the `URL:` prefix
//!   that a D007 finding's own fix edit deletes (the edit ends at the
//!   span's start and deletes `URL:` and white space, any case). For data
//!   formats (YAML, TOML, JSON) only the `uri_span` itself: "inside the
//!   bytes of a URI". A region inside the span of a finding without a fix
//!   is said as such.
//! - rewrite: `[byte_start, byte_end]` of an `extract` record whose `uri`
//!   the map applies to.
//! - add-ignore: a pure insertion holding `urilint: ignore`, on a line from
//!   the one before a finding's first line (`uri_span.start`, or `line`)
//!   to its last line (an own-line marker inserted before line L starts at
//!   the start of L, so it is "on" L). That it is a comment is (ii)'s job.
//!
//! (ii) **What**: before and after parse to the same structure, apart from
//! the URI bytes, with the format's real parser: PyYAML (`safe_load_all`;
//! the composed node graph for unknown tags), `tomllib`, `json`, Python's
//! `ast.dump` (`tests/structure/compare.py`); pulldown-cmark events (the
//! options urilint reads Markdown with) and html5gum tokens (here);
//! docutils' doctree when docutils imports; `bash -n` for shell; for plain
//! text, its paragraphs with the prose normalisation below. For data
//! formats each edit region is also applied alone: one that changes no
//! value was written into a comment or between tokens, not into a string.
//!
//! (iii) **rewrite**: `extract` after the rewrite finds exactly the URIs
//! found before, each with the map applied (a rewrite must not lose bytes
//! of the URI, H3/L5, nor write it in a form that reads back differently,
//! L6).
//!
//! What each format may see of each write is the table [`policy`]: report
//! only (byte-identical) for source code, and for markers in data formats.
//!
//! # "Apart from the URI bytes": the normalisation
//!
//! Defined once, here ([`PLACEHOLDER`], [`URI`], [`PROSE`]), and handed to
//! the Python helper with each request. In every string of the structure
//! (YAML/TOML/JSON values and keys, Python string constants, Markdown text,
//! link destinations and titles, HTML text, attribute values and comments,
//! reStructuredText text and attributes, plain text) each match of [`URI`]
//! (a scheme, `:`, then characters up to white space, `<>"'`, `)` or `]`,
//! not ending in `.,;:!?*`, at least one) becomes [`PLACEHOLDER`]. In prose
//! text (Markdown, HTML and reStructuredText text, plain text; not code,
//! not attribute values or destinations) the delimiters that RFC 3986
//! Appendix C puts around a URI count as its bytes too: [`PROSE`] folds the
//! `URL:` prefix, `<...>` and the rest of a URI broken across lines into
//! the placeholder (repeated until nothing changes), then white space is
//! collapsed. Markdown autolinks and reStructuredText standalone links are
//! transparent (the D006 fix makes one of a bare URI), markers (`urilint:
//! ignore` comments, and front-matter `# urilint:` lines) are dropped, and
//! adjacent text is merged. Code (code spans and blocks, `<pre>`, `<code>`,
//! `<script>`, `<style>`, reStructuredText literals and doctest blocks) is
//! compared as written.
//!
//! # Inputs and running
//!
//! - `fixtures_keep_their_structure`: the checked-in excerpts of
//!   `fixtures/structure/` (sources in its SOURCES.md).
//! - `real_files_keep_their_structure`: a deterministic sample of the
//!   files of `$CARGO_HOME/registry/src` and `/usr/share/doc` (sorted paths,
//!   spread evenly, at most [`PER_FORMAT`] per format, up to 128 KiB, holding
//!   `://`); `URILINT_STRUCTURE_ROOTS` (`:`-separated) and
//!   `URILINT_STRUCTURE_PER_FORMAT` change both. Skipped with a message
//!   when none of the roots is there.
//!
//! `URILINT_TEST_PYTHON` names the Python (default `python3`; CI installs
//! PyYAML and docutils into `target/ci-venv`). Without Python, or without
//! PyYAML or docutils, those structure checks are skipped with a message;
//! the rest still runs. Every failing file is listed (write, format, real
//! path, what changed) on standard error and in
//! `$CARGO_TARGET_TMPDIR/write_structure-*.txt`, then the test fails.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use html5gum::{DefaultEmitter, Token, Tokenizer};
use pulldown_cmark::{Event, LinkType, Parser, Tag, TagEnd};
use regex::Regex;
use serde_json::{json, Value};

// ------------------------------------------------------------------
// The definitions: normalisation, policy, the writes.

/// What a URI becomes once a structure is normalised.
const PLACEHOLDER: &str = "\u{27e8}URI\u{27e9}";

/// A URI, loosely: a scheme, `:`, and then characters up to white space,
/// `<`, `>`, `"`, `'`, `)` or `]` (but an IP-literal host `[2001:db8::1]`
/// is taken in), not ending in `.,;:!?*` (as bare URIs
/// end in prose), at least one (a bare `key:` or `Note:` is not a URI).
/// Each match becomes [`PLACEHOLDER`], in every format.
const URI: &str = r#"[A-Za-z][A-Za-z0-9+.-]*:(?://[^\s/<>"'\[\]⟨⟩]*\[[0-9A-Fa-f:.]+\])?[^\s<>"'\)\]⟨⟩]*[^\s<>"'\)\]⟨⟩.,;:!?*]"#;

/// In prose text, after [`URI`]: the delimiters of RFC 3986 Appendix C
/// are part of the URI. Each match becomes the text of its `keep` group
/// (if any) and [`PLACEHOLDER`]; all are applied again until nothing
/// changes.
const PROSE: &[&str] = &[
    // The `URL:` prefix (any case; at the start, or after white space or
    // an opening bracket or quote, so not `site_url:` or `base-url:`),
    // before a URI or `<URI>` (D007 drops it).
    r#"(?P<keep>^|[\s(\[<"'*>])(?i:url:)\s*<?⟨URI⟩>?"#,
    // `<URI>` (D006 adds the brackets; Markdown reads them as an autolink).
    r"<⟨URI⟩>",
    // A URI broken across lines: the rest of it after the line break
    // (D004 and D005 rejoin it).
    r#"⟨URI⟩[ \t]*\r?\n\s*[^\s<>"'\)\]⟨⟩]+"#,
];

/// The mapping of the rewrite run: applies to nearly every URI.
const REWRITE_MAP: (&str, &str) = ("^https?://", "https://moved.example/");

/// At most this many sampled real files per format.
const PER_FORMAT: usize = 40;

/// Sampled files larger than this are left out (time).
const MAX_SAMPLE_BYTES: u64 = 128 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Format {
    Yaml,
    Toml,
    Json,
    Markdown,
    Rst,
    Shell,
    Python,
    Html,
    Text,
}

impl Format {
    fn name(self) -> &'static str {
        match self {
            Format::Yaml => "yaml",
            Format::Toml => "toml",
            Format::Json => "json",
            Format::Markdown => "markdown",
            Format::Rst => "rst",
            Format::Shell => "shell",
            Format::Python => "python",
            Format::Html => "html",
            Format::Text => "text",
        }
    }

    const ALL: [Format; 9] = [
        Format::Yaml,
        Format::Toml,
        Format::Json,
        Format::Markdown,
        Format::Rst,
        Format::Shell,
        Format::Python,
        Format::Html,
        Format::Text,
    ];

    /// The format of a file, by its name (and, for names without an
    /// extension, a `#!` line).
    fn of(path: &Path, head: &[u8]) -> Option<Format> {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ext.as_deref() {
            Some("yml" | "yaml") => Some(Format::Yaml),
            Some("toml") => Some(Format::Toml),
            Some("json") => Some(Format::Json),
            Some("md" | "markdown") => Some(Format::Markdown),
            Some("rst") => Some(Format::Rst),
            Some("sh" | "bash") => Some(Format::Shell),
            Some("py") => Some(Format::Python),
            Some("html" | "htm") => Some(Format::Html),
            Some("txt") => Some(Format::Text),
            Some(_) => None,
            None => {
                let first = head.split(|&b| b == b'\n').next().unwrap_or_default();
                let first = String::from_utf8_lossy(first);
                if !first.starts_with("#!") {
                    None
                } else if first.contains("python") {
                    Some(Format::Python)
                } else if first.ends_with("/sh") || first.contains("bash") || first.contains(" sh")
                {
                    Some(Format::Shell)
                } else {
                    None
                }
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Write {
    Fix,
    AddIgnore,
    Rewrite,
}

impl Write {
    fn name(self) -> &'static str {
        match self {
            Write::Fix => "fix",
            Write::AddIgnore => "add-ignore",
            Write::Rewrite => "rewrite",
        }
    }
    const ALL: [Write; 3] = [Write::Fix, Write::AddIgnore, Write::Rewrite];
}

/// What a write may do to a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Policy {
    /// Nothing: the file stays byte-identical (report only).
    Unchanged,
    /// Edits inside reported spans; the same structure apart from URIs.
    /// `strict`: only inside the URI's own bytes (no `URL:` prefix).
    Edit { strict: bool },
    /// Marker comments on a finding's line or the line before; the same
    /// structure once markers are dropped.
    Markers,
}

/// `extract` as the writes are judged against it: every URI `rewrite` may
/// write, identifiers and mentions too (`--include-identifiers`).
const EXTRACT_ALL: [&str; 6] = [
    "extract",
    "--isolated",
    "-q",
    "--include-identifiers",
    "--format",
    "jsonl",
];

/// The policy: what each write may do to each format (the issue's rule).
/// Adjust here.
fn policy(format: Format, write: Write) -> Policy {
    use Format::*;
    match (format, write) {
        // Formats urilint reads the grammar of.
        (Markdown | Html | Rst, Write::Fix | Write::Rewrite) => Policy::Edit { strict: false },
        (Markdown | Html | Rst, Write::AddIgnore) => Policy::Markers,
        // Plain-text prose: fixes and rewrites, but it has no comments.
        (Text, Write::Fix | Write::Rewrite) => Policy::Edit { strict: false },
        (Text, Write::AddIgnore) => Policy::Unchanged,
        // Data: edits inside the URI bytes of a string, same data.
        (Yaml | Toml | Json, Write::Fix | Write::Rewrite) => Policy::Edit { strict: true },
        // A marker is a comment (YAML and TOML have them; urilint keeps
        // one only where the file parses the same with it); JSON has none.
        (Yaml | Toml, Write::AddIgnore) => Policy::Markers,
        (Json, Write::AddIgnore) => Policy::Unchanged,
        // Source code: report only. (The issue's rule would allow edits
        // inside a URI in a Python string literal: `Edit { strict: true }`
        // for `(Python, Fix | Rewrite)` checks exactly that, with `ast`.)
        (Python | Shell, _) => Policy::Unchanged,
    }
}

fn policy_text(p: Policy) -> &'static str {
    match p {
        Policy::Unchanged => "report only: the file must stay byte-identical",
        Policy::Edit { strict: true } => {
            "edits only inside the URI bytes of reported spans, same data apart from URIs"
        }
        Policy::Edit { strict: false } => {
            "edits inside reported spans (and their delimiters), same document apart from URIs"
        }
        Policy::Markers => "marker comments at reported findings, same document without them",
    }
}

// ------------------------------------------------------------------
// Running the binary.

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_urilint"));
    c.env_remove("CI").env("NO_COLOR", "1").stdin(Stdio::null());
    c
}

struct Run {
    status: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

fn run(args: &[&str], paths: &[PathBuf]) -> Run {
    let out = bin().args(args).args(paths).output().expect("urilint runs");
    Run {
        status: out.status.code(),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// JSON Lines records by their `path`.
fn records_by_path(stdout: &[u8]) -> HashMap<String, Vec<Value>> {
    let mut by: HashMap<String, Vec<Value>> = HashMap::new();
    for line in stdout.split(|&b| b == b'\n') {
        if line.is_empty() {
            continue;
        }
        let v: Value = serde_json::from_slice(line)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(line)));
        let path = v["path"].as_str().unwrap_or_default().to_string();
        by.entry(path).or_default().push(v);
    }
    by
}

fn num(v: &Value) -> usize {
    v.as_u64().map_or(0, |n| n as usize)
}

// ------------------------------------------------------------------
// Findings and spans.

#[derive(Clone, Debug)]
struct Finding {
    code: String,
    line: usize,
    byte_offset: usize,
    span: Range<usize>,
    /// The fix's edits, `None` without a fix.
    edits: Option<Vec<(Range<usize>, String)>>,
}

fn findings(records: &[Value]) -> Vec<Finding> {
    records
        .iter()
        .map(|r| Finding {
            code: r["code"].as_str().unwrap_or_default().to_string(),
            line: num(&r["line"]),
            byte_offset: num(&r["byte_offset"]),
            span: num(&r["uri_span"]["start"])..num(&r["uri_span"]["end"]),
            edits: r["fix"]["edits"].as_array().map(|edits| {
                edits
                    .iter()
                    .map(|e| {
                        (
                            num(&e["start"])..num(&e["end"]),
                            e["replacement"].as_str().unwrap_or_default().to_string(),
                        )
                    })
                    .collect()
            }),
        })
        .collect()
}

#[derive(Clone, Debug)]
struct Extracted {
    uri: String,
    span: Range<usize>,
}

fn extracted(records: &[Value]) -> Vec<Extracted> {
    records
        .iter()
        .map(|r| Extracted {
            uri: r["uri"].as_str().unwrap_or_default().to_string(),
            span: num(&r["byte_start"])..num(&r["byte_end"]),
        })
        .collect()
}

/// The URI as `rewrite` should write it.
fn mapped(map: &Regex, uri: &str) -> String {
    map.replace(uri, REWRITE_MAP.1).into_owned()
}

/// The closed intervals `[start, end]` (insertions at `end` are inside)
/// where `write` may change bytes. For a fix: the spans of the findings
/// with a fix (`with_fix`), or of every finding (`!with_fix`: to tell an
/// edit of a finding reported without a fix from one of no finding).
fn allowed(
    write: Write,
    strict: bool,
    with_fix: bool,
    before: &[u8],
    fs: &[Finding],
    ex: &[Extracted],
    map: &Regex,
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    match write {
        Write::Fix => {
            for f in fs {
                if with_fix && f.edits.is_none() {
                    continue;
                }
                let mut start = f.span.start;
                if f.code == "D007" && !strict {
                    // The `URL:` prefix D007's fix drops: the edit must
                    // end where the URI starts and delete `URL:` and
                    // white space (any case), nothing else.
                    let prefix = match &f.edits {
                        Some(edits) => edits
                            .iter()
                            .filter(|(r, repl)| {
                                r.end == f.span.start
                                    && repl.is_empty()
                                    && is_url_prefix(before.get(r.clone()).unwrap_or_default())
                            })
                            .map(|(r, _)| r.start)
                            .min(),
                        None => url_prefix_before(before, f.span.start),
                    };
                    start = start.min(prefix.unwrap_or(start));
                }
                out.push((start, f.span.end));
            }
        }
        Write::Rewrite => {
            for e in ex {
                if map.is_match(&e.uri) {
                    out.push((e.span.start, e.span.end));
                    // A Markdown link whose text is its own destination
                    // (`[URI](URI)`), which extract gives once: the text,
                    // the same URI shown, is rewritten with it.
                    let s = e.span.start;
                    let head = &before[..s.min(before.len())];
                    let head = head.strip_suffix(b"<").unwrap_or(head);
                    if let Some(text) = head
                        .strip_suffix(b"](")
                        .and_then(|h| h.strip_suffix(e.uri.as_bytes()))
                        .filter(|h| h.ends_with(b"["))
                    {
                        out.push((text.len(), text.len() + e.uri.len()));
                    }
                }
            }
        }
        Write::AddIgnore => {}
    }
    out.sort_unstable();
    out
}

/// `URL:` (any case) and then only white space.
fn is_url_prefix(b: &[u8]) -> bool {
    b.len() >= 4
        && b[..4].eq_ignore_ascii_case(b"url:")
        && b[4..].iter().all(u8::is_ascii_whitespace)
}

/// Where a `URL:` prefix right before `start` (white space between) starts.
fn url_prefix_before(before: &[u8], start: usize) -> Option<usize> {
    let mut i = start.min(before.len());
    while i > 0 && before[i - 1].is_ascii_whitespace() {
        i -= 1;
    }
    (i >= 4 && before[i - 4..i].eq_ignore_ascii_case(b"url:")).then(|| i - 4)
}

// ------------------------------------------------------------------
// Diff: Myers' O(ND) algorithm, linear space (the middle snake).

/// The changed regions of `a` -> `b`: `(a range, b range)`, in order.
fn diff<T: PartialEq>(a: &[T], b: &[T]) -> Vec<(Range<usize>, Range<usize>)> {
    let mut out = Vec::new();
    diff_rec(a, b, 0, 0, &mut out, 0);
    // Merge touching hunks.
    let mut merged: Vec<(Range<usize>, Range<usize>)> = Vec::with_capacity(out.len());
    for (ra, rb) in out {
        if let Some(last) = merged.last_mut() {
            if last.0.end == ra.start && last.1.end == rb.start {
                last.0.end = ra.end;
                last.1.end = rb.end;
                continue;
            }
        }
        merged.push((ra, rb));
    }
    merged
}

fn diff_rec<T: PartialEq>(
    mut a: &[T],
    mut b: &[T],
    mut a0: usize,
    mut b0: usize,
    out: &mut Vec<(Range<usize>, Range<usize>)>,
    depth: usize,
) {
    // Common prefix and suffix.
    let pre = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    a = &a[pre..];
    b = &b[pre..];
    a0 += pre;
    b0 += pre;
    let suf = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    a = &a[..a.len() - suf];
    b = &b[..b.len() - suf];
    if a.is_empty() || b.is_empty() {
        if !a.is_empty() || !b.is_empty() {
            out.push((a0..a0 + a.len(), b0..b0 + b.len()));
        }
        return;
    }
    if depth > 64 {
        // (Not reached: each half costs less than the whole.)
        out.push((a0..a0 + a.len(), b0..b0 + b.len()));
        return;
    }
    let (x, y) = middle_snake(a, b);
    diff_rec(&a[..x], &b[..y], a0, b0, out, depth + 1);
    diff_rec(&a[x..], &b[y..], a0 + x, b0 + y, out, depth + 1);
}

/// A point `(x, y)` on an optimal edit path of `a` -> `b` (both
/// non-empty, no common prefix or suffix), strictly inside it: the start
/// of the middle snake (Myers 1986, section 4b).
fn middle_snake<T: PartialEq>(a: &[T], b: &[T]) -> (usize, usize) {
    let n = a.len() as isize;
    let m = b.len() as isize;
    let delta = n - m;
    let odd = delta & 1 != 0;
    let max = (n + m + 1) / 2 + 1;
    let off = max;
    let size = (2 * max + 1) as usize;
    // vf[k]: furthest x on diagonal k = x - y, forwards; vb[k]: furthest u
    // on diagonal k = u - v of the reversed sequences.
    let mut vf = vec![0isize; size];
    let mut vb = vec![0isize; size];
    for d in 0..=max {
        let mut k = -d;
        while k <= d {
            let i = (k + off) as usize;
            let mut x = if k == -d || (k != d && vf[i - 1] < vf[i + 1]) {
                vf[i + 1]
            } else {
                vf[i - 1] + 1
            };
            let mut y = x - k;
            let (sx, sy) = (x, y);
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            vf[i] = x;
            let kb = delta - k;
            if odd && kb > -d && kb < d && x + vb[(kb + off) as usize] >= n {
                return (sx as usize, sy as usize);
            }
            k += 2;
        }
        let mut k = -d;
        while k <= d {
            let i = (k + off) as usize;
            let mut u = if k == -d || (k != d && vb[i - 1] < vb[i + 1]) {
                vb[i + 1]
            } else {
                vb[i - 1] + 1
            };
            let mut v = u - k;
            let (su, sv) = (u, v);
            while u < n && v < m && a[(n - 1 - u) as usize] == b[(m - 1 - v) as usize] {
                u += 1;
                v += 1;
            }
            vb[i] = u;
            let kf = delta - k;
            if !odd && kf >= -d && kf <= d && u + vf[(kf + off) as usize] >= n {
                return ((n - su) as usize, (m - sv) as usize);
            }
            k += 2;
        }
    }
    unreachable!("the paths meet by d = (n + m) / 2")
}

/// One changed region of a write, in offsets of the file before it.
#[derive(Clone, Debug)]
struct Region {
    before: Range<usize>,
    after: Range<usize>,
}

fn lines_of(s: &[u8]) -> Vec<&[u8]> {
    s.split_inclusive(|&b| b == b'\n').collect()
}

fn line_starts(s: &[u8]) -> Vec<usize> {
    let mut v = vec![0];
    v.extend(
        s.iter()
            .enumerate()
            .filter(|(_, &b)| b == b'\n')
            .map(|(i, _)| i + 1),
    );
    v
}

/// 0-based line of byte `p`.
fn line_of(starts: &[usize], p: usize) -> usize {
    starts.partition_point(|&s| s <= p).saturating_sub(1)
}

/// The regions where `after` differs from `before`: a line diff, then a
/// byte diff inside each changed run of lines (line by line when the run
/// has as many lines on both sides).
fn regions(before: &[u8], after: &[u8]) -> Vec<Region> {
    let la = lines_of(before);
    let lb = lines_of(after);
    let sa = offsets(&la);
    let sb = offsets(&lb);
    let mut out = Vec::new();
    for (ra, rb) in diff(&la, &lb) {
        let pairs: Vec<(Range<usize>, Range<usize>)> = if ra.len() == rb.len() {
            ra.clone()
                .zip(rb.clone())
                .map(|(i, j)| (i..i + 1, j..j + 1))
                .collect()
        } else {
            vec![(ra, rb)]
        };
        for (ra, rb) in pairs {
            let ba = sa[ra.start]..sa[ra.end];
            let bb = sb[rb.start]..sb[rb.end];
            for (x, y) in diff(&before[ba.clone()], &after[bb.clone()]) {
                out.push(Region {
                    before: ba.start + x.start..ba.start + x.end,
                    after: bb.start + y.start..bb.start + y.end,
                });
            }
        }
    }
    out
}

fn offsets(lines: &[&[u8]]) -> Vec<usize> {
    let mut v = Vec::with_capacity(lines.len() + 1);
    let mut at = 0;
    v.push(0);
    for l in lines {
        at += l.len();
        v.push(at);
    }
    v
}

/// The placements of `r` that are equivalent (an insertion or deletion
/// slid over equal bytes), as `before` ranges; `r` itself first.
fn placements(r: &Region, before: &[u8], after: &[u8]) -> Vec<Range<usize>> {
    let mut out = vec![r.before.clone()];
    let ins = r.before.is_empty();
    let del = r.after.is_empty();
    if ins == del {
        return out;
    }
    // The moving text: what is inserted or deleted.
    let text: Vec<u8> = if ins {
        after[r.after.clone()].to_vec()
    } else {
        before[r.before.clone()].to_vec()
    };
    let n = text.len();
    for dir in [-1isize, 1] {
        let mut t = text.clone();
        let mut at = r.before.clone();
        for _ in 0..4096 {
            if dir < 0 {
                if at.start == 0 || before[at.start - 1] != t[n - 1] {
                    break;
                }
                t.rotate_right(1);
                at = at.start - 1..at.end - 1;
            } else {
                // Insertion: the byte after the point; deletion: after the range.
                let next = at.end;
                if next >= before.len() || before[next] != t[0] {
                    break;
                }
                t.rotate_left(1);
                at = at.start + 1..at.end + 1;
            }
            out.push(at.clone());
        }
    }
    out
}

fn inside(at: &Range<usize>, allowed: &[(usize, usize)]) -> bool {
    allowed.iter().any(|&(s, e)| s <= at.start && at.end <= e)
}

fn excerpt(b: &[u8], r: Range<usize>, limit: usize) -> String {
    let s = String::from_utf8_lossy(&b[r.start.min(b.len())..r.end.min(b.len())]).into_owned();
    let mut t: String = s.chars().take(limit).collect();
    if s.chars().count() > limit {
        t.push('…');
    }
    format!("{t:?}")
}

// ------------------------------------------------------------------
// Normalisation and the structures parsed here (Markdown, HTML).

struct Norm {
    uri: Regex,
    prose: Vec<Regex>,
    space: Regex,
}

impl Norm {
    fn new() -> Norm {
        Norm {
            uri: Regex::new(URI).expect("URI regex"),
            prose: PROSE
                .iter()
                .map(|p| Regex::new(p).expect("PROSE regex"))
                .collect(),
            space: Regex::new(r"\s+").expect("regex"),
        }
    }

    /// Values: URIs only.
    fn data(&self, s: &str) -> String {
        self.uri.replace_all(s, PLACEHOLDER).into_owned()
    }

    /// Prose text: URIs with their delimiters, white space collapsed.
    fn text(&self, s: &str) -> String {
        let mut s = self.data(s);
        loop {
            let before = s.clone();
            for p in &self.prose {
                s = p
                    .replace_all(&s, |c: &regex::Captures| {
                        format!("{}{PLACEHOLDER}", c.name("keep").map_or("", |m| m.as_str()))
                    })
                    .into_owned();
            }
            if s == before {
                break;
            }
        }
        self.space.replace_all(&s, " ").trim().to_string()
    }
}

/// Takes `urilint: ignore` and `urilint: ignore[...]` out of a comment.
fn without_markers(s: &str) -> String {
    let mut rest = s.to_string();
    while let Some(at) = rest.find("<!-- urilint: ignore") {
        let end = rest[at..].find("-->").map_or(rest.len(), |e| at + e + 3);
        rest.replace_range(at..end, "");
    }
    while let Some(at) = rest.find("urilint: ignore") {
        let tail = &rest[at + "urilint: ignore".len()..];
        let end = if tail.starts_with('[') {
            tail.find(']')
                .map_or(rest.len(), |e| at + "urilint: ignore".len() + e + 1)
        } else {
            at + "urilint: ignore".len()
        };
        rest.replace_range(at..end, "");
    }
    rest
}

/// Text collected until the next structural item.
#[derive(Default)]
struct Pending {
    text: String,
    /// Compared as written (code).
    exact: bool,
}

impl Pending {
    fn push(&mut self, s: &str, exact: bool, out: &mut Vec<String>, norm: &Norm) {
        if self.exact != exact {
            self.flush(out, norm);
            self.exact = exact;
        }
        self.text.push_str(s);
    }

    fn flush(&mut self, out: &mut Vec<String>, norm: &Norm) {
        if self.exact {
            if !self.text.is_empty() {
                out.push(format!("code {:?}", self.text));
            }
        } else {
            let t = norm.text(&self.text);
            if !t.is_empty() {
                out.push(format!("text {t:?}"));
            }
        }
        self.text.clear();
    }
}

/// The Markdown document as pulldown-cmark reads it with urilint's
/// options: events, text merged and normalised, autolinks transparent,
/// markers dropped, destinations and titles normalised; then the
/// reference definitions (sorted).
fn markdown_structure(src: &[u8], norm: &Norm) -> Vec<String> {
    let text = urilint::format::markdown::as_text(src);
    let mut parser = Parser::new_ext(
        &text,
        urilint::format::markdown::options_for(text.as_bytes()),
    );
    let mut out = Vec::new();
    let mut pending = Pending::default();
    let mut html = String::new();
    let mut links: Vec<bool> = Vec::new(); // transparent?
    let mut code = false;
    let mut meta = false;
    // Raw HTML (blocks and inline, merged while adjacent) is read as an
    // HTML file is: its html5gum tokens.
    let flush_html = |html: &mut String, out: &mut Vec<String>| {
        for t in html_structure(html.as_bytes(), norm) {
            out.push(format!("html {t}"));
        }
        html.clear();
    };
    for e in parser.by_ref() {
        if !matches!(e, Event::Html(_) | Event::InlineHtml(_)) && !html.is_empty() {
            pending.flush(&mut out, norm);
            flush_html(&mut html, &mut out);
        }
        match e {
            Event::Text(t) if meta => {
                for line in t.split_inclusive('\n') {
                    if !line.trim_start().starts_with("# urilint:") {
                        pending.push(line, false, &mut out, norm);
                    }
                }
            }
            Event::Text(t) => pending.push(&t, code, &mut out, norm),
            Event::SoftBreak => pending.push("\n", code, &mut out, norm),
            Event::Html(h) | Event::InlineHtml(h) => {
                let rest = without_markers(&h);
                if !rest.trim().is_empty() {
                    if html.is_empty() {
                        pending.flush(&mut out, norm);
                    }
                    html.push_str(&rest);
                }
            }
            Event::Start(Tag::Link {
                link_type: LinkType::Autolink,
                ..
            }) => links.push(true),
            Event::End(TagEnd::Link) if links.last() == Some(&true) => {
                links.pop();
            }
            other => {
                pending.flush(&mut out, norm);
                match other {
                    Event::Start(Tag::Link {
                        link_type,
                        dest_url,
                        title,
                        id,
                    }) => {
                        links.push(false);
                        out.push(format!(
                            "<link {link_type:?} dest={:?} title={:?} id={:?}>",
                            norm.data(&dest_url),
                            norm.text(&title),
                            norm.data(&id)
                        ));
                    }
                    Event::End(TagEnd::Link) => {
                        links.pop();
                        out.push("</link>".into());
                    }
                    Event::Start(Tag::Image {
                        link_type,
                        dest_url,
                        title,
                        id,
                    }) => out.push(format!(
                        "<image {link_type:?} dest={:?} title={:?} id={:?}>",
                        norm.data(&dest_url),
                        norm.text(&title),
                        norm.data(&id)
                    )),
                    Event::Start(Tag::CodeBlock(k)) => {
                        code = true;
                        out.push(format!("<codeblock {k:?}>"));
                    }
                    Event::End(TagEnd::CodeBlock) => {
                        code = false;
                        out.push("</codeblock>".into());
                    }
                    Event::Start(Tag::MetadataBlock(k)) => {
                        meta = true;
                        out.push(format!("<metadata {k:?}>"));
                    }
                    Event::End(TagEnd::MetadataBlock(k)) => {
                        meta = false;
                        out.push(format!("</metadata {k:?}>"));
                    }
                    Event::Code(c) => out.push(format!("code {c:?}")),
                    other => out.push(format!("{other:?}")),
                }
            }
        }
    }
    pending.flush(&mut out, norm);
    flush_html(&mut html, &mut out);
    // A block that held only a marker is empty now.
    let mut kept: Vec<String> = Vec::with_capacity(out.len());
    for e in out {
        if e == "End(HtmlBlock)" && kept.last().is_some_and(|p| p == "Start(HtmlBlock)") {
            kept.pop();
        } else {
            kept.push(e);
        }
    }
    let mut defs: Vec<String> = parser
        .reference_definitions()
        .iter()
        .map(|(label, def)| {
            format!(
                "definition {:?} dest={:?} title={:?}",
                norm.data(label),
                norm.data(&def.dest),
                norm.text(def.title.as_deref().unwrap_or_default())
            )
        })
        .collect();
    defs.sort();
    kept.extend(defs);
    kept
}

/// The HTML document as html5gum tokenizes it (switching to raw text in
/// `<script>`, `<style>` and the like): tags with sorted, normalised
/// attributes, text merged and normalised (as written inside `<script>`,
/// `<style>` and code elements), comments normalised with markers
/// dropped; parse errors ignored.
fn html_structure(src: &[u8], norm: &Norm) -> Vec<String> {
    let mut emitter = DefaultEmitter::default();
    emitter.naively_switch_states(true);
    let mut out = Vec::new();
    let mut pending = Pending::default();
    let mut exact_depth = 0usize;
    let lossy = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    for token in Tokenizer::new_with_emitter(src, emitter) {
        let Ok(token) = token;
        match token {
            Token::String(s) => pending.push(&lossy(&s.value), exact_depth > 0, &mut out, norm),
            Token::Comment(c) => {
                let c = lossy(&c.value);
                let rest = without_markers(&c);
                if c != rest && rest.trim().is_empty() {
                    continue; // a marker alone
                }
                pending.flush(&mut out, norm);
                out.push(format!("<!--{:?}-->", norm.text(&rest)));
            }
            Token::StartTag(t) => {
                pending.flush(&mut out, norm);
                let name = lossy(&t.name);
                let attrs: Vec<String> = t
                    .attributes
                    .iter()
                    .map(|(k, v)| format!("{}={:?}", lossy(k), norm.data(&lossy(&v.value))))
                    .collect();
                out.push(format!(
                    "<{name} {}{}>",
                    attrs.join(" "),
                    if t.self_closing { " /" } else { "" }
                ));
                if is_exact_element(&name) && !t.self_closing {
                    exact_depth += 1;
                }
            }
            Token::EndTag(t) => {
                pending.flush(&mut out, norm);
                let name = lossy(&t.name);
                if is_exact_element(&name) {
                    exact_depth = exact_depth.saturating_sub(1);
                }
                out.push(format!("</{name}>"));
            }
            Token::Doctype(d) => {
                pending.flush(&mut out, norm);
                out.push(format!(
                    "<!doctype {} {:?} {:?}>",
                    lossy(&d.name),
                    d.public_identifier.map(|s| norm.data(&lossy(&s))),
                    d.system_identifier.map(|s| norm.data(&lossy(&s)))
                ));
            }
            Token::Error(_) => {}
        }
    }
    pending.flush(&mut out, norm);
    out
}

/// Plain text: the normalised prose, paragraph by paragraph (a blank
/// line ends one). Plain text has no comment syntax: no markers.
fn text_structure(src: &[u8], norm: &Norm) -> Vec<String> {
    let text = String::from_utf8_lossy(src);
    let blank = Regex::new(r"\n[ \t]*\r?\n\s*").expect("regex");
    blank
        .split(&text)
        .map(|p| norm.text(p))
        .filter(|p| !p.is_empty())
        .collect()
}

/// Elements whose text is compared as written: raw text and code.
fn is_exact_element(name: &str) -> bool {
    matches!(
        name,
        "script" | "style" | "pre" | "code" | "kbd" | "samp" | "tt" | "xmp" | "textarea"
    )
}

/// `line` cut to 200 characters around where it first differs from
/// `other`.
fn crop(line: &str, other: &str) -> String {
    const WIDTH: usize = 200;
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= WIDTH {
        return line.to_string();
    }
    let first = line
        .chars()
        .zip(other.chars())
        .take_while(|(x, y)| x == y)
        .count();
    let start = first.saturating_sub(WIDTH / 3);
    let end = (start + WIDTH).min(chars.len());
    format!(
        "{}{}{}",
        if start > 0 { "…" } else { "" },
        chars[start..end].iter().collect::<String>(),
        if end < chars.len() { "…" } else { "" }
    )
}

/// A short unified diff of two line lists (context 2, at most 40 lines).
fn short_diff(a: &[String], b: &[String]) -> String {
    let mut out = String::from("--- before\n+++ after\n");
    let mut shown = 0;
    for (ra, rb) in diff(a, b) {
        if shown >= 40 {
            out.push_str("...\n");
            break;
        }
        let ctx = ra.start.saturating_sub(2);
        let _ = writeln!(out, "@@ {} @@", ra.start + 1);
        for l in &a[ctx..ra.start] {
            let _ = writeln!(out, " {l}");
        }
        // A replaced line is shown around where it changed.
        let paired = ra.len() == rb.len();
        for (k, l) in a[ra.clone()].iter().enumerate() {
            let other = if paired { &b[rb.start + k] } else { l };
            let _ = writeln!(out, "-{}", crop(l, other));
            shown += 1;
        }
        for (k, l) in b[rb.clone()].iter().enumerate() {
            let other = if paired { &a[ra.start + k] } else { l };
            let _ = writeln!(out, "+{}", crop(l, other));
            shown += 1;
        }
        for l in a.iter().skip(ra.end).take(2) {
            let _ = writeln!(out, " {l}");
        }
    }
    out
}

// ------------------------------------------------------------------
// The Python helper.

fn python() -> String {
    std::env::var("URILINT_TEST_PYTHON").unwrap_or_else(|_| "python3".to_string())
}

fn helper() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/structure/compare.py")
}

/// The formats the helper can parse here, or `None` without Python.
fn probe() -> Option<HashMap<String, bool>> {
    let out = Command::new(python())
        .arg(helper())
        .arg("--probe")
        .stdin(Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        eprintln!(
            "write_structure: {} {} --probe failed: {}",
            python(),
            helper().display(),
            String::from_utf8_lossy(&out.stderr)
        );
        return None;
    }
    serde_json::from_slice(&out.stdout).ok()
}

/// One comparison for the helper.
struct PyItem {
    format: Format,
    before: PathBuf,
    after: PathBuf,
    regions: Vec<(Range<usize>, Vec<u8>)>,
}

fn hex(b: &[u8]) -> String {
    b.iter()
        .fold(String::with_capacity(b.len() * 2), |mut s, x| {
            let _ = write!(s, "{x:02x}");
            s
        })
}

/// Runs the helper on `items`; its answers by index.
fn py_compare(items: &[PyItem]) -> Vec<Value> {
    if items.is_empty() {
        return Vec::new();
    }
    let request = json!({
        "placeholder": PLACEHOLDER,
        "uri": URI,
        "prose": PROSE,
        "items": items.iter().enumerate().map(|(i, it)| json!({
            "id": i,
            "format": it.format.name(),
            "before": it.before,
            "after": it.after,
            "regions": it.regions.iter().map(|(r, repl)| json!([r.start, r.end, hex(repl)])).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    });
    let mut child = Command::new(python())
        .arg(helper())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the Python helper starts");
    let body = serde_json::to_vec(&request).expect("JSON");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&body);
    });
    let out = child.wait_with_output().expect("the Python helper runs");
    writer.join().expect("writer");
    assert!(out.status.success(), "the Python helper failed");
    let mut answers = vec![Value::Null; items.len()];
    for line in out.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let v: Value = serde_json::from_slice(line).expect("helper JSON");
        let id = num(&v["id"]);
        if id < answers.len() {
            answers[id] = v;
        }
    }
    answers
}

// ------------------------------------------------------------------
// The property.

struct Sample {
    /// The real file (for the report).
    source: PathBuf,
    format: Format,
}

/// What went wrong for one file and write.
struct Failure {
    write: Write,
    format: Format,
    source: PathBuf,
    /// Short kinds for the summary: "changed", "outside", "structure", ...
    kinds: Vec<String>,
    detail: String,
}

fn check_samples(label: &str, samples: &[Sample]) {
    let started = Instant::now();
    let norm = Norm::new();
    let map = Regex::new(REWRITE_MAP.0).expect("map regex");
    let py = probe();
    match &py {
        None => crate::support::skip(format!(
            "write_structure: the YAML, TOML, JSON, Python, shell and reST structure \
             checks ({} with tests/structure/compare.py does not run; set URILINT_TEST_PYTHON)",
            python()
        )),
        Some(p) => {
            let mut missing: Vec<&String> =
                p.iter().filter(|(_, ok)| !**ok).map(|(f, _)| f).collect();
            missing.sort();
            for f in missing {
                let what = match f.as_str() {
                    "yaml" => "PyYAML",
                    "rst" => "docutils",
                    "toml" => "tomllib or tomli",
                    "shell" => "bash",
                    _ => "its parser",
                };
                crate::support::skip(format!(
                    "write_structure: the {f} structure check ({what} is not there for {})",
                    python()
                ));
            }
        }
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let copy = |kind: &str| -> Vec<PathBuf> {
        samples
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let d = dir.path().join(kind).join(i.to_string());
                fs::create_dir_all(&d).expect("mkdir");
                let p = d.join(s.source.file_name().expect("file name"));
                fs::copy(&s.source, &p).expect("copy");
                p
            })
            .collect()
    };
    let orig = copy("orig");
    let befores: Vec<Vec<u8>> = orig.iter().map(|p| fs::read(p).expect("read")).collect();

    let checked = run(
        &[
            "check",
            "--isolated",
            "-q",
            "--select",
            "ALL",
            "--format",
            "jsonl",
        ],
        &orig,
    );
    assert!(
        matches!(checked.status, Some(0 | 1)),
        "check: exit {:?}: {}",
        checked.status,
        checked.stderr
    );
    let check_records = records_by_path(&checked.stdout);
    let extract = run(&EXTRACT_ALL, &orig);
    assert!(
        matches!(extract.status, Some(0)),
        "extract: exit {:?}: {}",
        extract.status,
        extract.stderr
    );
    let extract_records = records_by_path(&extract.stdout);
    let key = |p: &Path| p.to_string_lossy().into_owned();
    let found: Vec<Vec<Finding>> = orig
        .iter()
        .map(|p| findings(check_records.get(&key(p)).map_or(&[][..], |v| v)))
        .collect();
    let uris: Vec<Vec<Extracted>> = orig
        .iter()
        .map(|p| extracted(extract_records.get(&key(p)).map_or(&[][..], |v| v)))
        .collect();

    let map_arg = format!("{}={}", REWRITE_MAP.0, REWRITE_MAP.1);
    let mut failures: Vec<Failure> = Vec::new();
    let mut py_items: Vec<PyItem> = Vec::new();
    // (index into failures-to-be: write, sample) for each py item
    let mut py_for: Vec<(Write, usize)> = Vec::new();
    let mut pending: BTreeMap<(Write, usize), Failure> = BTreeMap::new();
    let mut changed_count: BTreeMap<Write, usize> = BTreeMap::new();
    let mut runs = Vec::new();

    for write in Write::ALL {
        let paths = copy(write.name());
        let args: Vec<&str> = match write {
            Write::Fix => vec![
                "check",
                "--isolated",
                "-q",
                "--select",
                "ALL",
                "--fix",
                "--unsafe-fixes",
                "--format",
                "plain",
            ],
            Write::AddIgnore => vec![
                "check",
                "--isolated",
                "-q",
                "--select",
                "ALL",
                "--add-ignore",
                "--format",
                "plain",
            ],
            Write::Rewrite => vec!["rewrite", "--isolated", "-q", "--map-regex", &map_arg],
        };
        let t = Instant::now();
        let r = run(&args, &paths);
        runs.push(format!(
            "{} {:.1} s",
            write.name(),
            t.elapsed().as_secs_f64()
        ));
        let crashed = !matches!(r.status, Some(0..=2));
        let after_extract = if write == Write::Rewrite {
            let e = run(&EXTRACT_ALL, &paths);
            Some(records_by_path(&e.stdout))
        } else {
            None
        };
        for (i, s) in samples.iter().enumerate() {
            let before = &befores[i];
            let after = fs::read(&paths[i]).expect("read the written copy");
            let pol = policy(s.format, write);
            let mut f = Failure {
                write,
                format: s.format,
                source: s.source.clone(),
                kinds: Vec::new(),
                detail: String::new(),
            };
            if crashed {
                f.kinds.push("crash".into());
                let _ = writeln!(f.detail, "   the run crashed (exit {:?}):", r.status);
            }
            // Messages about this file.
            let name = key(&paths[i]);
            let said: Vec<&str> = r
                .stderr
                .lines()
                .filter(|l| l.contains(&name) && !l.contains("warning:"))
                .collect();
            if r.status == Some(2) && !said.is_empty() {
                f.kinds.push("error".into());
                for l in said.iter().take(3) {
                    let _ = writeln!(f.detail, "   urilint said: {l}");
                }
            }
            if *before == after {
                if !f.kinds.is_empty() {
                    failures.push(f);
                }
                continue;
            }
            *changed_count.entry(write).or_default() += 1;
            let regs = regions(before, &after);
            let starts = line_starts(before);
            let loc = |p: usize| {
                let l = line_of(&starts, p);
                format!("{}:{}", l + 1, p - starts[l] + 1)
            };
            if pol == Policy::Unchanged {
                f.kinds.push("changed".into());
                let _ = writeln!(
                    f.detail,
                    "   changed, but the policy is: {}",
                    policy_text(pol)
                );
                for r in regs.iter().take(6) {
                    let codes = codes_on_line(&found[i], &starts, line_of(&starts, r.before.start));
                    let _ = writeln!(
                        f.detail,
                        "   - {} {} -> {}{}",
                        loc(r.before.start),
                        excerpt(before, r.before.clone(), 60),
                        excerpt(&after, r.after.clone(), 60),
                        codes
                    );
                }
                if regs.len() > 6 {
                    let _ = writeln!(f.detail, "   ... {} regions in all", regs.len());
                }
            } else {
                // (i) where
                let mut fixless: Vec<&Region> = Vec::new();
                let outside: Vec<&Region> = match pol {
                    Policy::Edit { strict } => {
                        let ok = allowed(write, strict, true, before, &found[i], &uris[i], &map);
                        let reported =
                            allowed(write, strict, false, before, &found[i], &uris[i], &map);
                        let within = |r: &Region, iv: &[(usize, usize)]| {
                            placements(r, before, &after)
                                .iter()
                                .any(|at| inside(at, iv))
                        };
                        let (bad, rest): (Vec<&Region>, Vec<&Region>) = regs
                            .iter()
                            .filter(|r| !within(r, &ok))
                            .partition(|r| !within(r, &reported));
                        fixless = rest;
                        bad
                    }
                    Policy::Markers => regs
                        .iter()
                        .filter(|r| !marker_ok(r, before, &after, &found[i], &starts))
                        .collect(),
                    Policy::Unchanged => unreachable!(),
                };
                if !fixless.is_empty() {
                    f.kinds.push("fix-not-reported".into());
                    let _ = writeln!(
                        f.detail,
                        "   {} of {} edits inside the span of a finding that check reports without a fix:",
                        fixless.len(),
                        regs.len()
                    );
                    for r in fixless.iter().take(4) {
                        let line = line_of(&starts, r.before.start);
                        let _ = writeln!(
                            f.detail,
                            "   - {} {} -> {}{}",
                            loc(r.before.start),
                            excerpt(before, r.before.clone(), 60),
                            excerpt(&after, r.after.clone(), 60),
                            codes_on_line(&found[i], &starts, line),
                        );
                    }
                    if fixless.len() > 4 {
                        let _ = writeln!(f.detail, "   ... {} in all", fixless.len());
                    }
                }
                if !outside.is_empty() {
                    f.kinds.push("outside".into());
                    let _ = writeln!(
                        f.detail,
                        "   {} of {} edits outside every reported span ({}):",
                        outside.len(),
                        regs.len(),
                        policy_text(pol)
                    );
                    for r in outside.iter().take(6) {
                        let line = line_of(&starts, r.before.start);
                        let ctx =
                            starts[line]..starts.get(line + 1).copied().unwrap_or(before.len());
                        let _ = writeln!(
                            f.detail,
                            "   - {} {} -> {}{}\n       line: {}",
                            loc(r.before.start),
                            excerpt(before, r.before.clone(), 60),
                            excerpt(&after, r.after.clone(), 60),
                            codes_on_line(&found[i], &starts, line),
                            excerpt(before, ctx, 120)
                        );
                    }
                    if outside.len() > 6 {
                        let _ = writeln!(f.detail, "   ... {} outside in all", outside.len());
                    }
                }
                // (iii) rewrite reads back as mapped
                if let Some(after_records) = &after_extract {
                    let now: Vec<String> = after_records
                        .get(&name)
                        .map(|v| extracted(v).into_iter().map(|e| e.uri).collect())
                        .unwrap_or_default();
                    let want: Vec<String> = uris[i].iter().map(|e| mapped(&map, &e.uri)).collect();
                    // A URI left as it was is one urilint said it would not
                    // rewrite (a comment of a data file, a table cell, code
                    // written with escapes): refusing is safe; a URI read
                    // back as anything else is not.
                    // A reference link whose text is its URI
                    // (`[https://ci.nodejs.org/][]`, nodejs's
                    // `contributing/pull-requests.md`) keeps its text,
                    // the label the definition must still match: once the
                    // destination is rewritten, the text is read as a URI
                    // of its own, one the file had before.
                    let olds: std::collections::HashSet<&str> =
                        uris[i].iter().map(|e| e.uri.as_str()).collect();
                    let mut rest = now.iter();
                    let kept_or_mapped = want.iter().zip(&uris[i]).all(|(w, old)| {
                        rest.by_ref()
                            .find(|n| *n == w || **n == old.uri || !olds.contains(n.as_str()))
                            .is_some_and(|n| n == w || *n == old.uri)
                    }) && rest.all(|n| olds.contains(n.as_str()));
                    if !kept_or_mapped {
                        f.kinds.push("reads-back".into());
                        let _ = writeln!(
                            f.detail,
                            "   extract after the rewrite does not give the mapped URIs ({} expected, {} found):",
                            want.len(),
                            now.len()
                        );
                        let mut shown = 0;
                        for (ra, rb) in diff(&want, &now) {
                            for k in ra.clone() {
                                let _ = writeln!(
                                    f.detail,
                                    "   - expected {:?} (from {:?})",
                                    want[k], uris[i][k].uri
                                );
                            }
                            for k in rb {
                                let _ = writeln!(f.detail, "   + found    {:?}", now[k]);
                            }
                            shown += 1;
                            if shown >= 4 {
                                break;
                            }
                        }
                    }
                }
            }
            // (ii) what
            match s.format {
                Format::Markdown | Format::Html | Format::Text => {
                    let (a, b) = match s.format {
                        Format::Markdown => (
                            markdown_structure(before, &norm),
                            markdown_structure(&after, &norm),
                        ),
                        Format::Html => {
                            (html_structure(before, &norm), html_structure(&after, &norm))
                        }
                        _ => (text_structure(before, &norm), text_structure(&after, &norm)),
                    };
                    if a != b {
                        f.kinds.push("structure".into());
                        let _ = writeln!(
                            f.detail,
                            "   the document differs ({}):",
                            match s.format {
                                Format::Markdown => "pulldown-cmark events",
                                Format::Html => "html5gum tokens",
                                _ => "the text, URIs and their delimiters normalised",
                            }
                        );
                        for l in short_diff(&a, &b).lines() {
                            let _ = writeln!(f.detail, "     {l}");
                        }
                    }
                }
                _ => {
                    let supported = py
                        .as_ref()
                        .is_some_and(|p| p.get(s.format.name()).copied().unwrap_or(false));
                    if supported {
                        let attribute = matches!(
                            s.format,
                            Format::Yaml | Format::Toml | Format::Json | Format::Python
                        );
                        py_items.push(PyItem {
                            format: s.format,
                            before: orig[i].clone(),
                            after: paths[i].clone(),
                            regions: if attribute {
                                regs.iter()
                                    .map(|r| (r.before.clone(), after[r.after.clone()].to_vec()))
                                    .collect()
                            } else {
                                Vec::new()
                            },
                        });
                        py_for.push((write, i));
                    }
                }
            }
            pending.insert((write, i), f);
        }
    }

    // (ii) for the Python formats, in one helper run.
    runs.push(format!(
        "writes and Rust checks {:.1} s",
        started.elapsed().as_secs_f64()
    ));
    let t = Instant::now();
    let answers = py_compare(&py_items);
    runs.push(format!(
        "python {:.1} s ({} comparisons)",
        t.elapsed().as_secs_f64(),
        py_items.len()
    ));
    for (k, (write, i)) in py_for.iter().enumerate() {
        let a = &answers[k];
        let Some(f) = pending.get_mut(&(*write, *i)) else {
            continue;
        };
        let result = a["result"].as_str().unwrap_or("none");
        let detail = a["detail"].as_str().unwrap_or_default();
        let notes: Vec<&str> = a["regions"]
            .as_array()
            .map(|v| v.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let pol = policy(f.format, *write);
        match result {
            "same" | "before-fails" | "unsupported" => {
                if pol == Policy::Unchanged {
                    let _ = writeln!(
                        f.detail,
                        "   ({}: {result}{}{})",
                        f.format.name(),
                        if detail.is_empty() { "" } else { ": " },
                        detail
                    );
                }
            }
            "differs" => {
                f.kinds.push("structure".into());
                let _ = writeln!(f.detail, "   the {} structure differs:", f.format.name());
                for l in detail.lines() {
                    let _ = writeln!(f.detail, "     {l}");
                }
            }
            "after-fails" => {
                f.kinds.push("unparsable".into());
                let _ = writeln!(
                    f.detail,
                    "   the file no longer parses as {}: {detail}",
                    f.format.name()
                );
            }
            other => {
                f.kinds.push("helper".into());
                let _ = writeln!(f.detail, "   the Python helper said {other}: {detail}");
            }
        }
        // A marker must change no value (it is a comment); an edit of a
        // fix or rewrite must (it is inside a string).
        let notes: Vec<&str> = match pol {
            Policy::Markers => notes
                .into_iter()
                .filter(|n| !n.contains("alone changes no value"))
                .collect(),
            _ => notes,
        };
        if !notes.is_empty() {
            if pol != Policy::Unchanged {
                f.kinds.push("not-in-a-value".into());
            }
            for n in notes.iter().take(6) {
                let _ = writeln!(f.detail, "   - {n}");
            }
        }
    }
    failures.extend(pending.into_values().filter(|f| !f.kinds.is_empty()));
    failures.sort_by(|a, b| (a.write, a.format, &a.source).cmp(&(b.write, b.format, &b.source)));

    // The report.
    let mut report = String::new();
    let mut per_format: BTreeMap<Format, usize> = BTreeMap::new();
    for s in samples {
        *per_format.entry(s.format).or_default() += 1;
    }
    let _ = writeln!(
        report,
        "write_structure ({label}): {} files ({}); changed by fix {}, add-ignore {}, rewrite {}; {} failures; {:.1} s ({})",
        samples.len(),
        per_format
            .iter()
            .map(|(f, n)| format!("{} {n}", f.name()))
            .collect::<Vec<_>>()
            .join(", "),
        changed_count.get(&Write::Fix).unwrap_or(&0),
        changed_count.get(&Write::AddIgnore).unwrap_or(&0),
        changed_count.get(&Write::Rewrite).unwrap_or(&0),
        failures.len(),
        started.elapsed().as_secs_f64(),
        runs.join(", ")
    );
    let mut families: BTreeMap<(Write, Format, String), usize> = BTreeMap::new();
    for f in &failures {
        *families
            .entry((f.write, f.format, f.kinds.join("+")))
            .or_default() += 1;
    }
    for ((w, fmt, k), n) in &families {
        let _ = writeln!(report, "  {n:4} × {} {} {k}", w.name(), fmt.name());
    }
    for f in &failures {
        let _ = writeln!(
            report,
            "\n== {} | {} | {} | {}",
            f.write.name(),
            f.format.name(),
            f.kinds.join(", "),
            f.source.display()
        );
        report.push_str(&f.detail);
    }
    let file = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("write_structure-{label}.txt"));
    let _ = fs::write(&file, &report);
    eprintln!("{report}");
    eprintln!("(this report is also in {})", file.display());
    assert!(
        failures.is_empty(),
        "{} file/write pairs break the structure or write outside the reported spans (listed above)",
        failures.len()
    );
}

/// The codes of the findings on line `line` (0-based), for the report.
fn codes_on_line(fs: &[Finding], starts: &[usize], line: usize) -> String {
    let mut codes: Vec<&str> = fs
        .iter()
        .filter(|f| {
            let first = line_of(starts, f.span.start);
            let last = line_of(starts, f.span.end.saturating_sub(1).max(f.span.start));
            first <= line && line <= last
        })
        .map(|f| f.code.as_str())
        .collect();
    codes.sort_unstable();
    codes.dedup();
    if codes.is_empty() {
        String::new()
    } else {
        format!(" [findings on the line: {}]", codes.join(", "))
    }
}

/// A marker insertion at a reported finding: a pure insertion holding
/// `urilint: ignore`, on a line from the one before the finding's first
/// line to its last line.
fn marker_ok(r: &Region, before: &[u8], after: &[u8], fs: &[Finding], starts: &[usize]) -> bool {
    let inserted = String::from_utf8_lossy(&after[r.after.clone()]);
    if !r.before.is_empty() || !inserted.contains("urilint: ignore") {
        return false;
    }
    placements(r, before, after).iter().any(|at| {
        let l = line_of(starts, at.start);
        fs.iter().any(|f| {
            let first = line_of(starts, f.span.start)
                .min(f.line.saturating_sub(1))
                .min(line_of(starts, f.byte_offset));
            let last = line_of(starts, f.span.end.saturating_sub(1).max(f.span.start))
                .max(line_of(starts, f.byte_offset));
            first.saturating_sub(1) <= l && l <= last
        })
    })
}

// ------------------------------------------------------------------
// Inputs.

fn fixture_samples() -> Vec<Sample> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/structure");
    let mut paths: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("fixtures/structure")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().is_some_and(|n| n != "SOURCES.md"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let head = fs::read(&p).expect("read fixture");
            let format = Format::of(&p, &head)
                .unwrap_or_else(|| panic!("{}: no format for this name", p.display()));
            Sample { source: p, format }
        })
        .collect()
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        let Ok(meta) = fs::symlink_metadata(&p) else {
            continue;
        };
        if meta.is_dir() {
            walk(&p, out);
        } else if meta.is_file() && meta.len() <= MAX_SAMPLE_BYTES {
            out.push(p);
        }
    }
}

fn sample_roots() -> Vec<PathBuf> {
    if let Ok(roots) = std::env::var("URILINT_STRUCTURE_ROOTS") {
        return roots
            .split(':')
            .filter(|s| !s.is_empty())
            .map(PathBuf::from)
            .collect();
    }
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    let mut roots = Vec::new();
    if let Some(h) = cargo_home {
        roots.push(h.join("registry/src"));
    }
    roots.push(PathBuf::from("/usr/share/doc"));
    roots
}

fn real_samples() -> Vec<Sample> {
    let per_format: usize = std::env::var("URILINT_STRUCTURE_PER_FORMAT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(PER_FORMAT);
    let mut by_format: BTreeMap<Format, Vec<PathBuf>> = BTreeMap::new();
    for root in sample_roots() {
        let mut files = Vec::new();
        walk(&root, &mut files);
        for p in files {
            let Ok(bytes) = fs::read(&p) else { continue };
            if bytes.contains(&0) || memchr_find(&bytes, b"://").is_none() {
                continue;
            }
            if let Some(f) = Format::of(&p, &bytes[..bytes.len().min(256)]) {
                by_format.entry(f).or_default().push(p);
            }
        }
    }
    let mut out = Vec::new();
    for f in Format::ALL {
        let all = by_format.remove(&f).unwrap_or_default();
        let n = all.len().min(per_format);
        // Spread evenly over the sorted list.
        for k in 0..n {
            out.push(Sample {
                source: all[k * all.len() / n].clone(),
                format: f,
            });
        }
    }
    out
}

fn memchr_find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[test]
fn the_diff_finds_minimal_regions() {
    let r = regions(
        b"a http://X.example/ b\nkeep\n",
        b"a <http://x.example/> b\nkeep\n",
    );
    let got: Vec<(Range<usize>, Range<usize>)> = r
        .iter()
        .map(|r| (r.before.clone(), r.after.clone()))
        .collect();
    assert_eq!(got, vec![(2..2, 2..3), (9..10, 10..11), (19..19, 20..21)]);
    let r = regions(b"x\ny\n", b"x\n# urilint: ignore\ny\n");
    assert_eq!(r.len(), 1);
    assert!(r[0].before.is_empty());
    for (a, b) in [
        (&b"abcabba"[..], &b"cbabac"[..]),
        (b"", b"abc"),
        (b"abc", b""),
        (b"aaaa", b"aa"),
        (b"kitten sitting", b"sitting kitten"),
    ] {
        // Applying the regions to `a` gives `b`.
        let rs = regions(a, b);
        let mut out = Vec::new();
        let mut at = 0;
        for r in &rs {
            out.extend_from_slice(&a[at..r.before.start]);
            out.extend_from_slice(&b[r.after.clone()]);
            at = r.before.end;
        }
        out.extend_from_slice(&a[at..]);
        assert_eq!(out, b, "{rs:?}");
    }
}

#[test]
fn the_normalisation_folds_delimiters_in_prose_only() {
    let n = Norm::new();
    assert_eq!(
        n.text("see http://a.example/x."),
        format!("see {PLACEHOLDER}.")
    );
    assert_eq!(
        n.text("see <http://a.example/x>."),
        format!("see {PLACEHOLDER}.")
    );
    assert_eq!(
        n.text("see URL: http://a.example/x and"),
        format!("see {PLACEHOLDER} and")
    );
    assert_eq!(
        n.text("see http://a.example/x\n  y z"),
        format!("see {PLACEHOLDER} z")
    );
    // `site_url:` is a key, not a `URL:` prefix.
    assert_ne!(
        n.text("site_url: https://a.example/"),
        n.text("site_<https://a.example/>")
    );
    assert_eq!(n.data("<https://a.example/>"), format!("<{PLACEHOLDER}>"));
    assert_eq!(n.data("Note: key: x"), "Note: key: x");
}

#[test]
fn the_structures_tell_harmless_edits_from_harmful_ones() {
    let n = Norm::new();
    let md = |s: &str| markdown_structure(s.as_bytes(), &n);
    let html = |s: &str| html_structure(s.as_bytes(), &n);
    // Markdown: D006 makes an autolink; a destination in `<...>`; a marker.
    assert_eq!(
        md("See http://a.example/x.\n"),
        md("See <http://a.example/x>.\n")
    );
    assert_eq!(
        md("[a](http://a.example/)\n"),
        md("[a](<http://a.example/>)\n")
    );
    assert_eq!(
        md("See http://a.example/%zz.\n"),
        md("See http://a.example/%zz. <!-- urilint: ignore[U002] -->\n")
    );
    // ... but not a marker that ends a table's header row, nor an edit in
    // code, nor a destination that loses its space.
    let table = "| http://a.example/%zz | b |\n|---|---|\n| c | d |\n";
    let marked =
        "| http://a.example/%zz | b | <!-- urilint: ignore[U002] -->\n|---|---|\n| c | d |\n";
    assert_ne!(md(table), md(marked));
    assert_ne!(md("`http://A.example/`\n"), md("`http://a.example/`\n"));
    assert_ne!(
        md("[a](<http://a.example/a b>)\n"),
        md("[a](<http://a.example/ab>)\n")
    );
    // HTML: entities are decoded; raw `<` in text makes a tag; script is code.
    assert_eq!(
        html("<a href=\"http://a.example/?a=1&amp;b=2\">x</a>"),
        html("<a href=\"http://a.example/?a=1&b=2\">x</a>")
    );
    assert_ne!(
        html("<p>see http://a.example/</p>"),
        html("<p>see <http://a.example/></p>")
    );
    assert_ne!(
        html("<script>go('http://A.example/')</script>"),
        html("<script>go('http://a.example/')</script>")
    );
    assert_eq!(
        html("<p>see http://a.example/%zz</p>\n"),
        html("<p>see http://a.example/%zz</p> <!-- urilint: ignore[U002] -->\n")
    );
}

#[test]
fn fixtures_keep_their_structure() {
    let samples = fixture_samples();
    assert!(samples.len() >= 8, "fixtures/structure holds too few files");
    check_samples("fixtures", &samples);
}

#[test]
fn real_files_keep_their_structure() {
    let roots = sample_roots();
    if !roots.iter().any(|r| r.is_dir()) {
        crate::support::skip(format!(
            "write_structure: none of {} is there (set URILINT_STRUCTURE_ROOTS)",
            roots
                .iter()
                .map(|r| r.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        return;
    }
    let t = Instant::now();
    let samples = real_samples();
    eprintln!(
        "write_structure: sampled {} files in {:.1} s",
        samples.len(),
        t.elapsed().as_secs_f64()
    );
    if samples.is_empty() {
        crate::support::skip("write_structure: no file holding \"://\" under the roots");
        return;
    }
    check_samples("real", &samples);
}
