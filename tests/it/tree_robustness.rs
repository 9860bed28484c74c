//! Trees that misbehave while urilint walks and reads them: unreadable
//! files and directories, files that vanish between the walk and the read,
//! and files that change (grow, shrink) during the run. Each test runs the
//! real binary (as `tests/it/cli.rs` does) and asserts the output and the exit
//! status, except the two that change a file between two reads of one
//! scanner, which drive the library.
//!
//! (Symbolic-link loops, FIFOs in a tree, non-UTF-8 names, UTF-16 files and
//! a missing path on the command line are `tests/it/cli.rs`'s; truncation
//! mid-URI and odd read sizes are `tests/it/hostile.rs`'s.)
//!
//! No test depends on timing. "Between the walk and the read" is made
//! deterministic with two FIFOs: the binary runs with `-j1` on
//! `FIFO TREE`; its one worker blocks reading the FIFO named first while
//! the walker goes on into `TREE`, where `TREE/b/.ignore` is a second FIFO:
//! the walker blocks opening it (ignore files are read when a directory is
//! entered), after it has listed and handed on the files of `TREE/a`. When
//! the test's own open of `.ignore` for writing returns, the walker is
//! there; the test then changes the files of `TREE/a`, lets the walker go
//! on, and only then feeds the first FIFO so that the worker reads on.
//! `TREE/a` holds two files: the pipeline's hand-off channel (its window,
//! at least two inputs per thread) must take them all while the worker is
//! blocked, or the walker would block before it reaches `.ignore` (the
//! watchdog would then end the test binary).

#![cfg(unix)]
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::fs;
use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use urilint::scan::{Found, ScanOptions, Scanner};
use urilint::source::{Input, Opened};

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("urilint")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn write(dir: &Path, rel: &str, contents: &[u8]) {
    let p = dir.join(rel);
    fs::create_dir_all(p.parent().expect("a relative path has a parent"))
        .expect("create directories");
    fs::write(p, contents).expect("write a file");
}

fn chmod(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).expect("chmod");
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success());
    assert!(made, "mkfifo (coreutils) is needed for this test");
}

/// How to run the binary so that permission bits apply: directly when not
/// root; as nobody through `setpriv` (util-linux) when root, whom `chmod
/// 000` does not stop. `None` (with a message) when root and setpriv is
/// missing.
fn unprivileged(dir: &Path) -> Option<Vec<String>> {
    let probe = dir.join(".uid-probe");
    fs::write(&probe, b"").expect("write the probe file");
    let uid = fs::metadata(&probe).expect("stat the probe file").uid();
    fs::remove_file(&probe).expect("remove the probe file");
    if uid != 0 {
        return Some(Vec::new());
    }
    let setpriv = Command::new("setpriv")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !setpriv {
        crate::support::skip_platform(
            "running as root, where chmod 000 does not deny reading, and setpriv \
             (util-linux) is not available to drop privileges",
        );
        return None;
    }
    Some(
        [
            "setpriv",
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "--",
        ]
        .map(String::from)
        .to_vec(),
    )
}

/// Runs `prefix... urilint args...` in `dir`.
fn run_in(dir: &Path, prefix: &[String], args: &[&str]) -> Output {
    let mut cmd = match prefix.split_first() {
        Some((first, rest)) => {
            let mut c = Command::new(first);
            c.args(rest).arg(bin());
            c
        }
        None => Command::new(bin()),
    };
    cmd.args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("urilint runs")
}

/// A tree with an unreadable file and an unreadable directory between
/// readable ones, world-traversable otherwise (for the unprivileged user).
fn unreadable_tree() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let d = tmp.path();
    write(d, "tree/a.txt", b"see http://a.example/1\n");
    write(d, "tree/b-secret.txt", b"see http://secret.example/\n");
    write(d, "tree/c/locked/inner.txt", b"see http://inner.example/\n");
    write(d, "tree/d.txt", b"and <http://d.example/2>\n");
    for rel in ["", "tree", "tree/c"] {
        chmod(&d.join(rel), 0o755);
    }
    chmod(&d.join("tree/b-secret.txt"), 0o000);
    chmod(&d.join("tree/c/locked"), 0o000);
    tmp
}

