//! `S90x`: the `tel` scheme (RFC 3966).
//!
//! ```text
//! telephone-uri        = "tel:" telephone-subscriber
//! telephone-subscriber = global-number / local-number
//! global-number        = global-number-digits *par
//! local-number         = local-number-digits *par context *par
//! par                  = parameter / extension / isdn-subaddress
//! isdn-subaddress      = ";isub=" 1*uric
//! extension            = ";ext=" 1*phonedigit
//! context              = ";phone-context=" descriptor
//! descriptor           = domainname / global-number-digits
//! global-number-digits = "+" *phonedigit DIGIT *phonedigit
//! local-number-digits  = *phonedigit-hex (HEXDIG / "*" / "#") *phonedigit-hex
//! parameter            = ";" pname ["=" pvalue ]
//! pname                = 1*( alphanum / "-" )
//! pvalue               = 1*paramchar
//! paramchar            = param-unreserved / unreserved / pct-encoded
//! param-unreserved     = "[" / "]" / "/" / ":" / "&" / "+" / "$"
//! phonedigit           = DIGIT / [ visual-separator ]
//! phonedigit-hex       = HEXDIG / "*" / "#" / [ visual-separator ]
//! visual-separator     = "-" / "." / "(" / ")"
//! ```
//!
//! Section 3 also says: each parameter name, the ISDN subaddress, the
//! extension and the context appear at most once; isub or ext come first,
//! then phone-context, then the other parameters in lexicographical order;
//! section 5.3: isub and ext never appear together; section 5.1.5: local
//! numbers MUST have a phone-context.
//!
//! The ABNF lets a global number carry `;phone-context=` as a generic
//! `parameter`; that is not reported. Parameter names and values are
//! compared ASCII case-insensitively (section 4).
//!
//! This module owns the tel rules. The body is everything after `tel:` up
//! to a fragment (a `?` is an ordinary character of the isub value).

use super::text::{body, decode, describe, first_char_at, is_alnum, split_at_byte, Unit};
use super::{SchemeRule, Violation};
use crate::grammar::UriRef;

/// `S901`: a telephone number that is not global-number-digits or
/// local-number-digits.
pub(super) const TEL_INVALID_NUMBER: SchemeRule = SchemeRule {
    code: "S901",
    name: "tel-invalid-number",
    schemes: &["tel"],
    summary: "the number is not '+' and digits with visual separators '-', '.', '(', ')' (global), nor hex digits, '*', '#' and separators (local)",
    source: "RFC 3966 sections 3 and 5.1",
};

/// `S902`: a local number without a phone-context.
pub(super) const TEL_MISSING_PHONE_CONTEXT: SchemeRule = SchemeRule {
    code: "S902",
    name: "tel-missing-phone-context",
    schemes: &["tel"],
    summary: "a local number (no leading '+') without the mandatory ';phone-context='",
    source: "RFC 3966 sections 3 and 5.1.5",
};

/// `S903`: a parameter that does not match its ABNF.
pub(super) const TEL_INVALID_PARAMETER: SchemeRule = SchemeRule {
    code: "S903",
    name: "tel-invalid-parameter",
    schemes: &["tel"],
    summary: "a parameter with an invalid name or value: ext not phone digits, isub not uric, phone-context not a domain name or global number digits, empty values, characters outside paramchar",
    source: "RFC 3966 section 3",
};

/// `S904`: a repeated parameter, or both isub and ext.
pub(super) const TEL_DUPLICATE_PARAMETER: SchemeRule = SchemeRule {
    code: "S904",
    name: "tel-duplicate-parameter",
    schemes: &["tel"],
    summary: "a parameter name appears more than once, or both isub and ext appear",
    source: "RFC 3966 sections 3 and 5.3",
};

