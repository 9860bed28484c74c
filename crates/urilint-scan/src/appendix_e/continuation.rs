//! Whether a URI goes on past a line break: after a hyphen
//! ([`hyphen_continuation`]) or in a hard-wrapped paragraph
//! ([`wrap_continuation`]), reply prefixes and comment markers read
//! through.

use super::*;

/// How far [`string_continuation`] looks for the end of the next string
/// literal, in bytes: a catalogue line or a source line, not a minified
/// file's.
pub(super) const CONTINUATION_LOOKAHEAD: usize = 4096;

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
            Some(b) if b.is_ascii_alphanumeric() => unless_key(w, k),
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
        Some(b) if b.is_ascii_alphanumeric() => unless_key(w, next + prefix.len()),
        _ => Continuation::No,
    }
}

/// How far [`unless_key`] reads a next line's first word, in bytes: a
/// key of configuration or code, not a path.
const KEY_LOOKAHEAD: usize = 64;

/// [`Continuation::At`] `k`, unless the next line starts with a key: a
/// word of letters, digits, `_`, `-` and `.` ending in `:` and white space
/// (`joinTo: {`, `Note: ...`, `url: ...`). That is the next line's own
/// structure, a field of code or configuration or a label of prose,
/// not a URI's rest: a URI's `:` before white space would be trailing
/// punctuation anyway. Issue 46, round 7: knative/docs's
/// `brunch-config.js`, a comment's `http://brunch.io/docs/config#-files-`
/// above the commented-out code `// joinTo: {`.
fn unless_key(w: &Window<'_>, k: usize) -> Continuation {
    let hay = w.hay;
    let end = hay.len().min(k + KEY_LOOKAHEAD);
    let word = hay[k..end]
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
        .count();
    match (hay.get(k + word), hay.get(k + word + 1)) {
        (None, _) | (Some(b':'), None) if !w.eof && end == hay.len() => Continuation::NeedMore,
        (Some(b':'), None) => Continuation::No,
        (Some(b':'), Some(b' ' | b'\t' | b'\n' | b'\r')) => Continuation::No,
        _ => Continuation::At(k),
    }
}

/// The comment prefix ([`comment_prefix`]) of the line that index `at`
/// of the window is on: `(line start, prefix length)`; `None` when that
/// line is no program's comment, or its start lies more than
/// `4 * MAX_WRAP_WIDTH` bytes back (not looked for further, so that
/// decisions never depend on how the input was read).
pub(super) fn comment_prefix_at(w: &Window<'_>, at: usize) -> Option<(usize, usize)> {
    let hay = w.hay;
    let at = at.min(hay.len());
    let floor = at.saturating_sub(4 * MAX_WRAP_WIDTH);
    let start = match memchr::memrchr2(b'\n', b'\r', &hay[floor..at]) {
        Some(p) => floor + p + 1,
        None if floor == 0 && w.bof => 0,
        None => return None,
    };
    Some((start, comment_prefix(&hay[start..at])?))
}

/// Where a URI that goes on past the one line break in `hay[from..to]`
/// (white space) goes on, when the line before it is a program's comment
/// ([`comment_prefix_at`] of `from`): right after the same comment prefix
/// at the start of the next line (`/// <https://a/` then `/// b>`), as
/// [`hyphen_continuation`] has it; [`Continuation::No`] when the next
/// line does not repeat the prefix (it is code, or another comment). `None`
/// when the line is no comment: the caller's own rule applies.
pub(super) fn after_comment_prefix(w: &Window<'_>, from: usize, to: usize) -> Option<Continuation> {
    let hay = w.hay;
    let (start, n) = comment_prefix_at(w, from)?;
    let prefix = &hay[start..start + n];
    let Some(brk) = memchr::memrchr2(b'\n', b'\r', &hay[from..to]) else {
        return Some(Continuation::No);
    };
    let next = from + brk + 1;
    let have = hay.len().min(next + n);
    if hay[next..have] != prefix[..have - next] {
        return Some(Continuation::No);
    }
    if have < next + n {
        return Some(if w.eof {
            Continuation::No
        } else {
            Continuation::NeedMore
        });
    }
    Some(Continuation::At(next + n))
}

