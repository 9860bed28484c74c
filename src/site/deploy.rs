//! Sites deployed into a folder of the published site, beside other
//! folders: release versions and channels that a CI workflow publishes
//! side by side under one domain.
//!
//! helix-editor/helix's `.github/workflows/gh-pages.yml` builds its
//! mdBook once and publishes it to the root and, with `destination_dir`,
//! to `/master/` and to `/<version>/`, keeping what earlier runs
//! published (`keep_files: true`); its title page links `/master/`, which
//! no page of one build makes (issue 46, round 10). When a workflow of
//! the repository deploys into such a folder, a root-relative link whose
//! first segment is a folder the site does not make may lead to what
//! another run deployed there: the link is counted *not checked*, with
//! the reason, never reported broken. Links within the site's own folders
//! are checked as before.
//!
//! This module owns reading the workflows (`.github/workflows/*.yml` and
//! `*.yaml` of the repository's root, at most [`MAX_WORKFLOWS`] files of
//! at most [`super::MAX_CONFIG`] bytes each, through
//! [`super::read_config`]) for the inputs that name a folder of the
//! published site: `destination_dir` (peaceiris/actions-gh-pages),
//! `target-folder` (JamesIves/github-pages-deploy-action). Sources: the
//! README of each action, "Options".

use std::path::{Path, PathBuf};

/// The most workflow files read.
pub const MAX_WORKFLOWS: usize = 64;

/// The workflow inputs that deploy into a folder of the published site.
const KEYS: [&str; 2] = ["destination_dir:", "target-folder:"];

/// Why a root-level folder the site does not make may still be served:
/// the workflow (as shown, relative to `repo`) and the input that deploys
/// into a folder of the published site; `None` when no workflow of
/// `repo` (the repository's root) has one.
pub fn beside(repo: &Path) -> Option<String> {
    let dir = repo.join(".github").join("workflows");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| e == "yml" || e == "yaml")
        })
        .collect();
    files.sort();
    files.into_iter().take(MAX_WORKFLOWS).find_map(|f| {
        let text = super::read_config(&f).ok()?;
        let key = text.lines().find_map(|line| {
            let line = line.trim_start();
            KEYS.iter().find(|k| line.starts_with(**k))
        })?;
        let shown = f.strip_prefix(repo).unwrap_or(&f);
        Some(format!(
            "the workflow {} deploys into a folder of the published site (`{}`), beside what other runs deployed",
            shown.display(),
            key.trim_end_matches(':')
        ))
    })
}

/// The first segment of the URL path `url` (`master` for `/master/x/`);
/// `None` for the root.
pub fn first_segment(url: &str) -> Option<&str> {
    url.trim_start_matches('/')
        .split('/')
        .next()
        .filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// helix-editor/helix's `gh-pages.yml` (MPL-2.0), cut down.
    #[test]
    fn a_workflow_deploying_into_a_folder_is_found() {
        let t = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let repo = t.path();
        assert_eq!(beside(repo), None);
        let wf = repo.join(".github/workflows");
        std::fs::create_dir_all(&wf).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(wf.join("build.yml"), "on: push\njobs: {}\n")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(beside(repo), None);
        std::fs::write(
            wf.join("gh-pages.yml"),
            "      - name: Deploy\n        uses: peaceiris/actions-gh-pages@v4\n        with:\n          github_token: ${{ secrets.GITHUB_TOKEN }}\n          publish_dir: ./book/book\n          destination_dir: ./${{ env.OUTDIR }}\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let why = beside(repo).unwrap_or_default();
        assert!(
            why.starts_with("the workflow .github/workflows/gh-pages.yml deploys into a folder of the published site (`destination_dir`)"),
            "{why}"
        );
        assert_eq!(first_segment("/master/"), Some("master"));
        assert_eq!(first_segment("/"), None);
    }
}
