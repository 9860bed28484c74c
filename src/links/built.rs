//! Built-site links: the links and ids of a site's built HTML, what
//! readers get (`check --links site --site-dir DIR`), each broken one
//! reported on the source line that produced it.
//!
//! This module owns reading the output tree of a site generator
//! ([`BuiltSite::read`]): every `*.html` page under `DIR` (symbolic links
//! are not followed, pages up to [`MAX_PAGE`] bytes, at most
//! [`MAX_PAGES`] of them), tokenized with `html5gum` for its ids
//! (`id` of any element, `name` of `<a>`), its `<base href>` and its
//! links (`a`/`area` `href`, `img`/`source` `src` and `srcset`, `link`
//! `href`, `script`, `iframe`, `embed`, `audio`, `video`, `track`,
//! `input` `src`, `video` `poster`, `object` `data`); resolving each
//! relative or root-relative link against the page's URL (RFC 3986
//! section 5.2; the page's URL is its path under `DIR` below the site's
//! base path); finding the file a static server sends for it
//! ([`BuiltSite::served`]: `x/` is `x/index.html`; `x` is `x`, else
//! `x.html`, else `x/index.html`; percent-decoded); and checking its
//! `#fragment` against the ids of that page (exactly, as a browser
//! does; an empty fragment and `#top` always scroll).
//!
//! Back to the source: the site model ([`Site::pages`]) gives the
//! source file of each built page; a link of that source whose target
//! is the broken one ([`BuiltSite::attribute`]: the same reference as
//! written, the same target once resolved by [`Site::resolve`] or
//! against the page's URL, else the same last path segment, with the
//! same fragment) takes the finding, on its own line. What no source
//! link takes (theme navigation, a page without a source, an include)
//! is given back by [`BuiltSite::unattributed`], once per target, on
//! the built page where it first appears.
//!
//! It does not own finding links in the sources (`crate::format`) nor
//! reporting (`crate::run::check`, the rules `L001` and `L002`); it
//! never opens a network connection.

use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::shown;
use crate::grammar::has_scheme;
use crate::position::LineTracker;
use crate::site::{base_path_of, percent_decode_bytes, resolve_path, Resolved, Site};

/// The most bytes of a built page read (16 MiB, as for a link's target
/// document): a larger page is not read, its links are not checked and
/// fragments into it are not looked at.
pub const MAX_PAGE: u64 = super::anchors::MAX_DOCUMENT;

/// The most files of the built tree looked at ([`crate::site::MAX_FILES`]).
pub const MAX_PAGES: usize = crate::site::MAX_FILES;

/// What is wrong with a link of a built page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuiltProblem {
    /// Nothing under the site directory is served at the URL.
    MissingTarget,
    /// The target page (its path under the site directory, `/`-separated)
    /// has no id or `<a name>` equal to the fragment.
    MissingAnchor {
        /// The target page, relative to the site directory.
        page: String,
    },
}

/// A broken link of a built page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The page, relative to the site directory (`/`-separated).
    pub page: String,
    /// Byte offset (0-based) of the link's attribute value in the page.
    pub byte_offset: u64,
    /// Byte offset (0-based, exclusive) of the end of the attribute value.
    pub end_offset: u64,
    /// The link as written (the attribute value, entities decoded; one
    /// candidate of a `srcset`).
    pub href: String,
    /// The URL path it leads to, percent-decoded, without the base path
    /// and without its leading `/` (`guide/x.html`).
    pub url: String,
    /// The fragment, percent-decoded; `None` when there is none.
    pub fragment: Option<String>,
    /// What is wrong.
    pub problem: BuiltProblem,
}

/// A broken link given back by [`BuiltSite::unattributed`]: reported on
/// the built page, since no source line took it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unattributed {
    /// The first occurrence (pages in path order).
    pub broken: Broken,
    /// How many built pages carry a link to the same target and fragment.
    pub pages: usize,
    /// The source of the page, when the site model knows one.
    pub source: Option<PathBuf>,
    /// True when the links of that source were looked at (it was among
    /// the paths checked and has links).
    pub source_read: bool,
}

/// A finding for a link of a source file ([`BuiltSite::attribute`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attributed {
    /// The broken link of the built page.
    pub broken: Broken,
}

/// The built HTML of a site, read and checked; the findings waiting for
/// the source lines that made them.
#[derive(Debug)]
pub struct BuiltSite {
    /// The site directory as given (findings on built pages are named
    /// under it).
    dir: PathBuf,
    /// The site directory, absolute, symbolic links resolved.
    real: PathBuf,
    /// The URL path the site directory is served at (`/` or `/docs/`).
    base_path: String,
    /// `--site-url`: absolute links that start with it are the site's.
    site_url: Option<String>,
    /// The site model of the sources, when one was found.
    site: Option<Arc<Site>>,
    /// Built page (relative to the site directory) to its source file.
    sources: HashMap<String, PathBuf>,
    /// Source file (absolute, symbolic links resolved) to its built page.
    pages_of: HashMap<PathBuf, String>,
    /// The broken links, pages in path order, links in page order.
    broken: Vec<Broken>,
    /// Indexes into `broken` of each page's broken links.
    by_page: HashMap<String, Vec<usize>>,
    /// Which of `broken` a source line took.
    attributed: Mutex<Vec<bool>>,
    /// Source path as the walk gave it to its built page (`None`: none).
    page_cache: Mutex<HashMap<PathBuf, Option<(PathBuf, String)>>>,
    /// Counts, for a message: pages read, links checked.
    counts: (usize, usize),
    /// What could not be read (a page over [`MAX_PAGE`] bytes, a tree
    /// over [`MAX_PAGES`] files), for a note once a run.
    notes: Vec<String>,
}

