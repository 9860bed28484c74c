//! Heading ids as each renderer mints them: the slug of a heading's text
//! and the counter a renderer appends to a repeated one.
//!
//! This module owns the slug rules of the Markdown, reStructuredText and
//! AsciiDoc renderers that docs sites use ([`Renderer`]), one file per
//! renderer, what text of a heading each slugs ([`HeadingText`]), and
//! the per-document state that makes repeated headings unique
//! ([`Slugger`]). It does not own finding headings in a document
//! (`crate::links::anchors`) nor choosing the renderer of a file (the
//! site model, [`crate::site`], or `urilint.toml`).
//!
//! Each rule is transcribed from the renderer's source (named in each
//! file) and checked against the real renderer on the golden tables of
//! `fixtures/slugs/`.

mod asciidoctor;
mod chars;
mod diacritics;
pub(crate) mod docusaurus;
mod docutils;
mod github;
mod gitlab;
mod goldmark;
mod markdown_it_anchor;
mod mdbook;
mod pymdownx;
mod python_markdown;
mod vitepress;
mod zola;

use std::collections::{HashMap, HashSet};

pub use asciidoctor::{IdAttributes, MAX_PREFIX};
pub use goldmark::IdType as HugoIdType;
pub use markdown_it_anchor::encode_uri_component;
pub use pymdownx::Case as PymdownxCase;

/// A renderer whose heading ids urilint copies. The names
/// ([`Renderer::name`]) are those of `urilint.toml` and of
/// `docs/anchors.md`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Renderer {
    /// GitHub's Markdown (`github`): html-pipeline's
    /// `TableOfContentsFilter`; repeats get `-1`, `-2`, ...
    #[default]
    Github,
    /// GitLab's Markdown (`gitlab`): `Gitlab::Utils::Markdown#string_to_anchor`,
    /// `-` runs squeezed, digits-only ids prefixed `anchor-`; repeats get
    /// `-1`, `-2`, ... counted per id.
    Gitlab,
    /// Python-Markdown's toc extension `slugify` (`python-markdown`, the
    /// default of MkDocs): folded to ASCII; repeats get `_1`, `_2`, ...
    PythonMarkdown,
    /// Python-Markdown's toc `slugify_unicode` (`python-markdown-unicode`).
    PythonMarkdownUnicode,
    /// PyMdown Extensions `pymdownx.slugs.slugify(case=...,
    /// percent_encode=...)` as the toc `slugify` (`pymdownx-slugify`,
    /// `pymdownx-slugify-lower`, ...); repeats as Python-Markdown.
    Pymdownx {
        /// The `case` argument.
        case: PymdownxCase,
        /// The `percent_encode` argument.
        percent_encode: bool,
    },
    /// markdown-it-anchor's default `slugify` (`markdown-it-anchor`):
    /// percent-encoded; repeats get `-1`, `-2`, ...
    MarkdownItAnchor,
    /// VitePress (`vitepress`): @mdit-vue/shared `slugify` in
    /// markdown-it-anchor.
    Vitepress,
    /// VitePress with markdown-it-attrs turned off (`vitepress-no-attrs`;
    /// `markdown: { attrs: { disable: true } }`, VitePress "Site Config"
    /// `markdown.attrs`): `{#id}` and `{.class}` are text of the heading
    /// and mint no id anywhere; otherwise as [`Renderer::Vitepress`].
    VitepressNoAttrs,
    /// VitePress before 1.0.0-alpha.27 (`vitepress-0`): its own `slugify`
    /// of the `diacritics` package (Latin letters only; no NFKD, curly
    /// quotes kept) in markdown-it-anchor; otherwise as
    /// [`Renderer::Vitepress`].
    Vitepress0,
    /// Docusaurus (`docusaurus`): github-slugger, `{#custom-id}`.
    Docusaurus,
    /// Hugo's goldmark with `autoHeadingIDType` (`hugo`,
    /// `hugo-github-ascii`, `hugo-blackfriday`); repeats get `-1`, ...
    Hugo(HugoIdType),
    /// mdBook (`mdbook`): `id_from_content`; repeats get `-1`, ...
    Mdbook,
    /// docutils (`docutils`): `make_id`; a repeated or empty id gets
    /// `-1`, `-2` after the id (`section-1` when empty).
    Docutils,
    /// Sphinx (`sphinx`): docutils `make_id`; a repeated or empty id
    /// gets `id1`, `id2`, ... (Sphinx's `auto_id_prefix` `id`).
    Sphinx,
    /// Asciidoctor (`asciidoctor`): `Section.generate_id` with
    /// `idprefix` and `idseparator`; repeats get `_2`, `_3`, ...
    Asciidoctor(IdAttributes),
    /// Zola (`zola`, and `zola-unslugified` for `slugify.anchors =
    /// "safe"` or `"off"`): the `slug` crate's `slugify` when `slugify`;
    /// explicit `{#id}`s counted first; repeats get `-1`, `-2`, ...
    Zola {
        /// True for `slugify.anchors = "on"` (Zola's default).
        slugify: bool,
    },
}

