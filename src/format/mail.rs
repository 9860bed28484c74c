//! One mail message or news article (RFC 5322, MIME RFC 2045-2049,
//! Usenet RFC 5536) as decoded text pieces with maps back to its bytes.
//!
//! This module owns walking a message's MIME structure and decoding each
//! text part the way a mail client shows it: the transfer encoding
//! (quoted-printable `super::qp`, base64 `super::base64`), the charset
//! (`super::charset`), format=flowed and reply prefixes (`super::quote`),
//! and HTML parts (`super::html`). Parts that are not text (images,
//! archives, PDFs) are skipped without being decoded by us. A
//! message/rfc822 part sent as it is (no transfer encoding) is walked as
//! a message of its own. The header fields that carry URIs (`List-*`,
//! `Archived-At`, RFC 2369 and RFC 5064) are pieces too; `Message-ID`,
//! `In-Reply-To` and `References` are not read for URIs (their values
//! are message identifiers, not URIs), and addresses are not URIs.
//!
//! The MIME structure and the header values (RFC 2047 encoded words, the
//! date) come from the `mail-parser` crate, which gives every part's byte
//! offsets in the raw message; the decoding that keeps offset maps is
//! ours, since no MIME library maps decoded offsets back.
//!
//! It does not own splitting a mailbox (`super::mbox`) nor scanning.

use std::sync::Arc;

use mail_parser::{Encoding, HeaderName, MessageParser, MimeHeaders, PartType};

use super::map::{Chain, OffsetMap};
use super::segment::SegmentKind;
use super::{base64, charset, qp, quote};

/// What is known of a message, for records and diagnostics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageInfo {
    /// `Message-ID`, without the angle brackets.
    pub message_id: Option<String>,
    /// `Date`, as RFC 3339 (`2019-08-01T10:00:00+02:00`).
    pub date: Option<String>,
    /// `From`: `Name <address>` or the address (RFC 2047 decoded).
    pub from: Option<String>,
    /// `Subject`, RFC 2047 decoded.
    pub subject: Option<String>,
}

/// Where in a message a piece is: the MIME part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartInfo {
    /// Index of the part in the message's parts, depth first, 0 for the
    /// message itself (as `mail-parser` numbers them; parts of a nested
    /// message/rfc822 are numbered after their message's part as
    /// `outer.inner`).
    pub index: String,
    /// Its content type, lowercase (`text/plain`), `None` for a header.
    pub content_type: Option<String>,
}

/// Decoded text of a message with the map back to the message's bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The decoded text (UTF-8 but for bytes a part sent undeclared).
    pub text: Vec<u8>,
    /// What the text is.
    pub kind: SegmentKind,
    /// Decoded offsets to offsets into the message bytes given to
    /// [`read`].
    pub chain: Chain,
    /// The MIME part it comes from (`None` outside mail: an HTML file).
    pub part: Option<PartInfo>,
    /// A base URI for relative references (HTML `<base href>`), shared
    /// by the pieces of a page.
    pub base: Option<Arc<str>>,
    /// True when the whole text is one URI reference (an HTML attribute
    /// value), so relative references are looked at.
    pub references: bool,
}

/// A decoded message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message {
    /// Its header information.
    pub info: MessageInfo,
    /// Its text, in message order: header fields first, then parts.
    pub pieces: Vec<Piece>,
    /// What was wrong with it (an unknown charset, truncated base64, no
    /// header), as messages for a diagnostic; the pieces are what could
    /// be read.
    pub problems: Vec<String>,
}

/// What to read of a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MailOptions {
    /// Read the `List-*` and `Archived-At` header fields.
    pub headers: bool,
    /// Report the message identifiers of `Message-ID`, `In-Reply-To` and
    /// `References` as `mid:` URIs (RFC 2392), `--message-ids`.
    pub message_ids: bool,
}

impl Default for MailOptions {
    fn default() -> Self {
        MailOptions {
            headers: true,
            message_ids: false,
        }
    }
}

