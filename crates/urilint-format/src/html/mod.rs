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
//!   `data-saferedirecturl`, an `onclick` with a `mailto:`, `content`),
//!   decoded, with `references: false`: scanned as text for absolute
//!   URIs; an `xmlns` value that starts with a scheme, whole, with
//!   `references: true` (a namespace name is one URI); and a doctype as
//!   written when the tokenizer reads a system identifier in it (a URI),
//!   as `HtmlAttribute { element: "!doctype", attribute: "identifier" }`.
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
//! - In a document, text is split at every tag: a URI broken by a tag
//!   inside it (`http://example.org/<wbr>path`, `http://<b>x</b>.org`) is
//!   found only up to the tag. In a mail part ([`segments`]) text goes on
//!   across the tags of inline elements that only style it (`<span>`,
//!   `<b>`, `<font>`, `<wbr>`, ...; not `<a>`, `<img>`, `<br>` nor block
//!   elements), as a browser lays them out: HTML mail splits a link's
//!   text into styled `<span>`s (phishing_pot sample-340).
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

mod attribute;
mod collector;
mod decoded;
mod emitter;
#[cfg(test)]
mod tests;

use attribute::*;
use collector::*;
use decoded::*;
use emitter::*;

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
pub fn guard_attributes(html: &[u8]) -> std::borrow::Cow<'_, [u8]> {
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

/// True for the elements whose tags a mail part's text goes on across
/// (`name` in any case): phrasing elements that only style their text or
/// mark a place to break it (HTML section 4.5, text-level semantics;
/// `font`, `nobr`, `strike`, `big`, `tt` of HTML 4; Word's `o:p`), which
/// a browser lays out inline, with no space added. Not `a` (a link's
/// text is its own), `img`, `br` nor any block element.
fn joins_text(name: &[u8]) -> bool {
    const INLINE: [&[u8]; 24] = [
        b"span", b"b", b"i", b"u", b"s", b"em", b"strong", b"font", b"small", b"big", b"mark",
        b"sub", b"sup", b"wbr", b"nobr", b"strike", b"abbr", b"bdi", b"bdo", b"dfn", b"ins",
        b"del", b"o:p", b"var",
    ];
    INLINE.iter().any(|n| name.eq_ignore_ascii_case(n))
}

/// The ASCII whitespace of HTML: TAB, LF, FF, CR, SPACE.
fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
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
