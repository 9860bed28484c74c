//! What an input is: detection by content first, then by name.
//!
//! This module owns [`InputFormat`] (what `--input-format` names) and
//! [`detect`]. Content comes first: gzip's magic bytes (RFC 1952 section
//! 2.3.1), an mbox `From ` separator line on the first line followed by a
//! header field, an RFC 5322 header block at the top of the file with at
//! least two fields that mail and news articles have, written as mail
//! writes them (`From:`, `Date:`, `Subject:`), and an empty line after it
//! (a YAML file of `key: value` lines is not mail; nor is any `.yml`,
//! `.yaml`, `.toml` or `.json` file), `<!DOCTYPE html` or
//! `<html` at the start, an XML start (`<?xml`, `<svg`, `<mxfile`). Then
//! the name: `.mbox`, `.mbx`; `.eml`, `.msg`
//! is not (Outlook's binary format); `.html`, `.htm`, `.xhtml`; `.xml`,
//! `.svg`, `.drawio`; `.md`, `.markdown`,
//! `.mdown`, `.mkd`, `.mkdn`; `.rst`, `.rest`; `.adoc`, `.asciidoc`; a file in
//! a Maildir `cur/` or `new/` folder. A roff document (a man page) by its
//! content: a first non-blank line that is a comment (`.\"`, `'\"`) or
//! `.TH title ...` on its own; or by a man section name (`.1` to `.9`,
//! with letters after it as in `.3pm`, `.1ssl`; `.n`, `.l`; `.man`,
//! `.mdoc`, `.roff`, and `.groff`, `.troff`, `.nroff`) together with a
//! known request or macro among its first lines ([`looks_like_roff`]), so
//! that `notes.1` holding prose stays text. Anything else is plain text,
//! read as it always was.

use std::path::Path;

/// An input format, as `--input-format` names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum InputFormat {
    /// Detect it ([`detect`]).
    #[default]
    Auto,
    /// Plain text: the file's bytes as they are.
    Text,
    /// A mailbox: messages after `From ` separator lines (mboxo, mboxrd,
    /// pipermail archives).
    Mbox,
    /// One RFC 5322 message or Usenet article (RFC 5536): `.eml`, a
    /// Maildir file, a news spool file.
    Mail,
    /// An HTML document.
    Html,
    /// A Markdown document (CommonMark with GitHub's extensions).
    Markdown,
    /// A reStructuredText document.
    Rst,
    /// An AsciiDoc document (text whose URI macros end at `[`).
    Asciidoc,
    /// A roff document: a man page (man(7), mdoc(7)) or other troff
    /// source ([`super::roff`]).
    Roff,
    /// An XML document: SVG, a drawio diagram, any other XML
    /// ([`super::xml`]).
    Xml,
}

impl InputFormat {
    /// Parses a name of `--input-format`: `auto`, `text`, `mbox`, `mail`
    /// (also `eml`, `maildir`, `news`), `html`, `markdown` (also `md`),
    /// `rst`, `asciidoc` (also `adoc`), `roff` (also `man`, `mdoc`,
    /// `troff`, `groff`, `nroff`), `xml` (also `svg`, `drawio`).
    ///
    /// # Errors
    /// The list of names, when `name` is none of them.
    pub fn parse(name: &str) -> Result<InputFormat, String> {
        Ok(match name.to_ascii_lowercase().as_str() {
            "auto" => InputFormat::Auto,
            "text" | "plain" => InputFormat::Text,
            "mbox" | "mboxrd" | "mboxo" | "pipermail" => InputFormat::Mbox,
            "mail" | "eml" | "maildir" | "news" | "message" => InputFormat::Mail,
            "html" | "htm" => InputFormat::Html,
            "markdown" | "md" | "commonmark" | "gfm" => InputFormat::Markdown,
            "rst" | "rest" | "restructuredtext" => InputFormat::Rst,
            "asciidoc" | "adoc" => InputFormat::Asciidoc,
            "roff" | "man" | "mdoc" | "troff" | "groff" | "nroff" => InputFormat::Roff,
            "xml" | "svg" | "drawio" => InputFormat::Xml,
            _ => {
                return Err(format!(
                    "unknown input format {name:?}: expected auto, text, mbox, mail (eml, maildir, news), html, markdown (md), rst, asciidoc (adoc), roff (man, troff, groff) or xml (svg, drawio)"
                ))
            }
        })
    }

