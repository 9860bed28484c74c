//! Header fields as pieces: which fields are read ([`field_is_read`]),
//! unfolded with maps back to the message's bytes, and the message ids
//! of `Message-ID`, `References` and `In-Reply-To`.

use super::*;

/// The header fields of `split` that may hold URIs ([`field_is_read`]),
/// unfolded, RFC 2047 encoded words decoded (each word's text mapped as a
/// whole to the word; the white space between two adjacent words
/// dropped, RFC 2047 section 6.2), as pieces of part `index`, named as
/// mail-parser names them (`super::super::header::canonical_name`); `split` is
/// the header of `raw[base..]` (its ranges are relative to `base`).
pub(super) fn headers(
    raw: &[u8],
    base: usize,
    split: &super::super::header::Fields,
    index: &str,
    out: &mut Message,
) {
    let mut part = None;
    for f in &split.fields {
        // Over the budget: [`read`] reads the message as text.
        if out.pieces.len() > MAX_PIECES {
            return;
        }
        let Some(name) = raw.get(base + f.name.start..base + f.name.end) else {
            continue;
        };
        if !field_is_read(name) {
            continue;
        }
        let (s, e) = (base + f.value.start, base + f.value.end);
        let Some(value) = raw.get(s..e) else { continue };
        // A value without a `:` nor an encoded word (which may decode to
        // one) holds no URI (each has a scheme): no piece.
        if memchr::memchr(b':', value).is_none()
            && crate::needles::encoded_word_start().find(value).is_none()
        {
            continue;
        }
        // White space inside a name is dropped from a known name
        // (`Re ceived` is `Received`): asked again of the known one.
        let spaced = name.iter().any(u8::is_ascii_whitespace);
        let name = super::super::header::canonical_name(name);
        if (spaced && !field_is_read(name.as_bytes())) || name.eq_ignore_ascii_case("message-id") {
            continue;
        }
        let (text, map) = unfold(value, s as u64);
        let part = part.get_or_insert_with(|| header_part(index));
        out.pieces.push(header_piece(text, &name, map, false, part));
    }
}

/// A header field value unfolded (RFC 5322 section 2.2.3: CR and LF
/// dropped) with its encoded words decoded ([`super::super::encoded_word`]);
/// the map's offsets start at `at`.
pub(super) fn unfold(value: &[u8], at: u64) -> (Vec<u8>, OffsetMap) {
    let mut text = Vec::with_capacity(value.len());
    let mut map = OffsetMap::new();
    // `bytes`, at `from` in `value`, but for line ends.
    fn push(text: &mut Vec<u8>, map: &mut OffsetMap, bytes: &[u8], at: u64) {
        let mut from = 0;
        for end in memchr::memchr2_iter(b'\r', b'\n', bytes).chain([bytes.len()]) {
            if end > from {
                text.extend_from_slice(&bytes[from..end]);
                map.exact(at + from as u64, (end - from) as u64);
            }
            from = end + 1;
        }
    }
    let mut i = 0;
    // White space after an encoded word, from here: kept unless another
    // word follows.
    let mut after_word: Option<usize> = None;
    while i < value.len() {
        let b = value[i];
        if b == b'=' && value.get(i + 1) == Some(&b'?') {
            if let Some((decoded, len)) = super::super::encoded_word::decode(&value[i..]) {
                text.extend_from_slice(&decoded);
                map.group(at + i as u64, len as u64, decoded.len() as u64);
                i += len;
                after_word = Some(i);
                continue;
            }
        }
        if after_word.is_some() && b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if let Some(from) = after_word.take() {
            push(&mut text, &mut map, &value[from..i], at + from as u64);
        }
        // Up to the next `=` that may start a word, at once.
        let next = memchr::memchr(b'=', &value[i + 1..]).map_or(value.len(), |n| i + 1 + n);
        push(&mut text, &mut map, &value[i..next], at + i as u64);
        i = next;
    }
    if let Some(from) = after_word {
        push(&mut text, &mut map, &value[from..], at + from as u64);
    }
    (text, map)
}

/// Defines [`NOT_READ`] and [`not_read`] from one list, so that the
/// list read by the tests and the one compiled into a `match` are the
/// same.
macro_rules! not_read {
    ($($name:literal,)*) => {
        /// The fields [`field_is_read`] does not read, lowercase (for
        /// the tests: the code reads [`not_read`]).
        #[cfg(test)]
        pub(super) const NOT_READ: &[&[u8]] = &[$($name),*];
        /// True when `lower` (a field name lowercased) is in [`NOT_READ`]:
        /// one `match`, which compiles to a switch on the length and
        /// comparisons of words (a search of the list, case aside, was a
        /// fiftieth of the time of reading mail).
        fn not_read(lower: &[u8]) -> bool {
            matches!(lower, $($name)|*)
        }
    };
}

