//! The URI grammars: strict, validating parsers for URI references.
//!
//! This module owns the generic syntax: RFC 3986 Appendix A (the default),
//! optionally with RFC 6874 zone identifiers, RFC 3987 section 2.2 (IRI
//! references) and RFC 2396 Appendix A (on request), plus the mapping of
//! IRIs to URIs (RFC 3987 section 3.1, [`iri_to_uri`]) and the ASCII form
//! of a host (IDNA, [`UriRef::host_ascii`]). [`parse`] splits a URI reference
//! into its components (RFC 3986 section 3), each as a byte range into the
//! input, and checks every byte against the production it falls in. It
//! never stops at the first error: it reports every violation it finds, each
//! with a stable code and the byte offset where it starts, and still returns
//! the components, so that a caller can show both.
//!
//! It does not own scheme-specific rules (the `scheme` module), nor finding
//! URIs in text (the `scan` module), nor resolution and normalization.
//!
//! "Undefined" and "empty" are kept apart, as RFC 3986 section 5.2 needs:
//! `http://a/b?` has an empty query (`Some("")`), `http://a/b` has none
//! (`None`).
//!
//! ```
//! use urilint_uri::grammar::{parse, Grammar, HostKind};
//!
//! let p = parse("http://[::1]:8080/a?q#f", Grammar::Rfc3986);
//! assert!(p.is_valid());
//! let uri = p.uri();
//! assert_eq!(uri.scheme(), Some("http"));
//! assert_eq!(uri.host(), Some("[::1]"));
//! assert_eq!(uri.host_kind(), Some(HostKind::Ipv6));
//! assert_eq!(uri.port(), Some("8080"));
//! assert_eq!(uri.path(), "/a");
//! assert_eq!(uri.query(), Some("q"));
//! assert_eq!(uri.fragment(), Some("f"));
//!
//! let bad = parse("http://a/%zz", Grammar::Rfc3986);
//! assert_eq!(bad.errors()[0].code(), "U002");
//! assert_eq!(bad.errors()[0].offset, 9);
//! ```

/// `bytes` percent-encoded (RFC 3986 section 2.1: `%` and two upper-case
/// hexadecimal digits per byte), every byte for which `keep` is false
/// encoded and the others copied. Each caller's `keep` says its set
/// (SARIF artifact URIs, ECMAScript `encodeURIComponent`, pymdownx's
/// `percent_encode`). Non-ASCII bytes must not be kept (the result is a
/// `String`: a kept non-ASCII byte would be taken as a Latin-1 character).
pub fn percent_encode(bytes: &[u8], keep: impl Fn(u8) -> bool) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        if b.is_ascii() && keep(b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// `bytes` with each `%` and two hexadecimal digits made the byte they
/// encode (RFC 3986 section 2.1); a `%` not followed by two is kept as it
/// is. The inverse of [`percent_encode`].
pub fn percent_decode(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = |j: usize| bytes.get(j).copied().and_then(chars::hex_value);
            if let (Some(h), Some(l)) = (hex(i + 1), hex(i + 2)) {
                out.push(h << 4 | l);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// True when `s` starts with a scheme and its `:` (`ALPHA *( ALPHA /
/// DIGIT / "+" / "-" / "." ) ":"`, RFC 3986 section 3.1): an absolute
/// URI rather than a relative reference (section 4.2). Nothing else of
/// `s` is checked.
pub fn has_scheme(s: &str) -> bool {
    let b = s.as_bytes();
    let n = b
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        .count();
    n > 0 && b[0].is_ascii_alphabetic() && b.get(n) == Some(&b':')
}

#[cfg(test)]
mod abnf_oracle;
pub mod chars;
mod fast;
pub(crate) mod host;
pub(crate) mod ip;
pub mod iri;
mod rfc2396;
mod rfc3986;

pub use crate::error::HostError;
pub use host::lowercase_host;
pub use iri::iri_to_uri;

use std::fmt;
use std::ops::Range;

use crate::error::ParseError;

/// Which generic grammar to validate against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Grammar {
    /// RFC 3986 Appendix A (STD 66), the current standard. The default.
    #[default]
    Rfc3986,
    /// RFC 2396 Appendix A: `;param` in segments, `hostname`/`toplabel` or
    /// `reg_name` authorities, no IP literals, `[` and `]` excluded.
    Rfc2396,
    /// RFC 2396 Appendix A as amended by RFC 2732: IPv6 literals in
    /// brackets are allowed in the host, and `[` `]` become reserved.
    Rfc2396Ipv6,
    /// RFC 3987 section 2.2: an `IRI-reference`, i.e. RFC 3986 where the
    /// userinfo, host, path, query and fragment may also hold `ucschar`
    /// characters, and the query `iprivate` ones; checked on code points.
    Rfc3987,
}

impl Grammar {
    /// The name used on the command line: `rfc3986`, `rfc2396`,
    /// `rfc2396+ipv6`, `rfc3987`.
    pub fn name(self) -> &'static str {
        match self {
            Grammar::Rfc3986 => "rfc3986",
            Grammar::Rfc2396 => "rfc2396",
            Grammar::Rfc2396Ipv6 => "rfc2396+ipv6",
            Grammar::Rfc3987 => "rfc3987",
        }
    }

    /// Every grammar, in the order of [`Grammar::name`]'s list.
    pub const ALL: [Grammar; 4] = [
        Grammar::Rfc3986,
        Grammar::Rfc2396,
        Grammar::Rfc2396Ipv6,
        Grammar::Rfc3987,
    ];

    /// The grammar named `name` (see [`Grammar::name`]), ASCII
    /// case-insensitive.
    pub fn from_name(name: &str) -> Option<Grammar> {
        Grammar::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name))
    }
}

