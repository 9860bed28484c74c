//! URI normalization and equivalence (RFC 3986 section 6, RFC 2396 section
//! 6).
//!
//! This module owns [`normalize`] and [`normalize_str`], which rewrite a URI
//! reference into a normal form, [`equivalent`], which compares two by their
//! normal forms (RFC 3986 section 6.1), and [`default_port`], the table of
//! default ports behind the scheme-based step.
//!
//! It does not own parsing (the `grammar` module), resolution of relative
//! references (the `resolve` module; RFC 3986 section 6.1 says references
//! "should be converted to their respective target URIs before
//! comparison"), protocol-based normalization (section 6.2.4), nor
//! scheme-specific rules beyond the default port and the empty path (e.g.
//! the case of `mailto` domains, the IDNA form of hosts).
//!
//! # RFC 3986 ([`Grammar::Rfc3986`]) and RFC 3987 ([`Grammar::Rfc3987`])
//!
//! RFC 3987 section 5.3.2 applies the RFC 3986 rules to IRIs; case is
//! folded for ASCII letters only (non-ASCII hosts are compared through
//! their IDNA form, [`crate::grammar::UriRef::host_ascii`], not here).
//!
//! Syntax-based normalization (section 6.2.2):
//!
//! - case (6.2.2.1): the scheme and the host are lowercased (all of the
//!   host, including the hexadecimal digits of an IPv6 or IPvFuture
//!   literal, since section 3.2.2 makes the whole host case-insensitive),
//!   and the hexadecimal digits of every percent-encoding triplet are
//!   uppercased, in every component;
//! - percent-encoding (6.2.2.2): a triplet of an unreserved character
//!   (`ALPHA DIGIT - . _ ~`, section 2.3) is decoded (and then lowercased in
//!   the host); any other triplet, `%2F` included, stays encoded;
//! - path segments (6.2.2.3): `remove_dot_segments` (section 5.2.4) is
//!   applied to the path of a URI, after decoding (`%2E%2E` is `..`). A
//!   relative reference keeps its dot segments, which mean something only
//!   once resolved against a base (section 5.2; section 6.1 says not to
//!   compare relative references directly). Rootless paths are handled as
//!   section 5.2.4 does (`foo:a/../b` becomes `foo:/b`); a path that would
//!   start with `//` without an authority gets `/.` in front, as in the
//!   `resolve` module.
//!
//! # RFC 2396 ([`Grammar::Rfc2396`], [`Grammar::Rfc2396Ipv6`])
//!
//! RFC 2396 section 6 names only two rules: the scheme and the hostname are
//! case-insensitive, and an explicit default port equals an elided one. So:
//! the scheme is lowercased, the host is lowercased when it is a hostname,
//! an IPv4 address or an RFC 2732 IPv6 literal (not when it is a `reg_name`,
//! which section 6 does not mention), triplets get uppercase hexadecimal
//! digits (section 2.4.1: they denote the same octet), and nothing is
//! decoded: section 2.4.2 allows unescaping only "according to" a scheme's
//! own canonicalization algorithm. Dot segments are kept: RFC 2396 section
//! 5 makes `.` and `..` special "only ... when resolving a relative-path
//! reference", and Appendix C.2 keeps them in absolute paths (`/./g` gives
//! `http://a/./g`).
//!
//! # Scheme-based normalization (both grammars, [`NormalizeOptions::scheme_based`])
//!
//! RFC 3986 section 6.2.3 (RFC 2396 section 6 for the default port):
//!
//! - a port equal to the scheme's default ([`default_port`]) is removed with
//!   its `:`, compared as a decimal number (`:080` is port 80); the `sip`
//!   and `sips` defaults are never removed, because RFC 3261 section 19.1.4
//!   says a SIP URI with an explicit default port does not match one without
//!   (and SIP URIs have no `//` authority anyway);
//! - an empty port is removed with its `:` for every scheme, and in a
//!   network-path reference (`//h:/` gives `//h/`) (section 6.2.3:
//!   "an explicit ":port", for which the port is empty ..., is equivalent to
//!   one where the port and its ":" delimiter are elided");
//! - an empty path after an authority becomes `/` for `http`, `https`
//!   (RFC 9110 section 4.2.3), `ws`, `wss` (RFC 6455 section 3, "/" when the
//!   path is empty) and `ftp` (RFC 1738 section 3.2.2, the url-path "may be
//!   omitted, including the "/""). Section 6.2.3 says "in general" for every
//!   scheme using the generic authority, but other schemes are left alone:
//!   nothing in the generic syntax makes their empty path equal to `/`.
//!
//! Empty queries and fragments are kept (section 6.2.3: `http://example.com/?`
//! is not `http://example.com/`), as is the case of everything else.
//!
//! Normalizing never changes what the grammar accepts: the output of a
//! valid input is valid under the same grammar, and normalizing it again
//! gives it back.

