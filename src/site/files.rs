//! The file system as one run of link checks sees it: what each path is
//! (a file, a directory, nothing) and where it really is (symbolic links
//! resolved), each asked of the system once per run.
//!
//! A docs tree links to the same pages thousands of times, and resolving
//! one link as a site generator does probes several names (`x`, `x.md`,
//! `x/index.md`, ...): without a cache a run spends more time in `stat`
//! and `readlink` than in reading its documents. A run reads a tree that
//! it does not change (fixes rewrite files in place, never create or
//! remove one), so an answer stays true for the run.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A map keyed by a path's bytes ([`key`]): hashing an `OsStr` hashes its
/// bytes once, where hashing a `Path` walks its components (a fifth of a
/// run's time went there). Two spellings of one path (`a//b`, `a/b/`) are
/// two keys: the cache asks the system once more, the answer is the same.
type PathMap<V> = HashMap<OsString, V, foldhash::fast::RandomState>;

/// The key of `path` in a [`PathMap`].
fn key(path: &Path) -> &OsStr {
    path.as_os_str()
}

/// What a path names, following symbolic links (as `std::fs::metadata`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A regular file.
    File,
    /// A directory.
    Directory,
    /// Something else that exists (a FIFO, a socket, a device).
    Other,
    /// Nothing (or nothing this process may look at).
    Missing,
}

/// Answers about paths, cached for the run; shared by the threads of a
/// run (each map behind its own lock, held only for a lookup or an
/// insert, never across a system call).
#[derive(Debug, Default)]
pub struct Files {
    kinds: Mutex<PathMap<Kind>>,
    canonical: Mutex<PathMap<Option<PathBuf>>>,
    /// What `lstat` said of each path looked at by [`Files::reach`]:
    /// `None` nothing there, `Some(None)` not a link, `Some(Some(t))` a
    /// symbolic link to `t`.
    links: Mutex<PathMap<Option<Option<PathBuf>>>>,
    /// [`Files::reach`] of each directory asked so far, with the bound it
    /// was asked for: a tree's files share their directories.
    reached: Mutex<PathMap<(PathBuf, Option<PathBuf>)>>,
}

/// The most symbolic links [`Files::reach`] follows for one path (as
/// Linux's `MAXSYMLINKS`).
const MAX_LINKS: usize = 40;

impl Files {
    /// An empty cache.
    pub fn new() -> Files {
        Files::default()
    }

    /// What `path` names, following symbolic links; asked of the system
    /// the first time only.
    pub fn kind(&self, path: &Path) -> Kind {
        // The empty path is where a relative link that climbs back to the
        // tree's start leads (`../` from `docs/x.md`, checked from `.`):
        // the current directory, which `metadata("")` would call missing.
        let path = if path.as_os_str().is_empty() {
            Path::new(".")
        } else {
            path
        };
        if let Some(k) = self
            .kinds
            .lock()
            .ok()
            .and_then(|m| m.get(key(path)).copied())
        {
            return k;
        }
        let k = match std::fs::metadata(path) {
            Ok(m) if m.is_file() => Kind::File,
            Ok(m) if m.is_dir() => Kind::Directory,
            Ok(_) => Kind::Other,
            Err(_) => Kind::Missing,
        };
        if let Ok(mut m) = self.kinds.lock() {
            m.insert(key(path).to_os_string(), k);
        }
        k
    }

    /// True when `path` is a regular file (as `Path::is_file`).
    pub fn is_file(&self, path: &Path) -> bool {
        self.kind(path) == Kind::File
    }

    /// True when `path` is a directory (as `Path::is_dir`).
    pub fn is_dir(&self, path: &Path) -> bool {
        self.kind(path) == Kind::Directory
    }

    /// True when `path` exists (as `Path::exists`).
    pub fn exists(&self, path: &Path) -> bool {
        self.kind(path) != Kind::Missing
    }

