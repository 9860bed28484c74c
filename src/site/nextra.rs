//! Nextra (`next.config.{js,mjs,ts,cjs,mts}` that uses `nextra`): Next.js
//! file-system routes with MDX pages. Nextra 4 serves the `.md`/`.mdx`
//! files of `content/` (or `src/content/`) under `contentDirBasePath`
//! (default `/`) through a catch-all route, and the `page.{md,mdx,tsx,...}`
//! files of `app/` (or `src/app/`) at their directory (route groups
//! `(name)` left out, `_private` folders not routed); Nextra 2 and 3 serve
//! `pages/` (or `src/pages/`), `x.mdx` at `/x`, `index` a directory's
//! index, `_app`/`_document`/`_meta` not pages. With Next.js `i18n`, a
//! page `x.en.mdx` is served at `/en/x` (and the default locale's at `/x`
//! too). `_meta.{js,json,ts}` order the sidebar and may add external
//! links: they move no URL. `public/` is served as it is; `basePath` is
//! the base path. Next.js `redirects`/`rewrites` and dynamic routes
//! (`[slug]`) other than Nextra's own catch-all may make pages the model
//! does not see: they are said in [`Layout::unsure_pages`]. Sources:
//! Nextra docs "File conventions" (`page.mdx`, `content` directory,
//! `_meta` files), "Internationalization"; Next.js "Routing"
//! (route groups, private folders, dynamic routes), `next.config.js`
//! reference (`basePath`, `redirects`, `rewrites`, `i18n`); heading ids
//! from github-slugger.

use std::path::Path;

use super::js_object::{Node, Object, Value};
use super::{base_path_of, Generator, Layout, UrlStyle};

/// The configuration file names [`read`] looks for, in order.
pub const CONFIG_NAMES: &[&str] = &[
    "next.config.mjs",
    "next.config.js",
    "next.config.ts",
    "next.config.mts",
    "next.config.cjs",
];

/// The Nextra site configured in `dir`: `None` when no Next.js
/// configuration there uses `nextra` (a Next.js site of another kind is
/// not modelled).
pub fn read(dir: &Path) -> Option<Layout> {
    let config = CONFIG_NAMES
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())?;
    let text = super::read_config(&config).ok()?;
    let imports = |m: &str| {
        ["from '", "from \"", "require('", "require(\""]
            .iter()
            .any(|q| text.contains(&format!("{q}{m}")))
    };
    // `@theguild/components` wraps `nextra` and `nextra-theme-docs`
    // (`withGuildDocs` of `@theguild/components/next.config`).
    if !(imports("nextra'")
        || imports("nextra\"")
        || imports("@theguild/components")
        || depends_on_nextra(dir))
    {
        return None;
    }
    let name = config
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut l = Layout::new(Generator::Nextra, dir, &config);
    l.page_extensions = vec!["md", "mdx", "tsx", "jsx", "ts", "js"];
    l.index_names = vec![
        "index.mdx",
        "index.md",
        "page.mdx",
        "page.md",
        "page.tsx",
        "page.jsx",
    ];
    l.url_style = UrlStyle::Clean;
    l.module_specifiers = true;
    l.renderer = super::slug::Renderer::Docusaurus;
    l.static_dirs.push(dir.join("public"));
    let o = Object::new(&text);
    source_dirs(&mut l, dir, &o, &name);
    next_config(&mut l, &o, &text, &config, &name);
    if l.nextra_i18n.is_some() {
        // A link without a locale (`/docs/x#опции` on a Russian page) is
        // led by the site's middleware to the reader's locale, whose
        // headings are not the default locale's (shuding/nextra
        // examples/swr-site).
        l.unsure_anchors.push(format!(
            "the Next.js `i18n` locales ({name}), serving a link without a locale in the reader's"
        ));
    }
    let roots: Vec<std::path::PathBuf> = std::iter::once(l.source_dir.clone())
        .chain(l.mounts.iter().map(|(d, _)| d.clone()))
        .collect();
    for root in roots {
        if let Some(route) = dynamic_route(&root) {
            l.unsure_pages
                .push(format!("the Next.js dynamic route {route}"));
        }
    }
    Some(l)
}

