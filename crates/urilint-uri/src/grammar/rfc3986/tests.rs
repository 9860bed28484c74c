use super::*;

/// The RFC 3986 parser, without extensions.
fn parse(s: &str) -> (Components, Vec<ParseError>) {
    super::parse(s, Flavor::default())
}

/// Parses `s`, asserts it is valid, and returns the components as text.
fn ok(s: &str) -> Parts<'_> {
    let (c, errors) = parse(s);
    assert!(errors.is_empty(), "{s:?}: {errors:?}");
    Parts::new(s, c)
}

/// The (code, offset) of every error for `s`.
fn errs(s: &str) -> Vec<(&'static str, usize)> {
    parse(s).1.iter().map(|e| (e.code(), e.offset)).collect()
}

#[derive(Debug, PartialEq)]
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    host_kind: Option<HostKind>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    fn new(s: &'a str, c: Components) -> Self {
        let get = |r: Option<Range<usize>>| r.map(|r| &s[r]);
        Parts {
            scheme: get(c.scheme),
            authority: get(c.authority),
            userinfo: get(c.userinfo),
            host: get(c.host),
            host_kind: c.host_kind,
            port: get(c.port),
            path: &s[c.path],
            query: get(c.query),
            fragment: get(c.fragment),
        }
    }
}

const NONE: Parts<'static> = Parts {
    scheme: None,
    authority: None,
    userinfo: None,
    host: None,
    host_kind: None,
    port: None,
    path: "",
    query: None,
    fragment: None,
};

#[test]
fn section_1_1_2_examples() {
    for s in [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "tel:+1-816-555-1212",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    ] {
        ok(s);
    }
    assert_eq!(
        ok("ftp://ftp.is.co.za/rfc/rfc1808.txt"),
        Parts {
            scheme: Some("ftp"),
            authority: Some("ftp.is.co.za"),
            host: Some("ftp.is.co.za"),
            host_kind: Some(HostKind::RegName),
            path: "/rfc/rfc1808.txt",
            ..NONE
        }
    );
    assert_eq!(
        ok("ldap://[2001:db8::7]/c=GB?objectClass?one"),
        Parts {
            scheme: Some("ldap"),
            authority: Some("[2001:db8::7]"),
            host: Some("[2001:db8::7]"),
            host_kind: Some(HostKind::Ipv6),
            path: "/c=GB",
            query: Some("objectClass?one"),
            ..NONE
        }
    );
    assert_eq!(
        ok("mailto:John.Doe@example.com"),
        Parts {
            scheme: Some("mailto"),
            path: "John.Doe@example.com",
            ..NONE
        }
    );
    assert_eq!(
        ok("telnet://192.0.2.16:80/"),
        Parts {
            scheme: Some("telnet"),
            authority: Some("192.0.2.16:80"),
            host: Some("192.0.2.16"),
            host_kind: Some(HostKind::Ipv4),
            port: Some("80"),
            path: "/",
            ..NONE
        }
    );
    assert_eq!(
        ok("urn:oasis:names:specification:docbook:dtd:xml:4.1.2"),
        Parts {
            scheme: Some("urn"),
            path: "oasis:names:specification:docbook:dtd:xml:4.1.2",
            ..NONE
        }
    );
}

#[test]
fn section_3_example() {
    assert_eq!(
        ok("foo://example.com:8042/over/there?name=ferret#nose"),
        Parts {
            scheme: Some("foo"),
            authority: Some("example.com:8042"),
            host: Some("example.com"),
            host_kind: Some(HostKind::RegName),
            port: Some("8042"),
            path: "/over/there",
            query: Some("name=ferret"),
            fragment: Some("nose"),
            ..NONE
        }
    );
    assert_eq!(
        ok("urn:example:animal:ferret:nose"),
        Parts {
            scheme: Some("urn"),
            path: "example:animal:ferret:nose",
            ..NONE
        }
    );
}

