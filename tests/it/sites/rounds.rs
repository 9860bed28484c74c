//! Docs sites as they are built, continued (tests/it/sites/mod.rs has the
//! helpers and the first generators): the families that the rounds of
//! issue 46 found on real repositories, one test each over the excerpt in
//! `fixtures/sites/` it names (unmodelled generators, Antora, mdBook,
//! MkDocs includes, Docusaurus, Jekyll, VitePress, Hugo, Nextra,
//! Starlight, MyST).

use super::*;

/// Issue 46: a site of a generator urilint does not model (vercel/swr-site,
/// built by Fumadocs: `fumadocs-*` in package.json;
/// fixtures/sites/unmodelled-fumadocs). Its `## Deduplication
/// [#deduplication]` heading gets the id `deduplication` from Fumadocs,
/// and `/docs/api` is the URL of content/docs/api.mdx: links to a page or
/// anchor not found are counted not checked, with one note naming the
/// generator, and `urilint site` says it.
#[test]
fn unmodelled_generator_links_not_checked() {
    let tree = "fixtures/sites/unmodelled-fumadocs";
    let out = check_links(std::path::Path::new(env!("CARGO_MANIFEST_DIR")), tree);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
    let notes: Vec<&str> = err.lines().filter(|l| l.contains("note")).collect();
    assert_eq!(notes.len(), 1, "{err}");
    assert!(
        notes[0].contains("2 links not checked")
            && notes[0].contains("Fumadocs (package.json, a generator urilint does not model)"),
        "{err}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["site", "--pages", tree])
        .output()
        .unwrap_or_else(|e| panic!("run urilint: {e}"));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!(
            "site: unmodelled (recognised by {tree}/package.json)"
        )),
        "{text}"
    );
    assert!(
        text.contains(
            "not read, may make or move pages: Fumadocs (package.json, a generator urilint does not model)"
        ),
        "{text}"
    );
    assert!(
        text.contains("/content/docs/advanced/performance <- "),
        "{text}"
    );
}

/// Antora, a component version assembled from several repositories
/// (couchbase/docs-server, issue 46 round 3): with no playbook in the
/// tree, an xref to a page none of the tree's modules has (a page of
/// couchbase-cli's `cli` module) is counted not checked, the note naming
/// the component version; an id set by a block anchor opening an `a|`
/// table cell is an anchor, one that nothing sets stays broken.
#[test]
fn antora_distributed() {
    check_site("antora-distributed");
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/antora-distributed",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("other content sources of the Antora component version `server` 7.6 (no playbook in the tree names them; antora.yml) may make or move pages ("),
        "{err}"
    );
}

/// mdBook `[output.html.redirect]` (rust-lang/edition-guide, issue 46
/// round 3): a link to a chapter's `.md` whose source is gone is written
/// as `.html` by mdBook, where the redirect page is served; a page
/// neither has stays broken.
#[test]
fn mdbook_redirect() {
    check_site("mdbook-redirect");
}

/// mdBook `build.create-missing` (true by default; issue 46 round 7,
/// rust-lang/unsafe-code-guidelines, fixtures/sites/mdbook-create-missing/SOURCE):
/// a chapter `SUMMARY.md` lists without a file is created by the build,
/// so links to it are served; a file neither there nor listed is broken.
#[test]
fn mdbook_create_missing() {
    check_site("mdbook-create-missing");
}

/// Python-Markdown's markdown-include `{!path!}` (issue 46 round 7,
/// argoproj/argo-cd, fixtures/sites/mkdocs-markdown-include/SOURCE): the
/// headings of the included file, named from the directory MkDocs runs
/// in, are the page's ids.
#[test]
fn mkdocs_markdown_include() {
    check_site("mkdocs-markdown-include");
}

/// Issue 46 round 2 (reduxjs/redux-toolkit,
/// fixtures/sites/docusaurus-no-semicolons): a `docusaurus.config.ts`
/// written without semicolons, its object literal followed on the next
/// line by `export default config`, is read (the line break ends the
/// statement): the docs of `path: '../docs'` beside `website/` are served
/// at `/`, and a fragment missing from one is reported.
#[test]
fn docusaurus_configuration_without_semicolons() {
    check_site("docusaurus-no-semicolons");
}

/// Issue 46, Jekyll: every `_posts` directory is read, the directories
/// above it are the post's categories (ruby/www.ruby-lang.org's
/// `<lang>/news/_posts/`, `permalink: pretty`), front matter
/// `categories` and `slug` move a post, `_drafts` are not built; a
/// reference definition whose destination is Liquid is a definition
/// (`[...][4](英語)` is no inline link).
#[test]
fn jekyll_nested_posts() {
    check_site("jekyll-nested-posts");
}

