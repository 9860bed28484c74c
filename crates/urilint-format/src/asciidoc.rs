//! AsciiDoc: text whose URI macros (`https://example.org[text]`,
//! `link:https://example.org[text]`, `image::logo.png[alt]`) end at `[`,
//! and whose comments and verbatim blocks are not prose.
//!
//! This module owns splitting an AsciiDoc document into segments (its
//! source bytes, mapped one for one) so that a URI never runs into the
//! `[text]` of a macro: the document is cut just before the `[` of each
//! URI macro, and just after the `link:`, `image:`, `image::` or
//! `include::` prefix of one. A macro in angle brackets,
//! `<https://example.org[text]>` (the e-mail slot of a document header's
//! author line, Asciidoctor "author information", is rendered with the
//! macro substitution), is read as `<https://example.org>` with its
//! `[text]` given apart: the brackets close around the URI, as rendered.
//!
//! What a reader does not see as prose is left out unless asked for
//! (`--include-code`), then given as [`SegmentKind::Code`]:
//! comment lines (`// ...`, Asciidoctor's `^//(?=[^/]|$)`) and comment
//! blocks (`////`) are not rendered (field `comment`); listing blocks
//! (`----`, and Markdown-style ```` ``` ```` fences) and literal blocks
//! (`....`) are shown verbatim, as code (fields `listing`, `literal`).
//! A delimited block ends at a line equal to its opening delimiter
//! (Asciidoctor: same character, same length). Everything else is
//! scanned as plain text; a URI in an inline passthrough
//! (`` `+https://my-company.com+` ``) is cut before its closing `+`. It
//! does not own scanning, and reads no other AsciiDoc markup (quotes,
//! attributes).

use std::ops::Range;

use super::map::OffsetMap;
use super::segment::{Segment, SegmentKind};

/// Macro names whose target follows the colon(s).
const MACROS: [&[u8]; 4] = [b"link:", b"image::", b"image:", b"include::"];

/// Splits the AsciiDoc document `src` into segments, in document order
/// (of their first byte): its text cut at its URI macros; with
/// `include_code`, its comments and listing and literal blocks as
/// [`SegmentKind::Code`] (left out otherwise). Offsets of the maps are
/// relative to `src`. Never fails.
pub fn segments(src: &[u8], include_code: bool) -> Vec<Segment> {
    let mut out = Vec::new();
    let conditionals = conditionals(src);
    for (region, code) in regions(src) {
        match code {
            Some(field) => {
                let blank = src[region.clone()].iter().all(u8::is_ascii_whitespace);
                if include_code && !blank {
                    out.push(Segment::exact(src, region, SegmentKind::Code(field), false));
                }
            }
            None => {
                xref_segments(src, region.clone(), &conditionals, &mut out);
                text_segments(src, region, &mut out);
            }
        }
    }
    if !out.is_sorted_by_key(|s| s.map.start(0)) {
        out.sort_by_key(|s| s.map.start(0));
    }
    out
}

/// The most cross references read from one document.
const MAX_XREFS: usize = 10_000;

/// The cross references of `src[region]` (text, not code), each as one
/// segment with `references: true` (kind [`SegmentKind::MarkdownLink`]
/// `("xref")`) whose text is the relative reference it names:
///
/// - `<<id>>`, `<<id,text>>`, `xref:id[]` (an id, no `.adoc`): `#id`, an
///   anchor of the document itself;
/// - `xref:page.adoc#id[]`, `<<page.adoc#id,text>>`: `page.adoc#id` as
///   written (a page of the same module, `crate::site::antora`; beside
///   the document outside an Antora site, as Asciidoctor resolves it);
/// - `xref:module:page.adoc#id[]` (Antora): `../../module/pages/page.adoc#id`,
///   the page's file from the module's `pages/` directory.
///
/// A target of another component or version (`version@component:module:
/// page.adoc`, `component:module:page.adoc`), of another family
/// (`partial$x.adoc`), or holding an attribute reference (`{x}`) is not
/// read: where it leads is not known here. Source: Asciidoctor docs,
/// "Cross references" (`xref:`, `<<>>`); Antora docs, "Page ID" and "Xref
/// macros and page IDs".
///
/// A cross reference inside a conditional ([`conditionals`]) whose
/// attribute the document does not set or unset is given the kind
/// [`SegmentKind::MarkdownLink`]`(`[`XREF_CONDITIONAL`]`)`: whether it is
/// rendered is not known here. One inside a branch that the document's
/// own attribute entries leave out is not given.
fn xref_segments(
    src: &[u8],
    region: Range<usize>,
    conditionals: &[(Range<usize>, Branch)],
    out: &mut Vec<Segment>,
) {
    use memchr::memmem::find_iter;
    let text = &src[region.clone()];
    let mut found = 0;
    let mut targets: Vec<(usize, usize)> = Vec::new();
    for at in find_iter(text, b"xref:") {
        // `xref:` starts a word (not `axref:`), its target ends at `[`.
        if at > 0 && text[at - 1].is_ascii_alphanumeric() {
            continue;
        }
        let start = at + 5;
        let Some(len) = text[start..]
            .iter()
            .position(|&b| b == b'[' || b.is_ascii_whitespace())
        else {
            continue;
        };
        if text.get(start + len) == Some(&b'[') && len > 0 {
            targets.push((start, len));
        }
    }
    for at in find_iter(text, b"<<") {
        let start = at + 2;
        let Some(len) = text[start..]
            .iter()
            .position(|&b| matches!(b, b',' | b'>' | b'\n' | b'<' | b' '))
        else {
            continue;
        };
        let closes = text[start + len..].starts_with(b">>")
            || (text.get(start + len) == Some(&b',')
                && text[start + len..]
                    .split(|&b| b == b'\n')
                    .next()
                    .is_some_and(|l| l.windows(2).any(|w| w == b">>")));
        if closes && len > 0 {
            targets.push((start, len));
        }
    }
    targets.sort_unstable();
    let passed = passthroughs(text);
    for (start, len) in targets {
        if found >= MAX_XREFS {
            break;
        }
        // Literal text (`` `+<<idname,>>+` ``): not a cross reference.
        let at = passed.partition_point(|r| r.end <= start);
        if passed.get(at).is_some_and(|r| r.start <= start) {
            continue;
        }
        let target = &text[start..start + len];
        let abs = region.start + start;
        let branch = conditionals
            .iter()
            .filter(|(r, _)| r.contains(&abs))
            .map(|(_, b)| *b)
            .fold(Branch::Rendered, Branch::and);
        if branch == Branch::Skipped {
            continue;
        }
        if let Some(mut seg) = xref_segment(abs, target) {
            if branch == Branch::Unknown {
                seg.kind = SegmentKind::MarkdownLink(XREF_CONDITIONAL);
            }
            out.push(seg);
            found += 1;
        }
    }
}

