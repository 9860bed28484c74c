//! The linter: diagnostics about the URIs found in text.
//!
//! This module owns [`Diagnostic`], the [`Linter`] that runs the enabled
//! rules over a scanned candidate, rule selection ([`select`], per path
//! in [`per_path`]) and inline suppression comments ([`suppress`]). The
//! catalogue of rules, with the check of each, is in [`rules`]. It does
//! not own printing (the `output` module) nor applying fixes (the `fix`
//! module): a diagnostic only carries its [`Fix`].

pub mod markdown_links;
pub mod per_path;
pub mod rules;
pub mod select;
pub mod suppress;

use std::ops::Range;

use serde::Serialize;

use crate::fix::{Edit, Fix};
use crate::grammar::{self, Grammar, Parsed, UriRef};
use crate::lines::ReadAt;
use crate::position::Position;
use crate::record::position_in;
use crate::scan::{Candidate, TooLong};

pub use per_path::PerPath;
pub use rules::{Category, Rule, Severity};
pub use select::{RuleSet, Selection};

/// One finding, as `urilint check` prints it.
///
/// Lines and columns are 1-based (columns in Unicode scalar values); byte
/// offsets are 0-based into the file as stored, ends exclusive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The file (`-` for standard input).
    pub path: String,
    /// Line of the offending place, 1-based (lines end at LF, CRLF or a
    /// lone CR).
    pub line: u64,
    /// Column of the offending place, 1-based, in Unicode scalar values.
    pub column: u64,
    /// Byte offset of the offending place, 0-based, in the file as stored.
    pub byte_offset: u64,
    /// Line of the URI's end (just past its last byte), 1-based.
    pub end_line: u64,
    /// Column of the URI's end (exclusive), 1-based, in Unicode scalar
    /// values.
    pub end_column: u64,
    /// Byte span of the URI as written, 0-based offsets into the file,
    /// end exclusive (with any line breaks inside it, without
    /// delimiters).
    pub uri_span: Range<u64>,
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
    /// The fix, when the rule has one for this finding.
    pub fix: Option<Fix>,
    /// For a decoded input (mail, HTML): the message, part and segment the
    /// finding is in; absent for plain text.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Box<crate::format::origin::Origin>>,
    /// For a finding of the remote check (`L101` to `L106`): what was
    /// answered (`"remote": {"class", "status", "redirects",
    /// "requests"}` in JSON Lines); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remote: Option<Box<crate::remote::verdict::Answer>>,
}

impl Diagnostic {
    /// The same finding placed in a text that holds the one it was found
    /// in from byte `bytes` on, after `lines` line breaks (a chunk of a
    /// split input, [`crate::split`], which starts at a line start): the
    /// byte offsets of its place, its URI and its fix's edits moved by
    /// `bytes`, its lines by `lines`; columns stay.
    #[cfg(feature = "cli")]
    pub(crate) fn move_by(&mut self, bytes: u64, lines: u64) {
        self.line += lines;
        self.end_line += lines;
        self.byte_offset += bytes;
        self.uri_span = self.uri_span.start + bytes..self.uri_span.end + bytes;
        if let Some(fix) = &mut self.fix {
            for e in &mut fix.edits {
                e.start += bytes;
                e.end += bytes;
            }
        }
    }

    /// A finding of `rule` with `severity` and `message` at the first byte
    /// of candidate `c` (positions as the candidate gives them: in the
    /// text it was scanned from), without a fix.
    pub fn at_start(
        path: &str,
        c: &Candidate<'_>,
        rule: &rules::Rule,
        severity: Severity,
        message: String,
    ) -> Diagnostic {
        let start = c.start().unwrap_or(Position { line: 1, column: 1 });
        let end = c.end().unwrap_or(start);
        Diagnostic {
            path: path.to_string(),
            line: start.line,
            column: start.column,
            byte_offset: c.span().start,
            end_line: end.line,
            end_column: end.column,
            uri_span: c.span(),
            code: rule.code,
            rule: rule.name,
            severity,
            message: bounded(message),
            uri: c.text().to_string(),
            fix: None,
            origin: None,
            remote: None,
        }
    }
}

/// The most bytes of URI text a message quotes (see [`quote`]).
pub const MAX_QUOTE: usize = 200;

/// The most bytes of a message, as a safety net for messages that quote
/// parts of a URI (a host, a port) without [`quote`]: longer ones are cut
/// at a character boundary and end in `…`.
pub const MAX_MESSAGE: usize = 1024;

/// `text` as a message quotes it: whole when it has at most
/// [`MAX_QUOTE`] bytes, else its first [`MAX_QUOTE`] bytes (cut at a
/// character boundary) and `…`. Messages repeat URIs; a URI can be up to
/// `--max-uri-len` bytes long (64 KiB by default), and the `uri` field of
/// a diagnostic already carries it whole, so messages stay short and the
/// output stays linear in the input (as ripgrep's `--max-columns` cuts
/// long lines).
pub fn quote(text: &str) -> std::borrow::Cow<'_, str> {
    cut(text, MAX_QUOTE)
}

