//! The HTTP client of remote checks: one `ureq` agent (a connection pool
//! shared by the workers) that never follows redirects itself (the engine
//! does, to keep the chain and apply the address policy to each hop),
//! returns every status as an answer, sends urilint's `User-Agent`, trusts
//! Mozilla's roots plus `--cacert`, and resolves names through
//! [`PolicyResolver`]: `--resolve` entries first, then DNS, whose answers
//! must all be globally reachable unicast addresses unless
//! `--allow-private`.
//!
//! Environment proxies (`HTTP_PROXY`, ...) are not used: through a proxy
//! the address policy could not be applied.

use std::fmt;
use std::io;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::sync::mpsc;
use std::time::Duration;

use ureq::http::{HeaderValue, Response, Uri};
use ureq::tls::{Certificate, PemItem, RootCerts, TlsConfig};
use ureq::unversioned::resolver::{ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::{DefaultConnector, NextTimeout};
use ureq::{Agent, Body};

use super::safety::non_global;
use super::{RemoteError, RemoteOptions, ResolveEntry};

/// Hosts that get `GITHUB_TOKEN`, over https only.
const GITHUB_HOSTS: [&str; 3] = ["github.com", "api.github.com", "raw.githubusercontent.com"];

/// The agent and what each request adds to it.
pub(crate) struct Client {
    /// The `ureq` agent (connection pool, timeouts, TLS).
    agent: Agent,
    /// `GITHUB_TOKEN`.
    github_token: Option<String>,
}

impl Client {
    /// The client for `opts`.
    ///
    /// # Errors
    ///
    /// [`RemoteError::UserAgent`] when `opts.user_agent` is not a valid
    /// header value; [`RemoteError::Cacert`] when `opts.cacert` cannot be
    /// read or holds no PEM certificate.
    pub(crate) fn new(opts: &RemoteOptions) -> Result<Client, RemoteError> {
        if HeaderValue::from_str(&opts.user_agent).is_err() {
            return Err(RemoteError::UserAgent(opts.user_agent.clone()));
        }
        if let Some(token) = &opts.github_token {
            if HeaderValue::from_str(&format!("Bearer {token}")).is_err() {
                return Err(RemoteError::GithubToken);
            }
        }
        let mut roots: Vec<Certificate<'static>> = webpki_root_certs::TLS_SERVER_ROOT_CERTS
            .iter()
            .map(|c| Certificate::from_der(c.as_ref()).to_owned())
            .collect();
        if let Some(path) = &opts.cacert {
            roots.extend(read_cacert(path)?);
        }
        let tls = TlsConfig::builder()
            .root_certs(RootCerts::new_with_certs(&roots))
            .build();
        let config = Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .max_redirects_will_error(false)
            .save_redirect_history(false)
            .user_agent(opts.user_agent.as_str())
            .proxy(None)
            .timeout_global(Some(opts.timeout))
            .max_idle_connections(opts.max_concurrency.clamp(1, 64))
            .max_idle_connections_per_host(opts.host_concurrency.max(1))
            .tls_config(tls)
            .build();
        let resolver = PolicyResolver {
            entries: opts
                .resolve
                .iter()
                .map(|e| ResolveEntry {
                    host: ascii_host(&e.host),
                    ..e.clone()
                })
                .collect(),
            allow_private: opts.allow_private,
            memo: DnsMemo::default(),
        };
        Ok(Client {
            agent: Agent::with_parts(config, DefaultConnector::default(), resolver),
            github_token: opts.github_token.clone(),
        })
    }

    /// A GET of `uri` (absolute http or https, without fragment): its
    /// userinfo is never sent, `GITHUB_TOKEN` goes to GitHub's hosts over
    /// https. The body is left unread.
    ///
    /// # Errors
    ///
    /// `ureq`'s, for no answer; a refusal of [`PolicyResolver`] is an
    /// [`ureq::Error::Io`] wrapping a [`Refused`] or a [`DnsFailure`].
    pub(crate) fn get(&self, uri: &str) -> Result<Response<Body>, ureq::Error> {
        let uri = without_userinfo(uri);
        let mut req = self.agent.get(uri.as_str());
        if let Some(token) = &self.github_token {
            if let Ok(parsed) = uri.parse::<Uri>() {
                let host = parsed.host().unwrap_or("").to_ascii_lowercase();
                if parsed.scheme_str() == Some("https") && GITHUB_HOSTS.contains(&host.as_str()) {
                    req = req.header("Authorization", format!("Bearer {token}"));
                }
            }
        }
        req.call()
    }
}

/// The certificates of the PEM file `path`.
fn read_cacert(path: &std::path::Path) -> Result<Vec<Certificate<'static>>, RemoteError> {
    let cacert = |reason: String| RemoteError::Cacert {
        path: path.to_owned(),
        reason,
    };
    let pem = std::fs::read(path).map_err(|e| cacert(e.to_string()))?;
    let mut certs = Vec::new();
    for item in ureq::tls::parse_pem(&pem) {
        match item {
            Ok(PemItem::Certificate(c)) => certs.push(c),
            Ok(_) => {}
            Err(e) => return Err(cacert(e.to_string())),
        }
    }
    if certs.is_empty() {
        return Err(cacert("no PEM certificate in it".to_owned()));
    }
    Ok(certs)
}