#[test]
fn section_5_4_references() {
    ok("http://a/b/c/d;p?q");
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
        "",
        ".",
        "./",
        "..",
        "../",
        "../g",
        "../..",
        "../../",
        "../../g",
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
        ok(s);
    }
    assert_eq!(
        ok("g:h"),
        Parts {
            scheme: Some("g"),
            path: "h",
            ..NONE
        }
    );
    assert_eq!(
        ok("//g"),
        Parts {
            authority: Some("g"),
            host: Some("g"),
            host_kind: Some(HostKind::RegName),
            ..NONE
        }
    );
    assert_eq!(
        ok("?y"),
        Parts {
            query: Some("y"),
            ..NONE
        }
    );
    assert_eq!(
        ok("g#s/../x"),
        Parts {
            path: "g",
            fragment: Some("s/../x"),
            ..NONE
        }
    );
    assert_eq!(ok(""), NONE);
}

#[test]
fn undefined_versus_empty() {
    let p = ok("http://a");
    assert_eq!((p.path, p.query, p.fragment), ("", None, None));
    assert_eq!(ok("http://a?").query, Some(""));
    assert_eq!(ok("http://a#").fragment, Some(""));
    assert_eq!(ok("http://a:").port, Some(""));
    assert_eq!(ok("http://a").port, None);
    assert_eq!(ok("http://@a").userinfo, Some(""));
    assert_eq!(ok("http://a").userinfo, None);
    let p = ok("file:///x");
    assert_eq!((p.authority, p.host, p.path), (Some(""), Some(""), "/x"));
    assert_eq!(p.host_kind, Some(HostKind::RegName));
    let p = ok("http://");
    assert_eq!((p.authority, p.host), (Some(""), Some("")));
    assert_eq!(ok("x:").path, "");
    assert_eq!(ok("x:").scheme, Some("x"));
}

#[test]
fn authority_components() {
    assert_eq!(
        ok("http://user:pw@[::1]:8080/a?q#f"),
        Parts {
            scheme: Some("http"),
            authority: Some("user:pw@[::1]:8080"),
            userinfo: Some("user:pw"),
            host: Some("[::1]"),
            host_kind: Some(HostKind::Ipv6),
            port: Some("8080"),
            path: "/a",
            query: Some("q"),
            fragment: Some("f"),
        }
    );
    let p = ok("http://[v7.abc:def]/");
    assert_eq!(p.host, Some("[v7.abc:def]"));
    assert_eq!(p.host_kind, Some(HostKind::IpvFuture));
    assert_eq!(ok("http://[V1.x]").host_kind, Some(HostKind::IpvFuture));
    assert_eq!(ok("http://192.0.2.1/").host_kind, Some(HostKind::Ipv4));
    assert_eq!(ok("http://256.0.2.1/").host_kind, Some(HostKind::RegName));
    assert_eq!(ok("http://01.2.3.4/").host_kind, Some(HostKind::RegName));
    assert_eq!(ok("http://1.2.3.4.5/").host_kind, Some(HostKind::RegName));
    assert_eq!(ok("http://a%20b.c/").host, Some("a%20b.c"));
    assert_eq!(ok("http://[::1]:/").port, Some(""));
    ok("http://!$&'()*+,;=-._~%41:!$&'()*+,;=:@x");
}

