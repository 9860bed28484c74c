//! The documents an editor has open: their text as the editor has it
//! (changed incrementally, LSP `TextDocumentSyncKind.Incremental`), and
//! the conversion between LSP positions and byte offsets in the encoding
//! negotiated at `initialize` (LSP 3.17 `positionEncoding`).

use std::path::PathBuf;
use std::sync::Arc;

/// How a position's `character` counts (LSP 3.17 `PositionEncodingKind`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 code units (bytes): `"utf-8"`.
    Utf8,
    /// UTF-16 code units, the protocol's default: `"utf-16"`.
    #[default]
    Utf16,
    /// Unicode scalar values: `"utf-32"`.
    Utf32,
}

impl Encoding {
    /// The encoding to use with a client that offers `offered` (in its
    /// order of preference; `None`: it offers none, so UTF-16): UTF-8
    /// when offered (byte offsets need no conversion), else UTF-32 when
    /// offered, else UTF-16.
    pub fn negotiate(offered: Option<&[lsp_types::PositionEncodingKind]>) -> Encoding {
        let offered = offered.unwrap_or_default();
        let has = |k: &lsp_types::PositionEncodingKind| offered.iter().any(|o| o == k);
        if has(&lsp_types::PositionEncodingKind::UTF8) {
            Encoding::Utf8
        } else if has(&lsp_types::PositionEncodingKind::UTF32) {
            Encoding::Utf32
        } else {
            Encoding::Utf16
        }
    }

    /// The protocol's name for it.
    pub fn kind(self) -> lsp_types::PositionEncodingKind {
        match self {
            Encoding::Utf8 => lsp_types::PositionEncodingKind::UTF8,
            Encoding::Utf16 => lsp_types::PositionEncodingKind::UTF16,
            Encoding::Utf32 => lsp_types::PositionEncodingKind::UTF32,
        }
    }

    /// How many code units `c` takes.
    fn units(self, c: char) -> u32 {
        match self {
            Encoding::Utf8 => c.len_utf8() as u32,
            Encoding::Utf16 => c.len_utf16() as u32,
            Encoding::Utf32 => 1,
        }
    }
}

/// One open document.
#[derive(Clone, Debug)]
pub struct Document {
    /// The document's URI as the client sent it.
    pub uri: lsp_types::Uri,
    /// The file it stands for (from a `file:` URI); for other schemes
    /// (`untitled:`), a name made of the URI's path, never opened.
    pub path: PathBuf,
    /// The client's version of the text.
    pub version: i32,
    /// The client's language id (`markdown`, `plaintext`, ...).
    pub language_id: String,
    text: String,
    /// The byte offset at which each line starts (lines end at LF, CRLF
    /// or a lone CR, as in LSP 3.17 "Text Documents").
    lines: Vec<usize>,
}

/// A change the document could not take.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ChangeError(pub String);

