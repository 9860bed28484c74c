//! A small reader for the plain object literal of a JavaScript or
//! TypeScript configuration file (`.vitepress/config.ts`,
//! `docusaurus.config.js`): the value of a key when it is written as a
//! literal.
//!
//! This module owns finding a key of the object at the shallowest brace
//! depth it occurs at, and reading a string, boolean or object-of-strings
//! literal there. Nothing is evaluated: a value computed by code is
//! [`Value::Computed`], which the caller says it could not read.

/// What a key holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A string literal (`'src'`, `"src"`, or a template literal without
    /// substitutions).
    Str(String),
    /// `true` or `false`.
    Bool(bool),
    /// An object literal whose values are all string literals, in order.
    Pairs(Vec<(String, String)>),
    /// Anything else: an expression urilint does not evaluate.
    Computed,
}

/// A configuration's source with comments blanked out (same length,
/// strings kept), read for keys.
#[derive(Clone, Debug)]
pub struct Object {
    src: Vec<u8>,
    depth: Vec<u32>,
    /// Variables looked up so far ([`MAX_LOOKUPS`]).
    lookups: std::cell::Cell<u32>,
}

/// True when a `/` after `before` (the source up to it) starts a regular
/// expression literal rather than a division: the last byte that is not
/// white space is an operator or opening punctuation (`=`, `(`, `,`, `:`,
/// `[`, `!`, `&`, `|`, `?`, `{`, `;`), or there is none. Source:
/// ECMAScript 2024 section 12 (the goal symbols InputElementRegExp and
/// InputElementDiv).
fn regex_may_start(before: &[u8]) -> bool {
    match before.iter().rev().find(|c| !c.is_ascii_whitespace()) {
        None => true,
        Some(c) => b"=(,:[!&|?{;".contains(c),
    }
}

