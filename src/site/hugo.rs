//! Hugo (`hugo.{toml,yaml,json}` or `config.{toml,yaml,json}` beside a
//! `content/` directory): pages are the content files of `contentDir`
//! (default `content`), served as `x/` (or `x.html` with `uglyURLs`);
//! `_index.md` (a section) and `index.md` (a leaf bundle) are a
//! directory's page; front matter `url` sets the whole URL and `slug` the
//! last part; `staticDir` (default `static`) is served at the root;
//! `baseURL`'s path is the base path; `[permalinks]` patterns are applied
//! where their tokens are known ([`permalinks`]). Source: Hugo docs, "Configure Hugo", "URL
//! management", "Page bundles".

use std::path::{Path, PathBuf};

pub mod link_hook;
pub mod permalinks;

use super::front_matter::FrontMatter;
use super::{Generator, Layout, UrlStyle};

/// The names of the configuration file, in the order looked for (a
/// `config.*` only beside a `content/` directory), and the configuration
/// directory's `_default` (Hugo `configDir`, `config` by default).
pub const CONFIG_NAMES: &[&str] = &[
    "hugo.toml",
    "hugo.yaml",
    "hugo.yml",
    "hugo.json",
    "config.toml",
    "config.yaml",
    "config.yml",
    "config.json",
    "config/_default",
];

/// The environments of the configuration directory merged, in order:
/// `_default`, then `production` (`hugo` builds in the `production`
/// environment unless `--environment` says otherwise).
const ENVIRONMENTS: &[&str] = &["config/_default", "config/production"];

/// The most files of one environment directory read.
const MAX_DIR_FILES: usize = 64;

/// The Hugo site configured in `dir`: its root configuration file, and
/// the files of its configuration directory merged over it
/// (`config/_default/`, then `config/production/`; Hugo docs,
/// "Configuration directory": a file named after a root key, such as
/// `params.toml`, `markup.yaml`, `module.toml` or `languages.toml`,
/// holds that key's table; `hugo.*` and `config.*` the whole; the
/// right-most value wins).
pub fn read(dir: &Path) -> Option<Layout> {
    let root_file = CONFIG_NAMES
        .iter()
        .filter(|n| !n.contains('/'))
        .map(|n| dir.join(n))
        .find(|p| {
            p.is_file()
                && (p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("hugo."))
                    || dir.join("content").is_dir())
        });
    let env_files: Vec<Vec<PathBuf>> = ENVIRONMENTS
        .iter()
        .map(|e| directory_files(&dir.join(e)))
        .collect();
    let first_dir_file = env_files.first().and_then(|f| {
        f.iter()
            .find(|p| matches!(key_of(p), Some(None)))
            .or_else(|| f.first())
            .cloned()
    });
    let config = root_file.clone().or(first_dir_file)?;
    let mut l = Layout::new(Generator::Hugo, dir, &config);
    l.source_dir = dir.join("content");
    l.url_style = UrlStyle::Directory;
    l.page_extensions = vec!["md", "markdown", "adoc", "html", "org", "rst"];
    l.index_names = vec!["_index.md", "index.md", "_index.html", "index.html"];
    l.front_matter_urls = true;
    l.case_insensitive_urls = true;
    // Templates, not pages: the layouts, the themes, and the archetypes
    // (`archetypeDir`, default `archetypes`: content templates `hugo new`
    // copies into a new page, with placeholders such as `{{ .Name }}` and
    // links to files the page will have; Hugo docs, "Archetypes").
    l.theme_dirs = vec![
        dir.join("layouts"),
        dir.join("themes"),
        dir.join("archetypes"),
    ];
    l.alias_keys.push("aliases");
    let custom_hook = custom_link_hook(dir);
    l.root_fallback = custom_hook;
    link_hooks(&mut l, dir);
    unread_config_files(&mut l, dir, &env_files);
    let mut t = toml::Table::new();
    let mut read_any = false;
    let files = root_file.iter().map(|f| (f.clone(), None)).chain(
        env_files.into_iter().flatten().filter_map(|f| {
            let key = key_of(&f)?;
            Some((f, key))
        }),
    );
    for (file, key) in files {
        match table_of(&file) {
            Ok(table) => {
                read_any = true;
                match key {
                    None => merge(&mut t, table),
                    Some(k) => merge(
                        &mut t,
                        toml::Table::from_iter([(k, toml::Value::Table(table))]),
                    ),
                }
            }
            Err(why) => l.notes.push(format!(
                "{} could not be read{}: Hugo defaults assumed for it",
                file.display(),
                why.map(|e| format!(": {e}")).unwrap_or_default()
            )),
        }
    }
    if !read_any {
        l.static_dirs.push(dir.join("static"));
        read_redirects(&mut l, dir, &["redirects".into(), "redir".into()]);
        return Some(l);
    }
    if super::zola::is_zola_config(&t) {
        // Zola's `config.toml` (`base_url`, none of Hugo's keys): not a
        // Hugo site.
        return None;
    }
    let s = |v: Option<&toml::Value>| v.and_then(|v| v.as_str()).map(str::to_string);
    let get = |k: &str| {
        t.iter()
            .find(|(x, _)| x.eq_ignore_ascii_case(k))
            .map(|(_, v)| v)
    };
    let default_language = s(get("defaultContentLanguage"))
        .unwrap_or_else(|| "en".into())
        .to_lowercase();
    if let Some(c) = s(get("contentDir")) {
        l.source_dir = dir.join(c);
    }
    let static_dir = s(get("staticDir")).unwrap_or_else(|| "static".into());
    if let Some(a) = s(get("archetypeDir")) {
        l.theme_dirs.push(dir.join(a));
    }
    if let Some(u) = s(get("baseURL")) {
        l.base_path = super::base_path_of(&u);
    }
    if get("uglyURLs").and_then(toml::Value::as_bool) == Some(true) {
        l.url_style = UrlStyle::Html;
    }
    l.renderer = super::slug::Renderer::Hugo(super::slug::HugoIdType::Github);
    l.definition_term_ids = get("markup")
        .and_then(|m| m.get("goldmark"))
        .and_then(|g| g.get("parser"))
        .and_then(|p| p.get("autoDefinitionTermID"))
        .and_then(toml::Value::as_bool)
        == Some(true);
    let id_type = get("markup")
        .and_then(|m| m.get("goldmark"))
        .and_then(|g| g.get("parser"))
        .and_then(|p| p.get("autoHeadingIDType"))
        .and_then(toml::Value::as_str);
    match id_type {
        Some("github-ascii") => {
            l.renderer = super::slug::Renderer::Hugo(super::slug::HugoIdType::GithubAscii)
        }
        Some("blackfriday") => {
            l.renderer = super::slug::Renderer::Hugo(super::slug::HugoIdType::Blackfriday)
        }
        _ => {}
    }
    if let Some(p) = get("permalinks") {
        // The patterns move pages: those applied give the pages' URLs,
        // the others make the URLs they could give unsure.
        let dates_moved = get("frontmatter").is_some();
        permalinks::read(
            &mut l,
            p,
            &config,
            &taxonomies(get("taxonomies")),
            dates_moved,
        );
    }
    // Module mounts (`[[module.mounts]]`) replace the default content and
    // static directories.
    let mounts = get("module")
        .and_then(|m| m.get("mounts"))
        .and_then(toml::Value::as_array);
    let mut content = Vec::new();
    let mut statics = Vec::new();
    for m in mounts.into_iter().flatten() {
        let (Some(source), Some(target)) = (s(m.get("source")), s(m.get("target"))) else {
            continue;
        };
        let target = target.trim_matches('/');
        // The languages it is mounted for: `lang`, or (Hugo 0.153)
        // `sites.matrix.languages`; every language when neither says.
        let langs: Vec<String> = match s(m.get("lang")) {
            Some(code) => vec![code.to_lowercase()],
            None => m
                .get("sites")
                .and_then(|x| x.get("matrix"))
                .and_then(|x| x.get("languages"))
                .and_then(toml::Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|c| c.as_str().map(str::to_lowercase))
                .collect(),
        };
        if target == "content" {
            let source = dir.join(source);
            if langs.is_empty() || langs.contains(&default_language) {
                content.push(source.clone());
            }
            if !langs.is_empty() && !l.hugo_language_dirs.contains(&source) {
                if langs.contains(&default_language) {
                    l.hugo_language_dirs.insert(0, source.clone());
                } else {
                    l.hugo_language_dirs.push(source.clone());
                }
            }
            // A mount for another language: its pages under its code.
            for code in langs.iter().filter(|c| **c != default_language) {
                l.mounts.push((source.clone(), format!("/{code}/")));
            }
        } else if target == "static" {
            statics.push(dir.join(source));
        } else if target == "archetypes" || target.starts_with("archetypes/") {
            // A module's archetypes: content templates, as the site's.
            l.theme_dirs.push(dir.join(source));
        } else if let Some(sub) = target.strip_prefix("static/") {
            l.mounts.push((dir.join(source), format!("/{sub}/")));
        }
    }
    let mut content = content.into_iter();
    if let Some(first) = content.next() {
        l.source_dir = first;
        for c in content {
            l.mounts.push((c, "/".into()));
        }
    } else if let Some(langs) = get("languages").and_then(toml::Value::as_table) {
        // Per-language content directories (`[languages.fr] contentDir`):
        // the default language's pages at the root (under its code with
        // `defaultContentLanguageInSubdir`), each other's under its code.
        let in_subdir =
            get("defaultContentLanguageInSubdir").and_then(toml::Value::as_bool) == Some(true);
        for (code, v) in langs {
            let Some(content_dir) = s(v.get("contentDir")) else {
                continue;
            };
            let code = code.to_lowercase();
            if code == default_language {
                l.hugo_language_dirs.insert(0, dir.join(&content_dir));
            } else {
                l.hugo_language_dirs.push(dir.join(&content_dir));
            }
            if code == default_language {
                l.source_dir = dir.join(content_dir);
                if in_subdir {
                    l.source_url = format!("/{code}/");
                }
            } else {
                l.mounts.push((dir.join(content_dir), format!("/{code}/")));
            }
        }
    }
    if statics.is_empty() {
        statics.push(dir.join(static_dir));
    }
    l.static_dirs = statics;
    file_mounts(&mut l, dir, mounts.map(Vec::as_slice).unwrap_or_default());
    if !custom_hook && embedded_link_hook(get("languages"), get("markup")) {
        // Hugo's embedded link render hook resolves a destination with
        // `.GetPage`, as a site's own hook does.
        l.root_fallback = true;
    }
    output_formats(
        &mut l,
        get("outputs"),
        get("outputFormats"),
        get("mediaTypes"),
    );
    let disabled: Vec<String> = get("disableKinds")
        .and_then(toml::Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|k| k.as_str().map(str::to_lowercase))
        .collect();
    if !disabled.iter().any(|k| k == "taxonomy" || k == "term") {
        let taxonomies = taxonomies(get("taxonomies"));
        taxonomy_pages(&mut l, &taxonomies);
    }
    // The output formats that write Netlify's `_redirects` (`[outputFormats.REDIR]
    // baseName = "_redirects"`), whose home templates list redirects.
    let mut formats: Vec<String> = vec!["redirects".into(), "redir".into()];
    if let Some(of) = get("outputFormats").and_then(toml::Value::as_table) {
        for (name, v) in of {
            let base = v.as_table().and_then(|v| {
                v.iter()
                    .find(|(k, _)| k.eq_ignore_ascii_case("baseName"))
                    .and_then(|(_, b)| b.as_str())
            });
            if base == Some("_redirects") {
                formats.push(name.to_lowercase());
            }
        }
    }
    read_redirects(&mut l, dir, &formats);
    shortcodes_from_elsewhere(&mut l, dir);
    l.hugo_quiet_shortcodes = quiet_shortcodes(dir);
    Some(l)
}

