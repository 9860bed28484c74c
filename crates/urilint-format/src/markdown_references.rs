//! Markdown link references: the facts about a document's links, labels
//! and reference definitions that its whole text decides.
//!
//! This module owns reading, once per document, through `pulldown-cmark`
//! (CommonMark's rules: labels matched case-folded with their white space
//! collapsed, the first definition of a label used):
//!
//! - links whose destination is empty (`[t]()`, `[t](<>)`, or a
//!   reference to a definition that is); `[t](#)` is not one: the empty
//!   fragment goes to the top of the page (HTML, "the indicated part of
//!   the document"), written on purpose ("scroll up");
//! - full and collapsed reference links and images whose label has no
//!   definition (`[t][label]`, `[label][]`): what CommonMark leaves as
//!   text, through the parser's broken-link callback;
//! - reference definitions no link or image uses, and definitions of a
//!   label defined before (dead: the first one wins).
//!
//! Offsets are byte offsets of the document as given (0-based, end
//! exclusive). It does not own reporting them (the rules `L003`, `L004`,
//! `L005`, `crate::lint::markdown_links`).

use std::ops::Range;

use pulldown_cmark::{BrokenLink, CowStr, Event, LinkType, Parser, RefDefs, Tag};

use super::markdown::{as_text, options, split_front_matter};

/// A link whose destination goes nowhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmptyLink {
    /// The whole link as written (`[text](#)`, `[text][ref]`).
    pub span: Range<usize>,
    /// Its destination after resolution: always `""`.
    pub destination: String,
}

/// A full (`[t][label]`) or collapsed (`[label][]`) reference link or
/// image whose label no definition of the document has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndefinedLabel {
    /// The link as the parser gives it: for a full reference, from the
    /// `[` of its text to the `]` of its label; for a collapsed one, its
    /// `[label]` (the `[]` after it is not included).
    pub span: Range<usize>,
    /// The label as written, white space collapsed.
    pub label: String,
    /// True for the collapsed form `[label][]`.
    pub collapsed: bool,
}

/// A reference definition that no link uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnusedDefinition {
    /// The definition as written, from its `[` to the end of its
    /// destination or title (not the line break after it).
    pub span: Range<usize>,
    /// The label as written, white space collapsed.
    pub label: String,
    /// For a definition of a label defined before it: the span of the
    /// definition that is used (the first); `None` when no link uses the
    /// label at all.
    pub duplicate_of: Option<Range<usize>>,
}

/// What [`references`] finds, each list in document order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct References {
    /// Links with an empty destination.
    pub empty_links: Vec<EmptyLink>,
    /// Full and collapsed references to labels not defined.
    pub undefined_labels: Vec<UndefinedLabel>,
    /// Definitions not used, and later definitions of a label.
    pub unused_definitions: Vec<UnusedDefinition>,
}

/// The label of markdownlint's MD053 `ignored_definitions` default: the
/// comment idiom `[//]: # (text)`, a definition written never to be
/// used.
pub const COMMENT_LABEL: &str = "//";

/// Reads the Markdown document `src` (parsed as [`super::markdown`]
/// parses it: the same options, front matter only at the start) and
/// returns its [`References`]. Never fails: any input is a Markdown
/// document; bytes that are not UTF-8 keep their offsets.
pub fn references(src: &[u8]) -> References {
    references_for(src, true)
}

/// [`references`], for a caller that needs no undefined labels when
/// `undefined_labels` is false (rule `L004` off): a document with no
/// definition (`]:`) and no empty link is then not parsed at all, though
/// it uses references (`][`), and its `undefined_labels` are left empty.
pub fn references_for(src: &[u8], undefined_labels: bool) -> References {
    if !may_have_references(src, undefined_labels) {
        return References::default();
    }
    let text = as_text(src);
    let mut broken: Vec<BrokenRef> = Vec::new();
    let mut gather = Gather::default();
    let callback = |link: BrokenLink<'_>| {
        broken.push((link.span, link.link_type, link.reference.to_string()));
        None::<(CowStr<'_>, CowStr<'_>)>
    };
    let (front, body) = split_front_matter(&text);
    let mut front = front.into_iter();
    let parser = Parser::new_with_broken_link_callback(&body, options(), Some(callback));
    let mut iter = parser.into_offset_iter();
    while let Some((event, range)) = front.next().or_else(|| iter.next()) {
        gather.event(&event, &range, iter.reference_definitions());
    }
    let gathered = gather.finish(src, iter.reference_definitions());
    drop(iter);
    gathered.references(src, &text, broken)
}