/// Python's `str.isspace` (what `str.split()` splits on): Unicode
/// White_Space and U+001C to U+001F.
pub fn is_python_space(c: char) -> bool {
    chars::is_python_space(c)
}

/// Every renderer that has a name, in the order of `docs/anchors.md`.
pub const NAMED: [Renderer; 26] = [
    Renderer::Github,
    Renderer::Gitlab,
    Renderer::PythonMarkdown,
    Renderer::PythonMarkdownUnicode,
    pymdownx(PymdownxCase::None, false),
    pymdownx(PymdownxCase::Lower, false),
    pymdownx(PymdownxCase::LowerAscii, false),
    pymdownx(PymdownxCase::Fold, false),
    pymdownx(PymdownxCase::None, true),
    pymdownx(PymdownxCase::Lower, true),
    pymdownx(PymdownxCase::LowerAscii, true),
    pymdownx(PymdownxCase::Fold, true),
    Renderer::MarkdownItAnchor,
    Renderer::Vitepress,
    Renderer::VitepressNoAttrs,
    Renderer::Vitepress0,
    Renderer::Docusaurus,
    Renderer::Hugo(HugoIdType::Github),
    Renderer::Hugo(HugoIdType::GithubAscii),
    Renderer::Hugo(HugoIdType::Blackfriday),
    Renderer::Mdbook,
    Renderer::Docutils,
    Renderer::Sphinx,
    Renderer::Asciidoctor(IdAttributes::DEFAULT),
    Renderer::Zola { slugify: true },
    Renderer::Zola { slugify: false },
];

/// The [`Renderer::Pymdownx`] of `case` and `percent_encode`.
const fn pymdownx(case: PymdownxCase, percent_encode: bool) -> Renderer {
    Renderer::Pymdownx {
        case,
        percent_encode,
    }
}

