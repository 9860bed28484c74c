//! Git submodules a site's pages may come from: a checkout made without
//! `--recurse-submodules` (as a snapshot of the repository is) leaves
//! each submodule's directory empty or absent, so the pages it holds are
//! not in the tree, though the built site has them.
//!
//! This module owns reading the repository's `.gitmodules` once per site
//! (at most [`super::MAX_CONFIG`] bytes, through [`super::read_config`])
//! and saying where the pages of a submodule not checked out would be
//! served: under a URL prefix ([`super::Layout::unsure_under`]) when it
//! lies in the site's source, static or mounted directories, or anywhere
//! ([`super::Layout::unsure_pages`]) when the site's sources lie in it.
//! A submodule elsewhere in the repository (a theme, a script, another
//! project) is not a source of pages the model reads and is left alone.
//! Source: git documentation, "gitmodules" (`submodule.<name>.path`).

use std::path::{Path, PathBuf};

use super::Layout;

/// The most submodules of one `.gitmodules` looked at.
const MAX_SUBMODULES: usize = 256;

/// The paths of the submodules `.gitmodules` in `repo` (the repository's
/// root) lists, relative to it as written (`submodule.<name>.path`,
/// forward slashes); none when there is no such file or it cannot be
/// read. A `path` containing `..` or starting with `/` is passed over.
pub fn paths(repo: &Path) -> Vec<String> {
    let file = repo.join(".gitmodules");
    if !file.is_file() {
        return Vec::new();
    }
    let Ok(text) = super::read_config(&file) else {
        return Vec::new();
    };
    // git-config syntax: `path = x` inside a `[submodule "name"]`
    // section; the value may be quoted.
    let mut in_submodule = false;
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_submodule = line
                .trim_start_matches('[')
                .trim_start()
                .to_ascii_lowercase()
                .starts_with("submodule");
            continue;
        }
        if !in_submodule {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if !key.trim().eq_ignore_ascii_case("path") {
            continue;
        }
        let value = value.trim().trim_matches('"').trim_end_matches('/');
        if value.is_empty()
            || value.starts_with('/')
            || value.split('/').any(|s| s == "..")
            || out.len() >= MAX_SUBMODULES
        {
            continue;
        }
        out.push(value.to_string());
    }
    out
}

/// True when the directory `dir` (a submodule's, as listed in
/// `.gitmodules`) is missing or holds nothing: the submodule is not
/// checked out.
pub fn not_checked_out(dir: &Path) -> bool {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => entries.next().is_none(),
        Err(_) => !dir.exists(),
    }
}

/// Notes in `l` the submodules of the repository at `repo` (its root, or
/// the directory a site is confined to) that are not
/// checked out and whose pages the site would serve: under the URL of
/// their place in the source directory, a mounted directory or a static
/// directory ([`Layout::unsure_under`]), or, when the site's source
/// directory lies in one, anywhere ([`Layout::unsure_pages`]). Each
/// reason is "the git submodule `path` is not checked out".
pub fn unsure(l: &mut Layout, repo: &Path) {
    // The `.gitmodules` of the repository's root, and of each directory
    // from the project's up to it (a tree copied out of its repository).
    let root = super::lexically_clean(&l.root);
    let repo = super::lexically_clean(repo);
    let mut listed: Vec<(PathBuf, String)> = Vec::new();
    for d in root.ancestors().take_while(|d| d.starts_with(&repo)) {
        listed.extend(paths(d).into_iter().map(|p| (d.to_path_buf(), p)));
    }
    if !root.starts_with(&repo) {
        listed.extend(paths(&repo).into_iter().map(|p| (repo.clone(), p)));
    }
    for (top, rel) in listed {
        let dir = super::lexically_clean(&top.join(&rel));
        if !not_checked_out(&dir) {
            continue;
        }
        let why = format!("the git submodule `{rel}` is not checked out");
        let mut roots: Vec<(PathBuf, String)> = vec![(l.source_dir.clone(), l.source_url.clone())];
        roots.extend(l.mounts.iter().cloned());
        roots.extend(l.static_dirs.iter().map(|d| (d.clone(), "/".to_string())));
        let mut placed = false;
        for (root, prefix) in &roots {
            let root = super::lexically_clean(root);
            if let Ok(inside) = dir.strip_prefix(&root) {
                let inside = inside.to_string_lossy().replace('\\', "/");
                if inside.is_empty() {
                    continue;
                }
                let url = format!("{}/{}/", prefix.trim_end_matches('/'), inside);
                l.unsure_under.push((url, why.clone()));
                placed = true;
                break;
            }
        }
        if placed {
            continue;
        }
        if roots
            .iter()
            .any(|(root, _)| super::lexically_clean(root).starts_with(&dir))
        {
            // The site's content (or a part mounted) is the submodule, or
            // lies inside it.
            l.unsure_pages.push(why);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::Generator;

    /// open-telemetry/opentelemetry.io's `.gitmodules` (excerpt), with
    /// the quoted and section forms git writes.
    #[test]
    fn paths_of_gitmodules() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            dir.path().join(".gitmodules"),
            "[submodule \"themes/docsy\"]\n\tpath = themes/docsy\n\turl = https://github.com/google/docsy.git\n[submodule \"content-modules/opentelemetry-specification\"]\n\tpath = \"content-modules/opentelemetry-specification\"\n\tspec-pin = v1.60.0\n[core]\n\tpath = not-a-submodule\n[submodule \"x\"]\n\tpath = ../outside\n",
        )
        .expect("write");
        assert_eq!(
            paths(dir.path()),
            vec![
                "themes/docsy".to_string(),
                "content-modules/opentelemetry-specification".to_string()
            ]
        );
    }

    /// A submodule in the source directory, one holding it, and one
    /// elsewhere (a theme).
    #[test]
    fn submodules_not_checked_out() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        for sub in ["content/docs/sdk", "themes/docsy", "content/docs/full"] {
            std::fs::create_dir_all(d.join(sub)).expect("mkdir");
        }
        std::fs::write(d.join("content/docs/full/x.md"), "# x\n").expect("write");
        std::fs::write(
            d.join(".gitmodules"),
            "[submodule \"a\"]\n path = content/docs/sdk\n[submodule \"b\"]\n path = themes/docsy\n[submodule \"c\"]\n path = content/docs/full\n[submodule \"d\"]\n path = content/gone\n",
        )
        .expect("write");
        let mut l = Layout::new(Generator::Hugo, d, &d.join("hugo.toml"));
        l.source_dir = d.join("content");
        unsure(&mut l, d);
        assert_eq!(
            l.unsure_under,
            vec![
                (
                    "/docs/sdk/".to_string(),
                    "the git submodule `content/docs/sdk` is not checked out".to_string()
                ),
                (
                    "/gone/".to_string(),
                    "the git submodule `content/gone` is not checked out".to_string()
                ),
            ]
        );
        assert!(l.unsure_pages.is_empty());
        let mut whole = Layout::new(Generator::Hugo, d, &d.join("hugo.toml"));
        whole.source_dir = d.join("themes/docsy/content");
        unsure(&mut whole, d);
        assert_eq!(
            whole.unsure_pages,
            vec!["the git submodule `themes/docsy` is not checked out".to_string()]
        );
    }
}
