//! reStructuredText: the segments of a document where URIs are.
//!
//! No well-kept reStructuredText parser exists in Rust, so this module is
//! a small recognizer of our own (docutils' "reStructuredText Markup
//! Specification" is its reference) for what holds links:
//!
//! - embedded URIs of hyperlink references, `` `text <uri>`_ `` and the
//!   anonymous `` `text <uri>`__ ``, and bare `` `<uri>`_ ``;
//! - hyperlink targets, `.. _name: uri` (and anonymous `__ uri`,
//!   `.. __: uri`), whose URI may continue on indented lines (white
//!   space is removed, as docutils does);
//! - the argument of `.. image::` and `.. figure::`, and `:target:`
//!   options;
//! - bare URIs in the rest of the text, scanned as plain text (its
//!   source bytes, so positions are exact and Appendix E applies).
//!
//! Literal blocks (the indented block after a paragraph ending in `::`,
//! and the content of `.. code-block::`, `.. code::`, `.. sourcecode::`,
//! `.. parsed-literal::` and Sphinx's `.. testcode::`, `.. doctest::`
//! and the like) and inline literals
//! (` ``text`` `) are examples: left out unless asked for, then given as
//! [`SegmentKind::Code`]. It does not own scanning the segments.

use std::ops::Range;

use super::map::OffsetMap;
use super::segment::{Segment, SegmentKind};

/// A line of the source: its range without the line break, and its
/// indentation (columns of leading spaces; a tab counts as 8).
struct Line {
    range: Range<usize>,
    indent: usize,
    blank: bool,
}

fn lines(src: &[u8]) -> Vec<Line> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < src.len() {
        let end = memchr::memchr(b'\n', &src[start..]).map_or(src.len(), |p| start + p);
        let mut text_end = end;
        if text_end > start && src[text_end - 1] == b'\r' {
            text_end -= 1;
        }
        let line = &src[start..text_end];
        let indent = line
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t'))
            .map(|&b| if b == b'\t' { 8 } else { 1 })
            .sum();
        out.push(Line {
            range: start..text_end,
            indent,
            blank: line.iter().all(|b| b.is_ascii_whitespace()),
        });
        start = end + 1;
    }
    out
}

/// Directives whose content is literal text.
const LITERAL_DIRECTIVES: [&[u8]; 15] = [
    b"code-block::",
    b"code::",
    b"sourcecode::",
    b"parsed-literal::",
    b"highlight::",
    // Sphinx's doctest extension (sphinx.ext.doctest), IPython's and
    // Jupyter's directives, sphinx-prompt and Django's `console`: their
    // content is code and its output.
    b"testcode::",
    b"testoutput::",
    b"testsetup::",
    b"testcleanup::",
    b"doctest::",
    b"ipython::",
    b"jupyter-execute::",
    b"code-cell::",
    b"console::",
    b"prompt::",
];

