//! RFC 5322 `addr-spec` (section 3.4.1), without comments, folding
//! whitespace or the obsolete forms, over percent-decoded octets.
//!
//! This module owns the address grammar shared by `mailto` (RFC 6068
//! section 2), `mid`/`cid` (RFC 2392 section 2) and, for `dot-atom-text`,
//! the Message-IDs of `news` (RFC 5538 section 4). It reports the first
//! fault with its byte offset into the URI; the callers turn it into a
//! violation of their own rule.
//!
//! ```text
//! addr-spec     = local-part "@" domain
//! local-part    = dot-atom-text / quoted-string
//! domain        = dot-atom-text / "[" *dtext-no-obs "]"
//! dot-atom-text = 1*atext *("." 1*atext)
//! atext         = ALPHA / DIGIT / "!" / "#" / "$" / "%" / "&" / "'" / "*"
//!               / "+" / "-" / "/" / "=" / "?" / "^" / "_" / "`" / "{"
//!               / "|" / "}" / "~"
//! ```

use super::text::{describe, Unit};

/// Where and why an address does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fault {
    /// 0-based byte offset into the URI.
    pub at: usize,
    /// What is wrong, without the RFC citation (the caller adds it).
    pub what: String,
}

fn fault(at: usize, what: impl Into<String>) -> Fault {
    Fault {
        at,
        what: what.into(),
    }
}

/// `atext` (RFC 5322 section 3.2.3).
pub(crate) fn is_atext(b: u8) -> bool {
    ATEXT[usize::from(b)]
}

/// The `atext` bytes of [`is_atext`] as a table: one load per byte where a
/// search of the 19 specials cost a loop (every byte of every mail address).
static ATEXT: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    let specials = b"!#$%&'*+-/=?^_`{|}~";
    let mut i = 0;
    while i < specials.len() {
        table[specials[i] as usize] = true;
        i += 1;
    }
    table
};

/// How an address is read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Options {
    /// Accept non-ASCII octets (already checked to be UTF-8) as `atext` and
    /// `qtext`, as RFC 6532 section 3.2 does for internationalized mail.
    pub utf8: bool,
}

/// The parts of a parsed address, as index ranges into the units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Parts {
    /// Index of the `@`.
    pub at_sign: usize,
    /// True when the domain is a `[...]` literal.
    pub literal: bool,
}

/// Parses `units` as a `dot-atom-text` starting at index `from`; returns
/// the index just past it. `what` names the part for messages; `end` is
/// the offset to report when the units run out.
pub(crate) fn dot_atom(
    units: &[Unit],
    from: usize,
    what: &str,
    end: usize,
    opts: Options,
) -> Result<usize, Fault> {
    let mut i = from;
    let mut atom_len = 0usize;
    let mut last_dot = None;
    while let Some(u) = units.get(i) {
        if is_atext(u.byte) || (opts.utf8 && u.byte >= 0x80) {
            atom_len += 1;
        } else if u.byte == b'.' {
            if atom_len == 0 {
                let msg = if i == from {
                    format!("the {what} starts with '.'")
                } else {
                    format!("the {what} has an empty atom ('..')")
                };
                return Err(fault(u.at, msg));
            }
            atom_len = 0;
            last_dot = Some(u.at);
        } else {
            break;
        }
        i += 1;
    }
    if atom_len == 0 {
        return Err(match last_dot {
            Some(at) => fault(at, format!("the {what} ends with '.'")),
            None => {
                let at = units.get(from).map_or(end, |u| u.at);
                match units.get(from) {
                    Some(u) => fault(at, format!("{} cannot start the {what}", describe(u))),
                    None => fault(at, format!("the {what} is empty")),
                }
            }
        });
    }
    Ok(i)
}

