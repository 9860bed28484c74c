//! The JSON Lines format: one JSON object per line, UTF-8, nothing else on
//! standard output (messages go to standard error).
//!
//! `extract` prints [`crate::record::Record`]s, `check` prints
//! [`crate::lint::Diagnostic`]s; their field lists are the schema,
//! documented on those types and in docs/output.md.
//!
//! File names: `path` is a string, the name converted to UTF-8 with invalid
//! bytes replaced by U+FFFD (for people, and for every name that is UTF-8,
//! which is then exact). When the name is not UTF-8, the record has one
//! more field, last: `path_bytes`, the exact bytes of the name in base64
//! (RFC 4648 section 4, standard alphabet, padded), as ripgrep's JSON
//! output gives such names (`{"bytes": ...}`); a consumer opens
//! `path_bytes` when present, else `path`.

use base64::Engine;
use serde::Serialize;

use crate::record::Record;

/// Appends `value` as one line of JSON to `out`.
pub fn line<T: Serialize>(out: &mut Vec<u8>, value: &T) {
    // Serializing these plain structs into a Vec cannot fail; if it ever
    // did, the line is left out rather than half-written.
    let mark = out.len();
    if serde_json::to_writer(&mut *out, value).is_ok() {
        out.push(b'\n');
    } else {
        out.truncate(mark);
    }
}

/// Appends `record` as one line of JSON to `out`, with `path_bytes` last
/// when `non_utf8_path` is given: the same bytes as [`line_with_path`]
/// gives for it (the field order and escaping of `serde_json`), written
/// straight into `out` without the serializer's per-field calls. This is
/// `extract --format jsonl`'s hot path.
pub fn record_line(out: &mut Vec<u8>, record: &Record, non_utf8_path: Option<&[u8]>) {
    let r = record;
    opening(out, &r.path, r.line, r.column);
    number(out, b",\"end_line\":", r.end_line);
    number(out, b",\"end_column\":", r.end_column);
    number(out, b",\"byte_start\":", r.byte_start);
    number(out, b",\"byte_end\":", r.byte_end);
    out.extend_from_slice(b",\"uri\":");
    string(out, &r.uri);
    if let Some(reference) = &r.reference {
        out.extend_from_slice(b",\"reference\":");
        string(out, reference);
    }
    if !r.wrapped_by.is_empty() {
        out.extend_from_slice(b",\"wrapped_by\":[");
        for (i, layer) in r.wrapped_by.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(b"{\"wrapper\":");
            string(out, layer.wrapper);
            out.extend_from_slice(b",\"uri\":");
            string(out, &layer.uri);
            if !layer.decoded {
                out.extend_from_slice(b",\"decoded\":false");
            }
            if let Some(reason) = layer.reason {
                out.extend_from_slice(b",\"reason\":");
                string(out, reason);
            }
            out.push(b'}');
        }
        out.push(b']');
    }
    out.extend_from_slice(b",\"raw\":");
    string(out, &r.raw);
    out.extend_from_slice(b",\"delimiter\":\"");
    out.extend_from_slice(r.delimiter.name().as_bytes());
    out.extend_from_slice(b"\"");
    boolean(out, b",\"url_prefix\":", r.url_prefix);
    boolean(out, b",\"broken\":", r.broken);
    out.extend_from_slice(b",\"alternatives\":[");
    for (i, a) in r.alternatives.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(out, a);
    }
    out.push(b']');
    if r.abbreviated {
        out.extend_from_slice(b",\"abbreviated\":true");
    }
    if r.template {
        out.extend_from_slice(b",\"template\":true");
    }
    out.extend_from_slice(b",\"role\":\"");
    out.extend_from_slice(r.role.name().as_bytes());
    out.push(b'"');
    boolean(out, b",\"valid\":", r.valid);
    out.extend_from_slice(b",\"errors\":[");
    for (i, e) in r.errors.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"code\":");
        string(out, e.code);
        out.extend_from_slice(b",\"message\":");
        string(out, &e.message);
        number(out, b",\"offset\":", e.offset as u64);
        out.push(b'}');
    }
    out.push(b']');
    if let Some(origin) = &r.origin {
        flattened(out, origin);
    }
    path_bytes(out, non_utf8_path);
    out.extend_from_slice(b"}\n");
}

