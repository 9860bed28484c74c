//! End-to-end tests of the `urilint` binary: every fixture under
//! `fixtures/` against its checked-in expected output, and the command-line
//! behaviour (exit codes, standard input, prefixes, `--unique`, the JSON
//! Lines schema, walking, `--max-uri-len`, `parse`, `--help`, `--version`).
//!
//! Expected outputs follow the delimiting rules of RFC 2396 Appendix E as
//! the crate specifies them; they were written by hand, not copied from the
//! program's output.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

/// The crate root; every command runs there so that paths in the output
/// are `fixtures/...`.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn urilint() -> Command {
    let mut cmd = Command::cargo_bin("urilint").expect("the urilint binary is built");
    cmd.current_dir(root());
    cmd
}

fn run(args: &[&str]) -> Output {
    urilint().args(args).output().expect("urilint runs")
}

fn run_stdin(args: &[&str], input: impl Into<Vec<u8>>) -> Output {
    urilint()
        .args(args)
        .write_stdin(input.into())
        .output()
        .expect("urilint runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Compares `got` with `want` byte for byte; on a mismatch, panics with
/// the first differing line and both outputs in full.
fn assert_output(what: &str, got: &[u8], want: &[u8]) {
    if got == want {
        return;
    }
    let (g, w) = (text(got), text(want));
    let first = g
        .split_inclusive('\n')
        .zip(w.split_inclusive('\n'))
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| g.lines().count().min(w.lines().count()));
    panic!(
        "{what}: output differs from the expected one (first difference at line {})\n\
         --- expected ({} bytes)\n{w}\n--- got ({} bytes)\n{g}\n--- end",
        first + 1,
        want.len(),
        got.len(),
    );
}

/// Reads a file relative to the crate root.
fn read(rel: &str) -> Vec<u8> {
    fs::read(root().join(rel)).unwrap_or_else(|e| panic!("reading {rel}: {e}"))
}

/// Runs `urilint ARGS... input` and compares stdout with `expected`
/// exactly; asserts exit status 0 and an empty stderr.
fn assert_fixture(args: &[&str], input: &str, expected: &str) {
    let mut all = args.to_vec();
    all.push(input);
    let out = run(&all);
    assert!(
        out.stderr.is_empty(),
        "urilint {all:?}: unexpected stderr:\n{}",
        text(&out.stderr)
    );
    assert!(
        out.status.success(),
        "urilint {all:?}: exit status {:?}",
        out.status.code()
    );
    assert_output(
        &format!("urilint {}", all.join(" ")),
        &out.stdout,
        &read(expected),
    );
}

fn assert_extract(input: &str, expected: &str) {
    assert_fixture(&["extract"], input, expected);
}

/// The URIs `urilint extract -` finds in `input`.
fn extract_stdin(input: &[u8]) -> Vec<String> {
    let out = run_stdin(&["extract", "-"], input.to_vec());
    assert!(out.status.success(), "stderr: {}", text(&out.stderr));
    text(&out.stdout).lines().map(str::to_string).collect()
}

/// The JSON records of `urilint extract --format jsonl -` on `input`.
fn records_stdin(input: &[u8]) -> Vec<Value> {
    let out = run_stdin(&["extract", "--format", "jsonl", "-"], input.to_vec());
    assert!(out.status.success(), "stderr: {}", text(&out.stderr));
    parse_lines(&out.stdout)
}

fn parse_lines(stdout: &[u8]) -> Vec<Value> {
    text(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l:?}: {e}")))
        .collect()
}

// ---------------------------------------------------------------------
// Fixtures: `urilint extract` against the checked-in expected output.
// ---------------------------------------------------------------------

macro_rules! extract_fixture {
    ($($name:ident: $input:literal => $expected:literal;)*) => {
        $(
            #[test]
            fn $name() {
                assert_extract($input, $expected);
            }
        )*
    };
}

extract_fixture! {
    fixture_angle: "fixtures/delimiters/angle.txt" => "fixtures/delimiters/angle.expected";
    fixture_quote: "fixtures/delimiters/quote.txt" => "fixtures/delimiters/quote.expected";
    fixture_url_prefix: "fixtures/delimiters/url-prefix.txt" => "fixtures/delimiters/url-prefix.expected";
    fixture_bare_punctuation: "fixtures/delimiters/bare-punctuation.txt" => "fixtures/delimiters/bare-punctuation.expected";
    fixture_hyphen_break: "fixtures/delimiters/hyphen-break.txt" => "fixtures/delimiters/hyphen-break.expected";
    fixture_markdown: "fixtures/delimiters/markdown.md" => "fixtures/delimiters/markdown.expected";
    fixture_non_candidates: "fixtures/delimiters/non-candidates.txt" => "fixtures/delimiters/non-candidates.expected";
    fixture_mixed_iri_and_invalid_utf8: "fixtures/encoding/mixed-iri-and-invalid-utf8.txt" => "fixtures/encoding/mixed-iri-and-invalid-utf8.expected";
    fixture_crlf: "fixtures/encoding/crlf.txt" => "fixtures/encoding/crlf.expected";
    fixture_rfc2396_appendix_e: "fixtures/rfc2396-appendix-e.txt" => "fixtures/rfc2396-appendix-e.expected";
    fixture_rfc3986_appendix_c: "fixtures/rfc3986-appendix-c.txt" => "fixtures/rfc3986-appendix-c.expected";
    corpus_rfc1738_1222_1225: "fixtures/corpus/rfc1738-1222-1225.txt" => "fixtures/corpus/rfc1738-1222-1225.expected";
    corpus_rfc1738_1306_1307: "fixtures/corpus/rfc1738-1306-1307.txt" => "fixtures/corpus/rfc1738-1306-1307.expected";
    corpus_rfc1738_717_718_negative: "fixtures/corpus/rfc1738-717-718.txt" => "fixtures/corpus/rfc1738-717-718.expected";
    corpus_rfc9505_1345_1346: "fixtures/corpus/rfc9505-1345-1346.txt" => "fixtures/corpus/rfc9505-1345-1346.expected";
    corpus_rfc9505_1351_1352: "fixtures/corpus/rfc9505-1351-1352.txt" => "fixtures/corpus/rfc9505-1351-1352.expected";
    corpus_rfc10017_2704_2705: "fixtures/corpus/rfc10017-2704-2705.txt" => "fixtures/corpus/rfc10017-2704-2705.expected";
    corpus_rfc2369_205_210: "fixtures/corpus/rfc2369-205-210.txt" => "fixtures/corpus/rfc2369-205-210.expected";
    corpus_news_sci_space_62116_negative: "fixtures/corpus/news-sci.space-62116-6.txt" => "fixtures/corpus/news-sci.space-62116-6.expected";
    corpus_cobol_t_0cbd79bb05_187: "fixtures/corpus/cobol-t-0cbd79bb05-187.md" => "fixtures/corpus/cobol-t-0cbd79bb05-187.expected";
    corpus_debian_faq_373_375: "fixtures/corpus/debian-faq-373-375.txt" => "fixtures/corpus/debian-faq-373-375.expected";
    corpus_pep_0730_295_296: "fixtures/corpus/pep-0730-295-296.rst" => "fixtures/corpus/pep-0730-295-296.expected";
    corpus_rust_rfcs_2845_328: "fixtures/corpus/rust-rfcs-2845-328.md" => "fixtures/corpus/rust-rfcs-2845-328.expected";
    corpus_usrp_users_2023_02_1970_1971: "fixtures/corpus/usrp-users-2023-02-1970-1971.txt" => "fixtures/corpus/usrp-users-2023-02-1970-1971.expected";
}

#[test]
fn fixture_crlf_line_numbers() {
    assert_fixture(
        &["extract", "-n"],
        "fixtures/encoding/crlf.txt",
        "fixtures/encoding/crlf.n.expected",
    );
}

#[test]
fn fixture_jsonl_positions() {
    assert_fixture(
        &["extract", "--format", "jsonl"],
        "fixtures/jsonl/positions.txt",
        "fixtures/jsonl/positions.jsonl",
    );
}

#[test]
fn fixture_jsonl_rfc9505_hyphen_alternative() {
    assert_fixture(
        &["extract", "--format", "jsonl"],
        "fixtures/corpus/rfc9505-1345-1346.txt",
        "fixtures/corpus/rfc9505-1345-1346.jsonl",
    );
}

/// RFC 2396 Appendix F: `--abbreviated` finds `www.`/`ftp.` host names
/// without a scheme, in real text, and only with the option.
#[test]
fn corpus_abbreviated_urls() {
    for name in [
        "rfc2396-1970-1984",
        "news-comp.graphics-38851-600-606",
        "debian-faq-373-375",
    ] {
        let input = format!("fixtures/corpus/{name}.txt");
        assert_fixture(
            &["extract", "--abbreviated", "-n"],
            &input,
            &format!("fixtures/corpus/{name}.abbreviated.expected"),
        );
    }
    // Off by default: the RFC's example is not a URI.
    let out = run(&["extract", "fixtures/corpus/rfc2396-1970-1984.txt"]);
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn abbreviated_jsonl_says_so_and_keeps_the_text_as_written() {
    let out = run_stdin(
        &["extract", "--abbreviated", "--format", "jsonl", "-"],
        "see www.w3.org/Addressing/, or http://a.example/.\n",
    );
    let lines: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["uri"], "http://www.w3.org/Addressing/");
    assert_eq!(lines[0]["raw"], "www.w3.org/Addressing/");
    assert_eq!(lines[0]["abbreviated"], true);
    assert_eq!(
        (
            lines[0]["byte_start"].as_u64(),
            lines[0]["byte_end"].as_u64()
        ),
        (Some(4), Some(26))
    );
    assert_eq!(lines[1]["uri"], "http://a.example/");
    assert!(lines[1].get("abbreviated").is_none());
}

/// `abbreviated = true` in urilint.toml turns it on; `check` lints the
/// completed URI but never fixes it (the scheme is not in the file) and
/// says neither bare-uri nor insecure-scheme of it.
#[test]
fn abbreviated_from_the_configuration_and_in_check() {
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join("urilint.toml"), "abbreviated = true\n").expect("write");
    let file = dir.path().join("a.txt");
    fs::write(&file, "Go to WWW.Example.ORG/a/./b today.\n").expect("write");
    let out = urilint()
        .current_dir(dir.path())
        .args(["extract", "a.txt"])
        .output()
        .expect("runs");
    assert_eq!(text(&out.stdout), "http://WWW.Example.ORG/a/./b\n");
    let out = urilint()
        .current_dir(dir.path())
        .args([
            "check", "--select", "ALL", "--format", "plain", "--fix", "a.txt",
        ])
        .output()
        .expect("runs");
    let shown = text(&out.stdout);
    assert!(shown.contains("N002") && shown.contains("N006"), "{shown}");
    assert!(
        !shown.contains("D006") && !shown.contains("X004"),
        "{shown}"
    );
    assert_eq!(
        fs::read_to_string(&file).expect("read"),
        "Go to WWW.Example.ORG/a/./b today.\n"
    );
}

