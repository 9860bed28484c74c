//! The scheme registry and scheme-specific validation: what urilint knows
//! about particular schemes.
//!
//! This module owns scheme-specific knowledge:
//!
//! * the list of well-known schemes whose URIs have no `//` (RFC 3986
//!   section 3: the hier-part may be a path without authority) and that the
//!   scanner accepts in bare prose, plus the small shape checks that keep
//!   prose words from passing for them ([`BARE_SCHEMES`],
//!   [`is_bare_candidate`], [`bare_shape_ok`]);
//! * the IANA registry of scheme names ([`iana`]);
//! * conventions of tool families that are not RFC 3986 but universal,
//!   and not reported ([`convention`]);
//! * the scheme-specific rules ([`check`], [`rules`]): what the defining
//!   document of a scheme requires beyond the generic RFC 3986 grammar.
//!
//! It does not own the generic grammar (the `grammar` module): [`check`]
//! expects a URI that the generic parser accepted, and only looks at what
//! the generic grammar cannot know.
//!
//! # Rules and codes
//!
//! Every rule has a stable code `S` + three digits and a kebab-case name;
//! codes are never reused for another meaning. They are grouped by family,
//! one module per family, each citing its RFC:
//!
//! | codes | module | schemes | source |
//! |---|---|---|---|
//! | `S0xx` | `host` | every scheme with a DNS host: http, https, ws, wss, ftp, telnet, gopher, nntp, news (with a server), wais, prospero | RFC 1738 section 3.1; RFC 1034 section 3.5; RFC 1123 section 2.1 |
//! | `S1xx` | `http` | http, https, ws, wss | RFC 9110 section 4.2; RFC 6455 section 3 |
//! | `S2xx` | `ftp` | ftp | RFC 1738 sections 3.2 and 5 |
//! | `S3xx` | `file` | file | RFC 8089 section 2 |
//! | `S4xx` | `mailto` | mailto | RFC 6068 section 2 |
//! | `S5xx` | `news` | news, nntp | RFC 5538 sections 3 and 4 |
//! | `S6xx` | `legacy` | telnet, gopher, wais, prospero | RFC 1738 sections 3.4 to 3.11; RFC 4266 section 2 |
//! | `S7xx` | `mid` | mid, cid | RFC 2392 section 2 |
//! | `S8xx` | `urn` | urn | RFC 8141 sections 2 and 5.2 |
//! | `S90x` | `tel` | tel | RFC 3966 sections 3 and 5 |
//! | `S95x` | `data` | data | RFC 2397 section 3 |
//!
//! [`rules`] lists them all; `urilint rule` and the documentation are built
//! from it.
//!
//! # Offsets
//!
//! [`Violation::offset`] is a 0-based byte offset into the URI
//! ([`UriRef::as_str`]): the first byte of the offending part (the `%` of a
//! percent-encoded octet). When something required is missing, it is the
//! offset where that part would start, which may equal the length of the
//! URI.
//!
//! # Not checked (yet)
//!
//! Host names that are not ASCII, or that are percent-encoded, are left to
//! a future IDN check (RFC 5890, RFC 3986 section 3.2.2): the DNS label
//! rule (`S002`) only looks at ASCII reg-names without `%`. Scheme-specific
//! rules of schemes not listed above are not checked.

mod addr;
pub mod convention;
mod data;
mod file;
mod ftp;
mod host;
mod http;
pub mod iana;
mod legacy;
mod mailto;
mod mid;
mod news;
mod tel;
mod text;
mod urn;

use std::fmt;

use crate::grammar::UriRef;

/// One scheme-specific violation: a place where a URI, valid under the
/// generic grammar, breaks a rule of its scheme's defining document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Stable code of the rule, e.g. `"S001"` (see [`rules`]).
    pub code: &'static str,
    /// Stable kebab-case name of the rule, e.g. `"missing-host"`.
    pub name: &'static str,
    /// What is wrong, in one sentence ending with the RFC section that
    /// requires it.
    pub message: String,
    /// 0-based byte offset into the URI of the offending part (see the
    /// module documentation, "Offsets").
    pub offset: usize,
}

impl Violation {
    fn new(rule: &SchemeRule, offset: usize, message: String) -> Self {
        Violation {
            code: rule.code,
            name: rule.name,
            message,
            offset,
        }
    }
}

impl fmt::Display for Violation {
    /// `S001 at byte 7: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}: {}", self.code, self.offset, self.message)
    }
}

