//! Finding URIs in text: a streaming scanner for RFC 2396 Appendix E.
//!
//! This crate (urilint's `scan`, also re-exported by `urilint` as
//! `urilint::scan`, with [`position`] and [`mmap`] as `urilint::position`
//! and `urilint::mmap`) owns reading input in chunks and handing out candidates in
//! input order. [`Scanner`] reads any [`std::io::Read`] through a buffer of
//! bounded size (chunk size + `max_uri_len` + a small look-behind), finds
//! every `:` (`colons`: block bit masks, and `memchr` over sparse text),
//! and asks the Appendix E rules (`appendix_e`) whether a URI stands
//! around it. On request it also finds `http//host`, a web URI written
//! without its colon (`missing_colon`, a second search for `//`).
//! Nothing needs the whole input in memory, nor valid UTF-8.
//!
//! Results come in input order, two ways: [`Scanner::next_found`] lends
//! each [`Candidate`] out of the buffer until the next call (no
//! allocation: the loop below), and a `for` loop over the scanner
//! ([`IntoIter`], an [`Iterator`]) yields owned [`Scanned`] items. Both
//! give a too-long candidate as a result of its own ([`Found::TooLong`],
//! [`Scanned::TooLong`]) and go on after it.
//!
//! It does not own validation (the grammars of the `urilint-uri` crate,
//! [`urilint_uri::grammar`]) nor records and output (urilint's
//! `record` module). It depends on `urilint-uri` alone of urilint's
//! crates (ARCHITECTURE.md).
//!
//! ```
//! use urilint_scan::{Delimiter, Found, Scanner, ScanOptions};
//!
//! let text = b"Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
//!   but you can probably pick it up from <ftp://ds.internic.\n\
//!   net/rfc/>.";
//! let mut scanner = Scanner::new(&text[..], ScanOptions::default());
//! let mut uris = Vec::new();
//! while let Some(found) = scanner.next_found().unwrap() {
//!     if let Found::Uri(c) = found {
//!         uris.push((c.text().to_string(), c.delimiter()));
//!     }
//! }
//! assert_eq!(uris, [
//!     ("http://www.w3.org/Addressing/".to_string(), Delimiter::Quote),
//!     ("ftp://ds.internic.net/rfc/".to_string(), Delimiter::Angle),
//! ]);
//! ```

// `unsafe` only in `mmap`, the memory map of a file, with its safety
// argument (see that module).
#![deny(unsafe_code)]
#![warn(missing_docs)]
// Issue 47: no non-test function over 100 lines (clippy.toml at the
// workspace root sets the threshold).
#![cfg_attr(not(test), warn(clippy::too_many_lines))]

pub mod mmap;
pub mod position;
pub mod read_at;

// The URI layer, under the names the scanner has always used for it.
use urilint_uri::{grammar, scheme};

mod appendix_e;
mod appendix_f;
mod colons;
pub use colons::ColonFinder;
mod lanes;
mod markers;
pub use markers::MAX_MARKERS;
pub use markers::{is_marker_at, MARKER};
mod missing_colon;

use std::cell::Cell;
use std::io::{self, Read};
use std::ops::Range;

use serde::Serialize;

use crate::grammar::chars::{is, URI_TEXT};
use crate::position::{LineTracker, Position};

use missing_colon::SlashFinder;

use appendix_e::{
    at_angle, at_colon, hyphen_continuation, worth_a_look, Continuation, Outcome, Scratch, Window,
    LOOKBEHIND,
};

/// How a URI was delimited in the text (RFC 2396 Appendix E).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Delimiter {
    /// In angle brackets, `<http://a/b>` or `<URL:http://a/b>`.
    Angle,
    /// In double quotes, `"http://a/b"`, or closed by the quote or backquote
    /// that opened it (`'http://a/b'`, `` `http://a/b` ``).
    Quote,
    /// After a `URL:` prefix without brackets, `URL:http://a/b`.
    UrlPrefix,
    /// Bare in prose, delimited by whitespace and punctuation.
    Bare,
}

impl Delimiter {
    /// `"angle"`, `"quote"`, `"url-prefix"` or `"bare"`.
    pub fn name(self) -> &'static str {
        match self {
            Delimiter::Angle => "angle",
            Delimiter::Quote => "quote",
            Delimiter::UrlPrefix => "url-prefix",
            Delimiter::Bare => "bare",
        }
    }
}

/// Settings of a [`Scanner`].
#[derive(Clone, Debug)]
pub struct ScanOptions {
    /// The longest candidate, in bytes of source text from the first byte
    /// of its scheme; longer ones are reported as [`Found::TooLong`] and
    /// skipped. Default 65,536.
    pub max_uri_len: usize,
    /// Compute line and column numbers ([`Candidate::start`]). Costs a
    /// count of newlines over the input; off when only URIs are printed.
    /// Default true.
    pub positions: bool,
    /// Bytes asked of the reader per read. Default 256 KiB; tests use tiny
    /// values to check that results do not depend on it.
    pub chunk_size: usize,
    /// Also find relative references in angle brackets (`<../g>`), for
    /// resolving them against a base URI (RFC 3986 section 5.1). Off by
    /// default: plain text holds many `<word>`s that are not references.
    pub relative_in_angle: bool,
    /// Also find abbreviated URLs (RFC 2396 Appendix F): `www.w3.org/x`
    /// and `ftp.example.org` without a scheme, at a word boundary, with a
    /// host name of three labels or more. Their [`Candidate::text`] starts
    /// with the scheme Appendix F implies (`http://`, `ftp://`), which the
    /// source does not hold ([`Candidate::abbreviated`]). Off by default.
    pub abbreviated: bool,
    /// Also find `http//host` and `https//host`: a web URI written
    /// without the `:` after its scheme, a typo the linter reports
    /// (`U011`, missing-scheme-colon). Not a URI: such a candidate says so
    /// ([`Candidate::missing_colon`]), its text is the text as written,
    /// and a program that wants URIs leaves it off. Found at a word start
    /// (not in `xhttp//`, `/http//`, `?u=http//`, nor after `:`) before a
    /// letter or digit. Off by default.
    pub missing_colon: bool,
    /// Inside `<...>`, keep spaces as part of the URI instead of removing
    /// them as whitespace inserted by line breaking (RFC 2396 Appendix E):
    /// for a whole HTML attribute value or Markdown link destination,
    /// scanned as `<value>`, whose spaces the author wrote (HTML and
    /// CommonMark keep them; such a URI is invalid, U003). Off by default.
    pub keep_spaces_in_angle: bool,
    /// Join a bare URI that a program hard-wrapped in mid-word at a fixed
    /// width: a URI that runs to the end of a line of 60 to 100
    /// characters, the next line starting (no indent, no blank line) with
    /// text that can only be the rest of a URI: it holds `/`, `?`, `#`,
    /// `=`, `&` or `%`, or ends in a file extension (`er.hpp#L497`,
    /// `312042.html`, `LF=DFHJSH02`). RFC 2396 Appendix E's "URI broken
    /// across lines" for text whose line breaks a mail client, gateway or
    /// `fmt` inserted (plain text, mail bodies with reply prefixes
    /// removed); the candidate is then [`Candidate::wrapped`]. Off for
    /// markup, whose renderer ends a bare link at the line break. Default
    /// false.
    pub join_wrapped_lines: bool,
    /// The input is one URI reference written `<value>`: an HTML
    /// attribute's value that is one URL, as the format layer gives it.
    /// When the value starts with a scheme and holds a `<` or `>`, which
    /// the delimiting rules would stop at (`mailto:<user@host>`), the
    /// whole value is the URI, as a browser reads it; otherwise the input
    /// is scanned as any `<...>`, except that a relative reference is the
    /// whole value or nothing (`3D"http://x/"`, from quoted-printable left
    /// undecoded, is a relative reference to a browser, not `http://x/`)
    /// unless it is a template expression (`{{`, `{%`, `<%`, `${`), read as
    /// text. Default false.
    pub whole_reference: bool,
    /// Note the suppression markers (`urilint:`, urilint's `lint::suppress`)
    /// the scan passes, for [`Found::markers`]: every colon the scan stops
    /// at, walks over inside a URI it takes or skips in a too-long
    /// candidate is tested (the 8 bytes that end at it), so `check` needs
    /// no second search of the input for them. Default false.
    pub markers: bool,
    /// With [`ScanOptions::positions`]: a candidate's line and column are
    /// counted when first asked ([`Candidate::start`], [`Candidate::end`])
    /// instead of for every candidate. The positions are the same; lines
    /// are still counted at every read, up to the bytes it drops, so only
    /// the stretch from there to an asked candidate is counted late.
    /// For callers that print the positions of a few candidates only
    /// (`check` prints those of its findings). Default false.
    pub positions_on_demand: bool,
}