#[test]
fn corpus_rfc3261_8541_8548_sip_examples() {
    assert_extract(
        "fixtures/corpus/rfc3261-8541-8548.txt",
        "fixtures/corpus/rfc3261-8541-8548.expected",
    );
}

#[test]
fn corpus_rfc5724_533_545_sms_examples() {
    assert_extract(
        "fixtures/corpus/rfc5724-533-545.txt",
        "fixtures/corpus/rfc5724-533-545.expected",
    );
}

#[test]
fn corpus_rfc5870_850_851_break_after_colon() {
    assert_extract(
        "fixtures/corpus/rfc5870-850-851.txt",
        "fixtures/corpus/rfc5870-850-851.expected",
    );
}

// ---------------------------------------------------------------------
// `check`: diagnostics and exit codes.
// ---------------------------------------------------------------------

#[test]
fn check_invalid_fixture() {
    let out = run(&[
        "check",
        "--extend-select",
        "U007,S101",
        "--format",
        "plain",
        "fixtures/check/invalid.txt",
    ]);
    assert_eq!(out.status.code(), Some(1), "findings give exit 1");
    assert!(out.stderr.is_empty(), "stderr: {}", text(&out.stderr));
    assert_output(
        "urilint check fixtures/check/invalid.txt",
        &out.stdout,
        &read("fixtures/check/invalid.check.expected"),
    );
}

