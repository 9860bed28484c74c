//! Docusaurus (`docusaurus.config.{ts,mts,cts,js,mjs,cjs}`): the docs plugin serves
//! the Markdown and MDX files of `docs/` under `routeBasePath` (default
//! `/docs/`), with number prefixes (`01-intro.md`) dropped, `index` and
//! `README` as a directory's index, and front matter `id` and `slug`
//! changing the URL; `blog/` is served under `/blog/`, `src/pages/` at the
//! root, `static/` as it is. `baseUrl` is the base path. Links in Markdown
//! name files (`./x.md`) or URLs. Source: Docusaurus docs, "Docs
//! introduction" (document ids and URLs), "Routing", "Static assets".

use std::path::{Path, PathBuf};

use super::js_object::{Node, Object, Value};
use super::{base_path_of, lexically_clean, Generator, Layout, UrlStyle};

mod urls;
pub use urls::{component_page_url, page_url, partial_url, PARTIAL, URL_KEYS};

/// The names in a directory that [`read`] looks at: the configuration
/// files (Docusaurus looks for `.ts`, `.mts`, `.cts`, `.js`, `.mjs` and
/// `.cjs`, in that order: `findConfig` of `@docusaurus/core`), and
/// `website/` (a site configured there, its docs beside it); directories
/// further down are found by [`nested_config`].
pub const CONFIG_NAMES: &[&str] = &[
    "docusaurus.config.ts",
    "docusaurus.config.mts",
    "docusaurus.config.cts",
    "docusaurus.config.js",
    "docusaurus.config.mjs",
    "docusaurus.config.cjs",
    "website",
];

/// The names of the configuration file, in the order looked for: the
/// [`CONFIG_NAMES`] but `website`.
const CONFIG_FILES: &[&str] = CONFIG_NAMES.split_at(CONFIG_NAMES.len() - 1).0;

/// The Docusaurus site configured in `dir`, or in `dir/website/` when
/// its docs are in `dir` (`path: '../docs'`, as in many repositories),
/// or, in a project directory (one holding `package.json` or `.git`), in
/// a directory one or two levels down whose docs are in `dir` outside it
/// (typescript-eslint's `packages/website/docusaurus.config.mts` with
/// `path: '../../docs'`): see [`nested_config`].
pub fn read(dir: &Path) -> Option<Layout> {
    if let Some(l) = read_in(dir) {
        // `website/` with `path: '../docs'`: read from the directory
        // above, which holds the docs (a site is confined to its
        // directory when it is in no repository).
        return home(dir, &l.source_dir).is_none().then_some(l);
    }
    let site = nested_config(dir)?;
    let l = read_in(&site)?;
    (home(&site, &l.source_dir).as_deref() == Some(lexically_clean(dir).as_path())).then_some(l)
}

/// The directory above the site directory `site` that its docs
/// directory `source` is read from, when `source` lies outside `site`:
/// the highest of its parent and grandparent that holds `source` and is a
/// project's directory ([`is_project`]), or its parent when `site` is
/// named `website`. `None` when `source` is inside `site` or no such
/// directory holds it.
fn home(site: &Path, source: &Path) -> Option<PathBuf> {
    let (site, source) = (lexically_clean(site), lexically_clean(source));
    if source.starts_with(&site) {
        return None;
    }
    let website = site.file_name().is_some_and(|n| n == "website");
    site.ancestors()
        .skip(1)
        .take(2)
        .enumerate()
        .filter(|(i, p)| source.starts_with(p) && (is_project(p) || (*i == 0 && website)))
        .last()
        .map(|(_, p)| p.to_path_buf())
}

/// True when `dir` is a project's directory, where a site configured
/// below it is looked for: it holds `package.json` or `.git`.
fn is_project(dir: &Path) -> bool {
    ["package.json", ".git"]
        .iter()
        .any(|n| std::fs::symlink_metadata(dir.join(n)).is_ok())
}

/// The directory below `dir` configuring a Docusaurus site, for
/// [`read`]: `dir/website/`, or, when `dir` is a project's directory
/// (`package.json` or `.git`), the first (by name) directory one or two
/// levels down (`docs-site/`, `packages/website/`, `apps/docs/`) holding
/// a configuration file; hidden directories and `node_modules` passed
/// over, at most 1,000 entries of a directory looked at. Docusaurus
/// finds its configuration in the site directory it is run in, and a
/// monorepo's site often takes its docs from elsewhere in the
/// repository (plugin-content-docs `path`, "Docs multi-instance").
pub fn nested_config(dir: &Path) -> Option<PathBuf> {
    let has_config = |d: &Path| CONFIG_FILES.iter().any(|n| d.join(n).is_file());
    let website = dir.join("website");
    if has_config(&website) {
        return Some(website);
    }
    if !is_project(dir) {
        return None;
    }
    let subdirs = |d: &Path| -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(d) else {
            return Vec::new();
        };
        let mut out: Vec<PathBuf> = entries
            .take(1000)
            .filter_map(|e| {
                let e = e.ok()?;
                let name = e.file_name().into_string().ok()?;
                let skip = name.starts_with('.') || name == "node_modules";
                (!skip && e.file_type().ok()?.is_dir()).then(|| e.path())
            })
            .collect();
        out.sort();
        out
    };
    let children = subdirs(dir);
    if let Some(c) = children.iter().find(|c| has_config(c)) {
        return Some(c.clone());
    }
    children
        .iter()
        .flat_map(|c| subdirs(c))
        .find(|g| has_config(g))
}

/// What the Docusaurus content plugins of a site serve beyond its
/// source directory and mounts, for [`page_url`]: read by [`read`].
#[derive(Clone, Debug, Default)]
pub struct Routes {
    /// The directories of blog plugins (`@docusaurus/plugin-content-blog`
    /// `path`, `blog` by default), whose posts take their URL from a date
    /// in the file name (`2021-05-28-x.md` is `/blog/2021/05/28/x`).
    pub blogs: Vec<PathBuf>,
    /// The directories of pages plugins
    /// (`@docusaurus/plugin-content-pages` `path`, `src/pages` by
    /// default), where a `.js`, `.jsx`, `.ts` or `.tsx` component is a
    /// page too.
    pub pages: Vec<PathBuf>,
    /// Where each content plugin's translations are under
    /// `i18n/<locale>/` (`docusaurus-plugin-content-docs/current`,
    /// `docusaurus-plugin-content-blog`), with the URL they are served at
    /// under `/<locale>`, and whether they are blog posts or pages (`b`,
    /// `p`) or docs (`d`).
    pub localized: Vec<(String, String, char)>,
    /// True when the site is built with `trailingSlash: false`
    /// (Docusaurus docs, "docusaurus.config.js: trailingSlash"): a
    /// directory's index page (`releases/releases.md`, `guide/index.md`)
    /// is served at `/docs/releases`, not `/docs/releases/`, and relative
    /// links resolve against that.
    pub no_trailing_slash: bool,
}

