//! How a link found in a page of a site resolves: [`Site::resolve`] and
//! its steps, as the built site resolves a link (RFC 3986 section 5.2).

use std::path::Path;

use super::*;

impl Site {
    /// Resolves the path part `path` (as written, percent-encoded, no
    /// query or fragment) of a link found in the page `file`, as the
    /// built site resolves it: a source file named beside the page (with
    /// the generator's implied extensions and index pages), or the URL
    /// the reference makes against the page's own URL (RFC 3986 section
    /// 5.2) or the site root, looked up among the URLs the site serves.
    /// A missing target that the repository's `.gitignore` ignores is a
    /// file a build step writes: [`Resolved::Unsure`] ([`gitignore`],
    /// [`GENERATED`]).
    pub fn resolve(&self, file: &Path, path: &str) -> Resolved {
        match self.resolve_sources(file, path) {
            Resolved::Missing { url } if self.generated(file, path, &url) => Resolved::Unsure {
                reason: GENERATED.to_string(),
            },
            Resolved::Missing { url } => {
                if let Some(reason) = self
                    .unsure_under(&url)
                    .or_else(|| self.deployed_folder(&url))
                {
                    return Resolved::Unsure { reason };
                }
                if hugo::translation_resource(&self.layout, file, path) {
                    return Resolved::Served;
                }
                if self.layout.generator == Generator::MdBook
                    && self
                        .table()
                        .generated_pages
                        .contains(&self.key(&mdbook::chapter_url(url.trim_start_matches('/'))))
                {
                    // A chapter `SUMMARY.md` lists that `mdbook build`
                    // creates ([`mdbook::created_chapters`]).
                    return Resolved::Served;
                }
                // A file an MkDocs theme not read may ship.
                let decoded = percent_decode(path);
                let beside =
                    lexically_clean(&file.parent().unwrap_or(Path::new("")).join(&decoded));
                match self.mkdocs_theme_file(&beside, &decoded) {
                    Some(r @ Resolved::Unsure { .. }) if !decoded.starts_with('/') => r,
                    _ => Resolved::Missing { url },
                }
            }
            r => r,
        }
    }

    /// [`mkdocs::theme_file`] for the link `decoded` whose source path,
    /// beside the page, is `beside`; `None` outside an MkDocs site.
    pub(super) fn mkdocs_theme_file(&self, beside: &Path, decoded: &str) -> Option<Resolved> {
        let l = &self.layout;
        if l.generator != Generator::MkDocs || decoded.ends_with('/') {
            return None;
        }
        let rel = beside.strip_prefix(&l.source_dir).ok()?;
        mkdocs::theme_file(l, &rel.to_string_lossy().replace('\\', "/"))
    }

    /// True when a source that would make the missing target of `path`
    /// (found in `file`; `url` the URL path looked for) is ignored by the
    /// repository's `.gitignore`: the file named beside the page, or the
    /// page of `url` under the source directory (with the page
    /// extensions, or as a directory's index page).
    pub(super) fn generated(&self, file: &Path, path: &str, url: &str) -> bool {
        let l = &self.layout;
        let decoded = percent_decode(path);
        let mut named = Vec::new();
        if !decoded.starts_with('/') {
            named.push(lexically_clean(
                &file.parent().unwrap_or(Path::new("")).join(&decoded),
            ));
        }
        let rel = url.trim_matches('/');
        let rel = rel
            .strip_suffix(".html")
            .or_else(|| rel.strip_suffix(".htm"))
            .unwrap_or(rel);
        if !rel.is_empty() {
            named.push(lexically_clean(&l.source_dir.join(rel)));
        }
        named
            .into_iter()
            .filter(|p| p.starts_with(&self.bound))
            .any(|p| {
                let stem = p.file_name().map(|n| n.to_string_lossy().into_owned());
                std::iter::once(p.clone())
                    .chain(l.page_extensions.iter().filter_map(|e| {
                        stem.as_ref().map(|s| p.with_file_name(format!("{s}.{e}")))
                    }))
                    .chain(l.index_names.iter().map(|i| p.join(i)))
                    .any(|c| {
                        self.ignored.ignores(&self.bound, &c)
                            || (l.case_insensitive_urls
                                && self.ignored.ignores_any_case(&self.bound, &c))
                    })
            })
    }

