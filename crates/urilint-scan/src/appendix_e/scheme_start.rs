//! Where the scheme before a `:` starts: the quick test of whether a colon
//! is worth a look ([`worth_a_look`]), the run of scheme characters before
//! it (a word at a time), wrapper schemes (`jdbc:`, `jar:`,
//! `view-source:`), schemes split by a line break, and text glued to the
//! front of a web URI.

use super::*;

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
pub(super) fn opened_before_space(hay: &[u8], s: usize, min_start: usize) -> bool {
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
pub(super) fn is_line_break_space(hay: &[u8], from: usize, to: usize) -> bool {
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
pub(super) fn scheme_run_start(hay: &[u8], end: usize, floor: usize) -> usize {
    let lo = floor.max(end.saturating_sub(MAX_SCHEME + 1)).min(end);
    let mut a = end;
    // Sixteen bytes in one SSE2 classification first: nearly every word
    // before a colon (`color`, `font-size`, `https`) ends there.
    #[cfg(target_arch = "x86_64")]
    if let Some(chunk) = end.checked_sub(16).and_then(|from| hay.get(from..end)) {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(chunk);
        let others = super::super::lanes::non_scheme(bytes);
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
pub(super) fn non_scheme_bytes(x: u64) -> u64 {
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
pub(super) const WRAPPERS: [&[u8]; 3] = [b"jdbc", b"jar", b"view-source"];

/// The start of a wrapper scheme ([`WRAPPERS`], any case) whose `:` is at
/// index `colon`, at a word start and at or after `min_start`.
#[inline]
pub(super) fn wrapper_at(hay: &[u8], colon: usize, min_start: usize) -> Option<usize> {
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
pub(super) fn wrapped_start(hay: &[u8], mut s: usize, min_start: usize) -> usize {
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
#[inline(always)]
pub(super) fn plain_scheme(hay: &[u8], colon: usize, min_start: usize) -> Option<usize> {
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
pub(super) fn split_scheme(
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
pub(super) fn line_break_at_colon(hay: &[u8], colon: usize, min_start: usize) -> bool {
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

/// Text glued to the front of a web URI (`lookhttp://`, `=A0https://`,
/// `example.comhttp://`, from HTML-to-text conversion and encodings): when
/// the scheme run before `://` is not a registered scheme but ends in
/// `http` or `https` after a letter, digit or `.`, the URI starts at that
/// suffix. Compound schemes such as `git+https` are left alone. Returns the
/// new start of the scheme.
pub(super) fn unglue_web_scheme(hay: &[u8], s: usize, colon: usize) -> usize {
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
