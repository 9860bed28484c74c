//! `--links local` with `--since REF` for the cross-references of
//! mkdocs-autorefs: in an MkDocs site with the `autorefs` (or
//! `mkdocstrings`) plugin, a Markdown reference link whose label the page
//! does not define (`[text][id]`, `[id][]`) links to the heading or
//! anchor with that id on any page of the site (mkdocs-autorefs docs,
//! "Usage"; `_eval_id` of its `references.py`: a full reference's id as
//! written, a collapsed one's text as written or its slug, a code span's
//! text alone). Which ids the site has is not all known (mkdocstrings
//! objects, inventories of other sites: `[int][]`), so such a link is
//! not checked by itself; but one whose id a page changed since the
//! revision had as a heading's id, and that no page has now, was broken
//! by that change: it is reported (`L002`), with the safe fix to the
//! heading's new id when the heading was reworded at its place
//! ([`crate::fix::reworded::new_id`], issue 51).

use super::*;
use crate::format::markdown_references::UndefinedLabel;
use crate::format::origin::Origin;
use crate::format::unit::Unit;
use crate::links::SiteAnchor;
use crate::lint::rules::missing_anchor;
use crate::lint::Diagnostic;
use crate::run::InputFormat;

/// What became of the heading a cross-reference named ([`Checker::autoref_findings`]).
struct Broken {
    /// The id the link named (as autorefs looks it up).
    id: String,
    /// The page that had it at the revision.
    page: std::path::PathBuf,
    /// The heading's id now, when it was certainly reworded at its place.
    now: Option<crate::fix::reworded::Reworded>,
    /// The page includes files: their headings may change the id's
    /// counter, so the new id is said with no fix (as for a link's
    /// fragment, `Checker::reworded_heading`).
    includes: bool,
}

/// A cross-reference found broken ([`Checker::broken_autorefs`]), in the
/// coordinates of the text it was read from.
struct Found {
    /// The reference link.
    link: UndefinedLabel,
    /// What became of its heading.
    broken: Broken,
}