/// Appends `d` as one line of JSON to `out`, with `path_bytes` last when
/// `non_utf8_path` is given: the same bytes as [`line_with_path`] gives
/// for it (serde's field order and escaping, the origin flattened),
/// written straight into `out`. This is `check --format jsonl`'s hot path.
pub fn diagnostic_line(
    out: &mut Vec<u8>,
    d: &crate::lint::Diagnostic,
    non_utf8_path: Option<&[u8]>,
) {
    opening(out, &d.path, d.line, d.column);
    number(out, b",\"byte_offset\":", d.byte_offset);
    number(out, b",\"end_line\":", d.end_line);
    number(out, b",\"end_column\":", d.end_column);
    number(out, b",\"uri_span\":{\"start\":", d.uri_span.start);
    number(out, b",\"end\":", d.uri_span.end);
    out.extend_from_slice(b"},\"code\":");
    string(out, d.code);
    out.extend_from_slice(b",\"rule\":");
    string(out, d.rule);
    out.extend_from_slice(b",\"severity\":\"");
    out.extend_from_slice(d.severity.name().as_bytes());
    out.push(b'"');
    out.extend_from_slice(b",\"message\":");
    string(out, &d.message);
    out.extend_from_slice(b",\"uri\":");
    string(out, &d.uri);
    out.extend_from_slice(b",\"fix\":");
    match &d.fix {
        None => out.extend_from_slice(b"null"),
        Some(fix) => {
            out.extend_from_slice(b"{\"message\":");
            string(out, &fix.message);
            out.extend_from_slice(b",\"edits\":[");
            for (i, e) in fix.edits.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                number(out, b"{\"start\":", e.start);
                number(out, b",\"end\":", e.end);
                out.extend_from_slice(b",\"replacement\":");
                string(out, &e.replacement);
                out.push(b'}');
            }
            out.extend_from_slice(match fix.applicability {
                crate::fix::Applicability::Safe => b"],\"applicability\":\"safe\"}",
                crate::fix::Applicability::Unsafe => b"],\"applicability\":\"unsafe\"}",
            });
        }
    }
    if let Some(origin) = &d.origin {
        flattened(out, origin);
    }
    if let Some(remote) = &d.remote {
        // Rare (remote checks): serde's own bytes.
        let mark = out.len();
        out.extend_from_slice(b",\"remote\":");
        if serde_json::to_writer(&mut *out, remote).is_err() {
            out.truncate(mark);
        }
    }
    path_bytes(out, non_utf8_path);
    out.extend_from_slice(b"}\n");
}

/// `{"path":...,"line":N,"column":N`: the first fields of a record and of
/// a finding, the object left open.
fn opening(out: &mut Vec<u8>, path: &str, line: u64, column: u64) {
    out.extend_from_slice(b"{\"path\":");
    string(out, path);
    number(out, b",\"line\":", line);
    number(out, b",\"column\":", column);
}

/// The fields of `origin` (a flattened field, serde's order), each after a
/// comma: its object written by serde, the braces dropped in place (`{`
/// becomes the comma); nothing for an object without fields.
fn flattened(out: &mut Vec<u8>, origin: &crate::format::origin::Origin) {
    let mark = out.len();
    let object = serde_json::to_writer(&mut *out, origin).is_ok()
        && out.get(mark) == Some(&b'{')
        && out.last() == Some(&b'}');
    if object && out.len() - mark > 2 {
        out[mark] = b',';
        out.pop();
    } else {
        out.truncate(mark);
    }
}

/// `,"path_bytes":"..."`, the base64 of a file name that is not UTF-8
/// ([`line_with_path`]); nothing for `None`.
fn path_bytes(out: &mut Vec<u8>, non_utf8_path: Option<&[u8]>) {
    if let Some(bytes) = non_utf8_path {
        out.extend_from_slice(b",\"path_bytes\":\"");
        out.extend_from_slice(
            base64::engine::general_purpose::STANDARD
                .encode(bytes)
                .as_bytes(),
        );
        out.push(b'"');
    }
}

