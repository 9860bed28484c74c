//! Docusaurus (`docusaurus.config.{js,ts,mjs}`): the docs plugin serves
//! the Markdown and MDX files of `docs/` under `routeBasePath` (default
//! `/docs/`), with number prefixes (`01-intro.md`) dropped, `index` and
//! `README` as a directory's index, and front matter `id` and `slug`
//! changing the URL; `blog/` is served under `/blog/`, `src/pages/` at the
//! root, `static/` as it is. `baseUrl` is the base path. Links in Markdown
//! name files (`./x.md`) or URLs. Source: Docusaurus docs, "Docs
//! introduction" (document ids and URLs), "Routing", "Static assets".

use std::path::Path;

use super::front_matter::FrontMatter;
use super::js_object::{Object, Value};
use super::{base_path_of, Generator, Layout, UrlStyle};

/// The names in a directory that [`read`] looks at: the configuration
/// files, and `website/` (a site configured there, its docs beside it).
pub const CONFIG_NAMES: &[&str] = &[
    "docusaurus.config.ts",
    "docusaurus.config.js",
    "docusaurus.config.mjs",
    "docusaurus.config.cjs",
    "website",
];

/// The names of the configuration file, in the order looked for: the
/// [`CONFIG_NAMES`] but `website`.
const CONFIG_FILES: &[&str] = CONFIG_NAMES.split_at(CONFIG_NAMES.len() - 1).0;

/// The Docusaurus site configured in `dir`, or in `dir/website/` when
/// its docs are in `dir` (`path: '../docs'`, as in many repositories).
pub fn read(dir: &Path) -> Option<Layout> {
    read_in(dir).or_else(|| {
        let l = read_in(&dir.join("website"))?;
        (l.source_dir.starts_with(dir) && !l.source_dir.starts_with(dir.join("website")))
            .then_some(l)
    })
}

/// The Docusaurus site configured in `dir` itself.
fn read_in(dir: &Path) -> Option<Layout> {
    let config = CONFIG_FILES
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())?;
    let mut l = Layout::new(Generator::Docusaurus, dir, &config);
    l.source_dir = dir.join("docs");
    l.source_url = "/docs/".into();
    l.page_extensions = vec!["md", "mdx"];
    l.index_names = vec!["index.md", "index.mdx", "README.md", "README.mdx"];
    l.url_style = UrlStyle::Clean;
    l.front_matter_urls = true;
    l.root_fallback = true;
    l.module_specifiers = true;
    l.renderer = super::slug::Renderer::Docusaurus;
    l.static_dirs.push(dir.join("static"));
    l.mounts.push((dir.join("blog"), "/blog/".into()));
    l.mounts.push((dir.join("src/pages"), "/".into()));
    let text = match super::read_config(&config) {
        Ok(t) => t,
        Err(note) => {
            l.notes.push(format!("{note}: Docusaurus defaults assumed"));
            l.md_as_mdx = md_as_mdx(None, dir);
            return Some(l);
        }
    };
    let o = Object::new(&text);
    l.md_as_mdx = md_as_mdx(Some(&o), dir);
    let mut unread = Vec::new();
    match o.get("baseUrl") {
        Some(Value::Str(s)) => l.base_path = base_path_of(&s),
        Some(_) => unread.push("baseUrl"),
        None => {}
    }
    match o.get("routeBasePath") {
        Some(Value::Str(s)) => {
            let s = s.trim_matches('/');
            l.source_url = if s.is_empty() {
                "/".into()
            } else {
                format!("/{s}/")
            };
        }
        Some(_) => unread.push("routeBasePath"),
        None => {}
    }
    match o.get_beside("path", "routeBasePath") {
        Some(Value::Str(s)) => l.source_dir = super::lexically_clean(&dir.join(s)),
        Some(_) => unread.push("path"),
        None => {}
    }
    if !unread.is_empty() {
        l.notes.push(format!(
            "{}: {} not written as a literal; not read (Docusaurus defaults assumed)",
            config.display(),
            unread.join(", ")
        ));
    }
    Some(l)
}

/// True when the site configured by `config` (`None`: not read) in `dir`
/// compiles its `.md` pages as MDX: Docusaurus 3's `markdown.format` is
/// `mdx` by default, `md` and `detect` compile `.md` as CommonMark
/// (Docusaurus docs, "Markdown features: MDX vs. CommonMark"); Docusaurus
/// 2 (MDX 1, `@docusaurus/core` 2.x in `dir/package.json`) reads HTML
/// comments. A format computed by code counts as the default.
fn md_as_mdx(config: Option<&Object>, dir: &Path) -> bool {
    match config.and_then(|o| o.get_in("markdown", "format")) {
        Some(Value::Str(f)) if f == "md" || f == "detect" => return false,
        Some(Value::Str(f)) if f == "mdx" => return true,
        _ => {}
    }
    core_major(dir).is_none_or(|major| major >= 3)
}

