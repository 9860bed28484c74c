//! Markdown (CommonMark with GitHub's extensions): the segments of a
//! document where URIs are.
//!
//! This module owns reading a Markdown document into [`Segment`]s through
//! `pulldown-cmark` (chosen over `comrak` and `markdown-rs` because it is
//! a pull parser that gives the source range of every event, needs no
//! tree of the whole document, and is what rustdoc and mdBook use):
//!
//! - link and image destinations of inline links (`[t](dest "title")`,
//!   `<dest>` too), with entities and backslash escapes decoded as the
//!   parser decodes them; each is one URI reference
//!   ([`Segment::references`]);
//! - autolinks (`<https://x>`); e-mail autolinks are addresses, not URIs,
//!   and are left out;
//! - reference definitions (`[label]: dest "title"`, the destination
//!   only), where full, collapsed and shortcut reference links point;
//! - raw HTML (blocks and inline) through [`super::html`];
//! - text (paragraphs, headings, tables, link text), for bare URIs: the
//!   source bytes of contiguous text runs, so positions are exact and the
//!   scanner's Appendix E rules (trailing punctuation, unbalanced
//!   brackets, URIs broken across lines) apply as in plain text.
//!   Emphasis markers, which the parser takes out, end a run. Link text
//!   that is the link's own destination (`[https://x](https://x)`) is not
//!   given twice;
//! - front matter (YAML `---` or TOML `+++` blocks) as plain text.
//!
//! Code spans, fenced and indented code blocks are examples, not links:
//! they are left out unless asked for, and then given as
//! [`SegmentKind::Code`]. It does not own scanning the segments nor
//! checking local links (`crate::links`).

use std::ops::Range;

use pulldown_cmark::{
    BrokenLink, CodeBlockKind, CowStr, Event, LinkType, Options, Parser, Tag, TagEnd,
};

use super::map::OffsetMap;
use super::markdown_references::{BrokenRef, Gather, References};
use super::segment::{Segment, SegmentKind};

/// The parser options: GitHub's extensions (tables, strikethrough, task
/// lists, footnotes) and heading attributes (`# Title {#id}`).
pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
}

/// The parser options for the document `src`: [`options`], and front
/// matter (a YAML block between `---` lines, or TOML between `+++`
/// lines) only when the document starts with one, as site generators
/// read it (Jekyll, Hugo, MkDocs). To find the front matter only
/// (`split_front_matter`): with these options pulldown-cmark would also
/// take a later `---` ... `---` pair (thematic breaks around a section, a
/// changelog's entries) for a metadata block and hide the headings and
/// links between them.
pub fn options_for(src: &[u8]) -> Options {
    let src = src.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(src);
    let first = &src[..memchr::memchr(b'\n', src).unwrap_or(src.len())];
    match first.trim_ascii_end() {
        b"---" => options() | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS,
        b"+++" => options() | Options::ENABLE_PLUSES_DELIMITED_METADATA_BLOCKS,
        _ => options(),
    }
}

/// The parser events with byte ranges of `text`.
pub(crate) type OffsetEvents<'a> = Vec<(Event<'a>, Range<usize>)>;

/// `text` split for parsing: the events of its front matter (the
/// metadata block that is the document's first block, `---` YAML or
/// `+++` TOML, from its start to its end events, ranges in bytes of
/// `text`; empty when there is none), and `text` with that block's bytes
/// made spaces (line ends kept), offset for offset, to parse with
/// [`options`] (no metadata blocks).
///
/// Front matter exists only at the start of a file (Jekyll, Hugo,
/// Docusaurus, MkDocs' meta, VitePress, Astro): a later `---` line is a
/// thematic break, which pulldown-cmark with its metadata option would
/// read as the opening of a block up to the next `---` (facebook/metro
/// `docs/Configuration.md`).
pub fn split_front_matter(text: &str) -> (OffsetEvents<'_>, std::borrow::Cow<'_, str>) {
    let opts = options_for(text.as_bytes());
    if !opts.intersects(
        Options::ENABLE_YAML_STYLE_METADATA_BLOCKS
            | Options::ENABLE_PLUSES_DELIMITED_METADATA_BLOCKS,
    ) {
        return (Vec::new(), std::borrow::Cow::Borrowed(text));
    }
    let mut events = Vec::new();
    let mut end = None;
    for (i, (event, range)) in Parser::new_ext(text, opts).into_offset_iter().enumerate() {
        if i == 0 && !matches!(event, Event::Start(Tag::MetadataBlock(_))) {
            break;
        }
        let done = matches!(event, Event::End(TagEnd::MetadataBlock(_)));
        if done {
            end = Some(range.end);
        }
        events.push((event, range));
        if done {
            break;
        }
    }
    let Some(end) = end.filter(|&e| e <= text.len()) else {
        return (Vec::new(), std::borrow::Cow::Borrowed(text));
    };
    let mut bytes = text.as_bytes().to_vec();
    for c in &mut bytes[..end] {
        if *c != b'\n' && *c != b'\r' {
            *c = b' ';
        }
    }
    match String::from_utf8(bytes) {
        Ok(body) => (events, std::borrow::Cow::Owned(body)),
        Err(_) => (Vec::new(), std::borrow::Cow::Borrowed(text)),
    }
}

