//! mkdocs-autorefs' cross-references with `check --since` (issue 51): in
//! an MkDocs site with the `autorefs` or `mkdocstrings` plugin, a
//! reference link with no definition (`[text][id]`, `[id][]`) names a
//! heading's id on any page; one whose heading a page changed since the
//! revision reworded or removed is reported (`L002`), with the safe fix
//! to the new id when reworded. Over the excerpt of mkdocs/mkdocs in
//! `fixtures/mv/mkdocs` (its SOURCE names the commit).
#![cfg(feature = "cli")] // runs the `urilint` binary

use super::since::{
    have_git, no_broken_link, read, reworded_site, since_base, text, urilint, write,
};

#[test]
fn since_fix_follows_an_autorefs_cross_reference_to_a_reworded_heading() {
    if !have_git() {
        return;
    }
    // MkDocs with mkdocs-autorefs (`fixtures/mv/mkdocs`, its `mkdocs.yml`
    // given the plugin as mkdocs/mkdocs's own has it; `docs/names.md`
    // written for the test after the references of mkdocs' docstrings,
    // `[site_url][]`): a reference link with no definition is a
    // cross-reference to a heading's id on any page. `### site_name`
    // reworded `### site_name setting`: the id is `site_name-setting`.
    let dir = reworded_site(
        "mkdocs",
        &[
            ("mkdocs.yml", "site_name: MkDocs\nplugins:\n  - autorefs\n"),
            (
                "docs/names.md",
                "# Names\n\nThe [site_name][] is shown in the header;\nsee [the name][site_name].\nObjects: [`mkdocs.config`][] and [int][].\n",
            ),
        ],
        "docs/user-guide/configuration.md",
        "### site_name",
        "### site_name setting",
    );
    let d = dir.path();
    // Without `--since` a cross-reference is not checked: which ids the
    // site has is not all known (the fixture's own links to
    // `#site_name` are reported).
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
    assert!(!text(&out).contains("names.md"), "{}", text(&out));
    let out = since_base(d, &["--format", "plain", "."]);
    let found = text(&out);
    assert_eq!(out.status.code(), Some(1), "{found}");
    let l002: Vec<&str> = found
        .lines()
        .filter(|l| l.contains(" L002 ") && l.contains("names.md"))
        .collect();
    assert_eq!(l002.len(), 2, "{found}");
    assert!(
        l002[0].contains("names.md:3:")
            && l002[0].contains("mkdocs-autorefs")
            && l002[0].contains("configuration.md had it at base")
            && l002[0].contains("heading reworded: it is now #site_name-setting"),
        "{found}"
    );
    assert!(l002[1].contains("names.md:4:"), "{found}");
    let out = since_base(d, &["--fix", "."]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        read(d, "docs/names.md"),
        "# Names\n\nThe [site_name][site_name-setting] is shown in the header;\nsee [the name][site_name-setting].\nObjects: [`mkdocs.config`][] and [int][].\n"
    );
    no_broken_link(d);
}

