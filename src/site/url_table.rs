//! The URL table of a site: every URL path it serves and the source
//! file that makes it, built once from the sources and looked up by
//! [`Site::resolve`].

use std::path::{Path, PathBuf};

use super::*;

/// Every URL path of a site and the source file that makes it.
#[derive(Debug, Default)]
pub(super) struct UrlTable {
    /// Normalised URL path ([`url_key`]) to source file.
    pub(super) by_url: HashMap<String, PathBuf>,
    /// Source file to its page URL.
    pub(super) by_source: HashMap<PathBuf, String>,
    /// Every directory of a URL of `by_url`: each key cut before each of
    /// its `/` (`/a/b/c` gives `` , `/a`, `/a/b`), built once with the
    /// table so that a lookup of a directory is one probe, not a scan of
    /// every URL.
    pub(super) dirs: std::collections::HashSet<String>,
    /// The keys of [`Layout::generated_pages`].
    pub(super) generated_pages: std::collections::HashSet<String>,
    /// True when the source tree was larger than [`MAX_FILES`].
    pub(super) truncated: bool,
}

impl Site {
    /// The source behind `path` (a file path): itself, or the page it
    /// names without its extension (`./options-state` for
    /// `options-state.md`), with `.html` for the page's source, or the
    /// index page of a directory. `None` when there is none.
    pub(super) fn source_file(&self, path: &Path) -> Option<Resolved> {
        let l = &self.layout;
        if self.kind(path) == files::Kind::File {
            return Some(Resolved::File(path.to_path_buf()));
        }
        let name = path.file_name()?.to_string_lossy().into_owned();
        let stem = name
            .strip_suffix(".html")
            .or_else(|| name.strip_suffix(".htm"))
            .unwrap_or(&name);
        for ext in &l.page_extensions {
            let p = path.with_file_name(format!("{stem}.{ext}"));
            if self.kind(&p) == files::Kind::File {
                return Some(Resolved::File(p));
            }
        }
        if self.kind(path) == files::Kind::Directory {
            for index in &l.index_names {
                let p = path.join(index);
                if self.kind(&p) == files::Kind::File {
                    return Some(Resolved::File(p));
                }
            }
            return Some(Resolved::Served);
        }
        None
    }

    /// What `path` is, when it lies in the site's bound (symbolic links
    /// followed only inside it); [`files::Kind::Missing`] for a path that
    /// leads outside, which is not looked at (M6, L5 of the 2026-11-29
    /// review).
    pub(super) fn kind(&self, path: &Path) -> files::Kind {
        match self.files.reach(&self.bound, path, &self.bound) {
            Some(_) => self.files.kind(path),
            None => files::Kind::Missing,
        }
    }

    /// The target of the URL path `url` (decoded, from the site root
    /// without its base path) when the site serves it.
    pub(super) fn lookup_url(&self, url: &str) -> Option<Resolved> {
        let t = self.table();
        let key = self.key(url);
        if let Some(f) = t.by_url.get(&key) {
            return Some(Resolved::File(f.clone()));
        }
        // A directory of the site's sources that has no index page is
        // still a path of it (a listing, a redirect); and a page served
        // with `.html` may be linked without it (every host here serves
        // `x.html` for `x`).
        if t.dirs.contains(key.as_str()) || t.generated_pages.contains(key.as_str()) {
            return Some(Resolved::Served);
        }
        let generated = self.layout.generated.iter().any(|g| {
            let g = self.key(g);
            key == g || key.starts_with(&format!("{g}/"))
        });
        if generated {
            return Some(Resolved::Served);
        }
        let url = url.to_lowercase();
        if self
            .layout
            .redirect_prefixes
            .iter()
            .any(|p| url.starts_with(&p.to_lowercase()))
        {
            return Some(Resolved::Served);
        }
        None
    }

    /// The key of `url` in the URL table ([`url_key`], lowercased when
    /// the site's URLs match without regard to case).
    pub(super) fn key(&self, url: &str) -> String {
        let k = url_key(url);
        if self.layout.case_insensitive_urls {
            k.to_lowercase()
        } else {
            k
        }
    }

    /// The URL table, built on first use.
    pub(super) fn table(&self) -> &UrlTable {
        self.urls.get_or_init(|| self.build_table())
    }