/// What a URL path of the site leads to ([`BuiltSite::served`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Served {
    /// A file under the site directory (its path relative to it,
    /// `/`-separated, symbolic links inside it resolved).
    File(String),
    /// Nothing is served there.
    Missing,
    /// A symbolic link out of the site directory: not looked at.
    Outside,
}

/// The ids, `<base href>` and links of one page.
#[derive(Debug, Default)]
struct Parsed {
    ids: HashSet<String>,
    base: Option<String>,
    /// (value, byte offset of the value, end offset).
    links: Vec<(String, u64, u64)>,
}

/// A fragment that scrolls without an id: empty, `top` (HTML: any
/// case), or a text fragment directive alone (`:~:text=`; see
/// [`crate::links::anchors::element_id`]).
fn always_there(fragment: &str) -> bool {
    let fragment = crate::links::anchors::element_id(fragment);
    fragment.is_empty() || fragment.eq_ignore_ascii_case("top")
}

impl BuiltSite {
    /// Reads and checks the built site in `dir`. `site_url` (`--site-url`)
    /// gives the base path and the absolute URLs that are the site's own;
    /// without it the base path is that of the site model. `site` is the
    /// site model of the sources (`None`: every finding is reported on
    /// the built page).
    ///
    /// # Errors
    /// A message when `dir` is not a directory that can be read.
    pub fn read(
        dir: &Path,
        site_url: Option<&str>,
        site: Option<Arc<Site>>,
    ) -> Result<BuiltSite, String> {
        let real =
            std::fs::canonicalize(dir).map_err(|e| format!("--site-dir {}: {e}", dir.display()))?;
        if !real.is_dir() {
            return Err(format!("--site-dir {}: not a directory", dir.display()));
        }
        let base_path = match (site_url, &site) {
            (Some(u), _) => base_path_of(u),
            (None, Some(s)) => base_path_of(&s.layout.base_path),
            (None, None) => "/".into(),
        };
        let mut b = BuiltSite {
            dir: dir.to_path_buf(),
            real,
            base_path,
            site_url: site_url.map(|u| u.trim_end_matches('/').to_string()),
            site,
            sources: HashMap::new(),
            pages_of: HashMap::new(),
            broken: Vec::new(),
            by_page: HashMap::new(),
            attributed: Mutex::new(Vec::new()),
            page_cache: Mutex::new(HashMap::new()),
            counts: (0, 0),
            notes: Vec::new(),
        };
        b.map_sources();
        b.check_pages();
        Ok(b)
    }

    /// The site model, reverse: the built page of every source page.
    fn map_sources(&mut self) {
        let Some(site) = self.site.clone() else {
            return;
        };
        let mut pairs: Vec<(PathBuf, String)> = site
            .pages()
            .map(|(f, u)| (f.to_path_buf(), u.to_string()))
            .collect();
        pairs.sort();
        for (source, url) in pairs {
            let rel = url.trim_start_matches('/');
            if let Served::File(page) = self.served(rel) {
                if is_html(&page) {
                    self.sources.entry(page.clone()).or_insert(source.clone());
                    self.pages_of.insert(source, page);
                }
            }
        }
    }

