//! Links in a front matter field that the site's templates render as
//! Markdown: Hugo's `{{ .Description | markdownify }}` (kubernetes-sigs/kind,
//! Docsy's `lead`), Jekyll's `{{ page.description | markdownify }}`. The
//! built page carries those links, so they are read as the body's are:
//! link destinations, images and reference definitions
//! ([`SegmentKind::MarkdownLink`]), each at its bytes in the file. Only
//! root-relative references (`/docs/x/`) are given: a template may render
//! the field on another page than its own (falcosecurity/falco-website's
//! section index lists its pages' descriptions), where a relative one
//! leads elsewhere; an absolute URI is left to the front matter's text,
//! where the scanner finds it already.
//!
//! This module owns finding the field's value in YAML front matter and
//! parsing it as Markdown where it lies, offset for offset: a block
//! scalar (`description: |-`, `>`; its lines indented by at most three
//! spaces, which Markdown reads as a paragraph's, so nothing is moved),
//! or a plain scalar on the key's line (the key masked by `x`s). Quoted
//! scalars (whose escapes YAML decodes) and deeper indentation are not
//! read. Which sites render which field is the site model's business
//! (urilint's `site::Layout::markdown_description`). Source: YAML 1.2
//! sections 8.1 (block scalars) and 7.3.3 (plain scalars); Hugo docs,
//! "markdownify"; Jekyll docs, "Liquid filters".

use super::{Segment, SegmentKind};

/// The most bytes of a document's start looked at for its front matter.
const MAX_FRONT_MATTER: usize = 64 * 1024;

/// The Markdown links (destinations, images, reference definitions) of
/// the top-level field `key` (e.g. `description`) of the YAML front
/// matter of the Markdown document `src`, mapped to their bytes in
/// `src` (0-based byte offsets); empty when there is no such field, or
/// it is not a block or plain scalar this reads.
pub fn field_links(src: &[u8], key: &str) -> Vec<Segment> {
    let Some(range) = field_value(src, key) else {
        return Vec::new();
    };
    let FieldValue { value, mask } = range;
    // The document with every byte but the value's made a space (line
    // ends kept), and the key of a plain scalar made `x`s: the same
    // offsets, a paragraph where the value is.
    // Only up to the value's end (within the first 64 KiB): the rest of
    // a large page is never copied.
    let masked: Vec<u8> = src[..value.end.min(src.len())]
        .iter()
        .enumerate()
        .map(|(i, &b)| {
            if value.contains(&i) || b == b'\n' {
                b
            } else if mask.contains(&i) {
                b'x'
            } else {
                b' '
            }
        })
        .collect();
    super::markdown::segments(&masked, false)
        .into_iter()
        .filter(|s| matches!(s.kind, SegmentKind::MarkdownLink(_)))
        .filter(|s| value.contains(&(s.map.start(0) as usize)))
        // Root-relative references only: a template may render the field
        // on another page than its own (a section's list of its pages'
        // descriptions), where a relative one would lead elsewhere. An
        // absolute URI is found in the front matter's text already.
        .filter(|s| {
            let t = s.text.trim_ascii_start();
            t.starts_with(b"/") && !t.starts_with(b"//")
        })
        .map(|mut s| {
            // The text as the file has it (the same bytes).
            let (a, b) = (
                s.map.start(0) as usize,
                s.map.end(s.text.len() as u64) as usize,
            );
            if let Some(t) = src.get(a..b) {
                if t.len() == s.text.len() {
                    s.text = t.to_vec();
                }
            }
            s
        })
        .collect()
}

/// The end of the YAML front matter of `src` (a first line `---`, up to
/// and with its closing `---` or `...` line), as a 0-based byte offset;
/// `None` without one (within the first 64 KiB).
pub fn front_matter_end(src: &[u8]) -> Option<usize> {
    let head = &src[..src.len().min(MAX_FRONT_MATTER)];
    let mut at = 0;
    let mut first = true;
    for line in head.split_inclusive(|&b| b == b'\n') {
        at += line.len();
        let t = line.trim_ascii_end();
        if first {
            if t != b"---" {
                return None;
            }
            first = false;
        } else if t == b"---" || t == b"..." {
            return Some(at);
        }
    }
    None
}

/// Where a field's value lies ([`field_value`]).
struct FieldValue {
    /// The bytes of the value (a block scalar's lines, a plain scalar's
    /// text).
    value: std::ops::Range<usize>,
    /// The bytes masked by `x`s before a plain scalar (its key).
    mask: std::ops::Range<usize>,
}