/// Issue 46, Jekyll: `{% link %}`, `{% post_url %}` and `{{ ... |
/// relative_url }}` shown as code (fences, `{% highlight %}`, `{% raw
/// %}`, inline code; jekyll/jekyll's docs) are samples, not links.
#[test]
fn jekyll_liquid_samples() {
    check_site("jekyll-liquid-samples");
}

/// VitePress (rolldown/rolldown, issue 46 round 3): a sidebar group's
/// `base: '/reference'` only prefixes its items' links; it is not the
/// site's `base`, so `/reference/Interface.Plugin` is looked for as
/// written, and, its directory being one .gitignore ignores (TypeDoc
/// writes it), counted not checked; a page nothing makes stays broken.
#[test]
fn vitepress_sidebar_base() {
    check_site("vitepress-sidebar-base");
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/vitepress-sidebar-base",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("a target the repository's .gitignore ignores is made by a build step (3)")
            && !err.contains("base path"),
        "{err}"
    );
}

/// Hugo, a site's own link render hook (gohugoio/hugoDocs, issue 46
/// round 3): the destination `g` that its hook turns into a glossary
/// link is counted not checked, named with the hook; other links, which
/// the hook looks up with `.GetPage`, are still checked.
#[test]
fn hugo_link_hook() {
    check_site("hugo-link-hook");
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/hugo-link-hook",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "the Hugo link render hook `layouts/_markup/render-link.html` makes its own link of the destination `g` (5)"
        ),
        "{err}"
    );
}

/// Issue 46 round 3 (typescript-eslint/typescript-eslint,
/// fixtures/sites/docusaurus-monorepo): a Docusaurus site configured in
/// `packages/website/docusaurus.config.mts` whose docs are the
/// repository's `docs/` (`path: '../../docs'`) is found from the root:
/// the page-URL link `../../packages/parser#allowdefaultproject` works;
/// the two real broken fragments stay reported.
#[test]
fn docusaurus_site_configured_below_the_root() {
    check_site("docusaurus-monorepo");
}

/// Issue 46 round 3 (graphql-hive/graphql-inspector,
/// fixtures/sites/nextra-guild): a Nextra site through
/// `@theguild/components` `withGuildDocs` is recognised, and the old URLs
/// of its literal `redirects` are served; a page nothing makes stays
/// reported.
#[test]
fn nextra_through_the_guild_components_with_redirects() {
    check_site("nextra-guild");
}

/// Issue 46 round 3 (ionic-team/ionic-docs,
/// fixtures/sites/docusaurus-generated): a fragment of a page that
/// imports a document a plugin writes at build, and a placeholder
/// fragment of a component demo (custom elements, scripts), are counted
/// as not checked; a missing fragment of a page without either stays
/// reported.
#[test]
fn generated_imports_and_scripted_demos() {
    check_site("docusaurus-generated");
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/docusaurus-generated",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("component or script of that page"), "{err}");
}

/// MkDocs (mkdocs/mkdocs, issue 46 round 4): a link to a static file of
/// the built-in theme (`img/favicon.ico` of the `mkdocs` theme), which
/// MkDocs adds to the site's files, resolves; a file no theme ships stays
/// reported.
#[test]
fn mkdocs_theme_static_files() {
    check_site("mkdocs-theme");
}

/// mdBook (rust-lang/rust-clippy, issue 46 round 4): `index.md` in a
/// directory whose chapter is `README.md` is `index.html`, the page the
/// `index` preprocessor makes of it; in a directory without one it stays
/// reported.
#[test]
fn mdbook_index_of_a_readme_chapter() {
    check_site("mdbook-readme-index");
}

/// AsciiDoc (asciidoctor/asciidoctor, issue 46 round 4): a cross
/// reference quoted in an inline passthrough (`` `+<<idname,>>+` ``,
/// `pass:[...]`, `++...++`) is text; one outside stays reported.
#[test]
fn asciidoc_passthroughs_hold_no_cross_reference() {
    check_site("asciidoc-passthrough");
}

/// A reference definition no link uses (kubernetes-sigs/kind, issue 46
/// round 4) renders nothing: its missing page is not reported (L005 says
/// the definition is unused); the used definitions' pages exist.
#[test]
fn unused_definitions_are_not_followed() {
    let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "check",
            "--isolated",
            "--links",
            "local",
            "--select",
            "L001,L002,L005",
            "--format",
            "plain",
            "fixtures/sites/hugo-unused-definition",
        ])
        .output()
        .unwrap_or_else(|e| panic!("run urilint: {e}"));
    let page =
        "fixtures/sites/hugo-unused-definition/site/content/docs/contributing/getting-started.md";
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "{page}:23:1: L005 definition of label 'project scope' is used by no link or image\n\
             {page}:24:1: L005 definition of label 'project structure' is used by no link or image\n"
        )
    );
}

