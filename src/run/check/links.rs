//! `--links local` and `--links site` for one found link: L001 and L002
//! from the site model, `[links]` `ignore`, and `--since` renames and
//! reworded headings.

use super::*;
use crate::links::{LocalLinks, Problem};
use crate::lint::rules::{missing_anchor, missing_local_target};
use crate::lint::Diagnostic;
use crate::source::Input;

/// What `--since` says of a link whose fragment a heading of its target
/// page had at the revision ([`Checker::reworded_heading`]).
enum HeadingSince {
    /// Reworded at its place: the safe fix to its new id, and what the
    /// message says of it.
    Fixed(crate::fix::Fix, String),
    /// Reworded at its place, certainly, but with no fix (the page
    /// includes files, whose headings may change the id's counter): what
    /// the message says.
    Reworded(String),
    /// Changed or gone, with no certain fix: what the message says.
    Gone(String),
}

/// What [`Checker::check_link`] reports of a link whose target is
/// missing.
struct Finding {
    rule: crate::lint::rules::Rule,
    message: String,
    /// With `--since`: the target was renamed or deleted, or its heading
    /// reworded, since the revision.
    moved: bool,
    /// With `--since`: the file the link named and its new path, when
    /// git says it was renamed (issue 51).
    renamed: Option<(std::path::PathBuf, std::path::PathBuf)>,
    /// With `--since`: the fix of a link to a heading reworded since.
    heading_fix: Option<crate::fix::Fix>,
}

