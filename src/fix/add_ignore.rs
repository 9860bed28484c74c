//! `check --add-ignore`: writing `urilint: ignore[CODE]` markers for the
//! findings a file has now, so that a project can adopt the linter at
//! once and fix the old findings later (ruff's `--add-noqa`).
//!
//! This module owns where a marker may go without changing what the file
//! means, and the edits that put it there. A marker is only written where
//! the file's own syntax makes it a comment, or where it lands inside an
//! existing comment:
//!
//! * Markdown and HTML: ` <!-- urilint: ignore[CODE] -->` at the end of
//!   the line (before a Markdown hard line break: trailing spaces or `\`);
//!   in a line inside an HTML comment, ` urilint: ignore[CODE]` alone. A
//!   Markdown link reference definition (`[x]: http://...`, which nothing
//!   may follow) gets the marker on a line of its own before it, when
//!   that line starts a block (after a blank line or another definition).
//!   Never in code (code spans, code blocks, `<pre>`, `<code>`, ...) nor in
//!   a tag or autolink broken across lines.
//! * A Markdown page compiled as MDX (`.md` in a Docusaurus 3 site unless
//!   its `markdown.format` is `md` or `detect`: [`mdx_in_site`]), where an
//!   HTML comment is an error: ` {/* urilint: ignore[CODE] */}`, placed as
//!   in Markdown; never in an `import`/`export` line, inside a JavaScript
//!   expression `{...}` or a JSX tag, nor on a heading with an explicit id
//!   `{#id}` (L6 of the 2026-11-29 review).
//! * Source and configuration files with line comments (`#`: Python,
//!   shell, TOML, YAML, ...; `//`: Rust, C, JavaScript, Go, ...; `--`:
//!   SQL, Lua; `%`: TeX; `;`: Lisp, INI): only on a line that is a comment
//!   already, with the marker appended inside it; in Python, TOML and
//!   YAML a code line also gets one, on a comment line of its own before
//!   it (indented as it is). Not in Rust doc comments
//!   (`///`, `//!`: the marker would show in the docs), not in a YAML block
//!   scalar (`key: |`), nor inside a Python or TOML triple-quoted string.
//! * roff (man pages): `.\" urilint: ignore[CODE]`, a comment line of its
//!   own before the line (groff skips comment lines everywhere, also
//!   after `.TP` and between `.ie` and `.el`); appended to a line that is
//!   a comment line already. Not inside a macro definition (`.de` ...
//!   `..`: the line would become part of the macro), a table (`.TS` ...
//!   `.TE`), an equation or picture, nor before a line that continues the
//!   one before it (a `\` at its end), nor anywhere in a file that changes
//!   its control or escape character (`.cc`, `.ec`, `.eo`).
//! * Anything else (plain text, reStructuredText, AsciiDoc, mail) has no
//!   marker syntax that leaves the text as it reads: such findings are
//!   listed as not marked ([`Unmarked`]); use `exclude-uris` or an
//!   `[[overrides]]` entry of `urilint.toml` for them.
//!
//! It does not own finding the findings (`crate::run::check`) nor writing
//! the file (`crate::fix::write`, atomic, byte-for-byte outside the
//! edits), nor the marker syntax read back (`crate::lint::suppress`).

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use super::Edit;
use crate::format::detect::InputFormat;

/// How comments are written in a file, as far as markers go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentSyntax {
    /// Markdown: HTML comments, outside code; link reference definitions
    /// get the marker on the line before.
    Markdown,
    /// HTML (and XML): `<!-- ... -->`, outside code elements.
    Html,
    /// Markdown compiled as MDX (a Docusaurus 3 `.md` page,
    /// [`mdx_in_site`]): `{/* ... */}` where Markdown gets an HTML
    /// comment, outside code, ESM lines, expressions and JSX tags.
    Mdx,
    /// A line comment token (`#`, `//`, `--`, `%`, `;`); markers only go on
    /// lines that are comments already.
    Line(&'static str),
    /// `#` comments in a file whose strings spanning lines are recognised
    /// (Python, TOML, YAML: triple-quoted strings and block scalars): a
    /// code line gets its marker on a comment line of its own before it,
    /// indented as it is.
    HashOwnLine,
    /// roff (man pages): a `.\"` comment line of its own before the line,
    /// outside macro definitions, tables and preprocessor blocks.
    Roff,
}

/// Why a finding's line gets no marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unmarked {
    /// The file's format has no comment syntax that leaves the text as it
    /// reads (plain text, reStructuredText, AsciiDoc, unknown types).
    NoCommentSyntax,
    /// The line is code (a code block or span, `<pre>`, ...), inside a tag
    /// or link broken across lines, or inside a string: a marker would
    /// change what the file shows or means.
    NotSafeHere,
    /// A line-comment file, and the line is not a comment.
    NotACommentLine,
    /// roff: the line is in a macro definition, a table, an equation or
    /// a picture, or continues the line before it, or the file changes its
    /// control or escape character: a comment line there would change the
    /// page.
    RoffBlock,
}

impl Unmarked {
    /// A short English reason, for messages.
    pub fn reason(self) -> &'static str {
        match self {
            Unmarked::NoCommentSyntax => "this kind of file has no comment syntax for a marker",
            Unmarked::NotSafeHere => "a marker here would change the text (code, a tag or link broken across lines, or a string)",
            Unmarked::NotACommentLine => "the line is code, not a comment",
            Unmarked::RoffBlock => "in roff, the line is in a macro definition, a table, an equation or a picture, or continues the line before it (or the file changes its control or escape character): a comment line there would change the page",
        }
    }
}