impl Default for ScanOptions {
    fn default() -> Self {
        ScanOptions {
            max_uri_len: 64 * 1024,
            positions: true,
            chunk_size: 256 * 1024,
            relative_in_angle: false,
            abbreviated: false,
            missing_colon: false,
            keep_spaces_in_angle: false,
            join_wrapped_lines: false,
            whole_reference: false,
            markers: false,
            positions_on_demand: false,
        }
    }
}

/// A URI found in the text. Borrows the scanner until the next call to
/// [`Scanner::next_found`]; [`Candidate::to_scanned`] makes an owned copy
/// ([`ScannedUri`]).
#[derive(Clone, Debug)]
pub struct Candidate<'s> {
    text: &'s str,
    raw: &'s str,
    span: Range<u64>,
    outer: Range<u64>,
    delimiter: Delimiter,
    url_prefix: bool,
    broken: bool,
    unclosed: bool,
    relative: bool,
    abbreviated: bool,
    missing_colon: bool,
    joined: bool,
    wrapped: bool,
    elided: bool,
    rst_link: bool,
    before: &'s [u8],
    hyphens: &'s [usize],
    segments: &'s [(usize, usize, usize)],
    base: u64,
    start: Option<Position>,
    end: Option<Position>,
    on_demand: Option<OnDemand<'s>>,
    markers: Option<&'s [u64]>,
}

/// What a candidate needs to count its own position when first asked
/// ([`ScanOptions::positions_on_demand`]): the scanner's line tracker,
/// its note of the current candidate's positions (shared by every copy
/// of the candidate, so that the tracker, which only goes forward, is
/// moved once), and the scanner's bytes, byte 0 at the candidate's
/// `base`.
#[derive(Clone, Copy, Debug)]
struct OnDemand<'s> {
    lines: &'s Cell<LineTracker>,
    placed: &'s Cell<Option<(Position, Position)>>,
    window: &'s [u8],
}

