//! The delimiting rules of RFC 2396 Appendix E (RFC 3986 Appendix C),
//! applied at one `:` of a window of bytes.
//!
//! This module owns the decision "is there a URI around this colon, and
//! where exactly does it start and end": the scheme before the colon, the
//! context before the scheme (`<`, `"`, `'`, backquote, the `URL:` prefix,
//! or nothing), the extent (up to the closing delimiter with inserted
//! whitespace removed, or to the end of a bare URI without its trailing
//! punctuation and unbalanced closing brackets), and the line breaks and
//! hyphens met on the way. It works on a slice and never reads past it:
//! when the slice ends before a decision it answers [`Outcome::NeedMore`],
//! and the caller (the streaming [`super::Scanner`]) reads more and asks
//! again, so that decisions never depend on how the input was chunked.
//!
//! It does not own reading, buffering, line numbers, nor validation beyond
//! the one check Appendix E needs (an unknown scheme inside `<...>` counts
//! only when the text is a valid URI).

use crate::grammar::chars::{is, ALPHA, SCHEME, SPACE, URI_TEXT};
use crate::grammar::{self, Grammar};
use crate::scheme;

use super::Delimiter;

/// The longest scheme considered, in bytes. Longer runs of scheme
/// characters before a `:` are not taken for a scheme.
pub(crate) const MAX_SCHEME: usize = 64;
/// How much whitespace may stand between a `URL:` prefix and the URI.
const MAX_PREFIX_SPACE: usize = 64;
/// How many bytes before a `:` the rules may look at (a scheme, possibly
/// split by line breaks, whitespace, `URL:`, the opening delimiter, and the
/// byte before `URL:`). The scanner keeps at least this much before its
/// search position.
pub(crate) const LOOKBEHIND: usize = 2 * MAX_SCHEME + 2 * MAX_PREFIX_SPACE + 8;

/// Trailing characters that end a sentence or clause rather than a bare
/// URI (RFC 3986 Appendix C: "trailing punctuation"). `*` is here because
/// Markdown emphasis (`**http://x**`) puts it right after URIs.
const TRAILING: &[u8] = b".,;:!?'*";

/// The window the rules work on.
pub(crate) struct Window<'h> {
    /// The bytes: `hay[i]` is at absolute offset `base + i` of the input.
    pub hay: &'h [u8],
    /// True when `hay[0]` is the first byte of the input.
    pub bof: bool,
    /// True when the input ends where `hay` ends.
    pub eof: bool,
    /// No URI may start before this index (the end of the previous one).
    pub min_start: usize,
    /// The longest candidate, in bytes of source text from the start of
    /// the scheme.
    pub max_len: usize,
    /// Inside `<...>`, spaces are part of the URI
    /// ([`crate::scan::ScanOptions::keep_spaces_in_angle`]).
    pub keep_spaces: bool,
    /// Join bare URIs hard-wrapped in mid-word
    /// ([`crate::scan::ScanOptions::join_wrapped_lines`]).
    pub join_wrapped: bool,
    /// `hay` is one relative reference written `<value>` (a Markdown link
    /// destination or an HTML attribute that is one URL, under
    /// [`crate::scan::ScanOptions::whole_reference`], without a scheme):
    /// a value of one word (`LICENSE`) is then a reference too.
    pub whole_value: bool,
}

/// Reused buffers for the text of a candidate.
#[derive(Default, Debug)]
pub(crate) struct Scratch {
    /// The URI: the source with inserted whitespace removed.
    pub text: Vec<u8>,
    /// Pieces of the source that make up `text`: `(text offset, source
    /// start index, source end index)`.
    pub segments: Vec<(usize, usize, usize)>,
    /// Offsets into `text` of hyphens that stood right before a line break.
    pub hyphens: Vec<usize>,
    /// True when the URI goes on in the next string literal (see
    /// [`string_continuation`]).
    pub joined: bool,
    /// True when a bare URI hard-wrapped in mid-word was joined across a
    /// line break (see [`wrap_continuation`]).
    pub wrapped: bool,
    /// True when an ellipsis (`...`, `…`) follows the URI right after
    /// its end, or a `<placeholder>` right after a `[`, `:` or `@`: text
    /// was left out (`urn:ietf:...`, `iscsi://[<username>`).
    pub elided: bool,
    /// True when a URI in `<...>` broken across lines is followed by
    /// `` `_ ``: a reStructuredText embedded URI.
    pub rst_link: bool,
}

impl Scratch {
    fn clear(&mut self) {
        self.text.clear();
        self.segments.clear();
        self.hyphens.clear();
        self.joined = false;
        self.wrapped = false;
        self.elided = false;
        self.rst_link = false;
    }

    /// Puts `prefix` (an implied scheme, RFC 2396 Appendix F) in front of
    /// the text; the segments and hyphens keep pointing at the same bytes.
    pub(crate) fn prepend(&mut self, prefix: &[u8]) {
        let n = prefix.len();
        self.text.splice(0..0, prefix.iter().copied());
        for seg in &mut self.segments {
            seg.0 += n;
        }
        for h in &mut self.hyphens {
            *h += n;
        }
    }

    /// Puts the source bytes `hay[from..to]`, up to their last
    /// non-whitespace byte, in front of the text (the first half of a URI
    /// broken across lines; the whitespace after it is inserted
    /// whitespace, RFC 2396 Appendix E).
    pub(crate) fn prepend_source(&mut self, hay: &[u8], from: usize, to: usize) {
        let mut end = to;
        while end > from && is(hay[end - 1], SPACE) {
            end -= 1;
        }
        self.prepend(&hay[from..end]);
        if let Some(first) = self.segments.first_mut() {
            // The prepended bytes are source bytes: a segment of their own.
            let n = end - from;
            let rest = *first;
            *first = (0, from, end);
            self.segments.insert(1, rest);
            debug_assert_eq!(self.segments[1].0, n);
        }
    }

    fn push(&mut self, hay: &[u8], from: usize, to: usize) {
        if from < to {
            self.segments.push((self.text.len(), from, to));
            self.text.extend_from_slice(&hay[from..to]);
        }
    }
}

/// Where a found URI lies, as indices into the window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Extent {
    /// First byte of the URI (its scheme).
    pub start: usize,
    /// One past its last byte (inserted whitespace inside is included,
    /// whitespace before a closing delimiter is not).
    pub end: usize,
    /// First byte of the delimited form (`<`, `"`, `URL:`), or `start`.
    pub outer_start: usize,
    /// One past the closing delimiter, or `end`.
    pub outer_end: usize,
    /// How it was delimited.
    pub delimiter: Delimiter,
    /// True when a `URL:` prefix stood before it.
    pub url_prefix: bool,
    /// True when it spans more than one line.
    pub broken: bool,
    /// True when a `<` before it was never closed (the URI was then taken
    /// as a bare one).
    pub unclosed: bool,
    /// True for a relative reference in angle brackets (see [`at_angle`]).
    pub relative: bool,
    /// True for an abbreviated URL (RFC 2396 Appendix F, see
    /// `appendix_f`): the text starts with the implied scheme, which the
    /// source does not hold.
    pub abbreviated: bool,
    /// True for `http//host` written without the colon after the scheme
    /// (see `missing_colon`): the text is as written, and not a URI.
    pub missing_colon: bool,
}

/// The answer for one colon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// No URI here; search on after the colon.
    Reject,
    /// The window ended before a decision: read more and ask again.
    NeedMore,
    /// A candidate starts at this index but is longer than `max_len`.
    TooLong {
        /// First byte of the candidate.
        start: usize,
    },
    /// A URI; its text is in the scratch buffers.
    Found(Extent),
}

enum Utf8 {
    Char(char, usize),
    Incomplete,
    Invalid,
}

/// Decodes the UTF-8 character that starts `bytes` (whose first byte is
/// not ASCII).
fn decode_utf8(bytes: &[u8]) -> Utf8 {
    let width = match bytes.first() {
        Some(0xC2..=0xDF) => 2,
        Some(0xE0..=0xEF) => 3,
        Some(0xF0..=0xF4) => 4,
        _ => return Utf8::Invalid,
    };
    if bytes.len() < width {
        // A truncated sequence is only "incomplete" if what is there fits.
        if bytes[1..].iter().all(|&b| (0x80..0xC0).contains(&b)) {
            return Utf8::Incomplete;
        }
        return Utf8::Invalid;
    }
    match std::str::from_utf8(&bytes[..width]) {
        Ok(s) => match s.chars().next() {
            Some(c) => Utf8::Char(c, width),
            None => Utf8::Invalid,
        },
        Err(_) => Utf8::Invalid,
    }
}

/// True for a line-break byte at `i`: LF, or CR not followed by LF.
/// (`hay[i+1]` must be readable or the window must be at EOF.)
fn is_break(hay: &[u8], i: usize) -> bool {
    match hay[i] {
        b'\n' => true,
        b'\r' => hay.get(i + 1) != Some(&b'\n'),
        _ => false,
    }
}