impl Checker<'_> {
    /// The document whose links are checked, and the walk's root it was
    /// found in (not a listed path's working directory or `/`); an
    /// editor's document stands for its file. `None` for standard input
    /// and a document without a tree.
    pub(super) fn link_document(&self) -> Option<(&std::path::Path, Option<&std::path::Path>)> {
        match self.input {
            Input::File { path, root, .. } => Some((
                path,
                root.as_ref()
                    .map(crate::beneath::Root::path)
                    .filter(|p| !p.as_os_str().is_empty() && *p != std::path::Path::new("/")),
            )),
            Input::Document { name, .. } if self.document_tree.is_some() => {
                Some((name, self.document_tree))
            }
            _ => None,
        }
    }

    /// Looks for the target of link `c` (found in a piece that is one URI
    /// reference) in the tree ([`LocalLinks::check`]) and adds an `L001`
    /// or `L002` finding when it is missing, at the link, in the decoded
    /// text's coordinates (as [`Checker::lint`] gives them), unless the target
    /// is one `[links]` `ignore` names. With `--since`, an `L001` target
    /// renamed or deleted since the revision is said so in the message,
    /// and `true` is returned.
    pub(super) fn check_link(
        &self,
        links: &LocalLinks,
        c: &crate::scan::Candidate<'_>,
        base: Option<&str>,
        conditional: bool,
        routed: bool,
        out: &mut Vec<Diagnostic>,
    ) -> bool {
        let Some((path, tree)) = self.link_document() else {
            return false;
        };
        let mut problem = links.check_within(tree, path, c.text(), base);
        if problem.is_none() && routed {
            problem = links.docsify_routed_file(tree, path, c.text());
        }
        if problem.is_none() {
            problem = self.reworded_on_unsure_page(links, tree, path, c, base);
        }
        if conditional && problem.is_some() {
            // An AsciiDoc cross reference in a conditional the document
            // does not decide: whether it is rendered is not known.
            links.count_not_checked(tree, path, crate::links::CONDITIONAL);
            return false;
        }
        let ignored = match &problem {
            None => return false,
            Some(Problem::MissingTarget { path, .. } | Problem::MissingAnchor { path, .. }) => {
                self.link_ignore.is_some_and(|i| i.ignores(path))
            }
            Some(Problem::MissingPage { url, .. }) => {
                self.link_ignore.is_some_and(|i| i.ignores_url(url))
            }
        };
        if ignored {
            return false;
        }
        // The document the link is in (`path` names the target below).
        let doc = path;
        let Some(Finding {
            rule,
            message,
            moved,
            renamed,
            heading_fix,
        }) = self.finding(links, problem.as_ref(), tree, doc, c, base)
        else {
            return false;
        };
        if !self.rules.enabled(rule.code) {
            return false;
        }
        let mut d = Diagnostic::at_start(&self.name, c, &rule, self.rules.severity(&rule), message);
        // A link to a page renamed since the revision: written again for
        // the new path in its own form (source path, built name,
        // root-relative URL), as `urilint mv` writes it; a safe fix.
        d.fix = renamed.and_then(|(old, new)| {
            let new = crate::mv::edits::renamed_reference(links, tree, path, c.text(), &old, &new)?;
            Some(crate::fix::Fix {
                message: format!("link to {new}, the page's new place"),
                edits: vec![crate::rewrite::edit_for(c, &new)],
                applicability: crate::fix::Applicability::Safe,
            })
        });
        if heading_fix.is_some() {
            d.fix = heading_fix;
        }
        if d.fix.is_none() && self.in_editor {
            // In the editor: "did you mean" as an unsafe quick fix.
            d.fix = closest_fix(c, problem.as_ref());
        }
        out.push(d);
        moved
    }

    /// The finding for link `c` (in the document `doc`, in the walk's
    /// `tree`) whose target has `problem`: its rule and message, with
    /// `--since` what changed since the revision (a renamed target, a
    /// reworded heading's fix). `None` without a problem.
    fn finding(
        &self,
        links: &LocalLinks,
        problem: Option<&Problem>,
        tree: Option<&std::path::Path>,
        doc: &std::path::Path,
        c: &crate::scan::Candidate<'_>,
        base: Option<&str>,
    ) -> Option<Finding> {
        let mut moved = false;
        // With `--since`: the target's new path when git says it was
        // renamed, and the file the link named (issue 51).
        let mut renamed: Option<(std::path::PathBuf, std::path::PathBuf)> = None;
        // With `--since`: the fix of a link to a heading reworded since.
        let mut heading_fix: Option<crate::fix::Fix> = None;
        let (rule, message) = match problem {
            None => return None,
            Some(Problem::MissingTarget { path, suggestion }) => {
                let mut message = missing_local_target::message(path);
                if let Some(s) = suggestion {
                    message = missing_local_target::with_suggestion(message, s);
                }
                if let Some((since, _)) = &self.since {
                    // Also a page linked by its built name: `x.html` or
                    // `x/` for `x.md` (issue 46).
                    let built = built_names(path);
                    if let Some((p, m)) = built
                        .iter()
                        .find_map(|p| since.moved_target(p).map(|m| (p, m)))
                    {
                        moved = true;
                        message = format!("{message} ({})", m.describe(&since.rev));
                        if let crate::since::Moved::Renamed { to } = m {
                            renamed = Some((p.clone(), to));
                        }
                    }
                }
                (missing_local_target::RULE, message)
            }
            Some(Problem::MissingPage {
                url,
                generator,
                config,
                suggestion,
            }) => {
                let mut message = missing_local_target::page_message(url, generator, config);
                if let Some(s) = suggestion {
                    message = missing_local_target::with_suggestion(message, s);
                }
                if let Some((since, _)) = &self.since {
                    // The page's sources as the site model makes its URL.
                    let sources = links.page_sources(config, url);
                    if let Some((p, m)) = sources
                        .iter()
                        .find_map(|p| since.moved_target(p).map(|m| (p, m)))
                    {
                        moved = true;
                        message = format!("{message} ({})", m.describe(&since.rev));
                        if let crate::since::Moved::Renamed { to } = m {
                            renamed = Some((p.clone(), to));
                        }
                    }
                }
                (missing_local_target::RULE, message)
            }
            Some(Problem::MissingAnchor {
                path,
                fragment,
                suggestion,
            }) => {
                let message = missing_anchor::message(path, fragment);
                // With `--since`: the heading's new id when it was
                // reworded since the revision (issue 51).
                let since = self.reworded_heading(links, tree, doc, c, base);
                if let Some(HeadingSince::Fixed(fix, said)) = since {
                    moved = true;
                    heading_fix = Some(fix);
                    (missing_anchor::RULE, format!("{message}; {said}"))
                } else if let Some(HeadingSince::Gone(said) | HeadingSince::Reworded(said)) = since
                {
                    moved = true;
                    (missing_anchor::RULE, format!("{message}; {said}"))
                } else {
                    (
                        missing_anchor::RULE,
                        match suggestion {
                            Some(s) => missing_anchor::with_suggestion(message, s),
                            None => message,
                        },
                    )
                }
            }
        };
        Some(Finding {
            rule,
            message,
            moved,
            renamed,
            heading_fix,
        })
    }

    /// With `--since`: a missing anchor for link `c` (in the document
    /// `doc`) whose fragment was taken as found only because its target
    /// page's anchors cannot all be known, when it was the id of a heading
    /// of that page at the revision and the heading was reworded since
    /// ([`Checker::reworded_heading`]): the evidence says the link broke.
    fn reworded_on_unsure_page(
        &self,
        links: &LocalLinks,
        tree: Option<&std::path::Path>,
        doc: &std::path::Path,
        c: &crate::scan::Candidate<'_>,
        base: Option<&str>,
    ) -> Option<Problem> {
        self.since.as_ref()?;
        if !c.text().contains('#') {
            return None;
        }
        // The link was counted once, by its check: looked up again
        // quietly.
        let how = crate::links::quietly(|| links.unsure_anchor(tree, doc, c.text(), base))?;
        // Only a certain rewording: a heading gone from a page that may
        // write ids (moved into a shortcode?) may still be there.
        let Some(HeadingSince::Fixed(..) | HeadingSince::Reworded(..)) =
            self.reworded_heading(links, tree, doc, c, base)
        else {
            return None;
        };
        let crate::links::Lead::Target(target) =
            crate::links::quietly(|| links.lead_within(tree, doc, c.text(), base))?
        else {
            return None;
        };
        let fragment = target.fragment?;
        links.uncount_unsure_anchor(how);
        Some(Problem::MissingAnchor {
            // As `check` names a page of a site.
            path: if target.in_site {
                crate::links::shown(&target.path)
            } else {
                target.path
            },
            fragment,
            suggestion: None,
        })
    }

    /// With `--since`: when the fragment of link `c` (found in the
    /// document `doc`, in the walk's `tree`) was the id of a heading of
    /// its target page at the revision, and that heading was reworded
    /// since ([`crate::fix::reworded::new_id`]: the same headings, one
    /// text differs), the safe fix to the heading's new id and what the
    /// message says of it (`heading reworded since REF: #old is now
    /// #new`). `None` without `--since`, or when the match is not
    /// certain.
    fn reworded_heading(
        &self,
        links: &LocalLinks,
        tree: Option<&std::path::Path>,
        doc: &std::path::Path,
        c: &crate::scan::Candidate<'_>,
        base: Option<&str>,
    ) -> Option<HeadingSince> {
        let (since, _) = self.since.as_ref()?;
        // Counted once, by the link's check.
        let crate::links::Lead::Target(target) =
            crate::links::quietly(|| links.lead_within(tree, doc, c.text(), base))?
        else {
            return None;
        };
        let fragment = target.fragment.as_deref()?;
        let max = crate::links::anchors::MAX_DOCUMENT;
        let old = since.text_at_revision(&target.path, max)?;
        let (new, format) = crate::links::anchors::read_document(&target.path)?;
        // Headings an included file brings are not read here: their
        // counters may differ, so no fix.
        // Files that take no own heading's id nor move its counter (a
        // snippet of text) leave the page's own headings its ids:
        // followed as on a page without.
        let includes = !crate::links::anchors::includes::included(&new, &target.path, None)
            .is_empty()
            && !links
                .anchors(&target.path, target.renderer, target.definition_terms)
                .is_some_and(|a| {
                    crate::links::anchors::includes_keep_own_ids(
                        &a,
                        &new,
                        format,
                        target.renderer,
                        target.definition_terms,
                    )
                });
        if includes {
            // The page's own headings may still show the rewording
            // certainly: said, with no fix (issue 51's third measurement:
            // MkDocs `plugins.md#config_scheme`, a page with a snippet and
            // a mkdocstrings block).
            let own = crate::fix::reworded::new_id(&old, &new, format, target.renderer, fragment);
            if let Some(found) = own.filter(|f| f.reworded) {
                return Some(HeadingSince::Reworded(format!(
                    "heading reworded since {}: {} is now {} in the page's own text, but a file it includes has a heading or id that may take it (no fix)",
                    since.rev,
                    crate::lint::quote(&format!("#{fragment}")),
                    crate::lint::quote(&format!("#{}", found.id))
                )));
            }
            return crate::fix::reworded::had_id(&old, format, target.renderer, fragment)
                .then(|| HeadingSince::Gone(format!("its heading changed since {}", since.rev)));
        }
        let Some(found) =
            crate::fix::reworded::new_id(&old, &new, format, target.renderer, fragment)
        else {
            // Not certain of a fix, but the fragment was a heading's id
            // at the revision: the link broke since (a page that includes
            // files, headings added or removed; issue 51's measurement:
            // `--since` hid such an `L002` that `check` reports).
            return crate::fix::reworded::had_id(&old, format, target.renderer, fragment)
                .then(|| HeadingSince::Gone(format!("its heading changed since {}", since.rev)));
        };
        let text = c.text();
        let (before, written) = text.split_once('#')?;
        let encoded = written.contains('%') && !fragment.is_ascii();
        let new_fragment = crate::fix::reworded::as_fragment(&found.id, encoded);
        let what = if found.reworded {
            "heading reworded"
        } else {
            "heading's id renumbered (another heading reworded)"
        };
        let said = format!(
            "{what} since {}: {} is now {}",
            since.rev,
            crate::lint::quote(&format!("#{fragment}")),
            crate::lint::quote(&format!("#{}", found.id))
        );
        let fix = crate::fix::Fix {
            message: format!("link to #{new_fragment}, the heading's new id"),
            edits: vec![tail_edit(c, before.len() + 1, &new_fragment)],
            applicability: crate::fix::Applicability::Safe,
        };
        Some(HeadingSince::Fixed(fix, said))
    }

    /// Adds an `L001` or `L002` finding at link `c` of the source `path`
    /// when the page built from it has a broken link that `c` made
    /// ([`crate::links::built::BuiltSite::attribute`]), unless the rule is
    /// off or `[links]` `ignore` names the target.
    pub(super) fn check_built(
        &self,
        built: &crate::links::built::BuiltSite,
        path: &std::path::Path,
        c: &crate::scan::Candidate<'_>,
        out: &mut Vec<Diagnostic>,
    ) {
        let Some(a) = built.attribute(path, c.text()) else {
            return;
        };
        let b = &a.broken;
        let rule = match b.problem {
            crate::links::built::BuiltProblem::MissingTarget => missing_local_target::RULE,
            crate::links::built::BuiltProblem::MissingAnchor { .. } => missing_anchor::RULE,
        };
        let url = format!("/{}", b.url);
        let ignored = self
            .link_ignore
            .is_some_and(|i| i.ignores_url(&url) || i.ignores(&built.shown(&b.url)));
        if ignored || !self.rules.enabled(rule.code) {
            return;
        }
        out.push(Diagnostic::at_start(
            &self.name,
            c,
            &rule,
            self.rules.severity(&rule),
            crate::links::built::message(b, built.dir()),
        ));
    }
}

