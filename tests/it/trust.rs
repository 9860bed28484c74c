//! Issue 25 ("trust before reach"), the reproducers of the adversarial
//! review of 2026-11-26 (`shared/reviews/adversarial-2026-11-26.md`), run
//! through the real binary: every write (fix, unsafe fix, rewrite,
//! suppression marker) lands only where urilint read the file's grammar
//! and the place is a URI (or a comment), and no read or write reaches a
//! file outside the tree through a symbolic link, a list, a second open or
//! a planted configuration file. Each test names the review's item.
//! Issue 45's remote-cache reproducers (the review of 2026-11-29, H1, H2,
//! M8, L7) are at the end: the cache stays where it may be, is never
//! written through a link, over a file that is not a cache, nor read when
//! it is a device, a FIFO, too large or another user's.

#![cfg(unix)]
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The binary under test; `URILINT_TEST_BIN` names another one (to show
/// that these tests fail on the release before the fixes, 126db56).
fn bin() -> Command {
    let mut c = Command::new(bin_path());
    c.env_remove("CI").env("NO_COLOR", "1");
    c
}

/// The binary under test as a path (`URILINT_TEST_BIN` or this build's).
fn bin_path() -> std::ffi::OsString {
    std::env::var_os("URILINT_TEST_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_urilint").into())
}

/// Runs the binary in `dir` with `args`, killing it after 20 s (a run that
/// blocks on a FIFO must fail the test, not hang it).
fn run_in(dir: &Path, args: &[&str]) -> Output {
    let child = bin()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urilint starts");
    wait_guarded(child, args)
}

/// Waits for `child` (urilint run with `args`), killing it after 20 s.
fn wait_guarded(mut child: std::process::Child, args: &[&str]) -> Output {
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let out = child.wait_with_output().expect("output");
            panic!(
                "urilint {args:?} still running after 20 s; stderr: {}",
                text(&out.stderr)
            );
        }
        thread::sleep(Duration::from_millis(5));
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn write(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        fs::create_dir_all(parent).expect("mkdir");
    }
    fs::write(&p, body).expect("write");
    p
}

fn read(p: &Path) -> String {
    text(&fs::read(p).expect("read"))
}

// ---------------------------------------------------------------------
// Section 1: writes that changed meaning.
// ---------------------------------------------------------------------

/// `D007` took any key ending in `url:` for RFC 2396's prefix: a MkDocs
/// `site_url:` lost its key. And D006 wrapped YAML, TOML and JSON values
/// in `<...>`. Now data files take only edits inside a URI's bytes, and
/// only when they parse to the same structure.
#[test]
fn data_files_keep_their_keys_and_values() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let yml = "site_url: https://www.mkdocs.org/\nrepo_url: HTTP://github.com/x\nhomepage: https://example.org/\n";
    let toml = "[package]\nhomepage = \"https://example.org/\"\nrepository = \"https://https://github.com/x\"\n";
    let json = "{\"homepage\": \"https://example.org/\", \"url\": \"http//example.org/y\"}\n";
    let py = "BASE = \"HTTP://Example.org/\"\nprint(\"https://https://example.org/\")\n";
    write(d, "mkdocs.yml", yml);
    write(d, "Cargo.toml", toml);
    write(d, "package.json", json);
    write(d, "setup.py", py);
    let out = run_in(
        d,
        &[
            "check",
            "--isolated",
            "--select",
            "ALL",
            "--unsafe-fixes",
            "--fix",
            "--format",
            "plain",
            ".",
        ],
    );
    let err = text(&out.stderr);
    // The keys stay, nothing is wrapped; the URIs themselves are fixed.
    assert_eq!(
        read(&d.join("mkdocs.yml")),
        "site_url: https://www.mkdocs.org/\nrepo_url: http://github.com/x\nhomepage: https://example.org/\n",
        "{err}"
    );
    assert_eq!(
        read(&d.join("Cargo.toml")),
        "[package]\nhomepage = \"https://example.org/\"\nrepository = \"https://github.com/x\"\n"
    );
    assert_eq!(
        read(&d.join("package.json")),
        "{\"homepage\": \"https://example.org/\", \"url\": \"http://example.org/y\"}\n"
    );
    // Source code is reported, never written.
    assert_eq!(read(&d.join("setup.py")), py);
    assert!(
        err.contains("setup.py: ") && err.contains("Python source code"),
        "{err}"
    );
    // The report of a data file offers no fix it will not write.
    let out = run_in(
        d,
        &[
            "check",
            "--isolated",
            "--select",
            "D006,D007",
            "--format",
            "jsonl",
            "mkdocs.yml",
        ],
    );
    for line in text(&out.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("json");
        assert!(v["fix"].is_null(), "{line}");
    }
}

