//! `check --links local` through the binary (issue 13): fixtures/links, a
//! small tree with good and broken relative links and anchors.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::process::{Command, Output};

fn urilint(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("run urilint")
}

/// `check --isolated --links local --select L001,L002 --format plain
/// TREE`, from the crate's directory.
fn check_links(tree: &str) -> Output {
    urilint(&[
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
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Every broken link of the tree is found, and no good one: missing
/// files (a typo, an image, a reference definition, `..` out of the
/// tree, HTML href/src), missing anchors (a typo, case in HTML, the
/// document itself); good ones include `./`, `%20`, directories,
/// repeated and non-ASCII headings, case in Markdown, `<a name>`.
#[test]
fn broken_links_and_anchors_as_expected() {
    let out = urilint(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--isolated",
        "--links",
        "local",
        "--format",
        "plain",
        "fixtures/links",
    ]);
    let want = std::fs::read_to_string(format!(
        "{}/fixtures/links/tree.check.expected",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("tree.check.expected");
    assert_eq!(stdout(&out), want);
    assert_eq!(out.status.code(), Some(1));
}

/// Without --links, relative links are not looked at (the unused
/// definition, L005, is found without it: it reads no file).
#[test]
fn off_without_links_local() {
    let out = urilint(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--isolated",
        "--format",
        "plain",
        "fixtures/links",
    ]);
    assert!(
        !stdout(&out).contains("L001") && !stdout(&out).contains("L002"),
        "{}",
        stdout(&out)
    );
    assert_eq!(stdout(&out), "");
    assert_eq!(out.status.code(), Some(0));
}

/// Root-relative links need --root-dir; absolute links into the own site
/// (--site-url) are checked as files under it.
#[test]
fn root_dir_and_site_url() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    std::fs::create_dir_all(root.join("docs")).expect("mkdir");
    std::fs::write(root.join("docs/a.md"), "# A\n").expect("write");
    std::fs::write(
        root.join("index.md"),
        "[ok](/docs/a.md#a) [gone](/docs/b.md)\n[site ok](https://site.example/docs/a.md) [site gone](https://site.example/docs/c.md#x)\n[other](https://other.example/docs/c.md)\n",
    )
    .expect("write");
    let index = root.join("index.md").to_string_lossy().into_owned();
    let root_s = root.to_string_lossy().into_owned();
    let plain = urilint(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--isolated",
        "--links",
        "local",
        "--format",
        "plain",
        &index,
    ]);
    assert!(stdout(&plain).is_empty(), "no root: {}", stdout(&plain));
    let with = urilint(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--isolated",
        "--links",
        "local",
        "--root-dir",
        &root_s,
        "--site-url",
        "https://site.example/",
        "--format",
        "jsonl",
        &index,
    ]);
    let found: Vec<serde_json::Value> = stdout(&with)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let got: Vec<(&str, &str, u64, u64)> = found
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or_default(),
                d["uri"].as_str().unwrap_or_default(),
                d["line"].as_u64().unwrap_or(0),
                d["column"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("L001", "/docs/b.md", 1, 27),
            ("L001", "https://site.example/docs/c.md#x", 2, 55),
        ]
    );
    assert_eq!(found[0]["segment"], "markdown-link");
}

/// `check --fix --links local`: the fixes are written and the broken
/// links are still reported (exit status 1); they were silently dropped
/// before, a green CI run on a broken tree.
#[test]
fn fix_still_reports_broken_links() {
    let dir = tempfile::tempdir().expect("temp dir");
    let md = dir.path().join("a.md");
    std::fs::write(&md, "See <http://Example.COM/x> and [gone](gone.md).\n").expect("write");
    let p = md.to_string_lossy().into_owned();
    let out = urilint(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--isolated",
        "--links",
        "local",
        "--fix",
        "--format",
        "plain",
        &p,
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.contains(":1:39: L001 links to"), "{text}");
    assert_eq!(
        std::fs::read_to_string(&md).expect("read"),
        "See <http://example.com/x> and [gone](gone.md).\n"
    );
}

