//! The linter: diagnostics about the URIs found in text.
//!
//! This module owns [`Diagnostic`] and the checks that turn a scanned
//! candidate (and its parse) into diagnostics: one per grammar error, and
//! one per delimiting problem of RFC 2396 Appendix E. The catalogue of codes
//! is in [`rules`]. It does not own printing (the `output` module).

pub mod rules;

use serde::Serialize;

use crate::grammar::Parsed;
use crate::position::Position;
use crate::record::position_in;
use crate::scan::{Candidate, Delimiter, TooLong};

pub use rules::{Rule, Severity};

/// One finding, as `urilint check` prints it (`path:line:column: CODE
/// message`) and as its JSON Lines output serializes it.
///
/// Lines and columns are 1-based (columns in Unicode scalar values); the
/// byte offset is 0-based into the file as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The file (`-` for standard input).
    pub path: String,
    /// Line of the offending place.
    pub line: u64,
    /// Column of the offending place.
    pub column: u64,
    /// Byte offset of the offending place.
    pub byte_offset: u64,
    /// Stable rule code, e.g. `"U002"`.
    pub code: &'static str,
    /// Stable rule name, e.g. `"invalid-percent-encoding"`.
    pub rule: &'static str,
    /// Severity.
    pub severity: Severity,
    /// Human message.
    pub message: String,
    /// The URI concerned (empty for a skipped, too-long candidate).
    pub uri: String,
}

fn diagnostic(
    path: &str,
    at: Position,
    byte_offset: u64,
    rule: Rule,
    message: String,
    uri: &str,
) -> Diagnostic {
    Diagnostic {
        path: path.to_string(),
        line: at.line,
        column: at.column,
        byte_offset,
        code: rule.code,
        rule: rule.name,
        severity: rule.severity,
        message,
        uri: uri.to_string(),
    }
}

/// Appends to `out` the diagnostics of `candidate` found in `path`, whose
/// parse is `parsed`: every grammar error (at the offending byte), every
/// scheme-specific violation of a grammatically valid URI (`S` codes,
/// [`crate::scheme::check`]), a hyphen at a line break (`D001`), an
/// unclosed `<` (`D002`), and a line break outside angle brackets
/// (`D004`). Needs scanner positions on.
pub fn check_candidate(
    path: &str,
    candidate: &Candidate<'_>,
    parsed: &Parsed<'_>,
    out: &mut Vec<Diagnostic>,
) {
    let start = candidate.start().unwrap_or(Position { line: 1, column: 1 });
    let span_start = candidate.span().start;
    let text = candidate.text();
    let at_text = |offset: usize| {
        let src = candidate.source_offset(offset);
        let rel = (src - span_start) as usize;
        (position_in(candidate.raw(), start, rel), src)
    };
    for e in parsed.errors() {
        let (pos, src) = at_text(e.offset);
        let rule = rules::for_error(e.kind);
        out.push(diagnostic(path, pos, src, rule, e.message.clone(), text));
    }
    if parsed.is_valid() {
        for v in crate::scheme::check(parsed.uri()) {
            let (pos, src) = at_text(v.offset);
            let rule = Rule {
                code: v.code,
                name: v.name,
                severity: rules::scheme_severity(v.code),
                summary: "",
                source: "",
            };
            out.push(diagnostic(path, pos, src, rule, v.message, text));
        }
    }
    let alt = if candidate.hyphen_breaks().is_empty() {
        String::new()
    } else {
        candidate
            .alternatives()
            .into_iter()
            .next()
            .unwrap_or_default()
    };
    for &h in candidate.hyphen_breaks() {
        let (pos, src) = at_text(h);
        out.push(diagnostic(
            path,
            pos,
            src,
            rules::HYPHEN_LINE_BREAK,
            format!("line break after a hyphen: read as {text}, but it may be {alt}"),
            text,
        ));
    }
    if candidate.unclosed() {
        out.push(diagnostic(
            path,
            start,
            span_start,
            rules::UNCLOSED_ANGLE_BRACKET,
            format!("'<' before {text} is not closed by '>'"),
            text,
        ));
    }
    if candidate.broken() && candidate.delimiter() != Delimiter::Angle {
        out.push(diagnostic(
            path,
            start,
            span_start,
            rules::WHITESPACE_OUTSIDE_ANGLE,
            format!("{text} is broken across lines outside '<...>'; enclose it in angle brackets"),
            text,
        ));
    }
}

/// The diagnostic (`D003`) of a skipped, too-long candidate.
pub fn check_too_long(path: &str, t: &TooLong) -> Diagnostic {
    diagnostic(
        path,
        t.position.unwrap_or(Position { line: 1, column: 1 }),
        t.offset,
        rules::URI_TOO_LONG,
        format!("URI candidate longer than {} bytes skipped", t.limit),
        "",
    )
}
