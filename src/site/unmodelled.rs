//! Sites of a generator urilint does not model: a directory whose
//! `package.json` depends on a docs or site generator whose build rules
//! the model does not know (Fumadocs, Gatsby, Eleventy, VuePress,
//! Rspress, Docus / Nuxt Content, Hexo, Vocs, dumi, Astro without
//! Starlight, Next.js with an MDX loader, ...; [`GENERATORS`]) and whose
//! tree holds Markdown or MDX pages. Its pages are the Markdown and MDX
//! files under the directory; where their URLs go and which anchors they
//! get the model cannot say, so every link from them to a page or an
//! anchor not found is counted not checked (with the reason "Fumadocs
//! (package.json, a generator urilint does not model) may make or move
//! pages"), and `urilint site` says it.
//!
//! Detection is discriminating: a `package.json` that also depends on a
//! modelled generator ([`MODELLED`]: Docusaurus, VitePress, Starlight,
//! Nextra, docsify) is left to that generator's model; a package that
//! many repositories depend on for other reasons (`astro`, `gatsby`,
//! `@next/mdx`) counts only beside the generator's configuration file;
//! and a modelled generator's configuration in the same directory wins,
//! but for Jekyll's `_config.yml`, which Hexo's shares
//! ([`super::Generator::ALL`] looks for this one just before Jekyll).
//! Sources: each generator's installation docs (the package a site
//! depends on, its configuration file).

use std::path::Path;

use super::{Generator, Layout, UrlStyle};

/// The names in a directory that [`read`] looks at.
pub const CONFIG_NAMES: &[&str] = &["package.json"];

/// The generators urilint does not model, one a line: a package a site
/// depends on (`dependencies` or `devDependencies` of `package.json`),
/// the generator's name said in the reason, and the files of which one
/// must be beside `package.json` too when the package alone is no
/// evidence of a site there (a monorepo's root depends on `astro` for
/// its packages; Astro's site has `astro.config.mjs`). Several packages
/// may name one generator; the first match in this order is said.
pub const GENERATORS: &[(&str, &str, &[&str])] = &[
    ("fumadocs-core", "Fumadocs", &[]),
    ("fumadocs-mdx", "Fumadocs", &[]),
    ("fumadocs-ui", "Fumadocs", &[]),
    ("gatsby", "Gatsby", GATSBY),
    ("@11ty/eleventy", "Eleventy", &[]),
    ("vuepress", "VuePress", &[]),
    ("@vuepress/core", "VuePress", &[]),
    ("@vuepress/cli", "VuePress", &[]),
    ("vuepress-theme-hope", "VuePress", &[]),
    ("rspress", "Rspress", RSPRESS),
    ("@rspress/core", "Rspress", RSPRESS),
    ("docus", "Docus", &[]),
    ("@nuxt/content", "Nuxt Content", NUXT),
    ("@nuxtjs/content", "Nuxt Content", NUXT),
    ("hexo", "Hexo", &["_config.yml"]),
    ("vocs", "Vocs", VOCS),
    ("dumi", "dumi", &[]),
    ("@next/mdx", "Next.js with @next/mdx", NEXT),
    ("next-mdx-remote", "Next.js with next-mdx-remote", NEXT),
    ("contentlayer", "Contentlayer", CONTENT),
    ("contentlayer2", "Contentlayer", CONTENT),
    ("next-contentlayer", "Contentlayer", CONTENT),
    ("@content-collections/core", "Content Collections", CONTENT),
    ("velite", "Velite", CONTENT),
    (
        "mdsvex",
        "mdsvex",
        &["svelte.config.js", "svelte.config.ts"],
    ),
    ("astro", "Astro (without Starlight)", ASTRO),
    ("docusaurus", DOCUSAURUS_1, &["siteConfig.js"]),
];

/// Docusaurus 1 (the `docusaurus` package, `website/siteConfig.js`, no
/// `docusaurus.config.*`): its pages are the Markdown files of
/// `customDocsPath`, `docs` beside `website/` by default, so its site
/// directory may hold none (Docusaurus 1 docs, "siteConfig.js":
/// `customDocsPath`).
const DOCUSAURUS_1: &str = "Docusaurus 1";