/// An HTML page's relative `<base href="../">` is resolved against the
/// page: its links are looked for from the base (found on the issue 13
/// fixture review: the base was taken for an error and every link left
/// unchecked). `extract` resolves such a base against `--base`, and
/// without one leaves the page's relative references out silently.
#[test]
fn relative_base_href() {
    let out = urilint(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--isolated",
        "--links",
        "local",
        "--format",
        "plain",
        "fixtures/links/docs/based.html",
    ]);
    assert_eq!(
        stdout(&out),
        "fixtures/links/docs/based.html:5:10: L002 no anchor install in fixtures/links/docs/guide.md; did you mean #install-it?\n\
         fixtures/links/docs/based.html:6:10: L001 links to fixtures/links/guide.md, which does not exist\n"
    );
    let out = urilint(&["extract", "--isolated", "fixtures/links/docs/based.html"]);
    assert_eq!(stdout(&out), "");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = urilint(&[
        "extract",
        "--isolated",
        "--base",
        "http://site.example/docs/based.html",
        "fixtures/links/docs/based.html",
    ]);
    assert_eq!(
        stdout(&out),
        "http://site.example/\nhttp://site.example/index.md\nhttp://site.example/docs/guide.md#install\nhttp://site.example/guide.md\n"
    );
}

/// Runs the binary in `dir` with `args`, killing it after `secs` seconds
/// (a guard for the quadratic cases of the 2026-11-29 review, which took
/// minutes; not a measure of time).
fn urilint_guarded(dir: &std::path::Path, args: &[&str], secs: u64) -> Output {
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(dir)
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run urilint");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("urilint {args:?} still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// M3 of the 2026-11-29 review: 80,000 identical headings (400 KB) took
/// 305 s to get their ids (each repeat probed `b-1`, `b-2`, ... from 1).
/// The ids are GitHub's (`b`, `b-1`, ..., `b-79999`), found within a
/// generous guard; then headings `a-1` to `a-40000` followed by 40,000
/// headings `a` (251 s before).
#[test]
fn many_repeated_headings_get_their_ids_in_linear_time() {
    let dir = tempfile::tempdir().expect("tempdir");
    let same = format!("# S\n\n{}", "## b\n\n".repeat(80_000));
    std::fs::write(dir.path().join("same.md"), same).expect("write");
    let mut around = String::from("# S\n\n");
    for i in 1..=40_000 {
        around.push_str(&format!("## a-{i}\n\n"));
    }
    around.push_str(&"## a\n\n".repeat(40_000));
    std::fs::write(dir.path().join("around.md"), around).expect("write");
    std::fs::write(
        dir.path().join("l.md"),
        "# L\n\n[1](same.md#b-79999) [2](same.md#b-80000) [3](same.md#nope)\n\n\
         [4](around.md#a-79999) [5](around.md#a-80000) [6](around.md#a-1-1)\n",
    )
    .expect("write");
    let out = urilint_guarded(
        dir.path(),
        &[
            "check",
            "--isolated",
            "--links",
            "local",
            "--select",
            "L002",
            "--format",
            "plain",
            "l.md",
        ],
        300,
    );
    let got = stdout(&out);
    let missing: Vec<&str> = got
        .lines()
        .filter_map(|l| l.split(" L002 no anchor ").nth(1))
        .map(|f| f.split(' ').next().unwrap_or(""))
        .collect();
    assert_eq!(missing, ["b-80000", "nope", "a-80000", "a-1-1"], "{got}");
}

/// Issue 46: a link destination or `href` of one word (`[MIT](LICENSE)`,
/// docsify's README) names a file beside the page and is checked; a word
/// in text, or in angle brackets, is no link.
#[test]
fn one_word_links_are_checked() {
    let out = check_links("fixtures/sites/one-word-links");
    assert_eq!(
        stdout(&out),
        "fixtures/sites/one-word-links/broken.md:3:48: L001 links to fixtures/sites/one-word-links/CHANGELOG, which does not exist\n\
         fixtures/sites/one-word-links/broken.md:4:21: L001 links to fixtures/sites/one-word-links/NOTICE, which does not exist\n"
    );
}

/// Issue 46 (withastro/starlight, 72 false L001): Starlight serves the
/// default locale's page at each configured locale's URL that lacks a
/// translation, with the default page's anchors; `locales` handed to
/// Starlight as a shorthand of a variable is read. A page missing in
/// every locale, an anchor the fallback page lacks, a locale not
/// configured and a translation's own broken anchors stay reported.
#[test]
fn starlight_fallback_pages_of_translations() {
    let out = check_links("fixtures/sites/starlight-locales");
    let d = "fixtures/sites/starlight-locales";
    let c = "src/content/docs";
    assert_eq!(
        stdout(&out),
        format!(
            "{d}/{c}/hi/broken.mdx:9:33: L001 links to /hi/guides/sidebr/, which no page of the starlight site ({d}/astro.config.mjs) makes; did you mean /guides/sidebar/?\n\
             {d}/{c}/hi/broken.mdx:10:16: L002 no anchor default-sidebr in {d}/{c}/guides/sidebar.mdx; did you mean #default-sidebar?\n\
             {d}/{c}/hi/broken.mdx:11:13: L001 links to /fr/guides/sidebar/, which no page of the starlight site ({d}/astro.config.mjs) makes; did you mean /guides/sidebar/?\n\
             {d}/{c}/ru/reference/route-data.mdx:8:34: L002 no anchor sidebarlink-type in {d}/{c}/ru/reference/route-data.mdx\n\
             {d}/{c}/ru/reference/route-data.mdx:8:80: L002 no anchor sidebargroup-type in {d}/{c}/ru/reference/route-data.mdx\n"
        )
    );
}

/// Issue 46 (fastapi/fastapi, 35 false L001): a translation directory
/// without a configuration of its own (`docs/de/docs/` beside
/// `docs/en/mkdocs.yml`), built by a script that fills the pages it lacks
/// from English, is a site whose missing pages are not checked; its
/// anchors still are. The banner's `ENGLISH_VERSION_URL` is a placeholder
/// the script replaces. The English site's broken links stay reported.
#[test]
fn mkdocs_translations_without_a_configuration() {
    let out = check_links("fixtures/sites/mkdocs-translations");
    let d = "fixtures/sites/mkdocs-translations/docs";
    assert_eq!(
        stdout(&out),
        format!(
            "{d}/de/docs/broken.md:5:43: L002 no anchor available-version in {d}/de/docs/deployment/versions.md; did you mean #available-versions?\n\
             {d}/en/docs/broken.md:3:24: L001 links to {d}/en/docs/deployment/version.md, which does not exist; did you mean versions.md?\n\
             {d}/en/docs/broken.md:3:61: L001 links to {d}/en/docs/newsletter.md, which does not exist\n"
        )
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("2 links not checked") && err.contains("the translations beside en/"),
        "{err}"
    );
}

/// Issue 46 (vuejs/pinia, 243 L002): a custom `markdown.anchor.slugify`
/// and `markdown.attrs` delimiters in a configuration module whose
/// regular expressions hold quotes and brackets are read as set, and the
/// anchors they make are not checked; a missing page still is.
#[test]
fn vitepress_custom_anchors_behind_regular_expressions() {
    let out = check_links("fixtures/sites/vitepress-pinia");
    let d = "fixtures/sites/vitepress-pinia";
    assert_eq!(
        stdout(&out),
        format!("{d}/broken.md:6:24: L001 links to {d}/cookbook/composing-store.md, which does not exist; did you mean composing-stores.md?\n")
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("3 links not checked") && err.contains("VitePress `markdown.anchor`"),
        "{err}"
    );
}

/// Pages that no site configuration found covers, whose links are
/// written for a built site (`accessibility` for `accessibility.md`,
/// facebook/react-native-website's docs outside its Docusaurus
/// directory): not reported, counted in a note; a link to nothing and a
/// missing image are still reported (issue 46, round 2).
#[test]
fn links_written_for_a_built_site_no_configuration_covers_are_not_checked() {
    let out = check_links("fixtures/sites/unbuilt");
    assert_eq!(
        stdout(&out),
        "fixtures/sites/unbuilt/docs/text.md:6:26: L001 links to fixtures/sites/unbuilt/docs/no-such-page, which does not exist\n\
         fixtures/sites/unbuilt/docs/text.md:6:66: L001 links to fixtures/sites/unbuilt/docs/img/missing.png, which does not exist\n"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("2 links not checked: written for a built site (e.g. `accessibility` in fixtures/sites/unbuilt/docs/text.md"),
        "{err}"
    );
}

/// A page of a Sphinx HTML theme (a `theme.toml` above it) that uses
/// Jinja2 is a template: sphinx-doc/sphinx's `changes/frameset.html`
/// names `changes.html`, which the changes builder writes; the same link
/// in a plain HTML page is checked (issue 46, round 2).
#[test]
fn sphinx_theme_templates_are_not_checked() {
    let out = check_links("fixtures/sites/sphinx-theme");
    assert_eq!(
        stdout(&out),
        "fixtures/sites/sphinx-theme/plain.html:2:22: L001 links to fixtures/sites/sphinx-theme/changes.html, which does not exist\n"
    );
}

/// A link to a fragment of a page whose anchors cannot all be known (a
/// Hugo shortcode on it, linkerd/website) is counted not checked with a
/// note, not passed in silence; one its text makes is found (issue 46,
/// round 2).
#[test]
fn fragments_of_pages_with_unknown_anchors_are_counted() {
    let out = check_links("fixtures/sites/unknown-anchors");
    assert_eq!(stdout(&out), "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "1 link not checked: it names a fragment that the target page's text does not make"
        ) && err
            .contains("`#no-such-anchor of fixtures/sites/unknown-anchors/reference/httproute.md`"),
        "{err}"
    );
}

