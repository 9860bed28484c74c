//! Remote link checks (`check --links remote`): are the `http` and `https`
//! links alive? Opt-in, never on by default, and built so that a run fails
//! only on links that are really gone.
//!
//! This module owns the network side: the HTTP client (`ureq` with
//! rustls, `client`, which also resolves names with `--resolve`), the
//! policy on private and reserved addresses (`safety`, with the `remote` feature), per-host queues
//! with concurrency, spacing, retries and rate-limit headers (`schedule`),
//! one request and what it says next (`fetch`), the classification of
//! answers into verdicts (`classify`, into [`verdict`]'s types), the ids of
//! fetched pages for `--remote-anchors` (`anchors`) and the per-URI
//! history across runs ([`cache`]). It does not own finding the URIs
//! (the scanner and the format layer do, `check` collects them) nor
//! reporting (the `L1xx` rules of [`crate::lint::rules`]).
//!
//! The requests are made only with the `remote` cargo feature (which
//! `cli` turns on): the library without it has no network code, only the
//! types of outcomes and the rules that read them ([`links`], [`verdict`]).
//!
//! **Unstable:** the command-line tool's engine, public for the `urilint`
//! binary; it may change in any release.

use std::path::PathBuf;
use std::time::Duration;

#[cfg(feature = "remote")]
mod anchors;
pub mod cache;
#[cfg(feature = "remote")]
mod classify;
#[cfg(feature = "remote")]
mod client;
#[cfg(feature = "remote")]
mod fetch;
pub mod links;
#[cfg(feature = "remote")]
pub mod safety;
#[cfg(feature = "remote")]
mod schedule;
pub mod summary;
#[cfg(all(test, feature = "remote"))]
mod tests;
#[cfg(all(test, feature = "remote"))]
mod testserver;
pub mod verdict;

pub use links::{request_uri, RemoteLinks};
#[cfg(feature = "remote")]
pub use summary::progress_line;
pub use summary::summary;
pub use verdict::{Hop, Outcome, Verdict};

/// `--resolve HOST:PORT:ADDR` (curl's syntax): requests to `host` and
/// `port` go to `addr`, without asking DNS. An address given this way is
/// the user's choice and is connected to even when it is private or
/// loopback (the reserved-name policy still applies to `host`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveEntry {
    /// The host name as written in URIs, lowercase (an IPv6 literal without
    /// brackets).
    pub host: String,
    /// The port (the scheme's default when the URI has none: 80, 443).
    pub port: u16,
    /// The address connected to.
    pub addr: std::net::IpAddr,
}

/// Settings of a remote check. Defaults ([`RemoteOptions::default`]) are
/// lychee's where it has one: 10 requests at a time per host, 50 ms
/// apart, 128 at a time overall (capped at 64 threads here), 20 s per
/// request, 3 retries.
#[derive(Clone, Debug)]
pub struct RemoteOptions {
    /// Requests in flight at most, over all hosts (`--max-concurrency`).
    pub max_concurrency: usize,
    /// Requests in flight at most per host (`--host-concurrency`).
    pub host_concurrency: usize,
    /// Least time between the starts of two requests to one host
    /// (`--host-request-interval`).
    pub host_interval: Duration,
    /// Time allowed for one request, connection to the end of the headers
    /// (and of the bounded body when it is read) (`--timeout`).
    pub timeout: Duration,
    /// Retries of a transient failure or a 429 within the run
    /// (`--max-retries`); each waits `retry_wait` doubled per attempt, or
    /// what `Retry-After` says.
    pub max_retries: u32,
    /// The first wait before a retry (`--retry-wait-time`).
    pub retry_wait: Duration,
    /// The longest `Retry-After` honoured; a server asking for longer gets
    /// the link reported as blocked. Also the most a host's rate-limit
    /// headers may pause it over the run, in all: a host asking for more
    /// gets its remaining links reported as blocked (M1 of the 2026-11-29
    /// review).
    pub max_retry_after: Duration,
    /// Redirects followed at most.
    pub max_redirects: u32,
    /// Bytes of a body read at most (bot-challenge pages, anchors).
    pub max_body: usize,
    /// The `User-Agent` header, e.g. `urilint/0.1.0 (+https://...)`.
    pub user_agent: String,
    /// Sent as `Authorization: Bearer` to `github.com` and its API hosts
    /// over https only (`GITHUB_TOKEN`).
    pub github_token: Option<String>,
    /// Request loopback, private and link-local addresses and reserved
    /// names too (`--allow-private`).
    pub allow_private: bool,
    /// `--resolve` entries.
    pub resolve: Vec<ResolveEntry>,
    /// A PEM file of extra trusted certificates (`--cacert`), added to the
    /// built-in roots.
    pub cacert: Option<PathBuf>,
    /// Read the bodies of HTML answers and keep their ids and names
    /// (`--remote-anchors`).
    pub anchors: bool,
    /// Hosts whose pages are rendered by JavaScript, whose ids are not in
    /// the HTML served: fragments of links to them are not checked (GitHub
    /// blob views by default), lowercase host names.
    pub anchor_skip_hosts: Vec<String>,
}

