//! Fuzz target for the URI grammars, normalization and resolution: for
//! any input and every grammar, parsing never panics, the components lie in
//! the input on character boundaries and in order, `Display` reproduces
//! the input byte for byte, and valid means no errors; normalization of a
//! valid input is idempotent and gives a valid URI-reference; resolving a
//! valid input against fixed bases gives a valid URI.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilint::grammar::{parse, Grammar};
use urilint::normalize::{normalize_str, NormalizeOptions};
use urilint::resolve::{resolve_str, ResolveOptions};

const BASES: [&str; 4] = ["http://a/b/c/d;p?q", "foo:a/b", "http://a", "file:///x/y/"];

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    for grammar in [Grammar::Rfc3986, Grammar::Rfc3987, Grammar::Rfc2396, Grammar::Rfc2396Ipv6] {
        let p = parse(s, grammar);
        let uri = p.uri();
        assert_eq!(uri.to_string(), s);
        assert_eq!(p.is_valid(), p.errors().is_empty());
        let c = uri.components();
        let mut last = 0;
        for r in [&c.scheme, &c.authority, &Some(c.path.clone()), &c.query, &c.fragment]
            .into_iter()
            .flatten()
        {
            assert!(r.start <= r.end && r.end <= s.len());
            assert!(s.is_char_boundary(r.start) && s.is_char_boundary(r.end));
            assert!(r.start >= last, "components out of order in {s:?}");
            last = r.end;
        }
        for e in p.errors() {
            assert!(e.offset <= s.len());
        }
        if !p.is_valid() {
            continue;
        }
        let nopts = NormalizeOptions {
            grammar,
            ..NormalizeOptions::default()
        };
        if let Ok(n) = normalize_str(s, nopts) {
            assert!(parse(&n, grammar).is_valid(), "normalized {s:?} to invalid {n:?}");
            assert_eq!(normalize_str(&n, nopts).ok().as_deref(), Some(n.as_str()), "not idempotent on {s:?}");
        }
        for base in BASES {
            let ropts = ResolveOptions {
                grammar,
                ..ResolveOptions::default()
            };
            if let Ok(t) = resolve_str(base, s, ropts) {
                let tp = parse(&t, grammar);
                assert!(tp.is_valid(), "{base} + {s:?} = invalid {t:?}");
                assert!(tp.uri().scheme().is_some(), "{base} + {s:?} = {t:?} has no scheme");
            }
        }
    }
});