/// A Markdown file with one reported D006 (`"fix": null` in a link)
/// got two edits; `--fix` edited `<script>`, `<style>` and link titles
/// (M9) that `check` never reads. Now `--diff` changes exactly what the
/// report offers.
#[test]
fn fixes_are_those_of_the_reported_findings() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    write(
        d,
        "a.md",
        "See https://a.example/x and [link](https://b.example/y \"title <http://t.example/\n y>\").\n\n[r]: https://c.example/z\n",
    );
    write(
        d,
        "q7.html",
        "<script>\n// see http//x.example/a and <http://y.example/\n  z>\n</script>\n<style>a { background: url(http//s.example/b) }</style>\n<p>ok</p>\n",
    );
    let report = run_in(
        d,
        &[
            "check",
            "--isolated",
            "--select",
            "ALL",
            "--format",
            "jsonl",
            "a.md",
            "q7.html",
        ],
    );
    let fixes: Vec<serde_json::Value> = text(&report.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["fix"]["applicability"] == "safe")
        .collect();
    // Only the bare URI in the paragraph: its D006.
    assert_eq!(fixes.len(), 1, "{}", text(&report.stdout));
    assert_eq!(fixes[0]["code"], "D006");
    let diff = run_in(
        d,
        &[
            "check",
            "--isolated",
            "--select",
            "ALL",
            "--diff",
            "a.md",
            "q7.html",
        ],
    );
    assert_eq!(
        text(&diff.stdout),
        "--- a/a.md\n+++ b/a.md\n@@ -1,4 +1,4 @@\n-See https://a.example/x and [link](https://b.example/y \"title <http://t.example/\n+See <https://a.example/x> and [link](https://b.example/y \"title <http://t.example/\n  y>\").\n \n [r]: https://c.example/z\n"
    );
}

/// H3: `rewrite` cut bytes of the host when `<...>` held white space;
/// L5: the space of a Markdown `<...>` destination was lost; L6: `&amp;`
/// was written into an HTML comment.
#[test]
fn rewrite_keeps_white_space_destinations_and_comments() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    write(
        d,
        "rw.txt",
        "a <http://a.example/a b> z\ne <http://a.example/ab c de f> z\nf <http://a.example/  abc> z\nc <URL:http://a.example/x y> z\n",
    );
    write(
        d,
        "l5.md",
        "[angle](<http://a.example/a b>)\n\n[r2]: <http://a.example/def y>\n\n[x][r2]\n",
    );
    write(
        d,
        "l6.html",
        "<p>x</p><!-- http://a.example/c?a=1&b=2 -->\n<a href=\"http://a.example/q?a=1&amp;b=2\">t</a>\n",
    );
    let out = run_in(
        d,
        &[
            "rewrite",
            "--isolated",
            "--map",
            "http://a.example/=https://b.example/",
            "rw.txt",
            "l5.md",
            "l6.html",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        read(&d.join("rw.txt")),
        "a <https://b.example/a b> z\ne <https://b.example/ab c de f> z\nf <https://b.example/  abc> z\nc <URL:https://b.example/x y> z\n"
    );
    assert_eq!(
        read(&d.join("l5.md")),
        "[angle](<https://b.example/a b>)\n\n[r2]: <https://b.example/def y>\n\n[x][r2]\n"
    );
    assert_eq!(
        read(&d.join("l6.html")),
        "<p>x</p><!-- https://b.example/c?a=1&b=2 -->\n<a href=\"https://b.example/q?a=1&amp;b=2\">t</a>\n"
    );
    // What extract reads is what the map made of it: the spaces kept in
    // the file, printed as a renderer reads them (CommonMark's `href`:
    // `%20`, issue 27).
    let out = run_in(d, &["extract", "l5.md"]);
    assert_eq!(
        text(&out.stdout),
        "https://b.example/a%20b\nhttps://b.example/def%20y\n"
    );
}

/// H4: `--add-ignore` wrote markers inside YAML multi-line scalars, shell
/// here-documents, Rust, Lua and TeX strings and verbatim text, and after
/// a Markdown table header (the table disappeared). Now a marker goes only
/// where the file parses the same with it, and never into source code.
#[test]
fn markers_never_change_what_a_file_says() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let cases = [
        (
            "dq.yaml",
            "key: \"first line\n  http://bad%zz.example/ second\"\nother: 1\n",
        ),
        (
            "plain.yaml",
            "key: first\n  http://bad%zz.example/\nother: 1\n",
        ),
        (
            "heredoc.sh",
            "cat > f.md <<EOF\n# Title http://bad%zz.example/\nEOF\n",
        ),
        (
            "s.rs",
            "const S: &str = \"a\n// http://bad%zz.example/\nb\";\n",
        ),
        ("s.lua", "local s = [[\n-- http://bad%zz.example/\n]]\n"),
        (
            "v.tex",
            "\\begin{verbatim}\n% http://bad%zz.example/\n\\end{verbatim}\n",
        ),
        (
            "table_header.md",
            "| http://bad%zz.example/ | b |\n|---|---|\n| c | d |\n",
        ),
    ];
    for (name, body) in cases {
        write(d, name, body);
    }
    let out = run_in(
        d,
        &[
            "check",
            "--isolated",
            "--add-ignore",
            "--format",
            "plain",
            ".",
        ],
    );
    for (name, body) in cases {
        assert_eq!(read(&d.join(name)), body, "{name}: {}", text(&out.stderr));
    }
    // Every finding is still reported, none marked.
    assert_eq!(
        text(&out.stdout).lines().count(),
        cases.len(),
        "{}",
        text(&out.stdout)
    );
    // Where a marker keeps the file the same, it is written: a YAML
    // mapping value on one line, a Markdown paragraph.
    write(d, "ok.yaml", "key: http://bad%zz.example/\nother: 1\n");
    write(d, "ok.md", "See http://bad%zz.example/ here.\n");
    run_in(
        d,
        &["check", "--isolated", "--add-ignore", "ok.yaml", "ok.md"],
    );
    assert_eq!(
        read(&d.join("ok.yaml")),
        "# urilint: ignore[U002]\nkey: http://bad%zz.example/\nother: 1\n"
    );
    assert_eq!(
        read(&d.join("ok.md")),
        "See http://bad%zz.example/ here. <!-- urilint: ignore[U002] -->\n"
    );
}