#[test]
fn invalid_with_code_and_offset() {
    assert_eq!(errs("http://a/%zz"), [("U002", 9)]);
    assert_eq!(errs("http://a/b c"), [("U003", 10)]);
    assert_eq!(errs("http://a/[x]"), [("U004", 9), ("U004", 11)]);
    assert_eq!(errs("http://a:8x/"), [("U006", 10)]);
    assert_eq!(errs("http://[::1/"), [("U005", 7)]);
    assert_eq!(errs("http://[1::2::3]/"), [("U005", 7)]);
    assert_eq!(errs("http://a/é"), [("U007", 9)]);
    assert_eq!(errs("1http://a"), [("U001", 0)]);
    assert_eq!(errs("a b:c"), [("U003", 1)]);
    assert_eq!(errs("a_b:c"), [("U001", 1)]);
    assert_eq!(errs("a_b c:d"), [("U001", 1), ("U003", 3)]);
    assert_eq!(errs("é:x"), [("U007", 0)]);
    assert_eq!(errs("%41:x"), [("U001", 0)]);
    assert_eq!(errs("%4:x"), [("U002", 0)]);
    assert_eq!(errs("http://a#b#c"), [("U004", 10)]);
    assert_eq!(errs("http://u@v@w/"), [("U004", 10)]);
    assert_eq!(errs(":foo"), [("U001", 0)]);
    assert_eq!(errs("http://a/%"), [("U002", 9)]);
    assert_eq!(errs("http://a/%4"), [("U002", 9)]);
    assert_eq!(errs("http://a/%4%41"), [("U002", 9)]);
    assert_eq!(errs("http://[v7.]/"), [("U005", 7)]);
    assert_eq!(errs("http://[v7.abc]x:1/"), [("U004", 15)]);
    assert_eq!(errs("http://[::1]]/"), [("U004", 12)]);
    assert_eq!(errs("http://[::g]/"), [("U005", 7)]);
    assert_eq!(errs("http://[]/"), [("U005", 7)]);
    assert_eq!(errs("http://a]b/"), [("U004", 8)]);
    assert_eq!(errs("http://a:1:2/"), [("U006", 10)]);
    assert_eq!(errs("http://a:%31/"), [("U006", 9)]);
    assert_eq!(errs("http://a:é/"), [("U007", 9)]);
    assert_eq!(errs("http://a:\t/"), [("U003", 9)]);
    assert_eq!(errs("http://[u@x/"), [("U004", 7)]);
    assert_eq!(errs("http://a/\u{7f}"), [("U003", 9)]);
    assert_eq!(
        errs("http://a/?<>#{}"),
        [("U003", 10), ("U003", 11), ("U003", 13), ("U003", 14)]
    );
    assert_eq!(
        errs("http://é.example/ü?ö#ä"),
        [("U007", 7), ("U007", 18), ("U007", 21), ("U007", 24)]
    );
    assert_eq!(
        errs("http://a/\u{1F600}\u{1F600}"),
        [("U007", 9), ("U007", 13)]
    );
    assert_eq!(errs("ht~tp://a/"), [("U001", 2)]);
}

#[test]
fn messages() {
    let m = |s: &str| {
        parse(s)
            .1
            .into_iter()
            .map(|e| e.message)
            .collect::<Vec<_>>()
    };
    assert_eq!(m("http://a/[")[0], "'[' is not allowed in the path");
    assert_eq!(
        m("http://a/%zz")[0],
        "'%' not followed by two hex digits in the path"
    );
    assert_eq!(
        m("http://a/ ")[0],
        "space is not allowed in a URI (found in the path)"
    );
    assert_eq!(
        m("http://a/\t")[0],
        "U+0009 is not allowed in a URI (found in the path)"
    );
    assert_eq!(
        m("http://a/é")[0],
        "non-ASCII character 'é' (U+00E9) in the path must be percent-encoded \
             (RFC 3987 section 3.1)"
    );
    assert!(m("http://a/\u{202E}")[0].starts_with("non-ASCII character U+202E in"));
    assert_eq!(
        m("http://a:x")[0],
        "'x' is not allowed in the port (digits only)"
    );
    assert_eq!(m("http://a#b#")[0], "'#' is not allowed in the fragment");
    assert!(m("1a:")[0].contains("must start with a letter, not '1'"));
    assert!(m(":a")[0].starts_with("empty scheme"));
    assert!(m("http://[::1/")[0].contains("no closing ']'"));
}

/// The RFC 3987 parser, with zone identifiers when `zone`.
fn parse_iri(s: &str, zone: bool) -> (Components, Vec<ParseError>) {
    super::parse(s, Flavor::iri(zone))
}

/// The (code, offset) of every error for `s` as an IRI reference.
fn iri_errs(s: &str) -> Vec<(&'static str, usize)> {
    parse_iri(s, false)
        .1
        .iter()
        .map(|e| (e.code(), e.offset))
        .collect()
}