/// `uri` without the userinfo of its authority (`user:pass@`), which is
/// never sent.
pub(crate) fn without_userinfo(uri: &str) -> String {
    let Some(start) = uri.find("://").map(|i| i + 3) else {
        return uri.to_owned();
    };
    let end = uri[start..]
        .find(['/', '?', '#'])
        .map_or(uri.len(), |i| start + i);
    match uri[start..end].rfind('@') {
        Some(at) => format!("{}{}", &uri[..start], &uri[start + at + 1..]),
        None => uri.to_owned(),
    }
}

/// The form of `uri` sent on the wire: without userinfo, an IRI made a
/// URI (a non-ASCII host by IDNA `ToASCII`, other non-ASCII characters
/// percent-encoded as RFC 3987 section 3.1 says). A URI is unchanged but
/// for its userinfo.
pub(crate) fn wire_form(uri: &str) -> String {
    let uri = without_userinfo(uri);
    if uri.is_ascii() {
        return uri;
    }
    let start = uri.find("://").map_or(0, |i| i + 3);
    let end = uri[start..]
        .find(['/', '?', '#'])
        .map_or(uri.len(), |i| start + i);
    let authority = &uri[start..end];
    let host_end = match authority.rfind(':') {
        Some(c)
            if !authority.ends_with(']')
                && authority[c + 1..].bytes().all(|b| b.is_ascii_digit()) =>
        {
            c
        }
        _ => authority.len(),
    };
    let host = ascii_host(&authority[..host_end]);
    crate::grammar::iri_to_uri(&format!(
        "{}{host}{}{}",
        &uri[..start],
        &authority[host_end..],
        &uri[end..]
    ))
}

/// `host` by IDNA `ToASCII` (lowercase), unchanged when that fails.
fn ascii_host(host: &str) -> String {
    if host.is_ascii() {
        return host.to_ascii_lowercase();
    }
    crate::grammar::parse(&format!("http://{host}/"), crate::grammar::Grammar::Rfc3987)
        .uri()
        .host_ascii()
        .and_then(Result::ok)
        .unwrap_or_else(|| host.to_owned())
}

/// A connection refused by the address policy: a name resolved to an
/// address that is not globally reachable unicast, without
/// `--allow-private`.
#[derive(Debug)]
pub(crate) struct Refused {
    /// E.g. `"docs.example.org resolves to loopback address 127.0.0.1"`.
    pub(crate) reason: String,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for Refused {}

/// A failed DNS lookup.
#[derive(Debug)]
pub(crate) struct DnsFailure {
    /// The name looked up.
    pub(crate) host: String,
    /// The resolver's message (getaddrinfo's `gai_strerror`).
    pub(crate) message: String,
}

impl fmt::Display for DnsFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.host, self.message)
    }
}

impl std::error::Error for DnsFailure {}

