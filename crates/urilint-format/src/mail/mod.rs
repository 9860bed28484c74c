//! One mail message or news article (RFC 5322, MIME RFC 2045-2049,
//! Usenet RFC 5536) as decoded text pieces with maps back to its bytes.
//!
//! This module owns walking a message's MIME structure and decoding each
//! text part the way a mail client shows it: the transfer encoding
//! (quoted-printable `super::qp`, base64 `super::base64`), the charset
//! (`super::charset`), format=flowed and reply prefixes (`super::quote`),
//! and HTML parts (`super::html`). Parts that are not text (images,
//! archives, PDFs) are skipped without being decoded by us. A
//! message/rfc822 (or message/global) part, and a part of a
//! multipart/digest without a content type, is walked as a message of
//! its own, up to [`MAX_NESTED_MESSAGES`] deep (one sent in base64 or
//! quoted-printable decoded first, its pieces mapped through the
//! decoding). The header fields that may carry URIs ([`field_is_read`]:
//! `List-*` and `Archived-At` of RFC 2369 and RFC 5064, `Link`, `X-Url`,
//! `Organization`, `Subject`, ...) are pieces too; `Message-ID`,
//! `In-Reply-To` and `References` are not read for URIs (their values
//! are message identifiers, not URIs), nor are addresses, trace fields
//! and the MIME structure.
//!
//! The MIME structure and the header values of [`MessageInfo`] (RFC 2047
//! encoded words, the date) come from the `mail-parser` crate, which
//! gives every part's and field's byte offsets in the raw message; it is
//! not shown `Content-Transfer-Encoding`, so it decodes no body and only
//! seeks each part's end (`parser`). Of a message's header it is shown
//! only the MIME fields and those of [`MessageInfo`] (`slim`): the
//! header is split into fields by `super::header` (as mail-parser
//! splits it, at the speed of a line search), which is where the fields
//! read for URIs come from. The decoding that keeps offset
//! maps is ours (each body decoded once; header fields unfolded and
//! their encoded words decoded by `super::encoded_word`), since no MIME
//! library maps decoded offsets back. The header fields of nested
//! messages and of text/rfc822-headers parts are read as the message's.
//!
//! mail-parser 0.11 nests message parts without a limit, and drops and
//! copies (for a base64 message/rfc822 part: 4,000 levels inside one
//! overflowed the stack) the nested messages recursively. So it is never
//! shown a message part: it is given the message with the type names
//! `message` and `digest` spelled otherwise (one byte changed, so offsets
//! and boundaries do not move, [`defang`]), reads every message part as
//! an opaque one, and this module parses the parts that are messages
//! itself, one level at a time, up to [`MAX_NESTED_MESSAGES`].
//!
//! It does not own splitting a mailbox (`super::mbox`) nor scanning.

use std::sync::Arc;

use mail_parser::{Encoding, HeaderName, MessageParser, MimeHeaders, PartType};

use super::map::{Chain, OffsetMap};
use super::segment::SegmentKind;
use super::{base64, charset, qp, quote};

mod defang;
mod headers;
mod parse;
#[cfg(test)]
mod tests;
mod walk;

use defang::*;
use headers::*;
use parse::*;
use walk::*;

pub use defang::{defang, MAX_BOUNDARY_LEN};
pub use headers::field_is_read;

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
    /// The MIME part it comes from (`None` outside mail: an HTML file),
    /// shared by the pieces of the part.
    pub part: Option<Arc<PartInfo>>,
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
    /// Read the header fields that may hold URIs ([`field_is_read`]).
    pub headers: bool,
    /// Report the message identifiers of `Message-ID`, `In-Reply-To` and
    /// `References` as `mid:` URIs (RFC 2392), `--message-ids`.
    pub message_ids: bool,
    /// Read `Date`, `From` and `Subject` into [`MessageInfo`] (for
    /// records that show them); without it they are `None` and only
    /// `Message-ID` is read.
    pub info: bool,
}

impl Default for MailOptions {
    fn default() -> Self {
        MailOptions {
            headers: true,
            message_ids: false,
            info: true,
        }
    }
}

/// The most message/rfc822 parts read one inside another (16): the
/// parts of a message nested deeper are not read, and the message says
/// so in [`Message::problems`]. Each level is parsed on its own, so the
/// work is at most this many times the message's size.
pub const MAX_NESTED_MESSAGES: usize = 16;

/// Reads the message `raw` (one message, no mbox separator line).
/// Never fails: what cannot be read is said in [`Message::problems`].
pub fn read(raw: &[u8], opts: MailOptions) -> Message {
    read_with(raw, opts, true)
}