/// The position after the regular expression literal starting with the
/// `/` at `start` (and its flags), when it closes on the same line: a
/// `/` not escaped and outside a class `[...]`. `None` when the line
/// ends first.
fn regex_end(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    let mut class = false;
    while i < b.len() {
        match b[i] {
            b'\n' => return None,
            b'\\' => i += 1,
            b'[' => class = true,
            b']' => class = false,
            b'/' if !class => {
                i += 1;
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                return Some(i);
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The most variables [`Object::config`] looks up the declaration of
/// (each a scan of the file): past it, a variable is
/// [`Node::Computed`].
const MAX_LOOKUPS: u32 = 64;

impl Object {
    /// Reads `src`, the text of a configuration file.
    pub fn new(src: &str) -> Object {
        let mut b = src.as_bytes().to_vec();
        let mut depth = vec![0u32; b.len()];
        let mut d = 0u32;
        let mut i = 0;
        while i < b.len() {
            depth[i] = d;
            match b[i] {
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    while i < b.len() && b[i] != b'\n' {
                        b[i] = b' ';
                        depth[i] = d;
                        i += 1;
                    }
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    let start = i;
                    i += 2;
                    while i < b.len() && !(b[i - 1] == b'*' && b[i] == b'/' && i > start + 2) {
                        i += 1;
                    }
                    let end = (i + 1).min(b.len());
                    for k in start..end {
                        if b[k] != b'\n' {
                            b[k] = b' ';
                        }
                        depth[k] = d;
                    }
                    i = end;
                    continue;
                }
                b'/' if regex_may_start(&b[..i]) => {
                    // A regular expression literal (`/[\s~`'"{}]+/g`): its
                    // quotes and brackets are not the code's. Blanked out
                    // when it closes on its line; else a division.
                    if let Some(end) = regex_end(&b, i) {
                        for k in i..end {
                            b[k] = b' ';
                            depth[k] = d;
                        }
                        i = end;
                        continue;
                    }
                }
                q @ (b'\'' | b'"' | b'`') => {
                    i += 1;
                    while i < b.len() && b[i] != q {
                        depth[i] = d;
                        if b[i] == b'\\' {
                            i += 1;
                            if i < b.len() {
                                depth[i] = d;
                            }
                        }
                        i += 1;
                    }
                    if i < b.len() {
                        depth[i] = d;
                    }
                }
                b'{' | b'[' | b'(' => d += 1,
                b'}' | b']' | b')' => d = d.saturating_sub(1),
                _ => {}
            }
            i += 1;
        }
        Object {
            src: b,
            depth,
            lookups: std::cell::Cell::new(0),
        }
    }

    /// The value of `key` at the shallowest depth it is a key at; `None`
    /// when the key is not there.
    pub fn get(&self, key: &str) -> Option<Value> {
        let at = self
            .key_positions(key)
            .into_iter()
            .min_by_key(|&(p, _)| self.depth[p])?;
        Some(self.value_at(at.1))
    }

    /// The value of `key` in the same object literal as `beside` (the
    /// shallowest `beside`): `path` next to `routeBasePath`. `None` when
    /// either is not there.
    pub fn get_beside(&self, key: &str, beside: &str) -> Option<Value> {
        let (anchor, _) = self
            .key_positions(beside)
            .into_iter()
            .min_by_key(|&(p, _)| self.depth[p])?;
        let d = self.depth[anchor];
        // The object holding `beside`: back to where the depth drops,
        // forward to where it drops again.
        let start = (0..anchor).rev().find(|&i| self.depth[i] < d).unwrap_or(0);
        let end = (anchor..self.src.len())
            .find(|&i| self.depth[i] < d)
            .unwrap_or(self.src.len());
        let at = self
            .key_positions(key)
            .into_iter()
            .find(|&(p, _)| p > start && p < end && self.depth[p] == d)?;
        Some(self.value_at(at.1))
    }

    /// The value of `key` at the shallowest depth it is a key at in an
    /// object literal that holds none of the keys `not_beside`: a
    /// VitePress site's `base`, not a sidebar group's (`{ text, base,
    /// items }`). `None` when there is no such key.
    pub fn get_not_beside(&self, key: &str, not_beside: &[&str]) -> Option<Value> {
        let others: Vec<(usize, usize)> = not_beside
            .iter()
            .flat_map(|k| self.key_positions(k))
            .collect();
        let mut found = self.key_positions(key);
        found.sort_by_key(|&(p, _)| self.depth[p]);
        let at = found.into_iter().find(|&(p, _)| {
            let d = self.depth[p];
            // The object holding the key: back to where the depth drops,
            // forward to where it drops again.
            let start = (0..p).rev().find(|&i| self.depth[i] < d).unwrap_or(0);
            let end = (p..self.src.len())
                .find(|&i| self.depth[i] < d)
                .unwrap_or(self.src.len());
            !others
                .iter()
                .any(|&(o, _)| o > start && o < end && self.depth[o] == d)
        })?;
        Some(self.value_at(at.1))
    }

    /// The value of `key` written directly in the object literal that is
    /// the value of `outer` (the shallowest `outer`): `format` of
    /// `markdown: { format: 'md', mermaid: true }`. `None` when `outer` is
    /// not there, is not written as an object literal, or does not hold
    /// `key`.
    pub fn get_in(&self, outer: &str, key: &str) -> Option<Value> {
        let (p, after) = self
            .key_positions(outer)
            .into_iter()
            .min_by_key(|&(p, _)| self.depth[p])?;
        let b = &self.src;
        let mut open = after;
        while open < b.len() && b[open].is_ascii_whitespace() {
            open += 1;
        }
        if b.get(open) != Some(&b'{') {
            return None;
        }
        let d = self.depth[p] + 1;
        let end = (open + 1..b.len())
            .find(|&i| self.depth[i] < d)
            .unwrap_or(b.len());
        let at = self
            .key_positions(key)
            .into_iter()
            .find(|&(k, _)| k > open && k < end && self.depth[k] == d)?;
        Some(self.value_at(at.1))
    }

    /// The keys written directly in the object literal that is the value
    /// of `outer` (the shallowest `outer`), in order: `root` and `fr` of
    /// Starlight's `locales: { root: { lang: 'en' }, fr: { ... } }`.
    /// `None` when `outer` is not there, is not written as an object
    /// literal, or holds a spread (`...more`) or a computed key
    /// (`[k]: v`), whose keys are not known.
    pub fn keys_in(&self, outer: &str) -> Option<Vec<String>> {
        let (p, after) = self
            .key_positions(outer)
            .into_iter()
            .min_by_key(|&(p, _)| self.depth[p])?;
        let b = &self.src;
        let mut open = after;
        while open < b.len() && b[open].is_ascii_whitespace() {
            open += 1;
        }
        if b.get(open) != Some(&b'{') {
            return None;
        }
        let d = self.depth[p] + 1;
        let mut keys = Vec::new();
        let mut j = open + 1;
        loop {
            while j < b.len() && (b[j].is_ascii_whitespace() || b[j] == b',') {
                j += 1;
            }
            if j >= b.len() || b[j] == b'}' {
                return Some(keys);
            }
            let (key, after) = match self.string_at(j) {
                Some(k) => k,
                None => {
                    let n = b[j..]
                        .iter()
                        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$'))
                        .count();
                    if n == 0 {
                        // A spread or a computed key.
                        return None;
                    }
                    (String::from_utf8_lossy(&b[j..j + n]).into_owned(), j + n)
                }
            };
            keys.push(key);
            // On to the `,` that ends the entry at this depth, or the `}`.
            j = after;
            while j < b.len() && self.depth[j] >= d && !(self.depth[j] == d && b[j] == b',') {
                if self.depth[j] == d && b[j] == b'}' {
                    break;
                }
                j += 1;
            }
            if j >= b.len() || self.depth[j] < d {
                return Some(keys);
            }
        }
    }

    /// The positions (start of the key, first byte after its `:`) where
    /// `key` is written as an object key (bare, or quoted).
    fn key_positions(&self, key: &str) -> Vec<(usize, usize)> {
        let b = &self.src;
        let k = key.as_bytes();
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(p) = memchr::memmem::find(&b[from..], k) {
            let start = from + p;
            from = start + 1;
            let mut s = start;
            let mut e = start + k.len();
            // Quoted key.
            if s > 0 && matches!(b[s - 1], b'\'' | b'"') && b.get(e) == Some(&b[s - 1]) {
                s -= 1;
                e += 1;
            }
            let before_ok = s == 0
                || !(b[s - 1].is_ascii_alphanumeric() || matches!(b[s - 1], b'_' | b'$' | b'.'));
            let mut j = e;
            while j < b.len() && matches!(b[j], b' ' | b'\t') {
                j += 1;
            }
            if before_ok && b.get(j) == Some(&b':') {
                out.push((s, j + 1));
            }
        }
        out
    }

    /// The literal starting after white space at `at`.
    fn value_at(&self, at: usize) -> Value {
        let b = &self.src;
        let mut i = at;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if let Some((s, end)) = self.string_at(i) {
            return if self.ends_value(end) {
                Value::Str(s)
            } else {
                Value::Computed
            };
        }
        for (word, v) in [("true", true), ("false", false)] {
            if b[i..].starts_with(word.as_bytes()) && self.ends_value(i + word.len()) {
                return Value::Bool(v);
            }
        }
        if b.get(i) == Some(&b'{') {
            return self.pairs_at(i).map_or(Value::Computed, Value::Pairs);
        }
        Value::Computed
    }

    /// True when the value ending at `end` is followed by `,`, `}` or the
    /// end (white space skipped): nothing computed after it.
    fn ends_value(&self, end: usize) -> bool {
        let b = &self.src;
        let mut i = end;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        i >= b.len() || matches!(b[i], b',' | b'}' | b';')
    }

    /// A string literal at `i`: its value and the position after its
    /// closing quote. Template literals with `${` are not literals.
    fn string_at(&self, i: usize) -> Option<(String, usize)> {
        let b = &self.src;
        let q = *b.get(i)?;
        if !matches!(q, b'\'' | b'"' | b'`') {
            return None;
        }
        let mut out = Vec::new();
        let mut j = i + 1;
        while j < b.len() && b[j] != q {
            if q == b'`' && b[j] == b'$' && b.get(j + 1) == Some(&b'{') {
                return None;
            }
            if b[j] == b'\\' && j + 1 < b.len() {
                j += 1;
            }
            out.push(b[j]);
            j += 1;
        }
        (j < b.len()).then(|| (String::from_utf8_lossy(&out).into_owned(), j + 1))
    }

    /// An object literal at `i` (`{`) whose keys and values are all
    /// string literals (or bare identifiers as keys).
    fn pairs_at(&self, i: usize) -> Option<Vec<(String, String)>> {
        let b = &self.src;
        let mut out = Vec::new();
        let mut j = i + 1;
        loop {
            while j < b.len() && (b[j].is_ascii_whitespace() || b[j] == b',') {
                j += 1;
            }
            if b.get(j) == Some(&b'}') {
                return Some(out);
            }
            let (key, after) = match self.string_at(j) {
                Some(k) => k,
                None => {
                    let n = b[j..]
                        .iter()
                        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$'))
                        .count();
                    if n == 0 {
                        return None;
                    }
                    (String::from_utf8_lossy(&b[j..j + n]).into_owned(), j + n)
                }
            };
            j = after;
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if b.get(j) != Some(&b':') {
                return None;
            }
            j += 1;
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            let (value, after) = self.string_at(j)?;
            out.push((key, value));
            j = after;
        }
    }
}

/// A literal of a configuration read as a tree ([`Object::config`]):
/// what is written as a literal is kept, anything else is
/// [`Node::Computed`].
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A string literal (no `${` substitution).
    Str(String),
    /// `true` or `false`.
    Bool(bool),
    /// A number literal, as written.
    Num(String),
    /// An object literal: its literal keys in order; `spread` when it
    /// also spreads (`...x`) or computes (`[k]: v`) keys not read.
    Obj {
        /// The keys and their values, in order.
        entries: Vec<(String, Node)>,
        /// True when keys not read may be there.
        spread: bool,
    },
    /// An array literal.
    Arr(Vec<Node>),
    /// A function written in place (`function name() { ... }`, `async
    /// function`, `(a) => ...`): its source text, not evaluated. Callers
    /// that only need a value take it as computed.
    Function(String),
    /// An expression urilint does not evaluate (a call, a variable).
    Computed,
}

impl Node {
    /// The value of `key` in an object literal: `None` when this is not
    /// an object or the key is not written in it.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Obj { entries, .. } => {
                entries.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
            }
            _ => None,
        }
    }

    /// True when an object literal may hold keys not read: it spreads
    /// code (`...x`) or computes a key (`[k]: v`, kept as an entry whose
    /// key starts with `[`).
    pub fn has_unknown_keys(&self) -> bool {
        match self {
            Node::Obj { entries, spread } => {
                *spread || entries.iter().any(|(k, _)| k.starts_with('['))
            }
            _ => false,
        }
    }

    /// The string of a [`Node::Str`].
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Node::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// The deepest nesting [`Object::config`] reads; deeper values are
/// [`Node::Computed`].
const MAX_NESTING: usize = 64;

