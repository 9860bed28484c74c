//! Block-style YAML read with the place of each node: the parser's events
//! (`yaml_rust2`) with their markers made into a tree of [`Node`]s, so
//! that an edit of a configuration (`mkdocs.yml`) or a page's front
//! matter lands on the bytes of a scalar the parser read, or on a line
//! after an entry it read. Aliases are leaves (never expanded), and a
//! node with an anchor or a tag is marked [`Node::odd`]: such a file is
//! left alone where it matters.

use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};
use yaml_rust2::Yaml;

/// The deepest nesting read (deeper documents are not read, so nothing
/// is edited in them).
const MAX_DEPTH: usize = 128;

/// A node of the document, with the byte offset it starts at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    /// What it is.
    pub kind: Kind,
    /// Its first byte (a scalar's opening quote, a flow collection's
    /// bracket, a block collection's first entry).
    pub start: usize,
    /// True when it carries an anchor or a tag, or is an alias.
    pub odd: bool,
}

/// The kinds of [`Node`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A scalar: its value and how it was written.
    Scalar(String, Style),
    /// A sequence and its items; `flow` when written `[...]`.
    Seq(Vec<Node>, bool),
    /// A mapping and its pairs; `flow` when written `{...}`.
    Map(Vec<(Node, Node)>, bool),
    /// An alias (`*name`).
    Alias,
}

/// How a scalar is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// Plain (`x.md`).
    Plain,
    /// Single-quoted (`'x.md'`).
    Single,
    /// Double-quoted (`"x.md"`).
    Double,
    /// A block scalar (`|`, `>`).
    Block,
}

impl Node {
    /// The value of the key `key` of this mapping (the first pair whose
    /// key is that scalar).
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.pair(key).map(|(_, v)| v)
    }

    /// The pair of the key `key` of this mapping.
    pub fn pair(&self, key: &str) -> Option<&(Node, Node)> {
        match &self.kind {
            Kind::Map(pairs, _) => pairs
                .iter()
                .find(|(k, _)| matches!(&k.kind, Kind::Scalar(s, _) if s == key)),
            _ => None,
        }
    }

    /// The scalar's value.
    pub fn scalar(&self) -> Option<&str> {
        match &self.kind {
            Kind::Scalar(s, _) => Some(s),
            _ => None,
        }
    }

    /// True for a null scalar (nothing written, `~`, `null`).
    pub fn is_null(&self) -> bool {
        matches!(&self.kind, Kind::Scalar(s, Style::Plain) if matches!(s.as_str(), "" | "~" | "null" | "Null" | "NULL"))
    }

    /// True when this node or one under it is odd (an anchor, a tag, an
    /// alias) or written in flow style.
    pub fn unusual(&self) -> bool {
        self.odd
            || match &self.kind {
                Kind::Scalar(..) => false,
                Kind::Alias => true,
                Kind::Seq(items, flow) => *flow || items.iter().any(Node::unusual),
                Kind::Map(pairs, flow) => {
                    *flow || pairs.iter().any(|(k, v)| k.unusual() || v.unusual())
                }
            }
    }

    /// The bytes of this scalar in `text` (quotes included) when they
    /// hold its value as it is, on one line: a plain scalar written as
    /// its value, a single-quoted one with `''` for each `'`, a
    /// double-quoted one without escapes. `None` otherwise (a block
    /// scalar, a scalar over lines, escapes).
    pub fn exact_span(&self, text: &str) -> Option<std::ops::Range<usize>> {
        let Kind::Scalar(value, style) = &self.kind else {
            return None;
        };
        if value.contains(['\n', '\r']) {
            return None;
        }
        let raw = match style {
            Style::Plain => value.clone(),
            Style::Single => format!("'{}'", value.replace('\'', "''")),
            Style::Double if !value.contains(['\\', '"']) => format!("\"{value}\""),
            _ => return None,
        };
        let rest = text.get(self.start..)?;
        if !rest.starts_with(&raw) {
            return None;
        }
        let end = self.start + raw.len();
        if *style == Style::Plain {
            // The plain scalar ends there: a comment, a `:` or the line's
            // end follows, never more of the scalar.
            let after = &text[end..];
            let next = after.trim_start_matches([' ', '\t']);
            let stops = next.is_empty()
                || next.starts_with(['\n', '\r', '#', ',', ']', '}'])
                || next.starts_with(": ")
                || next.starts_with(":\n")
                || next.starts_with(":\r")
                || next == ":";
            if !stops || (next.starts_with('#') && after.len() == next.len()) {
                return None;
            }
        }
        Some(self.start..end)
    }
}

