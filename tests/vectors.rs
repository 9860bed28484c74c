//! Conformance vectors from other implementations' test suites, kept in
//! `fixtures/vectors/*.jsonl` with their sources (`fixtures/vectors/SOURCES.md`).

use std::fs;
use std::path::Path;

use serde_json::Value;
use urilint::grammar::{parse, Grammar};

fn records(name: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/vectors")
        .join(name);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name}: {e}: {l}")))
        .collect()
}

fn field<'a>(r: &'a Value, key: &str) -> &'a str {
    r[key]
        .as_str()
        .unwrap_or_else(|| panic!("record without {key}: {r}"))
}

/// oxiri's valid and invalid IRI-references: under RFC 3986 an ASCII input
/// gets oxiri's verdict and a non-ASCII one is invalid (it is an IRI).
#[test]
fn oxiri_parse_vectors_under_rfc3986() {
    let recs = records("oxiri-parse.jsonl");
    assert_eq!(recs.len(), 188);
    let mut wrong = Vec::new();
    for r in &recs {
        let input = field(r, "input");
        let valid_iri = r["valid_iri"].as_bool().unwrap_or_else(|| panic!("{r}"));
        let want = valid_iri && input.is_ascii();
        let got = parse(input, Grammar::Rfc3986).is_valid();
        if got != want {
            wrong.push(format!("{input:?}: want valid={want}, got {got}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} disagreements:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Every reference and base of the resolution vectors is itself a valid
/// RFC 3986 URI-reference, and every base and target is a URI.
#[test]
fn oxiri_resolution_vectors_parse() {
    let recs = records("oxiri-resolve.jsonl");
    assert_eq!(recs.len(), 207);
    for r in &recs {
        for key in ["base", "reference", "target"] {
            let s = field(r, key);
            let p = parse(s, Grammar::Rfc3986);
            assert!(p.is_valid(), "{key} {s:?}: {:?}", p.errors());
            if key != "reference" {
                assert!(p.uri().scheme().is_some(), "{key} {s:?} has no scheme");
            }
        }
    }
}
