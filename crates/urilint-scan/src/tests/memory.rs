//! Tests of the inputs a scanner reads: mapped files, text in memory,
//! reused and kept buffers, and positions given on demand.

use super::*;

/// `input` written to a temporary file and scanned through a map
/// ([`Scanner::mapped`]) in windows of `chunk` bytes.
pub(super) fn mapped_with(input: &[u8], opts: ScanOptions) -> Vec<Seen> {
    use std::io::Write;
    let mut f = tempfile::NamedTempFile::new().expect("temporary file");
    f.write_all(input).expect("write");
    f.flush().expect("flush");
    let file = std::fs::File::open(f.path()).expect("open");
    let map = crate::mmap::Mapping::of(&file, input.len() as u64).expect("map");
    seen_all(Scanner::mapped(map, opts))
}

#[test]
fn a_mapped_file_scans_as_its_bytes_read() {
    // Real text of every kind the fixtures hold, in windows of several
    // sizes, positions on and off.
    let mut input = Vec::new();
    for bytes in files_of(&["fixtures/check", "fixtures/precision", "fixtures/ci"]) {
        input.extend_from_slice(&bytes);
        input.push(b'\n');
    }
    assert!(input.len() > 1000, "fixtures not found");
    for chunk in [1, 7, 64, 4096, 256 * 1024] {
        for positions in [true, false] {
            let opts = ScanOptions {
                chunk_size: chunk,
                positions,
                ..ScanOptions::default()
            };
            assert_eq!(
                mapped_with(&input, opts.clone()),
                seen_all(Scanner::new(&input[..], opts)),
                "chunk size {chunk}, positions {positions}"
            );
        }
    }
}

#[test]
fn a_mapped_file_past_the_release_step_keeps_its_positions() {
    // More than one release step of text, so that pages behind the window
    // are handed back; then a too-long candidate, whose position is
    // counted over those pages (read again), and a URI after it. Without
    // positions a map counts lines only for a too-long candidate, from
    // where the last one left off: a second one, two release steps on,
    // must be placed as exactly.
    let mut input = Vec::new();
    let filler = |input: &mut Vec<u8>, upto: usize| {
        while input.len() < upto {
            input.extend_from_slice(b"see <http://a.example/x> and http://b.example/y.\r\n\n");
        }
    };
    filler(&mut input, crate::mmap::RELEASE_STEP + 300_000);
    input.extend_from_slice(b"http://c.example/");
    input.extend(std::iter::repeat_n(b'z', 70_000));
    input.extend_from_slice(b" then <mailto:d@example.org>\n");
    filler(&mut input, 3 * crate::mmap::RELEASE_STEP + 5_000);
    input.extend_from_slice(b"\r  <http://e.example/");
    input.extend(std::iter::repeat_n(b'z', 70_000));
    input.extend_from_slice(b">\n");
    for positions in [true, false] {
        let opts = ScanOptions {
            positions,
            ..ScanOptions::default()
        };
        let mapped = mapped_with(&input, opts.clone());
        let read = seen_all(Scanner::new(&input[..], opts));
        assert_eq!(mapped.len(), read.len());
        assert_eq!(mapped.last(), read.last());
        assert_eq!(mapped, read, "positions {positions}");
        let too_long: Vec<_> = mapped
            .iter()
            .filter(|s| s.text.starts_with("<too long"))
            .collect();
        assert_eq!(too_long.len(), 2);
        assert!(too_long[0].start.is_some_and(|p| p.line > 100_000));
        assert!(too_long[1].start.is_some_and(|p| p.line > 3 * 100_000));
    }
}

/// Every item of [`Scanner::in_memory`] over `input`, scanning with the
/// buffers `kept` (left by earlier texts) and handing them back.
pub(super) fn in_memory_with(input: &[u8], opts: ScanOptions, kept: &mut ScanBuffers) -> Vec<Seen> {
    let mut s = Scanner::in_memory(input, opts, std::mem::take(kept));
    let mut out = Vec::new();
    while let Some(f) = s.next_found().expect("scanning memory cannot fail") {
        out.push(seen(f));
    }
    *kept = s.into_buffers();
    out
}