    /// The name used in messages and records.
    pub fn name(self) -> &'static str {
        match self {
            InputFormat::Auto => "auto",
            InputFormat::Text => "text",
            InputFormat::Mbox => "mbox",
            InputFormat::Mail => "mail",
            InputFormat::Html => "html",
            InputFormat::Markdown => "markdown",
            InputFormat::Rst => "rst",
            InputFormat::Asciidoc => "asciidoc",
            InputFormat::Roff => "roff",
            InputFormat::Xml => "xml",
        }
    }
}

/// What a file whose first bytes are `head` is, when it is the test
/// examples of a Markdown parser, whose URIs are test inputs written to
/// be odd (`<http://foo.bar.`, `http://../`, `<http://example.com?find=\*>`),
/// not links: the CommonMark spec's own format (a fence of backticks
/// followed by `example`, as `spec.txt` of CommonMark and GFM writes each
/// example), or a list of cases, each an `example` numbered in its title
/// or field (`- title: Tabs - example 1`, `"example": 1`), that pairs a
/// Markdown input (`markdown`, `myst`, `md`, `commonmark`) with its
/// `html` (CommonMark's `spec.json`, jupyter-book/mystmd's
/// `cmark_spec_0.30.yml`). Three examples in `head` at least. `None` for
/// any other file.
pub fn parser_test_examples(head: &[u8]) -> Option<&'static str> {
    let text = String::from_utf8_lossy(head);
    let mut fenced = 0;
    let mut numbered = 0;
    let (mut input, mut html) = (false, false);
    for line in text.lines() {
        let t = line.trim_start().trim_start_matches("- ");
        let ticks = t.bytes().take_while(|&b| b == b'`').count();
        if ticks >= 8 && t[ticks..].trim() == "example" {
            fenced += 1;
            continue;
        }
        let (key, rest) = match t.strip_prefix('"') {
            Some(q) => q.split_once('"').unwrap_or((q, "")),
            None => t.split_at(t.find(':').unwrap_or(t.len())),
        };
        if !rest.trim_start().starts_with(':') {
            continue;
        }
        match key.to_ascii_lowercase().as_str() {
            "markdown" | "myst" | "md" | "commonmark" => input = true,
            "html" => html = true,
            "example" => numbered += 1,
            "title" | "name" | "section" => {
                let lower = t.to_ascii_lowercase();
                if lower
                    .split("example ")
                    .skip(1)
                    .any(|after| after.starts_with(|c: char| c.is_ascii_digit()))
                {
                    numbered += 1;
                }
            }
            _ => {}
        }
    }
    if fenced >= 3 {
        return Some("the examples of a Markdown spec (CommonMark's format)");
    }
    (numbered >= 3 && input && html)
        .then_some("the test examples of a Markdown parser (Markdown input and its HTML)")
}

/// True when `head` starts with gzip's magic bytes and deflate method.
pub fn is_gzip(head: &[u8]) -> bool {
    head.starts_with(&[0x1f, 0x8b, 0x08])
}

/// Detects the format of a file from `head`, its first bytes (8 KiB are
/// enough), and its `path` (for a `.gz` file, the name without `.gz`), in
/// this order: an mbox separator line; a Markdown, reST or AsciiDoc name;
/// a mail header block; an HTML start; a roff start (a comment line or
/// `.TH`), or a man page name with roff lines at the top; the other names
/// (`.mbox`, `.eml`, `.html`); a Maildir file; else text. Never gives
/// [`InputFormat::Auto`].
pub fn detect(head: &[u8], path: &Path) -> InputFormat {
    if is_mbox(head) {
        return InputFormat::Mbox;
    }
    // The extension in lower case, without allocating (longer ones than
    // the buffer are none of the names below).
    let mut lower = [0u8; 16];
    let ext: Option<&str> = path.extension().and_then(|e| e.to_str()).and_then(|e| {
        let out = lower.get_mut(..e.len())?;
        out.copy_from_slice(e.as_bytes());
        out.make_ascii_lowercase();
        std::str::from_utf8(out).ok()
    });
    // A document's own name wins over a first block that looks like mail
    // header fields: Markdown and reST documents open with metadata
    // (`Title:`, `Author:`, `Date:`) as often as with anything.
    match ext {
        Some("md" | "markdown" | "mdown" | "mkd" | "mkdn" | "mdx") => return InputFormat::Markdown,
        Some("rst" | "rest") => return InputFormat::Rst,
        Some("adoc" | "asciidoc") => return InputFormat::Asciidoc,
        // Configuration files of `key: value` lines are never mail.
        Some("yml" | "yaml" | "toml" | "json") => return InputFormat::Text,
        _ => {}
    }
    if is_header_block(head) {
        return InputFormat::Mail;
    }
    if is_html(head) {
        return InputFormat::Html;
    }
    if is_xml(head) {
        return InputFormat::Xml;
    }
    if starts_as_roff(head) || (ext.is_some_and(roff_extension) && looks_like_roff(head)) {
        return InputFormat::Roff;
    }
    match ext {
        Some("mbox" | "mbx") => return InputFormat::Mbox,
        Some("eml") => return InputFormat::Mail,
        Some("html" | "htm" | "xhtml") => return InputFormat::Html,
        Some("xml" | "svg" | "drawio") => return InputFormat::Xml,
        _ => {}
    }
    if in_maildir(path) && looks_like_headers(head) {
        return InputFormat::Mail;
    }
    if ext == Some("txt") && looks_like_rst(head) {
        // Sphinx projects that name their sources `.txt` (Django's docs).
        return InputFormat::Rst;
    }
    InputFormat::Text
}