impl Renderer {
    /// The name used in `urilint.toml` and in messages (`github`,
    /// `python-markdown`, ...; see `docs/anchors.md`). An Asciidoctor
    /// renderer with other attributes than the defaults is still
    /// `asciidoctor`: its attributes come from the document.
    pub fn name(self) -> &'static str {
        match self {
            Renderer::Github => "github",
            Renderer::Gitlab => "gitlab",
            Renderer::PythonMarkdown => "python-markdown",
            Renderer::PythonMarkdownUnicode => "python-markdown-unicode",
            Renderer::Pymdownx {
                case,
                percent_encode,
            } => match (case, percent_encode) {
                (PymdownxCase::None, false) => "pymdownx-slugify",
                (PymdownxCase::Lower, false) => "pymdownx-slugify-lower",
                (PymdownxCase::LowerAscii, false) => "pymdownx-slugify-lower-ascii",
                (PymdownxCase::Fold, false) => "pymdownx-slugify-fold",
                (PymdownxCase::None, true) => "pymdownx-slugify-percent-encode",
                (PymdownxCase::Lower, true) => "pymdownx-slugify-lower-percent-encode",
                (PymdownxCase::LowerAscii, true) => "pymdownx-slugify-lower-ascii-percent-encode",
                (PymdownxCase::Fold, true) => "pymdownx-slugify-fold-percent-encode",
            },
            Renderer::MarkdownItAnchor => "markdown-it-anchor",
            Renderer::Vitepress => "vitepress",
            Renderer::VitepressNoAttrs => "vitepress-no-attrs",
            Renderer::Vitepress0 => "vitepress-0",
            Renderer::Docusaurus => "docusaurus",
            Renderer::Hugo(HugoIdType::Github) => "hugo",
            Renderer::Hugo(HugoIdType::GithubAscii) => "hugo-github-ascii",
            Renderer::Hugo(HugoIdType::Blackfriday) => "hugo-blackfriday",
            Renderer::Mdbook => "mdbook",
            Renderer::Docutils => "docutils",
            Renderer::Sphinx => "sphinx",
            Renderer::Asciidoctor(_) => "asciidoctor",
            Renderer::Zola { slugify: true } => "zola",
            Renderer::Zola { slugify: false } => "zola-unslugified",
        }
    }

    /// The renderer named `name` (as [`Renderer::name`] gives it, any
    /// ASCII case, or `goldmark` for `hugo`); `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Renderer> {
        let name = name.trim();
        if name.eq_ignore_ascii_case("goldmark") {
            return Some(Renderer::Hugo(HugoIdType::Github));
        }
        NAMED
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
    }

    /// The slug of a heading whose text (as [`Renderer::heading_text`]
    /// says the renderer takes it: markup removed, entities decoded) is
    /// `text`, before any repeat counter.
    pub fn slug(self, text: &str) -> String {
        match self {
            Renderer::Github => github::slug(text),
            Renderer::Gitlab => gitlab::slug(text),
            Renderer::PythonMarkdown => python_markdown::slug(text, false),
            Renderer::PythonMarkdownUnicode => python_markdown::slug(text, true),
            Renderer::Pymdownx {
                case,
                percent_encode,
            } => pymdownx::slug(text, case, percent_encode),
            Renderer::MarkdownItAnchor => markdown_it_anchor::slug(text),
            Renderer::Vitepress | Renderer::VitepressNoAttrs => vitepress::slug(text),
            Renderer::Vitepress0 => vitepress::slug_0(text),
            Renderer::Docusaurus => docusaurus::slug(text),
            Renderer::Hugo(id_type) => goldmark::slug(text, id_type),
            Renderer::Mdbook => mdbook::slug(text),
            Renderer::Docutils | Renderer::Sphinx => docutils::make_id(text),
            Renderer::Asciidoctor(attrs) => asciidoctor::slug(text, attrs),
            Renderer::Zola { slugify } => zola::slug(text, slugify),
        }
    }

    /// True when a fragment matches a minted id without regard to case
    /// (github.com's page script scrolls to a heading whatever the case
    /// of the fragment).
    pub fn case_insensitive(self) -> bool {
        matches!(self, Renderer::Github)
    }

    /// What text of a Markdown heading this renderer slugs.
    pub fn heading_text(self) -> HeadingText {
        let base = HeadingText {
            image_alt: false,
            entities: Entities::Decoded,
            autolinks: true,
            line_break: LineBreak::Newline,
            attributes: true,
            python_markdown: false,
            typographer: false,
            first_child_only: false,
        };
        match self {
            // `{#id}` is text to GitHub, GitLab and plain markdown-it.
            Renderer::Github | Renderer::Gitlab => HeadingText {
                attributes: false,
                ..base
            },
            // The toc extension slugs `strip_tags(render_inner_html(el))`.
            Renderer::PythonMarkdown
            | Renderer::PythonMarkdownUnicode
            | Renderer::Pymdownx { .. } => HeadingText {
                line_break: LineBreak::Space,
                python_markdown: true,
                ..base
            },
            // `getTokensText`: `text` and `code_inline` tokens only.
            Renderer::MarkdownItAnchor => HeadingText {
                line_break: LineBreak::Nothing,
                attributes: false,
                ..base
            },
            // VitePress's `getTokensText`: the content of every token but
            // `html_inline` and `emoji` (an image's is empty), entities as
            // written (`restoreEntities`).
            Renderer::Vitepress | Renderer::Vitepress0 => HeadingText {
                entities: Entities::AsWritten,
                line_break: LineBreak::Nothing,
                ..base
            },
            // Without markdown-it-attrs a trailing `{#id}` is text.
            Renderer::VitepressNoAttrs => HeadingText {
                entities: Entities::AsWritten,
                line_break: LineBreak::Nothing,
                attributes: false,
                ..base
            },
            // mdast-util-to-string keeps an image's alt.
            Renderer::Docusaurus => HeadingText {
                image_alt: true,
                ..base
            },
            // Hugo's `render.TextPlain`: the source of text nodes, only
            // the first child of an inline container (so an image's alt
            // and a link's text, not an autolink's), named entities
            // resolved at the end (`util.ResolveEntityNames`), the
            // typographer's dashes; `textHeadingID`: the last line.
            Renderer::Hugo(_) => HeadingText {
                image_alt: true,
                entities: Entities::NamedDecoded,
                autolinks: false,
                line_break: LineBreak::LastLine,
                typographer: true,
                first_child_only: true,
                ..base
            },
            // mdBook turns on pulldown-cmark's smart punctuation
            // (`output.html.smart-punctuation`, default true).
            Renderer::Mdbook => HeadingText {
                typographer: true,
                ..base
            },
            // Zola's `get_text`: text and inline code events only (so an
            // image's alt and an autolink's text; no soft break, no HTML).
            Renderer::Zola { .. } => HeadingText {
                line_break: LineBreak::Nothing,
                ..base
            },
            Renderer::Docutils | Renderer::Sphinx | Renderer::Asciidoctor(_) => base,
        }
    }

    /// How the renderer makes a repeated id unique.
    fn repeat(self) -> Repeat {
        match self {
            Renderer::Github
            | Renderer::MarkdownItAnchor
            | Renderer::Vitepress
            | Renderer::VitepressNoAttrs
            | Renderer::Vitepress0
            | Renderer::Docusaurus
            | Renderer::Hugo(_)
            | Renderer::Mdbook
            | Renderer::Zola { .. } => Repeat::Probe,
            Renderer::Gitlab => Repeat::Count,
            Renderer::PythonMarkdown
            | Renderer::PythonMarkdownUnicode
            | Renderer::Pymdownx { .. } => Repeat::PythonMarkdown,
            Renderer::Docutils => Repeat::Docutils,
            Renderer::Sphinx => Repeat::Sphinx,
            Renderer::Asciidoctor(attrs) => Repeat::Asciidoctor(attrs.separator()),
        }
    }

    /// True when the renderer counts the explicit ids of the whole
    /// document before it mints any (Python-Markdown's toc collects every
    /// `id` of the tree first); false when an explicit id counts from
    /// where it stands.
    pub fn reserves_ahead(self) -> bool {
        // Zola pushes every heading's `{#id}` before it mints any
        // (`render_content`, its second heading pass).
        matches!(
            self,
            Renderer::PythonMarkdown
                | Renderer::PythonMarkdownUnicode
                | Renderer::Pymdownx { .. }
                | Renderer::Zola { .. }
        )
    }
}

