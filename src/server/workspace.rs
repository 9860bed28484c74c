//! The settings a document is checked with: those `urilint check` would
//! use when run from the document's workspace folder, with the
//! configuration nearest to each file (`urilint.toml`, found from the
//! file's directory upward), local links checked within the folder, and
//! never the network.

use std::path::{Path, PathBuf};

use crate::config::Settings;
use crate::run::{Analysis, Ask, CheckOptions, DocumentChecker, RunOptions};

/// [`ServerOptions::max_diagnostics`] by default.
pub const DEFAULT_MAX_DIAGNOSTICS: usize = 1000;

/// What the client may set (`initializationOptions` of `initialize`,
/// a JSON object; unknown keys are ignored).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ServerOptions {
    /// Check relative links in the workspace folder (`L001`, `L002`), as
    /// `check --links local`: `true` by default.
    pub links: bool,
    /// Milliseconds without a change before a changed document is
    /// checked again: 20 by default.
    pub debounce_ms: u64,
    /// The most diagnostics published (and findings kept) per document:
    /// 1,000 by default; past it one more diagnostic says how many were
    /// left out (M9 of the 2026-11-29 review: every finding of a 48 MB
    /// file took 5.6 GB).
    pub max_diagnostics: usize,
    /// A git revision (`main`, `HEAD~3`; `since`), as `check --since
    /// REF` takes it: a local link to a page renamed since it, or to a
    /// heading reworded since it, gets its safe fix as a code action
    /// ([`crate::since`]). Unlike `check --since`, every finding of the
    /// document is still shown. `None` by default: such links get the
    /// closest existing page or anchor as an unsafe fix instead.
    pub since: Option<String>,
}

impl Default for ServerOptions {
    fn default() -> Self {
        ServerOptions {
            links: true,
            debounce_ms: 20,
            max_diagnostics: DEFAULT_MAX_DIAGNOSTICS,
            since: None,
        }
    }
}

/// A checker for the documents of one workspace folder, and the problem
/// with its configuration, if any (then the defaults are used).
pub struct Folder {
    /// The folder (`None`: documents outside every folder).
    pub root: Option<PathBuf>,
    /// Checks the folder's documents.
    pub checker: DocumentChecker,
    /// Why the folder's `urilint.toml` could not be used (the defaults
    /// are, then).
    pub problem: Option<String>,
    /// The files `check` run from the folder leaves out (`exclude`, or
    /// its default, and `extend-exclude`): their documents get no
    /// findings.
    pub exclusions: Option<crate::walk::Exclusions>,
}

impl Folder {
    /// The checker for `root`'s documents: `check`'s settings from
    /// `root`'s `urilint.toml` (or the one above it), with each file's
    /// nearest configuration; `None`: no folder, the defaults and no link
    /// check.
    pub fn new(root: Option<PathBuf>, options: &ServerOptions) -> Folder {
        let mut problem = None;
        let found = root
            .as_deref()
            .map(|r| Settings::find(r, None, false))
            .transpose();
        let settings = match found {
            Ok(s) => s.unwrap_or_default(),
            Err(e) => {
                problem = Some(e.to_string());
                Settings::default()
            }
        };
        let ask = Ask {
            nested_configs: root.is_some(),
            links_local: Some(options.links && root.is_some()),
            ..Ask::default()
        };
        let (analysis, p) = Analysis::resolve_or_default(&settings, &ask);
        if let Some(p) = p {
            problem.get_or_insert(p.to_string());
        }
        // Positions go out in the negotiated LSP encoding, not in check's
        // printed columns (`CheckOptions::reporting`).
        let mut check = CheckOptions::reporting(analysis);
        // `since`: what changed in the folder's repository, read again
        // with the folder (at each save).
        if let (Some(rev), Some(r), true) = (&options.since, &root, options.links) {
            match crate::since::Since::load(rev, std::slice::from_ref(r)) {
                Ok(s) => check.since = Some(std::sync::Arc::new(s)),
                Err(e) => {
                    problem.get_or_insert(format!("since: {e}"));
                }
            }
        }
        let opts = RunOptions::for_settings(&settings);
        let exclusions = match root
            .as_deref()
            .map(|r| crate::walk::Exclusions::new(r, &settings.excluded_globs(true)))
            .transpose()
        {
            Ok(e) => e,
            Err(e) => {
                problem.get_or_insert(e.to_string());
                None
            }
        };
        Folder {
            exclusions,
            checker: DocumentChecker {
                opts,
                check,
                tree: root.clone(),
            },
            root,
            problem,
        }
    }

    /// True when `check` run from the folder would leave `path` out.
    pub fn excludes(&self, path: &Path) -> bool {
        self.exclusions.as_ref().is_some_and(|e| e.excludes(path))
    }

    /// True when `path` is in this folder.
    pub fn holds(&self, path: &Path) -> bool {
        self.root.as_deref().is_some_and(|r| path.starts_with(r))
    }
}
