//! Sphinx cross-references: the targets of the `:doc:`, `:ref:` and
//! `:download:` roles and of `toctree` entries, in reStructuredText and
//! in MyST Markdown.
//!
//! These name documents (`:doc:`, `toctree`), labels (`:ref:`) and files
//! (`:download:`) of a Sphinx project, not URIs: the format layer gives
//! them here, each with the byte range of its target in the source, and
//! the link layer (`crate::links`, `check --links local`) resolves them
//! as Sphinx does. Sources: Sphinx documentation, "Cross-referencing
//! arbitrary locations" (`:ref:`), "Cross-referencing documents"
//! (`:doc:`), "Referencing downloadable files" (`:download:`), "Table of
//! contents" (`toctree`, its `:glob:` option, `self` and URL entries);
//! docutils, "reStructuredText Markup Specification" (interpreted text,
//! inline markup recognition rules, comments); MyST-Parser, "Roles - an
//! in-line extension point" and "Directives - a block-level extension
//! point".
//!
//! Left out: roles and entries in literal blocks, inline literals and
//! comments (they are not rendered), roles whose text starts with `!`
//! (Sphinx makes no link of them), and roles longer than
//! [`MAX_ROLE_BYTES`]. It does not own resolving the targets.

use std::ops::Range;

/// What a cross-reference names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum XrefKind {
    /// `:doc:`: a document, by its name relative to the referring
    /// document's directory (or to the source directory after `/`),
    /// without suffix.
    Doc,
    /// `:ref:`: a label of the project (`.. _label:`, a directive's
    /// `:name:`, MyST `(label)=`), compared in lower case.
    Ref,
    /// `:download:`: a file, by its path relative to the referring
    /// document (or to the source directory after `/`).
    Download,
    /// A `toctree` entry: a document, as for [`XrefKind::Doc`]; a source
    /// suffix may be written.
    Toctree,
    /// The file an `include` or `literalinclude` directive reads, as for
    /// [`XrefKind::Download`] (Sphinx: an absolute path starts at the
    /// source directory).
    Include,
}

impl XrefKind {
    /// The role or directive as written in messages (`:doc:`, `toctree`).
    pub fn name(self) -> &'static str {
        match self {
            XrefKind::Doc => ":doc:",
            XrefKind::Ref => ":ref:",
            XrefKind::Download => ":download:",
            XrefKind::Toctree => "toctree",
            XrefKind::Include => "include",
        }
    }

    /// True for the kinds that name a file by its path (`:download:`,
    /// `include`), not a document by its name.
    pub fn names_a_file(self) -> bool {
        matches!(self, XrefKind::Download | XrefKind::Include)
    }
}

/// One cross-reference of a document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xref {
    /// What it names.
    pub kind: XrefKind,
    /// The target as written, white space (a line break of a role that
    /// continues on the next line) collapsed to one space, without an
    /// explicit title (`title <target>` gives `target`).
    pub target: String,
    /// The byte range of the target in the source (0-based, end
    /// exclusive; for a target written over lines, from its first byte
    /// to its last).
    pub span: Range<usize>,
    /// True for a `toctree` entry of a `:glob:` toctree: an entry with
    /// `*`, `?` or `[` is a pattern.
    pub glob: bool,
}

/// The longest role text read (4 KiB): a longer one is no role.
pub const MAX_ROLE_BYTES: usize = 4096;

/// The role names read, with what each names (the `std` domain's, also
/// written with the domain).
fn role_kind(name: &[u8]) -> Option<XrefKind> {
    let name = name.strip_prefix(b"std:").unwrap_or(name);
    match name {
        b"doc" => Some(XrefKind::Doc),
        b"ref" => Some(XrefKind::Ref),
        b"download" => Some(XrefKind::Download),
        _ => None,
    }
}

/// The cross-references of the reStructuredText document `src`, in
/// document order. Never fails.
pub fn in_rst(src: &[u8]) -> Vec<Xref> {
    let mut skipped: Vec<Range<usize>> = super::rst::code_ranges(src)
        .into_iter()
        .filter_map(|r| Some(usize::try_from(r.start).ok()?..usize::try_from(r.end).ok()?))
        .collect();
    skipped.extend(rst_comments(src));
    skipped.sort_by_key(|r| r.start);
    let mut out = rst_roles(src, &skipped);
    out.extend(rst_toctrees(src, &skipped));
    out.extend(rst_includes(src, &skipped));
    out.sort_by_key(|x| x.span.start);
    out
}

