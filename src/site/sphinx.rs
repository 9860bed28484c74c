//! Sphinx (`conf.py`): pages are the reStructuredText (and, with MyST,
//! Markdown) files of the source directory (the directory of `conf.py`),
//! served as `x.html` by the `html` builder; `index` is a directory's
//! index; `_static/` is copied to the output. `conf.py` is Python and is
//! not run: the builder's defaults are assumed. Source: Sphinx
//! documentation, "Configuration" (`source_suffix`, `html_static_path`).

use std::path::Path;

use super::{Generator, Layout, UrlStyle};

/// The name of the configuration file.
pub const CONFIG_NAMES: &[&str] = &["conf.py"];

/// The Sphinx project whose source directory is `dir` (`conf.py`).
pub fn read(dir: &Path) -> Option<Layout> {
    let config = dir.join(CONFIG_NAMES[0]);
    if !config.is_file() {
        return None;
    }
    let mut l = Layout::new(Generator::Sphinx, dir, &config);
    l.page_extensions = vec!["rst", "md", "txt"];
    l.index_names = vec!["index.rst", "index.md"];
    l.url_style = UrlStyle::Html;
    l.theme_dirs = vec![dir.join("_templates")];
    l.renderer = super::slug::Renderer::Sphinx;
    let text = match super::read_config(&config) {
        Ok(t) => t,
        Err(note) => {
            l.notes.push(format!("{note}: Sphinx defaults assumed"));
            return Some(l);
        }
    };
    if text.contains("dirhtml") {
        l.notes.push(format!(
            "{} mentions the dirhtml builder: pages are assumed to be served as x.html",
            config.display()
        ));
    }
    Some(l)
}
