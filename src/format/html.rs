//! HTML documents: their text, URI-valued attribute values and comments as
//! [`Segment`]s.
//!
//! This module owns splitting one HTML document (bytes, any encoding that
//! is ASCII-compatible) into segments, each with an [`OffsetMap`] back to
//! the document's bytes:
//!
//! - text content, character references decoded
//!   ([`SegmentKind::HtmlText`]): `&lt;https://x/&gt;` becomes
//!   `<https://x/>`, which the scanner then reads as a delimited URI;
//! - the values of URI-valued attributes (`href`, `src`, `action`, `cite`,
//!   `poster`, `data`, `background`, `longdesc`, `formaction`, `manifest`,
//!   `codebase`, `usemap`, `icon`), decoded and trimmed of ASCII
//!   whitespace, one segment each with `references: true`; `srcset` and
//!   `imagesrcset` give one segment per image candidate URL, the width
//!   and density descriptors dropped ([`SegmentKind::HtmlAttribute`]);
//! - comments ([`SegmentKind::HtmlComment`]), as written (people leave
//!   links there);
//! - the values of other attributes that hold a `:` (Gmail's
//!   `data-saferedirecturl`, an `onclick` with a `mailto:`, `xmlns`,
//!   `content`), decoded, with `references: false`: scanned as text for
//!   absolute URIs; and a doctype as written (its system identifier is a
//!   URI), as `HtmlAttribute { element: "!doctype", attribute:
//!   "identifier" }`.
//!
//! The contents of `<script>` and `<style>` are skipped. In a document
//! ([`document_segments`], not a mail part), the text of code elements,
//! `<pre>`, `<code>`, `<kbd>`, `<samp>` and `<tt>`, is code: examples,
//! not links. It is left out, or given as [`SegmentKind::Code`] (the
//! element's name as field) with `include_code`; the URI attributes of
//! elements inside (`<pre><a href>`) are still links. A mail archive page
//! (pipermail's `<!--beginarticle-->`) keeps its message body, a `<pre>`,
//! as text, and so do HTML mail parts ([`segments`]). The first
//! `<base href>` of the document becomes every segment's
//! [`Segment::base`] (HTML: it is the document's base URL, for the
//! references before it too), except that of the `<base href>` value
//! itself; it is passed on decoded and trimmed, not resolved.
//!
//! # Tokenizer
//!
//! The document is tokenized by [`html5gum`], a WHATWG-conformant HTML
//! tokenizer (the states of the HTML standard: character references with
//! their legacy forms and attribute-value rules, raw text and script
//! data, bogus comments, EOF in any state), fast (it reads chunks up to
//! the next byte of interest), without `unsafe`, and, what this module
//! needs above all, one that keeps the byte position of every piece it
//! emits. This module's emitter receives the tokenizer's output piece by
//! piece (a run of text up to the next `&`, `<` or CR; one character
//! reference, decoded with html5gum's own entity table; a newline) and
//! the position just past the input bytes each piece came from; it lines
//! each piece up with the input bytes since the previous one: pieces equal
//! to their input bytes are exact runs of the map, a character reference
//! is one group covering the whole reference (`&amp;` -> `&`). Comments are
//! taken from the input bytes of the comment token directly. No tree is
//! built and nothing is allocated per byte: the cost is linear in the
//! document.
//!
//! Differences from what a browser's parser would give, on purpose: text
//! keeps the input's line breaks (CR LF and CR are not made LF) and NUL
//! bytes (not U+FFFD), so that decoded text equals the input wherever no
//! reference was decoded; bytes that are not UTF-8 are kept as they are.
//! Attribute values of a start tag cut off by the end of the input are
//! still given (the HTML standard drops the tag).
//!
//! It does not own decoding the document's charset nor a message's
//! transfer encoding (the caller gives decoded bytes or maps through its
//! own [`super::Chain`]), resolving references against the base
//! (`crate::resolve`), nor scanning (`crate::scan`).
//!
//! # Known limitations
//!
//! - Text is split at every tag: a URI broken by a tag inside it
//!   (`http://example.org/<wbr>path`, `http://<b>x</b>.org`) is found only
//!   up to the tag. Keeping words together across inline tags would need
//!   the tree builder's notion of inline content and would join text that
//!   a reader sees apart as often.
//! - No tree construction: elements are recognized by their tags only
//!   (e.g. `<noscript>` contents are read as markup, a `<script>` inside
//!   `<svg>` is still skipped, `<![CDATA[...]]>` is a comment).
//! - `<textarea>` and `<title>` contents are text (references decoded),
//!   as in HTML; `<xmp>` contents are raw text, given as text;
//!   `<iframe>`, `<noembed>`, `<noframes>` contents are raw text that no
//!   browser shows, given as [`SegmentKind::HtmlFallback`]; `<plaintext>` makes the rest of the
//!   document text.
//! - Attributes that hold lists of URIs other than `srcset` (`ping`,
//!   `archive`) or URIs inside other syntax (`style="background:
//!   url(...)"`) are not segments (only scanned as text). The URL of
//!   `<meta http-equiv=refresh content="0; url=...">` is a segment of its
//!   own with `references: true` (HTML's declarative refresh).
//! - A run of more than [`ATTRIBUTE_RUN`] (64) attributes written
//!   `name="value"` one after another: html5gum would read it with one
//!   nested call per attribute (10,000 overflowed the stack), so the
//!   white space after every 64th is given to the tokenizer as `/`, which
//!   it reads as before (no attribute is dropped). The same bytes in text
//!   give that `/` in the text.
//! - A document is read whole by [`segments`] and [`document_segments`];
//!   a long one can be read in windows ([`window_segments`]) that start
//!   in the state the previous one ended in.

use std::convert::Infallible;
use std::ops::Range;
use std::sync::Arc;

use html5gum::{Emitter, Error, State, Tokenizer};

use super::map::OffsetMap;
use super::segment::{Segment, SegmentKind};

/// Splits an HTML document into segments. Offsets of every segment's map
/// are relative to the start of `html`.
///
/// Segments come in document order: text runs and comments where they
/// are, the URI segments of a start tag's attributes at the tag. Text runs
/// that are ASCII whitespace only are not given. Never fails: any input
/// (invalid UTF-8, NUL bytes, unclosed tags, comments or quotes) gives
/// the segments the tokenizer recovered.
pub fn segments(html: &[u8]) -> Vec<Segment> {
    let html = guard_attributes(html);
    run(&html, Code::Text, &Resume::default(), None).finish()
}

/// [`segments`] of an HTML document read as a document (an `.html` file,
/// an HTML block of Markdown): the text of code elements (`<pre>`,
/// `<code>`, `<kbd>`, `<samp>`, `<tt>`) is left out, or given as
/// [`SegmentKind::Code`] with the element's name when `include_code`;
/// but in a pipermail article page (after `<!--beginarticle-->`) a
/// `<pre>` is the message body, text.
pub fn document_segments(html: &[u8], include_code: bool) -> Vec<Segment> {
    let html = guard_attributes(html);
    run(&html, Code::of(include_code), &Resume::default(), None).finish()
}

/// The byte ranges of `html` (0-based, end exclusive) of the text of code
/// elements as [`document_segments`] reads them, in document order: what
/// `check --fix` leaves alone in an HTML file.
pub fn code_ranges(html: &[u8]) -> Vec<Range<u64>> {
    let html = guard_attributes(html);
    run(&html, Code::Skip, &Resume::default(), None).code_ranges
}

