//! Tests of `site` (its module's own tests; the integration tests are in
//! `tests/it/`).

use super::*;

/// Issue 46: a site that does something the model does not read that
/// may make pages leaves a link to a page nothing makes unchecked, with
/// the reason; without it, the link is missing. A page that exists is
/// found either way.
#[test]
fn unsure_pages_make_missing_links_unsure() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    std::fs::create_dir_all(root.join("docs")).expect("mkdir");
    std::fs::write(root.join("docs/index.md"), "# x\n").expect("write");
    std::fs::write(root.join("docs/there.md"), "# y\n").expect("write");
    let page = root.join("docs/index.md");
    let mut layout = Layout::new(Generator::MkDocs, root, &root.join("mkdocs.yml"));
    layout.source_dir = root.join("docs");
    let sure = Site::new(layout.clone());
    assert!(matches!(
        sure.resolve(&page, "gone/"),
        Resolved::Missing { .. }
    ));
    layout
        .unsure_pages
        .push("the hook `hooks/x.py` (mkdocs.yml)".into());
    layout
        .unsure_pages
        .push("the plugin `i18n` (mkdocs.yml)".into());
    let unsure = Site::new(layout);
    assert_eq!(
            unsure.resolve(&page, "gone/"),
            Resolved::Unsure {
                reason: "the hook `hooks/x.py` (mkdocs.yml) and the plugin `i18n` (mkdocs.yml) may make or move pages".into()
            }
        );
    assert!(matches!(
        unsure.resolve(&page, "there.md"),
        Resolved::File(_)
    ));
    assert_eq!(unsure.unsure_anchors(), None);
}

/// Each generator is found by the names it looks for, without a
/// thread for a directory that has none of them.
#[test]
fn in_dir_finds_each_configuration() {
    let cases: [(&str, &str, Generator); 11] = [
        ("mkdocs.yml", "site_name: x\n", Generator::MkDocs),
        (
            ".vitepress/config.ts",
            "export default {}\n",
            Generator::VitePress,
        ),
        (
            "docusaurus.config.js",
            "module.exports = {};\n",
            Generator::Docusaurus,
        ),
        ("book.toml", "[book]\n", Generator::MdBook),
        ("antora.yml", "name: x\nversion: ~\n", Generator::Antora),
        ("hugo.toml", "title = 'x'\n", Generator::Hugo),
        ("conf.py", "project = 'x'\n", Generator::Sphinx),
        ("zola.toml", "base_url = '/'\n", Generator::Zola),
        ("_config.yml", "title: x\n", Generator::Jekyll),
        (
            "myst.yml",
            "version: 1\nproject:\n  title: x\n",
            Generator::JupyterBook,
        ),
        (
            "index.html",
            "<script>window.$docsify = { name: 'x' };</script>\n",
            Generator::Docsify,
        ),
    ];
    for (name, text, generator) in cases {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, text).expect("write");
        let site = Site::in_dir(dir.path()).expect(name);
        assert_eq!(site.generator(), generator, "{name}");
        assert!(generator.config_names().iter().any(|n| name.starts_with(n)));
    }
    let empty = tempfile::tempdir().expect("tempdir");
    std::fs::write(empty.path().join("index.md"), "# x\n").expect("write");
    assert!(Site::in_dir(empty.path()).is_none());
}

/// H3 of the 2026-11-29 review: the alias bomb (11 levels, 10^11
/// nodes expanded) as `mkdocs.yml`, `_config.yml` and `hugo.yaml` is
/// refused before expansion, with a note, and the generator's
/// defaults are assumed, as for an unreadable configuration; a Jekyll
/// page whose front matter holds it is served at its path, with a
/// note.
#[test]
fn alias_bombs_in_configurations_give_defaults_and_a_note() {
    let bomb = |head: &str| yaml::alias_bomb(head, 11);
    let cases = [
        ("mkdocs.yml", bomb("site_name: x\ndocs_dir: src\n"), "docs"),
        ("_config.yml", bomb("source: src\n"), ""),
        ("hugo.yaml", bomb("contentDir: src\n"), "content"),
    ];
    for (name, text, source) in cases {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join(name), &text).expect("write");
        let site = Site::in_dir(dir.path()).expect(name);
        let notes = site.notes().join("\n");
        assert!(
            notes.contains("aliases would expand") && notes.contains("defaults assumed"),
            "{name}: {notes}"
        );
        assert_eq!(site.layout.source_dir, dir.path().join(source), "{name}");
    }
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("_config.yml"), "title: x\n").expect("write");
    let page = dir.path().join("page.md");
    std::fs::write(
        &page,
        format!("---\n{}---\n# P\n", bomb("permalink: /p/\n")),
    )
    .expect("write");
    let site = Site::in_dir(dir.path()).expect("jekyll");
    assert_eq!(site.page_url(&page).as_deref(), Some("/page.html"));
    let notes = site.notes().join("\n");
    assert!(notes.contains("page.md: front matter"), "{notes}");
}

