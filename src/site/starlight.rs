//! Astro Starlight (`astro.config.{mjs,ts,js,mts,cjs}` that imports
//! `@astrojs/starlight`): pages are the `.md`, `.mdx` and `.mdoc` files of
//! `src/content/docs/`, each path segment slugified by github-slugger
//! (`Getting Started.md` is `/getting-started/`), `index` a directory's
//! index; front matter `slug` sets a page's URL; `src/pages/` are Astro
//! routes at the root; `public/` is served as it is; Astro `base` is the
//! base path. With i18n `locales`, each locale but `root` is a directory
//! of `src/content/docs/`, and a page missing in a locale is served at
//! the locale's URL from the default locale ("fallback content").
//! Starlight plugins, a computed `locales`, Astro `redirects` that are not
//! literal and dynamic routes (`src/pages/[...slug].astro`) may make
//! pages the model does not see: they are said in
//! [`Layout::unsure_pages`]. Source: Starlight guides "Pages",
//! "Internationalization (i18n)", reference "Frontmatter" (`slug`) and
//! "Configuration" (`locales`, `defaultLocale`, `plugins`); Astro
//! "Routing" and configuration reference (`base`, `redirects`); heading
//! ids from `rehype-slug` (github-slugger).

use std::path::Path;

use super::front_matter::FrontMatter;
use super::js_object::{Node, Object, Value};
use super::{base_path_of, Generator, Layout, UrlStyle};

/// The configuration file names [`read`] looks for, in order.
pub const CONFIG_NAMES: &[&str] = &[
    "astro.config.mjs",
    "astro.config.ts",
    "astro.config.js",
    "astro.config.mts",
    "astro.config.cjs",
];

/// Front matter keys that set a page's URL: Starlight (Astro content
/// collections) `slug`.
pub const URL_KEYS: &[&str] = &["slug"];

/// The Starlight site configured in `dir`: `None` when no Astro
/// configuration there imports `@astrojs/starlight` (an Astro site of
/// another kind is not modelled).
pub fn read(dir: &Path) -> Option<Layout> {
    let config = CONFIG_NAMES
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())?;
    let text = super::read_config(&config).ok()?;
    if !text.contains("@astrojs/starlight") {
        return None;
    }
    let name = config
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut l = Layout::new(Generator::Starlight, dir, &config);
    l.source_dir = dir.join("src/content/docs");
    l.page_extensions = vec!["md", "mdx", "mdoc", "astro"];
    l.index_names = vec!["index.md", "index.mdx", "index.mdoc", "index.astro"];
    l.url_style = UrlStyle::Directory;
    l.front_matter_urls = true;
    l.module_specifiers = true;
    l.renderer = super::slug::Renderer::Docusaurus;
    // Markdown links are left as written: resolved against the page URL.
    l.source_links = false;
    for (plugin, from) in markdown_plugins(&text) {
        l.unsure_pages.push(format!(
            "the Markdown plugin `{plugin}` (from `{from}`, {name}), which may rewrite links"
        ));
    }
    l.static_dirs.push(dir.join("public"));
    l.mounts.push((dir.join("src/pages"), "/".into()));
    let o = Object::new(&text);
    astro_options(&mut l, &o, &name);
    starlight_locales(&mut l, &o, &name);
    if let Some(p) = starlight_plugins(&text) {
        l.unsure_pages
            .push(format!("the Starlight plugins {p} ({name})"));
    }
    match o.get("redirects") {
        Some(Value::Pairs(p)) => l.redirects.extend(p.into_iter().map(|(from, _)| from)),
        Some(_) => l
            .unsure_pages
            .push(format!("the Astro `redirects` computed by code ({name})")),
        None => {}
    }
    if let Some(route) = dynamic_route(&dir.join("src/pages")) {
        l.unsure_pages
            .push(format!("the Astro dynamic route {route}"));
    }
    Some(l)
}

