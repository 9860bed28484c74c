//! Heading ids as each renderer mints them: the slug of a heading's text
//! and the counter a renderer appends to a repeated one.
//!
//! This module owns the slug rules of the Markdown, reStructuredText and
//! AsciiDoc renderers that docs sites use ([`Renderer`]), one file per
//! renderer, and the per-document state that makes repeated headings
//! unique ([`Slugger`]). It does not own finding headings in a document
//! (`crate::links::anchors`) nor choosing the renderer of a file (the
//! site model, [`crate::site`], or `urilint.toml`).

mod github;

/// A renderer whose heading ids urilint copies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Renderer {
    /// GitHub's Markdown (github/cmark-gfm and the github.com page):
    /// lowercased, punctuation dropped, spaces made `-`; repeats get
    /// `-1`, `-2`, ...
    #[default]
    Github,
}

impl Renderer {
    /// The name used in `urilint.toml` and in messages (`github`).
    pub fn name(self) -> &'static str {
        match self {
            Renderer::Github => "github",
        }
    }

    /// The renderer named `name` (as [`Renderer::name`] gives it);
    /// `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Renderer> {
        [Renderer::Github]
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The slug of a heading whose text (as the reader sees it: markup
    /// removed, entities decoded) is `text`, before any repeat counter.
    pub fn slug(self, text: &str) -> String {
        match self {
            Renderer::Github => github::slug(text),
        }
    }

    /// True when a fragment matches a minted id without regard to case
    /// (github.com's page script scrolls to a heading whatever the case
    /// of the fragment).
    pub fn case_insensitive(self) -> bool {
        matches!(self, Renderer::Github)
    }
}

/// The ids minted so far in one document, so that a repeated heading gets
/// the renderer's counter.
#[derive(Clone, Debug)]
pub struct Slugger {
    renderer: Renderer,
    seen: std::collections::HashSet<String>,
}

impl Slugger {
    /// A new document rendered by `renderer`.
    pub fn new(renderer: Renderer) -> Slugger {
        Slugger {
            renderer,
            seen: std::collections::HashSet::new(),
        }
    }

    /// Notes an id the document sets explicitly (`{#id}`, `<a id>`):
    /// a later heading with the same slug gets a counter, as renderers
    /// that track every id do.
    pub fn reserve(&mut self, id: &str) {
        self.seen.insert(id.to_string());
    }

    /// The id of the next heading, whose text is `text`: its slug, with
    /// the renderer's counter when the slug was minted before.
    pub fn mint(&mut self, text: &str) -> String {
        let base = self.renderer.slug(text);
        let mut id = base.clone();
        let mut n = 0;
        while self.seen.contains(&id) {
            n += 1;
            id = format!("{base}-{n}");
        }
        self.seen.insert(id.clone());
        id
    }
}