/// `value` written as a scalar in the style `style` (a block scalar is
/// written double-quoted); `None` when a plain scalar cannot hold it.
pub(crate) fn quoted(value: &str, style: Style) -> Option<String> {
    match style {
        Style::Plain => plain_safe(value).then(|| value.to_string()),
        Style::Single => Some(format!("'{}'", value.replace('\'', "''"))),
        Style::Double | Style::Block => Some(format!(
            "\"{}\"",
            value.replace('\\', "\\\\").replace('"', "\\\"")
        )),
    }
}

/// `value` written plain when it reads back as itself, else
/// single-quoted.
pub(crate) fn quoted_or_single(value: &str, style: Style) -> String {
    quoted(value, style).unwrap_or_else(|| format!("'{}'", value.replace('\'', "''")))
}

/// True when `value` reads back as the same string written as a plain
/// scalar: path and URL characters only, not starting with an
/// indicator, not a number, boolean or null.
fn plain_safe(value: &str) -> bool {
    let chars = !value.is_empty()
        && value.bytes().all(|b| {
            b.is_ascii_alphanumeric()
                || matches!(b, b'/' | b'.' | b'_' | b'-' | b'~' | b'%' | b'+' | b'=')
        });
    chars && !value.starts_with(['-', '%']) && matches!(Yaml::from_str(value), Yaml::String(_))
}

/// The first document of `text` as a tree of [`Node`]s; `None` when it
/// does not parse, holds no document, or nests deeper than
/// [`MAX_DEPTH`].
pub(crate) fn parse(text: &str) -> Option<Node> {
    let mut b = Builder {
        text,
        stack: Vec::new(),
        done: None,
        deep: false,
    };
    Parser::new_from_str(text).load(&mut b, false).ok()?;
    if b.deep {
        return None;
    }
    b.done
}

/// An open collection while the tree is built.
enum Open {
    Seq(Vec<Node>, usize, bool, bool),
    Map(Vec<Node>, usize, bool, bool),
}

/// Builds the tree from the parser's events.
struct Builder<'a> {
    text: &'a str,
    stack: Vec<Open>,
    done: Option<Node>,
    deep: bool,
}

impl Builder<'_> {
    /// The byte offset of `mark` (the parser counts characters).
    fn offset(&self, mark: Marker) -> usize {
        let chars = mark.index();
        if self.text.is_ascii() {
            return chars.min(self.text.len());
        }
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(i, _)| i)
    }

    /// Adds a finished node to the collection open, or ends the document.
    fn push(&mut self, node: Node) {
        match self.stack.last_mut() {
            Some(Open::Seq(items, ..) | Open::Map(items, ..)) => items.push(node),
            None => {
                if self.done.is_none() {
                    self.done = Some(node);
                }
            }
        }
    }

    /// True when the character at `at` opens a flow collection.
    fn flow_at(&self, at: usize) -> bool {
        self.text
            .get(at..)
            .is_some_and(|r| r.starts_with(['[', '{']))
    }
}