/// The Astro configuration's own settings in `o` (its file named `name`)
/// on `l`: `base`, and `trailingSlash: 'never'` or `build.format:
/// 'file'` as clean URLs.
fn astro_options(l: &mut Layout, o: &Object, name: &str) {
    // Only the Astro configuration's own `base` (a key of the object
    // given to `defineConfig`, or of the object holding `integrations`),
    // not a plugin option of that name (`starlightOpenAPI([{ base:
    // 'api/petstore' }])`).
    let astro = o
        .call_arg("defineConfig")
        .filter(|n| matches!(n, Node::Obj { .. }))
        .or_else(|| o.config(&["integrations"]));
    match astro.as_ref().and_then(|c| c.get("base")) {
        Some(Node::Str(s)) => l.base_path = base_path_of(s),
        Some(_) => l
            .unsure_pages
            .push(format!("the Astro `base` computed by code ({name})")),
        None => {}
    }
    // Astro `trailingSlash: 'never'` or `build.format: 'file'`: a page
    // is served at `/x` (or `/x.html`), not `/x/`; relative links resolve
    // against that (Astro configuration reference).
    let never = astro
        .as_ref()
        .and_then(|c| c.get("trailingSlash"))
        .is_some_and(|t| t.as_str() == Some("never"));
    let file = astro
        .as_ref()
        .and_then(|c| c.get("build"))
        .and_then(|b| b.get("format"))
        .is_some_and(|f| f.as_str() == Some("file"));
    if never || file {
        l.url_style = UrlStyle::Clean;
    }
}

/// The Starlight `locales` (and `defaultLocale`) of the configuration `o`
/// (its file named `name`) on `l`; locales not written as a literal, or
/// Astro's `i18n` standing for them, noted unsure.
fn starlight_locales(l: &mut Layout, o: &Object, name: &str) {
    let options = o.call_arg("starlight");
    match options.as_ref().and_then(|s| s.get("locales")) {
        Some(Node::Obj {
            entries,
            spread: false,
        }) if options
            .as_ref()
            .and_then(|s| s.get("defaultLocale"))
            .is_none_or(|d| d.as_str().is_some()) =>
        {
            let keys: Vec<String> = entries.iter().map(|(k, _)| k.clone()).collect();
            let default = options
                .as_ref()
                .and_then(|s| s.get("defaultLocale"))
                .and_then(Node::as_str);
            l.locales = locales(&keys, default);
        }
        Some(_) => l.unsure_pages.push(format!(
            "the Starlight `locales` computed by code ({name}), with the fallback pages of translations"
        )),
        // Without Starlight `locales`, Astro's `i18n` stands for them.
        None if o.get("i18n").is_some() => l.unsure_pages.push(format!(
            "the Astro `i18n` locales ({name}), with the fallback pages of translations"
        )),
        // Options not written as a literal, or spreading keys not read.
        None if matches!(
            options,
            Some(Node::Computed | Node::Obj { spread: true, .. })
        ) =>
        {
            l.unsure_pages.push(format!(
                "the Starlight options computed by code ({name}), with the locales and fallback pages of translations"
            ))
        }
        None => {}
    }
}

/// Markdown plugins (remark, rehype, or Astro's `mdastPlugins` and
/// `hastPlugins`) known to leave links alone: heading ids and anchors,
/// math, GFM, typography.
const QUIET_MARKDOWN_PLUGINS: &[&str] = &[
    "rehype-slug",
    "rehype-autolink-headings",
    "@astrojs/markdown-remark",
    "remark-math",
    "rehype-katex",
    "rehype-mathjax",
    "remark-gfm",
    "remark-smartypants",
    "remark-directive",
];

/// The Markdown plugins of the Astro configuration `text` that may
/// rewrite links, each as (the name in the plugin list, the module it is
/// imported from; `?` when not imported by name): the identifiers of the
/// lists `remarkPlugins`, `rehypePlugins`, `mdastPlugins` and
/// `hastPlugins` whose import is not one of [`QUIET_MARKDOWN_PLUGINS`]
/// (`astro-rehype-relative-markdown-links` rewrites `./x.md` to the
/// page's URL; a local plugin may do anything).
fn markdown_plugins(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for key in [
        "remarkPlugins",
        "rehypePlugins",
        "mdastPlugins",
        "hastPlugins",
    ] {
        let mut from = 0;
        while let Some(i) = text[from..].find(key) {
            from += i + key.len();
            let rest = text[from..].trim_start();
            let Some(list) = rest
                .strip_prefix(':')
                .map(str::trim_start)
                .and_then(|r| r.strip_prefix('['))
            else {
                continue;
            };
            // An entry's plugin: an identifier at the list's top
            // (`rehypeSlug`, `plugin()`), or the first of a `[plugin,
            // options]` pair.
            let mut stack: Vec<char> = Vec::new();
            let mut word = String::new();
            let mut first_of_pair = false;
            let mut quote: Option<char> = None;
            let mut names = Vec::new();
            for c in list.chars() {
                if let Some(q) = quote {
                    if c == q {
                        quote = None;
                    }
                    continue;
                }
                if c.is_alphanumeric() || c == '_' || c == '$' || (c == '.' && !word.is_empty()) {
                    word.push(c);
                    continue;
                }
                if !word.is_empty() {
                    let top = stack.is_empty() || (stack == ['['] && first_of_pair);
                    if top && !word.starts_with(|c: char| c.is_ascii_digit()) {
                        names.push(word.clone());
                    }
                    if stack == ['['] {
                        first_of_pair = false;
                    }
                    word.clear();
                }
                match c {
                    '\'' | '"' | '`' => quote = Some(c),
                    '(' | '{' => stack.push(c),
                    '[' => {
                        stack.push(c);
                        first_of_pair = stack.len() == 1;
                    }
                    ')' | '}' | ']' if stack.pop().is_none() => break,
                    _ => {}
                }
            }
            for n in names {
                let spec = import_of(text, &n).unwrap_or_else(|| "?".to_string());
                if QUIET_MARKDOWN_PLUGINS.contains(&spec.as_str())
                    || out.iter().any(|(x, _)| *x == n)
                {
                    continue;
                }
                out.push((n, spec));
            }
        }
    }
    out
}