/// The comment syntax of a file in `format` named `path` (by its
/// extension or name), `None` when markers cannot be written into it.
pub fn comment_syntax(format: InputFormat, path: &Path) -> Option<CommentSyntax> {
    match format {
        InputFormat::Markdown => return Some(CommentSyntax::Markdown),
        InputFormat::Html => return Some(CommentSyntax::Html),
        InputFormat::Roff => return Some(CommentSyntax::Roff),
        InputFormat::Text => {}
        _ => return None,
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    if matches!(
        name.as_str(),
        "makefile" | "gnumakefile" | "dockerfile" | "containerfile" | "cmakelists.txt"
    ) {
        return Some(CommentSyntax::Line("#"));
    }
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    if matches!(ext.as_str(), "py" | "pyi" | "toml" | "yaml" | "yml") {
        return Some(CommentSyntax::HashOwnLine);
    }
    let token = match ext.as_str() {
        "sh" | "bash" | "zsh" | "fish" | "rb" | "pl" | "pm" | "cfg" | "conf" | "cmake" | "r"
        | "jl" | "nix" | "tf" | "ps1" | "mk" | "gitignore" | "dockerignore" | "properties"
        | "env" => "#",
        "rs" | "c" | "h" | "cc" | "cpp" | "cxx" | "hpp" | "hh" | "js" | "mjs" | "cjs" | "ts"
        | "tsx" | "jsx" | "go" | "java" | "kt" | "kts" | "swift" | "scala" | "cs" | "dart"
        | "proto" | "zig" | "groovy" | "gradle" | "php" | "css" | "scss" | "less" | "jsonc" => "//",
        "sql" | "lua" | "hs" | "elm" | "ada" | "adb" | "ads" => "--",
        "tex" | "sty" | "cls" | "bib" | "m" | "erl" | "hrl" => "%",
        "lisp" | "el" | "clj" | "cljs" | "scm" | "ss" | "rkt" | "ini" | "asm" | "s" => ";",
        "xml" | "xsd" | "xsl" | "xslt" | "svg" | "xhtml" | "rss" | "atom" | "plist" => {
            return Some(CommentSyntax::Html)
        }
        _ => return None,
    };
    Some(CommentSyntax::Line(token))
}

/// The cache of sites [`mdx_in_site`] looks pages up in: the site read
/// in each directory (`None`: none there), shared by a run's workers.
pub type Sites = std::sync::Mutex<
    std::collections::HashMap<std::path::PathBuf, Option<std::sync::Arc<crate::site::Site>>>,
>;

/// `syntax` (of the file `path`), made [`CommentSyntax::Mdx`] when it is
/// [`CommentSyntax::Markdown`] and `path` is a `.md` page that the site
/// building it compiles as MDX ([`crate::site::Layout::md_as_mdx`]: a
/// Docusaurus 3 site whose `markdown.format` is not `md` or `detect`),
/// where `<!-- -->` does not compile (L6 of the 2026-11-29 review). The
/// site is the nearest configuration above the page, up to its
/// repository's root (a directory holding `.git`), as `--links local`
/// finds it ([`crate::site::Site::of_file`]), read once per directory
/// through `sites`; a page of its `static/` directories is served as it
/// is, not compiled.
pub fn mdx_in_site(
    syntax: Option<CommentSyntax>,
    path: &Path,
    sites: &Sites,
) -> Option<CommentSyntax> {
    if syntax != Some(CommentSyntax::Markdown)
        || !path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("md"))
    {
        return syntax;
    }
    let mdx = || {
        let real = std::fs::canonicalize(path).ok()?;
        let repository = real
            .ancestors()
            .skip(1)
            .find(|d| std::fs::symlink_metadata(d.join(".git")).is_ok());
        let site = crate::site::Site::of_file(&real, repository, sites)?;
        let l = &site.layout;
        let served_as_is = l.static_dirs.iter().any(|d| real.starts_with(d));
        Some(l.md_as_mdx && !served_as_is)
    };
    if mdx().unwrap_or(false) {
        Some(CommentSyntax::Mdx)
    } else {
        syntax
    }
}

/// What of a file's structure decides where markers may go.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Byte ranges (0-based, end exclusive) that are code and never get a
    /// marker: [`crate::format::markdown::code_ranges`],
    /// [`crate::format::html::code_ranges`]; in roff, the blocks where a
    /// comment line may not go ([`crate::format::roff::marker_unsafe_ranges`]).
    pub code: Vec<Range<u64>>,
    /// Markdown paragraphs ([`crate::format::markdown::paragraph_ranges`]):
    /// a definition-like line inside one is text.
    pub paragraphs: Vec<Range<u64>>,
}

impl Layout {
    /// The layout of `text`, a file in `format` (empty for formats other
    /// than Markdown, HTML and roff).
    pub fn of(format: InputFormat, text: &[u8]) -> Self {
        match format {
            InputFormat::Markdown => Layout {
                code: crate::format::markdown::code_ranges(text),
                paragraphs: crate::format::markdown::paragraph_ranges(text),
            },
            InputFormat::Html => Layout {
                code: crate::format::html::code_ranges(text),
                paragraphs: Vec::new(),
            },
            InputFormat::Roff => Layout {
                code: crate::format::roff::marker_unsafe_ranges(text),
                paragraphs: Vec::new(),
            },
            _ => Layout::default(),
        }
    }
}

/// What [`marker_edits`] decided.
#[derive(Debug, Default)]
pub struct Markers {
    /// The insertions, sorted by offset, not overlapping (each an empty
    /// range of `text` with the marker as replacement).
    pub edits: Vec<Edit>,
    /// Markers written (one per line marked).
    pub lines_marked: usize,
    /// For each edit of [`Markers::edits`] (in the same order), the byte
    /// offsets of the findings its marker covers.
    pub covers: Vec<Vec<u64>>,
    /// The findings' byte offsets whose lines get no marker, and why.
    pub unmarked: Vec<(u64, Unmarked)>,
}

