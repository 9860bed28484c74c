//! The settings resolution of the command line: `urilint.toml` (found
//! from the current directory, or `--config`, or none with `--isolated`)
//! with the flags on top, into the library's options of a run
//! ([`RunOptions`], the link checks of `check`); the combinations of
//! flags that make no sense refused as usage errors (exit status 2).

use std::io::{self, IsTerminal};
use std::path::PathBuf;

use anyhow::Context;

use urilint::config::{CliSettings, Settings};
use urilint::format::mail::MailOptions;
use urilint::framed::StdinFormat;
use urilint::lint::Selection;
use urilint::output::Format;
use urilint::run::{FixMode, RunOptions};
use urilint::walk::{FilesFrom, WalkOptions};

use super::args::{CheckArgs, ColorArg, Common, EngineFlags, LinksArg};
use super::say_note;

/// The settings of a run: urilint.toml (unless --isolated) with the
/// command line on top.
pub(super) fn settings(c: &Common, selection: Selection) -> anyhow::Result<Settings> {
    let cwd = std::env::current_dir().context("the current directory")?;
    let s = Settings::find(&cwd, c.config.config.as_deref(), c.config.isolated)?;
    Ok(s.with_cli(&cli_settings(c, selection)))
}

/// The flags of `c` that layer on any configuration file.
pub(super) fn cli_settings(c: &Common, selection: Selection) -> CliSettings {
    CliSettings {
        grammar: c.grammar.map(Into::into),
        max_uri_len: c.max_uri_len,
        abbreviated: c.abbreviated,
        selection,
    }
}

/// Whether `check` resolves the configuration nearest to each file:
/// not when one file was named (`--config`) or none is wanted
/// (`--isolated`).
pub(super) fn nested_configs(c: &Common) -> bool {
    c.config.config.is_none() && !c.config.isolated
}

/// The options of a run; `for_check` applies `check`'s default exclusions
/// ([`urilint::config::DEFAULT_EXCLUDE`]) when the configuration sets none.
pub(super) fn run_options(
    c: Common,
    settings: &Settings,
    format: Format,
    for_check: bool,
    engine: EngineFlags,
) -> RunOptions {
    let paths = if c.paths.is_empty() && c.files_from.is_none() {
        vec![PathBuf::from(".")]
    } else {
        c.paths
    };
    let threads = c
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    RunOptions {
        paths,
        walk: WalkOptions {
            stdin_name: c.stdin_filename,
            files_from: c.files_from.map(|list| FilesFrom {
                list,
                separator: if c.from0 { b'\0' } else { b'\n' },
            }),
            stdin_format: c.stdin_format,
            ..c.walk.options(settings, for_check)
        },
        threads,
        grammar: settings.grammar,
        max_uri_len: settings.max_uri_len,
        format,
        input_format: c.input_format,
        mail: MailOptions {
            headers: !c.no_headers,
            message_ids: c.message_ids,
            // Date, From and Subject are shown by JSON records and the
            // human format's "in message ..." only.
            info: matches!(format, Format::Jsonl | Format::Human),
        },
        include_code: c.include_code,
        abbreviated: settings.abbreviated,
        progress: !c.quiet && io::stderr().is_terminal() && std::env::var_os("CI").is_none(),
        mmap: if c.no_mmap {
            urilint::source::Mmap::Never
        } else {
            urilint::source::Mmap::Auto
        },
        label: engine.label,
        summary: engine.summary,
        output_file: None,
    }
}

/// Refuses an `--output-file` that is one of the `inputs` named on the
/// command line (the same device and inode, through any link): creating
/// it would empty the input before it is read (L4 of the 2026-11-26
/// review). A file met while walking is skipped instead
/// ([`urilint::run::RunOptions::output_file`]).
pub(super) fn refuse_output_among_inputs(
    out: &std::path::Path,
    inputs: &[PathBuf],
) -> anyhow::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let Ok(o) = std::fs::metadata(out) else {
        return Ok(());
    };
    for p in inputs {
        if let Ok(m) = std::fs::metadata(p) {
            if m.is_file() && (m.dev(), m.ino()) == (o.dev(), o.ino()) {
                anyhow::bail!(
                    "--output-file {} is the input {}: it would be emptied before it is read",
                    out.display(),
                    p.display()
                );
            }
        }
    }
    Ok(())
}