/// True when the candidate whose scheme starts at `s` (its colon at
/// `colon`) is inside a code span (after an odd number of backquotes) on
/// a line of a program's comment ([`comment_prefix_at`]) and has no `//`
/// after its colon: code (`` /// `Iterator<Item: SomeOtherTrait>` ``, a
/// Rust doc comment's type), not a URI. A URI with `//` in a code span
/// is still one (`` `https://example.org` ``).
pub(super) fn in_comment_code_span(w: &Window<'_>, s: usize, colon: usize) -> bool {
    let hay = w.hay;
    if hay.get(colon + 1..colon + 3) == Some(b"//".as_slice()) {
        return false;
    }
    comment_prefix_at(w, s)
        .is_some_and(|(start, n)| memchr::memchr_iter(b'`', &hay[start + n..s]).count() % 2 == 1)
}

/// The length of the comment prefix `line` starts with: indentation
/// (spaces, tabs), a comment marker of a program (`//`, `///`, `//!`,
/// `#` or a run of them, `--`, `;`, `;;`) and the spaces or tabs after it, which must be
/// at least one; `None` when the line is no such comment. (`*`, a block
/// comment's margin, is not one: it is also a Markdown list's bullet.)
fn comment_prefix(line: &[u8]) -> Option<usize> {
    let indent = line
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    let rest = &line[indent..];
    // A run of `#` is one marker: `## ` (PowerShell's and shell's
    // section comments, asciidoctor/asciidoctorj's
    // `chocolatey/tools/chocolateyuninstall.ps1`; and a Markdown heading,
    // which is no more hard-wrapped than a comment).
    let hashes = rest.iter().take_while(|&&b| b == b'#').count();
    let marker = [
        &b"///"[..],
        b"//!",
        b"//",
        &rest[..hashes],
        b"--",
        b";;",
        b";",
    ]
    .into_iter()
    .find(|m| !m.is_empty() && rest.starts_with(m))?;
    let spaces = rest[marker.len()..]
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    (spaces > 0).then_some(indent + marker.len() + spaces)
}

/// The shortest line, in characters, that a bare URI ending it may have
/// been hard-wrapped at: fill widths are 64 to 80 (`fmt` 75, Emacs 70,
/// mail clients 72 to 78), and a URI cut there ends the line near it.
pub(super) const MIN_WRAP_WIDTH: usize = 60;
/// The longest such line: text wrapped at all is wrapped narrower, so a
/// line break after a longer line was the writer's.
pub(super) const MAX_WRAP_WIDTH: usize = 100;

/// After a bare URI whose current segment starts at `seg` (its start, or
/// where the last line break it was joined across left it), at the white
/// space at `j`: when the line looks hard-wrapped in mid-URI, the index
/// where the URI goes on.
///
/// All of these must hold ([`crate::ScanOptions::join_wrapped_lines`]):
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
pub(super) fn wrap_continuation(w: &Window<'_>, seg: usize, j: usize) -> Continuation {
    match wrapped_at(w, seg, j) {
        Ok(k) => Continuation::At(k),
        Err(no) => no,
    }
}

/// [`wrap_continuation`] in its steps: the byte before the break, the one
/// line break ([`line_break_after`]), the wrapped line and its reply
/// prefix ([`wrapped_line_prefix`]), the prefix repeated
/// ([`after_reply_prefix`]), the next line's first word
/// ([`first_word_end`], [`slash_word_taken`], [`wraps_on`]). `Err` holds
/// the answer when it is not [`Continuation::At`].
#[inline]
fn wrapped_at(w: &Window<'_>, seg: usize, j: usize) -> Result<usize, Continuation> {
    let hay = w.hay;
    let last = hay[j - 1];
    if !is(last, URI_TEXT) || TRAILING.contains(&last) || matches!(last, b')' | b']') {
        return Err(Continuation::No);
    }
    let k = line_break_after(w, j)?;
    let prefix = wrapped_line_prefix(w, seg, j)?;
    let k = after_reply_prefix(w, k, prefix)?;
    // The next line's first word.
    let e = first_word_end(w, k)?;
    let mut word = &hay[k..e];
    while let Some((&b, rest)) = word.split_last() {
        if TRAILING.contains(&b) || matches!(b, b')' | b']' | b'>') {
            word = rest;
        } else {
            break;
        }
    }
    slash_word_taken(w, seg, last, k..e, word)?;
    if key_assignment(word) && key_assignment(&hay[line_start(w, seg, j)..seg]) {
        // A line of `key=value` pairs then another (a `.properties`,
        // `.env` or INI file: spring-projects/spring-batch's
        // `spring.datasource.url=jdbc:postgresql://localhost:5432/postgres`
        // above `spring.datasource.username=postgres`, issue 46 round
        // 11): one value per line, not wrapped text.
        return Err(Continuation::No);
    }
    if wraps_on(word) {
        Ok(k)
    } else {
        Err(Continuation::No)
    }
}

