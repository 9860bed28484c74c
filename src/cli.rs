//! The command line: argument definitions (clap derive) and the mapping of
//! each subcommand onto the library. Exit status: 0 success (nothing
//! found, for `check`), 1 findings (`check`) or invalid input (`parse`), 2
//! usage or I/O error.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Parser, Subcommand, ValueEnum};

use urilint::grammar::{Grammar, ParseOptions};
use urilint::normalize::{normalize_str, NormalizeOptions};
use urilint::output::{jsonl, plain, Format, PlainStyle};
use urilint::pipeline::Outputs;
use urilint::record::ParseRecord;
use urilint::resolve::{resolve_str, ResolveOptions};
use urilint::run::{self, ExtractOptions, RunOptions, Stats};
use urilint::walk::WalkOptions;

const EXTRACT_EXAMPLES: &str = "\
Examples:
  urilint extract README.md                  every URI, one per line
  urilint extract -Hn docs/                  with file name and line number
  urilint extract --format jsonl mail.mbox   one JSON object per URI
  cat notes.txt | urilint extract -          read standard input
  urilint extract --unique --glob '*.md' .   each URI once, Markdown files only";

const CHECK_EXAMPLES: &str = "\
Examples:
  urilint check docs/                        path:line:column: CODE message
  urilint check --format jsonl .             one JSON object per diagnostic
  urilint check --grammar rfc2396 old.txt    validate against RFC 2396

Exit status: 0 no findings, 1 findings, 2 usage or I/O error.";

const RESOLVE_EXAMPLES: &str = "\
Examples:
  urilint resolve --base 'http://a/b/c/d;p?q' '../g' '?y' '#s'
  urilint resolve --grammar rfc2396 --base 'http://a/b/c/d;p?q' '../../../g'
  urilint resolve --loophole --base 'http://a/b/c/d;p?q' 'http:g'

One result a line; an invalid input is reported on stderr and gives exit 1.";

const NORMALIZE_EXAMPLES: &str = "\
Examples:
  urilint normalize 'HTTP://www.EXAMPLE.com:80/a/./b/../%7euser'
  urilint normalize --no-scheme-based 'http://example.com:80'

One result a line; an invalid input is reported on stderr and gives exit 1.";

const PARSE_EXAMPLES: &str = "\
Examples:
  urilint parse 'http://[::1]:8080/a?q#f'
  urilint parse --format jsonl 'mailto:a@example.org' '../g;x?y#s'
  urilint parse --grammar rfc2396 'http://a/b;p/c'

Exit status: 0 all valid, 1 some argument invalid, 2 usage error.";

