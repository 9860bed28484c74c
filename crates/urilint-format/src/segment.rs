//! Segments: decoded text with a map back to the bytes it came from.
//!
//! This module owns [`Segment`] and [`SegmentKind`], what every format
//! module yields. It does not own decoding (the format modules) nor
//! scanning (the `scan` module, which runs on [`Segment::text`] as it
//! runs on a file).

use std::sync::Arc;

use super::map::OffsetMap;

/// What a segment's text is, as records and diagnostics name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SegmentKind {
    /// Body text (a text/plain part, a plain-text file).
    Text,
    /// The value of a message header field, unfolded; the name as
    /// written (e.g. `List-Archive`).
    Header(String),
    /// Text content of an HTML document (entities decoded).
    HtmlText,
    /// The value of an HTML attribute that holds a URI or URI list
    /// (entities decoded); the element and attribute names, lowercase
    /// (e.g. `a`, `href`).
    HtmlAttribute {
        /// Element name.
        element: String,
        /// Attribute name.
        attribute: String,
    },
    /// The text of an HTML comment.
    HtmlComment,
    /// Fallback content that a browser does not show, raw text as
    /// written: the contents of `<noframes>`, `<noembed>` and `<iframe>`
    /// (HTML section 13.2: read as raw text by a browser that supports
    /// frames and embedded content, which every browser and mail reader
    /// now does); the element's name. Scanned and linted, but no reader
    /// follows its links ([`super::role::Role::Mention`]).
    HtmlFallback(&'static str),
    /// Text of a Markdown document (paragraphs, headings, tables, link
    /// text), as its source bytes.
    MarkdownText,
    /// A destination of a Markdown link: `link`, `image`, `autolink` or
    /// `definition` (of a reference link).
    MarkdownLink(&'static str),
    /// Code (with `--include-code`): a Markdown code `span`, a `fenced`
    /// or `indented` code block.
    Code(&'static str),
    /// A front matter block (YAML or TOML) of a Markdown document.
    FrontMatter,
    /// Text of a reStructuredText document, as its source bytes.
    RstText,
    /// Text of a cell of a reStructuredText grid or simple table, as its
    /// source bytes: read as [`SegmentKind::RstText`] (records name it
    /// `rst-text`), but the table's columns are drawn around it, so an
    /// edit there must keep its width in characters.
    RstCell,
    /// A link of a reStructuredText document: an `embedded` URI
    /// (`` `t <uri>`_ ``), a hyperlink `target` (`.. _n: uri`, `:target:`),
    /// an `image` or `figure` argument.
    RstLink(&'static str),
    /// Text of a roff document (a man page), escapes decoded, filled
    /// lines joined by spaces ([`super::roff`]).
    RoffText,
    /// A link of a roff document, one URI reference: the argument of the
    /// macro named (`UR` of man(7), `URL` of groff's www.tmac, `Lk` and
    /// `%U` of mdoc(7)). A kind of its own, as Markdown's and
    /// reStructuredText's links are: records name the format it was read
    /// in, and a rewrite writes it back with roff escapes.
    RoffLink(&'static str),
    /// The text of a roff comment (`.\"`, `\"`, `.ig`), as written: read
    /// as HTML comments are (scanned and linted), a kind of its own since
    /// `html-comment` would misname it.
    RoffComment,
    /// Text of an XML document ([`super::xml`]: SVG, drawio, any XML): a
    /// run of character data and CDATA between tags, or a comment, with
    /// entity and character references decoded.
    XmlText,
    /// The value of an attribute of an XML element, references decoded
    /// (SVG's `href`, `xlink:href`; drawio's `link`, and `value`, which
    /// holds HTML).
    XmlAttribute {
        /// The element's name as written (`a`, `svg:a`, `UserObject`).
        element: String,
        /// The attribute's name as written (`xlink:href`).
        attribute: String,
    },
}

impl SegmentKind {
    /// The name used in JSON records: `text`, `header`, `html-text`,
    /// `html-attribute`, `html-comment`, `html-fallback`, `markdown-text`, `markdown-link`,
    /// `code`, `front-matter`, `rst-text`, `rst-link`, `roff-text`,
    /// `roff-link`, `roff-comment`.
    pub fn name(&self) -> &'static str {
        match self {
            SegmentKind::Text => "text",
            SegmentKind::Header(_) => "header",
            SegmentKind::HtmlText => "html-text",
            SegmentKind::HtmlAttribute { .. } => "html-attribute",
            SegmentKind::HtmlComment => "html-comment",
            SegmentKind::HtmlFallback(_) => "html-fallback",
            SegmentKind::MarkdownText => "markdown-text",
            SegmentKind::MarkdownLink(_) => "markdown-link",
            SegmentKind::Code(_) => "code",
            SegmentKind::FrontMatter => "front-matter",
            SegmentKind::RstText | SegmentKind::RstCell => "rst-text",
            SegmentKind::RstLink(_) => "rst-link",
            SegmentKind::RoffText => "roff-text",
            SegmentKind::RoffLink(_) => "roff-link",
            SegmentKind::RoffComment => "roff-comment",
            SegmentKind::XmlText => "xml-text",
            SegmentKind::XmlAttribute { .. } => "xml-attribute",
        }
    }
}

/// Decoded text and the map of its bytes back to the input it was decoded
/// from (offsets relative to the start of that input: a file, a message,
/// a MIME part's body).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The decoded text: UTF-8 where the input declared or allowed it
    /// (bytes that are not UTF-8 are kept as they are).
    pub text: Vec<u8>,
    /// What the text is.
    pub kind: SegmentKind,
    /// Decoded offsets (0-based into `text`) to input offsets.
    pub map: OffsetMap,
    /// A base URI that relative references in this segment are resolved
    /// against (HTML `<base href>`, RFC 2396 Appendix D), already
    /// resolved itself; `None` when there is none. Shared: every segment
    /// of a page holds the same one (a page of many segments and a long
    /// base costs the base once, not once a segment).
    pub base: Option<Arc<str>>,
    /// True when relative references are to be looked for (URI-valued
    /// HTML attributes: a whole attribute value is one URI reference, or
    /// for `srcset` a list of them).
    pub references: bool,
}

impl Segment {
    /// A segment of the bytes `range` of `src` as they are (0-based byte
    /// offsets, end exclusive), mapped one for one; no base. Panics never:
    /// `range` is clamped to `src`.
    pub fn exact(
        src: &[u8],
        range: std::ops::Range<usize>,
        kind: SegmentKind,
        references: bool,
    ) -> Segment {
        let end = range.end.min(src.len());
        let start = range.start.min(end);
        Segment {
            text: src[start..end].to_vec(),
            kind,
            map: OffsetMap::identity(start as u64, (end - start) as u64),
            base: None,
            references,
        }
    }
}
