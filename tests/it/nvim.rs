//! `urilint server` with a real client: Neovim, set up by README's Neovim
//! snippet as written (the Lua between `<!-- nvim-setup:start -->` and
//! `<!-- nvim-setup:end -->` is this run's init.lua), with `urilint` on
//! `PATH` as the snippet's `cmd = { "urilint", "server" }` expects.
//!
//! `fixtures/editors/nvim_test.lua` drives the headless editor on a copy
//! of `fixtures/editors/notes.md` (two URIs broken across lines inside
//! `<...>`, D005 with a safe fix; a `%zz`, U002 without one): it waits for
//! the diagnostics, applies the preferred quick fix of the first D005 as
//! a user picks it from `vim.lsp.buf.code_action()`'s menu,
//! `source.fixAll.urilint` (the other D005), and the `urilint:
//! ignore[U002]` marker from the menu, waits for the diagnostics after
//! each, writes the file, and records it all in a JSON file. This test
//! checks the record (codes, 0-based lines and byte columns as Neovim
//! holds them, after its conversion from the UTF-16 positions it
//! negotiated) and the written file's bytes.
//!
//! Neovim 0.7.2 (Debian 12's `neovim`) is the version tested; the script
//! also runs on newer ones. Skips with a message when `nvim` is missing,
//! unless `URILINT_TEST_NVIM=1` (as `.ci/run` sets it), which makes a
//! missing Neovim a failure. Neovim is killed after [`LIMIT`] (a guard
//! against a hang, not a timed assertion).
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const LIMIT: Duration = Duration::from_secs(60);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README's Neovim snippet: the Lua code block between the markers.
fn readme_snippet() -> String {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme
        .find("<!-- nvim-setup:start -->")
        .expect("README.md has <!-- nvim-setup:start -->");
    let end = readme
        .find("<!-- nvim-setup:end -->")
        .expect("README.md has <!-- nvim-setup:end -->");
    let block = &readme[start..end];
    let code = block
        .split_once("```lua\n")
        .expect("a ```lua block after the start marker")
        .1;
    let code = code
        .rsplit_once("```")
        .expect("the block closed before the end marker")
        .0;
    assert!(code.contains("\"urilint\", \"server\""), "{code}");
    code.to_string()
}

#[test]
fn readme_snippet_is_marked_and_starts_urilint_server() {
    // Without Neovim too: the markers the end-to-end test reads are there.
    let code = readme_snippet();
    assert!(code.contains("vim.lsp.start_client"), "{code}");
    assert!(code.contains("vim.lsp.buf_attach_client"), "{code}");
}

fn nvim_version() -> Option<String> {
    let out = Command::new("nvim").arg("--version").output().ok()?;
    out.status.success().then(|| {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_string()
    })
}

