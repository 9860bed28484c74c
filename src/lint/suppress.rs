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
//! case does not matter. It does not own finding the lines (the `lines`
//! module reads them back by byte offset).

use super::rules::Rule;
use super::select::specificity;

const MARKER: &[u8] = b"urilint:";

/// True when `line` (the bytes of one line, without its terminator)
/// holds a marker that suppresses `rule`.
pub fn suppresses(line: &[u8], rule: &Rule) -> bool {
    // Case-insensitive, without copying the line: find `t:` or `T:` (rare
    // in URIs, where `p:` ends most schemes) and look for `urilint` before
    // the colon. A line of many URIs is checked once per finding, so this
    // stays two memmem passes; only the text after a marker is lowercased.
    let name = &MARKER[..MARKER.len() - 1];
    let at_colon = |colon: usize| {
        if colon < name.len() || !line[colon - name.len()..colon].eq_ignore_ascii_case(name) {
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
    [&b"t:"[..], b"T:"]
        .iter()
        .any(|pair| memchr::memmem::find_iter(line, pair).any(|at| at_colon(at + 1)))
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
    matches!(lines.previous(line.start), Ok(Some(prev)) if suppresses(&prev.text, &rule))
}

/// After `urilint:`: `Some(None)` for a bare `ignore`, `Some(Some(list))`
/// for `ignore[...]`, `None` when it is not an ignore marker.
fn ignore_list(lower: &[u8], orig: &[u8]) -> Option<Option<Vec<String>>> {
    let skip = lower
        .iter()
        .take_while(|b| **b == b' ' || **b == b'\t')
        .count();
    let rest = lower.get(skip..)?;
    let rest = rest.strip_prefix(b"ignore")?;
    let orig = orig.get(skip + b"ignore".len()..)?;
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

    #[test]
    fn second_marker_on_a_line_counts() {
        assert!(sup("urilint: maybe, urilint: ignore[U]", "U003"));
    }
}
