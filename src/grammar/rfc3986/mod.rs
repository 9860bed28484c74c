//! The RFC 3986 grammar: a validating parser for `URI-reference`, and its
//! variants RFC 3987 (`IRI-reference`) and RFC 6874 (IPv6 zone identifiers).
//!
//! This module owns RFC 3986 Appendix A as one function, [`parse`]: it
//! splits a string into components exactly where the regular expression of
//! Appendix B splits it, then checks every byte of every component against
//! the production that component must match (sections 3.1 to 3.5), and
//! reports every violation, each at a 0-based byte offset into the input.
//! It also owns the byte-level machinery both grammars share ([`Checker`]:
//! walking a component, percent-encoding, classifying and describing a bad
//! byte) and the scheme rule, which RFC 2396 writes identically; the RFC
//! 2396 parser reuses them. Address syntax (`IPv4address`, `IPv6address`,
//! `IPvFuture`) is in `ip`; byte classes are in `chars`.
//!
//! How a bad byte is reported, in every component of both grammars:
//! a non-ASCII character is one [`ErrorKind::NonAscii`] at its first byte;
//! a control, space, `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^` or `` ` `` is
//! [`ErrorKind::ExcludedCharacter`]; a `%` not followed by two hex digits is
//! [`ErrorKind::InvalidPercentEncoding`] at the `%` (checking resumes at the
//! next byte); any other ASCII byte the component does not allow is
//! [`ErrorKind::UnexpectedCharacter`] ([`ErrorKind::InvalidPort`] in a
//! port).
//!
//! Under RFC 3987 ([`Flavor::iri`]) the same parser runs, except that a
//! non-ASCII character is decoded and accepted where the `i`-rules of RFC
//! 3987 section 2.2 allow it: a `ucschar` in the userinfo, host, path, query
//! and fragment (wherever RFC 3986 allows `unreserved`), an `iprivate` in
//! the query only; any other non-ASCII character, and any in the scheme,
//! port or an IP literal, is one [`ErrorKind::NonAscii`].
//!
//! Valid input first goes through `fast`, one pass with a byte-class
//! table per component; only when that pass finds something wrong (or a
//! non-ASCII byte) does the full, error-reporting walk below run.

use std::ops::Range;

use super::iri::{is_iprivate, is_ucschar};
use super::{chars, fast, ip, Components, HostKind};
use crate::error::{ErrorKind, ParseError};

/// Which RFC 3986-based grammar [`parse`] checks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Flavor {
    /// RFC 3987 section 2.2 `IRI-reference`: `ucschar` where RFC 3986 has
    /// `unreserved` (userinfo, host, path, query, fragment), `iprivate` in
    /// the query.
    pub(crate) iri: bool,
    /// RFC 6874 section 2: `IPv6addrz` in `IP-literal`.
    pub(crate) zone_id: bool,
}

impl Flavor {
    /// RFC 3986, with RFC 6874 zone identifiers when `zone_id`.
    pub(crate) fn uri(zone_id: bool) -> Self {
        Flavor {
            iri: false,
            zone_id,
        }
    }
    /// RFC 3987, with RFC 6874 zone identifiers when `zone_id`.
    pub(crate) fn iri(zone_id: bool) -> Self {
        Flavor { iri: true, zone_id }
    }
}

/// Which non-ASCII characters a component admits (RFC 3987 section 2.2);
/// always [`Wide::Never`] under the URI grammars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wide {
    /// None: a URI, or the scheme, port and IP literals of an IRI.
    Never,
    /// `ucschar`: `iunreserved` in `iuserinfo`, `ireg-name`, `ipchar`,
    /// `ifragment`.
    Ucschar,
    /// `ucschar / iprivate`: `iquery`.
    UcscharOrPrivate,
}

impl Wide {
    /// Whether the component admits `c`.
    fn allows(self, c: char) -> bool {
        match self {
            Wide::Never => false,
            Wide::Ucschar => is_ucschar(c),
            Wide::UcscharOrPrivate => is_ucschar(c) || is_iprivate(c),
        }
    }
}