    /// [`Site::resolve`] before the `.gitignore` rules are asked.
    pub(super) fn resolve_sources(&self, file: &Path, path: &str) -> Resolved {
        let l = &self.layout;
        let decoded = percent_decode(path);
        if let Some(r) = self.resolve_by_generator(file, &decoded) {
            return r;
        }
        if let Some(r) = self.resolve_by_reference(file, &decoded) {
            return r;
        }
        if l.theme_dirs.iter().any(|d| file.starts_with(d)) {
            // A template: its links are relative to pages it becomes.
            let from_root = resolve_path("/", decoded.trim_start_matches('/'));
            return self.lookup_url(&from_root).unwrap_or(Resolved::NotChecked);
        }
        if decoded.starts_with('/') {
            // As a browser asks for it: dot-segments removed (RFC 3986
            // section 5.2.4; sequelize/website's ESDoc pages load
            // `/v5/./image/x.png`, issue 46 round 11).
            let clean = crate::resolve::remove_dot_segments(&decoded);
            return self.resolve_rooted(clean.trim_start_matches('/'));
        }
        // Beside the page, as a source file.
        let beside = lexically_clean(&file.parent().unwrap_or(Path::new("")).join(&decoded));
        if let Some(r) = self.resolve_beside(file, &decoded, &beside) {
            return r;
        }
        self.resolve_against_page(file, &decoded, &beside)
    }

    /// The destinations a generator makes its own of (`decoded`, the
    /// link's path percent-decoded, from the page `file`): Zola's `@/`
    /// links, Hugo's link render hooks, bundler module specifiers,
    /// docsify's route aliases.
    pub(super) fn resolve_by_generator(&self, file: &Path, decoded: &str) -> Option<Resolved> {
        let l = &self.layout;
        if l.generator == Generator::Zola {
            // `@/a/b.md`: the content file itself; Zola fails the build
            // when there is none.
            if let Some(target) = zola::internal_link(&l.source_dir, decoded) {
                return Some(match self.kind(&target) {
                    files::Kind::File if target.starts_with(&l.source_dir) => {
                        Resolved::File(target)
                    }
                    _ => Resolved::Missing {
                        url: decoded.to_string(),
                    },
                });
            }
        }
        if let Some(reason) = hugo::hook_destination(l, decoded) {
            // A destination the site's link render hook makes its own
            // link of (a glossary term).
            return Some(Resolved::Unsure { reason });
        }
        if let Some(target) =
            hugo::embedded_link(l, file, decoded, |p| self.kind(p) == files::Kind::File)
        {
            // Hugo's embedded link render hook: the page `.GetPage` finds
            // in the page's language (else the link as written, below).
            return Some(Resolved::File(target));
        }
        if l.module_specifiers && decoded.starts_with(['@', '~']) {
            // A module specifier the bundler resolves (`@theme/x.css`,
            // `@site/static/y.png`, `~pkg/z`), not a URL.
            return Some(Resolved::NotChecked);
        }
        if !l.route_aliases.is_empty() {
            // docsify `alias`: matched on the route the link makes.
            let page = self.page_url(file).unwrap_or_else(|| "/".into());
            let route = docsify::route(decoded, &page, !l.root_fallback);
            let md = format!("{route}.md");
            if l.route_aliases
                .iter()
                .any(|r| r.is_match(&route) || r.is_match(&md))
            {
                return Some(Resolved::Unsure {
                    reason: "a route that docsify `alias` maps elsewhere (index.html)".to_string(),
                });
            }
        }
        None
    }

