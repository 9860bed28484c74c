//! The SARIF 2.1.0 format (Static Analysis Results Interchange Format,
//! OASIS), for code-scanning services, streamed.
//!
//! This module owns the layout of the SARIF log urilint prints: one run,
//! whose tool driver lists the rules of the catalogue, and one result per
//! diagnostic. The log is written in three parts so that results are never
//! collected in memory: [`header`] (everything up to the opening `[` of
//! `results`), one [`result`] per diagnostic (each preceded by a comma),
//! and [`footer`]. Since every result starts with a comma, the stream of
//! results goes through [`SkipFirstComma`], which drops the very first one:
//!
//! ```
//! use std::io::Write;
//! use urilint::output::sarif::{footer, header, SkipFirstComma};
//!
//! let mut stdout = Vec::new(); // the real standard output, in urilint
//! let mut buf = Vec::new();
//! header(&mut buf, urilint::lint::rules::catalogue(), "0.1.0");
//! stdout.write_all(&buf)?;
//! let mut results = SkipFirstComma::new(stdout);
//! // for each diagnostic d, in order: buf.clear(); result(&mut buf, &d, index);
//! //                                   results.write_all(&buf)?;
//! let mut stdout = results.into_inner();
//! buf.clear();
//! footer(&mut buf);
//! stdout.write_all(&buf)?;
//! let log: serde_json::Value = serde_json::from_slice(&stdout).expect("JSON");
//! assert_eq!(log["version"], "2.1.0");
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! Columns are in Unicode code points (`columnKind` `unicodeCodePoints`),
//! 1-based; byte offsets are 0-based, as in [`Diagnostic`]. Paths become
//! URI references ([`artifact_uri`]). It does not own choosing what to
//! print, nor the rules' text (the catalogue, [`crate::lint::rules`]).

use std::io::{self, Write};

use serde_json::{json, Value};

use crate::lint::{Diagnostic, Rule, Severity};

/// The `$schema` of the log.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The `informationUri` of the tool.
pub const INFORMATION_URI: &str = "https://crates.io/crates/urilint";