/// `S905`: parameters out of the required order.
pub(super) const TEL_PARAMETER_ORDER: SchemeRule = SchemeRule {
    code: "S905",
    name: "tel-parameter-order",
    schemes: &["tel"],
    summary: "parameters out of order: isub or ext first, then phone-context, then the others in lexicographical order",
    source: "RFC 3966 section 3",
};

/// The rules of this module, in code order.
pub(super) const RULES: &[SchemeRule] = &[
    TEL_INVALID_NUMBER,
    TEL_MISSING_PHONE_CONTEXT,
    TEL_INVALID_PARAMETER,
    TEL_DUPLICATE_PARAMETER,
    TEL_PARAMETER_ORDER,
];

fn is_visual_separator(b: u8) -> bool {
    matches!(b, b'-' | b'.' | b'(' | b')')
}

/// `mark` (RFC 3966 section 3, from RFC 2396).
fn is_mark(b: u8) -> bool {
    b"-_.!~*'()".contains(&b)
}

/// `paramchar`, for a literal byte (`%` stands for its pct-encoded).
fn is_paramchar(b: u8) -> bool {
    is_alnum(b) || is_mark(b) || b"[]/:&+$%".contains(&b)
}

/// `uric` (RFC 2396), for a literal byte other than `;`.
fn is_uric(b: u8) -> bool {
    is_alnum(b) || is_mark(b) || b";/?:@&=+$,%".contains(&b)
}

/// `global-number-digits`: `+`, phone digits, at least one DIGIT.
fn global_digits(s: &str, at: usize) -> Result<(), (usize, String)> {
    number_units(s, &decode(s, at), at).and_then(|global| {
        if global {
            Ok(())
        } else {
            Err((at, format!("'{s}' does not start with '+'")))
        }
    })
}

/// Checks the number; returns whether it is global.
fn number(s: &str, at: usize) -> Result<bool, (usize, String)> {
    number_units(s, &decode(s, at), at)
}

/// Checks a number given as decoded units. Percent-encoded characters
/// count as what they encode (section 3: characters outside "reserved"
/// are equivalent to their encoding), which is how a local number's `#`,
/// the URI fragment delimiter, can be written (`%23`); the leading `+` of
/// a global number is a delimiter and must be literal.
fn number_units(s: &str, units: &[Unit], at: usize) -> Result<bool, (usize, String)> {
    let Some(first) = units.first() else {
        return Err((at, "the telephone number is empty".to_string()));
    };
    let global = first.is_raw(b'+');
    let digits = if global {
        units.get(1..).unwrap_or(&[])
    } else {
        units
    };
    let ok = |b: u8| {
        if global {
            b.is_ascii_digit()
        } else {
            b.is_ascii_hexdigit() || b == b'*' || b == b'#'
        }
    };
    if let Some(u) = digits
        .iter()
        .find(|u| !(ok(u.byte) || is_visual_separator(u.byte)))
    {
        let what = describe(u);
        return Err(if global {
            let hint = if u.byte.is_ascii_alphabetic() {
                " (letters, even hex digits, are not allowed in global numbers, section 5.1.3)"
            } else {
                ""
            };
            (
                u.at,
                format!("{what} in global number '{s}': only digits and '-', '.', '(', ')'{hint}"),
            )
        } else {
            (u.at, format!("{what} in local number '{s}': only hex digits, '*', '#' and '-', '.', '(', ')'"))
        });
    }
    if !digits.iter().any(|u| ok(u.byte)) {
        return Err((at, format!("number '{s}' has no digit")));
    }
    Ok(global)
}

