//! `S5xx`: the `news` and `nntp` schemes (RFC 5538, which obsoletes RFC
//! 1738 sections 3.6 and 3.7 for them).
//!
//! ```text
//! newsURL        = "news:" [ server "/" ] ( article / newsgroups )
//! article        = msg-id-core                  ; RFC 5536 section 3.1.3
//! newsgroups     = *( group-char / pct-encoded / "*" )
//! nntpURL        = "nntp:" server "/" group [ "/" article-number ]
//! server         = "//" authority
//! group          = 1*( group-char / pct-encoded )
//! article-number = 1*16DIGIT
//! group-char     = ALPHA / DIGIT / "-" / "+" / "_" / "."
//! ```
//!
//! A news URI is an article when it holds an `@` (RFC 5538 section 4). The
//! article is a Message-ID without its angle brackets, `id-left "@"
//! id-right` (RFC 5322 section 3.6.4, RFC 5536 section 3.1.3), read after
//! percent-decoding; `/` must be encoded in it. Newsgroups follow the
//! RFC 3977 `wildmat-pattern`: decoded characters are `wildmat-exact`
//! (not `!`, `,`, `[`, `\`, `]`, controls or space) or the wildcards `*`
//! and `?` (written `%3F`). "." and ".." are not newsgroup names (RFC 5538
//! section 2.3).
//!
//! This module owns those rules; the server's host and port are `S0xx`
//! (the `host` module).

use super::addr::{dot_atom, Options};
use super::text::{decode, describe, invalid_utf8, split_at_byte, Unit};
use super::{host, SchemeRule, Violation};
use crate::grammar::UriRef;

/// `S501`: a news article that is not a Message-ID core.
pub(super) const NEWS_INVALID_ARTICLE: SchemeRule = SchemeRule {
    code: "S501",
    name: "news-invalid-article",
    schemes: &["news"],
    summary: "a news article (a body with '@') is not a Message-ID without angle brackets, id-left \"@\" id-right, at most 248 octets once percent-decoded, with '/' encoded",
    source: "RFC 5538 section 4 (article); RFC 5536 section 3.1.3 (msg-id-core); RFC 5322 section 3.6.4",
};

/// `S502`: news newsgroups that are not a wildmat pattern.
pub(super) const NEWS_INVALID_NEWSGROUPS: SchemeRule = SchemeRule {
    code: "S502",
    name: "news-invalid-newsgroups",
    schemes: &["news"],
    summary: "the newsgroups of a news URI hold a character outside group-char, pct-encoded and '*', a decoded character that is not in a wildmat, or are \".\" or \"..\"; a server must be followed by '/'",
    source: "RFC 5538 sections 2.3 and 4 (newsgroups); RFC 3977 section 4.1 (wildmat)",
};

/// `S503`: an nntp path that is not `/group[/article-number]`.
pub(super) const NNTP_INVALID_PATH: SchemeRule = SchemeRule {
    code: "S503",
    name: "nntp-invalid-path",
    schemes: &["nntp"],
    summary: "the path of an nntp URI is not \"/\" group [ \"/\" article-number ]",
    source: "RFC 5538 section 3 (nntpURL)",
};

/// `S504`: an nntp newsgroup name with a character outside `group`.
pub(super) const NNTP_INVALID_GROUP: SchemeRule = SchemeRule {
    code: "S504",
    name: "nntp-invalid-group",
    schemes: &["nntp"],
    summary: "the newsgroup of an nntp URI holds a character outside group-char and pct-encoded, a decoded character that is not wildmat-exact, or is \".\" or \"..\"",
    source: "RFC 5538 sections 2.3 and 3 (group); RFC 3977 section 4.1 (wildmat-exact)",
};