/// The plugins (short names: `@docusaurus/plugin-` and
/// `docusaurus-plugin-` taken off) that make no page a link could name,
/// or whose pages the model reads: passed over without a note.
const PLUGINS_WITHOUT_PAGES: &[&str] = &[
    "ideal-image",
    "pwa",
    "google-analytics",
    "google-gtag",
    "google-tag-manager",
    "sitemap",
    "svgr",
    "vercel-analytics",
    "rsdoctor",
    "sass",
    "image-zoom",
];

/// The Docusaurus site configured in `dir` itself.
fn read_in(dir: &Path) -> Option<Layout> {
    let config = CONFIG_FILES
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())?;
    let mut l = Layout::new(Generator::Docusaurus, dir, &config);
    l.source_dir = dir.join("docs");
    l.source_url = "/docs/".into();
    l.page_extensions = vec!["md", "mdx"];
    l.index_names = vec!["index.md", "index.mdx", "README.md", "README.mdx"];
    l.url_style = UrlStyle::Clean;
    l.front_matter_urls = true;
    l.root_fallback = true;
    l.module_specifiers = true;
    l.renderer = super::slug::Renderer::Docusaurus;
    l.static_dirs.push(dir.join("static"));
    host_redirects(&mut l, &dir.join("static/_redirects"));
    let text = match super::read_config(&config) {
        Ok(t) => t,
        Err(note) => {
            l.notes.push(format!("{note}: Docusaurus defaults assumed"));
            l.md_as_mdx = md_as_mdx(None, dir);
            classic(&mut l, dir, &empty_object(), "");
            return Some(l);
        }
    };
    let o = Object::new(&text);
    l.md_as_mdx = md_as_mdx(Some(&o), dir);
    if core_major(dir) == Some(2) {
        // MDX 1 (remark-parse's GFM escapes) reads `\&` and `\<` as a
        // backslash and the character, so `\&lt;` in a heading is `\<`,
        // which the slugger drops; CommonMark's escape would keep
        // `&lt;` as text. A page with them has ids the model does not
        // mint (facebook/jest's `Configuration.md`, issue 46 round 9).
        let why = format!(
            "MDX 1's backslash escapes (Docusaurus 2, `\\&` or `\\<` on the page; {})",
            config
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        );
        for marker in ["\\&", "\\<"] {
            l.unsure_anchor_markers
                .push((marker.to_string(), why.clone()));
        }
    }
    let name = config
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tree = o
        .config(&["baseUrl", "presets", "plugins"])
        .filter(|t| matches!(t, Node::Obj { .. }));
    let Some(tree) = tree else {
        l.unsure_pages.push(format!(
            "the Docusaurus configuration ({name}), not written as an object literal"
        ));
        classic(&mut l, dir, &empty_object(), &name);
        return Some(l);
    };
    l.docusaurus.no_trailing_slash = matches!(tree.get("trailingSlash"), Some(Node::Bool(false)));
    match tree.get("baseUrl") {
        Some(Node::Str(s)) => l.base_path = base_path_of(s),
        Some(_) => l.notes.push(format!(
            "{}: baseUrl not written as a literal; not read",
            config.display()
        )),
        None => {}
    }
    let mut docs_seen = false;
    if let Some(presets) = tree.get("presets") {
        let Node::Arr(items) = presets else {
            l.unsure_pages
                .push(format!("`presets` computed by code ({name})"));
            classic(&mut l, dir, &empty_object(), &name);
            return Some(l);
        };
        docs_seen = preset_items(&mut l, dir, items, &name);
    }
    match tree.get("plugins") {
        None => {}
        Some(Node::Arr(items)) => plugin_items(&mut l, dir, items, &name, &mut docs_seen),
        Some(_) => l
            .unsure_pages
            .push(format!("`plugins` computed by code ({name})")),
    }
    if !docs_seen {
        // Neither the preset nor a docs plugin: no docs served.
        l.source_dir = dir.join("docs");
        l.source_url = "/docs/".into();
    }
    locales(&mut l, dir, tree.get("i18n"), &name);
    Some(l)
}

/// Step of [`read_in`]: the presets `items` of the configuration
/// `name` (the classic preset read, another noted); true when the
/// classic preset serves docs.
fn preset_items(l: &mut Layout, dir: &Path, items: &[Node], name: &str) -> bool {
    let mut docs_seen = false;
    for item in items {
        let (id, opts) = plugin_item(item);
        match id.map(short_name) {
            Some("classic") => {
                let empty = empty_object();
                let opts = opts.unwrap_or(&empty);
                if matches!(opts, Node::Obj { .. }) {
                    docs_seen |= classic(l, dir, opts, name);
                } else {
                    l.unsure_pages.push(format!(
                        "the options of the classic preset, computed by code ({name})"
                    ));
                }
            }
            other => {
                let what = match other {
                    Some(other) => format!("the preset `{other}`"),
                    None => "a preset computed by code".to_string(),
                };
                match opts {
                    // A preset that wraps the classic one passes its
                    // `docs`, `blog` and `pages` options through
                    // (facebook/metro's `docusaurus-plugin-internaldocs-fb`):
                    // they are read; what else it adds is not known.
                    Some(o @ Node::Obj { .. }) if wraps_classic(o) => {
                        docs_seen |= classic(l, dir, o, name);
                        l.unsure_pages.push(format!(
                            "{what} ({name}), its `docs` options read as the classic preset's"
                        ));
                    }
                    _ => l.unsure_pages.push(format!("{what} ({name})")),
                }
            }
        }
    }
    docs_seen
}

/// True when the options `opts` of a preset other than the classic one
/// hold a `docs` key written as an object literal or `false`: the
/// classic preset's options, which a preset wrapping it passes through
/// (Docusaurus docs, "Presets": a preset is a set of plugins configured
/// by its options; the classic preset's `docs` are the options of
/// `@docusaurus/plugin-content-docs`).
fn wraps_classic(opts: &Node) -> bool {
    matches!(opts.get("docs"), Some(Node::Obj { .. } | Node::Bool(false)))
}

