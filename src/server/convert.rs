//! urilint's findings and edits as LSP values: byte offsets into the
//! document become positions in the negotiated encoding
//! ([`super::documents::Encoding`]).

use lsp_types::{CodeDescription, DiagnosticSeverity, NumberOrString, TextEdit, Uri};

use super::documents::{Document, Encoding};
use crate::fix::Edit;
use crate::lint::{Diagnostic, Severity};

/// Where a rule's documentation is: the rules table of the repository's
/// `docs/rules.md`, with a text fragment (WICG "Text Fragments") that
/// scrolls to the rule's row in browsers that follow them.
pub const RULES_DOC: &str = "https://github.com/urilint/urilint/blob/main/docs/rules.md";

/// The `source` of every diagnostic the server publishes.
pub const SOURCE: &str = "urilint";

/// The byte span of the document a finding covers: from the offending
/// place to the URI's end (a place at or past the end covers itself).
pub fn span_of(d: &Diagnostic) -> std::ops::Range<usize> {
    let start = d.byte_offset as usize;
    let end = (d.uri_span.end as usize).max(start);
    start..end
}

/// `d` as an LSP diagnostic of `doc`: its range ([`span_of`]), severity
/// (error or warning, as configured), code and a link to the rule's
/// documentation (`codeDescription`), message, and source `"urilint"`.
pub fn diagnostic(doc: &Document, enc: Encoding, d: &Diagnostic) -> lsp_types::Diagnostic {
    let href = format!("{RULES_DOC}#:~:text={}", d.code);
    lsp_types::Diagnostic {
        range: doc.range(span_of(d), enc),
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(d.code.to_string())),
        code_description: href
            .parse::<Uri>()
            .ok()
            .map(|href| CodeDescription { href }),
        source: Some(SOURCE.to_string()),
        message: format!("{} ({})", d.message, d.rule),
        related_information: None,
        tags: None,
        data: None,
    }
}

/// The diagnostic that stands for the findings not published (M9 of the
/// 2026-11-29 review): at the document's start, information, saying that
/// the first `shown` are and `left_out` more are not, and the setting
/// (`maxDiagnostics`) that moves the limit.
pub fn left_out(shown: usize, left_out: u64) -> lsp_types::Diagnostic {
    lsp_types::Diagnostic {
        range: lsp_types::Range::default(),
        severity: Some(DiagnosticSeverity::INFORMATION),
        code: None,
        code_description: None,
        source: Some(SOURCE.to_string()),
        message: format!(
            "{left_out} more finding{} not shown: only the first {shown} are (maxDiagnostics)",
            if left_out == 1 { "" } else { "s" }
        ),
        related_information: None,
        tags: None,
        data: None,
    }
}

/// `edits` (byte offsets into `doc`'s text) as LSP text edits.
pub fn text_edits(doc: &Document, enc: Encoding, edits: &[Edit]) -> Vec<TextEdit> {
    edits
        .iter()
        .map(|e| TextEdit {
            range: doc.range(e.start as usize..e.end as usize, enc),
            new_text: e.replacement.clone(),
        })
        .collect()
}

/// The file a `file:` URI names (RFC 8089 section 2): its path
/// percent-decoded; `None` for another scheme, a host other than empty
/// or `localhost`, a relative path or an invalid URI
/// (the reader go to definition uses, without the fragment).
pub fn file_path(uri: &str) -> Option<std::path::PathBuf> {
    super::definition::file_uri_path(uri).map(|(path, _)| path)
}

/// The `file:` URI of absolute path `path` (RFC 8089 section 2), as
/// document links give it: each byte outside RFC 3986 unreserved, `/`
/// and the sub-delimiters other than `'` (with `:` and `@`) percent-encoded.
pub fn file_uri(path: &std::path::Path) -> String {
    super::document_links::file_uri(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_both_ways() {
        let p = std::path::Path::new("/home/a b/Grüße/x#1.md");
        let uri = file_uri(p);
        assert_eq!(uri, "file:///home/a%20b/Gr%C3%BC%C3%9Fe/x%231.md");
        assert_eq!(file_path(&uri).as_deref(), Some(p));
        assert_eq!(
            file_path("file://localhost/tmp/x.md").as_deref(),
            Some(std::path::Path::new("/tmp/x.md"))
        );
        assert_eq!(file_path("file://server/share/x.md"), None);
        assert_eq!(file_path("untitled:Untitled-1"), None);
        assert_eq!(file_path("file:///bad%zz"), None);
    }
}