/// A link to a label the document does not define, as the parser's
/// broken-link callback gives it: its span, its type, its label.
pub(crate) type BrokenRef = (Range<usize>, LinkType, String);

/// What [`references`] gathers from the events of one parse of a
/// document, so that the parse that finds its URIs
/// ([`super::markdown::segments_and_references`]) can gather it too.
#[derive(Debug, Default)]
pub(crate) struct Gather {
    out: References,
    /// Starts of the definitions some link or image uses.
    used: Vec<usize>,
    /// Leaf blocks, in order: a line that starts in none of them and
    /// reads `[label]:` is a definition.
    leaves: Vec<Range<usize>>,
    /// Whether the document has anything but definitions (and front
    /// matter).
    content: bool,
}

impl Gather {
    /// A gatherer for `src`, `None` when [`may_have_references`] says it
    /// holds nothing to gather (then [`References::default`] is the
    /// answer without a parse).
    pub(crate) fn for_document(src: &[u8]) -> Option<Gather> {
        may_have_references(src, true).then(Gather::default)
    }

    /// Takes in one event of the parse, at `range`, with the definitions
    /// the parser knows (all of them: they are read before inlines).
    pub(crate) fn event(&mut self, event: &Event<'_>, range: &Range<usize>, defs: &RefDefs<'_>) {
        if inline(event) && self.leaves.last().is_none_or(|l| range.start >= l.end) {
            // Text outside a leaf block: a tight list item's paragraph
            // (pulldown-cmark gives no `Paragraph` there) or a definition
            // list's title. A line in it that reads `[label]: ...` is a
            // continuation of the paragraph, which a definition cannot
            // interrupt (CommonMark 0.31.2, section 4.7): the parser read
            // it as text, and so is it taken. It is content too: a
            // document of tight lists is no file of definitions only.
            self.content = true;
            self.leaves.push(range.clone());
        }
        match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                id,
                ..
            }) => {
                // Only an empty destination: `#` alone is the top of the
                // page (HTML Living Standard, "select the indicated part":
                // an empty fragment is the top of the document), a link
                // written on purpose (issue 46: welpo/tabi's "scroll up"
                // links), though markdownlint's MD042 reports it.
                if !matches!(link_type, LinkType::Autolink | LinkType::Email) && dest_url.is_empty()
                {
                    self.out.empty_links.push(EmptyLink {
                        span: range.clone(),
                        destination: dest_url.to_string(),
                    });
                }
                if let Some(def) = defs.get(id) {
                    self.used.push(def.span.start);
                }
            }
            Event::Start(Tag::Image { id, .. }) => {
                if let Some(def) = defs.get(id) {
                    self.used.push(def.span.start);
                }
            }
            Event::Start(Tag::MetadataBlock(_)) => self.leaves.push(range.clone()),
            Event::Start(
                Tag::Paragraph
                | Tag::Heading { .. }
                | Tag::CodeBlock(_)
                | Tag::HtmlBlock
                | Tag::Table(_),
            )
            | Event::Rule => {
                self.content = true;
                self.leaves.push(range.clone());
            }
            _ => {}
        }
    }

    /// Ends the gathering once every event was taken in: `defs` as the
    /// parser ends with them. (The links to labels not defined come from
    /// the parser's callback, which holds them until the parser is
    /// dropped: [`Gathered::references`] takes them.)
    pub(crate) fn finish(self, src: &[u8], defs: &RefDefs<'_>) -> Gathered {
        let Gather {
            mut out,
            used,
            leaves,
            content,
        } = self;
        let mut dups = duplicates(src, &leaves, |label| {
            defs.get(label).map(|d| d.span.clone())
        });
        out.unused_definitions.append(&mut dups);
        let defs = defs
            .iter()
            .map(|(label, def)| (label.to_string(), def.span.clone(), def.dest.to_string()))
            .collect();
        Gathered {
            out,
            used,
            content,
            defs,
        }
    }
}