    /// Built pages the site model gives no source (a page at a URL a
    /// plugin makes: MkDocs Material's blog post at
    /// `/blog/2025/11/11/x/`) take the page source whose file name without
    /// its extension is the page's last URL segment (`blog/posts/x.md`),
    /// when exactly one such source and one such page have no other
    /// mapping.
    fn map_by_name(&mut self, files: &[String]) {
        let Some(site) = self.site.clone() else {
            return;
        };
        let extensions = &site.layout.page_extensions;
        let mut by_stem: HashMap<String, Vec<PathBuf>> = HashMap::new();
        for (f, _) in site.pages() {
            if self.pages_of.contains_key(f) {
                continue;
            }
            let name = f
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let Some((stem, ext)) = name.rsplit_once('.') else {
                continue;
            };
            if extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)) {
                by_stem
                    .entry(stem.to_lowercase())
                    .or_default()
                    .push(f.to_path_buf());
            }
        }
        let mut pages: HashMap<String, Vec<&String>> = HashMap::new();
        for page in files.iter().filter(|p| !self.sources.contains_key(*p)) {
            let stem = last_segment(&self.key(page)).to_lowercase();
            if !(stem.is_empty() || matches!(stem.as_str(), "index" | "readme" | "404")) {
                pages.entry(stem).or_default().push(page);
            }
        }
        for (stem, on) in pages {
            if let ([page], Some([source])) = (on.as_slice(), by_stem.get(&stem).map(Vec::as_slice))
            {
                self.sources.insert((*page).clone(), source.clone());
                self.pages_of.insert(source.clone(), (*page).clone());
            }
        }
    }

    /// Reads every page (ids first, then links against them).
    fn check_pages(&mut self) {
        let (files, truncated) = html_files(&self.real);
        self.map_by_name(&files);
        if truncated {
            self.notes.push(format!(
                "{}: more than {MAX_PAGES} files: the rest not read",
                self.dir.display()
            ));
        }
        let mut parsed = parse_pages(&self.real, &files, self.site_url.as_deref());
        let mut ids: HashMap<String, Option<HashSet<String>>> = HashMap::new();
        let mut large = 0usize;
        for (rel, page) in files.iter().zip(parsed.iter_mut()) {
            match page {
                Some(p) => {
                    ids.insert(rel.clone(), Some(std::mem::take(&mut p.ids)));
                }
                None => {
                    large += 1;
                    ids.insert(rel.clone(), None);
                }
            }
        }
        if large > 0 {
            self.notes.push(format!(
                "{}: {large} page{} larger than {MAX_PAGE} bytes or unreadable: not checked",
                self.dir.display(),
                if large == 1 { "" } else { "s" }
            ));
        }
        let mut served: HashMap<String, Served> = HashMap::new();
        let mut checked = 0usize;
        for (rel, page) in files.iter().zip(parsed) {
            let Some(page) = page else {
                continue;
            };
            for (value, at, end) in &page.links {
                checked += 1;
                let Some((url, fragment)) = self.target_of(rel, page.base.as_deref(), value) else {
                    continue;
                };
                let target = served
                    .entry(url.clone())
                    .or_insert_with(|| self.served(&url))
                    .clone();
                let problem = match target {
                    Served::Outside => continue,
                    Served::Missing => Some(BuiltProblem::MissingTarget),
                    Served::File(t) => match (&fragment, ids.get(&t)) {
                        (Some(f), Some(Some(t_ids))) if !always_there(f) => {
                            let raw = value.split_once('#').map_or("", |(_, r)| r);
                            let (f, raw) = (
                                crate::links::anchors::element_id(f),
                                crate::links::anchors::element_id(raw),
                            );
                            (!t_ids.contains(f) && !t_ids.contains(raw))
                                .then(|| BuiltProblem::MissingAnchor { page: t.clone() })
                        }
                        _ => None,
                    },
                };
                if let Some(problem) = problem {
                    self.by_page
                        .entry(rel.clone())
                        .or_default()
                        .push(self.broken.len());
                    self.broken.push(Broken {
                        page: rel.clone(),
                        byte_offset: *at,
                        end_offset: *end,
                        href: value.clone(),
                        url,
                        fragment,
                        problem,
                    });
                }
            }
        }
        self.counts = (files.len(), checked);
        if let Ok(mut a) = self.attributed.lock() {
            *a = vec![false; self.broken.len()];
        }
    }

    /// The URL path (decoded, without the base path and its leading `/`)
    /// and fragment (decoded) that `value`, a link of the built page
    /// `page` (relative to the site directory) whose `<base href>` is
    /// `base`, leads to; `None` when it is not the site's (another
    /// scheme or host, outside the base path) or is template syntax
    /// (`{{`, `{%`).
    fn target_of(
        &self,
        page: &str,
        base: Option<&str>,
        value: &str,
    ) -> Option<(String, Option<String>)> {
        let v = value.trim_matches(|c: char| c.is_ascii_whitespace());
        if v.contains("{{") || v.contains("{%") {
            // Template syntax: a template copied into the site as it is
            // (a theme directory under the docs), not a link.
            return None;
        }
        let v = self.own_path(v)?;
        let (path, fragment) = match v.split_once('#') {
            Some((p, f)) => (p, Some(decode(f))),
            None => (v.as_str(), None),
        };
        let path = path.split_once('?').map_or(path, |(p, _)| p);
        let page_url = format!("{}{page}", self.base_path);
        let document = match base.map(|b| b.trim()) {
            None | Some("") => page_url,
            Some(b) => {
                let b = self.own_path(b)?;
                let b = b.split(['?', '#']).next().unwrap_or_default();
                if b.starts_with('/') {
                    b.to_string()
                } else {
                    resolve_path(&page_url, b)
                }
            }
        };
        let served = if path.starts_with('/') {
            resolve_path("/", path.trim_start_matches('/'))
        } else if path.is_empty() {
            document
        } else {
            resolve_path(&document, path)
        };
        let served = decode(&served);
        let rel = if served == self.base_path.trim_end_matches('/') {
            ""
        } else {
            served.strip_prefix(self.base_path.as_str())?
        };
        Some((rel.to_string(), fragment))
    }

    /// `v` (trimmed) when it is a path of this site: a relative or
    /// root-relative reference, or an absolute URL starting with the site
    /// URL (given back as its root-relative path); `None` for another
    /// scheme or host.
    fn own_path(&self, v: &str) -> Option<String> {
        if v.starts_with("//") {
            return None;
        }
        if !has_scheme(v) {
            return Some(v.to_string());
        }
        let site = self.site_url.as_deref()?;
        let head = v.get(..site.len())?;
        if !head.eq_ignore_ascii_case(site) {
            return None;
        }
        let rest = &v[site.len()..];
        if !(rest.is_empty() || rest.starts_with(['/', '#', '?'])) {
            return None;
        }
        let base = self.base_path.trim_end_matches('/');
        Some(if rest.starts_with('/') {
            format!("{base}{rest}")
        } else {
            format!("{base}/{rest}")
        })
    }

    /// The file a static server sends for the URL path `rel` (decoded,
    /// under the base path, without its leading `/`): `x/` is
    /// `x/index.html`; `x` is the file `x`, else `x.html`, else
    /// `x/index.html`. A symbolic link out of the site directory is not
    /// followed ([`Served::Outside`]).
    pub fn served(&self, rel: &str) -> Served {
        if rel.contains('\0') {
            return Served::Missing;
        }
        let candidates: Vec<String> = if rel.is_empty() || rel.ends_with('/') {
            vec![format!("{rel}index.html")]
        } else {
            vec![
                rel.to_string(),
                format!("{rel}.html"),
                format!("{rel}/index.html"),
            ]
        };
        let mut outside = false;
        for c in candidates {
            let path = self.real.join(&c);
            match std::fs::canonicalize(&path) {
                Ok(real) => match real.strip_prefix(&self.real) {
                    Ok(inside) if real.is_file() => {
                        return Served::File(slashed(inside));
                    }
                    Ok(_) => {}
                    Err(_) => outside = true,
                },
                Err(_) => continue,
            }
        }
        if outside {
            Served::Outside
        } else {
            Served::Missing
        }
    }

    /// True when `path` lies in the site directory (a walked input that
    /// is the built output, not a source).
    pub fn holds(&self, path: &Path) -> bool {
        std::fs::canonicalize(path).is_ok_and(|p| p.starts_with(&self.real))
    }

    /// The site directory as given.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// A built page's path as shown: under the site directory as given.
    pub fn shown(&self, page: &str) -> PathBuf {
        self.dir.join(page)
    }

    /// How many pages were read and how many of their links looked at.
    pub fn counts(&self) -> (usize, usize) {
        self.counts
    }

    /// What could not be read, for a note once a run.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Every broken link found, pages in path order.
    pub fn broken(&self) -> &[Broken] {
        &self.broken
    }

    /// The built page of the source `source` (a path as the walk gave
    /// it) with the source made absolute; `None` when the site model
    /// knows none.
    fn page_of(&self, source: &Path) -> Option<(PathBuf, String)> {
        if let Some(known) = self.page_cache.lock().ok()?.get(source) {
            return known.clone();
        }
        let found = std::fs::canonicalize(source)
            .ok()
            .and_then(|real| Some((real.clone(), self.pages_of.get(&real)?.clone())));
        if let Ok(mut c) = self.page_cache.lock() {
            c.insert(source.to_path_buf(), found.clone());
        }
        found
    }

    /// The finding for `reference`, a link (as written) of the source file
    /// `source`, when the page built from it has a broken link that this
    /// link made: the same reference as written, else the same target
    /// (through [`Site::resolve`] or against the page's URL), else the same
    /// last path segment (`x.md` and `x.html`); with the same fragment.
    /// Every broken link of the page it matches is taken (not reported
    /// again on the built page). `None` when none matches.
    pub fn attribute(&self, source: &Path, reference: &str) -> Option<Attributed> {
        let (real, page) = self.page_of(source)?;
        let indexes = self.by_page.get(&page)?;
        let reference = reference.trim();
        if reference.starts_with("//") || has_scheme(reference) {
            return None;
        }
        let (path, fragment) = match reference.split_once('#') {
            Some((p, f)) => (p, Some(decode(f)).filter(|f| !f.is_empty())),
            None => (reference, None),
        };
        let path = path.split_once('?').map_or(path, |(p, _)| p);
        let same_fragment =
            |b: &Broken| b.fragment.as_deref().filter(|f| !f.is_empty()) == fragment.as_deref();
        let keys = self.source_keys(&real, &page, path);
        let stem = last_segment(&self.key(&plain_key(path, self.site.as_deref())));
        let exact: Vec<usize> = indexes
            .iter()
            .copied()
            .filter(|&i| {
                let b = &self.broken[i];
                same_fragment(b) && (b.href.trim() == reference || keys.contains(&self.key(&b.url)))
            })
            .collect();
        let taken = if exact.is_empty() {
            indexes
                .iter()
                .copied()
                .filter(|&i| {
                    let b = &self.broken[i];
                    same_fragment(b) && !stem.is_empty() && last_segment(&self.key(&b.url)) == stem
                })
                .collect()
        } else {
            exact
        };
        let first = *taken.first()?;
        if let Ok(mut a) = self.attributed.lock() {
            for i in &taken {
                if let Some(x) = a.get_mut(*i) {
                    *x = true;
                }
            }
        }
        Some(Attributed {
            broken: self.broken[first].clone(),
        })
    }

    /// The keys ([`BuiltSite::key`]) of the targets the path `path` of a
    /// source link may lead to, from the source `real` built as `page`.
    fn source_keys(&self, real: &Path, page: &str, path: &str) -> HashSet<String> {
        let mut keys = HashSet::new();
        if path.is_empty() {
            keys.insert(self.key(page));
            return keys;
        }
        let Some(site) = &self.site else {
            return keys;
        };
        match site.resolve(real, path) {
            Resolved::File(t) => {
                if let Some(p) = self.pages_of.get(&t) {
                    keys.insert(self.key(p));
                } else if let Some(u) = site.page_url(&t) {
                    keys.insert(self.key(&u));
                }
            }
            Resolved::Missing { url } => {
                keys.insert(self.key(&url));
            }
            Resolved::Served | Resolved::NotChecked | Resolved::Unsure { .. } => {}
        }
        // Against the page's URL, as the generator rewrites `x.md`.
        let decoded = decode(path);
        let url = if let Some(rooted) = decoded.strip_prefix('/') {
            format!("/{rooted}")
        } else {
            resolve_path(&format!("/{page}"), &decoded)
        };
        keys.insert(self.key(&source_key(&url, Some(site))));
        keys.insert(self.key(&plain_key(&url, Some(site))));
        keys
    }

    /// The key a URL path is compared by: no leading or trailing `/`,
    /// without a last `index.html` or `.html`; lowercased when the site's
    /// URLs match without regard to case.
    fn key(&self, url: &str) -> String {
        let u = url.trim_start_matches('/');
        let u = u.strip_suffix("index.html").unwrap_or(u);
        let u = u
            .strip_suffix(".html")
            .or_else(|| u.strip_suffix(".htm"))
            .unwrap_or(u);
        let u = u.trim_end_matches('/');
        if self
            .site
            .as_ref()
            .is_some_and(|s| s.layout.case_insensitive_urls)
        {
            u.to_lowercase()
        } else {
            u.to_string()
        }
    }

    /// The broken links no source line took, once per (target, fragment,
    /// problem): the first in page order, with the number of pages that
    /// carry it. Links whose target and fragment a source line took too
    /// (a copy of a chapter on a print page) are left out.
    pub fn unattributed(&self) -> Vec<Unattributed> {
        let taken = self
            .attributed
            .lock()
            .map(|a| a.clone())
            .unwrap_or_default();
        let done: HashSet<(String, Option<String>)> = self
            .broken
            .iter()
            .zip(&taken)
            .filter(|(_, t)| **t)
            .map(|(b, _)| (self.key(&b.url), b.fragment.clone()))
            .collect();
        // A missing anchor a source line took, copied to another page
        // (mdBook's print.html makes `x.html#a` its own `#a`).
        let done_fragments: HashSet<&str> = self
            .broken
            .iter()
            .zip(&taken)
            .filter(|(b, t)| **t && matches!(b.problem, BuiltProblem::MissingAnchor { .. }))
            .filter_map(|(b, _)| b.fragment.as_deref())
            .collect();
        let read: HashSet<PathBuf> = self
            .page_cache
            .lock()
            .map(|c| c.values().flatten().map(|(r, _)| r.clone()).collect())
            .unwrap_or_default();
        let mut out: Vec<Unattributed> = Vec::new();
        // (target key, fragment, missing target) to (index in `out`, pages).
        type Group = (String, Option<String>, bool);
        let mut seen: HashMap<Group, (usize, HashSet<&str>)> = HashMap::new();
        for (b, t) in self.broken.iter().zip(&taken) {
            let key = (self.key(&b.url), b.fragment.clone());
            let copied_anchor = matches!(b.problem, BuiltProblem::MissingAnchor { .. })
                && b.fragment
                    .as_deref()
                    .is_some_and(|f| done_fragments.contains(f));
            if *t || done.contains(&key) || copied_anchor {
                continue;
            }
            let group = (
                key.0,
                key.1,
                matches!(b.problem, BuiltProblem::MissingTarget),
            );
            match seen.get_mut(&group) {
                Some((i, pages)) => {
                    pages.insert(&b.page);
                    out[*i].pages = pages.len();
                }
                None => {
                    seen.insert(group, (out.len(), HashSet::from([b.page.as_str()])));
                    let source = self.sources.get(&b.page).cloned();
                    out.push(Unattributed {
                        broken: b.clone(),
                        pages: 1,
                        source_read: source.as_ref().is_some_and(|s| read.contains(s)),
                        source,
                    });
                }
            }
        }
        out
    }
}

