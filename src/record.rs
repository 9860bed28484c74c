//! Records: one found URI with where it is and what the parser says of it.
//!
//! This module owns [`Record`], the owned, serializable description of one
//! URI found in a file, as `urilint extract --format jsonl` prints it, and
//! the mapping of offsets inside a URI back to lines and columns of the
//! source. It does not own finding (the `scan` module), validating (the
//! `grammar` module) or printing (the `output` module).

use serde::Serialize;

use crate::error::ParseError;
use crate::grammar::{self, Grammar, Parsed};
use crate::position::Position;
use crate::scan::{Candidate, Delimiter};

/// One grammar error of a record, as serialized.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecordError {
    /// Stable code, e.g. `"U002"` (see [`crate::error::ErrorKind`]).
    pub code: &'static str,
    /// Human message.
    pub message: String,
    /// 0-based byte offset into [`Record::uri`].
    pub offset: usize,
}

impl From<&ParseError> for RecordError {
    fn from(e: &ParseError) -> Self {
        RecordError {
            code: e.code(),
            message: e.message.clone(),
            offset: e.offset,
        }
    }
}

/// One URI found in the input: the JSON Lines schema of `urilint extract
/// --format jsonl`.
///
/// Lines and columns are 1-based, columns counted in Unicode scalar values;
/// byte offsets are 0-based into the file as stored, end exclusive; the end
/// position is just past the last character.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    /// The file, as given or found by walking (`-` for standard input).
    pub path: String,
    /// Line of the first byte.
    pub line: u64,
    /// Column of the first byte.
    pub column: u64,
    /// Line just past the last byte.
    pub end_line: u64,
    /// Column just past the last byte.
    pub end_column: u64,
    /// Offset of the first byte.
    pub byte_start: u64,
    /// Offset just past the last byte.
    pub byte_end: u64,
    /// The URI, with whitespace inserted by line breaking removed; for a
    /// relative reference found with `extract --base`, the resolved target
    /// URI (RFC 3986 section 5.2).
    pub uri: String,
    /// For a relative reference found with `extract --base`: the reference
    /// as written (whitespace removed); otherwise absent from the JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// With `extract --unwrap`, for a link rewritten by a redirect wrapper
    /// (a mail gateway's Safe Links or URL Defense, Google's `/url`): the
    /// wrappers around it, outermost first, each with the URI as it was
    /// at that layer ([`crate::unwrap`]); `uri` is then the innermost URI
    /// reached. Left out of the JSON when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub wrapped_by: Vec<crate::unwrap::Layer>,
    /// The exact source text from `byte_start` to `byte_end`.
    pub raw: String,
    /// `angle`, `quote`, `url-prefix` or `bare`.
    pub delimiter: Delimiter,
    /// True when a `URL:` prefix stood before the URI.
    pub url_prefix: bool,
    /// True when the URI spans more than one line.
    pub broken: bool,
    /// Other readings (a hyphen before a line break dropped).
    pub alternatives: Vec<String>,
    /// True for an abbreviated URL (RFC 2396 Appendix F, found with
    /// `--abbreviated`): `uri` starts with the scheme Appendix F implies,
    /// `raw` is the text as written; left out of the JSON when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub abbreviated: bool,
    /// True for a template rather than a URI (a placeholder such as
    /// `{name}`, `%s`, `[user@]`, `:port`, see
    /// [`crate::template::is_template`]): `check` does not lint it but for
    /// a password; left out of the JSON when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub template: bool,
    /// What the URI is there for ([`crate::format::role::Role`]): `link`,
    /// `resource`, `identifier`, `citation` or `mention`; `link` for
    /// plain text.
    pub role: crate::format::role::Role,
    /// True when the URI matches the grammar and the rules of its scheme.
    pub valid: bool,
    /// The grammar errors, in order of offset; for a grammatically valid
    /// URI, the scheme-specific violations (`S` codes) instead.
    pub errors: Vec<RecordError>,
    /// For a decoded input (mail, HTML): the message, part and segment the
    /// URI comes from, and its place in the decoded text; absent for
    /// plain text.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Box<crate::format::origin::Origin>>,
}