/// Reads the message `raw` (one message, no mbox separator line).
/// Never fails: what cannot be read is said in [`Message::problems`].
pub fn read(raw: &[u8], opts: MailOptions) -> Message {
    let mut out = Message::default();
    let parser = parser();
    // A first line that is no header field (mail-parser would take
    // "just a body http:" for one): a message without header fields.
    let first_is_field = super::detect::field_name(raw).is_some();
    let Some(msg) = parser.parse(raw).filter(|_| first_is_field) else {
        out.problems
            .push("no header fields: read as plain text".to_string());
        out.pieces.push(Piece {
            text: raw.to_vec(),
            kind: SegmentKind::Text,
            chain: Chain::new(vec![OffsetMap::identity(0, raw.len() as u64)], 0),
            part: Some(PartInfo {
                index: "0".to_string(),
                content_type: None,
            }),
            base: None,
            references: false,
        });
        return out;
    };
    out.info = MessageInfo {
        message_id: msg.message_id().map(str::to_string),
        date: msg.date().map(|d| d.to_rfc3339()),
        from: msg.from().and_then(|a| a.first()).map(|a| {
            match (a.name.as_deref(), a.address.as_deref()) {
                (Some(n), Some(addr)) => format!("{n} <{addr}>"),
                (None, Some(addr)) => addr.to_string(),
                (Some(n), None) => n.to_string(),
                (None, None) => String::new(),
            }
        }),
        subject: msg.subject().map(str::to_string),
    };
    if opts.headers {
        headers(raw, &msg, &mut out);
    }
    if opts.message_ids {
        message_ids(raw, &msg, &mut out);
    }
    walk(raw, &msg, 0, "", &mut out);
    out
}

/// The parser, made once: MIME fields and the four fields of
/// [`MessageInfo`] parsed; every other field is skipped, kept only as a
/// name with offsets (all that [`headers`] and [`message_ids`] read).
/// Parsing `Received` and the address lists of every message cost a third
/// of the time, and copying the other fields raw a tenth.
fn parser() -> &'static MessageParser {
    static PARSER: std::sync::OnceLock<MessageParser> = std::sync::OnceLock::new();
    PARSER.get_or_init(|| {
        MessageParser::new()
            .with_mime_headers()
            .header_date(HeaderName::Date)
            .header_text(HeaderName::Subject)
            .header_address(HeaderName::From)
            .header_id(HeaderName::MessageId)
            .default_header_ignore()
    })
}

/// The `List-*` and `Archived-At` fields of `msg`, unfolded.
fn headers(raw: &[u8], msg: &mail_parser::Message<'_>, out: &mut Message) {
    for h in msg.headers() {
        let name = h.name.as_str();
        // Bytes, not str slices: a field name may hold any bytes (found by
        // fuzzing: "\u{fffd}\u{fffd}rors-To" panicked at name[..5]).
        let wanted = name.len() > 5 && name.as_bytes()[..5].eq_ignore_ascii_case(b"list-")
            || name.eq_ignore_ascii_case("archived-at");
        if !wanted || matches!(h.name, HeaderName::MessageId) {
            continue;
        }
        let (s, e) = (h.offset_start as usize, h.offset_end as usize);
        let Some(value) = raw.get(s..e) else { continue };
        // Unfold (RFC 5322 section 2.2.3): drop CRLF before white space.
        let mut text = Vec::with_capacity(value.len());
        let mut map = OffsetMap::new();
        let mut i = 0;
        while i < value.len() {
            let b = value[i];
            if b == b'\r' || b == b'\n' {
                i += 1;
                continue;
            }
            text.push(b);
            map.exact((s + i) as u64, 1);
            i += 1;
        }
        out.pieces.push(header_piece(text, name, map, false));
    }
}

/// A piece of header field `name` (of the message itself, part `0`);
/// `references`: the whole text is one URI.
fn header_piece(text: Vec<u8>, name: &str, map: OffsetMap, references: bool) -> Piece {
    Piece {
        text,
        kind: SegmentKind::Header(name.to_string()),
        chain: Chain::new(vec![map], 0),
        part: Some(PartInfo {
            index: "0".to_string(),
            content_type: None,
        }),
        base: None,
        references,
    }
}

/// The identifiers of `Message-ID`, `In-Reply-To` and `References` as
/// `mid:` URIs (RFC 2392 section 2: the `addr-spec` with the characters
/// a URL cannot hold percent-encoded), one piece each whose text maps as
/// a whole to the identifier's bytes between `<` and `>`.
fn message_ids(raw: &[u8], msg: &mail_parser::Message<'_>, out: &mut Message) {
    for h in msg.headers() {
        let name = h.name.as_str();
        let wanted = ["message-id", "in-reply-to", "references"]
            .iter()
            .any(|n| name.eq_ignore_ascii_case(n));
        if !wanted {
            continue;
        }
        let (s, e) = (h.offset_start as usize, h.offset_end as usize);
        let Some(value) = raw.get(s..e) else { continue };
        let mut at = 0;
        while let Some(open) = memchr::memchr(b'<', &value[at..]) {
            let from = at + open + 1;
            let Some(close) = memchr::memchr(b'>', &value[from..]) else {
                break;
            };
            let id = &value[from..from + close];
            at = from + close + 1;
            if id.is_empty() || id.iter().any(|b| b.is_ascii_whitespace()) {
                continue;
            }
            let mut text = b"mid:".to_vec();
            for &b in id {
                let keep = b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&b);
                if keep {
                    text.push(b);
                } else {
                    text.extend_from_slice(format!("%{b:02X}").as_bytes());
                }
            }
            let mut map = OffsetMap::new();
            map.group((s + from) as u64, id.len() as u64, text.len() as u64);
            out.pieces.push(header_piece(text, name, map, true));
        }
    }
}

