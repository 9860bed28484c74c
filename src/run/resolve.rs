//! One settings resolver for `check`, shared by the command line
//! (`cli/settings.rs`) and the language server (`server/workspace.rs`): from the
//! configuration found ([`Settings`], `urilint.toml`, already layered with
//! the command line's flags) and what the caller asks beside it
//! ([`Ask`]), the analysis of a check ([`Analysis`]: the linter, the
//! configuration nearest to each file, the local link check and
//! `[links]` `ignore`) and the run's options ([`RunOptions::for_settings`]).
//!
//! What only a front end knows stays there: the command line's report
//! options (format, colour, column unit, `--fix`), `--since`, the built
//! site and the remote check's network options; the server's negotiated
//! position encoding. Neither front end decides the analysis itself, so a
//! document in the editor is checked with the settings `urilint check`
//! uses from its workspace folder.

use std::path::PathBuf;
use std::sync::Arc;

use super::{CheckOptions, FixMode, RunOptions};
use crate::config::{CliSettings, Hierarchy, Settings};
use crate::error::Error;
use crate::links::LocalLinks;
use crate::lint::Linter;

/// What [`Analysis::resolve_with`] does with a setting it cannot use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OnError {
    /// Return the first error.
    Fail,
    /// Use that part's default and go on, keeping the first error.
    Default,
}

/// What the caller asks of a check beside its configuration files.
#[derive(Clone, Debug, Default)]
pub struct Ask {
    /// The flags that layer on every configuration file (`--grammar`,
    /// `--max-uri-len`, `--abbreviated`, `--select`, `--extend-select`,
    /// `--ignore`); the server sets none.
    pub cli: CliSettings,
    /// `--unsafe-fixes`: unsafe fixes are applied too.
    pub unsafe_fixes: bool,
    /// Each file is checked with the configuration nearest to it
    /// (`urilint.toml` found from the file's directory upward); false
    /// with `--config FILE` or `--isolated`, where one configuration
    /// holds for every file.
    pub nested_configs: bool,
    /// The local link check (`L001`, `L002`): asked (`Some(true)`,
    /// `--links local`), refused (`Some(false)`), or as `urilint.toml`'s
    /// `[links]` `check` says (`None`).
    pub links_local: Option<bool>,
    /// `--root-dir`: the directory a root-relative link (`/x`) resolves
    /// in; else `[links]` `root`, else `.` when [`Ask::site_url`] is set.
    pub root_dir: Option<PathBuf>,
    /// `--site-url`: the site's own URL, whose links are checked as local
    /// ones.
    pub site_url: Option<String>,
    /// The built site is checked instead of the sources (`--links
    /// site`): no local link check, but `[links]` `ignore` holds.
    pub built_site: bool,
    /// `--links remote`: the collection the linters note the run's links
    /// in.
    pub remote: Option<Arc<crate::remote::RemoteLinks>>,
}

/// The analysis of a check, resolved from [`Settings`] and an [`Ask`]:
/// the fields of [`CheckOptions`] that decide what is found, apart from
/// how it is reported.
#[derive(Debug)]
pub struct Analysis {
    /// The linter of the run's configuration.
    pub linter: Linter,
    /// The configuration nearest to each file ([`Ask::nested_configs`]).
    pub configs: Option<Arc<Hierarchy>>,
    /// The local link check, when on.
    pub links: Option<LocalLinks>,
    /// `[links]` `ignore`, when a link check is on and it is set.
    pub link_ignore: Option<crate::links::ignore::LinkIgnore>,
}

impl Analysis {
    /// Resolves the analysis `ask` asks for under `settings`: what the
    /// command line does, which starts no run whose configuration is
    /// invalid.
    ///
    /// # Errors
    /// The first of: [`Error::Config`] for an unknown rule selector, an
    /// invalid `exclude-uris` regex or glob ([`Settings::linter`]), an
    /// invalid `[links]` `ignore` glob ([`Settings::link_ignore`]), an
    /// unknown `[links]` `renderer` ([`Settings::links_renderer`]).
    pub fn resolve(settings: &Settings, ask: &Ask) -> Result<Analysis, Error> {
        Self::resolve_with(settings, ask, OnError::Fail).map(|(a, _)| a)
    }

    /// [`Analysis::resolve`], where a part that cannot be resolved takes
    /// its default (the built-in rules of `settings.grammar`, no
    /// renderer override, no `ignore`) and the first such error is
    /// returned beside the analysis: what the language server does, which
    /// still checks the document and shows what is wrong with the
    /// folder's configuration.
    pub fn resolve_or_default(settings: &Settings, ask: &Ask) -> (Analysis, Option<Error>) {
        match Self::resolve_with(settings, ask, OnError::Default) {
            Ok(resolved) => resolved,
            // Not returned with `OnError::Default`; the defaults, should
            // it be.
            Err(e) => (
                Analysis {
                    linter: Linter::new(settings.grammar),
                    configs: None,
                    links: None,
                    link_ignore: None,
                },
                Some(e),
            ),
        }
    }

