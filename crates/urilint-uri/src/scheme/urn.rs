//! `S8xx`: the `urn` scheme (RFC 8141, which obsoletes RFC 2141).
//!
//! ```text
//! namestring    = assigned-name [ rq-components ] [ "#" f-component ]
//! assigned-name = "urn" ":" NID ":" NSS
//! NID           = (alphanum) 0*30(ldh) (alphanum)
//! ldh           = alphanum / "-"
//! NSS           = pchar *(pchar / "/")
//! rq-components = [ "?+" r-component ] [ "?=" q-component ]
//! r-component   = pchar *( pchar / "/" / "?" )
//! q-component   = pchar *( pchar / "/" / "?" )
//! ```
//!
//! "A "?" that is not immediately followed by "=" or "+" is not defined for
//! URNs and SHOULD be treated as a syntax error" (RFC 8141 section 2).
//! Informal namespaces are `"urn-" Number`, a number without leading zeros
//! (section 5.2), so an NID that starts with `urn-` must have that form.
//! The other reservations of section 5.1 (`xn--`, two letters and a hyphen,
//! `X-`) constrain the registration of new formal NIDs, not the syntax of
//! URNs, and are not checked.
//!
//! This module owns the URN syntax rules. The f-component is the generic
//! fragment and needs nothing more.

use super::text::{first_char_at, hier_part};
use super::{SchemeRule, Violation};
use crate::grammar::UriRef;

/// `S801`: an NID that is not 2 to 32 letters, digits and hyphens.
pub(super) const URN_INVALID_NID: SchemeRule = SchemeRule {
    code: "S801",
    name: "urn-invalid-nid",
    schemes: &["urn"],
    summary: "the namespace identifier is not 2 to 32 letters, digits and hyphens starting and ending with a letter or digit",
    source: "RFC 8141 sections 2 and 2.1 (NID)",
};

/// `S802`: a missing or empty NSS, or one starting with `/`.
pub(super) const URN_INVALID_NSS: SchemeRule = SchemeRule {
    code: "S802",
    name: "urn-invalid-nss",
    schemes: &["urn"],
    summary: "the namespace specific string is missing or empty, or starts with '/'",
    source: "RFC 8141 sections 2 and 2.2 (NSS)",
};

/// `S803`: a `?` not starting `?+` or `?=`, or an empty r- or q-component.
pub(super) const URN_INVALID_RQ_COMPONENTS: SchemeRule = SchemeRule {
    code: "S803",
    name: "urn-invalid-rq-components",
    schemes: &["urn"],
    summary: "a '?' after the NSS that does not start '?+' (r-component) or '?=' (q-component), or an empty or misplaced component",
    source: "RFC 8141 sections 2, 2.3.1 and 2.3.2",
};

/// `S804`: an NID starting with `urn-` not followed by a number.
pub(super) const URN_INVALID_INFORMAL_NID: SchemeRule = SchemeRule {
    code: "S804",
    name: "urn-invalid-informal-nid",
    schemes: &["urn"],
    summary: "an NID starting with \"urn-\" (reserved for informal namespaces) is not \"urn-\" and a number without leading zeros",
    source: "RFC 8141 sections 5.1 and 5.2 (InformalNamespaceName)",
};

/// The rules of this module, in code order.
pub(super) const RULES: &[SchemeRule] = &[
    URN_INVALID_NID,
    URN_INVALID_NSS,
    URN_INVALID_RQ_COMPONENTS,
    URN_INVALID_INFORMAL_NID,
];

/// Checks a urn URI.
pub(super) fn check(uri: &UriRef<'_>, out: &mut Vec<Violation>) {
    let (start, text) = hier_part(uri);
    let (nid, nss) = match text.find(':') {
        Some(i) => (
            text.get(..i).unwrap_or(""),
            Some((start + i + 1, text.get(i + 1..).unwrap_or(""))),
        ),
        None => (text, None),
    };
    let nid_ok = check_nid(nid, start, out);
    match nss {
        None if nid_ok => out.push(Violation::new(
            &URN_INVALID_NSS,
            start + nid.len(),
            format!("the NID '{nid}' is not followed by ':' and a namespace specific string (RFC 8141 section 2)"),
        )),
        None => {}
        Some((at, "")) => out.push(Violation::new(
            &URN_INVALID_NSS,
            at,
            "the namespace specific string after the NID is empty (RFC 8141 section 2, NSS = pchar *(pchar / \"/\"))".to_string(),
        )),
        Some((at, nss)) if nss.starts_with('/') => out.push(Violation::new(
            &URN_INVALID_NSS,
            at,
            "the namespace specific string starts with '/' (RFC 8141 section 2, NSS = pchar *(pchar / \"/\"))".to_string(),
        )),
        Some(_) => {}
    }
    if let (Some(q), Some(r)) = (uri.query(), &uri.components().query) {
        rq_components(q, r.start, out);
    }
}