impl<'s> Candidate<'s> {
    /// The URI: the source text with whitespace inserted by line breaking
    /// removed (RFC 2396 Appendix E). Always valid UTF-8; non-ASCII
    /// characters are kept as they are (an IRI).
    pub fn text(&self) -> &'s str {
        self.text
    }
    /// The exact source text from the first to the last byte of the URI,
    /// without delimiters but with any line breaks inside it.
    pub fn raw(&self) -> &'s str {
        self.raw
    }
    /// 0-based byte offsets of [`Candidate::raw`] in the input, end
    /// exclusive.
    pub fn span(&self) -> Range<u64> {
        self.span.clone()
    }
    /// 0-based byte offsets of the delimited form in the input, end
    /// exclusive: with `<`/`>`, quotes and the `URL:` prefix when present.
    pub fn outer_span(&self) -> Range<u64> {
        self.outer.clone()
    }
    /// How it was delimited.
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }
    /// True when a `URL:` prefix (any case) stood before it.
    pub fn url_prefix(&self) -> bool {
        self.url_prefix
    }
    /// True when it spans more than one line of the source.
    pub fn broken(&self) -> bool {
        self.broken
    }
    /// True when a `<` opened before it was never closed; the URI was then
    /// taken as a bare one.
    pub fn unclosed(&self) -> bool {
        self.unclosed
    }
    /// True when this is a relative reference in angle brackets (found
    /// only with [`ScanOptions::relative_in_angle`]); [`Candidate::text`]
    /// is then a `relative-ref` (RFC 3986 section 4.2), not a URI.
    pub fn relative(&self) -> bool {
        self.relative
    }
    /// Up to 16 bytes of the input right before [`Candidate::outer_span`]
    /// (fewer at the start of the input): the context a rule may need,
    /// e.g. the `xmlns="` before an XML namespace name.
    pub fn context_before(&self) -> &'s [u8] {
        self.before
    }
    /// True for an abbreviated URL (found only with
    /// [`ScanOptions::abbreviated`]): [`Candidate::text`] begins with the
    /// implied scheme and `://` (`http://` for `www.`, `ftp://` for `ftp.`,
    /// RFC 2396 Appendix F), [`Candidate::raw`] is the text as written.
    pub fn abbreviated(&self) -> bool {
        self.abbreviated
    }
    /// True for `http//host` or `https//host`, a web URI written without
    /// the `:` after its scheme (found only with
    /// [`ScanOptions::missing_colon`]): [`Candidate::text`] is the text as
    /// written, which is not a URI; the URI meant has a `:` after the
    /// scheme.
    pub fn missing_colon(&self) -> bool {
        self.missing_colon
    }
    /// True when the URI is continued in the next string literal of a
    /// program or message catalogue: `"https://www.sphinx-"` then, on the
    /// next line, `"doc.org/"` (C, Python and gettext concatenate adjacent
    /// string literals). [`Candidate::text`] is the joined URI; the quotes
    /// and the line break between the pieces are not part of it. Such a
    /// URI is [`Candidate::broken`] too, but its line break is the
    /// language's, not inserted whitespace (RFC 2396 Appendix E).
    pub fn joined(&self) -> bool {
        self.joined
    }
    /// True when a bare URI was hard-wrapped in mid-word and rejoined
    /// across the line break ([`ScanOptions::join_wrapped_lines`]):
    /// [`Candidate::text`] is the joined URI, and it is
    /// [`Candidate::broken`] too. A reading, not a certainty: the break
    /// stood where a URI may end.
    pub fn wrapped(&self) -> bool {
        self.wrapped
    }
    /// True when an ellipsis (`...` or `…`) follows a bare URI right after
    /// its end, trailing punctuation between (`urn:ietf:...`,
    /// `https://example.org/docs/…`), or a `<placeholder>` follows a `[`,
    /// `:` or `@` that ends it (`iscsi://[<username>[%<password>]@]`): the
    /// author left the rest out, so the text is the shape of a URI, not one
    /// (see
    /// urilint's `template::is_template_candidate`).
    pub fn elided(&self) -> bool {
        self.elided
    }
    /// True when the URI, in `<...>` and broken across lines, is followed
    /// by `` `_ `` or `` `__ ``: a reStructuredText embedded URI
    /// (`` `text <https://a.example/`` + line break + ``b>`_ ``) in text
    /// read as plain (a Python docstring, a `.txt` Sphinx source), whose
    /// whitespace docutils removes ("Embedded URIs and Aliases" of the
    /// reStructuredText Markup Specification).
    pub fn rst_link(&self) -> bool {
        self.rst_link
    }
    /// 0-based byte offsets into [`Candidate::text`] of hyphens that stood
    /// right before a line break: each may or may not belong to the URI
    /// (RFC 2396 Appendix E).
    pub fn hyphen_breaks(&self) -> &'s [usize] {
        self.hyphens
    }
    /// The other readings of the URI: for now one, with every hyphen of
    /// [`Candidate::hyphen_breaks`] dropped; empty when there are none.
    pub fn alternatives(&self) -> Vec<String> {
        alternatives(self.text, self.hyphens)
    }
    /// The 0-based byte offset in the input of byte `offset` of
    /// [`Candidate::text`] (offsets at or past the end map to the end of
    /// the span).
    pub fn source_offset(&self, offset: usize) -> u64 {
        source_offset(self.segments, self.base, self.span.end, offset)
    }
    /// Line and column of the first byte, when positions are on (counted
    /// now if they are counted on demand).
    pub fn start(&self) -> Option<Position> {
        self.start.or_else(|| self.placed().map(|(start, _)| start))
    }
    /// Line and column just past the last byte (exclusive), when positions
    /// are on (counted now if they are counted on demand).
    pub fn end(&self) -> Option<Position> {
        self.end.or_else(|| self.placed().map(|(_, end)| end))
    }
    /// The start and end positions counted on demand, once for every copy
    /// of this candidate: the scanner's tracker moved over the bytes from
    /// where it is to the start, then to the end, as the scanner moves it
    /// for every candidate otherwise. `None` without on-demand positions
    /// (or were the tracker past the start, which the scanner never
    /// lets happen: it counts no further than the bytes it drops).
    fn placed(&self) -> Option<(Position, Position)> {
        let d = self.on_demand?;
        if let Some(p) = d.placed.get() {
            return Some(p);
        }
        let mut lines = d.lines.get();
        let from = usize::try_from(lines.offset().checked_sub(self.base)?).ok()?;
        let start = usize::try_from(self.span.start.checked_sub(self.base)?).ok()?;
        let end = usize::try_from(self.span.end.checked_sub(self.base)?).ok()?;
        lines.advance(d.window.get(from..start)?);
        let at_start = lines.position();
        lines.advance(d.window.get(start..end)?);
        let placed = (at_start, lines.position());
        d.lines.set(lines);
        d.placed.set(Some(placed));
        Some(placed)
    }
    /// The suppression markers passed since the previous item: see
    /// [`Found::markers`].
    pub fn markers(&self) -> Option<&[u64]> {
        self.markers
    }
    /// An owned copy of everything this candidate tells, which outlives
    /// the next call to [`Scanner::next_found`]; what the scanner's
    /// [`Iterator`] ([`IntoIter`]) yields. Copies the text, the raw text
    /// and the offsets: a few small allocations per URI.
    pub fn to_scanned(&self) -> ScannedUri {
        ScannedUri {
            text: self.text.to_string(),
            raw: self.raw.to_string(),
            span: self.span.clone(),
            outer: self.outer.clone(),
            delimiter: self.delimiter,
            url_prefix: self.url_prefix,
            broken: self.broken,
            unclosed: self.unclosed,
            relative: self.relative,
            abbreviated: self.abbreviated,
            missing_colon: self.missing_colon,
            joined: self.joined,
            wrapped: self.wrapped,
            elided: self.elided,
            rst_link: self.rst_link,
            before: self.before.to_vec(),
            hyphens: self.hyphens.to_vec(),
            segments: self.segments.to_vec(),
            base: self.base,
            start: self.start(),
            end: self.end(),
        }
    }
}

/// [`Candidate::alternatives`] and [`ScannedUri::alternatives`]: `text`
/// with every hyphen at the given byte offsets dropped. An offset that is
/// not a hyphen of `text` (which the scanner never gives) is ignored.
fn alternatives(text: &str, hyphens: &[usize]) -> Vec<String> {
    if hyphens.is_empty() {
        return Vec::new();
    }
    let mut alt = String::with_capacity(text.len());
    let mut from = 0;
    for &h in hyphens {
        if h < from || text.as_bytes().get(h) != Some(&b'-') {
            continue;
        }
        // `h` is an ASCII byte, so both slices are on character boundaries.
        alt.push_str(text.get(from..h).unwrap_or_default());
        from = h + 1;
    }
    alt.push_str(text.get(from..).unwrap_or_default());
    vec![alt]
}

/// [`Candidate::source_offset`] and [`ScannedUri::source_offset`]:
/// `segments` are `(offset in the text, start, end)` of each run of the
/// text copied from the buffer, whose byte 0 is input offset `base`.
fn source_offset(segments: &[(usize, usize, usize)], base: u64, end: u64, offset: usize) -> u64 {
    for &(t, from, to) in segments {
        if offset < t + (to - from) {
            return base + (from + offset.saturating_sub(t)) as u64;
        }
    }
    end
}

/// A URI found in the text, owned: the same facts as a [`Candidate`]
/// (with the same names and meanings), made by [`Candidate::to_scanned`]
/// and yielded by the scanner's [`Iterator`] ([`IntoIter`]) inside
/// [`Scanned::Uri`].
///
/// Offsets are 0-based byte offsets into the input, ranges end
/// exclusive; positions are 1-based lines and 1-based columns counted in
/// Unicode scalar values ([`Position`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScannedUri {
    text: String,
    raw: String,
    span: Range<u64>,
    outer: Range<u64>,
    delimiter: Delimiter,
    url_prefix: bool,
    broken: bool,
    unclosed: bool,
    relative: bool,
    abbreviated: bool,
    missing_colon: bool,
    joined: bool,
    wrapped: bool,
    elided: bool,
    rst_link: bool,
    before: Vec<u8>,
    hyphens: Vec<usize>,
    segments: Vec<(usize, usize, usize)>,
    base: u64,
    start: Option<Position>,
    end: Option<Position>,
}

