//! The message made safe for mail-parser, one byte changed at a time so
//! that no offset moves: `message` and `digest` words that could be a
//! content type ([`defang`], undone by [`restore`]), multipart
//! boundaries that are never found or are too long
//! ([`unfound_boundaries`]), and a header's second `Content-Type`
//! ([`later_content_types`]).

use super::*;

/// True when a media type word (`message`, `digest`) starting at `i` of
/// `raw` stands at a token start for [`defang`]: after white space or a
/// delimiter, after `--` (a boundary line), or after `/` for a subtype
/// (`digest`), not for a type (`message`: an `Archived-At` URI of
/// Mailman 3 holds `/message/`).
pub(super) fn starts_a_type(raw: &[u8], i: usize, subtype: bool) -> bool {
    i == 0
        || matches!(
            raw[i - 1],
            b' ' | b'\t' | b'\r' | b'\n' | b':' | b';' | b'(' | b')' | b'"' | b'\\' | b'='
        )
        || (subtype && raw[i - 1] == b'/')
        || (i >= 2 && &raw[i - 2..i] == b"--")
}

/// True when the word before `i` of `raw` ends a media type token for
/// [`defang`]: the end, white space or a delimiter, but not `-ID`
/// (`Message-ID` is in nearly every header: no type, left alone).
pub(super) fn ends_a_type(raw: &[u8], i: usize) -> bool {
    let Some(&b) = raw.get(i) else { return true };
    let id = b == b'-'
        && raw
            .get(i + 1..i + 3)
            .is_some_and(|w| w.eq_ignore_ascii_case(b"id"));
    !id && matches!(
        b,
        b' ' | b'\t' | b'\r' | b'\n' | b'/' | b';' | b'(' | b'"' | b'\\' | b'-'
    )
}

/// `raw` as mail-parser is given it: every `message` and `digest` that
/// could be a content type (the whole word, case aside: after white
/// space, the start, `--` or one of `:;()"\=` (and `/` before `digest`),
/// before white space, the end or one of `/;("\-`, but not
/// `message-id`) with its last letter
/// made a digit (`messag3`, `diges7`; `4` and `8` for a capital).
/// mail-parser then reads no part as a message (message/rfc822,
/// message/global, the parts of a multipart/digest). A boundary parameter
/// and its delimiter lines change alike (`"` or `=` before it, `--`
/// before the lines; `"`, `;` or a line end after it, `-` or a line end
/// after the lines). Header names (`X-Gm-Message-State`, `Message-ID`)
/// are left alone, so that most headers need no second parse.
/// Borrowed when there is nothing to change; with the offset of the first
/// change.
pub fn defang(raw: &[u8]) -> (std::borrow::Cow<'_, [u8]>, Option<usize>) {
    let before = |i: usize, subtype: bool| starts_a_type(raw, i, subtype);
    let after = |i: usize| ends_a_type(raw, i);
    let mut out: Option<Vec<u8>> = None;
    let mut first: Option<usize> = None;
    // Both words have a `g` then an `e`: `messaGE` at 5, `diGEst` at 2.
    // The pair is looked for, one search per spelling (`ge`, `GE`, `Ge`,
    // `gE`): it is rarer than a `g` (one byte in 32 of base64), whose
    // every hit cost a restart of the search.
    for g in ge_pairs().iter().flat_map(|f| f.find_iter(raw)) {
        for (word, at, last) in [(&b"message"[..], 5, 6), (&b"digest"[..], 2, 5)] {
            let Some(start) = g.checked_sub(at) else {
                continue;
            };
            let end = start + word.len();
            let Some(w) = raw.get(start..end) else {
                continue;
            };
            if !w.eq_ignore_ascii_case(word) || !before(start, at == 2) || !after(end) {
                continue;
            }
            let lower = word[last];
            let digit = match (lower, w[last].is_ascii_uppercase()) {
                (b'e', false) => b'3',
                (b'e', true) => b'4',
                (_, false) => b'7',
                (_, true) => b'8',
            };
            out.get_or_insert_with(|| raw.to_vec())[start + last] = digit;
            first = Some(first.map_or(start + last, |f| f.min(start + last)));
        }
    }
    match out {
        Some(v) => (std::borrow::Cow::Owned(v), first),
        None => (std::borrow::Cow::Borrowed(raw), None),
    }
}

/// The longest multipart boundary read as one, in bytes (256; RFC 2046
/// section 5.1.1 allows 70): mail-parser compares the boundary at every
/// `--` of a part's body, so a longer one (100,000 `-` then `x`, over a
/// body of dashes) cost its length times the body's (12 s for 4 MB).
/// A multipart with a longer boundary is read as text, with a warning.
pub const MAX_BOUNDARY_LEN: usize = 256;

