//! The boundary argument of [`super`] checked: scanning the chunks of a
//! text apart, offsets and lines moved by each chunk's start, finds what
//! scanning it whole finds, on generated text at chunk sizes from 1 byte
//! up, and on the files of `fixtures/` (and `../shared/corpus` when it is
//! there).

use super::*;
use crate::position::{LineTracker, Position};
use crate::scan::{ScanOptions, Scanned, Scanner};
use proptest::prelude::*;

/// The scan options of `extract` (plain text: hard-wrapped URIs joined),
/// with positions, and abbreviated URLs when `abbreviated`.
fn options(max_uri_len: usize, abbreviated: bool) -> ScanOptions {
    ScanOptions {
        max_uri_len,
        positions: true,
        abbreviated,
        join_wrapped_lines: true,
        chunk_size: 4096,
        ..ScanOptions::default()
    }
}

/// One scanned item, everything it says, with its offsets and lines
/// moved by `bytes` and `lines`. Of the context before it, only what
/// follows its last line break (what a chunk's scanner sees of it).
fn describe(item: &Scanned, bytes: u64, lines: u64) -> String {
    let at = |p: Option<Position>| {
        p.map(|p| Position {
            line: p.line + lines,
            column: p.column,
        })
    };
    match item {
        Scanned::Uri(u) => {
            let before = u.context_before();
            let cut = before
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .map_or(0, |i| i + 1);
            format!(
                "uri {:?} raw {:?} span {:?} outer {:?} {:?} prefix {} broken {} unclosed {} \
                 relative {} abbreviated {} joined {} wrapped {} elided {} rst {} hyphens {:?} \
                 start {:?} end {:?} before {:?}",
                u.text(),
                u.raw(),
                u.span().start + bytes..u.span().end + bytes,
                u.outer_span().start + bytes..u.outer_span().end + bytes,
                u.delimiter(),
                u.url_prefix(),
                u.broken(),
                u.unclosed(),
                u.relative(),
                u.abbreviated(),
                u.joined(),
                u.wrapped(),
                u.elided(),
                u.rst_link(),
                u.hyphen_breaks(),
                at(u.start()),
                at(u.end()),
                &before[cut..],
            )
        }
        Scanned::TooLong(t) => format!("too long at {} {:?}", t.offset + bytes, at(t.position)),
    }
}

fn scan_all(text: &[u8], opts: &ScanOptions, bytes: u64, lines: u64) -> Vec<String> {
    Scanner::new(text, opts.clone())
        .into_iter()
        .map(|item| match item {
            Ok(item) => describe(&item, bytes, lines),
            Err(e) => format!("error {e}"),
        })
        .collect()
}

/// What the chunks of `text` (about `chunk` bytes) find, moved by their
/// starts and the line breaks before them.
fn scan_chunks(text: &[u8], opts: &ScanOptions, chunk: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut lines = 0;
    let mut covered = 0;
    for range in Chunks::new(text, chunk) {
        assert_eq!(range.start, covered, "chunks cover the text in order");
        covered = range.end;
        let part = &text[range.clone()];
        out.extend(scan_all(part, opts, range.start as u64, lines));
        let mut t = LineTracker::new();
        t.advance(part);
        lines += t.position().line - 1;
    }
    assert_eq!(covered, text.len());
    out
}

fn assert_same(text: &[u8], opts: &ScanOptions, chunk: usize) {
    let whole = scan_all(text, opts, 0, 0);
    let split = scan_chunks(text, opts, chunk);
    assert_eq!(
        whole,
        split,
        "chunk size {chunk}, text {:?}",
        String::from_utf8_lossy(text)
    );
}

