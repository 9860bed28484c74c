//! mdBook (`book.toml`): pages are the Markdown files of `src` (the
//! `[book] src` setting), served as `x.html`; a chapter `README.md` is
//! rendered as `index.html` (the `index` preprocessor); links to `.md`
//! files are rewritten to `.html`. The base path is `[output.html]
//! site-url`. Source: mdBook guide, "Configuration" and "Preprocessors"
//! (`index`).

use std::path::Path;

use super::{Generator, Layout, UrlStyle};

/// True when the link path `decoded` (percent-decoded, no query or
/// fragment) names a chapter `README.md` (any case): the `index`
/// preprocessor builds that chapter as `index.html`, while the link is
/// rewritten to `README.html`, a page the book does not have (checked with
/// mdBook 0.5.4: `[r](../README.md)` becomes `href="../README.html"`).
pub fn readme_link(decoded: &str) -> bool {
    let name = decoded.rsplit('/').next().unwrap_or(decoded);
    name.eq_ignore_ascii_case("README.md")
}

/// The name of the configuration file.
pub const CONFIG_NAMES: &[&str] = &["book.toml"];

/// The mdBook book configured in `dir` (`book.toml`).
pub fn read(dir: &Path) -> Option<Layout> {
    let config = dir.join(CONFIG_NAMES[0]);
    if !config.is_file() {
        return None;
    }
    let mut l = Layout::new(Generator::MdBook, dir, &config);
    l.source_dir = dir.join("src");
    l.index_names = vec!["index.md", "README.md"];
    l.url_style = UrlStyle::Html;
    l.page_extensions = vec!["md"];
    l.renderer = super::slug::Renderer::Mdbook;
    let text = match super::read_config(&config) {
        Ok(t) => t,
        Err(note) => {
            l.notes.push(format!("{note}: mdBook defaults assumed"));
            return Some(l);
        }
    };
    match text.parse::<toml::Table>() {
        Ok(t) => {
            if let Some(src) = t
                .get("book")
                .and_then(|b| b.get("src"))
                .and_then(|s| s.as_str())
            {
                l.source_dir = dir.join(src);
            }
            if let Some(u) = t
                .get("output")
                .and_then(|o| o.get("html"))
                .and_then(|h| h.get("site-url"))
                .and_then(|s| s.as_str())
            {
                l.base_path = super::base_path_of(u);
            }
            if let Some(r) = t
                .get("output")
                .and_then(|o| o.get("html"))
                .and_then(|h| h.get("redirect"))
                .and_then(|r| r.as_table())
            {
                l.redirects.extend(r.keys().cloned());
            }
        }
        Err(e) => l.notes.push(format!(
            "{} could not be read as TOML ({}): mdBook defaults assumed",
            config.display(),
            e.message()
        )),
    }
    Some(l)
}
