//! Tests of the Hugo model.

use super::redirects::partial_calls;
use super::*;
use crate::site::Resolved;

/// A partial's name from a template stays below the partials'
/// directory: `..` and an absolute path (which `Path::join` takes
/// whole, leaving the tree) are not read.
#[test]
fn partial_names_stay_below_the_partials_directory() {
    let text = r#"{{ partial "redirects.txt" . }}{{ partial "/etc/passwd" . }}{{ partialCached "../../x" . }}{{ partial "a/b.txt" . }}"#;
    assert_eq!(partial_calls(text), ["redirects.txt", "a/b.txt"]);
}

fn site(files: &[(&str, &str)]) -> (tempfile::TempDir, Option<Layout>) {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("content")).expect("mkdir");
    for (name, text) in files {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(&p, text).expect("write");
    }
    let l = read(dir.path());
    (dir, l)
}

/// Archetypes are templates (Hugo docs, "Archetypes"): the default
/// `archetypes/`, `archetypeDir`, and a module mount into
/// `archetypes`; a layout's directory stays one.
#[test]
fn archetypes_are_template_directories() {
    let (d, l) = site(&[(
        "hugo.toml",
        "archetypeDir = \"templates/new\"\n[[module.mounts]]\nsource = \"shared/archetypes\"\ntarget = \"archetypes\"\n[[module.mounts]]\nsource = \"content\"\ntarget = \"content\"\n",
    )]);
    let l = l.expect("a Hugo site");
    let d = d.path();
    for t in [
        "layouts",
        "archetypes",
        "templates/new",
        "shared/archetypes",
    ] {
        assert!(l.theme_dirs.contains(&d.join(t)), "{t}: {:?}", l.theme_dirs);
    }
    assert!(!l.theme_dirs.contains(&d.join("content")));
}

/// `config/_default/` alone is a Hugo site: `hugo.yaml` and a file
/// per root key (`markup.toml`, `languages.yaml`, `module.json`),
/// then `config/production/` over it; a language's menus are not
/// read.
#[test]
fn configuration_directory_and_environment_are_merged() {
    let (d, l) = site(&[
        (
            "config/_default/hugo.yaml",
            "baseURL: https://x.org/a/\ndefaultContentLanguage: de\n",
        ),
        (
            "config/_default/markup.toml",
            "[goldmark.parser]\nautoHeadingIDType = \"blackfriday\"\n",
        ),
        (
            "config/_default/languages.yaml",
            "de:\n  contentDir: content/de\nfr:\n  contentDir: content/fr\n",
        ),
        (
            "config/_default/module.json",
            "{\"mounts\": [{\"source\": \"assets/img\", \"target\": \"static/img\"}]}",
        ),
        ("config/_default/menus.de.toml", "this is not read = = =\n"),
        (
            "config/production/hugo.toml",
            "baseURL = \"https://x.org/b/\"\n",
        ),
    ]);
    let l = l.expect("a Hugo site");
    let d = d.path();
    assert_eq!(l.config, d.join("config/_default/hugo.yaml"));
    assert_eq!(l.base_path, "/b/");
    assert_eq!(
        l.renderer,
        crate::site::slug::Renderer::Hugo(crate::site::slug::HugoIdType::Blackfriday)
    );
    assert_eq!(l.source_dir, d.join("content/de"));
    assert!(l.mounts.contains(&(d.join("content/fr"), "/fr/".into())));
    assert!(l.mounts.contains(&(d.join("assets/img"), "/img/".into())));
    assert!(l.notes.is_empty(), "{:?}", l.notes);
}

/// A root configuration file is read first, the directory merged over
/// it; a module mount of another language's content is under its
/// code; `defaultContentLanguageInSubdir` puts the default language's
/// pages under theirs.
#[test]
fn root_file_languages_and_mounts() {
    let (d, l) = site(&[
        ("hugo.toml", "baseURL = \"https://x.org/\"\ndefaultContentLanguageInSubdir = true\n[languages.en]\ncontentDir = \"content/en\"\n[[module.mounts]]\nsource = \"i18n/es\"\ntarget = \"content\"\nlang = \"es\"\n"),
        ("config/_default/params.toml", "x = 1\n"),
    ]);
    let l = l.expect("a Hugo site");
    assert_eq!(l.config, d.path().join("hugo.toml"));
    assert!(l
        .mounts
        .contains(&(d.path().join("i18n/es"), "/es/".into())));
    let (d, l) = site(&[(
        "hugo.toml",
        "defaultContentLanguageInSubdir = true\n[languages.en]\ncontentDir = \"content/en\"\n",
    )]);
    let l = l.expect("a Hugo site");
    assert_eq!(l.source_dir, d.path().join("content/en"));
    assert_eq!(l.source_url, "/en/");
}

