//! The URI layer of urilint: strict parsers of URI references (RFC 3986
//! by default; RFC 2396 and RFC 3987 on request) that report every error
//! with a stable code and a 0-based byte offset ([`error::ParseError`]),
//! the rules of each scheme (RFC 1738, RFC 6068, RFC 5538, ...:
//! [`scheme`]), reference resolution (RFC 3986 section 5.2, RFC 2396
//! section 5.2: [`resolve`]) and normalization and comparison (RFC 3986
//! section 6: [`normalize`]).
//!
//! This crate depends on nothing of the scanner, the format layer or the
//! linter of `urilint`, which builds on it and re-exports its modules at
//! the same paths (`urilint_uri::grammar`, `urilint_uri::scheme`,
//! `urilint_uri::resolve`, `urilint_uri::normalize`, `urilint_uri::error::ParseError`).
//!
//! ```
//! use urilint_uri::grammar::{parse, Grammar};
//! use urilint_uri::resolve::{resolve_str, ResolveOptions};
//!
//! assert!(parse("http://example.org/a?b#c", Grammar::Rfc3986).is_valid());
//! let target = resolve_str("http://a/b/c/d;p?q", "../g", ResolveOptions::default());
//! assert_eq!(target.as_deref(), Ok("http://a/b/g"));
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]
// Issue 47: no non-test function over 100 lines (clippy.toml at the
// workspace root sets the threshold).
#![cfg_attr(not(test), warn(clippy::too_many_lines))]

pub mod error;
pub mod grammar;
pub mod normalize;
pub mod resolve;
pub mod scheme;