/// A cheap test, inlined into the scanner's search loop, that rejects most
/// colons of ordinary text (`Subject: x`, `10:30`, `color:red`) before
/// [`at_colon`] is called. True means "ask [`at_colon`]"; false means
/// "certainly not a URI here": it is false only where [`at_colon`] would
/// reject, so results do not depend on it.
#[inline(always)]
pub(crate) fn worth_a_look(hay: &[u8], colon: usize, min_start: usize) -> bool {
    // The byte after must be able to start a URI body.
    let next = match hay.get(colon + 1) {
        Some(&b) => b,
        None => return true,
    };
    if colon == 0 {
        return false;
    }
    let before = hay[colon - 1];
    let next_ok = next != b':' && (is(next, URI_TEXT) || next >= 0x80);
    if !(next_ok && is(before, SCHEME)) {
        // `Subject: x`, `10:30 am`: a space, then more on the same line.
        if matches!(next, b' ' | b'\t') && hay.get(colon + 2).is_some_and(|&b| !is(b, SPACE)) {
            return false;
        }
        return (next_ok || is(next, SPACE)) && line_break_at_colon(hay, colon, min_start);
    }
    if next == b'/' {
        return true;
    }
    // Without `//` only a well-known scheme, `<scheme:` or `URL: scheme:`
    // can be a URI.
    let floor = min_start.max(colon.saturating_sub(MAX_SCHEME + 1));
    let s = scheme_run_start(hay, colon, floor);
    let mut t = s;
    while t < colon && matches!(hay[t], b'.' | b'+' | b'-') {
        t += 1;
    }
    if scheme::is_bare_candidate_before(hay, colon, colon - t) {
        return true;
    }
    if s <= min_start {
        return false;
    }
    match hay[s - 1] {
        b'<' => true,
        // `URL:scheme:`, `jar:scheme:`
        b':' => {
            (s >= 4 && hay[s - 4..s - 1].eq_ignore_ascii_case(b"URL"))
                || wrapper_at(hay, s - 1, min_start).is_some()
        }
        b if is(b, SPACE) => opened_before_space(hay, s, min_start),
        _ => false,
    }
}

/// Off the hot path of [`worth_a_look`]: whitespace before a scheme
/// without `//` leaves a URI possible only after `URL:` (`URL: cid:x`),
/// after `<` (`< cid:x>`), or when the whitespace holds a line break after
/// a scheme character (a scheme split inside `<...>`).
#[cold]
#[inline(never)]
fn opened_before_space(hay: &[u8], s: usize, min_start: usize) -> bool {
    let mut q = s;
    while q > min_start && s - q < MAX_PREFIX_SPACE && is(hay[q - 1], SPACE) {
        q -= 1;
    }
    if q <= min_start {
        return false;
    }
    hay[q - 1] == b'<'
        || (q >= 4 && hay[q - 4..q].eq_ignore_ascii_case(b"URL:"))
        || (is(hay[q - 1], SCHEME) && is_line_break_space(hay, q, s))
}

#[cfg(test)]
pub(crate) fn non_scheme_bytes_for_test(x: u64) -> u64 {
    non_scheme_bytes(x)
}

#[cfg(test)]
pub(crate) fn scheme_run_start_for_test(hay: &[u8], end: usize) -> usize {
    scheme_run_start(hay, end, 0)
}

/// True when `hay[from..to]` is whitespace holding a line break.
fn is_line_break_space(hay: &[u8], from: usize, to: usize) -> bool {
    from < to
        && hay[from..to].iter().all(|&b| is(b, SPACE))
        && hay[from..to].iter().any(|&b| b == b'\n' || b == b'\r')
}

/// The start of the run of scheme characters that ends at `end` (at most
/// `MAX_SCHEME + 1` of them, none below `floor`).
///
/// Runs are walked eight bytes at a time: a colon of ordinary text has a
/// word of some ten letters before it, and this test runs for most colons.
#[inline(always)]
fn scheme_run_start(hay: &[u8], end: usize, floor: usize) -> usize {
    let lo = floor.max(end.saturating_sub(MAX_SCHEME + 1)).min(end);
    let mut a = end;
    // Sixteen bytes in one SSE2 classification first: nearly every word
    // before a colon (`color`, `font-size`, `https`) ends there.
    #[cfg(target_arch = "x86_64")]
    if let Some(chunk) = end.checked_sub(16).and_then(|from| hay.get(from..end)) {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(chunk);
        let others = super::lanes::non_scheme(bytes);
        if others != 0 {
            // The highest lane that is not a scheme character ends the run.
            let k = 31 - others.leading_zeros() as usize;
            return (end - 16 + k + 1).max(lo);
        }
        a = end - 16;
        if a <= lo {
            return lo;
        }
    }
    while a >= lo + 8 {
        let mut word = [0u8; 8];
        word.copy_from_slice(&hay[a - 8..a]);
        let others = non_scheme_bytes(u64::from_le_bytes(word));
        if others != 0 {
            // The highest byte that is not a scheme character ends the run.
            let k = (63 - others.leading_zeros() as usize) / 8;
            return a - 8 + k + 1;
        }
        a -= 8;
    }
    a - hay[lo..a]
        .iter()
        .rev()
        .take_while(|&&b| is(b, SCHEME))
        .count()
}

/// For eight bytes packed little-endian: the high bit of each byte that is
/// not a scheme character (`ALPHA DIGIT + - .`), every other bit clear.
#[inline(always)]
fn non_scheme_bytes(x: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    if x & HIGH != 0 {
        // Non-ASCII bytes: decide byte by byte (rare).
        let mut out = 0;
        for (k, b) in x.to_le_bytes().iter().enumerate() {
            if !is(*b, SCHEME) {
                out |= 0x80 << (8 * k);
            }
        }
        return out;
    }
    // With every byte below 0x80 these sums cannot carry into the next
    // byte: the high bit of a byte of `ge(x, n)` is set when it is >= n.
    let ge = |x: u64, n: u8| x + ONES * u64::from(0x80 - n);
    let within = |x: u64, lo: u8, hi: u8| ge(x, lo) & !ge(x, hi + 1) & HIGH;
    let letters = within(x | (ONES * 0x20), b'a', b'z');
    let digits = within(x, b'0', b'9');
    let plus = within(x, b'+', b'+');
    let minus_dot = within(x, b'-', b'.');
    !(letters | digits | plus | minus_dot) & HIGH
}

/// Schemes that wrap another URI, which follows their colon: JDBC's
/// `jdbc:mysql://host/db` (JDBC 4.3 specification, section 9.4), Java's
/// `jar:file:/x.jar!/a` (`java.net.JarURLConnection`) and
/// `view-source:https://example.org/` (IANA provisional registration).
/// The whole is one URI (RFC 3986: the wrapper's scheme, then a rootless
/// path that holds the inner one). Only these: a rule for any word
/// before a URI would take `Note:http://x` for one.
const WRAPPERS: [&[u8]; 3] = [b"jdbc", b"jar", b"view-source"];

/// The start of a wrapper scheme ([`WRAPPERS`], any case) whose `:` is at
/// index `colon`, at a word start and at or after `min_start`.
#[inline]
fn wrapper_at(hay: &[u8], colon: usize, min_start: usize) -> Option<usize> {
    let floor = min_start.max(colon.saturating_sub(16));
    let r = scheme_run_start(hay, colon, floor);
    let name = &hay[r..colon];
    let boundary = r == 0 || !is(hay[r - 1], SCHEME);
    (boundary && WRAPPERS.iter().any(|w| name.eq_ignore_ascii_case(w))).then_some(r)
}

/// The start of the wrappers ([`WRAPPERS`]) right before the scheme that
/// starts at `s` (`jdbc:` before `mysql://`, `jar:` before `file:`; at
/// most three, `jar:jar:file:`), or `s` when there is none.
#[cold]
#[inline(never)]
fn wrapped_start(hay: &[u8], mut s: usize, min_start: usize) -> usize {
    for _ in 0..3 {
        if s <= min_start || hay[s - 1] != b':' {
            break;
        }
        match wrapper_at(hay, s - 1, min_start) {
            Some(r) => s = r,
            None => break,
        }
    }
    s
}

#[cfg(test)]
pub(crate) fn wrapped_start_for_test(hay: &[u8], s: usize) -> usize {
    wrapped_start(hay, s, 0)
}

/// The scheme that ends at `colon`, as `(start, end)`: the run of scheme
/// characters before it without leading `.`, `+`, `-`; at least two
/// characters, the first a letter (so not `C:\`, `a:b`, `10:30`, `::`).
fn plain_scheme(hay: &[u8], colon: usize, min_start: usize) -> Option<usize> {
    let floor = min_start.max(colon.saturating_sub(MAX_SCHEME + 1));
    let mut s = scheme_run_start(hay, colon, floor);
    if colon - s > MAX_SCHEME {
        return None;
    }
    while s < colon && matches!(hay[s], b'.' | b'+' | b'-') {
        s += 1;
    }
    (colon - s >= 2 && is(hay[s], ALPHA)).then_some(s)
}

