//! The engine contract without an engine: a run split into shards, as
//! Spark or Hadoop Streaming split it, gives exactly the records of one
//! run over the whole tree.
//!
//! The tree is made in a temporary directory from real excerpts of
//! `fixtures/` (mail, Markdown, reStructuredText, news, plain text) plus
//! the files engines get wrong: a name holding a newline, a name that is
//! not UTF-8, a Latin-1 file, a binary file, a hidden file and directory,
//! and files left out by `.ignore` and `.gitignore`. Three routes are
//! checked against one `urilint extract --format jsonl TREE`:
//! - paths: `urilint files -0 TREE`, cut into N contiguous shards, each
//!   read by `extract --files-from - -0`;
//! - contents, JSON Lines framing: each shard's files sent as
//!   `{"path", "content_base64"}` lines (`path_bytes` for the non-UTF-8
//!   name) to `extract --stdin-format jsonl -`;
//! - contents, netstring framing.
//!
//! The concatenated outputs, in shard order, must equal the single run
//! byte for byte (path, offsets, URIs, everything); with `--summary` and
//! `--label`, every listed file has exactly one summary record.

#![cfg(unix)]
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::fs;
use std::io::Write;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use base64::Engine;

fn bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin("urilint")
}

/// Runs urilint with `args` in `cwd`, `stdin` on its standard input.
fn run(cwd: &Path, args: &[&[u8]], stdin: &[u8]) -> Output {
    let mut child = Command::new(bin())
        .current_dir(cwd)
        .args(args.iter().map(|a| std::ffi::OsStr::from_bytes(a)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start urilint");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // A run that exits early closes the pipe: not this test's failure.
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("run urilint");
    writer.join().expect("stdin writer");
    out
}

fn ok(out: &Output) -> &[u8] {
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    &out.stdout
}

fn put(root: &Path, rel: &[u8], bytes: &[u8]) {
    let p = root.join(std::ffi::OsStr::from_bytes(rel));
    fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    fs::write(p, bytes).expect("write");
}

fn fixture(rel: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(rel);
    fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The tree, under `dir/tree`; returns the path runs are given (`tree`,
/// relative to `dir`, as a user types it).
fn tree(dir: &Path) -> PathBuf {
    let root = dir.join("tree");
    // Real excerpts (their sources: fixtures/mail/README.md,
    // fixtures/corpus/SOURCES.md).
    for (name, excerpt) in [
        (&b"mail/archive.mbox"[..], "mail/qp-html-alternative.mbox"),
        (b"mail/wrapped.mbox", "mail/quoted-wrapped-url.mbox"),
        (b"docs/links.md", "markdown/links.md"),
        (b"docs/pep.rst", "corpus/pep-0730-295-296.rst"),
        (b"news/sci.space", "corpus/news-sci.space-62116-6.txt"),
        (b"plain/faq.txt", "corpus/debian-faq-373-375.txt"),
    ] {
        put(&root, name, &fixture(excerpt));
    }
    // The names and bytes engines get wrong, and what a walk leaves out.
    for (name, bytes) in [
        (
            &b"plain/two\nlines.txt"[..],
            &b"see http://example.org/newline-name\n"[..],
        ),
        (
            b"plain/caf\xe9-latin1.txt",
            b"caf\xe9 <http://example.org/caf%E9> \xe9t\xe9\n",
        ),
        (
            b"plain/latin1-body.txt",
            b"R\xe9sum\xe9: http://example.org/r\xe9sum\xe9 fin\n",
        ),
        (b"plain/binary.dat", b"http://example.org/binary\0\x01\x02"),
        (b"plain/empty.txt", b""),
        (b".hidden.txt", b"http://example.org/hidden\n"),
        (b".cache/x.txt", b"http://example.org/hidden-dir\n"),
        (b"build/out.txt", b"http://example.org/ignored-by-ignore\n"),
        (b"ignored.log", b"http://example.org/ignored-by-gitignore\n"),
        (b".ignore", b"build/\n"),
        (b".gitignore", b"*.log\n"),
    ] {
        put(&root, name, bytes);
    }
    fs::create_dir_all(root.join(".git")).expect("a .git directory: .gitignore applies");
    PathBuf::from("tree")
}

/// `list` (NUL-terminated entries) cut into `n` contiguous shards, some
/// of them empty when `n` is larger than the list.
fn shards(list: &[u8], n: usize) -> Vec<Vec<Vec<u8>>> {
    let entries: Vec<Vec<u8>> = list
        .split(|&b| b == 0)
        .filter(|e| !e.is_empty())
        .map(<[u8]>::to_vec)
        .collect();
    let per = entries.len().div_ceil(n).max(1);
    let mut out: Vec<Vec<Vec<u8>>> = entries.chunks(per).map(<[_]>::to_vec).collect();
    out.resize(n, Vec::new());
    out
}

fn nul_joined(paths: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for p in paths {
        out.extend_from_slice(p);
        out.push(0);
    }
    out
}

fn jsonl_frames(cwd: &Path, paths: &[Vec<u8>]) -> Vec<u8> {
    let b64 = base64::engine::general_purpose::STANDARD;
    let mut out = Vec::new();
    for p in paths {
        let content = fs::read(cwd.join(std::ffi::OsStr::from_bytes(p))).expect("read");
        let name = match std::str::from_utf8(p) {
            Ok(s) => format!("\"path\":{}", serde_json::to_string(s).expect("JSON")),
            Err(_) => format!("\"path_bytes\":\"{}\"", b64.encode(p)),
        };
        out.extend_from_slice(
            format!(
                "{{{name},\"content_base64\":\"{}\"}}\n",
                b64.encode(content)
            )
            .as_bytes(),
        );
    }
    out
}

fn netstring_frames(cwd: &Path, paths: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for p in paths {
        let content = fs::read(cwd.join(std::ffi::OsStr::from_bytes(p))).expect("read");
        for part in [p.as_slice(), content.as_slice()] {
            out.extend_from_slice(format!("{}:", part.len()).as_bytes());
            out.extend_from_slice(part);
            out.push(b',');
        }
        out.push(b'\n');
    }
    out
}

/// The lines of `out` that are not summary records, with the label
/// field taken off.
fn records_only(out: &[u8], label: &str) -> Vec<u8> {
    let field = format!(",\"label\":\"{label}\"}}");
    let mut kept = Vec::new();
    for line in out.split_inclusive(|&b| b == b'\n') {
        if line.starts_with(b"{\"kind\":\"summary\"") {
            continue;
        }
        let s = String::from_utf8_lossy(line);
        let stripped = s.replacen(&field, "}", 1);
        assert_ne!(stripped, s, "no label on {s}");
        kept.extend_from_slice(stripped.as_bytes());
    }
    kept
}

/// The summary records of `out`: (path bytes, status).
fn summaries(out: &[u8]) -> Vec<(Vec<u8>, String)> {
    let b64 = base64::engine::general_purpose::STANDARD;
    out.split(|&b| b == b'\n')
        .filter(|l| l.starts_with(b"{\"kind\":\"summary\""))
        .map(|l| {
            let v: serde_json::Value = serde_json::from_slice(l).expect("a JSON record");
            let path = match v["path_bytes"].as_str() {
                Some(b) => b64.decode(b).expect("base64"),
                None => v["path"].as_str().expect("path").as_bytes().to_vec(),
            };
            (path, v["status"].as_str().expect("status").to_string())
        })
        .collect()
}

fn first_difference(a: &[u8], b: &[u8]) -> String {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  single: {x}\n  shards: {y}", i + 1);
        }
    }
    format!(
        "one is a prefix of the other ({} and {} lines)",
        a.lines().count(),
        b.lines().count()
    )
}

fn assert_same(single: &[u8], sharded: &[u8], what: &str) {
    assert!(
        single == sharded,
        "{what}: differs from the single run at {}",
        first_difference(single, sharded)
    );
}

#[test]
fn shards_of_a_tree_give_exactly_the_single_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cwd = dir.path();
    let root = tree(cwd);
    let root_arg = root.as_os_str().as_bytes();
    let single = run(
        cwd,
        &[b"extract", b"--isolated", b"--format", b"jsonl", root_arg],
        b"",
    );
    let single = ok(&single).to_vec();
    let text = String::from_utf8_lossy(&single);
    // The tree is what it should be: the odd names are read, the hidden,
    // ignored and binary files are not.
    for present in [
        "newline-name",
        "caf%E9",
        "latin1-body.txt",
        "\"path_bytes\":",
    ] {
        assert!(text.contains(present), "{present} missing from\n{text}");
    }
    for absent in ["hidden", "ignored-by", "binary"] {
        assert!(!text.contains(absent), "{absent} in\n{text}");
    }
    let records = text.lines().count();
    assert!(records > 40, "only {records} records");

    let list = run(cwd, &[b"files", b"--isolated", b"-0", root_arg], b"");
    let list = ok(&list).to_vec();
    let listed = shards(&list, 1).remove(0);
    assert_eq!(listed.len(), 11, "{:?}", String::from_utf8_lossy(&list));

    for n in [1, 2, 3, 7, 20] {
        let mut by_paths = Vec::new();
        let mut by_jsonl = Vec::new();
        let mut by_netstrings = Vec::new();
        let mut summarized = Vec::new();
        for (k, shard) in shards(&list, n).iter().enumerate() {
            let label = format!("shard-{k}");
            let common: [&[u8]; 8] = [
                b"extract",
                b"--isolated",
                b"-j1",
                b"--format",
                b"jsonl",
                b"--summary",
                b"--label",
                label.as_bytes(),
            ];
            let mut args = common.to_vec();
            args.extend([&b"--files-from"[..], b"-", b"-0"]);
            let out = run(cwd, &args, &nul_joined(shard));
            let out = ok(&out);
            summarized.extend(summaries(out));
            by_paths.extend(records_only(out, &label));

            let mut args = common.to_vec();
            args.extend([&b"--stdin-format"[..], b"jsonl", b"-"]);
            let out = run(cwd, &args, &jsonl_frames(cwd, shard));
            by_jsonl.extend(records_only(ok(&out), &label));

            let mut args = common.to_vec();
            args.extend([&b"--stdin-format"[..], b"netstring", b"-"]);
            let out = run(cwd, &args, &netstring_frames(cwd, shard));
            by_netstrings.extend(records_only(ok(&out), &label));
        }
        assert_same(&single, &by_paths, &format!("{n} shards of paths"));
        assert_same(
            &single,
            &by_jsonl,
            &format!("{n} shards, JSON Lines framing"),
        );
        assert_same(
            &single,
            &by_netstrings,
            &format!("{n} shards, netstring framing"),
        );
        // Every listed file exactly once, in order; the binary one skipped.
        let names: Vec<&Vec<u8>> = summarized.iter().map(|(p, _)| p).collect();
        assert_eq!(names, listed.iter().collect::<Vec<_>>(), "{n} shards");
        for (path, status) in &summarized {
            let want = if path.ends_with(b"binary.dat") {
                "skipped"
            } else {
                "ok"
            };
            assert_eq!(status, want, "{}", String::from_utf8_lossy(path));
        }
    }
}

#[test]
fn check_shards_give_exactly_the_single_check() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cwd = dir.path();
    let root = tree(cwd);
    // Something to report, and a test-data directory that check leaves
    // out by default (so `files --check` must leave it out too).
    put(
        &cwd.join(&root),
        b"plain/bad.txt",
        b"see http://example.org/%zz and http://[::1/\n",
    );
    put(
        &cwd.join(&root),
        b"tests/data.txt",
        b"http://example.org/%zz\n",
    );
    // The test examples of a Markdown parser, which check skips when
    // walking (found by content): a document of a framed standard input
    // is read as a walked file is, so it is skipped too (a bug: the
    // Spark job's contents route reported its URIs).
    put(
        &cwd.join(&root),
        b"spec/cmark_spec_0.30.yml",
        &fixture("formats/parser-examples/cmark_spec_0.30.yml"),
    );
    let root_arg = root.as_os_str().as_bytes();
    let single = run(
        cwd,
        &[b"check", b"--isolated", b"--format", b"jsonl", root_arg],
        b"",
    );
    assert_eq!(single.status.code(), Some(1), "{single:?}");
    let single = single.stdout;
    assert!(String::from_utf8_lossy(&single).contains("bad.txt"));
    assert!(!String::from_utf8_lossy(&single).contains("tests/data.txt"));
    assert!(!String::from_utf8_lossy(&single).contains("cmark_spec"));
    let list = run(
        cwd,
        &[b"files", b"--check", b"--isolated", b"-0", root_arg],
        b"",
    );
    let list = ok(&list).to_vec();
    assert!(String::from_utf8_lossy(&list).contains("cmark_spec_0.30.yml"));
    let mut sharded = Vec::new();
    let mut by_jsonl = Vec::new();
    for shard in shards(&list, 3) {
        let check: [&[u8]; 7] = [
            b"check",
            b"--isolated",
            b"-j1",
            b"--exit-zero",
            b"--format",
            b"jsonl",
            b"--stdin-format",
        ];
        let mut args = check.to_vec();
        args.extend([&b"jsonl"[..], b"-"]);
        let out = run(cwd, &args, &jsonl_frames(cwd, &shard));
        by_jsonl.extend_from_slice(ok(&out));
        let out = run(
            cwd,
            &[
                b"check",
                b"--isolated",
                b"-j1",
                b"--exit-zero",
                b"--format",
                b"jsonl",
                b"--files-from",
                b"-",
                b"-0",
            ],
            &nul_joined(&shard),
        );
        sharded.extend_from_slice(ok(&out));
    }
    assert_same(&single, &sharded, "3 shards of check");
    assert_same(&single, &by_jsonl, "3 shards of check, JSON Lines framing");
}

