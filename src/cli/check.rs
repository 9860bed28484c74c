//! `urilint check` (and `urilint site`, a `check` with a view of the site
//! model): the run, then what is said after it (the link checks' notes,
//! `--statistics`, `--explain-site`, what `--fix` fixed) and its exit
//! status.

use std::io::{self, Write};

use anyhow::Context;
use clap::Parser;

use urilint::links::LocalLinks;
use urilint::lint::Selection;
use urilint::pipeline::Outputs;
use urilint::run::{self, Analysis, Ask, CheckOptions, FixMode, Stats};

use super::args::{CheckArgs, Cli, SiteArgs};
use super::settings::{
    built_site, check_sources, cli_settings, color_of, link_checks, mode_of, nested_configs,
    output_file, refuse_output_among_inputs, remote_check, run_options, settings, since_of,
    writes_of, LinkChecks,
};
use super::{handle_signals, plural, say_note};

/// `urilint check`: the findings of the inputs, fixed with `--fix`; the exit status says whether there are findings.
pub(super) fn run_check(
    a: Box<CheckArgs>,
    stdout: &mut io::BufWriter<io::Stdout>,
    stderr: &mut io::Stderr,
) -> anyhow::Result<i32> {
    let selection = Selection {
        select: a.select.clone(),
        extend_select: a.extend_select.clone(),
        ignore: a.ignore.clone(),
    };
    let settings = settings(&a.common, selection.clone())?;
    let LinkChecks {
        remote_links,
        links,
        built_dir,
    } = link_checks(&a, &settings)?;
    let analysis = Analysis::resolve(
        &settings,
        &Ask {
            cli: cli_settings(&a.common, selection),
            unsafe_fixes: a.unsafe_fixes,
            nested_configs: nested_configs(&a.common),
            links_local: Some(links),
            root_dir: a.root_dir.clone(),
            site_url: a.site_url.clone(),
            built_site: built_dir.is_some(),
            remote: remote_links.clone(),
        },
    )?;
    let since = since_of(&a)?;
    let color = color_of(&a);
    let mode = mode_of(&a);
    let site_choice = settings.links_site_choice();
    let built = built_site(&a, built_dir.as_deref(), site_choice, stderr)?;
    let ch = CheckOptions {
        mode,
        color,
        write: a.write.policy(),
        show_fixes: a.show_fixes,
        column_unit: a.column_unit.into(),
        built,
        since,
        remote: remote_check(&a, &settings, remote_links.as_ref())?,
        ..CheckOptions::reporting(analysis)
    };
    if matches!(mode, FixMode::Fix | FixMode::AddIgnore) {
        handle_signals();
    }
    let format = if a.statistics {
        urilint::output::Format::Plain
    } else {
        a.format.into()
    };
    let writes = writes_of(mode);
    check_sources(&a.common, &a.engine, format, writes)?;
    if let Some(out) = &a.output_file {
        refuse_output_among_inputs(out, &a.common.paths)?;
    }
    let mut opts = run_options(a.common, &settings, format, true, a.engine);
    let mut file_out = output_file(a.output_file.as_deref(), &mut opts)?;
    let mut discard = io::sink();
    let out: &mut (dyn Write + Send) = if a.statistics || a.explain_site > 0 {
        &mut discard
    } else if let Some(f) = file_out.as_mut() {
        f
    } else {
        &mut *stdout
    };
    let outputs = Outputs {
        out,
        err: &mut *stderr,
    };
    let result = run::check(&opts, &ch, outputs);
    say_link_notes(&ch, stderr);
    if a.explain_site > 0 {
        if let Some(l) = ch.links.as_ref() {
            explain_sites(&mut *stdout, l, a.explain_site)?;
        }
        stdout.flush()?;
        result.map_err(|e| anyhow::anyhow!(e))?;
        return Ok(0);
    }
    if let (true, Ok(stats)) = (a.statistics, &result) {
        let table = statistics_table(stats);
        let written = match file_out.as_mut() {
            Some(f) => f.write_all(&table),
            None => stdout.write_all(&table),
        };
        written.context("writing the statistics")?;
    }
    if let Some(mut f) = file_out {
        f.flush().context("--output-file")?;
    }
    let _ = stdout.flush();
    if let Ok(stats) = &result {
        say_fixed(stats, mode, opts.format);
    }
    let status = check_status(result, mode, a.strict)?;
    Ok(if a.exit_zero && status == 1 {
        0
    } else {
        status
    })
}