/// Parses `input` as an RFC 3986 `URI-reference` (section 4.1, Appendix A).
///
/// Returns the components (always; a best effort when the input is invalid)
/// and every violation found, in order of offset, each with a 0-based byte
/// offset into `input`. Ranges in the components are byte ranges into
/// `input`, exclude the delimiters, and lie on character boundaries.
///
/// Decisions the RFC text leaves to the implementation:
///
/// - When text before the first `:` (which precedes any `/`, `?`, `#`) is
///   not a valid scheme, the input is a `relative-ref` whose first segment
///   contains `:`, which `path-noscheme` forbids. This is reported as one
///   [`ErrorKind::InvalidScheme`] at the first byte of that text that cannot
///   be in a scheme (offset 0 when the text is empty or does not start with
///   a letter), unless that byte is also invalid in a path, in which case
///   only the more specific path error is reported at that offset (so
///   `a b:c` gives one `ExcludedCharacter` at 1).
/// - An invalid `IP-literal` is one [`ErrorKind::InvalidHost`] at its `[`;
///   the bytes inside it are not reported one by one.
/// - Bytes between the `]` of an IP literal and the `:` of the port (or
///   the end of the authority) are each [`ErrorKind::UnexpectedCharacter`].
/// - Under RFC 3987, a non-ASCII character is checked as a whole code point
///   and reported once, at its first byte.
///
/// Allocates only to report errors; linear in `input.len()`; never panics.
pub(crate) fn parse(input: &str, flavor: Flavor) -> (Components, Vec<ParseError>) {
    match fast::parse(input, flavor.zone_id) {
        Some(c) => (c, Vec::new()),
        None => parse_full(input, flavor),
    }
}

