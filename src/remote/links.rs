//! The links of a run as the remote check sees them: which URIs to
//! request (collected in a first pass over the inputs) and, once checked,
//! the outcome of each, looked up by the `L1xx` rules while the inputs are
//! linted ([`crate::lint::Linter::remote`]).
//!
//! No network code: the requests are [`crate::remote`]'s (`check`).

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock};

use super::Outcome;
use crate::grammar::UriRef;

/// The URIs of a run for the remote check, in two states: being
/// collected (the first pass: every valid `http` or `https` URI linted is
/// noted, nothing is reported), then checked (once [`RemoteLinks::finish`]
/// has the outcomes, the second pass: the `L1xx` rules report what the
/// outcome of each link's URI says). One value serves both passes, shared
/// by every linter of the run (nested configurations included).
#[derive(Debug, Default)]
pub struct RemoteLinks {
    /// URIs to request, in the order first seen, and a set of them.
    collected: Mutex<(Vec<String>, HashSet<String>)>,
    /// Outcomes by URI requested, once checked.
    checked: OnceLock<HashMap<String, Outcome>>,
}

impl RemoteLinks {
    /// An empty collection (the first pass).
    pub fn collecting() -> Self {
        RemoteLinks::default()
    }

    /// Ends the first pass: from now on [`RemoteLinks::outcome`] answers
    /// from `outcomes` (keyed by [`Outcome::uri`]) and nothing more is
    /// noted. A second call changes nothing.
    pub fn finish(&self, outcomes: impl IntoIterator<Item = Outcome>) {
        let _ = self
            .checked
            .set(outcomes.into_iter().map(|o| (o.uri.clone(), o)).collect());
    }

    /// True in the first pass.
    pub fn is_collecting(&self) -> bool {
        self.checked.get().is_none()
    }

    /// Notes `uri` (the [`request_uri`] of a link) for the check; in the
    /// second pass, nothing.
    pub fn note(&self, uri: &str) {
        if !self.is_collecting() {
            return;
        }
        let mut g = self.collected.lock().unwrap_or_else(|p| p.into_inner());
        let (list, seen) = &mut *g;
        if seen.insert(uri.to_owned()) {
            list.push(uri.to_owned());
        }
    }

    /// The URIs noted, in the order first seen.
    pub fn collected(&self) -> Vec<String> {
        self.collected
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .0
            .clone()
    }

    /// The outcome for the request URI `uri` (second pass), if checked.
    pub fn outcome(&self, uri: &str) -> Option<&Outcome> {
        self.checked.get()?.get(uri)
    }
}

/// The URI requested for a link to `uri` (a valid URI as parsed): the
/// URI as written without its fragment (RFC 9110 section 4.2.4: the
/// fragment is not sent), scheme and host lowercased (a host with
/// percent-encoding is left as written), when it is an `http` or `https` URI with a host
/// (RFC 9110 section 4.2.1-4.2.2: an empty host is invalid); `None`
/// otherwise (other schemes are not requested).
pub fn request_uri(uri: &UriRef<'_>) -> Option<String> {
    let scheme = uri.scheme()?;
    if !(scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")) {
        return None;
    }
    if uri.host().is_none_or(str::is_empty) {
        return None;
    }
    let text = uri.as_str();
    let c = uri.components();
    let end = c
        .fragment
        .as_ref()
        .map_or(text.len(), |f| f.start.saturating_sub(1));
    // Scheme and host are case-insensitive (RFC 3986 section 6.2.2.1):
    // `HTTPS://GitHub.com/x` is the same request as `https://github.com/x`.
    let mut out = text.as_bytes()[..end].to_vec();
    for r in [c.scheme.clone(), c.host.clone()].into_iter().flatten() {
        if let Some(part) = out.get_mut(r) {
            if !part.contains(&b'%') {
                part.make_ascii_lowercase();
            }
        }
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// The host of the absolute URI `uri` as the grammar splits it (RFC 3986
/// section 3.2.2; Appendix B's split when `uri` is not valid), lowercase,
/// IP literals with their brackets, and whether it is a registered name
/// (not an IP address); `None` when it has no authority or an empty host.
pub fn host_of(uri: &str) -> Option<(String, bool)> {
    let parsed = crate::grammar::parse(uri, crate::grammar::Grammar::Rfc3987);
    let u = parsed.uri();
    let host = u.host().filter(|h| !h.is_empty())?;
    let name = u.host_kind() == Some(crate::grammar::HostKind::RegName);
    Some((host.to_ascii_lowercase(), name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::{parse, Grammar};

    fn req(s: &str) -> Option<String> {
        request_uri(parse(s, Grammar::Rfc3986).uri())
    }

    #[test]
    fn request_uris() {
        assert_eq!(
            req("https://a.example/x?q#f").as_deref(),
            Some("https://a.example/x?q")
        );
        assert_eq!(
            req("HTTP://A.Example/Path").as_deref(),
            Some("http://a.example/Path")
        );
        assert_eq!(
            req("http://Bücher.example/").as_deref(),
            Some("http://bücher.example/")
        );
        assert_eq!(
            req("http://a.example/#").as_deref(),
            Some("http://a.example/")
        );
        assert_eq!(req("ftp://a.example/"), None);
        assert_eq!(req("mailto:a@b.example"), None);
        assert_eq!(req("http:///x"), None);
        assert_eq!(req("/relative"), None);
    }

    #[test]
    fn hosts() {
        assert_eq!(
            host_of("https://u:p@A.example:8443/x"),
            Some(("a.example".into(), true))
        );
        assert_eq!(host_of("http://[::1]:8080/"), Some(("[::1]".into(), false)));
        assert_eq!(
            host_of("http://127.0.0.1:9/x?y#z"),
            Some(("127.0.0.1".into(), false))
        );
        assert_eq!(host_of("http:///x"), None);
    }

    #[test]
    fn collects_once_in_order() {
        let r = RemoteLinks::collecting();
        for u in [
            "https://b.example/",
            "https://a.example/",
            "https://b.example/",
        ] {
            r.note(u);
        }
        assert_eq!(r.collected(), ["https://b.example/", "https://a.example/"]);
        assert!(r.is_collecting() && r.outcome("https://b.example/").is_none());
    }
}
