//! The command line end to end, continued (tests/it/cli/mod.rs has the
//! helpers, `extract` fixtures, `check`'s exit codes, standard input,
//! JSON Lines, walking, `--max-uri-len`): `parse`, `--help` and
//! `--version`, the scanner's rules through standard input, large inputs
//! whatever the read sizes, `resolve`, `normalize` and `extract --base`,
//! odd trees (symlink loops, FIFOs, names that are not UTF-8).

use super::*;

// ---------------------------------------------------------------------
// parse.
// ---------------------------------------------------------------------

const PARSE_VALID: [&str; 3] = [
    "http://[::1]:8080/a?q#f",
    "mailto:a@example.org",
    "../g;x?y#s",
];

#[test]
fn parse_human_output() {
    let mut args = vec!["parse"];
    args.extend(PARSE_VALID);
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0));
    assert_output(
        "urilint parse",
        &out.stdout,
        &read("fixtures/parse/valid.expected"),
    );
}

#[test]
fn parse_jsonl_output() {
    let mut args = vec!["parse", "--format", "jsonl"];
    args.extend(PARSE_VALID);
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0));
    assert_output(
        "urilint parse --format jsonl",
        &out.stdout,
        &read("fixtures/parse/valid.jsonl"),
    );
    let fields = [
        "input",
        "grammar",
        "valid",
        "kind",
        "scheme",
        "authority",
        "userinfo",
        "host",
        "host_kind",
        "host_ascii",
        "host_error",
        "port",
        "path",
        "query",
        "fragment",
        "errors",
    ];
    for rec in parse_lines(&out.stdout) {
        let keys: Vec<&str> = rec
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let (mut k, mut f) = (keys.clone(), fields.to_vec());
        k.sort_unstable();
        f.sort_unstable();
        assert_eq!(k, f, "{rec}");
    }
}

