//! Unified diffs of fixes (`--diff`), made from the edits themselves.
//!
//! This module owns the diff text: `--- a/PATH` / `+++ b/PATH` headers and
//! hunks with 3 lines of context, as `git diff` and `ruff --diff` print
//! them (hunk ranges as GNU diff writes them: `-5` for one line, `-5,0`
//! for none). Since the fixer knows exactly which bytes it replaces, no
//! diff algorithm is run: the file is read once, line by line, and every
//! line an edit touches is shown removed and then added with the edits
//! applied. That takes time linear in the file and the edits (a diff
//! algorithm over 40,000 changed lines took seconds), and the lines are
//! the file's bytes as they are: invalid UTF-8 and CR are kept, so that
//! `patch` and `git apply` take the diff. A last line without a line end
//! gets GNU's `\ No newline at end of file` marker. It does not own
//! deciding what changed (the fixer).

use std::collections::VecDeque;
use std::io::{self, BufRead, BufReader};

use super::{apply_edits, Edit, ReadAtReader};
use crate::lines::ReadAt;

/// Lines of context around each change.
const CONTEXT: usize = 3;

/// `path` without `.` components (`./a/./b` is `a/b`): git and GNU patch
/// take `a/` and `b/` before the name as the path of the file, and `git
/// apply` refuses `a/./file`.
fn without_dot_components(path: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let parts: Vec<&[u8]> = path.split(|&b| b == b'/').collect();
    if !parts.iter().skip(1).any(|p| *p == b".") && parts.first() != Some(&&b"."[..]) {
        return std::borrow::Cow::Borrowed(path);
    }
    let absolute = path.first() == Some(&b'/');
    let kept: Vec<&[u8]> = parts
        .into_iter()
        .filter(|p| *p != b"." && !p.is_empty())
        .collect();
    let mut out = Vec::with_capacity(path.len());
    if absolute {
        out.push(b'/');
    }
    out.extend_from_slice(&kept.join(&b'/'));
    std::borrow::Cow::Owned(out)
}

/// Appends to `out` the unified diff of the file `path` (the exact bytes
/// of its name, quoted in the headers as git quotes names with control
/// characters, quotes, backslashes or non-ASCII bytes: `"a/x\ny"`, octal
/// for other bytes; GNU patch and git read that form) (`len` bytes,
/// read from `src`) and the same file with `edits` (sorted, not
/// overlapping, within `len`, as [`super::select`] and
/// [`super::compose`] give them) applied; nothing when no edit changes
/// it. Memory holds the lines of one hunk.
///
/// # Errors
/// A read error of `src`.
pub fn unified_edits<S: ReadAt>(
    out: &mut Vec<u8>,
    path: &[u8],
    src: S,
    len: u64,
    edits: &[Edit],
) -> io::Result<()> {
    let path = without_dot_components(path);
    let mut d = Differ {
        out,
        path: &path,
        header: false,
        before: VecDeque::new(),
        hunk: None,
        delta: 0,
    };
    let mut reader = BufReader::with_capacity(64 * 1024, ReadAtReader::new(src));
    let mut ls: u64 = 0;
    let mut line_no: usize = 0;
    let mut ei = 0usize;
    // The group of touched lines being collected: first line number, its
    // start offset, the bytes.
    let mut group: Option<(usize, u64, Vec<u8>)> = None;
    let mut line = Vec::new();
    let mut joined = false;
    loop {
        line.clear();
        let mut n = reader.read_until(b'\n', &mut line)? as u64;
        if ls + n > len {
            // The file grew since it was linted: stop at the length read.
            line.truncate((len - ls) as usize);
            n = len - ls;
        }
        if n == 0 {
            break;
        }
        let le = ls + n;
        let last = le == len;
        // Skip edits wholly before this line.
        while ei < edits.len() && before_line(&edits[ei], ls) {
            ei += 1;
        }
        let touched = joined
            || edits[ei..]
                .iter()
                .take_while(|e| e.start < le || (last && e.start == le))
                .any(|e| touches(e, ls, le, last));
        if touched {
            // Consecutive changed lines make one group (shown as all its
            // old lines, then all its new ones, as git does).
            let g = group.get_or_insert_with(|| (line_no, ls, Vec::new()));
            g.2.extend_from_slice(&line);
            // An edit that replaces this line's end by something that is
            // not one joins the next line to the group.
            joined = edits[ei..].iter().take_while(|e| e.start < le).any(|e| {
                e.end > le || (e.end == le && e.start < le && !e.replacement.ends_with('\n'))
            });
        } else {
            if let Some((first, gs, old)) = group.take() {
                d.change(first, gs, &old, edits, len);
            }
            d.context(line.clone());
        }
        ls = le;
        line_no += 1;
        if last {
            break;
        }
    }
    if let Some((first, gs, old)) = group.take() {
        d.change(first, gs, &old, edits, len);
    }
    // Inserts into an empty file belong to no line.
    if len == 0 && !edits.is_empty() {
        let new = apply_edits(b"", edits);
        if !new.is_empty() {
            d.group(0, &[], &new);
        }
    }
    d.finish();
    Ok(())
}

