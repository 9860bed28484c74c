//! Inline suppression: `urilint: ignore` comments in the checked text.
//!
//! This module owns the marker syntax. A marker on the line of a finding,
//! or on the line just before it, suppresses it:
//!
//! * `urilint: ignore` suppresses every rule;
//! * `urilint: ignore[N001, D]` suppresses the rules listed, by code, code
//!   prefix or name (as `--ignore` takes them).
//!
//! The marker may sit in any comment syntax (`<!-- urilint: ignore -->`,
//! `# urilint: ignore[X004]`); the space after the colon is optional and
//! case does not matter, in this marker and in a block's `urilint:
//! disable` and `urilint: enable` alike. It does not own finding the lines (the `lines`
//! module reads them back by byte offset).
//!
//! It also owns the disable comments of two other Markdown linters,
//! for the urilint rules that mean what one of theirs means
//! ([`FOREIGN_RULES`]): markdownlint's `<!-- markdownlint-disable MD053 -->`
//! (and `-enable`, `-disable-line`, `-disable-next-line`,
//! `-disable-file`, `-enable-file`, `-capture`, `-restore`) and
//! remark-lint's `<!-- lint disable no-unused-definitions -->` (and
//! `enable`, `ignore`): a user who turned their rule off there meant this
//! one too (issue 46: rust-lang/rust-clippy's `CHANGELOG.md`, 164
//! definitions under remark-lint's comment).

use super::rules::Rule;
use super::select::specificity;

const MARKER: &[u8] = crate::scan::MARKER;

/// True when `line` (the bytes of one line, without its terminator)
/// holds a marker that suppresses `rule`.
pub fn suppresses(line: &[u8], rule: &Rule) -> bool {
    // Case-insensitive, without copying the line: at each colon, a `t` or
    // `T` before it (rare in URIs, where `p:` ends most schemes), then
    // `urilint` before the colon. One pass over the line, and no searcher
    // to set up per finding; only the text after a marker is lowercased.
    let name = &MARKER[..MARKER.len() - 1];
    let at_colon = |colon: usize| {
        if colon < name.len()
            || line[colon - 1] | 0x20 != b't'
            || !line[colon - name.len()..colon].eq_ignore_ascii_case(name)
        {
            return false;
        }
        let orig = &line[colon + 1..];
        let rest = orig.to_ascii_lowercase();
        match ignore_list(&rest, orig) {
            None => false,
            Some(None) => true,
            Some(Some(items)) => items.iter().any(|s| specificity(s, rule).is_some()),
        }
    };
    memchr::memchr_iter(b':', line).any(at_colon)
}

/// True when a marker on the line of `d` or the line before suppresses it
/// (lines read back from `lines`; a read error suppresses nothing), or
/// another linter's disable comment covers it ([`FOREIGN_RULES`]).
pub fn suppressed<S: crate::lines::ReadAt>(
    lines: &mut crate::lines::Lines<S>,
    d: &super::Diagnostic,
) -> bool {
    let Some(rule) = super::rules::find(d.code) else {
        return false;
    };
    if d.path.ends_with(".rs") && in_rust_test(lines, d.byte_offset) {
        return true;
    }
    if FOREIGN_RULES.iter().any(|f| f.code == d.code) {
        let foreign = match lines.foreign.take() {
            Some(f) => f,
            None => {
                let (floor, text) = lines.head(FOREIGN_MAX_BYTES);
                Foreign::read(floor, &text)
            }
        };
        let covered = foreign.covers(d.code, &d.uri, d.byte_offset);
        lines.foreign = Some(foreign);
        if covered {
            return true;
        }
    }
    let Ok(line) = lines.around(d.byte_offset, d.byte_offset) else {
        return false;
    };
    if suppresses(&line.text, &rule) {
        return true;
    }
    if matches!(lines.previous(line.start), Ok(Some(prev)) if suppresses(&prev.text, &rule)) {
        return true;
    }
    in_disabled_block(lines, line.start, &rule)
}

/// True when `offset` of a Rust source file is in its test code
/// ([`crate::format::rust::test_regions`]: `#[cfg(test)] mod tests {..}`,
/// `#[test] fn`), whose URIs are invalid on purpose; the regions read
/// from `lines` once.
fn in_rust_test<S: crate::lines::ReadAt>(lines: &mut crate::lines::Lines<S>, offset: u64) -> bool {
    let regions = match lines.rust_tests.take() {
        Some(r) => r,
        None => {
            let (floor, text) = lines.head(crate::format::rust::MAX_BYTES + 1);
            crate::format::rust::test_regions(&text)
                .into_iter()
                .map(|r| floor + r.start as u64..floor + r.end as u64)
                .collect()
        }
    };
    let i = regions.partition_point(|r| r.end <= offset);
    let covered = regions.get(i).is_some_and(|r| r.start <= offset);
    lines.rust_tests = Some(regions);
    covered
}