/// The Nextra site's source directories on `l`: `content/` (served under
/// `contentDirBasePath`, with `app/` beside it), else `app/`, else
/// `pages/` (also under `src/`). `o` is the Next.js configuration, `name`
/// its file's name.
fn source_dirs(l: &mut Layout, dir: &Path, o: &Object, name: &str) {
    let found = |names: &[&str]| names.iter().map(|n| dir.join(n)).find(|p| p.is_dir());
    let content = found(&["content", "src/content"]);
    let app = found(&["app", "src/app"]);
    let pages = found(&["pages", "src/pages"]);
    match (content, app, pages) {
        (Some(c), app, _) => {
            l.source_dir = c;
            match o.get("contentDirBasePath") {
                Some(Value::Str(s)) => {
                    let s = s.trim_matches('/');
                    l.source_url = if s.is_empty() {
                        "/".into()
                    } else {
                        format!("/{s}/")
                    };
                }
                Some(_) => l.unsure_pages.push(format!(
                    "the Nextra `contentDirBasePath` computed by code ({name})"
                )),
                None => {}
            }
            if let Some(a) = app {
                l.mounts.push((a, "/".into()));
            }
        }
        // Next.js serves both routers at once: a `pages/` directory
        // (Nextra 3) beside an `app/` that holds route handlers only
        // (nextauthjs/next-auth's `docs/app/api/`, issue 46 round 10).
        (None, Some(a), Some(p)) => {
            l.source_dir = p;
            l.mounts.push((a, "/".into()));
        }
        (None, Some(a), None) => l.source_dir = a,
        (None, None, Some(p)) => l.source_dir = p,
        (None, None, None) => l.source_dir = dir.join("pages"),
    }
}

/// The Next.js settings of the configuration `o` (its source `text`, in
/// the file `config` named `name`) on `l`: `basePath`, literal
/// `redirects`, `rewrites` and `i18n` noted unsure, the `i18n` default
/// locale.
fn next_config(l: &mut Layout, o: &Object, text: &str, config: &Path, name: &str) {
    match o.get("basePath") {
        Some(Value::Str(s)) => l.base_path = base_path_of(&s),
        Some(_) => l
            .unsure_pages
            .push(format!("the Next.js `basePath` computed by code ({name})")),
        None => {}
    }
    match literal_redirects(o, text) {
        Some(sources) => {
            for from in sources {
                super::docusaurus::add_redirect(l, &from, config);
            }
        }
        None => l
            .unsure_pages
            .push(format!("the Next.js `redirects` computed by code ({name})")),
    }
    if o.get("rewrites").is_some()
        || text.contains("async rewrites(")
        || text.contains(" rewrites(")
    {
        l.unsure_pages
            .push(format!("the Next.js `rewrites` ({name})"));
    }
    // `trailingSlash: true` serves every page at a URL ending in `/`,
    // against which relative links resolve one level deeper: not
    // modelled (Next.js docs, "trailingSlash").
    match o.get("trailingSlash") {
        None | Some(Value::Bool(false)) => {}
        Some(_) => l
            .unsure_pages
            .push(format!("the Next.js `trailingSlash` ({name})")),
    }
    if o.get("i18n").is_some() {
        l.nextra_i18n = match o.get_in("i18n", "defaultLocale") {
            Some(Value::Str(s)) => Some(s),
            _ => Some(String::new()),
        };
    }
}

/// True when the `package.json` in `dir` depends on `nextra`,
/// `nextra-theme-docs` or `@theguild/components` (which wraps both):
/// a dependency or development dependency of that name.
fn depends_on_nextra(dir: &Path) -> bool {
    let Ok(text) = super::read_config(&dir.join("package.json")) else {
        return false;
    };
    let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else {
        return false;
    };
    ["dependencies", "devDependencies"].iter().any(|k| {
        json.get(k).and_then(|d| d.as_object()).is_some_and(|d| {
            ["nextra", "nextra-theme-docs", "@theguild/components"]
                .iter()
                .any(|n| d.contains_key(*n))
        })
    })
}

