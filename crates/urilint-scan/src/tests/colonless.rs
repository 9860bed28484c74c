//! Tests of web URIs written without the scheme's colon (on request) and
//! of wrapper schemes (`jdbc:`, `jar:`, `view-source:`).

use super::*;

/// `(text, missing colon, delimiter name, span)` of every candidate with
/// [`ScanOptions::missing_colon`] on (and `relative_in_angle` as given);
/// all chunk sizes must agree.
pub(super) fn colonless_with(
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

pub(super) fn colonless(input: &str) -> Vec<(String, bool, &'static str, Range<u64>)> {
    colonless_with(input, false)
}

/// The texts of the candidates marked as written without a colon.
pub(super) fn colonless_texts(input: &str) -> Vec<String> {
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