#[test]
fn since_reports_an_autorefs_cross_reference_whose_heading_is_gone() {
    if !have_git() {
        return;
    }
    // The heading removed, not reworded: reported, with no fix; the same
    // link in a site without autorefs is bracketed text, not a link.
    let dir = reworded_site(
        "mkdocs",
        &[
            (
                "mkdocs.yml",
                "site_name: MkDocs\nplugins:\n  - mkdocstrings\n",
            ),
            ("docs/names.md", "# Names\n\nSee [site_name][].\n"),
        ],
        "docs/user-guide/configuration.md",
        "### site_name\n",
        "",
    );
    let d = dir.path();
    let out = since_base(d, &["--format", "plain", "."]);
    let found = text(&out);
    assert_eq!(out.status.code(), Some(1), "{found}");
    let names: Vec<&str> = found.lines().filter(|l| l.contains("names.md")).collect();
    assert!(
        names.len() == 1
            && names[0].contains("names.md:3:")
            && names[0].contains("L002")
            && !names[0].contains("it is now"),
        "{found}"
    );
    let out = since_base(d, &["--fix", "."]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert_eq!(read(d, "docs/names.md"), "# Names\n\nSee [site_name][].\n");
    write(d, "mkdocs.yml", "site_name: MkDocs\n");
    let out = since_base(d, &["--format", "plain", "."]);
    assert!(!text(&out).contains("names.md"), "{}", text(&out));
}

#[test]
fn since_fix_follows_a_docstring_cross_reference_to_a_reworded_heading() {
    if !have_git() {
        return;
    }
    // `fixtures/mv/mkdocstrings` (mkdocs' `BasePlugin.on_files`, rendered
    // by `::: mkdocs.plugins.BasePlugin.on_files` on
    // `docs/dev-guide/plugins.md`): its docstring's link to
    // `#page-events` written as the cross-reference `[Page Events][]`,
    // as mkdocs' own docstrings write `[site_url][]`. `#### Page Events`
    // reworded: reported at the docstring's bytes in the Python file,
    // and fixed there.
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/mv/mkdocstrings/mkdocs/plugins.py"),
    )
    .unwrap_or_default();
    let written = source.replace("[Page Events](plugins.md#page-events)", "[Page Events][]");
    assert_ne!(written, source);
    let dir = reworded_site(
        "mkdocstrings",
        &[("mkdocs/plugins.py", &written)],
        "docs/dev-guide/plugins.md",
        "#### Page Events",
        "#### Page Events overview",
    );
    let d = dir.path();
    let out = since_base(d, &["--format", "plain", "."]);
    let found = text(&out);
    assert_eq!(out.status.code(), Some(1), "{found}");
    let line = found
        .lines()
        .find(|l| l.contains("plugins.py:") && l.contains("mkdocs-autorefs"))
        .unwrap_or_default();
    assert!(
        line.contains(" L002 ")
            && line.contains("it is now #page-events-overview")
            && line.contains("(in a docstring rendered on docs/dev-guide/plugins.md)"),
        "{found}"
    );
    let out = since_base(d, &["--fix", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(
        read(d, "mkdocs/plugins.py"),
        written.replace("[Page Events][]", "[Page Events][page-events-overview]")
    );
    no_broken_link(d);
}

#[test]
fn since_says_the_new_id_without_a_fix_on_a_page_that_includes_files() {
    if !have_git() {
        return;
    }
    // As mkdocs' `dev-guide/plugins.md` (a `--8<--` snippet, and
    // `[config_scheme][]` in `mkdocs/exceptions.py`), here with a
    // heading in the snippet that the new text repeats: the included
    // heading takes the id first, so the new id is said, not written.
    let dir = reworded_site(
        "mkdocs",
        &[
            ("mkdocs.yml", "site_name: MkDocs\nplugins:\n  - autorefs\nmarkdown_extensions:\n  - pymdownx.snippets\n"),
            (
                "docs/user-guide/configuration.md",
                "# Configuration\n\n## Project information\n\n### site_name\n\n--8<-- \"docs/snippet.md\"\n",
            ),
            ("docs/snippet.md", "### site_name setting\n\nShared text.\n"),
            ("docs/names.md", "# Names\n\nThe [site_name][] is shown in the header.\n"),
        ],
        "docs/user-guide/configuration.md",
        "### site_name",
        "### site_name setting",
    );
    let d = dir.path();
    let out = since_base(d, &["--format", "plain", "."]);
    let found = text(&out);
    let line = found
        .lines()
        .find(|l| l.contains("names.md:3:"))
        .unwrap_or_default();
    assert!(
        line.contains(" L002 ")
            && line.contains(
                "it is now #site_name-setting in the page's own text, but a file it includes has a heading or id that may take it (no fix)"
            ),
        "{found}"
    );
    let _ = since_base(d, &["--fix", "."]);
    assert_eq!(
        read(d, "docs/names.md"),
        "# Names\n\nThe [site_name][] is shown in the header.\n"
    );
    // A snippet whose heading and ids are no heading's of the page (as
    // mkdocs' own, text and an SVG): fixed.
    write(
        d,
        "docs/snippet.md",
        "## Shared\n\n<svg><g id=\"graph0\"></g></svg>\n",
    );
    let out = since_base(d, &["--fix", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(
        read(d, "docs/names.md"),
        "# Names\n\nThe [site_name][site_name-setting] is shown in the header.\n"
    );
}

#[test]
fn since_fix_follows_a_cross_reference_despite_a_hook_and_past_a_click_block_read_from_source() {
    if !have_git() {
        return;
    }
    // A hook may add anchors to any page: as for a link to the page, a
    // heading certainly reworded at its place is the evidence the
    // cross-reference broke (mkdocs/mkdocs's own `hooks:`; issue 51's
    // re-run of 2026-12-01, its reproducer r4).
    let dir = reworded_site(
        "mkdocs",
        &[
            (
                "mkdocs.yml",
                "site_name: MkDocs\nhooks:\n  - docs/hooks.py\nplugins:\n  - autorefs\n",
            ),
            (
                "docs/hooks.py",
                "def on_page_markdown(markdown, **kwargs):\n    return markdown\n",
            ),
            ("docs/names.md", "# Names\n\nSee [site_name][].\n"),
        ],
        "docs/user-guide/configuration.md",
        "### site_name",
        "### site_name setting",
    );
    let d = dir.path();
    let out = since_base(d, &["--fix", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(
        read(d, "docs/names.md"),
        "# Names\n\nSee [site_name][site_name-setting].\n"
    );
    // A page whose `::: mkdocs-click` block mints a heading per command
    // may mint the id itself: not checked, and said (reproducer r3).
    write(d, "docs/names.md", "# Names\n\nSee [site_name][].\n");
    write(
        d,
        "mkdocs.yml",
        "site_name: MkDocs\nplugins:\n  - autorefs\nmarkdown_extensions:\n  - mkdocs-click\n",
    );
    write(
        d,
        "docs/cli.md",
        "# CLI\n\n::: mkdocs-click\n    :module: mkdocs.__main__\n    :command: cli\n",
    );
    let out = since_base(d, &["--format", "plain", "."]);
    let found = format!("{}{}", text(&out), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{found}");
    assert!(
        !found.contains("names.md:")
            && found
                .contains("a cross-reference (mkdocs-autorefs) to a heading changed since base")
            && found.contains("docs/cli.md may write headings"),
        "{found}"
    );
    // With the Click application in the tree, its commands are read
    // from the source (as mkdocs' `mkdocs/__main__.py` declares them):
    // no command is named `site_name`, so the reference is broken.
    let main = "import click\n\n@click.group()\ndef cli():\n    \"\"\"MkDocs.\"\"\"\n\n@cli.command(name=\"build\")\ndef build_command():\n    \"\"\"Build the MkDocs documentation.\"\"\"\n";
    write(d, "mkdocs/__main__.py", main);
    let out = since_base(d, &["--fix", "."]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(
        read(d, "docs/names.md"),
        "# Names\n\nSee [site_name][site_name-setting].\n"
    );
    // A command added at run time (`add_command`) may be named anything:
    // not checked again.
    write(d, "docs/names.md", "# Names\n\nSee [site_name][].\n");
    write(
        d,
        "mkdocs/__main__.py",
        &format!("{main}cli.add_command(other)\n"),
    );
    let out = since_base(d, &["--format", "plain", "."]);
    let found = format!("{}{}", text(&out), String::from_utf8_lossy(&out.stderr));
    assert!(
        !found.contains("names.md:") && found.contains("docs/cli.md may write headings"),
        "{found}"
    );
}