/// `--diff` run on `.` wrote `a/./file` headers that `git apply` rejects.
#[test]
fn diff_of_dot_applies_with_git() {
    if Command::new("git").arg("--version").output().is_err() {
        crate::support::skip("git is not installed");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    write(d, "docs/a.txt", "see <http://a.example/\n  x>\n");
    let out = run_in(d, &["check", "--isolated", "--diff", "."]);
    let patch = text(&out.stdout);
    assert!(
        patch.starts_with("--- a/docs/a.txt\n+++ b/docs/a.txt\n"),
        "{patch}"
    );
    fs::write(d.join("fix.patch"), &patch).expect("write");
    let git = Command::new("git")
        .args(["apply", "--unsafe-paths", "fix.patch"])
        .current_dir(d)
        .output()
        .expect("git runs");
    assert!(git.status.success(), "{}", text(&git.stderr));
    assert_eq!(read(&d.join("docs/a.txt")), "see <http://a.example/x>\n");
}

/// L3: `rewrite` said "rewrote 2 URIs in 0 files" after refused writes.
#[test]
fn rewrite_counts_only_what_it_wrote() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let p = write(d, "suid.txt", "see http://old.example/a\n");
    fs::set_permissions(&p, fs::Permissions::from_mode(0o4644)).expect("chmod");
    let out = run_in(
        d,
        &[
            "rewrite",
            "--isolated",
            "--map",
            "http://old.example/=https://new.example/",
            "suid.txt",
        ],
    );
    let err = text(&out.stderr);
    assert!(err.contains("setuid"), "{err}");
    assert!(err.contains("rewrote 0 URIs in 0 files"), "{err}");
}

// ---------------------------------------------------------------------
// Section 2: reads and writes that reached other files.
// ---------------------------------------------------------------------

/// A victim's file that no run may read or write.
const SECRET: &str = "victim secret <HTTP://VICTIM.EXAMPLE/> https://https://victim.example/\n";

/// H2: a directory of a `--files-from` list swapped for a link to another
/// directory is never followed (no race needed before); a listed link is
/// not read; L9: a listed `-` is the file named `-`; M14: a listed FIFO
/// does not hang the run.
#[test]
fn listed_paths_are_read_as_a_walk_reads_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let victim = write(d, "victim/victim.txt", SECRET);
    write(d, "tree/sub/a.txt", "mine <HTTP://MINE.EXAMPLE/>\n");
    // The list was made; then the directory is swapped for a link.
    fs::rename(d.join("tree/sub"), d.join("tree/sub.old")).expect("rename");
    std::os::unix::fs::symlink(d.join("victim"), d.join("tree/sub")).expect("symlink");
    std::os::unix::fs::symlink(&victim, d.join("tree/link.txt")).expect("symlink");
    write(d, "-", "dash <HTTP://DASH.EXAMPLE/>\n");
    rustix::fs::mknodat(
        rustix::fs::CWD,
        d.join("tree/fifo"),
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .expect("mkfifo");
    fs::write(
        d.join("list"),
        "tree/sub/victim.txt\ntree/link.txt\ntree/fifo\n-\n",
    )
    .expect("write");
    for args in [
        &[
            "check",
            "--isolated",
            "--fix",
            "--unsafe-fixes",
            "--files-from",
            "list",
        ][..],
        &[
            "rewrite",
            "--isolated",
            "--map",
            "https://https://=https://evil.",
            "--files-from",
            "list",
        ],
        &[
            "check",
            "--isolated",
            "--add-ignore",
            "--files-from",
            "list",
        ],
        &["extract", "--files-from", "list"],
        &[
            "check",
            "--isolated",
            "--format",
            "plain",
            "--files-from",
            "list",
        ],
    ] {
        let out = run_in(d, args);
        assert_eq!(read(&victim), SECRET, "{args:?}");
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(
            !all.contains("victim secret") && !all.to_lowercase().contains("victim.example"),
            "{args:?}: {all}"
        );
        assert!(all.contains("symbolic link"), "{args:?}: {all}");
        assert!(all.contains("FIFO"), "{args:?}: {all}");
    }
    // The file named `-` was read.
    let out = run_in(d, &["extract", "--files-from", "list"]);
    assert_eq!(text(&out.stdout), "HTTP://DASH.EXAMPLE/\n");
}

