//! The RFC 2396 grammar, optionally amended by RFC 2732: a validating
//! parser for the obsolete `URI-reference`.
//!
//! This module owns RFC 2396 Appendix A as one function, [`parse`]:
//! `absoluteURI` with `hier_part` or `opaque_part`, `relativeURI` with
//! `net_path`, `abs_path` or `rel_path`, the `server | reg_name` authority
//! with `hostname` and the loose `IPv4address`, path segments with
//! `;param`, and `uric` queries and fragments. With RFC 2732 (section 3)
//! the host may also be `"[" IPv6address "]"`, `IPv4address` takes at most
//! three digits per part, and `[` `]` join `reserved` (hence `uric`).
//!
//! Components are split where RFC 2396 Appendix B (and RFC 3986 Appendix
//! B) split them, and bad bytes are classified and reported exactly as the
//! RFC 3986 parser reports them (see that module), except that without RFC
//! 2732 `[` and `]` are "unwise" (RFC 2396 section 2.4.3) and so reported
//! as [`ErrorKind::ExcludedCharacter`] (or [`ErrorKind::InvalidHost`] for
//! an IP literal in the host). Offsets are 0-based byte offsets into the
//! input.

use super::rfc3986::{after_ip_literal, scheme_colon, scheme_message, scheme_offender, Checker};
use super::{chars, ip, Components, HostKind};
use crate::error::{ErrorKind, ParseError};

/// Parses `input` as an RFC 2396 `URI-reference` (section 4, Appendix A),
/// amended by RFC 2732 section 3 when `ipv6` is true.
///
/// Returns the components (always; a best effort when the input is invalid)
/// and every violation found, in order of offset, each at a 0-based byte
/// offset into `input`. For an opaque URI (`scheme ":" opaque_part`, e.g.
/// `mailto:a@b?subject=x`) the whole opaque part, `?` included, is the
/// path and the query is undefined, as the grammar has it. When the
/// authority is a `reg_name` rather than a `server`, `host` is the whole
/// authority (kind [`HostKind::RegName`]) and userinfo and port are
/// undefined.
///
/// Decisions the RFC text leaves to the implementation:
///
/// - Appendix A's `relativeURI` requires a path, yet Appendix C.1 resolves
///   `?y` and section 5.2 step 2 speaks of a reference with an empty path
///   and a defined query; an empty path followed by a query is accepted
///   (RFC 3986 made this explicit, Appendix D.2).
/// - `foo:` (nothing after the scheme) is invalid, because `opaque_part`
///   needs at least one character: reported as
///   [`ErrorKind::UnexpectedCharacter`] at the offset just after the `:`.
/// - A text before the first `:` that is not a scheme is reported as in
///   the RFC 3986 parser (one [`ErrorKind::InvalidScheme`], unless the byte
///   is also invalid in a path segment).
/// - Without RFC 2732, an IP literal in the host is one
///   [`ErrorKind::InvalidHost`] at its `[`; with it, an invalid one is too.
/// - With RFC 2732, `[` and `]` are accepted wherever `uric` is (query,
///   fragment, opaque part), since section 3 adds them to `reserved`.
///
/// Allocates only to report errors; linear in `input.len()`; never panics.
pub(crate) fn parse(input: &str, ipv6: bool) -> (Components, Vec<ParseError>) {
    let mut ck = Checker::new(input, !ipv6);
    let mut c = Components::default();
    let n = input.len();
    let uric: fn(u8) -> bool = if ipv6 { is_uric_2732 } else { is_uric };

    // The fragment is everything after the first '#' (uric has no '#').
    let (end, fragment) = match ck.find(0, n, |b| b == b'#') {
        Some(h) => (h, Some(h + 1..n)),
        None => (n, None),
    };

    let candidate = scheme_colon(&ck, end).map(|k| (k, scheme_offender(ck.slice(0..k))));
    match candidate {
        Some((colon, None)) => {
            // absoluteURI = scheme ":" ( hier_part | opaque_part )
            c.scheme = Some(0..colon);
            let pos = colon + 1;
            if ck.byte(pos) == Some(b'/') {
                hierarchical(&mut ck, &mut c, pos, end, ipv6, None);
            } else {
                // opaque_part = uric_no_slash *uric; it cannot start with
                // '/' here, and cannot be empty.
                c.path = pos..end;
                if pos >= end {
                    let scheme = input.get(..colon).unwrap_or_default();
                    ck.push(
                        ErrorKind::UnexpectedCharacter,
                        pos,
                        format!(
                            "nothing after '{scheme}:': RFC 2396 requires a path or an \
                             opaque part (opaque_part = uric_no_slash *uric; RFC 3986 \
                             allows it empty)"
                        ),
                    );
                }
                let mut from = pos;
                if let Some(b @ (b'[' | b']')) = ck.byte(pos).filter(|_| ipv6 && pos < end) {
                    // RFC 2732 adds '[' ']' to reserved, not to uric_no_slash.
                    ck.push(
                        ErrorKind::UnexpectedCharacter,
                        pos,
                        format!(
                            "'{}' cannot start an opaque part (uric_no_slash)",
                            char::from(b)
                        ),
                    );
                    from += 1;
                }
                ck.check(from..end, uric, "the opaque part");
            }
        }
        Some((colon, Some(o))) => hierarchical(&mut ck, &mut c, 0, end, ipv6, Some((o, colon))),
        None => hierarchical(&mut ck, &mut c, 0, end, ipv6, None),
    }

    if let Some(f) = fragment {
        ck.check(f.clone(), uric, "the fragment");
        c.fragment = Some(f);
    }
    (c, ck.errors)
}

