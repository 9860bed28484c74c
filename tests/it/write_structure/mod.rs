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

mod python;
