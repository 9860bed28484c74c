//! Tests of the iterator ([`super::Scanner`] as an `Iterator`): lent and
//! owned URIs agree, too-long candidates and I/O errors are items, and the
//! end stays the end.

use super::*;

/// Everything a library user reads of a URI, the same for a lent
/// [`Candidate`] and an owned [`ScannedUri`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Facts {
    pub(super) text: String,
    pub(super) raw: String,
    pub(super) span: Range<u64>,
    pub(super) outer_span: Range<u64>,
    pub(super) delimiter: Delimiter,
    pub(super) flags: [bool; 5],
    pub(super) context_before: Vec<u8>,
    pub(super) hyphen_breaks: Vec<usize>,
    pub(super) alternatives: Vec<String>,
    /// `source_offset` of every text offset, and one past the end.
    pub(super) source_offsets: Vec<u64>,
    pub(super) start: Option<Position>,
    pub(super) end: Option<Position>,
}

pub(super) fn facts_of_candidate(c: &Candidate<'_>) -> Facts {
    Facts {
        text: c.text().to_string(),
        raw: c.raw().to_string(),
        span: c.span(),
        outer_span: c.outer_span(),
        delimiter: c.delimiter(),
        flags: [
            c.url_prefix(),
            c.broken(),
            c.unclosed(),
            c.relative(),
            c.abbreviated(),
        ],
        context_before: c.context_before().to_vec(),
        hyphen_breaks: c.hyphen_breaks().to_vec(),
        alternatives: c.alternatives(),
        source_offsets: (0..=c.text().len() + 1)
            .map(|i| c.source_offset(i))
            .collect(),
        start: c.start(),
        end: c.end(),
    }
}

pub(super) fn facts_of_scanned(u: &ScannedUri) -> Facts {
    Facts {
        text: u.text().to_string(),
        raw: u.raw().to_string(),
        span: u.span(),
        outer_span: u.outer_span(),
        delimiter: u.delimiter(),
        flags: [
            u.url_prefix(),
            u.broken(),
            u.unclosed(),
            u.relative(),
            u.abbreviated(),
        ],
        context_before: u.context_before().to_vec(),
        hyphen_breaks: u.hyphen_breaks().to_vec(),
        alternatives: u.alternatives(),
        source_offsets: (0..=u.text().len() + 1)
            .map(|i| u.source_offset(i))
            .collect(),
        start: u.start(),
        end: u.end(),
    }
}

/// What the lending loop finds: the facts of each URI (`Err` for a
/// too-long candidate), each candidate's owned copy checked on the way.
pub(super) fn lent(input: &[u8], opts: &ScanOptions) -> Vec<Result<Facts, TooLong>> {
    let mut s = Scanner::new(input, opts.clone());
    let mut out = Vec::new();
    while let Some(f) = s.next_found().expect("reading a slice cannot fail") {
        match &f {
            Found::Uri(c) => {
                let facts = facts_of_candidate(c);
                assert_eq!(facts_of_scanned(&c.to_scanned()), facts);
                out.push(Ok(facts));
            }
            Found::TooLong(t) => out.push(Err(t.clone())),
        }
        assert!(matches!(
            (&f, f.to_scanned()),
            (Found::Uri(_), Scanned::Uri(_)) | (Found::TooLong(_), Scanned::TooLong(_))
        ));
    }
    out
}

/// What the iterator yields, in the same shape as [`lent`].
pub(super) fn iterated(input: &[u8], opts: &ScanOptions) -> Vec<Result<Facts, TooLong>> {
    Scanner::new(input, opts.clone())
        .into_iter()
        .map(|item| match item.expect("reading a slice cannot fail") {
            Scanned::Uri(u) => Ok(facts_of_scanned(&u)),
            Scanned::TooLong(t) => Err(t),
        })
        .collect()
}

