//! `S4xx`: the `mailto` scheme (RFC 6068 section 2).
//!
//! ```text
//! mailtoURI    = "mailto:" [ to ] [ hfields ]
//! to           = addr-spec *("," addr-spec )
//! hfields      = "?" hfield *( "&" hfield )
//! hfield       = hfname "=" hfvalue
//! hfname       = *qchar
//! hfvalue      = *qchar
//! addr-spec    = local-part "@" domain
//! local-part   = dot-atom-text / quoted-string
//! domain       = dot-atom-text / "[" *dtext-no-obs "]"
//! qchar        = unreserved / pct-encoded / some-delims
//! some-delims  = "!" / "$" / "'" / "(" / ")" / "*"
//!              / "+" / "," / ";" / ":" / "@"
//! ```
//!
//! Addresses are read after percent-decoding (RFC 6068 section 6.2:
//! `%22not%40me%22@example.org` is `"not@me"@example.org`); the `,` between
//! addresses and the `?`, `&`, `=` of the header fields are the literal
//! delimiters.
//!
//! This module owns the mailto rules. Header field values are checked for
//! their characters only: the addresses inside `to`, `cc` or `bcc` values
//! are not parsed, as RFC 6068 lets an hfvalue carry any header field
//! value.

use super::addr::{self, Options};
use super::text::{before_query, decode, describe, invalid_utf8, slice, split_at_byte, Unit};
use super::{SchemeRule, Violation};
use crate::grammar::chars::{is, SUB_DELIM, UNRESERVED};
use crate::grammar::UriRef;

/// `S401`: an address of the `to` part that is not an addr-spec.
pub(super) const MAILTO_INVALID_ADDRESS: SchemeRule = SchemeRule {
    code: "S401",
    name: "mailto-invalid-address",
    schemes: &["mailto"],
    summary: "an address before '?' is not an RFC 5322 addr-spec (local-part \"@\" domain, no comments or whitespace) once percent-decoded",
    source: "RFC 6068 section 2 (to, addr-spec); RFC 5322 section 3.4.1",
};

/// `S402`: a header field that is not `hfname=hfvalue` of qchars.
pub(super) const MAILTO_INVALID_HFIELD: SchemeRule = SchemeRule {
    code: "S402",
    name: "mailto-invalid-hfield",
    schemes: &["mailto"],
    summary: "a header field after '?' is not hfname \"=\" hfvalue, or holds a character that must be percent-encoded ('=', '/', '?')",
    source: "RFC 6068 section 2 (hfields, hfield, qchar)",
};

/// `S403`: a fragment on a mailto URI.
pub(super) const MAILTO_FRAGMENT: SchemeRule = SchemeRule {
    code: "S403",
    name: "mailto-fragment",
    schemes: &["mailto"],
    summary: "a fragment identifier on a mailto URI: meaningless and SHOULD NOT be used; '#' in an hfvalue MUST be escaped as %23",
    source: "RFC 6068 section 2",
};

/// `S404`: percent-encoding that RFC 6068 requires or forbids.
pub(super) const MAILTO_PERCENT_ENCODING: SchemeRule = SchemeRule {
    code: "S404",
    name: "mailto-percent-encoding",
    schemes: &["mailto"],
    summary: "an address holds '/', '&', ';' or '=' unencoded, percent-encoded ASCII in a domain name, or percent-encoded octets that are not UTF-8",
    source: "RFC 6068 section 2, items 1, 4 and 5",
};

/// The rules of this module, in code order.
pub(super) const RULES: &[SchemeRule] = &[
    MAILTO_INVALID_ADDRESS,
    MAILTO_INVALID_HFIELD,
    MAILTO_FRAGMENT,
    MAILTO_PERCENT_ENCODING,
];

const UTF8: Options = Options { utf8: true };

