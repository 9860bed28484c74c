//! `L103` unreachable-link: a remote link that did not answer within the
//! run, after retries: timeouts, refused or reset connections, 5xx
//! (`check --links remote`).

use super::{Category, Rule, Severity};
use crate::lint::Cx;
use crate::remote::{Outcome, Verdict};

/// The rule.
pub const RULE: Rule = Rule {
    code: "L103",
    name: "unreachable-link",
    category: Category::Links,
    severity: Severity::Warning,
    default_enabled: true,
    fix: None,
    summary: "a remote link did not answer after retries: timeout, connection refused or \
              reset, 5xx (--links remote)",
    explanation: "The request failed in a way that may pass: a timeout, a refused or reset \
                  connection, a temporary DNS failure, a 5xx answer. urilint retried it with \
                  backoff within the run (--max-retries) and it never recovered. A warning, \
                  not an error: such failures are what makes link checks flaky in CI. With \
                  --cache FILE, a link that keeps failing on every run for a week or more is \
                  reported as gone (L101).",
    source: "RFC 9110 section 15.6 (5xx)",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>, o: &Outcome) {
    if !cx.on(&RULE) {
        return;
    }
    let Verdict::Transient { reason } = &o.verdict else {
        return;
    };
    let tries = if o.requests > 1 {
        format!(" ({} requests)", o.requests)
    } else {
        String::new()
    };
    cx.report_at_start(
        &RULE,
        format!("the link could not be reached: {reason}{tries}"),
        None,
    );
}