/// True when `text` starts with a key and `=` (after indentation): a
/// name of letters, digits, `_`, `-` and `.` that starts with a letter or
/// `_` (`spring.datasource.username=`, `DATABASE_URL=`).
fn key_assignment(text: &[u8]) -> bool {
    let t = &text[text
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count()..];
    if !t
        .first()
        .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_')
    {
        return false;
    }
    let n = t
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
        .count();
    t.get(n) == Some(&b'=')
}

/// The start of the line that index `seg` of the window is on (a white
/// space at `j` after it), looked for no further back than four times
/// [`MAX_WRAP_WIDTH`] before `j`: that far back, or the window's start.
fn line_start(w: &Window<'_>, seg: usize, j: usize) -> usize {
    let floor = j.saturating_sub(4 * MAX_WRAP_WIDTH).min(seg);
    memchr::memrchr2(b'\n', b'\r', &w.hay[floor..seg]).map_or(floor, |p| floor + p + 1)
}

/// After the white space at `j` ([`wrap_continuation`]): the start of the
/// next line, when spaces or tabs then exactly one line break follow.
#[inline]
fn line_break_after(w: &Window<'_>, j: usize) -> Result<usize, Continuation> {
    let hay = w.hay;
    // Spaces or tabs a writer or encoder left at the end of the line
    // (`=20` before a quoted-printable soft break), then exactly one line
    // break, then the next line's first byte.
    let mut k = j;
    while k < hay.len() && matches!(hay[k], b' ' | b'\t') {
        k += 1;
    }
    if k == hay.len() {
        return Err(if w.eof {
            Continuation::No
        } else {
            Continuation::NeedMore
        });
    }
    if !matches!(hay[k], b'\r' | b'\n') {
        return Err(Continuation::No);
    }
    if hay[k] == b'\r' {
        k += 1;
        if k == hay.len() && !w.eof {
            return Err(Continuation::NeedMore);
        }
    }
    if hay.get(k) == Some(&b'\n') {
        k += 1;
    }
    Ok(k)
}

/// The reply prefix of the line that the URI's current segment (from
/// `seg`) is on up to `j` ([`wrap_continuation`]), when that line is no
/// program's comment and is [`MIN_WRAP_WIDTH`] to [`MAX_WRAP_WIDTH`]
/// characters long without it.
#[inline]
fn wrapped_line_prefix<'h>(w: &Window<'h>, seg: usize, j: usize) -> Result<&'h [u8], Continuation> {
    let hay = w.hay;
    // The start of the line the URI's current segment is on, and its
    // reply prefix (`> `, `>> `, `> > `), which the next line must repeat;
    // looked for only once a line break follows (most bare URIs end at a
    // space inside a line).
    let line_start = line_start(w, seg, j);
    // A line of a program's comment (`// see https://...`, `# see
    // https://...`) is not hard-wrapped prose: the next line is code.
    if comment_line(&hay[line_start..j]) {
        return Err(Continuation::No);
    }
    let prefix = &hay[line_start..line_start + reply_prefix(&hay[line_start..j])];
    let width = hay[line_start + prefix.len()..j]
        .iter()
        .filter(|&&b| !(0x80..0xC0).contains(&b))
        .count();
    if !(MIN_WRAP_WIDTH..=MAX_WRAP_WIDTH).contains(&width) {
        return Err(Continuation::No);
    }
    Ok(prefix)
}

