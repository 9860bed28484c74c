//! `D007` url-prefix (off by default): the `URL:` prefix before a URI
//! (RFC 2396 Appendix E; the 1994 URL BNF). Fix: drop it.

use super::{Category, Rule, Severity};
use crate::fix::{Edit, Fix};
use crate::lint::{quote, Cx};
use crate::scan::Delimiter;

/// The rule.
pub const RULE: Rule = Rule {
    code: "D007",
    name: "url-prefix",
    category: Category::Delimiting,
    severity: Severity::Warning,
    default_enabled: false,
    fix: Some("drop the 'URL:' prefix"),
    summary: "a 'URL:' prefix before a URI",
    explanation: "RFC 2396 Appendix E: the prefix '<URL:...>' was suggested earlier to mark \
                  URIs in text, but it has not been widely adopted and '<...>' alone is \
                  recommended. Off by default.",
    source: "RFC 2396 Appendix E; RFC 3986 Appendix C",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    let c = cx.candidate;
    if !cx.on(&RULE) || !c.url_prefix() {
        return;
    }
    let outer = c.outer_span();
    let start = if c.delimiter() == Delimiter::UrlPrefix {
        outer.start
    } else {
        outer.start + 1
    };
    let end = c.span().start;
    // `URL: http://...` with white space between, outside `<...>`: a
    // label before a URI (an RPM spec's `URL:` tag, a form's field), not
    // the RFC 2396 prefix.
    if c.delimiter() == Delimiter::UrlPrefix && end > start + 4 {
        return;
    }
    // Without the prefix the URI must still be one in text (Appendix E
    // takes any scheme after `URL:`, but only `//`, well-known and, in
    // `<...>`, registered schemes without it): `<URL:foo:bar>` keeps it.
    let text = c.text();
    let scheme = text.split(':').next().unwrap_or_default();
    let stays = text[scheme.len()..].starts_with("://")
        || crate::scheme::is_bare_candidate(scheme.as_bytes())
        || (c.delimiter() == Delimiter::Angle
            && crate::scheme::iana::lookup(scheme.as_bytes()).is_some());
    let fix = (start < end && stays).then(|| Fix {
        message: "drop 'URL:'".to_string(),
        edits: vec![Edit {
            start,
            end,
            replacement: String::new(),
        }],
        applicability: crate::fix::Applicability::Safe,
    });
    cx.report_at_start(&RULE, format!("'URL:' prefix before {}", quote(text)), fix);
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_fix_miss() {
        // RFC 2396 Appendix E's example.
        let (at, fixed) = hits("D007", "Use <URL:http://www.w3.org/Addressing/> now.");
        assert_eq!(at, vec![9]);
        assert_eq!(fixed, "Use <http://www.w3.org/Addressing/> now.");
        assert!(hits("D007", &fixed).0.is_empty());
        let (_, fixed) = hits("D007", "Use URL:http://a.example/ now.");
        assert_eq!(fixed, "Use http://a.example/ now.");
        // Keys that end in `url:` are not the prefix (the review: a
        // MkDocs `site_url:` lost its key), nor is a spaced label.
        for text in [
            "site_url: https://www.mkdocs.org/\n",
            "base_url: https://a.example/ in prose",
            "base-url:https://a.example/",
            "URL: https://a.example/ (an RPM spec tag)",
        ] {
            assert!(hits("D007", text).0.is_empty(), "{text}");
        }
        let (at, fixed) = hits("D007", "<URL: http://a.example/x>");
        assert_eq!(at, vec![6]);
        assert_eq!(fixed, "<http://a.example/x>");
    }
}