fn cut(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    if text.len() <= max {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    std::borrow::Cow::Owned(format!("{}\u{2026}", &text[..end]))
}

/// `message` cut to [`MAX_MESSAGE`] bytes (see there).
pub(crate) fn bounded(message: String) -> String {
    match cut(&message, MAX_MESSAGE) {
        std::borrow::Cow::Borrowed(_) => message,
        std::borrow::Cow::Owned(short) => short,
    }
}

/// What the linter checks: the enabled rules, the grammar, and URIs to
/// leave alone.
#[derive(Clone, Debug)]
pub struct Linter {
    /// The grammar URIs are validated against.
    pub grammar: Grammar,
    /// The enabled rules.
    pub rules: RuleSet,
    /// URIs matching any of these are not checked at all (`exclude-uris`
    /// in the configuration).
    pub exclude: Option<regex::RegexSet>,
    /// Rule sets for some paths (`[[overrides]]` in the configuration).
    pub per_path: PerPath,
    /// Apply unsafe fixes too (`--unsafe-fixes`; see [`applicability`]).
    pub unsafe_fixes: bool,
    /// `check --links remote`: the run's links for the remote check. In
    /// the first pass the `http` and `https` URIs linted are noted; in the
    /// second the `L1xx` rules report their outcomes
    /// ([`crate::remote::RemoteLinks`]). `None`: no remote check.
    pub remote: Option<std::sync::Arc<crate::remote::RemoteLinks>>,
    /// The rule table whose checks run on each valid URI
    /// ([`rules::TABLE`]; a test runs a copy with a rule added).
    pub(crate) table: &'static [rules::Entry],
}

impl Linter {
    /// A linter with the default rules under `grammar`, no URI excluded and
    /// no per-path override. The fields are public: set
    /// [`rules`](Linter::rules) from a [`Selection`], and so on. This is
    /// how a library user builds one; the command-line tool builds its
    /// own from the configuration file.
    ///
    /// ```
    /// use urilint::grammar::Grammar;
    /// use urilint::lint::{Linter, Selection};
    /// use urilint::scan::ScanOptions;
    ///
    /// let mut linter = Linter::new(Grammar::Rfc3986);
    /// // As `--extend-select D006` (bare URIs in prose, off by default).
    /// linter.rules = Selection { extend_select: vec!["D006".into()], ..Selection::default() }
    ///     .resolve()?;
    /// let text = b"See http://example.org/a%2 and <https://example.org/>.\n";
    /// let found = linter.lint_bytes("notes.txt", text, &linter.rules, &ScanOptions::default())?;
    /// let codes: Vec<_> = found.iter().map(|d| (d.code, d.line, d.column)).collect();
    /// // The bare URI (D006), then its bad percent-encoding (U002) at the
    /// // `%`; the URI in angle brackets is fine.
    /// assert_eq!(codes, [("D006", 1, 5), ("U002", 1, 25)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(grammar: Grammar) -> Self {
        Linter {
            grammar,
            rules: RuleSet::default(),
            exclude: None,
            per_path: PerPath::default(),
            unsafe_fixes: false,
            remote: None,
            table: rules::TABLE,
        }
    }

    /// The rules enabled for the file `path` (`[[overrides]]` applied).
    pub fn rules_for(&self, path: &std::path::Path) -> std::borrow::Cow<'_, RuleSet> {
        match self.per_path.rules_for(path) {
            Some(set) => std::borrow::Cow::Owned(set),
            None => std::borrow::Cow::Borrowed(&self.rules),
        }
    }

    /// True when `uri` is excluded from checking.
    pub fn excluded(&self, uri: &str) -> bool {
        self.exclude.as_ref().is_some_and(|set| set.is_match(uri))
    }

    /// Appends to `out` the diagnostics of the enabled rules for
    /// `candidate`, found in `path`, in order of byte offset. Needs scanner
    /// positions on (lines and columns are 1:1 otherwise). An abbreviated
    /// URL ([`Candidate::abbreviated`]) is not reported as bare (`D006`)
    /// nor insecure (`X004`: its `http` was implied, not written), and its
    /// diagnostics carry no fix. A template ([`crate::template::is_template`])
    /// is looked at by `X001` only.
    pub fn check_candidate(
        &self,
        path: &str,
        candidate: &Candidate<'_>,
        rules: &RuleSet,
        out: &mut Vec<Diagnostic>,
    ) {
        if self.excluded(candidate.text()) {
            return;
        }
        let parsed = grammar::parse(candidate.text(), self.grammar);
        let from = out.len();
        let mut cx = Cx {
            path,
            candidate,
            parsed: &parsed,
            grammar: self.grammar,
            rules,
            out,
        };
        // `http//host`, no URI: the missing colon is the one finding.
        if candidate.missing_colon() {
            rules::missing_scheme_colon::check(&mut cx);
            return;
        }
        // A template shows the shape of a URI, not one: only a password
        // in it is a problem.
        if crate::template::is_template_candidate(candidate) {
            rules::password_in_userinfo::check(&mut cx);
            out[from..].sort_by_key(|d| d.byte_offset);
            return;
        }
        rules::password_in_userinfo::check(&mut cx);
        // `git+ssh://git@github.com:npm/cli.git`: scp's `host:path`
        // behind an ssh scheme, a convention of git and npm, not a port
        // typo (only a password in it is a problem).
        // `credential.https://dev.azure.com.useHttpPath`: a git
        // configuration key that holds a URL and runs into its name.
        // `mongodb://h1:27017,h2:27017/db`: a driver's list of hosts.
        // `docker://python:3.12-slim`: an image and its tag.
        // `at://did:plc:x/...`: an AT Protocol URI of a DID.
        if crate::scheme::convention::scp_like(candidate.text())
            || crate::scheme::convention::multi_host(candidate.text())
            || crate::scheme::convention::docker_image(candidate.text())
            || crate::scheme::convention::at_did(candidate.text())
            || crate::scheme::convention::git_config_key(candidate.context_before())
        {
            out[from..].sort_by_key(|d| d.byte_offset);
            return;
        }
        // The real mistake, not what the grammar makes of it.
        if rules::doubled_scheme::check(&mut cx) {
            out[from..].sort_by_key(|d| d.byte_offset);
            return;
        }
        rules::syntax::check(&mut cx);
        // An XML namespace name (`xmlns="urn:x"`) is an identifier compared
        // as a string, never dereferenced: the scheme's own rules do not
        // apply to it (Namespaces in XML 1.0, section 2.3).
        if parsed.is_valid() && !namespace_name(candidate) {
            for v in crate::scheme::check(parsed.uri()) {
                let Some(rule) = rules.scheme_rule(v.code) else {
                    continue;
                };
                cx.report(&rule, v.offset, v.message, None);
            }
        }
        rules::hyphen_line_break::check(&mut cx);
        rules::unclosed_angle_bracket::check(&mut cx);
        // One problem, one finding: a URI broken after a hyphen is said by
        // D001 (which reads both ways, and has no fix since the hyphen may
        // belong), not also as broken by D004 or D005.
        let hyphen =
            !candidate.hyphen_breaks().is_empty() && cx.on(&rules::hyphen_line_break::RULE);
        if !hyphen {
            rules::whitespace_outside_angle_brackets::check(&mut cx);
            rules::broken_uri::check(&mut cx);
        }
        // An abbreviated URL (RFC 2396 Appendix F) is bare by nature and
        // its scheme was implied, not written: neither is the author's.
        let abbreviated = candidate.abbreviated();
        if !abbreviated {
            rules::bare_uri::check(&mut cx);
        }
        rules::url_prefix::check(&mut cx);
        if parsed.is_valid() {
            // The rules of the table that look at a valid URI (the
            // security, normalization and relative-reference rules).
            rules::check_valid_uri(self.table, &mut cx);
            if let Some(remote) = &self.remote {
                if !namespace_name(candidate) {
                    remote_rules(&mut cx, remote);
                }
            }
        }
        if abbreviated {
            // The fixes are written for the text, which holds the implied
            // scheme: applied to the source they would add it.
            for d in &mut out[from..] {
                d.fix = None;
            }
        }
        out[from..].sort_by_key(|d| d.byte_offset);
    }

    /// The diagnostic (`D003`) of a skipped, too-long candidate, when the
    /// rule is enabled; none for a `data:` URI ([`TooLong::data`]), which
    /// embeds a whole resource and is long by its content (falcosecurity/
    /// falco-website's SVG images holding PNGs; issue 46, round 8).
    pub fn check_too_long(&self, path: &str, t: &TooLong, rules: &RuleSet) -> Option<Diagnostic> {
        let rule = rules::uri_too_long::RULE;
        (rules.enabled(rule.code) && !t.data).then(|| too_long(path, t, rules.severity(&rule)))
    }
}

