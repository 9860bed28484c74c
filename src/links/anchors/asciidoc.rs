//! The anchors of an AsciiDoc document: each section's id as
//! Asciidoctor generates it, and the explicit ids `[[id]]`, `[#id]`,
//! `[id=...]`, `anchor:id[]` and `[[[id]]]`.

use std::collections::{HashMap, HashSet};

use super::Anchors;
use crate::site::slug::{IdAttributes, Renderer, Slugger};

/// The `idprefix` (empty) and `idseparator` (`-`) GitHub renders AsciiDoc
/// with (github/markup `lib/github/markups.rb`, the `asciidoctor` markup's
/// attributes).
const GITHUB: IdAttributes = match IdAttributes::new_const(b"", Some('-')) {
    Some(a) => a,
    None => IdAttributes::DEFAULT,
};

/// The anchors of the AsciiDoc document `src`: each section title's id
/// (Asciidoctor `Section.generate_id` of the title as converted:
/// formatting marks removed, replacements such as `--` and `(C)` made,
/// attribute references resolved; repeats `_2`, `_3`, ...) unless the
/// section has an explicit id, and every explicit id. The attributes
/// `idprefix` and `idseparator` are those of `renderer` when it is
/// [`Renderer::Asciidoctor`] (GitHub's, empty and `-`, for
/// [`Renderer::Github`]; else Asciidoctor's defaults), changed by
/// the document's own `:idprefix:` and `:idseparator:` entries; a
/// `:sectids!:` entry stops generated ids. A section's title with an
/// upper-case letter or a space is an anchor too, as a natural cross
/// reference (`<<Schema>>`) names it. Lines in delimited blocks
/// (listing, literal, passthrough, comment, table) are not read.
pub fn of_asciidoc(src: &[u8], renderer: Renderer) -> Anchors {
    let (ids, mut others) = scan(src, renderer);
    others.extend(ids.into_iter().map(|(id, _)| id));
    Anchors::new(others, false)
}

/// The generated id of each section of `src` in document order (a
/// section with an explicit id has none here), as [`of_asciidoc`] makes
/// them.
pub fn section_ids(src: &[u8], renderer: Renderer) -> Vec<String> {
    scan(src, renderer)
        .0
        .into_iter()
        .map(|(id, _)| id)
        .collect()
}

/// [`section_ids`], each with the 0-based index of its title's line (lines
/// as [`str::lines`] splits them); for go-to-definition on a `#fragment`.
pub fn section_ids_at(src: &[u8], renderer: Renderer) -> Vec<(String, usize)> {
    scan(src, renderer).0
}

/// The generated section ids of `src` in order (each with its title's
/// line index), and its other anchors.
fn scan(src: &[u8], renderer: Renderer) -> (Vec<(String, usize)>, HashSet<String>) {
    let text = String::from_utf8_lossy(src);
    let mut s = Scan::new(renderer);
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let mut underline = None;
    for (index, &line) in lines.iter().enumerate() {
        if underline == Some(index) {
            // The underline of a two-line title read at the line before.
            continue;
        }
        if s.in_block(line) {
            continue;
        }
        if is_verbatim_delimiter(line) {
            // A Markdown-style fence closes at a fence, whatever its
            // language (```` ```ts ```` ... ```` ``` ````).
            let closing = if line.starts_with("```") { "```" } else { line };
            s.block = Some(closing.to_string());
            s.pending_id = None;
            continue;
        }
        if line.starts_with("//") || s.attribute_entry(line) {
            continue;
        }
        // Block anchors and attribute lists before a block.
        if let Some(id) = block_anchor(line) {
            s.reserve(id.clone());
            s.pending_id = Some(id);
            continue;
        }
        for id in inline_anchors(line) {
            s.reserve(id);
        }
        let two_line = lines
            .get(index + 1)
            .and_then(|next| two_line_title(line, next));
        if two_line.is_some() {
            underline = Some(index + 1);
        }
        if let Some((level, title)) = two_line.or_else(|| section_title(line)) {
            s.section(level, title, index);
            continue;
        }
        if !line.is_empty() {
            s.pending_id = None;
            s.doc_title_seen = true;
        }
    }
    (s.sections, s.exact)
}