    /// `path` absolute with every symbolic link resolved (as
    /// `std::fs::canonicalize`); `None` when it does not exist.
    pub fn canonical(&self, path: &Path) -> Option<PathBuf> {
        if let Some(c) = self
            .canonical
            .lock()
            .ok()
            .and_then(|m| m.get(key(path)).cloned())
        {
            return c;
        }
        // A file that is not a link is where its directory really is:
        // one `lstat`, the directory's answer shared by its files (a
        // `realpath` reads every component of the path).
        let c = match (
            path.parent(),
            path.file_name(),
            std::fs::symlink_metadata(path),
        ) {
            (Some(dir), Some(name), Ok(m))
                if !m.file_type().is_symlink() && !dir.as_os_str().is_empty() && name != ".." =>
            {
                self.canonical(dir).map(|d| d.join(name))
            }
            (_, _, Err(_)) => None,
            _ => std::fs::canonicalize(path).ok(),
        };
        if let Ok(mut m) = self.canonical.lock() {
            m.insert(key(path).to_os_string(), c.clone());
        }
        c
    }

    /// Where `path` is, with symbolic links resolved, whether it exists
    /// or not: its canonical form when it exists, else its directory's
    /// canonical form joined with its name (where it would be), else
    /// `path` itself. `path` is absolute and lexically clean.
    pub fn real_or_would_be(&self, path: &Path) -> PathBuf {
        if let Some(c) = self.canonical(path) {
            return c;
        }
        match (path.parent(), path.file_name()) {
            (Some(dir), Some(name)) => self
                .canonical(dir)
                .unwrap_or_else(|| dir.to_path_buf())
                .join(name),
            _ => path.to_path_buf(),
        }
    }
}

impl Files {
    /// Where `path` (absolute, lexically clean: a link's target joined to
    /// the directory `known` of the document it is in, which exists) leads
    /// when that lies in `bound` (absolute, symbolic links resolved): its
    /// real path, each symbolic link on the way resolved as far as the
    /// files exist (the rest of a missing path as written); `None` when
    /// it leads outside `bound`. Decided one component at a time, before
    /// looking at it: nothing outside `bound` (but the directories above
    /// it, on its own path) is looked at, so the answer for a target
    /// outside is the same whether it exists or not (M6 and L5 of the
    /// 2026-11-29 review). A loop of links is taken as a missing file
    /// where the loop starts.
    pub fn reach(&self, known: &Path, path: &Path, bound: &Path) -> Option<PathBuf> {
        use std::path::Component;
        // Through the directory's answer, kept: only the last component
        // is looked at here (when it is not a link).
        if let (Some(dir), Some(Component::Normal(name))) =
            (path.parent(), path.components().next_back())
        {
            let known_dir = self.reached.lock().ok().and_then(|m| {
                m.get(key(dir))
                    .filter(|(b, _)| b.as_path() == bound)
                    .map(|(_, r)| r.clone())
            });
            let real_dir = match known_dir {
                Some(r) => r,
                None => {
                    let r = self.walk(known, dir, bound);
                    if let Ok(mut m) = self.reached.lock() {
                        m.insert(key(dir).to_os_string(), (bound.to_path_buf(), r.clone()));
                    }
                    r
                }
            };
            // (A directory outside the bound, or above it: walked, as
            // the bound itself may be the path.)
            if let Some(next) = real_dir.map(|d| d.join(name)) {
                if !next.starts_with(bound) {
                    return None;
                }
                if !matches!(self.link_of(&next), Some(Some(_))) {
                    return Some(next);
                }
            }
        }
        self.walk(known, path, bound)
    }

