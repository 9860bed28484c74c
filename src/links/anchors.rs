//! The anchors a `#fragment` can name in a target document.
//!
//! This module owns the anchors of a Markdown document (the ids GitHub
//! gives its headings, explicit `{#id}` heading attributes, `id` and
//! `name` attributes in its raw HTML) and of an HTML document (every `id`
//! and `name` attribute). It does not own reading links (the caller).

use std::collections::HashSet;
use std::path::Path;

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

use crate::format::markdown;

/// The most bytes of a target document read for its anchors (16 MiB).
pub const MAX_DOCUMENT: u64 = 16 * 1024 * 1024;

/// The anchors of one document.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Anchors {
    /// The anchors as written.
    exact: HashSet<String>,
    /// Markdown only: the anchors lowercased (GitHub matches a
    /// fragment to a heading's id without regard to case).
    folded: Option<HashSet<String>>,
}

impl Anchors {
    /// True when `fragment` (percent-decoded) names an anchor, or is
    /// `top` (the top of any HTML document, HTML Living Standard "scroll
    /// to the fragment").
    pub fn has(&self, fragment: &str) -> bool {
        if self.exact.contains(fragment) || fragment.eq_ignore_ascii_case("top") {
            return true;
        }
        self.folded
            .as_ref()
            .is_some_and(|f| f.contains(&fragment.to_lowercase()))
    }
}

/// The anchors of the file `path`: a Markdown document (by its name) or
/// an HTML one (by its name or content); `None` for any other file or one
/// that cannot be read.
pub fn of_file(path: &Path) -> Option<Anchors> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(MAX_DOCUMENT)
        .read_to_end(&mut bytes)
        .ok()?;
    match crate::format::detect::detect(&bytes, path) {
        crate::format::detect::InputFormat::Markdown => Some(of_markdown(&bytes)),
        crate::format::detect::InputFormat::Html => Some(of_html(&bytes)),
        _ => None,
    }
}

/// The anchors of the Markdown document `src`: each heading's GitHub id
/// ([`github_slug`], `-1`, `-2` ... after the first of the same id), its
/// `{#id}` when it has one, and the `id`/`name` attributes of raw HTML.
pub fn of_markdown(src: &[u8]) -> Anchors {
    let text = markdown::as_text(src);
    let mut exact = HashSet::new();
    let mut slugs: HashSet<String> = HashSet::new();
    let mut heading: Option<String> = None;
    for (event, range) in Parser::new_ext(&text, markdown::options()).into_offset_iter() {
        match event {
            Event::Start(Tag::Heading { id, .. }) => {
                if let Some(id) = id {
                    exact.insert(id.to_string());
                }
                heading = Some(String::new());
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(h) = heading.take() {
                    let base = github_slug(&h);
                    let mut slug = base.clone();
                    let mut n = 0;
                    while slugs.contains(&slug) {
                        n += 1;
                        slug = format!("{base}-{n}");
                    }
                    slugs.insert(slug.clone());
                    exact.insert(slug);
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::Html(_) | Event::InlineHtml(_) => {
                if let Some(bytes) = src.get(range) {
                    exact.extend(html_ids(bytes));
                }
            }
            _ => {}
        }
    }
    let folded = exact.iter().map(|a| a.to_lowercase()).collect();
    Anchors {
        exact,
        folded: Some(folded),
    }
}

/// The anchors of the HTML document `src`: its `id` and `name` attribute
/// values.
pub fn of_html(src: &[u8]) -> Anchors {
    Anchors {
        exact: html_ids(src),
        folded: None,
    }
}

/// The id GitHub gives a heading whose text is `text`
/// ([`crate::site::slug::Renderer::Github`]).
pub fn github_slug(text: &str) -> String {
    crate::site::slug::Renderer::Github.slug(text)
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
    use super::*;

    #[test]
    fn markdown_and_html_anchors() {
        let md = of_markdown(
            b"# A *b* `c`\n\n# A b c\n\nText <a id='x1' name=y2>\n\n## Set {#custom}\n",
        );
        for a in ["a-b-c", "a-b-c-1", "x1", "y2", "custom", "A-B-C"] {
            assert!(md.has(a), "{a}");
        }
        assert!(!md.has("a-b-c-2"));
        let html = of_html(b"<h1 id=\"Intro\">x</h1><a name=\"old\"></a><p data-id=\"no\">");
        assert!(html.has("Intro") && html.has("old") && html.has("top"));
        assert!(!html.has("intro") && !html.has("no"));
    }
}
