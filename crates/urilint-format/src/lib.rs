//! The format layer: what an input is (plain text, a mailbox, a message,
//! an HTML page, a Markdown, reStructuredText, AsciiDoc or roff document,
//! a gzip wrapper) and its decoded text segments.
//!
//! Each format is one module that turns its input into [`Segment`]s: the
//! decoded text and an [`OffsetMap`] back to the original bytes. The
//! scanner, parser and rules run on a segment's text unchanged; every
//! position they report is mapped back through the segment's map, so it
//! points into the original file.
//!
//! This crate (urilint's `format`, re-exported by `urilint` as
//! `urilint::format`) owns detection ([`detect`]) and the types shared by
//! the formats. It does not own scanning (the `urilint-scan` crate) nor
//! what is done with the URIs found (urilint's linter and checker): of
//! urilint's crates it depends on `urilint-uri` and `urilint-scan` alone
//! (ARCHITECTURE.md).

#![deny(unsafe_code)]
#![warn(missing_docs)]
// Issue 47: no non-test function over 100 lines (clippy.toml at the
// workspace root sets the threshold).
#![cfg_attr(not(test), warn(clippy::too_many_lines))]
#![cfg_attr(docsrs, feature(doc_cfg))]

// The layers below, under the names the formats have always used.
use urilint_scan as scan;
use urilint_scan::position;
use urilint_uri::grammar;

pub mod asciidoc;
pub mod html;
pub mod liquid;
pub mod map;
pub mod markdown;
pub mod markdown_front_matter;
pub mod markdown_references;
pub mod mdx;
pub mod python_decorators;
pub mod python_docstring;
pub mod roff;
pub mod role;
pub mod rst;
pub mod rust;
pub mod segment;
pub mod sphinx_xref;

pub use map::{Chain, OffsetMap};
pub use segment::{Segment, SegmentKind};
pub mod base64;
pub mod charset;
pub mod detect;
pub mod encoded_word;
pub mod header;
pub mod mail;
pub mod mbox;
mod needles;
pub mod qp;
pub mod quote;

pub mod origin;
pub mod structure;
pub mod unit;
pub mod writes;
pub mod xml;
pub mod yaml;

/// What to read of a decoded input, beside its format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// What to read of a mail message ([`mail::MailOptions`]).
    pub mail: mail::MailOptions,
    /// Also give the text of Markdown code spans and code blocks, of
    /// reStructuredText literals, of AsciiDoc comments and listing and
    /// literal blocks and of roff displays and constant-width runs
    /// (`--include-code`; [`SegmentKind::Code`]).
    pub include_code: bool,
    /// Also give a Markdown document's link references
    /// ([`unit::Unit::references`], from the parse that finds its URIs),
    /// for the rules `L003`-`L005`.
    pub references: bool,
    /// The document is MDX (a `.mdx` page, read as Markdown): its
    /// segments come from [`mdx::segments`], and it has no link
    /// references for the rules `L003`-`L005`.
    pub mdx: bool,
    /// `$...$` and `$$...$$` in a Markdown document are math, where no
    /// URI is read (the document's site has MyST's `dollarmath` on:
    /// urilint's `site::Layout::dollar_math`).
    pub math: bool,
    /// The links of the front matter field `description` are read as
    /// Markdown's ([`markdown_front_matter::field_links`]): the
    /// document's site renders it so (urilint's
    /// `site::Layout::markdown_description`).
    pub markdown_description: bool,
}
