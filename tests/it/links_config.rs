//! urilint.toml's `[links]` table and the `.github/` directory through the
//! binary (issue 26): `check = ["local"]` turns the link check on without a
//! flag and `--links none` off; `root` is `--root-dir` relative to the
//! file; `ignore` globs (file paths and `/` URL paths) are never reported
//! missing; unknown keys and values are errors naming the file, the line
//! and the key. `.github/` is walked (GitHub shows its documents), other
//! hidden directories are not, `.git` never.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::path::Path;
use std::process::{Command, Output};

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

fn urilint(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("urilint: {e}"))
}

fn sorted(o: &Output) -> Vec<String> {
    let mut l: Vec<String> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    l.sort();
    l
}

/// A project whose docs link to pages a generator writes (`/api/`), a
/// root-relative page, a theme file and a real typo.
fn project(config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path();
    // A repository root: the tree links may lead into.
    std::fs::create_dir_all(d.join(".git")).unwrap_or_else(|e| panic!("{e}"));
    write(d, "urilint.toml", config);
    write(
        d,
        "docs/index.md",
        "# Docs\n\n\
         [API](/api/index.html), [guide](/guide.md), [logo](img/logo.svg),\n\
         [typo](gide.md).\n",
    );
    write(d, "docs/guide.md", "# Guide\n");
    dir
}

#[test]
fn the_links_table_turns_the_check_on() {
    let p = project(
        "[links]\ncheck = [\"local\"]\nroot = \"docs\"\nsite = \"mkdocs\"\n\
         renderer = \"python-markdown\"\nignore = [\"/api/**\", \"docs/img/*.svg\"]\n",
    );
    let out = urilint(p.path(), &["check", "--format", "plain", "docs"]);
    assert_eq!(
        sorted(&out),
        ["docs/index.md:4:8: L001 links to docs/gide.md, which does not exist; did you mean guide.md?"],
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1));
    // The flag overrides the file.
    let out = urilint(
        p.path(),
        &["check", "--format", "plain", "--links", "none", "docs"],
    );
    assert_eq!(sorted(&out), Vec::<String>::new());
    assert_eq!(out.status.code(), Some(0));
    // `urilint config` prints the table back.
    let out = urilint(p.path(), &["config"]);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        shown.contains("[links]")
            && shown.contains("check = [\"local\"]")
            && shown.contains("site = \"mkdocs\"")
            && shown.contains("root = \"docs\""),
        "{shown}"
    );
}

