//! Jekyll's Liquid links in a Markdown page: `{% link path %}`, `{%
//! post_url name %}`, `{{ site.baseurl }}/path` and `{{ '/path' |
//! relative_url }}`, each read as the root-relative reference it makes,
//! so that `check --links local` looks for its target.
//!
//! This module owns finding them and giving each as one segment whose
//! text is a root-relative reference (`references: true`, kind
//! [`SegmentKind::MarkdownLink`]`("liquid")`), mapped back to the source
//! bytes of its path: `{% link docs/x.md %}#y` is `/docs/x.md#y` (a path
//! from the site's source directory: Jekyll fails the build when no file
//! is there), `{% post_url 2010-07-21-name %}` is
//! `/_posts/2010-07-21-name` (the post's source, without its extension),
//! `{{ site.baseurl }}/x/` is `/x/` (the base path is the site's), and
//! `{{ 'x' | relative_url }}` is `/x`. What the site makes of them is the
//! site model's (`crate::site`). Tags whose argument is a variable
//! (`{% link {{ page.x }} %}`) are not read, nor those shown as code
//! (Markdown code, `{% raw %}`, `{% highlight %}`, `{% comment %}`:
//! samples, not links). It does not own the other
//! links of the page (`super::markdown`). Source: Jekyll docs, "Liquid:
//! Tags" (`link`, `post_url`) and "Liquid: Filters" (`relative_url`).

use memchr::memmem;

use super::map::OffsetMap;
use super::segment::{Segment, SegmentKind};

/// The most links read from one page: past it the rest are not read.
pub const MAX_LINKS: usize = 10_000;

/// The Liquid links of the Markdown page `src`, in document order.
pub fn segments(src: &[u8]) -> Vec<Segment> {
    let mut out = Vec::new();
    if memmem::find(src, b"{%").is_none() && memmem::find(src, b"{{").is_none() {
        return out;
    }
    let shown = shown_as_code(src);
    let mut at = 0;
    while let Some(i) = memchr::memchr(b'{', &src[at..]) {
        let open = at + i;
        at = open + 1;
        if out.len() >= MAX_LINKS {
            break;
        }
        if let Some(r) = shown.iter().find(|r| r.contains(&open)) {
            at = r.end.max(at);
            continue;
        }
        let Some(&kind) = src.get(open + 1) else {
            break;
        };
        let close: &[u8] = match kind {
            b'%' => b"%}",
            b'{' => b"}}",
            _ => continue,
        };
        let Some(len) = memmem::find(&src[open + 2..], close) else {
            continue;
        };
        let inner_start = open + 2;
        let inner_end = inner_start + len;
        let after = inner_end + 2;
        if src[inner_start..inner_end].contains(&b'\n') {
            continue;
        }
        let segment = if kind == b'%' {
            tag(src, inner_start..inner_end, after)
        } else {
            output(src, inner_start..inner_end, after)
        };
        if let Some(s) = segment {
            out.push(s);
            at = after;
        }
    }
    if !out.is_empty() {
        // Markdown code (spans, fenced and indented blocks) shows its
        // Liquid as text: a sample, not a link.
        let code = super::markdown::code_ranges(src);
        out.retain(|s| {
            let at = s.map.start(0);
            !code.iter().any(|r| r.contains(&at))
        });
    }
    out
}

/// The Liquid blocks of `src` whose inside is shown, not rendered as
/// links: `{% raw %}` ... `{% endraw %}` (Liquid leaves its inside as
/// written), `{% highlight %}` ... `{% endhighlight %}` (a code block)
/// and `{% comment %}` ... `{% endcomment %}` (left out), each from its
/// opening tag to the end of its closing one (to the end of `src` when
/// it is not closed). Source: Shopify Liquid docs, "Tags: raw,
/// comment"; Jekyll docs, "Liquid: Tags" ("Code snippet highlighting").
fn shown_as_code(src: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = memmem::find(&src[at..], b"{%") {
        let open = at + i;
        at = open + 2;
        let Some((name, after)) = tag_name(src, open) else {
            continue;
        };
        if !matches!(name, b"raw" | b"highlight" | b"comment") {
            continue;
        }
        let mut end_name = b"end".to_vec();
        end_name.extend_from_slice(name);
        let mut from = after;
        let mut end = src.len();
        while let Some(j) = memmem::find(&src[from..], b"{%") {
            let o = from + j;
            from = o + 2;
            if let Some((n, a)) = tag_name(src, o) {
                if n == end_name.as_slice() {
                    end = a;
                    break;
                }
            }
        }
        out.push(open..end);
        at = end;
    }
    out
}

