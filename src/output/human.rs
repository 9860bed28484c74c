//! The human format: diagnostics with an excerpt of the source, as rustc
//! and ruff print them, and a closing summary.
//!
//! This module owns how one [`Diagnostic`] looks on a terminal (rendered
//! with the `annotate-snippets` crate, with or without colour) and the
//! wording of the [`Summary`]:
//!
//! ```text
//! error[U002]: invalid percent-encoding "%zz"
//!  --> docs/a.md:3:14
//!   |
//! 3 | See http://a/%zz for details.
//!   |     ---------^--
//!   |              |
//!   |              invalid-percent-encoding
//!   |
//! help: <what the fix does>
//! ```
//!
//! The excerpt ([`Excerpt`]) is shown as it is in the file, decoded as
//! UTF-8 with invalid bytes replaced by U+FFFD, line ends (LF, CRLF, lone
//! CR) shown as line breaks and other control characters as their Unicode
//! control pictures (U+FFFD for C1 controls, U+2028/U+2029 and
//! bidirectional controls). Lines longer than [`CONTEXT_CHARS`] characters either
//! side of the URI are cut, marked with `…`. It does not own reading the
//! excerpt back from the file ([`crate::lines`]) nor counting for the
//! summary.

use std::io::Write;
use std::ops::Range;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use super::escape;
use crate::lines::Excerpt;
use crate::lint::{Diagnostic, Rule, Severity};

/// The most characters of a line shown before the URI and after it; the
/// rest of the line is cut and the cut marked with `…`.
pub const CONTEXT_CHARS: usize = 100;

/// Appends the rendering of `d` to `out`: a title (`error[U002]: message`
/// or `warning[N001]: ...`), the place (` --> path:line:column`), the
/// excerpt with the URI underlined and the offending character marked
/// with the rule's name, a `help:` line with the fix when there is one,
/// and a blank line.
///
/// The place is `path:line:column` of `d` (1-based, column in Unicode
/// scalar values), not counted again in the excerpt; the path is shown
/// with [`escape::name`], the message and help with [`escape::text`]. `excerpt` holds the
/// line(s) of the URI (see [`crate::lines::Lines`]); the line numbers shown
/// beside it count back from `d.line` (the line of `d.byte_offset`).
/// Without it, or when it does not hold the offending place, only the
/// title, the place and the help are printed. The renderer may trim the
/// excerpt further to fit 140 columns. `color` adds ANSI colours.
pub fn diagnostic(out: &mut Vec<u8>, d: &Diagnostic, excerpt: Option<&Excerpt>, color: bool) {
    let level = match d.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
    };
    let message = escape::text(&d.message);
    let title = level.primary_title(message.as_ref()).id(d.code);
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let place = format!("{}:{}:{}", escape::name(&d.path), d.line, d.column);
    let help = d.fix.as_ref().map(|fix| match fix.applicability {
        crate::fix::Applicability::Safe => escape::text(&fix.message),
        crate::fix::Applicability::Unsafe => {
            std::borrow::Cow::Owned(format!("{} (unsafe fix)", escape::text(&fix.message)))
        }
    });
    let note = d
        .origin
        .as_deref()
        .map(|o| escape::text(&o.describe()).into_owned());
    match excerpt.and_then(|e| Shown::new(d, e)) {
        Some(s) => {
            // The renderer would count the column in the text shown (cut,
            // with tabs expanded...): it gets a placeholder path, replaced
            // by the place of the diagnostic afterwards.
            let mut snippet = Snippet::source(s.text.as_str())
                .line_start(s.line_start)
                .path(ORIGIN)
                .annotation(
                    AnnotationKind::Primary
                        .span(s.primary.clone())
                        .label(d.rule),
                );
            if let Some(context) = &s.context {
                snippet = snippet.annotation(AnnotationKind::Context.span(context.clone()));
            }
            let mut groups = vec![title.element(snippet)];
            if let Some(note) = &note {
                groups.push(Group::with_title(
                    Level::NOTE.secondary_title(note.as_str()),
                ));
            }
            if let Some(help) = &help {
                groups.push(Group::with_title(
                    Level::HELP.secondary_title(help.as_ref()),
                ));
            }
            let rendered = renderer.render(&groups);
            out.extend_from_slice(with_place(&rendered, &place).as_bytes());
        }
        None => {
            out.extend_from_slice(renderer.render(&[Group::with_title(title)]).as_bytes());
            let arrow = if color { ARROW_STYLED } else { "-->" };
            let _ = write!(out, "\n {arrow} {place}");
            if let Some(note) = &note {
                let note = Group::with_title(Level::NOTE.secondary_title(note.as_str()));
                out.push(b'\n');
                out.extend_from_slice(renderer.render(&[note]).as_bytes());
            }
            if let Some(help) = &help {
                let help = Group::with_title(Level::HELP.secondary_title(help.as_ref()));
                out.push(b'\n');
                out.extend_from_slice(renderer.render(&[help]).as_bytes());
            }
        }
    }
    out.extend_from_slice(b"\n\n");
}