/// `domainname` (RFC 3966 section 3): labels of letters, digits and
/// inner hyphens, a top label starting with a letter, an optional final dot.
fn domainname(s: &str, at: usize) -> Result<(), (usize, String)> {
    let name = s.strip_suffix('.').unwrap_or(s);
    let labels = split_at_byte(name, at, b'.');
    let last = labels.len().saturating_sub(1);
    for (n, (o, label)) in labels.into_iter().enumerate() {
        if label.is_empty() {
            return Err((o, format!("empty label in domain name '{s}'")));
        }
        if let Some(i) = label.bytes().position(|b| !(is_alnum(b) || b == b'-')) {
            let (o, what) = first_char_at(label.get(i..).unwrap_or(""), o + i);
            return Err((o, format!("{what} in domain name '{s}'")));
        }
        if label.starts_with('-') || label.ends_with('-') {
            return Err((
                o,
                format!("label '{label}' of '{s}' starts or ends with '-'"),
            ));
        }
        if n == last
            && !label
                .as_bytes()
                .first()
                .is_some_and(u8::is_ascii_alphabetic)
        {
            return Err((
                o,
                format!("the top label '{label}' of '{s}' does not start with a letter"),
            ));
        }
    }
    Ok(())
}

/// Checks a parameter value; `None` when it is fine.
fn value_fault(name: &str, value: &str, at: usize) -> Option<(usize, String)> {
    if value.is_empty() {
        return Some((at, format!("the value of ';{name}=' is empty")));
    }
    let bad = |pred: fn(u8) -> bool, what: &str| {
        value.bytes().position(|b| !pred(b)).map(|i| {
            let (o, c) = first_char_at(value.get(i..).unwrap_or(""), at + i);
            (o, format!("{c} is not allowed in {what}"))
        })
    };
    match name {
        "isub" => bad(is_uric, "an ISDN subaddress (1*uric)"),
        "ext" => bad(
            |b| b.is_ascii_digit() || is_visual_separator(b),
            "an extension (1*phonedigit)",
        ),
        "phone-context" => {
            let r = if value.starts_with('+') {
                global_digits(value, at)
            } else {
                domainname(value, at)
            };
            r.err().map(|(o, what)| (o, format!("the phone-context is neither a domain name nor global number digits: {what}")))
        }
        _ => bad(is_paramchar, "a parameter value (paramchar)"),
    }
}

/// Checks a tel URI.
pub(super) fn check(uri: &UriRef<'_>, out: &mut Vec<Violation>) {
    let (start, text) = body(uri);
    let pieces = split_at_byte(text, start, b';');
    let Some(&(num_at, num)) = pieces.first() else {
        return;
    };
    let global = match number(num, num_at) {
        Ok(g) => Some(g),
        Err((at, what)) => {
            out.push(Violation::new(
                &TEL_INVALID_NUMBER,
                at,
                format!("{what} (RFC 3966 section 3)"),
            ));
            None
        }
    };
    let mut params = Params::default();
    for &(at, piece) in pieces.get(1..).unwrap_or(&[]) {
        params.check(at, piece, out);
    }
    if global == Some(false) && !params.context {
        out.push(Violation::new(
            &TEL_MISSING_PHONE_CONTEXT,
            num_at + num.len(),
            format!("local number '{num}' has no ';phone-context=': local numbers MUST be tagged with one; prefer the global '+' form (RFC 3966 sections 3 and 5.1.5)"),
        ));
    }
}

/// What the parameters of a tel URI read so far say, for the checks of
/// the next one.
#[derive(Debug, Default)]
struct Params {
    /// The names seen, lowercase.
    seen: Vec<String>,
    /// The highest rank seen (0: `isub`, `ext`; 1: `phone-context`; 2:
    /// the others).
    rank_max: u8,
    /// The greatest name of rank 2 seen, lowercase.
    last_other: String,
    /// A `phone-context` was seen.
    context: bool,
}

impl Params {
    /// Checks one parameter, `piece` (the text after its `;`, at byte
    /// offset `at` of the URI, 0-based): its name and value, then whether
    /// it repeats one or comes out of order.
    fn check(&mut self, at: usize, piece: &str, out: &mut Vec<Violation>) {
        let semi = at.saturating_sub(1);
        let Some(lname) = parameter_syntax(at, piece, out) else {
            return;
        };
        if lname == "phone-context" {
            self.context = true;
        }
        let name = piece.split('=').next().unwrap_or("");
        if self.repeated(&lname, name, semi, out) {
            return;
        }
        self.seen.push(lname.clone());
        self.order(lname, name, semi, out);
    }