use crate::error::ParseError;
use crate::grammar::{chars, parse, Grammar, HostKind, UriRef};
use crate::resolve::{guard_double_slash, remove_dots_into, segments, Dots};

/// How [`normalize`] works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NormalizeOptions {
    /// Which rules apply (see the module documentation): the RFC 3986 ones
    /// (section 6.2.2) or the narrower RFC 2396 ones (section 6). Also the
    /// grammar [`normalize_str`] and [`equivalent`] validate against.
    /// Default [`Grammar::Rfc3986`].
    pub grammar: Grammar,
    /// Also apply scheme-based normalization (RFC 3986 section 6.2.3):
    /// default and empty ports removed, an empty `http(s)`, `ws(s)` or `ftp`
    /// path with an authority becomes `/`. Default `true`.
    pub scheme_based: bool,
}

impl Default for NormalizeOptions {
    /// RFC 3986, scheme-based normalization on.
    fn default() -> Self {
        NormalizeOptions {
            grammar: Grammar::Rfc3986,
            scheme_based: true,
        }
    }
}

/// Default ports, with where each is defined.
const DEFAULT_PORTS: &[(&str, u16)] = &[
    // RFC 9110 section 4.2.1 (and RFC 1738 section 3.3).
    ("http", 80),
    // RFC 9110 section 4.2.2.
    ("https", 443),
    // RFC 1738 section 3.2 ("the port defaults to 21").
    ("ftp", 21),
    // RFC 6455 section 3.
    ("ws", 80),
    // RFC 6455 section 3.
    ("wss", 443),
    // RFC 4248 section 2 (and RFC 1738 section 3.8).
    ("telnet", 23),
    // RFC 4266 section 2.1 (and RFC 1738 section 3.4).
    ("gopher", 70),
    // RFC 5538 section 2 ("The default <port> associated with NNTP ... is
    // 119"), for both 'nntp' and 'news' URIs.
    ("nntp", 119),
    ("news", 119),
    // RFC 4516 section 2.
    ("ldap", 389),
    // No RFC defines an 'ldaps' URI scheme; 636 is its port in the IANA
    // Service Name and Transport Protocol Port Number Registry.
    ("ldaps", 636),
    // RFC 5092 section 1 ("the port defaults to 143").
    ("imap", 143),
    // RFC 2384 section 3 ("the port defaults to 110").
    ("pop", 110),
    // RFC 2326 section 3.2 (and RFC 7826 section 4.2).
    ("rtsp", 554),
    // RFC 3261 section 19.1.2, table note (1): 5060 for sip (5061 over
    // TLS), 5061 for sips. Never removed: see `droppable`.
    ("sip", 5060),
    ("sips", 5061),
    // RFC 7252 section 6.1.
    ("coap", 5683),
    // RFC 7252 section 6.2.
    ("coaps", 5684),
];

/// The default port of `scheme` (ASCII case-insensitive), when this module
/// knows it: `http` 80, `https` 443, `ftp` 21, `ws` 80, `wss` 443, `telnet`
/// 23, `gopher` 70, `nntp` and `news` 119, `ldap` 389, `ldaps` 636, `imap`
/// 143, `pop` 110, `rtsp` 554, `sip` 5060, `sips` 5061, `coap` 5683, `coaps`
/// 5684. The source of each is in the table in this module's source.
///
/// ```
/// use urilint_uri::normalize::default_port;
///
/// assert_eq!(default_port("HTTPS"), Some(443));
/// assert_eq!(default_port("mailto"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    DEFAULT_PORTS
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(scheme))
        .map(|&(_, p)| p)
}

/// Whether an explicit default port may be removed for `scheme`: not for SIP
/// (RFC 3261 section 19.1.4: "a URI omitting the optional port component
/// will not match a URI explicitly declaring port 5060").
/// True when `port` (digits) is the default port of `scheme` and may be
/// dropped in normalization (RFC 3986 section 6.2.3): not for `sip` and
/// `sips`, whose default depends on the transport.
pub fn is_droppable_default_port(scheme: &str, port: &str) -> bool {
    droppable(scheme)
        && default_port(scheme).is_some_and(|d| port_value(port) == Some(u32::from(d)))
}

fn droppable(scheme: &str) -> bool {
    !scheme.eq_ignore_ascii_case("sip") && !scheme.eq_ignore_ascii_case("sips")
}