    /// [`Files::reach`], one component at a time from `known`.
    fn walk(&self, known: &Path, path: &Path, bound: &Path) -> Option<PathBuf> {
        use std::collections::VecDeque;
        // From the deepest directory `path` shares with `known` (or with
        // its real path, when `known` is reached through a link): that
        // directory exists, and the user named it.
        let shared = |a: &Path| -> PathBuf {
            a.components()
                .zip(path.components())
                .take_while(|(x, y)| x == y)
                .map(|(x, _)| x)
                .collect()
        };
        let mut start = shared(known);
        if let Some(real) = self.canonical(known) {
            let other = shared(&real);
            if other.components().count() > start.components().count() {
                start = other;
            }
        }
        let rest = path.strip_prefix(&start).ok()?.to_path_buf();
        let mut current = self.canonical(&start).unwrap_or(start);
        let mut pending: VecDeque<std::ffi::OsString> = steps(&rest).collect();
        let near = |p: &Path| p.starts_with(bound) || bound.starts_with(p);
        if !near(&current) {
            return None;
        }
        let mut hops = 0usize;
        let mut missing = false;
        while let Some(name) = pending.pop_front() {
            if name == ".." {
                current.pop();
                if !near(&current) {
                    return None;
                }
                continue;
            }
            let next = current.join(&name);
            if !near(&next) {
                // Outside: decided on the path, not looked at.
                return None;
            }
            if missing {
                current = next;
                continue;
            }
            match self.link_of(&next) {
                None => {
                    missing = true;
                    current = next;
                }
                Some(None) => current = next,
                Some(Some(target)) => {
                    hops += 1;
                    if hops > MAX_LINKS {
                        missing = true;
                        current = next;
                        continue;
                    }
                    if target.is_absolute() {
                        current = PathBuf::from("/");
                    }
                    let parts: Vec<std::ffi::OsString> = steps(&target).collect();
                    for p in parts.into_iter().rev() {
                        pending.push_front(p);
                    }
                    if !near(&current) {
                        return None;
                    }
                }
            }
        }
        current.starts_with(bound).then_some(current)
    }

    /// What `lstat` says of `path` ([`Files::reach`]), asked once.
    fn link_of(&self, path: &Path) -> Option<Option<PathBuf>> {
        if let Some(l) = self
            .links
            .lock()
            .ok()
            .and_then(|m| m.get(key(path)).cloned())
        {
            return l;
        }
        let l = match std::fs::symlink_metadata(path) {
            Err(_) => None,
            Ok(m) if m.file_type().is_symlink() => std::fs::read_link(path).ok().map(Some),
            Ok(_) => Some(None),
        };
        if let Ok(mut m) = self.links.lock() {
            m.insert(key(path).to_os_string(), l.clone());
        }
        l
    }
}

/// The names a path steps through, `..` kept as a name and `.` and roots
/// left out: what [`Files::reach`] walks, one component at a time.
fn steps(path: &Path) -> impl Iterator<Item = std::ffi::OsString> + '_ {
    path.components().filter_map(|c| match c {
        std::path::Component::Normal(n) => Some(n.to_os_string()),
        std::path::Component::ParentDir => Some("..".into()),
        _ => None,
    })
}

