//! Hostile and odd input for the scanner (issue: robustness at scale):
//! each case runs in-process on a synthetic reader and asserts what is
//! found. Inputs are generated, not stored; none holds the whole input in
//! memory twice.

use std::io::{self, Read};

use urilint::scan::{Found, ScanOptions, Scanner};

/// What a scan found: URIs with their byte offsets, and too-long skips.
#[derive(Debug, PartialEq, Eq)]
enum Seen {
    Uri(String, u64),
    TooLong(u64),
}

fn scan(reader: impl Read, positions: bool) -> Vec<Seen> {
    let opts = ScanOptions {
        positions,
        ..ScanOptions::default()
    };
    let mut scanner = Scanner::new(reader, opts);
    let mut out = Vec::new();
    while let Some(found) = scanner.next_found().expect("synthetic readers do not fail") {
        match found {
            Found::Uri(c) => out.push(Seen::Uri(c.text().to_string(), c.span().start)),
            Found::TooLong(t) => out.push(Seen::TooLong(t.offset)),
        }
    }
    out
}

/// `count` copies of `unit`, then `tail`, produced on the fly.
struct Repeat {
    unit: Vec<u8>,
    count: u64,
    done: u64,
    at: usize,
    tail: io::Cursor<Vec<u8>>,
}

fn repeat(unit: &[u8], count: u64, tail: &[u8]) -> Repeat {
    Repeat {
        unit: unit.to_vec(),
        count,
        done: 0,
        at: 0,
        tail: io::Cursor::new(tail.to_vec()),
    }
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.done == self.count {
            return self.tail.read(buf);
        }
        let mut n = 0;
        while n < buf.len() && self.done < self.count {
            let take = (self.unit.len() - self.at).min(buf.len() - n);
            buf[n..n + take].copy_from_slice(&self.unit[self.at..self.at + take]);
            n += take;
            self.at += take;
            if self.at == self.unit.len() {
                self.at = 0;
                self.done += 1;
            }
        }
        Ok(n)
    }
}

#[test]
fn one_line_of_a_gibibyte() {
    // 1 GiB without a line break, then a URI: found at the right offset.
    let unit = b"lorem ipsum dolor sit amet consectetur adipiscing elit sed do e";
    let count = (1u64 << 30) / unit.len() as u64;
    let found = scan(repeat(unit, count, b" see http://a.example/end."), false);
    let offset = count * unit.len() as u64 + 5;
    assert_eq!(found, [Seen::Uri("http://a.example/end".into(), offset)]);
}

#[test]
fn a_million_unclosed_angle_brackets() {
    let found = scan(repeat(b"<", 1_000_000, b" http://a.example/b"), true);
    assert_eq!(found, [Seen::Uri("http://a.example/b".into(), 1_000_001)]);
    // Each `<` opening a URI that is never closed: every URI found, as bare.
    let found = scan(repeat(b"<http://a/b ", 100_000, b""), true);
    assert_eq!(found.len(), 100_000);
    assert!(found
        .iter()
        .all(|s| matches!(s, Seen::Uri(u, _) if u == "http://a/b")));
}

#[test]
fn a_million_double_quotes() {
    let found = scan(repeat(b"\"", 1_000_000, b"http://a.example/b\""), true);
    assert_eq!(found, [Seen::Uri("http://a.example/b".into(), 1_000_000)]);
}

#[test]
fn http_colon_slash_slash_a_million_times() {
    // One run of URI characters of 7 MB: one candidate, too long, skipped
    // whole; the URI after the run is found.
    let found = scan(repeat(b"http://", 1_000_000, b" http://a.example/"), true);
    assert_eq!(
        found,
        [
            Seen::TooLong(0),
            Seen::Uri("http://a.example/".into(), 7_000_001)
        ]
    );
}

#[test]
fn a_uri_of_ten_mebibytes() {
    let head = b"x <http://a.example/".to_vec();
    let long = repeat(b"abcdefghij", 1 << 20, b"> and http://b.example/");
    let found = scan(io::Cursor::new(head).chain(long), true);
    assert_eq!(found[0], Seen::TooLong(3));
    assert_eq!(
        found.last(),
        Some(&Seen::Uri("http://b.example/".into(), 20 + (10 << 20) + 6))
    );
}

#[test]
fn a_hundred_thousand_nested_parentheses() {
    let mut text = "(".repeat(100_000);
    text.push_str("http://en.wikipedia.org/wiki/Foo_(bar)");
    text.push_str(&")".repeat(100_000));
    let found = scan(text.as_bytes(), true);
    assert_eq!(
        found,
        [Seen::Uri(
            "http://en.wikipedia.org/wiki/Foo_(bar)".into(),
            100_000
        )]
    );
}

#[test]
fn nul_bytes_end_uris() {
    let found = scan(&b"http://a/b\0http://c/d\0\0"[..], true);
    assert_eq!(
        found,
        [
            Seen::Uri("http://a/b".into(), 0),
            Seen::Uri("http://c/d".into(), 11)
        ]
    );
}

