//! Includes that bring headings into a page before it is rendered, and
//! directives whose output urilint cannot know.
//!
//! This module owns expanding, for the anchors of a page only, the lines
//! that pull another file in: pymdownx.snippets `--8<-- "file"` and
//! markdown-include `{!file!}` (MkDocs),
//! mdBook `{{#include file}}` (whole files; line ranges and anchors of
//! the directive are taken whole), VitePress `<!--@include: file-->`
//! (likewise with a line range or region), reStructuredText `.. include:: file`
//! and AsciiDoc `include::file[]`. The included file is looked for beside
//! the page, then in the directories above it (snippets' `base_path` is
//! the directory MkDocs runs in). It also says when a page holds a
//! directive that writes headings urilint does not see (mkdocstrings and
//! mkdocs-click `::: identifier`): such a page's anchors are not complete.

use crate::site::antora::IncludeTarget;
use crate::site::slug::Renderer;
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// How deep includes are followed.
pub const MAX_DEPTH: usize = 4;

/// The most bytes a page grows to with its includes.
pub const MAX_EXPANDED: usize = 16 * 1024 * 1024;

/// The most include lines a page follows, counting each file under them
/// as often as it is included (what reading them all again would cost):
/// past it, the page's text is not all known (M4 of the 2026-11-29
/// review: 30 snippet files that include each other made 810,000 reads
/// a page).
pub const MAX_INCLUDES: usize = 4096;

/// The most bytes of included files a [`Memo`] keeps for a run (256
/// MiB): past them, a file not kept yet is read each time it is needed.
pub const MAX_MEMO: usize = 256 * 1024 * 1024;

/// How many directories above the page an included path is looked for.
pub const MAX_ABOVE: usize = 4;

/// A page's text with its include lines expanded ([`expand`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expanded {
    /// The text, each include line that was followed replaced by the
    /// included file's text. When [`Expanded::complete`] is false, only
    /// the text up to the first include that made it so (not to be used
    /// for the page's anchors).
    pub text: Vec<u8>,
    /// False when an include line names a file urilint did not read
    /// although the built page has its text: the file's place lies
    /// outside the directory `within` (it is not looked at), or it would
    /// go past [`MAX_DEPTH`], [`MAX_INCLUDES`] or [`MAX_EXPANDED`]. The
    /// page's anchors are then not all known; so does an Antora resource
    /// id of another component or version. An include whose file is
    /// nowhere beside the page nor above it, with the search staying
    /// inside `within`, and an Antora resource id outside an Antora
    /// module (`partial$x.adoc`, not a path) are left as they are and do
    /// not make the text incomplete. A resource id in a module's family
    /// directory (`ROOT:glossary.adoc`, `partial$x.adoc`) is the file
    /// [`crate::site::antora::include_target`] names.
    pub complete: bool,
}

/// The included files of one run, each read and split at its include
/// lines once per depth and shared by every page (and worker thread) of
/// the run, so that a snippet included by every page, or snippets that
/// include each other, are read once, not once per page and include
/// line (M4 of the 2026-11-29 review). What a page's text becomes does
/// not depend on what the memo holds: it is the same as the files read
/// again for each page, as long as they do not change during the run.
#[derive(Debug, Default)]
pub struct Memo {
    /// The files split so far, by `within`, path and depth, and the bytes
    /// they hold (at most [`MAX_MEMO`]).
    files: Mutex<(HashMap<MemoKey, Arc<Entry>>, usize)>,
    /// Files read so far.
    reads: AtomicU64,
}

/// A file's place in a [`Memo`]: the directory includes stay inside, the
/// file, and the depth it is included at.
type MemoKey = (Option<PathBuf>, PathBuf, usize);

impl Memo {
    /// How many included files were read (opened) so far in this run.
    pub fn reads(&self) -> u64 {
        self.reads.load(Ordering::Relaxed)
    }

    /// The file `path` included at `depth` (1 for a page's own include
    /// lines), split at its include lines, from the memo or read now.
    fn entry(&self, path: &Path, within: Option<&Path>, depth: usize) -> Arc<Entry> {
        let key = (within.map(Path::to_path_buf), path.to_path_buf(), depth);
        if let Some(e) = self.files.lock().ok().and_then(|f| f.0.get(&key).cloned()) {
            return e;
        }
        self.reads.fetch_add(1, Ordering::Relaxed);
        let entry = match read_up_to(path, MAX_EXPANDED) {
            Some(bytes) => {
                let body = split(&bytes, path, within, depth, self);
                Entry { bytes, body }
            }
            None => Entry {
                bytes: Vec::new(),
                body: Body::incomplete(),
            },
        };
        let entry = Arc::new(entry);
        if let Ok(mut files) = self.files.lock() {
            let size = entry.bytes.len();
            if files.1.saturating_add(size) <= MAX_MEMO {
                files.1 += size;
                files.0.insert(key, entry.clone());
            }
        }
        entry
    }
}

/// An included file and its text split at the include lines followed.
#[derive(Debug)]
struct Entry {
    /// The file's text.
    bytes: Vec<u8>,
    /// Its pieces.
    body: Body,
}

