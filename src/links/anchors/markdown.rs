//! The anchors of a Markdown document: each heading's id as its renderer
//! mints it, explicit `{#id}` attributes, and the `id`/`name` attributes
//! of its raw HTML.

use std::collections::HashSet;

use pulldown_cmark::{Event, LinkType, Parser, Tag, TagEnd};

use super::{html_ids, Anchors};
use crate::format::markdown;
use crate::site::slug::docusaurus::comment_heading_id;
use crate::site::slug::{Entities, HeadingText, LineBreak, Renderer, Slugger};

/// One heading of the document, before ids are minted.
struct Heading {
    /// The id set by `{#id}` (or attr_list's `{ #id }`).
    explicit: Option<String>,
    /// The text the renderer slugs ([`Renderer::heading_text`]).
    text: String,
    /// Byte offset of the heading's first byte in the source (0-based).
    at: usize,
}

/// The anchors of the Markdown document `src` rendered by `renderer`
/// ([`Renderer::Github`] for github.com): each heading's id
/// ([`Renderer::slug`] of the text [`Renderer::heading_text`] says,
/// with the renderer's repeat counter), its `{#id}` when it has one, and
/// the `id`/`name` attributes of raw HTML. A `{#id}` counts as an id
/// whatever the renderer; for one that shows it as text (GitHub, GitLab,
/// markdown-it without markdown-it-attrs) the id of that text is an
/// anchor too.
pub fn of_markdown(src: &[u8], renderer: Renderer) -> Anchors {
    let (ids, mut others) = scan(src, renderer);
    others.extend(ids.into_iter().map(|(id, _)| id));
    others.extend(kramdown_ids(src));
    others.extend(fence_ids(src));
    if matches!(renderer, Renderer::Vitepress | Renderer::Vitepress0) {
        others.extend(markdown_it_attrs_ids(src));
    }
    if matches!(
        renderer,
        Renderer::PythonMarkdown | Renderer::PythonMarkdownUnicode | Renderer::Pymdownx { .. }
    ) {
        others.extend(footnote_ids(src));
    }
    if renderer == Renderer::Github {
        // kramdown (Jekyll, whose headings are slugged as GitHub's) gives
        // footnotes Python-Markdown's ids; GitHub itself `fn-label`.
        let ids = footnote_ids(src);
        let github: Vec<String> = ids.iter().map(|i| i.replacen(':', "-", 1)).collect();
        others.extend(ids);
        others.extend(github);
    }
    Anchors::new(others, renderer.case_insensitive())
}

/// The ids set by kramdown block attribute lists on a line of their own,
/// `{: #v1-0-0}` (Jekyll's Markdown: the id of the block above; kramdown
/// syntax, "Block Inline Attribute Lists").
pub fn kramdown_ids(src: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    for line in src.split(|&b| b == b'\n') {
        let line = line.trim_ascii();
        let Some(inner) = line.strip_prefix(b"{:").and_then(|l| l.strip_suffix(b"}")) else {
            continue;
        };
        for word in inner.split(|b| b.is_ascii_whitespace()) {
            if let Some(id) = word.strip_prefix(b"#").filter(|id| !id.is_empty()) {
                out.push(String::from_utf8_lossy(id).into_owned());
            }
        }
    }
    out
}

/// True when `t` (a line, trimmed) opens or closes a fenced code block
/// of three or more backticks or tildes, `fence` (the open fence's
/// character) updated; a fence of the other character inside an open one
/// is text of it (CommonMark 4.5).
pub(crate) fn fence_line(fence: &mut Option<u8>, t: &[u8]) -> bool {
    let Some(&c @ (b'`' | b'~')) = t.first() else {
        return false;
    };
    if !t.starts_with(&[c; 3]) {
        return false;
    }
    *fence = match *fence {
        None => Some(c),
        Some(f) if f == c => None,
        other => other,
    };
    true
}

