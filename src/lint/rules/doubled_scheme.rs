//! `U010` doubled-scheme: the scheme written twice, a copy-and-paste or
//! templating slip (`https://https://docs.example.org/`,
//! `<https://https//docs.example.org>`). The grammar alone would report
//! something beside the point (an empty port on the host `https`, or
//! nothing at all), and a normalization fix would hide the typo
//! (`https://https//...`); this rule says what happened. Fix (unsafe: it
//! changes the URI, into the one meant): drop the first scheme and `//`.

use super::{Category, Rule, Severity};
use crate::lint::{quote, Cx};

/// The rule.
pub const RULE: Rule = Rule {
    code: "U010",
    name: "doubled-scheme",
    category: Category::Syntax,
    severity: Severity::Error,
    default_enabled: true,
    fix: Some("drop the first scheme and '//'"),
    summary: "an http(s) scheme written twice ('https://https://x', 'http://https//x')",
    explanation: "A URI that starts with a web scheme and '//' again after its first '//' \
                  (with or without the second ':') names a host 'https' or 'http' that does \
                  not exist: the scheme was pasted twice. The grammar findings of such a URI \
                  (an empty port, a host without dots) are left out, and the fix drops the \
                  first copy.",
    source: "RFC 3986 sections 3.1 and 3.2 (scheme, authority)",
};

/// The length of the first `scheme://` of `text` when both it and the
/// scheme that follows it are `http` or `https` (any case), the second
/// with `://` or `//`; else `None`. Other pairs (`ftp://https//host`) are
/// too rare as slips and too common as quoted examples of wrong URLs.
pub(crate) fn doubled(text: &str) -> Option<usize> {
    let is_web = |s: &str| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https");
    let first = crate::grammar::chars::find_colon_slashes(text.as_bytes())? + 3;
    if !is_web(&text[..first - 3]) {
        return None;
    }
    let rest = &text[first..];
    let scheme_len = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
    let web = is_web(&rest[..scheme_len]);
    let after = &rest[scheme_len..];
    (web && (after.starts_with("://") || after.starts_with("//"))).then_some(first)
}

/// Reports a doubled scheme; true when it did (the caller then leaves
/// the other rules out).
pub(crate) fn check(cx: &mut Cx<'_, '_>) -> bool {
    let text = cx.text();
    let Some(first) = doubled(text) else {
        return false;
    };
    if !cx.on(&RULE) {
        return true;
    }
    let rest = &text[first..];
    let scheme_len = rest.find(['/', ':']).unwrap_or(rest.len());
    // `https://https//x` becomes `https://x`; `https://https://x` too.
    let keep_from = first
        + scheme_len
        + if rest[scheme_len..].starts_with(':') {
            3
        } else {
            2
        };
    let meant = format!("{}{}", &text[..first], &text[keep_from..]);
    let fix = cx.text_fix(
        format!("drop the doubled scheme: {}", quote(&meant)),
        [(first..keep_from, String::new())],
    );
    cx.report(
        &RULE,
        first,
        format!("the scheme is written twice; meant {}?", quote(&meant)),
        fix,
    );
    true
}

#[cfg(test)]
mod tests {
    use super::doubled;
    use crate::lint::testing::hits;

    #[test]
    fn doubled_schemes() {
        assert_eq!(doubled("https://https://docs.example.org/"), Some(8));
        assert_eq!(doubled("https://https//docs.example.org/"), Some(8));
        assert_eq!(doubled("http://HTTP://a/"), Some(7));
        assert_eq!(doubled("https://httpbin.org/get"), None);
        assert_eq!(doubled("https://example.org/https://x"), None);
        // Quoted on purpose in wget's changelog: not a paste slip.
        assert_eq!(doubled("ftp://https//host"), None);
        let (at, fixed) = hits("U010", "see <https://https//docs.example.org/a>.");
        assert_eq!(at, vec![13]);
        assert_eq!(fixed, "see <https://docs.example.org/a>.");
        let (_, fixed) = hits("U010", "see <https://https://docs.example.org/a>.");
        assert_eq!(fixed, "see <https://docs.example.org/a>.");
    }
}