/// A file no site builds that a page includes (executablebooks/MyST-Parser,
/// issue 46 round 4): `CHANGELOG.md`, included by
/// `docs/develop/_changelog.md`, is read on that page, where its
/// `[](syntax/alerts)` is a MyST reference to a label of the project; the
/// two links whose labels the excerpt lacks are counted not checked,
/// naming the including page.
#[test]
fn links_of_an_included_file_resolve_on_the_including_page() {
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/myst-include",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{err}");
    assert!(
        err.contains(
            "links of a file that fixtures/sites/myst-include/docs/develop/_changelog.md includes, which resolve on that page by include options and labels the model does not read (2)"
        ),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(0));
}

/// Astro Starlight (HiDeoo/starlight-openapi, issue 46 round 4): a
/// plugin's `base` option is not the site's `base` (served at `/`), and a
/// page rendering a component keeps its headings' ids: `#snippets` of
/// `configuration.mdx` is found, not counted as not checked.
#[test]
fn starlight_plugin_base_and_component_page_anchors() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let tree = "fixtures/sites/starlight-plugin-base";
    let out = check_links(dir, tree);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{err}");
    assert!(!err.contains("not checked"), "{err}");
    let site = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(dir)
        .args(["site", tree])
        .output()
        .unwrap_or_else(|e| panic!("run urilint: {e}"));
    let shown = String::from_utf8_lossy(&site.stdout);
    assert!(shown.contains("served under / (base path /)"), "{shown}");
}

/// Issue 46 round 4 (open-telemetry/opentelemetry.io,
/// fixtures/sites/hugo-generated-config): the mounts are in
/// `config/_default/module-template.yaml`, which a script renders into
/// the git-ignored `module.yaml`; neither is read, so a link to a page
/// nothing in the tree makes is counted not checked, the note naming
/// both files, never reported.
#[test]
fn hugo_configuration_a_build_step_writes() {
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/hugo-generated-config",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{err}");
    assert!(
        err.contains("config/_default/module-template.yaml of Hugo's configuration directory"),
        "{err}"
    );
    assert!(
        err.contains("config/_default/module.yaml, ignored by .gitignore"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(0));
}

/// Issue 46 round 4 (open-telemetry/opentelemetry.io,
/// fixtures/sites/hugo-translation-resources): a Japanese page bundle
/// shows the English bundle's `mount-rainier.jpg` (Hugo shares a
/// bundle's resources with its translations); an image neither bundle
/// holds stays reported.
#[test]
fn hugo_translations_share_bundle_resources() {
    check_site("hugo-translation-resources");
}

/// Issue 46 round 4 (fixtures/sites/hugo-submodule, after dapr/docs): a
/// git submodule in the content directory that is not checked out
/// leaves the links under its URL not checked, said with its path; a
/// page elsewhere that nothing makes stays reported.
#[test]
fn git_submodule_not_checked_out() {
    check_site("hugo-submodule");
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/hugo-submodule",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "the git submodule `content/developing-applications/sdks/python` is not checked out"
        ),
        "{err}"
    );
}

/// Issue 46 round 6 (fixtures/sites/hugo-archetypes, after
/// open-telemetry/opentelemetry.io): a Hugo archetype is a content
/// template `hugo new` copies into a new page, not a page: its link to
/// the image the new page will have (`imagename.png`) is not checked, as
/// a layout's are not; the same link on a page of the content stays
/// reported.
#[test]
fn hugo_archetypes_are_templates() {
    check_site("hugo-archetypes");
}

/// Issue 46 round 7 (fixtures/sites/hugo-permalinks, after
/// linkerd/website and fluxcd/website): Hugo `permalinks` for the `blog`
/// section (`page: blog: /:year/:month/:day/:slug/`) is applied to the
/// blog posts, from their front matter `date` and `title`, so a link to
/// a post's permalink is found; a link outside the blog to a page
/// nothing makes stays reported, no longer hidden as "not checked".
#[test]
fn hugo_permalinks_applied_per_section() {
    check_site("hugo-permalinks");
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/hugo-permalinks",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("not checked"), "{err}");
}

/// Issue 46 round 7 (fixtures/sites/hugo-redirects-template, after
/// jaegertracing/documentation): the Netlify `_redirects` that the home
/// template of an output format with `baseName: _redirects` writes is
/// read through the partial it calls (`layouts/_partials/redirects.txt`):
/// `/docs/latest/*` serves `/docs/latest/architecture/`; a rule whose
/// source an action computes (`/docs/{{ . }}`) leaves links under
/// `/docs/` not checked, naming the template; a link elsewhere to a
/// page nothing makes stays reported.
#[test]
fn hugo_redirects_from_a_template_partial() {
    check_site("hugo-redirects-template");
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/hugo-redirects-template",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the redirects the Hugo template `layouts/_partials/redirects.txt` computes"),
        "{err}"
    );
}