/// True when `head` (the first bytes of a `.txt` file) is reStructuredText,
/// as Sphinx projects with `source_suffix = ".txt"` write it: an explicit
/// markup line that is a directive or a hyperlink target (`.. module::`,
/// `.. code-block:: python`, `.. _label:`), or an interpreted-text role
/// (`:ticket:`25620``), and a section title adornment
/// (a line of four or more of one punctuation character under a line of
/// text, or over and under it). Plain text, RFCs and mail have neither
/// together.
fn looks_like_rst(head: &[u8]) -> bool {
    // Explicit markup needs `.. ` or `:``; most text has neither and is
    // done without the walk over its lines.
    if memchr::memmem::find(head, b".. ").is_none() && memchr::memmem::find(head, b":`").is_none() {
        return false;
    }
    let mut explicit = false;
    let mut adornment = false;
    let mut previous: &[u8] = b"";
    for line in head.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if let Some(rest) = line.strip_prefix(b".. ") {
            let name_len = rest
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':'))
                .count();
            let directive =
                name_len > 2 && rest[..name_len].ends_with(b"::") && rest[0].is_ascii_alphabetic();
            let target = rest.first() == Some(&b'_') && rest.contains(&b':');
            explicit |= directive || target;
        }
        // An interpreted-text role, `:ticket:`25620``, `:ref:`x``.
        explicit |= line.windows(2).enumerate().any(|(i, w)| {
            w == b":`"
                && line[..i]
                    .iter()
                    .rev()
                    .take_while(|b| b.is_ascii_lowercase() || matches!(b, b'-' | b':'))
                    .count()
                    >= 2
                && line[..i]
                    .iter()
                    .rev()
                    .take_while(|&&b| b != b' ')
                    .any(|&b| b == b':')
        });
        let trimmed = line.trim_ascii_end();
        if trimmed.len() >= 4
            && b"=-~^*#+".contains(&trimmed[0])
            && trimmed.iter().all(|&b| b == trimmed[0])
            && !previous.trim_ascii().is_empty()
        {
            adornment = true;
        }
        previous = line;
        if explicit && adornment {
            return true;
        }
    }
    false
}

/// True for a file name extension (lowercase, without the dot) that man
/// pages and roff sources have: a man section `1` to `9` and letters after
/// it (`3pm`, `1ssl`, `8x`, `3t`), `n` and `l` (Tcl's and local sections),
/// `man`, `mdoc`, `roff`, `groff`, `troff`, `nroff`.
pub fn roff_extension(ext: &str) -> bool {
    let b = ext.as_bytes();
    match b.first() {
        Some(b'1'..=b'9') => b.len() <= 6 && b[1..].iter().all(u8::is_ascii_lowercase),
        _ => matches!(
            ext,
            "n" | "l" | "man" | "mdoc" | "roff" | "groff" | "troff" | "nroff"
        ),
    }
}

/// The first lines of `head` that are not blank (spaces, tabs only), at
/// most `n`, without their line breaks; a line cut by the end of `head`
/// is left out unless it is the only one.
fn first_lines(head: &[u8], n: usize) -> Vec<&[u8]> {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let mut out = Vec::new();
    let mut at = 0;
    while at < head.len() && out.len() < n {
        let end = memchr::memchr(b'\n', &head[at..]).map(|p| at + p);
        if end.is_none() && !out.is_empty() {
            break;
        }
        let line = &head[at..end.unwrap_or(head.len())];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if !line.iter().all(|b| matches!(b, b' ' | b'\t')) {
            out.push(line);
        }
        at = end.map_or(head.len(), |e| e + 1);
    }
    out
}