fn too_long(path: &str, t: &TooLong, severity: Severity) -> Diagnostic {
    let rule = rules::uri_too_long::RULE;
    let at = t.position.unwrap_or(Position { line: 1, column: 1 });
    Diagnostic {
        path: path.to_string(),
        line: at.line,
        column: at.column,
        byte_offset: t.offset,
        end_line: at.line,
        end_column: at.column,
        uri_span: t.offset..t.offset,
        code: rule.code,
        rule: rule.name,
        severity,
        message: format!("URI candidate longer than {} bytes skipped", t.limit),
        uri: String::new(),
        fix: None,
        origin: None,
        remote: None,
    }
}

impl Default for Linter {
    /// [`Linter::new`] under RFC 3986 ([`Grammar::default`]).
    fn default() -> Self {
        Linter::new(Grammar::default())
    }
}

impl Linter {
    /// Every unsuppressed diagnostic of the text `bytes` (the whole input,
    /// in memory), in order, each with its fix. Suppression markers are
    /// those of [`suppress`].
    ///
    /// # Errors
    /// None in practice: reading a slice cannot fail; the type is the
    /// scanner's.
    pub fn lint_bytes(
        &self,
        path: &str,
        bytes: &[u8],
        rules: &RuleSet,
        scan: &crate::scan::ScanOptions,
    ) -> std::io::Result<Vec<Diagnostic>> {
        self.lint_source(path, bytes, rules, scan)
    }

    /// As [`Linter::lint_bytes`], the text read from `src` (a file read
    /// with positional reads, a slice, or a text with edits laid over it,
    /// [`crate::fix::Edited`]): once as a stream for the scanner, and by
    /// offset for the lines that suppression markers are looked for on.
    /// Memory is bounded by the findings, not by the text.
    ///
    /// # Errors
    /// A read error of `src`.
    pub fn lint_source<S: ReadAt + Clone>(
        &self,
        path: &str,
        src: S,
        rules: &RuleSet,
        scan: &crate::scan::ScanOptions,
    ) -> std::io::Result<Vec<Diagnostic>> {
        let mut all = Vec::new();
        self.lint_each(path, src, rules, scan, |d| all.push(d))?;
        Ok(all)
    }

