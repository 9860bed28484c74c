//! The rules at one `:` ([`at_colon`]) and at one `<` ([`at_angle`]):
//! the context before the scheme decides how the URI is delimited; and a
//! whole value read as one reference ([`whole_reference`]).

use super::*;

/// Applies Appendix E at the `:` at index `colon` of `w.hay`.
pub(crate) fn at_colon(w: &Window<'_>, colon: usize, sc: &mut Scratch) -> Outcome {
    let hay = w.hay;

    // 1. What follows the colon must start a URI body. Most colons in
    // prose fail here: `Note: x`, `std::io`, `TODO:`. Inside angle
    // brackets a line break may come first (`<geo:` / `66.0,30>`).
    let (body, first) = match body_start(w, colon) {
        Ok(found) => found,
        Err(outcome) => return outcome,
    };
    let spaced_body = body > colon + 1;

    // 2. The scheme: the run before the colon, or one split by line
    // breaks inside angle brackets.
    let hierarchical = match (first, hay.get(body + 1)) {
        (b'/', Some(b'/')) => true,
        (b'/', None) if !w.eof => return Outcome::NeedMore,
        _ => false,
    };
    let plain = plain_scheme(hay, colon, w.min_start);
    let split_found = split_scheme_at(w, colon, plain);
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
    if !hierarchical && in_comment_code_span(w, s, colon) {
        return Outcome::Reject;
    }
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
    let Context {
        outer_start,
        url_prefix,
        open_at,
    } = context(w, s, split);
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

    let start = Start {
        s,
        opener,
        open_at,
        outer_start,
        url_prefix,
        tight,
        split,
        spaced_body,
        hierarchical,
        known,
        wrapped,
    };
    let extent = match extent(w, &start, sc) {
        Ok(extent) => extent,
        Err(outcome) => return outcome,
    };

    // 4. What follows the colon must not be empty (`http://.` less its
    // full stop), and a scheme without `//` that is not well known counts
    // only when the text is a valid URI (`<cid:a@b>` yes, `<cid:a b>` no).
    // (Trailing punctuation may have taken the colon itself: `ab:.`.)
    if !body_ok(
        &extent,
        sc,
        wrapper_len + scheme_len + 1,
        scheme_name,
        hierarchical,
        known,
    ) {
        return Outcome::Reject;
    }
    Outcome::Found(extent)
}

/// Step 2 of [`at_colon`], a scheme split by line breaks inside angle
/// brackets (its start, its letters joined and their number), looked
/// for only where a line break stands before the colon or the run
/// `plain` starts.
#[inline]
fn split_scheme_at(
    w: &Window<'_>,
    colon: usize,
    plain: Option<usize>,
) -> Option<(usize, [u8; MAX_SCHEME], usize)> {
    let hay = w.hay;
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
    if maybe_split {
        split_scheme(hay, colon, w.min_start)
    } else {
        None
    }
}

/// Step 4 of [`at_colon`]: whether the URI's text after its scheme
/// (`prefix_len` bytes with the colon and any wrapper) may stand.
#[inline]
fn body_ok(
    extent: &Extent,
    sc: &Scratch,
    prefix_len: usize,
    scheme_name: &[u8],
    hierarchical: bool,
    known: bool,
) -> bool {
    let body_len = sc.text.len().saturating_sub(prefix_len);
    if body_len == 0 || (hierarchical && body_len <= 2) {
        return false;
    }
    if !hierarchical && !known {
        let valid = std::str::from_utf8(&sc.text)
            .map(|t| grammar::parse(t, Grammar::Rfc3986).is_valid())
            .unwrap_or(false);
        if !valid {
            return false;
        }
    }
    if !hierarchical
        && extent.delimiter != Delimiter::Angle
        && !scheme::bare_shape_ok(scheme_name, sc.text.get(prefix_len..).unwrap_or_default())
    {
        return false;
    }
    true
}

/// Step 1 of [`at_colon`]: where the body starts after the colon (after
/// a line break's whitespace inside angle brackets) and its first byte,
/// or the outcome when none can start there.
#[inline]
fn body_start(w: &Window<'_>, colon: usize) -> Result<(usize, u8), Outcome> {
    let hay = w.hay;
    let Some(&next) = hay.get(colon + 1) else {
        return Err(if w.eof {
            Outcome::Reject
        } else {
            Outcome::NeedMore
        });
    };
    let mut body = colon + 1;
    if is(next, SPACE) {
        while body < hay.len() && body - colon <= MAX_PREFIX_SPACE && is(hay[body], SPACE) {
            body += 1;
        }
        if body == hay.len() && !w.eof {
            return Err(Outcome::NeedMore);
        }
        if !is_line_break_space(hay, colon + 1, body) {
            return Err(Outcome::Reject);
        }
        // On a comment's line, the body goes on after the same comment
        // prefix on the next line, or not at all.
        match after_comment_prefix(w, colon + 1, body) {
            None => {}
            Some(Continuation::At(next)) => body = next,
            Some(Continuation::NeedMore) => return Err(Outcome::NeedMore),
            Some(Continuation::No) => return Err(Outcome::Reject),
        }
    }
    let Some(&first) = hay.get(body) else {
        return Err(Outcome::Reject);
    };
    if first == b':' || !(is(first, URI_TEXT) || first >= 0x80) {
        return Err(Outcome::Reject);
    }

    Ok((body, first))
}

