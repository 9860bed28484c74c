//! The anchors of a reStructuredText document: each section's id as
//! docutils (or Sphinx) gives it, and the ids of explicit hyperlink
//! targets (`.. _label:`) and `:name:` options.

use std::collections::HashSet;

use super::Anchors;
use crate::site::slug::{Renderer, Slugger};

/// The characters docutils allows in a section adornment (any
/// non-alphanumeric printable 7-bit ASCII character).
fn is_adornment(line: &str) -> Option<u8> {
    let b = line.trim_end().as_bytes();
    let first = *b.first()?;
    (b.len() >= 2 && first.is_ascii_punctuation() && b.iter().all(|&c| c == first)).then_some(first)
}

/// The anchors of the reStructuredText document `src`: each section
/// title's id (docutils `make_id` of the title's text with inline markup
/// removed; repeats as [`Renderer::Docutils`], or [`Renderer::Sphinx`]
/// when `renderer` is Sphinx), and `make_id` of each `.. _label:` target
/// and `:name:` option. Titles inside indented blocks (directives,
/// literal blocks) are not sections, as in docutils.
pub fn of_rst(src: &[u8], renderer: Renderer) -> Anchors {
    let (ids, mut others) = scan(src, renderer);
    others.extend(ids.into_iter().map(|(id, _)| id));
    Anchors::new(others, false)
}

/// The generated id of each section of `src` in document order (a
/// section with an explicit id has none here), as [`of_rst`] makes
/// them.
pub fn section_ids(src: &[u8], renderer: Renderer) -> Vec<String> {
    scan(src, renderer)
        .0
        .into_iter()
        .map(|(id, _)| id)
        .collect()
}

/// [`section_ids`], each with the 0-based index of its title's line (lines
/// as [`str::lines`] splits them); for go-to-definition on a `#fragment`.
pub fn section_ids_at(src: &[u8], renderer: Renderer) -> Vec<(String, usize)> {
    scan(src, renderer).0
}

/// The generated section ids of `src` in order (each with its title's
/// line index), and its other anchors.
fn scan(src: &[u8], renderer: Renderer) -> (Vec<(String, usize)>, HashSet<String>) {
    let renderer = match renderer {
        Renderer::Sphinx => Renderer::Sphinx,
        _ => Renderer::Docutils,
    };
    let text = String::from_utf8_lossy(src);
    let lines: Vec<&str> = text.lines().collect();
    let mut slugger = Slugger::new(renderer);
    let mut exact = HashSet::new();
    let mut sections = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(label) = target_label(line) {
            let id = renderer.slug(&label);
            if !id.is_empty() {
                slugger.reserve(&id);
                exact.insert(id);
            }
            i += 1;
            continue;
        }
        if let Some(name) = line.trim_start().strip_prefix(":name:") {
            let id = renderer.slug(&normalize_name(name));
            if !id.is_empty() {
                slugger.reserve(&id);
                exact.insert(id);
            }
            i += 1;
            continue;
        }
        let blank_before = i == 0 || lines[i - 1].trim().is_empty();
        // Overline, title, underline.
        if let (Some(over), Some(title), Some(under)) =
            (is_adornment(line), lines.get(i + 1), lines.get(i + 2))
        {
            if blank_before && is_adornment(under) == Some(over) && !title.trim().is_empty() {
                let id = slugger.mint(&normalize_name(&inline_text(title.trim())));
                sections.push((id, i + 1));
                i += 3;
                continue;
            }
        }
        // Title, underline.
        if let Some(under) = lines.get(i + 1) {
            let starts_plain = !line.starts_with(char::is_whitespace) && !line.trim().is_empty();
            let (title_mark, under_mark) = (is_adornment(line), is_adornment(under));
            if blank_before
                && starts_plain
                && under_mark.is_some()
                && (title_mark.is_none() || title_mark != under_mark)
                && under.trim_end().chars().count() >= line.trim_end().chars().count().min(4)
            {
                let id = slugger.mint(&normalize_name(&inline_text(line.trim())));
                sections.push((id, i));
                i += 2;
                continue;
            }
        }
        i += 1;
    }
    (sections, exact)
}