/// How [`parse_with`] parses: the grammar and the extensions to it.
///
/// `ParseOptions::default()` is RFC 3986 without extensions, what
/// [`parse`] with [`Grammar::Rfc3986`] does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ParseOptions {
    /// The grammar to validate against.
    pub grammar: Grammar,
    /// Accept IPv6 zone identifiers in IP literals, RFC 6874 section 2:
    /// `IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"` with
    /// `IPv6addrz = IPv6address "%25" ZoneID`, e.g. `http://[fe80::a%25en1]/`.
    /// Applies to [`Grammar::Rfc3986`] and [`Grammar::Rfc3987`] (which share
    /// `IP-literal`); the RFC 2396 grammars ignore it. Off by default, as in
    /// RFC 3986, where `%25` inside brackets is an invalid host.
    pub zone_id: bool,
}

/// Whether a URI reference is a URI (has a scheme) or a relative reference
/// (RFC 3986 section 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
    Uri,
    /// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`.
    RelativeRef,
}

impl Kind {
    /// `"uri"` or `"relative-ref"`, as printed by `urilint parse`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Uri => "uri",
            Kind::RelativeRef => "relative-ref",
        }
    }
}

/// What kind of host the authority names (RFC 3986 section 3.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `IP-literal` holding an `IPv6address`, e.g. `[::1]`.
    Ipv6,
    /// `IP-literal` holding an `IPvFuture`, e.g. `[v1.fe80::a]`.
    IpvFuture,
    /// `IPv4address` in dotted-decimal form, e.g. `192.0.2.1`.
    Ipv4,
    /// `reg-name` (RFC 3986), or `hostname`/`reg_name` (RFC 2396); may be
    /// empty (`file:///x`).
    RegName,
}

impl HostKind {
    /// `"ipv6"`, `"ipvfuture"`, `"ipv4"` or `"reg-name"`.
    pub fn name(self) -> &'static str {
        match self {
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
            HostKind::Ipv4 => "ipv4",
            HostKind::RegName => "reg-name",
        }
    }
}

/// The components of a URI reference as byte ranges into the input.
///
/// `None` means the component is undefined; `Some(r)` with `r` empty means
/// it is defined but empty. The path is always defined (possibly empty).
/// Ranges never include the delimiters (`:`, `//`, `@`, `?`, `#`); the
/// authority range covers userinfo, host and port with their `@` and `:`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Components {
    /// `scheme` (section 3.1), without the `:`.
    pub scheme: Option<Range<usize>>,
    /// `authority` (section 3.2), without the leading `//`.
    pub authority: Option<Range<usize>>,
    /// `userinfo` (section 3.2.1), without the `@`.
    pub userinfo: Option<Range<usize>>,
    /// `host` (section 3.2.2), with the brackets of an IP literal.
    pub host: Option<Range<usize>>,
    /// What kind of host `host` is.
    pub host_kind: Option<HostKind>,
    /// `port` (section 3.2.3), without the `:`; `Some(empty)` for `a:`.
    pub port: Option<Range<usize>>,
    /// `path` (section 3.3).
    pub path: Range<usize>,
    /// `query` (section 3.4), without the `?`.
    pub query: Option<Range<usize>>,
    /// `fragment` (section 3.5), without the `#`.
    pub fragment: Option<Range<usize>>,
}