/// Content mounts for languages by Hugo's sites matrix (google/docsy:
/// `content/fr` for `fr`, `content/en` for `en` and `fr`): the
/// default language's at the root, another's under its code.
#[test]
fn content_mounts_per_language_of_the_sites_matrix() {
    let (d, l) = site(&[(
        "hugo.yaml",
        "languages:\n  en: {}\n  fr: {}\nmodule:\n  mounts:\n    - source: content/fr\n      target: content\n      sites: { matrix: { languages: [fr] } }\n    - source: content/en\n      target: content\n      sites: { matrix: { languages: [en, fr] } }\n",
    )]);
    let l = l.expect("a Hugo site");
    let d = d.path();
    assert_eq!(l.source_dir, d.join("content/en"));
    assert!(l.mounts.contains(&(d.join("content/fr"), "/fr/".into())));
    assert!(l.mounts.contains(&(d.join("content/en"), "/fr/".into())));
}

/// Zola's `config.toml` is not Hugo's.
#[test]
fn a_zola_configuration_is_refused() {
    let (_d, l) = site(&[(
        "config.toml",
        "base_url = \"https://x.org/\"\ncompile_sass = true\n",
    )]);
    assert!(l.is_none());
    let (_d, l) = site(&[("config.toml", "baseurl = \"https://x.org/\"\n")]);
    assert!(l.is_some());
}

/// Netlify redirects: `static/_redirects` and the home template of an
/// output format whose `baseName` is `_redirects` (grpc/grpc.io's
/// `layouts/index.redirects`): exact sources and splat prefixes;
/// sources that actions or placeholders compute make links unsure.
#[test]
fn netlify_redirects() {
    let (_d, l) = site(&[
        ("hugo.yaml", "outputFormats:\n  REDIR:\n    baseName: _redirects\n"),
        ("static/_redirects", "/faq  /docs/faq\n"),
        (
            "layouts/index.redir",
            "# c\n/grpc/*  https://grpc.github.io/grpc/:splat\n{{ range $x }}\n/{{ . }}/a  /b\n/docs/:lang/x  /y\n",
        ),
    ]);
    let l = l.expect("a Hugo site");
    assert_eq!(l.redirects, ["/faq"]);
    assert_eq!(l.redirect_prefixes, ["/grpc/"]);
    // Computed sources: `/{{ . }}/a` may be any URL, `/docs/:lang/x`
    // one under `/docs/`; neither is forced, so neither moves a page
    // (Netlify serves a file before an unforced rule).
    assert!(l.unsure_pages.is_empty(), "{:?}", l.unsure_pages);
    let prefixes: Vec<&str> = l.unsure_under.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(prefixes, ["/", "/docs/"]);
    // Forced (`301!`), the same computed source may move any page.
    let (_d, l) = site(&[
        (
            "hugo.yaml",
            "outputFormats:\n  REDIR:\n    baseName: _redirects\n",
        ),
        (
            "layouts/index.redir",
            "{{ range $x }}\n/{{ . }}/a  /b  301!\n",
        ),
    ]);
    assert_eq!(l.expect("a Hugo site").unsure_pages.len(), 1);
    // gohugoio/hugoDocs `layouts/home.redir`: aliases and permalinks
    // are pages the model has; an assignment writes nothing.
    let (_d, l) = site(&[
        ("hugo.yaml", "outputFormats:\n  REDIR:\n    baseName: _redirects\n"),
        (
            "layouts/home.redir",
            "{{ range $p := .Site.Pages -}}\n{{ range .Aliases }}\n{{ . | printf \"%-35s\" }}\t{{ $p.RelPermalink -}}\n{{ end -}}\n{{- end -}}\n{{ $x := 1 }} y\n",
        ),
    ]);
    assert!(l.expect("a Hugo site").unsure_pages.is_empty());
    // grpc/grpc.io `layouts/index.redirects`: a source printed from a
    // variable may be any URL.
    let (_d, l) = site(&[
        (
            "hugo.yaml",
            "outputFormats:\n  REDIR:\n    baseName: _redirects\n",
        ),
        (
            "layouts/index.redir",
            "  {{ printf \"%-33s\" $from_path }}  {{ $to_url }} 301!\n",
        ),
    ]);
    assert_eq!(l.expect("a Hugo site").unsure_pages.len(), 1);
}

/// A `{{% name %}}` shortcode that neither the site, a theme in the
/// tree nor Hugo defines (Docsy's `alert`, installed by npm) makes
/// anchors unsure; one the site defines, an embedded one, or the
/// HTML notation `{{< >}}` does not.
#[test]
fn shortcodes_from_elsewhere_make_anchors_unsure() {
    let page = "---\ntitle: x\n---\n{{% alert title=\"Note\" %}}\nx\n{{% /alert %}}\n";
    let (_d, l) = site(&[("hugo.toml", "theme = \"docsy\"\n"), ("content/a.md", page)]);
    let l = l.expect("a Hugo site");
    assert_eq!(l.unsure_anchors.len(), 1, "{:?}", l.unsure_anchors);
    assert!(l.unsure_anchors[0].contains("`alert`"));
    let (_d, l) = site(&[
        ("hugo.toml", "theme = \"docsy\"\n"),
        ("content/a.md", page),
        ("layouts/shortcodes/alert.html", "<div>{{ .Inner }}</div>\n"),
    ]);
    assert!(l.expect("a Hugo site").unsure_anchors.is_empty());
    let (_d, l) = site(&[
        ("hugo.toml", "theme = \"docsy\"\n"),
        (
            "content/a.md",
            "{{< alert >}}x{{< /alert >}} {{% ref \"a\" %}}\n",
        ),
    ]);
    assert!(l.expect("a Hugo site").unsure_anchors.is_empty());
}

