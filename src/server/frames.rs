//! The base protocol's frames (LSP 3.17 "Base Protocol": `Content-Length`
//! headers, then a JSON-RPC 2.0 message) read and written by urilint
//! itself, in place of `lsp-server`'s stdio transport, which allocates the
//! length a client announces before reading it and ends at any malformed
//! frame (L2 of the 2026-11-29 review: `Content-Length: 1000000000000`
//! aborted the server).
//!
//! What a frame may hold and what a bad one does:
//!
//! * a header line is at most [`MAX_HEADER_LINE`] bytes, and the header
//!   part at most [`MAX_HEADER_LINES`] lines;
//! * the content is at most [`MAX_CONTENT`] bytes and is read as it
//!   arrives, never allocated ahead;
//! * content that is not JSON (invalid UTF-8, a syntax error, nesting
//!   deeper than serde_json's limit of 128) is answered with a JSON-RPC
//!   parse error (-32700, `id` null), JSON that is no JSON-RPC message
//!   with an invalid request error (-32600, its `id` when it has one);
//!   reading goes on with the next frame;
//! * where the framing itself is lost (no `Content-Length`, one that is
//!   not a decimal number, is over the limit, or is given twice with two
//!   values; a header line too long or without its end; the input ending
//!   inside a frame) nothing further can be read: the reader stops with a
//!   [`FrameError`], which [`super::stdio`] returns.

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex};

use lsp_server::{Connection, Message, RequestId};

/// The most bytes of content one frame may announce: 128 MiB (a document
/// of 64 MiB, the most `check` reads of a Markdown file, with every byte
/// escaped to two in JSON, `\n` or `\"`) plus 1 MiB for the message
/// around it (L2 of the 2026-11-29 review).
pub const MAX_CONTENT: usize = 129 * 1024 * 1024;

/// The most bytes of one header line, its line break included (LSP 3.17
/// names two headers, each a few dozen bytes).
pub const MAX_HEADER_LINE: usize = 8 * 1024;

/// The most header lines of one frame, the empty line that ends them
/// included.
pub const MAX_HEADER_LINES: usize = 64;

/// JSON-RPC 2.0's "Parse error": the content is not JSON.
pub const PARSE_ERROR: i32 = -32700;

/// JSON-RPC 2.0's "Invalid Request": JSON, but no request, notification
/// or response.
pub const INVALID_REQUEST: i32 = -32600;