/// Checks a mailto URI.
pub(super) fn check(uri: &UriRef<'_>, out: &mut Vec<Violation>) {
    let start = super::text::after_scheme(uri);
    let end = before_query(uri).max(start);
    let to = slice(uri, start, end);
    if !is_plain_address(to.as_bytes()) {
        to_addresses(to, start, out);
    }
    let c = uri.components();
    if let (Some(q), Some(r)) = (uri.query(), &c.query) {
        hfields(q, r.start, out);
    }
    if let Some(r) = &c.fragment {
        out.push(Violation::new(
            &MAILTO_FRAGMENT,
            r.start.saturating_sub(1),
            "a fragment identifier on a mailto URI is meaningless and SHOULD NOT be used; a '#' in an hfvalue MUST be escaped as %23 (RFC 6068 section 2)".to_string(),
        ));
    }
}

/// Checks the `to` part `to` (at offset `start`): its addresses, each
/// percent-decoded (the full reading of [`check`]).
fn to_addresses(to: &str, start: usize, out: &mut Vec<Violation>) {
    let units = decode(to, start);
    if !units.is_empty() {
        for (from, to, at) in addresses(&units, start) {
            address(units.get(from..to).unwrap_or(&[]), at, out);
        }
    }
}

/// True when `to` is empty or one address that [`to_addresses`] finds no
/// fault in, told without decoding: a dot-atom, `@`, a dot-atom (RFC 5322
/// section 3.4.1), of atext and non-ASCII bytes other than `%` (nothing
/// decoded), `&`, `/` and `=` (which `S404` wants encoded); a `,` (two
/// addresses), `"` (a quoted local part) or `[` (a domain literal) leaves
/// the answer to the full reading. Nearly every mailto URI in text is
/// `mailto:name@example.org`: this spares it the decoding into units.
///
/// `to` is the bytes of a `&str`, so that its non-ASCII bytes are UTF-8
/// (the full reading's `S404` for bytes that are not).
fn is_plain_address(to: &[u8]) -> bool {
    fn plain(b: u8) -> bool {
        b >= 0x80 || (addr::is_atext(b) && !matches!(b, b'%' | b'&' | b'/' | b'='))
    }
    /// A dot-atom-text: atoms of plain bytes joined by single dots.
    fn dot_atom(part: &[u8]) -> bool {
        !part.is_empty()
            && part
                .split(|&b| b == b'.')
                .all(|atom| !atom.is_empty() && atom.iter().all(|&b| plain(b)))
    }
    if to.is_empty() {
        return true;
    }
    let Some(at) = memchr::memchr(b'@', to) else {
        return false;
    };
    dot_atom(&to[..at]) && dot_atom(&to[at + 1..])
}

/// Splits the `to` units into addresses on the literal `,` outside quoted
/// strings: `(from, to, offset)` index ranges, with the offset to report for
/// an empty address.
fn addresses(units: &[Unit], start: usize) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    let mut from_at = start;
    let mut quoted = false;
    let mut escaped = false;
    for (i, u) in units.iter().enumerate() {
        if escaped {
            escaped = false;
        } else if quoted && u.byte == b'\\' {
            escaped = true;
        } else if u.byte == b'"' {
            quoted = !quoted;
        } else if !quoted && u.is_raw(b',') {
            out.push((from, i, from_at));
            from = i + 1;
            from_at = u.at + 1;
        }
    }
    out.push((from, units.len(), from_at));
    out
}

/// Checks one address (decoded units; `at` is where it starts).
fn address(units: &[Unit], at: usize, out: &mut Vec<Violation>) {
    if let Some(i) = invalid_utf8(units) {
        let u = units.get(i).copied().unwrap_or(Unit {
            byte: 0,
            at,
            encoded: false,
        });
        out.push(Violation::new(
            &MAILTO_PERCENT_ENCODING,
            u.at,
            format!("{} is not part of a UTF-8 sequence; non-ASCII characters in an address MUST be UTF-8, percent-encoded (RFC 6068 section 2, items 4 and 5)", describe(&u)),
        ));
        return;
    }
    let parts = match addr::addr_spec(units, at, UTF8) {
        Ok(parts) => parts,
        Err(f) => {
            out.push(Violation::new(
                &MAILTO_INVALID_ADDRESS,
                f.at,
                format!("{} (RFC 6068 section 2, RFC 5322 section 3.4.1)", f.what),
            ));
            return;
        }
    };
    if let Some(u) = units
        .iter()
        .find(|u| !u.encoded && matches!(u.byte, b'/' | b'&' | b';' | b'='))
    {
        out.push(Violation::new(
            &MAILTO_PERCENT_ENCODING,
            u.at,
            format!("{} in an address must be percent-encoded in a mailto URI (RFC 6068 section 2, item 1)", describe(u)),
        ));
    } else if !parts.literal {
        let domain = units.get(parts.at_sign + 1..).unwrap_or(&[]);
        if let Some(u) = domain.iter().find(|u| u.encoded && u.byte < 0x80) {
            out.push(Violation::new(
                &MAILTO_PERCENT_ENCODING,
                u.at,
                format!("{} in a domain name: percent-encoding MUST NOT be used in domain names except for UTF-8 characters (RFC 6068 section 2, item 4)", describe(u)),
            ));
        }
    }
}

