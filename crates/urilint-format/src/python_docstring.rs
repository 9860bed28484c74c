//! Python source files (`.py`): the docstrings of the module, its
//! classes and its functions, and the links in them.
//!
//! A docstring is the string literal that is the first statement of a
//! module, class or function body (The Python Language Reference,
//! "Lexical analysis", string and bytes literals; PEP 257), and the
//! string statement right after an assignment to one name at module or
//! class level (`x: int = 1` then `"""..."""`: PEP 257's attribute
//! docstrings, `Class.x`; griffe and Sphinx autodoc read them). Documentation
//! generators render them into pages: mkdocstrings (with griffe) as
//! Markdown, Sphinx autodoc as reStructuredText, each after
//! `inspect.cleandoc` (Sphinx's `prepare_docstring`): the first line's
//! leading white space and the common indentation of the others removed,
//! blank lines at both ends dropped. This module reads the file with a
//! small lexer of Python's tokens (names, numbers, string literals with
//! their prefixes, raw strings, triple quotes, f-strings with nested
//! literals in their replacement fields, comments, brackets, line joins),
//! finds each docstring and the dotted path of its object in the module
//! (`Class.method`; the module's own is `""`), gives its text as the
//! generators read it with a map back to the file, and the links of that
//! text ([`Docstring::links`]). A docstring of a function or class
//! defined inside a function is no object of the module and is left out.
//!
//! It does not own which pages render which docstrings (urilint's
//! `site::docstrings`) nor what is done with the links (`check --links
//! local`, `urilint mv`). Where the lexer cannot read the file to its end
//! (an unterminated literal, nesting deeper than [`MAX_DEPTH`]) or the
//! file is larger than [`MAX_BYTES`], no docstring is given
//! ([`PythonError`]).

use std::ops::Range;

use crate::sphinx_xref::XrefKind;
use crate::SegmentKind;

/// The most bytes of a Python file read for its docstrings (4 MiB).
pub const MAX_BYTES: usize = 4 << 20;

/// The deepest nesting of classes and functions (and of brackets and
/// f-string replacement fields) followed.
pub const MAX_DEPTH: usize = 200;

/// Why a Python file's docstrings are not given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PythonError {
    /// The file is larger than [`MAX_BYTES`].
    #[error("larger than {MAX_BYTES} bytes")]
    TooLarge,
    /// A string literal that does not end (at its byte offset).
    #[error("a string literal at byte {0} does not end")]
    Unterminated(usize),
    /// Nesting deeper than [`MAX_DEPTH`] (at its byte offset).
    #[error("nested deeper than {MAX_DEPTH} levels at byte {0}")]
    TooDeep(usize),
}

/// How a generator reads a docstring's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Markup {
    /// Markdown (mkdocstrings).
    Markdown,
    /// reStructuredText (Sphinx autodoc).
    Rst,
}

/// One docstring of a Python file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Docstring {
    /// The dotted path of its object in the module (`Class.method`);
    /// empty for the module's docstring.
    pub object: String,
    /// The literal's bytes in the file, prefix and quotes included
    /// (0-based, end exclusive).
    pub literal: Range<usize>,
    /// True for a raw literal (`r"""..."""`): backslashes are text.
    pub raw: bool,
    /// True when a literal that is not raw holds a backslash: the text
    /// Python makes of it is not its bytes, so no link of it is exact.
    pub escapes: bool,
    /// The text as the generators read it (`inspect.cleandoc`), line
    /// breaks as `\n`.
    pub text: Vec<u8>,
    /// Each line of `text`: its offset there, its offset in the file,
    /// its length in bytes.
    lines: Vec<(usize, usize, usize)>,
}

/// A link of a docstring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocLink {
    /// Its bytes in the file (0-based, end exclusive).
    pub span: Range<usize>,
    /// The reference (or cross-reference target) as read.
    pub text: String,
    /// True when the file's bytes at `span` are `text` as they are and
    /// the literal has no escape: only such a link is written again.
    pub exact: bool,
    /// `Some` for a Sphinx cross-reference (`:doc:`, `:ref:`,
    /// `:download:`), with its kind; `None` for a link.
    pub xref: Option<XrefKind>,
}

