//! What a run uses ([`Settings`]): the file's values with the command
//! line on top, and the linter they make.

use std::path::{Path, PathBuf};

use super::{
    absolute, default_exclude, discover, links_root_outside, load, Config, LinkCheck, LinksConfig,
    Override, RemoteConfig, SiteSetting,
};
use crate::error::{DisplayPath, Error};
use crate::grammar::Grammar;
use crate::lint::{Linter, PerPath, Selection};

/// What a run uses: the configuration file (if any) with the command
/// line on top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The configuration file read, if any.
    pub file: Option<PathBuf>,
    /// The directory override globs are relative to.
    pub root: PathBuf,
    /// The grammar.
    pub grammar: Grammar,
    /// The longest URI candidate, in bytes.
    pub max_uri_len: usize,
    /// Also find abbreviated URLs (RFC 2396 Appendix F).
    pub abbreviated: bool,
    /// The base rule selection.
    pub selection: Selection,
    /// URIs not checked (regexes).
    pub exclude_uris: Vec<String>,
    /// Files not read (globs, `exclude`): `None` for the default,
    /// [`DEFAULT_EXCLUDE`](super::DEFAULT_EXCLUDE) in `check`, nothing in `extract`.
    pub exclude: Option<Vec<String>>,
    /// Files not read (globs, `extend-exclude`).
    pub extend_exclude: Vec<String>,
    /// Per-path selections.
    pub overrides: Vec<Override>,
    /// The `[links]` table (empty when there is none).
    pub links: LinksConfig,
}

impl Default for Settings {
    /// No configuration file: RFC 3986, 65,536 bytes, default rules.
    fn default() -> Self {
        Settings {
            file: None,
            root: PathBuf::from("."),
            grammar: Grammar::Rfc3986,
            max_uri_len: 64 * 1024,
            abbreviated: false,
            selection: Selection::default(),
            exclude_uris: Vec::new(),
            exclude: None,
            extend_exclude: Vec::new(),
            overrides: Vec::new(),
            links: LinksConfig::default(),
        }
    }
}

/// The command-line flags that layer on a configuration.
#[derive(Clone, Debug, Default)]
pub struct CliSettings {
    /// `--grammar`.
    pub grammar: Option<Grammar>,
    /// `--max-uri-len`.
    pub max_uri_len: Option<usize>,
    /// `--abbreviated` (true when given; absent leaves the file's choice).
    pub abbreviated: bool,
    /// `--select`, `--extend-select`, `--ignore`.
    pub selection: Selection,
}

impl Settings {
    /// The globs of files `check` (`for_check`) or another command does
    /// not read: `exclude` (or its default), then `extend-exclude`.
    pub fn excluded_globs(&self, for_check: bool) -> Vec<String> {
        let base: Vec<String> = match &self.exclude {
            Some(list) => list.clone(),
            None if for_check => default_exclude(),
            None => Vec::new(),
        };
        base.into_iter()
            .chain(self.extend_exclude.iter().cloned())
            .collect()
    }

    /// Settings from a parsed configuration; `root` is the directory its
    /// override globs are relative to.
    ///
    /// # Errors
    /// [`Error::Config`] for an unknown grammar.
    pub fn from_config(
        config: Config,
        root: Option<PathBuf>,
        file: Option<PathBuf>,
    ) -> Result<Self, Error> {
        let err = |message: String| Error::Config {
            path: DisplayPath(file.clone().unwrap_or_default()),
            message,
        };
        let grammar = match &config.grammar {
            None => Grammar::Rfc3986,
            Some(name) => Grammar::from_name(name).ok_or_else(|| {
                err(format!(
                    "unknown grammar '{name}' (expected rfc3986, rfc3987, rfc2396 or rfc2396+ipv6)"
                ))
            })?,
        };
        Ok(Settings {
            root: root
                .filter(|r| !r.as_os_str().is_empty())
                .unwrap_or_else(|| PathBuf::from(".")),
            file: file.clone(),
            grammar,
            max_uri_len: config.max_uri_len.unwrap_or(64 * 1024),
            abbreviated: config.abbreviated.unwrap_or(false),
            selection: Selection {
                select: config.select,
                extend_select: config.extend_select,
                ignore: config.ignore,
            },
            exclude_uris: config.exclude_uris,
            exclude: config.exclude,
            extend_exclude: config.extend_exclude,
            overrides: config.overrides,
            links: config.links.unwrap_or_default(),
        })
    }

