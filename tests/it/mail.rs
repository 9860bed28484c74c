//! The format layer through the binary, on real messages copied into
//! fixtures/mail and fixtures/news (sources in their README.md).
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn urilint(args: &[&str]) -> Output {
    let (sub, rest) = args.split_first().expect("a subcommand");
    Command::new(env!("CARGO_BIN_EXE_urilint"))
        .arg(sub)
        .args(["extract", "check"].contains(sub).then_some("--isolated"))
        .args(rest)
        .output()
        .expect("run urilint")
}

fn records(args: &[&str]) -> Vec<Value> {
    let out = urilint(args);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON record"))
        .collect()
}

fn fixture(name: &str) -> String {
    format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Issue 12: `check --fix` deleted quoted-printable soft breaks in an
/// mbox (`groups.google.c=om`). Mail, news and gzip files are never
/// written, whatever `--input-format` says; the other files are.
#[test]
fn fix_never_writes_mail_news_or_gzip() {
    let dir = tempfile::tempdir().expect("temp dir");
    let names = [
        "mail/qp-percent-escape-split.mbox",
        "mail/mailman3-base64-reply.eml",
        "mail/pipermail-linux-uvc-2007-January-3871-3985.txt.gz",
        "news/sci.space-61448",
    ];
    let mut copies = Vec::new();
    for n in names {
        let to = dir.path().join(Path::new(n).file_name().expect("name"));
        fs::copy(fixture(n), &to).expect("copy");
        copies.push((to.clone(), fs::read(&to).expect("read")));
    }
    let text = dir.path().join("notes.txt");
    fs::write(&text, "see <HTTP://A.EXAMPLE/>\n").expect("write");
    let d = dir.path().to_str().expect("utf-8 path");
    for args in [
        vec![
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "--format",
            "plain",
            d,
        ],
        vec![
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "--format",
            "plain",
            "--input-format",
            "text",
            d,
        ],
        vec![
            "rewrite",
            "--map",
            "https://groups.google.com/=https://example.org/",
            d,
        ],
    ] {
        let out = urilint(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        for (path, before) in &copies {
            assert_eq!(
                &fs::read(path).expect("read"),
                before,
                "{args:?} wrote {path:?}"
            );
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            assert!(
                err.contains(name) && err.contains("never writes into mail"),
                "{args:?}: {err}"
            );
        }
    }
    assert_eq!(
        fs::read_to_string(&text).expect("read"),
        "see <http://a.example/>\n"
    );
    // --diff offers no diff for them either.
    let out = urilint(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--diff",
        d,
    ]);
    let diff = String::from_utf8_lossy(&out.stdout);
    assert!(
        !diff
            .lines()
            .any(|l| l.starts_with("--- ") || l.starts_with("+++ ")),
        "{diff}"
    );
}

/// The URIs of each message's decoded text parts and List-* headers, as
/// fixtures/mail/expected.json lists them (checked by hand against the
/// messages decoded with Python's email package).
#[test]
fn expected_uris_per_message() {
    for root in ["mail", "news"] {
        let expected: Value = serde_json::from_str(
            &fs::read_to_string(fixture(&format!("{root}/expected.json"))).expect("expected.json"),
        )
        .expect("JSON");
        let Some(files) = expected.as_object() else {
            panic!("expected.json is an object")
        };
        for (file, messages) in files {
            let path = fixture(&format!("{root}/{file}"));
            // The news fixtures in Markdown quote each message body in a
            // fenced code block: code is read only with --include-code.
            let found = records(&["extract", "--format", "jsonl", "--include-code", &path]);
            let Some(messages) = messages.as_array() else {
                continue;
            };
            for (i, m) in messages.iter().enumerate() {
                let want = |key: &str| -> BTreeSet<String> {
                    m[key]
                        .as_array()
                        .map(|a| {
                            a.iter()
                                .filter_map(|u| u.as_str().map(str::to_string))
                                .collect()
                        })
                        .unwrap_or_default()
                };
                let got = |header: bool| -> BTreeSet<String> {
                    found
                        .iter()
                        .filter(|r| r["message"].as_u64().unwrap_or(0) == i as u64)
                        .filter(|r| (r["segment"] == "header") == header)
                        .filter_map(|r| r["uri"].as_str().map(str::to_string))
                        .collect()
                };
                let body = got(false);
                let want_body = want("body_uris");
                let missing: Vec<_> = want_body.difference(&body).collect();
                let extra: Vec<_> = body.difference(&want_body).collect();
                assert!(
                    missing.is_empty() && extra.is_empty(),
                    "{file} #{i}: missing {missing:?}, extra {extra:?}"
                );
                assert_eq!(got(true), want("header_uris"), "{file} #{i}: header URIs");
            }
        }
    }
}

/// For quoted-printable and plain parts the record's `raw` is the file's
/// bytes at its offsets, soft breaks and `=3D` included, and decodes to
/// the URI.
#[test]
fn offsets_point_into_the_raw_mbox() {
    let mut soft_breaks = 0;
    for name in [
        "mail/qp-percent-escape-split.mbox",
        "mail/quoted-wrapped-url.mbox",
    ] {
        let path = fixture(name);
        let bytes = fs::read(&path).expect("read");
        let found = records(&["extract", "--format", "jsonl", &path]);
        assert!(!found.is_empty());
        for r in &found {
            let (s, e) = (
                r["byte_start"].as_u64().unwrap_or(0) as usize,
                r["byte_end"].as_u64().unwrap_or(0) as usize,
            );
            let raw = r["raw"].as_str().unwrap_or("");
            assert_eq!(&bytes[s..e], raw.as_bytes(), "{r}");
            let uri = r["uri"].as_str().unwrap_or("");
            if r["part"]["content_type"] == "text/plain" && raw != uri {
                let (decoded, _) = urilint::format::qp::decode(raw.as_bytes());
                let decoded = String::from_utf8_lossy(&decoded).replace(['\n', '\r'], "");
                // Quote prefixes of a wrapped URI are not part of it.
                if !decoded.contains('>') {
                    assert_eq!(decoded.replace(' ', ""), uri, "{r}");
                }
                soft_breaks += usize::from(raw.contains("=\n"));
            }
        }
    }
    assert!(soft_breaks > 0, "the fixture has URIs cut by soft breaks");
}

/// `--input-format text` is the plain reading: no message fields, the
/// quoted-printable artefacts as they are in the file.
#[test]
fn input_format_text_reads_bytes_as_they_are() {
    let path = fixture("mail/qp-percent-escape-split.mbox");
    let plain = records(&[
        "extract",
        "--format",
        "jsonl",
        "--input-format",
        "text",
        &path,
    ]);
    assert!(plain.iter().all(|r| r.get("message").is_none()));
    assert!(plain.iter().any(|r| r["uri"]
        .as_str()
        .is_some_and(|u| u.contains("=3D") || u.ends_with('='))));
    let decoded = records(&["extract", "--format", "jsonl", &path]);
    assert!(decoded.iter().all(|r| r.get("message").is_some()));
    assert!(!decoded
        .iter()
        .any(|r| r["uri"].as_str().is_some_and(|u| u.contains("=3D"))));
}

/// A pipermail archive read through gzip gives what the plain archive
/// gives; --no-headers leaves header fields out.
#[test]
fn gzip_is_read_through() {
    let uris = |name: &str, extra: &[&str]| -> Vec<String> {
        let p = fixture(name);
        let mut args = vec!["extract", "--format", "jsonl"];
        args.extend_from_slice(extra);
        args.push(&p);
        records(&args)
            .iter()
            .filter_map(|r| r["uri"].as_str().map(str::to_string))
            .collect()
    };
    let plain = uris("mail/pipermail-linux-uvc-2007-January-3871-3985.txt", &[]);
    assert!(!plain.is_empty());
    assert_eq!(
        uris(
            "mail/pipermail-linux-uvc-2007-January-3871-3985.txt.gz",
            &[]
        ),
        plain
    );
    let all = records(&[
        "extract",
        "--format",
        "jsonl",
        &fixture("mail/rfc2047-list-headers.mbox"),
    ]);
    let bodies = records(&[
        "extract",
        "--format",
        "jsonl",
        "--no-headers",
        &fixture("mail/rfc2047-list-headers.mbox"),
    ]);
    assert!(all.iter().any(|r| r["segment"] == "header"));
    assert!(bodies.iter().all(|r| r["segment"] != "header"));
    assert!(bodies.len() < all.len());
}

/// Malformed mail is reported naming file and message, and the rest is
/// read.
#[test]
fn malformed_mail_is_said_and_read() {
    for (name, says) in [
        (
            "mail/base64-truncated-broken.mbox",
            "base64 text is truncated",
        ),
        (
            "mail/charset-unknown-broken.mbox",
            "unknown charset \"x-unknown-42\"",
        ),
        ("mail/no-headers-broken.mbox", "no header fields"),
        (
            "mail/mime-boundary-broken.mbox",
            "without its closing boundary",
        ),
    ] {
        let p = fixture(name);
        let out = urilint(&["extract", &p]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("{p}#")) && err.contains(says),
            "{name}: {err}"
        );
        assert!(!out.stdout.is_empty(), "{name}: URIs are still found");
        assert_eq!(out.status.code(), Some(0), "{name}");
    }
    let out = urilint(&["extract", &fixture("mail/mime-boundary-broken.mbox")]);
    assert!(!out.stdout.is_empty());
}