/// Gatsby's configuration files (Gatsby docs, "Gatsby Config API").
const GATSBY: &[&str] = &["gatsby-config.js", "gatsby-config.ts", "gatsby-config.mjs"];
/// Rspress's configuration files (Rspress docs, "Config").
const RSPRESS: &[&str] = &[
    "rspress.config.ts",
    "rspress.config.js",
    "rspress.config.mjs",
];
/// Nuxt's configuration files.
const NUXT: &[&str] = &["nuxt.config.ts", "nuxt.config.js", "nuxt.config.mjs"];
/// Vocs's configuration files (Vocs docs, "Config").
const VOCS: &[&str] = &["vocs.config.ts", "vocs.config.tsx", "vocs.config.js"];
/// Next.js's configuration files.
const NEXT: &[&str] = &[
    "next.config.js",
    "next.config.mjs",
    "next.config.ts",
    "next.config.mts",
    "next.config.cjs",
];
/// The configuration files of a Next.js site or of a content layer's.
const CONTENT: &[&str] = &[
    "next.config.js",
    "next.config.mjs",
    "next.config.ts",
    "contentlayer.config.ts",
    "contentlayer.config.js",
    "velite.config.ts",
    "velite.config.js",
    "content-collections.ts",
];
/// Astro's configuration files (Astro docs, "Configuration overview").
const ASTRO: &[&str] = &[
    "astro.config.mjs",
    "astro.config.js",
    "astro.config.ts",
    "astro.config.mts",
    "astro.config.cjs",
];

/// The packages of the generators urilint models: a `package.json` that
/// depends on one is left to that generator's model (its configuration
/// file says where the site is).
pub const MODELLED: &[&str] = &[
    "@docusaurus/core",
    "@docusaurus/preset-classic",
    "vitepress",
    "@astrojs/starlight",
    "nextra",
    "nextra-theme-docs",
    "docsify",
    "docsify-cli",
];

/// The most directory entries [`has_pages`] looks at.
const MAX_ENTRIES: usize = 5_000;

/// The site of an unmodelled generator configured in `dir`: `None` when
/// `dir/package.json` depends on no generator of [`GENERATORS`], depends
/// on a modelled one ([`MODELLED`]), or the tree holds no Markdown or
/// MDX page.
pub fn read(dir: &Path) -> Option<Layout> {
    let config = dir.join("package.json");
    let text = super::read_config(&config).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    let depends = |name: &str| {
        ["dependencies", "devDependencies"]
            .iter()
            .any(|d| json.get(d).and_then(|m| m.get(name)).is_some())
    };
    if MODELLED.iter().any(|m| depends(m)) {
        return None;
    }
    let (_, generator, _) = GENERATORS.iter().find(|(p, _, markers)| {
        depends(p) && (markers.is_empty() || markers.iter().any(|m| dir.join(m).is_file()))
    })?;
    let docs_beside =
        || *generator == DOCUSAURUS_1 && dir.parent().is_some_and(|p| has_pages(&p.join("docs")));
    if !has_pages(dir) && !docs_beside() {
        return None;
    }
    let mut l = Layout::new(Generator::Unmodelled, dir, &config);
    l.page_extensions = vec!["md", "mdx", "markdown"];
    l.index_names = vec!["index.md", "index.mdx", "README.md"];
    l.url_style = UrlStyle::Clean;
    for name in ["public", "static"] {
        let p = dir.join(name);
        if p.is_dir() {
            l.static_dirs.push(p);
        }
    }
    let reason = format!("{generator} (package.json, a generator urilint does not model)");
    l.unsure_pages.push(reason.clone());
    l.unsure_anchors.push(reason);
    Some(l)
}

