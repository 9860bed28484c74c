//! The command line's definitions (clap derive): the subcommands, their
//! arguments and flags, the help text and examples each shows. What a
//! flag means to a run is resolved in [`super::settings`]; nothing here
//! reads a file or the environment.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use urilint::config::Settings;
use urilint::fix::write::{HardLinks, WritePolicy};
use urilint::format::detect::InputFormat;
use urilint::framed::StdinFormat;
use urilint::grammar::Grammar;
use urilint::output::Format;
use urilint::walk::WalkOptions;

use super::mv;

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
pub(super) struct Cli {
    #[command(subcommand)]
    pub(super) command: Command,
}

#[derive(Subcommand, Debug)]
pub(super) enum Command {
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
pub(super) struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    pub(super) shell: clap_complete::Shell,
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
pub(super) struct SiteArgs {
    /// Files or directories (default: the current directory).
    #[arg(value_name = "PATH")]
    pub(super) paths: Vec<PathBuf>,
    /// List every page and file the site serves, `URL <- source`.
    #[arg(long)]
    pub(super) pages: bool,
    /// List each page's anchors (the ids its renderer mints) under it.
    #[arg(long)]
    pub(super) anchors: bool,
    /// Print one JSON object per site, one a line.
    #[arg(long)]
    pub(super) json: bool,
    /// Use this configuration file instead of looking for one.
    #[arg(long, value_name = "FILE")]
    pub(super) config: Option<PathBuf>,
}

/// `urilint server`: no options; the client sets the rest
/// (`initializationOptions`).
#[derive(clap::Args, Debug)]
pub(super) struct ServerArgs {
    /// Accepted for clients that pass it (the transport is always
    /// standard input and output).
    #[arg(long, hide = true)]
    pub(super) stdio: bool,
}

const SERVER_EXAMPLES: &str = "Examples:
  urilint server      speak LSP on stdin/stdout (an editor starts it; see README, Editors)

Findings are published as you type, fixes and `urilint: ignore` markers are code
actions, and `source.fixAll.urilint` applies every safe fix. urilint.toml is found
from each document's directory upward; the network is never used.";

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FormatArg {
    Plain,
    Jsonl,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GrammarArg {
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
pub(super) struct Common {
    /// Files or directories to read; `-` is standard input [default: .,
    /// unless --files-from gives the paths].
    #[arg(value_name = "PATH")]
    pub(super) paths: Vec<PathBuf>,
    /// Read the paths to scan from FILE (`-`: standard input), one per
    /// line, or NUL-separated with -0; instead of PATH arguments. Listed
    /// files are read as a walk reads them (binary files skipped), and,
    /// as named paths, are not excluded unless --force-exclude; an empty
    /// list reads nothing. `urilint files` prints the list a walk reads.
    #[arg(long, value_name = "FILE")]
    pub(super) files_from: Option<PathBuf>,
    /// With --files-from: the paths are NUL-separated (for names that
    /// hold a newline; as `urilint files -0` and `find -print0` print them).
    #[arg(short = '0', long = "from0", requires = "files_from")]
    pub(super) from0: bool,
    /// How standard input (`-`) is read: text (one document), or many
    /// documents framed as jsonl (`{"path": ..., "content_base64": ...}`
    /// a line) or netstring (`<len>:<name>,<len>:<content>,` each), each
    /// with its own path, lines and byte offsets.
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = StdinFormat::parse)]
    pub(super) stdin_format: StdinFormat,
    /// Grammar to validate against [default: rfc3986, or urilint.toml's].
    #[arg(long, value_enum)]
    pub(super) grammar: Option<GrammarArg>,
    /// Skip URI candidates longer than this many bytes (reported as D003)
    /// [default: 65536, or urilint.toml's].
    #[arg(long, value_name = "BYTES")]
    pub(super) max_uri_len: Option<usize>,
    #[command(flatten)]
    pub(super) config: ConfigFlags,
    #[command(flatten)]
    pub(super) walk: WalkFlags,
    /// The file name standard input (`-`) stands for: shown in output,
    /// and used to detect its format by extension and to pick per-path
    /// rules, as editors and pre-commit hooks need (the file is not read).
    #[arg(long, value_name = "NAME")]
    pub(super) stdin_filename: Option<PathBuf>,
    /// Worker threads, at most 1024 (default: the number of CPUs).
    #[arg(short = 'j', long, value_name = "N", value_parser = threads_parser())]
    pub(super) threads: Option<usize>,
    /// No progress indicator (it is shown only on a terminal anyway).
    #[arg(short, long)]
    pub(super) quiet: bool,
    /// Read every file with read(2), never through a memory map (by
    /// default a plain-text file of 1 MiB or more named on the command
    /// line is mapped: faster; a file truncated while it is mapped ends the
    /// run with SIGBUS, as in ripgrep).
    #[arg(long)]
    pub(super) no_mmap: bool,
    /// Read inputs as FORMAT instead of detecting it from their content
    /// and name: auto, text (every byte as it is: today's plain-text
    /// reading, gzip not unpacked), mbox, mail (also eml, maildir, news:
    /// one message per file), html, markdown (md), rst, asciidoc (adoc),
    /// roff (man, mdoc: man pages).
    #[arg(long, value_name = "FORMAT", default_value = "auto", value_parser = input_format_parser)]
    pub(super) input_format: InputFormat,
    /// In mail, leave out the URIs of header fields (List-*, Archived-At,
    /// Link, X-Url, Organization, Subject, ...; addresses, identifiers
    /// and trace fields are never read).
    #[arg(long)]
    pub(super) no_headers: bool,
    /// In mail, report the identifiers of Message-ID, In-Reply-To and
    /// References as mid: URIs (RFC 2392).
    #[arg(long)]
    pub(super) message_ids: bool,
    /// In Markdown, also find URIs in code spans and code blocks (left
    /// out by default: they are examples; likewise reStructuredText
    /// literals, AsciiDoc comments and listing blocks, roff displays);
    /// JSON records say "in_code".
    #[arg(long)]
    pub(super) include_code: bool,
    /// Also find abbreviated URLs, `www.example.org/x` and
    /// `ftp.example.org`, reported with the scheme RFC 2396 Appendix F
    /// implies (`http://`, `ftp://`); JSON records say "abbreviated".
    /// Also `abbreviated = true` in urilint.toml.
    #[arg(long)]
    pub(super) abbreviated: bool,
}

/// Which files a walk reads (`extract`, `check`, `rewrite`, `files`).
#[derive(Args, Debug)]
pub(super) struct WalkFlags {
    /// Also read hidden files and directories.
    #[arg(long)]
    pub(super) hidden: bool,
    /// Do not honour .gitignore, .ignore and similar files, and read
    /// package managers' lock files (package-lock.json, Cargo.lock, ...),
    /// which a walk skips.
    #[arg(long)]
    pub(super) no_ignore: bool,
    /// Only read files matching GLOB (`!GLOB` excludes); repeatable.
    #[arg(short, long, value_name = "GLOB")]
    pub(super) glob: Vec<String>,
    /// Apply --exclude, extend-exclude and --glob to the paths named on the
    /// command line too (for pre-commit, which names every staged file).
    #[arg(long)]
    pub(super) force_exclude: bool,
    /// Leave out files and directories matching GLOB (as `--glob
    /// '!GLOB'`; also `extend-exclude` in urilint.toml); repeatable.
    #[arg(long, value_name = "GLOB")]
    pub(super) exclude: Vec<String>,
}

impl WalkFlags {
    /// The walk these flags and `settings` ask for; `for_check` adds
    /// `check`'s default exclusions when the configuration sets none.
    pub(super) fn options(self, settings: &Settings, for_check: bool) -> WalkOptions {
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
pub(super) struct EngineFlags {
    /// Add `"label": TEXT` as the last field of every JSON record (a
    /// shard or task name; JSON Lines only).
    #[arg(long, value_name = "TEXT")]
    pub(super) label: Option<String>,
    /// After each input's records, print a summary record: {"kind":
    /// "summary", "path", "records", "errors", "bytes", "status"} (JSON
    /// Lines only), so that a job can check that every input was read.
    #[arg(long)]
    pub(super) summary: bool,
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
pub(super) struct ConfigFlags {
    /// Read this configuration file instead of looking for urilint.toml.
    #[arg(long, value_name = "FILE")]
    pub(super) config: Option<PathBuf>,
    /// Read no configuration file.
    #[arg(long, conflicts_with = "config")]
    pub(super) isolated: bool,
}

#[derive(Args, Debug)]
pub(super) struct ExtractArgs {
    #[command(flatten)]
    pub(super) common: Common,
    /// Output format.
    #[arg(long, value_enum, default_value = "plain")]
    pub(super) format: FormatArg,
    /// Prefix each URI with its file name (plain format).
    #[arg(short = 'H', long)]
    pub(super) with_filename: bool,
    /// Prefix each URI with its 1-based line number (plain format).
    #[arg(short = 'n', long)]
    pub(super) line_number: bool,
    /// With -H: a NUL byte after the file name instead of ':' (as grep's
    /// -Z), for names that hold ':' (Maildir's ':2,S') or '#'.
    #[arg(short = 'Z', long)]
    pub(super) null: bool,
    /// Print each URI only once, the first time it is found; with
    /// --format jsonl, at the end, with "count": the times it was found.
    #[arg(short, long)]
    pub(super) unique: bool,
    /// Also find relative references in `<...>` and resolve them against
    /// this base URI (RFC 3986 section 5.2).
    #[arg(long, value_name = "URI")]
    pub(super) base: Option<String>,
    /// In HTML (pages and mail parts), also print the URIs that are not
    /// links or resources: identifiers (xmlns namespace names, DOCTYPE
    /// system identifiers, itemtype), citations (cite="mid:..."), and URIs
    /// mentioned in comments and in attributes that hold no URI (style,
    /// title, data-*). JSON records say which in "role".
    #[arg(long)]
    pub(super) include_identifiers: bool,
    /// Print the link that a redirect wrapper (Safe Links, Proofpoint URL
    /// Defense, google.com/url) wraps instead of the wrapper; in jsonl,
    /// the chain in "wrapped_by".
    #[arg(long)]
    pub(super) unwrap: bool,
    #[command(flatten)]
    pub(super) engine: EngineFlags,
}

#[derive(Args, Debug)]
pub(super) struct ResolveArgs {
    /// The base URI (an absolute URI; a fragment is ignored).
    #[arg(long, value_name = "URI")]
    pub(super) base: String,
    /// References to resolve.
    #[arg(value_name = "REF", required = true)]
    pub(super) refs: Vec<String>,
    /// Algorithm and grammar: RFC 3986 section 5.2, or RFC 2396 section 5.2.
    #[arg(long, value_enum, default_value = "rfc3986")]
    pub(super) grammar: GrammarArg,
    /// Treat a reference whose scheme equals the base's as relative
    /// (`http:g`), the backwards-compatible loophole of RFC 3986 section
    /// 5.2.2; off by default.
    #[arg(long)]
    pub(super) loophole: bool,
}

#[derive(Args, Debug)]
pub(super) struct NormalizeArgs {
    /// URIs to normalize.
    #[arg(value_name = "URI", required = true)]
    pub(super) uris: Vec<String>,
    /// Grammar and rules: RFC 3986 section 6, or RFC 2396 section 6.
    #[arg(long, value_enum, default_value = "rfc3986")]
    pub(super) grammar: GrammarArg,
    /// Only syntax-based normalization (RFC 3986 section 6.2.2): keep
    /// default ports and empty paths.
    #[arg(long)]
    pub(super) no_scheme_based: bool,
}

/// What `check --links` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum LinksArg {
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
pub(super) struct RemoteFlags {
    /// Never request anything: --links remote and urilint.toml's [links]
    /// check = ["remote"] are off (the pre-commit hooks pass it).
    #[arg(long)]
    pub(super) offline: bool,
    /// Keep each URI's history in FILE (JSON Lines, safe to keep in a CI
    /// cache): URIs found alive are not requested again for
    /// --max-cache-age; failures are always requested again, and a link
    /// unreachable on 3 runs over 7 days is reported gone
    /// [default FILE: .urilint-cache.jsonl; another: --cache=FILE].
    #[arg(long, value_name = "FILE", num_args = 0..=1, require_equals = true, default_missing_value = ".urilint-cache.jsonl")]
    pub(super) cache: Option<PathBuf>,
    /// With --cache: how long an alive URI is not requested again, in
    /// seconds [default: 86400].
    #[arg(long, value_name = "SECS")]
    pub(super) max_cache_age: Option<u64>,
    /// Also check #fragments against the ids of the HTML served (bodies
    /// read up to 2 MiB; not for github.com, whose pages add their ids by
    /// script).
    #[arg(long)]
    pub(super) remote_anchors: bool,
    /// Request loopback, private and link-local addresses and reserved
    /// names (example.com, .test, localhost) too.
    #[arg(long)]
    pub(super) allow_private: bool,
    /// Send requests for HOST:PORT to ADDR, without DNS (curl's syntax;
    /// repeatable), e.g. docs.example.org:443:127.0.0.1.
    #[arg(long, value_name = "HOST:PORT:ADDR")]
    pub(super) resolve: Vec<String>,
    /// Trust the certificates of this PEM file too (a private CA).
    #[arg(long, value_name = "FILE")]
    pub(super) cacert: Option<PathBuf>,
    /// Seconds allowed for one request [default: 20].
    #[arg(long, value_name = "SECS")]
    pub(super) timeout: Option<u64>,
    /// Retries of a timeout, a connection failure, a 5xx or a 429
    /// [default: 3].
    #[arg(long, value_name = "N")]
    pub(super) max_retries: Option<u32>,
    /// The first wait before a retry, in seconds (doubled at each retry
    /// unless the server says how long in Retry-After) [default: 1].
    #[arg(long, value_name = "SECS")]
    pub(super) retry_wait_time: Option<u64>,
    /// The longest Retry-After honoured, in seconds; a server asking for
    /// more gets its link reported as blocked [default: 60].
    #[arg(long, value_name = "SECS")]
    pub(super) max_retry_wait: Option<u64>,
    /// Requests in flight at most, over all hosts [default: 64].
    #[arg(long, value_name = "N")]
    pub(super) max_concurrency: Option<usize>,
    /// Requests in flight at most per host [default: 10].
    #[arg(long, value_name = "N")]
    pub(super) host_concurrency: Option<usize>,
    /// Least time between two requests to one host, in milliseconds
    /// [default: 50].
    #[arg(long, value_name = "MS")]
    pub(super) host_request_interval: Option<u64>,
}

impl RemoteFlags {
    /// The engine's options: each flag, else urilint.toml's
    /// `[links.remote]`, else the default; GITHUB_TOKEN from the
    /// environment.
    pub(super) fn options(
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
pub(super) struct CheckArgs {
    #[command(flatten)]
    pub(super) common: Common,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    pub(super) format: CheckFormatArg,
    /// What the columns of the human, plain and github formats (and of
    /// the findings `--fix -` leaves) count: "char" Unicode characters,
    /// "byte" bytes (Vim's errorformat %c, ripgrep --column), "utf16"
    /// UTF-16 code units (VS Code, LSP). An invalid UTF-8 byte is one unit
    /// in each. JSON Lines and SARIF keep their documented columns
    /// (characters).
    #[arg(long, value_enum, value_name = "UNIT", default_value = "char")]
    pub(super) column_unit: ColumnUnitArg,
    /// Apply the fixes in place (atomically; a file changed meanwhile is
    /// left alone) and report what is left.
    #[arg(long)]
    pub(super) fix: bool,
    /// Print the fixes as a unified diff; write nothing.
    #[arg(long, conflicts_with = "fix")]
    pub(super) diff: bool,
    /// Write an `urilint: ignore[CODE]` marker for each finding, in a
    /// comment of the file's own syntax (Markdown, HTML, or a comment line
    /// of a source file), so that a project can adopt the linter at once;
    /// findings with no safe place for a marker are reported.
    #[arg(long, conflicts_with_all = ["fix", "diff"])]
    pub(super) add_ignore: bool,
    /// Exit 0 even when there are findings (2 still means an input could
    /// not be read).
    #[arg(long)]
    pub(super) exit_zero: bool,
    /// Print only the number of findings per rule (`COUNT CODE name`, one
    /// rule a line, by code), not the findings.
    #[arg(long)]
    pub(super) statistics: bool,
    /// `urilint site`: print what the site model sees instead of the
    /// findings (0: no; 1: text; 2: text with pages; 3: with anchors; +4:
    /// JSON).
    #[arg(long, hide = true, default_value_t = 0)]
    pub(super) explain_site: u8,
    /// Write the report to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub(super) output_file: Option<PathBuf>,
    /// With --fix or --diff, list the fixes made per file and rule after
    /// the findings (on standard error unless the format is human); in the
    /// plain format, give each finding's fix, marked safe or unsafe.
    #[arg(long)]
    pub(super) show_fixes: bool,
    /// With --fix or --diff, apply the unsafe fixes too (those that may
    /// change what a URI means to some consumer: case outside the scheme,
    /// default ports, percent-encoding, dot-segments, file: URIs).
    #[arg(long)]
    pub(super) unsafe_fixes: bool,
    /// Also check links: "local" looks for the targets of relative links
    /// of Markdown and HTML documents (files, directories, #anchors) in
    /// the tree, offline (rules L001, L002); "remote" requests the http
    /// and https links (L101-L106; see the remote options); "none" turns
    /// off the checks urilint.toml's [links] `check` turns on.
    /// Comma-separated: --links local,remote.
    #[arg(long, value_enum, value_name = "WHAT", value_delimiter = ',')]
    pub(super) links: Option<Vec<LinksArg>>,
    /// With --links local: the directory that root-relative links
    /// (/docs/x.md) start from [default: urilint.toml's [links] `root`].
    #[arg(long, value_name = "DIR")]
    pub(super) root_dir: Option<std::path::PathBuf>,
    /// With --links local: where the tree is published; absolute links
    /// that start with URL are checked as files under --root-dir (or the
    /// current directory).
    #[arg(long, value_name = "URL")]
    pub(super) site_url: Option<String>,
    /// With --links site: the directory of the built site (MkDocs
    /// `site/`, mdBook `book/`, Jekyll `_site/`, Hugo `public/`...).
    #[arg(long, value_name = "DIR")]
    pub(super) site_dir: Option<std::path::PathBuf>,
    /// Report only what is new since the git revision REF: findings on
    /// lines added or changed since REF (untracked files count as new),
    /// L001 findings anywhere for links to files renamed or deleted since
    /// REF, and L002 findings anywhere for links to headings reworded
    /// since REF. Asks git in the repository of the paths checked. With
    /// --fix or --diff, only the findings reported are fixed: a link to a
    /// file renamed since REF is rewritten to its new place, and a
    /// fragment naming a reworded heading to the heading's new id.
    #[arg(long, value_name = "REF", conflicts_with_all = ["add_ignore"])]
    pub(super) since: Option<String>,
    #[command(flatten)]
    pub(super) write: WriteFlags,
    /// Only these rules (codes, code prefixes, names, or ALL); comma-separated, repeatable.
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub(super) select: Option<Vec<String>>,
    /// These rules in addition (e.g. off-by-default ones).
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub(super) extend_select: Vec<String>,
    /// Not these rules.
    #[arg(long, value_name = "RULES", value_delimiter = ',')]
    pub(super) ignore: Vec<String>,
    /// Exit 1 on warnings too.
    #[arg(long)]
    pub(super) strict: bool,
    /// Colour in the human format.
    #[arg(long, value_enum, default_value = "auto")]
    pub(super) color: ColorArg,
    #[command(flatten)]
    pub(super) engine: EngineFlags,
    #[command(flatten)]
    pub(super) remote: RemoteFlags,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CheckFormatArg {
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
pub(super) enum ColumnUnitArg {
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
pub(super) enum ColorArg {
    /// When standard output is a terminal and NO_COLOR is not set.
    Auto,
    Always,
    Never,
}

#[derive(Args, Debug)]
pub(super) struct RewriteArgs {
    #[command(flatten)]
    pub(super) common: Common,
    /// OLD=NEW: URIs starting with OLD get NEW instead; repeatable.
    #[arg(long, value_name = "OLD=NEW")]
    pub(super) map: Vec<String>,
    /// REGEX=REPLACEMENT: the first match in each URI is replaced; repeatable.
    #[arg(long, value_name = "REGEX=REPLACEMENT")]
    pub(super) map_regex: Vec<String>,
    /// Print a unified diff; write nothing.
    #[arg(long)]
    pub(super) diff: bool,
    /// List the changes; write nothing.
    #[arg(long, conflicts_with = "diff")]
    pub(super) dry_run: bool,
    #[command(flatten)]
    pub(super) write: WriteFlags,
}

/// What writing a file may do (`check --fix`, `rewrite`).
#[derive(Args, Debug)]
pub(super) struct WriteFlags {
    /// Write read-only files too (owner write bit off); their mode is kept.
    #[arg(long)]
    pub(super) force: bool,
    /// Files with more than one hard link: refuse them, write them in place
    /// (every name sees the change; not atomic), or break the link (replace
    /// this name only, as sed -i does).
    #[arg(long, value_enum, value_name = "HOW", default_value = "refuse")]
    pub(super) hard_links: HardLinksArg,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HardLinksArg {
    /// Refuse to write them, with a message (the default).
    Refuse,
    /// Write the new contents into the existing file (not atomic).
    InPlace,
    /// Replace this name only; the other names keep the old contents.
    Break,
}

impl WriteFlags {
    pub(super) fn policy(&self) -> WritePolicy {
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

#[derive(Args, Debug)]
pub(super) struct RuleArgs {
    /// A rule code or name; all rules when omitted.
    #[arg(value_name = "RULE")]
    pub(super) rule: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "plain")]
    pub(super) format: RuleFormatArg,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RuleFormatArg {
    Plain,
    Jsonl,
    /// The Markdown table of docs/rules.md.
    Markdown,
}

#[derive(Args, Debug)]
pub(super) struct FilesArgs {
    /// Files or directories to list.
    #[arg(value_name = "PATH", default_value = ".")]
    pub(super) paths: Vec<PathBuf>,
    /// End each path with a NUL byte instead of a newline.
    #[arg(short = '0', long)]
    pub(super) null: bool,
    #[command(flatten)]
    pub(super) walk: WalkFlags,
    /// The files `urilint check` reads: also its default exclusions (test
    /// data, vendored and minified code) unless urilint.toml sets `exclude`.
    #[arg(long)]
    pub(super) check: bool,
    #[command(flatten)]
    pub(super) config: ConfigFlags,
}

#[derive(Args, Debug)]
pub(super) struct ConfigArgs {
    #[command(flatten)]
    pub(super) config: ConfigFlags,
}

#[derive(Args, Debug)]
pub(super) struct ParseArgs {
    /// URI references to parse.
    #[arg(value_name = "URI", required = true)]
    pub(super) uris: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "plain")]
    pub(super) format: FormatArg,
    /// Grammar to parse with.
    #[arg(long, value_enum, default_value = "rfc3986")]
    pub(super) grammar: GrammarArg,
    /// Accept IPv6 zone identifiers, `[fe80::1%25en0]` (RFC 6874).
    #[arg(long)]
    pub(super) zone_id: bool,
}