/// The root configuration keys Hugo reads from a file of the
/// configuration directory named after one (Hugo docs, "Configure Hugo",
/// "Configuration directory": "The root configuration keys are build,
/// caches, cascade, deployment, frontmatter, imaging, languages, markup,
/// mediatypes, menus, minify, module, outputformats, outputs, params,
/// permalinks, privacy, related, security, segments, server, services,
/// sitemap, and taxonomies"; and the newer `contentTypes`, `httpCache`,
/// `page`, `pagination`, `roles`, `versions`), lowercase; `hugo` and
/// `config` hold the whole configuration.
pub const ROOT_KEYS: &[&str] = &[
    "hugo",
    "config",
    "build",
    "caches",
    "cascade",
    "contenttypes",
    "deployment",
    "frontmatter",
    "httpcache",
    "imaging",
    "languages",
    "markup",
    "mediatypes",
    "menu",
    "menus",
    "minify",
    "module",
    "outputformats",
    "outputs",
    "page",
    "pagination",
    "params",
    "permalinks",
    "privacy",
    "related",
    "roles",
    "security",
    "segments",
    "server",
    "services",
    "sitemap",
    "taxonomies",
    "versions",
];

/// The extensions of Hugo's configuration files, without the dot.
const CONFIG_EXTENSIONS: &[&str] = &["toml", "yaml", "yml", "json"];