/// Reads the reStructuredText document `src` into segments, in document
/// order. Offsets of every segment's map are relative to the start of
/// `src`. With `include_code`, literal blocks and inline literals are
/// given too ([`SegmentKind::Code`]). Never fails.
pub fn segments(src: &[u8], include_code: bool) -> Vec<Segment> {
    let lines = lines(src);
    let mut out: Vec<Segment> = Vec::new();
    // Byte ranges that are not text: literal blocks, inline literals,
    // link targets given as their own segments.
    let mut taken: Vec<Range<usize>> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = &lines[i];
        let text = &src[l.range.clone()];
        let trimmed = text.trim_ascii_start();
        // A literal block follows "::" at the end of a paragraph line, or
        // a literal directive.
        let directive = trimmed.strip_prefix(b".. ").map(|d| d.trim_ascii_start());
        let literal_directive =
            directive.is_some_and(|d| LITERAL_DIRECTIVES.iter().any(|n| d.starts_with(n)));
        // A directive line (`.. note::`) ends in "::" too: its content is
        // body text.
        let expanded = directive.is_none() && text.trim_ascii_end().ends_with(b"::");
        if literal_directive || (!l.blank && expanded) {
            let block = literal_block(&lines, i, l.indent);
            if let Some(r) = block.clone() {
                taken.push(r.clone());
                if include_code {
                    out.push(Segment::exact(src, r, SegmentKind::Code("literal"), false));
                }
            }
            if literal_directive {
                taken.push(l.range.clone());
            }
            // The paragraph line itself stays text.
            i = block.map_or(i + 1, |r| lines.partition_point(|x| x.range.start < r.end));
            continue;
        }
        if let Some(end) = grid_table(src, &lines, i, &mut out) {
            // A grid table: its cells are read one by one.
            taken.push(l.range.start..lines[end - 1].range.end);
            i = end;
            continue;
        }
        if let Some(end) = simple_table(src, &lines, i) {
            // A simple table: its rows are text whose columns are drawn
            // by the border lines.
            let r = l.range.start..lines[end - 1].range.end;
            taken.push(r.clone());
            out.push(Segment::exact(src, r, SegmentKind::RstCell, false));
            i = end;
            continue;
        }
        if trimmed.starts_with(b">>>") && (i == 0 || lines[i - 1].blank) {
            // A doctest block: code and its output, up to a blank line
            // (reStructuredText Markup Specification, "Doctest Blocks").
            let mut end = i + 1;
            while end < lines.len() && !lines[end].blank {
                end += 1;
            }
            let r = l.range.start..lines[end - 1].range.end;
            taken.push(r.clone());
            if include_code {
                out.push(Segment::exact(src, r, SegmentKind::Code("doctest"), false));
            }
            i = end;
            continue;
        }
        i += markup_line(src, &lines, i, directive, &mut taken, &mut out).unwrap_or(1);
    }
    inline(src, &taken.clone(), include_code, &mut taken, &mut out);
    text_runs(src, &mut taken, &mut out);
    out.retain(|s| !s.text.iter().all(|b| b.is_ascii_whitespace()));
    out.sort_by_key(|s| s.map.start(0));
    out
}

/// The link targets, images and figures of line `i` (`directive`: the
/// line's text after `.. `, when it starts so), as segments, their byte
/// ranges noted in `taken`. The number of lines read when the line is a
/// link target (`.. _name: uri`, `__ uri`, which may go on over the
/// next lines), else `None` (the caller goes on at the next line).
fn markup_line(
    src: &[u8],
    lines: &[Line],
    i: usize,
    directive: Option<&[u8]>,
    taken: &mut Vec<Range<usize>>,
    out: &mut Vec<Segment>,
) -> Option<usize> {
    let l = &lines[i];
    let text = &src[l.range.clone()];
    let trimmed = text.trim_ascii_start();
    let at = l.range.start + (text.len() - trimmed.len());
    if let Some(d) = directive {
        // `.. _name: uri`, `.. __: uri`
        if let Some(rest) = d.strip_prefix(b"_") {
            if let Some(colon) = target_colon(rest) {
                let value_at = at + (trimmed.len() - rest.len()) + colon + 1;
                return Some(target(src, lines, i, value_at, taken, out));
            }
        }
        // `.. |name| image:: uri`: a substitution definition.
        let d = match d.strip_prefix(b"|") {
            Some(rest) => {
                memchr::memmem::find(rest, b"| ").map_or(d, |e| rest[e + 2..].trim_ascii_start())
            }
            None => d,
        };
        for (name, what) in [(&b"image::"[..], "image"), (b"figure::", "figure")] {
            if let Some(arg) = d.strip_prefix(name) {
                let value_at = at + (trimmed.len() - arg.len());
                if let Some(seg) = argument(src, value_at..l.range.end, what) {
                    taken.push(value_at..l.range.end);
                    out.push(seg);
                }
            }
        }
    } else if let Some(rest) = trimmed.strip_prefix(b"__ ") {
        let value_at = at + (trimmed.len() - rest.len());
        return Some(target(src, lines, i, value_at, taken, out));
    } else if let Some(arg) = trimmed.strip_prefix(b":target:") {
        let value_at = at + (trimmed.len() - arg.len());
        if let Some(seg) = argument(src, value_at..l.range.end, "target") {
            taken.push(value_at..l.range.end);
            out.push(seg);
        }
    }
    None
}