impl Default for RemoteOptions {
    fn default() -> Self {
        RemoteOptions {
            max_concurrency: 64,
            host_concurrency: 10,
            host_interval: Duration::from_millis(50),
            timeout: Duration::from_secs(20),
            max_retries: 3,
            retry_wait: Duration::from_secs(1),
            max_retry_after: Duration::from_secs(60),
            max_redirects: 10,
            max_body: 2 * 1024 * 1024,
            user_agent: format!(
                "urilint/{} (link checker; +https://github.com/urilint/urilint)",
                env!("CARGO_PKG_VERSION")
            ),
            github_token: None,
            allow_private: false,
            resolve: Vec::new(),
            cacert: None,
            anchors: false,
            anchor_skip_hosts: vec!["github.com".to_owned()],
        }
    }
}

/// A failure to set up a remote check (no URI was requested).
#[cfg(feature = "remote")]
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RemoteError {
    /// `--cacert`: the file cannot be read or holds no valid PEM
    /// certificate.
    #[error("--cacert {}: {reason}", path.display())]
    Cacert {
        /// The file named.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The `User-Agent` is not a valid header value (control characters,
    /// non-ASCII).
    #[error("invalid user agent {0:?}: not a valid HTTP header value")]
    UserAgent(String),
    /// `GITHUB_TOKEN` is not a valid header value (its value is not
    /// repeated here).
    #[error("GITHUB_TOKEN is not a valid HTTP header value")]
    GithubToken,
}

/// Where a remote check stands: what [`ProgressTick::progress`] builds
/// for a caller that draws a progress line.
#[cfg(feature = "remote")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// URIs with a verdict.
    pub done: usize,
    /// URIs to check.
    pub total: usize,
    /// Requests in flight now.
    pub in_flight: usize,
    /// Requests waiting in host queues (retries and redirects included).
    pub queued: usize,
    /// The host with the most requests queued or in flight (host name and
    /// port, without scheme) and that number; `None` when all are idle.
    pub busiest_host: Option<(String, usize)>,
    /// Verdicts so far that are neither alive nor skipped.
    pub failures: usize,
}

/// What the progress callback of [`check`] is given after each URI's
/// verdict (so at most once per URI): the counts that cost nothing, and
/// the full [`Progress`] on demand. Building it takes the scheduler's lock
/// and walks the hosts with work, so a caller asks for it only when it
/// draws a line (a terminal's throttled redraw), not on every verdict:
/// M2 of the 2026-11-29 review (40,000 hosts took 143 s, mostly in
/// snapshots nobody drew).
#[cfg(feature = "remote")]
pub struct ProgressTick<'a> {
    /// URIs with a verdict.
    pub done: usize,
    /// URIs to check.
    pub total: usize,
    /// Builds the snapshot.
    build: &'a (dyn Fn() -> Progress + Sync),
}

#[cfg(feature = "remote")]
impl ProgressTick<'_> {
    /// The snapshot of the check now (in flight, queued, busiest host,
    /// failures): time linear in the hosts with work.
    pub fn progress(&self) -> Progress {
        (self.build)()
    }
}

/// Checks the http and https URIs `uris` (absolute, without fragment,
/// deduplicated by the caller): one [`Outcome`] per URI, in the same
/// order. Blocks until every URI has its verdict; `progress` is called
/// from the worker threads after each verdict, with a [`ProgressTick`].
///
/// # Errors
///
/// [`RemoteError`] when the client cannot be set up (`--cacert`, the user
/// agent, `GITHUB_TOKEN`); a URI that fails is an [`Outcome`], never an
/// error.
#[cfg(feature = "remote")]
pub fn check(
    uris: &[String],
    opts: &RemoteOptions,
    progress: &(dyn Fn(&ProgressTick<'_>) + Sync),
) -> Result<Vec<Outcome>, RemoteError> {
    let client = client::Client::new(opts)?;
    Ok(schedule::run(uris, opts, &client, progress))
}
