//! `U001`-`U008`: the generic grammar (RFC 3986 Appendix A; RFC 3987 for
//! IRIs; RFC 2396 Appendix A on request). The parser finds these
//! ([`crate::grammar`]); this file gives each error kind its catalogue
//! entry and the one fix: `U007` (non-ASCII) percent-encodes the
//! characters as UTF-8 (RFC 3987 section 3.1).

use std::ops::Range;

use super::{Category, Rule, Severity};
use crate::error::ErrorKind;
use crate::grammar::{iri_to_uri, parse, Grammar};
use crate::lint::{quote, Cx};

/// The catalogue entry of a grammar error kind.
pub fn rule(kind: ErrorKind) -> Rule {
    let (summary, explanation, source, fix) = match kind {
        ErrorKind::InvalidScheme => (
            "the scheme is not ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )",
            "A scheme starts with a letter and continues with letters, digits, '+', '-' and '.'. \
             Anything else before the first ':' makes the text something other than a URI.",
            "RFC 3986 section 3.1",
            None,
        ),
        ErrorKind::InvalidPercentEncoding => (
            "'%' not followed by two hexadecimal digits",
            "A '%' always starts a percent-encoded octet, '%' HEXDIG HEXDIG. A literal percent \
             sign must itself be written %25.",
            "RFC 3986 section 2.1",
            None,
        ),
        ErrorKind::ExcludedCharacter => (
            "a character that must always be percent-encoded (space, control, < > \" { } | \\ ^ `)",
            "These characters are excluded from URIs because they delimit URIs in text or are \
             changed by gateways and transport agents; write them percent-encoded (a space is \
             %20).",
            "RFC 2396 section 2.4.3; RFC 3986 Appendix A",
            None,
        ),
        ErrorKind::UnexpectedCharacter => (
            "a character the component does not allow",
            "A character of the URI alphabet where its component does not allow it, e.g. '[' in \
             a path, a second '#', or a second '@' in the authority. Percent-encode it if it is \
             data.",
            "RFC 3986 sections 3.2 to 3.5",
            None,
        ),
        ErrorKind::InvalidHost => (
            "an IP literal that is not a valid IPv6address or IPvFuture",
            "Inside '[' and ']' the host must be an IPv6 address (RFC 4291 section 2.2) or \
             'v' HEXDIG '.' followed by an IPvFuture address.",
            "RFC 3986 section 3.2.2",
            None,
        ),
        ErrorKind::InvalidPort => (
            "a port that is not all digits",
            "The port after the host's ':' is a decimal number (it may be empty). Not reported \
             by default where a convention puts something else there: scp's 'host:path' after \
             an ssh scheme (git+ssh://git@github.com:npm/cli.git, as npm and pip document it), \
             a list of hosts in a database or broker connection string \
             (mongodb://h1:27017,h2:27017/db, libpq's and Kombu's alike; not in http, https, \
             ws, wss, ftp, file or mailto URIs), and a word standing for a port in a template \
             ('host:port', ':PORT').",
            "RFC 3986 section 3.2.3",
            None,
        ),
        ErrorKind::NonAscii => (
            "a non-ASCII character (an IRI where a URI is expected)",
            "URIs are ASCII. A non-ASCII character is allowed in an IRI (RFC 3987) but must be \
             percent-encoded as UTF-8 in a URI. The fix does that mapping (RFC 3987 section \
             3.1); the result identifies the same resource. Off by default: text for people \
             writes IRIs on purpose (`https://例え.jp/`), and every browser maps them; select \
             it where URIs must be ASCII (HTTP headers, protocol fields).",
            "RFC 3987 section 3.1",
            Some("percent-encode the non-ASCII characters as UTF-8 (RFC 3987 section 3.1)"),
        ),
        ErrorKind::MissingScheme => (
            "a URI without a scheme",
            "An absolute URI begins with its scheme; a reference without one is relative and \
             needs a base URI to mean anything.",
            "RFC 3986 section 4.3",
            None,
        ),
        // A kind the grammar adds later (`ErrorKind` is non-exhaustive).
        _ => (
            "the URI reference breaks its grammar",
            "The text is not a URI reference of the grammar in use.",
            "RFC 3986 Appendix A",
            None,
        ),
    };
    Rule {
        code: kind.code(),
        name: kind.name(),
        category: Category::Syntax,
        severity: Severity::Error,
        default_enabled: kind != ErrorKind::NonAscii,
        fix,
        summary,
        explanation,
        source,
    }
}

