//! `L104` permanent-redirect: a remote link that redirects permanently
//! (301, 308 only) to a page that answers: the link should be the final
//! URI (`check --links remote`). Fix (unsafe): write it.

use super::{Category, Rule, Severity};
use crate::lint::Cx;
use crate::remote::Outcome;

/// The rule.
pub const RULE: Rule = Rule {
    code: "L104",
    name: "permanent-redirect",
    category: Category::Links,
    severity: Severity::Warning,
    default_enabled: true,
    fix: Some("write the URI the permanent redirects end at"),
    summary: "a remote link redirects permanently (301, 308) to another URI (--links remote)",
    explanation: "Every redirect of the chain is permanent (301 Moved Permanently or 308 \
                  Permanent Redirect) and the last URI answers 2xx: the server says the \
                  resource now lives there, and that links should be updated (RFC 9110). \
                  Temporary redirects (302, 303, 307) are left alone. The fix writes the \
                  final URI, keeping the link's fragment when the redirect gives none; it is \
                  unsafe (applied with --unsafe-fixes): the server's answer may change, and \
                  a redirect to a login or a home page is a move only in name. An http link \
                  whose only redirect is to the same URI over https is L105's.",
    source: "RFC 9110 sections 15.4.2 (301) and 15.4.9 (308), 10.2.2 (Location)",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>, o: &Outcome) {
    if !cx.on(&RULE) || !o.permanently_moved() || super::https_redirect::upgrade_only(o) {
        return;
    }
    let (target, fix) = write_final(cx, o);
    let statuses: Vec<String> = o.redirects.iter().map(|h| h.status.to_string()).collect();
    cx.report_at_start(
        &RULE,
        format!(
            "the link redirects permanently ({}) to {}",
            statuses.join(", "),
            crate::lint::quote(&target)
        ),
        fix,
    );
}

/// The URI a redirected link should be (the chain's end, with the link's
/// fragment) and the fix that writes it over the link.
pub(crate) fn write_final(cx: &Cx<'_, '_>, o: &Outcome) -> (String, Option<crate::fix::Fix>) {
    let target = with_fragment(o.final_uri(), cx.uri().fragment());
    let fix = cx.text_fix(
        format!("write {}", crate::lint::quote(&target)),
        [(0..cx.text().len(), target.clone())],
    );
    (target, fix)
}

/// `target` with the link's `fragment` when it has none of its own (RFC
/// 9110 section 10.2.2: a redirect without a fragment keeps the
/// original's).
pub(crate) fn with_fragment(target: &str, fragment: Option<&str>) -> String {
    match fragment {
        Some(f) if !target.contains('#') => format!("{target}#{f}"),
        _ => target.to_owned(),
    }
}
