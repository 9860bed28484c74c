//! The command line: argument definitions (clap derive) and the mapping of
//! each subcommand onto the library. Exit status: 0 success (nothing
//! found, for `check`), 1 findings (`check`) or invalid input (`parse`), 2
//! usage or I/O error, 3 a remote check that reached no server.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Parser, Subcommand, ValueEnum};

use urilint::config::{CliSettings, Settings};
use urilint::fix::write::{HardLinks, WritePolicy};
use urilint::format::{detect::InputFormat, mail::MailOptions};
use urilint::framed::StdinFormat;
use urilint::grammar::{Grammar, ParseOptions};
use urilint::links::LocalLinks;
use urilint::lint::rules::{catalogue, find, Rule};
use urilint::lint::Selection;
use urilint::normalize::{normalize_str, NormalizeOptions};
use urilint::output::rules as rules_doc;
use urilint::output::{jsonl, plain, Format, PlainStyle};
use urilint::pipeline::Outputs;
use urilint::record::ParseRecord;
use urilint::resolve::{resolve_str, ResolveOptions};
use urilint::rewrite::Mapping;
use urilint::run::{
    self, Analysis, Ask, CheckOptions, ExtractOptions, FixMode, RewriteMode, RewriteOptions,
    RunOptions, Stats,
};
use urilint::walk::{FilesFrom, WalkOptions};

mod generate;
mod mv;

const EXTRACT_EXAMPLES: &str = "\
Examples:
  urilint extract README.md                  every URI, one per line
  urilint extract -Hn docs/                  with file name and line number
  urilint extract --format jsonl mail.mbox   one JSON object per URI
  cat notes.txt | urilint extract -          read standard input
  urilint extract --unique --glob '*.md' .   each URI once, Markdown files only
  urilint files -0 . | urilint extract --files-from - -0   paths from a list
  urilint extract --stdin-format jsonl --format jsonl -   many documents, framed";

const CHECK_EXAMPLES: &str = "\
Examples:
  urilint check docs/                        diagnostics with source excerpts
  urilint check --fix .                      apply the safe fixes in place
  urilint check --diff .                     show the fixes as a diff, write nothing
  urilint check --format plain .             path:line:column: CODE message
  urilint check --format sarif . > u.sarif   SARIF 2.1.0 for code scanning
  urilint check --select ALL --ignore X004 . every rule but one
  urilint check --extend-select D006 --fix . also wrap bare URIs in <...>

Suppress a finding with `urilint: ignore` or `urilint: ignore[CODE,...]` on
its line or the line before. Configuration: urilint.toml or .urilint.toml,
found from the current directory upwards (see `urilint config`).

Exit status: 0 no error-level findings (none at all with --strict; with
--diff: nothing to fix), 1 findings, 2 usage, configuration or I/O error,
3 --links remote reached no server (no name resolved, no answer).";

const MV_EXAMPLES: &str = "\
Examples:
  urilint mv docs/setup.md docs/guide/
  urilint mv --dry-run docs/old-name.md docs/new-name.md
  urilint mv --diff docs/a.md docs/b/ docs/reference/

Links are rewritten where each document's format gives them; a link whose
new form the site model is not sure of is left alone and named (exit 1).
Exit 0: moved with every link; 2: an error, nothing or part moved.";

const REWRITE_EXAMPLES: &str = "\
Examples:
  urilint rewrite --map http://old.example/=https://new.example/ docs/
  urilint rewrite --map-regex '^http://(\\w+)\\.example\\.org/=https://$1.example.org/' --diff .
  urilint rewrite --dry-run --map http://=https:// README.md

Each --map OLD=NEW replaces a prefix; each --map-regex REGEX=REPLACEMENT
replaces the first match ($1, ${name} expand captures). Both split at the
first '='; write '=' in a regex as \\x3D. Files are written atomically.";

const FILES_EXAMPLES: &str = "\
Examples:
  urilint files .                          the files `urilint extract .` reads
  urilint files -0 docs | xargs -0 wc -c   NUL-separated, for any file name
  urilint files -0 . | urilint extract --files-from - -0   the same as extract .
  urilint files --check -0 . | urilint check --files-from - -0   the same as check .

Hidden files, .gitignore'd files and --glob/--exclude are treated as in a
run; files are not opened (a binary file is listed, and skipped by the run
that reads the list). Exit status: 0, or 2 when a path could not be walked
or (without -0) a name holds a newline.";