/// A scheme split by line breaks inside angle brackets: `<ht` / `tp://`,
/// or `<http` / `://`. Walks back from `colon` over runs of scheme
/// characters separated by whitespace holding a line break (at most three
/// runs) and takes them only when the first begins right after a `<`.
/// Returns the index of the first scheme byte and the joined scheme.
fn split_scheme(
    hay: &[u8],
    colon: usize,
    min_start: usize,
) -> Option<(usize, [u8; MAX_SCHEME], usize)> {
    let floor = min_start.max(colon.saturating_sub(2 * MAX_SCHEME + 2 * MAX_PREFIX_SPACE));
    let mut pieces = [(0usize, 0usize); 3];
    let mut n = 0;
    let mut e = colon;
    loop {
        let r = scheme_run_start(hay, e, floor);
        if r < e {
            if n == pieces.len() {
                return None;
            }
            pieces[n] = (r, e);
            n += 1;
        }
        let mut q = r;
        while q > floor && r - q < MAX_PREFIX_SPACE && is(hay[q - 1], SPACE) {
            q -= 1;
        }
        if q == r {
            e = r;
            break;
        }
        if !is_line_break_space(hay, q, r) {
            return None;
        }
        e = q;
    }
    // Needs a break (more than one run, or one run and a break before the
    // colon), and a `<` right before the first run.
    let first = pieces[..n].last()?.0;
    let broke = n > 1 || pieces[0].1 != colon;
    if !broke || e != first || first <= min_start || hay[first - 1] != b'<' {
        return None;
    }
    let mut bytes = [0u8; MAX_SCHEME];
    let mut len = 0;
    for &(from, to) in pieces[..n].iter().rev() {
        for &b in &hay[from..to] {
            *bytes.get_mut(len)? = b;
            len += 1;
        }
    }
    (len >= 2 && is(bytes[0], ALPHA)).then_some((first, bytes, len))
}

/// Off the hot path of [`worth_a_look`]: a line break around the colon,
/// possible only inside angle brackets (`<geo:` / `66.0>`, `<http` /
/// `://`). False for the common `Subject: x`.
#[cold]
#[inline(never)]
fn line_break_at_colon(hay: &[u8], colon: usize, min_start: usize) -> bool {
    let next = hay[colon + 1];
    if is(next, SPACE) {
        let mut j = colon + 1;
        while j < hay.len() && matches!(hay[j], b' ' | b'\t') {
            j += 1;
        }
        if j < hay.len() && !matches!(hay[j], b'\n' | b'\r') {
            return false;
        }
        let s = scheme_run_start(hay, colon, min_start);
        return s > min_start && s < colon && hay[s - 1] == b'<';
    }
    if !is(hay[colon - 1], SPACE) {
        return false;
    }
    let mut q = colon;
    while q > min_start && colon - q < MAX_PREFIX_SPACE && is(hay[q - 1], SPACE) {
        q -= 1;
    }
    is_line_break_space(hay, q, colon)
}

/// Applies Appendix E at the `:` at index `colon` of `w.hay`.
pub(crate) fn at_colon(w: &Window<'_>, colon: usize, sc: &mut Scratch) -> Outcome {
    let hay = w.hay;

    // 1. What follows the colon must start a URI body. Most colons in
    // prose fail here: `Note: x`, `std::io`, `TODO:`. Inside angle
    // brackets a line break may come first (`<geo:` / `66.0,30>`).
    let Some(&next) = hay.get(colon + 1) else {
        return if w.eof {
            Outcome::Reject
        } else {
            Outcome::NeedMore
        };
    };
    let mut body = colon + 1;
    if is(next, SPACE) {
        while body < hay.len() && body - colon <= MAX_PREFIX_SPACE && is(hay[body], SPACE) {
            body += 1;
        }
        if body == hay.len() && !w.eof {
            return Outcome::NeedMore;
        }
        if !is_line_break_space(hay, colon + 1, body) {
            return Outcome::Reject;
        }
    }
    let spaced_body = body > colon + 1;
    let Some(&first) = hay.get(body) else {
        return Outcome::Reject;
    };
    if first == b':' || !(is(first, URI_TEXT) || first >= 0x80) {
        return Outcome::Reject;
    }

    // 2. The scheme: the run before the colon, or one split by line
    // breaks inside angle brackets.
    let hierarchical = match (first, hay.get(body + 1)) {
        (b'/', Some(b'/')) => true,
        (b'/', None) if !w.eof => return Outcome::NeedMore,
        _ => false,
    };
    let plain = plain_scheme(hay, colon, w.min_start);
    // A split scheme is possible only where a line break stands before the
    // colon or before the run.
    // (whitespace holding a line break, after a scheme character)
    let break_before = |i: usize| {
        let mut q = i;
        while q > w.min_start && i - q < MAX_PREFIX_SPACE && is(hay[q - 1], SPACE) {
            q -= 1;
        }
        q > w.min_start && is(hay[q - 1], SCHEME) && is_line_break_space(hay, q, i)
    };
    let maybe_split = match plain {
        Some(s) => break_before(s),
        None => break_before(colon),
    };
    let split_found = if maybe_split {
        split_scheme(hay, colon, w.min_start)
    } else {
        None
    };
    let (s, scheme_len) = match (&split_found, plain) {
        (Some((start, _, len)), _) => (*start, *len),
        (None, Some(s)) => {
            // Inside `<...>` or `"..."` the delimiters say where the URI
            // starts: `<hhttps://x>` is a typo to report, not glued text.
            let delimited = s > 0 && matches!(hay[s - 1], b'<' | b'"');
            let s = if hierarchical && !delimited {
                unglue_web_scheme(hay, s, colon)
            } else {
                s
            };
            (s, colon - s)
        }
        (None, None) => return Outcome::Reject,
    };
    let split = split_found.is_some();
    let scheme_name: &[u8] = match &split_found {
        Some((_, joined, len)) => &joined[..*len],
        None => &hay[s..colon],
    };
    if scheme_name.eq_ignore_ascii_case(b"url") {
        // The `URL:` prefix: the URI after it is handled at its own colon.
        return Outcome::Reject;
    }
    // `jdbc:mysql://host/db`: the URI starts at the wrapper's scheme.
    let (s, wrapper_len) = if !split && s > w.min_start && hay[s - 1] == b':' {
        let start = wrapped_start(hay, s, w.min_start);
        (start, s - start)
    } else {
        (s, 0)
    };
    let wrapped = wrapper_len > 0;
    let known = !hierarchical && scheme::is_bare_candidate(scheme_name);
    if !hierarchical && !known && !split && !wrapped {
        // Only `<scheme:` and `URL: scheme:` can still qualify.
        match hay[..s].last() {
            Some(&b) if s > w.min_start && (b == b'<' || b == b':' || is(b, SPACE)) => {}
            _ => return Outcome::Reject,
        }
    }

    // 3. The context: `URL:` prefix and opening delimiter before the
    // scheme. `open_at` is the index of the opening delimiter.
    let mut outer_start = s;
    let mut url_prefix = false;
    let mut open_at = None;
    if split {
        open_at = Some(s - 1);
    } else {
        let lim = w.min_start.max(s.saturating_sub(MAX_PREFIX_SPACE));
        let mut q = s;
        while q > lim && is(hay[q - 1], SPACE) {
            q -= 1;
        }
        if q >= w.min_start + 4 && hay[q - 4..q].eq_ignore_ascii_case(b"URL:") {
            let p = q - 4;
            // A word of its own (RFC 2396 Appendix E): `URL:` at the
            // start, after white space or an opening bracket or quote;
            // not the end of a longer key (`site_url:`, `base-url:`).
            let boundary = if p == 0 {
                w.bof
            } else {
                let b = hay[p - 1];
                b.is_ascii_whitespace()
                    || matches!(
                        b,
                        b'<' | b'(' | b'[' | b'{' | b'"' | b'\'' | b'*' | b'>' | b'|'
                    )
            };
            if boundary {
                url_prefix = true;
                outer_start = p;
            }
        }
        if outer_start > w.min_start {
            open_at = Some(outer_start - 1);
        }
        if !url_prefix && q < s && q > w.min_start && hay[q - 1] == b'<' {
            // `< http://a/b >`: whitespace after the `<`.
            open_at = Some(q - 1);
        }
    }
    let opener = open_at.map(|i| hay[i]);
    // Directly after its `<` (or `<URL:`), or with space in between.
    let tight = open_at.is_some_and(|i| i + 1 == outer_start) || split;
    if (spaced_body || split) && opener != Some(b'<') {
        return Outcome::Reject;
    }

    // Which schemes count depends on the context: in bare text and in
    // quotes only `scheme://` and the well-known schemes without `//`;
    // after `URL:` any scheme; in angle brackets any registered scheme
    // (so that `<xs:element>` and `<stream:error>`, XML names, are not
    // taken for URIs).
    // After a wrapper, any registered scheme (`jar:file:/x.jar!/a`).
    let eligible = hierarchical
        || known
        || url_prefix
        || ((opener == Some(b'<') || wrapped) && scheme::iana::lookup(scheme_name).is_some());
    if !eligible {
        return Outcome::Reject;
    }

    let extent = match (opener, open_at) {
        (Some(close @ (b'<' | b'"')), Some(open)) => {
            let angle = close == b'<';
            let closer = if angle { b'>' } else { b'"' };
            let mut found = delimited(w, s, closer, angle, sc);
            if !angle && matches!(found, Delimited::Closed { .. }) && macro_text(&sc.text) {
                // `"https://github.com[]"`: AsciiDoc's link macro quoted
                // (in a code comment); the quotes hold more than a URI,
                // which ends at the `[` as a bare one does.
                found = Delimited::Abort;
            }
            match found {
                Delimited::Closed {
                    end,
                    close_at,
                    broken,
                } => Extent {
                    start: s,
                    end,
                    outer_start: open,
                    outer_end: close_at + 1,
                    delimiter: if angle {
                        Delimiter::Angle
                    } else {
                        Delimiter::Quote
                    },
                    url_prefix,
                    broken: broken || split || spaced_body,
                    unclosed: false,
                    relative: false,
                    abbreviated: false,
                    missing_colon: false,
                },
                Delimited::NeedMore => return Outcome::NeedMore,
                Delimited::TooLong => return Outcome::TooLong { start: s },
                Delimited::Abort => {
                    // Not a delimited URI after all: take it as bare, and
                    // say so when a `<` right before it was left open. A
                    // registered scheme counts only in brackets, and a
                    // line break inside the scheme or after its colon only
                    // there.
                    if !(hierarchical || known || url_prefix || wrapped) || split || spaced_body {
                        return Outcome::Reject;
                    }
                    match bare(w, s, None, sc) {
                        Bare::Found { end, broken, .. } => Extent {
                            start: s,
                            end,
                            outer_start: if url_prefix { outer_start } else { s },
                            outer_end: end,
                            delimiter: if url_prefix {
                                Delimiter::UrlPrefix
                            } else {
                                Delimiter::Bare
                            },
                            url_prefix,
                            broken,
                            unclosed: angle && tight,
                            relative: false,
                            abbreviated: false,
                            missing_colon: false,
                        },
                        Bare::NeedMore => return Outcome::NeedMore,
                        Bare::TooLong => return Outcome::TooLong { start: s },
                    }
                }
            }
        }
        _ => {
            let quote = match opener {
                Some(q @ (b'\'' | b'`')) if tight => Some(q),
                _ => None,
            };
            match bare(w, s, quote, sc) {
                Bare::Found {
                    end,
                    broken,
                    closed,
                } => {
                    let delimiter = if closed {
                        Delimiter::Quote
                    } else if url_prefix {
                        Delimiter::UrlPrefix
                    } else {
                        Delimiter::Bare
                    };
                    Extent {
                        start: s,
                        end,
                        outer_start: match open_at {
                            Some(open) if closed => open,
                            _ if url_prefix => outer_start,
                            _ => s,
                        },
                        outer_end: if closed { end + 1 } else { end },
                        delimiter,
                        url_prefix,
                        broken,
                        unclosed: false,
                        relative: false,
                        abbreviated: false,
                        missing_colon: false,
                    }
                }
                Bare::NeedMore => return Outcome::NeedMore,
                Bare::TooLong => return Outcome::TooLong { start: s },
            }
        }
    };

    // 4. What follows the colon must not be empty (`http://.` less its
    // full stop), and a scheme without `//` that is not well known counts
    // only when the text is a valid URI (`<cid:a@b>` yes, `<cid:a b>` no).
    // (Trailing punctuation may have taken the colon itself: `ab:.`.)
    let prefix_len = wrapper_len + scheme_len + 1;
    let body_len = sc.text.len().saturating_sub(prefix_len);
    if body_len == 0 || (hierarchical && body_len <= 2) {
        return Outcome::Reject;
    }
    if !hierarchical && !known {
        let valid = std::str::from_utf8(&sc.text)
            .map(|t| grammar::parse(t, Grammar::Rfc3986).is_valid())
            .unwrap_or(false);
        if !valid {
            return Outcome::Reject;
        }
    }
    if !hierarchical
        && extent.delimiter != Delimiter::Angle
        && !scheme::bare_shape_ok(scheme_name, sc.text.get(prefix_len..).unwrap_or_default())
    {
        return Outcome::Reject;
    }
    Outcome::Found(extent)
}