impl Object {
    /// The object literal of the configuration: the one holding the
    /// shallowest of the keys `keys` (`baseUrl`, `presets`), as a tree.
    /// `None` when none of them is written as a key.
    pub fn config(&self, keys: &[&str]) -> Option<Node> {
        let (p, _) = keys
            .iter()
            .flat_map(|k| self.key_positions(k))
            .min_by_key(|&(p, _)| self.depth[p])?;
        let d = self.depth[p];
        let open = (0..p).rev().find(|&i| self.depth[i] < d)?;
        if self.src[open] != b'{' {
            return None;
        }
        Some(self.node_at(open, 0).0)
    }

    /// The position of the first byte at or after `i` that is not white
    /// space.
    fn skip_ws(&self, mut i: usize) -> usize {
        while i < self.src.len() && self.src[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    }

    /// The end of the expression starting at `i`: the first `,` or
    /// closing bracket at its depth (strings skipped).
    fn skip_expr(&self, i: usize) -> usize {
        let b = &self.src;
        let Some(&d) = self.depth.get(i) else {
            return b.len();
        };
        let mut j = i;
        while j < b.len() {
            let c = b[j];
            if self.depth[j] < d || (self.depth[j] == d && matches!(c, b',' | b';')) {
                return j;
            }
            if self.depth[j] == d && matches!(c, b'}' | b']' | b')') {
                return j;
            }
            if matches!(c, b'\'' | b'"' | b'`') {
                j += 1;
                while j < b.len() && b[j] != c {
                    if b[j] == b'\\' {
                        j += 1;
                    }
                    j += 1;
                }
            }
            j += 1;
        }
        b.len()
    }

    /// The value starting at `i` (after white space) and the position
    /// after it; [`Node::Computed`] (skipped to its end) for anything not
    /// a literal.
    fn node_at(&self, i: usize, nesting: usize) -> (Node, usize) {
        let i = self.skip_ws(i);
        let (node, end) = self.literal_at(i, nesting);
        let mut after = self.skip_ws(end);
        if node != Node::Computed && self.type_assertion_at(after) {
            // TypeScript `{ ... } satisfies Options`, `x as T`: the type
            // changes nothing of the value.
            after = self.skip_expr(after);
        }
        let ends = after >= self.src.len()
            || matches!(self.src[after], b',' | b'}' | b']' | b')' | b';')
            || self.statement_after(end, after);
        if node != Node::Computed && ends {
            (node, after)
        } else {
            let end = self.skip_expr(i);
            (self.function_at(i, end).unwrap_or(Node::Computed), end)
        }
    }

    /// True when the value ending at `end` is ended by a line break
    /// before a word at `after` (`}` then `export default config` on
    /// the next line, in a file written without semicolons): no
    /// expression goes on with a word but an operator (`in`,
    /// `instanceof`, `satisfies`, `as`), so JavaScript inserts the `;`
    /// there (ECMAScript, "Automatic Semicolon Insertion").
    fn statement_after(&self, end: usize, after: usize) -> bool {
        let b = &self.src;
        let broken = b.get(end..after).is_some_and(|gap| gap.contains(&b'\n'));
        let word = b
            .get(after)
            .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, b'_' | b'$'));
        let n = self.ident_len(after);
        let operator = matches!(
            b.get(after..after + n),
            Some(b"in" | b"instanceof" | b"satisfies" | b"as")
        );
        broken && word && !operator
    }

    /// True when a TypeScript type assertion (`satisfies T`, `as T`)
    /// starts at `i`.
    fn type_assertion_at(&self, i: usize) -> bool {
        ["satisfies", "as"].iter().any(|w| {
            self.src
                .get(i..)
                .is_some_and(|r| r.starts_with(w.as_bytes()))
                && self
                    .src
                    .get(i + w.len())
                    .is_some_and(u8::is_ascii_whitespace)
        })
    }

    /// A function written from `i` to `end` ([`Node::Function`]):
    /// `function`, `async function`, or an arrow function (`(a) =>`,
    /// `a =>`, `async (a) =>`).
    fn function_at(&self, i: usize, end: usize) -> Option<Node> {
        let text = self.src.get(i..end)?;
        let text = text
            .strip_prefix(b"async ")
            .unwrap_or(text)
            .trim_ascii_start();
        let function = text.starts_with(b"function")
            && !text
                .get(8)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
        let arrow = || {
            let head = match text.first() {
                Some(b'(') => {
                    // The parameters: to the `)` closing the first `(`.
                    let mut depth = 0usize;
                    let close = text.iter().position(|&c| {
                        match c {
                            b'(' => depth += 1,
                            b')' => depth = depth.saturating_sub(1),
                            _ => {}
                        }
                        depth == 0
                    });
                    close.map(|c| c + 1)
                }
                _ => {
                    let n = text
                        .iter()
                        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$'))
                        .count();
                    (n > 0).then_some(n)
                }
            };
            head.and_then(|h| text.get(h..))
                .is_some_and(|rest| rest.trim_ascii_start().starts_with(b"=>"))
        };
        (function || arrow())
            .then(|| Node::Function(String::from_utf8_lossy(&self.src[i..end]).into_owned()))
    }

    /// The literal at `i`, and the position after it (`Computed` with
    /// `i` when there is none).
    fn literal_at(&self, i: usize, nesting: usize) -> (Node, usize) {
        let b = &self.src;
        if nesting > MAX_NESTING || i >= b.len() {
            return (Node::Computed, i);
        }
        if let Some((s, end)) = self.string_at(i) {
            return (Node::Str(s), end);
        }
        for (word, v) in [("true", true), ("false", false)] {
            let end = i + word.len();
            if b[i..].starts_with(word.as_bytes())
                && !b
                    .get(end)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
            {
                return (Node::Bool(v), end);
            }
        }
        let n = b[i..]
            .iter()
            .take_while(|c| c.is_ascii_digit() || **c == b'.')
            .count();
        if n > 0 {
            return (
                Node::Num(String::from_utf8_lossy(&b[i..i + n]).into_owned()),
                i + n,
            );
        }
        match b[i] {
            b'(' => {
                // `/** @type */ ({ ... })`: the parenthesised literal.
                let (inner, end) = self.node_at(i + 1, nesting + 1);
                if b.get(end) == Some(&b')') {
                    (inner, end + 1)
                } else {
                    (Node::Computed, i)
                }
            }
            b'[' => {
                let mut items = Vec::new();
                let mut j = i + 1;
                loop {
                    j = self.skip_ws(j);
                    match b.get(j) {
                        None => return (Node::Computed, i),
                        Some(b']') => return (Node::Arr(items), j + 1),
                        Some(b',') => j += 1,
                        Some(b'.') if b[j..].starts_with(b"...") => {
                            // `...list`: its items when it is a literal.
                            let (v, end) = self.node_at(j + 3, nesting + 1);
                            match v {
                                Node::Arr(more) => items.extend(more),
                                _ => items.push(Node::Computed),
                            }
                            if end == j + 3 {
                                return (Node::Computed, i);
                            }
                            j = end;
                        }
                        Some(_) => {
                            let (v, end) = self.node_at(j, nesting + 1);
                            if end == j {
                                return (Node::Computed, i);
                            }
                            items.push(v);
                            j = end;
                        }
                    }
                }
            }
            b'{' => self.object_at(i, nesting),
            c if c.is_ascii_alphabetic() || c == b'_' || c == b'$' => {
                // A variable: the literal it is declared with in the file.
                let n = self.ident_len(i);
                match self.declared(&b[i..i + n], nesting) {
                    Some(v) => (v, i + n),
                    None => (Node::Computed, i),
                }
            }
            _ => (Node::Computed, i),
        }
    }

    /// The length of the identifier at `i`.
    fn ident_len(&self, i: usize) -> usize {
        self.src
            .get(i..)
            .unwrap_or_default()
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$'))
            .count()
    }

    /// The literal the variable `name` is declared with (`const name =
    /// ...`, `let`, `var`: the first such declaration in the file); `None`
    /// when there is none or it is not a literal.
    fn declared(&self, name: &[u8], nesting: usize) -> Option<Node> {
        if nesting > MAX_NESTING || name.is_empty() || self.lookups.get() >= MAX_LOOKUPS {
            return None;
        }
        self.lookups.set(self.lookups.get() + 1);
        let b = &self.src;
        let mut from = 0;
        while let Some(p) = memchr::memmem::find(&b[from..], name) {
            let start = from + p;
            from = start + 1;
            let end = start + name.len();
            if b.get(end)
                .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$'))
            {
                continue;
            }
            let before = b[..start].trim_ascii_end();
            let keyword = ["const", "let", "var"].iter().any(|k| {
                before.ends_with(k.as_bytes())
                    && before.len() < start
                    && (before.len() == k.len()
                        || !before[before.len() - k.len() - 1].is_ascii_alphanumeric())
            });
            let mut eq = self.skip_ws(end);
            if keyword && b.get(eq) == Some(&b':') {
                // TypeScript `const name: Type = ...`: on to its `=`.
                eq = self.type_end(eq + 1);
            }
            if keyword && b.get(eq) == Some(&b'=') && b.get(eq + 1) != Some(&b'=') {
                let (v, _) = self.node_at(eq + 1, nesting + 1);
                return (v != Node::Computed).then_some(v);
            }
        }
        None
    }

    /// The `=` ending a type annotation that starts at `i` (`Options =`,
    /// `Record<string, X> =`): the first `=` at the depth of `i` that is
    /// not part of `=>`, `==`; the end of the text when a `;` or a new
    /// line at that depth comes first.
    fn type_end(&self, i: usize) -> usize {
        let b = &self.src;
        let Some(&d) = self.depth.get(i) else {
            return b.len();
        };
        let mut j = i;
        while j < b.len() {
            if self.depth[j] == d {
                match b[j] {
                    b';' | b'\n' => return b.len(),
                    b'=' if !matches!(b.get(j + 1), Some(b'>' | b'=')) => return j,
                    b'=' => j += 1,
                    _ => {}
                }
            }
            j += 1;
        }
        b.len()
    }

    /// The object literal at `i` (`{`).
    fn object_at(&self, i: usize, nesting: usize) -> (Node, usize) {
        let b = &self.src;
        let mut entries = Vec::new();
        let mut spread = false;
        let mut j = i + 1;
        loop {
            j = self.skip_ws(j);
            match b.get(j) {
                None => return (Node::Computed, i),
                Some(b'}') => return (Node::Obj { entries, spread }, j + 1),
                Some(b',') => {
                    j += 1;
                    continue;
                }
                Some(b'.') if b[j..].starts_with(b"...") => {
                    // `...options`: its keys, in place, when it is a
                    // literal (later keys win, as in JavaScript).
                    let (v, end) = self.node_at(j + 3, nesting + 1);
                    match v {
                        Node::Obj {
                            entries: more,
                            spread: s,
                        } => {
                            entries.extend(more);
                            spread |= s;
                        }
                        _ => spread = true,
                    }
                    if end == j + 3 {
                        return (Node::Computed, i);
                    }
                    j = end;
                    continue;
                }
                _ => {}
            }
            let key = if let Some((k, end)) = self.string_at(j) {
                j = end;
                Some(k)
            } else {
                let n = b[j..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$'))
                    .count();
                let k = String::from_utf8_lossy(&b[j..j + n]).into_owned();
                j += n;
                (n > 0).then_some(k)
            };
            let after = self.skip_ws(j);
            match (key, b.get(after)) {
                (Some(k), Some(b':')) => {
                    let (v, end) = self.node_at(after + 1, nesting + 1);
                    entries.push((k, v));
                    j = end;
                }
                // Shorthand `{ i18n }`: a variable.
                (Some(k), Some(b',' | b'}')) => {
                    let v = self
                        .declared(k.as_bytes(), nesting + 1)
                        .unwrap_or(Node::Computed);
                    entries.push((k, v));
                    j = after;
                }
                // A method `k() { ... }`: computed.
                (Some(k), Some(b'(')) => {
                    entries.push((k, Node::Computed));
                    j = self.skip_expr(after);
                }
                // `[k]: v`: the value kept under the key `[k]` (as
                // written), which no lookup matches.
                (None, Some(b'[')) => {
                    // The `]` closing it: the byte before the depth
                    // drops back.
                    let close = (after + 1..b.len())
                        .find(|&k| self.depth[k] <= self.depth[after])
                        .map(|k| k - 1)
                        .filter(|&c| b[c] == b']');
                    let colon = close.map(|c| self.skip_ws(c + 1));
                    match (close, colon) {
                        (Some(c), Some(colon)) if b.get(colon) == Some(&b':') => {
                            let k = String::from_utf8_lossy(&b[after..=c]).into_owned();
                            let (v, end) = self.node_at(colon + 1, nesting + 1);
                            entries.push((k, v));
                            j = end;
                        }
                        _ => {
                            spread = true;
                            let end = self.skip_expr(after);
                            if end == after && !matches!(b.get(end), Some(b',' | b'}')) {
                                return (Node::Computed, i);
                            }
                            j = end;
                        }
                    }
                }
                // `...x` and the like: keys not read.
                _ => {
                    spread = true;
                    let end = self.skip_expr(after);
                    if end == after && !matches!(b.get(end), Some(b',' | b'}')) {
                        return (Node::Computed, i);
                    }
                    j = end;
                }
            }
        }
    }
}

