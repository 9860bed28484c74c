//! `check --links site --site-dir DIR` (issue 26): the links and ids of a
//! built site, each broken one reported on the source line that made it,
//! or once on the built page when no source line did. fixtures/built/
//! holds a small mdBook book and the pages mdBook 0.5.4 built from it
//! (sources named in fixtures/built/README.md); where mdBook is installed
//! (.ci/run installs it) the book is built again and must give the same
//! pages and the same findings.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn urilint_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run urilint: {e}"))
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn expected() -> String {
    std::fs::read_to_string(root().join("fixtures/built/mdbook.expected"))
        .unwrap_or_else(|e| panic!("mdbook.expected: {e}"))
}

fn check_book(dir: &Path, sources: &str, site: &str) -> String {
    let out = urilint_in(
        dir,
        &[
            "check",
            "--isolated",
            "--links",
            "site",
            "--site-dir",
            site,
            "--format",
            "plain",
            sources,
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The committed pages: findings on the source lines that made them (a
/// link to README.md that mdBook rewrites to README.html, a page
/// SUMMARY.md does not list, missing anchors), and the theme's broken
/// link once, on the built page, with the number of pages carrying it.
#[test]
fn committed_pages() {
    let got = check_book(
        root(),
        "fixtures/built/mdbook",
        "fixtures/built/mdbook-book",
    );
    assert_eq!(got, expected());
    let codes: Vec<String> = got
        .lines()
        .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(
        codes,
        [
            "fixtures/built/mdbook/src/guide/links.md:4:11: L001",
            "fixtures/built/mdbook/src/guide/links.md:7:13: L001",
            "fixtures/built/mdbook/src/guide/links.md:8:12: L002",
            "fixtures/built/mdbook/src/guide/links.md:9:14: L001",
            "fixtures/built/mdbook/src/guide/links.md:10:10: L002",
            "fixtures/built/mdbook-book/404.html:10:10: L001",
        ]
    );
    // Each finding on a source line is on a line that says "is broken".
    let links = std::fs::read_to_string(root().join("fixtures/built/mdbook/src/guide/links.md"))
        .unwrap_or_else(|e| panic!("{e}"));
    for l in got.lines().filter(|l| l.contains("links.md:")) {
        let n: usize = l
            .split(':')
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        let line = links.lines().nth(n - 1).unwrap_or_default();
        assert!(line.contains("is broken"), "{l}: {line}");
    }
    // The theme's link is on the built page, at the attribute's value.
    let page = std::fs::read_to_string(root().join("fixtures/built/mdbook-book/404.html"))
        .unwrap_or_else(|e| panic!("{e}"));
    let line10 = page.lines().nth(9).unwrap_or_default();
    assert_eq!(&line10[9..23], "changelog.html", "{line10}");
    assert!(got.contains("6 pages carry it"), "{got}");
}

/// --select and JSON Lines work as for any finding.
#[test]
fn select_and_json_lines() {
    let out = urilint_in(
        root(),
        &[
            "check",
            "--isolated",
            "--links",
            "site",
            "--site-dir",
            "fixtures/built/mdbook-book",
            "--select",
            "L002",
            "--format",
            "jsonl",
            "fixtures/built/mdbook",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    let at: Vec<(String, u64, String)> = records
        .iter()
        .map(|r| {
            (
                r["path"].as_str().unwrap_or_default().to_string(),
                r["line"].as_u64().unwrap_or_default(),
                r["code"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert_eq!(
        at,
        [
            (
                "fixtures/built/mdbook/src/guide/links.md".to_string(),
                8,
                "L002".to_string()
            ),
            (
                "fixtures/built/mdbook/src/guide/links.md".to_string(),
                10,
                "L002".to_string()
            ),
        ],
        "{text}"
    );
}

#[test]
fn flags_go_together() {
    let out = urilint_in(
        root(),
        &["check", "--links", "site", "fixtures/built/mdbook"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--site-dir"));
    let out = urilint_in(
        root(),
        &[
            "check",
            "--site-dir",
            "fixtures/built/mdbook-book",
            "fixtures/built/mdbook",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--links site"));
    let out = urilint_in(
        root(),
        &[
            "check",
            "--links",
            "site",
            "--site-dir",
            "fixtures/built/nowhere",
            "fixtures/built/mdbook",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("fixtures/built/nowhere"));
}

/// mdBook from PATH, else where .ci/run installs it.
fn mdbook() -> Option<PathBuf> {
    let candidates = [
        PathBuf::from("mdbook"),
        std::env::var_os("HOME")
            .map(|h| PathBuf::from(h).join(".cache/urilint-ci/mdbook/bin/mdbook"))
            .unwrap_or_default(),
    ];
    candidates.into_iter().find(|c| {
        Command::new(c)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success() && o.stdout.starts_with(b"mdbook v0.5"))
    })
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("{e}"));
    for e in std::fs::read_dir(from).unwrap_or_else(|e| panic!("{e}")) {
        let e = e.unwrap_or_else(|e| panic!("{e}"));
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

/// The book built by the real mdBook: the committed pages are its output,
/// and the findings are the same.
#[test]
fn built_by_mdbook() {
    let Some(mdbook) = mdbook() else {
        crate::support::skip("mdbook 0.5 is not installed (.ci/run installs it)");
        return;
    };
    let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let book = t.path().join("fixtures/built/mdbook");
    copy_tree(&root().join("fixtures/built/mdbook"), &book);
    let out = Command::new(&mdbook)
        .arg("build")
        .arg("-d")
        .arg("../mdbook-book")
        .current_dir(&book)
        .output()
        .unwrap_or_else(|e| panic!("mdbook: {e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let built = t.path().join("fixtures/built/mdbook-book");
    for page in [
        "404.html",
        "index.html",
        "print.html",
        "guide/links.html",
        "guide/reading.html",
        "format/markdown.html",
    ] {
        let real = std::fs::read(built.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
        let kept = std::fs::read(root().join("fixtures/built/mdbook-book").join(page))
            .unwrap_or_else(|e| panic!("{page}: {e}"));
        assert!(real == kept, "{page} is not mdBook's output");
    }
    let got = check_book(
        t.path(),
        "fixtures/built/mdbook",
        "fixtures/built/mdbook-book",
    );
    assert_eq!(got, expected());
}

/// `[links] check = ["site"]` and `site-dir` in urilint.toml turn the
/// check on without flags; an `urilint: ignore[L001]` marker in a built
/// page suppresses the finding reported there.
#[test]
fn configuration_and_markers() {
    let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    copy_tree(
        &root().join("fixtures/built/mdbook"),
        &t.path().join("mdbook"),
    );
    copy_tree(
        &root().join("fixtures/built/mdbook-book"),
        &t.path().join("mdbook-book"),
    );
    std::fs::write(
        t.path().join("urilint.toml"),
        "[links]\ncheck = [\"site\"]\nsite-dir = \"mdbook-book\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = urilint_in(t.path(), &["check", "--format", "plain", "mdbook"]);
    let got = String::from_utf8_lossy(&out.stdout);
    let want = expected().replace("fixtures/built/", "");
    assert_eq!(got, want, "{}", String::from_utf8_lossy(&out.stderr));
    // The marker on the line before the theme's link.
    let page = t.path().join("mdbook-book/404.html");
    let text = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{e}"));
    let marked = text.replacen(
        "<a href=\"changelog.html\">",
        "<!-- urilint: ignore[L001] -->\n<a href=\"changelog.html\">",
        1,
    );
    std::fs::write(&page, marked).unwrap_or_else(|e| panic!("{e}"));
    let out = urilint_in(t.path(), &["check", "--format", "plain", "mdbook"]);
    let got = String::from_utf8_lossy(&out.stdout);
    let kept: String = want
        .lines()
        .filter(|l| !l.contains("changelog.html"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(got, kept);
}

/// `--diff` prints diffs only: no finding of the built site in it.
#[test]
fn diff_prints_no_finding() {
    let out = urilint_in(
        root(),
        &[
            "check",
            "--isolated",
            "--links",
            "site",
            "--site-dir",
            "fixtures/built/mdbook-book",
            "--diff",
            "fixtures/built/mdbook",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
}

/// A source not among the paths checked: its page's broken links are
/// reported on the built page, saying that its source was not checked.
#[test]
fn source_not_checked() {
    let out = urilint_in(
        root(),
        &[
            "check",
            "--isolated",
            "--links",
            "site",
            "--site-dir",
            "fixtures/built/mdbook-book",
            "--format",
            "plain",
            "fixtures/built/mdbook/src/format",
        ],
    );
    let got = String::from_utf8_lossy(&out.stdout);
    let on_page: Vec<&str> = got
        .lines()
        .filter(|l| l.starts_with("fixtures/built/mdbook-book/guide/links.html:"))
        .collect();
    assert_eq!(on_page.len(), 5, "{got}");
    assert!(
        on_page
            .iter()
            .all(|l| l
                .contains("its source fixtures/built/mdbook/src/guide/links.md was not checked")),
        "{got}"
    );
    // Nothing is reported on a source line: no source with them was read.
    assert!(
        !got.lines()
            .any(|l| l.starts_with("fixtures/built/mdbook/src/")),
        "{got}"
    );
}