/// True when `line` is a roff comment line: `.\"`, `'\"` (with spaces
/// allowed after the control character), or groff's `.\#`.
fn roff_comment(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b".").or_else(|| line.strip_prefix(b"'")) else {
        return false;
    };
    let rest = rest.trim_ascii_start();
    rest.starts_with(b"\\\"") || rest.starts_with(b"\\#")
}

/// True when `head` starts (after blank lines) the way only roff does: a
/// comment line (`.\"`, `'\"`, which no prose starts with), or `.TH`
/// followed by a title word. What a man page's first lines are.
fn starts_as_roff(head: &[u8]) -> bool {
    let Some(first) = first_lines(head, 1).first().copied() else {
        return false;
    };
    if roff_comment(first) {
        return true;
    }
    first
        .strip_prefix(b".TH ")
        .is_some_and(|t| t.first().is_some_and(|b| !b.is_ascii_whitespace()))
}

/// Requests and macros a man page uses at its top (groff(7), man(7),
/// mdoc(7)): a line calling one of them (`.TH`, `.de`, `.so`, `.Dd`, ...)
/// is roff, not prose that starts with a dot (`.NET is ...`).
const ROFF_NAMES: &[&[u8]] = &[
    b"TH", b"SH", b"SS", b"PP", b"LP", b"P", b"TP", b"IP", b"HP", b"RS", b"RE", b"B", b"I", b"BR",
    b"BI", b"IB", b"IR", b"RB", b"RI", b"SM", b"SB", b"nf", b"fi", b"br", b"sp", b"ds", b"de",
    b"de1", b"nr", b"if", b"ie", b"el", b"so", b"mso", b"ft", b"ad", b"na", b"nh", b"hy", b"ig",
    b"tr", b"ll", b"in", b"ti", b"Dd", b"Dt", b"Os", b"Sh", b"Nm", b"Nd", b"EX", b"EE", b"UR",
    b"UE", b"TS", b"IX", b"Vb", b"Ve",
];

/// True when among the first ten non-blank lines of `head` one is a roff
/// comment or calls a known request or macro (`ROFF_NAMES`), and no
/// byte of it is a NUL (a binary is not roff): the content check for a
/// file with a man page name (`notes.1` holding prose is text).
pub fn looks_like_roff(head: &[u8]) -> bool {
    if memchr::memchr(0, head).is_some() {
        return false;
    }
    first_lines(head, 10).into_iter().any(|line| {
        if roff_comment(line) {
            return true;
        }
        let Some(rest) = line.strip_prefix(b".").or_else(|| line.strip_prefix(b"'")) else {
            return false;
        };
        let rest = rest.trim_ascii_start();
        let name_len = rest
            .iter()
            .position(|b| b.is_ascii_whitespace() || *b == b'\\')
            .unwrap_or(rest.len());
        ROFF_NAMES.contains(&&rest[..name_len])
    })
}

