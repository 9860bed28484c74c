//! `L105` https-redirect: an `http` link that the server redirects to the
//! same URI over `https` (`check --links remote`). Fix (unsafe): write
//! the `https` URI.

use super::{Category, Rule, Severity};
use crate::lint::Cx;
use crate::remote::{Outcome, Verdict};

/// The rule.
pub const RULE: Rule = Rule {
    code: "L105",
    name: "https-redirect",
    category: Category::Links,
    severity: Severity::Warning,
    default_enabled: true,
    fix: Some("write the https URI"),
    summary: "an http link redirects to the same URI over https (--links remote)",
    explanation: "The server sends every reader of the http link to the same URI over https \
                  (the same host, port aside, path and query): the link costs each reader a \
                  round trip in clear text, open to being rewritten on the way, before the \
                  page. The fix writes the https URI, keeping the fragment; it is unsafe \
                  (applied with --unsafe-fixes), as the answer of a server may change. \
                  Redirects elsewhere are L104's (permanent) or not reported (temporary).",
    source: "RFC 9110 sections 4.2.2 (https) and 15.4 (redirection); RFC 3986 section 7.5",
};

/// True when the first redirect of `o` goes from `http` to the same URI
/// over `https` (scheme and default ports aside, compared as written)
/// and the chain ends in a 2xx answer with no other hop.
pub(crate) fn upgrade_only(o: &Outcome) -> bool {
    o.redirects.len() == 1 && o.verdict == Verdict::Alive && upgrade(&o.uri, &o.redirects[0].to)
}

/// True when `to` is `from` with `https` for `http`: the same host
/// (case aside), path (empty as `/`) and query, each on its scheme's
/// default port (RFC 3986 section 6.2.3), as the grammar splits them.
fn upgrade(from: &str, to: &str) -> bool {
    use crate::grammar::{parse, Grammar, UriRef};
    let (from, to) = (parse(from, Grammar::Rfc3987), parse(to, Grammar::Rfc3987));
    let (f, t) = (from.uri(), to.uri());
    let scheme_is = |u: &UriRef<'_>, s: &str| u.scheme().is_some_and(|x| x.eq_ignore_ascii_case(s));
    let default_port = |u: &UriRef<'_>, p: &str| u.port().is_none_or(|x| x.is_empty() || x == p);
    let host = |u: &UriRef<'_>| u.host().map(str::to_ascii_lowercase);
    let path = |u: &UriRef<'_>| match u.path() {
        "" => "/".to_owned(),
        p => p.to_owned(),
    };
    scheme_is(f, "http")
        && scheme_is(t, "https")
        && default_port(f, "80")
        && default_port(t, "443")
        && host(f).is_some()
        && host(f) == host(t)
        && path(f) == path(t)
        && f.query() == t.query()
}

pub(crate) fn check(cx: &mut Cx<'_, '_>, o: &Outcome) {
    if !cx.on(&RULE) || !upgrade_only(o) {
        return;
    }
    let (target, fix) = super::permanent_redirect::write_final(cx, o);
    cx.report_at_start(
        &RULE,
        format!(
            "the link redirects ({}) to https: {}",
            o.redirects[0].status,
            crate::lint::quote(&target)
        ),
        fix,
    );
}

#[cfg(test)]
mod tests {
    use super::upgrade;

    #[test]
    fn upgrades() {
        assert!(upgrade("http://a.example/x?q", "https://a.example/x?q"));
        assert!(upgrade("http://A.example", "https://a.example/"));
        assert!(upgrade("http://a.example:80/x", "https://a.example/x"));
        assert!(!upgrade("http://a.example/x", "https://www.a.example/x"));
        assert!(!upgrade("http://a.example/x", "https://a.example/y"));
        assert!(!upgrade("https://a.example/x", "https://a.example/x"));
    }
}