    /// Reports a parameter `name` (`lname` lowercase; its `;` at byte
    /// offset `semi`) seen before, or an `isub` with an `ext`: true when
    /// reported.
    fn repeated(&self, lname: &str, name: &str, semi: usize, out: &mut Vec<Violation>) -> bool {
        let twin = match lname {
            "isub" => Some("ext"),
            "ext" => Some("isub"),
            _ => None,
        };
        if self.seen.iter().any(|s| s == lname) {
            out.push(Violation::new(
                &TEL_DUPLICATE_PARAMETER,
                semi,
                format!("parameter '{name}' appears more than once (RFC 3966 section 3)"),
            ));
            return true;
        }
        if twin.is_some_and(|t| self.seen.iter().any(|s| s == t)) {
            out.push(Violation::new(
                &TEL_DUPLICATE_PARAMETER,
                semi,
                "isub and ext cannot appear together (RFC 3966 section 5.3)".to_string(),
            ));
            return true;
        }
        false
    }

    /// Reports parameter `name` (`lname` lowercase; its `;` at byte
    /// offset `semi`) when it comes out of the order of RFC 3966 section
    /// 3, and notes its rank.
    fn order(&mut self, lname: String, name: &str, semi: usize, out: &mut Vec<Violation>) {
        let rank = match lname.as_str() {
            "isub" | "ext" => 0u8,
            "phone-context" => 1,
            _ => 2,
        };
        let order = if rank < self.rank_max {
            Some("isub or ext come first, then phone-context, then the other parameters")
        } else if rank == 2 && lname < self.last_other {
            Some("parameters other than isub, ext and phone-context come in lexicographical order")
        } else {
            None
        };
        if let Some(rule) = order {
            out.push(Violation::new(
                &TEL_PARAMETER_ORDER,
                semi,
                format!("parameter '{name}' is out of order: {rule} (RFC 3966 section 3)"),
            ));
        }
        self.rank_max = self.rank_max.max(rank);
        if rank == 2 && lname > self.last_other {
            self.last_other = lname;
        }
    }
}

/// Checks the syntax of one parameter, `piece` (the text after its `;`,
/// at byte offset `at` of the URI, 0-based): a name of letters, digits
/// and `-`, a value where `isub`, `ext` and `phone-context` need one, a
/// value of the right form. The name lowercase, `None` when the name is
/// wrong (the parameter is then not checked further).
fn parameter_syntax(at: usize, piece: &str, out: &mut Vec<Violation>) -> Option<String> {
    let semi = at.saturating_sub(1);
    let (name, value) = match piece.find('=') {
        Some(i) => (
            piece.get(..i).unwrap_or(""),
            Some((at + i + 1, piece.get(i + 1..).unwrap_or(""))),
        ),
        None => (piece, None),
    };
    let invalid = |at: usize, what: String, out: &mut Vec<Violation>| {
        out.push(Violation::new(
            &TEL_INVALID_PARAMETER,
            at,
            format!("{what} (RFC 3966 section 3)"),
        ));
    };
    if name.is_empty() {
        invalid(semi, "a parameter with an empty name".to_string(), out);
        return None;
    }
    if let Some(i) = name.bytes().position(|b| !(is_alnum(b) || b == b'-')) {
        let (o, what) = first_char_at(name.get(i..).unwrap_or(""), at + i);
        invalid(
            o,
            format!("{what} in parameter name '{name}': only letters, digits and '-'"),
            out,
        );
        return None;
    }
    let lname = name.to_ascii_lowercase();
    let special = matches!(lname.as_str(), "isub" | "ext" | "phone-context");
    match value {
        None if special => invalid(semi, format!("';{name}' needs a value ('{name}=...')"), out),
        None => {}
        Some((vat, v)) => {
            if let Some((o, what)) = value_fault(&lname, v, vat) {
                invalid(if v.is_empty() { semi } else { o }, what, out);
            }
        }
    }
    Some(lname)
}