/// `src` as a `str` for the parser, offset for offset: each byte that is
/// not part of a valid UTF-8 sequence becomes U+001A SUBSTITUTE (one
/// byte), so that the parser's ranges are ranges of `src`; `src` itself,
/// borrowed, when it is UTF-8.
///
/// The spaces inside a template expression (`{{ site.url }}`) in a
/// reference definition's line (`[1]: {{ site.url }}/x`) become `-`:
/// Jekyll (Liquid) and MkDocs macros (Jinja) render the expression
/// before the Markdown is read, so the line is a definition where
/// CommonMark, reading the expression's spaces, would take it and the
/// definitions after it for paragraph text (and `[t][1](x)` for the
/// inline link `[1](x)`; ruby/www.ruby-lang.org).
pub fn as_text(src: &[u8]) -> std::borrow::Cow<'_, str> {
    let text = match std::str::from_utf8(src) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => {
            let mut out = String::with_capacity(src.len());
            for chunk in src.utf8_chunks() {
                out.push_str(chunk.valid());
                for _ in chunk.invalid() {
                    out.push('\u{1a}');
                }
            }
            std::borrow::Cow::Owned(out)
        }
    };
    match template_definitions_masked(&text) {
        Some(masked) => std::borrow::Cow::Owned(masked),
        None => text,
    }
}

/// `text` with the spaces inside each one-line `{{ ... }}` of a line
/// that opens a reference definition (up to three spaces, `[label]:`)
/// made `-`, byte for byte; `None` when there is none.
fn template_definitions_masked(text: &str) -> Option<String> {
    if memchr::memmem::find(text.as_bytes(), b"]:").is_none()
        || memchr::memmem::find(text.as_bytes(), b"{{").is_none()
    {
        return None;
    }
    let mut bytes: Option<Vec<u8>> = None;
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let end = start + line.len();
        let lead = line.len() - line.trim_start_matches(' ').len();
        let opens = lead <= 3
            && line[lead..].starts_with('[')
            && line
                .find("]:")
                .is_some_and(|i| i > lead && !line[lead + 1..i].contains(['[', ']']));
        if opens && line.contains("{{") {
            let b = bytes.get_or_insert_with(|| text.as_bytes().to_vec());
            let mut at = start;
            while let Some(i) = memchr::memmem::find(&b[at..end], b"{{") {
                let open = at + i + 2;
                let Some(j) = memchr::memmem::find(&b[open..end], b"}}") else {
                    break;
                };
                for c in &mut b[open..open + j] {
                    if *c == b' ' || *c == b'\t' {
                        *c = b'-';
                    }
                }
                at = open + j + 2;
            }
        }
        start = end;
    }
    // Only ASCII spaces were replaced, by an ASCII byte: still UTF-8.
    bytes.and_then(|b| String::from_utf8(b).ok())
}

/// A link being read: its start event and what is inside.
struct OpenLink {
    link_type: LinkType,
    dest: String,
    range: Range<usize>,
    image: bool,
    /// End of the last event inside it (its text), if any.
    inner_end: Option<usize>,
    /// The text runs inside it (source ranges).
    text: Vec<Range<usize>>,
}

/// Reads the Markdown document `src` into segments, in document order
/// (of their first byte). Offsets of every segment's map are relative to
/// the start of `src`. With `include_code`, the text of code spans and
/// code blocks is given too ([`SegmentKind::Code`]). Never fails: any
/// input is a Markdown document.
pub fn segments(src: &[u8], include_code: bool) -> Vec<Segment> {
    segments_and_references(src, include_code, false, false).0
}

/// The segments read from the parser's events so far
/// ([`segments_and_references`]), and what is open between events.
struct Segments<'s> {
    /// The document.
    src: &'s [u8],
    /// The text of code spans and blocks is given too.
    include_code: bool,
    /// The segments read.
    out: Vec<Segment>,
    /// The run of text not yet pushed.
    run: Option<Range<usize>>,
    /// The run of HTML not yet pushed.
    html: Option<Range<usize>>,
    /// The links and images open (nested).
    links: Vec<OpenLink>,
    /// In a code block: its kind.
    code_block: Option<&'static str>,
    /// In front matter.
    front_matter: bool,
}