/// A text split at the include lines followed ([`split`]).
#[derive(Debug)]
struct Body {
    /// Runs of the text and the files that replace include lines, in
    /// order.
    pieces: Vec<Piece>,
    /// Include lines followed under this text, each file counted as often
    /// as it is included, and one more for an included file itself.
    includes: usize,
    /// At least the bytes of the text with its includes (its own bytes,
    /// include lines too, and a line break after each include).
    len: usize,
    /// False when the text with its includes is not all known
    /// ([`Expanded::complete`]); the pieces then stop there.
    complete: bool,
}

impl Body {
    /// A text not known.
    fn incomplete() -> Body {
        Body {
            pieces: Vec::new(),
            includes: 1,
            len: 0,
            complete: false,
        }
    }
}

/// A piece of a [`Body`].
#[derive(Debug)]
enum Piece {
    /// These bytes of the text, as they are.
    Text(Range<usize>),
    /// An include line replaced by the included file's text (and a line
    /// break after it when the text so far does not end with one).
    Include(Arc<Entry>),
}

/// `src`, the text of the page `path`, with each include line replaced by
/// the included file's text (recursively, up to [`MAX_DEPTH`],
/// [`MAX_INCLUDES`] and [`MAX_EXPANDED`] bytes); an include that cannot
/// be found, or that lies outside the directory `within` (symbolic links
/// resolved; the tree being checked: a page must not pull in files beside
/// the checkout), is left as it is, and said in [`Expanded::complete`].
/// Nothing outside `within` is looked at, not even whether a file is
/// there: the answer is the same whatever lies outside. Included files
/// are read through `memo`, once per run.
pub fn expand(src: &[u8], path: &Path, within: Option<&Path>, memo: &Memo) -> Expanded {
    if !may_include(src) {
        return Expanded {
            text: src.to_vec(),
            complete: true,
        };
    }
    let within = within.map(|w| std::fs::canonicalize(w).unwrap_or_else(|_| w.to_path_buf()));
    let body = split(src, path, within.as_deref(), 0, memo);
    let mut text = Vec::new();
    let fits = flatten(src, &body, &mut text);
    if text.len() > MAX_EXPANDED {
        text.truncate(MAX_EXPANDED);
    }
    Expanded {
        text,
        complete: body.complete && fits,
    }
}

/// `src`, the text of the file `path` included at `depth` (0: the page
/// itself), split at its include lines: each file they name is taken from
/// `memo` (read and split at `depth + 1`). Stops at the first include
/// that makes the text incomplete, or where the text with its includes
/// would be longer than [`MAX_EXPANDED`] (so that the files read for one
/// page hold a few times that at most, as many include lines as it has).
fn split(src: &[u8], path: &Path, within: Option<&Path>, depth: usize, memo: &Memo) -> Body {
    let mut body = Body {
        pieces: Vec::new(),
        includes: usize::from(depth > 0),
        len: src.len(),
        complete: true,
    };
    if !may_include(src) {
        body.pieces.push(Piece::Text(0..src.len()));
        return body;
    }
    let dir = page_dir(path, within);
    let mut run = 0;
    let mut at = 0;
    let mut lines = src.split_inclusive(|&b| b == b'\n').peekable();
    while let Some(line) = lines.next() {
        let line_start = at;
        at += line.len();
        let target = match target(line) {
            Some(t) => Some(t),
            None => myst_plain_include(line, lines.peek().copied()).inspect(|_| {
                // The closing fence is part of the directive replaced.
                at += lines.next().map_or(0, <[u8]>::len);
            }),
        };
        let Some(found) = target.map(|t| locate(dir.as_deref(), &t, within)) else {
            continue;
        };
        match found {
            Located::File(p) if depth < MAX_DEPTH => {
                let child = memo.entry(&p, within, depth + 1);
                body.includes = body.includes.saturating_add(child.body.includes);
                body.len = body.len.saturating_add(child.body.len).saturating_add(1);
                if !child.body.complete || body.includes > MAX_INCLUDES || body.len > MAX_EXPANDED {
                    body.complete = false;
                    body.pieces.push(Piece::Text(run..line_start));
                    return body;
                }
                body.pieces.push(Piece::Text(run..line_start));
                body.pieces.push(Piece::Include(child));
                run = at;
            }
            Located::File(_) | Located::Outside => {
                body.complete = false;
                body.pieces.push(Piece::Text(run..at));
                return body;
            }
            Located::Missing => {}
        }
    }
    body.pieces.push(Piece::Text(run..src.len()));
    body
}

/// Appends the text of `body` (whose text is `src`) with its includes to
/// `out`; false when `out` grows past [`MAX_EXPANDED`] (it stops there).
fn flatten(src: &[u8], body: &Body, out: &mut Vec<u8>) -> bool {
    for piece in &body.pieces {
        match piece {
            Piece::Text(r) => out.extend_from_slice(src.get(r.clone()).unwrap_or_default()),
            Piece::Include(e) => {
                if !flatten(&e.bytes, &e.body, out) {
                    return false;
                }
                if !out.ends_with(b"\n") {
                    out.push(b'\n');
                }
            }
        }
        if out.len() > MAX_EXPANDED {
            return false;
        }
    }
    true
}