/// Where the tokenizer is at a cut between two windows of a long
/// document, and what was known of the document there: the next window
/// starts in it ([`window_segments`]). The default is the start of a
/// document.
#[derive(Clone, Debug, Default)]
pub struct Resume {
    /// Inside the content of a raw text or RCDATA element (`script`,
    /// `style`, `textarea`, ...): the tokenizer's state and the element.
    content: Option<(State, &'static str)>,
    /// Inside a comment: `true` for a `<!--` one (it ends at `-->` or
    /// `--!>`), `false` for a bogus one (`<!x`, `<?x`, `</0`: at `>`).
    comment: Option<bool>,
    /// Inside `<script>` or `<style>`: their text is skipped.
    skip_text: bool,
    /// Code elements open, and the outermost one's name.
    code_depth: u32,
    code_element: &'static str,
    /// A pipermail article page.
    article: bool,
    /// The document's `<base href>`, once seen.
    base: Option<Option<Arc<str>>>,
}

/// The segments of a window of a long HTML document (`html`, whose first
/// byte the tokenizer reads in state `from`), as [`document_segments`]
/// gives them, and where the window ends: `(cut, segments, resume)`,
/// the bytes from `cut` on starting the next window in state `resume`.
/// With `last` (the window ends the document), `cut` is its end;
/// otherwise the window is cut in its second half, in this order of
/// preference:
///
/// - just after the last tag, comment or doctype there (the tokenizer is
///   in the data state, or in the content of a `<script>`, `<style>`,
///   `<textarea>` ... whose start tag it was);
/// - else in content: after the last white space of text (a URI is never
///   cut), anywhere in the skipped text of a script or style, after the
///   last white space of a comment that goes on past the window.
///
/// So a window never starts inside a tag, and one that starts inside a
/// script, a style, a code element or a comment reads it as such. `None`
/// when there is no such place in the second half (one token, or a run
/// of text without white space, fills it): the caller reads a larger
/// window. Offsets of the maps are relative to `html`.
pub fn window_segments(
    html: &[u8],
    from: &Resume,
    include_code: bool,
    last: bool,
) -> Option<(usize, Vec<Segment>, Resume)> {
    let code = Code::of(include_code);
    let half = html.len() / 2;
    // A comment that goes on from the previous window, up to its end.
    let mut out = Vec::new();
    let mut skip = 0;
    if let Some(dashes) = from.comment {
        match comment_end(html, dashes) {
            Some((content_end, end)) => {
                out.extend(continued_comment(html, content_end));
                skip = end;
            }
            None => {
                let cut = if last {
                    html.len()
                } else {
                    last_space(html, half)?
                };
                let segments = continued_comment(html, cut).into_iter().collect();
                return Some((cut, segments, from.clone()));
            }
        }
    }
    let mut start = from.clone();
    start.comment = None;
    let rest = guard_attributes(&html[skip..]);
    let rest_half = half.saturating_sub(skip);
    let (segments, cut, resume) = if last {
        let c = run(&rest, code, &start, None);
        let mut resume = c.resume();
        resume.comment = c.open_comment.map(|(_, dashes)| dashes);
        (c.finish(), rest.len(), resume)
    } else {
        let c = run(&rest, code, &start, Some(rest_half));
        if let Some((at, n, resume)) = c.tag_point.clone() {
            let mut segments = c.finish();
            segments.truncate(n);
            (segments, at, resume)
        } else {
            let (at, resume) = c.content_point(&rest, rest_half)?;
            (run(&rest[..at], code, &start, None).finish(), at, resume)
        }
    };
    for mut s in segments {
        s.map.shift(skip as u64);
        out.push(s);
    }
    Some((skip + cut, out, resume))
}

/// Where a comment that goes on from the previous window ends in `html`:
/// the end of its content and of its closing delimiter (`-->` or `--!>`
/// for a `<!--` comment, `>` for a bogus one).
fn comment_end(html: &[u8], dashes: bool) -> Option<(usize, usize)> {
    if !dashes {
        let p = memchr::memchr(b'>', html)?;
        return Some((p, p + 1));
    }
    let mut from = 0;
    while let Some(k) = memchr::memmem::find(&html[from..], b"--") {
        let p = from + k;
        let after = &html[p + 2..];
        if after.first() == Some(&b'>') {
            return Some((p, p + 3));
        }
        if after.starts_with(b"!>") {
            return Some((p, p + 4));
        }
        from = p + 1;
    }
    None
}

/// The comment segment of `html[..end]`, the rest of a comment begun in
/// the previous window (none when it is white space).
fn continued_comment(html: &[u8], end: usize) -> Option<Segment> {
    let text = html.get(..end)?;
    text.iter().any(|b| !is_space(*b)).then(|| Segment {
        text: text.to_vec(),
        kind: SegmentKind::HtmlComment,
        map: OffsetMap::identity(0, text.len() as u64),
        base: None,
        references: false,
    })
}

/// Just after the last white space of `html` at or after `from` (a line
/// break if there is one), if that is past `from`.
fn last_space(html: &[u8], from: usize) -> Option<usize> {
    let tail = html.get(from..)?;
    let p = memchr::memrchr(b'\n', tail).or_else(|| tail.iter().rposition(|b| is_space(*b)))?;
    Some(from + p + 1)
}

/// The most attributes written `name="value"` one after another (white
/// space between them) that the tokenizer is given in a row: 64.
/// html5gum 0.9 reads such a run with one nested call per attribute (its
/// attribute states call one another directly: about 300 bytes of stack
/// each in a release build, 16 KiB unoptimized), so that one tag of
/// 10,000 of them overflowed the stack and ended the process. The white
/// space after every 64th is given to the tokenizer as `/` instead
/// (`guard_attributes`): it then reads the next attribute from a fresh
/// call, and reads it as before (a `/` between attributes is ignored).
/// No attribute is dropped.
pub const ATTRIBUTE_RUN: usize = 64;

/// `html` as the tokenizer is given it: the white space after every
/// [`ATTRIBUTE_RUN`]th attribute value of a run of `name="value"`
/// attributes made `/` (same length: offsets do not change). Borrowed
/// when there is no such run. The run is found by the bytes alone, the
/// way the tokenizer's attribute states would chain, wherever it is; the
/// same bytes in text or a comment (a text of 64 `a="b"` in a row) would
/// have that byte changed in the text given.
pub(crate) fn guard_attributes(html: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let mut out: Option<Vec<u8>> = None;
    let mut from = 0;
    while let Some(k) = memchr::memchr(b'"', &html[from..]) {
        let mut q = from + k;
        let mut run = 0;
        while let Some(close) = attribute_step(html, q) {
            run += 1;
            if run == ATTRIBUTE_RUN {
                out.get_or_insert_with(|| html.to_vec())[q + 1] = b'/';
                run = 0;
            }
            q = close;
        }
        from = q + 1;
    }
    match out {
        Some(v) => std::borrow::Cow::Owned(v),
        None => std::borrow::Cow::Borrowed(html),
    }
}

/// One more attribute of a run, from the closing quote at `q` of the
/// previous one: white space, a name, `=`, optional white space, a value
/// in double quotes. The position of its closing quote. (A superset of
/// what the tokenizer reads in one nested call: a CR is taken as white
/// space, a `&` in the value does not end the run.)
fn attribute_step(html: &[u8], q: usize) -> Option<usize> {
    let space = |b: u8| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
    let n = html.len();
    let mut i = q + 1;
    while i < n && space(html[i]) {
        i += 1;
    }
    if i == q + 1 {
        return None;
    }
    let name = i;
    while i < n && !space(html[i]) && !matches!(html[i], b'/' | b'>' | b'=') {
        i += 1;
    }
    if i == name || html.get(i) != Some(&b'=') {
        return None;
    }
    i += 1;
    while i < n && space(html[i]) {
        i += 1;
    }
    if html.get(i) != Some(&b'"') {
        return None;
    }
    let open = i + 1;
    memchr::memchr(b'"', html.get(open..)?).map(|k| open + k)
}

/// Runs the tokenizer over `html`, from state `from`, into a collector;
/// with `points`, noting where the input could be cut at or after that
/// offset ([`window_segments`]).
fn run<'a>(html: &'a [u8], code: Code, from: &Resume, points: Option<usize>) -> Collector<'a> {
    let mut collector = Collector::new(html, code);
    collector.start_in(from);
    collector.points = points;
    let mut tokenizer = Tokenizer::new_with_emitter(html, Sink(&mut collector));
    if let Some((state, _)) = from.content {
        tokenizer.set_state(state);
    }
    let Ok(()) = tokenizer.finish();
    collector
}

/// What is done with the text of code elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Code {
    /// Text like any other (mail parts).
    Text,
    /// Left out (its ranges are noted).
    Skip,
    /// Given as [`SegmentKind::Code`].
    Keep,
}

impl Code {
    /// Left out, or kept with `include_code`: a document's code.
    fn of(include_code: bool) -> Code {
        if include_code {
            Code::Keep
        } else {
            Code::Skip
        }
    }
}

/// The code element named `name` (lowercase), as a static field name.
fn code_element(name: &[u8]) -> Option<&'static str> {
    match name {
        b"pre" => Some("pre"),
        b"code" => Some("code"),
        b"kbd" => Some("kbd"),
        b"samp" => Some("samp"),
        b"tt" => Some("tt"),
        _ => None,
    }
}

/// The ASCII whitespace of HTML: TAB, LF, FF, CR, SPACE.
fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// How an attribute's value holds URIs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum UrlValue {
    /// The whole value is one URI reference.
    One,
    /// A `srcset`: image candidates, each a URL and descriptors.
    Srcset,
    /// Any other attribute: its value is text that may hold absolute
    /// URIs (Gmail's `data-saferedirecturl`, an `onclick` with a
    /// `mailto:`, a `content`, an `xmlns`); scanned as text.
    Text,
}

/// The name (as it is given in segments) and the kind of a URI-valued
/// attribute; `None` for other attributes.
fn url_attribute(name: &[u8]) -> Option<(&'static str, UrlValue)> {
    const NAMES: [&str; 13] = [
        "href",
        "src",
        "action",
        "cite",
        "poster",
        "data",
        "background",
        "longdesc",
        "formaction",
        "manifest",
        "codebase",
        "usemap",
        "icon",
    ];
    if let Some(n) = NAMES
        .iter()
        .find(|n| n.as_bytes().eq_ignore_ascii_case(name))
    {
        return Some((n, UrlValue::One));
    }
    ["srcset", "imagesrcset"]
        .iter()
        .find(|n| n.as_bytes().eq_ignore_ascii_case(name))
        .map(|n| (*n, UrlValue::Srcset))
}

/// The tokenizer state that the contents of element `name` are read in
/// (the tree builder's choice for these elements, as html5gum's
/// `naive_next_state`, but `<noscript>` read as markup), with the
/// element's name.
fn next_state(name: &[u8]) -> Option<(State, &'static str)> {
    let (state, name) = match name {
        b"script" => (State::ScriptData, "script"),
        b"style" => (State::RawText, "style"),
        b"xmp" => (State::RawText, "xmp"),
        b"iframe" => (State::RawText, "iframe"),
        b"noembed" => (State::RawText, "noembed"),
        b"noframes" => (State::RawText, "noframes"),
        b"textarea" => (State::RcData, "textarea"),
        b"title" => (State::RcData, "title"),
        b"plaintext" => (State::PlainText, "plaintext"),
        _ => return None,
    };
    Some((state, name))
}

/// One run of [`Decoded`] text.
#[derive(Clone, Copy, Debug)]
struct Piece {
    /// First decoded offset.
    start: usize,
    /// Decoded length.
    len: usize,
    /// First input offset.
    original: usize,
    /// Input length: equal to `len` for an exact run.
    original_len: usize,
    /// True: decoded byte `start + i` is input byte `original + i`.
    /// False: all the decoded bytes come from the input bytes as a whole
    /// (never with `original_len == 1`, see [`Decoded::group`]).
    exact: bool,
}

