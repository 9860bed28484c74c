//! `S7xx`: the `mid` and `cid` schemes (RFC 2392 section 2).
//!
//! ```text
//! mid-url       = "mid" ":" message-id [ "/" content-id ]
//! cid-url       = "cid" ":" content-id
//! message-id    = url-addr-spec
//! content-id    = url-addr-spec
//! url-addr-spec = addr-spec  ; URL encoding of RFC 822 addr-spec
//! ```
//!
//! Each id is an addr-spec once percent-decoded (RFC 2392 section 2:
//! `cid:foo4%25foo1@bar.net` is `Content-ID: <foo4%foo1@bar.net>`), read
//! with the RFC 5322 section 3.4.1 grammar without its obsolete forms, in
//! ASCII. In a mid URL, `/` separates the two ids and is "reserved within
//! the mid scheme", so a `/` inside an id must be encoded as `%2F`. The
//! generic `?` has no meaning here: it is read as part of the id.
//!
//! This module owns that rule.

use super::addr::{addr_spec, Options};
use super::text::{body, decode, Unit};
use super::{SchemeRule, Violation};
use crate::grammar::UriRef;

/// `S701`: a message-id or content-id that is not an addr-spec.
pub(super) const MID_CID_INVALID_ADDR_SPEC: SchemeRule = SchemeRule {
    code: "S701",
    name: "mid-cid-invalid-addr-spec",
    schemes: &["mid", "cid"],
    summary: "a message-id or content-id is not an addr-spec (local-part \"@\" domain) once percent-decoded, or a mid id holds an unencoded '/'",
    source: "RFC 2392 section 2; RFC 5322 section 3.4.1",
};

/// The rules of this module, in code order.
pub(super) const RULES: &[SchemeRule] = &[MID_CID_INVALID_ADDR_SPEC];

const ASCII: Options = Options { utf8: false };

/// Checks a mid or cid URI; `scheme` is lowercase.
pub(super) fn check(uri: &UriRef<'_>, scheme: &str, out: &mut Vec<Violation>) {
    let (start, text) = body(uri);
    let units = decode(text, start);
    if scheme == "cid" {
        id(&units, start, "content-id", out);
        return;
    }
    match units.iter().position(|u| u.is_raw(b'/')) {
        None => id(&units, start, "message-id", out),
        Some(i) => {
            let (message, rest) = units.split_at(i);
            let slash = rest.first().map_or(start, |u| u.at);
            let content = rest.get(1..).unwrap_or(&[]);
            let before = out.len();
            id(message, start, "message-id", out);
            if out.len() > before {
                return;
            }
            if let Some(u) = content.iter().find(|u| u.is_raw(b'/')) {
                out.push(Violation::new(
                    &MID_CID_INVALID_ADDR_SPEC,
                    u.at,
                    "a second '/' in a mid URL: '/' is reserved in the mid scheme and must be encoded as %2F inside an id (RFC 2392 section 2)".to_string(),
                ));
                return;
            }
            id(content, slash + 1, "content-id", out);
        }
    }
}

/// Checks one id (decoded units; `at` is where it starts).
fn id(units: &[Unit], at: usize, what: &str, out: &mut Vec<Violation>) {
    if let Err(f) = addr_spec(units, at, ASCII) {
        out.push(Violation::new(
            &MID_CID_INVALID_ADDR_SPEC,
            f.at,
            format!(
                "the {what} is not an addr-spec: {} (RFC 2392 section 2, RFC 5322 section 3.4.1)",
                f.what
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::testing::{assert_valid, found};

    #[test]
    fn rfc2392_examples() {
        assert_valid(&[
            "cid:foo4%25foo1@bar.net",
            "cid:foo4*foo1@bar.net",
            "mid:960830.1639@XIson.com/partA.960830.1639@XIson.com",
            "mid:960830.1639@XIson.com",
            "cid:a/b@example.com",
            "mid:a%2Fb@example.com/c%2Fd@example.com",
            "cid:%22quoted%20id%22@example.com",
            "cid:part1@%5B192.0.2.1%5D",
            "cid:a?b@example.com",
        ]);
    }

    #[test]
    fn invalid() {
        assert_eq!(found("cid:foo"), vec![("S701", 4)]);
        assert_eq!(found("cid:foo@"), vec![("S701", 7)]);
        assert_eq!(found("cid:a..b@example.com"), vec![("S701", 6)]);
        assert_eq!(found("cid:caf%C3%A9@example.com"), vec![("S701", 7)]);
        assert_eq!(found("mid:a@example.com/"), vec![("S701", 18)]);
        assert_eq!(found("mid:a@example.com/b@c/d"), vec![("S701", 21)]);
        assert_eq!(found("mid:a/b@example.com"), vec![("S701", 4)]);
        assert_eq!(found("mid:a@example.com/b"), vec![("S701", 18)]);
    }
}
