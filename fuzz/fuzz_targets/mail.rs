//! Fuzz target for the format layer (issues 12 and 13): for any bytes read
//! as a mailbox, as one message, as HTML, Markdown, reStructuredText and
//! AsciiDoc, decoding never panics, every
//! piece's text maps into the input, and every span of a piece maps to a
//! span inside its unit's bytes, exact spans to the very bytes; and a
//! mailbox split in place (`mbox::Spans`, over a mapped file) gives the
//! messages the stream's split (`mbox::Mbox`) gives, whatever its buffer
//! and cap, never missing a `>From ` line it says is not there.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilint::format::detect::InputFormat;
use urilint::format::ReadOptions;
use urilint::format::mbox::{unquote_from, Mbox, RawMessage, Spans};
use urilint::format::unit;

fn split_alike(data: &[u8]) {
    for (capacity, max) in [(64, 512), (4096, 64 * 1024 * 1024)] {
        let mut stream = Mbox::with_limit(std::io::BufReader::with_capacity(capacity, data), max);
        let mut read: Vec<RawMessage> = Vec::new();
        while let Ok(Some(m)) = stream.next_message() {
            read.push(m);
        }
        let spans: Vec<_> = Spans::with_limit(data, max).collect();
        for s in &spans {
            assert!(s.quoted_from || unquote_from(s.bytes(data)).is_none(), "{s:?}");
        }
        let mapped: Vec<RawMessage> = spans.iter().map(|s| s.to_raw(data)).collect();
        assert_eq!(mapped, read);
    }
}

fn check(data: &[u8], format: InputFormat) {
    let total = data.len() as u64;
    let _ = unit::for_each(data, format, ReadOptions::default(), |u, pieces| {
        let end = u.offset + u.raw.len() as u64;
        assert!(end <= total);
        for p in &pieces {
            let n = p.text.len() as u64;
            for (s, e) in [(0, n), (0, n.min(1)), (n / 2, n), (n / 3, (2 * n) / 3)] {
                let span = p.chain.span(s..e);
                assert!(span.start <= span.end, "{span:?}");
                assert!(span.start >= u.offset && span.end <= end, "{span:?} outside {}..{end}", u.offset);
                if p.chain.is_exact(s..e) {
                    assert_eq!(u.bytes(span), &p.text[s as usize..e as usize]);
                }
            }
            let _ = u.position(u.offset + u.raw.len() as u64 / 2);
        }
        Ok(())
    });
}

fuzz_target!(|data: &[u8]| {
    split_alike(data);
    check(data, InputFormat::Mbox);
    check(data, InputFormat::Mail);
    check(data, InputFormat::Html);
    check(data, InputFormat::Markdown);
    check(data, InputFormat::Rst);
    check(data, InputFormat::Asciidoc);
});