/// Step of [`read_in`]: the plugins `items` of the configuration `name`
/// (the content plugins read, those without pages passed, another
/// noted); `docs_seen` set when a docs plugin serves docs.
fn plugin_items(l: &mut Layout, dir: &Path, items: &[Node], name: &str, docs_seen: &mut bool) {
    for item in items {
        let (id, opts) = plugin_item(item);
        let empty = empty_object();
        let opts_or_empty = opts.unwrap_or(&empty);
        let computed = !matches!(opts_or_empty, Node::Obj { .. });
        match id.map(short_name) {
            Some("content-docs") if !computed => {
                docs(l, dir, opts_or_empty, name, *docs_seen);
                *docs_seen = true;
            }
            Some("content-blog") if !computed => blog(l, dir, opts_or_empty, name),
            Some("content-pages") if !computed => pages(l, dir, opts_or_empty, name),
            Some("client-redirects") => {
                let moves = ["redirects", "createRedirects"];
                if computed || moves.iter().any(|k| opts_or_empty.get(k).is_some()) {
                    l.unsure_pages.push(format!(
                        "the redirects of `@docusaurus/plugin-client-redirects` ({name})"
                    ));
                }
            }
            Some(p) if PLUGINS_WITHOUT_PAGES.contains(&p) => {}
            Some("llms-txt") => {
                for file in ["/llms.txt", "/llms-full.txt"] {
                    l.generated.push(file.into());
                }
            }
            None if matches!(item, Node::Function(f) if !makes_routes(f)) => {}
            Some(p) => l.unsure_pages.push(format!("the plugin `{p}` ({name})")),
            None => l
                .unsure_pages
                .push(format!("a plugin computed by code ({name})")),
        }
    }
}

/// The site's other locales (`i18n.locales` but `i18n.defaultLocale`;
/// when `i18n` is computed by code, the directories of `i18n/`, with a
/// note): each serves every page again under `/<locale>/`, translated
/// where `i18n/<locale>/<plugin>/` has the file (Docusaurus docs, "i18n -
/// Introduction", "Translation files location"). The translations are
/// mounted at their URLs; any other URL under `/<locale>/` is served
/// (the page untranslated) and not checked.
fn locales(l: &mut Layout, dir: &Path, i18n: Option<&Node>, name: &str) {
    let Some(i18n) = i18n else {
        return;
    };
    let mut path = "i18n".to_string();
    let others: Vec<String> = match i18n {
        Node::Obj { .. } => {
            let default = i18n.get("defaultLocale").and_then(Node::as_str);
            if let Some(p) = i18n.get("path").and_then(Node::as_str) {
                path = p.to_string();
            }
            match i18n.get("locales") {
                Some(Node::Arr(items)) => items
                    .iter()
                    .filter_map(Node::as_str)
                    .filter(|x| Some(*x) != default)
                    .map(str::to_string)
                    .collect(),
                _ => locale_dirs(l, dir, &path, name),
            }
        }
        _ => locale_dirs(l, dir, &path, name),
    };
    let routes = l.docusaurus.localized.clone();
    for locale in others {
        if locale.is_empty() || locale.contains(['/', '\\']) || locale.starts_with('.') {
            continue;
        }
        l.generated.push(format!("/{locale}"));
        for (under, url, kind) in &routes {
            let src = dir.join(&path).join(&locale).join(under);
            match kind {
                'b' => l.docusaurus.blogs.push(src.clone()),
                'p' => l.docusaurus.pages.push(src.clone()),
                _ => {}
            }
            l.mounts.push((src, format!("/{locale}{url}")));
        }
    }
}

/// The locales `i18n` computed by code may name: the directories of
/// `dir/path` (translations present in the tree), said in a note.
fn locale_dirs(l: &mut Layout, dir: &Path, path: &str, name: &str) -> Vec<String> {
    l.notes.push(format!(
        "{name}: `i18n` (its locales) computed by code; the locales taken from the directories of {path}/"
    ));
    let Ok(entries) = std::fs::read_dir(dir.join(path)) else {
        return Vec::new();
    };
    let mut out: Vec<String> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    out.sort();
    out
}

/// An object literal without keys: the options of a plugin given none.
fn empty_object() -> Node {
    Node::Obj {
        entries: Vec::new(),
        spread: false,
    }
}

/// The rules of a Netlify (or Cloudflare Pages) `_redirects` file served
/// from the static directory at `path`: each line `from to [status]`
/// (Netlify docs, "Redirects and rewrites"). An exact `from` is a URL the
/// host answers ([`Layout::redirects`]); one ending in a splat (`/en/*`)
/// or in placeholders (`/blog/:year/*`) answers every URL under the part
/// before them ([`Layout::generated`]), one ending in a splat inside a
/// segment (`/docs/native-modules-*`) every URL starting so
/// ([`Layout::redirect_prefixes`]); a placeholder followed by fixed
/// segments (`/docs/:version/why`) answers only URLs of its shape, not
/// matched; a catch-all (`/*`) leaves every page unsure. Rules with status 404 (custom not-found pages) and
/// rules for other domains make nothing.
fn host_redirects(l: &mut Layout, path: &Path) {
    let Ok(text) = super::read_config(path) else {
        return;
    };
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split_whitespace();
        let (Some(from), Some(_to)) = (fields.next(), fields.next()) else {
            continue;
        };
        let status = fields.next().unwrap_or("301");
        if status.starts_with("404") || !from.starts_with('/') {
            continue;
        }
        add_redirect(l, from, path);
    }
}

/// Records the old URL path `from` of a redirect rule read from `origin`
/// (a Netlify `_redirects` line, a Next.js `redirects` entry's
/// `source`): a literal path is served; a `:name` or `*` segment
/// followed by nothing but more of them serves every URL under what is
/// before it (or, right after `/`, leaves pages unsure); a pattern in the
/// middle (`/docs/:version/why`) only URLs of its shape, which the model
/// does not match: passed over.
pub(super) fn add_redirect(l: &mut Layout, from: &str, origin: &Path) {
    let path = origin;
    {
        let from = from.split(['?', '#']).next().unwrap_or(from);
        let segs: Vec<&str> = from.split('/').collect();
        let Some(i) = segs
            .iter()
            .position(|seg| seg.starts_with(':') || seg.contains('*'))
        else {
            l.redirects.push(super::percent_decode(from));
            return;
        };
        let prefix = segs[..i].join("/");
        let rest_open = segs[i + 1..]
            .iter()
            .all(|seg| seg.is_empty() || seg.starts_with(':') || *seg == "*");
        if !rest_open {
            // `/docs/:version/why`: only URLs of that shape, which the
            // model does not match; the rest of `/docs/` is not answered.
            return;
        }
        let seg = segs[i];
        if !seg.starts_with(':') && seg != "*" {
            // `/docs/next/native-modules-*`: every URL starting so.
            let head = seg.split('*').next().unwrap_or_default();
            l.redirect_prefixes
                .push(super::percent_decode(&format!("{prefix}/{head}")));
        } else if prefix.trim_matches('/').is_empty() {
            l.unsure_pages
                .push(format!("the catch-all rule `{from}` of {}", path.display()));
        } else {
            l.generated.push(super::percent_decode(&prefix));
        }
    }
}

