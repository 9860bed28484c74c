//! The anchors a `#fragment` can name in a target document.
//!
//! This module owns the anchors of a document, one file per format: a
//! Markdown document ([`of_markdown`]: the ids its renderer mints for
//! its headings, explicit `{#id}` heading attributes, `id` and `name`
//! attributes in its raw HTML), a reStructuredText one ([`of_rst`]:
//! docutils' section ids and `.. _label:` targets), an AsciiDoc one
//! ([`of_asciidoc`]: Asciidoctor's section ids and `[[id]]`, `[#id]`,
//! `anchor:id[]`) and an HTML one ([`of_html`]: every `id` and `name`
//! attribute). The slug rules are [`crate::site::slug`]'s. It does not
//! own reading links (the caller).

mod asciidoc;
mod components;
pub mod includes;
mod markdown;
pub mod mkdocs_click;
pub mod plain_headings;
mod rst;

use std::collections::HashSet;
use std::path::Path;

pub use asciidoc::{
    of_asciidoc, section_ids as asciidoc_section_ids, section_ids_at as asciidoc_section_ids_at,
};
pub use markdown::{
    heading_ids as markdown_heading_ids, heading_ids_at as markdown_heading_ids_at, of_markdown,
};
pub use rst::{of_rst, section_ids as rst_section_ids, section_ids_at as rst_section_ids_at};

use crate::site::slug::Renderer;

/// The most bytes of a target document read for its anchors (16 MiB).
pub const MAX_DOCUMENT: u64 = 16 * 1024 * 1024;

/// The element id a fragment names: the fragment up to a fragment
/// directive's delimiter `:~:` (URL Fragment Text Directives, section
/// 3.3: "the fragment directive delimiter"; `#:~:text=foo` names no
/// element, `#intro:~:text=foo` names `intro`), or the whole fragment.
/// Works on the decoded or the written fragment alike (`:` and `~` are
/// never percent-encoded by the browsers that mint these links).
pub fn element_id(fragment: &str) -> &str {
    fragment.find(":~:").map_or(fragment, |at| &fragment[..at])
}

/// The anchors of one document.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Anchors {
    /// The anchors as written.
    exact: HashSet<String>,
    /// For a renderer that matches without regard to case (GitHub): the
    /// anchors lowercased.
    folded: Option<HashSet<String>>,
    /// True when the document's anchors cannot all be known (a directive
    /// writes headings, [`includes::generates_headings`]): every fragment
    /// is taken as there.
    unknown: bool,
    /// The object paths of the page's mkdocstrings directives
    /// ([`includes::object_directives`]): a fragment that holds one may
    /// be an id they mint, and is taken as there.
    objects: Vec<String>,
    /// When the page has ids a hook makes ([`includes::Generated`]): the
    /// renderer whose slugs they cannot be; a fragment that is not one of
    /// its slugs is taken as there.
    unmintable: Option<Renderer>,
    /// When its anchors are not all known only because of blocks whose
    /// ids were read from their source (`::: mkdocs-click`:
    /// [`mkdocs_click::minted`]): those ids. A fragment to the page is
    /// still taken as there ([`Anchors::unknown`]); a lookup over every
    /// page of a site ([`Anchors::may_generate`]) knows the page mints no
    /// other.
    generated_only: Option<Vec<String>>,
}

impl Anchors {
    /// True when `fragment` (percent-decoded) names an anchor, or is
    /// `top` (the top of any HTML document, HTML Living Standard "scroll
    /// to the fragment").
    ///
    /// A fragment directive (`#:~:text=...`, `#id:~:text=...`) is not
    /// part of the id: only what precedes `:~:` is looked up, and an empty
    /// id scrolls to the text, which the check does not judge
    /// ([`element_id`]).
    pub fn has(&self, fragment: &str) -> bool {
        let fragment = element_id(fragment);
        fragment.is_empty() || self.unknown || self.known_has(fragment) || self.object_has(fragment)
    }

    /// True when `fragment` holds the path of an object the page's
    /// mkdocstrings directives render ([`Anchors::objects`]).
    fn object_has(&self, fragment: &str) -> bool {
        self.objects.iter().any(|o| fragment.contains(o.as_str()))
    }

    /// [`Anchors::has`] of the ids the document's text makes, whether or
    /// not others may be written.
    fn known_has(&self, fragment: &str) -> bool {
        if self.exact.contains(fragment) || fragment.eq_ignore_ascii_case("top") {
            return true;
        }
        if self
            .unmintable
            .is_some_and(|r| r.slug(fragment) != fragment)
        {
            return true;
        }
        self.folded
            .as_ref()
            .is_some_and(|f| f.contains(&fragment.to_lowercase()))
    }