/// The name of the Liquid tag opening at `open` (`{%`, `{%-`), and
/// where the tag ends (after its `%}`), when it closes on its line.
fn tag_name(src: &[u8], open: usize) -> Option<(&[u8], usize)> {
    let mut i = open + 2;
    if src.get(i) == Some(&b'-') {
        i += 1;
    }
    while src.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
        i += 1;
    }
    let start = i;
    while src.get(i).is_some_and(u8::is_ascii_alphanumeric) || src.get(i) == Some(&b'_') {
        i += 1;
    }
    if start == i {
        return None;
    }
    let line_end = memchr::memchr(b'\n', &src[i..]).map_or(src.len(), |j| i + j);
    let close = i + memmem::find(&src[i..line_end], b"%}")?;
    Some((&src[start..i], close + 2))
}

/// `{% link path %}` or `{% post_url name %}` (the tag's inside at
/// `inner`), followed from `after` by a `#fragment` or not.
fn tag(src: &[u8], inner: std::ops::Range<usize>, after: usize) -> Option<Segment> {
    let (start, word) = first_word(src, inner.start, inner.end)?;
    let prefix: &[u8] = match &src[start..start + word] {
        b"link" => b"/",
        b"post_url" => b"/_posts/",
        _ => return None,
    };
    let (arg, len) = first_word(src, start + word, inner.end)?;
    // Anything after the argument (a second word) is not a path of ours.
    if first_word(src, arg + len, inner.end).is_some() || !plain_path(&src[arg..arg + len]) {
        return None;
    }
    let rest = src[arg..arg + len]
        .strip_prefix(b"/")
        .map_or((arg, len), |_| (arg + 1, len - 1));
    Some(joined(src, prefix, rest, after))
}

/// `{{ site.baseurl }}` followed by a path from `after`, or `{{ 'path' |
/// relative_url }}` (the expression at `inner`).
fn output(src: &[u8], inner: std::ops::Range<usize>, after: usize) -> Option<Segment> {
    let expr = std::str::from_utf8(&src[inner.clone()]).ok()?.trim();
    if expr == "site.baseurl" {
        if src.get(after) != Some(&b'/') {
            return None;
        }
        let len = path_len(&src[after..]);
        return (len > 1).then(|| Segment {
            text: src[after..after + len].to_vec(),
            kind: SegmentKind::MarkdownLink("liquid"),
            map: OffsetMap::identity(after as u64, len as u64),
            base: None,
            references: true,
        });
    }
    let (value, filter) = expr.split_once('|')?;
    if filter.trim() != "relative_url" {
        return None;
    }
    let value = value.trim();
    let q = value.chars().next()?;
    if !(q == '\'' || q == '"') || !value.ends_with(q) || value.len() < 2 {
        return None;
    }
    let body = &value[1..value.len() - 1];
    if !plain_path(body.as_bytes()) || body.is_empty() {
        return None;
    }
    // Where the quoted path is in the source.
    let off = inner.start + memmem::find(&src[inner.clone()], body.as_bytes())?;
    let rest = match body.strip_prefix('/') {
        Some(_) => (off + 1, body.len() - 1),
        None => (off, body.len()),
    };
    Some(joined(src, b"/", rest, after))
}

/// The segment `prefix` + `src[rest]` (+ a `#fragment` from `after`):
/// `prefix` stands on the first byte of `rest` (or of the fragment).
fn joined(src: &[u8], prefix: &[u8], rest: (usize, usize), after: usize) -> Segment {
    let (start, len) = rest;
    let mut text = prefix.to_vec();
    let mut map = OffsetMap::new();
    if len == 0 {
        map.group(start.saturating_sub(1) as u64, 1, prefix.len() as u64);
    } else {
        map.group(start as u64, 1, prefix.len() as u64 + 1);
        text.extend_from_slice(&src[start..start + len]);
        map.exact(start as u64 + 1, len as u64 - 1);
    }
    if src.get(after) == Some(&b'#') {
        let f = path_len(&src[after..]);
        text.extend_from_slice(&src[after..after + f]);
        map.exact(after as u64, f as u64);
    }
    Segment {
        text,
        kind: SegmentKind::MarkdownLink("liquid"),
        map,
        base: None,
        references: true,
    }
}