impl ScannedUri {
    /// The URI: the source text with whitespace inserted by line breaking
    /// removed (RFC 2396 Appendix E). Always valid UTF-8; non-ASCII
    /// characters are kept as they are (an IRI).
    pub fn text(&self) -> &str {
        &self.text
    }
    /// The exact source text from the first to the last byte of the URI,
    /// without delimiters but with any line breaks inside it.
    pub fn raw(&self) -> &str {
        &self.raw
    }
    /// 0-based byte offsets of [`ScannedUri::raw`] in the input, end
    /// exclusive.
    pub fn span(&self) -> Range<u64> {
        self.span.clone()
    }
    /// 0-based byte offsets of the delimited form in the input, end
    /// exclusive: with `<`/`>`, quotes and the `URL:` prefix when present.
    pub fn outer_span(&self) -> Range<u64> {
        self.outer.clone()
    }
    /// How it was delimited.
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }
    /// True when a `URL:` prefix (any case) stood before it.
    pub fn url_prefix(&self) -> bool {
        self.url_prefix
    }
    /// True when it spans more than one line of the source.
    pub fn broken(&self) -> bool {
        self.broken
    }
    /// True when a `<` opened before it was never closed; the URI was then
    /// taken as a bare one.
    pub fn unclosed(&self) -> bool {
        self.unclosed
    }
    /// True when this is a relative reference in angle brackets (found
    /// only with [`ScanOptions::relative_in_angle`]); [`ScannedUri::text`]
    /// is then a `relative-ref` (RFC 3986 section 4.2), not a URI.
    pub fn relative(&self) -> bool {
        self.relative
    }
    /// Up to 16 bytes of the input right before [`ScannedUri::outer_span`]
    /// (fewer at the start of the input): the context a rule may need,
    /// e.g. the `xmlns="` before an XML namespace name.
    pub fn context_before(&self) -> &[u8] {
        &self.before
    }
    /// True for an abbreviated URL (found only with
    /// [`ScanOptions::abbreviated`]): [`ScannedUri::text`] begins with the
    /// implied scheme and `://` (`http://` for `www.`, `ftp://` for `ftp.`,
    /// RFC 2396 Appendix F), [`ScannedUri::raw`] is the text as written.
    pub fn abbreviated(&self) -> bool {
        self.abbreviated
    }
    /// True for `http//host` or `https//host`, written without the `:`
    /// after the scheme (found only with [`ScanOptions::missing_colon`]):
    /// [`ScannedUri::text`] is the text as written, which is not a URI.
    pub fn missing_colon(&self) -> bool {
        self.missing_colon
    }
    /// True when the URI is continued in the next string literal
    /// (`"https://www.sphinx-"` then `"doc.org/"` on the next line); see
    /// [`Candidate::joined`].
    pub fn joined(&self) -> bool {
        self.joined
    }
    /// True when a bare URI hard-wrapped in mid-word was rejoined; see
    /// [`Candidate::wrapped`].
    pub fn wrapped(&self) -> bool {
        self.wrapped
    }
    /// True when an ellipsis follows the URI (`urn:ietf:...`); see
    /// [`Candidate::elided`].
    pub fn elided(&self) -> bool {
        self.elided
    }
    /// True for a reStructuredText embedded URI broken across lines; see
    /// [`Candidate::rst_link`].
    pub fn rst_link(&self) -> bool {
        self.rst_link
    }
    /// 0-based byte offsets into [`ScannedUri::text`] of hyphens that
    /// stood right before a line break: each may or may not belong to the
    /// URI (RFC 2396 Appendix E).
    pub fn hyphen_breaks(&self) -> &[usize] {
        &self.hyphens
    }
    /// The other readings of the URI: for now one, with every hyphen of
    /// [`ScannedUri::hyphen_breaks`] dropped; empty when there are none.
    pub fn alternatives(&self) -> Vec<String> {
        alternatives(&self.text, &self.hyphens)
    }
    /// The 0-based byte offset in the input of byte `offset` of
    /// [`ScannedUri::text`] (offsets at or past the end map to the end of
    /// the span).
    pub fn source_offset(&self, offset: usize) -> u64 {
        source_offset(&self.segments, self.base, self.span.end, offset)
    }
    /// Line and column of the first byte, when positions are on
    /// ([`ScanOptions::positions`]).
    pub fn start(&self) -> Option<Position> {
        self.start
    }
    /// Line and column just past the last byte (exclusive), when positions
    /// are on ([`ScanOptions::positions`]).
    pub fn end(&self) -> Option<Position> {
        self.end
    }
    /// The URI, [`ScannedUri::text`], by value.
    pub fn into_text(self) -> String {
        self.text
    }
}

/// A candidate longer than [`ScanOptions::max_uri_len`], skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLong {
    /// 0-based byte offset of its first byte.
    pub offset: u64,
    /// Its line and column (always computed: too-long candidates are rare).
    pub position: Option<Position>,
    /// The limit it exceeded, in bytes.
    pub limit: usize,
    /// True when it is a `data:` URI (RFC 2397, the scheme in any case):
    /// a resource embedded whole (an SVG's
    /// `xlink:href="data:image/png;base64,..."`), long by its content.
    pub data: bool,
    /// The suppression markers passed since the previous item: see
    /// [`Found::markers`].
    pub markers: Option<Vec<u64>>,
}

/// What [`Scanner::next_found`] finds.
#[derive(Clone, Debug)]
pub enum Found<'s> {
    /// A URI.
    Uri(Candidate<'s>),
    /// A candidate too long to take.
    TooLong(TooLong),
}

impl Found<'_> {
    /// With [`ScanOptions::markers`], the 0-based byte offsets (of the
    /// colon) of the suppression markers `urilint:` (in the cases the
    /// marker syntax takes) that the scan passed since the previous item,
    /// increasing, each given once: with the markers of the items before,
    /// every marker that starts before this item's first byte, and some
    /// after (inside it, or read past to decide where it ends). `None`
    /// when the option is off, and from the item on which more than
    /// [`MAX_MARKERS`] came between two items: the scan stops noting them
    /// and a reader that wants them searches the input itself.
    pub fn markers(&self) -> Option<&[u64]> {
        match self {
            Found::Uri(c) => c.markers,
            Found::TooLong(t) => t.markers.as_deref(),
        }
    }

    /// The 0-based byte offset before which [`Found::markers`] (with the
    /// items before) holds every marker: the end of a URI's delimited
    /// form ([`Candidate::outer_span`]), a too-long candidate's start.
    pub fn passed(&self) -> u64 {
        match self {
            Found::Uri(c) => c.outer.end,
            Found::TooLong(t) => t.offset,
        }
    }

    /// The owned form ([`Candidate::to_scanned`] for a URI; a
    /// [`TooLong`] is already owned).
    pub fn to_scanned(&self) -> Scanned {
        match self {
            Found::Uri(c) => Scanned::Uri(c.to_scanned()),
            Found::TooLong(t) => Scanned::TooLong(t.clone()),
        }
    }
}

/// What the scanner's [`Iterator`] ([`IntoIter`]) yields: the owned form
/// of [`Found`], in input order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scanned {
    /// A URI.
    Uri(ScannedUri),
    /// A candidate longer than [`ScanOptions::max_uri_len`], skipped; the
    /// URIs after it still follow.
    TooLong(TooLong),
}