/// True when the line starting at `line_start` is inside a `urilint:
/// disable` block that covers `rule`: the last `disable` or `enable`
/// marker before the line decides. `urilint: disable` covers every rule,
/// `urilint: disable[U003, D]` the rules listed; `urilint: enable` ends
/// the block (whatever it listed).
fn in_disabled_block<S: crate::lines::ReadAt>(
    lines: &mut crate::lines::Lines<S>,
    line_start: u64,
    rule: &Rule,
) -> bool {
    let reset = line_start < lines.marker_position();
    if reset {
        lines.disabled = None;
    }
    let mut state = lines.disabled.take();
    lines.marker_lines_before(line_start, reset, |after| {
        if let Some(now) = block_marker(after) {
            state = now;
        }
    });
    let covered = match &state {
        None => false,
        Some(None) => true,
        Some(Some(items)) => items.iter().any(|s| specificity(s, rule).is_some()),
    };
    lines.disabled = state;
    covered
}

/// The block-suppression state a marker leaves, given the text after
/// its `urilint:`: `Some(Some(None))` for a bare `disable`,
/// `Some(Some(Some(list)))` for `disable[...]`, `Some(None)` for
/// `enable`; `None` when it is neither (the state stays as it was).
fn block_marker(after: &[u8]) -> Option<Option<Option<Vec<String>>>> {
    let lower = after.to_ascii_lowercase();
    if let Some(list) = keyword_list(&lower, after, b"disable") {
        Some(Some(list))
    } else if keyword_list(&lower, after, b"enable").is_some() {
        Some(None)
    } else {
        None
    }
}

/// The last `urilint: disable` or `urilint: enable` marker of a stretch
/// of an input, as the state it leaves ([`BlockMarker::state`]), or none:
/// what a chunk of a split input carries into the chunks after it
/// ([`BlockMarker::then`]: a later chunk's last marker wins), so that a
/// block opened in one chunk holds in the next ([`crate::split`]).
#[cfg(feature = "cli")]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct BlockMarker(Option<Option<Option<Vec<String>>>>);

#[cfg(feature = "cli")]
impl BlockMarker {
    /// The last block marker of `text` (every marker that starts in it,
    /// found as [`crate::lines::Lines::marker_lines_before`] finds them).
    pub(crate) fn last_in(text: &[u8]) -> BlockMarker {
        let mut last = None;
        crate::lines::markers_in(text, text.len(), &mut |after| {
            if let Some(now) = block_marker(after) {
                last = Some(now);
            }
        });
        BlockMarker(last)
    }

    /// The block-suppression state after the stretch: `None` outside a
    /// block (also when the stretch holds no block marker: read from the
    /// start of the input), `Some(None)` in a block of every rule,
    /// `Some(Some(list))` in a block of the rules listed.
    pub(crate) fn state(&self) -> Option<Option<Vec<String>>> {
        self.0.clone().flatten()
    }

    /// The last block marker of this stretch followed by `later`: the
    /// later one's, when it holds one.
    #[must_use]
    pub(crate) fn then(self, later: &BlockMarker) -> BlockMarker {
        match later.0 {
            Some(_) => later.clone(),
            None => self,
        }
    }
}

/// After `urilint:`: `Some(None)` for a bare `ignore`, `Some(Some(list))`
/// for `ignore[...]`, `None` when it is not an ignore marker.
fn ignore_list(lower: &[u8], orig: &[u8]) -> Option<Option<Vec<String>>> {
    keyword_list(lower, orig, b"ignore")
}

/// After `urilint:`: `Some(None)` for a bare `keyword`, `Some(Some(list))`
/// for `keyword[...]`, `None` otherwise (`lower` is `orig` lowercased).
fn keyword_list(lower: &[u8], orig: &[u8], keyword: &[u8]) -> Option<Option<Vec<String>>> {
    let skip = lower
        .iter()
        .take_while(|b| **b == b' ' || **b == b'\t')
        .count();
    let rest = lower.get(skip..)?;
    let rest = rest.strip_prefix(keyword)?;
    let orig = orig.get(skip + keyword.len()..)?;
    match rest.first() {
        Some(b'[') => {
            let close = memchr::memchr(b']', rest)?;
            let inner = std::str::from_utf8(&orig[1..close]).ok()?;
            let items = inner
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            Some(Some(items))
        }
        Some(b) if b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_' => None,
        _ => Some(None),
    }
}

/// The linter whose comments a [`ForeignRule`] is turned off by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// markdownlint (DavidAnson/markdownlint, also markdownlint-cli2):
    /// `<!-- markdownlint-disable RULE ... -->`, rules by code or alias,
    /// any case (its README, "Configuration").
    Markdownlint,
    /// remark-lint, through remark-message-control: `<!-- lint disable
    /// RULE ... -->`, rules by id (`no-unused-definitions`), optionally
    /// prefixed `remark-lint:`.
    Remark,
}

