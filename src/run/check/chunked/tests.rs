//! `check` of one large file split across threads gives the output of
//! one pass: generated text with URIs, `urilint: ignore` markers and
//! `urilint: disable` blocks near the cuts, after a megabyte of text
//! with no cut (so that the file is mapped, and the chunks' lines and
//! offsets are far from 0), checked with two threads at many chunk sizes
//! and with one thread, in JSON Lines (positions, offsets, fixes) and in
//! the human format (excerpts read back, columns in UTF-16, the summary).

use proptest::prelude::*;

use crate::lint::{Linter, Selection};
use crate::output::Format;
use crate::pipeline::Outputs;
use crate::position::ColumnUnit;
use crate::run::{check_split, Analysis, CheckOptions, RunOptions};
use crate::split::SplitOptions;

/// The output and the error output of `check --select ALL` of `file`
/// with `threads`, split as `split` says.
fn check(
    file: &std::path::Path,
    format: Format,
    threads: usize,
    split: SplitOptions,
) -> (Vec<u8>, Vec<u8>) {
    check_with(every_rule(), file, format, threads, split)
}

/// A linter of every rule.
fn every_rule() -> Linter {
    let rules = Selection {
        select: Some(vec!["ALL".to_string()]),
        ..Selection::default()
    }
    .resolve()
    .expect("ALL is a selector");
    Linter {
        rules,
        ..Linter::default()
    }
}

/// [`check`] with `linter`.
fn check_with(
    linter: Linter,
    file: &std::path::Path,
    format: Format,
    threads: usize,
    split: SplitOptions,
) -> (Vec<u8>, Vec<u8>) {
    let mut ch = CheckOptions::reporting(Analysis {
        linter,
        configs: None,
        links: None,
        link_ignore: None,
    });
    ch.column_unit = ColumnUnit::Utf16;
    let opts = RunOptions {
        paths: vec![file.to_path_buf()],
        threads,
        format,
        mmap: crate::source::Mmap::Auto,
        ..RunOptions::for_settings(&crate::config::Settings::default())
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    check_split(
        &opts,
        &ch,
        Outputs {
            out: &mut out,
            err: &mut err,
        },
        split,
    )
    .expect("the check runs");
    (out, err)
}

/// Pieces that meet at cuts: URIs with findings (and fixes), markers
/// of every kind in several cases and comment syntaxes, empty lines of
/// three kinds, words, context a rule reads before a URI.
fn piece() -> impl Strategy<Value = &'static [u8]> {
    prop_oneof![
        Just(&b"http://a.example/%zz"[..]),
        Just(&b"HTTP://B.example:80/x"[..]),
        Just(&b"<http://c.example/ d>"[..]),
        Just(&b"http://e.example/a-"[..]),
        Just(&b"http://user:pw@f.example/"[..]),
        Just(&b"<URL:http://g.example/%7e>"[..]),
        Just(&b"mailto:someone@example.org"[..]),
        Just(&b"\"urn:x:y\""[..]),
        Just(&b"xmlns=\""[..]),
        Just(&b"url."[..]),
        Just(&b"urilint: disable"[..]),
        Just(&b"# urilint: disable[U002]"[..]),
        Just(&b"<!-- Urilint: Disable[D] -->"[..]),
        Just(&b"urilint: enable"[..]),
        Just(&b"URILINT: ENABLE"[..]),
        Just(&b"# urilint: ignore"[..]),
        Just(&b"// urilint: ignore[U002, D006]"[..]),
        Just(&b"urilint:"[..]),
        Just(&b"see"[..]),
        Just(&b"the"[..]),
        Just(&b" "[..]),
        Just(&b"\n"[..]),
        Just(&b"\n"[..]),
        Just(&b"\r\n"[..]),
        Just(&b"\n\n"[..]),
        Just(&b"\n\n"[..]),
        Just(&b"\r\n\r\n"[..]),
        Just(&b"\n\r\n"[..]),
        Just(&b"\xc3\xa9\xf0\x9f\x98\x80"[..]),
    ]
}

/// A megabyte and a bit of text with no cut (so that the file is mapped
/// and the first chunk runs to the first cut after it), opened by
/// `head`, then `body`.
fn file_text(head: &[u8], body: &[u8]) -> Vec<u8> {
    let mut text = head.to_vec();
    while text.len() < (1 << 20) + 100 {
        text.extend_from_slice(b"a line of text before the generated part\n");
    }
    text.extend_from_slice(b"\n\n");
    text.extend_from_slice(body);
    text
}

/// `text` checked in chunks of each of `chunks` bytes with two threads
/// gives what one thread gives, in JSON Lines and the human format.
fn assert_same(text: &[u8], chunks: &[usize]) {
    assert_same_named("big.txt", text, chunks);
}