/// True for an event of inline content: text, code, breaks, and the
/// start of a link, image or emphasis. Where it lies, no definition is.
fn inline(event: &Event<'_>) -> bool {
    matches!(
        event,
        Event::Text(_)
            | Event::Code(_)
            | Event::InlineMath(_)
            | Event::InlineHtml(_)
            | Event::FootnoteReference(_)
            | Event::SoftBreak
            | Event::HardBreak
            | Event::TaskListMarker(_)
            | Event::Start(
                Tag::Link { .. }
                    | Tag::Image { .. }
                    | Tag::Emphasis
                    | Tag::Strong
                    | Tag::Strikethrough
                    | Tag::Superscript
                    | Tag::Subscript
            )
    )
}

/// What [`Gather::finish`] keeps of a parse.
#[derive(Debug)]
pub(crate) struct Gathered {
    out: References,
    used: Vec<usize>,
    content: bool,
    /// Every definition: label, span, destination.
    defs: Vec<(String, Range<usize>, String)>,
}

impl Gathered {
    /// The [`References`] of the document `src`, parsed as `text`, with
    /// the links to labels it does not define (`broken`).
    pub(crate) fn references(self, src: &[u8], text: &str, broken: Vec<BrokenRef>) -> References {
        let Gathered {
            out,
            mut used,
            content,
            defs,
        } = self;
        finish(src, text, out, &mut used, content, defs, broken)
    }
}

/// The end of [`Gathered::references`]: unused definitions and undefined labels
/// from what the parse gathered.
fn finish(
    src: &[u8],
    text: &str,
    mut out: References,
    used: &mut [usize],
    content: bool,
    defs: Vec<(String, Range<usize>, String)>,
    broken: Vec<BrokenRef>,
) -> References {
    used.sort_unstable();
    // A document of definitions only is there to be included in others
    // (pymdownx.snippets' `auto_append`, a links file): nothing in it
    // uses them.
    // Counted when a definition is first found unused (most documents
    // have none: no pass over the text for them).
    let mut written: Option<std::collections::HashMap<String, usize>> = None;
    for (label, span, dest) in defs {
        let label = collapse(&label);
        if !content
            || label == COMMENT_LABEL
            || dest == "#"
            || self_anchor(&label, &dest)
            || (dest.starts_with('#') && under_heading(src, span.start))
            || used.binary_search(&span.start).is_ok()
        {
            continue;
        }
        // Written in brackets somewhere else (besides its own definition
        // and any later one): in a block CommonMark reads as code or
        // HTML but the site's renderer may not (Python-Markdown's
        // admonitions and tabs indent Markdown; `md_in_html`), or used
        // by a hook. Not reported: the rule says what is dead for sure.
        let defined = 1 + out
            .unused_definitions
            .iter()
            .filter(|d| d.label.to_lowercase() == label.to_lowercase())
            .count();
        if written
            .get_or_insert_with(|| bracketed(text))
            .get(&label.to_lowercase())
            .is_some_and(|&n| n > defined)
        {
            continue;
        }
        out.unused_definitions.push(UnusedDefinition {
            span: trimmed(src, span),
            label,
            duplicate_of: None,
        });
    }
    out.unused_definitions.sort_by_key(|d| d.span.start);
    for (span, link_type, label) in broken {
        let collapsed = match link_type {
            LinkType::Reference => false,
            LinkType::Collapsed => true,
            _ => continue,
        };
        out.undefined_labels.push(UndefinedLabel {
            span,
            label: collapse(&label),
            collapsed,
        });
    }
    out.undefined_labels.sort_by_key(|u| u.span.start);
    out.undefined_labels.dedup();
    if out.undefined_labels.is_empty() && out.unused_definitions.is_empty() {
        // Nothing that a template engine could explain.
        return out;
    }
    let (templated_label, written_by_template) = templated(src);
    if !written_by_template.is_empty() {
        // `[1349]: {{ site.repository }}/issues/1349`: a definition once
        // the template engine has run (CommonMark does not take it before:
        // its destination holds spaces); its label is defined.
        out.undefined_labels
            .retain(|u| !written_by_template.contains(&normalized_label(&u.label)));
    }
    if templated_label {
        // Its definitions are written by a template engine run before
        // Markdown (Jekyll's Liquid: `[#{{ issue }}]: {{ site.repository
        // }}/issues/{{ issue }}` in a loop): what labels it defines, and
        // which it uses, is not known from its text.
        out.undefined_labels.clear();
        out.unused_definitions.clear();
    }
    out
}