/// True unless the plugin written in place as the function `text` is
/// seen to make no route: it returns a plugin object (`name:`) and names
/// none of the lifecycle methods that add routes or write files
/// (`contentLoaded`, `allContentLoaded`, `addRoute`, `postBuild`;
/// Docusaurus docs, "Plugin methods").
fn makes_routes(text: &str) -> bool {
    let adds = ["contentLoaded", "addRoute", "postBuild", "createData"];
    !text.contains("name:") || adds.iter().any(|w| text.contains(w))
}

/// The name and options of an entry of `presets` or `plugins`: `'name'`
/// or `['name', { options }]`; `None` for the name when it is computed
/// (a function, `require(...)`, `require.resolve('x/preset')`: the
/// options of `[require.resolve(...), { options }]` are still given).
fn plugin_item(item: &Node) -> (Option<&str>, Option<&Node>) {
    match item {
        Node::Str(s) => (Some(s), None),
        Node::Arr(parts) => match parts.first() {
            Some(Node::Str(s)) => (Some(s), parts.get(1)),
            _ => (None, parts.get(1)),
        },
        _ => (None, None),
    }
}

/// The short name of a plugin or preset (Docusaurus docs, "Module
/// shorthands"): `@docusaurus/preset-classic` and `classic` are
/// `classic`, `@docusaurus/plugin-content-docs` is `content-docs`.
fn short_name(name: &str) -> &str {
    let n = name.strip_prefix("@docusaurus/").unwrap_or(name);
    // Another scope (`@signalwire/docusaurus-plugin-llms-txt`): the name
    // in it, when it names a Docusaurus plugin or preset.
    let n = match n.strip_prefix('@').and_then(|s| s.split_once('/')) {
        Some((_, inner))
            if inner.starts_with("docusaurus-")
                && !inner.contains("-content-")
                && !inner.contains("-classic") =>
        {
            inner
        }
        _ => n,
    };
    [
        "plugin-",
        "preset-",
        "docusaurus-plugin-",
        "docusaurus-preset-",
    ]
    .iter()
    .find_map(|p| n.strip_prefix(p))
    .unwrap_or(n)
}

/// The classic preset's options `opts` (`docs`, `blog`, `pages`; each
/// `false` to turn its plugin off); true when it serves docs.
fn classic(l: &mut Layout, dir: &Path, opts: &Node, name: &str) -> bool {
    let empty = empty_object();
    let mut docs_served = true;
    for (key, read) in [
        ("docs", docs_default as fn(&mut Layout, &Path, &Node, &str)),
        ("blog", blog),
        ("pages", pages),
    ] {
        match opts.get(key) {
            Some(Node::Bool(false)) => {
                if key == "docs" {
                    docs_served = false;
                }
            }
            None => read(l, dir, &empty, name),
            Some(o @ Node::Obj { .. }) => read(l, dir, o, name),
            Some(_) => {
                l.unsure_pages.push(format!(
                    "the `{key}` options of the classic preset, computed by code ({name})"
                ));
                read(l, dir, &empty, name);
            }
        }
    }
    if opts.has_unknown_keys() {
        l.unsure_pages.push(format!(
            "options of the classic preset spread from code ({name})"
        ));
    }
    docs_served
}

/// [`docs`] for the default instance.
fn docs_default(l: &mut Layout, dir: &Path, opts: &Node, name: &str) {
    docs(l, dir, opts, name, false);
}

/// A string option `key` of `opts`, `default` when it is not there; a
/// non-literal value is said in `l.unsure_pages` and the default taken.
fn str_option(l: &mut Layout, opts: &Node, key: &str, default: &str, name: &str) -> String {
    match opts.get(key) {
        None => default.to_string(),
        Some(Node::Str(s)) => s.clone(),
        Some(_) => {
            l.unsure_pages
                .push(format!("`{key}`, computed by code ({name})"));
            default.to_string()
        }
    }
}

/// The URL path of the route `parts` joined (each trimmed of `/`),
/// starting and ending with `/`.
fn route(parts: &[&str]) -> String {
    let inner: Vec<&str> = parts
        .iter()
        .map(|p| p.trim_matches('/'))
        .filter(|p| !p.is_empty())
        .collect();
    if inner.is_empty() {
        "/".into()
    } else {
        format!("/{}/", inner.join("/"))
    }
}