impl Checker<'_> {
    /// The `L002` findings of the mkdocs-autorefs cross-references of the
    /// Markdown document `unit` broken since `--since`'s revision (module
    /// doc), in document order, each with its fix when the heading was
    /// reworded; none without `--links local` and `--since`, outside an
    /// MkDocs site with autorefs, or with `L002` off.
    pub(super) fn autoref_findings(&self, unit: &Unit, format: InputFormat) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let Some(links) = self.links else {
            return out;
        };
        if format != InputFormat::Markdown {
            return out;
        }
        let Some((path, tree)) = self.link_document() else {
            return out;
        };
        for f in self.broken_autorefs(links, tree, path, &unit.raw) {
            let file = |r: std::ops::Range<usize>| {
                unit.offset + r.start as u64..unit.offset + r.end as u64
            };
            let span = file(f.link.span.clone());
            let edit = id_edit(&unit.raw, &f.link).map(|(s, e)| file(s..e));
            let (start, end) = (unit.position(span.start), unit.position(span.end));
            let uri =
                String::from_utf8_lossy(unit.raw.get(f.link.span.clone()).unwrap_or_default());
            let d = self.autoref_finding(&f, span, (start, end), &uri, edit, None);
            out.extend(d);
        }
        out
    }

    /// The `L002` findings, as [`Checker::autoref_findings`] gives them,
    /// of the cross-references of the docstring `d` of the Python file
    /// `bytes` (the file checked) rendered on `page`, placed at their
    /// bytes in the file; a fix only where the file's bytes are the
    /// docstring's text as they are (no escape).
    pub(super) fn docstring_autorefs(
        &self,
        links: &crate::links::LocalLinks,
        tree: Option<&std::path::Path>,
        bytes: &[u8],
        d: &crate::format::python_docstring::Docstring,
        page: &std::path::Path,
    ) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for f in self.broken_autorefs(links, tree, page, &d.text) {
            let u = &f.link;
            // The link's bytes, with a collapsed reference's `[]`.
            let whole = u.span.start..u.span.end + if u.collapsed { 2 } else { 0 };
            let Some(span) = d.file_span(&whole) else {
                continue;
            };
            let exact = !d.escapes && bytes.get(span.clone()) == d.text.get(whole.clone());
            let edit = id_edit(&d.text, u)
                .filter(|_| exact)
                .and_then(|(s, e)| d.file_span(&(s..e)));
            let position = |at: usize| super::docstrings::position_in(bytes, at);
            let (start, end) = (position(span.start), position(span.end));
            let uri = String::from_utf8_lossy(bytes.get(span.clone()).unwrap_or_default());
            let on = format!(
                "(in a docstring rendered on {})",
                crate::links::shown(page).display()
            );
            let span = span.start as u64..span.end as u64;
            let edit = edit.map(|r| r.start as u64..r.end as u64);
            out.extend(self.autoref_finding(&f, span, (start, end), &uri, edit, Some(&on)));
        }
        out
    }

    /// The cross-references of `text` (Markdown, of the page `page` found
    /// in the walk of `tree`, or a docstring it renders) broken since the
    /// revision: each undefined full or collapsed reference link whose
    /// heading a page changed since had ([`Checker::broken_autoref`]).
    /// None without `--since`, outside an MkDocs site with autorefs, or
    /// with `L002` off.
    fn broken_autorefs(
        &self,
        links: &crate::links::LocalLinks,
        tree: Option<&std::path::Path>,
        page: &std::path::Path,
        text: &[u8],
    ) -> Vec<Found> {
        let mut out = Vec::new();
        let Some((since, _)) = self.since.as_ref() else {
            return out;
        };
        // A reference link has `][` (full or collapsed).
        if !self.rules.enabled(missing_anchor::RULE.code)
            || memchr::memmem::find(text, b"][").is_none()
        {
            return out;
        }
        let Some(site) = links.autorefs_site(tree, page) else {
            return out;
        };
        let undefined =
            crate::format::markdown_references::references_for(text, true).undefined_labels;
        if undefined.is_empty() {
            return out;
        }
        let renderer = links.renderer.unwrap_or(site.renderer());
        // The site's pages changed since the revision.
        let mut changed: Vec<std::path::PathBuf> = since
            .changed_files()
            .into_iter()
            .filter(|p| site.holds(p) && site.page_url(p).is_some())
            .collect();
        changed.sort();
        if changed.is_empty() {
            return out;
        }
        // Each changed page read at the revision once for the document's
        // cross-references (not once per cross-reference).
        let max = crate::links::anchors::MAX_DOCUMENT;
        let mut olds: Option<Vec<Old>> = None;
        for link in undefined {
            let ids = identifiers(text, &link);
            // Only an id a heading can have: a dotted object path
            // (`griffe.Module`) is mkdocstrings' or an inventory's.
            if !ids.iter().any(|id| heading_like(renderer, id)) {
                continue;
            }
            let olds = olds.get_or_insert_with(|| {
                changed
                    .iter()
                    .filter_map(|page| {
                        let text = since.text_at_revision(page, max)?;
                        let format = crate::format::detect::detect(&text, page);
                        let ids = crate::fix::reworded::heading_ids(&text, format, renderer);
                        Some(Old {
                            page: page.clone(),
                            text,
                            format,
                            ids,
                        })
                    })
                    .collect()
            });
            if let Some(broken) = self.broken_autoref(links, &site, olds, renderer, &ids) {
                out.push(Found { link, broken });
            }
        }
        out
    }

    /// The heading a cross-reference looked up by `ids` named, when a
    /// page of `olds` had one of them at the revision and no page of
    /// `site` has any now ([`crate::links::LocalLinks::site_anchor`]);
    /// `None` otherwise, the link counted as not checked when the site's
    /// anchors are not all known.
    fn broken_autoref(
        &self,
        links: &crate::links::LocalLinks,
        site: &crate::site::Site,
        olds: &[Old],
        renderer: crate::site::slug::Renderer,
        ids: &[String],
    ) -> Option<Broken> {
        let (since, _) = self.since.as_ref()?;
        for Old {
            page,
            text: old,
            format,
            ids: had,
        } in olds
        {
            let format = *format;
            let Some(id) = ids
                .iter()
                .find(|id| heading_like(renderer, id) && had.contains(id))
            else {
                continue;
            };
            // Broken only when no page may have any of the ids now. What
            // may add anchors to every page (a hook: `Site::unsure_anchors`)
            // is weighed as for a link to the page: the heading certainly
            // reworded at its place is the evidence the link broke
            // (`reworded_on_unsure_page`). A page that may mint any id
            // (`::: mkdocs-click`, markdown-exec) or pages not seen
            // (`gen-files`) leave it not checked: the id may be theirs.
            let site_wide = site.unsure_anchors();
            let mut unsure = None;
            for each in ids {
                match links.site_anchor(site, each) {
                    SiteAnchor::Found => return None,
                    SiteAnchor::Unsure(why) => unsure = unsure.or(Some(why)),
                    SiteAnchor::Missing => {}
                }
            }
            let new = crate::links::anchors::read_document(page).map(|(new, _)| new);
            // As for a link to the page (`reworded_heading`): files that
            // take no own heading's id leave its own headings its ids.
            let includes = new.as_ref().is_some_and(|new| {
                !crate::links::anchors::includes::included(new, page, None).is_empty()
                    && !links
                        .anchors(page, renderer, site.layout.definition_term_ids)
                        .is_some_and(|a| {
                            crate::links::anchors::includes_keep_own_ids(
                                &a,
                                new,
                                format,
                                renderer,
                                site.layout.definition_term_ids,
                            )
                        })
            });
            let now =
                new.and_then(|new| crate::fix::reworded::new_id(old, &new, format, renderer, id));
            let certain = now.as_ref().is_some_and(|n| n.reworded || !includes);
            let unsure = unsure.or(site_wide.filter(|_| !certain));
            if let Some(why) = unsure {
                if let Some((path, tree)) = self.link_document() {
                    let reason = format!(
                        "a cross-reference (mkdocs-autorefs) to a heading changed since {}: {why}",
                        since.rev
                    );
                    links.count_not_checked(tree, path, &reason);
                }
                return None;
            }
            return Some(Broken {
                id: id.clone(),
                page: page.clone(),
                now,
                includes,
            });
        }
        None
    }

    /// The finding for the cross-reference `f`, at the file bytes `span`
    /// (from `start` to `end`, 1-based lines and columns), written `uri`;
    /// the fix writes the heading's new id over the file bytes `edit`
    /// (empty for a collapsed reference's `[]`) when it was reworded.
    /// `on` says which page renders a docstring. `None` when the rule is
    /// off. With `--since`, it is reported on any line.
    fn autoref_finding(
        &self,
        f: &Found,
        span: std::ops::Range<u64>,
        (start, end): (crate::position::Position, crate::position::Position),
        uri: &str,
        edit: Option<std::ops::Range<u64>>,
        on: Option<&str>,
    ) -> Option<Diagnostic> {
        let rule = missing_anchor::RULE;
        let (since, _) = self.since.as_ref()?;
        if !self.rules.enabled(rule.code) {
            return None;
        }
        let broken = &f.broken;
        let shown = crate::links::shown(&broken.page);
        let mut message = missing_anchor::cross_reference_message(&broken.id, &shown, &since.rev);
        let fix = match &broken.now {
            Some(now) => {
                let what = if now.reworded {
                    "heading reworded"
                } else {
                    "heading's id renumbered (another heading reworded)"
                };
                message = format!(
                    "{message}; {what}: it is now {}",
                    crate::lint::quote(&format!("#{}", now.id))
                );
                if broken.includes {
                    message = format!("{message} in the page's own text, but a file it includes has a heading or id that may take it (no fix)");
                }
                edit.filter(|_| !broken.includes).map(|e| crate::fix::Fix {
                    message: format!("name {}, the heading's new id", crate::lint::quote(&now.id)),
                    edits: vec![crate::fix::Edit {
                        start: e.start,
                        end: e.end,
                        replacement: now.id.clone(),
                    }],
                    applicability: crate::fix::Applicability::Safe,
                })
            }
            None => None,
        };
        if let Some(on) = on {
            message = format!("{message} {on}");
        }
        let d = Diagnostic {
            path: self.name.clone(),
            line: start.line,
            column: start.column,
            byte_offset: span.start,
            end_line: end.line,
            end_column: end.column,
            uri_span: span,
            code: rule.code,
            rule: rule.name,
            severity: self.rules.severity(&rule),
            message: crate::lint::bounded(message),
            uri: uri.to_string(),
            fix,
            origin: Some(Box::new(Origin {
                segment: if on.is_some() {
                    "python-docstring"
                } else {
                    "autorefs"
                },
                field: Some(
                    if f.link.collapsed {
                        "collapsed"
                    } else {
                        "full"
                    }
                    .to_string(),
                ),
                decoded_line: start.line,
                decoded_column: start.column,
                ..Origin::default()
            })),
            remote: None,
        };
        self.moved_links
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(d.byte_offset);
        Some(d)
    }
}