/// True for a definition that names the heading of its own label,
/// `[summary]: #summary` under `# Summary` (rust-lang/rfcs's template
/// writes one under each section, so that `[summary]` can link to it):
/// its destination is `#` and the label lowercased, white space made
/// `-`. An anchor list kept on purpose, like the comment idiom.
fn self_anchor(label: &str, dest: &str) -> bool {
    dest.strip_prefix('#').is_some_and(|id| {
        id.to_lowercase()
            == label
                .to_lowercase()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join("-")
    })
}

/// True when the line before offset `at` of `src` is an ATX heading
/// (`# Unresolved questions` above `[unresolved]: #unresolved-questions`,
/// the anchor rust-lang/rfcs's older template writes under each
/// section).
fn under_heading(src: &[u8], at: usize) -> bool {
    let before = &src[..at.min(src.len())];
    let Some(end) = memchr::memrchr(b'\n', before) else {
        return false;
    };
    let start = memchr::memrchr(b'\n', &before[..end]).map_or(0, |i| i + 1);
    before[start..end].trim_ascii_start().starts_with(b"#")
}

/// False when `src` holds nothing [`references`] could report: no
/// `]:` (a definition), no `][` (a reference), and no `](` followed,
/// after white space, by `)`, `<>` or a lone `#`. One pass, so that a
/// document of inline links only is not parsed a second time. Without
/// `undefined_labels`, a `][` alone does not count (with no definition,
/// only an undefined label could be found there).
fn may_have_references(src: &[u8], undefined_labels: bool) -> bool {
    if memchr::memmem::find(src, b"]:").is_some()
        || (undefined_labels && memchr::memmem::find(src, b"][").is_some())
    {
        return true;
    }
    memchr::memmem::find_iter(src, b"](").any(|at| {
        let rest = &src[at + 2..];
        let ws = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let rest = &rest[ws..];
        match rest.first() {
            Some(b')') => true,
            Some(b'<') => rest.get(1) == Some(&b'>'),
            Some(b'#') => rest
                .get(1)
                .is_none_or(|b| b.is_ascii_whitespace() || *b == b')'),
            _ => false,
        }
    })
}

/// The reference definitions of `src` that hold a template tag, `{{` or
/// `{%` (Liquid, Jinja, Hugo), read from its lines (`[label]: ...`):
/// `true` when one has it in its label (the labels defined are not in the
/// text), and the labels (lowercased, white space collapsed) of those
/// with it in the destination only (`[1349]: {{ site.repository
/// }}/issues/1349`: a definition once the template has run).
fn templated(src: &[u8]) -> (bool, std::collections::HashSet<String>) {
    let tag = |b: &[u8]| {
        memchr::memmem::find(b, b"{{").is_some() || memchr::memmem::find(b, b"{%").is_some()
    };
    let mut labels = std::collections::HashSet::new();
    for line in src.split(|&b| b == b'\n') {
        let line = line.trim_ascii_start();
        if line.first() != Some(&b'[') {
            continue;
        }
        let Some(close) = memchr::memmem::find(line, b"]:") else {
            continue;
        };
        let (label, destination) = (&line[1..close], &line[close + 2..]);
        if tag(label) {
            return (true, labels);
        }
        if tag(destination) {
            labels.insert(normalized_label(&String::from_utf8_lossy(label)));
        }
    }
    (false, labels)
}

/// A reference label as CommonMark matches it: case-folded (lowercased
/// here), inner white space collapsed to one space, trimmed.
fn normalized_label(label: &str) -> String {
    label
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// How many times each text is written in brackets, `[text]`, in `text`
/// (without a `[` or `]` inside, on at most two lines), by its
/// lowercased form with white space collapsed: the labels a document
/// writes, whatever block they are in. One pass.
fn bracketed(text: &str) -> std::collections::HashMap<String, usize> {
    let mut out = std::collections::HashMap::new();
    let bytes = text.as_bytes();
    let mut open: Option<usize> = None;
    let mut breaks = 0;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'[' => {
                open = Some(i + 1);
                breaks = 0;
            }
            b']' => {
                if let Some(s) = open.take() {
                    let label = collapse(&text[s..i]).to_lowercase();
                    if !label.is_empty() {
                        *out.entry(label).or_insert(0) += 1;
                    }
                }
            }
            b'\n' => {
                breaks += 1;
                if breaks > 1 {
                    open = None;
                }
            }
            _ => {}
        }
    }
    out
}

