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

/// The preprocessors of `[preprocessor.NAME]` tables that mdBook does not
/// run itself: `links` and `index` are its own, and [`HARMLESS`] ones
/// neither make pages nor ids nor rewrite links. One whose `renderers`
/// list leaves out `html` does not touch the HTML book. Each of the others
/// (the Rust Reference's `spec`, which turns `[expr.closure]` into links
/// to rules and `r[expr.closure]` into anchors) may move links and add
/// anchors the model does not see. Source: mdBook guide, "Configuring
/// Preprocessors" (`renderers`, the built-in `links` and `index`).
pub fn unknown_preprocessors(book: &toml::Table) -> Vec<String> {
    let Some(pre) = book.get("preprocessor").and_then(toml::Value::as_table) else {
        return Vec::new();
    };
    pre.iter()
        .filter(|(name, _)| {
            !BUILT_IN.contains(&name.as_str()) && !HARMLESS.contains(&name.as_str())
        })
        .filter(
            |(_, v)| match v.get("renderers").and_then(toml::Value::as_array) {
                Some(r) => r.iter().any(|x| x.as_str() == Some("html")),
                None => true,
            },
        )
        .map(|(name, _)| name.clone())
        .collect()
}

/// The preprocessors mdBook runs itself (mdBook guide, "Preprocessors").
pub const BUILT_IN: &[&str] = &["links", "index"];

/// Preprocessors known to make no page, no id and no link of theirs:
/// diagrams and math (`mdbook-mermaid`, `mdbook-katex`), tab containers
/// around Markdown (`mdbook-tabs`: `{{#tabs}}`/`{{#tab name=...}}` become
/// `<div>`s and buttons; bytecodealliance/component-docs, issue 46 round
/// 11), GitHub-style alerts (`mdbook-alerts`), and a table of contents
/// linking the page's own headings (`mdbook-toc`, `mdbook-pagetoc`).
pub const HARMLESS: &[&str] = &["mermaid", "katex", "tabs", "alerts", "toc", "pagetoc"];

/// The name of the configuration file.
pub const CONFIG_NAMES: &[&str] = &["book.toml"];

/// The chapters `SUMMARY.md` (in `source_dir`) lists whose files do not
/// exist, as paths relative to `source_dir` (`/`-separated): with
/// `build.create-missing` (true by default) `mdbook build` creates each
/// (a file holding the chapter's title as a heading) and renders it, so a
/// link to it is served. Only relative destinations ending in `.md` count
/// (a draft chapter `[Title]()` has no file). Source: mdBook, "Configuring
/// the build" (`create-missing`) and "SUMMARY.md".
pub fn created_chapters(source_dir: &Path) -> impl Iterator<Item = String> + '_ {
    // At most the configuration size limit, as every file of the
    // site's configuration (a missing or larger summary names nothing).
    let text = super::read_config(&source_dir.join("SUMMARY.md")).unwrap_or_default();
    let mut chapters = Vec::new();
    for event in pulldown_cmark::Parser::new(&text) {
        if let pulldown_cmark::Event::Start(pulldown_cmark::Tag::Link { dest_url, .. }) = event {
            let dest = dest_url.split(['#', '?']).next().unwrap_or_default();
            let dest = dest.strip_prefix("./").unwrap_or(dest);
            if dest.ends_with(".md") && !dest.contains("://") && !dest.starts_with('/') {
                let dest = super::percent_decode(dest);
                if !dest.split('/').any(|c| c == "..") {
                    chapters.push(dest);
                }
            }
        }
    }
    chapters
        .into_iter()
        .filter(move |c| !source_dir.join(c).exists())
}

