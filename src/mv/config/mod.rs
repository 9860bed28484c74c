//! The site's own files that a move edits besides its documents (issue
//! 51): the entries of the site's configuration that name a moved page
//! (MkDocs `nav` and the `redirects` plugin's `redirect_maps` values in
//! `mkdocs.yml`, mdBook `[output.html.redirect]` values in `book.toml`),
//! and, with `mv --redirect`, the moved pages' old URLs recorded where
//! the generator takes redirects: Hugo and Zola `aliases` and Jekyll
//! `redirect_from` (with `jekyll-redirect-from`) in the page's front
//! matter, MkDocs `redirect_maps`, mdBook `[output.html.redirect]`.
//!
//! Every edit lands on bytes the file's parser read (`yaml`, `toml`:
//! scalars with their places), and the edited text is parsed again and
//! must hold what was meant and nothing else; otherwise the file is left
//! alone and the reason named ([`super::Left`]). Generators whose
//! redirects live in code (Docusaurus, Sphinx) are never edited: the
//! entry to add is named.

mod front_matter;
mod gemfile;
mod mdbook;
mod mkdocs;
pub(crate) mod toml;
pub(crate) mod yaml;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::plan::Move;
use super::{Left, LinkEdit, Plan, Redirect};
use crate::fix::Edit;
use crate::site::{Generator, Site};

/// What the edits of the site's files add to a plan.
#[derive(Debug, Default)]
pub(super) struct Out {
    /// Entries of configuration files written again (by file).
    pub edits: Vec<(PathBuf, LinkEdit)>,
    /// Redirects recorded.
    pub redirects: Vec<Redirect>,
    /// What is left alone.
    pub left: Vec<Left>,
}

impl Out {
    /// Names `what` left alone in `file` for `reason`.
    pub fn leave(&mut self, file: &Path, what: impl Into<String>, reason: impl Into<String>) {
        self.left.push(Left {
            file: file.to_path_buf(),
            line: 0,
            link: what.into(),
            reason: reason.into(),
        });
    }
}

/// A moved page of a site: where it was and where it goes, and its URL
/// before and after (`None` when the model cannot say it).
#[derive(Clone, Debug)]
pub(super) struct Page {
    /// The move of the page's file.
    pub file: Move,
    /// Its URL path before the move (without the base path).
    pub old: String,
    /// Its URL path after the move, or why it is not known.
    pub new: Result<String, String>,
}

/// The moved files of `plan` grouped by the site that builds them (the
/// site read once per directory, as the link rewriting reads it).
fn by_site(plan: &Plan) -> Vec<(Arc<Site>, Vec<Move>)> {
    let cache: Mutex<HashMap<PathBuf, Option<Arc<Site>>>> = Mutex::new(HashMap::new());
    let mut groups: BTreeMap<PathBuf, (Arc<Site>, Vec<Move>)> = BTreeMap::new();
    for m in &plan.files {
        if let Some(site) = Site::of_file(&m.from, Some(&plan.root), &cache) {
            groups
                .entry(site.layout.config.clone())
                .or_insert_with(|| (site.clone(), Vec::new()))
                .1
                .push(m.clone());
        }
    }
    groups.into_values().collect()
}

/// The pages among `files` (a file with one of the site's page
/// extensions that the site serves), with their URLs.
fn pages(site: &Site, files: &[Move]) -> Vec<Page> {
    files
        .iter()
        .filter(|m| {
            m.from
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| {
                    site.layout
                        .page_extensions
                        .iter()
                        .any(|p| p.eq_ignore_ascii_case(e))
                })
        })
        .filter_map(|m| {
            let old = site.page_url(&m.from)?;
            let new = match site.unsure_pages() {
                Some(why) => Err(why),
                None => site.page_url_at(&m.from, &m.to).ok_or_else(|| {
                    format!(
                        "the site model cannot say the URL of {} at its new place",
                        crate::links::shown(&m.to).display()
                    )
                }),
            };
            Some(Page {
                file: m.clone(),
                old,
                new,
            })
        })
        .collect()
}

/// Adds to `plan` the edits of the site files its moves change and, with
/// `redirect`, the redirects of its moved pages.
pub(super) fn plan(plan: &mut Plan, redirect: bool) {
    for (site, files) in by_site(plan) {
        let mut out = Out::default();
        let l = &site.layout;
        match l.generator {
            Generator::MkDocs => mkdocs::edits(&site, &files, redirect, &mut out),
            Generator::MdBook => mdbook::edits(&site, &pages(&site, &files), redirect, &mut out),
            g if redirect => redirects(&site, g, &pages(&site, &files), &mut out),
            _ => {}
        }
        merge(plan, out);
    }
}

