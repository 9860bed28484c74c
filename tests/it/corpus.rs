//! Tests over the real-text corpus at `../shared/corpus` (relative to the
//! crate root): line-broken URIs in `<...>` must come out whole from the
//! real files, negative cases must give nothing, and a run over the whole
//! corpus must succeed without a word on standard error.
//!
//! When the corpus is absent each test prints
//! `skipping: ../shared/corpus not found` to standard error and passes.
//! Line numbers are those given in the corpus's `PROVENANCE.md` files.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::path::PathBuf;
use std::time::Instant;

use assert_cmd::Command;
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The corpus directory, or `None` (after saying so) when it is absent.
fn corpus() -> Option<PathBuf> {
    let dir = root().join("../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        crate::support::skip("../shared/corpus not found");
        None
    }
}

fn urilint() -> Command {
    let mut cmd = Command::cargo_bin("urilint").expect("the urilint binary is built");
    cmd.current_dir(root());
    cmd
}

/// The records of `urilint extract --format jsonl` on one corpus file.
fn records(corpus: &std::path::Path, rel: &str) -> Vec<Value> {
    let path = corpus.join(rel);
    assert!(
        path.is_file(),
        "{} is missing from the corpus",
        path.display()
    );
    let out = urilint()
        // --include-code: the Markdown-rendered news archive quotes every
        // message body in a fenced code block.
        .args(["extract", "--format", "jsonl", "--include-code"])
        .arg(&path)
        .output()
        .expect("urilint runs");
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "extract {rel}: status {:?}, stderr {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

/// The records whose first byte is on one of `lines`.
fn on_lines(recs: &[Value], lines: std::ops::RangeInclusive<u64>) -> Vec<&Value> {
    recs.iter()
        .filter(|r| r["line"].as_u64().is_some_and(|l| lines.contains(&l)))
        .collect()
}

fn uris<'a>(recs: &[&'a Value]) -> Vec<&'a str> {
    recs.iter().map(|r| r["uri"].as_str().unwrap()).collect()
}

/// Asserts that the record starting on `line` is `uri`, in angle brackets,
/// broken across lines, and returns it.
fn broken_angle<'a>(recs: &'a [Value], line: u64, uri: &str) -> &'a Value {
    let found = on_lines(recs, line..=line);
    let r = found
        .iter()
        .find(|r| r["uri"] == uri)
        .unwrap_or_else(|| panic!("{uri} not found on line {line}; found {:?}", uris(&found)));
    assert_eq!(r["delimiter"], "angle", "{r}");
    assert_eq!(r["broken"], true, "{r}");
    assert_eq!(r["end_line"], line + 1, "{r}");
    assert_eq!(r["valid"], true, "{r}");
    r
}

#[test]
fn rfc1738_url_prefix_broken_in_host_name() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "rfc/rfc1738.txt");
    assert_eq!(
        uris(&on_lines(&recs, 1222..=1225)),
        [
            "ftp://info.cern.ch/pub/www/doc;type=d",
            "ftp://ds.internic.net/rfc",
            "http://ds.internic.net/instructions/overview.html#WARNING",
        ]
    );
    let r = broken_angle(&recs, 1223, "ftp://ds.internic.net/rfc");
    assert_eq!(r["url_prefix"], true);
    assert_eq!(r["alternatives"], serde_json::json!([]));
    // Lines 1306-1307: broken just before a `/`.
    let r = broken_angle(
        &recs,
        1306,
        "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
    );
    assert_eq!(r["url_prefix"], true);
}

#[test]
fn rfc1738_article_number_is_not_a_uri() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "rfc/rfc1738.txt");
    // `<article-` / `number>`: brackets and a hyphen break, no URI.
    assert_eq!(uris(&on_lines(&recs, 717..=718)), Vec::<&str>::new());
}