#[test]
fn the_iterator_yields_what_next_found_finds_on_real_text() {
    let fixtures: [(&str, &[u8]); 6] = [
        (
            "rfc2396-appendix-e.txt",
            include_bytes!("../../../../fixtures/rfc2396-appendix-e.txt"),
        ),
        (
            "rfc3986-appendix-c.txt",
            include_bytes!("../../../../fixtures/rfc3986-appendix-c.txt"),
        ),
        (
            "delimiters/hyphen-break.txt",
            include_bytes!("../../../../fixtures/delimiters/hyphen-break.txt"),
        ),
        (
            "delimiters/url-prefix.txt",
            include_bytes!("../../../../fixtures/delimiters/url-prefix.txt"),
        ),
        (
            "corpus/rfc2369-205-210.txt",
            include_bytes!("../../../../fixtures/corpus/rfc2369-205-210.txt"),
        ),
        (
            "corpus/debian-faq-373-375.txt",
            include_bytes!("../../../../fixtures/corpus/debian-faq-373-375.txt"),
        ),
    ];
    for (name, input) in fixtures {
        for (abbreviated, relative_in_angle, positions) in
            [(false, false, true), (true, true, false)]
        {
            for chunk_size in [1, 7, 1 << 20] {
                let opts = ScanOptions {
                    chunk_size,
                    abbreviated,
                    relative_in_angle,
                    positions,
                    ..ScanOptions::default()
                };
                let want = lent(input, &opts);
                assert!(!want.is_empty(), "{name}: no URI found");
                assert_eq!(iterated(input, &opts), want, "{name}, {opts:?}");
            }
        }
    }
    // And what the RFC lists (fixtures/rfc2396-appendix-e.expected).
    let input = include_bytes!("../../../../fixtures/rfc2396-appendix-e.txt");
    let texts: Vec<String> = Scanner::new(&input[..], ScanOptions::default())
        .into_iter()
        .filter_map(|item| match item.expect("slice") {
            Scanned::Uri(u) => Some(u.into_text()),
            Scanned::TooLong(_) => None,
        })
        .collect();
    let expected = include_str!("../../../../fixtures/rfc2396-appendix-e.expected");
    assert_eq!(texts, expected.lines().collect::<Vec<_>>());
    // The hyphen at a line break, read through the owned form.
    let input = include_bytes!("../../../../fixtures/delimiters/hyphen-break.txt");
    let Some(Ok(Scanned::Uri(u))) = Scanner::new(&input[..], ScanOptions::default())
        .into_iter()
        .next()
    else {
        panic!("no URI in hyphen-break.txt");
    };
    assert_eq!(
        u.text(),
        "https://opennet.net/blog/2011/06/dns-tampering-and-new-icann-gtld-rules"
    );
    assert_eq!(
        u.alternatives(),
        ["https://opennet.net/blog/2011/06/dnstampering-and-new-icann-gtld-rules"]
    );
    assert_eq!(u.hyphen_breaks(), [36]);
    assert!(u.broken());
    assert_eq!(u.delimiter(), Delimiter::Angle);
    assert_eq!(
        u.start(),
        Some(Position {
            line: 2,
            column: 21
        })
    );
}