/// `bytes` (a [`defang`]ed message) with the `boundary` parameter of
/// every multipart whose delimiter line never follows it, or longer
/// than [`MAX_BOUNDARY_LEN`], renamed
/// `boundar7` (`boundar8` for a capital `Y`; one byte changed, so no
/// offset moves), with the offset of the first change (or `first`,
/// whichever is lower).
///
/// mail-parser seeks a multipart's first delimiter from its header to
/// the end of the message and, when none is there, reads the part as
/// text from where it was: a message of N such parts inside one another
/// cost N times its length (80,000 of them in 6.5 MB took more than
/// five minutes). Renamed, the parameter is not a boundary to it, and
/// [`walk`] reads the part as text, as it was read before, with a
/// warning. A delimiter line is `--boundary` at the start of a line,
/// with `--` and white space after it allowed (RFC 2046 section 5.1.1);
/// each line is looked at once and each parameter once, so the work is
/// the message's length whatever the number of parts.
pub(super) fn unfound_boundaries(
    bytes: std::borrow::Cow<'_, [u8]>,
    first: Option<usize>,
) -> (std::borrow::Cow<'_, [u8]>, Option<usize>) {
    let params = boundary_params(&bytes);
    if params.is_empty() {
        return (bytes, first);
    }
    // The last delimiter line of each boundary.
    let mut last_line: std::collections::HashMap<&[u8], usize> = std::collections::HashMap::new();
    for (start, line) in dash_lines(&bytes) {
        last_line.insert(line, start);
        if let Some(open) = line.strip_suffix(b"--") {
            last_line.insert(open, start);
        }
    }
    let unfound: Vec<usize> = params
        .iter()
        .filter(|(name, value)| {
            // A quoted value folded across lines is unfolded (RFC 5322
            // section 2.2.3), as mail-parser reads it.
            let mut v = std::borrow::Cow::Borrowed(&bytes[value.clone()]);
            if v.iter().any(|&b| b == b'\r' || b == b'\n') {
                v.to_mut().retain(|&b| b != b'\r' && b != b'\n');
            }
            let unfound = || last_line.get(&v[..]).is_none_or(|&l| l < *name);
            !v.is_empty() && (v.len() > MAX_BOUNDARY_LEN || unfound())
        })
        .map(|&(name, _)| name + 7)
        .collect();
    if unfound.is_empty() {
        return (bytes, first);
    }
    let mut out = bytes.into_owned();
    for &y in &unfound {
        out[y] = if out[y] == b'Y' { b'8' } else { b'7' };
    }
    let first = unfound.iter().copied().chain(first).min();
    (std::borrow::Cow::Owned(out), first)
}

/// The `boundary` parameters of `bytes`: the offset of each name
/// (`boundary`, case aside, at the start, after white space or `;`,
/// followed by `=` with white space around it allowed) and the range of
/// its value (between the quotes, or up to white space, `;` or `"`).
pub(super) fn boundary_params(bytes: &[u8]) -> Vec<(usize, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    for eq in memchr::memchr_iter(b'=', bytes) {
        let name_end = bytes[..eq].trim_ascii_end().len();
        let Some(name) = name_end.checked_sub(8) else {
            continue;
        };
        let at_start = name == 0 || matches!(bytes[name - 1], b' ' | b'\t' | b'\r' | b'\n' | b';');
        if !at_start || !bytes[name..name_end].eq_ignore_ascii_case(b"boundary") {
            continue;
        }
        let from = eq + 1 + (bytes.len() - eq - 1 - bytes[eq + 1..].trim_ascii_start().len());
        let value = if bytes.get(from) == Some(&b'"') {
            let end =
                memchr::memchr(b'"', &bytes[from + 1..]).map_or(bytes.len(), |n| from + 1 + n);
            from + 1..end
        } else {
            let end = bytes[from..]
                .iter()
                .position(|&b| b.is_ascii_whitespace() || b == b';' || b == b'"')
                .map_or(bytes.len(), |n| from + n);
            from..end
        };
        out.push((name, value));
    }
    out
}

