//! Local links: relative references of Markdown and HTML documents checked
//! against the files of the tree, offline (`check --links local`).
//!
//! This module owns deciding whether a link points into the local tree,
//! resolving it against the document's own location (RFC 3986 section
//! 5.2: a relative reference resolved against the document's URI, here
//! its path), and whether the file and the `#fragment` it names exist
//! ([`LocalLinks::check`]); the anchors of a target document are in
//! [`anchors`]. It never opens a network connection: absolute URIs are
//! looked at only when they start with the site's own URL (`--site-url`),
//! and are then checked as files under the root directory. It does not
//! own finding the links (the Markdown and HTML readers of
//! `crate::format`) nor reporting them (the rules `L001` and `L002`).

pub mod anchors;

use crate::grammar::has_scheme;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anchors::Anchors;

/// What `--links local` checks with.
#[derive(Debug, Default)]
pub struct LocalLinks {
    /// Where root-relative links (`/docs/x.md`) start; `None`: they are
    /// not checked.
    pub root_dir: Option<PathBuf>,
    /// Where the tree is published (e.g. `https://example.org/docs/`):
    /// absolute links that start with it are checked as files under
    /// `root_dir` (or the current directory).
    pub site_url: Option<String>,
    /// Anchors of the documents read so far.
    cache: Mutex<HashMap<PathBuf, Arc<Anchors>>>,
}

/// What is wrong with a local link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The file or directory it points to does not exist.
    MissingTarget {
        /// The path looked for.
        path: PathBuf,
    },
    /// The target exists but holds no anchor named by the fragment.
    MissingAnchor {
        /// The target document.
        path: PathBuf,
        /// The fragment, percent-decoded.
        fragment: String,
    },
}

impl Clone for LocalLinks {
    /// The same settings, with an empty cache of anchors.
    fn clone(&self) -> LocalLinks {
        LocalLinks::new(self.root_dir.clone(), self.site_url.clone())
    }
}

