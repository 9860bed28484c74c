//! A web URI written without the colon after its scheme: `http//host/x`,
//! `https//host/x` (issue 14). Not a URI (the text is a relative
//! reference whose first segment is `http`), but nearly always one
//! mistyped, which the linter reports (`U011`). Found only when
//! [`super::ScanOptions::missing_colon`] is on; such a candidate says so
//! ([`super::Candidate::missing_colon`]) and its text is the text as
//! written.
//!
//! The scanner is driven by colons; these have none. A second search,
//! for `//` (`memchr::memmem`, rare in prose: about one in 2 KB of the
//! benchmark corpus, nearly all of them in `://`), runs beside the colon
//! search over the same buffer; its hits are kept until the colon search
//! passes them, so each byte is searched once.
//!
//! This module owns the decision "is this `//` the end of `http` or
//! `https` without its colon, at the start of a word, before a host":
//! not after a letter, digit or `:` (`xhttp//`, `http://https//x` which
//! is `U010`'s), not in a path or a query (`/http//`, `?u=http//`), and
//! followed by a letter or digit (`"http//"` in code that repairs the
//! typo is no candidate). The extent is that of Appendix E, as for any
//! URI (`<...>`, `"..."`, or bare without trailing punctuation).
//!
//! It does not own what the linter says about it, nor templates (the
//! linter leaves `http//${host}/` alone).

use memchr::memmem;

use super::appendix_e::{bare, delimited, Bare, Delimited, Extent, Outcome, Scratch, Window};
use super::Delimiter;

/// The search for `//`, built once: a scanner is made for every piece of
/// a decoded document (an HTML attribute, a text run), so it holds none.
fn slashes() -> &'static memmem::Finder<'static> {
    static FINDER: std::sync::OnceLock<memmem::Finder<'static>> = std::sync::OnceLock::new();
    FINDER.get_or_init(|| memmem::Finder::new(b"//"))
}

/// The search for `//` after `http` or `https` over the scanner's buffer.
///
/// Call [`SlashFinder::reset`] whenever the bytes of the buffer move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlashFinder {
    /// Every `//` that could start a candidate below this index is known:
    /// it is `next`, or there is none.
    searched: usize,
    /// The first hit at or after the last search's start.
    next: Option<usize>,
}

impl SlashFinder {
    pub(crate) fn new() -> Self {
        SlashFinder {
            searched: 0,
            next: None,
        }
    }

    /// Forgets what was found (the buffer's bytes have moved).
    #[inline]
    pub(crate) fn reset(&mut self) {
        self.searched = 0;
        self.next = None;
    }

    /// The index of the first `//` at or after `from` that ends `http` or
    /// `https` (any case) and is followed by a letter or digit (or by the
    /// end of `hay`, when more input may follow); `None` when there is
    /// none in `hay`.
    #[inline]
    pub(crate) fn find(&mut self, hay: &[u8], from: usize) -> Option<usize> {
        if let Some(n) = self.next {
            if n >= from {
                return Some(n);
            }
            self.next = None;
        }
        let finder = slashes();
        let mut at = from.max(self.searched);
        while let Some(i) = hay.get(at..).and_then(|rest| finder.find(rest)) {
            let i = at + i;
            if shape(hay, i) {
                self.next = Some(i);
                self.searched = i + 1;
                return Some(i);
            }
            at = i + 1;
        }
        // A `/` at the very end may pair with the next read's first byte:
        // the scanner searches again from there after reading more.
        self.searched = hay.len().saturating_sub(1).max(from);
        None
    }
}

/// True when the `//` at `i` ends `http` or `https` (any case) and is
/// followed by a letter or digit or by the end of `hay`.
#[inline(always)]
fn shape(hay: &[u8], i: usize) -> bool {
    if i < 4 {
        return false;
    }
    let scheme = match hay[i - 1] | 0x20 {
        b'p' => hay[i - 4..i].eq_ignore_ascii_case(b"http"),
        b's' => i >= 5 && hay[i - 5..i].eq_ignore_ascii_case(b"https"),
        _ => false,
    };
    scheme && hay.get(i + 2).is_none_or(u8::is_ascii_alphanumeric)
}