/// The reference name of an internal target line `.. _label:` (also
/// ``.. _`a: label`:``), whitespace-normalized and lowercased; `None`
/// for any other line, for anonymous targets (`.. __:`) and for
/// external ones (`.. _name: https://...`, which the HTML writer does
/// not render as an element).
fn target_label(line: &str) -> Option<String> {
    let rest = line.trim_start().strip_prefix(".. _")?.trim_end();
    let name = match rest.strip_prefix('`') {
        Some(quoted) => quoted.strip_suffix("`:")?,
        None => rest.strip_suffix(':')?,
    };
    (!name.is_empty() && !name.starts_with('_') && (rest.starts_with('`') || !name.contains(": ")))
        .then(|| normalize_name(&name.replace("\\:", ":")))
}

/// docutils `fully_normalize_name`: lowercased, white space runs made
/// one space, trimmed.
fn normalize_name(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The text of a title with reStructuredText inline markup removed:
/// ``` ``literal`` ```, `*emphasis*`, `**strong**`, `` `text <uri>`_ ``
/// (its text), `` `ref`_ ``, `` :role:`text <target>` `` (its text),
/// `|substitution|` (its name), and backslash escapes.
fn inline_text(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    let mut rest = title;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("``") {
            if let Some(end) = after.find("``") {
                out.push_str(&after[..end]);
                rest = &after[end + 2..];
                continue;
            }
        }
        if c == ':' {
            // :role:`text`
            if let Some((role, after)) = rest[1..].split_once(":`") {
                if !role.is_empty()
                    && role
                        .chars()
                        .all(|r| r.is_alphanumeric() || "-_.+:".contains(r))
                {
                    if let Some(end) = after.find('`') {
                        out.push_str(link_text(&after[..end]));
                        rest = &after[end + 1..];
                        continue;
                    }
                }
            }
        }
        if c == '`' {
            if let Some(end) = rest[1..].find('`') {
                out.push_str(link_text(&rest[1..1 + end]));
                rest = rest[1 + end + 1..].trim_start_matches('_');
                continue;
            }
        }
        if c == '*' {
            let stars = if rest.starts_with("**") { 2 } else { 1 };
            let inner = &rest[stars..];
            if let Some(end) = inner.find(&"**"[..stars]) {
                if end > 0 {
                    out.push_str(&inner[..end]);
                    rest = &inner[end + stars..];
                    continue;
                }
            }
        }
        if c == '|' {
            if let Some(end) = rest[1..].find('|') {
                out.push_str(&rest[1..1 + end]);
                rest = rest[1 + end + 1..].trim_start_matches('_');
                continue;
            }
        }
        if c == '\\' {
            if let Some(next) = rest[1..].chars().next() {
                if !next.is_whitespace() {
                    out.push(next);
                }
                rest = &rest[1 + next.len_utf8()..];
                continue;
            }
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The text of `text <target>` (a hyperlink or a role with an explicit
/// title): `text`; `text` itself otherwise. A leading `~` or `!` of a
/// Sphinx cross-reference is dropped (`~a.b.c` shows `c`).
fn link_text(text: &str) -> &str {
    let t = text.trim();
    if t.ends_with('>') {
        if let Some(open) = t.rfind(" <") {
            return t[..open].trim_end();
        }
    }
    match t.strip_prefix('~') {
        Some(path) => path.rsplit('.').next().unwrap_or(path),
        None => t.strip_prefix('!').unwrap_or(t),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rst_sections_and_targets() {
        let src = "Title\n=====\n\nIntro\n-----\n\nIntro\n-----\n\n.. _my-label:\n\n2. Setup ``pip``\n----------------\n\n.. code-block:: rst\n\n   Not a title\n   -----------\n\n=========\n Overline\n=========\n\n:ref:`Café <x>` *and* `link <https://e.org>`_\n------------------------------------------------\n";
        let a = of_rst(src.as_bytes(), Renderer::Github);
        let mut ids: Vec<&str> = a.iter().collect();
        ids.sort_unstable();
        assert_eq!(
            ids,
            [
                "cafe-and-link",
                "intro",
                "intro-1",
                "my-label",
                "overline",
                "setup-pip",
                "title"
            ]
        );
        let s = of_rst(src.as_bytes(), Renderer::Sphinx);
        assert!(s.has("id1") && !s.has("intro-1"));
    }

    #[test]
    fn target_labels() {
        assert_eq!(target_label(".. _My Label:"), Some("my label".into()));
        assert_eq!(target_label(".. _`a: b`:"), Some("a: b".into()));
        assert_eq!(target_label(".. __: https://x"), None);
        assert_eq!(target_label(".. _py: https://python.org"), None);
    }
}
