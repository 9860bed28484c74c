//! Fuzz target for the Appendix E scanner: for any bytes, scanning never
//! panics, every record's byte span lies in the input and holds its raw
//! text, and the records are the same whatever the read buffer size.
//!
//! The URI length cap is 4 KiB (it was 64 bytes, too short to reach runs
//! of hyphen-broken lines or long delimited URIs, issue 11); tiny read
//! sizes rescan a candidate at every read, so sizes 1 and 7 are tried on
//! inputs of up to 8 KiB and size 61 on all. Each input is scanned three
//! ways: plain, with relative references in angle brackets, and with
//! abbreviated URLs (RFC 2396 Appendix F), with positions and without
//! (a too-long candidate placed the same either way), and positions
//! counted on demand are those counted for every candidate.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilint::scan::{Found, ScanOptions, Scanner};

fn records(
    data: &[u8],
    chunk: usize,
    (relative, abbreviated): (bool, bool),
    positions: bool,
) -> Vec<(String, u64, u64, String)> {
    let opts = ScanOptions {
        chunk_size: chunk,
        positions,
        max_uri_len: 4096,
        relative_in_angle: relative,
        abbreviated,
        markers: true,
        ..ScanOptions::default()
    };
    let mut scanner = Scanner::new(data, opts);
    let mut out = Vec::new();
    // The suppression markers the scan notes: increasing, each a real
    // marker, and every marker before what the scan has passed noted
    // (unless it stopped noting them).
    let mut noted: Vec<u64> = Vec::new();
    let mut passed = 0;
    let mut lost = false;
    while let Ok(Some(found)) = scanner.next_found() {
        match found.markers() {
            None => lost = true,
            Some(m) => {
                assert!(!lost, "markers noted again after the scan stopped");
                noted.extend_from_slice(m);
            }
        }
        passed = passed.max(found.passed());
        match found {
            Found::Uri(c) => {
                let span = c.span();
                assert!(span.start <= span.end && span.end <= data.len() as u64);
                let raw = &data[span.start as usize..span.end as usize];
                assert_eq!(raw, c.raw().as_bytes());
                assert!(!c.text().is_empty());
                if c.abbreviated() {
                    assert!(c.text().starts_with("http://") || c.text().starts_with("ftp://"));
                    assert_eq!(c.source_offset(0), span.start);
                }
                out.push((
                    c.text().to_string(),
                    span.start,
                    span.end,
                    format!("{:?}", c.delimiter()),
                ));
            }
            Found::TooLong(t) => {
                assert!(t.offset <= data.len() as u64);
                // Placed alike with positions on and off (off: lines are
                // counted only now, over a buffer kept whole or not).
                out.push((String::new(), t.offset, t.offset, format!("too-long {:?}", t.position)));
            }
        }
    }
    assert!(noted.windows(2).all(|w| w[0] < w[1]), "{noted:?}");
    // The word in any case, as the scanner reads it since 8076441
    // (`UriLint:`, `urilinT:`), the colon exact.
    let is_marker = |colon: usize| {
        colon >= 7
            && data[colon] == b':'
            && data[colon - 7..colon].eq_ignore_ascii_case(b"urilint")
    };
    for &m in &noted {
        assert!(is_marker(m as usize), "{m} is not a marker");
    }
    if !lost {
        for colon in (0..data.len()).filter(|&i| data[i] == b':' && (i as u64) < passed) {
            if is_marker(colon) {
                assert!(noted.binary_search(&(colon as u64)).is_ok(), "marker at {colon} not noted");
            }
        }
    }
    for m in noted {
        out.push((String::new(), m, m, "marker".into()));
    }
    out
}

/// The start and end of the URIs whose offset is not 1 modulo 3 (the
/// others are never asked), counted for every candidate or on demand.
fn positions(data: &[u8], chunk: usize, on_demand: bool) -> Vec<(u64, String)> {
    let opts = ScanOptions {
        chunk_size: chunk,
        max_uri_len: 4096,
        positions_on_demand: on_demand,
        ..ScanOptions::default()
    };
    let mut scanner = Scanner::new(data, opts);
    let mut out = Vec::new();
    while let Ok(Some(found)) = scanner.next_found() {
        if let Found::Uri(c) = found {
            if c.span().start % 3 != 1 {
                out.push((c.span().start, format!("{:?} {:?}", c.start(), c.end())));
            }
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let eager = positions(data, 1 << 16, false);
    assert_eq!(positions(data, 61, true), eager);
    assert_eq!(positions(data, 1 << 16, true), eager);
    if data.len() <= 8192 {
        assert_eq!(positions(data, 7, true), eager);
    }
    for how in [(false, false), (true, false), (false, true)] {
        let whole = records(data, 1 << 16, how, true);
        assert_eq!(records(data, 61, how, true), whole);
        // Without positions: the same records, too-long candidates placed
        // the same, whether the buffer keeps the whole input (a large
        // chunk) or drops bytes on the way (a small one).
        assert_eq!(records(data, 1 << 16, how, false), whole);
        assert_eq!(records(data, 61, how, false), whole);
        if data.len() <= 8192 {
            assert_eq!(records(data, 1, how, true), whole);
            assert_eq!(records(data, 7, how, true), whole);
            assert_eq!(records(data, 7, how, false), whole);
        }
    }
});