/// The first line, without its line break.
fn first_line(head: &[u8]) -> &[u8] {
    let end = memchr::memchr(b'\n', head).unwrap_or(head.len());
    let line = &head[..end];
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// An mbox separator on the first line (`From ADDR DATE`, RFC 4155
/// section 2; pipermail writes `From user at host  DATE`), then a header
/// field on the second.
fn is_mbox(head: &[u8]) -> bool {
    let line = first_line(head);
    let Some(rest) = line.strip_prefix(b"From ") else {
        return false;
    };
    // A date: some digits and a time hh:mm.
    let has_time = rest
        .windows(3)
        .any(|w| w[0].is_ascii_digit() && w[1] == b':' && w[2].is_ascii_digit());
    let second = &head[(line.len() + 1).min(head.len())..];
    let second = second.strip_prefix(b"\n").unwrap_or(second);
    has_time && field_name(second).is_some()
}

/// The length of the field name at the start of `line` (RFC 5322
/// section 3.6.8: printable ASCII but ':' and space), when a ':' follows.
pub(crate) fn field_name(line: &[u8]) -> Option<usize> {
    let n = line
        .iter()
        .take_while(|&&b| (33..=126).contains(&b) && b != b':')
        .count();
    (n > 0 && line.get(n) == Some(&b':')).then_some(n)
}

/// Fields that mail and news articles have and other text rarely starts
/// with.
const MAIL_FIELDS: &[&str] = &[
    "from",
    "date",
    "message-id",
    "subject",
    "newsgroups",
    "received",
    "return-path",
    "mime-version",
    "path",
    "xref",
    "delivered-to",
    "to",
    "in-reply-to",
    "references",
    "x-original-to",
    "organization",
    "nntp-posting-host",
];

/// An RFC 5322 header block at the top: every line up to the first empty
/// line is a field or a folded continuation, at least two distinct fields
/// of [`MAIL_FIELDS`] are written as mail writes them (a capital first
/// letter: `From:`, `Date:`, `Message-ID:`, `Subject:`, `Received:`,
/// `MIME-Version:`), and the block ends with an empty line, or runs past
/// the end of a head of [`LONG_HEADER`] bytes or more (a long chain of
/// `Received:` fields). A YAML file of `key: value` lines (a GitHub
/// workflow, a `_config.yml`, a `mkdocs.yml`) has lowercase keys, and
/// often no empty line after its first keys: it is no mail.
fn is_header_block(head: &[u8]) -> bool {
    header_fields(head).is_some_and(|h| {
        h.fields >= 2 && h.mail_written >= 2 && (h.ended || head.len() >= LONG_HEADER)
    })
}

/// The head size (4 KiB) from which a header block that the head cuts
/// still counts as one ([`is_header_block`]).
const LONG_HEADER: usize = 4096;

/// Looser: a block whose fields include one of [`MAIL_FIELDS`] (a
/// Maildir file may have a single field before its body).
fn looks_like_headers(head: &[u8]) -> bool {
    header_fields(head).is_some_and(|h| h.known >= 1)
}

/// What [`header_fields`] counts of a header block.
struct HeaderCount {
    /// Fields.
    fields: usize,
    /// Fields named in [`MAIL_FIELDS`] (any case).
    known: usize,
    /// Distinct names of [`MAIL_FIELDS`] written with a capital first
    /// letter, as mail writes them.
    mail_written: usize,
    /// True when an empty line ends the block inside `head`.
    ended: bool,
}

/// Counts the fields of the header block at the top of `head` and those
/// in [`MAIL_FIELDS`]; `None` when a line is neither a field nor a
/// continuation.
fn header_fields(head: &[u8]) -> Option<HeaderCount> {
    let mut count = HeaderCount {
        fields: 0,
        known: 0,
        mail_written: 0,
        ended: false,
    };
    // Which names of MAIL_FIELDS were seen capitalised (one bit each).
    let mut seen: u32 = 0;
    let mut at = 0;
    while at < head.len() {
        let end = memchr::memchr(b'\n', &head[at..]).map(|p| at + p);
        let line = &head[at..end.unwrap_or(head.len())];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            count.ended = true;
            break;
        }
        match end {
            // The head ends inside this line: do not judge it.
            None => break,
            Some(_) if line[0] == b' ' || line[0] == b'\t' => {
                if count.fields == 0 {
                    return None;
                }
            }
            Some(_) => {
                let n = field_name(line)?;
                count.fields += 1;
                let name = &line[..n];
                if let Some(i) = MAIL_FIELDS
                    .iter()
                    .position(|f| f.as_bytes().eq_ignore_ascii_case(name))
                {
                    count.known += 1;
                    if name[0].is_ascii_uppercase() && seen & (1 << i) == 0 {
                        seen |= 1 << i;
                        count.mail_written += 1;
                    }
                }
            }
        }
        at = end.map_or(head.len(), |e| e + 1);
    }
    Some(count)
}

/// `<!DOCTYPE html` or `<html` first (after a byte-order mark, white
/// space and comments), case-insensitive.
fn is_html(head: &[u8]) -> bool {
    let mut s = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    loop {
        let ws = s.iter().take_while(|b| b.is_ascii_whitespace()).count();
        s = &s[ws..];
        if s.starts_with(b"<!--") {
            match memchr::memmem::find(s, b"-->") {
                Some(e) => s = &s[e + 3..],
                None => return false,
            }
            continue;
        }
        break;
    }
    let starts = |p: &[u8]| s.len() >= p.len() && s[..p.len()].eq_ignore_ascii_case(p);
    starts(b"<!doctype html") || starts(b"<html") || starts(b"<?xml") && has_xhtml(s)
}

/// An XML document's start (after a byte-order mark, white space and
/// comments): the XML declaration `<?xml`, or the root element of SVG
/// (`<svg`) or of a drawio file (`<mxfile`). XHTML (`<?xml` then the XHTML
/// namespace) is taken for HTML before this is asked.
fn is_xml(head: &[u8]) -> bool {
    let mut s = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    loop {
        s = s.trim_ascii_start();
        match s.strip_prefix(b"<!--") {
            Some(rest) => match memchr::memmem::find(rest, b"-->") {
                Some(e) => s = &rest[e + 3..],
                None => return false,
            },
            None => break,
        }
    }
    let tag = |p: &[u8]| {
        s.starts_with(p)
            && s.get(p.len())
                .is_some_and(|b| b.is_ascii_whitespace() || matches!(b, b'>' | b'/'))
    };
    tag(b"<?xml") || tag(b"<svg") || tag(b"<mxfile")
}