/// The home page's output formats: a format the site defines
/// literally (google/docsy's `LLMS`, etcd-io/website's `REDIRECTS`
/// of media type `text/netlify`) is a file at the root; one that a
/// theme not in the tree defines leaves pages unsure.
#[test]
fn home_output_formats() {
    let (_d, l) = site(&[(
        "hugo.yaml",
        "outputs:\n  home: [HTML, LLMS, REDIRECTS, RSS]\noutputFormats:\n  LLMS:\n    baseName: llms\n    isPlainText: true\n    mediaType: text/plain\n  REDIRECTS:\n    mediaType: text/netlify\n    baseName: _redirects\nmediaTypes:\n  text/netlify: {}\n",
    )]);
    let l = l.expect("a Hugo site");
    for f in ["/index.html", "/llms.txt", "/_redirects", "/index.xml"] {
        assert!(
            l.generated_pages.iter().any(|g| g == f),
            "{f}: {:?}",
            l.generated_pages
        );
    }
    assert!(l.unsure_pages.is_empty(), "{:?}", l.unsure_pages);
    let (_d, l) = site(&[(
        "hugo.yaml",
        "outputs:\n  home: [HTML, markdown, LLMS]\n  section: [HTML, RSS, print]\n",
    )]);
    let l = l.expect("a Hugo site");
    assert_eq!(l.unsure_pages.len(), 1, "{:?}", l.unsure_pages);
    assert!(l.unsure_pages[0].contains("`LLMS` of `outputs.home` (hugo.yaml)"));
    let (_d, l) = site(&[("hugo.toml", "title = 'x'\n")]);
    assert!(l
        .expect("a Hugo site")
        .generated_pages
        .iter()
        .any(|g| g == "/index.xml"));
}

/// A term page per term of each taxonomy (`tags` and `categories` by
/// default, or `[taxonomies]`), urlized, and the taxonomy's list
/// page; none with `disableKinds` (etcd-io/website).
#[test]
fn taxonomy_term_pages() {
    let page = "---\ntitle: x\ntags: [release, Upgrade Notes]\nseries: [one]\n---\n";
    let (_d, l) = site(&[("hugo.toml", "title = 'x'\n"), ("content/blog/a.md", page)]);
    let l = l.expect("a Hugo site");
    for u in [
        "/tags/",
        "/tags/release/",
        "/tags/upgrade-notes/",
        "/categories/",
    ] {
        assert!(
            l.generated_pages.iter().any(|g| g == u),
            "{u}: {:?}",
            l.generated_pages
        );
    }
    assert!(!l.generated_pages.iter().any(|g| g.starts_with("/series")));
    let (_d, l) = site(&[
        ("hugo.toml", "[taxonomies]\nseries = 'series'\n"),
        ("content/blog/a.md", page),
    ]);
    let l = l.expect("a Hugo site");
    assert!(l.generated_pages.iter().any(|g| g == "/series/one/"));
    assert!(!l.generated_pages.iter().any(|g| g.starts_with("/tags")));
    let (_d, l) = site(&[
        ("hugo.yaml", "disableKinds: [taxonomy, term]\n"),
        ("content/blog/a.md", page),
    ]);
    assert!(!l
        .expect("a Hugo site")
        .generated_pages
        .iter()
        .any(|g| g.starts_with("/tags")));
}

/// A relative alias is against the page's directory (google/docsy:
/// `aliases: [docsy-0.7]` of `/blog/2023/0.7.x/`, `[contributing,
/// ../contributing]` of `/project/about/maintainer-notes/`).
#[test]
fn relative_aliases() {
    assert_eq!(
        aliases(
            "/blog/2023/0.7.x/",
            vec!["docsy-0.7".into(), "/old/".into()]
        ),
        ["/blog/2023/docsy-0.7", "/old/"]
    );
    assert_eq!(
        aliases(
            "/project/about/maintainer-notes/",
            vec!["contributing".into(), "../contributing".into()]
        ),
        ["/project/about/contributing", "/project/contributing"]
    );
    assert_eq!(aliases("/a.html", vec!["b.html".into()]), ["/b.html"]);
}