#[test]
fn an_empty_shard_reads_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    put(dir.path(), b"a.txt", b"http://example.org/not-read\n");
    for (args, stdin) in [
        (
            vec![&b"extract"[..], b"--files-from", b"-", b"-0"],
            &b""[..],
        ),
        (vec![&b"extract"[..], b"--files-from", b"-"], b"\n\n"),
        (
            vec![
                &b"check"[..],
                b"--isolated",
                b"--format",
                b"jsonl",
                b"--files-from",
                b"-",
            ],
            b"",
        ),
        (
            vec![
                &b"extract"[..],
                b"--format",
                b"jsonl",
                b"--stdin-format",
                b"jsonl",
                b"-",
            ],
            b"",
        ),
        (
            vec![&b"extract"[..], b"--stdin-format", b"netstring", b"-"],
            b"",
        ),
    ] {
        let out = run(dir.path(), &args, stdin);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert!(out.stdout.is_empty(), "{args:?}: {out:?}");
        assert!(out.stderr.is_empty(), "{args:?}: {out:?}");
    }
    // An empty list file too.
    fs::write(dir.path().join("list"), b"").expect("write");
    let out = run(dir.path(), &[b"extract", b"--files-from", b"list"], b"");
    assert_eq!((out.status.code(), out.stdout.len()), (Some(0), 0));
}