/// Where the next line (from `k`) goes on after the same reply `prefix`
/// as the wrapped line's ([`wrapped_line_prefix`]).
#[inline]
fn after_reply_prefix(w: &Window<'_>, mut k: usize, prefix: &[u8]) -> Result<usize, Continuation> {
    let hay = w.hay;
    // The same reply prefix.
    if !prefix.is_empty() {
        let have = hay.len().min(k + prefix.len());
        if !hay[k..have].eq(&prefix[..have - k]) {
            return Err(Continuation::No);
        }
        if have < k + prefix.len() {
            return Err(if w.eof {
                Continuation::No
            } else {
                Continuation::NeedMore
            });
        }
        k += prefix.len();
    }
    Ok(k)
}

/// The end of the next line's first word, from `k`: URI characters up to
/// white space or the end of the input.
#[inline]
fn first_word_end(w: &Window<'_>, k: usize) -> Result<usize, Continuation> {
    let hay = w.hay;
    let mut e = k;
    while e < hay.len() && is(hay[e], URI_TEXT) {
        e += 1;
    }
    if e == hay.len() && !w.eof {
        return Err(Continuation::NeedMore);
    }
    match hay.get(e) {
        None => {}
        Some(&b) if is(b, SPACE) => {}
        Some(_) => return Err(Continuation::No),
    }
    Ok(e)
}

/// `Err` when the next line's first `word` (at `hay[first]`, its
/// trailing punctuation removed) starts with `/` and is not taken as the
/// rest of a cut path: `last` is the byte before the line break, `seg`
/// where the URI's current segment starts.
#[inline]
fn slash_word_taken(
    w: &Window<'_>,
    seg: usize,
    last: u8,
    first: std::ops::Range<usize>,
    word: &[u8],
) -> Result<(), Continuation> {
    let hay = w.hay;
    let (k, e) = (first.start, first.end);
    // A word that starts with `/` goes on a cut path only when it is the
    // whole line: `/guide/list.html   https://...` starts a row of a
    // table (a `_redirects` file), as a path often does. Or when the
    // path goes on for sure: the URI ends the line with `+` (Gerrit's
    // `/c/openbmc/docs/+` then `/27804`: no path segment ends so), or
    // the word closes the bracket the URI was opened in
    // (`[https://.../docs/+` then `/27804] merged`, issue 49).
    let closes_bracket = |opener: u8| {
        seg > 0
            && hay[seg - 1] == opener
            && hay[k..e]
                .iter()
                .rev()
                .take_while(|b| !b.is_ascii_alphanumeric())
                .any(|&b| matches!((opener, b), (b'[', b']') | (b'(', b')') | (b'<', b'>')))
    };
    let path_goes_on =
        last == b'+' || closes_bracket(b'[') || closes_bracket(b'(') || closes_bracket(b'<');
    if word.first() == Some(&b'/') && !path_goes_on {
        let mut t = e;
        while t < hay.len() && matches!(hay[t], b' ' | b'\t') {
            t += 1;
        }
        if t == hay.len() && !w.eof {
            return Err(Continuation::NeedMore);
        }
        if t < hay.len() && !matches!(hay[t], b'\r' | b'\n') {
            return Err(Continuation::No);
        }
    }
    Ok(())
}

/// True when `line` (from its start) is a comment of a program: after
/// indentation, a comment marker and a space ([`comment_prefix`]: `//`,
/// `///`, `//!`, `#`, `--`, `;`).
pub(super) fn comment_line(line: &[u8]) -> bool {
    comment_prefix(line).is_some()
}

/// The length of the reply prefix `line` starts with: `>` characters,
/// each optionally followed by one space (`> `, `>> `, `> > `); 0 when
/// there is none.
pub(super) fn reply_prefix(line: &[u8]) -> usize {
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
pub(super) fn wraps_on(word: &[u8]) -> bool {
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
pub(super) fn space_run(w: &Window<'_>, mut j: usize) -> Option<(usize, usize)> {
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