/// A page of the site changed since the revision, as it was then.
struct Old {
    /// Its path.
    page: std::path::PathBuf,
    /// Its text at the revision.
    text: std::sync::Arc<Vec<u8>>,
    /// Its format.
    format: InputFormat,
    /// The ids of its headings then ([`crate::fix::reworded::heading_ids`]).
    ids: Vec<String>,
}

/// True when `id` is one a heading can have: what `renderer`'s slugger
/// leaves as it is (not a dotted object path, `griffe.Module`).
fn heading_like(renderer: crate::site::slug::Renderer, id: &str) -> bool {
    !id.is_empty() && renderer.slug(id) == id
}

/// The ids mkdocs-autorefs looks the reference link `u` of `raw` up by,
/// in its order: a full reference's label; a collapsed one's text in a
/// code span alone (`` [`site_url`][] ``), else its text and its slug
/// (Python-Markdown's `toc` `slugify`, as autorefs calls it).
fn identifiers(raw: &[u8], u: &crate::format::markdown_references::UndefinedLabel) -> Vec<String> {
    if !u.collapsed {
        return vec![u.label.clone()];
    }
    let text = raw
        .get(u.span.start + 1..u.span.end.saturating_sub(1))
        .map(String::from_utf8_lossy)
        .unwrap_or_default();
    let code = text
        .strip_prefix('`')
        .and_then(|t| t.strip_suffix('`'))
        .filter(|t| !t.contains('`'));
    match code {
        Some(inner) => vec![inner.trim().to_string()],
        None => vec![
            u.label.clone(),
            crate::site::slug::Renderer::PythonMarkdown.slug(&u.label),
        ],
    }
}