/// Real text of the fixtures (the checks' inputs, mail and news), each
/// file whole.
pub(super) fn fixture_texts() -> Vec<Vec<u8>> {
    files_of(&[
        "fixtures/check",
        "fixtures/precision",
        "fixtures/mail",
        "fixtures/news",
        "fixtures/delimiters",
    ])
}

/// The bytes of each file right in `dirs` (not below; paths from the
/// workspace root, where `fixtures/` is), in name order. Panics when a folder cannot be read or
/// none holds a file: a test over them must not pass on nothing.
pub(super) fn files_of(dirs: &[&str]) -> Vec<Vec<u8>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut texts = Vec::new();
    for dir in dirs {
        let entries = std::fs::read_dir(root.join(dir)).expect("a fixtures folder");
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if let Ok(bytes) = std::fs::read(&p) {
                texts.push(bytes);
            }
        }
    }
    assert!(!texts.is_empty(), "no file in {dirs:?}");
    texts
}

/// Issue 27: a text in memory ([`Scanner::in_memory`], how the pieces of
/// decoded mail are scanned) gives what a reader of it gives, in chunks
/// of any size, with every option set that decoded pieces use, and with
/// buffers reused from the texts before it (a long one first, so that
/// stale bytes past the end would show).
#[test]
fn a_text_in_memory_scans_as_its_bytes_read() {
    let texts = fixture_texts();
    assert!(texts.len() > 20, "fixtures not found");
    let settings = [
        ScanOptions::default(),
        ScanOptions {
            positions: false,
            max_uri_len: 40,
            ..ScanOptions::default()
        },
        ScanOptions {
            relative_in_angle: true,
            keep_spaces_in_angle: true,
            join_wrapped_lines: true,
            missing_colon: true,
            abbreviated: true,
            ..ScanOptions::default()
        },
    ];
    let mut kept = ScanBuffers::default();
    let mut longest = texts.clone();
    longest.sort_by_key(|t| std::cmp::Reverse(t.len()));
    let order = longest.iter().take(1).chain(texts.iter());
    let mut found = 0;
    for text in order {
        for opts in &settings {
            let got = in_memory_with(text, opts.clone(), &mut kept);
            found += got.len();
            for chunk in [3, 4096, 1 << 20] {
                let read = seen_all(Scanner::new(
                    &text[..],
                    ScanOptions {
                        chunk_size: chunk,
                        ..opts.clone()
                    },
                ));
                assert_eq!(got, read, "chunk {chunk}, {opts:?}");
            }
        }
    }
    assert!(found > 1000, "{found}");
}

proptest::proptest! {
    /// [`Scanner::in_memory`] and a reader in small chunks agree on
    /// generated text made of URI pieces, delimiters and line breaks.
    #[test]
    fn in_memory_and_read_agree_on_generated_text(
        parts in proptest::collection::vec(
            proptest::sample::select(vec![
                "http://a.example/", "https://b.example/x?y=1#z", "<", ">", "\"",
                " ", "\n", "\r\n", "-\n", "mailto:", "c@d.example", " at ", "www.e.example",
                "http//f.example", "URL:", "(", ")", ".", ",", "é", "\u{fffd}", "\t",
                "urn:ietf:rfc:3986", "...", "/path/to", "%20", "=", "&", "a",
            ]),
            0..60,
        ),
        chunk in 1usize..40,
    ) {
        let text = parts.concat();
        let opts = ScanOptions {
            relative_in_angle: true,
            join_wrapped_lines: true,
            missing_colon: true,
            abbreviated: true,
            max_uri_len: 32,
            ..ScanOptions::default()
        };
        let mut kept = ScanBuffers::default();
        // Buffers left dirty by a longer text first.
        let _ = in_memory_with("x http://long.example/".repeat(50).as_bytes(), opts.clone(), &mut kept);
        let got = in_memory_with(text.as_bytes(), opts.clone(), &mut kept);
        let read = seen_all(Scanner::new(text.as_bytes(), ScanOptions { chunk_size: chunk, ..opts }));
        proptest::prop_assert_eq!(got, read);
    }
}