/// True when `e` lies wholly before the line starting at `ls`: it ends
/// before it, or it ends at its start after replacing something, or it is
/// an insert before it.
fn before_line(e: &Edit, ls: u64) -> bool {
    e.end < ls || (e.end == ls && (e.start < e.end || e.start < ls))
}

/// True when `e` changes the line `ls..le` (its line end included): it
/// overlaps its bytes, or inserts inside it or at its start, or (for the
/// last line of a file without a final line end) at its end.
fn touches(e: &Edit, ls: u64, le: u64, last: bool) -> bool {
    if e.start == e.end {
        (ls <= e.start && e.start < le) || (last && e.start == le)
    } else {
        e.start < le && e.end > ls
    }
}

/// One hunk being built.
struct Hunk {
    /// 0-based first old line and first new line.
    old_start: usize,
    new_start: usize,
    old_n: usize,
    new_n: usize,
    body: Vec<u8>,
    /// Unchanged lines after the last change (at most `2 * CONTEXT`).
    trailing: Vec<Vec<u8>>,
}

struct Differ<'o, 'p> {
    out: &'o mut Vec<u8>,
    path: &'p [u8],
    header: bool,
    /// The last unchanged lines before any open hunk.
    before: VecDeque<Vec<u8>>,
    hunk: Option<Hunk>,
    /// New lines minus old lines so far.
    delta: i64,
}

fn push_line(body: &mut Vec<u8>, sign: u8, line: &[u8]) {
    body.push(sign);
    body.extend_from_slice(line);
    if !line.ends_with(b"\n") {
        body.extend_from_slice(b"\n\\ No newline at end of file\n");
    }
}

/// Splits `text` after each LF (the last piece may have none).
fn split_lines(text: &[u8]) -> Vec<&[u8]> {
    let mut v = Vec::new();
    let mut from = 0;
    for (i, &b) in text.iter().enumerate() {
        if b == b'\n' {
            v.push(&text[from..=i]);
            from = i + 1;
        }
    }
    if from < text.len() {
        v.push(&text[from..]);
    }
    v
}

/// Appends a header line: `lead` (`--- `), then `prefix` (`a/`) and the
/// name, quoted as git quotes names when they hold a byte that is a
/// control character, `"`, `\\` or not ASCII.
fn header_name(out: &mut Vec<u8>, lead: &[u8], prefix: &[u8], name: &[u8]) {
    out.extend_from_slice(lead);
    let quote = name
        .iter()
        .any(|&b| b < 0x20 || b == 0x7f || b == b'"' || b == b'\\' || b >= 0x80);
    if !quote {
        out.extend_from_slice(prefix);
        out.extend_from_slice(name);
        out.push(b'\n');
        return;
    }
    out.push(b'"');
    out.extend_from_slice(prefix);
    for &b in name {
        match b {
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x20..=0x7e => out.push(b),
            _ => out.extend_from_slice(format!("\\{b:03o}").as_bytes()),
        }
    }
    out.extend_from_slice(b"\"\n");
}