impl Docstring {
    /// The file offset of the text offset `t` (a position inside a line
    /// or at its end).
    fn file_offset(&self, t: usize) -> Option<usize> {
        let i = self.lines.partition_point(|&(start, _, _)| start <= t);
        let &(start, file, len) = self.lines.get(i.checked_sub(1)?)?;
        (t - start <= len).then_some(file + (t - start))
    }

    /// The file bytes (0-based, end exclusive) of the span `span` of
    /// [`Docstring::text`], when it lies within one line of the text;
    /// `None` across lines or outside the text.
    pub fn file_span(&self, span: &Range<usize>) -> Option<Range<usize>> {
        let start = self.file_offset(span.start)?;
        let end = self.file_offset(span.end)?;
        (end >= start && end - start == span.len()).then_some(start..end)
    }

    /// The links of the docstring read as `markup`: Markdown link and
    /// image destinations and reference definitions; reStructuredText
    /// links (embedded URIs, targets, images) and Sphinx cross-references
    /// (`:doc:`, `:ref:`, `:download:`, `toctree` and `include`
    /// targets). A link over several lines is left out. `src` is the
    /// file the docstring was read from.
    pub fn links(&self, src: &[u8], markup: Markup) -> Vec<DocLink> {
        let mut out = Vec::new();
        let segments = match markup {
            Markup::Markdown => crate::markdown::segments(&self.text, false),
            Markup::Rst => crate::rst::segments(&self.text, false),
        };
        for seg in segments {
            if !seg.references
                || !matches!(
                    seg.kind,
                    SegmentKind::MarkdownLink(_) | SegmentKind::RstLink(_)
                )
            {
                continue;
            }
            let t = &seg.text;
            let lead = t.iter().take_while(|b| b.is_ascii_whitespace()).count();
            let trail = t[lead..]
                .iter()
                .rev()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
            if lead + trail >= t.len() {
                continue;
            }
            let range = lead as u64..(t.len() - trail) as u64;
            let value = &t[lead..t.len() - trail];
            let exact_here = seg.map.is_exact(range.clone());
            let in_text = seg.map.span(range);
            let Some(in_text) = usize::try_from(in_text.start)
                .ok()
                .zip(usize::try_from(in_text.end).ok())
                .map(|(s, e)| s..e)
            else {
                continue;
            };
            if let Some(link) = self.link(src, &in_text, value, exact_here, None) {
                out.push(link);
            }
        }
        if markup == Markup::Rst {
            for x in crate::sphinx_xref::in_rst(&self.text) {
                let exact_here = self.text.get(x.span.clone()) == Some(x.target.as_bytes());
                if let Some(link) =
                    self.link(src, &x.span, x.target.as_bytes(), exact_here, Some(x.kind))
                {
                    out.push(link);
                }
            }
        }
        out.sort_by_key(|l| l.span.start);
        out
    }

    /// The link `value` read at `in_text` of the text, placed in the file.
    fn link(
        &self,
        src: &[u8],
        in_text: &Range<usize>,
        value: &[u8],
        exact_here: bool,
        xref: Option<XrefKind>,
    ) -> Option<DocLink> {
        let span = self.file_span(in_text)?;
        // A link that is not UTF-8 (a Latin-1 byte) is read with U+FFFD in
        // its text: never exact, so never written again (found by the
        // fuzz target).
        let exact = exact_here
            && !self.escapes
            && src.get(span.clone()) == Some(value)
            && std::str::from_utf8(value).is_ok();
        Some(DocLink {
            span,
            text: String::from_utf8_lossy(value).into_owned(),
            exact,
            xref,
        })
    }
}

/// A token of the lexer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    /// A name or keyword.
    Name(Range<usize>),
    /// A string or bytes literal: its bytes, its prefix (lowercase), the
    /// body between its quotes.
    Str {
        /// The whole literal.
        all: Range<usize>,
        /// The prefix, lowercase (`r`, `f`, `rb`, ...).
        prefix: String,
        /// Between the quotes.
        body: Range<usize>,
    },
    /// Any other byte that is not white space (operators, numbers),
    /// with the bracket depth before it.
    Other(u8, usize),
}