/// Why no further frame can be read: the framing is lost.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// The input failed.
    #[error("reading standard input: {0}")]
    Io(#[from] io::Error),
    /// The output failed (the client no longer reads).
    #[error("writing standard output: {0}")]
    Write(io::Error),
    /// `Content-Length` over [`MAX_CONTENT`]: refused, not read.
    #[error("a message of {0} bytes announced (Content-Length), over the limit of {MAX_CONTENT}")]
    TooLong(u64),
    /// A `Content-Length` that is not a decimal number of bytes (negative,
    /// empty, with other characters), or two different ones.
    #[error("an invalid Content-Length: {0:?}")]
    BadLength(String),
    /// The headers ended without `Content-Length`.
    #[error("a message without Content-Length")]
    NoLength,
    /// A header line over [`MAX_HEADER_LINE`] bytes, more than
    /// [`MAX_HEADER_LINES`] of them, or a line without `name: value`.
    #[error("a malformed header: {0}")]
    BadHeader(String),
    /// The input ended inside a frame.
    #[error("the input ended inside a message ({0})")]
    Truncated(&'static str),
}

/// One frame read.
#[derive(Debug)]
pub enum Frame {
    /// A JSON-RPC message.
    Message(Message),
    /// Content that is no message: the error response to send (JSON-RPC
    /// 2.0 section 5.1), then read on.
    Invalid {
        /// The request's `id`, when the content is JSON with one; `None`
        /// is sent as `null`.
        id: Option<RequestId>,
        /// [`PARSE_ERROR`] or [`INVALID_REQUEST`].
        code: i32,
        /// What was wrong.
        message: String,
    },
}

/// Reads one frame from `r`: `Ok(None)` at the end of the input between
/// frames.
///
/// # Errors
/// [`FrameError`] when the framing is lost (module documentation).
pub fn read_frame(r: &mut impl BufRead) -> Result<Option<Frame>, FrameError> {
    read_frame_within(r, MAX_CONTENT)
}

/// [`read_frame`] with a content limit of `max` bytes.
///
/// # Errors
/// As [`read_frame`], [`FrameError::TooLong`] over `max`.
pub fn read_frame_within(r: &mut impl BufRead, max: usize) -> Result<Option<Frame>, FrameError> {
    let mut length: Option<u64> = None;
    let mut line = Vec::new();
    for n in 0.. {
        if n >= MAX_HEADER_LINES {
            return Err(FrameError::BadHeader(format!(
                "more than {MAX_HEADER_LINES} header lines"
            )));
        }
        line.clear();
        let read = r
            .by_ref()
            .take(MAX_HEADER_LINE as u64)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            if n == 0 {
                return Ok(None);
            }
            return Err(FrameError::Truncated("in its headers"));
        }
        if line.last() != Some(&b'\n') {
            if line.len() >= MAX_HEADER_LINE {
                return Err(FrameError::BadHeader(format!(
                    "a line over {MAX_HEADER_LINE} bytes"
                )));
            }
            return Err(FrameError::Truncated("in its headers"));
        }
        // CRLF as the protocol says; a bare LF is taken too.
        let text = line
            .strip_suffix(b"\r\n")
            .or_else(|| line.strip_suffix(b"\n"))
            .unwrap_or(&line);
        if text.is_empty() {
            break;
        }
        let text = String::from_utf8_lossy(text);
        let Some((name, value)) = text.split_once(':') else {
            return Err(FrameError::BadHeader(format!("{text:?}")));
        };
        if !name.trim().eq_ignore_ascii_case("Content-Length") {
            // Content-Type, or a header of a later protocol.
            continue;
        }
        let value = value.trim();
        let n = if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
            // Digits only: a number past u64 is over the limit anyway.
            value.parse::<u64>().unwrap_or(u64::MAX)
        } else {
            return Err(FrameError::BadLength(value.to_string()));
        };
        if length.is_some_and(|l| l != n) {
            return Err(FrameError::BadLength(format!(
                "{} and {n}",
                length.unwrap_or_default()
            )));
        }
        length = Some(n);
    }
    let length = length.ok_or(FrameError::NoLength)?;
    if length > max as u64 {
        return Err(FrameError::TooLong(length));
    }
    // Read as it arrives: a client announcing more than it sends costs
    // what it sent.
    let mut body = Vec::with_capacity((length as usize).min(64 * 1024));
    r.by_ref().take(length).read_to_end(&mut body)?;
    if (body.len() as u64) < length {
        return Err(FrameError::Truncated("in its content"));
    }
    Ok(Some(parse(&body)))
}

/// The frame `body` holds: a message, or the error to answer.
fn parse(body: &[u8]) -> Frame {
    match serde_json::from_slice::<Message>(body) {
        Ok(m) => Frame::Message(m),
        // Syntax (UTF-8, nesting past the limit too) or an early end.
        Err(e) if e.classify() != serde_json::error::Category::Data => Frame::Invalid {
            id: None,
            code: PARSE_ERROR,
            message: format!("not JSON: {e}"),
        },
        Err(e) => {
            #[derive(serde::Deserialize)]
            struct IdOnly {
                id: Option<RequestId>,
            }
            let id = serde_json::from_slice::<IdOnly>(body)
                .ok()
                .and_then(|i| i.id);
            Frame::Invalid {
                id,
                code: INVALID_REQUEST,
                message: format!("not a JSON-RPC message: {e}"),
            }
        }
    }
}

