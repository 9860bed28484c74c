//! `check --column-unit byte|char|utf16`: the columns of the plain, human
//! and github formats counted in bytes, characters or UTF-16 code units
//! (`crates/urilint-scan/src/position.rs`, `ColumnUnit`), on lines with non-ASCII text before
//! the finding; and the Vim recipe of docs/editors.md run in a real
//! Neovim, which must put the cursor on the finding's first byte.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/column-unit")
}

/// Runs `urilint check ARGS` in fixtures/column-unit.
fn check(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(fixtures())
        .arg("check")
        .args(args)
        .output()
        .expect("urilint runs")
}

fn stdout(args: &[&str]) -> String {
    String::from_utf8(check(args).stdout).expect("UTF-8 output")
}

/// `umlaut.txt`, line 2: `Grüße 😀 café: http://example.com/%zz end`.
/// Before the `%`: "Grüße 😀 café: " is 20 bytes, 14 characters and 15
/// UTF-16 code units (😀 is two); "http://example.com/" 19 of each. The
/// URI ends 3 further on.
const UMLAUT: [(&str, u64, u64); 3] = [("char", 34, 37), ("byte", 40, 43), ("utf16", 35, 38)];

#[test]
fn plain_columns_in_each_unit() {
    for (unit, col, _) in UMLAUT {
        assert_eq!(
            stdout(&["--format", "plain", "--column-unit", unit, "umlaut.txt"]),
            format!("umlaut.txt:2:{col}: U002 '%' not followed by two hex digits in the path\n"),
            "{unit}"
        );
    }
    // The default is char.
    assert_eq!(
        stdout(&["--format", "plain", "umlaut.txt"]),
        stdout(&["--format", "plain", "--column-unit", "char", "umlaut.txt"])
    );
}

#[test]
fn human_place_in_each_unit() {
    for (unit, col, _) in UMLAUT {
        let out = stdout(&["--color", "never", "--column-unit", unit, "umlaut.txt"]);
        assert!(
            out.contains(&format!(" --> umlaut.txt:2:{col}\n")),
            "{unit}: {out}"
        );
        // The excerpt and its caret do not move.
        assert!(out.contains("2 | Grüße 😀 café: http://example.com/%zz end"));
    }
}

#[test]
fn github_start_and_end_in_each_unit() {
    for (unit, col, end) in UMLAUT {
        let out = stdout(&["--format", "github", "--column-unit", unit, "umlaut.txt"]);
        assert!(
            out.starts_with(&format!(
                "::error file=umlaut.txt,line=2,col={col},endLine=2,endColumn={end},"
            )),
            "{unit}: {out}"
        );
    }
}

#[test]
fn json_lines_and_sarif_keep_their_columns() {
    for format in ["jsonl", "sarif"] {
        assert_eq!(
            stdout(&["--format", format, "--column-unit", "byte", "umlaut.txt"]),
            stdout(&["--format", format, "umlaut.txt"]),
            "{format}"
        );
    }
    let jsonl = stdout(&["--format", "jsonl", "--column-unit", "utf16", "umlaut.txt"]);
    assert!(
        jsonl.contains("\"line\":2,\"column\":34,\"byte_offset\":45,"),
        "{jsonl}"
    );
}

/// A decoded format: the Markdown link's destination is found in the
/// decoded text and placed back in the file, whose bytes the columns are
/// counted on. Line 3: `Grüße 😀 café: [lien](http://example.com/%zz) fin`,
/// 7 more bytes (and characters) before the URI than in umlaut.txt.
#[test]
fn markdown_columns_in_each_unit() {
    for (unit, col, end) in [("char", 41, 44), ("byte", 47, 50), ("utf16", 42, 45)] {
        let out = stdout(&["--format", "github", "--column-unit", unit, "umlaut.md"]);
        assert!(
            out.starts_with(&format!(
                "::error file=umlaut.md,line=3,col={col},endLine=3,endColumn={end},"
            )),
            "{unit}: {out}"
        );
        let plain = stdout(&["--format", "plain", "--column-unit", unit, "umlaut.md"]);
        assert!(
            plain.starts_with(&format!("umlaut.md:3:{col}: U002 ")),
            "{plain}"
        );
    }
}

