//! Unit tests of the scanner: the RFC examples, each delimiter case, each
//! non-candidate, and chunk-size invariance.

use super::*;

mod colonless;
mod iterator;
mod line_end;
mod literal;
mod memory;
mod relative;

#[derive(Debug, Clone, PartialEq, Eq)]
struct Seen {
    text: String,
    raw: String,
    span: Range<u64>,
    delimiter: Delimiter,
    broken: bool,
    unclosed: bool,
    alternatives: Vec<String>,
    start: Option<Position>,
}

fn scan_with(input: &[u8], chunk: usize) -> Vec<Seen> {
    let opts = ScanOptions {
        chunk_size: chunk,
        ..ScanOptions::default()
    };
    seen_all(Scanner::new(input, opts))
}

/// An item of the scanner as [`Seen`] (owned).
fn seen(f: Found<'_>) -> Seen {
    match f {
        Found::Uri(c) => Seen {
            text: c.text().to_string(),
            raw: c.raw().to_string(),
            span: c.span(),
            delimiter: c.delimiter(),
            broken: c.broken(),
            unclosed: c.unclosed(),
            alternatives: c.alternatives(),
            start: c.start(),
        },
        Found::TooLong(t) => Seen {
            text: format!("<too long at {}>", t.offset),
            raw: String::new(),
            span: t.offset..t.offset,
            delimiter: Delimiter::Bare,
            broken: false,
            unclosed: false,
            alternatives: Vec::new(),
            start: t.position,
        },
    }
}

/// Every item of `s`, in order.
fn seen_all<R: Read>(mut s: Scanner<R>) -> Vec<Seen> {
    let mut out = Vec::new();
    while let Some(f) = s.next_found().expect("reading a slice cannot fail") {
        out.push(seen(f));
    }
    out
}

/// Scans `input` whole and in chunks of several small sizes; all must agree.
fn scan(input: &str) -> Vec<Seen> {
    let whole = scan_with(input.as_bytes(), 1 << 20);
    for chunk in [1, 2, 3, 7, 64] {
        assert_eq!(
            scan_with(input.as_bytes(), chunk),
            whole,
            "chunk size {chunk} disagrees for {input:?}"
        );
    }
    whole
}

fn uris(input: &str) -> Vec<String> {
    scan(input).into_iter().map(|s| s.text).collect()
}

#[test]
fn rfc2396_appendix_e_example() {
    let text = "      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n      but you can probably pick it up from <ftp://ds.internic.\n      net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING>.\n";
    let found = scan(text);
    let texts: Vec<_> = found.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "http://www.w3.org/Addressing/",
            "ftp://ds.internic.net/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ]
    );
    assert_eq!(found[0].delimiter, Delimiter::Quote);
    assert!(!found[0].broken);
    assert_eq!(found[1].delimiter, Delimiter::Angle);
    assert!(found[1].broken);
    assert_eq!(found[1].raw, "ftp://ds.internic.\n      net/rfc/");
    assert_eq!(
        found[2].start,
        Some(Position {
            line: 3,
            column: 40
        })
    );
}