/// Notes in `l.unsure_pages` and `l.unsure_anchors` a configuration file
/// the model cannot read because a build step makes it: a file of an
/// environment directory (`env_files`, of [`ENVIRONMENTS`]) whose name is
/// no root key Hugo reads ([`ROOT_KEYS`]; opentelemetry.io's
/// `config/_default/module-template.yaml`, which a script renders into
/// `module.yaml`), and a configuration file missing from the tree that
/// the repository's `.gitignore` files ignore (written before `hugo`
/// runs). Either may hold mounts, languages or permalinks that move
/// pages. `dir` is the project directory.
fn unread_config_files(l: &mut Layout, dir: &Path, env_files: &[Vec<PathBuf>]) {
    let rel = |p: &Path| {
        p.strip_prefix(dir)
            .unwrap_or(p)
            .to_string_lossy()
            .replace('\\', "/")
    };
    let mut reasons = Vec::new();
    for f in env_files.iter().flatten() {
        let Some(stem) = f.file_stem().map(|s| s.to_string_lossy().to_lowercase()) else {
            continue;
        };
        // `menus.en.toml`: the key, then a language.
        let key = stem.split('.').next().unwrap_or_default();
        if !ROOT_KEYS.contains(&key) {
            reasons.push(format!(
                "the file {} of Hugo's configuration directory, named after no root key Hugo reads (a template a build step renders?),",
                rel(f)
            ));
        }
    }
    let repo = dir
        .ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(dir);
    let memo = super::gitignore::Memo::default();
    let mut candidates: Vec<PathBuf> = CONFIG_NAMES
        .iter()
        .filter(|n| !n.contains('/'))
        .map(|n| dir.join(n))
        .collect();
    for env in ENVIRONMENTS {
        let env = dir.join(env);
        if memo.ignores(repo, &env) {
            // A whole directory ignored: no file of it named.
            continue;
        }
        for key in ROOT_KEYS {
            for ext in CONFIG_EXTENSIONS {
                candidates.push(env.join(format!("{key}.{ext}")));
            }
        }
    }
    for c in candidates {
        if !c.exists() && memo.ignores(repo, &c) {
            reasons.push(format!(
                "the Hugo configuration file {}, ignored by .gitignore and not in the tree (a build step writes it),",
                rel(&c)
            ));
        }
    }
    for why in reasons {
        l.unsure_pages.push(why.clone());
        l.unsure_anchors.push(why);
    }
}

/// True when the relative link `path` (as written, no query or
/// fragment) of the page bundle `file` (an `index` or `_index` page of
/// one of [`Layout::hugo_language_dirs`]) names a resource of the bundle
/// at the same path in another language's content directory: a bundle
/// shares its translations' resources, except content files (Hugo docs,
/// "Multilingual mode", "Page bundles"; since Hugo 0.123 the resource is
/// published once and the embedded image and link render hooks resolve
/// it). False for other sites and links.
pub fn translation_resource(l: &Layout, file: &Path, path: &str) -> bool {
    if l.generator != super::Generator::Hugo || l.hugo_language_dirs.len() < 2 {
        return false;
    }
    let decoded = super::percent_decode(path);
    if decoded.is_empty()
        || decoded.starts_with('/')
        || decoded.contains(':')
        || decoded.split('/').any(|s| s == "..")
    {
        return false;
    }
    let is_bundle = file
        .file_stem()
        .is_some_and(|s| s == "index" || s == "_index");
    let Some(parent) = file.parent() else {
        return false;
    };
    if !is_bundle {
        return false;
    }
    let is_content = decoded
        .rsplit_once('.')
        .is_some_and(|(_, e)| l.page_extensions.iter().any(|x| x.eq_ignore_ascii_case(e)));
    if is_content {
        return false;
    }
    let Some((own, rel)) = l
        .hugo_language_dirs
        .iter()
        .find_map(|d| parent.strip_prefix(d).ok().map(|r| (d, r)))
    else {
        return false;
    };
    l.hugo_language_dirs.iter().filter(|d| *d != own).any(|d| {
        let bundle = d.join(rel);
        let target = super::lexically_clean(&bundle.join(&decoded));
        target.starts_with(&bundle) && target.is_file()
    })
}

/// True when the site defines its own link render hook (Hugo docs,
/// "Link render hooks": `layouts/_markup/render-link.html`, or under
/// `_default/` before Hugo 0.146, a content type's or a language's), or a
/// theme in `themes/` does ([`link_hook::files`]).
fn custom_link_hook(dir: &Path) -> bool {
    !link_hook::files(dir).is_empty()
}

/// Reads the site's own link render hooks ([`link_hook`]): the
/// destinations one makes its own links of become
/// [`Layout::hugo_hook_destinations`]; a hook that rewrites any
/// destination in a way the model does not know leaves pages and anchors
/// unsure, named with its path.
fn link_hooks(l: &mut Layout, dir: &Path) {
    for (shown, file) in link_hook::files(dir) {
        let Ok(text) = super::read_config(&file) else {
            continue;
        };
        let hook = link_hook::read(&shown, &text);
        if hook.rewrites {
            let why = format!("the Hugo link render hook `{shown}`, which rewrites destinations");
            l.unsure_pages.push(why.clone());
            l.unsure_anchors.push(why);
        }
        for s in hook.special {
            if !l.hugo_hook_destinations.contains(&s) {
                l.hugo_hook_destinations.push(s);
            }
        }
    }
}

/// The reason a link of the destination `dest` (its path, decoded) is not
/// checked: a link render hook of the site makes its own link of it
/// ([`link_hook::Special`]). `None` for any other destination.
pub fn hook_destination(l: &Layout, dest: &str) -> Option<String> {
    l.hugo_hook_destinations
        .iter()
        .find(|s| s.matches(dest))
        .map(link_hook::Special::reason)
}

/// True when Hugo's embedded link render hook renders the site's links
/// (Hugo docs, "Configure markup", `markup.goldmark.renderHooks.link.
/// useEmbedded`): `always` or `fallback`, or `auto` (the default) on a
/// multilingual single-host site (two languages or more, none with a
/// `baseURL` of its own). Called only when the site has no hook of its
/// own.
fn embedded_link_hook(languages: Option<&toml::Value>, markup: Option<&toml::Value>) -> bool {
    let use_embedded = markup
        .and_then(|m| m.get("goldmark"))
        .and_then(|g| g.get("renderHooks"))
        .and_then(|r| r.get("link"))
        .and_then(|k| k.get("useEmbedded"))
        .and_then(toml::Value::as_str)
        .map(str::to_lowercase);
    match use_embedded.as_deref() {
        Some("always" | "fallback") => true,
        Some("never") => false,
        _ => {
            let langs = languages.and_then(toml::Value::as_table);
            let multilingual = langs.is_some_and(|t| t.len() >= 2);
            let multihost = langs.is_some_and(|t| {
                t.values()
                    .any(|v| v.get("baseURL").or_else(|| v.get("baseurl")).is_some())
            });
            multilingual && !multihost
        }
    }
}