/// GNU's hunk range: `start` 0-based, `n` lines.
fn range(start: usize, n: usize) -> String {
    match n {
        1 => format!("{}", start + 1),
        0 => format!("{start},0"),
        _ => format!("{},{n}", start + 1),
    }
}

impl Differ<'_, '_> {
    /// An unchanged line.
    fn context(&mut self, line: Vec<u8>) {
        match &mut self.hunk {
            Some(h) => {
                h.trailing.push(line);
                if h.trailing.len() > 2 * CONTEXT {
                    let mut rest = h.trailing.split_off(CONTEXT);
                    self.close();
                    let keep = rest.len().saturating_sub(CONTEXT);
                    self.before = rest.drain(keep..).collect();
                }
            }
            None => {
                self.before.push_back(line);
                if self.before.len() > CONTEXT {
                    self.before.pop_front();
                }
            }
        }
    }

    /// The old lines from line `first` (bytes `old`, starting at byte `gs`
    /// of a file of `len` bytes), changed by the edits that touch them.
    fn change(&mut self, first: usize, gs: u64, old: &[u8], edits: &[Edit], len: u64) {
        let ge = gs + old.len() as u64;
        let lo = edits.partition_point(|e| e.end < gs || (e.end == gs && e.start < gs));
        let local: Vec<Edit> = edits[lo..]
            .iter()
            .take_while(|e| e.start <= ge)
            .filter(|e| e.start >= gs && e.end <= ge)
            .filter(|e| e.start < ge || ge == len)
            .map(|e| Edit {
                start: e.start - gs,
                end: e.end - gs,
                replacement: e.replacement.clone(),
            })
            .collect();
        let new = apply_edits(old, &local);
        if new == old {
            for l in split_lines(old) {
                self.context(l.to_vec());
            }
            return;
        }
        self.group(first, old, &new);
    }

    /// Adds a changed group: old lines from line `first`, `old` bytes,
    /// become `new`.
    fn group(&mut self, first: usize, old: &[u8], new: &[u8]) {
        let old_lines = split_lines(old);
        let new_lines = split_lines(new);
        let delta = self.delta;
        let h = self.hunk.get_or_insert_with(|| {
            let ctx = self.before.len();
            let old_start = first - ctx;
            let mut body = Vec::new();
            for l in self.before.drain(..) {
                push_line(&mut body, b' ', &l);
            }
            Hunk {
                old_start,
                new_start: (old_start as i64 + delta).max(0) as usize,
                old_n: ctx,
                new_n: ctx,
                body,
                trailing: Vec::new(),
            }
        });
        for l in h.trailing.drain(..) {
            push_line(&mut h.body, b' ', &l);
            h.old_n += 1;
            h.new_n += 1;
        }
        for l in &old_lines {
            push_line(&mut h.body, b'-', l);
        }
        for l in &new_lines {
            push_line(&mut h.body, b'+', l);
        }
        h.old_n += old_lines.len();
        h.new_n += new_lines.len();
        self.delta += new_lines.len() as i64 - old_lines.len() as i64;
    }

    /// Writes the open hunk, with up to `CONTEXT` trailing lines.
    fn close(&mut self) {
        let Some(mut h) = self.hunk.take() else {
            return;
        };
        for l in h.trailing.drain(..).take(CONTEXT) {
            push_line(&mut h.body, b' ', &l);
            h.old_n += 1;
            h.new_n += 1;
        }
        if !self.header {
            self.header = true;
            for side in [&b"--- a/"[..], &b"+++ b/"[..]] {
                header_name(self.out, &side[..4], &side[4..], self.path);
            }
        }
        self.out.extend_from_slice(
            format!(
                "@@ -{} +{} @@\n",
                range(h.old_start, h.old_n),
                range(h.new_start, h.new_n)
            )
            .as_bytes(),
        );
        self.out.extend_from_slice(&h.body);
    }