/// `S505`: an nntp article number that is not 1 to 16 digits.
pub(super) const NNTP_INVALID_ARTICLE_NUMBER: SchemeRule = SchemeRule {
    code: "S505",
    name: "nntp-invalid-article-number",
    schemes: &["nntp"],
    summary: "the article number of an nntp URI is not 1 to 16 decimal digits",
    source: "RFC 5538 section 3 (article-number); RFC 3977 section 9.8",
};

/// The rules of this module, in code order.
pub(super) const RULES: &[SchemeRule] = &[
    NEWS_INVALID_ARTICLE,
    NEWS_INVALID_NEWSGROUPS,
    NNTP_INVALID_PATH,
    NNTP_INVALID_GROUP,
    NNTP_INVALID_ARTICLE_NUMBER,
];

const ASCII: Options = Options { utf8: false };

/// Checks a news or nntp URI; `scheme` is lowercase.
pub(super) fn check(uri: &UriRef<'_>, scheme: &str, out: &mut Vec<Violation>) {
    host::check_scheme(uri, scheme, out);
    if scheme == "nntp" {
        nntp(uri, out);
    } else {
        news(uri, out);
    }
}

/// `group-char` (RFC 5538 section 3).
fn is_group_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'+' | b'_' | b'.')
}

/// A decoded octet allowed in an RFC 3977 `wildmat-exact` (non-ASCII
/// octets are checked as UTF-8 separately).
fn is_wildmat_exact(b: u8) -> bool {
    matches!(b, 0x22..=0x29 | 0x2b | 0x2d..=0x3e | 0x40..=0x5a | 0x5e..=0x7e | 0x80..=0xff)
}

/// Checks a newsgroup name or pattern (decoded units); `wild` allows `*`
/// and `?`. Returns the offending unit and what is wrong.
fn group_fault(units: &[Unit], wild: bool) -> Option<(usize, String)> {
    for u in units {
        let literal_ok = is_group_char(u.byte) || (wild && u.byte == b'*');
        if !u.encoded && !literal_ok {
            let hint = if wild {
                "group-char, pct-encoded or '*'"
            } else {
                "group-char or pct-encoded"
            };
            return Some((
                u.at,
                format!("{} is not allowed here: only {hint}", describe(u)),
            ));
        }
        let decoded_ok = is_wildmat_exact(u.byte) || (wild && matches!(u.byte, b'*' | b'?'));
        if u.encoded && !decoded_ok {
            return Some((
                u.at,
                format!(
                    "{} is not a character of a newsgroup name (wildmat-exact)",
                    describe(u)
                ),
            ));
        }
    }
    if let Some(i) = invalid_utf8(units) {
        let u = units.get(i)?;
        return Some((
            u.at,
            format!("{} is not part of a UTF-8 sequence", describe(u)),
        ));
    }
    let dots = units.iter().all(|u| u.byte == b'.');
    if dots && (units.len() == 1 || units.len() == 2) {
        return Some((
            units.first()?.at,
            "\".\" and \"..\" are not newsgroup names".to_string(),
        ));
    }
    None
}

fn news(uri: &UriRef<'_>, out: &mut Vec<Violation>) {
    let c = uri.components();
    let path = uri.path();
    let (base, text) = if c.authority.is_some() {
        match path.strip_prefix('/') {
            Some(rest) => (c.path.start + 1, rest),
            None => {
                out.push(Violation::new(
                    &NEWS_INVALID_NEWSGROUPS,
                    c.path.start,
                    "the server of a news URI must be followed by '/' (RFC 5538 section 4)"
                        .to_string(),
                ));
                return;
            }
        }
    } else {
        (c.path.start, path)
    };
    let units = decode(text, base);
    if text.contains('@') {
        if let Some(msg) = article_fault(&units, base) {
            out.push(Violation::new(
                &NEWS_INVALID_ARTICLE,
                msg.0,
                format!("{} (RFC 5538 section 4, RFC 5536 section 3.1.3)", msg.1),
            ));
        }
    } else if let Some((at, what)) = group_fault(&units, true) {
        out.push(Violation::new(
            &NEWS_INVALID_NEWSGROUPS,
            at,
            format!("in the newsgroups of a news URI, {what} (RFC 5538 sections 2.3 and 4, RFC 3977 section 4.1)"),
        ));
    }
}

