//! Chunk-boundary invariance of the scanner: the records for an input are
//! identical whatever the read buffer size. Swept over every fixture, a
//! sample of the corpus (skipped without `../shared`), and random inputs
//! made of the characters the delimiting rules care about.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use urilint::scan::{Found, ScanOptions, Scanner};

type Rec = (String, u64, u64, String, Option<(u64, u64)>);

fn records(data: &[u8], chunk: usize, relative: bool) -> Vec<Rec> {
    let opts = ScanOptions {
        chunk_size: chunk,
        relative_in_angle: relative,
        ..ScanOptions::default()
    };
    let mut scanner = Scanner::new(data, opts);
    let mut out = Vec::new();
    while let Some(found) = scanner.next_found().expect("slices read without error") {
        match found {
            Found::Uri(c) => {
                let span = c.span();
                assert_eq!(
                    &data[span.start as usize..span.end as usize],
                    c.raw().as_bytes()
                );
                let pos = c.start().map(|p| (p.line, p.column));
                out.push((
                    c.text().to_string(),
                    span.start,
                    span.end,
                    c.delimiter().name().into(),
                    pos,
                ));
            }
            Found::TooLong(t) => {
                out.push((String::new(), t.offset, t.offset, "too-long".into(), None))
            }
        }
    }
    out
}

fn check_all_chunk_sizes(data: &[u8], what: &str) {
    for relative in [false, true] {
        let whole = records(data, 1 << 20, relative);
        for chunk in [1, 2, 3, 5, 8, 13, 64, 4096] {
            assert_eq!(
                records(data, chunk, relative),
                whole,
                "{what}: chunk size {chunk}"
            );
        }
    }
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
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

#[test]
fn every_fixture_scans_the_same_in_any_chunk_size() {
    let mut files = Vec::new();
    files_under(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
        &mut files,
    );
    assert!(files.len() > 20);
    for f in files {
        let data = std::fs::read(&f).expect("fixture readable");
        check_all_chunk_sizes(&data, &f.display().to_string());
    }
}

#[test]
fn a_corpus_sample_scans_the_same_in_any_chunk_size() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !corpus.is_dir() {
        crate::support::skip("../shared/corpus not found");
        return;
    }
    for rel in [
        "rfc/rfc1738.txt",
        "rfc/rfc2396.txt",
        "rfc/rfc9505.txt",
        "rfc/rfc5870.txt",
        "news/20news-bydate-test/sci.space/61448",
        "docs/rust-rfcs/text/2845-supertrait-item-shadowing.md",
    ] {
        let path = corpus.join(rel);
        let Ok(data) = std::fs::read(&path) else {
            crate::support::skip(format!("{} not found", path.display()));
            continue;
        };
        // Chunk size 1 over a whole RFC is slow in debug builds; 2 and up
        // still put a boundary at every second byte.
        for relative in [false, true] {
            let whole = records(&data, 1 << 20, relative);
            for chunk in [2, 7, 100, 4096] {
                assert_eq!(
                    records(&data, chunk, relative),
                    whole,
                    "{rel}: chunk size {chunk}"
                );
            }
        }
    }
}

/// Pieces that random inputs are made of: the delimiters, line breaks,
/// scheme beginnings, and bytes that are not UTF-8.
const PIECES: &[&[u8]] = &[
    b"http://",
    b"mailto:",
    b"urn:",
    b"cid:",
    b"<",
    b">",
    b"URL:",
    b"url: ",
    b"\"",
    b"'",
    b"`",
    b" ",
    b"\n",
    b"\r\n",
    b"\r",
    b"\t",
    b"-",
    b".",
    b",",
    b"(",
    b")",
    b"[",
    b"]",
    b"a.example",
    b"/x",
    b"?q=1",
    b"#f",
    b"%41",
    b"%zz",
    b"@",
    b"\xc3\xa9",
    b"\xff",
    b"ht",
    b"tp:",
    b":",
    b"//",
    b"../g",
    b"<http://a/b-\n  c>",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_text_scans_the_same_in_any_chunk_size(
        pieces in proptest::collection::vec(prop::sample::select(PIECES), 0..60)
    ) {
        let data: Vec<u8> = pieces.concat();
        check_all_chunk_sizes(&data, &format!("{:?}", String::from_utf8_lossy(&data)));
    }
}
