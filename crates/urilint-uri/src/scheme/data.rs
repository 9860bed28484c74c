//! `S95x`: the `data` scheme (RFC 2397 section 3).
//!
//! ```text
//! dataurl   := "data:" [ mediatype ] [ ";base64" ] "," data
//! mediatype := [ type "/" subtype ] *( ";" parameter )
//! data      := *urlchar
//! parameter := attribute "=" value
//! ```
//!
//! `type`, `subtype`, `attribute` and `value` are RFC 2045 section 5.1
//! tokens (a value may also be a quoted-string), read after
//! percent-decoding. The comma is mandatory. With `;base64` the data is
//! base64 (RFC 2045 section 6.8) once percent-decoded; it is checked
//! strictly against RFC 4648 section 4: the 64-character alphabet only (no
//! whitespace, which RFC 2045 would skip), `=` padding only at the end, and
//! a length that is a multiple of 4.
//!
//! This module owns those rules. The data is everything after the comma
//! up to a fragment, `?` included.

use super::text::{body, decode, describe, Unit};
use super::{SchemeRule, Violation};
use crate::grammar::UriRef;

/// `S951`: no comma before the data.
pub(super) const DATA_MISSING_COMMA: SchemeRule = SchemeRule {
    code: "S951",
    name: "data-missing-comma",
    schemes: &["data"],
    summary: "the ',' between the media type and the data is missing",
    source: "RFC 2397 section 3",
};

/// `S952`: a media type that is not `type/subtype` with `attribute=value`
/// parameters.
pub(super) const DATA_INVALID_MEDIATYPE: SchemeRule = SchemeRule {
    code: "S952",
    name: "data-invalid-mediatype",
    schemes: &["data"],
    summary: "the media type is not [type \"/\" subtype] *(\";\" attribute \"=\" value) of RFC 2045 tokens, or ';base64' is not last",
    source: "RFC 2397 section 3; RFC 2045 section 5.1",
};

/// `S953`: `;base64` data that is not base64.
pub(super) const DATA_INVALID_BASE64: SchemeRule = SchemeRule {
    code: "S953",
    name: "data-invalid-base64",
    schemes: &["data"],
    summary: "with ';base64', the percent-decoded data holds a character outside the base64 alphabet, misplaced '=' padding, or a length that is not a multiple of 4",
    source: "RFC 2397 section 3; RFC 2045 section 6.8; RFC 4648 section 4",
};

/// The rules of this module, in code order.
pub(super) const RULES: &[SchemeRule] = &[
    DATA_MISSING_COMMA,
    DATA_INVALID_MEDIATYPE,
    DATA_INVALID_BASE64,
];

/// `token` (RFC 2045 section 5.1): US-ASCII printable but tspecials.
fn is_token_char(b: u8) -> bool {
    (0x21..0x7f).contains(&b) && !b"()<>@,;:\\\"/[]?=".contains(&b)
}

/// The first unit of `units` that is not a token character, or `Err` with
/// `at` when the token is empty.
fn token_fault(units: &[Unit], at: usize, what: &str) -> Option<(usize, String)> {
    if units.is_empty() {
        return Some((at, format!("the {what} is empty")));
    }
    units.iter().find(|u| !is_token_char(u.byte)).map(|u| {
        (
            u.at,
            format!(
                "{} is not allowed in the {what} (an RFC 2045 token)",
                describe(u)
            ),
        )
    })
}

/// A parameter value: a token or a quoted-string.
fn value_fault(units: &[Unit], at: usize) -> Option<(usize, String)> {
    let Some(first) = units.first() else {
        return Some((at, "the parameter value is empty".to_string()));
    };
    if first.byte != b'"' {
        return token_fault(units, at, "parameter value");
    }
    let mut i = 1;
    while let Some(u) = units.get(i) {
        match u.byte {
            b'"' => {
                return units.get(i + 1).map(|v| {
                    (
                        v.at,
                        format!(
                            "{} after the closing quote of the parameter value",
                            describe(v)
                        ),
                    )
                });
            }
            b'\\' => i += 2,
            b'\r' => {
                return Some((
                    u.at,
                    "CR in a quoted parameter value (RFC 822 qtext)".to_string(),
                ))
            }
            0x80..=0xff => {
                return Some((
                    u.at,
                    format!(
                        "{} in a quoted parameter value, which is US-ASCII",
                        describe(u)
                    ),
                ))
            }
            _ => i += 1,
        }
    }
    Some((
        first.at,
        "the quoted parameter value is not closed by '\"'".to_string(),
    ))
}

