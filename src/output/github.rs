//! The GitHub Actions format: one workflow command per diagnostic, which
//! GitHub shows as an annotation on the file and line.
//!
//! This module owns the layout of those commands and their escaping:
//!
//! ```text
//! ::error file=PATH,line=L,col=C,endLine=EL,endColumn=EC,title=CODE rule-name::MESSAGE
//! ```
//!
//! (`::warning` for warnings). Lines and columns are 1-based, columns in
//! Unicode scalar values, as in [`Diagnostic`] (or in the unit of `check
//! --column-unit`, [`crate::position::ColumnUnit`], which `check` counts
//! them in before printing); the region runs from the
//! offending place to just past the URI's last byte. The message escapes
//! `%`, CR and LF (`%25`, `%0D`, `%0A`); property values escape `:` and
//! `,` too (`%3A`, `%2C`), as GitHub's runner expects. Before that, other
//! control characters in the path and message are escaped as everywhere
//! else ([`super::escape::text`]), so that no escape sequence reaches the
//! log. It does not own choosing what to print.

use std::io::Write;

use super::escape;
use crate::lint::{Diagnostic, Severity};

/// Appends the workflow command of `d` to `out`, one line ending in LF.
///
/// `line`/`col` are the 1-based line and column (in Unicode scalar values)
/// of the offending place; `endLine`/`endColumn` are the position just past
/// the URI's last byte (the start again when the URI is empty, e.g. a
/// skipped, too-long candidate, or when the end is before the start).
pub fn diagnostic(out: &mut Vec<u8>, d: &Diagnostic) {
    let command = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let (end_line, end_column) = end(d);
    let _ = write!(out, "::{command} file=");
    property(out, &escape::text(&d.path));
    let _ = write!(
        out,
        ",line={},col={},endLine={end_line},endColumn={end_column},title=",
        d.line, d.column
    );
    property(out, &format!("{} {}", d.code, d.rule));
    out.extend_from_slice(b"::");
    message(out, &escape::text(&d.message));
    out.push(b'\n');
}

/// The end of the region: just past the URI, or the start for an empty
/// URI span or an end before the start.
fn end(d: &Diagnostic) -> (u64, u64) {
    let before_start = (d.end_line, d.end_column) < (d.line, d.column);
    if d.uri_span.is_empty() || before_start {
        (d.line, d.column)
    } else {
        (d.end_line, d.end_column)
    }
}

/// Appends `s` escaped as the data (message) of a workflow command:
/// `%` → `%25`, CR → `%0D`, LF → `%0A`.
fn message(out: &mut Vec<u8>, s: &str) {
    escape(out, s, false);
}

/// Appends `s` escaped as a property value of a workflow command: as
/// [`message`], and `:` → `%3A`, `,` → `%2C`.
fn property(out: &mut Vec<u8>, s: &str) {
    escape(out, s, true);
}

fn escape(out: &mut Vec<u8>, s: &str, property: bool) {
    for &b in s.as_bytes() {
        match b {
            b'%' => out.extend_from_slice(b"%25"),
            b'\r' => out.extend_from_slice(b"%0D"),
            b'\n' => out.extend_from_slice(b"%0A"),
            b':' if property => out.extend_from_slice(b"%3A"),
            b',' if property => out.extend_from_slice(b"%2C"),
            _ => out.push(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diag(severity: Severity) -> Diagnostic {
        Diagnostic {
            path: "docs/a.md".to_string(),
            line: 3,
            column: 7,
            byte_offset: 40,
            end_line: 3,
            end_column: 25,
            uri_span: 34..52,
            code: "U002",
            rule: "invalid-percent-encoding",
            severity,
            message: "invalid percent-encoding \"%zz\"".to_string(),
            uri: "http://a/%zz".to_string(),
            fix: None,
            origin: None,
            remote: None,
        }
    }

    fn render(d: &Diagnostic) -> String {
        let mut out = Vec::new();
        diagnostic(&mut out, d);
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn error_and_warning_commands() {
        assert_eq!(
            render(&diag(Severity::Error)),
            "::error file=docs/a.md,line=3,col=7,endLine=3,endColumn=25,\
             title=U002 invalid-percent-encoding::invalid percent-encoding \"%25zz\"\n"
        );
        let mut d = diag(Severity::Warning);
        d.code = "N001";
        d.rule = "uppercase-scheme";
        d.message = "scheme in upper case".to_string();
        assert_eq!(
            render(&d),
            "::warning file=docs/a.md,line=3,col=7,endLine=3,endColumn=25,\
             title=N001 uppercase-scheme::scheme in upper case\n"
        );
    }

    #[test]
    fn escaping_of_message_and_properties() {
        let mut d = diag(Severity::Error);
        d.path = "we:ird,dir/100%\r\n.txt".to_string();
        d.message = "a: b, c 50%\r\nnext\nline".to_string();
        assert_eq!(
            render(&d),
            "::error file=we%3Aird%2Cdir/100%25\\r\\n.txt,line=3,col=7,endLine=3,endColumn=25,\
             title=U002 invalid-percent-encoding::a: b, c 50%25\\r\\nnext\\nline\n"
        );
        // One line per command, whatever the input.
        assert_eq!(render(&d).lines().count(), 1);
    }

    #[test]
    fn no_escape_sequence_reaches_the_log() {
        let mut d = diag(Severity::Error);
        d.path = "a\x1b]0;t\x07\u{85}.txt".to_string();
        d.message = "m\x1b[2J".to_string();
        assert_eq!(
            render(&d),
            "::error file=a\\x1b]0;t\\x07\\u{85}.txt,line=3,col=7,endLine=3,endColumn=25,\
             title=U002 invalid-percent-encoding::m\\x1b[2J\n"
        );
    }

    #[test]
    fn escape_rules() {
        let mut out = Vec::new();
        message(&mut out, "%:,\r\n");
        assert_eq!(out, b"%25:,%0D%0A");
        out.clear();
        property(&mut out, "%:,\r\n");
        assert_eq!(out, b"%25%3A%2C%0D%0A");
    }

    #[test]
    fn empty_span_ends_at_the_start() {
        let mut d = diag(Severity::Warning);
        d.uri_span = 40..40;
        d.end_line = 3;
        d.end_column = 7;
        assert!(render(&d).contains(",line=3,col=7,endLine=3,endColumn=7,"));
        // An end before the start is not passed on.
        let mut d = diag(Severity::Warning);
        d.end_line = 2;
        assert!(render(&d).contains(",line=3,col=7,endLine=3,endColumn=7,"));
    }
}