/// `"name":` (given with its comma) and the decimal `n`.
#[inline]
fn number(out: &mut Vec<u8>, key: &[u8], n: u64) {
    out.extend_from_slice(key);
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// `"name":` (given with its comma) and `true` or `false`.
#[inline]
fn boolean(out: &mut Vec<u8>, key: &[u8], b: bool) {
    out.extend_from_slice(key);
    out.extend_from_slice(if b { b"true" } else { b"false" });
}

/// `s` as a JSON string, escaped as `serde_json` escapes it: `"` and `\`
/// with a backslash, BS, FF, LF, CR, TAB as `\b`, `\f`, `\n`, `\r`,
/// `\t`, other C0 controls as `\u00XX` (lower-case hex); everything else,
/// DEL and non-ASCII included, as it is (RFC 8259 section 7).
fn string(out: &mut Vec<u8>, s: &str) {
    let b = s.as_bytes();
    out.reserve(b.len() + 2);
    out.push(b'"');
    // Eight bytes at a time up to the first that needs escaping: nearly
    // every URI has none. The last (partial) word is read as the eight
    // bytes that end the string, overlapping the one before, so that a
    // clean string is never walked byte by byte.
    let word_at = |i: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[i..i + 8]);
        u64::from_le_bytes(w)
    };
    let mut clean = 0;
    while clean + 8 <= b.len() && !needs_escape_in(word_at(clean)) {
        clean += 8;
    }
    if clean < b.len()
        && b.len() >= 8
        && clean + 8 > b.len()
        && !needs_escape_in(word_at(b.len() - 8))
    {
        clean = b.len();
    }
    out.extend_from_slice(&b[..clean]);
    let mut from = clean;
    for (i, &c) in b.iter().enumerate().skip(clean) {
        let escaped: &[u8] = match c {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0..=0x1f => {
                out.extend_from_slice(&b[from..i]);
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(c >> 4)]);
                out.push(HEX[usize::from(c & 0xf)]);
                from = i + 1;
                continue;
            }
            _ => continue,
        };
        out.extend_from_slice(&b[from..i]);
        out.extend_from_slice(escaped);
        from = i + 1;
    }
    out.extend_from_slice(&b[from..]);
    out.push(b'"');
}

/// True when one of the eight bytes of `w` is a C0 control, `"` or `\\`
/// (the bytes [`string`] escapes): the "has a byte less than n" and "has a
/// zero byte" tests of bit twiddling, exact as an "any" answer.
#[inline(always)]
fn needs_escape_in(w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let control = w.wrapping_sub(ONES * 0x20) & !w;
    let quote = w ^ (ONES * u64::from(b'"'));
    let quote = quote.wrapping_sub(ONES) & !quote;
    let backslash = w ^ (ONES * u64::from(b'\\'));
    let backslash = backslash.wrapping_sub(ONES) & !backslash;
    (control | quote | backslash) & HIGH != 0
}

/// A record with `path_bytes` after its own fields.
#[derive(Serialize)]
struct WithPathBytes<'a, T: Serialize> {
    #[serde(flatten)]
    record: &'a T,
    path_bytes: String,
}

/// Appends `value` (a record or diagnostic of the file whose exact name is
/// `non_utf8_path` when that name is not UTF-8, see
/// [`crate::source::Input::non_utf8_name`]) as one line of JSON to `out`:
/// as [`line()`], plus a last field `path_bytes`, the base64 of those bytes,
/// when `non_utf8_path` is given.
pub fn line_with_path<T: Serialize>(out: &mut Vec<u8>, value: &T, non_utf8_path: Option<&[u8]>) {
    match non_utf8_path {
        None => line(out, value),
        Some(bytes) => line(
            out,
            &WithPathBytes {
                record: value,
                path_bytes: base64::engine::general_purpose::STANDARD.encode(bytes),
            },
        ),
    }
}

/// The bytes `,"label":` and `label` as a JSON string: the field that
/// `--label` adds last to every record ([`append_field`]).
pub fn label_field(label: &str) -> Vec<u8> {
    let mut field = b",\"label\":".to_vec();
    string(&mut field, label);
    field
}