/// The paths a missing link target `path` may stand for when it names a
/// page by its built name: itself, and for `x.html`, `x.htm` or a name
/// without an extension (`../x/`), the Markdown source `x.md` (issue 46:
/// `--since` finds a page renamed since the revision through them).
pub(super) fn built_names(path: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = vec![path.to_path_buf()];
    match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm") => {
            out.push(path.with_extension("md"));
        }
        None if path.file_name().is_some() => {
            let mut md = path.as_os_str().to_owned();
            md.push(".md");
            out.push(md.into());
        }
        _ => {}
    }
    out
}

/// The unsafe fix of a link `c` whose problem names the closest existing
/// anchor or file ("did you mean", [`crate::links::suggest::closest`]):
/// the fragment written as that anchor (`L002`), or the last segment of
/// the path as that file's name when it names the missing file (`L001`
/// for a file beside others; not a page of a site, whose URL may be of
/// another form). `None` without a suggestion.
pub(super) fn closest_fix(
    c: &crate::scan::Candidate<'_>,
    problem: Option<&Problem>,
) -> Option<crate::fix::Fix> {
    let text = c.text();
    let new = match problem? {
        Problem::MissingAnchor {
            suggestion: Some(s),
            ..
        } => {
            let (before, written) = text.split_once('#')?;
            let encoded = written.contains('%') && !s.is_ascii();
            let fragment = crate::fix::reworded::as_fragment(s, encoded);
            (before.len() + 1, fragment.clone(), format!("#{fragment}"))
        }
        Problem::MissingTarget {
            path,
            suggestion: Some(s),
        } => {
            let end = text.find(['#', '?']).unwrap_or(text.len());
            let (reference, rest) = text.split_at(end);
            let start = reference.rfind('/').map_or(0, |i| i + 1);
            let segment = &reference[start..];
            let decoded = crate::links::percent_decoded(segment)?;
            if segment.is_empty() || Some(decoded.as_os_str()) != path.file_name() {
                return None;
            }
            if s.contains(['/', '?']) {
                return None;
            }
            let name = crate::fix::reworded::as_fragment(s, false);
            (start, format!("{name}{rest}"), name)
        }
        _ => return None,
    };
    let (from, tail, shown) = new;
    Some(crate::fix::Fix {
        message: format!("link to {shown}, the closest that exists"),
        edits: vec![tail_edit(c, from, &tail)],
        applicability: crate::fix::Applicability::Unsafe,
    })
}

/// The edit that writes `tail` in place of the text of link `c` from
/// byte `from` of its text to its end (a fragment, a last segment), in
/// the offsets the link was found at. The whole tail is replaced, never
/// only inserted after the link's last byte (a fix there would be outside
/// the link, which the write policy refuses).
fn tail_edit(c: &crate::scan::Candidate<'_>, from: usize, tail: &str) -> crate::fix::Edit {
    let span = c.span();
    let start = if from >= c.text().len() {
        span.end
    } else {
        c.source_offset(from)
    };
    crate::fix::Edit {
        start,
        end: span.end.max(start),
        replacement: tail.to_string(),
    }
}