/// Issue 46 round 8 (fixtures/sites/myst-heading-anchors, after
/// pypa/pip): `myst_parser` added by `extensions.extend(...)` in
/// `conf.py` is read, and `myst_heading_anchors = 3` gives the heading
/// ``### `get-pip.py` `` MyST's GitHub-style id `get-pippy`, which
/// `[](#get-pippy)` names: no finding (docutils' id is `get-pip-py`).
#[test]
fn myst_heading_anchors_of_sphinx() {
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/myst-heading-anchors",
    );
    let got = String::from_utf8_lossy(&out.stdout);
    assert!(got.is_empty(), "{got}");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Issue 46 round 8 (fixtures/sites/starlight-relative-links, after
/// sst/sst): Starlight leaves Markdown links as written, so
/// `[Resource Linking](linking)` on `/docs/components/` leads to
/// `/docs/components/linking`, which no page makes, though `linking.mdx`
/// lies beside the source: reported.
#[test]
fn starlight_relative_links_resolve_against_the_page_url() {
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/starlight-relative-links",
    );
    let got = String::from_utf8_lossy(&out.stdout);
    assert!(
        got.contains("docs/components.mdx:10:35: L001 links to /docs/components/linking, "),
        "{got}"
    );
    assert_eq!(got.lines().count(), 1, "{got}");
}

/// Issue 46 round 8 (fixtures/sites/nextra-guild-nolinks, after
/// Urigo/graphql-scalars): a Nextra 4 site of The Guild
/// (`withGuildDocs` of `@theguild/components`) whose pages have no local
/// link: `urilint site` says no site was met through a local link, not
/// that no configuration file is there (round 5's judge read the old
/// message as "not recognised"); with a local link the site is shown as
/// Nextra's, its content under `contentDirBasePath`.
#[test]
fn nextra_guild_site_without_local_links() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let site = |tree: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_urilint"))
            .current_dir(root)
            .arg("site")
            .arg(tree)
            .output()
            .unwrap_or_else(|e| panic!("run urilint: {e}"))
    };
    let out = site(std::path::Path::new("fixtures/sites/nextra-guild-nolinks"));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(
            "no docs site met (no generator's configuration file above the files with local links"
        ),
        "{text}"
    );
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let copy = dir.path().join("website");
    std::fs::create_dir_all(copy.join("src/content")).unwrap_or_else(|e| panic!("{e}"));
    for f in ["next.config.ts", "package.json", "src/content/index.mdx"] {
        std::fs::copy(
            root.join("fixtures/sites/nextra-guild-nolinks").join(f),
            copy.join(f),
        )
        .unwrap_or_else(|e| panic!("{f}: {e}"));
    }
    std::fs::write(
        copy.join("src/content/more.mdx"),
        "# More\n\n[Introduction](/docs)\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = site(&copy);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("site: nextra"), "{text}");
    assert!(text.contains("served under /docs/"), "{text}");
}

/// Issue 46 round 7, intlify/vue-i18n: `markdown: { attrs: { disable:
/// true } }` turns markdown-it-attrs off, so the site's anchors are
/// sure (`{#id}` alone on a line is text): a fragment no heading makes
/// is reported, where round 6 counted it not checked.
#[test]
fn vitepress_attrs_disabled() {
    check_site("vitepress-vue-i18n");
}

/// Issue 46 round 7, facebook/metro: a preset wrapping the classic one
/// (named by `require.resolve(...)`) has its `docs` options read, so the
/// docs at `path: '../docs'` are the site's pages (front matter ids);
/// what the preset adds stays unsure of pages.
#[test]
fn docusaurus_wrapping_preset() {
    check_site("docusaurus-metro");
}

/// Issue 46 round 7, neo4j/docs-getting-started: includes by Antora
/// resource id (`ROOT:glossary.adoc`, `partial$x.adoc`,
/// `ROOT:page$x.adoc`) bring the included file's ids; one of another
/// component leaves the page's anchors unknown (not checked, noted).
#[test]
fn antora_includes_by_resource_id() {
    check_site("antora-neo4j-include");
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/antora-neo4j-include",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("2 links not checked"), "{err}");
}

/// Issue 46 round 7, dotansimha/graphql-yoga: the page's one component
/// is imported from a local MDX file without headings or ids, so the
/// page's fragments are checked; a package's component would still make
/// them unsure.
#[test]
fn nextra_local_component_without_ids() {
    check_site("nextra-yoga");
}