    /// The destinations that name a label or a page id rather than a
    /// path (`decoded` from the page `file`): MyST labels, Sphinx
    /// wildcards, Antora page ids.
    pub(super) fn resolve_by_reference(&self, file: &Path, decoded: &str) -> Option<Resolved> {
        let l = &self.layout;
        if (l.generator == Generator::JupyterBook || l.project_labels)
            && !decoded.contains('.')
            && self
                .source_file(&file.parent().unwrap_or(Path::new("")).join(decoded))
                .is_none()
            && self.generator_anchor(file, decoded)
        {
            // A MyST reference by label (`[text](label)`, also
            // `[](syntax/alerts)`: a label may hold `/`), when no page of
            // that name is beside.
            return Some(Resolved::Served);
        }
        if l.generator == Generator::Sphinx {
            if let Some(r) = sphinx::wildcard(l, file, decoded) {
                return Some(r);
            }
        }
        if l.generator == Generator::Antora && decoded.ends_with(".adoc") {
            // A page id (`xref:page.adoc`): from the module's `pages/`.
            if let Some(target) = antora::page_file(file, decoded) {
                if self.kind(&target) == files::Kind::File && antora::hidden_page(&target) {
                    // A hidden page (`_attributes.adoc`): not published.
                    if let Some(url) = antora::url_of_file(&target) {
                        return Some(self.missing(url));
                    }
                }
                if self.kind(&target) == files::Kind::File {
                    return Some(Resolved::File(target));
                }
                let Some(url) = antora::url_of_file(&target) else {
                    // Outside every module's `pages/` (`xref:../x.adoc`):
                    // no content source has a page of that id.
                    let url = format!("/{}", decoded.trim_start_matches("../"));
                    return Some(Resolved::Missing { url });
                };
                // A page alias (`:page-aliases:`) leads to its page.
                if l.redirects.contains(&url) {
                    return Some(Resolved::Served);
                }
                return Some(self.missing(url));
            }
        }
        None
    }

    /// A root-relative link (`rooted`, its path after the leading `/`):
    /// against the site root, with or without the base path (VitePress
    /// and Docusaurus add it to links).
    pub(super) fn resolve_rooted(&self, rooted: &str) -> Resolved {
        let l = &self.layout;
        let base = l.base_path.trim_matches('/');
        let inside = if base.is_empty() {
            Some(rooted)
        } else {
            rooted
                .strip_prefix(base)
                .filter(|r| r.is_empty() || r.starts_with('/'))
                .map(|r| r.trim_start_matches('/'))
        };
        if let Some(r) = self.lookup_url(&format!("/{rooted}")) {
            return r;
        }
        if l.generator == Generator::Jekyll {
            // `{% link x.md %}`, `{% post_url name %}`: a source path
            // (`crate::format::liquid`).
            if let Some(r @ Resolved::File(_)) = self.source_file(&l.source_dir.join(rooted)) {
                return r;
            }
        }
        if let Some(inside) = inside {
            if let Some(r) = self.lookup_url(&format!("/{inside}")) {
                return r;
            }
            if let Some(r) = self.source_file(&l.source_dir.join(inside)) {
                if matches!(&r, Resolved::File(p) if self.unpublished(p)) {
                    // A source the build leaves out (a Hugo draft).
                    return self.missing(format!("/{inside}"));
                }
                return r;
            }
        } else {
            return Resolved::Unsure {
                reason: OUTSIDE_BASE.to_string(),
            };
        }
        self.missing(format!("/{}", inside.unwrap_or(rooted)))
    }

