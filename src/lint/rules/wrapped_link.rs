//! `X005` wrapped-link: a link rewritten by a redirect wrapper (a mail
//! gateway's Safe Links, URL Defense or URL Protect, Google's `/url`)
//! where the link itself belongs. Fix: write the link it wraps.

use super::{Category, Rule, Severity};
use crate::lint::Cx;

/// The rule.
pub const RULE: Rule = Rule {
    code: "X005",
    name: "wrapped-link",
    category: Category::Security,
    severity: Severity::Warning,
    default_enabled: true,
    fix: Some("write the link the wrapper wraps"),
    summary: "a link rewritten by a redirect wrapper (Safe Links, Proofpoint URL Defense, \
              Mimecast URL Protect, google.com/url)",
    explanation: "Mail security gateways rewrite every link of the mail they deliver (Microsoft \
                  Safe Links, Proofpoint URL Defense, Mimecast URL Protect), and Google rewrites \
                  links in Gmail, Groups and search results; copied from a mail into a document, \
                  such a link hides where it goes, carries the recipient's address or tenant \
                  (RFC 3986 section 7.5: sensitive information in a URI), sends every reader \
                  through the gateway, and stops working when the tenant's subscription or \
                  policy changes. The fix writes the link the wrapper wraps, decoded offline as \
                  the wrapper's own published decoder does (see urilint's docs on --unwrap). The \
                  fix is unsafe (applied with --unsafe-fixes): the new URI is not the same as the \
                  old one by RFC 3986 section 6, only by way of the wrapper's redirect, which \
                  cannot be checked offline (the gateway may block the target, or be gone). A \
                  Mimecast link keeps its target on Mimecast's servers and gets no fix.",
    source: "RFC 3986 sections 7.5 and 7.6; Microsoft Safe Links, Proofpoint URLDefenseDecode.py, \
             Mimecast URL Protect documentation",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let Some(u) = crate::unwrap::unwrap_parsed(cx.uri()) else {
        return;
    };
    let names = u.names();
    if !u.decoded() {
        let reason = u.chain.last().and_then(|l| l.reason).unwrap_or("");
        let message = if u.chain.len() == 1 {
            format!("a link wrapped by {names}, not decodable offline ({reason})")
        } else {
            format!(
                "a link wrapped by {names}, the last not decodable offline ({reason}): {}",
                crate::lint::quote(&u.uri)
            )
        };
        cx.report_at_start(&RULE, message, None);
        return;
    }
    let len = cx.text().len();
    let fix = cx.text_fix(
        format!("write {}", crate::lint::quote(&u.uri)),
        [(0..len, u.uri.clone())],
    );
    cx.report_at_start(
        &RULE,
        format!(
            "a link wrapped by {names}; the link is {}",
            crate::lint::quote(&u.uri)
        ),
        fix,
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::{hits, lint_bytes_for_test};

    #[test]
    fn hit_fix_miss() {
        let (at, fixed) = hits(
            "X005",
            "See <https://eur03.safelinks.protection.outlook.com/?url=https%3A%2F%2Fhochwald.net%2F&data=04%7C01%7Cjoerg%40hochwald.net&reserved=0> now.",
        );
        assert_eq!(at, vec![5]);
        assert_eq!(fixed, "See <https://hochwald.net/> now.");
        assert!(hits("X005", &fixed).0.is_empty());
    }

    #[test]
    fn nested_message_names_the_chain() {
        let text = "https://www.google.com/url?q=https://urldefense.com/v3/__https://a.example/x*y__;Iw!!t!s$&sa=D\n";
        let found = lint_bytes_for_test(text, "X005");
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "a link wrapped by google > proofpoint; the link is https://a.example/x#y"
        );
    }

    #[test]
    fn mimecast_has_no_fix() {
        let found = lint_bytes_for_test(
            "<https://url.uk.m.mimecastprotect.com/s/F6rYCAW0hl6wn3CQg3QZ>",
            "X005",
        );
        assert_eq!(found.len(), 1);
        assert!(found[0].fix.is_none());
        assert!(
            found[0].message.contains("mimecast"),
            "{}",
            found[0].message
        );
    }
}