#[test]
fn rfc10017_hyphen_belongs_to_the_uri() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "rfc/rfc10017.txt");
    let r = broken_angle(
        &recs,
        2704,
        "https://owasp.org/www-community/attacks/Session_fixation",
    );
    assert_eq!(
        r["alternatives"],
        serde_json::json!(["https://owasp.org/wwwcommunity/attacks/Session_fixation"])
    );
    // Internet-Draft names split after a hyphen (lines 2667-2668, 2695-2696).
    broken_angle(
        &recs,
        2667,
        "https://datatracker.ietf.org/doc/html/draft-ietf-httpbis-layered-cookies-02",
    );
    broken_angle(
        &recs,
        2695,
        "https://datatracker.ietf.org/doc/html/draft-ietf-httpbis-rfc6265bis-22",
    );
}

#[test]
fn rfc9505_hyphen_and_slash_breaks() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "rfc/rfc9505.txt");
    let r = broken_angle(
        &recs,
        1345,
        "https://opennet.net/blog/2011/06/dns-tampering-and-new-icann-gtld-rules",
    );
    assert_eq!(
        r["alternatives"],
        serde_json::json!([
            "https://opennet.net/blog/2011/06/dnstampering-and-new-icann-gtld-rules"
        ])
    );
    let r = broken_angle(
        &recs,
        1351,
        "http://www.sigcomm.org/sites/default/files/ccr/papers/2012/July/2317307-2317311.pdf",
    );
    assert_eq!(r["alternatives"], serde_json::json!([]));
}

#[test]
fn rfc2369_list_header_examples() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "rfc/rfc2369.txt");
    assert_eq!(
        uris(&on_lines(&recs, 205..=210)),
        [
            "mailto:list@host.com?subject=help",
            "mailto:list-manager@host.com?body=info",
            "mailto:list-info@host.com",
            "http://www.host.com/list/",
            "mailto:list-info@host.com",
            "ftp://ftp.host.com/list.txt",
            "mailto:list@host.com?subject=help",
        ]
    );
    assert!(on_lines(&recs, 205..=210)
        .iter()
        .all(|r| r["delimiter"] == "angle" && r["valid"] == true));
}

#[test]
fn rfc2396_and_rfc3986_examples() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "rfc/rfc2396.txt");
    assert_eq!(
        uris(&on_lines(&recs, 1911..=1914)),
        [
            "http://www.w3.org/Addressing/",
            "ftp://ds.internic.net/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ]
    );
    let recs = records(&c, "rfc/rfc3986.txt");
    assert_eq!(
        uris(&on_lines(&recs, 2891..=2894)),
        [
            "http://www.w3.org/Addressing/",
            "ftp://foo.example.com/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ]
    );
}

#[test]
fn usrp_users_angle_bracket_broken_mid_word() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "mail/usrp-users/2023-02.mbox");
    let uri =
        "https://github.com/gnuradio/gnuradio/blob/maint-3.10/gr-uhd/grc/uhd_rfnoc_graph.block.yml";
    broken_angle(&recs, 1970, uri);
    broken_angle(&recs, 1974, uri);
    // The same URL bare on lines 1965-1966, hard-wrapped in mid-word at
    // the fill width (`..._rfnoc_gr` + line break + `aph.block.yml`): a
    // mail body's wrap, rejoined (issue 27).
    assert_eq!(uris(&on_lines(&recs, 1965..=1966)), [uri]);
}

#[test]
fn pep_0730_rst_link_target_broken_in_angle_brackets() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "docs/python-peps/peps/pep-0730.rst");
    let uri = "https://github.blog/2023-10-02-introducing-the-new-apple-silicon-powered-m1-macos-larger-runner-for-github-actions/";
    let found = on_lines(&recs, 295..=295);
    let r = found
        .iter()
        .find(|r| r["uri"] == uri)
        .unwrap_or_else(|| panic!("{uri} not found on line 295; found {:?}", uris(&found)));
    // An embedded reST URI: docutils removes the line break, so the link
    // is read whole (not "broken" in its decoded text) while its record
    // still spans the two source lines.
    assert_eq!(r["segment"], "rst-link", "{r}");
    assert_eq!(r["field"], "embedded", "{r}");
    assert_eq!(r["end_line"], 296, "{r}");
    assert_eq!(r["valid"], true, "{r}");
}