impl MarkedEventReceiver for Builder<'_> {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        if self.deep {
            return;
        }
        let start = self.offset(mark);
        match ev {
            Event::Scalar(value, style, anchor, tag) => {
                let style = match style {
                    TScalarStyle::Plain => Style::Plain,
                    TScalarStyle::SingleQuoted => Style::Single,
                    TScalarStyle::DoubleQuoted => Style::Double,
                    _ => Style::Block,
                };
                self.push(Node {
                    kind: Kind::Scalar(value, style),
                    start,
                    odd: anchor != 0 || tag.is_some(),
                });
            }
            Event::Alias(_) => self.push(Node {
                kind: Kind::Alias,
                start,
                odd: true,
            }),
            Event::SequenceStart(anchor, ref tag) | Event::MappingStart(anchor, ref tag) => {
                if self.stack.len() >= MAX_DEPTH {
                    self.deep = true;
                    return;
                }
                let flow = self.flow_at(start);
                let odd = anchor != 0 || tag.is_some();
                self.stack.push(if matches!(ev, Event::SequenceStart(..)) {
                    Open::Seq(Vec::new(), start, flow, odd)
                } else {
                    Open::Map(Vec::new(), start, flow, odd)
                });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let node = match self.stack.pop() {
                    Some(Open::Seq(items, start, flow, odd)) => Node {
                        kind: Kind::Seq(items, flow),
                        start,
                        odd,
                    },
                    Some(Open::Map(items, start, flow, odd)) => {
                        let mut pairs = Vec::with_capacity(items.len() / 2);
                        let mut it = items.into_iter();
                        while let (Some(k), Some(v)) = (it.next(), it.next()) {
                            pairs.push((k, v));
                        }
                        Node {
                            kind: Kind::Map(pairs, flow),
                            start,
                            odd,
                        }
                    }
                    None => return,
                };
                self.push(node);
            }
            _ => {}
        }
    }
}

/// The offset of the start of the line holding byte `at`.
pub(crate) fn line_start(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].rfind('\n').map_or(0, |i| i + 1)
}

/// The offset just past the line holding byte `at` (past its `\n`; the
/// text's end on its last line).
pub(crate) fn line_end(text: &str, at: usize) -> usize {
    text[at.min(text.len())..]
        .find('\n')
        .map_or(text.len(), |i| at + i + 1)
}

/// The line ending `text` uses (`\r\n` when its first line ends so).
pub(crate) fn newline(text: &str) -> &'static str {
    match text.find('\n') {
        Some(i) if i > 0 && text.as_bytes()[i - 1] == b'\r' => "\r\n",
        _ => "\n",
    }
}

/// The first document of `text` loaded as [`Yaml`], aliases bounded
/// ([`crate::format::yaml::CONFIG_COPIES`]); `None` when it does not
/// load.
pub(crate) fn load(text: &str) -> Option<Yaml> {
    crate::format::yaml::first_document(text, crate::format::yaml::CONFIG_COPIES).ok()
}

/// True when `a` and `b` hold the same values (mappings compared without
/// regard to the order of their keys), up to [`MAX_DEPTH`] levels.
pub(crate) fn same(a: &Yaml, b: &Yaml) -> bool {
    same_at(a, b, 0)
}

fn same_at(a: &Yaml, b: &Yaml, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match (a, b) {
        (Yaml::Hash(x), Yaml::Hash(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_at(v, w, depth + 1)))
        }
        (Yaml::Array(x), Yaml::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same_at(v, w, depth + 1))
        }
        _ => a == b,
    }
}

/// One step of a path into a document: a mapping's key or a sequence's
/// index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The value of this key.
    Key(String),
    /// The item at this index.
    Index(usize),
}

/// What an edit is expected to change in the document's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Change {
    /// The scalar at the path becomes this string.
    Set(Vec<Step>, String),
    /// The mapping at the path (made when missing or null) gains this
    /// key with this string value.
    Insert(Vec<Step>, String, String),
    /// The sequence at the path (made when missing) gains this string.
    Push(Vec<Step>, String),
}

