//! The header section of a message or MIME part (RFC 5322 section 2.2,
//! RFC 2045 section 3) split into fields, as the `mail-parser` crate
//! splits it, at the speed of a line search.
//!
//! A mail header is most of a list message's bytes (on the shared
//! corpus's list archives 69%: `Received`, `ARC-*`, `DKIM-Signature`
//! and Google Groups fields), and mail-parser reads it a byte at a time
//! even for the fields it is told to skip (a fifth of the time of
//! `extract` on a mailbox). This module finds each field's name and
//! value by `memchr` over line ends, so that `super::mail` hands
//! mail-parser only the fields it needs (the MIME fields and those of
//! `MessageInfo`) and reads the others' values itself.
//!
//! The split follows mail-parser 0.11 (`MessageStream::parse_headers`,
//! `parse_header_name`, `parse_and_ignore`) rather than the RFC where
//! they differ, so that both read a message alike: white space before a
//! field is skipped; a line that holds only white space ends the
//! section; a line with no `:` is no field and is skipped; a field's
//! name is the text before its first `:` (white space inside dropped for
//! the lookup of a known name); its value runs from after the `:` to
//! the first line end (LF) not followed by a space or a tab, that line
//! end included.
//!
//! It does not own decoding values (`super::mail` unfolds them and
//! `super::encoded_word` decodes RFC 2047 words) nor the MIME structure.

use std::borrow::Cow;
use std::ops::Range;

/// One header field: byte ranges into the bytes given to [`fields`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The whole field, from the first byte of its name to the end of
    /// its value (the line end that closes it included).
    pub whole: Range<usize>,
    /// Its name as written, white space around it trimmed (`Subject`,
    /// `X-Mailer`).
    pub name: Range<usize>,
    /// Its value: from the byte after the `:` to the end of the field
    /// (the line end that closes it included, CR and LF of folds kept).
    pub value: Range<usize>,
}

/// A header section split: its fields in order and where the body
/// starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fields {
    /// The fields, in order.
    pub fields: Vec<Field>,
    /// The offset of the body: the byte after the empty (or white space
    /// only) line that ends the section; `None` when no such line comes
    /// before the end (a message of header fields only, or cut short).
    pub body: Option<usize>,
}

/// The header fields at the start of `bytes` (a message or a MIME part,
/// no mbox separator line), with the offset of the body. Never fails;
/// the work is the length of the header section.
pub fn fields(bytes: &[u8]) -> Fields {
    let mut out = Fields {
        fields: Vec::with_capacity(32),
        body: None,
    };
    let mut pos = 0;
    loop {
        // White space before a field; a line end here ends the section.
        while pos < bytes.len() && bytes[pos] != b'\n' && bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        match bytes.get(pos) {
            None => return out,
            Some(b'\n') => {
                out.body = Some(pos + 1);
                return out;
            }
            Some(_) => {}
        }
        let start = pos;
        // The name: up to the first `:` that has a non-space byte before
        // it on the line (`bytes[start]` is one, unless it is the `:`
        // itself); a line end first: no field, the line is skipped.
        let mut colon = None;
        let mut at = start;
        while let Some(n) = memchr::memchr2(b':', b'\n', &bytes[at..]) {
            let i = at + n;
            if bytes[i] == b'\n' {
                pos = i + 1;
                break;
            }
            if bytes[start..i].iter().any(|b| !b.is_ascii_whitespace()) {
                colon = Some(i);
                break;
            }
            at = i + 1;
        }
        let Some(colon) = colon else {
            if pos <= start {
                // No `:` and no line end: the rest is no field.
                return out;
            }
            continue;
        };
        // The value: up to a line end not followed by a space or a tab.
        let mut end = bytes.len();
        let mut from = colon + 1;
        while let Some(n) = memchr::memchr(b'\n', &bytes[from..]) {
            let i = from + n;
            if !matches!(bytes.get(i + 1), Some(b' ' | b'\t')) {
                end = i + 1;
                break;
            }
            from = i + 2;
        }
        let name = &bytes[start..colon];
        let name_start = start + (name.len() - name.trim_ascii_start().len());
        let name_end = start + name.trim_ascii_end().len();
        out.fields.push(Field {
            whole: start..end,
            name: name_start..name_end,
            value: colon + 1..end,
        });
        pos = end;
    }
}

