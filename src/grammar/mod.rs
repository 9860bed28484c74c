//! The URI grammars: strict, validating parsers for URI references.
//!
//! This module owns the generic syntax: RFC 3986 Appendix A (the default)
//! and RFC 2396 Appendix A (on request). [`parse`] splits a URI reference
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
//! use urilint::grammar::{parse, Grammar, HostKind};
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

#[cfg(test)]
mod abnf_oracle;
pub mod chars;
pub(crate) mod ip;
mod rfc2396;
mod rfc3986;

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
}

impl Grammar {
    /// The name used on the command line: `rfc3986`, `rfc2396`,
    /// `rfc2396+ipv6`.
    pub fn name(self) -> &'static str {
        match self {
            Grammar::Rfc3986 => "rfc3986",
            Grammar::Rfc2396 => "rfc2396",
            Grammar::Rfc2396Ipv6 => "rfc2396+ipv6",
        }
    }
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
    pub fn into_result(self) -> Result<UriRef<'a>, Vec<ParseError>> {
        if self.errors.is_empty() {
            Ok(self.uri)
        } else {
            Err(self.errors)
        }
    }
}

/// Parses `input` as a `URI-reference` (RFC 3986 section 4.1, or RFC 2396
/// section 4.1 `URI-reference` for the RFC 2396 grammars).
///
/// Returns the components and the list of errors; see [`Parsed`]. Offsets
/// in errors are 0-based byte offsets into `input`. Runs in time linear in
/// `input.len()` and does not allocate when the input is valid.
pub fn parse(input: &str, grammar: Grammar) -> Parsed<'_> {
    let (components, mut errors) = match grammar {
        Grammar::Rfc3986 => rfc3986::parse(input),
        Grammar::Rfc2396 => rfc2396::parse(input, false),
        Grammar::Rfc2396Ipv6 => rfc2396::parse(input, true),
    };
    errors.sort_by_key(|e| e.offset);
    Parsed {
        uri: UriRef { input, components },
        errors,
    }
}