/// The searches of [`defang`]: `ge` in each case.
pub(super) fn ge_pairs() -> &'static [memchr::memmem::Finder<'static>; 4] {
    static PAIRS: std::sync::OnceLock<[memchr::memmem::Finder<'static>; 4]> =
        std::sync::OnceLock::new();
    PAIRS.get_or_init(|| [b"ge", b"GE", b"Ge", b"gE"].map(memchr::memmem::Finder::new))
}

/// `s` (a content type or boundary read from a [`defang`]ed message) as
/// written: `messag3`/`messag4` and `diges7`/`diges8` back to their words.
pub(super) fn restore(s: &str) -> String {
    let mut out = s.as_bytes().to_vec();
    let b = s.as_bytes();
    for i in 0..b.len() {
        let back = |n: usize, word: &[u8]| i >= n && b[i - n..i].eq_ignore_ascii_case(word);
        match b[i] {
            b'3' if back(6, b"messag") => out[i] = b'e',
            b'4' if back(6, b"messag") => out[i] = b'E',
            b'7' if back(5, b"diges") => out[i] = b't',
            b'8' if back(5, b"diges") => out[i] = b'T',
            _ => {}
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| s.to_string())
}

/// `bytes` (a [`defang`]ed message) with every `Content-Type` field of a
/// header section after its first renamed (its `e` made a `3`,
/// `Content-Typ3`: one byte changed, so no offset moves), which
/// mail-parser skips as a field it does not know; with the offset of the
/// first change (or `first`, whichever is lower).
///
/// RFC 2045 and 2049 say nothing of a part with two content types.
/// mail-parser takes the last; Python's `email`, JavaMail and Perl's
/// MIME-tools take the first, and so does this, so that a part written
/// `multipart/alternative; boundary=...` then `text/plain` (mail-parser's
/// own `malformed/020.eml`), whose body holds the delimiter lines of the
/// first, is read as the multipart its body is. A field is a line that
/// starts with the name (case aside), white space and a `:` allowed
/// after it; two are in one header section when no empty line and no
/// line starting with `--` (a delimiter) comes between them. A body's
/// text is not read by mail-parser as fields, so a change there changes
/// nothing.
///
/// The type `text` of every other `Content-Type` field (the value's first
/// word, white space before it allowed) is spelled `tex7` (`TEX8` for a
/// capital), undone by `walk`'s content type: mail-parser reads such a
/// part as one it does not know, whose body it neither copies into a
/// `String` nor checks as UTF-8 (a twentieth of the time of reading
/// mail), and `walk` reads it by its declared type as before. A value it
/// does not find so (a comment first) is left as it is and read as
/// before, only slower.
pub(super) fn later_content_types(
    bytes: std::borrow::Cow<'_, [u8]>,
    first: Option<usize>,
) -> (std::borrow::Cow<'_, [u8]>, Option<usize>) {
    let fields = content_type_fields(&bytes);
    let mut later = Vec::new();
    let mut texts = Vec::new();
    for (n, &field) in fields.iter().enumerate() {
        let renamed = n > 0 && {
            let between = &bytes[fields[n - 1]..field];
            !apart(between)
        };
        if !renamed {
            if let Some(t) = text_type_at(&bytes, field) {
                texts.push(t);
            }
        }
    }
    for pair in fields.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let between = &bytes[a..b];
        if !apart(between) {
            // The `e` of `Type`.
            later.push(b + 11);
        }
    }
    if later.is_empty() && texts.is_empty() {
        return (bytes, first);
    }
    let mut out = bytes.into_owned();
    for &e in &later {
        out[e] = b'3';
    }
    for &t in &texts {
        out[t] = if out[t] == b'T' { b'8' } else { b'7' };
    }
    let first = later.iter().chain(&texts).copied().chain(first).min();
    (std::borrow::Cow::Owned(out), first)
}

/// True when the bytes `between` two `Content-Type` fields hold an empty
/// line or a line starting with `--`: the fields are not of one header
/// section ([`later_content_types`]).
fn apart(between: &[u8]) -> bool {
    crate::needles::empty_line().find(between).is_some()
        || crate::needles::empty_line_crlf().find(between).is_some()
        || crate::needles::newline_dashes().find(between).is_some()
}

/// The offset of the last letter of the type `text` of the `Content-Type`
/// field at `field` of `bytes`, when its value starts with it (white
/// space and folds before it, `/`, `;`, white space or the end after it).
fn text_type_at(bytes: &[u8], field: usize) -> Option<usize> {
    let colon = field + 12 + bytes.get(field + 12..)?.iter().position(|&b| b == b':')?;
    let rest = bytes.get(colon + 1..)?;
    let start = colon + 1 + rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
    let word = bytes.get(start..start + 4)?;
    let after = bytes.get(start + 4).copied();
    let ends = after.is_none_or(|b| b == b'/' || b == b';' || b.is_ascii_whitespace());
    (word.eq_ignore_ascii_case(b"text") && ends).then_some(start + 3)
}

/// The offsets of the lines of `bytes` that are a `Content-Type` field:
/// the name at the start of a line, case aside, then white space and a
/// `:`; in order.
pub(super) fn content_type_fields(bytes: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    // `ontent-` in the two cases it is written in (`Content-Type`,
    // `content-type`, `CONTENT-TYPE`; not a mixed `CoNTENT-`).
    for finder in [&b"ontent-"[..], b"ONTENT-"] {
        for i in memchr::memmem::find_iter(bytes, finder) {
            let Some(start) = i.checked_sub(1) else {
                continue;
            };
            if start > 0 && bytes[start - 1] != b'\n' {
                continue;
            }
            let Some(name) = bytes.get(start..start + 12) else {
                continue;
            };
            if !name.eq_ignore_ascii_case(b"content-type") {
                continue;
            }
            let rest = &bytes[start + 12..];
            let ws = rest
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count();
            if rest.get(ws) == Some(&b':') {
                out.push(start);
            }
        }
    }
    out.sort_unstable();
    out
}