/// One rule of the catalogue of scheme-specific rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SchemeRule {
    /// Stable code, `S` and three digits, e.g. `"S001"`.
    pub code: &'static str,
    /// Stable kebab-case name, e.g. `"missing-host"`.
    pub name: &'static str,
    /// The schemes (lowercase) the rule applies to.
    pub schemes: &'static [&'static str],
    /// One-line summary of what the rule forbids.
    pub summary: &'static str,
    /// Where the rule comes from: RFC and section(s).
    pub source: &'static str,
}

/// Checks `uri` (already valid under the generic grammar) against the rules
/// of its scheme.
///
/// Returns the violations in order of offset; empty for a relative
/// reference, for a scheme without specific rules, and for a valid URI.
/// The scheme is matched ASCII case-insensitively (RFC 3986 section 3.1).
/// Never panics, even on a URI the generic grammar rejected (the result is
/// then a best effort).
///
/// ```
/// use urilint_uri::grammar::{parse, Grammar};
/// use urilint_uri::scheme::check;
///
/// let p = parse("http://exa_mple.com:99999/", Grammar::Rfc3986);
/// let found: Vec<_> = check(p.uri()).into_iter().map(|v| (v.code, v.offset)).collect();
/// assert_eq!(found, [("S002", 10), ("S003", 20)]);
/// assert!(check(parse("mailto:chris@example.com", Grammar::Rfc3986).uri()).is_empty());
/// ```
pub fn check(uri: &UriRef<'_>) -> Vec<Violation> {
    let mut out = Vec::new();
    let Some(scheme) = uri.scheme() else {
        return out;
    };
    let scheme = scheme.to_ascii_lowercase();
    match scheme.as_str() {
        "http" | "https" | "ws" | "wss" => http::check(uri, &scheme, &mut out),
        "ftp" => ftp::check(uri, &mut out),
        "file" => file::check(uri, &mut out),
        "mailto" => mailto::check(uri, &mut out),
        "news" | "nntp" => news::check(uri, &scheme, &mut out),
        "telnet" | "gopher" | "wais" | "prospero" => legacy::check(uri, &scheme, &mut out),
        "mid" | "cid" => mid::check(uri, &scheme, &mut out),
        "urn" => urn::check(uri, &mut out),
        "tel" => tel::check(uri, &mut out),
        "data" => data::check(uri, &mut out),
        _ => {}
    }
    out.sort_by_key(|v| v.offset);
    out
}

/// Every scheme-specific rule, in code order (for the documentation and
/// `urilint rule`).
pub fn rules() -> Vec<SchemeRule> {
    let mut all: Vec<SchemeRule> = [
        host::RULES,
        http::RULES,
        ftp::RULES,
        file::RULES,
        mailto::RULES,
        news::RULES,
        legacy::RULES,
        mid::RULES,
        urn::RULES,
        tel::RULES,
        data::RULES,
    ]
    .concat();
    all.sort_by_key(|r| r.code);
    all
}

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
    // Called for many colons in text: reject by length, then look the
    // packed name up in a perfect hash table.
    if !(2..=6).contains(&scheme.len()) {
        return false;
    }
    let mut key = 0u64;
    for (i, b) in scheme.iter().enumerate() {
        key |= u64::from(*b) << (8 * i);
    }
    is_bare_key(key, scheme.len())
}

/// [`is_bare_candidate`] for the `len` bytes (2 to 6) that end at `end`
/// in `hay`, read as one little-endian word when `end >= 8`: the scanner's
/// form, for the colon at `end` (no copy, no loop).
#[inline(always)]
pub fn is_bare_candidate_before(hay: &[u8], end: usize, len: usize) -> bool {
    if !(2..=6).contains(&len) {
        return false;
    }
    match end.checked_sub(8).and_then(|start| hay.get(start..end)) {
        Some(word) => {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(word);
            is_bare_key(u64::from_le_bytes(bytes) >> (64 - 8 * len), len)
        }
        None => hay
            .get(end.saturating_sub(len)..end)
            .is_some_and(is_bare_candidate),
    }
}

/// True when `key` (the `len` bytes of a name packed little-endian, byte
/// `i` in bits `8i..8i+8`, 2 <= `len` <= 6) is a [`BARE_SCHEMES`] name in
/// any case. Setting bit 5 of each byte lowercases an ASCII letter and
/// turns no other byte into one, and the names are lowercase letters
/// only, so one comparison decides.
#[inline(always)]
fn is_bare_key(key: u64, len: usize) -> bool {
    let lower = key | (0x2020_2020_2020 >> (8 * (6 - len)));
    BARE_TABLE.1[bare_slot(lower, BARE_TABLE.0)] == lower
}

/// The slot of `key` in [`BARE_TABLE`] under the multiplier `m`.
#[inline(always)]
const fn bare_slot(key: u64, m: u64) -> usize {
    (key.wrapping_mul(m) >> (64 - BARE_SLOT_BITS)) as usize
}