/// True when `at` lies in one of the sorted ranges `skipped`.
fn inside(skipped: &[Range<usize>], at: usize) -> bool {
    let i = skipped.partition_point(|r| r.start <= at);
    i > 0 && skipped[i - 1].contains(&at)
}

/// The lines of `src`: (start, end without the line break).
fn lines(src: &[u8]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < src.len() {
        let end = memchr::memchr(b'\n', &src[start..]).map_or(src.len(), |p| start + p);
        let text_end = if end > start && src[end - 1] == b'\r' {
            end - 1
        } else {
            end
        };
        out.push(start..text_end);
        start = end + 1;
    }
    out
}

/// Columns of leading white space of `line` (a tab counts as 8).
fn indent(line: &[u8]) -> usize {
    line.iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .map(|&b| if b == b'\t' { 8 } else { 1 })
        .sum()
}

/// The byte ranges of the comments of `src` (docutils: explicit markup
/// `..` that is no directive, target, substitution definition, footnote
/// or citation, with the indented block after it).
fn rst_comments(src: &[u8]) -> Vec<Range<usize>> {
    let lines = lines(src);
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = &src[lines[i].clone()];
        let t = line.trim_ascii_start();
        let rest = t.strip_prefix(b"..");
        let comment = rest.is_some_and(|r| {
            (r.is_empty() || r[0] == b' ' || r[0] == b'\t')
                && !matches!(r.trim_ascii_start().first(), Some(b'_' | b'|' | b'['))
                && !is_directive(r.trim_ascii_start())
        });
        if !comment {
            i += 1;
            continue;
        }
        let base = indent(line);
        let mut j = i + 1;
        let mut last = i;
        while j < lines.len() {
            let l = &src[lines[j].clone()];
            if l.trim_ascii().is_empty() {
                // An empty `..` ends at the first blank line.
                if t.trim_ascii() == b".." && j == i + 1 {
                    break;
                }
                j += 1;
                continue;
            }
            if indent(l) <= base {
                break;
            }
            last = j;
            j += 1;
        }
        out.push(lines[i].start..lines[last].end);
        i = last + 1;
    }
    out
}

/// True when `text` (after `.. `) starts a directive: `name::`.
fn is_directive(text: &[u8]) -> bool {
    let Some(end) = memchr::memmem::find(text, b"::") else {
        return false;
    };
    end > 0
        && text[..end]
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':' | b'.' | b'+'))
}

/// A byte that may come before inline markup (docutils' inline markup
/// recognition rules: white space, or one of `' " < ( [ { - / :`).
fn starts_markup(b: u8) -> bool {
    b.is_ascii_whitespace() || b"'\"<([{-/:".contains(&b)
}

/// The roles of `src` that [`role_kind`] reads, outside `skipped`.
fn rst_roles(src: &[u8], skipped: &[Range<usize>]) -> Vec<Xref> {
    let mut out = Vec::new();
    for colon in memchr::memmem::find_iter(src, b":`") {
        if inside(skipped, colon) {
            continue;
        }
        // The role's name, back to its opening colon.
        let mut open = colon;
        while open > 0
            && (src[open - 1].is_ascii_alphanumeric()
                || matches!(src[open - 1], b':' | b'_' | b'-' | b'.' | b'+'))
        {
            open -= 1;
        }
        // The first colon of the run is the opening one.
        let Some(first) = src[open..colon].iter().position(|&b| b == b':') else {
            continue;
        };
        let open = open + first;
        if open > 0 && !starts_markup(src[open - 1]) {
            continue;
        }
        let Some(kind) = role_kind(&src[open + 1..colon]) else {
            continue;
        };
        if let Some(x) = role_text(src, colon + 2, 1, kind) {
            out.push(x);
        }
    }
    out
}