/// The start of the `http` or `https` that ends at the `//` at `slash`.
fn scheme_start(hay: &[u8], slash: usize) -> Option<usize> {
    if slash >= 5 && hay[slash - 5..slash].eq_ignore_ascii_case(b"https") {
        Some(slash - 5)
    } else if slash >= 4 && hay[slash - 4..slash].eq_ignore_ascii_case(b"http") {
        Some(slash - 4)
    } else {
        None
    }
}

/// True when a word starts at index `s`: not after a letter or digit (in
/// any script), nor after a character that goes on a host, a path or a
/// name (`.-_@%+~\$#:`), nor inside a path (`/http//`, except after the
/// `//` of a comment: `//http//x`) or a query (`?u=http//`, `&u=`).
fn word_start(w: &Window<'_>, s: usize) -> bool {
    let hay = w.hay;
    if s == 0 {
        return true;
    }
    let b = hay[s - 1];
    if b >= 0x80 {
        return !letter_before(hay, s);
    }
    match b {
        b'/' => {
            // `//http//x`: a comment, at the start of a line or after
            // white space.
            s >= 2
                && hay[s - 2] == b'/'
                && (if s == 2 {
                    w.bof
                } else {
                    hay[s - 3].is_ascii_whitespace()
                })
        }
        b'=' => !in_query(hay, s - 1, w.min_start),
        b'.' | b'-' | b'_' | b'@' | b'%' | b'+' | b'~' | b'\\' | b'$' | b'#' | b':' | b'&'
        | b'?' => false,
        b => !b.is_ascii_alphanumeric(),
    }
}

/// True when the `=` at `eq` is inside a query: a `?` or `&` stands
/// before it in the same token (no white space, quote or bracket
/// between), looking back at most 256 bytes and not before `floor`.
fn in_query(hay: &[u8], eq: usize, floor: usize) -> bool {
    let lo = floor.max(eq.saturating_sub(256));
    hay[lo..eq]
        .iter()
        .rev()
        .take_while(|&&b| !(b.is_ascii_whitespace() || b"\"'<>()[]{}`".contains(&b)))
        .any(|&b| b == b'?' || b == b'&')
}

/// True when the UTF-8 character that ends at index `s` (exclusive) is
/// alphanumeric.
fn letter_before(hay: &[u8], s: usize) -> bool {
    let from = s.saturating_sub(4);
    (from..s)
        .filter(|&i| !(0x80..0xC0).contains(&hay[i]))
        .find_map(|i| std::str::from_utf8(&hay[i..s]).ok())
        .and_then(|t| t.chars().next_back())
        .is_some_and(char::is_alphanumeric)
}

