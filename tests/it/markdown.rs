//! Markdown and reStructuredText through the binary (issue 13):
//! fixtures/markdown, fixtures/rst.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::fs;
use std::process::{Command, Output};

use serde_json::Value;

fn urilint(args: &[&str]) -> Output {
    let (sub, rest) = args.split_first().expect("a subcommand");
    Command::new(env!("CARGO_BIN_EXE_urilint"))
        .arg(sub)
        .arg("--isolated")
        .args(rest)
        .output()
        .expect("run urilint")
}

fn fixture(name: &str) -> String {
    format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn records(args: &[&str]) -> Vec<Value> {
    String::from_utf8_lossy(&urilint(args).stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON record"))
        .collect()
}

const FIELDS: [&str; 10] = [
    "line",
    "column",
    "end_line",
    "end_column",
    "byte_start",
    "byte_end",
    "uri",
    "raw",
    "segment",
    "field",
];

/// Every link form of links.md and links.rst gives the hand-checked
/// records, in file order; `raw` is always the file's bytes at
/// `byte_start..byte_end`.
#[test]
fn every_link_form_as_expected() {
    assert_expected("markdown/links.md", "markdown/links.expected.jsonl");
    assert_expected("rst/links.rst", "rst/links.expected.jsonl");
}

fn assert_expected(input: &str, expected: &str) {
    let path = fixture(input);
    let bytes = fs::read(&path).expect("fixture");
    let got = records(&["extract", "--format", "jsonl", &path]);
    let want: Vec<Value> = fs::read_to_string(fixture(expected))
        .expect("expected")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let pick = |r: &Value| -> Vec<Value> { FIELDS.iter().map(|f| r[*f].clone()).collect() };
    assert_eq!(
        got.iter().map(pick).collect::<Vec<_>>(),
        want.iter().map(pick).collect::<Vec<_>>()
    );
    for r in &got {
        let s = r["byte_start"].as_u64().unwrap_or(0) as usize;
        let e = r["byte_end"].as_u64().unwrap_or(0) as usize;
        assert_eq!(
            String::from_utf8_lossy(&bytes[s..e]),
            r["raw"].as_str().unwrap_or_default()
        );
    }
}

/// Code is left out by default; --include-code keeps it, marked.
#[test]
fn code_only_with_include_code() {
    let path = fixture("markdown/links.md");
    let plain = records(&["extract", "--format", "jsonl", &path]);
    assert!(plain.iter().all(|r| !r["uri"]
        .as_str()
        .unwrap_or_default()
        .contains("span.example")));
    let with = records(&["extract", "--format", "jsonl", "--include-code", &path]);
    let code: Vec<(&str, &str)> = with
        .iter()
        .filter(|r| r["in_code"] == Value::Bool(true))
        .map(|r| {
            (
                r["field"].as_str().unwrap_or_default(),
                r["uri"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        code,
        [
            ("span", "http://span.example/"),
            ("fenced", "http://fenced.example/download"),
            ("indented", "http://indented.example/"),
        ]
    );
    assert_eq!(with.len(), plain.len() + 3);
}

/// check --fix never edits inside code: the code span and the fenced
/// block keep their URIs byte for byte, the link outside code is fixed.
#[test]
fn fix_leaves_code_alone() {
    let dir = tempfile::tempdir().expect("temp dir");
    let md = dir.path().join("a.md");
    let text = "See <http://Example.COM:80/a>.\n\n```sh\ncurl http://Example.COM:80/b\n```\n\nAnd `http://Example.COM:80/c`.\n";
    fs::write(&md, text).expect("write");
    let p = md.to_string_lossy().into_owned();
    let out = urilint(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--fix",
        &p,
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let fixed = fs::read_to_string(&md).expect("read");
    assert_eq!(
        fixed,
        text.replace("<http://Example.COM:80/a>", "<http://example.com/a>")
    );
    // Re-parsed, the fixed file has the same links and code.
    let again = records(&["extract", "--format", "jsonl", "--include-code", &p]);
    let segs: Vec<&str> = again
        .iter()
        .map(|r| r["segment"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(segs, ["markdown-link", "code", "code"]);
    // With --include-code, code is linted and reported, never written:
    // an example is the author's text (issue 25).
    let out = urilint(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--fix",
        "--include-code",
        "--format",
        "plain",
        &p,
    ]);
    assert_eq!(out.status.code(), Some(0));
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(report.matches(":4:").count(), 2, "{report}");
    assert_eq!(report.matches(":7:").count(), 2, "{report}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("4 fixes not applied"));
    assert_eq!(fs::read_to_string(&md).expect("read"), fixed);
}

/// Files named .md are Markdown; --input-format text reads them as bytes.
#[test]
fn text_format_reads_markdown_as_bytes() {
    let path = fixture("markdown/links.md");
    let text = records(&[
        "extract",
        "--format",
        "jsonl",
        "--input-format",
        "text",
        &path,
    ]);
    assert!(text.iter().any(|r| r["uri"]
        .as_str()
        .unwrap_or_default()
        .contains("fenced.example")));
    assert!(text.iter().all(|r| r.get("segment").is_none()));
}

/// reStructuredText literals are code: left out, kept with
/// --include-code; relative links are checked with --links local.
#[test]
fn rst_literals_and_local_links() {
    let path = fixture("rst/links.rst");
    let with = records(&["extract", "--format", "jsonl", "--include-code", &path]);
    let code: Vec<&str> = with
        .iter()
        .filter(|r| r["in_code"] == Value::Bool(true))
        .map(|r| r["uri"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        code,
        [
            "http://literal.example/",
            "http://literal-block.example/",
            "http://code-block.example/"
        ]
    );
    let out = urilint(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--links",
        "local",
        "--format",
        "plain",
        &path,
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(":4:53: L001"), "{text}");
    assert!(text.contains(":12:12: L001"), "{text}");
}

/// Issue 26, on real AsciiDoc: an author line's URI macros in angle
/// brackets are closed by them (no D002), and a listing block is code
/// (no D004 on its schemaLocation list; its URIs only with
/// --include-code, as code).
#[test]
fn asciidoc_author_line_and_listing_block() {
    let author = fixture("asciidoc/asciidoctor-readme-1-3.adoc");
    let listing = fixture("asciidoc/spring-security-xml-namespace-22-40.adoc");
    let check = urilint(&["check", "--format", "plain", &author, &listing]);
    assert_eq!(
        String::from_utf8_lossy(&check.stdout),
        "",
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let out = urilint(&["extract", "-n", &author]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "2:https://github.com/mojavelinux\n2:https://github.com/graphitefriction\n"
    );
    let out = urilint(&["extract", "-n", &listing]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1:https://spring.io/tools/sts\n"
    );
    let code = records(&["extract", "--include-code", "--format", "jsonl", &listing]);
    let in_code: Vec<(&str, &str)> = code
        .iter()
        .filter(|r| r["in_code"] == true)
        .map(|r| {
            (
                r["uri"].as_str().unwrap_or(""),
                r["field"].as_str().unwrap_or(""),
            )
        })
        .collect();
    // `xsi:schemaLocation="a b c d"`, a list over four lines: four URIs,
    // each line starting another (issue 46, round 2), not one joined.
    assert_eq!(in_code.len(), 7, "{in_code:?}");
    assert!(in_code.iter().all(|(_, f)| *f == "listing"), "{in_code:?}");
    assert_eq!(in_code[0].0, "http://www.springframework.org/schema/beans");
}

/// AsciiDoc URI macros end at `[` (a real excerpt of Git's docs); --fix
/// never edits a URI read as running into its macro's text.
#[test]
fn asciidoc_macros_end_at_the_bracket() {
    let path = fixture("asciidoc/coordinate-embargoed-releases-140-165.adoc");
    let out = urilint(&["extract", "-n", &path]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "7:https://github.com/git/git/security/advisories/new\n\
         19:https://oss-security.openwall.org/wiki/mailing-lists/distros#how-to-use-the-lists\n\
         22:https://www.openwall.com/lists/oss-security/2019/12/13/1\n\
         24:https://oss-security.openwall.org/wiki/mailing-lists/oss-security\n"
    );
    let check = urilint(&[
        "check",
        "--extend-select",
        "N",
        "--unsafe-fixes",
        "--format",
        "plain",
        &path,
    ]);
    assert!(
        check.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let doc = dir.path().join("a.adoc");
    fs::write(
        &doc,
        "See https://Example.COM/x[text] and https://Example.COM/y.\n",
    )
    .expect("write");
    let p = doc.to_string_lossy().into_owned();
    assert_eq!(
        urilint(&[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            &p
        ])
        .status
        .code(),
        Some(0)
    );
    // The macro's target is a URI like the other: its own bytes are
    // fixed; the `[text]` after it is the macro's.
    assert_eq!(
        fs::read_to_string(&doc).expect("read"),
        "See https://example.com/x[text] and https://example.com/y.\n"
    );
    // A fix that adds delimiters (D006, `<...>`) would break the macro:
    // it is reported without a fix there, and applied to the bare URI.
    fs::write(
        &doc,
        "See https://a.example/x[text] and link:https://a.example/z[z] and https://a.example/y.\n",
    )
    .expect("write");
    urilint(&["check", "--select", "D006", "--fix", &p]);
    assert_eq!(
        fs::read_to_string(&doc).expect("read"),
        "See https://a.example/x[text] and link:https://a.example/z[z] and <https://a.example/y>.\n"
    );
}

/// Issue 26: the Markdown link-reference rules on real excerpts
/// (fixtures/markdown/references, sources in its README.md): L003 empty
/// link, L004 undefined label, L005 unused or duplicate definition, each
/// at the link or definition as written; mdBook's draft chapter, a
/// label used inside an admonition and welpo/tabi's `[scroll up](#)`
/// (the top of the page, issue 46) are not reported.
#[test]
fn link_reference_rules_on_real_excerpts() {
    let dir = fixture("markdown/references");
    let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "check",
            "--isolated",
            "--format",
            "plain",
            "--select",
            "L003,L004,L005",
            "fixtures/markdown/references",
        ])
        .output()
        .expect("run urilint");
    let want =
        fs::read_to_string(fixture("markdown/references.check.expected")).expect("expected file");
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);
    assert_eq!(out.status.code(), Some(1));
    // By default L003 and L005 are on, L004 is off.
    let out = urilint(&["check", "--format", "plain", &dir]);
    let text = String::from_utf8_lossy(&out.stdout);
    let codes: Vec<&str> = text.lines().filter_map(|l| l.split(' ').nth(1)).collect();
    assert_eq!(codes, ["L005", "L005", "L003"], "{text}");
    // The span is the link as written.
    let empty = fixture("markdown/references/redux-counter-vanilla-1-6.md");
    let rec = records(&["check", "--format", "jsonl", &empty]);
    assert_eq!(rec.len(), 1, "{rec:?}");
    let src = fs::read(&empty).expect("fixture");
    let (s, e) = (
        rec[0]["uri_span"]["start"].as_u64().unwrap_or(0) as usize,
        rec[0]["uri_span"]["end"].as_u64().unwrap_or(0) as usize,
    );
    assert_eq!(&src[s..e], b"[in the original PR for this example]()");
    assert_eq!(
        (rec[0]["line"].as_u64(), rec[0]["end_column"].as_u64()),
        (Some(5), Some(52))
    );
}

/// L003-L005 obey `urilint: ignore` markers and the rule selection, and
/// `--fix` leaves them (no fix) but reports them.
#[test]
fn link_reference_rules_markers_and_fix() {
    let dir = tempfile::tempdir().expect("temp dir");
    let doc = dir.path().join("a.md");
    let text =
        "See [a]() and [b][nowhere].\n\n<!-- urilint: ignore[L005] -->\n[kept]: /x\n[dead]: /y\n";
    fs::write(&doc, text).expect("write");
    let p = doc.to_string_lossy().into_owned();
    let out = urilint(&["check", "--format", "plain", "--extend-select", "L004", &p]);
    let got = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = got
        .lines()
        .map(|l| l.split_once(": ").map_or(l, |x| x.1))
        .collect();
    assert_eq!(
        lines,
        [
            "L003 link '[a]()' has an empty destination: it goes nowhere",
            "L004 reference to label 'nowhere' with no definition '[nowhere]: ...' in the document",
            "L005 definition of label 'dead' is used by no link or image",
        ],
        "{got}"
    );
    assert!(
        got.contains(":1:5: L003") && got.contains(":5:1: L005"),
        "{got}"
    );
    let out = urilint(&["check", "--format", "plain", "--ignore", "L003,L005", &p]);
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = urilint(&["check", "--fix", "--format", "plain", &p]);
    let got = String::from_utf8_lossy(&out.stdout);
    assert!(
        got.contains(":1:5: L003") && got.contains(":5:1: L005"),
        "{got}"
    );
    assert_eq!(fs::read_to_string(&doc).expect("read"), text);
}

/// Issue 26 (c): a backslash escape in Markdown text,
/// `'mailto:mail\@example.com'` (mkdocs/mkdocs's docs), is read as it
/// renders: one URI `mailto:mail@example.com` over the source bytes with
/// the backslash; no finding, and `--fix` (bare URIs on) writes nothing.
#[test]
fn backslash_escape_in_text_reads_as_rendered() {
    let path = fixture("markdown/mkdocs-configuration-458-460.md");
    let rec = records(&["extract", "--format", "jsonl", &path]);
    let uris: Vec<(&str, &str)> = rec
        .iter()
        .map(|r| {
            (
                r["uri"].as_str().unwrap_or(""),
                r["raw"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        uris,
        [("mailto:mail@example.com", "mailto:mail\\@example.com")]
    );
    let check = urilint(&[
        "check",
        "--extend-select",
        "D006",
        "--format",
        "plain",
        &path,
    ]);
    assert!(
        check.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = dir.path().join("c.md");
    fs::copy(&path, &copy).expect("copy");
    let c = copy.to_string_lossy().into_owned();
    urilint(&["check", "--extend-select", "D006", "--fix", &c]);
    assert_eq!(
        fs::read(&copy).expect("read"),
        fs::read(&path).expect("read")
    );
}

/// A Markdown template's reference definitions wait for the links its
/// copies will write (rust-embedded/blog `newsletter-template.md`): not
/// L005 there; the same text under another name is (issue 46, round 2).
#[test]
fn unused_definitions_of_a_template_are_not_reported() {
    let path = fixture("markdown/newsletter-template.md");
    let out = urilint(&["check", "--format", "plain", &path]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let dir = tempfile::tempdir().expect("temp dir");
    let copy = dir.path().join("newsletter.md");
    fs::copy(&path, &copy).expect("copy");
    let out = urilint(&["check", "--format", "plain", &copy.to_string_lossy()]);
    let got = String::from_utf8_lossy(&out.stdout);
    assert_eq!(got.matches(" L005 ").count(), 2, "{got}");
}

/// Issue 46: remark-lint's and markdownlint's disable comments turn off
/// the urilint rule that means the same (fixtures/defaults, sources in its
/// SOURCE): rust-lang/rust-clippy's `<!-- lint disable
/// no-unused-definitions -->` and opentelemetry.io's `<!--
/// markdownlint-disable link-image-reference-definitions -->` over
/// definitions no link uses; the same text without the comment has them.
#[test]
fn other_linters_disable_comments_turn_off_the_same_rule() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, unused) in [
        ("rust-clippy-changelog-6855-6860.md", 4),
        // Its page also holds Hugo `{{% ... %}}` shortcodes, which may
        // insert text that uses a definition: without the comment, L005
        // is still not reported there (the note counts it).
        ("opentelemetry-issues-46-102.md", 0),
    ] {
        let path = fixture(&format!("defaults/{name}"));
        let out = urilint(&["check", "--format", "plain", &path]);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "",
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(0), "{name}");
        // Without the comment: the definitions are reported.
        let src = fs::read_to_string(&path).expect("fixture");
        let bare: String = src
            .lines()
            .filter(|l| !l.contains("lint disable") && !l.contains("markdownlint-disable"))
            .map(|l| format!("{l}\n"))
            .collect();
        let copy = dir.path().join(name);
        fs::write(&copy, bare).expect("write");
        let out = urilint(&["check", "--format", "plain", &copy.to_string_lossy()]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.matches(" L005 ").count(), unused, "{name}: {text}");
    }
    // A comment about another rule turns off nothing of ours; one that
    // names no rule turns off all of them.
    let doc = dir.path().join("a.md");
    fs::write(&doc, "<!-- markdownlint-disable MD013 -->\n[a]: /x\n").expect("write");
    let out = urilint(&["check", "--format", "plain", &doc.to_string_lossy()]);
    assert!(String::from_utf8_lossy(&out.stdout).contains(" L005 "));
    fs::write(&doc, "<!-- markdownlint-disable -->\n[a]: /x\n[b]()\n").expect("write");
    let out = urilint(&["check", "--format", "plain", &doc.to_string_lossy()]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
}

/// Issue 46 round 4 (open-telemetry/opentelemetry.io,
/// fixtures/sites/hugo-inserted-text): a definition used only by the text
/// a Hugo `{{% param %}}` shortcode inserts is not reported unused (the
/// note counts it); on a plain page an unused definition still is.
#[test]
fn unused_definitions_beside_inserted_text() {
    let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "check",
            "--isolated",
            "--format",
            "plain",
            "--select",
            "L005",
            "fixtures/sites/hugo-inserted-text",
        ])
        .output()
        .expect("run urilint");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "fixtures/sites/hugo-inserted-text/content/en/docs/contributing/plain.md:9:1: L005 definition of label 'unused' is used by no link or image\n",
        "{err}"
    );
    assert!(
        err.contains("4 reference definitions not checked for L005")
            && err.contains("Hugo `{{% ... %}}` shortcodes in fixtures/sites/hugo-inserted-text/content/en/docs/contributing/issues.md"),
        "{err}"
    );
}

/// Issue 46 round 6 (fixtures/sites/markdown-list-continuation, from
/// rust-lang/rust-clippy's CHANGELOG.md): a tight list item's
/// continuation line that reads `[label]: text` is paragraph text, not a
/// second definition of the label (CommonMark 0.31.2, section 4.7), so
/// no L005 "defined again" names a later line as the first; in a
/// document of tight lists, a definition nothing uses is still reported.
#[test]
fn a_list_items_continuation_line_is_no_definition() {
    let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "check",
            "--isolated",
            "--format",
            "plain",
            "fixtures/sites/markdown-list-continuation",
        ])
        .output()
        .expect("run urilint");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "fixtures/sites/markdown-list-continuation/CHANGELOG.md:8:1: L005 definition of label '`unused_result_ok`' is used by no link or image\n"
    );
}
