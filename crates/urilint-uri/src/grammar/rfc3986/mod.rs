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

#[cfg(test)]
pub(super) mod tests;

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