/// `qchar` (RFC 6068 section 2), for a literal octet.
fn is_qchar(b: u8) -> bool {
    // unreserved, `%` of pct-encoded, and some-delims: sub-delims less
    // `&` and `=` (the hfield delimiters), with `:` and `@`.
    is(b, UNRESERVED)
        || matches!(b, b'%' | b':' | b'@')
        || (is(b, SUB_DELIM) && !matches!(b, b'&' | b'='))
}

/// Checks the query (after `?`, at offset `base`) as `hfields`.
fn hfields(query: &str, base: usize, out: &mut Vec<Violation>) {
    if query.is_empty() {
        out.push(Violation::new(
            &MAILTO_INVALID_HFIELD,
            base.saturating_sub(1),
            "'?' must be followed by a header field 'hfname=hfvalue' (RFC 6068 section 2)"
                .to_string(),
        ));
        return;
    }
    for (at, field) in split_at_byte(query, base, b'&') {
        let Some(eq) = field.find('=') else {
            let message = if field.is_empty() {
                "empty header field: 'hfields' are 'hfname=hfvalue' separated by single '&' (RFC 6068 section 2)".to_string()
            } else {
                format!("header field '{field}' has no '=': a header field is 'hfname=hfvalue' (RFC 6068 section 2)")
            };
            out.push(Violation::new(&MAILTO_INVALID_HFIELD, at, message));
            continue;
        };
        let bad = field
            .bytes()
            .enumerate()
            .find(|&(i, b)| i != eq && !is_qchar(b));
        if let Some((i, b)) = bad {
            let part = if i < eq { "hfname" } else { "hfvalue" };
            let (ch, enc) = match b {
                b'=' => ("'='", "%3D"),
                b'?' => ("'?'", "%3F"),
                b'/' => ("'/'", "%2F"),
                _ => ("this character", "%XX"),
            };
            out.push(Violation::new(
                &MAILTO_INVALID_HFIELD,
                at + i,
                format!("{ch} in an {part} must be percent-encoded as {enc} (RFC 6068 section 2, qchar)"),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::testing::{assert_valid, found};
    use super::{is_plain_address, is_qchar, to_addresses};

    #[test]
    fn qchar_is_rfc_6068() {
        for b in 0..=255u8 {
            let qchar = b.is_ascii_alphanumeric() || b"-._~%!$'()*+,;:@".contains(&b);
            assert_eq!(is_qchar(b), qchar, "{b:#x}");
        }
    }

    #[test]
    fn rfc6068_examples() {
        assert_valid(&[
            // section 6.1
            "mailto:chris@example.com",
            "mailto:infobot@example.com?subject=current-issue",
            "mailto:infobot@example.com?body=send%20current-issue",
            "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
            "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
            "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
            "mailto:joe@example.com?cc=bob@example.com&body=hello",
            "mailto:gorby%25kremvax@example.com",
            "mailto:unlikely%3Faddress@example.com?blat=foop",
            "mailto:Mike%26family@example.org",
            // section 6.2
            "mailto:%22not%40me%22@example.org",
            "mailto:%22oh%5C%5Cno%22@example.org",
            "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
            // section 6.3
            "mailto:user@example.org?subject=caf%C3%A9",
            "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
            "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
            "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
            "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
            // section 2
            "mailto:addr1@an.example,addr2@an.example",
            "mailto:?to=addr1@an.example,addr2@an.example",
            "mailto:addr1@an.example?to=addr2@an.example",
            "mailto:bill+ietf@example.org",
            "mailto:tools.discuss@ietf.org",
            "mailto:a@%5B192.0.2.1%5D",
            "mailto:%22a,b%22@example.org",
        ]);
    }

    #[test]
    fn addresses() {
        assert_eq!(found("mailto:joe"), vec![("S401", 7)]);
        assert_eq!(found("mailto:joe@"), vec![("S401", 10)]);
        assert_eq!(found("mailto:a@b,"), vec![("S401", 11)]);
        assert_eq!(found("mailto:a@b,,c@d"), vec![("S401", 11)]);
        assert_eq!(found("mailto:a..b@example.com"), vec![("S401", 9)]);
        assert_eq!(found("mailto:a@b@example.com"), vec![("S401", 10)]);
        assert_eq!(found("mailto:a(b)@example.com"), vec![("S401", 8)]);
        assert_eq!(found("mailto:%22joe@example.com"), vec![("S401", 7)]);
        assert_eq!(found("mailto:joe%20doe@example.com"), vec![("S401", 10)]);
        assert_eq!(found("mailto://joe@example.com"), vec![("S404", 7)]);
    }

    #[test]
    fn hfields() {
        // RFC 6068 section 6.1: "using "?" twice, is incorrect"
        assert_eq!(
            found("mailto:joe@example.com?cc=bob@example.com?body=hello"),
            vec![("S402", 41)]
        );
        assert_eq!(found("mailto:joe@example.com?subject"), vec![("S402", 23)]);
        assert_eq!(found("mailto:joe@example.com?a=1&&b=2"), vec![("S402", 27)]);
        assert_eq!(found("mailto:joe@example.com?body=a=b"), vec![("S402", 29)]);
        assert_eq!(found("mailto:joe@example.com?body=a/b"), vec![("S402", 29)]);
        assert_eq!(found("mailto:joe@example.com?"), vec![("S402", 22)]);
    }

    /// The plain-address shortcut agrees with the full reading: it says
    /// "no fault" only where decoding and parsing find none.
    #[test]
    fn plain_addresses_agree_with_the_full_reading() {
        // Pieces of addresses: plain bytes, every delimiter the full
        // reading knows, percent-encodings that decode to atext, to a
        // delimiter, to UTF-8 and to a byte that is not, and bare `%`.
        let tokens = [
            "a", "Z", "9", ".", "@", "%", "%41", "%2e", "%40", "%22", "%2C", "%C3%A9", "%E9", ",",
            "\"", "[", "]", "&", "/", "=", ";", "(", "+", "-", "_", "~", "!", "{", "\u{e9}", " ",
            "\\", "\u{7f}",
        ];
        // Every string of up to 3 pieces, and longer ones from a fixed
        // generator.
        let mut cases = super::super::text::testing::joined_pieces(&tokens, 3);
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for _ in 0..20_000 {
            let mut c = String::new();
            for _ in 0..(x % 12) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                c.push_str(tokens[(x % tokens.len() as u64) as usize]);
            }
            cases.push(c);
        }
        let mut plain = 0;
        for to in &cases {
            let mut full = Vec::new();
            to_addresses(to, 7, &mut full);
            if is_plain_address(to.as_bytes()) {
                plain += 1;
                assert!(
                    full.is_empty(),
                    "{to:?}: shortcut says plain, full reading finds {full:?}"
                );
            }
        }
        assert!(plain > 1000, "only {plain} plain cases");
    }

    #[test]
    fn fragment() {
        assert_eq!(found("mailto:joe@example.com#top"), vec![("S403", 22)]);
    }

    #[test]
    fn percent_encoding() {
        assert_eq!(found("mailto:Mike&family@example.org"), vec![("S404", 11)]);
        assert_eq!(found("mailto:a/b@example.org"), vec![("S404", 8)]);
        assert_eq!(found("mailto:user@ex%61mple.org"), vec![("S404", 14)]);
        assert_eq!(found("mailto:caf%E9@example.org"), vec![("S404", 10)]);
    }
}