/// Usage errors of the engine contract's flags: where the paths come
/// from, how standard input is framed, and what only JSON Lines carries.
/// `writes`: the job writes files (`check --fix`, `rewrite`).
pub(super) fn check_sources(
    c: &Common,
    engine: &EngineFlags,
    format: Format,
    writes: Option<&str>,
) -> anyhow::Result<()> {
    let stdin_named = c.paths.iter().any(|p| p.as_os_str() == "-");
    if c.files_from.is_some() && !c.paths.is_empty() {
        anyhow::bail!("--files-from gives the paths: give no PATH arguments with it");
    }
    let framed = c.stdin_format != StdinFormat::Text;
    if framed {
        if c.files_from.as_deref() == Some(std::path::Path::new("-")) {
            anyhow::bail!("--files-from - and --stdin-format both read standard input");
        }
        if !stdin_named {
            anyhow::bail!("--stdin-format frames standard input: give - as a PATH");
        }
        if let Some(what) = writes {
            anyhow::bail!(
                "{what} writes files; the documents of --stdin-format are not files (use it to report)"
            );
        }
        if c.stdin_filename.is_some() {
            anyhow::bail!("--stdin-filename names plain standard input; with --stdin-format each document has its own path");
        }
    }
    if format != Format::Jsonl {
        if engine.label.is_some() {
            anyhow::bail!("--label adds a field to JSON records: use it with --format jsonl");
        }
        if engine.summary {
            anyhow::bail!("--summary prints JSON records: use it with --format jsonl");
        }
    }
    Ok(())
}

/// The link checks a `check` run asks for, from its flags and
/// `urilint.toml`'s `[links]`.
pub(super) struct LinkChecks {
    /// `--links remote`: the collection of the run's links.
    pub(super) remote_links: Option<std::sync::Arc<urilint::remote::RemoteLinks>>,
    /// `--links local` (not with the built site's check, which replaces it).
    pub(super) links: bool,
    /// `--links site`: the built site's directory.
    pub(super) built_dir: Option<PathBuf>,
}

/// [`LinkChecks`] of `a` under `settings`, the combinations that make no
/// sense refused.
pub(super) fn link_checks(a: &CheckArgs, settings: &Settings) -> anyhow::Result<LinkChecks> {
    // `--links remote` (or [links] check = ["remote"], unless
    // --offline): the run's links, noted by every linter.
    let remote_wanted = !a.remote.offline
        && match &a.links {
            Some(l) => l.contains(&LinksArg::Remote),
            None => settings.links_remote(),
        };
    let remote_links =
        remote_wanted.then(|| std::sync::Arc::new(urilint::remote::RemoteLinks::collecting()));
    // Link checks: the flag, else urilint.toml's [links] `check`.
    if let Some(l) = &a.links {
        if l.contains(&LinksArg::None) && l.len() > 1 {
            anyhow::bail!("--links none cannot be combined with other checks");
        }
    }
    let asked = |which: LinksArg| a.links.as_ref().map(|l| l.contains(&which));
    let links = asked(LinksArg::Local).unwrap_or_else(|| settings.links_local());
    // The built site: the flag, else urilint.toml's [links]
    // `check = ["site"]` with `site-dir`.
    let site_on = asked(LinksArg::Site).unwrap_or_else(|| settings.links_site());
    if remote_links.is_some() && a.common.paths.iter().any(|p| p.as_os_str() == "-") {
        anyhow::bail!("--links remote reads the inputs twice (once to collect the links, once to report): standard input (-) cannot be; name files or directories");
    }
    let built_dir = match (site_on, &a.site_dir) {
        (true, Some(d)) => Some(d.clone()),
        (true, None) => Some(settings.links_site_dir().ok_or_else(|| {
            anyhow::anyhow!(
                "--links site needs --site-dir DIR, the built site (or [links] site-dir in urilint.toml)"
            )
        })?),
        (false, Some(_)) => anyhow::bail!("--site-dir is for --links site"),
        (false, None) => None,
    };
    // The built site's check replaces the sources' own.
    let links = links && built_dir.is_none();
    if !links && built_dir.is_none() && (a.root_dir.is_some() || a.site_url.is_some()) {
        anyhow::bail!(
            "--root-dir and --site-url are for link checks: add --links local (or [links] check = [\"local\"] in urilint.toml)"
        );
    }
    Ok(LinkChecks {
        remote_links,
        links,
        built_dir,
    })
}