/// The decimal value of a port, or `None` when it is empty, not all digits
/// or beyond `u32`.
fn port_value(port: &str) -> Option<u32> {
    if port.is_empty() {
        return None;
    }
    port.bytes().try_fold(0u32, |n, b| {
        let d = b.checked_sub(b'0').filter(|d| *d <= 9)?;
        n.checked_mul(10)?.checked_add(u32::from(d))
    })
}

/// Whether the port `port` of a URI with `scheme` goes away.
fn drop_port(scheme: Option<&str>, port: &str) -> bool {
    if port.is_empty() {
        return true;
    }
    let Some(scheme) = scheme else {
        return false;
    };
    droppable(scheme)
        && default_port(scheme).is_some_and(|d| port_value(port) == Some(u32::from(d)))
}

/// Schemes whose empty path with an authority is `/` (see the module
/// documentation).
fn empty_path_is_slash(scheme: &str) -> bool {
    ["http", "https", "ws", "wss", "ftp"]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
}

/// Whether an RFC 2396 host is case-insensitive: a hostname, an IPv4 address
/// or an IPv6 literal (section 6 names the "hostname"; a `reg_name` is
/// opaque to the generic syntax).
fn host_is_case_insensitive_2396(host: &str, kind: Option<HostKind>) -> bool {
    match kind {
        Some(HostKind::Ipv4 | HostKind::Ipv6 | HostKind::IpvFuture) => true,
        Some(HostKind::RegName) | None => host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.'),
    }
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `s` to `out` with its percent-encoding triplets normalized:
/// uppercase hexadecimal digits, and, when `decode`, the triplets of
/// unreserved characters decoded. With `lower`, ASCII letters (decoded ones
/// included) are lowercased. A `%` not followed by two hexadecimal digits is
/// copied as it is.
fn push_normalized(out: &mut String, s: &str, lower: bool, decode: bool) {
    let bytes = s.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hi = bytes.get(i + 1).copied().and_then(chars::hex_value);
            let lo = bytes.get(i + 2).copied().and_then(chars::hex_value);
            if let (Some(hi), Some(lo)) = (hi, lo) {
                let v = hi << 4 | lo;
                if decode && chars::is(v, chars::UNRESERVED) {
                    out.push(char::from(if lower { v.to_ascii_lowercase() } else { v }));
                } else {
                    out.push('%');
                    out.push(char::from(HEX_UPPER[usize::from(hi & 15)]));
                    out.push(char::from(HEX_UPPER[usize::from(lo & 15)]));
                }
                i += 3;
                continue;
            }
        }
        // Copy up to the next '%' (a char boundary: '%' is ASCII).
        let end = bytes
            .get(i + 1..)
            .and_then(|rest| rest.iter().position(|&c| c == b'%'))
            .map_or(bytes.len(), |k| i + 1 + k);
        let run = s.get(i..end).unwrap_or_default();
        if lower {
            out.extend(run.chars().map(|c| c.to_ascii_lowercase()));
        } else {
            out.push_str(run);
        }
        i = end;
    }
}

/// What a segment is once its unreserved triplets are decoded: `.` and
/// `%2E` are both a dot.
fn decoded_dots(seg: &str) -> Dots {
    let mut rest = seg.as_bytes();
    let mut n = 0;
    while !rest.is_empty() {
        rest = match rest {
            [b'.', tail @ ..] => tail,
            [b'%', b'2', b'e' | b'E', tail @ ..] => tail,
            _ => return Dots::None,
        };
        n += 1;
    }
    match n {
        1 => Dots::One,
        2 => Dots::Two,
        _ => Dots::None,
    }
}