/// True when the tree of `dir` holds a Markdown or MDX file (`.md`,
/// `.mdx`, `.markdown`), `node_modules` and hidden directories passed
/// over, at most [`MAX_ENTRIES`] entries looked at.
fn has_pages(dir: &Path) -> bool {
    let mut stack = vec![dir.to_path_buf()];
    let mut seen = 0usize;
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            seen += 1;
            if seen > MAX_ENTRIES {
                return false;
            }
            let name = e.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') || name == "node_modules" {
                continue;
            }
            let Ok(t) = e.file_type() else {
                continue;
            };
            if t.is_dir() {
                stack.push(e.path());
            } else if t.is_file()
                && [".md", ".mdx", ".markdown"]
                    .iter()
                    .any(|x| name.ends_with(x) && !name.eq_ignore_ascii_case("README.md"))
            {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(package: &str, files: &[&str]) -> (tempfile::TempDir, Option<Layout>) {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("package.json"), package).expect("write");
        for f in files {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(p, "# x\n").expect("write");
        }
        let l = read(dir.path());
        (dir, l)
    }

    /// Docusaurus 1 (mobxjs/mobx: `website/package.json` depends on
    /// `docusaurus` ^1, `website/siteConfig.js`, the docs in `docs/`
    /// beside `website/`, which holds only static files): a site urilint
    /// does not model, its links not checked; without `siteConfig.js` or
    /// docs, none.
    #[test]
    fn docusaurus_1_is_a_site_not_modelled() {
        let dir = tempfile::tempdir().expect("tempdir");
        let web = dir.path().join("website");
        std::fs::create_dir_all(web.join("static")).expect("mkdir");
        std::fs::create_dir_all(dir.path().join("docs")).expect("mkdir");
        std::fs::write(
            web.join("package.json"),
            r#"{"devDependencies": {"docusaurus": "^1.14.4"}}"#,
        )
        .expect("write");
        std::fs::write(web.join("static/getting-started.html"), "<p>x</p>\n").expect("write");
        assert!(read(&web).is_none(), "no siteConfig.js, no docs");
        std::fs::write(web.join("siteConfig.js"), "module.exports = {};\n").expect("write");
        assert!(read(&web).is_none(), "no docs");
        std::fs::write(dir.path().join("docs/intro.md"), "# Intro\n").expect("write");
        let l = read(&web).expect("site");
        assert_eq!(
            l.unsure_pages,
            ["Docusaurus 1 (package.json, a generator urilint does not model)"]
        );
    }

    /// A generator of the table with pages: a site of that name, every
    /// page and anchor unsure; a modelled generator's package, no pages,
    /// or no generator at all: none.
    #[test]
    fn discriminating_evidence() {
        let (_d, l) = site(
            r#"{"dependencies": {"fumadocs-core": "16.2.2", "next": "16.0.10"}}"#,
            &["content/docs/index.mdx"],
        );
        let l = l.expect("layout");
        assert_eq!(l.generator, Generator::Unmodelled);
        assert_eq!(
            l.unsure_pages,
            vec!["Fumadocs (package.json, a generator urilint does not model)".to_string()]
        );
        assert_eq!(l.unsure_anchors, l.unsure_pages);
        let (_d, l) = site(
            r#"{"devDependencies": {"@11ty/eleventy": "^3"}}"#,
            &["docs/a.md"],
        );
        assert!(l.is_some_and(|l| l.unsure_pages[0].contains("Eleventy")));
        let (_d, l) = site(
            r#"{"devDependencies": {"astro": "5"}}"#,
            &["astro.config.mjs", "src/pages/a.md"],
        );
        assert!(l.is_some_and(|l| l.unsure_pages[0].contains("Astro")));
        // Hexo's `_config.yml` is not Jekyll's: the package says Hexo.
        let (d, _) = site(
            r#"{"dependencies": {"hexo": "7"}}"#,
            &["source/_posts/hello.md"],
        );
        std::fs::write(d.path().join("_config.yml"), "title: Hexo\n").expect("write");
        let found = super::super::Site::in_dir(d.path()).expect("site");
        assert_eq!(found.generator(), Generator::Unmodelled);
        assert!(
            found.layout.notes.iter().any(|n| n.contains("jekyll")),
            "{:?}",
            found.layout.notes
        );
        for (package, files) in [
            (
                r#"{"dependencies": {"nextra": "4", "next": "15", "@next/mdx": "15"}}"#,
                &["pages/a.mdx"][..],
            ),
            (
                r#"{"dependencies": {"astro": "5", "@astrojs/starlight": "0.30"}}"#,
                &["src/content/docs/a.md"][..],
            ),
            (r#"{"dependencies": {"gatsby": "5"}}"#, &["README.md"][..]),
            (r#"{"dependencies": {"next": "15"}}"#, &["docs/a.md"][..]),
            // A monorepo's root: `astro` without its configuration.
            (
                r#"{"devDependencies": {"astro": "5"}}"#,
                &["CONTRIBUTING.md"][..],
            ),
            (r#"{"dependencies": "#, &["docs/a.md"][..]),
        ] {
            let (_d, l) = site(package, files);
            assert!(l.is_none(), "{package}");
        }
    }
}