/// The ids of fenced code blocks with an attribute list on their opening
/// fence, ```` ``` { .sh .no-copy #example } ```` (pymdownx.superfences
/// and attr_list; goldmark's and markdown-it-attrs' fences alike).
pub fn fence_ids(src: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    for line in src.split(|&b| b == b'\n') {
        let t = line.trim_ascii();
        let fence = t.starts_with(b"```") || t.starts_with(b"~~~");
        let Some(open) = t.iter().position(|&b| b == b'{').filter(|_| fence) else {
            continue;
        };
        let Some(close) = t.iter().rposition(|&b| b == b'}') else {
            continue;
        };
        if close <= open {
            continue;
        }
        for word in t[open + 1..close].split(|b| b.is_ascii_whitespace()) {
            if let Some(id) = word.strip_prefix(b"#").filter(|id| !id.is_empty()) {
                out.push(String::from_utf8_lossy(id).into_owned());
            }
        }
    }
    out
}

/// The ids markdown-it-attrs (on in VitePress) sets outside headings: a
/// line that is only an attribute list, `{#projects-config}` (the id of
/// the paragraph, or the block above), and a custom container's title,
/// `::: warning In-Source Testing {#in-source-testing}`. Lines inside
/// fenced code blocks are passed over. Source: markdown-it-attrs README
/// ("attributes on block elements"), VitePress guide "Markdown
/// Extensions" (custom containers, custom anchors).
pub fn markdown_it_attrs_ids(src: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut fence: Option<u8> = None;
    for line in src.split(|&b| b == b'\n') {
        let t = line.trim_ascii();
        if fence_line(&mut fence, t) || fence.is_some() {
            continue;
        }
        let attrs = if t.starts_with(b"{") {
            t
        } else if t.starts_with(b":::") {
            match t.iter().rposition(|&b| b == b'{') {
                Some(open) => &t[open..],
                None => continue,
            }
        } else {
            continue;
        };
        let Some(inner) = attrs.strip_prefix(b"{").and_then(|a| a.strip_suffix(b"}")) else {
            continue;
        };
        for word in inner.split(|b| b.is_ascii_whitespace()) {
            if let Some(id) = word.strip_prefix(b"#").filter(|id| !id.is_empty()) {
                out.push(String::from_utf8_lossy(id).into_owned());
            }
        }
    }
    out
}

/// The ids Python-Markdown's `footnotes` extension gives a footnote
/// `[^label]:` and its first reference: `fn:label` and `fnref:label`;
/// kramdown's are the same (its `footnote_prefix` empty by default).
pub fn footnote_ids(src: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    for line in src.split(|&b| b == b'\n') {
        let t = line.trim_ascii_start();
        let Some(rest) = t.strip_prefix(b"[^") else {
            continue;
        };
        let Some(end) = rest.iter().position(|&b| b == b']') else {
            continue;
        };
        if rest.get(end + 1) == Some(&b':') && end > 0 {
            let label = String::from_utf8_lossy(&rest[..end]);
            out.push(format!("fn:{label}"));
            out.push(format!("fnref:{label}"));
        }
    }
    out
}

/// The ids Hugo gives the terms of definition lists with
/// `markup.goldmark.parser.autoDefinitionTermID` on: a term is a line
/// followed by one starting with `: ` (goldmark's definition list
/// extension), its text (inline code and emphasis marks dropped) slugged
/// as `renderer` slugs headings. Terms and headings share one set of
/// ids, as Hugo's id generator does: a slug already taken gets `-1`,
/// `-2`... (gohugoio/hugoDocs links the heading `## Matchers` after the
/// term `matchers` as `#matchers-1`).
pub fn definition_term_ids(src: &[u8], renderer: Renderer) -> Vec<String> {
    let text = String::from_utf8_lossy(src);
    let lines: Vec<&str> = text.lines().collect();
    let mut taken: std::collections::HashSet<String> =
        heading_ids(src, renderer).into_iter().collect();
    let mut out = Vec::new();
    for pair in lines.windows(2) {
        let (term, next) = (pair[0].trim_end(), pair[1]);
        if next.starts_with(": ")
            && !term.is_empty()
            && !term.starts_with([':', ' ', '\t', '#', '|', '-', '*', '>'])
        {
            let plain: String = term.chars().filter(|c| !matches!(c, '`' | '*')).collect();
            let slug = renderer.slug(&plain);
            let mut id = slug.clone();
            let mut k = 0;
            while taken.contains(&id) && k < lines.len() {
                k += 1;
                id = format!("{slug}-{k}");
            }
            taken.insert(id.clone());
            out.push(id);
        }
    }
    out
}

