//! What a remote check found out about one URI: the verdict in three
//! classes (gone, blocked, transient) besides alive and skipped, the
//! redirect chain, and how it was learnt.

use std::time::Duration;

/// The class of an answer. Only [`Verdict::Gone`] is an error by default;
/// [`Verdict::Blocked`] and [`Verdict::Transient`] are warnings (the link
/// could not be verified), [`Verdict::Skipped`] is counted, not reported.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "class", rename_all = "lowercase")]
pub enum Verdict {
    /// A 2xx answer, after any redirects.
    Alive,
    /// The resource is not there: 404, 410, a name that does not exist
    /// (NXDOMAIN), or a failure that stayed across runs (see
    /// `crate::remote::cache`). `reason` is e.g. `"404 Not Found"`.
    Gone {
        /// What was answered, for the message.
        reason: String,
    },
    /// The server would not tell: 401, 403, 407, 451, 999, 429 after
    /// every retry, a bot-challenge page, another 4xx, a TLS failure; or
    /// the link could not be requested at all ([`Verdict::not_requested`]),
    /// or its host's rate limit asks for a longer pause than allowed.
    Blocked {
        /// What was answered, for the message.
        reason: String,
    },
    /// No answer that says anything: a timeout, a refused or reset
    /// connection, a temporary DNS failure, a 5xx; retried within the run
    /// and still failing.
    Transient {
        /// The last failure, for the message.
        reason: String,
    },
    /// Not requested: a private, loopback or link-local address, a
    /// reserved name (RFC 2606, RFC 6761), a redirect to another scheme
    /// or a private address. `reason` says which.
    Skipped {
        /// Why, for `--statistics` and the record.
        reason: String,
    },
}

impl Verdict {
    /// The class as a word: `alive`, `gone`, `blocked`, `transient`,
    /// `skipped`.
    pub fn class(&self) -> &'static str {
        match self {
            Verdict::Alive => "alive",
            Verdict::Gone { .. } => "gone",
            Verdict::Blocked { .. } => "blocked",
            Verdict::Transient { .. } => "transient",
            Verdict::Skipped { .. } => "skipped",
        }
    }

    /// The reason given, empty for [`Verdict::Alive`].
    pub fn reason(&self) -> &str {
        match self {
            Verdict::Alive => "",
            Verdict::Gone { reason }
            | Verdict::Blocked { reason }
            | Verdict::Transient { reason }
            | Verdict::Skipped { reason } => reason,
        }
    }
}

/// The start of the reason of a [`Verdict::Blocked`] for a link that was
/// never sent because the HTTP client refuses its URI (over 64 KiB, a
/// redirect to `https:////host/x` or `https:/host/x`): L3 of the
/// 2026-11-29 review. `L102` says such a link "could not be requested",
/// and the run's summary counts them apart.
pub const NOT_REQUESTED: &str = "could not be requested: ";

impl Verdict {
    /// The [`Verdict::Blocked`] of a URI the HTTP client refuses to send,
    /// `why` being its error (e.g. `"uri too long"`): the reason is
    /// [`NOT_REQUESTED`] then `a URI the HTTP client refuses (why)`.
    pub fn not_requested(why: &str) -> Verdict {
        Verdict::Blocked {
            reason: format!("{NOT_REQUESTED}a URI the HTTP client refuses ({why})"),
        }
    }

    /// For a [`Verdict::Blocked`] made by [`Verdict::not_requested`], why
    /// the URI could not be requested (the reason after
    /// [`NOT_REQUESTED`]); `None` for any other verdict.
    pub fn not_requested_reason(&self) -> Option<&str> {
        match self {
            Verdict::Blocked { reason } => reason.strip_prefix(NOT_REQUESTED),
            _ => None,
        }
    }
}

/// One redirect followed: the status that redirected and where to.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Hop {
    /// The 3xx status (301, 302, 303, 307, 308).
    pub status: u16,
    /// The URI redirected to: the `Location` header resolved against the
    /// URI requested (RFC 9110 section 10.2.2, RFC 3986 section 5.2).
    pub to: String,
}