/// The placeholder path given to the renderer (private-use characters, so
/// that no real text is taken for it).
const ORIGIN: &str = "\u{e000}urilint-origin\u{e001}";

/// `-->` as the styled renderer draws it (bright blue, bold).
const ARROW_STYLED: &str = "\x1b[1m\x1b[94m-->\x1b[0m";

/// `rendered` with `ORIGIN:line:column` (as the renderer computed them)
/// replaced by `place`.
fn with_place(rendered: &str, place: &str) -> String {
    let Some(i) = rendered.find(ORIGIN) else {
        return rendered.to_string();
    };
    let rest = &rendered[i + ORIGIN.len()..];
    let n = rest
        .bytes()
        .take_while(|b| *b == b':' || b.is_ascii_digit())
        .count();
    format!("{}{place}{}", &rendered[..i], &rest[n..])
}

/// A visible stand-in for a control character: its control picture
/// (U+2400 to U+2421); U+FFFD for the other characters that
/// [`escape::needs_escape`] (C1 controls, U+2028/U+2029, bidirectional
/// overrides and isolates), one character for one so that the
/// annotations stay aligned; other characters as they are.
fn picture(c: char) -> char {
    match u32::from(c) {
        n @ 0..=0x1f => char::from_u32(0x2400 + n).unwrap_or('\u{fffd}'),
        0x7f => '\u{2421}',
        _ if escape::needs_escape(c) => '\u{fffd}',
        _ => c,
    }
}

fn to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// The text shown for one diagnostic and where its annotations go.
#[derive(Debug, PartialEq, Eq)]
struct Shown {
    /// The excerpt for display (cut, with `…` marks).
    text: String,
    /// 1-based line number of the first line of `text`.
    line_start: usize,
    /// Byte range in `text` of the offending character (empty at the end
    /// of a line).
    primary: Range<usize>,
    /// Byte range in `text` of the URI, when not empty.
    context: Option<Range<usize>>,
}

