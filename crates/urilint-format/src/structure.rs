//! Does an edited file still mean what it meant? Parsing a file before
//! and after an edit with the format's own parser and comparing the two
//! parses, apart from the URIs the edit changed.
//!
//! This module owns the check that every write into a data file makes
//! (YAML with `yaml-rust2`, TOML with `toml`, JSON with `serde_json`) and
//! the check of suppression markers in documents (Markdown with
//! `pulldown-cmark`, HTML with `html5gum`): [`same`]. A parse is turned
//! into a [`Tree`] (mappings with their keys sorted, sequences, strings,
//! other scalars as their text) and the trees are compared after each
//! string of the file before the edit has had the URI changes
//! ([`Change`]) applied; suppression markers (HTML comments and text that
//! hold `urilint:`) are left out of document parses. A file that does not
//! parse before the edit, parses nested deeper than [`MAX_NESTING`]
//! brackets, or is larger than [`MAX_PARSED`] bytes is never "the same":
//! nothing is written into it.
//!
//! It does not own deciding which files are data ([`super::writes`]) nor
//! the edits (`crate::fix`, `crate::rewrite`).

use super::writes::DataFormat;

/// The largest file parsed to check an edit (16 MiB): larger data files
/// and documents are reported on, not written.
pub const MAX_PARSED: usize = 16 * 1024 * 1024;

/// The deepest bracket nesting (`[`, `{`) parsed: the parsers recurse per
/// level, so deeper files are not parsed (and not written).
pub const MAX_NESTING: usize = 512;

/// One URI changed by an edit: its text before and after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The URI as the file held it.
    pub old: String,
    /// The URI the edit writes.
    pub new: String,
}

/// A parse of a file, as compared.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tree {
    /// A mapping, pairs sorted by key.
    Map(Vec<(Tree, Tree)>),
    /// A sequence (of documents, items, or document events).
    Seq(Vec<Tree>),
    /// A string (a scalar, a text run, an attribute value).
    Str(String),
    /// Any other scalar, as its text (`int:1`, `bool:true`, `null`), or a
    /// document event's kind (`start:Paragraph`).
    Other(String),
}

impl Tree {
    /// True when a string of the tree (a value or a key) holds `needle`.
    pub fn has_string_with(&self, needle: &str) -> bool {
        match self {
            Tree::Str(s) => s.contains(needle),
            Tree::Other(_) => false,
            Tree::Seq(items) => items.iter().any(|t| t.has_string_with(needle)),
            Tree::Map(pairs) => pairs
                .iter()
                .any(|(k, v)| k.has_string_with(needle) || v.has_string_with(needle)),
        }
    }
}

/// What a document is compared as: its format and whether suppression
/// markers are left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A data file.
    Data(DataFormat),
    /// A Markdown document (CommonMark with urilint's extensions:
    /// [`crate::markdown::options`]); front matter is parsed as
    /// YAML or TOML.
    Markdown,
    /// An HTML document (tokens: tags with their attributes, text,
    /// comments).
    Html,
}

/// True when `after` parses, as `kind`, to the same tree as `before`
/// with `changes` applied to its strings (and suppression markers left
/// out of both); false when either does not parse, or when a file is too
/// large or too deeply nested to parse ([`MAX_PARSED`], [`MAX_NESTING`]).
pub fn same(kind: Kind, before: &[u8], after: &[u8], changes: &[Change]) -> bool {
    parse_checked(kind, before).is_some_and(|tree| same_as(kind, &tree, after, changes))
}

/// The parse of `bytes` as `kind` ([`parse`]), made on a thread of its own
/// with a 256 MiB stack; `None` when it does not parse or is larger than
/// [`MAX_PARSED`] bytes or nested deeper than [`MAX_NESTING`] brackets.
pub fn parse_checked(kind: Kind, bytes: &[u8]) -> Option<Tree> {
    if bytes.len() > MAX_PARSED || nesting(bytes) > MAX_NESTING {
        return None;
    }
    on_big_stack(|| parse(kind, bytes))
}

