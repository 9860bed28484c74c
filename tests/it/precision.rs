//! The false-positive families of the precision review (issue 14,
//! `review/precision.md`), as real excerpts in `fixtures/precision/`:
//! `check` with the default rules reports only the true findings among
//! them, and `extract` still finds their URIs. Each family also has unit
//! tests beside the code that handles it (the scanner, `template`,
//! `scheme::convention`, the rules).
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::path::{Path, PathBuf};
use std::process::Command;

/// The excerpts (not the expected outputs nor the README), sorted.
fn excerpts() -> Vec<PathBuf> {
    let dir = Path::new("fixtures/precision");
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("fixtures/precision")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            let name = name.unwrap_or_default();
            name != "README.md" && !name.ends_with(".expected")
        })
        .collect();
    out.sort();
    out
}

fn run(args: &[&str], files: &[PathBuf]) -> (String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .args(args)
        .args(files)
        .output()
        .expect("urilint runs");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
    )
}

#[test]
fn only_the_true_findings_are_reported() {
    let files = excerpts();
    assert!(files.len() >= 15, "{files:?}");
    let (got, status) = run(&["check", "--isolated", "--format", "plain"], &files);
    let want = std::fs::read_to_string("fixtures/precision/check.expected").expect("expected");
    assert_eq!(got, want);
    assert_eq!(status, Some(1));
    // The three true findings: a colon-less scheme, a doubled scheme, a
    // missing '>'.
    let codes: Vec<&str> = got.lines().filter_map(|l| l.split(' ').nth(1)).collect();
    assert_eq!(codes, ["U011", "U010", "D002"]);
}

#[test]
fn the_uris_are_still_extracted() {
    let (got, status) = run(&["extract", "-Hn"], &excerpts());
    let want = std::fs::read_to_string("fixtures/precision/extract.expected").expect("expected");
    assert_eq!(got, want);
    assert_eq!(status, Some(0));
}