/// A rule of another Markdown linter that means what a urilint rule
/// means: its disable comments turn the urilint rule off too.
#[derive(Clone, Copy, Debug)]
pub struct ForeignRule {
    /// The linter.
    pub tool: Tool,
    /// Its names, compared in any case: the code and the alias
    /// (`MD053`, `link-image-reference-definitions`) or the rule id.
    pub names: &'static [&'static str],
    /// The urilint rule it turns off (`L003`).
    pub code: &'static str,
    /// True when the other rule checks only links to the same document
    /// (`#fragment`): it turns off only those findings (markdownlint's
    /// MD051 reads no other file).
    pub same_document: bool,
}

/// The rules of markdownlint and remark-lint that mean what a urilint
/// rule means, each checked against its documentation:
/// markdownlint's `doc/md042.md` (no-empty-links: `[x]()`, also `#`
/// alone, which L003 does not report), `md051.md` (link-fragments: a
/// `#fragment` of the same document), `md052.md`
/// (reference-links-images: a full or collapsed reference whose label
/// is not defined), `md053.md` (link-image-reference-definitions: unused
/// and duplicate definitions); remark-lint's `no-empty-url`,
/// `no-undefined-references`, `no-unused-definitions`.
pub const FOREIGN_RULES: &[ForeignRule] = &[
    ForeignRule {
        tool: Tool::Markdownlint,
        names: &["MD042", "no-empty-links"],
        code: "L003",
        same_document: false,
    },
    ForeignRule {
        tool: Tool::Markdownlint,
        names: &["MD051", "link-fragments"],
        code: "L002",
        same_document: true,
    },
    ForeignRule {
        tool: Tool::Markdownlint,
        names: &["MD052", "reference-links-images"],
        code: "L004",
        same_document: false,
    },
    ForeignRule {
        tool: Tool::Markdownlint,
        names: &["MD053", "link-image-reference-definitions"],
        code: "L005",
        same_document: false,
    },
    ForeignRule {
        tool: Tool::Remark,
        names: &["no-empty-url"],
        code: "L003",
        same_document: false,
    },
    ForeignRule {
        tool: Tool::Remark,
        names: &["no-undefined-references"],
        code: "L004",
        same_document: false,
    },
    ForeignRule {
        tool: Tool::Remark,
        names: &["no-unused-definitions"],
        code: "L005",
        same_document: false,
    },
];

/// The most bytes of an input read for other linters' comments (16 MiB):
/// comments past it are not read.
pub const FOREIGN_MAX_BYTES: usize = 16 << 20;

/// The most bytes of one HTML comment read as a directive.
const FOREIGN_MAX_COMMENT: usize = 1024;

/// Where other linters' disable comments of one input turn off the rules
/// of [`FOREIGN_RULES`]: per entry of the table, sorted disjoint ranges
/// of 0-based byte offsets of the input.
#[derive(Clone, Debug, Default)]
pub struct Foreign {
    off: Vec<Vec<std::ops::Range<u64>>>,
}

/// One directive of an HTML comment: its verb and the table entries it
/// names (every entry of its tool when it names none).
struct Directive<'a> {
    tool: Tool,
    verb: &'a str,
    rules: Vec<usize>,
}

/// Step of [`Foreign::read`]: each rule's ranges turned off at the end
/// of the input: one still open (`since`) closed at its end, the whole
/// input for `disable-file` (`file`), sorted and merged.
fn merge_ranges(off: &mut [Vec<std::ops::Range<u64>>], since: &[Option<u64>], file: &[bool]) {
    for i in 0..off.len() {
        if let Some(s) = since[i] {
            off[i].push(s..u64::MAX);
        }
        if file[i] {
            off[i].clear();
            off[i].push(0..u64::MAX);
        }
        off[i].sort_by_key(|r| r.start);
        let mut merged: Vec<std::ops::Range<u64>> = Vec::with_capacity(off[i].len());
        for r in off[i].drain(..) {
            match merged.last_mut() {
                Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
                _ => merged.push(r),
            }
        }
        off[i] = merged;
    }
}