/// A URI reference split into components, borrowing the input.
///
/// `Display` writes the input back byte for byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UriRef<'a> {
    input: &'a str,
    components: Components,
}

impl<'a> UriRef<'a> {
    fn get(&self, r: &Option<Range<usize>>) -> Option<&'a str> {
        r.as_ref().map(|r| &self.input[r.clone()])
    }

    /// The whole input.
    pub fn as_str(&self) -> &'a str {
        self.input
    }
    /// The components as byte ranges into [`UriRef::as_str`].
    pub fn components(&self) -> &Components {
        &self.components
    }
    /// [`Kind::Uri`] when there is a scheme, else [`Kind::RelativeRef`].
    pub fn kind(&self) -> Kind {
        if self.components.scheme.is_some() {
            Kind::Uri
        } else {
            Kind::RelativeRef
        }
    }
    /// The scheme without `:`, or `None` for a relative reference.
    pub fn scheme(&self) -> Option<&'a str> {
        self.get(&self.components.scheme)
    }
    /// The authority without `//`; `None` when there is no `//`.
    pub fn authority(&self) -> Option<&'a str> {
        self.get(&self.components.authority)
    }
    /// The userinfo without `@`; `None` when there is no `@`.
    pub fn userinfo(&self) -> Option<&'a str> {
        self.get(&self.components.userinfo)
    }
    /// The host (IP literals with their brackets); `None` without authority.
    pub fn host(&self) -> Option<&'a str> {
        self.get(&self.components.host)
    }
    /// The kind of host, when there is one.
    pub fn host_kind(&self) -> Option<HostKind> {
        self.components.host_kind
    }
    /// The host in the ASCII form a resolver needs; `None` without
    /// authority.
    ///
    /// - A `reg-name` with non-ASCII characters (an IRI's `ireg-name`) or
    ///   with percent-encoded bytes of 0x80 and above is percent-decoded
    ///   (RFC 3986 section 3.2.2: such octets are UTF-8), then converted to
    ///   its IDNA A-label form by `ToASCII` with `UseSTD3ASCIIRules` (RFC
    ///   3987 section 3.1, RFC 5891; `idna::domain_to_ascii_strict`, which
    ///   also lowercases and maps by UTS #46 and checks hyphens and DNS
    ///   lengths): `Bücher.example` gives `xn--bcher-kva.example`,
    ///   `%E2%98%83.example` gives `xn--n3h.example`. A percent-encoded
    ///   ASCII byte is decoded too, so `%2E` separates labels.
    /// - Any other `reg-name` (ASCII, including empty) is returned
    ///   lowercased, except that `%hh` triplets are kept with uppercase
    ///   digits (RFC 3986 sections 3.2.2 and 6.2.2.1); no IDNA check is made.
    /// - IP literals (with brackets) and IPv4 addresses are returned as they
    ///   are written.
    ///
    /// Errors: [`HostError::InvalidPercentEncoding`] for a bad `%`,
    /// [`HostError::InvalidUtf8`] when the decoded bytes are not UTF-8,
    /// [`HostError::Idna`] when `ToASCII` fails. Offsets are 0-based byte
    /// offsets into [`UriRef::host`]. Allocates the returned string.
    ///
    /// ```
    /// use urilint_uri::grammar::{parse, Grammar};
    ///
    /// let p = parse("http://B\u{fc}cher.example/", Grammar::Rfc3987);
    /// assert_eq!(p.uri().host_ascii(), Some(Ok("xn--bcher-kva.example".to_string())));
    /// let p = parse("http://%E2%98%83.Example/", Grammar::Rfc3986);
    /// assert_eq!(p.uri().host_ascii(), Some(Ok("xn--n3h.example".to_string())));
    /// ```
    pub fn host_ascii(&self) -> Option<Result<String, HostError>> {
        let host = self.host()?;
        let kind = self.host_kind().unwrap_or(HostKind::RegName);
        Some(host::to_ascii(host, kind))
    }
    /// The port without `:`; `None` when there is no `:` after the host.
    pub fn port(&self) -> Option<&'a str> {
        self.get(&self.components.port)
    }
    /// The path (always defined, possibly empty).
    pub fn path(&self) -> &'a str {
        &self.input[self.components.path.clone()]
    }
    /// The query without `?`; `None` when there is no `?`.
    pub fn query(&self) -> Option<&'a str> {
        self.get(&self.components.query)
    }
    /// The fragment without `#`; `None` when there is no `#`.
    pub fn fragment(&self) -> Option<&'a str> {
        self.get(&self.components.fragment)
    }
}

