//! The JSON Lines format: one JSON object per line, UTF-8, nothing else on
//! standard output (messages go to standard error).
//!
//! `extract` prints [`crate::record::Record`]s, `check` prints
//! [`crate::lint::Diagnostic`]s; their field lists are the schema,
//! documented on those types and in README.md.

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
