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
use std::path::{Path, PathBuf};
use std::sync::Mutex;

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
    kinds: Mutex<HashMap<PathBuf, Kind>>,
    canonical: Mutex<HashMap<PathBuf, Option<PathBuf>>>,
}

impl Files {
    /// An empty cache.
    pub fn new() -> Files {
        Files::default()
    }

    /// What `path` names, following symbolic links; asked of the system
    /// the first time only.
    pub fn kind(&self, path: &Path) -> Kind {
        if let Some(k) = self.kinds.lock().ok().and_then(|m| m.get(path).copied()) {
            return k;
        }
        let k = match std::fs::metadata(path) {
            Ok(m) if m.is_file() => Kind::File,
            Ok(m) if m.is_dir() => Kind::Directory,
            Ok(_) => Kind::Other,
            Err(_) => Kind::Missing,
        };
        if let Ok(mut m) = self.kinds.lock() {
            m.insert(path.to_path_buf(), k);
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
            .and_then(|m| m.get(path).cloned())
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
            m.insert(path.to_path_buf(), c.clone());
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
}
