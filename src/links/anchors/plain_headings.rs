//! The ids of a Markdown page's plain ATX headings, found by reading its
//! lines: a fast way to say that a `#fragment` is there without parsing
//! the page.
//!
//! A link check asks for the anchors of every page a `#fragment` points
//! into, and a full parse of each such page (`markdown::of_markdown`)
//! cost as much as reading the whole tree. Nearly every fragment names a
//! heading whose text is plain (`## Install the CLI`): its id is the
//! renderer's slug of that text, whatever else the page holds. So a
//! fragment that is the slug of a plain heading is there; any other is
//! looked for by the full parse, which has the last word. The line
//! reading only ever accepts: a heading it does not see, or does not take
//! for plain, leaves the question to the parse.

use std::collections::HashSet;

use super::Anchors;
use crate::site::slug::Renderer;

/// The ids `renderer` gives the plain ATX headings of the Markdown page
/// `src` (CommonMark section 4.2: one to six `#` then a space, at most
/// three spaces of indentation): headings whose text holds only letters,
/// digits, spaces and `-.,:;?!'()/`, outside front matter, fenced code,
/// HTML comments, raw HTML blocks (`<pre>`, `<script>`, `<style>`,
/// `<textarea>`) and Liquid comments, and not followed by a kramdown
/// attribute line (`{: #id}`, which changes the id); and the id a heading
/// sets itself with a trailing `{#id}`, whatever its text. Each id is the
/// slug the first heading with that text gets: an element with that id is
/// on the page whichever heading or explicit id took it first.
pub fn plain_heading_ids(src: &[u8], renderer: Renderer) -> Anchors {
    let mut ids = HashSet::new();
    let mut lines = src.split(|&b| b == b'\n').peekable();
    let mut fence: Option<(u8, usize)> = None;
    let mut skip_until: Option<&'static [u8]> = None;
    let mut first = true;
    while let Some(line) = lines.next() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if std::mem::take(&mut first) && line == b"---" {
            // Front matter (YAML comments start with `#`).
            for l in lines.by_ref() {
                let l = l.strip_suffix(b"\r").unwrap_or(l);
                if l == b"---" || l == b"..." {
                    break;
                }
            }
            continue;
        }
        if let Some(end) = skip_until {
            if memchr::memmem::find(line, end).is_some() {
                skip_until = None;
            }
            continue;
        }
        let indent = line.iter().take_while(|&&b| b == b' ').count();
        let t = &line[indent..];
        if let Some((c, n)) = fence {
            if indent < 4 && t.iter().take_while(|&&b| b == c).count() >= n {
                fence = None;
            }
            continue;
        }
        if indent >= 4 {
            continue;
        }
        let run = |c: u8| t.iter().take_while(|&&b| b == c).count();
        if run(b'`') >= 3 || run(b'~') >= 3 {
            fence = Some((t[0], run(t[0])));
            continue;
        }
        if let Some(end) = opens_block(t) {
            if memchr::memmem::find(&t[1..], end).is_none() {
                skip_until = Some(end);
            }
            continue;
        }
        let hashes = run(b'#');
        if !(1..=6).contains(&hashes) || t.get(hashes).is_some_and(|&b| b != b' ') {
            continue;
        }
        let text = heading_text(&t[hashes..]);
        let next = lines.peek().map(|l| l.trim_ascii_start());
        if text.is_empty() || next.is_some_and(|l| l.starts_with(b"{:")) {
            continue;
        }
        if matches!(renderer, Renderer::Docusaurus) {
            // `### Title {/* #id */}` (Docusaurus 3.10).
            if let Some((_, id)) = std::str::from_utf8(text)
                .ok()
                .and_then(crate::site::slug::docusaurus::comment_heading_id)
            {
                ids.insert(id.to_string());
                continue;
            }
        }
        if let Some(id) = explicit_id(text) {
            // `## Title {#id}`: the id is the one written, whatever the
            // title holds (the full parse counts it for every renderer).
            ids.insert(id.to_string());
            continue;
        }
        if !plain(text) {
            continue;
        }
        if let Ok(text) = std::str::from_utf8(text) {
            ids.insert(renderer.slug(text));
        }
    }
    Anchors::new(ids, renderer.case_insensitive())
}