const RULE_EXAMPLES: &str = "\
Examples:
  urilint rule                 every rule: code, name, default, fixable, summary
  urilint rule N003            the explanation of one rule (code or name)
  urilint rule --format markdown   the table in docs/rules.md";

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
    // The version and, in a release build from git, the commit (build.rs).
    version = env!("URILINT_VERSION"),
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
    /// Lint the URIs in files: invalid URIs, delimiting, security and normalization problems; fix them.
    #[command(after_help = CHECK_EXAMPLES)]
    Check(Box<CheckArgs>),
    /// Show the components and errors of each URI reference given.
    #[command(after_help = PARSE_EXAMPLES)]
    Parse(ParseArgs),
    /// Resolve references against a base URI (RFC 3986 section 5.2).
    #[command(after_help = RESOLVE_EXAMPLES)]
    Resolve(ResolveArgs),
    /// Normalize URIs (RFC 3986 section 6.2.2 and 6.2.3).
    #[command(after_help = NORMALIZE_EXAMPLES)]
    Normalize(NormalizeArgs),
    /// Rewrite URIs in files by prefix or regex (e.g. http://old/ to https://new/).
    #[command(after_help = REWRITE_EXAMPLES)]
    Rewrite(RewriteArgs),
    /// List the lint rules, or explain one.
    #[command(after_help = RULE_EXAMPLES)]
    Rule(RuleArgs),
    /// Print the effective configuration (urilint.toml and defaults).
    Config(ConfigArgs),
    /// Print the files a run would read, one per line (or NUL-separated),
    /// in the run's order: to shard a run over many processes.
    #[command(after_help = FILES_EXAMPLES)]
    Files(FilesArgs),
    /// Show what the site model sees of the docs sites under PATH: the
    /// generator and its evidence, the settings read, what it does not
    /// read, pages and their URLs, anchors, and links not checked and why.
    Site(SiteArgs),
    /// Move pages or folders and rewrite every link to them, in the form
    /// each was written (source path, built name, root-relative URL),
    /// through the site model; `git mv` in a git work tree.
    #[command(after_help = MV_EXAMPLES)]
    Mv(mv::MvArgs),
    /// Run the language server (LSP over standard input and output) for editors.
    #[command(after_help = SERVER_EXAMPLES)]
    Server(ServerArgs),
    /// Print the completion script for a shell (bash, zsh, fish, elvish,
    /// powershell), generated from these definitions.
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions(CompletionsArgs),
    /// Print the man page, urilint(1), in roff.
    #[command(after_help = MAN_EXAMPLES)]
    Man,
}

/// `urilint completions SHELL`.
#[derive(clap::Args, Debug)]
struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    shell: clap_complete::Shell,
}

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  urilint completions bash > ~/.local/share/bash-completion/completions/urilint
  urilint completions zsh > ~/.zfunc/_urilint      (with fpath+=~/.zfunc)
  urilint completions fish > ~/.config/fish/completions/urilint.fish

The wheel (pip install urilint) installs them for bash, zsh and fish.";

const MAN_EXAMPLES: &str = "\
Examples:
  urilint man | man -l -
  urilint man > ~/.local/share/man/man1/urilint.1

The wheel (pip install urilint) installs it as share/man/man1/urilint.1.";

/// `urilint site`: what `check --links local` makes of the docs sites in
/// the files given (it runs that check, its findings not printed).
#[derive(clap::Args, Debug)]
struct SiteArgs {
    /// Files or directories (default: the current directory).
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// List every page and file the site serves, `URL <- source`.
    #[arg(long)]
    pages: bool,
    /// List each page's anchors (the ids its renderer mints) under it.
    #[arg(long)]
    anchors: bool,
    /// Print one JSON object per site, one a line.
    #[arg(long)]
    json: bool,
    /// Use this configuration file instead of looking for one.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
}

/// `urilint server`: no options; the client sets the rest
/// (`initializationOptions`).
#[derive(clap::Args, Debug)]
struct ServerArgs {
    /// Accepted for clients that pass it (the transport is always
    /// standard input and output).
    #[arg(long, hide = true)]
    stdio: bool,
}

const SERVER_EXAMPLES: &str = "Examples:
  urilint server      speak LSP on stdin/stdout (an editor starts it; see README, Editors)

Findings are published as you type, fixes and `urilint: ignore` markers are code
actions, and `source.fixAll.urilint` applies every safe fix. urilint.toml is found
from each document's directory upward; the network is never used.";

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

