//! Micro-benchmarks (criterion) of the scanner and the parser.
//!
//! Run: `cargo bench --bench scan` (all groups, about two minutes), or one
//! group: `cargo bench --bench scan -- scan/`, `-- per-uri`,
//! `-- linearity`. Whole-process figures against `rg -o` and `linkify` are
//! `benches/compare.sh`'s.
//!
//! Input of `scan/` and `per-uri/`: a 32 MiB sample of the whole
//! `../shared/corpus` built by its `make-bench-input.sh` (mixed RFCs, mail,
//! news, docs, the same mix as `compare.sh`'s (a)), held in memory; the
//! bundled `fixtures/` repeated to 4 MiB when the corpus is absent.
//! `URILINT_BENCH_CORPUS=rfc` (or any corpus folder, e.g. `mail`) samples
//! that folder alone.
//!
//! * `scan/` (bytes per second, on the same bytes): `memchr-colon` is a
//!   bare `memchr` pass counting `:` (the floor: the scanner looks at every
//!   colon); `candidates` is the scanner alone (reading through its
//!   buffer, the Appendix E rules at each colon, no line/column positions,
//!   no parsing); `candidates+positions` adds line and column numbers;
//!   `scan+parse` is the whole work of `urilint check` short of output:
//!   scan with positions and parse every URI (RFC 3986). After the group a
//!   summary line prints the ratio of each to `memchr-colon` (its own
//!   timing: best of 5 runs).
//! * `per-uri/` (elements = URIs found, so criterion prints URIs per
//!   second; 1e9 / that = ns per URI): the scanner, and the RFC 3986 and
//!   RFC 2396 parsers on the URIs the scanner found.
//! * `linearity/` (bytes per second): hostile patterns at N, 2N and 4N
//!   bytes, scanned with positions and every URI parsed; the patterns of
//!   issue 11 go further: hyphen-broken lines and unclosed `<http://...`
//!   (per line and on one line) through the whole linter with suppression
//!   lookups (`check` short of printing), and a file with a fix for every
//!   URI through the fixer (`check --fix` in memory). Linear work shows
//!   as the same throughput at every size; after each pattern a summary
//!   line prints t(2N)/t(N) and t(4N)/t(2N), which should be near 2.0 and
//!   at most 2.2 (a quadratic scan would show 4.0), and for the linter
//!   patterns the size of the findings (messages and URIs) at each size,
//!   which should double with N too.

use std::fs;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use urilint::grammar::{parse, Grammar};
use urilint::lint::Linter;
use urilint::scan::{Found, ScanOptions, Scanner};

