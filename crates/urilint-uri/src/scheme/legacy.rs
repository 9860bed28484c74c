//! `S6xx`: the legacy schemes of RFC 1738: `telnet` (section 3.8),
//! `gopher` (section 3.4, re-registered by RFC 4266 section 2), `wais`
//! (section 3.9) and `prospero` (section 3.11).
//!
//! ```text
//! telneturl   = "telnet://" login [ "/" ]
//! gopherurl   = "gopher://" hostport [ / [ gtype [ selector
//!               [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
//! waisurl     = waisdatabase | waisindex | waisdoc
//! waisdatabase = "wais://" hostport "/" database
//! waisindex   = "wais://" hostport "/" database "?" search
//! waisdoc     = "wais://" hostport "/" database "/" wtype "/" wpath
//! prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
//! fieldspec   = ";" fieldname "=" fieldvalue
//! ```
//!
//! gopher, wais and prospero take `hostport`, not `login`: "No username or
//! password is allowed" (RFC 1738 section 3.11; the BNF of section 5 for
//! all three; RFC 4266 section 2.1 `gopher://<host>:<port>/...`). A gopher
//! selector and search string may hold any octet but TAB, LF and CR (RFC
//! 4266 section 2.1); the TABs between them are the `%09` separators.
//!
//! This module owns the path rules of these schemes and the userinfo rule
//! of the three `hostport` ones. The host itself is `S0xx` (the `host`
//! module). Only structure is checked, not the RFC 1738 character classes
//! of each part, which RFC 3986 supersedes.

use super::text::{decode, describe, split_at_byte};
use super::{host, SchemeRule, Violation};
use crate::grammar::UriRef;

/// `S601`: userinfo in a gopher, wais or prospero URI.
pub(super) const LEGACY_USERINFO: SchemeRule = SchemeRule {
    code: "S601",
    name: "legacy-userinfo",
    schemes: &["gopher", "wais", "prospero"],
    summary: "userinfo ('user@') in a scheme whose authority is hostport only",
    source: "RFC 1738 sections 3.4, 3.9, 3.11 and 5; RFC 4266 section 2.1",
};

/// `S602`: anything after the host of a telnet URI but a `/`.
pub(super) const TELNET_PATH: SchemeRule = SchemeRule {
    code: "S602",
    name: "telnet-path",
    schemes: &["telnet"],
    summary: "a telnet URI has a path other than '/' or a query; it ends after the login, with at most a '/'",
    source: "RFC 1738 sections 3.8 and 5 (telneturl)",
};

/// `S603`: a gopher-path whose first character is not a gophertype.
pub(super) const GOPHER_INVALID_TYPE: SchemeRule = SchemeRule {
    code: "S603",
    name: "gopher-invalid-type",
    schemes: &["gopher"],
    summary: "the gopher-path does not start with a one-character gophertype (it starts with %09, or a control or non-ASCII octet)",
    source: "RFC 4266 section 2.1; RFC 1738 section 3.4.1",
};

/// `S604`: CR or LF in a gopher selector or search string.
pub(super) const GOPHER_CONTROL_CHARACTER: SchemeRule = SchemeRule {
    code: "S604",
    name: "gopher-control-character",
    schemes: &["gopher"],
    summary: "a percent-encoded CR or LF in a gopher selector or search string, which may hold any octet but TAB, LF and CR",
    source: "RFC 4266 sections 2.1 and 2.2; RFC 1738 section 3.4.1",
};

/// `S605`: a wais path that is not one of the three forms.
pub(super) const WAIS_INVALID_PATH: SchemeRule = SchemeRule {
    code: "S605",
    name: "wais-invalid-path",
    schemes: &["wais"],
    summary: "the path of a wais URI is not /database, /database?search or /database/wtype/wpath",
    source: "RFC 1738 sections 3.9 and 5 (waisurl)",
};

/// `S606`: a prospero path without `/`, or a field without `=`.
pub(super) const PROSPERO_INVALID_PATH: SchemeRule = SchemeRule {
    code: "S606",
    name: "prospero-invalid-path",
    schemes: &["prospero"],
    summary: "a prospero URI has no '/hsoname', or a ';field=value' that is not one field name, one '=' and one value without '/'",
    source: "RFC 1738 sections 3.11 and 5 (prosperourl, fieldspec)",
};

/// The rules of this module, in code order.
pub(super) const RULES: &[SchemeRule] = &[
    LEGACY_USERINFO,
    TELNET_PATH,
    GOPHER_INVALID_TYPE,
    GOPHER_CONTROL_CHARACTER,
    WAIS_INVALID_PATH,
    PROSPERO_INVALID_PATH,
];