/// What [`scan`] knows at a line of the document.
struct Scan {
    /// The `idprefix` and `idseparator` in force.
    attrs: IdAttributes,
    /// `idprefix` as last set.
    prefix: String,
    /// `idseparator` as last set.
    separator: String,
    /// `sectids` set (section ids minted).
    sectids: bool,
    /// The document's attribute entries so far.
    values: HashMap<String, String>,
    /// Mints section ids, unique in the document.
    slugger: Slugger,
    /// The explicit anchors.
    exact: HashSet<String>,
    /// The generated section ids with their title's line index.
    sections: Vec<(String, usize)>,
    /// The delimiter that closes the verbatim block or table read.
    block: Option<String>,
    /// A block anchor waiting for its block (`[[id]]`, `[#id]`).
    pending_id: Option<String>,
    /// A line other than an attribute entry or a comment was read: a
    /// level-0 title now is a section's, not the document's.
    doc_title_seen: bool,
    /// The table being read.
    table: Table,
}

impl Scan {
    /// At the start of a document rendered by `renderer`.
    fn new(renderer: Renderer) -> Scan {
        let attrs = match renderer {
            Renderer::Asciidoctor(a) => a,
            // GitHub renders AsciiDoc with `idprefix` empty and
            // `idseparator` `-` (github/markup, `lib/github/markups.rb`):
            // hazelcast/hz-docs' README.adoc links `<<latest-releases>>`.
            Renderer::Github => GITHUB,
            _ => IdAttributes::DEFAULT,
        };
        Scan {
            attrs,
            prefix: attrs.prefix().to_string(),
            separator: attrs.separator().map(String::from).unwrap_or_default(),
            sectids: true,
            values: HashMap::new(),
            slugger: Slugger::new(Renderer::Asciidoctor(attrs)),
            exact: HashSet::new(),
            sections: Vec::new(),
            block: None,
            pending_id: None,
            doc_title_seen: false,
            table: Table::default(),
        }
    }

    /// An explicit anchor: kept, and no generated id takes its name.
    fn reserve(&mut self, id: String) {
        self.slugger.reserve(&id);
        self.exact.insert(id);
    }

    /// True when `line` is inside a verbatim block or a table (read for
    /// the ids its cells set) or closes it.
    fn in_block(&mut self, line: &str) -> bool {
        let Some(delim) = &self.block else {
            return false;
        };
        if line == delim {
            self.block = None;
            self.table = Table::default();
        } else if delim.starts_with('|') {
            for id in self.table.anchors(line) {
                self.reserve(id);
            }
        }
        true
    }

    /// True when `line` is an attribute entry (`:idprefix: x`), taken.
    fn attribute_entry(&mut self, line: &str) -> bool {
        let Some((name, value)) = attribute_entry(line) else {
            return false;
        };
        match name.as_str() {
            "idprefix" => self.prefix = value.clone(),
            "idseparator" => self.separator = value.clone(),
            "sectids!" | "!sectids" => self.sectids = false,
            "sectids" => self.sectids = true,
            _ => {}
        }
        if let Some(a) = IdAttributes::new(&self.prefix, &self.separator) {
            if a != self.attrs {
                self.attrs = a;
                // In place: the ids minted so far are kept (not a copy per
                // attribute entry, which made a document that changes them
                // often quadratic).
                self.slugger.set_renderer(Renderer::Asciidoctor(a));
            }
        }
        self.values.insert(name, value);
        true
    }

