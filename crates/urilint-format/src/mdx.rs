//! MDX (`.mdx` pages: Astro Starlight, Nextra, Docusaurus): the segments
//! of a document where URIs are, read with an MDX parser.
//!
//! This module owns reading an MDX document into [`Segment`]s through
//! markdown-rs (the `markdown` crate, `Constructs::mdx()` with front
//! matter and GitHub's tables, footnotes and strikethrough, as
//! `@mdx-js/mdx` with `remark-gfm` and `remark-frontmatter` reads a page):
//!
//! - link and image destinations and reference definitions, as
//!   [`super::markdown`] gives them ([`SegmentKind::MarkdownLink`]);
//! - the literal string values of JSX attributes that hold a URI
//!   ([`URI_ATTRIBUTES`]: `<a href="...">`, `<Image src="...">`,
//!   `<LinkCard href="...">`), as [`SegmentKind::HtmlAttribute`] named by
//!   the element as written;
//! - text (paragraphs, headings, tables, link text) for bare URIs, as
//!   source bytes;
//! - front matter as [`SegmentKind::FrontMatter`].
//!
//! ESM (`import`/`export`), expressions (`{...}`) and attribute values
//! written as expressions are JavaScript and are skipped; code is skipped
//! unless asked for. MDX has no HTML: `<` opens JSX, and indented lines
//! are not code (MDX 2 "What is MDX?", "Markdown" section). Positions are
//! byte offsets into the original bytes. It does not own checking links
//! (`crate::links`) nor anchors (`crate::links::anchors`).

use std::ops::Range;

use markdown::mdast::{AttributeContent, AttributeValue, Node};
use markdown::{Constructs, ParseOptions};

use super::markdown::{as_text, code_span_content, decoded_as, definition, text_segment};
use super::segment::{Segment, SegmentKind};

/// The most bytes of an MDX page read (2 MiB); a larger page is not read
/// and the run says so (real pages are under 200 KiB).
pub const MAX_MDX_BYTES: usize = 2 * 1024 * 1024;

/// The deepest block quote nesting read (`> > > ...` on one line): past
/// it, a page is not read. Real pages nest two or three.
pub const MAX_QUOTE_DEPTH: usize = 64;

/// True when a line of `src` opens more than [`MAX_QUOTE_DEPTH`] block
/// quotes (`>` markers separated by spaces at its start).
fn too_deep(src: &[u8]) -> bool {
    src.split(|&b| b == b'\n').any(|line| {
        line.iter()
            .take_while(|&&b| matches!(b, b'>' | b' ' | b'\t'))
            .filter(|&&b| b == b'>')
            .count()
            > MAX_QUOTE_DEPTH
    })
}

/// The stack of the thread an MDX page is parsed on (512 MiB, reserved
/// not committed): markdown-rs builds and drops its tree recursively, one
/// frame per level of nesting, and [`MAX_MDX_BYTES`] of `>` nest that
/// deep.
const PARSE_STACK: usize = 512 * 1024 * 1024;

/// JSX attributes whose literal string value is one URI reference
/// (lowercase): `href` (`<a>`, Starlight `<LinkCard>`/`<LinkButton>`,
/// Nextra `<Cards.Card>`) and `src` (`<img>`, Astro `<Image>`).
pub const URI_ATTRIBUTES: &[&str] = &["href", "src"];

/// Why an MDX page was not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MdxError {
    /// The page is larger than [`MAX_MDX_BYTES`] (its size in bytes).
    #[error("MDX page of {0} bytes, larger than {MAX_MDX_BYTES}: not read")]
    TooLarge(usize),
    /// markdown-rs refused the page (MDX is strict: an unclosed JSX tag or
    /// expression does not compile); the parser's message with its
    /// 1-based line and column.
    #[error("not read as MDX: {0}")]
    Syntax(String),
    /// A line nests block quotes deeper than [`MAX_QUOTE_DEPTH`]
    /// (markdown-rs's time grows with the square of the depth).
    #[error("MDX page with block quotes nested more than {MAX_QUOTE_DEPTH} deep: not read")]
    TooDeep,
    /// The parse could not run (no thread could be started for it).
    #[error("not read as MDX: the parser could not run")]
    NotRun,
}