/// The old URL paths (`source`) of the Next.js `redirects` of the
/// configuration `o` (`next.config.js` reference, "redirects"): `Some`
/// of none when there is no `redirects`; `None` when they are computed
/// by code. Read when the function returns an array literal of objects
/// whose `source` is a string literal (`() => [{ source: '/a',
/// destination: '/b', permanent: true }]`), or maps the literal object
/// of `Object.entries({ '/a': '/b' })` to `{ source: from, destination:
/// to }` (The Guild's sites); `async redirects() { ... }` and anything
/// else is computed.
fn literal_redirects(o: &Object, text: &str) -> Option<Vec<String>> {
    if text.contains("redirects(") {
        // A method (`async redirects() { return [...] }`).
        return None;
    }
    let Some(tree) = o.config(&["redirects"]) else {
        return Some(Vec::new());
    };
    let f = match tree.get("redirects") {
        None => return Some(Vec::new()),
        Some(Node::Function(f)) => f.clone(),
        Some(_) => return None,
    };
    let (_, body) = f.split_once("=>")?;
    let body = body.trim();
    if let Some(rest) = body.strip_prefix("Object.entries(") {
        let inner = Object::new(&f);
        let Some(Node::Obj { entries, spread }) = inner.call_arg("Object.entries") else {
            return None;
        };
        if spread {
            return None;
        }
        // `.map(([from, to]) => ({ source: from, destination: to, ... }))`
        let (before, map) = rest.split_once(".map(")?;
        if !before.trim_end().ends_with("})") || before.contains("...") {
            // More entries joined in (`.concat(PLUGINS_REDIRECTS)`,
            // dotansimha/graphql-code-generator): computed.
            return None;
        }
        let names = map.trim_start().strip_prefix("([")?;
        let (names, after) = names.split_once("])")?;
        let (from, to) = names.split_once(',')?;
        let squeeze = |t: &str| t.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        let after = squeeze(after);
        if !(after.contains(&format!("source:{}", from.trim()))
            && after.contains(&format!("destination:{}", to.trim())))
        {
            return None;
        }
        return entries
            .into_iter()
            .map(|(k, v)| matches!(v, Node::Str(_)).then_some(k))
            .collect();
    }
    let body = body.strip_prefix('(').unwrap_or(body);
    if !body.starts_with('[') {
        return None;
    }
    let wrapped = format!("x = {{ r: {body} }}");
    let Some(Node::Arr(items)) = Object::new(&wrapped)
        .config(&["r"])
        .and_then(|t| t.get("r").cloned())
    else {
        return None;
    };
    items
        .iter()
        .map(|i| match (i.get("source"), i.get("destination")) {
            (Some(Node::Str(s)), Some(_)) if !i.has_unknown_keys() => Some(s.clone()),
            _ => None,
        })
        .collect()
}

/// The first dynamic route under `root` (a name holding `[`: `[slug]`,
/// `[...slug].tsx`) other than Nextra's catch-all of the content
/// directory (`[[...mdxPath]]`, `[...mdxPath]`), as a path under `root`'s
/// parent; at most 6 levels down and 5,000 entries looked at.
fn dynamic_route(root: &Path) -> Option<String> {
    let skip = |n: &str| n.starts_with('.') || n == "node_modules" || n.contains("mdxPath");
    let p = super::files::dynamic_route(root, 5000, 6, skip)?;
    let base = root.parent().unwrap_or(root);
    Some(p.strip_prefix(base).unwrap_or(&p).display().to_string())
}

/// True when `name` is a locale suffix of a page name (`en`, `en-US`,
/// `zh-CN`): two or three letters, optionally `-` and a region.
fn is_locale(name: &str) -> bool {
    let (lang, region) = match name.split_once('-') {
        Some((l, r)) => (l, Some(r)),
        None => (name, None),
    };
    (2..=3).contains(&lang.len())
        && lang.bytes().all(|b| b.is_ascii_lowercase())
        && region.is_none_or(|r| {
            (2..=4).contains(&r.len()) && r.bytes().all(|b| b.is_ascii_alphanumeric())
        })
}