/// The end marker of a block whose lines are not Markdown, when the line
/// `t` opens one: an HTML comment, a raw HTML block of CommonMark's type 1,
/// a Liquid comment or raw block.
fn opens_block(t: &[u8]) -> Option<&'static [u8]> {
    if !matches!(t.first(), Some(b'<' | b'{')) {
        return None;
    }
    let lower = t.get(..12).unwrap_or(t).to_ascii_lowercase();
    if t.starts_with(b"<!--") {
        Some(b"-->")
    } else if lower.starts_with(b"<pre") {
        Some(b"</pre>")
    } else if lower.starts_with(b"<script") {
        Some(b"</script>")
    } else if lower.starts_with(b"<style") {
        Some(b"</style>")
    } else if lower.starts_with(b"<textarea") {
        Some(b"</textarea>")
    } else if t.starts_with(b"{% comment") || t.starts_with(b"{%- comment") {
        Some(b"endcomment")
    } else if t.starts_with(b"{% raw") || t.starts_with(b"{%- raw") {
        Some(b"endraw")
    } else {
        None
    }
}

/// The text of an ATX heading after its opening `#`s: trimmed, without a
/// closing sequence of `#`s (CommonMark section 4.2).
fn heading_text(rest: &[u8]) -> &[u8] {
    let t = rest.trim_ascii();
    let closing = t.iter().rev().take_while(|&&b| b == b'#').count();
    if closing == t.len() {
        return &t[..0];
    }
    if closing > 0 && t[t.len() - closing - 1] == b' ' {
        t[..t.len() - closing].trim_ascii_end()
    } else {
        t
    }
}

/// The id of a heading whose text ends in an attribute block, `{#id}`,
/// `{ #id .class key="a value" }` or `{ id="id" }` (pulldown-cmark's
/// heading attributes, markdown-it-attrs, attr_list, goldmark, kramdown),
/// the id made of letters, digits and `-_.:`; `None` for any other text,
/// a block with a token that is not an attribute, or with two ids.
fn explicit_id(text: &[u8]) -> Option<&str> {
    let inner = text.strip_suffix(b"}")?;
    let open = memchr::memrchr(b'{', inner)?;
    if open > 0 && inner[open - 1] != b' ' {
        return None;
    }
    let word = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':');
    let mut id = None;
    for token in attribute_tokens(&inner[open + 1..])? {
        let value = if let Some(v) = token.strip_prefix(b"#") {
            Some(v)
        } else if let Some(v) = token.strip_prefix(b"id=") {
            Some(unquoted(v))
        } else if token.starts_with(b".") || token.contains(&b'=') {
            None
        } else {
            return None;
        };
        if let Some(v) = value {
            if id.is_some() || v.is_empty() || !v.iter().all(word) {
                return None;
            }
            id = Some(v);
        }
    }
    std::str::from_utf8(id?).ok()
}

/// The tokens of an attribute block's inside, split at white space
/// outside quotes; `None` when a quote is not closed.
fn attribute_tokens(inside: &[u8]) -> Option<Vec<&[u8]>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < inside.len() {
        if inside[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < inside.len() && !inside[i].is_ascii_whitespace() {
            if let q @ (b'"' | b'\'') = inside[i] {
                i += 1 + memchr::memchr(q, &inside[i + 1..])?;
            }
            i += 1;
        }
        out.push(&inside[start..i]);
    }
    Some(out)
}

/// `v` without the quotes around it, when it has them.
fn unquoted(v: &[u8]) -> &[u8] {
    match v {
        [q @ (b'"' | b'\''), inner @ .., last] if last == q => inner,
        _ => v,
    }
}

