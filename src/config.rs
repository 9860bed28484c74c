//! The configuration file, `urilint.toml` (or `.urilint.toml`).
//!
//! This module owns finding the file (from a directory upwards; the first
//! directory that has one wins, `urilint.toml` before `.urilint.toml`; for
//! `check`, from each file's own directory, [`Hierarchy`]), reading it ([`Config`], unknown keys are errors), and
//! turning it into what a run uses: the base rule selection, per-path
//! overrides by glob, URIs to exclude, grammar and URI length limit
//! ([`Settings`]). Command-line flags are layered on top by the caller
//! ([`Settings::with_cli`]). It does not own the rules (`crate::lint`).
//!
//! ```toml
//! grammar = "rfc3986"          # rfc3986, rfc3987, rfc2396, rfc2396+ipv6
//! max-uri-len = 65536          # bytes
//! extend-select = ["D006"]     # rules on in addition (code, prefix, name, ALL)
//! ignore = ["N004"]            # rules off
//! exclude-uris = ['^https?://(localhost|127\.0\.0\.1)']  # regexes, matched against each URI
//!
//! [links]                     # check --links (LinksConfig)
//! check = ["local"]            # on without a flag (--links none turns it off)
//! site = "auto"                # auto, none, or a generator (mkdocs, hugo, ...)
//! root = "docs"                # as --root-dir, relative to this file's directory
//! ignore = ["/api/**"]         # link targets never reported missing
//! site-dir = "site"            # as --site-dir (with check = ["site"])
//!
//! [[overrides]]
//! files = ["legacy/**", "*.mbox"]   # globs, relative to this file's directory
//! ignore = ["N", "D005"]
//! ```

use std::path::{Path, PathBuf};

use globset::{Glob, GlobSet, GlobSetBuilder};
use serde::{Deserialize, Serialize};

use crate::error::{DisplayPath, Error};
use crate::grammar::Grammar;
use crate::lint::per_path::{override_pattern, relative_to};
use crate::lint::{Linter, Selection};

/// Per-path rule selections, compiled: the library's
/// [`lint::PerPath`](crate::lint::PerPath), which needs no `cli` feature,
/// re-exported where it was.
pub use crate::lint::PerPath;

/// The file names looked for, in order.
pub const FILE_NAMES: [&str; 2] = ["urilint.toml", ".urilint.toml"];

/// The contents of a configuration file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Config {
    /// The grammar: `rfc3986` (default), `rfc3987`, `rfc2396`,
    /// `rfc2396+ipv6`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grammar: Option<String>,
    /// The longest URI candidate, in bytes (default 65,536).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_uri_len: Option<usize>,
    /// Also find abbreviated URLs, `www.example.org/x` and
    /// `ftp.example.org` (RFC 2396 Appendix F); default false.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abbreviated: Option<bool>,
    /// Exactly these rules on (before `extend-select` and `ignore`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub select: Option<Vec<String>>,
    /// Rules on in addition.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extend_select: Vec<String>,
    /// Rules off.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ignore: Vec<String>,
    /// Regular expressions (`regex` crate syntax); a URI matching any is
    /// not checked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exclude_uris: Vec<String>,
    /// Globs of files and directories not read, replacing the default
    /// list ([`DEFAULT_EXCLUDE`], which `check` applies: test data and
    /// vendored or minified code); `exclude = []` checks everything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exclude: Option<Vec<String>>,
    /// Globs of files and directories not read (as `--exclude`), relative
    /// to the directories walked, in addition to `exclude`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extend_exclude: Vec<String>,
    /// The `[links]` table: link checks (`check --links`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub links: Option<LinksConfig>,
    /// Rule selections for some paths.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overrides: Vec<Override>,
}

/// The `[links]` table of urilint.toml: which link checks `check` runs
/// without a flag, and what they need to know of the site.
///
/// ```toml
/// [links]
/// check = ["local"]        # as --links local (the flag overrides: --links none)
/// site = "mkdocs"          # auto (default), none, or a generator
/// root = "docs"            # as --root-dir, relative to this file's directory
/// ignore = ["/api/**", "overrides/*.html"]   # targets never reported missing
/// renderer = "python-markdown"   # the heading-id renderer
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct LinksConfig {
    /// The link checks on (`["local"]`: `--links local`, `["site"]`:
    /// `--links site`); empty: none, unless a flag asks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub check: Vec<LinkCheck>,
    /// The site the tree is the source of: `auto` (found from the tree;
    /// the default), `none` (plain files, as GitHub shows them), or a
    /// generator ([`SiteGenerator`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site: Option<SiteSetting>,
    /// The directory root-relative links (`/docs/x.md`) start from, as
    /// `--root-dir`; relative to the configuration file's directory
    /// ([`Settings::links_root`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root: Option<PathBuf>,
    /// Globs of link targets never reported missing (pages a generator
    /// writes, theme files): a glob starting with `/` is a URL path under
    /// the root, any other a file path relative to the configuration
    /// file's directory ([`crate::links::ignore`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ignore: Vec<String>,
    /// The renderer whose heading ids `#fragment`s are checked against
    /// (a name such as `github` or `python-markdown`; stored as given,
    /// checked by the site model).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renderer: Option<String>,
    /// The built site checked by `check = ["site"]`, as `--site-dir`;
    /// relative to the configuration file's directory
    /// ([`Settings::links_site_dir`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site_dir: Option<PathBuf>,
    /// `[links.remote]`: how `check --links remote` requests links; every
    /// flag of the same name wins over it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remote: Option<RemoteConfig>,
}