#[test]
fn check_scheme_rules_fixture() {
    // One scheme-specific violation a line (RFC 9110, RFC 1738, RFC 6068,
    // RFC 3966, RFC 1123, RFC 2397); the last line is clean.
    let out = run(&[
        "check",
        "--extend-select",
        "U007,S101",
        "--format",
        "plain",
        "fixtures/check/scheme.txt",
    ]);
    assert_eq!(out.status.code(), Some(1), "findings give exit 1");
    assert!(out.stderr.is_empty(), "stderr: {}", text(&out.stderr));
    assert_output(
        "urilint check fixtures/check/scheme.txt",
        &out.stdout,
        &read("fixtures/check/scheme.check.expected"),
    );
    let got = text(&out.stdout);
    for code in ["S101", "S201", "S401", "S902", "S002", "S953", "S003"] {
        assert!(got.contains(&format!(": {code} ")), "{code} missing");
    }
    assert!(!got.contains(":9:"), "the clean line has findings: {got}");
}

#[test]
fn check_invalid_fixture_has_every_code() {
    let got = text(&read("fixtures/check/invalid.check.expected"));
    for code in [
        "U002", "U003", "U004", "U005", "U006", "U007", "D001", "D002", "D004",
    ] {
        assert!(
            got.contains(&format!(": {code} ")),
            "{code} missing from invalid.check.expected"
        );
    }
}