#[test]
fn rfc3986_appendix_c_example() {
    let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\nbut you can probably pick it up from <ftp://foo.example.\ncom/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\nietf/uri/historical.html#WARNING>.";
    assert_eq!(
        uris(text),
        [
            "http://www.w3.org/Addressing/",
            "ftp://foo.example.com/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ]
    );
}

#[test]
fn angle_brackets() {
    assert_eq!(uris("see <http://a/b> now"), ["http://a/b"]);
    assert_eq!(uris("<http://a/b\n   /c>"), ["http://a/b/c"]);
    // All whitespace inside angle brackets goes, as the issue asks.
    assert_eq!(uris("<http://a/b c>"), ["http://a/bc"]);
    // Nothing is stripped inside the delimiters.
    assert_eq!(uris("<http://a/b.>"), ["http://a/b."]);
    let s = scan("x <http://a/b> y");
    assert_eq!(s[0].span, 3..13);
    assert_eq!(s[0].delimiter, Delimiter::Angle);
}

#[test]
fn url_prefix_forms() {
    for (text, want, delim) in [
        ("<URL:http://a/b>", "http://a/b", Delimiter::Angle),
        ("<URL: http://a/b>", "http://a/b", Delimiter::Angle),
        ("<url:http://a/b>", "http://a/b", Delimiter::Angle),
        ("URL:http://a/b", "http://a/b", Delimiter::UrlPrefix),
        ("URL: http://a/b.", "http://a/b", Delimiter::UrlPrefix),
    ] {
        let s = scan(text);
        assert_eq!(s.len(), 1, "{text}");
        assert_eq!(s[0].text, want, "{text}");
        assert_eq!(s[0].delimiter, delim, "{text}");
    }
    // RFC 1738 section 8, broken inside the host name.
    assert_eq!(
        uris("pick it up from <URL:ftp://ds.in\n      ternic.net/rfc>.  Note"),
        ["ftp://ds.internic.net/rfc"]
    );
}

#[test]
fn double_quotes() {
    assert_eq!(uris("href=\"http://a/b\">"), ["http://a/b"]);
    assert_eq!(uris("\"http://a/\n  b/c\""), ["http://a/b/c"]);
    // Quoted text that is not just a URI: the URI ends at the space.
    assert_eq!(uris("\"http://a/b is good\""), ["http://a/b"]);
    assert_eq!(scan("\"http://a/b is good\"")[0].delimiter, Delimiter::Bare);
}

/// HTML inside a JSON string (Node.js's API docs: `<a href=\"https://...\">`):
/// the URI ends before the backslash of the escaped closing quote (3,179
/// U003 findings on /usr/share/doc came from taking it in).
#[test]
fn escaped_quote_in_a_string_literal_closes() {
    let text = r#"{"desc": "<p>See <a href=\"https://v8.dev/\">V8</a> and \"http://a/b\\c\"</p>"}"#;
    let found = scan(text);
    let got: Vec<_> = found
        .iter()
        .map(|f| (f.text.as_str(), f.delimiter))
        .collect();
    assert_eq!(
        got,
        [
            ("https://v8.dev/", Delimiter::Quote),
            ("http://a/b\\\\c", Delimiter::Quote)
        ]
    );
    assert_eq!(found[0].raw, "https://v8.dev/");
    // Escaped twice (JSON in a JavaScript string, mdBook's search index):
    // the whole run of backslashes before the quote is left out.
    let text = r#"'{"body":"regex = { git = \"https://github.com/rust-lang/regex.git\" }"}'"#;
    assert_eq!(uris(text), ["https://github.com/rust-lang/regex.git"]);
}

#[test]
fn single_quotes_and_backquotes() {
    assert_eq!(uris("'http://a/b'"), ["http://a/b"]);
    assert_eq!(uris("'https://example.org''"), ["https://example.org"]);
    assert_eq!(uris("`http://a/b`"), ["http://a/b"]);
    assert_eq!(scan("'http://a/b'")[0].delimiter, Delimiter::Quote);
    assert_eq!(uris("it's at http://a/b's"), ["http://a/b's"]);
}

#[test]
fn hyphen_at_line_break() {
    let s = scan("<https://opennet.net/blog/2011/06/dns-\n   tampering-and-new-icann-gtld-rules>.");
    assert_eq!(
        s[0].text,
        "https://opennet.net/blog/2011/06/dns-tampering-and-new-icann-gtld-rules"
    );
    assert_eq!(
        s[0].alternatives,
        ["https://opennet.net/blog/2011/06/dnstampering-and-new-icann-gtld-rules"]
    );
    assert!(s[0].broken);
    // A bare URI whose last character before the break is the hyphen.
    let s = scan("see http://example.com/foo-\n  bar for more");
    assert_eq!(s[0].text, "http://example.com/foo-bar");
    assert_eq!(s[0].alternatives, ["http://example.com/foobar"]);
    // Not when the next line does not go on with a letter or digit.
    assert_eq!(
        uris("http://example.com/foo-\n\nbar"),
        ["http://example.com/foo-"]
    );
    assert_eq!(
        uris("http://example.com/foo-\n> bar"),
        ["http://example.com/foo-"]
    );
}

#[test]
fn trailing_punctuation_and_brackets() {
    assert_eq!(
        uris("(see http://en.wikipedia.org/wiki/Foo_(bar))."),
        ["http://en.wikipedia.org/wiki/Foo_(bar)"]
    );
    assert_eq!(uris("[text](http://x/y)"), ["http://x/y"]);
    assert_eq!(
        uris("Go to http://a/b, then http://c/d."),
        ["http://a/b", "http://c/d"]
    );
    assert_eq!(uris("http://a/b?!"), ["http://a/b"]);
    assert_eq!(uris("**http://a/b**"), ["http://a/b"]);
    assert_eq!(uris("http://a/b;"), ["http://a/b"]);
    assert_eq!(uris("http://[::1]:80/x]"), ["http://[::1]:80/x"]);
    assert_eq!(uris("(http://a/b)"), ["http://a/b"]);
    assert_eq!(uris("http://a/b-"), ["http://a/b-"]);
    assert_eq!(uris("http://a/b_"), ["http://a/b_"]);
}

#[test]
fn text_glued_before_a_web_scheme() {
    assert_eq!(uris("take a lookhttp://a/b"), ["http://a/b"]);
    assert_eq!(uris("lists.example.comhttps://a/b"), ["https://a/b"]);
    assert_eq!(uris("=A0https://a/b"), ["https://a/b"]);
    assert_eq!(uris("registry+https://a/b"), ["registry+https://a/b"]);
    assert_eq!(uris("git+https://a/b"), ["git+https://a/b"]);
    assert_eq!(uris("shttp://a/b"), ["shttp://a/b"]);
    // Delimited, the URI is what is written between the delimiters: a
    // typo such as `hhttps` (a Markdown reference definition in Rust RFC
    // 3308) is kept for the linter to see, not cut to `https`.
    assert_eq!(uris("<hhttps://a/b>"), ["hhttps://a/b"]);
    assert_eq!(uris("\"lookhttp://a/b\""), ["lookhttp://a/b"]);
    assert_eq!(uris("see hhttps://a/b"), ["https://a/b"]);
}

#[test]
fn fragment_stays() {
    assert_eq!(uris("at http://a/b#frag."), ["http://a/b#frag"]);
    assert_eq!(uris("<http://a/b#frag>"), ["http://a/b#frag"]);
}

#[test]
fn non_hierarchical_schemes() {
    assert_eq!(uris("write mailto:a@b.example."), ["mailto:a@b.example"]);
    assert_eq!(uris("news:comp.lang.cobol"), ["news:comp.lang.cobol"]);
    assert_eq!(uris("urn:isbn:0451450523"), ["urn:isbn:0451450523"]);
    assert_eq!(uris("tel:+1-816-555-1212"), ["tel:+1-816-555-1212"]);
    assert_eq!(uris("data:text/plain,hi"), ["data:text/plain,hi"]);
    assert_eq!(
        uris("news:do92b6$o2c$1@reader1.panix.com..."),
        ["news:do92b6$o2c$1@reader1.panix.com"]
    );
    // Inside angle brackets any registered scheme counts when the text is
    // a URI; XML names do not.
    assert_eq!(uris("<cid:foo4@bar.example>"), ["cid:foo4@bar.example"]);
    assert_eq!(uris("<xs:complexType>"), Vec::<String>::new());
    assert_eq!(
        uris("<stream:stream to='example.com'>"),
        Vec::<String>::new()
    );
    // After `URL:` any scheme counts.
    assert_eq!(uris("<URL:foo:bar>"), ["foo:bar"]);
}

#[test]
fn non_candidates() {
    for text in [
        "Note: this",
        "e.g. that",
        "at 10:30 today",
        "C:\\Windows\\System32",
        "use std::io::Read;",
        "TODO: fix",
        "foo:bar in prose",
        "version 1.2.3:4",
        "news: today",
        "news:<XLAUc.27251$kC6.5758@cyclops.nntpserver.com>",
        "In article <1993May11.153010.438@den.mmc.com> seale writes:",
        "<article-\n   number>",
        "Ftp: export.lcs.mit.edu:/contrib/calentool2.2Xp1.tar.Z",
        "the http:// prefix",
        "data:value",
        "Tel:home",
        "<std::vector<int>>",
        "<a:b>",
        "<foo:bar>",
        "style=\"font-size:12px\"",
        "\"dep:virtual/compiler/c\"",
        "CID:=\n",
        "a=mid:1",
        "mailto:.",
        "news:!?",
        "http://.",
        "see http://...",
    ] {
        assert_eq!(uris(text), Vec::<String>::new(), "{text:?}");
    }
}

#[test]
fn unclosed_angle_bracket_falls_back_to_bare() {
    let s = scan("see <http://a/b and more\n\nnext");
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].text, "http://a/b");
    assert!(s[0].unclosed);
    let s = scan("<http://a/b");
    assert!(s[0].unclosed);
}

