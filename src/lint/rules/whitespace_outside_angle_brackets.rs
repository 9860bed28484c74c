//! `D004` whitespace-outside-angle-brackets: a URI broken across lines
//! that is not enclosed in `<...>` (RFC 2396 Appendix E). Fix: rejoin it.

use super::{Category, Rule, Severity};
use crate::fix::{Edit, Fix};
use crate::lint::{quote, Cx};
use crate::scan::Delimiter;

/// The rule.
pub const RULE: Rule = Rule {
    code: "D004",
    name: "whitespace-outside-angle-brackets",
    category: Category::Delimiting,
    severity: Severity::Warning,
    default_enabled: true,
    fix: Some("rejoin the URI on one line"),
    summary: "a URI broken across lines outside '<...>'; angle brackets are the delimiters recommended for URIs that contain whitespace",
    explanation: "RFC 2396 Appendix E recommends angle brackets around a URI that is broken \
                  across lines, so that readers know the whitespace is not part of it. Outside \
                  them, most tools stop at the line break. The fix rejoins the URI (not when a \
                  hyphen ends a line: see D001). A bare URI that a program hard-wrapped in \
                  mid-word (a line of 60 to 100 characters ending inside it, the next line \
                  going on with the rest: 'sensorhandl' + line break + 'er.hpp#L497') is \
                  read joined in plain text and mail bodies; its fix is unsafe, since the \
                  line break may have ended it.",
    source: "RFC 2396 Appendix E; RFC 3986 Appendix C",
};

/// The fix that rejoins a broken candidate: its raw span replaced by its
/// text. `None` when a hyphen ends a line (ambiguous, `D001`).
pub(crate) fn rejoin(cx: &Cx<'_, '_>) -> Option<Fix> {
    let c = cx.candidate;
    if !c.hyphen_breaks().is_empty() || c.text().len() == c.raw().len() {
        return None;
    }
    let span = c.span();
    Some(Fix {
        message: format!("rejoin as {}", quote(c.text())),
        edits: vec![Edit {
            start: span.start,
            end: span.end,
            replacement: c.text().to_string(),
        }],
        // A bare URI hard-wrapped in mid-word was joined on a reading of
        // the text (`Candidate::wrapped`): the break may have ended it.
        applicability: if c.wrapped() {
            crate::fix::Applicability::Unsafe
        } else {
            crate::fix::Applicability::Safe
        },
    })
}

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    let c = cx.candidate;
    if cx.on(&RULE)
        && c.broken()
        && !c.joined()
        && !c.rst_link()
        && c.delimiter() != Delimiter::Angle
    {
        let text = cx.text();
        let fix = rejoin(cx);
        cx.report_at_start(
            &RULE,
            format!(
                "{} is broken across lines outside '<...>'; enclose it in angle brackets",
                quote(text)
            ),
            fix,
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_fix_miss() {
        let (at, fixed) = hits("D004", "see \"http://example.com/a/\n   b/c\" now");
        assert_eq!(at, vec![5]);
        assert_eq!(fixed, "see \"http://example.com/a/b/c\" now");
        assert!(hits("D004", &fixed).0.is_empty());
        assert!(hits("D004", "see <http://example.com/a/\n b> now")
            .0
            .is_empty());
    }
}
