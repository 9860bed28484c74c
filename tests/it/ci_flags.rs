//! The command-line conventions of linters in CI (issue 14 section 3):
//! `--exit-zero`, `--statistics`, `--output-file`, `--exclude` and
//! `extend-exclude`, and a path that does not exist.
#![cfg(feature = "cli")] // runs the `urilint` binary

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

/// A tree with a finding in `a.txt` and one in `legacy/b.txt`.
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(
        dir.path().join("a.txt"),
        "see <http://a.example/%zz> and <http://a.example/%zw>\n",
    )
    .expect("write");
    fs::create_dir(dir.path().join("legacy")).expect("mkdir");
    fs::write(dir.path().join("legacy/b.txt"), "<http://b.example:8x/>\n").expect("write");
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
            "legacy",
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
    let args = ["check", "--isolated", "--statistics", "--exclude", "legacy"];
    let named = |extra: &[&str]| {
        let mut all = args.to_vec();
        all.extend_from_slice(extra);
        text(&run_in(dir.path(), &all).stdout)
    };
    assert_eq!(named(&["legacy/b.txt"]), "1 U006 invalid-port\n");
    assert_eq!(named(&["--force-exclude", "legacy/b.txt"]), "");
    assert_eq!(named(&["--force-exclude", "legacy"]), "");
    assert_eq!(
        named(&["--force-exclude", "a.txt", "legacy/b.txt"]),
        "2 U002 invalid-percent-encoding\n"
    );
}

#[test]
fn show_fixes_lists_the_fixes_made() {
    let dir = tempfile::tempdir().expect("tempdir");
    // D004 (safe: rejoin) and N001 (safe: lowercase the scheme) in one
    // file, N003 (unsafe: default port) in another.
    fs::write(
        dir.path().join("a.txt"),
        "Broken \"http://a.example/q/\n  r\" and <HTTP://b.example/>\n",
    )
    .expect("write");
    fs::write(dir.path().join("b.txt"), "<http://c.example:80/>\n").expect("write");
    let args = [
        "check",
        "--isolated",
        "--extend-select",
        "N",
        "--show-fixes",
        "--format",
        "plain",
        ".",
    ];
    // Reported: each fix after its finding, marked safe or unsafe.
    let report = run_in(dir.path(), &args);
    let got = text(&report.stdout);
    assert!(
        got.contains("D004 ") && got.contains("[fix: rejoin as http://a.example/q/r]"),
        "{got}"
    );
    assert!(
        got.contains("N003 ") && got.contains("[unsafe fix: "),
        "{got}"
    );
    // --diff: the list goes to standard error (the diff stays a patch).
    let mut diff_args = args.to_vec();
    diff_args.insert(1, "--diff");
    let diff = run_in(dir.path(), &diff_args);
    assert!(
        text(&diff.stdout).starts_with("--- a/"),
        "{}",
        text(&diff.stdout)
    );
    assert_eq!(
        text(&diff.stderr),
        "Would fix 2 findings:\n- ./a.txt:\n    1 × D004 whitespace-outside-angle-brackets\n    1 × N001 uppercase-scheme\n"
    );
    // --fix in the human format: the list before the summary; safe only.
    let fixed = run_in(
        dir.path(),
        &[
            "check",
            "--isolated",
            "--extend-select",
            "N",
            "--fix",
            "--show-fixes",
            ".",
        ],
    );
    let got = text(&fixed.stdout);
    assert!(
        got.contains("Fixed 2 findings:\n- ./a.txt:\n    1 × D004 whitespace-outside-angle-brackets\n    1 × N001 uppercase-scheme\n"),
        "{got}"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("a.txt")).expect("read"),
        "Broken \"http://a.example/q/r\" and <http://b.example/>\n"
    );
    // The unsafe one is still there, and fixed on request.
    assert!(got.contains("N003"), "{got}");
    let fixed = run_in(
        dir.path(),
        &[
            "check",
            "--isolated",
            "--extend-select",
            "N",
            "--fix",
            "--unsafe-fixes",
            "--show-fixes",
            "b.txt",
        ],
    );
    assert!(
        text(&fixed.stdout).contains("Fixed 1 finding:\n- b.txt:\n    1 × N003 default-port\n"),
        "{}",
        text(&fixed.stdout)
    );
}