impl Object {
    /// The first argument of the first call of the function `callee`
    /// (`starlight({ title: 'Docs', locales })`), read as a tree like
    /// [`Object::config`] (a variable declared in the file with a
    /// literal is read through, a shorthand key too); `None` when
    /// `callee` is never called.
    pub fn call_arg(&self, callee: &str) -> Option<Node> {
        let b = &self.src;
        let name = callee.as_bytes();
        let mut from = 0;
        while let Some(p) = memchr::memmem::find(b.get(from..)?, name) {
            let start = from + p;
            from = start + 1;
            let end = start + name.len();
            if start > 0
                && (b[start - 1].is_ascii_alphanumeric() || matches!(b[start - 1], b'_' | b'$'))
            {
                continue;
            }
            let open = self.skip_ws(end);
            if b.get(open) == Some(&b'(') {
                return Some(self.node_at(open + 1, 0).0);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_at_the_shallowest_depth() {
        let o = Object::new(
            "// base: 'no'\nexport default defineConfig({\n  themeConfig: { base: '/deep/' },\n  base: '/vite/', /* srcDir: 'x' */\n  srcDir: \"src\",\n  cleanUrls: true,\n  outDir: path.resolve(__dirname, 'dist'),\n  rewrites: { 'packages/:pkg/README.md': ':pkg/index.md', \"a.md\": `b.md` },\n  title: `T ${x}`,\n})\n",
        );
        assert_eq!(o.get("base"), Some(Value::Str("/vite/".into())));
        assert_eq!(o.get("srcDir"), Some(Value::Str("src".into())));
        assert_eq!(o.get("cleanUrls"), Some(Value::Bool(true)));
        assert_eq!(o.get("outDir"), Some(Value::Computed));
        assert_eq!(o.get("title"), Some(Value::Computed));
        assert_eq!(o.get("missing"), None);
        let d = Object::new(
            "module.exports = { presets: [['classic', { blog: { path: 'b' }, docs: {\n path: '../docs', routeBasePath: '/' } }]] }",
        );
        assert_eq!(
            d.get_beside("path", "routeBasePath"),
            Some(Value::Str("../docs".into()))
        );
        assert_eq!(
            o.get("rewrites"),
            Some(Value::Pairs(vec![
                ("packages/:pkg/README.md".into(), ":pkg/index.md".into()),
                ("a.md".into(), "b.md".into())
            ]))
        );
    }

    /// `markdown.format` of a Docusaurus configuration (L6 of the
    /// 2026-11-29 review): only the key inside the `markdown` object.
    /// A sidebar group's `base` (rolldown/rolldown's
    /// `docs/.vitepress/config.ts`) is not the site's.
    #[test]
    fn a_key_not_beside_others() {
        let o = Object::new(
            "const sidebar = [{\n  text: 'Options',\n  base: '/reference',\n  items: getOptionsSidebar(),\n}];\nexport default defineConfig({ title: 'Rolldown', themeConfig: { sidebar } })\n",
        );
        assert_eq!(o.get("base"), Some(Value::Str("/reference".into())));
        assert_eq!(o.get_not_beside("base", &["items", "text", "link"]), None);
        let o = Object::new(
            "const s = { '/x/': { base: '/x/', items: [] } };\nexport default { base: '/site/', themeConfig: { sidebar: s } }",
        );
        assert_eq!(
            o.get_not_beside("base", &["items", "text", "link"]),
            Some(Value::Str("/site/".into()))
        );
    }

    #[test]
    fn a_key_inside_an_object() {
        let o = Object::new(
            "export default { format: 'top', markdown: { mermaid: true, hooks: { format: 'x' },\n format: 'md' }, other: { format: 'y' } };",
        );
        assert_eq!(
            o.get_in("markdown", "format"),
            Some(Value::Str("md".into()))
        );
        assert_eq!(o.get_in("markdown", "mermaid"), Some(Value::Bool(true)));
        assert_eq!(o.get_in("markdown", "missing"), None);
        assert_eq!(o.get_in("nothing", "format"), None);
        let computed =
            Object::new("module.exports = { markdown: markdownOptions, x: { format: 'md' } }");
        assert_eq!(computed.get_in("markdown", "format"), None);
        let nested = Object::new("module.exports = { markdown: { hooks: { format: 'md' } } }");
        assert_eq!(nested.get_in("markdown", "format"), None);
    }

    /// Issue 46: the configuration object read as a tree, the classic
    /// preset's options inside a type-cast `({ ... })`, `themeConfig.docs`
    /// kept apart from the preset's `docs`, anything computed said so.
    #[test]
    fn the_configuration_as_a_tree() {
        let o = Object::new(
            r#"import x from './x.mjs';
const config = {
  i18n,
  baseUrl: '/',
  onBrokenLinks: 'warn',
  presets: [
    [
      '@docusaurus/preset-classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: {
          editUrl: ({locale, docPath}) => { return `x/${docPath}`; },
          path: '../docs',
          sidebarPath: path.resolve(__dirname, './sidebars.json'),
          remarkPlugins: [[require('npm2yarn'), {sync: true}]],
        },
        blog: false,
      }),
    ],
  ],
  plugins: [...extra, 'a', ['b', { n: 2, list: ['x', "y"], ...more }], c],
  themeConfig: ({ docs: { sidebar: { hideable: true } } }),
  method() { return { baseUrl: 'no' }; },
};
export default config;
"#,
        );
        let t = o.config(&["baseUrl", "presets"]).expect("config");
        assert_eq!(t.get("baseUrl"), Some(&Node::Str("/".into())));
        assert_eq!(t.get("i18n"), Some(&Node::Computed));
        assert_eq!(t.get("method"), Some(&Node::Computed));
        let Some(Node::Arr(presets)) = t.get("presets") else {
            panic!("presets: {t:?}");
        };
        let Some(Node::Arr(classic)) = presets.first() else {
            panic!("{presets:?}");
        };
        let opts = classic.get(1).expect("options");
        let docs = opts.get("docs").expect("docs");
        assert_eq!(docs.get("path"), Some(&Node::Str("../docs".into())));
        assert!(matches!(docs.get("editUrl"), Some(Node::Function(_))));
        assert_eq!(docs.get("sidebarPath"), Some(&Node::Computed));
        assert!(matches!(docs.get("remarkPlugins"), Some(Node::Arr(_))));
        assert_eq!(opts.get("blog"), Some(&Node::Bool(false)));
        let Some(Node::Arr(plugins)) = t.get("plugins") else {
            panic!("plugins: {t:?}");
        };
        assert_eq!(plugins.len(), 4, "{plugins:?}");
        assert_eq!(plugins[0], Node::Computed);
        assert_eq!(plugins[1], Node::Str("a".into()));
        assert_eq!(plugins[3], Node::Computed);
        let Node::Arr(b) = &plugins[2] else {
            panic!("{plugins:?}");
        };
        assert!(matches!(b.get(1), Some(Node::Obj { spread: true, .. })));
        assert_eq!(b[1].get("n"), Some(&Node::Num("2".into())));
        // Variables declared with literals in the file are read, spread
        // or not; others stay computed.
        let o = Object::new(
            r#"const common = { sidebarPath: require.resolve('./s.js'), routeBasePath: 'x' };
const docs = { ...common, path: 'd' };
let plugins = ['p'];
const selfish = { ...selfish };
module.exports = { baseUrl: '/', docs, blog: { ...common, ...unknown }, plugins: [...plugins, 'q'], s: selfish, t: docs.path };"#,
        );
        let t = o.config(&["baseUrl"]).expect("config");
        let docs = t.get("docs").expect("docs");
        assert_eq!(docs.get("path"), Some(&Node::Str("d".into())));
        assert_eq!(docs.get("routeBasePath"), Some(&Node::Str("x".into())));
        assert!(matches!(docs, Node::Obj { spread: false, .. }));
        assert!(matches!(
            t.get("blog"),
            Some(Node::Obj { spread: true, .. })
        ));
        assert_eq!(
            t.get("plugins"),
            Some(&Node::Arr(vec![
                Node::Str("p".into()),
                Node::Str("q".into())
            ]))
        );
        assert!(matches!(t.get("s"), Some(Node::Obj { spread: true, .. })));
        assert_eq!(t.get("t"), Some(&Node::Computed));
        // Nothing to read: no object holds the keys.
        assert_eq!(
            Object::new("module.exports = require('./c');").config(&["baseUrl"]),
            None
        );
        // Unclosed and stray brackets end.
        for bad in [
            "x = { baseUrl: '/', a: [1, (2",
            "x = { baseUrl: ) ] }",
            "x = { ...",
            "{ baseUrl:",
        ] {
            let _ = Object::new(bad).config(&["baseUrl"]);
        }
    }