/// The first file or directory under `root` whose name holds a `[`: a
/// dynamic route of a bundler's router (Astro `src/pages/[...slug].astro`,
/// Next.js `app/[name]/page.tsx`), whose pages nothing in the tree lists.
/// At most `max_entries` entries are looked at, `max_depth` levels deep;
/// a name `skip` accepts is passed over (with what is below it). `None`
/// when there is none, or the budget ran out first.
pub fn dynamic_route(
    root: &Path,
    max_entries: usize,
    max_depth: usize,
    skip: impl Fn(&str) -> bool,
) -> Option<PathBuf> {
    let mut stack = vec![(root.to_path_buf(), 0usize)];
    let mut seen = 0usize;
    while let Some((d, depth)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            seen += 1;
            if seen > max_entries {
                return None;
            }
            let name = e.file_name().to_string_lossy().into_owned();
            if skip(&name) {
                continue;
            }
            if name.contains('[') {
                return Some(e.path());
            }
            if depth < max_depth && e.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push((e.path(), depth + 1));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_canonical_forms() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = std::fs::canonicalize(dir.path()).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir(root.join("d")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(root.join("d/f.md"), "x").unwrap_or_else(|e| panic!("{e}"));
        let files = Files::new();
        assert_eq!(files.kind(&root.join("d")), Kind::Directory);
        assert_eq!(files.kind(&root.join("d/f.md")), Kind::File);
        assert_eq!(files.kind(&root.join("d/g.md")), Kind::Missing);
        assert!(files.exists(&root.join("d/f.md")) && !files.exists(&root.join("g")));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(root.join("d"), root.join("l"))
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(files.is_file(&root.join("l/f.md")));
            assert_eq!(
                files.canonical(&root.join("l/f.md")),
                Some(root.join("d/f.md"))
            );
            assert_eq!(
                files.real_or_would_be(&root.join("l/new.md")),
                root.join("d/new.md")
            );
        }
        assert_eq!(
            files.real_or_would_be(&root.join("nowhere/x")),
            root.join("nowhere/x")
        );
    }

    /// M6 and L5 of the 2026-11-29 review: where a path leads is decided
    /// before looking at what lies outside the bound, so a target outside
    /// gets the same answer whether it exists or not; links inside the
    /// bound are followed.
    #[cfg(unix)]
    #[test]
    fn reach_stays_in_the_bound() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let top = std::fs::canonicalize(dir.path()).unwrap_or_else(|e| panic!("{e}"));
        let repo = top.join("repo");
        let docs = repo.join("docs");
        std::fs::create_dir_all(docs.join("in")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir_all(top.join("outside")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(top.join("outside/secret.md"), "# S\n").unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(docs.join("in/x.md"), "# X\n").unwrap_or_else(|e| panic!("{e}"));
        symlink("/etc", docs.join("etc")).unwrap_or_else(|e| panic!("{e}"));
        symlink("../../outside/secret.md", docs.join("link.md")).unwrap_or_else(|e| panic!("{e}"));
        symlink("../../outside/none.md", docs.join("dangling.md"))
            .unwrap_or_else(|e| panic!("{e}"));
        symlink("in", docs.join("alias")).unwrap_or_else(|e| panic!("{e}"));
        symlink("loop", docs.join("loop")).unwrap_or_else(|e| panic!("{e}"));
        let files = Files::new();
        let reach = |p: &str| files.reach(&docs, &docs.join(p), &repo);
        for outside in [
            "etc/passwd",
            "etc/no-such",
            "link.md",
            "dangling.md",
            "../../etc/passwd",
            "../../etc/no-such",
            "../../outside/secret.md",
            "../../outside/none.md",
        ] {
            let p = crate::site::lexically_clean(&docs.join(outside));
            assert_eq!(files.reach(&docs, &p, &repo), None, "{outside}");
        }
        assert_eq!(reach("alias/x.md"), Some(docs.join("in/x.md")));
        assert_eq!(reach("alias/new/y.md"), Some(docs.join("in/new/y.md")));
        assert_eq!(reach("missing.md"), Some(docs.join("missing.md")));
        assert_eq!(reach("loop"), Some(docs.join("loop")));
        // The bound itself, and a link to it.
        assert_eq!(files.reach(&docs, &repo, &repo), Some(repo.clone()));
        symlink("..", docs.join("up")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(reach("up"), Some(repo.clone()));
        assert_eq!(reach("up/docs/in/x.md"), Some(docs.join("in/x.md")));
        assert_eq!(reach("up/.."), None);
        // Nothing outside was looked at: only paths in the bound (and its
        // own ancestors) were asked of the system.
        let asked = files
            .links
            .lock()
            .map(|m| m.keys().map(PathBuf::from).collect::<Vec<_>>());
        for p in asked.unwrap_or_default() {
            assert!(
                p.starts_with(&repo) || repo.starts_with(&p),
                "{}",
                p.display()
            );
        }
    }
}