/// The URL of the page whose source is at `rel` under a root of the site
/// served under `prefix` (ending in `/`), and the other URLs it is served
/// at; `None` for a file Next.js does not route (`_app`, a `_private`
/// folder, a file of `app/` that is no `page`, `pages/api/`). `app_dir`
/// says whether the root is an `app/` directory; `i18n` is the default
/// locale (`Some("")` when Next.js `i18n` is set without a literal one).
pub fn page_url(
    rel: &str,
    prefix: &str,
    app_dir: bool,
    i18n: Option<&str>,
) -> Option<(String, Vec<String>)> {
    let (stem, _) = rel.rsplit_once('.').unwrap_or((rel, ""));
    let mut segments: Vec<&str> = stem.split('/').collect();
    if segments
        .iter()
        .any(|s| s.starts_with('_') || s.starts_with('.'))
    {
        return None;
    }
    segments.retain(|s| !(s.starts_with('(') && s.ends_with(')')));
    let last = segments.pop()?;
    if app_dir {
        // `page.*` is a page, `route.*` a route handler (`llms.txt/route.ts`
        // serves `/llms.txt`).
        if last != "page" && last != "route" {
            return None;
        }
    } else if !rel.ends_with(".md") && !rel.ends_with(".mdx") && segments.first() == Some(&"api") {
        return None;
    }
    let mut locale = None;
    let mut last = last.to_string();
    if i18n.is_some() {
        if let Some((s, l)) = last.rsplit_once('.') {
            if is_locale(l) {
                locale = Some(l.to_string());
                last = s.to_string();
            }
        }
    }
    if last != "index" && last != "page" && last != "route" {
        segments.push(&last);
    }
    // Nextra 4 with Next.js `i18n`: `content/<locale>/...` is served under
    // `/<locale>/`, and a link without the locale (`/docs/x`) is led to
    // the reader's locale by the site's middleware: the default locale's
    // page stands for it.
    if locale.is_none() && !app_dir && i18n.is_some() {
        if let Some(first) = segments.first().filter(|f| is_locale(f)) {
            let loc = first.to_string();
            let rest = segments[1..].join("/");
            let url = format!("{prefix}{loc}/{rest}");
            let url = url.trim_end_matches('/').to_string();
            let url = if url.is_empty() { "/".to_string() } else { url };
            let default = i18n.unwrap_or_default();
            let aliases = if default.is_empty() || default == loc {
                vec![format!("{prefix}{rest}")]
            } else {
                Vec::new()
            };
            return Some((url, aliases));
        }
    }
    let path = segments.join("/");
    let url = |pre: &str| {
        if path.is_empty() {
            // The index of a content directory served under a prefix is
            // at the prefix without `/` (Next.js `trailingSlash` false:
            // `content/index.mdx` under `/docs/` is `/docs`, against which
            // its `./usage` resolves to `/usage`; kamilkisiela/
            // graphql-config, issue 46 round 8).
            let bare = pre.trim_end_matches('/');
            if bare.is_empty() {
                "/".to_string()
            } else {
                bare.to_string()
            }
        } else {
            format!("{pre}{path}")
        }
    };
    Some(match locale {
        Some(loc) => {
            let mut aliases = Vec::new();
            if i18n == Some(loc.as_str()) {
                aliases.push(url(prefix));
            }
            (url(&format!("/{loc}{prefix}")), aliases)
        }
        None => (url(prefix), Vec::new()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_of_pages_content_and_app() {
        let p = |rel, app| page_url(rel, "/", app, None).map(|(u, _)| u);
        assert_eq!(
            p("docs/guide/page.mdx", true).as_deref(),
            Some("/docs/guide")
        );
        assert_eq!(
            p("(content-pages)/whats-new/page.tsx", true).as_deref(),
            Some("/whats-new")
        );
        assert_eq!(p("page.tsx", true).as_deref(), Some("/"));
        assert_eq!(p("_components/x.tsx", true), None);
        assert_eq!(p("docs/guide/old.mdx", true), None);
        assert_eq!(p("learn/index.mdx", false).as_deref(), Some("/learn"));
        // A content directory's index under a prefix: no trailing slash.
        assert_eq!(
            page_url("index.mdx", "/docs/", false, None).map(|(u, _)| u),
            Some("/docs".to_string())
        );
        assert_eq!(
            p("learn/concepts/terms.mdx", false).as_deref(),
            Some("/learn/concepts/terms")
        );
        assert_eq!(p("_app.tsx", false), None);
        assert_eq!(p("api/x.ts", false), None);
    }

    /// nextauthjs/next-auth's `docs/`: Nextra 3's `pages/` beside an
    /// `app/` holding route handlers only; the pages are the site's.
    #[test]
    fn pages_beside_an_app_directory_of_route_handlers() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let d = t.path();
        let w = |rel: &str, text: &str| {
            let p = d.join(rel);
            std::fs::create_dir_all(p.parent().unwrap_or(d)).unwrap_or_else(|e| panic!("{e}"));
            std::fs::write(p, text).unwrap_or_else(|e| panic!("{e}"));
        };
        w(
            "next.config.js",
            "const withNextra = nextra({\n  theme: \"nextra-theme-docs\",\n  themeConfig: \"./theme.config.tsx\",\n})\nexport default withNextra({})\n",
        );
        w("theme.config.tsx", "export default { logo: 'Auth.js' }\n");
        w(
            "package.json",
            "{ \"dependencies\": { \"nextra\": \"3.0.15\", \"nextra-theme-docs\": \"3.0.15\" } }\n",
        );
        w("pages/getting-started/index.mdx", "# Getting started\n");
        w("app/api/og/route.tsx", "export async function GET() {}\n");
        let site = crate::site::Site::in_dir(d).unwrap_or_else(|| panic!("no site"));
        let page = d.join("pages/getting-started/index.mdx");
        assert_eq!(site.page_url(&page).as_deref(), Some("/getting-started"));
    }

    #[test]
    fn locales_of_page_names() {
        let (u, a) = page_url("docs/x.en-US.mdx", "/", false, Some("en-US")).unwrap_or_default();
        assert_eq!(
            (u.as_str(), a),
            ("/en-US/docs/x", vec!["/docs/x".to_string()])
        );
        let (u, a) = page_url("docs/x.de.mdx", "/", false, Some("en-US")).unwrap_or_default();
        assert_eq!((u.as_str(), a.len()), ("/de/docs/x", 0));
        // shuding/nextra examples/swr-site: `content/en/docs/options.mdx`.
        let (u, a) = page_url("en/docs/options.mdx", "/", false, Some("en")).unwrap_or_default();
        assert_eq!(
            (u.as_str(), a),
            ("/en/docs/options", vec!["/docs/options".to_string()])
        );
        let (u, a) = page_url("es/docs/options.mdx", "/", false, Some("en")).unwrap_or_default();
        assert_eq!((u.as_str(), a.len()), ("/es/docs/options", 0));
        assert_eq!(
            page_url("(llms-txt)/llms.txt/route.ts", "/", true, None)
                .map(|(u, _)| u)
                .as_deref(),
            Some("/llms.txt")
        );
        assert_eq!(
            page_url("v1.0.mdx", "/", false, None)
                .map(|(u, _)| u)
                .as_deref(),
            Some("/v1.0")
        );
    }

    /// The Guild's `redirects` (graphql-hive/graphql-inspector
    /// `website/next.config.js`): the literal object mapped to
    /// `{ source, destination }` is read; an array literal too; code is not.
    #[test]
    fn redirects_written_as_literals() {
        let read = |t: &str| literal_redirects(&Object::new(t), t);
        let guild = "export default withGuildDocs({\n  output: 'export',\n  redirects: () =>\n    Object.entries({\n      '/install': '/docs/installation',\n      '/docs/essentials/diff': '/docs/commands/diff',\n    }).map(([from, to]) => ({\n      source: from,\n      destination: to,\n      permanent: true,\n    })),\n});\n";
        assert_eq!(
            read(guild),
            Some(vec![
                "/install".to_string(),
                "/docs/essentials/diff".to_string()
            ])
        );
        let array = "export default { redirects: async () => [{ source: '/a', destination: '/b', permanent: true }] };";
        assert_eq!(read(array), Some(vec!["/a".to_string()]));
        assert_eq!(read("export default { basePath: '/x' };"), Some(Vec::new()));
        assert_eq!(read("export default { redirects: () => load() };"), None);
        assert_eq!(
            read("export default { async redirects() { return [] } };"),
            None
        );
        let joined = guild.replace("}).map(", "})\n      .concat(MORE)\n      .map(");
        assert_eq!(read(&joined), None);
        let swapped = guild.replace("source: from", "source: to");
        assert_eq!(read(&swapped), None);
    }
}
