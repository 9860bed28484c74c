//! The commands besides `check` and `mv`: `extract`, `rewrite` and
//! `files`, which walk inputs, and `rule`, `config`, `parse`, `resolve`
//! and `normalize`, which answer about their arguments.

use std::io::{self, Write};

use anyhow::Context;

use urilint::config::Settings;
use urilint::grammar::{Grammar, ParseOptions};
use urilint::lint::rules::{catalogue, find, Rule};
use urilint::lint::Selection;
use urilint::normalize::{normalize_str, NormalizeOptions};
use urilint::output::rules as rules_doc;
use urilint::output::{jsonl, plain, PlainStyle};
use urilint::pipeline::Outputs;
use urilint::record::ParseRecord;
use urilint::resolve::{resolve_str, ResolveOptions};
use urilint::rewrite::Mapping;
use urilint::run::{self, ExtractOptions, RewriteMode, RewriteOptions, Stats};

use super::args::{
    ConfigArgs, EngineFlags, ExtractArgs, FilesArgs, FormatArg, NormalizeArgs, ParseArgs,
    ResolveArgs, RewriteArgs, RuleArgs, RuleFormatArg,
};
use super::settings::{check_sources, run_options, settings};
use super::{handle_signals, plural, status, write_out};

/// `urilint extract`: the URIs of the inputs.
pub(super) fn run_extract(
    a: ExtractArgs,
    stdout: &mut io::BufWriter<io::Stdout>,
    stderr: &mut io::Stderr,
) -> anyhow::Result<i32> {
    check_sources(&a.common, &a.engine, a.format.into(), None)?;
    let settings = settings(&a.common, Selection::default())?;
    let base = match &a.base {
        Some(b) => {
            let uri = urilint::parse(b, settings.grammar)
                .into_result()
                .map_err(|errors| parse_errors("--base", b, &errors))?;
            if uri.scheme().is_none() {
                anyhow::bail!("--base {b}: not an absolute URI (RFC 3986 section 5.1)");
            }
            Some(b.clone())
        }
        None => None,
    };
    let ex = ExtractOptions {
        style: PlainStyle {
            with_filename: a.with_filename,
            line_number: a.line_number,
            null: a.null,
        },
        unique: a.unique,
        base,
        include_identifiers: a.include_identifiers,
        unwrap: a.unwrap,
    };
    let opts = run_options(a.common, &settings, a.format.into(), false, a.engine);
    let outputs = Outputs {
        out: &mut *stdout,
        err: &mut *stderr,
    };
    status(run::extract(&opts, &ex, outputs), false)
}

/// `urilint rewrite`: URIs mapped to others, in place.
pub(super) fn run_rewrite(
    a: RewriteArgs,
    stdout: &mut io::BufWriter<io::Stdout>,
    stderr: &mut io::Stderr,
) -> anyhow::Result<i32> {
    let mut mappings = Vec::new();
    for m in &a.map {
        mappings.push(Mapping::prefix(m).context("--map")?);
    }
    for m in &a.map_regex {
        mappings.push(Mapping::regex(m).context("--map-regex")?);
    }
    if mappings.is_empty() {
        anyhow::bail!("rewrite: give at least one --map OLD=NEW or --map-regex REGEX=REPLACEMENT");
    }
    let mode = if a.diff {
        RewriteMode::Diff
    } else if a.dry_run {
        RewriteMode::DryRun
    } else {
        RewriteMode::Write
    };
    check_sources(
        &a.common,
        &EngineFlags::default(),
        urilint::output::Format::Plain,
        Some("rewrite"),
    )?;
    let settings = settings(&a.common, Selection::default())?;
    let opts = run_options(
        a.common,
        &settings,
        urilint::output::Format::Plain,
        false,
        EngineFlags::default(),
    );
    let rw = RewriteOptions {
        mappings,
        mode,
        write: a.write.policy(),
    };
    if mode == RewriteMode::Write {
        handle_signals();
    }
    let outputs = Outputs {
        out: &mut *stdout,
        err: &mut *stderr,
    };
    let result = run::rewrite(&opts, &rw, outputs);
    if let Ok(stats) = &result {
        let n = Stats::get(&stats.fixed);
        let files = Stats::get(&stats.files_changed);
        let verb = if mode == RewriteMode::Write {
            "rewrote"
        } else {
            "would rewrite"
        };
        let _ = stdout.flush();
        eprintln!(
            "urilint: {verb} {n} URI{} in {files} file{}",
            plural(n),
            plural(files)
        );
    }
    status(result, false)
}

