//! `check --links local` on docs sites as their generators build them
//! (issue 26): fixtures/sites holds one excerpt of a real repository per
//! generator (sources in fixtures/sites/README.md); each tree's findings
//! are exactly its `<generator>.expected`: the links written to break,
//! none of those that work only as the site is built (extensionless
//! pages, `.html` for `.md`, directory URLs, permalinks, collections,
//! `srcDir`, `public/`, `README.md` as `index.html`, module mounts,
//! number prefixes and front matter ids).
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::process::{Command, Output};

/// Writes `text` to the file `rel` under `dir`, making its directories.
fn put(dir: &std::path::Path, rel: &str, text: &str) {
    let p = dir.join(rel);
    std::fs::create_dir_all(p.parent().unwrap_or(dir)).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(p, text).unwrap_or_else(|e| panic!("{e}"));
}

/// `check --isolated --links local --select L001,L002 --format plain
/// TREE` run in the directory `cwd`.
fn check_links(cwd: &std::path::Path, tree: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(cwd)
        .args([
            "check",
            "--isolated",
            "--links",
            "local",
            "--select",
            "L001,L002",
            "--format",
            "plain",
            tree,
        ])
        .output()
        .unwrap_or_else(|e| panic!("run urilint: {e}"))
}

/// `check --links local --select L001,L002` of the fixture `tree` (from
/// the crate's directory): the run, and its standard output.
fn findings(tree: &str) -> (Output, String) {
    let out = check_links(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), tree);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (out, stdout)
}

fn check_site(generator: &str) {
    let tree = format!("fixtures/sites/{generator}");
    let out = check_links(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), &tree);
    let want = std::fs::read_to_string(format!(
        "{}/fixtures/sites/{generator}.expected",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap_or_else(|e| panic!("{generator}.expected: {e}"));
    let got = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        got,
        want,
        "{generator}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!want.is_empty(), "each tree has broken links");
    // Every finding on a page written for the test is on a line that says
    // "is broken".
    for line in want.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(path), Some(n)) = (parts.next(), parts.next()) else {
            panic!("{line}");
        };
        let n: usize = n.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        let source_line = text.lines().nth(n - 1).unwrap_or_default();
        // On a page written for the test, only where it says so; in the
        // excerpts, the real broken links judged in fixtures/sites/README.md.
        if text.contains("Written for the test") {
            assert!(source_line.contains("is broken"), "{line}: {source_line}");
        }
    }
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn vitepress() {
    check_site("vitepress");
}

#[test]
fn mkdocs() {
    check_site("mkdocs");
}

#[test]
fn jekyll() {
    check_site("jekyll");
}

#[test]
fn mdbook() {
    check_site("mdbook");
}

#[test]
fn hugo() {
    check_site("hugo");
}

#[test]
fn docusaurus() {
    check_site("docusaurus");
}

#[test]
fn sphinx() {
    check_site("sphinx");
}

/// Sphinx cross-references (issue 46; marshmallow's `docs/`): `:doc:`,
/// `:download:` and `toctree` entries that name nothing are reported,
/// with the closest document; a `:ref:` label the project does not define
/// is counted as not checked where `sphinx.ext.intersphinx` may resolve
/// it; the `:ref:` of `CHANGELOG.rst` resolves on the page that includes
/// it.
#[test]
fn sphinx_xrefs() {
    check_site("sphinx-xrefs");
    let (out, _) = findings("fixtures/sites/sphinx-xrefs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1 link not checked") && stderr.contains("sphinx.ext.intersphinx"),
        "{stderr}"
    );
}