/// The pages of a Hugo site's leaf bundle (`x/index.md`) look for a
/// page named by a relative link from the directory the bundle is in
/// (Hugo's `.GetPage` from a regular page: "for regular pages we use the
/// containing folder", `hugolib/pagecollections.go`): that directory;
/// `None` for any other file.
pub fn bundle_container(file: &Path) -> Option<PathBuf> {
    let stem = file.file_stem()?.to_string_lossy();
    if stem != "index" {
        return None;
    }
    Some(file.parent()?.parent()?.to_path_buf())
}

/// The URL paths a page at `url` also answers at, from its front matter
/// `aliases` (Hugo docs, "URL management", "Aliases"): an alias that
/// does not start with `/` is relative to the page's directory
/// (`path.Join(RelPermalink, "..", alias)`, `hugolib/site_render.go`):
/// `docsy-0.7` of `/blog/2023/0.7.x/` is `/blog/2023/docsy-0.7`.
pub fn aliases(url: &str, aliases: Vec<String>) -> Vec<String> {
    let parent = url
        .trim_end_matches('/')
        .rsplit_once('/')
        .map_or("", |(d, _)| d);
    aliases
        .into_iter()
        .map(|a| {
            if a.starts_with('/') {
                a
            } else {
                super::resolve_path(&format!("{parent}/"), &a)
            }
        })
        .collect()
}

/// The configuration file of `l` as said in a reason: relative to the
/// project directory.
fn shown(l: &Layout) -> String {
    l.config
        .strip_prefix(&l.root)
        .unwrap_or(&l.config)
        .display()
        .to_string()
}

/// Hugo's built-in output formats (Hugo docs, "Output formats"): name,
/// the file a page of that format is written to (its `baseName` and
/// suffix), and its `path` under the page.
const OUTPUT_FORMATS: &[(&str, &str)] = &[
    ("html", "index.html"),
    ("rss", "index.xml"),
    ("json", "index.json"),
    ("markdown", "index.md"),
    ("calendar", "index.ics"),
    ("csv", "index.csv"),
    ("css", "styles.css"),
    ("amp", "amp/index.html"),
    ("robots", "robots.txt"),
    ("sitemap", "sitemap.xml"),
    ("sitemapindex", "sitemap.xml"),
    ("webappmanifest", "manifest.webmanifest"),
    ("gotmpl", ""),
];

/// Suffixes of the media types an output format is written as, when the
/// site's `mediaTypes` does not say (Hugo's built-in media types).
const MEDIA_SUFFIXES: &[(&str, &str)] = &[
    ("text/plain", "txt"),
    ("text/html", "html"),
    ("text/markdown", "md"),
    ("text/csv", "csv"),
    ("text/css", "css"),
    ("text/calendar", "ics"),
    ("application/json", "json"),
    ("application/rss+xml", "xml"),
    ("application/xml", "xml"),
    ("application/manifest+json", "webmanifest"),
];

/// The files the home page's output formats write (`[outputs] home`,
/// default HTML and RSS: `/index.xml`; a format of `[outputFormats]`
/// with `baseName = "llms"` and `mediaType = "text/plain"`:
/// `/llms.txt`) into [`Layout::generated_pages`]. An output format that
/// any kind of page lists and that neither Hugo nor the site's
/// configuration defines (a theme's or module's, not in the tree) may
/// make files the model does not know: [`Layout::unsure_pages`].
fn output_formats(
    l: &mut Layout,
    outputs: Option<&toml::Value>,
    formats: Option<&toml::Value>,
    media_types: Option<&toml::Value>,
) {
    let formats = formats.and_then(toml::Value::as_table);
    let defined = |name: &str| {
        formats.and_then(|f| {
            f.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v)
        })
    };
    let media = media_types.and_then(toml::Value::as_table);
    let file_of = |name: &str| -> Option<String> {
        let builtin = OUTPUT_FORMATS
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, f)| f.to_string());
        let Some(custom) = defined(name) else {
            return builtin;
        };
        let field = |k: &str| {
            custom
                .as_table()
                .and_then(|t| t.iter().find(|(x, _)| x.eq_ignore_ascii_case(k)))
                .and_then(|(_, v)| v.as_str())
        };
        let Some(media_type) = field("mediaType") else {
            // A built-in format's settings changed: its file stays.
            return Some(builtin.unwrap_or_default());
        };
        let base = field("baseName").unwrap_or("index");
        // The site's `mediaTypes.<type>.suffixes`, else Hugo's own.
        let suffix = media
            .and_then(|m| m.iter().find(|(t, _)| t.eq_ignore_ascii_case(media_type)))
            .and_then(|(_, v)| v.get("suffixes"))
            .and_then(toml::Value::as_array)
            .and_then(|a| a.first())
            .and_then(toml::Value::as_str)
            .or_else(|| {
                MEDIA_SUFFIXES
                    .iter()
                    .find(|(t, _)| t.eq_ignore_ascii_case(media_type))
                    .map(|(_, s)| *s)
            });
        let path = field("path").map_or(String::new(), |p| format!("{}/", p.trim_matches('/')));
        Some(match suffix {
            Some(x) => format!("{path}{base}.{x}"),
            None => format!("{path}{base}"),
        })
    };
    let list = |kind: &str| -> Option<Vec<String>> {
        let kinds = outputs?.as_table()?;
        let v = kinds.iter().find(|(k, _)| k.eq_ignore_ascii_case(kind))?.1;
        Some(
            v.as_array()?
                .iter()
                .filter_map(|n| n.as_str().map(str::to_string))
                .collect(),
        )
    };
    let home = list("home").unwrap_or_else(|| vec!["html".into(), "rss".into()]);
    for name in home {
        if let Some(f) = file_of(&name).filter(|f| !f.is_empty()) {
            l.generated_pages.push(format!("/{f}"));
        }
    }
    for kind in ["home", "page", "section", "taxonomy", "term"] {
        for name in list(kind).unwrap_or_default() {
            if file_of(&name).is_none() {
                l.unsure_pages.push(format!(
                    "the Hugo output format `{name}` of `outputs.{kind}` ({}), defined by a theme or module not in the tree,",
                    shown(l)
                ));
                return;
            }
        }
    }
}

/// The taxonomies of the site (Hugo docs, "Taxonomies": `[taxonomies]`
/// maps each singular name to its plural, the front matter key and URL
/// segment; `tags` and `categories` when not set), as plural names.
fn taxonomies(config: Option<&toml::Value>) -> Vec<String> {
    match config.and_then(toml::Value::as_table) {
        Some(t) => t
            .values()
            .filter_map(|v| v.as_str().map(str::to_lowercase))
            .filter(|v| !v.is_empty())
            .collect(),
        None => vec!["tags".into(), "categories".into()],
    }
}

/// The most bytes of front matter read per page for its taxonomy terms.
const TERM_FRONT_MATTER_BYTES: u64 = 16 * 1024;