not_read! {
    // Addresses (RFC 5322 section 3.6.2, 3.6.3, 3.6.6; RFC 3798).
    b"from",
    b"to",
    b"cc",
    b"bcc",
    b"reply-to",
    b"sender",
    b"resent-from",
    b"resent-to",
    b"resent-cc",
    b"resent-bcc",
    b"resent-sender",
    b"resent-reply-to",
    b"return-path",
    b"delivered-to",
    b"x-original-to",
    b"envelope-to",
    b"x-envelope-to",
    b"x-envelope-from",
    b"errors-to",
    b"disposition-notification-to",
    b"return-receipt-to",
    b"mail-followup-to",
    b"mail-reply-to",
    b"apparently-to",
    b"x-sender",
    b"x-beenthere",
    // Identifiers (RFC 5322 section 3.6.4; RFC 2045 section 7).
    b"message-id",
    b"in-reply-to",
    b"references",
    b"resent-message-id",
    b"content-id",
    b"thread-index",
    // Exchange's item class (`urn:content-classes:message`, MS-OXCMAIL
    // section 2.2.3.2.3): names what kind of item the message is, an
    // identifier no reader follows.
    b"content-class",
    // Trace and authentication (RFC 5321 section 4.4, RFC 6376, RFC
    // 8617, RFC 8601, RFC 7208).
    b"received",
    b"x-received",
    b"dkim-signature",
    b"domainkey-signature",
    b"authentication-results",
    b"x-original-authentication-results",
    b"received-spf",
    // MIME structure and dates.
    b"content-type",
    b"content-transfer-encoding",
    b"mime-version",
    b"date",
    b"resent-date",
    // Pictures.
    b"x-face",
    b"face",
}
/// The starts of the names of fields [`field_is_read`] does not read,
/// lowercase.
pub(super) const NOT_READ_PREFIXES: &[&[u8]] = &[
    b"arc-",
    b"x-ms-",
    b"x-microsoft-",
    b"x-forefront-",
    b"x-google-",
    b"x-gm-",
];

/// True for a header field whose value is read for URIs: every field but
/// the ones that hold addresses (`From`, `To`, `Cc`, `Reply-To`, `Sender`,
/// `Return-Path`, ...), message identifiers (`Message-ID`, `References`,
/// `In-Reply-To`: `--message-ids` reads those as `mid:` URIs; Exchange's
/// `Content-Class`), trace and
/// authentication data (`Received`, `DKIM-Signature`, `ARC-*`,
/// `Authentication-Results`, the anti-spam blobs of Exchange and Gmail),
/// the MIME structure (`Content-Type`, `Content-Transfer-Encoding`,
/// `MIME-Version`), dates and pictures (`X-Face`, `Face`). URIs stand in
/// `List-*`, `Archived-At`, `Link`, `X-Url`, `X-URI`, `Organization`,
/// `X-Report-Abuse`, `Subject` and other unstructured fields (RFC 5322
/// section 3.6.5, RFC 2369, RFC 5064). The name is compared as bytes: it
/// may hold any (found by fuzzing: a name of replacement characters
/// panicked when sliced as a `str`).
pub fn field_is_read(name: &[u8]) -> bool {
    // The name lowercased once into a buffer on the stack; a longer name
    // is none of the list but may start with a prefix of it.
    let mut buf = [0u8; LONGEST_NOT_READ];
    let lower = &mut buf[..name.len().min(LONGEST_NOT_READ)];
    for (l, b) in lower.iter_mut().zip(name) {
        *l = b.to_ascii_lowercase();
    }
    let lower = &*lower;
    let listed = name.len() <= LONGEST_NOT_READ && not_read(lower);
    !listed && !NOT_READ_PREFIXES.iter().any(|p| lower.starts_with(p))
}

/// The length of the longest name of [`NOT_READ`] and
/// [`NOT_READ_PREFIXES`], in bytes (`x-original-authentication-results`).
pub(super) const LONGEST_NOT_READ: usize = 33;

/// A piece of header field `name` of `part` ([`header_part`]);
/// `references`: the whole text is one URI.
pub(super) fn header_piece(
    text: Vec<u8>,
    name: &str,
    map: OffsetMap,
    references: bool,
    part: &Arc<PartInfo>,
) -> Piece {
    Piece {
        text,
        kind: SegmentKind::Header(name.to_string()),
        chain: Chain::of(map),
        part: Some(part.clone()),
        base: None,
        references,
    }
}

/// The part of the header fields of part `index` (no content type),
/// shared by their pieces.
pub(super) fn header_part(index: &str) -> Arc<PartInfo> {
    Arc::new(PartInfo {
        index: index.to_string(),
        content_type: None,
    })
}

/// The identifiers of `Message-ID`, `In-Reply-To` and `References` as
/// `mid:` URIs (RFC 2392 section 2: the `addr-spec` with the characters
/// a URL cannot hold percent-encoded), one piece each whose text maps as
/// a whole to the identifier's bytes between `<` and `>`; `split` is
/// the header of `raw`.
pub(super) fn message_ids(raw: &[u8], split: &super::super::header::Fields, out: &mut Message) {
    let part = header_part("0");
    for f in &split.fields {
        let name =
            super::super::header::canonical_name(raw.get(f.name.clone()).unwrap_or_default());
        let wanted = ["message-id", "in-reply-to", "references"]
            .iter()
            .any(|n| name.eq_ignore_ascii_case(n));
        if !wanted {
            continue;
        }
        let (s, e) = (f.value.start, f.value.end);
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
            out.pieces.push(header_piece(text, &name, map, true, &part));
        }
    }
}