impl Foreign {
    /// Reads the comments of `text`, the input's bytes from offset
    /// `floor`: markdownlint's `disable`/`enable` (from the comment on),
    /// `disable-line` (its line), `disable-next-line` (the line after
    /// it), `disable-file`/`enable-file` (the whole input, the last one
    /// deciding), `capture`/`restore` (a stack of states); remark's
    /// `disable`/`enable` and `ignore` (the next block: up to the first
    /// blank line after the next line that is not blank). A comment with
    /// no rule names every rule of its tool.
    pub fn read(floor: u64, text: &[u8]) -> Foreign {
        let n = FOREIGN_RULES.len();
        let mut off: Vec<Vec<std::ops::Range<u64>>> = vec![Vec::new(); n];
        let mut since: Vec<Option<u64>> = vec![None; n];
        let mut file: Vec<bool> = vec![false; n];
        let mut stack: Vec<Vec<bool>> = Vec::new();
        let at = |i: usize| floor + i as u64;
        let fences = fenced_code(text);
        let mut cur = Cursor::new(text);
        for open in memchr::memmem::find_iter(text, b"<!--") {
            // In a fenced code block or a code span (an odd number of
            // backticks before it on its line) it is code, no comment.
            let in_fence = fences
                .get(fences.partition_point(|r| r.end <= open))
                .is_some_and(|r| r.start <= open);
            let (open_line, ticks) = cur.advance(open);
            if in_fence || ticks % 2 == 1 {
                continue;
            }
            let body_start = open + 4;
            let Some(body) = text.get(body_start..) else {
                continue;
            };
            let window = &body[..body.len().min(FOREIGN_MAX_COMMENT)];
            let Some(close) = memchr::memmem::find(window, b"-->") else {
                continue;
            };
            let end = body_start + close + 3;
            let Some(d) = directive(&window[..close]) else {
                continue;
            };
            let pos = at(open);
            match (d.tool, d.verb) {
                (_, "disable") => {
                    for &i in &d.rules {
                        since[i].get_or_insert(pos);
                    }
                }
                (_, "enable") => {
                    for &i in &d.rules {
                        if let Some(s) = since[i].take() {
                            off[i].push(s..pos);
                        }
                    }
                }
                (Tool::Markdownlint, "disable-line") => {
                    let r = at(open_line)..at(cur.end_line_end(end));
                    for &i in &d.rules {
                        off[i].push(r.clone());
                    }
                }
                (Tool::Markdownlint, "disable-next-line") => {
                    let next = (cur.end_line_end(end) + 1).min(text.len());
                    let r = at(next)..at(cur.next_line_end(next));
                    for &i in &d.rules {
                        off[i].push(r.clone());
                    }
                }
                (Tool::Markdownlint, "disable-file") => {
                    for &i in &d.rules {
                        file[i] = true;
                    }
                }
                (Tool::Markdownlint, "enable-file") => {
                    for &i in &d.rules {
                        file[i] = false;
                    }
                }
                (Tool::Markdownlint, "capture") if stack.len() < 64 => {
                    stack.push(since.iter().map(Option::is_some).collect());
                }
                (Tool::Markdownlint, "restore") => {
                    let saved = stack.pop().unwrap_or_else(|| vec![false; n]);
                    for (i, was) in saved.into_iter().enumerate() {
                        match (was, since[i]) {
                            (true, None) => since[i] = Some(pos),
                            (false, Some(s)) => {
                                off[i].push(s..pos);
                                since[i] = None;
                            }
                            _ => {}
                        }
                    }
                }
                (Tool::Remark, "ignore") => {
                    let r = pos..at(cur.block_end(end));
                    for &i in &d.rules {
                        off[i].push(r.clone());
                    }
                }
                _ => {}
            }
        }
        merge_ranges(&mut off, &since, &file);
        Foreign { off }
    }

    /// True when a comment turns off, at 0-based byte `offset` of the
    /// input, a rule of another linter that means `code` (for one that
    /// checks the same document only, when `uri` starts with `#`).
    pub fn covers(&self, code: &str, uri: &str, offset: u64) -> bool {
        FOREIGN_RULES.iter().zip(&self.off).any(|(rule, ranges)| {
            if rule.code != code || (rule.same_document && !uri.starts_with('#')) {
                return false;
            }
            let i = ranges.partition_point(|r| r.end <= offset);
            ranges.get(i).is_some_and(|r| r.start <= offset)
        })
    }
}

/// The directive of the body of an HTML comment (between `<!--` and
/// `-->`), if it is one of markdownlint's or remark's; names of rules not
/// in [`FOREIGN_RULES`] are dropped (a comment naming only such rules
/// names none of ours: `Some` with no rules).
fn directive(body: &[u8]) -> Option<Directive<'static>> {
    let text = std::str::from_utf8(body).ok()?.trim();
    let lower = text.to_ascii_lowercase();
    let (tool, rest) = if let Some(rest) = lower.strip_prefix("markdownlint-") {
        (Tool::Markdownlint, rest)
    } else if let Some(rest) = lower.strip_prefix("lint") {
        if !rest.starts_with(|c: char| c.is_ascii_whitespace()) {
            return None;
        }
        (Tool::Remark, rest.trim_start())
    } else {
        return None;
    };
    let mut words = rest.split_ascii_whitespace();
    let verb = words.next()?;
    const VERBS: &[&str] = &[
        "disable",
        "enable",
        "disable-line",
        "disable-next-line",
        "disable-file",
        "enable-file",
        "capture",
        "restore",
        "ignore",
    ];
    let verb = *VERBS.iter().find(|v| **v == verb)?;
    let names: Vec<&str> = words
        .map(|w| w.strip_prefix("remark-lint:").unwrap_or(w))
        .collect();
    let rules = FOREIGN_RULES
        .iter()
        .enumerate()
        .filter(|(_, r)| r.tool == tool)
        .filter(|(_, r)| {
            names.is_empty()
                || names
                    .iter()
                    .any(|n| r.names.iter().any(|m| m.eq_ignore_ascii_case(n)))
        })
        .map(|(i, _)| i)
        .collect();
    Some(Directive { tool, verb, rules })
}

