//! The extent of a URI inside `<...>` or quotes ([`delimited`]): up to the
//! closer, the whitespace inserted in it removed.

use super::*;

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
        j = super::super::lanes::run_end::<false>(hay, j, limit);
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
        let Some((escaped_close, run_end)) = escaped_quote(w, j, close, angle) else {
            return Delimited::NeedMore;
        };
        // The quote that closes a quoted URI, or a `"` inside `<...>`,
        // may end a string literal that the next one continues:
        // `"https://www.sphinx-"` + line break + `"doc.org/"`, and
        // `"... <https://github.com/sphinx-"` + line break +
        // `"doc/sphinx/issues>..."` (gettext catalogues).
        if (b == close && !angle) || (b == b'"' && angle) {
            match joined_literal(w, seg, j, b, sc) {
                Continued::NeedMore => return Delimited::NeedMore,
                Continued::At(next) => {
                    broken = true;
                    pending = None;
                    seg = next;
                    j = next;
                    continue;
                }
                Continued::No => {}
            }
        }
        if b == close && !angle && !broken && second_uri_or_port_end(w, s, j) {
            // `"https://localhost:5001;http://localhost:5000"` (a list
            // in one string) and `"https://host:8443,default"`: not one
            // URI in quotes; read as bare, which ends the first URI at
            // the `;` or `,`.
            return Delimited::Abort;
        }
        if b == close || escaped_close {
            let close_at = if b == close { j } else { run_end.unwrap_or(j) };
            return closed(
                w,
                s,
                seg,
                j,
                close_at,
                angle && b == close && broken,
                broken,
                sc,
            );
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
                    match joined_literal(w, seg, run - 1, b'\'', sc) {
                        Continued::NeedMore => return Delimited::NeedMore,
                        Continued::At(next) => {
                            broken = true;
                            seg = next;
                            j = next;
                            continue;
                        }
                        Continued::No => {}
                    }
                }
                match space_in(w, s, seg, run, angle, sc) {
                    Ok((after, hyphen)) => {
                        j = after;
                        if hyphen.is_some() {
                            pending = hyphen;
                        }
                    }
                    Err(outcome) => return outcome,
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

/// True when the quoted text `hay[s..close]` holds a `,` or `;` right
/// before a new `scheme://` or right after an authority's port
/// ([`super::bare::port_ends_authority`]): a list, not one URI.
fn second_uri_or_port_end(w: &Window<'_>, s: usize, close: usize) -> bool {
    let hay = w.hay;
    memchr::memchr2_iter(b',', b';', &hay[s..close]).any(|k| {
        let at = s + k;
        new_uri_at(&hay[..close], at + 1, true) == Some(true)
            || (hay[at] == b','
                && super::bare::port_ends_authority(&hay[s..at], &hay[at..close], true)
                    == Some(true))
    })
}

/// Whether a backslash run at `j` escapes the closing `"` (and the
/// index after the run); `None` when more must be read to tell.
#[inline(always)]
fn escaped_quote(
    w: &Window<'_>,
    j: usize,
    close: u8,
    angle: bool,
) -> Option<(bool, Option<usize>)> {
    let hay = w.hay;
    let b = hay[j];
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
        return None;
    }
    let escaped_close = escaped_close && run_end.is_some_and(|e| hay[e] == close);
    Some((escaped_close, run_end))
}

/// The URI that ends at `j`, closed at `close_at` (by its delimiter, or
/// the quote after an escaping backslash run); with `rst_check` (a
/// broken URI closed by `>`), a reStructuredText embedded URI is noted.
#[inline]
#[allow(clippy::too_many_arguments)]
fn closed(
    w: &Window<'_>,
    s: usize,
    seg: usize,
    j: usize,
    close_at: usize,
    rst_check: bool,
    broken: bool,
    sc: &mut Scratch,
) -> Delimited {
    let hay = w.hay;
    if rst_check {
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
    Delimited::Closed {
        end,
        close_at,
        broken,
    }
}

/// White space at `run` inside the delimiters (after `seg`): where the URI
/// goes on, and the hyphen before a single line break (for `pending`), or
/// the outcome when the whitespace ends it.
#[inline]
fn space_in(
    w: &Window<'_>,
    s: usize,
    seg: usize,
    run: usize,
    angle: bool,
    sc: &mut Scratch,
) -> Result<(usize, Option<Option<usize>>), Delimited> {
    let hay = w.hay;
    let Some((after, breaks)) = space_run(w, run) else {
        return Err(Delimited::NeedMore);
    };
    let mut j = after;
    if breaks >= 2 || (breaks == 0 && !angle) {
        return Err(Delimited::Abort);
    }
    if breaks == 1 && memchr::memchr(b':', &hay[s..run]).is_some() {
        // After a scheme, the next line starting with
        // `scheme://` starts another URI (two in one quoted
        // CSV field), not the rest of this one (`<ht` + line
        // break + `tp://...>` is one scheme split).
        match new_uri_at(hay, j, w.eof) {
            Some(true) => return Err(Delimited::Abort),
            Some(false) => {}
            None => return Err(Delimited::NeedMore),
        }
    }
    if breaks == 1 {
        // On a line of a program's comment, the URI goes on only after
        // the same comment prefix on the next line (which is not the
        // URI's): the code after a comment is not.
        match after_comment_prefix(w, run, j) {
            None => {}
            Some(Continuation::At(next)) => j = next,
            Some(Continuation::NeedMore) => return Err(Delimited::NeedMore),
            Some(Continuation::No) => return Err(Delimited::Abort),
        }
    }
    sc.push(hay, seg, run);
    if breaks == 1 {
        let hyphen =
            (run > s && hay[run - 1] == b'-' && !sc.text.is_empty()).then(|| sc.text.len() - 1);
        return Ok((j, Some(hyphen)));
    }
    Ok((j, None))
}

/// Whether `hay[at..]` starts with a scheme and `://` (RFC 3986 section
/// 3.1: a letter, then letters, digits, `+`, `-`, `.`; at most 32 bytes):
/// `Some(true)` or `Some(false)`, `None` when the input read so far ends
/// before that is known (and more is to come).
pub(super) fn new_uri_at(hay: &[u8], at: usize, eof: bool) -> Option<bool> {
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
