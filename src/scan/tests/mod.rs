//! Unit tests of the scanner: the RFC examples, each delimiter case, each
//! non-candidate, and chunk-size invariance.

use super::*;

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
    assert_eq!(s, scan_with(text.as_bytes(), 7));
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

fn relative_refs(input: &str) -> Vec<(String, bool)> {
    let opts = ScanOptions {
        relative_in_angle: true,
        ..ScanOptions::default()
    };
    at_chunk_sizes(input, &opts, |c| (c.text().to_string(), c.relative()))
}

#[test]
fn relative_references_in_angle_brackets_on_request() {
    let text = "see <../g;x?y#s> and <http://a/b> and <foo.html>, <dir/\n  page.html>";
    assert_eq!(
        relative_refs(text),
        [
            ("../g;x?y#s".to_string(), true),
            ("http://a/b".to_string(), false),
            ("foo.html".to_string(), true),
            ("dir/page.html".to_string(), true),
        ]
    );
    // Not references: words, addresses, Message-IDs, ABNF rule names.
    for text in [
        "<article-\n   number>",
        "<billr@saab.CNA.TEK.COM>",
        "<1993May11.153010.438@den.mmc.com>",
        "<word>",
        "a < b > c",
        "<a b.c>",
    ] {
        assert_eq!(
            relative_refs(text),
            Vec::<(String, bool)>::new(),
            "{text:?}"
        );
    }
    // As documents write them: IRI-references (RFC 3987) and a fragment
    // holding `#` (a browser's fragment is `#s`, which a link check must
    // see).
    assert_eq!(
        relative_refs("<./ガイド.md> <#日本語> <x.md##s>"),
        [
            ("./ガイド.md".to_string(), true),
            ("#日本語".to_string(), true),
            ("x.md##s".to_string(), true),
        ]
    );
    // Off by default.
    assert_eq!(uris("see <../g> here"), Vec::<String>::new());
}

/// `(text, raw, delimiter name, span)` of every URI found with
/// abbreviated URLs on; all chunk sizes must agree.
fn abbreviated(input: &str) -> Vec<(String, String, &'static str, Range<u64>)> {
    let mut out = Vec::new();
    for chunk in [1 << 20, 1, 2, 3, 7, 64] {
        let opts = ScanOptions {
            chunk_size: chunk,
            abbreviated: true,
            ..ScanOptions::default()
        };
        let mut s = Scanner::new(input.as_bytes(), opts);
        let mut got = Vec::new();
        while let Some(f) = s.next_found().expect("slice") {
            if let Found::Uri(c) = f {
                // The implied scheme maps to the first byte as written.
                if c.abbreviated() {
                    assert_eq!(c.source_offset(0), c.span().start);
                    let n = c.text().find("://").map_or(0, |i| i + 3);
                    assert_eq!(c.source_offset(n), c.span().start);
                }
                got.push((
                    c.text().to_string(),
                    c.raw().to_string(),
                    c.delimiter().name(),
                    c.span(),
                ));
            }
        }
        if chunk == 1 << 20 {
            out = got;
        } else {
            assert_eq!(got, out, "chunk {chunk} disagrees for {input:?}");
        }
    }
    out
}

fn abbreviated_texts(input: &str) -> Vec<String> {
    abbreviated(input).into_iter().map(|f| f.0).collect()
}

#[test]
fn rfc2396_appendix_f_abbreviated_urls_on_request() {
    // The RFC's own example, and a DNS host name on its own.
    assert_eq!(
        abbreviated("   www.w3.org/Addressing/\n"),
        [(
            "http://www.w3.org/Addressing/".to_string(),
            "www.w3.org/Addressing/".to_string(),
            "bare",
            3..25
        )]
    );
    assert_eq!(
        abbreviated_texts("get it from ftp.example.org."),
        ["ftp://ftp.example.org"]
    );
    // Off by default.
    assert_eq!(
        uris("see www.w3.org/Addressing/ here"),
        Vec::<String>::new()
    );
}

#[test]
fn abbreviated_urls_are_delimited_as_appendix_e_says() {
    let found = abbreviated(
        "<www.example.com/a\n  b> \"WWW.IETF.ORG\" 'www.a.org/x' (www.b.org/p_(q)), www.c.org:8080/p?q#f!",
    );
    let got: Vec<_> = found.iter().map(|f| (f.0.as_str(), f.2)).collect();
    assert_eq!(
        got,
        [
            ("http://www.example.com/ab", "angle"),
            ("http://WWW.IETF.ORG", "quote"),
            ("http://www.a.org/x", "quote"),
            ("http://www.b.org/p_(q)", "bare"),
            ("http://www.c.org:8080/p?q#f", "bare"),
        ]
    );
    // A hyphen at a line break: read joined, with the other reading.
    let opts = ScanOptions {
        abbreviated: true,
        ..ScanOptions::default()
    };
    let mut s = Scanner::new(&b"www.exam-\n  ple.org/x"[..], opts);
    let Some(Found::Uri(c)) = s.next_found().expect("slice") else {
        panic!("no URI");
    };
    assert_eq!(c.text(), "http://www.exam-ple.org/x");
    assert_eq!(c.alternatives(), ["http://www.example.org/x"]);
    assert_eq!(c.hyphen_breaks(), [15]);
}

