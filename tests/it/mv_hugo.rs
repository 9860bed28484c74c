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