    /// Walks the site's source, static and mounted directories and notes
    /// the URL of every file.
    pub(super) fn build_table(&self) -> UrlTable {
        let l = &self.layout;
        let mut t = UrlTable::default();
        let mut count = 0usize;
        let add = |t: &mut UrlTable, file: PathBuf, url: String| {
            t.by_url
                .entry(self.key(&url))
                .or_insert_with(|| file.clone());
            t.by_source.entry(file).or_insert(url);
        };
        t.generated_pages = l.generated_pages.iter().map(|u| self.key(u)).collect();
        for r in &l.redirects {
            t.by_url
                .entry(self.key(r))
                .or_insert_with(|| l.config.clone());
        }
        for dir in &l.static_dirs {
            for (file, rel) in
                files_under(dir, not_a_source, MAX_FILES, &mut count, &mut t.truncated)
            {
                add(&mut t, file, format!("/{rel}"));
            }
        }
        let mut late: Vec<(String, PathBuf)> = Vec::new();
        let mut roots: Vec<(PathBuf, String)> = vec![(l.source_dir.clone(), l.source_url.clone())];
        roots.extend(l.mounts.iter().cloned());
        for (dir, prefix) in roots {
            let mut served = Vec::new();
            for (file, rel) in
                files_under(&dir, not_a_source, MAX_FILES, &mut count, &mut t.truncated)
            {
                if l.static_dirs.iter().any(|s| file.starts_with(s))
                    || (dir == l.source_dir
                        && l.mounts
                            .iter()
                            .any(|(m, _)| m != &dir && file.starts_with(m)))
                {
                    continue;
                }
                let Some((url, aliases)) = self.url_of(&file, &rel, &prefix) else {
                    continue;
                };
                served.push((file, rel, url, aliases));
            }
            if l.generator == Generator::Hugo {
                hugo::bundle_resource_urls(l, &prefix, &mut served);
            }
            for (file, _, url, aliases) in served {
                for a in aliases {
                    let a = if a.starts_with('/') {
                        a
                    } else {
                        format!("/{a}")
                    };
                    late.push((a, file.clone()));
                }
                add(&mut t, file, url);
            }
        }
        // Aliases after every page: a page that is there wins over another
        // page's alias (a translated page over the default locale's
        // fallback).
        for (a, file) in late {
            t.by_url.entry(self.key(&a)).or_insert(file);
        }
        for k in t.by_url.keys() {
            for (i, _) in k.match_indices('/') {
                if let Some(dir) = k.get(..i) {
                    t.dirs.insert(dir.to_string());
                }
            }
        }
        t
    }