impl From<CheckFormatArg> for Format {
    fn from(f: CheckFormatArg) -> Self {
        match f {
            CheckFormatArg::Human => Format::Human,
            CheckFormatArg::Plain => Format::Plain,
            CheckFormatArg::Jsonl => Format::Jsonl,
            CheckFormatArg::Sarif => Format::Sarif,
            CheckFormatArg::Github => Format::Github,
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
    /// Files or directories to read; `-` is standard input [default: .,
    /// unless --files-from gives the paths].
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Read the paths to scan from FILE (`-`: standard input), one per
    /// line, or NUL-separated with -0; instead of PATH arguments. Listed
    /// files are read as a walk reads them (binary files skipped), and,
    /// as named paths, are not excluded unless --force-exclude; an empty
    /// list reads nothing. `urilint files` prints the list a walk reads.
    #[arg(long, value_name = "FILE")]
    files_from: Option<PathBuf>,
    /// With --files-from: the paths are NUL-separated (for names that
    /// hold a newline; as `urilint files -0` and `find -print0` print them).
    #[arg(short = '0', long = "from0", requires = "files_from")]
    from0: bool,
    /// How standard input (`-`) is read: text (one document), or many
    /// documents framed as jsonl (`{"path": ..., "content_base64": ...}`
    /// a line) or netstring (`<len>:<name>,<len>:<content>,` each), each
    /// with its own path, lines and byte offsets.
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = StdinFormat::parse)]
    stdin_format: StdinFormat,
    /// Grammar to validate against [default: rfc3986, or urilint.toml's].
    #[arg(long, value_enum)]
    grammar: Option<GrammarArg>,
    /// Skip URI candidates longer than this many bytes (reported as D003)
    /// [default: 65536, or urilint.toml's].
    #[arg(long, value_name = "BYTES")]
    max_uri_len: Option<usize>,
    #[command(flatten)]
    config: ConfigFlags,
    #[command(flatten)]
    walk: WalkFlags,
    /// The file name standard input (`-`) stands for: shown in output,
    /// and used to detect its format by extension and to pick per-path
    /// rules, as editors and pre-commit hooks need (the file is not read).
    #[arg(long, value_name = "NAME")]
    stdin_filename: Option<PathBuf>,
    /// Worker threads, at most 1024 (default: the number of CPUs).
    #[arg(short = 'j', long, value_name = "N", value_parser = threads_parser())]
    threads: Option<usize>,
    /// No progress indicator (it is shown only on a terminal anyway).
    #[arg(short, long)]
    quiet: bool,
    /// Read every file with read(2), never through a memory map (by
    /// default a plain-text file of 1 MiB or more named on the command
    /// line is mapped: faster; a file truncated while it is mapped ends the
    /// run with SIGBUS, as in ripgrep).
    #[arg(long)]
    no_mmap: bool,
    /// Read inputs as FORMAT instead of detecting it from their content
    /// and name: auto, text (every byte as it is: today's plain-text
    /// reading, gzip not unpacked), mbox, mail (also eml, maildir, news:
    /// one message per file), html, markdown (md), rst, asciidoc (adoc),
    /// roff (man, mdoc: man pages).
    #[arg(long, value_name = "FORMAT", default_value = "auto", value_parser = input_format_parser)]
    input_format: InputFormat,
    /// In mail, leave out the URIs of header fields (List-*, Archived-At,
    /// Link, X-Url, Organization, Subject, ...; addresses, identifiers
    /// and trace fields are never read).
    #[arg(long)]
    no_headers: bool,
    /// In mail, report the identifiers of Message-ID, In-Reply-To and
    /// References as mid: URIs (RFC 2392).
    #[arg(long)]
    message_ids: bool,
    /// In Markdown, also find URIs in code spans and code blocks (left
    /// out by default: they are examples; likewise reStructuredText
    /// literals, AsciiDoc comments and listing blocks, roff displays);
    /// JSON records say "in_code".
    #[arg(long)]
    include_code: bool,
    /// Also find abbreviated URLs, `www.example.org/x` and
    /// `ftp.example.org`, reported with the scheme RFC 2396 Appendix F
    /// implies (`http://`, `ftp://`); JSON records say "abbreviated".
    /// Also `abbreviated = true` in urilint.toml.
    #[arg(long)]
    abbreviated: bool,
}

/// Which files a walk reads (`extract`, `check`, `rewrite`, `files`).
#[derive(Args, Debug)]
struct WalkFlags {
    /// Also read hidden files and directories.
    #[arg(long)]
    hidden: bool,
    /// Do not honour .gitignore, .ignore and similar files, and read
    /// package managers' lock files (package-lock.json, Cargo.lock, ...),
    /// which a walk skips.
    #[arg(long)]
    no_ignore: bool,
    /// Only read files matching GLOB (`!GLOB` excludes); repeatable.
    #[arg(short, long, value_name = "GLOB")]
    glob: Vec<String>,
    /// Apply --exclude, extend-exclude and --glob to the paths named on the
    /// command line too (for pre-commit, which names every staged file).
    #[arg(long)]
    force_exclude: bool,
    /// Leave out files and directories matching GLOB (as `--glob
    /// '!GLOB'`; also `extend-exclude` in urilint.toml); repeatable.
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,
}