/// `( net_path | abs_path | rel_path ) [ "?" query ]` at `pos..end`: the
/// `hier_part` of an absolute URI (which starts with `/`, so never takes
/// `rel_path`) or a whole `relativeURI`. `bad_scheme` is the first
/// offending byte and the `:` of a text that failed to be a scheme.
fn hierarchical(
    ck: &mut Checker<'_>,
    c: &mut Components,
    pos: usize,
    end: usize,
    ipv6: bool,
    bad_scheme: Option<(usize, usize)>,
) {
    let path_start = if ck.starts_with(pos, b"//") {
        // net_path = "//" authority [ abs_path ]
        let a0 = pos + 2;
        let a1 = ck.find(a0, end, |b| b == b'/' || b == b'?').unwrap_or(end);
        authority(ck, c, a0, a1, ipv6);
        a1
    } else {
        pos
    };
    let query = ck.find(path_start, end, |b| b == b'?');
    let path_end = query.unwrap_or(end);
    c.path = path_start..path_end;

    if let Some((o, colon)) = bad_scheme {
        if !ck.would_reject(o, path_end, is_first_segment_byte) {
            ck.push(
                ErrorKind::InvalidScheme,
                o,
                scheme_message(ck, o, colon, "RFC 2396"),
            );
        }
    }
    if path_start < path_end && ck.byte(path_start) != Some(b'/') {
        // rel_path = rel_segment [ abs_path ]
        let seg_end = ck
            .find(path_start, path_end, |b| b == b'/')
            .unwrap_or(path_end);
        ck.check(
            path_start..seg_end,
            is_first_segment_byte,
            "the first path segment",
        );
        ck.check(seg_end..path_end, is_path_byte, "the path");
    } else {
        // abs_path = "/" path_segments, or empty.
        ck.check(path_start..path_end, is_path_byte, "the path");
    }

    if let Some(q) = query {
        c.query = Some(q + 1..end);
        let uric: fn(u8) -> bool = if ipv6 { is_uric_2732 } else { is_uric };
        ck.check(q + 1..end, uric, "the query");
    }
}