/// The position of byte `rel` of `raw` (a 0-based byte offset into it),
/// given that `raw` starts at `start` (lines end at LF, CRLF or a lone CR,
/// as in [`crate::position`]).
pub fn position_in(raw: &str, start: Position, rel: usize) -> Position {
    let rel = rel.min(raw.len());
    let before = &raw.as_bytes()[..rel];
    let count = |b: &[u8]| b.iter().filter(|&&c| !(0x80..0xC0).contains(&c)).count() as u64;
    match crate::position::line_breaks(before, false) {
        (breaks, Some(after)) => Position {
            line: start.line + breaks,
            column: count(&before[after..]) + 1,
        },
        (_, None) => Position {
            line: start.line,
            column: start.column + count(before),
        },
    }
}

impl Record {
    /// Builds the record of `candidate` found in `path`, validating it with
    /// `grammar`. Needs positions on in the scanner (they are 1:1 otherwise).
    pub fn new(path: &str, candidate: &Candidate<'_>, grammar: Grammar) -> Record {
        let parsed = grammar::parse(candidate.text(), grammar);
        Self::with_parsed(path, candidate, &parsed)
    }

    /// Like [`Record::new`], with the parse already done.
    pub fn with_parsed(path: &str, candidate: &Candidate<'_>, parsed: &Parsed<'_>) -> Record {
        let start = candidate.start().unwrap_or(Position { line: 1, column: 1 });
        let end = candidate.end().unwrap_or(start);
        let span = candidate.span();
        Record {
            path: path.to_string(),
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
            byte_start: span.start,
            byte_end: span.end,
            uri: candidate.text().to_string(),
            reference: None,
            wrapped_by: Vec::new(),
            raw: candidate.raw().to_string(),
            delimiter: candidate.delimiter(),
            url_prefix: candidate.url_prefix(),
            broken: candidate.broken(),
            alternatives: candidate.alternatives(),
            abbreviated: candidate.abbreviated(),
            template: crate::template::is_template_candidate(candidate),
            role: crate::format::role::Role::Link,
            valid: false,
            errors: Vec::new(),
            origin: None,
        }
        .with_errors(parsed)
    }

    /// Makes `uri` the record's URI (the candidate's text as a consumer
    /// reads it: an HTML attribute value's inner spaces percent-encoded)
    /// and validates it with `grammar` again.
    pub fn set_uri(&mut self, uri: String, grammar: Grammar) {
        let errors = errors_of(&grammar::parse(&uri, grammar));
        self.valid = errors.is_empty();
        self.errors = errors;
        self.uri = uri;
    }

    /// The record of a link that `unwrapped` took apart (`extract
    /// --unwrap`): `uri` becomes the innermost URI reached and
    /// `wrapped_by` the chain; `valid` and `errors` are those of the new
    /// `uri` under `grammar`.
    pub fn with_unwrapped(
        mut self,
        unwrapped: crate::unwrap::Unwrapped,
        grammar: Grammar,
    ) -> Record {
        self.uri = unwrapped.uri;
        self.wrapped_by = unwrapped.chain;
        let uri = std::mem::take(&mut self.uri);
        let record = self.with_errors(&grammar::parse(&uri, grammar));
        Record { uri, ..record }
    }

    /// Fills `valid` and `errors` from `parsed`: the grammar errors, then,
    /// for a grammatically valid URI, the scheme-specific violations
    /// ([`crate::scheme::check`]). `valid` is true when there are none.
    fn with_errors(mut self, parsed: &Parsed<'_>) -> Record {
        self.errors = errors_of(parsed);
        self.valid = self.errors.is_empty();
        self
    }
}

/// The errors of a record of `parsed`: its grammar errors, then, for a
/// grammatically valid URI, the scheme-specific violations
/// ([`crate::scheme::check`]).
fn errors_of(parsed: &Parsed<'_>) -> Vec<RecordError> {
    let errors: Vec<RecordError> = parsed.errors().iter().map(RecordError::from).collect();
    if !errors.is_empty() {
        return errors;
    }
    crate::scheme::check(parsed.uri())
        .into_iter()
        .map(|v| RecordError {
            code: v.code,
            message: v.message,
            offset: v.offset,
        })
        .collect()
}