/// The cross-reference of a role of `kind` whose text starts at `start`
/// (after its opening run of `ticks` backticks), up to the same run
/// closing it, within one paragraph and [`MAX_ROLE_BYTES`].
fn role_text(src: &[u8], start: usize, ticks: usize, kind: XrefKind) -> Option<Xref> {
    let limit = src.len().min(start + MAX_ROLE_BYTES);
    let window = &src[start..limit];
    let mut k = 0;
    let close = loop {
        let rel = memchr::memchr(b'`', &window[k..])? + k;
        let run = window[rel..].iter().take_while(|&&b| b == b'`').count();
        if run == ticks && (rel == 0 || window[rel - 1] != b'\\') {
            break rel;
        }
        k = rel + run;
    };
    let text = &window[..close];
    // A blank line ends the paragraph: no role spans it.
    if text.windows(2).any(|w| w == b"\n\n") || text.windows(3).any(|w| w == b"\n\r\n") {
        return None;
    }
    let (target, at) = match explicit_target(text) {
        Some(r) => (&text[r.clone()], r.start),
        None => (text, 0),
    };
    let lead = target.len() - target.trim_ascii_start().len();
    let target_trimmed = target.trim_ascii();
    if target_trimmed.is_empty() || target_trimmed.starts_with(b"!") {
        return None;
    }
    let target_trimmed = target_trimmed.strip_prefix(b"~").unwrap_or(target_trimmed);
    let written = String::from_utf8_lossy(target_trimmed);
    let collapsed = written.split_whitespace().collect::<Vec<_>>().join(" ");
    let begin = start + at + lead;
    Some(Xref {
        kind,
        target: collapsed,
        span: begin..begin + target.trim_ascii().len(),
        glob: false,
    })
}

/// The range of the target inside `text` when it is written with an
/// explicit title, `title <target>` or `title<target>` (the last `<...>`
/// ending the text; falconry/falcon's `:ref:`note above<note_json_handler>``).
fn explicit_target(text: &[u8]) -> Option<Range<usize>> {
    let trimmed_end = text.len() - (text.len() - text.trim_ascii_end().len());
    let body = &text[..trimmed_end];
    if body.last() != Some(&b'>') {
        return None;
    }
    // Sphinx's `explicit_title_re`, `^(.+?)\s*(?<!\x00)<([^<]*?)>$`: a
    // title of at least one character, white space or none, then the
    // last `<` (not escaped).
    let open = memchr::memrchr(b'<', body)?;
    if open == 0 || body[open - 1] == b'\\' {
        return None;
    }
    Some(open + 1..trimmed_end - 1)
}

/// The entries of the `.. toctree::` directives of `src`.
fn rst_toctrees(src: &[u8], skipped: &[Range<usize>]) -> Vec<Xref> {
    let lines = lines(src);
    let mut out = Vec::new();
    for (i, r) in lines.iter().enumerate() {
        let line = &src[r.clone()];
        let t = line.trim_ascii_start();
        let Some(rest) = t.strip_prefix(b"..") else {
            continue;
        };
        if rest.trim_ascii() != b"toctree::" || inside(skipped, r.start) {
            continue;
        }
        let base = indent(line);
        let body: Vec<Range<usize>> = lines[i + 1..]
            .iter()
            .take_while(|l| {
                let b = &src[(*l).clone()];
                b.trim_ascii().is_empty() || indent(b) > base
            })
            .cloned()
            .collect();
        out.extend(toctree_entries(src, &body, |b| {
            b.trim_ascii_start().starts_with(b":")
        }));
    }
    out
}

/// The arguments of the `include` and `literalinclude` directives of
/// `src` (a standard include `<isonum.txt>` left out).
fn rst_includes(src: &[u8], skipped: &[Range<usize>]) -> Vec<Xref> {
    let mut out = Vec::new();
    for r in lines(src) {
        let line = &src[r.clone()];
        let lead = line.len() - line.trim_ascii_start().len();
        let t = &line[lead..];
        let Some(rest) = t.strip_prefix(b"..") else {
            continue;
        };
        let rest_lead = rest.len() - rest.trim_ascii_start().len();
        let rest = &rest[rest_lead..];
        let arg = rest
            .strip_prefix(b"include::")
            .or_else(|| rest.strip_prefix(b"literalinclude::"));
        let Some(arg) = arg else { continue };
        if inside(skipped, r.start) {
            continue;
        }
        if let Some(x) = include_argument(r.end - arg.len(), arg) {
            out.push(x);
        }
    }
    out
}

