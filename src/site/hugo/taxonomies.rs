//! Hugo's taxonomy pages (`/tags/`, `/tags/term/`, ...) from the
//! `taxonomies` setting and the terms of the pages' front matter.
//! Source: Hugo docs, "Taxonomies".

use std::path::PathBuf;

use super::super::Layout;

/// The taxonomies of the site (Hugo docs, "Taxonomies": `[taxonomies]`
/// maps each singular name to its plural, the front matter key and URL
/// segment; `tags` and `categories` when not set), as plural names.
pub(super) fn taxonomies(config: Option<&toml::Value>) -> Vec<String> {
    match config.and_then(toml::Value::as_table) {
        Some(t) => t
            .values()
            .filter_map(|v| v.as_str().map(str::to_lowercase))
            .filter(|v| !v.is_empty())
            .collect(),
        None => vec!["tags".into(), "categories".into()],
    }
}

/// The most bytes of front matter read per page for its taxonomy terms.
pub(super) const TERM_FRONT_MATTER_BYTES: u64 = 16 * 1024;

/// Notes in [`Layout::generated_pages`] the pages Hugo makes for the
/// taxonomies `plurals` (Hugo docs, "Taxonomies"): the taxonomy's list
/// page (`/tags/`) and one page per term a page's front matter gives
/// (`tags: [upgrade]` makes `/tags/upgrade/`; the term "urlized":
/// spaces to `-`, lower case), under each content directory's URL (a
/// language's `/fr/`).
pub(super) fn taxonomy_pages(l: &mut Layout, plurals: &[String]) {
    if plurals.is_empty() {
        return;
    }
    let keys: Vec<&str> = plurals.iter().map(String::as_str).collect();
    // Each directory once, with every URL it is served under (a
    // directory mounted for several languages).
    let mut roots: Vec<(PathBuf, Vec<String>)> = Vec::new();
    let all = std::iter::once((l.source_dir.clone(), l.source_url.clone()))
        .chain(l.mounts.iter().cloned());
    for (dir, prefix) in all {
        let prefix = if prefix.starts_with('/') {
            prefix
        } else {
            "/".to_string()
        };
        match roots.iter_mut().find(|(d, _)| *d == dir) {
            Some((_, p)) => p.push(prefix),
            None => roots.push((dir, vec![prefix])),
        }
    }
    let mut pages = std::collections::BTreeSet::new();
    let mut count = 0;
    let mut truncated = false;
    for (root, prefixes) in roots {
        let mut terms = std::collections::BTreeSet::new();
        for (file, rel) in super::super::files_under(
            &root,
            |n| n.starts_with('.'),
            super::super::MAX_FILES,
            &mut count,
            &mut truncated,
        ) {
            let ext = rel.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
            if !matches!(
                ext.as_deref(),
                Some("md" | "markdown" | "html" | "adoc" | "org" | "rst")
            ) {
                continue;
            }
            let front =
                super::super::front_matter::read_keys(&file, TERM_FRONT_MATTER_BYTES, Some(&keys));
            for p in plurals {
                for term in front.list(p) {
                    let term = urlize(term);
                    if !term.is_empty() {
                        terms.insert(format!("{p}/{term}/"));
                    }
                }
            }
        }
        for prefix in prefixes {
            pages.extend(plurals.iter().map(|p| format!("{prefix}{p}/")));
            pages.extend(terms.iter().map(|t| format!("{prefix}{t}")));
        }
    }
    if truncated {
        // Not every page's terms were read: anything under a taxonomy.
        let base = l.source_url.trim_end_matches('/').to_string();
        l.generated
            .extend(plurals.iter().map(|p| format!("{base}/{p}")));
    }
    l.generated_pages.extend(pages);
}

/// A taxonomy term as Hugo writes it into a URL (`urlize`,
/// `helpers.MakePath`): letters, digits and `._-#+~` kept, spaces to
/// `-`, anything else dropped, in lower case.
pub(super) fn urlize(term: &str) -> String {
    term.trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || "._-#+~/".contains(c) => Some(c),
            _ => None,
        })
        .collect::<String>()
        .to_lowercase()
}