/// [`parse`] without the fast path: walks every component and reports
/// every error. Gives the same components as `fast::parse` whenever that
/// succeeds (a property test checks it).
pub(super) fn parse_full(input: &str, flavor: Flavor) -> (Components, Vec<ParseError>) {
    let mut ck = Checker::new(input, false).with_iri(flavor.iri);
    let mut c = Components::default();
    let n = input.len();

    // Appendix B: the fragment is everything after the first '#'.
    let (end, fragment) = match ck.find(0, n, |b| b == b'#') {
        Some(h) => (h, Some(h + 1..n)),
        None => (n, None),
    };

    let mut pos = 0;
    let mut bad_scheme = None;
    if let Some(colon) = scheme_colon(&ck, end) {
        match scheme_offender(ck.slice(0..colon)) {
            None => {
                c.scheme = Some(0..colon);
                pos = colon + 1;
            }
            Some(o) => bad_scheme = Some((o, colon)),
        }
    }

    let path_start = if ck.starts_with(pos, b"//") {
        let a0 = pos + 2;
        let a1 = ck.find(a0, end, |b| b == b'/' || b == b'?').unwrap_or(end);
        c.authority = Some(a0..a1);
        authority(&mut ck, &mut c, a0, a1, flavor.zone_id);
        a1
    } else {
        pos
    };
    let query = ck.find(path_start, end, |b| b == b'?');
    let path_end = query.unwrap_or(end);
    c.path = path_start..path_end;

    if let Some((o, colon)) = bad_scheme {
        // Only a relative-ref gets here; its path starts at 0 and covers `o`.
        if !ck.would_reject(o, path_end, is_path_byte) {
            ck.push(
                ErrorKind::InvalidScheme,
                o,
                scheme_message(&ck, o, colon, "RFC 3986"),
            );
        }
    }
    ck.check(c.path.clone(), is_path_byte, "the path");

    if let Some(q) = query {
        c.query = Some(q + 1..end);
        ck.check_query(q + 1..end, is_query_byte, "the query");
    }
    if let Some(f) = fragment {
        ck.check(f.clone(), is_query_byte, "the fragment");
        c.fragment = Some(f);
    }
    (c, ck.errors)
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` (section 3.2) for the
/// authority at `a0..a1`: fills userinfo, host, host kind and port. With
/// `zone_id`, an IPv6 literal may carry an RFC 6874 zone identifier.
fn authority(ck: &mut Checker<'_>, c: &mut Components, a0: usize, a1: usize, zone_id: bool) {
    let h0 = match ck.find(a0, a1, |b| b == b'@') {
        Some(at) => {
            c.userinfo = Some(a0..at);
            ck.check(a0..at, is_userinfo_byte, "the userinfo");
            at + 1
        }
        None => a0,
    };
    if h0 < a1 && ck.byte(h0) == Some(b'[') {
        // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
        let future = matches!(ck.byte(h0 + 1), Some(b'v' | b'V'));
        c.host_kind = Some(if future {
            HostKind::IpvFuture
        } else {
            HostKind::Ipv6
        });
        let Some(close) = ck.find(h0 + 1, a1, |b| b == b']') else {
            c.host = Some(h0..a1);
            ck.push(
                ErrorKind::InvalidHost,
                h0,
                "IP literal has no closing ']' (RFC 3986 section 3.2.2)".to_string(),
            );
            return;
        };
        c.host = Some(h0..close + 1);
        let inner = ck.slice(h0 + 1..close);
        if future && !ip::is_ipvfuture(inner) {
            ck.push(
                ErrorKind::InvalidHost,
                h0,
                "IP literal is not a valid IPvFuture, \
                 \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" ) \
                 (RFC 3986 section 3.2.2)"
                    .to_string(),
            );
        } else if !(future || ip::is_ipv6(inner) || (zone_id && ip::is_ipv6_zoned(inner))) {
            let message = if !inner.contains(&b'%') {
                "IP literal is not a valid IPv6 address \
                 (RFC 3986 section 3.2.2, RFC 4291 section 2.2)"
            } else if zone_id {
                "IP literal is not a valid IPv6 address with a zone identifier, \
                 IPv6address \"%25\" 1*( unreserved / pct-encoded ) (RFC 6874 section 2)"
            } else if ip::is_ipv6_zoned(inner) {
                "IPv6 zone identifiers ('%25' and a zone in an IP literal) are not part of \
                 RFC 3986; they need RFC 6874 (the zone_id parse option)"
            } else {
                "IP literal is not a valid IPv6 address, and '%' has no place in one \
                 (RFC 3986 section 3.2.2; a zone identifier is written '%25' and needs \
                 RFC 6874)"
            };
            ck.push(ErrorKind::InvalidHost, h0, message.to_string());
        }
        after_ip_literal(ck, c, close + 1, a1);
    } else {
        let colon = ck.find(h0, a1, |b| b == b':');
        let h1 = colon.unwrap_or(a1);
        c.host = Some(h0..h1);
        ck.check(h0..h1, is_reg_name_byte, "the host");
        c.host_kind = Some(if ip::is_ipv4(ck.slice(h0..h1)) {
            HostKind::Ipv4
        } else {
            HostKind::RegName
        });
        if let Some(p) = colon {
            c.port = Some(p + 1..a1);
            ck.check_port(p + 1..a1);
        }
    }
}

/// What may follow the `]` of an IP literal at `from..a1`: nothing, or `:`
/// and a port. Shared with the RFC 2396 parser (RFC 2732 `hostport`).
pub(super) fn after_ip_literal(ck: &mut Checker<'_>, c: &mut Components, from: usize, a1: usize) {
    if from >= a1 {
        return;
    }
    let colon = ck.find(from, a1, |b| b == b':');
    ck.check_with(
        from..colon.unwrap_or(a1),
        |_| false,
        false,
        ErrorKind::UnexpectedCharacter,
        "the authority after an IP literal (only ':' and a port may follow ']')",
    );
    if let Some(p) = colon {
        c.port = Some(p + 1..a1);
        ck.check_port(p + 1..a1);
    }
}

/// The `:` that ends a scheme candidate, as Appendix B finds it: the first
/// `:` in `0..end` if no `/` or `?` comes before it (`end` is the first
/// `#`). The text before it may be empty or not a valid scheme: see
/// [`scheme_offender`]. Shared with the RFC 2396 parser.
pub(super) fn scheme_colon(ck: &Checker<'_>, end: usize) -> Option<usize> {
    let i = ck.find(0, end, |b| matches!(b, b':' | b'/' | b'?'))?;
    (ck.byte(i) == Some(b':')).then_some(i)
}

/// The offset in `s` of the first byte that keeps it from being a `scheme`
/// (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, RFC 3986 section 3.1 and
/// RFC 2396 section 3.1 alike), or `None` when it is one. Empty text fails
/// at 0.
pub(super) fn scheme_offender(s: &[u8]) -> Option<usize> {
    match s.first() {
        None => Some(0),
        Some(&b) if !chars::is(b, chars::ALPHA) => Some(0),
        Some(_) => s.iter().position(|&b| !chars::is(b, chars::SCHEME)),
    }
}