/// The held-out mail review: a multipart whose closing delimiter is
/// missing had its last part, a base64 JPEG, decoded and scanned as text
/// (mail-parser retypes a part that runs to the end of the message). In
/// an mbox, followed by another message or at the end of the file: the
/// image is never read, the missing delimiter is said, the text parts are
/// read.
#[test]
fn attachment_without_closing_boundary_is_not_text() {
    use base64::Engine as _;
    // A JPEG's first bytes with an XMP packet, whose namespace is a URI.
    let mut jpeg = b"\xff\xd8\xff\xe1\x00\x40http://ns.adobe.com/xap/1.0/\x00".to_vec();
    jpeg.extend(0u8..=255);
    let b64: String = base64::engine::general_purpose::STANDARD
        .encode(&jpeg)
        .as_bytes()
        .chunks(76)
        .map(|l| format!("{}\n", String::from_utf8_lossy(l)))
        .collect();
    let message = |n: usize, closed: bool| {
        format!(
            "From sender@example.org Mon Jan  1 00:00:00 2024\nFrom: a@example.org\n\
             Subject: photo {n}\nMIME-Version: 1.0\n\
             Content-Type: multipart/mixed; boundary=\"XYZ\"\n\n\
             --XYZ\nContent-Type: text/plain; charset=utf-8\n\nSee http://text{n}.example/ here.\n\n\
             --XYZ\nContent-Type: image/jpeg; name=\"p.jpg\"\n\
             Content-Transfer-Encoding: base64\n\
             Content-Disposition: attachment; filename=\"p.jpg\"\n\n{b64}{}\n",
            if closed { "--XYZ--\n" } else { "" }
        )
    };
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text, open) in [
        ("followed.mbox", message(1, false) + &message(2, true), true),
        ("at-eof.mbox", message(1, false), true),
        ("closed.mbox", message(1, true), false),
    ] {
        let p = dir.path().join(name);
        fs::write(&p, text).expect("write");
        let out = urilint(&["extract", p.to_str().expect("utf-8 path")]);
        let found = String::from_utf8_lossy(&out.stdout);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(found.contains("http://text1.example/"), "{name}: {found}");
        assert!(!found.contains("adobe"), "{name}: the image read: {found}");
        assert_eq!(
            err.contains("#0: warning: part 0: multipart without its closing boundary \"--XYZ--\""),
            open,
            "{name}: {err}"
        );
        assert_eq!(out.status.code(), Some(0), "{name}: {err}");
    }
}

