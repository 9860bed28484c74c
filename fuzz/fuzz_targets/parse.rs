//! Fuzz target for the URI grammars: for any input and every grammar,
//! parsing never panics, the components lie in the input on character
//! boundaries and in order, `Display` reproduces the input byte for byte,
//! and valid means no errors.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilint::grammar::{parse, Grammar};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    for grammar in [Grammar::Rfc3986, Grammar::Rfc2396, Grammar::Rfc2396Ipv6] {
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
    }
});
