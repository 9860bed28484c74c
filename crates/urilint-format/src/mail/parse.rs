//! What mail-parser is given and how it is set up: the message slimmed to
//! the fields it needs ([`Slim`]), the multipart structure seen by
//! delimiter lines ([`Tree`]), the parser made once ([`parser`]), and the
//! transfer encoding read from the field as written.

use super::*;

/// A message as given to mail-parser: the fields it needs, then the
/// body, and how far the body moved.
pub(super) struct Slim {
    /// The fields of [`needed_by_the_parser`] (a MIME field from the
    /// [`defang`]ed message, the others as written), an empty line, the
    /// body of the defanged message.
    pub(super) bytes: Vec<u8>,
    /// The body's offset in the message less its offset in `bytes`: an
    /// offset `o` of a part is `o + delta` in the message.
    pub(super) delta: usize,
}

/// Whether [`slim`] gives mail-parser a field named `name`, and from
/// which bytes: `Some(true)` for the MIME fields (`Content-*`,
/// `MIME-Version`: the structure, from the [`defang`]ed message),
/// `Some(false)` for those of [`MessageInfo`] (`Date`, `Subject`,
/// `From` with `info`, `Message-ID`: as written), `None` for the others; case and
/// white space aside, as mail-parser reads a name.
pub(super) fn needed_by_the_parser(name: &[u8], info: bool) -> Option<bool> {
    // Every name given starts with one of these letters: most fields of
    // a list message (`Received`, `X-*`, `List-*`, `DKIM-Signature`, `To`)
    // are turned away by their first.
    let first = name.iter().find(|b| !b.is_ascii_whitespace());
    if !first.is_some_and(|b| matches!(b.to_ascii_lowercase(), b'c' | b'm' | b'd' | b's' | b'f')) {
        return None;
    }
    let mut squeezed = [0u8; 32];
    let mut n = 0;
    for &b in name.iter().filter(|b| !b.is_ascii_whitespace()) {
        match squeezed.get_mut(n) {
            Some(slot) => *slot = b.to_ascii_lowercase(),
            None => return None,
        }
        n += 1;
    }
    let name = &squeezed[..n];
    if name.starts_with(b"content-") || name == b"mime-version" {
        Some(true)
    } else if name == b"message-id" {
        Some(false)
    } else {
        (info && [&b"date"[..], b"subject", b"from"].contains(&name)).then_some(false)
    }
}

/// The message `raw` (as written) and `structure` (defanged, the same
/// length; both a message or a nested message, `split` their header) as
/// given to mail-parser: only the fields it needs, so that it does not
/// read the others a byte at a time (the header is most of a list
/// message: 69% of the shared corpus's list archives; mail-parser read
/// it in a fifth of the time of `extract`). `None` when the header has
/// no end (no body: read as it is).
pub(super) fn slim(
    raw: &[u8],
    structure: &[u8],
    split: &super::super::header::Fields,
    info: bool,
) -> Option<Slim> {
    slim_shown(raw, Some(structure), split, Shown::Whole, info)
}

/// How much of a message's body [`slim_shown`] gives mail-parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shown {
    /// The body, as [`slim`] gives it.
    Whole,
    /// None of it: for a message of one part ([`one_part`]), whose body
    /// mail-parser would only walk to its end and copy into a `String`
    /// (a UTF-8 check of every byte, a tenth of the time of reading
    /// mail); [`parse_one_part`] sets the part's end as it would be.
    None,
}

/// [`slim`] with the body shown or not. With the body not shown,
/// `structure` is `None` and each MIME field is [`defang`]ed on its own
/// (the same bytes as a defanged header gives: a field starts a line and
/// ends with its line end, so no word of it reaches across its ends),
/// instead of the whole header, whose other fields mail-parser is not
/// given (the header is most of a list message: defanging all of it was
/// a thirtieth of the time of reading mail).
pub(super) fn slim_shown(
    raw: &[u8],
    structure: Option<&[u8]>,
    split: &super::super::header::Fields,
    shown: Shown,
    info: bool,
) -> Option<Slim> {
    let body = split.body?;
    let structure_body = match shown {
        Shown::Whole => structure?.get(body..)?,
        Shown::None => &[][..],
    };
    let mut bytes = Vec::with_capacity(1024 + structure_body.len());
    for f in &split.fields {
        let name = raw.get(f.name.clone()).unwrap_or_default();
        let Some(mime) = needed_by_the_parser(name, info) else {
            continue;
        };
        let whole = raw.get(f.whole.clone()).unwrap_or_default();
        match (mime, structure) {
            (false, _) => bytes.extend_from_slice(whole),
            (true, Some(s)) => bytes.extend_from_slice(s.get(f.whole.clone()).unwrap_or_default()),
            (true, None) => bytes.extend_from_slice(&defang(whole).0),
        }
    }
    bytes.push(b'\n');
    let delta = body.checked_sub(bytes.len())?;
    bytes.extend_from_slice(structure_body);
    Some(Slim { bytes, delta })
}