/// Checks a telnet, gopher, wais or prospero URI; `scheme` is lowercase.
pub(super) fn check(uri: &UriRef<'_>, scheme: &str, out: &mut Vec<Violation>) {
    host::check_scheme(uri, scheme, out);
    let c = uri.components();
    if scheme != "telnet" {
        if let Some(r) = &c.userinfo {
            let section = match scheme {
                "gopher" => "RFC 4266 section 2.1, RFC 1738 section 5",
                "wais" => "RFC 1738 sections 3.9 and 5",
                _ => "RFC 1738 sections 3.11 and 5",
            };
            out.push(Violation::new(
                &LEGACY_USERINFO,
                r.start,
                format!("a {scheme} URI takes host and port only: no user name or password is allowed ({section})"),
            ));
        }
    }
    match scheme {
        "telnet" => telnet(uri, out),
        "gopher" => gopher(uri, out),
        "wais" => wais(uri, out),
        _ => prospero(uri, out),
    }
}

fn telnet(uri: &UriRef<'_>, out: &mut Vec<Violation>) {
    let c = uri.components();
    let path = uri.path();
    if !path.is_empty() && path != "/" {
        let at = c.path.start + usize::from(path.starts_with('/'));
        out.push(Violation::new(
            &TELNET_PATH,
            at,
            "a telnet URI ends after the host and port, with at most a final '/' (RFC 1738 section 3.8)".to_string(),
        ));
    } else if let Some(r) = &c.query {
        out.push(Violation::new(
            &TELNET_PATH,
            r.start.saturating_sub(1),
            "a telnet URI has no query: it ends after the host and port, with at most a final '/' (RFC 1738 section 3.8)".to_string(),
        ));
    }
}

fn gopher(uri: &UriRef<'_>, out: &mut Vec<Violation>) {
    let c = uri.components();
    let Some(rest) = uri.path().strip_prefix('/') else {
        return;
    };
    let mut units = decode(rest, c.path.start + 1);
    if let (Some(q), Some(r)) = (uri.query(), &c.query) {
        // "Within the <gopher-path>, no characters are reserved": a '?' is
        // part of the selector or search.
        units.extend(decode(&format!("?{q}"), r.start.saturating_sub(1)));
    }
    let Some(kind) = units.first() else {
        return;
    };
    if kind.byte < 0x20 || kind.byte >= 0x7f {
        let what = if kind.byte == b'\t' {
            "the gopher-path starts with %09: the one-character gophertype before the selector is missing".to_string()
        } else {
            format!("{} is not a gophertype", describe(kind))
        };
        out.push(Violation::new(
            &GOPHER_INVALID_TYPE,
            kind.at,
            format!("{what} (RFC 4266 section 2.1, RFC 1738 section 3.4.1)"),
        ));
        return;
    }
    let mut field = 0;
    for u in units.get(1..).unwrap_or(&[]) {
        match u.byte {
            b'\t' => {
                field += 1;
                if field == 2 {
                    // the Gopher+ string may hold anything (RFC 4266 section 2.3)
                    break;
                }
            }
            b'\r' | b'\n' => {
                let part = if field == 0 {
                    "selector"
                } else {
                    "search string"
                };
                out.push(Violation::new(
                    &GOPHER_CONTROL_CHARACTER,
                    u.at,
                    format!("{} in the gopher {part}, which may hold any octet but TAB, LF and CR (RFC 4266 section 2.1)", describe(u)),
                ));
                return;
            }
            _ => {}
        }
    }
}

fn wais(uri: &UriRef<'_>, out: &mut Vec<Violation>) {
    let c = uri.components();
    let Some(rest) = uri.path().strip_prefix('/') else {
        out.push(Violation::new(
            &WAIS_INVALID_PATH,
            c.path.start,
            "a wais URI needs '/database' after the host and port (RFC 1738 sections 3.9 and 5)"
                .to_string(),
        ));
        return;
    };
    let parts = split_at_byte(rest, c.path.start + 1, b'/');
    match parts.len() {
        1 => {}
        3 => {
            if let Some(r) = &c.query {
                out.push(Violation::new(
                    &WAIS_INVALID_PATH,
                    r.start.saturating_sub(1),
                    "a wais document URI (/database/wtype/wpath) takes no '?search' (RFC 1738 sections 3.9 and 5)".to_string(),
                ));
            }
        }
        n => {
            let at = parts
                .get(if n == 2 { 1 } else { 3 })
                .map_or(c.path.start, |p| p.0 - 1);
            out.push(Violation::new(
                &WAIS_INVALID_PATH,
                at,
                format!("a wais path is /database, /database?search or /database/wtype/wpath, not {n} segments (RFC 1738 sections 3.9 and 5)"),
            ));
        }
    }
}

