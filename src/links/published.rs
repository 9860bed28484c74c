//! Root-relative links of repository documents that a site of the same
//! repository publishes.
//!
//! A document no site configuration covers (a package's `README.md`) is
//! checked as a forge renders it: GitHub resolves its root-relative link
//! (`/img/allure.png`) against the repository's root. Some repositories
//! also copy such documents into their docs site with a build script
//! (webdriverio/webdriverio's `scripts/docs-generation/packagesDocs.ts`
//! copies each `packages/*/README.md` into `website/docs/`), and write
//! their links for that site: `/img/allure.png` is `website/static/img/`
//! on the built site, `/docs/customservices` a page of it (issue 46,
//! round 10). When such a link names nothing at the repository's root
//! but a site configured in the repository serves its URL, where the
//! document is meant to be read is not known: the link is counted *not
//! checked*, with one note ([`crate::links::LocalLinks::notes`]), never
//! reported broken.
//!
//! The sites looked for are those configured in the repository's root
//! directory and in the directories up to [`DEPTH`] levels below it
//! (hidden directories and those of dependencies and build output passed
//! over, at most [`MAX_DIRS`] directories looked at), read once per
//! repository through the run's cache of sites.

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::site::{Resolved, Site};

/// How many levels below the repository's root a site's configuration is
/// looked for (`website/`, `docs/`, `packages/docs/`).
pub const DEPTH: usize = 3;

/// At most this many directories of a repository are looked at for
/// sites' configuration files.
pub const MAX_DIRS: usize = 4_000;

/// Directory names never looked in: dependencies, build output, vendored
/// code.
const PASSED_OVER: [&str; 6] = [
    "node_modules",
    "vendor",
    "target",
    "third_party",
    "dist",
    "build",
];

/// A link counted: the page (as shown), the link, the configuration of
/// the site serving it.
type Counted = (PathBuf, String, PathBuf);

/// The cache of site lists per repository, and the links counted.
#[derive(Debug, Default)]
pub struct Memo {
    sites: Mutex<HashMap<PathBuf, Arc<Vec<Arc<Site>>>>>,
    /// How many links were not checked, and the least one (page, link,
    /// configuration of the site serving it) to name in the note.
    counted: Mutex<(u64, Option<Counted>)>,
}

impl Memo {
    /// The configuration file of a site configured in the repository at
    /// `root` (absolute, symbolic links resolved) that serves the
    /// root-relative `path` (as written, percent-encoded, no query or
    /// fragment): a page or file it builds ([`Resolved::File`],
    /// [`Resolved::Served`]).
    /// `None` when no site does. `cache` is the run's cache of sites by
    /// directory ([`Site::of_file`]).
    pub fn site_serving(
        &self,
        root: &Path,
        path: &str,
        cache: &Mutex<HashMap<PathBuf, Option<Arc<Site>>>>,
    ) -> Option<PathBuf> {
        if !path.starts_with('/') {
            return None;
        }
        let sites = self.sites_of(root, cache);
        sites.iter().find_map(|site| {
            // Resolved as from the site's front page: a root-relative
            // path does not depend on the page it is written in.
            let page = site.layout.source_dir.join("index.md");
            match site.resolve(&page, path) {
                Resolved::File(_) | Resolved::Served => Some(site.layout.config.clone()),
                // A site unsure of every page it does not know (a hook, a
                // plugin) says nothing of this one.
                Resolved::Missing { .. } | Resolved::NotChecked | Resolved::Unsure { .. } => None,
            }
        })
    }

    /// The configuration of a site configured in the repository at `root`
    /// (absolute, real) whose source directory holds an ignored directory
    /// that a build step fills ([`Site::fills_at_build`]) named as the
    /// directory of the site's root that `file` (absolute, real) lies in:
    /// the documents of that directory are likely copied there
    /// (goharbor/website's `docs/`, copied into `content/docs/<version>/`
    /// by `load-docs.sh`; issue 46 round 11). `None` when no site has one.
    pub fn site_filled_from(
        &self,
        root: &Path,
        file: &Path,
        cache: &Mutex<HashMap<PathBuf, Option<Arc<Site>>>>,
    ) -> Option<PathBuf> {
        self.sites_of(root, cache).iter().find_map(|s| {
            let rel = file.strip_prefix(&s.layout.root).ok()?;
            let mut parts = rel.components();
            let top = parts.next()?.as_os_str();
            // A document in a directory, not beside the configuration.
            parts.next()?;
            s.fills_at_build(top).then(|| s.layout.config.clone())
        })
    }

    /// Counts a link of `page` (as shown) not checked because the site
    /// configured by `config` serves it.
    pub fn count(&self, page: PathBuf, link: &str, config: PathBuf) {
        if !super::notes::counting() {
            return;
        }
        let mut c = self.counted.lock().unwrap_or_else(|p| p.into_inner());
        c.0 += 1;
        super::notes::keep_least(&mut c.1, (page, link.to_string(), config));
    }

