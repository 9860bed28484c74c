//! Framed multi-document standard input: many documents, each with its
//! own name, sent through one pipe (`--stdin-format jsonl` or
//! `netstring`).
//!
//! Engines that hand a task the *contents* of files rather than their
//! paths (Spark's `binaryFile` and `wholeTextFiles`, Hadoop Streaming)
//! write them to the task's standard input. Read as one plain stream, the
//! documents would run together: every record would say `"path": "-"`,
//! lines and byte offsets would count from the start of the stream, and a
//! URI could join the end of one file to the start of the next. Framed,
//! each document becomes its own [`Input::Document`]: its own name, its own
//! lines and 0-based byte offsets, scanned and decoded on its own.
//!
//! Two framings:
//! - [`StdinFormat::Jsonl`]: one JSON object per `\n`-terminated line
//!   (what line-oriented engines send), `{"path": "docs/a.md",
//!   "content_base64": "..."}`. The content is base64 (RFC 4648 section 4,
//!   standard alphabet, padded), so it is byte-exact whatever the engine's
//!   text decoding does; `"content"` (a JSON string, for UTF-8 text) may
//!   be given instead. A name that is not UTF-8 is sent as `"path_bytes"`
//!   (its bytes in base64, as urilint's own JSON records give such names),
//!   which is used instead of `"path"`. Other fields are ignored. Empty
//!   lines are skipped. A malformed line is an error ([`Error::Framing`],
//!   `line N`) and the next line is read.
//! - [`StdinFormat::Netstring`]: for pipes that carry bytes, each document
//!   is two netstrings (`<length>:<bytes>,`, the length in decimal ASCII),
//!   the name then the content: `9:docs/a.md,5:hello,`. White space
//!   between netstrings is allowed. A malformed netstring ends the input
//!   with an error ([`Error::Framing`], `byte N`): what follows cannot be
//!   framed.
//!
//! A document is at most [`MAX_DOCUMENT`] bytes (256 MiB, as much as
//! `check --fix -` takes of standard input). A longer JSON line is an
//! error for that line (read through to its end, not kept) and the next
//! line is read; a netstring that says it is longer ends the input at
//! once, its bytes unread.
//!
//! This module owns only the framing; what is done with a document is the
//! run's business (it is read as a walked file would be). Each document is
//! held in memory while it waits and while it is scanned.

use std::io::{BufRead, Read};
use std::path::PathBuf;
use std::sync::Arc;

use base64::Engine;

use crate::error::Error;
use crate::source::Input;

/// The most bytes of one framed document's content: 256 MiB, as much as
/// `check --fix -` takes of standard input (`MAX_STDIN_FIX`). A document
/// is held in memory whole, so a stream that never ends one must not be
/// read into memory without end.
pub const MAX_DOCUMENT: usize = 256 * 1024 * 1024;

/// The most bytes of a JSON line for documents of at most `max` bytes:
/// the content in base64 (4 bytes for 3) and 1 MiB for the name and the
/// rest of the object.
fn max_line(max: usize) -> usize {
    max / 3 * 4 + 4 + 1024 * 1024
}

/// How standard input (the path `-`) is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StdinFormat {
    /// One document, its bytes as they are (named `-`, or
    /// `--stdin-filename`).
    #[default]
    Text,
    /// JSON Lines, one document a line (see the module docs).
    Jsonl,
    /// Netstrings, two per document: name, content (see the module docs).
    Netstring,
}

impl StdinFormat {
    /// Parses a `--stdin-format` value: `text`, `jsonl` or `netstring`.
    ///
    /// # Errors
    /// A message listing the accepted values.
    pub fn parse(s: &str) -> Result<Self, String> {
        match s {
            "text" => Ok(StdinFormat::Text),
            "jsonl" => Ok(StdinFormat::Jsonl),
            "netstring" => Ok(StdinFormat::Netstring),
            _ => Err(format!(
                "unknown stdin format '{s}' (expected text, jsonl or netstring)"
            )),
        }
    }
}

/// The documents framed in `reader` as `format` says ([`StdinFormat::Jsonl`]
/// or [`StdinFormat::Netstring`]; [`StdinFormat::Text`] gives nothing), in
/// order, each as an [`Input::Document`]. Errors are items of the sequence:
/// [`Error::Framing`] for a malformed frame, [`Error::Read`] (path `-`) when
/// reading fails, which ends the sequence.
pub fn documents<R: BufRead>(reader: R, format: StdinFormat) -> Documents<R> {
    documents_of_at_most(reader, format, MAX_DOCUMENT)
}

