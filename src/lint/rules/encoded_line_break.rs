//! `X003` encoded-line-break: a percent-encoded CR or LF (`%0D`, `%0A`)
//! before the query (in the authority or the path), which can split
//! protocol lines when a URI is decoded (RFC 3986 section 7.3). No fix.
//!
//! In a `data:` URI (RFC 2397), the payload, and in a query or fragment
//! an encoded line break is ordinary data (the
//! code of a playground link, `?code=fn+main()%0A...`; a form's textarea;
//! RFC 6068's `mailto:...?body=line1%0D%0Aline2`): not reported. On the
//! Rust documentation shipped with rustup the query case alone gave
//! 22,546 findings, all playground links.

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
    summary: "a percent-encoded CR or LF (%0D, %0A) in the authority or path (in a query or fragment it is data)",
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
    // A `data:` URI's path is its payload (RFC 2397): encoded HTML or
    // text, where a line break is ordinary (an iframe's
    // `src="data:text/html;charset=utf-8,...%0A..."`), and nothing a
    // protocol line is split by.
    if cx
        .uri()
        .scheme()
        .is_some_and(|s| s.eq_ignore_ascii_case("data"))
    {
        return;
    }
    // Up to the query or fragment: after them a line break is data.
    let c = cx.uri().components();
    let end = [c.query.as_ref(), c.fragment.as_ref()]
        .into_iter()
        .flatten()
        .map(|r| r.start.saturating_sub(1))
        .min()
        .unwrap_or(text.len())
        .min(text.len());
    let b = &text.as_bytes()[..end];
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
        // In a query or fragment it is data: a playground's code, a mail body.
        assert!(
            hits("X003", "<https://play.example/?code=fn+main()%0A%7B%7D>")
                .0
                .is_empty()
        );
        assert!(hits("X003", "<mailto:a@example.org?body=one%0D%0Atwo>")
            .0
            .is_empty());
        assert!(hits("X003", "<http://a.example/p#x%0Ay>").0.is_empty());
        // A data: URI's payload (facebook/react-native-website, an
        // iframe's src in website/blog/2024-10-23-release-0.76-new-architecture.mdx).
        assert!(hits(
            "X003",
            "<data:text/html;charset=utf-8,%3Chtml%3E%0A%3Cbody%3E>"
        )
        .0
        .is_empty());
    }
}
