//! Memory-mapped reading (`crates/urilint-scan/src/mmap.rs`): a plain-text file of 1 MiB or
//! more named on the command line is scanned through a map unless
//! `--no-mmap`; every output must be the same bytes both ways, for
//! `extract` (plain and JSON Lines) and `check`, and for the same file
//! given as standard input.

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn urilint() -> Command {
    Command::new(env!("CARGO_BIN_EXE_urilint"))
}

/// The files of `dirs` (sorted by name in each) that `take` gives bytes
/// for, concatenated, then repeated to at least 1.5 MiB, written to
/// `dir/name`.
fn big_file(
    dir: &Path,
    name: &str,
    dirs: &[&str],
    take: impl Fn(&str, Vec<u8>) -> Option<Vec<u8>>,
) -> std::path::PathBuf {
    let mut text = Vec::new();
    for sub in dirs {
        let mut paths: Vec<_> = std::fs::read_dir(sub)
            .expect("fixtures")
            .flatten()
            .map(|e| e.path())
            .collect();
        paths.sort();
        for p in paths {
            let Ok(b) = std::fs::read(&p) else { continue };
            if let Some(b) = take(&p.to_string_lossy(), b) {
                text.extend_from_slice(&b);
            }
        }
    }
    let mut big = Vec::new();
    while big.len() < 3 << 19 {
        big.extend_from_slice(&text);
    }
    let path = dir.join(name);
    std::fs::write(&path, &big).expect("write");
    path
}

/// A file of at least 1.5 MiB made of the fixtures' text, repeated.
fn big_input(dir: &Path) -> std::path::PathBuf {
    big_file(
        dir,
        "big.txt",
        &["fixtures/check", "fixtures/precision"],
        |_, mut b| {
            b.push(b'\n');
            Some(b)
        },
    )
}

fn run(args: &[&str], file: &Path, mmap: bool) -> Output {
    let mut c = urilint();
    c.args(args)
        .arg("--isolated")
        .arg("--input-format")
        .arg("text");
    if !mmap {
        c.arg("--no-mmap");
    }
    c.arg(file).output().expect("run urilint")
}

#[test]
fn mapped_and_read_give_the_same_bytes() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = big_input(dir.path());
    for args in [
        &["extract", "-j1"][..],
        &["extract", "-j1", "--format", "jsonl"],
        &["extract", "-j1", "-n", "--format", "plain"],
        &["check", "-j1", "--format", "jsonl"],
        &["check", "-j1", "--format", "plain"],
    ] {
        let mapped = run(args, &file, true);
        let read = run(args, &file, false);
        assert!(!mapped.stdout.is_empty(), "{args:?}: no output");
        assert_eq!(mapped.stdout, read.stdout, "{args:?}");
        assert_eq!(mapped.status.code(), read.status.code(), "{args:?}");
        assert_eq!(mapped.stderr, read.stderr, "{args:?}");
    }
    // Standard input is never mapped: the same records, path "-".
    let stdin = urilint()
        .args([
            "extract",
            "-j1",
            "--isolated",
            "--input-format",
            "text",
            "-",
        ])
        .stdin(Stdio::from(std::fs::File::open(&file).expect("open")))
        .output()
        .expect("run urilint");
    assert_eq!(stdin.stdout, run(&["extract", "-j1"], &file, true).stdout);
}

/// A mailbox of at least 1.5 MiB: the fixtures' mailboxes and messages
/// (each `.eml` behind a separator line), repeated, with a `>From `
/// quoted line in some messages.
fn big_mailbox(dir: &Path) -> std::path::PathBuf {
    big_file(
        dir,
        "big.mbox",
        &["fixtures/mail", "fixtures/mail/archives"],
        |name, b| {
            let mut text = Vec::new();
            if name.ends_with(".mbox") {
                text.extend_from_slice(&b);
            } else if name.ends_with(".eml") {
                text.extend_from_slice(b"From a@example.org Thu Jan  1 00:00:00 1970\n");
                text.extend_from_slice(&b);
                text.extend_from_slice(b"\n>From the quoted line of an mboxrd writer\n");
            } else {
                return None;
            }
            if !text.ends_with(b"\n") {
                text.push(b'\n');
            }
            text.push(b'\n');
            Some(text)
        },
    )
}

/// A mailbox named on the command line is split in place through a map
/// (`Opened::MappedMailbox`, messages copied and decoded on whichever
/// thread takes them) unless `--no-mmap`: the same bytes as the mailbox
/// read as a stream, at every number of threads.
#[test]
fn a_mapped_mailbox_gives_what_a_read_one_gives() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = big_mailbox(dir.path());
    for args in [
        &["extract"][..],
        &[
            "extract",
            "--format",
            "jsonl",
            "--message-ids",
            "--include-identifiers",
        ],
        &["check", "--format", "jsonl"],
        &["check", "--format", "human"],
    ] {
        let with = |mmap: bool, j: &str| {
            let mut c = urilint();
            c.args(args)
                .args(["--isolated", "--input-format", "mbox", j]);
            if !mmap {
                c.arg("--no-mmap");
            }
            c.arg(&file).output().expect("run urilint")
        };
        let read = with(false, "-j1");
        assert!(read.stdout.len() > 10_000, "{args:?}: little output");
        for j in ["-j1", "-j2", "-j3"] {
            let mapped = with(true, j);
            assert_eq!(mapped.stdout, read.stdout, "{args:?} {j}");
            assert_eq!(mapped.status.code(), read.status.code(), "{args:?} {j}");
            assert_eq!(mapped.stderr, read.stderr, "{args:?} {j}");
        }
    }
}