/// Configuration is found from each file's directory upwards (ruff and
/// typos), not from the working directory only.
#[test]
fn configuration_is_found_per_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    fs::create_dir_all(root.join("docs/legacy")).expect("mkdir");
    fs::create_dir_all(root.join("src")).expect("mkdir");
    fs::write(root.join("urilint.toml"), "ignore = [\"U002\"]\n").expect("write");
    fs::write(
        root.join("docs/urilint.toml"),
        "extend-select = [\"N001\"]\nextend-exclude = [\"legacy\"]\n",
    )
    .expect("write");
    let line = "<http://a.example/%zz> <HTTP://b.example/>\n";
    for f in ["src/a.txt", "docs/b.txt", "docs/legacy/c.txt"] {
        fs::write(root.join(f), line).expect("write");
    }
    let want = "docs/b.txt:1:19: U002 '%' not followed by two hex digits in the path\n\
                docs/b.txt:1:25: N001 scheme HTTP is not lowercase (http)\n";
    // From the root, from docs/ and from src/: the same findings per file.
    for (cwd, arg) in [(".", "."), ("docs", ".."), ("src", "..")] {
        let out = run_in(&root.join(cwd), &["check", "--format", "plain", arg]);
        let got = text(&out.stdout).replace("../", "").replace("./", "");
        assert_eq!(got, want, "from {cwd}");
        assert_eq!(out.status.code(), Some(1), "from {cwd}");
    }
    // Named on its own, a file still gets its directory's configuration.
    let out = run_in(root, &["check", "--format", "plain", "docs/b.txt"]);
    assert_eq!(text(&out.stdout), want);
    // --config FILE and --isolated turn the search off.
    let out = run_in(
        root,
        &[
            "check",
            "--format",
            "plain",
            "--config",
            "urilint.toml",
            "docs/b.txt",
        ],
    );
    assert_eq!(text(&out.stdout), "");
    let out = run_in(
        root,
        &["check", "--format", "plain", "--isolated", "docs/b.txt"],
    );
    assert_eq!(
        text(&out.stdout),
        "docs/b.txt:1:19: U002 '%' not followed by two hex digits in the path\n"
    );
    // An invalid nested file is named once, its files are not checked,
    // and the run fails with status 2.
    fs::write(root.join("src/urilint.toml"), "bogus = 1\n").expect("write");
    fs::write(root.join("src/d.txt"), line).expect("write");
    let out = run_in(root, &["check", "--format", "plain", "."]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert_eq!(err.matches("unknown field `bogus`").count(), 1, "{err}");
    assert!(err.contains("src/urilint.toml"), "{err}");
    assert_eq!(text(&out.stdout), want.replace("docs/", "./docs/"));
}