/// The [`XrefKind::Include`] of a directive whose argument is `arg`,
/// found at byte `at` of the source; `None` when empty or a standard
/// include (`<isonum.txt>`).
fn include_argument(at: usize, arg: &[u8]) -> Option<Xref> {
    let lead = arg.len() - arg.trim_ascii_start().len();
    let target = arg.trim_ascii();
    if target.is_empty() || target.starts_with(b"<") {
        return None;
    }
    let begin = at + lead;
    Some(Xref {
        kind: XrefKind::Include,
        target: String::from_utf8_lossy(target).into_owned(),
        span: begin..begin + target.len(),
        glob: false,
    })
}

/// The entries among the lines `body` of a toctree (`option` tells an
/// option line; options come first). An entry is `target` or
/// `title <target>`; `self` and URLs are no documents.
fn toctree_entries(src: &[u8], body: &[Range<usize>], option: impl Fn(&[u8]) -> bool) -> Vec<Xref> {
    let mut glob = false;
    let mut out = Vec::new();
    let mut in_options = true;
    for r in body {
        let line = &src[r.clone()];
        if line.trim_ascii().is_empty() {
            in_options = false;
            continue;
        }
        if in_options && option(line) {
            glob |= line.trim_ascii() == b":glob:";
            continue;
        }
        in_options = false;
        let lead = line.len() - line.trim_ascii_start().len();
        let text = line.trim_ascii();
        let (target, at) = match explicit_target(text) {
            Some(t) => (&text[t.clone()], t.start),
            None => (text, 0),
        };
        let target = target.trim_ascii();
        if target.is_empty()
            || target == b"self"
            || memchr::memmem::find(target, b"://").is_some()
            || target.starts_with(b"mailto:")
        {
            continue;
        }
        let begin = r.start + lead + at;
        out.push(Xref {
            kind: XrefKind::Toctree,
            target: String::from_utf8_lossy(target).into_owned(),
            span: begin..begin + target.len(),
            glob,
        });
    }
    out
}

/// MyST directives whose content is code, not Markdown.
const MYST_CODE_DIRECTIVES: &[&[u8]] = &[
    b"code",
    b"code-block",
    b"sourcecode",
    b"code-cell",
    b"literalinclude",
    b"eval-rst",
    b"math",
    b"mermaid",
    b"graphviz",
    b"csv-table",
    b"raw",
];

/// The cross-references of the MyST Markdown document `src` (roles
/// ``{doc}`target` ``, ``{ref}`title <label>` ``, ``{download}`path` ``;
/// the entries of ```` ```{toctree} ```` blocks), in document order,
/// outside code blocks, code spans, front matter, `%` comment lines and
/// HTML comments. Never fails.
pub fn in_myst(src: &[u8]) -> Vec<Xref> {
    let lines = lines(src);
    let mut out = Vec::new();
    let mut i = 0;
    // Front matter.
    if lines
        .first()
        .is_some_and(|r| src[r.clone()].trim_ascii_end() == b"---")
    {
        if let Some(end) = lines[1..]
            .iter()
            .position(|r| src[r.clone()].trim_ascii_end() == b"---")
        {
            i = end + 2;
        }
    }
    let mut in_comment = false;
    // The fences of the directives whose Markdown content is being read.
    let mut open: Vec<Vec<u8>> = Vec::new();
    while i < lines.len() {
        let r = lines[i].clone();
        let line = &src[r.clone()];
        let t = line.trim_ascii_start();
        if in_comment || t.starts_with(b"<!--") {
            in_comment = memchr::memmem::find(line, b"-->").is_none();
            i += 1;
            continue;
        }
        if t.starts_with(b"%") {
            i += 1;
            continue;
        }
        if open.last().is_some_and(|f| closes(line, f)) {
            open.pop();
            i += 1;
            continue;
        }
        if let Some((fence, name)) = fence_open(t) {
            let close = lines[i + 1..]
                .iter()
                .position(|l| closes(&src[l.clone()], &fence))
                .map_or(lines.len(), |p| i + 1 + p);
            let body = &lines[(i + 1).min(close)..close];
            if let Some(b"include" | b"literalinclude") = name.as_deref() {
                // The argument after `{include}` on the fence's line.
                let close = memchr::memchr(b'}', line).map_or(line.len(), |c| c + 1);
                out.extend(include_argument(r.start + close, &line[close..]));
            }
            if name.as_deref() == Some(b"toctree".as_slice()) {
                out.extend(toctree_entries(src, &yaml_skipped(src, body), |b| {
                    b.trim_ascii_start().starts_with(b":")
                }));
            } else if name
                .as_deref()
                .is_some_and(|n| !MYST_CODE_DIRECTIVES.contains(&n))
            {
                // A directive's content is Markdown: read on.
                open.push(fence);
                i += 1;
                continue;
            }
            i = close + 1;
            continue;
        }
        out.extend(myst_roles_in_line(src, r));
        i += 1;
    }
    out
}

