//! RFC 2396 Appendix F, "Abbreviated URLs": `www.w3.org/Addressing/` and
//! `ftp.example.org` written without a scheme, found at the `.` after
//! `www` or `ftp` when [`super::ScanOptions::abbreviated`] is on.
//!
//! This module owns the decision "does an abbreviated URL start at this
//! full stop": a word boundary before `www`/`ftp`, a host name of at least
//! three labels ending in a top-level label, an optional port; the extent
//! is that of Appendix E (`appendix_e`'s delimiting rules: `<...>`,
//! `"..."`, or bare with trailing punctuation dropped); and the scheme
//! Appendix F's heuristic implies ("most hostnames beginning with `www`
//! are likely to have a URL prefix of `http://`"): `http://` before `www.`,
//! `ftp://` before `ftp.`, put in front of the text.
//!
//! It does not own finding the full stops (`colons`), nor validation of
//! the completed URI (the grammar does that as for any other), nor mail
//! addresses: `user@www.example.org` is not a URL (the `@` is no boundary).

use super::appendix_e::{bare, delimited, Bare, Delimited, Extent, Outcome, Scratch, Window};
use super::Delimiter;

/// The scheme, with `://`, that Appendix F implies for the word before the
/// full stop (`www` or `ftp`, any case), or `None` for other words.
fn implied_prefix(word: &[u8]) -> Option<&'static [u8]> {
    if word.eq_ignore_ascii_case(b"www") {
        Some(b"http://")
    } else if word.eq_ignore_ascii_case(b"ftp") {
        Some(b"ftp://")
    } else {
        None
    }
}

/// A cheap test, inlined into the scanner's search loop, for the `.` at
/// index `dot`: true when `www` or `ftp` stands right before it at a word
/// boundary, at or after `min_start` (`bof`: `hay[0]` is the first byte
/// of the input, so it is a boundary). False means "certainly not an
/// abbreviated URL here".
#[inline(always)]
pub(crate) fn worth_a_look(hay: &[u8], dot: usize, min_start: usize, bof: bool) -> bool {
    let Some(s) = dot.checked_sub(3) else {
        return false;
    };
    s >= min_start && implied_prefix(&hay[s..dot]).is_some() && boundary_before(hay, s, bof)
}

/// True when no word, host or path goes on before index `s`: `a.www.x`,
/// `user@www.x`, `/pub/ftp.x`, `xwww.x` and `http://www.x` (taken at its
/// colon) are not abbreviated URLs.
fn boundary_before(hay: &[u8], s: usize, bof: bool) -> bool {
    let Some(&b) = s.checked_sub(1).and_then(|i| hay.get(i)) else {
        return bof;
    };
    if b >= 0x80 {
        return !letter_before(hay, s);
    }
    !(b.is_ascii_alphanumeric() || b"._-@/\\:%+=~&?#$".contains(&b))
}

/// True when the UTF-8 character that ends at index `s` (exclusive) is
/// alphanumeric (`éwww.x` is a word, `«www.x` is not).
fn letter_before(hay: &[u8], s: usize) -> bool {
    let from = s.saturating_sub(4);
    (from..s)
        .filter(|&i| !(0x80..0xC0).contains(&hay[i]))
        .find_map(|i| std::str::from_utf8(&hay[i..s]).ok())
        .and_then(|t| t.chars().next_back())
        .is_some_and(char::is_alphanumeric)
}

/// Applies Appendices E and F at the `.` at index `dot` of `w.hay` (where
/// [`worth_a_look`] said yes): the abbreviated URL that starts three bytes
/// before it, delimited as Appendix E says, with the implied scheme put in
/// front of the text in `sc` (so that [`super::Candidate::text`] is the
/// complete URI and the segments still map it back to the source).
pub(crate) fn at_dot(w: &Window<'_>, dot: usize, sc: &mut Scratch) -> Outcome {
    let hay = w.hay;
    let Some(s) = dot.checked_sub(3) else {
        return Outcome::Reject;
    };
    let Some(prefix) = hay.get(s..dot).and_then(implied_prefix) else {
        return Outcome::Reject;
    };
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
                    abbreviated: true,
                    missing_colon: false,
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
                    abbreviated: true,
                    missing_colon: false,
                },
                Bare::NeedMore => return Outcome::NeedMore,
                Bare::TooLong => return Outcome::TooLong { start: s },
            }
        }
    };
    if !authority_shape(&sc.text) {
        return Outcome::Reject;
    }
    if extent.delimiter == Delimiter::Bare {
        if let Some(scheme_start) = scheme_on_line_before(hay, s, w.min_start) {
            // `(https://` + line break + `www.debian.org/...)`: the scheme
            // was written, on the line before; one URI broken across
            // lines, not an abbreviated one.
            sc.prepend_source(hay, scheme_start, s);
            return Outcome::Found(Extent {
                start: scheme_start,
                outer_start: scheme_start,
                broken: true,
                abbreviated: false,
                ..extent
            });
        }
    }
    sc.prepend(prefix);
    Outcome::Found(extent)
}

