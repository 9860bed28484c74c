//! The plain text format.
//!
//! `extract`: one URI per line, optionally prefixed with `path:` and
//! `line:` as grep does with `-H` and `-n`. `check`: one diagnostic per
//! line, `path:line:column: CODE message`, with 1-based lines and columns
//! (columns as the diagnostic has them: Unicode scalar values, or the
//! unit of `check --column-unit`, [`crate::position::ColumnUnit`],
//! which `check` counts them in before printing). File names, URIs and messages are
//! escaped ([`super::escape`]): one record is always one line, and no line
//! starts with `::`.

use std::io::Write;

use super::{escape, PlainStyle};
use crate::lint::Diagnostic;

/// Appends `[path:][line:]uri\n` to `out`. `line` is 1-based and printed
/// only when `style.line_number` is set (and known). `path` is displayed
/// with [`escape::name`], `uri` with [`escape::text`].
pub fn uri_line(out: &mut Vec<u8>, style: PlainStyle, path: &str, line: Option<u64>, uri: &str) {
    if style.with_filename {
        out.extend_from_slice(escape::name(path).as_bytes());
        out.push(if style.null { 0 } else { b':' });
    }
    if style.line_number {
        if let Some(line) = line {
            // Writing to a Vec cannot fail.
            let _ = write!(out, "{line}:");
        }
    }
    out.extend_from_slice(escape::text(uri).as_bytes());
    out.push(b'\n');
}

/// Appends `path:line:column: CODE message\n` to `out`: the path displayed
/// with [`escape::name`], the message with [`escape::text`].
pub fn diagnostic(out: &mut Vec<u8>, d: &Diagnostic) {
    let _ = writeln!(
        out,
        "{}:{}:{}: {} {}",
        escape::name(&d.path),
        d.line,
        d.column,
        d.code,
        escape::text(&d.message)
    );
}

/// Appends the human description of a parse (`urilint parse`): the input,
/// then one indented line per component (`(undefined)` when undefined,
/// quoted text otherwise), then one line per error.
pub fn parse_report(out: &mut Vec<u8>, r: &crate::record::ParseRecord) {
    let _ = writeln!(out, "{}", r.input);
    let _ = writeln!(
        out,
        "  {} {} ({})",
        if r.valid { "valid" } else { "invalid" },
        r.kind,
        r.grammar
    );
    let field = |out: &mut Vec<u8>, name: &str, v: Option<&str>| {
        let _ = match v {
            Some(v) => writeln!(out, "  {name:<9} {v:?}"),
            None => writeln!(out, "  {name:<9} (undefined)"),
        };
    };
    field(out, "scheme", r.scheme.as_deref());
    field(out, "authority", r.authority.as_deref());
    field(out, "userinfo", r.userinfo.as_deref());
    match (&r.host, r.host_kind) {
        (Some(h), Some(k)) => {
            let _ = writeln!(out, "  {:<9} {h:?} ({k})", "host");
        }
        (h, _) => field(out, "host", h.as_deref()),
    }
    if let Some(a) = r
        .host_ascii
        .as_deref()
        .filter(|a| Some(*a) != r.host.as_deref())
    {
        let _ = writeln!(out, "  {:<9} {a:?} (ASCII form)", "");
    }
    if let Some(e) = &r.host_error {
        let _ = writeln!(out, "  {:<9} no ASCII form: {e}", "");
    }
    field(out, "port", r.port.as_deref());
    field(out, "path", Some(&r.path));
    field(out, "query", r.query.as_deref());
    field(out, "fragment", r.fragment.as_deref());
    for e in &r.errors {
        let _ = writeln!(
            out,
            "  error {} at byte {}: {}",
            e.code, e.offset, e.message
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grep_like_prefixes() {
        let mut out = Vec::new();
        let style = PlainStyle {
            with_filename: true,
            line_number: true,
            null: false,
        };
        uri_line(&mut out, style, "a.txt", Some(3), "http://a/");
        let null = PlainStyle {
            null: true,
            ..style
        };
        let mut z = Vec::new();
        uri_line(&mut z, null, "cur/1.x:2,S", Some(3), "http://a/");
        assert_eq!(z, b"cur/1.x:2,S\x003:http://a/\n");
        uri_line(
            &mut out,
            PlainStyle::default(),
            "a.txt",
            Some(3),
            "http://b/",
        );
        assert_eq!(out, b"a.txt:3:http://a/\nhttp://b/\n");
    }

    #[test]
    fn a_name_cannot_forge_a_line() {
        let style = PlainStyle {
            with_filename: true,
            line_number: false,
            null: false,
        };
        let mut out = Vec::new();
        uri_line(&mut out, style, "nl\nfake:1:\x1b[31m", None, "http://a/");
        uri_line(&mut out, style, "::error::x", None, "http://a/");
        assert_eq!(
            String::from_utf8_lossy(&out),
            "nl\\nfake:1:\\x1b[31m:http://a/\n./::error::x:http://a/\n"
        );
    }
}
