//! `X001` password-in-userinfo: `user:password@` in the authority (RFC
//! 3986 sections 3.2.1 and 7.5). No fix: the credential has to be revoked
//! and removed by a person.

use super::{Category, Rule, Severity};
use crate::lint::{quote, Cx};

/// The rule.
pub const RULE: Rule = Rule {
    code: "X001",
    name: "password-in-userinfo",
    category: Category::Security,
    severity: Severity::Error,
    default_enabled: true,
    fix: None,
    summary: "a password in the userinfo ('user:password@host')",
    explanation: "RFC 3986 section 3.2.1: use of the format 'user:password' in the userinfo \
                  field is deprecated; applications should not render the text after the first \
                  ':' as clear text. Section 7.5: a password in a URI is a security risk \
                  wherever the URI is written down. Remove it (and change the password if it \
                  was real).",
    source: "RFC 3986 sections 3.2.1 and 7.5; RFC 2396 section 7",
};

/// Looks at every candidate, valid or not, template or not: a password
/// is one whatever else is wrong with the URI
/// (`https://user:secret@api.example.com/v1/%s`).
pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let text = cx.text();
    let userinfo = if cx.parsed.is_valid() {
        cx.uri().components().userinfo.clone()
    } else {
        userinfo_of_text(text)
    };
    let Some(ui) = userinfo else {
        return;
    };
    if let Some(colon) = text[ui.clone()].find(':') {
        let at = ui.start + colon + 1;
        if at < ui.end {
            let user = &text[ui.start..ui.start + colon];
            cx.report(
                &RULE,
                at,
                format!("password in the userinfo of user '{}'", quote(user)),
                None,
            );
        }
    }
}

/// The userinfo of a URI that did not parse: between `://` and the last
/// `@` of the authority (which ends at the first `/`, `?` or `#`), as
/// byte offsets into `text`.
fn userinfo_of_text(text: &str) -> Option<std::ops::Range<usize>> {
    let start = text.find("://")? + 3;
    let rest = &text[start..];
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let at = rest[..end].rfind('@')?;
    Some(start..start + at)
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    /// Found on the issue 14 review: X001 was silent when the URI had a
    /// grammar error too.
    #[test]
    fn password_in_a_uri_that_does_not_parse() {
        let (at, _) = hits("X001", "<https://user:secret@api.example.com/v1/%s>");
        assert_eq!(at, vec![14]);
        let (at, _) = hits("X001", "<https://u:p w@h.example/>");
        assert_eq!(at, vec![11]);
        assert!(hits("X001", "<https://h.example/a b@c>").0.is_empty());
    }

    #[test]
    fn hit_miss() {
        let (at, _) = hits("X001", "<ftp://joe:s3cret@ftp.example/pub>");
        assert_eq!(at, vec![11]);
        assert!(hits("X001", "<ftp://joe@ftp.example/pub>").0.is_empty());
        assert!(hits("X001", "<ftp://joe:@ftp.example/pub>").0.is_empty());
    }
}