/// Returns the normal form of `uri` (see the module documentation for the
/// rules of each grammar and RFC section).
///
/// The components are used as `uri` has them, so `uri` should come from
/// [`parse`] with `opts.grammar`. An invalid `uri` is normalized as far as
/// its best-effort components allow (never a panic), but the result is then
/// not guaranteed valid; use [`normalize_str`] to have the input checked.
///
/// Linear in the input's length; allocates only the result.
///
/// ```
/// use urilint_uri::grammar::{parse, Grammar};
/// use urilint_uri::normalize::{normalize, NormalizeOptions};
///
/// let p = parse("HTTP://www.EXAMPLE.com:80/a/./b/../%7euser?%2f", Grammar::Rfc3986);
/// assert_eq!(normalize(p.uri(), NormalizeOptions::default()), "http://www.example.com/a/~user?%2F");
/// ```
pub fn normalize(uri: &UriRef<'_>, opts: NormalizeOptions) -> String {
    // RFC 3987 section 5.3.2 applies the same syntax-based rules to IRIs
    // (case folding only for ASCII letters, as here).
    let rfc3986 = matches!(opts.grammar, Grammar::Rfc3986 | Grammar::Rfc3987);
    let decode = rfc3986;
    let mut out = String::with_capacity(uri.as_str().len() + 3);

    let scheme = uri.scheme();
    if let Some(s) = scheme {
        out.extend(s.chars().map(|c| c.to_ascii_lowercase()));
        out.push(':');
    }

    let authority = uri.authority();
    if let Some(a) = authority {
        out.push_str("//");
        let (userinfo, host, port) = (uri.userinfo(), uri.host(), uri.port());
        // The parts must make up the authority; otherwise (an invalid
        // input) it is only percent-normalized as a whole.
        let parts_len = userinfo.map_or(0, |u| u.len() + 1)
            + host.map_or(0, str::len)
            + port.map_or(0, |p| p.len() + 1);
        match host {
            Some(host) if parts_len == a.len() => {
                if let Some(u) = userinfo {
                    push_normalized(&mut out, u, false, decode);
                    out.push('@');
                }
                let lower = rfc3986 || host_is_case_insensitive_2396(host, uri.host_kind());
                push_normalized(&mut out, host, lower, decode);
                if let Some(p) = port {
                    if !(opts.scheme_based && drop_port(scheme, p)) {
                        out.push(':');
                        out.push_str(p);
                    }
                }
            }
            _ => push_normalized(&mut out, a, false, decode),
        }
    }

    let path_start = out.len();
    let path = uri.path();
    if rfc3986 && scheme.is_some() {
        remove_dots_into(&mut out, segments("", path), decoded_dots, |o, s| {
            push_normalized(o, s, false, true)
        });
        if authority.is_none() {
            guard_double_slash(&mut out, path_start);
        }
    } else {
        push_normalized(&mut out, path, false, decode);
    }
    if opts.scheme_based
        && authority.is_some()
        && out.len() == path_start
        && scheme.is_some_and(empty_path_is_slash)
    {
        out.push('/');
    }

    if let Some(q) = uri.query() {
        out.push('?');
        push_normalized(&mut out, q, false, decode);
    }
    if let Some(f) = uri.fragment() {
        out.push('#');
        push_normalized(&mut out, f, false, decode);
    }
    out
}

/// Parses `s` with `opts.grammar` and returns its normal form (see
/// [`normalize`]).
///
/// # Errors
///
/// The grammar violations of `s` (byte offsets into `s`) when it is not a
/// valid URI reference under `opts.grammar`.
///
/// ```
/// use urilint_uri::normalize::{normalize_str, NormalizeOptions};
///
/// let n = normalize_str("http://example.com:/", NormalizeOptions::default());
/// assert_eq!(n.unwrap(), "http://example.com/");
/// assert_eq!(normalize_str("http://a/%zz", NormalizeOptions::default()).unwrap_err()[0].code(), "U002");
/// ```
pub fn normalize_str(s: &str, opts: NormalizeOptions) -> Result<String, Vec<ParseError>> {
    let uri = parse(s, opts.grammar).into_result()?;
    Ok(normalize(&uri, opts))
}