/// The major version of `@docusaurus/core` that `dir/package.json`
/// depends on (the first number of its version range: `^3.8.1` is 3);
/// `None` when it does not say.
fn core_major(dir: &Path) -> Option<u64> {
    let text = super::read_config(&dir.join("package.json")).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    let range = ["dependencies", "devDependencies"]
        .iter()
        .find_map(|d| json.get(d)?.get("@docusaurus/core")?.as_str())?;
    let digits: String = range
        .trim_start_matches(|c: char| !c.is_ascii_digit())
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The front matter keys [`page_url`] reads: a page that sets none of
/// them is not parsed for its URL.
pub const URL_KEYS: &[&str] = &["slug", "id"];

/// The URL of the page at `rel` under a root served at `prefix`: front
/// matter `slug` (absolute from `prefix`, or replacing the last part), or
/// `id` replacing the file name, number prefixes dropped.
pub fn page_url(l: &Layout, rel: &str, prefix: &str, front: &FrontMatter) -> Option<String> {
    let parts: Vec<String> = rel.split('/').map(strip_number_prefix).collect();
    let (dirs, name) = parts.split_at(parts.len().saturating_sub(1));
    let dir = dirs.iter().map(|d| format!("{d}/")).collect::<String>();
    if let Some(slug) = front.get("slug") {
        return Some(match slug.strip_prefix('/') {
            Some(abs) => format!("{prefix}{abs}"),
            None => format!("{prefix}{dir}{slug}"),
        });
    }
    let name = name.first().map(String::as_str).unwrap_or_default();
    if let Some(id) = front.get("id") {
        return Some(format!("{prefix}{dir}{id}"));
    }
    Some(super::default_page_url(l, &format!("{dir}{name}"), prefix))
}

/// A path part without its number prefix (`01-intro.md` is `intro.md`,
/// Docusaurus `numberPrefixParser`).
fn strip_number_prefix(part: &str) -> String {
    let digits = part.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 {
        let rest = &part[digits..];
        for sep in ["-", "_", ". ", "."] {
            if let Some(r) = rest.strip_prefix(sep) {
                if !r.is_empty() && !r.starts_with('.') {
                    return r.to_string();
                }
            }
        }
    }
    part.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// L6 of the 2026-11-29 review: `.md` pages are MDX in Docusaurus 3
    /// unless `markdown.format` says `md` or `detect`; Docusaurus 2's are
    /// MDX 1, which reads HTML comments.
    #[test]
    fn md_pages_compiled_as_mdx() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        let config = |text: &str| Some(Object::new(text));
        let plain = "module.exports = { title: 'x', markdown: { mermaid: true } };";
        assert!(md_as_mdx(config(plain).as_ref(), d));
        assert!(md_as_mdx(None, d));
        for (format, mdx) in [("md", false), ("detect", false), ("mdx", true)] {
            let text = format!("export default {{ markdown: {{ format: '{format}' }} }}");
            assert_eq!(md_as_mdx(config(&text).as_ref(), d), mdx, "{format}");
        }
        std::fs::write(
            d.join("package.json"),
            r#"{"dependencies": {"@docusaurus/core": "^2.4.3"}}"#,
        )
        .expect("write");
        assert!(!md_as_mdx(config(plain).as_ref(), d));
        std::fs::write(
            d.join("package.json"),
            r#"{"devDependencies": {"@docusaurus/core": "~3.8.1"}}"#,
        )
        .expect("write");
        assert!(md_as_mdx(config(plain).as_ref(), d));
    }

    #[test]
    fn urls_of_docs() {
        let l = Layout::new(Generator::Docusaurus, Path::new("/x"), Path::new("/x/c.js"));
        let mut l = l;
        l.url_style = UrlStyle::Clean;
        l.index_names = vec!["index.md", "README.md"];
        let none = FrontMatter::default();
        assert_eq!(
            page_url(&l, "01-intro/02-setup.md", "/docs/", &none),
            Some("/docs/intro/setup".into())
        );
        assert_eq!(
            page_url(&l, "guide/README.md", "/docs/", &none),
            Some("/docs/guide/".into())
        );
        let f = super::super::front_matter::parse(b"---\nslug: /start\n---\n");
        assert_eq!(
            page_url(&l, "a/b.md", "/docs/", &f),
            Some("/docs/start".into())
        );
    }
}