#[test]
fn non_ascii_and_invalid_utf8() {
    assert_eq!(
        uris("http://example.org/caf\u{e9} x"),
        ["http://example.org/caf\u{e9}"]
    );
    assert_eq!(uris("\u{ab}http://a/b\u{bb}"), ["http://a/b"]);
    let mut bytes = b"http://a/b".to_vec();
    bytes.push(0xff);
    bytes.extend_from_slice(b"c http://d/e");
    let got: Vec<_> = scan_with(&bytes, 1 << 20)
        .into_iter()
        .map(|s| s.text)
        .collect();
    assert_eq!(got, ["http://a/b", "http://d/e"]);
    for chunk in [1, 2, 5] {
        let c: Vec<_> = scan_with(&bytes, chunk)
            .into_iter()
            .map(|s| s.text)
            .collect();
        assert_eq!(c, got);
    }
}

#[test]
fn too_long_candidates_are_reported_and_skipped() {
    let long = format!("a http://x/{} b http://y/z", "a".repeat(70_000));
    let s = scan_with(long.as_bytes(), 4096);
    assert_eq!(s.len(), 2);
    assert_eq!(s[0].text, "<too long at 2>");
    assert_eq!(s[1].text, "http://y/z");
    assert_eq!(s, scan_with(long.as_bytes(), 1 << 20));
}