/// A scanner that takes the buffer a dropped one left on its thread sees
/// only its own input: the same URIs as a scanner on a fresh thread, for
/// short inputs that end where the previous input held more of a URI.
#[test]
fn a_reused_buffer_shows_nothing_of_the_previous_input() {
    fn texts(input: &'static str) -> Vec<String> {
        Scanner::new(input.as_bytes(), ScanOptions::default())
            .into_iter()
            .filter_map(|r| match r.expect("slice") {
                Scanned::Uri(u) => Some(u.text().to_string()),
                Scanned::TooLong(_) => None,
            })
            .collect()
    }
    let inputs = [
        "x",
        "http:",
        "see http://new.example/",
        "http://new.exa",
        "<http://a.b/c",
    ];
    let fresh: Vec<Vec<String>> = std::thread::spawn(move || inputs.map(texts).to_vec())
        .join()
        .expect("thread");
    for (input, want) in inputs.iter().zip(&fresh) {
        let long = "see http://old.example/a-long-path-of-the-old-input ".repeat(2000);
        let mut s = Scanner::new(long.as_bytes(), ScanOptions::default());
        let mut n = 0;
        while s.next_found().expect("slice").is_some() {
            n += 1;
        }
        assert_eq!(n, 2000);
        drop(s);
        assert_eq!(&texts(input), want, "{input:?}");
    }
}

/// Without positions, a reader's input is kept whole while the buffer
/// stays under four chunks (nothing dropped, no line counted); a
/// too-long candidate still gets the line and column it gets with
/// positions, at chunk sizes whose cap holds the whole text and at sizes
/// that drop bytes on the way.
#[test]
fn too_long_candidates_are_placed_with_the_buffer_kept_or_not() {
    let mut text = String::new();
    for i in 0..3000 {
        text.push_str(&format!("line {i} http://a.example/{i}\r\n"));
        if i % 7 == 0 {
            text.push_str("x\n\rcr\r");
        }
        if i == 1500 {
            text.push_str(&format!("mid http://m.example/{}\n", "m".repeat(150)));
        }
    }
    text.push_str(&format!("tail http://b.example/{}\n", "b".repeat(200)));
    text.push_str("end http://c.example/\n");
    assert!(text.len() > 90_000, "{}", text.len());
    let placed = |positions: bool, chunk: usize| {
        let mut s = Scanner::new(
            text.as_bytes(),
            ScanOptions {
                positions,
                max_uri_len: 100,
                chunk_size: chunk,
                ..ScanOptions::default()
            },
        );
        let (mut uris, mut too_long) = (0, Vec::new());
        while let Some(f) = s.next_found().expect("slice") {
            match f {
                Found::Uri(_) => uris += 1,
                Found::TooLong(t) => too_long.push((t.offset, t.position)),
            }
        }
        (uris, too_long)
    };
    let with = placed(true, 1 << 16);
    assert_eq!(with.0, 3001);
    assert_eq!(with.1.len(), 2);
    assert!(with.1.iter().all(|(_, p)| p.is_some()));
    // 1: dropped at every read; 4096: kept up to 16 KiB, then dropped;
    // 64 KiB and 1 MiB: the whole text kept.
    for chunk in [1, 64, 4096, 1 << 16, 1 << 20] {
        assert_eq!(placed(false, chunk), with, "chunk {chunk}");
        assert_eq!(placed(true, chunk), with, "chunk {chunk}");
    }
}

/// Every `ask`-th candidate's start and end, asked twice (once through a
/// copy), of a scan of `scanner`; the others are never asked.
pub(super) fn asked_positions<R: std::io::Read>(
    mut scanner: Scanner<R>,
    ask: usize,
) -> Vec<(
    u64,
    Option<crate::position::Position>,
    Option<crate::position::Position>,
)> {
    let mut out = Vec::new();
    let mut k = 0;
    while let Some(f) = scanner.next_found().expect("read") {
        if let Found::Uri(c) = f {
            k += 1;
            if k % ask == 0 {
                let copy = c.clone();
                // End first: both are counted at once, in order.
                let end = copy.end();
                assert_eq!(c.start(), copy.start());
                assert_eq!(c.end(), end);
                out.push((c.span().start, c.start(), end));
            }
        }
    }
    out
}

