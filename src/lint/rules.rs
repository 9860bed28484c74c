//! The catalogue of diagnostic codes: one entry per rule, with its stable
//! code, kebab-case name, default severity, summary and source.
//!
//! This module owns the list. Codes are stable: a code is never reused for
//! another meaning, and a retired rule keeps its code reserved. `U` codes
//! are grammar violations (one per [`crate::error::ErrorKind`]); `D` codes
//! are delimiting problems of RFC 2396 Appendix E.

use serde::Serialize;

use crate::error::ErrorKind;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth a look; may be intended.
    Warning,
    /// The text is wrong: the URI is invalid or cannot be read reliably.
    Error,
}

impl Severity {
    /// `"warning"` or `"error"`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One rule of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Stable code, e.g. `"D001"`.
    pub code: &'static str,
    /// Stable kebab-case name, e.g. `"hyphen-line-break"`.
    pub name: &'static str,
    /// Default severity.
    pub severity: Severity,
    /// One-line summary.
    pub summary: &'static str,
    /// Where the rule comes from (RFC and section).
    pub source: &'static str,
}

/// `D001`: a line break right after a hyphen inside a URI.
pub const HYPHEN_LINE_BREAK: Rule = Rule {
    code: "D001",
    name: "hyphen-line-break",
    severity: Severity::Warning,
    summary: "a line break right after a hyphen: the hyphen may or may not belong to the URI",
    source: "RFC 2396 Appendix E; RFC 3986 Appendix C",
};

/// `D002`: a `<` before a URI that is never closed by `>`.
pub const UNCLOSED_ANGLE_BRACKET: Rule = Rule {
    code: "D002",
    name: "unclosed-angle-bracket",
    severity: Severity::Warning,
    summary: "a '<' before a URI is not closed by '>'; the URI was read as a bare one",
    source: "RFC 2396 Appendix E; RFC 3986 Appendix C",
};

/// `D003`: a candidate longer than the limit, skipped.
pub const URI_TOO_LONG: Rule = Rule {
    code: "D003",
    name: "uri-too-long",
    severity: Severity::Warning,
    summary: "a URI candidate longer than --max-uri-len bytes was skipped",
    source: "urilint (RFC 9110 section 4.1 recommends supporting at least 8000 octets)",
};

/// `D004`: whitespace inside a URI that is not in angle brackets.
pub const WHITESPACE_OUTSIDE_ANGLE: Rule = Rule {
    code: "D004",
    name: "whitespace-outside-angle-brackets",
    severity: Severity::Warning,
    summary: "a URI broken across lines outside '<...>'; angle brackets are the delimiters recommended for URIs that contain whitespace",
    source: "RFC 2396 Appendix E; RFC 3986 Appendix C",
};

/// Every `D` rule, in code order.
pub const DELIMITING: [Rule; 4] = [
    HYPHEN_LINE_BREAK,
    UNCLOSED_ANGLE_BRACKET,
    URI_TOO_LONG,
    WHITESPACE_OUTSIDE_ANGLE,
];

/// The rule of a grammar error kind.
pub fn for_error(kind: ErrorKind) -> Rule {
    let (summary, source) = match kind {
        ErrorKind::InvalidScheme => (
            "the scheme is not ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )",
            "RFC 3986 section 3.1",
        ),
        ErrorKind::InvalidPercentEncoding => (
            "'%' not followed by two hexadecimal digits",
            "RFC 3986 section 2.1",
        ),
        ErrorKind::ExcludedCharacter => (
            "a character that must always be percent-encoded (space, control, < > \" { } | \\ ^ `)",
            "RFC 2396 section 2.4.3; RFC 3986 Appendix A",
        ),
        ErrorKind::UnexpectedCharacter => (
            "a character the component does not allow",
            "RFC 3986 sections 3.2 to 3.5",
        ),
        ErrorKind::InvalidHost => (
            "an IP literal that is not a valid IPv6address or IPvFuture",
            "RFC 3986 section 3.2.2",
        ),
        ErrorKind::InvalidPort => ("a port that is not all digits", "RFC 3986 section 3.2.3"),
        ErrorKind::NonAscii => (
            "a non-ASCII character (an IRI where a URI is expected)",
            "RFC 3987 section 3.1",
        ),
        ErrorKind::MissingScheme => ("a URI without a scheme", "RFC 3986 section 4.3"),
    };
    Rule {
        code: kind.code(),
        name: kind.name(),
        severity: Severity::Error,
        summary,
        source,
    }
}

/// Scheme-specific rules whose source says SHOULD (or binds only the
/// sender) rather than MUST: reported as warnings.
const SCHEME_WARNINGS: [&str; 4] = ["S101", "S403", "S803", "S902"];

/// The severity of a scheme-specific rule (`S` code, see
/// [`crate::scheme::rules`]): a warning for SHOULD-level requirements, an
/// error otherwise.
pub fn scheme_severity(code: &str) -> Severity {
    if SCHEME_WARNINGS.contains(&code) {
        Severity::Warning
    } else {
        Severity::Error
    }
}

/// The rule of a scheme-specific rule of the catalogue.
pub fn for_scheme_rule(r: &crate::scheme::SchemeRule) -> Rule {
    Rule {
        code: r.code,
        name: r.name,
        severity: scheme_severity(r.code),
        summary: r.summary,
        source: r.source,
    }
}

/// Every rule, in code order: grammar (`U`), delimiting (`D`), then
/// scheme-specific (`S`).
pub fn all() -> Vec<Rule> {
    ErrorKind::ALL
        .iter()
        .map(|&k| for_error(k))
        .chain(DELIMITING)
        .chain(crate::scheme::rules().iter().map(for_scheme_rule))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_are_unique() {
        let rules = all();
        let mut codes: Vec<_> = rules.iter().map(|r| r.code).collect();
        let mut names: Vec<_> = rules.iter().map(|r| r.name).collect();
        codes.sort_unstable();
        names.sort_unstable();
        codes.dedup();
        names.dedup();
        assert_eq!(codes.len(), rules.len());
        assert_eq!(names.len(), rules.len());
    }
}