/// Size of the corpus sample, in MiB.
const SAMPLE_MIB: usize = 32;

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// The corpus sample (built once and kept under the system temporary
/// directory), or the fixtures repeated.
fn input() -> (Vec<u8>, String) {
    // The main crate's directory (this crate is its bench/ member).
    let root = &Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let script = root.join("../shared/corpus/make-bench-input.sh");
    let part = std::env::var("URILINT_BENCH_CORPUS").unwrap_or_default();
    let part = part.trim_matches('/');
    let safe = part
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if script.is_file() && safe {
        let label = if part.is_empty() { "mixed" } else { part };
        let out = std::env::temp_dir().join(format!("urilint-bench-{label}-{SAMPLE_MIB}.txt"));
        let ready = fs::metadata(&out).is_ok_and(|m| m.len() == (SAMPLE_MIB << 20) as u64);
        let made = ready
            || std::process::Command::new("sh")
                .arg(&script)
                .arg(SAMPLE_MIB.to_string())
                .arg(&out)
                .args((!part.is_empty()).then_some(part))
                .stdout(std::process::Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
        if made {
            if let Ok(bytes) = fs::read(&out) {
                let what = if part.is_empty() {
                    "corpus sample (make-bench-input.sh 32)".to_string()
                } else {
                    format!("corpus sample (make-bench-input.sh 32 OUT {part})")
                };
                return (bytes, what);
            }
        }
    }
    let mut files = Vec::new();
    files_under(&root.join("fixtures"), &mut files);
    let mut text = Vec::new();
    while text.len() < 4 << 20 && !files.is_empty() {
        for f in &files {
            if let Ok(bytes) = fs::read(f) {
                text.extend_from_slice(&bytes);
                text.push(b'\n');
            }
        }
    }
    (text, "fixtures/ repeated (no ../shared/corpus)".to_string())
}

/// The scanner alone: every candidate found, none parsed.
fn candidates(text: &[u8], positions: bool) -> usize {
    let opts = ScanOptions {
        positions,
        ..ScanOptions::default()
    };
    let mut scanner = Scanner::new(text, opts);
    let mut n = 0;
    while let Ok(Some(found)) = scanner.next_found() {
        if let Found::Uri(c) = found {
            n += c.text().len();
        }
    }
    n
}

/// Scan with positions and parse every URI: `urilint check` short of
/// building diagnostics and writing them.
fn scan_parse(text: &[u8]) -> usize {
    let mut scanner = Scanner::new(text, ScanOptions::default());
    let mut valid = 0;
    while let Ok(Some(found)) = scanner.next_found() {
        if let Found::Uri(c) = found {
            if parse(c.text(), Grammar::Rfc3986).is_valid() {
                valid += 1;
            }
        }
    }
    valid
}

fn uris(text: &[u8]) -> Vec<String> {
    let mut scanner = Scanner::new(text, ScanOptions::default());
    let mut out = Vec::new();
    while let Ok(Some(found)) = scanner.next_found() {
        if let Found::Uri(c) = found {
            out.push(c.text().to_string());
        }
    }
    out
}

/// Best of `runs` timings of `f` (for the summary lines only; criterion's
/// estimates are the reference).
fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// True when a group named `name` was selected by the command line's
/// filter (criterion's positional argument, a regular expression), so
/// that the summaries run only with their group.
fn selected(name: &str) -> bool {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    filters.is_empty()
        || filters.iter().any(|f| {
            f.contains(name)
                || regex::Regex::new(f).map_or(name.contains(f.as_str()), |r| r.is_match(name))
        })
}

fn gib_per_s(bytes: usize, t: Duration) -> f64 {
    bytes as f64 / t.as_secs_f64() / f64::from(1u32 << 30)
}

fn scan_group(c: &mut Criterion, text: &[u8], what: &str) {
    let mut g = c.benchmark_group("scan");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.sample_size(20);
    g.bench_function("memchr-colon", |b| {
        b.iter(|| memchr::memchr_iter(b':', black_box(text)).count())
    });
    g.bench_function("candidates", |b| {
        b.iter(|| candidates(black_box(text), false))
    });
    g.bench_function("candidates+positions", |b| {
        b.iter(|| candidates(black_box(text), true))
    });
    g.bench_function("scan+parse", |b| b.iter(|| scan_parse(black_box(text))));
    g.finish();
    if selected("scan/") {
        let base = best_of(5, || memchr::memchr_iter(b':', text).count());
        let rows = [
            ("candidates", best_of(5, || candidates(text, false))),
            (
                "candidates+positions",
                best_of(5, || candidates(text, true)),
            ),
            ("scan+parse", best_of(5, || scan_parse(text))),
        ];
        println!(
            "summary scan/ on {what}, {} MiB: memchr-colon {:.2} GiB/s",
            text.len() >> 20,
            gib_per_s(text.len(), base)
        );
        for (name, t) in rows {
            println!(
                "summary scan/{name}: {:.2} GiB/s, {:.2}x the memchr pass's time",
                gib_per_s(text.len(), t),
                t.as_secs_f64() / base.as_secs_f64()
            );
        }
    }
}

fn per_uri_group(c: &mut Criterion, text: &[u8]) {
    let list = uris(text);
    let mut g = c.benchmark_group("per-uri");
    g.throughput(Throughput::Elements(list.len() as u64));
    g.sample_size(20);
    g.bench_function("scanner", |b| b.iter(|| candidates(black_box(text), false)));
    for (name, grammar) in [
        ("parse-rfc3986", Grammar::Rfc3986),
        ("parse-rfc2396", Grammar::Rfc2396),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                list.iter()
                    .filter(|u| parse(black_box(u), grammar).is_valid())
                    .count()
            })
        });
    }
    g.finish();
    if selected("per-uri/") {
        let n = list.len().max(1) as f64;
        let scan = best_of(5, || candidates(text, false));
        let p3986 = best_of(5, || {
            list.iter()
                .filter(|u| parse(u, Grammar::Rfc3986).is_valid())
                .count()
        });
        println!(
            "summary per-uri/ ({} URIs): scanner {:.0} ns per URI found, parse-rfc3986 {:.0} ns per URI",
            list.len(),
            scan.as_nanos() as f64 / n,
            p3986.as_nanos() as f64 / n
        );
    }
}

