//! Hugo (`hugo.{toml,yaml,json}` or `config.{toml,yaml,json}` beside a
//! `content/` directory): pages are the content files of `contentDir`
//! (default `content`), served as `x/` (or `x.html` with `uglyURLs`);
//! `_index.md` (a section) and `index.md` (a leaf bundle) are a
//! directory's page; front matter `url` sets the whole URL and `slug` the
//! last part; `staticDir` (default `static`) is served at the root;
//! `baseURL`'s path is the base path. `[permalinks]` patterns are not
//! applied (said once). Source: Hugo docs, "Configure Hugo", "URL
//! management", "Page bundles".

use std::path::Path;

use super::front_matter::FrontMatter;
use super::{Generator, Layout, UrlStyle};

/// The names of the configuration file, in the order looked for (a
/// `config.*` only beside a `content/` directory).
pub const CONFIG_NAMES: &[&str] = &[
    "hugo.toml",
    "hugo.yaml",
    "hugo.yml",
    "hugo.json",
    "config.toml",
    "config.yaml",
    "config.yml",
    "config.json",
];

/// The Hugo site configured in `dir`.
pub fn read(dir: &Path) -> Option<Layout> {
    let config = CONFIG_NAMES.iter().map(|n| dir.join(n)).find(|p| {
        p.is_file()
            && (p
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("hugo."))
                || dir.join("content").is_dir())
    })?;
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
    let text = match super::read_config(&config) {
        Ok(t) => t,
        Err(note) => {
            l.notes.push(format!("{note}: Hugo defaults assumed"));
            l.static_dirs.push(dir.join("static"));
            return Some(l);
        }
    };
    let ext = config.extension().map(|e| e.to_string_lossy().into_owned());
    let table = match ext.as_deref() {
        Some("toml") => text.parse::<toml::Table>().map_err(|_| None),
        Some("yaml" | "yml") => match super::yaml_config(&text) {
            Ok(y) => match yaml_to_toml(&y) {
                toml::Value::Table(t) => Ok(t),
                _ => Err(None),
            },
            // Why, said (aliases past the budget: H3 of the 2026-11-29
            // review).
            Err(e) => Err(Some(e)),
        },
        _ => Err(None),
    };
    let t = match table {
        Ok(t) => t,
        Err(why) => {
            let why = why.map(|e| format!(": {e}")).unwrap_or_default();
            l.notes.push(format!(
                "{} could not be read{why}: Hugo defaults assumed",
                config.display()
            ));
            l.static_dirs.push(dir.join("static"));
            return Some(l);
        }
    };
    if super::zola::is_zola_config(&t) {
        // Zola's `config.toml` (`base_url`, none of Hugo's keys): not a
        // Hugo site.
        return None;
    }
    let s = |v: Option<&toml::Value>| v.and_then(|v| v.as_str()).map(str::to_string);
    if let Some(c) = s(t.get("contentDir")) {
        l.source_dir = dir.join(c);
    }
    let static_dir = s(t.get("staticDir")).unwrap_or_else(|| "static".into());
    if let Some(u) = s(t.get("baseURL")) {
        l.base_path = super::base_path_of(&u);
    }
    if t.get("uglyURLs").and_then(toml::Value::as_bool) == Some(true) {
        l.url_style = UrlStyle::Html;
    }
    l.renderer = super::slug::Renderer::Hugo(super::slug::HugoIdType::Github);
    l.definition_term_ids = t
        .get("markup")
        .and_then(|m| m.get("goldmark"))
        .and_then(|g| g.get("parser"))
        .and_then(|p| p.get("autoDefinitionTermID"))
        .and_then(toml::Value::as_bool)
        == Some(true);
    let id_type = t
        .get("markup")
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
    if t.get("permalinks").is_some() {
        l.notes.push(format!(
            "{}: [permalinks] patterns are not applied; pages are assumed at their content paths",
            config.display()
        ));
    }
    // Module mounts (`[[module.mounts]]`) replace the default content and
    // static directories.
    let mounts = t
        .get("module")
        .and_then(|m| m.get("mounts"))
        .and_then(toml::Value::as_array);
    let mut content = Vec::new();
    let mut statics = Vec::new();
    for m in mounts.into_iter().flatten() {
        let (Some(source), Some(target)) = (s(m.get("source")), s(m.get("target"))) else {
            continue;
        };
        let target = target.trim_matches('/');
        if target == "content" {
            content.push(dir.join(source));
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
    } else if let Some(langs) = t.get("languages").and_then(toml::Value::as_table) {
        // Per-language content directories: the first language's is
        // the site's pages.
        let dirs: Vec<String> = langs
            .values()
            .filter_map(|v| s(v.get("contentDir")))
            .collect();
        if let Some(first) = dirs.first() {
            l.source_dir = dir.join(first);
            if dirs.len() > 1 {
                l.notes.push(format!(
                    "{}: several languages; links are resolved in {first} only",
                    config.display()
                ));
            }
        }
    }
    if statics.is_empty() {
        statics.push(dir.join(static_dir));
    }
    l.static_dirs = statics;
    Some(l)
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

/// The URL of the content file at `rel`: front matter `url`, else its
/// path (a bundle's or section's directory for `index.md`/`_index.md`)
/// with `slug` replacing the last part.
pub fn page_url(l: &Layout, rel: &str, front: &FrontMatter) -> Option<String> {
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
                UrlStyle::Html => format!("/{}{slug}.html", dir.to_lowercase()),
                _ => format!("/{}{slug}/", dir.to_lowercase()),
            });
        }
    }
    // Hugo lowercases URLs (`disablePathToLower` off).
    Some(super::default_page_url(l, &lower, "/"))
}