impl Document {
    /// A document opened with `text` at `version`.
    pub fn new(
        uri: lsp_types::Uri,
        path: PathBuf,
        version: i32,
        language_id: String,
        text: String,
    ) -> Document {
        let mut d = Document {
            uri,
            path,
            version,
            language_id,
            text,
            lines: Vec::new(),
        };
        d.index();
        d
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// A copy of the text as shared bytes, for the checker: made at each
    /// call and not kept, so that a document is held once, not twice
    /// (M9 of the 2026-11-29 review).
    pub fn bytes(&self) -> Arc<[u8]> {
        Arc::from(self.text.as_bytes())
    }

    fn index(&mut self) {
        self.lines.clear();
        self.lines.push(0);
        let b = self.text.as_bytes();
        let mut i = 0;
        while let Some(at) = memchr::memchr2(b'\n', b'\r', &b[i..]) {
            let at = i + at;
            let next = if b[at] == b'\r' && b.get(at + 1) == Some(&b'\n') {
                at + 2
            } else {
                at + 1
            };
            self.lines.push(next);
            i = next;
        }
    }

    /// Applies the changes of a `textDocument/didChange` in order (a
    /// change without a range replaces the text), then takes `version`.
    ///
    /// # Errors
    /// [`ChangeError`] when a range is reversed; positions past a line's
    /// or the text's end are clamped to it, as the protocol says.
    pub fn apply(
        &mut self,
        changes: Vec<lsp_types::TextDocumentContentChangeEvent>,
        version: i32,
        enc: Encoding,
    ) -> Result<(), ChangeError> {
        for change in changes {
            match change.range {
                None => self.text = change.text,
                Some(range) => {
                    let start = self.offset(range.start, enc);
                    let end = self.offset(range.end, enc);
                    if start > end {
                        return Err(ChangeError(format!(
                            "a change's range ends before it starts ({}:{} to {}:{})",
                            range.start.line,
                            range.start.character,
                            range.end.line,
                            range.end.character
                        )));
                    }
                    self.text.replace_range(start..end, &change.text);
                }
            }
            self.index();
        }
        self.version = version;
        Ok(())
    }

    /// The byte offset (0-based) of `pos` in the text: a line past the
    /// last gives the text's end, a character past the line's end gives
    /// the line's end (before its line break); a position inside a
    /// character (a UTF-16 surrogate pair, a byte inside a UTF-8
    /// sequence) gives the start of the next character.
    pub fn offset(&self, pos: lsp_types::Position, enc: Encoding) -> usize {
        let Some(&start) = self.lines.get(pos.line as usize) else {
            return self.text.len();
        };
        let end = self.line_end(pos.line as usize);
        let mut units = 0u32;
        for (i, c) in self.text[start..end].char_indices() {
            if units >= pos.character {
                return start + i;
            }
            units += enc.units(c);
        }
        end
    }

    /// The end of line `line` (0-based), before its line break.
    fn line_end(&self, line: usize) -> usize {
        let next = self.lines.get(line + 1).copied().unwrap_or(self.text.len());
        let b = self.text.as_bytes();
        let mut end = next;
        if end > self.lines[line] && b.get(end - 1) == Some(&b'\n') {
            end -= 1;
        }
        if end > self.lines[line] && b.get(end - 1) == Some(&b'\r') && line + 1 < self.lines.len() {
            end -= 1;
        }
        end
    }

    /// The LSP position of byte offset `offset` (0-based; clamped to the
    /// text, and moved back to the start of a character it falls inside).
    pub fn position(&self, offset: usize, enc: Encoding) -> lsp_types::Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self
            .lines
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let start = self.lines[line];
        let character = match enc {
            Encoding::Utf8 => (offset - start) as u32,
            _ => self.text[start..offset].chars().map(|c| enc.units(c)).sum(),
        };
        lsp_types::Position {
            line: line as u32,
            character,
        }
    }