#[test]
fn check_mixed_iri_flags_non_ascii_with_character_columns() {
    let out = run(&[
        "check",
        "--extend-select",
        "U007",
        "--format",
        "plain",
        "fixtures/encoding/mixed-iri-and-invalid-utf8.txt",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_output(
        "urilint check fixtures/encoding/mixed-iri-and-invalid-utf8.txt",
        &out.stdout,
        &read("fixtures/encoding/mixed-iri-and-invalid-utf8.check.expected"),
    );
    // Every finding there is U007, and the invalid bytes of the other
    // lines never became part of a URI.
    for line in text(&out.stdout).lines() {
        assert!(line.contains(": U007 "), "{line}");
    }
}

#[test]
fn check_exit_0_on_clean_file() {
    urilint()
        .args(["check", "--format", "plain", "fixtures/check/clean.txt"])
        .assert()
        .code(0)
        .stdout("")
        .stderr("");
    // No URI at all is clean too.
    urilint()
        .args([
            "check",
            "--format",
            "plain",
            "fixtures/delimiters/non-candidates.txt",
        ])
        .assert()
        .code(0)
        .stdout("");
}

#[test]
fn check_exit_1_on_findings() {
    urilint()
        .args([
            "check",
            "--format",
            "plain",
            "fixtures/check/clean.txt",
            "fixtures/check/invalid.txt",
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(
            "fixtures/check/invalid.txt:2:40: U002 ",
        ));
}

#[test]
fn check_exit_2_on_missing_file_still_reports_the_others() {
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("does-not-exist.txt");
    let missing = missing.to_str().unwrap();
    for args in [
        [
            "check",
            "--extend-select",
            "U007",
            "--format",
            "plain",
            missing,
            "fixtures/check/invalid.txt",
        ],
        [
            "check",
            "--extend-select",
            "U007",
            "--format",
            "plain",
            "fixtures/check/invalid.txt",
            missing,
        ],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_output(
            &format!("{args:?}"),
            &out.stdout,
            &read("fixtures/check/invalid.check.expected"),
        );
        let err = text(&out.stderr);
        assert!(
            err.contains("does-not-exist.txt"),
            "stderr names the file: {err}"
        );
    }
    // Missing file and a clean one: still 2.
    urilint()
        .args([
            "check",
            "--format",
            "plain",
            missing,
            "fixtures/check/clean.txt",
        ])
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn extract_exit_2_on_missing_file_still_prints_the_others() {
    let out = run(&[
        "extract",
        "fixtures/no/such/file.txt",
        "fixtures/rfc2396-appendix-e.txt",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_output(
        "extract with a missing file",
        &out.stdout,
        &read("fixtures/rfc2396-appendix-e.expected"),
    );
    assert!(text(&out.stderr).contains("fixtures/no/such/file.txt"));
}

#[test]
fn usage_errors_exit_2() {
    urilint()
        .args(["extract", "--format", "xml", "fixtures/check/clean.txt"])
        .assert()
        .code(2);
    urilint().args(["check", "--no-such-flag"]).assert().code(2);
    urilint().args(["parse"]).assert().code(2);
    urilint().assert().code(2);
}

// ---------------------------------------------------------------------
// Standard input, prefixes, --unique.
// ---------------------------------------------------------------------

#[test]
fn dash_reads_stdin() {
    let out = run_stdin(&["extract", "-"], read("fixtures/delimiters/angle.txt"));
    assert!(out.status.success());
    assert_output(
        "urilint extract - < angle.txt",
        &out.stdout,
        &read("fixtures/delimiters/angle.expected"),
    );
    // The name of standard input is `-`.
    urilint()
        .args(["extract", "-H", "-n", "-"])
        .write_stdin("one\ntwo <http://a.example/x>\n")
        .assert()
        .success()
        .stdout("-:2:http://a.example/x\n");
    urilint()
        .args(["check", "--format", "plain", "-"])
        .write_stdin("x http://a.example/%zz\n")
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("-:1:20: U002 "));
    // Standard input and files mix, in the order given.
    urilint()
        .args(["extract", "-H", "fixtures/rfc3986-appendix-c.txt", "-"])
        .write_stdin("http://stdin.example/\n")
        .assert()
        .success()
        .stdout(
            "fixtures/rfc3986-appendix-c.txt:http://www.w3.org/Addressing/\n\
             fixtures/rfc3986-appendix-c.txt:ftp://foo.example.com/rfc/\n\
             fixtures/rfc3986-appendix-c.txt:http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING\n\
             -:http://stdin.example/\n",
        );
}

#[test]
fn filename_and_line_number_prefixes() {
    let f = "fixtures/delimiters/hyphen-break.txt";
    let uris = [
        (
            2,
            "https://opennet.net/blog/2011/06/dns-tampering-and-new-icann-gtld-rules",
        ),
        (4, "http://example.com/foo-bar"),
        (6, "http://example.com/quoted-part"),
        (9, "http://example.com/keep-"),
        (11, "http://example.com/blank-"),
        (14, "http://example.com/dash-"),
    ];
    let expect = |h: bool, n: bool| -> String {
        uris.iter()
            .map(|(line, uri)| {
                let mut s = String::new();
                if h {
                    s.push_str(f);
                    s.push(':');
                }
                if n {
                    s.push_str(&format!("{line}:"));
                }
                format!("{s}{uri}\n")
            })
            .collect()
    };
    for (args, h, n) in [
        (vec!["extract", "-H", f], true, false),
        (vec!["extract", "-n", f], false, true),
        (vec!["extract", "-H", "-n", f], true, true),
        (vec!["extract", "-Hn", f], true, true),
        (
            vec!["extract", "--with-filename", "--line-number", f],
            true,
            true,
        ),
    ] {
        let out = run(&args);
        assert!(out.status.success());
        assert_output(&format!("{args:?}"), &out.stdout, expect(h, n).as_bytes());
    }
}

#[test]
fn unique_prints_each_uri_once_in_first_seen_order() {
    let tmp = tempfile::tempdir().unwrap();
    fs::write(
        tmp.path().join("a.txt"),
        "http://a.example/1 <http://a.example/2>\nhttp://a.example/1 again\n",
    )
    .unwrap();
    fs::write(
        tmp.path().join("b.txt"),
        "\"http://a.example/2\" http://a.example/3 http://a.example/1\n",
    )
    .unwrap();
    let dir = tmp.path().to_str().unwrap();
    urilint()
        .args(["extract", "--unique", dir])
        .assert()
        .success()
        .stdout("http://a.example/1\nhttp://a.example/2\nhttp://a.example/3\n");
    // With -H -n: the first place each was seen.
    let a = tmp.path().join("a.txt");
    let b = tmp.path().join("b.txt");
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    urilint()
        .args(["extract", "-u", "-Hn", "-j", "4", dir])
        .assert()
        .success()
        .stdout(format!(
            "{a}:1:http://a.example/1\n{a}:1:http://a.example/2\n{b}:1:http://a.example/3\n"
        ));
    // Without --unique every occurrence is printed.
    let out = run(&["extract", dir]);
    assert_eq!(text(&out.stdout).lines().count(), 6);
    // The same URI found through different delimiters is one URI.
    urilint()
        .args(["extract", "--unique", "-"])
        .write_stdin("<http://x.example/y> \"http://x.example/y\" http://x.example/y.\n")
        .assert()
        .success()
        .stdout("http://x.example/y\n");
}

// ---------------------------------------------------------------------
// JSON Lines schema.
// ---------------------------------------------------------------------

const RECORD_FIELDS: [&str; 16] = [
    "path",
    "line",
    "column",
    "end_line",
    "end_column",
    "byte_start",
    "byte_end",
    "uri",
    "raw",
    "delimiter",
    "url_prefix",
    "broken",
    "alternatives",
    "role",
    "valid",
    "errors",
];

/// Line and column (1-based, columns in Unicode scalar values: every byte
/// that is not a UTF-8 continuation byte) of byte `offset` of `data`.
fn line_column(data: &[u8], offset: usize) -> (u64, u64) {
    let before = &data[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = before[line_start..]
        .iter()
        .filter(|&&b| !(0x80..0xC0).contains(&b))
        .count() as u64
        + 1;
    (line, column)
}

fn u(v: &Value, key: &str) -> u64 {
    v[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} is not an unsigned integer in {v}"))
}

/// Checks one record of `extract --format jsonl` against the bytes of the
/// file it came from.
fn check_record(rec: &Value, path: &str, data: &[u8]) {
    let obj = rec.as_object().expect("a record is a JSON object");
    let keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    let mut want = RECORD_FIELDS.to_vec();
    let mut have = keys.clone();
    want.sort_unstable();
    have.sort_unstable();
    assert_eq!(have, want, "record fields of {rec}");
    assert_eq!(rec["path"], path);
    for key in [
        "line",
        "column",
        "end_line",
        "end_column",
        "byte_start",
        "byte_end",
    ] {
        let n = u(rec, key);
        if !key.starts_with("byte") {
            assert!(n >= 1, "{key} is 1-based in {rec}");
        }
    }
    for key in ["uri", "raw"] {
        assert!(rec[key].is_string(), "{key} is a string in {rec}");
    }
    for key in ["url_prefix", "broken", "valid"] {
        assert!(rec[key].is_boolean(), "{key} is a boolean in {rec}");
    }
    let delimiter = rec["delimiter"].as_str().expect("delimiter is a string");
    assert!(
        ["angle", "quote", "url-prefix", "bare"].contains(&delimiter),
        "delimiter {delimiter:?}"
    );
    let alternatives = rec["alternatives"].as_array().expect("alternatives array");
    assert!(alternatives.iter().all(Value::is_string), "{rec}");
    let errors = rec["errors"].as_array().expect("errors array");
    let uri = rec["uri"].as_str().unwrap();
    let raw = rec["raw"].as_str().unwrap();
    for e in errors {
        let e = e.as_object().expect("an error is an object");
        let mut k: Vec<&str> = e.keys().map(String::as_str).collect();
        k.sort_unstable();
        assert_eq!(k, ["code", "message", "offset"], "{rec}");
        let code = e["code"].as_str().expect("code is a string");
        assert!(
            code.len() == 4
                && code.starts_with('U')
                && code[1..].bytes().all(|b| b.is_ascii_digit()),
            "grammar error code {code:?}"
        );
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()));
        let offset = e["offset"].as_u64().expect("offset is an integer") as usize;
        assert!(offset <= uri.len(), "offset {offset} inside {uri:?}");
    }
    assert_eq!(
        rec["valid"].as_bool().unwrap(),
        errors.is_empty(),
        "valid iff no errors: {rec}"
    );

    // Offsets slice the file to exactly `raw`.
    let (start, end) = (u(rec, "byte_start") as usize, u(rec, "byte_end") as usize);
    assert!(start < end && end <= data.len(), "{rec}");
    assert_eq!(
        &data[start..end],
        raw.as_bytes(),
        "bytes {start}..{end} of {path} are not raw: {rec}"
    );
    // Lines and columns agree with the offsets.
    assert_eq!(
        line_column(data, start),
        (u(rec, "line"), u(rec, "column")),
        "start position of {rec}"
    );
    assert_eq!(
        line_column(data, end),
        (u(rec, "end_line"), u(rec, "end_column")),
        "end position of {rec}"
    );
    // The URI is raw without whitespace; broken iff raw spans lines.
    let stripped: String = raw
        .chars()
        .filter(|c| !matches!(c, ' ' | '\t' | '\r' | '\n' | '\x0b' | '\x0c'))
        .collect();
    assert_eq!(uri, stripped, "uri is raw without whitespace: {rec}");
    assert_eq!(
        rec["broken"].as_bool().unwrap(),
        raw.contains('\n'),
        "broken iff raw holds a line break: {rec}"
    );
    assert!(
        !(rec["url_prefix"].as_bool().unwrap() && delimiter == "bare"),
        "a URL: prefix is never bare: {rec}"
    );
    // Each alternative is the URI without some of its hyphens.
    for alt in alternatives {
        let alt = alt.as_str().unwrap();
        assert!(alt.len() < uri.len(), "{rec}");
        assert_eq!(alt.replace('-', ""), uri.replace('-', ""), "{rec}");
    }
}

#[test]
fn jsonl_schema_and_offsets_on_every_fixture() {
    let inputs = [
        "fixtures/delimiters/angle.txt",
        "fixtures/delimiters/quote.txt",
        "fixtures/delimiters/url-prefix.txt",
        "fixtures/delimiters/bare-punctuation.txt",
        "fixtures/delimiters/hyphen-break.txt",
        "fixtures/encoding/mixed-iri-and-invalid-utf8.txt",
        "fixtures/encoding/crlf.txt",
        "fixtures/check/invalid.txt",
        "fixtures/jsonl/positions.txt",
        "fixtures/rfc2396-appendix-e.txt",
        "fixtures/corpus/rfc1738-1222-1225.txt",
        "fixtures/corpus/rfc2369-205-210.txt",
        "fixtures/corpus/usrp-users-2023-02-1970-1971.txt",
    ];
    for path in inputs {
        let out = run(&["extract", "--format", "jsonl", path]);
        assert!(out.status.success(), "{path}: {}", text(&out.stderr));
        let records = parse_lines(&out.stdout);
        assert!(!records.is_empty(), "{path}: no records");
        let data = read(path);
        for rec in &records {
            check_record(rec, path, &data);
        }
        // The plain output lists the same URIs.
        let plain = text(&run(&["extract", path]).stdout);
        let uris: Vec<&str> = records.iter().map(|r| r["uri"].as_str().unwrap()).collect();
        assert_eq!(plain.lines().collect::<Vec<_>>(), uris, "{path}");
    }
}

#[test]
fn jsonl_positions_after_non_ascii_text() {
    let out = run(&[
        "extract",
        "--format",
        "jsonl",
        "fixtures/jsonl/positions.txt",
    ]);
    let records = parse_lines(&out.stdout);
    // "Ünïcödé prefix: " is 16 characters in 20 bytes.
    let first = &records[0];
    assert_eq!(first["uri"], "http://example.org/a");
    assert_eq!((u(first, "line"), u(first, "column")), (1, 17));
    assert_eq!((u(first, "byte_start"), u(first, "byte_end")), (20, 40));
    assert_eq!((u(first, "end_line"), u(first, "end_column")), (1, 37));
    // A URI broken across lines 2-3, after "é <".
    let broken = &records[1];
    assert_eq!((u(broken, "line"), u(broken, "column")), (2, 4));
    assert_eq!(broken["delimiter"], "angle");
    assert_eq!(broken["broken"], true);
    assert_eq!(
        broken["alternatives"],
        serde_json::json!([
            "https://opennet.net/blog/2011/06/dnstampering-and-new-icann-gtld-rules"
        ])
    );
    assert_eq!((u(broken, "end_line"), u(broken, "end_column")), (3, 38));
    // Line 6: an IRI after "Invalid: http://example.org/%zz and an IRI: ".
    let iri = records.last().unwrap();
    assert_eq!(iri["uri"], "http://example.org/\u{fc}");
    assert_eq!((u(iri, "line"), u(iri, "column")), (6, 45));
    assert_eq!(iri["valid"], false);
    assert_eq!(iri["errors"][0]["code"], "U007");
    assert_eq!(iri["errors"][0]["offset"], 19);
    // Every delimiter kind and both values of url_prefix appear.
    let kinds: Vec<(&str, bool)> = records
        .iter()
        .map(|r| (r["delimiter"].as_str().unwrap(), r["url_prefix"] == true))
        .collect();
    for k in [
        ("bare", false),
        ("angle", false),
        ("angle", true),
        ("quote", false),
        ("url-prefix", true),
    ] {
        assert!(kinds.contains(&k), "{k:?} not in {kinds:?}");
    }
}

#[test]
fn jsonl_columns_count_invalid_bytes_as_one_column_each() {
    let path = "fixtures/encoding/mixed-iri-and-invalid-utf8.txt";
    let out = run(&["extract", "--format", "jsonl", path]);
    let records = parse_lines(&out.stdout);
    // Line 3: "Invalid bytes before a URI: " then \xff\xfe (two columns).
    let after = records
        .iter()
        .find(|r| r["uri"] == "http://example.org/after")
        .expect("the URI after invalid bytes");
    assert_eq!((u(after, "line"), u(after, "column")), (3, 31));
    // Line 6: "Latin-1 text around: caf\xe9 <" is 27 columns.
    let angle = records
        .iter()
        .find(|r| r["uri"] == "http://example.org/angle")
        .expect("the bracketed URI");
    assert_eq!((u(angle, "line"), u(angle, "column")), (6, 28));
    assert_eq!(angle["delimiter"], "angle");
}

// ---------------------------------------------------------------------
// Walking directories.
// ---------------------------------------------------------------------

fn write(dir: &Path, rel: &str, contents: &[u8]) {
    let p = dir.join(rel);
    fs::create_dir_all(p.parent().unwrap()).unwrap();
    fs::write(p, contents).unwrap();
}

/// `extract -H` of `dir`, with the directory prefix removed from paths.
fn walk(dir: &Path, extra: &[&str]) -> Vec<String> {
    let d = dir.to_str().unwrap();
    let mut args = vec!["extract", "-H"];
    args.extend_from_slice(extra);
    args.push(d);
    let out = run(&args);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    let prefix = format!("{d}/");
    text(&out.stdout)
        .lines()
        .map(|l| l.strip_prefix(&prefix).unwrap_or(l).to_string())
        .collect()
}

#[test]
fn walk_order_is_sorted_and_independent_of_threads() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // Created in an order that is not the sorted one.
    let names = [
        "zeta.txt",
        "b/2.txt",
        "a.txt",
        "b/10.txt",
        "b/1.txt",
        "B.txt",
        "m/n/o.txt",
        "m/a.txt",
        "c.md",
    ];
    for (i, name) in names.iter().enumerate() {
        let body =
            format!("{name} http://walk.example/{i}/1\nand <http://walk.example/{i}/\n  2>\n");
        write(dir, name, body.as_bytes());
    }
    // Many more files so that threads really interleave.
    for i in 0..40 {
        let mut body = format!("http://many.example/{i}/a\n").repeat(50);
        body.push_str(&format!("<http://many.example/{i}/%zz>\n"));
        write(dir, &format!("many/f{i:02}.txt"), body.as_bytes());
    }
    let one = walk(dir, &["-j", "1"]);
    let four = walk(dir, &["-j", "4"]);
    assert_eq!(one, four, "-j 1 and -j 4 differ");
    assert_eq!(walk(dir, &["-j", "3"]), one);
    // Byte-wise sorted by file name, directory by directory.
    let files: Vec<&str> =
        one.iter()
            .map(|l| l.split_once(':').unwrap().0)
            .fold(Vec::new(), |mut v, f| {
                if v.last() != Some(&f) {
                    v.push(f);
                }
                v
            });
    // (`m` sorts before `many`: a directory's entries are sorted by name.)
    let mut want = vec![
        "B.txt",
        "a.txt",
        "b/1.txt",
        "b/10.txt",
        "b/2.txt",
        "c.md",
        "m/a.txt",
        "m/n/o.txt",
    ];
    let many: Vec<String> = (0..40).map(|i| format!("many/f{i:02}.txt")).collect();
    want.extend(many.iter().map(String::as_str));
    want.push("zeta.txt");
    assert_eq!(files, want);
    // Within a file, in text order; line-broken URIs come out whole.
    let i = names.iter().position(|&n| n == "a.txt").unwrap();
    let a: Vec<&str> = one
        .iter()
        .filter(|l| l.starts_with("a.txt:"))
        .map(String::as_str)
        .collect();
    let w1 = format!("a.txt:http://walk.example/{i}/1");
    let w2 = format!("a.txt:http://walk.example/{i}/2");
    assert_eq!(a, [w1.as_str(), w2.as_str()]);
    // jsonl and check are thread-independent too.
    let d = dir.to_str().unwrap();
    for args in [
        ["extract", "--format", "jsonl"],
        ["check", "--format", "plain"],
    ] {
        let o1 = run(&[args[0], args[1], args[2], "-j", "1", d]);
        let o4 = run(&[args[0], args[1], args[2], "-j", "4", d]);
        assert_output(&format!("{args:?} -j 4 vs -j 1"), &o4.stdout, &o1.stdout);
    }
}

#[test]
fn gitignore_is_honoured_in_a_git_work_tree() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    fs::create_dir(dir.join(".git")).unwrap();
    write(dir, ".gitignore", b"*.log\nbuild/\n");
    write(dir, "keep.txt", b"http://keep.example/\n");
    write(dir, "drop.log", b"http://drop.example/log\n");
    write(dir, "build/out.txt", b"http://drop.example/build\n");
    write(dir, "sub/.gitignore", b"secret.txt\n");
    write(dir, "sub/secret.txt", b"http://drop.example/secret\n");
    write(dir, "sub/open.txt", b"http://keep.example/sub\n");
    assert_eq!(
        walk(dir, &[]),
        [
            "keep.txt:http://keep.example/",
            "sub/open.txt:http://keep.example/sub"
        ]
    );
    assert_eq!(
        walk(dir, &["--no-ignore"]),
        [
            "build/out.txt:http://drop.example/build",
            "drop.log:http://drop.example/log",
            "keep.txt:http://keep.example/",
            "sub/open.txt:http://keep.example/sub",
            "sub/secret.txt:http://drop.example/secret",
        ]
    );
    // A file named on the command line is read even when ignored.
    let log = dir.join("drop.log");
    urilint()
        .args(["extract", log.to_str().unwrap()])
        .assert()
        .success()
        .stdout("http://drop.example/log\n");
}

#[test]
fn dot_ignore_is_honoured_without_git() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    write(dir, ".ignore", b"skip*\n");
    write(dir, "skip-me.txt", b"http://drop.example/\n");
    write(dir, "take.txt", b"http://keep.example/\n");
    assert_eq!(walk(dir, &[]), ["take.txt:http://keep.example/"]);
    assert_eq!(
        walk(dir, &["--no-ignore"]),
        [
            "skip-me.txt:http://drop.example/",
            "take.txt:http://keep.example/"
        ]
    );
}

#[test]
fn hidden_files_are_skipped_unless_asked() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    write(dir, ".hidden.txt", b"http://hidden.example/file\n");
    write(dir, ".dir/inner.txt", b"http://hidden.example/dir\n");
    write(dir, "shown.txt", b"http://shown.example/\n");
    assert_eq!(walk(dir, &[]), ["shown.txt:http://shown.example/"]);
    assert_eq!(
        walk(dir, &["--hidden"]),
        [
            ".dir/inner.txt:http://hidden.example/dir",
            ".hidden.txt:http://hidden.example/file",
            "shown.txt:http://shown.example/",
        ]
    );
}