/// The files the include lines of `src` (the text of the page `path`)
/// name, in order, found as [`expand`] finds them (beside the page, then
/// in the directories above; only inside `within` when given), one level
/// deep: where go to definition looks for an anchor the page's own text
/// does not have.
pub fn included(src: &[u8], path: &Path, within: Option<&Path>) -> Vec<PathBuf> {
    let myst = memchr::memmem::find(src, b"{include}").is_some();
    if !may_include(src) && !myst {
        return Vec::new();
    }
    let within = within.map(|w| std::fs::canonicalize(w).unwrap_or_else(|_| w.to_path_buf()));
    let dir = page_dir(path, within.as_deref());
    src.split(|&b| b == b'\n')
        .filter_map(|line| target(line).or_else(|| myst.then(|| myst_target(line)).flatten()))
        .filter_map(|t| match locate(dir.as_deref(), &t, within.as_deref()) {
            Located::File(p) => Some(p),
            Located::Outside | Located::Missing => None,
        })
        .collect()
}

/// The file `path` when it holds at most `room` bytes; `None` when it
/// holds more or cannot be read.
fn read_up_to(path: &Path, room: usize) -> Option<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(room as u64 + 1)
        .read_to_end(&mut bytes)
        .ok()?;
    (bytes.len() <= room).then_some(bytes)
}

/// False when no line of `src` can be an include ([`target`]): it holds
/// neither `--8<--` nor `include::` nor `{{#include` (one search each
/// over the page, not a look at every line).
fn may_include(src: &[u8]) -> bool {
    use memchr::memmem::find;
    find(src, b"include::").is_some()
        || find(src, b"--8<--").is_some()
        || find(src, b"{{#include").is_some()
        || find(src, b"@include:").is_some()
        || find(src, b"{!").is_some()
        || find(src, b"{include}").is_some()
}

/// The file a MyST include directive without options names, when `line`
/// opens one and `next` closes it right away (```` ```{include} x.md ````
/// then ```` ``` ````): the file's text is then the page's at that place
/// (MyST-Parser, "Include other files"; options such as `:start-after:`
/// or `:heading-offset:` change it, and such a directive is left as it
/// is). aio-libs/aiohttp's `docs/threat_model.md` (issue 46, round 9).
fn myst_plain_include(line: &[u8], next: Option<&[u8]>) -> Option<String> {
    let target = myst_target(line)?;
    let open = line.trim_ascii_start();
    let fence: &[u8] = if open.starts_with(b"```") {
        b"```"
    } else {
        b":::"
    };
    let closing = next?.trim_ascii();
    (closing.starts_with(fence) && closing.iter().all(|&b| b == fence[0])).then_some(target)
}

/// The path an include line names, when `line` is one.
fn target(line: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(line).ok()?.trim();
    let quoted = |s: &str| -> Option<String> {
        let s = s.trim();
        let q = s.chars().next().filter(|c| *c == '"' || *c == '\'')?;
        let rest = &s[1..];
        Some(rest[..rest.find(q)?].to_string())
    };
    if let Some(rest) = text.strip_prefix("--8<--") {
        // `--8<-- "file"`, also `--8<-- "file:3:5"` (lines: taken whole).
        let t = quoted(rest)?;
        let t = t.split(':').next().unwrap_or_default().to_string();
        return (!t.is_empty() && !t.starts_with(';')).then_some(t);
    }
    if let Some(rest) = text.strip_prefix("{{#include ") {
        let t = rest.strip_suffix("}}")?.trim();
        return Some(t.split(':').next().unwrap_or_default().to_string());
    }
    if let Some(rest) = text
        .strip_prefix("<!--")
        .and_then(|r| r.trim_start().strip_prefix("@include:"))
    {
        // VitePress `<!--@include: ./parts/x.md-->`, also with a line
        // range (`{3,}`) or a region (`#snippet`): taken whole. `@/` is
        // `srcDir`, found in the directories above the page.
        let t = rest.strip_suffix("-->")?.trim();
        let t = t.split(['{', '#']).next().unwrap_or_default().trim();
        let t = t
            .strip_prefix("@/")
            .or_else(|| t.strip_prefix('@'))
            .unwrap_or(t);
        return (!t.is_empty()).then(|| t.to_string());
    }
    if let Some(t) = text.strip_prefix("{!").and_then(|r| r.strip_suffix("!}")) {
        // Python-Markdown's markdown-include `{!docs/x.md!}` (on a line of
        // its own): the path from `base_path`, the directory MkDocs runs
        // in by default, found here in the directories above the page
        // (cmacmackin/markdown-include, README, "Usage").
        let t = t.trim();
        return (!t.is_empty() && !t.contains(['{', '}'])).then(|| t.to_string());
    }
    if let Some(rest) = text.strip_prefix(".. include::") {
        let t = rest.trim();
        return (!t.is_empty() && !t.starts_with('<')).then(|| t.to_string());
    }
    if let Some(rest) = text.strip_prefix("include::") {
        // A target holding an attribute (`{common-partial}/x.adoc`) is
        // kept: [`locate`] substitutes an Antora component's attributes,
        // and leaves any other unresolved (the page then incomplete).
        let t = &rest[..rest.find('[')?];
        return (!t.is_empty()).then(|| t.to_string());
    }
    None
}