    /// A section title of `level` at line `index`: its id, unless the
    /// document title (which gets none) or one set explicitly.
    fn section(&mut self, level: usize, title: &str, index: usize) {
        let explicit = self.pending_id.take();
        if level == 0 && !self.doc_title_seen {
            // The document title gets no id.
            self.doc_title_seen = true;
            return;
        }
        self.doc_title_seen = true;
        let (title, inline_id) = strip_trailing_anchor(title);
        let converted = convert_title(title, &self.values);
        // A natural cross reference, `<<Schema>>`: a target with an
        // upper-case letter or a space that is no id names the section of
        // that title (Asciidoctor `resolve_id`; Antora docs, "Internal
        // xrefs").
        let natural = converted.trim();
        if natural.contains(' ') || natural.chars().any(char::is_uppercase) {
            self.exact.insert(natural.to_string());
        }
        if let Some(id) = inline_id {
            self.reserve(id);
            return;
        }
        if explicit.is_none() && self.sectids {
            let id = self.slugger.mint(&converted);
            self.sections.push((id, index));
        }
    }
}

/// Where a `|===` table's reading is: the ids its cells set.
#[derive(Default)]
struct Table {
    /// The cell being read is an AsciiDoc cell (`a|`).
    asciidoc: bool,
    /// Inside a delimited block of an AsciiDoc cell: its closing line.
    inner: Option<String>,
}

impl Table {
    /// The ids the table line `line` sets: inline anchors (`[[id]]`,
    /// `anchor:id[]`) in any cell, and a block anchor (`[#id]`, `[[id]]`)
    /// opening a line of an AsciiDoc cell (`a|`, whose content is a
    /// document: Asciidoctor "Table cells: AsciiDoc style"), as a
    /// cell's paragraph gets it. A cell starts at an unescaped `|`, with
    /// its specifier (`2+a`, `.^a`) right before it.
    fn anchors(&mut self, line: &str) -> Vec<String> {
        if let Some(close) = &self.inner {
            if line == close {
                self.inner = None;
            }
            return Vec::new();
        }
        let mut out = inline_anchors(line);
        let mut pieces = Vec::new();
        let mut start = 0;
        for (i, _) in line.match_indices('|') {
            if i > 0 && line.as_bytes().get(i - 1) == Some(&b'\\') {
                continue;
            }
            let head = &line[start..i];
            let spec_at = head.rfind(char::is_whitespace).map_or(0, |w| w + 1);
            pieces.push((self.asciidoc, &head[..spec_at]));
            self.asciidoc = cell_spec_is_asciidoc(&head[spec_at..]);
            start = i + 1;
        }
        pieces.push((self.asciidoc, &line[start..]));
        for (asciidoc, content) in pieces {
            let content = content.trim();
            if !asciidoc {
                continue;
            }
            if is_verbatim_delimiter(content) && content == line.trim() {
                self.inner = Some(content.to_string());
                continue;
            }
            if let Some(id) = block_anchor(content) {
                out.push(id);
            }
        }
        out
    }
}

/// True when `spec` is a cell specifier of the AsciiDoc style: an
/// optional span or duplication (`2+`, `.3+`, `2*`), alignments (`<`,
/// `^`, `>`, `.<`, `.^`, `.>`), then `a`.
fn cell_spec_is_asciidoc(spec: &str) -> bool {
    let Some(rest) = spec.strip_suffix('a') else {
        return false;
    };
    rest.chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | '+' | '*' | '<' | '^' | '>'))
}

/// True for a line that opens a block whose lines are not sections:
/// listing `----`, literal `....`, passthrough `++++`, comment `////`,
/// table `|===` (and `,===`, `:===`, `!===`), or a Markdown-style fence
/// ```` ``` ````.
fn is_verbatim_delimiter(line: &str) -> bool {
    let b = line.as_bytes();
    if b.starts_with(b"```") {
        return true;
    }
    if b.len() >= 4 && matches!(b[0], b'-' | b'.' | b'+' | b'/') && b.iter().all(|&c| c == b[0]) {
        return true;
    }
    b.len() >= 4 && matches!(b[0], b'|' | b',' | b':' | b'!') && b[1..].iter().all(|&c| c == b'=')
}