/// `--output-file`: the file created, and its device and inode set in
/// `opts` (a walked file that is it is never read as an input).
pub(super) fn output_file(
    path: Option<&std::path::Path>,
    opts: &mut RunOptions,
) -> anyhow::Result<Option<io::BufWriter<std::fs::File>>> {
    Ok(match path {
        Some(p) => {
            let f = std::fs::File::create(p)
                .with_context(|| format!("--output-file {}", p.display()))?;
            opts.output_file = f.metadata().ok().map(|m| {
                use std::os::unix::fs::MetadataExt;
                (m.dev(), m.ino())
            });
            Some(io::BufWriter::new(f))
        }
        None => None,
    })
}

/// The flag of a mode that writes files (`--fix`, `--diff`,
/// `--add-ignore`), for the messages that refuse it.
pub(super) fn writes_of(mode: FixMode) -> Option<&'static str> {
    match mode {
        FixMode::Fix => Some("--fix"),
        FixMode::Diff => Some("--diff"),
        FixMode::AddIgnore => Some("--add-ignore"),
        FixMode::Report => None,
    }
}

/// `--since REV`: the changes since the revision (git).
pub(super) fn since_of(
    a: &CheckArgs,
) -> anyhow::Result<Option<std::sync::Arc<urilint::since::Since>>> {
    Ok(match &a.since {
        None => None,
        Some(rev) => {
            if a.common.paths.iter().any(|p| p.as_os_str() == "-") {
                anyhow::bail!("--since {rev}: standard input (-) has no history in git: name files or directories");
            }
            let s = urilint::since::Since::load(rev, &a.common.paths)
                .with_context(|| format!("--since {rev}"))?;
            Some(std::sync::Arc::new(s))
        }
    })
}

/// `--color`: `auto` colours a terminal's output unless `NO_COLOR` is set
/// or the output is a file or the statistics.
pub(super) fn color_of(a: &CheckArgs) -> bool {
    match a.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            a.output_file.is_none()
                && !a.statistics
                && io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none()
        }
    }
}

/// What `check` does about fixable findings: `--add-ignore`, `--fix`,
/// `--diff`, or report.
pub(super) fn mode_of(a: &CheckArgs) -> FixMode {
    if a.add_ignore {
        FixMode::AddIgnore
    } else if a.fix {
        FixMode::Fix
    } else if a.diff {
        FixMode::Diff
    } else {
        FixMode::Report
    }
}

/// `--links site`: the built site in `built_dir`, read once, its notes
/// said on `stderr`.
pub(super) fn built_site(
    a: &CheckArgs,
    built_dir: Option<&std::path::Path>,
    site_choice: urilint::links::SiteChoice,
    stderr: &mut io::Stderr,
) -> anyhow::Result<Option<std::sync::Arc<urilint::links::built::BuiltSite>>> {
    Ok(match built_dir {
        None => None,
        Some(dir) => {
            let site = urilint::links::built::site_for(dir, &a.common.paths, site_choice);
            let b = urilint::links::built::BuiltSite::read(dir, a.site_url.as_deref(), site)
                .map_err(|e| anyhow::anyhow!(e))?;
            for note in b.notes() {
                say_note(stderr, note);
            }
            Some(std::sync::Arc::new(b))
        }
    })
}

/// `--links remote`: the remote check of the links `remote_links`
/// collects, with its options from the flags and `[links.remote]`.
pub(super) fn remote_check(
    a: &CheckArgs,
    settings: &Settings,
    remote_links: Option<&std::sync::Arc<urilint::remote::RemoteLinks>>,
) -> anyhow::Result<Option<urilint::run::RemoteCheck>> {
    let Some(remote_links) = remote_links else {
        return Ok(None);
    };
    let cfg = settings.links_remote_config();
    let exclude = if cfg.exclude.is_empty() {
        None
    } else {
        Some(
            regex::RegexSet::new(&cfg.exclude)
                .map_err(|e| anyhow::anyhow!("urilint.toml: [links.remote] exclude: {e}"))?,
        )
    };
    let policy = urilint::remote::cache::CachePolicy::default();
    Ok(Some(urilint::run::RemoteCheck {
        links: remote_links.clone(),
        options: a.remote.options(&cfg)?,
        cache: match &a.remote.cache {
            Some(p) => Some(urilint::state_file::Location::command_line(p)),
            None => settings.links_remote_cache()?,
        },
        cache_policy: urilint::remote::cache::CachePolicy {
            max_age: a
                .remote
                .max_cache_age
                .or(cfg.max_cache_age)
                .map_or(policy.max_age, std::time::Duration::from_secs),
            ..policy
        },
        exclude,
    }))
}