/// The path a MyST include directive names, when `line` opens one:
/// ```` ```{include} ../CHANGELOG.md ```` or `:::{include} x.md` (the
/// file is parsed as part of the page: MyST-Parser, "Include other
/// files"; `{literalinclude}` is code, not this). Not expanded into a
/// page's text ([`expand`]): the directive's options and closing fence
/// follow the line.
fn myst_target(line: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(line).ok()?.trim();
    if !(text.starts_with("```") || text.starts_with(":::")) {
        return None;
    }
    let t = text
        .trim_start_matches(['`', ':'])
        .strip_prefix("{include}")?
        .trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// Where the file an include line names is ([`locate`]).
#[derive(Debug, PartialEq, Eq)]
enum Located {
    /// The file, inside `within`.
    File(PathBuf),
    /// The search left `within` before finding the file (or found it
    /// through a symbolic link leading out): not looked at.
    Outside,
    /// Nowhere beside the page nor in the directories above it.
    Missing,
}

/// The directory of the page `page` that [`locate`] searches from:
/// made canonical when there is a `within` (which [`expand`] makes
/// canonical), so that the two compare; `None` for a page without one.
/// Once per page, not per include line.
fn page_dir(page: &Path, within: Option<&Path>) -> Option<PathBuf> {
    let d = page.parent()?;
    Some(match within {
        Some(_) => std::fs::canonicalize(d).unwrap_or_else(|_| d.to_path_buf()),
        None => d.to_path_buf(),
    })
}

/// The file `target` names, from the page whose directory is `dir`
/// ([`page_dir`]): beside the page, then in the directories above (at
/// most [`MAX_ABOVE`]); inside `within` only (canonical, as [`expand`]
/// makes it), where a place outside is [`Located::Outside`] without a
/// look at the file system.
fn locate(dir: Option<&Path>, target: &str, within: Option<&Path>) -> Located {
    let Some(dir) = dir else {
        return Located::Missing;
    };
    // An Antora resource id (`partial$x.adoc`, `ROOT:glossary.adoc`) is
    // not a path: Antora finds it in a module's family directory.
    if !target.contains('\0') {
        match crate::site::antora::include_target(dir, target) {
            Some(IncludeTarget::File(p)) => return located_file(p, within),
            Some(IncludeTarget::Elsewhere) => return Located::Outside,
            None => {}
        }
    }
    if target.contains('{') {
        // An attribute no Antora component sets: where it leads is not
        // known.
        return Located::Outside;
    }
    if target.contains(['\0', '$']) || Path::new(target).is_absolute() {
        return Located::Missing;
    }
    // The joined paths are cleaned of `..` without following links, and
    // compared with `within`.
    for d in dir.ancestors().take(MAX_ABOVE + 1) {
        let p = crate::site::lexically_clean(&d.join(target));
        if within.is_some_and(|w| !p.starts_with(w)) {
            return Located::Outside;
        }
        if p.is_file() {
            let inside =
                within.is_none_or(|w| std::fs::canonicalize(&p).is_ok_and(|r| r.starts_with(w)));
            return if inside {
                Located::File(p)
            } else {
                Located::Outside
            };
        }
    }
    Located::Missing
}

/// [`locate`]'s answer for the file `p` an Antora resource id names:
/// [`Located::File`] when it is there inside `within`;
/// [`Located::Outside`] when it lies outside (not looked at) or is not
/// there (a build step writes it: eclipse-che/che-docs includes
/// `example$checluster-properties/checluster-properties.adoc`, which a
/// script generates; its ids are not known).
fn located_file(p: PathBuf, within: Option<&Path>) -> Located {
    if within.is_some_and(|w| !p.starts_with(w)) || !p.is_file() {
        return Located::Outside;
    }
    let inside = within.is_none_or(|w| std::fs::canonicalize(&p).is_ok_and(|r| r.starts_with(w)));
    if inside {
        Located::File(p)
    } else {
        Located::Outside
    }
}

/// What a page's own text does not say of its anchors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generated {
    /// Nothing: its anchors are its headings and explicit ids.
    Nothing,
    /// Ids that the renderer's slugs cannot be (`config.blog_dir`,
    /// `+type:abstract`): a hook replaces headings whose only text is an
    /// HTML comment, or shortcode comments on a line of their own
    /// (mkdocs-material's `<!-- md:setting ... -->`, `<!-- md:option ...
    /// -->`).
    Unmintable,
    /// Any ids: a directive writes headings (mkdocs-click's `:::
    /// mkdocs-click`, a `:::` directive that names no Python object, Hugo
    /// shortcodes, Liquid includes). mkdocstrings' `::: package.module`
    /// mints only ids that hold the object's path
    /// ([`object_directives`]).
    Any,
}

/// True when `line` opens a code block that markdown-exec runs
/// (`` ```python exec="on" ``, `exec="1"`, `exec="true"`; markdown-exec
/// docs, "Usage"): what it prints is rendered in its place, Markdown or
/// HTML with any headings and ids. `exec="0"`, `"false"`, `"off"` and
/// `"no"` run nothing.
fn executed_fence(line: &[u8]) -> bool {
    let t = line.trim_ascii_start();
    if !(t.starts_with(b"```") || t.starts_with(b"~~~")) {
        return false;
    }
    let Some(at) = memchr::memmem::find(t, b"exec=\"") else {
        return false;
    };
    let value = &t[at + 6..];
    let value = &value[..memchr::memchr(b'"', value).unwrap_or(value.len())];
    let off: &[&[u8]] = &[b"0", b"false", b"off", b"no"];
    !off.iter().any(|o| value.eq_ignore_ascii_case(o))
}