#[test]
fn rust_rfcs_2845_parentheses_in_markdown_link() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "docs/rust-rfcs/text/2845-supertrait-item-shadowing.md");
    assert_eq!(
        uris(&on_lines(&recs, 328..=328)),
        [
            "https://en.wikipedia.org/wiki/Variable_shadowing",
            "https://en.wikipedia.org/wiki/Name_resolution_(programming_languages)#Name_masking",
        ]
    );
}

#[test]
fn debian_faq_url_broken_outside_brackets_is_not_joined() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "misc/debian-faq/debian-faq.en.txt");
    // `Standard https://www.pathname.com/fhs (https://` / `www.pathname.com/fhs) .`
    let found = on_lines(&recs, 373..=375);
    assert_eq!(uris(&found), ["https://www.pathname.com/fhs"]);
    assert_eq!(found[0]["line"], 374);
    assert_eq!(found[0]["delimiter"], "bare");
}

#[test]
fn cobol_url_prefix_after_quote_marker() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "news/comp.lang.cobol-markdown/t-0cbd79bb05.md");
    let found = on_lines(&recs, 187..=187);
    assert_eq!(uris(&found), ["http://www.pobox.com/~kragen/bubble.html"]);
    assert_eq!(found[0]["delimiter"], "angle");
    assert_eq!(found[0]["url_prefix"], true);
}

#[test]
fn news_message_id_in_brackets_is_not_a_uri() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "news/20news-bydate-test/sci.space/62116");
    assert_eq!(uris(&on_lines(&recs, 6..=6)), Vec::<&str>::new());
}

#[test]
fn whole_corpus_extracts_cleanly() {
    let Some(c) = corpus() else { return };
    let started = Instant::now();
    let out = urilint()
        .arg("extract")
        .arg(&c)
        .output()
        .expect("urilint runs");
    let took = started.elapsed();
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = out.stdout.iter().filter(|&&b| b == b'\n').count();
    assert!(lines > 10_000, "only {lines} URIs in the whole corpus");
    eprintln!("extract over the corpus: {lines} URIs in {took:.1?}");
}

#[test]
fn rfc_folder_check_reports_without_errors() {
    let Some(c) = corpus() else { return };
    let out = urilint()
        .args(["check", "--isolated", "--format", "plain"])
        .arg(c.join("rfc"))
        .output()
        .expect("urilint runs");
    // Real RFCs hold hyphen breaks (D001, a warning) and some invalid URIs
    // (U003/U004, errors): exit 1 for findings, never 2, nothing on stderr.
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stderr.is_empty());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("rfc9505.txt:1345:63: D001 "),
        "no D001 for rfc9505"
    );
}

// Real examples the scanner gets wrong (see tests/it/cli.rs for the small
// cases). Run them with `cargo test -- --ignored`.

#[test]
fn rfc5870_geo_broken_after_the_colon() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "rfc/rfc5870.txt");
    broken_angle(&recs, 850, "geo:66.0,30;u=6.5;foo=this-that");
    broken_angle(&recs, 862, "geo:47,11;bar=white;foo=blue");
    broken_angle(&recs, 866, "geo:22,0;BAR=blue");
}

#[test]
fn rfc5724_sms_examples() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "rfc/rfc5724.txt");
    assert_eq!(
        uris(&on_lines(&recs, 533..=545)),
        [
            "sms:+15105550101",
            "sms:+15105550101,+15105550102",
            "sms:+15105550101?body=hello%20there",
        ]
    );
}

#[test]
fn rfc3261_sip_telephone_example() {
    let Some(c) = corpus() else { return };
    let recs = records(&c, "rfc/rfc3261.txt");
    assert_eq!(
        uris(&on_lines(&recs, 8544..=8544)),
        ["sip:+1-212-555-1212:1234@gateway.com;user=phone"]
    );
}