#[test]
fn usage_errors_of_the_contract() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cases: [(&[&[u8]], &str); 7] = [
        (
            &[b"extract", b"--files-from", b"-", b"a.txt"],
            "give no PATH arguments",
        ),
        (
            &[b"extract", b"--stdin-format", b"jsonl", b"."],
            "give - as a PATH",
        ),
        (
            &[
                b"extract",
                b"--files-from",
                b"-",
                b"--stdin-format",
                b"jsonl",
            ],
            "both read standard input",
        ),
        (&[b"extract", b"--label", b"x", b"."], "--format jsonl"),
        (&[b"check", b"--summary", b"."], "--format jsonl"),
        (
            &[b"check", b"--fix", b"--stdin-format", b"netstring", b"-"],
            "--fix writes files",
        ),
        (&[b"extract", b"-0", b"."], "--files-from"),
    ];
    for (args, says) in cases {
        let out = run(dir.path(), args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn a_bad_frame_is_reported_and_the_others_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    let stdin = b"{\"path\":\"a.txt\",\"content\":\"http://example.org/a\"}\n\
        {\"path\":\"b.txt\",\"content_base64\":\"%%%\"}\n\
        {\"path\":\"c.txt\",\"content\":\"http://example.org/c\"}\n";
    let out = run(
        dir.path(),
        &[b"extract", b"-H", b"--stdin-format", b"jsonl", b"-"],
        stdin,
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "a.txt:http://example.org/a\nc.txt:http://example.org/c\n"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("-: line 2: \"content_base64\" is not base64"),
        "{err}"
    );
}

#[test]
fn documents_do_not_join_and_count_their_own_lines() {
    // Without framing the two files would read as one stream: the URI
    // at the end of the first would run on into the second.
    let dir = tempfile::tempdir().expect("tempdir");
    let stdin = b"5:a.txt,24:line one\nhttp://ex.org/a,\n5:b.txt,8:/b more\n,";
    let out = run(
        dir.path(),
        &[b"extract", b"-Hn", b"--stdin-format", b"netstring", b"-"],
        stdin,
    );
    assert_eq!(
        String::from_utf8_lossy(ok(&out)),
        "a.txt:2:http://ex.org/a\n"
    );
}

#[test]
fn files_lists_names_exactly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cwd = dir.path();
    let root = tree(cwd);
    let root_arg = root.as_os_str().as_bytes();
    // Without -0 a name holding a newline cannot be listed: exit 2.
    let out = run(cwd, &[b"files", root_arg], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds a newline"));
    let out = run(cwd, &[b"files", b"-0", root_arg], b"");
    let names: Vec<PathBuf> = ok(&out)
        .split(|&b| b == 0)
        .filter(|n| !n.is_empty())
        .map(|n| PathBuf::from(std::ffi::OsString::from_vec(n.to_vec())))
        .collect();
    for n in &names {
        assert!(cwd.join(n).is_file(), "{n:?} is not a file");
    }
    assert!(names.contains(&PathBuf::from(std::ffi::OsString::from_vec(
        b"tree/plain/caf\xe9-latin1.txt".to_vec()
    ))));
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names.len(), sorted.len());
}