/// The parse options: MDX with front matter and GitHub's tables,
/// footnotes, strikethrough and task lists (what Starlight, Nextra and
/// Docusaurus give `@mdx-js/mdx`). Literal autolinks are left as text:
/// the scanner finds bare URIs in it.
fn options() -> ParseOptions {
    ParseOptions {
        constructs: Constructs {
            frontmatter: true,
            gfm_footnote_definition: true,
            gfm_label_start_footnote: true,
            gfm_strikethrough: true,
            gfm_table: true,
            gfm_task_list_item: true,
            ..Constructs::mdx()
        },
        mdx_esm_parse: Some(Box::new(esm_parse)),
        ..ParseOptions::mdx()
    }
}

/// Whether the ESM block `js` (`import`/`export` lines, as far as a blank
/// line) is complete: brackets balanced and no string, template or
/// comment left open, JavaScript's tokens skipped as MDX's own parser
/// (acorn) would read them. `Eof` asks markdown-rs to go on past the
/// blank line (an `export const x = [` whose entries are spread over
/// paragraphs, an `export function` returning JSX); without it, the
/// block ended at the first blank line and the page did not parse
/// (16 of the 185 `.mdx` pages of shuding/nextra). Regular expression
/// literals are not told from division: a `/[/` in one may leave the
/// block open to the page's end, which is then not read.
fn esm_parse(js: &str) -> markdown::MdxSignal {
    let b = js.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    let open = |what: &str| {
        markdown::MdxSignal::Eof(
            format!("unexpected end of file in {what}"),
            Box::new("urilint".into()),
            Box::new("esm".into()),
        )
    };
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => match memchr::memmem::find(&b[i + 2..], b"*/") {
                Some(e) => i += 2 + e + 1,
                None => return open("a comment"),
            },
            q @ (b'\'' | b'"' | b'`') => {
                i += 1;
                while i < b.len() && b[i] != q {
                    if b[i] == b'\\' {
                        i += 1;
                    } else if q != b'`' && b[i] == b'\n' {
                        // Not a string: an apostrophe of JSX text.
                        break;
                    }
                    i += 1;
                }
                if i >= b.len() {
                    return open("a string");
                }
            }
            b'{' | b'[' | b'(' => depth += 1,
            b'}' | b']' | b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    if depth > 0 {
        open("a block")
    } else {
        markdown::MdxSignal::Ok
    }
}

/// Reads the MDX document `src` into segments, in document order (of
/// their first byte); offsets relative to the start of `src`. With
/// `include_code`, the text of code spans and code blocks is given too.
///
/// # Errors
/// [`MdxError`]: the page is too large, or is not MDX that compiles.
pub fn segments(src: &[u8], include_code: bool) -> Result<Vec<Segment>, MdxError> {
    if src.len() > MAX_MDX_BYTES {
        return Err(MdxError::TooLarge(src.len()));
    }
    if too_deep(src) {
        return Err(MdxError::TooDeep);
    }
    let text = as_text(src);
    let parse = || -> Result<Vec<Segment>, MdxError> {
        let tree =
            markdown::to_mdast(&text, &options()).map_err(|m| MdxError::Syntax(m.to_string()))?;
        let mut out = Vec::new();
        walk(&tree, src, include_code, &mut out);
        out.sort_by_key(|s| s.map.start(0));
        drop(tree);
        Ok(out)
    };
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("urilint-mdx".into())
            .stack_size(PARSE_STACK)
            .spawn_scoped(s, parse)
            .ok()
            .and_then(|h| h.join().ok())
            .unwrap_or(Err(MdxError::NotRun))
    })
}

/// The byte range of `node` in the source (`None` for a node without a
/// position).
fn range(node: &Node) -> Option<Range<usize>> {
    node.position().map(|p| p.start.offset..p.end.offset)
}