/// `authority = server | reg_name` (section 3.2) at `a0..a1`, with the RFC
/// 2732 `IPv6reference` host when `ipv6` is set.
fn authority(ck: &mut Checker<'_>, c: &mut Components, a0: usize, a1: usize, ipv6: bool) {
    c.authority = Some(a0..a1);
    // userinfo has no '@', nor has hostport: a server splits at the first.
    let at = ck.find(a0, a1, |b| b == b'@');
    let h0 = at.map_or(a0, |u| u + 1);

    if h0 < a1 && ck.byte(h0) == Some(b'[') {
        // server = [ userinfo "@" ] "[" IPv6address "]" [ ":" port ]
        if let Some(u) = at {
            c.userinfo = Some(a0..u);
            ck.check(a0..u, is_userinfo_byte, "the userinfo");
        }
        let close = ck.find(h0 + 1, a1, |b| b == b']');
        c.host = Some(h0..close.map_or(a1, |r| r + 1));
        c.host_kind = Some(HostKind::Ipv6);
        let problem = if ipv6 {
            match close {
                None => Some("IP literal has no closing ']' (RFC 2732 section 3)"),
                Some(r) if !ip::is_ipv6(ck.slice(h0 + 1..r)) => Some(
                    "IP literal is not a valid IPv6 address \
                     (RFC 2732 section 2, RFC 4291 section 2.2)",
                ),
                Some(_) => None,
            }
        } else {
            Some(
                "IP literals are not part of RFC 2396; IPv6 literals in '[' ']' need \
                 RFC 2732 (grammar rfc2396+ipv6)",
            )
        };
        if let Some(message) = problem {
            ck.push(ErrorKind::InvalidHost, h0, message.to_string());
        }
        if let Some(r) = close {
            after_ip_literal(ck, c, r + 1, a1);
        }
        return;
    }

    // Every server is made of reg_name bytes (or is empty), so the
    // authority is valid exactly when all its bytes are reg_name bytes.
    let before = ck.errors.len();
    ck.check(a0..a1, is_reg_name_byte, "the authority");
    let valid = ck.errors.len() == before;

    // server = [ [ userinfo "@" ] hostport ]; hostport = host [ ":" port ]
    let colon = ck.find(h0, a1, |b| b == b':');
    let h1 = colon.unwrap_or(a1);
    let host = ck.slice(h0..h1);
    let ipv4 = if ipv6 {
        ip::is_ipv4_rfc2373(host)
    } else {
        ip::is_ipv4_loose(host)
    };
    let port_ok = colon.is_none_or(|p| ck.slice(p + 1..a1).iter().all(u8::is_ascii_digit));
    let server = a0 == a1 || ((ipv4 || is_hostname(host)) && port_ok);

    if server || !valid {
        c.userinfo = at.map(|u| a0..u);
        c.host = Some(h0..h1);
        c.host_kind = Some(if ipv4 {
            HostKind::Ipv4
        } else {
            HostKind::RegName
        });
        c.port = colon.map(|p| p + 1..a1);
    } else {
        // reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" |
        //                "@" | "&" | "=" | "+" )
        c.host = Some(a0..a1);
        c.host_kind = Some(HostKind::RegName);
    }
}

/// `hostname = *( domainlabel "." ) toplabel [ "." ]` (section 3.2.2), with
/// `domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum` and
/// `toplabel = alpha | alpha *( alphanum | "-" ) alphanum`.
fn is_hostname(s: &[u8]) -> bool {
    let s = s.strip_suffix(b".").unwrap_or(s);
    if s.is_empty() {
        return false;
    }
    let mut last = s;
    for label in s.split(|&b| b == b'.') {
        let alnum = |b: Option<&u8>| b.is_some_and(u8::is_ascii_alphanumeric);
        let ok = alnum(label.first())
            && alnum(label.last())
            && label
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == b'-');
        if !ok {
            return false;
        }
        last = label;
    }
    last.first().is_some_and(u8::is_ascii_alphabetic)
}