/// Sphinx without intersphinx, with `sphinx.ext.autosectionlabel`: a
/// `:ref:` to a section title resolves, one to no label is reported
/// (`L002`); MyST roles and a `{toctree}` block of a Markdown page are
/// read too, not those in code.
#[test]
fn sphinx_labels_without_intersphinx() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path();
    put(
        d,
        "docs/conf.py",
        "extensions = ['myst_parser', 'sphinx.ext.autosectionlabel']\n",
    );
    put(
        d,
        "docs/index.rst",
        "Home\n====\n\n.. _start-here:\n\nGetting Started\n---------------\n\n\
         See :ref:`getting started`, :ref:`start-here` and :ref:`Installing`.\n\
         This :ref:`no-such-label` is broken.\n\n.. toctree::\n\n   guide\n",
    );
    put(
        d,
        "docs/guide.md",
        "# Guide\n\n## Installing\n\nSee {ref}`start-here` and {doc}`index`; {doc}`gone` is broken.\n\n\
         ```{toctree}\n:hidden:\n\nindex\nmissing-page\n```\n\n```text\n{doc}`in-code`\n```\n",
    );
    // A page with a toctree and no role (jazzband/pip-tools' `docs/index.md`).
    put(
        d,
        "docs/toc.md",
        "# Contents\n\n```{toctree}\n:hidden:\n\npkg/modules-is-broken\n```\n",
    );
    let out = check_links(d, ".");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines.len(),
        4,
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        lines[3].starts_with(
            "./docs/toc.md:6:1: L001 toctree names the document pkg/modules-is-broken"
        ),
        "{stdout}"
    );
    assert!(
        lines[0].starts_with("./docs/guide.md:5:")
            && lines[0].contains("L001 :doc: names the document gone"),
        "{stdout}"
    );
    assert!(
        lines[1].starts_with("./docs/guide.md:11:1: L001 toctree"),
        "{stdout}"
    );
    assert!(
        lines[2].starts_with("./docs/index.rst:10:12: L002 :ref: names the label no-such-label"),
        "{stdout}"
    );
}

/// Astro Starlight (issue 46): `.mdx` pages read by the MDX parser, links
/// written as URLs (`/guides/x/`), per-segment slugs, the root locale's
/// page standing in for a missing translation, `<LinkCard href>`.
#[test]
fn starlight() {
    check_site("starlight");
}

/// Nextra 4 (issue 46): `src/content/` through the catch-all route, `app/`
/// routes in a route group, anchors of a page rendering an API component
/// not known, a link inside a JSX component.
#[test]
fn nextra() {
    check_site("nextra");
}

/// Copies the tree `from` into `to`, recursively.
fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    for e in std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let e = e.unwrap_or_else(|e| panic!("{e}"));
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