/// Records name the message: index, offset, Message-ID, decoded subject;
/// plain -H output names file#message; Message-IDs are not URIs.
#[test]
fn records_name_their_message() {
    let p = fixture("mail/rfc2047-list-headers.mbox");
    let found = records(&["extract", "--format", "jsonl", &p]);
    let bytes = fs::read(&p).expect("read");
    for r in &found {
        let off = r["message_offset"].as_u64().unwrap_or(u64::MAX) as usize;
        assert!(bytes[off..].starts_with(b"From "), "{r}");
        assert!(r["message_id"].is_string());
        assert!(!r["uri"].as_str().unwrap_or("").starts_with("mid:"));
    }
    assert!(found
        .iter()
        .any(|r| r["subject"].as_str().is_some_and(|s| !s.contains("=?"))));
    let out = urilint(&["extract", "-H", &p]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().all(|l| l.starts_with(&format!("{p}#"))),
        "{text}"
    );
}

/// Standard input is decoded when --input-format names a format; the
/// findings are those of the file.
#[test]
fn stdin_with_an_input_format() {
    use std::io::Write;
    let path = fixture("mail/qp-percent-escape-split.mbox");
    let bytes = fs::read(&path).expect("read");
    let run = |args: &[&str]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_urilint"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("spawn");
        if let Some(mut i) = child.stdin.take() {
            i.write_all(&bytes).expect("write");
        }
        let out = child.wait_with_output().expect("wait");
        String::from_utf8_lossy(&out.stdout).replace("-:", "FILE:")
    };
    let from_file = String::from_utf8_lossy(
        &urilint(&[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--format",
            "plain",
            &path,
        ])
        .stdout,
    )
    .replace(&format!("{path}:"), "FILE:");
    let from_stdin = run(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--isolated",
        "--format",
        "plain",
        "--input-format",
        "mbox",
        "-",
    ]);
    assert!(!from_file.is_empty());
    assert_eq!(from_stdin, from_file);
    let extracted = run(&["extract", "--isolated", "--input-format", "mbox", "-"]);
    let from_file = String::from_utf8_lossy(&urilint(&["extract", &path]).stdout).into_owned();
    assert_eq!(extracted, from_file);
    // Without --input-format, standard input is detected by its content
    // as a file is: the same findings and URIs.
    let detected = run(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--isolated",
        "--format",
        "plain",
        "-",
    ]);
    assert_eq!(detected, from_stdin);
    assert_eq!(run(&["extract", "--isolated", "-"]), from_file);
    // and read as bytes with --input-format text: the soft break is kept.
    let text = run(&["extract", "--isolated", "--input-format", "text", "-"]);
    assert_ne!(text, from_file);
}