/// Applies Appendix E at the `<` at index `lt` for a relative reference
/// (RFC 3986 section 4.2), as `extract --base` needs: `<../g>`,
/// `<foo.html#x>`. The text up to the closing `>`, with whitespace removed,
/// is taken when it is a valid relative reference that looks like one (it
/// holds a `/`, `.`, `?` or `#`, so `<article-number>` is not taken; or it
/// is the whole of a value that is one reference, [`Window::whole_value`])
/// and not
/// like a mail address or Message-ID (an `@` without a `/`). Whitespace is
/// removed only where it holds a line break. Text with a scheme is left to
/// [`at_colon`].
pub(crate) fn at_angle(w: &Window<'_>, lt: usize, sc: &mut Scratch) -> Outcome {
    let hay = w.hay;
    let s = lt + 1;
    let Some(&first) = hay.get(s) else {
        return if w.eof {
            Outcome::Reject
        } else {
            Outcome::NeedMore
        };
    };
    if !(is(first, URI_TEXT) || first >= 0x80) {
        return Outcome::Reject;
    }
    // Only line-break whitespace inside, as in quotes: `<a b.c>` is prose.
    let (end, close_at, broken) = match delimited(w, s, b'>', false, sc) {
        Delimited::Closed {
            end,
            close_at,
            broken,
        } => (end, close_at, broken),
        Delimited::NeedMore => return Outcome::NeedMore,
        Delimited::TooLong => return Outcome::TooLong { start: s },
        Delimited::Abort => return Outcome::Reject,
    };
    let text = &sc.text;
    let first_delim = text
        .iter()
        .find(|&&b| matches!(b, b':' | b'/' | b'?' | b'#'));
    // A link destination or `href` that is the whole value names a
    // file whatever it looks like (`[MIT](LICENSE)`, issue 46).
    let whole = w.whole_value && lt == 0 && close_at + 1 == hay.len() && w.eof;
    let marked = whole || text.iter().any(|&b| matches!(b, b'/' | b'.' | b'?' | b'#'));
    let address = text.contains(&b'@') && !text.contains(&b'/');
    if first_delim == Some(&b':') || !marked || address {
        return Outcome::Reject;
    }
    // A whole value with a stray `[` or `]` (`x.md#what-is-a-universee]`
    // in a reference definition, rust-lang/rustc-dev-guide) is still the
    // link's destination: a browser requests it as written, and it is
    // broken; taken, so that the link is checked.
    let valid = std::str::from_utf8(text).is_ok_and(|t| {
        reference_as_written(t)
            || (whole
                && t.contains(['[', ']'])
                && reference_as_written(&t.replace('[', "%5B").replace(']', "%5D")))
    });
    if !valid {
        return Outcome::Reject;
    }
    Outcome::Found(Extent {
        start: s,
        end,
        outer_start: lt,
        outer_end: close_at + 1,
        delimiter: Delimiter::Angle,
        url_prefix: false,
        broken,
        unclosed: false,
        relative: true,
        abbreviated: false,
        missing_colon: false,
    })
}

/// The whole of `<value>` (all of `hay`, from its first byte, `<`, to its
/// last, `>`) as one URI: the value of an HTML attribute whose value is
/// one URL ([`crate::scan::ScanOptions::whole_reference`]), which a
/// browser reads whole, `<`, `>` and all (WHATWG URL Standard: `<` and `>`
/// are percent-encoded in a special URL's path and kept as they are in an
/// opaque path such as `mailto:<user@host>`). Taken only where the
/// delimiting rules cannot (the value holds a `<`, `>` or `"`) and the value
/// starts with a scheme other than `javascript` or `vbscript` (a script,
/// in which URIs are found as in text); `None` otherwise. Tabs and line
/// breaks, which a URL parser removes, are left out of the text.
pub(crate) fn whole_reference(hay: &[u8], max_len: usize, sc: &mut Scratch) -> Option<Extent> {
    let (&b'<', rest) = hay.split_first()? else {
        return None;
    };
    let (&b'>', value) = rest.split_last()? else {
        return None;
    };
    if value.len() > max_len || !value.iter().any(|&b| matches!(b, b'<' | b'>' | b'"')) {
        return None;
    }
    let scheme = scheme_of(value)?;
    if scheme.eq_ignore_ascii_case(b"javascript")
        || scheme.eq_ignore_ascii_case(b"vbscript")
        || std::str::from_utf8(value).is_err()
    {
        return None;
    }
    sc.clear();
    let end = hay.len() - 1;
    let mut run = 1;
    for (i, &b) in value.iter().enumerate() {
        if matches!(b, b'\t' | b'\n' | b'\r') {
            sc.push(hay, run, i + 1);
            run = i + 2;
        }
    }
    sc.push(hay, run, end);
    Some(Extent {
        start: 1,
        end,
        outer_start: 0,
        outer_end: hay.len(),
        delimiter: Delimiter::Angle,
        url_prefix: false,
        broken: value.iter().any(|&b| b == b'\n' || b == b'\r'),
        unclosed: false,
        relative: false,
        abbreviated: false,
        missing_colon: false,
    })
}