/// True when the message whose header `split` is (of `raw`) is of one
/// part as mail-parser reads it whatever its body holds: no
/// `Content-Type` field (text/plain, RFC 2045 section 5.2), or one
/// whose value starts with a type name and `/` that is neither
/// `multipart` nor `message` (nor a defanged spelling of it: only
/// letters, digits and `-.+_` are a name here). Two `Content-Type`
/// fields, a comment before the type or anything else unusual: `false`,
/// the message is parsed whole.
pub(super) fn one_part(raw: &[u8], split: &super::super::header::Fields) -> bool {
    let mut types = split.fields.iter().filter(|f| {
        raw.get(f.name.clone())
            .is_some_and(|n| n.trim_ascii().eq_ignore_ascii_case(b"content-type"))
    });
    let Some(field) = types.next() else {
        return true;
    };
    if types.next().is_some() {
        return false;
    }
    let value = raw
        .get(field.value.clone())
        .unwrap_or_default()
        .trim_ascii_start();
    let name_len = value
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'+' | b'_')))
        .unwrap_or(value.len());
    let name = &value[..name_len];
    value.get(name_len) == Some(&b'/')
        && !name.is_empty()
        && !name.eq_ignore_ascii_case(b"multipart")
        && !name.eq_ignore_ascii_case(b"message")
}

/// mail-parser's parse of a message of one part ([`one_part`]) given
/// `slim` without its body ([`Shown::None`]): the part's end set where
/// it is with the body, `body_len` bytes after the header (mail-parser
/// ends a part without a boundary at the end of what it is given).
pub(super) fn parse_one_part<'x>(
    slim: &'x Slim,
    body_len: usize,
    info: bool,
) -> Option<mail_parser::Message<'x>> {
    let mut msg = parser(info).parse(&slim.bytes[..])?;
    let end = u32::try_from(slim.bytes.len() + body_len).ok()?;
    for part in &mut msg.parts {
        part.offset_end = end;
    }
    Some(msg)
}

/// A message made ready for mail-parser ([`prepare`]).
pub(super) struct Prepared<'r> {
    /// The message [`defang`]ed, boundaries never found renamed
    /// ([`unfound_boundaries`]); when `one_part_body` is set, only its
    /// header section as written (the walk of a message of one part
    /// reads none of it; its MIME fields were defanged into `slim`).
    pub(super) structure: std::borrow::Cow<'r, [u8]>,
    /// The offset of the first byte changed in `structure`.
    pub(super) first_change: Option<usize>,
    /// What mail-parser is given, when slimmed ([`slim`]).
    pub(super) slim: Option<Slim>,
    /// The length of the body not shown to mail-parser, for a message of
    /// one part ([`one_part`], [`Shown::None`]).
    pub(super) one_part_body: Option<usize>,
}

/// The message `raw` (header `split`) made ready for mail-parser: a
/// message of one part ([`one_part`]) defanged and slimmed as far as its
/// header, its body not shown (with `one_part_shortcut`); any other
/// whole.
pub(super) fn prepare<'r>(
    raw: &'r [u8],
    split: &super::super::header::Fields,
    one_part_shortcut: bool,
    info: bool,
) -> Prepared<'r> {
    let one = split
        .body
        .filter(|&b| one_part_shortcut && b <= raw.len() && one_part(raw, split));
    if let Some(body) = one {
        if let Some(slim) = slim_shown(raw, None, split, Shown::None, info) {
            // The walk of a message of one part reads no byte of
            // `structure` (no delimiter line, no nested message), and
            // `first_change` only matters when nothing is slimmed: the
            // header as written stands for both.
            return Prepared {
                structure: std::borrow::Cow::Borrowed(&raw[..body]),
                first_change: None,
                slim: Some(slim),
                one_part_body: Some(raw.len() - body),
            };
        }
    }
    let (structure, first_change) = defang(raw);
    let (structure, first_change) = unfound_boundaries(structure, first_change);
    let (structure, first_change) = later_content_types(structure, first_change);
    let slim = slim(raw, &structure, split, info);
    Prepared {
        structure,
        first_change,
        slim,
        one_part_body: None,
    }
}

/// A message being walked: its bytes, as written and as given to
/// mail-parser, and the closing delimiter lines of the latter (found on
/// first use).
pub(super) struct Tree<'a> {
    pub(super) raw: &'a [u8],
    pub(super) structure: &'a [u8],
    pub(super) closes: &'a std::cell::OnceCell<Closes<'a>>,
    /// What to read.
    pub(super) opts: MailOptions,
}