#[test]
fn a_run_of_hyphen_broken_lines_is_one_candidate_skipped_whole() {
    // 4,000 lines of `http://a.example/a-` are one run of 80,000 bytes:
    // one too-long candidate, skipped to the end of the run (not one per
    // line), then the URI after it.
    let mut text = "http://a.example/a-\n".repeat(4000);
    text.push_str("\nsee http://b.example/ end");
    let s = scan_with(text.as_bytes(), 4096);
    assert_eq!(s.len(), 2, "{:?}", &s[..s.len().min(3)]);
    assert_eq!(s[0].text, "<too long at 0>");
    assert_eq!(s[1].text, "http://b.example/");
    assert_eq!(s, scan_with(text.as_bytes(), 1 << 20));
    // A small window, refilled many times inside the run (61 bytes: a
    // 7-byte window took 11 s of a debug build's test time, each refill
    // reading the run again).
    assert_eq!(s, scan_with(text.as_bytes(), 61));
    // Under the limit: one candidate holding every line.
    let s = scan(&"http://a.example/a-\n".repeat(100));
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].text.len(), 19 * 100);
    assert_eq!(s[0].alternatives[0].len(), 19 * 100 - 99);
}

#[test]
fn closing_delimiter_alone_on_the_next_line_is_not_a_break() {
    // Only the closing quote or `>` on the next line: the URI ends before
    // the line break and is not broken (no D004/D005).
    let s = scan("x \"http://a.example/path\n    \"next\": 1");
    assert_eq!(s.len(), 1);
    assert_eq!(
        (s[0].text.as_str(), s[0].raw.as_str()),
        ("http://a.example/path", "http://a.example/path")
    );
    assert_eq!(s[0].delimiter, Delimiter::Quote);
    assert!(!s[0].broken);
    let s = scan("see <http://a.example/b-\r\n  > now");
    assert_eq!(
        (s[0].text.as_str(), s[0].delimiter),
        ("http://a.example/b-", Delimiter::Angle)
    );
    assert!(!s[0].broken);
    assert!(
        s[0].alternatives.is_empty(),
        "a hyphen before the closer is not ambiguous"
    );
    // Text after the break still breaks it.
    let s = scan("<http://a.example/\n b>");
    assert_eq!(s[0].text, "http://a.example/b");
    assert!(s[0].broken);
}

#[test]
fn columns_count_each_invalid_byte_once() {
    // Latin-1 `caf\xa9 \xb0\xb1 <`: nine columns before the URI.
    let s = scan_with(b"caf\xa9 \xb0\xb1 <http://a.example/%zz>\n", 1 << 20);
    assert_eq!(
        s[0].start,
        Some(Position {
            line: 1,
            column: 10
        })
    );
    // `\xe2\x82` (a truncated sequence) two columns, U+1F600 one.
    for chunk in [1, 2, 3, 5, 1 << 20] {
        assert_eq!(
            scan_with(
                b"caf\xa9 \xe2\x82 \xf0\x9f\x98\x80 <http://a.example/>",
                chunk
            )[0]
            .start,
            Some(Position {
                line: 1,
                column: 12
            }),
            "chunk {chunk}"
        );
    }
}

