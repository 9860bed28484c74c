//! Link targets never reported missing (`ignore` of urilint.toml's
//! `[links]` table): pages a site generator writes (`/api/**`), theme
//! files, anything the tree checked does not hold.
//!
//! This module owns matching a target against those globs
//! ([`LinkIgnore::ignores`]). A glob that starts with `/` is a URL path:
//! it is matched against the target's path under the links root (the
//! `[links]` `root`, or `--root-dir`; else the configuration file's
//! directory), with a leading `/`, as root-relative links name it
//! (`/api/**`). Any other glob is a file path relative to the
//! configuration file's directory (`docs/generated/**`); one without a
//! `/` matches a file name at any depth (`*.pdf`), as the globs of
//! `[[overrides]]` do. Globs are `globset`'s (`*`, `?`, `[...]`, `{a,b}`,
//! `**`).

use std::path::{Component, Path, PathBuf};

use globset::{Glob, GlobSet, GlobSetBuilder};

/// Compiled `[links]` `ignore` globs.
#[derive(Clone, Debug)]
pub struct LinkIgnore {
    /// The directory file-path globs are relative to (the configuration
    /// file's), absolute.
    base: PathBuf,
    /// The directory URL-path globs are relative to, absolute.
    url_root: PathBuf,
    /// Globs of file paths.
    files: GlobSet,
    /// Globs of URL paths (without their leading `/`).
    urls: GlobSet,
}

impl LinkIgnore {
    /// The globs `globs`, file paths relative to `base`, URL paths (a
    /// leading `/`) under `url_root` (relative paths are made absolute
    /// against the working directory).
    ///
    /// # Errors
    /// The first invalid glob and globset's description of it.
    pub fn new(base: &Path, url_root: &Path, globs: &[String]) -> Result<LinkIgnore, String> {
        let mut files = GlobSetBuilder::new();
        let mut urls = GlobSetBuilder::new();
        for g in globs {
            let (set, pattern) = match g.strip_prefix('/') {
                Some(url) => (&mut urls, url.to_string()),
                None if g.contains('/') => (&mut files, g.trim_start_matches("./").to_string()),
                None => (&mut files, format!("**/{g}")),
            };
            let glob = Glob::new(&pattern).map_err(|e| format!("invalid glob '{g}': {e}"))?;
            set.add(glob);
        }
        let build = |b: GlobSetBuilder| b.build().map_err(|e| e.to_string());
        Ok(LinkIgnore {
            base: absolute(base),
            url_root: absolute(url_root),
            files: build(files)?,
            urls: build(urls)?,
        })
    }

    /// True when the link target `target` (a file path as a link
    /// resolves it: relative to the working directory, or absolute; it
    /// need not exist) matches a glob.
    pub fn ignores(&self, target: &Path) -> bool {
        let target = absolute(target);
        let matches = |set: &GlobSet, root: &Path| {
            !set.is_empty()
                && target
                    .strip_prefix(root)
                    .is_ok_and(|rel| !rel.as_os_str().is_empty() && set.is_match(rel))
        };
        matches(&self.files, &self.base) || matches(&self.urls, &self.url_root)
    }

    /// True when `url`, a URL path of a docs site as its generator builds
    /// it (`/guide/x/`, without the site's base path), matches a URL-path
    /// glob (with or without its trailing `/`).
    pub fn ignores_url(&self, url: &str) -> bool {
        let rel = url.trim_start_matches('/');
        !self.urls.is_empty()
            && !rel.is_empty()
            && (self.urls.is_match(rel) || self.urls.is_match(rel.trim_end_matches('/')))
    }
}

/// `p` made absolute against the working directory, `.` and `..` taken
/// out lexically (no symbolic link resolved).
fn absolute(p: &Path) -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_default();
    let mut out = PathBuf::new();
    for c in cwd.join(p).components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_and_url_globs() {
        let ig = LinkIgnore::new(
            Path::new("/p"),
            Path::new("/p/docs"),
            &[
                "/api/**".to_string(),
                "site/gen/*.html".to_string(),
                "*.pdf".to_string(),
            ],
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(ig.ignores(Path::new("/p/docs/api/x/y.html")));
        assert!(!ig.ignores(Path::new("/p/api/x.html")));
        assert!(ig.ignores(Path::new("/p/site/gen/a.html")));
        assert!(ig.ignores(Path::new("/p/docs/../site/gen/a.html")));
        assert!(!ig.ignores(Path::new("/p/site/other/a.html")));
        assert!(ig.ignores(Path::new("/p/deep/down/manual.pdf")));
        assert!(!ig.ignores(Path::new("/elsewhere/manual.pdf")));
        assert!(!ig.ignores(Path::new("/p/docs/guide.md")));
        let none = LinkIgnore::new(Path::new("/p"), Path::new("/p"), &[]);
        assert!(none.is_ok_and(|n| !n.ignores(Path::new("/p/x"))));
        let bad = LinkIgnore::new(Path::new("/p"), Path::new("/p"), &["a/[b".to_string()]);
        assert!(bad.is_err_and(|e| e.contains("invalid glob 'a/[b'")));
    }
}