/// A URI broken across lines: the start is on line 1 after "Grüße 😀 <"
/// (14 bytes, 9 characters, 10 UTF-16 units), the end on line 2 after
/// "noël-😀/2024/" (16 bytes, 12 characters, 13 UTF-16 units).
#[test]
fn end_column_of_a_broken_uri_is_on_its_last_line() {
    for (unit, col, end) in [("char", 10, 13), ("byte", 15, 17), ("utf16", 11, 14)] {
        let out = stdout(&["--format", "github", "--column-unit", unit, "broken.txt"]);
        assert!(
            out.starts_with(&format!(
                "::warning file=broken.txt,line=1,col={col},endLine=2,endColumn={end},title=D005 "
            )),
            "{unit}: {out}"
        );
    }
}

/// Standard input is read back from its window, as files are.
#[test]
fn standard_input_in_each_unit() {
    use std::io::Write;
    for (unit, col, _) in UMLAUT {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urilint"))
            .args(["check", "--format", "plain", "--column-unit", unit, "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("urilint runs");
        let text = std::fs::read(fixtures().join("umlaut.txt")).expect("fixture");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(&text)
            .expect("write");
        let out = child.wait_with_output().expect("urilint ends");
        let out = String::from_utf8(out.stdout).expect("UTF-8");
        assert!(
            out.starts_with(&format!("-:2:{col}: U002 ")),
            "{unit}: {out}"
        );
    }
}

/// `check --fix -` prints the fixed text and, on standard error, the
/// findings left, in the unit, counted on the fixed text: `HTTP` became
/// `http` before them (same length), "Grüße <" and " 😀 " are before.
#[test]
fn findings_left_by_fix_on_standard_input_in_each_unit() {
    use std::io::Write;
    let text = "Gr\u{fc}\u{df}e <HTTP://a.example/x> \u{1F600} http://b.example/%zz\n";
    for (unit, col) in [("char", 47), ("byte", 52), ("utf16", 48)] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urilint"))
            .args(["check", "--isolated", "--extend-select", "N", "--fix"])
            .args(["--format", "plain", "--column-unit", unit, "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("urilint runs");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write");
        let out = child.wait_with_output().expect("urilint ends");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            text.replace("HTTP", "http")
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(&format!("-:1:{col}: U002 ")),
            "{unit}: {err}"
        );
    }
}

/// A message of a mailbox after the first is read back from its own
/// bytes: its lines were read from the wrong place when the 4 KiB before
/// a finding reached back past the message's start (so that the column
/// came out as 1 and the human excerpt was missing). Line 123 is
/// `> > http://www.logitech.com/...` in message 1, which starts at byte
/// 2583; the URI goes on on line 124 after `> >`.
#[test]
fn a_later_message_of_a_mailbox_is_read_back_from_its_own_bytes() {
    let path = "../mail/pipermail-linux-uvc-2006-August-2727-2858.txt";
    let out = stdout(&["--format", "github", "--column-unit", "byte", path]);
    assert!(
        out.contains(",line=123,col=5,endLine=124,endColumn=10,title=D004 "),
        "{out}"
    );
    let human = stdout(&["--color", "never", "--column-unit", "byte", path]);
    assert!(
        human.contains(":123:5\n")
            && human.contains("123 |   > > http://www.logitech.com/index.cfm/"),
        "{human}"
    );
}

#[test]
fn an_unknown_unit_is_refused() {
    let out = check(&["--column-unit", "codepoint", "umlaut.txt"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("byte") && err.contains("utf16"), "{err}");
}

/// The problem matcher of docs/editors.md's VS Code recipe reads the
/// plain format's place, code and message.
#[test]
fn vs_code_pattern_reads_the_plain_format() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/editors.md"))
            .expect("docs/editors.md");
    let line = doc
        .lines()
        .find(|l| l.trim_start().starts_with("\"regexp\": "))
        .expect("a regexp line");
    let json = line.trim().trim_end_matches(',');
    let value: serde_json::Value =
        serde_json::from_str(&format!("{{{json}}}")).expect("the regexp line is JSON");
    let re = regex::Regex::new(value["regexp"].as_str().expect("a string")).expect("a regex");
    assert!(doc.contains("--column-unit utf16"));
    let out = stdout(&["--format", "plain", "--column-unit", "utf16", "umlaut.txt"]);
    let c = re.captures(out.trim_end()).expect("the pattern matches");
    assert_eq!(
        [&c[1], &c[2], &c[3], &c[4]],
        ["umlaut.txt", "2", "35", "U002"]
    );
    assert_eq!(&c[5], "'%' not followed by two hex digits in the path");
}

/// The `errorformat` of docs/editors.md's Vim recipe, as typed there.
fn documented_errorformat() -> String {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/editors.md"))
            .expect("docs/editors.md");
    let line = doc
        .lines()
        .find(|l| l.starts_with("setlocal errorformat="))
        .expect("an errorformat line");
    line.trim_start_matches("setlocal ").to_string()
}

/// The reviewer's complaint, in the editor: Neovim (or Vim's `:make`
/// parser, which Neovim shares) reads the plain output with the
/// documented errorformat, and `:cfirst` must put the cursor on the `%`.
#[test]
fn vim_recipe_lands_on_the_finding() {
    let Some(nvim) = ["/usr/bin/nvim", "/usr/local/bin/nvim"]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .or_else(|| {
            Command::new("nvim")
                .arg("--version")
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|_| PathBuf::from("nvim"))
        })
    else {
        crate::support::skip("nvim is not installed (apt-get install neovim)");
        return;
    };
    let errorformat = documented_errorformat();
    assert!(errorformat.contains("%c"), "{errorformat}");
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(fixtures().join("umlaut.txt"), dir.path().join("umlaut.txt")).expect("copy");
    let land = |unit: &str| -> String {
        // `cexpr system(...)`, as docs/editors.md's unsaved-buffer recipe,
        // with the file on the command line.
        let cmd = format!(
            "cexpr system('{} check --format plain --column-unit {unit} umlaut.txt')",
            env!("CARGO_BIN_EXE_urilint")
        );
        let status = Command::new(&nvim)
            .current_dir(dir.path())
            .args(["--headless", "-u", "NONE", "-i", "NONE", "-n"])
            .args(["-c", &format!("set {errorformat}")])
            .args(["-c", &cmd])
            .args(["-c", "cfirst"])
            .args([
                "-c",
                "call writefile([line('.') . ':' . col('.') . ':' . getline('.')[col('.') - 1:]], 'landed')",
            ])
            .args(["-c", "qa!"])
            .stdin(std::process::Stdio::null())
            .output()
            .expect("nvim runs");
        assert!(status.status.success(), "{status:?}");
        std::fs::read_to_string(dir.path().join("landed")).expect("nvim wrote where it landed")
    };
    // Byte 40 of line 2 is the `%`: the cursor is on it.
    assert_eq!(land("byte"), "2:40:%zz end\n");
    // README's recipe: its `makeprg`, `:make` and Vim's default
    // errorformat (whose `%f:%l:%c:%m` reads a byte index too).
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md")
        .replace('\n', " ");
    let makeprg = readme
        .split("makeprg=")
        .nth(1)
        .and_then(|r| r.split('`').next())
        .expect("README sets makeprg");
    assert!(makeprg.starts_with("urilint\\ ") && makeprg.contains("--column-unit\\ byte"));
    let makeprg = makeprg.replacen("urilint", env!("CARGO_BIN_EXE_urilint"), 1);
    let out = Command::new(&nvim)
        .current_dir(dir.path())
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n"])
        .args(["-c", &format!("set makeprg={makeprg}")])
        .args(["-c", "edit umlaut.txt", "-c", "silent make!", "-c", "cfirst"])
        .args([
            "-c",
            "call writefile([line('.') . ':' . col('.') . ':' . getline('.')[col('.') - 1:]], 'made')",
        ])
        .args(["-c", "qa!"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("nvim runs");
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("made")).expect("nvim wrote where it landed"),
        "2:40:%zz end\n"
    );
    // Characters read as bytes land six bytes to the left, inside the
    // host (as the reviewer did): what `--column-unit byte` is for.
    assert_eq!(land("char"), "2:34:e.com/%zz end\n");
}
