//! `urilint rewrite` on documents read through their format (issue 13
//! section 5): Markdown link destinations, reference definitions and
//! autolinks, HTML `href`/`src` (and the other URIs `extract` gives) are
//! rewritten at their bytes in the file, code is left alone, and a URI
//! written with entities or escapes gets a new one that reads back as the
//! mapping says. Expected files were checked by hand.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::cargo_bin("urilint")
        .expect("the urilint binary is built")
        .current_dir(dir)
        .args(args)
        .output()
        .expect("urilint runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A temporary copy of `fixtures/rewrite/{names}`.
fn copies(names: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in names {
        fs::copy(
            root().join("fixtures/rewrite").join(name),
            dir.path().join(name),
        )
        .expect("copy");
    }
    dir
}

fn extract(dir: &Path, names: &[&str]) -> Vec<String> {
    let mut args = vec!["extract"];
    args.extend_from_slice(names);
    let out = run_in(dir, &args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout).lines().map(str::to_string).collect()
}

#[test]
fn markdown_and_html_are_rewritten_where_their_links_are() {
    let names = ["doc.md", "page.html"];
    let dir = copies(&names);
    let out = run_in(
        dir.path(),
        &[
            "rewrite",
            "--map",
            "http://old.example/=https://new.example/",
            "doc.md",
            "page.html",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    for name in names {
        let got = fs::read(dir.path().join(name)).expect("read");
        let want =
            fs::read(root().join(format!("fixtures/rewrite/{name}.expected"))).expect("read");
        assert_eq!(text(&got), text(&want), "{name}");
    }
    // The code block, the code span and the link title kept the old URIs.
    let doc = fs::read_to_string(dir.path().join("doc.md")).expect("read");
    for kept in [
        "curl http://old.example/in-code",
        "`http://old.example/span`",
        "\"Title http://old.example/title\"",
    ] {
        assert!(doc.contains(kept), "{kept}");
    }
    // Nothing is left to rewrite.
    let again = run_in(
        dir.path(),
        &[
            "rewrite",
            "--dry-run",
            "--map",
            "http://old.example/=https://new.example/",
            "doc.md",
            "page.html",
        ],
    );
    assert_eq!(text(&again.stdout), "");
}

/// Whatever the mapping writes (`&`, parentheses), the document reads back
/// as the mapping says: every URI extracted after the rewrite is the
/// mapping of the one extracted before.
#[test]
fn rewritten_documents_read_back_as_mapped() {
    let names = ["doc.md", "page.html"];
    let dir = copies(&names);
    let before = extract(dir.path(), &names);
    let out = run_in(
        dir.path(),
        &[
            "rewrite",
            "--map-regex",
            r"^http://old\.example/(.*)$=https://n.example/$1&z=(1)",
            "doc.md",
            "page.html",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let after = extract(dir.path(), &names);
    let mapped: Vec<String> = before
        .iter()
        .map(|u| match u.strip_prefix("http://old.example/") {
            Some(rest) => format!("https://n.example/{rest}&z=(1)"),
            None => u.clone(),
        })
        .collect();
    assert_eq!(after, mapped);
    // In HTML the new '&' is a character reference; in a Markdown
    // destination that had one too, and the parentheses are escaped.
    let html = fs::read_to_string(dir.path().join("page.html")).expect("read");
    assert!(
        html.contains("src='https://n.example/i.png&amp;z=(1)'"),
        "{html}"
    );
    let doc = fs::read_to_string(dir.path().join("doc.md")).expect("read");
    assert!(
        doc.contains("(https://n.example/guide?a=1&amp;b=2&amp;z=\\(1\\))"),
        "{doc}"
    );
    // An autolink reads neither escapes nor entities: written as it reads.
    assert!(doc.contains("<https://n.example/auto&z=(1)>"), "{doc}");
}

/// `--include-code` reads code, but code is never written (issue 25: an
/// example is the author's text): its URIs are said not rewritten.
#[test]
fn include_code_never_rewrites_code() {
    let dir = copies(&["doc.md"]);
    let out = run_in(
        dir.path(),
        &[
            "rewrite",
            "--include-code",
            "--map",
            "http://old.example/=https://new.example/",
            "doc.md",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let doc = fs::read_to_string(dir.path().join("doc.md")).expect("read");
    assert!(doc.contains("curl http://old.example/in-code"), "{doc}");
    assert!(doc.contains("`http://old.example/span`"), "{doc}");
    assert!(
        text(&out.stderr).contains("not rewritten: they are in code"),
        "{}",
        text(&out.stderr)
    );
}

/// A link whose text is its own destination (`[https://x](https://x)`),
/// given once by the reader, is rewritten whole: text and destination
/// (found by tests/it/write_structure.rs on float-cmp's README).
#[test]
fn link_text_that_is_its_destination_is_rewritten_too() {
    let dir = tempfile::tempdir().expect("tempdir");
    let doc = dir.path().join("r.md");
    fs::write(
        &doc,
        "See [http://old.example/a](http://old.example/a) and [other](http://old.example/b).\n",
    )
    .expect("write");
    let out = run_in(
        dir.path(),
        &[
            "rewrite",
            "--map",
            "http://old.example/=https://new.example/",
            "r.md",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        fs::read_to_string(&doc).expect("read"),
        "See [https://new.example/a](https://new.example/a) and [other](https://new.example/b).\n"
    );
}

/// L10 of the 2026-11-29 review: `rewrite` wrote a bare URI ending in
/// GFM trailing punctuation into Markdown prose (`http://b.org/a*b*c_d_`,
/// which GFM's autolink literals link as `http://b.org/a*b*c_d`). Such a
/// URI is written as an autolink `<...>`; one that GFM links whole stays
/// bare, a link destination stays as it is, link text too (a link may
/// hold no link), and a plain-text file is not Markdown.
#[test]
fn bare_uris_ending_in_gfm_punctuation_become_autolinks() {
    let dir = tempfile::tempdir().expect("tempdir");
    let doc =
        "See http://a.org/x here.\n\nAnd http://a.org/y.\n\n[t](http://a.org/x) <http://a.org/x>\n\n[see http://a.org/x](http://c.org/) ![http://a.org/x](i.png)\n";
    fs::write(dir.path().join("doc.md"), doc).expect("write");
    fs::write(dir.path().join("doc.txt"), "See http://a.org/x here.\n").expect("write");
    let out = run_in(
        dir.path(),
        &[
            "rewrite",
            "--map",
            "http://a.org/x=http://b.org/a*b*c_d_",
            "--map",
            "http://a.org/y=http://b.org/y",
            "doc.md",
            "doc.txt",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let got = fs::read_to_string(dir.path().join("doc.md")).expect("read");
    assert_eq!(
        got,
        "See <http://b.org/a*b*c_d_> here.\n\nAnd http://b.org/y.\n\n[t](http://b.org/a*b*c_d_) <http://b.org/a*b*c_d_>\n\n[see http://b.org/a*b*c_d_](http://c.org/) ![http://b.org/a*b*c_d_](i.png)\n"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("doc.txt")).expect("read"),
        "See http://b.org/a*b*c_d_ here.\n"
    );
    // Read back, every URI of the prose and the destinations is the one
    // mapped, whole (in link text, `*b*` is emphasis, as before).
    let found = extract(dir.path(), &["doc.md"]);
    assert_eq!(
        found[..4],
        [
            "http://b.org/a*b*c_d_",
            "http://b.org/y",
            "http://b.org/a*b*c_d_",
            "http://b.org/a*b*c_d_",
        ]
    );
    // A new URI that cannot be an autolink (a space) is not written.
    fs::write(dir.path().join("sp.md"), "See http://a.org/x here.\n").expect("write");
    let out = run_in(
        dir.path(),
        &[
            "rewrite",
            "--map",
            "http://a.org/x=http://b.org/a b_",
            "sp.md",
        ],
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("sp.md")).expect("read"),
        "See http://a.org/x here.\n",
        "{}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stderr).contains("1 URI not rewritten")
            && text(&out.stderr).contains("cannot be written as an autolink"),
        "{}",
        text(&out.stderr)
    );
}