impl WalkFlags {
    /// The walk these flags and `settings` ask for; `for_check` adds
    /// `check`'s default exclusions when the configuration sets none.
    fn options(self, settings: &Settings, for_check: bool) -> WalkOptions {
        WalkOptions {
            hidden: self.hidden,
            no_ignore: self.no_ignore,
            globs: self
                .glob
                .into_iter()
                .chain(
                    settings
                        .excluded_globs(for_check)
                        .iter()
                        .chain(&self.exclude)
                        .map(|g| format!("!{g}")),
                )
                .collect(),
            force_exclude: self.force_exclude,
            ..WalkOptions::default()
        }
    }
}

/// JSON Lines additions for jobs split over many processes.
#[derive(Args, Debug, Clone, Default)]
struct EngineFlags {
    /// Add `"label": TEXT` as the last field of every JSON record (a
    /// shard or task name; JSON Lines only).
    #[arg(long, value_name = "TEXT")]
    label: Option<String>,
    /// After each input's records, print a summary record: {"kind":
    /// "summary", "path", "records", "errors", "bytes", "status"} (JSON
    /// Lines only), so that a job can check that every input was read.
    #[arg(long)]
    summary: bool,
}

fn input_format_parser(s: &str) -> Result<InputFormat, String> {
    InputFormat::parse(s)
}

/// `-j N`: a whole number up to [`urilint::pipeline::MAX_THREADS`]; a
/// larger one is a usage error (exit 2) rather than a run that fails to
/// start its threads (0 is taken as 1).
fn threads_parser() -> impl clap::builder::TypedValueParser<Value = usize> {
    clap::builder::RangedU64ValueParser::<usize>::new()
        .range(0..=urilint::pipeline::MAX_THREADS as u64)
}

/// Where the configuration comes from.
#[derive(Args, Debug, Clone)]
struct ConfigFlags {
    /// Read this configuration file instead of looking for urilint.toml.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Read no configuration file.
    #[arg(long, conflicts_with = "config")]
    isolated: bool,
}

#[derive(Args, Debug)]
struct ExtractArgs {
    #[command(flatten)]
    common: Common,
    /// Output format.
    #[arg(long, value_enum, default_value = "plain")]
    format: FormatArg,
    /// Prefix each URI with its file name (plain format).
    #[arg(short = 'H', long)]
    with_filename: bool,
    /// Prefix each URI with its 1-based line number (plain format).
    #[arg(short = 'n', long)]
    line_number: bool,
    /// With -H: a NUL byte after the file name instead of ':' (as grep's
    /// -Z), for names that hold ':' (Maildir's ':2,S') or '#'.
    #[arg(short = 'Z', long)]
    null: bool,
    /// Print each URI only once, the first time it is found; with
    /// --format jsonl, at the end, with "count": the times it was found.
    #[arg(short, long)]
    unique: bool,
    /// Also find relative references in `<...>` and resolve them against
    /// this base URI (RFC 3986 section 5.2).
    #[arg(long, value_name = "URI")]
    base: Option<String>,
    /// In HTML (pages and mail parts), also print the URIs that are not
    /// links or resources: identifiers (xmlns namespace names, DOCTYPE
    /// system identifiers, itemtype), citations (cite="mid:..."), and URIs
    /// mentioned in comments and in attributes that hold no URI (style,
    /// title, data-*). JSON records say which in "role".
    #[arg(long)]
    include_identifiers: bool,
    /// Print the link that a redirect wrapper (Safe Links, Proofpoint URL
    /// Defense, google.com/url) wraps instead of the wrapper; in jsonl,
    /// the chain in "wrapped_by".
    #[arg(long)]
    unwrap: bool,
    #[command(flatten)]
    engine: EngineFlags,
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

/// What `check --links` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum LinksArg {
    /// Relative links, in the tree, offline.
    Local,
    /// The links and ids of the built site in --site-dir, each broken one
    /// reported on the source line that made it.
    Site,
    /// The http and https links, requested (opt-in; rules L101-L106).
    Remote,
    /// No link check (whatever urilint.toml's [links] `check` says).
    None,
}