#[test]
fn what_is_not_an_abbreviated_url() {
    for text in [
        // Mail addresses are not URIs.
        "bob@www.example.org",
        // Inside a host name, a path or a word.
        "mirror.www.example.org /pub/ftp.example.org awww.b.org éwww.b.org",
        // Method calls, file names of two parts, a host with no top level.
        "ftp.login(user) www.conf www.example. www.example.123",
        // Not a port.
        "www.example.org:http",
    ] {
        assert_eq!(abbreviated_texts(text), Vec::<String>::new(), "{text:?}");
    }
    // A URI with a scheme is taken at its colon, once.
    assert_eq!(
        abbreviated_texts("http://www.example.org/x and ftp://ftp.example.org/"),
        ["http://www.example.org/x", "ftp://ftp.example.org/"]
    );
}

/// The Debian FAQ's text rendering breaks `(https://` + line break +
/// `www.debian.org/...)`: with abbreviated URLs on, the written scheme on
/// the line before is the URI's, and it is one broken URI (not an
/// abbreviated `http://` one).
#[test]
fn scheme_on_the_line_before_an_abbreviated_url() {
    let text =
        "   Standard https://www.pathname.com/fhs (https://\n        www.pathname.com/fhs) .\n";
    let found = abbreviated(text);
    assert_eq!(
        found
            .iter()
            .map(|f| (f.0.as_str(), f.1.as_str()))
            .collect::<Vec<_>>(),
        [
            (
                "https://www.pathname.com/fhs",
                "https://www.pathname.com/fhs"
            ),
            (
                "https://www.pathname.com/fhs",
                "https://\n        www.pathname.com/fhs"
            ),
        ]
    );
    let opts = ScanOptions {
        abbreviated: true,
        ..ScanOptions::default()
    };
    let mut last = None;
    for item in Scanner::new(text.as_bytes(), opts) {
        match item.expect("slice") {
            Scanned::Uri(u) => {
                last = Some((
                    u.abbreviated(),
                    u.broken(),
                    u.source_offset(8),
                    u.span().start,
                ));
            }
            Scanned::TooLong(t) => panic!("too long: {t:?}"),
        }
    }
    let start = text.find("(https").map_or(0, |i| i + 1) as u64;
    let host = text.find("\n        www").map_or(0, |i| i + 9) as u64;
    assert_eq!(last, Some((false, true, host, start)));
    // Two line breaks: a paragraph apart, abbreviated on its own.
    assert_eq!(
        abbreviated_texts("see https://\n\nwww.a.org/x"),
        ["http://www.a.org/x"]
    );
}

/// `@uref{http://www.zlib.org,http://www.zlib.org}` (bzip2's texinfo
/// manual) and `url[url]`: a URI that starts right after `,`, `;`, `(` or
/// `[` ends the one before (issue 12 and 14 reviews: S002 on
/// `www.zlib.org,http`).
#[test]
fn a_second_uri_right_after_ends_the_first() {
    assert_eq!(
        uris("@uref{http://www.zlib.org,http://www.zlib.org}"),
        ["http://www.zlib.org", "http://www.zlib.org"]
    );
    assert_eq!(
        uris("http://a.example/x[https://b.example/y] http://c.example/p;ftp://d.example/"),
        [
            "http://a.example/x",
            "https://b.example/y",
            "http://c.example/p",
            "ftp://d.example/"
        ]
    );
    // Not a URI after the comma or bracket: one URI.
    assert_eq!(
        uris("http://a.example/x,y;z=1(a)[b] http://a.example/x,http:y"),
        [
            "http://a.example/x,y;z=1(a)[b]",
            "http://a.example/x,http:y"
        ]
    );
}

/// Template expressions are taken whole (`http://${hostname}:${port}/`
/// in Node.js's docs had given a candidate `http://$` and an S002), so
/// that the candidate is seen to be a template.
#[test]
fn template_expressions_are_taken_whole() {
    assert_eq!(
        uris("console.log(`Server running at http://${hostname}:${port}/`);"),
        ["http://${hostname}:${port}/"]
    );
    assert_eq!(
        uris("GET https://api.example/{id}/items and {{ url }} see https://x.example/{{ page }}."),
        [
            "https://api.example/{id}/items",
            "https://x.example/{{ page }}"
        ]
    );
    // Not an expression: the URI ends at the brace.
    assert_eq!(
        uris("http://a.example/x{ y } http://b.example/{{x}"),
        ["http://a.example/x", "http://b.example/"]
    );
}

/// Everything a library user reads of a URI, the same for a lent
/// [`Candidate`] and an owned [`ScannedUri`].
#[derive(Debug, Clone, PartialEq, Eq)]
struct Facts {
    text: String,
    raw: String,
    span: Range<u64>,
    outer_span: Range<u64>,
    delimiter: Delimiter,
    flags: [bool; 5],
    context_before: Vec<u8>,
    hyphen_breaks: Vec<usize>,
    alternatives: Vec<String>,
    /// `source_offset` of every text offset, and one past the end.
    source_offsets: Vec<u64>,
    start: Option<Position>,
    end: Option<Position>,
}

