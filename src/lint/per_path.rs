//! Rule selections for some paths: the `[[overrides]]` of the
//! configuration file, compiled.
//!
//! This module owns matching a file's path against the globs of each
//! override and layering the selections of those that match on the base
//! selection ([`PerPath`]). It does not own reading them from a file (the
//! command-line tool's `config` module, with the `cli` feature).

use std::fmt;
use std::path::{Path, PathBuf};

use globset::{Glob, GlobSet, GlobSetBuilder};

use super::select::{RuleSet, Selection};

/// Per-path rule selections, compiled. The default has no override: every
/// path gets the linter's own rules.
///
/// ```
/// use std::path::{Path, PathBuf};
/// use urilint::lint::{PerPath, Selection};
///
/// let mut per_path = PerPath::new(PathBuf::from("/project"), Selection::default());
/// let legacy = Selection { ignore: vec!["N".into()], ..Selection::default() };
/// per_path.push(&["legacy/**".into(), "*.mbox".into()], legacy)?;
/// let rules = per_path.rules_for(Path::new("/project/a/b.mbox")).expect("an override matches");
/// assert!(!rules.enabled("N004"));
/// assert!(per_path.rules_for(Path::new("/project/README.txt")).is_none());
/// # Ok::<(), urilint::lint::per_path::GlobError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct PerPath {
    root: PathBuf,
    base: Selection,
    overrides: Vec<PathOverride>,
}

#[derive(Clone, Debug)]
struct PathOverride {
    globs: GlobSet,
    selection: Selection,
}

/// An override's glob that could not be compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobError {
    /// The glob as given, when one glob is invalid (`None` when the set as
    /// a whole could not be built).
    pub glob: Option<String>,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for GlobError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.glob {
            Some(g) => write!(f, "invalid glob '{g}': {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for GlobError {}

impl PerPath {
    /// No override yet, for the files under `root` (the directory the
    /// override globs are relative to), whose overrides layer on `base`
    /// (the linter's own selection; see [`Selection::then`]).
    pub fn new(root: PathBuf, base: Selection) -> Self {
        PerPath {
            root,
            base,
            overrides: Vec::new(),
        }
    }

    /// Adds an override after those already there: the files matching any
    /// of `globs` (relative to the root; one without a `/` matches a file
    /// name at any depth) get `selection` layered on top.
    ///
    /// # Errors
    /// [`GlobError`] for an invalid glob; nothing is added then.
    pub fn push(&mut self, globs: &[String], selection: Selection) -> Result<(), GlobError> {
        let mut b = GlobSetBuilder::new();
        for g in globs {
            let glob = Glob::new(&override_pattern(g)).map_err(|e| GlobError {
                glob: Some(g.clone()),
                message: e.to_string(),
            })?;
            b.add(glob);
        }
        let globs = b.build().map_err(|e| GlobError {
            glob: None,
            message: e.to_string(),
        })?;
        self.overrides.push(PathOverride { globs, selection });
        Ok(())
    }

    /// The rule set for `path` when an override matches it (all matching
    /// overrides layered in order), `None` when none does.
    pub fn rules_for(&self, path: &Path) -> Option<RuleSet> {
        if self.overrides.is_empty() {
            return None;
        }
        let rel = relative_to(path, &self.root);
        let mut selection: Option<Selection> = None;
        for o in &self.overrides {
            if o.globs.is_match(&rel) {
                selection = Some(selection.as_ref().unwrap_or(&self.base).then(&o.selection));
            }
        }
        selection.and_then(|s| s.resolve().ok())
    }
}

/// The glob an `overrides` `files` entry stands for: one without a `/`
/// matches a file name at any depth.
pub(crate) fn override_pattern(g: &str) -> String {
    if g.contains('/') {
        g.trim_start_matches("./").to_string()
    } else {
        format!("**/{g}")
    }
}

/// `path` relative to `root` when it is inside it (both made absolute
/// against the current directory), else `path` as given.
pub(crate) fn relative_to(path: &Path, root: &Path) -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_default();
    let abs = |p: &Path| {
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            cwd.join(p)
        }
    };
    let clean = |p: PathBuf| -> PathBuf {
        p.components()
            .filter(|c| !matches!(c, std::path::Component::CurDir))
            .collect()
    };
    let (p, r) = (clean(abs(path)), clean(abs(root)));
    match p.strip_prefix(&r) {
        Ok(rel) => rel.to_path_buf(),
        Err(_) => path.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_matching_overrides_in_order() {
        let base = Selection::default();
        let mut p = PerPath::new(PathBuf::from("/r"), base);
        let off = Selection {
            ignore: vec!["U".into()],
            ..Selection::default()
        };
        let on = Selection {
            extend_select: vec!["U001".into()],
            ..Selection::default()
        };
        p.push(&["*.mbox".into()], off).expect("valid");
        p.push(&["x/**".into()], on).expect("valid");
        let both = p.rules_for(Path::new("/r/x/y.mbox")).expect("override");
        assert!(both.enabled("U001") && !both.enabled("U002"));
        let one = p.rules_for(Path::new("/r/z/y.mbox")).expect("override");
        assert!(!one.enabled("U001"));
        assert!(p.rules_for(Path::new("/r/z/y.txt")).is_none());
        assert!(PerPath::default().rules_for(Path::new("/r/x")).is_none());
    }

    #[test]
    fn an_invalid_glob_is_named_and_not_added() {
        let mut p = PerPath::new(PathBuf::from("/r"), Selection::default());
        let e = p
            .push(&["a/[".into()], Selection::default())
            .expect_err("invalid");
        assert_eq!(e.glob.as_deref(), Some("a/["));
        assert!(e.to_string().starts_with("invalid glob 'a/[': "), "{e}");
        assert!(p.rules_for(Path::new("/r/a/[")).is_none());
    }
}