/// The resolver: `--resolve` entries, address literals, then the system's
/// resolver (getaddrinfo), refusing a name any of whose addresses is not
/// globally reachable unicast unless `allow_private`.
#[derive(Debug)]
pub(crate) struct PolicyResolver {
    /// `--resolve` entries.
    entries: Vec<ResolveEntry>,
    /// `--allow-private`.
    allow_private: bool,
    /// The run's answers of the system resolver by host and port: one
    /// lookup per host at a time (the others wait for its answer), and the
    /// addresses found and the names that do not exist kept for the run,
    /// so that the URIs of one host cost one lookup (a docs tree links
    /// hundreds of times to github.com; a burst of identical lookups makes
    /// some resolvers drop them). Timeouts and temporary failures are not
    /// kept: a retry asks again.
    memo: DnsMemo,
}

/// One lookup's answer, shared by the requests that wait for it.
type Answer = std::sync::Arc<std::sync::OnceLock<Result<Vec<SocketAddr>, String>>>;

/// [`PolicyResolver::memo`]'s map.
type DnsMemo = std::sync::Mutex<std::collections::HashMap<(String, u16), Answer>>;

impl PolicyResolver {
    /// [`lookup`], answered from the run's memo when the host was looked
    /// up before with a lasting answer, or by the lookup under way.
    fn lookup_once(
        &self,
        host: &str,
        port: u16,
        timeout: Option<Duration>,
    ) -> Result<Vec<SocketAddr>, String> {
        let key = (host.to_ascii_lowercase(), port);
        let cell = self
            .memo
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(key.clone())
            .or_default()
            .clone();
        let found = cell.get_or_init(|| lookup(host, port, timeout)).clone();
        let lasting = match &found {
            Ok(addrs) => !addrs.is_empty(),
            Err(message) => crate::remote::classify::name_does_not_exist(message),
        };
        if !lasting {
            let mut memo = self.memo.lock().unwrap_or_else(|p| p.into_inner());
            if memo
                .get(&key)
                .is_some_and(|c| std::sync::Arc::ptr_eq(c, &cell))
            {
                memo.remove(&key);
            }
        }
        found
    }

    /// The addresses of `host` (no brackets) and `port`, the DNS lookup
    /// given at most `timeout` (`None`: no limit).
    fn addresses(
        &self,
        host: &str,
        port: u16,
        timeout: Option<Duration>,
    ) -> Result<Vec<SocketAddr>, io::Error> {
        let host = host.to_ascii_lowercase();
        if let Some(e) = self
            .entries
            .iter()
            .find(|e| e.port == port && e.host.eq_ignore_ascii_case(&host))
        {
            return Ok(vec![SocketAddr::new(e.addr, port)]);
        }
        let found: Vec<SocketAddr> = match host.parse::<IpAddr>() {
            Ok(ip) => vec![SocketAddr::new(ip, port)],
            Err(_) => self.lookup_once(&host, port, timeout).map_err(|message| {
                io::Error::other(DnsFailure {
                    host: host.clone(),
                    message,
                })
            })?,
        };
        if self.allow_private {
            return Ok(found);
        }
        // Every address must be globally reachable (H4 of the 2026-11-29
        // review): a name that also resolves to a private address is not
        // requested, as the connection could go to either.
        match found.iter().find_map(|a| non_global(a.ip())) {
            Some(why) => Err(io::Error::other(Refused {
                reason: format!("{host} resolves to {why}"),
            })),
            None => Ok(found),
        }
    }
}

/// The system resolver's addresses for `host` and `port` (getaddrinfo,
/// through std), or its message. With a `timeout`, the lookup runs on a
/// thread of its own, left to finish alone when it takes longer (as
/// `ureq`'s own resolver does: getaddrinfo cannot be cancelled).
fn lookup(host: &str, port: u16, timeout: Option<Duration>) -> Result<Vec<SocketAddr>, String> {
    let Some(timeout) = timeout else {
        return (host, port)
            .to_socket_addrs()
            .map(Iterator::collect)
            .map_err(|e| e.to_string());
    };
    let (tx, rx) = mpsc::sync_channel(1);
    let name = host.to_owned();
    std::thread::spawn(move || {
        let found = (name.as_str(), port)
            .to_socket_addrs()
            .map(Iterator::collect::<Vec<_>>)
            .map_err(|e| e.to_string());
        let _ = tx.send(found);
    });
    match rx.recv_timeout(timeout) {
        Ok(found) => found,
        Err(_) => Err(format!("no answer within {} ms", timeout.as_millis())),
    }
}