/// True when `text` holds no Markdown or HTML markup and nothing a
/// renderer treats apart: letters and digits (any script), spaces, and
/// `-.,:;?!'()/`.
fn plain(text: &[u8]) -> bool {
    let Ok(s) = std::str::from_utf8(text) else {
        return false;
    };
    s.chars().all(|c| {
        c.is_alphanumeric()
            || matches!(
                c,
                ' ' | '-' | '.' | ',' | ':' | ';' | '?' | '!' | '\'' | '(' | ')' | '/'
            )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_headings_only() {
        let src = b"---\n# not: a heading\n---\n# Install the CLI\n\n## Options ##\n\
            ### The `code` way\n```sh\n# a comment\n```\n<!--\n## Hidden\n-->\n\
            ## Renamed\n{: #other}\n    # indented\n#hashtag\n## Why? (Really)\n";
        let a = plain_heading_ids(src, Renderer::Github);
        for yes in ["install-the-cli", "options", "why-really"] {
            assert!(a.has(yes), "{yes}");
        }
        for no in [
            "not-a-heading",
            "the-code-way",
            "a-comment",
            "hidden",
            "renamed",
            "indented",
            "hashtag",
        ] {
            assert!(!a.has(no), "{no}");
        }
    }

    /// `## Title {#id}` (VitePress, Docusaurus, Hugo, MkDocs with
    /// attr_list): the written id, whatever the title holds; as in
    /// vuejs/docs `src/guide/essentials/list.md`.
    #[test]
    fn explicit_ids() {
        let src = b"## Maintaining State with `key` {#maintaining-state-with-key}\n\
            ## app.runWithContext() { #app-runwithcontext }\n\
            ### with pip <small>recommended</small> { #with-pip data-toc-label=\"with pip\" }\n\
            ### Navigation path <small>Breadcrumbs</small> { id=navigation-path }\n\
            ### 9.7.6 <small>March 19, 2026</small> { id=\"9.7.6\" }\n\
            ## Not {#a b}\n## Glued{#glued}\n## Two { #c #d }\n\
            ## Quoted { title=\"see #e\" }\n```\n## Fenced {#fenced}\n```\n";
        for r in [Renderer::Vitepress, Renderer::PythonMarkdown] {
            let a = plain_heading_ids(src, r);
            for yes in [
                "maintaining-state-with-key",
                "app-runwithcontext",
                "with-pip",
                "navigation-path",
                "9.7.6",
            ] {
                assert!(a.has(yes), "{r:?}: {yes}");
            }
            for no in ["a", "glued", "c", "d", "e", "fenced"] {
                assert!(!a.has(no), "{r:?}: {no}");
            }
            let full = super::super::markdown::of_markdown(src, r);
            for id in a.iter() {
                assert!(full.has(id), "{r:?}: {id}");
            }
        }
    }

    /// The ids are the full parse's, for the plain headings.
    #[test]
    fn as_the_parse_mints_them() {
        let src = "# Über uns\n\n## Step 1: set-up\n\n## Step 1: set-up\n\n## What's new?\n";
        for r in [
            Renderer::Github,
            Renderer::PythonMarkdown,
            Renderer::Vitepress,
            Renderer::Mdbook,
            Renderer::Docusaurus,
        ] {
            let full = super::super::markdown::of_markdown(src.as_bytes(), r);
            let quick = plain_heading_ids(src.as_bytes(), r);
            for id in quick.iter() {
                assert!(full.has(id), "{r:?}: {id}");
            }
            assert_eq!(quick.iter().count(), 3, "{r:?}");
        }
    }

    /// Docusaurus 3.10's `### Title { /*#id*/ }` (babel/website,
    /// fixtures/sites/docusaurus-comment-ids/SOURCE): the id written.
    #[test]
    fn docusaurus_comment_ids() {
        // babel/website (fixtures/sites/docusaurus-comment-ids/SOURCE).
        let src = include_bytes!(
            "../../../fixtures/sites/docusaurus-comment-ids/blog/2015-03-31-5.0.0.md"
        );
        let a = plain_heading_ids(src, Renderer::Docusaurus);
        assert!(a.has("stage-0:-class-properties") && a.has("stage-1:-decorators"));
        assert!(!plain_heading_ids(src, Renderer::Github).has("stage-0:-class-properties"));
    }
}