    fn finish(&mut self) {
        self.close();
    }
}

#[cfg(test)]
mod tests {
    /// `--diff` run on `.` wrote `a/./file` headers, which `git apply`
    /// rejects (issue 25).
    #[test]
    fn dot_components_leave_the_headers() {
        use super::without_dot_components as w;
        assert_eq!(&*w(b"./docs/a.md"), b"docs/a.md");
        assert_eq!(&*w(b"./././a.md"), b"a.md");
        assert_eq!(&*w(b"docs/./a.md"), b"docs/a.md");
        assert_eq!(&*w(b"/abs/./a.md"), b"/abs/a.md");
        assert_eq!(&*w(b"docs/a.md"), b"docs/a.md");
        assert_eq!(&*w(b"../a.md"), b"../a.md");
    }

    use super::*;
    use proptest::prelude::*;

    fn diff(old: &[u8], edits: &[Edit]) -> Vec<u8> {
        let mut out = Vec::new();
        unified_edits(&mut out, b"doc.md", old, old.len() as u64, edits).expect("reads");
        out
    }

    fn edit(start: u64, end: u64, r: &str) -> Edit {
        Edit {
            start,
            end,
            replacement: r.to_string(),
        }
    }

    /// Applies a unified diff made by [`unified_edits`] to `old`, checking
    /// every context and removed line against it.
    fn patch(old: &[u8], diff: &[u8]) -> Result<Vec<u8>, String> {
        let lines = split_lines(old);
        let mut out = Vec::new();
        let mut at = 0usize; // next old line to copy
        let body = split_lines(diff);
        let mut i = 2; // after the headers
        if body.is_empty() {
            return Ok(old.to_vec());
        }
        while i < body.len() {
            let h = std::str::from_utf8(body[i]).map_err(|e| e.to_string())?;
            let old_range = h
                .strip_prefix("@@ -")
                .and_then(|r| r.split(' ').next())
                .ok_or(format!("bad hunk header {h:?}"))?;
            let (start, n): (usize, usize) = match old_range.split_once(',') {
                Some((s, n)) => (s.parse().map_err(|_| h)?, n.parse().map_err(|_| h)?),
                None => (old_range.parse().map_err(|_| h)?, 1),
            };
            let first = if n == 0 { start } else { start - 1 };
            while at < first {
                out.extend_from_slice(lines[at]);
                at += 1;
            }
            i += 1;
            while i < body.len() && !body[i].starts_with(b"@@") {
                let l = body[i];
                let mut text = l[1..].to_vec();
                if body
                    .get(i + 1)
                    .is_some_and(|n| n.starts_with(b"\\ No newline"))
                {
                    text.pop();
                    i += 1;
                }
                match l[0] {
                    b' ' | b'-' => {
                        if lines.get(at) != Some(&text.as_slice()) {
                            return Err(format!("line {} differs", at + 1));
                        }
                        if l[0] == b' ' {
                            out.extend_from_slice(&text);
                        }
                        at += 1;
                    }
                    b'+' => out.extend_from_slice(&text),
                    _ => return Err(format!("bad line {l:?}")),
                }
                i += 1;
            }
        }
        for l in &lines[at..] {
            out.extend_from_slice(l);
        }
        Ok(out)
    }

    #[test]
    fn diff_has_headers_and_hunk() {
        let old = b"a\nsee <HTTP://x/>\nb\n";
        let text = String::from_utf8(diff(old, &[edit(7, 11, "http")])).expect("utf8");
        assert_eq!(
            text,
            "--- a/doc.md\n+++ b/doc.md\n@@ -1,3 +1,3 @@\n a\n-see <HTTP://x/>\n+see <http://x/>\n b\n"
        );
        assert!(diff(old, &[]).is_empty());
        assert!(diff(old, &[edit(7, 11, "HTTP")]).is_empty());
    }