/// The start of a `scheme://` that ends its line right before the
/// whitespace before index `s` (one line break, indentation after it), at
/// a word boundary and at or after `min_start`: the first half of a URI
/// that text formatting broke after its `//`, which Appendix E alone does
/// not rejoin in bare text (`https://` alone is no URI).
fn scheme_on_line_before(hay: &[u8], s: usize, min_start: usize) -> Option<usize> {
    let mut j = s;
    let mut breaks = 0;
    while j > min_start && s - j < 64 && matches!(hay[j - 1], b' ' | b'\t' | b'\r' | b'\n') {
        if hay[j - 1] == b'\n' {
            breaks += 1;
        }
        j -= 1;
    }
    if breaks != 1 || j < min_start + 4 || !hay[..j].ends_with(b"://") {
        return None;
    }
    let colon = j - 3;
    let mut k = colon;
    while k > min_start
        && colon - k < 32
        && (hay[k - 1].is_ascii_alphanumeric() || matches!(hay[k - 1], b'+' | b'-' | b'.'))
    {
        k -= 1;
    }
    let boundary = k == 0 || !hay[k - 1].is_ascii_alphanumeric();
    (k < colon && hay[k].is_ascii_alphabetic() && boundary).then_some(k)
}

/// True when `text` (an abbreviated URL as written) starts with a host
/// name that looks like one, then an optional port, then the end or a
/// path, query or fragment: at least three labels (`www.w3.org`, not the
/// method call `ftp.login`), each of letters, digits and inner hyphens
/// (non-ASCII letters allowed, for internationalized names), the last a
/// top-level label (two or more ASCII letters, an `xn--` A-label, or
/// non-ASCII), and a port of 1 to 5 digits.
fn authority_shape(text: &[u8]) -> bool {
    let end = text
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(text.len());
    let authority = &text[..end];
    let (host, port) = match authority.iter().position(|&b| b == b':') {
        Some(i) => (&authority[..i], Some(&authority[i + 1..])),
        None => (authority, None),
    };
    if let Some(port) = port {
        if port.is_empty() || port.len() > 5 || !port.iter().all(u8::is_ascii_digit) {
            return false;
        }
    }
    let mut labels = 0;
    let mut last: &[u8] = &[];
    for label in host.split(|&b| b == b'.') {
        let ok = !label.is_empty()
            && label.len() <= 63
            && label
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b >= 0x80)
            && label.first() != Some(&b'-')
            && label.last() != Some(&b'-');
        if !ok {
            return false;
        }
        labels += 1;
        last = label;
    }
    let top = (last.len() >= 2 && last.iter().all(u8::is_ascii_alphabetic))
        || (last.len() > 4 && last[..4].eq_ignore_ascii_case(b"xn--"))
        || last.iter().any(|&b| b >= 0x80);
    labels >= 3 && top
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_shapes() {
        for good in [
            &b"www.w3.org"[..],
            b"www.w3.org/Addressing/",
            b"ftp.example.org:2121/pub",
            b"WWW.EXAMPLE.CO.UK?q=1",
            b"www.xn--bcher-kva.xn--p1ai",
            b"www.b\xc3\xbccher.de",
            b"www.example.org#top",
        ] {
            assert!(authority_shape(good), "{}", String::from_utf8_lossy(good));
        }
        for bad in [
            &b"ftp.login"[..],
            b"www.example",
            b"www..org",
            b"www.-a.org",
            b"www.a-.org",
            b"www.example.o",
            b"www.example.123",
            b"www.example.org:",
            b"www.example.org:http",
            b"www.example.org:123456",
            b"www.a_b.org",
            b"www.a@b.org",
        ] {
            assert!(!authority_shape(bad), "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn boundaries() {
        let at = |hay: &[u8], s: usize| boundary_before(hay, s, true);
        assert!(at(b"www.x", 0));
        assert!(!boundary_before(b"www.x", 0, false));
        assert!(at(b" www.x", 1));
        assert!(at(b"(www.x", 1));
        assert!(at(b"\xc2\xabwww.x", 2));
        for word in [&b"awww.x"[..], b".www.x", b"@www.x", b"/www.x", b"-www.x"] {
            assert!(!at(word, 1), "{}", String::from_utf8_lossy(word));
        }
        assert!(!at("éwww.x".as_bytes(), 2));
    }
}
