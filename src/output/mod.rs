//! Output formats: how records and diagnostics are rendered.
//!
//! This module owns the byte layout of everything urilint prints on
//! standard output. Printers only render; they compute nothing. Plain text
//! is in [`plain`], JSON Lines in [`jsonl`], the rule catalogue in
//! [`rules`], rustc-style diagnostics with
//! source excerpts in `human` (with the `cli` feature: it needs
//! annotate-snippets), SARIF 2.1.0 in [`sarif`] and GitHub
//! Actions workflow commands in [`github`]. Every printer appends to a
//! `Vec<u8>` (the command's `pipeline::Sink` buffer), so rendering never
//! fails.
//! File names and messages are made safe to print by [`escape`] (control
//! characters escaped, no name can start a line with `::`). `check`
//! prints through `printer` (with the `cli` feature): its findings and
//! notices reach the printers as typed events ([`crate::sink`]).

pub mod escape;
pub mod github;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod human;
pub mod jsonl;
pub mod plain;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod printer;
pub mod rules;
pub mod sarif;

/// The output format chosen with `--format`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Human/grep-like text, one line per URI or diagnostic.
    #[default]
    Plain,
    /// JSON Lines: one JSON object per line.
    Jsonl,
    /// Diagnostics with source excerpts and a summary, as rustc and ruff
    /// print them (`human`, with the `cli` feature).
    Human,
    /// One SARIF 2.1.0 log ([`sarif`]).
    Sarif,
    /// GitHub Actions workflow commands, one line per diagnostic
    /// ([`github`]).
    Github,
}

/// How `extract` prints a URI in the plain format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlainStyle {
    /// Prefix each URI with its file name and `:` (grep's `-H`).
    pub with_filename: bool,
    /// Prefix each URI with its 1-based line number and `:` (grep's `-n`).
    pub line_number: bool,
    /// With `with_filename`: a NUL byte after the file name instead of
    /// `:` (grep's `-Z`), so that names holding `:` (Maildir's `:2,S`) or
    /// `#` stay parseable.
    pub null: bool,
}