/// Splits decoded units on the literal byte `sep`.
fn split_units(units: &[Unit], sep: u8) -> Vec<&[Unit]> {
    units.split(|u| u.is_raw(sep)).collect()
}

/// Checks the media type (decoded units, at offset `at`); returns whether
/// it ends with `;base64`.
fn mediatype(units: &[Unit], at: usize, out: &mut Vec<Violation>) -> bool {
    let pieces = split_units(units, b';');
    let mut base64 = false;
    let count = pieces.len();
    let mut fault = None;
    for (n, piece) in pieces.iter().enumerate() {
        // the offset of this piece: after the ';' before it
        let p_at = piece
            .first()
            .map_or_else(|| offset_after(units, n, at), |u| u.at);
        if n == 0 {
            if piece.is_empty() {
                continue;
            }
            let slash = piece.iter().position(|u| u.is_raw(b'/'));
            fault = match slash {
                None => Some((
                    p_at,
                    "the media type has no '/' between type and subtype".to_string(),
                )),
                Some(s) => {
                    let (t, st) = piece.split_at(s);
                    let st = st.get(1..).unwrap_or(&[]);
                    let st_at = st.first().map_or(p_at + s + 1, |u| u.at);
                    token_fault(t, p_at, "type").or_else(|| token_fault(st, st_at, "subtype"))
                }
            };
        } else if is_base64(piece) {
            if n + 1 == count {
                base64 = true;
            } else {
                fault = Some((
                    p_at,
                    "';base64' must come last, just before the ','".to_string(),
                ));
            }
        } else {
            let eq = piece.iter().position(|u| u.is_raw(b'='));
            fault = match eq {
                None => Some((
                    p_at,
                    "a media type parameter has no '=': parameters are ';attribute=value'"
                        .to_string(),
                )),
                Some(e) => {
                    let (a, v) = piece.split_at(e);
                    let v = v.get(1..).unwrap_or(&[]);
                    let v_at = v.first().map_or(p_at + e + 1, |u| u.at);
                    token_fault(a, p_at, "parameter attribute").or_else(|| value_fault(v, v_at))
                }
            };
        }
        if fault.is_some() {
            break;
        }
    }
    if let Some((o, what)) = fault {
        out.push(Violation::new(
            &DATA_INVALID_MEDIATYPE,
            o,
            format!("{what} (RFC 2397 section 3, RFC 2045 section 5.1)"),
        ));
    }
    base64
}

/// The offset just after the `n`-th literal `;` of `units` (for an empty
/// piece), or `at`.
fn offset_after(units: &[Unit], n: usize, at: usize) -> usize {
    if n == 0 {
        return at;
    }
    units
        .iter()
        .filter(|u| u.is_raw(b';'))
        .nth(n - 1)
        .map_or(at, |u| u.at + 1)
}

/// `;base64`, case-insensitively (RFC 2045 encodings are case-insensitive).
fn is_base64(piece: &[Unit]) -> bool {
    piece.len() == 6
        && piece
            .iter()
            .zip(b"base64")
            .all(|(u, b)| u.byte.eq_ignore_ascii_case(b))
}

fn is_base64_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'+' || b == b'/'
}