    #[test]
    fn rejoined_lines_and_far_apart_hunks() {
        let mut old = b"<http://a/\n  b> x\n".to_vec();
        for i in 0..20 {
            old.extend_from_slice(format!("line {i}\n").as_bytes());
        }
        old.extend_from_slice(b"<HTTP://c/>");
        let len = old.len() as u64;
        let edits = vec![edit(10, 13, ""), edit(len - 10, len - 6, "http")];
        let d = diff(&old, &edits);
        let text = String::from_utf8(d.clone()).expect("utf8");
        assert_eq!(
            text,
            "--- a/doc.md\n+++ b/doc.md\n\
             @@ -1,5 +1,4 @@\n-<http://a/\n-  b> x\n+<http://a/b> x\n line 0\n line 1\n line 2\n\
             @@ -20,4 +19,4 @@\n line 17\n line 18\n line 19\n-<HTTP://c/>\n\\ No newline at end of file\n+<http://c/>\n\\ No newline at end of file\n"
        );
        assert_eq!(patch(&old, &d), Ok(apply_edits(&old, &edits)));
    }

    #[test]
    fn bytes_are_kept() {
        // Latin-1 and CRLF: the diff holds the file's bytes, not U+FFFD.
        let old = b"caf\xe9 <HTTP://x/>\r\nz\r\n";
        let d = diff(old, &[edit(6, 10, "http")]);
        assert_eq!(
            d,
            b"--- a/doc.md\n+++ b/doc.md\n@@ -1,2 +1,2 @@\n-caf\xe9 <HTTP://x/>\r\n+caf\xe9 <http://x/>\r\n z\r\n"
        );
    }

    #[test]
    fn names_are_quoted_as_git_does() {
        let mut out = Vec::new();
        let name = b"nl\nfake.txt:1:1: U999 \x1b[31m\xff\"q\\";
        unified_edits(
            &mut out,
            name,
            &b"<HTTP://x/>"[..],
            11,
            &[edit(1, 5, "http")],
        )
        .expect("reads");
        let text = String::from_utf8(out).expect("ASCII");
        assert!(
            text.starts_with(
                "--- \"a/nl\\nfake.txt:1:1: U999 \\033[31m\\377\\\"q\\\\\"\n\
                 +++ \"b/nl\\nfake.txt:1:1: U999 \\033[31m\\377\\\"q\\\\\"\n@@ -1 +1 @@\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn empty_file_and_end_inserts() {
        assert_eq!(
            diff(b"", &[edit(0, 0, "x\n")]),
            b"--- a/doc.md\n+++ b/doc.md\n@@ -0,0 +1 @@\n+x\n"
        );
        let old = b"a\nb\n";
        let d = diff(old, &[edit(4, 4, ">")]);
        assert_eq!(patch(old, &d), Ok(b"a\nb\n>".to_vec()));
    }

    proptest! {
        /// The diff applies to the old text and gives the edited text.
        #[test]
        fn diff_applies(
            text in "([a-c]{0,3}(\n|\r\n)?){0,30}",
            raw in proptest::collection::vec((0u64..80, 0u64..8, "[X\n]{0,3}"), 0..6),
        ) {
            let old = text.as_bytes();
            let len = old.len() as u64;
            let fixes: Vec<super::super::Fix> = raw
                .iter()
                .map(|(s, l, r)| {
                    let s = (*s).min(len);
                    super::super::Fix { message: String::new(), edits: vec![edit(s, (s + l).min(len), r)], applicability: super::super::Applicability::Safe }
                })
                .collect();
            let refs: Vec<&super::super::Fix> = fixes.iter().collect();
            let (edits, _) = super::super::select(&refs, len);
            let d = diff(old, &edits);
            let new = apply_edits(old, &edits);
            prop_assert_eq!(d.is_empty(), new == old);
            prop_assert_eq!(patch(old, &d), Ok(new), "diff:\n{}", String::from_utf8_lossy(&d));
        }
    }
}
