//! `urilint mv` on Hugo sites (issue 51, the Hugo causes of
//! review/mv-2026-11-30.md), over the excerpt of kubernetes-sigs/kind in
//! `fixtures/mv/hugo` (its SOURCE): its `layouts/index.redirects`
//! computes a Netlify rule per API version (`/v1alpha4 https://...`),
//! unforced, so it cannot move a page: root-relative links follow a
//! moved page (they were all left alone, exit 1).
#![cfg(feature = "cli")] // runs the `urilint` binary

use super::since::{have_git, mv_site, no_broken_link, read, urilint, urilint_ok};

#[test]
fn mv_hugo_computed_unforced_redirects_leave_pages_where_they_are() {
    if !have_git() {
        return;
    }
    let dir = mv_site("hugo");
    let d = dir.path();
    no_broken_link(d);
    let out = urilint_ok(
        d,
        &[
            "mv",
            "site/content/docs/user/quick-start.md",
            "site/content/docs/user/quickstart.md",
        ],
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("0 left alone"), "{said}");
    let page = read(d, "site/content/docs/user/using-wsl2.md");
    assert!(
        page.contains("[Quick Start](/docs/user/quickstart) to set up"),
        "{page}"
    );
    no_broken_link(d);
}

/// A forced rule (`301!`) whose source a template computes may be served
/// where any page is (Netlify's shadowing): the page's new URL is not
/// sure, and the link is left alone and named (exit 1).
#[test]
fn mv_hugo_computed_forced_redirects_leave_links_alone() {
    if !have_git() {
        return;
    }
    let dir = mv_site("hugo");
    let d = dir.path();
    let rules = d.join("site/layouts/index.redirects");
    let text = std::fs::read_to_string(&rules).unwrap_or_else(|e| panic!("{e}"));
    let forced = text.replace("/config/{{ . }}", "/config/{{ . }} 301!");
    assert_ne!(forced, text);
    std::fs::write(&rules, forced).unwrap_or_else(|e| panic!("{e}"));
    let out = urilint(
        d,
        &[
            "mv",
            "site/content/docs/user/quick-start.md",
            "site/content/docs/user/quickstart.md",
        ],
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("left alone: /docs/user/quick-start:")
            && said.contains("layouts/index.redirects"),
        "{said}"
    );
    assert!(read(d, "site/content/docs/user/using-wsl2.md").contains("(/docs/user/quick-start)"));
}

/// kind has templates for its `docs` section alone: a page moved to the
/// content root would not be published (Hugo warns "found no layout
/// file" and writes no page, and its menu entry and every link to it
/// break: review/mv-2026-11-30 H3, kind's `/rootless`,
/// `/private-registries`): `mv` refuses it, naming why, and moves nothing.
#[test]
fn mv_hugo_page_moved_where_no_template_renders_it() {
    if !have_git() {
        return;
    }
    let dir = mv_site("hugo");
    let d = dir.path();
    let out = urilint(
        d,
        &[
            "mv",
            "site/content/docs/user/known-issues.md",
            "site/content/",
        ],
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("would not publish the page there"), "{said}");
    assert!(d.join("site/content/docs/user/known-issues.md").is_file());
    assert!(!d.join("site/content/known-issues.md").exists());
    let page = read(d, "site/content/docs/user/using-wsl2.md");
    assert!(page.contains("(/docs/user/known-issues/)"), "{page}");
    // Within `docs`, the same page follows.
    let dir = mv_site("hugo");
    let d = dir.path();
    urilint_ok(
        d,
        &[
            "mv",
            "site/content/docs/user/known-issues.md",
            "site/content/docs/known-issues.md",
        ],
    );
    let page = read(d, "site/content/docs/user/using-wsl2.md");
    assert!(page.contains("(/docs/known-issues/)"), "{page}");
    // The link of quick-start.md's front matter `description`, which
    // kind's `partials/fancymarkdown.html` renders with `markdownify`
    // (review/mv-2026-11-30 H2): rewritten too, in its YAML block.
    let page = read(d, "site/content/docs/user/quick-start.md");
    assert!(
        page.contains("\n  [known issues]: /docs/known-issues\n---\n"),
        "{page}"
    );
    no_broken_link(d);
}

/// `check --links local` reads the links of a front matter
/// `description` that the site's templates render as Markdown, and only
/// then: kind's `fancymarkdown.html` does.
#[test]
fn check_reads_a_description_the_templates_render_as_markdown() {
    if !have_git() {
        return;
    }
    let dir = mv_site("hugo");
    let d = dir.path();
    // kind's computed redirects may serve any missing URL (the link
    // would be counted as not checked): without them.
    std::fs::remove_file(d.join("site/layouts/index.redirects")).unwrap_or_else(|e| panic!("{e}"));
    let page = d.join("site/content/docs/user/quick-start.md");
    let text = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{e}"));
    let broken = text.replace(
        "[known issues]: /docs/user/known-issues\n",
        "[known issues]: /docs/user/known-issue\n",
    );
    assert_ne!(broken, text);
    std::fs::write(&page, broken).unwrap_or_else(|e| panic!("{e}"));
    let args = [
        "check",
        "--isolated",
        "--links",
        "local",
        "--format",
        "plain",
        ".",
    ];
    let out = urilint(d, &args);
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("site/content/docs/user/quick-start.md:14:")
            && said.contains("L001")
            && said.contains("/docs/user/known-issue"),
        "{said}"
    );
    // Without a template that renders it, the field is not read.
    std::fs::remove_file(d.join("site/layouts/partials/fancymarkdown.html"))
        .unwrap_or_else(|e| panic!("{e}"));
    no_broken_link(d);
}