    /// Calls `each` with every unsuppressed diagnostic of the text of
    /// `src`, in order (as [`Linter::lint_source`], without collecting
    /// them).
    ///
    /// # Errors
    /// A read error of `src`.
    pub fn lint_each<S: ReadAt + Clone>(
        &self,
        path: &str,
        src: S,
        rules: &RuleSet,
        scan: &crate::scan::ScanOptions,
        mut each: impl FnMut(Diagnostic),
    ) -> std::io::Result<()> {
        // `http//host` is found only for the rule that reports it (U011).
        let scan = crate::scan::ScanOptions {
            missing_colon: scan.missing_colon
                || rules.enabled(rules::missing_scheme_colon::RULE.code),
            // Markers noted on the scan's pass, not searched for again.
            markers: true,
            // Positions counted for the URIs with findings only.
            positions_on_demand: true,
            ..scan.clone()
        };
        let mut scanner =
            crate::scan::Scanner::new(crate::fix::ReadAtReader::new(src.clone()), scan);
        let mut lines = crate::lines::Lines::with_scanned_markers(src);
        let mut found = Vec::new();
        while let Some(f) = scanner.next_found()? {
            lines.note_scanned_markers(&f);
            found.clear();
            match &f {
                crate::scan::Found::Uri(c) => self.check_candidate(path, c, rules, &mut found),
                crate::scan::Found::TooLong(t) => found.extend(self.check_too_long(path, t, rules)),
            }
            for d in found.drain(..) {
                if !suppress::suppressed(&mut lines, &d) {
                    each(d);
                }
            }
        }
        Ok(())
    }

    /// Fixes the text `bytes` to a fixed point
    /// ([`crate::fix::fix_until_stable`] over [`Linter::lint_bytes`]).
    ///
    /// # Errors
    /// As [`Linter::lint_bytes`].
    pub fn fix_bytes(
        &self,
        path: &str,
        bytes: &[u8],
        rules: &RuleSet,
        scan: &crate::scan::ScanOptions,
    ) -> std::io::Result<crate::fix::Fixed<Diagnostic>> {
        let r = self.fix_source(path, bytes, bytes.len() as u64, rules, scan)?;
        Ok(crate::fix::Fixed {
            bytes: crate::fix::apply_edits(bytes, &r.edits),
            applied: r.applied,
            remaining: r.remaining,
            converged: r.converged,
        })
    }

    /// Fixes the text of `src` (`len` bytes) to a fixed point, as edits of
    /// it ([`crate::fix::fix_edits_until_stable`]): each pass lints the
    /// text read through the edits found so far
    /// ([`crate::fix::Edited`]), so memory is bounded by the findings and
    /// edits, not by the text. Fixes that change nothing are dropped. The
    /// remaining diagnostics have offsets into the fixed text.
    ///
    /// # Errors
    /// A read error of `src`.
    pub fn fix_source<S: ReadAt + Clone>(
        &self,
        path: &str,
        src: S,
        len: u64,
        rules: &RuleSet,
        scan: &crate::scan::ScanOptions,
    ) -> std::io::Result<crate::fix::FixedEdits<Diagnostic>> {
        self.fix_source_outside(path, src, len, rules, scan, None)
    }

    /// [`Linter::fix_source`], leaving alone every finding (and its fix)
    /// whose URI overlaps a byte range that `excluded` gives for the text
    /// of a pass (the whole text as it is in that pass, read into memory
    /// when `excluded` is given): e.g. the code of a Markdown document
    /// ([`crate::format::markdown::code_ranges`]).
    ///
    /// # Errors
    /// A read error of `src`.
    pub fn fix_source_outside<S: ReadAt + Clone>(
        &self,
        path: &str,
        src: S,
        len: u64,
        rules: &RuleSet,
        scan: &crate::scan::ScanOptions,
        excluded: Option<Excluded>,
    ) -> std::io::Result<crate::fix::FixedEdits<Diagnostic>> {
        crate::fix::fix_edits_until_stable(len, |edits, keep_findings| {
            let mut text = crate::fix::Edited::new(src.clone(), len, edits);
            let mut skip = match excluded {
                Some(f) => f(&read_all(text.clone(), MAX_EXCLUDED_TEXT)?),
                None => Vec::new(),
            };
            // In order and merged, so that the first range that ends after
            // a URI's start is the only one to look at.
            skip.sort_by_key(|r| r.start);
            skip.dedup_by(|next, prev| {
                let joined = next.start <= prev.end;
                if joined {
                    prev.end = prev.end.max(next.end);
                }
                joined
            });
            let overlaps = |uri: &Range<u64>| {
                let end = uri.end.max(uri.start + 1);
                let i = skip.partition_point(|r| r.end <= uri.start);
                skip.get(i).is_some_and(|r| r.start < end)
            };
            let mut pass = crate::fix::Pass {
                fixes: Vec::new(),
                findings: Vec::new(),
            };
            let reader = text.clone();
            self.lint_each(path, reader, rules, scan, |d| {
                if overlaps(&d.uri_span) {
                    return;
                }
                self.add_to_pass(&mut pass, d, &mut text, keep_findings);
            })?;
            Ok(pass)
        })
    }