/// Notes in [`Layout::generated_pages`] the pages Hugo makes for the
/// taxonomies `plurals` (Hugo docs, "Taxonomies"): the taxonomy's list
/// page (`/tags/`) and one page per term a page's front matter gives
/// (`tags: [upgrade]` makes `/tags/upgrade/`; the term "urlized":
/// spaces to `-`, lower case), under each content directory's URL (a
/// language's `/fr/`).
fn taxonomy_pages(l: &mut Layout, plurals: &[String]) {
    if plurals.is_empty() {
        return;
    }
    let keys: Vec<&str> = plurals.iter().map(String::as_str).collect();
    // Each directory once, with every URL it is served under (a
    // directory mounted for several languages).
    let mut roots: Vec<(PathBuf, Vec<String>)> = Vec::new();
    let all = std::iter::once((l.source_dir.clone(), l.source_url.clone()))
        .chain(l.mounts.iter().cloned());
    for (dir, prefix) in all {
        let prefix = if prefix.starts_with('/') {
            prefix
        } else {
            "/".to_string()
        };
        match roots.iter_mut().find(|(d, _)| *d == dir) {
            Some((_, p)) => p.push(prefix),
            None => roots.push((dir, vec![prefix])),
        }
    }
    let mut pages = std::collections::BTreeSet::new();
    let mut count = 0;
    let mut truncated = false;
    for (root, prefixes) in roots {
        let mut terms = std::collections::BTreeSet::new();
        for (file, rel) in super::files_under(
            &root,
            |n| n.starts_with('.'),
            super::MAX_FILES,
            &mut count,
            &mut truncated,
        ) {
            let ext = rel.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
            if !matches!(
                ext.as_deref(),
                Some("md" | "markdown" | "html" | "adoc" | "org" | "rst")
            ) {
                continue;
            }
            let front = super::front_matter::read_keys(&file, TERM_FRONT_MATTER_BYTES, Some(&keys));
            for p in plurals {
                for term in front.list(p) {
                    let term = urlize(term);
                    if !term.is_empty() {
                        terms.insert(format!("{p}/{term}/"));
                    }
                }
            }
        }
        for prefix in prefixes {
            pages.extend(plurals.iter().map(|p| format!("{prefix}{p}/")));
            pages.extend(terms.iter().map(|t| format!("{prefix}{t}")));
        }
    }
    if truncated {
        // Not every page's terms were read: anything under a taxonomy.
        let base = l.source_url.trim_end_matches('/').to_string();
        l.generated
            .extend(plurals.iter().map(|p| format!("{base}/{p}")));
    }
    l.generated_pages.extend(pages);
}

/// A taxonomy term as Hugo writes it into a URL (`urlize`,
/// `helpers.MakePath`): letters, digits and `._-#+~` kept, spaces to
/// `-`, anything else dropped, in lower case.
fn urlize(term: &str) -> String {
    term.trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || "._-#+~/".contains(c) => Some(c),
            _ => None,
        })
        .collect::<String>()
        .to_lowercase()
}

/// The module mounts of single files, or of directories, into a path
/// under `content` or `static` (Hugo docs, "Module configuration",
/// `[[module.mounts]]`: `source = "../README.md"`, `target =
/// "content/project/repo/README.md"`): a directory is served under
/// that path, a content file at its page's URL and at the URL of its
/// content path (a link to `README.md` beside it, which a link render
/// hook makes the page's URL). A mount whose source the tree does not
/// hold (a module's, `node_modules`) is served unseen under its target
/// ([`Layout::generated`]), or, mounted as the whole content, may make
/// pages the model does not know ([`Layout::unsure_pages`]).
fn file_mounts(l: &mut Layout, dir: &Path, mounts: &[toml::Value]) {
    for m in mounts {
        let field = |k: &str| m.get(k).and_then(toml::Value::as_str);
        let (Some(source), Some(target)) = (field("source"), field("target")) else {
            continue;
        };
        let target = target.trim_matches('/');
        let (kind, sub) = match target.split_once('/') {
            Some((k @ ("content" | "static"), sub)) if !sub.is_empty() => (k, sub),
            _ if target == "content" || target == "static" => (target, ""),
            _ => continue,
        };
        let src = super::lexically_clean(&dir.join(source));
        // An empty directory mounted under a path of the content or
        // static directory: filled by a script (or a submodule) before
        // `hugo` runs.
        let empty =
            !sub.is_empty() && std::fs::read_dir(&src).is_ok_and(|mut e| e.next().is_none());
        if !src.exists() || empty {
            let why = format!(
                "the Hugo module mount of `{source}` to `{target}` ({}), whose source is {},",
                shown(l),
                if empty {
                    "an empty directory"
                } else {
                    "not in the tree"
                }
            );
            if sub.is_empty() {
                l.unsure_pages.push(why);
            } else if kind == "content" {
                // What it brings (a script's copy, a submodule) is made
                // under its target, unseen.
                let is_page = sub.rsplit_once('.').is_some_and(|(_, e)| {
                    l.page_extensions.iter().any(|x| x.eq_ignore_ascii_case(e))
                });
                let url = if is_page {
                    super::default_page_url(l, &sub.to_lowercase(), "/")
                } else {
                    format!("/{}/", sub.trim_end_matches('/'))
                };
                l.unsure_under.push((url, why));
            } else {
                // A static file or directory brought in (`node_modules`):
                // served under its target, unseen.
                l.generated.push(format!("/{}", sub.trim_end_matches('/')));
            }
            continue;
        }
        if sub.is_empty() || (kind == "static" && src.is_dir()) {
            // Read with the content and static directories (`read`).
            continue;
        }
        if src.is_dir() {
            l.mounts.push((src, format!("/{sub}/")));
            continue;
        }
        if kind == "static" {
            l.generated_pages.push(format!("/{sub}"));
            continue;
        }
        let is_page = sub
            .rsplit_once('.')
            .is_some_and(|(_, e)| l.page_extensions.iter().any(|x| x.eq_ignore_ascii_case(e)));
        l.generated_pages.push(format!("/{sub}"));
        if is_page {
            let url = super::default_page_url(l, &sub.to_lowercase(), "/");
            l.generated_pages.push(url);
        }
    }
}

/// Hugo's embedded shortcodes (Hugo docs, "Shortcodes"): none writes a
/// heading into the page's Markdown.
const EMBEDDED_SHORTCODES: &[&str] = &[
    "comment",
    "details",
    "figure",
    "gist",
    "highlight",
    "instagram",
    "param",
    "qr",
    "ref",
    "relref",
    "twitter",
    "twitter_simple",
    "vimeo",
    "vimeo_simple",
    "x",
    "x_simple",
    "youtube",
];