/// The module the identifier `name` is imported from in `text` (`import
/// name from 'x'`, `import { a, name } from 'x'`); `None` when it is
/// not imported.
fn import_of(text: &str, name: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.trim_start().strip_prefix("import ")?;
        let (names, spec) = rest.rsplit_once(" from ")?;
        let imported = names
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
            .any(|w| w == name);
        if !imported {
            return None;
        }
        let spec = spec.trim().trim_end_matches(';').trim();
        Some(spec.trim_matches(['\'', '"']).to_string())
    })
}

/// The locales of a site whose pages a translation falls back to
/// (Starlight `locales` and `defaultLocale`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Locales {
    /// The directories of `src/content/docs/` of the locales but `root`
    /// (`fr`, `pt-br`), each served under `/<dir>/`.
    pub dirs: Vec<String>,
    /// The directory of the default locale, whose pages stand in for the
    /// pages a locale lacks; `None` for the `root` locale (the pages
    /// outside every locale directory).
    pub default: Option<String>,
}

impl Locales {
    /// The URLs at which the default locale's page at `url` is also
    /// served (once for each other locale that lacks it; the pages a
    /// locale has win, [`super::Site`] adds these after them). None when
    /// `url` is not a page of the default locale.
    pub fn fallbacks(&self, url: &str) -> Vec<String> {
        if self.dirs.is_empty() {
            return Vec::new();
        }
        let rest = match &self.default {
            Some(d) => match url.strip_prefix(&format!("/{d}")) {
                Some(r) if r.is_empty() || r.starts_with('/') => r.trim_start_matches('/'),
                _ => return Vec::new(),
            },
            None => {
                let first = url.trim_start_matches('/').split('/').next().unwrap_or("");
                if self.dirs.iter().any(|d| d == first) {
                    return Vec::new();
                }
                url.trim_start_matches('/')
            }
        };
        self.dirs
            .iter()
            .filter(|d| self.default.as_ref() != Some(*d))
            .map(|d| format!("/{d}/{rest}"))
            .collect()
    }
}

/// The locales of `locales` keys (all but `root` are directories) and
/// `defaultLocale` (else `root`, else the first).
fn locales(keys: &[String], default: Option<&str>) -> Locales {
    let default = match default {
        Some(s) if s != "root" => Some(s.to_string()),
        _ if keys.iter().any(|k| k == "root") => None,
        // Without `root` nor `defaultLocale`, the first locale.
        _ => keys.first().cloned(),
    };
    Locales {
        dirs: keys.iter().filter(|k| *k != "root").cloned().collect(),
        default,
    }
}

