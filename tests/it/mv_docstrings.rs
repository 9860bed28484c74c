//! Links in Python docstrings that a site renders into a page (issue 51,
//! cause C of review/mv-2026-11-30.md): `check --links local` checks them
//! as links of that page, and `urilint mv` rewrites them, over the
//! excerpts of mkdocs/mkdocs (`fixtures/mv/mkdocstrings`: mkdocstrings'
//! `::: mkdocs.plugins.BasePlugin.on_files` in `docs/dev-guide/plugins.md`)
//! and pallets/flask (`fixtures/mv/autodoc`: autodoc's `.. autoclass::
//! flask.views.View` in `docs/api.rst`); their SOURCE files name the
//! commits.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::path::Path;

use super::since::{git, have_git, mv_site, no_broken_link, read, urilint, urilint_ok};

/// `check --links local --format plain .` in `d`: its exit status and
/// standard output.
fn check(d: &Path) -> (Option<i32>, String) {
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
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Writes `text` with `from` replaced by `to` back to `d/file`.
/// The move every test here makes: the page that renders the
/// mkdocstrings blocks, renamed in its folder.
const MOVE_PLUGINS_PAGE: &[&str] = &[
    "mv",
    "docs/dev-guide/plugins.md",
    "docs/dev-guide/plugins-api.md",
];

fn edit(d: &Path, file: &str, from: &str, to: &str) {
    let text = read(d, file);
    let edited = text.replace(from, to);
    assert_ne!(edited, text, "{file}: {from}");
    std::fs::write(d.join(file), edited).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn check_reads_mkdocstrings_docstrings_from_the_page_that_renders_them() {
    if !have_git() {
        return;
    }
    let dir = mv_site("mkdocstrings");
    let d = dir.path();
    // Both docstring links resolve from docs/dev-guide/plugins.md.
    no_broken_link(d);
    // (A fragment of that page is not checked: mkdocstrings writes
    // headings the page's text does not make.)
    edit(
        d,
        "mkdocs/plugins.py",
        "(plugins.md#handling-errors)",
        "(plugin.md#handling-errors)",
    );
    // The module no page renders: its link is not read.
    edit(d, "mkdocs/commands.py", "(plugins.md#", "(gone.md#");
    let (code, said) = check(d);
    assert_eq!(code, Some(1), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.starts_with("./mkdocs/plugins.py:29:27: L001 ")
            && said.contains("plugin.md")
            && said.contains("rendered on docs/dev-guide/plugins.md"),
        "{said}"
    );
}

#[test]
fn check_reads_autodoc_docstrings_from_the_page_that_renders_them() {
    if !have_git() {
        return;
    }
    let dir = mv_site("autodoc");
    let d = dir.path();
    no_broken_link(d);
    edit(
        d,
        "src/flask/views.py",
        "See :doc:`views` for a detailed guide.\n\n    .. code",
        "See :doc:`view` for a detailed guide.\n\n    .. code",
    );
    edit(d, "src/flask/cli.py", ":doc:`views`", ":doc:`gone`");
    let (code, said) = check(d);
    assert_eq!(code, Some(1), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.starts_with("./src/flask/views.py:23:15: L001 :doc: names the document view,")
            && said.contains("rendered on docs/api.rst"),
        "{said}"
    );
}

#[test]
fn mv_rewrites_the_docstring_links_of_a_moved_mkdocstrings_page() {
    if !have_git() {
        return;
    }
    let dir = mv_site("mkdocstrings");
    let d = dir.path();
    let out = urilint_ok(d, MOVE_PLUGINS_PAGE);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("0 left alone"), "{said}");
    let source = read(d, "mkdocs/plugins.py");
    assert!(
        source.contains("Use [Page Events](plugins-api.md#page-events) to")
            && source.contains("[Handling Errors](plugins-api.md#handling-errors) for"),
        "{source}"
    );
    // Only the two links changed, byte for byte.
    let before = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mv/mkdocstrings/mkdocs/plugins.py"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(source.replace("plugins-api.md#", "plugins.md#"), before);
    // The module no page renders is not touched.
    assert!(read(d, "mkdocs/commands.py").contains("(plugins.md#page-events)"));
    no_broken_link(d);
}

#[test]
fn mv_rewrites_the_docstring_roles_autodoc_renders() {
    if !have_git() {
        return;
    }
    let dir = mv_site("autodoc");
    let d = dir.path();
    std::fs::create_dir(d.join("docs/patterns")).unwrap_or_else(|e| panic!("{e}"));
    urilint_ok(d, &["mv", "docs/views.rst", "docs/patterns/"]);
    let source = read(d, "src/flask/views.py");
    assert_eq!(
        source.matches(":doc:`patterns/views`").count(),
        2,
        "{source}"
    );
    assert!(read(d, "src/flask/cli.py").contains(":doc:`views`"));
    no_broken_link(d);
    // The page that renders them moves: relative roles follow it.
    std::fs::create_dir(d.join("docs/reference")).unwrap_or_else(|e| panic!("{e}"));
    urilint_ok(d, &["mv", "docs/api.rst", "docs/reference/"]);
    let source = read(d, "src/flask/views.py");
    assert_eq!(
        source.matches(":doc:`../patterns/views`").count(),
        2,
        "{source}"
    );
    no_broken_link(d);
}

/// A block whose options choose the members (`members: [...]`): whether
/// it renders `on_files` is not sure, so `mv` leaves the link alone and
/// names it (exit 1), and `check` counts it as not checked.
#[test]
fn mv_names_a_docstring_link_whose_rendering_page_is_not_sure() {
    if !have_git() {
        return;
    }
    let dir = mv_site("mkdocstrings");
    let d = dir.path();
    edit(
        d,
        "docs/dev-guide/plugins.md",
        "::: mkdocs.plugins.BasePlugin.on_files\n    options:\n",
        "::: mkdocs.plugins.BasePlugin\n    options:\n        members: [on_files]\n",
    );
    git(d, &["commit", "-qam", "members"]);
    let out = urilint(d, MOVE_PLUGINS_PAGE);
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("left alone: plugins.md#page-events")
            && said.contains("may render (the mkdocstrings option `members`"),
        "{said}"
    );
    let source = read(d, "mkdocs/plugins.py");
    assert!(source.contains("(plugins.md#page-events)"), "{source}");
    // The sure one follows.
    assert!(
        source.contains("(plugins-api.md#handling-errors)"),
        "{source}"
    );
}

/// A Python file whose docstrings a page renders but that the lexer
/// cannot read to its end (an unterminated literal): nothing of it is
/// written, `mv` names it (exit 1), and `check` counts its links as not
/// checked, reporting none.
#[test]
fn an_unreadable_rendered_file_is_named_and_not_written() {
    if !have_git() {
        return;
    }
    let dir = mv_site("mkdocstrings");
    let d = dir.path();
    let file = d.join("mkdocs/plugins.py");
    let mut text = read(d, "mkdocs/plugins.py");
    text.push_str("\nx = '''never ends\n");
    std::fs::write(&file, &text).unwrap_or_else(|e| panic!("{e}"));
    git(d, &["commit", "-qam", "unterminated"]);
    let (code, said) = check(d);
    assert_eq!((code, said.as_str()), (Some(0), ""));
    let out = urilint(d, MOVE_PLUGINS_PAGE);
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("mkdocs/plugins.py") && said.contains("are not read: a string literal"),
        "{said}"
    );
    assert_eq!(read(d, "mkdocs/plugins.py"), text);
}