/// The text of `src`: every byte range not in `taken` (sorted here), as
/// [`SegmentKind::RstText`] segments.
fn text_runs(src: &[u8], taken: &mut [Range<usize>], out: &mut Vec<Segment>) {
    taken.sort_by_key(|r| r.start);
    let mut from = 0;
    for r in taken.iter().chain(std::iter::once(&(src.len()..src.len()))) {
        if r.start > from {
            out.push(Segment::exact(
                src,
                from..r.start,
                SegmentKind::RstText,
                false,
            ));
        }
        from = from.max(r.end);
    }
}

/// A grid table starting at line `i` (a border line `+----+---+`, then
/// lines starting with `|` or `+` at the same indentation): each cell's
/// content is pushed to `out` as one text segment, its lines joined by
/// their line breaks, so that a URI wrapped inside a cell
/// (`` `scrapyd-client <https://github.com `` on one line, ``
/// /scrapy/scrapyd-client>`_ `` under it, scrapy's news.rst) is read as
/// docutils reads it, without the cell borders. Columns are those of the
/// first border line; a merged cell is read column by column. Returns the
/// index of the line after the table, `None` when line `i` starts none.
/// (reStructuredText Markup Specification, "Grid Tables".)
fn grid_table(src: &[u8], lines: &[Line], i: usize, out: &mut Vec<Segment>) -> Option<usize> {
    let border = |l: &Line| {
        let t = src[l.range.clone()].trim_ascii();
        t.len() >= 3
            && t[0] == b'+'
            && t[t.len() - 1] == b'+'
            && t.iter().all(|b| matches!(b, b'+' | b'-' | b'='))
            && t.contains(&b'-') | t.contains(&b'=')
    };
    let first = &lines[i];
    if !border(first) {
        return None;
    }
    let lead = src[first.range.clone()].len() - src[first.range.clone()].trim_ascii_start().len();
    let origin = first.range.start + lead;
    // Column boundaries: the '+' of the first border, as offsets from the
    // table's left edge.
    let plus: Vec<usize> = src[origin..first.range.end]
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'+')
        .map(|(k, _)| k)
        .collect();
    if plus.len() < 2 {
        return None;
    }
    let mut end = i + 1;
    while end < lines.len() {
        let l = &lines[end];
        let t = &src[l.range.clone()];
        let ok = t.len() > lead
            && t[..lead].iter().all(|b| *b == b' ')
            && matches!(t[lead], b'|' | b'+');
        if !ok {
            break;
        }
        end += 1;
    }
    if end == i + 1 || !border(&lines[end - 1]) {
        return None;
    }
    // Cells: per column, the pieces of the row lines since the last border.
    let mut cells: Vec<Vec<Range<usize>>> = vec![Vec::new(); plus.len() - 1];
    let flush = |cells: &mut Vec<Vec<Range<usize>>>, out: &mut Vec<Segment>| {
        for pieces in cells.iter_mut() {
            let mut text = Vec::new();
            let mut map = OffsetMap::new();
            for (n, r) in pieces.iter().enumerate() {
                if n > 0 {
                    // The line break before this piece's line, as written.
                    let nl = src[..r.start]
                        .iter()
                        .rposition(|&b| b == b'\n')
                        .unwrap_or(0);
                    text.push(b'\n');
                    map.exact(nl as u64, 1);
                }
                text.extend_from_slice(&src[r.clone()]);
                map.exact(r.start as u64, r.len() as u64);
            }
            if text.iter().any(|b| !b.is_ascii_whitespace()) {
                out.push(Segment {
                    text,
                    kind: SegmentKind::RstCell,
                    map,
                    base: None,
                    references: false,
                });
            }
            pieces.clear();
        }
    };
    for l in &lines[i + 1..end] {
        if border(l) {
            flush(&mut cells, out);
            continue;
        }
        // Columns count characters, not bytes (a cell may hold `é`): the
        // byte offset of each character of the row, from the table's edge.
        let left = l.range.start + lead;
        let starts: Vec<usize> = src[left..l.range.end]
            .iter()
            .enumerate()
            .filter(|(_, &b)| b & 0xC0 != 0x80)
            .map(|(k, _)| left + k)
            .collect();
        let at = |column: usize| starts.get(column).copied().unwrap_or(l.range.end);
        for (c, w) in plus.windows(2).enumerate() {
            let (from, to) = (at(w[0] + 1), at(w[1]));
            if from < to {
                cells[c].push(from..to);
            }
        }
    }
    flush(&mut cells, out);
    Some(end)
}