    /// The anchors as written, in no order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.exact.iter().map(String::as_str)
    }

    /// Anchors of `ids`; lowercased copies too when `case_insensitive`.
    /// An id with a `%` (markdown-it-anchor's and pymdownx's
    /// percent-encoded ids) is also kept percent-decoded, since the
    /// fragment given to [`Anchors::has`] is decoded.
    fn new(ids: HashSet<String>, case_insensitive: bool) -> Anchors {
        let mut exact = ids;
        let decoded: Vec<String> = exact
            .iter()
            .filter(|id| id.contains('%'))
            .filter_map(|id| percent_decode(id))
            .collect();
        exact.extend(decoded);
        let folded = case_insensitive.then(|| exact.iter().map(|a| a.to_lowercase()).collect());
        Anchors {
            exact,
            folded,
            unknown: false,
            objects: Vec::new(),
            unmintable: None,
            generated_only: None,
        }
    }

    /// Adds the ids `ids`.
    fn add(&mut self, ids: Vec<String>) {
        if let Some(f) = self.folded.as_mut() {
            f.extend(ids.iter().map(|i| i.to_lowercase()));
        }
        self.exact.extend(ids);
    }

    /// True when `fragment` is taken as there only because the page's
    /// anchors cannot all be known ([`Anchors::unknown`]): none of the
    /// ids its text makes is it.
    pub fn only_unknown_has(&self, fragment: &str) -> bool {
        (self.unknown || self.object_has(fragment)) && !self.known_has(fragment)
    }

    /// True when the page may have the anchor `fragment` (percent-decoded)
    /// though its text does not make it: an id holding the path of an
    /// object its mkdocstrings directives render, an id a `::: mkdocs-click`
    /// block mints ([`mkdocs_click::minted`]), or any when its anchors are
    /// not all known otherwise. For a lookup of an id over every page of a site
    /// (mkdocs-autorefs' cross-references).
    pub fn may_generate(&self, fragment: &str) -> bool {
        let fragment = element_id(fragment);
        if self.known_has(fragment) {
            return false;
        }
        self.object_has(fragment)
            || (self.unknown
                && self
                    .generated_only
                    .as_ref()
                    .is_none_or(|ids| mkdocs_click::matches(ids, fragment)))
    }

    /// The anchors of a document whose anchors cannot all be known: every
    /// fragment is taken as there.
    pub fn unknown() -> Anchors {
        Anchors {
            unknown: true,
            ..Anchors::default()
        }
    }
}

/// `s` with each `%XX` made its byte; `None` when the bytes are not
/// UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    String::from_utf8(crate::site::percent_decode_bytes(s.as_bytes())).ok()
}

/// The anchors of the file `path`: a Markdown, reStructuredText,
/// AsciiDoc or HTML document (by its name or content, as
/// `crate::format::detect` tells), headings as `renderer` mints their
/// ids (a `.rst` file always by docutils' rule, [`Renderer::Sphinx`]'s
/// when `renderer` is Sphinx; a `.adoc` file always by Asciidoctor's);
/// `None` for any other file or one that cannot be read.
pub fn of_file(path: &Path, renderer: Renderer) -> Option<Anchors> {
    of_file_with(path, renderer, false, None, &includes::Memo::default(), &[])
}

/// The bytes of the document `path` (at most [`MAX_DOCUMENT`]) and its
/// format by its name and content; `None` when it cannot be read.
pub(crate) fn read_document(path: &Path) -> Option<(Vec<u8>, crate::format::detect::InputFormat)> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(MAX_DOCUMENT)
        .read_to_end(&mut bytes)
        .ok()?;
    let format = crate::format::detect::detect(&bytes, path);
    Some((bytes, format))
}

/// The ids of the plain headings of the Markdown document `path`
/// ([`plain_headings::plain_heading_ids`]), read as [`of_file_with`]
/// reads it; `None` when it is not Markdown or cannot be read.
pub fn plain_headings_of_file(path: &Path, renderer: Renderer) -> Option<Anchors> {
    let (bytes, format) = read_document(path)?;
    (format == crate::format::detect::InputFormat::Markdown)
        .then(|| plain_headings::plain_heading_ids(&bytes, renderer))
}