#[cfg(test)]
mod tests {
    use super::super::text::testing::{assert_valid, found};

    #[test]
    fn rfc3966_examples() {
        assert_valid(&[
            // section 6
            "tel:+1-201-555-0123",
            "tel:7042;phone-context=example.com",
            "tel:863-1234;phone-context=+1-914-555",
            // sections 3 and 5
            "tel:911;phone-context=+1",
            "tel:+49-6151-16",
            "tel:1234;phone-context=+49-6151-16",
            "tel:+1-212-555-0101;ext=1234",
            "tel:+1-212-555-0101;isub=1411",
            "tel:+1-212-555-0101;ext=101;phone-context=+1;a=1;b;m-foo=x%20y",
            "tel:*21%23;phone-context=houston.example.com.",
            "tel:+(1)212.555.0101",
            "TEL:+1-201-555-0123;EXT=1",
        ]);
    }

    #[test]
    fn numbers() {
        assert_eq!(found("tel:+1-201-555-0123x"), vec![("S901", 19)]);
        assert_eq!(found("tel:+"), vec![("S901", 4)]);
        assert_eq!(found("tel:+(-)"), vec![("S901", 4)]);
        assert_eq!(found("tel:+1%20234"), vec![("S901", 6)]);
        assert_eq!(found("tel:+1A"), vec![("S901", 6)]);
        assert_eq!(found("tel:"), vec![("S901", 4)]);
        assert_eq!(
            found("tel:1-800-FLOWERS;phone-context=+1"),
            vec![("S901", 11)]
        );
        assert_eq!(found("tel:%2B1234"), vec![("S901", 4)]);
        assert_eq!(found("tel://1234"), vec![("S901", 4)]);
    }

    #[test]
    fn phone_context() {
        assert_eq!(found("tel:7042"), vec![("S902", 8)]);
        assert_eq!(found("tel:7042;ext=1"), vec![("S902", 8)]);
    }

    #[test]
    fn parameters() {
        assert_eq!(found("tel:+12;ext="), vec![("S903", 7)]);
        assert_eq!(found("tel:+12;ext"), vec![("S903", 7)]);
        assert_eq!(found("tel:+12;ext=12a"), vec![("S903", 14)]);
        assert_eq!(found("tel:+12;a=b=c"), vec![("S903", 11)]);
        assert_eq!(found("tel:+12;=x"), vec![("S903", 7)]);
        assert_eq!(found("tel:+12;a_b"), vec![("S903", 9)]);
        assert_eq!(found("tel:+12;a="), vec![("S903", 7)]);
        assert_eq!(
            found("tel:1;phone-context=-bad.example"),
            vec![("S903", 20)]
        );
        assert_eq!(found("tel:1;phone-context=example.123"), vec![("S903", 28)]);
        assert_eq!(found("tel:1;phone-context=+"), vec![("S903", 20)]);
        assert_eq!(found("tel:1;phone-context=a..b"), vec![("S903", 22)]);
    }

    #[test]
    fn duplicates() {
        assert_eq!(
            found("tel:+12;phone-context=+1;phone-context=+2"),
            vec![("S904", 24)]
        );
        assert_eq!(found("tel:+12;isub=1;ext=2"), vec![("S904", 14)]);
        assert_eq!(found("tel:+12;a=1;A=2"), vec![("S904", 11)]);
    }

    #[test]
    fn order() {
        assert_eq!(found("tel:+12;foo=1;ext=2"), vec![("S905", 13)]);
        assert_eq!(found("tel:+12;b=1;a=2"), vec![("S905", 11)]);
        assert_eq!(found("tel:1;foo=1;phone-context=+1"), vec![("S905", 11)]);
    }
}
