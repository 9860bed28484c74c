//! Targets a build step makes: a link to a file of the site's sources that
//! is missing from the checkout but that the repository's `.gitignore`
//! rules ignore (uv's `docs/reference/settings.md`, written by `cargo dev
//! generate-all`; pydantic's `docs/changelog.md`, written by a MkDocs
//! hook) names a file the build writes before the generator runs: such a
//! link is counted as not checked ([`super::Resolved::Unsure`], [`super::GENERATED`]), never reported.
//!
//! This module owns reading the `.gitignore` files from the repository's
//! root down to the target's directory (each at most
//! [`super::MAX_CONFIG`] bytes, through [`super::read_config`]) and
//! matching them as git does (the `ignore` crate's gitignore matcher: a
//! deeper file's rules, and a later rule, win; `!` re-includes). Without
//! the `cli` feature (which brings the `ignore` crate) nothing is taken
//! as ignored. Source: git documentation, "gitignore".

use std::path::Path;

#[cfg(feature = "cli")]
use std::collections::HashMap;
#[cfg(feature = "cli")]
use std::path::PathBuf;
#[cfg(feature = "cli")]
use std::sync::{Arc, Mutex};

/// The `.gitignore` matchers read so far, one per directory (`None`: the
/// directory has none, or it could not be read or parsed).
#[derive(Debug, Default)]
pub struct Memo {
    #[cfg(feature = "cli")]
    dirs: Mutex<HashMap<(PathBuf, bool), Matcher>>,
}

/// A directory's matcher, by (directory, without regard to case); `None`
/// when it has no readable `.gitignore`.
#[cfg(feature = "cli")]
type Matcher = Option<Arc<ignore::gitignore::Gitignore>>;

impl Memo {
    /// True when the path `target` (absolute, lexically clean, under
    /// `repo`, the repository's root) is ignored by the `.gitignore`
    /// files of `repo` and of the directories between it and `target`,
    /// or lies under an ignored directory.
    #[cfg(feature = "cli")]
    pub fn ignores(&self, repo: &Path, target: &Path) -> bool {
        self.ignores_cased(repo, target, false)
    }

    /// [`Memo::ignores`], with the rules matched without regard to case:
    /// for a target named by a URL of a site whose URLs are lower-cased
    /// (Hugo's `content/en/docs/Pipelines/` is `/docs/pipelines/`:
    /// tektoncd/website's `.gitignore` listing the folders a sync script
    /// writes, issue 46 round 10), whose source's case is not known.
    #[cfg(feature = "cli")]
    pub fn ignores_any_case(&self, repo: &Path, target: &Path) -> bool {
        self.ignores_cased(repo, target, true)
    }

    /// Without the `cli` feature: nothing is taken as ignored.
    #[cfg(not(feature = "cli"))]
    pub fn ignores_any_case(&self, _repo: &Path, _target: &Path) -> bool {
        false
    }

    #[cfg(feature = "cli")]
    fn ignores_cased(&self, repo: &Path, target: &Path, fold: bool) -> bool {
        use ignore::Match;
        let Ok(rel) = target.strip_prefix(repo) else {
            return false;
        };
        let mut verdict = false;
        let mut dir = repo.to_path_buf();
        let mut dirs = vec![dir.clone()];
        let parts: Vec<_> = rel.components().collect();
        for c in parts.iter().take(parts.len().saturating_sub(1)) {
            dir.push(c);
            dirs.push(dir.clone());
        }
        for d in dirs {
            let Some(m) = self.matcher(&d, fold) else {
                continue;
            };
            match m.matched_path_or_any_parents(target, false) {
                Match::Ignore(_) => verdict = true,
                Match::Whitelist(_) => verdict = false,
                Match::None => {}
            }
        }
        verdict
    }

    /// Without the `cli` feature: nothing is taken as ignored.
    #[cfg(not(feature = "cli"))]
    pub fn ignores(&self, _repo: &Path, _target: &Path) -> bool {
        false
    }

    /// The matcher of `dir`'s `.gitignore` (matching without regard to
    /// case when `fold`), read once.
    #[cfg(feature = "cli")]
    fn matcher(&self, dir: &Path, fold: bool) -> Option<Arc<ignore::gitignore::Gitignore>> {
        let lock = || self.dirs.lock().unwrap_or_else(|p| p.into_inner());
        let key = (dir.to_path_buf(), fold);
        if let Some(m) = lock().get(&key) {
            return m.clone();
        }
        let file = dir.join(".gitignore");
        let m = if file.is_file() {
            super::read_config(&file).ok().and_then(|text| {
                let mut b = ignore::gitignore::GitignoreBuilder::new(dir);
                b.case_insensitive(fold).ok()?;
                for line in text.lines() {
                    // A line that does not parse is passed over, as git
                    // passes it over.
                    let _ = b.add_line(Some(file.clone()), line);
                }
                b.build().ok().map(Arc::new)
            })
        } else {
            None
        };
        lock().insert(key, m.clone());
        m
    }
}

#[cfg(all(test, feature = "cli"))]
mod tests {
    use super::*;

    /// astral-sh/uv's `.gitignore` (the generated reference pages), and a
    /// nested file re-including one.
    #[test]
    fn generated_pages_are_ignored() {
        let dir = tempfile::tempdir().expect("tempdir");
        let repo = dir.path();
        std::fs::create_dir_all(repo.join("docs/reference")).expect("mkdir");
        std::fs::write(
            repo.join(".gitignore"),
            "# MkDocs\n/site\n\n# Generated reference docs\n/docs/reference/cli.md\n/docs/reference/settings.md\ntarget/\n",
        )
        .expect("write");
        std::fs::write(repo.join("docs/.gitignore"), "!reference/cli.md\n").expect("write");
        let memo = Memo::default();
        assert!(memo.ignores(repo, &repo.join("docs/reference/settings.md")));
        assert!(memo.ignores(repo, &repo.join("site/index.html")));
        assert!(memo.ignores(repo, &repo.join("x/target/y.md")));
        assert!(!memo.ignores(repo, &repo.join("docs/reference/cli.md")));
        assert!(!memo.ignores(repo, &repo.join("docs/reference/index.md")));
        assert!(!memo.ignores(repo, Path::new("/elsewhere/x.md")));
    }

    /// tektoncd/website's `.gitignore` lists the folders `sync/sync.py`
    /// writes before `hugo` runs; its pages link them by Hugo's
    /// lower-cased URLs (`/docs/pipelines/install/`).
    #[test]
    fn synced_folders_match_a_lower_cased_url_without_regard_to_case() {
        let dir = tempfile::tempdir().expect("tempdir");
        let repo = dir.path();
        std::fs::write(
            repo.join(".gitignore"),
            "# Synced docs\ncontent/en/docs/Pipelines\ncontent/en/docs/CLI\n",
        )
        .expect("write");
        let memo = Memo::default();
        let target = repo.join("content/en/docs/pipelines/install.md");
        assert!(!memo.ignores(repo, &target));
        assert!(memo.ignores_any_case(repo, &target));
        assert!(memo.ignores(repo, &repo.join("content/en/docs/CLI/x.md")));
        assert!(!memo.ignores_any_case(repo, &repo.join("content/en/docs/tasks/x.md")));
    }
}