/// A destination with a stray `]` (`x.md#what-is-a-universee]`,
/// rust-lang/rustc-dev-guide) is still a link: its broken anchor is
/// reported, where it was not read at all (issue 46, round 2 recall).
#[test]
fn a_destination_with_a_stray_bracket_is_checked() {
    let out = check_links("fixtures/sites/bracket-destination");
    assert_eq!(
        stdout(&out),
        "fixtures/sites/bracket-destination/normalization.md:5:13: L002 no anchor what-is-a-universee] in fixtures/sites/bracket-destination/placeholders-and-universes.md; did you mean #what-is-a-universe?\n"
    );
}

/// MyST's `dollarmath` (on in this Jupyter Book's `_config.yml`, and by
/// default): `[Q_t f](x)` and `y_t^P[G](x)` inside `$$ ... $$` are LaTeX,
/// not links to `/x` (QuantEcon/lecture-python.myst, 4 false L001 in
/// round 3); a link outside math is still checked (issue 46, round 4).
#[test]
fn myst_dollar_math_holds_no_links() {
    let out = check_links("fixtures/sites/myst-dollarmath");
    let d = "fixtures/sites/myst-dollarmath/lectures";
    assert_eq!(
        stdout(&out),
        format!("{d}/misspecified_recovery.md:40:53: L001 links to {d}/no-such-lecture.md, which does not exist\n")
    );
}