/// The edits that put an `urilint: ignore[CODES]` marker on the line of
/// each finding of `findings` (its byte offset into `text`, 0-based, and
/// its rule code) in `text`, a file with comment syntax `syntax`
/// (`None`: nothing is marked). Findings on one line share one marker,
/// codes sorted and deduplicated. `layout` says which parts of `text`
/// are code (never marked) and which are Markdown paragraphs.
pub fn marker_edits(
    text: &[u8],
    syntax: Option<CommentSyntax>,
    layout: &Layout,
    findings: &[(u64, &str)],
) -> Markers {
    let code = &layout.code;
    let mut out = Markers::default();
    let Some(syntax) = syntax else {
        out.unmarked = findings
            .iter()
            .map(|&(at, _)| (at, Unmarked::NoCommentSyntax))
            .collect();
        return out;
    };
    // Codes per line start.
    let mut by_line: BTreeMap<usize, (Vec<&str>, Vec<u64>)> = BTreeMap::new();
    for &(at, c) in findings {
        let at = (at as usize).min(text.len());
        let start = memchr::memrchr(b'\n', &text[..at]).map_or(0, |i| i + 1);
        let entry = by_line.entry(start).or_default();
        entry.0.push(c);
        entry.1.push(at as u64);
    }
    let markup = matches!(
        syntax,
        CommentSyntax::Markdown | CommentSyntax::Html | CommentSyntax::Mdx
    );
    let states = if markup {
        markup_states(text, code, syntax == CommentSyntax::Mdx)
    } else {
        Vec::new()
    };
    for (start, (mut codes, offsets)) in by_line {
        codes.sort_unstable();
        codes.dedup();
        let list = codes.join(", ");
        let end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |i| start + i);
        // The line without its CR.
        let content_end = if end > start && text[end - 1] == b'\r' {
            end - 1
        } else {
            end
        };
        let line = &text[start..content_end];
        let placed = match syntax {
            CommentSyntax::Markdown | CommentSyntax::Html | CommentSyntax::Mdx => {
                markup_marker(text, start, content_end, syntax, &states, layout, &list)
            }
            CommentSyntax::Line(token) => line_comment_marker(text, start, line, token, &list),
            CommentSyntax::HashOwnLine => {
                match line_comment_marker(text, start, line, "#", &list) {
                    Err(Unmarked::NotACommentLine) => own_comment_line(text, start, line, &list),
                    other => other,
                }
            }
            CommentSyntax::Roff => roff_marker(text, start, line, code, &list),
        };
        match placed {
            Ok(edit) => {
                out.edits.push(edit);
                out.covers.push(offsets);
                out.lines_marked += 1;
            }
            Err(why) => out.unmarked.extend(offsets.into_iter().map(|at| (at, why))),
        }
    }
    let mut paired: Vec<(Edit, Vec<u64>)> = std::mem::take(&mut out.edits)
        .into_iter()
        .zip(std::mem::take(&mut out.covers))
        .collect();
    paired.sort_by_key(|(e, _)| (e.start, e.end));
    (out.edits, out.covers) = paired.into_iter().unzip();
    out
}

#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
/// How a file in `format` that takes `writes` is parsed again to check its
/// markers ([`keep_verified`]): Markdown and HTML documents, YAML and TOML
/// data; `None` for the others (roff's own rules place its comment lines;
/// other formats take no markers).
pub fn verified_as(
    format: InputFormat,
    writes: crate::format::writes::Writes,
) -> Option<crate::format::structure::Kind> {
    use crate::format::structure::Kind;
    use crate::format::writes::{DataFormat, Writes};
    match (format, writes) {
        (InputFormat::Markdown, _) => Some(Kind::Markdown),
        (InputFormat::Html, _) => Some(Kind::Html),
        (_, Writes::Data(d @ (DataFormat::Yaml | DataFormat::Toml))) => Some(Kind::Data(d)),
        _ => None,
    }
}

#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
/// Keeps the markers of `markers` that leave `text`, parsed as `kind`,
/// the same apart from the markers ([`crate::format::structure`]): all of
/// them when they do together, else the largest set found by halving
/// ([`crate::fix::largest_passing`], at most 64 parses); the findings of
/// the markers dropped become [`Unmarked::NotSafeHere`]. A file that does
/// not parse (or is too large or deep to parse) keeps no marker.
pub fn keep_verified(text: &[u8], kind: crate::format::structure::Kind, markers: &mut Markers) {
    use crate::format::structure;
    if markers.edits.is_empty() {
        return;
    }
    let tree = structure::parse_checked(kind, text);
    let budget = std::cell::Cell::new(64usize);
    let ok = |set: &[Edit]| {
        let Some(tree) = &tree else { return false };
        if budget.get() == 0 {
            return false;
        }
        budget.set(budget.get() - 1);
        structure::same_as(kind, tree, &super::apply_edits(text, set), &[])
    };
    let kept = super::largest_passing(markers.edits.clone(), &ok);
    if kept.len() == markers.edits.len() {
        return;
    }
    let mut k = 0;
    let mut edits = Vec::with_capacity(kept.len());
    let mut covers = Vec::with_capacity(kept.len());
    for (e, cover) in std::mem::take(&mut markers.edits)
        .into_iter()
        .zip(std::mem::take(&mut markers.covers))
    {
        if kept.get(k) == Some(&e) {
            k += 1;
            edits.push(e);
            covers.push(cover);
        } else {
            markers
                .unmarked
                .extend(cover.into_iter().map(|at| (at, Unmarked::NotSafeHere)));
        }
    }
    markers.lines_marked = edits.len();
    markers.edits = edits;
    markers.covers = covers;
}

fn append(at: usize, text: &str) -> Edit {
    Edit {
        start: at as u64,
        end: at as u64,
        replacement: text.to_string(),
    }
}

/// Where a state is at a line's end, for Markdown and HTML.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Markup {
    /// In text.
    Text,
    /// Inside `<!-- ... -->`.
    Comment,
    /// Inside a tag (or an autolink) not closed on this line.
    Tag,
    /// Inside a raw text element (`<script>`, `<style>`, `<textarea>`,
    /// `<title>`), where a comment is not one.
    Raw,
    /// MDX: inside a JavaScript expression `{...}` not closed on this
    /// line.
    Expression,
}

/// The elements whose content is raw text (HTML's raw text and escapable
/// raw text elements, and `<xmp>`).
const RAW_ELEMENTS: [&[u8]; 5] = [b"script", b"style", b"textarea", b"title", b"xmp"];

/// Step of [`markup_states`]: the end of the code range at byte `i`, if
/// any (`code_i`, the first range not before `i`, moved on).
fn code_at(code: &[Range<u64>], code_i: &mut usize, i: usize) -> Option<usize> {
    while *code_i < code.len() && (code[*code_i].end as usize) <= i {
        *code_i += 1;
    }
    code.get(*code_i)
        .filter(|r| (r.start as usize) <= i)
        .map(|r| r.end as usize)
}

/// Step of [`markup_states`]: the raw text element ([`RAW_ELEMENTS`])
/// the tag at `i` (`<name`) opens, if it is one.
fn raw_element(text: &[u8], i: usize) -> Option<&'static [u8]> {
    let name_end = text[i + 1..]
        .iter()
        .position(|c| !c.is_ascii_alphanumeric())
        .map_or(text.len(), |n| i + 1 + n);
    let name = &text[i + 1..name_end];
    RAW_ELEMENTS
        .iter()
        .copied()
        .find(|r| r.eq_ignore_ascii_case(name))
}

