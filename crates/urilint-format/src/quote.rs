//! Reply quoting and format=flowed: the text of a mail body as its writer
//! wrote it, with a map back.
//!
//! This module owns two steps on a decoded text/plain body, done in one
//! pass:
//! - **Reply prefixes.** A line quoted in a reply starts with `>` (or
//!   `> > `, `>>`, each `>` optionally followed by one space); the prefix
//!   is removed, so that a URI wrapped onto the next line under the same
//!   prefix is rejoined by the scanner like any line-broken URI (RFC 3986
//!   Appendix C) and the prefix is never part of it.
//! - **format=flowed** (RFC 3676): when the part says
//!   `format=flowed`, a line ending in a space is joined with the next
//!   line of the same quote depth (section 4.2; with `DelSp=yes` the
//!   space is removed too, section 4.3), and a space-stuffed line loses
//!   its leading space (section 4.4). The signature separator `-- ` is
//!   never joined.
//!
//! Removed bytes map to nothing; every kept byte maps to itself
//! ([`OffsetMap::exact`]). It does not own transfer encodings or charsets
//! (`super::qp`, `super::base64`, `super::charset`).

use super::map::OffsetMap;

/// How a body is to be unquoted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flowed {
    /// `format=flowed` (RFC 3676).
    pub flowed: bool,
    /// `delsp=yes` (RFC 3676 section 4.3).
    pub delsp: bool,
}

/// One line of the input: its prefix length, quote depth, content and
/// line break ranges.
struct Line {
    start: usize,
    /// First byte after the quote prefix (and a stuffed space).
    content: usize,
    /// End of the content (the line break excluded).
    end: usize,
    /// End of the line break.
    next: usize,
    depth: usize,
}

fn lines(input: &[u8], flowed: bool) -> impl Iterator<Item = Line> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= input.len() {
            return None;
        }
        let start = at;
        let nl = memchr::memchr(b'\n', &input[at..]).map_or(input.len(), |p| at + p);
        let next = (nl + 1).min(input.len());
        let end = if nl > start && input.get(nl - 1) == Some(&b'\r') && nl < input.len() {
            nl - 1
        } else {
            nl
        };
        let mut p = start;
        let mut depth = 0;
        while p < end && input[p] == b'>' {
            depth += 1;
            p += 1;
            if p < end && input[p] == b' ' && !(flowed && input.get(p + 1) == Some(&b'>')) {
                p += 1;
            }
        }
        if flowed && depth == 0 && p < end && input[p] == b' ' {
            // A space-stuffed line (RFC 3676 section 4.4).
            p += 1;
        }
        at = next;
        Some(Line {
            start,
            content: p,
            end,
            next,
            depth,
        })
    })
}

/// Unquotes `input` (see the module doc); the map's offsets are into
/// `input`. Gives `None` when nothing would change (no quoted line and
/// not flowed), so the caller keeps the text as it is.
pub fn unquote(input: &[u8], how: Flowed) -> Option<(Vec<u8>, OffsetMap)> {
    if !how.flowed && !has_quoted_line(input) {
        return None;
    }
    if !how.flowed {
        return Some(unquote_prefixes(input));
    }
    Some(unquote_lines(input, how))
}

/// [`unquote`] of a body that is not flowed: only the reply prefixes go,
/// so the lines between two quoted lines are taken as one run (one copy,
/// one search for the next quoted line), as [`unquote_lines`] takes them
/// a line at a time.
fn unquote_prefixes(input: &[u8]) -> (Vec<u8>, OffsetMap) {
    let mut out = Vec::with_capacity(input.len());
    let mut map = OffsetMap::new();
    let mut at = 0;
    while at < input.len() {
        if input[at] != b'>' {
            // Up to the start of the next quoted line.
            let next = crate::needles::newline_quote()
                .find(&input[at..])
                .map_or(input.len(), |p| at + p + 1);
            out.extend_from_slice(&input[at..next]);
            map.exact(at as u64, (next - at) as u64);
            at = next;
            continue;
        }
        // A quoted line: its prefix as [`lines`] reads it.
        let nl = memchr::memchr(b'\n', &input[at..]).map_or(input.len(), |p| at + p);
        let next = (nl + 1).min(input.len());
        let end = if nl > at && input[nl - 1] == b'\r' && nl < input.len() {
            nl - 1
        } else {
            nl
        };
        let mut p = at;
        while p < end && input[p] == b'>' {
            p += 1;
            if p < end && input[p] == b' ' {
                p += 1;
            }
        }
        out.extend_from_slice(&input[p..next]);
        map.exact(p as u64, (next - p) as u64);
        at = next;
    }
    (out, map)
}