/// Markdown templates no site covers (rust-lang/cargo's mdman
/// `doc/man/*.md`, with `{{#options}}` ... `{{/options}}` and `{{> x}}`,
/// and the partial `includes/section-environment.md` they include) are
/// expanded into `doc/book/src/commands/`: their links, written for
/// `/commands/`, are counted not checked in a note (76 of 78 false L001
/// in round 3); the expanded page in the mdBook site is checked, and so
/// is a plain page beside them (issue 46, round 4).
#[test]
fn markdown_templates_expanded_elsewhere_are_not_checked() {
    let out = check_links("fixtures/sites/mdman-templates");
    let d = "fixtures/sites/mdman-templates/doc";
    assert_eq!(
        stdout(&out),
        format!("{d}/README.md:3:83: L001 links to {d}/no-such-page.md, which does not exist\n")
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("2 links not checked: in Markdown templates")
            && err.contains("expands into pages elsewhere"),
        "{err}"
    );
}

/// A missing target that the repository's `.gitignore` ignores is a file
/// a build step writes, also linked from a file no site covers
/// (vuejs/devtools' Electron shell `packages/electron/app.html` loading
/// `./dist/devtools.js` and `./client/devtools-panel.css`, issue 46 round
/// 3): counted not checked with the note, not reported; a missing file
/// nothing ignores still is.
#[test]
fn ignored_build_outputs_outside_a_site_are_counted() {
    let out = check_links("fixtures/sites/gitignored-outputs");
    assert_eq!(
        stdout(&out),
        "fixtures/sites/gitignored-outputs/packages/electron/notes.html:3:13: L001 links to fixtures/sites/gitignored-outputs/packages/electron/app.js, which does not exist\n"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("a target the repository's .gitignore ignores is made by a build step (2)")
            && err.contains(
                "a target the repository's .gitignore ignores is made by a build step (1)"
            ),
        "{err}"
    );
}

