//! `U011` missing-scheme-colon: a web URI written without the `:` after
//! its scheme, `http//example.com/a` (issue 14). The scanner finds these
//! only on request ([`crate::scan::ScanOptions::missing_colon`], which the
//! linter asks for while this rule is on): the text is no URI, so the
//! grammar has nothing to say about it, and `extract` leaves it out. Fix
//! (unsafe: it changes the text into the URI meant): insert the `:`.

use super::{Category, Rule, Severity};
use crate::lint::{quote, Cx};

/// The rule.
pub const RULE: Rule = Rule {
    code: "U011",
    name: "missing-scheme-colon",
    category: Category::Syntax,
    severity: Severity::Error,
    default_enabled: true,
    fix: Some("insert the ':' after the scheme"),
    summary: "'http//host' or 'https//host': a web URI without the ':' after its scheme",
    explanation: "Without its colon the scheme is a path segment: 'http//example.com/a' is a \
                  relative reference to a file named 'a' in the folders 'http', '' and \
                  'example.com' under the current document, and a reader who follows it gets \
                  a 404. Found at the start of a word before a host name; not inside a longer \
                  URI ('https://web.archive.org/web/2020/http//x'), a path or a query \
                  ('/http//x', '?u=http//x'), after a ':' ('http://https//x' is U010's), nor \
                  in a template. The fix inserts the ':'.",
    source: "RFC 3986 section 3 (scheme ':' hier-part)",
};

/// Reports a web URI written without its colon (a candidate the scanner
/// marked, [`crate::scan::Candidate::missing_colon`]), unless it is a
/// template.
pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    if !cx.on(&RULE) {
        return;
    }
    let text = cx.text();
    if crate::template::is_template(text) {
        return;
    }
    let Some(slashes) = text.find("//") else {
        return;
    };
    let meant = format!("{}:{}", &text[..slashes], &text[slashes..]);
    let fix = cx.text_fix(
        format!("insert the ':': {}", quote(&meant)),
        [(slashes..slashes, ":".to_string())],
    );
    cx.report_at_start(
        &RULE,
        format!(
            "'{}//' lacks the ':' after the scheme: meant {}?",
            &text[..slashes],
            quote(&meant)
        ),
        fix,
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn missing_colons() {
        let (at, fixed) = hits("U011", "see http//example.com/a, <https//example.com/b>.\n");
        assert_eq!(at, vec![4, 26]);
        assert_eq!(
            fixed,
            "see http://example.com/a, <https://example.com/b>.\n"
        );
        let (at, fixed) = hits("U011", "href=\"HTTPS//example.com/b\" x");
        assert_eq!(at, vec![6]);
        assert_eq!(fixed, "href=\"HTTPS://example.com/b\" x");
        for silent in [
            "https://web.archive.org/web/2020/http//example.com",
            "http://https//example.com/",
            "a/http//example.com xhttp//example.com ?u=http//example.com",
            "url.replace(\"http//\", \"http://\") http///x http//-",
            "http//${host}/a http//example.com/{id}",
        ] {
            let (at, _) = hits("U011", silent);
            assert!(at.is_empty(), "{silent}: {at:?}");
        }
    }
}