/// `[links] site = "none"` in urilint.toml: links are file paths beside
/// the page again (VitePress's extensionless `../api/options-state#props`
/// is then missing); `site = "mkdocs"` on a VitePress tree finds no
/// mkdocs.yml and does the same; `check = ["local"]` needs no flag.
#[test]
fn site_setting_of_urilint_toml() {
    for setting in ["none", "mkdocs"] {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let tree = dir.path().join("site");
        copy_tree(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/vitepress"),
            &tree,
        );
        std::fs::write(
            tree.join("urilint.toml"),
            format!("[links]\ncheck = [\"local\"]\nsite = \"{setting}\"\n"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
            .current_dir(&tree)
            .args(["check", "--select", "L001,L002", "--format", "plain", "."])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let got = String::from_utf8_lossy(&out.stdout);
        assert!(
            got.contains("broken.md:3:") && got.contains("api/options-state, which does not exist"),
            "{setting}: {got}"
        );
        assert!(!got.contains("vitepress site"), "{setting}: {got}");
    }
}

/// An HTML page a bundler builds from (it loads ES modules, and a
/// package.json is above it: vitejs/vite's playground/lib/index.dist.html
/// names build outputs) is not checked; the same page without a
/// package.json is.
#[test]
fn bundler_entry_pages_are_not_checked() {
    for with_package in [true, false] {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let tree = dir.path().join("app");
        std::fs::create_dir_all(&tree).unwrap_or_else(|e| panic!("{e}"));
        if with_package {
            std::fs::write(tree.join("package.json"), "{\"name\": \"app\"}\n")
                .unwrap_or_else(|e| panic!("{e}"));
        }
        std::fs::write(
            tree.join("index.html"),
            "<script type=\"module\" src=\"./my-lib-custom-filename.umd.cjs\"></script>\n<iframe src=\"virtual.html\"></iframe>\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let out = check_links(&tree, ".");
        let got = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            got.matches("L001").count(),
            if with_package { 0 } else { 2 },
            "{got}"
        );
    }
}

/// A site configuration that would take a YAML reader's stack (3,000
/// indented levels, 4.5 MB, aborted the run before) is not read past
/// 1 MiB, with a note; one of 1 MiB and 1,400 levels is read on a thread
/// with a stack for it. Either way the run ends normally.
#[test]
fn a_deeply_nested_site_configuration_ends_normally() {
    for (levels, read) in [(3000usize, false), (1400, true)] {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let site = dir.path();
        std::fs::create_dir_all(site.join("docs")).unwrap_or_else(|e| panic!("{e}"));
        let mut yaml = String::from("site_name: x\n");
        for i in 0..levels {
            yaml.push_str(&format!("{}k{i}:\n", " ".repeat(i)));
        }
        yaml.push_str(&format!("{}v: 1\n", " ".repeat(levels)));
        std::fs::write(site.join("mkdocs.yml"), yaml).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(site.join("docs/index.md"), "# X\n\n[gone](gone/)\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
            .current_dir(site)
            .args([
                "check",
                "--isolated",
                "--links",
                "local",
                "--format",
                "plain",
                ".",
            ])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{levels}: {stderr}");
        assert!(
            stdout.contains("links to /gone/, which no page of the mkdocs site"),
            "{levels}: {stdout}"
        );
        assert_eq!(!stderr.contains("larger than"), read, "{levels}: {stderr}");
    }
}

/// A site's pages checked on their own, outside a repository (an
/// unpacked release, a `git archive` export): `check docs` from the
/// project's root and `check .` from inside `docs/` find the
/// `mkdocs.yml` beside `docs/` (the nearest directory above the page), as
/// `check .` from the root does. Before, the walk's root bounded the
/// search: the MkDocs repository's own docs gave 15 and 24 false L001
/// and L002 findings there against 1 from its root. A page whose snippet
/// include (`--8<-- "CONTRIBUTING.md"`, MkDocs' `docs/about/contributing.md`)
/// lies outside the tree checked is not read, and its anchors are not
/// taken as missing.
#[test]
fn a_site_configuration_above_the_tree_checked_is_found() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let site = dir.path().join("mkdocs");
    copy_tree(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/mkdocs"),
        &site,
    );
    assert!(
        !site.ancestors().any(|d| d.join(".git").exists()),
        "the copy must lie outside a repository: {}",
        site.display()
    );
    std::fs::create_dir_all(site.join("docs/about")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        site.join("CONTRIBUTING.md"),
        "# Contributing\n\n## Installing for development\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        site.join("docs/about/contributing.md"),
        "--8<-- \"CONTRIBUTING.md\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        site.join("docs/about/index.md"),
        "# About\n\n[Installing](contributing.md#installing-for-development) works\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let run = |cwd: &std::path::Path, tree: &str| {
        String::from_utf8_lossy(&check_links(cwd, tree).stdout).into_owned()
    };
    let whole = run(&site, ".");
    let findings = |text: &str| -> Vec<String> {
        // Paths are named from where the run is.
        text.lines()
            .map(|l| l.trim_start_matches("./").replace("docs/", ""))
            .collect()
    };
    assert_eq!(
        findings(&whole),
        ["index.md:7:13: L001 links to img/missing.png, which does not exist"],
        "{whole}"
    );
    for (cwd, tree) in [(site.clone(), "docs"), (site.join("docs"), ".")] {
        let got = run(&cwd, tree);
        assert_eq!(
            findings(&got),
            findings(&whole),
            "{tree} from {}: {got}",
            cwd.display()
        );
    }
}

/// An HTML template that extends a layout or fills its blocks (Jinja2,
/// Django, Nunjucks, Twig) renders into pages elsewhere: its references
/// are not checked. The excerpt is squidfunk/mkdocs-material's
/// `src/overrides/home.html` (MIT), whose `assets/images/illustration.png`
/// is in `docs/`, where the page it renders into is; the same reference in
/// a plain HTML page beside it is checked.
#[test]
fn template_pages_are_not_checked() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let tree = dir.path().join("overrides");
    std::fs::create_dir_all(&tree).unwrap_or_else(|e| panic!("{e}"));
    let img = "<div class=\"mdx-hero__image\">\n  <img\n    src=\"assets/images/illustration.png\"\n    alt=\"\"\n  >\n</div>\n<a href=\"#features\">Features</a>\n";
    std::fs::write(
        tree.join("home.html"),
        format!("{{% extends \"main.html\" %}}\n\n{{% block tabs %}}\n  {{{{ super() }}}}\n{img}{{% endblock %}}\n"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(tree.join("plain.html"), img).unwrap_or_else(|e| panic!("{e}"));
    let out = check_links(&tree, ".");
    let got = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        got,
        "./plain.html:3:10: L001 links to assets/images/illustration.png, which does not exist\n\
         ./plain.html:7:10: L002 no anchor features in ./plain.html\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A relative link that names a missing file by its extension is said as
/// that file: squidfunk/mkdocs-material's
/// `docs/blog/posts/blog-support-just-landed.md` links
/// `blog-support-just-landed/blog-post.png`, which is not there (its
/// `blog.png` is); against the page's directory URL the message named
/// `/blog/posts/blog-support-just-landed/blog-support-just-landed/blog-post.png`.
/// A page URL keeps the site's message.
#[test]
fn a_missing_file_is_named_as_the_file() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let site = dir.path();
    let post = site.join("docs/blog/posts/blog-support-just-landed");
    std::fs::create_dir_all(&post).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(site.join("mkdocs.yml"), "site_name: x\n").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(post.join("blog.png"), b"\x89PNG\r\n").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        site.join("docs/blog/posts/blog-support-just-landed.md"),
        "# Blog support just landed\n\n\
         ![Blog][Blog]\n\
         ![Blog post][Blog post]\n\
         [Tags](../tags/)\n\n  \
         [Blog]: blog-support-just-landed/blog.png\n  \
         [Blog post]: blog-support-just-landed/blog-post.png\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = check_links(site, ".");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "./docs/blog/posts/blog-support-just-landed.md:5:8: L001 links to /blog/posts/tags/, which no page of the mkdocs site (mkdocs.yml) makes\n\
         ./docs/blog/posts/blog-support-just-landed.md:8:16: L001 links to docs/blog/posts/blog-support-just-landed/blog-post.png, which does not exist\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `check --isolated --links local --format plain .` in `dir`, killed
/// after `secs` seconds (a guard for the cases of the 2026-11-29 review
/// that took minutes; not a measure of time).
fn check_guarded(dir: &std::path::Path, secs: u64) -> Output {
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(dir)
        .args([
            "check",
            "--isolated",
            "--links",
            "local",
            "--format",
            "plain",
            ".",
        ])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("run urilint: {e}"));
    let start = Instant::now();
    while child
        .try_wait()
        .unwrap_or_else(|e| panic!("wait: {e}"))
        .is_none()
    {
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("urilint still running after {secs} s in {}", dir.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("output: {e}"))
}

/// M4 of the 2026-11-29 review: 30 snippet files that each include all
/// 30 (pymdownx.snippets), and 40 pages that include one: each page
/// re-read the snippets down to the depth limit (810,000 reads a page,
/// 105 s for 40 pages). Now each snippet is read once a run, and the
/// answer is the same: the pages' anchors are not all known (the
/// includes go too deep), so no fragment is reported missing; a page
/// that includes a complete snippet has its headings. The binary of
/// b9a4b12 is still running at the guard (60 s, 0.01 s now in a release
/// build).
#[test]
fn includes_fanning_out_are_read_once() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let site = dir.path();
    let docs = site.join("docs");
    std::fs::create_dir_all(&docs).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        site.join("mkdocs.yml"),
        "site_name: x\nmarkdown_extensions:\n  - pymdownx.snippets\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let fan: String = (0..30).map(|j| format!("--8<-- \"f{j}.md\"\n")).collect();
    for i in 0..30 {
        std::fs::write(docs.join(format!("f{i}.md")), &fan).unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(docs.join("leaf.md"), "## From the snippet\n").unwrap_or_else(|e| panic!("{e}"));
    let n = 40;
    for i in 0..n {
        std::fs::write(
            docs.join(format!("p{i}.md")),
            format!(
                "# Page {i}\n\n--8<-- \"f0.md\"\n\n[next](p{}.md#nope-{i})\n",
                (i + 1) % n
            ),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(
        docs.join("q.md"),
        "# Q\n\n--8<-- \"leaf.md\"\n\n[a](q.md#from-the-snippet) [b](q.md#nope)\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = check_guarded(site, 60);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let findings: Vec<&str> = stdout.lines().filter(|l| l.contains("L002")).collect();
    assert_eq!(findings.len(), 1, "{stdout}");
    assert!(
        findings[0].contains("q.md") && findings[0].contains("nope"),
        "{stdout}"
    );
}

/// M5 of the 2026-11-29 review: 800 VitePress `rewrites` whose regular
/// expressions are too large took 40 s to compile (about 50 ms each),
/// and the note said `rewrites` 800 times. Now at most
/// `MAX_PATTERN_REWRITES` are tried with a smaller size limit, and one
/// note says how many rules were not read.
#[test]
fn many_heavy_vitepress_rewrites_are_bounded() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let site = dir.path();
    std::fs::create_dir_all(site.join(".vitepress")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(site.join("a.md"), "# A\n\n[x](./b)\n").unwrap_or_else(|e| panic!("{e}"));
    let body: Vec<String> = (0..800)
        .map(|i| format!("    '(\\\\w{{1,200}}\\\\w{{1,200}}\\\\w{{1,200}}){i}/:x': 'y/:x'"))
        .collect();
    std::fs::write(
        site.join(".vitepress/config.mts"),
        format!(
            "export default {{\n  rewrites: {{\n{}\n  }}\n}}\n",
            body.join(",\n")
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = check_guarded(site, 30);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let notes: Vec<&str> = stderr.lines().filter(|l| l.contains("note")).collect();
    assert_eq!(notes.len(), 1, "{stderr}");
    assert_eq!(notes[0].matches("rewrites").count(), 1, "{stderr}");
    assert!(
        notes[0].contains("800 of the 800 rewrites not read"),
        "{stderr}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("a.md:3:"), "{stdout}");
}

/// `urilint site` on each generator's fixture: the generator and the file
/// it was recognised by, the settings read, the pages and their URLs
/// (issue 46).
#[test]
fn site_command_explains_each_fixture() {
    for (dir, generator) in [
        ("vitepress", "vitepress"),
        ("mkdocs", "mkdocs"),
        ("jekyll", "jekyll"),
        ("mdbook", "mdbook"),
        ("hugo", "hugo"),
        ("docusaurus", "docusaurus"),
        ("sphinx", "sphinx"),
        ("zola", "zola"),
        ("docsify", "docsify"),
        ("starlight", "starlight"),
        ("nextra", "nextra"),
        ("myst", "jupyter-book"),
        ("jupyter-book", "jupyter-book"),
        ("antora", "antora"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["site", "--pages", &format!("fixtures/sites/{dir}")])
            .output()
            .unwrap_or_else(|e| panic!("run urilint: {e}"));
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{generator}: {text}");
        assert!(
            text.contains(&format!(
                "site: {generator} (recognised by fixtures/sites/{dir}"
            )),
            "{generator}: {text}"
        );
        assert!(text.contains("  page URLs: "), "{generator}: {text}");
        assert!(
            text.contains("  links not checked: "),
            "{generator}: {text}"
        );
        let pages = text.lines().filter(|l| l.contains(" <- ")).count();
        assert!(pages >= 2, "{generator}: {text}");
        // As JSON: one object per site, the same generator.
        let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["site", "--json", &format!("fixtures/sites/{dir}")])
            .output()
            .unwrap_or_else(|e| panic!("run urilint: {e}"));
        let json = String::from_utf8_lossy(&out.stdout);
        let v: serde_json::Value = serde_json::from_str(json.lines().next().unwrap_or_default())
            .unwrap_or_else(|e| panic!("{generator}: {e}: {json}"));
        assert_eq!(v["generator"], generator, "{json}");
        assert!(v["page_count"].as_u64().unwrap_or_default() >= 2, "{json}");
    }
}

/// One directory with the configuration files of two generators: the
/// first is taken, and a note says which others were there (issue 46: an
/// ambiguous guess is a note, never a silent choice).
#[test]
fn two_generators_in_one_directory_are_noted() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let site = dir.path();
    std::fs::create_dir_all(site.join("docs")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(site.join("mkdocs.yml"), "site_name: x\n").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(site.join("conf.py"), "project = 'x'\n").unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(site.join("docs/index.md"), "# X\n\n[gone](gone.md)\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let out = check_links(site, ".");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "is read as a mkdocs site; the directory also holds the configuration of sphinx"
        ),
        "{err}"
    );
}

/// A checkout made under umask 002 has its files writable by the user's
/// own group: its site configuration is obeyed (issue 46's first run
/// passed over every one, and judged the links as plain files).
#[test]
fn a_configuration_writable_by_the_own_group_is_obeyed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let site = dir.path();
    std::fs::create_dir_all(site.join("docs")).unwrap_or_else(|e| panic!("{e}"));
    let config = site.join("mkdocs.yml");
    std::fs::write(&config, "site_name: x\n").unwrap_or_else(|e| panic!("{e}"));
    std::fs::set_permissions(&config, std::fs::Permissions::from_mode(0o664))
        .unwrap_or_else(|e| panic!("{e}"));
    // `../other/` from `/guide/` is `/other/`: the page other.md, as
    // MkDocs' directory URLs build it; a plain file path would miss it.
    std::fs::write(site.join("docs/guide.md"), "# G\n\n[o](../other/)\n")
        .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(site.join("docs/other.md"), "# O\n").unwrap_or_else(|e| panic!("{e}"));
    let out = check_links(site, ".");
    let err = String::from_utf8_lossy(&out.stderr);
    let got = String::from_utf8_lossy(&out.stdout);
    assert!(!err.contains("ignored"), "{err}");
    assert_eq!(got, "", "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

/// Issue 46: a Jupyter Book 1 book (`_config.yml` beside `_toc.yml`, read
/// as Jekyll's before): MyST labels (`:label:` of a math block) named
/// from any page, docutils heading ids, a sphinxext.rediraffe redirect.
#[test]
fn jupyter_book() {
    check_site("jupyter-book");
}

/// Issue 46: a Jupyter Book 2 / mystmd project (`myst.yml`): `(label)=`
/// targets and `:name:` options named from any page, pages at the slug
/// of their file name (`/upgrade`).
#[test]
fn myst() {
    check_site("myst");
}

/// Issue 46: a docsify site (`index.html` setting `window.$docsify`):
/// extensionless routes, `?id=` and `#/route?id=` anchors, `:id=`
/// heading ids, `alias` routes to other sites.
#[test]
fn docsify() {
    check_site("docsify");
}

/// Issue 46: Docusaurus as jest builds it (fixtures/sites/docusaurus-versions,
/// an excerpt of jestjs/jest): docs `path: '../docs'` without
/// `routeBasePath`, the current version at `/docs/next/`, the first of
/// `versions.json` at `/docs/`, older ones at their names, blog posts at
/// the date of their file names, `src/pages/*.js` pages, the blog's
/// generated pages and Netlify `_redirects`; the real broken links kept.
#[test]
fn docusaurus_versions_blog_and_pages() {
    check_site("docusaurus-versions");
}

/// Issue 46, MkDocs: astral-sh/uv's reference pages that a build step
/// writes (ignored by its `.gitignore`) are not reported; the old pages
/// of the `redirects` plugin's `redirect_maps` are served.
#[test]
fn mkdocs_generated() {
    check_site("mkdocs-generated");
}

/// Issue 46, Sphinx: an image of `name.*` is any file of that name
/// (sphinx-doc/sphinx's own test root `test-images`); one that names no
/// file is still reported.
#[test]
fn sphinx_images() {
    check_site("sphinx-images");
}

/// Issue 46, Jekyll: github/choosealicense.com's `licenses` collection of
/// `.txt` documents with front matter is served at `/licenses/:path/`;
/// anchors a Liquid include writes are not taken as missing; the pages
/// of `jekyll-sitemap` are served; `{% link %}` and `{{ site.baseurl }}`
/// links are checked.
#[test]
fn jekyll_collections() {
    check_site("jekyll-collections");
}

/// Issue 46, Antora: xrefs (`xref:page.adoc#id[]` from the module's
/// `pages/`, `xref:module:page.adoc[]`, `<<id>>`) read and resolved as
/// Antora does (eclipse-che/che-docs: page aliases); another component's
/// page is not read; with no playbook in the tree, a fragment that a
/// section has under another `idprefix`/`idseparator` is not checked.
#[test]
fn antora() {
    check_site("antora");
}

/// Zola (issue 46): `config.toml` with `base_url` is Zola's, not Hugo's;
/// dated news posts at their slug, `@/` internal links (a missing one
/// reported as Zola's build fails on it), colocated assets, aliases,
/// `sitemap.xml`, ids of the `slug` crate and `{#id}`.
#[test]
fn zola() {
    check_site("zola");
}

/// Hugo's configuration directory (issue 46): `config/_default/` with
/// a root key per file (`languages.toml`), per-language `contentDir`s
/// (the default language at the root, the others under their codes),
/// and the redirects of a Netlify output format's home template.
#[test]
fn hugo_config_dir() {
    check_site("hugo-config-dir");
}

/// Links to pages a build step writes (astral-sh/uv's reference pages,
/// ignored by its `.gitignore`) are counted as not checked, and the note
/// says so (issue 46: a link the model is not sure of is counted, never
/// silently dropped).
#[test]
fn generated_targets_are_counted_not_checked() {
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/mkdocs-generated",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("links not checked")
            && err
                .contains("a target the repository's .gitignore ignores is made by a build step ("),
        "{err}"
    );
}

/// Sphinx with `myst_parser`: a fragment names any label of the project
/// (`#icons`, `page.md#icons`), `[text](icons)` is a reference by label
/// (executablebooks/sphinx-design); a label nothing defines is broken
/// (issue 46, round 2).
#[test]
fn sphinx_myst() {
    check_site("sphinx-myst");
}

/// Antora with a playbook in the tree whose extension may set
/// `idprefix`/`idseparator` (redpanda-data/docs, issue 46 round 2): a
/// fragment that a section has under another common pair is counted not
/// checked, named with the extension, one no pair makes is reported; a
/// section after a tabs block with ```` ```bash ```` fences has its id;
/// xrefs in `ifdef::env-cloud[]` are counted not checked, those in a
/// branch the page's own attribute leaves out are not read; a missing
/// page of another module is named as its file.
#[test]
fn antora_playbook() {
    check_site("antora-playbook");
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/antora-playbook",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("add-global-attributes` (local-antora-playbook.yml) may set (")
            && err.contains("`ifdef`/`ifndef`/`ifeval` on an attribute the page does not set ("),
        "{err}"
    );
}

/// neo4j/docs-cypher (issue 46 round 2): `#_property_types` of a section
/// with an explicit id is reported whatever the `idprefix` and
/// `idseparator`, and the did-you-mean offers the id, not the title that
/// a natural cross reference (`<<Property types>>`) names.
#[test]
fn antora_explicit_section_id() {
    check_site("antora-neo4j");
}

/// Hugo pages that no content file is (issue 46, round 2; google/docsy's
/// 14 false findings of round 1): taxonomy term pages from the pages'
/// front matter, relative `aliases`, a destination resolved by the
/// embedded link render hook of a multilingual single-host site from a
/// leaf bundle's container, and files that module mounts bring into the
/// content; a term, an alias and a mounted file that nothing makes stay
/// broken.
#[test]
fn hugo_docsy() {
    check_site("hugo-docsy");
}

/// Issue 46, Docusaurus: react-native-website's TypeScript configuration
/// (fixtures/sites/docusaurus-ts-options): options ending in `satisfies
/// Preset.Options`, a typed `const` spread into them, a version named by
/// code and a plugin function that adds no route are read, not taken as
/// "computed by code": the docs of `path: '../docs'` are served under
/// `/docs/` and nothing is unsure. A partial's links resolve on the page
/// that imports it.
#[test]
fn docusaurus_typescript_options() {
    check_site("docusaurus-ts-options");
    // The partial `_integration-with-existing-apps-ios.md`: its links
    // resolve on the page importing it; what is not found from beside it
    // is not checked, counted in one note.
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/docusaurus-ts-options",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("2 links not checked")
            && err.contains("a link in a Docusaurus partial (`_x.md`), resolved against the page that imports it (2)"),
        "{err}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["site", "fixtures/sites/docusaurus-ts-options"])
        .output()
        .unwrap_or_else(|e| panic!("run urilint: {e}"));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("pages: fixtures/sites/docusaurus-ts-options/docs served under /docs/"),
        "{text}"
    );
    assert!(text.contains("website/community at /community/"), "{text}");
    assert!(
        text.contains("not read, may make or move pages: (none)"),
        "{text}"
    );
}

mod rounds;