fn facts_of_candidate(c: &Candidate<'_>) -> Facts {
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

fn facts_of_scanned(u: &ScannedUri) -> Facts {
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
fn lent(input: &[u8], opts: &ScanOptions) -> Vec<Result<Facts, TooLong>> {
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
fn iterated(input: &[u8], opts: &ScanOptions) -> Vec<Result<Facts, TooLong>> {
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
            include_bytes!("../../fixtures/rfc2396-appendix-e.txt"),
        ),
        (
            "rfc3986-appendix-c.txt",
            include_bytes!("../../fixtures/rfc3986-appendix-c.txt"),
        ),
        (
            "delimiters/hyphen-break.txt",
            include_bytes!("../../fixtures/delimiters/hyphen-break.txt"),
        ),
        (
            "delimiters/url-prefix.txt",
            include_bytes!("../../fixtures/delimiters/url-prefix.txt"),
        ),
        (
            "corpus/rfc2369-205-210.txt",
            include_bytes!("../../fixtures/corpus/rfc2369-205-210.txt"),
        ),
        (
            "corpus/debian-faq-373-375.txt",
            include_bytes!("../../fixtures/corpus/debian-faq-373-375.txt"),
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
    let input = include_bytes!("../../fixtures/rfc2396-appendix-e.txt");
    let texts: Vec<String> = Scanner::new(&input[..], ScanOptions::default())
        .into_iter()
        .filter_map(|item| match item.expect("slice") {
            Scanned::Uri(u) => Some(u.into_text()),
            Scanned::TooLong(_) => None,
        })
        .collect();
    let expected = include_str!("../../fixtures/rfc2396-appendix-e.expected");
    assert_eq!(texts, expected.lines().collect::<Vec<_>>());
    // The hyphen at a line break, read through the owned form.
    let input = include_bytes!("../../fixtures/delimiters/hyphen-break.txt");
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
struct FailingReader {
    data: Vec<u8>,
    at: usize,
    fail_at: usize,
    interrupted: bool,
    reads: std::rc::Rc<std::cell::Cell<usize>>,
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

/// `(text, missing colon, delimiter name, span)` of every candidate with
/// [`ScanOptions::missing_colon`] on (and `relative_in_angle` as given);
/// all chunk sizes must agree.
fn colonless_with(
    input: &str,
    relative_in_angle: bool,
) -> Vec<(String, bool, &'static str, Range<u64>)> {
    let mut out = Vec::new();
    for chunk in [1 << 20, 1, 2, 3, 5, 7, 64] {
        let opts = ScanOptions {
            chunk_size: chunk,
            missing_colon: true,
            relative_in_angle,
            ..ScanOptions::default()
        };
        let mut s = Scanner::new(input.as_bytes(), opts);
        let mut got = Vec::new();
        while let Some(f) = s.next_found().expect("slice") {
            if let Found::Uri(c) = f {
                assert_eq!(c.to_scanned().missing_colon(), c.missing_colon());
                got.push((
                    c.text().to_string(),
                    c.missing_colon(),
                    c.delimiter().name(),
                    c.span(),
                ));
            }
        }
        if chunk == 1 << 20 {
            out = got;
        } else {
            assert_eq!(got, out, "chunk {chunk} disagrees for {input:?}");
        }
    }
    out
}

fn colonless(input: &str) -> Vec<(String, bool, &'static str, Range<u64>)> {
    colonless_with(input, false)
}

/// The texts of the candidates marked as written without a colon.
fn colonless_texts(input: &str) -> Vec<String> {
    colonless(input)
        .into_iter()
        .filter(|f| f.1)
        .map(|f| f.0)
        .collect()
}

#[test]
fn web_uris_without_the_scheme_colon_on_request() {
    let found = colonless(
        "see http//example.com/a, <https//example.com/b> href=\"HTTPS//example.com/c\" \
         ('http//x.example/p_(q)') and http://ok.example/ http//d.example.",
    );
    let got: Vec<_> = found.iter().map(|f| (f.0.as_str(), f.1, f.2)).collect();
    assert_eq!(
        got,
        [
            ("http//example.com/a", true, "bare"),
            ("https//example.com/b", true, "angle"),
            ("HTTPS//example.com/c", true, "quote"),
            ("http//x.example/p_(q)", true, "quote"),
            ("http://ok.example/", false, "bare"),
            ("http//d.example", true, "bare"),
        ]
    );
    assert_eq!(found[0].3, 4..23);
    // At the start of the input and of a `//` comment; in real text (a
    // Usenet post of comp.lang.cobol, a comment of a man page source).
    assert_eq!(
        colonless_texts("http//www.acucobol.com\n//http//localhost:8080/app\n.\\\" https//bugzilla.redhat.com/show_bug.cgi?id=435337\n"),
        [
            "http//www.acucobol.com",
            "http//localhost:8080/app",
            "https//bugzilla.redhat.com/show_bug.cgi?id=435337",
        ]
    );
    // `KEY=http//host` in a configuration file, but not in a query.
    assert_eq!(
        colonless_texts(
            "CLIENT_URL=http//localhost:3000/ /oembed?format=json&url=http//soundcloud.com/track"
        ),
        ["http//localhost:3000/"]
    );
    // Off by default: not a URI.
    assert_eq!(
        uris("see http//example.com/a <https//example.com/b>"),
        Vec::<String>::new()
    );
}

#[test]
fn what_is_not_a_web_uri_without_its_colon() {
    for text in [
        // Inside a longer URI (Natural Earth's download links; U010's
        // doubled scheme), a path, a query, a word, after a colon.
        "https://www.naturalearthdata.com/http//www.naturalearthdata.com/download/10m/x.zip",
        "http://https//example.com/ <https://https//docs.example.org/b>",
        "www.naturalearthdata.com/http//www.naturalearthdata.com/download",
        "https://browser.example/load?url=http//app.example/x",
        "icihttps//docs.fileformat.com/font/ x_http//a.example a.http//b.example",
        "foo:http//a.example",
        // Code that repairs the typo, lists of typos, a regular expression.
        "url.replace(\"http//\", \"http://\").replace('https//', 'https://')",
        "typos like https://, http://, https//, http//, //",
        "regex=\"[^(http//|www)]\" http///x http//:www.example.ru/ http//-",
        // A template expression after the slashes.
        "console.log(`http//${host}:${port}/`)",
    ] {
        assert_eq!(colonless_texts(text), Vec::<String>::new(), "{text:?}");
    }
}

#[test]
fn a_colonless_reference_in_angle_brackets_is_the_typo() {
    // An HTML attribute's value or a Markdown destination comes to the
    // scanner in angle brackets, as a reference.
    let found = colonless_with("<http//example.org/a> <docs/http//x> <../b>", true);
    let got: Vec<_> = found.iter().map(|f| (f.0.as_str(), f.1)).collect();
    assert_eq!(
        got,
        [
            ("http//example.org/a", true),
            ("docs/http//x", false),
            ("../b", false)
        ]
    );
}

#[test]
fn wrapper_schemes_are_part_of_the_uri() {
    assert_eq!(
        uris(
            "jdbc:mysql://localhost:3306/db?user=x <JDBC:postgresql://db.example/test> \
             \"jar:file:/opt/app.jar!/META-INF/MANIFEST.MF\" jar:http://example.com/a.jar!/b \
             view-source:https://example.org/ URL:jdbc:sqlserver://h.example:1433;databaseName=x \
             jar:jar:file:/a.jar!/b.jar!/c"
        ),
        [
            "jdbc:mysql://localhost:3306/db?user=x",
            "JDBC:postgresql://db.example/test",
            "jar:file:/opt/app.jar!/META-INF/MANIFEST.MF",
            "jar:http://example.com/a.jar!/b",
            "view-source:https://example.org/",
            "jdbc:sqlserver://h.example:1433;databaseName=x",
            "jar:jar:file:/a.jar!/b.jar!/c",
        ]
    );
    // Only the known wrappers, at a word start.
    assert_eq!(
        uris("Note:http://a.example/ xjdbc:mysql://b.example/db see:jar:http://c.example/x"),
        [
            "http://a.example/",
            "mysql://b.example/db",
            "jar:http://c.example/x",
        ]
    );
    // The delimiters are the wrapper's: a URL: prefix before it.
    let found = scan("URL:jdbc:mysql://h.example/db and (jdbc:h2://x.example/y).");
    assert_eq!(found[0].delimiter, Delimiter::UrlPrefix);
    assert_eq!(found[0].text, "jdbc:mysql://h.example/db");
    assert_eq!(found[1].text, "jdbc:h2://x.example/y");
    assert_eq!(found[1].span, 35..56);
    assert_eq!(appendix_e::wrapped_start_for_test(b" jar:jdbc:x", 10), 1);
}

#[test]
fn colonless_candidates_do_not_depend_on_chunking() {
    // Pieces that meet at every place a chunk may end: the slashes, the
    // scheme, the host, a colon URI right before or after, delimiters.
    let pieces = [
        "http//",
        "https//",
        "HTTP//",
        "a.example/p",
        "x",
        " ",
        "\n",
        "/",
        "//",
        ":",
        "<",
        ">",
        "\"",
        "'",
        "=",
        "?u=",
        "http://b.example/",
        "jdbc:",
        "mysql://c.example/d",
        ".",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..400 {
        let mut text = String::new();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        for k in 0..(seed % 24) {
            let i = ((seed >> (k % 16 * 4)) as usize + k as usize * 7) % pieces.len();
            text.push_str(pieces[i]);
        }
        for relative_in_angle in [false, true] {
            colonless_with(&text, relative_in_angle);
        }
    }
}

/// `(text, joined, span)` of every URI in `input`, checked for chunk
/// invariance.
fn joined(input: &str) -> Vec<(String, bool, Range<u64>)> {
    let mut out = Vec::new();
    for chunk in [1 << 20, 1, 2, 3, 7, 64] {
        let opts = ScanOptions {
            chunk_size: chunk,
            ..ScanOptions::default()
        };
        let got: Vec<_> = Scanner::new(input.as_bytes(), opts)
            .into_iter()
            .filter_map(|r| match r.expect("slice") {
                Scanned::Uri(u) => Some((u.text().to_string(), u.joined(), u.span())),
                Scanned::TooLong(_) => None,
            })
            .collect();
        if chunk == 1 << 20 {
            out = got;
        } else {
            assert_eq!(got, out, "chunk {chunk} disagrees for {input:?}");
        }
    }
    out
}

#[test]
fn a_uri_goes_on_in_the_next_string_literal() {
    // gettext's catalogue of Sphinx (sphinx/locale/*/LC_MESSAGES/sphinx.po),
    // docutils' odf_odt writer (Python), and C.
    let found = joined(concat!(
        "msgid \"\"\n\"instead. See https://www.sphinx-\"\n",
        "\"doc.org/en/master/templating.html#styles\"\n",
        "lines1 = ['<wrappertag1 xmlns:text=\"urn:oasis:names:tc:'\n",
        "          'opendocument:xmlns:text:1.0\">']\n",
        "u = ('https://a.example/very-'\n     'long/path')\n",
        "char *v = \"http://b.example/x\"\n    \"y/z\";\n",
        "\"filed at <https://github.com/sphinx-\"\n\"doc/sphinx/issues>. Thanks!\"\n",
    ));
    let got: Vec<_> = found.iter().map(|f| (f.0.as_str(), f.1)).collect();
    assert_eq!(
        got,
        [
            (
                "https://www.sphinx-doc.org/en/master/templating.html#styles",
                true
            ),
            ("urn:oasis:names:tc:opendocument:xmlns:text:1.0", true),
            ("https://a.example/very-long/path", true),
            ("http://b.example/xy/z", true),
            ("https://github.com/sphinx-doc/sphinx/issues", true),
        ]
    );
    // The span runs from the first piece to the last.
    assert_eq!(found[0].2, 23..85);
}

#[test]
fn adjacent_literals_that_do_not_continue_a_uri() {
    for (text, want) in [
        // A list of URIs, one a line (a new scheme starts the literal).
        (
            "urls = [\"http://c.example/a\"\n        \"http://d.example/b\"]",
            vec!["http://c.example/a", "http://d.example/b"],
        ),
        // A blank line between, a comma, or text that is no URI text.
        ("\"http://e.example/\"\n\n\"x\"", vec!["http://e.example/"]),
        ("\"http://f.example/\",\n\"x\"", vec!["http://f.example/"]),
        ("\"http://g.example/\"\n\" x\"", vec!["http://g.example/"]),
        // A list of addresses (RFC 7489).
        (
            "( \"rua=mailto:dmarc-feedback@example.com,\"\n   \"mailto:tld-test@example.net; \" )",
            vec![
                "mailto:dmarc-feedback@example.com",
                "mailto:tld-test@example.net",
            ],
        ),
        // A table of strings (RFC 3986 section 5.4.1).
        (
            "   \"g\"   =  \"http://a/b/c/g\"\n   \"./g\"  =  \"http://a/b/c/g\"\n",
            vec!["http://a/b/c/g", "http://a/b/c/g"],
        ),
        // Prose in quotes: the closing quote then a new paragraph.
        (
            "said \"see http://h.example/\"\nand left",
            vec!["http://h.example/"],
        ),
    ] {
        let got: Vec<_> = joined(text).into_iter().map(|f| (f.0, f.1)).collect();
        let want: Vec<_> = want.into_iter().map(|w| (w.to_string(), false)).collect();
        assert_eq!(got, want, "{text:?}");
    }
}

/// Each URI of `input` with one of its flags, the same whatever the
/// chunk size (asserted).
fn flagged(input: &str, flag: fn(&ScannedUri) -> bool) -> Vec<(String, bool)> {
    let over = |chunk: usize| -> Vec<(String, bool)> {
        let opts = ScanOptions {
            chunk_size: chunk,
            ..ScanOptions::default()
        };
        Scanner::new(input.as_bytes(), opts)
            .into_iter()
            .filter_map(|r| match r.expect("slice") {
                Scanned::Uri(u) => Some((u.text().to_string(), flag(&u))),
                Scanned::TooLong(_) => None,
            })
            .collect()
    };
    let whole = over(1 << 20);
    for chunk in [1, 2, 3, 7, 64] {
        assert_eq!(over(chunk), whole, "chunk {chunk} disagrees for {input:?}");
    }
    whole
}

#[test]
fn an_ellipsis_or_a_placeholder_after_a_uri_marks_it_elided() {
    let elided = |input: &str| flagged(input, ScannedUri::elided);
    // uri(7); qemu-block-drivers(7); a curly ellipsis.
    assert_eq!(
        elided("(e.g., urn:ietf:... would identify IETF documents)"),
        [("urn:ietf".to_string(), true)]
    );
    assert_eq!(
        elided("iscsi://[<username>[%<password>]@]<host>[:<port>]/<target>"),
        [("iscsi://[".to_string(), true)]
    );
    assert_eq!(
        elided("see https://example.org/docs/\u{2026} and http://a.example/x."),
        [
            ("https://example.org/docs/".to_string(), true),
            ("http://a.example/x".to_string(), false)
        ]
    );
    // A placeholder after a hyphen of the host (redpanda-data/docs
    // .github/pull_request_template.md).
    assert_eq!(
        elided("https://deploy-preview-<PR-NUMBER>--redpanda-docs-preview.netlify.app/<VERSION>/"),
        [("https://deploy-preview-".to_string(), true)]
    );
    // A tag after a URI is not a placeholder of it, nor an ellipsis that
    // ends a sentence.
    assert_eq!(
        elided("http://a.example/<br> http://b.example/x... http://c.example/d\u{2026}"),
        [
            ("http://a.example/".to_string(), false),
            ("http://b.example/x".to_string(), false),
            ("http://c.example/d".to_string(), false)
        ]
    );
}

#[test]
fn a_rst_embedded_uri_in_plain_text_is_marked() {
    // structlog's twisted.py docstring; Django's docs/ref/*.txt.
    let text = "        `flushLoggedErrors\n        <https://docs.twisted.org/en/stable/api/\n        twisted.trial.html#flushLoggedErrors>`_.\n<http://a.example/x/\n  y> and <http://b.example/c> `_\n";
    assert_eq!(
        flagged(text, ScannedUri::rst_link),
        [
            (
                "https://docs.twisted.org/en/stable/api/twisted.trial.html#flushLoggedErrors"
                    .to_string(),
                true
            ),
            ("http://a.example/x/y".to_string(), false),
            ("http://b.example/c".to_string(), false),
        ]
    );
}

/// `input` written to a temporary file and scanned through a map
/// ([`Scanner::mapped`]) in windows of `chunk` bytes.
fn mapped_with(input: &[u8], opts: ScanOptions) -> Vec<Seen> {
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

/// Mailman's address obfuscation (`mailto:user at lists.example.org`), and
/// the `[at]` of READMEs: not URIs, left out by the scanner, also when
/// the ` at ` after a bare one comes in the next chunk.
#[test]
fn obfuscated_mail_addresses_are_not_uris() {
    let text: &[u8] = b"Cc: u at lists.example.org<mailto:u at\n lists.example.org> <mailto:a@b.example>\nmailto:blake at x.example or mailto:attic <mailto:xcb [at] lists.example>";
    for chunk in [1, 3, 7, 16, 64, 4096] {
        let opts = ScanOptions {
            chunk_size: chunk,
            ..ScanOptions::default()
        };
        let mut s = Scanner::new(text, opts);
        let mut kept = Vec::new();
        while let Ok(Some(Found::Uri(c))) = s.next_found() {
            kept.push(c.text().to_string());
        }
        assert_eq!(
            kept,
            ["mailto:a@b.example", "mailto:attic"],
            "chunk {chunk}"
        );
    }
}

/// A `[` right after a host ends a bare URI (an AsciiDoc macro's text,
/// also quoted in Ruby comments of asciidoctor/asciidoctor's
/// lib/asciidoctor/rx.rb); after a path or in a query it stays, and an
/// IP-literal host is whole.
#[test]
fn bracket_after_the_host_ends_a_bare_uri() {
    assert_eq!(
        uris("#   link:https://github.com[]"),
        ["https://github.com"]
    );
    assert_eq!(
        uris("see https://example.org[Example] now"),
        ["https://example.org"]
    );
    // Quoted too (rx.rb:520, `#   "https://github.com[]"`); a quoted URI
    // with a bracket in its path keeps it.
    assert_eq!(uris("#   \"https://github.com[]\""), ["https://github.com"]);
    assert_eq!(uris("\"http://a.example/x[1]\""), ["http://a.example/x[1]"]);
    assert_eq!(
        uris("http://a.example/x?a[]=1 ok"),
        ["http://a.example/x?a[]=1"]
    );
    assert_eq!(
        uris("http://[2001:db8::1]:80/ ok"),
        ["http://[2001:db8::1]:80/"]
    );
    assert_eq!(
        uris("ssh://user@[2001:db8::1]:22/r.git"),
        ["ssh://user@[2001:db8::1]:22/r.git"]
    );
}

/// The URIs of `input` with [`ScanOptions::join_wrapped_lines`], whole and
/// in chunks of several small sizes (all must agree), and whether each was
/// joined across a hard wrap.
fn wrapped_uris(input: &str) -> Vec<(String, bool)> {
    let run = |chunk: usize| {
        let opts = ScanOptions {
            chunk_size: chunk,
            join_wrapped_lines: true,
            ..ScanOptions::default()
        };
        let mut s = Scanner::new(input.as_bytes(), opts);
        let mut out = Vec::new();
        while let Some(f) = s.next_found().expect("reading a slice cannot fail") {
            if let Found::Uri(c) = f {
                assert_eq!(c.wrapped(), c.wrapped() && c.broken());
                out.push((c.text().to_string(), c.wrapped()));
            }
        }
        out
    };
    let whole = run(1 << 20);
    for chunk in [1, 2, 3, 7, 64] {
        assert_eq!(run(chunk), whole, "chunk size {chunk}: {input:?}");
    }
    whole
}

#[test]
fn hard_wrapped_bare_uris_are_rejoined() {
    // usrp-users, 2023: a GitHub link cut in mid-word at the fill width,
    // under a reply prefix (`> `) and without one.
    let cut = "https://github.com/EttusResearch/uhd/blob/master/host/lib/usrp/sensorhandl";
    let whole =
        "https://github.com/EttusResearch/uhd/blob/master/host/lib/usrp/sensorhandler.hpp#L497";
    for text in [
        format!("See the code at\n> {cut}\n> er.hpp#L497 for details.\n"),
        format!("See the code at\n{cut}\ner.hpp#L497 for details.\n"),
        format!("See the code at\r\n>> {cut}\r\n>> er.hpp#L497.\r\n"),
        // A space left before the break (quoted-printable `=20`).
        format!("See the code at\n> {cut} \n> er.hpp#L497 for details.\n"),
    ] {
        assert_eq!(
            wrapped_uris(&text),
            vec![(whole.to_string(), true)],
            "{text:?}"
        );
    }
    // Cut before a `/`, the path alone on the next line (linux-uvc-devel,
    // 2006).
    let text = "[1] http://www.linuxtv.org/downloads/video4linux/patches/2.6.14\n/v4l_813_replaced_obsolete_video_get_drvdata_and_video_set_drvdata.patch\n";
    assert_eq!(
        wrapped_uris(text)[0].0,
        "http://www.linuxtv.org/downloads/video4linux/patches/2.6.14/v4l_813_replaced_obsolete_video_get_drvdata_and_video_set_drvdata.patch"
    );
    // Cut after a `/` (open-iscsi, 2021; the mapnik-devel archive).
    let text = "Rather than writing code, see https://github.com/oVirt/vdsm/blob/master/tests/storage/stress/\ninitiator.py\n";
    assert_eq!(
        wrapped_uris(text)[0].0,
        "https://github.com/oVirt/vdsm/blob/master/tests/storage/stress/initiator.py"
    );
    // A query cut: `SHE` + `LF=DFHJSH02` (comp.lang.cobol, 1990s).
    let text = "http://www.example.com/cgi-bin/bookmgr/bookmgr.cmd/BOOKS/DFHJAP90/CONTENTS?SHE\nLF=DFHJSH02 ok\n";
    assert_eq!(
        wrapped_uris(text)[0].0,
        "http://www.example.com/cgi-bin/bookmgr/bookmgr.cmd/BOOKS/DFHJAP90/CONTENTS?SHELF=DFHJSH02"
    );
    // Three lines.
    let text = format!("{cut}\n{}\n{}\n", "a".repeat(59) + "/b", "c/d.html");
    let joined = wrapped_uris(&text);
    assert_eq!(joined.len(), 1);
    assert!(joined[0]
        .0
        .ends_with(&format!("{}/bc/d.html", "a".repeat(59))));
}

#[test]
fn line_breaks_that_end_a_bare_uri_stay() {
    let long = "https://groups.google.com/d/msgid/open-iscsi/20220802-173945-abcdef-ghijkl";
    assert!(long.len() >= 60 && long.len() <= 100);
    for next in [
        "Reviewed-by: Lee Duncan <lduncan@suse.com>",
        "the rest of the sentence.",
        "e.g. this one",
        "------------- next part -------------",
        "/--------- L.WILLMS@jpberlin.de",
        "webmaster@example.org",
        " index.html (indented)",
        "",
        "https://next.example/",
        "__init__.py",
        // vitejs/vite playground/css/vite.config.js; vuejs/docs _redirects.
        "globalThis.location = new URL('http://localhost/')",
        "/guide/list.html                    https://v2.vuejs.org/v2/guide/list.html",
    ] {
        let text = format!("{long} \n{next}\n");
        assert_eq!(
            wrapped_uris(&text)[0],
            (long.to_string(), false),
            "{next:?}"
        );
        let text = format!("{long}\n{next}\n");
        let got = wrapped_uris(&text);
        assert_eq!(got[0], (long.to_string(), false), "{next:?}");
    }
    // Text after the URI on its line.
    assert!(!wrapped_uris(&format!("{long} x\nindex.html\n"))[0].1);
    // A short line: text that is not wrapped at a fill width.
    assert_eq!(
        wrapped_uris("see http://www.example.org/a/\nindex.html\n")[0],
        ("http://www.example.org/a/".to_string(), false)
    );
    // A line longer than any fill width.
    let text = format!(
        "{}\nindex.html\n",
        "https://example.org/".to_string() + &"x".repeat(100)
    );
    assert!(!wrapped_uris(&text)[0].1);
    // Trailing punctuation ends the URI, and a different reply prefix
    // is another writer's line.
    assert!(!wrapped_uris(&format!("{long}.\nindex.html\n"))[0].1);
    assert!(!wrapped_uris(&format!("> {long}\n>> index.html\n"))[0].1);
    // Off by default.
    assert_eq!(
        uris(&format!("{long}\nindex.html\n")),
        vec![long.to_string()]
    );
}

/// What the scanner finds in `<value>` with
/// [`ScanOptions::whole_reference`] (an HTML attribute's value, as
/// `run::decoded` gives it), at several chunk sizes: (text, raw, relative).
fn whole_reference(value: &str) -> Vec<(String, String, bool)> {
    let input = format!("<{value}>");
    let opts = ScanOptions {
        relative_in_angle: true,
        keep_spaces_in_angle: true,
        whole_reference: true,
        ..ScanOptions::default()
    };
    at_chunk_sizes(&input, &opts, |c| {
        let start = c.span().start as usize;
        assert_eq!(
            &input.as_bytes()[start..start + c.raw().len()],
            c.raw().as_bytes()
        );
        (c.text().to_string(), c.raw().to_string(), c.relative())
    })
}

#[test]
fn an_attribute_value_is_one_reference_as_a_browser_reads_it() {
    let one = |t: &str, relative| vec![(t.to_string(), t.to_string(), relative)];
    // A value of one word names a file (`[MIT](LICENSE)`, issue 46); the
    // same word in angle brackets in text is none.
    assert_eq!(whole_reference("LICENSE"), one("LICENSE", true));
    assert_eq!(whole_reference("a@b"), []);
    // phishing_pot sample-609: `href="mailto:&lt;addr&gt;"`, which the
    // delimiting rules would end at the inner `<`.
    assert_eq!(
        whole_reference("mailto:<accaccess-esp@hotmail.com>"),
        one("mailto:<accaccess-esp@hotmail.com>", false)
    );
    assert_eq!(
        whole_reference("https://x.example/a<b>\"c"),
        one("https://x.example/a<b>\"c", false)
    );
    // A line break in the value is no part of the URL (the URL parser
    // drops it); the raw text keeps it.
    assert_eq!(
        whole_reference("mailto:<a@b.example\n>"),
        vec![(
            "mailto:<a@b.example>".to_string(),
            "mailto:<a@b.example\n>".to_string(),
            false
        )]
    );
    // Undeclared quoted-printable (phishing_pot sample-2473): a relative
    // reference to a browser, not the URI inside it.
    assert_eq!(whole_reference("3D\"http://www.pyramidci.com/\""), []);
    assert_eq!(whole_reference("'http://q.example/'"), []);
    // A relative reference that is one is found whole, as before.
    assert_eq!(
        whole_reference("../guide/page.html#x"),
        one("../guide/page.html#x", true)
    );
    // A template expression is read as text (Hugo's header.html).
    assert_eq!(
        whole_reference("{{ printf `https://github.com/gohugoio/hugo/releases/tag/v%s` . }}"),
        one("https://github.com/gohugoio/hugo/releases/tag/v%s", false)
    );
    // A script is read as text.
    assert_eq!(
        whole_reference("javascript:window.open('http://j.example/')"),
        one("http://j.example/", false)
    );
    // Values without `<`, `>` or `"` go the usual way.
    assert_eq!(
        whole_reference("http://a.example/x y"),
        vec![(
            "http://a.example/x y".to_string(),
            "http://a.example/x y".to_string(),
            false
        )]
    );
}

/// Every item of [`Scanner::in_memory`] over `input`, scanning with the
/// buffers `kept` (left by earlier texts) and handing them back.
fn in_memory_with(input: &[u8], opts: ScanOptions, kept: &mut ScanBuffers) -> Vec<Seen> {
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
fn fixture_texts() -> Vec<Vec<u8>> {
    files_of(&[
        "fixtures/check",
        "fixtures/precision",
        "fixtures/mail",
        "fixtures/news",
        "fixtures/delimiters",
    ])
}

/// The bytes of each file right in `dirs` (not below), in name order.
fn files_of(dirs: &[&str]) -> Vec<Vec<u8>> {
    let mut texts = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if let Ok(bytes) = std::fs::read(&p) {
                texts.push(bytes);
            }
        }
    }
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
fn asked_positions<R: std::io::Read>(
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

/// A quoted CSV field holding two URIs on two lines
/// (tauri-apps/tauri-docs public/tauri-community-survey-2022-data.csv):
/// the second line starts another URI, not the rest of the first; in
/// `<...>` the same.
#[test]
fn a_line_starting_with_a_scheme_starts_another_uri() {
    assert_eq!(
        uris("yes,\"https://git.kaki87.net/KaKi87/scraper-instagram-gui-desktop\nhttps://git.kaki87.net/KaKi87/tauri-update-server\",c\n"),
        [
            "https://git.kaki87.net/KaKi87/scraper-instagram-gui-desktop",
            "https://git.kaki87.net/KaKi87/tauri-update-server"
        ]
    );
    assert_eq!(
        uris("<http://a.example/x\nhttp://b.example/y>"),
        ["http://a.example/x", "http://b.example/y"]
    );
    // A broken URI whose rest holds no scheme is still joined.
    assert_eq!(uris("<http://a.example/x\n/y>"), ["http://a.example/x/y"]);
}

/// A program's comment ending in a URI, code on the next line
/// (after vitest-dev/vitest packages/expect/src/jest-asymmetric-matchers.ts,
/// its comment reworded):
/// not a hard wrap.
#[test]
fn a_comment_line_is_not_hard_wrapped() {
    let code = "// Upstream: https://github.com/microsoft/TypeScript/issues/61068\nAsymmetricMatcher.prototype[Symbol.for('chai/inspect')] = function () {}\n";
    assert_eq!(
        wrapped_uris(code),
        [(
            "https://github.com/microsoft/TypeScript/issues/61068".to_string(),
            false
        )]
    );
}
