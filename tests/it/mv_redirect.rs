//! `urilint mv --redirect` (issue 51): per generator, a temporary site,
//! a move, and the exact content of the files after it: Hugo `aliases`
//! (YAML and TOML front matter, a page without), Jekyll `redirect_from`
//! (only with `jekyll-redirect-from`), MkDocs `nav` and `redirect_maps`
//! (values rewritten, an entry added; flow style left alone), mdBook
//! `[output.html.redirect]` (values rewritten, entries added, the table
//! made), Docusaurus (named, never edited). Where the generator is
//! installed (`mkdocs` with mkdocs-redirects, `hugo`, `mdbook`), the site
//! is built after the move and the old URL's page must send the browser
//! to the new one; without it the build part is skipped with a message
//! (a failure under `URILINT_TEST_STRICT=1`).
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A new directory holding `files` (path, content).
fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    for (path, text) in files {
        let p = dir.path().join(path);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(&p, text).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    dir
}

fn urilint(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("urilint: {e}"))
}

fn read(dir: &Path, path: &str) -> String {
    std::fs::read_to_string(dir.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The tool `name`: the path in the environment variable `var`, else
/// `name` on `PATH`; `None` (skipped, with why) when `name version` does
/// not run (`hugo version`; `--version` for the others).
fn tool(var: &str, name: &str) -> Option<PathBuf> {
    let path = std::env::var_os(var).map_or_else(|| PathBuf::from(name), PathBuf::from);
    let runs = Command::new(&path)
        .arg(if name == "hugo" {
            "version"
        } else {
            "--version"
        })
        .output()
        .is_ok_and(|o| o.status.success());
    if !runs {
        crate::support::skip(format!(
            "{name} is not installed (set {var} or put it on PATH): the built site is not checked"
        ));
        return None;
    }
    Some(path)
}

/// Runs `tool` in `dir` with `args` and asserts it succeeds.
fn build(tool: &Path, dir: &Path, args: &[&str]) {
    let out = Command::new(tool)
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", tool.display()));
    assert!(
        out.status.success(),
        "{} {args:?}: {}{}",
        tool.display(),
        String::from_utf8_lossy(&out.stdout),
        stderr(&out)
    );
}

#[test]
fn mkdocs_nav_redirect_maps_and_a_new_redirect() {
    let config = "site_name: X\nnav:\n  - Home: index.md\n  - Setup: setup.md   # the setup\n  - Guide:\n    - 'guide/a.md'\nplugins:\n  - search\n  - redirects:\n      redirect_maps:\n        'old.md': 'setup.md#install'\n        'older.md': 'guide/a.md'\n";
    let dir = tree(&[
        ("mkdocs.yml", config),
        ("docs/index.md", "# Home\n\n[Setup](setup.md)\n"),
        ("docs/setup.md", "# Setup\n\n## Install\n"),
        ("docs/guide/a.md", "# A\n"),
    ]);
    let d = dir.path();
    // --dry-run shows the redirect and counts it; nothing changes.
    let dry = urilint(
        d,
        &[
            "mv",
            "--dry-run",
            "--redirect",
            "docs/setup.md",
            "docs/guide/",
        ],
    );
    assert_eq!(dry.status.code(), Some(0), "{}", stderr(&dry));
    let shown = String::from_utf8_lossy(&dry.stdout);
    assert!(
        shown.contains("mkdocs.yml:4: setup.md -> guide/setup.md\n")
            && shown.contains("mkdocs.yml:11: setup.md#install -> guide/setup.md#install\n")
            && shown
                .contains("mkdocs.yml:13: redirect setup.md -> guide/setup.md (redirect_maps)\n"),
        "{shown}"
    );
    assert!(
        stderr(&dry).contains("3 links rewritten in 2 files, 1 redirect recorded, 0 left alone"),
        "{}",
        stderr(&dry)
    );
    assert_eq!(read(d, "mkdocs.yml"), config);
    let diff = urilint(
        d,
        &["mv", "--diff", "--redirect", "docs/setup.md", "docs/guide/"],
    );
    assert!(
        String::from_utf8_lossy(&diff.stdout).contains("+        'setup.md': 'guide/setup.md'\n"),
        "{}",
        String::from_utf8_lossy(&diff.stdout)
    );
    let out = urilint(d, &["mv", "--redirect", "docs/setup.md", "docs/guide/"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        read(d, "mkdocs.yml"),
        "site_name: X\nnav:\n  - Home: index.md\n  - Setup: guide/setup.md   # the setup\n  - Guide:\n    - 'guide/a.md'\nplugins:\n  - search\n  - redirects:\n      redirect_maps:\n        'old.md': 'guide/setup.md#install'\n        'older.md': 'guide/a.md'\n        'setup.md': 'guide/setup.md'\n"
    );
    assert_eq!(
        read(d, "docs/index.md"),
        "# Home\n\n[Setup](guide/setup.md)\n"
    );
    let Some(mkdocs) = tool("URILINT_TEST_MKDOCS", "mkdocs") else {
        return;
    };
    build(&mkdocs, d, &["build", "--strict", "-q", "-d", "site"]);
    let stub = read(d, "site/setup/index.html");
    assert!(stub.contains("../guide/setup/"), "{stub}");
    let old = read(d, "site/old/index.html");
    assert!(old.contains("../guide/setup/#install"), "{old}");
    assert!(d.join("site/guide/setup/index.html").is_file());
}

#[test]
fn mkdocs_without_the_plugin_or_in_flow_style_is_left_alone() {
    let config = "site_name: X\nnav: [index.md, setup.md]\n";
    let dir = tree(&[
        ("mkdocs.yml", config),
        ("docs/index.md", "# Home\n"),
        ("docs/setup.md", "# Setup\n"),
    ]);
    let d = dir.path();
    let out = urilint(d, &["mv", "--redirect", "docs/setup.md", "docs/install.md"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("left alone: setup.md: a `nav` entry in flow style")
            && err.contains("write `install.md`")
            && err.contains(
                "the `redirects` plugin (mkdocs-redirects) is not in mkdocs.yml `plugins`"
            )
            && err.contains("'setup.md': 'install.md'"),
        "{err}"
    );
    assert_eq!(read(d, "mkdocs.yml"), config);
    assert!(d.join("docs/install.md").is_file());
}

#[test]
fn hugo_aliases_in_yaml_and_toml_front_matter() {
    let dir = tree(&[
        ("hugo.toml", "title = \"x\"\nbaseURL = \"https://example.org/\"\ndisableKinds = [\"taxonomy\", \"term\", \"RSS\", \"sitemap\"]\n"),
        ("content/a/x.md", "---\ntitle: X\naliases:\n  - /very-old/\n---\n# X\n"),
        ("content/a/y.md", "+++\ntitle = \"Y\"\n[params]\nk = 1\n+++\n# Y\n"),
        ("content/a/z.md", "# Z\n"),
        ("content/b/_index.md", "---\ntitle: B\n---\n"),
        ("layouts/_default/single.html", "{{ .Content }}"),
        ("layouts/_default/list.html", "{{ .Content }}"),
    ]);
    let d = dir.path();
    let out = urilint(
        d,
        &[
            "mv",
            "--redirect",
            "content/a/x.md",
            "content/a/y.md",
            "content/a/z.md",
            "content/b/",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("3 redirects recorded"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        read(d, "content/b/x.md"),
        "---\ntitle: X\naliases:\n  - /very-old/\n  - /a/x/\n---\n# X\n"
    );
    assert_eq!(
        read(d, "content/b/y.md"),
        "+++\naliases = [\"/a/y/\"]\ntitle = \"Y\"\n[params]\nk = 1\n+++\n# Y\n"
    );
    assert_eq!(
        read(d, "content/b/z.md"),
        "---\naliases:\n  - /a/z/\n---\n# Z\n"
    );
    let Some(hugo) = tool("URILINT_TEST_HUGO", "hugo") else {
        return;
    };
    build(&hugo, d, &["--quiet", "-d", "public"]);
    for page in ["x", "y", "z"] {
        let stub = read(d, &format!("public/a/{page}/index.html"));
        assert!(
            stub.contains(&format!("https://example.org/b/{page}/")),
            "{page}: {stub}"
        );
        assert!(d.join(format!("public/b/{page}/index.html")).is_file());
    }
}

#[test]
fn jekyll_redirect_from_only_with_the_plugin() {
    let page = "---\ntitle: P\n---\n# P\n";
    let dir = tree(&[
        ("_config.yml", "title: x\nplugins:\n  - jekyll-feed\n"),
        ("page.md", page),
        ("sub/other.md", "---\ntitle: O\n---\n"),
    ]);
    let d = dir.path();
    let out = urilint(d, &["mv", "--redirect", "page.md", "sub/"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("jekyll-redirect-from is not among the site's plugins"),
        "{}",
        stderr(&out)
    );
    assert_eq!(read(d, "sub/page.md"), page);
    // With the plugin (in _config.yml, or the Gemfile's plugins group).
    let dir = tree(&[
        (
            "_config.yml",
            "title: x\nplugins:\n  - jekyll-redirect-from\n",
        ),
        (
            "page.md",
            "---\ntitle: P\nredirect_from: [/older.html]\n---\n# P\n",
        ),
        ("sub/other.md", "---\ntitle: O\n---\n"),
    ]);
    let d = dir.path();
    let out = urilint(d, &["mv", "--redirect", "page.md", "sub/"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        read(d, "sub/page.md"),
        "---\ntitle: P\nredirect_from: [/older.html, /page.html]\n---\n# P\n"
    );
    let dir = tree(&[
        ("_config.yml", "title: x\n"),
        ("Gemfile", "source \"https://rubygems.org\"\ngroup :jekyll_plugins do\n  gem \"jekyll-redirect-from\"\nend\n"),
        ("page.md", page),
        ("sub/other.md", "---\ntitle: O\n---\n"),
    ]);
    let d = dir.path();
    let out = urilint(d, &["mv", "--redirect", "page.md", "sub/"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        read(d, "sub/page.md"),
        "---\ntitle: P\nredirect_from:\n  - /page.html\n---\n# P\n"
    );
}

#[test]
fn mdbook_redirect_table() {
    let dir = tree(&[
        ("book.toml", "[book]\ntitle = \"b\"\n\n[output.html.redirect]\n\"/old-vec.html\" = \"vec.html#top\"\n\"/ext.html\" = \"https://example.org/\"\n\n[output.html.search]\nenable = false\n"),
        ("src/SUMMARY.md", "# Summary\n\n- [Vec](vec.md)\n- [Arc](arc.md)\n"),
        ("src/vec.md", "# Vec\n\n## Top\n"),
        ("src/arc.md", "# Arc\n"),
        ("src/vec/README.md", "# Vecs\n"),
    ]);
    let d = dir.path();
    let out = urilint(d, &["mv", "--redirect", "src/vec.md", "src/vec/"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        read(d, "book.toml"),
        "[book]\ntitle = \"b\"\n\n[output.html.redirect]\n\"/old-vec.html\" = \"vec/vec.html#top\"\n\"/ext.html\" = \"https://example.org/\"\n\"/vec.html\" = \"vec/vec.html\"\n\n[output.html.search]\nenable = false\n"
    );
    assert_eq!(
        read(d, "src/SUMMARY.md"),
        "# Summary\n\n- [Vec](vec/vec.md)\n- [Arc](arc.md)\n"
    );
    // A book without the table: it is made at the end.
    let dir = tree(&[
        ("book.toml", "[book]\ntitle = \"b\""),
        ("src/SUMMARY.md", "# Summary\n\n- [Arc](arc.md)\n"),
        ("src/arc.md", "# Arc\n"),
    ]);
    let d = dir.path();
    let out = urilint(d, &["mv", "--redirect", "src/arc.md", "src/arc-mutex.md"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        read(d, "book.toml"),
        "[book]\ntitle = \"b\"\n\n[output.html.redirect]\n\"/arc.html\" = \"arc-mutex.html\"\n"
    );
    let Some(mdbook) = tool("URILINT_TEST_MDBOOK", "mdbook") else {
        return;
    };
    build(&mdbook, d, &["build"]);
    let stub = read(d, "book/arc.html");
    assert!(stub.contains("arc-mutex.html"), "{stub}");
    assert!(d.join("book/arc-mutex.html").is_file());
}

#[test]
fn docusaurus_names_the_redirect_to_add() {
    let config = "module.exports = { title: 'x', plugins: [['@docusaurus/plugin-client-redirects', {}]] };\n";
    let dir = tree(&[
        ("docusaurus.config.js", config),
        ("docs/a.md", "# A\n"),
        ("docs/b/c.md", "# C\n"),
    ]);
    let d = dir.path();
    let out = urilint(d, &["mv", "--redirect", "docs/a.md", "docs/b/"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("add { from: '/docs/a', to: '/docs/b/a' } to its `redirects`"),
        "{}",
        stderr(&out)
    );
    assert_eq!(read(d, "docusaurus.config.js"), config);
    assert_eq!(read(d, "docs/b/a.md"), "# A\n");
}