/// An XHTML document after its XML declaration: the XHTML namespace, or
/// an HTML DOCTYPE or `<html` start tag in the first KiB (any case).
fn has_xhtml(s: &[u8]) -> bool {
    if memchr::memmem::find(s, b"http://www.w3.org/1999/xhtml").is_some() {
        return true;
    }
    let start = s.get(..1024).unwrap_or(s).to_ascii_lowercase();
    memchr::memmem::find(&start, b"<!doctype html").is_some()
        || memchr::memmem::find(&start, b"<html").is_some()
}

/// A file in a Maildir's `cur/` or `new/` folder (whose parent has `tmp/`
/// or the other one).
fn in_maildir(path: &Path) -> bool {
    // The folder's name is `cur` or `new`: without either in the path, no
    // need to take the path apart.
    let bytes = path.as_os_str().as_encoded_bytes();
    if memchr::memmem::find(bytes, b"cur").is_none()
        && memchr::memmem::find(bytes, b"new").is_none()
    {
        return false;
    }
    let Some(dir) = path.parent() else {
        return false;
    };
    let name = dir.file_name().and_then(|n| n.to_str());
    if !matches!(name, Some("cur" | "new")) {
        return false;
    }
    dir.parent()
        .is_some_and(|m| m.join("cur").is_dir() && m.join("new").is_dir())
}