/// [`of_file`], with the terms of Markdown definition lists given ids
/// when `definition_terms` (Hugo `autoDefinitionTermID`,
/// `definition_term_ids` of the Markdown reader), and includes followed
/// only to files inside the directory `within` ([`includes::expand`];
/// `None`: anywhere), read through `memo` (once per run); the Hugo
/// shortcodes named in `quiet` make no anchors ([`includes::generated_with`]).
pub fn of_file_with(
    path: &Path,
    renderer: Renderer,
    definition_terms: bool,
    within: Option<&Path>,
    memo: &includes::Memo,
    quiet: &[String],
) -> Option<Anchors> {
    use crate::format::detect::InputFormat;
    let (mut bytes, format) = read_document(path)?;
    // Liquid's includes and ids, not where Python-Markdown renders
    // (MkDocs runs no Liquid: [`includes::generated_with`]).
    let python_markdown = matches!(
        renderer,
        Renderer::PythonMarkdown | Renderer::PythonMarkdownUnicode | Renderer::Pymdownx { .. }
    );
    if matches!(format, InputFormat::Markdown | InputFormat::Html)
        && !python_markdown
        && liquid_anchors(&bytes)
    {
        // The ids the template writes are not known; the page's own are.
        return Some(own_but_unknown(&bytes, format, renderer, definition_terms));
    }
    if format == InputFormat::Asciidoc && attribute_ids(&bytes, path) {
        return Some(own_but_unknown(&bytes, format, renderer, definition_terms));
    }
    if matches!(
        format,
        InputFormat::Markdown | InputFormat::Rst | InputFormat::Asciidoc
    ) {
        if custom_page(&bytes) {
            return Some(Anchors::unknown());
        }
        // `::: mkdocs-click` blocks whose commands are read from source.
        let click = (python_markdown && mkdocs_click::has_blocks(&bytes))
            .then(|| mkdocs_click::minted(&bytes, path, within, renderer))
            .flatten();
        // A shortcode, Liquid include or directive that may write any id:
        // the page's own headings are still its own (a fragment among
        // them is found), any other is taken as there, as for an include
        // not read below.
        let generated = includes::generated_in(&bytes, renderer, quiet, click.is_some());
        if generated == includes::Generated::Any {
            return Some(own_but_unknown(&bytes, format, renderer, definition_terms));
        }
        // An MDX page rendering a component may hold ids its headings do
        // not make (an API table's rows); and Docusaurus compiles `.md`
        // as MDX too: a document imported from a module alias or a
        // generated file (ionic-docs'
        // `@ionic-internal/component-api/v9/modal/props.md`, written by a
        // local plugin at build) brings headings not seen. A component
        // imported from a file of the repository that can write no id
        // (graphql-yoga's `comparison-table.mdx`, a table) is passed over
        // ([`components`]). The page's own
        // headings are still its ids (HiDeoo/starlight-openapi's
        // `configuration.mdx`, which renders `<SnippetClients />`, has
        // `#snippets`): other fragments are taken as there.
        let more = (path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("mdx"))
            && components::may_write_ids(&bytes, path).is_some())
            || imported_unseen_document(&bytes, path).is_some();
        let expanded = includes::expand(&bytes, path, within, memo);
        if !expanded.complete {
            // Headings of a file not read may be anywhere in the page; its
            // own are still its own.
            return Some(own_but_unknown(&bytes, format, renderer, definition_terms));
        }
        bytes = expanded.text;
        if format == InputFormat::Asciidoc && attribute_ids(&bytes, path) {
            // An included file's ids or titles hold an attribute
            // (spring-security's partials, `[#oauth2-client-{section-id}-x]`,
            // included once per value of `section-id`).
            return Some(own_but_unknown(&bytes, format, renderer, definition_terms));
        }
        let mut a = of_file_bytes(&bytes, format, renderer, definition_terms)?;
        a.unknown |= more;
        a.objects = includes::object_directives(&bytes, renderer);
        if generated == includes::Generated::Unmintable {
            a.unmintable = Some(renderer);
        }
        if let Some(ids) = click {
            // A link to the page by a fragment its text does not make is
            // not checked, as before; the ids are for site-wide lookups.
            if !a.unknown {
                a.generated_only = Some(ids);
            }
            a.unknown = true;
        }
        return Some(a);
    }
    of_file_bytes(&bytes, format, renderer, definition_terms)
}

/// The anchors `bytes` (a page in `format`) makes itself, marked as not
/// all known: a fragment among them is found as one of the page's own
/// (not counted as unsure, and offered in "did you mean"), any other is
/// taken as there. An AsciiDoc page whose include cannot be read keeps its
/// `[#connection-strings]` (couchbase/docs-sdk-nodejs
/// `managing-connections.adoc`; issue 46, round 9).
fn own_but_unknown(
    bytes: &[u8],
    format: crate::format::detect::InputFormat,
    renderer: Renderer,
    definition_terms: bool,
) -> Anchors {
    match of_file_bytes(bytes, format, renderer, definition_terms) {
        Some(mut a) => {
            a.unknown = true;
            a
        }
        None => Anchors::unknown(),
    }
}

