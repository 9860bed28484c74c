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
}

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
        Object { src: b, depth }
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
}