/// The scanner's bytes: its own buffer, filled from a reader, or a map of
/// the whole file ([`Scanner::mapped`]), read in place.
enum Storage {
    Owned(Vec<u8>),
    Mapped(crate::mmap::Mapping),
}

impl std::ops::Deref for Storage {
    type Target = [u8];

    #[inline(always)]
    fn deref(&self) -> &[u8] {
        match self {
            Storage::Owned(v) => v,
            Storage::Mapped(m) => m.bytes(),
        }
    }
}

/// The streaming scanner. See the module documentation.
pub struct Scanner<R> {
    reader: R,
    opts: ScanOptions,
    /// Storage; `buf[..filled]` holds input bytes from offset `base`.
    buf: Storage,
    filled: usize,
    base: u64,
    /// Where the search for the next `:` goes on.
    pos: usize,
    /// No URI may start before this index.
    min_start: usize,
    eof: bool,
    /// Skipping the rest of a too-long candidate.
    skipping: bool,
    /// [`ScanOptions::whole_reference`] was tried (it is, once, first).
    whole_tried: bool,
    /// Only a candidate that is the whole input counts: a relative
    /// reference under [`ScanOptions::whole_reference`].
    whole_only: bool,
    scratch: Scratch,
    /// Where lines are counted to; in a `Cell`, so that a candidate can
    /// move it when its positions are counted on demand.
    lines: Cell<LineTracker>,
    /// The positions of the current candidate once counted on demand
    /// ([`ScanOptions::positions_on_demand`]).
    placed: Cell<Option<(Position, Position)>>,
    found: Option<appendix_e::Extent>,
    colons: ColonFinder,
    /// The search for `http//` ([`ScanOptions::missing_colon`]).
    slashes: SlashFinder,
    /// Bytes asked of the next read: from 8 KiB up to the chunk size.
    read_size: usize,
    /// The markers noted in this call ([`ScanOptions::markers`]).
    markers: markers::MarkerList,
    /// With a mapped file: copies of the bytes a [`Candidate`] lends
    /// (its context, then its raw text), so that what it lends cannot
    /// change under it if another process writes the file (see
    /// [`crate::mmap`]).
    lent: Vec<u8>,
}

impl Scanner<io::Empty> {
    /// A scanner over a map of a whole file ([`crate::mmap::Mapping`]),
    /// which reads the file's bytes in place instead of copying them into
    /// a buffer: the same results as [`Scanner::new`] over a reader of the
    /// same bytes, in a window that moves one chunk
    /// ([`ScanOptions::chunk_size`]) at a time, with the pages behind the
    /// window handed back to the kernel (bounded resident memory on any
    /// size of file).
    pub fn mapped(map: crate::mmap::Mapping, opts: ScanOptions) -> Self {
        let mut scanner = Scanner::with_storage(io::empty(), opts, Storage::Owned(Vec::new()));
        scanner.filled = scanner.opts.chunk_size.min(map.len());
        scanner.eof = scanner.filled == map.len();
        scanner.buf = Storage::Mapped(map);
        scanner
    }
}

/// The buffers a [`Scanner`] allocates (its input bytes and a
/// candidate's text), kept from one scanner for the next
/// ([`Scanner::in_memory`], [`Scanner::into_buffers`]), so that scanning
/// many short texts one after the other (the pieces of a mailbox's
/// messages) allocates and zeroes them once, not once per text.
#[derive(Debug, Default)]
pub struct ScanBuffers {
    /// The input bytes.
    bytes: Vec<u8>,
    /// A candidate's text.
    scratch: Scratch,
}

impl ScanBuffers {
    /// Bytes held (the capacity of the input buffer), to decide whether
    /// they are worth keeping.
    pub fn capacity(&self) -> usize {
        self.bytes.capacity() + self.scratch.text.capacity()
    }
}

impl Scanner<io::Empty> {
    /// A scanner over `text`, all of it in memory: the same results as
    /// [`Scanner::new`] over a reader of `text` (whatever the chunk
    /// size), with `text` copied once into `buffers` and scanned in one
    /// window (no reads; [`ScanOptions::chunk_size`] is not used). The
    /// buffers come back with [`Scanner::into_buffers`], for the next
    /// text; `ScanBuffers::default()` for a first one.
    pub fn in_memory(text: &[u8], opts: ScanOptions, buffers: ScanBuffers) -> Self {
        let ScanBuffers { mut bytes, scratch } = buffers;
        bytes.clear();
        bytes.extend_from_slice(text);
        let mut scanner = Scanner::with_storage(io::empty(), opts, Storage::Owned(Vec::new()));
        scanner.filled = bytes.len();
        scanner.eof = true;
        scanner.buf = Storage::Owned(bytes);
        scanner.scratch = scratch;
        scanner
    }
}

impl<R> Scanner<R> {
    /// The scanner's buffers, for [`Scanner::in_memory`] to reuse (empty
    /// ones for a scanner over a map, [`Scanner::mapped`]).
    pub fn into_buffers(mut self) -> ScanBuffers {
        ScanBuffers {
            bytes: match std::mem::replace(&mut self.buf, Storage::Owned(Vec::new())) {
                Storage::Owned(v) => v,
                Storage::Mapped(_) => Vec::new(),
            },
            scratch: std::mem::take(&mut self.scratch),
        }
    }
}

/// Moves the line tracker in `lines` over `bytes` ([`LineTracker::advance`]).
fn advance(lines: &Cell<LineTracker>, bytes: &[u8]) {
    let mut tracker = lines.get();
    tracker.advance(bytes);
    lines.set(tracker);
}

/// The largest input buffer a dropped [`Scanner`] leaves for the next one
/// on its thread ([`Scanner::new`]), in bytes of capacity: a chunk
/// ([`ScanOptions::chunk_size`]'s default, 256 KiB) and the bytes kept
/// before it fit; a larger one (a long candidate's) is freed.
pub const MAX_SPARE: usize = 1 << 20;

thread_local! {
    /// The input buffer the last scanner dropped on this thread left
    /// ([`Scanner::new`]).
    static SPARE: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
}

impl<R> Drop for Scanner<R> {
    /// Leaves the input buffer for the next scanner on this thread (see
    /// [`Scanner::new`]).
    fn drop(&mut self) {
        if let Storage::Owned(v) = &mut self.buf {
            if v.capacity() > 0 && v.capacity() <= MAX_SPARE {
                let v = std::mem::take(v);
                let _ = SPARE.try_with(|s| s.set(v));
            }
        }
    }
}

impl<R: Read> Scanner<R> {
    /// A scanner over `reader`.
    ///
    /// Its input buffer is the one the last scanner dropped on this thread
    /// left, when there is one (at most [`MAX_SPARE`] bytes): scanning the
    /// many small files of a tree one after the other allocates and zeroes
    /// one buffer per thread, not one per file. Only the bytes read for
    /// this scanner are ever looked at.
    pub fn new(reader: R, opts: ScanOptions) -> Self {
        let spare = SPARE.try_with(|s| s.take()).unwrap_or_default();
        Scanner::with_storage(reader, opts, Storage::Owned(spare))
    }

