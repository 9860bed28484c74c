//! The SARIF output validates against the official SARIF 2.1.0 JSON schema
//! (shipped in the `serde-sarif` crate as `src/schema.json`) and reads back
//! as a `serde_sarif::sarif::Sarif`.

use std::io::Write;
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;
use urilint::grammar::Grammar;
use urilint::lint::{rules, Diagnostic, Linter, RuleSet};
use urilint::output::sarif::{footer, header, result, SkipFirstComma};
use urilint::scan::{Found, ScanOptions, Scanner};

/// The path of the official schema, from the `serde-sarif` package that
/// cargo resolved for this crate.
fn schema_path() -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run cargo metadata");
    assert!(
        output.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("metadata JSON");
    let manifest = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .find(|p| p["name"] == "serde-sarif")
        .and_then(|p| p["manifest_path"].as_str())
        .expect("serde-sarif among the packages");
    PathBuf::from(manifest)
        .parent()
        .expect("manifest dir")
        .join("src/schema.json")
}

/// The diagnostics of linting `text` (as file `path`) with every rule.
fn lint(path: &str, text: &str) -> Vec<Diagnostic> {
    let linter = Linter::new(Grammar::Rfc3986);
    let rules = RuleSet::all();
    let mut out = Vec::new();
    let mut s = Scanner::new(text.as_bytes(), ScanOptions::default());
    while let Some(found) = s.next_found().expect("read from memory") {
        match found {
            Found::Uri(c) => linter.check_candidate(path, &c, &rules, &mut out),
            Found::TooLong(t) => out.extend(linter.check_too_long(path, &t, &rules)),
        }
    }
    out
}

/// A whole log of `diagnostics`, streamed as urilint prints it.
fn log(diagnostics: &[Diagnostic]) -> Vec<u8> {
    let catalogue = rules::catalogue();
    let mut stdout = Vec::new();
    header(&mut stdout, catalogue, env!("CARGO_PKG_VERSION"));
    let mut results = SkipFirstComma::new(stdout);
    for d in diagnostics {
        let index = catalogue.iter().position(|r| r.code == d.code);
        let mut buf = Vec::new();
        result(&mut buf, d, index);
        results.write_all(&buf).expect("write to memory");
    }
    let mut stdout = results.into_inner();
    footer(&mut stdout);
    stdout
}

fn diagnostics() -> Vec<Diagnostic> {
    let mut all = lint(
        "./docs/ma page ü.md",
        "See HTTP://Example.COM:80/a/./b/%7e for it,\n\
         and <http://a/%zz> too, and http://user:secret@host/x\r\n\
         or <http://www.ics.uci.edu/pub/\n   ietf/uri/historical.html#WARNING>.\n\
         URL:http://a/b and ftp://x/y and //scheme/relative.\n",
    );
    all.extend(lint("notes/a:b,c#d.txt", "bad: http://[::1/ here\n"));
    all.extend(lint("c:d [x].txt", "HTTP://a/\n"));
    all
}

#[test]
fn sarif_log_matches_the_official_schema() {
    let found = diagnostics();
    assert!(found.len() >= 6, "{found:#?}");
    assert!(found.iter().any(|d| d.fix.is_some()), "some with fixes");
    assert!(found.iter().any(|d| d.fix.is_none()), "some without");
    assert!(rules::catalogue().iter().any(|r| !r.default_enabled));
    let bytes = log(&found);
    let log: Value = serde_json::from_slice(&bytes).expect("the log is JSON");

    let schema_path = schema_path();
    let schema: Value = serde_json::from_slice(
        &std::fs::read(&schema_path)
            .unwrap_or_else(|e| panic!("read {}: {e}", schema_path.display())),
    )
    .expect("schema JSON");
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
    let validator = jsonschema::draft7::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(&log)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // The validator does reject what the schema forbids, formats included.
    let mut bad = log.clone();
    bad["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] =
        0.into();
    assert!(!validator.is_valid(&bad));
    let mut bad = log.clone();
    bad["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] =
        "a b%zz".into();
    assert!(!validator.is_valid(&bad));

    let results = log["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), found.len());
    // Paths are URI references (checked with urilint's own parser too).
    let uris: Vec<&str> = results
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .expect("uri")
        })
        .collect();
    assert!(uris.contains(&"docs/ma%20page%20%C3%BC.md"), "{uris:?}");
    assert!(uris.contains(&"notes/a:b,c%23d.txt"), "{uris:?}");
    // Not read as the scheme "c".
    assert!(uris.contains(&"c%3Ad%20%5Bx%5D.txt"), "{uris:?}");
    for uri in uris {
        assert!(urilint::parse(uri, Grammar::Rfc3986).is_valid(), "{uri}");
    }

    let sarif: serde_sarif::sarif::Sarif =
        serde_json::from_value(log.clone()).expect("reads as serde_sarif::sarif::Sarif");
    assert_eq!(sarif.runs.len(), 1);
    let run = &sarif.runs[0];
    assert_eq!(run.results.as_ref().map(Vec::len), Some(found.len()));
    let rules = run.tool.driver.rules.as_ref().expect("rules");
    assert_eq!(rules.len(), rules::catalogue().len());
}

#[test]
fn empty_sarif_log_matches_the_official_schema() {
    let bytes = log(&[]);
    let log: Value = serde_json::from_slice(&bytes).expect("the log is JSON");
    let schema: Value = serde_json::from_slice(&std::fs::read(schema_path()).expect("read schema"))
        .expect("schema JSON");
    let validator = jsonschema::draft7::new(&schema).expect("the schema compiles");
    assert!(validator.is_valid(&log));
    let _: serde_sarif::sarif::Sarif = serde_json::from_value(log).expect("reads back");
}