/// The embedded link render hook (`.GetPage`, so `root_fallback`) on
/// a multilingual single-host site without a hook of its own; not on
/// one language, a multihost site, or `useEmbedded: never`. A leaf
/// bundle looks from the directory it is in.
#[test]
fn embedded_link_render_hook() {
    let langs = "languages:\n  en: {}\n  fr: {}\n";
    let (_d, l) = site(&[("hugo.yaml", langs)]);
    assert!(l.expect("a Hugo site").root_fallback);
    let (_d, l) = site(&[("hugo.yaml", "languages:\n  en: {}\n")]);
    assert!(!l.expect("a Hugo site").root_fallback);
    let (_d, l) = site(&[(
        "hugo.yaml",
        "languages:\n  en:\n    baseURL: https://a.org/\n  fr:\n    baseURL: https://b.org/\n",
    )]);
    assert!(!l.expect("a Hugo site").root_fallback);
    let never = format!(
        "{langs}markup:\n  goldmark:\n    renderHooks:\n      link:\n        useEmbedded: never\n"
    );
    let (_d, l) = site(&[("hugo.yaml", &never)]);
    assert!(!l.expect("a Hugo site").root_fallback);
    assert_eq!(
        bundle_container(Path::new("c/docs/content/shortcodes/index.md")),
        Some(PathBuf::from("c/docs/content"))
    );
    assert_eq!(bundle_container(Path::new("c/docs/_index.md")), None);
}

/// Module mounts of a file into the content (google/docsy's
/// `../AGENTS.md` to `content/project/repo/AGENTS.md`) serve its page
/// and its content path; a directory mount serves under its target;
/// a source the tree does not hold is served unseen under its
/// target, or, as the whole content, leaves pages unsure.
#[test]
fn file_and_directory_mounts() {
    let (_d, l) = site(&[
        (
            "hugo.yaml",
            "module:\n  mounts:\n    - source: content\n      target: content\n    - source: AGENTS.md\n      target: content/project/repo/AGENTS.md\n    - source: docs\n      target: content/more\n    - source: node_modules/x\n      target: static/x\n    - source: node_modules/y/content\n      target: content\n",
        ),
        ("AGENTS.md", "# Agents\n"),
        ("docs/a.md", "# A\n"),
    ]);
    let l = l.expect("a Hugo site");
    for u in ["/project/repo/AGENTS.md", "/project/repo/agents/"] {
        assert!(
            l.generated_pages.iter().any(|g| g == u),
            "{u}: {:?}",
            l.generated_pages
        );
    }
    assert!(l
        .mounts
        .iter()
        .any(|(d, p)| d.ends_with("docs") && p == "/more/"));
    assert!(l.generated.iter().any(|g| g == "/x"), "{:?}", l.generated);
    assert_eq!(l.unsure_pages.len(), 1, "{:?}", l.unsure_pages);
    assert!(l.unsure_pages[0].contains("`node_modules/y/content`"));
}

/// Issue 46 round 2 (linkerd/website, fixtures/sites/hugo-shortcodes):
/// `keyval`, which writes a `<div>` around its `.Inner` rendered as
/// Markdown, adds no anchor, nor do Hugo's embedded shortcodes;
/// `note`, which calls a partial that may write an `id`, may.
#[test]
fn quiet_shortcodes_of_the_tree() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/hugo-shortcodes");
    let quiet = quiet_shortcodes(&dir);
    assert!(quiet.iter().any(|n| n == "keyval"), "{quiet:?}");
    assert!(quiet.iter().any(|n| n == "ref"), "{quiet:?}");
    assert!(!quiet.iter().any(|n| n == "note"), "{quiet:?}");
    let page = std::fs::read(
        dir.join("content/2.16/tasks/automatically-rotating-control-plane-tls-credentials.md"),
    )
    .expect("page");
    use crate::links::anchors::includes::{generated_with, Generated};
    let hugo = crate::site::slug::Renderer::Hugo(crate::site::slug::HugoIdType::Github);
    assert_eq!(generated_with(&page, hugo, &quiet), Generated::Nothing);
    assert_eq!(generated_with(&page, hugo, &[]), Generated::Any);
    let with_note = [&page[..], b"\n{{< note >}}\nx\n{{< /note >}}\n"].concat();
    assert_eq!(generated_with(&with_note, hugo, &quiet), Generated::Any);
}

/// Issue 46 round 4 (open-telemetry/opentelemetry.io,
/// fixtures/sites/hugo-generated-config): a file of the configuration
/// directory named after no root key (`module-template.yaml`) and a
/// configuration file the tree's `.gitignore` ignores (`module.yaml`)
/// leave pages and anchors unsure, each named; `params.toml` and
/// `menus.en.toml` do not.
#[test]
fn configuration_files_a_build_step_writes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/hugo-generated-config");
    let l = read(&dir).expect("a Hugo site");
    assert!(l.unsure_pages[0].contains("config/_default/module-template.yaml"));
    // `.gitignore` is read with the `cli` feature's matcher
    // (`super::super::gitignore`); without it, only the file named
    // after no key says the configuration is unsure.
    #[cfg(feature = "cli")]
    {
        assert_eq!(l.unsure_pages.len(), 2, "{:?}", l.unsure_pages);
        assert!(l.unsure_pages[1].contains("config/_default/module.yaml, ignored by .gitignore"));
    }
    #[cfg(not(feature = "cli"))]
    assert_eq!(l.unsure_pages.len(), 1, "{:?}", l.unsure_pages);
    assert_eq!(l.unsure_anchors, l.unsure_pages);
    let (_d, plain) = site(&[
        (
            "config/_default/hugo.toml",
            "baseURL = \"https://x.org/\"\n",
        ),
        ("config/_default/params.toml", "x = 1\n"),
        ("config/_default/menus.en.toml", "[[main]]\nname = \"a\"\n"),
    ]);
    let plain = plain.expect("a Hugo site");
    assert!(plain.unsure_pages.is_empty(), "{:?}", plain.unsure_pages);
}