/// Checks a Message-ID core `id-left "@" id-right` (decoded units).
fn article_fault(units: &[Unit], base: usize) -> Option<(usize, String)> {
    if let Some(u) = units.iter().find(|u| u.is_raw(b'/')) {
        return Some((
            u.at,
            "'/' in a Message-ID must be percent-encoded as %2F".to_string(),
        ));
    }
    if units.len() > 248 {
        return Some((
            base,
            format!(
                "the Message-ID is {} octets long; with its angle brackets it must not exceed 250",
                units.len()
            ),
        ));
    }
    let end = units.last().map_or(base, |u| u.at + 1);
    let i = match dot_atom(units, 0, "Message-ID's id-left", end, ASCII) {
        Ok(i) => i,
        Err(f) => return Some((f.at, f.what)),
    };
    match units.get(i) {
        Some(u) if u.byte == b'@' => {}
        Some(u) => {
            return Some((
                u.at,
                format!(
                    "{} is not allowed in the id-left of a Message-ID",
                    describe(u)
                ),
            ))
        }
        None => return Some((base, "the Message-ID has no '@'".to_string())),
    }
    let d = i + 1;
    let j = match units.get(d) {
        None => {
            return Some((
                units.get(i).map_or(base, |u| u.at),
                "the Message-ID has nothing after '@'".to_string(),
            ))
        }
        Some(u) if u.byte == b'[' => {
            // no-fold-literal = "[" *mdtext "]"; mdtext excludes ">", "[", "\", "]"
            let mut j = d + 1;
            loop {
                match units.get(j) {
                    None => {
                        return Some((
                            u.at,
                            "the id-right literal is not closed by ']'".to_string(),
                        ))
                    }
                    Some(v) if v.byte == b']' => break j + 1,
                    Some(v) if matches!(v.byte, 33..=61 | 63..=90 | 94..=126) => j += 1,
                    Some(v) => {
                        return Some((
                            v.at,
                            format!("{} is not allowed in an id-right literal", describe(v)),
                        ))
                    }
                }
            }
        }
        Some(_) => match dot_atom(units, d, "Message-ID's id-right", end, ASCII) {
            Ok(j) => j,
            Err(f) => return Some((f.at, f.what)),
        },
    };
    units.get(j).map(|u| {
        (
            u.at,
            format!(
                "{} is not allowed in the id-right of a Message-ID",
                describe(u)
            ),
        )
    })
}

