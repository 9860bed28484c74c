//! MkDocs (`mkdocs.yml`): pages are the Markdown files of `docs_dir`
//! (default `docs`), served as `x/` when `use_directory_urls` is true (the
//! default) and `x.html` otherwise; `index.md` and `README.md` are a
//! directory's index; the base path is `site_url`'s path. Heading ids are
//! Python-Markdown's `toc` extension's (its `slugify` setting may name
//! `pymdownx.slugs`). Source: MkDocs user guide, "Configuration"
//! (`docs_dir`, `use_directory_urls`, `site_url`) and
//! `mkdocs/structure/files.py` (`File._get_dest_path`, `_get_url`).

use std::path::Path;

use super::{base_path_of, Generator, Layout, UrlStyle};

/// The MkDocs site configured in `dir` (`mkdocs.yml` or `mkdocs.yaml`).
pub fn read(dir: &Path) -> Option<Layout> {
    let config = ["mkdocs.yml", "mkdocs.yaml"]
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())?;
    let mut l = Layout::new(Generator::MkDocs, dir, &config);
    l.index_names = vec!["index.md", "README.md"];
    l.url_style = UrlStyle::Directory;
    l.source_dir = dir.join("docs");
    l.renderer = super::slug::Renderer::Github;
    let text = std::fs::read_to_string(&config).unwrap_or_default();
    // MkDocs' Python tags (`!!python/name:...`, `!ENV`) are read as
    // plain values.
    let doc = yaml_rust2::YamlLoader::load_from_str(&text)
        .ok()
        .and_then(|d| d.into_iter().next());
    let Some(doc) = doc else {
        l.notes.push(format!(
            "{} could not be read as YAML: MkDocs defaults assumed",
            config.display()
        ));
        return Some(l);
    };
    if let Some(d) = doc["docs_dir"].as_str() {
        l.source_dir = dir.join(d);
    }
    if let Some(false) = doc["use_directory_urls"].as_bool() {
        l.url_style = UrlStyle::Html;
    }
    if let Some(d) = doc["theme"]["custom_dir"].as_str() {
        l.theme_dirs.push(dir.join(d));
    }
    if let Some(u) = doc["site_url"].as_str() {
        l.base_path = base_path_of(u);
    }
    if !doc["INHERIT"].is_badvalue() {
        l.notes.push(format!(
            "{}: INHERIT is not followed; settings of the parent file are not read",
            config.display()
        ));
    }
    Some(l)
}
