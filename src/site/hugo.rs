//! Hugo (`hugo.{toml,yaml,json}` or `config.{toml,yaml,json}` beside a
//! `content/` directory): pages are the content files of `contentDir`
//! (default `content`), served as `x/` (or `x.html` with `uglyURLs`);
//! `_index.md` (a section) and `index.md` (a leaf bundle) are a
//! directory's page; front matter `url` sets the whole URL and `slug` the
//! last part; `staticDir` (default `static`) is served at the root;
//! `baseURL`'s path is the base path. `[permalinks]` patterns are not
//! applied (said once). Source: Hugo docs, "Configure Hugo", "URL
//! management", "Page bundles".

use std::path::{Path, PathBuf};

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
    l.theme_dirs = vec![dir.join("layouts"), dir.join("themes")];
    l.alias_keys.push("aliases");
    l.root_fallback = [
        "layouts/_markup/render-link.html",
        "layouts/_default/_markup/render-link.html",
    ]
    .iter()
    .any(|h| dir.join(h).is_file());
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
    if get("permalinks").is_some() {
        l.notes.push(format!(
            "{}: [permalinks] patterns are not applied; pages are assumed at their content paths",
            config.display()
        ));
        // The patterns move pages: a page not found may be one of them.
        l.unsure_pages
            .push(format!("Hugo `[permalinks]` ({})", config.display()));
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
        let lang = s(m.get("lang")).map(|c| c.to_lowercase());
        if target == "content" {
            match lang {
                // A mount of another language's content: under its code.
                Some(code) if code != default_language => {
                    l.mounts.push((dir.join(source), format!("/{code}/")))
                }
                _ => content.push(dir.join(source)),
            }
        } else if target == "static" {
            statics.push(dir.join(source));
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
    Some(l)
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
/// `layouts/home.redir`; Hugo docs, "Custom output formats"): each line's source path
/// without a template action or a `:placeholder` is a URL served
/// (`/faq`), a source ending in `*` a prefix of URLs served (`/grpc/*`).
/// Each file's first [`super::MAX_CONFIG`] bytes.
fn read_redirects(l: &mut Layout, dir: &Path, formats: &[String]) {
    let mut files: Vec<PathBuf> = l.static_dirs.iter().map(|d| d.join("_redirects")).collect();
    for base in ["layouts", "layouts/_default"] {
        for kind in ["index", "home"] {
            for f in formats {
                files.push(dir.join(base).join(format!("{kind}.{f}")));
            }
        }
    }
    files.dedup();
    for f in files {
        let Ok(text) = super::read_config(&f) else {
            continue;
        };
        for line in text.lines() {
            let Some(source) = line.split_whitespace().next() else {
                continue;
            };
            if !source.starts_with('/') || source.contains("{{") || source.contains("/:") {
                continue;
            }
            match source.strip_suffix('*') {
                Some(prefix) if !prefix.contains('*') => {
                    l.redirect_prefixes.push(prefix.to_string())
                }
                Some(_) => {}
                None => l.redirects.push(source.to_string()),
            }
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
    /// template actions and placeholders are passed over.
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
}