/// Writes `message` as one frame.
///
/// # Errors
/// When `w` fails.
pub fn write_message(w: &mut impl Write, message: &Message) -> io::Result<()> {
    message.write(w)
}

/// Writes the error response of an [`Frame::Invalid`] as one frame.
///
/// # Errors
/// When `w` fails.
pub fn write_error(
    w: &mut impl Write,
    id: Option<&RequestId>,
    code: i32,
    message: &str,
) -> io::Result<()> {
    let value = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code, "message": message},
    });
    let text = value.to_string();
    write!(w, "Content-Length: {}\r\n\r\n{text}", text.len())?;
    w.flush()
}

/// The threads reading and writing frames for a [`Connection`].
pub struct Transport {
    reader: std::thread::JoinHandle<()>,
    writer: std::thread::JoinHandle<io::Result<()>>,
    /// Why the reader stopped, when the framing was lost.
    failure: Arc<Mutex<Option<FrameError>>>,
}

impl Transport {
    /// Waits for the writer (the connection must have been dropped) and
    /// says why the reader stopped: `Err` when the framing was lost, or
    /// when writing failed. A reader still waiting for input is left to
    /// the process's exit.
    ///
    /// # Errors
    /// The reader's [`FrameError`], else the writer's error as
    /// [`FrameError::Write`].
    pub fn join(self) -> Result<(), FrameError> {
        if let Some(e) = self.failure() {
            return Err(e);
        }
        let written = self
            .writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer thread panicked")));
        let failure = self.failure;
        if self.reader.is_finished() {
            let _ = self.reader.join();
        }
        if let Some(e) = taken(&failure) {
            return Err(e);
        }
        written.map_err(FrameError::Write)
    }

    /// [`Transport::join`] for an input that ends (a test's, a fuzzer's):
    /// waits for the reader too, which ends at the input's end, or once
    /// the connection is dropped.
    ///
    /// # Errors
    /// As [`Transport::join`].
    pub fn join_with_reader(self) -> Result<(), FrameError> {
        let written = self
            .writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer thread panicked")));
        let _ = self.reader.join();
        if let Some(e) = taken(&self.failure) {
            return Err(e);
        }
        written.map_err(FrameError::Write)
    }

    /// The reader's failure, taken.
    fn failure(&self) -> Option<FrameError> {
        taken(&self.failure)
    }
}

/// What `slot` holds, taken.
fn taken(slot: &Mutex<Option<FrameError>>) -> Option<FrameError> {
    slot.lock().unwrap_or_else(|p| p.into_inner()).take()
}

/// A connection over standard input and output.
///
/// # Errors
/// When a thread cannot be started.
pub fn stdio() -> io::Result<(Connection, Transport)> {
    over(io::BufReader::new(io::stdin()), io::stdout())
}