/// An attribute entry `:name: value` (`:name!:` and `:!name:` unset it):
/// the name (with its `!`) and the value.
fn attribute_entry(line: &str) -> Option<(String, String)> {
    let rest = line.strip_prefix(':')?;
    let (name, value) = rest.split_once(':')?;
    let plain = name.trim_start_matches('!').trim_end_matches('!');
    if plain.is_empty()
        || !plain
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    {
        return None;
    }
    if !(value.is_empty() || value.starts_with(' ')) {
        return None;
    }
    Some((name.to_string(), value.trim().to_string()))
}

/// The id of a block anchor line: `[[id]]`, `[[id, reftext]]`, `[#id]`,
/// `[#id.role]`, `[discrete#id]`, `[id=name]`, `[[[id]]]`.
fn block_anchor(line: &str) -> Option<String> {
    if let Some(inner) = line.strip_prefix("[[").and_then(|r| r.strip_suffix("]]")) {
        let inner = inner.trim_start_matches('[').trim_end_matches(']');
        let id = inner.split(',').next()?.trim();
        return is_id(id).then(|| id.to_string());
    }
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let first = inner.split(',').next()?.trim();
    if let Some(hash) = first.find('#') {
        let id = first[hash + 1..].split(['.', '%']).next()?;
        return is_id(id).then(|| id.to_string());
    }
    inner
        .split(',')
        .find_map(|a| a.trim().strip_prefix("id="))
        .map(|v| v.trim_matches('"').to_string())
        .filter(|id| is_id(id))
}

/// True when `id` can be an Asciidoctor id (a word character or `:`
/// first, then word characters, `:`, `.`, `-`).
fn is_id(id: &str) -> bool {
    let mut chars = id.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
        && chars.all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-'))
}

/// The inline anchors of a line: `[[id]]` and `anchor:id[]`; none in an
/// inline passthrough (`` `+[[id]]+` `` is literal text:
/// [`crate::format::asciidoc::passthroughs`]).
fn inline_anchors(line: &str) -> Vec<String> {
    let passed = crate::format::asciidoc::passthroughs(line.as_bytes());
    let masked: String;
    let line = if passed.is_empty() {
        line
    } else {
        // Each passthrough starts and ends at an ASCII mark: blanking its
        // characters keeps the line's other ones.
        masked = line
            .char_indices()
            .map(|(i, c)| {
                if passed.iter().any(|r| r.contains(&i)) {
                    ' '
                } else {
                    c
                }
            })
            .collect();
        &masked
    };
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(p) = rest.find("[[") {
        let after = rest[p + 2..].trim_start_matches('[');
        match after.find("]]") {
            Some(end) => {
                if let Some(id) = after[..end].split(',').next().map(str::trim) {
                    if is_id(id) {
                        out.push(id.to_string());
                    }
                }
                rest = &after[end..];
            }
            None => break,
        }
    }
    let mut rest = line;
    while let Some(p) = rest.find("anchor:") {
        let after = &rest[p + 7..];
        if let Some(end) = after.find('[') {
            if is_id(&after[..end]) {
                out.push(after[..end].to_string());
            }
        }
        rest = after;
    }
    out
}