/// What text of a Markdown heading a renderer slugs (its inline code,
/// emphasis and link text always; raw HTML tags never).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeadingText {
    /// An image's alt text is part of the text.
    pub image_alt: bool,
    /// How character references (`&amp;`, `&#232;`) are taken.
    pub entities: Entities,
    /// The text of an autolink (`<https://...>`) is part of the text.
    pub autolinks: bool,
    /// What a line break in a setext heading becomes.
    pub line_break: LineBreak,
    /// A trailing `{#id .class}` sets attributes; when false it is text.
    pub attributes: bool,
    /// Python-Markdown's text: only its own backslash escapes (`\<` stays
    /// as written), then `strip_tags` (tags removed, white space runs made
    /// one space).
    pub python_markdown: bool,
    /// `--` and `---` outside code are dashes (goldmark's typographer,
    /// pulldown-cmark's smart punctuation).
    pub typographer: bool,
    /// Only the first child of an emphasis, link or image counts (Hugo's
    /// `textPlainTo`).
    pub first_child_only: bool,
}

/// How a renderer takes a character reference in a heading's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entities {
    /// Decoded (`&amp;` is `&`).
    Decoded,
    /// As written (`&amp;` is the five characters).
    AsWritten,
    /// Named ones decoded, numeric ones (`&#232;`) as written.
    NamedDecoded,
}