/// A docs plugin instance with the options `opts`: its current version
/// (`path`, `docs` by default) and the versions of `versions.json`
/// (`versioned_docs/version-X/`; for an instance `id` other than
/// `default`, `<id>_versions.json` and `<id>_versioned_docs/`), each
/// served under `routeBasePath` (`docs` by default) and its version's
/// path: the last version (`lastVersion`, the first of `versions.json`
/// by default) at none, `current` at `next`, another at its name, or the
/// `path` of `versions: { X: { path } }` (Docusaurus docs, "Versioning"
/// and the docs plugin's options). The default instance's current
/// version becomes the layout's source directory (unless `extra`), the
/// rest mounts.
fn docs(l: &mut Layout, dir: &Path, opts: &Node, name: &str, extra: bool) {
    let path = str_option(l, opts, "path", "docs", name);
    let base = str_option(l, opts, "routeBasePath", "docs", name);
    let id = str_option(l, opts, "id", "default", name);
    docs_options_unread(l, opts, name);
    let prefix = if id == "default" {
        String::new()
    } else {
        format!("{id}_")
    };
    let disabled = matches!(opts.get("disableVersioning"), Some(Node::Bool(true)));
    let versions: Vec<String> = if disabled {
        Vec::new()
    } else {
        read_versions(&dir.join(format!("{prefix}versions.json")))
    };
    let names = version_names(l, opts, &versions, name);
    let default_last = versions
        .first()
        .cloned()
        .unwrap_or_else(|| "current".into());
    let last = str_option(l, opts, "lastVersion", &default_last, name);
    let version_opts = opts.get("versions");
    if version_opts.is_some_and(versions_unknown) {
        l.unsure_pages.push(format!(
            "the docs plugin's `versions`, computed by code ({name})"
        ));
    }
    let mut current_set = extra;
    for v in names {
        let own_path = version_opts
            .and_then(|o| o.get(&v))
            .and_then(|o| o.get("path"));
        let part = match own_path {
            Some(Node::Str(p)) => p.clone(),
            Some(_) => {
                l.unsure_pages.push(format!(
                    "the path of docs version `{v}`, computed by code ({name})"
                ));
                String::new()
            }
            None if v == last => String::new(),
            None if v == "current" => "next".into(),
            None => v.clone(),
        };
        let url = route(&[&base, &part]);
        let src = if v == "current" {
            lexically_clean(&dir.join(&path))
        } else {
            dir.join(format!("{prefix}versioned_docs/version-{v}"))
        };
        for generated in ["tags", "category"] {
            l.generated.push(format!("{url}{generated}"));
        }
        let plugin = if id == "default" {
            "docusaurus-plugin-content-docs".to_string()
        } else {
            format!("docusaurus-plugin-content-docs-{id}")
        };
        let version_dir = if v == "current" {
            v.clone()
        } else {
            format!("version-{v}")
        };
        l.docusaurus
            .localized
            .push((format!("{plugin}/{version_dir}"), url.clone(), 'd'));
        if v == "current" && !current_set {
            l.source_dir = src;
            l.source_url = url;
            current_set = true;
        } else {
            l.mounts.push((src, url));
        }
    }
    if !current_set {
        // The current version not served: no source directory of docs.
        l.source_dir = dir.join(format!("{prefix}versioned_docs"));
        l.source_url = route(&[&base]);
    }
}

/// Step of [`docs`]: notes for the options of a docs plugin that may
/// move pages not read (`include`, `exclude`, `pathPrefix`, a spread).
fn docs_options_unread(l: &mut Layout, opts: &Node, name: &str) {
    for key in ["include", "exclude", "pathPrefix"] {
        if opts.get(key).is_some() {
            l.unsure_pages
                .push(format!("the docs plugin's `{key}` ({name})"));
        }
    }
    if opts.has_unknown_keys() {
        l.unsure_pages.push(format!(
            "options of the docs plugin spread from code ({name})"
        ));
    }
}

/// Step of [`docs`]: the versions built, `current` (unless
/// `includeCurrentVersion: false`) and those of `versions`, as
/// `onlyIncludeVersions` leaves them.
fn version_names(l: &mut Layout, opts: &Node, versions: &[String], name: &str) -> Vec<String> {
    let include_current = !matches!(opts.get("includeCurrentVersion"), Some(Node::Bool(false)));
    let mut names: Vec<String> = Vec::new();
    if include_current {
        names.push("current".into());
    }
    names.extend(versions.iter().cloned());
    if let Some(only) = opts.get("onlyIncludeVersions") {
        match only {
            Node::Arr(items) => {
                let keep: Vec<&str> = items.iter().filter_map(Node::as_str).collect();
                names.retain(|n| keep.contains(&n.as_str()));
            }
            // It only leaves versions out, which moves no page: a note.
            _ => l.notes.push(format!(
                "{name}: the docs plugin's `onlyIncludeVersions` computed by code; every version taken as built"
            )),
        }
    }
    names
}

/// True when the docs plugin's `versions` option `v` may move pages not
/// read: it is not an object literal, spreads code, or a version named
/// by code (`[lastVersion]: { badge: false }`) sets anything but what
/// moves no page (`label`, `banner`, `badge`, `className`, `noIndex`).
fn versions_unknown(v: &Node) -> bool {
    let Node::Obj { entries, spread } = v else {
        return true;
    };
    const NO_MOVE: &[&str] = &["label", "banner", "badge", "className", "noIndex"];
    *spread
        || entries.iter().any(|(k, o)| {
            k.starts_with('[')
                && match o {
                    Node::Obj {
                        entries,
                        spread: false,
                    } => entries.iter().any(|(k, _)| !NO_MOVE.contains(&k.as_str())),
                    _ => true,
                }
        })
}

/// The version names of a `versions.json` (a JSON array of strings,
/// newest first); empty when there is none or it does not parse.
fn read_versions(path: &Path) -> Vec<String> {
    let Ok(text) = super::read_config(path) else {
        return Vec::new();
    };
    serde_json::from_str::<Vec<String>>(&text).unwrap_or_default()
}

/// A blog plugin instance with the options `opts`: `path` (`blog` by
/// default) served under `routeBasePath` (`blog` by default), its
/// generated pages (tags, authors, archive, pagination, feeds) served
/// and not checked.
fn blog(l: &mut Layout, dir: &Path, opts: &Node, name: &str) {
    let path = match opts.get("path") {
        Some(Node::Str(p)) => p.clone(),
        Some(_) => {
            l.unsure_pages
                .push(format!("the blog's `path`, computed by code ({name})"));
            "blog".into()
        }
        None => "blog".into(),
    };
    let base = match opts.get("routeBasePath") {
        Some(Node::Str(p)) => p.clone(),
        Some(_) => {
            l.unsure_pages.push(format!(
                "the blog's `routeBasePath`, computed by code ({name})"
            ));
            "blog".into()
        }
        None => "blog".into(),
    };
    let url = route(&[&base]);
    let src = lexically_clean(&dir.join(path));
    for generated in [
        "tags",
        "authors",
        "archive",
        "page",
        "rss.xml",
        "atom.xml",
        "feed.json",
    ] {
        l.generated.push(format!("{url}{generated}"));
    }
    let plugin = match opts.get("id").and_then(Node::as_str) {
        Some(id) if id != "default" => format!("docusaurus-plugin-content-blog-{id}"),
        _ => "docusaurus-plugin-content-blog".into(),
    };
    l.docusaurus.localized.push((plugin, url.clone(), 'b'));
    l.docusaurus.blogs.push(src.clone());
    l.mounts.push((src, url));
}