/// Issue 46 round 4 (dapr/docs `daprdocs/config.toml`, whose SDK
/// pages are mounted from submodules; opentelemetry.io's `tmp/...`
/// copied by a script): a mount under the content whose source is
/// missing or an empty directory leaves the pages under its target
/// unsure; a file mounted as a page, its page's URL.
#[test]
fn mounts_a_build_step_fills() {
    let (d, l) = site(&[
        (
            "config.toml",
            "baseURL = \"https://docs.dapr.io\"\n[module]\n  [[module.mounts]]\n    source = \"content/en\"\n    target = \"content\"\n    lang = \"en\"\n  [[module.mounts]]\n    source = \"../sdkdocs/python/daprdocs/content/en/python-sdk-docs\"\n    target = \"content/developing-applications/sdks/python\"\n    lang = \"en\"\n  [[module.mounts]]\n    source = \"tmp/otel/specification\"\n    target = \"content/docs/specs/otel\"\n  [[module.mounts]]\n    source = \"tmp/community/roadmap.md\"\n    target = \"content/community/roadmap.md\"\n",
        ),
        ("content/en/_index.md", "# Home\n"),
    ]);
    std::fs::create_dir_all(d.path().join("tmp/otel/specification")).expect("mkdir");
    let l2 = read(d.path()).expect("a Hugo site");
    let l = l.expect("a Hugo site");
    let under: Vec<&str> = l.unsure_under.iter().map(|(u, _)| u.as_str()).collect();
    assert_eq!(
        under,
        [
            "/developing-applications/sdks/python/",
            "/docs/specs/otel/",
            "/community/roadmap/"
        ]
    );
    assert!(l.unsure_under[0]
        .1
        .contains("whose source is not in the tree"));
    assert!(l.unsure_pages.is_empty(), "{:?}", l.unsure_pages);
    // The directory there, but empty.
    assert!(
        l2.unsure_under[1].1.contains("an empty directory"),
        "{:?}",
        l2.unsure_under
    );
}

/// Issue 46 round 4 (open-telemetry/opentelemetry.io,
/// fixtures/sites/hugo-translation-resources): the Japanese bundle
/// shares the English bundle's photo; a content file, a name neither
/// holds, and a page that is no bundle do not.
#[test]
fn translations_share_bundle_resources() {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/hugo-translation-resources");
    let l = read(&dir).expect("a Hugo site");
    assert_eq!(l.hugo_language_dirs.len(), 2, "{:?}", l.hugo_language_dirs);
    let ja = dir.join("content/ja/blog/2024/otel-operator-q-and-a/index.md");
    assert!(translation_resource(&l, &ja, "mount-rainier.jpg"));
    assert!(translation_resource(&l, &ja, "./mount-rainier.jpg"));
    assert!(!translation_resource(&l, &ja, "seattle.jpg"));
    assert!(!translation_resource(&l, &ja, "index.md"));
    assert!(!translation_resource(
        &l,
        &ja,
        "../otel-operator-q-and-a/mount-rainier.jpg"
    ));
    let not_bundle = dir.join("content/ja/blog/2024/x.md");
    assert!(!translation_resource(
        &l,
        &not_bundle,
        "otel-operator-q-and-a/mount-rainier.jpg"
    ));
}

/// Only the themes in use count (Hugo docs, "Theme components"):
/// letsencrypt/website sets `theme="le-2025"` and keeps the retired
/// `themes/le-2021`, whose link render hook rewrites destinations; that
/// hook renders nothing, and the site's links stay checked (issue 46).
#[test]
fn link_hooks_of_unused_themes_are_not_read() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/hugo-unused-theme");
    let l = read(&dir).expect("a Hugo site");
    assert!(l.unsure_anchors.is_empty(), "{:?}", l.unsure_anchors);
    assert!(l.unsure_pages.is_empty(), "{:?}", l.unsure_pages);
    // The same hook in the theme in use (a list, as theme components
    // are given) is read.
    let hook = include_str!(
        "../../../fixtures/sites/hugo-unused-theme/themes/le-2021/layouts/_default/_markup/render-link.html"
    );
    let (_d, l) = site(&[
        ("hugo.toml", "theme = [\"le-2021\"]\n"),
        (
            "themes/le-2021/layouts/_default/_markup/render-link.html",
            hook,
        ),
    ]);
    let l = l.expect("a Hugo site");
    assert!(
        l.unsure_anchors.iter().any(|w| w.contains("le-2021")),
        "{:?}",
        l.unsure_anchors
    );
    // A component named by the theme's own configuration is in use too.
    let (_d, l) = site(&[
        ("hugo.toml", "theme = \"main\"\n"),
        ("themes/main/hugo.toml", "theme = \"le-2021\"\n"),
        (
            "themes/le-2021/layouts/_default/_markup/render-link.html",
            hook,
        ),
    ]);
    let l = l.expect("a Hugo site");
    assert!(
        l.unsure_anchors.iter().any(|w| w.contains("le-2021")),
        "{:?}",
        l.unsure_anchors
    );
}