    /// Adds the finding `d` of a fix pass over `text` to `pass`
    /// ([`crate::fix::fix_edits_until_stable`]): its fix when `--fix`
    /// applies it (safe, or any with [`Linter::unsafe_fixes`]) and it
    /// changes `text`, named by the rule's code (what `--show-fixes`
    /// lists); the finding itself only while the pass has no fix, or
    /// always with `keep_findings`.
    pub(crate) fn add_to_pass<S: ReadAt>(
        &self,
        pass: &mut crate::fix::Pass<Diagnostic>,
        mut d: Diagnostic,
        text: &mut S,
        keep_findings: bool,
    ) {
        if let Some(fix) = d.fix.take() {
            let applies = self.unsafe_fixes || fix.applicability == crate::fix::Applicability::Safe;
            if applies && crate::fix::changes(text, &fix) {
                // Only the edits count for fixing; the finding itself is
                // kept only while no fix was found.
                pass.fixes.push(Fix {
                    message: d.code.to_string(),
                    edits: fix.edits.clone(),
                    applicability: crate::fix::Applicability::Safe,
                });
                if !keep_findings {
                    pass.findings = Vec::new();
                }
            }
            d.fix = Some(fix);
        }
        if keep_findings || pass.fixes.is_empty() {
            pass.findings.push(d);
        }
    }
}

/// True when `candidate` is the quoted value of an XML namespace
/// declaration, `xmlns="..."` or `xmlns:prefix="..."`.
fn namespace_name(candidate: &Candidate<'_>) -> bool {
    if candidate.delimiter() != crate::scan::Delimiter::Quote {
        return false;
    }
    let before = candidate.context_before();
    let Some(eq) = before.iter().rposition(|&b| b == b'=') else {
        return false;
    };
    // `xmlns` or `xmlns:prefix`, then `=`, then the quote.
    let name_start = before[..eq]
        .iter()
        .rposition(|b| !(b.is_ascii_alphanumeric() || matches!(b, b':' | b'_' | b'-' | b'.')))
        .map_or(0, |i| i + 1);
    let name = &before[name_start..eq];
    let quote_only = before[eq + 1..].iter().all(|b| matches!(b, b'"' | b'\''));
    quote_only
        && (name.eq_ignore_ascii_case(b"xmlns")
            || (name.len() > 6 && name[..6].eq_ignore_ascii_case(b"xmlns:")))
}

/// The remote-link rules (`L101` to `L106`) on the URI of `cx`: in the
/// first pass of `check --links remote` its request URI is noted, in the
/// second its outcome is reported. Nothing when every one of them is off
/// for the file.
fn remote_rules(cx: &mut Cx<'_, '_>, remote: &crate::remote::RemoteLinks) {
    if !rules::REMOTE.iter().any(|code| cx.rules.enabled(code)) {
        return;
    }
    let Some(request) = crate::remote::request_uri(cx.uri()) else {
        return;
    };
    if remote.is_collecting() {
        remote.note(&request);
        return;
    }
    let Some(o) = remote.outcome(&request) else {
        return;
    };
    let from = cx.out.len();
    rules::gone_link::check(cx, o);
    rules::blocked_link::check(cx, o);
    rules::unreachable_link::check(cx, o);
    rules::permanent_redirect::check(cx, o);
    rules::https_redirect::check(cx, o);
    rules::missing_remote_anchor::check(cx, o);
    for d in &mut cx.out[from..] {
        d.remote = Some(Box::new(o.answer()));
    }
}

/// Whether the fix of rule `code` on the URI `uri` is safe (issue 14,
/// ruff's model): safe are the fixes that keep the URI the same resource
/// for every consumer, rejoining a broken URI (`D004`, `D005`), adding
/// or dropping delimiters (`D006`, `D007`) and lowercasing the scheme
/// (`N001`, RFC 3986 section 6.2.2.1: schemes are case-insensitive);
/// every other fix (case changes outside the scheme, dropping a default
/// port, percent-decoding or -encoding, removing dot-segments) and any
/// fix of a `file:` URI (whose path may be case-sensitive and read by
/// tools that never normalize) is unsafe.
pub fn applicability(code: &str, uri: &str) -> crate::fix::Applicability {
    use crate::fix::Applicability;
    let file = uri.len() >= 5 && uri[..5].eq_ignore_ascii_case("file:");
    let safe = matches!(code, "D004" | "D005" | "D006" | "D007" | "N001");
    // (U010's fix changes the URI, into the one meant: unsafe too; so
    // does X005's, into the link a redirect wrapper wraps.)
    if safe && !file {
        Applicability::Safe
    } else {
        Applicability::Unsafe
    }
}

/// Gives the byte ranges of a text whose findings are left alone by
/// [`Linter::fix_source_outside`].
pub type Excluded = fn(&[u8]) -> Vec<std::ops::Range<u64>>;

/// The most bytes of a text that [`Linter::fix_source_outside`] reads
/// into memory to find its excluded ranges (64 MiB, as much as a Markdown
/// document is read for its findings).
pub const MAX_EXCLUDED_TEXT: u64 = 64 * 1024 * 1024;