/// Issue 46 round 7 (fixtures/sites/hugo-multilingual, letsencrypt/website):
/// on a multilingual single-host Hugo site the embedded link render hook
/// renders Markdown links: `/docs/cert-compat` is the page whose source
/// is `docs/cert-compat.md` in the page's language (served at
/// `/cs/docs/certificate-compatibility/`), and a fragment is looked for
/// in that language's page (the Czech heading makes no English id: the
/// one finding). A link to a page of front matter alone, whose layout
/// writes what it shows, is counted not checked.
#[test]
fn hugo_multilingual_embedded_link_hook() {
    check_site("hugo-multilingual");
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/hugo-multilingual",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("1 links not checked") || err.contains("1 link not checked"),
        "{err}"
    );
    assert!(err.contains("no content of its own"), "{err}");
}

/// Issue 46 round 7, vuejs/test-utils (fixtures/sites/vitepress-custom-slugify/SOURCE):
/// the site's own `markdown.anchor.slugify` (it keeps case) leaves every
/// heading id unknown: `#using-a-real-router`, one of the default ids,
/// is counted not checked as `#Using-a-Real-Router` is, not passed.
#[test]
fn vitepress_custom_slugify() {
    check_site("vitepress-custom-slugify");
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/vitepress-custom-slugify",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("2 links not checked")
            && err.contains("mints heading ids by a function of the site's own"),
        "{err}"
    );
}

/// Issue 46 round 7, vuejs/vuex (fixtures/sites/vitepress-0/SOURCE): a
/// site on VitePress 0.x (`package.json`: `vitepress` `^0.20.0`) slugs
/// headings as that version does (Latin diacritics only, curly quotes
/// kept), not as 1.x's NFKD: the kana heading's id keeps its voicing mark.
#[test]
fn vitepress_0_heading_ids() {
    check_site("vitepress-0");
}

