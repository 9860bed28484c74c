//! The JSON Lines format: one JSON object per line, UTF-8, nothing else on
//! standard output (messages go to standard error).
//!
//! `extract` prints [`crate::record::Record`]s, `check` prints
//! [`crate::lint::Diagnostic`]s; their field lists are the schema,
//! documented on those types and in README.md.
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
}