#[test]
fn rfc3987_valid() {
    for s in [
        "http://www.example.org/D\u{FC}rst",
        "http://r\u{E9}sum\u{E9}.example.org",
        "http://\u{2603}.example/\u{1F600}?\u{E000}=\u{10FFFD}#\u{1FFFD}",
        "http://us\u{E9}r:p\u{E9}@h\u{F6}st:80/p\u{E4}th",
        "\u{E9}t\u{E9}/\u{E0}",
        "//\u{A0}\u{D7FF}\u{F900}\u{FDCF}\u{FDF0}\u{FFEF}",
        "/\u{10000}\u{1FFFD}\u{20000}\u{DFFFD}\u{E1000}\u{EFFFD}",
        "?\u{E000}\u{F8FF}\u{F0000}\u{FFFFD}\u{100000}\u{10FFFD}",
        "http://example.com/\u{202E}",
        "mailto:\u{E9}@\u{E9}.example",
        "http://a/b?c#d",
        "urn:\u{4F8B}:\u{5B50}",
    ] {
        let (c, errors) = parse_iri(s, false);
        assert!(errors.is_empty(), "{s:?}: {errors:?}");
        assert_eq!(reassemble(s, &c), s);
    }
    let (c, _) = parse_iri("http://B\u{FC}cher.example:8080/\u{E9}?\u{E000}#f", false);
    let p = Parts::new("http://B\u{FC}cher.example:8080/\u{E9}?\u{E000}#f", c);
    assert_eq!(p.host, Some("B\u{FC}cher.example"));
    assert_eq!(p.host_kind, Some(HostKind::RegName));
    assert_eq!(p.port, Some("8080"));
    assert_eq!(p.path, "/\u{E9}");
    assert_eq!(p.query, Some("\u{E000}"));
}

#[test]
fn rfc3987_invalid() {
    // Not ucschar: C1 controls, non-characters, specials, tags, and the
    // last two code points of a plane.
    assert_eq!(iri_errs("http://a/\u{80}"), [("U007", 9)]);
    assert_eq!(iri_errs("http://a/\u{9F}"), [("U007", 9)]);
    assert_eq!(iri_errs("http://a/\u{FDD0}"), [("U007", 9)]);
    assert_eq!(
        iri_errs("http://a/\u{FFF0}\u{FFFD}"),
        [("U007", 9), ("U007", 12)]
    );
    assert_eq!(iri_errs("http://a/\u{FFFE}"), [("U007", 9)]);
    assert_eq!(iri_errs("http://a/\u{1FFFE}"), [("U007", 9)]);
    assert_eq!(iri_errs("http://a/\u{E0001}"), [("U007", 9)]);
    assert_eq!(iri_errs("http://a?\u{FFFF}"), [("U007", 9)]);
    assert_eq!(iri_errs("http://a?\u{10FFFF}"), [("U007", 9)]);
    // iprivate outside the query.
    assert_eq!(iri_errs("http://a/\u{E000}"), [("U007", 9)]);
    assert_eq!(iri_errs("http://a#\u{E000}"), [("U007", 9)]);
    assert_eq!(iri_errs("http://\u{E000}/"), [("U007", 7)]);
    assert_eq!(iri_errs("http://\u{F0000}@a/"), [("U007", 7)]);
    // ASCII-only productions: scheme, port, IP literals.
    assert_eq!(iri_errs("h\u{E9}:x"), [("U001", 1)]);
    assert_eq!(iri_errs("\u{E9}:x"), [("U001", 0)]);
    assert_eq!(iri_errs("http://a:\u{E9}/"), [("U007", 9)]);
    assert_eq!(iri_errs("http://[::\u{E9}]/"), [("U005", 7)]);
    assert_eq!(iri_errs("http://[v7.\u{E9}]/"), [("U005", 7)]);
    assert_eq!(iri_errs("http://[::1]\u{E9}/"), [("U007", 12)]);
    // Everything else as in RFC 3986.
    assert_eq!(iri_errs("http://a/\u{E9} "), [("U003", 11)]);
    assert_eq!(iri_errs("http://a/%zz\u{E9}"), [("U002", 9)]);
    assert_eq!(iri_errs("\u{E9}a b:c"), [("U001", 0), ("U003", 3)]);
    assert_eq!(iri_errs("a\u{E9}:c"), [("U001", 1)]);
    assert_eq!(iri_errs("a\u{FFFE}:c"), [("U007", 1)]);
}