/// True when `after` parses, as `kind`, to `before` (a parse of the file
/// before the edit, [`parse_checked`]) once `changes` are applied to the
/// strings of `before`.
pub fn same_as(kind: Kind, before: &Tree, after: &[u8], changes: &[Change]) -> bool {
    let Some(after) = parse_checked(kind, after) else {
        return false;
    };
    let subst = Substitution::new(changes);
    on_big_stack(|| Some(canon(before.clone(), Some(&subst)) == canon(after, None)))
        .unwrap_or(false)
}

/// `f` run on a thread with a 256 MiB stack (parsers and the comparison
/// recurse per level of nesting); `None` when the thread cannot be
/// started or `f` gives `None`.
fn on_big_stack<T: Send>(f: impl FnOnce() -> Option<T> + Send) -> Option<T> {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("urilint-parse".into())
            .stack_size(256 * 1024 * 1024)
            .spawn_scoped(s, f)
            .ok()
            .and_then(|h| h.join().ok())
            .flatten()
    })
}

/// The parse of `bytes` as `kind`, `None` when it does not parse (or is
/// not UTF-8: the parsers read text).
pub fn parse(kind: Kind, bytes: &[u8]) -> Option<Tree> {
    let text = std::str::from_utf8(bytes).ok()?;
    match kind {
        Kind::Data(DataFormat::Yaml) => yaml(text),
        Kind::Data(DataFormat::Toml) => toml(text),
        Kind::Data(DataFormat::Json) => json(text),
        Kind::Markdown => Some(markdown(text)),
        Kind::Html => Some(html(bytes)),
    }
}

/// The deepest nesting of `[` and `{` in `bytes` (strings not skipped:
/// an upper bound).
fn nesting(bytes: &[u8]) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    for &b in bytes {
        match b {
            b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Applies URI changes to strings: at each position the longest `old`
/// that starts there is replaced.
struct Substitution<'c> {
    changes: Vec<&'c Change>,
}

impl<'c> Substitution<'c> {
    fn new(changes: &'c [Change]) -> Self {
        let mut changes: Vec<&Change> = changes.iter().filter(|c| !c.old.is_empty()).collect();
        changes.sort_by_key(|c| std::cmp::Reverse(c.old.len()));
        Substitution { changes }
    }

    fn apply(&self, s: &str) -> String {
        if self.changes.is_empty() {
            return s.to_string();
        }
        let mut out = String::with_capacity(s.len());
        let mut rest = s;
        'outer: while !rest.is_empty() {
            for c in &self.changes {
                if let Some(after) = rest.strip_prefix(c.old.as_str()) {
                    out.push_str(&c.new);
                    rest = after;
                    continue 'outer;
                }
            }
            let mut chars = rest.chars();
            if let Some(ch) = chars.next() {
                out.push(ch);
            }
            rest = chars.as_str();
        }
        out
    }
}

/// `tree` with its mappings sorted by key and, with `subst`, every string
/// changed by it.
fn canon(tree: Tree, subst: Option<&Substitution<'_>>) -> Tree {
    match tree {
        Tree::Str(s) => Tree::Str(match subst {
            Some(sub) => sub.apply(&s),
            None => s,
        }),
        Tree::Other(o) => Tree::Other(o),
        Tree::Seq(items) => Tree::Seq(items.into_iter().map(|t| canon(t, subst)).collect()),
        Tree::Map(pairs) => {
            let mut pairs: Vec<(Tree, Tree)> = pairs
                .into_iter()
                .map(|(k, v)| (canon(k, subst), canon(v, subst)))
                .collect();
            pairs.sort();
            Tree::Map(pairs)
        }
    }
}