/// Without `ignore` and `root`, the same tree gives every missing target;
/// --root-dir on the command line replaces `root`.
#[test]
fn without_ignore_every_target_is_reported() {
    let p = project("[links]\ncheck = [\"local\"]\nroot = \"docs\"\n");
    let out = urilint(p.path(), &["check", "--format", "plain", "docs"]);
    assert_eq!(
        sorted(&out),
        [
            "docs/index.md:3:52: L001 links to docs/img/logo.svg, which does not exist",
            "docs/index.md:3:7: L001 links to docs/api/index.html, which does not exist",
            "docs/index.md:4:8: L001 links to docs/gide.md, which does not exist; did you mean guide.md?",
        ]
    );
    let out = urilint(
        p.path(),
        &["check", "--format", "plain", "--root-dir", ".", "docs"],
    );
    let found = sorted(&out);
    assert!(
        found
            .iter()
            .any(|l| l.contains("L001 links to guide.md, which")),
        "{found:#?}"
    );
    // Without `check`, no link check (and --root-dir alone is an error).
    let p = project("[links]\nroot = \"docs\"\n");
    let out = urilint(p.path(), &["check", "--format", "plain", "docs"]);
    assert_eq!(out.status.code(), Some(0));
    let out = urilint(p.path(), &["check", "--root-dir", "docs", "docs"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bad_keys_and_values_are_errors() {
    for (config, expected) in [
        (
            "[links]\ncheck = [\"local\"]\nsites = \"mkdocs\"\n",
            "urilint.toml: line 3, column 1: unknown field `sites`",
        ),
        (
            "[links]\nsite = \"gatsby\"\n",
            "urilint.toml: line 2, column 8: unknown site 'gatsby' (expected auto, none, mkdocs, vitepress, docusaurus, jekyll, hugo, mdbook, sphinx, antora, jupyter-book, docsify, starlight, nextra, zola)",
        ),
        (
            "[links]\ncheck = [\"everything\"]\n",
            "urilint.toml: line 2, column 10: unknown variant `everything`, expected one of `local`, `site`, `remote`",
        ),
        (
            "[links.remote]\ntimeot = 3\n",
            "urilint.toml: line 2, column 1: unknown field `timeot`, expected one of `exclude`, `timeout`",
        ),
        (
            "[links]\nignore = [\"ok/**\", \"a/[b\"]\n",
            "urilint.toml: line 2, column 20: links: ignore: invalid glob 'a/[b'",
        ),
    ] {
        let p = project(config);
        let out = urilint(p.path(), &["check", "docs"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{config}: {err}");
        assert!(err.contains(expected), "{config}: {err}");
    }
}

/// `.github/` is read (a broken link in its CONTRIBUTING.md), other
/// hidden directories are not, and `.git` never, even with --hidden.
#[test]
fn github_is_read_git_never() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path();
    write(d, ".git/config", "[remote]\n\turl = http://a.example/%zz\n");
    write(
        d,
        ".github/CONTRIBUTING.md",
        "Read [the rules](../docs/rules.md).\n",
    );
    write(d, ".cache/notes.md", "See <http://b.example/%zz>.\n");
    write(d, "README.md", "# Read me\n");
    let out = urilint(
        d,
        &[
            "check",
            "--isolated",
            "--links",
            "local",
            "--format",
            "plain",
        ],
    );
    assert_eq!(
        sorted(&out),
        ["./.github/CONTRIBUTING.md:1:18: L001 links to docs/rules.md, which does not exist"]
    );
    let out = urilint(d, &["files", "--hidden"]);
    let listed = sorted(&out);
    assert_eq!(
        listed,
        [
            "./.cache/notes.md",
            "./.github/CONTRIBUTING.md",
            "./README.md"
        ]
    );
}

/// Link destinations that are not RFC 3986 URI-references but that
/// documents write and browsers follow (found missed on vuejs/vitepress
/// and reduxjs/redux, issue 26): an IRI-reference (`#日本語`,
/// `./ガイド.md`) and a fragment holding `#` (`x.md##top`: the browser's
/// fragment is `#top`, which no heading id is). A VitePress container
/// (`::: tip`) no longer hides the page's anchors, and lock files are not
/// walked.
#[test]
fn iri_references_doubled_hashes_and_containers() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path();
    std::fs::create_dir_all(d.join(".git")).unwrap_or_else(|e| panic!("{e}"));
    write(
        d,
        "a.md",
        "# Top\n\n## 日本語\n\n::: tip\nA container.\n:::\n\n\
         [a](#日本語) [b](#日本) [c](./ガイド.md) [d](./なし.md)\n\
         [e](x.md##top) [f](x.md#top) [g](x.md#gone)\n",
    );
    write(d, "ガイド.md", "# Guide\n");
    write(d, "x.md", "# Top\n");
    write(
        d,
        "package-lock.json",
        "{\"resolved\": \"http://registry.example/x.tgz\"}\n",
    );
    let o = urilint(d, &["check", "--links", "local", "--format", "plain", "."]);
    assert_eq!(
        sorted(&o),
        [
            "./a.md:10:34: L002 no anchor gone in x.md",
            "./a.md:10:5: L002 no anchor #top in x.md (the link has two `#`: its fragment is everything after the first); did you mean #top?",
            "./a.md:9:15: L002 no anchor 日本 in ./a.md; did you mean #日本語?",
            "./a.md:9:38: L001 links to なし.md, which does not exist",
        ],
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// A document no site covers, in a git repository, renders on GitHub
/// with its root-relative links resolved against the repository's root
/// (issue 46 round 8: wevm/wagmi's `packages/react/CHANGELOG.md` linking
/// `/react/chains`, reduxjs/redux's `CONTRIBUTING.md` linking `/docs`):
/// checked there. Outside a git repository, or in an HTML file (served
/// from a web root nobody named), they stay not checked, with the note.
#[test]
fn root_relative_links_of_repository_documents() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path();
    write(d, "docs/index.md", "# Docs\n");
    write(
        d,
        "packages/react/CHANGELOG.md",
        "# Changelog\n\nSee [docs](/docs) and [chains](/react/chains#wagmichains).\n\n[GitHub](/)\n",
    );
    write(d, "page.html", "<a href=\"/nope\">x</a>\n");
    let plain = urilint(d, &["check", "--links", "local", "--format", "plain", "."]);
    assert!(
        String::from_utf8_lossy(&plain.stderr).contains("root-relative links not checked"),
        "{}",
        String::from_utf8_lossy(&plain.stderr)
    );
    assert!(sorted(&plain).is_empty());
    std::fs::create_dir(d.join(".git")).unwrap_or_else(|e| panic!("{e}"));
    let o = urilint(d, &["check", "--links", "local", "--format", "plain", "."]);
    assert_eq!(
        sorted(&o),
        ["./packages/react/CHANGELOG.md:3:32: L001 links to react/chains, which does not exist"],
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("1 root-relative link not checked"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// A root-relative link of a repository document that names nothing at
/// the repository's root but what a site configured in the repository
/// serves is written for that site (webdriverio/webdriverio, MIT: its
/// `packages/wdio-dot-reporter/README.md` shows `/img/dot.png`, which is
/// `website/static/img/dot.png`, and links `/docs/gettingstarted`, a page
/// of `website/docs/`; `scripts/docs-generation/packagesDocs.ts` copies
/// the READMEs into the site; issue 46 round 10): not checked, with a
/// note naming the site. A link neither the root nor the site has stays
/// reported.
#[test]
fn root_relative_links_a_repository_site_serves() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path();
    std::fs::create_dir(d.join(".git")).unwrap_or_else(|e| panic!("{e}"));
    write(
        d,
        "website/docusaurus.config.ts",
        "export default {\n  title: 'WebdriverIO',\n  url: 'https://webdriver.io',\n  baseUrl: '/',\n  presets: [['classic', { docs: { path: 'docs' } }]],\n};\n",
    );
    write(
        d,
        "website/docs/GettingStarted.md",
        "---\nid: gettingstarted\n---\n# Getting Started\n",
    );
    write(d, "website/static/img/dot.png", "png");
    write(
        d,
        "packages/wdio-dot-reporter/README.md",
        "WDIO Dot Reporter\n=================\n\n![Dot Reporter](/img/dot.png \"Dot Reporter\")\n\nFollowing code shows the default wdio test runner configuration. Just add `'dot'` as reporter\nto the array. To get some more information about WebdriverIO see the [homepage](/docs/gettingstarted).\n\nSee [the missing one](/img/nope.png).\n",
    );
    let o = urilint(d, &["check", "--links", "local", "--format", "plain", "."]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        sorted(&o),
        ["./packages/wdio-dot-reporter/README.md:9:23: L001 links to img/nope.png, which does not exist"],
        "{stderr}"
    );
    assert!(
        stderr.contains("2 root-relative links not checked: in documents no site configuration covers, they name what nothing at the repository's root is but the site of website/docusaurus.config.ts serves (e.g. `/docs/gettingstarted` in ./packages/wdio-dot-reporter/README.md)"),
        "{stderr}"
    );
}

/// A file `.gitignore` lists is never on GitHub: a document GitHub renders
/// that links one links nothing there (mermaid-js/mermaid, MIT: its
/// generated `docs/config/setup/mermaid/interfaces/AsyncIconLoader.md`
/// points at `packages/mermaid/src/docs/config/setup/...`, which
/// `packages/mermaid/.gitignore` lists; issue 46 round 11). An HTML file
/// that loads a build's output (`dist/`) is another matter: not checked.
#[test]
fn ignored_targets_of_documents_github_renders() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path();
    std::fs::create_dir(d.join(".git")).unwrap_or_else(|e| panic!("{e}"));
    write(d, ".gitignore", "dist\n");
    write(d, "packages/mermaid/.gitignore", "src/docs/config/setup\n");
    write(
        d,
        "docs/config/setup/mermaid/interfaces/AsyncIconLoader.md",
        "> **Warning**\n>\n> ## THIS IS AN AUTOGENERATED FILE. DO NOT EDIT.\n>\n> ## Please edit the corresponding file in [/packages/mermaid/src/docs/config/setup/mermaid/interfaces/AsyncIconLoader.md](../../../../../packages/mermaid/src/docs/config/setup/mermaid/interfaces/AsyncIconLoader.md).\n",
    );
    write(d, "app.html", "<script src=\"./dist/app.js\"></script>\n");
    let o = urilint(d, &["check", "--links", "local", "--format", "plain", "."]);
    assert_eq!(
        sorted(&o),
        ["./docs/config/setup/mermaid/interfaces/AsyncIconLoader.md:5:124: L001 links to packages/mermaid/src/docs/config/setup/mermaid/interfaces/AsyncIconLoader.md, which does not exist"],
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