impl fmt::Display for UriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

/// The outcome of [`parse`]: the components (always, best effort) and every
/// grammar violation found (empty when the input is valid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed<'a> {
    uri: UriRef<'a>,
    errors: Vec<ParseError>,
}

impl<'a> Parsed<'a> {
    /// True when the input matches the grammar (no errors).
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }
    /// The components, split as RFC 3986 Appendix B splits any string; when
    /// the input is invalid they are a best effort.
    pub fn uri(&self) -> &UriRef<'a> {
        &self.uri
    }
    /// The violations, in order of offset.
    pub fn errors(&self) -> &[ParseError] {
        &self.errors
    }
    /// The reference when valid, else its errors.
    ///
    /// # Errors
    /// Every violation of the grammar (as [`Parsed::errors`]), in order of
    /// offset, when the reference is not valid.
    pub fn into_result(self) -> Result<UriRef<'a>, Vec<ParseError>> {
        if self.errors.is_empty() {
            Ok(self.uri)
        } else {
            Err(self.errors)
        }
    }
}

/// Parses `input` as a `URI-reference` (RFC 3986 section 4.1, or RFC 2396
/// section 4.1 `URI-reference` for the RFC 2396 grammars, or RFC 3987
/// section 2.2 `IRI-reference`), without extensions: the same as
/// [`parse_with`] with `zone_id` off.
///
/// Returns the components and the list of errors; see [`Parsed`]. Offsets
/// in errors are 0-based byte offsets into `input`. Runs in time linear in
/// `input.len()` and does not allocate when the input is valid.
pub fn parse(input: &str, grammar: Grammar) -> Parsed<'_> {
    parse_with(
        input,
        ParseOptions {
            grammar,
            ..ParseOptions::default()
        },
    )
}

/// Parses `input` as a URI reference (or IRI reference) with the grammar
/// and extensions of `opts`; see [`parse`] and [`ParseOptions`].
///
/// Returns the components and the list of errors; see [`Parsed`]. Offsets
/// in errors are 0-based byte offsets into `input`. Runs in time linear in
/// `input.len()` and does not allocate when the input is valid.
///
/// ```
/// use urilint_uri::grammar::{parse_with, Grammar, ParseOptions};
///
/// let zoned = ParseOptions { grammar: Grammar::Rfc3986, zone_id: true };
/// assert!(parse_with("http://[fe80::a%25en1]/", zoned).is_valid());
/// assert!(!parse_with("http://[fe80::a%25en1]/", ParseOptions::default()).is_valid());
/// let iri = ParseOptions { grammar: Grammar::Rfc3987, zone_id: false };
/// assert!(parse_with("http://www.example.org/D\u{fc}rst", iri).is_valid());
/// ```
pub fn parse_with(input: &str, opts: ParseOptions) -> Parsed<'_> {
    let (components, mut errors) = match opts.grammar {
        Grammar::Rfc3986 => rfc3986::parse(input, rfc3986::Flavor::uri(opts.zone_id)),
        Grammar::Rfc3987 => rfc3986::parse(input, rfc3986::Flavor::iri(opts.zone_id)),
        Grammar::Rfc2396 => rfc2396::parse(input, false),
        Grammar::Rfc2396Ipv6 => rfc2396::parse(input, true),
    };
    errors.sort_by_key(|e| e.offset);
    Parsed {
        uri: UriRef { input, components },
        errors,
    }
}

#[cfg(test)]
mod tests {
    use super::rfc3986::tests::{iri_like, reassemble, uri_like};
    use super::*;

    /// Every grammar, with and without zone identifiers.
    fn all_options() -> Vec<ParseOptions> {
        let grammars = [
            Grammar::Rfc3986,
            Grammar::Rfc3987,
            Grammar::Rfc2396,
            Grammar::Rfc2396Ipv6,
        ];
        grammars
            .iter()
            .flat_map(|&grammar| [false, true].map(|zone_id| ParseOptions { grammar, zone_id }))
            .collect()
    }