/// VitePress pages that other pages include (wevm/wagmi's `site/shared/`,
/// fixtures/sites/vitepress-shared-include, issue 46 round 8): a fragment
/// of the included page is read on the page including it, among the
/// headings of its other includes (`#mutate`); and a `<!-- TODO: ... -->`
/// comment is no shortcode that would make every fragment of the page
/// unsure, so `#maxPriorityFeePerGas` (the id is lower case) is reported.
#[test]
fn vitepress_included_pages_and_comments() {
    let (out, stdout) = findings("fixtures/sites/vitepress-shared-include");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    assert!(
        lines[0].contains("useSimulateContract.md:5:65: L002 no anchor maxPriorityFeePerGas"),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// Antora (neo4j/docs-drivers, fixtures/sites/antora-attribute-include,
/// issue 46 round 8): `include::{common-partial}/glossary.adoc[]` through
/// the attribute `antora.yml` sets, to a partial of another component of
/// the checkout, brings `[[LTS]]`; `xref:query-simple#impersonation[]`
/// names the page `query-simple.adoc`; the one really broken fragment is
/// reported.
#[test]
fn antora_attribute_includes_and_xrefs_without_extension() {
    let (out, stdout) = findings("fixtures/sites/antora-attribute-include");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    assert!(
        lines[0].contains("query-advanced.adoc:3:45: L002 no anchor _batch_data_creation"),
        "{stdout}"
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("not checked"));
}

/// aio-libs/aiohttp (fixtures/sites/myst-plain-include, issue 46 round 9):
/// a MyST include without options brings `THREAT_MODEL.md`'s headings to
/// `docs/threat_model.md` (with `myst_heading_anchors` ids), so
/// `#51-http1-parser` is found there; `sphinx.ext.autodoc` leaves unsure
/// only the page that uses its directives; `#55-compression-codecs`,
/// which neither the file nor its including page makes, is reported in
/// both places.
#[test]
fn myst_plain_include_and_autodoc_per_page() {
    let (out, stdout) = findings("fixtures/sites/myst-plain-include");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(
        lines[0].contains("THREAT_MODEL.md:9:80: L002 no anchor 55-compression-codecs"),
        "{stdout}"
    );
    assert!(
        lines[1].contains("docs/index.md:8:68: L002 no anchor 55-compression-codecs"),
        "{stdout}"
    );
    // The one link not checked is the `:ref:` of `client_reference.rst`,
    // whose label autodoc's docstrings may define; no fragment is.
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("1 link not checked") && err.contains("may add labels (1)"),
        "{err}"
    );
}

/// fralau/mkdocs-macros-plugin (fixtures/sites/mkdocs-include-markdown-tag,
/// issue 46 round 9): `include-markdown` makes a page's anchors unsure
/// only where its tag is; a `{% include %}` in a code block of a MkDocs
/// page is example text; the setext heading is found, and the two really
/// broken fragments are reported.
#[test]
fn mkdocs_include_markdown_only_where_its_tag_is() {
    let (out, stdout) = findings("fixtures/sites/mkdocs-include-markdown-tag");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(
        lines[0].contains("contribute.md:4:59: L002 no anchor want-to-contribute-code"),
        "{stdout}"
    );
    assert!(
        lines[1]
            .contains("index.md:5:142: L002 no anchor adding-post-build-files-to-the-html-website"),
        "{stdout}"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("not checked"), "{err}");
}

/// Docusaurus 2 (MDX 1; facebook/jest, fixtures/sites/docusaurus2-mdx1-escapes,
/// issue 46 round 9): `\&lt;` in a heading is a backslash and `<` there,
/// not CommonMark's escape; the page's ids are not minted, so the link
/// that works on the built site is counted not checked, with the reason.
#[test]
fn docusaurus2_mdx1_escapes_are_unsure() {
    let out = check_links(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
        "fixtures/sites/docusaurus2-mdx1-escapes",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{err}");
    assert!(
        err.contains("MDX 1's backslash escapes (Docusaurus 2"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(0));
}

/// A docsify site serves its HTML files as they are: one holding a
/// template's markup is a template a script renders, its links not
/// checked (dromara/Sa-Token `sa-token-doc/blog/template/index-template.html`
/// lines 60 and 66-67, Apache-2.0; issue 46 round 8); and `basePath` set
/// to the entry page's own folder by the usual `location.pathname` idiom
/// (its `doc.html`) leaves the site's pages sure.
#[test]
fn docsify_templates_and_the_entry_folder_base_path() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path();
    let write = |name: &str, text: &str| {
        let p = d.join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    };
    write(
        "doc.html",
        "<script>\n  window.$docsify = {\n    basePath: location.pathname.substr(0, location.pathname.lastIndexOf('/') + 1),\n    loadSidebar: true,\n  }\n</script>\n",
    );
    write(
        "_sidebar.md",
        "- [Start](/start/example)\n- [Gone](/start/gone)\n",
    );
    write("start/example.md", "# Example\n");
    write(
        "blog/template/index-template.html",
        "<script src=\"{{assetPrefix}}static/jquery.min.js\"></script>\n<script src=\"community.js\"></script>\n<script src=\"recommended.js\"></script>\n",
    );
    let out = check_links(d, ".");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}{err}");
    assert!(
        lines[0].contains("_sidebar.md:2:10: L001 links to /start/gone"),
        "{stdout}"
    );
    assert!(
        err.contains("in HTML templates of a web application"),
        "{err}"
    );
    assert!(!err.contains("basePath"), "{err}");
}

/// tektoncd/website (Apache-2.0, issue 46 round 10): `sync/sync.py`
/// writes `content/en/docs/Pipelines/` before `hugo` runs, and
/// `.gitignore` lists it; pages link it by Hugo's lower-cased URL
/// (`/docs/pipelines/install/`): not checked, as a build step's output.
/// A blog post's bundle holds a Spring Boot sample app whose
/// `src/main/resources/templates/index.html` links `/favicon.ico`, which
/// the application serves: a file of a nested project (its `pom.xml`),
/// not a page of the site. A link to a page that is really missing stays
/// reported.
#[test]
fn synced_sections_and_nested_projects_of_a_hugo_site() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path();
    let w = |rel: &str, text: &str| put(d, rel, text);
    std::fs::create_dir(d.join(".git")).unwrap_or_else(|e| panic!("{e}"));
    w(
        "config.yaml",
        "baseURL: /\ntitle: Tekton\ncontentDir: content/en\ndefaultContentLanguage: en\n",
    );
    w(
        ".gitignore",
        "# Synced docs\ncontent/en/docs/Pipelines\ncontent/en/docs/CLI\n",
    );
    w("content/en/docs/_index.md", "---\ntitle: Docs\n---\n");
    w(
        "content/en/docs/How-to-guides/clone-repository.md",
        "---\ntitle: Clone a repository\n---\n\nInstall [Tekton Pipelines][pipelines-inst] first; see also [tasks](/docs/tasks/).\n\n[pipelines-inst]: /docs/pipelines/install/\n",
    );
    let post = "content/en/blog/2023/speeding-up-container-image-builds-in-tekton-pipelines";
    w(
        &format!("{post}/index.md"),
        "---\ntitle: Speeding up builds\n---\n\nText.\n",
    );
    w(
        &format!("{post}/tekton-speed-builds/sample-app/pom.xml"),
        "<project/>\n",
    );
    w(
        &format!("{post}/tekton-speed-builds/sample-app/src/main/resources/templates/index.html"),
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n    <meta charset=\"UTF-8\">\n    <title>Example Java App</title>\n    <link rel=\"icon\" type=\"image/png\" href=\"/favicon.ico\">\n</head>\n<body><a href=\"https://tekton.dev/\"><img src=\"/tekton-horizontal-color.png\" alt=\"Tekton Logo\"></a></body>\n</html>\n",
    );
    let out = check_links(d, ".");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "./content/en/docs/How-to-guides/clone-repository.md:5:68: L001 links to /docs/tasks/, which no page of the hugo site (config.yaml) makes\n",
        "{stderr}"
    );
    assert!(
        stderr.contains("a target the repository's .gitignore ignores is made by a build step (1)"),
        "{stderr}"
    );
}