/// The object paths of the mkdocstrings directives of `src` (a page
/// rendered by `renderer`): each `::: path` line whose `path` is a dotted
/// Python name (`mkdocs.plugins.BasePlugin`, `griffe`), in order; empty
/// where Python-Markdown does not render. Every id such a directive
/// mints holds its path: the object's and each member's heading id is
/// its path (mkdocstrings-python's templates, `html_id = obj.path`), the
/// headings and ids of its docstrings get the prefix `path--`
/// (mkdocstrings' `IdPrependingTreeprocessor`, `id_prefix = html_id +
/// "--"`), and the ids of its summary and diagram (`path-attributes`,
/// `mermaid-link-path`) hold it too. A directive naming anything else
/// (`::: mkdocs-click`) may mint any id ([`Generated::Any`]).
pub fn object_directives(src: &[u8], renderer: Renderer) -> Vec<String> {
    let python_markdown = matches!(
        renderer,
        Renderer::PythonMarkdown | Renderer::PythonMarkdownUnicode | Renderer::Pymdownx { .. }
    );
    if !python_markdown || memchr::memmem::find(src, b":::").is_none() {
        return Vec::new();
    }
    src.split(|&b| b == b'\n')
        .filter_map(object_directive)
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .collect()
}

/// The object path of the line `line` when it is an mkdocstrings
/// directive naming a Python object (`::: a.b.C`, white space after the
/// path allowed; [`object_directives`]).
fn object_directive(line: &[u8]) -> Option<&[u8]> {
    let path = line.strip_prefix(b"::: ")?.trim_ascii();
    let name = |part: &[u8]| {
        part.first()
            .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_')
            && part.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_')
    };
    path.split(|&b| b == b'.').all(name).then_some(path)
}

/// What the page `src`, rendered by `renderer`, generates beyond its
/// text ([`Generated`]). A `::: identifier` line is a directive
/// (mkdocstrings, mkdocs-click) only where Python-Markdown renders: for
/// markdown-it (VitePress `::: tip`, `::: details`, `::: code-group`) and
/// Docusaurus (`:::note`) it opens a container, which mints no id.
pub fn generated(src: &[u8], renderer: Renderer) -> Generated {
    generated_with(src, renderer, &[])
}

/// [`generated`], where a Hugo shortcode named in `quiet` (its template
/// known to write no id nor heading: [`crate::site::Layout::hugo_quiet_shortcodes`])
/// generates nothing; any other shortcode may write any ids.
pub fn generated_with(src: &[u8], renderer: Renderer, quiet: &[String]) -> Generated {
    generated_in(src, renderer, quiet, false)
}

/// [`generated_with`], where `click_read` says the page's `::: mkdocs-click`
/// blocks had the ids they mint read from their application's source
/// (`super::mkdocs_click::minted`): such a block is no directive that
/// may mint any id.
pub fn generated_in(
    src: &[u8],
    renderer: Renderer,
    quiet: &[String],
    click_read: bool,
) -> Generated {
    let python_markdown = matches!(
        renderer,
        Renderer::PythonMarkdown | Renderer::PythonMarkdownUnicode | Renderer::Pymdownx { .. }
    );
    let mut found = Generated::Nothing;
    // Every pattern below holds `:::`, `{{`, `{%`, `<!--` or `exec="`: a
    // page with none of them is done with five searches.
    {
        use memchr::memmem::find;
        if find(src, b"<!--").is_none()
            && find(src, b"{{").is_none()
            && find(src, b"{%").is_none()
            && !(python_markdown
                && (find(src, b":::").is_some() || find(src, b"exec=\"").is_some()))
        {
            return found;
        }
    }
    for line in src.split(|&b| b == b'\n') {
        // mkdocstrings' `::: package.module` mints ids that hold its
        // path ([`object_directives`]); any other directive, any id.
        let directive = python_markdown
            && object_directive(line).is_none()
            && !(click_read && super::mkdocs_click::is_block_line(line))
            && line.strip_prefix(b":::").is_some_and(|rest| {
                rest.first() == Some(&b' ') && rest.iter().any(|b| b.is_ascii_alphanumeric())
            });
        // Templates that can write anything, headings too: Hugo shortcodes
        // (`{{% include "/_common/x.md" %}}`, `{{< code-toggle >}}`) and
        // Liquid includes (`{% include x.md %}`, Jekyll).
        // (Not where Python-Markdown renders: MkDocs runs no Liquid, and
        // its plugins that do, `macros` and `include-markdown`, are the
        // site model's to say; `{% include %}` there is example text:
        // fralau/mkdocs-macros-plugin's `advanced.md`, issue 46 round 9.)
        let template = loud_shortcode(line, quiet)
            || (!python_markdown && memchr::memmem::find(line, b"{% include").is_some());
        if directive || template || (python_markdown && executed_fence(line)) {
            return Generated::Any;
        }
        let t = line.trim_ascii();
        let hashes = t.iter().take_while(|&&b| b == b'#').count();
        let rest = t[hashes..].trim_ascii();
        let hooked =
            (1..=6).contains(&hashes) && rest.starts_with(b"<!--") && rest.ends_with(b"-->");
        // A shortcode comment is `<!-- name:value ... -->`: a word with a
        // `:` inside it (`md:setting`), not a label ending in one (`<!--
        // TODO: ... -->`, wevm/wagmi's VitePress pages, issue 46 round 8).
        let shortcode = t.starts_with(b"<!-- ") && t.ends_with(b"-->") && {
            let word: Vec<u8> = t[5..]
                .iter()
                .take_while(|b| !b.is_ascii_whitespace())
                .copied()
                .collect();
            word.iter()
                .position(|&b| b == b':')
                .is_some_and(|i| i > 0 && i + 1 < word.len())
        };
        if hooked || shortcode {
            found = Generated::Unmintable;
        }
    }
    found
}