/// The segments of `root` and its descendants, into `out` (walked with a
/// stack of our own: the tree may be as deep as the page is long).
fn walk(root: &Node, src: &[u8], include_code: bool, out: &mut Vec<Segment>) {
    let mut stack: Vec<&Node> = vec![root];
    // Reference definitions, and the (normalized) labels links and
    // images use: a definition none uses is read as
    // [`super::markdown::UNUSED_DEFINITION`].
    let mut definitions: Vec<(Range<usize>, &String, &String)> = Vec::new();
    let mut used: Vec<&String> = Vec::new();
    while let Some(node) = stack.pop() {
        let mut children = true;
        match node {
            Node::MdxjsEsm(_) | Node::MdxFlowExpression(_) | Node::MdxTextExpression(_) => {
                children = false;
            }
            Node::Yaml(_) | Node::Toml(_) => {
                if let Some(r) = range(node) {
                    let inner = inner_lines(src, r);
                    if inner.start < inner.end {
                        out.push(Segment::exact(src, inner, SegmentKind::FrontMatter, false));
                    }
                }
            }
            Node::Text(_) => {
                if let Some(r) = range(node) {
                    let blank = src
                        .get(r.clone())
                        .is_none_or(|t| t.iter().all(u8::is_ascii_whitespace));
                    if !blank {
                        out.push(text_segment(src, r));
                    }
                }
            }
            Node::InlineCode(_) if include_code => {
                if let Some(r) = range(node) {
                    let inner = code_span_content(src, r);
                    out.push(Segment::exact(src, inner, SegmentKind::Code("span"), false));
                }
            }
            Node::Code(_) if include_code => {
                if let Some(r) = range(node) {
                    let inner = inner_lines(src, r);
                    if inner.start < inner.end {
                        out.push(Segment::exact(
                            src,
                            inner,
                            SegmentKind::Code("fenced"),
                            false,
                        ));
                    }
                }
            }
            Node::Link(l) => {
                link(src, node, &l.url, "link", &l.children, out);
                children = !same_text(src, &l.children, &l.url);
            }
            Node::Image(i) => {
                link(src, node, &i.url, "image", &[], out);
            }
            Node::Definition(d) => {
                if let Some(r) = range(node) {
                    definitions.push((r, &d.url, &d.identifier));
                }
            }
            Node::LinkReference(l) => used.push(&l.identifier),
            Node::ImageReference(i) => used.push(&i.identifier),
            Node::MdxJsxFlowElement(e) => jsx(src, node, e.name.as_deref(), &e.attributes, out),
            Node::MdxJsxTextElement(e) => jsx(src, node, e.name.as_deref(), &e.attributes, out),
            _ => {}
        }
        if children {
            if let Some(c) = node.children() {
                stack.extend(c.iter().rev());
            }
        }
    }
    for (r, url, id) in definitions {
        out.extend(definition(src, r, url, used.contains(&id)));
    }
}

/// The lines of `r` between its first and its last (a front matter
/// block's or a fenced code block's content without its fences).
fn inner_lines(src: &[u8], r: Range<usize>) -> Range<usize> {
    let end = r.end.min(src.len());
    let start = r.start.min(end);
    let bytes = &src[start..end];
    let Some(first) = memchr::memchr(b'\n', bytes) else {
        return end..end;
    };
    let body_start = start + first + 1;
    let last = memchr::memrchr(b'\n', &src[body_start..end]).map_or(body_start, |i| body_start + i);
    body_start..last.max(body_start)
}

/// True when the link text `children` is one text that is the destination
/// itself (`[https://x](https://x)`): it is not given twice.
fn same_text(src: &[u8], children: &[Node], url: &str) -> bool {
    match children {
        [only @ Node::Text(_)] => range(only)
            .and_then(|r| src.get(r))
            .is_some_and(|t| t.trim_ascii() == url.as_bytes()),
        _ => false,
    }
}

/// The destination of the inline link or image `node` (decoded as `url`),
/// written after the `](` that ends its text: `<...>` or a run without
/// white space with balanced parentheses (CommonMark section 6.3).
fn link(
    src: &[u8],
    node: &Node,
    url: &str,
    what: &'static str,
    children: &[Node],
    out: &mut Vec<Segment>,
) {
    let Some(r) = range(node) else { return };
    let end = r.end.min(src.len());
    let after_text = children
        .last()
        .and_then(range)
        .map_or(r.start + 1, |c| c.end)
        .min(end);
    let Some(dest) = super::markdown::destination_after(src, after_text, end) else {
        return;
    };
    out.extend(decoded_as(src, dest, url, SegmentKind::MarkdownLink(what)));
}

