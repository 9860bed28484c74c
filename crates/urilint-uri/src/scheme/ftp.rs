//! `S2xx`: the `ftp` scheme (RFC 1738 sections 3.2 and 5).
//!
//! ```text
//! ftpurl  = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
//! fpath   = fsegment *[ "/" fsegment ]
//! ftptype = "A" | "I" | "D" | "a" | "i" | "d"
//! ```
//!
//! RFC 1738 section 3.2.2: "Within a name or CWD component, the characters
//! "/" and ";" are reserved and must be encoded"; the only `;` is the one
//! of the optional `;type=<typecode>` at the end of the url-path, and the
//! typecode is one of "a", "i" or "d".
//!
//! This module owns the url-path rules of ftp. Host, port and login are
//! `S0xx` (the `host` module).

use super::text::split_at_byte;
use super::{host, SchemeRule, Violation};
use crate::grammar::UriRef;

/// `S201`: a `;type=` whose typecode is not a, i or d.
pub(super) const FTP_INVALID_TYPECODE: SchemeRule = SchemeRule {
    code: "S201",
    name: "ftp-invalid-typecode",
    schemes: &["ftp"],
    summary: "the typecode of ';type=' is not one of 'a', 'i' or 'd'",
    source: "RFC 1738 sections 3.2.2 and 5 (ftptype)",
};

/// `S202`: a `;` in an ftp path other than the final `;type=`.
pub(super) const FTP_UNENCODED_SEMICOLON: SchemeRule = SchemeRule {
    code: "S202",
    name: "ftp-unencoded-semicolon",
    schemes: &["ftp"],
    summary: "a ';' in a CWD or name component that does not start the final ';type=<typecode>'; it must be encoded as %3B",
    source: "RFC 1738 section 3.2.2",
};

/// The rules of this module, in code order.
pub(super) const RULES: &[SchemeRule] = &[FTP_INVALID_TYPECODE, FTP_UNENCODED_SEMICOLON];

/// Checks an ftp URI.
pub(super) fn check(uri: &UriRef<'_>, out: &mut Vec<Violation>) {
    host::check_scheme(uri, "ftp", out);
    let r = &uri.components().path;
    let path = uri.path();
    let segments = split_at_byte(path, r.start, b'/');
    let count = segments.len();
    for (n, (at, segment)) in segments.into_iter().enumerate() {
        let Some(semi) = segment.find(';') else {
            continue;
        };
        let semi_at = at + semi;
        if n + 1 < count {
            out.push(Violation::new(
                &FTP_UNENCODED_SEMICOLON,
                semi_at,
                "';' in an ftp directory (CWD) component must be encoded as %3B; only the last component may end with ';type=<typecode>' (RFC 1738 section 3.2.2)".to_string(),
            ));
            continue;
        }
        let params = split_at_byte(segment.get(semi + 1..).unwrap_or(""), semi_at + 1, b';');
        for (i, (p_at, param)) in params.into_iter().enumerate() {
            let key = param.get(..5);
            if i > 0 || !key.is_some_and(|k| k.eq_ignore_ascii_case("type=")) {
                out.push(Violation::new(
                    &FTP_UNENCODED_SEMICOLON,
                    p_at - 1,
                    format!("';{param}' is not ';type=<typecode>': a ';' in an ftp name must be encoded as %3B (RFC 1738 section 3.2.2)"),
                ));
                continue;
            }
            let code = param.get(5..).unwrap_or("");
            if !matches!(code, "a" | "i" | "d" | "A" | "I" | "D") {
                let (at, what) = if code.is_empty() {
                    (p_at - 1, "an empty typecode".to_string())
                } else {
                    (p_at + 5, format!("typecode '{code}'"))
                };
                out.push(Violation::new(
                    &FTP_INVALID_TYPECODE,
                    at,
                    format!("{what}: the ftp typecode is one of 'a', 'i' or 'd' (RFC 1738 sections 3.2.2 and 5)"),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::testing::{assert_valid, found};

    #[test]
    fn valid() {
        assert_valid(&[
            // RFC 1738 sections 2.1, 3.1 and 3.2.2
            "ftp://info.cern.ch/pub/www/doc;type=d",
            "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
            "ftp://ds.internic.net/rfc",
            "ftp://@host.com/",
            "ftp://host.com/",
            "ftp://foo:@host.com/",
            "ftp://myname@host.dom/%2Fetc/motd",
            "ftp://myname@host.dom/etc/motd",
            "ftp://myname@host.dom//etc/motd",
            "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
            "ftp://host.dom/a%3Bb/c;TYPE=I",
            "ftp://host.dom/file;type=A",
            "ftp://host.dom",
        ]);
    }

    #[test]
    fn typecode() {
        assert_eq!(found("ftp://h.example/f;type=x"), vec![("S201", 23)]);
        assert_eq!(found("ftp://h.example/f;type=ai"), vec![("S201", 23)]);
        assert_eq!(found("ftp://h.example/f;type="), vec![("S201", 17)]);
    }

    #[test]
    fn semicolons() {
        assert_eq!(found("ftp://h.example/a;b/c"), vec![("S202", 17)]);
        assert_eq!(found("ftp://h.example/f;mode=x"), vec![("S202", 17)]);
        assert_eq!(found("ftp://h.example/f;type=a;x=1"), vec![("S202", 24)]);
        assert_eq!(
            found("ftp://h.example/a;b/c;type=q"),
            vec![("S202", 17), ("S201", 27)]
        );
    }
}