/// The site model of the built site in `dir`, whose sources are among
/// `sources`: the nearest directory above `dir` holding a generator's
/// configuration (the output is usually inside the project: `site/`,
/// `book/`, `_site/`, `public/`, `.vitepress/dist/`), else the nearest one
/// at or above a path of `sources`. `choice` limits the generators
/// looked for (`[links] site`); `None` when there is no site or `choice`
/// is [`super::SiteChoice::None`].
pub fn site_for(dir: &Path, sources: &[PathBuf], choice: super::SiteChoice) -> Option<Arc<Site>> {
    use super::SiteChoice;
    if choice == SiteChoice::None {
        return None;
    }
    let fits = |s: &Site| match choice {
        SiteChoice::Only(g) => s.generator() == g,
        _ => true,
    };
    let real = std::fs::canonicalize(dir).ok()?;
    let mut starts: Vec<PathBuf> = real.parent().map(Path::to_path_buf).into_iter().collect();
    for s in sources {
        if let Ok(r) = std::fs::canonicalize(s) {
            starts.push(if r.is_dir() {
                r
            } else {
                r.parent().map(Path::to_path_buf).unwrap_or(r)
            });
        }
    }
    for start in starts {
        for d in start.ancestors() {
            if let Some(s) = Site::in_dir(d).filter(|s| fits(s)) {
                return Some(Arc::new(s));
            }
            // Not above a directory others may write (M7 of the
            // 2026-11-29 review).
            if crate::site::others_may_write(d) {
                break;
            }
        }
    }
    None
}