/// H1: the walk root was reopened for every file, following links: a user
/// who can rename the root aimed root's `check --fix` and `rewrite` at a
/// victim's files (won in 4 to 12 runs). M10: report mode read lines back
/// through a second open. Here the root is swapped for a link to the
/// victim's directory (holding files of the same names) once urilint has
/// reported on the first file, so every later file would be the victim's
/// if any path were opened again: the victim is never written, nor shown.
/// (A link named on the command line is followed when the run starts, as
/// a named path; L10, documented.)
#[test]
fn a_root_swapped_for_a_link_mid_run_is_never_followed() {
    use std::io::BufRead;
    let commands: [&[&str]; 3] = [
        &[
            "check",
            "--isolated",
            "--fix",
            "--unsafe-fixes",
            "-j1",
            "--format",
            "plain",
            "base/tree",
        ],
        &[
            "check",
            "--isolated",
            "-j1",
            "--format",
            "plain",
            "base/tree",
        ],
        &[
            "rewrite",
            "--isolated",
            "-j1",
            "--map",
            "https://https://=https://evil.",
            "base/tree",
        ],
    ];
    for args in commands {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        let names: Vec<String> = (0..400).map(|i| format!("f{i:04}.txt")).collect();
        for n in &names {
            write(d, &format!("vic/{n}"), SECRET);
            write(
                d,
                &format!("base/tree/{n}"),
                "ok http://tree.example/%zz <HTTP://TREE.EXAMPLE/a> https://https://tree.example/a\n",
            );
        }
        let mut child = bin()
            .args(args)
            .current_dir(d)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("urilint starts");
        let mut stdout = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        let mut first = String::new();
        stdout.read_line(&mut first).expect("read");
        // urilint has read (and, fixing, written) the first file: the root
        // is open. Swap it for a link to the victim's directory.
        fs::rename(d.join("base/tree"), d.join("base/tree.away")).expect("rename");
        std::os::unix::fs::symlink(d.join("vic"), d.join("base/tree")).expect("symlink");
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut rest).expect("read");
        let out = child.wait_with_output().expect("wait");
        for n in &names {
            assert_eq!(read(&d.join("vic").join(n)), SECRET, "{args:?}: {n}");
        }
        let shown = first + &rest + &text(&out.stderr);
        assert!(
            !shown.contains("victim secret") && !shown.to_lowercase().contains("victim.example"),
            "{args:?}: {shown}"
        );
    }
}

/// M11: a `urilint.toml` in any ancestor directory was obeyed, also one
/// planted in a world-writable directory above the project.
#[test]
fn a_planted_configuration_is_not_obeyed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let shared = d.join("shared");
    fs::create_dir_all(shared.join("proj/.git")).expect("mkdir");
    fs::set_permissions(&shared, fs::Permissions::from_mode(0o777)).expect("chmod");
    write(
        &shared,
        "urilint.toml",
        "extend-select = [\"D006\", \"D007\"]\nexclude-uris = [\"^http://evil\"]\n",
    );
    let doc = write(
        &shared,
        "proj/a.txt",
        "see http://evil.example/%zz and URL:http://a.example/\n",
    );
    let out = run_in(
        &shared.join("proj"),
        &["check", "--fix", "--format", "plain", "."],
    );
    // Not wrapped, not unprefixed, and the finding not hidden.
    assert_eq!(
        read(&doc),
        "see http://evil.example/%zz and URL:http://a.example/\n"
    );
    assert!(text(&out.stdout).contains("U002"), "{}", text(&out.stdout));
    // The project's own configuration is obeyed.
    write(&shared, "proj/urilint.toml", "ignore = [\"U002\"]\n");
    let out = run_in(&shared.join("proj"), &["check", "--format", "plain", "."]);
    assert_eq!(text(&out.stdout), "");
}

/// L4: `--output-file` naming an input emptied it before it was read.
#[test]
fn the_output_file_is_never_an_input() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    write(d, "a.txt", "see http://a.example/%zz\n");
    let out = run_in(
        d,
        &["check", "--isolated", "--output-file", "a.txt", "a.txt"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("would be emptied"));
    assert_eq!(read(&d.join("a.txt")), "see http://a.example/%zz\n");
    // Walked: skipped with a message.
    let out = run_in(
        d,
        &[
            "check",
            "--isolated",
            "--format",
            "plain",
            "--output-file",
            "out.txt",
            ".",
        ],
    );
    assert!(
        text(&out.stderr).contains("out.txt: skipped: it is the --output-file"),
        "{}",
        text(&out.stderr)
    );
    assert!(read(&d.join("out.txt")).contains("./a.txt:1:"));
}

/// L8: `--links local` read files beside the checkout: a document could
/// probe for files and anchors outside the tree.
#[test]
fn local_links_stay_in_the_tree() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    write(d, "secret.md", "# Token abc123\n");
    fs::create_dir_all(d.join("repo/.git")).expect("mkdir");
    write(
        d,
        "repo/doc.md",
        "[a](../secret.md#nope) [b](../secret.md#token-abc123) [c](gone.md)\n",
    );
    let out = run_in(
        &d.join("repo"),
        &[
            "check",
            "--isolated",
            "--links",
            "local",
            "--format",
            "plain",
            ".",
        ],
    );
    let report = text(&out.stdout);
    assert!(!report.contains("secret"), "{report}");
    assert!(report.contains("L001"), "{report}");
}

// ---------------------------------------------------------------------
// Issue 45: the remote cache (the review of 2026-11-29: H1, H2, M8, L7).
// ---------------------------------------------------------------------

/// Runs `sh -c script BIN args...` in `dir` (the script ends with `exec
/// "$0" "$@"`), killing it after 20 s as [`run_in`] does.
fn run_sh_in(dir: &Path, script: &str, args: &[&str]) -> Output {
    let child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(bin_path())
        .args(args)
        .current_dir(dir)
        .env_remove("CI")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    wait_guarded(child, args)
}