impl Segments<'_> {
    /// Text outside links at `range`: the run goes on, or a new one
    /// starts.
    fn text(&mut self, range: Range<usize>) {
        let src = self.src;
        // The text of a paragraph goes on over line breaks
        // and the indentation after them (which the parser
        // leaves out of its events), so that a URI broken
        // across lines is read as in plain text.
        // A backslash escape between two text events
        // (`mail\@example.com`) is one run too: its text reads
        // as the character escaped ([`text_segment`]).
        let apart = self.run.as_ref().is_some_and(|r| {
            src.get(r.end..range.start).is_none_or(|gap| {
                gap != b"\\"
                    && !gap
                        .iter()
                        .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
                    && !intraword_emphasis(src, r.end, range.start)
            })
        });
        if apart {
            flush(src, &mut self.run, &mut self.out);
        }
        extend(&mut self.run, range);
    }

    /// An event at `range` inside the innermost open link: where its
    /// inner text ends so far.
    fn inside_link(&mut self, range: &Range<usize>) {
        if let Some(l) = self.links.last_mut() {
            if range.start >= l.range.start && range.end <= l.range.end && *range != l.range {
                l.inner_end = Some(l.inner_end.map_or(range.end, |e| e.max(range.end)));
            }
        }
    }

    /// One parser event (CommonMark's inlines and blocks) over `range`.
    fn event(&mut self, event: Event<'_>, range: Range<usize>) {
        let (src, include_code) = (self.src, self.include_code);
        self.inside_link(&range);
        let is_html = matches!(event, Event::Html(_) | Event::InlineHtml(_));
        if !is_html {
            if let Some(h) = self.html.take() {
                push_html(src, h, include_code, &mut self.out);
            }
        }
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                flush(src, &mut self.run, &mut self.out);
                self.code_block = Some(match kind {
                    CodeBlockKind::Fenced(_) => "fenced",
                    CodeBlockKind::Indented => "indented",
                });
            }
            Event::End(TagEnd::CodeBlock) => {
                flush_as(
                    src,
                    &mut self.run,
                    &mut self.out,
                    self.code_block.map(SegmentKind::Code),
                );
                self.code_block = None;
            }
            Event::Start(Tag::MetadataBlock(_)) => {
                flush(src, &mut self.run, &mut self.out);
                self.front_matter = true;
            }
            Event::End(TagEnd::MetadataBlock(_)) => {
                flush_as(
                    src,
                    &mut self.run,
                    &mut self.out,
                    Some(SegmentKind::FrontMatter),
                );
                self.front_matter = false;
            }
            Event::Text(_) if self.code_block.is_some() || self.front_matter => {
                if include_code || self.front_matter {
                    extend(&mut self.run, range);
                }
            }
            Event::Text(_) | Event::SoftBreak | Event::HardBreak => match self.links.last_mut() {
                Some(l) if l.link_type == LinkType::Autolink || l.link_type == LinkType::Email => {}
                Some(l) => l.text.push(range),
                None => self.text(range),
            },
            Event::Code(_) => {
                flush(src, &mut self.run, &mut self.out);
                if include_code {
                    let inner = code_span_content(src, range);
                    if !inner.is_empty() {
                        self.out
                            .push(Segment::exact(src, inner, SegmentKind::Code("span"), false));
                    }
                }
            }
            Event::Html(_) | Event::InlineHtml(_) => {
                flush(src, &mut self.run, &mut self.out);
                self.html = Some(match self.html.take() {
                    Some(h) if h.end == range.start => h.start..range.end,
                    Some(h) => {
                        push_html(src, h, include_code, &mut self.out);
                        range
                    }
                    None => range,
                });
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            })
            | Event::Start(Tag::Image {
                link_type,
                dest_url,
                ..
            }) => {
                flush(src, &mut self.run, &mut self.out);
                let image = src.get(range.start) == Some(&b'!');
                self.links.push(OpenLink {
                    link_type,
                    dest: dest_url.to_string(),
                    range,
                    image,
                    inner_end: None,
                    text: Vec::new(),
                });
            }
            Event::End(TagEnd::Link) | Event::End(TagEnd::Image) => {
                if let Some(l) = self.links.pop() {
                    close_link(src, l, &mut self.out);
                }
            }
            // Emphasis markers: the text runs on where they stand inside
            // a word ([`intraword_emphasis`], decided at the next text).
            Event::Start(Tag::Emphasis | Tag::Strong)
            | Event::End(TagEnd::Emphasis | TagEnd::Strong) => {}
            _ => flush(src, &mut self.run, &mut self.out),
        }
    }
}

/// [`segments`], and when `references` is true the document's link
/// references as [`super::markdown_references::references`] gives them,
/// from the same parse (a document is parsed once for both; `None` when
/// `references` is false). With `math`, `$...$` and `$$...$$` are math
/// spans (MyST's `dollarmath`): nothing in them is read, as in a code
/// span (`$$ y_t[G](x) $$` is no link).
pub fn segments_and_references(
    src: &[u8],
    include_code: bool,
    references: bool,
    math: bool,
) -> (Vec<Segment>, Option<References>) {
    let mut text = as_text(src);
    if math {
        if let Some(masked) = without_display_math(&text) {
            text = std::borrow::Cow::Owned(masked);
        }
    }
    let mut state = Segments {
        src,
        include_code,
        out: Vec::new(),
        run: None,
        html: None,
        links: Vec::new(),
        code_block: None,
        front_matter: false,
    };
    // With `references`: what the parse says of them (nothing to gather,
    // for a document without a definition, a reference or an empty link).
    let mut gather = if references {
        Gather::for_document(src)
    } else {
        None
    };
    let mut broken: Vec<BrokenRef> = Vec::new();
    let gathering = gather.is_some();
    let callback = |link: BrokenLink<'_>| {
        if gathering {
            broken.push((link.span, link.link_type, link.reference.to_string()));
        }
        None::<(CowStr<'_>, CowStr<'_>)>
    };
    let mut options = options();
    if math {
        options |= Options::ENABLE_MATH;
    }
    let (front, body) = split_front_matter(&text);
    let mut front = front.into_iter();
    let mut iter =
        Parser::new_with_broken_link_callback(&body, options, Some(callback)).into_offset_iter();
    // Starts of the reference definitions some link or image uses.
    let mut used: Vec<usize> = Vec::new();
    while let Some((event, range)) = front.next().or_else(|| iter.next()) {
        if let Some(g) = gather.as_mut() {
            g.event(&event, &range, iter.reference_definitions());
        }
        if let Event::Start(Tag::Link { id, .. } | Tag::Image { id, .. }) = &event {
            if let Some(def) = iter.reference_definitions().get(id) {
                used.push(def.span.start);
            }
        }
        state.event(event, range);
    }
    let Segments {
        mut out,
        mut run,
        mut html,
        ..
    } = state;
    flush(src, &mut run, &mut out);
    if let Some(h) = html.take() {
        push_html(src, h, include_code, &mut out);
    }
    for (_, def) in iter.reference_definitions().iter() {
        let used = used.contains(&def.span.start);
        if let Some(seg) = definition(src, def.span.clone(), &def.dest, used) {
            out.push(seg);
        }
    }
    let gathered = gather.map(|g| g.finish(src, iter.reference_definitions()));
    drop(iter);
    let found = references.then(|| match gathered {
        Some(g) => g.references(src, &text, broken),
        None => References::default(),
    });
    // (In order already but for definitions: no sort, and its buffer of
    // half the segments, then.)
    if !out.is_sorted_by_key(|s| s.map.start(0)) {
        out.sort_by_key(|s| s.map.start(0));
    }
    (out, found)
}