/// The value of the top-level key `key` of the YAML front matter (a
/// first line `---`) of `src`, when it is a block scalar indented by one
/// to three spaces or a plain scalar on the key's line.
fn field_value(src: &[u8], key: &str) -> Option<FieldValue> {
    let head = &src[..src.len().min(MAX_FRONT_MATTER)];
    let text = std::str::from_utf8(head).ok().or_else(|| {
        // A cut inside a character: the text before it.
        std::str::from_utf8(&head[..head.len().saturating_sub(3)]).ok()
    })?;
    let mut lines = line_spans(text);
    let first = lines.next()?;
    if text[first.clone()].trim_end() != "---" {
        return None;
    }
    let mut lines = lines.peekable();
    while let Some(line) = lines.next() {
        let l = &text[line.clone()];
        if l.trim_end() == "---" || l.trim_end() == "..." {
            return None;
        }
        let Some(rest) = l.strip_prefix(key).and_then(|r| r.strip_prefix(':')) else {
            continue;
        };
        if !rest.is_empty() && !rest.starts_with([' ', '\t', '\r', '\n']) {
            continue;
        }
        let value = rest.trim();
        let value_start = line.start + key.len() + 1 + (rest.len() - rest.trim_start().len());
        if value.starts_with(['|', '>']) {
            // A block scalar: its indicators, then a comment at most.
            let header = value.split_once(" #").map_or(value, |(h, _)| h).trim_end();
            if !header[1..]
                .chars()
                .all(|c| matches!(c, '-' | '+' | '1'..='9'))
            {
                return None;
            }
            let mut start = None;
            let mut end = line.end;
            let mut indent = None;
            while let Some(next) = lines.peek().cloned() {
                let t = &text[next.clone()];
                let body = t.trim_end_matches(['\n', '\r']);
                if body.trim().is_empty() {
                    lines.next();
                    continue;
                }
                let n = body.len() - body.trim_start_matches(' ').len();
                if n == 0 {
                    break;
                }
                if *indent.get_or_insert(n) > 3 {
                    return None;
                }
                start.get_or_insert(next.start);
                end = next.end;
                lines.next();
            }
            return start.map(|s| FieldValue {
                value: s..end,
                mask: 0..0,
            });
        }
        if value.is_empty()
            || value.starts_with([
                '"', '\'', '[', '{', '&', '*', '!', '%', '@', '`', '#', '-', '?', ':', ',',
            ])
        {
            return None;
        }
        // A plain scalar: up to a comment (` #`) or the line's end.
        let len = value.find(" #").unwrap_or(value.len());
        return Some(FieldValue {
            value: value_start..value_start + len,
            mask: line.start..value_start.saturating_sub(1),
        });
    }
    None
}

/// The byte ranges of the lines of `text`, each with its line end.
fn line_spans(text: &str) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= text.len() {
            return None;
        }
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
        let r = at..end;
        at = end;
        Some(r)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn links(src: &str) -> Vec<(String, &'static str, String)> {
        field_links(src.as_bytes(), "description")
            .into_iter()
            .map(|s| {
                let at = s.map.span(0..s.text.len() as u64);
                let name = match s.kind {
                    SegmentKind::MarkdownLink(n) => n,
                    _ => "",
                };
                (
                    String::from_utf8_lossy(&s.text).into_owned(),
                    name,
                    src[at.start as usize..at.end as usize].to_string(),
                )
            })
            .collect()
    }

    #[test]
    fn a_block_scalar_s_links_at_their_bytes() {
        // kubernetes-sigs/kind `site/content/docs/user/quick-start.md`.
        let src = "---\ntitle: \"Quick Start\"\ndescription: |-\n  This guide covers getting started with the `kind` command.\n\n  **If you are having problems please see the [known issues] guide.**\n\n  [known issues]: /docs/user/known-issues\n---\n## Installation\n[body](/docs/x/)\n";
        let got = links(src);
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].0, "/docs/user/known-issues");
        assert_eq!(got[0].2, "/docs/user/known-issues");
        assert!(got[0].1.contains("definition"), "{got:?}");
    }

    #[test]
    fn a_plain_scalar_on_the_key_s_line() {
        let src =
            "---\ndescription: See [A](/docs/a/) and <https://a.example/x>. # c\ntitle: x\n---\n";
        let got: Vec<String> = links(src).into_iter().map(|l| l.2).collect();
        // The absolute URI is read with the front matter's text.
        assert_eq!(got, ["/docs/a/"]);
    }

    #[test]
    fn what_is_not_read() {
        for src in [
            // Quoted: YAML decodes escapes.
            "---\ndescription: \"See [A](/a/)\"\n---\n",
            // Indented four spaces: Markdown code, moved by YAML.
            "---\ndescription: |\n    See [A](/a/)\n---\n",
            // Not top-level, another key, no front matter, after it.
            "---\nparams:\n  description: See [A](/a/)\n---\n",
            "---\nsummary: See [A](/a/)\n---\n",
            "description: See [A](/a/)\n",
            "---\ntitle: x\n---\ndescription: See [A](/a/)\n",
        ] {
            assert!(links(src).is_empty(), "{src}");
        }
    }

    #[test]
    fn the_front_matter_ends_after_its_closing_line() {
        assert_eq!(front_matter_end(b"---\na: 1\n---\nbody\n"), Some(13));
        assert_eq!(front_matter_end(b"---\r\na: 1\r\n...\r\n"), Some(16));
        assert_eq!(front_matter_end(b"a: 1\n---\n"), None);
        assert_eq!(front_matter_end(b"---\na: 1\n"), None);
    }

    #[test]
    fn folded_and_kept_block_scalars() {
        let src = "---\ndescription: >-\n  See [A](/a/)\n  and ![i](img/x.png)\nweight: 1\n---\n";
        let got: Vec<String> = links(src).into_iter().map(|l| l.2).collect();
        // The relative image is left out (it depends on the page that
        // renders the field).
        assert_eq!(got, ["/a/"]);
    }
}
