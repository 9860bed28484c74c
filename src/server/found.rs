//! The URIs of a document held in memory (an editor's buffer), found as
//! `urilint check` finds them in the file, each with its bytes in the
//! document: what hover, go to definition and document links work from.
//!
//! This module owns reading a buffer in its format (detected from its name
//! and content, [`crate::format::detect`]: Markdown, reStructuredText,
//! AsciiDoc, HTML, roff and mail decoded through [`crate::format::unit`],
//! plain text scanned as it is by [`crate::scan::Scanner`]) and mapping
//! what is found back to the buffer's bytes (through each piece's chain of
//! offset maps, as `check` places its findings). It does not own positions
//! in the editor's units (UTF-16 or UTF-8 columns: the caller converts
//! byte offsets), nor what is done with a URI.

use std::ops::Range;
use std::path::Path;

use crate::format::detect::{is_gzip, InputFormat};
use crate::format::mail::Piece;
use crate::format::ReadOptions;
use crate::grammar::Grammar;
use crate::run::decoded::{Kept, PieceScan};
use crate::scan::{Candidate, Found, ScanBuffers, ScanOptions, Scanner};
use crate::source::{Input, Mmap, Opened};

/// A URI (or relative reference) of a document, as found in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundUri {
    /// Its bytes as written in the document: 0-based byte offsets, end
    /// exclusive, with the line breaks (and quoted-printable soft breaks,
    /// reply prefixes, entities) inside it, without its delimiters (`<`,
    /// `>`, quotes, the `URL:` prefix).
    pub span: Range<u64>,
    /// The URI as scanned: rejoined across line breaks (RFC 3986 Appendix
    /// C), entities and transfer encodings decoded; for an abbreviated URL
    /// (`www.example.org`, RFC 2396 Appendix F) with its implied scheme.
    pub text: String,
    /// True for a relative reference (a Markdown link destination, an
    /// HTML attribute value: RFC 3986 section 4.2), which needs a base.
    pub relative: bool,
    /// The base its piece gives relative references (an HTML document's
    /// `<base href>`), as written.
    pub base: Option<String>,
    /// True when the document follows it as a link (an `href`, a Markdown
    /// link destination, a roff `.UR`): its piece is one URI reference.
    /// False for a URI in running text or an identifier (an XML namespace
    /// name).
    pub references: bool,
    /// True when it spans more than one line of the document.
    pub broken: bool,
}

/// How a document is read: the same settings `urilint check` reads files
/// with.
#[derive(Clone, Debug)]
pub struct FoundOptions {
    /// The grammar URIs are validated against (for hover and document
    /// links; finding does not depend on it).
    pub grammar: Grammar,
    /// The format: detected from the name and content
    /// ([`InputFormat::Auto`], the default) or forced (`--input-format`).
    pub input_format: InputFormat,
    /// What is read of mail and whether code is scanned (`--no-headers`,
    /// `--include-code`).
    pub read: ReadOptions,
    /// How candidates are delimited (the longest URI, abbreviated URLs,
    /// `http//host`, hard-wrapped URIs rejoined in plain text).
    pub scan: ScanOptions,
}

impl Default for FoundOptions {
    /// `urilint check`'s defaults: RFC 3986, format detected, mail headers
    /// read, code not scanned, hard-wrapped URIs rejoined.
    fn default() -> FoundOptions {
        FoundOptions {
            grammar: Grammar::Rfc3986,
            input_format: InputFormat::Auto,
            read: ReadOptions {
                mail: crate::format::mail::MailOptions {
                    headers: true,
                    message_ids: false,
                    info: true,
                },
                include_code: false,
                references: false,
                mdx: false,
                math: false,
                markdown_description: false,
            },
            scan: ScanOptions {
                join_wrapped_lines: true,
                ..ScanOptions::default()
            },
        }
    }
}

