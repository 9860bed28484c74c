//! Jekyll (`_config.yml`): pages are the Markdown and HTML files of the
//! source directory (default the project root), served as `x.html` (or
//! `x/` with `permalink: pretty`) unless their front matter sets a
//! `permalink`; collections (`collections:` with `output: true`, in
//! `_<name>/`) are served by their `permalink` pattern; posts (`_posts/`)
//! by the date in their file name; `baseurl` is the base path. Source:
//! Jekyll docs, "Configuration options", "Permalinks", "Collections".

use std::path::Path;

use super::front_matter::FrontMatter;
use super::{Generator, Layout, UrlStyle};

/// The names of the configuration file, in the order looked for.
pub const CONFIG_NAMES: &[&str] = &["_config.yml", "_config.yaml"];

/// The Jekyll site configured in `dir` (`_config.yml` or `_config.yaml`).
pub fn read(dir: &Path) -> Option<Layout> {
    let config = CONFIG_NAMES
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())?;
    if super::jupyter_book::is_book_config(dir) {
        // A Jupyter Book's `_config.yml` (with `_toc.yml`, or keys only
        // Jupyter Book reads): not a Jekyll site.
        return None;
    }
    let mut l = Layout::new(Generator::Jekyll, dir, &config);
    l.page_extensions = vec!["md", "markdown", "html"];
    l.index_names = vec!["index.md", "index.markdown", "index.html"];
    l.front_matter_urls = true;
    l.theme_dirs = vec![dir.join("_layouts"), dir.join("_includes")];
    let text = match super::read_config(&config) {
        Ok(t) => t,
        Err(note) => {
            l.notes.push(format!("{note}: Jekyll defaults assumed"));
            return Some(l);
        }
    };
    let doc = match super::yaml_config(&text) {
        Ok(doc) => doc,
        Err(e) => {
            l.notes.push(format!(
                "{}: {e}: Jekyll defaults assumed",
                config.display()
            ));
            return Some(l);
        }
    };
    if let Some(s) = doc["source"].as_str() {
        l.source_dir = dir.join(s);
    }
    if let Some(b) = doc["baseurl"].as_str() {
        l.base_path = super::base_path_of(b);
    }
    if let Some(p) = doc["permalink"].as_str() {
        if p == "pretty" || p.ends_with('/') {
            l.url_style = UrlStyle::Directory;
        }
    }
    let mut posts = "posts:".to_string();
    if let yaml_rust2::Yaml::Hash(h) = &doc["collections"] {
        for (name, settings) in h {
            let Some(name) = name.as_str() else { continue };
            if name == "posts" {
                if let Some(p) = settings["permalink"].as_str() {
                    posts = format!("posts:{p}");
                }
                continue;
            }
            let output = settings["output"].as_bool().unwrap_or(false);
            if !output {
                continue;
            }
            let pattern = settings["permalink"]
                .as_str()
                .unwrap_or("/:collection/:path:output_ext");
            l.mounts.push((
                l.source_dir.join(format!("_{name}")),
                format!("collection:{name}:{pattern}"),
            ));
        }
    }
    l.mounts.push((l.source_dir.join("_posts"), posts));
    let plugins = doc["plugins"].as_vec().or_else(|| doc["gems"].as_vec());
    let config_name = config
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    for p in plugins.into_iter().flatten().filter_map(|p| p.as_str()) {
        match p {
            "jekyll-redirect-from" => l.alias_keys.push("redirect_from"),
            "jekyll-sitemap" => l.redirects.push("/sitemap.xml".into()),
            "jekyll-feed" => l.redirects.push("/feed.xml".into()),
            "jekyll-readme-index" => l.index_names.push("README.md"),
            p if HARMLESS_PLUGINS.contains(&p) => {}
            p => l
                .unsure_pages
                .push(format!("the Jekyll plugin `{p}` ({config_name} `plugins`)")),
        }
    }
    Some(l)
}

/// Jekyll plugins that make no page a link could name and move none:
/// page metadata and tags (`jekyll-seo-tag`, `jekyll-github-metadata`,
/// `jemoji`, `jekyll-mentions`, `jekyll-avatar`, `jekyll-gist`), layouts
/// and titles (`jekyll-default-layout`, `jekyll-titles-from-headings`,
/// `jekyll-optional-front-matter`: Markdown files without front matter
/// are pages, as the model takes them), link rewriting of `.md` targets
/// (`jekyll-relative-links`: the model resolves them the same way),
/// caching and Sass (`jekyll-include-cache`, `jekyll-sass-converter`).
/// `jekyll-redirect-from`, `jekyll-sitemap` (`/sitemap.xml`),
/// `jekyll-feed` (`/feed.xml`) and `jekyll-readme-index` (`README.md` as
/// a directory's index) are read; any other plugin
/// (`jekyll-archives`, `jekyll-paginate`, `jekyll-coffeescript`, one of
/// the site's own) is an `unsure_pages` reason naming it.
pub const HARMLESS_PLUGINS: &[&str] = &[
    "jekyll-seo-tag",
    "jekyll-github-metadata",
    "jemoji",
    "jekyll-mentions",
    "jekyll-avatar",
    "jekyll-gist",
    "jekyll-default-layout",
    "jekyll-titles-from-headings",
    "jekyll-optional-front-matter",
    "jekyll-relative-links",
    "jekyll-include-cache",
    "jekyll-sass-converter",
    "jekyll-remote-theme",
    "jekyll-commonmark-ghpages",
    "jekyll-last-modified-at",
];