/// `doc` with `changes` made; `None` when a path leads nowhere.
pub(crate) fn changed(doc: &Yaml, changes: &[Change]) -> Option<Yaml> {
    let mut doc = doc.clone();
    for c in changes {
        match c {
            Change::Set(path, s) => *at_mut(&mut doc, path, false)? = Yaml::String(s.clone()),
            Change::Insert(path, k, v) => {
                let node = at_mut(&mut doc, path, true)?;
                if matches!(node, Yaml::Null | Yaml::BadValue) {
                    *node = Yaml::Hash(Default::default());
                }
                let Yaml::Hash(h) = node else { return None };
                h.insert(Yaml::String(k.clone()), Yaml::String(v.clone()));
            }
            Change::Push(path, s) => {
                let node = at_mut(&mut doc, path, true)?;
                if matches!(node, Yaml::Null | Yaml::BadValue) {
                    *node = Yaml::Array(Vec::new());
                }
                let Yaml::Array(a) = node else { return None };
                a.push(Yaml::String(s.clone()));
            }
        }
    }
    Some(doc)
}

/// The node at `path` in `doc`; with `make`, a missing last key is made
/// (null), and a null or empty document is a mapping.
fn at_mut<'a>(doc: &'a mut Yaml, path: &[Step], make: bool) -> Option<&'a mut Yaml> {
    let mut node = doc;
    for (i, step) in path.iter().enumerate() {
        let last = i + 1 == path.len();
        if make && matches!(node, Yaml::Null | Yaml::BadValue) {
            *node = Yaml::Hash(Default::default());
        }
        node = match (step, node) {
            (Step::Key(k), Yaml::Hash(h)) => {
                let key = Yaml::String(k.clone());
                if make && last && !h.contains_key(&key) {
                    h.insert(key.clone(), Yaml::Null);
                }
                h.get_mut(&key)?
            }
            (Step::Index(n), Yaml::Array(a)) => a.get_mut(*n)?,
            _ => return None,
        };
    }
    Some(node)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_know_their_bytes() {
        let text = "a: 1\nnav:\n  - Home: index.md\n  - 'it''s.md'\n  - \"x y.md\" # c\nflow: [p, q]\nné: é.md\n";
        let doc = parse(text).expect("parses");
        let nav = doc.get("nav").expect("nav");
        let Kind::Seq(items, false) = &nav.kind else {
            panic!("{nav:?}")
        };
        let home = items[0].get("Home").expect("home");
        let span = home.exact_span(text).expect("exact");
        assert_eq!(&text[span], "index.md");
        assert_eq!(
            &text[items[1].exact_span(text).expect("exact")],
            "'it''s.md'"
        );
        assert_eq!(
            &text[items[2].exact_span(text).expect("exact")],
            "\"x y.md\""
        );
        assert!(doc.get("flow").is_some_and(Node::unusual));
        let e = doc.get("né").expect("non-ASCII key");
        assert_eq!(&text[e.exact_span(text).expect("exact")], "é.md");
        // Anchors, tags and aliases are odd.
        let odd = parse("a: &x 1\nb: *x\nc: !t 2\n").expect("parses");
        assert!(odd.get("a").is_some_and(|n| n.odd));
        assert!(odd.get("b").is_some_and(|n| n.odd));
        assert!(odd.get("c").is_some_and(|n| n.odd));
        // A scalar over lines has no exact span.
        let t = "a: x\n  y\n";
        assert_eq!(
            parse(t).and_then(|d| d.get("a").and_then(|n| n.exact_span(t))),
            None
        );
    }

    #[test]
    fn quoting_reads_back() {
        for (v, style) in [
            ("/a/b/", Style::Plain),
            ("it's", Style::Single),
            ("a\"b\\c", Style::Double),
            ("yes", Style::Plain),
            ("12", Style::Plain),
            ("a: b", Style::Plain),
        ] {
            let q = quoted_or_single(v, style);
            let doc = load(&format!("k: {q}\n")).expect("loads");
            assert_eq!(doc["k"].as_str(), Some(v), "{q}");
        }
    }
}
