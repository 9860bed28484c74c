//! Tests of URIs continued in the next string literal, and of URIs marked
//! elided (an ellipsis or a placeholder after them) or embedded (reST).

use super::*;

/// `(text, joined, span)` of every URI in `input`, checked for chunk
/// invariance.
pub(super) fn joined(input: &str) -> Vec<(String, bool, Range<u64>)> {
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
pub(super) fn flagged(input: &str, flag: fn(&ScannedUri) -> bool) -> Vec<(String, bool)> {
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
    // A wildcard glued to a host label is a glob pattern
    // (argoproj/argo-cd's `types_test.go`: `"!https://team1-*"`); a
    // URI in emphasis keeps its `*` out and is no pattern.
    assert_eq!(
        elided("Destinations: []string{\"!https://team1-*\"} and **https://a.example/x**"),
        [
            ("https://team1-".to_string(), true),
            ("https://a.example/x".to_string(), false)
        ]
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