/// A link from a file outside every site into a git submodule that is
/// not checked out (open-telemetry/opentelemetry.io's `AGENTS.md` to
/// `themes/docsy/AGENTS.md`, `themes/docsy` listed in `.gitmodules`, its
/// directory absent): counted not checked in one note naming
/// `.gitmodules` and the submodule, not reported; a missing file outside
/// any submodule still is (issue 46, round 6).
#[test]
fn links_into_a_submodule_not_checked_out_are_counted() {
    let out = check_links("fixtures/sites/submodule-outside-site");
    let d = "fixtures/sites/submodule-outside-site";
    assert_eq!(
        stdout(&out),
        format!("{d}/AGENTS.md:4:53: L001 links to {d}/no-such-notes.md, which does not exist\n")
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "{d}/.gitmodules: 1 link not checked: it leads into a git submodule it lists that is not checked out (its directory is empty or absent): `themes/docsy` (1, e.g. `themes/docsy/AGENTS.md` in {d}/AGENTS.md)"
        )),
        "{err}"
    );
}

/// HTML templates of web applications outside any docs site (issue 46,
/// round 5): a Thymeleaf template's `<form action="./session">` is a
/// route of the Spring application (spring-projects/spring-session), and
/// a Flutter web page's `<base href="$FLUTTER_BASE_HREF">` is filled in
/// by `flutter build web`, which also writes its `flutter_bootstrap.js`
/// (sst/sst): counted not checked with a note naming the page and the
/// markup or placeholder; a plain page's broken link is still reported.
#[test]
fn web_application_templates_are_not_checked() {
    let out = check_links("fixtures/sites/webapp-templates");
    let d = "fixtures/sites/webapp-templates";
    assert_eq!(
        stdout(&out),
        format!("{d}/plain/index.html:5:10: L001 links to {d}/plain/no-such-page.html, which does not exist\n")
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("1 link not checked: in HTML templates of a web application (e.g. `./session` in fixtures/sites/webapp-templates/spring/templates/home.html, which has Thymeleaf `th:` attributes)"),
        "{err}"
    );
    assert!(
        err.contains("links not checked: relative to a `<base href=\"$FLUTTER_BASE_HREF\">` of fixtures/sites/webapp-templates/flutter/web/index.html that a build fills in"),
        "{err}"
    );
}

/// A text fragment (`#:~:text=...`, URL Fragment Text Directives) names
/// no element and is never a missing anchor; the id before the delimiter
/// (`#id:~:text=...`) still must be there (argoproj/argo-cd,
/// fixtures/sites/text-fragments/SOURCE).
#[test]
fn text_fragments_name_only_the_id_before_the_delimiter() {
    let out = check_links("fixtures/sites/text-fragments");
    let d = "fixtures/sites/text-fragments/docs";
    assert_eq!(
        stdout(&out),
        format!("{d}/Generators-Git.md:7:31: L002 no anchor gone:~:text=example in {d}/argocd-cm-yaml.md\n")
    );
}

/// A relative link that climbs back to where the check started (`../`
/// from `docs/x.md`, `<base href="../">`, checked as `.` from the tree's
/// top) leads to that directory: no `L001` "links to , which does not
/// exist" (the empty path was asked of the file system; found comparing
/// the language server's findings with check's on fixtures/links).
#[test]
fn links_back_to_the_start_of_the_walk_exist() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    std::fs::create_dir_all(d.join("docs")).expect("mkdir");
    std::fs::write(
        d.join("docs/x.md"),
        "[up](../) [root](..) [dot](./) [gone](../gone/)\n",
    )
    .expect("write");
    std::fs::write(
        d.join("docs/b.html"),
        "<html><head><base href=\"../\"></head><body><a href=\"docs/x.md\">x</a></body></html>\n",
    )
    .expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(d)
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
        .expect("run urilint");
    assert_eq!(
        stdout(&out),
        "./docs/x.md:1:39: L001 links to gone, which does not exist\n"
    );
}

/// A page whose text holds a Liquid include (here in a code span of
/// prose documenting templates, as docs/links.md does) or a Hugo
/// shortcode may have ids its template writes; its own headings are still
/// its own: a link to one is checked and found, and only a fragment the
/// page does not make is counted as not checked.
#[test]
fn own_headings_of_a_templated_page_are_found() {
    let out = check_links("fixtures/sites/templated");
    assert_eq!(stdout(&out), "");
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "2 links not checked: they name a fragment that the target page's text does not make"
        ) && err.contains("`#from-the-include of fixtures/sites/templated/liquid.md`"),
        "{err}"
    );
}