/// `--add-ignore` marks every finding it can, in the file's own comment
/// syntax; what it cannot mark is reported; a second run changes nothing.
/// (`[ref]`, used by no link, is also an L005 finding.)
#[test]
fn add_ignore_marks_the_findings_of_today() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let md = "# Title\n\nSee <http://a.example/%zz> and http://b.example:8x/.  \nmore\n\n[ref]: http://c.example/%zz\n\n```\nhttp://d.example/%zz\n```\n";
    let toml = "# see http://a.example/%zz\n[package]\nhomepage = \"http://b.example/%zz\"\n";
    let py = "# see http://a.example/%zz\ndef f():\n    return \"http://b.example/%zz\"\n";
    fs::write(root.join("a.md"), md).expect("write");
    fs::write(root.join("b.toml"), toml).expect("write");
    fs::write(root.join("c.txt"), "plain http://a.example/%zz\n").expect("write");
    fs::write(root.join("d.py"), py).expect("write");
    let out = run_in(
        root,
        &[
            "check",
            "--isolated",
            "--format",
            "plain",
            "--add-ignore",
            ".",
        ],
    );
    // The text file has no comment syntax, and Python source is only
    // reported on (urilint does not read its grammar: issue 25): their
    // findings are reported.
    assert_eq!(
        text(&out.stdout),
        "./c.txt:1:24: U002 '%' not followed by two hex digits in the path\n\
         ./d.py:1:24: U002 '%' not followed by two hex digits in the path\n\
         ./d.py:3:30: U002 '%' not followed by two hex digits in the path\n"
    );
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("Added 4 urilint: ignore markers to 2 files."),
        "{err}"
    );
    assert!(
        err.contains("./c.txt: 1 finding(s) not marked: this kind of file has no comment syntax"),
        "{err}"
    );
    assert!(
        err.contains("./d.py: 2 finding(s) not marked: Python source code, whose grammar urilint does not read"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(root.join("d.py")).expect("read"), py);
    assert_eq!(
        fs::read_to_string(root.join("a.md")).expect("read"),
        "# Title\n\nSee <http://a.example/%zz> and http://b.example:8x/. <!-- urilint: ignore[U002, U006] -->  \nmore\n\n<!-- urilint: ignore[L005, U002] -->\n[ref]: http://c.example/%zz\n\n```\nhttp://d.example/%zz\n```\n"
    );
    assert_eq!(
        fs::read_to_string(root.join("b.toml")).expect("read"),
        "# see http://a.example/%zz urilint: ignore[U002]\n[package]\n# urilint: ignore[U002]\nhomepage = \"http://b.example/%zz\"\n"
    );
    // The marked files are clean now, and a second run adds nothing.
    let out = run_in(
        root,
        &["check", "--isolated", "--format", "plain", "a.md", "b.toml"],
    );
    assert_eq!(
        (text(&out.stdout), out.status.code()),
        (String::new(), Some(0))
    );
    let again = run_in(
        root,
        &[
            "check",
            "--isolated",
            "--format",
            "plain",
            "--add-ignore",
            "a.md",
            "b.toml",
        ],
    );
    assert!(text(&again.stderr).contains("Added 0 urilint: ignore markers to 0 files."));
    assert_eq!(
        fs::read_to_string(root.join("b.toml"))
            .expect("read")
            .matches("urilint:")
            .count(),
        2
    );
    // Mail is never written: its findings are reported.
    let mail = "From: a@example.org\nSubject: x\n\nsee <http://a.example/%zz>\n";
    fs::write(root.join("m.eml"), mail).expect("write");
    let out = run_in(
        root,
        &[
            "check",
            "--isolated",
            "--format",
            "plain",
            "--add-ignore",
            "m.eml",
        ],
    );
    assert_eq!(fs::read_to_string(root.join("m.eml")).expect("read"), mail);
    assert!(text(&out.stdout).contains("U002"), "{}", text(&out.stdout));
}

/// Test data and vendored code are left out of `check` by default (they
/// hold invalid URIs on purpose or are not the project's to fix), but not
/// out of `extract`, nor when named, nor with `exclude = []`.
#[test]
fn test_data_is_left_out_of_check_by_default() {
    let dir = tree();
    let root = dir.path();
    for d in ["tests", "docs/testdata", "node_modules/x", "docs/fixtures"] {
        fs::create_dir_all(root.join(d)).expect("mkdir");
        fs::write(root.join(d).join("t.py"), "u = \"http://-invalid.com/\"\n").expect("write");
    }
    fs::write(root.join("app.min.js"), "a=\"http://-x.com/\"\n").expect("write");
    let stats = |args: &[&str]| text(&run_in(root, args).stdout);
    assert_eq!(
        stats(&["check", "--isolated", "--statistics", "."]),
        "2 U002 invalid-percent-encoding\n1 U006 invalid-port\n"
    );
    // Named on the command line: checked (as pre-commit names files),
    // unless --force-exclude.
    assert_eq!(
        stats(&["check", "--isolated", "--statistics", "tests/t.py"]),
        "1 S002 invalid-dns-name\n"
    );
    assert_eq!(
        stats(&["check", "--isolated", "--statistics", "tests"]),
        "1 S002 invalid-dns-name\n"
    );
    assert_eq!(
        stats(&[
            "check",
            "--isolated",
            "--statistics",
            "--force-exclude",
            "tests/t.py"
        ]),
        ""
    );
    // `extract` reads everything.
    let out = run_in(root, &["extract", "."]);
    assert_eq!(text(&out.stdout).matches("invalid.com").count(), 4);
    // `exclude = []` turns the default off; `exclude = [...]` replaces it.
    fs::write(root.join("urilint.toml"), "exclude = []\n").expect("write");
    assert_eq!(
        stats(&["check", "--statistics", "."]),
        "5 S002 invalid-dns-name\n2 U002 invalid-percent-encoding\n1 U006 invalid-port\n"
    );
    fs::write(
        root.join("urilint.toml"),
        "exclude = [\"legacy/\", \"docs/\"]\n",
    )
    .expect("write");
    assert_eq!(
        stats(&["check", "--statistics", "."]),
        "3 S002 invalid-dns-name\n2 U002 invalid-percent-encoding\n"
    );
}