/// A file of one language in the configuration directory
/// (`languages.cs.toml`, Hugo's `config/configLoader.go`) is that
/// language's table: letsencrypt/website's content directories per
/// language are read; a file wrapping its table in its own name is
/// unwrapped; menus and params of a language are not read.
#[test]
fn language_files_of_the_configuration_directory() {
    assert_eq!(
        config::key_of(Path::new("languages.cs.toml")),
        Some(vec!["languages".to_string(), "cs".to_string()])
    );
    assert_eq!(config::key_of(Path::new("menus.en.toml")), None);
    assert_eq!(config::key_of(Path::new("params.fr.yaml")), None);
    assert_eq!(config::key_of(Path::new("hugo.toml")), Some(Vec::new()));
    assert_eq!(
        config::key_of(Path::new("markup.toml")),
        Some(vec!["markup".to_string()])
    );
    let wrapped = config::nested(
        &["cascade".to_string()],
        toml::Table::from_iter([("cascade".to_string(), toml::Value::Integer(1))]),
        "cascade",
    );
    assert_eq!(wrapped.get("cascade"), Some(&toml::Value::Integer(1)));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/hugo-multilingual");
    let l = read(&dir).expect("a Hugo site");
    assert_eq!(l.source_dir, dir.join("content/en"));
    assert!(l.mounts.contains(&(dir.join("content/cs"), "/cs/".into())));
    let links = l
        .hugo_embedded_links
        .expect("the embedded link render hook");
    assert_eq!(links.languages, ["en", "cs"]);
    assert!(links
        .dirs
        .contains(&(dir.join("content/cs"), Some("cs".to_string()))));
}

/// When the embedded link render hook renders links (Hugo docs,
/// "Configure markup", `renderHooks.link.useEmbedded`): `auto` on a
/// multilingual single-host site unless `duplicateResourceFiles`;
/// `fallback` only without a hook of the site's; `always` even with
/// one; the deprecated `enableDefault`.
#[test]
fn when_the_embedded_link_hook_renders() {
    let langs: toml::Value = toml::from_str("en = {}\nfr = {}\n").expect("toml");
    let one: toml::Value = toml::from_str("en = {}\n").expect("toml");
    let markup = |s: &str| -> toml::Value { toml::from_str(s).expect("toml") };
    assert!(embedded::in_effect(Some(&langs), None, false));
    assert!(!embedded::in_effect(Some(&langs), None, true));
    assert!(!embedded::in_effect(Some(&one), None, false));
    let dup = markup("[goldmark]\nduplicateResourceFiles = true\n");
    assert!(!embedded::in_effect(Some(&langs), Some(&dup), false));
    let fallback = markup("[goldmark.renderHooks.link]\nuseEmbedded = \"fallback\"\n");
    assert!(embedded::in_effect(Some(&one), Some(&fallback), false));
    assert!(!embedded::in_effect(Some(&one), Some(&fallback), true));
    let always = markup("[goldmark.renderHooks.link]\nuseEmbedded = \"always\"\n");
    assert!(embedded::in_effect(None, Some(&always), true));
    let legacy = markup("[goldmark.renderHooks.link]\nenableDefault = true\n");
    assert!(embedded::in_effect(None, Some(&legacy), false));
    let off = markup("[goldmark.renderHooks.link]\nenableDefault = false\n");
    assert!(!embedded::in_effect(Some(&langs), Some(&off), false));
}

