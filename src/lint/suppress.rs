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
/// (lines read back from `lines`; a read error suppresses nothing).
pub fn suppressed<S: crate::lines::ReadAt>(
    lines: &mut crate::lines::Lines<S>,
    d: &super::Diagnostic,
) -> bool {
    let Some(rule) = super::rules::find(d.code) else {
        return false;
    };
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
        let lower = after.to_ascii_lowercase();
        if let Some(list) = keyword_list(&lower, after, b"disable") {
            state = Some(list);
        } else if keyword_list(&lower, after, b"enable").is_some() {
            state = None;
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
}