impl Shown {
    /// `None` when the offending place is outside the excerpt.
    fn new(d: &Diagnostic, e: &Excerpt) -> Option<Shown> {
        let len = e.text.len();
        let rel = |at: u64| usize::try_from(at.checked_sub(e.start)?).ok();
        let ro = rel(d.byte_offset).filter(|&r| r <= len)?;
        let rs = rel(d.uri_span.start).unwrap_or(0).min(len);
        let re = rel(d.uri_span.end).unwrap_or(len).clamp(rs, len);
        let line_start = d.line.saturating_sub(line_breaks(&e.text[..ro])).max(1);
        let (s, [ds, dr, de]) = display(&e.text, [rs, ro, re]);
        // The offending character, if there is one on this line.
        let dr_end = s[dr..]
            .chars()
            .next()
            .filter(|&c| c != '\n')
            .map_or(dr, |c| dr + c.len_utf8());
        let lo = ds.min(dr);
        let hi = de.max(dr_end);

        let mut keep_lo = 0;
        let mut cut_lo = false;
        for (n, (i, c)) in s[..lo].char_indices().rev().enumerate() {
            if c == '\n' {
                break;
            }
            if n == CONTEXT_CHARS {
                keep_lo = i + c.len_utf8();
                cut_lo = true;
                break;
            }
        }
        let mut keep_hi = s.len();
        let mut cut_hi = false;
        for (n, (i, c)) in s[hi..].char_indices().enumerate() {
            if c == '\n' {
                break;
            }
            if n == CONTEXT_CHARS {
                keep_hi = hi + i;
                cut_hi = true;
                break;
            }
        }
        let prefix = if cut_lo || (e.cut_before && keep_lo == 0) {
            "…"
        } else {
            ""
        };
        let suffix = if cut_hi || (e.cut_after && keep_hi == s.len()) {
            "…"
        } else {
            ""
        };
        let text = format!("{prefix}{}{suffix}", &s[keep_lo..keep_hi]);
        let shift = |at: usize| at - keep_lo + prefix.len();
        let primary = shift(dr)..shift(dr_end);
        let context = (ds < de)
            .then(|| shift(ds)..shift(de))
            .filter(|c| *c != primary);
        Some(Shown {
            text,
            line_start: to_usize(line_start),
            primary,
            context,
        })
    }
}

/// How many line ends `bytes` holds: LF, CRLF (once) and lone CR.
fn line_breaks(bytes: &[u8]) -> u64 {
    let mut n = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let crlf_tail = b == b'\n' && i > 0 && bytes[i - 1] == b'\r';
        if b == b'\r' || (b == b'\n' && !crlf_tail) {
            n += 1;
        }
    }
    n
}

/// `bytes` for display, and the byte offsets in it of the byte offsets
/// `points` of `bytes` (a point inside a character or an invalid sequence
/// goes to its start; past the end, to the end).
///
/// Invalid UTF-8 becomes U+FFFD (one per maximal invalid sequence, as
/// [`String::from_utf8_lossy`]); CRLF and lone CR become LF; other control
/// characters but tab become visible (control pictures, U+FFFD for C1,
/// line separators and bidirectional controls: see [`picture`]).
fn display<const N: usize>(bytes: &[u8], points: [usize; N]) -> (String, [usize; N]) {
    let mut s = String::with_capacity(bytes.len());
    let mut at: [Option<usize>; N] = [None; N];
    // Records the points before the unit ending at byte `end`.
    let mark = |at: &mut [Option<usize>; N], end: usize, here: usize| {
        for (slot, &p) in at.iter_mut().zip(points.iter()) {
            if slot.is_none() && p < end {
                *slot = Some(here);
            }
        }
    };
    let mut i = 0;
    let mut after_cr = false;
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            let end = i + c.len_utf8();
            mark(&mut at, end, s.len());
            match c {
                '\n' if after_cr => {}
                '\r' => s.push('\n'),
                '\n' | '\t' => s.push(c),
                c => s.push(picture(c)),
            }
            after_cr = c == '\r';
            i = end;
        }
        if !chunk.invalid().is_empty() {
            let end = i + chunk.invalid().len();
            mark(&mut at, end, s.len());
            s.push('\u{fffd}');
            after_cr = false;
            i = end;
        }
    }
    let end = s.len();
    (s, at.map(|p| p.unwrap_or(end)))
}