/// The message of a finding for the broken link `b` of the site in
/// `site_dir` (as given): `L001` `links to /x.html, which the built
/// site (book) does not serve`, `L002` `no anchor 'x' in book/y.html`.
pub fn message(b: &Broken, site_dir: &Path) -> String {
    match &b.problem {
        BuiltProblem::MissingTarget => format!(
            "links to /{}, which the built site {} does not serve",
            b.url,
            site_dir.display()
        ),
        BuiltProblem::MissingAnchor { page } => format!(
            "no anchor {} in the built page {}",
            crate::lint::quote(b.fragment.as_deref().unwrap_or_default()),
            site_dir.join(page).display()
        ),
    }
}

/// What is added to [`message`] for a link reported on its built page
/// `u`: why there, and on how many pages it is.
pub fn unattributed_note(u: &Unattributed) -> String {
    let why = match &u.source {
        Some(s) if u.source_read => format!(
            "on the built page: no link of its source {} matches",
            shown(s).display()
        ),
        Some(s) => format!(
            "on the built page: its source {} was not checked, or has no links",
            shown(s).display()
        ),
        None => "on the built page: it has no source, a theme or generated page".to_string(),
    };
    if u.pages > 1 {
        format!("{why}; {} pages carry it", u.pages)
    } else {
        why
    }
}