/// The byte ranges of `text`'s fenced code blocks (CommonMark 4.5: a
/// line of three or more backticks or tildes, indented less than four
/// spaces, up to a line of at least as many of the same; to the end of
/// the text when none closes it), in order.
fn fenced_code(text: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut open: Option<(usize, u8, usize)> = None;
    let mut start = 0;
    while start < text.len() {
        let end = line_end(text, start);
        let line = &text[start..end];
        let indent = line.iter().take_while(|&&b| b == b' ').count();
        let rest = &line[indent..];
        let fence = rest
            .first()
            .filter(|&&c| indent < 4 && (c == b'`' || c == b'~'))
            .map(|&c| (c, rest.iter().take_while(|&&b| b == c).count()))
            .filter(|&(_, n)| n >= 3);
        match (open, fence) {
            (None, Some((c, n))) => open = Some((start, c, n)),
            (Some((from, c, n)), Some((d, m)))
                if d == c && m >= n && rest[m..].iter().all(u8::is_ascii_whitespace) =>
            {
                out.push(from..end);
                open = None;
            }
            _ => {}
        }
        start = end + 1;
    }
    if let Some((from, _, _)) = open {
        out.push(from..text.len());
    }
    out
}

/// The index of the start of the line holding `text[i]`.
fn line_start(text: &[u8], i: usize) -> usize {
    let i = i.min(text.len());
    memchr::memrchr(b'\n', &text[..i]).map_or(0, |n| n + 1)
}

/// The index of the end of the line holding `text[i]` (its `\n`, or the
/// end of the text).
fn line_end(text: &[u8], i: usize) -> usize {
    let i = i.min(text.len());
    memchr::memchr(b'\n', &text[i..]).map_or(text.len(), |n| i + n)
}

/// The index of the start of the line after the one holding `text[i]`.
fn next_line(text: &[u8], i: usize) -> usize {
    (line_end(text, i) + 1).min(text.len())
}