/// The result of checking one URI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The URI requested: as found, without its fragment.
    pub uri: String,
    /// The verdict.
    pub verdict: Verdict,
    /// The last status received (after redirects), `None` when no answer
    /// came.
    pub status: Option<u16>,
    /// Redirects followed, in order; empty when the first answer was final.
    pub redirects: Vec<Hop>,
    /// Requests made for this URI (retries and redirects included).
    pub requests: u32,
    /// Time from the first request to the verdict.
    pub elapsed: Duration,
    /// With `--remote-anchors`, for a 2xx HTML answer: the `id` values and
    /// `<a name>` values of the page, sorted; `None` when not read (not
    /// HTML, body over the limit, a host of `anchor_skip_hosts`, or
    /// anchors not asked for).
    pub ids: Option<Vec<String>>,
}

/// What a remote check's finding says of the request (the `remote` field
/// of a JSON Lines finding).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Answer {
    /// [`Verdict::class`].
    pub class: &'static str,
    /// The last status received, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// The redirects followed, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub redirects: Vec<Hop>,
    /// Requests made for the URI in this run (0: the answer came from the
    /// cache).
    pub requests: u32,
}

impl Outcome {
    /// The [`Answer`] of findings about this outcome.
    pub fn answer(&self) -> Answer {
        Answer {
            class: self.verdict.class(),
            status: self.status,
            redirects: self.redirects.clone(),
            requests: self.requests,
        }
    }

    /// The URI the chain ends at: the last hop's target, else [`Outcome::uri`].
    pub fn final_uri(&self) -> &str {
        self.redirects.last().map_or(&self.uri, |h| &h.to)
    }

    /// True when every hop is permanent (301 or 308) and the chain ends in
    /// a 2xx answer: the link should be the final URI.
    pub fn permanently_moved(&self) -> bool {
        !self.redirects.is_empty()
            && self.verdict == Verdict::Alive
            && self
                .redirects
                .iter()
                .all(|h| h.status == 301 || h.status == 308)
    }
}

/// A run that resolved no host name at all cannot tell a name that does
/// not exist from a resolver it cannot reach (an air-gapped runner, a
/// sandbox whose DNS answers "not found" for every name): unless some
/// outcome of `outcomes` shows a name resolved in this run (an answer
/// from a host that is a name, not an IP literal nor one of
/// `mapped`, the `--resolve` hosts; cached outcomes, with no request, do
/// not count), each [`Verdict::Gone`] that got no answer (a name that did
/// not resolve) is made [`Verdict::Transient`], saying why. Returns
/// whether a name resolved (`false`: the run says nothing of the names
/// it could not resolve).
pub fn doubt_unresolved(outcomes: &mut [Outcome], mapped: &[String]) -> bool {
    let resolved_a_name = outcomes.iter().any(|o| {
        o.requests > 0
            && o.status.is_some()
            && super::links::host_of(&o.uri)
                .is_some_and(|(h, name)| name && !mapped.iter().any(|m| m.eq_ignore_ascii_case(&h)))
    });
    if resolved_a_name {
        return true;
    }
    for o in outcomes.iter_mut() {
        if let (Verdict::Gone { reason }, None) = (&o.verdict, o.status) {
            o.verdict = Verdict::Transient {
                reason: format!("{reason}; no host name resolved in this run: is DNS reachable?"),
            };
        }
    }
    false
}

/// True when the run reached no server at all: some URI of `outcomes`
/// was sent (`requests > 0`; cached and skipped ones were not) and none
/// of those sent got an HTTP answer, each failing at the network level (a
/// [`Verdict::Transient`] or [`Verdict::Gone`] without a status: no host
/// name resolved, a refused or reset connection, a timeout). A TLS
/// failure, a name that resolves to a private address, a redirect
/// followed and any status (a 5xx too) show that the network answered. Meant for the outcomes
/// of one run's requests after [`doubt_unresolved`]; `check --links
/// remote` exits with status 3 when it is true (issue 48: an offline
/// scheduled job must not pass).
pub fn offline(outcomes: &[Outcome]) -> bool {
    let mut sent = outcomes.iter().filter(|o| o.requests > 0).peekable();
    sent.peek().is_some()
        && sent.all(|o| {
            o.status.is_none()
                && o.redirects.is_empty()
                && matches!(o.verdict, Verdict::Transient { .. } | Verdict::Gone { .. })
        })
}