/// Standard input that is gzip is read through, and what it holds is
/// detected (a pipermail `.txt.gz` archive piped in).
#[test]
fn gzip_on_standard_input_is_read_through() {
    let gz = fixture("mail/pipermail-linux-uvc-2007-January-3871-3985.txt.gz");
    let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .args(["extract", "--isolated", "-"])
        .stdin(fs::File::open(&gz).expect("open"))
        .output()
        .expect("run");
    let plain = urilint(&[
        "extract",
        &fixture("mail/pipermail-linux-uvc-2007-January-3871-3985.txt"),
    ]);
    assert!(out.stdout.len() > 100);
    assert_eq!(out.stdout, plain.stdout);
}

/// A mailbox's messages are decoded and scanned on helper threads with
/// `-j2` and more: the output (records, findings, warnings naming
/// messages) is the same, byte for byte, as with one thread.
#[test]
fn helper_threads_change_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let all = dir.path().join("all.mbox");
    let mut joined = Vec::new();
    let mut names: Vec<_> = fs::read_dir(fixture("mail"))
        .expect("fixtures/mail")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mbox"))
        .collect();
    names.sort();
    // Over 1 MiB: several batches of messages (256 KiB each) in flight.
    for _ in 0..12 {
        for n in &names {
            joined.extend_from_slice(&fs::read(n).expect("fixture"));
            if !joined.ends_with(b"\n\n") {
                joined.extend_from_slice(b"\n");
            }
        }
    }
    fs::write(&all, &joined).expect("write");
    let p = all.to_string_lossy().into_owned();
    for args in [
        vec!["extract", "--format", "jsonl", "--message-ids"],
        vec![
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--format",
            "jsonl",
        ],
        vec!["check"],
    ] {
        let run = |j: &str| {
            let mut a = args.clone();
            a.extend(["-j", j, &p]);
            urilint(&a)
        };
        let one = run("1");
        assert!(one.stdout.len() > 1000, "{args:?}");
        assert!(
            !one.stderr.is_empty(),
            "{args:?}: warnings of broken messages"
        );
        for j in ["2", "5"] {
            let many = run(j);
            assert_eq!(many.stdout, one.stdout, "{args:?} -j{j}");
            assert_eq!(many.stderr, one.stderr, "{args:?} -j{j}");
            assert_eq!(many.status.code(), one.status.code(), "{args:?} -j{j}");
        }
    }
}

