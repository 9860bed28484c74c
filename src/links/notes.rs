//! The links the local checks pass over, counted as they are met, and the
//! notes said of them once a run ([`LocalLinks::notes`]): links the site
//! model is not sure of, per site and reason; links written for a built
//! site in pages no site covers; root-relative links without a root
//! directory; fragments only a page's unknown anchors may make; targets
//! outside the tree checked. The counts of the other modules (templates
//! expanded elsewhere, submodules not checked out, web applications) are
//! kept by them ([`tally`]) and said here.

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{shown, LinkTarget, LocalLinks};

thread_local! {
    /// True while this thread looks a link up again for another question
    /// than its check ([`quietly`]).
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` with the counting of links passed over off on this thread:
/// a link looked up again after its check (with `--since`, whether its
/// fragment names a heading reworded since the revision) was counted
/// once, by the check (a link above the site root was counted two or three
/// times: rust-lang/nomicon, 47 links said 58 with `--since`, 63 with
/// `--fix`).
#[cfg(feature = "cli")]
pub(crate) fn quietly<T>(f: impl FnOnce() -> T) -> T {
    let was = QUIET.with(|q| q.replace(true));
    let out = f();
    QUIET.with(|q| q.set(was));
    out
}

/// False inside [`quietly`].
pub(crate) fn counting() -> bool {
    !QUIET.with(Cell::get)
}

impl LocalLinks {
    /// Counts one link of the document `file` (found by walking `tree`)
    /// as not checked for `reason`: under its site's configuration file,
    /// or the document itself outside a site.
    pub fn count_not_checked(&self, tree: Option<&Path>, file: &Path, reason: &str) {
        let config = self
            .site_of(tree, file)
            .map_or_else(|| file.to_path_buf(), |(s, _)| s.layout.config.clone());
        self.count_unsure(&config, reason.to_string());
    }

    /// Counts the link of `file` to `target` as not checked when its
    /// fragment is found only because the target page's anchors cannot
    /// all be known
    /// ([`Anchors::only_unknown_has`](super::anchors::Anchors::only_unknown_has)),
    /// for the note.
    pub(super) fn count_unknown_anchor(&self, file: &Path, target: &LinkTarget) {
        let Some(fragment) = target.fragment.as_deref() else {
            return;
        };
        let unknown = self
            .anchors(&target.path, target.renderer, target.definition_terms)
            .is_some_and(|a| a.only_unknown_has(fragment));
        if unknown && !self.plain_heading(&target.path, target.renderer, fragment) {
            tally(&self.unknown_anchors, || {
                (
                    shown(file),
                    format!("#{fragment} of {}", shown(&target.path).display()),
                )
            });
        }
    }

    /// How the fragment of `reference` (in the document `file`, found by
    /// walking `tree`, with `base`) was counted when no id the target
    /// page's text makes has it: as a fragment the page itself may write
    /// (a shortcode, a mkdocstrings block, a component), or for the site
    /// (MkDocs `hooks`, a plugin that may add anchors); `None` when it was
    /// found, reported, or not counted so. With `--since`, such a link to
    /// a heading reworded since the revision is still reported, with its
    /// fix (issue 51: 61 links to reworded headings were neither fixed nor
    /// reported), and taken back from its count
    /// ([`LocalLinks::uncount_unsure_anchor`]).
    #[cfg(feature = "cli")]
    pub(crate) fn unsure_anchor(
        &self,
        tree: Option<&Path>,
        file: &Path,
        reference: &str,
        base: Option<&str>,
    ) -> Option<UnsureAnchor> {
        let super::Lead::Target(target) = self.lead_within(tree, file, reference, base)? else {
            return None;
        };
        let fragment = target.fragment.as_deref()?;
        if self.plain_heading(&target.path, target.renderer, fragment) {
            return None;
        }
        let anchors = self.anchors(&target.path, target.renderer, target.definition_terms)?;
        if anchors.only_unknown_has(fragment) {
            return Some(UnsureAnchor::Page);
        }
        if anchors.has(fragment) {
            return None;
        }
        let (config, why) = target.unsure_anchors?;
        Some(UnsureAnchor::Site { config, why })
    }

    /// Takes back one link counted as `how`
    /// ([`LocalLinks::unsure_anchor`]): it was reported after all.
    #[cfg(feature = "cli")]
    pub(crate) fn uncount_unsure_anchor(&self, how: UnsureAnchor) {
        match how {
            UnsureAnchor::Page => {
                let mut c = self
                    .unknown_anchors
                    .lock()
                    .unwrap_or_else(|p| p.into_inner());
                c.0 = c.0.saturating_sub(1);
                if c.0 == 0 {
                    c.1 = None;
                }
            }
            UnsureAnchor::Site { config, why } => {
                let mut unsure = self.unsure.lock().unwrap_or_else(|p| p.into_inner());
                if let Some(reasons) = unsure.get_mut(&shown(&config)) {
                    if let Some(n) = reasons.get_mut(&why) {
                        *n = n.saturating_sub(1);
                        if *n == 0 {
                            reasons.remove(&why);
                        }
                    }
                    if reasons.is_empty() {
                        unsure.remove(&shown(&config));
                    }
                }
            }
        }
    }

    /// Counts one link of the site configured by `config` as not checked
    /// for `reason` ([`LocalLinks::notes`]).
    pub(super) fn count_unsure(&self, config: &Path, reason: String) {
        if !counting() {
            return;
        }
        let mut unsure = self.unsure.lock().unwrap_or_else(|p| p.into_inner());
        *unsure
            .entry(shown(config))
            .or_default()
            .entry(reason)
            .or_default() += 1;
    }

    /// What the checks passed over, for a note once a run: the links
    /// whose target lies outside the tree checked (M6 and L5 of the
    /// 2026-11-29 review), which are not checked whether their file
    /// exists or not.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        let unsure = self.unsure.lock().unwrap_or_else(|p| p.into_inner());
        for (config, reasons) in unsure.iter() {
            let n: u64 = reasons.values().sum();
            let why: Vec<String> = reasons
                .iter()
                .map(|(reason, k)| format!("{reason} ({k})"))
                .collect();
            notes.push(format!(
                "{}: {n} link{} not checked, the site model not being sure what the built site makes of {}: {}",
                config.display(),
                if n == 1 { "" } else { "s" },
                if n == 1 { "it" } else { "them" },
                why.join("; ")
            ));
        }
        let unbuilt = self.unbuilt.lock().unwrap_or_else(|p| p.into_inner());
        if let (n, Some((page, link))) = &*unbuilt {
            notes.push(format!(
                "{n} link{} not checked: written for a built site (e.g. `{link}` in {}, a page's URL rather than a file), in pages no site configuration found covers; `urilint site` shows what was found",
                if *n == 1 { "" } else { "s" },
                page.display()
            ));
        }
        notes.extend(self.expanded.note(shown));
        notes.extend(self.submodules.notes());
        notes.extend(self.webapp.notes(shown));
        notes.extend(self.published.note(shown));
        let rootless = self.rootless.lock().unwrap_or_else(|p| p.into_inner());
        if let (n, Some((page, link))) = &*rootless {
            notes.push(format!(
                "{n} root-relative link{} not checked: no site configuration found covers the page (e.g. `{link}` in {}) and no `--root-dir` says where `/` is",
                if *n == 1 { "" } else { "s" },
                page.display()
            ));
        }
        let unknown = self
            .unknown_anchors
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let (n, Some((page, link))) = &*unknown {
            notes.push(format!(
                "{n} link{} not checked: {} a fragment that the target page's text does not make, and a shortcode, include, directive, component or script of that page may write it (e.g. `{link}` in {})",
                if *n == 1 { "" } else { "s" },
                if *n == 1 { "it names" } else { "they name" },
                page.display()
            ));
        }
        let n = self.outside.lock().map(|o| o.len()).unwrap_or_default();
        if n > 0 {
            notes.push(format!(
                "{n} link target{} outside the tree checked (through `..` or a symbolic link): not checked",
                if n == 1 { " lies" } else { "s lie" }
            ));
        }
        notes
    }

    /// The links not checked because a site model was not sure, per
    /// site configuration file (as shown) and reason, in the order of the
    /// files' paths: what the notes say, for `urilint site` and
    /// statistics.
    pub fn unsure_counts(&self) -> Vec<(PathBuf, Vec<(String, u64)>)> {
        let unsure = self.unsure.lock().unwrap_or_else(|p| p.into_inner());
        unsure
            .iter()
            .map(|(c, r)| (c.clone(), r.iter().map(|(w, k)| (w.clone(), *k)).collect()))
            .collect()
    }
}

/// Counts one link not checked in `count` (how many, and the least one
/// counted, e.g. its page and the link, to name in a note: the same one
/// whichever worker counts first); `example` makes this one's.
/// How a fragment not found was counted as not checked
/// ([`LocalLinks::unsure_anchor`]).
#[cfg(feature = "cli")]
#[derive(Debug)]
pub(crate) enum UnsureAnchor {
    /// The target page may write ids the model does not read.
    Page,
    /// The site may add anchors (`config`, `why`: the note's site and
    /// reason).
    Site {
        /// The site's configuration file.
        config: std::path::PathBuf,
        /// The reason counted.
        why: String,
    },
}

pub(crate) fn tally<T: Ord>(count: &Mutex<(u64, Option<T>)>, example: impl FnOnce() -> T) {
    if !counting() {
        return;
    }
    let mut c = count.lock().unwrap_or_else(|p| p.into_inner());
    c.0 += 1;
    keep_least(&mut c.1, example());
}

/// Puts `new` in `kept` when nothing is kept or `new` is less.
pub(crate) fn keep_least<T: Ord>(kept: &mut Option<T>, new: T) {
    if kept.as_ref().is_none_or(|k| new < *k) {
        *kept = Some(new);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example a note names is the same whichever worker counted
    /// first (tune8's Sa-Token named another page on each run).
    #[test]
    fn the_example_is_the_least_whatever_the_order() {
        let a = Mutex::new((0, None));
        let b = Mutex::new((0, None));
        for x in ["b.md", "a.md", "c.md"] {
            tally(&a, || x.to_string());
        }
        for x in ["c.md", "b.md", "a.md"] {
            tally(&b, || x.to_string());
        }
        let a = a.into_inner().unwrap_or_else(|p| p.into_inner());
        let b = b.into_inner().unwrap_or_else(|p| p.into_inner());
        assert_eq!(a, (3, Some("a.md".to_string())));
        assert_eq!(a, b);
    }
}
