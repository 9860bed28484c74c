//! Hugo (`hugo.{toml,yaml,json}` or `config.{toml,yaml,json}` beside a
//! `content/` directory): pages are the content files of `contentDir`
//! (default `content`), served as `x/` (or `x.html` with `uglyURLs`);
//! `_index.md` (a section) and `index.md` (a leaf bundle) are a
//! directory's page; front matter `url` sets the whole URL and `slug` the
//! last part; `staticDir` (default `static`) is served at the root;
//! `baseURL`'s path is the base path; `[permalinks]` patterns are applied
//! where their tokens are known ([`permalinks`]). Source: Hugo docs, "Configure Hugo", "URL
//! management", "Page bundles".

use std::collections::HashMap;
use std::path::{Path, PathBuf};

mod config;
mod embedded;
pub mod layouts;
pub mod link_hook;
mod mounts;
mod outputs;
pub mod permalinks;
mod redirects;
mod shortcodes;
mod taxonomies;
#[cfg(test)]
mod tests;

use config::{directory_files, key_of, merge, nested, table_of, unread_config_files};
pub use embedded::EmbeddedLinks;
use mounts::file_mounts;
use outputs::output_formats;
use redirects::read_redirects;
pub use shortcodes::quiet_shortcodes;
use shortcodes::shortcodes_from_elsewhere;
use taxonomies::{taxonomies, taxonomy_pages};

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
pub(super) const ENVIRONMENTS: &[&str] = &["config/_default", "config/production"];

/// The Hugo site configured in `dir`: its root configuration file, and
/// the files of its configuration directory merged over it
/// (`config/_default/`, then `config/production/`; Hugo docs,
/// "Configuration directory": a file named after a root key, such as
/// `params.toml`, `markup.yaml`, `module.toml` or `languages.toml`,
/// holds that key's table; `hugo.*` and `config.*` the whole; the
/// right-most value wins).
pub fn read(dir: &Path) -> Option<Layout> {
    let files = ConfigFiles::find(dir)?;
    let mut l = defaults(dir, &files.config);
    unread_config_files(&mut l, dir, &files.env_files);
    let config = files.config.clone();
    let Some(t) = merged_config(&mut l, files) else {
        // No configuration read: which theme is in use is not known.
        l.root_fallback = custom_link_hook(dir, None);
        link_hooks(&mut l, dir, None);
        l.static_dirs.push(dir.join("static"));
        read_redirects(&mut l, dir, &["redirects".into(), "redir".into()]);
        return Some(l);
    };
    if super::zola::is_zola_config(&t) {
        // Zola's `config.toml` (`base_url`, none of Hugo's keys): not a
        // Hugo site.
        return None;
    }
    apply_config(&mut l, dir, &config, &t);
    Some(l)
}

/// The configuration files of the Hugo site in `dir`: the root file
/// (`hugo.*`, or `config.*` beside `content/`), the files of each
/// environment's directory ([`ENVIRONMENTS`], in order), and the file
/// named as the site's configuration (the root file, else the
/// directory's whole-configuration file or its first).
struct ConfigFiles {
    root_file: Option<PathBuf>,
    env_files: Vec<Vec<PathBuf>>,
    config: PathBuf,
}

impl ConfigFiles {
    /// The configuration files in `dir`; `None` when there is none.
    fn find(dir: &Path) -> Option<Self> {
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
                .find(|p| key_of(p).is_some_and(|k| k.is_empty()))
                .or_else(|| f.first())
                .cloned()
        });
        let config = root_file.clone().or(first_dir_file)?;
        Some(Self {
            root_file,
            env_files,
            config,
        })
    }
}

/// Hugo's defaults, before the configuration is read: pages under
/// `content/` served as directories, `static/` at the root, the
/// layouts, themes and archetypes as templates, `aliases` in front
/// matter.
fn defaults(dir: &Path, config: &Path) -> Layout {
    let mut l = Layout::new(Generator::Hugo, dir, config);
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
    l
}