    /// Asserts what holds of every parse of `s`: `Display` gives `s` back
    /// byte for byte; every range is in bounds and on character boundaries;
    /// scheme, authority, path, query and fragment come in that order
    /// without overlapping, separated by their delimiters, and cover `s`;
    /// userinfo, host and port lie in the authority, in that order.
    fn assert_layout(s: &str, opts: ParseOptions) {
        let p = parse_with(s, opts);
        let uri = p.uri();
        assert_eq!(uri.to_string(), s, "{opts:?}");
        assert_eq!(uri.as_str(), s);
        let c = uri.components();
        let all = [
            &c.scheme,
            &c.authority,
            &c.userinfo,
            &c.host,
            &c.port,
            &Some(c.path.clone()),
            &c.query,
            &c.fragment,
        ];
        for r in all.into_iter().flatten() {
            assert!(r.start <= r.end && r.end <= s.len(), "{s:?} {r:?}");
            assert!(
                s.is_char_boundary(r.start) && s.is_char_boundary(r.end),
                "{s:?} {r:?}"
            );
        }
        // In order and apart: each starts after the previous one's end.
        let top = [
            &c.scheme,
            &c.authority,
            &Some(c.path.clone()),
            &c.query,
            &c.fragment,
        ];
        let defined: Vec<_> = top.into_iter().flatten().collect();
        for w in defined.windows(2) {
            assert!(w[0].end <= w[1].start, "{s:?} {opts:?}: {defined:?}");
        }
        if let Some(sc) = &c.scheme {
            assert_eq!(
                (sc.start, s.get(sc.end..sc.end + 1)),
                (0, Some(":")),
                "{s:?}"
            );
        }
        if let Some(a) = &c.authority {
            assert_eq!(s.get(a.start - 2..a.start), Some("//"), "{s:?}");
            assert_eq!(c.path.start, a.end, "{s:?}");
            for r in [&c.userinfo, &c.host, &c.port].into_iter().flatten() {
                assert!(a.start <= r.start && r.end <= a.end, "{s:?} {r:?}");
            }
            let inner: Vec<_> = [&c.userinfo, &c.host, &c.port]
                .into_iter()
                .flatten()
                .collect();
            for w in inner.windows(2) {
                assert!(w[0].end < w[1].start, "{s:?} {inner:?}");
            }
        } else {
            assert!(c.userinfo.is_none() && c.host.is_none() && c.port.is_none());
        }
        if let Some(q) = &c.query {
            assert_eq!(s.get(q.start - 1..q.start), Some("?"), "{s:?}");
        }
        if let Some(f) = &c.fragment {
            assert_eq!(
                (s.get(f.start - 1..f.start), f.end),
                (Some("#"), s.len()),
                "{s:?}"
            );
        }
        assert_eq!(reassemble(s, c), s, "{opts:?}");
    }

    proptest::proptest! {
        #[test]
        fn display_and_ranges_on_any_input(s in ".*") {
            for opts in all_options() {
                assert_layout(&s, opts);
            }
        }

        #[test]
        fn display_and_ranges_on_uri_like_input(s in uri_like()) {
            for opts in all_options() {
                assert_layout(&s, opts);
            }
        }

        #[test]
        fn display_and_ranges_on_iri_like_input(s in iri_like()) {
            for opts in all_options() {
                assert_layout(&s, opts);
            }
        }
    }

    #[test]
    fn valid_input_does_not_allocate_in_any_grammar() {
        for opts in all_options() {
            for s in [
                "http://a/b;p?c#d",
                "http://u@a.example:80/",
                "mailto:a@b.example",
            ] {
                let p = parse_with(s, opts);
                assert!(p.is_valid(), "{s} {opts:?}");
                assert_eq!(p.errors.capacity(), 0, "{s} {opts:?}");
            }
        }
        let p = parse(
            "http://b\u{FC}cher.example/\u{E9}?\u{E000}",
            Grammar::Rfc3987,
        );
        assert!(p.is_valid());
        assert_eq!(p.errors.capacity(), 0);
        let zoned = ParseOptions {
            zone_id: true,
            ..ParseOptions::default()
        };
        let p = parse_with("http://[fe80::1%25eth0]/", zoned);
        assert!(p.is_valid());
        assert_eq!(p.errors.capacity(), 0);
    }

    #[test]
    fn options_and_names() {
        assert_eq!(
            ParseOptions::default(),
            ParseOptions {
                grammar: Grammar::Rfc3986,
                zone_id: false
            }
        );
        assert_eq!(Grammar::Rfc3987.name(), "rfc3987");
        assert_eq!(
            parse("http://a/\u{E9}", Grammar::Rfc3986),
            parse_with("http://a/\u{E9}", ParseOptions::default())
        );
        // RFC 2396 ignores zone_id.
        let opts = ParseOptions {
            grammar: Grammar::Rfc2396Ipv6,
            zone_id: true,
        };
        assert!(!parse_with("http://[fe80::1%25eth0]/", opts).is_valid());
    }
}