/// The name of a field as mail-parser's `HeaderName::as_str` gives it:
/// a known name in its registered spelling (`list-unsubscribe` is
/// `List-Unsubscribe`), any other as written.
/// The answers for names of up to 64 bytes are kept per thread, up to
/// 1,024 of them, then forgotten at once (the same few hundred names
/// stand in every message of a mailbox).
pub fn canonical_name(name: &[u8]) -> Cow<'_, str> {
    type Known = std::collections::HashMap<Box<[u8]>, Option<&'static str>>;
    thread_local! {
        static KNOWN: std::cell::RefCell<Known> = std::cell::RefCell::new(Known::new());
    }
    let as_written = String::from_utf8_lossy(name);
    let known = KNOWN.with_borrow_mut(|known| {
        if let Some(&k) = known.get(name) {
            return k;
        }
        let squeezed: String = as_written
            .chars()
            .filter(|c| !c.is_ascii_whitespace())
            .collect();
        let k = match mail_parser::HeaderName::parse(squeezed) {
            Some(h) if !h.is_other() => Some(h.as_static_str()),
            _ => None,
        };
        if name.len() <= 64 {
            if known.len() >= 1024 {
                known.clear();
            }
            known.insert(name.into(), k);
        }
        k
    });
    known.map_or(as_written, Cow::Borrowed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(raw: &str) -> (Vec<(String, String)>, Option<usize>) {
        let f = fields(raw.as_bytes());
        let pairs = f
            .fields
            .iter()
            .map(|x| {
                (
                    raw[x.name.clone()].to_string(),
                    raw[x.value.clone()].to_string(),
                )
            })
            .collect();
        (pairs, f.body)
    }

    /// Fields as mail-parser splits them: folds kept in the value, the
    /// closing line end included, CRLF, a line without `:` skipped,
    /// white space before a name, a white space only line a fold.
    #[test]
    fn split_as_mail_parser_splits() {
        let raw = "From: a@b\r\nSubject: one\r\n two\r\nno colon here\r\n  X-A :v\r\n\t\r\n \r\n\r\nbody: not a field\r\n";
        let (pairs, body) = split(raw);
        assert_eq!(
            pairs,
            [
                ("From".to_string(), " a@b\r\n".to_string()),
                ("Subject".to_string(), " one\r\n two\r\n".to_string()),
                ("X-A".to_string(), "v\r\n\t\r\n \r\n".to_string()),
            ]
        );
        assert_eq!(body, raw.find("body"));
        // No empty line: fields only, no body.
        let (pairs, body) = split("A: 1\nB: 2");
        assert_eq!(pairs.len(), 2);
        assert_eq!(body, None);
        assert_eq!(split("").1, None);
        assert_eq!(split("\nbody").1, Some(1));
        // A `:` before any name byte is passed over.
        let (pairs, _) = split(":x: 1\n\n");
        assert_eq!(pairs, [(":x".to_string(), " 1\n".to_string())]);
    }

    /// The split agrees with mail-parser's on every field of the mail
    /// and news fixtures: same names, same value offsets, same body.
    #[test]
    fn agrees_with_mail_parser_on_fixtures() {
        // Every field skipped (mail-parser's own value parsers end some
        // fields elsewhere: a `Date` ending in `UT` swallows the next
        // line), one mapped so that the map is not empty and the default
        // applies.
        let parser = mail_parser::MessageParser::new()
            .header_raw(mail_parser::HeaderName::Other("x-urilint-none".into()))
            .default_header_ignore();
        let mut seen = 0;
        for dir in ["fixtures/mail", "fixtures/mail/archives", "fixtures/news"] {
            let mut paths: Vec<_> = std::fs::read_dir(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../..")
                    .join(dir),
            )
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
            paths.sort();
            for p in paths {
                let Ok(mut raw) = std::fs::read(&p) else {
                    continue;
                };
                // An mbox: its first message, from after the separator.
                if raw.starts_with(b"From ") {
                    let line = memchr::memchr(b'\n', &raw).map_or(raw.len(), |n| n + 1);
                    raw.drain(..line);
                }
                let Some(msg) = parser.parse_headers(&raw[..]) else {
                    continue;
                };
                let ours = fields(&raw);
                let theirs: Vec<(String, usize, usize)> = msg
                    .headers()
                    .iter()
                    .map(|h| {
                        (
                            h.name.as_str().to_string(),
                            h.offset_start as usize,
                            h.offset_end as usize,
                        )
                    })
                    .collect();
                let mine: Vec<(String, usize, usize)> = ours
                    .fields
                    .iter()
                    .map(|f| {
                        (
                            canonical_name(&raw[f.name.clone()]).into_owned(),
                            f.value.start,
                            f.value.end,
                        )
                    })
                    .collect();
                assert_eq!(mine, theirs, "{}", p.display());
                // The body where the full parse starts it (a parse of the
                // header alone puts it at the end).
                if let Some(full) = mail_parser::MessageParser::new().parse(&raw[..]) {
                    let body = full.parts.first().map(|p| p.offset_body as usize);
                    if ours.body.is_some() {
                        assert_eq!(ours.body, body, "{}", p.display());
                    }
                }
                seen += 1;
            }
        }
        assert!(seen > 20, "{seen}");
    }
}