/// The id of each heading of the Markdown document `src` in document
/// order, as `renderer` gives it (the explicit `{#id}` of a heading
/// that has one, for a renderer that reads it).
pub fn heading_ids(src: &[u8], renderer: Renderer) -> Vec<String> {
    scan(src, renderer)
        .0
        .into_iter()
        .map(|(id, _)| id)
        .collect()
}

/// [`heading_ids`], each with the 0-based byte offset in `src` of its
/// heading's first byte (the `#` of an ATX heading, the text's first
/// line of a setext one); for go-to-definition on a `#fragment`.
pub fn heading_ids_at(src: &[u8], renderer: Renderer) -> Vec<(String, usize)> {
    scan(src, renderer).0
}

/// Python-Markdown's `Markdown.ESCAPED_CHARS`: the characters a
/// backslash escapes there (CommonMark escapes every ASCII punctuation).
const PYTHON_MARKDOWN_ESCAPES: &str = "\\`*_{}[]()>#+-.!";

/// Marks a character that Python-Markdown holds as text (an escape, an
/// entity, code), so that `strip_tags` does not take it for a tag.
const HELD: char = '\u{E000}';

/// The heading being read.
struct Open {
    heading: Heading,
    /// It has `{...}` attributes.
    has_attributes: bool,
    /// Its source.
    range: std::ops::Range<usize>,
    /// Per open emphasis, link or image: whether its first child was
    /// taken ([`HeadingText::first_child_only`]).
    containers: Vec<bool>,
    /// Inside a container's child after the first: the depth skipped.
    skipping: usize,
    /// Inside an image (its alt text).
    image: usize,
    /// Per open link: whether it is an autolink (`<https://...>`).
    links: Vec<bool>,
}

impl Open {
    /// True when a leaf here is not part of the text (and, with
    /// `first_child_only`, notes the first child taken).
    fn skips(&mut self, policy: &HeadingText) -> bool {
        if self.skipping > 0
            || (self.image > 0 && !policy.image_alt)
            || (self.links.contains(&true) && !policy.autolinks)
        {
            return true;
        }
        if policy.first_child_only {
            if let Some(taken) = self.containers.last_mut() {
                if *taken {
                    return true;
                }
                *taken = true;
            }
        }
        false
    }

    /// A container starts: skipped whole when it is not its parent's
    /// first child.
    fn enter(&mut self, policy: &HeadingText) {
        if self.skipping > 0 {
            self.skipping += 1;
            return;
        }
        if policy.first_child_only {
            if let Some(taken) = self.containers.last_mut() {
                if *taken {
                    self.skipping = 1;
                    return;
                }
                *taken = true;
            }
        }
        self.containers.push(false);
    }

    /// A container ends.
    fn leave(&mut self) {
        if self.skipping > 0 {
            self.skipping -= 1;
        } else {
            self.containers.pop();
        }
    }
}