/// `uric = reserved | unreserved | escaped` (section 2), less `%`.
fn is_uric(b: u8) -> bool {
    chars::is(b, chars::UNRESERVED_2396 | chars::RESERVED_2396)
}

/// `uric` with RFC 2732's `reserved`, which adds `[` and `]`.
fn is_uric_2732(b: u8) -> bool {
    is_uric(b) || b == b'[' || b == b']'
}

/// `pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" | ","`
/// plus the `;` of params and the `/` between segments (section 3.3).
fn is_path_byte(b: u8) -> bool {
    chars::is(b, chars::UNRESERVED_2396)
        || matches!(
            b,
            b':' | b'@' | b'&' | b'=' | b'+' | b'$' | b',' | b';' | b'/'
        )
}

/// `rel_segment = 1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" |
/// "$" | "," )` (section 5), plus `:`: a `:` can only be in a relative
/// first segment when the text before it failed as a scheme, which is
/// reported once as [`ErrorKind::InvalidScheme`].
fn is_first_segment_byte(b: u8) -> bool {
    chars::is(b, chars::UNRESERVED_2396)
        || matches!(b, b';' | b'@' | b'&' | b'=' | b'+' | b'$' | b',' | b':')
}

/// `reg_name` bytes: `unreserved | "$" | "," | ";" | ":" | "@" | "&" |
/// "=" | "+"` (section 3.2.1), escapes aside.
fn is_reg_name_byte(b: u8) -> bool {
    chars::is(b, chars::UNRESERVED_2396)
        || matches!(b, b'$' | b',' | b';' | b':' | b'@' | b'&' | b'=' | b'+')
}

/// `userinfo` bytes: `unreserved | ";" | ":" | "&" | "=" | "+" | "$" |
/// ","` (section 3.2.2), escapes aside.
fn is_userinfo_byte(b: u8) -> bool {
    chars::is(b, chars::UNRESERVED_2396)
        || matches!(b, b';' | b':' | b'&' | b'=' | b'+' | b'$' | b',')
}

#[cfg(test)]
mod tests {
    use std::ops::Range;

    use super::super::rfc3986::tests::{assert_well_formed, reassemble, uri_like};
    use super::*;

    fn valid(s: &str, ipv6: bool) -> Components {
        let (c, errors) = parse(s, ipv6);
        assert!(errors.is_empty(), "{s:?} (ipv6: {ipv6}): {errors:?}");
        c
    }

    fn errs(s: &str, ipv6: bool) -> Vec<(&'static str, usize)> {
        parse(s, ipv6)
            .1
            .iter()
            .map(|e| (e.code(), e.offset))
            .collect()
    }