/// The (code, line, column) of each diagnostic of a record, in order.
fn places(list: &Value) -> Vec<(String, u64, u64)> {
    list.as_array()
        .unwrap_or_else(|| panic!("not a list: {list}"))
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["lnum"].as_u64().unwrap(),
                d["col"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn place(code: &str, line: u64, col: u64) -> (String, u64, u64) {
    (code.to_string(), line, col)
}

const EXPECTED: &str = "# Release notes

Grüße! The new guide is at <https://docs.example.org/guide/install.html> and the old one at https://old.example.org/a%zz/b. <!-- urilint: ignore[U002] -->

The changelog moved to <https://docs.example.org/changelog.html>.
";

#[test]
fn neovim_shows_findings_and_applies_fixes_through_readme_setup() {
    let Some(version) = nvim_version() else {
        if std::env::var_os("URILINT_TEST_NVIM").is_some_and(|v| v == "1") {
            panic!("URILINT_TEST_NVIM=1 but `nvim --version` does not run");
        }
        crate::support::skip(
            "nvim not found (apt-get install neovim; set URILINT_TEST_NVIM=1 to require it)",
        );
        return;
    };
    eprintln!("{version}");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // `urilint` on PATH, the binary under test.
    let bin = dir.join("bin");
    std::fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_urilint"), bin.join("urilint")).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // Neovim's directories, all in the scratch directory: no user
    // configuration, plugins, shada or logs of this machine.
    for d in ["config", "data", "state", "cache", "home"] {
        std::fs::create_dir(dir.join(d)).unwrap();
    }
    let init = dir.join("init.lua");
    std::fs::write(&init, readme_snippet()).unwrap();
    // The document, in a repository of its own (the snippet's root) whose
    // `.git` is a file, as in a git worktree, and whose path holds a
    // space and a non-ASCII letter (percent-encoded in the URIs).
    let work = dir.join("wörk tree");
    std::fs::create_dir_all(work.join("docs")).unwrap();
    std::fs::write(work.join(".git"), "gitdir: /nonexistent\n").unwrap();
    let notes = work.join("docs/notes.md");
    std::fs::copy(root().join("fixtures/editors/notes.md"), &notes).unwrap();
    let result = dir.join("result.json");

    let mut child = Command::new("nvim")
        .current_dir(&work)
        .args(["--headless", "-n", "-i", "NONE"])
        // Before init.lua, so that the client's first messages are logged.
        .args(["--cmd", "lua vim.lsp.set_log_level('debug')"])
        .arg("-u")
        .arg(&init)
        .arg("docs/notes.md")
        .arg("-c")
        .arg(format!(
            "luafile {}",
            root().join("fixtures/editors/nvim_test.lua").display()
        ))
        .env("PATH", &path)
        .env("HOME", dir.join("home"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("URILINT_NVIM_RESULT", &result)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + LIMIT;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "Neovim still running after {LIMIT:?}; killed. Record so far: {:?}",
                std::fs::read_to_string(&result).ok()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        use std::io::Read;
        let _ = e.read_to_string(&mut stderr);
    }
    let record = std::fs::read_to_string(&result)
        .unwrap_or_else(|e| panic!("no record ({e}); nvim {status}, stderr: {stderr}"));
    let record: Value = serde_json::from_str(&record).unwrap();
    print_client_messages(&record);
    assert!(
        record.get("error").is_none(),
        "the script failed: {}\nrecord: {record:#}\nstderr: {stderr}",
        record["error"]
    );
    assert_eq!(record["filetype"], "markdown");
    assert_eq!(record["client"]["name"], "urilint", "{record:#}");
    assert_eq!(record["client"]["offset_encoding"], "utf-16", "{record:#}");
    assert_eq!(
        Path::new(record["client"]["root_dir"].as_str().unwrap()),
        work.canonicalize().unwrap(),
        "the snippet's root: the repository holding the file"
    );

    // Line 2 is `Grüße! The new guide is at <https://...`: the URI's `h`
    // is UTF-16 column 28 (what the server sent), byte 30 (Neovim's col).
    assert_eq!(
        places(&record["opened"]),
        vec![
            place("D005", 2, 30),
            place("U002", 3, 60),
            place("D005", 5, 24)
        ],
        "{:#}",
        record["opened"]
    );
    let first = &record["opened"][0];
    assert_eq!(first["end_lnum"], 3, "{first}");
    assert_eq!(first["end_col"], 14, "{first}"); // `  install.html`
    assert_eq!(first["source"], "urilint", "{first}");
    assert_eq!(first["severity"], 2, "{first}"); // vim.diagnostic.severity.WARN
    assert_eq!(record["opened"][1]["severity"], 1, "{record:#}"); // ERROR
    assert!(
        first["message"]
            .as_str()
            .unwrap()
            .ends_with("is broken across lines (broken-uri)"),
        "{first}"
    );

    // The menu at the first D005: its preferred fix (chosen), and no
    // other preferred action.
    let offered = record["quickfix_offered"].as_array().unwrap();
    let preferred: Vec<&Value> = offered
        .iter()
        .filter(|a| a["isPreferred"] == true)
        .collect();
    assert_eq!(preferred.len(), 1, "{offered:?}");
    assert_eq!(
        preferred[0]["title"],
        "urilint (D005): rejoin as https://docs.example.org/guide/install.html"
    );
    assert_eq!(preferred[0]["kind"], "quickfix");
    // The URI joined: one line less, the rest where the server says.
    assert_eq!(
        places(&record["after_quickfix"]),
        vec![place("U002", 2, 119), place("D005", 4, 24)],
        "{:#}",
        record["after_quickfix"]
    );

    assert_eq!(record["fix_all_applied"], 1, "{record:#}");
    assert_eq!(
        record["fix_all_offered"][0]["title"],
        "urilint: fix all safe fixes in this file"
    );
    assert_eq!(
        places(&record["after_fix_all"]),
        vec![place("U002", 2, 119)],
        "{:#}",
        record["after_fix_all"]
    );
    assert!(
        record["ignore_offered"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["title"] == "urilint (U002): ignore here (urilint: ignore[U002])"),
        "{:#}",
        record["ignore_offered"]
    );
    assert_eq!(
        record["steps"],
        serde_json::json!(["diagnostics", "quickfix", "fixAll", "ignore", "write"])
    );

    assert_eq!(std::fs::read_to_string(&notes).unwrap(), EXPECTED);
    assert!(status.success(), "nvim {status}; stderr: {stderr}");
}

/// Prints the LSP methods Neovim sent (from its debug log), for the
/// record of which parts of the protocol this client used.
fn print_client_messages(record: &Value) {
    let Some(log) = record["log"].as_str() else {
        return;
    };
    let Ok(text) = std::fs::read_to_string(log) else {
        return;
    };
    let mut seen: Vec<String> = Vec::new();
    for line in text.lines().filter(|l| l.contains("rpc.send")) {
        if let Some(rest) = line.split("method = \"").nth(1) {
            if let Some(method) = rest.split('"').next() {
                if !seen.iter().any(|m| m == method) {
                    seen.push(method.to_string());
                }
            }
        }
    }
    eprintln!("Neovim sent: {}", seen.join(", "));
}
