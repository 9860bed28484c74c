//! `D001` hyphen-line-break: a line break right after a hyphen inside a
//! URI (RFC 2396 Appendix E). No fix: only the author knows whether the
//! hyphen belongs to the URI.

use super::{Category, Rule, Severity};
use crate::lint::{quote, Cx};

/// The rule.
pub const RULE: Rule = Rule {
    code: "D001",
    name: "hyphen-line-break",
    category: Category::Delimiting,
    severity: Severity::Warning,
    default_enabled: true,
    fix: None,
    summary: "a line break right after a hyphen: the hyphen may or may not belong to the URI",
    explanation: "RFC 2396 Appendix E: when a URI is broken after a hyphen, the whitespace is \
                  ignored but the hyphen may or may not be part of the URI. urilint keeps the \
                  hyphen and reports the other reading. Rejoin the URI on one line, or break it \
                  elsewhere. On a line of a program's comment ('// ', '# ', '-- ', '; ') the URI \
                  goes on only on a next line with the same comment prefix: the code after a \
                  comment is not its URI's rest.",
    source: "RFC 2396 Appendix E; RFC 3986 Appendix C",
};

/// One finding per URI, at its first hyphen before a line break, with how
/// many more there are (as the grammar rules report one finding per error
/// kind): a run of hyphen-broken lines is one URI, and a finding per
/// hyphen, each quoting the URI, would make the output grow with the
/// square of the run.
pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    let hyphens = cx.candidate.hyphen_breaks();
    let Some(&first) = hyphens.first() else {
        return;
    };
    if !cx.on(&RULE) {
        return;
    }
    let text = cx.text();
    let alt = cx
        .candidate
        .alternatives()
        .into_iter()
        .next()
        .unwrap_or_default();
    let mut message = format!(
        "line break after a hyphen: read as {}, but it may be {}",
        quote(text),
        quote(&alt)
    );
    match hyphens.len() - 1 {
        0 => {}
        1 => message.push_str(" (and 1 more)"),
        n => message.push_str(&format!(" (and {n} more)")),
    }
    cx.report(&RULE, first, message, None);
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn hit_miss_no_fix() {
        let text = "see <http://example.com/a-\n  b> now";
        let (at, fixed) = hits("D001", text);
        assert_eq!(at, vec![25]);
        assert_eq!(fixed, text);
        assert!(hits("D001", "see <http://example.com/a-b> now")
            .0
            .is_empty());
    }

    #[test]
    fn one_finding_per_uri_with_a_bounded_message() {
        use crate::lint::testing::lint_bytes_for_test;
        // Three hyphen breaks: one finding, at the first.
        let text = "see <http://example.com/a-\n  b-\n  c-\n  d> now";
        let (at, _) = hits("D001", text);
        assert_eq!(at, vec![25]);
        let found = lint_bytes_for_test(text, "D001");
        assert_eq!(
            found[0].message,
            "line break after a hyphen: read as http://example.com/a-b-c-d, \
             but it may be http://example.com/abcd (and 2 more)"
        );
        // A long run: the message quotes 200 bytes of each reading.
        let long = "http://a.example/a-\n".repeat(1000);
        let found = lint_bytes_for_test(&long, "D001");
        assert_eq!(found.len(), 1);
        assert!(found[0].message.ends_with("\u{2026} (and 998 more)"));
        assert!(found[0].message.len() < 500, "{}", found[0].message.len());
    }
}