fn yaml(text: &str) -> Option<Tree> {
    use yaml_rust2::Yaml;
    fn conv(y: &Yaml) -> Tree {
        match y {
            Yaml::String(s) => Tree::Str(s.clone()),
            Yaml::Real(r) => Tree::Other(format!("real:{r}")),
            Yaml::Integer(i) => Tree::Other(format!("int:{i}")),
            Yaml::Boolean(b) => Tree::Other(format!("bool:{b}")),
            Yaml::Null => Tree::Other("null".into()),
            Yaml::Alias(a) => Tree::Other(format!("alias:{a}")),
            Yaml::BadValue => Tree::Other("bad".into()),
            Yaml::Array(a) => Tree::Seq(a.iter().map(conv).collect()),
            Yaml::Hash(h) => Tree::Map(h.iter().map(|(k, v)| (conv(k), conv(v))).collect()),
        }
    }
    // Aliases expanded past a budget: not comparable, so not written (H3
    // of the 2026-11-29 review).
    let docs = crate::yaml::load(text, crate::yaml::DATA_COPIES).ok()?;
    Some(Tree::Seq(docs.iter().map(conv).collect()))
}

fn toml(text: &str) -> Option<Tree> {
    use ::toml::Value;
    fn conv(v: &Value) -> Tree {
        match v {
            Value::String(s) => Tree::Str(s.clone()),
            Value::Integer(i) => Tree::Other(format!("int:{i}")),
            // As written back by the crate: NaN compares equal to itself.
            Value::Float(f) => Tree::Other(format!("float:{f:?}")),
            Value::Boolean(b) => Tree::Other(format!("bool:{b}")),
            Value::Datetime(d) => Tree::Other(format!("datetime:{d}")),
            Value::Array(a) => Tree::Seq(a.iter().map(conv).collect()),
            Value::Table(t) => Tree::Map(
                t.iter()
                    .map(|(k, v)| (Tree::Str(k.clone()), conv(v)))
                    .collect(),
            ),
        }
    }
    let table: ::toml::Table = ::toml::from_str(text).ok()?;
    Some(conv(&Value::Table(table)))
}

fn json(text: &str) -> Option<Tree> {
    use serde_json::Value;
    fn conv(v: &Value) -> Tree {
        match v {
            Value::String(s) => Tree::Str(s.clone()),
            Value::Number(n) => Tree::Other(format!("num:{n}")),
            Value::Bool(b) => Tree::Other(format!("bool:{b}")),
            Value::Null => Tree::Other("null".into()),
            Value::Array(a) => Tree::Seq(a.iter().map(conv).collect()),
            Value::Object(o) => Tree::Map(
                o.iter()
                    .map(|(k, v)| (Tree::Str(k.clone()), conv(v)))
                    .collect(),
            ),
        }
    }
    let value: Value = serde_json::from_str(text).ok()?;
    Some(conv(&value))
}

/// True when `text` (an HTML comment's or raw HTML's content) is a
/// suppression marker or holds one.
fn holds_marker(text: &str) -> bool {
    text.to_ascii_lowercase().contains("urilint:")
}