/// Step 3 of [`at_colon`]: the context before the scheme at `s`, a
/// `URL:` prefix and the opening delimiter.
#[inline]
fn context(w: &Window<'_>, s: usize, split: bool) -> Context {
    let hay = w.hay;
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
    Context {
        outer_start,
        url_prefix,
        open_at,
    }
}

/// The context before a scheme ([`context`]): where the URI's outer
/// extent starts, after a `URL:` prefix or not, and the index of the
/// opening delimiter.
struct Context {
    /// The start of the outer extent: the scheme, or the `URL:` before it.
    outer_start: usize,
    /// A `URL:` prefix stands before the scheme.
    url_prefix: bool,
    /// The index of the opening delimiter, if any.
    open_at: Option<usize>,
}

/// What [`at_colon`] knows of a URI before it finds its end: the start,
/// the context and how the scheme was read.
struct Start {
    /// Index of the URI's first byte (the scheme, or its wrapper's).
    s: usize,
    /// The opening delimiter and its index.
    opener: Option<u8>,
    /// See [`Context::open_at`].
    open_at: Option<usize>,
    /// See [`Context::outer_start`].
    outer_start: usize,
    /// See [`Context::url_prefix`].
    url_prefix: bool,
    /// Directly after its opening delimiter (or split).
    tight: bool,
    /// The scheme is split by a line break.
    split: bool,
    /// A line break's whitespace after the colon.
    spaced_body: bool,
    /// `scheme://`.
    hierarchical: bool,
    /// A well-known scheme without `//`.
    known: bool,
    /// After a wrapper scheme (`jdbc:`).
    wrapped: bool,
}

/// Finds the end of the URI that starts at `at.s`: up to its closing
/// delimiter, or as a bare URI (Appendix E's rules for each).
#[inline]
fn extent(w: &Window<'_>, at: &Start, sc: &mut Scratch) -> Result<Extent, Outcome> {
    match (at.opener, at.open_at) {
        (Some(close @ (b'<' | b'"')), Some(open)) => delimited_extent(w, at, close, open, sc),
        _ => bare_extent(w, at, sc),
    }
}

/// The extent of a URI after `<` or `"` (at `open`): up to the closing
/// `>` or `"`, or as a bare URI when it is not closed.
#[inline]
fn delimited_extent(
    w: &Window<'_>,
    at: &Start,
    close: u8,
    open: usize,
    sc: &mut Scratch,
) -> Result<Extent, Outcome> {
    let &Start {
        s,
        outer_start,
        url_prefix,
        tight,
        split,
        spaced_body,
        hierarchical,
        known,
        wrapped,
        ..
    } = at;
    let angle = close == b'<';
    let closer = if angle { b'>' } else { b'"' };
    let mut found = delimited(w, s, closer, angle, sc);
    if !angle && matches!(found, Delimited::Closed { .. }) && macro_text(&sc.text) {
        // `"https://github.com[]"`: AsciiDoc's link macro quoted
        // (in a code comment); the quotes hold more than a URI,
        // which ends at the `[` as a bare one does.
        found = Delimited::Abort;
    }
    Ok(match found {
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
        Delimited::NeedMore => return Err(Outcome::NeedMore),
        Delimited::TooLong => return Err(Outcome::TooLong { start: s }),
        Delimited::Abort => {
            // Not a delimited URI after all: take it as bare, and
            // say so when a `<` right before it was left open. A
            // registered scheme counts only in brackets, and a
            // line break inside the scheme or after its colon only
            // there.
            if !(hierarchical || known || url_prefix || wrapped) || split || spaced_body {
                return Err(Outcome::Reject);
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
                Bare::NeedMore => return Err(Outcome::NeedMore),
                Bare::TooLong => return Err(Outcome::TooLong { start: s }),
            }
        }
    })
}

/// The extent of a bare URI (or one in `'...'` or `` `...` `` right
/// after its quote).
#[inline]
fn bare_extent(w: &Window<'_>, at: &Start, sc: &mut Scratch) -> Result<Extent, Outcome> {
    let &Start {
        s,
        opener,
        open_at,
        outer_start,
        url_prefix,
        tight,
        ..
    } = at;
    let quote = match opener {
        Some(q @ (b'\'' | b'`')) if tight => Some(q),
        _ => None,
    };
    Ok(match bare(w, s, quote, sc) {
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
        Bare::NeedMore => return Err(Outcome::NeedMore),
        Bare::TooLong => return Err(Outcome::TooLong { start: s }),
    })
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
/// one URL ([`crate::ScanOptions::whole_reference`]), which a
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
pub(super) fn reference_as_written(t: &str) -> bool {
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