/// Issue 50: one large plain-text file split across threads (`-j2`, a
/// mapped file of 4 MiB or more cut at empty lines, `crate::split`) gives
/// byte for byte the output of one thread, in plain text (with and
/// without line numbers), JSON Lines, `--unique` with its counts,
/// `--summary` and `--label`, and on standard error (a too-long
/// candidate's line, late in the file); also with 1 KiB chunks
/// (`URILINT_SPLIT_CHUNK`), so that thousands of cuts are met.
#[test]
fn one_large_file_across_threads_gives_the_single_thread_output() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Real text (sources: fixtures/corpus/SOURCES.md, the RFC examples)
    // with the shapes that meet at cuts: URIs broken across lines, in
    // `<...>` and quotes, after `URL:`, hyphen breaks, CRLF, a lone CR,
    // bytes that are not UTF-8.
    let mut unit = Vec::new();
    for rel in [
        "rfc2396-appendix-e.txt",
        "rfc3986-appendix-c.txt",
        "corpus/debian-faq-373-375.txt",
        "corpus/news-comp.graphics-38851-600-606.txt",
        "corpus/rfc2396-1970-1984.txt",
        "corpus/rfc5724-533-545.txt",
    ] {
        unit.extend(fixture(rel));
        unit.extend_from_slice(b"\n\n");
    }
    unit.extend_from_slice(
        b"URL:\n\nhttp://a.example/x\n\n<ht\n\ntp://b.example/>\r\n\r\nsee http://c.example/a-\nb.html\r\rx\xff\xfe http://d.example/\xc3\xa9\n\n",
    );
    let mut text = Vec::new();
    let mut n = 0u32;
    while text.len() < 6 << 20 {
        text.extend_from_slice(&unit);
        // Each round its own URIs, so that `--unique` has work to do.
        text.extend_from_slice(format!("<http://round{}.example/>\n\n", n % 500).as_bytes());
        n += 1;
    }
    // A candidate too long to take, late in the file.
    text.extend_from_slice(b"http://long.example/");
    text.extend(std::iter::repeat_n(b'a', 70_000));
    text.extend_from_slice(b"\n\nhttp://last.example/\n");
    let file = dir.path().join("big.txt");
    fs::write(&file, &text).expect("write");
    let file = file.to_str().expect("UTF-8 path");
    let runs: [&[&str]; 6] = [
        &[],
        &["-n"],
        &["--format", "jsonl"],
        &["--unique"],
        &["--format", "jsonl", "--unique"],
        &["--format", "jsonl", "--summary", "--label", "x"],
    ];
    for args in runs {
        let with = |threads: &str, chunk: Option<&str>| {
            let mut cmd = Command::new(bin());
            cmd.args(["extract", "--input-format", "text", threads])
                .args(args)
                .arg(file);
            if let Some(c) = chunk {
                cmd.env("URILINT_SPLIT_CHUNK", c);
            }
            let out = cmd.output().expect("run urilint");
            assert!(out.status.success(), "{args:?}: {:?}", out.status);
            out
        };
        let one = with("-j1", None);
        // Without `--unique`, hundreds of thousands of bytes of records.
        let least = if args.contains(&"--unique") {
            1000
        } else {
            100_000
        };
        assert!(one.stdout.len() > least, "{args:?}: little output");
        assert!(
            String::from_utf8_lossy(&one.stderr).contains("D003"),
            "{args:?}: the too-long candidate is said"
        );
        for (threads, chunk) in [("-j2", None), ("-j2", Some("1024")), ("-j3", Some("70000"))] {
            let split = with(threads, chunk);
            let what = format!("{args:?} {threads} chunk {chunk:?}");
            assert_same(&one.stdout, &split.stdout, &what);
            assert_same(
                &one.stderr,
                &split.stderr,
                &format!("{what}, standard error"),
            );
        }
    }
}