/// The line that says a run was [`offline`]: `"error: --links remote:
/// none of the 3 URIs requested (2 hosts) got an answer (no host name
/// resolved, or every request failed at the network level): is the
/// network reachable? Their links were not checked (exit status 3)"`,
/// counting the URIs of `outcomes` that were sent and their hosts.
pub fn offline_message(outcomes: &[Outcome]) -> String {
    let sent: Vec<&Outcome> = outcomes.iter().filter(|o| o.requests > 0).collect();
    let hosts: std::collections::HashSet<String> = sent
        .iter()
        .filter_map(|o| super::links::host_of(&o.uri).map(|(h, _)| h))
        .collect();
    let s = |n: usize| if n == 1 { "" } else { "s" };
    format!(
        "error: --links remote: none of the {} URI{} requested ({} host{}) got an answer \
         (no host name resolved, or every request failed at the network level): \
         is the network reachable? Their links were not checked (exit status 3)",
        sent.len(),
        s(sent.len()),
        hosts.len(),
        s(hosts.len())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn o(uri: &str, verdict: Verdict, status: Option<u16>, requests: u32) -> Outcome {
        Outcome {
            uri: uri.into(),
            verdict,
            status,
            redirects: Vec::new(),
            requests,
            elapsed: Duration::ZERO,
            ids: None,
        }
    }

    fn nx() -> Verdict {
        Verdict::Gone {
            reason: "DNS: Name or service not known".into(),
        }
    }

    #[test]
    fn nxdomain_is_gone_only_when_a_name_resolved() {
        let gone404 = Verdict::Gone {
            reason: "404 Not Found".into(),
        };
        // Only a --resolve host, an IP literal and a cached answer: no
        // evidence that DNS works.
        let mut all = vec![
            o("https://no.example.org/", nx(), None, 1),
            o(
                "http://mapped.example:8080/x",
                gone404.clone(),
                Some(404),
                1,
            ),
            o("http://192.0.2.7/", Verdict::Alive, Some(200), 1),
            o("https://cached.example.net/", Verdict::Alive, Some(200), 0),
        ];
        assert!(!doubt_unresolved(&mut all, &["MAPPED.example".into()]));
        assert_eq!(all[0].verdict.class(), "transient");
        assert!(all[0].verdict.reason().ends_with("is DNS reachable?"));
        assert_eq!(all[1].verdict, gone404);
        // A name answered: NXDOMAIN stands.
        let mut all = vec![
            o("https://no.example.org/", nx(), None, 1),
            o(
                "https://u@www.example.net:8443/",
                Verdict::Alive,
                Some(200),
                1,
            ),
        ];
        assert!(doubt_unresolved(&mut all, &[]));
        assert_eq!(all[0].verdict, nx());
    }

    #[test]
    fn offline_when_nothing_sent_got_an_answer() {
        let transient = |r: &str| Verdict::Transient { reason: r.into() };
        // No name resolved, a refused connection: offline, whatever was
        // skipped or taken from the cache.
        let mut all = vec![
            o("https://no.example.org/", nx(), None, 1),
            o(
                "http://192.0.2.7:81/",
                transient("connection refused"),
                None,
                4,
            ),
            o(
                "http://10.0.0.1/",
                Verdict::Skipped {
                    reason: "private".into(),
                },
                None,
                0,
            ),
            o("https://cached.example.net/", Verdict::Alive, Some(200), 0),
        ];
        assert!(!doubt_unresolved(&mut all, &[]));
        assert!(offline(&all));
        assert!(
            offline_message(&all).contains("none of the 2 URIs requested (2 hosts) got an answer"),
            "{}",
            offline_message(&all)
        );
        // One answer, even a 503, is a network that works.
        all.push(o(
            "https://up.example.com/",
            transient("503 Service Unavailable"),
            Some(503),
            4,
        ));
        assert!(!offline(&all));
        // A TLS failure, a name resolving to a private address: answered.
        let tls = Verdict::Blocked {
            reason: "TLS: bad certificate".into(),
        };
        assert!(!offline(&[o("https://a.example.org/", tls, None, 1)]));
        let private = Verdict::Skipped {
            reason: "a.example.org resolves to a private address".into(),
        };
        assert!(!offline(&[o("https://a.example.org/", private, None, 1)]));
        // Nothing sent at all (every URI skipped, cached or excluded): not
        // offline, there was nothing to reach.
        assert!(!offline(&[]));
        assert!(!offline(&[o(
            "https://c.example/",
            Verdict::Alive,
            Some(200),
            0
        )]));
    }
}