impl Resolver for PolicyResolver {
    fn resolve(
        &self,
        uri: &Uri,
        _config: &ureq::config::Config,
        timeout: NextTimeout,
    ) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let host = uri
            .host()
            .ok_or_else(|| ureq::Error::BadUri(format!("no host: {uri}")))?;
        let host = host
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .unwrap_or(host);
        let port = uri
            .port_u16()
            .or(match uri.scheme_str() {
                Some("http") => Some(80),
                Some("https") => Some(443),
                _ => None,
            })
            .ok_or_else(|| ureq::Error::BadUri(format!("no port: {uri}")))?;
        let limit = (!timeout.after.is_not_happening()).then(|| *timeout.after);
        let addrs = self.addresses(host, port, limit)?;
        let mut out = self.empty();
        for a in addrs.into_iter().take(16) {
            out.push(a);
        }
        if out.is_empty() {
            return Err(ureq::Error::HostNotFound);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn userinfo_is_stripped() {
        assert_eq!(
            without_userinfo("https://user:secret@host.org:8443/p@th?q=a@b"),
            "https://host.org:8443/p@th?q=a@b"
        );
        assert_eq!(without_userinfo("http://a@b@host.org/"), "http://host.org/");
        assert_eq!(
            without_userinfo("http://host.org/x@y"),
            "http://host.org/x@y"
        );
        assert_eq!(without_userinfo("http://host.org"), "http://host.org");
    }

    #[test]
    fn iris_are_sent_as_uris() {
        assert_eq!(
            wire_form("http://B\u{fc}cher.example:8080/D\u{fc}rst?q=\u{e9}"),
            "http://xn--bcher-kva.example:8080/D%C3%BCrst?q=%C3%A9"
        );
        assert_eq!(
            wire_form("https://u:p@docs.rs/a%20b"),
            "https://docs.rs/a%20b"
        );
    }

    #[test]
    fn rebinding_to_loopback_is_refused() {
        let r = PolicyResolver {
            entries: Vec::new(),
            allow_private: false,
            memo: DnsMemo::default(),
        };
        let err = r
            .addresses("127.0.0.1", 80, None)
            .err()
            .and_then(|e| e.into_inner())
            .map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("127.0.0.1 resolves to loopback address 127.0.0.1")
        );
        let allowed = PolicyResolver {
            entries: Vec::new(),
            allow_private: true,
            memo: DnsMemo::default(),
        };
        assert!(allowed.addresses("127.0.0.1", 80, None).is_ok());
    }

    #[test]
    fn lasting_answers_are_looked_up_once() {
        let r = PolicyResolver {
            entries: Vec::new(),
            allow_private: true,
            memo: DnsMemo::default(),
        };
        let first = r.lookup_once("LocalHost", 80, None);
        assert!(first.as_ref().is_ok_and(|a| !a.is_empty()), "{first:?}");
        let kept = r
            .memo
            .lock()
            .map(|m| m.contains_key(&("localhost".to_owned(), 80)))
            .unwrap_or(false);
        assert!(kept);
        assert_eq!(r.lookup_once("localhost", 80, None), first);
    }

    #[test]
    fn resolve_entries_are_always_allowed() {
        let r = PolicyResolver {
            entries: vec![ResolveEntry {
                host: "docs.remote-test.org".to_owned(),
                port: 8080,
                addr: IpAddr::from([127, 0, 0, 1]),
            }],
            allow_private: false,
            memo: DnsMemo::default(),
        };
        let got = r
            .addresses("Docs.Remote-Test.org", 8080, None)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(got, vec![SocketAddr::from(([127, 0, 0, 1], 8080))]);
    }
}
