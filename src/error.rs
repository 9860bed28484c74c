//! The library's error types.
//!
//! This module owns [`Error`] (what the I/O-facing parts of the library
//! return) and re-exports the grammar's [`ParseError`] (one grammar
//! violation in a URI reference, with a stable code and a byte offset),
//! which the `urilint-uri` crate owns. It does not own diagnostics of
//! the linter: those are [`crate::lint::Diagnostic`], built from these.

use std::fmt;
use std::path::PathBuf;

pub use urilint_uri::error::{ErrorKind, HostError, ParseError};

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
