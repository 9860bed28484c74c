//! Micro-benchmarks (criterion): scanner throughput in bytes per second,
//! parser time per URI, on real text.
//!
//! Input: the RFCs of `../shared/corpus/rfc` (up to 16 MiB, files in name
//! order), or the bundled `fixtures/` when the corpus is absent.
//!
//! Run: `cargo bench --bench scan`. Whole-process figures against
//! `rg -o` are `benches/compare.sh`'s.

use std::fs;
use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use urilint::grammar::{parse, Grammar};
use urilint::scan::{Found, ScanOptions, Scanner};

const LIMIT: usize = 16 << 20;

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

fn input() -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("../shared/corpus/rfc");
    let dir = if corpus.is_dir() {
        corpus
    } else {
        root.join("fixtures")
    };
    let mut files = Vec::new();
    files_under(&dir, &mut files);
    let mut text = Vec::new();
    for f in files {
        if let Ok(bytes) = fs::read(&f) {
            text.extend_from_slice(&bytes);
            text.push(b'\n');
        }
        if text.len() >= LIMIT {
            text.truncate(LIMIT);
            break;
        }
    }
    text
}

fn scan_all(text: &[u8], positions: bool) -> usize {
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

fn benches(c: &mut Criterion) {
    let text = input();
    let mut g = c.benchmark_group("scan");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.sample_size(20);
    g.bench_function("candidates", |b| {
        b.iter(|| scan_all(black_box(&text), false))
    });
    g.bench_function("candidates+positions", |b| {
        b.iter(|| scan_all(black_box(&text), true))
    });
    g.bench_function("memchr-colon-baseline", |b| {
        b.iter(|| memchr::memchr_iter(b':', black_box(&text)).count())
    });
    g.finish();

    let list = uris(&text);
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Elements(list.len() as u64));
    for (name, grammar) in [("rfc3986", Grammar::Rfc3986), ("rfc2396", Grammar::Rfc2396)] {
        g.bench_function(name, |b| {
            b.iter(|| {
                list.iter()
                    .filter(|u| parse(black_box(u), grammar).is_valid())
                    .count()
            })
        });
    }
    g.finish();
}

criterion_group!(scan, benches);
criterion_main!(scan);
