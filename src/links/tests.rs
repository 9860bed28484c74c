//! Tests of `links` (its module's own tests; the integration tests are in
//! `tests/it/`).

use super::*;
use std::fs;

/// A directory's names are read once per run for the "did you mean"s
/// of its missing files (8,000 broken links into a directory of 1,600
/// entries read it 8,000 times: 4.5 s): a file made after the first
/// look is not offered.
#[test]
fn a_directory_is_listed_once_for_suggestions() {
    let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = t.path();
    fs::write(d.join("guide.md"), "# Guide\n").unwrap_or_else(|e| panic!("{e}"));
    let links = LocalLinks::new(None, None);
    assert_eq!(
        links.closest_file(&d.join("guid.md")).as_deref(),
        Some("guide.md")
    );
    fs::write(d.join("install.md"), "# Install\n").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(links.closest_file(&d.join("instal.md")), None);
    assert_eq!(
        LocalLinks::new(None, None)
            .closest_file(&d.join("instal.md"))
            .as_deref(),
        Some("install.md")
    );
}

/// RFC 3986 section 5.4's references that end in a dot-segment (and
/// some that do not), against its base `http://a/b/c/d;p?q`: a base
/// href names a directory exactly when the resolved path ends in `/`
/// (CyC2018/CS-Notes' `<base href="../..">`, issue 46).
#[test]
fn base_href_directory_as_rfc_3986_resolves_it() {
    let rfc = "http://a/b/c/d;p?q";
    for (r, directory) in [
        (".", true),
        ("./", true),
        ("..", true),
        ("../", true),
        ("../..", true),
        ("../../", true),
        ("./g/.", true),
        ("g/..", true),
        ("/./g/..", true),
        ("../../../..", true),
        ("g", false),
        ("g.", false),
        ("..g", false),
        ("g..", false),
        ("./../g", false),
        ("g/../h", false),
        ("/../g", false),
    ] {
        assert_eq!(base_names_directory(r), directory, "{r}");
        let resolved = crate::resolve::resolve_str(rfc, r, Default::default())
            .map(|u| u.to_string())
            .unwrap_or_default();
        assert_eq!(resolved.ends_with('/'), directory, "{r}: {resolved}");
    }
}

#[test]
fn files_directories_and_anchors() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let root = dir.path();
    fs::create_dir_all(root.join("docs/sub dir")).unwrap_or_else(|e| panic!("{e}"));
    fs::write(
            root.join("docs/guide.md"),
            "# Install it\n\n## Café & Tea\n\n## Install it\n\n<a name=\"old\"></a>\n### Custom {#my-id}\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
    fs::write(
        root.join("docs/sub dir/page.html"),
        "<h1 id=\"Top-Part\">x</h1>",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    fs::write(root.join("README.md"), "# Read me\n").unwrap_or_else(|e| panic!("{e}"));
    let file = root.join("docs/index.md");
    let links = LocalLinks::new(
        Some(root.to_path_buf()),
        Some("https://site.example/".into()),
    );
    let ok = |r: &str| assert_eq!(links.check(&file, r, None), None, "{r}");
    ok("guide.md");
    ok("./guide.md#install-it");
    ok("guide.md#install-it-1");
    ok("guide.md#café--tea");
    ok("guide.md#caf%C3%A9--tea");
    ok("guide.md#Install-It");
    ok("guide.md#old");
    ok("guide.md#my-id");
    ok("sub%20dir/page.html#Top-Part");
    ok("sub%20dir/");
    ok("../README.md#read-me");
    ok("/README.md");
    ok("https://site.example/README.md#read-me");
    ok("https://other.example/missing.md");
    ok("//cdn.example/missing.js");
    ok("guide.md?raw=1");
    assert_eq!(
        links.check(&file, "missing.md", None),
        Some(Problem::MissingTarget {
            path: root.join("docs/missing.md"),
            suggestion: None,
        })
    );
    assert_eq!(
        links.check(&file, "guide.md#nowhere", None),
        Some(Problem::MissingAnchor {
            path: root.join("docs/guide.md"),
            fragment: "nowhere".into(),
            suggestion: None,
        })
    );
    // Did you mean: the closest file beside, the closest anchor.
    assert_eq!(
        links.check(&file, "guid.md", None),
        Some(Problem::MissingTarget {
            path: root.join("docs/guid.md"),
            suggestion: Some("guide.md".into()),
        })
    );
    assert_eq!(
        links.check(&file, "guide.md#instal-it", None),
        Some(Problem::MissingAnchor {
            path: root.join("docs/guide.md"),
            fragment: "instal-it".into(),
            suggestion: Some("install-it".into()),
        })
    );
    assert!(links
        .check(&file, "sub%20dir/page.html#top-part", None)
        .is_some());
    assert!(links
        .check(&file, "https://site.example/gone.md", None)
        .is_some());
    assert!(links
        .check(&file, "x.html", Some("https://site.example/docs/"))
        .is_some());
    assert_eq!(
        links.check(&file, "x.html", Some("https://other.example/")),
        None
    );
    let no_root = LocalLinks::new(None, None);
    assert_eq!(no_root.check(&file, "/nowhere.md", None), None);
}