/// A logical line: the column of its first token and its tokens.
pub(crate) struct Logical {
    pub(crate) indent: usize,
    pub(crate) tokens: Vec<Tok>,
}

/// True for a byte that can start a name (non-ASCII bytes are taken as
/// parts of names, as Python's identifiers may be).
fn name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b >= 0x80
}

/// The prefixes a string literal may have (lowercase).
const PREFIXES: &[&str] = &["r", "u", "b", "f", "t", "br", "rb", "fr", "rf", "tr", "rt"];

/// The end of the string literal whose opening quote is at `q` (its
/// prefix `prefix`, lowercase), and its body; `depth` counts the
/// f-string fields this literal is nested in.
fn string_end(
    src: &[u8],
    q: usize,
    prefix: &str,
    depth: usize,
) -> Result<(usize, Range<usize>), PythonError> {
    if depth > MAX_DEPTH {
        return Err(PythonError::TooDeep(q));
    }
    let quote = src[q];
    let triple = src.get(q + 1) == Some(&quote) && src.get(q + 2) == Some(&quote);
    let open = if triple { 3 } else { 1 };
    let fstring = prefix.contains(['f', 't']);
    let mut i = q + open;
    while i < src.len() {
        let b = src[i];
        if b == b'\\' {
            i += 2;
            continue;
        }
        if !triple && (b == b'\n' || b == b'\r') {
            return Err(PythonError::Unterminated(q));
        }
        if b == quote && (!triple || src[i..].starts_with(&[quote, quote, quote])) {
            return Ok((i + open, q + open..i));
        }
        if fstring && b == b'{' {
            if src.get(i + 1) == Some(&b'{') {
                i += 2;
                continue;
            }
            i = field_end(src, i + 1, depth + 1)?;
            continue;
        }
        i += 1;
    }
    Err(PythonError::Unterminated(q))
}

/// The offset after the `}` that closes the f-string replacement field
/// whose expression starts at `i` (nested literals read whole).
fn field_end(src: &[u8], mut i: usize, depth: usize) -> Result<usize, PythonError> {
    let start = i;
    let mut brackets = 0usize;
    while i < src.len() {
        let b = src[i];
        match b {
            b'\'' | b'"' => {
                i = string_end(src, i, "", depth)?.0;
                continue;
            }
            _ if name_start(b) => {
                i = name_or_string(src, i, depth)?.1;
                continue;
            }
            b'(' | b'[' | b'{' => {
                brackets += 1;
                if brackets > MAX_DEPTH {
                    return Err(PythonError::TooDeep(i));
                }
            }
            b')' | b']' => brackets = brackets.saturating_sub(1),
            b'}' if brackets == 0 => return Ok(i + 1),
            b'}' => brackets -= 1,
            _ => {}
        }
        i += 1;
    }
    Err(PythonError::Unterminated(start))
}

/// The name, or the string literal with its prefix, that starts at `i`
/// (a quote or a name's first byte), and the offset after it; `depth`
/// as for [`string_end`].
fn name_or_string(src: &[u8], i: usize, depth: usize) -> Result<(Tok, usize), PythonError> {
    if matches!(src.get(i), Some(b'\'' | b'"')) {
        let (end, body) = string_end(src, i, "", depth)?;
        let tok = Tok::Str {
            all: i..end,
            prefix: String::new(),
            body,
        };
        return Ok((tok, end));
    }
    let end = i + src[i..]
        .iter()
        .take_while(|&&c| name_start(c) || c.is_ascii_digit())
        .count();
    let word = src[i..end].to_ascii_lowercase();
    if matches!(src.get(end), Some(b'\'' | b'"')) && PREFIXES.iter().any(|p| p.as_bytes() == word) {
        let prefix = String::from_utf8_lossy(&word).into_owned();
        let (stop, body) = string_end(src, end, &prefix, depth)?;
        let tok = Tok::Str {
            all: i..stop,
            prefix,
            body,
        };
        return Ok((tok, stop));
    }
    Ok((Tok::Name(i..end), end))
}