/// A simple table starting at line `i`: a border line of two or more runs
/// of `=` separated by spaces, then rows and border lines up to a border
/// line followed by a blank line or the end of the document. Returns the
/// index of the line after its last border, `None` when line `i` starts
/// none. (reStructuredText Markup Specification, "Simple Tables".)
fn simple_table(src: &[u8], lines: &[Line], i: usize) -> Option<usize> {
    let border = |l: &Line| {
        let t = src[l.range.clone()].trim_ascii();
        !t.is_empty()
            && t.iter().all(|b| matches!(b, b'=' | b' '))
            && t.split(|&b| b == b' ').filter(|r| !r.is_empty()).count() >= 2
    };
    if !border(&lines[i]) {
        return None;
    }
    let mut j = i + 1;
    let mut last_border = None;
    while j < lines.len() {
        if border(&lines[j]) {
            last_border = Some(j);
            if lines.get(j + 1).is_none_or(|n| n.blank) {
                break;
            }
        } else if lines[j].blank && last_border.is_some_and(|b| b + 1 == j) {
            break;
        }
        j += 1;
    }
    last_border.map(|b| b + 1)
}

/// The byte ranges of `src`'s literal blocks and inline literals: what
/// `check --fix` leaves alone in a reStructuredText file.
pub fn code_ranges(src: &[u8]) -> Vec<Range<u64>> {
    segments(src, true)
        .into_iter()
        .filter(|s| matches!(s.kind, SegmentKind::Code(_)))
        .map(|s| s.map.span(0..s.text.len() as u64))
        .collect()
}

/// The lines of the literal block that follows line `i` (indented more
/// than `indent`, after blank lines), as a byte range; `None` when none.
fn literal_block(lines: &[Line], i: usize, indent: usize) -> Option<Range<usize>> {
    let mut j = i + 1;
    // Directive options and arguments (`:linenos:`) belong to it too.
    while j < lines.len() && lines[j].blank {
        j += 1;
    }
    let first = j;
    let mut last = None;
    while j < lines.len() && (lines[j].blank || lines[j].indent > indent) {
        if !lines[j].blank {
            last = Some(j);
        }
        j += 1;
    }
    let last = last?;
    (first <= last).then(|| lines[first].range.start..lines[last].range.end)
}

/// Where the `:` that ends a target name is, in `rest` (after `.. _`):
/// a name may be quoted with backquotes and hold escaped colons.
fn target_colon(rest: &[u8]) -> Option<usize> {
    if let Some(q) = rest.strip_prefix(b"`") {
        let close = memchr::memchr(b'`', q)?;
        return (q.get(close + 1) == Some(&b':')).then_some(close + 2);
    }
    let mut k = 0;
    while k < rest.len() {
        match rest[k] {
            b'\\' => k += 1,
            b':' => return Some(k),
            _ => {}
        }
        k += 1;
    }
    None
}