    /// The LSP range of bytes `span` (0-based, end exclusive).
    pub fn range(&self, span: std::ops::Range<usize>, enc: Encoding) -> lsp_types::Range {
        lsp_types::Range {
            start: self.position(span.start, enc),
            end: self.position(span.end.max(span.start), enc),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::{Position, Range, TextDocumentContentChangeEvent};
    use proptest::strategy::Strategy;

    fn doc(text: &str) -> Document {
        let uri: lsp_types::Uri = "file:///t.md".parse().unwrap();
        Document::new(uri, "/t.md".into(), 1, "markdown".into(), text.into())
    }

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn positions_in_each_encoding() {
        // "é" is 2 bytes, 1 UTF-16 unit; "😀" is 4 bytes, 2 UTF-16 units.
        let d = doc("aé😀x\nsecond\r\nthird\rfourth");
        let x = "aé😀".len();
        assert_eq!(d.position(x, Encoding::Utf8), pos(0, 7));
        assert_eq!(d.position(x, Encoding::Utf16), pos(0, 4));
        assert_eq!(d.position(x, Encoding::Utf32), pos(0, 3));
        for enc in [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32] {
            let p = d.position(x, enc);
            assert_eq!(d.offset(p, enc), x, "{enc:?}");
        }
        let second = d.text().find("second").unwrap();
        assert_eq!(d.position(second, Encoding::Utf16), pos(1, 0));
        let third = d.text().find("third").unwrap();
        assert_eq!(d.position(third, Encoding::Utf16), pos(2, 0));
        let fourth = d.text().find("fourth").unwrap();
        assert_eq!(d.position(fourth, Encoding::Utf16), pos(3, 0));
        // Past the line's end: its end, before the CRLF.
        assert_eq!(d.offset(pos(1, 99), Encoding::Utf16), second + 6);
        // Past the last line: the text's end.
        assert_eq!(d.offset(pos(9, 0), Encoding::Utf16), d.text().len());
        // Inside the surrogate pair: the next character.
        assert_eq!(d.offset(pos(0, 3), Encoding::Utf16), x);
    }

    #[test]
    fn incremental_changes() {
        let mut d = doc("see http://a.example/x\nnext line\n");
        let change = |range: Option<Range>, text: &str| TextDocumentContentChangeEvent {
            range,
            range_length: None,
            text: text.into(),
        };
        d.apply(
            vec![
                change(
                    Some(Range {
                        start: pos(0, 4),
                        end: pos(0, 8),
                    }),
                    "https",
                ),
                change(
                    Some(Range {
                        start: pos(1, 0),
                        end: pos(1, 4),
                    }),
                    "😀",
                ),
            ],
            2,
            Encoding::Utf16,
        )
        .unwrap();
        assert_eq!(d.text(), "see https://a.example/x\n😀 line\n");
        assert_eq!(d.version, 2);
        assert_eq!(
            d.position(d.text().find("line").unwrap(), Encoding::Utf16),
            pos(1, 3)
        );
        d.apply(vec![change(None, "new")], 3, Encoding::Utf16)
            .unwrap();
        assert_eq!(d.text(), "new");
        let reversed = Range {
            start: pos(0, 2),
            end: pos(0, 1),
        };
        assert!(d
            .apply(vec![change(Some(reversed), "")], 4, Encoding::Utf16)
            .is_err());
    }

    /// The byte offset of `pos` computed the slow way: walking the
    /// characters, counting lines at LF, CRLF and CR.
    fn reference_offset(text: &str, pos: Position, enc: Encoding) -> usize {
        let mut line = 0u32;
        let mut units = 0u32;
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if line == pos.line {
                if c == '\n' || c == '\r' || units >= pos.character {
                    return i;
                }
                units += enc.units(c);
                continue;
            }
            if c == '\r' && chars.peek().map(|&(_, n)| n) == Some('\n') {
                chars.next();
            }
            if c == '\n' || c == '\r' {
                line += 1;
            }
        }
        text.len()
    }

    proptest::proptest! {
        #[test]
        fn offsets_match_a_slow_walk_and_round_trip(
            text in proptest::collection::vec(
                proptest::sample::select(vec!["a", "é", "😀", "\n", "\r", "\r\n", " "]), 0..40
            ).prop_map(|v| v.concat()),
            line in 0u32..8,
            character in 0u32..12,
            enc in proptest::sample::select(vec![Encoding::Utf8, Encoding::Utf16, Encoding::Utf32]),
        ) {
            let d = doc(&text);
            let p = pos(line, character);
            let at = d.offset(p, enc);
            proptest::prop_assert_eq!(at, reference_offset(&text, p, enc));
            // An offset at a character boundary maps back to itself.
            proptest::prop_assert_eq!(d.offset(d.position(at, enc), enc), at);
        }

        #[test]
        fn incremental_edits_match_whole_replacements(
            text in proptest::collection::vec(
                proptest::sample::select(vec!["ab", "é", "😀", "\n", "\r\n", "\r"]), 0..20
            ).prop_map(|v| v.concat()),
            edits in proptest::collection::vec(
                (0u32..6, 0u32..8, 0u32..6, 0u32..8, proptest::sample::select(vec!["", "x", "😀\n", "\r"])),
                1..6
            ),
            enc in proptest::sample::select(vec![Encoding::Utf8, Encoding::Utf16, Encoding::Utf32]),
        ) {
            let mut d = doc(&text);
            let mut want = text.clone();
            for (l1, c1, l2, c2, new) in edits {
                let (a, b) = (pos(l1, c1), pos(l2, c2));
                let (s, e) = (reference_offset(&want, a, enc), reference_offset(&want, b, enc));
                let change = TextDocumentContentChangeEvent {
                    range: Some(Range { start: a, end: b }),
                    range_length: None,
                    text: new.to_string(),
                };
                let applied = d.apply(vec![change], 2, enc);
                if s <= e {
                    proptest::prop_assert!(applied.is_ok());
                    want.replace_range(s..e, new);
                } else {
                    proptest::prop_assert!(applied.is_err());
                }
                proptest::prop_assert_eq!(d.text(), want.as_str());
            }
        }
    }

    #[test]
    fn negotiation_prefers_utf8() {
        use lsp_types::PositionEncodingKind as K;
        assert_eq!(Encoding::negotiate(None), Encoding::Utf16);
        assert_eq!(Encoding::negotiate(Some(&[K::UTF16])), Encoding::Utf16);
        assert_eq!(
            Encoding::negotiate(Some(&[K::UTF16, K::UTF8])),
            Encoding::Utf8
        );
        assert_eq!(
            Encoding::negotiate(Some(&[K::UTF32, K::UTF16])),
            Encoding::Utf32
        );
    }
}
