//! urilint finds URIs in plain text, validates them strictly, and reports
//! them across file trees.
//!
//! # Overview
//!
//! The data flows in one direction, and each stage is a module:
//!
//! * `walk` turns paths (named, or listed: `--files-from`) into
//!   [`source::Input`]s in a stable order (`.gitignore`-aware, via the
//!   `ignore` crate; with the `cli` feature); [`framed`] splits a framed
//!   multi-document standard input into one input per document.
//! * [`scan`] reads an input in chunks and finds URIs the way RFC 2396
//!   Appendix E (RFC 3986 Appendix C) says to delimit them in context:
//!   `<...>`, `"..."`, the `URL:` prefix, line breaks inside delimiters,
//!   hyphens at line breaks, and bare URIs in prose without their trailing
//!   punctuation. Its [`scan::Scanner`] works in bounded memory on any
//!   [`std::io::Read`].
//! * [`grammar`] parses each candidate strictly (RFC 3986 by default; RFC
//!   3987 IRIs, RFC 2396 on request) into components, with a stable code
//!   and byte offset for every error ([`error::ParseError`]); [`scheme`]
//!   adds the rules of each scheme (RFC 1738, RFC 6068, RFC 5538, ...).
//! * [`resolve`] resolves references against a base (RFC 3986 section
//!   5.2, RFC 2396 section 5.2) and [`normalize`] normalizes and compares
//!   URIs (RFC 3986 section 6).
//! * [`record`] and [`lint`] describe what was found: a [`record::Record`]
//!   per URI (for `extract`), [`lint::Diagnostic`]s (for `check`).
//! * [`output`] renders them, `pipeline` runs the work over many inputs
//!   in parallel with output in input order, and `run` ties it together.
//!
//! # Features and stability
//!
//! The `cli` feature (on by default, so that `cargo install urilint` gets
//! the command) carries the command-line tool and its dependencies (clap,
//! annotate-snippets, the `ignore` walker, toml, rustix, signal-hook,
//! anyhow). A program that wants URIs from text depends on the library
//! alone:
//!
//! ```toml
//! [dependencies]
//! urilint = { version = "0.1", default-features = false }
//! ```
//!
//! The stable API, available with or without `cli`, is [`scan`],
//! [`grammar`], [`scheme`], [`resolve`], [`normalize`], [`record`],
//! [`lint`] (with [`lint::Linter`], [`lint::Diagnostic`] and the rules),
//! [`fix`] (edits and fixes, without writing files back), [`template`],
//! [`error`] and [`position`], with the helpers they use ([`lines`],
//! [`source`], [`framed`], [`format`](mod@format), [`links`], [`rewrite`],
//! [`since`]: the lines changed since a git revision) and the
//! machine-readable [`output`] formats (plain, JSON Lines, SARIF, GitHub).
//!
//! Only with `cli`: `walk` (the `.gitignore`-aware file walker), `config`
//! (the `urilint.toml` file), `output::human` (rustc-style excerpts),
//! `fix::write` (writing fixed files back in place), and the command's
//! engine, `run`, `pipeline` and `progress`. Those three are public for the
//! `urilint` binary only: **unstable**, they may change in any release.
//!
//! # Example
//!
//! ```
//! use urilint::scan::{Scanned, Scanner, ScanOptions};
//! use urilint::grammar::{parse, Grammar};
//!
//! fn main() -> std::io::Result<()> {
//!     let text = "Note the warning in <http://www.ics.uci.edu/pub/\n   ietf/uri/historical.html#WARNING>.";
//!     let mut uris = 0;
//!     // One item per URI or too-long candidate, in input order; a reader's
//!     // I/O error is an `Err` item, the last one.
//!     for item in Scanner::new(text.as_bytes(), ScanOptions::default()) {
//!         match item? {
//!             Scanned::Uri(u) => {
//!                 assert_eq!(u.text(), "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING");
//!                 assert!(u.broken());
//!                 let parsed = parse(u.text(), Grammar::Rfc3986);
//!                 assert!(parsed.is_valid());
//!                 assert_eq!(parsed.uri().fragment(), Some("WARNING"));
//!                 uris += 1;
//!             }
//!             // Longer than `ScanOptions::max_uri_len`: skipped, and the
//!             // URIs after it still come.
//!             Scanned::TooLong(t) => eprintln!("byte {}: a candidate over {} bytes", t.offset, t.limit),
//!         }
//!     }
//!     assert_eq!(uris, 1);
//!     Ok(())
//! }
//! ```
//!
//! Parsing, resolving and normalizing on their own:
//!
//! ```
//! use urilint::grammar::{parse, Grammar};
//! use urilint::normalize::{equivalent, normalize_str, NormalizeOptions};
//! use urilint::resolve::{resolve_str, ResolveOptions};
//!
//! // Components borrow the input; "undefined" and "empty" stay apart.
//! let p = parse("http://a/b?#f", Grammar::Rfc3986);
//! let uri = p.into_result().expect("valid");
//! assert_eq!((uri.path(), uri.query(), uri.fragment()), ("/b", Some(""), Some("f")));
//! assert_eq!(uri.to_string(), "http://a/b?#f");
//!
//! // RFC 3986 section 5.4.1.
//! let target = resolve_str("http://a/b/c/d;p?q", "../g", ResolveOptions::default());
//! assert_eq!(target.as_deref(), Ok("http://a/b/g"));
//!
//! // RFC 3986 section 6.2.2.
//! let opts = NormalizeOptions::default();
//! assert_eq!(normalize_str("HTTP://a/./b/%7e", opts).as_deref(), Ok("http://a/b/~"));
//! assert_eq!(equivalent("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", opts), Ok(true));
//! ```

// `unsafe` only in `mmap`, the memory map of a file, with its safety
// argument (see that module).
#![deny(unsafe_code)]
#![warn(missing_docs)]
// Issue 47: no non-test function over 100 lines (clippy.toml sets the
// threshold).
#![cfg_attr(not(test), warn(clippy::too_many_lines))]
// docs.rs marks the items that need a feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

// The URI layer (grammar, scheme rules, resolution, normalization) is
// the `urilint-uri` crate (crates/urilint-uri): it depends on nothing of
// this crate, which the crate graph enforces (ARCHITECTURE.md). Its
// modules are re-exported at the paths they always had.
pub use urilint_uri::{grammar, normalize, resolve, scheme};
// The scanner, positions and the memory map of a file are the
// `urilint-scan` crate (crates/urilint-scan), standing on `urilint-uri`
// alone; re-exported at the paths they always had.
/// The format layer: inputs decoded into segments mapped back to the
/// original bytes (the `urilint-format` crate; see its documentation).
pub use urilint_format as format;
/// The scanner: RFC 2396 Appendix E over bytes (the `urilint-scan`
/// crate; see its documentation).
pub use urilint_scan as scan;
pub use urilint_scan::{mmap, position};

pub mod beneath;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod config;
pub mod error;
pub mod fix;
pub mod framed;
pub mod lines;
pub mod links;
pub mod lint;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod mv;
pub mod output;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod pipeline;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod progress;
pub mod record;
pub mod remote;
pub mod rewrite;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod run;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod server;
pub mod since;
pub mod sink;
pub mod site;
pub mod source;
pub mod split;
pub mod state_file;
pub mod template;
pub mod unwrap;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod walk;

pub use error::{Error, ErrorKind, ParseError};
pub use grammar::{parse, Grammar, Parsed, UriRef};
pub use record::Record;
pub use scan::{Candidate, Scanner};