/// Checks the NID (at offset `at`); true when it is valid.
fn check_nid(nid: &str, at: usize, out: &mut Vec<Violation>) -> bool {
    let bad = |offset: usize, what: String, out: &mut Vec<Violation>| {
        out.push(Violation::new(
            &URN_INVALID_NID,
            offset,
            format!("{what}: an NID is 2 to 32 letters, digits and hyphens, starting and ending with a letter or digit (RFC 8141 section 2)"),
        ));
        false
    };
    if let Some(i) = nid
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || b == b'-'))
    {
        let (o, what) = first_char_at(nid.get(i..).unwrap_or(""), at + i);
        return bad(o, format!("{what} in the NID '{nid}'"), out);
    }
    if nid.is_empty() {
        return bad(at, "the NID is empty".to_string(), out);
    }
    if !(2..=32).contains(&nid.len()) {
        return bad(
            at,
            format!("the NID '{nid}' is {} characters long", nid.len()),
            out,
        );
    }
    if nid.starts_with('-') {
        return bad(at, format!("the NID '{nid}' starts with '-'"), out);
    }
    if nid.ends_with('-') {
        return bad(
            at + nid.len() - 1,
            format!("the NID '{nid}' ends with '-'"),
            out,
        );
    }
    if nid.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("urn-")) {
        let number = nid.get(4..).unwrap_or("");
        let ok = !number.is_empty()
            && number.bytes().all(|b| b.is_ascii_digit())
            && !number.starts_with('0');
        if !ok {
            out.push(Violation::new(
                &URN_INVALID_INFORMAL_NID,
                at + 4,
                format!("the NID '{nid}' starts with \"urn-\", which is reserved for informal namespaces \"urn-\" Number, a number without leading zeros (RFC 8141 section 5.2)"),
            ));
            return false;
        }
    }
    true
}

/// `pchar` for a literal byte of an already valid query: anything but `/`
/// and `?`.
fn starts_with_pchar(s: &str) -> bool {
    s.bytes().next().is_some_and(|b| b != b'/' && b != b'?')
}

/// Checks the query (after `?`, at offset `base`) as rq-components.
fn rq_components(q: &str, base: usize, out: &mut Vec<Violation>) {
    let question = base.saturating_sub(1);
    let push = |at: usize, what: &str, out: &mut Vec<Violation>| {
        out.push(Violation::new(
            &URN_INVALID_RQ_COMPONENTS,
            at,
            format!("{what} (RFC 8141 section 2)"),
        ));
    };
    if let Some(r) = q.strip_prefix('+') {
        let (r, rest) = match r.find("?=") {
            Some(i) => (
                r.get(..i).unwrap_or(""),
                Some((base + 1 + i + 2, r.get(i + 2..).unwrap_or(""))),
            ),
            None => (r, None),
        };
        if !starts_with_pchar(r) {
            push(
                base + 1,
                "the r-component after '?+' is empty or starts with '/' or '?'",
                out,
            );
        }
        if let Some((at, q)) = rest {
            if !starts_with_pchar(q) {
                push(
                    at,
                    "the q-component after '?=' is empty or starts with '/' or '?'",
                    out,
                );
            }
        }
    } else if let Some(qc) = q.strip_prefix('=') {
        if !starts_with_pchar(qc) {
            push(
                base + 1,
                "the q-component after '?=' is empty or starts with '/' or '?'",
                out,
            );
        }
    } else {
        push(
            question,
            "a '?' after the NSS must start an r-component ('?+') or a q-component ('?='); otherwise it is undefined for URNs and SHOULD be treated as a syntax error",
            out,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::testing::{assert_valid, found};

    #[test]
    fn rfc8141_examples() {
        assert_valid(&[
            // section 2.2, 2.3.1, 2.3.2, 2.3.3
            "urn:example:1/406/47452/2",
            "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
            "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
            "urn:example:foo-bar-baz-qux#somepart",
            // section 3.2
            "urn:example:a123,z456",
            "URN:example:a123,z456",
            "urn:EXAMPLE:a123,z456",
            "urn:example:a123,z456?+abc",
            "urn:example:a123,z456?=xyz",
            "urn:example:a123,z456#789",
            "urn:example:a123,z456/foo",
            "urn:example:a123%2Cz456",
            "URN:EXAMPLE:a123%2cz456",
            "urn:example:A123,z456",
            "urn:example:%D0%B0123,z456",
            // others
            "urn:ietf:rfc:8141",
            "urn:isbn:0451450523",
            "urn:urn-7:x",
            "urn:example:a?+r?=q#f",
            "urn:ab:c",
            "urn:a-b-c-d-e-f-g-h-i-j-k-l-m-n-op:x",
        ]);
    }

    #[test]
    fn nid() {
        assert_eq!(found("urn:a:b"), vec![("S801", 4)]);
        assert_eq!(found("urn:-ab:c"), vec![("S801", 4)]);
        assert_eq!(found("urn:ab-:c"), vec![("S801", 6)]);
        assert_eq!(found("urn:a_b:c"), vec![("S801", 5)]);
        assert_eq!(found("urn::c"), vec![("S801", 4)]);
        assert_eq!(
            found("urn:abcdefghijklmnopqrstuvwxyz0123456:x"),
            vec![("S801", 4)]
        );
        assert_eq!(found("urn://ab:1"), vec![("S801", 4)]);
    }

    #[test]
    fn nss() {
        assert_eq!(found("urn:isbn"), vec![("S802", 8)]);
        assert_eq!(found("urn:isbn:"), vec![("S802", 9)]);
        assert_eq!(found("urn:example:/a"), vec![("S802", 12)]);
    }

    #[test]
    fn rq() {
        assert_eq!(found("urn:example:a?b"), vec![("S803", 13)]);
        assert_eq!(found("urn:example:a?"), vec![("S803", 13)]);
        assert_eq!(found("urn:example:a?+"), vec![("S803", 15)]);
        assert_eq!(found("urn:example:a?="), vec![("S803", 15)]);
        assert_eq!(found("urn:example:a?+r?="), vec![("S803", 18)]);
        assert_eq!(found("urn:example:a?=/x"), vec![("S803", 15)]);
    }

    #[test]
    fn informal() {
        assert_eq!(found("urn:urn-:x"), vec![("S801", 7)]);
        assert_eq!(found("urn:urn-x0:y"), vec![("S804", 8)]);
        assert_eq!(found("urn:urn-07:x"), vec![("S804", 8)]);
        assert_eq!(found("urn:URN-x:y"), vec![("S804", 8)]);
    }
}
