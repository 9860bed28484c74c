//! Issue 50, `check`: one large plain-text file split across threads
//! (`-j2`, a mapped file of 4 MiB or more cut at empty lines,
//! `urilint::split`) gives byte for byte the output and the exit status
//! of one thread, in every output format, with `--summary`, `--label`,
//! `--statistics` and columns in UTF-16, with `urilint: disable` blocks
//! and `urilint: ignore` markers spread over the chunks; at the default
//! chunk size and with tiny chunks (`URILINT_SPLIT_CHUNK`), so that
//! thousands of cuts fall between a block's markers.

#![cfg(unix)]
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("urilint")
}

fn fixture(rel: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(rel);
    fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The first byte where `a` and `b` differ, with a little of each there.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let at = a
        .iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let show = |s: &[u8]| {
        String::from_utf8_lossy(&s[at.min(s.len())..(at + 200).min(s.len())]).into_owned()
    };
    format!(
        "byte {at} (lengths {} and {}): {:?} / {:?}",
        a.len(),
        b.len(),
        show(a),
        show(b)
    )
}

/// About 4 MiB of real text (sources: fixtures/corpus/SOURCES.md, the
/// RFC examples, the rule fixtures of fixtures/rules) with findings of
/// many rules, blocks of `urilint: disable` (one for every rule, one for
/// U002 only) that run over many paragraphs, and `urilint: ignore`
/// markers on the line before a URI and on its line.
fn big_text() -> Vec<u8> {
    let mut units = Vec::new();
    for rel in [
        "rfc2396-appendix-e.txt",
        "rfc3986-appendix-c.txt",
        "check/invalid.txt",
        "check/scheme.txt",
        "corpus/debian-faq-373-375.txt",
        "corpus/news-comp.graphics-38851-600-606.txt",
        "rules/D001.txt",
        "rules/D004.txt",
        "rules/D006.txt",
        "rules/N001.txt",
        "rules/N003.txt",
    ] {
        units.push(fixture(rel));
    }
    let mut text = Vec::new();
    let mut n = 0usize;
    // Just over the 4 MiB a file needs to be split without the variable.
    while text.len() < (4 << 20) + (64 << 10) {
        let unit = &units[n % units.len()];
        text.extend_from_slice(unit);
        text.extend_from_slice(b"\n\n");
        match n % 23 {
            3 => text.extend_from_slice(b"<!-- urilint: disable -->\n\n"),
            8 => text.extend_from_slice(b"# urilint: enable\n\n"),
            13 => text.extend_from_slice(b"Urilint: disable[U002, D006]\n\n"),
            19 => text.extend_from_slice(b"urilint: enable\n\n"),
            _ => {}
        }
        if n % 5 == 2 {
            text.extend_from_slice(
                format!("# urilint: ignore\nhttp://ignored{n}.example/%zz\n\n").as_bytes(),
            );
        }
        if n % 5 == 4 {
            text.extend_from_slice(
                format!("see HTTP://Kept{n}.example:80/%7e and http://n{n}.example/%zz # urilint: ignore[U002]\n\n").as_bytes(),
            );
        }
        n += 1;
    }
    text.extend_from_slice(b"http://last.example/%zz\n");
    text
}

fn check(file: &str, args: &[&str], threads: &str, chunk: Option<&str>) -> Output {
    let mut cmd = Command::new(bin());
    cmd.args([
        "check",
        "--isolated",
        "--select",
        "ALL",
        "--color",
        "never",
        threads,
    ])
    .args(args)
    .arg(file)
    .env_remove("URILINT_SPLIT_CHUNK");
    if let Some(c) = chunk {
        cmd.env("URILINT_SPLIT_CHUNK", c);
    }
    cmd.output().expect("run urilint")
}

#[test]
fn one_large_file_checked_across_threads_gives_the_single_thread_output() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("big.txt");
    fs::write(&file, big_text()).expect("write");
    let file = file.to_str().expect("UTF-8 path");
    let runs: [&[&str]; 8] = [
        &["--format", "human"],
        &["--format", "human", "--column-unit", "utf16"],
        &["--statistics"],
        &["--format", "plain"],
        &["--format", "jsonl"],
        &["--format", "jsonl", "--summary", "--label", "x"],
        &["--format", "sarif"],
        &["--format", "github"],
    ];
    for args in runs {
        let one = check(file, args, "-j1", None);
        assert_eq!(one.status.code(), Some(1), "{args:?}: findings, exit 1");
        // `--statistics` prints a table of counts per rule.
        let least = if args.contains(&"--statistics") {
            200
        } else {
            100_000
        };
        assert!(one.stdout.len() > least, "{args:?}: little output");
        let both: &[(&str, Option<&str>)] = if args == ["--format", "jsonl"] {
            &[("-j2", None), ("-j2", Some("1024")), ("-j3", Some("70000"))]
        } else {
            &[("-j2", Some("1024"))]
        };
        for &(threads, chunk) in both {
            let split = check(file, args, threads, chunk);
            let what = format!("{args:?} {threads} chunk {chunk:?}");
            assert_eq!(
                one.status.code(),
                split.status.code(),
                "{what}: exit status"
            );
            assert!(
                one.stdout == split.stdout,
                "{what}: differs at {}",
                first_difference(&one.stdout, &split.stdout)
            );
            assert!(
                one.stderr == split.stderr,
                "{what}, standard error: differs at {}",
                first_difference(&one.stderr, &split.stderr)
            );
        }
    }
}