/// A connection reading frames from `input` and writing them to
/// `output`, each on a thread of its own; the reader ends after an `exit`
/// notification, at the end of the input, or when the framing is lost
/// ([`Transport::join`] says why).
///
/// # Errors
/// When a thread cannot be started.
pub fn over<R, W>(mut input: R, output: W) -> io::Result<(Connection, Transport)>
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let output = Arc::new(Mutex::new(output));
    let failure = Arc::new(Mutex::new(None));
    let (writer_sender, writer_receiver) = crossbeam_channel::bounded::<Message>(0);
    let (reader_sender, reader_receiver) = crossbeam_channel::bounded::<Message>(0);
    let out = output.clone();
    let writer = std::thread::Builder::new()
        .name("urilint-lsp-writer".to_string())
        .spawn(move || {
            for m in writer_receiver {
                let mut w = out.lock().unwrap_or_else(|p| p.into_inner());
                write_message(&mut *w, &m)?;
            }
            Ok(())
        })?;
    let failed = failure.clone();
    let reader = std::thread::Builder::new()
        .name("urilint-lsp-reader".to_string())
        .spawn(move || loop {
            match read_frame(&mut input) {
                Ok(None) => return,
                Ok(Some(Frame::Message(m))) => {
                    let exit = matches!(&m, Message::Notification(n) if n.method == "exit");
                    if reader_sender.send(m).is_err() || exit {
                        return;
                    }
                }
                Ok(Some(Frame::Invalid { id, code, message })) => {
                    let mut w = output.lock().unwrap_or_else(|p| p.into_inner());
                    if write_error(&mut *w, id.as_ref(), code, &message).is_err() {
                        return;
                    }
                }
                Err(e) => {
                    // Set before the sender is dropped, so that the
                    // server sees it once its receiver disconnects.
                    *failed.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                    return;
                }
            }
        })?;
    Ok((
        Connection {
            sender: writer_sender,
            receiver: reader_receiver,
        },
        Transport {
            reader,
            writer,
            failure,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> Vec<u8> {
        format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
    }

    fn read_all(input: &[u8]) -> (Vec<Frame>, Option<FrameError>) {
        let mut r = io::BufReader::new(input);
        let mut out = Vec::new();
        loop {
            match read_frame(&mut r) {
                Ok(Some(f)) => out.push(f),
                Ok(None) => return (out, None),
                Err(e) => return (out, Some(e)),
            }
        }
    }

    #[test]
    fn messages_and_headers() {
        let mut input = frame(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#);
        input.extend_from_slice(
            b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  52\n\r\n",
        );
        input.extend_from_slice(br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#);
        let (frames, err) = read_all(&input);
        assert!(err.is_none(), "{err:?}");
        assert_eq!(frames.len(), 2);
        assert!(
            matches!(&frames[0], Frame::Message(Message::Request(r)) if r.method == "initialize")
        );
        assert!(
            matches!(&frames[1], Frame::Message(Message::Notification(n)) if n.method == "initialized")
        );
    }

    #[test]
    fn bad_content_is_answered_and_reading_goes_on() {
        let deep = "[".repeat(10_000) + &"]".repeat(10_000);
        let mut input = Vec::new();
        for body in ["{not json", "{}", r#"{"method":3}"#, &deep] {
            input.extend(frame(body));
        }
        input.extend_from_slice(b"Content-Length: 3\r\n\r\n\"\xff\"");
        input.extend(frame(r#"{"jsonrpc":"2.0","method":"exit"}"#));
        let (frames, err) = read_all(&input);
        assert!(err.is_none(), "{err:?}");
        let codes: Vec<(i32, Option<RequestId>)> = frames
            .iter()
            .filter_map(|f| match f {
                Frame::Invalid { id, code, .. } => Some((*code, id.clone())),
                Frame::Message(_) => None,
            })
            .collect();
        assert_eq!(
            codes,
            [
                (PARSE_ERROR, None),
                (INVALID_REQUEST, None),
                (INVALID_REQUEST, None),
                (PARSE_ERROR, None),
                (PARSE_ERROR, None),
            ]
        );
        assert!(
            matches!(frames.last(), Some(Frame::Message(Message::Notification(n))) if n.method == "exit")
        );
    }

    #[test]
    fn lost_framing_stops_the_reader() {
        type Case = (&'static [u8], fn(&FrameError) -> bool);
        let cases: [Case; 9] = [
            (b"Content-Length: 1000000000000\r\n\r\n{}", |e| {
                matches!(e, FrameError::TooLong(1_000_000_000_000))
            }),
            (b"Content-Length: 99999999999999999999999\r\n\r\n{}", |e| {
                matches!(e, FrameError::TooLong(u64::MAX))
            }),
            (b"Content-Length: -5\r\n\r\n{}", |e| {
                matches!(e, FrameError::BadLength(_))
            }),
            (b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", |e| {
                matches!(e, FrameError::BadLength(_))
            }),
            (b"Content-Type: x\r\n\r\n{}", |e| {
                matches!(e, FrameError::NoLength)
            }),
            (b"garbage\r\n\r\n", |e| {
                matches!(e, FrameError::BadHeader(_))
            }),
            (b"Content-Length: 10\r\n\r\n{}", |e| {
                matches!(e, FrameError::Truncated(_))
            }),
            (b"Content-Length: 10\r\n", |e| {
                matches!(e, FrameError::Truncated(_))
            }),
            (b"Content-Length: 2", |e| {
                matches!(e, FrameError::Truncated(_))
            }),
        ];
        for (input, want) in cases {
            let (frames, err) = read_all(input);
            assert!(frames.is_empty());
            let err = err.expect("an error");
            assert!(want(&err), "{:?}: {err:?}", String::from_utf8_lossy(input));
        }
        let long = vec![b'a'; MAX_HEADER_LINE * 4];
        assert!(matches!(read_all(&long).1, Some(FrameError::BadHeader(_))));
        let many = b"X: y\r\n".repeat(MAX_HEADER_LINES + 1);
        assert!(matches!(read_all(&many).1, Some(FrameError::BadHeader(_))));
    }

    /// A reader that records the largest buffer it was asked to fill: a
    /// length announced but not sent is not allocated ahead.
    #[test]
    fn an_announced_length_is_not_allocated() {
        struct Recorder {
            data: io::Cursor<Vec<u8>>,
            largest: usize,
        }
        impl Read for Recorder {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                self.largest = self.largest.max(buf.len());
                self.data.read(buf)
            }
        }
        let data = b"Content-Length: 100000000\r\n\r\n{}".to_vec();
        let mut r = io::BufReader::new(Recorder {
            data: io::Cursor::new(data),
            largest: 0,
        });
        let e = read_frame(&mut r).unwrap_err();
        assert!(matches!(e, FrameError::Truncated(_)), "{e:?}");
        assert!(
            r.get_ref().largest <= 1024 * 1024,
            "{}",
            r.get_ref().largest
        );
    }

    #[test]
    fn transport_answers_errors_and_passes_messages() {
        #[derive(Clone, Default)]
        struct Shared(Arc<Mutex<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, b: &[u8]) -> io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(b);
                Ok(b.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut input = frame("{bad");
        input.extend(frame(r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#));
        input.extend(frame(r#"{"jsonrpc":"2.0","method":"exit"}"#));
        let out = Shared::default();
        let (conn, transport) = over(io::Cursor::new(input), out.clone()).unwrap();
        let first = conn.receiver.recv().unwrap();
        assert!(matches!(&first, Message::Request(r) if r.method == "shutdown"));
        conn.sender
            .send(Message::Response(lsp_server::Response::new_ok(
                RequestId::from(1),
                (),
            )))
            .unwrap();
        let exit = conn.receiver.recv().unwrap();
        assert!(matches!(&exit, Message::Notification(n) if n.method == "exit"));
        drop(conn);
        transport.join_with_reader().unwrap();
        let written = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        let mut r = io::BufReader::new(written.as_bytes());
        let mut bodies = Vec::new();
        while let Some(f) = read_frame(&mut r).unwrap() {
            bodies.push(f);
        }
        assert!(written.contains(r#""code":-32700"#), "{written}");
        assert!(written.contains(r#""id":null"#), "{written}");
        assert!(written.contains(r#""id":1"#), "{written}");
        assert_eq!(bodies.len(), 2);
    }

    #[test]
    fn transport_says_why_the_framing_was_lost() {
        let input = b"Content-Length: 4000000000\r\n\r\nab".to_vec();
        let (conn, transport) = over(io::Cursor::new(input), io::sink()).unwrap();
        assert!(conn.receiver.recv().is_err());
        drop(conn);
        assert!(matches!(
            transport.join(),
            Err(FrameError::TooLong(4_000_000_000))
        ));
    }
}