/// Positions counted on demand are the positions counted for every
/// candidate: on the fixtures, read in chunks of every size and through
/// a map, asking every candidate, every third, or every fifth (the
/// tracker then jumps over the ones not asked).
#[test]
fn positions_on_demand_are_the_positions() {
    let texts = fixture_texts();
    assert!(texts.len() > 20, "fixtures not found");
    let mut asked = 0;
    for text in &texts {
        for chunk in [1, 61, 4096, 1 << 18] {
            let eager = ScanOptions {
                chunk_size: chunk,
                ..ScanOptions::default()
            };
            let lazy = ScanOptions {
                positions_on_demand: true,
                ..eager.clone()
            };
            for ask in [1, 3, 5] {
                let want = asked_positions(Scanner::new(&text[..], eager.clone()), ask);
                let got = asked_positions(Scanner::new(&text[..], lazy.clone()), ask);
                assert_eq!(got, want, "chunk {chunk}, every {ask}");
                asked += got.len();
            }
            // Through a map, and with the owned copies of the iterator.
            let owned: Vec<_> = Scanner::new(&text[..], lazy.clone())
                .into_iter()
                .filter_map(|s| match s {
                    Ok(Scanned::Uri(u)) => Some((u.span().start, u.start(), u.end())),
                    _ => None,
                })
                .collect();
            let all = asked_positions(Scanner::new(&text[..], eager.clone()), 1);
            assert_eq!(owned, all, "chunk {chunk}, owned");
            assert_eq!(
                mapped_with(text, lazy.clone()),
                mapped_with(text, eager.clone()),
                "chunk {chunk}, mapped"
            );
        }
    }
    assert!(asked > 1000, "{asked}");
}

/// A brace after a URI holding a byte that starts no whole UTF-8
/// character (`{x` + 0xC4 + `}`, found by the scan fuzz target) is no
/// template expression: the URI ends before the brace, its text is what
/// the input holds there, at every chunk size (one splits the
/// sequence). A whole character inside the braces is still taken.
#[test]
fn template_braces_take_whole_utf8_characters_only() {
    let input = b"see \"http://www.example.com/{x\xc4}\" and http://c.example/{\xc4}\n\
                  and https://d.example/{caf\xc3\xa9}/x";
    for chunk in [1, 2, 7, 33, 1 << 16] {
        let mut s = Scanner::new(
            &input[..],
            ScanOptions {
                chunk_size: chunk,
                ..ScanOptions::default()
            },
        );
        let mut texts = Vec::new();
        while let Some(f) = s.next_found().expect("slice") {
            if let Found::Uri(c) = f {
                let span = c.span();
                assert_eq!(
                    &input[span.start as usize..span.end as usize],
                    c.raw().as_bytes()
                );
                texts.push(c.text().to_string());
            }
        }
        assert_eq!(
            texts,
            [
                "http://www.example.com/",
                "http://c.example/",
                "https://d.example/{caf\u{e9}}/x"
            ],
            "chunk {chunk}"
        );
    }
}

/// A file kept whole without positions (up to [`MAX_SPARE`] bytes) leaves
/// its buffer for the next scanner on the thread: the buffer grows by
/// doubling but not past the cap, so that the next file of a tree does
/// not allocate and zero a new one.
#[test]
fn a_buffer_kept_whole_stays_reusable() {
    let text = "see http://a.example/x and more words here\n".repeat(900_000 / 44);
    assert!(text.len() > MAX_SPARE / 2 && text.len() < MAX_SPARE);
    let capacity = std::thread::spawn(move || {
        let mut s = Scanner::new(
            text.as_bytes(),
            ScanOptions {
                positions: false,
                ..ScanOptions::default()
            },
        );
        let mut uris = 0;
        while let Some(f) = s.next_found().expect("slice") {
            uris += usize::from(matches!(f, Found::Uri(_)));
        }
        assert_eq!(uris, 900_000 / 44);
        drop(s);
        super::SPARE.with(|spare| spare.take().capacity())
    })
    .join()
    .expect("thread");
    assert!(capacity > 0 && capacity <= MAX_SPARE, "{capacity}");
}
