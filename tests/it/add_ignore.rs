//! `check --add-ignore` must not change what a document says: after it
//! writes its markers into the Markdown fixtures and (when `../shared` is
//! there) every Markdown file of the docs corpus, with every rule on, the
//! documents parse (pulldown-cmark, CommonMark) to the same events once
//! the marker comments are taken out; HTML files keep the same text
//! outside the markers. Findings that got a marker are not reported
//! again.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use pulldown_cmark::{Event, Options, Parser};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The events of `md`, marker comments out, text events merged and
/// trimmed at their ends (a marker is written after a space).
fn events(md: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut text = String::new();
    let flush = |text: &mut String, out: &mut Vec<String>| {
        let t = text.trim_end();
        if !t.is_empty() {
            out.push(format!("Text({t})"));
        }
        text.clear();
    };
    for e in Parser::new_ext(md, Options::all()) {
        match e {
            // (YAML and TOML front matter: a marker is a comment line.)
            Event::Text(t) => {
                for line in t.split_inclusive('\n') {
                    if !line.trim_start().starts_with("# urilint: ignore[") {
                        text.push_str(line);
                    }
                }
            }
            Event::Html(h) | Event::InlineHtml(h) => {
                // Marker comments out (and the space written before one).
                let mut rest = h.to_string();
                while let Some(at) = rest.find("<!-- urilint: ignore") {
                    let end = rest[at..].find("-->").map_or(rest.len(), |e| at + e + 3);
                    rest.replace_range(at..end, "");
                }
                // A marker written inside an existing comment.
                while let Some(at) = rest.find(" urilint: ignore[") {
                    let end = rest[at..].find(']').map_or(rest.len(), |e| at + e + 1);
                    rest.replace_range(at..end, "");
                }
                let rest = rest.trim();
                if !rest.is_empty() {
                    flush(&mut text, &mut out);
                    out.push(format!("Html({rest})"));
                }
            }
            other => {
                flush(&mut text, &mut out);
                out.push(format!("{other:?}"));
            }
        }
    }
    flush(&mut text, &mut out);
    // An HTML block that held only a marker.
    let mut kept: Vec<String> = Vec::with_capacity(out.len());
    for e in out {
        if e == "End(HtmlBlock)" && kept.last().is_some_and(|p| p == "Start(HtmlBlock)") {
            kept.pop();
        } else {
            kept.push(e);
        }
    }
    kept
}

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            markdown_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "md") {
            out.push(p);
        }
    }
}

fn check_tree(files: &[PathBuf]) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut copies = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let Ok(text) = fs::read_to_string(f) else {
            continue;
        };
        let copy = dir.path().join(format!("{i}.md"));
        fs::write(&copy, &text).expect("write");
        copies.push((f.clone(), copy, text));
    }
    let out = Command::cargo_bin("urilint")
        .expect("built")
        .current_dir(dir.path())
        .args([
            "check",
            "--isolated",
            "--select",
            "ALL",
            "--format",
            "plain",
            "--add-ignore",
            ".",
        ])
        .output()
        .expect("runs");
    assert_ne!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut changed = 0;
    for (orig, copy, before) in &copies {
        let after = fs::read_to_string(copy).expect("read");
        if after != *before {
            changed += 1;
        }
        let (b, a) = (events(before), events(&after));
        if let Some(i) = (0..b.len().max(a.len())).find(|&i| b.get(i) != a.get(i)) {
            panic!(
                "{}: the document reads differently after --add-ignore, at event {i}:\n  before: {:?}\n  after:  {:?}",
                orig.display(),
                &b[i.saturating_sub(2)..(i + 2).min(b.len())],
                &a[i.saturating_sub(2)..(i + 2).min(a.len())]
            );
        }
    }
    // What was marked is not reported again.
    let again = Command::cargo_bin("urilint")
        .expect("built")
        .current_dir(dir.path())
        .args([
            "check",
            "--isolated",
            "--select",
            "ALL",
            "--format",
            "plain",
            ".",
        ])
        .output()
        .expect("runs");
    assert_eq!(
        String::from_utf8_lossy(&again.stdout),
        String::from_utf8_lossy(&out.stdout),
        "the findings left after --add-ignore are the ones it reported"
    );
    assert!(
        changed > 0,
        "no file got a marker: the test would prove nothing"
    );
}