/// The report of `urilint parse` on one argument: the JSON Lines schema
/// of `urilint parse --format jsonl`. Components are `None` (JSON `null`)
/// when undefined and `""` when empty (RFC 3986 section 5.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParseRecord {
    /// The argument as given.
    pub input: String,
    /// The grammar used (`rfc3986`, `rfc2396`, `rfc2396+ipv6`).
    pub grammar: &'static str,
    /// True when the argument matches the grammar.
    pub valid: bool,
    /// `uri` or `relative-ref`.
    pub kind: &'static str,
    /// Scheme, without `:`.
    pub scheme: Option<String>,
    /// Authority, without `//`.
    pub authority: Option<String>,
    /// Userinfo, without `@`.
    pub userinfo: Option<String>,
    /// Host (IP literals with brackets).
    pub host: Option<String>,
    /// `ipv6`, `ipvfuture`, `ipv4` or `reg-name`.
    pub host_kind: Option<&'static str>,
    /// The host in ASCII form: an internationalized reg-name (non-ASCII, or
    /// percent-encoded UTF-8) converted to IDNA A-labels (RFC 5891), other
    /// reg-names lowercased, IP literals as written; `None` without a host
    /// or when the conversion fails (see `host_error`).
    pub host_ascii: Option<String>,
    /// Why the host has no ASCII form (an IDNA or percent-decoding error),
    /// when it has none.
    pub host_error: Option<String>,
    /// Port, without `:`.
    pub port: Option<String>,
    /// Path (always defined).
    pub path: String,
    /// Query, without `?`.
    pub query: Option<String>,
    /// Fragment, without `#`.
    pub fragment: Option<String>,
    /// Grammar errors, offsets are bytes into `input`.
    pub errors: Vec<RecordError>,
}

impl ParseRecord {
    /// Parses `input` with `grammar` and describes the result.
    pub fn new(input: &str, grammar: Grammar) -> ParseRecord {
        Self::with_options(
            input,
            grammar::ParseOptions {
                grammar,
                ..grammar::ParseOptions::default()
            },
        )
    }

    /// Parses `input` with `opts` (grammar, RFC 6874 zone identifiers) and
    /// describes the result.
    pub fn with_options(input: &str, opts: grammar::ParseOptions) -> ParseRecord {
        let grammar = opts.grammar;
        let parsed = grammar::parse_with(input, opts);
        let u = parsed.uri();
        let own = |s: Option<&str>| s.map(str::to_string);
        ParseRecord {
            input: input.to_string(),
            grammar: grammar.name(),
            valid: parsed.is_valid(),
            kind: u.kind().name(),
            scheme: own(u.scheme()),
            authority: own(u.authority()),
            userinfo: own(u.userinfo()),
            host: own(u.host()),
            host_kind: u.host_kind().map(|k| k.name()),
            host_ascii: u.host_ascii().and_then(Result::ok),
            host_error: u.host_ascii().and_then(|r| r.err()).map(|e| e.to_string()),
            port: own(u.port()),
            path: u.path().to_string(),
            query: own(u.query()),
            fragment: own(u.fragment()),
            errors: parsed.errors().iter().map(RecordError::from).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_inside_raw() {
        let start = Position { line: 3, column: 5 };
        assert_eq!(
            position_in("abc", start, 2),
            Position { line: 3, column: 7 }
        );
        assert_eq!(
            position_in("ab\n   cd", start, 6),
            Position { line: 4, column: 4 }
        );
        assert_eq!(
            position_in("\u{e9}x", start, 2),
            Position { line: 3, column: 6 }
        );
        assert_eq!(
            position_in("ab", start, 99),
            Position { line: 3, column: 7 }
        );
    }
}

/// What became of one input of a run: the JSON Lines record `--summary`
/// prints after the input's own records (`extract` and `check`), so that a
/// job split over many processes can check that every input was read once
/// and completely.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Always `"summary"` (other records have no `kind`).
    pub kind: &'static str,
    /// The input, as in its records (`-` for standard input).
    pub path: String,
    /// Records printed for it: URIs (`extract`; before `--unique` drops
    /// repeats) or diagnostics (`check`).
    pub records: u64,
    /// Errors met reading it: 0, or 1 when it could not be opened, read to
    /// its end or decoded (what was found before the error is printed).
    pub errors: u64,
    /// Bytes read from it: the file's bytes as stored (a mailbox's too:
    /// before MIME decoding), or, for a gzip-compressed file, its
    /// decompressed bytes.
    pub bytes: u64,
    /// `ok` (read), `skipped` (not read: a binary or UTF-16 file, or
    /// excluded by a configuration file below the run's), or `error`
    /// (`errors` > 0; what was found before the error is printed).
    pub status: &'static str,
}