/// `text` with its display math blocks (MyST `dollarmath`: a line that
/// starts with `$$`, up to the line that ends with `$$`, an equation
/// label `(label)` after it allowed) made spaces, line breaks kept, so
/// that offsets stay those of `text`; `None` when it has none. A block
/// rule of markdown-it's `dollarmath` (mdit-py-plugins
/// `math_block_dollar`): a line inside that looks like a list item or a
/// heading is math, which pulldown-cmark's inline `$$` does not know.
/// Fenced code is passed over; a block never closed is not math.
fn without_display_math(text: &str) -> Option<String> {
    let mut blocks: Vec<Range<usize>> = Vec::new();
    let mut fence: Option<&str> = None;
    let mut open: Option<usize> = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let indent = line.len() - line.trim_start_matches(' ').len();
        let t = line.trim();
        if open.is_none() && indent < 4 {
            let marker = ["```", "~~~"].into_iter().find(|m| t.starts_with(m));
            match (fence, marker) {
                (None, Some(m)) => {
                    fence = Some(m);
                    continue;
                }
                (Some(f), Some(m)) if f == m => {
                    fence = None;
                    continue;
                }
                _ => {}
            }
        }
        if fence.is_some() {
            continue;
        }
        let closes = |t: &str| {
            t.rsplit_once("$$").is_some_and(|(_, label)| {
                let label = label.trim();
                label.is_empty() || (label.starts_with('(') && label.ends_with(')'))
            })
        };
        match open {
            None if indent < 4 && t.starts_with("$$") => {
                // `$$ x $$` on one line is a whole block.
                if t.len() > 2 && closes(&t[2..]) {
                    blocks.push(start..at);
                } else {
                    open = Some(start);
                }
            }
            Some(s) if closes(t) => {
                blocks.push(s..at);
                open = None;
            }
            _ => {}
        }
    }
    if blocks.is_empty() {
        return None;
    }
    let mut bytes = text.as_bytes().to_vec();
    for b in blocks {
        for c in &mut bytes[b] {
            if *c != b'\n' && *c != b'\r' {
                *c = b' ';
            }
        }
    }
    String::from_utf8(bytes).ok()
}

/// The byte ranges of `src`'s code: code spans (with their backticks)
/// and code blocks (fenced ones with their fences), in document order.
/// What `check --fix` leaves alone in a Markdown file.
pub fn code_ranges(src: &[u8]) -> Vec<Range<u64>> {
    let text = as_text(src);
    let mut out = Vec::new();
    let (_, body) = split_front_matter(&text);
    for (event, range) in Parser::new_ext(&body, options()).into_offset_iter() {
        match event {
            Event::Code(_) | Event::Start(Tag::CodeBlock(_)) => {
                out.push(range.start as u64..range.end as u64);
            }
            _ => {}
        }
    }
    out
}

/// The byte ranges of `src`'s paragraphs (0-based, end exclusive), in
/// document order: a line that looks like a link reference definition
/// (`[x]: http://...`) but lies in one is paragraph text, not a
/// definition (`check --add-ignore` places its markers by this).
pub fn paragraph_ranges(src: &[u8]) -> Vec<Range<u64>> {
    let text = as_text(src);
    let (_, body) = split_front_matter(&text);
    Parser::new_ext(&body, options())
        .into_offset_iter()
        .filter(|(event, _)| matches!(event, Event::Start(Tag::Paragraph)))
        .map(|(_, range)| range.start as u64..range.end as u64)
        .collect()
}

/// The byte ranges of `src`'s links and images, whole (`[text](dest)`,
/// `![alt][ref]`, `<autolink>`; 0-based, end exclusive), in document
/// order: a URI in link text is no link of its own (CommonMark allows no
/// link in a link; GFM links no bare URI there), so `rewrite` never makes
/// it an autolink there (L10 of the 2026-11-29 review).
pub fn link_ranges(src: &[u8]) -> Vec<Range<u64>> {
    let text = as_text(src);
    let (_, body) = split_front_matter(&text);
    Parser::new_ext(&body, options())
        .into_offset_iter()
        .filter(|(event, _)| matches!(event, Event::Start(Tag::Link { .. } | Tag::Image { .. })))
        .map(|(_, range)| range.start as u64..range.end as u64)
        .collect()
}

/// True when the source bytes `src[start..end]`, between two text
/// events, are emphasis markers (`*`, `_`) with text right before and
/// after them, in a word (`https://v2-*MINOR*.docs.fluxcd.io/`,
/// fluxcd/website: the reader sees `v2-MINOR` with `MINOR` emphasised, a
/// placeholder). Read as one run, as in plain text, so that a URI is not
/// cut at the marker (urilint's `template::is_template` says what the
/// emphasised word is). GFM's extended autolinks take no `*` into a
/// domain (GFM spec section 6.9, "valid domain"), so no renderer makes
/// such a text a link.
fn intraword_emphasis(src: &[u8], start: usize, end: usize) -> bool {
    let (Some(gap), Some(&before), Some(&after)) = (
        src.get(start..end),
        start.checked_sub(1).and_then(|i| src.get(i)),
        src.get(end),
    ) else {
        return false;
    };
    !gap.is_empty()
        && gap.iter().all(|b| matches!(b, b'*' | b'_'))
        && !before.is_ascii_whitespace()
        && !after.is_ascii_whitespace()
}