/// The bytes of `raw` the new id replaces in the reference link `u`:
/// the label of a full reference (between its last `[` and the closing
/// `]`), or the empty brackets of a collapsed one (`[id][]`, filled);
/// `None` when they are not where the link's span says.
fn id_edit(
    raw: &[u8],
    u: &crate::format::markdown_references::UndefinedLabel,
) -> Option<(usize, usize)> {
    let span = raw.get(u.span.clone())?;
    if u.collapsed {
        let after = u.span.end;
        return (raw.get(after..after + 2) == Some(&b"[]"[..])).then_some((after + 1, after + 1));
    }
    if span.last() != Some(&b']') {
        return None;
    }
    let open = memchr::memrchr(b'[', &span[..span.len() - 1])?;
    Some((u.span.start + open + 1, u.span.end - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::markdown_references::references_for;

    #[test]
    fn identifiers_as_autorefs_reads_them() {
        let raw = b"[the setting][site_url] [Site URL][] [`site_url`][]\n";
        let refs = references_for(raw, true).undefined_labels;
        let got: Vec<Vec<String>> = refs.iter().map(|u| identifiers(raw, u)).collect();
        assert_eq!(
            got,
            vec![
                vec!["site_url".to_string()],
                vec!["Site URL".to_string(), "site-url".to_string()],
                vec!["site_url".to_string()],
            ]
        );
    }

    #[test]
    fn the_new_id_goes_where_the_label_is() {
        let raw = b"See [the setting][site_url] and [site_url][].\n";
        let refs = references_for(raw, true).undefined_labels;
        let edits: Vec<(usize, usize)> = refs.iter().filter_map(|u| id_edit(raw, u)).collect();
        assert_eq!(edits.len(), 2);
        // The full reference's label is replaced.
        assert_eq!(&raw[edits[0].0..edits[0].1], b"site_url");
        assert_eq!(raw[edits[0].0 - 1], b'[');
        // The collapsed one's `[]` is filled.
        assert_eq!(edits[1].0, edits[1].1);
        assert_eq!(&raw[edits[1].0 - 1..edits[1].0 + 1], b"[]");
    }
}