/// helix-editor/helix (MPL-2.0, issue 46 round 10): its workflow
/// publishes the book to `/master/` and to `/<version>/` beside the root
/// (`destination_dir`, `keep_files: true`), and the title page links
/// `/master/`, which one build does not make: not checked, with the
/// workflow named. A link into a folder the book makes is still checked.
#[test]
fn folders_a_workflow_deploys_beside_the_site() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path();
    let w = |rel: &str, text: &str| put(d, rel, text);
    std::fs::create_dir(d.join(".git")).unwrap_or_else(|e| panic!("{e}"));
    w(
        "book/book.toml",
        "[book]\nlanguage = \"en\"\nsrc = \"src\"\n",
    );
    w(
        "book/src/SUMMARY.md",
        "# Summary\n\n[Helix](./title-page.md)\n\n- [Guides](./guides/README.md)\n",
    );
    w("book/src/guides/README.md", "# Guides\n");
    w(
        "book/src/title-page.md",
        "# Helix\n\n<a class=\"version-tile\" href=\"/master/\">Latest (master)</a>\n\n[Themes](/guides/themes.html)\n",
    );
    let before = check_links(d, ".");
    assert_eq!(
        String::from_utf8_lossy(&before.stdout).lines().count(),
        2,
        "{}",
        String::from_utf8_lossy(&before.stdout)
    );
    w(
        ".github/workflows/gh-pages.yml",
        "      - name: Deploy\n        uses: peaceiris/actions-gh-pages@v4\n        with:\n          publish_dir: ./book/book\n          destination_dir: ./${{ env.OUTDIR }}\n          keep_files: true\n",
    );
    let out = check_links(d, ".");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "./book/src/title-page.md:5:10: L001 links to /guides/themes.html, which no page of the mdbook site (book/book.toml) makes\n",
        "{stderr}"
    );
    assert!(
        stderr.contains("the workflow .github/workflows/gh-pages.yml deploys into a folder of the published site (`destination_dir`), beside what other runs deployed; `/master/` may be one (1)"),
        "{stderr}"
    );
}

/// github/government.github.com (CC0, issue 46 round 10): its
/// `_config.yml` `exclude`s `readme.md`, which GitHub renders and which
/// links the `_data/*.yml` files: not a page of the Jekyll site, so its
/// links are files of the repository, not the site's pages. A repository
/// copied beside another whose name is two or three letters (`fu`) is no
/// MkDocs translation of it.
#[test]
fn jekyll_excluded_documents_are_the_repository_s() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let top = dir.path();
    let d = top.join("gov");
    let w = |rel: &str, text: &str| put(&d, rel, text);
    std::fs::create_dir_all(d.join(".git")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(top.join("fu/docs")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(top.join("fu/mkdocs.yml"), "site_name: x\n").unwrap_or_else(|e| panic!("{e}"));
    w(
        "_config.yml",
        "title: GitHub and Government\npermalink: /stories/:title\nexclude:\n  - readme.md\n  - script\n",
    );
    w("_data/governments.yml", "U.S. Federal:\n  - whitehouse\n");
    w(
        "index.html",
        "---\nlayout: default\n---\n<a href=\"/community/\">Community</a>\n",
    );
    w("community.md", "---\ntitle: Community\n---\n# Community\n");
    w(
        "readme.md",
        "# GitHub and Government\n\nTo add an organization, edit [governments.yml](_data/governments.yml) or [research.yml](_data/research.yml).\n",
    );
    let out = check_links(&d, ".");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "./readme.md:3:89: L001 links to _data/research.yml, which does not exist\n",
        "{stderr}"
    );
    assert!(!stderr.contains("mkdocs"), "{stderr}");
}