    /// A relative link (`decoded` from the page `file`) as the source
    /// file `beside` the page: mdBook's `README.md` links, directory
    /// URLs, source files (unless the generator leaves links to pages as
    /// written), MkDocs theme files.
    pub(super) fn resolve_beside(
        &self,
        file: &Path,
        decoded: &str,
        beside: &Path,
    ) -> Option<Resolved> {
        let l = &self.layout;
        if l.generator == Generator::MdBook
            && mdbook::readme_link(decoded)
            && file != l.source_dir.join("SUMMARY.md")
        {
            if let Some(Resolved::File(_)) = self.source_file(beside) {
                // mdBook renames the chapter to `index.html` but rewrites
                // the link to `README.html`, which it does not write
                // (`SUMMARY.md`'s links name source files: not rewritten).
                let html = format!("{}.html", &decoded[..decoded.len() - 3]);
                let url = match self.page_url(file) {
                    Some(page) => resolve_path(&page, &html),
                    None => html,
                };
                return Some(Resolved::Missing { url });
            }
        }
        if l.url_style == UrlStyle::Directory && decoded.ends_with('/') {
            // A directory URL (`../x/`) written for the built site, where
            // a page `a/b.md` is at `/a/b/`: the browser resolves it
            // against that URL, one level below the source's directory,
            // and the page it finds there is the target, even when a
            // source file of that name lies beside the page too (a
            // translation's `../x/` is its own language's page, not the
            // default language's `x.md`).
            if let Some(page) = self.page_url(file) {
                if let Some(r @ Resolved::File(_)) = self.lookup_url(&resolve_path(&page, decoded))
                {
                    return Some(r);
                }
            }
        }
        if let Some(r) = self.source_file(beside) {
            // Unless the generator leaves links to pages as written (a
            // page or a directory of pages: the browser goes by the URL).
            let page = match &r {
                Resolved::File(p) => p
                    .extension()
                    .is_some_and(|e| l.page_extensions.iter().any(|x| e.eq_ignore_ascii_case(x))),
                Resolved::Served => self.kind(beside) == files::Kind::Directory,
                _ => false,
            };
            if let Resolved::File(p) = &r {
                if self.unpublished(p) {
                    // A source Jekyll, Antora or Hugo (a draft) leaves
                    // out of the site.
                    let url = match self.page_url(file) {
                        Some(page) => resolve_path(&page, decoded),
                        None => decoded.to_string(),
                    };
                    return Some(self.missing(url));
                }
            }
            if l.source_links || !page {
                return Some(r);
            }
        }
        if let Some(r @ Resolved::Served) = self.mkdocs_theme_file(beside, decoded) {
            // A static file of the theme, which MkDocs adds to the
            // site's files (`img/favicon.ico`).
            return Some(r);
        }
        None
    }

    /// A relative link (`decoded` from the page `file`, `beside` it as a
    /// source path) against the page's URL, then as the generator falls
    /// back (mdBook's `.md` → `.html`, a root-relative lookup).
    pub(super) fn resolve_against_page(
        &self,
        file: &Path,
        decoded: &str,
        beside: &Path,
    ) -> Resolved {
        let l = &self.layout;
        let Some(page) = self.page_url(file) else {
            if let Some(page) =
                docusaurus::partial_url(l, file).filter(|_| l.generator == Generator::Docusaurus)
            {
                // A partial: its links resolve on the page importing it.
                return self
                    .lookup_url(&resolve_path(&page, decoded))
                    .unwrap_or_else(|| Resolved::Unsure {
                        reason: docusaurus::PARTIAL.to_string(),
                    });
            }
            return self.missing(decoded.to_string());
        };
        if climbs_above_root(&page, decoded) && beside.starts_with(&self.bound) {
            // The link leaves the site (`../std/` from a top-level page of
            // an mdBook deployed beside the standard library's docs): what
            // is there is another site's. (A path that leaves the
            // repository is the caller's to say: outside the tree
            // checked, M6.)
            return Resolved::Unsure {
                reason: ABOVE_ROOT.to_string(),
            };
        }
        let url = resolve_path(&page, decoded);
        if let Some(r) = self.lookup_url(&url) {
            return r;
        }
        if l.generator == Generator::MdBook {
            if let Some(r) = self.resolve_mdbook_md(&url) {
                return r;
            }
        }
        if let Some(r) = self.resolve_root_fallback(file, decoded) {
            return r;
        }
        if self.table().truncated {
            return Resolved::NotChecked;
        }
        self.missing(url)
    }