/// A pages plugin instance with the options `opts`: `path` (`src/pages`
/// by default) served under `routeBasePath` (the site root by default).
fn pages(l: &mut Layout, dir: &Path, opts: &Node, name: &str) {
    let path = opts
        .get("path")
        .and_then(Node::as_str)
        .unwrap_or("src/pages");
    let base = opts
        .get("routeBasePath")
        .and_then(Node::as_str)
        .unwrap_or("");
    if opts.get("path").is_some_and(|p| p.as_str().is_none())
        || opts
            .get("routeBasePath")
            .is_some_and(|p| p.as_str().is_none())
    {
        l.unsure_pages.push(format!(
            "the pages plugin's `path` or `routeBasePath`, computed by code ({name})"
        ));
    }
    let src = lexically_clean(&dir.join(path));
    let plugin = match opts.get("id").and_then(Node::as_str) {
        Some(id) if id != "default" => format!("docusaurus-plugin-content-pages-{id}"),
        _ => "docusaurus-plugin-content-pages".into(),
    };
    l.docusaurus.localized.push((plugin, route(&[base]), 'p'));
    l.docusaurus.pages.push(src.clone());
    l.mounts.push((src, route(&[base])));
}

/// True when the site configured by `config` (`None`: not read) in `dir`
/// compiles its `.md` pages as MDX: Docusaurus 3's `markdown.format` is
/// `mdx` by default, `md` and `detect` compile `.md` as CommonMark
/// (Docusaurus docs, "Markdown features: MDX vs. CommonMark"); Docusaurus
/// 2 (MDX 1, `@docusaurus/core` 2.x in `dir/package.json`) reads HTML
/// comments. A format computed by code counts as the default.
fn md_as_mdx(config: Option<&Object>, dir: &Path) -> bool {
    match config.and_then(|o| o.get_in("markdown", "format")) {
        Some(Value::Str(f)) if f == "md" || f == "detect" => return false,
        Some(Value::Str(f)) if f == "mdx" => return true,
        _ => {}
    }
    core_major(dir).is_none_or(|major| major >= 3)
}