/// What a line break inside a heading becomes in the text slugged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineBreak {
    /// A newline character (GitHub's `node.text`).
    Newline,
    /// A space (Python-Markdown's `strip_tags`).
    Space,
    /// Nothing (markdown-it's `softbreak` token has no content).
    Nothing,
    /// Only the last line counts (Hugo's `textHeadingID`).
    LastLine,
}

/// How a renderer makes a repeated id unique.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Repeat {
    /// `id-1`, `id-2`, ...: the first suffix from 1 not minted yet.
    Probe,
    /// `id-N` where N counts the earlier headings of the same slug,
    /// whether or not `id-N` was minted (GitLab).
    Count,
    /// Python-Markdown `toc.unique`: `_1`, or `_N+1` after `_N`; an
    /// empty id too.
    PythonMarkdown,
    /// docutils `create_id`: `id-N` (`section-N` for an empty id), N
    /// counted per prefix.
    Docutils,
    /// Sphinx: `idN`, one count for every automatic id.
    Sphinx,
    /// Asciidoctor: `id{sep}2`, `id{sep}3`, ...
    Asciidoctor(Option<char>),
}

/// The ids minted so far in one document, so that a repeated heading gets
/// the renderer's counter.
///
/// Minting is linear in the number of headings and ids (M3 of the
/// 2026-11-29 review): a counter tried and found taken is never tried
/// again for the same prefix, so 80,000 identical headings, or headings
/// `a-1` to `a-N` followed by N headings `a`, cost a few probes each, and
/// the ids are still exactly the renderers'.
#[derive(Clone, Debug)]
pub struct Slugger {
    renderer: Renderer,
    seen: HashSet<String>,
    /// Headings minted per slug (GitLab), or automatic ids per prefix
    /// (docutils, Sphinx).
    counts: HashMap<String, u64>,
    /// For the renderers that try counters in turn (GitHub and the other
    /// `Repeat::Probe` ones, Asciidoctor, Python-Markdown): per prefix (the
    /// base and its separator), `k -> j` says that the ids `{prefix}k` to
    /// `{prefix}(j-1)` are all taken. As ids are never given back, a run
    /// once skipped stays taken; each entry points past the whole run
    /// found (path compression, as github-slugger's `occurrences` keeps
    /// the next counter per base).
    runs: HashMap<String, HashMap<String, String>>,
    /// Ids looked up while probing counters (for the tests of M3).
    probes: u64,
}

impl Slugger {
    /// A new document rendered by `renderer`.
    pub fn new(renderer: Renderer) -> Slugger {
        Slugger {
            renderer,
            seen: HashSet::new(),
            counts: HashMap::new(),
            runs: HashMap::new(),
            probes: 0,
        }
    }

    /// The renderer of this document.
    pub fn renderer(&self) -> Renderer {
        self.renderer
    }

    /// Mints the later headings as `renderer` does, keeping the ids
    /// minted so far (an AsciiDoc document that sets `:idprefix:` or
    /// `:idseparator:` after some sections).
    pub fn set_renderer(&mut self, renderer: Renderer) {
        self.renderer = renderer;
    }

    /// Notes an id the document sets explicitly (`{#id}`, `[[id]]`,
    /// `.. _label:`): a later heading with the same slug gets a counter,
    /// as renderers that track every id do.
    pub fn reserve(&mut self, id: &str) {
        self.seen.insert(id.to_string());
    }

    /// The id of the next heading, whose text is `text`: its slug, with
    /// the renderer's counter when the slug was minted before.
    pub fn mint(&mut self, text: &str) -> String {
        let base = self.renderer.slug(text);
        self.unique(base)
    }

