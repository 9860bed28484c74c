//! `X003` encoded-line-break: a percent-encoded CR or LF (`%0D`, `%0A`),
//! which can split protocol lines when a URI is decoded (RFC 3986 section
//! 7.3). No fix.

use super::{Category, Rule, Severity};
use crate::lint::Cx;

/// The rule.
pub const RULE: Rule = Rule {
    code: "X003",
    name: "encoded-line-break",
    category: Category::Security,
    severity: Severity::Warning,
    default_enabled: true,
    fix: None,
    summary: "a percent-encoded CR or LF (%0D, %0A)",
    explanation: "RFC 3986 section 7.3: decoding percent-encoded octets before passing data on \
                  can introduce characters such as CR and LF that split protocol lines \
                  (header and request splitting). A URI in documentation rarely needs them.",
    source: "RFC 3986 section 7.3; RFC 2396 section 7",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let text = cx.text();
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(p) = memchr::memchr(b'%', &b[i..]) {
        let at = i + p;
        if b.len() >= at + 3 && b[at + 1] == b'0' && matches!(b[at + 2], b'a' | b'A' | b'd' | b'D')
        {
            let what = if b[at + 2].eq_ignore_ascii_case(&b'a') {
                "LF"
            } else {
                "CR"
            };
            cx.report(
                &RULE,
                at,
                format!("percent-encoded {what} ({})", &text[at..at + 3]),
                None,
            );
            return;
        }
        i = at + 1;
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_miss() {
        assert_eq!(
            hits("X003", "<http://a.example/x%0d%0aSet-Cookie:1>").0,
            vec![19]
        );
        assert!(hits("X003", "<http://a.example/x%20y%0B>").0.is_empty());
    }
}
