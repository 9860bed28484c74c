//! `L101` gone-link: a remote link whose target is gone: 404, 410, a host
//! name that does not exist, or a failure that stayed across runs
//! (`check --links remote`).

use super::{Category, Rule, Severity};
use crate::lint::Cx;
use crate::remote::{Outcome, Verdict};

/// The rule.
pub const RULE: Rule = Rule {
    code: "L101",
    name: "gone-link",
    category: Category::Links,
    severity: Severity::Error,
    default_enabled: true,
    fix: None,
    summary: "a remote link's target is gone: 404, 410, no such host (--links remote)",
    explanation: "Requested with --links remote (never by default), the http or https URI \
                  answered 404 Not Found or 410 Gone (after any redirects), or its host name \
                  does not exist (NXDOMAIN), or, with --cache, it failed to answer on every \
                  run for a week or more. Every reader of the link meets the same dead end. \
                  Fix the link by hand: find where the page went (the site's search, the \
                  Internet Archive), or drop it. Answers that only say the server would not \
                  tell (401, 403, 429, bot challenges) are L102's, failures that may pass \
                  (timeouts, 5xx) L103's: neither fails a run.",
    source: "RFC 9110 sections 15.5.5 (404) and 15.5.11 (410); RFC 8499 (NXDOMAIN)",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>, o: &Outcome) {
    if !cx.on(&RULE) {
        return;
    }
    let Verdict::Gone { reason } = &o.verdict else {
        return;
    };
    let message = if o.redirects.is_empty() {
        format!("the link is gone: {reason}")
    } else {
        format!(
            "the link redirects to {}, which is gone: {reason}",
            crate::lint::quote(o.final_uri())
        )
    };
    cx.report_at_start(&RULE, message, None);
}