/// The `[links.remote]` table: defaults of `check --links remote` for the
/// tree (a flag of the same name wins).
///
/// ```toml
/// [links.remote]
/// exclude = ['^https://www\.linkedin\.com/']   # never requested
/// timeout = 30                 # seconds, as --timeout
/// max-retries = 2              # as --max-retries
/// host-concurrency = 4         # as --host-concurrency
/// host-request-interval = 200  # milliseconds
/// cache = ".urilint-cache.jsonl"   # as --cache=FILE, inside this file's directory
/// anchors = true               # as --remote-anchors
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct RemoteConfig {
    /// Regular expressions (Rust `regex` syntax) of URIs never requested
    /// (sites that refuse every robot, links behind a login); they get no
    /// remote finding and are counted as excluded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exclude: Vec<String>,
    /// `--timeout`, seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<u64>,
    /// `--max-retries`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_retries: Option<u32>,
    /// `--retry-wait-time`, seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_wait_time: Option<u64>,
    /// `--max-retry-wait`, seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_retry_wait: Option<u64>,
    /// `--max-concurrency`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_concurrency: Option<usize>,
    /// `--host-concurrency`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_concurrency: Option<usize>,
    /// `--host-request-interval`, milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_request_interval: Option<u64>,
    /// `--cache=FILE`, relative to the configuration file's directory and
    /// inside it: not absolute, no `..`, no symbolic link followed below
    /// it (H1 of the 2026-11-29 review; a configuration error otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache: Option<PathBuf>,
    /// `--max-cache-age`, seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_cache_age: Option<u64>,
    /// `--remote-anchors`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchors: Option<bool>,
    /// Hosts whose `#fragment`s are not checked (pages that make their ids
    /// with JavaScript) [default: `["github.com"]`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchor_skip_hosts: Option<Vec<String>>,
}

/// A link check of `[links]` `check` (and `--links`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkCheck {
    /// Relative links, against the files of the tree, offline.
    Local,
    /// The links of the built site (`site-dir`), reported on the source
    /// lines that made them.
    Site,
    /// The `http` and `https` links, requested (`check --links remote`;
    /// opt-in, see [`crate::remote`]).
    Remote,
}

/// The static-site generators `[links]` `site` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SiteGenerator {
    /// MkDocs (`mkdocs.yml`).
    Mkdocs,
    /// VitePress (`.vitepress/config.*`).
    Vitepress,
    /// Docusaurus (`docusaurus.config.*`).
    Docusaurus,
    /// Jekyll (`_config.yml`; GitHub Pages).
    Jekyll,
    /// Hugo (`hugo.toml`, `config.toml`).
    Hugo,
    /// mdBook (`book.toml`).
    Mdbook,
    /// Sphinx (`conf.py`).
    Sphinx,
    /// Antora (`antora.yml`).
    Antora,
    /// Jupyter Book / mystmd (`_config.yml` with `_toc.yml`, `myst.yml`).
    JupyterBook,
    /// docsify (`index.html` setting `window.$docsify`).
    Docsify,
    /// Astro Starlight (`astro.config.*` importing `@astrojs/starlight`).
    Starlight,
    /// Nextra (`next.config.*` using `nextra`).
    Nextra,
    /// Zola (`zola.toml`, or `config.toml` with `base_url`).
    Zola,
}

impl SiteGenerator {
    /// Every generator, in the order the documentation lists them.
    pub const ALL: [SiteGenerator; 13] = [
        SiteGenerator::Mkdocs,
        SiteGenerator::Vitepress,
        SiteGenerator::Docusaurus,
        SiteGenerator::Jekyll,
        SiteGenerator::Hugo,
        SiteGenerator::Mdbook,
        SiteGenerator::Sphinx,
        SiteGenerator::Antora,
        SiteGenerator::JupyterBook,
        SiteGenerator::Docsify,
        SiteGenerator::Starlight,
        SiteGenerator::Nextra,
        SiteGenerator::Zola,
    ];