#[test]
fn rfc3987_messages() {
    let m = |s: &str| {
        parse_iri(s, false)
            .1
            .into_iter()
            .map(|e| e.message)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        m("http://a/\u{FFFE}")[0],
        "U+FFFE is not allowed in an IRI (found in the path): it is not a ucschar \
             (RFC 3987 section 2.2); percent-encode its UTF-8 bytes"
    );
    assert_eq!(
        m("http://a/\u{E000}")[0],
        "private-use character U+E000 is allowed only in the query of an IRI, \
             not in the path (RFC 3987 section 2.2, iprivate); percent-encode it"
    );
    assert_eq!(
        m("http://a:\u{E9}")[0],
        "non-ASCII character '\u{E9}' (U+00E9) is not allowed in the port of an IRI \
             (RFC 3987 section 2.2: ASCII only there)"
    );
    // The URI grammar still says what it said.
    assert!(parse("http://a/\u{FFFE}").1[0]
        .message
        .starts_with("non-ASCII character U+FFFE in the path must be percent-encoded"));
}

/// RFC 4291 section 2.2, every text form of its items 1 to 3, as the
/// host of a URI.
#[test]
fn rfc4291_forms_in_brackets() {
    for a in [
        "ABCD:EF01:2345:6789:ABCD:EF01:2345:6789",
        "2001:DB8:0:0:8:800:200C:417A",
        "2001:DB8::8:800:200C:417A",
        "FF01:0:0:0:0:0:0:101",
        "FF01::101",
        "0:0:0:0:0:0:0:1",
        "::1",
        "0:0:0:0:0:0:0:0",
        "::",
        "0:0:0:0:0:0:13.1.68.3",
        "::13.1.68.3",
        "0:0:0:0:0:FFFF:129.144.52.38",
        "::FFFF:129.144.52.38",
    ] {
        for s in [
            format!("http://[{a}]/"),
            format!("http://u@[{a}]:80/p?q#f"),
            format!("//[{a}]"),
        ] {
            let p = ok(&s);
            assert_eq!(p.host, Some(format!("[{a}]").as_str()), "{s}");
            assert_eq!(p.host_kind, Some(HostKind::Ipv6), "{s}");
            assert!(parse_iri(&s, false).1.is_empty(), "{s}");
        }
    }
    // Section 2.2: "::" at most once; no more than eight pieces.
    assert_eq!(errs("http://[2001:DB8::8::417A]/"), [("U005", 7)]);
    assert_eq!(errs("http://[1:2:3:4:5:6:7:8:9]/"), [("U005", 7)]);
}

#[test]
fn rfc6874_zone_ids_only_with_the_option() {
    let zoned = |s: &str| {
        let (c, errors) = super::parse(s, Flavor::uri(true));
        (Parts::new(s, c).host.map(str::to_string), errors)
    };
    for s in [
        "http://[fe80::a%25en1]",
        "http://[fe80::1%25eth0]:8080/",
        "http://[fe80::1%25%5Bx%5D]/",
        "http://[::ffff:1.2.3.4%25x]/",
    ] {
        let (host, errors) = zoned(s);
        assert!(errors.is_empty(), "{s}: {errors:?}");
        assert!(host.is_some_and(|h| h.contains("%25")), "{s}");
        assert!(parse_iri(s, true).1.is_empty(), "{s}");
        // Off (the default): one InvalidHost at '['.
        assert_eq!(errs(s), [("U005", 7)], "{s}");
        assert_eq!(iri_errs(s), [("U005", 7)], "{s}");
    }
    for s in [
        "http://[fe80::1%eth0]/",
        "http://[fe80::1%25]/",
        "http://[fe80::1%25e%th]/",
        "http://[fe80::1%25\u{E9}]/",
        "http://[v7.x%25a]/",
        "http://[1::2::3%25a]/",
    ] {
        let (_, errors) = zoned(s);
        let codes: Vec<_> = errors.iter().map(|e| (e.code(), e.offset)).collect();
        assert_eq!(codes, [("U005", 7)], "{s}");
    }
    let message = |s: &str, zone: bool| super::parse(s, Flavor::uri(zone)).1[0].message.clone();
    assert!(message("http://[fe80::1%25eth0]/", false).contains("RFC 6874"));
    assert!(message("http://[fe80::1%25]/", true).contains("RFC 6874 section 2"));
    assert!(message("http://[fe80::1%eth0]/", false).contains("'%25'"));
}

#[test]
fn valid_input_does_not_allocate_errors() {
    let (_, errors) = parse("http://a/b?c#d");
    assert_eq!(errors.capacity(), 0);
}

/// RFC 3986 Appendix A transcribed into one regular expression, used as
/// an independent oracle for the property test below.
fn oracle() -> &'static regex::Regex {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| build_oracle(false, false))
}