/// `label` with each run of white space made one space, and trimmed.
fn collapse(label: &str) -> String {
    label.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `span` without the white space (a line break) at its end.
fn trimmed(src: &[u8], span: Range<usize>) -> Range<usize> {
    let end = span.end.min(src.len());
    let start = span.start.min(end);
    let kept = src[start..end].trim_ascii_end().len();
    start..start + kept
}

/// The definitions of a label defined before them: lines that start
/// outside every leaf block of `leaves` (sorted), read `[label]:` after
/// their block-quote markers and indentation, and whose label is one
/// that `defined` gives another definition for. A label over more than
/// one line is not looked for.
fn duplicates(
    src: &[u8],
    leaves: &[Range<usize>],
    defined: impl Fn(&str) -> Option<Range<usize>>,
) -> Vec<UnusedDefinition> {
    let mut out = Vec::new();
    let mut leaf = 0;
    let mut start = 0;
    while start < src.len() {
        let end = memchr::memchr(b'\n', &src[start..]).map_or(src.len(), |i| start + i + 1);
        let line = &src[start..end];
        let skip = line
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'>'))
            .count();
        let at = start + skip;
        while leaf < leaves.len() && leaves[leaf].end <= at {
            leaf += 1;
        }
        let in_leaf = leaves.get(leaf).is_some_and(|l| l.start <= at);
        if !in_leaf && line.get(skip) == Some(&b'[') && line.get(skip + 1) != Some(&b'^') {
            if let Some(d) = duplicate_at(src, at, end, &defined) {
                out.push(d);
            }
        }
        start = end;
    }
    out
}

/// True when a definition's text after `]:` is the comment idiom's
/// destination, a lone `#` (then a title or nothing): `[//]: # (text)`,
/// and so under any label, as tools write their directives
/// (`[embedmd]:# (file.go go /start/ /end/)`, one per snippet:
/// kubernetes-sigs/kustomize's READMEs; issue 46, round 9). It renders
/// nothing and is never meant to be used.
fn comment_destination(rest: &[u8]) -> bool {
    let rest = rest.trim_ascii_start();
    rest.first() == Some(&b'#') && rest.get(1).is_none_or(u8::is_ascii_whitespace)
}

