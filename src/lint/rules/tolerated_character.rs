//! `U009` tolerated-character (off by default): a character RFC 3986 does
//! not allow where it stands, but that the WHATWG URL Standard, and so
//! every browser and most HTTP libraries, takes as written: `[`, `]`,
//! `^`, `|` in a path, query or fragment, `{`, `}` in a query or fragment,
//! a second `#` in a fragment (`https://matrix.to/#/#room:example.org`,
//! `?filter[lang][0]=Python`, `https://docs.rs/mio/^1`).
//!
//! The parser reports these as `U003` or `U004`; the linter reports them
//! under this code instead, so that they can be selected apart. Where a
//! URI must be strictly RFC 3986 (a protocol field, a signature base
//! string), select `U009`.

use super::{Category, Rule, Severity};
use crate::error::{ErrorKind, ParseError};

/// The rule.
pub const RULE: Rule = Rule {
    code: "U009",
    name: "tolerated-character",
    category: Category::Syntax,
    severity: Severity::Warning,
    default_enabled: false,
    fix: None,
    summary: "a character RFC 3986 does not allow in a path, query or fragment, which the \
              WHATWG URL Standard takes as written ('[', ']', '^', '|', '{', '}', a second '#')",
    explanation: "RFC 3986 reserves '[' and ']' for IP literals and '#' for the start of the \
                  fragment, and excludes '^', '|', '{' and '}' (RFC 2396 section 2.4.3). The \
                  WHATWG URL Standard's percent-encode sets leave them as they are in paths, \
                  queries and fragments, so browsers and most libraries accept them, and sites \
                  generate them (PHP and Rails arrays in queries, Matrix room links, semver \
                  ranges). Off by default: on real documentation these were never a broken \
                  link. Percent-encode them where strict RFC 3986 is required.",
    source: "RFC 3986 sections 3.3 to 3.5 and Appendix A; WHATWG URL Standard, percent-encode sets",
};

/// The component of `text` (a URI) that byte `offset` is in, for the
/// purpose of [`tolerated`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Authority,
    Path,
    Query,
    Fragment,
}

fn place(text: &str, offset: usize) -> Place {
    let fragment = text.find('#');
    if fragment.is_some_and(|f| offset > f) {
        return Place::Fragment;
    }
    let before_fragment = fragment.unwrap_or(text.len());
    if text[..before_fragment]
        .find('?')
        .is_some_and(|q| offset > q)
    {
        return Place::Query;
    }
    let after_scheme = text.find(':').map_or(0, |c| c + 1);
    if text[after_scheme..].starts_with("//") {
        let start = after_scheme + 2;
        let end = text[start..]
            .find(['/', '?', '#'])
            .map_or(text.len(), |e| start + e);
        if offset < end {
            return Place::Authority;
        }
    }
    Place::Path
}

/// True when grammar error `e` of `text` is a character that the WHATWG
/// URL Standard takes as written where it stands.
pub(crate) fn tolerated(text: &str, e: &ParseError) -> bool {
    if !matches!(
        e.kind,
        ErrorKind::ExcludedCharacter | ErrorKind::UnexpectedCharacter
    ) {
        return false;
    }
    let Some(&c) = text.as_bytes().get(e.offset) else {
        return false;
    };
    match place(text, e.offset) {
        Place::Authority => false,
        Place::Path => matches!(c, b'[' | b']' | b'^' | b'|'),
        Place::Query => matches!(c, b'[' | b']' | b'^' | b'|' | b'{' | b'}'),
        Place::Fragment => matches!(c, b'[' | b']' | b'^' | b'|' | b'{' | b'}' | b'#'),
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::testing::hits;

    #[test]
    fn tolerated_characters_are_u009_not_u003_or_u004() {
        for text in [
            "<https://grep.app/search?q=toml.load&filter[lang][0]=Python>",
            "<https://matrix.to/#/#psmisc:dropbear.xyz>",
            "<https://docs.rs/mio/^1>",
            "<http://doc.crates.io/manifest.html#the-[features]-section>",
        ] {
            assert_eq!(hits("U009", text).0.len(), 1, "{text}");
            assert!(hits("U004", text).0.is_empty(), "{text}");
            assert!(hits("U003", text).0.is_empty(), "{text}");
        }
        // In the authority, and other characters, they stay errors.
        assert!(hits("U009", "<http://a[b.example/>").0.is_empty());
        assert_eq!(hits("U003", "<http://a.example/a\\b>").0.len(), 1);
        assert!(hits("U009", "<http://a.example/a\\b>").0.is_empty());
    }
}
