//! The extent of a bare URI ([`bare`]): to its end without trailing
//! punctuation and unbalanced closing brackets, templates and macros
//! read through, and a string literal continued on the next line
//! ([`string_continuation`]).

use super::*;

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
    // Open `(` and `[` not closed yet.
    let mut depth = (0usize, 0usize);
    let mut closed = false;
    let mut broken = false;
    let limit = hay.len().min(s + w.max_len + 1);
    loop {
        // Most bytes of a URI need no decision: skip them in a tight loop.
        j = super::super::lanes::run_end::<true>(hay, j, limit);
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
            match literal_continuation(w, seg, j, quote, sc) {
                Continued::NeedMore => return Bare::NeedMore,
                Continued::At(next) => {
                    broken = true;
                    seg = next;
                    j = next;
                    continue;
                }
                Continued::No => {}
            }
            if Some(b) == quote {
                closed = true;
                break;
            }
            if !is(b, URI_TEXT) {
                match line_break_continuation(w, seg, j, sc) {
                    Continuation::NeedMore => return Bare::NeedMore,
                    Continuation::At(next) => {
                        broken = true;
                        seg = next;
                        j = next;
                        continue;
                    }
                    Continuation::No => {}
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
            match uri_byte(w, seg, j, limit, &mut depth) {
                Step::Next => {}
                Step::End => break,
                Step::NeedMore => return Bare::NeedMore,
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
    let end = if closed {
        j
    } else {
        match trimmed_end(w, seg, j, sc) {
            Some(end) => end,
            None => return Bare::NeedMore,
        }
    };
    sc.push(hay, seg, end);
    Bare::Found {
        end,
        broken,
        closed,
    }
}

/// What [`bare`] does at a URI character `hay[j]` (ASCII) of the segment
/// from `seg`.
enum Step {
    /// It is the URI's: go on after it.
    Next,
    /// The URI ends before it.
    End,
    /// More must be read to tell.
    NeedMore,
}

/// [`bare`] at the ASCII URI character `hay[j]`: a second URI starting
/// right after a `,`, `;`, `(` or `[`; a `,` after a port; a `[` after a
/// host; brackets and parentheses balanced (`depth`: the `(` and `[` open
/// so far).
#[inline]
fn uri_byte(
    w: &Window<'_>,
    seg: usize,
    j: usize,
    limit: usize,
    depth: &mut (usize, usize),
) -> Step {
    let hay = w.hay;
    let b = hay[j];
    if matches!(b, b',' | b';' | b'(' | b'[') {
        // `url,url` and `url[url]` (texinfo's `@uref{url,url}`,
        // Markdown written as `[url](url)` in plain text): a
        // second URI that starts right after ends the first.
        match uri_starts_at(w, j + 1) {
            None => return Step::NeedMore,
            Some(true) => return Step::End,
            Some(false) => {}
        }
    }
    if b == b',' {
        // `https://192.168.99.100:8443,default,default-sa` (a
        // command's comma-separated argument): a port is digits
        // only (RFC 3986 section 3.2.3), so the comma after one
        // cannot be part of the authority and ends the URI.
        match port_ends_authority(&hay[seg..j], &hay[j..limit], w.eof || limit < hay.len()) {
            None => return Step::NeedMore,
            Some(true) => return Step::End,
            Some(false) => {}
        }
    }
    if b == b'[' && bracket_ends_authority(&hay[seg..j]) {
        // `https://example.org[text]`: a `[` right after a host is
        // not an IP-literal and cannot start a path or query: an
        // AsciiDoc macro's text (also quoted in code comments).
        return Step::End;
    }
    let (parens, brackets) = depth;
    match b {
        b'(' => *parens += 1,
        b'[' => *brackets += 1,
        b')' if *parens == 0 => return Step::End,
        b')' => *parens -= 1,
        b']' if *brackets == 0 => return Step::End,
        b']' => *brackets -= 1,
        _ => {}
    }
    Step::Next
}

/// At `hay[j]`, a quote (`quote`, `"`, or a `'` before white space) that
/// ends a string literal the next one continues; the segment is pushed
/// when it does.
#[inline]
fn literal_continuation(
    w: &Window<'_>,
    seg: usize,
    j: usize,
    quote: Option<u8>,
    sc: &mut Scratch,
) -> Continued {
    let hay = w.hay;
    let b = hay[j];
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
    match quote_at {
        Some(at) => joined_literal(w, seg, at, hay[at], sc),
        None => Continued::No,
    }
}

/// [`string_continuation`] at the quote `q` at `at`, the segment from
/// `seg` pushed and the text marked joined when the literal goes on.
#[inline]
pub(super) fn joined_literal(
    w: &Window<'_>,
    seg: usize,
    at: usize,
    q: u8,
    sc: &mut Scratch,
) -> Continued {
    let continued = string_continuation(w, at, q);
    if let Continued::At(_) = continued {
        sc.push(w.hay, seg, at);
        sc.joined = true;
    }
    continued
}

/// At white space `hay[j]` after a segment from `seg`: a URI broken at a
/// hyphen, or (with [`Window::join_wrapped`]) wrapped, going on on the
/// next line; the segment is pushed when it does.
#[inline]
fn line_break_continuation(w: &Window<'_>, seg: usize, j: usize, sc: &mut Scratch) -> Continuation {
    let hay = w.hay;
    let b = hay[j];
    if is(b, SPACE) && j > seg && hay[j - 1] == b'-' {
        match hyphen_continuation(w, j) {
            Continuation::NeedMore => return Continuation::NeedMore,
            Continuation::At(next) => {
                sc.push(hay, seg, j);
                sc.hyphens.push(sc.text.len() - 1);
                return Continuation::At(next);
            }
            Continuation::No => {}
        }
    }
    if w.join_wrapped && is(b, SPACE) && j > seg {
        match wrap_continuation(w, seg, j) {
            Continuation::NeedMore => return Continuation::NeedMore,
            Continuation::At(next) => {
                sc.push(hay, seg, j);
                sc.wrapped = true;
                return Continuation::At(next);
            }
            Continuation::No => {}
        }
    }
    Continuation::No
}

/// The end of a bare URI that stopped at `j` (not closed by its quote):
/// without trailing punctuation, noting an ellipsis or placeholder that
/// left the rest out; `None` when more must be read to tell.
#[inline]
fn trimmed_end(w: &Window<'_>, seg: usize, j: usize, sc: &mut Scratch) -> Option<usize> {
    let hay = w.hay;
    let mut end = j;
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
    if end == j && hay.get(j) == Some(&b'<') && hay[end - 1] == b'-' && hay.len() <= j + 1 && !w.eof
    {
        return None;
    }
    // A host label cut at a hyphen by a placeholder
    // (`https://deploy-preview-<PR-NUMBER>--site.netlify.app/`,
    // redpanda-data/docs' pull request template) goes on too.
    // A wildcard glued to a host label (`!https://team1-*` in
    // argoproj/argo-cd's tests, `https://*.example.org` aside): a glob
    // pattern, not a host cut short.
    let glob = end > seg
        && stripped.first() == Some(&b'*')
        && matches!(hay[end - 1], b'-' | b'.')
        && bracket_ends_authority(&hay[seg..end]);
    sc.elided = glob
        || (ellipsis && after_delimiter)
        || (end == j
            && hay.get(j) == Some(&b'<')
            && (matches!(hay[end - 1], b'[' | b':' | b'@')
                || (hay[end - 1] == b'-' && hay.get(j + 1).is_some_and(u8::is_ascii_alphabetic))));
    Some(end)
}

/// True when `so_far` (a bare URI candidate up to a `[`) is
/// True when `text` (the inside of quotes) is a URI's authority followed
/// by bracketed text to its end, `https://github.com[GitHub]`: an AsciiDoc
/// link macro, whose URI ends at the `[` ([`bracket_ends_authority`]).
pub(super) fn macro_text(text: &[u8]) -> bool {
    text.ends_with(b"]")
        && memchr::memchr(b'[', text).is_some_and(|i| bracket_ends_authority(&text[..i]))
}

/// `scheme://authority` with a non-empty authority and nothing after it:
/// a `[` there cannot be part of the URI (RFC 3986 section 3.2.2 allows
/// `[` only to open an IP-literal, right after `//` or `@`).
/// True when `so_far` (a URI's text up to a `,`) ends in an authority's
/// port (RFC 3986 section 3.2.3: `port = *DIGIT`; `:` and at least one
/// digit, after the host and any IP-literal `]`), and `after` (the text
/// from that `,` on) goes on to neither `@` (then the `:digits` was a
/// password of userinfo, section 3.2.1) nor `/` or `?` before white space
/// (a list of hosts in one authority, as MongoDB's and libpq's connection
/// URIs write: `mongodb://h1:27017,h2:27017/db`). A `;` is not taken:
/// JDBC's SQL Server URLs put properties there (`:1433;databaseName=x`).
/// `Some(answer)`, or `None` when `after` ends before white space and
/// more input is to come (`complete` false).
pub(super) fn port_ends_authority(so_far: &[u8], after: &[u8], complete: bool) -> Option<bool> {
    if !ends_in_port(so_far) {
        return Some(false);
    }
    for &b in after {
        if b.is_ascii_whitespace() {
            return Some(true);
        }
        if matches!(b, b'@' | b'/' | b'?') {
            return Some(false);
        }
    }
    complete.then_some(true)
}

/// True when `so_far` ends in an authority's `:port` ([`port_ends_authority`]).
fn ends_in_port(so_far: &[u8]) -> bool {
    let Some(slashes) = memchr::memmem::find(so_far, b"://") else {
        return false;
    };
    let authority = &so_far[slashes + 3..];
    if authority.iter().any(|&b| matches!(b, b'/' | b'?' | b'#')) {
        return false;
    }
    let Some(colon) = memchr::memrchr(b':', authority) else {
        return false;
    };
    let port = &authority[colon + 1..];
    let host = &authority[..colon];
    let host = host.rsplit(|&b| b == b'@').next().unwrap_or(host);
    let open_literal = host.contains(&b'[') && !host.contains(&b']');
    !port.is_empty() && port.iter().all(u8::is_ascii_digit) && !host.is_empty() && !open_literal
}

pub(super) fn bracket_ends_authority(so_far: &[u8]) -> bool {
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
pub(super) fn template_expression_end(w: &Window<'_>, j: usize) -> Option<Option<usize>> {
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
pub(super) fn uri_starts_at(w: &Window<'_>, i: usize) -> Option<bool> {
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
pub(super) fn string_continuation(w: &Window<'_>, j: usize, q: u8) -> Continued {
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