    fn text<'a>(s: &'a str, r: &Option<Range<usize>>) -> Option<&'a str> {
        r.clone().map(|r| &s[r])
    }

    #[test]
    fn appendix_e_uris() {
        for s in [
            "http://www.w3.org/Addressing/",
            "ftp://ds.internic.net/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ] {
            for ipv6 in [false, true] {
                let c = valid(s, ipv6);
                assert_eq!(c.host_kind, Some(HostKind::RegName));
            }
        }
        let s = "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING";
        let c = valid(s, false);
        assert_eq!(text(s, &c.host), Some("www.ics.uci.edu"));
        assert_eq!(&s[c.path.clone()], "/pub/ietf/uri/historical.html");
        assert_eq!(text(s, &c.fragment), Some("WARNING"));
    }

    #[test]
    fn appendix_c_examples() {
        valid("http://a/b/c/d;p?q", false);
        for s in [
            "g:h",
            "g",
            "./g",
            "g/",
            "/g",
            "//g",
            "?y",
            "g?y",
            "#s",
            "g#s",
            "g?y#s",
            ";x",
            "g;x",
            "g;x?y#s",
            ".",
            "./",
            "..",
            "../",
            "../g",
            "../..",
            "../../",
            "../../g",
            "",
            "../../../g",
            "../../../../g",
            "/./g",
            "/../g",
            "g.",
            ".g",
            "g..",
            "..g",
            "./../g",
            "./g/.",
            "g/./h",
            "g/../h",
            "g;x=1/./y",
            "g;x=1/../y",
            "g?y/./x",
            "g?y/../x",
            "g#s/./x",
            "g#s/../x",
            "http:g",
        ] {
            valid(s, false);
            valid(s, true);
        }
        let c = valid("g:h", false);
        assert_eq!((c.scheme, c.path), (Some(0..1), 2..3));
        let c = valid("?y", false);
        assert_eq!((c.path, c.query), (0..0, Some(1..2)));
    }

    #[test]
    fn ipv6_literals_need_rfc_2732() {
        assert_eq!(errs("http://[::1]/", false), [("U005", 7)]);
        let s = "http://[::1]:80/";
        let c = valid(s, true);
        assert_eq!(text(s, &c.host), Some("[::1]"));
        assert_eq!(text(s, &c.port), Some("80"));
        assert_eq!(c.host_kind, Some(HostKind::Ipv6));
        for s in [
            "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html",
            "http://[1080:0:0:0:8:800:200C:417A]/index.html",
            "http://[3ffe:2a00:100:7031::1]",
            "http://[1080::8:800:200C:417A]/foo",
            "http://[::192.9.5.5]/ipng",
            "http://[::FFFF:129.144.52.38]:80/index.html",
            "http://[2010:836B:4179::836B:4179]",
            "http://user@[::1]",
        ] {
            valid(s, true);
            assert_eq!(errs(s, false), [("U005", s.find('[').unwrap_or(0))], "{s}");
        }
        assert_eq!(errs("http://[v7.x]/", true), [("U005", 7)]);
        assert_eq!(errs("http://[::1/", true), [("U005", 7)]);
        assert_eq!(errs("http://[::1]x/", true), [("U004", 12)]);
        assert_eq!(errs("http://a[b/", true), [("U004", 8)]);
        assert_eq!(errs("http://a[b/", false), [("U003", 8)]);
        assert_eq!(errs("http://a/[b]", false), [("U003", 9), ("U003", 11)]);
        assert_eq!(errs("http://a/[b]", true), [("U004", 9), ("U004", 11)]);
        // RFC 2732 section 3 puts '[' ']' in reserved, hence in uric.
        valid("http://a/b?[c]#[d]", true);
        valid("x:y[z]", true);
        assert_eq!(errs("x:[y]", true), [("U004", 2)]);
        assert_eq!(errs("x:[y]", false), [("U003", 2), ("U003", 4)]);
        assert_eq!(errs("http://a/b?[c]", false), [("U003", 11), ("U003", 13)]);
    }

    #[test]
    fn opaque_part() {
        let s = "mailto:a@b?subject=x";
        let c = valid(s, false);
        assert_eq!(&s[c.path.clone()], "a@b?subject=x");
        assert_eq!(c.query, None);
        assert_eq!(c.authority, None);
        valid("news:comp.infosystems.www.servers.unix", false);
        valid("urn:oasis:names:specification:docbook:dtd:xml:4.1.2", false);
        valid("x:?", false);
        assert_eq!(errs("foo:", false), [("U004", 4)]);
        assert_eq!(errs("foo:#x", false), [("U004", 4)]);
        assert_eq!(errs("foo:a b", false), [("U003", 5)]);
        assert_eq!(errs("foo:a#b#", false), [("U004", 7)]);
    }

    #[test]
    fn server_or_reg_name() {
        let s = "http://exa_mple.com/";
        let c = valid(s, false);
        assert_eq!(text(s, &c.host), Some("exa_mple.com"));
        assert_eq!(c.host_kind, Some(HostKind::RegName));

        let s = "ftp://user:pw@host.example.:21/x";
        let c = valid(s, false);
        assert_eq!(text(s, &c.authority), Some("user:pw@host.example.:21"));
        assert_eq!(text(s, &c.userinfo), Some("user:pw"));
        assert_eq!(text(s, &c.host), Some("host.example."));
        assert_eq!(text(s, &c.port), Some("21"));
        assert_eq!(c.host_kind, Some(HostKind::RegName));

        // Not servers, but reg_names: valid, no userinfo or port.
        for s in [
            "http://u@v@w/",
            "http://a:8x/",
            "http://-a.b/",
            "http://a.1/",
            "http://a%41/",
            "http://u@/",
            "http://:80/",
            "http://1.2.3.4.5/",
        ] {
            let c = valid(s, false);
            assert_eq!(c.host, c.authority, "{s}");
            assert_eq!((c.userinfo, c.port), (None, None), "{s}");
        }

        let s = "http://999.1.1.1:8/";
        let c = valid(s, false);
        assert_eq!(c.host_kind, Some(HostKind::Ipv4));
        assert_eq!(text(s, &c.port), Some("8"));
        // RFC 2732 replaces IPv4address with RFC 2373's 1*3DIGIT parts.
        assert_eq!(
            valid("http://999.1.1.1/", true).host_kind,
            Some(HostKind::Ipv4)
        );
        assert_eq!(
            valid("http://1000.1.1.1/", true).host_kind,
            Some(HostKind::RegName)
        );
        assert_eq!(
            valid("http://1000.1.1.1/", false).host_kind,
            Some(HostKind::Ipv4)
        );

        let s = "file:///x";
        let c = valid(s, false);
        assert_eq!(
            (text(s, &c.authority), text(s, &c.host)),
            (Some(""), Some(""))
        );
        assert_eq!(&s[c.path.clone()], "/x");
        let c = valid("http://@a", false);
        assert_eq!(c.userinfo, Some(7..7));

        assert_eq!(errs("http://a b/", false), [("U003", 8)]);
        assert_eq!(errs("http://é/", false), [("U007", 7)]);
        assert_eq!(errs("http://a%zz/", false), [("U002", 8)]);
    }

    #[test]
    fn paths_and_params() {
        let s = "http://a/b;p/c;q;r";
        let c = valid(s, false);
        assert_eq!(text(s, &c.scheme), Some("http"));
        assert_eq!(text(s, &c.host), Some("a"));
        assert_eq!(&s[c.path.clone()], "/b;p/c;q;r");
        assert_eq!((c.query, c.fragment), (None, None));
        valid("/a:b@c&d=e+f$g,h;i/;/", false);
        valid("a@b;c/d:e", false);
        // RFC 2396 "mark" is unreserved: ! * ' ( ) are fine everywhere.
        valid("http://a/!*'()?!*'()#!*'()", false);
        assert_eq!(errs("http://a/b?c d", false), [("U003", 12)]);
        assert_eq!(errs("a b:c", false), [("U003", 1)]);
        assert_eq!(errs("1a:b", false), [("U001", 0)]);
        assert_eq!(errs(":a", false), [("U001", 0)]);
        assert_eq!(errs("a_b:c", false), [("U001", 1)]);
        assert_eq!(errs("http://a/%4", false), [("U002", 9)]);
        assert_eq!(errs("http://a/é", false), [("U007", 9)]);
        assert_eq!(errs("http://a#b#c", false), [("U004", 10)]);
        assert!(parse("1a:b", false).1[0]
            .message
            .contains("RFC 2396 section 3.1"));
    }

    #[test]
    fn valid_input_does_not_allocate_errors() {
        let (_, errors) = parse("http://a/b;p?c#d", true);
        assert_eq!(errors.capacity(), 0);
    }

    /// RFC 2396 Appendix A (with RFC 2732 when `ipv6`) as one regular
    /// expression, with the one deviation `parse` documents (an empty
    /// relative path before a query).
    fn oracle(ipv6: bool) -> &'static regex::Regex {
        static RE: std::sync::OnceLock<[regex::Regex; 2]> = std::sync::OnceLock::new();
        let [plain, amended] = RE.get_or_init(|| [build_oracle(false), build_oracle(true)]);
        if ipv6 {
            amended
        } else {
            plain
        }
    }

    fn build_oracle(ipv6: bool) -> regex::Regex {
        let alphanum = "[A-Za-z0-9]";
        let unreserved = r"[A-Za-z0-9\-_.!~*'()]";
        let escaped = "%[0-9A-Fa-f]{2}";
        let reserved = if ipv6 {
            r"[;/?:@&=+$,\[\]]"
        } else {
            "[;/?:@&=+$,]"
        };
        let uric = format!("(?:{reserved}|{unreserved}|{escaped})");
        let uric_no_slash = format!("(?:{unreserved}|{escaped}|[;?:@&=+$,])");
        let pchar = format!("(?:{unreserved}|{escaped}|[:@&=+$,])");
        let segment = format!("{pchar}*(?:;{pchar}*)*");
        let abs_path = format!("/{segment}(?:/{segment})*");
        let rel_segment = format!("(?:{unreserved}|{escaped}|[;@&=+$,])+");
        let rel_path = format!("{rel_segment}(?:{abs_path})?");
        let domainlabel = format!("(?:{alphanum}|{alphanum}(?:{alphanum}|-)*{alphanum})");
        let toplabel = format!("(?:[A-Za-z]|[A-Za-z](?:{alphanum}|-)*{alphanum})");
        let hostname = format!(r"(?:{domainlabel}\.)*{toplabel}\.?");
        let d = if ipv6 { "[0-9]{1,3}" } else { "[0-9]+" };
        let ipv4 = format!(r"{d}\.{d}\.{d}\.{d}");
        let ipv6address = super::super::abnf_oracle::ipv6address();
        let host = if ipv6 {
            format!(r"(?:{hostname}|{ipv4}|\[(?:{ipv6address})\])")
        } else {
            format!("(?:{hostname}|{ipv4})")
        };
        let userinfo = format!("(?:{unreserved}|{escaped}|[;:&=+$,])*");
        let server = format!("(?:(?:{userinfo}@)?{host}(?::[0-9]*)?)?");
        let reg_name = format!("(?:{unreserved}|{escaped}|[$,;:@&=+])+");
        let net_path = format!("//(?:{server}|{reg_name})(?:{abs_path})?");
        let query = format!(r"(?:\?{uric}*)?");
        let scheme = r"[A-Za-z][A-Za-z0-9+\-.]*";
        let absolute =
            format!("{scheme}:(?:(?:{net_path}|{abs_path}){query}|{uric_no_slash}{uric}*)");
        let relative = format!("(?:{net_path}|{abs_path}|{rel_path})?{query}");
        let re = format!("^(?:{absolute}|{relative})(?:#{uric}*)?$");
        regex::Regex::new(&re).expect("oracle regex")
    }

    /// Checks `s` against the oracle and, when valid, that the components
    /// put back together give `s`.
    fn check_against_oracle(
        s: &str,
        ipv6: bool,
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let (c, errors) = parse(s, ipv6);
        assert_well_formed(s, &c, &errors);
        let expected = oracle(ipv6).is_match(s);
        proptest::prop_assert_eq!(errors.is_empty(), expected, "{:?}", errors);
        if errors.is_empty() {
            proptest::prop_assert_eq!(reassemble(s, &c), s);
        }
        Ok(())
    }

    proptest::proptest! {
        #[test]
        fn agrees_with_the_grammar(s in uri_like(), ipv6 in proptest::bool::ANY) {
            check_against_oracle(&s, ipv6)?;
        }

        #[test]
        fn never_panics(s in ".*", ipv6 in proptest::bool::ANY) {
            let (c, errors) = parse(&s, ipv6);
            assert_well_formed(&s, &c, &errors);
        }
    }
}