/// The lines of a MyST directive's `body` without its leading YAML
/// option block (`---` ... `---`).
fn yaml_skipped(src: &[u8], body: &[Range<usize>]) -> Vec<Range<usize>> {
    if body
        .first()
        .is_some_and(|r| src[r.clone()].trim_ascii() == b"---")
    {
        if let Some(end) = body[1..]
            .iter()
            .position(|r| src[r.clone()].trim_ascii() == b"---")
        {
            return body[end + 2..].to_vec();
        }
    }
    body.to_vec()
}

/// A fence opening a code block (three or more backticks or tildes):
/// its marker run, and the MyST directive name of its info string
/// (`{toctree}` gives `toctree`), if any.
fn fence_open(t: &[u8]) -> Option<(Vec<u8>, Option<Vec<u8>>)> {
    let c = *t.first().filter(|c| matches!(c, b'`' | b'~'))?;
    let n = t.iter().take_while(|&&b| b == c).count();
    if n < 3 {
        return None;
    }
    let info = t[n..].trim_ascii();
    if c == b'`' && info.contains(&b'`') {
        return None;
    }
    let name = info
        .strip_prefix(b"{")
        .and_then(|r| r.iter().position(|&b| b == b'}').map(|e| r[..e].to_vec()));
    Some((t[..n].to_vec(), name))
}

/// True when `line` closes a fence opened with `fence`.
fn closes(line: &[u8], fence: &[u8]) -> bool {
    let t = line.trim_ascii();
    t.len() >= fence.len() && t.iter().all(|&b| b == fence[0])
}