    /// mdBook writes a link to `x.md` as `x.html` (`url`, the link
    /// resolved against the page): an old page of
    /// `[output.html.redirect]` is served there.
    pub(super) fn resolve_mdbook_md(&self, url: &str) -> Option<Resolved> {
        let l = &self.layout;
        if let Some(stem) = url.strip_suffix(".md") {
            let html = self.key(&format!("/{}.html", stem.trim_start_matches('/')));
            if l.redirects
                .iter()
                .any(|r| self.key(&format!("/{}", r.trim_start_matches('/'))) == html)
            {
                return Some(Resolved::Served);
            }
            // `index.md` is written `index.html`, the page the `index`
            // preprocessor makes of a chapter `README.md`.
            if let Some(r @ Resolved::File(_)) = self.lookup_url(&format!("{stem}.html")) {
                return Some(r);
            }
        }
        None
    }

    /// A generator that falls back to the root (`root_fallback`: Hugo's
    /// `.GetPage`, docsify, …; not a `./` or `../` link of Docusaurus):
    /// `decoded` from the page `file` against the root URL, else under
    /// the content directory the page is in.
    pub(super) fn resolve_root_fallback(&self, file: &Path, decoded: &str) -> Option<Resolved> {
        let l = &self.layout;
        let dotted = decoded.starts_with("./") || decoded.starts_with("../");
        if l.root_fallback && !(dotted && l.generator == Generator::Docusaurus) {
            if l.generator == Generator::Hugo {
                // `.GetPage` from a leaf bundle: against the directory the
                // bundle is in.
                if let Some(r) = hugo::bundle_container(file)
                    .and_then(|c| self.source_file(&lexically_clean(&c.join(decoded))))
                {
                    return Some(r);
                }
            }
            let rooted = resolve_path("/", decoded);
            if let Some(r) = self.lookup_url(&rooted) {
                return Some(r);
            }
            // From the root of the content the page is in (a Docusaurus
            // version's directory, a mount), else the source directory.
            let content = l
                .mounts
                .iter()
                .map(|(d, _)| d)
                .filter(|d| file.starts_with(d))
                .max_by_key(|d| d.as_os_str().len())
                .unwrap_or(&l.source_dir);
            let under = lexically_clean(&content.join(decoded));
            if under.starts_with(content) {
                if let Some(r) = self.source_file(&under) {
                    return Some(r);
                }
            }
        }
        None
    }

    /// True when the file `p` of the tree is a source the generator does
    /// not publish: for Jekyll, a file of the source directory that no
    /// URL serves (a name starting with `_` or `.` outside the collections
    /// it renders, an `exclude`d or default-excluded path, a page with
    /// `published: false`; [`jekyll::Filter`]); for Antora, a page of a
    /// module's `pages/` whose name starts with `_` (Antora docs, "Pages":
    /// hidden files are not published). False when the site's files were
    /// not all listed.
    pub(super) fn unpublished(&self, p: &Path) -> bool {
        let l = &self.layout;
        match l.generator {
            Generator::Jekyll => {
                p.starts_with(&l.source_dir)
                    && !l.theme_dirs.iter().any(|d| p.starts_with(d))
                    && !self.table().truncated
                    && self.page_url(p).is_none()
            }
            Generator::Antora => antora::hidden_page(p),
            // A draft page the build leaves out ([`Layout::hugo_drafts_left_out`]).
            Generator::Hugo => {
                l.hugo_drafts_left_out
                    && p.starts_with(&l.source_dir)
                    && l.page_extensions
                        .iter()
                        .any(|e| p.extension().is_some_and(|x| x.eq_ignore_ascii_case(e)))
                    && !self.table().truncated
                    && self.page_url(p).is_none()
            }
            _ => false,
        }
    }

    /// [`Resolved::Missing`] for `url`, or [`Resolved::Unsure`] when the
    /// site does something the model does not read that may make pages
    /// ([`Layout::unsure_pages`]).
    pub(super) fn missing(&self, url: String) -> Resolved {
        match self.unsure_pages() {
            Some(reason) => Resolved::Unsure { reason },
            None => Resolved::Missing { url },
        }
    }
}