    /// The settings for a run started in `dir`: the configuration file found
    /// from there (or `explicit`, or none with `isolated`).
    ///
    /// # Errors
    /// As [`load`].
    pub fn find(dir: &Path, explicit: Option<&Path>, isolated: bool) -> Result<Self, Error> {
        let file = match (explicit, isolated) {
            (_, true) => None,
            (Some(p), false) => Some(p.to_path_buf()),
            (None, false) => discover(dir),
        };
        match file {
            None => Ok(Settings::default()),
            Some(path) => {
                let config = load(&path)?;
                let root = path.parent().map(Path::to_path_buf);
                Settings::from_config(config, root, Some(path))
            }
        }
    }

    /// These settings with the command line's on top: its grammar and
    /// length replace, its selection layers (see [`Selection::then`]).
    pub fn with_cli(mut self, cli: &CliSettings) -> Self {
        if let Some(g) = cli.grammar {
            self.grammar = g;
        }
        if let Some(n) = cli.max_uri_len {
            self.max_uri_len = n;
        }
        self.abbreviated |= cli.abbreviated;
        self.selection = self.selection.then(&cli.selection);
        self
    }

    /// The effective configuration as a [`Config`] (for `urilint config`).
    pub fn to_config(&self) -> Config {
        Config {
            grammar: Some(self.grammar.name().to_string()),
            max_uri_len: Some(self.max_uri_len),
            abbreviated: Some(self.abbreviated),
            select: self.selection.select.clone(),
            extend_select: self.selection.extend_select.clone(),
            ignore: self.selection.ignore.clone(),
            exclude_uris: self.exclude_uris.clone(),
            // The default is shown, so that it can be copied and edited.
            exclude: Some(self.exclude.clone().unwrap_or_else(default_exclude)),
            extend_exclude: self.extend_exclude.clone(),
            links: (self.links != LinksConfig::default()).then(|| self.links.clone()),
            overrides: self.overrides.clone(),
        }
    }

    /// True when `[links]` `check` turns on the local link check.
    pub fn links_local(&self) -> bool {
        self.links.check.contains(&LinkCheck::Local)
    }

    /// True when `[links]` `check` turns on the built-site check.
    pub fn links_site(&self) -> bool {
        self.links.check.contains(&LinkCheck::Site)
    }

    /// True when `[links]` `check` holds `"remote"`.
    pub fn links_remote(&self) -> bool {
        self.links.check.contains(&LinkCheck::Remote)
    }

    /// `[links.remote]`, with its `cache` joined to the configuration
    /// file's directory (for messages: a run reaches the file through
    /// [`Settings::links_remote_cache`]); the defaults when there is none.
    pub fn links_remote_config(&self) -> RemoteConfig {
        let mut r = self.links.remote.clone().unwrap_or_default();
        r.cache = r.cache.map(|c| self.root.join(c));
        r
    }

    /// `[links.remote]` `cache`, below the configuration file's directory
    /// ([`crate::state_file::Location::beneath`]: relative, no `..`, no
    /// link followed; H1 of the 2026-11-29 review); `None` when it is not
    /// set.
    ///
    /// # Errors
    /// [`Error::Config`] naming the file and the key when the path is
    /// absolute, has `..` or names no file ([`load`] refuses such a file
    /// first).
    pub fn links_remote_cache(&self) -> Result<Option<crate::state_file::Location>, Error> {
        let Some(rel) = self.links.remote.as_ref().and_then(|r| r.cache.as_ref()) else {
            return Ok(None);
        };
        crate::state_file::Location::beneath(&self.root, rel)
            .map(Some)
            .map_err(|e| Error::Config {
                path: DisplayPath(self.file.clone().unwrap_or_default()),
                message: format!("[links.remote] cache: {e}"),
            })
    }

    /// `[links]` `site-dir`, relative to the configuration file's
    /// directory (`None` when it is not set); given relative to the
    /// working directory when it is under it, as `--site-dir` would be.
    pub fn links_site_dir(&self) -> Option<PathBuf> {
        let dir = self.root.join(self.links.site_dir.as_ref()?);
        let cwd = std::env::current_dir().unwrap_or_default();
        let rel = absolute(&dir)
            .strip_prefix(&cwd)
            .ok()
            .map(Path::to_path_buf)
            .filter(|r| !r.as_os_str().is_empty());
        Some(rel.unwrap_or(dir))
    }