/// RFC 3987 section 2.2 (`IRI-reference`), transcribed the same way,
/// with RFC 6874 `IPv6addrz` when `zone`.
fn iri_oracle(zone: bool) -> &'static regex::Regex {
    static RE: [std::sync::OnceLock<regex::Regex>; 2] =
        [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    RE[usize::from(zone)].get_or_init(|| build_oracle(true, zone))
}

/// RFC 3986 with RFC 6874 `IPv6addrz`.
fn zone_oracle() -> &'static regex::Regex {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| build_oracle(false, true))
}

/// The `URI-reference` regular expression, or with `iri` the
/// `IRI-reference` one (RFC 3987 section 2.2: `iunreserved` for
/// `unreserved` outside IP literals, `iprivate` in `iquery`), with
/// `zone` the RFC 6874 `IP-literal`.
fn build_oracle(iri: bool, zone: bool) -> regex::Regex {
    let ascii_unreserved = r"[A-Za-z0-9\-._~]";
    let ucschar = r"[\x{A0}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFEF}\x{10000}-\x{1FFFD}\x{20000}-\x{2FFFD}\x{30000}-\x{3FFFD}\x{40000}-\x{4FFFD}\x{50000}-\x{5FFFD}\x{60000}-\x{6FFFD}\x{70000}-\x{7FFFD}\x{80000}-\x{8FFFD}\x{90000}-\x{9FFFD}\x{A0000}-\x{AFFFD}\x{B0000}-\x{BFFFD}\x{C0000}-\x{CFFFD}\x{D0000}-\x{DFFFD}\x{E1000}-\x{EFFFD}]";
    let iprivate = r"[\x{E000}-\x{F8FF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}]";
    let unreserved = if iri {
        format!("(?:{ascii_unreserved}|{ucschar})")
    } else {
        ascii_unreserved.to_string()
    };
    let pct = "%[0-9A-Fa-f]{2}";
    let sub = r"[!$&'()*+,;=]";
    let pchar = format!("(?:{unreserved}|{pct}|{sub}|[:@])");
    let segment = format!("{pchar}*");
    let segment_nz = format!("{pchar}+");
    let segment_nz_nc = format!("(?:{unreserved}|{pct}|{sub}|@)+");
    let path_abempty = format!("(?:/{segment})*");
    let path_absolute = format!("/(?:{segment_nz}(?:/{segment})*)?");
    let path_noscheme = format!("{segment_nz_nc}(?:/{segment})*");
    let path_rootless = format!("{segment_nz}(?:/{segment})*");
    let ipv4 = super::super::abnf_oracle::ipv4address();
    let ipv6 = super::super::abnf_oracle::ipv6address();
    let future = format!(r"[vV][0-9A-Fa-f]+\.(?:{ascii_unreserved}|{sub}|:)+");
    let zoned = if zone {
        format!("|(?:{ipv6})%25(?:{ascii_unreserved}|{pct})+")
    } else {
        String::new()
    };
    let host = format!(r"(?:\[(?:{ipv6}{zoned}|{future})\]|{ipv4}|(?:{unreserved}|{pct}|{sub})*)");
    let userinfo = format!("(?:{unreserved}|{pct}|{sub}|:)*");
    let authority = format!("(?:{userinfo}@)?{host}(?::[0-9]*)?");
    let query = if iri {
        format!("(?:{pchar}|{iprivate}|[/?])*")
    } else {
        format!("(?:{pchar}|[/?])*")
    };
    let fragment = format!("(?:{pchar}|[/?])*");
    let scheme = r"[A-Za-z][A-Za-z0-9+\-.]*";
    let hier = format!("(?://{authority}{path_abempty}|{path_absolute}|{path_rootless}|)");
    let rel = format!("(?://{authority}{path_abempty}|{path_absolute}|{path_noscheme}|)");
    let tail = format!(r"(?:\?{query})?(?:#{fragment})?");
    let re = format!("^(?:{scheme}:{hier}{tail}|{rel}{tail})$");
    regex::Regex::new(&re).expect("oracle regex")
}