/// M7 of the 2026-11-29 review: a site configuration another user
/// may have written is passed over (a warning on standard error), as
/// a `urilint.toml` is; and the search upwards stops at a directory
/// others may write. The file given to another user only as root.
#[cfg(feature = "cli")]
#[test]
fn planted_configurations_are_passed_over() {
    use std::os::unix::fs::PermissionsExt;
    let cache = std::sync::Mutex::new(HashMap::new());
    let mode = |p: &Path, m: u32| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).expect("chmod")
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    std::fs::create_dir_all(d.join("shared/proj")).expect("mkdir");
    let page = d.join("shared/proj/a.md");
    std::fs::write(&page, "# A\n").expect("write");
    let planted = d.join("shared/mkdocs.yml");
    std::fs::write(&planted, "site_name: x\ndocs_dir: .\n").expect("write");
    // Obeyed while the file and its directory are the user's own.
    assert!(Site::of_file(&page, None, &cache).is_some());
    // Writable by others: passed over.
    mode(&planted, 0o666);
    assert!(Site::in_dir(&d.join("shared")).is_none());
    mode(&planted, 0o644);
    // In a directory others may write, sticky: the search stops
    // there, before (and so without) reading a file above it.
    mode(&d.join("shared"), 0o1777);
    std::fs::rename(&planted, d.join("mkdocs.yml")).expect("mv");
    let cache = std::sync::Mutex::new(HashMap::new());
    assert!(Site::of_file(&page, None, &cache).is_none());
    // Not sticky: a file in it is passed over.
    mode(&d.join("shared"), 0o777);
    std::fs::rename(d.join("mkdocs.yml"), &planted).expect("mv");
    assert!(Site::in_dir(&d.join("shared")).is_none());
    mode(&d.join("shared"), 0o755);
    assert!(Site::in_dir(&d.join("shared")).is_some());
    if !rustix::process::geteuid().is_root() {
        eprintln!("skipped the other owner's case: needs root to give a file to nobody");
        return;
    }
    std::os::unix::fs::chown(&planted, Some(65534), Some(65534)).expect("chown");
    assert!(Site::in_dir(&d.join("shared")).is_none());
}

/// M6 of the 2026-11-29 review: directories a configuration names
/// outside the repository (an absolute path, `..`, a symbolic link in
/// the tree) are refused with a note and never walked; the source
/// directory then stands at the project's directory.
#[test]
fn directories_outside_the_repository_are_refused() {
    let cases = [
            ("mkdocs.yml", "site_name: x\ndocs_dir: /\ntheme:\n  custom_dir: /\n"),
            ("mkdocs.yml", "site_name: x\ndocs_dir: ../..\n"),
            ("mkdocs.yml", "site_name: x\ndocs_dir: etc\n"),
            (
                "hugo.toml",
                "contentDir = \"/\"\nstaticDir = \"../..\"\n",
            ),
            (
                "hugo.toml",
                "[[module.mounts]]\nsource = \"/etc\"\ntarget = \"content\"\n[[module.mounts]]\nsource = \"/\"\ntarget = \"static/x\"\n",
            ),
            ("_config.yml", "source: /\n"),
        ];
    for (name, text) in cases {
        let dir = tempfile::tempdir().expect("tempdir");
        let repo = std::fs::canonicalize(dir.path())
            .expect("real")
            .join("repo");
        std::fs::create_dir_all(repo.join(".git")).expect("mkdir");
        std::os::unix::fs::symlink("/etc", repo.join("etc")).expect("symlink");
        std::fs::write(repo.join(name), text).expect("write");
        let site = Site::in_dir(&repo).expect(name);
        let l = &site.layout;
        let dirs = std::iter::once(&l.source_dir)
            .chain(&l.static_dirs)
            .chain(&l.theme_dirs)
            .chain(l.mounts.iter().map(|(d, _)| d));
        for d in dirs {
            let real = lexically_clean(d);
            assert!(
                real.starts_with(&repo) && !real.starts_with(repo.join("etc")),
                "{name}: {text}: {}",
                d.display()
            );
        }
        let notes = site.notes().join("\n");
        assert!(
            notes.contains("lies outside the repository"),
            "{name}: {text}: {notes}"
        );
        // The pages of the file system are not walked.
        assert!(site.pages().all(|(f, _)| f.starts_with(&repo)), "{name}");
    }
    // In no repository: the directory the configuration was found
    // from bounds it (a Docusaurus `website/` whose docs are beside it
    // is still read).
    let dir = tempfile::tempdir().expect("tempdir");
    let top = std::fs::canonicalize(dir.path()).expect("real");
    std::fs::create_dir_all(top.join("website")).expect("mkdir");
    std::fs::create_dir_all(top.join("docs")).expect("mkdir");
    std::fs::write(
            top.join("website/docusaurus.config.js"),
            "export default { presets: [['@docusaurus/preset-classic', { docs: { path: '../docs', routeBasePath: '/' } }]] };\n",
        )
        .expect("write");
    let site = Site::in_dir(&top).expect("docusaurus");
    assert_eq!(lexically_clean(&site.layout.source_dir), top.join("docs"));
    assert!(site.notes().is_empty(), "{:?}", site.notes());
}

#[test]
fn base_paths() {
    assert_eq!(base_path_of("https://example.org"), "/");
    assert_eq!(base_path_of("https://example.org/docs"), "/docs/");
    assert_eq!(base_path_of("/vite/"), "/vite/");
    assert_eq!(base_path_of(""), "/");
}

#[test]
fn percent_decoding() {
    assert_eq!(percent_decode("a%20b%2"), "a b%2");
    assert_eq!(percent_decode("caf%C3%A9"), "café");
}
