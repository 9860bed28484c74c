//! `urilint server` with a real LSP client: Emacs's Eglot (Debian's
//! `emacs-nox` and `elpa-eglot`, which `.ci/run` installs), driven in
//! batch mode by `fixtures/editors/eglot/drive.el`. Eglot opens a copy of
//! `fixtures/editors/eglot/doc.md` (non-ASCII text and an emoji before a
//! URI broken across lines, and a link to a missing file), and the test
//! checks what the editor shows and what it writes:
//!
//! * the two diagnostics, on the right lines and covering the right text
//!   (Eglot converts UTF-16 positions to buffer positions itself);
//! * the `source.fixAll.urilint` action, applied (a versioned
//!   `documentChanges` edit: Eglot asks for them), then the "ignore here"
//!   quick fix of the missing link, after which no finding is left;
//! * a hover on the link; the saved file's bytes.
//!
//! It skips with a message when `emacs` or Eglot is missing.

use std::path::{Path, PathBuf};
use std::process::Command;

fn eglot_available() -> bool {
    Command::new("emacs")
        .args([
            "--batch",
            "-q",
            "--eval",
            "(progn (package-initialize) (require 'eglot))",
        ])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn eglot_shows_findings_and_applies_code_actions() {
    if !eglot_available() {
        crate::support::skip(
            "emacs with Eglot is not installed (apt-get install emacs-nox elpa-eglot)",
        );
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/editors/eglot");
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    std::fs::create_dir(&ws).unwrap();
    // A project Eglot recognizes (project.el's VC backend).
    assert!(Command::new("git")
        .args(["init", "-q"])
        .current_dir(&ws)
        .status()
        .unwrap()
        .success());
    std::fs::copy(root.join("doc.md"), ws.join("doc.md")).unwrap();
    // `urilint` on PATH is the binary under test.
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_urilint"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = dir.path().join("out.json");
    let mut child = Command::new("emacs")
        .args(["--batch", "-q", "-l"])
        .arg(root.join("drive.el"))
        .env("PATH", path)
        .env("HOME", dir.path())
        .env("WS", &ws)
        .env("OUT", &out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Never hang CI: Emacs is given a minute.
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            panic!("emacs did not finish within 60 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let stderr = {
        use std::io::Read;
        let mut s = String::new();
        child.stderr.take().unwrap().read_to_string(&mut s).unwrap();
        s
    };
    assert!(status.success(), "emacs failed: {stderr}");
    let seen: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let missing = ws.join("missing.md");
    let want = serde_json::json!({
        "diagnostics": {
            "urilint [D005]: http://a.example/bc is broken across lines (broken-uri)":
                [3, "http://a.example/b\n  c"],
            format!("urilint [L001]: links to {}, which does not exist (missing-local-target)", missing.display()):
                [4, "missing.md"],
        },
        "fix-all": ["urilint: fix all safe fixes in this file"],
        "quickfixes": ["urilint (L001): ignore here (urilint: ignore[L001])"],
        "left": 0,
        "hover": "`missing.md` (relative reference)\n\n| component | value |\n|---|---|\n| path | `missing.md` |\n\nvalid (RFC 3986)\n\nlocal target: `missing.md` (missing)",
    });
    assert_eq!(seen, want, "{stderr}");
    assert_eq!(
        std::fs::read_to_string(ws.join("doc.md")).unwrap(),
        "# Grüße\n\nSee 😀 <http://a.example/bc> and [x](missing.md). <!-- urilint: ignore[L001] -->\n"
    );
}