/// Pieces of text that meet at chunk boundaries in every way the rules
/// know: URIs of many shapes, delimiters, `URL:`, hyphen breaks, line
/// breaks of three kinds, empty and blank lines, reply and comment
/// prefixes, long lines (hard wrapping), non-UTF-8 bytes.
fn piece() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(b"http://example.org/a/b".to_vec()),
        Just(b"https://x.example.com/p?q=1&r=2#frag".to_vec()),
        Just(b"ftp://ftp.example.net/pub/".to_vec()),
        Just(b"mailto:someone@example.org".to_vec()),
        Just(b"mailto:xcb at lists.example".to_vec()),
        Just(b"urn:isbn:0451450523".to_vec()),
        Just(b"news:comp.infosystems.www".to_vec()),
        Just(b"cid:part1@example".to_vec()),
        Just(b"geo:66.0,30".to_vec()),
        Just(b"www.example.org/path".to_vec()),
        Just(b"ftp.example.org".to_vec()),
        Just(b"jdbc:mysql://db.example/x".to_vec()),
        Just(b"http://a.example/very-".to_vec()),
        Just(b"long-path/x".to_vec()),
        Just(b"http://".to_vec()),
        Just(b"ht".to_vec()),
        Just(b"tp".to_vec()),
        Just(b"://b.example/".to_vec()),
        Just(b"<".to_vec()),
        Just(b">".to_vec()),
        Just(b"\"".to_vec()),
        Just(b"'".to_vec()),
        Just(b"`".to_vec()),
        Just(b"URL:".to_vec()),
        Just(b"URL: ".to_vec()),
        Just(b"<URL:".to_vec()),
        Just(b":".to_vec()),
        Just(b"-".to_vec()),
        Just(b"/".to_vec()),
        Just(b".".to_vec()),
        Just(b",".to_vec()),
        Just(b"(".to_vec()),
        Just(b")".to_vec()),
        Just(b"^".to_vec()),
        Just(b"`_".to_vec()),
        Just(b"...".to_vec()),
        Just(b"Note: see".to_vec()),
        Just(b"the".to_vec()),
        Just(b"word".to_vec()),
        Just(b"path/x.html".to_vec()),
        Just(b"a=1&b=2".to_vec()),
        Just(b" ".to_vec()),
        Just(b"  ".to_vec()),
        Just(b"\t".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"\r".to_vec()),
        Just(b"\n\n".to_vec()),
        Just(b"\r\n\r\n".to_vec()),
        Just(b"\n \n".to_vec()),
        Just(b"\n\r\n".to_vec()),
        Just(b"> ".to_vec()),
        Just(b"// ".to_vec()),
        Just(b"# ".to_vec()),
        Just(b"xmlns=".to_vec()),
        Just(b"\xff".to_vec()),
        Just(b"\xc3\xa9".to_vec()),
        Just(b"\xc3".to_vec()),
        Just(b"\xe2\x80\xa6".to_vec()),
        // A line of some 70 characters: a URI at its end may be joined to
        // the next line's first word (hard wrapping).
        Just(b"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do ei".to_vec()),
    ]
}

fn text() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(piece(), 0..120).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn chunks_find_what_the_whole_finds(
        text in text(),
        chunk in 1usize..4096,
        max in prop_oneof![Just(65_536usize), 16usize..80],
        abbreviated: bool,
    ) {
        assert_same(&text, &options(max, abbreviated), chunk);
    }
}

#[test]
fn chunks_find_what_the_whole_finds_at_tiny_sizes() {
    // Every chunk size up to 64 bytes on texts that hold each boundary
    // case next to an empty line.
    let texts: [&[u8]; 8] = [
        b"URL:\n\nhttp://a.example/\n\n<ht\n\ntp://b.example/>\n\nx",
        b"see <http://a.example/x-\n\ny.html> and\r\n\r\nhttp://b.example/\r\n\r\n",
        b"\"http://a.example/\n\n\"http://b.example/\"\n\n'x'",
        b"// see http://a.example/a-\n\n// b\n\nwww.example.org\n\n:x",
        b"mailto:xcb\n\nat lists.example\n\n<mailto:a@b.example>",
        b"x\r\r\nhttp://a.example/\r\r\n\n\nURL: news:comp.x\n\n",
        b"Lorem ipsum dolor sit amet, consectetur adipiscing elit http://a.example/\n\npath/x.html\n\n",
        b"tp\n\n://x.example/\n\nhttp\n://y.example/\n\n<geo:\n\n66,30>",
    ];
    for text in texts {
        for chunk in 1..64 {
            assert_same(text, &options(65_536, true), chunk);
            assert_same(text, &options(16, false), chunk);
        }
    }
}

/// Every file under `dir`, in a stable order.
fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn check_tree(dir: &std::path::Path, chunks: &[usize]) -> usize {
    let mut paths = Vec::new();
    files(dir, &mut paths);
    let opts = options(65_536, false);
    for path in &paths {
        let Ok(text) = std::fs::read(path) else {
            continue;
        };
        for &chunk in chunks {
            let whole = scan_all(&text, &opts, 0, 0);
            let split = scan_chunks(&text, &opts, chunk);
            assert!(
                whole == split,
                "{}: chunk size {chunk}: the chunks differ from the whole",
                path.display()
            );
        }
    }
    paths.len()
}

#[test]
fn chunks_of_the_fixtures_find_what_the_whole_finds() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let n = check_tree(&dir, &[1, 100, 4096]);
    assert!(n > 100, "only {n} fixture files read");
}

#[test]
fn chunks_of_the_shared_corpus_find_what_the_whole_finds() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !dir.is_dir() {
        // CI has it (`.ci/run`, which sets URILINT_TEST_STRICT=1 so that
        // this cannot pass by skipping there); a clone of the crate alone
        // does not.
        assert!(
            std::env::var_os("URILINT_TEST_STRICT").is_none_or(|v| v != "1"),
            "{} not found (URILINT_TEST_STRICT=1: a missing input fails)",
            dir.display()
        );
        eprintln!("skipped: {} not found", dir.display());
        return;
    }
    let n = check_tree(&dir, &[1000]);
    assert!(n > 100, "only {n} corpus files read");
}

