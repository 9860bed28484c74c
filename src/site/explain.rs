//! What the site model sees of a site (`urilint site`): the generator and
//! the file it was recognised by, the settings read, what the model does
//! not read (and so does not judge), the URL of every page, the anchors
//! of each page, and the links left unchecked and why.
//!
//! This module owns gathering that view ([`Explanation::of`]) and writing
//! it as text or JSON. It does not own reading the configuration (the
//! generator files of `crate::site`) nor counting the links (the checks of
//! `crate::links`, whose counts the caller passes in).

use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;

use super::{Site, UrlStyle};

/// The most pages listed with their anchors: past it, the rest are
/// counted, not listed.
pub const MAX_LISTED: usize = 100_000;

/// What the site model sees of one site. Paths are as given to the
/// command (relative to the working directory when they were); URL paths
/// start with `/`, without the base path, percent-decoded.
#[derive(Clone, Debug, Serialize)]
pub struct Explanation {
    /// The generator's name (`mkdocs`, `docusaurus`, ...).
    pub generator: &'static str,
    /// The configuration file the generator was recognised by.
    pub config: String,
    /// The project directory.
    pub root: String,
    /// Where page sources are.
    pub source_dir: String,
    /// The URL path the pages of `source_dir` are served under.
    pub source_url: String,
    /// The base path the site is served under.
    pub base_path: String,
    /// `html` (`x.html`), `directory` (`x/`) or `clean` (`x`).
    pub url_style: &'static str,
    /// Whose heading ids pages get.
    pub renderer: &'static str,
    /// Page extensions, without the dot.
    pub page_extensions: Vec<&'static str>,
    /// A directory's index page names.
    pub index_names: Vec<&'static str>,
    /// Directories served as they are.
    pub static_dirs: Vec<String>,
    /// Directories of pages served under a URL prefix: (directory, prefix).
    pub mounts: Vec<(String, String)>,
    /// Template directories.
    pub theme_dirs: Vec<String>,
    /// True when front matter can set a page's URL.
    pub front_matter_urls: bool,
    /// True when URLs match without regard to case.
    pub case_insensitive_urls: bool,
    /// What may make or move pages that the model does not read
    /// ([`super::Layout::unsure_pages`]).
    pub unsure_pages: Vec<String>,
    /// What may add anchors that the model does not read
    /// ([`super::Layout::unsure_anchors`]).
    pub unsure_anchors: Vec<String>,
    /// What could not be read of the configuration or the pages.
    pub notes: Vec<String>,
    /// How many pages and files the site serves.
    pub page_count: usize,
    /// The pages, sorted by URL, when asked for: (URL path, source file,
    /// anchors when asked for, sorted).
    pub pages: Vec<Page>,
    /// The links of the site left unchecked, per reason: (reason, count).
    pub not_checked: Vec<(String, u64)>,
}

/// One page or file a site serves ([`Explanation::pages`]).
#[derive(Clone, Debug, Serialize)]
pub struct Page {
    /// Its URL path.
    pub url: String,
    /// Its source file.
    pub source: String,
    /// Its anchors (ids), sorted; empty when not asked for or not a
    /// document.
    pub anchors: Vec<String>,
}