    /// The resolution, failing or falling back to defaults by `on_error`.
    fn resolve_with(
        settings: &Settings,
        ask: &Ask,
        on_error: OnError,
    ) -> Result<(Analysis, Option<Error>), Error> {
        let mut first = None;
        let mut keep = |e: Error| -> Result<(), Error> {
            match on_error {
                OnError::Fail => Err(e),
                OnError::Default => {
                    first.get_or_insert(e);
                    Ok(())
                }
            }
        };
        let mut linter = match settings.linter() {
            Ok(l) => l,
            Err(e) => {
                keep(e)?;
                Linter::new(settings.grammar)
            }
        };
        linter.unsafe_fixes = ask.unsafe_fixes;
        linter.remote = ask.remote.clone();
        let configs = ask.nested_configs.then(|| {
            let h = Hierarchy::new(settings.file.clone(), ask.cli.clone(), ask.unsafe_fixes);
            Arc::new(match &ask.remote {
                Some(r) => h.with_remote(r.clone()),
                None => h,
            })
        });
        // The built site's check replaces the sources' own.
        let local = ask.links_local.unwrap_or_else(|| settings.links_local()) && !ask.built_site;
        let links_root = ask
            .root_dir
            .clone()
            .or_else(|| settings.links_root())
            .or_else(|| ask.site_url.as_ref().map(|_| PathBuf::from(".")));
        let link_ignore = if local || ask.built_site {
            match settings.link_ignore(links_root.as_deref()) {
                Ok(i) => i,
                Err(e) => {
                    keep(e)?;
                    None
                }
            }
        } else {
            None
        };
        let renderer = match settings.links_renderer() {
            Ok(r) => r,
            Err(e) => {
                keep(e)?;
                None
            }
        };
        let links = local.then(|| {
            let mut l = LocalLinks::new(links_root, ask.site_url.clone());
            l.renderer = renderer;
            l.site = settings.links_site_choice();
            l
        });
        let analysis = Analysis {
            linter,
            configs,
            links,
            link_ignore,
        };
        Ok((analysis, first))
    }
}

impl CheckOptions {
    /// The options of a check of `analysis` that reports (no fix, no
    /// colour, the default write policy, columns in characters), with no
    /// built site, `--since` or remote check: what the language server
    /// uses, and what the command line overrides.
    pub fn reporting(analysis: Analysis) -> CheckOptions {
        let Analysis {
            linter,
            configs,
            links,
            link_ignore,
        } = analysis;
        CheckOptions {
            linter,
            mode: FixMode::Report,
            color: false,
            write: crate::fix::write::WritePolicy::default(),
            links,
            link_ignore,
            built: None,
            since: None,
            show_fixes: false,
            configs,
            remote: None,
            column_unit: crate::position::ColumnUnit::Char,
        }
    }
}

impl RunOptions {
    /// The options of a run under `settings` (its grammar, longest URI
    /// and abbreviated URLs) with everything else at its default: no
    /// paths, the default walk, one thread, plain output, formats
    /// detected, no code scanned, no progress, no memory map, no label
    /// or summary. The command line sets its flags over it; the language
    /// server uses it as is.
    pub fn for_settings(settings: &Settings) -> RunOptions {
        RunOptions {
            paths: Vec::new(),
            walk: crate::walk::WalkOptions::default(),
            threads: 1,
            grammar: settings.grammar,
            max_uri_len: settings.max_uri_len,
            format: crate::output::Format::Plain,
            input_format: crate::format::detect::InputFormat::Auto,
            mail: crate::format::mail::MailOptions::default(),
            include_code: false,
            abbreviated: settings.abbreviated,
            progress: false,
            mmap: crate::source::Mmap::Never,
            label: None,
            summary: false,
            output_file: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings_in(dir: &std::path::Path, toml: &str) -> Settings {
        std::fs::write(dir.join("urilint.toml"), toml).unwrap();
        Settings::find(dir, None, false).unwrap()
    }

    #[test]
    fn links_follow_the_configuration_unless_asked() {
        let dir = tempfile::tempdir().unwrap();
        let s = settings_in(dir.path(), "[links]\ncheck = [\"local\"]\n");
        let (a, problem) = Analysis::resolve_or_default(&s, &Ask::default());
        assert!(a.links.is_some() && problem.is_none());
        let refused = Ask {
            links_local: Some(false),
            ..Ask::default()
        };
        let a = Analysis::resolve(&s, &refused).unwrap();
        assert!(a.links.is_none());
        let built = Ask {
            built_site: true,
            ..Ask::default()
        };
        let a = Analysis::resolve(&s, &built).unwrap();
        assert!(
            a.links.is_none(),
            "the built site's check replaces the sources'"
        );
    }

    #[test]
    fn a_bad_setting_fails_or_falls_back_to_its_default() {
        // `Settings::find` refuses such a file; settings made otherwise
        // (layered, or built by a program) reach the resolver unchecked.
        let s = Settings {
            exclude_uris: vec!["(".to_string()],
            ..Settings::default()
        };
        let ask = Ask {
            links_local: Some(true),
            ..Ask::default()
        };
        let e = Analysis::resolve(&s, &ask).unwrap_err();
        assert!(e.to_string().contains("exclude-uris"), "{e}");
        let (a, problem) = Analysis::resolve_or_default(&s, &ask);
        assert!(problem.is_some_and(|p| p.to_string().contains("exclude-uris")));
        // The rest is still resolved: the local link check is on.
        assert!(a.links.is_some());
    }

    #[test]
    fn nested_configurations_and_the_links_root() {
        let dir = tempfile::tempdir().unwrap();
        let s = settings_in(dir.path(), "");
        let ask = Ask {
            nested_configs: true,
            links_local: Some(true),
            site_url: Some("https://example.org/docs/".to_string()),
            ..Ask::default()
        };
        let a = Analysis::resolve(&s, &ask).unwrap();
        assert!(a.configs.is_some());
        let links = a.links.unwrap();
        assert_eq!(links.root_dir.as_deref(), Some(std::path::Path::new(".")));
    }
}
