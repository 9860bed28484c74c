//! `urilint mv`: the command line of [`urilint::mv`] (issue 51).

use std::io::{self, Write};
use std::path::PathBuf;

use urilint::links::shown;
use urilint::output::escape;

/// `urilint mv SOURCE... DEST`.
#[derive(clap::Args, Debug)]
pub(crate) struct MvArgs {
    /// The files or folders to move, then where: a new name for one
    /// source, or an existing folder for any number.
    #[arg(value_name = "PATH", num_args = 2.., required = true)]
    paths: Vec<PathBuf>,
    /// Print the moves and the link edits; move and write nothing.
    #[arg(long, conflicts_with = "diff")]
    dry_run: bool,
    /// Print the link edits as a unified diff; move and write nothing.
    #[arg(long)]
    diff: bool,
    /// Record each moved page's old URL where the site's generator takes
    /// redirects: Hugo and Zola `aliases`, Jekyll `redirect_from` (with
    /// jekyll-redirect-from), MkDocs `redirect_maps` (redirects plugin),
    /// mdBook `[output.html.redirect]`; otherwise the entry to add is named.
    #[arg(long)]
    redirect: bool,
}

/// Runs `urilint mv`: 0 when everything moved with its links, 1 when a
/// link was left alone (each named on standard error), 2 on an error.
pub(crate) fn run(
    a: MvArgs,
    stdout: &mut io::BufWriter<io::Stdout>,
    stderr: &mut io::Stderr,
) -> anyhow::Result<i32> {
    let mut paths = a.paths;
    let dest = paths.pop().unwrap_or_default();
    let cwd = std::env::current_dir()?;
    let options = urilint::mv::Options {
        redirect: a.redirect,
    };
    let plan = urilint::mv::plan_with(&paths, &dest, &cwd, options)?;
    let name = |p: &std::path::Path| escape::text(&shown(p).to_string_lossy()).into_owned();
    let mut out = Vec::new();
    if a.diff {
        out = urilint::mv::diff(&plan)?;
    } else {
        for m in &plan.moves {
            writeln!(out, "move {} -> {}", name(&m.from), name(&m.to))?;
        }
        for (file, edits) in &plan.edits {
            for e in edits {
                writeln!(
                    out,
                    "{}:{}: {} -> {}",
                    name(file),
                    e.line,
                    escape::text(&e.old),
                    escape::text(&e.new)
                )?;
            }
        }
        for r in &plan.redirects {
            writeln!(
                out,
                "{}:{}: redirect {} -> {} ({})",
                name(&r.file),
                r.line,
                escape::text(&r.from),
                escape::text(&r.to),
                r.setting
            )?;
        }
    }
    if !a.dry_run && !a.diff {
        urilint::mv::apply(&plan)?;
    }
    stdout.write_all(&out)?;
    stdout.flush()?;
    for l in &plan.left {
        // A file's own line and link where there is one (a redirect left
        // alone may name only the configuration).
        let line = if l.line == 0 {
            String::new()
        } else {
            format!(":{}", l.line)
        };
        let link = if l.link.is_empty() {
            String::new()
        } else {
            format!(" {}:", escape::text(&l.link))
        };
        writeln!(
            stderr,
            "urilint: {}{line}: left alone:{link} {}",
            name(&l.file),
            escape::text(&l.reason)
        )?;
    }
    let verb = if a.dry_run || a.diff {
        "would move"
    } else {
        "moved"
    };
    let redirects = if a.redirect {
        let n = plan.redirects.len();
        format!(", {n} redirect{} recorded", if n == 1 { "" } else { "s" })
    } else {
        String::new()
    };
    writeln!(
        stderr,
        "urilint: {verb} {} path{} ({} file{}), {} link{} rewritten in {} file{}{redirects}, {} left alone",
        plan.moves.len(),
        if plan.moves.len() == 1 { "" } else { "s" },
        plan.files.len(),
        if plan.files.len() == 1 { "" } else { "s" },
        plan.edit_count(),
        if plan.edit_count() == 1 { "" } else { "s" },
        plan.edits.len(),
        if plan.edits.len() == 1 { "" } else { "s" },
        plan.left.len()
    )?;
    Ok(i32::from(!plan.left.is_empty()))
}