/// Parses a `quoted-string` starting at index `from` (a `"`); returns the
/// index just past the closing quote.
fn quoted_string(units: &[Unit], from: usize, opts: Options) -> Result<usize, Fault> {
    let open = units.get(from).map_or(0, |u| u.at);
    let mut i = from + 1;
    loop {
        let Some(u) = units.get(i) else {
            return Err(fault(open, "the quoted local part is not closed by '\"'"));
        };
        match u.byte {
            b'"' => return Ok(i + 1),
            b'\\' => {
                // quoted-pair = "\" (VCHAR / WSP)
                match units.get(i + 1) {
                    Some(n) if (0x20..=0x7e).contains(&n.byte) || n.byte == b'\t' => i += 2,
                    Some(n) if opts.utf8 && n.byte >= 0x80 => i += 2,
                    Some(n) => {
                        return Err(fault(
                            n.at,
                            format!("{} cannot follow '\\' in a quoted string", describe(n)),
                        ))
                    }
                    None => return Err(fault(u.at, "'\\' at the end of the address")),
                }
            }
            // qtext = %d33 / %d35-91 / %d93-126; WSP inside is content.
            33 | 35..=91 | 93..=126 | b' ' | b'\t' => i += 1,
            b if opts.utf8 && b >= 0x80 => i += 1,
            _ => {
                return Err(fault(
                    u.at,
                    format!("{} is not allowed in a quoted string", describe(u)),
                ))
            }
        }
    }
}

/// Parses all of `units` as one `addr-spec`. `start` is the offset to
/// report for an empty address.
pub(crate) fn addr_spec(units: &[Unit], start: usize, opts: Options) -> Result<Parts, Fault> {
    let end = units
        .last()
        .map_or(start, |u| u.at + if u.encoded { 3 } else { 1 });
    let Some(first) = units.first() else {
        return Err(fault(start, "the address is empty"));
    };
    let i = if first.byte == b'"' {
        quoted_string(units, 0, opts)?
    } else {
        dot_atom(units, 0, "local part", end, opts)?
    };
    let at_sign = match units.get(i) {
        Some(u) if u.byte == b'@' => i,
        Some(u) => {
            return Err(fault(
                u.at,
                format!("{} is not allowed in the local part", describe(u)),
            ));
        }
        None => return Err(fault(first.at, "the address has no '@' and domain")),
    };
    let d = at_sign + 1;
    let Some(dfirst) = units.get(d) else {
        let at = units.get(at_sign).map_or(start, |u| u.at);
        return Err(fault(at, "the address has no domain after '@'"));
    };
    let (j, literal) = if dfirst.byte == b'[' {
        let mut j = d + 1;
        loop {
            match units.get(j) {
                None => return Err(fault(dfirst.at, "the domain literal is not closed by ']'")),
                Some(u) if u.byte == b']' => break (j + 1, true),
                // dtext-no-obs = %d33-90 / %d94-126
                Some(u) if matches!(u.byte, 33..=90 | 94..=126) => j += 1,
                Some(u) => {
                    return Err(fault(
                        u.at,
                        format!("{} is not allowed in a domain literal", describe(u)),
                    ))
                }
            }
        }
    } else {
        (dot_atom(units, d, "domain", end, opts)?, false)
    };
    if let Some(u) = units.get(j) {
        return Err(fault(
            u.at,
            format!("{} is not allowed in the domain", describe(u)),
        ));
    }
    Ok(Parts { at_sign, literal })
}

#[cfg(test)]
mod tests {
    use super::super::text::decode;
    use super::*;

    const ASCII: Options = Options { utf8: false };

    fn check(s: &str) -> Result<Parts, Fault> {
        addr_spec(&decode(s, 0), 0, ASCII)
    }

    #[test]
    fn atext_is_rfc_5322() {
        for b in 0..=255u8 {
            let atext = b.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&b);
            assert_eq!(is_atext(b), atext, "{b:#x}");
        }
    }

    #[test]
    fn addresses() {
        assert!(check("chris@example.com").is_ok());
        assert!(check("%22not%40me%22@example.org").is_ok());
        assert!(check("%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org").is_ok());
        assert!(check("a@%5B192.0.2.1%5D").is_ok_and(|p| p.literal));
        assert_eq!(check("").unwrap_err().at, 0);
        assert_eq!(check("a.@b").unwrap_err().at, 1);
        assert_eq!(check(".a@b").unwrap_err().at, 0);
        assert_eq!(check("a..b@c").unwrap_err().at, 2);
        assert_eq!(check("ab").unwrap_err().at, 0);
        assert_eq!(check("a@").unwrap_err().at, 1);
        assert_eq!(check("a@b@c").unwrap_err().at, 3);
        assert_eq!(check("a(b@c").unwrap_err().at, 1);
        assert_eq!(check("%22ab@c").unwrap_err().at, 0);
        assert_eq!(check("a@b.").unwrap_err().at, 3);
        assert_eq!(check("caf%C3%A9@x").unwrap_err().at, 3);
        assert!(addr_spec(&decode("caf%C3%A9@x", 0), 0, Options { utf8: true }).is_ok());
    }
}