    /// Issue 46 round 2 (reduxjs/redux-toolkit): a file written without
    /// semicolons ends the literal at a line break before a word (`}`
    /// then `export default config`); a word that goes on with the
    /// expression (`satisfies`) or one on the same line does not.
    #[test]
    fn a_line_break_before_a_statement_ends_the_literal() {
        let o =
            Object::new("const config: Config = {\n  baseUrl: '/',\n}\n\nexport default config\n");
        let t = o.config(&["baseUrl"]).expect("config");
        assert_eq!(t.get("baseUrl"), Some(&Node::Str("/".into())));
        let o = Object::new("module.exports = {\n  baseUrl: '/',\n}\n  satisfies Config\n");
        assert!(matches!(o.config(&["baseUrl"]), Some(Node::Obj { .. })));
        let o = Object::new("const c = {\n  x: { baseUrl: '/' } in y,\n}\n");
        assert_eq!(o.config(&["baseUrl"]), Some(Node::Computed));
        let o = Object::new("const c = {\n  x: { baseUrl: '/' }\n  in y,\n}\n");
        assert_eq!(o.config(&["baseUrl"]), Some(Node::Computed));
    }

    /// Issue 46 (react-native-website): TypeScript around the literals
    /// (`satisfies`, `as`, a typed `const`), a key computed by code kept
    /// under `[k]`, functions kept as their text.
    #[test]
    fn typescript_and_functions() {
        let o = Object::new(
            r#"const common: PluginContentDocs.Options = {
  editUrl: (options => { return `x/${options.docPath}`; }) as PluginContentDocs.EditUrlFunction,
  showLastUpdateTime: true,
};
const map: Record<string, {a: string}> = { k: 'v' };
const config: Config = {
  baseUrl: '/',
  presets: [['classic', { docs: { path: '../docs', versions: { [last]: { badge: false } }, ...common } } satisfies Preset.Options]],
  plugins: [function x() { return { name: 'n', configureWebpack() {} }; }, async () => ({}), p => p, q, ['a', { m: map, t: 'x' as const }]],
};
export default config;
"#,
        );
        let t = o.config(&["baseUrl", "presets"]).expect("config");
        let Some(Node::Arr(presets)) = t.get("presets") else {
            panic!("{t:?}");
        };
        let Some(Node::Arr(classic)) = presets.first() else {
            panic!("{presets:?}");
        };
        let docs = classic.get(1).and_then(|o| o.get("docs")).expect("docs");
        assert_eq!(docs.get("path"), Some(&Node::Str("../docs".into())));
        assert_eq!(docs.get("showLastUpdateTime"), Some(&Node::Bool(true)));
        assert!(matches!(docs.get("editUrl"), Some(Node::Function(_))));
        assert!(!docs.has_unknown_keys(), "{docs:?}");
        let versions = docs.get("versions").expect("versions");
        assert!(versions.has_unknown_keys());
        assert!(versions
            .get("[last]")
            .is_some_and(|v| v.get("badge") == Some(&Node::Bool(false))));
        let Some(Node::Arr(plugins)) = t.get("plugins") else {
            panic!("{t:?}");
        };
        assert!(matches!(&plugins[0], Node::Function(f) if f.contains("configureWebpack")));
        assert!(matches!(&plugins[1], Node::Function(_)));
        assert!(matches!(&plugins[2], Node::Function(_)));
        assert_eq!(plugins[3], Node::Computed);
        let Node::Arr(a) = &plugins[4] else {
            panic!("{plugins:?}");
        };
        let opts = a.get(1).expect("options");
        assert_eq!(opts.get("t"), Some(&Node::Str("x".into())));
        assert_eq!(
            opts.get("m").and_then(|m| m.get("k")),
            Some(&Node::Str("v".into()))
        );
    }

    /// Starlight's `locales` (object of objects): its keys, and none for
    /// a spread.
    #[test]
    fn keys_of_an_object() {
        let o = Object::new(
            "export default { integrations: [starlight({ locales: {\n root: { label: 'English', lang: 'en' },\n 'pt-br': { label: 'P', lang: 'pt-BR' }, fr: { label: \"F\" } } })] }",
        );
        assert_eq!(
            o.keys_in("locales"),
            Some(vec!["root".into(), "pt-br".into(), "fr".into()])
        );
        assert_eq!(
            Object::new("x = { locales: { ...more, fr: {} } }").keys_in("locales"),
            None
        );
        assert_eq!(
            Object::new("x = { locales: localeList }").keys_in("locales"),
            None
        );
        assert_eq!(
            Object::new("x = { locales: {} }").keys_in("locales"),
            Some(vec![])
        );
    }

    /// The options of `starlight({ ... })` (withastro/starlight's
    /// docs/astro.config.mjs): `locales` given by shorthand, read through
    /// its declaration; no call, no options.
    #[test]
    fn the_argument_of_a_call() {
        let o = Object::new(
            "import starlight from '@astrojs/starlight';
export const locales = { root: { lang: 'en' }, 'zh-cn': { lang: 'zh-CN' } };
export default defineConfig({ integrations: [starlightBlog(), starlight({ title: 'S', locales })] });",
        );
        let opts = o.call_arg("starlight").expect("a call");
        assert_eq!(opts.get("title"), Some(&Node::Str("S".into())));
        let Some(Node::Obj { entries, spread }) = opts.get("locales") else {
            panic!("{opts:?}");
        };
        assert!(!spread);
        let keys: Vec<&str> = entries.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["root", "zh-cn"]);
        assert_eq!(
            Object::new("import starlight from 'x';").call_arg("starlight"),
            None
        );
        assert_eq!(
            Object::new("x = starlight(options)").call_arg("starlight"),
            Some(Node::Computed)
        );
    }

    /// vuejs/pinia's packages/docs/.vitepress/config/shared.ts: regular
    /// expression literals holding quotes and brackets do not hide the
    /// keys after them; a division stays one.
    #[test]
    fn regular_expression_literals() {
        let o = Object::new(
            "const rControl = /[\\u0000-\\u001f]/g\nconst rSpecial = /[\\s~`!@#$%^&*()\\-_+=[\\]{}|\\\\;:\"'“”‘’<>,.?/]+/g\nexport const slugify = (str: string): string =>\n  str\n    .replace(rSpecial, '-')\n    .replace(/^(\\d)/, '_$1')\n\nexport const sharedConfig = defineConfig({\n  title: 'Pinia',\n  half: width / 2, base: '/x/',\n  markdown: {\n    attrs: {\n      leftDelimiter: '%{',\n      rightDelimiter: '}%',\n    },\n    anchor: {\n      slugify,\n    },\n  },\n})\n",
        );
        assert_eq!(o.get("title"), Some(Value::Str("Pinia".into())));
        assert_eq!(o.get("base"), Some(Value::Str("/x/".into())));
        assert_eq!(
            o.get_in("markdown", "attrs"),
            Some(Value::Pairs(vec![
                ("leftDelimiter".into(), "%{".into()),
                ("rightDelimiter".into(), "}%".into())
            ]))
        );
        assert!(o.get_in("markdown", "anchor").is_some());
    }
}
