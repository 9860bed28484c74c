//! `D005` broken-uri: a URI in `<...>` broken across lines. Allowed by RFC
//! 2396 Appendix E, but Markdown, mail clients and most link checkers
//! stop at the line break. Fix: rejoin it.

use super::whitespace_outside_angle_brackets::rejoin;
use super::{Category, Rule, Severity};
use crate::lint::{quote, Cx};
use crate::scan::Delimiter;

/// The rule.
pub const RULE: Rule = Rule {
    code: "D005",
    name: "broken-uri",
    category: Category::Delimiting,
    severity: Severity::Warning,
    default_enabled: true,
    fix: Some("rejoin the URI on one line"),
    summary: "a URI in '<...>' broken across lines",
    explanation: "RFC 2396 Appendix E allows a URI in angle brackets to be broken across lines \
                  (the whitespace is then ignored), but few tools read it that way: Markdown \
                  does not make it a link and link checkers see a truncated URI. The fix \
                  rejoins it on one line (not when a hyphen ends a line: see D001). A URI \
                  broken outside angle brackets is D004. Not reported where the syntax of the \
                  text removes the line break: a reStructuredText embedded URI \
                  ('`text <https://a/' + line break + 'b>`_', in .rst files, Sphinx sources and \
                  Python docstrings; docutils removes the whitespace) and a URI continued in \
                  the next string literal of a program or message catalogue.",
    source: "RFC 2396 Appendix E; RFC 3986 Appendix C",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    let c = cx.candidate;
    if cx.on(&RULE)
        && c.broken()
        && !c.joined()
        && !c.rst_link()
        && c.delimiter() == Delimiter::Angle
    {
        let text = cx.text();
        let fix = rejoin(cx);
        cx.report_at_start(
            &RULE,
            format!("{} is broken across lines", quote(text)),
            fix,
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_fix_miss() {
        // RFC 2396 Appendix E, verbatim.
        let text = "Note the warning in <http://www.ics.uci.edu/pub/\n   ietf/uri/historical.html#WARNING>.\n";
        let (at, fixed) = hits("D005", text);
        assert_eq!(at, vec![21]);
        assert_eq!(
            fixed,
            "Note the warning in <http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>.\n"
        );
        assert!(hits("D005", &fixed).0.is_empty());
        // A hyphen at the break: ambiguous, reported but not fixed.
        let text = "<http://www.ics.uci.edu/pub/ietf/uri/historical-\n   1.html>";
        let (at, fixed) = hits("D005", text);
        assert_eq!((at.len(), fixed.as_str()), (1, text));
    }
}