/// [`uri_like`] strings with non-ASCII characters of every RFC 3987
/// class spliced in (ucschar at the edges of its ranges, iprivate,
/// non-characters, specials, C1 controls, tags), so that the IRI rules
/// are exercised in every component.
pub(crate) fn iri_like() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let wide = proptest::sample::select(
        &[
            "\u{A0}",
            "\u{E9}",
            "\u{FC}",
            "\u{D7FF}",
            "\u{F900}",
            "\u{FDCF}",
            "\u{FDF0}",
            "\u{FFEF}",
            "\u{10000}",
            "\u{1F600}",
            "\u{1FFFD}",
            "\u{E1000}",
            "\u{EFFFD}",
            "\u{202E}",
            "\u{2603}",
            "\u{E000}",
            "\u{F8FF}",
            "\u{F0000}",
            "\u{10FFFD}",
            "\u{80}",
            "\u{9F}",
            "\u{FDD0}",
            "\u{FFF0}",
            "\u{FFFD}",
            "\u{FFFE}",
            "\u{1FFFE}",
            "\u{E0001}",
            "\u{EFFFE}",
            "\u{10FFFF}",
        ][..],
    );
    (
        uri_like(),
        proptest::collection::vec((any::<usize>(), wide), 0..4),
    )
        .prop_map(|(mut s, inserts)| {
            for (at, w) in inserts {
                let mut k = at % (s.len() + 1);
                while !s.is_char_boundary(k) {
                    k -= 1;
                }
                s.insert_str(k, w);
            }
            s
        })
}

/// Strings made of URI-ish tokens, so that random inputs often hit
/// delimiters, literals and escapes.
pub(crate) fn uri_like() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let token = prop_oneof![
        Just("http"),
        Just("a"),
        Just("Z"),
        Just("v7"),
        Just("1"),
        Just("25"),
        Just("256"),
        Just("ff"),
        Just(":"),
        Just("::"),
        Just("//"),
        Just("/"),
        Just("?"),
        Just("#"),
        Just("@"),
        Just("["),
        Just("]"),
        Just("%"),
        Just("%4"),
        Just("%41"),
        Just("."),
        Just("-"),
        Just("_"),
        Just("~"),
        Just("+"),
        Just(";"),
        Just("="),
        Just("!"),
        Just("$"),
        Just(","),
        Just("1.2.3.4"),
        Just("::1"),
        Just(" "),
        Just("\t"),
        Just("<"),
        Just("|"),
        Just("é"),
        Just("\u{1F600}"),
        Just("\u{202E}"),
    ];
    let flat = proptest::collection::vec(token, 0..14).prop_map(|v| v.concat());

    // Mostly well-formed shapes with a few wrong pieces, so that the
    // authority rules are exercised too.
    let pick = |v: &'static [&'static str], max: usize| {
        proptest::collection::vec(proptest::sample::select(v), 0..max).prop_map(|v| v.concat())
    };
    let scheme = proptest::sample::select(&["", "", "http:", "a:", "1a:", ":", "a_b:"][..]);
    let authority = pick(
        &[
            "a",
            "b.c",
            "u",
            "@",
            ":",
            "80",
            "[",
            "]",
            "::1",
            "v7.x",
            "1.2.3.4",
            "256.1.1.1",
            "01",
            "-",
            ".",
            "_",
            "%41",
            "%",
            "é",
            " ",
            "~",
            "!",
            ";",
            "[::1]",
            "[v1.a]",
            "v7.",
            "v",
            "g",
            "[v7.]",
            "[vg.x]",
            "[1::2::3]",
        ],
        6,
    );
    let path = pick(&["/", "a", ";p", "=", ":", ".", "..", "%2F", "[", "@"], 5);
    let query = pick(&["?", "/", "a", "#", "[", ":", "%"], 3);
    let shaped = (
        scheme,
        proptest::option::of(authority),
        path,
        proptest::option::of(query.clone()),
        proptest::option::of(query),
    )
        .prop_map(|(s, a, p, q, f)| {
            let mut t = s.to_string();
            if let Some(a) = a {
                t = t + "//" + &a;
                if !p.is_empty() && !p.starts_with('/') {
                    t += "/";
                }
            }
            t += &p;
            if let Some(q) = q {
                t = t + "?" + &q;
            }
            if let Some(f) = f {
                t = t + "#" + &f;
            }
            t
        });
    prop_oneof![flat, shaped]
}