/// The most bytes of content read to find the shortcodes pages use.
const SHORTCODE_SCAN_BYTES: u64 = 64 * 1024 * 1024;

/// Notes in `l.unsure_anchors` a shortcode that pages call with the
/// Markdown notation (`{{% name %}}`, whose output Hugo renders as
/// Markdown, so a heading it writes gets an id) and whose template is
/// neither in the site's `layouts/shortcodes/` (or `_shortcodes/`), nor
/// in a theme present under `themes/`, nor embedded in Hugo: it comes
/// from a theme or module the tree does not hold (Docsy installed by npm
/// or as a module), and may write headings the model does not know.
/// Each page's first 256 KiB are read, [`SHORTCODE_SCAN_BYTES`] in all.
fn shortcodes_from_elsewhere(l: &mut Layout, dir: &Path) {
    use std::sync::OnceLock;
    static CALL: OnceLock<Option<regex::Regex>> = OnceLock::new();
    let Some(call) = CALL
        .get_or_init(|| regex::Regex::new(r"\{\{%\s*([A-Za-z0-9_][A-Za-z0-9_./-]*)").ok())
        .as_ref()
    else {
        return;
    };
    let mut layouts = vec![dir.join("layouts")];
    if let Ok(themes) = std::fs::read_dir(dir.join("themes")) {
        layouts.extend(themes.flatten().map(|t| t.path().join("layouts")));
    }
    let known = |name: &str| {
        EMBEDDED_SHORTCODES.contains(&name)
            || layouts.iter().any(|d| {
                ["shortcodes", "_shortcodes"].iter().any(|s| {
                    ["html", "md"]
                        .iter()
                        .any(|e| d.join(s).join(format!("{name}.{e}")).is_file())
                })
            })
    };
    let mut roots = vec![l.source_dir.clone()];
    roots.extend(l.mounts.iter().map(|(d, _)| d.clone()));
    let mut count = 0;
    let mut truncated = false;
    let mut budget = SHORTCODE_SCAN_BYTES;
    let mut checked: Vec<String> = Vec::new();
    for root in roots {
        for (file, rel) in super::files_under(
            &root,
            |n| n.starts_with('.'),
            super::MAX_FILES,
            &mut count,
            &mut truncated,
        ) {
            if !(rel.ends_with(".md") || rel.ends_with(".markdown")) || budget == 0 {
                continue;
            }
            let Ok(text) = super::read_head(&file, budget.min(256 * 1024)) else {
                continue;
            };
            budget = budget.saturating_sub(text.len() as u64);
            for c in call.captures_iter(&text) {
                let Some(name) = c.get(1).map(|m| m.as_str()) else {
                    continue;
                };
                if checked.iter().any(|n| n == name) {
                    continue;
                }
                checked.push(name.to_string());
                if !known(name) {
                    let shown = file
                        .strip_prefix(dir)
                        .unwrap_or(&file)
                        .display()
                        .to_string();
                    l.unsure_anchors.push(format!(
                        "the Hugo shortcode `{name}` ({shown}: `{{{{% {name} %}}}}`) from a theme or module not in the tree"
                    ));
                    return;
                }
            }
        }
    }
}

/// The most shortcode templates [`quiet_shortcodes`] reads.
const MAX_SHORTCODE_TEMPLATES: usize = 2_000;
/// The most bytes of a shortcode template read.
const SHORTCODE_TEMPLATE_BYTES: u64 = 256 * 1024;

/// The shortcodes of the site in `dir` that add no anchor to a page
/// (Hugo docs, "Shortcodes", "Create your own shortcodes"): Hugo's
/// embedded ones (`EMBEDDED_SHORTCODES`) and each template of
/// `layouts/shortcodes/` or `layouts/_shortcodes/`, of the site or of a
/// theme under `themes/`, that writes no `id` attribute, no `<h1>`..`<h6>`
/// and no Markdown heading line, and pulls in nothing else (no
/// `partial`, `readFile`, `include`, `GetPage`, `.Content`, and no
/// `markdownify` or `RenderString` but of its `.Inner`, whose text is in
/// the page and whose headings are read there). A shortcode whose
/// template is not in the tree is not here: its anchors stay unknown.
pub fn quiet_shortcodes(dir: &Path) -> Vec<String> {
    use std::sync::OnceLock;
    static INNER: OnceLock<Option<regex::Regex>> = OnceLock::new();
    let inner = INNER
        .get_or_init(|| {
            regex::Regex::new(
                r"\.Inner\s*\|\s*(?:markdownify|\$?\.Page\.RenderString|\.Page\.RenderString)",
            )
            .ok()
        })
        .as_ref();
    let mut out: Vec<String> = EMBEDDED_SHORTCODES.iter().map(|s| s.to_string()).collect();
    let mut layouts = vec![dir.join("layouts")];
    if let Ok(themes) = std::fs::read_dir(dir.join("themes")) {
        let mut themes: Vec<PathBuf> = themes.flatten().map(|t| t.path().join("layouts")).collect();
        themes.sort();
        layouts.extend(themes);
    }
    let mut loud: Vec<String> = Vec::new();
    let mut read = 0;
    for d in layouts {
        for sub in ["shortcodes", "_shortcodes"] {
            let Ok(entries) = std::fs::read_dir(d.join(sub)) else {
                continue;
            };
            let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
            files.sort();
            for f in files {
                if read >= MAX_SHORTCODE_TEMPLATES {
                    return out.into_iter().filter(|n| !loud.contains(n)).collect();
                }
                let (Some(stem), Some(ext)) = (f.file_stem(), f.extension()) else {
                    continue;
                };
                if !(ext == "html" || ext == "md") || !f.is_file() {
                    continue;
                }
                // `name.html`, `name.en.html`, `name.json.html`: the
                // shortcode `name`.
                let stem = stem.to_string_lossy();
                let name = stem.split('.').next().unwrap_or(&stem).to_string();
                read += 1;
                let quiet = super::read_head(&f, SHORTCODE_TEMPLATE_BYTES)
                    .ok()
                    .zip(inner)
                    .is_some_and(|(text, inner)| template_is_quiet(&inner.replace_all(&text, "")));
                if quiet {
                    if !out.contains(&name) {
                        out.push(name);
                    }
                } else if !loud.contains(&name) {
                    loud.push(name);
                }
            }
        }
    }
    out.into_iter().filter(|n| !loud.contains(n)).collect()
}

/// True when the shortcode template `text` (its `.Inner` rendered as
/// Markdown taken out) writes no id and no heading, and pulls in no
/// other template or content ([`quiet_shortcodes`]).
fn template_is_quiet(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let pulls = [
        "id=",
        "partial",
        "readfile",
        "include",
        "getpage",
        ".content",
        "markdownify",
        "renderstring",
        "template ",
    ];
    let heading_tag = (1..=6).any(|n| lower.contains(&format!("<h{n}")));
    let heading_line = text.lines().any(|l| {
        let t = l.trim_start();
        t.starts_with('#') && !t.starts_with("#{")
    });
    !heading_tag && !heading_line && !pulls.iter().any(|p| lower.contains(p))
}