impl Explanation {
    /// The view of `site`, listing its pages when `pages` (and each
    /// page's anchors, with its renderer, when `anchors`), with the
    /// counts of its links not checked, `not_checked` (reason, count).
    pub fn of(
        site: &Site,
        pages: bool,
        anchors: bool,
        not_checked: Vec<(String, u64)>,
    ) -> Explanation {
        let l = &site.layout;
        let shown = |p: &Path| crate::links::shown(p).display().to_string();
        let mut listed: Vec<Page> = Vec::new();
        let mut count = 0;
        for (source, url) in site.pages() {
            count += 1;
            if (pages || anchors) && listed.len() < MAX_LISTED {
                let ids = if anchors {
                    let mut ids: Vec<String> =
                        crate::links::anchors::of_file(source, site.renderer())
                            .map(|a| a.iter().map(str::to_string).collect())
                            .unwrap_or_default();
                    ids.sort();
                    ids
                } else {
                    Vec::new()
                };
                listed.push(Page {
                    url: url.to_string(),
                    source: shown(source),
                    anchors: ids,
                });
            }
        }
        listed.sort_by(|a, b| a.url.cmp(&b.url).then_with(|| a.source.cmp(&b.source)));
        Explanation {
            generator: l.generator.name(),
            config: shown(&l.config),
            root: shown(&l.root),
            source_dir: shown(&l.source_dir),
            source_url: l.source_url.clone(),
            base_path: l.base_path.clone(),
            url_style: match l.url_style {
                UrlStyle::Html => "html",
                UrlStyle::Directory => "directory",
                UrlStyle::Clean => "clean",
            },
            renderer: l.renderer.name(),
            page_extensions: l.page_extensions.clone(),
            index_names: l.index_names.clone(),
            static_dirs: l.static_dirs.iter().map(|d| shown(d)).collect(),
            mounts: l
                .mounts
                .iter()
                .map(|(d, u)| (shown(d), u.clone()))
                .collect(),
            theme_dirs: l.theme_dirs.iter().map(|d| shown(d)).collect(),
            front_matter_urls: l.front_matter_urls,
            case_insensitive_urls: l.case_insensitive_urls,
            unsure_pages: l.unsure_pages.clone(),
            unsure_anchors: l.unsure_anchors.clone(),
            notes: site.notes(),
            page_count: count,
            pages: listed,
            not_checked,
        }
    }

    /// Writes the view as text, one `key: value` line per setting, then
    /// the pages (`URL <- source`, anchors indented below).
    ///
    /// # Errors
    /// Those of writing to `out`.
    pub fn write_plain(&self, out: &mut dyn Write) -> io::Result<()> {
        let name = |s: &str| crate::output::escape::name(s).into_owned();
        let list = |v: &[String]| {
            if v.is_empty() {
                "(none)".to_string()
            } else {
                v.iter().map(|s| name(s)).collect::<Vec<_>>().join(", ")
            }
        };
        writeln!(
            out,
            "site: {} (recognised by {})",
            self.generator,
            name(&self.config)
        )?;
        writeln!(out, "  project directory: {}", name(&self.root))?;
        writeln!(
            out,
            "  pages: {} served under {} (base path {})",
            name(&self.source_dir),
            self.source_url,
            self.base_path
        )?;
        writeln!(out, "  page URLs: {} style", self.url_style)?;
        writeln!(out, "  heading ids: {}", self.renderer)?;
        writeln!(
            out,
            "  page extensions: {}",
            self.page_extensions.join(", ")
        )?;
        writeln!(out, "  index pages: {}", self.index_names.join(", "))?;
        writeln!(out, "  static directories: {}", list(&self.static_dirs))?;
        let mounts: Vec<String> = self
            .mounts
            .iter()
            .map(|(d, u)| format!("{} at {u}", name(d)))
            .collect();
        writeln!(out, "  mounted directories: {}", list(&mounts))?;
        writeln!(out, "  template directories: {}", list(&self.theme_dirs))?;
        writeln!(
            out,
            "  front matter sets URLs: {}",
            yes(self.front_matter_urls)
        )?;
        writeln!(
            out,
            "  URLs without regard to case: {}",
            yes(self.case_insensitive_urls)
        )?;
        writeln!(
            out,
            "  not read, may make or move pages: {}",
            list(&self.unsure_pages)
        )?;
        writeln!(
            out,
            "  not read, may add anchors: {}",
            list(&self.unsure_anchors)
        )?;
        for note in &self.notes {
            writeln!(out, "  note: {}", name(note))?;
        }
        writeln!(out, "  pages and files served: {}", self.page_count)?;
        if self.not_checked.is_empty() {
            writeln!(out, "  links not checked: none")?;
        } else {
            for (why, n) in &self.not_checked {
                writeln!(out, "  links not checked: {n}: {}", name(why))?;
            }
        }
        for p in &self.pages {
            writeln!(out, "  {} <- {}", name(&p.url), name(&p.source))?;
            for a in &p.anchors {
                writeln!(out, "    #{}", name(a))?;
            }
        }
        Ok(())
    }
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}