/// The URI of a hyperlink target starting at byte `value_at` of line `i`
/// and continuing on the indented lines after it (white space removed,
/// as docutils does), pushed to `out` as a `target` segment and its bytes
/// to `taken`; nothing when empty or an indirect target (`name_`).
/// Returns the number of lines used.
fn target(
    src: &[u8],
    lines: &[Line],
    i: usize,
    value_at: usize,
    taken: &mut Vec<Range<usize>>,
    out: &mut Vec<Segment>,
) -> usize {
    let mut used = 1;
    while i + used < lines.len()
        && !lines[i + used].blank
        && lines[i + used].indent > lines[i].indent
    {
        used += 1;
    }
    let mut text = Vec::new();
    let mut map = OffsetMap::new();
    for (k, l) in lines[i..i + used].iter().enumerate() {
        let start = if k == 0 { value_at } else { l.range.start };
        for (n, &b) in src[start..l.range.end].iter().enumerate() {
            if !b.is_ascii_whitespace() {
                text.push(b);
                map.exact((start + n) as u64, 1);
            }
        }
    }
    if text.is_empty() || (text.ends_with(b"_") && !text.contains(&b':')) {
        return used;
    }
    taken.push(value_at..lines[i + used - 1].range.end);
    out.push(Segment {
        text,
        kind: SegmentKind::RstLink("target"),
        map,
        base: None,
        references: true,
    });
    used
}

/// The argument of a directive or option in `range` (one line, trimmed).
fn argument(src: &[u8], range: Range<usize>, what: &'static str) -> Option<Segment> {
    let t = &src[range.clone()];
    let lead = t.len() - t.trim_ascii_start().len();
    let tail = t.len() - t.trim_ascii_end().len();
    let r = range.start + lead..range.end - tail;
    (r.start < r.end).then(|| Segment::exact(src, r, SegmentKind::RstLink(what), true))
}