/// Walks the parts of `msg`, whose offsets are relative to `base` in the
/// outermost message `raw`.
fn walk(raw: &[u8], msg: &mail_parser::Message<'_>, base: usize, prefix: &str, out: &mut Message) {
    for (id, part) in msg.parts.iter().enumerate() {
        let index = format!("{prefix}{id}");
        let ctype = part.content_type().map(|c| {
            let mut t = c.ctype().to_ascii_lowercase();
            if let Some(sub) = c.subtype() {
                t.push('/');
                t.push_str(&sub.to_ascii_lowercase());
            }
            t
        });
        match &part.body {
            PartType::Text(_) | PartType::Html(_) => {}
            PartType::Message(nested) => {
                let start = base + part.offset_body as usize;
                let nested_raw = nested.raw_message();
                if part.encoding == Encoding::None
                    && raw.get(start..start + nested_raw.len()) == Some(nested_raw)
                {
                    walk(raw, nested, start, &format!("{index}."), out);
                } else {
                    out.problems.push(format!(
                        "part {index}: an encoded message/rfc822 part is not read"
                    ));
                }
                continue;
            }
            PartType::Multipart(_) => {
                // mail-parser reads a multipart cut short as if it were
                // whole: say so when its closing delimiter is missing
                // (RFC 2046 section 5.1.1).
                let boundary = part
                    .content_type()
                    .and_then(|c| c.attribute("boundary"))
                    .map(|b| format!("--{b}--"));
                let (s, e) = (
                    base + part.offset_body as usize,
                    base + part.offset_end as usize,
                );
                let body = raw.get(s..e.max(s)).unwrap_or_default();
                if let Some(close) = boundary {
                    if memchr::memmem::find(body, close.as_bytes()).is_none() {
                        out.problems.push(format!(
                            "part {index}: multipart without its closing boundary {close:?}: read up to the end of the message"
                        ));
                    }
                }
                continue;
            }
            _ => continue,
        }
        let is_html = matches!(part.body, PartType::Html(_));
        let (s, e) = (
            base + part.offset_body as usize,
            base + part.offset_end as usize,
        );
        let Some(body) = raw.get(s..e.max(s)) else {
            continue;
        };
        // Transfer encoding.
        let (bytes, transfer) = match part.encoding {
            Encoding::QuotedPrintable => qp::decode(body),
            Encoding::Base64 => {
                let d = base64::decode(body);
                if d.truncated {
                    out.problems
                        .push(format!("part {index}: base64 text is truncated"));
                }
                (d.bytes, d.map)
            }
            Encoding::None => (body.to_vec(), OffsetMap::identity(0, body.len() as u64)),
        };
        // Charset.
        let label = part
            .content_type()
            .and_then(|c| c.attribute("charset"))
            .map(str::to_string);
        let mut maps = vec![transfer];
        let bytes = match charset::convert(&bytes, label.as_deref()) {
            Ok(charset::Converted::AsIs) => bytes,
            Ok(charset::Converted::Utf8(t, m)) => {
                maps.insert(0, m);
                t
            }
            Err(l) => {
                out.problems.push(format!(
                    "part {index}: unknown charset {l:?}: read as it is"
                ));
                bytes
            }
        };
        let info = PartInfo {
            index,
            content_type: ctype,
        };
        if is_html {
            let shared: Vec<Arc<OffsetMap>> = maps.into_iter().map(Arc::new).collect();
            for seg in super::html::segments(&bytes) {
                let mut chain_maps = vec![Arc::new(seg.map)];
                chain_maps.extend(shared.iter().cloned());
                out.pieces.push(Piece {
                    text: seg.text,
                    kind: seg.kind,
                    chain: Chain::shared(chain_maps, s as u64),
                    part: Some(info.clone()),
                    base: seg.base,
                    references: seg.references,
                });
            }
            continue;
        }
        let flowed = part.content_type().map_or(quote::Flowed::default(), |c| {
            let yes = |name: &str, value: &str| {
                c.attribute(name)
                    .is_some_and(|v| v.trim().eq_ignore_ascii_case(value))
            };
            quote::Flowed {
                flowed: yes("format", "flowed"),
                delsp: yes("delsp", "yes"),
            }
        });
        let text = match quote::unquote(&bytes, flowed) {
            Some((t, m)) => {
                maps.insert(0, m);
                t
            }
            None => bytes,
        };
        out.pieces.push(Piece {
            text,
            kind: SegmentKind::Text,
            chain: Chain::new(maps, s as u64),
            part: Some(info),
            base: None,
            references: false,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_names_with_any_bytes() {
        // Fuzzing found a name whose 5th byte is inside a character.
        let raw = b"From: a@b\r\n\xef\xbf\xbd\xef\xbf\xbdrors-To: x\r\nList-Id: <http://l.example/>\r\n\r\nbody\r\n";
        let m = read(raw, MailOptions::default());
        assert!(text_of(&m, "header").contains("http://l.example/"));
        let raw = b"From: a@b\r\n\xff\xfe\xfdrors-To: x\r\n\r\nbody\r\n";
        let _ = read(raw, MailOptions::default());
    }

    #[test]
    fn message_ids_on_request() {
        let raw =
            b"From: a@b\r\nMessage-ID: <x/1@y>\r\nReferences: <p@q>\r\n <r$1@s>\r\n\r\nbody\r\n";
        let opts = MailOptions {
            headers: false,
            message_ids: true,
        };
        let m = read(raw, opts);
        let ids: Vec<String> = m
            .pieces
            .iter()
            .filter(|p| p.kind.name() == "header")
            .map(|p| String::from_utf8_lossy(&p.text).into_owned())
            .collect();
        assert_eq!(ids, ["mid:x%2F1@y", "mid:p@q", "mid:r$1@s"]);
        let p = &m.pieces[0];
        let span = p.chain.span(0..p.text.len() as u64);
        assert_eq!(&raw[span.start as usize..span.end as usize], b"x/1@y");
        assert!(read(raw, MailOptions::default())
            .pieces
            .iter()
            .all(|p| p.kind.name() != "header"));
    }

    fn text_of(m: &Message, kind: &str) -> String {
        m.pieces
            .iter()
            .filter(|p| p.kind.name() == kind)
            .map(|p| String::from_utf8_lossy(&p.text).into_owned())
            .collect::<Vec<_>>()
            .join("|")
    }

    #[test]
    fn quoted_printable_body_maps_to_raw_bytes() {
        let raw = b"From: A <a@b.example>\r\nSubject: =?utf-8?q?caf=C3=A9?=\r\nMessage-ID: <x@y>\r\nList-Archive: <https://lists.example/\r\n archive/>\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nsee https://groups.google.c=\r\nom/d/?a=3Db x\r\n";
        let m = read(raw, MailOptions::default());
        assert_eq!(m.info.subject.as_deref(), Some("caf\u{e9}"));
        assert_eq!(m.info.message_id.as_deref(), Some("x@y"));
        let body = text_of(&m, "text");
        assert!(
            body.contains("https://groups.google.com/d/?a=b x"),
            "{body}"
        );
        let h = text_of(&m, "header");
        assert!(h.contains("<https://lists.example/ archive/>"), "{h}");
        let p = m
            .pieces
            .iter()
            .find(|p| p.kind == SegmentKind::Text)
            .cloned();
        let Some(p) = p else { return };
        let t = String::from_utf8_lossy(&p.text).into_owned();
        let s = t.find("https").unwrap_or(0) as u64;
        let e = t.find(" x").unwrap_or(0) as u64;
        let span = p.chain.span(s..e);
        assert_eq!(
            &raw[span.start as usize..span.end as usize],
            b"https://groups.google.c=\r\nom/d/?a=3Db"
        );
    }

    #[test]
    fn no_headers_is_text_with_a_problem() {
        let m = read(b"just a body http://a.example/\n", MailOptions::default());
        assert_eq!(m.problems.len(), 1);
        assert!(text_of(&m, "text").contains("http://a.example/"));
    }

    #[test]
    fn headers_can_be_left_out() {
        let raw = b"From: a@b\r\nList-Post: <mailto:l@b>\r\n\r\nbody\r\n";
        let no = MailOptions {
            headers: false,
            message_ids: false,
        };
        assert!(text_of(&read(raw, no), "header").is_empty());
        assert!(!text_of(&read(raw, MailOptions::default()), "header").is_empty());
    }
}