/// A two-line (setext) section title: `title` underlined by `next`, a
/// run of one of `=` `-` `~` `^` `+` (levels 0 to 4) whose length is
/// within one character of the title's; the title does not start with
/// `.` (a block title) and holds a letter or digit. Asciidoctor reads
/// this before a delimited block, so `Title` + `-----` is a level-1
/// section, not a listing block. Source: Asciidoctor, "Section Titles"
/// (setext titles), `SetextSectionTitleRx` and `SetextSectionLineRx`.
fn two_line_title<'a>(title: &'a str, next: &str) -> Option<(usize, &'a str)> {
    let b = next.as_bytes();
    let level = match b.first()? {
        b'=' => 0,
        b'-' => 1,
        b'~' => 2,
        b'^' => 3,
        b'+' => 4,
        _ => return None,
    };
    let (title_len, line_len) = (title.chars().count(), b.len());
    let title_ok = !title.starts_with('.')
        && !title.starts_with(['[', '/', ':', '|', ' ', '\t'])
        && title.chars().any(char::is_alphanumeric)
        && section_title(title).is_none()
        && !is_verbatim_delimiter(title);
    (line_len >= 2
        && next != "--"
        && b.iter().all(|&c| c == b[0])
        && title_len.abs_diff(line_len) < 2
        && title_ok)
        .then_some((level, title))
}

/// A section title line: `=` (or `#`) repeated 1 to 6 times, a space,
/// the title; its level (0 for the document title) and text.
fn section_title(line: &str) -> Option<(usize, &str)> {
    let mark = line.chars().next().filter(|c| *c == '=' || *c == '#')?;
    let level = line.chars().take_while(|c| *c == mark).count();
    if level > 6 {
        return None;
    }
    let title = line[level..].strip_prefix(' ')?.trim();
    // A trailing run of the marks is allowed (`== Title ==`).
    let title = title.trim_end_matches(mark).trim_end();
    (!title.is_empty()).then_some((level - 1, title))
}

/// A title that ends with an inline anchor `[[id]]` (Asciidoctor gives
/// the section that id): the title before it and the id.
fn strip_trailing_anchor(title: &str) -> (&str, Option<String>) {
    if let Some(inner) = title.strip_suffix("]]") {
        if let Some(open) = inner.rfind("[[") {
            let id = inner[open + 2..].split(',').next().unwrap_or("").trim();
            if is_id(id) {
                return (inner[..open].trim_end(), Some(id.to_string()));
            }
        }
    }
    (title, None)
}

/// A section title as Asciidoctor converts it, as characters: attribute
/// references resolved (an unknown one kept as written), the
/// replacements made (`(C)` `(R)` `(TM)` `--` `...` `->` `=>` `<-` `<=`
/// and the apostrophe), and the marks of constrained and unconstrained
/// formatting (`*` `_` `` ` `` `#` `^` `~` `+`) and macros reduced to
/// their text (`link:url[text]`, `https://url[text]`, `<<id,text>>`).
fn convert_title(title: &str, values: &HashMap<String, String>) -> String {
    let mut s = String::with_capacity(title.len());
    // Attribute references.
    let mut rest = title;
    while let Some(open) = rest.find('{') {
        s.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) if values.contains_key(&after[..close]) => {
                s.push_str(&values[&after[..close]]);
                rest = &after[close + 1..];
            }
            _ => {
                s.push('{');
                rest = after;
            }
        }
    }
    s.push_str(rest);
    // Macros: `name:target[text]` and `<<id,text>>`.
    let s = reduce_macros(&s);
    // Formatting marks (the text keeps its words).
    let s: String = s
        .chars()
        .filter(|c| !matches!(c, '*' | '`' | '#' | '^' | '~' | '+'))
        .collect();
    let s = strip_underscore_marks(&s);
    s.replace("(C)", "\u{a9}")
        .replace("(R)", "\u{ae}")
        .replace("(TM)", "\u{2122}")
        .replace(" -- ", "\u{2009}\u{2014}\u{2009}")
        .replace("--", "\u{2014}\u{200b}")
        .replace("...", "\u{2026}\u{200b}")
        .replace("->", "\u{2192}")
        .replace("=>", "\u{21d2}")
        .replace("<-", "\u{2190}")
        .replace("<=", "\u{21d0}")
        .replace('\'', "\u{2019}")
}