/// The definition `[label]: ...` at `at` (its `[`), on the line ending at
/// `end`, when `defined` gives the label another definition.
fn duplicate_at(
    src: &[u8],
    at: usize,
    end: usize,
    defined: &impl Fn(&str) -> Option<Range<usize>>,
) -> Option<UnusedDefinition> {
    let line = &src[at..end];
    let mut i = 1;
    while i < line.len() {
        match line[i] {
            b'\\' => i += 1,
            b'[' => return None,
            b']' => break,
            _ => {}
        }
        i += 1;
    }
    if line.get(i) != Some(&b']') || line.get(i + 1) != Some(&b':') {
        return None;
    }
    let label = collapse(std::str::from_utf8(&line[1..i]).ok()?);
    // The comment idiom `[//]: # (text)` is a comment however often it
    // is written (RustCrypto's READMEs head each group of links with
    // one: `[//]: # (badges)`, `[//]: # (licenses)`).
    if label.is_empty() || label == COMMENT_LABEL || comment_destination(&line[i + 2..]) {
        return None;
    }
    let first = defined(&label)?;
    // The parser keeps the first definition of a label in the document's
    // order: a line before its end (it, or one before it) is no later
    // definition.
    if first.end > at {
        return None;
    }
    Some(UnusedDefinition {
        span: trimmed(src, at..end),
        label,
        duplicate_of: Some(trimmed(src, first)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(src: &str, span: &Range<usize>) -> String {
        src[span.clone()].to_string()
    }

    #[test]
    fn empty_destinations() {
        let src = "[a]() [b](<>) [c](#) [d](#x) [e][r] [f](/) [g][s] <https://x.example/>\n\n[r]: #\n[s]: <>\n";
        let got = references(src.as_bytes());
        let found: Vec<(String, String)> = got
            .empty_links
            .iter()
            .map(|l| (at(src, &l.span), l.destination.clone()))
            .collect();
        assert_eq!(
            found,
            [
                ("[a]()".to_string(), String::new()),
                ("[b](<>)".to_string(), String::new()),
                ("[g][s]".to_string(), String::new()),
            ]
        );
        // `#` alone goes to the top of the page: not empty.
        assert!(references(b"[c](#) [e][r]\n\n[r]: #\n")
            .empty_links
            .is_empty());
        // Images are not links (markdownlint's MD042 too).
        assert!(references(b"![alt]()\n").empty_links.is_empty());
    }

    #[test]
    fn undefined_labels_full_and_collapsed_not_shortcut() {
        let src = "See [text][Missing  Label], [gone][] and [shortcut], [ok][Def] [def][], `[code][x]`.\n\n    [indented][y]\n\n[DEF]: /d\n";
        let got = references(src.as_bytes());
        let found: Vec<(String, String, bool)> = got
            .undefined_labels
            .iter()
            .map(|u| (at(src, &u.span), u.label.clone(), u.collapsed))
            .collect();
        assert_eq!(
            found,
            [
                (
                    "[text][Missing  Label]".to_string(),
                    "Missing Label".to_string(),
                    false
                ),
                ("[gone]".to_string(), "gone".to_string(), true),
            ]
        );
        assert!(got.unused_definitions.is_empty(), "{got:?}");
    }

    /// embedmd's directives, one per snippet, each `[embedmd]:# (...)`
    /// (kubernetes-sigs/kustomize
    /// `functions/examples/fn-framework-application/README.md`): comments,
    /// neither duplicates nor unused.
    #[test]
    fn directives_in_the_comment_idiom() {
        let src = "Intro.\n\n[embedmd]:# (pkg/exampleapp/v1alpha1/processing.go go /.*Default.*/ /error {/)\n\
                   ```go\nx\n```\n\n[embedmd]:# (pkg/exampleapp/v1alpha1/types.go go /type/ /}/)\n";
        let got = references(src.as_bytes());
        assert!(got.unused_definitions.is_empty(), "{got:?}");
    }

    /// The comment idiom written several times, as rust-random/getrandom's
    /// README (0.3.4) heads its groups of links: a comment each time, no
    /// definition used twice. A real duplicate beside them still is one.
    #[test]
    fn the_comment_idiom_repeated_is_not_a_duplicate() {
        let src = "See [Documentation] and [1].\n\n\
                   [//]: # (badges)\n\n\
                   [Documentation]: https://docs.rs/getrandom\n\n\
                   [//]: # (supported targets)\n\n\
                   [1]: https://manned.org/getrandom.2\n\
                   [1]: https://manned.org/urandom.4\n\n\
                   [//]: # (licenses)\n";
        let got = references(src.as_bytes());
        let found: Vec<(String, Option<String>)> = got
            .unused_definitions
            .iter()
            .map(|d| {
                (
                    at(src, &d.span),
                    d.duplicate_of.as_ref().map(|f| at(src, f)),
                )
            })
            .collect();
        assert_eq!(
            found,
            [(
                "[1]: https://manned.org/urandom.4".to_string(),
                Some("[1]: https://manned.org/getrandom.2".to_string())
            )]
        );
    }

    #[test]
    fn unused_and_duplicate_definitions() {
        let src = "Use [a] and ![b][] here.\n\n[a]: /one\n[A]: /dup \"t\"\n[b]: /img.png\n[c]: /unused\n[//]: # (a comment)\n\n> [c]: /dup-in-quote\n\n```\n[a]: /in-code\n```\n\nText\n[a]: /paragraph-text\n";
        let got = references(src.as_bytes());
        let found: Vec<(String, String, Option<String>)> = got
            .unused_definitions
            .iter()
            .map(|d| {
                (
                    at(src, &d.span),
                    d.label.clone(),
                    d.duplicate_of.as_ref().map(|f| at(src, f)),
                )
            })
            .collect();
        assert_eq!(
            found,
            [
                (
                    "[A]: /dup \"t\"".to_string(),
                    "A".to_string(),
                    Some("[a]: /one".to_string())
                ),
                ("[c]: /unused".to_string(), "c".to_string(), None),
                (
                    "[c]: /dup-in-quote".to_string(),
                    "c".to_string(),
                    Some("[c]: /unused".to_string())
                ),
            ]
        );
    }

    /// The later definitions of a label, as `(definition, first)`
    /// sources, in `src`.
    fn duplicates_in(src: &str) -> Vec<(String, String)> {
        references(src.as_bytes())
            .unused_definitions
            .iter()
            .filter_map(|d| Some((at(src, &d.span), at(src, d.duplicate_of.as_ref()?))))
            .collect()
    }

    /// A line reading `[label]: url` is a definition only where a
    /// definition may start (CommonMark 0.31.2, section 4.7: it cannot
    /// interrupt a paragraph): after a blank line it is one; inside a
    /// paragraph, or as the continuation line of a list item's paragraph
    /// (tight or lazy), it is not; in a list item after a blank line, it
    /// is.
    #[test]
    fn a_definition_does_not_interrupt_a_paragraph() {
        let first = "[x]: /first";
        let dup = |src: &str| duplicates_in(&format!("See [x].\n\n{first}\n\n{src}"));
        let after_blank = "Text.\n\n[x]: /second\n";
        assert_eq!(
            dup(after_blank),
            [("[x]: /second".to_string(), first.to_string())]
        );
        assert!(dup("Text\n[x]: /second\n").is_empty());
        assert!(dup("* item\n  [x]: /second\n").is_empty());
        assert!(dup("* item\n[x]: /second\n").is_empty());
        assert!(dup("1. item\n   [x]: /second\n* other\n").is_empty());
        assert_eq!(
            dup("* item\n\n  [x]: /second\n"),
            [("[x]: /second".to_string(), first.to_string())]
        );
        // A line before the first definition is never a later one.
        assert!(duplicates_in("* [a], [b],\n  [x]: Now more text\n\n[x]: /first\n").is_empty());
    }

    /// rust-lang/rust-clippy's CHANGELOG.md, lines 1556-1560 and 7725: a
    /// tight list item's continuation line starting with a shortcut
    /// reference (`[`unused_peekable`]: Now respects ...`) is text, not a
    /// second definition of the label defined at the end of the file
    /// (round 4's L005 "defined again ... on line 7725", at line 1559).
    #[test]
    fn a_list_items_continuation_line_is_no_definition() {
        let src = "* [`assigning_clones`]: Now considers the [`msrv`] configuration\n  [#12511](https://github.com/rust-lang/rust-clippy/pull/12511)\n* [`needless_return`], [`useless_let_if_seq`], [`mut_mut`], [`read_zero_byte_vec`], [`unused_io_amount`],\n  [`unused_peekable`]: Now respects `#[allow]` attributes on the affected statement instead\n  [#12446](https://github.com/rust-lang/rust-clippy/pull/12446)\n\n[`unused_peekable`]: https://rust-lang.github.io/rust-clippy/main/index.html#unused_peekable\n";
        let got = references(src.as_bytes());
        let labels: Vec<&str> = got
            .unused_definitions
            .iter()
            .map(|d| d.label.as_str())
            .collect();
        // A document of a tight list has content: a definition it does
        // not use is reported.
        let src = format!("{src}[`unused_result_ok`]: https://rust-lang.github.io/rust-clippy/main/index.html#unused_result_ok\n");
        let more = references(src.as_bytes());
        let more: Vec<&str> = more
            .unused_definitions
            .iter()
            .map(|d| d.label.as_str())
            .collect();
        assert_eq!((labels, more), (vec![], vec!["`unused_result_ok`"]));
    }

    /// Python-Markdown's admonitions indent their Markdown, which
    /// CommonMark reads as code: a label written there counts as used
    /// (squidfunk/mkdocs-material's docs/blog/posts/
    /// goodbye-github-discussions.md, lines 104-118, shortened). A file
    /// of definitions only is there to be included (its
    /// includes/mkdocs.md, appended by pymdownx.snippets).
    #[test]
    fn labels_written_elsewhere_and_definition_files() {
        let src = "!!! warning \"Material for MkDocs is in maintenance mode\"\n\n    MkDocs 2.0 will introduce breaking changes –\n    something we [analyzed thoroughly in our MkDocs 2.0 article].\n\n  [analyzed thoroughly in our MkDocs 2.0 article]: mkdocs-2.0.md\n  [dead]: /x\n";
        let got = references(src.as_bytes());
        let labels: Vec<&str> = got
            .unused_definitions
            .iter()
            .map(|d| d.label.as_str())
            .collect();
        assert_eq!(labels, ["dead"]);
        let only = "  [mkdocs.site_dir]: https://www.mkdocs.org/user-guide/configuration/#site_dir\n  [mkdocs.nav]: https://www.mkdocs.org/user-guide/configuration/#nav\n";
        assert!(references(only.as_bytes()).unused_definitions.is_empty());
    }

    /// Jekyll's docs/_posts/2013-05-08-jekyll-1-0-1-released.markdown
    /// (jekyll/jekyll): definitions written by a Liquid loop.
    #[test]
    fn templated_definitions_are_not_known() {
        let src = "* Fix the index build with LSI ([#1045][])\n\n{% for issue in issue_numbers %}\n[#{{ issue }}]: {{ site.repository }}/issues/{{ issue }}\n{% endfor %}\n\n[unused]: /x\n";
        let got = references(src.as_bytes());
        assert!(
            got.undefined_labels.is_empty() && got.unused_definitions.is_empty(),
            "{got:?}"
        );
        // jekyll/jekyll docs/_posts/2013-07-25-jekyll-1-0-4-released.markdown:
        // a template in a destination only; its label is known.
        let known = references(
            b"[submitting a patch][1349]\n\n[230]: https://github.com/Shopify/liquid/pull/230\n[1349]: {{ site.repository }}/issues/1349\n",
        );
        assert_eq!(
            (known.undefined_labels.len(), known.unused_definitions.len()),
            (0, 1),
            "{known:?}"
        );
        let plain = references(b"([#1045][])\n\n[unused]: /x\n");
        assert_eq!(
            (plain.undefined_labels.len(), plain.unused_definitions.len()),
            (1, 1)
        );
    }

    /// rust-lang/rfcs's 0000-template.md: `[summary]: #summary` under
    /// each heading, an anchor list (2,479 of the 3,493 L005 findings on
    /// the corpus's copy of the RFCs before).
    #[test]
    fn self_anchors_are_kept_on_purpose() {
        let src = "# Summary\n[summary]: #summary\n\nOne paragraph.\n\n# Guide-level explanation\n[guide-level-explanation]: #guide-level-explanation\n[design]: #detailed-design\n";
        let got = references(src.as_bytes());
        let labels: Vec<&str> = got
            .unused_definitions
            .iter()
            .map(|d| d.label.as_str())
            .collect();
        assert_eq!(labels, ["design"]);
        assert!(self_anchor(
            "Unresolved  questions",
            "#unresolved-questions"
        ));
        // The older template: a short label, right under its heading.
        let old =
            "# Detailed design\n[design]: #detailed-design\n\nText.\n\n[later]: #detailed-design\n";
        let labels: Vec<String> = references(old.as_bytes())
            .unused_definitions
            .into_iter()
            .map(|d| d.label)
            .collect();
        assert_eq!(labels, ["later"]);
    }

    #[test]
    fn documents_of_inline_links_only_are_not_parsed_again() {
        assert!(!may_have_references(
            b"[a](/x) [b](#top) ![c](i.png)\n",
            true
        ));
        // A reference use without a definition holds only an undefined
        // label: not parsed when L004 is off.
        assert!(!may_have_references(b"[a][b]", false));
        assert!(may_have_references(b"[a][b]\n\n[b]: /x\n", false));
        for yes in [
            &b"[a]( )"[..],
            b"[a](<>)",
            b"[a](# \"t\")",
            b"[a](\n#)",
            b"[a][b]",
            b"[a]: /x",
        ] {
            assert!(
                may_have_references(yes, true),
                "{}",
                String::from_utf8_lossy(yes)
            );
            let _ = references(yes);
        }
        assert_eq!(references(b"[a]( <>\n)\n").empty_links.len(), 1);
        assert!(references(b"[a]( #\n)\n").empty_links.is_empty());
    }

    #[test]
    fn front_matter_and_invalid_utf8_keep_offsets() {
        let src = b"---\nx: \"[a]: /y\"\n---\n\xff [t][nope]\n\n[z]: /q\n";
        let got = references(src);
        assert_eq!(got.undefined_labels.len(), 1);
        assert_eq!(&src[got.undefined_labels[0].span.clone()], b"[t][nope]");
        assert_eq!(got.unused_definitions.len(), 1);
        assert_eq!(&src[got.unused_definitions[0].span.clone()], b"[z]: /q");
    }
}