/// Adds `field` (its bytes, starting with `,`, e.g. from [`label_field`])
/// as the last field of the JSON object on the line that ends `out`
/// (`...}\n`); a buffer that does not end so is left alone.
pub fn append_field(out: &mut Vec<u8>, field: &[u8]) {
    if out.ends_with(b"}\n") {
        out.truncate(out.len() - 2);
        out.extend_from_slice(field);
        out.extend_from_slice(b"}\n");
    }
}

/// Writes `entry`, one line holding one JSON object (as [`line()`] writes
/// it), into `out` with one more field last, `"count": count`: for
/// `extract --unique --format jsonl`, the number of times the record's URI
/// was found in the run (`crate::pipeline::PipelineOptions::count`). A
/// line that is not an object is written as it is.
pub fn with_count(entry: &[u8], count: u64, out: &mut Vec<u8>) {
    let body = entry.strip_suffix(b"\n").unwrap_or(entry);
    match body.strip_suffix(b"}") {
        Some(open) if body.starts_with(b"{") => {
            out.extend_from_slice(open);
            if open.len() > 1 {
                out.push(b',');
            }
            out.extend_from_slice(format!("\"count\":{count}}}\n").as_bytes());
        }
        _ => out.extend_from_slice(entry),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::RecordError;
    use crate::scan::Delimiter;
    use proptest::prelude::*;

    fn record(strings: &[String], flags: u8, numbers: [u64; 3]) -> Record {
        let s = |i: usize| strings[i % strings.len()].clone();
        Record {
            path: s(0),
            line: numbers[0],
            column: numbers[1],
            end_line: numbers[0] + 1,
            end_column: numbers[2],
            byte_start: numbers[2],
            byte_end: u64::MAX - numbers[1],
            uri: s(1),
            reference: (flags & 1 != 0).then(|| s(2)),
            wrapped_by: strings
                .iter()
                .take((numbers[1] % 3) as usize)
                .enumerate()
                .map(|(i, u)| crate::unwrap::Layer {
                    wrapper: ["safelinks", "proof\"point"][i % 2],
                    uri: u.clone(),
                    decoded: i != 1,
                    reason: (i == 1).then_some("no \\ url"),
                })
                .collect(),
            raw: s(3),
            delimiter: [
                Delimiter::Angle,
                Delimiter::Quote,
                Delimiter::UrlPrefix,
                Delimiter::Bare,
            ][usize::from(flags >> 6)],
            url_prefix: flags & 2 != 0,
            broken: flags & 4 != 0,
            alternatives: strings.iter().skip(4).cloned().collect(),
            abbreviated: flags & 8 != 0,
            template: flags & 16 != 0,
            role: [
                crate::format::role::Role::Link,
                crate::format::role::Role::Resource,
                crate::format::role::Role::Identifier,
                crate::format::role::Role::Citation,
                crate::format::role::Role::Mention,
            ][(numbers[0] % 5) as usize],
            valid: flags & 32 != 0,
            errors: strings
                .iter()
                .take(usize::from(flags % 3))
                .enumerate()
                .map(|(i, m)| RecordError {
                    code: ["E001", "E0\"2"][i % 2],
                    message: m.clone(),
                    offset: i * 7,
                })
                .collect(),
            origin: (flags & 2 != 0).then(|| {
                Box::new(crate::format::origin::Origin {
                    message: Some(numbers[0]),
                    subject: Some(s(5)),
                    ..Default::default()
                })
            }),
        }
    }

    fn diagnostic(strings: &[String], flags: u8, numbers: [u64; 3]) -> crate::lint::Diagnostic {
        let s = |i: usize| strings.get(i).cloned().unwrap_or_default();
        crate::lint::Diagnostic {
            path: s(0),
            line: numbers[0],
            column: numbers[1],
            byte_offset: numbers[2],
            end_line: numbers[1] ^ 7,
            end_column: numbers[0] >> 3,
            uri_span: numbers[2]..numbers[0],
            code: ["U002", "D0\"4"][usize::from(flags & 1)],
            rule: ["percent-encoding", "a\\rule\n"][usize::from(flags >> 1 & 1)],
            severity: [crate::lint::Severity::Warning, crate::lint::Severity::Error]
                [usize::from(flags >> 2 & 1)],
            message: s(1),
            uri: s(2),
            fix: (flags & 8 != 0).then(|| crate::fix::Fix {
                message: s(3),
                edits: strings
                    .iter()
                    .take(usize::from(flags >> 4 & 3))
                    .enumerate()
                    .map(|(i, r)| crate::fix::Edit {
                        start: numbers[i % 3],
                        end: numbers[(i + 1) % 3],
                        replacement: r.clone(),
                    })
                    .collect(),
                applicability: [
                    crate::fix::Applicability::Safe,
                    crate::fix::Applicability::Unsafe,
                ][usize::from(flags >> 6 & 1)],
            }),
            origin: (flags & 0x80 != 0).then(|| {
                Box::new(crate::format::origin::Origin {
                    message: Some(numbers[0]),
                    subject: Some(s(4)),
                    from: (flags & 1 != 0).then(|| s(5)),
                    ..Default::default()
                })
            }),
            remote: (flags & 0x22 == 0x22).then(|| {
                Box::new(crate::remote::verdict::Answer {
                    class: "gone",
                    status: Some(404),
                    redirects: vec![crate::remote::verdict::Hop {
                        status: 301,
                        to: s(6),
                    }],
                    requests: 2,
                })
            }),
        }
    }

    proptest! {
        /// The hand-written writers of records and diagnostics give
        /// serde's bytes, for any strings (controls, quotes, backslashes,
        /// non-ASCII) and every optional field (a record's wrappers,
        /// errors and origin; a finding's fix, edits, origin and remote
        /// answer).
        #[test]
        fn hand_written_lines_are_serdes_lines(
            strings in proptest::collection::vec("(\\PC|[\\x00-\\x1f\\x7f\"\\\\])*", 1..8),
            flags in any::<u8>(),
            numbers in any::<[u64; 3]>(),
            non_utf8 in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..6)),
        ) {
            let non_utf8 = non_utf8.as_deref();
            let (r, d) = (record(&strings, flags, numbers), diagnostic(&strings, flags, numbers));
            let (mut fast, mut serde) = (Vec::new(), Vec::new());
            record_line(&mut fast, &r, non_utf8);
            line_with_path(&mut serde, &r, non_utf8);
            diagnostic_line(&mut fast, &d, non_utf8);
            line_with_path(&mut serde, &d, non_utf8);
            prop_assert_eq!(String::from_utf8_lossy(&fast), String::from_utf8_lossy(&serde));
        }
    }

    #[test]
    fn count_is_the_last_field() {
        let mut out = Vec::new();
        with_count(b"{\"uri\":\"http://a.example/\"}\n", 3, &mut out);
        with_count(b"{}\n", 1, &mut out);
        with_count(b"not json\n", 2, &mut out);
        assert_eq!(
            String::from_utf8_lossy(&out),
            "{\"uri\":\"http://a.example/\",\"count\":3}\n{\"count\":1}\nnot json\n"
        );
    }

    #[derive(Serialize)]
    struct R {
        path: String,
        line: u64,
    }

    #[test]
    fn path_bytes_only_for_names_that_are_not_utf8() {
        let r = R {
            path: "\u{fffd}\u{fffd}.txt".to_string(),
            line: 1,
        };
        let mut out = Vec::new();
        line_with_path(&mut out, &r, None);
        line_with_path(&mut out, &r, Some(b"\xff\xfe.txt"));
        assert_eq!(
            String::from_utf8_lossy(&out),
            "{\"path\":\"\u{fffd}\u{fffd}.txt\",\"line\":1}\n\
             {\"path\":\"\u{fffd}\u{fffd}.txt\",\"line\":1,\"path_bytes\":\"//4udHh0\"}\n"
        );
    }

    #[test]
    fn label_goes_last_escaped() {
        let mut out = b"{\"path\":\"a\"}\n".to_vec();
        append_field(&mut out, &label_field("shard \"7\"\n"));
        assert_eq!(out, b"{\"path\":\"a\",\"label\":\"shard \\\"7\\\"\\n\"}\n");
        let v: serde_json::Value = serde_json::from_slice(&out).expect("JSON");
        assert_eq!(v["label"], "shard \"7\"\n");
        let mut not_a_line = b"x".to_vec();
        append_field(&mut not_a_line, &label_field("l"));
        assert_eq!(not_a_line, b"x");
    }
}