/// The names of the plugins of Starlight's `plugins: [...]` (or of a
/// `plugins = [...]` list handed to it), as written (`starlightBlog`),
/// joined; `None` when there is none. Expressive Code's `plugins` (code
/// blocks, no pages) are passed over.
fn starlight_plugins(text: &str) -> Option<String> {
    let mut names: Vec<String> = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("plugins") {
        let at = from + i;
        from = at + "plugins".len();
        let before = text[..at].trim_end();
        if text[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | '.'))
            || before
                .strip_suffix('{')
                .is_some_and(|b| b.trim_end().ends_with("expressiveCode:"))
        {
            continue;
        }
        let rest = text[from..].trim_start();
        let Some(rest) = rest.strip_prefix([':', '=']) else {
            continue;
        };
        let Some(list) = rest.trim_start().strip_prefix('[') else {
            continue;
        };
        // The top-level entries of the list, up to its closing bracket.
        let mut depth = 0usize;
        let mut word = String::new();
        for c in list.chars() {
            match c {
                '(' | '[' | '{' => {
                    if depth == 0 && !word.is_empty() {
                        names.push(format!("`{word}`"));
                        word.clear();
                    }
                    depth += 1;
                }
                ']' if depth == 0 => break,
                ')' | ']' | '}' => depth = depth.saturating_sub(1),
                c if depth == 0 && (c.is_alphanumeric() || matches!(c, '_' | '$' | '.')) => {
                    word.push(c);
                }
                _ if depth == 0 => {
                    if !word.is_empty() {
                        names.push(format!("`{word}`"));
                    }
                    word.clear();
                }
                _ => {}
            }
        }
    }
    names.sort();
    names.dedup();
    (!names.is_empty()).then(|| names.join(", "))
}

/// The first dynamic route of the Astro pages directory `pages` (a file
/// or directory whose name holds `[`: `[...slug].astro`, `[lang]/`),
/// relative to the project, at most 4 levels down and 1,000 entries.
fn dynamic_route(pages: &Path) -> Option<String> {
    let rel = super::files::dynamic_route(pages, 1000, 4, |_| false)?;
    let base = pages.parent().and_then(Path::parent).unwrap_or(pages);
    Some(rel.strip_prefix(base).unwrap_or(&rel).display().to_string())
}