/// The kind ([`SegmentKind::MarkdownLink`]) of a cross reference inside
/// a conditional whose attribute the document does not set: a missing
/// target is counted as not checked, not reported.
pub const XREF_CONDITIONAL: &str = "xref-conditional";

/// The most conditionals of one document looked at.
const MAX_CONDITIONALS: usize = 10_000;

/// Whether the lines of a conditional are rendered, as far as the
/// document itself says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    /// Rendered.
    Rendered,
    /// Not rendered: the document sets (or unsets) the attribute so.
    Skipped,
    /// Not known: the attribute is set (or not) where the document does
    /// not say (the site's configuration, the renderer, an including
    /// document).
    Unknown,
}

impl Branch {
    /// The branch of lines inside both `self` and `other` (nested).
    fn and(self, other: Branch) -> Branch {
        match (self, other) {
            (Branch::Skipped, _) | (_, Branch::Skipped) => Branch::Skipped,
            (Branch::Unknown, _) | (_, Branch::Unknown) => Branch::Unknown,
            _ => Branch::Rendered,
        }
    }
}

/// The byte ranges of the conditional blocks of `src`, each with whether
/// its lines are rendered: `ifdef::a[]` ... `endif::[]` (rendered when
/// `a` is set; `a,b` any of them, `a+b` all), `ifndef::a[]` (when it is
/// not: the `ifdef` result negated, as Asciidoctor's preprocessor has
/// it), `ifeval::[...]` (never known here), and the one-line forms
/// `ifdef::a[text]` (the line). An attribute is known when an attribute
/// entry (`:a:`, `:a!:`, `:!a:`) before the directive sets or unsets it;
/// else the branch is [`Branch::Unknown`]. Lines of verbatim blocks and
/// comments are not read. An unclosed block runs to the end. Source:
/// Asciidoctor docs, "Conditionals" (`ifdef`, `ifndef`, `ifeval`).
fn conditionals(src: &[u8]) -> Vec<(Range<usize>, Branch)> {
    use std::collections::HashMap;
    let mut out: Vec<(Range<usize>, Branch)> = Vec::new();
    if memchr::memmem::find(src, b"if").is_none() {
        return out;
    }
    let mut set: HashMap<Vec<u8>, bool> = HashMap::new();
    // Open blocks: start offset and branch.
    let mut open: Vec<(usize, Branch)> = Vec::new();
    for (region, field) in regions(src) {
        if field.is_some() {
            continue;
        }
        let mut start = region.start;
        while start < region.end {
            let end = memchr::memchr(b'\n', &src[start..region.end])
                .map_or(region.end, |i| start + i + 1);
            let line = src[start..end].trim_ascii();
            if let Some((name, value)) = entry(line) {
                set.insert(name, value);
            } else if line.starts_with(b"endif::") {
                if let Some((from, branch)) = open.pop() {
                    out.push((from..end, branch));
                }
            } else if let Some((rest, negate)) = line
                .strip_prefix(b"ifdef::")
                .map(|r| (r, false))
                .or_else(|| line.strip_prefix(b"ifndef::").map(|r| (r, true)))
            {
                if let Some(open_at) = rest.iter().position(|&b| b == b'[') {
                    let branch = evaluate(&rest[..open_at], negate, &set);
                    let inline = &rest[open_at + 1..];
                    if inline.starts_with(b"]") {
                        open.push((start, branch));
                    } else {
                        out.push((start..end, branch));
                    }
                }
            } else if line.starts_with(b"ifeval::") {
                open.push((start, Branch::Unknown));
            }
            if out.len() >= MAX_CONDITIONALS {
                return out;
            }
            start = end;
        }
    }
    while let Some((from, branch)) = open.pop() {
        out.push((from..src.len(), branch));
    }
    out
}

/// An attribute entry line `:name: value`, `:name!:` or `:!name:`: the
/// name and whether it sets (true) or unsets the attribute.
fn entry(line: &[u8]) -> Option<(Vec<u8>, bool)> {
    let rest = line.strip_prefix(b":")?;
    let close = rest.iter().position(|&b| b == b':')?;
    let name = &rest[..close];
    let after = &rest[close + 1..];
    if !(after.is_empty() || after.starts_with(b" ") || after.starts_with(b"\t")) {
        return None;
    }
    let (plain, unset) = match (name.strip_prefix(b"!"), name.strip_suffix(b"!")) {
        (Some(n), _) | (_, Some(n)) => (n, true),
        _ => (name, false),
    };
    let word = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_');
    (!plain.is_empty() && plain.iter().all(word)).then(|| (plain.to_ascii_lowercase(), !unset))
}

/// Whether the lines of `ifdef::names[]` (`ifndef` when `negate`) are
/// rendered, given the attributes the document set so far (`set`: true
/// set, false unset).
fn evaluate(names: &[u8], negate: bool, set: &std::collections::HashMap<Vec<u8>, bool>) -> Branch {
    // `a+b`: all of them set; `a,b`: any. An attribute not known
    // decides nothing unless the known ones already do.
    let all = names.contains(&b'+');
    let values: Vec<Option<bool>> = names
        .split(|&b| b == b',' || b == b'+')
        .map(|n| set.get(&n.trim_ascii().to_ascii_lowercase()).copied())
        .collect();
    let decided = if all { Some(false) } else { Some(true) };
    let defined = if values.contains(&decided) {
        !all
    } else if values.contains(&None) {
        return Branch::Unknown;
    } else {
        all
    };
    if defined != negate {
        Branch::Rendered
    } else {
        Branch::Skipped
    }
}