#[test]
fn positions_count_characters() {
    let s = scan("\u{e9}\u{e9} http://a/b\nx <http://c/\nd>");
    assert_eq!(s[0].start, Some(Position { line: 1, column: 4 }));
    assert_eq!(s[1].start, Some(Position { line: 2, column: 4 }));
    assert_eq!(s[0].span, 5..15);
}

#[test]
fn crlf_line_breaks() {
    assert_eq!(uris("<http://a/b\r\n   c>"), ["http://a/bc"]);
    assert_eq!(uris("\"http://a/\r\n b\""), ["http://a/b"]);
    assert_eq!(uris("http://a/b-\r\n c d"), ["http://a/b-c"]);
}

#[test]
fn html_attributes_and_text() {
    assert_eq!(
        uris("<a href=\"http://x/y\">http://x/y</a>"),
        ["http://x/y", "http://x/y"]
    );
}

#[test]
fn source_offsets_map_through_line_breaks() {
    let text = "<ftp://ds.internic.\n      net/rfc/>";
    let mut s = Scanner::new(text.as_bytes(), ScanOptions::default());
    let Some(Found::Uri(c)) = s.next_found().expect("slice") else {
        panic!("no URI found");
    };
    assert_eq!(c.text(), "ftp://ds.internic.net/rfc/");
    // 'n' of "net" is text offset 18, source offset 26.
    assert_eq!(c.source_offset(18), 26);
    assert_eq!(c.source_offset(0), 1);
    assert_eq!(c.source_offset(100), c.span().end);
}

#[test]
fn scheme_runs_word_at_a_time_agree_with_the_byte_class() {
    // Every byte value in every position of a word, against the table.
    for b in 0..=255u8 {
        for k in 0..8 {
            let mut word = *b"abcdefgh";
            word[k] = b;
            let got = appendix_e::non_scheme_bytes_for_test(u64::from_le_bytes(word));
            let want = if crate::grammar::chars::is(b, crate::grammar::chars::SCHEME) {
                0
            } else {
                0x80u64 << (8 * k)
            };
            assert_eq!(got, want, "byte {b:#04x} at {k}");
        }
    }
    // Every byte in every lane of the sixteen-byte classification, with
    // scheme bytes around it (the run ends right after it).
    for b in 0..=255u8 {
        for k in 0..20 {
            let mut text = vec![b'a'; 40];
            text[k] = b;
            let end = 20;
            let want = if crate::grammar::chars::is(b, crate::grammar::chars::SCHEME) || k >= end {
                0
            } else {
                k + 1
            };
            assert_eq!(
                appendix_e::scheme_run_start_for_test(&text, end),
                want,
                "byte {b:#04x} at {k}"
            );
        }
    }
    // Whole runs: the first scheme byte of a run ending at a colon.
    let text = b"x <ab.cd+ef-gh0123456789ABCDEFGHIJ:y q\xe9longwordlongword:z ::";
    for end in 0..text.len() {
        let scalar = end
            - text[..end]
                .iter()
                .rev()
                .take(appendix_e::MAX_SCHEME + 1)
                .take_while(|&&b| crate::grammar::chars::is(b, crate::grammar::chars::SCHEME))
                .count();
        assert_eq!(
            appendix_e::scheme_run_start_for_test(text, end),
            scalar,
            "end {end}"
        );
    }
}

/// What `pick` takes of each URI found in `input` with `opts`, the same
/// at chunk sizes 1, 3 and 1 MiB (asserted).
fn at_chunk_sizes<T: PartialEq + std::fmt::Debug>(
    input: &str,
    opts: &ScanOptions,
    pick: impl Fn(&Candidate<'_>) -> T,
) -> Vec<T> {
    let mut out = Vec::new();
    for chunk in [1, 3, 1 << 20] {
        let opts = ScanOptions {
            chunk_size: chunk,
            ..opts.clone()
        };
        let mut s = Scanner::new(input.as_bytes(), opts);
        let mut got = Vec::new();
        while let Some(f) = s.next_found().expect("slice") {
            if let Found::Uri(c) = f {
                got.push(pick(&c));
            }
        }
        if chunk == 1 {
            out = got;
        } else {
            assert_eq!(got, out, "chunk {chunk} disagrees for {input:?}");
        }
    }
    out
}