/// [`documents`] of at most `max` bytes each (instead of
/// [`MAX_DOCUMENT`]).
fn documents_of_at_most<R: BufRead>(reader: R, format: StdinFormat, max: usize) -> Documents<R> {
    Documents {
        reader,
        format,
        line: 0,
        offset: 0,
        max,
        done: format == StdinFormat::Text,
    }
}

/// The iterator of [`documents`].
#[derive(Debug)]
pub struct Documents<R> {
    reader: R,
    format: StdinFormat,
    /// Lines read so far (JSON Lines).
    line: u64,
    /// Bytes read so far (netstrings).
    offset: u64,
    /// The most bytes of a document.
    max: usize,
    done: bool,
}

impl<R: BufRead> Iterator for Documents<R> {
    type Item = Result<Input, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = match self.format {
            StdinFormat::Jsonl => self.next_line(),
            StdinFormat::Netstring => self.next_netstrings(),
            StdinFormat::Text => None,
        };
        if item.is_none() || matches!(item, Some(Err(Error::Read { .. }))) {
            self.done = true;
        }
        if self.format == StdinFormat::Netstring && matches!(item, Some(Err(_))) {
            self.done = true;
        }
        item
    }
}

/// One line of the JSON Lines framing (the contents borrowed from the
/// line when they hold no escape, as base64 never does: a document is
/// not copied once more).
#[derive(serde::Deserialize)]
struct Frame<'a> {
    path: Option<String>,
    path_bytes: Option<String>,
    #[serde(borrow)]
    content_base64: Option<Text<'a>>,
    #[serde(borrow)]
    content: Option<Text<'a>>,
}

/// A JSON string borrowed from the line unless it holds an escape.
/// (serde borrows a `Cow` field only when it is the field's whole type:
/// an `Option<Cow<str>>` is always copied.)
#[derive(serde::Deserialize)]
struct Text<'a>(#[serde(borrow)] std::borrow::Cow<'a, str>);

impl<R: BufRead> Documents<R> {
    fn read_error(e: std::io::Error) -> Error {
        Error::Read {
            path: crate::error::DisplayPath(PathBuf::from("-")),
            source: e,
        }
    }