/// The specifier of the first Markdown or MDX document the page `bytes`
/// (at `path`) imports as a component (`import Props from
/// '@x/props.md';` then `<Props />`) that is not a file beside it: one
/// named through a module alias or package (`@site/`, `@x/`), or a
/// relative path to no file (written at build, often git-ignored). The
/// headings it renders are not seen. MDX: `import` statements at the
/// start of a line (mdxjs.com, "ESM").
fn imported_unseen_document(bytes: &[u8], path: &Path) -> Option<String> {
    memchr::memmem::find(bytes, b"import ")?;
    let text = String::from_utf8_lossy(bytes);
    text.lines().find_map(|line| {
        let rest = line.strip_prefix("import ")?;
        let (name, spec) = rest.split_once(" from ")?;
        let name = name.trim();
        let spec = spec.trim().trim_end_matches(';').trim();
        let spec = spec
            .strip_prefix('\'')
            .and_then(|s| s.strip_suffix('\''))
            .or_else(|| spec.strip_prefix('"').and_then(|s| s.strip_suffix('"')))?;
        let document = spec.ends_with(".md") || spec.ends_with(".mdx");
        let used = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
            && text.contains(&format!("<{name}"));
        if !(document && used) {
            return None;
        }
        // A JavaScript string: `\_` is `_` (react-native-website writes
        // `'./\_experimental-api-warning.mdx'`, escaped for Markdown).
        let spec = js_unescaped(spec);
        let relative = spec.starts_with("./") || spec.starts_with("../");
        let beside = path.parent().map(|d| d.join(&spec));
        let found = relative && beside.is_some_and(|b| b.is_file());
        (!found).then_some(spec)
    })
}