/// How `check --links remote` requests links.
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Remote links (--links remote)")]
struct RemoteFlags {
    /// Never request anything: --links remote and urilint.toml's [links]
    /// check = ["remote"] are off (the pre-commit hooks pass it).
    #[arg(long)]
    offline: bool,
    /// Keep each URI's history in FILE (JSON Lines, safe to keep in a CI
    /// cache): URIs found alive are not requested again for
    /// --max-cache-age; failures are always requested again, and a link
    /// unreachable on 3 runs over 7 days is reported gone
    /// [default FILE: .urilint-cache.jsonl; another: --cache=FILE].
    #[arg(long, value_name = "FILE", num_args = 0..=1, require_equals = true, default_missing_value = ".urilint-cache.jsonl")]
    cache: Option<PathBuf>,
    /// With --cache: how long an alive URI is not requested again, in
    /// seconds [default: 86400].
    #[arg(long, value_name = "SECS")]
    max_cache_age: Option<u64>,
    /// Also check #fragments against the ids of the HTML served (bodies
    /// read up to 2 MiB; not for github.com, whose pages add their ids by
    /// script).
    #[arg(long)]
    remote_anchors: bool,
    /// Request loopback, private and link-local addresses and reserved
    /// names (example.com, .test, localhost) too.
    #[arg(long)]
    allow_private: bool,
    /// Send requests for HOST:PORT to ADDR, without DNS (curl's syntax;
    /// repeatable), e.g. docs.example.org:443:127.0.0.1.
    #[arg(long, value_name = "HOST:PORT:ADDR")]
    resolve: Vec<String>,
    /// Trust the certificates of this PEM file too (a private CA).
    #[arg(long, value_name = "FILE")]
    cacert: Option<PathBuf>,
    /// Seconds allowed for one request [default: 20].
    #[arg(long, value_name = "SECS")]
    timeout: Option<u64>,
    /// Retries of a timeout, a connection failure, a 5xx or a 429
    /// [default: 3].
    #[arg(long, value_name = "N")]
    max_retries: Option<u32>,
    /// The first wait before a retry, in seconds (doubled at each retry
    /// unless the server says how long in Retry-After) [default: 1].
    #[arg(long, value_name = "SECS")]
    retry_wait_time: Option<u64>,
    /// The longest Retry-After honoured, in seconds; a server asking for
    /// more gets its link reported as blocked [default: 60].
    #[arg(long, value_name = "SECS")]
    max_retry_wait: Option<u64>,
    /// Requests in flight at most, over all hosts [default: 64].
    #[arg(long, value_name = "N")]
    max_concurrency: Option<usize>,
    /// Requests in flight at most per host [default: 10].
    #[arg(long, value_name = "N")]
    host_concurrency: Option<usize>,
    /// Least time between two requests to one host, in milliseconds
    /// [default: 50].
    #[arg(long, value_name = "MS")]
    host_request_interval: Option<u64>,
}

impl RemoteFlags {
    /// The engine's options: each flag, else urilint.toml's
    /// `[links.remote]`, else the default; GITHUB_TOKEN from the
    /// environment.
    fn options(
        &self,
        cfg: &urilint::config::RemoteConfig,
    ) -> anyhow::Result<urilint::remote::RemoteOptions> {
        let resolve = self
            .resolve
            .iter()
            .map(|r| parse_resolve(r))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let d = urilint::remote::RemoteOptions::default();
        let secs = std::time::Duration::from_secs;
        let max_concurrency = self
            .max_concurrency
            .or(cfg.max_concurrency)
            .unwrap_or(d.max_concurrency);
        let host_concurrency = self
            .host_concurrency
            .or(cfg.host_concurrency)
            .unwrap_or(d.host_concurrency);
        if max_concurrency == 0 || host_concurrency == 0 {
            anyhow::bail!("--max-concurrency and --host-concurrency must be at least 1");
        }
        Ok(urilint::remote::RemoteOptions {
            max_concurrency: max_concurrency.min(256),
            host_concurrency,
            host_interval: self
                .host_request_interval
                .or(cfg.host_request_interval)
                .map_or(d.host_interval, std::time::Duration::from_millis),
            timeout: self
                .timeout
                .or(cfg.timeout)
                .map_or(d.timeout, |t| secs(t.max(1))),
            max_retries: self
                .max_retries
                .or(cfg.max_retries)
                .unwrap_or(d.max_retries),
            retry_wait: self
                .retry_wait_time
                .or(cfg.retry_wait_time)
                .map_or(d.retry_wait, secs),
            max_retry_after: self
                .max_retry_wait
                .or(cfg.max_retry_wait)
                .map_or(d.max_retry_after, secs),
            github_token: std::env::var("GITHUB_TOKEN").ok().filter(|t| !t.is_empty()),
            allow_private: self.allow_private,
            resolve,
            cacert: self.cacert.clone(),
            anchors: self.remote_anchors || cfg.anchors.unwrap_or(false),
            anchor_skip_hosts: cfg
                .anchor_skip_hosts
                .clone()
                .map(|h| h.iter().map(|h| h.to_ascii_lowercase()).collect())
                .unwrap_or(d.anchor_skip_hosts.clone()),
            ..d
        })
    }
}

