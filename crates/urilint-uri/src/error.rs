//! The grammar's error types: [`ParseError`] (one grammar violation in a
//! URI reference, with a stable code and a byte offset) and [`HostError`]
//! (why a host has no ASCII form). They do not own diagnostics: the
//! `urilint` crate's linter builds those from these.

/// What is wrong at one place of a URI reference.
///
/// Each kind has a stable code ([`ErrorKind::code`]) that `urilint check`
/// prints and the JSON output carries; codes are never reused for another
/// meaning. The grammar is RFC 3986 Appendix A unless the variant says
/// otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `U001`: the scheme does not match `ALPHA *( ALPHA / DIGIT / "+" /
    /// "-" / "." )` (RFC 3986 section 3.1), or a relative reference has a
    /// `:` in its first path segment (section 4.2, `path-noscheme`).
    InvalidScheme,
    /// `U002`: a `%` not followed by two hexadecimal digits (RFC 3986
    /// section 2.1, `pct-encoded`).
    InvalidPercentEncoding,
    /// `U003`: a byte that may never appear unescaped in a URI: controls,
    /// space, `<`, `>`, `"`, and the "unwise" `{ } | \ ^ `` ` `` (RFC 2396
    /// section 2.4.3; RFC 3986 Appendix A admits none of them).
    ExcludedCharacter,
    /// `U004`: a character of the URI alphabet in a component that does not
    /// allow it, e.g. `[` in a path, a second `#`, a second `@` in the
    /// authority (RFC 3986 sections 3.2 to 3.5).
    UnexpectedCharacter,
    /// `U005`: a host that is not a valid `IP-literal` (IPv6address or
    /// IPvFuture, RFC 3986 section 3.2.2 and RFC 4291 section 2.2; with zone
    /// identifiers enabled also `IPv6addrz`, RFC 6874 section 2), or, under
    /// RFC 2396, an IP literal where none is allowed.
    InvalidHost,
    /// `U006`: a port that is not `*DIGIT` (RFC 3986 section 3.2.3).
    InvalidPort,
    /// `U007`: a non-ASCII character: allowed in an IRI (RFC 3987) but not in
    /// a URI, where it must be percent-encoded as UTF-8 (RFC 3987 section
    /// 3.1). Under the RFC 3987 grammar: a non-ASCII character that is not a
    /// `ucschar`, or an `iprivate` outside the query, or any non-ASCII
    /// character in the scheme, port or an IP literal (RFC 3987 section
    /// 2.2).
    NonAscii,
    /// `U008`: a URI was required but the reference has no scheme (RFC 3986
    /// section 4.3, `absolute-URI`).
    MissingScheme,
}

impl ErrorKind {
    /// Every kind, in code order.
    pub const ALL: [ErrorKind; 8] = [
        ErrorKind::InvalidScheme,
        ErrorKind::InvalidPercentEncoding,
        ErrorKind::ExcludedCharacter,
        ErrorKind::UnexpectedCharacter,
        ErrorKind::InvalidHost,
        ErrorKind::InvalidPort,
        ErrorKind::NonAscii,
        ErrorKind::MissingScheme,
    ];

    /// The stable code, e.g. `"U002"`.
    pub fn code(self) -> &'static str {
        match self {
            ErrorKind::InvalidScheme => "U001",
            ErrorKind::InvalidPercentEncoding => "U002",
            ErrorKind::ExcludedCharacter => "U003",
            ErrorKind::UnexpectedCharacter => "U004",
            ErrorKind::InvalidHost => "U005",
            ErrorKind::InvalidPort => "U006",
            ErrorKind::NonAscii => "U007",
            ErrorKind::MissingScheme => "U008",
        }
    }

    /// The stable kebab-case name, e.g. `"invalid-percent-encoding"`.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::InvalidScheme => "invalid-scheme",
            ErrorKind::InvalidPercentEncoding => "invalid-percent-encoding",
            ErrorKind::ExcludedCharacter => "excluded-character",
            ErrorKind::UnexpectedCharacter => "unexpected-character",
            ErrorKind::InvalidHost => "invalid-host",
            ErrorKind::InvalidPort => "invalid-port",
            ErrorKind::NonAscii => "non-ascii",
            ErrorKind::MissingScheme => "missing-scheme",
        }
    }
}

/// One grammar violation: what ([`ErrorKind`]), where (`offset`, a 0-based
/// byte offset into the parsed text) and a human message naming the
/// offending character and the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message} (byte {offset})")]
pub struct ParseError {
    /// What is wrong.
    pub kind: ErrorKind,
    /// 0-based byte offset into the parsed text of the first offending byte
    /// (the text's length for errors at its end).
    pub offset: usize,
    /// A one-line message, e.g. `"'%' not followed by two hex digits in the
    /// path"`.
    pub message: String,
}

impl ParseError {
    /// A new error of `kind` at byte `offset` with `message`.
    pub fn new(kind: ErrorKind, offset: usize, message: impl Into<String>) -> Self {
        ParseError {
            kind,
            offset,
            message: message.into(),
        }
    }

    /// The stable code of the kind, e.g. `"U002"`.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }
}

/// Why a host could not be put in its ASCII form
/// ([`crate::grammar::UriRef::host_ascii`]). Offsets are 0-based byte
/// offsets into the host text as it appears in the URI reference.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HostError {
    /// A `%` in the host is not followed by two hexadecimal digits (RFC 3986
    /// section 2.1), so the host cannot be percent-decoded.
    #[error(
        "'%' at byte {offset} of the host is not followed by two hex digits (RFC 3986 section 2.1)"
    )]
    InvalidPercentEncoding {
        /// Byte offset of the `%` in the host.
        offset: usize,
    },
    /// The percent-decoded host is not UTF-8, which a registered name must
    /// be before IDNA processing (RFC 3986 section 3.2.2, RFC 3987 section
    /// 3.1).
    #[error("the host is not UTF-8 once percent-decoded (invalid sequence from byte {offset} of the host; RFC 3986 section 3.2.2)")]
    InvalidUtf8 {
        /// Byte offset in the host of the `%` (or character) that starts the
        /// first invalid UTF-8 sequence.
        offset: usize,
    },
    /// IDNA `ToASCII` rejected the (percent-decoded) name: a disallowed
    /// character, a bad hyphen, a label over 63 bytes or a name over 253,
    /// an invalid bidirectional label, ... (RFC 5891 section 4 and 5, UTS #46
    /// with `UseSTD3ASCIIRules`, as RFC 3987 section 3.1 asks).
    #[error("{name:?} is not a valid internationalized domain name (IDNA ToASCII failed; RFC 5891, RFC 3987 section 3.1)")]
    Idna {
        /// The name given to IDNA, after percent-decoding.
        name: String,
    },
}