    /// The note for the links counted, with `shown` giving a path as
    /// messages show it; `None` when none was.
    pub fn note(&self, shown: impl Fn(&Path) -> PathBuf) -> Option<String> {
        let c = self.counted.lock().unwrap_or_else(|p| p.into_inner());
        let (n, Some((page, link, config))) = &*c else {
            return None;
        };
        Some(format!(
            "{n} root-relative link{} not checked: in documents no site configuration covers, {} what nothing at the repository's root is but the site of {} serves (e.g. `{link}` in {}); the site may publish those documents",
            if *n == 1 { "" } else { "s" },
            if *n == 1 { "it names" } else { "they name" },
            shown(config).display(),
            page.display()
        ))
    }

    /// The sites configured in the repository at `root`, read once.
    fn sites_of(
        &self,
        root: &Path,
        cache: &Mutex<HashMap<PathBuf, Option<Arc<Site>>>>,
    ) -> Arc<Vec<Arc<Site>>> {
        let lock = || self.sites.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(known) = lock().get(root) {
            return Arc::clone(known);
        }
        let found = Arc::new(configured_below(root, cache));
        Arc::clone(lock().entry(root.to_path_buf()).or_insert(found))
    }
}

/// The sites configured in `root` and the directories up to [`DEPTH`]
/// levels below it, in the order of a breadth-first walk with names
/// sorted (so the same tree gives the same answer), through `cache`.
fn configured_below(
    root: &Path,
    cache: &Mutex<HashMap<PathBuf, Option<Arc<Site>>>>,
) -> Vec<Arc<Site>> {
    let lock = || cache.lock().unwrap_or_else(|p| p.into_inner());
    let mut sites = Vec::new();
    let mut queue = VecDeque::from([(root.to_path_buf(), 0)]);
    let mut looked = 0;
    while let Some((dir, depth)) = queue.pop_front() {
        looked += 1;
        if looked > MAX_DIRS {
            break;
        }
        let known = lock().get(&dir).cloned();
        let site = match known {
            Some(s) => s,
            None => {
                let s = Site::in_dir(&dir).map(Arc::new);
                lock().entry(dir.clone()).or_insert(s).clone()
            }
        };
        if let Some(s) = site {
            sites.push(s);
        }
        if depth == DEPTH {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut below: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
            .filter(|e| {
                e.file_name().to_str().is_some_and(|n| {
                    !n.starts_with('.') && !PASSED_OVER.iter().any(|p| p.eq_ignore_ascii_case(n))
                })
            })
            .map(|e| e.path())
            .collect();
        below.sort();
        queue.extend(below.into_iter().map(|d| (d, depth + 1)));
    }
    sites
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    #[test]
    fn a_site_two_levels_down_serves_its_static_files_and_pages() {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().canonicalize().unwrap();
        write(&root, "website/mkdocs.yml", "site_name: x\n");
        write(&root, "website/docs/index.md", "# Home\n");
        write(&root, "website/docs/custom.md", "# Custom\n");
        write(&root, "website/docs/img/a.png", "png");
        let memo = Memo::default();
        let cache = Mutex::new(HashMap::new());
        let config = root.join("website/mkdocs.yml");
        assert_eq!(
            memo.site_serving(&root, "/img/a.png", &cache),
            Some(config.clone())
        );
        assert_eq!(memo.site_serving(&root, "/custom/", &cache), Some(config));
        assert_eq!(memo.site_serving(&root, "/img/b.png", &cache), None);
        assert_eq!(memo.site_serving(&root, "img/a.png", &cache), None);
    }

    #[test]
    fn dependencies_and_hidden_directories_are_not_looked_in() {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().canonicalize().unwrap();
        write(&root, "node_modules/x/mkdocs.yml", "site_name: x\n");
        write(&root, "node_modules/x/docs/img/a.png", "png");
        write(&root, ".github/mkdocs.yml", "site_name: x\n");
        write(&root, ".github/docs/img/a.png", "png");
        let memo = Memo::default();
        let cache = Mutex::new(HashMap::new());
        assert_eq!(memo.site_serving(&root, "/img/a.png", &cache), None);
    }

    #[test]
    fn the_note_names_the_site_and_the_least_link() {
        let memo = Memo::default();
        assert_eq!(memo.note(Path::to_path_buf), None);
        memo.count(
            "a/README.md".into(),
            "/img/x.png",
            "website/mkdocs.yml".into(),
        );
        memo.count("b/README.md".into(), "/docs/y", "website/mkdocs.yml".into());
        let note = memo.note(Path::to_path_buf).unwrap();
        assert!(
            note.starts_with("2 root-relative links not checked"),
            "{note}"
        );
        assert!(
            note.contains(
                "the site of website/mkdocs.yml serves (e.g. `/img/x.png` in a/README.md)"
            ),
            "{note}"
        );
    }
}