/// The configuration files read and merged in order (the root file,
/// then each environment's files under the key they are named after);
/// a file that cannot be read is a note on `l`. `None` when no file
/// could be read.
fn merged_config(l: &mut Layout, files: ConfigFiles) -> Option<toml::Table> {
    let mut t = toml::Table::new();
    let mut read_any = false;
    let files = files
        .root_file
        .iter()
        .map(|f| (f.clone(), Vec::new()))
        .chain(files.env_files.into_iter().flatten().filter_map(|f| {
            let key = key_of(&f)?;
            Some((f, key))
        }));
    for (file, keys) in files {
        match table_of(&file) {
            Ok(table) => {
                read_any = true;
                let name = file
                    .file_stem()
                    .map(|s| {
                        s.to_string_lossy()
                            .split('.')
                            .next()
                            .unwrap_or_default()
                            .to_string()
                    })
                    .unwrap_or_default();
                merge(&mut t, nested(&keys, table, &name));
            }
            Err(why) => l.notes.push(format!(
                "{} could not be read{}: Hugo defaults assumed for it",
                file.display(),
                why.map(|e| format!(": {e}")).unwrap_or_default()
            )),
        }
    }
    read_any.then_some(t)
}

/// The value of the root key `k` of the configuration `t`, the key's
/// case ignored (Hugo's keys are case-insensitive).
fn root_key<'a>(t: &'a toml::Table, k: &str) -> Option<&'a toml::Value> {
    t.iter()
        .find(|(x, _)| x.eq_ignore_ascii_case(k))
        .map(|(_, v)| v)
}

/// The string `v` holds, if it is one.
fn string_of(v: Option<&toml::Value>) -> Option<String> {
    v.and_then(|v| v.as_str()).map(str::to_string)
}

/// The merged configuration `t` (read from `config`) applied over
/// Hugo's defaults in `l`: link render hooks, directories, URL style,
/// heading IDs, permalinks, content and static mounts, the embedded
/// link hook, output formats, taxonomy pages, redirects and shortcodes.
fn apply_config(l: &mut Layout, dir: &Path, config: &Path, t: &toml::Table) {
    let s = string_of;
    let get = |k: &str| root_key(t, k);
    let themes = config::themes_in_use(dir, t);
    let custom_hook = custom_link_hook(dir, themes.as_deref());
    l.root_fallback = custom_hook;
    link_hooks(l, dir, themes.as_deref());
    let default_language = s(get("defaultContentLanguage"))
        .unwrap_or_else(|| "en".into())
        .to_lowercase();
    if let Some(c) = s(get("contentDir")) {
        l.source_dir = dir.join(c);
    }
    let root_content = l.source_dir.clone();
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
    l.hugo_drafts_left_out = drafts_left_out(dir, get("buildDrafts"));
    heading_ids(l, get("markup"));
    if let Some(p) = get("permalinks") {
        // The patterns move pages: those applied give the pages' URLs,
        // the others make the URLs they could give unsure.
        let dates_moved = get("frontmatter").is_some();
        permalinks::read(l, p, config, &taxonomies(get("taxonomies")), dates_moved);
    }
    // Module mounts (`[[module.mounts]]`) replace the default content and
    // static directories.
    let mounts = get("module")
        .and_then(|m| m.get("mounts"))
        .and_then(toml::Value::as_array);
    let (content, mut statics) = module_mounts(l, dir, mounts, &default_language);
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
        language_content_dirs(l, dir, langs, in_subdir, &default_language);
    }
    if statics.is_empty() {
        statics.push(dir.join(static_dir));
    }
    l.static_dirs = statics;
    file_mounts(l, dir, mounts.map(Vec::as_slice).unwrap_or_default());
    if embedded::in_effect(get("languages"), get("markup"), custom_hook) {
        // Hugo's embedded link render hook resolves a destination with
        // `.GetPage`, as a site's own hook does: in the page's language.
        l.root_fallback = true;
        l.hugo_embedded_links = Some(embedded_links(
            dir,
            &root_content,
            mounts.map(Vec::as_slice).unwrap_or_default(),
            get("languages").and_then(toml::Value::as_table),
            &default_language,
        ));
    }
    output_formats(l, get("outputs"), get("outputFormats"), get("mediaTypes"));
    let disabled: Vec<String> = get("disableKinds")
        .and_then(toml::Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|k| k.as_str().map(str::to_lowercase))
        .collect();
    if !disabled.iter().any(|k| k == "taxonomy" || k == "term") {
        let taxonomies = taxonomies(get("taxonomies"));
        taxonomy_pages(l, &taxonomies);
    }
    let formats = redirect_formats(get("outputFormats"));
    read_redirects(l, dir, &formats);
    shortcodes_from_elsewhere(l, dir);
    l.hugo_quiet_shortcodes = quiet_shortcodes(dir);
    l.hugo_page_layouts = page_layouts(dir, themes.as_deref(), get("layoutDir"), mounts);
    let mut templates = vec![dir.join("layouts")];
    templates.extend(themes.iter().flatten().map(|t| t.join("layouts")));
    super::markdownify::read(l, dir, &templates);
}