fn nntp(uri: &UriRef<'_>, out: &mut Vec<Violation>) {
    let c = uri.components();
    let Some(rest) = uri.path().strip_prefix('/') else {
        out.push(Violation::new(
            &NNTP_INVALID_PATH,
            c.path.start,
            "an nntp URI needs '/' and a newsgroup name after the server (RFC 5538 section 3)"
                .to_string(),
        ));
        return;
    };
    let parts = split_at_byte(rest, c.path.start + 1, b'/');
    if let Some((at, _)) = parts.get(2) {
        out.push(Violation::new(
            &NNTP_INVALID_PATH,
            at - 1,
            "an nntp path is '/group' or '/group/article-number', with no further '/' (RFC 5538 section 3)".to_string(),
        ));
    }
    if let Some(&(at, group)) = parts.first() {
        if group.is_empty() {
            out.push(Violation::new(
                &NNTP_INVALID_PATH,
                at,
                "the newsgroup name of an nntp URI is empty (RFC 5538 section 3)".to_string(),
            ));
        } else if let Some((at, what)) = group_fault(&decode(group, at), false) {
            out.push(Violation::new(
                &NNTP_INVALID_GROUP,
                at,
                format!("in the newsgroup of an nntp URI, {what} (RFC 5538 sections 2.3 and 3, RFC 3977 section 4.1)"),
            ));
        }
    }
    if let Some(&(at, number)) = parts.get(1) {
        let message = if number.is_empty() {
            Some((at, "the article number after '/' is empty".to_string()))
        } else if let Some(i) = number.bytes().position(|b| !b.is_ascii_digit()) {
            Some((
                at + i,
                "the article number holds a character other than a digit".to_string(),
            ))
        } else if number.len() > 16 {
            Some((
                at,
                format!(
                    "the article number has {} digits, more than 16",
                    number.len()
                ),
            ))
        } else {
            None
        };
        if let Some((at, what)) = message {
            out.push(Violation::new(
                &NNTP_INVALID_ARTICLE_NUMBER,
                at,
                format!("{what} (RFC 5538 section 3, article-number = 1*16DIGIT)"),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::testing::{assert_valid, found};

    #[test]
    fn rfc5538_examples() {
        assert_valid(&[
            // sections 3 and 4
            "nntp://news.server.example/example.group.this/12345",
            "nntp://wild.server.example/example.group.n%2Fa/12345",
            "nntp://news.server.example/example.group.this",
            "news://news.server.example/example.group.this",
            "news://news.server.example/*",
            "news://news.server.example/",
            "news://wild.server.example/example.group.th%3Fse",
            "news:example.group.*",
            "news:example.group.this",
            // RFC 1738 section 3.6
            "news:comp.infosystems.www.misc",
            "news:*",
            // Message-IDs, RFC 5538 Appendix B and RFC 2392 style
            "news:p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
            "news:960830.1639@XIson.com",
            "news:a%2Fb@example.com",
            "nntp://news.server.example:119/example.group/1234567890123456",
        ]);
    }

    #[test]
    fn articles() {
        assert_eq!(found("news:a/b@example.com"), vec![("S501", 6)]);
        assert_eq!(found("news:a..b@example.com"), vec![("S501", 7)]);
        assert_eq!(found("news:@example.com"), vec![("S501", 5)]);
        assert_eq!(found("news:abc@"), vec![("S501", 8)]);
        assert_eq!(found("news:abc@def%3E"), vec![("S501", 12)]);
        assert_eq!(found("news:abc@%5Bx%3Ey%5D"), vec![("S501", 13)]);
        let long = format!("news:{}@example.com", "a".repeat(240));
        assert_eq!(found(&long), vec![("S501", 5)]);
    }

    #[test]
    fn newsgroups() {
        assert_eq!(found("news:comp.lang:c"), vec![("S502", 14)]);
        assert_eq!(found("news:comp%2Clang"), vec![("S502", 9)]);
        assert_eq!(found("news:.."), vec![("S502", 5)]);
        assert_eq!(found("news://news.server.example"), vec![("S502", 26)]);
        assert_eq!(found("news://news.server.example/a/b"), vec![("S502", 28)]);
    }

    #[test]
    fn nntp() {
        assert_eq!(found("nntp://news.server.example"), vec![("S503", 26)]);
        assert_eq!(found("nntp://news.server.example/"), vec![("S503", 27)]);
        assert_eq!(
            found("nntp://news.server.example/g/1/2"),
            vec![("S503", 30)]
        );
        assert_eq!(found("nntp://news.server.example/g*"), vec![("S504", 28)]);
        assert_eq!(found("nntp://news.server.example/g%3F"), vec![("S504", 28)]);
        assert_eq!(found("nntp://news.server.example/."), vec![("S504", 27)]);
        assert_eq!(found("nntp://news.server.example/g/"), vec![("S505", 29)]);
        assert_eq!(
            found("nntp://news.server.example/g/12a"),
            vec![("S505", 31)]
        );
        assert_eq!(
            found("nntp://news.server.example/g/12345678901234567"),
            vec![("S505", 29)]
        );
        assert_eq!(found("nntp:/g/1"), vec![("S001", 5)]);
    }
}