/// The URI-valued attributes ([`URI_ATTRIBUTES`]) with a literal string
/// value of the JSX element `node` named `name`, found in its opening tag.
fn jsx(
    src: &[u8],
    node: &Node,
    name: Option<&str>,
    attributes: &[AttributeContent],
    out: &mut Vec<Segment>,
) {
    let Some(r) = range(node) else { return };
    let end = r.end.min(src.len());
    // The opening tag: attribute values are searched from its start, in
    // the order they are written.
    let mut from = r.start.min(end);
    for a in attributes {
        let AttributeContent::Property(p) = a else {
            continue;
        };
        let Some(AttributeValue::Literal(value)) = &p.value else {
            continue;
        };
        let Some(at) = attribute_value(src, from..end, &p.name) else {
            continue;
        };
        from = at.end;
        if !URI_ATTRIBUTES
            .iter()
            .any(|u| p.name.eq_ignore_ascii_case(u))
        {
            continue;
        }
        let Some(mut seg) = decoded_as(
            src,
            at,
            value,
            SegmentKind::HtmlAttribute {
                element: name.unwrap_or_default().to_string(),
                attribute: p.name.to_ascii_lowercase(),
            },
        ) else {
            continue;
        };
        seg.references = true;
        out.push(seg);
    }
}

/// Where the quoted value of the attribute `name` is written in `within`
/// (between its quotes): the first `name`, optional white space, `=`,
/// optional white space and a quote, with `name` not part of a longer
/// name.
fn attribute_value(src: &[u8], within: Range<usize>, name: &str) -> Option<Range<usize>> {
    let hay = src.get(within.clone())?;
    let mut from = 0;
    while let Some(i) = memchr::memmem::find(&hay[from..], name.as_bytes()) {
        let at = from + i;
        from = at + 1;
        let before_ok = at == 0 || !is_name_byte(hay[at - 1]);
        let mut j = at + name.len();
        if !before_ok || hay.get(j).is_some_and(|&b| is_name_byte(b)) {
            continue;
        }
        while hay.get(j).is_some_and(u8::is_ascii_whitespace) {
            j += 1;
        }
        if hay.get(j) != Some(&b'=') {
            continue;
        }
        j += 1;
        while hay.get(j).is_some_and(u8::is_ascii_whitespace) {
            j += 1;
        }
        let quote = *hay.get(j).filter(|b| matches!(b, b'"' | b'\''))?;
        let s = j + 1;
        let e = s + memchr::memchr(quote, &hay[s..])?;
        return Some(within.start + s..within.start + e);
    }
    None
}

/// True for a byte of a JSX attribute name.
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':' | b'.' | b'$')
}

/// Components of Astro Starlight (`@astrojs/starlight/components`) and
/// Nextra (`nextra/components`) that render no element with an id a link
/// could name: a page that renders only these (and HTML elements) has
/// the anchors its headings make.
pub const COMPONENTS_WITHOUT_IDS: &[&str] = &[
    "Aside",
    "Badge",
    "Bleed",
    "Callout",
    "Card",
    "CardGrid",
    "Cards",
    "Cards.Card",
    "Code",
    "FileTree",
    "Icon",
    "Image",
    "LinkButton",
    "LinkCard",
    "Steps",
    "TabItem",
    "Table",
    "Tabs",
    "Tabs.Tab",
];

/// The first component (a JSX element whose name starts with an upper
/// case letter or holds a `.`) of the MDX page `src` that is not one of
/// [`COMPONENTS_WITHOUT_IDS`]: it may render elements with ids (an API
/// table's rows) that no heading of the page makes. `None` when there is
/// none.
///
/// Read lexically, not parsed (a parse is a millisecond a page, and this
/// is asked of every page a fragment points into): a `<` followed by a
/// name, outside fenced code blocks and code spans. It may take for a
/// component what MDX would not (a `<Name` in text of a page that does
/// not compile): the page's anchors are then taken as unknown, which
/// reports less, never more. A line longer than 16 KiB is taken as
/// holding one (its name is then a phrase saying so).
pub fn component_with_ids(src: &[u8]) -> Option<String> {
    components_with_ids(src, 1).into_iter().next()
}

