//! Rust source files (`.rs`): the regions that are test code.
//!
//! A Rust crate's unit tests sit beside its code, in a module compiled
//! only for tests (`#[cfg(test)] mod tests { ... }`) or in functions
//! marked `#[test]`; they hold URIs that are invalid on purpose (a URL
//! parser's `test_invalid_parse` list: issue 46, facebook/flow's
//! `rust_port/crates/flow_lsp/src/file_url.rs`, rust-lang/cargo's
//! `package_id_spec.rs`), as test directories do, which `check` leaves
//! out by default.
//!
//! This module owns finding those regions with a small lexer of Rust's
//! tokens (The Rust Reference, "Tokens" and "Comments"): line and nested
//! block comments, string, byte-string, C-string and raw-string literals
//! (`r#"..."#`), character literals told from lifetimes and labels
//! (`'a'` against `'a`). Where the end of a region cannot be found for
//! sure (an unterminated literal or comment, braces that do not balance
//! over the file) no region is given: nothing is skipped. It does not own
//! what is done with the regions (urilint's `lint::suppress` leaves out
//! the findings inside them).

use std::ops::Range;

/// The most bytes of a Rust file read for its test regions (8 MiB); a
/// larger file has none.
pub const MAX_BYTES: usize = 8 << 20;

/// A token of the lexer: a punctuation byte or an identifier, at its
/// offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token<'a> {
    /// One of `#`, `!`, `[`, `]`, `(`, `)`, `{`, `}`, `;`, `:`, `,`, `=`.
    Punct(u8),
    /// An identifier or keyword (raw identifiers without their `r#`).
    Ident(&'a [u8]),
}

/// The test regions of the Rust source `src`: byte ranges, in order and
/// disjoint, each from the `#` of a test attribute to the end of the
/// item it marks (the `}` of its block, or its `;`).
///
/// A test attribute is `#[test]` (or a path ending in `test`:
/// `#[tokio::test]`) or `#[cfg(...)]` whose predicate names `test`
/// outside a `not(...)` (`#[cfg(test)]`, `#[cfg(all(test, unix))]`). An
/// inner `#![cfg(test)]` makes the whole file a region. Empty when the
/// lexer cannot read the file to its end for sure, or when `src` is
/// longer than [`MAX_BYTES`].
pub fn test_regions(src: &[u8]) -> Vec<Range<usize>> {
    if src.len() > MAX_BYTES {
        return Vec::new();
    }
    let Some(tokens) = lex(src) else {
        return Vec::new();
    };
    // Braces over the whole file balance, or nothing is sure.
    let mut depth: i64 = 0;
    for (t, _) in &tokens {
        match t {
            Token::Punct(b'{') => depth += 1,
            Token::Punct(b'}') => {
                depth -= 1;
                if depth < 0 {
                    return Vec::new();
                }
            }
            _ => {}
        }
    }
    if depth != 0 {
        return Vec::new();
    }
    let mut out: Vec<Range<usize>> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let (Token::Punct(b'#'), start) = tokens[i] else {
            i += 1;
            continue;
        };
        let inner = matches!(tokens.get(i + 1), Some((Token::Punct(b'!'), _)));
        let open = i + 1 + usize::from(inner);
        if !matches!(tokens.get(open), Some((Token::Punct(b'['), _))) {
            i += 1;
            continue;
        }
        let Some(close) = matching(&tokens, open, b'[', b']') else {
            return out;
        };
        if !is_test_attribute(&tokens[open + 1..close]) {
            i = close + 1;
            continue;
        }
        if inner {
            #[allow(clippy::single_range_in_vec_init)] // one region: the file
            return vec![0..src.len()];
        }
        match item_end(&tokens, close + 1) {
            Some(end) => {
                out.push(start..end);
                // Past the region: a test inside it is in it already.
                i = tokens.partition_point(|(_, at)| *at < end);
            }
            None => i = close + 1,
        }
    }
    out
}