/// [`unquote`] a line at a time (a flowed body's lines are joined).
fn unquote_lines(input: &[u8], how: Flowed) -> (Vec<u8>, OffsetMap) {
    let mut out = Vec::with_capacity(input.len());
    let mut map = OffsetMap::new();
    let mut it = lines(input, how.flowed).peekable();
    while let Some(line) = it.next() {
        debug_assert!(line.start <= line.content);
        let content = &input[line.content..line.end];
        let soft = how.flowed
            && content.last() == Some(&b' ')
            && content != b"-- "
            && it.peek().is_some_and(|n| n.depth == line.depth);
        if soft {
            let keep = if how.delsp { line.end - 1 } else { line.end };
            out.extend_from_slice(&input[line.content..keep]);
            map.exact(line.content as u64, (keep - line.content) as u64);
        } else {
            out.extend_from_slice(&input[line.content..line.next]);
            map.exact(line.content as u64, (line.next - line.content) as u64);
        }
    }
    (out, map)
}

/// True when some line of `input` starts with `>`.
fn has_quoted_line(input: &[u8]) -> bool {
    input.first() == Some(&b'>') || crate::needles::newline_quote().find(input).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 49: the prefixes of a body that is not flowed are removed
    /// in runs of lines as [`unquote_lines`] removes them line by line,
    /// on every way of writing a prefix and a line end.
    #[test]
    fn prefixes_removed_in_runs_as_line_by_line() {
        let pieces = [
            "",
            ">",
            "> ",
            ">>",
            "> >",
            "x",
            " ",
            "\r",
            "\n",
            "\r\n",
            "a > b",
            ">\r\n",
            "--",
            "http://a/b",
        ];
        let mut n = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    for d in pieces {
                        let input = format!("{a}{b}{c}{d}");
                        let lines = unquote_lines(input.as_bytes(), Flowed::default());
                        assert_eq!(unquote_prefixes(input.as_bytes()), lines, "{input:?}");
                        n += 1;
                    }
                }
            }
        }
        assert_eq!(n, 14usize.pow(4));
    }

    fn run(input: &str, how: Flowed) -> (String, OffsetMap) {
        let (t, m) = unquote(input.as_bytes(), how).unwrap_or_else(|| {
            (
                input.as_bytes().to_vec(),
                OffsetMap::identity(0, input.len() as u64),
            )
        });
        (String::from_utf8(t).unwrap_or_default(), m)
    }

    #[test]
    fn prefixes_removed_and_mapped() {
        let input = "On Mon, A wrote:\n> see <https://a.example/long/\n> path/x> ok\n> > <http://b.example/c\n> > d>\n";
        let (t, m) = run(input, Flowed::default());
        assert_eq!(
            t,
            "On Mon, A wrote:\nsee <https://a.example/long/\npath/x> ok\n<http://b.example/c\nd>\n"
        );
        let s = t.find("https").unwrap_or(0) as u64;
        let e = t.find("/x>").unwrap_or(0) as u64 + 2;
        let span = m.span(s..e);
        assert_eq!(
            &input[span.start as usize..span.end as usize],
            "https://a.example/long/\n> path/x"
        );
    }

    #[test]
    fn flowed_lines_join_at_same_depth() {
        let input = "a long \r\nline\r\n> q1 \r\n> q2\r\n -- stuffed\r\n-- \r\nsig\r\n";
        let (t, _) = run(
            input,
            Flowed {
                flowed: true,
                delsp: false,
            },
        );
        assert_eq!(t, "a long line\r\nq1 q2\r\n-- stuffed\r\n-- \r\nsig\r\n");
        let (t, _) = run(
            "http://a.exam \nple/\n",
            Flowed {
                flowed: true,
                delsp: true,
            },
        );
        assert_eq!(t, "http://a.example/\n");
    }

    #[test]
    fn unquoted_text_is_left_alone() {
        assert!(unquote(b"no quotes here\nat all\n", Flowed::default()).is_none());
        assert!(unquote(b"a > b\n", Flowed::default()).is_none());
    }

    #[test]
    fn depth_change_is_not_joined() {
        let (t, _) = run(
            "> x \ny\n",
            Flowed {
                flowed: true,
                delsp: false,
            },
        );
        assert_eq!(t, "x \ny\n");
    }
}