/// The URL of the page whose source is at `rel` under `src/content/docs/`
/// (or under `src/pages/` when `prefix` is `/` and it is an Astro route):
/// front matter `slug` when set, else each path segment slugified by
/// github-slugger, `index` the directory's index, with a trailing `/`.
pub fn page_url(rel: &str, front: &FrontMatter) -> Option<String> {
    if let Some(slug) = front.get("slug") {
        let s = slug.trim().trim_matches('/');
        return Some(if s.is_empty() || s == "index" {
            "/".into()
        } else {
            format!("/{s}/")
        });
    }
    let stem = rel.rsplit_once('.').map_or(rel, |(s, _)| s);
    let mut segments: Vec<String> = stem
        .split('/')
        .map(|s| super::slug::Renderer::Docusaurus.slug(s))
        .collect();
    if segments.last().is_some_and(|s| s == "index") {
        segments.pop();
    }
    let joined = segments.join("/");
    Some(if joined.is_empty() {
        "/".into()
    } else {
        format!("/{joined}/")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_slugified_per_segment() {
        let f = FrontMatter::default();
        assert_eq!(page_url("index.mdx", &f).as_deref(), Some("/"));
        assert_eq!(
            page_url("guides/Getting Started.md", &f).as_deref(),
            Some("/guides/getting-started/")
        );
        assert_eq!(
            page_url("fr/guides/index.mdx", &f).as_deref(),
            Some("/fr/guides/")
        );
        assert_eq!(
            page_url("reference/v1.0-notes.md", &f).as_deref(),
            Some("/reference/v10-notes/")
        );
    }

    #[test]
    fn fallback_pages_of_translations() {
        let root = Locales {
            dirs: vec!["fr".into(), "pt-br".into()],
            default: None,
        };
        assert_eq!(
            root.fallbacks("/guides/x/"),
            ["/fr/guides/x/", "/pt-br/guides/x/"]
        );
        assert!(root.fallbacks("/fr/guides/x/").is_empty());
        let en = Locales {
            dirs: vec!["en".into(), "fr".into()],
            default: Some("en".into()),
        };
        assert_eq!(en.fallbacks("/en/guides/x/"), ["/fr/guides/x/"]);
        assert!(en.fallbacks("/fr/x/").is_empty());
        assert!(Locales::default().fallbacks("/x/").is_empty());
    }

    #[test]
    fn plugins_named() {
        let t = "starlight({ expressiveCode: {\n plugins: [pluginCollapsibleSections()],\n },\n plugins: [starlightBlog({ x: 1 }), starlightLinksValidator()],\n })";
        assert_eq!(
            starlight_plugins(t).as_deref(),
            Some("`starlightBlog`, `starlightLinksValidator`")
        );
        assert_eq!(starlight_plugins("starlight({ plugins: [] })"), None);
        let biome = "const plugins = [\n\tstarlightBlog({ title: { en: 'Blog' } }),\n\tstarlightChangelogs(),\n];\nstarlight({ plugins })";
        assert_eq!(
            starlight_plugins(biome).as_deref(),
            Some("`starlightBlog`, `starlightChangelogs`")
        );
    }

    /// withastro/starlight's docs (fixtures/sites/starlight-locales):
    /// `locales` by shorthand of an exported variable, `root` the default;
    /// locales not written as literals are unsure.
    #[test]
    fn locales_by_shorthand() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/starlight-locales");
        let l = read(&dir).expect("a Starlight site");
        assert_eq!(l.locales.dirs, ["de", "zh-cn", "ru", "hi"]);
        assert_eq!(l.locales.default, None);
        assert!(l.unsure_pages.is_empty(), "{:?}", l.unsure_pages);
        assert_eq!(
            l.locales.fallbacks("/guides/sidebar/")[3],
            "/hi/guides/sidebar/"
        );
        let keys = ["en".to_string(), "fr".to_string()];
        assert_eq!(locales(&keys, Some("fr")).default.as_deref(), Some("fr"));
        assert_eq!(locales(&keys, None).default.as_deref(), Some("en"));
    }

    /// tauri-apps/tauri-docs imports `locales` from a JSON file; withastro/
    /// docs from a module: not read, so unsure.
    #[test]
    fn locales_not_literal_are_unsure() {
        let tmp = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            tmp.path().join("astro.config.mjs"),
            "import starlight from '@astrojs/starlight';
import { localesConfig } from './config/locales';
export default defineConfig({ integrations: [starlight({ title: 'Docs', defaultLocale: 'en', locales: localesConfig })] });",
        )
        .expect("write");
        let l = read(tmp.path()).expect("a Starlight site");
        assert!(l.locales.dirs.is_empty());
        assert!(
            l.unsure_pages[0].contains("`locales` computed by code"),
            "{:?}",
            l.unsure_pages
        );
    }

    /// HiDeoo/starlight-openapi (issue 46 round 4,
    /// fixtures/sites/starlight-plugin-base): the `base` options of the
    /// `starlightOpenAPI` plugin's entries are not the Astro `base`; a
    /// `base` of `defineConfig`'s object is.
    #[test]
    fn only_the_astro_base_is_the_site_base() {
        let dir =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/starlight-plugin-base/docs");
        assert_eq!(read(&dir).expect("starlight").base_path, "/");
        let tmp = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            tmp.path().join("astro.config.mjs"),
            "import starlight from '@astrojs/starlight'\nexport default defineConfig({\n  integrations: [starlight({ plugins: [x([{ base: 'api' }])] })],\n  base: '/docs',\n})\n",
        )
        .expect("write");
        assert_eq!(read(tmp.path()).expect("starlight").base_path, "/docs/");
    }

    /// The Markdown plugins of Astro configurations: tauri-apps/tauri-docs
    /// (`rehypeHeadingIds` from `@astrojs/markdown-remark`,
    /// `[rehypeAutolinkHeadings, {...}]`: quiet), withastro/docs
    /// (`mdastPlugins: [fallbackLangPlugin()]`, a local plugin), and
    /// `astro-rehype-relative-markdown-links`, which rewrites links.
    #[test]
    fn markdown_plugins_that_may_rewrite_links() {
        let tauri = "import { rehypeHeadingIds } from '@astrojs/markdown-remark';\nimport rehypeAutolinkHeadings from 'rehype-autolink-headings';\nexport default defineConfig({\n  markdown: {\n    rehypePlugins: [\n      rehypeHeadingIds,\n      [\n        rehypeAutolinkHeadings,\n        { behavior: 'wrap', properties: { ariaHidden: true } },\n      ],\n    ],\n  },\n});\n";
        assert!(
            markdown_plugins(tauri).is_empty(),
            "{:?}",
            markdown_plugins(tauri)
        );
        let docs = "import { fallbackLangPlugin } from './config/plugins/satteri-fallback-lang';\n  markdown: { hastPlugins: [], mdastPlugins: [fallbackLangPlugin()] },\n";
        assert_eq!(
            markdown_plugins(docs),
            [(
                "fallbackLangPlugin".to_string(),
                "./config/plugins/satteri-fallback-lang".to_string()
            )]
        );
        let rewrite = "import rehypeAstroRelativeMarkdownLinks from \"astro-rehype-relative-markdown-links\";\nmarkdown: {\n  rehypePlugins: [[rehypeAstroRelativeMarkdownLinks, { base: '/x' }]],\n},\n";
        assert_eq!(
            markdown_plugins(rewrite),
            [(
                "rehypeAstroRelativeMarkdownLinks".to_string(),
                "astro-rehype-relative-markdown-links".to_string()
            )]
        );
    }
}