/// The index of the token closing the bracket opened at `tokens[open]`
/// (`open_b` ... `close_b`, nested), if any.
fn matching(tokens: &[(Token<'_>, usize)], open: usize, open_b: u8, close_b: u8) -> Option<usize> {
    let mut depth = 0usize;
    for (k, (t, _)) in tokens.iter().enumerate().skip(open) {
        match t {
            Token::Punct(b) if *b == open_b => depth += 1,
            Token::Punct(b) if *b == close_b => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// True when the tokens inside `#[...]` are a test attribute (see
/// [`test_regions`]).
fn is_test_attribute(attr: &[(Token<'_>, usize)]) -> bool {
    match attr.first() {
        Some((Token::Ident(b"cfg"), _)) => {
            // `test` named, not under `not(...)`: the depth of `not(`s.
            let mut not_depth: Vec<usize> = Vec::new();
            let mut depth = 0usize;
            let mut found = false;
            for (k, (t, _)) in attr.iter().enumerate() {
                match t {
                    Token::Punct(b'(') => {
                        depth += 1;
                        if k > 0 && matches!(attr[k - 1].0, Token::Ident(b"not")) {
                            not_depth.push(depth);
                        }
                    }
                    Token::Punct(b')') => {
                        if not_depth.last() == Some(&depth) {
                            not_depth.pop();
                        }
                        depth = depth.saturating_sub(1);
                    }
                    Token::Ident(b"test") if not_depth.is_empty() && depth > 0 => {
                        // `feature = "test"` is a string, not this word.
                        found = true;
                    }
                    _ => {}
                }
            }
            found
        }
        Some(_) => {
            // A path `a::b::test` and nothing after it.
            let mut last = None;
            for (t, _) in attr {
                match t {
                    Token::Ident(w) => last = Some(*w),
                    Token::Punct(b':') => {}
                    _ => return false,
                }
            }
            last == Some(b"test".as_slice())
        }
        None => false,
    }
}

/// The end (exclusive byte offset) of the item whose tokens start at
/// `from` (after its attributes): past the `}` that closes its first
/// block, or its `;`, outside parentheses and brackets (`[u8; 3]`).
fn item_end(tokens: &[(Token<'_>, usize)], from: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut k = from;
    while let Some(&(t, at)) = tokens.get(k) {
        match t {
            Token::Punct(b'(' | b'[') => depth += 1,
            Token::Punct(b')' | b']') => depth = depth.checked_sub(1)?,
            Token::Punct(b';') if depth == 0 => return Some(at + 1),
            Token::Punct(b'{') if depth == 0 => {
                let close = matching(tokens, k, b'{', b'}')?;
                return Some(tokens[close].1 + 1);
            }
            _ => {}
        }
        k += 1;
    }
    None
}

/// The tokens of `src` that [`test_regions`] needs, with their offsets;
/// `None` when a literal or comment does not end (the file is not read
/// for sure).
fn lex(src: &[u8]) -> Option<Vec<(Token<'_>, usize)>> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&b) = src.get(i) {
        match b {
            b'/' if src.get(i + 1) == Some(&b'/') => {
                i = memchr::memchr(b'\n', &src[i..]).map_or(src.len(), |n| i + n + 1);
            }
            b'/' if src.get(i + 1) == Some(&b'*') => i = block_comment_end(src, i)?,
            b'"' => i = string_end(src, i + 1)?,
            b'\'' => i = quote_end(src, i)?,
            b'#' | b'!' | b'[' | b']' | b'(' | b')' | b'{' | b'}' | b';' | b':' | b',' | b'=' => {
                out.push((Token::Punct(b), i));
                i += 1;
            }
            b if b == b'_' || b.is_ascii_alphabetic() || b >= 0x80 => {
                let start = i;
                while src
                    .get(i)
                    .is_some_and(|&c| c == b'_' || c.is_ascii_alphanumeric() || c >= 0x80)
                {
                    i += 1;
                }
                let word = &src[start..i];
                match (word, src.get(i)) {
                    // Raw strings: r"..", r#".."#, br#".."#, cr".."; a
                    // raw identifier r#name is a word.
                    (b"r" | b"br" | b"cr", Some(b'"' | b'#')) => {
                        let hashes = src[i..].iter().take_while(|&&c| c == b'#').count();
                        if src.get(i + hashes) == Some(&b'"') {
                            i = raw_string_end(src, i + hashes + 1, hashes)?;
                        } else if word == b"r" && hashes == 1 {
                            let name_start = i + 1;
                            i = name_start;
                            while src.get(i).is_some_and(|&c| {
                                c == b'_' || c.is_ascii_alphanumeric() || c >= 0x80
                            }) {
                                i += 1;
                            }
                            out.push((Token::Ident(&src[name_start..i]), start));
                        } else {
                            out.push((Token::Ident(word), start));
                        }
                    }
                    (b"b" | b"c", Some(b'"')) => i = string_end(src, i + 1)?,
                    (b"b", Some(b'\'')) => i = quote_end(src, i)?,
                    _ => out.push((Token::Ident(word), start)),
                }
            }
            _ => i += 1,
        }
    }
    Some(out)
}

/// The offset after the block comment opening at `src[start]` (`/*`),
/// nested ones inside it closed first.
fn block_comment_end(src: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = start;
    while i + 1 < src.len() {
        match (src[i], src[i + 1]) {
            (b'/', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// The offset after the `"` that closes a string whose text starts at
/// `src[from]` (escapes `\"` and `\\` skipped).
fn string_end(src: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    loop {
        let n = memchr::memchr2(b'"', b'\\', src.get(i..)?)?;
        i += n;
        if src[i] == b'\\' {
            i += 2;
        } else {
            return Some(i + 1);
        }
    }
}

/// The offset after the `"` and `hashes` `#`s that close a raw string
/// whose text starts at `src[from]`.
fn raw_string_end(src: &[u8], from: usize, hashes: usize) -> Option<usize> {
    let mut i = from;
    loop {
        let n = memchr::memchr(b'"', src.get(i..)?)?;
        i += n + 1;
        if src
            .get(i..i + hashes)
            .is_some_and(|h| h.iter().all(|&c| c == b'#'))
        {
            return Some(i + hashes);
        }
    }
}

/// The offset after the quote at `src[at]`: after a character literal
/// (`'x'`, `'\n'`, `'\u{1F600}'`, `'\''`, `'é'`) when it is one, else just
/// after the quote (a lifetime or label, `'a`, `'static`, whose name the
/// lexer reads next). `None` for an escape that does not close on its
/// line.
fn quote_end(src: &[u8], at: usize) -> Option<usize> {
    match src.get(at + 1) {
        Some(b'\\') => {
            // An escape: up to the closing quote on this line.
            let rest = src.get(at + 3..)?;
            let line = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            memchr::memchr(b'\'', &rest[..line]).map(|n| at + 3 + n + 1)
        }
        Some(&c) => {
            let len = utf8_len(c);
            if src.get(at + 1 + len) == Some(&b'\'') {
                Some(at + 2 + len)
            } else {
                Some(at + 1)
            }
        }
        None => Some(at + 1),
    }
}

/// The length of the UTF-8 sequence led by `b` (1 for a byte that leads
/// none).
fn utf8_len(b: u8) -> usize {
    match b {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions(src: &str) -> Vec<&str> {
        test_regions(src.as_bytes())
            .into_iter()
            .map(|r| &src[r])
            .collect()
    }

    #[test]
    fn a_test_module_and_test_functions() {
        let src = "fn a() { let s = \"}\"; }\n\
                   #[cfg(test)]\nmod tests {\n    #[test]\n    fn t() { x(\"{\"); }\n}\n\
                   #[test]\nfn u() -> [u8; 3] { [1, 2, 3] }\n\
                   fn b() {}\n";
        assert_eq!(
            regions(src),
            [
                "#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() { x(\"{\"); }\n}",
                "#[test]\nfn u() -> [u8; 3] { [1, 2, 3] }",
            ]
        );
    }

    #[test]
    fn cfg_predicates_and_attribute_paths() {
        assert_eq!(regions("#[cfg(all(test, unix))] mod m { }").len(), 1);
        assert_eq!(regions("#[cfg(not(test))] mod m { }").len(), 0);
        assert_eq!(regions("#[cfg(all(not(test), unix))] mod m { }").len(), 0);
        assert_eq!(regions("#[cfg(any(not(unix), test))] mod m { }").len(), 1);
        assert_eq!(regions("#[cfg(feature = \"test\")] mod m { }").len(), 0);
        assert_eq!(regions("#[tokio::test]\nasync fn t() { }").len(), 1);
        assert_eq!(regions("#[test_case(1)]\nfn t(x: u8) { }").len(), 0);
        assert_eq!(
            regions("#[cfg(test)]\nmod tests;\nfn a() {}"),
            ["#[cfg(test)]\nmod tests;"]
        );
        assert_eq!(regions("#![cfg(test)]\nfn a() {}\n").len(), 1);
        assert_eq!(regions("#[derive(Debug)] struct S { a: u8 }").len(), 0);
    }

    /// Literals and comments that hold braces, quotes and `#[test]`.
    #[test]
    fn literals_and_comments_hide_their_contents() {
        let src = "/* outer /* #[test] fn x() { */ } */\n\
                   // #[cfg(test)] mod a {\n\
                   const R: &str = r#\"a \" } #[test] \"#;\n\
                   const B: &[u8] = br##\"\"# {\"##;\n\
                   const C: char = '{'; const Q: char = '\\''; const U: char = '\\u{7B}';\n\
                   const E: char = 'é'; const BQ: u8 = b'\"';\n\
                   fn l<'a>(x: &'a str) -> &'a str { 'outer: loop { break 'outer; } x }\n\
                   #[cfg(test)]\nmod t { fn r#match() { let s = \"\\\"}\"; } }\n";
        let got = regions(src);
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].starts_with("#[cfg(test)]\nmod t {") && got[0].ends_with("} }"));
    }

    /// When the file cannot be read for sure, nothing is a region.
    #[test]
    fn unsure_files_give_no_region() {
        for src in [
            "#[cfg(test)] mod t { \"unterminated }",
            "#[cfg(test)] mod t { /* unterminated }",
            "#[cfg(test)] mod t { r#\"unterminated\" }",
            "#[cfg(test)] mod t { {",
            "#[cfg(test)] mod t { } }",
            "#[cfg(test)] mod t",
            "#[cfg(test)",
        ] {
            assert!(regions(src).is_empty(), "{src}");
        }
    }

    /// A real excerpt: facebook/flow's `file_url.rs` (fixtures/defaults/,
    /// source in its SOURCE): the test module holds the invalid URIs.
    #[test]
    fn flow_file_url_excerpt() {
        let src = include_str!("../../../fixtures/defaults/flow-file-url.rs");
        let got = regions(src);
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].starts_with("#[cfg(test)]\nmod tests {"));
        assert!(got[0].contains("file:///fi%6/stuff"));
        // The code before the module is not test code.
        assert!(!got[0].contains("fn create"));
    }

    proptest::proptest! {
        /// Any bytes: no panic, regions in order, disjoint, in bounds.
        #[test]
        fn any_input_gives_sound_regions(src in proptest::collection::vec(
            proptest::sample::select(b"#![]{}()\"'rb/*\\\n ;:test cfg mod fn x".to_vec()), 0..200)) {
            let got = test_regions(&src);
            let mut last = 0;
            for r in got {
                proptest::prop_assert!(r.start >= last && r.start < r.end && r.end <= src.len());
                last = r.end;
            }
        }
    }
}