/// The scheme `value` starts with (RFC 3986 section 3.1: a letter, then
/// letters, digits, `+`, `-`, `.`, up to a `:`); `None` for a relative
/// reference.
pub(crate) fn scheme_of(value: &[u8]) -> Option<&[u8]> {
    let colon = memchr::memchr(b':', value)?;
    let scheme = &value[..colon];
    let well_formed = scheme.first().is_some_and(u8::is_ascii_alphabetic)
        && scheme
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    well_formed.then_some(scheme)
}

/// True when `t`, the text of `<...>`, is a relative reference as
/// documents write them: valid by RFC 3986, or by RFC 3987 (an
/// IRI-reference: `./ガイド.md`, `#日本語`, which browsers percent-encode),
/// or so once each `#` after the first is read as `%23` (`x.md##anchor`:
/// a browser takes the fragment `#anchor`, `#` and all, as the WHATWG URL
/// parser does, so a link checker must see it).
fn reference_as_written(t: &str) -> bool {
    if grammar::parse(t, Grammar::Rfc3986).is_valid()
        || grammar::parse(t, Grammar::Rfc3987).is_valid()
    {
        return true;
    }
    match t.split_once('#') {
        Some((before, fragment)) if fragment.contains('#') => {
            let t = format!("{before}#{}", fragment.replace('#', "%23"));
            grammar::parse(&t, Grammar::Rfc3986).is_valid()
                || grammar::parse(&t, Grammar::Rfc3987).is_valid()
        }
        _ => false,
    }
}

/// Text glued to the front of a web URI (`lookhttp://`, `=A0https://`,
/// `example.comhttp://`, from HTML-to-text conversion and encodings): when
/// the scheme run before `://` is not a registered scheme but ends in
/// `http` or `https` after a letter, digit or `.`, the URI starts at that
/// suffix. Compound schemes such as `git+https` are left alone. Returns the
/// new start of the scheme.
fn unglue_web_scheme(hay: &[u8], s: usize, colon: usize) -> usize {
    let run = &hay[s..colon];
    for suffix in [&b"https"[..], b"http"] {
        let n = suffix.len();
        if run.len() > n && run[run.len() - n..].eq_ignore_ascii_case(suffix) {
            let before = run[run.len() - n - 1];
            if (before.is_ascii_alphanumeric() || before == b'.')
                && scheme::iana::lookup(run).is_none()
            {
                return colon - n;
            }
        }
    }
    s
}

pub(crate) enum Delimited {
    Closed {
        end: usize,
        close_at: usize,
        broken: bool,
    },
    Abort,
    NeedMore,
    TooLong,
}

/// The extent of a URI that starts at `s` inside `<...>` (`angle`) or
/// `"..."`: up to `close`, with whitespace removed. Inside quotes only
/// whitespace that holds a line break is removed; other whitespace means the
/// quoted text is not a URI (abort). A blank line, `<`, `>` or `"` that is
/// not the closer, a control character, non-ASCII whitespace or invalid
/// UTF-8 also abort.
pub(crate) fn delimited(
    w: &Window<'_>,
    s: usize,
    close: u8,
    angle: bool,
    sc: &mut Scratch,
) -> Delimited {
    let hay = w.hay;
    sc.clear();
    let mut j = s;
    let mut seg = s;
    let mut broken = false;
    // A line break met, with the offset into the text of a hyphen right
    // before it: it breaks the URI only when URI text follows it, not when
    // the closing delimiter alone stands on the next line.
    let mut pending: Option<Option<usize>> = None;
    let limit = hay.len().min(s + w.max_len + 1);
    loop {
        j = super::lanes::run_end::<false>(hay, j, limit);
        if j - s > w.max_len {
            return Delimited::TooLong;
        }
        if j > seg {
            if let Some(hyphen) = pending.take() {
                broken = true;
                sc.hyphens.extend(hyphen);
            }
        }
        let Some(&b) = hay.get(j) else {
            return if w.eof {
                Delimited::Abort
            } else {
                Delimited::NeedMore
            };
        };
        // In a string literal of JSON, JavaScript, Python and the like,
        // `\"` is the quote (`"<a href=\"https://x/\">"`): the URI ends
        // before the backslash.
        // (Or `\\\"` and longer runs, a string escaped twice: JSON in a
        // JavaScript string, as mdBook's search index holds it.)
        let escaped_close = b == b'\\' && !angle && close == b'"';
        let run_end = if escaped_close {
            hay[j..].iter().position(|&c| c != b'\\').map(|n| j + n)
        } else {
            None
        };
        if escaped_close && run_end.is_none() && !w.eof {
            return Delimited::NeedMore;
        }
        let escaped_close = escaped_close && run_end.is_some_and(|e| hay[e] == close);
        // The quote that closes a quoted URI, or a `"` inside `<...>`,
        // may end a string literal that the next one continues:
        // `"https://www.sphinx-"` + line break + `"doc.org/"`, and
        // `"... <https://github.com/sphinx-"` + line break +
        // `"doc/sphinx/issues>..."` (gettext catalogues).
        if (b == close && !angle) || (b == b'"' && angle) {
            match string_continuation(w, j, b) {
                Continued::NeedMore => return Delimited::NeedMore,
                Continued::At(next) => {
                    sc.push(hay, seg, j);
                    sc.joined = true;
                    broken = true;
                    pending = None;
                    seg = next;
                    j = next;
                    continue;
                }
                Continued::No => {}
            }
        }
        if b == close || escaped_close {
            if angle && b == close && broken {
                // `` `text <https://a/`` + line break + ``b>`_ ``: a
                // reStructuredText embedded URI (in a docstring, a `.txt`
                // document), whose whitespace docutils removes.
                match (hay.get(j + 1), hay.get(j + 2)) {
                    (Some(&b'`'), Some(&b'_')) => sc.rst_link = true,
                    (None, _) | (Some(&b'`'), None) if !w.eof => return Delimited::NeedMore,
                    _ => {}
                }
            }
            sc.push(hay, seg, j);
            let end = sc.segments.last().map_or(s, |&(_, _, e)| e);
            return Delimited::Closed {
                end,
                close_at: if b == close { j } else { run_end.unwrap_or(j) },
                broken,
            };
        }
        if b < 0x80 {
            if is(b, URI_TEXT) || matches!(b, b'{' | b'}' | b'|' | b'\\' | b'^' | b'`') {
                j += 1;
                continue;
            }
            if b == b' ' && angle && w.keep_spaces {
                // A whole attribute value or link destination: its spaces
                // are the author's (HTML and CommonMark keep them).
                j += 1;
                continue;
            }
            if is(b, SPACE) {
                let run = j;
                if run > seg && hay[run - 1] == b'\'' {
                    // `"urn:x:'` + line break + `'y"`: a string literal of
                    // single quotes inside the delimited text goes on.
                    match string_continuation(w, run - 1, b'\'') {
                        Continued::NeedMore => return Delimited::NeedMore,
                        Continued::At(next) => {
                            sc.push(hay, seg, run - 1);
                            sc.joined = true;
                            broken = true;
                            seg = next;
                            j = next;
                            continue;
                        }
                        Continued::No => {}
                    }
                }
                let Some((after, breaks)) = space_run(w, j) else {
                    return Delimited::NeedMore;
                };
                j = after;
                if breaks >= 2 || (breaks == 0 && !angle) {
                    return Delimited::Abort;
                }
                if breaks == 1 && memchr::memchr(b':', &hay[s..run]).is_some() {
                    // After a scheme, the next line starting with
                    // `scheme://` starts another URI (two in one quoted
                    // CSV field), not the rest of this one (`<ht` + line
                    // break + `tp://...>` is one scheme split).
                    match new_uri_at(hay, j, w.eof) {
                        Some(true) => return Delimited::Abort,
                        Some(false) => {}
                        None => return Delimited::NeedMore,
                    }
                }
                sc.push(hay, seg, run);
                if breaks == 1 {
                    let hyphen = (run > s && hay[run - 1] == b'-' && !sc.text.is_empty())
                        .then(|| sc.text.len() - 1);
                    pending = Some(hyphen);
                }
                seg = j;
                continue;
            }
            return Delimited::Abort;
        }
        match decode_utf8(&hay[j..]) {
            Utf8::Char(c, n) if !c.is_whitespace() && !c.is_control() => j += n,
            Utf8::Incomplete if !w.eof => return Delimited::NeedMore,
            _ => return Delimited::Abort,
        }
    }
}