/// The components of the MDX (or JSX) text `src` that
/// [`component_with_ids`] finds, each once, in the order of their first
/// use, at most `most` of them.
pub fn components_with_ids(src: &[u8], most: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut fence: Option<(u8, usize)> = None;
    for line in src.split(|&b| b == b'\n') {
        let indent = line.iter().take_while(|&&b| b == b' ').count();
        let body = &line[indent.min(line.len())..];
        let mark = body.first().copied().filter(|&b| b == b'`' || b == b'~');
        let run = mark.map_or(0, |m| body.iter().take_while(|&&b| b == m).count());
        match (fence, mark) {
            (Some((m, n)), Some(k)) if k == m && run >= n && indent < 4 => {
                if body[run..].iter().all(u8::is_ascii_whitespace) {
                    fence = None;
                }
                continue;
            }
            (Some(_), _) => continue,
            (None, Some(m)) if run >= 3 && indent < 4 => {
                fence = Some((m, run));
                continue;
            }
            _ => {}
        }
        if line.len() > MAX_LINE {
            // Not read (code spans over it would be read in time
            // quadratic in its length): taken as a component's.
            out.push(format!("(a line of over {MAX_LINE} bytes)"));
            return out;
        }
        for name in components_in_line(line) {
            if out.len() >= most {
                return out;
            }
            if !out.contains(&name) {
                out.push(name);
            }
        }
    }
    out
}

/// The longest line [`component_with_ids`] reads, in bytes.
const MAX_LINE: usize = 16 * 1024;