/// What `urilint check` found, for the closing summary of the human
/// format. The caller counts; [`summary`] only prints.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files checked.
    pub files: u64,
    /// Findings reported, per rule (rules with none may be left out or
    /// given 0; printed by code).
    pub by_rule: Vec<(Rule, u64)>,
    /// Findings reported with severity error.
    pub errors: u64,
    /// Findings reported with severity warning.
    pub warnings: u64,
    /// Findings reported that `urilint check --fix` can fix (safe fixes).
    pub fixable: u64,
    /// Findings reported with an unsafe fix (`--unsafe-fixes`).
    pub unsafe_fixable: u64,
    /// Findings fixed (`--fix`), not among those reported.
    pub fixed: u64,
    /// Inputs that could not be read (a path that does not exist, a
    /// permission error).
    pub unreadable: u64,
    /// Files skipped as binary (or UTF-16, or the output file).
    pub skipped: u64,
}

/// `--statistics`: one line per rule with findings, `COUNT CODE name`
/// (the count right-aligned), by code; nothing when there are none.
pub fn statistics(out: &mut Vec<u8>, counts: &[(&'static str, u64)]) {
    let width = counts
        .iter()
        .map(|(_, n)| n.to_string().len())
        .max()
        .unwrap_or(1);
    for (code, n) in counts {
        let name = crate::lint::rules::find(code).map_or("", |r| r.name);
        let _ = writeln!(out, "{n:>width$} {code} {name}");
    }
}

/// Appends the line that says how many `urilint: ignore` markers
/// `check --add-ignore` wrote (`markers`) into how many files (`files`).
pub fn markers_added(out: &mut Vec<u8>, markers: u64, files: u64) {
    let _ = writeln!(
        out,
        "Added {markers} urilint: ignore marker{} to {files} file{}.",
        if markers == 1 { "" } else { "s" },
        if files == 1 { "" } else { "s" }
    );
}

/// `--show-fixes` with `--fix` or `--diff`: the fixes made (or, when
/// `shown`, shown as a diff) per file, as ruff lists them:
///
/// ```text
/// Fixed 3 findings:
/// - docs/a.md:
///     2 × D004 whitespace-outside-angle-brackets
///     1 × N001 uppercase-scheme
/// ```
///
/// `files` holds each file's displayed name and the rule code of each fix
/// (in the order to print them). Nothing is written when there are none.
pub fn fixes_made(out: &mut Vec<u8>, files: &[(String, Vec<String>)], shown: bool) {
    let total: usize = files.iter().map(|(_, codes)| codes.len()).sum();
    if total == 0 {
        return;
    }
    let verb = if shown { "Would fix" } else { "Fixed" };
    let _ = writeln!(
        out,
        "{verb} {}:",
        count(total as u64, "finding", "findings")
    );
    for (name, codes) in files {
        let mut by_rule: std::collections::BTreeMap<&str, u64> = std::collections::BTreeMap::new();
        for code in codes {
            *by_rule.entry(code.as_str()).or_insert(0) += 1;
        }
        let _ = writeln!(out, "- {}:", escape::name(name));
        for (code, n) in by_rule {
            let rule = crate::lint::rules::find(code).map_or("", |r| r.name);
            let _ = writeln!(out, "    {n} × {code} {rule}");
        }
    }
}

/// `"1 file"`, `"2 files"`.
fn count(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

const BOLD: &str = "\x1b[1m";
const RED: &str = "\x1b[1;91m";
const YELLOW: &str = "\x1b[1;93m";
const CYAN: &str = "\x1b[1;96m";
const GREEN: &str = "\x1b[1;92m";
const RESET: &str = "\x1b[0m";

/// Appends the summary `s` to `out`:
///
/// ```text
/// Found 5 findings (2 errors, 3 warnings) in 3 files:
///   3 × N001 uppercase-scheme
///   2 × U002 invalid-percent-encoding
/// [*] 4 fixable with urilint check --fix
/// Fixed 7 findings.
/// ```
///
/// The rule lines are sorted by code (rules with a count of 0 left out);
/// the `[*]` line only when something is fixable, the `Fixed` line only
/// when something was fixed. With no findings: `All checked: no findings
/// in 3 files.` (after the `Fixed` line, if any). `color` adds ANSI
/// colours.
pub fn summary(out: &mut Vec<u8>, s: &Summary, color: bool) {
    let paint = |style: &'static str, text: String| {
        if color {
            format!("{style}{text}{RESET}")
        } else {
            text
        }
    };
    let findings = s.errors.saturating_add(s.warnings);
    let files = count(s.files, "file", "files");
    if s.skipped > 0 {
        let _ = writeln!(
            out,
            "Skipped {} (binary, UTF-16, or the output file; any other than images, fonts and archives named above).",
            count(s.skipped, "file", "files")
        );
    }
    let fixed = (s.fixed > 0).then(|| {
        let text = format!("Fixed {}.", count(s.fixed, "finding", "findings"));
        paint(GREEN, text)
    });
    if findings == 0 {
        if let Some(fixed) = fixed {
            let _ = writeln!(out, "{fixed}");
        }
        if s.unreadable > 0 {
            // Not "all checked": something named could not be read.
            let text = format!(
                "No findings in {files}, but {} could not be read (see above).",
                count(s.unreadable, "input", "inputs")
            );
            let _ = writeln!(out, "{}", paint(BOLD, text));
            return;
        }
        let text = format!("All checked: no findings in {files}.");
        let _ = writeln!(out, "{}", paint(GREEN, text));
        return;
    }
    let mut kinds = Vec::with_capacity(2);
    if s.errors > 0 {
        kinds.push(paint(RED, count(s.errors, "error", "errors")));
    }
    if s.warnings > 0 {
        kinds.push(paint(YELLOW, count(s.warnings, "warning", "warnings")));
    }
    let found = count(findings, "finding", "findings");
    let _ = writeln!(
        out,
        "{} ({}) {}",
        paint(BOLD, format!("Found {found}")),
        kinds.join(", "),
        paint(BOLD, format!("in {files}:")),
    );
    let mut rules: Vec<&(Rule, u64)> = s.by_rule.iter().filter(|(_, n)| *n > 0).collect();
    rules.sort_by_key(|(r, _)| r.code);
    let width = rules
        .iter()
        .map(|(_, n)| n.to_string().len())
        .max()
        .unwrap_or(1);
    for (rule, n) in rules {
        let _ = writeln!(
            out,
            "  {n:>width$} × {} {}",
            paint(BOLD, rule.code.to_string()),
            rule.name
        );
    }
    if s.fixable > 0 {
        let _ = writeln!(
            out,
            "{} {} fixable with urilint check --fix",
            paint(CYAN, "[*]".to_string()),
            s.fixable
        );
    }
    if s.unsafe_fixable > 0 {
        let _ = writeln!(
            out,
            "{} {} more fixable with urilint check --fix --unsafe-fixes (may change what the URI means)",
            paint(CYAN, "[*]".to_string()),
            s.unsafe_fixable
        );
    }
    if let Some(fixed) = fixed {
        let _ = writeln!(out, "{fixed}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fix::{Edit, Fix};

    fn diag(text: &str, uri: &str, at: &str) -> (Diagnostic, Excerpt) {
        let s = text.find(uri).expect("uri in text");
        let o = s + uri.find(at).expect("offending place in uri");
        let line = 1 + line_breaks(&text.as_bytes()[..o]);
        let line_start = text[..o].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let column = 1 + text[line_start..o].chars().count() as u64;
        let e = s + uri.len();
        let end_start = text[..e].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let d = Diagnostic {
            path: "docs/a.md".to_string(),
            line,
            column,
            byte_offset: o as u64,
            end_line: 1 + line_breaks(&text.as_bytes()[..e]),
            end_column: 1 + text[end_start..e].chars().count() as u64,
            uri_span: s as u64..e as u64,
            code: "U002",
            rule: "invalid-percent-encoding",
            severity: Severity::Error,
            message: "invalid percent-encoding".to_string(),
            uri: uri.to_string(),
            fix: None,
            origin: None,
            remote: None,
        };
        // The excerpt: the lines of the URI.
        let from = text[..s].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let to = text[e..].find(['\n', '\r']).map_or(text.len(), |i| e + i);
        let x = Excerpt {
            start: from as u64,
            text: text.as_bytes()[from..to].to_vec(),
            cut_before: false,
            cut_after: false,
        };
        (d, x)
    }

    fn render(d: &Diagnostic, e: Option<&Excerpt>) -> String {
        let mut out = Vec::new();
        diagnostic(&mut out, d, e, false);
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn error_with_excerpt() {
        let text = "intro\nSee http://a/%zz for details.\nmore";
        let (d, e) = diag(text, "http://a/%zz", "%");
        let got = render(&d, Some(&e));
        let want = "\
error[U002]: invalid percent-encoding
 --> docs/a.md:2:14
  |
2 | See http://a/%zz for details.
  |     ---------^--
  |              |
  |              invalid-percent-encoding

";
        assert_eq!(got, want, "\n{got}");
    }

    #[test]
    fn warning_with_fix() {
        let text = "HTTP://a/";
        let (mut d, e) = diag(text, "HTTP://a/", "H");
        d.severity = Severity::Warning;
        d.code = "N001";
        d.rule = "uppercase-scheme";
        d.message = "scheme in upper case".to_string();
        d.fix = Some(Fix {
            message: "lower-case the scheme".to_string(),
            edits: vec![Edit {
                start: 0,
                end: 4,
                replacement: "http".to_string(),
            }],
            applicability: crate::fix::Applicability::Safe,
        });
        let got = render(&d, Some(&e));
        assert!(
            got.starts_with("warning[N001]: scheme in upper case\n"),
            "{got}"
        );
        assert!(got.contains(" --> docs/a.md:1:1\n"), "{got}");
        assert!(got.contains("1 | HTTP://a/\n"), "{got}");
        assert!(got.contains("uppercase-scheme"), "{got}");
        assert!(got.ends_with("help: lower-case the scheme\n\n"), "{got}");
    }

    #[test]
    fn place_is_the_diagnostics() {
        let text = "\t\tx http://a/%zz";
        let (mut d, e) = diag(text, "http://a/%zz", "%");
        assert_eq!(d.column, 14);
        d.path = "we\nird".to_string();
        let got = render(&d, Some(&e));
        assert!(got.contains(" --> we\\nird:1:14\n"), "{got}");
    }

    #[test]
    fn without_excerpt() {
        let (d, _) = diag("x http://a/%zz", "http://a/%zz", "%");
        let got = render(&d, None);
        assert_eq!(
            got,
            "error[U002]: invalid percent-encoding\n --> docs/a.md:1:12\n\n"
        );
        let mut d = d;
        d.fix = Some(Fix {
            message: "do this".to_string(),
            edits: Vec::new(),
            applicability: crate::fix::Applicability::Safe,
        });
        assert_eq!(
            render(&d, None),
            "error[U002]: invalid percent-encoding\n --> docs/a.md:1:12\nhelp: do this\n\n"
        );
        let mut out = Vec::new();
        diagnostic(&mut out, &d, None, true);
        let out = String::from_utf8(out).expect("UTF-8");
        assert!(
            out.contains(" \x1b[1m\x1b[94m-->\x1b[0m docs/a.md:1:12\n"),
            "{out:?}"
        );
    }

    #[test]
    fn excerpt_not_holding_the_place_falls_back() {
        let (d, mut e) = diag("x http://a/%zz", "http://a/%zz", "%");
        e.start = 100;
        assert!(Shown::new(&d, &e).is_none());
        assert!(render(&d, Some(&e)).contains(" --> docs/a.md:1:12\n"));
    }

    #[test]
    fn broken_uri_over_lines() {
        for eol in ["\n", "\r\n", "\r"] {
            let text = format!("first{eol}<http://a/b/{eol}   c/%zz> end{eol}last");
            let uri = format!("http://a/b/{eol}   c/%zz");
            let (d, e) = diag(&text, &uri, "%");
            assert_eq!(d.line, 3);
            let s = Shown::new(&d, &e).expect("shown");
            assert_eq!(s.line_start, 2, "{eol:?}");
            assert_eq!(s.text, "<http://a/b/\n   c/%zz> end");
            assert_eq!(&s.text[s.primary.clone()], "%");
            let context = s.context.clone().expect("context");
            assert_eq!(&s.text[context], "http://a/b/\n   c/%zz");
            let got = render(&d, Some(&e));
            assert!(got.contains(" --> docs/a.md:3:6\n"), "{got}");
            assert!(got.contains("2 |"), "{got}");
            assert!(got.contains("3 |"), "{got}");
        }
    }

    #[test]
    fn invalid_utf8_does_not_shift_annotations() {
        let mut text = b"\xff\xfe caf\xc3\xa9 ".to_vec();
        let s = text.len();
        text.extend_from_slice(b"http://a/\xe9%zz");
        let o = text.len() - 3;
        let end = text.len();
        text.extend_from_slice(b" \x80 tail\x1b[31m");
        let d = Diagnostic {
            path: "b.txt".to_string(),
            line: 1,
            column: 18,
            byte_offset: o as u64,
            end_line: 1,
            end_column: 21,
            uri_span: s as u64..end as u64,
            code: "U002",
            rule: "invalid-percent-encoding",
            severity: Severity::Error,
            message: "m".to_string(),
            uri: String::new(),
            fix: None,
            origin: None,
            remote: None,
        };
        let e = Excerpt {
            start: 0,
            text,
            cut_before: false,
            cut_after: false,
        };
        let sh = Shown::new(&d, &e).expect("shown");
        assert_eq!(
            sh.text,
            "\u{fffd}\u{fffd} café http://a/\u{fffd}%zz \u{fffd} tail\u{241b}[31m"
        );
        assert_eq!(&sh.text[sh.primary.clone()], "%");
        let context = sh.context.clone().expect("context");
        assert_eq!(&sh.text[context], "http://a/\u{fffd}%zz");
        // No escape character reaches the terminal.
        assert!(!render(&d, Some(&e)).contains('\x1b'));
    }

    #[test]
    fn long_lines_are_cut() {
        let text = format!("{} http://a/%zz {}", "a".repeat(500), "b".repeat(500));
        let (d, mut e) = diag(&text, "http://a/%zz", "%");
        let s = Shown::new(&d, &e).expect("shown");
        let want = format!("…{} http://a/%zz {}…", "a".repeat(99), "b".repeat(99));
        assert_eq!(s.text, want);
        assert_eq!(&s.text[s.primary.clone()], "%");
        let got = render(&d, Some(&e));
        // The place is the diagnostic's, not counted in the cut line.
        assert!(got.contains(" --> docs/a.md:1:511\n"), "{got}");
        // Short lines are not cut, but a cut excerpt is marked.
        let text = "x http://a/%zz y";
        let (d, _) = diag(text, "http://a/%zz", "%");
        e = Excerpt {
            start: 0,
            text: text.as_bytes().to_vec(),
            cut_before: true,
            cut_after: true,
        };
        let s = Shown::new(&d, &e).expect("shown");
        assert_eq!(s.text, "…x http://a/%zz y…");
        assert_eq!(&s.text[s.primary.clone()], "%");
    }

    #[test]
    fn offending_place_at_the_end_of_the_line() {
        let text = "see http://a/%";
        let (mut d, e) = diag(text, "http://a/%", "%");
        d.byte_offset = text.len() as u64;
        d.column += 1;
        let s = Shown::new(&d, &e).expect("shown");
        assert_eq!(s.primary, text.len()..text.len());
        let got = render(&d, Some(&e));
        assert!(got.contains("1 | see http://a/%\n"), "{got}");
    }

    #[test]
    fn empty_uri_span() {
        let text = "aaa bbb";
        let (mut d, e) = diag(text, "bbb", "b");
        d.uri_span = 4..4;
        let s = Shown::new(&d, &e).expect("shown");
        assert_eq!(s.primary, 4..5);
        assert_eq!(s.context, None);
    }

    #[test]
    fn colour_adds_escapes() {
        let (d, e) = diag("x http://a/%zz", "http://a/%zz", "%");
        let mut out = Vec::new();
        diagnostic(&mut out, &d, Some(&e), true);
        assert!(out.contains(&0x1b));
    }

    #[test]
    fn display_maps_points() {
        let (s, p) = display(b"a\r\nb\xffc\xc3\xa9d", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(s, "a\nb\u{fffd}céd");
        assert_eq!(p, [0, 1, 2, 2, 3, 6, 7, 7, 9, 10]);
        assert_eq!(line_breaks(b"a\r\nb\rc\nd\n\r"), 5);
    }

    #[test]
    fn excerpt_shows_no_bidi_control_or_line_separator() {
        // "Trojan Source" reordering and Unicode line breaks in the source
        // line are not passed to the terminal; one character each, so
        // columns stay aligned.
        let text = "a\u{202e}b\u{2066}c\u{2028}d\u{2029}e\u{85}f";
        let (s, p) = display(text.as_bytes(), [text.len() - 1]);
        assert_eq!(s, "a\u{fffd}b\u{fffd}c\u{fffd}d\u{fffd}e\u{fffd}f");
        assert_eq!(&s[p[0]..], "f");
    }

    fn rule(code: &'static str, name: &'static str) -> Rule {
        crate::lint::rules::find(code)
            .map(|r| Rule { name, ..r })
            .expect("rule")
    }

    fn render_summary(s: &Summary) -> String {
        let mut out = Vec::new();
        summary(&mut out, s, false);
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn summary_wording() {
        let s = Summary {
            files: 3,
            by_rule: vec![
                (rule("U002", "invalid-percent-encoding"), 2),
                (rule("N001", "uppercase-scheme"), 13),
                (rule("D001", "hyphen-line-break"), 0),
            ],
            errors: 2,
            warnings: 13,
            fixable: 4,
            unsafe_fixable: 0,
            unreadable: 0,
            fixed: 7,
            skipped: 0,
        };
        assert_eq!(
            render_summary(&s),
            "Found 15 findings (2 errors, 13 warnings) in 3 files:\n\
             \x20 13 × N001 uppercase-scheme\n\
             \x20  2 × U002 invalid-percent-encoding\n\
             [*] 4 fixable with urilint check --fix\n\
             Fixed 7 findings.\n"
        );
        let s = Summary {
            files: 1,
            by_rule: vec![(rule("U002", "invalid-percent-encoding"), 1)],
            errors: 1,
            warnings: 0,
            fixable: 0,
            unsafe_fixable: 0,
            unreadable: 0,
            fixed: 0,
            skipped: 0,
        };
        assert_eq!(
            render_summary(&s),
            "Found 1 finding (1 error) in 1 file:\n  1 × U002 invalid-percent-encoding\n"
        );
        let s = Summary {
            files: 2,
            by_rule: vec![(rule("N001", "uppercase-scheme"), 1)],
            warnings: 1,
            ..Summary::default()
        };
        assert!(render_summary(&s).starts_with("Found 1 finding (1 warning) in 2 files:\n"));
    }

    #[test]
    fn summary_without_findings() {
        let s = Summary {
            files: 1,
            ..Summary::default()
        };
        assert_eq!(render_summary(&s), "All checked: no findings in 1 file.\n");
        let s = Summary {
            files: 4,
            fixed: 1,
            ..Summary::default()
        };
        assert_eq!(
            render_summary(&s),
            "Fixed 1 finding.\nAll checked: no findings in 4 files.\n"
        );
        let mut out = Vec::new();
        summary(&mut out, &s, true);
        assert!(out.contains(&0x1b));
    }
}