    /// A scanner over `reader` that starts with `buf` as its storage.
    fn with_storage(reader: R, opts: ScanOptions, buf: Storage) -> Self {
        let opts = ScanOptions {
            chunk_size: opts.chunk_size.max(1),
            max_uri_len: opts.max_uri_len.max(16),
            ..opts
        };
        Scanner {
            reader,
            buf,
            filled: 0,
            base: 0,
            pos: 0,
            min_start: 0,
            eof: false,
            skipping: false,
            whole_tried: false,
            whole_only: false,
            scratch: Scratch::default(),
            lines: Cell::new(LineTracker::new()),
            placed: Cell::new(None),
            found: None,
            colons: ColonFinder::new(opts.relative_in_angle, opts.abbreviated),
            slashes: SlashFinder::new(),
            read_size: opts.chunk_size.min(8 * 1024),
            lent: Vec::new(),
            markers: markers::MarkerList::default(),
            opts,
        }
    }

    /// Drops `buf[..keep]`, then reads at least one more chunk (or to EOF).
    fn refill(&mut self, keep: usize) -> io::Result<()> {
        let buf = match &mut self.buf {
            Storage::Owned(buf) => buf,
            Storage::Mapped(map) => {
                // Nothing is copied nor moved: the window over the map
                // grows by one chunk, and the pages before `keep`, which
                // a read would drop, are handed back to the kernel. With
                // positions on, lines are counted up to `keep` first, as a
                // read does, so that placing a later candidate never
                // touches released pages again (which would bring them
                // back into memory). With positions off, nothing is
                // counted here: the map keeps every byte, so the rare
                // too-long candidate counts its lines when it is found
                // (`position_at`), and a plain extraction makes no second
                // pass over the input for lines it never prints.
                let keep = keep.min(self.filled);
                if self.opts.positions && self.lines.get().offset() < keep as u64 {
                    let from = self.lines.get().offset() as usize;
                    advance(&self.lines, &map.bytes()[from..keep]);
                }
                map.release_before(keep);
                self.filled = self
                    .filled
                    .saturating_add(self.opts.chunk_size)
                    .min(map.len());
                self.eof = self.filled == map.len();
                return Ok(());
            }
        };
        // Without positions, a buffer that stays small keeps every byte:
        // nothing is moved, and no line is counted unless a too-long
        // candidate asks (`position_at`), as over a map. A tree's files
        // are most often read whole this way. The cap (four chunks, at
        // most [`MAX_SPARE`]) bounds the buffer; past it, bytes are
        // dropped and their lines counted as with positions.
        let retain = !self.opts.positions
            && self.filled.saturating_add(self.read_size)
                <= self.opts.chunk_size.saturating_mul(4).min(MAX_SPARE);
        let keep = if retain { 0 } else { keep.min(self.filled) };
        // The buffer's bytes move (and grow): the finder's block is stale.
        self.colons.reset();
        self.slashes.reset();
        if keep > 0 {
            // Always, so that a too-long candidate can be placed even when
            // candidates get no positions; once per chunk, so it is cheap.
            let upto = self.base + keep as u64;
            if self.lines.get().offset() < upto {
                let from = (self.lines.get().offset() - self.base) as usize;
                advance(&self.lines, &buf[from..keep]);
            }
            buf.copy_within(keep..self.filled, 0);
            self.filled -= keep;
            self.base += keep as u64;
            self.pos = self.pos.saturating_sub(keep);
            self.min_start = self.min_start.saturating_sub(keep);
        }
        // Reads start small and double up to the chunk size, so that the
        // thousands of small files of a tree do not each pay for zeroing a
        // full-size buffer.
        let want = self.filled + self.read_size;
        if buf.len() < want {
            if buf.capacity() < want {
                // Doubling, as `resize` would, but not past MAX_SPARE
                // (unless `want` is): a buffer grown to the cap by a file
                // kept whole stays for the next scanner (see `Drop`).
                let target = buf
                    .capacity()
                    .saturating_mul(2)
                    .clamp(want, MAX_SPARE.max(want));
                buf.reserve_exact(target - buf.len());
            }
            buf.resize(want, 0);
        }
        loop {
            match self.reader.read(&mut buf[self.filled..want]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.filled += n;
                    if n == self.read_size {
                        self.read_size = (self.read_size * 2).min(self.opts.chunk_size);
                    }
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// The position of `buf[index]` (which must not be before the
    /// tracker).
    fn position_at(&mut self, index: usize) -> Position {
        let target = self.base + index as u64;
        if self.lines.get().offset() < target {
            let from = (self.lines.get().offset() - self.base) as usize;
            match &mut self.buf {
                Storage::Owned(buf) => advance(&self.lines, &buf[from..index]),
                // With positions, lines are counted at every candidate and
                // chunk (`refill`): the bytes are in the window.
                Storage::Mapped(map) if self.opts.positions => {
                    advance(&self.lines, &map.bytes()[from..index]);
                }
                // A map without positions counts lines only here (see
                // `refill`): step by the release distance, and hand the
                // pages counted behind the window back again, so that a
                // too-long candidate at the end of a large file does not
                // bring the whole file back into memory.
                Storage::Mapped(map) => {
                    let mut at = from;
                    while at < index {
                        let to = index.min(at.saturating_add(crate::mmap::RELEASE_STEP));
                        advance(&self.lines, &map.bytes()[at..to]);
                        map.release_again(at, to);
                        at = to;
                    }
                }
            }
        }
        self.lines.get().position()
    }

    /// The next URI or too-long candidate, in input order; `Ok(None)` at the
    /// end of the input. A too-long candidate ([`Found::TooLong`]) is not
    /// the end: the next call goes on after it, so a loop should match
    /// every [`Found`], not stop at the first that is not a URI. The
    /// [`Candidate`] borrows the scanner until the next call; for owned
    /// results, iterate over the scanner instead ([`IntoIter`]).
    ///
    /// # Errors
    /// The reader's I/O errors ([`io::ErrorKind::Interrupted`] is retried).
    /// After an error the scanner should not be used again.
    pub fn next_found(&mut self) -> io::Result<Option<Found<'_>>> {
        self.found = None;
        self.placed.set(None);
        self.markers.clear();
        if self.opts.whole_reference && !self.whole_tried {
            self.try_whole_reference()?;
        }
        while self.found.is_none() {
            if self.skipping && self.skip_too_long()? {
                continue;
            }
            let colon = self.next_look();
            let hay = &self.buf[..self.filled];
            // A `http//` before the next colon comes first (off by
            // default: one more search over the buffer).
            let slashes = if self.opts.missing_colon {
                self.slashes
                    .find(hay, self.pos)
                    .filter(|&at| colon.is_none_or(|c| at < c))
            } else {
                None
            };
            let Some(colon) = slashes.or(colon) else {
                if self.eof {
                    return Ok(None);
                }
                self.pos = self.filled;
                if self.opts.missing_colon && hay.last() == Some(&b'/') {
                    // The first `/` of a `//` that the next read completes.
                    self.pos -= 1;
                }
                let keep = self.pos.saturating_sub(LOOKBEHIND);
                self.refill(keep)?;
                continue;
            };
            let window = Window {
                hay: &self.buf[..self.filled],
                bof: self.base == 0,
                eof: self.eof,
                min_start: self.min_start,
                max_len: self.opts.max_uri_len,
                keep_spaces: self.opts.keep_spaces_in_angle,
                join_wrapped: self.opts.join_wrapped_lines,
                whole_value: self.whole_only,
            };
            let outcome = match self.buf[colon] {
                _ if slashes.is_some() => {
                    missing_colon::at_slashes(&window, colon, &mut self.scratch)
                }
                b'<' => at_angle(&window, colon, &mut self.scratch),
                b'.' => appendix_f::at_dot(&window, colon, &mut self.scratch),
                _ => at_colon(&window, colon, &mut self.scratch),
            };
            match outcome {
                Outcome::Reject => self.pos = colon + 1,
                Outcome::NeedMore => {
                    self.pos = colon;
                    let keep = colon.saturating_sub(LOOKBEHIND);
                    self.refill(keep)?;
                }
                Outcome::TooLong { start } => {
                    let position = Some(self.position_at(start));
                    let offset = self.base + start as u64;
                    self.pos = start;
                    self.skipping = true;
                    let data = self.buf[start..self.filled]
                        .get(..5)
                        .is_some_and(|s| s.eq_ignore_ascii_case(b"data:"));
                    return Ok(Some(Found::TooLong(TooLong {
                        offset,
                        position,
                        limit: self.opts.max_uri_len,
                        data,
                        markers: self.marker_offsets().map(<[u64]>::to_vec),
                    })));
                }
                // A relative reference is the whole value or nothing:
                // `3D"http://x/"` (undeclared quoted-printable) is a
                // relative reference to a browser, not `http://x/`.
                Outcome::Found(extent)
                    if self.whole_only
                        && (extent.outer_start != 0 || extent.outer_end != self.filled) =>
                {
                    self.pos = colon + 1;
                }
                Outcome::Found(extent) => {
                    if self.accept(extent, colon)? {
                        break;
                    }
                }
            }
        }
        let Some(extent) = self.found.clone() else {
            return Ok(None);
        };
        Ok(Some(self.candidate(extent)))
    }

    /// The first step with [`ScanOptions::whole_reference`]: the whole
    /// input read (up to the length limit) and taken as one reference if
    /// it is one, or else whether only a whole value may be found.
    #[inline]
    fn try_whole_reference(&mut self) -> io::Result<()> {
        self.whole_tried = true;
        while !self.eof && self.filled <= self.opts.max_uri_len.saturating_add(2) {
            self.refill(0)?;
        }
        if self.eof {
            let whole = appendix_e::whole_reference(
                &self.buf[..self.filled],
                self.opts.max_uri_len,
                &mut self.scratch,
            );
            if let Some(extent) = whole {
                self.pos = self.filled;
                self.min_start = self.pos;
                self.found = Some(extent);
            } else {
                let value = self.buf[..self.filled]
                    .get(1..self.filled.saturating_sub(1))
                    .unwrap_or_default();
                // A template expression (`{{ printf "https://..." }}`,
                // `{% link %}`, `<%= url %>`, `${base}`) is not what a
                // browser reads but the source of what a generator
                // renders: URIs in it are found as in text.
                let template = [b"{{", b"{%", b"<%", b"${"]
                    .iter()
                    .any(|t| memchr::memmem::find(value, *t).is_some());
                self.whole_only = appendix_e::scheme_of(value).is_none() && !template;
            }
        }
        Ok(())
    }

    /// The next colon (or `<`, or `.`) from `pos` worth a look by the
    /// rules, noting the markers passed.
    #[inline]
    fn next_look(&mut self) -> Option<usize> {
        let hay = &self.buf[..self.filled];
        let mut from = self.pos;
        loop {
            let at = self.colons.find(hay, from)?;
            if self.opts.markers && hay[at] == b':' {
                self.markers.note(hay, at, self.base + at as u64);
            }
            let look = match hay[at] {
                b':' => worth_a_look(hay, at, self.min_start),
                b'.' => appendix_f::worth_a_look(hay, at, self.min_start, self.base == 0),
                _ => true,
            };
            if look {
                return Some(at);
            }
            from = at + 1;
        }
    }

    /// Skips the rest of a too-long candidate; `Ok(true)` when the search
    /// must start over (more was read, or a hyphen-broken line goes on).
    #[inline]
    fn skip_too_long(&mut self) -> io::Result<bool> {
        while self.pos < self.filled
            && (is(self.buf[self.pos], URI_TEXT) || self.buf[self.pos] >= 0x80)
        {
            if self.opts.markers && self.buf[self.pos] == b':' {
                let at = self.base + self.pos as u64;
                self.markers.note(&self.buf[..self.filled], self.pos, at);
            }
            self.pos += 1;
        }
        if self.pos == self.filled && !self.eof {
            let keep = self.pos.saturating_sub(LOOKBEHIND);
            self.refill(keep)?;
            return Ok(true);
        }
        // A hyphen before a line break goes on to the next line, as
        // in the candidate itself: a run of hyphen-broken lines is
        // one candidate, skipped whole (not one too-long candidate
        // per line).
        if self.pos < self.filled && self.pos > 0 && self.buf[self.pos - 1] == b'-' {
            let window = Window {
                hay: &self.buf[..self.filled],
                bof: self.base == 0,
                eof: self.eof,
                min_start: self.min_start,
                max_len: self.opts.max_uri_len,
                keep_spaces: self.opts.keep_spaces_in_angle,
                join_wrapped: self.opts.join_wrapped_lines,
                whole_value: self.whole_only,
            };
            match hyphen_continuation(&window, self.pos) {
                Continuation::At(next) => {
                    self.pos = next;
                    return Ok(true);
                }
                Continuation::NeedMore => {
                    let keep = self.pos.saturating_sub(LOOKBEHIND);
                    self.refill(keep)?;
                    return Ok(true);
                }
                Continuation::No => {}
            }
        }
        self.skipping = false;
        self.min_start = self.pos;
        Ok(false)
    }

    /// Takes a candidate the rules found at `colon` (a URI unless it is an
    /// obfuscated mail address); `Ok(false)` when the search goes on.
    #[inline]
    fn accept(&mut self, mut extent: appendix_e::Extent, colon: usize) -> io::Result<bool> {
        // A mail address spelled out against harvesters
        // (`<mailto:xcb at lists.example>`) is no URI: left
        // out, once the bytes after it are here to tell.
        let after = extent.end..(extent.end + 4).min(self.filled);
        let mailto = self
            .scratch
            .text
            .get(..7)
            .is_some_and(|s| s.eq_ignore_ascii_case(b"mailto:"));
        if mailto && after.len() < 4 && !self.eof {
            self.pos = colon;
            let keep = colon.saturating_sub(LOOKBEHIND);
            self.refill(keep)?;
            return Ok(false);
        }
        if mailto
            && crate::scheme::convention::obfuscated_address(
                &self.scratch.text,
                &self.buf[extent.start..extent.end],
                &self.buf[after],
            )
        {
            self.note_markers_in(extent.outer_start..extent.outer_end);
            self.pos = extent.outer_end.max(colon + 1);
            self.min_start = self.pos;
            return Ok(false);
        }
        if extent.relative
            && self.opts.missing_colon
            && missing_colon::is_colonless_reference(&self.scratch.text)
        {
            // `href="http//example.org/"`: a reference by the
            // grammar, the typo by intent.
            extent.relative = false;
            extent.missing_colon = true;
        }
        self.pos = extent.outer_end.max(colon + 1);
        self.min_start = self.pos;
        self.found = Some(extent);
        Ok(true)
    }

    /// The [`Found::Uri`] of an accepted extent: positions, the context
    /// before it and its text, lent from the buffer.
    #[inline]
    fn candidate(&mut self, extent: appendix_e::Extent) -> Found<'_> {
        self.note_markers_in(extent.outer_start..extent.outer_end);
        let on_demand = self.opts.positions && self.opts.positions_on_demand;
        let (start, end) = if self.opts.positions && !on_demand {
            (
                Some(self.position_at(extent.start)),
                Some(self.position_at(extent.end)),
            )
        } else {
            (None, None)
        };
        let context = extent.outer_start.saturating_sub(16)..extent.outer_start;
        let (before, raw): (&[u8], &[u8]) = match &self.buf {
            Storage::Owned(buf) => (&buf[context], &buf[extent.start..extent.end]),
            Storage::Mapped(map) => {
                // Lent from a copy: a `str` over the map could stop being
                // UTF-8 if the file were written meanwhile.
                let bytes = map.bytes();
                self.lent.clear();
                self.lent.extend_from_slice(&bytes[context.clone()]);
                self.lent
                    .extend_from_slice(&bytes[extent.start..extent.end]);
                self.lent.split_at(context.len())
            }
        };
        // The rules take only ASCII and whole, valid UTF-8 characters, so
        // these never fail; if they did, the strings would be empty rather
        // than broken.
        let raw = std::str::from_utf8(raw).unwrap_or_default();
        // Nearly every URI is its raw text (no line break, no delimiter
        // inside): those bytes are checked once.
        let text = if self.scratch.text == raw.as_bytes() {
            raw
        } else {
            std::str::from_utf8(&self.scratch.text).unwrap_or_default()
        };
        Found::Uri(Candidate {
            text,
            raw,
            span: self.base + extent.start as u64..self.base + extent.end as u64,
            outer: self.base + extent.outer_start as u64..self.base + extent.outer_end as u64,
            delimiter: extent.delimiter,
            url_prefix: extent.url_prefix,
            broken: extent.broken,
            unclosed: extent.unclosed,
            relative: extent.relative,
            abbreviated: extent.abbreviated,
            missing_colon: extent.missing_colon,
            joined: self.scratch.joined,
            wrapped: self.scratch.wrapped,
            elided: self.scratch.elided,
            rst_link: self.scratch.rst_link,
            before,
            hyphens: &self.scratch.hyphens,
            segments: &self.scratch.segments,
            base: self.base,
            start,
            end,
            on_demand: on_demand.then(|| OnDemand {
                lines: &self.lines,
                placed: &self.placed,
                window: match &self.buf {
                    Storage::Owned(buf) => &buf[..self.filled],
                    Storage::Mapped(map) => &map.bytes()[..self.filled],
                },
            }),
            markers: self.marker_offsets(),
        })
    }

    /// Notes the markers of `buf[range]`, a URI's own bytes (its colons
    /// after the first, which the search for the next colon jumps over),
    /// when markers are noted ([`ScanOptions::markers`]).
    fn note_markers_in(&mut self, range: Range<usize>) {
        if self.opts.markers {
            self.markers
                .note_in(&self.buf[..self.filled], range, self.base);
        }
    }

    /// The markers noted in this call, when they are noted
    /// ([`Found::markers`]).
    fn marker_offsets(&self) -> Option<&[u64]> {
        (self.opts.markers && !self.markers.lost).then_some(&self.markers.offsets[..])
    }
}

impl<R: Read> IntoIterator for Scanner<R> {
    type Item = io::Result<Scanned>;
    type IntoIter = IntoIter<R>;