/// The page templates of the site and its themes ([`layouts::read`]),
/// when the model has them all: not when a theme or module is not in the
/// tree (`themes`, [`config::themes_in_use`], is `None` then, or a
/// theme's folder is missing), nor when `layoutDir` or a module mount
/// into `layouts` puts templates elsewhere.
fn page_layouts(
    dir: &Path,
    themes: Option<&[PathBuf]>,
    layout_dir: Option<&toml::Value>,
    mounts: Option<&Vec<toml::Value>>,
) -> Option<layouts::PageLayouts> {
    let mounted = mounts.into_iter().flatten().any(|m| {
        m.get("target")
            .and_then(toml::Value::as_str)
            .is_some_and(|t| t.trim_matches('/').starts_with("layouts"))
    });
    if layout_dir.is_some() || mounted {
        return None;
    }
    let themes = themes?;
    if !themes.iter().all(|t| t.is_dir()) || theme_given_elsewhere(dir) {
        return None;
    }
    let mut dirs = vec![dir.join("layouts")];
    dirs.extend(themes.iter().map(|t| t.join("layouts")));
    // No page template at all: they come from somewhere the model does
    // not see (a theme a build passes), not from nowhere.
    layouts::read(&dirs).filter(|l| l.default || !l.types.is_empty())
}

/// True when a build file of the site's directory or its parents may
/// pass a theme on the command line or in the environment (`--theme`,
/// `-t`, `HUGO_THEME`: `netlify.toml`, `Makefile`, `package.json`, a
/// GitHub workflow), so that templates come from a theme the
/// configuration does not name. Each file as [`super::read_config`]
/// reads it (its first bytes).
fn theme_given_elsewhere(dir: &Path) -> bool {
    let mut files = Vec::new();
    for d in dir.ancestors().take(3) {
        for f in [
            "netlify.toml",
            "Makefile",
            "package.json",
            "vercel.json",
            "build.sh",
        ] {
            files.push(d.join(f));
        }
        if let Ok(entries) = std::fs::read_dir(d.join(".github/workflows")) {
            files.extend(entries.flatten().map(|e| e.path()).take(64));
        }
    }
    files.iter().any(|f| {
        super::read_config(f).is_ok_and(|text| {
            text.contains("HUGO_THEME")
                || text.contains("--theme")
                || text
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .windows(2)
                    .any(|w| w[0] == "hugo" && w[1] == "-t")
        })
    })
}

/// The heading-ID style of `[markup.goldmark.parser]` (`markup`, the
/// root key's value): `autoHeadingIDType` (`github`, the default,
/// `github-ascii` or `blackfriday`) and `autoDefinitionTermID`.
fn heading_ids(l: &mut Layout, markup: Option<&toml::Value>) {
    l.renderer = super::slug::Renderer::Hugo(super::slug::HugoIdType::Github);
    l.definition_term_ids = markup
        .and_then(|m| m.get("goldmark"))
        .and_then(|g| g.get("parser"))
        .and_then(|p| p.get("autoDefinitionTermID"))
        .and_then(toml::Value::as_bool)
        == Some(true);
    let id_type = markup
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
}