impl FoundOptions {
    /// The options of a run ([`crate::run::RunOptions`]: its grammar,
    /// input format, mail options, `--include-code`, `--abbreviated`,
    /// `--max-uri-len`), as `check` reads with them; `missing_colon` says
    /// whether `http//host` is found (when the rule `U011` is on).
    pub fn of_run(run: &crate::run::RunOptions, missing_colon: bool) -> FoundOptions {
        FoundOptions {
            grammar: run.grammar,
            input_format: run.input_format,
            read: ReadOptions {
                mail: run.mail,
                include_code: run.include_code,
                references: false,
                mdx: false,
                math: false,
                markdown_description: false,
            },
            scan: ScanOptions {
                missing_colon,
                ..crate::run::scan_options(run, false)
            },
        }
    }
}

/// Every URI and relative reference of the document `text`, read as
/// `urilint check` reads a file named `path` (which is not opened: the
/// name picks the format with the content, [`crate::format::detect`]), in
/// document order. Too-long candidates are left out. A document that
/// looks binary (a NUL byte near its start), is UTF-16 (a byte-order
/// mark) or is gzip-compressed gives none: its bytes are not the text the
/// offsets would point into.
///
/// Linear in the document's length; nothing is written or cached.
pub fn uris_of(path: &Path, text: &[u8], opts: &FoundOptions) -> Vec<FoundUri> {
    let mut out = Vec::new();
    if opts.input_format != InputFormat::Text && is_gzip(text) {
        return out;
    }
    let input = Input::Document {
        name: path.to_path_buf(),
        bytes: std::sync::Arc::from(text),
    };
    match input.open_with(opts.input_format, Mmap::Never) {
        Ok(Opened::Text(_)) | Ok(Opened::Mapped(_)) => {
            let mut scanner = Scanner::in_memory(text, opts.scan.clone(), ScanBuffers::default());
            while let Ok(Some(found)) = scanner.next_found() {
                if let Found::Uri(c) = found {
                    out.push(from_candidate(&c, |s| s, None, false));
                }
            }
        }
        Ok(Opened::Decoded(reader, format)) => decoded_uris(reader, format, opts, &mut out),
        // A document is held in memory, never mapped; read as the mailbox
        // it would have been mapped as.
        Ok(Opened::MappedMailbox(_)) => decoded_uris(text, InputFormat::Mbox, opts, &mut out),
        Ok(Opened::Binary) | Ok(Opened::Utf16) | Err(_) => {}
    }
    out
}

/// The URIs of `reader`, a document in `format` (a decoded one), pushed
/// onto `out` in document order ([`uris_of`]).
fn decoded_uris<R: std::io::Read>(
    reader: R,
    format: InputFormat,
    opts: &FoundOptions,
    out: &mut Vec<FoundUri>,
) {
    let pieces = PieceScan::new(&opts.scan);
    let mut kept = Kept::default();
    let _ = crate::format::unit::for_each(reader, format, opts.read, |_, units| {
        for mut piece in units {
            pieces.scan(&mut piece, &mut kept, |piece: &Piece, found| {
                if let Found::Uri(c) = found {
                    let base = piece.base.as_deref().map(str::to_string);
                    out.push(from_candidate(
                        &c,
                        |s| piece.chain.span(s),
                        base,
                        piece.references,
                    ));
                }
            });
        }
        Ok(())
    });
}

/// A [`FoundUri`] of candidate `c`, whose span in the scanned text `to_file`
/// maps into the document.
fn from_candidate(
    c: &Candidate<'_>,
    to_file: impl Fn(Range<u64>) -> Range<u64>,
    base: Option<String>,
    references: bool,
) -> FoundUri {
    FoundUri {
        span: to_file(c.span()),
        text: c.text().to_string(),
        relative: c.relative(),
        base,
        references,
        broken: c.broken(),
    }
}