/// Step of [`markup_states`]: true when the end tag of the raw text
/// element `raw` starts at `i`.
fn closes_raw(text: &[u8], i: usize, raw: &[u8]) -> bool {
    text[i..].starts_with(b"</")
        && text
            .get(i + 2..i + 2 + raw.len())
            .is_some_and(|n| n.eq_ignore_ascii_case(raw))
}

/// The markup state at each byte offset where it changes: a sorted list
/// of `(offset, state from there on)`. Code ranges are skipped (a `<` in
/// code is not a tag). In MDX (`mdx`), `{` opens an expression up to its
/// matching `}` (strings skipped), and braces in a tag hold its `>`.
fn markup_states(text: &[u8], code: &[Range<u64>], mdx: bool) -> Vec<(usize, Markup)> {
    let mut states = vec![(0usize, Markup::Text)];
    let mut state = Markup::Text;
    let mut quote: Option<u8> = None;
    // MDX: the depth of braces open in an expression or a tag.
    let mut braces = 0usize;
    // The raw text element a tag opens, and the one whose end is awaited.
    let mut opens: Option<&[u8]> = None;
    let mut raw: &[u8] = b"";
    let mut i = 0;
    let mut code_i = 0;
    while i < text.len() {
        let in_code = code_at(code, &mut code_i, i);
        if let (Markup::Text, Some(end)) = (state, in_code) {
            i = end;
            continue;
        }
        let b = text[i];
        match state {
            Markup::Text => {
                if text[i..].starts_with(b"<!--") {
                    state = Markup::Comment;
                    states.push((i, state));
                    i += 4;
                    continue;
                }
                if mdx && b == b'\\' {
                    // An escaped character (`\{`) is text.
                    i += 2;
                    continue;
                }
                if mdx && b == b'{' {
                    state = Markup::Expression;
                    quote = None;
                    braces = 1;
                    states.push((i, state));
                    i += 1;
                    continue;
                }
                let next = text.get(i + 1).copied().unwrap_or(b' ');
                if b == b'<' && (next.is_ascii_alphabetic() || next == b'/' || next == b'!') {
                    state = Markup::Tag;
                    quote = None;
                    braces = 0;
                    opens = raw_element(text, i);
                    states.push((i, state));
                }
            }
            Markup::Comment => {
                if text[i..].starts_with(b"-->") {
                    state = Markup::Text;
                    i += 3;
                    states.push((i, state));
                    continue;
                }
            }
            Markup::Expression => match quote {
                Some(q) if b == q => quote = None,
                Some(_) if b == b'\\' => i += 1,
                Some(_) => {}
                None if matches!(b, b'"' | b'\'' | b'`') => quote = Some(b),
                None if b == b'{' => braces += 1,
                None if b == b'}' => {
                    braces -= 1;
                    if braces == 0 {
                        state = Markup::Text;
                        states.push((i + 1, state));
                    }
                }
                None => {}
            },
            Markup::Tag => match quote {
                Some(q) if b == q => quote = None,
                Some(_) => {}
                None if b == b'"' || b == b'\'' => quote = Some(b),
                None if mdx && b == b'{' => braces += 1,
                None if mdx && b == b'}' => braces = braces.saturating_sub(1),
                None if braces > 0 => {}
                None if b == b'>' => {
                    state = match opens.take() {
                        Some(name) => {
                            raw = name;
                            Markup::Raw
                        }
                        None => Markup::Text,
                    };
                    states.push((i + 1, state));
                }
                None => {}
            },
            Markup::Raw => {
                if closes_raw(text, i, raw) {
                    state = Markup::Tag;
                    quote = None;
                    states.push((i, state));
                }
            }
        }
        i += 1;
    }
    states
}

/// The state at offset `at` (the state of the last change at or before it).
fn state_at(states: &[(usize, Markup)], at: usize) -> Markup {
    let i = states.partition_point(|&(o, _)| o <= at);
    states.get(i.wrapping_sub(1)).map_or(Markup::Text, |s| s.1)
}

fn in_code(code: &[Range<u64>], at: usize) -> bool {
    let at = at as u64;
    let i = code.partition_point(|r| r.end <= at);
    code.get(i).is_some_and(|r| r.start <= at)
}

/// A marker for the line `start..end` (without terminator) of a Markdown,
/// MDX or HTML file (`syntax`).
fn markup_marker(
    text: &[u8],
    start: usize,
    end: usize,
    syntax: CommentSyntax,
    states: &[(usize, Markup)],
    layout: &Layout,
    list: &str,
) -> Result<Edit, Unmarked> {
    let code = &layout.code;
    let line = &text[start..end];
    let markdown = matches!(syntax, CommentSyntax::Markdown | CommentSyntax::Mdx);
    let mdx = syntax == CommentSyntax::Mdx;
    let comment = if mdx {
        format!("{{/* urilint: ignore[{list}] */}}")
    } else {
        format!("<!-- urilint: ignore[{list}] -->")
    };
    // Where the marker goes: before a hard line break's trailing spaces or
    // backslash (Markdown), else at the line's end.
    let trimmed = line
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t'))
        .map_or(0, |i| i + 1);
    let mut at = start + trimmed;
    if markdown && trimmed > 0 && line[trimmed - 1] == b'\\' {
        at -= 1;
    }
    if in_code(code, at) || (at > start && in_code(code, at - 1)) {
        return Err(Unmarked::NotSafeHere);
    }
    match state_at(states, at) {
        Markup::Comment => return Ok(append(at, &format!(" urilint: ignore[{list}]"))),
        Markup::Tag | Markup::Raw | Markup::Expression => return Err(Unmarked::NotSafeHere),
        Markup::Text => {}
    }
    if mdx {
        // MDX: an `import`/`export` line is JavaScript (ESM); a line that
        // starts inside an expression is too; a heading's explicit id
        // `{#id}` must stay last (Docusaurus reads it there).
        let esm = line.starts_with(b"import") || line.starts_with(b"export");
        let id = memchr::memmem::find(line, b"{#").is_some();
        if esm || id || state_at(states, start) == Markup::Expression {
            return Err(Unmarked::NotSafeHere);
        }
    }
    if markdown {
        if start < front_matter_end(text) {
            // YAML or TOML metadata: a `#` comment line of its own.
            return own_comment_line(text, start, line, list);
        }
        if html_block_of_one_tag(line) {
            // (CommonMark's HTML block of type 7 starts with a line of one
            // tag and nothing else; a comment after it would make the line
            // a paragraph.)
            return Err(Unmarked::NotSafeHere);
        }
        let definition = reference_definition(line)
            .filter(|_| !in_code(&layout.paragraphs, start + line.len() / 2));
        if let Some(prefix) = definition {
            // Nothing may follow a definition on its line: the marker goes
            // on a line of its own before it (an HTML block, which a
            // definition may follow; no paragraph is open before a
            // definition).
            // `end` is before the line's CR, if it has one.
            let eol = if text.get(end) == Some(&b'\r') {
                "\r\n"
            } else {
                "\n"
            };
            let prefix = String::from_utf8_lossy(prefix);
            return Ok(Edit {
                start: start as u64,
                end: start as u64,
                replacement: format!("{prefix}{comment}{eol}"),
            });
        }
    }
    Ok(append(at, &format!(" {comment}")))
}

