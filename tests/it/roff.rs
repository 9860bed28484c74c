//! roff (man pages) through the binary: fixtures/roff (excerpts of real
//! man pages, see its README.md), detection by name and content, code,
//! positions, `check --fix`, `--add-ignore` and `rewrite`.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::fs;
use std::io::Write;
use std::process::{Command, Output};

use serde_json::Value;

fn urilint(args: &[&str]) -> Output {
    let (sub, rest) = args.split_first().expect("a subcommand");
    Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg(sub)
        .arg("--isolated")
        .args(rest)
        .env("NO_COLOR", "1")
        .env_remove("CI")
        .output()
        .expect("run urilint")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn records(args: &[&str]) -> Vec<Value> {
    stdout(&urilint(args))
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON record"))
        .collect()
}

/// The roff fixtures, as paths relative to the crate (sorted).
fn fixtures() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/roff");
    let mut out: Vec<String> = fs::read_dir(dir)
        .expect("fixtures/roff")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".expected") && !n.ends_with(".md"))
        .map(|n| format!("fixtures/roff/{n}"))
        .collect();
    out.sort();
    out
}

fn expected(name: &str) -> String {
    fs::read_to_string(format!(
        "{}/fixtures/roff/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("expected output")
}

/// `extract -Hn` and `check --format plain`, with and without
/// `--include-code`, give the checked-in outputs, and nothing on stderr.
#[test]
fn fixtures_give_the_expected_outputs() {
    let files = fixtures();
    assert!(files.len() >= 15, "{files:?}");
    let f: Vec<&str> = files.iter().map(String::as_str).collect();
    for (args, want) in [
        (vec!["extract", "-Hn"], "extract.expected"),
        (
            vec!["extract", "-Hn", "--include-code"],
            "extract-include-code.expected",
        ),
        (vec!["check", "--format", "plain"], "check.expected"),
        (
            vec!["check", "--format", "plain", "--include-code"],
            "check-include-code.expected",
        ),
    ] {
        let mut all = args.clone();
        all.extend(&f);
        let out = urilint(&all);
        assert!(out.stderr.is_empty(), "{args:?}: {out:?}");
        assert_eq!(stdout(&out), expected(want), "{args:?}");
    }
}

/// Every record's `raw` is the file's bytes at `byte_start..byte_end`
/// (escapes and all), and line and column point at them; the decoded URI
/// is what the page shows.
#[test]
fn positions_point_into_the_file() {
    let files = fixtures();
    let mut args = vec!["extract", "--format", "jsonl", "--include-code"];
    args.extend(files.iter().map(String::as_str));
    let recs = records(&args);
    assert!(recs.len() >= 20, "{recs:?}");
    for r in &recs {
        let path = r["path"].as_str().expect("path");
        let bytes = fs::read(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).expect("read");
        let s = r["byte_start"].as_u64().expect("start") as usize;
        let e = r["byte_end"].as_u64().expect("end") as usize;
        assert_eq!(
            String::from_utf8_lossy(&bytes[s..e]),
            r["raw"].as_str().expect("raw"),
            "{r}"
        );
        let line = bytes[..s].iter().filter(|&&b| b == b'\n').count() as u64 + 1;
        assert_eq!(r["line"].as_u64(), Some(line), "{r}");
    }
    let strace = recs
        .iter()
        .find(|r| r["path"].as_str().is_some_and(|p| p.contains("strace")))
        .expect("the strace link");
    assert_eq!(strace["uri"], "mailto:strace-devel@lists.strace.io");
    assert_eq!(strace["raw"], "mailto:strace\\-devel@lists.strace.io");
    assert_eq!(strace["segment"], "roff-link");
    assert_eq!(strace["field"], "UR");
    assert_eq!(
        (strace["line"].as_u64(), strace["column"].as_u64()),
        (Some(5), Some(5))
    );
    let comment = recs
        .iter()
        .find(|r| r["uri"] == "http://sources.redhat.com/bugzilla/show_bug.cgi?id=6973")
        .expect("the comment's link");
    assert_eq!(comment["segment"], "roff-comment");
    let code: Vec<(&str, &str)> = recs
        .iter()
        .filter(|r| r["in_code"] == Value::Bool(true))
        .map(|r| {
            (
                r["field"].as_str().unwrap_or_default(),
                r["uri"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert!(
        code.contains(&("display", "https://example.com/../../etc/passwd")),
        "{code:?}"
    );
    assert!(
        code.contains(&("constant-width", "http://bugs.debian.org/")),
        "{code:?}"
    );
}

/// A man page name with roff lines, or a roff start alone, is roff; a
/// man page name holding prose stays text; --input-format forces either.
#[test]
fn detection_by_name_and_content() {
    let dir = tempfile::tempdir().expect("temp dir");
    let page = ".TH X 1\nSee http://a.example/a\\-b here.\n";
    let prose = "Notes.\nSee http://a.example/a\\-b here.\n";
    for (name, text) in [
        ("page.1", page),
        ("page.3pm", page),
        ("page", page),
        ("notes.1", prose),
        ("notes.txt", prose),
    ] {
        fs::write(dir.path().join(name), text).expect("write");
    }
    // A gzip-compressed page is detected by its name without `.gz`.
    let gz = fs::File::create(dir.path().join("zipped.8.gz")).expect("create");
    let mut enc = flate2::write::GzEncoder::new(gz, flate2::Compression::default());
    enc.write_all(b".PP\nSee http://a.example/a\\-b here.\n")
        .expect("gzip");
    enc.finish().expect("gzip");
    let uri = |name: &str, extra: &[&str]| -> Vec<String> {
        let p = dir.path().join(name).to_string_lossy().into_owned();
        let mut args = vec!["extract"];
        args.extend(extra);
        args.push(&p);
        stdout(&urilint(&args))
            .lines()
            .map(str::to_string)
            .collect()
    };
    for name in ["page.1", "page.3pm", "page", "zipped.8.gz"] {
        assert_eq!(uri(name, &[]), ["http://a.example/a-b"], "{name}");
    }
    for name in ["notes.1", "notes.txt"] {
        assert_eq!(uri(name, &[]), ["http://a.example/a"], "{name}");
    }
    for alias in ["roff", "man", "troff", "groff"] {
        assert_eq!(
            uri("notes.txt", &["--input-format", alias]),
            ["http://a.example/a-b"],
            "{alias}"
        );
    }
    assert_eq!(
        uri("page.1", &["--input-format", "text"]),
        ["http://a.example/a"]
    );
}

/// check --fix edits only URIs written as they read: not one whose bytes
/// hold an escape, not code, not a link macro's argument; the rest of the
/// file is kept byte for byte.
#[test]
fn fix_never_edits_escaped_uris_or_code() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("t.1");
    let text = ".TH T 1\n.SH X\nSee HTTP://Plain.example/a and HTTP://Esc\\-aped.example/b and\n.UR HTTP://Link.example/c\n.UE\n.nf\nHTTP://Code.example/d\n.fi\n\\fBHTTP://Bold.example/e\\fR\n";
    fs::write(&path, text).expect("write");
    let p = path.to_string_lossy().into_owned();
    let out = urilint(&[
        "check", "--select", "N001", "--fix", "--format", "plain", &p,
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let fixed = fs::read_to_string(&path).expect("read");
    // Every URI the page shows is fixed where its bytes are written as
    // they read (the scheme of the escaped one too, a link macro's
    // argument); code is not.
    assert_eq!(
        fixed,
        text.replace("HTTP://Plain", "http://Plain")
            .replace("HTTP://Esc", "http://Esc")
            .replace("HTTP://Link", "http://Link")
            .replace("HTTP://Bold", "http://Bold")
    );
    let out = urilint(&["check", "--select", "N001", "--format", "plain", &p]);
    assert_eq!(stdout(&out), "");
    // A fix that would write over an escape is not applied: the URI is
    // reported without one.
    let text = ".TH T 1\n.SH X\nSee http://Esc\\-aped.example/b now\n";
    fs::write(&path, text).expect("write");
    let out = urilint(&[
        "check",
        "--select",
        "N002",
        "--unsafe-fixes",
        "--fix",
        "--format",
        "plain",
        &p,
    ]);
    assert_eq!(fs::read_to_string(&path).expect("read"), text);
    assert!(stdout(&out).contains("t.1:3:12: N002"), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("1 fix not applied"),
        "{out:?}"
    );
}

/// --add-ignore writes `.\" urilint: ignore[...]` lines (or appends to a
/// comment line), but never in a macro definition or a table; the
/// markers suppress what they were written for.
#[test]
fn add_ignore_writes_comment_lines() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("a.1");
    let text = ".TH T 1\n.SH X\nSee http://a.example/%zz here.\n.de M\nhttp://b.example/%zz\n..\n.\\\" http://c.example/%zz\n.TS\nl.\nhttp://d.example/%zz\n.TE\n";
    fs::write(&path, text).expect("write");
    let p = path.to_string_lossy().into_owned();
    let out = urilint(&["check", "--add-ignore", "--format", "plain", &p]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let marked = fs::read_to_string(&path).expect("read");
    assert_eq!(
        marked,
        ".TH T 1\n.SH X\n.\\\" urilint: ignore[U002]\nSee http://a.example/%zz here.\n.de M\nhttp://b.example/%zz\n..\n.\\\" http://c.example/%zz urilint: ignore[U002]\n.TS\nl.\nhttp://d.example/%zz\n.TE\n"
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("macro definition, a table"),
        "{out:?}"
    );
    let out = urilint(&["check", "--format", "plain", &p]);
    let report = stdout(&out);
    assert_eq!(report.lines().count(), 1, "{report}");
    assert!(report.contains("a.1:11:18: U002"), "{report}");
}

/// rewrite edits a URI at its bytes in the file; where it was written
/// with escapes, the new one is written with them (`-` as `\-`).
#[test]
fn rewrite_writes_roff_escapes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("r.1");
    let text = ".TH T 1\nSee http://old.example/a\\-b and\n.UR http://old.example/c\n.UE\n.nf\nhttp://old.example/code\n.fi\n";
    fs::write(&path, text).expect("write");
    let p = path.to_string_lossy().into_owned();
    let out = urilint(&[
        "rewrite",
        "--map-regex",
        "http://old\\.example/(.*)=https://new.example/x-$1",
        &p,
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        fs::read_to_string(&path).expect("read"),
        ".TH T 1\nSee https://new.example/x\\-a\\-b and\n.UR https://new.example/x-c\n.UE\n.nf\nhttp://old.example/code\n.fi\n"
    );
}