/// True when a line of `body` is a delimiter that opens a part of the
/// multipart with boundary `boundary`: `--boundary` at the start of a
/// line, not followed by `--` (RFC 2046 section 5.1.1; white space after
/// it is allowed, and mail-parser takes any rest of the line).
pub(super) fn opens_a_part(body: &[u8], boundary: &[u8]) -> bool {
    let mut delimiter = Vec::with_capacity(boundary.len() + 2);
    delimiter.extend_from_slice(b"--");
    delimiter.extend_from_slice(boundary);
    memchr::memmem::find_iter(body, &delimiter).any(|at| {
        let line_start = at == 0 || body[at - 1] == b'\n';
        let rest = &body[at + delimiter.len()..];
        line_start && !rest.starts_with(b"--")
    })
}

/// The closing delimiter lines of a message: for each boundary, the
/// offsets of the lines `--boundary--` (white space after it allowed), in
/// order.
pub(super) type Closes<'a> = std::collections::HashMap<&'a [u8], Vec<usize>>;

/// [`Closes`] of `bytes`: one pass over its lines that start with `--`.
pub(super) fn closing_delimiters(bytes: &[u8]) -> Closes<'_> {
    let mut map = Closes::new();
    for (start, line) in dash_lines(bytes) {
        if let Some(b) = line.strip_suffix(b"--") {
            if !b.is_empty() {
                map.entry(b).or_default().push(start);
            }
        }
    }
    map
}

/// The lines of `bytes` that start with `--` (delimiter lines may): the
/// offset of each line and its text after the `--`, white space at its
/// end trimmed; in order, one search for `\n--` over `bytes`.
pub(super) fn dash_lines(bytes: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    bytes
        .starts_with(b"--")
        .then_some(0)
        .into_iter()
        .chain(
            crate::needles::newline_dashes()
                .find_iter(bytes)
                .map(|p| p + 1),
        )
        .map(move |start| {
            let rest = &bytes[start + 2..];
            let line = &rest[..memchr::memchr(b'\n', rest).unwrap_or(rest.len())];
            (start, line.trim_ascii_end())
        })
}

/// The parser, made once: `Content-Type` and the four fields of
/// [`MessageInfo`] parsed (`Message-ID` alone without `info`,
/// [`MailOptions::info`]); every other field is skipped, kept only as a
/// name with offsets (all that [`headers`] and [`message_ids`] read).
/// Parsing `Received` and the address lists of every message cost a third
/// of the time, and copying the other fields raw a tenth.
/// `Content-Transfer-Encoding` is skipped too, so that mail-parser
/// decodes no body (quoted-printable and base64 bodies decoded by it and
/// again by us were a fifth of the time) and only seeks each part's end:
/// [`transfer_encoding`] reads the field, and each body is decoded once,
/// by our mapped decoders.
pub(super) fn parser(info: bool) -> &'static MessageParser {
    static PARSER: std::sync::OnceLock<MessageParser> = std::sync::OnceLock::new();
    static ID_ONLY: std::sync::OnceLock<MessageParser> = std::sync::OnceLock::new();
    if !info {
        // `Date`, `Subject` and `From` skipped as the others: parsing
        // them was a twentieth of the time of reading mail.
        return ID_ONLY.get_or_init(|| {
            MessageParser::new()
                .header_content_type(HeaderName::ContentType)
                .header_id(HeaderName::MessageId)
                .default_header_ignore()
        });
    }
    PARSER.get_or_init(|| {
        MessageParser::new()
            .header_content_type(HeaderName::ContentType)
            .header_date(HeaderName::Date)
            .header_text(HeaderName::Subject)
            .header_address(HeaderName::From)
            .header_id(HeaderName::MessageId)
            .default_header_ignore()
    })
}

/// The transfer encoding of `part`, from its `Content-Transfer-Encoding`
/// field as written in `raw` (the part's offsets are relative to `base`):
/// `base64` and `quoted-printable` (case aside, white space and line
/// folds around them allowed, as mail-parser compares them), else none
/// (`7bit`, `8bit`, `binary`, unknown ones: read as they are).
pub(super) fn transfer_encoding(parsed: &[u8], part: &mail_parser::MessagePart<'_>) -> Encoding {
    let Some(h) = part
        .headers
        .iter()
        .rev()
        .find(|h| matches!(h.name, HeaderName::ContentTransferEncoding))
    else {
        return Encoding::None;
    };
    let (s, e) = (h.offset_start as usize, h.offset_end as usize);
    let value = parsed.get(s..e.max(s)).unwrap_or_default().trim_ascii();
    if value.eq_ignore_ascii_case(b"base64") {
        Encoding::Base64
    } else if value.eq_ignore_ascii_case(b"quoted-printable") {
        Encoding::QuotedPrintable
    } else {
        Encoding::None
    }
}