/// Where the front matter of a Markdown file ends (the offset of its
/// closing `---`, `...` or `+++` line), 0 when it has none: a YAML block
/// opened by `---` or a TOML block opened by `+++` on the first line.
fn front_matter_end(text: &[u8]) -> usize {
    let first = memchr::memchr(b'\n', text).map_or(text.len(), |i| i + 1);
    let fence = text[..first].trim_ascii_end();
    if fence != b"---" && fence != b"+++" {
        return 0;
    }
    let mut at = first;
    while at < text.len() {
        let end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |i| at + i + 1);
        let line = text[at..end].trim_ascii_end();
        if line == fence || (fence == b"---" && line == b"...") {
            return at;
        }
        at = end;
    }
    0
}

/// The block-level tag names of CommonMark's HTML blocks of type 6.
const BLOCK_TAGS: [&str; 62] = [
    "address",
    "article",
    "aside",
    "base",
    "basefont",
    "blockquote",
    "body",
    "caption",
    "center",
    "col",
    "colgroup",
    "dd",
    "details",
    "dialog",
    "dir",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "frame",
    "frameset",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "head",
    "header",
    "hr",
    "html",
    "iframe",
    "legend",
    "li",
    "link",
    "main",
    "menu",
    "menuitem",
    "nav",
    "noframes",
    "ol",
    "optgroup",
    "option",
    "p",
    "param",
    "search",
    "section",
    "summary",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "title",
    "tr",
    "track",
    "ul",
];

/// True when the Markdown line `line` is one open or closing tag of a
/// name that is not a block tag, alone on its line (up to three spaces
/// before it): the start of an HTML block of type 7 (CommonMark section
/// 4.6), which only such a line starts.
fn html_block_of_one_tag(line: &[u8]) -> bool {
    let t = line.trim_ascii();
    let indent = line.len() - line.trim_ascii_start().len();
    if indent > 3 || !t.starts_with(b"<") || !t.ends_with(b">") {
        return false;
    }
    let name_start = if t.get(1) == Some(&b'/') { 2 } else { 1 };
    let name: Vec<u8> = t[name_start..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'-')
        .map(u8::to_ascii_lowercase)
        .collect();
    !name.is_empty()
        && name[0].is_ascii_alphabetic()
        && !BLOCK_TAGS.iter().any(|b| b.as_bytes() == name.as_slice())
}

/// The line before the line starting at `start`, without terminator.
fn previous_line(text: &[u8], start: usize) -> Option<&[u8]> {
    if start == 0 {
        return None;
    }
    let end = start - 1;
    let from = memchr::memrchr(b'\n', &text[..end]).map_or(0, |i| i + 1);
    let line = &text[from..end];
    Some(line.strip_suffix(b"\r").unwrap_or(line))
}

/// When `line` is a Markdown link reference definition (`[label]: dest`,
/// up to three spaces of indentation, possibly in block quotes `> `), the
/// container prefix before the `[` (spaces and `>`).
fn reference_definition(line: &[u8]) -> Option<&[u8]> {
    let open = line.iter().position(|&b| b != b' ' && b != b'>')?;
    if line[open] != b'[' || line[..open].iter().filter(|&&b| b == b' ').count() > 3 + 2 * 4 {
        return None;
    }
    let close = line[open..].iter().position(|&b| b == b']')? + open;
    if close == open + 1 || line.get(close + 1) != Some(&b':') {
        return None;
    }
    Some(&line[..open])
}

/// A marker for a line of a file with line comments `token`: appended to
/// a line that is a comment already; `Err` for other lines and for lines
/// inside a string or a YAML block scalar.
fn line_comment_marker(
    text: &[u8],
    start: usize,
    line: &[u8],
    token: &str,
    list: &str,
) -> Result<Edit, Unmarked> {
    let indent = line
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(line.len());
    let body = &line[indent..];
    if !body.starts_with(token.as_bytes()) {
        return Err(Unmarked::NotACommentLine);
    }
    if token == "//" && (body.starts_with(b"///") || body.starts_with(b"//!")) {
        // A Rust doc comment: the marker would be part of the docs.
        return Err(Unmarked::NotSafeHere);
    }
    if token == "#"
        && (in_triple_quoted(&text[..start]) || in_yaml_block_scalar(text, start, indent))
    {
        return Err(Unmarked::NotSafeHere);
    }
    Ok(append(
        start + line.len(),
        &format!(" urilint: ignore[{list}]"),
    ))
}

/// A `# urilint: ignore[...]` line of its own before the code line
/// `line` (starting at `start`), indented as it is; `Err` inside a string
/// or block scalar, or after a line continued with a backslash.
fn own_comment_line(text: &[u8], start: usize, line: &[u8], list: &str) -> Result<Edit, Unmarked> {
    let indent = line
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(line.len());
    let continued = previous_line(text, start).is_some_and(|p| p.trim_ascii_end().ends_with(b"\\"));
    if continued || in_triple_quoted(&text[..start]) || in_yaml_block_scalar(text, start, indent) {
        return Err(Unmarked::NotSafeHere);
    }
    let eol = if text.get(start + line.len()) == Some(&b'\r') {
        "\r\n"
    } else {
        "\n"
    };
    let pad = String::from_utf8_lossy(&line[..indent]);
    Ok(Edit {
        start: start as u64,
        end: start as u64,
        replacement: format!("{pad}# urilint: ignore[{list}]{eol}"),
    })
}