impl LocalLinks {
    /// Local links checked from `root_dir`, for a tree published at
    /// `site_url`.
    pub fn new(root_dir: Option<PathBuf>, site_url: Option<String>) -> LocalLinks {
        LocalLinks {
            root_dir,
            site_url,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// Checks `reference`, a URI reference found in the document `file`
    /// (as written, e.g. `../guide.md#install`), whose relative references
    /// resolve against `base` when the document sets one (HTML `<base
    /// href>`, already absolute). `None` when the link is fine or not
    /// local (another site, a scheme-relative `//host` reference, a
    /// root-relative one without a root directory, a `base` that is not
    /// the site's).
    pub fn check(&self, file: &Path, reference: &str, base: Option<&str>) -> Option<Problem> {
        self.check_within(None, file, reference, base)
    }

    /// [`LocalLinks::check`], for a document found by walking `tree` (the
    /// walk's root): a target outside the tree checked is not looked at
    /// ([`LocalLinks::tree_of`]).
    pub fn check_within(
        &self,
        tree: Option<&Path>,
        file: &Path,
        reference: &str,
        base: Option<&str>,
    ) -> Option<Problem> {
        if let Some(b) = base.map(str::trim).filter(|b| !has_scheme(b)) {
            // A relative base (`<base href="../">`) is itself resolved
            // against the document (HTML: the document's URL); references
            // then resolve against it.
            return self.check_from_relative_base(tree, file, reference, b);
        }
        let local = self.local_part(reference, base)?;
        let (path, fragment) = match local.split_once('#') {
            Some((p, f)) => (p, Some(f)),
            None => (local.as_str(), None),
        };
        let path = path.split_once('?').map_or(path, |(p, _)| p);
        let target = if path.is_empty() {
            file.to_path_buf()
        } else {
            self.file_of(file, path)?
        };
        if !self.inside_tree(tree, file, &target) {
            // Outside the tree checked: not looked at (a document must not
            // probe for files beside the checkout, L8 of the 2026-11-26
            // review).
            return None;
        }
        let meta = match std::fs::metadata(&target) {
            Ok(m) => m,
            Err(_) => return Some(Problem::MissingTarget { path: target }),
        };
        let fragment = fragment.filter(|f| !f.is_empty())?;
        if !meta.is_file() {
            return None;
        }
        let fragment = String::from_utf8_lossy(&percent_decode(fragment.as_bytes())).into_owned();
        let anchors = self.anchors(&target)?;
        if anchors.has(&fragment) {
            None
        } else {
            Some(Problem::MissingAnchor {
                path: target,
                fragment,
            })
        }
    }

    /// [`LocalLinks::check`] of `reference` in `file` whose `<base href>`
    /// is the relative reference `base`: the base names a file (or, ending
    /// in `/`, a directory) relative to `file`, and `reference` is looked
    /// for relative to it. A reference without a path (`#x`) points into
    /// the base document itself, as in HTML (not checked when the base is
    /// a directory). A root-relative base needs `--root-dir`.
    fn check_from_relative_base(
        &self,
        tree: Option<&Path>,
        file: &Path,
        reference: &str,
        base: &str,
    ) -> Option<Problem> {
        let base_path = base.split(['?', '#']).next().unwrap_or_default();
        if base_path.is_empty() {
            // `<base href="?x">`: the document itself.
            return self.check_within(tree, file, reference, None);
        }
        let named = self.file_of(file, base_path)?;
        // The document references resolve against: the base file, or a
        // name inside the base directory.
        let document = if base_path.ends_with('/') {
            if reference.trim().starts_with(['#', '?']) || reference.trim().is_empty() {
                return None;
            }
            named.join("index.html")
        } else {
            named
        };
        self.check_within(tree, &document, reference, None)
    }

    /// The file that the (non-empty) path of a reference names, found in
    /// the document `file`: root-relative (`/docs/x.md`) from the root
    /// directory, else relative to the document's directory; percent-
    /// decoded and with dot-segments taken out lexically. `None` for a
    /// root-relative path without a root directory, or a path that decodes
    /// to a NUL byte.
    fn file_of(&self, file: &Path, path: &str) -> Option<PathBuf> {
        let joined = if let Some(rooted) = path.strip_prefix('/') {
            self.root_dir.as_ref()?.join(percent_decoded(rooted)?)
        } else {
            file.parent()
                .unwrap_or(Path::new(""))
                .join(percent_decoded(path)?)
        };
        Some(lexically_clean(&joined))
    }

    /// The part of `reference` to look for in the tree: the reference
    /// itself when relative, the rest after the site URL when it starts
    /// with it (made root-relative), else `None`.
    fn local_part(&self, reference: &str, base: Option<&str>) -> Option<String> {
        let reference = reference.trim();
        if reference.starts_with("//") {
            return None;
        }
        let absolute = match base {
            Some(b) if !has_scheme(reference) => {
                crate::resolve::resolve_str(b, reference, Default::default())
                    .ok()
                    .map(|r| r.to_string())?
            }
            _ if has_scheme(reference) => reference.to_string(),
            _ => return Some(reference.to_string()),
        };
        let site = self.site_url.as_deref()?;
        let rest = strip_prefix_ignore_case(&absolute, site.trim_end_matches('/'))?;
        if !(rest.is_empty() || rest.starts_with(['/', '#', '?'])) {
            return None;
        }
        Some(if rest.starts_with('/') {
            rest.to_string()
        } else {
            format!("/{rest}")
        })
    }

    /// The tree a document's links may lead into: the root directory
    /// (`--root-dir`) when there is one; else the root of the repository
    /// the document `file` is in (the directory holding `.git`); else
    /// `tree`, the root of the walk that found it; else the working
    /// directory when the document is under it, else the document's own
    /// directory. Absolute, with symbolic links resolved.
    pub fn tree_of(&self, tree: Option<&Path>, file: &Path) -> PathBuf {
        let cwd = std::env::current_dir().unwrap_or_default();
        let absolute = |p: &Path| lexically_clean(&cwd.join(p));
        let doc = absolute(file);
        let boundary = match &self.root_dir {
            Some(r) => absolute(r),
            None => doc
                .ancestors()
                .skip(1)
                .find(|d| d.join(".git").exists())
                .map(Path::to_path_buf)
                .or_else(|| tree.map(absolute))
                .unwrap_or_else(|| {
                    if doc.starts_with(&cwd) {
                        cwd.clone()
                    } else {
                        doc.parent().map_or_else(|| cwd.clone(), Path::to_path_buf)
                    }
                }),
        };
        std::fs::canonicalize(&boundary).unwrap_or(boundary)
    }

    /// True when `target` (a link's target found in the document `file`)
    /// lies in the tree being checked ([`LocalLinks::tree_of`]). Compared
    /// with symbolic links resolved (a link inside the tree to a file
    /// outside it is outside), and, for a target that does not exist,
    /// where it would be.
    fn inside_tree(&self, tree: Option<&Path>, file: &Path, target: &Path) -> bool {
        let cwd = std::env::current_dir().unwrap_or_default();
        let absolute = |p: &Path| lexically_clean(&cwd.join(p));
        let boundary = self.tree_of(tree, file);
        let real = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| absolute(p));
        let target = match std::fs::canonicalize(target) {
            Ok(t) => t,
            Err(_) => {
                let t = absolute(target);
                match (t.parent(), t.file_name()) {
                    (Some(dir), Some(name)) => real(dir).join(name),
                    _ => t,
                }
            }
        };
        target.starts_with(&boundary)
    }

    /// The anchors of the document `path`, read once per run; `None` when
    /// it is not a Markdown or HTML document (its fragments are not
    /// checked) or cannot be read.
    fn anchors(&self, path: &Path) -> Option<Arc<Anchors>> {
        if let Ok(cache) = self.cache.lock() {
            if let Some(a) = cache.get(path) {
                return Some(a.clone());
            }
        }
        let a = Arc::new(anchors::of_file(path, crate::site::slug::Renderer::Github)?);
        if let Ok(mut cache) = self.cache.lock() {
            cache.insert(path.to_path_buf(), a.clone());
        }
        Some(a)
    }
}

/// `path` with `.` components dropped and each `..` taking off the
/// component before it, when there is one that is not `..` itself (as
/// RFC 3986 section 5.2.4 removes dot-segments); without looking at the
/// file system.
fn lexically_clean(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                let last = out.components().next_back();
                if matches!(last, Some(Component::Normal(_))) {
                    out.pop();
                } else {
                    out.push(c);
                }
            }
            c => out.push(c),
        }
    }
    out
}