/// The inline passthroughs of `text`, in order and not overlapping,
/// each from its opening mark to its closing one: `+++text+++`,
/// `++text++`, a constrained `+text+` (also `` `+text+` ``, literal
/// monospace: it opens where no word character, `;`, `:` or `\` is
/// before it and closes where no word character follows), the macro
/// `pass:[text]` (`pass:q,a[text]`), and a passthrough block between two
/// `++++` lines. Their text is output as it is: it holds no cross
/// reference, link or anchor (Asciidoctor docs, "Passthroughs": inline
/// passthroughs and the pass macro; "Passthrough blocks"). An inline
/// passthrough does not run past a blank line; a `\` before a mark
/// escapes it.
pub fn passthroughs(text: &[u8]) -> Vec<Range<usize>> {
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    // The end of the paragraph from `i` on: the next blank line.
    let para_end = |i: usize| {
        let mut j = i;
        while let Some(nl) = memchr::memchr(b'\n', &text[j..]) {
            let next = j + nl + 1;
            let line_end = memchr::memchr(b'\n', &text[next..]).map_or(text.len(), |e| next + e);
            if text[next..line_end].iter().all(u8::is_ascii_whitespace) {
                return next;
            }
            j = next;
        }
        text.len()
    };
    let line_start = |i: usize| i == 0 || text[i - 1] == b'\n';
    let mut out: Vec<Range<usize>> = Vec::new();
    let mut limit = 0; // paragraph end known from here on
    let mut end_of_para = 0;
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        if b == b'\\' {
            i += 2;
            continue;
        }
        if i >= limit {
            end_of_para = para_end(i);
            limit = end_of_para;
        }
        if b == b'+' {
            let n = text[i..].iter().take_while(|&&c| c == b'+').count();
            let line_end = memchr::memchr(b'\n', &text[i..]).map_or(text.len(), |e| i + e);
            if n == 4 && line_start(i) && text[i..line_end].trim_ascii_end() == b"++++" {
                // A passthrough block, to its closing `++++` line.
                let close = block_close(text, line_end);
                out.push(i..close);
                i = close;
                limit = 0;
                continue;
            }
            if n >= 2 {
                let mark = &text[i..i + n.min(3)];
                let from = i + mark.len();
                let rest = text.get(from..end_of_para).unwrap_or_default();
                if let Some(e) = memchr::memmem::find(rest, mark) {
                    let close = from + e + mark.len();
                    out.push(i..close);
                    i = close;
                    continue;
                }
                i += n;
                continue;
            }
            let opens = (i == 0 || !(word(text[i - 1]) || matches!(text[i - 1], b';' | b':')))
                && text.get(i + 1).is_some_and(|c| !c.is_ascii_whitespace());
            if opens {
                let close = (i + 2..end_of_para).find(|&j| {
                    text[j] == b'+'
                        && !text[j - 1].is_ascii_whitespace()
                        && text[j - 1] != b'\\'
                        && text.get(j + 1).is_none_or(|&c| !(word(c) || c == b'+'))
                });
                if let Some(j) = close {
                    out.push(i..j + 1);
                    i = j + 1;
                    continue;
                }
            }
            i += 1;
            continue;
        }
        if b == b'p' && text[i..].starts_with(b"pass:") && (i == 0 || !word(text[i - 1])) {
            if let Some(close) = pass_macro_end(text, i, end_of_para) {
                out.push(i..close);
                i = close;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// The end of a passthrough block whose opening `++++` line ends at
/// `line_end`: the end of its closing `++++` line, or of `text`.
fn block_close(text: &[u8], line_end: usize) -> usize {
    let mut j = line_end;
    let mut close = text.len();
    while j < text.len() {
        let s = j + 1;
        let e =
            memchr::memchr(b'\n', text.get(s..).unwrap_or_default()).map_or(text.len(), |x| s + x);
        if text
            .get(s..e)
            .is_some_and(|l| l.trim_ascii_end() == b"++++")
        {
            close = e;
            break;
        }
        j = e;
    }
    close
}

/// The end of the macro `pass:[text]` at `i` (after its `]`), when it
/// closes before `end_of_para`.
fn pass_macro_end(text: &[u8], i: usize, end_of_para: usize) -> Option<usize> {
    let mut j = i + 5;
    while j < text.len() && (text[j].is_ascii_alphabetic() || text[j] == b',') {
        j += 1;
    }
    if text.get(j) == Some(&b'[') {
        let mut k = j + 1;
        while k < end_of_para && text[k] != b']' {
            k += if text[k] == b'\\' { 2 } else { 1 };
        }
        if k < end_of_para {
            return Some(k + 1);
        }
    }
    None
}

/// The segment of one cross reference target `target` (at byte `abs` of
/// `src`), as [`xref_segments`] says; `None` when it is not read.
fn xref_segment(abs: usize, target: &[u8]) -> Option<Segment> {
    if target
        .iter()
        .any(|&b| matches!(b, b'{' | b'}' | b'$' | b'@' | b'"' | b'\''))
    {
        return None;
    }
    let (page, fragment) = match target.iter().position(|&b| b == b'#') {
        Some(i) => (&target[..i], Some(&target[i + 1..])),
        None => (target, None),
    };
    let colons = page.iter().filter(|&&b| b == b':').count();
    let is_page = page.ends_with(b".adoc");
    let mut map = OffsetMap::new();
    let mut text = Vec::new();
    match (colons, is_page) {
        (0, false)
            if fragment.is_none()
                && !page.is_empty()
                && !page.contains(&b'/')
                && !page.contains(&b'.') =>
        {
            // An id of the document itself.
            text.push(b'#');
            text.extend_from_slice(target);
            map.group(abs as u64, 1, 2);
            map.exact(abs as u64 + 1, target.len() as u64 - 1);
        }
        (0, true) => {
            text.extend_from_slice(target);
            map.exact(abs as u64, target.len() as u64);
        }
        // `xref:page#id[]`, `<<page#id>>`: a path before `#` names a
        // document, `.adoc` implied when it has no extension
        // (Asciidoctor 2 `Substitutors#sub_macros`: `src2src = path`;
        // neo4j/docs-drivers `connect.adoc`'s
        // `xref:query-simple#impersonation[]`, issue 46 round 8).
        (0, false) if fragment.is_some() && !page.is_empty() => {
            let extension = page
                .rsplit(|&b| b == b'/')
                .next()
                .is_some_and(|name| name.contains(&b'.'));
            text.extend_from_slice(page);
            map.exact(abs as u64, page.len() as u64);
            fragment_after(&mut text, &mut map, abs, page.len(), target, !extension);
        }
        (1, false) if fragment.is_some() => {
            let colon = page.iter().position(|&b| b == b':')?;
            let module = &page[..colon];
            if module.is_empty() || page.len() == colon + 1 {
                return None;
            }
            text.extend_from_slice(b"../../");
            text.extend_from_slice(module);
            text.extend_from_slice(b"/pages/");
            text.extend_from_slice(&page[colon + 1..]);
            map.group(abs as u64, colon as u64 + 1, colon as u64 + 13);
            map.exact((abs + colon + 1) as u64, (page.len() - colon - 1) as u64);
            fragment_after(&mut text, &mut map, abs, page.len(), target, true);
        }
        (1, true) => {
            let colon = page.iter().position(|&b| b == b':')?;
            let module = &page[..colon];
            if module.is_empty() || target.len() == colon + 1 {
                return None;
            }
            text.extend_from_slice(b"../../");
            text.extend_from_slice(module);
            text.extend_from_slice(b"/pages/");
            text.extend_from_slice(&target[colon + 1..]);
            // `module:` stands for `../../module/pages/`.
            map.group(abs as u64, colon as u64 + 1, colon as u64 + 13);
            map.exact((abs + colon + 1) as u64, (target.len() - colon - 1) as u64);
        }
        _ => return None,
    }
    Some(Segment {
        text,
        kind: SegmentKind::MarkdownLink("xref"),
        map,
        base: None,
        references: true,
    })
}

/// Appends the `#fragment` of the cross reference `target` (at byte `abs`
/// of the source), whose page part is `page_len` bytes, to `text`, with
/// `.adoc` before it when the extension is `implied` (the `#` then maps
/// to `.adoc#`).
fn fragment_after(
    text: &mut Vec<u8>,
    map: &mut OffsetMap,
    abs: usize,
    page_len: usize,
    target: &[u8],
    implied: bool,
) {
    if implied {
        text.extend_from_slice(b".adoc");
    }
    text.extend_from_slice(&target[page_len..]);
    map.group((abs + page_len) as u64, 1, if implied { 6 } else { 1 });
    map.exact(
        (abs + page_len + 1) as u64,
        (target.len() - page_len - 1) as u64,
    );
}

/// The text segments of `src[region]`: cut at its URI macros; the
/// `[text]` of a macro in angle brackets given apart, the text on both
/// sides of it one segment.
fn text_segments(src: &[u8], region: Range<usize>, out: &mut Vec<Segment>) {
    let text = &src[region.clone()];
    let cuts = cuts(text);
    let skips = angle_macro_texts(text, &cuts);
    let base = region.start;
    // The text segment being built (discontiguous over a skipped `[text]`).
    let mut parts: Vec<Range<usize>> = Vec::new();
    let mut from = 0;
    let mut skip_at = skips.iter().peekable();
    let flush = |parts: &mut Vec<Range<usize>>, out: &mut Vec<Segment>| {
        if parts.iter().any(|r| r.start < r.end) {
            out.push(joined(src, std::mem::take(parts)));
        }
        parts.clear();
    };
    for cut in cuts.into_iter().chain(std::iter::once(text.len())) {
        if cut < from {
            // Inside a `[text]` given apart.
            continue;
        }
        match skip_at.peek() {
            Some(s) if s.start == cut => {
                parts.push(base + from..base + cut);
                out.push(Segment::exact(
                    src,
                    base + s.start..base + s.end,
                    SegmentKind::Text,
                    false,
                ));
                from = s.end;
                skip_at.next();
            }
            _ => {
                parts.push(base + from..base + cut);
                flush(&mut parts, out);
                from = cut;
            }
        }
    }
    parts.push(base + from..base + text.len());
    flush(&mut parts, out);
}

/// One text segment of the ranges `parts` of `src`, in order (empty ones
/// dropped), each mapped one for one.
fn joined(src: &[u8], parts: Vec<Range<usize>>) -> Segment {
    let parts: Vec<Range<usize>> = parts.into_iter().filter(|r| r.start < r.end).collect();
    if parts.len() <= 1 {
        let r = parts.into_iter().next().unwrap_or(0..0);
        return Segment::exact(src, r, SegmentKind::Text, false);
    }
    let mut text = Vec::new();
    let mut map = OffsetMap::new();
    for r in parts {
        text.extend_from_slice(&src[r.clone()]);
        map.exact(r.start as u64, (r.end - r.start) as u64);
    }
    Segment {
        text,
        kind: SegmentKind::Text,
        map,
        base: None,
        references: false,
    }
}

/// The `[text]` (from `[` to `]`, inclusive) of each URI macro written in
/// angle brackets, `<https://example.org[text]>`: a macro cut of `cuts`
/// at a `[` whose first unescaped `]` after it, in the same paragraph, is
/// followed by `>`. One pass: the `]` and the blank line looked for only
/// move forward.
fn angle_macro_texts(src: &[u8], cuts: &[usize]) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    // The first unescaped `]` at or after `close_from`, and the first
    // blank line (`\n` then optional white space then `\n`) at or after
    // `blank_from`: cached, searched again only past them.
    let mut close: Option<usize> = None;
    let mut close_from = 0;
    let mut blank: Option<usize> = None;
    let mut blank_from = 0;
    for &p in cuts {
        if src.get(p) != Some(&b'[') || out.last().is_some_and(|s| p < s.end) {
            continue;
        }
        if close.is_none_or(|c| c <= p) {
            close = None;
            let mut i = close_from.max(p + 1);
            while let Some(off) = memchr::memchr(b']', &src[i.min(src.len())..]) {
                let at = i + off;
                if src[at - 1] != b'\\' {
                    close = Some(at);
                    break;
                }
                i = at + 1;
            }
            close_from = close.map_or(src.len(), |c| c + 1);
        }
        let Some(c) = close else { break };
        if blank.is_none_or(|b| b <= p) {
            blank = None;
            let mut i = blank_from.max(p);
            while let Some(off) = memchr::memchr(b'\n', &src[i.min(src.len())..]) {
                let at = i + off;
                let rest = &src[at + 1..];
                let ws = rest
                    .iter()
                    .take_while(|b| matches!(b, b' ' | b'\t' | b'\r'))
                    .count();
                if rest.get(ws) == Some(&b'\n') {
                    blank = Some(at);
                    break;
                }
                i = at + 1;
            }
            blank_from = blank.unwrap_or(src.len());
        }
        if src.get(c + 1) == Some(&b'>') && blank.is_none_or(|b| b > c) {
            out.push(p..c + 1);
        }
    }
    out
}

/// The regions of `src`, in order and covering it: text (`None`), or a
/// comment line, comment block, listing or literal block with the field
/// its code segment is given (`Some`); a block's region holds its
/// delimiter lines. An unclosed block runs to the end of the document,
/// as Asciidoctor reads it.
fn regions(src: &[u8]) -> Vec<(Range<usize>, Option<&'static str>)> {
    let mut out: Vec<(Range<usize>, Option<&'static str>)> = Vec::new();
    let mut push = |r: Range<usize>, kind: Option<&'static str>| match out.last_mut() {
        Some((last, k)) if *k == kind && last.end == r.start => last.end = r.end,
        _ => out.push((r, kind)),
    };
    // The open block: its delimiter line and field.
    let mut open: Option<(&[u8], &'static str)> = None;
    let mut start = 0;
    while start < src.len() {
        let end = memchr::memchr(b'\n', &src[start..]).map_or(src.len(), |i| start + i + 1);
        let line = src[start..end].trim_ascii_end();
        let kind = match open {
            Some((delimiter, field)) => {
                if line == delimiter {
                    open = None;
                }
                Some(field)
            }
            None => match delimiter(line) {
                Some(field) => {
                    // A fence closes at a fence, whatever its language.
                    let closing = if line.starts_with(b"```") {
                        &b"```"[..]
                    } else {
                        line
                    };
                    open = Some((closing, field));
                    Some(field)
                }
                None if line.starts_with(b"//") && line.get(2) != Some(&b'/') => Some("comment"),
                None => None,
            },
        };
        push(start..end, kind);
        start = end;
    }
    out
}

/// The field of a delimited block whose opening delimiter line is `line`
/// (trailing white space removed): four or more `/` (comment), `-`
/// (listing) or `.` (literal), or a Markdown-style fence of three
/// backticks, with an optional language (listing).
fn delimiter(line: &[u8]) -> Option<&'static str> {
    if line.starts_with(b"```") {
        return Some("listing");
    }
    let first = *line.first()?;
    if line.len() < 4 || !line.iter().all(|&b| b == first) {
        return None;
    }
    match first {
        b'/' => Some("comment"),
        b'-' => Some("listing"),
        b'.' => Some("literal"),
        _ => None,
    }
}

/// The `[` of each URI macro of `src`, one byte each: `check --fix`
/// leaves alone a finding on a URI that runs into one (read as plain
/// text, the URI would take the macro's text in).
pub fn macro_brackets(src: &[u8]) -> Vec<Range<u64>> {
    cuts(src)
        .into_iter()
        .filter(|&p| src.get(p) == Some(&b'['))
        .map(|p| p as u64..p as u64 + 1)
        .collect()
}

/// Where [`segments`] cuts `src`, in order: at the `[` of each URI macro
/// (and after its prefix), at the closing `+` of a constrained
/// passthrough (`` `+http://localhost:8080+` ``, Asciidoctor docs, "Inline
/// passthroughs"), whose text is literal, and at the closing mark of
/// constrained formatting (`_\http://localhost:7474_`, `*x*`, `#x#`). One pass: the start of the
/// token before each `[` (back to white space or a delimiter) and whether
/// it holds a `:` are kept while walking forward, so a run of `[` (or of
/// `http://a.example/x[`) costs its length, not its square.
fn cuts(src: &[u8]) -> Vec<usize> {
    let mut cuts: Vec<usize> = Vec::new();
    // Start of the current token, and the last ':' seen (in it if at or
    // after `start`).
    let mut start = 0;
    let mut colon: Option<usize> = None;
    // The opening `+` of a constrained passthrough in the current token.
    let mut plus: Option<usize> = None;
    // The opening mark of constrained formatting (`_`, `*`, `#`) in the
    // current token, and where.
    let mut mark: Option<(u8, usize)> = None;
    for (p, &b) in src.iter().enumerate() {
        if matches!(b, b'_' | b'*' | b'#') {
            // Constrained formatting, `_text_`, `*text*`, `#text#`
            // (Asciidoctor docs, "Text formatting": a constrained pair
            // opens at a word's start and closes where no word character
            // follows): its closing mark is markup, not the text's
            // (neo4j/docs-operations `_\http://localhost:7474_`, debezium
            // `|_http://localhost:19530_`).
            let next = src.get(p + 1).copied();
            let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
            match mark {
                Some((m, q))
                    if m == b && q >= start && p > q + 1 && !src[p - 1].is_ascii_whitespace() =>
                {
                    if next.is_none_or(|n| !word(n)) {
                        cuts.push(p);
                        mark = None;
                    }
                }
                _ => {
                    let opens = (p == start
                        || matches!(src[p - 1], b'|' | b'[' | b'_' | b'*' | b'#' | b'`'))
                        && next.is_some_and(|n| !(n.is_ascii_whitespace() || n == b));
                    if opens {
                        mark = Some((b, p));
                    }
                }
            }
        }
        match b {
            b'[' => {
                if p == start || colon.is_none_or(|c| c < start) {
                    continue;
                }
                cuts.push(p);
                let token = &src[start..p];
                if let Some(m) = MACROS
                    .iter()
                    .find(|m| token.len() > m.len() && token[..m.len()].eq_ignore_ascii_case(m))
                {
                    cuts.push(start + m.len());
                }
            }
            b':' => colon = Some(p),
            b'+' => {
                // A constrained passthrough, `+text+` (or `` `+text+` ``):
                // its closing `+` is markup, not the text's
                // (redpanda-data/docs: `+http://localhost:8080+`).
                let next = src.get(p + 1).copied();
                match plus {
                    Some(q) if q >= start && p > q + 1 && !src[p - 1].is_ascii_whitespace() => {
                        if next
                            .is_none_or(|n| !(n.is_ascii_alphanumeric() || n == b'+' || n == b'_'))
                        {
                            cuts.push(p);
                            plus = None;
                        }
                    }
                    _ => {
                        let opens = (p == start || src[p - 1] == b'`')
                            && next.is_some_and(|n| !(n.is_ascii_whitespace() || n == b'+'));
                        plus = opens.then_some(p);
                    }
                }
            }
            _ if b.is_ascii_whitespace() || matches!(b, b'<' | b'>' | b'"' | b'\'' | b'(') => {
                start = p + 1;
            }
            _ => {}
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    cuts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::{Found, ScanOptions, Scanner};

    /// The cross references of eclipse-che/che-docs pages, as the
    /// segments give them (text, and the source bytes mapped to).
    #[test]
    fn xrefs_as_references() {
        let src = "* xref:administration-guide:using-the-cli.adoc[]\n\
                   by a xref:using-a-git-provider-access-token.adoc[Git-provider access token]\n\
                   * xref:running-the-application[] and <<in-page,text>> and <<page.adoc#x,t>>\n\
                   xref:2.5@docs:ROOT:x.adoc[] xref:{attr}.adoc[] xref:partial$x.adoc[] axref:no[]\n\
                   xref:query-simple#impersonation[] <<dir/p#y>> xref:guide:setup#z[] <<p.html#w>>\n\
                   ----\nxref:in-code.adoc[]\n----\n";
        let got: Vec<(String, String)> = segments(src.as_bytes(), false)
            .into_iter()
            .filter(|s| s.references)
            .map(|s| {
                let span = s.map.span(0..s.text.len() as u64);
                (
                    String::from_utf8_lossy(&s.text).into_owned(),
                    src[span.start as usize..span.end as usize].to_string(),
                )
            })
            .collect();
        let want = [
            (
                "../../administration-guide/pages/using-the-cli.adoc",
                "administration-guide:using-the-cli.adoc",
            ),
            (
                "using-a-git-provider-access-token.adoc",
                "using-a-git-provider-access-token.adoc",
            ),
            ("#running-the-application", "running-the-application"),
            ("#in-page", "in-page"),
            ("page.adoc#x", "page.adoc#x"),
            // A page without its extension before `#` (neo4j/docs-drivers).
            (
                "query-simple.adoc#impersonation",
                "query-simple#impersonation",
            ),
            ("dir/p.adoc#y", "dir/p#y"),
            ("../../guide/pages/setup.adoc#z", "guide:setup#z"),
            ("p.html#w", "p.html#w"),
        ];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(got, want);
    }

    fn uris(src: &str) -> Vec<String> {
        let mut out = Vec::new();
        for seg in segments(src.as_bytes(), false) {
            let mut s = Scanner::new(&seg.text[..], ScanOptions::default());
            while let Ok(Some(f)) = s.next_found() {
                if let Found::Uri(c) = f {
                    out.push(c.text().to_string());
                }
            }
        }
        out
    }

    #[test]
    fn macros_end_at_the_bracket() {
        assert_eq!(
            uris("The first step is to https://github.com/git/git/security/advisories/new[open\na draft], see link:https://a.example/x[here].\nimage::https://c.example/logo.png[Logo]\nPlain https://d.example/p.\n"),
            [
                "https://github.com/git/git/security/advisories/new",
                "https://a.example/x",
                "https://c.example/logo.png",
                "https://d.example/p",
            ]
        );
    }

    /// A URI in an inline passthrough (`` `+https://host+` ``,
    /// redpanda-data/docs modules/console/pages/config/http-path-rewrites.adoc
    /// and security/tls-termination.adoc) ends before the closing `+`; a
    /// `+` inside a URI, or after a word, is the URI's.
    #[test]
    fn passthrough_uris_end_before_the_closing_plus() {
        assert_eq!(
            uris(
                "such as `+https://console.redpanda.my-company.com+`, you\n\
                  `+https://public-address.com:443+` and `+https://192.168.1.100:8081+`\n\
                  a https://a.example/x+y and c+https://b.example/z+ +http://c.example/p\n"
            ),
            [
                "https://console.redpanda.my-company.com",
                "https://public-address.com:443",
                "https://192.168.1.100:8081",
                "https://a.example/x+y",
                "c+https://b.example/z+",
                "http://c.example/p",
            ]
        );
    }

    /// Review 2026-11-26 M5: each `[` looked back to the previous white
    /// space, so a run of them took time in its square (400,000: a
    /// minute). Now one pass: a million `[` and 100,000 macros with no
    /// white space between them are cut at once, where they were before.
    #[test]
    fn runs_of_brackets_are_linear() {
        let src = vec![b'['; 1_000_000];
        assert!(cuts(&src).is_empty());
        assert_eq!(segments(&src, false).len(), 1);
        let unit = b"http://a.example/x[";
        let src: Vec<u8> = unit.repeat(100_000);
        let got = cuts(&src);
        assert_eq!(got.len(), 100_000);
        assert!(got
            .iter()
            .enumerate()
            .all(|(i, &p)| p == (i + 1) * unit.len() - 1));
        // `link:` at the start of a token: cut after the prefix too.
        let src = b"a link:https://y.example[u] link:x[v]".repeat(50_000);
        assert_eq!(cuts(&src).len(), 4 * 50_000);
        assert_eq!(macro_brackets(&src).len(), 2 * 50_000);
    }

    /// The cuts of the one-pass walk equal those of looking back from
    /// each `[` (the definition), on documents made of the pieces that
    /// matter.
    #[test]
    fn cuts_equal_the_look_back_definition() {
        fn look_back(src: &[u8]) -> Vec<usize> {
            let mut cuts = Vec::new();
            for p in memchr::memchr_iter(b'[', src) {
                let start = src[..p]
                    .iter()
                    .rposition(|&b| {
                        b.is_ascii_whitespace() || matches!(b, b'<' | b'>' | b'"' | b'\'' | b'(')
                    })
                    .map_or(0, |i| i + 1);
                let token = &src[start..p];
                if token.is_empty() || !token.contains(&b':') {
                    continue;
                }
                cuts.push(p);
                if let Some(m) = MACROS
                    .iter()
                    .find(|m| token.len() > m.len() && token[..m.len()].eq_ignore_ascii_case(m))
                {
                    cuts.push(start + m.len());
                }
            }
            cuts.sort_unstable();
            cuts.dedup();
            cuts
        }
        let pieces: [&[u8]; 12] = [
            b"[",
            b":",
            b" ",
            b"\n",
            b"(",
            b"\"",
            b"link:",
            b"IMAGE::",
            b"include::",
            b"x",
            b"http://a.example/",
            b"]",
        ];
        // Every document of up to 5 pieces (12^5 = 248,832).
        let mut doc = Vec::new();
        for n in 0..=5u32 {
            for code in 0..12usize.pow(n) {
                doc.clear();
                let mut c = code;
                for _ in 0..n {
                    doc.extend_from_slice(pieces[c % 12]);
                    c /= 12;
                }
                assert_eq!(
                    cuts(&doc),
                    look_back(&doc),
                    "{:?}",
                    String::from_utf8_lossy(&doc)
                );
            }
        }
    }

    /// Every byte of text is in exactly one segment, in place.
    fn covered_once(src: &[u8], segs: &[Segment]) -> Vec<u8> {
        let mut seen = vec![None; src.len()];
        for s in segs {
            for d in 0..s.text.len() as u64 {
                let at = s.map.span(d..d + 1).start as usize;
                assert!(seen[at].is_none(), "byte {at} given twice");
                seen[at] = Some(s.text[d as usize]);
            }
        }
        seen.into_iter().flatten().collect()
    }

    #[test]
    fn segments_cover_the_document() {
        let src = b"a https://x.example/[t] b link:https://y.example[u] c <https://z.example[v]> d";
        let segs = segments(src, false);
        assert_eq!(covered_once(src, &segs), src);
        assert!(segs.is_sorted_by_key(|s| s.map.start(0)));
    }

    /// Issue 26: the author line of a document header,
    /// `Name <https://github.com/user[@user]>`, is a URI macro in the
    /// e-mail slot (Asciidoctor renders it with the macro substitution):
    /// its angle brackets close around the URI. Found on
    /// asciidoctor/asciidoctor's README.adoc (D002 twice before).
    #[test]
    fn a_macro_in_angle_brackets_is_closed_by_them() {
        let src = "= Asciidoctor\nDan Allen <https://github.com/mojavelinux[@mojavelinux]>; Sarah White <https://github.com/graphitefriction[@graphitefriction]>\n";
        let segs = segments(src.as_bytes(), false);
        let texts: Vec<String> = segs
            .iter()
            .map(|s| String::from_utf8_lossy(&s.text).into_owned())
            .collect();
        assert!(
            texts.contains(&"= Asciidoctor\nDan Allen <https://github.com/mojavelinux>; Sarah White <https://github.com/graphitefriction>\n".to_string()),
            "{texts:?}"
        );
        assert!(texts.contains(&"[@mojavelinux]".to_string()), "{texts:?}");
        assert_eq!(covered_once(src.as_bytes(), &segs), src.as_bytes());
        // Not in angle brackets, or no `>` after the `]`: cut as before.
        assert_eq!(
            uris("See <https://a.example/x[a] and https://b.example/y[b]> end, <https://c.example[c\n\nd]>\n"),
            ["https://a.example/x", "https://b.example/y", "https://c.example"]
        );
        // An escaped `]` is link text.
        let segs = segments(b"<https://a.example[x\\]y]>", false);
        assert_eq!(segs.len(), 2, "{segs:?}");
    }

    /// Issue 26: comments are not rendered and listing and literal blocks
    /// are code; with `--include-code` they are given as code. Excerpt of
    /// spring-projects/spring-security's
    /// docs/modules/ROOT/pages/servlet/configuration/xml-namespace.adoc
    /// (a schemaLocation list, D004 before).
    #[test]
    fn comments_and_verbatim_blocks_are_code() {
        let src = "Text https://t.example/.\n// link:https://c.example/[x]\n[source,xml]\n----\nxsi:schemaLocation=\"http://www.springframework.org/schema/beans\n\t\thttps://www.springframework.org/schema/beans/spring-beans-3.0.xsd\"\n////\n----\n////\nhttps://cb.example/\n////\n....\nhttps://lit.example/\n....\n```ruby\nx = 'https://fence.example/'\n```\n///not a comment https://n.example/\nAfter https://after.example/\n";
        assert_eq!(
            uris(src),
            [
                "https://t.example/",
                "https://n.example/",
                "https://after.example/"
            ]
        );
        let code: Vec<(&str, String)> = segments(src.as_bytes(), true)
            .into_iter()
            .filter_map(|s| match s.kind {
                SegmentKind::Code(f) => Some((f, String::from_utf8_lossy(&s.text).into_owned())),
                _ => None,
            })
            .collect();
        let fields: Vec<&str> = code.iter().map(|c| c.0).collect();
        assert_eq!(
            fields,
            ["comment", "listing", "comment", "literal", "listing"],
            "{code:?}"
        );
        // The listing's `////` line is its content, not a delimiter.
        assert!(code[1].1.ends_with(".xsd\"\n////\n----\n"), "{code:?}");
        // An unclosed block runs to the end.
        assert_eq!(uris("a\n----\nhttps://x.example/\n"), Vec::<String>::new());
    }

    /// Cross references in conditionals (redpanda-data/docs,
    /// fixtures/sites/antora-playbook/SOURCE): of an attribute set
    /// elsewhere (`env-cloud`), not known; of one the page sets, rendered
    /// or left out.
    #[test]
    fn xrefs_in_conditionals() {
        let src = include_str!(
            "../../../fixtures/sites/antora-playbook/modules/console/pages/ui/paginate-messages-events.adoc"
        );
        let kinds: Vec<(String, SegmentKind)> = segments(src.as_bytes(), false)
            .into_iter()
            .filter(|s| s.references)
            .map(|s| (String::from_utf8_lossy(&s.text).into_owned(), s.kind))
            .collect();
        assert_eq!(kinds.len(), 4, "{kinds:?}");
        assert!(kinds
            .iter()
            .all(|(_, k)| *k == SegmentKind::MarkdownLink(XREF_CONDITIONAL)));
        let src = ":env-x: yes\n\nifdef::env-x[]\nxref:a.adoc[]\nendif::[]\nifndef::env-x[]\nxref:b.adoc[]\nendif::[]\nifdef::env-y,env-x[xref:c.adoc[]]\nifeval::[{a} > 1]\nxref:d.adoc[]\nendif::[]\n";
        let kinds: Vec<(String, SegmentKind)> = segments(src.as_bytes(), false)
            .into_iter()
            .filter(|s| s.references)
            .map(|s| (String::from_utf8_lossy(&s.text).into_owned(), s.kind))
            .collect();
        let link = SegmentKind::MarkdownLink("xref");
        let unknown = SegmentKind::MarkdownLink(XREF_CONDITIONAL);
        assert_eq!(
            kinds,
            [
                ("a.adoc".to_string(), link.clone()),
                ("c.adoc".to_string(), link),
                ("d.adoc".to_string(), unknown)
            ]
        );
    }

    /// A URL in a constrained passthrough ends before its closing `+`
    /// (redpanda-data/docs, fixtures/sites/antora-playbook/SOURCE).
    #[test]
    fn passthrough_plus_is_markup() {
        let src = include_str!(
            "../../../fixtures/sites/antora-playbook/modules/console/pages/config/http-path-rewrites.adoc"
        );
        assert_eq!(uris(src), ["http://localhost:8080"]);
        assert_eq!(
            uris("a+b+c http://a.example/x+y a `+x+` https://a.example/p+q+"),
            ["http://a.example/x+y", "https://a.example/p+q+"]
        );
    }

    /// A URI in constrained emphasis ends before the closing mark
    /// (neo4j/docs-operations and debezium, fixtures/formats/SOURCE);
    /// an `_` inside a URI or a word, or one a word follows, is the URI's.
    #[test]
    fn constrained_formatting_marks_are_markup() {
        let src = include_str!("../../../fixtures/formats/not-links/modules/access-neo4j.adoc");
        assert_eq!(
            uris(src),
            [
                "bolt://localhost:7687",
                "neo4j://localhost:7687",
                "https://localhost:7473",
                "http://localhost:7474",
                "http://localhost:19530",
                "https://lb-EXTERNAL_IP:7473",
                "https://20.237.50.207:7473/browser/",
            ]
        );
        assert_eq!(
            uris("see https://a.example/x_y_ and *https://b.example/p* or _https://c.example/q_r_"),
            [
                "https://a.example/x_y_",
                "https://b.example/p",
                "https://c.example/q_r",
            ]
        );
    }

    /// Inline passthroughs (asciidoctor/asciidoctor's CHANGELOG.adoc
    /// line 346, fixtures/sites/asciidoc-passthrough): the cross
    /// references they quote are text; `C++` once, `a + b` and an escaped
    /// `\\+` open none.
    #[test]
    fn passthroughs_quote_cross_references() {
        let src = include_str!("../../../fixtures/sites/asciidoc-passthrough/CHANGELOG.adoc");
        let xrefs: Vec<_> = segments(src.as_bytes(), false)
            .into_iter()
            .filter(|s| s.references)
            .collect();
        assert!(xrefs.is_empty(), "{xrefs:?}");
        let text = b"`+<<a>>+` pass:q[<<b>>] ++<<c>>++ +++<<d>>+++ C++ and <<e>>, a + b <<f>>\n\n++++\n<<g>>\n++++\n<<h>>";
        let passed: Vec<&[u8]> = passthroughs(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(
            passed,
            [
                &b"+<<a>>+"[..],
                b"pass:q[<<b>>]",
                b"++<<c>>++",
                b"+++<<d>>+++",
                b"++++\n<<g>>\n++++",
            ]
        );
        let ids: Vec<Vec<u8>> = segments(text, false)
            .into_iter()
            .filter(|s| s.references)
            .map(|s| s.text)
            .collect();
        assert_eq!(ids, [b"#e".to_vec(), b"#f".to_vec(), b"#h".to_vec()]);
        // A passthrough does not run past a blank line.
        assert!(passthroughs(b"++a\n\nb++").is_empty());
    }
}