/// The module mounts (`[[module.mounts]]`, `source` → `target`) read
/// into `l`: returned, the content directories of the default language
/// and the static directories, in order; the other languages' content
/// mounts, archetypes and `static/…` subdirectory mounts go into `l`.
fn module_mounts(
    l: &mut Layout,
    dir: &Path,
    mounts: Option<&Vec<toml::Value>>,
    default_language: &String,
) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let s = string_of;
    let mut content = Vec::new();
    let mut statics = Vec::new();
    for m in mounts.into_iter().flatten() {
        let (Some(source), Some(target)) = (s(m.get("source")), s(m.get("target"))) else {
            continue;
        };
        let target = target.trim_matches('/');
        // The languages it is mounted for: `lang`, or (Hugo 0.153)
        // `sites.matrix.languages`; every language when neither says.
        let langs = mount_languages(m);
        if target == "content" {
            let source = dir.join(source);
            if langs.is_empty() || langs.contains(default_language) {
                content.push(source.clone());
            }
            if !langs.is_empty() && !l.hugo_language_dirs.contains(&source) {
                if langs.contains(default_language) {
                    l.hugo_language_dirs.insert(0, source.clone());
                } else {
                    l.hugo_language_dirs.push(source.clone());
                }
            }
            // A mount for another language: its pages under its code.
            for code in langs.iter().filter(|c| *c != default_language) {
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
    (content, statics)
}

/// The per-language content directories (`[languages.<code>]
/// contentDir`, `langs` the `languages` table) read into `l`: the
/// default language's as the source directory (served under its code
/// when `in_subdir`, `defaultContentLanguageInSubdir`), each other's
/// mounted under its code.
fn language_content_dirs(
    l: &mut Layout,
    dir: &Path,
    langs: &toml::Table,
    in_subdir: bool,
    default_language: &str,
) {
    let s = string_of;
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

/// The output formats whose home templates list redirects: `redirects`
/// and `redir`, and those that write Netlify's `_redirects`
/// (`[outputFormats.REDIR] baseName = "_redirects"`), lowercase.
fn redirect_formats(output_formats: Option<&toml::Value>) -> Vec<String> {
    let mut formats: Vec<String> = vec!["redirects".into(), "redir".into()];
    if let Some(of) = output_formats.and_then(toml::Value::as_table) {
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
    formats
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
/// theme in use does ([`link_hook::files`]; `themes` as it takes them).
fn custom_link_hook(dir: &Path, themes: Option<&[PathBuf]>) -> bool {
    !link_hook::files(dir, themes).is_empty()
}

/// Reads the site's own link render hooks ([`link_hook`]): the
/// destinations one makes its own links of become
/// [`Layout::hugo_hook_destinations`]; a hook that rewrites any
/// destination in a way the model does not know leaves pages and anchors
/// unsure, named with its path.
fn link_hooks(l: &mut Layout, dir: &Path, themes: Option<&[PathBuf]>) {
    for (shown, file) in link_hook::files(dir, themes) {
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

/// The languages a content mount `m` (`[[module.mounts]]`) is for:
/// `lang`, or (Hugo 0.153) `sites.matrix.languages`, lowercase; empty
/// when neither says (every language).
fn mount_languages(m: &toml::Value) -> Vec<String> {
    match m.get("lang").and_then(toml::Value::as_str) {
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
    }
}

/// The languages and content directories the embedded link render hook
/// looks pages up in ([`EmbeddedLinks`]) for the Hugo site in `dir`:
/// the content mounts (`mounts`, each for its languages), else each
/// language's `contentDir` (`languages`), a language without one sharing
/// `root_content` (`contentDir`, default `content`); the default language
/// `default` first.
fn embedded_links(
    dir: &Path,
    root_content: &Path,
    mounts: &[toml::Value],
    languages: Option<&toml::Table>,
    default: &str,
) -> EmbeddedLinks {
    let mut codes = vec![default.to_string()];
    for code in languages.into_iter().flat_map(|t| t.keys()) {
        let code = code.to_lowercase();
        if !codes.contains(&code) {
            codes.push(code);
        }
    }
    let mut dirs = Vec::new();
    for m in mounts {
        let target = m.get("target").and_then(toml::Value::as_str);
        let source = m.get("source").and_then(toml::Value::as_str);
        let (Some(source), Some("content")) = (source, target.map(|t| t.trim_matches('/'))) else {
            continue;
        };
        let langs = mount_languages(m);
        if langs.is_empty() {
            dirs.push((dir.join(source), None));
        }
        for code in langs {
            dirs.push((dir.join(source), Some(code)));
        }
    }
    if dirs.is_empty() {
        let mut shared = languages.is_none_or(|t| t.is_empty());
        for (code, v) in languages.into_iter().flatten() {
            match v.get("contentDir").and_then(toml::Value::as_str) {
                Some(c) => dirs.push((dir.join(c), Some(code.to_lowercase()))),
                None => shared = true,
            }
        }
        if shared {
            dirs.push((root_content.to_path_buf(), None));
        }
    }
    EmbeddedLinks {
        languages: codes,
        dirs,
    }
}

/// The content file of the page Hugo's embedded link render hook links
/// the destination `decoded` (path only, percent-decoded) of a Markdown
/// link on the page `file` to, when that hook renders `l`'s links
/// ([`Layout::hugo_embedded_links`]; `embedded::get_page`): the page
/// `.GetPage` finds in the page's language. `None` when the hook is not
/// in effect, `file` is not a Markdown page, or no page is found (the
/// link is then as written). `is_file` says whether a path is a file of
/// the site.
pub fn embedded_link(
    l: &Layout,
    file: &Path,
    decoded: &str,
    is_file: impl Fn(&Path) -> bool,
) -> Option<PathBuf> {
    let links = l.hugo_embedded_links.as_ref()?;
    embedded::get_page(links, file, decoded, &l.page_extensions, &is_file)
}

/// The most bytes of a page [`layout_only_page`] reads: a page of front
/// matter alone is small (letsencrypt/website's untranslated stubs are
/// under 200 bytes).
const MAX_LAYOUT_ONLY: u64 = 8 * 1024;

/// Why the anchors of `page`, a content page of the Hugo site `l`, are
/// not known: it has no content of its own (front matter, blank lines
/// and HTML comments only), so everything it shows, ids included, is
/// written by its layout, which the model does not read
/// (letsencrypt/website: 647 untranslated stubs, `untranslated: 1`,
/// whose layout renders the English page's content). `None` for any
/// other page or site.
pub fn layout_only_page(l: &Layout, page: &Path) -> Option<String> {
    if l.generator != Generator::Hugo {
        return None;
    }
    let ext = page.extension()?.to_string_lossy().to_lowercase();
    if !l.page_extensions.contains(&ext.as_str()) {
        return None;
    }
    let in_content = page.starts_with(&l.source_dir)
        || l.hugo_language_dirs.iter().any(|d| page.starts_with(d))
        || l.mounts.iter().any(|(d, _)| page.starts_with(d));
    if !in_content || std::fs::metadata(page).ok()?.len() > MAX_LAYOUT_ONLY {
        return None;
    }
    let text = std::fs::read_to_string(page).ok()?;
    let (front, body) = crate::format::markdown::split_front_matter(&text);
    if front.is_empty() || !without_comments(&body).trim().is_empty() {
        return None;
    }
    Some(
        "the layout of a Hugo page with no content of its own (front matter only), which writes what the page shows,"
            .to_string(),
    )
}

/// `text` without its HTML comments (`<!-- ... -->`; an unclosed one to
/// the end).
fn without_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        rest = match rest[start + 4..].find("-->") {
            Some(end) => &rest[start + 4 + end + 3..],
            None => "",
        };
    }
    out.push_str(rest);
    out
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

/// A file of the site and what it is served as: (file, path under its
/// root, URL path, aliases), as the URL table collects them.
pub(super) type Served = (PathBuf, String, String, Vec<String>);

/// Moves the resources of each leaf bundle (the files beside and below an
/// `index.md`) under the URL of the bundle's page where front matter
/// `url` or `slug` moved the page (Hugo docs, "Page bundles": a page's
/// resources are published relative to the page;
/// falcosecurity/falco-website's `blog/falco-at-kubecon-na-2022/index.md`
/// with `slug: falco-kubecon-2022` and its `images/`). The path they
/// have in the content directory stays an alias, so a link written to it
/// is not reported (unsure rather than false). `served` holds the files
/// of one content root served under `prefix`.
pub(super) fn bundle_resource_urls(l: &Layout, prefix: &str, served: &mut [Served]) {
    let is_page = |rel: &str| {
        l.page_extensions.iter().any(|e| {
            rel.rsplit_once('.')
                .is_some_and(|(_, x)| x.eq_ignore_ascii_case(e))
        })
    };
    // Leaf bundle directory (path under the root) to its page's URL,
    // where that is not the directory's own.
    let mut moved: HashMap<String, String> = HashMap::new();
    for (_, rel, url, _) in served.iter() {
        let (dir, name) = rel.rsplit_once('/').unwrap_or(("", rel));
        if dir.is_empty() || !name.starts_with("index.") || !is_page(rel) {
            continue;
        }
        if url.ends_with('/') && *url != format!("{prefix}{dir}/") {
            moved.insert(dir.to_string(), url.clone());
        }
    }
    if moved.is_empty() {
        return;
    }
    for (_, rel, url, aliases) in served.iter_mut() {
        if is_page(rel) || *url != format!("{prefix}{rel}") {
            continue;
        }
        let bundle = rel
            .match_indices('/')
            .map(|(i, _)| &rel[..i])
            .rev()
            .find_map(|dir| moved.get(dir).map(|page| (dir, page)));
        if let Some((dir, page)) = bundle {
            let new = format!("{page}{}", &rel[dir.len() + 1..]);
            aliases.push(std::mem::replace(url, new));
        }
    }
}

/// The files of a Hugo project that say how it is built, looked through
/// for a build with drafts ([`drafts_left_out`]).
const BUILD_FILES: &[&str] = &[
    "netlify.toml",
    "vercel.json",
    "Makefile",
    "package.json",
    "Dockerfile",
    "docker-compose.yml",
    "build.sh",
    ".gitlab-ci.yml",
    "amplify.yml",
];

/// How many bytes of each build file [`drafts_left_out`] reads.
const BUILD_FILE_BYTES: u64 = 1 << 18;

/// True when the build of the Hugo project in `dir` leaves out draft
/// pages (front matter `draft: true`; Hugo docs, "Build options" and
/// "Drafts, future, and expired content": drafts are not published
/// unless `buildDrafts` is true or `--buildDrafts`/`-D` is given). Not
/// when the configuration's `buildDrafts` is true, nor when a build file
/// of the project or of the repository root (`netlify.toml`,
/// `vercel.json`, `Makefile`, `package.json`, a `Dockerfile`, `build.sh`,
/// CI files, the GitHub workflows) mentions `buildDrafts`, `HUGO_BUILDDRAFTS` or
/// `hugo -D`/`hugo server -D`: some build then makes them, and links to
/// drafts stay unreported (unsure, not false).
pub fn drafts_left_out(dir: &Path, build_drafts: Option<&toml::Value>) -> bool {
    use std::io::Read;
    if build_drafts.is_some_and(|v| v.as_bool() != Some(false)) {
        return false;
    }
    let mut dirs = vec![dir.to_path_buf()];
    if let Some(repo) = dir.ancestors().find(|d| d.join(".git").exists()) {
        if repo != dir {
            dirs.push(repo.to_path_buf());
        }
    }
    let mut files: Vec<PathBuf> = Vec::new();
    for d in &dirs {
        files.extend(BUILD_FILES.iter().map(|n| d.join(n)));
        if let Ok(entries) = std::fs::read_dir(d.join(".github/workflows")) {
            files.extend(entries.flatten().map(|e| e.path()).take(64));
        }
    }
    !files.iter().any(|f| {
        let mut text = String::new();
        std::fs::File::open(f)
            .and_then(|h| h.take(BUILD_FILE_BYTES).read_to_string(&mut text))
            .is_ok()
            && (text.contains("buildDrafts")
                || text.contains("HUGO_BUILDDRAFTS")
                || text.contains("hugo -D")
                || text.contains("hugo server -D"))
    })
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
pub(super) fn shown(l: &Layout) -> String {
    l.config
        .strip_prefix(&l.root)
        .unwrap_or(&l.config)
        .display()
        .to_string()
}

/// A path as Hugo makes one for a URL (`common/paths/path.go`,
/// `Sanitize`): letters, digits, marks, `. / \ _ # + ~ - @` and a `%`
/// before two hex digits are kept; a run of white space becomes one `-`
/// (none after a `-`, none at the end); any other character is dropped.
/// kubernetes-sigs/kustomize's `content/en/docs/Reference/API/Kustomization
/// File/` is served at `.../kustomization-file/` (issue 46, round 9).
pub fn sanitize_path(path: &str) -> String {
    let b = path.as_bytes();
    let allowed = |i: usize, c: char| {
        c != ' '
            && (c.is_alphanumeric()
                || matches!(c, '.' | '/' | '\\' | '_' | '#' | '+' | '~' | '-' | '@')
                || is_mark(c)
                || (c == '%'
                    && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                    && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)))
    };
    if path.char_indices().all(|(i, c)| allowed(i, c)) {
        return path.to_string();
    }
    let mut out = String::with_capacity(path.len());
    let mut hyphen_due = false;
    let mut was_hyphen = false;
    for (i, c) in path.char_indices() {
        if allowed(i, c) {
            was_hyphen = c == '-';
            if hyphen_due && c != '-' {
                out.push('-');
            }
            out.push(c);
            hyphen_due = false;
        } else if c.is_whitespace() && !was_hyphen {
            hyphen_due = true;
        }
    }
    out
}

/// True for a combining mark (Unicode general category M), approximated
/// by the combining blocks: Hugo keeps them in paths.
fn is_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x0610..=0x061A
        | 0x064B..=0x065F | 0x0900..=0x0903 | 0x093A..=0x094F | 0x0E31 | 0x0E34..=0x0E3A
        | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0x3099..=0x309A
        | 0xFE20..=0xFE2F)
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
    // Hugo makes a path of the file's (`paths.Sanitize`: a space to `-`,
    // characters outside its set dropped), then lowercases it.
    let lower = sanitize_path(rel).to_lowercase();
    if let Some(slug) = front.get("slug") {
        let slug = sanitize_path(slug);
        let name = rel.rsplit('/').next().unwrap_or(rel);
        // Not a section's (`_index.md`) nor the home page's: a leaf
        // bundle's `index.md` is a regular page, its folder the part the
        // slug replaces (Hugo docs, "URL management", `slug`).
        let section =
            name.starts_with('_') && l.index_names.iter().any(|i| i.eq_ignore_ascii_case(name));
        let leaf = !section && l.index_names.iter().any(|i| i.eq_ignore_ascii_case(name));
        let bundle_dir = rel.rsplit_once('/').map(|(d, _)| d);
        if !section && (!leaf || bundle_dir.is_some()) {
            let page = if leaf { bundle_dir.unwrap_or(rel) } else { rel };
            let dir = page
                .rsplit_once('/')
                .map_or(String::new(), |(d, _)| format!("{}/", sanitize_path(d)));
            return Some(match l.url_style {
                UrlStyle::Html => format!("{prefix}{}{slug}.html", dir.to_lowercase()),
                _ => format!("{prefix}{}{slug}/", dir.to_lowercase()),
            });
        }
    }
    // Hugo lowercases URLs (`disablePathToLower` off).
    Some(super::default_page_url(l, &lower, prefix))
}