/// The message for an invalid scheme whose first offending byte is at `o`,
/// with the candidate ending at `colon`. Shared with the RFC 2396 parser.
/// `rfc` names the RFC whose section 3.1 defines the scheme.
pub(super) fn scheme_message(ck: &Checker<'_>, o: usize, colon: usize, rfc: &str) -> String {
    let tail = format!(
        "({rfc} section 3.1); as a relative reference, its first segment cannot contain ':'"
    );
    if o == colon {
        return format!("empty scheme before ':' {tail}");
    }
    let shown = ck.describe(o);
    if o == 0 {
        format!("a scheme must start with a letter, not {shown} {tail}")
    } else {
        format!("{shown} is not allowed in a scheme {tail}")
    }
}

/// `pchar` or `/`: the bytes of every RFC 3986 path form (section 3.3).
fn is_path_byte(b: u8) -> bool {
    chars::is_pchar(b) || b == b'/'
}

/// `pchar / "/" / "?"`: the bytes of `query` and `fragment` (3.4, 3.5).
fn is_query_byte(b: u8) -> bool {
    chars::is_pchar(b) || b == b'/' || b == b'?'
}

/// `unreserved / sub-delims / ":"`: the bytes of `userinfo` (3.2.1).
fn is_userinfo_byte(b: u8) -> bool {
    chars::is(b, chars::UNRESERVED | chars::SUB_DELIM) || b == b':'
}

/// `unreserved / sub-delims`: the bytes of `reg-name` (3.2.2).
fn is_reg_name_byte(b: u8) -> bool {
    chars::is(b, chars::UNRESERVED | chars::SUB_DELIM)
}

/// Walks components byte by byte and collects errors; shared by both
/// grammars. All offsets are 0-based byte offsets into the input; every
/// access is bounds-checked, so no input can make it panic.
pub(super) struct Checker<'a> {
    input: &'a str,
    bytes: &'a [u8],
    /// The errors found so far, in the order they were found.
    pub(super) errors: Vec<ParseError>,
    /// RFC 2396 without RFC 2732: `[` and `]` are "unwise" (section 2.4.3)
    /// and reported as excluded rather than unexpected.
    brackets_excluded: bool,
    /// RFC 3987: [`Checker::check`] admits `ucschar`,
    /// [`Checker::check_query`] also `iprivate`.
    iri: bool,
}

impl<'a> Checker<'a> {
    /// A checker over `input` with no errors (and no allocation) yet.
    pub(super) fn new(input: &'a str, brackets_excluded: bool) -> Self {
        Checker {
            input,
            bytes: input.as_bytes(),
            errors: Vec::new(),
            brackets_excluded,
            iri: false,
        }
    }

    /// The same checker, checking an IRI (RFC 3987) when `iri` is set.
    pub(super) fn with_iri(mut self, iri: bool) -> Self {
        self.iri = iri;
        self
    }

    /// The character starting at byte `i`, if `i` is a character boundary.
    fn char_at(&self, i: usize) -> Option<char> {
        self.input.get(i..).and_then(|s| s.chars().next())
    }

    /// What [`Checker::check`] admits beyond ASCII: `ucschar` for an IRI.
    fn wide(&self) -> Wide {
        if self.iri {
            Wide::Ucschar
        } else {
            Wide::Never
        }
    }

    /// The byte at `i`, or `None` past the end.
    pub(super) fn byte(&self, i: usize) -> Option<u8> {
        self.bytes.get(i).copied()
    }