/// Byte ranges of the runs of non-ASCII characters of `text`.
fn non_ascii_runs(text: &str) -> Vec<Range<usize>> {
    let mut runs: Vec<Range<usize>> = Vec::new();
    for (i, b) in text.bytes().enumerate() {
        if !b.is_ascii() {
            match runs.last_mut() {
                Some(r) if r.end == i => r.end = i + 1,
                _ => runs.push(i..i + 1),
            }
        }
    }
    runs
}

/// Reports the grammar errors of the candidate's parse: one diagnostic per
/// error kind, at its first offending character, with how many more there
/// are (an invalid port such as `&lt;port&gt;` is one finding, not eight).
pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    // Characters the WHATWG URL Standard takes as written are `U009`'s
    // (off by default), one finding per URI; the others keep their codes.
    let text = cx.text();
    let (tolerated, errors): (Vec<_>, Vec<_>) = cx
        .parsed
        .errors()
        .iter()
        .cloned()
        .partition(|e| super::tolerated_character::tolerated(text, e));
    if let Some(first) = tolerated.first() {
        let rule = super::tolerated_character::RULE;
        if cx.on(&rule) {
            let message = match tolerated.len() - 1 {
                0 => first.message.clone(),
                n => format!("{} (and {n} more)", first.message),
            };
            cx.report(&rule, first.offset, message, None);
        }
    }
    for (i, e) in errors.iter().enumerate() {
        if errors[..i].iter().any(|p| p.kind == e.kind) {
            continue;
        }
        let r = rule(e.kind);
        if !cx.on(&r) {
            continue;
        }
        let more = errors[i + 1..].iter().filter(|x| x.kind == e.kind).count();
        let message = match more {
            0 => e.message.clone(),
            1 => format!("{} (and 1 more)", e.message),
            n => format!("{} (and {n} more)", e.message),
        };
        let mut fix = None;
        if e.kind == ErrorKind::NonAscii && cx.grammar != Grammar::Rfc3987 {
            let text = cx.text();
            let converted = iri_to_uri(text);
            if parse(&converted, cx.grammar).is_valid() {
                let edits = non_ascii_runs(text)
                    .into_iter()
                    .map(|r| (r.clone(), iri_to_uri(&text[r])));
                fix = cx.text_fix(
                    format!("percent-encode as UTF-8: {}", quote(&converted)),
                    edits,
                );
            }
        }
        cx.report(&r, e.offset, message, fix);
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn non_ascii_hit_and_fix() {
        let (at, fixed) = hits(
            "U007",
            "see <http://www.example.org/D\u{fc}rst/\u{e9}t\u{e9}> now",
        );
        // One finding for the three characters, with the fix for all.
        assert_eq!(at, vec![29]);
        assert_eq!(
            fixed,
            "see <http://www.example.org/D%C3%BCrst/%C3%A9t%C3%A9> now"
        );
        let (at, fixed) = hits("U007", &fixed);
        assert!(at.is_empty());
        assert_eq!(
            fixed,
            "see <http://www.example.org/D%C3%BCrst/%C3%A9t%C3%A9> now"
        );
    }

    #[test]
    fn percent_encoding_hit_no_fix() {
        let (at, fixed) = hits("U002", "go to <http://a/%zz> now");
        assert_eq!(at, vec![16]);
        assert_eq!(fixed, "go to <http://a/%zz> now");
        assert!(hits("U002", "go to <http://a/%20> now").0.is_empty());
    }
}