/// Line, column (1-based, columns in Unicode scalar values) of byte
/// `offset` of `bytes`.
pub fn position(bytes: &[u8], offset: u64) -> crate::position::Position {
    let mut t = LineTracker::new();
    let end = usize::try_from(offset)
        .unwrap_or(usize::MAX)
        .min(bytes.len());
    t.advance(&bytes[..end]);
    t.position()
}

/// A built page's bytes, up to [`MAX_PAGE`]; `None` when larger or not
/// readable.
pub fn read_page(path: &Path) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_PAGE + 1).read_to_end(&mut bytes))
        .ok()?;
    (bytes.len() as u64 <= MAX_PAGE).then_some(bytes)
}

/// The key of a source link's path with its page extension taken off
/// (`x.md` is `x`, `README.md` is `README`: mdBook rewrites a link to
/// `README.md` to `README.html`, though it builds the chapter as
/// `index.html`).
fn plain_key(path: &str, site: Option<&Site>) -> String {
    let decoded = decode(path);
    let extensions: &[&str] = match site {
        Some(s) => &s.layout.page_extensions,
        None => &["md"],
    };
    for e in extensions {
        if let Some(stem) = decoded
            .strip_suffix(e)
            .and_then(|s| s.strip_suffix('.'))
            .filter(|s| !s.is_empty() && !s.ends_with('/'))
        {
            return stem.to_string();
        }
    }
    decoded
}

/// The key of a source link's path: as [`BuiltSite::key`] after the
/// generator's rewrite of a page source (`x.md` is `x`, `dir/README.md`
/// is `dir/`).
fn source_key(path: &str, site: Option<&Site>) -> String {
    let decoded = decode(path);
    let (dir, name) = match decoded.rsplit_once('/') {
        Some((d, n)) => (format!("{d}/"), n.to_string()),
        None => (String::new(), decoded.clone()),
    };
    let (indexes, extensions): (&[&str], &[&str]) = match site {
        Some(s) => (&s.layout.index_names, &s.layout.page_extensions),
        None => (&["index.md", "README.md"], &["md"]),
    };
    if indexes.iter().any(|i| i.eq_ignore_ascii_case(&name)) {
        return dir;
    }
    for e in extensions {
        if let Some(stem) = name
            .strip_suffix(e)
            .and_then(|s| s.strip_suffix('.'))
            .filter(|s| !s.is_empty())
        {
            return format!("{dir}{stem}");
        }
    }
    decoded
}

/// The last `/`-separated segment of a key (`guide/x` gives `x`).
fn last_segment(key: &str) -> String {
    key.rsplit('/').next().unwrap_or_default().to_string()
}

/// `%XX` decoded, as UTF-8 (lossily).
fn decode(s: &str) -> String {
    String::from_utf8_lossy(&percent_decode_bytes(s.as_bytes())).into_owned()
}

/// `p` (relative) with `/` between its components.
fn slashed(p: &Path) -> String {
    p.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// True for a page name ending in `.html` or `.htm` (any case).
fn is_html(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.ends_with(".html") || lower.ends_with(".htm")
}

/// The HTML pages under `dir` (relative, `/`-separated, sorted); symbolic
/// links and `.git` are not entered. At most [`MAX_PAGES`] files are
/// looked at; the flag says the tree had more.
fn html_files(dir: &Path) -> (Vec<String>, bool) {
    let (mut seen, mut truncated) = (0, false);
    let mut out: Vec<String> = crate::site::files_under(
        dir,
        |name| name == ".git",
        MAX_PAGES,
        &mut seen,
        &mut truncated,
    )
    .into_iter()
    .filter(|(_, rel)| is_html(rel.rsplit('/').next().unwrap_or(rel)))
    .map(|(_, rel)| rel)
    .collect();
    out.sort();
    (out, truncated)
}

/// The pages `files` (relative to `real`) read and parsed ([`parse`]), on
/// as many threads as there are cores; `None` for a page over
/// [`MAX_PAGE`] bytes or unreadable. Only the links that may be the
/// site's are kept: relative and root-relative ones, and absolute ones
/// starting with `site_url`.
fn parse_pages(real: &Path, files: &[String], site_url: Option<&str>) -> Vec<Option<Parsed>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 8);
    let local = |v: &str| {
        let v = v.trim_matches(|c: char| c.is_ascii_whitespace());
        if !v.starts_with("//") && !has_scheme(v) {
            return true;
        }
        site_url.is_some_and(|u| {
            v.get(..u.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(u))
        })
    };
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(rel) = files.get(i) else {
                return done;
            };
            let page = read_page(&real.join(rel)).map(|bytes| {
                let mut p = parse(&bytes);
                p.links.retain(|(v, _, _)| local(v));
                p
            });
            done.push((i, page));
        }
    };
    let mut out: Vec<Option<Parsed>> = Vec::new();
    out.resize_with(files.len(), || None);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
        for h in handles {
            for (i, page) in h.join().unwrap_or_default() {
                if let Some(slot) = out.get_mut(i) {
                    *slot = page;
                }
            }
        }
    });
    out
}