/// A marker for the roff line `line` (starting at `start`): appended to a
/// comment line (`.\"`, `'\"`), else a `.\" urilint: ignore[...]` line of
/// its own before it; `Err` inside the blocks of `unsafe_ranges`
/// ([`crate::format::roff::marker_unsafe_ranges`]) and before a line that
/// continues the one before it (an escaped line break: the comment line
/// would end it).
fn roff_marker(
    text: &[u8],
    start: usize,
    line: &[u8],
    unsafe_ranges: &[Range<u64>],
    list: &str,
) -> Result<Edit, Unmarked> {
    if in_code(unsafe_ranges, start) {
        return Err(Unmarked::RoffBlock);
    }
    let comment = line
        .strip_prefix(b".")
        .or_else(|| line.strip_prefix(b"'"))
        .is_some_and(|rest| rest.trim_ascii_start().starts_with(b"\\\""));
    if comment {
        return Ok(append(
            start + line.len(),
            &format!(" urilint: ignore[{list}]"),
        ));
    }
    let continued = previous_line(text, start).is_some_and(|p| {
        let backslashes = p.iter().rev().take_while(|&&b| b == b'\\').count();
        backslashes % 2 == 1
    });
    if continued {
        return Err(Unmarked::RoffBlock);
    }
    let eol = if text.get(start + line.len()) == Some(&b'\r') {
        "\r\n"
    } else {
        "\n"
    };
    Ok(Edit {
        start: start as u64,
        end: start as u64,
        replacement: format!(".\\\" urilint: ignore[{list}]{eol}"),
    })
}

/// True when an odd number of `"""` or `'''` come before: the line is
/// inside a Python or TOML triple-quoted string.
fn in_triple_quoted(before: &[u8]) -> bool {
    let count = |pat: &[u8]| memchr::memmem::find_iter(before, pat).count();
    count(b"\"\"\"") % 2 == 1 || count(b"'''") % 2 == 1
}

