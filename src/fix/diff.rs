//! Unified diffs of fixes (`--diff`), with the `similar` crate.
//!
//! This module owns the diff text: `--- a/PATH` / `+++ b/PATH` headers and
//! hunks with 3 lines of context, as `git diff` and `ruff --diff` print
//! them. Invalid UTF-8 is shown lossily (the file itself is never
//! re-encoded). It does not own deciding what changed (the fixer).

use similar::TextDiff;

/// Appends to `out` the unified diff from `old` to `new` of the file
/// `path`; nothing when they are equal.
pub fn unified(out: &mut Vec<u8>, path: &str, old: &[u8], new: &[u8]) {
    if old == new {
        return;
    }
    let old = String::from_utf8_lossy(old);
    let new = String::from_utf8_lossy(new);
    let diff = TextDiff::from_lines(old.as_ref(), new.as_ref());
    let text = diff
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string();
    out.extend_from_slice(text.as_bytes());
    if !text.ends_with('\n') {
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_has_headers_and_hunk() {
        let mut out = Vec::new();
        unified(
            &mut out,
            "doc.md",
            b"a\nsee <HTTP://x/>\nb\n",
            b"a\nsee <http://x/>\nb\n",
        );
        let text = String::from_utf8(out).expect("utf8");
        assert_eq!(
            text,
            "--- a/doc.md\n+++ b/doc.md\n@@ -1,3 +1,3 @@\n a\n-see <HTTP://x/>\n+see <http://x/>\n b\n"
        );
        let mut out = Vec::new();
        unified(&mut out, "doc.md", b"same", b"same");
        assert!(out.is_empty());
    }
}