#[cfg(test)]
mod tests {
    /// The test examples of Markdown parsers: CommonMark's `spec.txt`
    /// format, and the cases of jupyter-book/mystmd's
    /// `cmark_spec_0.30.yml` (`fixtures/formats/parser-examples/`, source
    /// in its `SOURCE`); a page about Markdown with one example, and a
    /// YAML file of titles, are not.
    #[test]
    fn parser_test_examples() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures/formats/parser-examples");
        for (name, found) in [
            ("cmark_spec_0.30.yml", true),
            ("spec.txt", true),
            ("not-examples.yml", false),
            ("not-examples.md", false),
        ] {
            let head = std::fs::read(dir.join(name)).expect("fixture");
            assert_eq!(
                super::parser_test_examples(&head).is_some(),
                found,
                "{name}"
            );
        }
    }

    use super::*;

    fn d(head: &str, path: &str) -> InputFormat {
        detect(head.as_bytes(), Path::new(path))
    }

    /// Django's docs are reStructuredText named `.txt` (the first lines of
    /// docs/ref/contrib/gis/functions.txt); an RFC, a README and a list
    /// with one `..` line are not.
    #[test]
    fn rst_in_txt_files() {
        let django = "=============================\nGeographic Database Functions\n\
                      =============================\n\n\
                      .. module:: django.contrib.gis.db.models.functions\n    :synopsis: x\n";
        assert_eq!(d(django, "docs/ref/functions.txt"), InputFormat::Rst);
        let target = "Title\n-----\n\nSee :ref:`x`.\n\n.. _x-label:\n\nText.\n";
        assert_eq!(d(target, "notes.txt"), InputFormat::Rst);
        // Not `.txt`, or no directive, or no title.
        assert_eq!(d(django, "functions.text"), InputFormat::Text);
        let rfc = "Network Working Group\n\n1.  Introduction\n\n   .. the text goes on\n";
        assert_eq!(d(rfc, "rfc3986.txt"), InputFormat::Text);
        let list = "Items\n=====\n\n.. and so on\n";
        assert_eq!(d(list, "todo.txt"), InputFormat::Text);
        // Django's release notes: a title and roles.
        let notes = "Bugfixes\n========\n\n* Fixed a regression (:ticket:`25620`).\n";
        assert_eq!(d(notes, "1.8.6.txt"), InputFormat::Rst);
        let colon = "Notes\n=====\n\nTime: 10:30 `x` and a:`b`\n";
        assert_eq!(d(colon, "a.txt"), InputFormat::Text);
        let directive_only = ".. note:: x\n";
        assert_eq!(d(directive_only, "a.txt"), InputFormat::Text);
    }

    #[test]
    fn content_first() {
        assert_eq!(
            d(
                "From mboxrd@z Thu Jan  1 00:00:00 1970\nReturn-Path: <a@b>\n",
                "x.txt"
            ),
            InputFormat::Mbox
        );
        assert_eq!(
            d(
                "From dcm at MIT.EDU  Sat Apr  1 04:34:15 2006\nFrom: dcm at MIT.EDU (D)\n",
                "2006-April.txt"
            ),
            InputFormat::Mbox
        );
        assert_eq!(
            d(
                "From: pgf@space.mit.edu (Peter G. Ford)\nSubject: Re: x\nLines: 30\n\nbody\n",
                "60243"
            ),
            InputFormat::Mail
        );
        assert_eq!(
            d("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD\">", "a"),
            InputFormat::Html
        );
        assert_eq!(d("  <!-- c -->\n<html lang=en>", "a"), InputFormat::Html);
    }

    #[test]
    fn text_that_only_looks_alike() {
        assert_eq!(
            d("From here you go to http://a.example/\n", "README"),
            InputFormat::Text
        );
        // A header-like block at the top of a Markdown file is no mail.
        assert_eq!(
            d("Title: x\nAuthor: y\n\nbody", "notes.md"),
            InputFormat::Markdown
        );
        assert_eq!(d("---\ntitle: x\n---\n", "a.md"), InputFormat::Markdown);
        // Even mail's own fields: the name says what it is.
        let mail = "From: a@b.example\nSubject: s\nDate: Mon, 1 Jan 2024 00:00:00 +0000\n\nbody";
        assert_eq!(d(mail, "notes.md"), InputFormat::Markdown);
        assert_eq!(d(mail, "notes.rst"), InputFormat::Rst);
        assert_eq!(d(mail, "msg"), InputFormat::Mail);
        assert_eq!(d("Title: x\nAuthor: y\n\nbody", "notes"), InputFormat::Text);
        assert_eq!(d("Note: one field\n", "a.txt"), InputFormat::Text);
        assert_eq!(d("", "a"), InputFormat::Text);
    }

    /// YAML files of `key: value` lines are not mail (issue 46): real
    /// ones, under their names and under none; a `Key: value` block with
    /// one mail field and no empty line after it (the YAML
    /// specification's log file) is not either. Real mail and news still
    /// are.
    #[test]
    fn yaml_is_not_mail() {
        let fixtures: [(&[u8], &str); 3] = [
            (
                include_bytes!("../../../fixtures/formats/yaml/pydantic-mkdocs.yml"),
                "mkdocs.yml",
            ),
            (
                include_bytes!("../../../fixtures/formats/yaml/pydantic-docs-update.yml"),
                ".github/workflows/docs-update.yml",
            ),
            (
                include_bytes!("../../../fixtures/formats/yaml/yaml-spec-log-file.yaml"),
                "log.yaml",
            ),
        ];
        for (bytes, name) in fixtures {
            assert_eq!(detect(bytes, Path::new(name)), InputFormat::Text, "{name}");
            assert_eq!(
                detect(bytes, Path::new("config")),
                InputFormat::Text,
                "{name}"
            );
        }
        // One mail field, lowercase keys, or no empty line: not enough.
        assert_eq!(
            d("date: 2024-01-01\ntitle: x\n\n", "meta"),
            InputFormat::Text
        );
        assert_eq!(
            d("from: a@b.example\nsubject: s\n\nbody", "meta"),
            InputFormat::Text
        );
        assert_eq!(
            d("From: a@b.example\nSubject: s\n", "meta"),
            InputFormat::Text
        );
        // Real news and mail.
        let news = include_bytes!("../../../fixtures/news/sci.space-61448");
        assert_eq!(detect(news, Path::new("61448")), InputFormat::Mail);
        let eml = include_bytes!("../../../fixtures/mail/mailman3-base64-reply.eml");
        assert_eq!(detect(eml, Path::new("message")), InputFormat::Mail);
        let git = "From: A U Thor <a@b.example>\nDate: Mon, 1 Jan 2024 00:00:00 +0000\n                   Subject: [PATCH] x\nMIME-Version: 1.0\n\nbody\n";
        assert_eq!(d(git, "0001-x"), InputFormat::Mail);
    }

    /// XML, SVG and drawio by their start or their name (issue 46);
    /// XHTML stays HTML, and a start that only looks alike stays text.
    #[test]
    fn xml_by_content_and_name() {
        let svg = include_bytes!("../../../fixtures/formats/xml/grpc-backend_metrics.svg");
        assert_eq!(detect(svg, Path::new("img")), InputFormat::Xml);
        let drawio = include_bytes!("../../../fixtures/formats/xml/lists-compressed.drawio");
        assert_eq!(detect(drawio, Path::new("lists")), InputFormat::Xml);
        assert_eq!(d("\u{feff}<svg xmlns=\"x\">", "a"), InputFormat::Xml);
        assert_eq!(d("<!-- c -->\n<svg>", "a"), InputFormat::Xml);
        assert_eq!(d("anything", "a.svg"), InputFormat::Xml);
        assert_eq!(d("anything", "a.drawio"), InputFormat::Xml);
        assert_eq!(d("anything", "pom.XML"), InputFormat::Xml);
        let xhtml = "<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">";
        assert_eq!(d(xhtml, "a"), InputFormat::Html);
        // Also when its namespace is not the XHTML one (a rewritten one).
        let doctype =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0\" \"x\">";
        assert_eq!(d(doctype, "a"), InputFormat::Html);
        assert_eq!(d("<svgfoo>", "a"), InputFormat::Text);
        assert_eq!(d("text <svg>", "a"), InputFormat::Text);
        for n in ["xml", "svg", "drawio"] {
            assert_eq!(InputFormat::parse(n), Ok(InputFormat::Xml));
        }
    }

    #[test]
    fn names_after_content() {
        assert_eq!(d("hello", "a.mbox"), InputFormat::Mbox);
        assert_eq!(d("hello", "a.HTM"), InputFormat::Html);
        assert_eq!(d("hello", "a.eml"), InputFormat::Mail);
    }

    #[test]
    fn roff_by_content_and_name() {
        // Content alone: a comment line or `.TH` first (after blank lines,
        // as gcloud's pages start).
        assert_eq!(d(".\\\" Copyright\n.TH LS 1\n", "ls"), InputFormat::Roff);
        assert_eq!(d("'\\\" t\n.TH X 7\n", "-"), InputFormat::Roff);
        assert_eq!(d("\n.TH \"GCLOUD\" 1\n", "gcloud"), InputFormat::Roff);
        // A man page name and a request near the top.
        assert_eq!(d(".Dd $Mdocdate$\n.Dt SSH 1\n", "ssh.1"), InputFormat::Roff);
        assert_eq!(d(".so man3/x.3\n", "y.3pm"), InputFormat::Roff);
        assert_eq!(d(".de Vb\n..\n", "openssl.1ssl"), InputFormat::Roff);
        assert_eq!(d("\n\n.SH NAME\nx\n", "tclsh.n"), InputFormat::Roff);
        assert_eq!(d(".TH X 8\n", "x.8x"), InputFormat::Roff);
        assert_eq!(d(".PP\ntext\n", "page.man"), InputFormat::Roff);
        assert_eq!(d(".PP\ntext\n", "page.mdoc"), InputFormat::Roff);
        assert_eq!(d(".B x\n", "doc.roff"), InputFormat::Roff);
    }

    #[test]
    fn not_roff() {
        // Prose in a file with a man section name stays text.
        assert_eq!(
            d("Notes for release 1.\nSee http://a.example/\n", "notes.1"),
            InputFormat::Text
        );
        assert_eq!(d(".NET is a platform.\n", "dotnet.1"), InputFormat::Text);
        assert_eq!(d("...and so on\n", "x.2"), InputFormat::Text);
        // A shared library's name is a section name; its bytes are no roff.
        assert_eq!(
            d("\x7fELF\x02\x01\x01\0\0.TH", "libfoo.so.1"),
            InputFormat::Text
        );
        // A dot first is not enough without the name.
        assert_eq!(d(".PP\ntext\n", "notes"), InputFormat::Text);
        assert_eq!(d(".TH\n", "notes"), InputFormat::Text);
        assert_eq!(d(".profile settings\n", "README"), InputFormat::Text);
        // Names that are not man sections.
        assert!(!roff_extension("10"));
        assert!(!roff_extension("txt"));
        assert!(!roff_extension("1ABC"));
        assert!(roff_extension("3pm"));
        assert!(roff_extension("1ssl"));
        // Other formats' names still win.
        assert_eq!(d(".\\\" x\n", "a.md"), InputFormat::Markdown);
    }

    #[test]
    fn parse_names() {
        for n in ["roff", "man", "troff", "groff", "MAN"] {
            assert_eq!(InputFormat::parse(n), Ok(InputFormat::Roff));
        }
        assert_eq!(InputFormat::Roff.name(), "roff");
        assert_eq!(InputFormat::parse("news"), Ok(InputFormat::Mail));
        assert_eq!(InputFormat::parse("TEXT"), Ok(InputFormat::Text));
        assert!(InputFormat::parse("pdf").is_err());
    }
}