/// True when the relative path `reference` (decoded), resolved against
/// the URL path `page`, climbs above the site root: more `..` segments
/// than the directories above it (`../std/` from `/ch01.html`). Such a
/// link leads to a sibling site deployed beside this one, which the
/// model does not see (RFC 3986 section 5.2.4 would keep it at the root
/// of the host, not of the site).
pub(crate) fn climbs_above_root(page: &str, reference: &str) -> bool {
    let dir = match page.rfind('/') {
        Some(i) => &page[..=i],
        None => "/",
    };
    let mut depth = 0usize;
    for seg in dir.split('/').chain(reference.split('/')) {
        match seg {
            "" | "." => {}
            ".." => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return true,
            },
            _ => depth += 1,
        }
    }
    false
}

/// `reference` (a relative path, decoded) resolved against the URL path
/// `page` (RFC 3986 section 5.2.3 merge and 5.2.4 remove_dot_segments);
/// a reference climbing above the root stays at the root.
pub(crate) fn resolve_path(page: &str, reference: &str) -> String {
    let dir = match page.rfind('/') {
        Some(i) => &page[..=i],
        None => "/",
    };
    let merged = format!("{dir}{reference}");
    let mut out: Vec<&str> = Vec::new();
    let trailing = merged.ends_with('/') || merged.ends_with("/.") || merged.ends_with("/..");
    for seg in merged.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    let mut s = format!("/{}", out.join("/"));
    if trailing && !s.ends_with('/') {
        s.push('/');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A directory URL written for the built site (`../starting/` from
    /// `de/legal.md`, served at `/de/legal/`) leads to `/de/starting/`,
    /// the German page, though `starting.md` lies beside the source's
    /// directory one level up (github/opensource.guide's translations,
    /// issue 46).
    #[test]
    fn directory_urls_resolve_against_the_page_url_first() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        std::fs::create_dir_all(root.join("docs/de")).expect("mkdir");
        for f in [
            "docs/starting.md",
            "docs/de/starting.md",
            "docs/de/legal.md",
        ] {
            std::fs::write(root.join(f), "# x\n").expect("write");
        }
        let mut layout = Layout::new(Generator::MkDocs, root, &root.join("mkdocs.yml"));
        layout.source_dir = root.join("docs");
        layout.url_style = UrlStyle::Directory;
        let site = Site::new(layout);
        let page = root.join("docs/de/legal.md");
        assert_eq!(
            site.resolve(&page, "../starting/"),
            Resolved::File(root.join("docs/de/starting.md"))
        );
        // A source path is still the file it names.
        assert_eq!(
            site.resolve(&page, "../starting.md"),
            Resolved::File(root.join("docs/starting.md"))
        );
    }

    #[test]
    fn paths_resolve_against_page_urls() {
        assert_eq!(resolve_path("/user-guide/", "x"), "/user-guide/x");
        assert_eq!(resolve_path("/a/b.html", "../img/y.png"), "/img/y.png");
        assert_eq!(resolve_path("/a/b/", "../../../y"), "/y");
        assert_eq!(resolve_path("/a/b", "./"), "/a/");
    }

    /// Issue 46: `../std/` from a top-level page of the Rust book leaves
    /// the book; `../x.html` from a chapter in a directory does not.
    #[test]
    fn references_climbing_above_the_root() {
        assert!(climbs_above_root("/ch01.html", "../std/index.html"));
        assert!(climbs_above_root("/a/b/", "../../../y"));
        assert!(climbs_above_root("/a/", "./../../y"));
        assert!(!climbs_above_root("/a/b.html", "../y.html"));
        assert!(!climbs_above_root("/a/b/", "../../y"));
        assert!(!climbs_above_root("/a/b.html", "x/../../y"));
        assert!(!climbs_above_root("/", "./y"));
    }
}