/// The major version of `@docusaurus/core` that `dir/package.json`
/// depends on (the first number of its version range: `^3.8.1` is 3);
/// `None` when it does not say.
fn core_major(dir: &Path) -> Option<u64> {
    let text = super::read_config(&dir.join("package.json")).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    let range = ["dependencies", "devDependencies"]
        .iter()
        .find_map(|d| json.get(d)?.get("@docusaurus/core")?.as_str())?;
    let digits: String = range
        .trim_start_matches(|c: char| !c.is_ascii_digit())
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::urls::{blog_url, doc_url, pages_url};
    use super::*;
    use crate::site::front_matter::FrontMatter;

    /// L6 of the 2026-11-29 review: `.md` pages are MDX in Docusaurus 3
    /// unless `markdown.format` says `md` or `detect`; Docusaurus 2's are
    /// MDX 1, which reads HTML comments.
    #[test]
    fn md_pages_compiled_as_mdx() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        let config = |text: &str| Some(Object::new(text));
        let plain = "module.exports = { title: 'x', markdown: { mermaid: true } };";
        assert!(md_as_mdx(config(plain).as_ref(), d));
        assert!(md_as_mdx(None, d));
        for (format, mdx) in [("md", false), ("detect", false), ("mdx", true)] {
            let text = format!("export default {{ markdown: {{ format: '{format}' }} }}");
            assert_eq!(md_as_mdx(config(&text).as_ref(), d), mdx, "{format}");
        }
        std::fs::write(
            d.join("package.json"),
            r#"{"dependencies": {"@docusaurus/core": "^2.4.3"}}"#,
        )
        .expect("write");
        assert!(!md_as_mdx(config(plain).as_ref(), d));
        std::fs::write(
            d.join("package.json"),
            r#"{"devDependencies": {"@docusaurus/core": "~3.8.1"}}"#,
        )
        .expect("write");
        assert!(md_as_mdx(config(plain).as_ref(), d));
    }

    /// Doc URLs as `getSlug` makes them (cases from the Docusaurus docs,
    /// "Docs introduction: document ID and URL").
    #[test]
    fn urls_of_docs() {
        let none = FrontMatter::default();
        let front = |text: &str| super::super::front_matter::parse(text.as_bytes());
        assert_eq!(
            doc_url("01-intro/02-setup.md", "/docs/", &none),
            "/docs/intro/setup"
        );
        assert_eq!(doc_url("guide/README.md", "/docs/", &none), "/docs/guide/");
        assert_eq!(doc_url("guide/Guide.mdx", "/docs/", &none), "/docs/guide/");
        assert_eq!(doc_url("guide/index.md", "/", &none), "/guide/");
        assert_eq!(doc_url("CLI.md", "/docs/next/", &none), "/docs/next/CLI");
        // Dates are not number prefixes.
        assert_eq!(
            doc_url("2021-01-31-x.md", "/docs/", &none),
            "/docs/2021-01-31-x"
        );
        let f = front("---\nslug: /start\n---\n");
        assert_eq!(doc_url("a/b.md", "/docs/", &f), "/docs/start");
        let f = front("---\nslug: ../c\n---\n");
        assert_eq!(doc_url("a/b/d.md", "/docs/", &f), "/docs/a/c");
        let f = front("---\nid: getting-started\n---\n");
        assert_eq!(
            doc_url("GettingStarted.md", "/docs/29.7/", &f),
            "/docs/29.7/getting-started"
        );
        assert_eq!(
            doc_url("x/GettingStarted.md", "/docs/", &f),
            "/docs/x/getting-started"
        );
    }

    /// Blog posts (`parseBlogFileName`), pages of `src/pages`, and the
    /// files no plugin serves.
    #[test]
    fn urls_of_posts_and_pages() {
        let none = FrontMatter::default();
        assert_eq!(
            blog_url("2016-04-12-jest-11.md", "/blog/", &none),
            "/blog/2016/04/12/jest-11"
        );
        assert_eq!(
            blog_url("2016-12-15-2016-in-jest.md", "/blog/", &none),
            "/blog/2016/12/15/2016-in-jest"
        );
        assert_eq!(
            blog_url("2021-05-28-release/index.mdx", "/blog/", &none),
            "/blog/2021/05/28/release"
        );
        assert_eq!(
            blog_url("2021/05/28/release.md", "/news/", &none),
            "/news/2021/05/28/release"
        );
        assert_eq!(blog_url("welcome.md", "/blog/", &none), "/blog/welcome");
        let f = super::super::front_matter::parse(b"---\nslug: hello\n---\n");
        assert_eq!(blog_url("2020-01-01-x.md", "/blog/", &f), "/blog/hello");
        assert_eq!(pages_url("index.js", "/"), "/");
        assert_eq!(pages_url("versions.js", "/"), "/versions");
        assert_eq!(pages_url("help/index.tsx", "/"), "/help/");
        assert_eq!(pages_url("about.md", "/"), "/about");
        let mut l = Layout::new(Generator::Docusaurus, Path::new("/w"), Path::new("/w/c.js"));
        l.docusaurus.pages.push("/w/src/pages".into());
        l.docusaurus.blogs.push("/w/blog".into());
        let url =
            |file: &str, rel: &str, prefix: &str| page_url(&l, Path::new(file), rel, prefix, &none);
        let component = |file: &str, rel: &str| component_page_url(&l, Path::new(file), rel, "/");
        assert_eq!(
            component("/w/src/pages/help.js", "help.js"),
            Some("/help".into())
        );
        assert_eq!(
            component("/w/src/pages/a/index.tsx", "a/index.tsx"),
            Some("/a/".into())
        );
        assert_eq!(component("/w/src/pages/_x.js", "_x.js"), None);
        assert_eq!(component("/w/src/pages/a.test.js", "a.test.js"), None);
        assert_eq!(component("/w/src/pages/x.css", "x.css"), None);
        assert_eq!(component("/w/docs/x.js", "x.js"), None);
        assert_eq!(
            url("/w/src/pages/about.md", "about.md", "/"),
            Some("/about".into())
        );
        assert_eq!(url("/w/docs/_partial.mdx", "_partial.mdx", "/docs/"), None);
        assert_eq!(
            url("/w/blog/2020-01-02-x.md", "2020-01-02-x.md", "/blog/"),
            Some("/blog/2020/01/02/x".into())
        );
    }

    /// The layout of a configuration: versions, instances, the blog and
    /// pages, Netlify redirects, and what is not read said in
    /// `unsure_pages`.
    #[test]
    fn plugins_versions_and_unsure_settings() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        let write = |name: &str, text: &str| {
            let p = d.join(name);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(p, text).expect("write");
        };
        write("versions.json", r#"["2.0", "1.0"]"#);
        write("community_versions.json", r#"["1.0"]"#);
        write(
            "static/_redirects",
            "# c\n/en/*  /:splat\n/old  /new 301!\n/ja/*  /ja/404.html 404\n/api/:version/why  /why\n/api/next/native-modules-*  /api/next/legacy/native-modules-:splat\n",
        );
        write(
            "docusaurus.config.js",
            r#"const config = {
  baseUrl: '/site/',
  i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },
  themeConfig: { docs: { sidebar: { hideable: true } } },
  presets: [['classic', /** @type */ ({
    docs: { routeBasePath: '/', editUrl: ({docPath}) => `x/${docPath}` },
    blog: { routeBasePath: 'news', path: 'posts' },
  })]],
  plugins: [
    ['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'community' }],
    ['@docusaurus/plugin-client-redirects', { fromExtensions: ['html'] }],
    '@docusaurus/plugin-ideal-image',
  ],
};
module.exports = config;
"#,
        );
        let l = read(d).expect("layout");
        assert_eq!(l.base_path, "/site/");
        assert_eq!(l.source_dir, d.join("docs"));
        assert_eq!(l.source_url, "/next/");
        let mounts: Vec<(PathBuf, &str)> = l
            .mounts
            .iter()
            .map(|(p, u)| (p.clone(), u.as_str()))
            .collect();
        for want in [
            (d.join("versioned_docs/version-2.0"), "/"),
            (d.join("versioned_docs/version-1.0"), "/1.0/"),
            (d.join("posts"), "/news/"),
            (d.join("src/pages"), "/"),
            (d.join("community"), "/community/next/"),
            (
                d.join("community_versioned_docs/version-1.0"),
                "/community/",
            ),
            (
                d.join("i18n/fr/docusaurus-plugin-content-docs/version-1.0"),
                "/fr/1.0/",
            ),
            (
                d.join("i18n/fr/docusaurus-plugin-content-docs-community/current"),
                "/fr/community/next/",
            ),
            (
                d.join("i18n/fr/docusaurus-plugin-content-blog"),
                "/fr/news/",
            ),
        ] {
            assert!(mounts.contains(&want), "{want:?} in {mounts:?}");
        }
        assert!(l.unsure_pages.is_empty(), "{:?}", l.unsure_pages);
        assert!(l.generated.contains(&"/news/tags".to_string()));
        assert!(l.generated.contains(&"/en".to_string()));
        assert!(!l.generated.iter().any(|g| g.starts_with("/ja")));
        assert_eq!(l.redirects, vec!["/old".to_string()]);
        // react-native-website's rules: a placeholder followed by fixed
        // segments answers no prefix; a splat inside a segment, URLs
        // starting so.
        assert!(!l.generated.iter().any(|g| g.starts_with("/api")));
        assert_eq!(
            l.redirect_prefixes,
            vec!["/api/next/native-modules-".to_string()]
        );
        assert!(l.generated.contains(&"/fr".to_string()));
        assert_eq!(
            l.docusaurus.blogs,
            vec![
                d.join("posts"),
                d.join("i18n/fr/docusaurus-plugin-content-blog")
            ]
        );
        write(
            "docusaurus.config.js",
            r#"export default {
  baseUrl: '/',
  presets: [['classic', { docs: { path: docsPath, lastVersion: 'current' } }], 'docusaurus-preset-openapi'],
  plugins: [myPlugin, ['docusaurus-plugin-openapi-docs', {}], ['@docusaurus/plugin-client-redirects', { createRedirects(p) { return []; } }]],
};
"#,
        );
        let l = read(d).expect("layout");
        let unsure = l.unsure_pages.join("\n");
        for want in [
            "`path`, computed by code",
            "the preset `openapi`",
            "a plugin computed by code",
            "the plugin `openapi-docs`",
            "plugin-client-redirects",
        ] {
            assert!(unsure.contains(want), "{want}: {unsure}");
        }
        // `lastVersion: 'current'`: the docs at `/docs/`, 2.0 at its name.
        assert_eq!(l.source_url, "/docs/");
        assert!(l
            .mounts
            .contains(&(d.join("versioned_docs/version-2.0"), "/docs/2.0/".into())));
        write(
            "docusaurus.config.js",
            "module.exports = require('./config');\n",
        );
        let l = read(d).expect("layout");
        assert_eq!(l.unsure_pages.len(), 1, "{:?}", l.unsure_pages);
    }

    /// react-native-website's configuration
    /// (fixtures/sites/docusaurus-ts-options): the TypeScript options are
    /// read whole; only what can move pages would be unsure.
    #[test]
    fn react_native_configuration_is_read_whole() {
        let top =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/docusaurus-ts-options");
        let l = read(&top).expect("layout");
        assert!(l.unsure_pages.is_empty(), "{:?}", l.unsure_pages);
        assert_eq!(lexically_clean(&l.source_dir), top.join("docs"));
        assert_eq!(l.source_url, "/docs/");
        let w = top.join("website");
        assert!(l
            .mounts
            .contains(&(w.join("community"), "/community/".into())));
        assert!(l.generated.contains(&"/llms.txt".to_string()));
        assert!(l.notes.iter().any(|n| n.contains("onlyIncludeVersions")));
    }

    /// A partial's links resolve on the page importing it: as if it were
    /// the page beside it, without its `_`.
    #[test]
    fn partials_resolve_beside() {
        let mut l = Layout::new(Generator::Docusaurus, Path::new("/w"), Path::new("/w/c.js"));
        l.source_dir = "/w/docs".into();
        l.source_url = "/docs/".into();
        l.mounts.push(("/w/community".into(), "/community/".into()));
        assert_eq!(
            partial_url(&l, Path::new("/w/docs/_a-ios.md")),
            Some("/docs/a-ios".into())
        );
        assert_eq!(
            partial_url(&l, Path::new("/w/docs/guide/_x.mdx")),
            Some("/docs/guide/x".into())
        );
        assert_eq!(
            partial_url(&l, Path::new("/w/community/_p.md")),
            Some("/community/p".into())
        );
        assert_eq!(partial_url(&l, Path::new("/w/docs/a.md")), None);
        assert_eq!(partial_url(&l, Path::new("/w/other/_a.md")), None);
        assert_eq!(partial_url(&l, Path::new("/w/docs/_a.js")), None);
    }

    /// `trailingSlash: false`: a category index at its directory's name
    /// without `/` (react-native-website's docs/releases/releases.md, whose
    /// `./releases/versioning-policy` is `/docs/releases/versioning-policy`).
    #[test]
    fn without_trailing_slash() {
        let mut l = Layout::new(Generator::Docusaurus, Path::new("/w"), Path::new("/w/c.js"));
        let none = FrontMatter::default();
        let url = |l: &Layout| {
            page_url(
                l,
                Path::new("/w/docs/releases/releases.md"),
                "releases/releases.md",
                "/docs/",
                &none,
            )
        };
        assert_eq!(url(&l), Some("/docs/releases/".into()));
        l.docusaurus.no_trailing_slash = true;
        assert_eq!(url(&l), Some("/docs/releases".into()));
        assert_eq!(
            page_url(&l, Path::new("/w/docs/index.md"), "index.md", "/", &none),
            Some("/".into())
        );
    }

    /// What a plugin function or a version named by code can move.
    #[test]
    fn plugin_functions_and_versions_named_by_code() {
        assert!(!makes_routes(
            "function p() { return { name: 'x', configureWebpack() { return {}; } }; }"
        ));
        assert!(makes_routes(
            "function p() { return { name: 'x', async contentLoaded({actions}) { actions.addRoute({}); } }; }"
        ));
        assert!(makes_routes("() => other()"));
        let o = |text: &str| {
            Object::new(text)
                .config(&["versions"])
                .and_then(|t| t.get("versions").cloned())
                .expect("versions")
        };
        assert!(!versions_unknown(&o(
            "x = { versions: { [v]: { badge: false, label: 'L' } } }"
        )));
        assert!(!versions_unknown(&o(
            "x = { versions: { current: { path: 'n' } } }"
        )));
        assert!(versions_unknown(&o(
            "x = { versions: { [v]: { path: 'p' } } }"
        )));
        assert!(versions_unknown(&o("x = { versions: { ...more } }")));
        assert!(versions_unknown(&o("x = { versions: all }")));
        assert_eq!(
            short_name("@signalwire/docusaurus-plugin-llms-txt"),
            "llms-txt"
        );
        assert_eq!(
            short_name("@x/docusaurus-plugin-content-docs"),
            "@x/docusaurus-plugin-content-docs"
        );
    }

    /// jest's configuration (fixtures/sites/docusaurus-versions, read
    /// from the directory above `website/`): every page-moving setting
    /// read, nothing unsure; `i18n` imported from another file is noted.
    #[test]
    fn jest_configuration_is_read_whole() {
        let top = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/docusaurus-versions");
        assert!(read(&top.join("website")).is_none());
        let l = read(&top).expect("layout");
        assert!(l.unsure_pages.is_empty(), "{:?}", l.unsure_pages);
        assert_eq!(lexically_clean(&l.source_dir), top.join("docs"));
        assert_eq!(l.source_url, "/docs/next/");
        let w = top.join("website");
        for (dir, url) in [
            (w.join("versioned_docs/version-30.4"), "/docs/"),
            (w.join("versioned_docs/version-30.0"), "/docs/30.0/"),
            (w.join("versioned_docs/version-29.7"), "/docs/29.7/"),
            (w.join("blog"), "/blog/"),
            (w.join("src/pages"), "/"),
        ] {
            assert!(
                l.mounts.contains(&(dir.clone(), url.into())),
                "{dir:?} {url}"
            );
        }
        assert!(
            l.notes.iter().any(|n| n.contains("`i18n`")),
            "{:?}",
            l.notes
        );
    }

    /// typescript-eslint (fixtures/sites/docusaurus-monorepo): the site of
    /// `packages/website/docusaurus.config.mts`, whose docs are at the
    /// root (`path: '../../docs'`), is read from the root only, which
    /// holds `package.json`; its `.mts` configuration is read.
    #[test]
    fn site_configured_two_levels_down() {
        let top = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/docusaurus-monorepo");
        let w = top.join("packages/website");
        assert_eq!(nested_config(&top), Some(w.clone()));
        assert!(read(&w).is_none());
        assert!(read(&top.join("packages")).is_none());
        let l = read(&top).expect("layout");
        assert_eq!(
            lexically_clean(&l.source_dir),
            top.join("packages/eslint-plugin/docs/rules")
        );
        assert!(
            l.mounts
                .iter()
                .any(|(d, u)| lexically_clean(d) == top.join("docs") && u == "/"),
            "{:?}",
            l.mounts
        );
        assert!(l.config.ends_with("docusaurus.config.mts"));
    }
}
