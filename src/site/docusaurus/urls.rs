//! The URLs Docusaurus gives its pages: a doc's (`docs/`, number
//! prefixes dropped, front matter `id` and `slug`), a blog post's (its
//! date in the name), a page of the pages plugin's (`src/pages/`), and
//! the partials (`_x.md`) that are no page. Source: Docusaurus docs,
//! "Docs introduction" (document ids and URLs), "Blog", "Routing".

use std::path::Path;

use super::super::front_matter::FrontMatter;
use super::super::Layout;

/// The front matter keys [`page_url`] reads: a page that sets none of
/// them is not parsed for its URL.
pub const URL_KEYS: &[&str] = &["slug", "id"];

/// The URL of the page `file`, at `rel` under a root served at
/// `prefix`: a blog post's (`blog_url`), a page of the pages plugin's
/// (`pages_url`), or a doc's (`doc_url`). `None` for a file that is
/// no page (a partial `_x.md`, a component outside the pages directory).
pub fn page_url(
    l: &Layout,
    file: &Path,
    rel: &str,
    prefix: &str,
    front: &FrontMatter,
) -> Option<String> {
    if rel.split('/').any(|p| p.starts_with('_')) {
        // The content plugins' default `exclude`: `**/_*.{md,mdx}`,
        // `**/_*/**`, `**/__tests__/**`.
        return None;
    }
    let markdown = rel.ends_with(".md") || rel.ends_with(".mdx");
    let url = if l.docusaurus.pages.iter().any(|d| file.starts_with(d)) {
        pages_url(rel, prefix)
    } else if !markdown {
        return None;
    } else if l.docusaurus.blogs.iter().any(|d| file.starts_with(d)) {
        blog_url(rel, prefix, front)
    } else {
        doc_url(rel, prefix, front)
    };
    Some(trailing(l, url))
}

/// `url` as the site serves it: without its trailing `/` under
/// `trailingSlash: false` ([`Routes::no_trailing_slash`](super::Routes::no_trailing_slash)), the root kept.
fn trailing(l: &Layout, url: String) -> String {
    if l.docusaurus.no_trailing_slash && url.len() > 1 && url.ends_with('/') {
        url.trim_end_matches('/').to_string()
    } else {
        url
    }
}

/// Why a link in a Docusaurus partial is not checked when nothing is
/// found from beside it ([`partial_url`]).
pub const PARTIAL: &str =
    "a link in a Docusaurus partial (`_x.md`), resolved against the page that imports it";

/// The URL a link in the partial `file` (a `_`-prefixed `.md` or `.mdx`
/// file of a docs, blog or pages directory, which no route serves) is
/// resolved against when a page beside it imports it: the URL the file
/// would have without its `_` (Docusaurus docs, "Importing Markdown":
/// the partial's links resolve on the importing page). `None` for any
/// other file. A page elsewhere may import it too: what is not found
/// from beside it is unsure ([`PARTIAL`]).
pub fn partial_url(l: &Layout, file: &Path) -> Option<String> {
    let name = file.file_name()?.to_str()?;
    let shown = name.strip_prefix('_')?;
    if !(name.ends_with(".md") || name.ends_with(".mdx")) {
        return None;
    }
    let roots =
        std::iter::once((&l.source_dir, &l.source_url)).chain(l.mounts.iter().map(|(d, u)| (d, u)));
    let (dir, prefix) = roots
        .filter(|(d, _)| file.starts_with(d))
        .max_by_key(|(d, _)| d.as_os_str().len())?;
    let parent = file.parent()?.strip_prefix(dir).ok()?;
    let mut rel: Vec<String> = parent
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    rel.push(shown.to_string());
    Some(trailing(
        l,
        doc_url(&rel.join("/"), prefix, &FrontMatter::default()),
    ))
}

/// The URL of the React component `file` (`.js`, `.jsx`, `.ts`, `.tsx`)
/// at `rel` under `prefix` when it is a page of a pages plugin
/// (Docusaurus docs, "Creating pages"); `None` for any other file, and
/// for one the plugin's default `exclude` leaves out (`_x.js`,
/// `x.test.js`, `__tests__/`).
pub fn component_page_url(l: &Layout, file: &Path, rel: &str, prefix: &str) -> Option<String> {
    let component = ["js", "jsx", "ts", "tsx"]
        .iter()
        .any(|e| rel.rsplit_once('.').is_some_and(|(_, x)| x == *e));
    let excluded = rel
        .split('/')
        .any(|p| p.starts_with('_') || p.contains(".test."));
    (component && !excluded && l.docusaurus.pages.iter().any(|d| file.starts_with(d)))
        .then(|| pages_url(rel, prefix))
}