/// The link attributes of `element` (lowercase) checked.
fn link_attributes(element: &[u8]) -> &'static [&'static [u8]] {
    match element {
        b"a" | b"area" | b"link" => &[b"href"],
        b"img" | b"source" => &[b"src", b"srcset"],
        b"script" | b"iframe" | b"embed" | b"audio" | b"track" | b"input" => &[b"src"],
        b"video" => &[b"src", b"poster"],
        b"object" => &[b"data"],
        _ => &[],
    }
}

/// The ids, first `<base href>` and links of the page `html`, tokenized
/// by html5gum (script and style contents skipped as a browser's
/// tokenizer does).
fn parse(html: &[u8]) -> Parsed {
    use html5gum::{DefaultEmitter, Token, Tokenizer};
    let guarded = crate::format::html::guard_attributes(html);
    let mut emitter = DefaultEmitter::<usize>::new_with_span();
    emitter.naively_switch_states(true);
    let mut out = Parsed::default();
    for token in Tokenizer::new_with_emitter(&guarded[..], emitter).flatten() {
        let Token::StartTag(tag) = token else {
            continue;
        };
        let name: &[u8] = &tag.name;
        let attr = |a: &[u8]| {
            tag.attributes
                .get(a)
                .map(|v| (String::from_utf8_lossy(&v.value).into_owned(), v.span))
        };
        if let Some((id, _)) = attr(b"id") {
            out.ids.insert(id);
        }
        if name == b"a" {
            if let Some((n, _)) = attr(b"name") {
                out.ids.insert(n);
            }
        }
        if name == b"base" && out.base.is_none() {
            out.base = attr(b"href").map(|(v, _)| v);
            continue;
        }
        if name == b"link" {
            let rel = attr(b"rel").map(|(r, _)| r.to_ascii_lowercase());
            if rel.is_some_and(|r| {
                r.split_ascii_whitespace()
                    .any(|t| matches!(t, "preconnect" | "dns-prefetch"))
            }) {
                continue;
            }
        }
        for a in link_attributes(name) {
            let Some((value, span)) = attr(a) else {
                continue;
            };
            let (at, end) = value_span(html, span.start, span.end);
            if *a == b"srcset" {
                for url in srcset_urls(&value) {
                    out.links.push((url, at, end));
                }
            } else {
                out.links.push((value, at, end));
            }
        }
    }
    out
}

/// The byte span (0-based, end exclusive) of an attribute's value in
/// `html`, from its span (name to end): after `=`, white space and a
/// quote; up to the closing quote, or white space or `>` unquoted.
fn value_span(html: &[u8], start: usize, end: usize) -> (u64, u64) {
    let end = end.min(html.len());
    let start = start.min(end);
    let within = &html[start..end];
    let Some(eq) = memchr::memchr(b'=', within) else {
        return (start as u64, start as u64);
    };
    let mut i = start + eq + 1;
    while i < html.len() && html[i].is_ascii_whitespace() {
        i += 1;
    }
    match html.get(i) {
        Some(&q @ (b'"' | b'\'')) => {
            let s = i + 1;
            let e = memchr::memchr(q, &html[s..]).map_or(html.len(), |n| s + n);
            (s as u64, e as u64)
        }
        _ => {
            let n = html[i..]
                .iter()
                .take_while(|b| !b.is_ascii_whitespace() && **b != b'>')
                .count();
            (i as u64, (i + n) as u64)
        }
    }
}