/// All the bytes of `src` from offset 0.
///
/// # Errors
/// A read error of `src`, or an error saying so when it holds more than
/// `max` bytes (nothing is fixed then).
pub(crate) fn read_all<S: ReadAt>(mut src: S, max: u64) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = src.read_at(out.len() as u64, &mut buf)?;
        if n == 0 {
            return Ok(out);
        }
        if out.len() as u64 + n as u64 > max {
            return Err(std::io::Error::other(format!(
                "longer than {} MiB: too long to tell its code from its links; not fixed",
                max / (1024 * 1024)
            )));
        }
        out.extend_from_slice(&buf[..n]);
    }
}

/// What a rule's check sees: the candidate, its parse, and where to put
/// diagnostics.
pub(crate) struct Cx<'a, 's> {
    path: &'a str,
    pub(crate) candidate: &'a Candidate<'s>,
    pub(crate) parsed: &'a Parsed<'s>,
    pub(crate) grammar: Grammar,
    rules: &'a RuleSet,
    out: &'a mut Vec<Diagnostic>,
}

impl<'s> Cx<'_, 's> {
    /// True when `rule` is enabled.
    pub(crate) fn on(&self, rule: &Rule) -> bool {
        self.rules.enabled(rule.code)
    }

    /// The URI text (line-break whitespace removed).
    pub(crate) fn text(&self) -> &'s str {
        self.candidate.text()
    }

    /// The parsed URI; only meaningful when the parse is valid.
    pub(crate) fn uri(&self) -> &UriRef<'s> {
        self.parsed.uri()
    }

    /// Reports `rule` at byte `offset` of the URI text.
    pub(crate) fn report(&mut self, rule: &Rule, offset: usize, message: String, fix: Option<Fix>) {
        let c = self.candidate;
        let start = c.start().unwrap_or(Position { line: 1, column: 1 });
        let src = c.source_offset(offset);
        let at = position_in(c.raw(), start, (src - c.span().start) as usize);
        self.push(rule, at, src, message, fix);
    }

    /// Reports `rule` at the first byte of the URI.
    pub(crate) fn report_at_start(&mut self, rule: &Rule, message: String, fix: Option<Fix>) {
        let c = self.candidate;
        let start = c.start().unwrap_or(Position { line: 1, column: 1 });
        self.push(rule, start, c.span().start, message, fix);
    }

    fn push(&mut self, rule: &Rule, at: Position, offset: u64, message: String, fix: Option<Fix>) {
        let c = self.candidate;
        let message = bounded(message);
        let fix = fix.map(|mut f| {
            f.message = bounded(std::mem::take(&mut f.message));
            f.applicability = applicability(rule.code, c.text());
            f
        });
        let end = c.end().unwrap_or(at);
        self.out.push(Diagnostic {
            path: self.path.to_string(),
            line: at.line,
            column: at.column,
            byte_offset: offset,
            end_line: end.line,
            end_column: end.column,
            uri_span: c.span(),
            code: rule.code,
            rule: rule.name,
            severity: self.rules.severity(rule),
            message,
            uri: c.text().to_string(),
            fix,
            origin: None,
            remote: None,
        });
    }

    /// The edit replacing bytes `range` of the URI text with
    /// `replacement`, in source offsets; `None` when the range is not
    /// contiguous in the source (a line break inside it).
    pub(crate) fn text_edit(&self, range: Range<usize>, replacement: String) -> Option<Edit> {
        let c = self.candidate;
        let start = c.source_offset(range.start);
        let end = if range.is_empty() {
            start
        } else {
            c.source_offset(range.end - 1) + 1
        };
        (end - start == range.len() as u64).then_some(Edit {
            start,
            end,
            replacement,
        })
    }

    /// A fix made of text edits (see [`Cx::text_edit`]); `None` when any
    /// is not contiguous in the source or there are none.
    pub(crate) fn text_fix<I>(&self, message: String, edits: I) -> Option<Fix>
    where
        I: IntoIterator<Item = (Range<usize>, String)>,
    {
        let edits = edits
            .into_iter()
            .map(|(r, s)| self.text_edit(r, s))
            .collect::<Option<Vec<Edit>>>()?;
        (!edits.is_empty()).then_some(Fix {
            message,
            edits,
            applicability: crate::fix::Applicability::Safe,
        })
    }
}

/// Appends the diagnostics of `candidate` (found in `path`) under
/// `grammar` with the default rules: a convenience for
/// [`Linter::check_candidate`].
pub fn check_candidate(
    path: &str,
    candidate: &Candidate<'_>,
    grammar: Grammar,
    out: &mut Vec<Diagnostic>,
) {
    let linter = Linter::new(grammar);
    linter.check_candidate(path, candidate, &linter.rules, out);
}

/// The `D003` diagnostic of a skipped candidate, at its default severity.
pub fn check_too_long(path: &str, t: &TooLong) -> Diagnostic {
    too_long(path, t, rules::uri_too_long::RULE.severity)
}