    /// Its name in urilint.toml (lowercase: `mkdocs`, `mdbook`).
    pub fn name(self) -> &'static str {
        match self {
            SiteGenerator::Mkdocs => "mkdocs",
            SiteGenerator::Vitepress => "vitepress",
            SiteGenerator::Docusaurus => "docusaurus",
            SiteGenerator::Jekyll => "jekyll",
            SiteGenerator::Hugo => "hugo",
            SiteGenerator::Mdbook => "mdbook",
            SiteGenerator::Sphinx => "sphinx",
            SiteGenerator::Antora => "antora",
            SiteGenerator::JupyterBook => "jupyter-book",
            SiteGenerator::Docsify => "docsify",
            SiteGenerator::Starlight => "starlight",
            SiteGenerator::Nextra => "nextra",
            SiteGenerator::Zola => "zola",
        }
    }
}

/// `[links]` `site`: how the tree is published.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum SiteSetting {
    /// Found from the tree's own files (the default).
    #[default]
    Auto,
    /// No generator: files as a forge (GitHub) shows them.
    None,
    /// This generator.
    Generator(SiteGenerator),
}

impl SiteSetting {
    /// Its name in urilint.toml.
    pub fn name(self) -> &'static str {
        match self {
            SiteSetting::Auto => "auto",
            SiteSetting::None => "none",
            SiteSetting::Generator(g) => g.name(),
        }
    }

    /// The setting named `name` (as [`SiteSetting::name`] gives it).
    ///
    /// # Errors
    /// A message naming the value and the values expected.
    pub fn parse(name: &str) -> Result<SiteSetting, String> {
        match name {
            "auto" => Ok(SiteSetting::Auto),
            "none" => Ok(SiteSetting::None),
            _ => SiteGenerator::ALL
                .into_iter()
                .find(|g| g.name() == name)
                .map(SiteSetting::Generator)
                .ok_or_else(|| {
                    let names: Vec<&str> = SiteGenerator::ALL.iter().map(|g| g.name()).collect();
                    format!(
                        "unknown site '{name}' (expected auto, none, {})",
                        names.join(", ")
                    )
                }),
        }
    }
}

impl TryFrom<String> for SiteSetting {
    type Error = String;
    fn try_from(name: String) -> Result<Self, String> {
        SiteSetting::parse(&name)
    }
}

impl From<SiteSetting> for String {
    fn from(s: SiteSetting) -> String {
        s.name().to_string()
    }
}

/// What `check` leaves out of the trees it walks when the configuration
/// sets no `exclude` (gitignore-style globs, matched at any depth; a
/// trailing `/` matches directories only): test data, which holds invalid
/// URIs on purpose (the URL parsers' own tests in Django, requests,
/// docutils, the `url` crate: `tests/validators/tests.py` lists
/// `http://-invalid.com`; `t/` is the test folder of git, Perl projects
/// and Celery), and code that is not the project's to fix
/// (vendored and installed packages, minified files). A path named on the
/// command line is checked all the same, unless `--force-exclude`.
/// `extract` reads everything.
pub const DEFAULT_EXCLUDE: &[&str] = &[
    "t/",
    "test/",
    "tests/",
    "testing/",
    "testdata/",
    "test-data/",
    "test_data/",
    "__tests__/",
    "fixtures/",
    "__fixtures__/",
    "__snapshots__/",
    "node_modules/",
    "vendor/",
    "_vendor/",
    "third_party/",
    "third-party/",
    "*.min.js",
    "*.min.css",
];

/// [`DEFAULT_EXCLUDE`] as owned strings.
fn default_exclude() -> Vec<String> {
    DEFAULT_EXCLUDE.iter().map(|g| g.to_string()).collect()
}

/// A rule selection that applies to the files matching some globs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Override {
    /// Globs, relative to the configuration file's directory; one without
    /// a `/` matches a file name at any depth.
    pub files: Vec<String>,
    /// As [`Config::select`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub select: Option<Vec<String>>,
    /// As [`Config::extend_select`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extend_select: Vec<String>,
    /// As [`Config::ignore`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ignore: Vec<String>,
}

impl Override {
    fn selection(&self) -> Selection {
        Selection {
            select: self.select.clone(),
            extend_select: self.extend_select.clone(),
            ignore: self.ignore.clone(),
        }
    }
}

/// The configuration of each file: the file found from the file's own
/// directory upwards ([`discover`]), as ruff and typos find theirs, with
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

/// `p` made absolute against the current directory, without `.`
/// components (not resolving symbolic links).
fn absolute(p: &Path) -> PathBuf {
    let abs = if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(p)
    };
    abs.components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .collect()
}