/// The URLs of a `srcset` value (HTML: candidates separated by commas,
/// each a URL then optional descriptors; a URL's trailing commas are not
/// its own).
fn srcset_urls(value: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = value;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == ',');
        if rest.is_empty() {
            return out;
        }
        let n = rest
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        let url = rest[..n].trim_end_matches(',');
        let had_comma = url.len() < n;
        if !url.is_empty() {
            out.push(url.to_string());
        }
        rest = &rest[n..];
        if !had_comma {
            // Descriptors up to the next comma outside parentheses.
            let mut depth = 0i32;
            let mut cut = rest.len();
            for (i, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    ',' if depth <= 0 => {
                        cut = i;
                        break;
                    }
                    _ => {}
                }
            }
            rest = &rest[cut..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn write(root: &Path, rel: &str, text: &str) {
        let p = root.join(rel);
        if let Some(d) = p.parent() {
            fs::create_dir_all(d).unwrap_or_else(|e| panic!("{e}"));
        }
        fs::write(p, text).unwrap_or_else(|e| panic!("{e}"));
    }

    fn site(dir: &Path, site_url: Option<&str>) -> BuiltSite {
        BuiltSite::read(dir, site_url, None).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn urls_map_to_files_as_a_static_server_does() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let d = t.path();
        write(d, "index.html", "<p>");
        write(d, "guide/index.html", "<p>");
        write(d, "guide/x.html", "<p>");
        write(d, "sub dir/y.png", "");
        fs::create_dir_all(d.join("empty")).unwrap_or_else(|e| panic!("{e}"));
        let b = site(d, None);
        let file = |s: &str| Served::File(s.into());
        assert_eq!(b.served(""), file("index.html"));
        assert_eq!(b.served("guide/"), file("guide/index.html"));
        assert_eq!(b.served("guide"), file("guide/index.html"));
        assert_eq!(b.served("guide/x"), file("guide/x.html"));
        assert_eq!(b.served("guide/x.html"), file("guide/x.html"));
        assert_eq!(b.served("sub dir/y.png"), file("sub dir/y.png"));
        assert_eq!(b.served("guide/x/"), Served::Missing);
        assert_eq!(b.served("empty/"), Served::Missing);
        assert_eq!(b.served("nothing"), Served::Missing);
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_out_of_the_site_is_not_followed() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        write(t.path(), "secret.html", "<h1 id=\"token\">");
        write(t.path(), "site/index.html", "<a href=\"out.html#nope\">");
        std::os::unix::fs::symlink(t.path().join("secret.html"), t.path().join("site/out.html"))
            .unwrap_or_else(|e| panic!("{e}"));
        let b = site(&t.path().join("site"), None);
        assert_eq!(b.served("out.html"), Served::Outside);
        assert!(b.broken().is_empty(), "{:?}", b.broken());
    }

    #[test]
    fn links_fragments_and_base_paths() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let d = t.path();
        write(
            d,
            "guide/x.html",
            "<h2 id=\"Setup\">s</h2><a name=\"old\"></a>\n\
             <a href=\"#Setup\">ok</a><a href=\"#setup\">case</a><a href=\"#old\">ok</a>\n\
             <a href=\"#top\">ok</a><a href=\"#\">ok</a><a href=\"../index.html#intro\">ok</a>\n\
             <a href=\"/docs/guide/x#Setup\">ok</a><a href=\"/other/y.html\">not ours</a>\n\
             <a href=\"https://example.org/docs/gone/\">gone</a>\n\
             <a href=\"https://elsewhere.example/gone\">other</a><a href=\"mailto:a@b\">m</a>\n\
             <img srcset=\"../img/a.png 1x, ../img/b.png 2x\"><a href=\"javascript:void(0)\">j</a>\n\
             <script>var s = '<a href=\"nowhere.html\">';</script>\n\
             <a href=\"{{ nav.homepage.url | url }}\">a template</a>",
        );
        write(d, "index.html", "<h1 id=\"intro\">i</h1>");
        write(d, "img/a.png", "");
        let b = site(d, Some("https://example.org/docs/"));
        let found: Vec<(String, Option<String>, &BuiltProblem)> = b
            .broken()
            .iter()
            .map(|x| (x.url.clone(), x.fragment.clone(), &x.problem))
            .collect();
        let anchor = BuiltProblem::MissingAnchor {
            page: "guide/x.html".into(),
        };
        assert_eq!(
            found,
            vec![
                ("guide/x.html".into(), Some("setup".into()), &anchor),
                ("gone/".into(), None, &BuiltProblem::MissingTarget),
                ("img/b.png".into(), None, &BuiltProblem::MissingTarget),
            ]
        );
        let page = fs::read(d.join("guide/x.html")).unwrap_or_else(|e| panic!("{e}"));
        let first = &b.broken()[0];
        assert_eq!(
            &page[first.byte_offset as usize..first.end_offset as usize],
            b"#setup"
        );
        assert_eq!(position(&page, first.byte_offset).line, 2);
    }

    #[test]
    fn a_base_href_is_what_links_resolve_against() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let d = t.path();
        write(
            d,
            "404.html",
            "<base href=\"/book/\"><a href=\"guide/x.html\">ok</a><a href=\"gone.html\">x</a>",
        );
        write(d, "guide/x.html", "");
        let b = site(d, Some("https://example.org/book"));
        let urls: Vec<&str> = b.broken().iter().map(|x| x.url.as_str()).collect();
        assert_eq!(urls, ["gone.html"]);
    }

    #[test]
    fn a_page_the_site_model_does_not_know_takes_the_source_of_its_name() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let d = t.path();
        write(d, "mkdocs.yml", "site_name: x\n");
        write(d, "docs/index.md", "# Home\n");
        write(
            d,
            "docs/blog/posts/hello.md",
            "[a](../../index.md#nowhere)\n",
        );
        write(d, "docs/blog/posts/index.md", "# Posts\n");
        write(d, "site/index.html", "<h1 id=\"home\">Home</h1>");
        write(
            d,
            "site/blog/2025/01/02/hello/index.html",
            "<a href=\"../../../../../#nowhere\">a</a>",
        );
        let real = std::fs::canonicalize(d).unwrap_or_else(|e| panic!("{e}"));
        let site = Site::in_dir(&real).map(Arc::new);
        assert!(site.is_some());
        let b = BuiltSite::read(&d.join("site"), None, site).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(b.broken().len(), 1, "{:?}", b.broken());
        let post = real.join("docs/blog/posts/hello.md");
        let found = b
            .attribute(&post, "../../index.md#nowhere")
            .unwrap_or_else(|| panic!("not attributed"));
        assert_eq!(found.broken.page, "blog/2025/01/02/hello/index.html");
        assert!(b.unattributed().is_empty());
    }

    #[test]
    fn srcset_candidates() {
        assert_eq!(
            srcset_urls("a.png 1x, b,c.png 2x,d.png"),
            ["a.png", "b,c.png", "d.png"]
        );
        assert_eq!(srcset_urls(" x.png"), ["x.png"]);
        assert!(srcset_urls(" , ").is_empty());
    }

    #[test]
    fn source_keys_follow_the_generator() {
        assert_eq!(source_key("../guide/x.md", None), "../guide/x");
        assert_eq!(source_key("dir/README.md", None), "dir/");
        assert_eq!(source_key("caf%C3%A9.md", None), "café");
        assert_eq!(source_key("y.html", None), "y.html");
        assert_eq!(last_segment("guide/x"), "x");
    }
}
