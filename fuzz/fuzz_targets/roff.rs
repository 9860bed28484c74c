//! Fuzz target for the roff reader (`urilint::format::roff`): for any
//! bytes, decoding into segments (with and without code), the ranges that
//! fixes and markers keep out of, never panic; every byte of a segment
//! maps inside the input, and every range lies inside it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilint::format::roff;

fuzz_target!(|data: &[u8]| {
    let len = data.len() as u64;
    for include_code in [false, true] {
        for s in roff::segments(data, include_code) {
            // Each byte of the decoded text comes from inside the input
            // (a map need not be monotonic: an interpolated string maps to
            // its definition, earlier).
            for k in 0..s.text.len() as u64 {
                let span = s.map.span(k..k + 1);
                assert!(span.start <= span.end && span.end <= len, "{span:?} of {len}");
            }
        }
    }
    for ranges in [
        roff::code_ranges(data),
        roff::fix_excluded(data),
        roff::fix_excluded_with_code(data),
        roff::marker_unsafe_ranges(data),
    ] {
        for r in ranges {
            assert!(r.start <= r.end && r.end <= len, "{r:?} of {len}");
        }
    }
});