    /// `[links]` `root`, relative to the configuration file's directory
    /// (`None` when it is not set); given relative to the working
    /// directory when it is under it, as `--root-dir` would be. A root
    /// that leads outside the repository the file is in (`root = "/"`, or
    /// through a symbolic link) is refused with a warning, once: `None`
    /// (M6 of the 2026-11-29 review: it let a document probe any file and
    /// its headings).
    pub fn links_root(&self) -> Option<PathBuf> {
        let root = self.root.join(self.links.root.as_ref()?);
        if let Some(bound) = links_root_outside(&self.root, &root) {
            static WARNED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
            let mut warned = WARNED.lock().unwrap_or_else(|p| p.into_inner());
            if !warned.contains(&root) {
                warned.push(root.clone());
                let file = self.file.as_deref().unwrap_or(Path::new("urilint.toml"));
                eprintln!(
                    "urilint: warning: {}: [links] root {} lies outside the repository ({}): not used",
                    crate::output::escape::name(&file.to_string_lossy()),
                    crate::output::escape::name(&root.to_string_lossy()),
                    crate::output::escape::name(&bound.to_string_lossy()),
                );
            }
            return None;
        }
        let cwd = std::env::current_dir().unwrap_or_default();
        let rel = absolute(&root).strip_prefix(&cwd).ok().map(|r| {
            if r.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                r.to_path_buf()
            }
        });
        Some(rel.unwrap_or(root))
    }

    /// `[links]` `renderer`: the renderer whose heading ids fragments are
    /// checked against; `None` when it is not set.
    ///
    /// # Errors
    /// [`Error::Config`] for a name no renderer has, listing the known
    /// ones.
    pub fn links_renderer(&self) -> Result<Option<crate::site::slug::Renderer>, Error> {
        let Some(name) = self.links.renderer.as_deref() else {
            return Ok(None);
        };
        crate::site::slug::Renderer::from_name(name)
            .map(Some)
            .ok_or_else(|| Error::Config {
                path: DisplayPath(
                    self.file
                        .clone()
                        .unwrap_or_else(|| PathBuf::from("urilint.toml")),
                ),
                message: format!(
                    "[links] renderer = {name:?}: unknown renderer (known: {})",
                    crate::site::slug::NAMED
                        .iter()
                        .map(|r| r.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            })
    }

    /// `[links]` `site`: which site generator's rules resolve links.
    pub fn links_site_choice(&self) -> crate::links::SiteChoice {
        use crate::links::SiteChoice;
        match self.links.site.unwrap_or_default() {
            SiteSetting::Auto => SiteChoice::Auto,
            SiteSetting::None => SiteChoice::None,
            g @ SiteSetting::Generator(_) => crate::site::Generator::from_name(g.name())
                .map_or(SiteChoice::Auto, SiteChoice::Only),
        }
    }

    /// `[links]` `ignore`, compiled: file-path globs relative to the
    /// configuration file's directory, URL-path globs under `url_root`
    /// (the links root in effect: `--root-dir`, `[links]` `root`, or the
    /// configuration file's directory when `None`); `None` when empty.
    ///
    /// # Errors
    /// [`Error::Config`] naming the file and the invalid glob.
    pub fn link_ignore(
        &self,
        url_root: Option<&Path>,
    ) -> Result<Option<crate::links::ignore::LinkIgnore>, Error> {
        if self.links.ignore.is_empty() {
            return Ok(None);
        }
        crate::links::ignore::LinkIgnore::new(
            &self.root,
            url_root.unwrap_or(&self.root),
            &self.links.ignore,
        )
        .map(Some)
        .map_err(|message| Error::Config {
            path: DisplayPath(self.file.clone().unwrap_or_default()),
            message: format!("links: ignore: {message}"),
        })
    }

    /// The linter these settings describe.
    ///
    /// # Errors
    /// [`Error::Config`] for an unknown rule selector, an invalid regex in
    /// `exclude-uris` or an invalid glob.
    pub fn linter(&self) -> Result<Linter, Error> {
        let err = |message: String| Error::Config {
            path: DisplayPath(
                self.file
                    .clone()
                    .unwrap_or_else(|| PathBuf::from("command line")),
            ),
            message,
        };
        let rules = self.selection.resolve().map_err(|e| err(e.to_string()))?;
        let exclude = if self.exclude_uris.is_empty() {
            None
        } else {
            Some(
                regex::RegexSet::new(&self.exclude_uris)
                    .map_err(|e| err(format!("exclude-uris: {e}")))?,
            )
        };
        let mut per_path = PerPath::new(self.root.clone(), self.selection.clone());
        for o in &self.overrides {
            let selection = o.selection();
            per_path
                .push(&o.files, selection.clone())
                .map_err(|e| err(format!("overrides: {e}")))?;
            self.selection
                .then(&selection)
                .resolve()
                .map_err(|e| err(e.to_string()))?;
        }
        Ok(Linter {
            rules,
            exclude,
            per_path,
            ..Linter::new(self.grammar)
        })
    }
}