/// The configuration file that applies in `dir`: the first of
/// [`FILE_NAMES`] found in `dir` or its ancestors, up to the root of the
/// repository `dir` is in (the directory holding `.git`) and no further.
/// A file is taken only when it can be trusted (as git's
/// `safe.directory` trusts a repository): owned by the user running
/// urilint, not writable by others, in a directory others cannot replace
/// it in. An untrusted file is passed over with a warning on standard
/// error (once per file; `--config` names a file explicitly) and the
/// search goes on above it.
pub fn discover(dir: &Path) -> Option<PathBuf> {
    for d in dir.ancestors() {
        match discover_in(d) {
            Found::File(p) => return Some(p),
            Found::Stop => return None,
            Found::Above => {}
        }
    }
    None
}

/// What [`discover`] finds in one directory.
enum Found {
    /// A trusted configuration file.
    File(PathBuf),
    /// None, and the directory is a repository's root: look no further.
    Stop,
    /// None: look in the parent.
    Above,
}

/// The repository `root` (a `[links] root` setting joined to the
/// directory `dir` of its configuration file) leads outside of, when it
/// does: the nearest directory at or above `dir` holding `.git`, else
/// `dir` (M6 of the 2026-11-29 review).
fn links_root_outside(dir: &Path, root: &Path) -> Option<PathBuf> {
    let files = crate::site::files::Files::new();
    let dir = crate::site::lexically_clean(&absolute(dir));
    let bound = dir
        .ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(&dir);
    let bound = files
        .canonical(bound)
        .unwrap_or_else(|| bound.to_path_buf());
    let root = crate::site::lexically_clean(&absolute(root));
    files.reach(&dir, &root, &bound).is_none().then_some(bound)
}

/// [`discover`]'s look into the directory `d` alone.
fn discover_in(d: &Path) -> Found {
    for name in FILE_NAMES {
        let p = d.join(name);
        if !p.is_file() {
            continue;
        }
        match untrusted(&p) {
            None => return Found::File(p),
            Some(why) => warn_once(&p, &why),
        }
    }
    if d.join(".git").exists() {
        // The repository's root: a file above it is someone else's.
        return Found::Stop;
    }
    Found::Above
}

/// [`discover`] with the answer for every directory looked into kept in
/// `memo`: a tree's directories share their ancestors, each looked into
/// once per run. The memo is locked only to look up and to record, not
/// while a directory is looked into (the workers of a run share it).
fn discover_memo(
    dir: &Path,
    memo: &std::sync::Mutex<std::collections::HashMap<PathBuf, Option<PathBuf>>>,
) -> Option<PathBuf> {
    let lock = || memo.lock().unwrap_or_else(|p| p.into_inner());
    let mut chain = Vec::new();
    let mut found = None;
    for d in dir.ancestors() {
        if let Some(known) = lock().get(d).cloned() {
            found = known;
            break;
        }
        chain.push(d.to_path_buf());
        match discover_in(d) {
            Found::File(p) => {
                found = Some(p);
                break;
            }
            Found::Stop => break,
            Found::Above => {}
        }
    }
    let mut memo = lock();
    for d in chain {
        memo.insert(d, found.clone());
    }
    found
}

/// Why the configuration file `path` is not to be obeyed, `None` when it
/// is: a file owned by another user than the one running urilint, a file
/// others may write, or one in a directory that others may write and that
/// is not sticky (where another user could replace it). M11 of the
/// 2026-11-26 review: a `urilint.toml` planted in a shared directory above
/// a project steered root's `check --fix` there. The same rule applies to
/// every other file a repository gives urilint to obey (site
/// configurations, the remote cache): the message completes "PATH:
/// ignored: ...".
pub(crate) fn untrusted(path: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let me = rustix::process::geteuid().as_raw();
    let meta = std::fs::metadata(path).ok()?;
    if meta.uid() != me {
        return Some(format!(
            "owned by user {}, not by you (user {me})",
            meta.uid()
        ));
    }
    if let Some(why) = crate::state_file::writable_by_others(meta.mode(), meta.gid()) {
        return Some(why);
    }
    let dir = path.parent()?;
    let dmeta = std::fs::metadata(if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    })
    .ok()?;
    let others_write = dmeta.mode() & 0o002 != 0;
    let sticky = dmeta.mode() & 0o1000 != 0;
    if others_write && !sticky {
        return Some("in a directory that other users may write".to_string());
    }
    None
}

/// Says once per file (on standard error) that a configuration file is
/// passed over, and why.
pub(crate) fn warn_once(path: &Path, why: &str) {
    static WARNED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    let mut warned = WARNED.lock().unwrap_or_else(|p| p.into_inner());
    if warned.iter().any(|w| w == path) {
        return;
    }
    warned.push(path.to_path_buf());
    eprintln!(
        "urilint: warning: {}: ignored: {why} (name it with --config to use it)",
        crate::output::escape::name(&path.to_string_lossy())
    );
}

