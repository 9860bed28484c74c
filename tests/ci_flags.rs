//! The command-line conventions of linters in CI (issue 14 section 3):
//! `--exit-zero`, `--statistics`, `--output-file`, `--exclude` and
//! `extend-exclude`, and a path that does not exist.

use std::fs;
use std::path::Path;
use std::process::Output;

use assert_cmd::Command;

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::cargo_bin("urilint")
        .expect("the urilint binary is built")
        .current_dir(dir)
        .args(args)
        .output()
        .expect("urilint runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A tree with a finding in `a.txt` and one in `vendor/b.txt`.
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(
        dir.path().join("a.txt"),
        "see <http://a.example/%zz> and <http://a.example/%zw>\n",
    )
    .expect("write");
    fs::create_dir(dir.path().join("vendor")).expect("mkdir");
    fs::write(dir.path().join("vendor/b.txt"), "<http://b.example:8x/>\n").expect("write");
    dir
}

#[test]
fn exit_zero_keeps_the_report() {
    let dir = tree();
    let out = run_in(
        dir.path(),
        &["check", "--isolated", "--format", "plain", "."],
    );
    assert_eq!(out.status.code(), Some(1));
    let with = run_in(
        dir.path(),
        &[
            "check",
            "--isolated",
            "--exit-zero",
            "--format",
            "plain",
            ".",
        ],
    );
    assert_eq!(with.status.code(), Some(0));
    assert_eq!(with.stdout, out.stdout);
}

#[test]
fn statistics_count_per_rule() {
    let dir = tree();
    let out = run_in(dir.path(), &["check", "--isolated", "--statistics", "."]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "2 U002 invalid-percent-encoding\n1 U006 invalid-port\n"
    );
}

#[test]
fn output_file_holds_the_report() {
    let dir = tree();
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--isolated",
            "--format",
            "jsonl",
            "--output-file",
            "report.jsonl",
            "a.txt",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    let report = fs::read_to_string(dir.path().join("report.jsonl")).expect("written");
    assert_eq!(report.lines().count(), 2, "{report}");
    assert!(
        report.lines().all(|l| l.contains("\"code\":\"U002\"")),
        "{report}"
    );
}

#[test]
fn exclude_and_extend_exclude_leave_files_out() {
    let dir = tree();
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--isolated",
            "--statistics",
            "--exclude",
            "vendor",
            ".",
        ],
    );
    assert_eq!(text(&out.stdout), "2 U002 invalid-percent-encoding\n");
    fs::write(
        dir.path().join("urilint.toml"),
        "extend-exclude = [\"a.txt\"]\n",
    )
    .expect("write");
    let out = run_in(dir.path(), &["check", "--statistics", "."]);
    assert_eq!(text(&out.stdout), "1 U006 invalid-port\n");
}

#[test]
fn a_path_that_does_not_exist_is_not_all_checked() {
    let dir = tree();
    let out = run_in(dir.path(), &["check", "--isolated", "no-such-dir"]);
    assert_eq!(out.status.code(), Some(2));
    let shown = text(&out.stdout);
    assert!(!shown.contains("All checked"), "{shown}");
    assert!(shown.contains("1 input could not be read"), "{shown}");
    assert!(
        text(&out.stderr).contains("no-such-dir"),
        "{}",
        text(&out.stderr)
    );
}

/// `--stdin-filename`: standard input is shown and read as that file (a
/// Markdown name leaves its code blocks out; per-path overrides apply).
#[test]
fn stdin_filename_names_and_types_standard_input() {
    let dir = tree();
    fs::write(
        dir.path().join("urilint.toml"),
        "[[overrides]]\nfiles = [\"legacy/**\"]\nignore = [\"U002\"]\n",
    )
    .expect("write");
    let doc = "See [x](http://a.example/%zz) and\n\n```\nhttp://b.example/%zz\n```\n";
    let run = |args: &[&str]| {
        Command::cargo_bin("urilint")
            .expect("built")
            .current_dir(dir.path())
            .args(args)
            .write_stdin(doc)
            .output()
            .expect("runs")
    };
    let out = run(&[
        "check",
        "--format",
        "plain",
        "--stdin-filename",
        "docs/guide.md",
        "-",
    ]);
    assert_eq!(
        text(&out.stdout),
        "docs/guide.md:1:26: U002 '%' not followed by two hex digits in the path\n"
    );
    let out = run(&["check", "--format", "plain", "-"]);
    assert_eq!(
        text(&out.stdout).lines().count(),
        2,
        "{}",
        text(&out.stdout)
    );
    let out = run(&[
        "check",
        "--format",
        "plain",
        "--stdin-filename",
        "legacy/a.md",
        "-",
    ]);
    assert_eq!(text(&out.stdout), "");
}

/// `--force-exclude` applies the exclusions to paths named on the command
/// line (pre-commit names every staged file); without it a named file is
/// always read.
#[test]
fn force_exclude_applies_to_named_paths() {
    let dir = tree();
    let args = ["check", "--isolated", "--statistics", "--exclude", "vendor"];
    let named = |extra: &[&str]| {
        let mut all = args.to_vec();
        all.extend_from_slice(extra);
        text(&run_in(dir.path(), &all).stdout)
    };
    assert_eq!(named(&["vendor/b.txt"]), "1 U006 invalid-port\n");
    assert_eq!(named(&["--force-exclude", "vendor/b.txt"]), "");
    assert_eq!(named(&["--force-exclude", "vendor"]), "");
    assert_eq!(
        named(&["--force-exclude", "a.txt", "vendor/b.txt"]),
        "2 U002 invalid-percent-encoding\n"
    );
}