/// The source bytes `range` as one URI reference segment with their
/// whitespace removed, as docutils reads an embedded URI broken across
/// lines (`` `Wikipedia <http://en.wikipedia.org/wiki/`` + line break +
/// ``Covariance>`_ ``); each run between whitespace maps to its bytes.
fn without_whitespace(src: &[u8], range: Range<usize>, kind: SegmentKind) -> Segment {
    let mut text = Vec::with_capacity(range.len());
    let mut map = OffsetMap::new();
    let mut i = range.start;
    while i < range.end {
        if src[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let run = src[i..range.end]
            .iter()
            .position(u8::is_ascii_whitespace)
            .map_or(range.end, |n| i + n);
        map.exact(i as u64, (run - i) as u64);
        text.extend_from_slice(&src[i..run]);
        i = run;
    }
    Segment {
        text,
        kind,
        map,
        base: None,
        references: true,
    }
}

/// Inline markup: inline literals (` ``x`` `) are taken out of the text
/// (given as code with `include_code`); embedded URIs of hyperlink
/// references (`` `text <uri>`_ ``) are given as their own segments.
/// Spans inside `skip` (literal blocks, targets) are not looked at.
fn inline(
    src: &[u8],
    skip: &[Range<usize>],
    include_code: bool,
    taken: &mut Vec<Range<usize>>,
    out: &mut Vec<Segment>,
) {
    let inside = |p: usize| skip.iter().any(|r| r.start <= p && p < r.end);
    let mut k = 0;
    while let Some(p) = memchr::memchr(b'`', &src[k..]) {
        let s = k + p;
        if inside(s) {
            k = s + 1;
            continue;
        }
        let literal = src[s..].starts_with(b"``");
        let open_len = if literal { 2 } else { 1 };
        if !starts_inline(src, s, open_len) {
            // `__` then a stray backtick (`` `x <uri>`__` ``): text, as
            // docutils reads it (inline markup recognition rule 6).
            k = s + open_len;
            continue;
        }
        if literal {
            // Inline literal: up to the next "``" that ends one.
            let mut from = s + 2;
            let e = loop {
                let Some(e) = memchr::memmem::find(&src[from..], b"``") else {
                    break None;
                };
                let at = from + e;
                if ends_inline(src, at, at + 2) {
                    break Some(at - (s + 2));
                }
                from = at + 1;
            };
            let Some(e) = e else {
                k = s + 2;
                continue;
            };
            let end = s + 2 + e + 2;
            taken.push(s..end);
            if include_code && e > 0 {
                out.push(Segment::exact(
                    src,
                    s + 2..s + 2 + e,
                    SegmentKind::Code("inline"),
                    false,
                ));
            }
            k = end;
            continue;
        }
        // Interpreted text or a hyperlink reference: up to the next '`'
        // that ends one (with its `_` or `__`).
        let mut from = s + 1;
        let close = loop {
            let Some(e) = memchr::memchr(b'`', &src[from..]) else {
                break None;
            };
            let at = from + e;
            let suffix = src[at + 1..]
                .iter()
                .take(2)
                .take_while(|&&b| b == b'_')
                .count();
            if ends_inline(src, at, at + 1 + suffix) {
                break Some(at);
            }
            from = at + 1;
        };
        let Some(close) = close else {
            k = s + 1;
            continue;
        };
        let body = &src[s + 1..close];
        if src.get(close + 1) == Some(&b'_') && body.ends_with(b">") {
            if let Some(open) = memchr::memrchr(b'<', body) {
                let r = s + 1 + open + 1..close - 1;
                let value = &src[r.clone()];
                let is_alias = value.ends_with(b"_") && !value.contains(&b':');
                if r.start < r.end && !is_alias {
                    taken.push(r.start - 1..r.end + 1);
                    let seg = without_whitespace(src, r, SegmentKind::RstLink("embedded"));
                    if !seg.text.is_empty() {
                        out.push(seg);
                    }
                }
            }
        }
        k = close + 1;
    }
}

/// Inline markup recognition rules 1 and 6 of the reStructuredText
/// Markup Specification: the start-string at `s` (`len` bytes) begins the
/// text or follows whitespace or one of `- : / ' " < ( [ {`, and
/// non-whitespace follows it.
fn starts_inline(src: &[u8], s: usize, len: usize) -> bool {
    let before_ok = s == 0 || {
        let b = src[s - 1];
        b.is_ascii_whitespace() || b"-:/'\"<([{".contains(&b) || b >= 0x80
    };
    before_ok && src.get(s + len).is_some_and(|b| !b.is_ascii_whitespace())
}

/// Inline markup recognition rules 2 and 7: the end-string at `e` (its
/// first byte; `after` is the index just past it and its `_`/`__`
/// suffix) follows non-whitespace and ends the text or is followed by
/// whitespace or one of `- . , : ; ! ? \ / ' " ) ] } >`.
fn ends_inline(src: &[u8], e: usize, after: usize) -> bool {
    let before_ok = e > 0 && !src[e - 1].is_ascii_whitespace();
    let after_ok = match src.get(after) {
        None => true,
        Some(&b) => b.is_ascii_whitespace() || b"-.,:;!?\\/'\")]}>".contains(&b) || b >= 0x80,
    };
    before_ok && after_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    /// pytest's changelog: a stray backtick after `__` is text, and the
    /// embedded link further on is read whole (it had been swallowed by
    /// the stray backtick's "interpreted text", and reported as D005).
    #[test]
    fn a_stray_backtick_is_text() {
        let src = "a `newer Ubuntu <https://a.example/x/>`__` with\n\n\
                   the `recent schema <https://b.example/c/\n  d.xsd>`__.\n";
        let segs = segments(src.as_bytes(), false);
        let links: Vec<String> = segs
            .iter()
            .filter(|s| s.kind == SegmentKind::RstLink("embedded"))
            .map(|s| String::from_utf8_lossy(&s.text).into_owned())
            .collect();
        assert_eq!(links, ["https://b.example/c/d.xsd"]);
        // docutils does not end a reference before a backtick (rule 7):
        // the first one is text, where `<https://a.example/x/>` is found.
        assert!(segs.iter().any(|s| s.kind == SegmentKind::RstText
            && String::from_utf8_lossy(&s.text).contains("<https://a.example/x/>")));
    }

    /// docutils removes the whitespace of an embedded URI broken across
    /// lines (PEP 483 line 716, PEP 505 line 474): one link, mapped back
    /// run by run (it had been read as text and found "broken", D005).
    #[test]
    fn embedded_uri_broken_across_lines() {
        let src = b"and `Wikipedia <http://en.wikipedia.org/wiki/\nCovariance_%28cs%29>`_.\n";
        let segs = segments(src, false);
        let link = segs
            .iter()
            .find(|s| s.kind == SegmentKind::RstLink("embedded"))
            .map(|s| {
                (
                    String::from_utf8_lossy(&s.text).into_owned(),
                    s.map.span(0..s.text.len() as u64),
                )
            });
        let start = b"and `Wikipedia <".len() as u64;
        let end = start + b"http://en.wikipedia.org/wiki/\nCovariance_%28cs%29".len() as u64;
        assert_eq!(
            link,
            Some((
                "http://en.wikipedia.org/wiki/Covariance_%28cs%29".to_string(),
                start..end
            ))
        );
    }

    /// scrapy's docs/news.rst: a URI wrapped inside a grid table's cell is
    /// one URI; the cell borders are not part of it.
    #[test]
    fn grid_table_cells_are_read_whole() {
        let src = "\
+---------------------+----------------------------+
| Old location        | New location               |
+=====================+============================+
| scrapy.webservice   | `scrapy-jsonrpc <https://g |
|                     | ithub.com/scrapy-plugins/s |
|                     | crapy-jsonrpc>`_           |
+---------------------+----------------------------+

After <https://a.example/>.
";
        let segs = segments(src.as_bytes(), false);
        let cell = segs
            .iter()
            .find(|s| String::from_utf8_lossy(&s.text).contains("scrapy-jsonrpc <"))
            .expect("the cell");
        let text = String::from_utf8_lossy(&cell.text).into_owned();
        assert_eq!(
            text,
            " `scrapy-jsonrpc <https://g \n ithub.com/scrapy-plugins/s \n crapy-jsonrpc>`_           "
        );
        // Every byte maps to itself, line breaks to the line breaks.
        for (k, &b) in cell.text.iter().enumerate() {
            let at = cell.map.span(k as u64..k as u64 + 1).start as usize;
            assert_eq!(src.as_bytes()[at], b);
        }
        assert!(segs
            .iter()
            .any(|s| String::from_utf8_lossy(&s.text).contains("After <https://a.example/>")));
        assert!(!segs
            .iter()
            .any(|s| String::from_utf8_lossy(&s.text).contains("| scrapy")));
    }

    /// Cells are cut at characters, not bytes: a row holding `é` before a
    /// URI keeps its borders out of the cell.
    #[test]
    fn grid_table_columns_count_characters() {
        let src = "\
+-------+--------------------+
| Café  | <https://a.example |
|       | /menu>             |
+-------+--------------------+
";
        let segs = segments(src.as_bytes(), false);
        let texts: Vec<String> = segs
            .iter()
            .map(|s| String::from_utf8_lossy(&s.text).into_owned())
            .collect();
        assert_eq!(
            texts,
            [
                " Café  \n       ",
                " <https://a.example \n /menu>             "
            ],
            "{texts:?}"
        );
    }

    /// jsonschema's docs/referencing.rst: a `.. testcode::` block is code
    /// (its `urn:nonneg-integer-schema` was linted as prose).
    /// Found on real files (issue 25's structure test): doctest blocks are
    /// code, simple tables and grid tables are cells whose width must be
    /// kept, and a substitution definition's image is a link.
    #[test]
    fn doctest_blocks_tables_and_substitution_images() {
        let src = "T\n=\n\n>>> URI('http://a.example/x')\nhttp://a.example/x\n\n\
                   =====  ==================\nName   Link\n=====  ==================\n\
                   a      http://b.example/\n=====  ==================\n\n\
                   .. |logo| image:: https://c.example/logo.png\n\nText http://d.example/ end.\n";
        let segs = segments(src.as_bytes(), false);
        let kinds: Vec<(&str, SegmentKind)> = segs
            .iter()
            .filter(|s| {
                s.text
                    .windows(7)
                    .any(|w| w == b"http://" || w == b"https:/")
            })
            .map(|s| {
                let t = std::str::from_utf8(&s.text).unwrap_or("");
                let at = t.find("http").unwrap_or(0);
                (&t[at..at + 8], s.kind.clone())
            })
            .collect();
        assert_eq!(
            kinds,
            [
                ("http://b", SegmentKind::RstCell),
                ("https://", SegmentKind::RstLink("image")),
                ("http://d", SegmentKind::RstText),
            ]
        );
        let with_code = segments(src.as_bytes(), true);
        assert!(with_code
            .iter()
            .any(|s| s.kind == SegmentKind::Code("doctest")));
    }

    #[test]
    fn sphinx_doctest_blocks_are_code() {
        let src = "Text <https://a.example/>.\n\n.. testcode::\n\n    x = \"urn:nonneg-integer-schema\"\n\nAfter.\n";
        let texts: Vec<String> = segments(src.as_bytes(), false)
            .iter()
            .map(|s| String::from_utf8_lossy(&s.text).into_owned())
            .collect();
        assert!(texts.iter().all(|t| !t.contains("urn:")), "{texts:?}");
        let code = segments(src.as_bytes(), true);
        assert!(code.iter().any(|s| matches!(s.kind, SegmentKind::Code(_))
            && String::from_utf8_lossy(&s.text).contains("urn:nonneg")));
    }

    fn found(src: &str, include_code: bool) -> Vec<(String, &'static str)> {
        segments(src.as_bytes(), include_code)
            .into_iter()
            .filter(|s| !matches!(s.kind, SegmentKind::RstText))
            .map(|s| {
                let span = s.map.span(0..s.text.len() as u64);
                if s.map.is_exact(0..s.text.len() as u64) {
                    assert_eq!(
                        &src.as_bytes()[span.start as usize..span.end as usize],
                        &s.text[..]
                    );
                }
                let what = match s.kind {
                    SegmentKind::RstLink(w) | SegmentKind::Code(w) => w,
                    _ => "",
                };
                (String::from_utf8_lossy(&s.text).into_owned(), what)
            })
            .collect()
    }

    #[test]
    fn every_link_form() {
        let src = "Title\n=====\n\nSee `Python <https://python.org/>`_ and `docs <guide.html#install>`__,\n\
                   an alias `Alias <Python_>`_ and ``https://literal.example/``.\n\n\
                   .. _Python: https://www.python.org/\n\
                   .. _long: https://long.example/a/\n   b/c\n\n\
                   .. image:: images/logo.png\n   :target: https://target.example/\n\n\
                   .. figure:: https://fig.example/f.png\n\n\
                   __ https://anon.example/\n";
        assert_eq!(
            found(src, false),
            [
                ("https://python.org/".to_string(), "embedded"),
                ("guide.html#install".to_string(), "embedded"),
                ("https://www.python.org/".to_string(), "target"),
                ("https://long.example/a/b/c".to_string(), "target"),
                ("images/logo.png".to_string(), "image"),
                ("https://target.example/".to_string(), "target"),
                ("https://fig.example/f.png".to_string(), "figure"),
                ("https://anon.example/".to_string(), "target"),
            ]
        );
    }

    #[test]
    fn literal_blocks_are_code() {
        let src = "Run this::\n\n    curl http://block.example/\n\nThen http://after.example/.\n\n.. code-block:: sh\n\n   wget http://directive.example/\n\n.. note::\n   See http://note.example/ (body text).\n\nEnd.\n";
        let segs = segments(src.as_bytes(), false);
        let text: String = segs
            .iter()
            .map(|s| String::from_utf8_lossy(&s.text).into_owned())
            .collect();
        assert!(text.contains("http://after.example/"), "{text}");
        assert!(text.contains("http://note.example/"), "{text}");
        assert!(
            !text.contains("block.example") && !text.contains("directive.example"),
            "{text}"
        );
        let code = found(src, true);
        assert_eq!(code.len(), 2, "{code:?}");
        assert!(code.iter().all(|c| c.1 == "literal"));
    }
}