/// At the `//` at index `slash` (a hit of [`SlashFinder::find`]): the
/// candidate `http//host...` that starts at its scheme, delimited as
/// Appendix E says, or [`Outcome::Reject`].
pub(crate) fn at_slashes(w: &Window<'_>, slash: usize, sc: &mut Scratch) -> Outcome {
    let hay = w.hay;
    let Some(s) = scheme_start(hay, slash) else {
        return Outcome::Reject;
    };
    match hay.get(slash + 2) {
        None if !w.eof => return Outcome::NeedMore,
        Some(b) if b.is_ascii_alphanumeric() => {}
        _ => return Outcome::Reject,
    }
    if s < w.min_start || !word_start(w, s) {
        return Outcome::Reject;
    }
    let opener = (s > w.min_start).then(|| hay[s - 1]);
    let mut extent = None;
    if let Some(open @ (b'<' | b'"')) = opener {
        let angle = open == b'<';
        let close = if angle { b'>' } else { b'"' };
        match delimited(w, s, close, angle, sc) {
            Delimited::Closed {
                end,
                close_at,
                broken,
            } => {
                extent = Some(Extent {
                    start: s,
                    end,
                    outer_start: s - 1,
                    outer_end: close_at + 1,
                    delimiter: if angle {
                        Delimiter::Angle
                    } else {
                        Delimiter::Quote
                    },
                    url_prefix: false,
                    broken,
                    unclosed: false,
                    relative: false,
                    abbreviated: false,
                    missing_colon: true,
                });
            }
            Delimited::NeedMore => return Outcome::NeedMore,
            Delimited::TooLong => return Outcome::TooLong { start: s },
            Delimited::Abort => {}
        }
    }
    let extent = match extent {
        Some(e) => e,
        None => {
            let quote = match opener {
                Some(q @ (b'\'' | b'`')) => Some(q),
                _ => None,
            };
            match bare(w, s, quote, sc) {
                Bare::Found {
                    end,
                    broken,
                    closed,
                } => Extent {
                    start: s,
                    end,
                    outer_start: if closed { s - 1 } else { s },
                    outer_end: if closed { end + 1 } else { end },
                    delimiter: if closed {
                        Delimiter::Quote
                    } else {
                        Delimiter::Bare
                    },
                    url_prefix: false,
                    broken,
                    unclosed: false,
                    relative: false,
                    abbreviated: false,
                    missing_colon: true,
                },
                Bare::NeedMore => return Outcome::NeedMore,
                Bare::TooLong => return Outcome::TooLong { start: s },
            }
        }
    };
    // The scheme, `//` and at least one character of the host.
    if sc.text.len() < slash - s + 3 {
        return Outcome::Reject;
    }
    Outcome::Found(extent)
}

/// True when `text`, a relative reference in angle brackets (an HTML
/// attribute's value, a Markdown link's destination), is `http//` or
/// `https//` (any case) and a letter or digit: the same typo, written
/// where a reference is expected (`href="http//example.org/"`).
pub(crate) fn is_colonless_reference(text: &[u8]) -> bool {
    let n = if text.len() > 5 && text[..5].eq_ignore_ascii_case(b"https") {
        5
    } else if text.len() > 4 && text[..4].eq_ignore_ascii_case(b"http") {
        4
    } else {
        return false;
    };
    text[n..].starts_with(b"//") && text.get(n + 2).is_some_and(u8::is_ascii_alphanumeric)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hits(hay: &[u8]) -> Vec<usize> {
        let mut f = SlashFinder::new();
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(i) = f.find(hay, from) {
            out.push(i);
            from = i + 1;
        }
        out
    }

    #[test]
    fn shapes() {
        assert_eq!(hits(b"http//a https//b HTTP//c Https//d"), [4, 13, 21, 30]);
        // With the colon, a third slash, no host, no scheme.
        assert!(hits(b"http://a https:///b http//\" http//- ftp//x //x p//").is_empty());
        // At the end of the buffer: more may come.
        assert_eq!(hits(b"see http//"), [8]);
    }

    #[test]
    fn a_hit_is_kept_until_the_search_passes_it() {
        let hay = b"a:b http//x c:d http//y";
        let mut f = SlashFinder::new();
        assert_eq!(f.find(hay, 0), Some(8));
        assert_eq!(f.find(hay, 3), Some(8));
        assert_eq!(f.find(hay, 9), Some(20));
        assert_eq!(f.find(hay, 21), None);
        assert_eq!(f.find(hay, 22), None);
        f.reset();
        assert_eq!(f.find(hay, 0), Some(8));
    }

    #[test]
    fn references() {
        assert!(is_colonless_reference(b"http//example.org/"));
        assert!(is_colonless_reference(b"HTTPS//x"));
        assert!(!is_colonless_reference(b"http///x"));
        assert!(!is_colonless_reference(b"http//"));
        assert!(!is_colonless_reference(b"httpx//a"));
        assert!(!is_colonless_reference(b"docs/http//a"));
    }
}