/// A hostile input of about `n` bytes.
fn hostile(pattern: &str, n: usize) -> Vec<u8> {
    let uri = b"http://en.wikipedia.org/wiki/Foo_(bar)";
    let mut v = Vec::with_capacity(n + 64);
    let repeat = |v: &mut Vec<u8>, unit: &[u8]| {
        while v.len() < n {
            v.extend_from_slice(unit);
        }
    };
    match pattern {
        "angle-unclosed" => {
            v.resize(n, b'<');
            v.extend_from_slice(b" http://a.example/b");
        }
        "double-quotes" => {
            v.resize(n, b'"');
            v.extend_from_slice(b"http://a.example/b\"");
        }
        "http-repeated" => {
            repeat(&mut v, b"http://");
            v.extend_from_slice(b" http://a.example/");
        }
        "nested-parens" => {
            let k = n.saturating_sub(uri.len()) / 2;
            v.resize(k, b'(');
            v.extend_from_slice(uri);
            v.resize(v.len() + k, b')');
        }
        "one-long-line" => {
            repeat(
                &mut v,
                b"lorem ipsum dolor sit amet: consectetur adipiscing elit sed do ",
            );
            v.extend_from_slice(b" see http://a.example/end.");
        }
        // Issue 11, item 1: every line ends in a hyphen and the next goes
        // on with a letter, so the whole input is one run.
        "hyphen-broken-lines" => repeat(&mut v, b"http://a.example/a-\n"),
        // Issue 11, item 2: `<` never closed, one per line, and all on one
        // line (findings read the line back for suppression markers).
        "angle-unclosed-lines" => repeat(&mut v, b"<http://a.example/\n"),
        "angle-unclosed-one-line" => repeat(&mut v, b"<http://a.example/"),
        // Issue 11, item 4a: a fix for every URI of the file (N004 and
        // N005: uppercase scheme and host).
        "many-fixes" => repeat(&mut v, b"<HTTP://A.EXAMPLE/> "),
        _ => {
            // "short-uris": many short bare URIs, one per line.
            repeat(&mut v, b"http://a/b <mailto:x@y> \"ftp://c/d\"\n");
        }
    }
    v
}

/// What a linearity pattern measures.
#[derive(Clone, Copy)]
enum Work {
    /// Scan with positions and parse every URI ([`scan_parse`]).
    Scan,
    /// `check` short of printing: every finding of the default rules,
    /// suppression markers looked up; the result is the bytes of the
    /// findings' messages and URIs (a measure of the output's size).
    Lint,
    /// `check --fix` in memory: lint and apply the fixes to a fixed point.
    Fix,
}