/// `_emphasis_` marks removed where they wrap words (`snake_case` kept).
fn strip_underscore_marks(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' {
            let before = i.checked_sub(1).and_then(|j| chars.get(j));
            let after = chars.get(i + 1);
            let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric());
            if !(word(before) && word(after)) {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// Inline macros reduced to their text: `name:target[text]` gives
/// `text` (the target when `text` is empty), `<<id,text>>` gives `text`
/// (`[id]` when it has none, as Asciidoctor shows an unresolved one).
fn reduce_macros(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    loop {
        if let Some(p) = rest.find("<<") {
            if let Some(end) = rest[p..].find(">>") {
                out.push_str(&rest[..p]);
                let inner = &rest[p + 2..p + end];
                match inner.split_once(',') {
                    Some((_, text)) => out.push_str(text.trim()),
                    None => {
                        out.push('[');
                        out.push_str(inner);
                        out.push(']');
                    }
                }
                rest = &rest[p + end + 2..];
                continue;
            }
        }
        break;
    }
    out.push_str(rest);
    let s = out;
    let mut out = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(open) = rest.find('[') {
        // The macro's start: back to the white space before it.
        let head = &rest[..open];
        let start = head.rfind(char::is_whitespace).map_or(0, |w| w + 1);
        let target = &head[start..];
        let Some(close) = rest[open..].find(']') else {
            break;
        };
        let text = &rest[open + 1..open + close];
        if target.contains(':') && !target.ends_with(':') {
            out.push_str(&head[..start]);
            let shown = if text.is_empty() {
                target.split_once(':').map_or(target, |(_, t)| t)
            } else {
                text.trim_matches('"')
            };
            out.push_str(shown);
        } else {
            out.push_str(&rest[..open + close + 1]);
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(src: &str) -> Vec<String> {
        ids_by(src, Renderer::Asciidoctor(IdAttributes::DEFAULT))
    }

    /// The ids, not the titles a natural cross reference names.
    fn ids_by(src: &str, renderer: Renderer) -> Vec<String> {
        let mut v: Vec<String> = of_asciidoc(src.as_bytes(), renderer)
            .iter()
            .filter(|a| !(a.contains(' ') || a.chars().any(char::is_uppercase)))
            .map(String::from)
            .collect();
        v.sort();
        v
    }

    #[test]
    fn sections_and_explicit_ids() {
        let src = "= Doc Title\n:product: Foo\n\n== Intro\n\n== Intro\n\n[[custom]]\n== Named\n\n[#other.role]\n=== Other\n\n----\n== Not a section\n----\n\n== Using {product} (C) -- now\n\nSee anchor:here[] and [[there]].\n";
        assert_eq!(
            ids(src),
            [
                "_intro",
                "_intro_2",
                "_using_foo_now",
                "custom",
                "here",
                "other",
                "there"
            ]
        );
    }

    /// A block anchor opening an AsciiDoc cell (`a| [#memcached-alert]`)
    /// and an inline anchor in any cell are ids; a listing of a cell and
    /// a plain cell's `[#id]` are not (couchbase/docs-server,
    /// fixtures/sites/antora-distributed/SOURCE).
    #[test]
    fn ids_set_in_table_cells() {
        let src = include_str!(
            "../../../fixtures/sites/antora-distributed/modules/manage/pages/manage-settings/configure-alerts.adoc"
        );
        let a = of_asciidoc(src.as_bytes(), Renderer::Asciidoctor(IdAttributes::DEFAULT));
        assert!(a.has("memcached-alert") && a.has("memcached-alert-foonote"));
        let src = "|===\n| [#plain] text | x [[inline]]\n2+a|\n[[cell-block]]\nText\n\n----\n[#in-listing]\n----\n|===\n";
        let a = of_asciidoc(src.as_bytes(), Renderer::Asciidoctor(IdAttributes::DEFAULT));
        assert!(a.has("inline") && a.has("cell-block"));
        assert!(!a.has("plain") && !a.has("in-listing"));
    }

    #[test]
    fn document_attributes_change_ids() {
        let src =
            "= T\n:idprefix:\n:idseparator: -\n\n== Getting Started\n\n:sectids!:\n\n== No Id\n";
        assert_eq!(ids(src), ["getting-started"]);
    }

    /// A Markdown-style fence with a language (```` ```bash ````) closes
    /// at ```` ``` ````: the sections after it have ids
    /// (redpanda-data/docs, fixtures/sites/antora-playbook/SOURCE).
    /// Two-line (setext) section titles, as asciidoctor/asciidoctor-maven-plugin's
    /// `src/it/book-html/src/main/doc/sample.asciidoc` writes them (cut
    /// down): a `-----` or `~~~~` underline is a title's, not a listing
    /// block's delimiter, so the anchors after it are read (`[[X1]]`, the
    /// bibliography's `[[[taoup]]]`); a `----` that does not match the line
    /// above in length still opens a listing.
    #[test]
    fn two_line_titles_are_sections_not_listings() {
        let src = "Sample Document\n===============\n\nThe First Section\n-----------------\n\
                   Text.\n\n[[X1]]\nSub-section with Anchor\n~~~~~~~~~~~~~~~~~~~~~~~\n\
                   See <<X1>> and <<taoup>>.\n\n[bibliography]\n- [[[taoup]]] Eric Steven Raymond.\n\n\
                   The code is this:\n----\n[[inside]]\n----\n";
        let a = of_asciidoc(src.as_bytes(), Renderer::Asciidoctor(IdAttributes::DEFAULT));
        for id in [
            "_the_first_section",
            "_sub_section_with_anchor",
            "X1",
            "taoup",
        ] {
            assert_eq!(a.has(id), id != "_sub_section_with_anchor", "{id}");
        }
        assert!(!a.has("inside"));
        assert_eq!(two_line_title("Title", "-----"), Some((1, "Title")));
        assert_eq!(two_line_title("Title", "--"), None);
        assert_eq!(two_line_title(".Title", "------"), None);
        assert_eq!(two_line_title("Ti", "-------"), None);
    }

    #[test]
    fn a_fence_with_a_language_closes() {
        let src = include_str!(
            "../../../fixtures/sites/antora-playbook/modules/deploy/pages/redpanda/manual/production/production-deployment-automation.adoc"
        );
        assert_eq!(
            ids(src),
            [
                "_use_ansible_to_install_redpanda",
                "_use_terraform_to_set_up_infrastructure"
            ]
        );
    }

    /// GitHub renders AsciiDoc with `idprefix` empty and `idseparator`
    /// `-` (hazelcast/hz-docs, fixtures/sites/asciidoc-github/SOURCE).
    #[test]
    fn github_renders_with_its_own_id_attributes() {
        let src = include_str!("../../../fixtures/sites/asciidoc-github/README.adoc");
        assert_eq!(
            ids_by(src, Renderer::Github),
            ["creating-release-branches", "latest-releases"]
        );
    }

    /// `<<Reference, ...>>` names the section `=== Reference` by its title
    /// (redpanda-data/docs, fixtures/sites/antora-playbook/SOURCE).
    #[test]
    fn natural_cross_references_name_titles() {
        let src = include_str!(
            "../../../fixtures/sites/antora-playbook/modules/reference/pages/data-transforms/js/js-sdk-sr.adoc"
        );
        let a = of_asciidoc(src.as_bytes(), Renderer::Asciidoctor(IdAttributes::DEFAULT));
        assert!(a.has("Reference") && a.has("_reference") && a.has("Schema"));
        assert!(a.has("Properties") && !a.has("SchemaFormat") && !a.has("reference"));
    }

    /// An inline anchor quoted in a passthrough is text (Asciidoctor
    /// docs, "Passthroughs").
    #[test]
    fn no_anchor_in_a_passthrough() {
        assert_eq!(
            ids("= T\n\nWrite `+[[id]]+` for [[real]] an anchor.\n"),
            ["real"]
        );
    }
}