/// Shared test helpers for the rule modules.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::scan::{Found, ScanOptions, Scanner};

    /// Every diagnostic for `text` with `rules`.
    pub fn lint_with(text: &str, rules: &RuleSet) -> Vec<Diagnostic> {
        let linter = Linter::new(Grammar::Rfc3986);
        let mut out = Vec::new();
        let opts = ScanOptions {
            missing_colon: true,
            ..ScanOptions::default()
        };
        let mut s = Scanner::new(text.as_bytes(), opts);
        while let Ok(Some(f)) = s.next_found() {
            match f {
                Found::Uri(c) => linter.check_candidate("t", &c, rules, &mut out),
                Found::TooLong(t) => out.extend(linter.check_too_long("t", &t, rules)),
            }
        }
        out
    }

    /// Every diagnostic for `text` from the remote rules, the run's
    /// links having been checked with `outcomes` (`check --links remote`,
    /// second pass).
    pub fn lint_remote(text: &str, outcomes: Vec<crate::remote::Outcome>) -> Vec<Diagnostic> {
        let mut linter = Linter::new(Grammar::Rfc3986);
        let links = crate::remote::RemoteLinks::collecting();
        links.finish(outcomes);
        linter.remote = Some(std::sync::Arc::new(links));
        let rules = RuleSet::only(&rules::REMOTE);
        let mut out = Vec::new();
        let mut s = Scanner::new(text.as_bytes(), ScanOptions::default());
        while let Ok(Some(f)) = s.next_found() {
            if let Found::Uri(c) = f {
                linter.check_candidate("t", &c, &rules, &mut out);
            }
        }
        out
    }

    /// The diagnostics `text` gets from rule `code` alone.
    pub fn lint_bytes_for_test(text: &str, code: &str) -> Vec<Diagnostic> {
        lint_with(text, &RuleSet::only(&[code]))
    }

    /// The codes `text` gets from rule `code` alone (enabled even if off
    /// by default), with the text after applying every fix once.
    pub fn hits(code: &str, text: &str) -> (Vec<u64>, String) {
        let rules = RuleSet::only(&[code]);
        let found = lint_with(text, &rules);
        let offsets = found.iter().map(|d| d.byte_offset).collect();
        let fixes: Vec<&Fix> = found.iter().filter_map(|d| d.fix.as_ref()).collect();
        let (fixed, _) = crate::fix::apply(text.as_bytes(), &fixes);
        (offsets, String::from_utf8_lossy(&fixed).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::ScanOptions;

    /// An XML namespace name is an identifier: the scheme's rules do not
    /// apply (libxmlsec1's examples: `xmlns="urn:envelope"`), but they do
    /// to the same text in another attribute.
    #[test]
    fn namespace_names_skip_scheme_rules() {
        let text =
            b"<Envelope xmlns=\"urn:envelope\">\n<x xmlns:ds='urn:b' ref=\"urn:envelope\"/>\n";
        let mut linter = Linter::new(Grammar::Rfc3986);
        // S802 is off by default.
        linter.rules = Selection {
            extend_select: vec!["S802".into()],
            ..Selection::default()
        }
        .resolve()
        .expect("known");
        let found = linter
            .lint_bytes("t", text, &linter.rules, &ScanOptions::default())
            .expect("a slice reads");
        let got: Vec<(u64, &str)> = found.iter().map(|d| (d.line, d.code)).collect();
        assert_eq!(got, [(2, "S802")]);
    }

    /// Excluded ranges come in any order and may overlap: a URI that
    /// touches one is left alone, the others are fixed.
    #[test]
    fn fix_outside_unsorted_overlapping_ranges() {
        let text: &[u8] = b"<http://A.example/1> <http://B.example/2> <http://C.example/3>\n";
        let mut linter = Linter::new(Grammar::Rfc3986);
        linter.unsafe_fixes = true;
        let rules = RuleSet::only(&["N002"]);
        // Around the second URI, before a range that ends before the
        // first, and two overlapping pieces inside the third's delimiters
        // that touch no URI.
        let excluded: Excluded = |_| vec![22..31, 62..63, 0..1, 61..63];
        let fixed = linter
            .fix_source_outside(
                "t",
                text,
                text.len() as u64,
                &rules,
                &ScanOptions::default(),
                Some(excluded),
            )
            .unwrap_or_else(|e| panic!("{e}"));
        let out = crate::fix::apply_edits(text, &fixed.edits);
        assert_eq!(
            String::from_utf8_lossy(&out),
            "<http://a.example/1> <http://B.example/2> <http://c.example/3>\n"
        );
    }

    #[test]
    fn excluded_text_is_read_up_to_a_limit() {
        let text: &[u8] = &[b'x'; 100];
        assert_eq!(read_all(text, 100).map(|v| v.len()).ok(), Some(100));
        let err = read_all(text, 99)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains("not fixed"), "{err}");
    }
}

/// The suppression markers noted on the scanner's pass
/// ([`crate::scan::ScanOptions::markers`]) against the search of the
/// whole input that `check` used before (and uses where the scan did not
/// note them): the same findings kept, whatever the chunk size.
#[cfg(test)]
mod scanned_markers {
    use super::*;
    use crate::scan::{Found, ScanOptions, Scanner};

    /// The kept findings of `text` with the markers searched for.
    fn searched(linter: &Linter, text: &[u8], scan: &ScanOptions) -> Vec<(u64, &'static str)> {
        let scan = ScanOptions {
            markers: false,
            missing_colon: true,
            ..scan.clone()
        };
        let mut scanner = Scanner::new(text, scan);
        let mut lines = crate::lines::Lines::new(text);
        let mut kept = Vec::new();
        let mut found = Vec::new();
        while let Some(f) = scanner.next_found().expect("a slice reads") {
            assert_eq!(f.markers(), None);
            found.clear();
            match &f {
                Found::Uri(c) => linter.check_candidate("t", c, &linter.rules, &mut found),
                Found::TooLong(t) => found.extend(linter.check_too_long("t", t, &linter.rules)),
            }
            for d in found.drain(..) {
                if !suppress::suppressed(&mut lines, &d) {
                    kept.push((d.byte_offset, d.code));
                }
            }
        }
        kept
    }

