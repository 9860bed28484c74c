//! `--links local` and `--links site` for one found link: L001 and L002
//! from the site model, `[links]` `ignore`, and `--since` renames.

use super::*;
use crate::links::{LocalLinks, Problem};
use crate::lint::rules::{missing_anchor, missing_local_target};
use crate::lint::Diagnostic;
use crate::source::Input;

impl Checker<'_> {
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
        out: &mut Vec<Diagnostic>,
    ) -> bool {
        let (path, tree) = match self.input {
            Input::File { path, root, .. } => (
                path,
                // The walk's root (not a listed path's working directory
                // or `/`).
                root.as_ref()
                    .map(crate::beneath::Root::path)
                    .filter(|p| !p.as_os_str().is_empty() && *p != std::path::Path::new("/")),
            ),
            // An editor's document stands for its file.
            Input::Document { name, .. } if self.document_tree.is_some() => {
                (name, self.document_tree)
            }
            _ => return false,
        };
        let problem = links.check_within(tree, path, c.text(), base);
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
        let mut moved = false;
        // With `--since`: the target's new path when git says it was
        // renamed, and the file the link named (issue 51).
        let mut renamed: Option<(std::path::PathBuf, std::path::PathBuf)> = None;
        let (rule, message) = match &problem {
            None => return false,
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
                (
                    missing_anchor::RULE,
                    match suggestion {
                        Some(s) => missing_anchor::with_suggestion(message, s),
                        None => message,
                    },
                )
            }
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
        out.push(d);
        moved
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
