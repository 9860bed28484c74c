//! Parser benchmark (criterion): urilint's RFC 3986 parser against the
//! `fluent-uri` crate (RFC 3986, zero-copy) and the `url` crate (WHATWG),
//! on the URIs that `urilint` extracts from `../shared/corpus/rfc` and
//! `../shared/corpus/docs` (or `fixtures/` without the corpus). Reported as
//! elements (URIs) per second; divide to get ns per URI.
//!
//! Run: `cargo bench --bench parse`.
//!
//! The three do different amounts of work: `url` normalizes and allocates
//! the serialization; fluent-uri and urilint validate and record component
//! positions without allocating.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use urilint::grammar::{parse, Grammar};
use urilint::scan::{Found, ScanOptions, Scanner};

const LIMIT: usize = 20_000;

fn corpus_uris() -> Vec<String> {
    // The main crate's directory (this crate is its bench/ member).
    let root = &Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dirs = [
        root.join("../shared/corpus/rfc"),
        root.join("../shared/corpus/docs"),
    ];
    let mut files = Vec::new();
    for dir in &dirs {
        for entry in ignore::WalkBuilder::new(dir)
            .sort_by_file_name(|a, b| a.cmp(b))
            .build()
            .flatten()
        {
            if entry.file_type().is_some_and(|t| t.is_file()) {
                files.push(entry.into_path());
            }
        }
    }
    if files.is_empty() {
        for entry in ignore::WalkBuilder::new(root.join("fixtures"))
            .build()
            .flatten()
        {
            if entry.file_type().is_some_and(|t| t.is_file()) {
                files.push(entry.into_path());
            }
        }
    }
    let mut out = Vec::new();
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        let mut scanner = Scanner::new(&bytes[..], ScanOptions::default());
        while let Ok(Some(found)) = scanner.next_found() {
            if let Found::Uri(c) = found {
                if c.text().is_ascii() {
                    out.push(c.text().to_string());
                }
            }
        }
        if out.len() >= LIMIT {
            break;
        }
    }
    out.truncate(LIMIT);
    out
}

fn benches(c: &mut Criterion) {
    let uris = corpus_uris();
    let mut g = c.benchmark_group("parse-corpus");
    g.throughput(Throughput::Elements(uris.len() as u64));
    g.sample_size(30);
    g.bench_function("urilint-rfc3986", |b| {
        b.iter(|| {
            uris.iter()
                .filter(|u| parse(black_box(u), Grammar::Rfc3986).is_valid())
                .count()
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            uris.iter()
                .filter(|u| fluent_uri::UriRef::parse(black_box(u.as_str())).is_ok())
                .count()
        })
    });
    g.bench_function("url", |b| {
        b.iter(|| {
            uris.iter()
                .filter(|u| url::Url::parse(black_box(u)).is_ok())
                .count()
        })
    });
    g.finish();

    let one = "foo://user@example.com:8042/over/there?name=ferret#nose";
    let mut g = c.benchmark_group("parse-one");
    g.bench_function("urilint-rfc3986", |b| {
        b.iter(|| parse(black_box(one), Grammar::Rfc3986).is_valid())
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| fluent_uri::UriRef::parse(black_box(one)).is_ok())
    });
    g.bench_function("url", |b| {
        b.iter(|| url::Url::parse(black_box(one)).is_ok())
    });
    g.finish();
}

criterion_group!(parse_benches, benches);
criterion_main!(parse_benches);
