//! Output that can be forged or lost, and command-line edges (issue 11,
//! items C, 9 to 13 and 4c), end to end through the real binary:
//!
//! - file names with line breaks, terminal escape sequences or a leading
//!   `::` cannot forge a record, reach the terminal raw, or become a GitHub
//!   workflow command, on standard output or standard error, in any format;
//! - file names that are not UTF-8 keep their exact bytes in JSON Lines
//!   (`path_bytes`) and SARIF (`%FF%FE`);
//! - a closed pipe ends the run with the status its findings give;
//! - configuration errors name the line and column of the bad value;
//! - a write error is said once; `-j` out of range is a usage error.

#![cfg(unix)]
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::ffi::OsStr;
use std::fs;
use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const FINDING: &[u8] = b"see <http://a.example/%zz>\n";

fn urilint(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_urilint"));
    cmd.current_dir(dir).env_remove("CI");
    cmd
}

fn run(dir: &Path, args: &[&OsStr]) -> Output {
    urilint(dir).args(args).output().expect("urilint runs")
}

fn os(s: &str) -> &OsStr {
    OsStr::new(s)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The hostile names: a line break followed by a forged finding, a window
/// title and colour escape, and GitHub workflow commands.
const HOSTILE: [&str; 4] = [
    "nl\nfake.txt:1:1: U999 injected",
    "esc\x1b]0;owned\x07\x1b[31m.txt",
    "::error::x",
    " ::stop-commands::tok",
];

/// A directory holding a file of each [`HOSTILE`] name, with `content`.
fn hostile_tree(content: &[u8]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in HOSTILE {
        fs::write(dir.path().join(name), content).expect("write");
    }
    dir
}

/// No byte of `out` is a control character but LF, and no line is a
/// GitHub workflow command (`::` after leading white space).
fn assert_inert(what: &str, out: &[u8], commands_allowed: bool) {
    let bad = out
        .iter()
        .position(|&b| (b < 0x20 && b != b'\n') || b == 0x7f);
    assert_eq!(bad, None, "{what}: a raw control byte in\n{}", text(out));
    let t = text(out);
    assert!(
        !t.contains(['\u{85}', '\u{2028}', '\u{2029}']),
        "{what}: a Unicode line break in\n{t}"
    );
    if !commands_allowed {
        for line in t.lines() {
            assert!(
                !line.trim_start().starts_with("::"),
                "{what}: workflow command line {line:?}"
            );
        }
    }
}

#[test]
fn plain_check_has_exactly_one_line_per_finding() {
    let dir = hostile_tree(FINDING);
    let out = run(
        dir.path(),
        &[
            os("check"),
            os("--extend-select"),
            os("N"),
            os("--format"),
            os("plain"),
            os("."),
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let m = "U002 '%' not followed by two hex digits in the path";
    assert_eq!(
        text(&out.stdout),
        format!(
            "./ ::stop-commands::tok:1:23: {m}\n\
             ./::error::x:1:23: {m}\n\
             ./esc\\x1b]0;owned\\x07\\x1b[31m.txt:1:23: {m}\n\
             ./nl\\nfake.txt:1:1: U999 injected:1:23: {m}\n"
        )
    );
    // Named on the command line, the names start the lines: `./` keeps
    // them from being workflow commands.
    let mut args = vec![
        os("check"),
        os("--extend-select"),
        os("N"),
        os("--format"),
        os("plain"),
    ];
    args.extend(HOSTILE.iter().map(|n| os(n)));
    let out = run(dir.path(), &args);
    assert_eq!(
        text(&out.stdout),
        format!(
            "nl\\nfake.txt:1:1: U999 injected:1:23: {m}\n\
             esc\\x1b]0;owned\\x07\\x1b[31m.txt:1:23: {m}\n\
             ./::error::x:1:23: {m}\n\
             ./ ::stop-commands::tok:1:23: {m}\n"
        )
    );
}

#[test]
fn no_format_lets_a_name_through() {
    // Two findings per file, one of them fixable (N001).
    let dir = hostile_tree(b"see <HTTP://a.example/> <http://a.example/%zz>\n");
    let mut named = vec![os(".")];
    named.extend(HOSTILE.iter().map(|n| os(n)));
    for args in [
        vec![
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--format",
            "human",
            "--color",
            "never",
        ],
        vec![
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--format",
            "plain",
        ],
        vec![
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--format",
            "jsonl",
        ],
        vec![
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--format",
            "sarif",
        ],
        vec![
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--format",
            "github",
        ],
        vec![
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--diff",
            "--extend-select",
            "D006",
        ],
        vec!["extract", "-Hn"],
        vec!["extract", "--format", "jsonl"],
        vec!["rewrite", "--dry-run", "--map", "http://=https://"],
        vec!["rewrite", "--diff", "--map", "http://=https://"],
    ] {
        let mut all: Vec<&OsStr> = args.iter().map(|a| os(a)).collect();
        all.extend(&named);
        let out = run(dir.path(), &all);
        let what = args.join(" ");
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{what}: {:?} {}",
            out.status,
            text(&out.stderr)
        );
        let github = args.contains(&"github");
        assert_inert(&format!("{what} (stdout)"), &out.stdout, github);
        assert_inert(&format!("{what} (stderr)"), &out.stderr, false);
        if github {
            // One command per finding: 2 in each of the 4 files, walked
            // and named.
            let t = text(&out.stdout);
            assert_eq!(t.lines().count(), 16, "{t}");
            assert!(
                t.lines()
                    .all(|l| l.starts_with("::error file=") || l.starts_with("::warning file=")),
                "{t}"
            );
        }
    }
}

#[test]
fn messages_on_stderr_are_one_line_each() {
    let dir = hostile_tree(FINDING);
    // Unreadable files (gone, a directory of the same hostile name
    // unreadable, UTF-16) are each reported on one line.
    fs::write(dir.path().join("u16\n::error::u16"), b"\xff\xfeh\0").expect("write");
    let gone = "gone\n::error file=x::forged\x1b]8;;http://evil/\x07";
    let out = run(
        dir.path(),
        &[
            os("check"),
            os(gone),
            os("u16\n::error::u16"),
            os(HOSTILE[0]),
        ],
    );
    let err = text(&out.stderr);
    assert_inert("check (stderr)", &out.stderr, false);
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(
        err.starts_with("urilint: gone\\n::error file=x::forged\\x1b]8;;http://evil/\\x07: "),
        "{err}"
    );
    assert!(
        err.contains("urilint: u16\\n::error::u16: skipped: UTF-16"),
        "{err}"
    );
    // The same through extract, and a configuration file with a hostile
    // name (its error goes through the binary's own printer).
    let out = run(dir.path(), &[os("extract"), os(gone)]);
    assert_inert("extract (stderr)", &out.stderr, false);
    assert_eq!(text(&out.stderr).lines().count(), 1);
    let config = "cfg\n::error::c\x1b[2J.toml";
    fs::write(dir.path().join(config), "ignore = [\"Q9\"]\n").expect("write");
    let out = run(
        dir.path(),
        &[
            os("check"),
            os("--extend-select"),
            os("N"),
            os("--config"),
            os(config),
            os("."),
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert_inert("config error (stderr)", &out.stderr, false);
    assert!(
        text(&out.stderr)
            .starts_with("urilint: cfg\\n::error::c\\x1b[2J.toml: line 1, column 11: "),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn config_names_its_file_on_one_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let sub = dir.path().join("d\n[rules]\x1b[31m");
    fs::create_dir(&sub).expect("mkdir");
    fs::write(sub.join("urilint.toml"), "ignore = [\"N\"]\n").expect("write");
    let out = run(&sub, &[os("config")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_inert("config (stdout)", &out.stdout, false);
    let first = text(&out.stdout).lines().next().map(str::to_string);
    assert!(
        first.is_some_and(|l| l.starts_with("# configuration file: ")
            && l.ends_with("/d\\n[rules]\\x1b[31m/urilint.toml")),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn names_that_are_not_utf8_keep_their_bytes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let name = OsStr::from_bytes(b"\xff\xfe.txt");
    fs::write(dir.path().join(name), FINDING).expect("write");
    fs::write(dir.path().join("ok.txt"), FINDING).expect("write");
    for args in [
        vec![
            os("check"),
            os("--extend-select"),
            os("N"),
            os("--format"),
            os("jsonl"),
            os("."),
        ],
        vec![os("extract"), os("--format"), os("jsonl"), os(".")],
    ] {
        let out = run(dir.path(), &args);
        let records: Vec<serde_json::Value> = text(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        assert_eq!(records.len(), 2, "{}", text(&out.stdout));
        // Walk order: "./ok.txt" < "./\xff\xfe.txt".
        assert_eq!(records[0]["path"], "./ok.txt");
        assert!(records[0].get("path_bytes").is_none());
        assert_eq!(records[1]["path"], "./\u{fffd}\u{fffd}.txt");
        // base64 of "./\xff\xfe.txt"
        assert_eq!(records[1]["path_bytes"], "Li///i50eHQ=");
    }
    let out = run(
        dir.path(),
        &[
            os("check"),
            os("--extend-select"),
            os("N"),
            os("--format"),
            os("sarif"),
            name,
        ],
    );
    let log: serde_json::Value = serde_json::from_slice(&out.stdout).expect("SARIF JSON");
    let loc = &log["runs"][0]["results"][0]["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "%FF%FE.txt");
}

/// Runs `urilint ARGS` over a file with `n` findings, reads `keep` bytes
/// of its standard output and closes the pipe: the exit status.
fn status_after_closing(dir: &Path, args: &[&str], keep: usize) -> Option<i32> {
    let mut child = urilint(dir)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urilint starts");
    let mut stdout = child.stdout.take().expect("piped");
    let mut buf = vec![0; keep];
    stdout.read_exact(&mut buf).expect("output");
    drop(stdout);
    let out = child.wait_with_output().expect("urilint ends");
    assert!(
        out.stderr.is_empty(),
        "{args:?}: a closed pipe is not an error: {}",
        text(&out.stderr)
    );
    out.status.code()
}

#[test]
fn a_closed_pipe_keeps_the_status_of_the_findings() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Far more output than a pipe holds, in every format.
    fs::write(dir.path().join("many.txt"), FINDING.repeat(20_000)).expect("write");
    for format in ["human", "plain", "jsonl", "sarif", "github"] {
        let args = [
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--format",
            format,
            "many.txt",
        ];
        assert_eq!(
            status_after_closing(dir.path(), &args, 100),
            Some(1),
            "{format}"
        );
    }
    for format in ["plain", "jsonl"] {
        let args = ["extract", "--format", format, "many.txt"];
        assert_eq!(
            status_after_closing(dir.path(), &args, 100),
            Some(0),
            "{format}"
        );
    }
}

#[test]
fn a_write_error_is_said_once() {
    let Ok(full) = fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // not Linux
    };
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let out = urilint(Path::new(env!("CARGO_MANIFEST_DIR")))
        .arg("extract")
        .arg(&fixtures)
        .stdout(full)
        .output()
        .expect("urilint runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "urilint: writing output: No space left on device (os error 28)\n"
    );
}

#[test]
fn threads_out_of_range_are_a_usage_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join("a.txt"), FINDING).expect("write");
    for n in [
        "50000",
        "1025",
        "18446744073709551615",
        "99999999999999999999999",
    ] {
        let out = run(
            dir.path(),
            &[
                os("check"),
                os("--extend-select"),
                os("N"),
                os("-j"),
                os(n),
                os("."),
            ],
        );
        assert_eq!(out.status.code(), Some(2), "-j {n}: {}", text(&out.stderr));
        assert!(
            text(&out.stderr).contains("for '--threads <N>'"),
            "-j {n}: {}",
            text(&out.stderr)
        );
    }
    for n in ["0", "1", "1024"] {
        let out = run(
            dir.path(),
            &[
                os("check"),
                os("--extend-select"),
                os("N"),
                os("--format"),
                os("plain"),
                os("-j"),
                os(n),
            ],
        );
        assert_eq!(out.status.code(), Some(1), "-j {n}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout).lines().count(), 1, "-j {n}");
    }
}

#[test]
fn configuration_errors_name_line_and_column() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(
        dir.path().join("urilint.toml"),
        "# rules\nextend-select = [\"D006\", \"NOPE\"]\n",
    )
    .expect("write");
    let out = run(
        dir.path(),
        &[
            os("check"),
            os("--extend-select"),
            os("N"),
            os("--unsafe-fixes"),
            os("."),
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).starts_with("urilint: "),
        "{}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stderr).contains("urilint.toml: line 2, column 26: unknown rule selector 'NOPE'"),
        "{}",
        text(&out.stderr)
    );
}

/// The notes of `--links local` name the tree's files (here the example
/// link of the submodule note, in a Markdown page of each [`HOSTILE`]
/// name): they
/// are escaped as findings are, so no name puts a control byte on the
/// terminal (a raw ESC reached standard error before).
#[test]
fn link_notes_escape_the_names_they_give() {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in HOSTILE {
        fs::write(
            dir.path().join(format!("{name}.md")),
            "[x](themes/docsy/a.md)\n",
        )
        .expect("write");
    }
    fs::write(
        dir.path().join(".gitmodules"),
        "[submodule \"docsy\"]\n\tpath = themes/docsy\n",
    )
    .expect("write");
    fs::create_dir_all(dir.path().join("themes/docsy")).expect("mkdir");
    let out = run(
        dir.path(),
        &[
            os("check"),
            os("--links"),
            os("local"),
            os("--select"),
            os("L001"),
            os("."),
        ],
    );
    let err = text(&out.stderr);
    assert!(err.contains("urilint: note:"), "{err}");
    assert!(err.contains("not checked"), "{err}");
    assert_inert("the link notes", &out.stderr, false);
}