/// Decoded text being built, with where each run of it comes from; maps
/// of sub-ranges (a trimmed value, one `srcset` candidate) are cut from it.
#[derive(Clone, Debug, Default)]
struct Decoded {
    text: Vec<u8>,
    pieces: Vec<Piece>,
}

impl Decoded {
    fn clear(&mut self) {
        self.text.clear();
        self.pieces.clear();
    }

    /// Appends input bytes `html[original..original + len]` as they are.
    fn exact(&mut self, html: &[u8], original: usize, len: usize) {
        let Some(bytes) = html.get(original..original.saturating_add(len)) else {
            return;
        };
        if bytes.is_empty() {
            return;
        }
        let start = self.text.len();
        self.text.extend_from_slice(bytes);
        if let Some(last) = self.pieces.last_mut() {
            if last.exact && last.original + last.len == original {
                last.len += len;
                last.original_len += len;
                return;
            }
        }
        self.pieces.push(Piece {
            start,
            len,
            original,
            original_len: len,
            exact: true,
        });
    }

    /// Appends `bytes`, decoded from input bytes `original..original +
    /// original_len` as a whole. One input byte decoded to something else
    /// (CR to LF, NUL to U+FFFD) is kept as it is instead: the map's exact
    /// runs are then always equal to the input.
    fn group(&mut self, html: &[u8], original: usize, original_len: usize, bytes: &[u8]) {
        if original_len == 1 {
            self.exact(html, original, 1);
            return;
        }
        if bytes.is_empty() {
            return;
        }
        let start = self.text.len();
        self.text.extend_from_slice(bytes);
        self.pieces.push(Piece {
            start,
            len: bytes.len(),
            original,
            original_len,
            exact: false,
        });
    }

    /// Appends one piece of tokenizer output, `decoded`, that came from
    /// the input bytes between `*cursor` and `end` (the tokenizer's
    /// position after it), and moves `*cursor` past the bytes used.
    fn push(&mut self, html: &[u8], cursor: &mut usize, end: usize, decoded: &[u8]) {
        let end = end.min(html.len());
        let mut start = (*cursor).min(end);
        if decoded.is_empty() {
            return;
        }
        // The LF of a CR LF pair: the tokenizer gave the pair as one LF,
        // kept here as the CR; the LF is kept too.
        if html.get(start) == Some(&b'\n')
            && start < end
            && start > 0
            && html[start - 1] == b'\r'
            && self.text.last() == Some(&b'\r')
        {
            self.exact(html, start, 1);
            start += 1;
        }
        let raw = &html[start..end];
        *cursor = end;
        if raw == decoded {
            self.exact(html, start, raw.len());
        } else if let Some(k) = memchr::memrchr(b'&', raw) {
            // A character reference, the tokenizer's position just past
            // it (input before it gave nothing: `</>`).
            if &raw[k..] == decoded {
                self.exact(html, start + k, decoded.len());
            } else {
                self.group(html, start + k, raw.len() - k, decoded);
            }
        } else if decoded == b"\n" && raw.last() == Some(&b'\r') {
            // A CR that the tokenizer gave as LF, kept as CR.
            self.exact(html, end - 1, 1);
        } else if raw.ends_with(decoded) {
            // Input that gave nothing before it (`</>`).
            self.exact(html, end - decoded.len(), decoded.len());
        } else if raw.starts_with(decoded) {
            // The tokenizer has read ahead: the rest comes with the next
            // piece.
            self.exact(html, start, decoded.len());
            *cursor = start + decoded.len();
        } else {
            // Anything else: the common ends exact, the middle a group
            // (a lone CR given as LF is kept as CR by `group`).
            let p = raw.iter().zip(decoded).take_while(|(a, b)| a == b).count();
            let q = raw[p..]
                .iter()
                .rev()
                .zip(decoded[p..].iter().rev())
                .take_while(|(a, b)| a == b)
                .count();
            self.exact(html, start, p);
            self.group(
                html,
                start + p,
                raw.len() - p - q,
                &decoded[p..decoded.len() - q],
            );
            self.exact(html, end - q, q);
        }
    }

    /// The map of decoded bytes `range` (offsets in the map from
    /// `range.start`), to input offsets.
    fn map(&self, range: Range<usize>) -> OffsetMap {
        let mut map = OffsetMap::new();
        let first = self
            .pieces
            .partition_point(|p| p.start + p.len <= range.start);
        for p in self.pieces.get(first..).unwrap_or_default() {
            if p.start >= range.end {
                break;
            }
            let lo = p.start.max(range.start);
            let hi = (p.start + p.len).min(range.end);
            if lo >= hi {
                continue;
            }
            let len = (hi - lo) as u64;
            if p.exact {
                map.exact((p.original + (lo - p.start)) as u64, len);
            } else {
                map.group(p.original as u64, p.original_len as u64, len);
            }
        }
        map
    }

    /// A segment of decoded bytes `range`.
    fn segment(&self, range: Range<usize>, kind: SegmentKind, references: bool) -> Segment {
        Segment {
            text: self.text.get(range.clone()).unwrap_or_default().to_vec(),
            kind,
            map: self.map(range),
            base: None,
            references,
        }
    }
}

/// `range` of `text` without its leading and trailing ASCII whitespace.
fn trim(text: &[u8], range: Range<usize>) -> Range<usize> {
    let s = text.get(range.clone()).unwrap_or_default();
    let lead = s.iter().take_while(|b| is_space(**b)).count();
    let trail = s[lead..].iter().rev().take_while(|b| is_space(**b)).count();
    range.start + lead..range.end - trail
}

/// The range of the URL in the `content` of `<meta http-equiv=refresh>`
/// (`5; url='https://example.org/'`), by HTML's "shared declarative
/// refresh steps" (HTML section 4.2.5.3): a time (digits and dots), a
/// `;` or `,` or white space, then optionally `url=`, then the URL,
/// optionally in quotes (it ends at the closing quote). `None` when the
/// value is only a time or not a refresh value at all.
fn refresh_url(s: &[u8]) -> Option<Range<usize>> {
    let skip_space = |mut i: usize| {
        while s.get(i).copied().is_some_and(is_space) {
            i += 1;
        }
        i
    };
    let mut i = skip_space(0);
    let time = i;
    while s.get(i).is_some_and(|b| b.is_ascii_digit() || *b == b'.') {
        i += 1;
    }
    if i == time || i >= s.len() || !(matches!(s[i], b';' | b',') || is_space(s[i])) {
        return None;
    }
    i = skip_space(i);
    if s.get(i).is_some_and(|b| matches!(b, b';' | b',')) {
        i = skip_space(i + 1);
    }
    if s.get(i..i + 3)
        .is_some_and(|w| w.eq_ignore_ascii_case(b"url"))
    {
        let after = skip_space(i + 3);
        if s.get(after) == Some(&b'=') {
            i = skip_space(after + 1);
        }
    }
    let mut end = s.len();
    if let Some(&q) = s.get(i).filter(|b| matches!(b, b'"' | b'\'')) {
        i += 1;
        end = memchr::memchr(q, &s[i..]).map_or(end, |n| i + n);
    }
    let range = trim(s, i..end);
    (!range.is_empty()).then_some(range)
}

/// The URL ranges of the image candidates of a `srcset` value (HTML's
/// "parse a srcset attribute": URLs run to whitespace, trailing commas
/// end a candidate, descriptors run to a comma outside parentheses).
fn srcset_urls(s: &[u8]) -> Vec<Range<usize>> {
    let mut urls = Vec::new();
    let n = s.len();
    let mut i = 0;
    loop {
        while i < n && (is_space(s[i]) || s[i] == b',') {
            i += 1;
        }
        if i >= n {
            break;
        }
        let start = i;
        while i < n && !is_space(s[i]) {
            i += 1;
        }
        let mut end = i;
        while end > start && s[end - 1] == b',' {
            end -= 1;
        }
        let commas = end < i;
        if end > start {
            urls.push(start..end);
        }
        if !commas {
            let mut paren = false;
            while i < n {
                match s[i] {
                    b'(' => paren = true,
                    b')' => paren = false,
                    b',' if !paren => {
                        i += 1;
                        break;
                    }
                    _ => {}
                }
                i += 1;
            }
        }
    }
    urls
}

/// The content range of a comment token at `range` of the input (`<!--`,
/// `<!`, `</` and `-->`, `--!>`, `>` left out).
fn comment_content(html: &[u8], range: Range<usize>) -> Range<usize> {
    let raw = html.get(range.clone()).unwrap_or_default();
    let open = if raw.starts_with(b"<!--") {
        4
    } else if raw.starts_with(b"<?") {
        // Bogus comments: `<!x`, `</0`, `<?x` (the `?` is part of it).
        1
    } else {
        2
    };
    let close = comment_close(raw).unwrap_or(0);
    let end = range.start + raw.len().saturating_sub(close);
    (range.start + open).min(end)..end
}

/// The length of the closing delimiter of comment token `raw`, `None`
/// when the end of the input cut it off: `-->` or `--!>` after the
/// `<!--` (or `>` and `->` right after it, `<!-->` and `<!--->`), `>`
/// for a bogus comment. (`<!--!>` is not closed: its dashes open it.)
fn comment_close(raw: &[u8]) -> Option<usize> {
    match raw.strip_prefix(b"<!--") {
        Some(b">") => Some(1),
        Some(b"->") => Some(2),
        Some(c) if c.ends_with(b"--!>") => Some(4),
        Some(c) if c.ends_with(b"-->") => Some(3),
        Some(_) => None,
        None => raw.ends_with(b">").then_some(1),
    }
}

/// What the current tag token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tag {
    None,
    Start,
    End,
}

/// A URI-valued attribute of the current start tag, its value read.
#[derive(Debug)]
struct UrlAttribute {
    name: std::borrow::Cow<'static, str>,
    kind: UrlValue,
    value: Decoded,
}