#[test]
fn binary_files_are_skipped_when_walking() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let mut binary = b"http://binary.example/before-nul\n\0\x01\x02".to_vec();
    binary.extend_from_slice(b"\nhttp://binary.example/after-nul\n");
    write(dir, "blob.bin", &binary);
    write(dir, "text.txt", b"http://text.example/\n");
    let d = dir.to_str().unwrap();
    // A skipped file is named on standard error (issue 25: no silent drop).
    let skipped =
        format!("urilint: {d}/blob.bin: skipped: binary (a NUL byte in its first 8 KiB)\n");
    urilint()
        .args(["extract", "-H", d])
        .assert()
        .code(0)
        .stdout(format!("{d}/text.txt:http://text.example/\n"))
        .stderr(skipped.clone());
    urilint()
        .args(["check", "--format", "plain", d])
        .assert()
        .code(0)
        .stdout("")
        .stderr(skipped);
    urilint()
        .args(["check", "--statistics", d])
        .assert()
        .code(0)
        .stdout("1 file skipped (binary, UTF-16, or the output file)\n");
}

/// One stray NUL byte in a mailbox or in text does not drop the file: the
/// review's mbox lost all its messages in a walk (issue 25, section 3).
#[test]
fn a_stray_nul_does_not_make_mail_or_text_binary() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let mut mbox = b"From a@example.org Mon Jan  1 00:00:00 2024\nFrom: a@example.org\nSubject: x\n\nsee http://mail.example/\0 here\n".to_vec();
    mbox.extend_from_slice(b"\nFrom b@example.org Mon Jan  1 00:00:00 2024\nFrom: b@example.org\nSubject: y\n\nand http://mail.example/2\n");
    write(dir, "box.mbox", &mbox);
    let mut text = b"notes\0 with a stray NUL and http://text.example/nul\n".to_vec();
    text.extend_from_slice(&b"more prose here. ".repeat(20));
    write(dir, "notes.txt", &text);
    assert_eq!(
        walk(dir, &[]),
        [
            "box.mbox#0:http://mail.example/",
            "box.mbox#1:http://mail.example/2",
            "notes.txt:http://text.example/nul"
        ]
    );
}