/// Adds `range` to the text run.
fn extend(run: &mut Option<Range<usize>>, range: Range<usize>) {
    *run = Some(match run.take() {
        Some(r) => r.start..range.end.max(r.end),
        None => range,
    });
}

/// Ends the text run: one text segment of its source bytes.
fn flush(src: &[u8], run: &mut Option<Range<usize>>, out: &mut Vec<Segment>) {
    flush_as(src, run, out, Some(SegmentKind::MarkdownText));
}

/// Ends the text run as a segment of `kind` (dropped when `None`, and
/// when it is white space only: no URI is there, and a page of links has
/// one such run between every two).
fn flush_as(
    src: &[u8],
    run: &mut Option<Range<usize>>,
    out: &mut Vec<Segment>,
    kind: Option<SegmentKind>,
) {
    if let (Some(r), Some(kind)) = (run.take(), kind) {
        let blank = src
            .get(r.clone())
            .is_none_or(|t| t.iter().all(u8::is_ascii_whitespace));
        if r.start < r.end && r.end <= src.len() && !blank {
            out.push(match kind {
                SegmentKind::MarkdownText => text_segment(src, r),
                kind => Segment::exact(src, r, kind, false),
            });
        }
    }
}

/// The text of source bytes `range` as Markdown reads it: a backslash
/// before an ASCII punctuation character is an escape (CommonMark section
/// 2.4) and reads as that character alone, so that `mail\@example.com`
/// and `a\_b` are read as they render; every other byte is copied as it
/// is. The map skips each escaping backslash (a URI read across one maps
/// to source bytes that are not its text: it is not edited there).
pub(super) fn text_segment(src: &[u8], range: Range<usize>) -> Segment {
    let bytes = &src[range.clone()];
    if !bytes.contains(&b'\\') {
        return Segment::exact(src, range, SegmentKind::MarkdownText, false);
    }
    let mut text = Vec::with_capacity(bytes.len());
    let mut map = OffsetMap::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' && bytes.get(i + 1).is_some_and(u8::is_ascii_punctuation) {
            i += 1;
        }
        text.push(bytes[i]);
        map.exact((range.start + i) as u64, 1);
        i += 1;
    }
    Segment {
        text,
        kind: SegmentKind::MarkdownText,
        map,
        base: None,
        references: false,
    }
}

/// A segment of `decoded`, which the parser read from source bytes
/// `range`: one for one when they are the same bytes, else as a whole.
pub(super) fn decoded_as(
    src: &[u8],
    range: Range<usize>,
    decoded: &str,
    kind: SegmentKind,
) -> Option<Segment> {
    if decoded.is_empty() || range.end > src.len() || range.start >= range.end {
        return None;
    }
    if &src[range.clone()] == decoded.as_bytes() {
        return Some(Segment::exact(src, range, kind, true));
    }
    let mut map = OffsetMap::new();
    map.group(
        range.start as u64,
        (range.end - range.start) as u64,
        decoded.len() as u64,
    );
    Some(Segment {
        text: decoded.as_bytes().to_vec(),
        kind,
        map,
        base: None,
        references: true,
    })
}

/// The content of a code span (`` `x` ``, ``` `` a ` b `` ```): the bytes
/// between its backtick strings, without one space on each side when both
/// are there.
pub(super) fn code_span_content(src: &[u8], range: Range<usize>) -> Range<usize> {
    let end = range.end.min(src.len());
    let mut s = range.start.min(end);
    let mut e = end;
    while s < e && src[s] == b'`' {
        s += 1;
    }
    while e > s && src[e - 1] == b'`' {
        e -= 1;
    }
    if e > s + 1 && src[s] == b' ' && src[e - 1] == b' ' {
        s += 1;
        e -= 1;
    }
    s..e
}

/// The raw HTML of source bytes `range`, read as a document (code
/// elements are code) through the HTML source.
fn push_html(src: &[u8], range: Range<usize>, include_code: bool, out: &mut Vec<Segment>) {
    let Some(bytes) = src.get(range.clone()) else {
        return;
    };
    for mut seg in super::html::document_segments(bytes, include_code) {
        seg.map.shift(range.start as u64);
        out.push(seg);
    }
}

/// The segments of a link or image that ended: its destination (inline
/// links and autolinks; reference links point to a definition, given
/// once), and its text unless that is the destination itself.
fn close_link(src: &[u8], l: OpenLink, out: &mut Vec<Segment>) {
    let what = if l.image { "image" } else { "link" };
    // The destination after the text: segments come in document order.
    let mut destination = None;
    match l.link_type {
        LinkType::Autolink => {
            let r = l.range.start + 1..l.range.end.saturating_sub(1);
            if r.start < r.end && r.end <= src.len() {
                out.push(Segment::exact(
                    src,
                    r,
                    SegmentKind::MarkdownLink("autolink"),
                    true,
                ));
            }
            return;
        }
        LinkType::Email => return,
        LinkType::Inline => {
            destination = inline_destination(src, &l)
                .and_then(|r| decoded_as(src, r, &l.dest, SegmentKind::MarkdownLink(what)));
        }
        _ => {}
    }
    // The link text, in runs of contiguous source.
    let mut runs: Vec<Range<usize>> = Vec::new();
    for r in l.text {
        match runs.last_mut() {
            Some(last) if last.end == r.start => last.end = r.end,
            _ => runs.push(r),
        }
    }
    let same = runs.len() == 1
        && src
            .get(runs[0].clone())
            .is_some_and(|t| t.trim_ascii() == l.dest.as_bytes());
    if !same {
        for r in runs {
            if r.start < r.end && r.end <= src.len() {
                out.push(text_segment(src, r));
            }
        }
    }
    out.extend(destination);
}