/// `urilint site` as the `check` it runs: `--links local`, the link
/// rules only, findings not printed, the view asked for
/// (`--explain-site`).
pub(super) fn site_as_check(s: SiteArgs) -> anyhow::Result<Cli> {
    let level = 1 + u8::from(s.pages || s.anchors) + u8::from(s.anchors) + 4 * u8::from(s.json);
    let mut argv: Vec<std::ffi::OsString> = [
        "urilint",
        "check",
        "--links",
        "local",
        "--select",
        "L001,L002",
    ]
    .iter()
    .map(Into::into)
    .collect();
    argv.push(format!("--explain-site={level}").into());
    if let Some(c) = s.config {
        argv.push("--config".into());
        argv.push(c.into());
    }
    argv.push("--".into());
    argv.extend(s.paths.into_iter().map(Into::into));
    Ok(Cli::try_parse_from(argv)?)
}

/// Writes what the site model sees of each site `links` met
/// ([`urilint::site::explain::Explanation`]), at `level`
/// ([`CheckArgs::explain_site`]).
fn explain_sites(out: &mut dyn Write, links: &LocalLinks, level: u8) -> anyhow::Result<()> {
    let json = level & 4 != 0;
    let level = level & 3;
    let counts = links.unsure_counts();
    let mut sites = links.sites();
    sites.sort_by(|a, b| a.layout.config.cmp(&b.layout.config));
    if sites.is_empty() && !json {
        writeln!(
            out,
            "no docs site met (no generator's configuration file above the files with local links; a site whose pages have no local link is not looked for)"
        )?;
    }
    for site in sites {
        let shown = urilint::links::shown(&site.layout.config);
        let not_checked = counts
            .iter()
            .find(|(c, _)| *c == shown)
            .map(|(_, r)| r.clone())
            .unwrap_or_default();
        let e = urilint::site::explain::Explanation::of(&site, level >= 2, level >= 3, not_checked);
        if json {
            serde_json::to_writer(&mut *out, &e)?;
            writeln!(out)?;
        } else {
            e.write_plain(out)?;
        }
    }
    Ok(())
}

/// `--fix` in a format programs read: how many findings were fixed, in
/// how many files, on standard error (the human format's summary says
/// it).
fn say_fixed(stats: &Stats, mode: FixMode, format: urilint::output::Format) {
    if mode == FixMode::Fix && format != urilint::output::Format::Human {
        let fixed = Stats::get(&stats.fixed);
        if fixed > 0 {
            eprintln!(
                "urilint: fixed {fixed} finding{} in {} file{}",
                plural(fixed),
                Stats::get(&stats.files_changed),
                plural(Stats::get(&stats.files_changed))
            );
        }
    }
}

/// The notes of the link checks, once a run: what could not be read of
/// each site's configuration, the links counted not checked and why, and
/// the Markdown links left unchecked.
fn say_link_notes(ch: &CheckOptions, stderr: &mut io::Stderr) {
    for site in ch.links.as_ref().map(|l| l.sites()).unwrap_or_default() {
        for note in site.notes() {
            say_note(stderr, &note);
        }
    }
    for note in ch.links.as_ref().map(|l| l.notes()).unwrap_or_default() {
        say_note(stderr, &note);
    }
    if let Some(note) = urilint::lint::markdown_links::unchecked_note() {
        say_note(stderr, &note);
    }
}

/// `--statistics`: the table of findings by rule, and the links not
/// requested and the files skipped.
fn statistics_table(stats: &Stats) -> Vec<u8> {
    let mut table = Vec::new();
    urilint::output::human::statistics(&mut table, &stats.rule_counts());
    let not_requested = Stats::get(&stats.remote_skipped);
    if not_requested > 0 {
        let _ = writeln!(
            table,
            "{not_requested} link{} not requested (private addresses, reserved names; --allow-private)",
            plural(not_requested)
        );
    }
    let skipped = Stats::get(&stats.binary);
    if skipped > 0 {
        // Every file skipped was named on standard error.
        let _ = writeln!(
            table,
            "{skipped} file{} skipped (binary, UTF-16, or the output file)",
            plural(skipped)
        );
    }
    table
}

/// Exit status of a finished check run.
fn check_status(
    result: Result<Stats, urilint::Error>,
    mode: FixMode,
    strict: bool,
) -> anyhow::Result<i32> {
    match result {
        Ok(stats) => Ok(if Stats::get(&stats.errors) > 0 {
            2
        } else if Stats::get(&stats.remote_offline) > 0 {
            // No remote request got an answer: the links were not checked.
            3
        } else if mode == FixMode::Diff {
            i32::from(Stats::get(&stats.files_changed) > 0)
        } else {
            let failing = Stats::get(&stats.error_findings)
                + if strict {
                    Stats::get(&stats.warning_findings)
                } else {
                    0
                };
            i32::from(failing > 0)
        }),
        Err(urilint::Error::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(0),
        Err(e) => Err(e.into()),
    }
}