/// What [`Foreign::read`] asks about the lines of one text, at the
/// comments' offsets, which only grow: each answer comes from what was
/// scanned for the one before, so that a text of many comments on one
/// long line, or over one long block, is read in linear time (a 3.2 MB
/// line of 400,000 comments took 232 s when every comment scanned its
/// line again).
struct Cursor<'a> {
    text: &'a [u8],
    /// How far [`Cursor::advance`] has read.
    seen: usize,
    /// The start of the line holding `seen`.
    line_start: usize,
    /// The backticks from `line_start` to `seen`.
    ticks: usize,
    /// The last line asked for by [`Cursor::end_line_end`] and
    /// [`Cursor::next_line_end`]: its start and its end (its `\n`, or
    /// the end of the text).
    end_line: std::ops::Range<usize>,
    next_line: std::ops::Range<usize>,
    /// The last block [`Cursor::block_end`] scanned: from its first line
    /// (not blank) to its end (the next blank line, or the text's end).
    block: std::ops::Range<usize>,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a [u8]) -> Cursor<'a> {
        Cursor {
            text,
            seen: 0,
            line_start: 0,
            ticks: 0,
            end_line: usize::MAX..usize::MAX,
            next_line: usize::MAX..usize::MAX,
            block: usize::MAX..usize::MAX,
        }
    }

    /// The start of the line holding `text[open]` and the number of
    /// backticks before `open` on it; `open` at least the last one asked.
    fn advance(&mut self, open: usize) -> (usize, usize) {
        let open = open.clamp(self.seen, self.text.len());
        let seg = &self.text[self.seen..open];
        let count = |b: &[u8]| b.iter().filter(|&&c| c == b'`').count();
        match memchr::memrchr(b'\n', seg) {
            Some(nl) => {
                self.line_start = self.seen + nl + 1;
                self.ticks = count(&seg[nl + 1..]);
            }
            None => self.ticks += count(seg),
        }
        self.seen = open;
        (self.line_start, self.ticks)
    }

    /// [`line_end`] of `i`, remembered per line in `cache`.
    fn cached_line_end(text: &[u8], cache: &mut std::ops::Range<usize>, i: usize) -> usize {
        let i = i.min(text.len());
        if cache.start <= i && i <= cache.end {
            return cache.end;
        }
        *cache = line_start(text, i)..line_end(text, i);
        cache.end
    }

    /// The end of the line holding the end of a comment.
    fn end_line_end(&mut self, i: usize) -> usize {
        Self::cached_line_end(self.text, &mut self.end_line, i)
    }

    /// The end of the line after the one holding the end of a comment.
    fn next_line_end(&mut self, i: usize) -> usize {
        Self::cached_line_end(self.text, &mut self.next_line, i)
    }

    /// The end of the block after the comment ending at `i` (remark's
    /// `ignore` covers the next node): the lines after it, past blank
    /// ones, up to the next blank line.
    fn block_end(&mut self, i: usize) -> usize {
        let text = self.text;
        let blank = |s: usize| {
            text[s..line_end(text, s)]
                .iter()
                .all(u8::is_ascii_whitespace)
        };
        let mut line = (self.end_line_end(i) + 1).min(text.len());
        while line < text.len() && blank(line) {
            line = next_line(text, line);
        }
        if self.block.start <= line && line < self.block.end {
            return self.block.end;
        }
        let first = line;
        while line < text.len() && !blank(line) {
            line = next_line(text, line);
        }
        self.block = first..line;
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::find;

    fn sup(line: &str, code: &str) -> bool {
        let rule = find(code).expect("known rule");
        suppresses(line.as_bytes(), &rule)
    }

    #[test]
    fn bare_marker_suppresses_all() {
        assert!(sup("see http://A/ <!-- urilint: ignore -->", "N002"));
        assert!(sup("# URILINT:ignore", "U002"));
        assert!(!sup("urilint: ignored", "U002"));
        assert!(!sup("urilint: check this", "U002"));
        assert!(!sup("no marker here: at all", "U002"));
    }

    #[test]
    fn listed_codes_prefixes_and_names() {
        let line = "text <!-- urilint: ignore[N001, D, password-in-userinfo] -->";
        assert!(sup(line, "N001"));
        assert!(sup(line, "D004"));
        assert!(sup(line, "X001"));
        assert!(!sup(line, "N002"));
        assert!(!sup("urilint: ignore[N001", "N001"));
    }

    /// The (line, code) of each finding of `text` with the default rules.
    fn findings(text: &str) -> Vec<(u64, &'static str)> {
        let linter = crate::lint::Linter::new(crate::grammar::Grammar::Rfc3986);
        let found = linter
            .lint_bytes("t", text.as_bytes(), &linter.rules, &Default::default())
            .expect("a slice reads");
        found.iter().map(|d| (d.line, d.code)).collect()
    }

    /// The 0-based byte offset of the start of 1-based line `n` of `text`.
    fn line_start(text: &str, n: usize) -> u64 {
        text.split_inclusive('\n')
            .take(n - 1)
            .map(str::len)
            .sum::<usize>() as u64
    }

    /// Block suppression: `urilint: disable` to `urilint: enable`, for
    /// every rule or the rules listed; findings in order and out of order.
    #[test]
    fn disable_and_enable_blocks() {
        let text = "a <http://a.example/%zz>\n\
                    <!-- urilint: disable -->\n\
                    b <http://b.example/%zz> <http://b.example:x1/>\n\
                    <!-- urilint: enable -->\n\
                    c <http://c.example/%zz>\n\
                    # urilint: disable[U002]\n\
                    d <http://d.example/%zz> <http://d.example:x1/>\n\
                    # URILINT: Enable\n\
                    e <http://e.example/%zz>\n";
        let got = findings(text);
        assert_eq!(got, [(1, "U002"), (5, "U002"), (7, "U006"), (9, "U002")]);
        // Out of order (a caller going back): the state is rebuilt.
        let mut lines = crate::lines::Lines::new(text.as_bytes());
        let rule = find("U002").expect("known");
        let line = |n: usize| line_start(text, n);
        assert!(in_disabled_block(&mut lines, line(7), &rule));
        assert!(in_disabled_block(&mut lines, line(3), &rule));
        assert!(!in_disabled_block(&mut lines, line(1), &rule));
        assert!(!in_disabled_block(&mut lines, line(9), &rule));
    }

    /// The word `urilint` of a block marker in any case, as a line
    /// marker's (`UriLint: ignore` always counted; `UriLint: disable` did
    /// not, the scanner's word test taking four spellings only), through
    /// the markers the scanner notes and through the search of the text.
    #[test]
    fn block_markers_read_the_word_in_any_case() {
        let text = "a <http://a.example/%zz>\n\
                    <!-- UriLint: Disable -->\n\
                    b <http://b.example/%zz>\n\
                    <!-- uRiLiNt: enable -->\n\
                    c <http://c.example/%zz> <!-- UriLint: ignore -->\n\
                    \n\
                    d <http://d.example/%zz>\n";
        let got = findings(text);
        assert_eq!(got, [(1, "U002"), (7, "U002")]);
        let mut lines = crate::lines::Lines::new(text.as_bytes());
        let rule = find("U002").expect("known");
        let start = |n: usize| line_start(text, n);
        assert!(in_disabled_block(&mut lines, start(3), &rule));
        assert!(!in_disabled_block(&mut lines, start(7), &rule));
    }

    #[test]
    fn second_marker_on_a_line_counts() {
        assert!(sup("urilint: maybe, urilint: ignore[U]", "U003"));
    }

    /// Other linters' comments, by verb, on the rules that mean ours.
    #[test]
    fn foreign_comments_turn_off_the_rules_that_mean_the_same() {
        let text = "a\n\
                    <!-- markdownlint-disable MD053 no-bare-urls -->\n\
                    c\n\
                    <!-- markdownlint-enable link-image-reference-definitions -->\n\
                    e\n\
                    <!-- markdownlint-disable-next-line no-empty-links -->\n\
                    g\n\
                    h <!-- markdownlint-disable-line MD052 -->\n\
                    <!--lint ignore no-unused-definitions-->\n\
                    \n\
                    k\n\
                    l\n\
                    \n\
                    n\n";
        let f = Foreign::read(0, text.as_bytes());
        let at = |n: usize| line_start_of(text, n);
        assert!(!f.covers("L005", "", at(1)));
        assert!(f.covers("L005", "", at(3)));
        assert!(!f.covers("L005", "", at(5)));
        assert!(!f.covers("L003", "", at(5)));
        assert!(f.covers("L003", "", at(7)));
        assert!(!f.covers("L003", "", at(8)));
        assert!(f.covers("L004", "", at(8)));
        assert!(!f.covers("L004", "", at(7)));
        assert!(f.covers("L005", "", at(11)) && f.covers("L005", "", at(12)));
        assert!(!f.covers("L005", "", at(14)));
        // Rules no comment names, and rules with no counterpart.
        assert!(!f.covers("L002", "#x", at(3)) && !f.covers("U002", "", at(3)));
    }

    /// A comment naming no rule turns off every rule of its tool; file,
    /// capture and restore; MD051 only for links in the same document.
    #[test]
    fn foreign_comments_all_rules_file_and_stack() {
        let text = "<!-- markdownlint-capture -->\n\
                    <!-- markdownlint-disable -->\n\
                    c\n\
                    <!-- markdownlint-restore -->\n\
                    e\n\
                    <!-- lint disable -->\n\
                    g\n";
        let f = Foreign::read(0, text.as_bytes());
        let at = |n: usize| line_start_of(text, n);
        for code in ["L003", "L004", "L005"] {
            assert!(f.covers(code, "", at(3)), "{code}");
            assert!(!f.covers(code, "", at(5)), "{code}");
            assert!(f.covers(code, "", at(7)), "{code}");
        }
        assert!(f.covers("L002", "#nowhere", at(3)));
        assert!(!f.covers("L002", "other.md#nowhere", at(3)));
        assert!(!f.covers("L002", "#nowhere", at(7)));
        let file = Foreign::read(100, b"x\n<!-- markdownlint-disable-file MD042 -->\n");
        assert!(file.covers("L003", "", 0) && file.covers("L003", "", 100));
        assert!(!file.covers("L005", "", 100));
        let back = b"<!-- markdownlint-disable-file MD042 -->\n<!-- markdownlint-enable-file -->\n";
        assert!(!Foreign::read(0, back).covers("L003", "", 0));
    }

    /// Many comments on one line and in one block give what one gives:
    /// the line facts come from [`Cursor`], scanned once (a 3.2 MB line
    /// of comments was quadratic before).
    #[test]
    fn foreign_comments_many_on_one_line_and_block() {
        let line = "x <!-- markdownlint-disable-line MD042 -->".repeat(1000);
        let text = format!("{line}\n[y]()\n");
        let f = Foreign::read(0, text.as_bytes());
        let second = line.len() as u64 + 1;
        assert!(f.covers("L003", "", 0) && f.covers("L003", "", second - 2));
        assert!(!f.covers("L003", "", second + 1));
        let next = "a <!-- markdownlint-disable-next-line MD042 -->".repeat(500);
        let text = format!("{next}\n[y]()\n\n[z]()\n");
        let f = Foreign::read(0, text.as_bytes());
        let y = next.len() as u64 + 1;
        assert!(f.covers("L003", "", y) && !f.covers("L003", "", y + 7));
        // `ignore` in one block, then in the next: each its own block.
        let text = "<!-- lint ignore -->\n[a]()\n<!-- lint ignore -->\n[b]()\n\n[c]()\n\n<!-- lint ignore -->\n\n[d]()\n";
        let f = Foreign::read(0, text.as_bytes());
        let at = |s: &str| text.find(s).map_or(0, |i| i as u64);
        assert!(f.covers("L003", "", at("[a]")) && f.covers("L003", "", at("[b]")));
        assert!(!f.covers("L003", "", at("[c]")));
        assert!(f.covers("L003", "", at("[d]")));
    }

    /// Comments that are no directive of ours, unclosed or odd ones.
    #[test]
    fn foreign_comments_not_directives() {
        for text in [
            &b"<!-- linter disable -->x"[..],
            b"<!-- markdownlint-disabled -->x",
            b"<!-- markdownlint-disable MD0420 -->x",
            b"<!-- markdownlint-disable MD042 x",
            b"<!--",
            b"<!---->",
            b"\xff<!-- markdownlint-disable-next-line -->",
            b"<!-- lint ignore -->",
        ] {
            let f = Foreign::read(0, text);
            let end = text.len() as u64;
            assert!(
                !f.covers("L003", "", end + 1),
                "{}",
                String::from_utf8_lossy(text)
            );
        }
        // `lint disable` followed by no space before `-->` is a directive.
        assert!(Foreign::read(0, b"<!--lint disable-->x").covers("L005", "", 19));
    }

    /// A comment written as code (a code span, a fenced block) is code.
    #[test]
    fn foreign_comments_in_code_are_code() {
        let text = "Write `<!-- markdownlint-disable MD053 -->` there.\n\
                    ```markdown\n\
                    <!-- lint disable no-unused-definitions -->\n\
                    ```\n\
                    [a]: /x\n";
        let f = Foreign::read(0, text.as_bytes());
        assert!(!f.covers("L005", "", line_start_of(text, 5)));
        let text = "``` md\n<!-- x -->\n```\n<!-- lint disable -->\n[a]: /x\n";
        let f = Foreign::read(0, text.as_bytes());
        assert!(f.covers("L005", "", line_start_of(text, 5)));
    }

    proptest::proptest! {
        /// Any bytes made of the comments' pieces: no panic, and each
        /// rule's ranges sorted and disjoint.
        #[test]
        fn foreign_comments_of_any_input(parts in proptest::collection::vec(
            proptest::sample::select(vec![
                "<!--", "-->", " markdownlint-", "disable", "enable", "-line", "-next-line",
                "-file", "capture", "restore", " lint ", "ignore", " MD053", " no-empty-url",
                "\n", "\n\n", "```", "`", "x", "\u{e9}",
            ]), 0..60)) {
            let text = parts.concat();
            let f = Foreign::read(7, text.as_bytes());
            for ranges in &f.off {
                for w in ranges.windows(2) {
                    proptest::prop_assert!(w[0].end < w[1].start);
                }
            }
            let _ = f.covers("L005", "", 7 + text.len() as u64 / 2);
        }
    }

    /// A chunk of a split input (`run::check::chunked`) suppresses what
    /// one pass over the whole input suppresses: its lines start at the
    /// chunk with the block state the text before leaves
    /// ([`BlockMarker::last_in`]) and read everything else (the line
    /// before, other linters' comments) from the whole input. Checked at
    /// every line start as a chunk start, for a finding on each line
    /// after it, of a rule of ours and of one another linter turns off.
    #[test]
    #[cfg(feature = "cli")]
    fn a_chunk_suppresses_what_the_whole_input_suppresses() {
        let text = "<!-- markdownlint-disable MD053 -->\n\
                    a\n\
                    urilint: disable[U002]\n\
                    \n\
                    b\n\
                    # urilint: ignore\n\
                    c\n\
                    <!-- markdownlint-enable MD053 -->\n\
                    \n\
                    d\n\
                    URILINT: ENABLE\n\
                    e\n\
                    <!-- Urilint: Disable -->\n\
                    \n\
                    f\n";
        let bytes = text.as_bytes();
        let lines_of = text.lines().count();
        let finding = |code: &'static str, n: usize| super::super::Diagnostic {
            path: "big.txt".to_string(),
            line: n as u64,
            column: 1,
            byte_offset: line_start_of(text, n),
            end_line: n as u64,
            end_column: 1,
            uri_span: line_start_of(text, n)..line_start_of(text, n),
            code,
            rule: "",
            severity: super::super::Severity::Error,
            message: String::new(),
            uri: String::new(),
            fix: None,
            origin: None,
            remote: None,
        };
        let mut said = Vec::new();
        for code in ["U002", "D006", "L005"] {
            let whole: Vec<bool> = (1..=lines_of)
                .map(|n| suppressed(&mut crate::lines::Lines::new(bytes), &finding(code, n)))
                .collect();
            said.push(whole.iter().filter(|&&s| s).count());
            for start in 1..=lines_of {
                let at = line_start_of(text, start);
                let carried = BlockMarker::last_in(&bytes[..at as usize]).state();
                let mut lines = crate::lines::Lines::with_scanned_markers_from(bytes, at, carried);
                for n in start..=lines_of {
                    assert_eq!(
                        suppressed(&mut lines, &finding(code, n)),
                        whole[n - 1],
                        "{code} on line {n}, the chunk starting on line {start}"
                    );
                }
            }
        }
        // Each rule has lines it is suppressed on and lines it is not.
        assert!(said.iter().all(|&n| n > 0 && n < lines_of), "{said:?}");
    }

    /// The 0-based byte offset of the start of 1-based line `n` of `text`.
    fn line_start_of(text: &str, n: usize) -> u64 {
        line_start(text, n)
    }
}