#[test]
fn parse_empty_components_are_empty_strings_not_null() {
    let out = run(&[
        "parse",
        "--format",
        "jsonl",
        "http://a?#",
        "file:///x",
        "http://u@[v7.x]:/",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let r = parse_lines(&out.stdout);
    // `http://a?#`: empty path, query and fragment are defined.
    assert_eq!(r[0]["path"], "");
    assert_eq!(r[0]["query"], "");
    assert_eq!(r[0]["fragment"], "");
    assert_eq!(r[0]["port"], Value::Null);
    // `file:///x`: an empty authority and host.
    assert_eq!(r[1]["authority"], "");
    assert_eq!(r[1]["host"], "");
    assert_eq!(r[1]["path"], "/x");
    assert_eq!(r[1]["query"], Value::Null);
    // `http://u@[v7.x]:/`: userinfo, IPvFuture, empty port.
    assert_eq!(r[2]["userinfo"], "u");
    assert_eq!(r[2]["host"], "[v7.x]");
    assert_eq!(r[2]["host_kind"], "ipvfuture");
    assert_eq!(r[2]["port"], "");
}

#[test]
fn parse_invalid_exits_1() {
    urilint()
        .args(["parse", "http://a/%zz"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::starts_with("http://a/%zz\n  invalid uri (rfc3986)\n")
                .and(predicate::str::contains("  error U002 at byte 9: ")),
        );
    let out = run(&["parse", "--format", "jsonl", "http://a/%zz"]);
    assert_eq!(out.status.code(), Some(1));
    let r = &parse_lines(&out.stdout)[0];
    assert_eq!(r["valid"], false);
    assert_eq!(r["input"], "http://a/%zz");
    assert_eq!(r["scheme"], "http");
    assert_eq!(r["errors"][0]["code"], "U002");
    assert_eq!(r["errors"][0]["offset"], 9);
    // One invalid argument among valid ones: still 1, and all are printed.
    let out = run(&[
        "parse",
        "--format",
        "jsonl",
        PARSE_VALID[0],
        "http://a/%zz",
        PARSE_VALID[1],
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(parse_lines(&out.stdout).len(), 3);
}

#[test]
fn parse_grammar_option() {
    let out = run(&[
        "parse",
        "--format",
        "jsonl",
        "--grammar",
        "rfc2396",
        "http://a/b;p/c",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(parse_lines(&out.stdout)[0]["grammar"], "rfc2396");
    let out = run(&[
        "parse",
        "--format",
        "jsonl",
        "--grammar",
        "rfc2396+ipv6",
        "http://[::1]/",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(parse_lines(&out.stdout)[0]["grammar"], "rfc2396+ipv6");
    // RFC 2396 has no IP literals; RFC 2732 adds them.
    urilint()
        .args(["parse", "--grammar", "rfc2396", "http://[::1]/"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("U005"));
}

// ---------------------------------------------------------------------
// --help and --version.
// ---------------------------------------------------------------------

#[test]
fn subcommand_help_mentions_examples() {
    for sub in ["extract", "check", "parse", "rewrite", "rule"] {
        urilint().args([sub, "--help"]).assert().success().stdout(
            predicate::str::contains("Examples")
                .and(predicate::str::contains(format!("urilint {sub}"))),
        );
        urilint()
            .args(["help", sub])
            .assert()
            .success()
            .stdout(predicate::str::contains("Examples"));
    }
    urilint().arg("--help").assert().success().stdout(
        predicate::str::contains("extract")
            .and(predicate::str::contains("check"))
            .and(predicate::str::contains("parse")),
    );
}

#[test]
fn version() {
    urilint()
        .arg("--version")
        .assert()
        .success()
        .stdout(format!("urilint {}\n", env!("CARGO_PKG_VERSION")));
}

// ---------------------------------------------------------------------
// Scanner rules end to end, through standard input.
// ---------------------------------------------------------------------

#[test]
fn delimiters_in_jsonl() {
    let recs = records_stdin(
        b"<http://a.example/1> \"http://a.example/2\" 'http://a.example/3' \
          `http://a.example/4` URL:http://a.example/5 <URL: http://a.example/6> \
          http://a.example/7.\n",
    );
    let got: Vec<(&str, &str, bool)> = recs
        .iter()
        .map(|r| {
            (
                r["uri"].as_str().unwrap(),
                r["delimiter"].as_str().unwrap(),
                r["url_prefix"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("http://a.example/1", "angle", false),
            ("http://a.example/2", "quote", false),
            ("http://a.example/3", "quote", false),
            ("http://a.example/4", "quote", false),
            ("http://a.example/5", "url-prefix", true),
            ("http://a.example/6", "angle", true),
            ("http://a.example/7", "bare", false),
        ]
    );
    // Quoted text that is not just a URI: bare, ending at the space.
    let r = records_stdin(b"\"http://a.example/p is the page\"");
    assert_eq!(r.len(), 1);
    assert_eq!(r[0]["uri"], "http://a.example/p");
    assert_eq!(r[0]["delimiter"], "bare");
}

#[test]
fn hyphen_break_alternatives_and_d001() {
    for (input, uri, alt) in [
        (
            &b"<http://a.example/b-\n   c>"[..],
            "http://a.example/b-c",
            "http://a.example/bc",
        ),
        // Whitespace on both sides of the break is ignored.
        (
            &b"<http://a.example/b- \t\n\t c>"[..],
            "http://a.example/b-c",
            "http://a.example/bc",
        ),
        // A bare URI whose last character before the break is the hyphen.
        (
            &b"see http://a.example/b-\n  c for more"[..],
            "http://a.example/b-c",
            "http://a.example/bc",
        ),
        (
            &b"see http://a.example/b-\n9 for more"[..],
            "http://a.example/b-9",
            "http://a.example/b9",
        ),
        (
            &b"\"http://a.example/b-\r\n  c\""[..],
            "http://a.example/b-c",
            "http://a.example/bc",
        ),
    ] {
        let r = records_stdin(input);
        assert_eq!(r.len(), 1, "{}", text(input));
        assert_eq!(r[0]["uri"], uri, "{}", text(input));
        assert_eq!(r[0]["alternatives"], serde_json::json!([alt]));
        assert_eq!(r[0]["broken"], true);
        let out = run_stdin(
            &["check", "--format", "plain", "--strict", "-"],
            input.to_vec(),
        );
        assert_eq!(out.status.code(), Some(1));
        assert!(
            text(&out.stdout).contains(" D001 "),
            "{}",
            text(&out.stdout)
        );
    }
    // Not continued: next line starts with `>`, or a blank line follows.
    assert_eq!(
        extract_stdin(b"http://a.example/b-\n> c\nhttp://a.example/d-\n\ne"),
        ["http://a.example/b-", "http://a.example/d-"]
    );
    // A hyphen that does not end a line gives no alternative.
    let r = records_stdin(b"<http://a.example/b-c>");
    assert_eq!(r[0]["alternatives"], serde_json::json!([]));
}

#[test]
fn well_known_schemes_without_slashes_in_bare_text() {
    assert_eq!(
        extract_stdin(
            b"mailto:a@example.org, news:comp.lang.cobol; urn:isbn:0451450523. \
              tel:+1-816-555-1212 fax:+358.555.1234567 data:text/plain,hi \
              mid:960830.1639@XIson.com cid:foo4@bar.example sip:alice@atlanta.com \
              sips:alice@atlanta.com xmpp:romeo@montague.net geo:13.4125,103.8667 \
              tag:timothy@hpl.hp.com,2001:web/externalHome im:fred@example.com \
              pres:fred@example.com (MAILTO:B@EXAMPLE.ORG)\n"
        ),
        [
            "mailto:a@example.org",
            "news:comp.lang.cobol",
            "urn:isbn:0451450523",
            "tel:+1-816-555-1212",
            "fax:+358.555.1234567",
            "data:text/plain,hi",
            "mid:960830.1639@XIson.com",
            "cid:foo4@bar.example",
            "sip:alice@atlanta.com",
            "sips:alice@atlanta.com",
            "xmpp:romeo@montague.net",
            "geo:13.4125,103.8667",
            "tag:timothy@hpl.hp.com,2001:web/externalHome",
            "im:fred@example.com",
            "pres:fred@example.com",
            "MAILTO:B@EXAMPLE.ORG",
        ]
    );
    // Any scheme with `//`.
    assert_eq!(
        extract_stdin(b"git+ssh://git@example.com/r.git and chrome-extension://abc/x."),
        [
            "git+ssh://git@example.com/r.git",
            "chrome-extension://abc/x"
        ]
    );
    // But not an unknown scheme without `//` in prose or in quotes.
    assert_eq!(
        extract_stdin(b"foo:bar \"foo:bar\" 'foo:bar'"),
        Vec::<String>::new()
    );
}

#[test]
fn invalid_utf8_never_becomes_part_of_a_uri() {
    let mut input = b"http://a.example/b".to_vec();
    input.extend_from_slice(&[0xff, 0xfe]);
    input.extend_from_slice(b"c <http://d.example/e>\xe9 \xc3http://f.example/g\xc3");
    let r = records_stdin(&input);
    let uris: Vec<&str> = r.iter().map(|r| r["uri"].as_str().unwrap()).collect();
    assert_eq!(
        uris,
        [
            "http://a.example/b",
            "http://d.example/e",
            "http://f.example/g"
        ]
    );
}

#[test]
fn only_absolute_uris() {
    assert_eq!(
        extract_stdin(b"<../g;x?y#s> <//example.com/a> \"/path?q\" <#frag> <g:h>\n"),
        Vec::<String>::new()
    );
}

// Cases of the specification the scanner gets wrong. Each keeps the
// correct expectation; run them with `cargo test -- --ignored`.

#[test]
fn angle_bracket_break_inside_scheme() {
    let r = records_stdin(b"see <ht\n   tp://a.example/b>.");
    assert_eq!(r.len(), 1);
    assert_eq!(r[0]["uri"], "http://a.example/b");
    assert_eq!(r[0]["delimiter"], "angle");
}

#[test]
fn angle_bracket_break_right_after_colon() {
    assert_eq!(
        extract_stdin(b"<http:\n   //a.example/b> and <mailto:\n   a@example.org>"),
        ["http://a.example/b", "mailto:a@example.org"]
    );
}

#[test]
fn angle_bracket_break_right_before_colon() {
    assert_eq!(
        extract_stdin(b"<http\n   ://a.example/b>"),
        ["http://a.example/b"]
    );
}

#[test]
fn angle_bracket_whitespace_after_opening() {
    let r =
        records_stdin(b"see <\n   http://a.example/long/\n   path>. and < http://a.example/c >");
    let got: Vec<(&str, &str)> = r
        .iter()
        .map(|r| (r["uri"].as_str().unwrap(), r["delimiter"].as_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [
            ("http://a.example/long/path", "angle"),
            ("http://a.example/c", "angle"),
        ]
    );
}

#[test]
fn bare_magnet_uri() {
    assert_eq!(
        extract_stdin(b"get magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a now"),
        ["magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a"]
    );
}

#[test]
fn bare_sms_uri() {
    assert_eq!(
        extract_stdin(b"text sms:+15105550101?body=hello%20there now"),
        ["sms:+15105550101?body=hello%20there"]
    );
}

#[test]
fn bare_sip_uri_with_telephone_number() {
    assert_eq!(
        extract_stdin(b"call sip:+1-212-555-1212:1234@gateway.com;user=phone now"),
        ["sip:+1-212-555-1212:1234@gateway.com;user=phone"]
    );
}

#[test]
fn bare_geo_uri_with_negative_latitude() {
    assert_eq!(
        extract_stdin(b"at geo:-48.876667,-123.393333 today"),
        ["geo:-48.876667,-123.393333"]
    );
}

#[test]
fn bare_data_uri_without_media_type() {
    assert_eq!(
        extract_stdin(b"e.g. data:,A%20brief%20note here"),
        ["data:,A%20brief%20note"]
    );
}

#[test]
fn bare_mailto_with_only_headers() {
    assert_eq!(
        extract_stdin(b"write to mailto:?to=joe@example.com&subject=hi now"),
        ["mailto:?to=joe@example.com&subject=hi"]
    );
}

// ---------------------------------------------------------------------
// Large input: results must not depend on where reads split the file.
// ---------------------------------------------------------------------

#[test]
fn large_input_across_read_boundaries() {
    // About 1.2 MB of densely packed URIs of every kind, broken across
    // lines in several ways, so that every read boundary of the scanner
    // (whatever its chunk size) falls inside or next to one of them.
    let mut input = Vec::new();
    let mut want = Vec::new();
    let mut i = 0usize;
    while input.len() < 1_200_000 {
        let pad = " ".repeat(i % 7);
        match i % 5 {
            0 => {
                input.extend_from_slice(
                    format!("<http://chunk.example/{i}/\n{pad}  part{i}>\n").as_bytes(),
                );
                want.push(format!("http://chunk.example/{i}/part{i}"));
            }
            1 => {
                input.extend_from_slice(
                    format!("\u{e9}t\u{e9} http://chunk.example/{i}/x-\n{pad}y{i}, ").as_bytes(),
                );
                want.push(format!("http://chunk.example/{i}/x-y{i}"));
            }
            2 => {
                input.extend_from_slice(format!("\"http://chunk.example/{i}/q\"{pad}").as_bytes());
                want.push(format!("http://chunk.example/{i}/q"));
            }
            3 => {
                input.extend_from_slice(
                    format!("<URL:{pad}ftp://chunk.ex\n ample/{i}>. ").as_bytes(),
                );
                want.push(format!("ftp://chunk.example/{i}"));
            }
            _ => {
                input.extend_from_slice(b"Note: 10:30 std::io \xff\xfe ");
                input
                    .extend_from_slice(format!("(see http://chunk.example/{i}/(a)).\n").as_bytes());
                want.push(format!("http://chunk.example/{i}/(a)"));
            }
        }
        i += 1;
    }
    let want = want.join("\n") + "\n";
    let tmp = tempfile::tempdir().unwrap();
    let p = tmp.path().join("big.txt");
    fs::write(&p, &input).unwrap();
    let out = run(&["extract", p.to_str().unwrap()]);
    assert!(out.status.success());
    assert_output("extract big.txt", &out.stdout, want.as_bytes());
    // Through a pipe, reads are split elsewhere.
    let out = run_stdin(&["extract", "-"], input.clone());
    assert_output("extract - < big.txt", &out.stdout, want.as_bytes());
    // And walked (the binary probe reads the first 8 KiB separately).
    let out = run(&["extract", tmp.path().to_str().unwrap()]);
    assert_output("extract DIR", &out.stdout, want.as_bytes());
}

// ---------------------------------------------------------------------
// `resolve`, `normalize`, `extract --base`.
// ---------------------------------------------------------------------

#[test]
fn resolve_rfc3986_section_5_4_via_the_binary() {
    let base = "http://a/b/c/d;p?q";
    let cases = [
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("", "http://a/b/c/d;p?q"),
        ("../..", "http://a/"),
        ("../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("http:g", "http:g"),
    ];
    let mut args = vec!["resolve", "--base", base];
    args.extend(cases.iter().map(|(r, _)| *r));
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", text(&out.stderr));
    let want: String = cases.iter().map(|(_, t)| format!("{t}\n")).collect();
    assert_eq!(text(&out.stdout), want);
}

#[test]
fn resolve_rfc2396_and_the_loophole() {
    let out = run(&[
        "resolve",
        "--grammar",
        "rfc2396",
        "--base",
        "http://a/b/c/d;p?q",
        "../../../g",
    ]);
    assert_eq!(text(&out.stdout), "http://a/../g\n");
    let out = run(&[
        "resolve",
        "--loophole",
        "--base",
        "http://a/b/c/d;p?q",
        "http:g",
    ]);
    assert_eq!(text(&out.stdout), "http://a/b/c/g\n");
}

#[test]
fn resolve_and_normalize_report_invalid_input_with_exit_1() {
    let out = run(&["resolve", "--base", "http://a/b", "g", "%zz"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "http://a/g\n");
    assert!(text(&out.stderr).contains("%zz"), "{}", text(&out.stderr));
    let out = run(&[
        "normalize",
        "HTTP://www.EXAMPLE.com:80/a/./b/../%7euser",
        "http://a/%zz",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "http://www.example.com/a/~user\n");
    assert!(text(&out.stderr).contains("U002"), "{}", text(&out.stderr));
}

#[test]
fn normalize_rfc3986_section_6_examples() {
    let out = run(&[
        "normalize",
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        "http://example.com",
        "http://example.com:/",
        "http://example.com:80/",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "example://a/b/c/%7Bfoo%7D\nexample://a/b/c/%7Bfoo%7D\nhttp://example.com/\nhttp://example.com/\nhttp://example.com/\n"
    );
    let out = run(&["normalize", "--no-scheme-based", "http://example.com:80"]);
    assert_eq!(text(&out.stdout), "http://example.com:80\n");
}

#[test]
fn extract_with_base_resolves_relative_references_in_angle_brackets() {
    let input = b"See <../g;x?y#s> and <foo.html>, <http://x/y>, <article-number>.\n";
    let out = run_stdin(&["extract", "--base", "http://a/b/c/d;p?q", "-"], input);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "http://a/b/g;x?y#s\nhttp://a/b/c/foo.html\nhttp://x/y\n"
    );
    let out = run_stdin(
        &[
            "extract",
            "--format",
            "jsonl",
            "--base",
            "http://a/b/c/d;p?q",
            "-",
        ],
        b"See <../g>\n",
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON record");
    assert_eq!(v["uri"], "http://a/b/g");
    assert_eq!(v["reference"], "../g");
    assert_eq!(v["raw"], "../g");
    // Without --base, relative references are not extracted.
    let out = run_stdin(&["extract", "-"], input);
    assert_eq!(text(&out.stdout), "http://x/y\n");
    // An invalid base is a usage error.
    let out = run_stdin(&["extract", "--base", "not a uri", "-"], input);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn parse_shows_the_idna_form_of_international_hosts() {
    let out = run(&[
        "parse",
        "--format",
        "jsonl",
        "--grammar",
        "rfc3987",
        "http://B\u{fc}cher.example/",
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["host_ascii"], "xn--bcher-kva.example");
    let out = run(&["parse", "--format", "jsonl", "http://%E2%98%83.example/"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["valid"], true);
    assert_eq!(v["host_ascii"], "xn--n3h.example");
    let out = run(&["parse", "--zone-id", "http://[fe80::a%25en1]/"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let out = run(&["parse", "http://[fe80::a%25en1]/"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn quiet_is_accepted_and_pipes_get_no_progress() {
    // Standard error is a pipe here: never a progress indicator, with or
    // without --quiet.
    for args in [
        &["extract", "fixtures/rfc2396-appendix-e.txt"][..],
        &["extract", "-q", "fixtures/rfc2396-appendix-e.txt"][..],
        &[
            "check",
            "--format",
            "plain",
            "--quiet",
            "fixtures/check/clean.txt",
        ][..],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    }
}

// ---------------------------------------------------------------------
// Odd trees: symlink loops, FIFOs, file names that are not UTF-8.
// ---------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn symlink_loops_and_fifos_in_a_tree_are_skipped() {
    use std::os::unix::fs::symlink;
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    write(dir, "a/page.txt", b"see http://a.example/1\n");
    // A link back up the tree: not followed (symbolic links never are).
    symlink(dir, dir.join("a/loop")).unwrap();
    symlink(dir.join("a"), dir.join("a/self")).unwrap();
    // A FIFO with no writer: opening it would block; it is not a regular
    // file, so the walk skips it.
    let fifo = dir.join("a/pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    assert!(made, "mkfifo (coreutils) is needed for this test");
    assert_eq!(walk(dir, &[]), ["a/page.txt:http://a.example/1"]);
}

#[cfg(unix)]
#[test]
fn file_names_that_are_not_utf8_are_read_and_named_lossily() {
    use std::os::unix::ffi::OsStrExt;
    let tmp = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.txt");
    fs::write(tmp.path().join(name), b"see http://a.example/x\n").unwrap();
    let d = tmp.path().to_str().unwrap();
    let out = run(&["extract", "--format", "jsonl", d]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON record");
    assert_eq!(v["uri"], "http://a.example/x");
    assert!(
        v["path"]
            .as_str()
            .is_some_and(|p| p.ends_with("caf\u{fffd}.txt")),
        "{v}"
    );
}

#[test]
fn lone_cr_and_crlf_end_lines_in_positions() {
    let out = run_stdin(
        &["extract", "--format", "jsonl", "-"],
        &b"one\rtwo http://a/b\r\nthree <http://c/\r  d>\n"[..],
    );
    let recs = parse_lines(&out.stdout);
    assert_eq!(recs.len(), 2);
    assert_eq!(
        (recs[0]["line"].as_u64(), recs[0]["column"].as_u64()),
        (Some(2), Some(5))
    );
    assert_eq!(
        (recs[1]["line"].as_u64(), recs[1]["column"].as_u64()),
        (Some(3), Some(8))
    );
    assert_eq!(
        (recs[1]["end_line"].as_u64(), recs[1]["end_column"].as_u64()),
        (Some(4), Some(4))
    );
    assert_eq!(recs[1]["uri"], "http://c/d");
}

#[test]
fn utf16_files_are_skipped_with_a_message() {
    let tmp = tempfile::tempdir().unwrap();
    let mut utf16 = vec![0xFF, 0xFE];
    for u in "see http://a.example/x\n".encode_utf16() {
        utf16.extend_from_slice(&u.to_le_bytes());
    }
    write(tmp.path(), "le.txt", &utf16);
    write(tmp.path(), "plain.txt", b"see http://b.example/y\n");
    let d = tmp.path().to_str().unwrap();
    let out = run(&["extract", d]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "http://b.example/y\n");
    let err = text(&out.stderr);
    assert!(err.contains("le.txt: skipped: UTF-16"), "{err}");
    // Named on the command line: the same.
    let le = tmp.path().join("le.txt");
    let out = run(&["extract", le.to_str().unwrap()]);
    assert_eq!(text(&out.stdout), "");
    assert!(text(&out.stderr).contains("UTF-16"));
}

/// The completions and the man page the wheel installs
/// (`packaging/wheel-data/data/share/`, pyproject.toml's `[tool.maturin]
/// data`) are what `urilint completions SHELL` and `urilint man` print
/// now: a flag added or changed without regenerating them fails here
/// (docs/development.md says how to regenerate).
#[test]
fn packaged_completions_and_man_page_are_current() {
    let files: [(&[&str], &str); 4] = [
        (&["man"], "man/man1/urilint.1"),
        (
            &["completions", "bash"],
            "bash-completion/completions/urilint",
        ),
        (&["completions", "zsh"], "zsh/site-functions/_urilint"),
        (
            &["completions", "fish"],
            "fish/vendor_completions.d/urilint.fish",
        ),
    ];
    for (args, file) in files {
        let out = run(args);
        assert!(
            out.status.success(),
            "urilint {args:?}: {}",
            text(&out.stderr)
        );
        assert!(!out.stdout.is_empty(), "urilint {args:?} printed nothing");
        let rel = format!("packaging/wheel-data/data/share/{file}");
        let have = read(&rel);
        if have != out.stdout {
            let (g, w) = (text(&out.stdout), text(&have));
            let line = g
                .lines()
                .zip(w.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| g.lines().count().min(w.lines().count()));
            panic!(
                "{rel} differs from `urilint {}` (first at line {}: {:?} in the file, {:?} printed); \
                 regenerate it: cargo run -- {} > {rel}",
                args.join(" "),
                line + 1,
                w.lines().nth(line).unwrap_or(""),
                g.lines().nth(line).unwrap_or(""),
                args.join(" "),
            );
        }
    }
}

/// `urilint completions` refuses a shell it does not know, with the list.
#[test]
fn completions_for_an_unknown_shell_is_a_usage_error() {
    let out = run(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("bash, elvish, fish, powershell, zsh"), "{err}");
}