    /// The bytes in `r`, or an empty slice when `r` is out of bounds.
    pub(super) fn slice(&self, r: Range<usize>) -> &'a [u8] {
        self.bytes.get(r).unwrap_or_default()
    }

    /// Whether the bytes at `at` start with `s`.
    pub(super) fn starts_with(&self, at: usize, s: &[u8]) -> bool {
        self.bytes.get(at..).is_some_and(|r| r.starts_with(s))
    }

    /// The offset of the first byte in `from..to` matching `pred`.
    pub(super) fn find(&self, from: usize, to: usize, pred: impl Fn(u8) -> bool) -> Option<usize> {
        let p = self.bytes.get(from..to)?.iter().position(|&b| pred(b))?;
        Some(from + p)
    }

    /// Whether `i` starts a `pct-encoded` triplet that ends before `end`.
    fn pct_ok(&self, i: usize, end: usize) -> bool {
        let hex = |j: usize| self.byte(j).is_some_and(|b| chars::is(b, chars::HEXDIG));
        i + 2 < end && self.byte(i) == Some(b'%') && hex(i + 1) && hex(i + 2)
    }

    /// Records one error.
    pub(super) fn push(&mut self, kind: ErrorKind, offset: usize, message: String) {
        self.errors.push(ParseError::new(kind, offset, message));
    }

    /// Whether [`Checker::check`] with `allowed` over a component ending at
    /// `end` would report the byte at `i`.
    pub(super) fn would_reject(&self, i: usize, end: usize, allowed: fn(u8) -> bool) -> bool {
        match self.byte(i) {
            None => false,
            Some(b'%') => !self.pct_ok(i, end),
            Some(b) if !b.is_ascii() && self.iri => !self.char_at(i).is_some_and(is_ucschar),
            Some(b) => !allowed(b),
        }
    }

    /// Checks every byte in `r` against `allowed`, accepting `pct-encoded`
    /// triplets (and, for an IRI, `ucschar`); `what` names the component in
    /// messages ("the path").
    pub(super) fn check(&mut self, r: Range<usize>, allowed: impl Fn(u8) -> bool, what: &str) {
        let wide = self.wide();
        self.walk(r, allowed, true, ErrorKind::UnexpectedCharacter, wide, what);
    }

    /// [`Checker::check`] for an RFC 3986 `query` or RFC 3987 `iquery`,
    /// which alone admits `iprivate` characters.
    pub(super) fn check_query(
        &mut self,
        r: Range<usize>,
        allowed: impl Fn(u8) -> bool,
        what: &str,
    ) {
        let wide = if self.iri {
            Wide::UcscharOrPrivate
        } else {
            Wide::Never
        };
        self.walk(r, allowed, true, ErrorKind::UnexpectedCharacter, wide, what);
    }

    /// `port = *DIGIT`: any other byte is [`ErrorKind::InvalidPort`] (or
    /// non-ASCII / excluded, as everywhere).
    pub(super) fn check_port(&mut self, r: Range<usize>) {
        self.check_with(
            r,
            |b| b.is_ascii_digit(),
            false,
            ErrorKind::InvalidPort,
            "the port",
        );
    }

    /// Checks every byte in `r`: bytes in `allowed` pass, `%` HEXDIG HEXDIG
    /// passes when `pct` is set, and any other byte is reported, as the
    /// module documentation describes, with `other` as the kind for ASCII
    /// bytes that are merely not allowed here. No non-ASCII character
    /// passes, under any grammar.
    pub(super) fn check_with(
        &mut self,
        r: Range<usize>,
        allowed: impl Fn(u8) -> bool,
        pct: bool,
        other: ErrorKind,
        what: &str,
    ) {
        self.walk(r, allowed, pct, other, Wide::Never, what);
    }

    /// [`Checker::check_with`], letting the non-ASCII characters `wide`
    /// admits pass too (decoded as whole characters).
    fn walk(
        &mut self,
        r: Range<usize>,
        allowed: impl Fn(u8) -> bool,
        pct: bool,
        other: ErrorKind,
        wide: Wide,
        what: &str,
    ) {
        let end = r.end.min(self.bytes.len());
        let mut i = r.start;
        while let Some(b) = self.byte(i).filter(|_| i < end) {
            if pct && b == b'%' {
                if self.pct_ok(i, end) {
                    i += 3;
                } else {
                    self.push(
                        ErrorKind::InvalidPercentEncoding,
                        i,
                        format!("'%' not followed by two hex digits in {what}"),
                    );
                    i += 1;
                }
            } else if allowed(b) {
                i += 1;
            } else if let Some(c) = self.char_at(i).filter(|&c| !c.is_ascii() && wide.allows(c)) {
                i += c.len_utf8();
            } else {
                i += self.reject(i, other, wide, what);
            }
        }
    }

    /// Reports the character at `i`, which `what` does not allow (`wide`
    /// being what it admits beyond ASCII), and returns its length in bytes.
    fn reject(&mut self, i: usize, other: ErrorKind, wide: Wide, what: &str) -> usize {
        let Some(b) = self.byte(i) else {
            return 1;
        };
        if !b.is_ascii() {
            let c = self.char_at(i);
            let len = c.map_or(1, char::len_utf8);
            let shown = self.describe(i);
            let message = if !self.iri {
                format!(
                    "non-ASCII character {shown} in {what} must be percent-encoded \
                     (RFC 3987 section 3.1)"
                )
            } else if wide == Wide::Never {
                format!(
                    "non-ASCII character {shown} is not allowed in {what} of an IRI \
                     (RFC 3987 section 2.2: ASCII only there)"
                )
            } else if c.is_some_and(is_iprivate) {
                format!(
                    "private-use character {shown} is allowed only in the query of an IRI, \
                     not in {what} (RFC 3987 section 2.2, iprivate); percent-encode it"
                )
            } else {
                format!(
                    "{shown} is not allowed in an IRI (found in {what}): it is not a ucschar \
                     (RFC 3987 section 2.2); percent-encode its UTF-8 bytes"
                )
            };
            self.push(ErrorKind::NonAscii, i, message);
            return len;
        }
        let shown = self.describe(i);
        let (kind, message) = if is_excluded(b) {
            (
                ErrorKind::ExcludedCharacter,
                format!("{shown} is not allowed in a URI (found in {what})"),
            )
        } else if self.brackets_excluded && (b == b'[' || b == b']') {
            (
                ErrorKind::ExcludedCharacter,
                format!(
                    "{shown} is not allowed in an RFC 2396 URI (section 2.4.3, \"unwise\"; \
                     RFC 2732 allows it only around an IPv6 address in the host)"
                ),
            )
        } else if other == ErrorKind::InvalidPort {
            (
                other,
                format!("{shown} is not allowed in the port (digits only)"),
            )
        } else {
            (other, format!("{shown} is not allowed in {what}"))
        };
        self.push(kind, i, message);
        1
    }

    /// The character at `i` for a message: `'x'` for printable ASCII,
    /// `space`, `U+0009` for controls, `'é' (U+00E9)` for other characters
    /// and only the code point for invisible or control ones.
    pub(super) fn describe(&self, i: usize) -> String {
        match self.byte(i) {
            None => "the end".to_string(),
            Some(b' ') => "space".to_string(),
            Some(b) if b.is_ascii_graphic() => format!("'{}'", char::from(b)),
            Some(b) if b.is_ascii() => format!("U+{b:04X}"),
            Some(b) => match self.input.get(i..).and_then(|s| s.chars().next()) {
                Some(c) if is_invisible(c) => format!("U+{:04X}", u32::from(c)),
                Some(c) => format!("'{c}' (U+{:04X})", u32::from(c)),
                None => format!("byte 0x{b:02X}"),
            },
        }
    }
}

/// The bytes no URI may contain: controls, space, `<`, `>`, `"` (RFC 2396
/// section 2.4.3 "control", "space", "delims") and the "unwise" `{ } | \ ^`
/// `` ` `` (brackets are decided by the grammar).
fn is_excluded(b: u8) -> bool {
    b < 0x20
        || b == 0x7f
        || matches!(
            b,
            b' ' | b'<' | b'>' | b'"' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'`'
        )
}

/// Characters that should not be echoed raw in a message: controls,
/// whitespace, the invisible format characters (soft hyphen, zero-width
/// and bidirectional controls, byte order mark), and the non-ASCII
/// characters that are not `ucschar` (private-use characters, which have no
/// agreed glyph, non-characters, specials such as U+FFFD, tags).
fn is_invisible(c: char) -> bool {
    c.is_control()
        || c.is_whitespace()
        || (!c.is_ascii() && !is_ucschar(c))
        || matches!(
            c,
            '\u{00AD}'
                | '\u{061C}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
        )
}

#[cfg(test)]
pub(super) mod tests {
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
        let host =
            format!(r"(?:\[(?:{ipv6}{zoned}|{future})\]|{ipv4}|(?:{unreserved}|{pct}|{sub})*)");
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
}