#[test]
fn markers_leave_the_markdown_fixtures_as_they_read() {
    let mut files = Vec::new();
    markdown_files(&root().join("fixtures"), &mut files);
    check_tree(&files);
}

#[test]
fn markers_leave_the_markdown_corpus_as_it_reads() {
    let corpus = root().join("../shared/corpus/docs");
    if !corpus.is_dir() {
        crate::support::skip("../shared/corpus/docs is not there (a clone without ../shared)");
        return;
    }
    let mut files = Vec::new();
    markdown_files(&corpus, &mut files);
    check_tree(&files);
}

/// L6 of the 2026-11-29 review: `--add-ignore` wrote HTML comments into
/// the `.md` pages of a Docusaurus site, which Docusaurus 3 compiles as
/// MDX (with `markdown.mdx1Compat.comments: false` the site no longer
/// built). A page of the site's docs gets `{/* urilint: ignore[...] */}`,
/// which suppresses the finding on the next `check`; a `.md` outside the
/// site's sources, and every page of a site whose `markdown.format` is
/// `md` or `detect`, or of a Docusaurus 2 site, the HTML comment.
#[test]
fn docusaurus_md_pages_get_mdx_comments() {
    let run = |dir: &Path, args: &[&str]| {
        Command::cargo_bin("urilint")
            .expect("built")
            .current_dir(dir)
            .args(args)
            .output()
            .expect("runs")
    };
    let page = "# Page\n\nSee http://bad%zz.example/ here.\n";
    let mdx = "# Page\n\nSee http://bad%zz.example/ here. {/* urilint: ignore[U002] */}\n";
    let html = "# Page\n\nSee http://bad%zz.example/ here. <!-- urilint: ignore[U002] -->\n";
    for (config, package, want) in [
        (
            "module.exports = { title: 'x', url: 'https://x.example' };",
            None,
            mdx,
        ),
        (
            "export default { markdown: { mermaid: true, format: 'mdx' } };",
            None,
            mdx,
        ),
        (
            "module.exports = { markdown: { format: 'md' } };",
            None,
            html,
        ),
        (
            "module.exports = { markdown: { format: 'detect' } };",
            None,
            html,
        ),
        (
            "module.exports = { title: 'x' };",
            Some(r#"{"dependencies": {"@docusaurus/core": "2.4.3"}}"#),
            html,
        ),
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        fs::create_dir_all(d.join(".git")).expect("mkdir");
        fs::create_dir_all(d.join("docs/guide")).expect("mkdir");
        fs::write(d.join("docusaurus.config.js"), config).expect("write");
        if let Some(p) = package {
            fs::write(d.join("package.json"), p).expect("write");
        }
        fs::write(d.join("docs/guide/b.md"), page).expect("write");
        fs::write(d.join("README.md"), page).expect("write");
        let out = run(d, &["check", "--isolated", "--add-ignore", "."]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{config}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got = fs::read_to_string(d.join("docs/guide/b.md")).expect("read");
        assert_eq!(got, want, "{config}");
        // README.md is no page of the site: CommonMark on GitHub.
        let readme = fs::read_to_string(d.join("README.md")).expect("read");
        assert_eq!(readme, html, "{config}");
        // The markers suppress the findings they were written for.
        let again = run(d, &["check", "--isolated", "--format", "plain", "."]);
        assert_eq!(
            String::from_utf8_lossy(&again.stdout),
            "",
            "{config}: {}",
            String::from_utf8_lossy(&again.stderr)
        );
        assert_eq!(again.status.code(), Some(0), "{config}");
    }
}