/// Reads and checks the configuration file `path`.
///
/// # Errors
/// [`Error::Config`] naming the file when it cannot be read, is not valid
/// TOML, has an unknown key or a value of the wrong type (with line and
/// column), names an unknown grammar, rule or an invalid regex or glob.
pub fn load(path: &Path) -> Result<Config, Error> {
    let err = |message: String| Error::Config {
        path: DisplayPath(path.to_path_buf()),
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| err(e.to_string()))?;
    let at = |offset: usize| {
        let (line, column) = line_column(&text, offset);
        format!("line {line}, column {column}: ")
    };
    let config: Config = toml::from_str(&text).map_err(|e| {
        let at = e.span().map(|s| at(s.start)).unwrap_or_default();
        err(format!("{at}{}", e.message()))
    })?;
    if let Some((offset, message)) = first_bad_value(&text) {
        return Err(err(format!("{}{message}", at(offset))));
    }
    if let Some((offset, message)) = bad_cache_path(&text) {
        return Err(err(format!("{}{message}", at(offset))));
    }
    Settings::from_config(
        config.clone(),
        path.parent().map(Path::to_path_buf),
        Some(path.to_path_buf()),
    )
    .and_then(|s| s.linter().and_then(|_| s.link_ignore(None)).map(|_| ()))
    .map_err(|e| match e {
        Error::Config { message, .. } => err(message),
        other => other,
    })?;
    Ok(config)
}

/// The 1-based line and column (in Unicode scalar values) of the 0-based
/// byte `offset` of `text`; lines end at LF (TOML allows no lone CR).
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Where the values checked after parsing are in the file (the strings'
/// byte spans), to name the line and column of a bad one.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Positions {
    #[serde(default)]
    grammar: Option<toml::Spanned<String>>,
    #[serde(default)]
    select: Vec<toml::Spanned<String>>,
    #[serde(default)]
    extend_select: Vec<toml::Spanned<String>>,
    #[serde(default)]
    ignore: Vec<toml::Spanned<String>>,
    #[serde(default)]
    exclude_uris: Vec<toml::Spanned<String>>,
    #[serde(default)]
    overrides: Vec<OverridePositions>,
    #[serde(default)]
    links: Option<LinksPositions>,
}

/// Where the `[links]` values checked after parsing are.
#[derive(Deserialize)]
struct LinksPositions {
    #[serde(default)]
    ignore: Vec<toml::Spanned<String>>,
}

/// (No `#[serde(flatten)]` here: it would lose the spans.)
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct OverridePositions {
    #[serde(default)]
    files: Vec<toml::Spanned<String>>,
    #[serde(default)]
    select: Vec<toml::Spanned<String>>,
    #[serde(default)]
    extend_select: Vec<toml::Spanned<String>>,
    #[serde(default)]
    ignore: Vec<toml::Spanned<String>>,
}

/// The first selector of `lists` that names no rule: its offset and
/// message.
fn first_unknown(lists: [&[toml::Spanned<String>]; 3]) -> Option<(usize, String)> {
    lists.into_iter().flatten().find_map(|s| {
        let one = Selection {
            select: None,
            extend_select: vec![s.get_ref().clone()],
            ignore: Vec::new(),
        };
        one.validate()
            .err()
            .map(|e| (s.span().start, e.to_string()))
    })
}

/// The first value of the (already parsed) configuration `text` that is
/// invalid, in file order of the keys checked: an unknown grammar, an
/// unknown rule selector, an invalid `exclude-uris` regex or an invalid
/// `overrides` glob; its 0-based byte offset in `text` and the message.
fn first_bad_value(text: &str) -> Option<(usize, String)> {
    let p: Positions = toml::from_str(text).ok()?;
    if let Some(g) = &p.grammar {
        let name = g.get_ref();
        if Grammar::from_name(name).is_none() {
            return Some((
                g.span().start,
                format!(
                    "unknown grammar '{name}' (expected rfc3986, rfc3987, rfc2396 or rfc2396+ipv6)"
                ),
            ));
        }
    }
    if let Some(bad) = first_unknown([&p.select, &p.extend_select, &p.ignore]) {
        return Some(bad);
    }
    for r in &p.exclude_uris {
        if let Err(e) = regex::Regex::new(r.get_ref()) {
            return Some((r.span().start, format!("exclude-uris: {}", regex_error(&e))));
        }
    }
    for o in &p.overrides {
        for g in &o.files {
            if let Err(e) = Glob::new(&override_pattern(g.get_ref())) {
                return Some((
                    g.span().start,
                    format!("overrides: invalid glob '{}': {e}", g.get_ref()),
                ));
            }
        }
        if let Some(bad) = first_unknown([&o.select, &o.extend_select, &o.ignore]) {
            return Some(bad);
        }
    }
    for g in p.links.iter().flat_map(|l| &l.ignore) {
        let one = [g.get_ref().clone()];
        if let Err(e) = crate::links::ignore::LinkIgnore::new(Path::new(""), Path::new(""), &one) {
            return Some((g.span().start, format!("links: ignore: {e}")));
        }
    }
    None
}