/// The logical lines of `src` (Python's tokenizer: comments dropped,
/// lines joined inside brackets and after a backslash).
pub(crate) fn logical_lines(src: &[u8]) -> Result<Vec<Logical>, PythonError> {
    let mut out = Vec::new();
    let mut cur: Vec<Tok> = Vec::new();
    let mut indent = 0usize;
    let mut column = 0usize;
    let mut at_line_start = true;
    let mut depth = 0usize;
    let mut i = 0usize;
    while i < src.len() {
        let b = src[i];
        match b {
            b' ' | b'\t' | b'\x0c' => {
                if at_line_start && cur.is_empty() {
                    column = match b {
                        b'\t' => (column / 8 + 1) * 8,
                        b'\x0c' => 0,
                        _ => column + 1,
                    };
                }
                i += 1;
                continue;
            }
            b'#' => {
                i += memchr::memchr(b'\n', &src[i..]).unwrap_or(src.len() - i);
                continue;
            }
            b'\\' if matches!(src.get(i + 1), Some(b'\n' | b'\r')) => {
                i += 2;
                if src.get(i - 1) == Some(&b'\r') && src.get(i) == Some(&b'\n') {
                    i += 1;
                }
                continue;
            }
            b'\n' | b'\r' => {
                if depth == 0 && !cur.is_empty() {
                    out.push(Logical {
                        indent,
                        tokens: std::mem::take(&mut cur),
                    });
                }
                if depth == 0 {
                    at_line_start = true;
                    column = 0;
                }
                i += 1;
                continue;
            }
            _ => {}
        }
        if cur.is_empty() {
            indent = column;
            at_line_start = false;
        }
        if b == b'\'' || b == b'"' || name_start(b) {
            let (tok, end) = name_or_string(src, i, 0)?;
            cur.push(tok);
            i = end;
        } else if b.is_ascii_digit() {
            cur.push(Tok::Other(b, depth));
            i += src[i..]
                .iter()
                .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.')
                .count();
        } else {
            cur.push(Tok::Other(b, depth));
            match b {
                b'(' | b'[' | b'{' => {
                    depth += 1;
                    if depth > MAX_DEPTH {
                        return Err(PythonError::TooDeep(i));
                    }
                }
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            i += 1;
        }
    }
    if !cur.is_empty() {
        out.push(Logical {
            indent,
            tokens: cur,
        });
    }
    Ok(out)
}

/// The literal of a logical line that is a docstring statement: one
/// string literal (not bytes, not an f-string), alone or before `;`.
fn docstring_token(tokens: &[Tok]) -> Option<(&Range<usize>, &str, &Range<usize>)> {
    let (first, rest) = tokens.split_first()?;
    let Tok::Str { all, prefix, body } = first else {
        return None;
    };
    let ok_rest = matches!(rest, [] | [Tok::Other(b';', _), ..]);
    (ok_rest && !prefix.contains(['b', 'f', 't'])).then_some((all, prefix.as_str(), body))
}

/// A class or function open at an indentation.
struct Scope {
    /// The indentation of its header.
    indent: usize,
    /// Its name.
    name: String,
    /// True for a function (what it defines is local).
    function: bool,
}

/// The docstrings of the Python source `src`, in file order.
///
/// # Errors
/// [`PythonError`] when the file is larger than [`MAX_BYTES`] or the
/// lexer cannot read it to its end.
pub fn docstrings(src: &[u8]) -> Result<Vec<Docstring>, PythonError> {
    if src.len() > MAX_BYTES {
        return Err(PythonError::TooLarge);
    }
    let lines = logical_lines(src)?;
    let mut out = Vec::new();
    let mut scopes: Vec<Scope> = Vec::new();
    // The object whose body's first statement comes next: its path, and
    // the indentation its body must exceed.
    let mut pending: Option<(Option<String>, usize)> = Some((Some(String::new()), 0));
    // The attribute the previous logical line assigned at module or class
    // level, and its indentation: a string statement right after it, at
    // the same indentation, is its docstring (PEP 257's attribute
    // docstrings, as griffe (mkdocstrings) and Sphinx autodoc read them).
    let mut assigned: Option<(String, usize)> = None;
    for (n, line) in lines.iter().enumerate() {
        if let Some((object, indent)) = assigned.take() {
            if let (true, Some((all, prefix, body))) =
                (line.indent == indent, docstring_token(&line.tokens))
            {
                if let Some(d) = docstring(src, object, all, prefix, body) {
                    out.push(d);
                }
            }
        }
        if let Some((object, above)) = pending.take() {
            let first = n == 0 || line.indent > above;
            if let (true, Some(object), Some((all, prefix, body))) =
                (first, object, docstring_token(&line.tokens))
            {
                if let Some(d) = docstring(src, object, all, prefix, body) {
                    out.push(d);
                }
            }
        }
        while scopes.last().is_some_and(|s| line.indent <= s.indent) {
            scopes.pop();
        }
        if let Some(name) = assigned_name(src, &line.tokens) {
            if !scopes.iter().any(|s| s.function) {
                let mut path: Vec<&str> = scopes.iter().map(|s| s.name.as_str()).collect();
                path.push(&name);
                assigned = Some((path.join("."), line.indent));
            }
        }
        let Some((function, name, colon)) = header(src, &line.tokens) else {
            continue;
        };
        let local = scopes.iter().any(|s| s.function);
        let mut path: Vec<&str> = scopes.iter().map(|s| s.name.as_str()).collect();
        path.push(&name);
        let object = (!local).then(|| path.join("."));
        let body = &line.tokens[colon + 1..];
        if body.is_empty() {
            pending = Some((object, line.indent));
        } else if let (Some(object), Some((all, prefix, b))) = (object, docstring_token(body)) {
            if let Some(d) = docstring(src, object, all, prefix, b) {
                out.push(d);
            }
        }
        if scopes.len() >= MAX_DEPTH {
            return Err(PythonError::TooDeep(0));
        }
        scopes.push(Scope {
            indent: line.indent,
            name,
            function,
        });
    }
    Ok(out)
}

/// The name a logical line of `tokens` assigns, when it is an
/// assignment to one name (`x = 1`, `x: int = 1`, `x: int`; not `x ==
/// y`, `x += 1`, `a.b = 1`, nor a keyword's `else:`).
fn assigned_name(src: &[u8], tokens: &[Tok]) -> Option<String> {
    let Some(Tok::Name(r)) = tokens.first() else {
        return None;
    };
    let name = src.get(r.clone())?;
    const KEYWORDS: &[&[u8]] = &[
        b"else",
        b"try",
        b"finally",
        b"lambda",
        b"if",
        b"elif",
        b"while",
        b"for",
        b"with",
        b"except",
        b"return",
        b"yield",
        b"assert",
        b"del",
        b"pass",
        b"raise",
        b"import",
        b"from",
        b"global",
        b"nonlocal",
        b"not",
        b"await",
        b"match",
        b"case",
        b"type",
        b"print",
    ];
    if KEYWORDS.contains(&name) {
        return None;
    }
    let assigns = match tokens.get(1)? {
        Tok::Other(b'=', 0) => !matches!(tokens.get(2), Some(Tok::Other(b'=', _))),
        Tok::Other(b':', 0) => true,
        _ => false,
    };
    assigns.then(|| String::from_utf8_lossy(name).into_owned())
}

/// True when the Python source `src` defines `name` at its top level
/// with `class` or `def`.
///
/// # Errors
/// [`PythonError`] when the file is larger than [`MAX_BYTES`] or the
/// lexer cannot read it to its end.
pub fn defines(src: &[u8], name: &str) -> Result<bool, PythonError> {
    if src.len() > MAX_BYTES {
        return Err(PythonError::TooLarge);
    }
    let lines = logical_lines(src)?;
    Ok(lines
        .iter()
        .filter(|l| l.indent == 0)
        .filter_map(|l| header(src, &l.tokens))
        .any(|(_, n, _)| n == name))
}

/// Where the Python source `src` imports `name` from at its top level
/// (`from .app import Flask`, `from x import (A as name)`): the module as
/// written (leading dots kept) and the name there. `None` when it does
/// not, or the file cannot be read.
pub fn imported_from(src: &[u8], name: &str) -> Option<(String, String)> {
    if src.len() > MAX_BYTES {
        return None;
    }
    let lines = logical_lines(src).ok()?;
    let word = |t: &Tok| match t {
        Tok::Name(r) => src
            .get(r.clone())
            .map(|w| String::from_utf8_lossy(w).into_owned()),
        _ => None,
    };
    for l in lines.iter().filter(|l| l.indent == 0) {
        if l.tokens.first().and_then(word).as_deref() != Some("from") {
            continue;
        }
        let mut module = String::new();
        let mut i = 1;
        while let Some(t) = l.tokens.get(i) {
            match (t, word(t)) {
                (_, Some(w)) if w == "import" => break,
                (_, Some(w)) => module.push_str(&w),
                (Tok::Other(b'.', _), None) => module.push('.'),
                _ => break,
            }
            i += 1;
        }
        let names: Vec<Option<String>> = l.tokens.get(i + 1..)?.iter().map(word).collect();
        let mut k = 0;
        while k < names.len() {
            let Some(original) = names[k].clone() else {
                k += 1;
                continue;
            };
            let alias = (names.get(k + 1).cloned().flatten().as_deref() == Some("as"))
                .then(|| names.get(k + 2).cloned().flatten())
                .flatten();
            if alias.as_deref().unwrap_or(&original) == name {
                return Some((module, original));
            }
            k += if alias.is_some() { 3 } else { 1 };
        }
    }
    None
}

/// A `class` or `def` (`async def`) header: whether it is a function,
/// its name, and the index of the `:` that ends it.
pub(crate) fn header(src: &[u8], tokens: &[Tok]) -> Option<(bool, String, usize)> {
    let word = |t: &Tok| match t {
        Tok::Name(r) => src.get(r.clone()),
        _ => None,
    };
    let mut k = 0;
    if tokens.first().and_then(word) == Some(&b"async"[..]) {
        k = 1;
    }
    let function = match tokens.get(k).and_then(word)? {
        b"def" => true,
        b"class" => false,
        _ => return None,
    };
    let name = String::from_utf8_lossy(tokens.get(k + 1).and_then(word)?).into_owned();
    let colon = tokens
        .iter()
        .enumerate()
        .skip(k + 2)
        .find(|(_, t)| matches!(t, Tok::Other(b':', 0)))
        .map(|(i, _)| i)?;
    Some((function, name, colon))
}

/// The docstring of `object` whose literal is `all` (prefix `prefix`,
/// body `body`): its text after `inspect.cleandoc`, with the map back.
/// `None` when a line's indentation holds a tab (its columns are not
/// mapped).
fn docstring(
    src: &[u8],
    object: String,
    all: &Range<usize>,
    prefix: &str,
    body: &Range<usize>,
) -> Option<Docstring> {
    let raw = prefix.contains('r');
    let bytes = src.get(body.clone())?;
    let escapes = !raw && bytes.contains(&b'\\');
    // Physical lines of the body: (file offset, length without `\r`).
    let mut physical: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            let end = if i > start && bytes[i - 1] == b'\r' {
                i - 1
            } else {
                i
            };
            physical.push((start, end - start));
            start = i + 1;
        }
    }
    physical.push((start, bytes.len() - start));
    let indent_of = |&(s, len): &(usize, usize)| -> Option<usize> {
        let line = &bytes[s..s + len];
        let n = line
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t'))
            .count();
        if line[..n].contains(&b'\t') {
            return None;
        }
        Some(n)
    };
    let mut margin = usize::MAX;
    for p in physical.iter().skip(1) {
        let line = &bytes[p.0..p.0 + p.1];
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        margin = margin.min(indent_of(p)?);
    }
    let mut kept: Vec<(usize, usize)> = Vec::new();
    for (n, p) in physical.iter().enumerate() {
        let line = &bytes[p.0..p.0 + p.1];
        let cut = if n == 0 {
            line.iter().take_while(|b| b.is_ascii_whitespace()).count()
        } else {
            margin.min(line.iter().take_while(|&&b| b == b' ').count())
        };
        kept.push((p.0 + cut, p.1 - cut));
    }
    let blank = |&(s, len): &(usize, usize)| bytes[s..s + len].iter().all(u8::is_ascii_whitespace);
    let first = kept.iter().position(|l| !blank(l)).unwrap_or(kept.len());
    let last = kept
        .iter()
        .rposition(|l| !blank(l))
        .map_or(first, |i| i + 1);
    let mut text = Vec::new();
    let mut lines = Vec::new();
    for &(s, len) in kept.get(first..last).unwrap_or_default() {
        if !text.is_empty() {
            text.push(b'\n');
        }
        lines.push((text.len(), body.start + s, len));
        text.extend_from_slice(&bytes[s..s + len]);
    }
    Some(Docstring {
        object,
        literal: all.clone(),
        raw,
        escapes,
        text,
        lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn objects(src: &str) -> Vec<String> {
        docstrings(src.as_bytes())
            .unwrap_or_default()
            .into_iter()
            .map(|d| d.object)
            .collect()
    }

    #[test]
    fn module_class_method_and_function_docstrings() {
        let src = "#!/usr/bin/env python\n# c\n\"\"\"Module.\"\"\"\nimport x\n\n\nclass A(B, metaclass=M):\n    '''A's.'''\n\n    x: int = 1\n    \"\"\"An attribute's.\"\"\"\n\n    @property\n    def p(self) -> 'str':\n        r\"\"\"P's.\"\"\"\n        def inner():\n            \"\"\"Local.\"\"\"\n\n    async def q(\n        self, a={'k': 1},\n    ) -> None: \"\"\"Q's.\"\"\"\n\n\ndef f(): 'F.'; return 1\nclass C:\n    x = 1\n    \"\"\"C.x's, not C's.\"\"\"\ndef g():\n    f\"\"\"An f-string: {x!r} is no docstring.\"\"\"\n";
        assert_eq!(objects(src), ["", "A", "A.x", "A.p", "A.q", "f", "C.x"]);
    }

    /// Attribute docstrings (PEP 257): after an assignment to one name at
    /// module or class level only (mkdocs' `Page.abs_url: str | None`
    /// then its docstring, `mkdocs/structure/pages.py`).
    #[test]
    fn attribute_docstrings() {
        let src = "x = 1\n\"\"\"X.\"\"\"\nclass Page:\n    abs_url: str | None\n    \"\"\"The [site_url][] one.\"\"\"\n\n    y += 1\n    \"\"\"No.\"\"\"\n    a.b = 1\n    \"\"\"No.\"\"\"\n    if y == 1:\n        pass\n    else:\n        \"\"\"No.\"\"\"\n    z = (\n        1)\n\n    \"\"\"Z.\"\"\"\n    w = 2\n        \"\"\"No: deeper.\"\"\"\n    def __init__(self):\n        self.v = 1\n        v = 2\n        \"\"\"No: local.\"\"\"\n";
        assert_eq!(objects(src), ["x", "Page.abs_url", "Page.z"]);
    }

    #[test]
    fn the_text_is_cleandoc_with_a_map_back() {
        let src = "def f():\n    \"\"\"\n    First [a](x.md#y).\n\n      Indented [b](b.md).\n    \"\"\"\n";
        let d = docstrings(src.as_bytes()).unwrap_or_default();
        assert_eq!(d.len(), 1);
        assert_eq!(
            String::from_utf8_lossy(&d[0].text),
            "First [a](x.md#y).\n\n  Indented [b](b.md)."
        );
        let links = d[0].links(src.as_bytes(), Markup::Markdown);
        let texts: Vec<&str> = links.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["x.md#y", "b.md"]);
        for l in &links {
            assert!(l.exact);
            assert_eq!(&src.as_bytes()[l.span.clone()], l.text.as_bytes());
        }
    }

    #[test]
    fn indented_lines_are_no_code_block_once_dedented() {
        // mkdocs/mkdocs `mkdocs/plugins.py`, `BasePlugin.on_files`.
        let src = "class BasePlugin:\n    def on_files(self, files, /, *, config):\n        \"\"\"\n        The `files` event. Use [Page Events](plugins.md#page-events) to manipulate page\n        specific data.\n\n        Args:\n            files: global files collection\n        \"\"\"\n";
        let d = docstrings(src.as_bytes()).unwrap_or_default();
        assert_eq!(d[0].object, "BasePlugin.on_files");
        let links = d[0].links(src.as_bytes(), Markup::Markdown);
        assert_eq!(links.len(), 1);
        assert_eq!(links[0].text, "plugins.md#page-events");
    }

    #[test]
    fn sphinx_roles_and_escapes() {
        // pallets/flask `src/flask/views.py`, `View`.
        let src = "class View:\n    \"\"\"Subclass this.\n\n    See :doc:`views` for a detailed guide.\n    \"\"\"\nclass E:\n    \"\"\"A \\\\ backslash, then :doc:`views`.\"\"\"\nclass R:\n    r\"\"\"Raw \\d, then :doc:`/a/b`.\"\"\"\n";
        let d = docstrings(src.as_bytes()).unwrap_or_default();
        assert_eq!(d.len(), 3);
        let l = d[0].links(src.as_bytes(), Markup::Rst);
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].xref, Some(XrefKind::Doc));
        assert_eq!(l[0].text, "views");
        assert!(l[0].exact);
        let l = d[1].links(src.as_bytes(), Markup::Rst);
        assert_eq!(l.len(), 1);
        assert!(!l[0].exact, "escapes in the literal");
        let l = d[2].links(src.as_bytes(), Markup::Rst);
        assert!(l[0].exact, "raw: backslashes are text");
        assert_eq!(l[0].text, "/a/b");
    }

    #[test]
    fn crlf_and_unreadable_files() {
        let src = "def f():\r\n    \"\"\"See\r\n    [a](a.md).\r\n    \"\"\"\r\n";
        let d = docstrings(src.as_bytes()).unwrap_or_default();
        let l = d[0].links(src.as_bytes(), Markup::Markdown);
        assert_eq!(&src.as_bytes()[l[0].span.clone()], b"a.md");
        assert_eq!(
            docstrings(b"x = '''never ends\n"),
            Err(PythonError::Unterminated(4))
        );
        assert!(matches!(
            docstrings(b"x = 'one line\ny = 2\n"),
            Err(PythonError::Unterminated(_))
        ));
        assert_eq!(
            docstrings(&vec![b' '; MAX_BYTES + 1]),
            Err(PythonError::TooLarge)
        );
        let deep = "(".repeat(MAX_DEPTH + 5);
        assert!(matches!(
            docstrings(deep.as_bytes()),
            Err(PythonError::TooDeep(_))
        ));
        // f-string fields with nested quotes of the same kind (3.12).
        let src = "x = f\"{d[\"k\"]} {'''a'''}\"\ndef f():\n    \"\"\"D [a](a.md).\"\"\"\n";
        assert_eq!(objects(src), ["f"]);
    }
    #[test]
    fn definitions_and_reexports() {
        let init = b"from .app import Flask as Flask\nfrom .helpers import (\n    abort,\n    url_for as url_for,\n)\nfrom . import json as json\nclass Local:\n    pass\n";
        assert_eq!(defines(init, "Local"), Ok(true));
        assert_eq!(defines(init, "Flask"), Ok(false));
        assert!(defines(b"x = '''", "x").is_err());
        assert_eq!(
            imported_from(init, "Flask"),
            Some((".app".into(), "Flask".into()))
        );
        assert_eq!(
            imported_from(init, "abort"),
            Some((".helpers".into(), "abort".into()))
        );
        assert_eq!(
            imported_from(init, "url_for"),
            Some((".helpers".into(), "url_for".into()))
        );
        assert_eq!(
            imported_from(init, "json"),
            Some((".".into(), "json".into()))
        );
        assert_eq!(imported_from(init, "nothing"), None);
    }

    /// A link whose bytes are not UTF-8 (a Latin-1 no-break space before
    /// a role, found by the fuzz target `python_docstring`) is read with
    /// U+FFFD in its text, so it is not exact: `mv` never writes it.
    #[test]
    fn a_link_that_is_not_utf8_is_not_exact() {
        let src: &[u8] =
            b"def run():\n    \"\"\":target:Run the application; see\xa0:doc:`views`.\"\"\"\n";
        let found = docstrings(src).unwrap_or_default();
        let mut links = 0;
        for d in &found {
            for markup in [Markup::Markdown, Markup::Rst] {
                for link in d.links(src, markup) {
                    links += 1;
                    if link.exact {
                        assert_eq!(&src[link.span.clone()], link.text.as_bytes(), "{link:?}");
                    }
                }
            }
        }
        assert!(links > 0, "{found:?}");
    }
}
