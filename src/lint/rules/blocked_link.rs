//! `L102` blocked-link: a remote link the server would not let urilint
//! verify: 401, 403, 429 after retries, a bot challenge; or that could not
//! be requested at all, a URI the HTTP client refuses (`check --links
//! remote`).

use super::{Category, Rule, Severity};
use crate::lint::Cx;
use crate::remote::{Outcome, Verdict};

/// The rule.
pub const RULE: Rule = Rule {
    code: "L102",
    name: "blocked-link",
    category: Category::Links,
    severity: Severity::Warning,
    default_enabled: true,
    fix: None,
    summary: "a remote link could not be verified: the server refused (401, 403, 429, a bot \
              challenge) (--links remote)",
    explanation: "The server answered, but not with the page: it asked for credentials (401, \
                  407), refused the request (403, 451, LinkedIn's 999, another 4xx), kept \
                  answering 429 Too Many Requests after the retries or asked to wait longer \
                  than --max-retry-wait, served a bot challenge (Cloudflare, Akamai, \
                  DataDome), or the TLS handshake failed. A browser may well get the page: \
                  the link is not known to be broken, so this is a warning, which fails a run \
                  only with --strict. Links behind a login are better excluded (exclude-uris \
                  in urilint.toml) than reported on every run. A link the HTTP client cannot \
                  send at all (a URI over 64 KiB, a redirect to https:/host/x) is reported \
                  here too, as could not be requested.",
    source: "RFC 9110 sections 15.5.2 (401), 15.5.4 (403); RFC 6585 section 4 (429)",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>, o: &Outcome) {
    if !cx.on(&RULE) {
        return;
    }
    let Verdict::Blocked { reason } = &o.verdict else {
        return;
    };
    let message = match o.verdict.not_requested_reason() {
        Some(why) if o.redirects.is_empty() => format!("the link could not be requested: {why}"),
        Some(why) => format!(
            "the link redirects to {}, which could not be requested: {why}",
            crate::lint::quote(o.final_uri())
        ),
        None => format!("the link could not be verified: {reason}"),
    };
    cx.report_at_start(&RULE, message, None);
}