    /// The URL of the source `file`, at `rel` (its path under a root of
    /// the site, `/`-separated) under the URL `prefix`; `None` when the
    /// generator does not publish it.
    pub(super) fn url_of(
        &self,
        file: &Path,
        rel: &str,
        prefix: &str,
    ) -> Option<(String, Vec<String>)> {
        let l = &self.layout;
        if l.generator == Generator::Jekyll && prefix == "/" && !l.jekyll.publishes(rel) {
            return None;
        }
        let is_page = l.page_extensions.iter().any(|e| {
            rel.rsplit_once('.')
                .is_some_and(|(_, x)| x.eq_ignore_ascii_case(e))
        }) || (l.generator == Generator::Jekyll && jekyll::is_document(file, prefix));
        if !is_page && l.generator == Generator::Docusaurus {
            if let Some(url) = docusaurus::component_page_url(l, file, rel, prefix) {
                return Some((url, Vec::new()));
            }
        }
        if !is_page {
            // Files of a collection or of posts are not published as
            // they are (Jekyll's prefixes there are patterns).
            return prefix
                .starts_with('/')
                .then(|| (format!("{prefix}{rel}"), Vec::new()));
        }
        if l.generator == Generator::Zola {
            return zola::page_urls(l, file, rel);
        }
        // An Astro route's `---` block is code, not front matter.
        let astro_route = l.generator == Generator::Starlight && rel.ends_with(".astro");
        let front = if l.front_matter_urls && !astro_route {
            // The keys the generator's page URL reads, and the aliases.
            let url_keys: &[&str] = match l.generator {
                Generator::Jekyll => jekyll::URL_KEYS,
                Generator::Hugo if !l.hugo_permalinks.is_empty() => hugo::permalinks::KEYS,
                Generator::Hugo => hugo::URL_KEYS,
                Generator::Docusaurus => docusaurus::URL_KEYS,
                Generator::Starlight => starlight::URL_KEYS,
                _ => &[],
            };
            let mut keys: Vec<&str> = url_keys.iter().chain(&l.alias_keys).copied().collect();
            if l.hugo_drafts_left_out {
                keys.push("draft");
            }
            let front = front_matter::read_keys(file, FRONT_MATTER_BYTES, Some(&keys));
            if let Some(why) = front.refused() {
                self.late_notes
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push(format!(
                        "{}: front matter: {why}; the page is assumed at its path",
                        file.display()
                    ));
            }
            front
        } else {
            front_matter::FrontMatter::default()
        };
        if l.hugo_drafts_left_out && front.get("draft") == Some("true") {
            // A draft page the build leaves out: no URL.
            return None;
        }
        let url = match l.generator {
            Generator::Jekyll => jekyll::page_url(l, file, rel, prefix, &front),
            Generator::Hugo => hugo::page_url(l, rel, prefix, &front),
            Generator::Docusaurus => docusaurus::page_url(l, file, rel, prefix, &front),
            Generator::VitePress => vitepress::page_url(l, rel),
            Generator::JupyterBook => {
                let (url, more) = jupyter_book::page_url(l, rel, prefix)?;
                let mut aliases = front_aliases(l, &front);
                aliases.extend(more);
                return Some((url, aliases));
            }
            Generator::Starlight => starlight::page_url(rel, &front),
            Generator::Nextra => {
                // The root `rel` is under: an `app/` directory routes
                // its `page` files only.
                let root = file.ancestors().nth(rel.split('/').count());
                let app_dir = root.is_some_and(|r| r.file_name().is_some_and(|n| n == "app"));
                let (url, more) = nextra::page_url(rel, prefix, app_dir, l.nextra_i18n.as_deref())?;
                let mut aliases = front_aliases(l, &front);
                aliases.extend(more);
                return Some((url, aliases));
            }
            _ => Some(default_page_url(l, rel, prefix)),
        }?;
        let mut aliases = front_aliases(l, &front);
        if l.generator == Generator::Hugo {
            aliases = hugo::aliases(&url, aliases);
        }
        aliases.extend(l.locales.fallbacks(&url));
        Some((url, aliases))
    }
}

/// The URL paths a page's front matter `front` also answers at, under
/// the layout's alias keys ([`Layout::alias_keys`]: Jekyll
/// `redirect_from`, Hugo `aliases`), as written.
fn front_aliases(l: &Layout, front: &front_matter::FrontMatter) -> Vec<String> {
    l.alias_keys
        .iter()
        .flat_map(|k| front.list(k))
        .map(str::to_string)
        .collect()
}

/// The URL of the page whose source is at `rel` under the URL `prefix`,
/// by the layout's index names and URL style: `guide/index.md` is
/// `guide/`, `guide/x.md` is `guide/x.html`, `guide/x/` or `guide/x`.
pub fn default_page_url(l: &Layout, rel: &str, prefix: &str) -> String {
    let (dir, name) = match rel.rsplit_once('/') {
        Some((d, n)) => (format!("{d}/"), n),
        None => (String::new(), rel),
    };
    if l.index_names.iter().any(|i| i.eq_ignore_ascii_case(name)) {
        return format!("{prefix}{dir}");
    }
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    match l.url_style {
        UrlStyle::Html => format!("{prefix}{dir}{stem}.html"),
        UrlStyle::Directory => format!("{prefix}{dir}{stem}/"),
        UrlStyle::Clean => format!("{prefix}{dir}{stem}"),
    }
}

/// The key a URL path is looked up by: without a trailing `index.html`,
/// `.html` or `/`, so that `/x/`, `/x`, `/x.html` and `/x/index.html`
/// meet (every host of these sites serves one for the other).
pub(super) fn url_key(url: &str) -> String {
    let u = url.split(['?', '#']).next().unwrap_or_default();
    let u = u.strip_suffix("index.html").unwrap_or(u);
    let u = u.strip_suffix(".html").unwrap_or(u);
    let u = u.trim_end_matches('/');
    if u.is_empty() {
        "/".into()
    } else if u.starts_with('/') {
        u.to_string()
    } else {
        format!("/{u}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_keys_meet() {
        for u in ["/x/", "/x", "/x.html", "/x/index.html"] {
            assert_eq!(url_key(u), "/x", "{u}");
        }
        assert_eq!(url_key("/"), "/");
        assert_eq!(url_key("/index.html"), "/");
    }
}
