//! The bounds of a link check: the tree a document was found in, the
//! repository it belongs to, and whether a target lies inside them
//! (nothing outside the tree checked is looked at; M6 of the 2026-11-29
//! review), with git submodules and `.gitignore`d targets.

use std::path::{Path, PathBuf};

use super::{shown, LocalLinks};
use crate::site::lexically_clean;

impl LocalLinks {
    /// The tree a document's links may lead into: the root directory
    /// (`--root-dir`) when there is one; else the root of the repository
    /// the document `file` is in (the directory holding `.git`); else
    /// `tree`, the root of the walk that found it; else the working
    /// directory when the document is under it, else the document's own
    /// directory. Absolute, with symbolic links resolved.
    pub fn tree_of(&self, tree: Option<&Path>, file: &Path) -> PathBuf {
        let key = (
            tree.map(Path::to_path_buf),
            file.parent().unwrap_or(Path::new("")).to_path_buf(),
        );
        if let Some(t) = self.trees.lock().ok().and_then(|t| t.get(&key).cloned()) {
            return t;
        }
        let t = self.find_tree(tree, file);
        if let Ok(mut trees) = self.trees.lock() {
            trees.insert(key, t.clone());
        }
        t
    }

    /// [`LocalLinks::tree_of`], not cached.
    pub(super) fn find_tree(&self, tree: Option<&Path>, file: &Path) -> PathBuf {
        let cwd = &self.cwd;
        let absolute = |p: &Path| lexically_clean(&cwd.join(p));
        let doc = absolute(file);
        let boundary = match &self.root_dir {
            Some(r) => absolute(r),
            None => self
                .repository_of(&doc)
                .or_else(|| tree.map(absolute))
                .unwrap_or_else(|| {
                    if doc.starts_with(cwd) {
                        cwd.clone()
                    } else {
                        doc.parent().map_or_else(|| cwd.clone(), Path::to_path_buf)
                    }
                }),
        };
        self.files.canonical(&boundary).unwrap_or(boundary)
    }

    /// True when `target`, a link's target (the path `link`) found in the
    /// document `file` (by walking `tree`) outside any site, is missing
    /// and lies in a git submodule of the tree that is not checked out
    /// ([`submodules`]): the link is then counted not checked, for the
    /// note. (A site's pages are the site model's:
    /// [`crate::site::submodule`].)
    pub(super) fn leads_into_absent_submodule(
        &self,
        tree: Option<&Path>,
        file: &Path,
        target: &Path,
        link: &str,
    ) -> bool {
        let target = lexically_clean(&self.cwd.join(target));
        if self.files.exists(&target) {
            return false;
        }
        let boundary = self.tree_of(tree, file);
        // Compared as the tree is: the directories that exist with their
        // symbolic links resolved.
        let Some(real) = target.ancestors().skip(1).find_map(|a| {
            let rest = target.strip_prefix(a).ok()?;
            Some(self.files.canonical(a)?.join(rest))
        }) else {
            return false;
        };
        let Some((gitmodules, submodule)) = self.submodules.holding(&real, &boundary) else {
            return false;
        };
        self.submodules
            .count(shown(&gitmodules), submodule, &shown(file), link);
        true
    }

    /// True when the missing `target` (a link's target outside any site)
    /// is ignored by the `.gitignore` rules of its repository (the
    /// nearest directory above it holding `.git`): a file a build step
    /// writes. False outside a repository.
    pub(super) fn ignored_target(&self, target: &Path) -> bool {
        let target = lexically_clean(&self.cwd.join(target));
        self.repository_of(&target)
            .is_some_and(|repo| self.ignored.ignores(&repo, &target))
    }

    /// The root of the repository the document `doc` (absolute) is in:
    /// the nearest directory above it holding `.git` (a directory, or the
    /// file of a worktree or submodule); `None` outside a repository.
    pub(super) fn repository_of(&self, doc: &Path) -> Option<PathBuf> {
        doc.ancestors()
            .skip(1)
            .find(|d| self.files.exists(&d.join(".git")))
            .map(Path::to_path_buf)
    }

    /// True when `target` (a link's target found in the document `file`)
    /// lies in the tree being checked ([`LocalLinks::tree_of`]). Compared
    /// with symbolic links resolved (a link inside the tree to a file
    /// outside it is outside), and, for a target that does not exist,
    /// where it would be.
    pub(crate) fn inside_tree(&self, tree: Option<&Path>, file: &Path, target: &Path) -> bool {
        if self.within_tree(tree, file, target) {
            return true;
        }
        if let Ok(mut outside) = self.outside.lock() {
            outside.insert(lexically_clean(&self.cwd.join(target)));
        }
        false
    }

    /// [`LocalLinks::inside_tree`] without counting a target outside in
    /// the note: for the paths looked at on the model's own account (a
    /// page source a link may be written for), not the link's target.
    pub(super) fn within_tree(&self, tree: Option<&Path>, file: &Path, target: &Path) -> bool {
        let boundary = self.tree_of(tree, file);
        let known = lexically_clean(&self.cwd.join(file.parent().unwrap_or(Path::new(""))));
        let target = lexically_clean(&self.cwd.join(target));
        // Decided on the path before looking at anything outside (M6 of
        // the 2026-11-29 review): the same answer whether the file there
        // exists or not.
        self.files.reach(&known, &target, &boundary).is_some()
    }
}