#[test]
fn glob_selects_files() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    write(dir, "a.md", b"http://md.example/\n");
    write(dir, "b.txt", b"http://txt.example/\n");
    write(dir, "sub/c.md", b"http://md.example/sub\n");
    assert_eq!(
        walk(dir, &["--glob", "*.md"]),
        ["a.md:http://md.example/", "sub/c.md:http://md.example/sub"]
    );
    assert_eq!(walk(dir, &["-g", "!*.md"]), ["b.txt:http://txt.example/"]);
}

// ---------------------------------------------------------------------
// --max-uri-len.
// ---------------------------------------------------------------------

/// A file whose line 2 holds, at column 5, a 200-byte URI, then a short one.
fn long_uri_file(dir: &Path) -> PathBuf {
    let long = format!("http://long.example/{}", "a".repeat(180));
    assert_eq!(long.len(), 200);
    let p = dir.join("long.txt");
    fs::write(
        &p,
        format!("first line\nsee {long} and http://short.example/\n"),
    )
    .unwrap();
    p
}

#[test]
fn max_uri_len_check_reports_d003_and_skips() {
    let tmp = tempfile::tempdir().unwrap();
    let p = long_uri_file(tmp.path());
    let p = p.to_str().unwrap();
    let out = run(&[
        "check",
        "--format",
        "plain",
        "--strict",
        "--max-uri-len",
        "100",
        p,
    ]);
    assert_eq!(out.status.code(), Some(1));
    let got = text(&out.stdout);
    assert!(
        got.starts_with(&format!("{p}:2:5: D003 ")),
        "D003 at line 2, column 5: {got}"
    );
    assert_eq!(got.lines().count(), 1, "{got}");
    // Under the default limit the same file is clean.
    urilint()
        .args(["check", "--format", "plain", p])
        .assert()
        .code(0)
        .stdout("");
}