/// [`read`], the body of a message of one part shown to mail-parser or
/// not (`one_part_shortcut`: not, [`prepare`]); both read alike.
fn read_with(raw: &[u8], opts: MailOptions, one_part_shortcut: bool) -> Message {
    let mut out = Message::default();
    // Room for the pieces of most messages (8 on average in list mail:
    // header fields and a part or two) at once, not grown 4, 8, 16.
    out.pieces.reserve(16);
    let parser = parser(opts.info);
    // A first line that is no header field (mail-parser would take
    // "just a body http:" for one): a message without header fields.
    let first_is_field = super::detect::field_name(raw).is_some();
    // defang changes no `:` nor line end: the message and its defanged
    // copy split alike.
    let split = super::header::fields(raw);
    let Prepared {
        structure,
        first_change,
        slim,
        one_part_body,
    } = prepare(raw, &split, one_part_shortcut, opts.info);
    let (parsed, delta) = slim
        .as_ref()
        .map_or((&structure[..], 0), |s| (&s.bytes[..], s.delta));
    let msg = match (&slim, one_part_body) {
        (Some(s), Some(body)) => parse_one_part(s, body, opts.info),
        _ => parser.parse(parsed),
    };
    let Some(msg) = msg.filter(|_| first_is_field) else {
        out.problems
            .push("no header fields: read as plain text".to_string());
        out.pieces.push(as_text(raw));
        return out;
    };
    // The fields of MessageInfo as written: given to mail-parser from
    // `raw` when slimmed; else from the parse of the defanged message
    // when nothing of its header was changed, else parsed again.
    let header_end = msg
        .parts
        .first()
        .map_or(0, |p| delta + p.offset_body as usize);
    let again;
    let top = match first_change {
        Some(at) if at < header_end && slim.is_none() => {
            again = parser.parse_headers(raw);
            again.as_ref().unwrap_or(&msg)
        }
        _ => &msg,
    };
    out.info = info(top);
    if opts.headers {
        headers(raw, 0, &split, "0", &mut out);
    }
    if opts.message_ids {
        message_ids(raw, &split, &mut out);
    }
    let closes = std::cell::OnceCell::new();
    let tree = Tree {
        raw,
        structure: &structure,
        closes: &closes,
        opts,
    };
    walk(&tree, &msg, parsed, delta, "", 0, &mut out);
    if out.pieces.len() > MAX_PIECES {
        out.pieces = vec![as_text(raw)];
        out.problems.push(format!(
            "more than {MAX_PIECES} header fields, HTML attributes and parts: the message read as plain text"
        ));
    }
    if out.problems.len() > MAX_PROBLEMS {
        let more = out.problems.len() - MAX_PROBLEMS;
        out.problems.truncate(MAX_PROBLEMS);
        out.problems
            .push(format!("and {more} more problems of this message"));
    }
    out
}

/// The most problems said of one message (20), then how many more: a
/// message of 80,000 broken parts said 80,000 warnings.
pub const MAX_PROBLEMS: usize = 20;

/// The most pieces read of one message (100,000): a message of more
/// header fields, HTML attributes and text runs is read as plain text
/// instead (one piece), with a warning. Each piece costs a few hundred
/// bytes besides its text: 3 million `<a href>` in a 59 MB message made
/// 1.6 GB of pieces, where this budget holds them to some tens of MB
/// (and [`MAX_HTML_PART`] the segments of one HTML part). Real mail
/// stays far below: no message of the eight archives of issue 27 nor of
/// the shared corpus reaches it (their records are the same bytes with
/// and without the budget).
pub const MAX_PIECES: usize = 100_000;

/// The largest HTML part read as HTML, in decoded bytes (4 MiB): a
/// larger one is read as plain text, with a warning, so that its
/// segments, made at once, stay within some tens of MB. HTML mail is
/// rarely over a few hundred KB (Gmail shows 102 KB of it before it
/// clips a message).
pub const MAX_HTML_PART: usize = 4 << 20;

/// `raw` read as plain text: one piece, mapped one for one, part `0`.
fn as_text(raw: &[u8]) -> Piece {
    Piece {
        text: raw.to_vec(),
        kind: SegmentKind::Text,
        chain: Chain::new(vec![OffsetMap::identity(0, raw.len() as u64)], 0),
        part: Some(Arc::new(PartInfo {
            index: "0".to_string(),
            content_type: None,
        })),
        base: None,
        references: false,
    }
}

/// What is known of message `msg` for records.
fn info(msg: &mail_parser::Message<'_>) -> MessageInfo {
    MessageInfo {
        message_id: msg.message_id().map(str::to_string),
        date: msg.date().map(rfc3339),
        from: msg.from().and_then(|a| a.first()).map(|a| {
            match (a.name.as_deref(), a.address.as_deref()) {
                (Some(n), Some(addr)) => format!("{n} <{addr}>"),
                (None, Some(addr)) => addr.to_string(),
                (Some(n), None) => n.to_string(),
                (None, None) => String::new(),
            }
        }),
        subject: msg.subject().map(str::to_string),
    }
}

/// `d` as RFC 3339 writes a date and time (`2019-08-01T10:00:00+02:00`,
/// `Z` for no offset), as mail-parser's `DateTime::to_rfc3339` does, without
/// its formatting machinery (it cost more than parsing the date).
fn rfc3339(d: &mail_parser::DateTime) -> String {
    fn push(s: &mut String, n: u16, width: usize) {
        let digits = n.to_string();
        for _ in digits.len()..width {
            s.push('0');
        }
        s.push_str(&digits);
    }
    fn push2(s: &mut String, n: u8) {
        if n < 100 {
            s.push(char::from(b'0' + n / 10));
            s.push(char::from(b'0' + n % 10));
        } else {
            push(s, u16::from(n), 2);
        }
    }
    let mut s = String::with_capacity(25);
    push(&mut s, d.year, 4);
    s.push('-');
    push2(&mut s, d.month);
    s.push('-');
    push2(&mut s, d.day);
    s.push('T');
    push2(&mut s, d.hour);
    s.push(':');
    push2(&mut s, d.minute);
    s.push(':');
    push2(&mut s, d.second);
    if d.tz_hour != 0 || d.tz_minute != 0 {
        s.push(if d.tz_before_gmt { '-' } else { '+' });
        push2(&mut s, d.tz_hour);
        s.push(':');
        push2(&mut s, d.tz_minute);
    } else {
        s.push('Z');
    }
    s
}

/// `s` as a warning quotes it: its first 64 characters, then `...` when
/// there are more (a charset label of two million quotes was quoted
/// whole).
fn shortened(s: &str) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(64) {
        Some((cut, _)) => format!("{}...", &s[..cut]).into(),
        None => s.into(),
    }
}