/// `--unique --format jsonl`: each URI once, in the order first found,
/// with `count`, the times it was found in the run (the text/plain and
/// text/html copies of a message count twice).
#[test]
fn unique_jsonl_counts_each_uri() {
    let dir = fixture("mail");
    let all = records(&["extract", "--format", "jsonl", &dir]);
    let unique = records(&["extract", "--unique", "--format", "jsonl", &dir]);
    let mut want: Vec<(String, u64)> = Vec::new();
    for r in &all {
        let uri = r["uri"].as_str().unwrap_or_default().to_string();
        match want.iter_mut().find(|(u, _)| *u == uri) {
            Some((_, n)) => *n += 1,
            None => want.push((uri, 1)),
        }
    }
    let got: Vec<(String, u64)> = unique
        .iter()
        .map(|r| {
            (
                r["uri"].as_str().unwrap_or_default().to_string(),
                r["count"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert!(want.iter().any(|(_, n)| *n > 1));
    assert_eq!(got, want);
    // The first record of each URI is the one kept, with all its fields.
    let first = all
        .iter()
        .find(|r| r["uri"] == unique[0]["uri"])
        .cloned()
        .unwrap_or_default();
    let mut kept = unique[0].clone();
    if let Some(o) = kept.as_object_mut() {
        o.remove("count");
    }
    assert_eq!(kept, first);
}

/// Issue 27: records have a role; identifiers, citations and mentions are
/// left out of HTML by default and brought back by
/// `--include-identifiers`. Real messages: Thunderbird's `cite="mid:..."`
/// on a quoted block (charset-8bit-qp.mbox) and Gmail's
/// `data-saferedirecturl` wrappers (qp-percent-escape-split.mbox).
#[test]
fn roles_and_include_identifiers() {
    for (file, uri, role) in [
        (
            "mail/charset-8bit-qp.mbox",
            "mid:41f739d3442449bd983706ba42de6405@bham.ac.uk",
            "citation",
        ),
        (
            "mail/qp-percent-escape-split.mbox",
            "https://www.google.com/url?hl=en&q=https://www.ovirt.org/&source=gmail&ust=1634918138325000&usg=AFQjCNF8Aa_9LxNY02UomDoxWrCHyEtRWg",
            "mention",
        ),
    ] {
        let path = fixture(file);
        let default = records(&["extract", "--format", "jsonl", &path]);
        assert!(!default.is_empty());
        assert!(default.iter().all(|r| r["uri"] != uri), "{file}");
        assert!(default
            .iter()
            .all(|r| r["role"] == "link" || r["role"] == "resource"));
        let all = records(&["extract", "--format", "jsonl", "--include-identifiers", &path]);
        let found: Vec<&Value> = all.iter().filter(|r| r["uri"] == uri).collect();
        assert!(!found.is_empty(), "{file}: {uri} with --include-identifiers");
        assert!(found.iter().all(|r| r["role"] == role), "{found:?}");
        assert!(all.len() > default.len());
    }
}

/// Issue 27: an HTML attribute's URI as a browser reads it: white space
/// around it stripped, inner spaces `%20`, `raw` as written; an XHTML
/// namespace name and doctype are identifiers, left out by default.
#[test]
fn html_attribute_values_as_a_browser_reads_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("page.html");
    fs::write(
        &path,
        "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\n<a href=\" http://sp.example/a b \">x</a> <img src=\"http://img.example/i.png\">\n</body></html>\n",
    )
    .expect("write");
    let path = path.to_string_lossy().into_owned();
    let recs = records(&["extract", "--format", "jsonl", &path]);
    let got: Vec<(&str, &str, &str)> = recs
        .iter()
        .map(|r| {
            (
                r["uri"].as_str().unwrap_or_default(),
                r["raw"].as_str().unwrap_or_default(),
                r["role"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("http://sp.example/a%20b", "http://sp.example/a b", "link"),
            (
                "http://img.example/i.png",
                "http://img.example/i.png",
                "resource"
            ),
        ]
    );
    assert_eq!(recs[0]["valid"], true);
    let all = records(&[
        "extract",
        "--format",
        "jsonl",
        "--include-identifiers",
        &path,
    ]);
    assert_eq!(all.len(), 4);
    assert!(all
        .iter()
        .any(|r| r["uri"] == "http://www.w3.org/1999/xhtml" && r["role"] == "identifier"));
}

/// Attribute values of real HTML mail read as a browser reads them
/// (fixtures/mail/archives/README.md names each line's source): a
/// `mailto:<addr>` href is kept whole (and is invalid), an href left in
/// undeclared quoted-printable (`3D"http://..."`) is a relative
/// reference, not the URI inside it; `<meta content>` metadata and the
/// fallback content of `<noframes>` are mentions, left out by default.
#[test]
fn real_html_mail_attributes_and_fallback() {
    let path = fixture("mail/archives/phishing-pot-attributes.html");
    let pick = |recs: Vec<Value>| -> Vec<(u64, String, String, String)> {
        recs.iter()
            .map(|r| {
                (
                    r["line"].as_u64().unwrap_or_default(),
                    r["uri"].as_str().unwrap_or_default().to_string(),
                    r["role"].as_str().unwrap_or_default().to_string(),
                    r["field"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    };
    let got = pick(records(&["extract", "--format", "jsonl", &path]));
    let want = [
        (1, "mailto:<accaccess-esp@hotmail.com>", "link", "a@href"),
        (9, "https://www.adobe.com/", "link", "a@href"),
        (
            10,
            "https://slave.socialou.com/img/NueYue_Compound%20Tirzepatide_600px_3.jpg",
            "resource",
            "img@src",
        ),
    ];
    let want: Vec<_> = want
        .iter()
        .map(|(l, u, r, f)| (*l, u.to_string(), r.to_string(), f.to_string()))
        .collect();
    assert_eq!(got, want);
    let all = pick(records(&[
        "extract",
        "--format",
        "jsonl",
        "--include-identifiers",
        &path,
    ]));
    for (line, uri, role, field) in [
        (2, "http://www.pyramidci.com/", "mention", "a@or"),
        (
            4,
            "http://schema.org/EventScheduled",
            "mention",
            "meta@content",
        ),
        (7, "https://adobe.com/", "mention", "noframes"),
    ] {
        assert!(
            all.iter()
                .any(|r| r == &(line, uri.to_string(), role.to_string(), field.to_string())),
            "{uri} on line {line} as {role} in {field}: {all:?}"
        );
    }
    assert!(!all.iter().any(|r| r.3 == "a@href" && r.0 == 2), "{all:?}");
    // `check` says what is wrong with the mailto: `<` is no URI character.
    let out = urilint(&["check", "--format", "jsonl", &path]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\"U003\""), "{text}");
}

/// A multipart without a boundary parameter (a real Office 365 bounce
/// whose `boundary=` line lost its indent) and a multipart without any
/// line that opens a part (SpamAssassin's badmime3) are read as text, as
/// mail programs show them, with a warning naming the part.
#[test]
fn multiparts_without_parts_are_read_as_text() {
    let bounce = fixture("mail/archives/sisimai-lhost-office365-09.eml");
    let out = urilint(&["extract", "--input-format", "mail", &bounce]);
    let found = String::from_utf8_lossy(&out.stdout);
    let warned = String::from_utf8_lossy(&out.stderr);
    // The part is quoted-printable inside, but the multipart declares
    // nothing: its text is shown as it stands, soft line breaks and all.
    assert!(
        found.contains("https://go.microsoft.com/fwlink/?LinkI=d=3D532972"),
        "{found}"
    );
    assert!(
        warned.contains("part 1: multipart without a boundary parameter: read as text"),
        "{warned}"
    );
    let spam = fixture("mail/archives/spamassassin-badmime3.eml");
    let out = urilint(&["extract", "--input-format", "mail", &spam]);
    let found = String::from_utf8_lossy(&out.stdout);
    let warned = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        found
            .lines()
            .filter(|l| l.starts_with("http://www.harder-please.com/lsu/1/index_"))
            .count(),
        12,
        "{found}"
    );
    assert!(warned.contains("to open a part: read as text"), "{warned}");
}

/// Issue 49: HTML declared 7bit that is visibly quoted-printable
/// (SpamAssassin spam/006: `src=3D"http://..."`, soft line breaks) is
/// decoded as quoted-printable, with a warning; its links and images
/// are read as a mail reader shows them.
#[test]
fn html_declared_7bit_but_quoted_printable() {
    let spam = fixture("mail/archives/spamassassin-006-undeclared-qp.eml");
    let out = urilint(&["extract", "--input-format", "mail", &spam]);
    let found = String::from_utf8_lossy(&out.stdout);
    let warned = String::from_utf8_lossy(&out.stderr);
    for uri in [
        "http://211.154.134.27/Z/teeth/header.jpg",
        "http://211.154.134.27/Z/teeth/index.html?cid=1000&mid=3000",
        "http://61.172.250.143/remove/remove1.html",
        "mailto:solutions@runsaa.com?Subject=Abuse%20Report",
    ] {
        assert!(found.lines().any(|l| l == uri), "{uri} in {found}");
    }
    assert!(!found.contains("3D"), "{found}");
    assert!(
        warned.contains("part 0: HTML not declared quoted-printable"),
        "{warned}"
    );
}

/// Issue 49: Exchange's `Content-class: urn:content-classes:message`
/// names the kind of item, an identifier: not read (as `Thread-Index`
/// and `Message-ID` are not), while `Archived-At` still is.
#[test]
fn content_class_is_no_link() {
    let lkml = fixture("mail/archives/notmuch-lkml-content-class.eml");
    let out = urilint(&["extract", "--input-format", "mail", &lkml]);
    let found = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        found.lines().collect::<Vec<_>>(),
        ["http://permalink.gmane.org/gmane.linux.kernel/1017995"],
        "{found}"
    );
    let all = urilint(&[
        "extract",
        "--input-format",
        "mail",
        "--include-identifiers",
        &lkml,
    ]);
    assert!(!String::from_utf8_lossy(&all.stdout).contains("urn:content-classes"));
}

/// The `(uri, role, field)` of the records `extract --format jsonl`
/// gives of `path`, read as mail.
fn uris_roles_fields(path: &str) -> Vec<(String, String, String)> {
    records(&[
        "extract",
        "--format",
        "jsonl",
        "--input-format",
        "mail",
        path,
    ])
    .iter()
    .map(|r| {
        let s = |k: &str| r[k].as_str().unwrap_or_default().to_string();
        (s("uri"), s("role"), s("field"))
    })
    .collect()
}

/// Issue 49: HTML mail read as a mail reader shows it (fixtures cut from
/// phishing_pot, fixtures/mail/archives/README.md): a link's text split
/// into styled `<span>`s is one URI; a raw `"` left in an `img src` is
/// `%22`, as a browser requests it; a button only in Outlook's
/// `<!--[if mso]>` markup is a link; CSS `url()` of a style attribute and
/// of `<style>` are resources.
#[test]
fn html_mail_as_a_mail_reader_shows_it() {
    let spans = uris_roles_fields(&fixture("mail/archives/phishing-pot-340-spans.eml"));
    assert!(
        spans.iter().any(|(u, role, field)| u
            == "https://verification.metamask.io/KYC?id=000#64841111326"
            && role == "link"
            && field.is_empty()),
        "{spans:?}"
    );
    assert!(
        !spans.iter().any(|(u, _, _)| u == "https://verification."),
        "{spans:?}"
    );
    let quote = uris_roles_fields(&fixture("mail/archives/phishing-pot-5851-img-quote.eml"));
    assert!(
        quote.contains(&(
            "https://lh3.googleusercontent.com/d/1LydQUGkq2Tyz40S6L1YU601oOSHfYhCs%22".to_string(),
            "resource".to_string(),
            "img@src".to_string()
        )),
        "{quote:?}"
    );
    let mso = uris_roles_fields(&fixture("mail/archives/phishing-pot-1825-mso.eml"));
    let button = "http://getlevsgt.online/K1ZXU08xT0U1bGhDQnowTytUMmtCbUswNDBrWHRNdlMyYldPSXp3dkROWUpvTi9WS0pHa3hwcThjRS9WK1Exa3o0dU12Z1VuV1ZIWGV1SW93dlRObmc9PQ__";
    assert!(
        mso.contains(&(
            button.to_string(),
            "link".to_string(),
            "v:roundrect@href".to_string()
        )),
        "{mso:?}"
    );
    assert!(
        mso.contains(&(button.to_string(), "link".to_string(), "a@href".to_string())),
        "{mso:?}"
    );
    // Its namespace names are identifiers, out by default.
    assert!(
        !mso.iter().any(|(u, _, _)| u.starts_with("urn:")),
        "{mso:?}"
    );
    let attribute = uris_roles_fields(&fixture(
        "mail/archives/phishing-pot-7024-style-attribute.eml",
    ));
    assert_eq!(
        attribute,
        [(
            "http://riddlesfishinglodge.com/track/3Nugob3846JHmu2054mgyvodhhhb4488QLTTETYBYMDCKJX204TMPD231584Z15".to_string(),
            "resource".to_string(),
            "div@style".to_string()
        )]
    );
    let style = uris_roles_fields(&fixture("mail/archives/phishing-pot-5313-style.eml"));
    assert_eq!(
        style,
        [
            (
                "https://cdn.blablacar.com/kairos/assets/build/fonts/GT-Eesti-Pro-Display-Regular.woff".to_string(),
                "resource".to_string(),
                "style@url".to_string()
            ),
            (
                "https://cdn.blablacar.com/kairos/assets/build/fonts/GT-Eesti-Pro-Display-Medium.woff".to_string(),
                "resource".to_string(),
                "style@url".to_string()
            )
        ]
    );
}

/// Issue 49: a Gerrit URL wrapped after `docs/+` under a reply prefix
/// (`>/27804] merged ...`, a real OpenBMC reply) is joined, and said to
/// be a reading (`broken`), as other hard-wrapped URIs are.
#[test]
fn quoted_url_wrapped_after_a_plus_is_joined() {
    let path = fixture("mail/openbmc-gerrit-quoted-wrap.eml");
    let recs = records(&[
        "extract",
        "--format",
        "jsonl",
        "--input-format",
        "mail",
        &path,
    ]);
    let got: Vec<(&str, bool)> = recs
        .iter()
        .map(|r| {
            (
                r["uri"].as_str().unwrap_or_default(),
                r["broken"].as_bool().unwrap_or(false),
            )
        })
        .collect();
    assert_eq!(
        got,
        [(
            "https://gerrit.openbmc-project.xyz/c/openbmc/docs/+/27804",
            true
        )]
    );
}

/// Issue 49: a mailbox message whose `From ` line follows the close
/// delimiter of the previous message's multipart, with no empty line
/// (sisimai's rhost-cox-01.eml, cut: a bounce, then the bounce of that
/// bounce), is a message of its own: its URI is read, in message 1.
#[test]
fn separator_right_after_a_close_delimiter_starts_a_message() {
    let path = fixture("mail/archives/sisimai-rhost-cox-01-glued.mbox");
    let recs = records(&["extract", "--format", "jsonl", &path]);
    let got: Vec<(u64, u64, &str)> = recs
        .iter()
        .map(|r| {
            (
                r["message"].as_u64().unwrap_or(99),
                r["line"].as_u64().unwrap_or(0),
                r["uri"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    let url = "https://www.cox.com/residential/support/email-error-codes.html";
    assert_eq!(got, [(0, 35, url), (1, 64, url)]);
}

/// Issue 49: identifiers as a browser's tokenizer reads them (fixtures
/// cut from phishing_pot, fixtures/mail/archives/README.md): a doctype
/// whose system identifier lost its opening quote is bogus and names
/// none (sample-1041); a namespace name is the whole `xmlns` value, so
/// quoted-printable an HTML parser mangled (`xmlns:o="3D&quot;urn:sch=`,
/// sample-353) names no `urn:schemas-microsoft-com:office:of=`.
#[test]
fn identifiers_as_a_browser_reads_them() {
    let identifiers = |name: &str| -> Vec<(String, String)> {
        let path = fixture(name);
        records(&[
            "extract",
            "--format",
            "jsonl",
            "--include-identifiers",
            "--input-format",
            "mail",
            &path,
        ])
        .iter()
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or_default().to_string();
            (s("uri"), s("field"))
        })
        .collect()
    };
    assert_eq!(
        identifiers("mail/archives/phishing-pot-1041-doctype.eml"),
        [(
            "http://www.w3.org/1999/xhtml".to_string(),
            "html@xmlns".to_string()
        )]
    );
    assert_eq!(identifiers("mail/archives/phishing-pot-353-xmlns.eml"), []);
}

/// Issue 49: a part with two `Content-Type` fields is read with the
/// first, as Python's `email`, JavaMail and MIME-tools read it
/// (mail-parser takes the last): mail-parser's `malformed/020.eml`
/// declares `multipart/alternative` then `text/plain`, and its body holds
/// the alternative's delimiter lines and an HTML part whose image is
/// `cid:part1`.
#[test]
fn first_of_two_content_types_is_read() {
    let eml = fixture("mail/archives/mail-parser-malformed-020.eml");
    let out = urilint(&[
        "extract",
        "--format",
        "jsonl",
        "--input-format",
        "mail",
        &eml,
    ]);
    let found = String::from_utf8_lossy(&out.stdout);
    let warned = String::from_utf8_lossy(&out.stderr);
    let records: Vec<&str> = found.lines().collect();
    assert_eq!(records.len(), 1, "{found}");
    for field in [
        r#""uri":"cid:part1""#,
        r#""role":"resource""#,
        r#""part":{"index":"2","content_type":"text/html"}"#,
        r#""field":"img@src""#,
    ] {
        assert!(records[0].contains(field), "{field} in {found}");
    }
    assert!(
        warned.contains(
            r#"part 1: multipart without its closing boundary "--------------alternative--""#
        ),
        "{warned}"
    );
}
