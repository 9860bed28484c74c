//! `N006` dot-segments: `.` or `..` segments in an absolute path (RFC 3986
//! sections 3.3 and 6.2.2.3). Fix: remove them (section 5.2.4). Dot-segments
//! that climb above the root are `R001` instead.

use super::{Category, Rule, Severity};
use crate::lint::{quote, Cx};
use crate::resolve::remove_dot_segments;

/// The rule.
pub const RULE: Rule = Rule {
    code: "N006",
    name: "dot-segments",
    category: Category::Normalization,
    severity: Severity::Warning,
    default_enabled: false,
    fix: Some("remove the dot-segments (RFC 3986 section 5.2.4)"),
    summary: "'.' or '..' segments in an absolute path",
    explanation: "The segments '.' and '..' are meant for relative references; in an absolute \
                  URI they are removed by normalization with the remove_dot_segments \
                  algorithm (RFC 3986 sections 6.2.2.3 and 5.2.4), and some clients send them \
                  as they are. Write the path without them. Off by default \
                  (on real docs they were mostly noise): another way of writing the same URI, not \
                  an error; select the N rules (extend-select = [\"N\"]) to normalize a tree.",
    source: "RFC 3986 sections 3.3, 5.2.4 and 6.2.2.3",
};

/// What the dot-segments of an absolute `path` do: `None` when there are
/// none; `Some(Ok(offset))` with the offset of the first; `Some(Err(offset))`
/// with the offset of a `..` that climbs above the root.
pub(crate) fn dots(path: &str) -> Option<Result<usize, usize>> {
    if !path.starts_with('/') {
        return None;
    }
    // A dot-segment starts right after a `/`; most paths have no `/.`
    // and are done without splitting.
    let b = path.as_bytes();
    if !memchr::memchr_iter(b'.', b).any(|i| i > 0 && b[i - 1] == b'/') {
        return None;
    }
    let mut depth = 0usize;
    let mut first = None;
    let mut offset = 1;
    let segments: Vec<&str> = path[1..].split('/').collect();
    let last = segments.len() - 1;
    for (i, seg) in segments.iter().enumerate() {
        match *seg {
            "." => {
                first.get_or_insert(offset);
            }
            ".." => {
                first.get_or_insert(offset);
                if depth == 0 {
                    return Some(Err(offset));
                }
                depth -= 1;
            }
            _ if i < last => depth += 1,
            _ => {}
        }
        offset += seg.len() + 1;
    }
    first.map(Ok)
}

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let uri = cx.uri();
    let range = uri.components().path.clone();
    let has_authority = uri.components().authority.is_some();
    let path = &cx.text()[range.clone()];
    let Some(Ok(first)) = dots(path) else {
        return;
    };
    let clean = remove_dot_segments(path);
    let fix = if !has_authority && clean.starts_with("//") {
        None
    } else {
        cx.text_fix(
            format!("write the path as {}", quote(&clean)),
            [(range.clone(), clean.clone())],
        )
    };
    cx.report(
        &RULE,
        range.start + first,
        format!(
            "dot-segments in the path {} (normalized: {})",
            quote(path),
            quote(&clean)
        ),
        fix,
    );
}

#[cfg(test)]
mod tests {
    use super::dots;
    use crate::lint::testing::hits;

    #[test]
    fn dots_finds_first_and_climbing() {
        assert_eq!(dots("/a/b"), None);
        assert_eq!(dots("/a/./b"), Some(Ok(3)));
        assert_eq!(dots("/a/../b"), Some(Ok(3)));
        assert_eq!(dots("/a/../../b"), Some(Err(6)));
        assert_eq!(dots("/.."), Some(Err(1)));
        assert_eq!(dots("/a/.."), Some(Ok(3)));
        assert_eq!(dots("/a..b/.x"), None);
    }

    #[test]
    fn hit_fix_miss() {
        let (at, fixed) = hits(
            "N006",
            "<http://a.example/b/./c/../d> <http://a.example/../x>",
        );
        assert_eq!(at, vec![20]);
        assert_eq!(fixed, "<http://a.example/b/d> <http://a.example/../x>");
        assert!(hits("N006", &fixed).0.is_empty());
    }
}