/// The redirects of the moved `pages` of a site whose redirects are in
/// the pages' front matter, or not in data urilint edits (named).
fn redirects(site: &Site, g: Generator, pages: &[Page], out: &mut Out) {
    for p in pages {
        let new = match &p.new {
            Ok(n) if site.same_url(n, &p.old) => continue,
            Ok(n) => n.clone(),
            Err(why) => {
                out.leave(&p.file.from, &p.old, format!("no redirect: {why}"));
                continue;
            }
        };
        match g {
            Generator::Hugo | Generator::Zola => {
                front_matter::alias(p, &new, "aliases", true, out);
            }
            Generator::Jekyll => {
                if site.layout.alias_keys.contains(&"redirect_from")
                    || gemfile::has_plugin(&site.layout.root, "jekyll-redirect-from")
                {
                    front_matter::alias(p, &new, "redirect_from", false, out);
                } else {
                    out.leave(
                        &p.file.from,
                        &p.old,
                        format!("no redirect to {new}: jekyll-redirect-from is not among the site's plugins (_config.yml `plugins`, Gemfile)"),
                    );
                }
            }
            Generator::Docusaurus => out.leave(
                &p.file.from,
                &p.old,
                format!(
                    "no redirect: Docusaurus redirects are JavaScript (`@docusaurus/plugin-client-redirects` in {}), which urilint does not edit: add {{ from: '{}', to: '{}' }} to its `redirects`",
                    crate::links::shown(&site.layout.config).display(),
                    p.old,
                    new
                ),
            ),
            Generator::Sphinx | Generator::JupyterBook => out.leave(
                &p.file.from,
                &p.old,
                format!(
                    "no redirect to {new}: Sphinx redirects (`sphinx-reredirects`' `redirects` in conf.py) are Python, which urilint does not edit"
                ),
            ),
            g => out.leave(
                &p.file.from,
                &p.old,
                format!(
                    "no redirect to {new}: urilint records no redirects for {} sites",
                    g.name()
                ),
            ),
        }
    }
}

/// True when the edits `a` and `b` of one file would touch the same
/// bytes (an insertion touches an edit it falls strictly inside).
fn overlap(a: &Edit, b: &Edit) -> bool {
    if a.start == a.end {
        return b.start < a.start && a.start < b.end;
    }
    if b.start == b.end {
        return a.start < b.start && b.start < a.end;
    }
    a.start < b.end && b.start < a.end
}

/// Adds `out` to `plan`: an edit or a redirect that would touch bytes
/// another edit of its file touches is left alone, named.
fn merge(plan: &mut Plan, out: Out) {
    plan.left.extend(out.left);
    let clash = |plan: &Plan, file: &Path, e: &Edit| {
        plan.edits
            .get(file)
            .is_some_and(|l| l.iter().any(|x| overlap(&x.edit, e)))
            || plan
                .redirects
                .iter()
                .any(|r| r.file == file && overlap(&r.edit, e))
    };
    for (file, e) in out.edits {
        if clash(plan, &file, &e.edit) {
            plan.left.push(Left {
                file,
                line: e.line,
                link: e.old,
                reason: "another edit of the move touches the same bytes".into(),
            });
            continue;
        }
        let list = plan.edits.entry(file).or_default();
        list.push(e);
        list.sort_by_key(|x| (x.edit.start, x.edit.end));
    }
    for r in out.redirects {
        if clash(plan, &r.file, &r.edit) {
            plan.left.push(Left {
                file: r.file,
                line: r.line,
                link: r.from,
                reason: "no redirect: another edit of the move touches the same bytes".into(),
            });
            continue;
        }
        plan.redirects.push(r);
    }
}

/// `text` with `edits` (offsets into it, any order, not overlapping)
/// made.
fn apply(text: &str, edits: &[Edit]) -> String {
    let mut sorted = edits.to_vec();
    sorted.sort_by_key(|e| (e.start, e.end));
    String::from_utf8_lossy(&crate::fix::apply_edits(text.as_bytes(), &sorted)).into_owned()
}

/// The UTF-8 text of the site file `path` (at most
/// [`super::MAX_DOCUMENT`] bytes), or why it is not read.
fn read_text(path: &Path) -> Result<String, String> {
    let bytes = super::read_capped(path)?;
    String::from_utf8(bytes).map_err(|_| "not UTF-8".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlaps() {
        let e = |s, t| Edit {
            start: s,
            end: t,
            replacement: String::new(),
        };
        assert!(overlap(&e(2, 5), &e(4, 6)));
        assert!(!overlap(&e(2, 5), &e(5, 6)));
        assert!(overlap(&e(3, 3), &e(2, 5)));
        assert!(!overlap(&e(2, 2), &e(2, 5)));
        assert!(!overlap(&e(5, 5), &e(2, 5)));
        assert!(!overlap(&e(5, 5), &e(5, 5)));
    }
}