    /// Reads one line (up to and with its `\n`, or to the end of the
    /// input) into `line`, keeping at most `cap` bytes of it: `Ok(None)`
    /// at the end of the input, else whether the line was longer (the
    /// rest was read and dropped).
    fn read_line(&mut self, line: &mut Vec<u8>, cap: usize) -> std::io::Result<Option<bool>> {
        let mut any = false;
        let mut over = false;
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(any.then_some(over));
            }
            any = true;
            let (n, end) = match memchr::memchr(b'\n', buf) {
                Some(p) => (p + 1, true),
                None => (buf.len(), false),
            };
            let keep = n.min(cap.saturating_sub(line.len()));
            if keep < n {
                over = true;
            }
            if !over {
                // Grown by doubling, but never past `cap`.
                if line.capacity() - line.len() < keep {
                    let want = (line.capacity() * 2).max(line.len() + keep).min(cap);
                    line.reserve_exact(want - line.len());
                }
                line.extend_from_slice(&buf[..keep]);
            }
            self.reader.consume(n);
            if end {
                return Ok(Some(over));
            }
        }
    }

    /// The next document of the JSON Lines framing.
    fn next_line(&mut self) -> Option<Result<Input, Error>> {
        let mut line = Vec::new();
        let cap = max_line(self.max);
        let over = loop {
            line.clear();
            let over = match self.read_line(&mut line, cap) {
                Ok(None) => return None,
                Ok(Some(over)) => over,
                Err(e) => return Some(Err(Self::read_error(e))),
            };
            self.line += 1;
            if over || !line.iter().all(u8::is_ascii_whitespace) {
                break over;
            }
        };
        if over {
            return Some(Err(Error::Framing {
                at: format!("line {}", self.line),
                message: format!(
                    "longer than {cap} bytes (a document is at most {} MiB): skipped",
                    self.max / (1024 * 1024)
                ),
            }));
        }
        let at = self.line;
        let fail = |message: String| {
            Some(Err(Error::Framing {
                at: format!("line {at}"),
                message,
            }))
        };
        let frame: Frame = match serde_json::from_slice(&line) {
            Ok(f) => f,
            Err(e) => return fail(format!("not a JSON object with a path and a content: {e}")),
        };
        let b64 = base64::engine::general_purpose::STANDARD;
        let name = match (frame.path_bytes, frame.path) {
            (Some(bytes), _) => match b64.decode(bytes.as_bytes()) {
                Ok(b) => path_from_bytes(b),
                Err(e) => return fail(format!("\"path_bytes\" is not base64: {e}")),
            },
            (None, Some(p)) => PathBuf::from(p),
            (None, None) => return fail("no \"path\" (or \"path_bytes\")".to_string()),
        };
        if name.as_os_str().is_empty() {
            return fail("the path is empty".to_string());
        }
        let bytes: Vec<u8> = match (frame.content_base64, frame.content) {
            (Some(Text(c)), None) => match b64.decode(c.as_bytes()) {
                Ok(b) => b,
                Err(e) => return fail(format!("\"content_base64\" is not base64: {e}")),
            },
            (None, Some(Text(c))) => c.into_owned().into_bytes(),
            (Some(_), Some(_)) => {
                return fail("both \"content\" and \"content_base64\": give one".to_string())
            }
            (None, None) => return fail("no \"content_base64\" (or \"content\")".to_string()),
        };
        if bytes.len() > self.max {
            return fail(format!(
                "a document of {} bytes, over the {} MiB of one: skipped",
                bytes.len(),
                self.max / (1024 * 1024)
            ));
        }
        // The line goes before the document is copied into its `Arc`:
        // two copies of it at most are held, not three.
        drop(line);
        Some(Ok(Input::Document {
            name,
            bytes: Arc::from(bytes),
        }))
    }

    /// The next document of the netstring framing: a name, then a content.
    fn next_netstrings(&mut self) -> Option<Result<Input, Error>> {
        let name = match self.netstring()? {
            Ok(n) => n,
            Err(e) => return Some(Err(e)),
        };
        let start = self.offset;
        let content = match self.netstring() {
            Some(Ok(c)) => c,
            Some(Err(e)) => return Some(Err(e)),
            None => {
                return Some(Err(Error::Framing {
                    at: format!("byte {start}"),
                    message: "a name without a content netstring after it".to_string(),
                }))
            }
        };
        let name = path_from_bytes(name);
        if name.as_os_str().is_empty() {
            return Some(Err(Error::Framing {
                at: format!("byte {start}"),
                message: "the name netstring is empty".to_string(),
            }));
        }
        Some(Ok(Input::Document {
            name,
            bytes: Arc::from(content),
        }))
    }

    /// Reads one netstring; `None` at the end of the input before it
    /// starts.
    fn netstring(&mut self) -> Option<Result<Vec<u8>, Error>> {
        // White space between netstrings, then the length's digits.
        let mut len: u64 = 0;
        let mut digits = 0;
        let start;
        loop {
            let b = match self.byte() {
                Ok(Some(b)) => b,
                Ok(None) if digits == 0 => return None,
                Ok(None) => return Some(Err(self.framing("the input ends inside a netstring"))),
                Err(e) => return Some(Err(e)),
            };
            match b {
                b' ' | b'\t' | b'\r' | b'\n' if digits == 0 => {}
                b'0'..=b'9' => {
                    digits += 1;
                    len = match len
                        .checked_mul(10)
                        .and_then(|l| l.checked_add(u64::from(b - b'0')))
                    {
                        Some(l) => l,
                        None => return Some(Err(self.framing("a netstring length too large"))),
                    };
                }
                b':' if digits > 0 => {
                    start = self.offset;
                    break;
                }
                _ => {
                    return Some(Err(self.framing(&format!(
                        "expected a netstring (<length>:<bytes>,), found byte 0x{b:02X}"
                    ))))
                }
            }
        }
        if len > self.max as u64 {
            return Some(Err(Error::Framing {
                at: format!("byte {start}"),
                message: format!(
                    "a netstring of {len} bytes, over the {} MiB of a document",
                    self.max / (1024 * 1024)
                ),
            }));
        }
        let mut bytes = Vec::new();
        // Grown as the bytes come: a length that lies is not an allocation.
        match (&mut self.reader).take(len).read_to_end(&mut bytes) {
            Ok(n) => self.offset += n as u64,
            Err(e) => return Some(Err(Self::read_error(e))),
        }
        if (bytes.len() as u64) < len {
            return Some(Err(Error::Framing {
                at: format!("byte {start}"),
                message: format!(
                    "the input ends after {} of the netstring's {len} bytes",
                    bytes.len()
                ),
            }));
        }
        match self.byte() {
            Ok(Some(b',')) => Some(Ok(bytes)),
            Ok(_) => Some(Err(self.framing("a netstring not ended by ','"))),
            Err(e) => Some(Err(e)),
        }
    }

    /// The next byte, counted.
    fn byte(&mut self) -> Result<Option<u8>, Error> {
        let b = loop {
            match self.reader.fill_buf() {
                Ok(buf) => break buf.first().copied(),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(Self::read_error(e)),
            }
        };
        if b.is_some() {
            self.reader.consume(1);
            self.offset += 1;
        }
        Ok(b)
    }

    /// A framing error at the byte just read.
    fn framing(&self, message: &str) -> Error {
        Error::Framing {
            at: format!("byte {}", self.offset.saturating_sub(1)),
            message: message.to_string(),
        }
    }
}

