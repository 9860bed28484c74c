//! urilint finds URIs in plain text, validates them strictly, and reports
//! them across file trees.
//!
//! # Overview
//!
//! The data flows in one direction, and each stage is a module:
//!
//! * [`walk`] turns paths into [`source::Input`]s in a stable order
//!   (`.gitignore`-aware, via the `ignore` crate).
//! * [`scan`] reads an input in chunks and finds URIs the way RFC 2396
//!   Appendix E (RFC 3986 Appendix C) says to delimit them in context:
//!   `<...>`, `"..."`, the `URL:` prefix, line breaks inside delimiters,
//!   hyphens at line breaks, and bare URIs in prose without their trailing
//!   punctuation. Its [`scan::Scanner`] works in bounded memory on any
//!   [`std::io::Read`].
//! * [`grammar`] parses each candidate strictly (RFC 3986 by default, RFC
//!   2396 on request) into components, with a stable code and byte offset
//!   for every error ([`error::ParseError`]).
//! * [`record`] and [`lint`] describe what was found: a [`record::Record`]
//!   per URI (for `extract`), [`lint::Diagnostic`]s (for `check`).
//! * [`output`] renders them, [`pipeline`] runs the work over many inputs
//!   in parallel with output in input order, and [`run`] ties it together.
//!
//! # Example
//!
//! ```
//! use urilint::scan::{Found, Scanner, ScanOptions};
//! use urilint::grammar::{parse, Grammar};
//!
//! let text = "Note the warning in <http://www.ics.uci.edu/pub/\n   ietf/uri/historical.html#WARNING>.";
//! let mut scanner = Scanner::new(text.as_bytes(), ScanOptions::default());
//! while let Some(Found::Uri(c)) = scanner.next_found().expect("a slice reads without error") {
//!     assert_eq!(c.text(), "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING");
//!     assert!(c.broken());
//!     let parsed = parse(c.text(), Grammar::Rfc3986);
//!     assert!(parsed.is_valid());
//!     assert_eq!(parsed.uri().fragment(), Some("WARNING"));
//! }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod error;
pub mod grammar;
pub mod lint;
pub mod normalize;
pub mod output;
pub mod pipeline;
pub mod position;
pub mod record;
pub mod resolve;
pub mod run;
pub mod scan;
pub mod scheme;
pub mod source;
pub mod walk;

pub use error::{Error, ErrorKind, ParseError};
pub use grammar::{parse, Grammar, Parsed, UriRef};
pub use record::Record;
pub use scan::{Candidate, Scanner};