/// The first word of `src[from..to]` (after spaces): its start and
/// length.
fn first_word(src: &[u8], from: usize, to: usize) -> Option<(usize, usize)> {
    let s = from
        + src[from..to]
            .iter()
            .position(|b| !b.is_ascii_whitespace())?;
    let len = src[s..to]
        .iter()
        .position(u8::is_ascii_whitespace)
        .unwrap_or(to - s);
    Some((s, len))
}

/// How many bytes of `s` a link's path (and fragment) takes: up to a
/// space, a quote, `)`, `]`, `>` or `{`.
fn path_len(s: &[u8]) -> usize {
    s.iter()
        .position(|&b| {
            b.is_ascii_whitespace() || matches!(b, b'"' | b'\'' | b')' | b']' | b'>' | b'<' | b'{')
        })
        .unwrap_or(s.len())
}

/// True when `p` is a plain path (no Liquid inside, no scheme, no
/// space).
fn plain_path(p: &[u8]) -> bool {
    !p.is_empty()
        && !p
            .iter()
            .any(|&b| b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'%' | b'|'))
        && !crate::grammar::has_scheme(&String::from_utf8_lossy(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of each segment, and the source bytes it maps to.
    fn found(src: &str) -> Vec<(String, String)> {
        segments(src.as_bytes())
            .into_iter()
            .map(|s| {
                let span = s.map.span(0..s.text.len() as u64);
                (
                    String::from_utf8_lossy(&s.text).into_owned(),
                    src[span.start as usize..span.end as usize].to_string(),
                )
            })
            .collect()
    }

    /// As the Jekyll docs write them ("Liquid: Tags", "Liquid:
    /// Filters", "Posts").
    #[test]
    fn jekyll_links() {
        let src = "[Link]({% link _collection/name-of-document.md %})\n\
                   [post]({% post_url 2010-07-21-name-of-post %}#x)\n\
                   [b]({{ site.baseurl }}/docs/home/#y) <a href=\"{{ '/about/' | relative_url }}\">a</a>\n\
                   {% link {{ page.x }} %} {{ site.baseurl }} {% include x.html %} {{ \"x\" | absolute_url }}\n";
        assert_eq!(
            found(src),
            [
                (
                    "/_collection/name-of-document.md".into(),
                    "_collection/name-of-document.md".into()
                ),
                (
                    "/_posts/2010-07-21-name-of-post#x".into(),
                    "2010-07-21-name-of-post %}#x".into()
                ),
                ("/docs/home/#y".into(), "/docs/home/#y".into()),
                ("/about/".into(), "about/".into()),
            ]
        );
        assert!(segments(b"no liquid [x](y.md)\n").is_empty());
    }

    /// jekyll/jekyll's docs (docs/_docs/liquid/tags.md lines 114-131,
    /// docs/_docs/upgrading/3-to-4.md lines 36-41,
    /// docs/_tutorials/orderofinterpretation.md line 22; MIT): Liquid
    /// links shown as code samples are not links.
    #[test]
    fn samples_shown_as_code() {
        let src = "{% raw %}\n```liquid\n{% link _collection/name-of-document.md %}\n```\n{% endraw %}\n\n\
                   ```liquid\n[Link to a file]({% link /assets/files/doc.pdf %})\n```\n\n\
                   {% highlight diff %}\n{%- raw -%}\n- {{ site.baseurl }}/{% post_url 2018-03-20-hello-world.markdown %}\n{% endraw %}\n{% endhighlight %}\n\n\
                   the `relative_url` filter in {% raw %}`{{ \"css/main.css\" | relative_url }}`{% endraw %}.\n\n\
                   the filter in `{{ 'x.css' | relative_url }}`.\n\n    [i]({% link indented.md %})\n\n\
                   {% comment %}[c]({% link c.md %}){% endcomment %}\n\
                   [Link]({% link real.md %}) {% raw %}{% link raw.md %}\n";
        assert_eq!(found(src), [("/real.md".into(), "real.md".into())]);
        assert!(segments(b"{{ unclosed\n}}").is_empty());
    }
}
