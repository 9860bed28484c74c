//! Fuzz target for framed standard input (`--stdin-format jsonl` and
//! `netstring`, `urilint::framed`): for any bytes, reading documents never
//! panics, ends (every item consumes input), and a netstring input gives
//! at most one error, its last item.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilint::framed::{documents, StdinFormat};

fuzz_target!(|data: &[u8]| {
    for format in [StdinFormat::Jsonl, StdinFormat::Netstring] {
        let items: Vec<_> = documents(data, format).collect();
        // Each item reads at least one byte of input.
        assert!(items.len() <= data.len(), "{} items from {} bytes", items.len(), data.len());
        if format == StdinFormat::Netstring {
            let errors = items.iter().filter(|i| i.is_err()).count();
            assert!(errors <= 1);
            if errors == 1 {
                assert!(items.last().is_some_and(|i| i.is_err()));
            }
        }
    }
});