/// The heading ids of `src` in order (each with its heading's byte
/// offset), and its other anchors.
fn scan(src: &[u8], renderer: Renderer) -> (Vec<(String, usize)>, HashSet<String>) {
    let text = markdown::as_text(src);
    let mut reader = Reader {
        text: &text,
        renderer,
        policy: renderer.heading_text(),
        exact: HashSet::new(),
        headings: Vec::new(),
        open: None,
        in_code_block: false,
    };
    let (_, body) = markdown::split_front_matter(&text);
    for (event, range) in Parser::new_ext(&body, markdown::options()).into_offset_iter() {
        reader.event(event, range, src);
    }
    reader.ids()
}

/// The state of [`scan`] between events: the headings read so far, the
/// one open, and the anchors found outside headings.
struct Reader<'t> {
    /// The document as text (byte offsets index it and `src` alike).
    text: &'t str,
    renderer: Renderer,
    policy: HeadingText,
    /// The anchors other than the minted heading ids.
    exact: HashSet<String>,
    headings: Vec<Heading>,
    open: Option<Open>,
    in_code_block: bool,
}

impl Reader<'_> {
    /// One event of the parser, over `range` (byte offsets into `src`).
    fn event(&mut self, event: Event<'_>, range: std::ops::Range<usize>, src: &[u8]) {
        let text = self.text;
        let raw = text.get(range.clone()).unwrap_or("");
        match event {
            Event::Start(Tag::Heading {
                id, classes, attrs, ..
            }) => {
                let has_attributes = id.is_some() || !classes.is_empty() || !attrs.is_empty();
                // attr_list's `{ id="x" }` sets the id too.
                let id = id.map(|i| i.to_string()).or_else(|| {
                    attrs
                        .iter()
                        .find(|(k, _)| k.as_ref() == "id")
                        .and_then(|(_, v)| v.as_ref())
                        .map(|v| v.trim_matches(['"', '\'']).to_string())
                });
                self.start_heading(id, has_attributes, range);
            }
            Event::End(TagEnd::Heading(_)) => self.end_heading(),
            Event::Start(
                tag @ (Tag::Emphasis
                | Tag::Strong
                | Tag::Strikethrough
                | Tag::Link { .. }
                | Tag::Image { .. }),
            ) => self.start_container(&tag),
            Event::End(
                tag @ (TagEnd::Emphasis
                | TagEnd::Strong
                | TagEnd::Strikethrough
                | TagEnd::Link
                | TagEnd::Image),
            ) => self.end_container(tag),
            Event::Start(Tag::CodeBlock(_)) => self.in_code_block = true,
            Event::End(TagEnd::CodeBlock) => self.in_code_block = false,
            // attr_list's `{ #id }` after an inline element or a block
            // (Python-Markdown, as MkDocs sites enable it).
            Event::Text(t)
                if self.open.is_none() && self.policy.python_markdown && !self.in_code_block =>
            {
                self.exact.extend(attr_list_ids(&t));
            }
            Event::Text(_) if self.open.is_none() => {}
            Event::Text(t) => self.heading_text(&t, raw, range.start),
            Event::Code(t) => self.code(&t),
            Event::SoftBreak | Event::HardBreak => self.line_break(),
            Event::Html(_) | Event::InlineHtml(_) => {
                if let Some(bytes) = src.get(range) {
                    self.exact.extend(html_ids(bytes));
                }
                if let Some(o) = self.open.as_mut() {
                    if self.policy.python_markdown {
                        // A tag, which `strip_tags` removes.
                        o.heading.text.push_str(raw);
                    }
                }
            }
            _ => {}
        }
    }

    /// A heading starts at `range`, with the id its attributes set.
    fn start_heading(
        &mut self,
        id: Option<String>,
        has_attributes: bool,
        range: std::ops::Range<usize>,
    ) {
        self.open = Some(Open {
            heading: Heading {
                explicit: id,
                text: String::new(),
                at: range.start,
            },
            has_attributes,
            range,
            containers: Vec::new(),
            skipping: 0,
            image: 0,
            links: Vec::new(),
        });
    }

    /// The open heading ends: its text as the renderer slugs it, its
    /// explicit id (`{/* #id */}`, or `{#id}` shown as text).
    fn end_heading(&mut self) {
        let text = self.text;
        let policy = self.policy;
        if let Some(o) = self.open.take() {
            let mut h = o.heading;
            if policy.python_markdown {
                h.text = strip_tags(&h.text);
            }
            if matches!(self.renderer, Renderer::Docusaurus) {
                // `### Title {/* #id */}` (Docusaurus 3.10).
                let src = text.get(o.range.clone()).unwrap_or("");
                let first = src.lines().next().unwrap_or("");
                if let Some((_, id)) = comment_heading_id(first) {
                    h.explicit = Some(id.to_string());
                    if let Some((before, _)) = comment_heading_id(&h.text) {
                        h.text = before.to_string();
                    }
                }
            }
            if o.has_attributes && !policy.attributes {
                // The renderer shows `{...}` as text: slug it too.
                if let Some(block) = attribute_block(text.get(o.range).unwrap_or("")) {
                    if let Some(id) = h.explicit.take() {
                        self.exact.insert(id);
                    }
                    h.text = format!("{} {block}", h.text.trim_end());
                }
            }
            self.headings.push(h);
        }
    }

    /// An emphasis, link or image starts.
    fn start_container(&mut self, tag: &Tag<'_>) {
        let policy = self.policy;
        if let Some(o) = self.open.as_mut() {
            o.enter(&policy);
            match tag {
                Tag::Image { .. } => o.image += 1,
                Tag::Link { link_type, .. } => {
                    o.links
                        .push(matches!(link_type, LinkType::Autolink | LinkType::Email));
                }
                _ => {}
            }
        }
    }

    /// An emphasis, link or image ends.
    fn end_container(&mut self, tag: TagEnd) {
        if let Some(o) = self.open.as_mut() {
            o.leave();
            if tag == TagEnd::Image {
                o.image = o.image.saturating_sub(1);
            }
            if tag == TagEnd::Link {
                o.links.pop();
            }
        }
    }

    /// Text `t` inside the open heading, from source `raw` starting at
    /// byte offset `start`.
    fn heading_text(&mut self, t: &str, raw: &str, start: usize) {
        let text = self.text;
        let policy = self.policy;
        if let Some(o) = self.open.as_mut() {
            if !o.skips(&policy) {
                // After a backslash escape, pulldown-cmark's text
                // event starts at the escaped character.
                let escaped = start > 0
                    && text.as_bytes().get(start - 1) == Some(&b'\\')
                    && raw.starts_with(|c: char| c.is_ascii_punctuation());
                let piece = text_piece(t, raw, escaped, &policy);
                o.heading.text.push_str(&piece);
            }
        }
    }

    /// Inline code `t` (in the open heading, if any).
    fn code(&mut self, t: &str) {
        let policy = self.policy;
        if let Some(o) = self.open.as_mut() {
            if !o.skips(&policy) {
                if policy.python_markdown {
                    o.heading
                        .text
                        .push_str(&t.replace('<', &format!("{HELD}<")));
                } else {
                    o.heading.text.push_str(t);
                }
            }
        }
    }

    /// A soft or hard line break (in the open heading, if any).
    fn line_break(&mut self) {
        if let Some(o) = self.open.as_mut() {
            match self.policy.line_break {
                LineBreak::Newline => o.heading.text.push('\n'),
                LineBreak::Space => o.heading.text.push(' '),
                LineBreak::Nothing => {}
                LineBreak::LastLine => o.heading.text.clear(),
            }
        }
    }

    /// The headings' ids minted in order (each with its heading's byte
    /// offset), and the other anchors.
    fn ids(self) -> (Vec<(String, usize)>, HashSet<String>) {
        let headings = self.headings;
        let mut slugger = Slugger::new(self.renderer);
        if self.renderer.reserves_ahead() {
            for id in headings.iter().filter_map(|h| h.explicit.as_deref()) {
                slugger.reserve(id);
            }
        }
        let ids = headings
            .into_iter()
            .map(|h| match h.explicit {
                Some(id) => {
                    slugger.reserve(&id);
                    (id, h.at)
                }
                None => (slugger.mint(&h.text), h.at),
            })
            .collect();
        (ids, self.exact)
    }
}