/// The URL path (from the site root, without the base path) mdBook
/// renders the chapter `rel` (a `.md` path under `src`; another path is
/// taken as a URL path already) at: `.md` made
/// `.html`, `README.md` the directory's `index.html` (its `index`
/// preprocessor).
pub(crate) fn chapter_url(rel: &str) -> String {
    let Some(stem) = rel.strip_suffix(".md") else {
        // Already a URL path (`x.html`): as it is.
        return format!("/{rel}");
    };
    match stem.rsplit_once('/') {
        Some((dir, name)) if name.eq_ignore_ascii_case("README") => format!("/{dir}/index.html"),
        None if stem.eq_ignore_ascii_case("README") => "/index.html".to_string(),
        _ => format!("/{stem}.html"),
    }
}

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
            if t.get("build")
                .and_then(|b| b.get("use-default-preprocessors"))
                .and_then(toml::Value::as_bool)
                == Some(false)
            {
                // Without the `index` preprocessor a chapter `README.md`
                // is `README.html`.
                l.index_names = vec!["index.md"];
            }
            let create_missing = t
                .get("build")
                .and_then(|b| b.get("create-missing"))
                .and_then(toml::Value::as_bool)
                != Some(false);
            if create_missing {
                l.generated_pages
                    .extend(created_chapters(&l.source_dir).map(|c| chapter_url(&c)));
            }
            let name = CONFIG_NAMES[0];
            for p in unknown_preprocessors(&t) {
                let why = format!("the mdBook preprocessor `{p}` ({name})");
                l.unsure_pages.push(why.clone());
                l.unsure_anchors.push(why);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::{Resolved, Site};
    use std::path::PathBuf;

    fn fixture(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/sites")
            .join(name)
    }

    /// Issue 46: the Rust Reference's `spec` preprocessor makes rule links
    /// (`[closure]: expr.closure`) and `#r-...` anchors: the book says it
    /// is unsure of both, naming the preprocessor and its file.
    #[test]
    fn unknown_preprocessors_make_the_book_unsure() {
        let l = read(&fixture("mdbook-preprocessor")).expect("book");
        let why = "the mdBook preprocessor `spec` (book.toml)";
        assert_eq!(l.unsure_pages, vec![why.to_string()]);
        assert_eq!(l.unsure_anchors, vec![why.to_string()]);
        let site = Site::new(l);
        let page = fixture("mdbook-preprocessor/src/abi.md");
        assert_eq!(
            site.resolve(&page, "expr.closure"),
            Resolved::Unsure {
                reason: format!("{why} may make or move pages")
            }
        );
        // A book without preprocessors, or with built-in and harmless
        // ones only, or one for another renderer, is sure.
        let first = read(&fixture("mdbook-editions/first-edition")).expect("book");
        assert!(first.unsure_pages.is_empty() && first.unsure_anchors.is_empty());
        let t: toml::Table = "[preprocessor.links]\n[preprocessor.index]\n[preprocessor.mermaid]\n\
             [preprocessor.x]\nrenderers = [\"latex\"]\n[preprocessor.y]\nrenderers = [\"html\"]\n"
            .parse()
            .expect("toml");
        assert_eq!(unknown_preprocessors(&t), vec!["y".to_string()]);
        // bytecodealliance/component-docs's `[preprocessor.tabs]`.
        let t: toml::Table = "[preprocessor.tabs]\n".parse().expect("toml");
        assert!(unknown_preprocessors(&t).is_empty());
    }

    /// Without the default preprocessors (`[build]
    /// use-default-preprocessors = false`) a chapter `README.md` stays
    /// `README.html`: no `index` preprocessor.
    /// `build.create-missing` (default true): the chapters SUMMARY.md
    /// lists without a file are pages mdBook creates; `false` creates none.
    #[test]
    fn summary_chapters_without_files_are_created() {
        let l = read(&fixture("mdbook-create-missing")).expect("book");
        assert_eq!(l.generated_pages, vec!["/layout.html", "/validity.html"]);
        assert_eq!(chapter_url("a/README.md"), "/a/index.html");
        assert_eq!(chapter_url("README.md"), "/index.html");
        assert_eq!(chapter_url("layout.html"), "/layout.html");
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(dir.path().join("src")).expect("mkdir");
        std::fs::write(
            dir.path().join("src/SUMMARY.md"),
            "- [A](./a.md)\n- [B]()\n",
        )
        .expect("write");
        std::fs::write(
            dir.path().join("book.toml"),
            "[build]\ncreate-missing = false\n",
        )
        .expect("write");
        assert!(read(dir.path()).expect("book").generated_pages.is_empty());
        std::fs::write(dir.path().join("book.toml"), "[book]\n").expect("write");
        assert_eq!(
            read(dir.path()).expect("book").generated_pages,
            vec!["/a.html"]
        );
    }

    #[test]
    fn without_default_preprocessors_readme_is_no_index() {
        let dir = tempfile::tempdir().expect("tempdir");
        let toml = "[book]\ntitle = \"x\"\n[build]\nuse-default-preprocessors = false\n";
        std::fs::write(dir.path().join("book.toml"), toml).expect("write");
        assert_eq!(
            read(dir.path()).expect("book").index_names,
            vec!["index.md"]
        );
        std::fs::write(dir.path().join("book.toml"), "[book]\n").expect("write");
        assert_eq!(
            read(dir.path()).expect("book").index_names,
            vec!["index.md", "README.md"]
        );
    }

    /// Issue 46: two books in one repository, each its own site; a link
    /// above a book's root (`../std/`, the current book from the first
    /// edition's stub) is not the book's to say.
    #[test]
    fn links_above_the_book_are_not_checked() {
        let first = fixture("mdbook-editions/first-edition");
        let site = Site::new(read(&first).expect("book"));
        let stub = first.join("src/closures.md");
        assert_eq!(site.page_url(&stub).as_deref(), Some("/closures.html"));
        assert_eq!(
            site.resolve(&stub, "../ch13-01-closures.html"),
            Resolved::Unsure {
                reason: crate::site::ABOVE_ROOT.into()
            }
        );
        assert!(matches!(
            site.resolve(&stub, "ch13-01-closures.html"),
            Resolved::Missing { .. }
        ));
        let book = fixture("mdbook-editions");
        let site = Site::new(read(&book).expect("book"));
        let page = book.join("src/ch08-00-common-collections.md");
        assert_eq!(
            site.resolve(&page, "../std/collections/index.html"),
            Resolved::Unsure {
                reason: crate::site::ABOVE_ROOT.into()
            }
        );
    }
}
