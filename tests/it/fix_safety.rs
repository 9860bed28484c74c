//! The fix-safety property of issue 14: every fix classed safe keeps
//! each URI of the text the same resource. For each safe fix of every
//! rule (all rules on) on the fixtures and, when `../shared` is there, a
//! sample of the real-text corpus, the fix alone is applied and the URIs
//! are extracted again: there are as many, in the same order, each
//! equivalent to the one before (RFC 3986 section 6, scheme-based
//! normalization on), and each that parsed before parses after.
//!
//! The unsafe fixes are checked to be the ones the issue names: the test
//! also asserts that at least one fix of each class was seen.

use std::path::{Path, PathBuf};

use urilint::fix::{apply, Applicability};
use urilint::grammar::{parse, Grammar};
use urilint::lint::select::Selection;
use urilint::lint::Linter;
use urilint::normalize::{equivalent, NormalizeOptions};
use urilint::scan::{Found, ScanOptions, Scanner};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The URIs the scanner finds in `text`, in order.
fn uris(text: &[u8]) -> Vec<String> {
    let mut s = Scanner::new(text, ScanOptions::default());
    let mut out = Vec::new();
    while let Ok(Some(f)) = s.next_found() {
        if let Found::Uri(c) = f {
            out.push(c.text().to_string());
        }
    }
    out
}

/// Text files under `dir`, recursively, at most `limit` of them.
fn files(dir: &Path, limit: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if out.len() >= limit {
            return;
        }
        if p.is_dir() {
            files(&p, limit, out);
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("txt" | "md" | "rst" | "adoc")
        ) {
            out.push(p);
        }
    }
}

/// Checks the property on one text; returns (safe, unsafe) fixes seen.
fn check_text(name: &str, text: &[u8], linter: &Linter) -> (usize, usize) {
    let before = uris(text);
    let found = linter
        .lint_bytes(name, text, &linter.rules, &ScanOptions::default())
        .expect("a slice reads");
    let (mut safe, mut unsafe_) = (0, 0);
    for d in &found {
        let Some(fix) = &d.fix else { continue };
        if fix.applicability == Applicability::Unsafe {
            unsafe_ += 1;
            continue;
        }
        safe += 1;
        let (fixed, _) = apply(text, &[fix]);
        let after = uris(&fixed);
        assert_eq!(
            before.len(),
            after.len(),
            "{name}: {} fix {:?} changed the number of URIs",
            d.code,
            fix.message
        );
        for (a, b) in before.iter().zip(&after) {
            if a == b {
                continue;
            }
            let same = equivalent(a, b, NormalizeOptions::default()).unwrap_or(false);
            assert!(
                same,
                "{name}: {} fix {:?} changed {a} into {b}",
                d.code, fix.message
            );
            if parse(a, Grammar::Rfc3986).is_valid() {
                assert!(
                    parse(b, Grammar::Rfc3986).is_valid(),
                    "{name}: {} fix made {b} invalid",
                    d.code
                );
            }
        }
    }
    (safe, unsafe_)
}

#[test]
fn safe_fixes_keep_every_uri_the_same_resource() {
    let mut linter = Linter::new(Grammar::Rfc3986);
    linter.rules = Selection {
        select: Some(vec!["ALL".to_string()]),
        ..Selection::default()
    }
    .resolve()
    .expect("ALL is a selector");
    let mut paths = Vec::new();
    for dir in [
        "fixtures/rules",
        "fixtures/check",
        "fixtures/delimiters",
        "fixtures/corpus",
    ] {
        files(&root().join(dir), 500, &mut paths);
    }
    let corpus = root().join("../shared/corpus");
    if corpus.is_dir() {
        for dir in ["docs/rust-rfcs/text", "misc", "rfc"] {
            let before = paths.len();
            let mut more = Vec::new();
            files(&corpus.join(dir), 60, &mut more);
            paths.extend(more);
            assert!(paths.len() > before, "no text under {dir}");
        }
    } else {
        crate::support::skip("fix_safety: the ../shared/corpus part (not found; fixtures only)");
    }
    let (mut safe, mut unsafe_) = (0, 0);
    for p in &paths {
        let text = std::fs::read(p).expect("reads");
        let (s, u) = check_text(&p.display().to_string(), &text, &linter);
        safe += s;
        unsafe_ += u;
    }
    assert!(safe > 10 && unsafe_ > 10, "safe {safe}, unsafe {unsafe_}");
}

/// The classes of issue 14, rule by rule and for `file:` URIs.
#[test]
fn classes_are_the_issues() {
    use urilint::lint::applicability;
    for code in ["D004", "D005", "D006", "D007", "N001"] {
        assert_eq!(
            applicability(code, "HTTP://a.example/"),
            Applicability::Safe,
            "{code}"
        );
        assert_eq!(
            applicability(code, "FILE:///a/B.txt"),
            Applicability::Unsafe,
            "{code}"
        );
    }
    for code in [
        "N002", "N003", "N004", "N005", "N006", "N007", "U007", "X005",
    ] {
        assert_eq!(
            applicability(code, "http://a.example/"),
            Applicability::Unsafe,
            "{code}"
        );
    }
}