/// The MyST roles of the line `r` of `src`, outside its code spans.
fn myst_roles_in_line(src: &[u8], r: Range<usize>) -> Vec<Xref> {
    let line = &src[r.clone()];
    let mut out = Vec::new();
    let mut k = 0;
    while k < line.len() {
        let Some(tick) = memchr::memchr(b'`', &line[k..]).map(|p| k + p) else {
            break;
        };
        let run = line[tick..].iter().take_while(|&&b| b == b'`').count();
        let role = (tick > 0 && line[tick - 1] == b'}')
            .then(|| {
                let open = memchr::memrchr(b'{', &line[..tick - 1])?;
                let name = &line[open + 1..tick - 1];
                let clean = !name.is_empty()
                    && name
                        .iter()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b':' | b'_' | b'-'));
                clean.then(|| role_kind(name)).flatten()
            })
            .flatten();
        // The closing run of the same length (a code span or the role's).
        let after = tick + run;
        let close = (after..line.len()).find(|&p| {
            line[p] == b'`'
                && line[p..].iter().take_while(|&&b| b == b'`').count() == run
                && (p == 0 || line[p - 1] != b'`')
        });
        let Some(close) = close else {
            break;
        };
        if let Some(kind) = role {
            if let Some(x) = role_text(&src[..r.start + close + run], r.start + after, run, kind) {
                out.push(x);
            }
        }
        k = close + run;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(x: &[Xref], src: &str) -> Vec<(XrefKind, String, String)> {
        x.iter()
            .map(|x| (x.kind, x.target.clone(), src[x.span.clone()].to_string()))
            .collect()
    }

    /// marshmallow-code/marshmallow `docs/` (fixtures/sites/sphinx-roles):
    /// titles, a role over two lines, the `std` domain, a literal, a
    /// comment and `!`.
    #[test]
    fn rst_roles_and_their_targets() {
        let src = "See :ref:`upgrading_3_0` and :doc:`Extending Schemas <extending>`.\n\
                   Glued :ref:`note above<note_json_handler>`, escaped :ref:`a \\<b>`.\n\
                   A :std:doc:`long\n   title <../why>` here, :download:`x <files/a.zip>`.\n\
                   ``:doc:`literal``` and :doc:`!nolink` and foo:doc:`glued`.\n\n\
                   .. this is a comment with :doc:`commented`\n   :ref:`also`\n\n\
                   ::\n\n    :doc:`in-a-literal-block`\n\nEnd :ref:`Title with words`.\n";
        let x = in_rst(src.as_bytes());
        assert_eq!(
            targets(&x, src),
            vec![
                (
                    XrefKind::Ref,
                    "upgrading_3_0".into(),
                    "upgrading_3_0".into()
                ),
                (XrefKind::Doc, "extending".into(), "extending".into()),
                (
                    XrefKind::Ref,
                    "note_json_handler".into(),
                    "note_json_handler".into()
                ),
                (XrefKind::Ref, "a \\<b>".into(), "a \\<b>".into()),
                (XrefKind::Doc, "../why".into(), "../why".into()),
                (
                    XrefKind::Download,
                    "files/a.zip".into(),
                    "files/a.zip".into()
                ),
                (
                    XrefKind::Ref,
                    "Title with words".into(),
                    "Title with words".into()
                ),
            ]
        );
    }

    #[test]
    fn rst_toctree_entries() {
        let src = ".. toctree::\n   :maxdepth: 2\n   :caption: Guide\n\n   quickstart\n   Why? <why>\n   self\n   https://example.org/\n   /api/index.rst\n\nText.\n\n\
                   .. toctree::\n   :glob:\n\n   changes/*\n";
        let x = in_rst(src.as_bytes());
        assert_eq!(
            targets(&x, src),
            vec![
                (XrefKind::Toctree, "quickstart".into(), "quickstart".into()),
                (XrefKind::Toctree, "why".into(), "why".into()),
                (
                    XrefKind::Toctree,
                    "/api/index.rst".into(),
                    "/api/index.rst".into()
                ),
                (XrefKind::Toctree, "changes/*".into(), "changes/*".into()),
            ]
        );
        let src = ".. include:: ../CHANGES.rst\n.. literalinclude:: /examples/app.py\n   :lines: 1-3\n\n.. include:: <isonum.txt>\n";
        assert_eq!(
            targets(&in_rst(src.as_bytes()), src),
            vec![
                (
                    XrefKind::Include,
                    "../CHANGES.rst".into(),
                    "../CHANGES.rst".into()
                ),
                (
                    XrefKind::Include,
                    "/examples/app.py".into(),
                    "/examples/app.py".into()
                ),
            ]
        );
        let md =
            "```{include} ../README.md\n:start-after: x\n```\n\n```{literalinclude} app.py\n```\n";
        assert_eq!(
            targets(&in_myst(md.as_bytes()), md),
            vec![
                (
                    XrefKind::Include,
                    "../README.md".into(),
                    "../README.md".into()
                ),
                (XrefKind::Include, "app.py".into(), "app.py".into()),
            ]
        );
        assert!(!x[0].glob && x[3].glob);
    }

    /// jupyterhub/jupyterhub `docs/source` (MyST): roles, a toctree
    /// block with options, code spans and fences left out.
    #[test]
    fn myst_roles_and_toctrees() {
        let src = "---\ntitle: x {doc}`front`\n---\n# Title\n\n\
                   See {ref}`Polling the server model <polling>` and {doc}`../howto/index`.\n\
                   Not `{doc}`code`` nor this:\n\n```python\n{doc}`fenced`\n```\n\n\
                   ```{note}\nIn a note {ref}`noted`.\n```\n\n\
                   ```{toctree}\n:maxdepth: 2\n\nintro\nAPI <api/index>\n```\n\n% {doc}`comment`\n";
        let x = in_myst(src.as_bytes());
        assert_eq!(
            targets(&x, src),
            vec![
                (XrefKind::Ref, "polling".into(), "polling".into()),
                (
                    XrefKind::Doc,
                    "../howto/index".into(),
                    "../howto/index".into()
                ),
                (XrefKind::Ref, "noted".into(), "noted".into()),
                (XrefKind::Toctree, "intro".into(), "intro".into()),
                (XrefKind::Toctree, "api/index".into(), "api/index".into()),
            ]
        );
    }

    #[test]
    fn unclosed_and_long_roles_are_none() {
        assert!(in_rst(b":doc:`never closed").is_empty());
        let long = format!(":doc:`{}`", "a".repeat(MAX_ROLE_BYTES + 10));
        assert!(in_rst(long.as_bytes()).is_empty());
        assert!(in_myst(b"{doc}`x").is_empty());
        assert!(in_rst(b":doc:`a\n\nb`").is_empty());
    }
}