/// Patterns, their work, and N (their inputs are N, 2N and 4N bytes).
const PATTERNS: [(&str, Work, usize); 10] = [
    ("angle-unclosed", Work::Scan, 1_000_000),
    ("double-quotes", Work::Scan, 1_000_000),
    ("http-repeated", Work::Scan, 1_000_000),
    ("nested-parens", Work::Scan, 1_000_000),
    ("one-long-line", Work::Scan, 1_000_000),
    ("short-uris", Work::Scan, 1_000_000),
    ("hyphen-broken-lines", Work::Lint, 1_000_000),
    ("angle-unclosed-lines", Work::Lint, 1_000_000),
    ("angle-unclosed-one-line", Work::Lint, 1_000_000),
    ("many-fixes", Work::Fix, 250_000),
];

/// The findings of `text` with the default rules: the bytes of their
/// messages and URIs.
fn lint(text: &[u8]) -> usize {
    let linter = Linter::new(Grammar::Rfc3986);
    linter
        .lint_bytes("bench", text, &linter.rules, &ScanOptions::default())
        .map_or(0, |found| {
            found.iter().map(|d| d.message.len() + d.uri.len()).sum()
        })
}

/// The text fixed to a fixed point; the result is its length.
fn fix(text: &[u8]) -> usize {
    let linter = Linter::new(Grammar::Rfc3986);
    linter
        .fix_bytes("bench", text, &linter.rules, &ScanOptions::default())
        .map_or(0, |fixed| fixed.bytes.len())
}

fn run(work: Work, text: &[u8]) -> usize {
    match work {
        Work::Scan => scan_parse(text),
        Work::Lint => lint(text),
        Work::Fix => fix(text),
    }
}

fn linearity_group(c: &mut Criterion) {
    // N = 10^6 bytes: the 10^6 '<' and '"' of tests/it/hostile.rs; the
    // parentheses are 5 x 10^5 each side at N. The fixer's pattern uses
    // N = 2.5 x 10^5 (12,500 fixes), so that a quadratic fixer still ends.
    let mut g = c.benchmark_group("linearity");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(300));
    g.measurement_time(Duration::from_secs(1));
    for (pattern, work, n) in PATTERNS {
        let inputs: Vec<Vec<u8>> = [n, 2 * n, 4 * n]
            .iter()
            .map(|&n| hostile(pattern, n))
            .collect();
        for text in &inputs {
            g.throughput(Throughput::Bytes(text.len() as u64));
            g.bench_with_input(
                BenchmarkId::new(pattern, text.len()),
                text.as_slice(),
                |b, t| b.iter(|| run(work, black_box(t))),
            );
        }
        if selected(&format!("linearity/{pattern}")) {
            let t: Vec<Duration> = inputs.iter().map(|x| best_of(5, || run(work, x))).collect();
            let out = match work {
                Work::Lint => {
                    let sizes: Vec<usize> = inputs.iter().map(|x| lint(x)).collect();
                    format!(
                        "; output {} / {} / {} bytes, o(2N)/o(N) {:.2}",
                        sizes[0],
                        sizes[1],
                        sizes[2],
                        sizes[1] as f64 / sizes[0].max(1) as f64
                    )
                }
                _ => String::new(),
            };
            println!(
                "summary linearity/{pattern}: N {:.2} ms, 2N {:.2} ms, 4N {:.2} ms; t(2N)/t(N) {:.2}, t(4N)/t(2N) {:.2} (2.0 = linear, at most 2.2 wanted){out}",
                t[0].as_secs_f64() * 1e3,
                t[1].as_secs_f64() * 1e3,
                t[2].as_secs_f64() * 1e3,
                t[1].as_secs_f64() / t[0].as_secs_f64(),
                t[2].as_secs_f64() / t[1].as_secs_f64()
            );
        }
    }
    g.finish();
}

fn benches(c: &mut Criterion) {
    let (text, what) = input();
    scan_group(c, &text, &what);
    per_uri_group(c, &text);
    linearity_group(c);
}

criterion_group!(scan, benches);
criterion_main!(scan);