#[test]
fn inputs_split_while_every_worker_is_busy_give_the_single_thread_output() {
    // Four inputs at -j2 with small chunks: while both workers run an
    // input, a split finds no helper free and scans its input in one
    // pass (the fallback of run::scan_split); when one is free, in
    // chunks. Either way the output is -j1's.
    let dir = tempfile::tempdir().expect("tempdir");
    let mut unit = fixture("rfc2396-appendix-e.txt");
    unit.extend_from_slice(b"\n\nURL:\n\nhttp://a.example/x\n\n<ht\ntp://b.example/>\r\n\r\n");
    let mut files = Vec::new();
    for i in 0..4 {
        let mut text = Vec::new();
        while text.len() < 256 << 10 {
            text.extend_from_slice(&unit);
            text.extend_from_slice(format!("<http://file{i}.example/>\n\n").as_bytes());
        }
        let file = dir.path().join(format!("{i}.txt"));
        fs::write(&file, &text).expect("write");
        files.push(file.to_str().expect("UTF-8 path").to_string());
    }
    for args in [&["-n"][..], &["--format", "jsonl"]] {
        let with = |threads: &str| {
            let out = Command::new(bin())
                .args(["extract", "--input-format", "text", threads])
                .args(args)
                .args(&files)
                .env("URILINT_SPLIT_CHUNK", "4096")
                .output()
                .expect("run urilint");
            assert!(out.status.success(), "{args:?}: {:?}", out.status);
            out
        };
        let one = with("-j1");
        assert!(one.stdout.len() > 10_000, "{args:?}: too little output");
        for _ in 0..3 {
            let two = with("-j2");
            assert!(two.stdout == one.stdout, "{args:?}: -j2 differs from -j1");
            assert_eq!(two.stderr, one.stderr, "{args:?}");
        }
    }
}