    /// The kept findings of `text` as `lint_each` gives them (markers
    /// noted by the scan).
    fn noted(linter: &Linter, text: &[u8], scan: &ScanOptions) -> Vec<(u64, &'static str)> {
        let mut kept = Vec::new();
        linter
            .lint_each("t", text, &linter.rules, scan, |d| {
                kept.push((d.byte_offset, d.code))
            })
            .expect("a slice reads");
        kept
    }

    /// Generated text: URIs with findings among block and line markers in
    /// every case, markers inside URIs, inside too-long candidates, split
    /// by CR, LF and CRLF, and lines that are not markers.
    fn generated(seed: u64, pieces: usize) -> Vec<u8> {
        const PIECES: &[&str] = &[
            "<!-- urilint: disable -->",
            "# URILINT: enable",
            "urilint: disable[U002]",
            "Urilint:disable[D, U006]",
            "uRILINT: enable",
            "UriLint: disable",
            "xurilint:disable",
            "urilint: ignore",
            "urilint: ignore[U006]",
            "see <http://a.example/%zz>",
            "http://b.example:x1/ and more",
            "http://c.example/urilint:disable/%zz ",
            "<mailto:x@y.example?urilint:enable> http://d.example/%zz",
            "http://z.example/zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzurilint:disable/zzzzzzzzzzzzzzzzzzzz",
            "http//e.example/x",
            "a: b, c:d, color:red",
            "urilint:",
            "\"http://f.example/%zz\"",
        ];
        const BREAKS: &[&str] = &["\n", "\r\n", "\r", " ", "\n\n"];
        let mut state = seed;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize
        };
        let mut text = Vec::new();
        for _ in 0..pieces {
            text.extend_from_slice(PIECES[next() % PIECES.len()].as_bytes());
            text.extend_from_slice(BREAKS[next() % BREAKS.len()].as_bytes());
        }
        text
    }

    #[test]
    fn noted_markers_keep_what_the_search_keeps() {
        let linter = Linter::new(Grammar::Rfc3986);
        let mut total = 0;
        let mut suppressed_some = 0;
        for seed in 0..40 {
            let text = generated(seed, 300);
            for chunk in [1, 7, 64, 256 * 1024] {
                let scan = ScanOptions {
                    chunk_size: chunk,
                    // Small, so that the long piece is a too-long candidate.
                    max_uri_len: 64,
                    ..ScanOptions::default()
                };
                let want = searched(&linter, &text, &scan);
                assert_eq!(
                    noted(&linter, &text, &scan),
                    want,
                    "seed {seed}, chunk {chunk}"
                );
                total += want.len();
                // The markers matter: without them, more is found.
                let unmarked: Vec<u8> = text.iter().map(|b| b.to_ascii_lowercase()).collect();
                let unmarked = String::from_utf8_lossy(&unmarked).replace("urilint:", "urilint;");
                let all = searched(&linter, unmarked.as_bytes(), &scan);
                suppressed_some += usize::from(all.len() > want.len());
            }
        }
        assert!(total > 1000, "{total} findings");
        assert!(
            suppressed_some > 100,
            "{suppressed_some} texts with suppressed findings"
        );
    }

    /// More markers between two items than the scan notes: it stops
    /// noting them, and the rest are searched for.
    #[test]
    fn past_the_bound_the_markers_are_searched_for() {
        let linter = Linter::new(Grammar::Rfc3986);
        let mut text = b"<http://a.example/%zz>\n".to_vec();
        for i in 0..crate::scan::MAX_MARKERS + 10 {
            text.extend_from_slice(if i % 2 == 0 {
                b"urilint: disable\n"
            } else {
                b"urilint: enable\n"
            });
        }
        text.extend_from_slice(
            b"urilint: disable[U002]\n<http://b.example/%zz> <http://b.example:x1/>\n",
        );
        text.extend_from_slice(b"urilint: enable\n<http://c.example/%zz>\n");
        let scan = ScanOptions::default();
        let want = searched(&linter, &text, &scan);
        assert_eq!(
            want.iter().map(|f| f.1).collect::<Vec<_>>(),
            ["U002", "U006", "U002"]
        );
        assert_eq!(noted(&linter, &text, &scan), want);
        // Few markers per item, but more waiting than the bound (no
        // finding takes them): the lines stop queueing them.
        let mut text = Vec::new();
        for i in 0..crate::scan::MAX_MARKERS + 10 {
            let marker = if i % 2 == 0 { "disable" } else { "enable" };
            text.extend_from_slice(format!("urilint: {marker} http://ok.example/{i}\n").as_bytes());
        }
        text.extend_from_slice(
            b"<http://b.example/%zz>\nurilint: disable\n<http://c.example/%zz>\n",
        );
        let want = searched(&linter, &text, &scan);
        assert_eq!(want.iter().map(|f| f.1).collect::<Vec<_>>(), ["U002"]);
        assert_eq!(noted(&linter, &text, &scan), want);
    }
}
