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

mod commands;
