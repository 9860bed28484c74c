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

/// The names of the configuration file, in the order looked for.
pub const CONFIG_NAMES: &[&str] = &["mkdocs.yml", "mkdocs.yaml"];

/// The MkDocs site configured in `dir` (`mkdocs.yml` or `mkdocs.yaml`).
pub fn read(dir: &Path) -> Option<Layout> {
    let config = CONFIG_NAMES
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())?;
    let mut l = Layout::new(Generator::MkDocs, dir, &config);
    l.index_names = vec!["index.md", "README.md"];
    l.url_style = UrlStyle::Directory;
    l.source_dir = dir.join("docs");
    l.renderer = super::slug::Renderer::PythonMarkdown;
    let text = match super::read_config(&config) {
        Ok(t) => t,
        Err(note) => {
            l.notes.push(format!("{note}: MkDocs defaults assumed"));
            return Some(l);
        }
    };
    // MkDocs' Python tags (`!!python/name:...`, `!ENV`) are read as
    // plain values.
    let doc = match super::yaml_config(&text) {
        Ok(doc) => doc,
        Err(e) => {
            l.notes.push(format!(
                "{}: {e}: MkDocs defaults assumed",
                config.display()
            ));
            return Some(l);
        }
    };
    l.renderer = toc_renderer(&text);
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

/// The heading-id renderer of the `toc` extension's `slugify` setting in
/// `mkdocs.yml` (`text`): `pymdownx.slugs.slugify` with its `case` and
/// `percent_encode` keywords, `toc.slugify_unicode`, else
/// Python-Markdown's default `toc.slugify`. Read from the text: the
/// setting is a Python tag (`!!python/object/apply:...`) whose keywords
/// follow it.
fn toc_renderer(text: &str) -> super::slug::Renderer {
    use super::slug::{PymdownxCase, Renderer};
    let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    // The lines more indented than line `i` right after it (blank lines
    // included): the block that line opens.
    let block = |i: usize| {
        let own = indent(lines[i])
            + if lines[i].trim_start().starts_with("- ") {
                2
            } else {
                0
            };
        lines[i + 1..]
            .iter()
            .take_while(move |l| l.trim().is_empty() || indent(l) > own)
            .enumerate()
            .map(move |(k, l)| (i + 1 + k, *l))
    };
    // The `toc` extension's own block (`- toc:`, or
    // `markdown.extensions.toc:`): another extension's `slugify`
    // (pymdownx.tabbed's) is not the toc's.
    let toc = lines.iter().position(|l| {
        let t = l.trim_start().trim_start_matches("- ").trim();
        t == "toc:" || t == "markdown.extensions.toc:"
    });
    let Some((at, line)) =
        toc.and_then(|t| block(t).find(|(_, l)| l.trim_start().starts_with("slugify:")))
    else {
        return Renderer::PythonMarkdown;
    };
    if line.contains("slugify_unicode") {
        return Renderer::PythonMarkdownUnicode;
    }
    if !line.contains("pymdownx.slugs") {
        return Renderer::PythonMarkdown;
    }
    // The keywords (`kwds: {case: lower}`): in the lines under it.
    let mut case = PymdownxCase::None;
    let mut percent_encode = false;
    for (_, l) in block(at) {
        let l = l.trim();
        if let Some(c) = l.strip_prefix("case:") {
            case = match c.trim().trim_matches(['"', '\'']) {
                "lower" => PymdownxCase::Lower,
                "lower-ascii" => PymdownxCase::LowerAscii,
                "fold" => PymdownxCase::Fold,
                _ => PymdownxCase::None,
            };
        }
        if let Some(p) = l.strip_prefix("percent_encode:") {
            percent_encode = p.trim().eq_ignore_ascii_case("true");
        }
    }
    Renderer::Pymdownx {
        case,
        percent_encode,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::slug::{PymdownxCase, Renderer};

    #[test]
    fn toc_slugify_settings() {
        assert_eq!(toc_renderer("site_name: x\n"), Renderer::PythonMarkdown);
        // squidfunk/mkdocs-material: the toc has no slugify; tabbed does.
        let tabbed = "markdown_extensions:\n  - toc:\n      permalink: true\n  - pymdownx.tabbed:\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          case: lower\n";
        assert_eq!(toc_renderer(tabbed), Renderer::PythonMarkdown);
        // The toc with pymdownx.slugs (as mkdocs-material documents it).
        let material = "markdown_extensions:\n  - toc:\n      permalink: true\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          case: lower\n  - tables\n";
        assert_eq!(
            toc_renderer(material),
            Renderer::Pymdownx {
                case: PymdownxCase::Lower,
                percent_encode: false
            }
        );
        assert_eq!(
            toc_renderer(
                "  - toc:\n      slugify: !!python/name:markdown.extensions.toc.slugify_unicode\n"
            ),
            Renderer::PythonMarkdownUnicode
        );
        // CRLF line ends and text that is not ASCII before the setting.
        let crlf = "site_name: Café\r\nmarkdown_extensions:\r\n  - toc:\r\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\r\n        kwds:\r\n          case: fold\r\n";
        assert_eq!(
            toc_renderer(crlf),
            Renderer::Pymdownx {
                case: PymdownxCase::Fold,
                percent_encode: false
            }
        );
    }
}