/// The configuration files of the environment directory `env` (at most
/// [`MAX_DIR_FILES`], TOML, YAML or JSON), by name; none when it is not
/// a directory.
fn directory_files(env: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(env) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.extension().is_some_and(|e| {
                    ["toml", "yaml", "yml", "json"].contains(&e.to_string_lossy().as_ref())
                })
        })
        .take(MAX_DIR_FILES)
        .collect();
    files.sort();
    files
}

/// Where the file `f` of a configuration directory goes: `Some(None)`
/// for the whole configuration (`hugo.*`, `config.*`), `Some(Some(key))`
/// for a root key's table (`params.toml`); `None` for a file of one
/// language (`menus.en.toml`, not read).
fn key_of(f: &Path) -> Option<Option<String>> {
    let stem = f.file_stem()?.to_string_lossy().into_owned();
    if stem.contains('.') {
        return None;
    }
    Some((stem != "hugo" && stem != "config").then_some(stem))
}

/// The configuration file `path` as a table (TOML, YAML or JSON).
///
/// # Errors
/// `None` when it cannot be read or does not parse; the YAML error when
/// its aliases would expand past the budget (H3 of the 2026-11-29
/// review).
fn table_of(path: &Path) -> Result<toml::Table, Option<String>> {
    let text = super::read_config(path).map_err(Some)?;
    let ext = path.extension().map(|e| e.to_string_lossy().into_owned());
    let value = match ext.as_deref() {
        Some("toml") => return text.parse::<toml::Table>().map_err(|_| None),
        Some("yaml" | "yml") => match super::yaml_config(&text) {
            Ok(y) => yaml_to_toml(&y),
            Err(e) => return Err(Some(e.to_string())),
        },
        Some("json") => match serde_json::from_str::<serde_json::Value>(&text) {
            Ok(j) => json_to_toml(&j),
            Err(_) => return Err(None),
        },
        _ => return Err(None),
    };
    match value {
        toml::Value::Table(t) => Ok(t),
        _ => Err(None),
    }
}

/// `over` merged into `into`: tables merged key by key, any other value
/// replaced (Hugo's configuration directory: the right-most wins). Keys
/// meet without regard to case, as Hugo's do.
fn merge(into: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        let existing = into
            .keys()
            .find(|e| e.eq_ignore_ascii_case(&k))
            .cloned()
            .unwrap_or_else(|| k.clone());
        match (into.get_mut(&existing), v) {
            (Some(toml::Value::Table(a)), toml::Value::Table(b)) => merge(a, b),
            (_, v) => {
                into.remove(&existing);
                into.insert(k, v);
            }
        }
    }
}

/// A JSON value as a TOML value (`null` as an empty string).
fn json_to_toml(j: &serde_json::Value) -> toml::Value {
    use serde_json::Value;
    match j {
        Value::Object(o) => toml::Value::Table(
            o.iter()
                .map(|(k, v)| (k.clone(), json_to_toml(v)))
                .collect(),
        ),
        Value::Array(a) => toml::Value::Array(a.iter().map(json_to_toml).collect()),
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::Number(n) => n
            .as_i64()
            .map(toml::Value::Integer)
            .unwrap_or_else(|| toml::Value::String(n.to_string())),
        Value::String(s) => toml::Value::String(s.clone()),
        Value::Null => toml::Value::String(String::new()),
    }
}

/// The redirects a Netlify host serves for the site (Hugo's
/// `static/_redirects`, or the `_redirects` the home template of an
/// output format in `formats` writes: `layouts/index.redirects`,
/// `layouts/home.redir`, with the partials it calls from
/// `layouts/partials/` or `layouts/_partials/`; Hugo docs, "Custom
/// output formats", "Partial templates"): each line's source path
/// without a template action or a `:placeholder` is a URL served
/// (`/faq`), a source ending in `*` a prefix of URLs served (`/grpc/*`).
/// A source that a template action or a placeholder computes
/// (`/docs/{{ . }}`) makes the URLs under its literal part unsure
/// ([`Layout::unsure_under`]; any URL when that is `/`). Each file's
/// first [`super::MAX_CONFIG`] bytes; at most [`MAX_PARTIALS`] partials.
fn read_redirects(l: &mut Layout, dir: &Path, formats: &[String]) {
    let statics: Vec<PathBuf> = l.static_dirs.iter().map(|d| d.join("_redirects")).collect();
    let mut templates: Vec<PathBuf> = Vec::new();
    for base in ["layouts", "layouts/_default"] {
        for kind in ["index", "home"] {
            for f in formats {
                templates.push(dir.join(base).join(format!("{kind}.{f}")));
            }
        }
    }
    templates.dedup();
    for f in statics {
        if let Ok(text) = super::read_config(&f) {
            redirect_rules(l, &text, &f, dir, false);
        }
    }
    let mut i = 0;
    let mut partials = 0;
    while i < templates.len() {
        let f = templates[i].clone();
        i += 1;
        let Ok(text) = super::read_config(&f) else {
            continue;
        };
        let text = strip_template_comments(&text);
        for name in partial_calls(&text) {
            if partials >= MAX_PARTIALS {
                break;
            }
            for base in ["layouts/partials", "layouts/_partials"] {
                let p = dir.join(base).join(&name);
                if p.is_file() && !templates.contains(&p) {
                    partials += 1;
                    templates.push(p);
                }
            }
        }
        redirect_rules(l, &text, &f, dir, true);
    }
}

/// The most partials of a redirects template [`read_redirects`] reads.
const MAX_PARTIALS: usize = 32;

/// `text` without its template comments (`{{/* ... */}}`, `{{- /* ... */ -}}`).
fn strip_template_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("/*") {
        let Some(open) = rest[..i].rfind("{{") else {
            out.push_str(&rest[..i + 2]);
            rest = &rest[i + 2..];
            continue;
        };
        if !rest[open + 2..i].trim_matches(['-', ' ']).is_empty() {
            out.push_str(&rest[..i + 2]);
            rest = &rest[i + 2..];
            continue;
        }
        out.push_str(&rest[..open]);
        match rest[i..].find("*/").and_then(|j| {
            let after = i + j + 2;
            rest[after..].find("}}").map(|k| after + k + 2)
        }) {
            Some(end) => rest = &rest[end..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The names of the partials `text` calls with a literal name
/// (`partial "redirects.txt" .`, `partialCached "x.txt" .`).
fn partial_calls(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("partial") {
        let rest = &text[i + "partial".len()..];
        let rest = rest.strip_prefix("Cached").unwrap_or(rest);
        let Some(rest) = rest.trim_start().strip_prefix('"') else {
            continue;
        };
        let Some(end) = rest.find('"') else {
            continue;
        };
        let name = &rest[..end];
        // A name below the partials' directory only: `..` and an absolute
        // path (which `Path::join` would take whole) would leave the tree.
        let below = Path::new(name)
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)));
        if !name.is_empty() && below && !out.iter().any(|n| n == name) {
            out.push(name.to_string());
        }
    }
    out
}

