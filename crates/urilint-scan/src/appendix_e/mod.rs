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

mod bare;
mod colon;
mod continuation;
mod delimited;
mod scheme_start;

pub(crate) use bare::*;
pub(crate) use colon::*;
pub(crate) use continuation::*;
pub(crate) use delimited::*;
pub(crate) use scheme_start::*;

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
    /// ([`crate::ScanOptions::keep_spaces_in_angle`]).
    pub keep_spaces: bool,
    /// Join bare URIs hard-wrapped in mid-word
    /// ([`crate::ScanOptions::join_wrapped_lines`]).
    pub join_wrapped: bool,
    /// `hay` is one relative reference written `<value>` (a Markdown link
    /// destination or an HTML attribute that is one URL, under
    /// [`crate::ScanOptions::whole_reference`], without a scheme):
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