#[test]
fn input_truncated_mid_uri() {
    assert_eq!(
        scan(&b"see <http://a.example/pa"[..], true),
        [Seen::Uri("http://a.example/pa".into(), 5)]
    );
    assert_eq!(scan(&b"see http:/"[..], true), []);
    assert_eq!(scan(&b"see <URL:"[..], true), []);
    assert_eq!(
        scan(&b"see \"http://a.example/\n"[..], true),
        [Seen::Uri("http://a.example/".into(), 5)]
    );
}

#[test]
fn reads_of_every_size_give_the_same_records() {
    // A reader that returns one byte at a time, then odd sizes.
    struct Trickle<'a>(&'a [u8], usize);
    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.1 = self.1 % 5 + 1;
            let n = self.1.min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let text = b"Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n but <ftp://ds.internic.\n net/rfc/> and <URL: http://a/b-\n c> (http://x/y_(z)).";
    let whole = scan(&text[..], true);
    assert_eq!(whole.len(), 4);
    assert_eq!(scan(Trickle(text, 0), true), whole);
}

// Issue 11: inputs whose time, memory or output grew faster than they did.

/// Every finding of `text` with the default rules, as `urilint check`
/// makes them (suppression markers looked up).
fn lint(text: &[u8]) -> Vec<urilint::lint::Diagnostic> {
    let linter = urilint::lint::Linter::new(urilint::grammar::Grammar::Rfc3986);
    linter
        .lint_bytes("t", text, &linter.rules, &ScanOptions::default())
        .expect("a slice reads")
}

#[test]
fn hyphen_broken_lines_are_one_candidate_with_one_bounded_d001() {
    // 2,000 lines: one URI of 38,000 bytes, 1,999 hyphens at line breaks,
    // one D001 (not 1,999 each quoting the URI twice), and no D004 besides
    // (issue 14: one problem, one finding).
    let text = b"http://a.example/a-\n".repeat(2000);
    let found = scan(&text[..], true);
    assert_eq!(found.len(), 1);
    assert!(matches!(&found[0], Seen::Uri(u, 0) if u.len() == 19 * 2000));
    let d = lint(&text);
    let codes: Vec<&str> = d.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["D001"]);
    assert_eq!((d[0].line, d[0].column, d[0].byte_offset), (1, 19, 18));
    assert!(d[0]
        .message
        .starts_with("line break after a hyphen: read as http://a.example/a-http://a.example/a-"));
    assert!(d[0].message.ends_with("\u{2026} (and 1998 more)"));
    for d in &d {
        assert!(d.message.len() <= 2 * urilint::lint::MAX_QUOTE + 100);
    }
    // Output linear: messages and URIs at most twice the input.
    let out: usize = d.iter().map(|d| d.message.len() + d.uri.len()).sum();
    assert!(out < 2 * text.len(), "{out} bytes of findings");
}

#[test]
fn a_run_of_hyphen_broken_lines_past_the_limit_is_one_too_long_skip() {
    // 100,000 lines (2 MB): one D003 at the start, not one per line; the
    // URI after the run is found.
    let found = scan(
        repeat(
            b"http://a.example/a-\n",
            100_000,
            b"\nsee http://b.example/",
        ),
        true,
    );
    assert_eq!(
        found,
        [
            Seen::TooLong(0),
            Seen::Uri("http://b.example/".into(), 2_000_005)
        ]
    );
    let text = b"http://a.example/a-\n".repeat(4000);
    let d = lint(&text);
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].code, d[0].line, d[0].column), ("D003", 1, 1));
}

#[test]
fn unclosed_angle_brackets_per_line_and_on_one_line() {
    // One D002 per `<`, at the right place, whether the `<`s stand one per
    // line or all on one line (each finding reads its line back for
    // suppression markers: a long line must not be rescanned per finding).
    let text = b"<http://a.example/\n".repeat(5000);
    let d = lint(&text);
    assert_eq!(d.len(), 5000);
    assert!(d.iter().enumerate().all(|(i, d)| d.code == "D002"
        && (d.line, d.column) == (i as u64 + 1, 2)
        && d.message == "'<' before http://a.example/ is not closed by '>'"));
    let text = b"<http://a.example/".repeat(5000);
    let d = lint(&text);
    assert_eq!(d.len(), 5000);
    assert!(d
        .iter()
        .enumerate()
        .all(|(i, d)| d.code == "D002" && (d.line, d.column) == (1, 18 * i as u64 + 2)));
    // A marker on the line still suppresses them (those within
    // lines::MAX_SIDE bytes of it: 200 here).
    let mut text = b"urilint: ignore[D002] ".to_vec();
    text.extend(b"<http://a.example/".repeat(200));
    assert!(lint(&text).is_empty());
}

#[test]
fn closing_delimiter_on_the_next_line_is_not_broken() {
    let d = lint(b"x \"http://a.example/path\n    \"next\": 1\n");
    assert!(d.is_empty(), "{d:?}");
    let d = lint(b"see <http://a.example/path\n> now\n");
    assert!(d.is_empty(), "{d:?}");
}

#[test]
fn columns_after_stray_latin1_bytes() {
    // `caf\xa9 \xb0\xb1 `: each invalid byte is one column, so `%` is at
    // column 27 (it was 24).
    let d = lint(b"caf\xa9 \xb0\xb1 <http://a.example/%zz>\n");
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].code, d[0].line, d[0].column), ("U002", 1, 27));
}