#[test]
fn a_too_long_candidate_is_an_item_and_iteration_goes_on() {
    let long = format!("http://x.example/{}", "a".repeat(70_000));
    let text = format!(
        "see <http://a.example/first> then {long} and <http://b.example/\n  after> and http://c.example/last."
    );
    let too_long_at = text.find("http://x").map_or(0, |i| i as u64);
    for chunk_size in [4096, 1 << 20] {
        let opts = ScanOptions {
            chunk_size,
            ..ScanOptions::default()
        };
        let items: Vec<Scanned> = Scanner::new(text.as_bytes(), opts.clone())
            .into_iter()
            .collect::<io::Result<_>>()
            .expect("reading a slice cannot fail");
        let got: Vec<String> = items
            .iter()
            .map(|item| match item {
                Scanned::Uri(u) => u.text().to_string(),
                Scanned::TooLong(t) => format!("<{} bytes at {}>", t.limit, t.offset),
            })
            .collect();
        assert_eq!(
            got,
            [
                "http://a.example/first".to_string(),
                format!("<65536 bytes at {too_long_at}>"),
                "http://b.example/after".to_string(),
                "http://c.example/last".to_string(),
            ],
            "chunk size {chunk_size}"
        );
        let Scanned::TooLong(t) = &items[1] else {
            panic!("not too long: {:?}", items[1]);
        };
        assert_eq!(
            t.position,
            Some(Position {
                line: 1,
                column: 35
            })
        );
        let Scanned::Uri(after) = &items[2] else {
            panic!("not a URI: {:?}", items[2]);
        };
        assert!(after.broken());
        // All ASCII on line 1: the column is the byte offset + 1.
        let b_at = text.find("http://b").map_or(0, |i| i as u64);
        assert_eq!(after.span().start, b_at);
        assert_eq!(
            after.start(),
            Some(Position {
                line: 1,
                column: b_at + 1
            })
        );
        assert_eq!(
            iterated(text.as_bytes(), &opts),
            lent(text.as_bytes(), &opts)
        );
    }
}

/// Gives `data` a few bytes at a time, `Interrupted` first, then fails
/// for good at byte `fail_at`, counting its calls.
pub(super) struct FailingReader {
    pub(super) data: Vec<u8>,
    pub(super) at: usize,
    pub(super) fail_at: usize,
    pub(super) interrupted: bool,
    pub(super) reads: std::rc::Rc<std::cell::Cell<usize>>,
}

impl Read for FailingReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        self.reads.set(self.reads.get() + 1);
        if !self.interrupted {
            self.interrupted = true;
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        if self.at >= self.fail_at {
            return Err(io::Error::other("the disk went away"));
        }
        let n = out.len().min(5).min(self.fail_at - self.at);
        out[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[test]
fn an_io_error_is_yielded_once_then_the_iterator_ends() {
    let text = b"<http://a.example/1> and <http://b.example/2> then <http://c.example/3>";
    let fail_at = text.len() - 20;
    let reads = std::rc::Rc::new(std::cell::Cell::new(0));
    let reader = FailingReader {
        data: text.to_vec(),
        at: 0,
        fail_at,
        interrupted: false,
        reads: reads.clone(),
    };
    let mut it = Scanner::new(reader, ScanOptions::default()).into_iter();
    let mut uris = Vec::new();
    let mut errors = Vec::new();
    for item in it.by_ref() {
        match item {
            Ok(Scanned::Uri(u)) => uris.push(u.into_text()),
            Ok(Scanned::TooLong(t)) => panic!("too long: {t:?}"),
            Err(e) => errors.push(e),
        }
    }
    // The URIs read before the failure; `Interrupted` was retried.
    assert_eq!(uris, ["http://a.example/1", "http://b.example/2"]);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].kind(), io::ErrorKind::Other);
    assert_eq!(errors[0].to_string(), "the disk went away");
    // Ended for good: the reader is not asked again.
    let calls = reads.get();
    assert!(it.next().is_none());
    assert!(it.next().is_none());
    assert_eq!(reads.get(), calls);

    // A loop that skips errors ends too.
    let reader = FailingReader {
        data: Vec::new(),
        at: 0,
        fail_at: 0,
        interrupted: true,
        reads: std::rc::Rc::new(std::cell::Cell::new(0)),
    };
    let items = Scanner::new(reader, ScanOptions::default()).into_iter();
    assert_eq!(items.filter_map(Result::ok).count(), 0);
}

#[test]
fn the_iterator_stays_ended_at_the_end_of_the_input() {
    let mut it =
        Scanner::new(&b"at http://a.example/ only"[..], ScanOptions::default()).into_iter();
    assert!(matches!(it.next(), Some(Ok(Scanned::Uri(_)))));
    assert!(it.next().is_none());
    assert!(it.next().is_none());
    let mut empty = Scanner::new(&b""[..], ScanOptions::default()).into_iter();
    assert!(empty.next().is_none());
}