/// `--resolve HOST:PORT:ADDR` (an IPv6 ADDR may be in brackets).
fn parse_resolve(text: &str) -> anyhow::Result<urilint::remote::ResolveEntry> {
    let bad = || {
        anyhow::anyhow!(
            "--resolve {text}: expected HOST:PORT:ADDR, e.g. docs.example.org:443:127.0.0.1"
        )
    };
    let (host, rest) = text.split_once(':').ok_or_else(bad)?;
    let (port, addr) = rest.split_once(':').ok_or_else(bad)?;
    let addr = addr.trim_start_matches('[').trim_end_matches(']');
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if host.is_empty() {
        return Err(bad());
    }
    Ok(urilint::remote::ResolveEntry {
        host: host.to_ascii_lowercase(),
        port: port.parse().map_err(|_| bad())?,
        addr: addr.parse().map_err(|_| bad())?,
    })
}

#[derive(Args, Debug)]
struct CheckArgs {
    #[command(flatten)]
    common: Common,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: CheckFormatArg,
    /// What the columns of the human, plain and github formats (and of
    /// the findings `--fix -` leaves) count: "char" Unicode characters,
    /// "byte" bytes (Vim's errorformat %c, ripgrep --column), "utf16"
    /// UTF-16 code units (VS Code, LSP). An invalid UTF-8 byte is one unit
    /// in each. JSON Lines and SARIF keep their documented columns
    /// (characters).
    #[arg(long, value_enum, value_name = "UNIT", default_value = "char")]
    column_unit: ColumnUnitArg,
    /// Apply the fixes in place (atomically; a file changed meanwhile is
    /// left alone) and report what is left.
    #[arg(long)]
    fix: bool,
    /// Print the fixes as a unified diff; write nothing.
    #[arg(long, conflicts_with = "fix")]
    diff: bool,
    /// Write an `urilint: ignore[CODE]` marker for each finding, in a
    /// comment of the file's own syntax (Markdown, HTML, or a comment line
    /// of a source file), so that a project can adopt the linter at once;
    /// findings with no safe place for a marker are reported.
    #[arg(long, conflicts_with_all = ["fix", "diff"])]
    add_ignore: bool,
    /// Exit 0 even when there are findings (2 still means an input could
    /// not be read).
    #[arg(long)]
    exit_zero: bool,
    /// Print only the number of findings per rule (`COUNT CODE name`, one
    /// rule a line, by code), not the findings.
    #[arg(long)]
    statistics: bool,
    /// `urilint site`: print what the site model sees instead of the
    /// findings (0: no; 1: text; 2: text with pages; 3: with anchors; +4:
    /// JSON).
    #[arg(long, hide = true, default_value_t = 0)]
    explain_site: u8,
    /// Write the report to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    output_file: Option<PathBuf>,
    /// With --fix or --diff, list the fixes made per file and rule after
    /// the findings (on standard error unless the format is human); in the
    /// plain format, give each finding's fix, marked safe or unsafe.
    #[arg(long)]
    show_fixes: bool,
    /// With --fix or --diff, apply the unsafe fixes too (those that may
    /// change what a URI means to some consumer: case outside the scheme,
    /// default ports, percent-encoding, dot-segments, file: URIs).
    #[arg(long)]
    unsafe_fixes: bool,
    /// Also check links: "local" looks for the targets of relative links
    /// of Markdown and HTML documents (files, directories, #anchors) in
    /// the tree, offline (rules L001, L002); "remote" requests the http
    /// and https links (L101-L106; see the remote options); "none" turns
    /// off the checks urilint.toml's [links] `check` turns on.
    /// Comma-separated: --links local,remote.
    #[arg(long, value_enum, value_name = "WHAT", value_delimiter = ',')]
    links: Option<Vec<LinksArg>>,
    /// With --links local: the directory that root-relative links
    /// (/docs/x.md) start from [default: urilint.toml's [links] `root`].
    #[arg(long, value_name = "DIR")]
    root_dir: Option<std::path::PathBuf>,
    /// With --links local: where the tree is published; absolute links
    /// that start with URL are checked as files under --root-dir (or the
    /// current directory).
    #[arg(long, value_name = "URL")]
    site_url: Option<String>,
    /// With --links site: the directory of the built site (MkDocs
    /// `site/`, mdBook `book/`, Jekyll `_site/`, Hugo `public/`...).
    #[arg(long, value_name = "DIR")]
    site_dir: Option<std::path::PathBuf>,
    /// Report only what is new since the git revision REF: findings on
    /// lines added or changed since REF (untracked files count as new),
    /// and L001 findings anywhere for links to files renamed or deleted
    /// since REF. Asks git in the repository of the paths checked. With
    /// --fix or --diff, only the findings reported are fixed, and a link
    /// to a file renamed since REF is rewritten to its new place.
    #[arg(long, value_name = "REF", conflicts_with_all = ["add_ignore"])]
    since: Option<String>,
    #[command(flatten)]
    write: WriteFlags,
    /// Only these rules (codes, code prefixes, names, or ALL); comma-separated, repeatable.
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    select: Option<Vec<String>>,
    /// These rules in addition (e.g. off-by-default ones).
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    extend_select: Vec<String>,
    /// Not these rules.
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    ignore: Vec<String>,
    /// Exit 1 on warnings too.
    #[arg(long)]
    strict: bool,
    /// Colour in the human format.
    #[arg(long, value_enum, default_value = "auto")]
    color: ColorArg,
    #[command(flatten)]
    engine: EngineFlags,
    #[command(flatten)]
    remote: RemoteFlags,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum CheckFormatArg {
    /// Diagnostics with the source line and a caret, and a summary.
    Human,
    /// One line per diagnostic: path:line:column: CODE message.
    Plain,
    /// One JSON object per diagnostic.
    Jsonl,
    /// SARIF 2.1.0 (code scanning).
    Sarif,
    /// GitHub Actions workflow commands (annotations).
    Github,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum ColumnUnitArg {
    Byte,
    Char,
    Utf16,
}

impl From<ColumnUnitArg> for urilint::position::ColumnUnit {
    fn from(u: ColumnUnitArg) -> Self {
        match u {
            ColumnUnitArg::Byte => Self::Byte,
            ColumnUnitArg::Char => Self::Char,
            ColumnUnitArg::Utf16 => Self::Utf16,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum ColorArg {
    /// When standard output is a terminal and NO_COLOR is not set.
    Auto,
    Always,
    Never,
}

#[derive(Args, Debug)]
struct RewriteArgs {
    #[command(flatten)]
    common: Common,
    /// OLD=NEW: URIs starting with OLD get NEW instead; repeatable.
    #[arg(long, value_name = "OLD=NEW")]
    map: Vec<String>,
    /// REGEX=REPLACEMENT: the first match in each URI is replaced; repeatable.
    #[arg(long, value_name = "REGEX=REPLACEMENT")]
    map_regex: Vec<String>,
    /// Print a unified diff; write nothing.
    #[arg(long)]
    diff: bool,
    /// List the changes; write nothing.
    #[arg(long, conflicts_with = "diff")]
    dry_run: bool,
    #[command(flatten)]
    write: WriteFlags,
}

/// What writing a file may do (`check --fix`, `rewrite`).
#[derive(Args, Debug)]
struct WriteFlags {
    /// Write read-only files too (owner write bit off); their mode is kept.
    #[arg(long)]
    force: bool,
    /// Files with more than one hard link: refuse them, write them in place
    /// (every name sees the change; not atomic), or break the link (replace
    /// this name only, as sed -i does).
    #[arg(long, value_enum, value_name = "HOW", default_value = "refuse")]
    hard_links: HardLinksArg,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum HardLinksArg {
    /// Refuse to write them, with a message (the default).
    Refuse,
    /// Write the new contents into the existing file (not atomic).
    InPlace,
    /// Replace this name only; the other names keep the old contents.
    Break,
}

impl WriteFlags {
    fn policy(&self) -> WritePolicy {
        WritePolicy {
            force_read_only: self.force,
            hard_links: match self.hard_links {
                HardLinksArg::Refuse => HardLinks::Refuse,
                HardLinksArg::InPlace => HardLinks::InPlace,
                HardLinksArg::Break => HardLinks::Break,
            },
        }
    }
}

/// Removes live temporary files on SIGINT/SIGTERM while files are written.
fn handle_signals() {
    if let Err(e) = urilint::fix::write::remove_temp_files_on_signal() {
        eprintln!("urilint: warning: cannot handle SIGINT, SIGTERM and SIGHUP ({e}): an interrupted write may leave a .urilint-*.tmp file");
    }
}

#[derive(Args, Debug)]
struct RuleArgs {
    /// A rule code or name; all rules when omitted.
    #[arg(value_name = "RULE")]
    rule: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "plain")]
    format: RuleFormatArg,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum RuleFormatArg {
    Plain,
    Jsonl,
    /// The Markdown table of docs/rules.md.
    Markdown,
}

#[derive(Args, Debug)]
struct FilesArgs {
    /// Files or directories to list.
    #[arg(value_name = "PATH", default_value = ".")]
    paths: Vec<PathBuf>,
    /// End each path with a NUL byte instead of a newline.
    #[arg(short = '0', long)]
    null: bool,
    #[command(flatten)]
    walk: WalkFlags,
    /// The files `urilint check` reads: also its default exclusions (test
    /// data, vendored and minified code) unless urilint.toml sets `exclude`.
    #[arg(long)]
    check: bool,
    #[command(flatten)]
    config: ConfigFlags,
}

#[derive(Args, Debug)]
struct ConfigArgs {
    #[command(flatten)]
    config: ConfigFlags,
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

/// The settings of a run: urilint.toml (unless --isolated) with the
/// command line on top.
fn settings(c: &Common, selection: Selection) -> anyhow::Result<Settings> {
    let cwd = std::env::current_dir().context("the current directory")?;
    let s = Settings::find(&cwd, c.config.config.as_deref(), c.config.isolated)?;
    Ok(s.with_cli(&cli_settings(c, selection)))
}

/// The flags of `c` that layer on any configuration file.
fn cli_settings(c: &Common, selection: Selection) -> CliSettings {
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
fn nested_configs(c: &Common) -> bool {
    c.config.config.is_none() && !c.config.isolated
}

/// The options of a run; `for_check` applies `check`'s default exclusions
/// ([`urilint::config::DEFAULT_EXCLUDE`]) when the configuration sets none.
fn run_options(
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
fn refuse_output_among_inputs(out: &std::path::Path, inputs: &[PathBuf]) -> anyhow::Result<()> {
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
fn check_sources(
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

/// `urilint extract`: the URIs of the inputs.
fn run_extract(
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

/// `urilint check`: the findings of the inputs, fixed with `--fix`; the exit status says whether there are findings.
fn run_check(
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

/// The link checks a `check` run asks for, from its flags and
/// `urilint.toml`'s `[links]`.
struct LinkChecks {
    /// `--links remote`: the collection of the run's links.
    remote_links: Option<std::sync::Arc<urilint::remote::RemoteLinks>>,
    /// `--links local` (not with the built site's check, which replaces it).
    links: bool,
    /// `--links site`: the built site's directory.
    built_dir: Option<PathBuf>,
}

/// [`LinkChecks`] of `a` under `settings`, the combinations that make no
/// sense refused.
fn link_checks(a: &CheckArgs, settings: &Settings) -> anyhow::Result<LinkChecks> {
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
fn output_file(
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

/// The flag of a mode that writes files (`--fix`, `--diff`,
/// `--add-ignore`), for the messages that refuse it.
fn writes_of(mode: FixMode) -> Option<&'static str> {
    match mode {
        FixMode::Fix => Some("--fix"),
        FixMode::Diff => Some("--diff"),
        FixMode::AddIgnore => Some("--add-ignore"),
        FixMode::Report => None,
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

/// `--since REV`: the changes since the revision (git).
fn since_of(a: &CheckArgs) -> anyhow::Result<Option<std::sync::Arc<urilint::since::Since>>> {
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
fn color_of(a: &CheckArgs) -> bool {
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
fn mode_of(a: &CheckArgs) -> FixMode {
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
fn built_site(
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
fn remote_check(
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

/// `urilint rewrite`: URIs mapped to others, in place.
fn run_rewrite(
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
fn run_files(
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
fn run_rule(a: RuleArgs, stdout: &mut io::BufWriter<io::Stdout>) -> anyhow::Result<i32> {
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
fn run_config(a: ConfigArgs, stdout: &mut io::BufWriter<io::Stdout>) -> anyhow::Result<i32> {
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
fn run_parse(a: ParseArgs, stdout: &mut io::BufWriter<io::Stdout>) -> anyhow::Result<i32> {
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
fn run_resolve(a: ResolveArgs, stdout: &mut io::BufWriter<io::Stdout>) -> anyhow::Result<i32> {
    let opts = ResolveOptions {
        grammar: a.grammar.into(),
        strict: !a.loophole,
    };
    one_per_line(&mut *stdout, &a.refs, |r| {
        resolve_str(&a.base, r, opts).map_err(|e| format!("{r}: {e}"))
    })
}

/// `urilint normalize`: a URI normalized (RFC 3986 section 6).
fn run_normalize(a: NormalizeArgs, stdout: &mut io::BufWriter<io::Stdout>) -> anyhow::Result<i32> {
    let opts = NormalizeOptions {
        grammar: a.grammar.into(),
        scheme_based: !a.no_scheme_based,
    };
    one_per_line(&mut *stdout, &a.uris, |u| {
        normalize_str(u, opts).map_err(|errors| parse_errors("", u, &errors).to_string())
    })
}

/// `"s"` unless `n` is 1.
/// `urilint site` as the `check` it runs: `--links local`, the link
/// rules only, findings not printed, the view asked for
/// (`--explain-site`).
fn site_as_check(s: SiteArgs) -> anyhow::Result<Cli> {
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

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Writes `out` to standard output; a closed pipe is not an error.
fn write_out(stdout: &mut dyn Write, out: &[u8]) -> anyhow::Result<()> {
    match stdout.write_all(out).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e).context("writing output"),
        _ => Ok(()),
    }
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