#[test]
fn max_uri_len_extract_skips_and_warns_jsonl() {
    let tmp = tempfile::tempdir().unwrap();
    let p = long_uri_file(tmp.path());
    let p = p.to_str().unwrap();
    let out = run(&["extract", "--format", "jsonl", "--max-uri-len", "100", p]);
    assert!(out.status.success());
    let records = parse_lines(&out.stdout);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["uri"], "http://short.example/");
    let err = text(&out.stderr);
    assert!(err.contains(&format!("{p}:2:5")), "{err}");
    assert!(err.contains("D003"), "{err}");
    // Under the default limit the long URI is extracted.
    let out = run(&["extract", p]);
    assert_eq!(text(&out.stdout).lines().count(), 2);
    assert!(out.stderr.is_empty());
}

#[test]
fn max_uri_len_extract_plain_warning_names_line_and_column() {
    let tmp = tempfile::tempdir().unwrap();
    let p = long_uri_file(tmp.path());
    let p = p.to_str().unwrap();
    let out = run(&["extract", "--max-uri-len", "100", p]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "http://short.example/\n");
    let err = text(&out.stderr);
    assert!(err.contains(&format!("{p}:2:5")), "{err}");
    assert!(err.contains("D003"), "{err}");
}

/// A `data:` URI past the limit embeds a resource: `extract` skips it
/// without the `D003` warning, as `check` does (phishing_pot sample 1137
/// has an image of 80 KB inline; issue 49's measurement).
#[test]
fn max_uri_len_extract_skips_a_data_uri_quietly() {
    let tmp = tempfile::tempdir().unwrap();
    let p = tmp.path().join("inline.html");
    let data = format!(
        "<p><img src=\"data:image/png;base64,{}\"> <a href=\"http://short.example/\">x</a></p>\n",
        "QUFB".repeat(40)
    );
    std::fs::write(&p, data).unwrap();
    let p = p.to_str().unwrap();
    let out = run(&["extract", "--max-uri-len", "100", p]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "http://short.example/\n");
    assert_eq!(text(&out.stderr), "");
    let out = run(&["check", "--format", "plain", "--max-uri-len", "100", p]);
    assert_eq!(text(&out.stdout), "");
}

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