/// True when the line `line` calls a Hugo shortcode (`{{% name %}}`,
/// `{{< name >}}`, or its closing `{{< /name >}}`) not named in `quiet`.
fn loud_shortcode(line: &[u8], quiet: &[String]) -> bool {
    let mut rest = line;
    while let Some(i) = memchr::memmem::find(rest, b"{{") {
        rest = &rest[i + 2..];
        let Some((&open, after)) = rest.split_first() else {
            return false;
        };
        if open != b'%' && open != b'<' {
            continue;
        }
        let name: Vec<u8> = after
            .iter()
            .copied()
            .skip_while(|b| b.is_ascii_whitespace() || *b == b'/')
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'/'))
            .collect();
        if !quiet.iter().any(|q| q.as_bytes() == name.as_slice()) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn include_lines() {
        assert_eq!(
            target(b"--8<-- \"CONTRIBUTING.md\"\n").as_deref(),
            Some("CONTRIBUTING.md")
        );
        assert_eq!(
            target(b"{{#include ../x.md:2:5}}").as_deref(),
            Some("../x.md")
        );
        assert_eq!(
            target(b".. include:: ../CHANGES.rst").as_deref(),
            Some("../CHANGES.rst")
        );
        assert_eq!(
            target(b"include::partial$x.adoc[]").as_deref(),
            Some("partial$x.adoc")
        );
        assert_eq!(
            target(b"include::{x}/y.adoc[]").as_deref(),
            Some("{x}/y.adoc")
        );
        assert_eq!(target(b"text --8<-- \"x\""), None);
        // markdown-include (argoproj/argo-cd's notifications/templates.md).
        assert_eq!(
            target(b"{!docs/operator-manual/notifications/functions.md!}\n").as_deref(),
            Some("docs/operator-manual/notifications/functions.md")
        );
        assert_eq!(target(b"{!!}"), None);
        assert_eq!(target(b"a {!x.md!} b"), None);
        assert_eq!(
            generated(
                b"# CLI\n\n::: mkdocs-click\n    :module: x\n",
                Renderer::PythonMarkdown
            ),
            Generated::Any
        );
        // mkdocstrings' objects: ids that hold their paths only.
        let api = b"# API\n\n::: mkdocs.plugins.BasePlugin\n    options:\n      members: false\n\n::: griffe \n::: a-b\n";
        assert_eq!(
            generated(&api[..api.len() - 8], Renderer::PythonMarkdown),
            Generated::Nothing
        );
        assert_eq!(generated(api, Renderer::PythonMarkdown), Generated::Any);
        assert_eq!(
            object_directives(api, Renderer::PythonMarkdown),
            vec![
                "mkdocs.plugins.BasePlugin".to_string(),
                "griffe".to_string()
            ]
        );
        assert!(object_directives(api, Renderer::Vitepress).is_empty());
        // A markdown-exec block prints what it likes; one that runs
        // nothing, and the same where Python-Markdown does not render,
        // mint nothing.
        let exec = b"# Demo\n\n```python exec=\"1\" html=\"1\"\nprint('## Out')\n```\n";
        assert_eq!(generated(exec, Renderer::PythonMarkdown), Generated::Any);
        assert_eq!(generated(exec, Renderer::Github), Generated::Nothing);
        let off = b"# Demo\n\n```python exec=\"off\"\nprint('## Out')\n```\n";
        assert_eq!(generated(off, Renderer::PythonMarkdown), Generated::Nothing);
        // A markdown-it container (VitePress) mints no id.
        assert_eq!(
            generated(b"# Guide\n\n::: tip Note\nx\n:::\n", Renderer::Vitepress),
            Generated::Nothing
        );
        assert_eq!(
            generated(
                b"#### <!-- md:setting config.blog_dir -->\n",
                Renderer::Github
            ),
            Generated::Unmintable
        );
        assert_eq!(
            generated(b"## Caret <!-- x -->, Mark\n", Renderer::Github),
            Generated::Nothing
        );
        // A label ending in `:` is no shortcode (wevm/wagmi
        // `site/vue/api/composables/useSimulateContract.md` line 48).
        assert_eq!(
            generated(
                b"## Parameters\n\n<!-- TODO: Usage for combining with useWriteContract -->\n",
                Renderer::Vitepress
            ),
            Generated::Nothing
        );
        assert_eq!(
            generated(b"<!-- md:option type:abstract -->\n", Renderer::Github),
            Generated::Unmintable
        );
        assert_eq!(
            generated(b"<!-- a plain comment -->\n", Renderer::Github),
            Generated::Nothing
        );
        assert_eq!(
            generated(b"{{% include \"/_common/scope.md\" %}}\n", Renderer::Github),
            Generated::Any
        );
        assert_eq!(
            generated(b"{% include docs_contents.html %}\n", Renderer::Github),
            Generated::Any
        );
    }

    /// VitePress includes, with a line range, a region, `@/` for
    /// `srcDir` (issue 46).
    #[test]
    fn vitepress_include_lines() {
        for (line, want) in [
            (
                "<!--@include: ./cli-generated.md-->",
                Some("./cli-generated.md"),
            ),
            (
                "<!-- @include: ../parts/x.md{3,} -->",
                Some("../parts/x.md"),
            ),
            ("<!--@include: ./x.md#snippet-->", Some("./x.md")),
            (
                "<!--@include: @/parts/basics.md-->",
                Some("parts/basics.md"),
            ),
            ("<!--@include: -->", None),
            ("<!-- a comment -->", None),
        ] {
            assert_eq!(target(line.as_bytes()).as_deref(), want, "{line}");
        }
    }

    #[test]
    fn expanded_from_above() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let docs = dir.path().join("docs/about");
        std::fs::create_dir_all(&docs).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(
            dir.path().join("CONTRIBUTING.md"),
            "# Contributing\n\n## Installing for development\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let page = docs.join("contributing.md");
        let memo = Memo::default();
        let out = expand(
            b"--8<-- \"CONTRIBUTING.md\"\n",
            &page,
            Some(dir.path()),
            &memo,
        );
        assert_eq!(
            out.text,
            b"# Contributing\n\n## Installing for development\n"
        );
        assert!(out.complete);
        // A page including itself stops at the depth limit.
        std::fs::write(&page, "--8<-- \"contributing.md\"\n").unwrap_or_else(|e| panic!("{e}"));
        let looped = expand(b"--8<-- \"contributing.md\"\n", &page, None, &memo);
        assert!(looped.text.len() < 100);
        assert!(!looped.complete);
        // Not outside the tree checked.
        let outside = expand(
            b"--8<-- \"CONTRIBUTING.md\"\n",
            &page,
            Some(&dir.path().join("docs")),
            &memo,
        );
        assert_eq!(outside.text, b"--8<-- \"CONTRIBUTING.md\"\n");
        // Outside the tree: not read, and the page's text is not all
        // known, whether or not the file is there.
        assert!(!outside.complete);
        let absent = expand(
            b"--8<-- \"NOWHERE.md\"\n",
            &page,
            Some(&dir.path().join("docs")),
            &memo,
        );
        assert_eq!(absent, outside_of(b"--8<-- \"NOWHERE.md\"\n"));
        // An Antora resource id is not a file beside the page: left as it
        // is, the rest of the page known.
        let antora = expand(
            b"include::partial$x.adoc[]\n",
            &page,
            Some(dir.path()),
            &memo,
        );
        assert_eq!(antora.text, b"include::partial$x.adoc[]\n");
        assert!(antora.complete);
        // Not found, the search staying inside the tree (a deep tree):
        // left as it is, the rest of the page known.
        let deep = dir.path().join("a/b/c/d/e");
        std::fs::create_dir_all(&deep).unwrap_or_else(|e| panic!("{e}"));
        let missing = expand(
            b"--8<-- \"NOWHERE.md\"\n",
            &deep.join("p.md"),
            Some(dir.path()),
            &memo,
        );
        assert_eq!(missing.text, b"--8<-- \"NOWHERE.md\"\n");
        assert!(missing.complete);
    }

    /// M4 of the 2026-11-29 review: 30 snippet files that each include
    /// all 30, and pages that include one; the old expansion read 810,000
    /// files a page. The pages' text is not all known (the includes go
    /// past the depth limit), as before, found with the first chain of
    /// includes that goes too deep, which is read once for the run.
    /// Then a file that includes 30 files that each include 30 leaves
    /// (complete, 931 files included a page): each read once, and the
    /// text as long as every include read again would make it. Then 70 by
    /// 70 (4,971 includes a page): past [`MAX_INCLUDES`].
    #[test]
    fn includes_read_once_per_run() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let docs = dir.path().join("docs");
        std::fs::create_dir_all(&docs).unwrap_or_else(|e| panic!("{e}"));
        let write = |name: String, text: String| {
            std::fs::write(docs.join(name), text).unwrap_or_else(|e| panic!("{e}"));
        };
        let fan = |prefix: &str, n: usize| -> String {
            (0..n)
                .map(|j| format!("--8<-- \"{prefix}{j}.md\"\n"))
                .collect()
        };
        for i in 0..30 {
            write(format!("f{i}.md"), fan("f", 30));
            write(format!("g{i}.md"), fan("h", 30));
            write(format!("h{i}.md"), fan("k", 30));
            write(format!("k{i}.md"), format!("## K {i}\n"));
        }
        for i in 0..70 {
            write(format!("m{i}.md"), fan("n", 70));
            write(format!("n{i}.md"), fan("o", 70));
            write(format!("o{i}.md"), format!("## O {i}\n"));
        }
        let pages = |top: &str, memo: &Memo| -> Vec<Expanded> {
            (0..10)
                .map(|i| {
                    let page = docs.join(format!("p{i}.md"));
                    let src = format!("# Page {i}\n\n{}\n[next](p.md#nope)\n", fan(top, 1));
                    expand(src.as_bytes(), &page, Some(dir.path()), memo)
                })
                .collect()
        };
        let memo = Memo::default();
        assert!(pages("f", &memo).iter().all(|e| !e.complete));
        assert_eq!(memo.reads(), 4);
        let memo = Memo::default();
        for e in pages("g", &memo) {
            assert!(e.complete);
            let k: usize = (0..30).map(|i| format!("## K {i}\n").len()).sum();
            assert_eq!(
                e.text.len(),
                "# Page 0\n\n\n[next](p.md#nope)\n".len() + 30 * k
            );
        }
        assert_eq!(memo.reads(), 1 + 30 + 30);
        let memo = Memo::default();
        assert!(pages("m", &memo).iter().all(|e| !e.complete));
        assert!(memo.reads() <= 1 + 70 + 70, "{} reads", memo.reads());
    }

    /// A page that includes 40 files of 1 MiB: the files are read up to
    /// the size a page grows to ([`MAX_EXPANDED`]), not all of them.
    #[test]
    fn includes_read_up_to_the_size_of_a_page() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let mib = format!("## A\n{}\n", "x".repeat(1024 * 1024));
        let mut src = String::from("# P\n");
        for i in 0..40 {
            std::fs::write(dir.path().join(format!("a{i}.md")), &mib)
                .unwrap_or_else(|e| panic!("{e}"));
            src.push_str(&format!("--8<-- \"a{i}.md\"\n"));
        }
        let memo = Memo::default();
        let page = dir.path().join("p.md");
        let out = expand(src.as_bytes(), &page, Some(dir.path()), &memo);
        assert!(!out.complete);
        assert!(memo.reads() <= 17, "{} reads", memo.reads());
        // Within the size: the text whole.
        let memo = Memo::default();
        let src = "# P\n--8<-- \"a0.md\"\n--8<-- \"a1.md\"\n";
        let out = expand(src.as_bytes(), &page, Some(dir.path()), &memo);
        assert!(out.complete);
        assert_eq!(out.text.len(), 4 + 2 * mib.len());
    }

    /// Shared includes give the text the files read again for each page
    /// would give: a file included twice, at two depths, an empty one (a
    /// line break after an include only where the text does not end with
    /// one) and a file without a final line break.
    #[test]
    fn memoised_text_is_the_text() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = dir.path();
        let files = [
            ("a.md", "## A\n--8<-- \"c.md\"\n--8<-- \"e.md\"\nafter a\n"),
            ("b.md", "## B\n--8<-- \"c.md\""),
            ("c.md", "## C"),
            ("e.md", ""),
        ];
        for (name, text) in files {
            std::fs::write(root.join(name), text).unwrap_or_else(|e| panic!("{e}"));
        }
        let page = root.join("p.md");
        let src = b"# P\n--8<-- \"a.md\"\n--8<-- \"b.md\"\n--8<-- \"c.md\"\n--8<-- \"e.md\"\nend";
        let want = "# P\n## A\n## C\nafter a\n## B\n## C\n## C\nend";
        let memo = Memo::default();
        for _ in 0..2 {
            let out = expand(src, &page, Some(root), &memo);
            assert_eq!(String::from_utf8_lossy(&out.text), want);
            assert!(out.complete);
        }
        // a, b, c, e at depth 1; c, e at depth 2; nothing the second time.
        assert_eq!(memo.reads(), 6);
    }

    fn outside_of(text: &[u8]) -> Expanded {
        Expanded {
            text: text.to_vec(),
            complete: false,
        }
    }

    /// MyST include directives (executablebooks/MyST-Parser's
    /// `docs/develop/_changelog.md`): the file they name is included;
    /// `{literalinclude}` is code.
    #[test]
    fn myst_include_lines() {
        assert_eq!(
            myst_target(b"```{include} ../../CHANGELOG.md").as_deref(),
            Some("../../CHANGELOG.md")
        );
        assert_eq!(myst_target(b":::{include} x.md\r").as_deref(), Some("x.md"));
        assert_eq!(myst_target(b"```{literalinclude} x.py"), None);
        assert_eq!(myst_target(b"```{include}"), None);
        assert_eq!(
            myst_plain_include(b"```{include} ../THREAT_MODEL.md\n", Some(b"```\n")).as_deref(),
            Some("../THREAT_MODEL.md")
        );
        assert_eq!(
            myst_plain_include(b"```{include} x.md\n", Some(b":start-after: <!-- x -->\n")),
            None
        );
        let page = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/sites/myst-include/docs/develop/_changelog.md");
        let src = std::fs::read(&page).unwrap_or_default();
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/myst-include");
        let got = included(&src, &page, Some(&root));
        assert_eq!(got.len(), 1);
        assert!(got[0].ends_with("myst-include/CHANGELOG.md"), "{got:?}");
    }
}