/// `.GetPage` as the embedded link render hook calls it
/// (`hugolib/pagecollections.go`), checked against `hugo` 0.168 on a
/// two-language site: by the page's source path in the page's language
/// (a `slug` does not matter), from the page's directory (a leaf
/// bundle's container) then the content root, never past a `.`; a page
/// with no translation is not found (the link stays as written).
#[test]
fn embedded_link_hook_finds_pages_by_source_in_the_language() {
    let (d, l) = site(&[
        (
            "hugo.toml",
            "[languages.en]\ncontentDir = \"content/en\"\n[languages.fr]\ncontentDir = \"content/fr\"\n",
        ),
        ("content/en/docs/a.md", "---\nslug: alpha\n---\n# A\n"),
        ("content/en/docs/b.md", "# B\n"),
        ("content/en/docs/bun/index.md", "x\n"),
        ("content/en/docs/page.html", "x\n"),
        ("content/fr/docs/a.md", "---\nslug: alpha-fr\n---\n# A\n"),
        ("content/fr/docs/c.md", "x\n"),
        ("content/fr/docs/_index.md", "x\n"),
    ]);
    let l = l.expect("a Hugo site");
    let d = d.path();
    let is_file = |p: &Path| p.is_file();
    let find = |page: &str, dest: &str| embedded_link(&l, &d.join(page), dest, is_file);
    let fr_a = Some(d.join("content/fr/docs/a.md"));
    let en_a = Some(d.join("content/en/docs/a.md"));
    for dest in [
        "/docs/a",
        "/docs/a/",
        "a.md",
        "../docs/a",
        "docs/a",
        "./a",
        "/DOCS/A",
    ] {
        assert_eq!(find("content/fr/docs/c.md", dest), fr_a, "{dest}");
    }
    assert_eq!(find("content/fr/docs/c.md", "/docs/b"), None);
    assert_eq!(find("content/fr/docs/c.md", "b"), None);
    assert_eq!(
        find("content/fr/docs/c.md", "/docs/"),
        Some(d.join("content/fr/docs/_index.md"))
    );
    assert_eq!(find("content/en/docs/b.md", "/docs/a"), en_a);
    // From a leaf bundle: its container, but `../x.md` from its own
    // directory.
    assert_eq!(find("content/en/docs/bun/index.md", "a"), en_a);
    assert_eq!(find("content/en/docs/bun/index.md", "./a"), en_a);
    assert_eq!(find("content/en/docs/bun/index.md", "../a.md"), en_a);
    assert_eq!(find("content/en/docs/bun/index.md", "../b"), None);
    assert_eq!(
        find("content/en/docs/b.md", "bun/"),
        Some(d.join("content/en/docs/bun/index.md"))
    );
    // Not a page's extension, and a page goldmark does not render.
    assert_eq!(find("content/en/docs/b.md", "/docs/a.png"), None);
    assert_eq!(find("content/en/docs/page.html", "/docs/a"), None);
}

/// Translation by file name in a shared content directory (Hugo docs,
/// "Multilingual mode"): `about.fr.md` is French, and `.GetPage` on it
/// finds the French pages; the default language's pages are the names
/// without a code.
#[test]
fn embedded_link_hook_translation_by_file_name() {
    let (d, l) = site(&[
        (
            "hugo.toml",
            "defaultContentLanguage = \"en\"\n[languages.en]\n[languages.fr]\n",
        ),
        ("content/docs/a.md", "# A\n"),
        ("content/docs/a.fr.md", "# A\n"),
        ("content/docs/b.md", "# B\n"),
        ("content/docs/c.fr.md", "x\n"),
    ]);
    let l = l.expect("a Hugo site");
    let d = d.path();
    let find = |page: &str, dest: &str| embedded_link(&l, &d.join(page), dest, |p| p.is_file());
    assert_eq!(
        find("content/docs/c.fr.md", "/docs/a"),
        Some(d.join("content/docs/a.fr.md"))
    );
    assert_eq!(find("content/docs/c.fr.md", "/docs/b"), None);
    assert_eq!(
        find("content/docs/b.md", "/docs/a"),
        Some(d.join("content/docs/a.md"))
    );
}

/// A page of front matter alone (letsencrypt/website's untranslated
/// stubs) shows what its layout writes: its anchors are not known.
#[test]
fn pages_without_content_of_their_own() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/hugo-multilingual");
    let l = read(&dir).expect("a Hugo site");
    assert!(layout_only_page(&l, &dir.join("content/cs/repository.html")).is_some());
    assert!(layout_only_page(&l, &dir.join("content/en/repository.html")).is_none());
    assert!(layout_only_page(&l, &dir.join("content/cs/docs/rate-limits.md")).is_none());
    assert_eq!(without_comments("a<!-- b -->c<!-- d"), "ac");
}

/// Drafts (front matter `draft: true`) are left out of the build unless
/// `buildDrafts` or a build file says otherwise (Hugo docs, "Build
/// options"; cncf/glossary, issue 46 round 7): a link to one, by its URL
/// or by its source path, is to a page the site does not serve.
#[test]
fn drafts_are_left_out_unless_the_build_makes_them() {
    let files = [
        ("hugo.toml", "baseURL = \"https://x.org/\"\n"),
        ("content/docs/a.md", "---\ntitle: A\n---\n[d](/docs/d/)\n"),
        (
            "content/docs/d.md",
            "---\ntitle: D\ndraft: true\n---\n# D\n",
        ),
    ];
    let (d, l) = site(&files);
    assert!(l.expect("a Hugo site").hugo_drafts_left_out);
    let s = crate::site::Site::in_dir(d.path()).expect("a site");
    let a = d.path().join("content/docs/a.md");
    assert!(matches!(
        s.resolve(&a, "/docs/d/"),
        Resolved::Missing { .. }
    ));
    assert!(matches!(s.resolve(&a, "/docs/a/"), Resolved::File(_)));
    // Built with drafts: by the configuration, by a build file.
    for (name, text) in [
        (
            "hugo.toml",
            "baseURL = \"https://x.org/\"\nbuildDrafts = true\n",
        ),
        ("Makefile", "serve:\n\thugo server -D\n"),
        (
            "netlify.toml",
            "[context.deploy-preview]\ncommand = \"hugo --buildDrafts\"\n",
        ),
    ] {
        let mut more = files.to_vec();
        more.retain(|(n, _)| *n != name);
        more.push((name, text));
        let (d, l) = site(&more);
        assert!(!l.expect("a Hugo site").hugo_drafts_left_out, "{name}");
        let s = crate::site::Site::in_dir(d.path()).expect("a site");
        let a = d.path().join("content/docs/a.md");
        assert!(
            matches!(s.resolve(&a, "/docs/d/"), Resolved::File(_)),
            "{name}"
        );
    }
}

