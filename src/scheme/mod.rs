//! The scheme registry: what urilint knows about particular schemes.
//!
//! This module owns scheme-specific knowledge. For now that is the list of
//! well-known schemes whose URIs have no `//` (RFC 3986 section 3: the
//! hier-part may be a path without authority) and that the scanner accepts
//! in bare prose, plus the small shape checks that keep prose words from
//! passing for them. Full scheme-specific validation (RFC 1738, RFC 6068,
//! RFC 5538, ...) will live here too, one module per scheme family.
//!
//! It does not own the generic grammar (the `grammar` module).

pub mod iana;

/// Schemes without `//` that are taken for URIs in bare text, each with
/// its defining document. Compared ASCII case-insensitively (RFC 3986
/// section 3.1: schemes are case-insensitive).
pub const BARE_SCHEMES: &[(&str, &str)] = &[
    ("mailto", "RFC 6068"),
    ("news", "RFC 5538"),
    ("urn", "RFC 8141"),
    ("tel", "RFC 3966"),
    ("fax", "RFC 2806"),
    ("data", "RFC 2397"),
    ("mid", "RFC 2392"),
    ("cid", "RFC 2392"),
    ("sip", "RFC 3261"),
    ("sips", "RFC 3261"),
    ("xmpp", "RFC 5122"),
    (
        "magnet",
        "Magnet URI scheme (provisional IANA registration)",
    ),
    ("geo", "RFC 5870"),
    ("sms", "RFC 5724"),
    ("tag", "RFC 4151"),
    ("im", "RFC 3860"),
    ("pres", "RFC 3859"),
];

/// True when `scheme` (the bytes before the `:`, any case) is one of
/// [`BARE_SCHEMES`].
pub fn is_bare_candidate(scheme: &[u8]) -> bool {
    // Called for many colons in text: reject by length, then compare one
    // packed integer against the packed names.
    if !(2..=6).contains(&scheme.len()) {
        return false;
    }
    let mut key = 0u64;
    for (i, b) in scheme.iter().enumerate() {
        key |= u64::from(b.to_ascii_lowercase()) << (8 * i);
    }
    BARE_KEYS.contains(&key)
}

/// [`BARE_SCHEMES`] names packed into integers (byte `i` of the name in
/// bits `8i..8i+8`), for [`is_bare_candidate`].
static BARE_KEYS: [u64; BARE_SCHEMES.len()] = {
    let mut keys = [0u64; BARE_SCHEMES.len()];
    let mut n = 0;
    while n < BARE_SCHEMES.len() {
        let name = BARE_SCHEMES[n].0.as_bytes();
        let mut i = 0;
        while i < name.len() {
            keys[n] |= (name[i] as u64) << (8 * i);
            i += 1;
        }
        n += 1;
    }
    keys
};

/// Minimal shape checks for `scheme:body` text without `//` found outside
/// angle brackets, so that prose does not pass for a URI: a `tel:` or
/// `fax:` number starts with `+`, a digit, `*` or `#` (RFC 3966 section 3);
/// a `data:` URI needs the `,` before its data (RFC 2397 section 3); every
/// body holds a letter or digit and does not start with `=` (`CID:=`, a
/// quoted-printable soft break, is not a URI). `body` is what follows the
/// `:`.
pub fn bare_shape_ok(scheme: &[u8], body: &[u8]) -> bool {
    if scheme.eq_ignore_ascii_case(b"tel") || scheme.eq_ignore_ascii_case(b"fax") {
        return matches!(body.first(), Some(b'+' | b'0'..=b'9' | b'*' | b'#'));
    }
    if body.first() == Some(&b'=') || !body.iter().any(u8::is_ascii_alphanumeric) {
        return false;
    }
    !scheme.eq_ignore_ascii_case(b"data") || body.contains(&b',')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_schemes_match_case_insensitively() {
        assert!(BARE_SCHEMES.iter().all(|(n, _)| (2..=6).contains(&n.len())));
        assert!(is_bare_candidate(b"mailto"));
        assert!(is_bare_candidate(b"MAILTO"));
        assert!(is_bare_candidate(b"News"));
        assert!(!is_bare_candidate(b"note"));
        assert!(!is_bare_candidate(b"todo"));
        assert!(!is_bare_candidate(b"std"));
    }

    #[test]
    fn shapes() {
        assert!(bare_shape_ok(b"data", b"text/plain,hi"));
        assert!(!bare_shape_ok(b"data", b"value"));
        assert!(bare_shape_ok(b"tel", b"+1-816-555-1212"));
        assert!(!bare_shape_ok(b"tel", b"home"));
        assert!(bare_shape_ok(b"mailto", b"a@b"));
        assert!(!bare_shape_ok(b"cid", b"="));
        assert!(!bare_shape_ok(b"news", b"!?"));
        assert!(bare_shape_ok(b"mailto", b"?to=joe@example.com"));
        assert!(bare_shape_ok(b"geo", b"-48.876667,-123.393333"));
        assert!(bare_shape_ok(b"data", b",A%20brief%20note"));
        assert!(bare_shape_ok(b"sms", b"+15105550101?body=hello"));
    }
}