/// apachecn/ailearning (CC BY-NC-SA 4.0, issue 46 round 10): docsify
/// makes every Markdown link that is not absolute a route and fetches
/// the route's page as `<route>.md`, so `[完整代码地址](/src/py2.x/ml/2.KNN/kNN.py)`
/// leads to `kNN.py.md`, which is missing (docsify's PR #2300). Not so
/// for a link whose title says `:ignore`, an image, a raw HTML link or a
/// page.
#[test]
fn docsify_routes_links_to_files_that_are_no_pages() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path();
    let w = |rel: &str, text: &str| put(d, rel, text);
    w(
        "index.html",
        "<script>\n    window.$docsify = {\n      loadSidebar: 'SUMMARY.md',\n      name: 'ApacheCN',\n    }\n</script>\n<script src=\"asset/docsify.min.js\"></script>\n",
    );
    w("asset/docsify.min.js", "");
    w("README.md", "# AiLearning\n\n[KNN](docs/ml/2.md)\n");
    w("src/py2.x/ml/2.KNN/kNN.py", "import numpy\n");
    w("img/knn.png", "png");
    w(
        "docs/ml/2.md",
        "# 第2章 k-近邻算法\n\n[完整代码地址](/src/py2.x/ml/2.KNN/kNN.py): <https://github.com/apachecn/AiLearning/blob/master/src/py2.x/ml/2.KNN/kNN.py>\n\n[代码](/src/py2.x/ml/2.KNN/kNN.py ':ignore')\n\n![KNN](/img/knn.png)\n\n<a href=\"/src/py2.x/ml/2.KNN/kNN.py\">kNN.py</a>\n\n[首页](/README.md)\n",
    );
    let out = check_links(d, ".");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "./docs/ml/2.md:3:10: L001 links to /src/py2.x/ml/2.KNN/kNN.py, which no page of the docsify site (index.html) makes\n",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Issue 46 round 11, three families of held-out repositories:
/// sequelize/website (MIT) serves ESDoc pages that load
/// `/v5/./image/x.png`, which a browser asks for as `/v5/image/x.png`
/// (dot-segments removed, RFC 3986 section 5.2.4); goharbor/website
/// (Apache-2.0) ignores `content/docs/`, which `load-docs.sh` fills from
/// the repository's `docs/`, whose pages link `../../img/x.png` as the
/// copy resolves it; jupyterhub/jupyterhub (BSD-3-Clause) writes MyST
/// cross-references to API objects (`[](#Spawner.start)`), which
/// autodoc documents.
#[test]
fn dot_segments_copied_docs_and_myst_object_references() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let d = dir.path();
    let w = |rel: &str, text: &str| put(d, rel, text);
    std::fs::create_dir(d.join(".git")).unwrap_or_else(|e| panic!("{e}"));
    // sequelize/website
    w(
        "sequelize/docusaurus.config.js",
        "module.exports = {\n  title: 'Sequelize',\n  url: 'https://sequelize.org',\n  baseUrl: '/',\n  presets: [['classic', { docs: { path: 'docs' } }]],\n};\n",
    );
    w("sequelize/docs/index.md", "# Docs\n");
    w("sequelize/static/v5/image/esdoc-logo-mini-black.png", "png");
    w(
        "sequelize/static/v5/file/lib/operators.js.html",
        "<html><body><img src=\"/v5/./image/esdoc-logo-mini-black.png\"><img src=\"/v5/./image/gone.png\"></body></html>\n",
    );
    // goharbor/website
    w(
        "harbor/config.toml",
        "baseURL = \"https://goharbor.io\"\ntitle = \"Harbor\"\n",
    );
    w(
        "harbor/.gitignore",
        "# Content from goharbor/harbor repo\ncontent/docs/\n",
    );
    w("harbor/content/_index.md", "---\ntitle: Harbor\n---\n");
    w(
        "harbor/docs/administration/configure-authentication/oidc-auth.md",
        "---\ntitle: Configure OIDC Provider Authentication\n---\n\n![Harbor login](../../../img/oidc-login.png)\n",
    );
    // jupyterhub/jupyterhub
    w(
        "jupyterhub/docs/source/conf.py",
        "extensions = [\n    \"sphinx.ext.autodoc\",\n    \"myst_parser\",\n]\nmyst_heading_anchors = 2\n",
    );
    w(
        "jupyterhub/docs/source/index.md",
        "# JupyterHub\n\n```{toctree}\nreference/spawners\napi/spawner\n```\n",
    );
    w(
        "jupyterhub/docs/source/api/spawner.rst",
        "Spawners\n========\n\n.. autoconfigurable:: jupyterhub.spawner.Spawner\n    :members: start, stop\n",
    );
    w(
        "jupyterhub/docs/source/reference/spawners.md",
        "# Spawners\n\n[](#Spawner.start) should start a single-user server for a single user.\n\nSee [the overview](#no-such-section).\n",
    );
    let out = check_links(d, ".");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "./jupyterhub/docs/source/reference/spawners.md:5:20: L002 no anchor no-such-section in jupyterhub/docs/source/reference/spawners.md\n./sequelize/static/v5/file/lib/operators.js.html:1:72: L001 links to /v5/image/gone.png, which no page of the docusaurus site (sequelize/docusaurus.config.js) makes\n",
        "{stderr}"
    );
    assert!(
        stderr.contains("documents of a folder a build step copies into the site"),
        "{stderr}"
    );
}