/// Whether `hay[at..]` starts with a scheme and `://` (RFC 3986 section
/// 3.1: a letter, then letters, digits, `+`, `-`, `.`; at most 32 bytes):
/// `Some(true)` or `Some(false)`, `None` when the input read so far ends
/// before that is known (and more is to come).
fn new_uri_at(hay: &[u8], at: usize, eof: bool) -> Option<bool> {
    let rest = &hay[at.min(hay.len())..];
    if !rest.first().is_some_and(u8::is_ascii_alphabetic) {
        return if rest.is_empty() && !eof {
            None
        } else {
            Some(false)
        };
    }
    let n = rest
        .iter()
        .take(32)
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        .count();
    let tail = &rest[n..];
    if tail.len() < 3 && n == rest.len() && !eof {
        return None;
    }
    if tail.len() < 3 && tail.iter().zip(b"://").all(|(a, b)| a == b) && !eof {
        return None;
    }
    Some(tail.starts_with(b"://"))
}

pub(crate) enum Bare {
    Found {
        end: usize,
        broken: bool,
        closed: bool,
    },
    NeedMore,
    TooLong,
}

/// The extent of a bare URI that starts at `s`: URI characters and
/// non-ASCII letters, up to whitespace, an excluded character, an
/// unbalanced `)` or `]`, or the matching `quote`; then without trailing
/// punctuation (unless closed by the quote). A hyphen right before a line
/// break continues the URI on the next line when that line goes on with a
/// letter or digit.
pub(crate) fn bare(w: &Window<'_>, s: usize, quote: Option<u8>, sc: &mut Scratch) -> Bare {
    let hay = w.hay;
    sc.clear();
    let mut j = s;
    let mut seg = s;
    let mut parens = 0usize;
    let mut brackets = 0usize;
    let mut closed = false;
    let mut broken = false;
    let limit = hay.len().min(s + w.max_len + 1);
    loop {
        // Most bytes of a URI need no decision: skip them in a tight loop.
        j = super::lanes::run_end::<true>(hay, j, limit);
        if j - s > w.max_len {
            return Bare::TooLong;
        }
        let Some(&b) = hay.get(j) else {
            if !w.eof {
                return Bare::NeedMore;
            }
            break;
        };
        if b < 0x80 {
            // The string literal the URI is in goes on in the next one
            // (`'https://a.example/x-'` + line break + `'y'`; gettext's
            // `"...https://www.sphinx-"` + line break + `"doc.org/..."`).
            let quote_at = if Some(b) == quote || b == b'"' {
                Some(j)
            } else if is(b, SPACE) && j > seg && hay[j - 1] == b'\'' && quote.is_none() {
                Some(j - 1)
            } else {
                None
            };
            if let Some(at) = quote_at {
                match string_continuation(w, at, hay[at]) {
                    Continued::NeedMore => return Bare::NeedMore,
                    Continued::At(next) => {
                        sc.push(hay, seg, at);
                        sc.joined = true;
                        broken = true;
                        seg = next;
                        j = next;
                        continue;
                    }
                    Continued::No => {}
                }
            }
            if Some(b) == quote {
                closed = true;
                break;
            }
            if !is(b, URI_TEXT) {
                if is(b, SPACE) && j > seg && hay[j - 1] == b'-' {
                    match hyphen_continuation(w, j) {
                        Continuation::NeedMore => return Bare::NeedMore,
                        Continuation::At(next) => {
                            sc.push(hay, seg, j);
                            sc.hyphens.push(sc.text.len() - 1);
                            broken = true;
                            seg = next;
                            j = next;
                            continue;
                        }
                        Continuation::No => {}
                    }
                }
                if w.join_wrapped && is(b, SPACE) && j > seg {
                    match wrap_continuation(w, seg, j) {
                        Continuation::NeedMore => return Bare::NeedMore,
                        Continuation::At(next) => {
                            sc.push(hay, seg, j);
                            sc.wrapped = true;
                            broken = true;
                            seg = next;
                            j = next;
                            continue;
                        }
                        Continuation::No => {}
                    }
                }
                if b == b'{' {
                    // A template expression (`http://${host}:${port}/`,
                    // `https://x/{id}`, `{{ url }}`): taken whole, so that
                    // the candidate is seen to be a template.
                    match template_expression_end(w, j) {
                        None => return Bare::NeedMore,
                        Some(Some(end)) => {
                            j = end;
                            continue;
                        }
                        Some(None) => {}
                    }
                }
                break;
            }
            if matches!(b, b',' | b';' | b'(' | b'[') {
                // `url,url` and `url[url]` (texinfo's `@uref{url,url}`,
                // Markdown written as `[url](url)` in plain text): a
                // second URI that starts right after ends the first.
                match uri_starts_at(w, j + 1) {
                    None => return Bare::NeedMore,
                    Some(true) => break,
                    Some(false) => {}
                }
            }
            if b == b'[' && bracket_ends_authority(&hay[seg..j]) {
                // `https://example.org[text]`: a `[` right after a host is
                // not an IP-literal and cannot start a path or query: an
                // AsciiDoc macro's text (also quoted in code comments).
                break;
            }
            match b {
                b'(' => parens += 1,
                b'[' => brackets += 1,
                b')' if parens == 0 => break,
                b')' => parens -= 1,
                b']' if brackets == 0 => break,
                b']' => brackets -= 1,
                _ => {}
            }
            j += 1;
        } else {
            match decode_utf8(&hay[j..]) {
                Utf8::Char(c, n) if c.is_alphanumeric() => j += n,
                Utf8::Incomplete if !w.eof => return Bare::NeedMore,
                _ => break,
            }
        }
    }
    let mut end = j;
    if !closed {
        while end > seg && TRAILING.contains(&hay[end - 1]) {
            end -= 1;
        }
        // `urn:ietf:...`, `https://example.org/…`: the rest was left out;
        // `iscsi://[<username>...`, `ldap://host:<port>`: a placeholder in
        // the authority goes on.
        // (Only after a delimiter: `see http://a.example/x...` ends a
        // sentence with an ellipsis.)
        let stripped = &hay[end..j];
        let ellipsis = stripped.windows(3).any(|w| w == b"...")
            || (stripped.iter().all(|&b| b == b'.' || b == b':')
                && hay[j..].starts_with("\u{2026}".as_bytes()));
        let after_delimiter = stripped.first() == Some(&b':') || b"/?#=&@[".contains(&hay[end - 1]);
        if end == j
            && hay.get(j) == Some(&b'<')
            && hay[end - 1] == b'-'
            && hay.len() <= j + 1
            && !w.eof
        {
            return Bare::NeedMore;
        }
        // A host label cut at a hyphen by a placeholder
        // (`https://deploy-preview-<PR-NUMBER>--site.netlify.app/`,
        // redpanda-data/docs' pull request template) goes on too.
        sc.elided = (ellipsis && after_delimiter)
            || (end == j
                && hay.get(j) == Some(&b'<')
                && (matches!(hay[end - 1], b'[' | b':' | b'@')
                    || (hay[end - 1] == b'-'
                        && hay.get(j + 1).is_some_and(u8::is_ascii_alphabetic))));
    }
    sc.push(hay, seg, end);
    Bare::Found {
        end,
        broken,
        closed,
    }
}

/// True when `so_far` (a bare URI candidate up to a `[`) is
/// True when `text` (the inside of quotes) is a URI's authority followed
/// by bracketed text to its end, `https://github.com[GitHub]`: an AsciiDoc
/// link macro, whose URI ends at the `[` ([`bracket_ends_authority`]).
fn macro_text(text: &[u8]) -> bool {
    text.ends_with(b"]")
        && memchr::memchr(b'[', text).is_some_and(|i| bracket_ends_authority(&text[..i]))
}

/// `scheme://authority` with a non-empty authority and nothing after it:
/// a `[` there cannot be part of the URI (RFC 3986 section 3.2.2 allows
/// `[` only to open an IP-literal, right after `//` or `@`).
fn bracket_ends_authority(so_far: &[u8]) -> bool {
    let Some(slashes) = memchr::memmem::find(so_far, b"://") else {
        return false;
    };
    let authority = &so_far[slashes + 3..];
    !authority.is_empty()
        && !authority.ends_with(b"@")
        && !authority
            .iter()
            .any(|&b| matches!(b, b'/' | b'?' | b'#' | b'[' | b']'))
}