/// A leaf bundle's resources are published under its page's URL, which
/// front matter `slug` or `url` may move
/// (falcosecurity/falco-website `content/en/blog/falco-at-kubecon-na-2022/`,
/// `slug: falco-kubecon-2022`; issue 46, round 8).
#[test]
fn bundle_resources_follow_their_page() {
    let (d, _) = site(&[
        ("hugo.toml", "baseURL = \"https://x.org/\"\n"),
        (
            "content/blog/kubecon-2022/index.md",
            "---\ntitle: K\nslug: kc\n---\n![x](/blog/kc/images/a.png)\n",
        ),
        ("content/blog/kubecon-2022/images/a.png", ""),
    ]);
    let s = crate::site::Site::in_dir(d.path()).expect("a site");
    let page = d.path().join("content/blog/kubecon-2022/index.md");
    assert!(matches!(
        s.resolve(&page, "/blog/kc/images/a.png"),
        Resolved::File(_)
    ));
    // The path in the content directory stays an alias (unsure, not false).
    assert!(matches!(
        s.resolve(&page, "/blog/kubecon-2022/images/a.png"),
        Resolved::File(_)
    ));
    assert!(matches!(
        s.resolve(&page, "/blog/kc/images/b.png"),
        Resolved::Missing { .. }
    ));
}

/// Hugo reads a configuration directory whole: a file in a subfolder is
/// set at the key its name gives (falcosecurity/falco-website's
/// `config/_default/module/module.yaml` mounting `content/en`).
#[test]
fn configuration_subdirectories_are_read() {
    let (d, l) = site(&[
        (
            "config/_default/config.toml",
            "baseURL = \"https://x.org/\"\n",
        ),
        (
            "config/_default/module/module.yaml",
            "mounts:\n  - source: 'content/en'\n    target: 'content'\n    lang: 'en'\n",
        ),
        ("content/en/docs/a.md", "---\ntitle: A\n---\n"),
    ]);
    let l = l.expect("a Hugo site");
    assert_eq!(l.source_dir, d.path().join("content/en"));
}

/// Hugo's `paths.Sanitize` on the path a URL is made of
/// (kubernetes-sigs/kustomize's `Kustomization File/` folder, issue 46
/// round 9): spaces to one `-`, other characters outside its set dropped.
#[test]
fn paths_are_sanitized_as_hugo_does() {
    assert_eq!(
        sanitize_path("docs/Reference/API/Kustomization File/bases.md"),
        "docs/Reference/API/Kustomization-File/bases.md"
    );
    assert_eq!(sanitize_path("a  b - c.md"), "a-b-c.md");
    assert_eq!(sanitize_path("what's new?.md"), "whats-new.md");
    assert_eq!(sanitize_path("x%20y.md"), "x%20y.md");
    assert_eq!(sanitize_path("café/naïve.md"), "café/naïve.md");
    assert_eq!(sanitize_path("end .md"), "end-.md");
}

/// The page templates are trusted only when the model has them all: a
/// section's own (kubernetes-sigs/kind's `layouts/docs/single.html`);
/// not when there is none at all, nor when a build file passes a theme
/// (`HUGO_THEME` in `netlify.toml`).
#[test]
fn page_templates_known_only_when_all_are_in_the_tree() {
    let (_d, l) = site(&[
        ("config.toml", "title = \"kind\"\n"),
        ("layouts/docs/single.html", "{{ .Content }}\n"),
    ]);
    let layouts = l.expect("a Hugo site").hugo_page_layouts.expect("known");
    assert!(layouts.publishes("docs") && !layouts.publishes("page"));
    let (_d, l) = site(&[("config.toml", "title = \"x\"\n")]);
    assert_eq!(l.expect("a Hugo site").hugo_page_layouts, None);
    let (_d, l) = site(&[
        ("config.toml", "title = \"kind\"\n"),
        ("layouts/docs/single.html", "{{ .Content }}\n"),
        (
            "netlify.toml",
            "[build.environment]\nHUGO_THEME = \"docsy\"\n",
        ),
    ]);
    assert_eq!(l.expect("a Hugo site").hugo_page_layouts, None);
}