/// True when the file `file` of a collection (its prefix `prefix` is
/// `collection:...`) is one of its documents whatever its extension: it
/// starts with front matter (`---`). Jekyll docs, "Collections": a file
/// of a collection with front matter is a document, rendered at the
/// collection's `permalink` (github/choosealicense.com's
/// `_licenses/mit.txt` at `/licenses/mit/`); one without is a static
/// file.
pub fn is_document(file: &Path, prefix: &str) -> bool {
    use std::io::Read;
    if !prefix.starts_with("collection:") {
        return false;
    }
    let mut head = [0u8; 4];
    let n = std::fs::File::open(file)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    head[..n].starts_with(b"---\n") || head[..n].starts_with(b"---\r")
}

/// The front matter keys [`page_url`] reads: a page that sets none of
/// them is not parsed for its URL.
pub const URL_KEYS: &[&str] = &["permalink"];

/// The URL of the page at `rel` (under its root, mounted at `prefix`:
/// `/`, `collection:<name>:<permalink>` or `posts:`), by its front matter
/// `permalink`, the collection's pattern, or the site's URL style.
pub fn page_url(l: &Layout, rel: &str, prefix: &str, front: &FrontMatter) -> Option<String> {
    if let Some(p) = front.get("permalink") {
        return Some(if p.starts_with('/') {
            p.to_string()
        } else {
            format!("/{p}")
        });
    }
    let stem = rel.rsplit_once('.').map_or(rel, |(s, _)| s);
    let basename = stem.rsplit('/').next().unwrap_or(stem);
    if let Some(rest) = prefix.strip_prefix("collection:") {
        let (name, pattern) = rest.split_once(':')?;
        let pattern = match pattern {
            "pretty" => "/:collection/:path/",
            p => p,
        };
        let url = pattern
            .replace(":collection", name)
            .replace(":path", stem)
            .replace(":name", basename)
            .replace(":title", basename)
            .replace(":output_ext", ".html");
        return (!url.contains(':')).then_some(url);
    }
    if let Some(pattern) = prefix.strip_prefix("posts:") {
        // `2024-01-31-title.md`: by the posts collection's permalink, or
        // the default `date` style `/:categories/:year/:month/:day/:title`
        // (without categories).
        let b = basename.as_bytes();
        if b.len() > 11 && b[4] == b'-' && b[7] == b'-' && b[10] == b'-' {
            let (y, m, d, t) = (
                &basename[..4],
                &basename[5..7],
                &basename[8..10],
                &basename[11..],
            );
            let pattern = match (pattern, l.url_style) {
                ("", UrlStyle::Directory) | ("pretty", _) => "/:year/:month/:day/:title/",
                ("", _) => "/:year/:month/:day/:title:output_ext",
                (p, _) => p,
            };
            let url = pattern
                .replace(":categories/", "")
                .replace(":year", y)
                .replace(":month", m)
                .replace(":day", d)
                .replace(":title", t)
                .replace(":output_ext", ".html");
            return (!url.contains(':')).then_some(url);
        }
        return None;
    }
    if rel.split('/').any(|p| p.starts_with('_')) {
        return None;
    }
    Some(super::default_page_url(l, rel, "/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// github/choosealicense.com's `plugins:` (`_config.yml`), and
    /// `jekyll-archives` and `jekyll-paginate` as their READMEs set them.
    #[test]
    fn plugins_that_make_pages() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            dir.path().join("_config.yml"),
            "plugins:\n  - jekyll-sitemap\n  - jekyll-redirect-from\n  - jekyll-seo-tag\n  - jekyll-coffeescript\n  - jekyll-github-metadata # For 'Improve this page' links\n  - jekyll-archives\n  - jekyll-paginate\n  - jekyll-readme-index\n",
        )
        .expect("write");
        let l = read(dir.path()).expect("jekyll");
        assert_eq!(l.alias_keys, ["redirect_from"]);
        assert_eq!(l.redirects, ["/sitemap.xml"]);
        assert!(l.index_names.contains(&"README.md"));
        assert_eq!(
            l.unsure_pages,
            [
                "the Jekyll plugin `jekyll-coffeescript` (_config.yml `plugins`)",
                "the Jekyll plugin `jekyll-archives` (_config.yml `plugins`)",
                "the Jekyll plugin `jekyll-paginate` (_config.yml `plugins`)"
            ]
        );
    }

    #[test]
    fn collections_posts_and_permalinks() {
        let l = Layout::new(
            Generator::Jekyll,
            Path::new("/s"),
            Path::new("/s/_config.yml"),
        );
        let none = FrontMatter::default();
        assert_eq!(
            page_url(
                &l,
                "ubuntu.md",
                "collection:docs:/:collection/:path/",
                &none
            ),
            Some("/docs/ubuntu/".into())
        );
        assert_eq!(
            page_url(&l, "2016-01-02-hello.markdown", "posts:", &none),
            Some("/2016/01/02/hello.html".into())
        );
        let f = super::super::front_matter::parse(b"---\npermalink: /community/\n---\n");
        assert_eq!(
            page_url(&l, "pages/c.md", "/", &f),
            Some("/community/".into())
        );
        assert_eq!(
            page_url(&l, "about.md", "/", &none),
            Some("/about.html".into())
        );
        assert_eq!(page_url(&l, "_includes/x.md", "/", &none), None);
    }
}