/// At a `{` at index `j`: the index just past the `}` that closes it when
/// `{...}` is a template expression on one line, at most 64 bytes, with
/// no whitespace inside (`{{ ... }}` may have spaces inside its doubled
/// braces) and whole UTF-8 characters only, or `Some(None)` when it is
/// not one; `None` when the window ends first.
fn template_expression_end(w: &Window<'_>, j: usize) -> Option<Option<usize>> {
    let hay = w.hay;
    let double = match hay.get(j + 1) {
        None => return if w.eof { Some(None) } else { None },
        Some(&b) => b == b'{',
    };
    let limit = j + 64;
    let mut k = j + 1 + usize::from(double);
    loop {
        let Some(&b) = hay.get(k) else {
            return if w.eof { Some(None) } else { None };
        };
        if k > limit || b == b'\n' || b == b'\r' || b == b'{' || matches!(b, b'<' | b'>' | b'"') {
            return Some(None);
        }
        if b == b'}' {
            if !double {
                return Some(Some(k + 1));
            }
            return match hay.get(k + 1) {
                Some(b'}') => Some(Some(k + 2)),
                Some(_) => Some(None),
                None if w.eof => Some(None),
                None => None,
            };
        }
        if is(b, SPACE) && !double {
            return Some(None);
        }
        if b >= 0x80 {
            // Whole UTF-8 characters only: a URI's text is a string
            // (`{x` + a lone 0xC4 + `}` is no template, and no URI).
            match decode_utf8(&hay[k..]) {
                Utf8::Char(_, n) => k += n,
                Utf8::Incomplete if !w.eof => return None,
                _ => return Some(None),
            }
            continue;
        }
        k += 1;
    }
}

/// Whether `scheme://` (a letter, then up to 15 scheme characters) starts
/// at index `i`; `None` when the window ends before that is known.
fn uri_starts_at(w: &Window<'_>, i: usize) -> Option<bool> {
    let hay = w.hay;
    let mut k = i;
    while k < hay.len() && k - i <= 16 && is(hay[k], SCHEME) {
        k += 1;
    }
    let rest = &hay[k.min(hay.len())..];
    if k == hay.len() || (rest.len() < 3 && b"://".starts_with(rest)) {
        return if w.eof { Some(false) } else { None };
    }
    let scheme = k > i && k - i <= 16 && hay[i].is_ascii_alphabetic();
    Some(scheme && rest.starts_with(b"://"))
}

/// Whether a URI goes on in the next string literal.
pub(crate) enum Continued {
    /// It goes on at this index (the first byte inside the next literal).
    At(usize),
    /// It does not.
    No,
    /// The window ended first: read more and ask again.
    NeedMore,
}

/// At a quote `q` (`"` or `'`) at index `j` that ends a string literal:
/// when only spaces, exactly one line break and spaces follow, then the
/// same quote and URI text that does not start a URI of its own, the
/// string goes on in that literal (C, C++, Python and gettext PO files
/// concatenate adjacent string literals: `"https://www.sphinx-"` +
/// line break + `"doc.org/en/"`), and the index of its first byte is
/// returned. Not across a blank line, not when a new `scheme://` starts
/// the next literal (a list of URIs, one a line), and only when the next
/// literal closes on its line before its end, `)`, `]`, `}`, `;`, `,` or
/// `>` (a table of quoted strings, `"g"  =  "http://a/b/c/g"`, is not
/// one string).
fn string_continuation(w: &Window<'_>, j: usize, q: u8) -> Continued {
    let hay = w.hay;
    let Some((after, breaks)) = space_run(w, j + 1) else {
        return Continued::NeedMore;
    };
    if breaks != 1 {
        return Continued::No;
    }
    match hay.get(after) {
        None if w.eof => return Continued::No,
        None => return Continued::NeedMore,
        Some(&b) if b != q => return Continued::No,
        Some(_) => {}
    }
    let next = after + 1;
    match hay.get(next) {
        None if w.eof => return Continued::No,
        None => return Continued::NeedMore,
        Some(&b) if b == q || !is(b, URI_TEXT) => return Continued::No,
        Some(_) => {}
    }
    match uri_starts_at(w, next) {
        None => return Continued::NeedMore,
        Some(true) => return Continued::No,
        Some(false) => {}
    }
    // Nor `mailto:` or another known scheme without `//`: a list of
    // addresses (RFC 7489's `"mailto:a@x,"` + line break + `"mailto:b@y"`).
    let mut k = next;
    while k < hay.len() && k - next <= MAX_SCHEME && is(hay[k], SCHEME) {
        k += 1;
    }
    match hay.get(k) {
        None if !w.eof && k - next <= MAX_SCHEME => return Continued::NeedMore,
        Some(b':')
            if k > next
                && (scheme::is_bare_candidate(&hay[next..k])
                    || scheme::iana::lookup(&hay[next..k]).is_some()) =>
        {
            return Continued::No;
        }
        _ => {}
    }
    // The next literal must close on its line and end a statement or an
    // argument there (`"doc.org/..."` at the line end, `'y')`, `"z";`):
    // in a table of strings (`"./g"   =  "http://a/b/c/g"`, RFC 3986
    // section 5.4.1), the string on the next line is a new one.
    let limit = next + CONTINUATION_LOOKAHEAD;
    let mut k = next;
    loop {
        let Some(&b) = hay.get(k) else {
            return if w.eof {
                Continued::No
            } else {
                Continued::NeedMore
            };
        };
        if k >= limit || b == b'\n' || b == b'\r' {
            return Continued::No;
        }
        if b == b'\\' {
            k += 2;
            continue;
        }
        if b == q {
            break;
        }
        k += 1;
    }
    let mut k = k + 1;
    while hay.get(k).is_some_and(|&b| b == b' ' || b == b'\t') {
        k += 1;
    }
    match hay.get(k) {
        None if w.eof => Continued::At(next),
        None => Continued::NeedMore,
        Some(b'\n' | b'\r' | b')' | b']' | b'}' | b';' | b',' | b'>') => Continued::At(next),
        Some(_) => Continued::No,
    }
}

/// How far [`string_continuation`] looks for the end of the next string
/// literal, in bytes: a catalogue line or a source line, not a minified
/// file's.
const CONTINUATION_LOOKAHEAD: usize = 4096;

/// Whether a URI goes on after a hyphen and a line break.
pub(crate) enum Continuation {
    /// It goes on at this index.
    At(usize),
    /// It does not.
    No,
    /// The window ended first: read more and ask again.
    NeedMore,
}

/// After a hyphen at `j - 1` and whitespace at `j`: when the whitespace
/// holds exactly one line break and the next line goes on with an ASCII
/// letter or digit, the index of that character. The scanner also asks
/// this when it skips a too-long candidate, so that a run of
/// hyphen-broken lines is skipped whole, as [`bare`] would have read it.
///
/// On a line of a program's comment ([`comment_prefix`]: `// `, `# `,
/// `-- `, `; ` after indentation) the URI goes on only on a next line
/// that repeats the same prefix, right after it: `// see https://a-` then
/// `// b`; the next line of code after a comment is not the rest of its
/// URI (issue 46: kubernetes-sigs/kind's `// xref:` comment whose URL
/// ends in `-`, followed by Go code).
pub(crate) fn hyphen_continuation(w: &Window<'_>, j: usize) -> Continuation {
    let hay = w.hay;
    let Some((k, breaks)) = space_run(w, j) else {
        return Continuation::NeedMore;
    };
    if breaks != 1 {
        return Continuation::No;
    }
    // The start of the hyphen's line, looked for as [`wrap_continuation`]
    // does (at most `4 * MAX_WRAP_WIDTH` bytes back).
    let floor = j.saturating_sub(4 * MAX_WRAP_WIDTH);
    let line_start = match memchr::memrchr2(b'\n', b'\r', &hay[floor..j]) {
        Some(p) => Some(floor + p + 1),
        None if floor == 0 && w.bof => Some(0),
        None => None,
    };
    let prefix = line_start.and_then(|s| {
        let n = comment_prefix(&hay[s..j])?;
        Some(&hay[s..s + n])
    });
    let Some(prefix) = prefix else {
        return match hay.get(k) {
            Some(b) if b.is_ascii_alphanumeric() => Continuation::At(k),
            _ => Continuation::No,
        };
    };
    // The next line starts after the break in `j..k`.
    let Some(brk) = memchr::memrchr2(b'\n', b'\r', &hay[j..k]) else {
        return Continuation::No;
    };
    let next = j + brk + 1;
    let have = hay.len().min(next + prefix.len());
    if hay[next..have] != prefix[..have - next] {
        return Continuation::No;
    }
    match hay.get(next + prefix.len()) {
        None if !w.eof => Continuation::NeedMore,
        Some(b) if b.is_ascii_alphanumeric() => Continuation::At(next + prefix.len()),
        _ => Continuation::No,
    }
}