/// `urilint files`: the files a run would read.
pub(super) fn run_files(
    a: FilesArgs,
    stdout: &mut io::BufWriter<io::Stdout>,
    stderr: &mut io::Stderr,
) -> anyhow::Result<i32> {
    let cwd = std::env::current_dir().context("the current directory")?;
    let s = Settings::find(&cwd, a.config.config.as_deref(), a.config.isolated)?;
    let walk = a.walk.options(&s, a.check);
    let separator = if a.null { b'\0' } else { b'\n' };
    match run::files(&a.paths, &walk, separator, &mut *stdout, &mut *stderr) {
        Ok(listed) => Ok(if listed.errors > 0 { 2 } else { 0 }),
        Err(urilint::Error::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(0),
        Err(e) => Err(e.into()),
    }
}

/// `urilint rule`: the rule catalogue.
pub(super) fn run_rule(a: RuleArgs, stdout: &mut io::BufWriter<io::Stdout>) -> anyhow::Result<i32> {
    let rules: Vec<Rule> =
        match &a.rule {
            Some(r) => vec![find(r)
                .ok_or_else(|| anyhow::anyhow!("unknown rule '{r}' (see `urilint rule`)"))?],
            None => catalogue().to_vec(),
        };
    let mut out = Vec::new();
    match a.format {
        RuleFormatArg::Jsonl => rules.iter().for_each(|r| jsonl::line(&mut out, r)),
        RuleFormatArg::Markdown => rules_doc::markdown_table(&mut out, &rules),
        RuleFormatArg::Plain if a.rule.is_some() => {
            rules.iter().for_each(|r| rules_doc::explain(&mut out, r))
        }
        RuleFormatArg::Plain => rules_doc::list(&mut out, &rules),
    }
    write_out(&mut *stdout, &out)?;
    Ok(0)
}

/// `urilint config`: the configuration in effect.
pub(super) fn run_config(
    a: ConfigArgs,
    stdout: &mut io::BufWriter<io::Stdout>,
) -> anyhow::Result<i32> {
    let cwd = std::env::current_dir().context("the current directory")?;
    let s = Settings::find(&cwd, a.config.config.as_deref(), a.config.isolated)?;
    s.linter()?;
    let mut out = Vec::new();
    match &s.file {
        Some(f) => out.extend_from_slice(
            format!(
                "# configuration file: {}\n",
                urilint::output::escape::text(&f.to_string_lossy())
            )
            .as_bytes(),
        ),
        None => out.extend_from_slice(b"# no configuration file: defaults\n"),
    }
    let enabled = s
        .selection
        .resolve()
        .map(|r| r.codes().join(", "))
        .unwrap_or_default();
    out.extend_from_slice(format!("# rules on: {enabled}\n").as_bytes());
    let text = toml::to_string(&s.to_config()).context("printing the configuration")?;
    out.extend_from_slice(text.as_bytes());
    write_out(&mut *stdout, &out)?;
    Ok(0)
}

/// `urilint parse`: one URI parsed, its components and errors.
pub(super) fn run_parse(
    a: ParseArgs,
    stdout: &mut io::BufWriter<io::Stdout>,
) -> anyhow::Result<i32> {
    let grammar: Grammar = a.grammar.into();
    let mut out = Vec::new();
    let mut all_valid = true;
    for uri in &a.uris {
        let r = ParseRecord::with_options(
            uri,
            ParseOptions {
                grammar,
                zone_id: a.zone_id,
            },
        );
        all_valid &= r.valid;
        match a.format {
            FormatArg::Jsonl => jsonl::line(&mut out, &r),
            FormatArg::Plain => plain::parse_report(&mut out, &r),
        }
    }
    match stdout.write_all(&out).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            return Err(e).context("writing output");
        }
        _ => {}
    }
    Ok(if all_valid { 0 } else { 1 })
}

/// `urilint resolve`: a reference resolved against a base (RFC 3986 section 5.2).
pub(super) fn run_resolve(
    a: ResolveArgs,
    stdout: &mut io::BufWriter<io::Stdout>,
) -> anyhow::Result<i32> {
    let opts = ResolveOptions {
        grammar: a.grammar.into(),
        strict: !a.loophole,
    };
    one_per_line(&mut *stdout, &a.refs, |r| {
        resolve_str(&a.base, r, opts).map_err(|e| format!("{r}: {e}"))
    })
}

/// `urilint normalize`: a URI normalized (RFC 3986 section 6).
pub(super) fn run_normalize(
    a: NormalizeArgs,
    stdout: &mut io::BufWriter<io::Stdout>,
) -> anyhow::Result<i32> {
    let opts = NormalizeOptions {
        grammar: a.grammar.into(),
        scheme_based: !a.no_scheme_based,
    };
    one_per_line(&mut *stdout, &a.uris, |u| {
        normalize_str(u, opts).map_err(|errors| parse_errors("", u, &errors).to_string())
    })
}

/// Prints `f(item)` for each item, one a line; failures go to standard
/// error. Exit status 1 when any failed.
fn one_per_line<F>(out: &mut dyn Write, items: &[String], f: F) -> anyhow::Result<i32>
where
    F: Fn(&str) -> Result<String, String>,
{
    let mut failed = false;
    let mut text = String::new();
    for item in items {
        match f(item) {
            Ok(line) => {
                text.push_str(&line);
                text.push('\n');
            }
            Err(message) => {
                failed = true;
                eprintln!("urilint: {}", urilint::output::escape::text(&message));
            }
        }
    }
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            return Err(e).context("writing output");
        }
        _ => {}
    }
    Ok(i32::from(failed))
}

/// A one-line description of why `input` is invalid (`what` names the
/// argument, e.g. `--base`).
fn parse_errors(what: &str, input: &str, errors: &[urilint::ParseError]) -> anyhow::Error {
    let list: Vec<String> = errors
        .iter()
        .map(|e| format!("{} at byte {}: {}", e.code(), e.offset, e.message))
        .collect();
    let prefix = if what.is_empty() {
        String::new()
    } else {
        format!("{what} ")
    };
    anyhow::anyhow!("{prefix}{input}: invalid ({})", list.join("; "))
}