/// Bits of a slot index of [`BARE_TABLE`].
const BARE_SLOT_BITS: u32 = 6;

/// [`BARE_SCHEMES`] names packed into integers (byte `i` of the name in
/// bits `8i..8i+8`) in a perfect hash table for [`is_bare_key`]: the
/// multiplier, found at compile time, that sends no two names to the
/// same slot, and the slots (0 where no name is). Compilation fails when
/// a name is not lowercase ASCII letters or no multiplier is found.
static BARE_TABLE: (u64, [u64; 1 << BARE_SLOT_BITS]) = {
    let mut keys = [0u64; BARE_SCHEMES.len()];
    let mut n = 0;
    while n < BARE_SCHEMES.len() {
        let name = BARE_SCHEMES[n].0.as_bytes();
        assert!(name.len() >= 2 && name.len() <= 6);
        let mut i = 0;
        while i < name.len() {
            assert!(name[i].is_ascii_lowercase());
            keys[n] |= (name[i] as u64) << (8 * i);
            i += 1;
        }
        n += 1;
    }
    // Odd multipliers from the golden ratio's, until one is collision-free.
    let mut m: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut tries = 0;
    loop {
        assert!(tries < 100_000, "no perfect hash for BARE_SCHEMES");
        let mut slots = [0u64; 1 << BARE_SLOT_BITS];
        let mut ok = true;
        let mut k = 0;
        while k < keys.len() {
            let s = bare_slot(keys[k], m);
            if slots[s] != 0 {
                ok = false;
                break;
            }
            slots[s] = keys[k];
            k += 1;
        }
        if ok {
            break (m, slots);
        }
        m = m.wrapping_add(0x6A09_E667_F3BC_C90A);
        tries += 1;
    }
};

/// Minimal shape checks for `scheme:body` text without `//` found outside
/// angle brackets, so that prose does not pass for a URI: a `tel:` or
/// `fax:` number starts with `+`, a digit, `*` or `#` (RFC 3966 section 3);
/// a `data:` URI needs the `,` before its data and starts with a media
/// type (`type/subtype`), a `;` parameter or that `,` (RFC 2397 section 3:
/// `data:o,action:"add"` in a JavaScript object literal is not one); a
/// `mid:` or `cid:` id is an addr-spec with `@` (RFC 2392 section 2); every
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
    if (scheme.eq_ignore_ascii_case(b"mid") || scheme.eq_ignore_ascii_case(b"cid"))
        && !body.contains(&b'@')
    {
        // An addr-spec (RFC 2392 section 2); SDP's `a=mid:1` is not a URI.
        return false;
    }
    !scheme.eq_ignore_ascii_case(b"data") || data_shape_ok(body)
}