/// The length of the comment prefix `line` starts with: indentation
/// (spaces, tabs), a comment marker of a program (`//`, `///`, `//!`,
/// `#`, `--`, `;`, `;;`) and the spaces or tabs after it, which must be
/// at least one; `None` when the line is no such comment. (`*`, a block
/// comment's margin, is not one: it is also a Markdown list's bullet.)
fn comment_prefix(line: &[u8]) -> Option<usize> {
    let indent = line
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    let rest = &line[indent..];
    let marker = [&b"///"[..], b"//!", b"//", b"#", b"--", b";;", b";"]
        .into_iter()
        .find(|m| rest.starts_with(m))?;
    let spaces = rest[marker.len()..]
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    (spaces > 0).then_some(indent + marker.len() + spaces)
}

/// The shortest line, in characters, that a bare URI ending it may have
/// been hard-wrapped at: fill widths are 64 to 80 (`fmt` 75, Emacs 70,
/// mail clients 72 to 78), and a URI cut there ends the line near it.
const MIN_WRAP_WIDTH: usize = 60;
/// The longest such line: text wrapped at all is wrapped narrower, so a
/// line break after a longer line was the writer's.
const MAX_WRAP_WIDTH: usize = 100;

/// After a bare URI whose current segment starts at `seg` (its start, or
/// where the last line break it was joined across left it), at the white
/// space at `j`: when the line looks hard-wrapped in mid-URI, the index
/// where the URI goes on.
///
/// All of these must hold ([`crate::scan::ScanOptions::join_wrapped_lines`]):
/// - the byte before the break can be inside a URI and is no trailing
///   punctuation (`.`, `,`, `)`: a sentence or clause ended there);
/// - the line is [`MIN_WRAP_WIDTH`] to [`MAX_WRAP_WIDTH`] characters long,
///   without its reply prefix (`> `, `>> `);
/// - spaces or tabs then exactly one line break follow, and the next line
///   starts right away after the same reply prefix (no indent, no blank
///   line);
/// - the next line's first word (up to white space, without trailing
///   punctuation) is made of URI characters, starts with a letter, digit
///   or one of `/?#&=%~_`, holds no `:` before a `/` (a `Reviewed-by:`
///   trailer, the next URI), is not a mail address, and holds a `/`, `?`,
///   `#`, `=`, `&` or `%`, or ends in a file extension of two to five
///   letters or digits (`initiator.py`, `312042.html`); a word of prose
///   (`the`, `e.g.`), a property (`globalThis.location`) or a rule of
///   dashes is not taken, and a word starting with `/` only when it is
///   the whole line (a table row starts with a path).
///
/// Decisions never depend on how the input was read: the line start is
/// looked for at most [`MAX_WRAP_WIDTH`] bytes back from `j`, and the
/// scanner keeps more than that before a colon.
fn wrap_continuation(w: &Window<'_>, seg: usize, j: usize) -> Continuation {
    let hay = w.hay;
    let last = hay[j - 1];
    if !is(last, URI_TEXT) || TRAILING.contains(&last) || matches!(last, b')' | b']') {
        return Continuation::No;
    }
    // Spaces or tabs a writer or encoder left at the end of the line
    // (`=20` before a quoted-printable soft break), then exactly one line
    // break, then the next line's first byte.
    let mut k = j;
    while k < hay.len() && matches!(hay[k], b' ' | b'\t') {
        k += 1;
    }
    if k == hay.len() {
        return if w.eof {
            Continuation::No
        } else {
            Continuation::NeedMore
        };
    }
    if !matches!(hay[k], b'\r' | b'\n') {
        return Continuation::No;
    }
    if hay[k] == b'\r' {
        k += 1;
        if k == hay.len() && !w.eof {
            return Continuation::NeedMore;
        }
    }
    if hay.get(k) == Some(&b'\n') {
        k += 1;
    }
    // The start of the line the URI's current segment is on, and its
    // reply prefix (`> `, `>> `, `> > `), which the next line must repeat;
    // looked for only once a line break follows (most bare URIs end at a
    // space inside a line).
    let floor = j.saturating_sub(4 * MAX_WRAP_WIDTH);
    let line_start = match memchr::memrchr2(b'\n', b'\r', &hay[floor.min(seg)..seg]) {
        Some(p) => floor.min(seg) + p + 1,
        None if floor == 0 && w.bof => 0,
        None => floor,
    };
    // A line of a program's comment (`// see https://...`, `# see
    // https://...`) is not hard-wrapped prose: the next line is code.
    if comment_line(&hay[line_start..j]) {
        return Continuation::No;
    }
    let prefix = &hay[line_start..line_start + reply_prefix(&hay[line_start..j])];
    let width = hay[line_start + prefix.len()..j]
        .iter()
        .filter(|&&b| !(0x80..0xC0).contains(&b))
        .count();
    if !(MIN_WRAP_WIDTH..=MAX_WRAP_WIDTH).contains(&width) {
        return Continuation::No;
    }
    // The same reply prefix.
    if !prefix.is_empty() {
        let have = hay.len().min(k + prefix.len());
        if !hay[k..have].eq(&prefix[..have - k]) {
            return Continuation::No;
        }
        if have < k + prefix.len() {
            return if w.eof {
                Continuation::No
            } else {
                Continuation::NeedMore
            };
        }
        k += prefix.len();
    }
    // The next line's first word.
    let mut e = k;
    while e < hay.len() && is(hay[e], URI_TEXT) {
        e += 1;
    }
    if e == hay.len() && !w.eof {
        return Continuation::NeedMore;
    }
    match hay.get(e) {
        None => {}
        Some(&b) if is(b, SPACE) => {}
        Some(_) => return Continuation::No,
    }
    let mut word = &hay[k..e];
    while let Some((&b, rest)) = word.split_last() {
        if TRAILING.contains(&b) || matches!(b, b')' | b']' | b'>') {
            word = rest;
        } else {
            break;
        }
    }
    // A word that starts with `/` goes on a cut path only when it is the
    // whole line: `/guide/list.html   https://...` starts a row of a
    // table (a `_redirects` file), as a path often does.
    if word.first() == Some(&b'/') {
        let mut t = e;
        while t < hay.len() && matches!(hay[t], b' ' | b'\t') {
            t += 1;
        }
        if t == hay.len() && !w.eof {
            return Continuation::NeedMore;
        }
        if t < hay.len() && !matches!(hay[t], b'\r' | b'\n') {
            return Continuation::No;
        }
    }
    if wraps_on(word) {
        Continuation::At(k)
    } else {
        Continuation::No
    }
}

/// True when `line` (from its start) is a comment of a program: after
/// indentation, `//` or `#` then a space.
fn comment_line(line: &[u8]) -> bool {
    let t = line.trim_ascii_start();
    t.starts_with(b"// ") || t.starts_with(b"# ")
}

/// The length of the reply prefix `line` starts with: `>` characters,
/// each optionally followed by one space (`> `, `>> `, `> > `); 0 when
/// there is none.
fn reply_prefix(line: &[u8]) -> usize {
    let mut n = 0;
    while line.get(n) == Some(&b'>') {
        n += 1;
        if line.get(n) == Some(&b' ') {
            n += 1;
        }
    }
    n
}

/// True when `word` (the first word of a line, trailing punctuation
/// removed) can only be the rest of a URI cut at the line break before
/// it ([`wrap_continuation`]).
fn wraps_on(word: &[u8]) -> bool {
    let (Some(&first), Some(&second)) = (word.first(), word.get(1)) else {
        return false;
    };
    let starts = first.is_ascii_alphanumeric() || b"/?#&=%~_".contains(&first);
    // `--------`, `/---`, `__init__`: rules and markup, not a URI's rest.
    if !starts || !(first.is_ascii_alphanumeric() || second.is_ascii_alphanumeric()) {
        return false;
    }
    let slash = word.iter().position(|&b| b == b'/');
    let colon = word.iter().position(|&b| b == b':');
    if colon.is_some_and(|c| slash.is_none_or(|sl| c < sl)) {
        return false;
    }
    if slash.is_none() && word.contains(&b'@') {
        return false;
    }
    if word.iter().any(|b| b"/?#=&%".contains(b)) {
        return true;
    }
    // A file extension: `.` then two to five letters or digits to the end
    // (`.py`, `.html`, `.patch`; not `globalThis.location`, a property).
    match word.iter().rposition(|&b| b == b'.') {
        Some(dot) => {
            let ext = &word[dot + 1..];
            dot > 0 && (2..=5).contains(&ext.len()) && ext.iter().all(u8::is_ascii_alphanumeric)
        }
        None => false,
    }
}

/// The whitespace run that starts at `j`: the index just past it and the
/// number of line breaks in it (CRLF counts once). `None` when the window
/// ends inside the run or right after it (read more and ask again).
fn space_run(w: &Window<'_>, mut j: usize) -> Option<(usize, usize)> {
    let hay = w.hay;
    let mut breaks = 0;
    while j < hay.len() && is(hay[j], SPACE) {
        if j + 1 == hay.len() && hay[j] == b'\r' && !w.eof {
            return None;
        }
        if is_break(hay, j) {
            breaks += 1;
        }
        j += 1;
    }
    if j == hay.len() && !w.eof {
        return None;
    }
    Some((j, breaks))
}