fn strip_prefix_ignore_case<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

/// `%XX` sequences decoded (RFC 3986 section 2.1); others kept.
fn percent_decode(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' && i + 2 < s.len() {
            let hex = |c: u8| (c as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(s[i + 1]), hex(s[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

/// A path of the reference percent-decoded, as a file system path; `None`
/// when it holds a NUL.
fn percent_decoded(path: &str) -> Option<PathBuf> {
    let bytes = percent_decode(path.as_bytes());
    if bytes.contains(&0) {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Some(PathBuf::from(std::ffi::OsStr::from_bytes(&bytes)))
    }
    #[cfg(not(unix))]
    {
        Some(PathBuf::from(String::from_utf8_lossy(&bytes).into_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn files_directories_and_anchors() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = dir.path();
        fs::create_dir_all(root.join("docs/sub dir")).unwrap_or_else(|e| panic!("{e}"));
        fs::write(
            root.join("docs/guide.md"),
            "# Install it\n\n## Café & Tea\n\n## Install it\n\n<a name=\"old\"></a>\n### Custom {#my-id}\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        fs::write(
            root.join("docs/sub dir/page.html"),
            "<h1 id=\"Top-Part\">x</h1>",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        fs::write(root.join("README.md"), "# Read me\n").unwrap_or_else(|e| panic!("{e}"));
        let file = root.join("docs/index.md");
        let links = LocalLinks::new(
            Some(root.to_path_buf()),
            Some("https://site.example/".into()),
        );
        let ok = |r: &str| assert_eq!(links.check(&file, r, None), None, "{r}");
        ok("guide.md");
        ok("./guide.md#install-it");
        ok("guide.md#install-it-1");
        ok("guide.md#café--tea");
        ok("guide.md#caf%C3%A9--tea");
        ok("guide.md#Install-It");
        ok("guide.md#old");
        ok("guide.md#my-id");
        ok("sub%20dir/page.html#Top-Part");
        ok("sub%20dir/");
        ok("../README.md#read-me");
        ok("/README.md");
        ok("https://site.example/README.md#read-me");
        ok("https://other.example/missing.md");
        ok("//cdn.example/missing.js");
        ok("guide.md?raw=1");
        assert_eq!(
            links.check(&file, "missing.md", None),
            Some(Problem::MissingTarget {
                path: root.join("docs/missing.md")
            })
        );
        assert_eq!(
            links.check(&file, "guide.md#nowhere", None),
            Some(Problem::MissingAnchor {
                path: root.join("docs/guide.md"),
                fragment: "nowhere".into()
            })
        );
        assert!(links
            .check(&file, "sub%20dir/page.html#top-part", None)
            .is_some());
        assert!(links
            .check(&file, "https://site.example/gone.md", None)
            .is_some());
        assert!(links
            .check(&file, "x.html", Some("https://site.example/docs/"))
            .is_some());
        assert_eq!(
            links.check(&file, "x.html", Some("https://other.example/")),
            None
        );
        let no_root = LocalLinks::new(None, None);
        assert_eq!(no_root.check(&file, "/nowhere.md", None), None);
    }
}