/// Appends `value` as compact JSON; serializing a `Value` into a `Vec`
/// cannot fail, and if it ever did, nothing is appended.
fn push_json(out: &mut Vec<u8>, value: &Value) {
    let mark = out.len();
    if serde_json::to_writer(&mut *out, value).is_err() {
        out.truncate(mark);
    }
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// The `reportingDescriptor` of `rule`.
fn descriptor(rule: &Rule) -> Value {
    let full = if rule.explanation.is_empty() {
        rule.summary
    } else {
        rule.explanation
    };
    let mut help = format!("{full}\n\nSource: {}", rule.source);
    if let Some(fix) = rule.fix {
        help.push_str(&format!("\n\nFix (urilint check --fix): {fix}"));
    }
    let configuration = if rule.default_enabled {
        json!({ "level": level(rule.severity) })
    } else {
        json!({ "enabled": false, "level": "none" })
    };
    json!({
        "id": rule.code,
        "name": rule.name,
        "shortDescription": { "text": rule.summary },
        "fullDescription": { "text": full },
        "help": { "text": help },
        "defaultConfiguration": configuration,
        "properties": { "tags": [rule.category] },
    })
}

/// Appends the start of the log to `out`: the SARIF version and schema,
/// then the one run, with the tool (`urilint`, version `tool_version`,
/// one `reportingDescriptor` per rule of `rules`, in that order, so that a
/// result's `ruleIndex` is the index of its rule in `rules`), the column
/// kind, and the opening `[` of the results.
///
/// Rules off by default get the default configuration `enabled: false`,
/// level `none`.
pub fn header(out: &mut Vec<u8>, rules: &[Rule], tool_version: &str) {
    let tool = json!({
        "driver": {
            "name": "urilint",
            "informationUri": INFORMATION_URI,
            "version": tool_version,
            "rules": rules.iter().map(descriptor).collect::<Vec<_>>(),
        }
    });
    out.extend_from_slice(br#"{"version":"2.1.0","$schema":"#);
    push_json(out, &Value::from(SCHEMA));
    out.extend_from_slice(br#","runs":[{"tool":"#);
    push_json(out, &tool);
    out.extend_from_slice(br#","columnKind":"unicodeCodePoints","results":["#);
}

/// Appends one `result` for `d` to `out`, preceded by a comma (see
/// [`SkipFirstComma`]).
///
/// `rule_index` is the index of the rule in the `rules` given to
/// [`header`], when known. The region runs from the offending place
/// (`line`, `column`, `byte_offset`) to just past the URI's last byte
/// (`end_line`, `end_column`, `uri_span.end`); it is empty (ends where it
/// starts) for an empty URI span or an end at or before the start. A fix
/// becomes one SARIF `fix`, whose replacements are the fix's edits (byte
/// regions of the same file).
pub fn result(out: &mut Vec<u8>, d: &Diagnostic, rule_index: Option<usize>) {
    result_at(out, d, rule_index, None);
}

/// As [`result`], for a diagnostic of a file whose name is not UTF-8:
/// `path_bytes`, when given, are the exact bytes of the path (see
/// [`crate::source::Input::non_utf8_name`]), which the artifact URI
/// percent-encodes instead of `d.path`'s lossy text (`%FF`, not
/// `%EF%BF%BD` for U+FFFD), so that the URI names the file.
pub fn result_at(
    out: &mut Vec<u8>,
    d: &Diagnostic,
    rule_index: Option<usize>,
    path_bytes: Option<&[u8]>,
) {
    let uri = artifact_uri_bytes(path_bytes.unwrap_or(d.path.as_bytes()));
    let length = d.uri_span.end.saturating_sub(d.byte_offset);
    let empty =
        d.uri_span.is_empty() || length == 0 || (d.end_line, d.end_column) < (d.line, d.column);
    let (end_line, end_column, length) = if empty {
        (d.line, d.column, 0)
    } else {
        (d.end_line, d.end_column, length)
    };
    let mut result = json!({
        "ruleId": d.code,
        "level": level(d.severity),
        "message": { "text": d.message },
        "locations": [{
            "physicalLocation": {
                "artifactLocation": { "uri": uri },
                "region": {
                    "startLine": d.line,
                    "startColumn": d.column,
                    "endLine": end_line,
                    "endColumn": end_column,
                    "byteOffset": d.byte_offset,
                    "byteLength": length,
                }
            }
        }],
    });
    if let Some(i) = rule_index {
        result["ruleIndex"] = json!(i);
    }
    if let Some(fix) = &d.fix {
        let replacements: Vec<Value> = fix
            .edits
            .iter()
            .map(|e| {
                json!({
                    "deletedRegion": {
                        "byteOffset": e.start,
                        "byteLength": e.end.saturating_sub(e.start),
                    },
                    "insertedContent": { "text": e.replacement },
                })
            })
            .collect();
        result["fixes"] = json!([{
            "description": { "text": fix.message },
            "artifactChanges": [{
                "artifactLocation": { "uri": uri },
                "replacements": replacements,
            }],
        }]);
    }
    out.push(b',');
    push_json(out, &result);
}

/// Appends the end of the log to `out`: closes the results, the run, the
/// runs and the log, then a line feed.
pub fn footer(out: &mut Vec<u8>) {
    out.extend_from_slice(b"]}]}\n");
}

/// True for the bytes kept as they are in an artifact URI: unreserved,
/// sub-delims, `:`, `@` and `/` (RFC 3986 `pchar` and `/`).
fn keep(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/".contains(&b)
}

fn encode(out: &mut String, bytes: &[u8]) {
    out.push_str(&crate::grammar::percent_encode(bytes, keep));
}

/// The URI reference (RFC 3986) of the file `path`, for
/// `artifactLocation.uri`.
///
/// Separators become `/` (on systems where they are `\`); leading `./`
/// are dropped; every byte of the UTF-8 path that is not unreserved, a
/// sub-delim, `:`, `@` or `/` is percent-encoded (upper-case hex). An
/// absolute path becomes a `file:` URI (`/a b` → `file:///a%20b`, `C:\x`
/// → `file:///C:/x`); a relative one stays a relative-path reference, with
/// a `:` in its first segment encoded (`%3A`) so that it is not read as a
/// scheme.
pub fn artifact_uri(path: &str) -> String {
    artifact_uri_bytes(path.as_bytes())
}

/// As [`artifact_uri`], from the bytes of a path (which need not be UTF-8:
/// each byte outside the kept set is percent-encoded as it is).
pub fn artifact_uri_bytes(path: &[u8]) -> String {
    let p: Vec<u8> = if std::path::MAIN_SEPARATOR == '\\' {
        path.iter()
            .map(|&b| if b == b'\\' { b'/' } else { b })
            .collect()
    } else {
        path.to_vec()
    };
    let mut bytes = p.as_slice();
    while let Some(rest) = bytes.strip_prefix(b"./") {
        bytes = rest;
    }
    let drive = std::path::MAIN_SEPARATOR == '\\'
        && bytes.len() >= 3
        && bytes[0].is_ascii_alphabetic()
        && bytes[1] == b':'
        && bytes[2] == b'/';
    let mut uri = String::with_capacity(p.len() + 8);
    if drive {
        uri.push_str("file:///");
        encode(&mut uri, bytes);
    } else if bytes.first() == Some(&b'/') {
        uri.push_str("file://");
        encode(&mut uri, bytes);
    } else {
        let first = bytes.iter().position(|&b| b == b'/').unwrap_or(bytes.len());
        for &b in &bytes[..first] {
            if b == b':' {
                uri.push_str("%3A");
            } else {
                encode(&mut uri, &[b]);
            }
        }
        encode(&mut uri, &bytes[first..]);
    }
    uri
}

/// A writer that drops the first byte written through it if it is a comma,
/// and passes everything else on: the results of [`result`] written
/// through it, one after the other, form a valid JSON array body.
///
/// Only the very first byte is considered: write the header to the inner
/// writer directly, then the results through this adapter.
#[derive(Debug)]
pub struct SkipFirstComma<W: Write> {
    inner: W,
    first: bool,
}

impl<W: Write> SkipFirstComma<W> {
    /// Wraps `inner`; nothing has been written yet.
    pub fn new(inner: W) -> Self {
        SkipFirstComma { inner, first: true }
    }

    /// The inner writer back.
    pub fn into_inner(self) -> W {
        self.inner
    }
}

impl<W: Write> Write for SkipFirstComma<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.first || buf.is_empty() {
            return self.inner.write(buf);
        }
        if buf[0] == b',' {
            // The comma counts as written once the rest is (or there is
            // none), so that a failed write can be retried as it was.
            let n = if buf.len() > 1 {
                self.inner.write(&buf[1..])?
            } else {
                0
            };
            self.first = false;
            return Ok(n + 1);
        }
        let n = self.inner.write(buf)?;
        if n > 0 {
            self.first = false;
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fix::{Edit, Fix};
    use crate::lint::rules;

    fn diag() -> Diagnostic {
        Diagnostic {
            path: "./docs/a b.md".to_string(),
            line: 2,
            column: 5,
            byte_offset: 14,
            end_line: 2,
            end_column: 19,
            uri_span: 10..24,
            code: "N001",
            rule: "uppercase-scheme",
            severity: Severity::Warning,
            message: "scheme \"HTTP\" in upper case".to_string(),
            uri: "HTTP://a/b".to_string(),
            fix: Some(Fix {
                message: "lower-case the scheme".to_string(),
                edits: vec![Edit {
                    start: 10,
                    end: 14,
                    replacement: "http".to_string(),
                }],
                applicability: crate::fix::Applicability::Safe,
            }),
            origin: None,
            remote: None,
        }
    }

    fn parse(bytes: &[u8]) -> Value {
        serde_json::from_slice(bytes).expect("valid JSON")
    }

    #[test]
    fn empty_log_is_json() {
        let mut out = Vec::new();
        header(&mut out, rules::catalogue(), "1.2.3");
        footer(&mut out);
        assert!(out.ends_with(b"]}]}\n"));
        let v = parse(&out);
        assert_eq!(v["version"], "2.1.0");
        assert_eq!(v["$schema"], SCHEMA);
        let run = &v["runs"][0];
        assert_eq!(run["columnKind"], "unicodeCodePoints");
        assert_eq!(run["results"], json!([]));
        let driver = &run["tool"]["driver"];
        assert_eq!(driver["name"], "urilint");
        assert_eq!(driver["version"], "1.2.3");
        let descriptors = driver["rules"].as_array().expect("rules");
        assert_eq!(descriptors.len(), rules::catalogue().len());
        for (r, v) in rules::catalogue().iter().zip(descriptors) {
            assert_eq!(v["id"], r.code);
            assert_eq!(v["name"], r.name);
            assert_eq!(v["shortDescription"]["text"], r.summary);
            let help = v["help"]["text"].as_str().expect("help");
            assert!(help.contains(&format!("Source: {}", r.source)), "{help}");
            let config = &v["defaultConfiguration"];
            if r.default_enabled {
                assert_eq!(config["level"], r.severity.name());
                assert_eq!(config.get("enabled"), None);
            } else {
                assert_eq!(config["level"], "none");
                assert_eq!(config["enabled"], false);
            }
        }
    }

    #[test]
    fn results_through_skip_first_comma() {
        let mut out = Vec::new();
        header(&mut out, rules::catalogue(), "1.2.3");
        let mut w = SkipFirstComma::new(out);
        let mut buf = Vec::new();
        let d = diag();
        result(&mut buf, &d, Some(7));
        assert_eq!(buf.first(), Some(&b','));
        w.write_all(&buf).expect("write");
        buf.clear();
        let mut d2 = diag();
        d2.fix = None;
        d2.severity = Severity::Error;
        result(&mut buf, &d2, None);
        w.write_all(&buf).expect("write");
        let mut out = w.into_inner();
        footer(&mut out);
        let v = parse(&out);
        let results = v["runs"][0]["results"].as_array().expect("results");
        assert_eq!(results.len(), 2);
        let r = &results[0];
        assert_eq!(r["ruleId"], "N001");
        assert_eq!(r["ruleIndex"], 7);
        assert_eq!(r["level"], "warning");
        assert_eq!(r["message"]["text"], "scheme \"HTTP\" in upper case");
        let loc = &r["locations"][0]["physicalLocation"];
        assert_eq!(loc["artifactLocation"]["uri"], "docs/a%20b.md");
        assert_eq!(
            loc["region"],
            json!({"startLine": 2, "startColumn": 5, "endLine": 2, "endColumn": 19,
                   "byteOffset": 14, "byteLength": 10})
        );
        assert_eq!(
            r["fixes"],
            json!([{
                "description": {"text": "lower-case the scheme"},
                "artifactChanges": [{
                    "artifactLocation": {"uri": "docs/a%20b.md"},
                    "replacements": [{
                        "deletedRegion": {"byteOffset": 10, "byteLength": 4},
                        "insertedContent": {"text": "http"},
                    }],
                }],
            }])
        );
        let r = &results[1];
        assert_eq!(r["level"], "error");
        assert_eq!(r.get("ruleIndex"), None);
        assert_eq!(r.get("fixes"), None);
    }

    #[test]
    fn empty_span_gives_an_empty_region() {
        let mut d = diag();
        d.uri_span = 14..14;
        d.end_line = 9;
        d.end_column = 9;
        let mut buf = Vec::new();
        result(&mut buf, &d, None);
        let v = parse(&buf[1..]);
        let region = &v["locations"][0]["physicalLocation"]["region"];
        assert_eq!(
            region,
            &json!({"startLine": 2, "startColumn": 5, "endLine": 2, "endColumn": 5,
                    "byteOffset": 14, "byteLength": 0})
        );
    }

    #[test]
    fn offending_place_past_the_span_saturates() {
        let mut d = diag();
        d.byte_offset = 30;
        let mut buf = Vec::new();
        result(&mut buf, &d, None);
        let v = parse(&buf[1..]);
        let region = &v["locations"][0]["physicalLocation"]["region"];
        assert_eq!(region["byteLength"], 0);
        assert_eq!(
            (&region["endLine"], &region["endColumn"]),
            (&json!(2), &json!(5))
        );
    }

    #[test]
    fn artifact_uris() {
        assert_eq!(artifact_uri("docs/a.md"), "docs/a.md");
        assert_eq!(artifact_uri("./docs/a.md"), "docs/a.md");
        assert_eq!(artifact_uri("././a"), "a");
        assert_eq!(artifact_uri("a b/ü.txt"), "a%20b/%C3%BC.txt");
        assert_eq!(artifact_uri("100%.txt"), "100%25.txt");
        assert_eq!(artifact_uri("a#b?c[d]"), "a%23b%3Fc%5Bd%5D");
        assert_eq!(artifact_uri("k=v;x,y+z!$&'()*~@"), "k=v;x,y+z!$&'()*~@");
        // A colon in the first segment would read as a scheme.
        assert_eq!(artifact_uri("c:d/e:f"), "c%3Ad/e:f");
        assert_eq!(artifact_uri("/tmp/a b"), "file:///tmp/a%20b");
        assert_eq!(artifact_uri("-"), "-");
        assert_eq!(artifact_uri_bytes(b"./d/\xff\xfe.txt"), "d/%FF%FE.txt");
        assert_eq!(artifact_uri_bytes(b"/\xff:"), "file:///%FF:");
        if std::path::MAIN_SEPARATOR == '/' {
            assert_eq!(artifact_uri("a\\b"), "a%5Cb");
        } else {
            assert_eq!(artifact_uri(".\\a\\b"), "a/b");
            assert_eq!(artifact_uri("C:\\x y"), "file:///C:/x%20y");
        }
    }

    #[test]
    fn skip_first_comma_only_once() {
        let mut w = SkipFirstComma::new(Vec::new());
        w.write_all(b",a").expect("write");
        w.write_all(b",b").expect("write");
        assert_eq!(w.into_inner(), b"a,b");
        let mut w = SkipFirstComma::new(Vec::new());
        w.write_all(b",").expect("write");
        w.write_all(b",x").expect("write");
        assert_eq!(w.into_inner(), b",x");
        let mut w = SkipFirstComma::new(Vec::new());
        w.write_all(b"").expect("write");
        w.write_all(b"{,").expect("write");
        w.write_all(b",").expect("write");
        assert_eq!(w.into_inner(), b"{,,");
    }
}