/// The JavaScript string literal body `s` with its escapes of plain
/// characters undone (`\_` is `_`, `\\` is `\`; ECMAScript's
/// "NonEscapeCharacter"); the escapes that name other characters
/// (`\n`, `\x41`, `\u0041`, ...) are kept as written, as no module path
/// holds them.
fn js_unescaped(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some(n))
                if !matches!(n, 'b' | 'f' | 'n' | 'r' | 't' | 'v' | '0'..='9' | 'x' | 'u') =>
            {
                out.push(n);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// True when the page `bytes` has anchors its template engine writes:
/// a Liquid or Jinja include (`{% include license-overview.html
/// license-id="mit" %}`, whose file may write `id="{{ include.license-id
/// }}"`: github/choosealicense.com's `licenses.html`), or an `id` whose
/// value is a template expression (`id="{{ x }}"`). Its anchors are not
/// all known.
fn liquid_anchors(bytes: &[u8]) -> bool {
    use memchr::memmem::find;
    [
        b"{% include".as_slice(),
        b"{%- include",
        b"id=\"{{",
        b"id='{{",
    ]
    .iter()
    .any(|t| find(bytes, t).is_some())
}

/// True when the AsciiDoc page `bytes` has an id or a section title
/// holding an attribute reference (`[id="x-in-{context}"]`, `== Using
/// {prod}`: eclipse-che/che-docs), whose value is set where urilint does
/// not read it (the playbook, `antora.yml`, an include), or that includes
/// an Antora resource that is not a file of its component version in
/// this checkout (`include::partial$x.adoc[]` outside an Antora module,
/// `include::other:ROOT:partial$x.adoc[]`: not followed;
/// [`crate::site::antora::include_target`]), or that an Antora UI layout
/// other than `default` renders (`:page-layout: index`, Antora docs,
/// "page-layout"): its anchors are not all known. `path` is the page's.
fn attribute_ids(bytes: &[u8], path: &Path) -> bool {
    let dir = path.parent();
    bytes.split(|&b| b == b'\n').any(|line| {
        let include = line.starts_with(b"include::");
        // An include whose target is a resource id or holds an attribute
        // (`include::{common-partial}/glossary.adoc[]`, whose value
        // `antora.yml` sets: neo4j/docs-drivers, issue 46 round 8).
        let resource_include = include
            && (line.contains(&b'$') || line.contains(&b'{'))
            && !resolved_resource(line, dir);
        // A page of a UI layout other than the default (`:page-layout:
        // index`, redpanda-data/docs: the layout template writes the
        // page's body from its child pages) has what that template writes.
        let layout = line
            .strip_prefix(b":page-layout:")
            .is_some_and(|v| !matches!(v.trim_ascii(), b"" | b"default"));
        attribute_in_id(line) || resource_include || layout
    })
}

/// True when the AsciiDoc `line` sets an id or a section title that holds
/// an attribute reference: inside the anchor's brackets (`[[x-{v}]]`,
/// `[id="x-{v}"]`, `[#x-{v}]`), or in a section title (`== Using
/// {prod}`), from which the id is made. Not an attribute after the anchor
/// (`[[Driver]]Driver:: link:{base}/...`), nor in the document title
/// (`= Title v{version}`, which makes no id). neo4j/docs-drivers, issue 46
/// round 8.
fn attribute_in_id(line: &[u8]) -> bool {
    let inside = |open: &[u8], close: &[u8]| {
        line.strip_prefix(open).is_some_and(|rest| {
            let end = memchr::memmem::find(rest, close).unwrap_or(rest.len());
            rest[..end].contains(&b'{')
        })
    };
    if line.starts_with(b"[[") {
        return inside(b"[[", b"]]");
    }
    if line.starts_with(b"[id=") || line.starts_with(b"[#") {
        return inside(b"[", b"]");
    }
    let level = line.iter().take_while(|&&b| b == b'=').count();
    level >= 2 && line.get(level) == Some(&b' ') && line.contains(&b'{')
}

/// True when the include line `line` (`include::partial$x.adoc[]`) in a
/// page of the directory `dir` names a file of this checkout as an
/// Antora resource id, which [`includes::expand`] follows; false when
/// the file is not there (a build step may write it).
fn resolved_resource(line: &[u8], dir: Option<&Path>) -> bool {
    let Some(dir) = dir else {
        return false;
    };
    let text = String::from_utf8_lossy(line);
    let Some(target) = text
        .trim()
        .strip_prefix("include::")
        .and_then(|t| t.split_once('['))
        .map(|(t, _)| t)
    else {
        return false;
    };
    matches!(
        crate::site::antora::include_target(dir, target),
        Some(crate::site::antora::IncludeTarget::File(p)) if p.is_file()
    )
}

/// True when the files the page includes leave its own headings' ids as
/// its text makes them: the page whose anchors, its includes followed,
/// are `expanded` ([`of_file_with`]) has no anchor its own text `own` (of
/// `format`, ids minted by `renderer`) does not make that is one of the
/// own ids or one of them with a duplicate counter (`setup_1`,
/// `setup-1`): no included heading or id takes an own heading's id or
/// moves its counter (a pymdownx.snippets include of text, or of an SVG
/// whose ids are its shapes', `graph0`: MkDocs' `plugins.md`). False when
/// the expanded anchors are not all known.
pub fn includes_keep_own_ids(
    expanded: &Anchors,
    own: &[u8],
    format: crate::format::detect::InputFormat,
    renderer: Renderer,
    definition_terms: bool,
) -> bool {
    if expanded.unknown || expanded.unmintable.is_some() {
        return false;
    }
    let Some(own) = of_file_bytes(own, format, renderer, definition_terms) else {
        return false;
    };
    // `id` without a trailing duplicate counter.
    let base = |id: &str| -> String {
        match id.rfind(['_', '-']) {
            Some(at) if at + 1 < id.len() && id[at + 1..].bytes().all(|b| b.is_ascii_digit()) => {
                id[..at].to_string()
            }
            _ => id.to_string(),
        }
    };
    expanded
        .exact
        .iter()
        .filter(|id| !own.exact.contains(*id))
        .all(|id| !own.exact.contains(&base(id)))
}

/// The anchors of `bytes`, a document of `format`.
fn of_file_bytes(
    bytes: &[u8],
    format: crate::format::detect::InputFormat,
    renderer: Renderer,
    definition_terms: bool,
) -> Option<Anchors> {
    use crate::format::detect::InputFormat;
    match format {
        InputFormat::Markdown if definition_terms => {
            let mut a = of_markdown(bytes, renderer);
            a.add(markdown::definition_term_ids(bytes, renderer));
            Some(a)
        }
        InputFormat::Markdown => Some(of_markdown(bytes, renderer)),
        InputFormat::Html => Some(of_html(bytes)),
        InputFormat::Rst => Some(of_rst(bytes, renderer)),
        InputFormat::Asciidoc => Some(of_asciidoc(bytes, renderer)),
        _ => None,
    }
}

/// The 0-based byte offset in `src`, a document of `format` whose headings
/// get their ids from `renderer` (as [`of_file_with`] reads it), of the
/// anchor `fragment` (percent-decoded) names: the first byte of the
/// heading whose id it is (a Markdown heading, a reStructuredText or
/// AsciiDoc section title; compared without regard to case for a renderer
/// that matches so, [`Renderer::case_insensitive`]), else the first place
/// the id is written out: an `id` or `name` attribute, a `{#id}` or `{:
/// #id}` attribute list, an AsciiDoc `[[id]]`, `[#id]` or `anchor:id[]`, a
/// reStructuredText `.. _id:` target. `None` when the document has no such
/// anchor, or for another format (for go-to-definition: the caller opens
/// the file at its top). Ids that includes or hooks add are not located.
pub fn anchor_offset(
    src: &[u8],
    format: crate::format::detect::InputFormat,
    renderer: Renderer,
    fragment: &str,
) -> Option<u64> {
    use crate::format::detect::InputFormat;
    if fragment.is_empty() {
        return None;
    }
    let folded = renderer.case_insensitive();
    let same = |id: &str| {
        id == fragment
            || (folded && id.to_lowercase() == fragment.to_lowercase())
            || (id.contains('%') && percent_decode(id).as_deref() == Some(fragment))
    };
    let heading = match format {
        InputFormat::Markdown => markdown::heading_ids_at(src, renderer)
            .into_iter()
            .find(|(id, _)| same(id))
            .map(|(_, at)| at as u64),
        InputFormat::Rst => rst::section_ids_at(src, renderer)
            .into_iter()
            .find(|(id, _)| same(id))
            .and_then(|(_, line)| line_start(src, line)),
        InputFormat::Asciidoc => asciidoc::section_ids_at(src, renderer)
            .into_iter()
            .find(|(id, _)| same(id))
            .and_then(|(_, line)| line_start(src, line)),
        InputFormat::Html => None,
        _ => return None,
    };
    heading.or_else(|| written_anchor(src, fragment))
}

/// The byte offset of the first place `src` writes the id `id` out:
/// `id="id"` (or `name=`, single quotes), `{#id`, `#id}`, `[[id]]`,
/// `[[id,`, `[#id]`, `anchor:id[` or `.. _id:` ([`anchor_offset`]).
fn written_anchor(src: &[u8], id: &str) -> Option<u64> {
    let forms = [
        format!("id=\"{id}\""),
        format!("id='{id}'"),
        format!("name=\"{id}\""),
        format!("name='{id}'"),
        format!("{{#{id}"),
        format!("#{id}}}"),
        format!("#{id} }}"),
        format!("[[{id}]]"),
        format!("[[{id},"),
        format!("[#{id}]"),
        format!("anchor:{id}["),
        format!(".. _{id}:"),
    ];
    forms
        .iter()
        .filter_map(|f| {
            // `id=` and `name=` are attributes only after white space
            // (not `data-id=`, `uuid=`).
            let attribute = f.starts_with("id=") || f.starts_with("name=");
            memchr::memmem::find_iter(src, f.as_bytes())
                .find(|&at| !attribute || at > 0 && src[at - 1].is_ascii_whitespace())
        })
        .min()
        .map(|at| at as u64)
}

/// The byte offset of the start of line `index` (0-based; lines end at LF)
/// of `src`; `None` past its last line.
fn line_start(src: &[u8], index: usize) -> Option<u64> {
    if index == 0 {
        return Some(0);
    }
    memchr::memchr_iter(b'\n', src)
        .nth(index - 1)
        .map(|at| at as u64 + 1)
}

/// True when the Markdown page `src` is a VitePress custom page
/// (front matter `page: true`): a Vue component renders it, and its
/// anchors are not in the Markdown (VitePress "Frontmatter config",
/// `page`).
fn custom_page(src: &[u8]) -> bool {
    crate::site::front_matter::parse(src.get(..8192).unwrap_or(src)).get("page") == Some("true")
}

/// The anchors of the HTML document `src`: its `id` and `name` attribute
/// values.
pub fn of_html(src: &[u8]) -> Anchors {
    Anchors {
        exact: html_ids(src),
        folded: None,
        unknown: false,
        objects: Vec::new(),
        unmintable: None,
        generated_only: None,
    }
}

/// The id GitHub gives a heading whose text is `text`
/// ([`crate::site::slug::Renderer::Github`]).
pub fn github_slug(text: &str) -> String {
    Renderer::Github.slug(text)
}

/// The values of `id` and `name` attributes in `html` (quoted with `"`
/// or `'`, or unquoted), entities left as written.
fn html_ids(html: &[u8]) -> HashSet<String> {
    let mut out = HashSet::new();
    for name in [&b"id"[..], b"name"] {
        let mut at = 0;
        while let Some(p) = memchr::memmem::find(&html[at..], name) {
            let start = at + p;
            at = start + name.len();
            let before_ok = start > 0 && html[start - 1].is_ascii_whitespace();
            if !before_ok {
                continue;
            }
            let mut i = at;
            while i < html.len() && html[i].is_ascii_whitespace() {
                i += 1;
            }
            if html.get(i) != Some(&b'=') {
                continue;
            }
            i += 1;
            while i < html.len() && html[i].is_ascii_whitespace() {
                i += 1;
            }
            let (s, e) = match html.get(i) {
                Some(&q @ (b'"' | b'\'')) => {
                    let s = i + 1;
                    match memchr::memchr(q, &html[s..]) {
                        Some(n) => (s, s + n),
                        None => continue,
                    }
                }
                Some(_) => {
                    let s = i;
                    let n = html[s..]
                        .iter()
                        .take_while(|b| !b.is_ascii_whitespace() && **b != b'>')
                        .count();
                    (s, s + n)
                }
                None => continue,
            };
            if e > s {
                out.insert(String::from_utf8_lossy(&html[s..e]).into_owned());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {

    /// facebook/react-native-website's `docs/accessibility.md` imports
    /// `'./\\_experimental-api-warning.mdx'` (the `_` escaped, a plain
    /// character in a JavaScript string): the file beside it, seen, so
    /// the page's anchors stay known; a missing one is not seen.
    #[test]
    fn an_escaped_import_is_the_file_beside() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.path().join("_warning.mdx"), "# Warning\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let page = dir.path().join("accessibility.md");
        let text =
            |spec: &str| format!("import Warning from '{spec}';\n\n<Warning />\n\n## Roles\n");
        assert_eq!(
            super::imported_unseen_document(text("./\\_warning.mdx").as_bytes(), &page),
            None
        );
        assert_eq!(
            super::imported_unseen_document(text("./\\_gone.mdx").as_bytes(), &page),
            Some("./_gone.mdx".to_string())
        );
        assert_eq!(super::js_unescaped("a\\\\b\\nc\\-d"), "a\\b\\nc-d");
    }
    use super::*;

    /// A page of an Antora UI layout other than `default`
    /// (redpanda-data/docs, fixtures/sites/antora-playbook/SOURCE): its
    /// anchors are not all known; `:page-layout: default` changes nothing.
    #[test]
    fn pages_of_another_layout_have_unknown_anchors() {
        let page = include_bytes!(
            "../../../fixtures/sites/antora-playbook/modules/get-started/pages/licensing/index.adoc"
        );
        let at = Path::new("modules/get-started/pages/licensing/index.adoc");
        assert!(attribute_ids(page, at));
        assert!(!attribute_ids(b"= T\n:page-layout: default\n\n== A\n", at));
    }

    /// An Antora resource id that names a file of the component version
    /// is followed (issue 46, neo4j/docs-getting-started); one of another
    /// component, of a file not there, or outside a module, leaves the
    /// anchors unknown.
    #[test]
    fn antora_resource_includes() {
        let page = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/sites/antora-neo4j-include/modules/ROOT/pages/x.adoc");
        let page = page.as_path();
        assert!(!attribute_ids(
            b"= T\n\ninclude::partial$terms.adoc[]\n",
            page
        ));
        // Not there: a build step may write it (eclipse-che/che-docs).
        assert!(attribute_ids(
            b"= T\n\ninclude::example$generated/x.adoc[]\n",
            page
        ));
        assert!(attribute_ids(
            b"= T\n\ninclude::other:ROOT:partial$terms.adoc[]\n",
            page
        ));
        assert!(attribute_ids(
            b"= T\n\ninclude::partial$terms.adoc[]\n",
            Path::new("docs/x.adoc")
        ));
    }

    /// neo4j/docs-drivers (issue 46, round 8): an include whose target is
    /// an attribute (`include::{common-partial}/glossary.adoc[]`) leaves
    /// the anchors unknown; an attribute after an anchor
    /// (`[[Driver]]Driver:: link:{base}/x`) or in the document title (`=
    /// Manual v{version}`) does not, one inside an id or a section title
    /// does.
    #[test]
    fn attributes_only_inside_ids_and_section_titles() {
        let page = Path::new("modules/ROOT/pages/install.adoc");
        assert!(attribute_ids(
            b"= Install

include::{common-partial}/glossary.adoc[]
",
            page
        ));
        for plain in [
            &b"[[Driver]]Driver:: link:{neo4j-docs-base-uri}/x[Driver]
"[..],
            b"= The .NET driver manual v{dotnet-driver-version}

== Install
",
            b"[#managed-transactions]
== Run a managed transaction
",
        ] {
            assert!(
                !attribute_ids(plain, page),
                "{}",
                String::from_utf8_lossy(plain)
            );
        }
        for with in [
            &b"[[x-{v}]]
== X
"[..],
            b"[id=\"x-{v}\"]
== X
",
            b"[#x-{v}]
== X
",
            b"== Using {prod}
",
        ] {
            assert!(
                attribute_ids(with, page),
                "{}",
                String::from_utf8_lossy(with)
            );
        }
    }

    /// couchbase/docs-sdk-nodejs (issue 46, round 9): a page whose include
    /// cannot be read keeps its own explicit ids as known; another
    /// fragment is taken as there, counted unsure.
    #[test]
    fn a_page_with_an_unread_include_keeps_its_own_ids() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let page = dir.path().join("managing-connections.adoc");
        std::fs::write(
            &page,
            "= Managing Connections\n\ninclude::{version-common}@sdk:shared:partial$connections.adoc[]\n\n[#connection-strings]\n== Connection Strings\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let a = of_file(
            &page,
            Renderer::Asciidoctor(crate::site::slug::IdAttributes::DEFAULT),
        )
        .expect("anchors");
        assert!(a.has("connection-strings") && !a.only_unknown_has("connection-strings"));
        assert!(a.has("elsewhere") && a.only_unknown_has("elsewhere"));
    }

    /// An included partial whose ids hold an attribute reference
    /// (spring-projects/spring-security's
    /// `[#oauth2-client-{section-id}-access-token-response-client-bean]`,
    /// included once per value of `section-id`) leaves the page's
    /// anchors unknown; a partial without one brings its ids (issue 46).
    #[test]
    fn included_ids_with_attributes_are_unknown() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let module = dir.path().join("modules/ROOT");
        std::fs::create_dir_all(module.join("pages")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(module.join("partials")).unwrap_or_else(|e| panic!("{e}"));
        let write = |p: &str, t: &str| {
            std::fs::write(module.join(p), t).unwrap_or_else(|e| panic!("{e}"));
        };
        write(
            "partials/bean.adoc",
            "[#client-{section-id}-bean]\n.Bean\n----\nx\n----\n",
        );
        write("partials/term.adoc", "[[term]]term:: x\n");
        write(
            "pages/a.adoc",
            "= A\n\n:section-id: refresh\n\ninclude::partial$bean.adoc[]\n",
        );
        write("pages/b.adoc", "= B\n\ninclude::partial$term.adoc[]\n");
        let renderer = Renderer::Asciidoctor(crate::site::slug::IdAttributes::DEFAULT);
        let a = of_file(&module.join("pages/a.adoc"), renderer).unwrap_or_else(|| panic!("a"));
        assert!(a.unknown);
        let b = of_file(&module.join("pages/b.adoc"), renderer).unwrap_or_else(|| panic!("b"));
        assert!(!b.unknown && b.has("term") && !b.has("gone"));
    }

    #[test]
    fn html_anchors() {
        let html = of_html(b"<h1 id=\"Intro\">x</h1><a name=\"old\"></a><p data-id=\"no\">");
        assert!(html.has("Intro") && html.has("old") && html.has("top"));
        assert!(!html.has("intro") && !html.has("no"));
    }

    #[test]
    fn anchor_offsets_of_headings_and_written_ids() {
        use crate::format::detect::InputFormat;
        let md = b"# Title\n\nText.\n\n## Install\n\n<a name=\"old\"></a>\n### Custom {#my-id}\n";
        let at = |f: &str, r| anchor_offset(md, InputFormat::Markdown, r, f);
        assert_eq!(at("install", Renderer::Github), Some(16));
        assert_eq!(at("Install", Renderer::Github), Some(16));
        assert_eq!(at("old", Renderer::Github), Some(31));
        assert_eq!(at("my-id", Renderer::Github), Some(58));
        assert_eq!(at("custom-my-id", Renderer::Github), Some(47));
        assert_eq!(at("nowhere", Renderer::Github), None);
        let rst = b"Title\n=====\n\n.. _label:\n\nSection Two\n-----------\n";
        let r = |f: &str| anchor_offset(rst, InputFormat::Rst, Renderer::Docutils, f);
        assert_eq!(r("section-two"), Some(25));
        assert_eq!(r("title"), Some(0));
        assert_eq!(r("label"), Some(13));
        let adoc = b"= Doc\n\n== First Part\n\n[[here]]\nText.\n";
        let a = |f: &str| anchor_offset(adoc, InputFormat::Asciidoc, Renderer::Github, f);
        // GitHub's ids for AsciiDoc: `idprefix` empty, `idseparator` `-`.
        assert_eq!(a("first-part"), Some(7));
        assert_eq!(a("here"), Some(22));
        let html = b"<p data-id=\"Top-Part\">x</p><h2 id=\"Top-Part\">y</h2>";
        assert_eq!(
            anchor_offset(html, InputFormat::Html, Renderer::Github, "Top-Part"),
            Some(31)
        );
        assert_eq!(
            anchor_offset(b"x", InputFormat::Text, Renderer::Github, "x"),
            None
        );
    }

    /// A text fragment (argoproj/argo-cd's
    /// `docs/operator-manual/applicationset/Generators-Git.md` links
    /// `argocd-cm-yaml.md/#:~:text=timeout.reconciliation%3A`) names no
    /// element; `#id:~:text=` names `id`, which must still be there.
    #[test]
    fn a_text_fragment_names_only_the_id_before_its_delimiter() {
        let a = Anchors::new(HashSet::from(["intro".to_string()]), false);
        assert!(a.has(":~:text=timeout.reconciliation:"));
        assert!(a.has("intro:~:text=foo"));
        assert!(!a.has("gone:~:text=foo") && !a.has("gone"));
        assert_eq!(element_id("a:~:b:~:c"), "a");
        assert_eq!(element_id("plain"), "plain");
    }

    #[test]
    fn percent_encoded_ids_match_decoded_fragments() {
        let a = Anchors::new(HashSet::from(["caf%C3%A9".to_string()]), false);
        assert!(a.has("café") && a.has("caf%C3%A9") && !a.has("CAFÉ"));
        assert_eq!(percent_decode("%FF"), None);
        assert_eq!(percent_decode("50%"), Some("50%".to_string()));
    }

    /// An MDX page rendering a component keeps the ids of its headings
    /// (HiDeoo/starlight-openapi's `configuration.mdx`,
    /// fixtures/sites/starlight-plugin-base): `#snippets` is one of them,
    /// not only taken as there; another fragment is still taken as there.
    #[test]
    fn a_component_page_keeps_its_heading_ids() {
        let page = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/sites/starlight-plugin-base/docs/src/content/docs/configuration.mdx");
        let a = of_file(&page, Renderer::Docusaurus).unwrap_or_default();
        assert!(a.has("snippets") && !a.only_unknown_has("snippets"));
        assert!(
            a.has("written-by-the-component") && a.only_unknown_has("written-by-the-component")
        );
    }
}