/// The URL of the page of the pages plugin at `rel` (`.js`, `.jsx`,
/// `.ts`, `.tsx`, `.md`, `.mdx`) under `prefix`: its path without the
/// extension, `index` as its directory (Docusaurus docs, "Creating
/// pages").
pub(super) fn pages_url(rel: &str, prefix: &str) -> String {
    let stem = rel.rsplit_once('.').map_or(rel, |(s, _)| s);
    let stem = match stem.rsplit_once('/') {
        Some((d, "index")) => format!("{d}/"),
        None if stem == "index" => String::new(),
        _ => stem.to_string(),
    };
    format!("{prefix}{stem}")
}

/// The URL of the blog post at `rel` under `prefix`: front matter
/// `slug`, else a date in its path (`2021-05-28-x.md` or
/// `2021-05-28-x/index.md` is `2021/05/28/x`), else its path without the
/// extension and `/index` (`@docusaurus/plugin-content-blog`
/// `parseBlogFileName`, its `DATE_FILENAME_REGEX`).
pub(super) fn blog_url(rel: &str, prefix: &str, front: &FrontMatter) -> String {
    if let Some(slug) = front.get("slug") {
        return format!("{prefix}{}", slug.trim_start_matches('/'));
    }
    let text = rel
        .strip_suffix(".mdx")
        .or_else(|| rel.strip_suffix(".md"))
        .unwrap_or(rel);
    let text = text.strip_suffix("/index").unwrap_or(text);
    let b = text.as_bytes();
    // The greedy `folder`: the last place a date starts.
    for start in (0..b.len()).rev() {
        if let Some(len) = date_at(&b[start..]) {
            let date = text[start..start + len].replace('-', "/");
            let rest = &text[start + len..];
            let rest = rest
                .strip_prefix('-')
                .or_else(|| rest.strip_prefix('/'))
                .unwrap_or(rest);
            return format!("{prefix}{date}/{}{rest}", &text[..start]);
        }
    }
    format!("{prefix}{text}")
}

/// The length of the date (`\d{4}[-/]\d{1,2}[-/]\d{1,2}`, each number
/// as long as it goes) at the start of `b`.
fn date_at(b: &[u8]) -> Option<usize> {
    let digits = |from: usize, max: usize| {
        b.get(from..).map_or(0, |r| {
            r.iter()
                .take(max)
                .take_while(|c| c.is_ascii_digit())
                .count()
        })
    };
    if digits(0, 4) != 4 || !matches!(b.get(4), Some(b'-' | b'/')) {
        return None;
    }
    let m = digits(5, 2);
    if m == 0 || !matches!(b.get(5 + m), Some(b'-' | b'/')) {
        return None;
    }
    let d = digits(6 + m, 2);
    (d > 0).then_some(6 + m + d)
}

/// The URL of the doc at `rel` under its version's `prefix`
/// (`@docusaurus/plugin-content-docs` `getSlug`): an absolute front
/// matter `slug` from `prefix`; a category index (`index`, `README`, or
/// the directory's own name, any case) at its directory; else `slug`,
/// `id` or the file name resolved against its directory, number
/// prefixes (`01-intro`) dropped from both.
pub(super) fn doc_url(rel: &str, prefix: &str, front: &FrontMatter) -> String {
    let parts: Vec<&str> = rel.split('/').collect();
    let (dirs, name) = parts.split_at(parts.len().saturating_sub(1));
    let name = name.first().copied().unwrap_or_default();
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    let dir_slug: String = std::iter::once("/".to_string())
        .chain(dirs.iter().map(|d| format!("{}/", strip_number_prefix(d))))
        .collect();
    let slug = match front.get("slug") {
        Some(s) if s.starts_with('/') => s.to_string(),
        Some(s) => super::super::resolve_path(&dir_slug, s),
        None => {
            let lower = stem.to_lowercase();
            let index = lower == "index"
                || lower == "readme"
                || dirs.last().is_some_and(|d| d.to_lowercase() == lower);
            if index {
                dir_slug
            } else {
                let base = front
                    .get("id")
                    .map_or_else(|| strip_number_prefix(stem), str::to_string);
                super::super::resolve_path(&dir_slug, &base)
            }
        }
    };
    format!("{prefix}{}", slug.trim_start_matches('/'))
}

/// A path part without its number prefix (`01-intro.md` is `intro.md`,
/// Docusaurus `numberPrefixParser`).
fn strip_number_prefix(part: &str) -> String {
    if date_like(part) {
        return part.to_string();
    }
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

/// True when `part` starts with a date (`2021-01-31`, `31.01`): kept
/// whole (Docusaurus `DefaultNumberPrefixParser`, its `DatePrefixRegex`
/// `^((\d{2}|\d{4})[-_.]\d{2}([-_.](\d{2}|\d{4}))?)`).
fn date_like(part: &str) -> bool {
    let b = part.as_bytes();
    let digits = |from: usize| {
        b.get(from..)
            .map_or(0, |r| r.iter().take_while(|c| c.is_ascii_digit()).count())
    };
    let first = digits(0);
    (first == 2 || first == 4)
        && matches!(b.get(first), Some(b'-' | b'_' | b'.'))
        && digits(first + 1) >= 2
}
