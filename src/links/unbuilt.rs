//! Links written for a built site, in pages that no site configuration
//! covers.
//!
//! A page that no site model covers is checked as a forge shows it (the
//! link's path joined to the page's directory). Docs written for a site
//! generator link to what the generator makes of their sources: a page
//! URL without the source's extension (`[x](accessibility)` for
//! `accessibility.md`, Docusaurus, VitePress, MkDocs), a page's built
//! name (`x.html` for `x.md`, Sphinx, mdBook, Jekyll), or a directory URL
//! resolved against the page's own directory URL (`../x/` from `a.md`,
//! built at `a/`, MkDocs `use_directory_urls`, Hugo, Docusaurus). When
//! such a link's target is missing as a plain file but the source it
//! names is there, the page is most likely built by a generator whose
//! configuration was not found (a renamed configuration, a docs
//! directory outside the site's directory, a generator urilint does not
//! model): the built site is not known, so the link is counted *not
//! checked*, with a note ([`crate::links::LocalLinks::notes`]), not
//! reported broken.

use std::path::Path;

/// The extensions of page sources a site generator builds pages from,
/// tried for a page URL written without one (`accessibility` for
/// `accessibility.md`).
const SOURCE_EXTENSIONS: [&str; 7] = ["md", "mdx", "markdown", "rst", "adoc", "ipynb", "html"];

/// The index files a directory URL (`x/`) is built from.
const INDEX_FILES: [&str; 4] = ["index.md", "README.md", "index.mdx", "_index.md"];

/// Whether the link `path` (as written, not empty, relative: not
/// starting with `/`) of the page `page`, whose plain-file target
/// `target` (the path joined to the page's directory, dot-segments taken
/// out) is missing, names a page source the way a site generator's URLs
/// do (see the module's documentation): the source that `target` is the
/// built name of exists, or `path` resolved against the page's directory
/// URL (`a/` for `a.md`) names an existing file or source. `exists` says
/// whether a path is a file or directory of the tree.
///
/// A link naming a file by an extension other than a page's (`img/y.png`,
/// `x.md`, `x.pdf`) is never taken as written for a built site: a
/// missing image is missing wherever it is served.
pub fn written_for_site(
    page: &Path,
    path: &str,
    target: &Path,
    exists: impl Fn(&Path) -> bool,
) -> bool {
    let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    if matches!(last, "" | "." | "..") && !path.ends_with('/') {
        return false;
    }
    match last.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()) {
        // A page's built name (`x.html`) or a page URL (`x`, `x/`).
        Some(e) if e == "html" || e == "htm" => {}
        None => {}
        // `v1.2` and such: a dot in a page URL, not an extension.
        Some(e) if !e.chars().all(|c| c.is_ascii_alphabetic()) => {}
        Some(_) => return false,
    }
    if built_from_source(target, &exists) {
        return true;
    }
    // Against the page's directory URL: `a.md` is built at `a/`, and
    // `../x/` written there names `x` beside `a.md`.
    let (Some(dir), Some(stem)) = (page.parent(), page.file_stem()) else {
        return false;
    };
    let is_index = page
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| INDEX_FILES.iter().any(|i| i.eq_ignore_ascii_case(n)));
    if is_index {
        return false;
    }
    let url_dir = dir.join(stem);
    let Some(decoded) = crate::links::percent_decoded(path) else {
        return false;
    };
    let beside = crate::site::lexically_clean(&url_dir.join(decoded));
    exists(&beside) || built_from_source(&beside, &exists)
}

/// Whether a page source that a generator builds at `target` (a page URL,
/// with or without a trailing `/`, or a built name `x.html`) exists:
/// `target` with a source extension in place of `.html` or added, or an
/// index file in the directory `target`.
fn built_from_source(target: &Path, exists: &impl Fn(&Path) -> bool) -> bool {
    let Some(name) = target.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    let stem = name
        .strip_suffix(".html")
        .or_else(|| name.strip_suffix(".htm"))
        .unwrap_or(name);
    let with = |ext: &str| target.with_file_name(format!("{stem}.{ext}"));
    SOURCE_EXTENSIONS.iter().any(|e| exists(&with(e)))
        || INDEX_FILES.iter().any(|i| exists(&target.join(i)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn p(s: &str) -> PathBuf {
        PathBuf::from(s)
    }

    fn tree(files: &'static [&'static str]) -> impl Fn(&Path) -> bool {
        move |q: &Path| files.iter().any(|f| Path::new(f) == q)
    }

    #[test]
    fn a_page_url_without_the_source_extension() {
        // facebook/react-native-website, docs/text.md: `[x](accessibility)`.
        let t = tree(&["docs/accessibility.md", "docs/text.md"]);
        assert!(written_for_site(
            &p("docs/text.md"),
            "accessibility",
            &p("docs/accessibility"),
            &t
        ));
        assert!(written_for_site(
            &p("docs/text.md"),
            "accessibility.html",
            &p("docs/accessibility.html"),
            &t
        ));
    }

    #[test]
    fn a_directory_url_against_the_page_url() {
        // `../colors/` from docs/text.md, built at docs/text/.
        let t = tree(&["docs/colors.md", "docs/text.md"]);
        assert!(written_for_site(
            &p("docs/text.md"),
            "../colors/",
            &p("colors"),
            &t
        ));
        // From an index page the directory URL is the page's directory.
        assert!(!written_for_site(
            &p("docs/index.md"),
            "../colors/",
            &p("colors"),
            &t
        ));
    }

    #[test]
    fn a_link_to_nothing_or_to_a_file_stays_checked() {
        let t = tree(&["docs/text.md", "docs/img/a.png"]);
        assert!(!written_for_site(
            &p("docs/text.md"),
            "accessibility",
            &p("docs/accessibility"),
            &t
        ));
        // A missing image is missing wherever it is served.
        let t = tree(&["docs/text.md", "docs/text/img/b.png.md"]);
        assert!(!written_for_site(
            &p("docs/text.md"),
            "img/b.png",
            &p("docs/img/b.png"),
            &t
        ));
        // A Markdown source named by its own name is a file link.
        let t = tree(&["docs/text.md", "docs/x.md.md"]);
        assert!(!written_for_site(
            &p("docs/text.md"),
            "x.md",
            &p("docs/x.md"),
            &t
        ));
    }
}