#[test]
fn unreadable_files_and_directories_are_reported_and_the_rest_is_read() {
    let tmp = unreadable_tree();
    let d = tmp.path();
    let Some(prefix) = unprivileged(d) else {
        return;
    };
    for threads in ["1", "2"] {
        let out = run_in(d, &prefix, &["extract", "-H", "-j", threads, "tree"]);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert_eq!(
            text(&out.stdout),
            "tree/a.txt:http://a.example/1\ntree/d.txt:http://d.example/2\n"
        );
        let err = text(&out.stderr);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{err}");
        assert!(
            lines[0].starts_with("urilint: tree/b-secret.txt: ")
                && lines[0].contains("Permission denied"),
            "{err}"
        );
        assert!(
            lines[1].starts_with("urilint: tree/c/locked: ")
                && lines[1].contains("Permission denied"),
            "{err}"
        );
    }
    // `check` the same: exit 2 (not 0: something could not be read), the
    // readable files' findings still printed.
    write(d, "tree/e.txt", b"bad <http://e.example/a\\b>\n");
    chmod(&d.join("tree/e.txt"), 0o644);
    let out = run_in(
        d,
        &prefix,
        &["check", "--isolated", "--format", "plain", "tree"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("tree/e.txt:1:"),
        "{}",
        text(&out.stdout)
    );
    // Named on the command line: the same message and status.
    let out = run_in(d, &prefix, &["extract", "tree/b-secret.txt", "tree/a.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "http://a.example/1\n");
    assert!(text(&out.stderr).starts_with("urilint: tree/b-secret.txt: "));
    // Restore the bits so that the temporary directory can be removed by a
    // non-root user too.
    chmod(&d.join("tree/c/locked"), 0o755);
    chmod(&d.join("tree/b-secret.txt"), 0o644);
}

/// Stops the whole test binary if a FIFO handshake never completes (a
/// broken build would otherwise hang `cargo test`). Not a timing
/// assertion: a passing run never gets near the limit.
struct Watchdog(Arc<AtomicBool>);

impl Watchdog {
    fn new(what: &'static str) -> Self {
        let done = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&done);
        std::thread::spawn(move || {
            for _ in 0..600 {
                std::thread::sleep(std::time::Duration::from_millis(100));
                if flag.load(Ordering::Relaxed) {
                    return;
                }
            }
            eprintln!("{what}: the FIFO handshake with urilint did not complete in 60 s");
            std::process::exit(101);
        });
        Watchdog(done)
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `urilint extract -H -j1 first.fifo tree` in `dir` (which must hold
/// `tree/b/.ignore` as a FIFO), calls `between` once the walker has listed
/// `tree/a` and before anything of `tree` is read, then feeds `first`
/// with `first_text`.
fn run_with_pause(dir: &Path, first_text: &[u8], between: impl FnOnce()) -> Output {
    mkfifo(&dir.join("first.fifo"));
    mkfifo(&dir.join("tree/b/.ignore"));
    let _watchdog = Watchdog::new("run_with_pause");
    let child = Command::new(bin())
        .args(["extract", "-H", "-j1", "first.fifo", "tree"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urilint starts");
    // Returns once the walker opens `.ignore`: `tree/a` is listed by then.
    let ignore = fs::OpenOptions::new()
        .write(true)
        .open(dir.join("tree/b/.ignore"))
        .expect("open the .ignore FIFO");
    between();
    drop(ignore);
    let mut first = fs::OpenOptions::new()
        .write(true)
        .open(dir.join("first.fifo"))
        .expect("open the first FIFO");
    first.write_all(first_text).expect("feed the first FIFO");
    drop(first);
    child.wait_with_output().expect("urilint finishes")
}

#[test]
fn a_file_that_vanishes_between_the_walk_and_the_read_is_reported() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let d = tmp.path();
    write(d, "tree/a/1.txt", b"see http://a.example/1\n");
    write(
        d,
        "tree/a/2-vanishes.txt",
        b"see http://vanished.example/\n",
    );
    write(d, "tree/b/3.txt", b"see http://b.example/3\n");
    let out = run_with_pause(d, b"first http://first.example/\n", || {
        fs::remove_file(d.join("tree/a/2-vanishes.txt")).expect("remove the file");
    });
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "first.fifo:http://first.example/\n\
         tree/a/1.txt:http://a.example/1\n\
         tree/b/3.txt:http://b.example/3\n"
    );
    let err = text(&out.stderr);
    assert!(
        err.starts_with("urilint: tree/a/2-vanishes.txt: ")
            && err.contains("No such file or directory")
            && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn files_that_change_between_the_walk_and_the_read_are_read_as_they_are_then() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let d = tmp.path();
    // Long enough that the old contents would span several reads.
    let filler = "lorem ipsum dolor sit amet\n".repeat(2000);
    write(
        d,
        "tree/a/1-shrinks.txt",
        format!("see http://old.example/1\n{filler}http://old.example/end\n").as_bytes(),
    );
    write(d, "tree/a/2-grows.txt", b"see http://grow.example/1\n");
    write(d, "tree/b/3-emptied.txt", b"see http://emptied.example/\n");
    let out = run_with_pause(d, b"", || {
        fs::write(
            d.join("tree/a/1-shrinks.txt"),
            b"now http://new.example/1\n",
        )
        .expect("rewrite the file shorter");
        let mut f = fs::OpenOptions::new()
            .append(true)
            .open(d.join("tree/a/2-grows.txt"))
            .expect("open for appending");
        f.write_all(format!("{filler}and http://grow.example/2\n").as_bytes())
            .expect("append");
        fs::File::create(d.join("tree/b/3-emptied.txt")).expect("truncate to zero");
    });
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "tree/a/1-shrinks.txt:http://new.example/1\n\
         tree/a/2-grows.txt:http://grow.example/1\n\
         tree/a/2-grows.txt:http://grow.example/2\n"
    );
    assert_eq!(text(&out.stderr), "");
}

/// `n` lines of filler, each 32 bytes.
fn filler(n: usize) -> Vec<u8> {
    b"lorem ipsum dolor sit amet, con\n".repeat(n)
}

/// URIs (text, offset) that a scanner over the opened `path` finds, with
/// `change` called once after the first one is found (the scanner has then
/// read only the first part of the file).
fn scan_changing(path: &Path, change: impl FnOnce()) -> Vec<(String, u64)> {
    let input = Input::File {
        path: path.to_path_buf(),
        explicit: false,
        root: None,
    };
    let Ok(Opened::Text(reader)) = input.open() else {
        panic!("{} opens as text", path.display());
    };
    let opts = ScanOptions {
        chunk_size: 16 * 1024,
        ..ScanOptions::default()
    };
    let mut scanner = Scanner::new(reader, opts);
    let mut change = Some(change);
    let mut out = Vec::new();
    while let Some(found) = scanner.next_found().expect("reading a changing file") {
        if let Found::Uri(c) = found {
            out.push((c.text().to_string(), c.span().start));
        }
        if let Some(f) = change.take() {
            f();
        }
    }
    out
}

#[test]
fn a_file_that_grows_while_read_is_read_to_its_new_end() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let path = tmp.path().join("grows.txt");
    let mut data = b"see http://a.example/1\n".to_vec();
    data.extend(filler(4096)); // 128 KiB: many reads after the first
    fs::write(&path, &data).expect("write the file");
    let found = scan_changing(&path, || {
        let mut f = fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .expect("open for appending");
        f.write_all(b"then http://a.example/2\n").expect("append");
    });
    assert_eq!(
        found,
        [
            ("http://a.example/1".to_string(), 4),
            ("http://a.example/2".to_string(), data.len() as u64 + 5)
        ]
    );
}

#[test]
fn a_file_that_shrinks_while_read_ends_early_without_error() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let path = tmp.path().join("shrinks.txt");
    let mut data = b"see http://a.example/1\n".to_vec();
    data.extend(filler(4096));
    data.extend_from_slice(b"see http://a.example/gone\n");
    fs::write(&path, &data).expect("write the file");
    let found = scan_changing(&path, || {
        let f = fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .expect("open for truncating");
        f.set_len(1000).expect("truncate");
    });
    // Only what had been read before the truncation, and no error.
    assert_eq!(found, [("http://a.example/1".to_string(), 4)]);
}