/// [`assert_same`] of a file named `name`.
fn assert_same_named(name: &str, text: &[u8], chunks: &[usize]) {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join(name);
    std::fs::write(&file, text).expect("write");
    for format in [Format::Jsonl, Format::Human] {
        let whole = check(&file, format, 1, SplitOptions::default());
        for &chunk in chunks {
            let split = SplitOptions { chunk, min_len: 0 };
            let parts = check(&file, format, 2, split);
            assert!(
                whole == parts,
                "{format:?}, chunk size {chunk}: the split check differs\n\
                 one pass:\n{}{}\nsplit:\n{}{}\ntext after the first megabyte: {:?}",
                String::from_utf8_lossy(&whole.0),
                String::from_utf8_lossy(&whole.1),
                String::from_utf8_lossy(&parts.0),
                String::from_utf8_lossy(&parts.1),
                String::from_utf8_lossy(&text[(1 << 20)..]),
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn split_check_gives_the_output_of_one_pass(
        head in prop_oneof![
            Just(&b""[..]),
            Just(&b"urilint: disable[U002]\n"[..]),
            Just(&b"<!-- urilint: disable -->\n"[..]),
        ],
        pieces in prop::collection::vec(piece(), 0..160),
        chunk in 1usize..300,
    ) {
        let body = pieces.concat();
        assert_same(&file_text(head, &body), &[chunk, 1]);
    }
}

#[test]
fn a_block_opened_chunks_before_holds_and_one_closed_ends() {
    // Blocks opened and closed in chunks before the finding's, an
    // `ignore` on the line before a URI at a chunk's start (the empty
    // line of the cut is the line before: it suppresses nothing), and a
    // listed block that covers one rule of two. One pass reports some of
    // these and suppresses others; the split check must say the same.
    // Each "Some text." paragraph starts a chunk at the smallest size (a
    // paragraph that starts with a scheme and `:`, or with a word and a
    // line break, does not: `split::is_cut`).
    let body = b"urilint: disable\n\nSome text.\n\nhttp://a.example/%zz\n\n\
        Some text.\n\nhttp://b.example/%zz\n\nSome text.\n\nurilint: enable\n\n\
        Some text.\n\nhttp://c.example/%zz\n\nSome text.\n\n# urilint: ignore\n\n\
        http://d.example/%zz\n\n# urilint: disable[U002]\n\nSome text.\n\n\
        HTTP://e.example/%zz\n\nSome text.\n\nurilint: enable\n\nSome text.\n\n\
        http://f.example/%zz\n";
    let cuts = (1..body.len())
        .filter(|&p| crate::split::is_cut(body, p))
        .count();
    assert_eq!(cuts, 10, "the paragraphs are chunks of their own");
    let text = file_text(b"", body);
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("big.txt");
    std::fs::write(&file, &text).expect("write");
    let (whole, _) = check(&file, Format::Jsonl, 1, SplitOptions::default());
    let found = codes_and_uris(&whole);
    let codes = |host: &str| -> Vec<&str> {
        found
            .iter()
            .filter(|(_, u)| u.contains(host))
            .map(|(c, _)| c.trim_matches('"'))
            .collect()
    };
    // What one pass says: a and b in the block, c after it, d after an
    // empty line after its marker (reported), e's U002 in the listed
    // block (its other findings reported), f after the block.
    for host in ["a.example", "b.example"] {
        assert!(codes(host).is_empty(), "{host} suppressed: {found:?}");
    }
    for host in ["c.example", "d.example", "f.example"] {
        assert!(codes(host).contains(&"U002"), "{host} reported: {found:?}");
    }
    let e = codes("e.example");
    assert!(!e.is_empty() && !e.contains(&"U002"), "e: {found:?}");
    assert_same(&text, &[1, 8, 30, 100]);
}

#[test]
fn remote_links_are_noted_in_the_order_first_seen() {
    // The first pass of `--links remote` notes each http and https URI
    // in the order first seen (the order they are requested in): the
    // chunks of a split input note them in the file's order too, each
    // once, whichever thread lints which chunk first.
    let mut body = Vec::new();
    for i in 0..400 {
        body.extend_from_slice(
            format!(
                "Some text: http://h{}.example/p{}\n\n",
                (i * 7919) % 101,
                i % 3
            )
            .as_bytes(),
        );
    }
    let text = file_text(b"", &body);
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("big.txt");
    std::fs::write(&file, &text).expect("write");
    let noted = |threads: usize, split: SplitOptions| {
        let links = std::sync::Arc::new(crate::remote::RemoteLinks::collecting());
        let linter = Linter {
            remote: Some(std::sync::Arc::clone(&links)),
            ..every_rule()
        };
        check_with(linter, &file, Format::Jsonl, threads, split);
        links.collected()
    };
    let whole = noted(1, SplitOptions::default());
    // 303 pairs of host and path (i mod 101, i mod 3), each once.
    assert_eq!(whole.len(), 303, "each URI once");
    for chunk in [1, 40, 1000] {
        for _ in 0..3 {
            let split = noted(2, SplitOptions { chunk, min_len: 0 });
            assert_eq!(whole, split, "chunk size {chunk}");
        }
    }
}

/// The (code, URI) pairs of a JSON Lines check's output.
fn codes_and_uris(jsonl: &[u8]) -> Vec<(String, String)> {
    String::from_utf8_lossy(jsonl)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            (v["code"].to_string(), v["uri"].to_string())
        })
        .collect()
}

#[test]
fn the_test_regions_of_a_rust_file_hold_in_every_chunk() {
    // The URIs of a Rust file's tests are invalid on purpose and not
    // reported (`lint::suppress`): the regions are read once from the
    // file's head, and every chunk, the first to need them or not, must
    // see them.
    let mut text = Vec::new();
    while text.len() < (1 << 20) + 100 {
        text.extend_from_slice(b"// a line of a comment before the code\n");
    }
    text.extend_from_slice(
        b"\nfn main() {}\n\n// see http://x.example/%zz\n\n#[cfg(test)]\nmod tests {\n\n\
          const A: &str = \"http://a.example/%zz\";\n\n// Some text.\n\n\
          const B: &str = \"http://b.example/%zz\";\n\n}\n\n// see http://c.example/%zz\n",
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("big.rs");
    std::fs::write(&file, &text).expect("write");
    let (whole, _) = check(&file, Format::Jsonl, 1, SplitOptions::default());
    let found = codes_and_uris(&whole);
    let has = |host: &str| found.iter().any(|(_, u)| u.contains(host));
    assert!(has("x.example") && has("c.example"), "{found:?}");
    assert!(!has("a.example") && !has("b.example"), "{found:?}");
    assert_same_named("big.rs", &text, &[1, 20, 60]);
}
