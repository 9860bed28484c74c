//! Tests of relative references in angle brackets and of RFC 2396
//! Appendix F's abbreviated URLs, on request; and of URIs that end where
//! the next one starts.

use super::*;

pub(super) fn relative_refs(input: &str) -> Vec<(String, bool)> {
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
pub(super) fn abbreviated(input: &str) -> Vec<(String, String, &'static str, Range<u64>)> {
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

pub(super) fn abbreviated_texts(input: &str) -> Vec<String> {
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

/// A list in one quoted string, `"https://localhost:5001;http://localhost:5000"`
/// (knative/docs' `launchSettings.json`), is two URIs, as it is bare; and
/// a `,` right after an authority's port ends the URI (argoproj/argo-cd's
/// help text `https://192.168.99.100:8443,default,default-sa`: a port is
/// digits only), unless the text after it goes on to a path, a query or
/// userinfo (MongoDB's `mongodb://h1:27017,h2:27017/db` lists hosts) or
/// the `;` of a JDBC URL's properties (round 7 of issue 46: U006).
#[test]
fn a_list_in_quotes_and_a_comma_after_a_port_end_the_uri() {
    assert_eq!(
        uris(r#""applicationUrl": "https://localhost:5001;http://localhost:5000","#),
        ["https://localhost:5001", "http://localhost:5000"]
    );
    assert_eq!(
        uris("--dest https://192.168.99.100:8443,default,default-sa and \"https://h.example:443,ns\""),
        ["https://192.168.99.100:8443", "https://h.example:443"]
    );
    assert_eq!(
        uris("mongodb://h1.example:27017,h2.example:27017/db ftp://u:123,x@h.example/ [::1]"),
        [
            "mongodb://h1.example:27017,h2.example:27017/db",
            "ftp://u:123,x@h.example/"
        ]
    );
    assert_eq!(
        uris("jdbc:sqlserver://h.example:1433;databaseName=x \"https://a.example/x,y\""),
        [
            "jdbc:sqlserver://h.example:1433;databaseName=x",
            "https://a.example/x,y"
        ]
    );
}