/// `text` without the MDX comments that hold a suppression marker
/// (`{/* urilint: ignore[U002] */}`, which `--add-ignore` writes into a
/// page compiled as MDX; CommonMark reads them as text).
fn without_mdx_markers(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("{/*") {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find("{/*") {
        let Some(len) = rest[open..].find("*/}") else {
            break;
        };
        let comment = &rest[open..open + len + 3];
        out.push_str(&rest[..open]);
        if !holds_marker(comment) {
            out.push_str(comment);
        }
        rest = &rest[open + len + 3..];
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// Text runs are compared with white space collapsed: a marker added at
/// a line's end leaves a space before the line break.
fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Appends a text run to `events`, merging it into a text run before it.
fn push_text(events: &mut Vec<Tree>, text: &str) {
    if let Some(Tree::Str(prev)) = events.last_mut() {
        prev.push_str(text);
        return;
    }
    events.push(Tree::Str(text.to_string()));
}

/// The events of a Markdown document: block and inline starts and ends
/// (links with their destinations as strings), text runs merged, raw HTML
/// without suppression markers, front matter parsed as YAML or TOML.
fn markdown(text: &str) -> Tree {
    use pulldown_cmark::{Event, MetadataBlockKind, Parser, Tag};
    let mut events: Vec<Tree> = Vec::new();
    let mut metadata: Option<MetadataBlockKind> = None;
    let mut in_code = false;
    let (front, body) = super::markdown::split_front_matter(text);
    let rest = Parser::new_ext(&body, super::markdown::options());
    for event in front.into_iter().map(|(event, _)| event).chain(rest) {
        match event {
            Event::Start(Tag::MetadataBlock(kind)) => {
                metadata = Some(kind);
                events.push(Tree::Other("start:metadata".into()));
            }
            Event::Text(t) if metadata.is_some() => {
                let tree = match metadata {
                    Some(MetadataBlockKind::PlusesStyle) => toml(&t),
                    _ => yaml(&t),
                };
                events.push(tree.unwrap_or_else(|| Tree::Str(t.to_string())));
            }
            Event::End(pulldown_cmark::TagEnd::MetadataBlock(_)) => {
                metadata = None;
                events.push(Tree::Other("end:metadata".into()));
            }
            Event::Text(t) if in_code => events.push(Tree::Other(format!("codetext:{t}"))),
            Event::Text(t) => push_text(&mut events, &t),
            Event::Html(h) | Event::InlineHtml(h) => {
                if !holds_marker(&h) {
                    events.push(Tree::Other(format!("html:{}", h.trim())));
                }
            }
            Event::Start(
                ref tag @ (Tag::Link {
                    link_type,
                    ref dest_url,
                    ref title,
                    ..
                }
                | Tag::Image {
                    link_type,
                    ref dest_url,
                    ref title,
                    ..
                }),
            ) => {
                let what = if matches!(tag, Tag::Image { .. }) {
                    "image"
                } else {
                    "link"
                };
                events.push(Tree::Other(format!("start:{what}:{link_type:?}")));
                events.push(Tree::Seq(vec![
                    Tree::Str(dest_url.to_string()),
                    Tree::Str(title.to_string()),
                ]));
            }
            Event::Start(tag) => {
                in_code |= matches!(tag, Tag::CodeBlock(_));
                events.push(Tree::Other(format!("start:{tag:?}")));
            }
            Event::End(tag) => {
                if matches!(tag, pulldown_cmark::TagEnd::CodeBlock) {
                    in_code = false;
                }
                events.push(Tree::Other(format!("end:{tag:?}")));
            }
            Event::Code(c) => events.push(Tree::Other(format!("code:{c}"))),
            other => events.push(Tree::Other(format!("{other:?}"))),
        }
    }
    for e in &mut events {
        if let Tree::Str(s) = e {
            *s = collapse(&without_mdx_markers(s));
        }
    }
    events.retain(|e| !matches!(e, Tree::Str(s) if s.is_empty()));
    // An HTML block that held only a marker.
    let mut kept: Vec<Tree> = Vec::with_capacity(events.len());
    for e in events {
        let closes_empty = matches!(&e, Tree::Other(o) if o == "end:HtmlBlock")
            && matches!(kept.last(), Some(Tree::Other(o)) if o == "start:HtmlBlock");
        if closes_empty {
            kept.pop();
        } else {
            kept.push(e);
        }
    }
    Tree::Seq(kept)
}

/// The tokens of an HTML document: tags with their attributes (values as
/// strings), text runs merged, comments without suppression markers.
fn html(bytes: &[u8]) -> Tree {
    use html5gum::{Token, Tokenizer};
    let mut events: Vec<Tree> = Vec::new();
    // Inside `<pre>` and the like white space is content: text there is
    // compared as it is (`Other`, never collapsed).
    let mut preformatted = 0usize;
    let is_pre = |name: &[u8]| {
        [&b"pre"[..], b"textarea", b"listing", b"plaintext", b"xmp"]
            .iter()
            .any(|p| name.eq_ignore_ascii_case(p))
    };
    for token in Tokenizer::new(bytes) {
        let Ok(token) = token;
        match token {
            Token::StartTag(tag) => {
                if is_pre(&tag.name) {
                    preformatted += 1;
                }
                events.push(Tree::Other(format!(
                    "start:{}",
                    String::from_utf8_lossy(&tag.name)
                )));
                events.push(Tree::Map(
                    tag.attributes
                        .iter()
                        .map(|(k, v)| {
                            (
                                Tree::Other(String::from_utf8_lossy(k).into_owned()),
                                Tree::Str(String::from_utf8_lossy(v).into_owned()),
                            )
                        })
                        .collect(),
                ));
            }
            Token::EndTag(tag) => {
                if is_pre(&tag.name) {
                    preformatted = preformatted.saturating_sub(1);
                }
                events.push(Tree::Other(format!(
                    "end:{}",
                    String::from_utf8_lossy(&tag.name)
                )));
            }
            Token::String(s) if preformatted > 0 => {
                let text = String::from_utf8_lossy(&s);
                match events.last_mut() {
                    Some(Tree::Other(prev)) if prev.starts_with("pre:") => prev.push_str(&text),
                    _ => events.push(Tree::Other(format!("pre:{text}"))),
                }
            }
            Token::String(s) => push_text(&mut events, &String::from_utf8_lossy(&s)),
            Token::Comment(c) => {
                let c = String::from_utf8_lossy(&c);
                // A marker appended inside an existing comment: the
                // comment without it.
                let kept = match c.to_ascii_lowercase().find("urilint:") {
                    Some(at) => c[..at].trim_end().to_string(),
                    None => c.to_string(),
                };
                if !kept.trim().is_empty() || !holds_marker(&c) {
                    events.push(Tree::Other(format!("comment:{}", kept.trim())));
                }
            }
            Token::Doctype(d) => events.push(Tree::Other(format!(
                "doctype:{}",
                String::from_utf8_lossy(&d.name)
            ))),
            Token::Error(_) => {}
        }
    }
    for e in &mut events {
        if let Tree::Str(s) = e {
            *s = collapse(s);
        }
    }
    events.retain(|e| !matches!(e, Tree::Str(s) if s.is_empty()));
    Tree::Seq(events)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(old: &str, new: &str) -> Change {
        Change {
            old: old.into(),
            new: new.into(),
        }
    }

    #[test]
    fn yaml_values_changed_only_at_uris() {
        let kind = Kind::Data(DataFormat::Yaml);
        let before = b"site_url: http//www.mkdocs.org/\nnav:\n  - a: b\n";
        let after = b"site_url: http://www.mkdocs.org/\nnav:\n  - a: b\n";
        let c = [change("http//www.mkdocs.org/", "http://www.mkdocs.org/")];
        assert!(same(kind, before, after, &c));
        // The key deleted (the old D007 fix): not the same.
        let broken = b"site_http//www.mkdocs.org/\nnav:\n  - a: b\n";
        assert!(!same(kind, before, broken, &c));
        // Wrapped in <...>: the value changes.
        let wrapped = b"site_url: <http//www.mkdocs.org/>\nnav:\n  - a: b\n";
        assert!(!same(kind, before, wrapped, &[]));
        // A comment line added: the same.
        let marked = b"# urilint: ignore[U011]\nsite_url: http//www.mkdocs.org/\nnav:\n  - a: b\n";
        assert!(same(kind, before, marked, &[]));
    }

    #[test]
    fn yaml_marker_inside_a_scalar_is_caught() {
        let kind = Kind::Data(DataFormat::Yaml);
        // The review's dq.yaml and plain.yaml.
        let dq = b"key: \"first line\n  http://bad%zz.example/ second\"\nother: 1\n";
        let dq_marked =
            b"key: \"first line\n  # urilint: ignore[U002]\n  http://bad%zz.example/ second\"\nother: 1\n";
        assert!(!same(kind, dq, dq_marked, &[]));
        let plain = b"key: first\n  http://bad%zz.example/\nother: 1\n";
        let plain_marked =
            b"key: first\n  # urilint: ignore[U002]\n  http://bad%zz.example/\nother: 1\n";
        assert!(!same(kind, plain, plain_marked, &[]));
    }

    #[test]
    fn toml_and_json() {
        let t = Kind::Data(DataFormat::Toml);
        let c = [change("https://https://a.example/", "https://a.example/")];
        assert!(same(
            t,
            b"homepage = \"https://https://a.example/\"\n",
            b"homepage = \"https://a.example/\"\n",
            &c
        ));
        assert!(!same(
            t,
            b"homepage = \"https://a.example/\"\n",
            b"homepage = \"<https://a.example/>\"\n",
            &[]
        ));
        assert!(!same(t, b"a = [", b"a = [", &[]));
        let j = Kind::Data(DataFormat::Json);
        assert!(same(
            j,
            br#"{"b": 1, "u": "https://https://a.example/"}"#,
            br#"{"u": "https://a.example/", "b": 1}"#,
            &c
        ));
        assert!(!same(j, br#"{"u": "x"}"#, br#"{"u": "y"}"#, &[]));
    }

    #[test]
    fn markdown_table_broken_by_a_marker() {
        let before = b"| http://bad%zz.example/ | b |\n|---|---|\n| c | d |\n";
        let after =
            b"| http://bad%zz.example/ | b | <!-- urilint: ignore[U002] -->\n|---|---|\n| c | d |\n";
        assert!(!same(Kind::Markdown, before, after, &[]));
        let para = b"see http://bad%zz.example/ here\nnext line\n";
        let para_marked =
            b"see http://bad%zz.example/ here <!-- urilint: ignore[U002] -->\nnext line\n";
        assert!(same(Kind::Markdown, para, para_marked, &[]));
        // The MDX form (L6 of the 2026-11-29 review), and other MDX
        // comments still compared.
        let mdx_marked =
            b"see http://bad%zz.example/ here {/* urilint: ignore[U002] */}\nnext line\n";
        assert!(same(Kind::Markdown, para, mdx_marked, &[]));
        let other = b"see http://bad%zz.example/ here {/* note */}\nnext line\n";
        assert!(!same(Kind::Markdown, para, other, &[]));
    }

    #[test]
    fn html_markers_and_text() {
        let before = b"<p>see http://a.example/%zz</p><!-- note -->";
        let after =
            b"<p>see http://a.example/%zz <!-- urilint: ignore[U002] --></p><!-- note urilint: ignore -->";
        assert!(same(Kind::Html, before, after, &[]));
        assert!(!same(Kind::Html, before, b"<p>see</p>", &[]));
        // In <pre>, a space before a marker is content.
        let pre = b"<pre>see http://a.example/%zz\nnext</pre>";
        let pre_marked = b"<pre>see http://a.example/%zz <!-- urilint: ignore -->\nnext</pre>";
        assert!(!same(Kind::Html, pre, pre_marked, &[]));
    }

    #[test]
    fn too_deep_is_never_the_same() {
        let deep = "[".repeat(MAX_NESTING + 1);
        assert!(!same(
            Kind::Data(DataFormat::Json),
            deep.as_bytes(),
            deep.as_bytes(),
            &[]
        ));
    }

    /// H3 of the 2026-11-29 review: a YAML data file whose aliases
    /// expand past [`crate::yaml::DATA_COPIES`] nodes (the
    /// 11-level bomb: 10^11) is not comparable, so never "the same", at
    /// once; a file with a few aliases still compares. Front matter of
    /// a Markdown page holding the bomb is compared as its text.
    #[test]
    fn an_alias_bomb_is_not_expanded() {
        let kind = Kind::Data(DataFormat::Yaml);
        let bomb = crate::yaml::alias_bomb("u: http://a.example/%zz\n", 11);
        assert!(parse_checked(kind, bomb.as_bytes()).is_none());
        assert!(!same(kind, bomb.as_bytes(), bomb.as_bytes(), &[]));
        let few = b"a: &a [http://a.example/]\nb: *a\n";
        assert!(same(kind, few, few, &[]));
        let page = format!("---\n{bomb}---\n# T\n\nsee http://a.example/%zz\n");
        assert!(same(Kind::Markdown, page.as_bytes(), page.as_bytes(), &[]));
    }

    #[test]
    fn substitution_takes_the_longest_match() {
        let c = [change("http://a/", "https://a/"), change("http://a/b", "X")];
        let s = Substitution::new(&c);
        assert_eq!(s.apply("http://a/b http://a/c"), "X https://a/c");
    }
}