/// The URI of `found` whose span holds the byte offset `at` (0-based;
/// a span's end counts, so that the cursor just after a URI is on it),
/// the innermost when several do.
pub fn at_offset(found: &[FoundUri], at: u64) -> Option<&FoundUri> {
    found
        .iter()
        .filter(|f| f.span.start <= at && at <= f.span.end)
        .min_by_key(|f| f.span.end - f.span.start)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(name: &str, text: &str) -> Vec<FoundUri> {
        uris_of(Path::new(name), text.as_bytes(), &FoundOptions::default())
    }

    #[test]
    fn plain_text_broken_uri_is_rejoined_and_spans_both_lines() {
        let text = "See <http://a/b\n c> now.";
        let found = find("notes.txt", text);
        assert_eq!(found.len(), 1);
        let f = &found[0];
        assert_eq!(f.text, "http://a/b c".replace(' ', ""));
        assert_eq!(
            &text[f.span.start as usize..f.span.end as usize],
            "http://a/b\n c"
        );
        assert!(f.broken && !f.relative && !f.references && f.base.is_none());
    }

    #[test]
    fn markdown_relative_link_spans_its_destination() {
        let text = "# T\n\nRead [x](other.md#sec) and https://a.example/.\n";
        let found = find("doc.md", text);
        let rel: Vec<_> = found.iter().filter(|f| f.relative).collect();
        assert_eq!(rel.len(), 1, "{found:?}");
        assert_eq!(rel[0].text, "other.md#sec");
        assert_eq!(
            &text[rel[0].span.start as usize..rel[0].span.end as usize],
            "other.md#sec"
        );
        assert!(rel[0].references);
        let abs: Vec<_> = found.iter().filter(|f| !f.relative).collect();
        assert_eq!(abs.len(), 1);
        assert_eq!(abs[0].text, "https://a.example/");
    }

    #[test]
    fn html_attribute_with_base() {
        let text = "<!doctype html><html><head><base href=\"https://b.example/d/\"></head>\
                    <body><a href=\" x/y.html \">y</a> &amp; <a href=\"http://a.example/?a=1&amp;b=2\">z</a></body></html>";
        let found = find("page.html", text);
        let rel = found
            .iter()
            .find(|f| f.text == "x/y.html")
            .expect("relative");
        assert!(rel.relative && rel.references);
        assert_eq!(rel.base.as_deref(), Some("https://b.example/d/"));
        assert_eq!(
            &text[rel.span.start as usize..rel.span.end as usize],
            "x/y.html"
        );
        let abs = found
            .iter()
            .find(|f| f.text == "http://a.example/?a=1&b=2")
            .expect("entity decoded");
        assert_eq!(
            &text[abs.span.start as usize..abs.span.end as usize],
            "http://a.example/?a=1&amp;b=2"
        );
    }

    #[test]
    fn mail_quoted_printable_soft_break_maps_into_the_original_bytes() {
        let text = "From: a@example.org\r\nTo: b@example.org\r\nSubject: x\r\n\
                    MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
                    Content-Transfer-Encoding: quoted-printable\r\n\r\n\
                    Go to https://a.example/very/long/pa=\r\nth/x=3D1 today.\r\n";
        let found = find("message.eml", text);
        let f = found
            .iter()
            .find(|f| f.text.starts_with("https://a.example/"))
            .expect("found");
        assert_eq!(f.text, "https://a.example/very/long/path/x=1");
        assert_eq!(
            &text[f.span.start as usize..f.span.end as usize],
            "https://a.example/very/long/pa=\r\nth/x=3D1"
        );
        assert!(!f.relative);
    }

    #[test]
    fn at_offset_takes_the_end_and_the_innermost() {
        let found = find("a.txt", "x http://a.example/ y");
        assert_eq!(
            at_offset(&found, 2).map(|f| f.text.as_str()),
            Some("http://a.example/")
        );
        assert_eq!(
            at_offset(&found, 19).map(|f| f.text.as_str()),
            Some("http://a.example/")
        );
        assert!(at_offset(&found, 1).is_none());
        assert!(at_offset(&found, 20).is_none());
    }

    #[test]
    fn binary_and_gzip_give_nothing() {
        assert!(find("a.txt", "http://a.example/\0").is_empty());
        let gz = [0x1f, 0x8b, 0x08, 0, 0, 0];
        assert!(uris_of(Path::new("a.md.gz"), &gz, &FoundOptions::default()).is_empty());
    }
}