/// `data:` followed by `body`: `,`, `;` or a `type/subtype` media type
/// first (RFC 2397 section 3, `[ mediatype ] [ ";base64" ] "," data`;
/// RFC 2045 section 5.1 for the type's token characters), and a `,`.
fn data_shape_ok(body: &[u8]) -> bool {
    if !body.contains(&b',') {
        return false;
    }
    let token = |b: &u8| b.is_ascii_alphanumeric() || b"!#$&^_.+-".contains(b);
    match body.first() {
        Some(b',' | b';') => true,
        Some(b) if b.is_ascii_alphabetic() => {
            let n = body.iter().take_while(|b| token(b)).count();
            body.get(n) == Some(&b'/') && body.get(n + 1).is_some_and(token)
        }
        _ => false,
    }
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

    /// The perfect hash agrees with a plain case-insensitive comparison,
    /// for every name in every case, and for every word of two or three
    /// letters, digits or `+-.` and neighbours of the names (one byte
    /// changed), read from a slice and from before a colon in text.
    #[test]
    fn bare_hash_agrees_with_a_plain_comparison() {
        let naive = |w: &[u8]| {
            BARE_SCHEMES
                .iter()
                .any(|(n, _)| w.eq_ignore_ascii_case(n.as_bytes()))
        };
        let mut words: Vec<Vec<u8>> = Vec::new();
        let alphabet: Vec<u8> = (b'a'..=b'z')
            .chain(b'A'..=b'Z')
            .chain(b'0'..=b'9')
            .chain(*b"+-.@[`{ ")
            .collect();
        for &a in &alphabet {
            for &b in &alphabet {
                words.push(vec![a, b]);
                for &c in b"aAmMpPsS0@" {
                    words.push(vec![a, b, c]);
                }
            }
        }
        for (name, _) in BARE_SCHEMES {
            for i in 0..name.len() {
                for b in 0..=255u8 {
                    let mut w = name.as_bytes().to_vec();
                    w[i] = b;
                    words.push(w);
                }
            }
            words.push(name.to_ascii_uppercase().into_bytes());
            words.push(format!("x{name}").into_bytes());
            words.push(name.as_bytes()[1..].to_vec());
        }
        for w in &words {
            assert_eq!(
                is_bare_candidate(w),
                naive(w),
                "{:?}",
                String::from_utf8_lossy(w)
            );
            for pad in [0usize, 1, 7, 12] {
                let mut hay = vec![b' '; pad];
                hay.extend_from_slice(w);
                hay.push(b':');
                let end = hay.len() - 1;
                assert_eq!(
                    is_bare_candidate_before(&hay, end, w.len()),
                    naive(w),
                    "{:?} after {pad}",
                    String::from_utf8_lossy(w)
                );
            }
        }
    }

    #[test]
    fn catalogue_is_consistent() {
        let all = rules();
        assert!(
            all.windows(2).all(|w| w[0].code < w[1].code),
            "codes unique and sorted"
        );
        let mut names: Vec<_> = all.iter().map(|r| r.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len(), "names unique");
        for r in &all {
            let b = r.code.as_bytes();
            assert!(
                b.len() == 4 && b[0] == b'S' && b[1..].iter().all(u8::is_ascii_digit),
                "{r:?}"
            );
            assert!(
                r.name
                    .bytes()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-'),
                "{r:?}"
            );
            assert!(r.source.contains("RFC"), "{r:?}");
            assert!(!r.schemes.is_empty() && !r.summary.is_empty(), "{r:?}");
        }
    }

    #[test]
    fn unknown_schemes_and_relative_references_pass() {
        use crate::grammar::{parse, Grammar};
        for uri in [
            "foo://a_b:99999/x",
            "/a/b",
            "//a_b/",
            "geo:1,2",
            "HTTP://example.com/",
        ] {
            assert!(
                check(parse(uri, Grammar::Rfc3986).uri()).is_empty(),
                "{uri}"
            );
        }
    }

    #[test]
    fn scheme_is_case_insensitive() {
        assert_eq!(text::testing::found("HTTP://a_b/"), vec![("S002", 8)]);
    }

    proptest::proptest! {
        /// Whatever the text after a known scheme, valid or not under the
        /// generic grammar, `check` does not panic and its offsets stay
        /// inside the URI.
        #[test]
        fn check_never_panics(body in "[a-zA-Z0-9:/?#\\[\\]@!$&'()*+,;=%._~\\-\u{e9}\u{7d0d}]{0,40}") {
            use crate::grammar::{parse, Grammar};
            for scheme in [
                "http", "https", "ws", "wss", "ftp", "file", "mailto", "news", "nntp", "telnet",
                "gopher", "wais", "prospero", "mid", "cid", "urn", "tel", "data",
            ] {
                for sep in [":", "://"] {
                    let uri = format!("{scheme}{sep}{body}");
                    for grammar in [Grammar::Rfc3986, Grammar::Rfc2396] {
                        for v in check(parse(&uri, grammar).uri()) {
                            proptest::prop_assert!(v.offset <= uri.len(), "{uri}: {v}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn shapes() {
        assert!(bare_shape_ok(b"data", b"text/plain,hi"));
        assert!(!bare_shape_ok(b"data", b"value"));
        // JavaScript object literals (jQuery, Ace, rustdoc's stringdex).
        assert!(!bare_shape_ok(b"data", b"o,action:\"add\""));
        assert!(!bare_shape_ok(b"data", b"null,end,count"));
        assert!(!bare_shape_ok(b"data", b"/x,y"));
        assert!(bare_shape_ok(b"data", b";base64,SGVsbG8="));
        assert!(bare_shape_ok(
            b"data",
            b"image/svg+xml;charset=utf-8,%3Csvg"
        ));
        assert!(bare_shape_ok(b"tel", b"+1-816-555-1212"));
        assert!(!bare_shape_ok(b"tel", b"home"));
        assert!(bare_shape_ok(b"mailto", b"a@b"));
        assert!(!bare_shape_ok(b"cid", b"="));
        assert!(!bare_shape_ok(b"mid", b"1"));
        assert!(bare_shape_ok(
            b"mid",
            b"960830.1639@XIson.com/partA.960830.1639@XIson.com"
        ));
        assert!(!bare_shape_ok(b"news", b"!?"));
        assert!(bare_shape_ok(b"mailto", b"?to=joe@example.com"));
        assert!(bare_shape_ok(b"geo", b"-48.876667,-123.393333"));
        assert!(bare_shape_ok(b"data", b",A%20brief%20note"));
        assert!(bare_shape_ok(b"sms", b"+15105550101?body=hello"));
    }
}