#[derive(Parser, Debug)]
#[command(
    name = "urilint",
    version,
    about = "Find URIs in plain text (RFC 2396 Appendix E), validate them strictly (RFC 3986), report them across file trees."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print every URI found in the files, one per line or as JSON Lines.
    #[command(after_help = EXTRACT_EXAMPLES)]
    Extract(ExtractArgs),
    /// Report invalid URIs and delimiting problems, one diagnostic per line.
    #[command(after_help = CHECK_EXAMPLES)]
    Check(CheckArgs),
    /// Show the components and errors of each URI reference given.
    #[command(after_help = PARSE_EXAMPLES)]
    Parse(ParseArgs),
    /// Resolve references against a base URI (RFC 3986 section 5.2).
    #[command(after_help = RESOLVE_EXAMPLES)]
    Resolve(ResolveArgs),
    /// Normalize URIs (RFC 3986 section 6.2.2 and 6.2.3).
    #[command(after_help = NORMALIZE_EXAMPLES)]
    Normalize(NormalizeArgs),
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum FormatArg {
    Plain,
    Jsonl,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum GrammarArg {
    /// RFC 3986 (STD 66), the default.
    Rfc3986,
    /// RFC 2396.
    Rfc2396,
    /// RFC 2396 with RFC 2732 IPv6 literals.
    #[value(name = "rfc2396+ipv6")]
    Rfc2396Ipv6,
    /// RFC 3987 IRIs: RFC 3986 plus non-ASCII ucschar (and iprivate in the query).
    Rfc3987,
}

impl From<GrammarArg> for Grammar {
    fn from(g: GrammarArg) -> Self {
        match g {
            GrammarArg::Rfc3986 => Grammar::Rfc3986,
            GrammarArg::Rfc2396 => Grammar::Rfc2396,
            GrammarArg::Rfc2396Ipv6 => Grammar::Rfc2396Ipv6,
            GrammarArg::Rfc3987 => Grammar::Rfc3987,
        }
    }
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Self {
        match f {
            FormatArg::Plain => Format::Plain,
            FormatArg::Jsonl => Format::Jsonl,
        }
    }
}

#[derive(Args, Debug)]
struct Common {
    /// Files or directories to read; `-` is standard input.
    #[arg(value_name = "PATH", default_value = ".")]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "plain")]
    format: FormatArg,
    /// Grammar to validate against.
    #[arg(long, value_enum, default_value = "rfc3986")]
    grammar: GrammarArg,
    /// Skip URI candidates longer than this many bytes (reported as D003).
    #[arg(long, value_name = "BYTES", default_value_t = 65536)]
    max_uri_len: usize,
    /// Also read hidden files and directories.
    #[arg(long)]
    hidden: bool,
    /// Do not honour .gitignore, .ignore and similar files.
    #[arg(long)]
    no_ignore: bool,
    /// Only read files matching GLOB (`!GLOB` excludes); repeatable.
    #[arg(short, long, value_name = "GLOB")]
    glob: Vec<String>,
    /// Worker threads (default: the number of CPUs).
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,
    /// No progress indicator (it is shown only on a terminal anyway).
    #[arg(short, long)]
    quiet: bool,
}

#[derive(Args, Debug)]
struct ExtractArgs {
    #[command(flatten)]
    common: Common,
    /// Prefix each URI with its file name (plain format).
    #[arg(short = 'H', long)]
    with_filename: bool,
    /// Prefix each URI with its 1-based line number (plain format).
    #[arg(short = 'n', long)]
    line_number: bool,
    /// Print each URI only once, the first time it is found.
    #[arg(short, long)]
    unique: bool,
    /// Also find relative references in `<...>` and resolve them against
    /// this base URI (RFC 3986 section 5.2).
    #[arg(long, value_name = "URI")]
    base: Option<String>,
}

#[derive(Args, Debug)]
struct ResolveArgs {
    /// The base URI (an absolute URI; a fragment is ignored).
    #[arg(long, value_name = "URI")]
    base: String,
    /// References to resolve.
    #[arg(value_name = "REF", required = true)]
    refs: Vec<String>,
    /// Algorithm and grammar: RFC 3986 section 5.2, or RFC 2396 section 5.2.
    #[arg(long, value_enum, default_value = "rfc3986")]
    grammar: GrammarArg,
    /// Treat a reference whose scheme equals the base's as relative
    /// (`http:g`), the backwards-compatible loophole of RFC 3986 section
    /// 5.2.2; off by default.
    #[arg(long)]
    loophole: bool,
}

#[derive(Args, Debug)]
struct NormalizeArgs {
    /// URIs to normalize.
    #[arg(value_name = "URI", required = true)]
    uris: Vec<String>,
    /// Grammar and rules: RFC 3986 section 6, or RFC 2396 section 6.
    #[arg(long, value_enum, default_value = "rfc3986")]
    grammar: GrammarArg,
    /// Only syntax-based normalization (RFC 3986 section 6.2.2): keep
    /// default ports and empty paths.
    #[arg(long)]
    no_scheme_based: bool,
}

#[derive(Args, Debug)]
struct CheckArgs {
    #[command(flatten)]
    common: Common,
}

#[derive(Args, Debug)]
struct ParseArgs {
    /// URI references to parse.
    #[arg(value_name = "URI", required = true)]
    uris: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "plain")]
    format: FormatArg,
    /// Grammar to parse with.
    #[arg(long, value_enum, default_value = "rfc3986")]
    grammar: GrammarArg,
    /// Accept IPv6 zone identifiers, `[fe80::1%25en0]` (RFC 6874).
    #[arg(long)]
    zone_id: bool,
}

fn run_options(c: Common) -> RunOptions {
    let threads = c
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    RunOptions {
        paths: c.paths,
        walk: WalkOptions {
            hidden: c.hidden,
            no_ignore: c.no_ignore,
            globs: c.glob,
        },
        threads,
        grammar: c.grammar.into(),
        max_uri_len: c.max_uri_len,
        format: c.format.into(),
        progress: !c.quiet && io::stderr().is_terminal() && std::env::var_os("CI").is_none(),
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

fn run(cli: Cli) -> anyhow::Result<i32> {
    let mut stdout = io::BufWriter::with_capacity(64 * 1024, io::stdout());
    let mut stderr = io::stderr();
    match cli.command {
        Command::Extract(a) => {
            let base = match &a.base {
                Some(b) => {
                    let uri = urilint::parse(b, a.common.grammar.into())
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
                },
                unique: a.unique,
                base,
            };
            let opts = run_options(a.common);
            let outputs = Outputs {
                out: &mut stdout,
                err: &mut stderr,
            };
            status(run::extract(&opts, &ex, outputs), false)
        }
        Command::Check(a) => {
            let opts = run_options(a.common);
            let outputs = Outputs {
                out: &mut stdout,
                err: &mut stderr,
            };
            status(run::check(&opts, outputs), true)
        }
        Command::Parse(a) => {
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
        Command::Resolve(a) => {
            let opts = ResolveOptions {
                grammar: a.grammar.into(),
                strict: !a.loophole,
            };
            one_per_line(&mut stdout, &a.refs, |r| {
                resolve_str(&a.base, r, opts).map_err(|e| format!("{r}: {e}"))
            })
        }
        Command::Normalize(a) => {
            let opts = NormalizeOptions {
                grammar: a.grammar.into(),
                scheme_based: !a.no_scheme_based,
            };
            one_per_line(&mut stdout, &a.uris, |u| {
                normalize_str(u, opts).map_err(|errors| parse_errors("", u, &errors).to_string())
            })
        }
    }
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
                eprintln!("urilint: {message}");
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
            eprintln!("urilint: {e:#}");
            2
        }
    }
}
