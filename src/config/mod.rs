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

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::lint::Selection;

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
/// and Celery; `*_spec.rb`, RSpec's test files by its default `--pattern`
/// `spec/**/*_spec.rb`: asciidoctor-pdf's hold a bad IPv6 literal and an
/// over-long host label on purpose; likewise the test files each
/// language's test runner finds by name beside the code: Go's
/// `*_test.go` (`go help test`; argoproj/argo-cd's hold `http//x`,
/// `user:p@ss@host` and `http://:/abc` on purpose), pytest's default
/// `test_*.py` and `*_test.py`, and Jest's default `*.test.*` and
/// `*.spec.*` JavaScript and TypeScript files), and code that is not the project's to fix
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
    "*_spec.rb",
    "*_test.go",
    "test_*.py",
    "*_test.py",
    "*.test.js",
    "*.test.jsx",
    "*.test.ts",
    "*.test.tsx",
    "*.test.mjs",
    "*.spec.js",
    "*.spec.jsx",
    "*.spec.ts",
    "*.spec.tsx",
    "*.spec.mjs",
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

mod discover;
mod hierarchy;
mod load;
mod settings;
#[cfg(test)]
mod tests;

pub use discover::discover;
use discover::{absolute, discover_memo, links_root_outside};
pub(crate) use discover::{untrusted, warn_once};
pub use hierarchy::{Hierarchy, Nested};
pub use load::load;
pub use settings::{CliSettings, Settings};