/// Where the destination of inline link `l` is written: after the `](`
/// that ends its text, optional white space (one line break at most),
/// then `<...>` or a run without white space and with balanced
/// parentheses (CommonMark section 6.3, link destination).
fn inline_destination(src: &[u8], l: &OpenLink) -> Option<Range<usize>> {
    let end = l.range.end.min(src.len());
    let from = l.inner_end.unwrap_or(l.range.start + 1).min(end);
    destination_after(src, from, end)
}

/// The destination written after the first `](` of `src[from..end]`
/// (byte offsets into `src`): optional white space, then `<...>` (its
/// inside) or a run without white space and with balanced parentheses
/// (CommonMark section 6.3, link destination). `None` when there is no
/// `](`, or a `<` opens a destination that `end` comes before closing.
pub(crate) fn destination_after(src: &[u8], from: usize, end: usize) -> Option<Range<usize>> {
    let end = end.min(src.len());
    let from = from.min(end);
    let close = from + memchr::memmem::find(&src[from..end], b"](")?;
    let mut i = close + 2;
    while i < end && matches!(src[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    if i < end && src[i] == b'<' {
        let s = i + 1;
        let e = s + memchr::memchr(b'>', &src[s..end])?;
        return Some(s..e);
    }
    let s = i;
    let mut depth = 0usize;
    while i < end {
        match src[i] {
            b'\\' if i + 1 < end => i += 1,
            b'(' => depth += 1,
            b')' if depth == 0 => break,
            b')' => depth -= 1,
            b if b <= b' ' => break,
            _ => {}
        }
        i += 1;
    }
    Some(s..i)
}

/// The field ([`SegmentKind::MarkdownLink`]) of the destination of a
/// reference definition that no link or image of the document uses
/// (rule `L005`): it renders nothing, so no reader follows it, and
/// `check --links local` does not look for its target (issue 46 round
/// 4: kubernetes-sigs/kind's `[project structure]: /docs/...`).
/// CommonMark 0.31 section 4.7 (link reference definitions).
pub const UNUSED_DEFINITION: &str = "unused-definition";

/// The destination of the reference definition written at `span`
/// (`[label]: dest "title"`), decoded as `dest`; `used` false for a
/// definition no link or image uses ([`UNUSED_DEFINITION`]).
pub(super) fn definition(
    src: &[u8],
    span: Range<usize>,
    dest: &str,
    used: bool,
) -> Option<Segment> {
    let end = span.end.min(src.len());
    let start = span.start.min(end);
    let colon = start + memchr::memmem::find(&src[start..end], b"]:")?;
    let mut i = colon + 2;
    while i < end && matches!(src[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    let range = if i < end && src[i] == b'<' {
        let s = i + 1;
        s..s + memchr::memchr(b'>', &src[s..end])?
    } else {
        let s = i;
        while i < end && src[i] > b' ' {
            i += 1;
        }
        s..i
    };
    let field = if used {
        "definition"
    } else {
        UNUSED_DEFINITION
    };
    decoded_as(src, range, dest, SegmentKind::MarkdownLink(field))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(src: &str, include_code: bool) -> Vec<(String, &'static str, String)> {
        segments(src.as_bytes(), include_code)
            .into_iter()
            .map(|s| {
                let span = s.map.span(0..s.text.len() as u64);
                let field = match &s.kind {
                    SegmentKind::MarkdownLink(f) | SegmentKind::Code(f) => f,
                    _ => "",
                };
                let raw = &src.as_bytes()[span.start as usize..span.end as usize];
                assert!(
                    s.map.is_exact(0..s.text.len() as u64) == (raw == &s.text[..]),
                    "{s:?}"
                );
                (
                    String::from_utf8_lossy(&s.text).into_owned(),
                    field,
                    String::from_utf8_lossy(raw).into_owned(),
                )
            })
            .collect()
    }

    /// Front matter is read only at the start of a file: a later `---`
    /// pair is two thematic breaks, and the headings and links between
    /// them are read (facebook/metro `docs/Configuration.md`, issue 46).
    #[test]
    fn thematic_breaks_after_front_matter_are_not_metadata() {
        let src = include_str!("../../../fixtures/markdown/thematic-breaks/Configuration.md");
        let found = found(src, false);
        assert!(
            found
                .iter()
                .any(|(text, _, _)| text == "https://reactnative.dev/docs/images"),
            "{found:?}"
        );
        let front: Vec<_> = segments(src.as_bytes(), false)
            .into_iter()
            .filter(|s| s.kind == SegmentKind::FrontMatter)
            .collect();
        assert_eq!(front.len(), 1);
        assert_eq!(
            front[0].text,
            b"id: configuration\ntitle: Configuring Metro\n"
        );
        assert_eq!(front[0].map.span(0..3), 4..7);
        // The offsets of the body are those of the file.
        let at = src.find("#nodemodulespaths").unwrap_or(0) as u64;
        assert!(found
            .iter()
            .any(|(text, _, raw)| text == "#nodemodulespaths" && raw == "#nodemodulespaths"));
        assert!(segments(src.as_bytes(), false)
            .iter()
            .any(|s| s.text == b"#nodemodulespaths" && s.map.span(0..1).start == at));
    }

    /// A paragraph's text is one run over its line breaks and their
    /// indentation, so that `<http://a/b/` + newline + `   c>` is one URI
    /// as in plain text (found on a test that rewrote it in two pieces);
    /// a quote marker between lines ends the run.
    /// Issue 26's and issue 25's `mail\@example.com`: a backslash escape
    /// reads as the character it escapes (a rewrite of the misread URI
    /// `mailto:mail` wrote `<mailto:mail>\@example.com`).
    #[test]
    fn backslash_escapes_read_as_the_character() {
        let src = b"Did you mean 'mailto:mail\\@example.com'? a\\_b";
        let segs = segments(src, false);
        assert_eq!(segs.len(), 1);
        assert_eq!(
            std::str::from_utf8(&segs[0].text).unwrap_or(""),
            "Did you mean 'mailto:mail@example.com'? a_b"
        );
        // The `@` maps to its own byte, after the skipped backslash.
        let at = segs[0].text.iter().position(|&b| b == b'@').unwrap_or(0) as u64;
        assert_eq!(segs[0].map.span(at..at + 1), 26..27);
        assert!(!segs[0].map.is_exact(at - 1..at + 1));
    }

    #[test]
    fn paragraph_text_runs_over_line_breaks() {
        let got = found("Broken: <http://old.example/c/\r\n   d> end\n", false);
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].0, "Broken: <http://old.example/c/\r\n   d> end");
        let got = found("> q http://b.example/c/\n> d\n", false);
        assert_eq!(got.len(), 2, "{got:?}");
    }

    #[test]
    fn every_link_form() {
        let src = "# Title\n\nSee [the spec](https://spec.example/a_(b) \"T\") and ![img](<img path.png>),\n\
                   <https://auto.example/x>, <me@mail.example>, [ref][r] and [r].\n\n\
                   [r]: https://ref.example/\\_x \"title\"\n\n\
                   Bare http://bare.example/p, here.\n\n\
                   [a&amp;b](http://e.example/?a=1&amp;b=2)\n";
        let got = found(src, false);
        let dests: Vec<_> = got.iter().filter(|g| !g.1.is_empty()).cloned().collect();
        assert_eq!(
            dests,
            [
                (
                    "https://spec.example/a_(b)".into(),
                    "link",
                    "https://spec.example/a_(b)".into()
                ),
                ("img path.png".into(), "image", "img path.png".into()),
                (
                    "https://auto.example/x".into(),
                    "autolink",
                    "https://auto.example/x".into()
                ),
                (
                    "https://ref.example/_x".into(),
                    "definition",
                    "https://ref.example/\\_x".into()
                ),
                (
                    "http://e.example/?a=1&b=2".into(),
                    "link",
                    "http://e.example/?a=1&amp;b=2".into()
                ),
            ]
        );
        let text: Vec<_> = got
            .iter()
            .filter(|g| g.1.is_empty())
            .map(|g| g.0.clone())
            .collect();
        assert!(
            text.contains(&"Bare http://bare.example/p, here.".to_string()),
            "{text:?}"
        );
        assert!(!text.iter().any(|t| t.contains("me@mail")), "{text:?}");
    }

    #[test]
    fn code_is_left_out_unless_asked() {
        let src = "Use `http://span.example/` or\n\n```sh\ncurl http://fenced.example/\n```\n\n    http://indented.example/\n";
        let none = found(src, false);
        assert!(none.iter().all(|g| !g.0.contains("example")), "{none:?}");
        let all = found(src, true);
        let code: Vec<_> = all
            .iter()
            .filter(|g| !g.1.is_empty())
            .map(|g| (g.0.trim().to_string(), g.1))
            .collect();
        assert_eq!(
            code,
            [
                ("http://span.example/".to_string(), "span"),
                ("curl http://fenced.example/".to_string(), "fenced"),
                ("http://indented.example/".to_string(), "indented"),
            ]
        );
    }

    #[test]
    fn html_inside_markdown_and_link_text() {
        let src = "Text <a href=\"http://html.example/\">x</a>.\n\n<div>\n<img src=\"http://block.example/i.png\">\n</div>\n\n[https://same.example/](https://same.example/)\n";
        let got = found(src, false);
        let all: Vec<_> = got.iter().map(|g| g.0.as_str()).collect();
        assert!(all.contains(&"http://html.example/"), "{all:?}");
        assert!(all.contains(&"http://block.example/i.png"), "{all:?}");
        assert_eq!(
            all.iter().filter(|t| t.contains("same.example")).count(),
            1,
            "{all:?}"
        );
        for g in &got {
            if g.0.starts_with("http://") {
                assert_eq!(g.0, g.2);
            }
        }
    }

    #[test]
    fn front_matter_is_text_and_invalid_utf8_keeps_offsets() {
        let src = b"---\nurl: http://front.example/\n---\n\ncaf\xe9 http://after.example/\n";
        let segs = segments(src, false);
        let texts: Vec<_> = segs
            .iter()
            .map(|s| String::from_utf8_lossy(&s.text).into_owned())
            .collect();
        assert!(
            texts.iter().any(|t| t.contains("http://front.example/")),
            "{texts:?}"
        );
        let after = segs
            .iter()
            .find(|s| s.text.ends_with(b"http://after.example/"))
            .map(|s| s.map.span(0..s.text.len() as u64));
        let at = src.windows(6).position(|w| w == b"caf\xe9 h").unwrap_or(0) as u64;
        assert_eq!(after.map(|r| r.start), Some(at));
    }

    /// ruby/www.ruby-lang.org's ja/news/_posts/2003-08-04-20030804.md
    /// (lines 25-36): the first definition's destination is Liquid
    /// (`{{ site.url }}/...`), which Jekyll renders before kramdown reads
    /// the page; `[...][4](英語)` is the reference link `[4]` and the text
    /// `(英語)`, never the inline link `[4](英語)`.
    #[test]
    fn liquid_in_a_definition() {
        let src = "Ruby 1.6.xからの変更点については、\n\
                   [&lt;URL:https://cache.ruby-lang.org/pub/ruby/1.8/changes.1.8.0&gt;][4](英語)や\n\
                   参考にしてください。\n\n\n\n\
                   [1]: {{ site.url }}/download-1.8.0.rbx\n\
                   [4]: https://cache.ruby-lang.org/pub/ruby/1.8/changes.1.8.0\n";
        let got = found(src, false);
        assert!(
            !got.iter()
                .any(|(t, f, _)| t.contains("英語") && !f.is_empty()),
            "{got:?}"
        );
        assert!(
            got.iter()
                .any(|(t, _, _)| t == "https://cache.ruby-lang.org/pub/ruby/1.8/changes.1.8.0"),
            "{got:?}"
        );
        assert_eq!(
            template_definitions_masked("[1]: {{ site.url }}/x\n{{ a b }}\n").as_deref(),
            Some("[1]: {{-site.url-}}/x\n{{ a b }}\n")
        );
    }

    /// MyST's `dollarmath` (QuantEcon/lecture-python.myst,
    /// misspecified_recovery.md): display math is a block, a line in it
    /// that looks like a list item (`  - \frac`) is math; inline `$...$`
    /// too. Without `math` the same text is Markdown.
    #[test]
    fn dollar_math_holds_no_links() {
        let src = "$$\ny_t^P[G](x)\n= \\frac{1}{t}\\log E_P[G_t \\mid X_0=x]\n  - \\frac{1}{t}\\log E_P[S_tG_t \\mid X_0=x].\n$$\n\n$$ [a](b) $$ (eq-label)\n\nInline $[Q_t f](x)$ and [a link](y.md).\n\n```\n$$\n```\n\n[after](z.md)\n";
        let links = |math: bool| -> Vec<String> {
            segments_and_references(src.as_bytes(), false, false, math)
                .0
                .iter()
                .filter(|s| matches!(s.kind, SegmentKind::MarkdownLink(_)))
                .map(|s| String::from_utf8_lossy(&s.text).into_owned())
                .collect()
        };
        assert_eq!(links(true), ["y.md", "z.md"]);
        assert_eq!(links(false), ["x", "b", "x", "y.md", "z.md"]);
        // Offsets are kept: the link after the math is where it is.
        let (segs, _) = segments_and_references(src.as_bytes(), false, false, true);
        let y = segs
            .iter()
            .find(|s| &s.text[..] == b"y.md")
            .map(|s| s.map.start(0));
        assert_eq!(y, src.find("y.md").map(|i| i as u64));
    }

    /// A reference definition no link or image uses (kubernetes-sigs/kind's
    /// `[project structure]: /docs/contributing/project-structure`, issue
    /// 46 round 4) is read as [`UNUSED_DEFINITION`]: it renders nothing,
    /// so `check --links local` does not follow it; a used one (also by a
    /// collapsed or shortcut reference, or an image) stays a definition.
    #[test]
    fn emphasis_inside_a_word_does_not_cut_the_text() {
        // fluxcd/website `content/en/flux/releases/procedure.md:380`.
        let src = "For older Flux versions, the website is hosted at\nhttps://v2-*MINOR*.docs.fluxcd.io/. And *this* is apart.\n";
        let texts: Vec<String> = segments(src.as_bytes(), false)
            .iter()
            .map(|s| String::from_utf8_lossy(&s.text).into_owned())
            .collect();
        assert!(
            texts[0].contains("https://v2-*MINOR*.docs.fluxcd.io/."),
            "{texts:?}"
        );
        assert!(!texts.iter().any(|t| t.contains("*this*")), "{texts:?}");
    }

    #[test]
    fn unused_definitions_are_marked() {
        let src = include_str!(
            "../../../fixtures/sites/hugo-unused-definition/site/content/docs/contributing/getting-started.md"
        );
        let got: Vec<(String, &str)> = found(src, false)
            .into_iter()
            .filter(|g| g.1.contains("definition"))
            .map(|g| (g.0, g.1))
            .collect();
        assert_eq!(
            got,
            [
                ("/docs/design/principles".to_string(), "definition"),
                ("/docs/contributing/1.0-roadmap".to_string(), "definition"),
                (
                    "/docs/contributing/project-scope".to_string(),
                    UNUSED_DEFINITION
                ),
                (
                    "/docs/contributing/project-structure".to_string(),
                    UNUSED_DEFINITION
                ),
                ("/docs/design/initial".to_string(), "definition"),
            ]
        );
        let got = found("![a][img] [b][] \n\n[img]: x.png\n[b]: y.md\n", false);
        assert!(
            got.iter().filter(|g| g.1 == "definition").count() == 2,
            "{got:?}"
        );
    }
}
