//! The library's error types.
//!
//! This module owns [`ParseError`] (one grammar violation in a URI
//! reference, with a stable code and a byte offset) and [`Error`] (what the
//! I/O-facing parts of the library return). It does not own diagnostics of
//! the linter: those are [`crate::lint::Diagnostic`], built from these.

use std::fmt;
use std::path::PathBuf;

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

/// Errors of the I/O-facing parts of the library (scanning readers, walking
/// trees). Each names the file it concerns, when there is one.
///
/// The variants about one file ([`Error::Read`], [`Error::FileWrite`]) are
/// reported on their own, one line each, so their message ends with the
/// underlying error's; printing the whole chain of such an error would say
/// that twice (the binary's printer leaves out a cause whose message its
/// parent already ends with).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Reading `path` failed (`-` for standard input).
    #[error("{path}: {source}")]
    Read {
        /// The file (or `-`).
        path: DisplayPath,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// Walking a directory failed at `path`.
    #[error("{path}: {message}")]
    Walk {
        /// Where the walk failed (may be empty when the walker names none).
        path: DisplayPath,
        /// The walker's message.
        message: String,
    },
    /// `check --links remote` could not start: an unreadable `--cacert`,
    /// a cache file that cannot be read.
    #[error("--links remote: {0}")]
    Remote(String),
    /// Writing the output failed (for example, a closed pipe, or a full
    /// disk). The message names only what failed; the system's reason is
    /// the [`std::error::Error::source`] (printed once by the binary, which
    /// prints the chain of causes).
    #[error("writing output")]
    Write(#[source] std::io::Error),
    /// Not one worker thread could be started (the system's limit on
    /// threads or memory).
    #[error("starting worker threads")]
    Threads(#[source] std::io::Error),
    /// Writing a fixed or rewritten file back failed; the file is left as
    /// it was.
    #[error("{path}: not written: {source}")]
    FileWrite {
        /// The file.
        path: DisplayPath,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A file changed on disk between being read and being written back;
    /// it was not overwritten.
    #[error("{path}: changed on disk since it was read; not overwritten (run again)")]
    Changed {
        /// The file.
        path: DisplayPath,
    },
    /// A file was not fixed or rewritten because writing it would be
    /// unsafe or lose something it has (`crate::fix::write`); it was
    /// left as it was.
    #[error("{path}: {reason}")]
    Refused {
        /// The file.
        path: DisplayPath,
        /// Why.
        reason: Refusal,
    },
    /// A framed multi-document standard input (`--stdin-format jsonl` or
    /// `netstring`, [`crate::framed`]) is malformed: the documents before
    /// `at` were read; with JSON Lines the next line is read next, a
    /// broken netstring ends the input.
    #[error("-: {at}: {message}")]
    Framing {
        /// Where: `line N` (1-based) of JSON Lines, `byte N` (0-based
        /// offset into standard input) of netstrings.
        at: String,
        /// What is wrong.
        message: String,
    },
    /// The configuration file is invalid.
    #[error("{path}: {message}")]
    Config {
        /// The configuration file.
        path: DisplayPath,
        /// What is wrong, with its position when known.
        message: String,
    },
}

/// Why a file was not written ([`Error::Refused`]); see
/// `crate::fix::write` (`cli` feature) for the protocol that decides. Modes are the
/// permission bits of `st_mode`, printed in octal.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// Not a regular file: `kind` is e.g. `"a FIFO"`, `"a character
    /// device"`. Fixes and rewrites only ever open regular files.
    #[error("not a regular file ({kind}); urilint fixes and rewrites only regular files")]
    NotRegular {
        /// What it is, with its article.
        kind: &'static str,
    },
    /// The file, or a directory between the walk's root and it, is a
    /// symbolic link (or no longer a directory) now, though it was not
    /// when the walk found it: it is not followed.
    #[error("is a symbolic link, or lies below one, now (it was not when found); not followed")]
    Symlink,
    /// The setuid or setgid bit is set: writing could hand out privileges.
    #[error("has the setuid or setgid bit (mode {mode:04o}); urilint never writes such files")]
    SetId {
        /// The permission bits.
        mode: u32,
    },
    /// The file has capabilities (`security.capability`): as setuid.
    #[error("has file capabilities (security.capability); urilint never writes such files")]
    Capabilities,
    /// A NUL byte in the first 8 KiB: not a text file.
    #[error("not a text file (a NUL byte in its first 8 KiB); not written")]
    NotText,
    /// The owner write bit is off (`--force` writes it anyway).
    #[error("is read-only (mode {mode:04o}); not written (pass --force to write it anyway)")]
    ReadOnly {
        /// The permission bits.
        mode: u32,
    },
    /// More than one hard link, and `--hard-links` not given.
    #[error("has {links} hard links; replacing it would leave the other names with the old text: pass --hard-links=in-place to write in place (not atomic), or --hard-links=break to replace this name only")]
    HardLinks {
        /// The link count (`st_nlink`).
        links: u64,
    },
    /// The new file could not be given the original's owner and group.
    #[error("cannot give the new file the owner {uid}:{gid} ({source}); not written")]
    Owner {
        /// The original's user id.
        uid: u32,
        /// The original's group id.
        gid: u32,
        /// Why `fchown` failed.
        #[source]
        source: std::io::Error,
    },
    /// An extended attribute (a POSIX ACL is one) could not be copied.
    #[error("cannot copy the extended attribute {name} to the new file ({source}); not written")]
    Xattr {
        /// The attribute's name (lossily UTF-8).
        name: String,
        /// Why setting it failed.
        #[source]
        source: std::io::Error,
    },
    /// The path named on the command line goes through a symbolic link
    /// that another user planted or can swap
    /// ([`crate::beneath::unsafe_named_links`]), or led elsewhere once
    /// the file was opened: a run that writes does not follow it (L11 of
    /// the 2026-11-29 review).
    #[error("{reason}: not followed by a run that writes (--fix, --add-ignore, rewrite); name the file it leads to")]
    UnsafeLink {
        /// Which link, and why (a sentence without a final period).
        reason: String,
    },
}

/// A path for messages: printed lossily (invalid UTF-8 as U+FFFD), `-`
/// for standard input, with control characters escaped and `./` before a
/// name that would start a line with `:` or white space
/// ([`crate::output::escape::name`]), so that a message naming a file is
/// one line and holds no terminal escape sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisplayPath(pub PathBuf);

impl fmt::Display for DisplayPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::output::escape::name(&self.0.to_string_lossy()))
    }
}