/// A server on 127.0.0.1 answering every request with an empty 200 page;
/// its port. (It lives as long as the test process.)
fn serve_ok() -> u16 {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("port").port();
    thread::spawn(move || {
        for conn in listener.incoming().flatten() {
            thread::spawn(move || {
                let _ = conn.set_read_timeout(Some(Duration::from_secs(5)));
                let Ok(mut w) = conn.try_clone() else { return };
                let mut r = BufReader::new(conn);
                loop {
                    let mut line = String::new();
                    if r.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    while r.read_line(&mut line).unwrap_or(0) > 0 && !line.ends_with("\r\n\r\n") {}
                    let reply =
                        "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 0\r\n\r\n";
                    if w.write_all(reply.as_bytes()).is_err() {
                        return;
                    }
                }
            });
        }
    });
    port
}

/// The made-up host of the cache tests, mapped to the loopback server.
const CACHE_HOST: &str = "docs.cache-test.org";

/// A cache line saying `uri` was found alive at `checked` (Unix seconds).
fn alive_line(uri: &str, checked: u64) -> String {
    format!(
        "{{\"uri\":\"{uri}\",\"checked\":{checked},\"verdict\":{{\"class\":\"alive\"}},\"status\":200,\"failures\":0}}\n"
    )
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// H1: `[links.remote] cache` in a repository's urilint.toml is a path
/// inside that file's directory. `../` and absolute paths are refused
/// when the file is read (exit 2, naming the file and the key), a link
/// on the way is never followed, and an input of the run (or any file
/// that is not a cache) is never overwritten. Before: the file outside
/// the tree, or the input, was emptied (0 URIs) or replaced with JSON
/// Lines.
#[test]
fn a_configuration_cache_stays_in_its_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let precious = write(d, "outside/precious.txt", "precious data\n");
    let repo = d.join("repo");
    write(&repo, "index.md", "# Doc\n");
    std::os::unix::fs::symlink("../outside", repo.join("sub")).expect("symlink");
    let abs = precious.to_string_lossy().into_owned();
    for (value, at_load) in [
        ("../outside/precious.txt", true),
        (abs.as_str(), true),
        ("sub/precious.txt", false),
        ("index.md", false),
    ] {
        write(
            &repo,
            "urilint.toml",
            &format!("[links.remote]\ncache = \"{value}\"\n"),
        );
        let out = run_in(&repo, &["check", "--links", "remote", "."]);
        let err = text(&out.stderr);
        assert_eq!(read(&precious), "precious data\n", "{value}: {err}");
        assert_eq!(read(&repo.join("index.md")), "# Doc\n", "{value}: {err}");
        if at_load {
            assert_eq!(out.status.code(), Some(2), "{value}: {err}");
            assert!(
                err.contains("urilint.toml: line 2, column 9: [links.remote] cache:"),
                "{value}: {err}"
            );
        } else {
            assert_eq!(out.status.code(), Some(0), "{value}: {err}");
            assert!(err.contains("not used:"), "{value}: {err}");
        }
    }
    // --cache=FILE on the command line may name a file outside the tree.
    let out = run_in(
        &repo,
        &[
            "check",
            "--isolated",
            "--links",
            "remote",
            "--cache=../outside/new.jsonl",
            "index.md",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// H2: the save's temporary file had a predictable name
/// (`.NAME.PID.tmp`) and was opened without `O_EXCL`/`O_NOFOLLOW`: a link
/// planted there for the run's PID (a shell's `exec` keeps it) was
/// written through. Now the name is random and created exclusively; the
/// planted link and its target stay as they were, and a cache path that
/// is itself a link is not followed either.
#[test]
fn the_cache_is_never_written_through_a_planted_link() {
    let port = serve_ok();
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let victim = write(d, "outside/victim.txt", "victim content\n");
    let other = write(d, "outside/other.txt", "other content\n");
    let repo = d.join("repo");
    write(
        &repo,
        "index.md",
        &format!("# Doc\n\n<http://{CACHE_HOST}:{port}/ok>\n"),
    );
    let resolve = format!("{CACHE_HOST}:{port}:127.0.0.1");
    let args = [
        "check",
        "--isolated",
        "--links",
        "remote",
        "--resolve",
        &resolve,
        "--cache",
        "index.md",
    ];
    // The old temporary name, for the PID the run will have.
    let plant = "ln -s ../outside/victim.txt ..urilint-cache.jsonl.$$.tmp; exec \"$0\" \"$@\"";
    let out = run_sh_in(&repo, plant, &args);
    let err = text(&out.stderr);
    assert_eq!(read(&victim), "victim content\n", "{err}");
    let cache = read(&repo.join(".urilint-cache.jsonl"));
    assert!(cache.contains("/ok\""), "{cache}");
    let planted: Vec<_> = fs::read_dir(&repo)
        .expect("list")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert_eq!(planted.len(), 1, "only the planted link is left");
    assert!(planted[0].file_type().expect("type").is_symlink());
    // The cache path a link: not followed, not replaced.
    fs::remove_file(repo.join(".urilint-cache.jsonl")).expect("rm");
    std::os::unix::fs::symlink("../outside/other.txt", repo.join(".urilint-cache.jsonl"))
        .expect("symlink");
    let out = run_in(&repo, &args);
    let err = text(&out.stderr);
    assert!(err.contains("not used: a symbolic link"), "{err}");
    assert_eq!(read(&other), "other content\n");
    assert!(fs::symlink_metadata(repo.join(".urilint-cache.jsonl"))
        .expect("stat")
        .file_type()
        .is_symlink());
}

/// M8: the cache was read whole, following links and devices: a
/// committed `.urilint-cache.jsonl -> /dev/zero` exhausted memory (here
/// under a 1 GB address-space limit: "out of memory"), a FIFO blocked the
/// run for ever, and a file over 256 MiB was read whole and rewritten.
/// Now each is refused at once with a warning and left as it was.
#[test]
fn a_cache_that_is_a_device_a_fifo_or_too_large_is_not_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    write(d, "a.md", "# Doc\n");
    let args = [
        "check",
        "--isolated",
        "--links",
        "remote",
        "--cache",
        "a.md",
    ];
    std::os::unix::fs::symlink("/dev/zero", d.join(".urilint-cache.jsonl")).expect("symlink");
    let limited = "ulimit -v 1000000; exec \"$0\" \"$@\"";
    let out = run_sh_in(d, limited, &args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("not used: a symbolic link"), "{err}");
    rustix::fs::mknodat(
        rustix::fs::CWD,
        d.join("f.jsonl"),
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .expect("mkfifo");
    let out = run_in(
        d,
        &[
            "check",
            "--isolated",
            "--links",
            "remote",
            "--cache=f.jsonl",
            "a.md",
        ],
    );
    let err = text(&out.stderr);
    assert!(err.contains("not used: a FIFO"), "{err}");
    // Over the cap: a sparse file whose first line is an entry.
    let big = write(d, "big.jsonl", &alive_line("http://a.org/", unix_now()));
    let size = 256 * 1024 * 1024 + 1;
    fs::OpenOptions::new()
        .write(true)
        .open(&big)
        .and_then(|f| f.set_len(size))
        .expect("set_len");
    let out = run_in(
        d,
        &[
            "check",
            "--isolated",
            "--links",
            "remote",
            "--cache=big.jsonl",
            "a.md",
        ],
    );
    let err = text(&out.stderr);
    assert!(err.contains("more than the 256 MiB read"), "{err}");
    assert_eq!(fs::metadata(&big).expect("stat").len(), size);
}

/// L7: a cache file planted by another user (or one others may write) was
/// trusted: its "alive" answer hid the link's real state for a day, and
/// the save made it the runner's, mode 0644. Now it is neither read nor
/// written (a warning), and a save keeps the file's own mode.
#[test]
fn a_cache_planted_by_another_user_is_not_trusted() {
    let port = serve_ok();
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let uri = format!("http://{CACHE_HOST}:{port}/page");
    write(d, "a.md", &format!("# Doc\n\n<{uri}>\n"));
    let resolve = format!("{CACHE_HOST}:{port}:127.0.0.1");
    let args = |cache: &str| -> Vec<String> {
        [
            "check",
            "--isolated",
            "--links",
            "remote",
            "--resolve",
            &resolve,
            &format!("--cache={cache}"),
            "a.md",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    };
    let run = |cache: &str| {
        let a = args(cache);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        run_in(d, &a)
    };
    let planted = alive_line(&uri, unix_now());
    // Writable by others.
    let open = write(d, "open.jsonl", &planted);
    fs::set_permissions(&open, fs::Permissions::from_mode(0o666)).expect("chmod");
    let out = run("open.jsonl");
    let err = text(&out.stderr);
    assert!(err.contains("not used: writable by other users"), "{err}");
    assert!(!err.contains("from the cache"), "{err}");
    assert_eq!(read(&open), planted);
    let mode = fs::metadata(&open).expect("stat").permissions().mode();
    assert_eq!(mode & 0o777, 0o666);
    // Owned by another user (as root: given to nobody).
    if rustix::process::geteuid().is_root() {
        let theirs = write(d, "theirs.jsonl", &planted);
        rustix::fs::chown(
            &theirs,
            Some(rustix::fs::Uid::from_raw(65534)),
            Some(rustix::fs::Gid::from_raw(65534)),
        )
        .expect("chown");
        let out = run("theirs.jsonl");
        let err = text(&out.stderr);
        assert!(err.contains("not used: owned by user 65534"), "{err}");
        assert!(!err.contains("from the cache"), "{err}");
        assert_eq!(read(&theirs), planted);
        use std::os::unix::fs::MetadataExt;
        assert_eq!(fs::metadata(&theirs).expect("stat").uid(), 65534);
    } else {
        eprintln!("not root: the file given to another user is not tried");
    }
    // One's own cache, mode 0600, with a stale entry: requested again,
    // saved, still 0600.
    let own = write(d, "own.jsonl", &alive_line(&uri, 1000));
    fs::set_permissions(&own, fs::Permissions::from_mode(0o600)).expect("chmod");
    let out = run("own.jsonl");
    let err = text(&out.stderr);
    assert!(!read(&own).contains("\"checked\":1000,"), "{err}");
    let mode = fs::metadata(&own).expect("stat").permissions().mode();
    assert_eq!(mode & 0o777, 0o600, "{err}");
}

/// H1 (the inputs): a walked file that is the cache (here with `--hidden`)
/// is not read as an input of the run: its URIs would be requested and
/// reported as the tree's, and it is rewritten by the run.
#[test]
fn the_cache_is_never_an_input() {
    let port = serve_ok();
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    write(
        d,
        "doc.md",
        &format!("# Doc\n\n<http://{CACHE_HOST}:{port}/ok>\n"),
    );
    let resolve = format!("{CACHE_HOST}:{port}:127.0.0.1");
    let args = [
        "check",
        "--isolated",
        "--hidden",
        "--links",
        "remote",
        "--resolve",
        &resolve,
        "--cache",
        "--format",
        "plain",
        ".",
    ];
    for _ in 0..2 {
        let out = run_in(d, &args);
        let err = text(&out.stderr);
        assert!(
            err.contains("urilint: ./.urilint-cache.jsonl: skipped: it is the remote cache"),
            "{err}"
        );
        assert!(!text(&out.stdout).contains(".urilint-cache"), "{err}");
    }
}

// ---------------------------------------------------------------------
// Issue 45: the review of 2026-11-29 (`adversarial-2026-11-29.md`).
// ---------------------------------------------------------------------

/// The review's alias bomb ("billion laughs"): `a0` a list of ten
/// strings, each `aN` a list of ten `*aN-1`, `levels` levels after the
/// lines `head`.
fn alias_bomb(head: &str, levels: usize) -> String {
    let mut s = format!("{head}a0: &a0 [{}]\n", ["\"lol\""; 10].join(","));
    for i in 1..levels {
        let refs = vec![format!("*a{}", i - 1); 10].join(",");
        s.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    s
}

/// H3: a 662-byte `mkdocs.yml` of nested aliases (10^11 nodes expanded)
/// took 7.5 GB and aborted the run; so did `_config.yml`, `hugo.yaml`
/// and one Jekyll page's front matter. Now each is refused with a note,
/// the generator's defaults are assumed, and the run goes on (under the
/// 20 s guard of [`run_in`]; each takes some milliseconds).
#[test]
fn yaml_alias_bombs_are_refused_with_a_note() {
    let sites = [
        ("mkdocs.yml", "site_name: x\n", "docs/a.md"),
        ("_config.yml", "title: x\n", "a.md"),
        ("hugo.yaml", "title: x\n", "content/a.md"),
    ];
    for (name, head, page) in sites {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        fs::create_dir_all(d.join(".git")).expect("mkdir");
        let bomb = alias_bomb(head, 11);
        assert!(bomb.len() < 700, "{}", bomb.len());
        write(d, name, &bomb);
        write(d, page, "# A\n\n[x](b.md)\n");
        let out = run_in(
            d,
            &[
                "check",
                "--isolated",
                "--links",
                "local",
                "--format",
                "plain",
                ".",
            ],
        );
        let (report, err) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{name}: {report}{err}");
        assert!(report.contains("L001"), "{name}: {report}");
        assert!(
            err.contains("note:") && err.contains("aliases would expand"),
            "{name}: {err}"
        );
    }
    // One page's front matter, in a Jekyll site whose pages set URLs.
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    fs::create_dir_all(d.join(".git")).expect("mkdir");
    write(d, "_config.yml", "title: x\n");
    write(
        d,
        "bomb.md",
        &format!("---\n{}---\n# B\n", alias_bomb("permalink: /a/\n", 11)),
    );
    write(d, "a.md", "# A\n\n[b](bomb.md) [x](b.md)\n");
    let out = run_in(
        d,
        &[
            "check",
            "--isolated",
            "--links",
            "local",
            "--format",
            "plain",
            ".",
        ],
    );
    let (report, err) = (text(&out.stdout), text(&out.stderr));
    assert!(
        report.contains("a.md:3:") && report.contains("L001"),
        "{report}{err}"
    );
    assert!(!report.contains("bomb.md"), "{report}");
    assert!(err.contains("bomb.md: front matter"), "{err}");
}

/// M7: a `mkdocs.yml` planted (by another user) in a world-writable
/// directory above the project was obeyed: with `custom_dir: /` every page
/// was a template and no link was checked. Now it is passed over with a
/// warning, as a planted `urilint.toml` is, and the search stops at a
/// directory others may write. As root the file is given to `nobody`, as
/// the attacker's would be.
#[test]
fn a_planted_site_configuration_is_not_obeyed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let shared = d.join("shared");
    write(
        &shared,
        "proj/a.md",
        "# A\n\n[broken](missing.md) and [b2](#nope)\n",
    );
    let planted = write(
        &shared,
        "mkdocs.yml",
        "site_name: x\ndocs_dir: .\ntheme:\n  custom_dir: /\n",
    );
    let args = [
        "check",
        "--isolated",
        "--links",
        "local",
        "--format",
        "plain",
        ".",
    ];
    let is_root = rustix::process::geteuid().is_root();
    for (mode, owner) in [(0o1777, true), (0o777, false), (0o755, true)] {
        if owner && !is_root {
            continue;
        }
        fs::set_permissions(&shared, fs::Permissions::from_mode(mode)).expect("chmod");
        let uid = if owner { Some(65534) } else { None };
        std::os::unix::fs::chown(&planted, uid, uid).expect("chown");
        let out = run_in(&shared.join("proj"), &args);
        let report = text(&out.stdout);
        assert!(
            report.contains("L001") && report.contains("L002"),
            "mode {mode:o}, owner {uid:?}: {report}{}",
            text(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(1));
        // Another user's, or in a directory that is not sticky: said.
        let err = text(&out.stderr);
        assert!(err.contains("mkdocs.yml: ignored:"), "{err}");
    }
}

/// M6 and L5: in a site, a link out of the tree said "no page makes
/// /etc/no-such" and nothing for `/etc/passwd` (which exists): the site
/// model told which files exist beside the checkout; through a
/// symbolic link to `/etc` in the tree, likewise; a symbolic link in the
/// tree to a file outside gave "L001 ... does not exist" when that file
/// did not exist. Now a target outside the tree is not checked, whatever
/// is there, with a note; decided on the path before looking.
#[test]
fn site_links_out_of_the_tree_tell_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let repo = d.join("repo");
    fs::create_dir_all(repo.join(".git")).expect("mkdir");
    fs::create_dir_all(repo.join("docs/sub")).expect("mkdir");
    write(d, "outside/secret.md", "# Secret heading\n");
    std::os::unix::fs::symlink("/etc", repo.join("docs/sub/etc")).expect("symlink");
    std::os::unix::fs::symlink("../../outside/secret.md", repo.join("docs/link.md"))
        .expect("symlink");
    std::os::unix::fs::symlink("../../outside/no-such.md", repo.join("docs/dangling.md"))
        .expect("symlink");
    let pairs = [
        (
            "../../../../../../etc/passwd",
            "../../../../../../etc/no-such",
        ),
        ("sub/etc/passwd", "sub/etc/no-such"),
        ("link.md", "dangling.md"),
        ("link.md#x", "dangling.md#x"),
        ("link", "dangling"),
        ("../../outside/secret.md", "../../outside/no-such.md"),
    ];
    let args = [
        "check",
        "--isolated",
        "--links",
        "local",
        "--format",
        "plain",
        "docs",
    ];
    for config in ["site_name: x\n", ""] {
        for (there, not_there) in pairs {
            if config.is_empty() {
                let _ = fs::remove_file(repo.join("mkdocs.yml"));
            } else {
                write(&repo, "mkdocs.yml", config);
            }
            write(&repo, "docs/p.md", &format!("# P\n\n[a]({there})\n"));
            let a = run_in(&repo, &args);
            write(&repo, "docs/p.md", &format!("# P\n\n[a]({not_there})\n"));
            let b = run_in(&repo, &args);
            // The same whatever is outside (the names aside).
            assert_eq!(
                (text(&a.stdout), a.status.code()),
                (text(&b.stdout).replace("dangling", "link"), b.status.code()),
                "{config:?}: {there} / {not_there}"
            );
            if there == "link" {
                // One-word links, checked since issue 46: `docs/link` and
                // `docs/dangling` are not there (the links in the tree
                // are `link.md` and `dangling.md`), inside the tree; to
                // MkDocs a page URL, `/p/link`, which no page makes.
                // Nothing outside is looked at.
                let want = if config.is_empty() {
                    "links to docs/dangling, which does not exist"
                } else {
                    "links to /p/dangling, which no page"
                };
                assert!(text(&b.stdout).contains(want), "{}", text(&b.stdout));
                continue;
            }
            assert_eq!(text(&b.stdout), "", "{config:?}: {not_there}");
            // (A page URL without an extension is not a file path to
            // MkDocs: not checked at all, nothing to say.)
            assert!(
                there == "link" || text(&b.stderr).contains("outside the tree checked"),
                "{config:?} {not_there}: {}",
                text(&b.stderr)
            );
        }
    }
}

/// M6: settings that point outside the repository (MkDocs `docs_dir: /`,
/// which walked the whole file system and answered for any absolute path;
/// `[links] root = "/"` in urilint.toml, which told the headings of
/// Markdown outside) are refused with a note, not walked.
#[test]
fn settings_out_of_the_repository_are_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let repo = d.join("repo");
    fs::create_dir_all(repo.join(".git")).expect("mkdir");
    write(&repo, "mkdocs.yml", "site_name: x\ndocs_dir: /\n");
    write(d, "secret.md", "# Secret heading\n");
    let secret = d.join("secret.md");
    let s = secret.display();
    let args = [
        "check",
        "--isolated",
        "--links",
        "local",
        "--format",
        "plain",
        "docs/index.md",
    ];
    let mut answers = Vec::new();
    for (there, not_there) in [
        ("/etc/passwd", "/etc/no-such-file"),
        (&format!("{s}"), &format!("{s}.none")),
    ] {
        for target in [there, not_there] {
            write(&repo, "docs/index.md", &format!("# H\n\n- [a]({target})\n"));
            let out = run_in(&repo, &args);
            let err = text(&out.stderr);
            assert!(
                err.contains("lies outside the repository") && err.contains("not read"),
                "{err}"
            );
            answers.push(text(&out.stdout).replace(target, "TARGET"));
        }
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]), "{answers:?}");
    // [links] root = "/": refused, so a root-relative link resolves as
    // GitHub renders the document, against the repository's root, never
    // at `/`; the headings of a file outside are never read.
    fs::remove_file(repo.join("mkdocs.yml")).expect("rm");
    write(
        &repo,
        "urilint.toml",
        "[links]\ncheck = [\"local\"]\nroot = \"/\"\n",
    );
    let mut answers = Vec::new();
    for anchor in ["secret-heading", "other"] {
        write(&repo, "docs/r.md", &format!("# R\n\n[a]({s}#{anchor})\n"));
        let out = run_in(&repo, &["check", "--format", "plain", "docs/r.md"]);
        let err = text(&out.stderr);
        assert!(
            err.contains("[links] root") && err.contains("outside"),
            "{err}"
        );
        answers.push((text(&out.stdout), out.status.code()));
    }
    assert_eq!(answers[0], answers[1]);
    let inside = format!(
        "docs/r.md:3:5: L001 links to {}, which does not exist\n",
        s.to_string().trim_start_matches('/')
    );
    assert_eq!(answers[0].0, inside);
}