/// A loopback HTTP/1.0 file server for `action/install.sh`: each GET of
/// a path in `files` gets its bytes, anything else a 404; stopped when the
/// process ends (one thread, one request at a time).
fn file_server(files: std::collections::HashMap<String, Vec<u8>>) -> u16 {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("address").port();
    std::thread::spawn(move || {
        for conn in listener.incoming().flatten() {
            let mut reader = BufReader::new(&conn);
            let mut request = String::new();
            if reader.read_line(&mut request).is_err() {
                continue;
            }
            loop {
                let mut h = String::new();
                if reader.read_line(&mut h).unwrap_or(0) == 0 || h.trim().is_empty() {
                    break;
                }
            }
            let path = request.split(' ').nth(1).unwrap_or("/").to_owned();
            let mut conn = &conn;
            let _ = match files.get(&path) {
                Some(body) => conn
                    .write_all(
                        format!("HTTP/1.0 200 OK\r\nContent-Length: {}\r\n\r\n", body.len())
                            .as_bytes(),
                    )
                    .and_then(|()| conn.write_all(body)),
                None => conn.write_all(b"HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n"),
            };
        }
    });
    port
}

/// The GitHub Action's shell part (issue 48, `action/install.sh`) against
/// a loopback server standing for the release download: the archive of
/// the runner's target is unpacked and its directory added to
/// `GITHUB_PATH` when the checksum matches; a wrong checksum is refused
/// (exit 1, nothing installed, no fallback); a release without the asset,
/// and a platform without a binary, fall back to pip (a stub here that
/// records its arguments). Then `action/run.sh` adds the SARIF output file
/// to the default arguments.
#[test]
fn action_installs_the_release_and_refuses_a_bad_checksum() {
    for tool in ["bash", "curl", "tar", "sha256sum"] {
        if std::process::Command::new("sh")
            .args(["-c", &format!("command -v {tool}")])
            .output()
            .map_or(true, |o| !o.status.success())
        {
            crate::support::skip(format!(
                "{tool} is not installed (action/install.sh needs it)"
            ));
            return;
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = tempfile::tempdir().expect("tempdir");
    let w = work.path();
    // A stub binary, urilint-TARGET/urilint, for action/run.sh below (it
    // echoes its arguments), and the archive served when dist built none.
    let target = "x86_64-unknown-linux-gnu";
    let inner = w.join(format!("urilint-{target}"));
    fs::create_dir(&inner).expect("mkdir");
    fs::write(
        inner.join("urilint"),
        "#!/bin/sh\necho \"urilint 0.2.0 (stub) $*\"\n",
    )
    .expect("write");
    let st = std::process::Command::new("sh")
        .current_dir(w)
        .args(["-c", &format!("chmod +x urilint-{target}/urilint && tar -czf a.tar.gz urilint-{target} && sha256sum a.tar.gz")])
        .output()
        .expect("tar");
    assert!(st.status.success(), "{}", text(&st.stderr));
    // The release archive: the one `dist build` made (`.ci/run`), with
    // its own checksum file as the release has it; else the stub's.
    let (archive, sum, sum_file) = match dist_artifact(target) {
        Some(a) => {
            let bin = format!("urilint-{target}/urilint");
            assert!(
                a.listing.contains(&bin),
                "{} has no {bin}: {:?}",
                a.name,
                a.listing
            );
            (a.archive, a.sha256, a.sha256_file)
        }
        None => {
            let sum = text(&st.stdout).split(' ').next().unwrap_or("").to_owned();
            let file = format!("{sum}  urilint-{target}.tar.gz\n");
            (fs::read(w.join("a.tar.gz")).expect("read"), sum, file)
        }
    };
    let asset = format!("/v0.2.0/urilint-{target}.tar.gz");
    let serve = |checksum_file: &str| {
        let mut files = std::collections::HashMap::new();
        files.insert(asset.clone(), archive.clone());
        files.insert(format!("{asset}.sha256"), checksum_file.as_bytes().to_vec());
        file_server(files)
    };
    let pip_log = w.join("pip.log");
    let pip = w.join("pip");
    fs::write(
        &pip,
        format!("#!/bin/sh\necho \"$*\" >> '{}'\n", pip_log.display()),
    )
    .expect("write");
    let install = |port: u16, os: &str, name: &str| {
        let tmp = w.join(name);
        fs::create_dir_all(&tmp).expect("mkdir");
        let path_file = tmp.join("github_path");
        let out = std::process::Command::new("bash")
            .arg(root.join("action/install.sh"))
            .env("URILINT_VERSION", "0.2.0")
            .env("RUNNER_OS", os)
            .env("RUNNER_ARCH", "X64")
            .env("RUNNER_TEMP", &tmp)
            .env("GITHUB_PATH", &path_file)
            .env("URILINT_DOWNLOAD_BASE", format!("http://127.0.0.1:{port}"))
            .env("URILINT_PIP", format!("sh {}", pip.display()))
            .output()
            .expect("bash runs");
        (out, fs::read_to_string(&path_file).unwrap_or_default())
    };
    let pip_calls = || fs::read_to_string(&pip_log).unwrap_or_default();

    // The right checksum: installed, on GITHUB_PATH.
    let (out, path) = install(serve(&sum_file), "Linux", "good");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let bin = w.join(format!("good/urilint-0.2.0/urilint-{target}"));
    assert_eq!(path, format!("{}\n", bin.display()));
    assert!(
        text(&out.stderr).contains(&format!("sha256 {sum}")),
        "{}",
        text(&out.stderr)
    );
    let ran = std::process::Command::new(bin.join("urilint"))
        .arg("--version")
        .output()
        .expect("runs");
    assert!(
        text(&ran.stdout).starts_with("urilint 0.2.0"),
        "{}",
        text(&ran.stdout)
    );
    // A checksum that does not match: refused, nothing installed, no pip.
    let bad = sum.replace(&sum[..1], if sum.starts_with('0') { "1" } else { "0" });
    let (out, path) = install(
        serve(&format!("{bad}  urilint-{target}.tar.gz\n")),
        "Linux",
        "bad",
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("checksum mismatch"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(path, "");
    assert_eq!(pip_calls(), "");
    // No asset at that release (404), and no binary for the platform: pip.
    let (out, path) = install(file_server(Default::default()), "Linux", "missing");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(path, "");
    assert_eq!(pip_calls(), "install --quiet urilint==0.2.0\n");
    let (out, _) = install(serve(&sum_file), "FreeBSD", "other");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("no released binary for FreeBSD X64"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(pip_calls().lines().count(), 2);

    // action/run.sh (the stub on PATH): the default arguments write
    // urilint.sarif.
    let run = |args: Option<&str>| {
        let mut c = std::process::Command::new("bash");
        c.arg(root.join("action/run.sh"))
            .env("PATH", format!("{}:/usr/bin:/bin", inner.display()))
            .env("URILINT_SARIF", "true");
        if let Some(a) = args {
            c.env("URILINT_ARGS", a);
        }
        text(&c.output().expect("bash runs").stdout)
    };
    assert_eq!(
        run(None),
        "urilint 0.2.0 (stub) check --format sarif . --output-file urilint.sarif\n"
    );
    assert_eq!(
        run(Some("check --format github docs")),
        "urilint 0.2.0 (stub) check --format github docs\n"
    );
}

/// A release archive that `dist build` made (`.ci/run`).
struct DistArtifact {
    /// Its name, `urilint-TARGET.tar.gz`.
    name: String,
    /// Its bytes.
    archive: Vec<u8>,
    /// The SHA-256 of its bytes, in hexadecimal.
    sha256: String,
    /// The checksum file dist wrote beside it (`ASSET.sha256`).
    sha256_file: String,
    /// The paths in it (`tar -tzf`).
    listing: Vec<String>,
}

/// The archive `dist build --artifacts=local --target TARGET` made for
/// `target`, in the directory `URILINT_TEST_DIST` names (`.ci/run` copies
/// it from dist's output directory to `target/dist-artifacts` and sets it); `None`, after
/// [`crate::support::skip`] (a failure under `URILINT_TEST_STRICT=1`),
/// without it. With `URILINT_TEST_DIST` set, a missing archive fails.
fn dist_artifact(target: &str) -> Option<DistArtifact> {
    let Some(dir) = std::env::var_os("URILINT_TEST_DIST") else {
        crate::support::skip(
            "URILINT_TEST_DIST is not set (.ci/run sets it to target/dist-artifacts, where it \
             copies what `dist build --artifacts=local --target x86_64-unknown-linux-gnu` made)",
        );
        return None;
    };
    let dir = std::path::PathBuf::from(dir);
    let name = format!("urilint-{target}.tar.gz");
    let path = dir.join(&name);
    let archive = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let sha256_file = fs::read_to_string(dir.join(format!("{name}.sha256")))
        .unwrap_or_else(|e| panic!("{}.sha256: {e}", path.display()));
    let hash = |args: &[&str]| {
        let out = std::process::Command::new(args[0])
            .args(&args[1..])
            .arg(&path)
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", args[0]));
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        text(&out.stdout)
    };
    let sha256 = hash(&["sha256sum"])
        .split(' ')
        .next()
        .unwrap_or("")
        .to_owned();
    let listing = hash(&["tar", "-tzf"])
        .lines()
        .map(|l| l.trim_end_matches('/').to_owned())
        .collect();
    Some(DistArtifact {
        name,
        archive,
        sha256,
        sha256_file,
        listing,
    })
}

/// Renders a cargo-binstall template as binstall does: each `{ key }`
/// (spaces inside the braces optional) replaced by its value; an unknown
/// key fails the test.
fn binstall_render(template: &str, vars: &[(&str, &str)]) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..]
            .find('}')
            .unwrap_or_else(|| panic!("unclosed {{ in {template}"))
            + open;
        let key = rest[open + 1..close].trim();
        let value = vars
            .iter()
            .find(|(k, _)| *k == key)
            .unwrap_or_else(|| panic!("{template}: binstall has no {{ {key} }} here"))
            .1;
        out.push_str(value);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Cargo.toml's `[package.metadata.binstall]` (issue 48) rendered for
/// x86_64 Linux as `cargo binstall urilint` renders it: the URL is the
/// release asset action/install.sh downloads, its name the archive `dist
/// build` made, and `bin-dir` a path in that archive, the binary; the
/// format is dist's (`tgz`, `.tar.gz`). Without dist's archive
/// (`URILINT_TEST_DIST`), the names are checked against install.sh's alone.
#[test]
fn binstall_metadata_fetches_the_dist_archive() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest: toml::Table = fs::read_to_string(root.join("Cargo.toml"))
        .expect("Cargo.toml")
        .parse()
        .expect("Cargo.toml is TOML");
    let package = &manifest["package"];
    let version = package["version"].as_str().expect("version");
    let repo = package["repository"].as_str().expect("repository");
    let binstall = &package["metadata"]["binstall"];
    let field = |k: &str| {
        binstall[k]
            .as_str()
            .unwrap_or_else(|| panic!("[package.metadata.binstall] {k}"))
    };
    assert_eq!(field("pkg-fmt"), "tgz");
    let target = "x86_64-unknown-linux-gnu";
    let vars = [
        ("repo", repo),
        ("name", "urilint"),
        ("version", version),
        ("target", target),
        ("archive-suffix", ".tar.gz"),
        ("archive-format", "tgz"),
        ("format", "tgz"),
        ("bin", "urilint"),
        ("binary-ext", ""),
    ];
    let url = binstall_render(field("pkg-url"), &vars);
    let bin_dir = binstall_render(field("bin-dir"), &vars);
    eprintln!("cargo binstall urilint on {target} fetches {url} and installs {bin_dir}");
    assert_eq!(
        url,
        format!(
            "https://github.com/urilint/urilint/releases/download/v{version}/urilint-{target}.tar.gz"
        )
    );
    assert_eq!(bin_dir, format!("urilint-{target}/urilint"));
    // Windows: dist's .zip.
    let windows = &binstall["overrides"]["x86_64-pc-windows-msvc"];
    assert_eq!(windows["pkg-fmt"].as_str(), Some("zip"));
    let windows_bin = windows["bin-dir"].as_str().expect("Windows bin-dir");
    assert_eq!(
        binstall_render(windows_bin, &[("bin", "urilint"), ("binary-ext", ".exe")]),
        "urilint.exe"
    );

    let Some(dist) = dist_artifact(target) else {
        return;
    };
    assert_eq!(url.rsplit('/').next(), Some(dist.name.as_str()));
    assert!(
        dist.listing.contains(&bin_dir),
        "{} holds no {bin_dir}: {:?}",
        dist.name,
        dist.listing
    );
    assert!(
        dist.sha256_file.starts_with(&dist.sha256),
        "{}.sha256 says {:?}, the archive's SHA-256 is {}",
        dist.name,
        dist.sha256_file,
        dist.sha256
    );
}

/// RSpec's test files (`*_spec.rb`, its default `--pattern`) are test
/// code: a walk leaves them out, a file named on the command line is
/// read (issue 46: asciidoctor-pdf's `spec/link_spec.rb` writes a bare
/// scheme on purpose; fixtures/test-data/asciidoctor-pdf/SOURCE).
#[test]
fn rspec_files_are_left_out_of_check_by_default() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let stats = |args: &[&str]| text(&run_in(root, args).stdout);
    assert_eq!(
        stats(&[
            "check",
            "--isolated",
            "--statistics",
            "fixtures/test-data/asciidoctor-pdf"
        ]),
        ""
    );
    assert_eq!(
        stats(&[
            "check",
            "--isolated",
            "--statistics",
            "fixtures/test-data/asciidoctor-pdf/spec/link_spec.rb"
        ]),
        "1 U005 invalid-host\n"
    );
}

/// Go's test files (`*_test.go`, `go help test`), like pytest's and
/// Jest's by their default names, are test code: a walk leaves them out,
/// a file named on the command line is read (issue 46 round 7:
/// argoproj/argo-cd's `util/git/git_test.go` writes a password with an
/// `@` on purpose; fixtures/test-data/argo-cd/SOURCE).
#[test]
fn go_test_files_are_left_out_of_check_by_default() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let stats = |args: &[&str]| text(&run_in(root, args).stdout);
    assert_eq!(
        stats(&[
            "check",
            "--isolated",
            "--statistics",
            "fixtures/test-data/argo-cd"
        ]),
        ""
    );
    assert_eq!(
        stats(&[
            "check",
            "--isolated",
            "--statistics",
            "fixtures/test-data/argo-cd/util/git/git_test.go"
        ]),
        "1 U004 unexpected-character\n1 X001 password-in-userinfo\n"
    );
}