/// A path made of exactly `bytes` (Unix); elsewhere, lossily UTF-8.
#[cfg(unix)]
pub(crate) fn path_from_bytes(bytes: Vec<u8>) -> PathBuf {
    use std::os::unix::ffi::OsStringExt;
    PathBuf::from(std::ffi::OsString::from_vec(bytes))
}

/// A path made of `bytes`, lossily UTF-8 (only Unix paths are bytes).
#[cfg(not(unix))]
pub(crate) fn path_from_bytes(bytes: Vec<u8>) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    /// A document's name and content, or an error's message.
    type Doc = Result<(Vec<u8>, Vec<u8>), String>;

    fn docs(input: &[u8], format: StdinFormat) -> Vec<Doc> {
        documents(input, format)
            .map(|r| match r {
                Ok(Input::Document { name, bytes }) => {
                    Ok((name.as_os_str().as_encoded_bytes().to_vec(), bytes.to_vec()))
                }
                Ok(other) => Err(format!("not a document: {other:?}")),
                Err(e) => Err(e.to_string()),
            })
            .collect()
    }

    fn ok(name: &[u8], content: &[u8]) -> Doc {
        Ok((name.to_vec(), content.to_vec()))
    }

    #[test]
    fn json_lines_base64_text_and_name_bytes() {
        let input = b"{\"path\":\"a.txt\",\"content_base64\":\"aHR0cDovL2EvYgo=\"}\n\
            \n\
            {\"path\":\"b.md\",\"content\":\"see <http://x/>\",\"extra\":1}\r\n\
            {\"path\":\"ignored\",\"path_bytes\":\"bmFt/w==\",\"content\":\"\"}";
        assert_eq!(
            docs(input, StdinFormat::Jsonl),
            vec![
                ok(b"a.txt", b"http://a/b\n"),
                ok(b"b.md", b"see <http://x/>"),
                ok(b"nam\xff", b""),
            ]
        );
    }

    #[test]
    fn a_bad_json_line_is_an_error_and_the_next_is_read() {
        let input = b"not json\n{\"path\":\"a\"}\n{\"content\":\"x\"}\n\
            {\"path\":\"a\",\"content_base64\":\"!!\"}\n{\"path\":\"ok\",\"content\":\"y\"}\n";
        let got = docs(input, StdinFormat::Jsonl);
        assert_eq!(got.len(), 5);
        for (i, g) in got[..4].iter().enumerate() {
            let e = g.as_ref().expect_err("an error");
            assert!(e.starts_with(&format!("-: line {}: ", i + 1)), "{e}");
        }
        assert!(got[1].as_ref().is_err_and(|e| e.contains("content_base64")));
        assert!(got[2].as_ref().is_err_and(|e| e.contains("\"path\"")));
        assert_eq!(got[4], ok(b"ok", b"y"));
    }

    #[test]
    fn netstrings_name_then_content() {
        let input = b"5:a.txt,11:http://a/b\n,\n6:b\n.txt,0:,";
        assert_eq!(
            docs(input, StdinFormat::Netstring),
            vec![ok(b"a.txt", b"http://a/b\n"), ok(b"b\n.txt", b"")]
        );
        assert!(docs(b"", StdinFormat::Netstring).is_empty());
        assert!(docs(b"  \n", StdinFormat::Netstring).is_empty());
    }

    #[test]
    fn broken_netstrings_end_the_input() {
        for (input, says) in [
            (&b"5:a.txt,"[..], "without a content"),
            (b"5:a.txt,9:short,", "ends after 6"),
            (b"5:a.txt;", "not ended by ','"),
            (b"x:", "found byte 0x78"),
            (b"99999999999999999999999:", "too large"),
            (b"3:abc,4:ab", "ends after 2"),
            (b"0:,1:x,", "name netstring is empty"),
        ] {
            let got = docs(input, StdinFormat::Netstring);
            assert_eq!(got.len(), 1, "{input:?}: {got:?}");
            let e = got[0].as_ref().expect_err("an error");
            assert!(e.contains(says), "{input:?}: {e}");
            assert!(e.starts_with("-: byte "), "{e}");
        }
        // The documents before the break are kept.
        let got = docs(b"1:a,1:x,1:b,", StdinFormat::Netstring);
        assert_eq!(got[0], ok(b"a", b"x"));
        assert_eq!(got.len(), 2);
    }

    /// `docs` framed as JSON Lines (`path_bytes` for names that are not
    /// UTF-8, `content` or `content_base64` by turns) and as netstrings.
    fn frame(docs: &[(Vec<u8>, Vec<u8>)]) -> (Vec<u8>, Vec<u8>) {
        let b64 = base64::engine::general_purpose::STANDARD;
        let (mut jsonl, mut netstrings) = (Vec::new(), Vec::new());
        for (i, (name, content)) in docs.iter().enumerate() {
            let mut fields = serde_json::Map::new();
            match std::str::from_utf8(name) {
                Ok(n) => fields.insert("path".into(), n.into()),
                Err(_) => fields.insert("path_bytes".into(), b64.encode(name).into()),
            };
            match std::str::from_utf8(content) {
                Ok(c) if i % 2 == 0 => fields.insert("content".into(), c.into()),
                _ => fields.insert("content_base64".into(), b64.encode(content).into()),
            };
            jsonl.extend(serde_json::to_vec(&fields).expect("JSON"));
            jsonl.push(b'\n');
            for part in [name, content] {
                netstrings.extend(format!("{}:", part.len()).bytes());
                netstrings.extend(part);
                netstrings.push(b',');
            }
        }
        (jsonl, netstrings)
    }

    proptest::proptest! {
        #[test]
        fn any_documents_come_back_exactly(
            sent in proptest::collection::vec(
                (
                    proptest::collection::vec(proptest::num::u8::ANY, 1..20),
                    proptest::collection::vec(proptest::num::u8::ANY, 0..200),
                ),
                0..8,
            )
        ) {
            let (jsonl, netstrings) = frame(&sent);
            let want: Vec<Doc> = sent.iter().map(|(n, c)| ok(n, c)).collect();
            proptest::prop_assert_eq!(docs(&jsonl, StdinFormat::Jsonl), want.clone());
            proptest::prop_assert_eq!(docs(&netstrings, StdinFormat::Netstring), want);
        }
    }

    /// A reader of `prefix`, then `len` bytes `a` (never kept in memory),
    /// then `suffix`; counts the bytes read.
    struct Endless {
        prefix: Vec<u8>,
        len: u64,
        suffix: Vec<u8>,
        at: u64,
        read: std::rc::Rc<std::cell::Cell<u64>>,
    }

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let p = self.prefix.len() as u64;
            let n = if self.at < p {
                let k = buf.len().min((p - self.at) as usize);
                buf[..k].copy_from_slice(&self.prefix[self.at as usize..self.at as usize + k]);
                k
            } else if self.at < p + self.len {
                let k = buf.len().min((p + self.len - self.at) as usize);
                buf[..k].fill(b'a');
                k
            } else {
                let from = (self.at - p - self.len) as usize;
                let k = buf.len().min(self.suffix.len().saturating_sub(from));
                buf[..k].copy_from_slice(&self.suffix[from..from + k]);
                k
            };
            self.at += n as u64;
            self.read.set(self.read.get() + n as u64);
            Ok(n)
        }
    }

    /// Review 2026-11-26 M7: a framed document had no size limit, and a
    /// JSON line that never ends grew until the allocator failed (the
    /// process aborted). A line over the cap is an error naming it,
    /// read through and dropped, and the next line is read.
    #[test]
    fn a_json_line_over_the_cap_is_skipped() {
        let max = 3000;
        let cap = max_line(max);
        let read = std::rc::Rc::new(std::cell::Cell::new(0));
        let endless = Endless {
            prefix: b"{\"path\":\"ok\",\"content\":\"x\"}\n{\"path\":\"a\",\"content\":\"".to_vec(),
            len: 50 * cap as u64,
            suffix: b"\"}\n\n{\"path\":\"b\",\"content_base64\":\"aHR0cDovL2IvCg==\"}\n{\"path\":\"c\",\"content\":\"".to_vec(),
            at: 0,
            read: read.clone(),
        };
        let got: Vec<Doc> = documents_of_at_most(
            BufReader::with_capacity(1000, endless),
            StdinFormat::Jsonl,
            max,
        )
        .map(|r| match r {
            Ok(Input::Document { name, bytes }) => {
                Ok((name.as_os_str().as_encoded_bytes().to_vec(), bytes.to_vec()))
            }
            Ok(other) => Err(format!("not a document: {other:?}")),
            Err(e) => Err(e.to_string()),
        })
        .collect();
        assert_eq!(got.len(), 4, "{got:?}");
        assert_eq!(got[0], ok(b"ok", b"x"));
        assert_eq!(
            got[1],
            Err(format!(
                "-: line 2: longer than {cap} bytes (a document is at most 0 MiB): skipped"
            ))
        );
        assert_eq!(got[2], ok(b"b", b"http://b/\n"));
        // The last line never ends: read to the end, an error too.
        assert!(
            got[3].as_ref().is_err_and(|e| e.starts_with("-: line 5: ")),
            "{:?}",
            got[3]
        );
        // A content that decodes to more than the cap.
        let big = base64::engine::general_purpose::STANDARD.encode(vec![b'x'; max + 1]);
        let line = format!("{{\"path\":\"big\",\"content_base64\":\"{big}\"}}\n");
        let got: Vec<_> = documents_of_at_most(line.as_bytes(), StdinFormat::Jsonl, max).collect();
        assert!(
            matches!(&got[..], [Err(Error::Framing { message, .. })] if message.contains("3001 bytes"))
        );
    }

    /// A content_base64 is borrowed from its line, a content with escapes
    /// is copied (both read as they say).
    #[test]
    fn contents_are_borrowed_unless_escaped() {
        let line = br#"{"path":"a","content_base64":"aHR0cDovL2Iv","content":"a\nb"}"#;
        let frame: Frame<'_> = serde_json::from_slice(line).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            frame.content_base64,
            Some(Text(std::borrow::Cow::Borrowed("aHR0cDovL2Iv")))
        ));
        assert!(matches!(frame.content, Some(Text(std::borrow::Cow::Owned(ref s))) if s == "a\nb"));
    }

    /// A netstring that says it is over the cap ends the input at once,
    /// its bytes unread.
    #[test]
    fn a_netstring_over_the_cap_ends_the_input_unread() {
        let max = 3000;
        let read = std::rc::Rc::new(std::cell::Cell::new(0));
        let endless = Endless {
            prefix: b"1:a,1:x,1:b,1000000000000:".to_vec(),
            len: 1_000_000_000_000,
            suffix: Vec::new(),
            at: 0,
            read: read.clone(),
        };
        let got: Vec<Doc> = documents_of_at_most(
            BufReader::with_capacity(1000, endless),
            StdinFormat::Netstring,
            max,
        )
        .map(|r| match r {
            Ok(Input::Document { name, bytes }) => {
                Ok((name.as_os_str().as_encoded_bytes().to_vec(), bytes.to_vec()))
            }
            Ok(other) => Err(format!("not a document: {other:?}")),
            Err(e) => Err(e.to_string()),
        })
        .collect();
        assert_eq!(
            got,
            vec![
                ok(b"a", b"x"),
                Err(
                    "-: byte 26: a netstring of 1000000000000 bytes, over the 0 MiB of a document"
                        .to_string()
                ),
            ]
        );
        assert!(read.get() <= 1000 + 26, "{}", read.get());
    }

    #[test]
    fn text_gives_no_documents() {
        assert!(docs(b"{\"path\":\"a\",\"content\":\"x\"}\n", StdinFormat::Text).is_empty());
    }

    #[test]
    fn parse_names() {
        assert_eq!(StdinFormat::parse("jsonl"), Ok(StdinFormat::Jsonl));
        assert_eq!(StdinFormat::parse("netstring"), Ok(StdinFormat::Netstring));
        assert_eq!(StdinFormat::parse("text"), Ok(StdinFormat::Text));
        assert!(StdinFormat::parse("json").is_err());
    }
}
