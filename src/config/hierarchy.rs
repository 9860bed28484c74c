//! Each file's configuration: the nearest `urilint.toml` above it with
//! the command line on top ([`Hierarchy`]).

use std::path::{Path, PathBuf};

use globset::{Glob, GlobSet, GlobSetBuilder};

use super::{absolute, discover_memo, load, CliSettings, Settings};
use crate::error::{DisplayPath, Error};
use crate::lint::per_path::{override_pattern, relative_to};
use crate::lint::Linter;

/// The configuration of each file: the file found from the file's own
/// directory upwards ([`discover`](super::discover)), as ruff and typos find theirs, with
/// the command line on top. A project's `docs/urilint.toml` thus applies
/// to `docs/**` whatever the directory `urilint` runs in. Files whose
/// nearest configuration is the run's own (the one found from the
/// current directory) use the run's linter; for the others, their file is
/// read once and kept.
///
/// A nested file replaces the run's file for the files under it (no
/// merging, as in ruff); its `extend-exclude` globs are relative to its
/// directory. `--config FILE` and `--isolated` turn the search off.
#[derive(Debug)]
pub struct Hierarchy {
    /// The file the run's settings came from (found from the current
    /// directory), if any.
    start: Option<PathBuf>,
    /// The command line, layered on every nested file.
    cli: CliSettings,
    /// Whether to apply unsafe fixes (a setting of the run, not the file).
    unsafe_fixes: bool,
    /// `check --links remote`: the run's links, given to every linter.
    remote: Option<std::sync::Arc<crate::remote::RemoteLinks>>,
    /// The working directory when the run started.
    cwd: PathBuf,
    /// Directory → nearest configuration file.
    nearest: std::sync::Mutex<std::collections::HashMap<PathBuf, Option<PathBuf>>>,
    /// A file's directory as the walk named it → what [`Hierarchy::for_path`]
    /// answered for a file there (answers that are not errors): the files
    /// of a directory come one after the other, and making each path
    /// absolute and looking up its directory cost a tenth of a run on a
    /// tree of small files.
    by_directory:
        std::sync::Mutex<std::collections::HashMap<PathBuf, Option<std::sync::Arc<Nested>>>>,
    /// Configuration file → what it gives (or why it cannot be read).
    /// (`Err`: invalid, reported once.)
    loaded:
        std::sync::Mutex<std::collections::HashMap<PathBuf, Result<std::sync::Arc<Nested>, ()>>>,
}

/// What a nested configuration file gives the files under it.
#[derive(Debug)]
pub struct Nested {
    /// The file's settings with the command line on top.
    pub settings: Settings,
    /// Its linter.
    pub linter: Linter,
    /// Its `extend-exclude` globs, relative to its directory.
    exclude: GlobSet,
}

impl Nested {
    /// True when the file's `extend-exclude` globs exclude `path` (or one
    /// of its directories under the configuration's directory).
    pub fn excludes(&self, path: &Path) -> bool {
        if self.exclude.is_empty() {
            return false;
        }
        let rel = relative_to(path, &self.settings.root);
        rel.ancestors()
            .filter(|a| !a.as_os_str().is_empty())
            .any(|a| self.exclude.is_match(a))
    }
}

impl Hierarchy {
    /// A hierarchy for a run whose settings came from `start` (the file
    /// found from the current directory, `None` when there is none) and
    /// the command line `cli`.
    pub fn new(start: Option<PathBuf>, cli: CliSettings, unsafe_fixes: bool) -> Self {
        Hierarchy {
            start: start.map(|p| absolute(&p)),
            cli,
            unsafe_fixes,
            remote: None,
            cwd: std::env::current_dir().unwrap_or_default(),
            nearest: Default::default(),
            by_directory: Default::default(),
            loaded: Default::default(),
        }
    }

    /// The same hierarchy, whose linters note or report the run's remote
    /// links (`check --links remote`, [`crate::lint::Linter::remote`]).
    pub fn with_remote(mut self, remote: std::sync::Arc<crate::remote::RemoteLinks>) -> Self {
        self.remote = Some(remote);
        self
    }

    /// The configuration of the file `path` when it is not the run's
    /// own: `Ok(None)` when the nearest file is the run's (or there is
    /// none at all), `Ok(Some(..))` for a nested one.
    ///
    /// # Errors
    /// When the nearest file cannot be read or is invalid: `Some`
    /// [`Error::Config`] (as [`load`]) for the first file under it,
    /// `None` for the others (reported already). Those files are not
    /// checked.
    pub fn for_path(&self, path: &Path) -> Result<Option<std::sync::Arc<Nested>>, Option<Error>> {
        let given = path.parent().unwrap_or(Path::new(""));
        let known = self
            .by_directory
            .lock()
            .ok()
            .and_then(|m| m.get(given).cloned());
        if let Some(known) = known {
            return Ok(known);
        }
        let answer = self.for_path_uncached(path);
        if let (Ok(a), Ok(mut m)) = (&answer, self.by_directory.lock()) {
            m.insert(given.to_path_buf(), a.clone());
        }
        answer
    }

    /// [`Hierarchy::for_path`] without the per-directory memo.
    fn for_path_uncached(
        &self,
        path: &Path,
    ) -> Result<Option<std::sync::Arc<Nested>>, Option<Error>> {
        let abs: PathBuf = self
            .cwd
            .join(path)
            .components()
            .filter(|c| !matches!(c, std::path::Component::CurDir))
            .collect();
        let dir = abs.parent().map_or_else(|| abs.clone(), Path::to_path_buf);
        let file = discover_memo(&dir, &self.nearest);
        let Some(file) = file else {
            return Ok(None);
        };
        if self.start.as_deref() == Some(file.as_path()) {
            return Ok(None);
        }
        let mut loaded = self.loaded.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(known) = loaded.get(&file) {
            return known.clone().map(Some).map_err(|()| None);
        }
        let nested = self.load_nested(&file);
        loaded.insert(file, nested.as_ref().map(Clone::clone).map_err(|_| ()));
        nested.map(Some).map_err(Some)
    }

    fn load_nested(&self, file: &Path) -> Result<std::sync::Arc<Nested>, Error> {
        let config = load(file)?;
        let root = file.parent().map(Path::to_path_buf);
        let settings =
            Settings::from_config(config, root, Some(file.to_path_buf()))?.with_cli(&self.cli);
        let mut linter = settings.linter()?;
        linter.unsafe_fixes = self.unsafe_fixes;
        linter.remote = self.remote.clone();
        let mut b = GlobSetBuilder::new();
        let own = settings.exclude.iter().flatten();
        for g in own.chain(&settings.extend_exclude) {
            let glob = Glob::new(&override_pattern(g)).map_err(|e| Error::Config {
                path: DisplayPath(file.to_path_buf()),
                message: format!("extend-exclude: invalid glob '{g}': {e}"),
            })?;
            b.add(glob);
        }
        let exclude = b.build().map_err(|e| Error::Config {
            path: DisplayPath(file.to_path_buf()),
            message: format!("extend-exclude: {e}"),
        })?;
        Ok(std::sync::Arc::new(Nested {
            settings,
            linter,
            exclude,
        }))
    }
}