/// The emitter's state: the segments so far and the tokens being read.
#[derive(Debug)]
struct Collector<'a> {
    html: &'a [u8],
    /// The tokenizer's position (input bytes consumed).
    position: usize,
    segments: Vec<Segment>,
    /// The first `<base href>` value, once seen (`Some(None)`: empty).
    base: Option<Option<Arc<str>>>,
    /// The segment of that value.
    base_segment: Option<usize>,

    /// The current text run; input before `text_cursor` is accounted for.
    text: Decoded,
    text_cursor: usize,
    /// Inside `<script>` or `<style>`.
    skip_text: bool,
    /// What is done with code elements' text.
    code: Code,
    /// Code elements open (start tags less end tags, never below 0).
    code_depth: u32,
    /// The outermost open code element's name.
    code_element: &'static str,
    /// A pipermail article page: `<pre>` is the message body.
    article: bool,
    /// Source ranges of code text runs.
    code_ranges: Vec<Range<u64>>,

    tag: Tag,
    tag_name: Vec<u8>,
    last_start_tag: Vec<u8>,
    /// Where the current tag or comment starts (its `<`).
    tag_start: usize,

    attribute_name: Vec<u8>,
    /// The current attribute, when its value is read as URIs: its name
    /// when it is one of [`url_attribute`]'s, else `None` (the name is
    /// `attribute_name` lowercased, made only if the value is kept).
    attribute: Option<(Option<&'static str>, UrlValue)>,
    attribute_value: Decoded,
    attribute_cursor: usize,
    /// URI-valued attributes of the current start tag, values read.
    attributes: Vec<UrlAttribute>,
    /// Names of the URI-valued attributes seen in the current start tag
    /// (a repeated attribute is ignored, as in HTML).
    seen: Vec<&'static str>,

    /// The content of a raw text or RCDATA element being read.
    content_state: Option<(State, &'static str)>,
    /// The position after the last piece emitted (the start of the next
    /// text piece's input bytes).
    emitted: usize,
    /// Note where the input could be cut, at or after this offset.
    points: Option<usize>,
    /// The last tag, comment or doctype end there: the offset, the
    /// segments given before it, the state after it.
    tag_point: Option<(usize, usize, Resume)>,
    /// The last place in content there (see [`window_segments`]).
    text_point: Option<(usize, Resume)>,
    /// A comment cut off by the end of the input: where its content
    /// starts, and whether it is a `<!--` one.
    open_comment: Option<(usize, bool)>,
    /// The script being read holds `<!--`: the tokenizer may be in one
    /// of its escaped states, which a window cannot start in.
    script_escaped: bool,
}

impl<'a> Collector<'a> {
    fn new(html: &'a [u8], code: Code) -> Collector<'a> {
        Collector {
            html,
            position: 0,
            segments: Vec::new(),
            base: None,
            base_segment: None,
            text: Decoded::default(),
            text_cursor: 0,
            skip_text: false,
            code,
            code_depth: 0,
            code_element: "",
            article: false,
            code_ranges: Vec::new(),
            tag: Tag::None,
            tag_name: Vec::new(),
            last_start_tag: Vec::new(),
            tag_start: 0,
            attribute_name: Vec::new(),
            attribute: None,
            attribute_value: Decoded::default(),
            attribute_cursor: 0,
            attributes: Vec::new(),
            seen: Vec::new(),
            content_state: None,
            emitted: 0,
            points: None,
            tag_point: None,
            text_point: None,
            open_comment: None,
            script_escaped: false,
        }
    }

    /// Starts reading in the state `from` (the start of a window).
    fn start_in(&mut self, from: &Resume) {
        self.content_state = from.content;
        if let Some((_, name)) = from.content {
            self.last_start_tag.clear();
            self.last_start_tag.extend_from_slice(name.as_bytes());
        }
        self.skip_text = from.skip_text;
        self.code_depth = from.code_depth;
        self.code_element = from.code_element;
        self.article = from.article;
        self.base = from.base.clone();
    }

    /// The state here, to start a window in.
    fn resume(&self) -> Resume {
        Resume {
            content: self.content_state,
            comment: None,
            skip_text: self.skip_text,
            code_depth: self.code_depth,
            code_element: self.code_element,
            article: self.article,
            base: self.base.clone(),
        }
    }

    /// Notes the end of a tag, comment or doctype at the tokenizer's
    /// position as a place to cut.
    fn note_tag_point(&mut self) {
        if self
            .points
            .is_some_and(|from| self.position >= from && self.position > 0)
        {
            let resume = self.resume();
            self.tag_point = Some((self.position, self.segments.len(), resume));
        }
        self.emitted = self.position;
    }

    /// Notes a place to cut in the content just read (the input bytes
    /// from `emitted` to the tokenizer's position, given as `decoded`),
    /// when it was read as it is: at its end in skipped script or style
    /// text, else after its last white space.
    fn note_text_point(&mut self, decoded: &[u8]) {
        let end = self.position.min(self.html.len());
        let start = self.emitted.min(end);
        self.emitted = end;
        let Some(from) = self.points else { return };
        if self.skip_text {
            // `<!--` in a script (looked for from 3 bytes back, across
            // pieces) puts the tokenizer in states a window cannot start
            // in: no cut in the rest of that script.
            let back = start.saturating_sub(3);
            if memchr::memmem::find(&self.html[back..end], b"<!--").is_some() {
                self.script_escaped = true;
            }
        }
        if end < from || end == 0 {
            return;
        }
        // Only where the tokenizer has read no further than the piece
        // (it may have read a `<` that starts a tag or an escape).
        let raw = &self.html[start..end];
        if raw != decoded {
            return;
        }
        let at = if self.skip_text {
            // Not after `<!--` in a script, nor within 8 bytes of a `<`
            // (the tokenizer may be reading `<!--` or `</script`).
            let recent = &self.html[end.saturating_sub(8)..end];
            if self.script_escaped || memchr::memchr(b'<', recent).is_some() {
                return;
            }
            end
        } else {
            match memchr::memrchr(b'\n', raw).or_else(|| raw.iter().rposition(|b| is_space(*b))) {
                Some(p) if start + p + 1 >= from => start + p + 1,
                _ => return,
            }
        };
        // Not at the end: the end of the input makes the tokenizer give
        // what it holds (a `<` that may start a tag).
        if at >= self.html.len() {
            return;
        }
        let resume = self.resume();
        self.text_point = Some((at, resume));
    }

    /// Where to cut `html` (this collector's input, read to its end) in
    /// content at or after `from`, and the state there: in a comment that
    /// the end cut off, after its last white space; else the last place
    /// noted in text.
    fn content_point(&self, html: &[u8], from: usize) -> Option<(usize, Resume)> {
        if let Some((start, dashes)) = self.open_comment {
            if let Some(at) = last_space(html, from.max(start)) {
                let mut resume = self.resume();
                resume.comment = Some(dashes);
                return Some((at, resume));
            }
        }
        self.text_point.clone()
    }

    /// Gives the current text run as a segment unless it is whitespace
    /// (or code that is left out).
    fn flush_text(&mut self) {
        if self.text.text.iter().any(|b| !is_space(*b)) {
            let len = self.text.text.len();
            let code = self.code_depth > 0 && self.code != Code::Text;
            let kind = match self.content_state {
                _ if code => SegmentKind::Code(self.code_element),
                Some((_, e @ ("noframes" | "noembed" | "iframe"))) => SegmentKind::HtmlFallback(e),
                _ => SegmentKind::HtmlText,
            };
            let segment = self.text.segment(0..len, kind, false);
            if code {
                self.code_ranges
                    .push(segment.map.span(0..segment.text.len() as u64));
            }
            if !code || self.code == Code::Keep {
                self.segments.push(segment);
            }
        }
        self.text.clear();
    }

    /// Counts the code element a start or end tag named `tag_name` opens
    /// or closes.
    fn count_code_element(&mut self, start: bool) {
        let Some(name) = code_element(&self.tag_name) else {
            return;
        };
        if name == "pre" && self.article {
            return;
        }
        if start {
            if self.code_depth == 0 {
                self.code_element = name;
            }
            self.code_depth += 1;
        } else {
            self.code_depth = self.code_depth.saturating_sub(1);
        }
    }

    /// Ends the current attribute: keeps its value if it holds URIs.
    /// Of the other attributes, only values that hold a `:` (that could
    /// hold a URI) are kept, and those of `http-equiv` and `content`
    /// (`<meta http-equiv=refresh content="5; url=x">`): a `style` or
    /// `class` value costs no allocation ([`Collector::flush_attributes`]
    /// gives nothing for the others).
    fn finish_attribute(&mut self) {
        if let Some((name, kind)) = self.attribute.take() {
            let value = &self.attribute_value.text;
            let kept = !value.is_empty()
                && (name.is_some()
                    || memchr::memchr(b':', value).is_some()
                    || self.attribute_name.eq_ignore_ascii_case(b"http-equiv")
                    || self.attribute_name.eq_ignore_ascii_case(b"content"));
            if kept {
                let name = match name {
                    Some(n) => std::borrow::Cow::Borrowed(n),
                    None => std::borrow::Cow::Owned(
                        String::from_utf8_lossy(&self.attribute_name).to_ascii_lowercase(),
                    ),
                };
                let value = std::mem::take(&mut self.attribute_value);
                self.attributes.push(UrlAttribute { name, kind, value });
            }
        }
        if let Some((name, _)) = url_attribute(&self.attribute_name) {
            if !self.seen.contains(&name) {
                self.seen.push(name);
            }
        }
        self.attribute_name.clear();
        self.attribute_value.clear();
    }

    /// Gives the segments of the current start tag's URI attributes.
    fn flush_attributes(&mut self) {
        self.finish_attribute();
        if self.attributes.is_empty() {
            // Most tags: nothing to give, no element name to make.
            self.seen.clear();
            return;
        }
        let element = String::from_utf8_lossy(&self.tag_name).to_ascii_lowercase();
        let is_base = element == "base";
        // `<meta http-equiv=refresh content="5; url=...">`: the content's
        // URL is one reference, which the browser follows.
        let refresh = element == "meta"
            && self.attributes.iter().any(|a| {
                let v = &a.value.text;
                a.name.eq_ignore_ascii_case("http-equiv")
                    && v.get(trim(v, 0..v.len()))
                        .is_some_and(|t| t.eq_ignore_ascii_case(b"refresh"))
            });
        for attr in std::mem::take(&mut self.attributes) {
            let text = &attr.value.text;
            let kind = || SegmentKind::HtmlAttribute {
                element: element.clone(),
                attribute: attr.name.to_string(),
            };
            match attr.kind {
                UrlValue::One => {
                    let range = trim(text, 0..text.len());
                    if is_base && attr.name == "href" && self.base.is_none() {
                        let value = text.get(range.clone()).unwrap_or_default();
                        self.base = Some(
                            (!value.is_empty()).then(|| Arc::from(String::from_utf8_lossy(value))),
                        );
                        self.base_segment = (!range.is_empty()).then_some(self.segments.len());
                    }
                    if !range.is_empty() {
                        self.segments.push(attr.value.segment(range, kind(), true));
                    }
                }
                UrlValue::Text if refresh && attr.name == "content" => {
                    if let Some(range) = refresh_url(text) {
                        self.segments.push(attr.value.segment(range, kind(), true));
                    }
                }
                UrlValue::Text => {
                    // Only values that could hold a URI (a ':'), as text.
                    if memchr::memchr(b':', text).is_some() {
                        let range = 0..text.len();
                        self.segments.push(attr.value.segment(range, kind(), false));
                    }
                }
                UrlValue::Srcset => {
                    for range in srcset_urls(text) {
                        self.segments.push(attr.value.segment(range, kind(), true));
                    }
                }
            }
        }
        self.seen.clear();
    }

    /// The segments, each with the document's base (one shared string).
    fn finish(mut self) -> Vec<Segment> {
        if let Some(Some(base)) = self.base.take() {
            for (i, s) in self.segments.iter_mut().enumerate() {
                if Some(i) != self.base_segment {
                    s.base = Some(base.clone());
                }
            }
        }
        self.segments
    }
}

/// The emitter given to the tokenizer (which keeps it): a handle on the
/// [`Collector`], which is read once the tokenizer is done.
#[derive(Debug)]
struct Sink<'c, 'a>(&'c mut Collector<'a>);

impl Emitter for Sink<'_, '_> {
    type Token = Infallible;

    fn move_position(&mut self, offset: isize) {
        self.0.position = self.0.position.saturating_add_signed(offset);
    }

    fn set_last_start_tag(&mut self, last_start_tag: Option<&[u8]>) {
        self.0.last_start_tag.clear();
        self.0
            .last_start_tag
            .extend_from_slice(last_start_tag.unwrap_or_default());
    }

    fn emit_eof(&mut self) {
        let c = &mut *self.0;
        c.flush_text();
        // A start tag cut off by the end: its URIs are still given.
        if c.tag == Tag::Start {
            c.flush_attributes();
        }
        c.tag = Tag::None;
    }

    fn emit_error(&mut self, _error: Error) {}

    fn should_emit_errors(&mut self) -> bool {
        false
    }

    fn pop_token(&mut self) -> Option<Infallible> {
        None
    }

    fn emit_string(&mut self, s: &[u8]) {
        let c = &mut *self.0;
        if !c.skip_text {
            c.text.push(c.html, &mut c.text_cursor, c.position, s);
        }
        c.note_text_point(s);
    }

    fn start_open_tag(&mut self) {
        self.0.tag_start = self.0.position.saturating_sub(1);
    }

    fn init_start_tag(&mut self) {
        let c = &mut *self.0;
        c.tag = Tag::Start;
        c.tag_name.clear();
        c.attributes.clear();
        c.seen.clear();
        c.attribute = None;
        c.attribute_name.clear();
    }

    fn init_end_tag(&mut self) {
        self.init_start_tag();
        self.0.tag = Tag::End;
    }

    fn init_comment(&mut self) {}

    fn emit_current_tag(&mut self) -> Option<State> {
        let c = &mut *self.0;
        c.flush_text();
        let state = match c.tag {
            Tag::Start => {
                c.flush_attributes();
                c.tag_name.make_ascii_lowercase();
                c.count_code_element(true);
                c.skip_text = matches!(c.tag_name.as_slice(), b"script" | b"style");
                c.last_start_tag.clear();
                c.last_start_tag.extend_from_slice(&c.tag_name);
                c.content_state = next_state(&c.tag_name);
                c.script_escaped = false;
                c.content_state.map(|(state, _)| state)
            }
            Tag::End | Tag::None => {
                if c.tag == Tag::End {
                    c.tag_name.make_ascii_lowercase();
                    c.count_code_element(false);
                }
                c.skip_text = false;
                c.last_start_tag.clear();
                c.content_state = None;
                None
            }
        };
        c.tag = Tag::None;
        c.attribute = None;
        c.attribute_name.clear();
        c.text_cursor = c.position;
        c.note_tag_point();
        state
    }

    fn emit_current_comment(&mut self) {
        let c = &mut *self.0;
        c.flush_text();
        let end = c.position.min(c.html.len());
        let token = c.tag_start.min(end)..end;
        let range = comment_content(c.html, token.clone());
        let raw = &c.html[token];
        let dashes = raw.starts_with(b"<!--");
        let closed = comment_close(raw).is_some();
        if let Some(text) = c.html.get(range.clone()) {
            if text == b"beginarticle" {
                c.article = true;
            }
            if text.iter().any(|b| !is_space(*b)) {
                c.segments.push(Segment {
                    text: text.to_vec(),
                    kind: SegmentKind::HtmlComment,
                    map: OffsetMap::identity(range.start as u64, text.len() as u64),
                    base: None,
                    references: false,
                });
            }
        }
        c.text_cursor = c.position;
        if closed {
            c.note_tag_point();
        } else {
            c.open_comment = Some((range.start, dashes));
            c.emitted = c.position;
        }
    }

    fn emit_current_doctype(&mut self) {
        let c = &mut *self.0;
        c.flush_text();
        // The doctype as written: its system identifier is a URI
        // (`"http://www.w3.org/TR/html4/loose.dtd"`), found as in text.
        let end = c.position.min(c.html.len());
        if let Some(start) = memchr::memrchr(b'<', &c.html[..end]) {
            let text = &c.html[start..end];
            if memchr::memchr(b':', text).is_some() {
                c.segments.push(Segment {
                    text: text.to_vec(),
                    kind: SegmentKind::HtmlAttribute {
                        element: "!doctype".to_string(),
                        attribute: "identifier".to_string(),
                    },
                    map: OffsetMap::identity(start as u64, text.len() as u64),
                    base: None,
                    references: false,
                });
            }
        }
        c.text_cursor = c.position;
        c.note_tag_point();
    }

    fn set_self_closing(&mut self) {}

    fn set_force_quirks(&mut self) {}

    fn push_tag_name(&mut self, s: &[u8]) {
        self.0.tag_name.extend_from_slice(s);
    }

    fn push_comment(&mut self, _s: &[u8]) {}

    fn push_doctype_name(&mut self, _s: &[u8]) {}

    fn init_doctype(&mut self) {}

    fn init_attribute(&mut self) {
        self.0.finish_attribute();
    }

    fn init_attribute_value(&mut self) {
        let c = &mut *self.0;
        c.attribute_value.clear();
        c.attribute = match url_attribute(&c.attribute_name) {
            Some((name, kind)) if c.tag == Tag::Start && !c.seen.contains(&name) => {
                Some((Some(name), kind))
            }
            Some(_) => None,
            None if c.tag == Tag::Start => Some((None, UrlValue::Text)),
            None => None,
        };
        c.attribute_cursor = c.position;
    }

    fn push_attribute_name(&mut self, s: &[u8]) {
        self.0.attribute_name.extend_from_slice(s);
    }

    fn push_attribute_value(&mut self, s: &[u8]) {
        let c = &mut *self.0;
        if c.attribute.is_some() {
            c.attribute_value
                .push(c.html, &mut c.attribute_cursor, c.position, s);
        }
    }

    fn set_doctype_public_identifier(&mut self, _value: &[u8]) {}

    fn set_doctype_system_identifier(&mut self, _value: &[u8]) {}

    fn push_doctype_public_identifier(&mut self, _s: &[u8]) {}

    fn push_doctype_system_identifier(&mut self, _s: &[u8]) {}

    fn current_is_appropriate_end_tag_token(&mut self) -> bool {
        let c = &*self.0;
        c.tag == Tag::End
            && !c.last_start_tag.is_empty()
            && c.tag_name.eq_ignore_ascii_case(&c.last_start_tag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The property every segment keeps: each decoded span maps inside
    /// the input, exact spans map to equal bytes, and a decoded byte that
    /// is not exact maps to a whole character reference.
    fn check(html: &[u8], segments: &[Segment]) {
        for s in segments {
            let n = s.text.len() as u64;
            assert_eq!(s.map.decoded_len(), n, "{s:?}");
            for i in 0..n {
                let r = s.map.span(i..i + 1);
                assert!(r.start <= r.end && r.end <= html.len() as u64, "{s:?}");
                if s.map.is_exact(i..i + 1) {
                    assert_eq!(
                        &html[r.start as usize..r.end as usize],
                        &s.text[i as usize..i as usize + 1]
                    );
                }
            }
            // Whole exact runs, and the whole segment.
            let mut i = 0;
            while i < n {
                let mut j = i + 1;
                while j < n && s.map.is_exact(i..j + 1) {
                    j += 1;
                }
                if s.map.is_exact(i..j) {
                    let r = s.map.span(i..j);
                    assert_eq!(
                        &html[r.start as usize..r.end as usize],
                        &s.text[i as usize..j as usize]
                    );
                }
                i = j;
            }
            let r = s.map.span(0..n);
            assert!(r.start <= r.end && r.end <= html.len() as u64);
        }
    }

    /// Segments of `html`, checked.
    fn segs(html: &str) -> Vec<Segment> {
        let s = segments(html.as_bytes());
        check(html.as_bytes(), &s);
        s
    }

    fn text(s: &Segment) -> &str {
        std::str::from_utf8(&s.text).unwrap()
    }

    fn attr(element: &str, attribute: &str) -> SegmentKind {
        SegmentKind::HtmlAttribute {
            element: element.into(),
            attribute: attribute.into(),
        }
    }

    /// The input bytes of decoded bytes `range` of `s`.
    fn source<'h>(html: &'h str, s: &Segment, range: Range<u64>) -> &'h str {
        let r = s.map.span(range);
        &html[r.start as usize..r.end as usize]
    }

    /// (kind, text) of every segment of `html` read as a document.
    fn doc(html: &str, include_code: bool) -> Vec<(SegmentKind, String)> {
        let s = document_segments(html.as_bytes(), include_code);
        check(html.as_bytes(), &s);
        s.iter()
            .map(|s| (s.kind.clone(), text(s).to_string()))
            .collect()
    }

    #[test]
    fn code_elements_of_a_document_are_code() {
        let html = "<p>See http://t.example/ or <code>http://c.example/</code>.</p>\n                    <PRE class=screen>$ curl <a href=\"http://l.example/\">http://p.example/</a>\n</PRE>\
                    <p><kbd>ftp://k.example/</kbd> <samp>s</samp><tt>tt</tt> after</p>";
        let got = doc(html, false);
        let texts: Vec<_> = got.iter().map(|g| g.1.as_str()).collect();
        assert_eq!(
            texts,
            [
                "See http://t.example/ or ",
                ".",
                "http://l.example/",
                " after"
            ]
        );
        let kept = doc(html, true);
        let code: Vec<_> = kept
            .iter()
            .filter_map(|(k, t)| match k {
                SegmentKind::Code(e) => Some((*e, t.as_str())),
                _ => None,
            })
            .collect();
        assert_eq!(
            code,
            [
                ("code", "http://c.example/"),
                ("pre", "$ curl "),
                ("pre", "http://p.example/"),
                ("kbd", "ftp://k.example/"),
                ("samp", "s"),
                ("tt", "tt"),
            ]
        );
        // check --fix leaves the code's bytes alone.
        let ranges = code_ranges(html.as_bytes());
        let c = html.find("http://c.example/").unwrap_or_default() as u64;
        assert!(
            ranges.iter().any(|r| r.start <= c && c < r.end),
            "{ranges:?}"
        );
        let t = html.find("http://t.example/").unwrap_or_default() as u64;
        assert!(
            !ranges.iter().any(|r| r.start <= t && t < r.end),
            "{ranges:?}"
        );
        // Mail parts read code elements as text.
        let mail: Vec<_> = segs(html).iter().map(|s| text(s).to_string()).collect();
        assert!(mail.iter().any(|t| t == "http://c.example/"), "{mail:?}");
    }

    /// A pipermail article page's body is a `<pre>`: text, not code.
    #[test]
    fn pipermail_article_body_is_text() {
        let html = "<HTML><BODY><!--beginarticle-->\n<PRE>See http://m.example/x\n</PRE>\
                    <code>http://c.example/</code><!--endarticle--></BODY></HTML>";
        let got = doc(html, false);
        assert!(
            got.iter().any(|g| g.1.contains("http://m.example/x")),
            "{got:?}"
        );
        assert!(
            !got.iter().any(|g| g.1.contains("http://c.example/")),
            "{got:?}"
        );
    }

    #[test]
    fn href_with_entities() {
        let html = r#"<p>See <a href=" https://x.org/a?b=1&amp;c=2&#x26;d ">here</a>.</p>"#;
        let s = segs(html);
        let a: Vec<_> = s.iter().filter(|s| s.references).collect();
        assert_eq!(a.len(), 1);
        let a = a[0];
        assert_eq!(text(a), "https://x.org/a?b=1&c=2&d");
        assert_eq!(a.kind, attr("a", "href"));
        assert!(a.base.is_none());
        // The `&` decoded from `&amp;` maps to the whole reference.
        let amp = text(a).find('&').unwrap() as u64;
        assert_eq!(source(html, a, amp..amp + 1), "&amp;");
        assert_eq!(source(html, a, amp + 4..amp + 5), "&#x26;");
        assert_eq!(source(html, a, 0..amp), "https://x.org/a?b=1");
        assert!(a.map.is_exact(0..amp));
        // The whole value, trimmed.
        let n = a.text.len() as u64;
        assert_eq!(source(html, a, 0..n), "https://x.org/a?b=1&amp;c=2&#x26;d");
        let texts: Vec<_> = s
            .iter()
            .filter(|s| s.kind == SegmentKind::HtmlText)
            .map(text)
            .collect();
        assert_eq!(texts, ["See ", "here", "."]);
    }

    #[test]
    fn unquoted_and_single_quoted_values() {
        let html = "<img SRC=/a.png alt=x><A HREF='b.html'>b</A><form action=s?a=1&b=2>";
        let s = segs(html);
        let v: Vec<_> = s
            .iter()
            .filter(|s| s.references)
            .map(|s| (text(s), s.kind.clone()))
            .collect();
        assert_eq!(
            v,
            [
                ("/a.png", attr("img", "src")),
                ("b.html", attr("a", "href")),
                ("s?a=1&b=2", attr("form", "action")),
            ]
        );
    }

    #[test]
    fn srcset_candidates() {
        let html = r#"<img srcset="a.png 1x, /b/c.png 2x,d.png,, data:image/png;base64,AA== 100w, e(1).png (max-width: 1px, x) f.png">"#;
        let s = segs(html);
        let v: Vec<_> = s.iter().map(text).collect();
        assert_eq!(
            v,
            [
                "a.png",
                "/b/c.png",
                "d.png",
                "data:image/png;base64,AA==",
                "e(1).png"
            ]
        );
        for seg in &s {
            assert_eq!(seg.kind, attr("img", "srcset"));
            assert!(seg.references);
            let n = seg.text.len() as u64;
            assert_eq!(source(html, seg, 0..n), text(seg));
        }
    }

    #[test]
    fn comments_kept_script_and_style_skipped() {
        let html = "<!-- see http://c.example/ -->\n<script>var u = 'http://s.example/'; if (a<b) {}</script>\
                    <style>body { background: url(http://st.example/) }</style>\
                    <p>after</p><!---->";
        let s = segs(html);
        let v: Vec<_> = s.iter().map(|s| (text(s), s.kind.clone())).collect();
        assert_eq!(
            v,
            [
                (" see http://c.example/ ", SegmentKind::HtmlComment),
                ("after", SegmentKind::HtmlText),
            ]
        );
        assert!(!s[0].references);
        assert_eq!(source(html, &s[0], 0..5), " see ");
    }

    #[test]
    fn bogus_comments() {
        let html = "<?php echo 'http://a/' ?>x<!DOCTYPE html><![CDATA[http://b/]]></ http://c/>";
        let s = segs(html);
        let v: Vec<_> = s.iter().map(|s| (text(s), s.kind.clone())).collect();
        assert_eq!(
            v,
            [
                ("?php echo 'http://a/' ?", SegmentKind::HtmlComment),
                ("x", SegmentKind::HtmlText),
                ("[CDATA[http://b/]]", SegmentKind::HtmlComment),
                (" http://c/", SegmentKind::HtmlComment),
            ]
        );
    }

    #[test]
    fn base_href() {
        let html = r#"<html><head><a href="before">x</a><base href=" https://b.example/dir/?a&amp;b "><base href="https://second/"></head>
<body><a href="rel">rel</a><!-- c --></body>"#;
        let s = segs(html);
        let base: Option<Arc<str>> = Some(Arc::from("https://b.example/dir/?a&b"));
        let base_seg = s
            .iter()
            .position(|s| s.kind == attr("base", "href"))
            .unwrap();
        assert_eq!(text(&s[base_seg]), "https://b.example/dir/?a&b");
        assert_eq!(s[base_seg].base, None);
        for (i, seg) in s.iter().enumerate() {
            if i != base_seg {
                assert_eq!(seg.base, base, "{seg:?}");
            }
        }
        assert!(s.iter().any(|s| text(s) == "rel" && s.references));
        assert!(s
            .iter()
            .any(|s| text(s) == "https://second/" && s.references));
        // No base: None everywhere.
        assert!(segs("<a href=x>y</a>").iter().all(|s| s.base.is_none()));
    }

    /// Review 2026-11-26 M1: the base was copied into every segment (a
    /// page of a 60 KB base and many short lines took gigabytes). Every
    /// segment now shares one string.
    #[test]
    fn base_is_shared_not_copied() {
        let base = format!("http://b.example/{}", "a".repeat(100_000));
        let mut html = format!("<base href=\"{base}\">\n");
        for _ in 0..10_000 {
            html.push_str("<i>y</i>\n");
        }
        let s = segments(html.as_bytes());
        assert_eq!(s.len(), 10_001);
        let first = s[1].base.clone().expect("a base");
        assert_eq!(&*first, base);
        assert!(s[1..]
            .iter()
            .all(|seg| seg.base.as_ref().is_some_and(|b| Arc::ptr_eq(b, &first))));
    }

    /// Review 2026-11-26 M3: html5gum 0.9 reads a run of `name="value"`
    /// attributes with one nested call each; 10,000 of them in one tag
    /// overflowed the stack (the process aborted). Every attribute is
    /// still read, its URI found.
    #[test]
    fn a_tag_of_many_attributes_is_read_whole() {
        for n in [10_000, 50_000] {
            let mut html = String::from("<p ");
            for i in 0..n {
                html.push_str(&format!("data-x{i}=\"http://a{i}.example/\" "));
            }
            html.push_str("href=\"/rel\">text http://t.example/</p>");
            let s = segs(&html);
            check(html.as_bytes(), &s);
            assert_eq!(s.len(), n + 2, "{n}");
            for (i, seg) in s[..n].iter().enumerate() {
                assert_eq!(text(seg), format!("http://a{i}.example/"));
                assert_eq!(seg.kind, attr("p", &format!("data-x{i}")));
            }
            assert_eq!((text(&s[n]), s[n].references), ("/rel", true));
            assert_eq!(text(&s[n + 1]), "text http://t.example/");
        }
        // The review's other shapes: no URI at all, and an SVG path.
        let names: String = (0..20_000).map(|i| format!(" x{i}=\"y\"")).collect();
        assert!(segs(&format!("<p{names}>")).is_empty());
        let paths: String = (0..20_000).map(|i| format!(" d{i}=\"M0 0\"")).collect();
        assert!(segs(&format!("<svg><path{paths}/></svg>")).is_empty());
        // A markdown HTML block and a mail part go through the same code.
        let div = format!("<div{names}>\n\nhttp://after.example/\n");
        let md = super::super::markdown::segments(div.as_bytes(), false);
        assert!(md.iter().any(|s| text(s).contains("http://after.example/")));
    }

    #[test]
    fn attribute_runs_are_broken_every_64() {
        let mut html = String::from("<a");
        for i in 0..1000 {
            html.push_str(&format!(" x{i} =\t\"v:&amp;{i}\"\r\n"));
        }
        html.push('>');
        let guarded = guard_attributes(html.as_bytes());
        assert_eq!(guarded.len(), html.len());
        let changed: Vec<usize> = (0..html.len())
            .filter(|&i| guarded[i] != html.as_bytes()[i])
            .collect();
        // White space before `=` ends the tokenizer's nested calls: no run.
        assert!(changed.is_empty(), "{changed:?}");
        let html = html.replace(" =", "=");
        let guarded = guard_attributes(html.as_bytes());
        let changed: Vec<usize> = (0..html.len())
            .filter(|&i| guarded[i] != html.as_bytes()[i])
            .collect();
        assert_eq!(changed.len(), 1000 / ATTRIBUTE_RUN);
        for &i in &changed {
            assert_eq!((html.as_bytes()[i - 1], guarded[i]), (b'"', b'/'));
        }
        // Same attributes, same values.
        let a: Vec<_> = segments(html.as_bytes())
            .into_iter()
            .map(|s| (s.text, s.kind))
            .collect();
        assert_eq!(a.len(), 1000);
        assert!(a
            .iter()
            .enumerate()
            .all(|(i, (t, _))| *t == format!("v:&{i}").into_bytes()));
        // Text without such runs is given as it is.
        assert!(matches!(
            guard_attributes(b"<a href=\"x\" b=\"y\">"),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    #[test]
    fn text_entities_decoded() {
        let html = "<pre>&gt;&gt;<i> see &lt;https://x/&gt; &amp; more&nbsp;and &notin; &not it\r\nok &#0; &#x110000; &#128;</i></pre>";
        let s = segs(html);
        let t: Vec<_> = s.iter().map(text).collect();
        assert_eq!(
            t,
            [
                ">>",
                " see <https://x/> & more\u{a0}and \u{2209} \u{ac} it\r\nok \u{fffd} \u{fffd} \u{20ac}"
            ]
        );
        let seg = &s[1];
        let lt = text(seg).find('<').unwrap() as u64;
        assert_eq!(source(html, seg, lt..lt + 1), "&lt;");
        assert_eq!(source(html, seg, lt + 1..lt + 10), "https://x");
        assert!(seg.map.is_exact(lt + 1..lt + 10));
        let uri_end = lt + 11;
        assert_eq!(source(html, seg, lt..uri_end + 1), "&lt;https://x/&gt;");
        // A character spelled in several bytes maps to the whole reference,
        // from any of its bytes.
        let nbsp = text(seg).find('\u{a0}').unwrap() as u64;
        assert_eq!(source(html, seg, nbsp + 1..nbsp + 2), "&nbsp;");
        let not = text(seg).find('\u{ac}').unwrap() as u64;
        assert_eq!(source(html, seg, not..not + 2), "&not");
    }

    #[test]
    fn legacy_reference_in_attribute_not_decoded() {
        // `&copy=` in an attribute stays as it is (HTML's rule for
        // references without `;` followed by `=` or alphanumerics).
        let html = r#"<a href="/p?x=1&copy=2&not;3&amp">t</a>"#;
        let s = segs(html);
        assert_eq!(text(&s[0]), "/p?x=1&copy=2\u{ac}3&");
        assert_eq!(source(html, &s[0], 0..13), "/p?x=1&copy=2");
        assert!(s[0].map.is_exact(0..13));
    }

    #[test]
    fn cut_off_inputs() {
        // A start tag cut off by the end: its href is still given.
        let html = r#"text <a href="http://x.example/p?q=1&amp;r"#;
        let s = segs(html);
        let v: Vec<_> = s.iter().map(|s| (text(s), s.kind.clone())).collect();
        assert_eq!(
            v,
            [
                ("text ", SegmentKind::HtmlText),
                ("http://x.example/p?q=1&r", attr("a", "href")),
            ]
        );
        for html in [
            "<",
            "</",
            "<a",
            "<a href",
            "<a href=",
            "<a href='",
            "&",
            "&#",
            "&#x",
            "&am",
            "x &amp",
            "<!--",
            "<!-- x",
            "<!",
            "<script>http://x/",
            "<p>a < b & c</p>",
            "a\r",
            "a\r\nb\rc\n\rd",
            "<a href=\"x\r\ny\">",
        ] {
            segs(html);
        }
        assert_eq!(text(&segs("x &amp")[0]), "x &");
        assert_eq!(text(&segs("<!-- x")[0]), " x");
        assert_eq!(text(&segs("<p>a < b & c</p>")[0]), "a < b & c");
        assert_eq!(text(&segs("a\r\nb\rc\n\rd")[0]), "a\r\nb\rc\n\rd");
        assert_eq!(text(&segs("<a href=\"x\r\ny\">")[0]), "x\r\ny");
    }

    #[test]
    fn invalid_utf8_and_nul() {
        let html = b"<p>caf\xe9 http://x/\xff\x00y &amp; \xc3</p><a href=\"/\xe9\x00\">";
        let s = segments(html);
        check(html, &s);
        assert_eq!(s[0].text, b"caf\xe9 http://x/\xff\x00y & \xc3");
        assert_eq!(s[1].text, b"/\xe9\x00");
        assert!(s[1].map.is_exact(0..3));
    }

    #[test]
    fn whitespace_only_text_dropped() {
        let s = segs("<ul>\n  <li> a </li>\r\n\t</ul>  ");
        assert_eq!(s.iter().map(text).collect::<Vec<_>>(), [" a "]);
    }

    #[test]
    fn repeated_attribute_ignored() {
        let s = segs(r#"<a href href="x" src=y src=z>"#);
        assert_eq!(s.iter().map(text).collect::<Vec<_>>(), ["y"]);
        // Attributes of end tags are not given.
        assert!(segs(r#"</a href="x">"#).is_empty());
    }

    #[test]
    fn title_and_textarea_text() {
        let s =
            segs("<title>a &amp; <b>http://t/</b></title><textarea>&lt;http://u/&gt;</textarea>");
        let t: Vec<_> = s.iter().map(text).collect();
        assert_eq!(t, ["a & <b>http://t/</b>", "<http://u/>"]);
    }

    /// An excerpt of a pipermail thread index (mapnik-devel, January
    /// 2008).
    #[test]
    fn pipermail_index() {
        let html = r##"<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<HTML>
  <HEAD>
     <title>The Mapnik-devel January 2008 Archive by thread</title>
     <META NAME="robots" CONTENT="noindex,follow">
     <META http-equiv="Content-Type" content="text/html; charset=us-ascii">
  </HEAD>
  <BODY BGCOLOR="#ffffff">
      <a name="start"></A>
	     <li><b><a href="https://lists.berlios.de/mailman/listinfo/mapnik-devel">More info on this list...
                    </a></b></li>
<!--0 01199289005.352- -->
<LI><A HREF="000352.html">[Mapnik-devel] Managing large XML files aka osm.xml
</A><A NAME="352">&nbsp;</A>
<I>Artem Pavlenko
</I>
"##;
        let s = segs(html);
        let refs: Vec<_> = s.iter().filter(|s| s.references).map(text).collect();
        assert_eq!(
            refs,
            [
                "https://lists.berlios.de/mailman/listinfo/mapnik-devel",
                "000352.html"
            ]
        );
        assert!(s
            .iter()
            .any(|s| s.kind == SegmentKind::HtmlComment && text(s) == "0 01199289005.352- "));
        assert!(s.iter().any(|s| text(s) == "\u{a0}"));
        let title = &s[0];
        assert_eq!(
            text(title),
            "The Mapnik-devel January 2008 Archive by thread"
        );
    }

    /// An excerpt of a pipermail message page: a mailto href with `&` and
    /// quoted text with `&gt;`.
    #[test]
    fn pipermail_message() {
        let html = r#"   <LINK REL="made" HREF="mailto:mapnik-devel%40lists.berlios.de?Subject=Re%3A%20Fw&In-Reply-To=%3C4B77%40mapnik.org%3E">
   <style type="text/css">
       pre {
           white-space: pre-wrap;       /* css-2.1, curent FF, Opera, Safari */
           }
   </style>
<!--beginarticle-->
<PRE>Hi Nick,
&gt;&gt;<i> See http://example.org/a?b=1&amp;c=2
</I>&gt;<i> template &lt;typename T&gt;
</I></PRE>"#;
        let s = segs(html);
        assert_eq!(
            text(&s[0]),
            "mailto:mapnik-devel%40lists.berlios.de?Subject=Re%3A%20Fw&In-Reply-To=%3C4B77%40mapnik.org%3E"
        );
        assert_eq!(s[0].kind, attr("link", "href"));
        assert!(s[0].map.is_exact(0..s[0].text.len() as u64));
        assert_eq!(text(&s[1]), "beginarticle");
        assert!(s
            .iter()
            .any(|s| text(s) == " See http://example.org/a?b=1&c=2\n"));
        assert!(!s.iter().any(|s| text(s).contains("pre-wrap")));
    }

    /// A text/html mail part (open-iscsi, Google Groups footer), after
    /// its quoted-printable decoding.
    #[test]
    fn mail_part() {
        let html = "<div>--&gt; iscsi_io_send_pdu,&nbsp; which</div>\n<p></p>\n\n-- <br />\n\
You received this message because you are subscribed to the Google Groups &quot;open-iscsi&quot; group.<br />\n\
To unsubscribe from this group and stop receiving emails from it, send an email to <a href=\"mailto:open-iscsi+unsubscribe@googlegroups.com\">open-iscsi+unsubscribe@googlegroups.com</a>.<br />\n\
To view this discussion on the web visit <a href=\"https://groups.google.com/d/msgid/open-iscsi/0b82%40googlegroups.com?utm_medium=email&utm_source=footer\">https://groups.google.com/d/msgid/open-iscsi/0b82%40googlegroups.com</a>.<br />\n";
        let s = segs(html);
        let refs: Vec<_> = s.iter().filter(|s| s.references).map(text).collect();
        assert_eq!(
            refs,
            [
                "mailto:open-iscsi+unsubscribe@googlegroups.com",
                "https://groups.google.com/d/msgid/open-iscsi/0b82%40googlegroups.com?utm_medium=email&utm_source=footer"
            ]
        );
        assert_eq!(text(&s[0]), "--> iscsi_io_send_pdu,\u{a0} which");
        assert!(s
            .iter()
            .any(|s| text(s).contains("Groups \"open-iscsi\" group.")));
    }

    #[test]
    fn offsets_inside_a_larger_input() {
        // Offsets are relative to the start of `html`, whatever it is cut
        // from.
        let doc = "HEADER\n\n<a href='x&amp;y'>z</a>";
        let body = &doc[8..];
        let s = segments(body.as_bytes());
        check(body.as_bytes(), &s);
        assert_eq!(s[0].map.span(0..1), 9..10);
        assert_eq!(s[0].map.span(1..2), 10..15);
    }

    #[test]
    fn srcset_parser() {
        let f = |s: &str| -> Vec<String> {
            srcset_urls(s.as_bytes())
                .into_iter()
                .map(|r| s[r].to_string())
                .collect()
        };
        assert_eq!(f(""), Vec::<String>::new());
        assert_eq!(f(" , ,"), Vec::<String>::new());
        assert_eq!(f("a"), ["a"]);
        assert_eq!(f("a,,, b 2x"), ["a", "b"]);
        assert_eq!(f("a 1x (x, y), b"), ["a", "b"]);
        assert_eq!(f("a 1x (x, y, b"), ["a"]);
        // A comma inside a URL is part of it.
        assert_eq!(f("a,b 1x"), ["a,b"]);
    }

    /// Pieces of HTML that the generated documents are made of.
    fn fragment() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            Just(b"&amp;".to_vec()),
            Just(b"&lt;".to_vec()),
            Just(b"&gt".to_vec()),
            Just(b"&#38;".to_vec()),
            Just(b"&#x3C;".to_vec()),
            Just(b"&#x110000".to_vec()),
            Just(b"&notin;".to_vec()),
            Just(b"&not".to_vec()),
            Just(b"&copy=".to_vec()),
            Just(b"&ThickSpace;".to_vec()),
            Just(b"&bogus;".to_vec()),
            Just(b"&".to_vec()),
            Just(b"&#".to_vec()),
            Just(b"<a href=\"".to_vec()),
            Just(b"<img srcset='".to_vec()),
            Just(b"<a href=".to_vec()),
            Just(b"\">".to_vec()),
            Just(b"'>".to_vec()),
            Just(b">".to_vec()),
            Just(b"<".to_vec()),
            Just(b"</".to_vec()),
            Just(b"</a>".to_vec()),
            Just(b"<!--".to_vec()),
            Just(b"-->".to_vec()),
            Just(b"--".to_vec()),
            Just(b"<script>".to_vec()),
            Just(b"</script>".to_vec()),
            Just(b"<base href=".to_vec()),
            Just(b"<title>".to_vec()),
            Just(b"</title>".to_vec()),
            Just(b"\r\n".to_vec()),
            Just(b"\r".to_vec()),
            Just(b"\0".to_vec()),
            Just(b"\xff\xc3".to_vec()),
            Just(b" 1x, ".to_vec()),
            Just(b"http://x.example/a?b=c".to_vec()),
            "[ -~]{0,8}".prop_map(String::into_bytes),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Generated HTML: the map property, and every decoded byte that
        /// is not exact maps to a whole character reference.
        #[test]
        fn maps_hold(parts in proptest::collection::vec(fragment(), 0..40)) {
            let html = parts.concat();
            let segments = segments(&html);
            check(&html, &segments);
            let reference =
                regex::bytes::Regex::new(r"^&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z0-9]+);?$").unwrap();
            for s in &segments {
                for i in 0..s.text.len() as u64 {
                    if !s.map.is_exact(i..i + 1) {
                        let r = s.map.span(i..i + 1);
                        let raw = &html[r.start as usize..r.end as usize];
                        prop_assert!(reference.is_match(raw), "{:?} in {:?}", raw, s);
                    }
                }
            }
        }

        /// Any bytes: no panic, and the map property.
        #[test]
        fn any_bytes(html in proptest::collection::vec(any::<u8>(), 0..300)) {
            let segments = segments(&html);
            check(&html, &segments);
        }
    }

    #[test]
    fn refresh_url_by_the_declarative_refresh_steps() {
        let url = |v: &str| refresh_url(v.as_bytes()).map(|r| v[r].to_string());
        assert_eq!(
            url("0; url=https://a.example/"),
            Some("https://a.example/".into())
        );
        assert_eq!(
            url("5;URL='https://a.example/x y'"),
            Some("https://a.example/x y".into())
        );
        assert_eq!(url(" 3 , \"next.html\" junk"), Some("next.html".into()));
        assert_eq!(
            url("1.5 https://b.example/"),
            Some("https://b.example/".into())
        );
        assert_eq!(url("10"), None);
        assert_eq!(url("text/html; charset=utf-8"), None);
        assert_eq!(url("0;url="), None);
    }

    #[test]
    fn meta_refresh_url_is_a_reference_and_other_content_text() {
        let s = segs(concat!(
            "<meta http-equiv=\"Refresh\" content=\"0; url=https://moved.example/\">",
            "<meta itemprop=\"eventStatus\" content=\"http://schema.org/EventScheduled\">",
            "<meta name=\"author\" content=\"Dirk Soentjens - http://www.soentjens.example\">",
        ));
        let got: Vec<_> = s.iter().map(|s| (text(s), s.references)).collect();
        assert_eq!(
            got,
            [
                ("https://moved.example/", true),
                ("http://schema.org/EventScheduled", false),
                ("Dirk Soentjens - http://www.soentjens.example", false),
            ]
        );
    }

    #[test]
    fn other_attributes_are_kept_when_they_could_hold_a_uri() {
        // A relative refresh URL (no `:`), upper-case names, a `style`
        // with a URL; `class` and `title` without a `:` give nothing.
        let s = segs(concat!(
            "<META HTTP-EQUIV=refresh CONTENT=\"5; url=/moved/\">",
            "<td class=\"x\" STYLE=\"background:url(http://img.example/bg.png)\" title=\"no\">",
        ));
        let attribute = |element: &str, attribute: &str| SegmentKind::HtmlAttribute {
            element: element.to_string(),
            attribute: attribute.to_string(),
        };
        let got: Vec<_> = s
            .iter()
            .map(|s| (text(s), s.kind.clone(), s.references))
            .collect();
        assert_eq!(
            got,
            [
                ("/moved/", attribute("meta", "content"), true),
                (
                    "background:url(http://img.example/bg.png)",
                    attribute("td", "style"),
                    false
                ),
            ]
        );
    }

    #[test]
    fn fallback_content_is_its_own_kind() {
        // phishing_pot sample-7713 hides a newsletter in `<noframes>`.
        let s = segs("<noframes><a href=\"https://adobe.com/\">x</a></noframes><p>shown https://s.example/</p><xmp>http://x.example/</xmp>");
        let got: Vec<_> = s.iter().map(|s| (text(s), s.kind.clone())).collect();
        assert_eq!(
            got,
            [
                (
                    "<a href=\"https://adobe.com/\">x</a>",
                    SegmentKind::HtmlFallback("noframes")
                ),
                ("shown https://s.example/", SegmentKind::HtmlText),
                ("http://x.example/", SegmentKind::HtmlText),
            ]
        );
    }
}