/// `[links.remote] cache` when it is absolute, has `..` or names no file
/// ([`crate::state_file::check_relative`], H1 of the 2026-11-29 review):
/// its offset and message.
fn bad_cache_path(text: &str) -> Option<(usize, String)> {
    #[derive(Deserialize)]
    struct File {
        links: Option<Links>,
    }
    #[derive(Deserialize)]
    struct Links {
        remote: Option<Remote>,
    }
    #[derive(Deserialize)]
    struct Remote {
        cache: Option<toml::Spanned<String>>,
    }
    let f: File = toml::from_str(text).ok()?;
    let c = f.links?.remote?.cache?;
    crate::state_file::check_relative(Path::new(c.get_ref()))
        .err()
        .map(|e| (c.span().start, format!("[links.remote] cache: {e}")))
}

/// A regex error on one line: a syntax error's diagram (the pattern with a
/// caret under the place) is left out, since the message gives the place
/// in the file; the error's own description stays.
fn regex_error(e: &regex::Error) -> String {
    let full = e.to_string();
    match full.rsplit_once("\nerror: ") {
        Some((_, what)) => format!("invalid regex: {what}"),
        None => full,
    }
}

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
    /// [`DEFAULT_EXCLUDE`] in `check`, nothing in `extract`.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, String> {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let path = dir.path().join("urilint.toml");
        std::fs::write(&path, text).map_err(|e| e.to_string())?;
        load(&path).map_err(|e| e.to_string())
    }

    #[test]
    fn reads_every_key() {
        let c = parse(
            "grammar = \"rfc2396\"\nmax-uri-len = 100\nselect = [\"U\"]\nextend-select = [\"D006\"]\n\
             ignore = [\"U002\"]\nexclude-uris = ['^http://localhost']\n\
             [[overrides]]\nfiles = [\"*.mbox\"]\nignore = [\"U\"]\n",
        )
        .expect("valid");
        assert_eq!(c.grammar.as_deref(), Some("rfc2396"));
        assert_eq!(c.overrides.len(), 1);
        let s = Settings::from_config(c, Some(PathBuf::from("/r")), None).expect("valid");
        assert_eq!((s.grammar, s.max_uri_len), (Grammar::Rfc2396, 100));
        let linter = s.linter().expect("valid");
        assert!(linter.rules.enabled("U001") && !linter.rules.enabled("U002"));
        assert!(linter.rules.enabled("D006") && !linter.rules.enabled("N001"));
        assert!(linter.excluded("http://localhost:8080/"));
        let mbox = linter
            .per_path
            .rules_for(Path::new("/r/x/y.mbox"))
            .expect("override");
        assert!(!mbox.enabled("U001") && mbox.enabled("D006"));
        assert!(linter.per_path.rules_for(Path::new("/r/x/y.txt")).is_none());
    }

    #[test]
    fn errors_name_the_problem() {
        let e = parse("selct = [\"U\"]\n").expect_err("unknown key");
        assert!(
            e.contains("urilint.toml") && e.contains("line 1, column 1") && e.contains("selct"),
            "{e}"
        );
        let e = parse("ignore = [\"Q9\"]\n").expect_err("unknown rule");
        assert!(e.contains("unknown rule selector 'Q9'"), "{e}");
        let e = parse("grammar = \"rfc1\"\n").expect_err("unknown grammar");
        assert!(e.contains("unknown grammar 'rfc1'"), "{e}");
        let e = parse("exclude-uris = ['(']\n").expect_err("bad regex");
        assert!(e.contains("exclude-uris"), "{e}");
        let e = parse("max-uri-len = \"big\"\n").expect_err("bad type");
        assert!(e.contains("line 1"), "{e}");
    }

    #[test]
    fn bad_values_have_a_line_and_column() {
        let e = parse("max-uri-len = 10\nignore = [\"N\", \"Q9\"]\n").expect_err("rule");
        assert!(
            e.contains("urilint.toml: line 2, column 16: unknown rule selector 'Q9'"),
            "{e}"
        );
        let e = parse("\n  grammar = \"rfc1\"\n").expect_err("grammar");
        assert!(
            e.contains("line 2, column 13: unknown grammar 'rfc1'"),
            "{e}"
        );
        let e = parse("exclude-uris = ['^a', \n  '(']\n").expect_err("regex");
        assert!(
            e.contains("line 2, column 3: exclude-uris: invalid regex: unclosed group"),
            "{e}"
        );
        assert!(!e.contains('\n'), "{e}");
        let e = parse("[[overrides]]\nfiles = [\"*.md\", \"a/[b\"]\nignore = [\"N\"]\n")
            .expect_err("glob");
        assert!(
            e.contains("line 2, column 18: overrides: invalid glob 'a/[b'"),
            "{e}"
        );
        let e = parse("[[overrides]]\nfiles = [\"*.md\"]\nselect = [\"é1\"]\n")
            .expect_err("override rule");
        assert!(
            e.contains("line 3, column 11: unknown rule selector 'é1'"),
            "{e}"
        );
        // Columns count characters, not bytes.
        let e =
            parse("overrides = [{ files = [\"é.md\"], ignore = [\"zz\"] }]\n").expect_err("rule");
        assert!(
            e.contains("line 1, column 44: unknown rule selector 'zz'"),
            "{e}"
        );
    }

    /// The memo gives what [`discover`] gives, for every directory it
    /// looked into on the way up (a tree's directories share ancestors).
    #[test]
    fn discovery_memo_agrees_with_discovery() {
        let dir = tempfile::tempdir().expect("tempdir");
        let repo = dir.path().join("proj");
        std::fs::create_dir_all(repo.join(".git")).expect("mkdir");
        std::fs::create_dir_all(repo.join("a/b/c")).expect("mkdir");
        std::fs::create_dir_all(repo.join("d")).expect("mkdir");
        std::fs::write(repo.join("a/urilint.toml"), "").expect("write");
        let shared = std::sync::Mutex::new(std::collections::HashMap::new());
        for d in ["a/b/c", "a/b", "a", "d", "", "a/b/c"] {
            let d = repo.join(d);
            assert_eq!(discover_memo(&d, &shared), discover(&d), "{}", d.display());
        }
        let memo = shared.lock().expect("lock");
        assert_eq!(
            memo.get(&repo.join("a/b")),
            Some(&Some(repo.join("a/urilint.toml")))
        );
        assert_eq!(memo.get(&repo.join("d")), Some(&None));
    }

    /// The per-directory memo of [`Hierarchy::for_path`]: files of one
    /// directory share its answer, a nested file's directory gets its own
    /// (the nested settings), and an invalid nested file is still an
    /// error for each of its files (named the first time only).
    #[test]
    fn for_path_per_directory() {
        let dir = tempfile::tempdir().expect("tempdir");
        let repo = dir.path().join("proj");
        std::fs::create_dir_all(repo.join(".git")).expect("mkdir");
        std::fs::create_dir_all(repo.join("a/b")).expect("mkdir");
        std::fs::create_dir_all(repo.join("bad")).expect("mkdir");
        std::fs::write(repo.join("a/urilint.toml"), "grammar = \"rfc2396\"\n").expect("write");
        std::fs::write(repo.join("bad/urilint.toml"), "grammar = 7\n").expect("write");
        let h = Hierarchy::new(None, CliSettings::default(), false);
        for _ in 0..2 {
            assert!(matches!(h.for_path(&repo.join("x.md")), Ok(None)));
            let nested = h.for_path(&repo.join("a/b/y.md")).expect("valid");
            let again = h.for_path(&repo.join("a/b/z.md")).expect("valid");
            assert!(nested.is_some());
            assert!(std::sync::Arc::ptr_eq(
                &nested.expect("nested"),
                &again.expect("nested")
            ));
        }
        assert!(matches!(h.for_path(&repo.join("bad/1.md")), Err(Some(_))));
        assert!(matches!(h.for_path(&repo.join("bad/2.md")), Err(None)));
    }

    /// M11: discovery stops at the repository's root, and passes over a
    /// file that others may write.
    #[test]
    fn discovery_stops_at_the_repository_and_trusts_only_own_files() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        let repo = dir.path().join("shared/proj");
        std::fs::create_dir_all(repo.join(".git")).expect("mkdir");
        std::fs::create_dir_all(repo.join("docs")).expect("mkdir");
        std::fs::write(dir.path().join("shared/urilint.toml"), "").expect("write");
        assert_eq!(discover(&repo.join("docs")), None);
        std::fs::write(repo.join("urilint.toml"), "").expect("write");
        assert_eq!(
            discover(&repo.join("docs")),
            Some(repo.join("urilint.toml"))
        );
        std::fs::set_permissions(
            repo.join("urilint.toml"),
            std::fs::Permissions::from_mode(0o666),
        )
        .expect("chmod");
        assert!(untrusted(&repo.join("urilint.toml")).is_some());
        assert_eq!(discover(&repo.join("docs")), None);
        std::fs::set_permissions(
            repo.join("urilint.toml"),
            std::fs::Permissions::from_mode(0o644),
        )
        .expect("chmod");
        std::fs::set_permissions(&repo, std::fs::Permissions::from_mode(0o777)).expect("chmod");
        assert!(untrusted(&repo.join("urilint.toml")).is_some());
        std::fs::set_permissions(&repo, std::fs::Permissions::from_mode(0o1777)).expect("chmod");
        assert_eq!(untrusted(&repo.join("urilint.toml")), None);
    }

    #[test]
    fn discovery_walks_up() {
        let dir = tempfile::tempdir().expect("tempdir");
        let sub = dir.path().join("a/b");
        std::fs::create_dir_all(&sub).expect("mkdir");
        assert_eq!(discover(&sub), None);
        std::fs::write(dir.path().join(".urilint.toml"), "").expect("write");
        assert_eq!(discover(&sub), Some(dir.path().join(".urilint.toml")));
        std::fs::write(dir.path().join("a/urilint.toml"), "").expect("write");
        assert_eq!(discover(&sub), Some(dir.path().join("a/urilint.toml")));
    }

    #[test]
    fn links_table() {
        let c = parse(
            "[links]\ncheck = [\"local\", \"site\"]\nsite = \"hugo\"\nroot = \"site\"\n\
             ignore = [\"/api/**\"]\nrenderer = \"goldmark\"\nsite-dir = \"public\"\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let links = c.links.clone().unwrap_or_default();
        assert_eq!(links.check, vec![LinkCheck::Local, LinkCheck::Site]);
        assert_eq!(
            links.site,
            Some(SiteSetting::Generator(SiteGenerator::Hugo))
        );
        assert_eq!(links.renderer.as_deref(), Some("goldmark"));
        let s = Settings::from_config(c, Some(PathBuf::from("/p")), None)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(s.links_local() && s.links_site());
        assert_eq!(s.links_root(), Some(PathBuf::from("/p/site")));
        assert_eq!(s.links_site_dir(), Some(PathBuf::from("/p/public")));
        let ignore = s
            .link_ignore(s.links_root().as_deref())
            .unwrap_or_else(|e| panic!("{e}"))
            .unwrap_or_else(|| panic!("globs"));
        assert!(ignore.ignores(Path::new("/p/site/api/v1/index.html")));
        assert!(!ignore.ignores(Path::new("/p/api/v1/index.html")));
        // `urilint config` prints it back, and it reads the same.
        let back = s.to_config();
        assert_eq!(back.links, Some(s.links.clone()));
        let text = toml::to_string(&back).unwrap_or_else(|e| panic!("{e}"));
        let again: Config = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(again.links, back.links);
        // No table: nothing on, nothing printed.
        let none = Settings::default();
        assert!(!none.links_local() && none.links_root().is_none());
        assert_eq!(none.to_config().links, None);
        for name in [
            "auto",
            "none",
            "mkdocs",
            "vitepress",
            "docusaurus",
            "jekyll",
            "hugo",
            "mdbook",
            "sphinx",
            "antora",
            "jupyter-book",
            "docsify",
            "starlight",
            "nextra",
        ] {
            let s = SiteSetting::parse(name).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(s.name(), name);
        }
        assert!(SiteSetting::parse("MkDocs").is_err());
    }

    #[test]
    fn links_table_errors_name_the_key() {
        let e = parse("[links]\nchek = [\"local\"]\n").expect_err("unknown key");
        assert!(
            e.contains("urilint.toml: line 2, column 1: unknown field `chek`"),
            "{e}"
        );
        let e = parse("[links]\nsite = \"gitbook\"\n").expect_err("unknown site");
        assert!(
            e.contains("line 2, column 8: unknown site 'gitbook'"),
            "{e}"
        );
        let e = parse("[links]\nignore = [\"[x\"]\n").expect_err("bad glob");
        assert!(
            e.contains("line 2, column 11: links: ignore: invalid glob '[x'"),
            "{e}"
        );
        let e = parse("[links]\nroot = 3\n").expect_err("bad type");
        assert!(e.contains("line 2"), "{e}");
    }

    #[test]
    fn cli_layers_on_top() {
        let s = Settings::default().with_cli(&CliSettings {
            grammar: Some(Grammar::Rfc3987),
            max_uri_len: None,
            abbreviated: false,
            selection: Selection {
                select: None,
                extend_select: vec!["X004".into()],
                ignore: vec!["N".into()],
            },
        });
        let l = s.linter().expect("valid");
        assert_eq!(l.grammar, Grammar::Rfc3987);
        assert!(l.rules.enabled("X004") && !l.rules.enabled("N001"));
    }

    #[test]
    fn abbreviated_from_the_file_or_the_command_line() {
        let config: Config = toml::from_str("abbreviated = true").expect("valid");
        let s = Settings::from_config(config, None, None);
        assert!(s.as_ref().is_ok_and(|s| s.abbreviated));
        let off = Settings::default();
        assert!(!off.abbreviated);
        let on = off.with_cli(&CliSettings {
            grammar: None,
            max_uri_len: None,
            abbreviated: true,
            selection: Selection::default(),
        });
        assert!(on.abbreviated);
        assert_eq!(on.to_config().abbreviated, Some(true));
    }
}