    /// The scanner as an [`Iterator`] over owned results: see [`IntoIter`].
    fn into_iter(self) -> IntoIter<R> {
        IntoIter {
            scanner: self,
            done: false,
        }
    }
}

/// The scanner as an [`Iterator`]: each URI (and each too-long candidate)
/// of the input, owned, in input order, as [`Scanner::next_found`] finds
/// them under the delimiting rules of RFC 2396 Appendix E (RFC 3986
/// Appendix C). Made by [`Scanner::into_iter`] (or a `for` loop over a
/// [`Scanner`]).
///
/// Each item is `Ok(`[`Scanned::Uri`]`)` for a URI, `Ok(`[`Scanned::TooLong`]`)`
/// for a candidate longer than [`ScanOptions::max_uri_len`] (an item like
/// any other: the iteration goes on after it, with the URIs that follow),
/// or `Err` for an I/O error of the reader ([`io::ErrorKind::Interrupted`]
/// is retried, not reported). After an error the iterator ends: the next
/// call to [`Iterator::next`] returns `None`, and so does every call after
/// the end of the input ([`std::iter::FusedIterator`]).
///
/// Each URI is copied out of the scanner's buffer ([`Candidate::to_scanned`]);
/// [`Scanner::next_found`] is the loop that does not allocate.
///
/// ```
/// use urilint_scan::{Scanned, Scanner, ScanOptions};
///
/// let text = format!("a http://x.example/{} b <http://y.example/\n  z>.", "p".repeat(100));
/// let opts = ScanOptions { max_uri_len: 64, ..ScanOptions::default() };
/// let mut found = Vec::new();
/// for item in Scanner::new(text.as_bytes(), opts) {
///     match item? {
///         Scanned::Uri(u) => found.push(format!("{} at {:?}", u.text(), u.span())),
///         Scanned::TooLong(t) => found.push(format!("over {} bytes at {}", t.limit, t.offset)),
///     }
/// }
/// assert_eq!(found, ["over 64 bytes at 2", "http://y.example/z at 123..144"]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct IntoIter<R> {
    scanner: Scanner<R>,
    /// The input ended or the reader failed: only `None` from now on.
    done: bool,
}

impl<R: Read> Iterator for IntoIter<R> {
    type Item = io::Result<Scanned>;

    fn next(&mut self) -> Option<io::Result<Scanned>> {
        if self.done {
            return None;
        }
        match self.scanner.next_found() {
            Ok(Some(found)) => Some(Ok(found.to_scanned())),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                // The scanner's state is not meant to be resumed after a
                // failed read; a reader that keeps failing would otherwise
                // make `for` loops that skip errors spin forever.
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

impl<R: Read> std::iter::FusedIterator for IntoIter<R> {}

#[cfg(test)]
mod tests;