/// The text a renderer takes for a text event `t` whose source is `raw`
/// (whose first character is backslash-escaped when `escaped`).
fn text_piece(t: &str, raw: &str, escaped: bool, policy: &HeadingText) -> String {
    let entity = raw.starts_with('&') && raw.ends_with(';') && raw.len() > 2;
    if entity {
        return match policy.entities {
            Entities::AsWritten => raw.to_string(),
            Entities::NamedDecoded if raw.starts_with("&#") => raw.to_string(),
            _ if policy.python_markdown => format!("{HELD}{t}"),
            _ => t.to_string(),
        };
    }
    if policy.python_markdown && escaped {
        let mut chars = t.chars();
        if let Some(c) = chars.next() {
            let rest = chars.as_str();
            return if PYTHON_MARKDOWN_ESCAPES.contains(c) {
                format!("{HELD}{c}{rest}")
            } else {
                format!("\\{c}{rest}")
            };
        }
    }
    if policy.typographer {
        return t.replace("---", "\u{2014}").replace("--", "\u{2013}");
    }
    t.to_string()
}

/// Python-Markdown's `strip_tags` of the text: comments and tags (a `<`
/// and a letter, `/` or `!`, up to the next `>`, nothing [`HELD`] in
/// between) removed, white space runs made one space, trimmed.
fn strip_tags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        let after = &rest[lt..];
        let end = if after.starts_with("<!--") {
            after.find("-->").map(|e| e + 3)
        } else {
            let tag_like =
                after[1..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '/' || c == '!');
            after
                .find('>')
                .filter(|&e| tag_like && !after[..e].contains(HELD))
                .map(|e| e + 1)
        };
        match end {
            Some(e) => rest = &after[e..],
            None => {
                out.push('<');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out.retain(|c| c != HELD);
    out.split(crate::site::slug::is_python_space)
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The ids of the attr_list blocks (`{: #id .class key=value }`, `{ #id }`)
/// in `text`.
fn attr_list_ids(text: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find(['}', '\n']) else {
            break;
        };
        let inner = after[..close].trim_start_matches(':').trim();
        if after[close..].starts_with('}') && !inner.is_empty() {
            let tokens: Vec<&str> = inner.split_whitespace().collect();
            let attr_like = tokens
                .iter()
                .all(|t| t.starts_with('#') || t.starts_with('.') || t.contains('='));
            if attr_like {
                ids.extend(
                    tokens
                        .iter()
                        .filter_map(|t| {
                            t.strip_prefix('#').or_else(|| {
                                t.strip_prefix("id=").map(|v| v.trim_matches(['"', '\'']))
                            })
                        })
                        .filter(|id| !id.is_empty())
                        .map(String::from),
                );
            }
        }
        rest = &after[close..];
    }
    ids
}

/// The trailing `{...}` of a heading's first line (an ATX heading) or
/// of its text line (a setext heading), as written.
fn attribute_block(source: &str) -> Option<&str> {
    let line = source
        .lines()
        .map(str::trim_end)
        .find(|l| l.ends_with('}'))?;
    let open = line.rfind('{')?;
    Some(&line[open..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_anchors() {
        let md = of_markdown(
            b"# A *b* `c`\n\n# A b c\n\nText <a id='x1' name=y2>\n\n## Set {#custom}\n",
            Renderer::Github,
        );
        for a in [
            "a-b-c",
            "a-b-c-1",
            "x1",
            "y2",
            "custom",
            "A-B-C",
            "set-custom",
        ] {
            assert!(md.has(a), "{a}");
        }
        assert!(!md.has("a-b-c-2"));
    }

    /// A `---` pair after the front matter is two thematic breaks: the
    /// headings between them have ids (facebook/metro, issue 46).
    #[test]
    fn thematic_breaks_after_front_matter_keep_headings() {
        let src = include_bytes!("../../../fixtures/markdown/thematic-breaks/Configuration.md");
        let ids = heading_ids(src, Renderer::Github);
        for id in ["resolver-options", "assetexts", "transformer-options"] {
            assert!(ids.iter().any(|i| i == id), "{id}: {ids:?}");
        }
    }

    #[test]
    fn renderer_text_and_counters() {
        // The ids each real renderer gave this document (Python-Markdown
        // 3.11, markdown-it-anchor 10, VitePress 1.6.4, Hugo 0.168); GitHub's
        // by its rule (the image's alt is not text).
        let src = "# Café &amp; ![logo](x.png) `co`\n\n# Café &amp; ![logo](x.png) `co`\n\nFoo\nbar\n===\n";
        let ids = |r: Renderer| heading_ids(src.as_bytes(), r);
        assert_eq!(
            ids(Renderer::Github),
            ["café---co", "café---co-1", "foobar"]
        );
        // Python-Markdown reads no two-line setext heading: its first two.
        assert_eq!(ids(Renderer::PythonMarkdown)[..2], ["cafe-co", "cafe-co_1"]);
        assert_eq!(
            ids(Renderer::MarkdownItAnchor),
            ["caf%C3%A9-%26-co", "caf%C3%A9-%26-co-1", "foobar"]
        );
        assert_eq!(
            ids(Renderer::Vitepress),
            ["cafe-amp-co", "cafe-amp-co-1", "foobar"]
        );
        assert_eq!(
            ids(Renderer::Hugo(crate::site::slug::HugoIdType::Github)),
            ["café--logo-co", "café--logo-co-1", "bar"]
        );
        let mia = of_markdown(src.as_bytes(), Renderer::MarkdownItAnchor);
        assert!(mia.has("café-&-co-1") && !mia.has("CAF%C3%A9-%26-co"));
    }

    #[test]
    fn attr_list_inline_ids() {
        // mkdocs/mkdocs docs/user-guide/choosing-your-theme.md
        let src = b"*   **`locale`**{ #mkdocs-locale }: The locale used.\n\nPara.\n{: #para .x }\n\n```\n{ #in-code }\n```\n\n## 9.7.0 <small>Nov</small> { id=\"9.7.0\" }\n";
        let md = of_markdown(src, Renderer::PythonMarkdown);
        assert!(md.has("mkdocs-locale") && md.has("para") && !md.has("in-code"));
        // squidfunk/mkdocs-material docs/changelog/index.md
        assert!(md.has("9.7.0") && !md.has("970-nov"));
        assert!(!of_markdown(src, Renderer::Github).has("mkdocs-locale"));
    }

    #[test]
    fn python_markdown_reserves_explicit_ids_ahead() {
        let md = of_markdown(b"# Intro\n\n# Other {#intro}\n", Renderer::PythonMarkdown);
        let mut ids: Vec<&str> = md.iter().collect();
        ids.sort_unstable();
        assert_eq!(ids, ["intro", "intro_1"]);
        let md = of_markdown(b"# Intro\n\n# Other {#intro}\n", Renderer::MarkdownItAnchor);
        assert!(md.has("intro") && md.has("other-%7B%23intro%7D"));
    }
}

#[cfg(test)]
mod site_id_tests {
    use super::*;

    /// Docusaurus 3.10's MDX comment heading id (babel/website,
    /// fixtures/sites/docusaurus-comment-ids/SOURCE): the id written,
    /// not the title's slug; other renderers slug the title.
    #[test]
    fn docusaurus_comment_heading_ids() {
        let src = include_bytes!(
            "../../../fixtures/sites/docusaurus-comment-ids/blog/2015-03-31-5.0.0.md"
        );
        let a = of_markdown(src, Renderer::Docusaurus);
        assert!(a.has("stage-0:-class-properties") && a.has("stage-1:-decorators"));
        assert!(!a.has("stage-0-class-properties"));
    }

    #[test]
    fn kramdown_block_attributes() {
        // jekyll/jekyll docs/_docs/history.md
        let src = b"## 1.0.0 / 2013-05-06\n{: #v1-0-0}\n\n### Major Enhancements\n{: #major-enhancements-v1-0-0 .x}\n";
        assert_eq!(
            kramdown_ids(src),
            vec!["v1-0-0", "major-enhancements-v1-0-0"]
        );
        assert!(of_markdown(src, Renderer::Github).has("v1-0-0"));
    }

    /// markdown-it-attrs ids in VitePress (issue 46): alone on a line, on
    /// a container title; not in a code block, not for other renderers.
    #[test]
    fn markdown_it_attrs_block_ids() {
        let src = b"# A\n\n{#projects-config}\n\n::: warning In-Source {#in-source .x}\nx\n:::\n\n```md\n{#not}\n```\n";
        assert_eq!(
            markdown_it_attrs_ids(src),
            vec!["projects-config".to_string(), "in-source".to_string()]
        );
        assert!(of_markdown(src, Renderer::Vitepress).has("in-source"));
        assert!(!of_markdown(src, Renderer::Github).has("in-source"));
    }

    #[test]
    fn kramdown_and_github_footnote_ids() {
        // just-the-docs/just-the-docs CHANGELOG.md links
        // `docs/configuration.md#fn:js-disabled`, a kramdown footnote.
        let a = of_markdown(
            b"Works without JS[^js-disabled].\n\n[^js-disabled]: Only the search.\n",
            Renderer::Github,
        );
        assert!(a.has("fn:js-disabled") && a.has("fnref:js-disabled"));
        assert!(a.has("fn-js-disabled") && !a.has("fn:other"));
        assert!(!of_markdown(b"[^x]: y\n", Renderer::Mdbook).has("fn:x"));
    }

    #[test]
    fn fences_and_footnotes() {
        // squidfunk/mkdocs-material docs/setup/ensuring-data-privacy.md
        assert_eq!(
            fence_ids(b"    ``` { .sh .no-copy #example }\n"),
            vec!["example"]
        );
        assert!(fence_ids(b"```rust\n{ #not }\n```\n").is_empty());
        assert_eq!(
            footnote_ids(b"Text[^1].\n\n[^1]: A note.\n"),
            vec!["fn:1", "fnref:1"]
        );
        assert!(of_markdown(b"x[^a]\n\n[^a]: n\n", Renderer::PythonMarkdown).has("fn:a"));
        assert!(!of_markdown(b"x[^a]\n\n[^a]: n\n", Renderer::Docutils).has("fn:a"));
    }

    #[test]
    fn hugo_definition_terms() {
        // gohugoio/hugoDocs content/en/configuration/all.md
        let src = b"# All settings\n\npublishDir\n: (`string`) The publish directory.\n\n`cacheDir`\n: The cache directory.\n\nNot a term\n";
        let ids = definition_term_ids(src, Renderer::Hugo(crate::site::slug::HugoIdType::Github));
        assert_eq!(ids, vec!["publishdir", "cachedir"]);
        // content/en/configuration/deployment.md, methods/page/Data.md:
        // a term beside a heading of its name, a term twice.
        let src = b"`matchers`\n: (`[]*Matcher`) A slice of [matchers](#matchers-1).\n\n## Matchers\n\n`Singular`\n: (`string`) Returns the singular name of the taxonomy.\n\n`Singular`\n: (`string`) Returns the singular name of the taxonomy.\n";
        let ids = definition_term_ids(src, Renderer::Hugo(crate::site::slug::HugoIdType::Github));
        assert_eq!(ids, vec!["matchers-1", "singular", "singular-1"]);
    }
}