/// Reads the Netlify redirect rules of `text` (the file `file`; a
/// template when `template`) into `l` ([`read_redirects`]).
fn redirect_rules(l: &mut Layout, text: &str, file: &Path, dir: &Path, template: bool) {
    let shown = file.strip_prefix(dir).unwrap_or(file).display().to_string();
    let why = || {
        if template {
            format!("the redirects the Hugo template `{shown}` computes")
        } else {
            format!("the Netlify redirects with placeholders of `{shown}`")
        }
    };
    for line in text.lines() {
        let line = line.trim();
        let Some(source) = line.split_whitespace().next() else {
            continue;
        };
        if template && source.starts_with("{{") {
            // A rule whose source an action writes: a page's own URL
            // (`.RelPermalink`) is a page already; another may be any.
            let Some(end) = line.find("}}") else {
                continue;
            };
            let action = &line[..end];
            let after = line[end + 2..].trim();
            let inner = action.trim_start_matches(['{', '-', ' ']);
            let assigns = inner.starts_with('$') && (inner.contains(":=") || inner.contains(" = "));
            let control = assigns
                || [
                    "range", "if", "with", "end", "else", "define", "partial", "template", "block",
                    "return", "/*",
                ]
                .iter()
                .any(|k| inner.starts_with(k));
            // A page's own URL, or (in `range .Aliases`) one of its
            // aliases, which front matter `aliases` gives: modelled.
            let alias = inner.starts_with('.')
                && (text.contains("range .Aliases") || text.contains(".Aliases }}"));
            if !action.contains("Permalink") && !alias && !control && !after.is_empty() {
                let r = why();
                if !l.unsure_pages.contains(&r) {
                    l.unsure_pages.push(r);
                }
            }
            continue;
        }
        if !source.starts_with('/') || source.starts_with("//") {
            continue;
        }
        let computed = [source.find("{{"), source.find("/:")]
            .into_iter()
            .flatten()
            .min();
        if let Some(at) = computed {
            // Up to the `/` before a `:placeholder`, or before `{{`.
            let literal = match source.get(at..) {
                Some(rest) if rest.starts_with("/:") => &source[..=at],
                _ => &source[..at],
            };
            let prefix = match literal.rfind('/') {
                Some(j) => &literal[..=j],
                None => "/",
            };
            let r = why();
            if prefix == "/" {
                if !l.unsure_pages.contains(&r) {
                    l.unsure_pages.push(r);
                }
            } else if !l.unsure_under.iter().any(|(p, _)| p == prefix) {
                l.unsure_under.push((prefix.to_string(), r));
            }
            continue;
        }
        match source.strip_suffix('*') {
            Some(prefix) if !prefix.contains('*') => l.redirect_prefixes.push(prefix.to_string()),
            Some(_) => {}
            None => l.redirects.push(source.to_string()),
        }
    }
}

/// A YAML value as a TOML value (`null` and aliases as empty strings).
fn yaml_to_toml(y: &yaml_rust2::Yaml) -> toml::Value {
    use yaml_rust2::Yaml;
    match y {
        Yaml::Hash(h) => toml::Value::Table(
            h.iter()
                .filter_map(|(k, v)| Some((k.as_str()?.to_string(), yaml_to_toml(v))))
                .collect(),
        ),
        Yaml::Array(a) => toml::Value::Array(a.iter().map(yaml_to_toml).collect()),
        Yaml::Boolean(b) => toml::Value::Boolean(*b),
        Yaml::Integer(i) => toml::Value::Integer(*i),
        Yaml::String(s) | Yaml::Real(s) => toml::Value::String(s.clone()),
        _ => toml::Value::String(String::new()),
    }
}

/// The front matter keys [`page_url`] reads: a page that sets none of
/// them is not parsed for its URL.
pub const URL_KEYS: &[&str] = &["url", "slug"];

/// The URL of the content file at `rel` (under a content directory
/// served at the URL `prefix`, `/` or a language's `/fr/`): front matter
/// `url`, else its path (a bundle's or section's directory for `index.md`/`_index.md`)
/// with `slug` replacing the last part.
pub fn page_url(l: &Layout, rel: &str, prefix: &str, front: &FrontMatter) -> Option<String> {
    if let Some(u) = front.get("url") {
        let u = if u.starts_with('/') {
            u.to_string()
        } else {
            format!("/{u}")
        };
        return Some(u);
    }
    if let Some(u) = permalinks::apply(l, rel, prefix, front) {
        return Some(u);
    }
    let lower = rel.to_lowercase();
    if let Some(slug) = front.get("slug") {
        let name = rel.rsplit('/').next().unwrap_or(rel);
        if !l.index_names.iter().any(|i| i.eq_ignore_ascii_case(name)) {
            let dir = rel
                .rsplit_once('/')
                .map_or(String::new(), |(d, _)| format!("{d}/"));
            return Some(match l.url_style {
                UrlStyle::Html => format!("{prefix}{}{slug}.html", dir.to_lowercase()),
                _ => format!("{prefix}{}{slug}/", dir.to_lowercase()),
            });
        }
    }
    // Hugo lowercases URLs (`disablePathToLower` off).
    Some(super::default_page_url(l, &lower, prefix))
}

#[cfg(test)]
mod tests {
    use super::*;

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
    /// then `config/production/` over it; a file of one language is not
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
        // one under `/docs/`.
        assert_eq!(l.unsure_pages.len(), 1, "{:?}", l.unsure_pages);
        assert_eq!(l.unsure_under.len(), 1, "{:?}", l.unsure_under);
        assert_eq!(l.unsure_under[0].0, "/docs/");
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
        let never = format!("{langs}markup:\n  goldmark:\n    renderHooks:\n      link:\n        useEmbedded: never\n");
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
        let dir =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/hugo-generated-config");
        let l = read(&dir).expect("a Hugo site");
        assert!(l.unsure_pages[0].contains("config/_default/module-template.yaml"));
        // `.gitignore` is read with the `cli` feature's matcher
        // (`super::super::gitignore`); without it, only the file named
        // after no key says the configuration is unsure.
        #[cfg(feature = "cli")]
        {
            assert_eq!(l.unsure_pages.len(), 2, "{:?}", l.unsure_pages);
            assert!(
                l.unsure_pages[1].contains("config/_default/module.yaml, ignored by .gitignore")
            );
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
}