fn prospero(uri: &UriRef<'_>, out: &mut Vec<Violation>) {
    let c = uri.components();
    let path = uri.path();
    if !path.starts_with('/') {
        out.push(Violation::new(
            &PROSPERO_INVALID_PATH,
            c.path.start,
            "a prospero URI needs '/' and an hsoname after the host and port (RFC 1738 sections 3.11 and 5)".to_string(),
        ));
        return;
    }
    let Some(semi) = path.find(';') else {
        return;
    };
    let fields = split_at_byte(
        path.get(semi + 1..).unwrap_or(""),
        c.path.start + semi + 1,
        b';',
    );
    for (at, field) in fields {
        let fault = match field.find('=') {
            None => Some((
                at - 1,
                format!("field ';{field}' has no '=': fields are ';fieldname=fieldvalue'"),
            )),
            Some(eq) => field
                .bytes()
                .enumerate()
                .find(|&(i, b)| b == b'/' || (b == b'=' && i != eq))
                .map(|(i, b)| {
                    (
                        at + i,
                        format!(
                            "'{}' is not allowed in a prospero field name or value; encode it",
                            b as char
                        ),
                    )
                }),
        };
        if let Some((at, what)) = fault {
            out.push(Violation::new(
                &PROSPERO_INVALID_PATH,
                at,
                format!("{what} (RFC 1738 sections 3.11 and 5)"),
            ));
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::testing::{assert_valid, found};

    #[test]
    fn valid() {
        assert_valid(&[
            // RFC 1738 section 3.8
            "telnet://user:password@host.example:23/",
            "telnet://host.example",
            "telnet://user@host.example/",
            // RFC 4266 section 2 and RFC 1738 section 3.4
            "gopher://gopher.example.org/",
            "gopher://gopher.example.org",
            "gopher://gopher.example.org:70/1",
            "gopher://gopher.example.org/00/file.txt",
            "gopher://gopher.example.org/7search%09query%20words",
            "gopher://gopher.example.org/1sel%09%09+",
            "gopher://gopher.example.org/1sel%09%09!+ABSTRACT%20+SMELL",
            "gopher://gopher.example.org/1sel%09%09+application/postscript%20Es_ES",
            "gopher://gopher.example.org/1sel%09%09+%091%0D%0A+-1%0D%0Aone%0D%0A.%0D%0A",
            "gopher://gopher.example.org/1a?b",
            // RFC 1738 section 3.9
            "wais://quake.think.com/directory-of-servers",
            "wais://quake.think.com:210/db?search+words",
            "wais://quake.think.com/db/TEXT/doc-id-1234",
            "wais://quake.think.com/",
            // RFC 1738 section 3.11
            "prospero://host.dom//pros/name",
            "prospero://host.dom:1525/hsoname;OBJECT-VERSION=3",
            "prospero://host.dom/a/b;f=1;g=2",
        ]);
    }

    #[test]
    fn userinfo() {
        assert_eq!(found("gopher://u@gopher.example.org/"), vec![("S601", 9)]);
        assert_eq!(found("wais://u:p@quake.think.com/db"), vec![("S601", 7)]);
        assert_eq!(found("prospero://u@host.dom/x"), vec![("S601", 11)]);
    }

    #[test]
    fn telnet() {
        assert_eq!(found("telnet://host.example/x"), vec![("S602", 22)]);
        assert_eq!(found("telnet://host.example//"), vec![("S602", 22)]);
        assert_eq!(found("telnet://host.example/?x"), vec![("S602", 22)]);
    }

    #[test]
    fn gopher() {
        assert_eq!(found("gopher://g.example/%09search"), vec![("S603", 19)]);
        assert_eq!(found("gopher://g.example/%0Dx"), vec![("S603", 19)]);
        assert_eq!(found("gopher://g.example/%C3%A9"), vec![("S603", 19)]);
        assert_eq!(found("gopher://g.example/0a%0Db"), vec![("S604", 21)]);
        assert_eq!(found("gopher://g.example/7sel%09a%0Ab"), vec![("S604", 27)]);
    }

    #[test]
    fn wais() {
        assert_eq!(found("wais://quake.think.com"), vec![("S605", 22)]);
        assert_eq!(found("wais://quake.think.com/db/TEXT"), vec![("S605", 25)]);
        assert_eq!(found("wais://quake.think.com/db/T/p/q"), vec![("S605", 29)]);
        assert_eq!(found("wais://quake.think.com/db/T/p?x"), vec![("S605", 29)]);
    }

    #[test]
    fn prospero() {
        assert_eq!(found("prospero://host.dom"), vec![("S606", 19)]);
        assert_eq!(found("prospero://host.dom/x;field"), vec![("S606", 21)]);
        assert_eq!(found("prospero://host.dom/x;f=a=b"), vec![("S606", 25)]);
        assert_eq!(found("prospero://host.dom/x;f=a/b"), vec![("S606", 25)]);
    }
}