/// Checks base64 data (decoded units).
fn base64(units: &[Unit], out: &mut Vec<Violation>) {
    let mut pad = 0usize;
    let mut fault = None;
    for u in units {
        if u.byte == b'=' {
            pad += 1;
            if pad > 2 {
                fault = Some((u.at, "more than two '=' padding characters".to_string()));
                break;
            }
        } else if !is_base64_char(u.byte) {
            fault = Some((
                u.at,
                format!(
                    "{} is not a base64 character (A-Z, a-z, 0-9, '+', '/', '=')",
                    describe(u)
                ),
            ));
            break;
        } else if pad > 0 {
            fault = Some((u.at, "data after the '=' padding".to_string()));
            break;
        }
    }
    if fault.is_none() && !units.len().is_multiple_of(4) {
        let last = units.len() - units.len() % 4;
        let at = units.get(last).map_or(0, |u| u.at);
        fault = Some((at, format!("{} base64 characters, not a multiple of 4: the last group is incomplete or its '=' padding is missing", units.len())));
    }
    if let Some((at, what)) = fault {
        out.push(Violation::new(
            &DATA_INVALID_BASE64,
            at,
            format!("{what} (RFC 2397 section 3, RFC 4648 section 4)"),
        ));
    }
}

/// Checks a data URI.
pub(super) fn check(uri: &UriRef<'_>, out: &mut Vec<Violation>) {
    let (start, text) = body(uri);
    let Some(comma) = text.find(',') else {
        out.push(Violation::new(
            &DATA_MISSING_COMMA,
            start + text.len(),
            "a data URI needs a ',' before its data, even when the data or the media type is empty (RFC 2397 section 3)".to_string(),
        ));
        return;
    };
    let media = decode(text.get(..comma).unwrap_or(""), start);
    let is_base64 = mediatype(&media, start, out);
    if is_base64 {
        base64(
            &decode(text.get(comma + 1..).unwrap_or(""), start + comma + 1),
            out,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::testing::{assert_valid, found};

    #[test]
    fn rfc2397_examples() {
        assert_valid(&[
            // section 4 (the third example's '%fg' is fixed: it is not valid RFC 3986)
            "data:,A%20brief%20note",
            "data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAwAAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFzByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSpa/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJlZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uisF81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PHhhx4dbgYKAAA7",
            "data:text/plain;charset=iso-8859-7,%be%d3%be",
            "data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local",
            // section 3
            "data:;charset=utf-8,x",
            "data:text/plain;charset=%22us-ascii%22,hi",
            "data:;base64,SGVsbG8=",
            "data:text/plain;BASE64,SGk=",
            "data:,",
            "data:;base64,",
            "data:text/plain;base64,SGVsbG8%3D",
        ]);
    }

    #[test]
    fn comma() {
        assert_eq!(found("data:text/plain"), vec![("S951", 15)]);
        assert_eq!(found("data:text/plain#x,y"), vec![("S951", 15)]);
    }

    #[test]
    fn mediatype() {
        assert_eq!(found("data:text,x"), vec![("S952", 5)]);
        assert_eq!(found("data:text/,x"), vec![("S952", 10)]);
        assert_eq!(found("data:/plain,x"), vec![("S952", 5)]);
        assert_eq!(found("data:text/pl(ain,x"), vec![("S952", 12)]);
        assert_eq!(found("data:text/plain;charset,x"), vec![("S952", 16)]);
        assert_eq!(found("data:text/plain;charset=,x"), vec![("S952", 24)]);
        assert_eq!(found("data:text/plain;;a=b,x"), vec![("S952", 16)]);
        assert_eq!(found("data:text/plain;base64;a=b,x"), vec![("S952", 16)]);
        assert_eq!(found("data:text/plain;a=%22b,x"), vec![("S952", 18)]);
        assert_eq!(found("data://x/y,z"), vec![("S952", 5)]);
    }

    #[test]
    fn base64() {
        assert_eq!(found("data:;base64,SGVsbG8"), vec![("S953", 17)]);
        assert_eq!(found("data:;base64,SGV*bG8="), vec![("S953", 16)]);
        assert_eq!(found("data:;base64,SG%20sbG8="), vec![("S953", 15)]);
        assert_eq!(found("data:;base64,SG==bG8="), vec![("S953", 17)]);
        assert_eq!(found("data:;base64,S==="), vec![("S953", 16)]);
        assert_eq!(found("data:;base64,A"), vec![("S953", 13)]);
    }
}
