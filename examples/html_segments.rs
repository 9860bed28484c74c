//! Times `urilint::format::html::segments` on HTML files and prints what
//! it found: per file, the size, the segments by kind and the time of the
//! best of a few runs.
//!
//! Usage: `html_segments [--repeat N] FILE...`; with `--repeat N` each
//! file is also timed as N copies of itself, one document (e.g. 45 copies
//! of a 23 KB pipermail index make a 1 MB document).
//!
//! Build: `cargo build --release --example html_segments`.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use urilint::format::html::segments;

/// The best time of `runs` runs of `segments` on `html`, and the segment
/// counts (text, attribute, comment) of the last run.
fn time(html: &[u8], runs: usize) -> (Duration, [usize; 3]) {
    let mut best = Duration::MAX;
    let mut counts = [0; 3];
    for _ in 0..runs {
        let start = Instant::now();
        let segs = segments(html);
        best = best.min(start.elapsed());
        counts = [0; 3];
        for s in &segs {
            match s.kind.name() {
                "html-text" => counts[0] += 1,
                "html-attribute" => counts[1] += 1,
                _ => counts[2] += 1,
            }
        }
    }
    (best, counts)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1).peekable();
    let mut repeat = 1;
    if args.peek().map(String::as_str) == Some("--repeat") {
        args.next();
        repeat = match args.next().and_then(|n| n.parse().ok()) {
            Some(n) => n,
            None => {
                eprintln!("usage: html_segments [--repeat N] FILE...");
                return ExitCode::from(2);
            }
        };
    }
    for path in args {
        let html = match std::fs::read(&path) {
            Ok(h) => h,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let (t, [text, attr, comment]) = time(&html, 20);
        println!(
            "{path}: {} bytes, {text} text, {attr} attribute, {comment} comment segments, {:.3} ms",
            html.len(),
            t.as_secs_f64() * 1e3
        );
        if repeat > 1 {
            let big = html.repeat(repeat);
            let (t, [text, attr, comment]) = time(&big, 5);
            println!(
                "{path} x{repeat}: {} bytes, {text} text, {attr} attribute, {comment} comment segments, {:.3} ms",
                big.len(),
                t.as_secs_f64() * 1e3
            );
        }
    }
    ExitCode::SUCCESS
}