    /// `base` made unique by the renderer's counter, and noted.
    pub fn unique(&mut self, base: String) -> String {
        let id = match self.renderer.repeat() {
            Repeat::Probe => self.probe(&base, "-", 1),
            Repeat::Asciidoctor(sep) => {
                let mut buf = [0u8; 4];
                let sep = sep.map_or("", |c| c.encode_utf8(&mut buf));
                self.probe(&base, sep, 2)
            }
            Repeat::PythonMarkdown => {
                if !base.is_empty() && !self.seen.contains(&base) {
                    base
                } else {
                    let (stem, start) = python_markdown::counter_start(&base);
                    self.first_free(&format!("{stem}_"), start)
                }
            }
            Repeat::Count => {
                let n = self.counts.entry(base.clone()).or_insert(0);
                let id = if *n == 0 { base } else { format!("{base}-{n}") };
                *n += 1;
                id
            }
            Repeat::Docutils | Repeat::Sphinx => {
                if !base.is_empty() && !self.seen.contains(&base) {
                    base
                } else {
                    let prefix = match self.renderer.repeat() {
                        Repeat::Sphinx => "id".to_string(),
                        _ if base.is_empty() => "section-".to_string(),
                        _ => format!("{base}-"),
                    };
                    let n = self.counts.entry(prefix.clone()).or_insert(0);
                    loop {
                        *n += 1;
                        let id = format!("{prefix}{n}");
                        if !self.seen.contains(&id) {
                            break id;
                        }
                    }
                }
            }
        };
        self.seen.insert(id.clone());
        id
    }

    /// `base`, or the first `base{sep}N` from `start` not minted yet.
    fn probe(&mut self, base: &str, sep: &str, start: u64) -> String {
        if !self.seen.contains(base) {
            return base.to_string();
        }
        self.first_free(&format!("{base}{sep}"), start.to_string())
    }

    /// The first `{prefix}N`, for the decimal counter `N` from `start`
    /// up, that is not taken, skipping the runs of taken counters found
    /// before under the same prefix. The caller mints it: the run found
    /// now, with it, is noted as taken.
    fn first_free(&mut self, prefix: &str, start: String) -> String {
        let Slugger {
            seen, runs, probes, ..
        } = self;
        let runs = runs.entry(prefix.to_string()).or_default();
        let mut k = start;
        let mut path = Vec::new();
        loop {
            let id = format!("{prefix}{k}");
            *probes += 1;
            if !seen.contains(&id) {
                let after = increment(&k);
                path.push(k);
                for taken in path {
                    runs.insert(taken, after.clone());
                }
                return id;
            }
            let next = runs.get(&k).cloned().unwrap_or_else(|| increment(&k));
            path.push(k);
            k = next;
        }
    }

    /// The number of ids looked up while probing counters so far.
    #[cfg(test)]
    fn probes(&self) -> u64 {
        self.probes
    }
}

