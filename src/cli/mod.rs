//! The command line: parse (the clap definitions, [`args`]), resolve (the
//! flags over `urilint.toml` into the library's options, [`settings`]),
//! run (the subcommands: [`check`], [`commands`], [`mv`], [`generate`])
//! and the exit status. Exit status: 0 success (nothing found, for
//! `check`), 1 findings (`check`) or invalid input (`parse`), 2 usage or
//! I/O error, 3 a remote check that reached no server.

use std::io::{self, Write};

use anyhow::Context;
use clap::Parser;

use urilint::run::Stats;

mod args;
mod check;
mod commands;
mod generate;
mod mv;
mod settings;

use args::{Cli, Command};
use check::{run_check, site_as_check};
use commands::{
    run_config, run_extract, run_files, run_normalize, run_parse, run_resolve, run_rewrite,
    run_rule,
};

/// Runs the subcommand `cli` asks for (the dispatch): its exit status.
fn run(cli: Cli) -> anyhow::Result<i32> {
    let mut stdout = io::BufWriter::with_capacity(64 * 1024, io::stdout());
    let mut stderr = io::stderr();
    match cli.command {
        Command::Extract(a) => run_extract(a, &mut stdout, &mut stderr),
        Command::Check(a) => run_check(a, &mut stdout, &mut stderr),
        Command::Rewrite(a) => run_rewrite(a, &mut stdout, &mut stderr),
        Command::Mv(a) => mv::run(a, &mut stdout, &mut stderr),
        Command::Site(s) => run(site_as_check(s)?),
        Command::Server(_) => {
            drop(stdout);
            Ok(urilint::server::stdio()?)
        }
        Command::Completions(a) => {
            write_out(&mut stdout, &generate::completions(a.shell))?;
            Ok(0)
        }
        Command::Man => {
            write_out(
                &mut stdout,
                &generate::man().context("rendering the man page")?,
            )?;
            Ok(0)
        }
        Command::Files(a) => run_files(a, &mut stdout, &mut stderr),
        Command::Rule(a) => run_rule(a, &mut stdout),
        Command::Config(a) => run_config(a, &mut stdout),
        Command::Parse(a) => run_parse(a, &mut stdout),
        Command::Resolve(a) => run_resolve(a, &mut stdout),
        Command::Normalize(a) => run_normalize(a, &mut stdout),
    }
}

/// Exit status of a finished extract/check run.
fn status(result: Result<Stats, urilint::Error>, findings_fail: bool) -> anyhow::Result<i32> {
    match result {
        Ok(stats) => Ok(if Stats::get(&stats.errors) > 0 {
            2
        } else if findings_fail && Stats::get(&stats.findings) > 0 {
            1
        } else {
            0
        }),
        // `urilint extract . | head`: the reader went away; not an error.
        Err(urilint::Error::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(0),
        Err(e) => Err(e.into()),
    }
}

/// Removes live temporary files on SIGINT/SIGTERM while files are written.
fn handle_signals() {
    if let Err(e) = urilint::fix::write::remove_temp_files_on_signal() {
        eprintln!("urilint: warning: cannot handle SIGINT, SIGTERM and SIGHUP ({e}): an interrupted write may leave a .urilint-*.tmp file");
    }
}

/// One note on standard error, its control and bidirectional characters
/// escaped ([`urilint::output::escape::text`]): a note names files and
/// links of the tree, which may hold a terminal's escape sequences.
fn say_note(stderr: &mut io::Stderr, note: &str) {
    let _ = writeln!(
        stderr,
        "urilint: note: {}",
        urilint::output::escape::text(note)
    );
}

/// Writes `out` to standard output; a closed pipe is not an error.
fn write_out(stdout: &mut dyn Write, out: &[u8]) -> anyhow::Result<()> {
    match stdout.write_all(out).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e).context("writing output"),
        _ => Ok(()),
    }
}

/// `"s"` unless `n` is 1.
fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Parses the command line, runs it, and returns the exit status.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("urilint: {}", error_text(&e));
            2
        }
    }
}

/// The message of `e` followed by those of its causes, `: `-separated; a
/// cause is left out when the message so far already ends with it (errors
/// that quote their source, so that `No space left on device` is said
/// once). Control characters are escaped
/// ([`urilint::output::escape::text`]): the message is one line.
fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let m = cause.to_string();
        if text.is_empty() {
            text = m;
        } else if !text.ends_with(&m) {
            text.push_str(": ");
            text.push_str(&m);
        }
    }
    urilint::output::escape::text(&text).into_owned()
}