/// Asserts what must hold of any parse: ranges in bounds and on
/// character boundaries, errors sorted and on character boundaries.
pub(crate) fn assert_well_formed(s: &str, c: &Components, errors: &[ParseError]) {
    let all = [
        c.scheme.clone(),
        c.authority.clone(),
        c.userinfo.clone(),
        c.host.clone(),
        c.port.clone(),
        Some(c.path.clone()),
        c.query.clone(),
        c.fragment.clone(),
    ];
    for r in all.into_iter().flatten() {
        assert!(r.start <= r.end && r.end <= s.len(), "{s:?} {r:?}");
        assert!(s.get(r.clone()).is_some(), "{s:?} {r:?}");
    }
    assert_eq!(c.host.is_some(), c.authority.is_some(), "{s:?}");
    assert_eq!(c.host.is_some(), c.host_kind.is_some(), "{s:?}");
    for e in errors {
        assert!(s.is_char_boundary(e.offset), "{s:?} {e:?}");
        assert!(!e.message.is_empty());
    }
    assert!(
        errors.windows(2).all(|w| w[0].offset < w[1].offset),
        "{s:?} {errors:?}"
    );
}

/// The components of `s` put back together with their delimiters.
pub(crate) fn reassemble(s: &str, c: &Components) -> String {
    let g = |r: &Option<Range<usize>>| r.clone().and_then(|r| s.get(r));
    let mut t = String::new();
    if let Some(x) = g(&c.scheme) {
        t = t + x + ":";
    }
    if let Some(x) = g(&c.authority) {
        t = t + "//" + x;
    }
    t += s.get(c.path.clone()).unwrap_or_default();
    if let Some(x) = g(&c.query) {
        t = t + "?" + x;
    }
    if let Some(x) = g(&c.fragment) {
        t = t + "#" + x;
    }
    t
}

/// Checks `s` against the oracle and, when valid, that the components
/// put back together give `s`.
fn check_against_oracle(s: &str) -> Result<(), proptest::test_runner::TestCaseError> {
    let (c, errors) = parse(s);
    assert_well_formed(s, &c, &errors);
    proptest::prop_assert_eq!(errors.is_empty(), oracle().is_match(s), "{:?}", errors);
    if errors.is_empty() {
        proptest::prop_assert_eq!(reassemble(s, &c), s);
    }
    Ok(())
}

proptest::proptest! {
    #[test]
    fn agrees_with_the_abnf(s in uri_like()) {
        check_against_oracle(&s)?;
    }

    /// RFC 3987 (with and without RFC 6874), against its own oracle.
    #[test]
    fn iri_agrees_with_the_abnf(s in iri_like(), zone in proptest::bool::ANY) {
        let (c, errors) = parse_iri(&s, zone);
        assert_well_formed(&s, &c, &errors);
        proptest::prop_assert_eq!(errors.is_empty(), iri_oracle(zone).is_match(&s), "{:?}", errors);
        if errors.is_empty() {
            proptest::prop_assert_eq!(reassemble(&s, &c), s);
        }
    }

    /// RFC 3986 with RFC 6874, against its oracle, on inputs that often
    /// hold zone identifiers.
    #[test]
    fn zone_ids_agree_with_the_abnf(
        a in proptest::sample::select(&["::1", "fe80::a", "v7.x", "1::2::3", "::1.2.3.4", ""][..]),
        z in proptest::sample::select(&["%25", "%", "%2", "%25%25", ""][..]),
        id in r"[a-z0-9%.:~\]\[-]{0,5}",
        tail in proptest::sample::select(&["", ":80", "/p", "x"][..]),
    ) {
        let s = format!("http://[{a}{z}{id}]{tail}");
        let (c, errors) = super::parse(&s, Flavor::uri(true));
        assert_well_formed(&s, &c, &errors);
        proptest::prop_assert_eq!(errors.is_empty(), zone_oracle().is_match(&s), "{} {:?}", s, errors);
        proptest::prop_assert_eq!(
            parse(&s).1.is_empty(),
            oracle().is_match(&s),
            "{}", s
        );
    }

    #[test]
    fn never_panics(s in ".*") {
        let (c, errors) = parse(&s);
        assert_well_formed(&s, &c, &errors);
    }
}