#[test]
fn a_cut_follows_an_empty_line_before_a_byte_that_cannot_reach_back() {
    let cut = |t: &[u8]| (1..t.len()).filter(|&p| is_cut(t, p)).collect::<Vec<_>>();
    assert_eq!(cut(b"a\n\nb"), [3]);
    assert_eq!(cut(b"a\r\n\r\nb"), [5]);
    assert_eq!(cut(b"a\n\r\nb"), [4]);
    // A line of spaces, a lone CR, white space or a colon after the cut,
    // a scheme run before `:` or a line break: no cut.
    assert!(cut(b"a\n \nb").is_empty());
    assert!(cut(b"a\r\rb\r\r\nc").is_empty());
    assert_eq!(cut(b"a\n\n\nb"), [4]);
    assert!(cut(b"a\n\n:b").is_empty());
    assert!(cut(b"a\n\nhttp://x").is_empty());
    assert!(cut(b"<ht\n\ntp\n://x>").is_empty());
    assert_eq!(cut(b"URL:\n\n<http://x>"), [6]);
    assert_eq!(cut(b"a\n\nThe end."), [3]);
    assert_eq!(cut(b"a\n\nend"), [3]);
    // `b` then a line break could be the first half of a split scheme.
    assert!(cut(b"a\n\nb\nc").is_empty());
    assert_eq!(next_cut(b"a\n\n(b)\n\nc", 4), Some(8));
    assert_eq!(next_cut(b"a\n\nb", 4), None);
    let chunks: Vec<_> = Chunks::new(b"a\n\n(b)\n\nc", 1).collect();
    assert_eq!(chunks, [0..3, 3..8, 8..9]);
    // No cut: one chunk.
    let chunks: Vec<_> = Chunks::new(b"abc\ndef\n", 1).collect();
    assert_eq!(chunks, vec![(0..8)]);
}

#[test]
fn map_in_order_folds_in_order_whatever_the_helpers() {
    for helpers in [0, 1, 3] {
        for ahead in [1, 2, 8] {
            let mut n = 0;
            let mut folded = Vec::new();
            map_in_order(
                || {
                    n += 1;
                    (n <= 50).then_some(n)
                },
                helpers,
                ahead,
                |i, c: usize| {
                    // Uneven work, so that pieces finish out of order.
                    let spin = (c * 7919) % 13 * 1000;
                    let mut x = 0u64;
                    for k in 0..spin {
                        x = x.wrapping_add(k as u64);
                    }
                    (i, c, x)
                },
                |(i, c, _)| folded.push((i, c)),
                || false,
            );
            let want: Vec<_> = (0..50).map(|i| (i, i + 1)).collect();
            assert_eq!(folded, want, "helpers {helpers}, ahead {ahead}");
        }
    }
}

#[test]
fn map_in_order_goes_on_alone_when_helpers_yield() {
    let mut n = 0;
    let mut folded = Vec::new();
    map_in_order(
        || {
            n += 1;
            (n <= 20).then_some(n)
        },
        2,
        4,
        |_, c: usize| c * 2,
        |c| folded.push(c),
        || true,
    );
    assert_eq!(folded, (1..=20).map(|c| c * 2).collect::<Vec<_>>());
}

#[test]
fn line_bases_sum_the_chunks_before() {
    let bases = LineBases::new();
    bases.publish(2, 5);
    bases.publish(0, 3);
    assert_eq!(bases.before(0), 0);
    assert_eq!(bases.before(1), 3);
    std::thread::scope(|s| {
        let waiting = s.spawn(|| bases.before(3));
        bases.publish(1, 4);
        assert_eq!(waiting.join().unwrap_or(0), 12);
    });
    assert_eq!(bases.before(2), 7);
}

/// The helpers' thread-local values are dropped before `map_in_order`
/// returns (stop 65: the scope's own join returned before them, which a
/// leak checker saw as leaks of the scanner's kept buffers).
#[test]
fn map_in_order_helpers_end_before_it_returns() {
    static PROBE: super::exit_probe::Probe = super::exit_probe::Probe::new();
    let main = std::thread::current().id();
    let mut n = 0;
    map_in_order(
        move || {
            (n < 64).then(|| {
                n += 1;
                n
            })
        },
        2,
        4,
        |_, c: usize| {
            if std::thread::current().id() == main {
                // A helper marks its thread before this one goes on (at
                // most 5 s): the test cannot pass with no helper at all.
                for _ in 0..5000 {
                    if PROBE.touched() > 0 {
                        break;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
            } else {
                PROBE.touch();
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
            c
        },
        |_| {},
        || false,
    );
    assert!(PROBE.touched() >= 1);
    assert_eq!(PROBE.dropped(), PROBE.touched());
}