/// Whether `a` and `b` are equivalent: equal once both are normalized with
/// `opts` (RFC 3986 section 6.1 and 6.2; RFC 2396 section 6).
///
/// Fragments take part in the comparison (section 6.1 says to exclude them
/// only when choosing a network action: strip them first for that).
/// Relative references are compared as they are, dot segments included;
/// section 6.1 advises resolving them first (the `resolve` module).
///
/// # Errors
///
/// The grammar violations of `a` when it is invalid under `opts.grammar`,
/// else those of `b` when it is (byte offsets into that string).
///
/// ```
/// use urilint_uri::normalize::{equivalent, NormalizeOptions};
///
/// let o = NormalizeOptions::default();
/// assert_eq!(equivalent("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", o), Ok(true));
/// assert_eq!(equivalent("http://example.com/?", "http://example.com/", o), Ok(false));
/// ```
pub fn equivalent(a: &str, b: &str, opts: NormalizeOptions) -> Result<bool, Vec<ParseError>> {
    let a = normalize_str(a, opts)?;
    let b = normalize_str(b, opts)?;
    Ok(a == b)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    const RFC3986: NormalizeOptions = NormalizeOptions {
        grammar: Grammar::Rfc3986,
        scheme_based: true,
    };
    const SYNTAX_ONLY: NormalizeOptions = NormalizeOptions {
        grammar: Grammar::Rfc3986,
        scheme_based: false,
    };
    const RFC2396: NormalizeOptions = NormalizeOptions {
        grammar: Grammar::Rfc2396,
        scheme_based: true,
    };

    fn n(s: &str, o: NormalizeOptions) -> String {
        match normalize_str(s, o) {
            Ok(n) => n,
            Err(e) => panic!("{s:?} invalid: {e:?}"),
        }
    }

    #[test]
    fn rfc3986_section_6_2_2_example() {
        let a = "example://a/b/c/%7Bfoo%7D";
        let b = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d";
        assert_eq!(n(b, RFC3986), a);
        assert_eq!(n(a, RFC3986), a);
        assert_eq!(equivalent(a, b, RFC3986), Ok(true));
        assert_eq!(equivalent(a, b, SYNTAX_ONLY), Ok(true));
    }

    #[test]
    fn case_section_6_2_2_1() {
        assert_eq!(
            n("HTTP://www.EXAMPLE.com/", RFC3986),
            "http://www.example.com/"
        );
        assert_eq!(n("http://a/%3a%3A%c3%a9", RFC3986), "http://a/%3A%3A%C3%A9");
        // Only scheme and host: userinfo, path, query, fragment keep case.
        assert_eq!(
            n("HTTP://User:PW@Host.Example/P?Q#F", RFC3986),
            "http://User:PW@host.example/P?Q#F"
        );
        // IP literals are hosts too.
        assert_eq!(
            n("HTTP://[::FFFF:1.2.3.4]/", RFC3986),
            "http://[::ffff:1.2.3.4]/"
        );
    }

    #[test]
    fn iris_get_the_rfc3986_rules_with_ascii_case_folding() {
        let o = NormalizeOptions {
            grammar: Grammar::Rfc3987,
            ..NormalizeOptions::default()
        };
        assert_eq!(
            normalize_str("HTTP://B\u{fc}cher.EXAMPLE/%7e/./a", o).as_deref(),
            Ok("http://b\u{fc}cher.example/~/a")
        );
    }

    #[test]
    fn ip_literals_are_lowercased() {
        assert_eq!(n("http://[FE80::AB]/", RFC3986), "http://[fe80::ab]/");
        assert_eq!(
            n("http://[V1.FE80::A+B]/", RFC3986),
            "http://[v1.fe80::a+b]/"
        );
        // A decoded letter in a reg-name is lowercased too (idempotence).
        assert_eq!(n("http://%41b%2e%43%c3%A9/", RFC3986), "http://ab.c%C3%A9/");
    }

    #[test]
    fn percent_encoding_section_6_2_2_2() {
        assert_eq!(n("http://a/%7e", RFC3986), "http://a/~");
        assert_eq!(n("http://a/%7E", RFC3986), "http://a/~");
        assert_eq!(n("http://a/%41", RFC3986), "http://a/A");
        assert_eq!(n("http://a/%2f", RFC3986), "http://a/%2F");
        assert_eq!(n("http://a/%2F", RFC3986), "http://a/%2F");
        // Every unreserved character, and reserved ones left alone.
        assert_eq!(
            n("http://%7e@a/%2D%2e%5F%7E%30%7a?%3f%2d#%23%5f", RFC3986),
            "http://~@a/-._~0z?%3F-#%23_"
        );
        assert_eq!(
            n(
                "x:%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%40%2F%3F%23%5B%5D%25",
                RFC3986
            ),
            "x:%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%40%2F%3F%23%5B%5D%25"
        );
        // Decoded dots are dot segments.
        assert_eq!(n("http://a/b/%2E%2e/c/%2E/d", RFC3986), "http://a/c/d");
        assert_eq!(n("http://a/b/.%2E/c", RFC3986), "http://a/c");
    }

    #[test]
    fn dot_segments_section_6_2_2_3() {
        assert_eq!(n("http://a/b/c/./../../g", RFC3986), "http://a/g");
        assert_eq!(n("http://a/../../g", RFC3986), "http://a/g");
        assert_eq!(n("http://a/b/..", RFC3986), "http://a/");
        assert_eq!(n("http://a/.", RFC3986), "http://a/");
        assert_eq!(n("http://a/..", RFC3986), "http://a/");
        // Query and fragment are not paths.
        assert_eq!(n("http://a/b?/./#/../", RFC3986), "http://a/b?/./#/../");
        // Relative references keep theirs.
        assert_eq!(n("a/./b/../c", RFC3986), "a/./b/../c");
        assert_eq!(n("../%7e/./x", RFC3986), "../~/./x");
        assert_eq!(n("//A.example/./x", RFC3986), "//a.example/./x");
        // Rootless paths, as section 5.2.4 does them.
        assert_eq!(n("foo:a/../b", RFC3986), "foo:/b");
        assert_eq!(n("foo:./a:b", RFC3986), "foo:a:b");
        assert_eq!(n("foo:.", RFC3986), "foo:");
        assert_eq!(n("urn:a:b", RFC3986), "urn:a:b");
        // No path starting with "//" without an authority.
        assert_eq!(n("foo:/a/..//g", RFC3986), "foo:/.//g");
        assert_eq!(n("foo:/.//g", RFC3986), "foo:/.//g");
        assert_eq!(n("foo:/%2E//g", RFC3986), "foo:/.//g");
    }

    #[test]
    fn scheme_based_section_6_2_3() {
        for s in [
            "http://example.com",
            "http://example.com/",
            "http://example.com:/",
            "http://example.com:80/",
        ] {
            assert_eq!(n(s, RFC3986), "http://example.com/", "{s}");
            assert_eq!(equivalent(s, "http://example.com/", RFC3986), Ok(true));
        }
        // Delimiters of empty components are significant.
        assert_eq!(n("http://example.com/?", RFC3986), "http://example.com/?");
        assert_eq!(
            equivalent("http://example.com/?", "http://example.com/", RFC3986),
            Ok(false)
        );
        assert_eq!(
            equivalent("http://example.com/#", "http://example.com/", RFC3986),
            Ok(false)
        );
        assert_eq!(n("http://example.com?", RFC3986), "http://example.com/?");
        assert_eq!(n("http://example.com#", RFC3986), "http://example.com/#");
        // RFC 9110 section 4.2.3's example.
        for s in [
            "http://example.com:80/~smith/home.html",
            "http://EXAMPLE.com/%7Esmith/home.html",
            "http://EXAMPLE.com:/%7esmith/home.html",
        ] {
            assert_eq!(n(s, RFC3986), "http://example.com/~smith/home.html", "{s}");
        }
        // Other ports stay, with any leading zeros; ports compare as numbers.
        assert_eq!(n("http://a:8080", RFC3986), "http://a:8080/");
        assert_eq!(n("http://a:080/", RFC3986), "http://a/");
        assert_eq!(n("http://a:0080/", RFC3986), "http://a/");
        assert_eq!(n("http://a:443/", RFC3986), "http://a:443/");
        assert_eq!(
            n("http://a:99999999999999999999/", RFC3986),
            "http://a:99999999999999999999/"
        );
        // An empty port goes for any scheme, an empty path only for some.
        assert_eq!(n("foo://a:", RFC3986), "foo://a");
        assert_eq!(n("foo://a", RFC3986), "foo://a");
        assert_eq!(n("file://", RFC3986), "file://");
        assert_eq!(n("HTTPS://a:443", RFC3986), "https://a/");
        // Off.
        assert_eq!(n("http://a:80", SYNTAX_ONLY), "http://a:80");
        assert_eq!(n("http://a:", SYNTAX_ONLY), "http://a:");
        assert_eq!(n("http://a", SYNTAX_ONLY), "http://a");
    }

    #[test]
    fn default_ports() {
        for (scheme, port) in [
            ("http", 80),
            ("https", 443),
            ("ftp", 21),
            ("ws", 80),
            ("wss", 443),
            ("telnet", 23),
            ("gopher", 70),
            ("nntp", 119),
            ("news", 119),
            ("ldap", 389),
            ("ldaps", 636),
            ("imap", 143),
            ("pop", 110),
            ("rtsp", 554),
            ("coap", 5683),
            ("coaps", 5684),
        ] {
            assert_eq!(default_port(scheme), Some(port));
            let slash = if empty_path_is_slash(scheme) { "/" } else { "" };
            assert_eq!(
                n(&format!("{scheme}://h:{port}"), RFC3986),
                format!("{scheme}://h{slash}")
            );
            assert_eq!(
                n(&format!("{scheme}://h:{port}/x"), RFC3986),
                format!("{scheme}://h/x")
            );
            assert_eq!(
                n(&format!("{scheme}://h:1/x"), RFC3986),
                format!("{scheme}://h:1/x")
            );
        }
        assert_eq!(default_port("sip"), Some(5060));
        assert_eq!(default_port("sips"), Some(5061));
        assert_eq!(default_port("SIP"), Some(5060));
        assert_eq!(default_port("foo"), None);
        // RFC 3261 section 19.1.4: not equivalent for SIP.
        assert_eq!(n("sip://h:5060/", RFC3986), "sip://h:5060/");
        assert_eq!(n("sip:alice@h:5060", RFC3986), "sip:alice@h:5060");
        // No scheme, no default.
        assert_eq!(n("//h:80/", RFC3986), "//h:80/");
        assert_eq!(n("//h:/", RFC3986), "//h/");
    }

    #[test]
    fn rfc2396_rules() {
        // Case, triplet case and the default port; no decoding, no dots.
        assert_eq!(
            n("HTTP://www.EXAMPLE.com:80/a/./b/../%7e%41?%2f#%7e", RFC2396),
            "http://www.example.com/a/./b/../%7E%41?%2F#%7E"
        );
        assert_eq!(n("http://example.com", RFC2396), "http://example.com/");
        assert_eq!(n("http://example.com:", RFC2396), "http://example.com/");
        assert_eq!(n("http://u@A.B:81", RFC2396), "http://u@a.b:81/");
        assert_eq!(n("http://1.2.3.4:80/", RFC2396), "http://1.2.3.4/");
        // A reg_name is not a hostname: its case stays.
        assert_eq!(n("http://Exa_mple.com/", RFC2396), "http://Exa_mple.com/");
        assert_eq!(n("http://U@V@W:80/", RFC2396), "http://U@V@W:80/");
        // Opaque parts keep their '?' in the path.
        assert_eq!(
            n("MAILTO:A@B?subject=%7e", RFC2396),
            "mailto:A@B?subject=%7E"
        );
        let v6 = NormalizeOptions {
            grammar: Grammar::Rfc2396Ipv6,
            scheme_based: true,
        };
        assert_eq!(n("HTTP://[FE80::1]:80", v6), "http://[fe80::1]/");
        // RFC 2396 section 6's own example.
        assert_eq!(
            equivalent("http://www.XEROX.com", "http://www.xerox.com", RFC2396),
            Ok(true)
        );
        assert_eq!(equivalent("http://a/%7e", "http://a/~", RFC2396), Ok(false));
        assert_eq!(
            equivalent("http://a/%7e", "http://a/%7E", RFC2396),
            Ok(true)
        );
    }

    #[test]
    fn errors() {
        let e = normalize_str("http://a b/", RFC3986).unwrap_err();
        assert_eq!((e[0].code(), e[0].offset), ("U003", 8));
        // `a` first, then `b`.
        let e = equivalent("http://a/%zz", "b c", RFC3986).unwrap_err();
        assert_eq!(e[0].code(), "U002");
        let e = equivalent("http://a/", "b c", RFC3986).unwrap_err();
        assert_eq!((e[0].code(), e[0].offset), ("U003", 1));
        // Under the grammar of the options.
        assert!(normalize_str("http://[::1]/", RFC2396).is_err());
        assert!(normalize_str("foo:", RFC2396).is_err());
        assert_eq!(n("foo:", RFC3986), "foo:");
    }

    #[test]
    fn invalid_input_is_normalized_as_far_as_it_goes() {
        for s in [
            "HTTP://A B/%zz%7e",
            "http://a/%",
            "http://[::1",
            "%",
            "é://É/é%41",
        ] {
            for g in [Grammar::Rfc3986, Grammar::Rfc2396, Grammar::Rfc2396Ipv6] {
                let p = parse(s, g);
                let _ = normalize(
                    p.uri(),
                    NormalizeOptions {
                        grammar: g,
                        scheme_based: true,
                    },
                );
            }
        }
        let p = parse("HTTP://A/%zz%7e", Grammar::Rfc3986);
        assert_eq!(normalize(p.uri(), RFC3986), "http://a/%zz~");
    }

    #[test]
    fn decoded_dots_classification() {
        assert_eq!(decoded_dots("."), Dots::One);
        assert_eq!(decoded_dots("%2e"), Dots::One);
        assert_eq!(decoded_dots("%2E%2e"), Dots::Two);
        assert_eq!(decoded_dots(".%2E"), Dots::Two);
        assert_eq!(decoded_dots(""), Dots::None);
        assert_eq!(decoded_dots("..."), Dots::None);
        assert_eq!(decoded_dots("%2F"), Dots::None);
        assert_eq!(decoded_dots("%2"), Dots::None);
    }

    /// A piece of URI text with case and encoding variants.
    fn piece() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "a", "B", "%7e", "%7E", "%41", "%2f", "%2F", "%c3%a9", "%2e", "%2E%2e", ".", "..", "-",
            "_", "~", "%25", "%3a", "!", "$", ";x=1", "@", ":",
        ])
    }

    prop_compose! {
        fn segment()(parts in prop::collection::vec(piece(), 0..3)) -> String {
            parts.concat()
        }
    }

    prop_compose! {
        fn uri_text()(
            scheme in prop::option::of(prop::sample::select(vec!["http", "HTTP", "foo", "Sip", "ftp", "urn"])),
            authority in prop::option::of((
                prop::option::of(prop::sample::select(vec!["u", "U:P", "%7eu", ""])),
                prop::sample::select(vec!["a", "EXAMPLE.com", "%41b", "1.2.3.4", "[FE80::1]", "[v7.X]", "", "Exa_mple"]),
                prop::option::of(prop::sample::select(vec!["", "80", "080", "21", "5060", "8080"])),
            )),
            rooted in any::<bool>(),
            segs in prop::collection::vec(segment(), 0..6),
            query in prop::option::of(segment()),
            fragment in prop::option::of(segment()),
        ) -> String {
            let mut s = String::new();
            if let Some(sc) = scheme { s.push_str(sc); s.push(':'); }
            let rooted = rooted || authority.is_some();
            if let Some((u, h, p)) = authority {
                s.push_str("//");
                if let Some(u) = u { s.push_str(u); s.push('@'); }
                s.push_str(h);
                if let Some(p) = p { s.push(':'); s.push_str(p); }
            }
            let joined = segs.join("/");
            if rooted { s.push('/'); }
            s.push_str(&joined);
            if let Some(q) = query { s.push('?'); s.push_str(&q); }
            if let Some(f) = fragment { s.push('#'); s.push_str(&f); }
            s
        }
    }

    fn grammar_of(i: u8) -> Grammar {
        [Grammar::Rfc3986, Grammar::Rfc2396, Grammar::Rfc2396Ipv6][usize::from(i % 3)]
    }

    proptest! {
        #[test]
        fn idempotent_and_valid(s in uri_text(), g in 0..3u8, scheme_based in any::<bool>()) {
            let grammar = grammar_of(g);
            prop_assume!(parse(&s, grammar).is_valid());
            let o = NormalizeOptions { grammar, scheme_based };
            let once = normalize_str(&s, o).unwrap();
            let p = parse(&once, grammar);
            prop_assert!(p.is_valid(), "{} -> {}: {:?}", s, once, p.errors());
            prop_assert_eq!(p.uri().kind(), parse(&s, grammar).uri().kind());
            let twice = normalize_str(&once, o).unwrap();
            prop_assert_eq!(&twice, &once, "{}", s);
            prop_assert_eq!(equivalent(&s, &once, o), Ok(true));
            // Syntax-based RFC 3986 output is also valid RFC 3986 when the
            // input was.
            if parse(&s, Grammar::Rfc3986).is_valid() {
                let n = normalize_str(&s, RFC3986).unwrap();
                prop_assert!(parse(&n, Grammar::Rfc3986).is_valid(), "{} -> {}", s, n);
            }
        }

        #[test]
        fn agrees_with_fluent_uri(s in uri_text()) {
            // fluent-uri also rewrites IPv6 literals to RFC 5952 form and
            // keeps the dots of rootless paths; those are left out here, as
            // are empty paths after an authority, which it does not turn
            // into "/" for http.
            if s.contains('[') || s.starts_with("Sip:") || s.contains(":080") {
                return Ok(());
            }
            let Ok(theirs) = fluent_uri::UriRef::parse(s.as_str()) else {
                return Ok(());
            };
            let path = theirs.path().as_str();
            let rootless_uri = theirs.has_scheme() && !theirs.has_authority() && !path.starts_with('/');
            if rootless_uri || (theirs.has_authority() && path.is_empty()) {
                return Ok(());
            }
            let ours = normalize_str(&s, RFC3986);
            prop_assert_eq!(ours.ok(), Some(theirs.normalize().as_str().to_string()), "{}", s);
        }

        #[test]
        fn only_case_and_encoding_change_the_bytes(s in uri_text()) {
            // With RFC 2396 rules nothing is decoded or removed except the
            // port: the length changes only by the port and the path "/".
            prop_assume!(parse(&s, Grammar::Rfc2396Ipv6).is_valid());
            let o = NormalizeOptions { grammar: Grammar::Rfc2396Ipv6, scheme_based: false };
            let out = normalize_str(&s, o).unwrap();
            prop_assert_eq!(out.len(), s.len());
            prop_assert!(out.eq_ignore_ascii_case(&s));
        }

        #[test]
        fn never_panics(s in ".{0,60}", g in 0..3u8, scheme_based in any::<bool>()) {
            let grammar = grammar_of(g);
            let p = parse(&s, grammar);
            let _ = normalize(p.uri(), NormalizeOptions { grammar, scheme_based });
        }
    }
}