/// The decimal `digits` plus one, as Python's `int(digits) + 1` writes
/// it (leading zeros dropped, no bound): `9` gives `10`, `007` gives `8`.
fn increment(digits: &str) -> String {
    let trimmed = digits.trim_start_matches('0');
    let mut out: Vec<u8> = trimmed.bytes().collect();
    let mut i = out.len();
    loop {
        if i == 0 {
            out.insert(0, b'1');
            break;
        }
        i -= 1;
        if out[i] == b'9' {
            out[i] = b'0';
        } else {
            out[i] += 1;
            break;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mint_all(renderer: Renderer, texts: &[&str]) -> Vec<String> {
        let mut s = Slugger::new(renderer);
        texts.iter().map(|t| s.mint(t)).collect()
    }

    #[test]
    fn names_round_trip() {
        for r in NAMED {
            assert_eq!(Renderer::from_name(r.name()), Some(r), "{}", r.name());
        }
        assert_eq!(
            Renderer::from_name(" Goldmark "),
            Some(Renderer::Hugo(HugoIdType::Github))
        );
        assert_eq!(Renderer::from_name("kramdown"), None);
    }

    #[test]
    fn counters_per_renderer() {
        let t = ["A", "A", "A-1", "A"];
        assert_eq!(mint_all(Renderer::Github, &t), ["a", "a-1", "a-1-1", "a-2"]);
        assert_eq!(mint_all(Renderer::Gitlab, &t), ["a", "a-1", "a-1", "a-2"]);
        assert_eq!(mint_all(Renderer::Mdbook, &t), ["a", "a-1", "a-1-1", "a-2"]);
        assert_eq!(
            mint_all(Renderer::PythonMarkdown, &["A", "A", "A_1", "!"]),
            ["a", "a_1", "a_2", "_1"]
        );
        assert_eq!(
            mint_all(Renderer::Docutils, &["Intro", "Intro", "!!!", "Intro-1"]),
            ["intro", "intro-1", "section-1", "intro-1-1"]
        );
        assert_eq!(
            mint_all(Renderer::Sphinx, &["Intro", "Intro", "!!!"]),
            ["intro", "id1", "id2"]
        );
        assert_eq!(
            mint_all(
                Renderer::Asciidoctor(IdAttributes::DEFAULT),
                &["A", "A", "A"]
            ),
            ["_a", "_a_2", "_a_3"]
        );
    }

    #[test]
    fn repeats_around_explicit_counters() {
        // github-slugger: `## a-1`, `## a`, `## a` gives `a-1`, `a`, `a-2`;
        // `## a`, `## a`, `## a-1` gives `a`, `a-1`, `a-1-1`.
        for r in [
            Renderer::Github,
            Renderer::MarkdownItAnchor,
            Renderer::Vitepress,
            Renderer::Docusaurus,
            Renderer::Hugo(HugoIdType::Github),
            Renderer::Mdbook,
        ] {
            assert_eq!(mint_all(r, &["a-1", "a", "a"]), ["a-1", "a", "a-2"]);
            assert_eq!(mint_all(r, &["a", "a", "a-1"]), ["a", "a-1", "a-1-1"]);
            assert_eq!(
                mint_all(r, &["a", "a-2", "a", "a", "a", "a-3"]),
                ["a", "a-2", "a-1", "a-3", "a-4", "a-3-1"]
            );
        }
        // An id reserved after the counter passed it, and one ahead of it.
        let mut s = Slugger::new(Renderer::Github);
        assert_eq!(s.mint("a"), "a");
        assert_eq!(s.mint("a"), "a-1");
        s.reserve("a-3");
        assert_eq!(s.mint("a"), "a-2");
        assert_eq!(s.mint("a"), "a-4");
        s.reserve("a-1");
        s.reserve("a-5");
        assert_eq!(s.mint("a"), "a-6");
        let ad = Renderer::Asciidoctor(IdAttributes::DEFAULT);
        assert_eq!(
            mint_all(ad, &["A 2", "A", "A", "A"]),
            ["_a_2", "_a", "_a_3", "_a_4"]
        );
        let mut s = Slugger::new(ad);
        s.reserve("_a_3");
        assert_eq!(
            ["A", "A", "A", "A"].map(|t| s.mint(t)),
            ["_a", "_a_2", "_a_4", "_a_5"]
        );
        // Python-Markdown: `a_1` after `a`'s repeats, the counter of an
        // id that ends in `_N`, and past 64 bits.
        let pm = Renderer::PythonMarkdown;
        assert_eq!(
            mint_all(pm, &["a_1", "a", "a", "a_2", "a_1", "a"]),
            ["a_1", "a", "a_2", "a_3", "a_4", "a_5"]
        );
        assert_eq!(
            mint_all(pm, &["!", "!", "_1", "_1"]),
            ["_1", "_2", "_3", "_4"]
        );
        assert_eq!(
            mint_all(pm, &["x_18446744073709551615", "x_18446744073709551615"]),
            ["x_18446744073709551615", "x_18446744073709551616"]
        );
        assert_eq!(mint_all(pm, &["b_007", "b_007"]), ["b_007", "b_8"]);
    }

    /// M3 of the 2026-11-29 review: N identical headings, and headings
    /// `a-1` to `a-N` followed by N headings `a`, cost a few probes each
    /// (the old code probed from 1 each time: N^2/2 lookups, 305 s for
    /// 80,000 headings through the binary).
    #[test]
    fn repeats_probe_linearly() {
        const N: usize = 20_000;
        let ad = Renderer::Asciidoctor(IdAttributes::DEFAULT);
        for (r, sep, first) in [
            (Renderer::Github, " ", 1),
            (ad, " ", 2),
            (Renderer::PythonMarkdown, "_", 1),
        ] {
            let mut s = Slugger::new(r);
            let base = r.slug("a");
            for i in 0..N {
                let id = s.mint("a");
                if i == 0 {
                    assert_eq!(id, base);
                } else {
                    assert_eq!(id, r.slug(&format!("a{sep}{}", i - 1 + first)));
                }
            }
            assert!(s.probes() <= 2 * N as u64, "{}: {}", r.name(), s.probes());

            let mut s = Slugger::new(r);
            for i in 0..N {
                s.mint(&format!("a{sep}{}", i + first));
            }
            for i in 0..N {
                let want = if i == 0 {
                    base.clone()
                } else {
                    r.slug(&format!("a{sep}{}", N + i - 1 + first))
                };
                assert_eq!(s.mint("a"), want, "{}", r.name());
            }
            assert!(s.probes() <= 3 * N as u64, "{}: {}", r.name(), s.probes());
        }
    }

    /// The counters minted with the runs skipped are those of trying
    /// every counter from the first (the renderers' own loops: html-pipeline
    /// and github-slugger, Asciidoctor's `generate_id`, Python-Markdown's
    /// `unique`), on pseudo-random sequences of headings and explicit ids
    /// that repeat and collide.
    #[test]
    fn same_ids_as_trying_every_counter() {
        fn reference(r: Renderer, seen: &HashSet<String>, base: &str) -> String {
            let taken = |id: &str| seen.contains(id);
            match r.repeat() {
                Repeat::Probe | Repeat::Asciidoctor(_) => {
                    if !taken(base) {
                        return base.to_string();
                    }
                    let (sep, mut n) = match r.repeat() {
                        Repeat::Asciidoctor(_) => ("_", 2),
                        _ => ("-", 1),
                    };
                    while taken(&format!("{base}{sep}{n}")) {
                        n += 1;
                    }
                    format!("{base}{sep}{n}")
                }
                _ => {
                    let mut id = base.to_string();
                    while id.is_empty() || taken(&id) {
                        id = match id.rsplit_once('_') {
                            Some((stem, n))
                                if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) =>
                            {
                                format!("{stem}_{}", increment(n))
                            }
                            _ => format!("{id}_1"),
                        };
                    }
                    id
                }
            }
        }
        let ad = Renderer::Asciidoctor(IdAttributes::DEFAULT);
        let texts = [
            "a", "a", "a", "a 1", "a-1", "a_1", "a 2", "a_2", "a-1-1", "a_1_1", "a 3", "_a_2", "b",
            "!", "_1", "_2", "a_02",
        ];
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        for r in [
            Renderer::Github,
            Renderer::Mdbook,
            ad,
            Renderer::PythonMarkdown,
        ] {
            for _ in 0..200 {
                let mut s = Slugger::new(r);
                let mut seen = HashSet::new();
                for _ in 0..40 {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let text = texts[(state % texts.len() as u64) as usize];
                    let base = r.slug(text);
                    if state.is_multiple_of(7) {
                        // An explicit id.
                        s.reserve(&base);
                        seen.insert(base);
                        continue;
                    }
                    let want = reference(r, &seen, &base);
                    let got = s.mint(text);
                    assert_eq!(got, want, "{}: {text}", r.name());
                    seen.insert(got);
                }
            }
        }
    }

    #[test]
    fn increments_decimals() {
        assert_eq!(increment("0"), "1");
        assert_eq!(increment("9"), "10");
        assert_eq!(increment("007"), "8");
        assert_eq!(increment("199"), "200");
        assert_eq!(increment("18446744073709551615"), "18446744073709551616");
    }
}