/// True when the line starting at `start` (indented by `indent`) is in a
/// YAML block scalar: the nearest line before it that is less indented
/// ends with `|` or `>` (with optional indicators).
fn in_yaml_block_scalar(text: &[u8], start: usize, indent: usize) -> bool {
    let mut at = start;
    while at > 0 {
        // The line before: from the last '\n' before the one ending it.
        let end = at - 1;
        let from = memchr::memrchr(b'\n', &text[..end]).map_or(0, |i| i + 1);
        let prev = &text[from..end];
        let prev = prev.strip_suffix(b"\r").unwrap_or(prev);
        at = from;
        let Some(p_indent) = prev.iter().position(|b| !matches!(b, b' ' | b'\t')) else {
            continue; // blank
        };
        if p_indent < indent {
            let t = prev.trim_ascii_end();
            return t
                .iter()
                .rposition(|&b| b == b'|' || b == b'>')
                .is_some_and(|i| {
                    t[i + 1..]
                        .iter()
                        .all(|b| matches!(b, b'-' | b'+' | b'0'..=b'9'))
                });
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(
        text: &str,
        syntax: Option<CommentSyntax>,
        code: &[Range<u64>],
        findings: &[(u64, &str)],
    ) -> (String, Vec<(u64, Unmarked)>) {
        let mut layout = if matches!(syntax, Some(CommentSyntax::Markdown | CommentSyntax::Mdx)) {
            Layout::of(InputFormat::Markdown, text.as_bytes())
        } else {
            Layout::default()
        };
        if !code.is_empty() {
            layout.code = code.to_vec();
        }
        let m = marker_edits(text.as_bytes(), syntax, &layout, findings);
        let out = crate::fix::apply_edits(text.as_bytes(), &m.edits);
        (String::from_utf8(out).expect("utf-8"), m.unmarked)
    }

    fn at(text: &str, needle: &str) -> u64 {
        text.find(needle).expect("needle") as u64
    }

    #[test]
    fn markdown_appends_an_html_comment_before_a_hard_break() {
        let t = "See <http://a/%zz>.  \nAnd http://b/%zz\\\nend\n";
        let (out, un) = apply(
            t,
            Some(CommentSyntax::Markdown),
            &[],
            &[
                (at(t, "http://a"), "U002"),
                (at(t, "http://b"), "U002"),
                (at(t, "http://b"), "D002"),
            ],
        );
        assert_eq!(
            out,
            "See <http://a/%zz>. <!-- urilint: ignore[U002] -->  \nAnd http://b/%zz <!-- urilint: ignore[D002, U002] -->\\\nend\n"
        );
        assert!(un.is_empty());
    }

    /// roff: a `.\"` line of its own before the line (CRLF kept), or the
    /// marker appended to a comment line; never inside a macro
    /// definition, a table, nor after a line ending in an escaped line
    /// break.
    #[test]
    fn roff_markers_are_comment_lines_outside_blocks() {
        let t = ".TH X 1\n.\\\" see http://c/%zz\nSee http://a/%zz\r\n.if n \\{\\\nhttp://d/%zz\n.\\}\n.de M\nhttp://e/%zz\n..\n.TS\nl.\nhttp://f/%zz\n.TE\n";
        let layout = Layout::of(InputFormat::Roff, t.as_bytes());
        let findings = [
            (at(t, "http://c"), "U002"),
            (at(t, "http://a"), "U002"),
            (at(t, "http://d"), "U002"),
            (at(t, "http://e"), "U002"),
            (at(t, "http://f"), "U002"),
        ];
        let m = marker_edits(t.as_bytes(), Some(CommentSyntax::Roff), &layout, &findings);
        let out =
            String::from_utf8(crate::fix::apply_edits(t.as_bytes(), &m.edits)).expect("utf-8");
        assert_eq!(
            out,
            ".TH X 1\n.\\\" see http://c/%zz urilint: ignore[U002]\n.\\\" urilint: ignore[U002]\r\nSee http://a/%zz\r\n.if n \\{\\\nhttp://d/%zz\n.\\}\n.de M\nhttp://e/%zz\n..\n.TS\nl.\nhttp://f/%zz\n.TE\n"
        );
        assert_eq!(
            m.unmarked,
            [
                (at(t, "http://d"), Unmarked::RoffBlock),
                (at(t, "http://e"), Unmarked::RoffBlock),
                (at(t, "http://f"), Unmarked::RoffBlock),
            ]
        );
        // The marker line is read back as a suppression of the line after.
        let rule = crate::lint::rules::find("U002").expect("U002");
        assert!(crate::lint::suppress::suppresses(
            b".\\\" urilint: ignore[U002]",
            &rule
        ));
    }

    #[test]
    fn markdown_definitions_get_a_line_before_when_it_starts_a_block() {
        let t = "Text.\n\n[a]: http://a/%zz\r\n[b]: http://b/%zz\r\n";
        let (out, un) = apply(
            t,
            Some(CommentSyntax::Markdown),
            &[],
            &[(at(t, "http://a"), "U002"), (at(t, "http://b"), "U002")],
        );
        assert_eq!(
            out,
            "Text.\n\n<!-- urilint: ignore[U002] -->\r\n[a]: http://a/%zz\r\n<!-- urilint: ignore[U002] -->\r\n[b]: http://b/%zz\r\n"
        );
        assert!(un.is_empty());
        // A "definition" right after paragraph text is paragraph text (a
        // comment line before would make it a definition): the marker is
        // appended, as in any text line.
        let t = "Text\n[a]: http://a/%zz\n";
        let (out, un) = apply(
            t,
            Some(CommentSyntax::Markdown),
            &[],
            &[(at(t, "http://a"), "U002")],
        );
        assert_eq!(
            out,
            "Text\n[a]: http://a/%zz <!-- urilint: ignore[U002] -->\n"
        );
        assert!(un.is_empty());
    }

    #[test]
    fn never_in_code_tags_broken_across_lines_or_after_a_comment_opens() {
        let t = "```\nhttp://a/%zz\n```\n<a href=\"http://b/%zz\"\n   title=x>b</a>\n<!-- old:\nhttp://c/%zz\n-->\n";
        let fence_end = t.find("```\n<a").expect("fence") as u64 + 4;
        let code: Vec<Range<u64>> = std::iter::once(0..fence_end).collect();
        let (out, un) = apply(
            t,
            Some(CommentSyntax::Html),
            &code,
            &[
                (at(t, "http://a"), "U002"),
                (at(t, "http://b"), "U002"),
                (at(t, "http://c"), "U002"),
            ],
        );
        assert_eq!(
            out,
            t.replace("http://c/%zz\n", "http://c/%zz urilint: ignore[U002]\n")
        );
        assert_eq!(
            un,
            vec![
                (at(t, "http://a"), Unmarked::NotSafeHere),
                (at(t, "http://b"), Unmarked::NotSafeHere)
            ]
        );
    }

    #[test]
    fn front_matter_gets_a_yaml_comment_line() {
        let t = "---\ntitle: x\nhome: http://a/%zz\n---\n\nSee http://b/%zz\n";
        let (out, un) = apply(
            t,
            Some(CommentSyntax::Markdown),
            &[],
            &[(at(t, "http://a"), "U002"), (at(t, "http://b"), "U002")],
        );
        assert_eq!(
            out,
            "---\ntitle: x\n# urilint: ignore[U002]\nhome: http://a/%zz\n---\n\nSee http://b/%zz <!-- urilint: ignore[U002] -->\n"
        );
        assert!(un.is_empty());
    }

    #[test]
    fn never_in_raw_text_elements() {
        let t = "<script>\nvar u = \"http://a/%zz\";\n</script>\n<TITLE>http://b/%zz\n</TITLE>\n<p>http://c/%zz\n";
        let (out, un) = apply(
            t,
            Some(CommentSyntax::Html),
            &[],
            &[
                (at(t, "http://a"), "U002"),
                (at(t, "http://b"), "U002"),
                (at(t, "http://c"), "U002"),
            ],
        );
        assert_eq!(
            out,
            t.replace(
                "<p>http://c/%zz\n",
                "<p>http://c/%zz <!-- urilint: ignore[U002] -->\n"
            )
        );
        assert_eq!(un.len(), 2);
    }

    #[test]
    fn line_comments_only_on_comment_lines() {
        let t = "# see http://a/%zz\nurl = \"http://b/%zz\"\n/// http://c/%zz\n";
        let py = Some(CommentSyntax::Line("#"));
        // Python: a code line gets a comment line before it, indented.
        let code =
            "def f():\r\n    return \"http://b/%zz\"\r\nx = 1 + \\\n  len(\"http://c/%zz\")\n";
        let (out, un) = apply(
            code,
            Some(CommentSyntax::HashOwnLine),
            &[],
            &[
                (at(code, "http://b"), "U002"),
                (at(code, "http://c"), "U002"),
            ],
        );
        assert_eq!(
            out,
            code.replace("    return", "    # urilint: ignore[U002]\r\n    return")
        );
        assert_eq!(un, vec![(at(code, "http://c"), Unmarked::NotSafeHere)]);
        let (out, un) = apply(
            t,
            py,
            &[],
            &[(at(t, "http://a"), "U002"), (at(t, "http://b"), "U002")],
        );
        assert_eq!(out, t.replace("%zz\nurl", "%zz urilint: ignore[U002]\nurl"));
        assert_eq!(un, vec![(at(t, "http://b"), Unmarked::NotACommentLine)]);
        let (out, un) = apply(
            t,
            Some(CommentSyntax::Line("//")),
            &[],
            &[(at(t, "http://c"), "U002")],
        );
        assert_eq!(out, t);
        assert_eq!(un, vec![(at(t, "http://c"), Unmarked::NotSafeHere)]);
    }

    #[test]
    fn not_in_strings_or_yaml_block_scalars() {
        let t = "doc = \"\"\"\n# http://a/%zz\n\"\"\"\nkey: |\n  # http://b/%zz\n# http://c/%zz\n";
        let (out, un) = apply(
            t,
            Some(CommentSyntax::HashOwnLine),
            &[],
            &[
                (at(t, "http://a"), "U002"),
                (at(t, "http://b"), "U002"),
                (at(t, "http://c"), "U002"),
            ],
        );
        assert_eq!(
            out,
            t.replace("# http://c/%zz\n", "# http://c/%zz urilint: ignore[U002]\n")
        );
        assert_eq!(
            un,
            vec![
                (at(t, "http://a"), Unmarked::NotSafeHere),
                (at(t, "http://b"), Unmarked::NotSafeHere)
            ]
        );
    }

    #[test]
    fn syntax_by_format_and_name() {
        let p = |s: &str| comment_syntax(InputFormat::Text, Path::new(s));
        assert_eq!(p("a.py"), Some(CommentSyntax::HashOwnLine));
        assert_eq!(p("a.sh"), Some(CommentSyntax::Line("#")));
        assert_eq!(p("src/lib.rs"), Some(CommentSyntax::Line("//")));
        assert_eq!(p("Makefile"), Some(CommentSyntax::Line("#")));
        assert_eq!(p("notes.txt"), None);
        assert_eq!(p("a.svg"), Some(CommentSyntax::Html));
        assert_eq!(comment_syntax(InputFormat::Rst, Path::new("a.rst")), None);
        assert_eq!(
            comment_syntax(InputFormat::Roff, Path::new("ls.1")),
            Some(CommentSyntax::Roff)
        );
        assert_eq!(
            comment_syntax(InputFormat::Markdown, Path::new("a.md")),
            Some(CommentSyntax::Markdown)
        );
    }

    #[test]
    fn the_markers_suppress_what_they_were_written_for() {
        let t = "# see http://a/%zz and http://b:8x/\n";
        let m = marker_edits(
            t.as_bytes(),
            Some(CommentSyntax::Line("#")),
            &Layout::default(),
            &[(6, "U002"), (23, "U006")],
        );
        let out = crate::fix::apply_edits(t.as_bytes(), &m.edits);
        let line = out.split(|&b| b == b'\n').next().expect("a line");
        for code in ["U002", "U006"] {
            let rule = crate::lint::rules::find(code).expect("rule");
            assert!(crate::lint::suppress::suppresses(line, &rule), "{code}");
        }
        let other = crate::lint::rules::find("U003").expect("rule");
        assert!(!crate::lint::suppress::suppresses(line, &other));
    }

    /// L6 of the 2026-11-29 review: a page compiled as MDX gets
    /// `{/* ... */}` where Markdown gets an HTML comment (which MDX does
    /// not compile); nothing in ESM lines, in expressions, or on a heading
    /// with an explicit id; after a JSX tag closed on the line, as
    /// `@mdx-js/mdx` 3 compiles it; the marker suppresses.
    #[test]
    fn mdx_pages_get_expression_comments() {
        let t = "import Tabs from '@theme/Tabs';\n\n# T http://h/%zz\n\nSee http://a/%zz here.  \nbreak\n\n[d]: http://d/%zz\n\n## Id http://i/%zz {#id}\n\n{[\n  'http://e/%zz',\n]}\n\n<Tabs\n  x=\"http://j/%zz\">\n\nEscaped \\{ http://s/%zz\n";
        let findings: Vec<(u64, &str)> = [
            "http://h", "http://a", "http://d", "http://i", "http://e", "http://j", "http://s",
            "@theme",
        ]
        .iter()
        .map(|n| (at(t, n), "U002"))
        .collect();
        let (out, un) = apply(t, Some(CommentSyntax::Mdx), &[], &findings);
        assert_eq!(
            out,
            "import Tabs from '@theme/Tabs';\n\n# T http://h/%zz {/* urilint: ignore[U002] */}\n\nSee http://a/%zz here. {/* urilint: ignore[U002] */}  \nbreak\n\n{/* urilint: ignore[U002] */}\n[d]: http://d/%zz\n\n## Id http://i/%zz {#id}\n\n{[\n  'http://e/%zz',\n]}\n\n<Tabs\n  x=\"http://j/%zz\"> {/* urilint: ignore[U002] */}\n\nEscaped \\{ http://s/%zz {/* urilint: ignore[U002] */}\n"
        );
        let refused: Vec<u64> = un.iter().map(|&(o, _)| o).collect();
        for n in ["@theme", "http://i", "http://e"] {
            assert!(refused.contains(&at(t, n)), "{n}: {un:?}");
        }
        assert!(un.iter().all(|&(_, why)| why == Unmarked::NotSafeHere));
        let rule = crate::lint::rules::find("U002").expect("a rule");
        assert!(crate::lint::suppress::suppresses(
            b"See http://a/%zz here. {/* urilint: ignore[U002] */}",
            &rule
        ));
        // Plain Markdown is unchanged.
        let (md, _) = apply(
            "See http://a/%zz\n",
            Some(CommentSyntax::Markdown),
            &[],
            &[(4, "U002")],
        );
        assert_eq!(md, "See http://a/%zz <!-- urilint: ignore[U002] -->\n");
    }

    /// [`mdx_in_site`]: a `.md` page of a Docusaurus 3 site's docs (up to
    /// the repository's root), not one outside its sources, nor a `.md`
    /// of a site whose `markdown.format` is `md`.
    #[test]
    fn mdx_pages_are_those_docusaurus_compiles() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        std::fs::create_dir_all(d.join(".git")).expect("mkdir");
        std::fs::create_dir_all(d.join("docs")).expect("mkdir");
        std::fs::write(d.join("docs/b.md"), "x\n").expect("write");
        std::fs::write(d.join("README.md"), "x\n").expect("write");
        let md = Some(CommentSyntax::Markdown);
        let config = d.join("docusaurus.config.js");
        std::fs::write(&config, "module.exports = { title: 'x' };\n").expect("write");
        let of = |p: &str| mdx_in_site(md, &d.join(p), &Sites::default());
        assert_eq!(of("docs/b.md"), Some(CommentSyntax::Mdx));
        assert_eq!(of("README.md"), md);
        assert_eq!(
            mdx_in_site(
                Some(CommentSyntax::Html),
                &d.join("docs/b.md"),
                &Sites::default()
            ),
            Some(CommentSyntax::Html)
        );
        std::fs::write(
            &config,
            "module.exports = { markdown: { format: 'md' } };\n",
        )
        .expect("write");
        assert_eq!(of("docs/b.md"), md);
    }
}
