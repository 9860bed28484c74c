//! `D006` bare-uri (off by default): a URI in prose without delimiters.
//! Fix: enclose it in `<...>` (RFC 2396 Appendix E).

use super::{Category, Rule, Severity};
use crate::fix::{Edit, Fix};
use crate::lint::{quote, Cx};
use crate::scan::Delimiter;

/// The rule.
pub const RULE: Rule = Rule {
    code: "D006",
    name: "bare-uri",
    category: Category::Delimiting,
    severity: Severity::Warning,
    default_enabled: false,
    fix: Some("enclose the URI in '<' and '>'"),
    summary: "a URI in prose without delimiters",
    explanation: "RFC 2396 Appendix E recommends '<' and '>' around URIs in text: without \
                  them, a reader has to guess whether trailing punctuation belongs to the URI. \
                  In Markdown, '<http://...>' is an autolink (CommonMark section 6.5), and \
                  '[text](<http://...>)' a link destination. A URI broken across lines gets no \
                  fix: an autolink cannot span lines. Off by default.",
    source: "RFC 2396 Appendix E; RFC 3986 Appendix C",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    let c = cx.candidate;
    if !cx.on(&RULE) || c.delimiter() != Delimiter::Bare || c.unclosed() || c.url_prefix() {
        return;
    }
    // Broken across lines (after a hyphen, D001, or where the scanner
    // rejoins a line): '<...>' around it would span the line break, which
    // CommonMark does not take as an autolink (L9 of the 2026-11-29
    // review: '<http://a.org/very-' / 'long-path>' rendered with literal
    // brackets), and which leaves the hyphen's reading open. No fix:
    // the URI is rejoined on one line first.
    if c.raw().contains(['\n', '\r']) {
        let text = cx.text();
        cx.report_at_start(
            &RULE,
            format!(
                "bare URI {} broken across lines; rejoin it on one line and enclose it in '<...>'",
                quote(text)
            ),
            None,
        );
        return;
    }
    let span = c.span();
    let fix = Fix {
        message: format!("enclose as <{}>", quote(c.text())),
        edits: vec![
            Edit {
                start: span.start,
                end: span.start,
                replacement: "<".to_string(),
            },
            Edit {
                start: span.end,
                end: span.end,
                replacement: ">".to_string(),
            },
        ],
        applicability: crate::fix::Applicability::Safe,
    };
    let text = cx.text();
    cx.report_at_start(
        &RULE,
        format!("bare URI {}; enclose it in '<...>'", quote(text)),
        Some(fix),
    );
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_fix_miss() {
        let (at, fixed) = hits("D006", "See http://example.com/a, then stop.");
        assert_eq!(at, vec![4]);
        assert_eq!(fixed, "See <http://example.com/a>, then stop.");
        assert!(hits("D006", &fixed).0.is_empty());
        assert!(hits("D006", "See \"http://example.com/a\".").0.is_empty());
    }

    /// L9 of the 2026-11-29 review: a URI broken after a hyphen was
    /// wrapped as '<http://a.org/very-' / 'long-path>', which CommonMark
    /// does not read as an autolink. Still reported, never wrapped, with
    /// LF or CRLF line ends.
    #[test]
    fn no_wrap_across_a_line_break() {
        for text in [
            "Long link http://a.org/very-\nlong-path here.",
            "Long link http://a.org/very-\r\nlong-path here.",
        ] {
            let (at, fixed) = hits("D006", text);
            assert_eq!(at, vec![10], "{text:?}");
            assert_eq!(fixed, text);
        }
        let found = crate::lint::testing::lint_bytes_for_test(
            "Long link http://a.org/very-\nlong-path here.",
            "D006",
        );
        assert!(
            found[0].message.contains("broken across lines") && found[0].fix.is_none(),
            "{found:?}"
        );
    }
}