/// The components of one line of MDX text (see [`component_with_ids`]),
/// in order, code spans (between equal runs of backticks) passed over.
fn components_in_line(line: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < line.len() {
        match line[i] {
            b'`' => {
                let run = line[i..].iter().take_while(|&&b| b == b'`').count();
                let rest = &line[i + run..];
                let mut j = 0;
                let mut close = None;
                while j < rest.len() {
                    if rest[j] == b'`' {
                        let r = rest[j..].iter().take_while(|&&b| b == b'`').count();
                        if r == run {
                            close = Some(j);
                            break;
                        }
                        j += r;
                    } else {
                        j += 1;
                    }
                }
                i += run + close.map_or(0, |j| j + run);
            }
            b'<' => {
                let name: Vec<u8> = line[i + 1..]
                    .iter()
                    .copied()
                    .take_while(|&b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
                    .collect();
                i += 1 + name.len();
                let Ok(name) = String::from_utf8(name) else {
                    continue;
                };
                let component =
                    name.starts_with(|c: char| c.is_ascii_uppercase()) || name.contains('.');
                if component && !COMPONENTS_WITHOUT_IDS.contains(&name.as_str()) {
                    out.push(name);
                }
            }
            _ => i += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<(String, String)> {
        segments(src.as_bytes(), false)
            .unwrap_or_default()
            .into_iter()
            .map(|s| {
                let at = s.map.start(0) as usize;
                let text = String::from_utf8_lossy(&s.text).into_owned();
                // Each reference maps back to the very bytes it came from.
                if s.references && s.map.is_exact(0..s.text.len() as u64) {
                    assert_eq!(&src.as_bytes()[at..at + s.text.len()], s.text.as_slice());
                }
                (s.kind.name().to_string(), text)
            })
            .collect()
    }

    #[test]
    fn links_definitions_and_jsx_attributes() {
        let src =
            "---\ntitle: X\n---\nimport { LinkCard } from '@astrojs/starlight/components';\n\n\
                   # Intro {/* c */}\n\nSee [the guide](/guides/x/#a) and ![i](./a.png).\n\n\
                   <LinkCard title=\"T\" href=\"/reference/y/\" />\n\n<a href={x}>no</a>\n\n\
                   <Card>\n    [indented](../z/)\n</Card>\n\n[r]: <https://example.org/d>\n";
        let got = texts(src);
        let links: Vec<&str> = got
            .iter()
            .filter(|(k, _)| k != "markdown-text" && k != "front-matter")
            .map(|(_, t)| t.as_str())
            .collect();
        assert_eq!(
            links,
            [
                "/guides/x/#a",
                "./a.png",
                "/reference/y/",
                "../z/",
                "https://example.org/d"
            ]
        );
        assert!(got
            .iter()
            .any(|(k, t)| k == "front-matter" && t == "title: X"));
        // ESM is not text.
        assert!(!got.iter().any(|(_, t)| t.contains("@astrojs")));
    }

    #[test]
    fn refused_and_too_large() {
        assert!(matches!(
            segments(b"<Card>\n\nunclosed\n", false),
            Err(MdxError::Syntax(_))
        ));
        let big = vec![b'a'; MAX_MDX_BYTES + 1];
        assert_eq!(
            segments(&big, false),
            Err(MdxError::TooLarge(MAX_MDX_BYTES + 1))
        );
    }

    #[test]
    fn components_that_may_make_ids() {
        let starlight = b"import { Tabs, TabItem } from '@astrojs/starlight/components';\n\n<Tabs>\n<TabItem label=\"a\">x</TabItem>\n</Tabs>\n\n<a id=\"x\">y</a>\n";
        assert_eq!(component_with_ids(starlight), None);
        let xyflow = b"## Common props\n\n<APIDocs props={frontmatter.props} />\n";
        assert_eq!(component_with_ids(xyflow).as_deref(), Some("APIDocs"));
        assert_eq!(component_with_ids(b"# Title\n"), None);
        // In code, a component is an example.
        let code = b"```jsx\n<APIDocs />\n```\n\nUse `<Props />` here, and <Tabs>.\n";
        assert_eq!(component_with_ids(code), None);
        let after = b"~~~\n<A/>\n~~~\nThen <Props.Table of={x} />\n";
        assert_eq!(component_with_ids(after).as_deref(), Some("Props.Table"));
    }

    /// shuding/nextra docs/app/blog/page.mdx: an `export const` whose
    /// array has blank lines in it (markdown-rs alone ends ESM there).
    #[test]
    fn esm_over_blank_lines() {
        let src = "export const posts = [\n  {\n    title: 'Nextra 4',\n\n    date: '2025-01-01'\n  }\n]\n\n# Blog\n\nSee [the docs](/docs).\n";
        let got = texts(src);
        assert!(
            got.iter()
                .any(|(k, t)| k == "markdown-link" && t == "/docs"),
            "{got:?}"
        );
        assert!(!got.iter().any(|(_, t)| t.contains("Nextra 4")));
    }

    #[test]
    fn deep_nesting_is_no_crash() {
        let deep = ">".repeat(200_000);
        assert_eq!(segments(deep.as_bytes(), false), Err(MdxError::TooDeep));
        let nested = format!("{}[x](/y)\n", "> ".repeat(MAX_QUOTE_DEPTH));
        assert!(segments(nested.as_bytes(), false).is_ok_and(|s| !s.is_empty()));
    }

    /// A reference definition no link or image uses is read as
    /// [`super::super::markdown::UNUSED_DEFINITION`]: `check --links
    /// local` does not follow it (issue 46 round 4, kubernetes-sigs/kind).
    #[test]
    fn unused_definitions_are_marked() {
        let segs = segments(
            b"See [used] and ![img][pic].\n\n[used]: ./a.md\n[pic]: ./p.png\n[unused]: ./b.md\n",
            false,
        )
        .unwrap_or_default();
        let defs: Vec<(String, &str)> = segs
            .iter()
            .filter_map(|s| match s.kind {
                SegmentKind::MarkdownLink(f) if f.contains("definition") => {
                    Some((String::from_utf8_lossy(&s.text).into_owned(), f))
                }
                _ => None,
            })
            .collect();
        assert_eq!(
            defs,
            [
                ("./a.md".to_string(), "definition"),
                ("./p.png".to_string(), "definition"),
                (
                    "./b.md".to_string(),
                    super::super::markdown::UNUSED_DEFINITION
                ),
            ]
        );
    }
}
