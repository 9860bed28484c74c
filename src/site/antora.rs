//! Antora (`antora.yml` of a component version): pages are the AsciiDoc
//! files of `modules/<module>/pages/`, served as
//! `/<component>/<version>/<module>/x.html` (the `ROOT` module without its
//! name); the other modules' pages are mounted under their names. Source:
//! Antora documentation, "Component version descriptor" and "Page
//! coordinates".

use std::path::Path;

use super::{Generator, Layout, UrlStyle};

/// The name of the configuration file.
pub const CONFIG_NAMES: &[&str] = &["antora.yml"];

/// The Antora component version described in `dir` (`antora.yml`).
pub fn read(dir: &Path) -> Option<Layout> {
    let config = dir.join(CONFIG_NAMES[0]);
    if !config.is_file() {
        return None;
    }
    let mut l = Layout::new(Generator::Antora, dir, &config);
    l.source_dir = dir.join("modules/ROOT/pages");
    l.page_extensions = vec!["adoc"];
    l.index_names = vec!["index.adoc"];
    l.url_style = UrlStyle::Html;
    // Antora's default AsciiDoc attributes leave `idprefix` empty and set
    // `idseparator` to `-` (Antora docs, "AsciiDoc attributes").
    l.renderer = super::slug::IdAttributes::new("", "-").map_or(
        super::slug::Renderer::Asciidoctor(Default::default()),
        super::slug::Renderer::Asciidoctor,
    );
    let modules = dir.join("modules");
    if let Ok(entries) = std::fs::read_dir(&modules) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name != "ROOT" && e.path().join("pages").is_dir() {
                l.mounts.push((e.path().join("pages"), format!("/{name}/")));
            }
        }
    }
    Some(l)
}
