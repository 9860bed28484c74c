//! The fixer's properties as proptests (the `fix` fuzz target checks the
//! same on arbitrary bytes): with every rule on, fix edits stay inside the
//! URIs' delimited spans, bytes outside the edits are kept, and a second
//! fix run changes nothing.

use proptest::prelude::*;
use urilint::fix::apply;
use urilint::grammar::Grammar;
use urilint::lint::{Linter, RuleSet};
use urilint::scan::{Found, ScanOptions, Scanner};

/// Text made of pieces that trigger the fixable rules, glued with prose,
/// spaces, line breaks and delimiters.
fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("HTTP://".to_string()),
        Just("http://".to_string()),
        Just("WWW.Example.COM".to_string()),
        Just(":80".to_string()),
        Just(":".to_string()),
        Just("/a/./b/../c".to_string()),
        Just("/../x".to_string()),
        Just("%7e".to_string()),
        Just("%2f".to_string()),
        Just("%41".to_string()),
        Just("\u{e9}t\u{e9}".to_string()),
        Just("URL:".to_string()),
        Just("<".to_string()),
        Just(">".to_string()),
        Just("\"".to_string()),
        Just("-\n   ".to_string()),
        Just("\n   ".to_string()),
        Just("\r\n".to_string()),
        Just(" ".to_string()),
        Just(", ".to_string()),
        Just("urilint: ignore".to_string()),
        "[a-z]{1,6}",
    ];
    proptest::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fixes_are_confined_kept_and_idempotent(t in text()) {
        let data = t.as_bytes();
        let linter = Linter::new(Grammar::Rfc3986);
        let rules = RuleSet::all();
        let scan = ScanOptions::default();
        let found = linter.lint_bytes("t", data, &rules, &scan).expect("a slice reads");
        let mut spans = Vec::new();
        let mut s = Scanner::new(data, scan.clone());
        while let Ok(Some(f)) = s.next_found() {
            if let Found::Uri(c) = f {
                spans.push(c.outer_span());
            }
        }
        let fixes: Vec<_> = found.iter().filter_map(|d| d.fix.as_ref()).collect();
        for f in &fixes {
            for e in &f.edits {
                prop_assert!(spans.iter().any(|s| s.start <= e.start && e.end <= s.end), "{e:?} in {t:?}");
            }
        }
        let (out, _) = apply(data, &fixes);
        let covered = |i: u64| fixes.iter().any(|f| f.edits.iter().any(|e| e.start <= i && i < e.end));
        let mut it = out.iter();
        for (i, b) in data.iter().enumerate() {
            if !covered(i as u64) {
                prop_assert!(it.any(|o| o == b), "byte {i} of {t:?} lost");
            }
        }
        let once = linter.fix_bytes("t", data, &rules, &scan).expect("a slice reads");
        prop_assert!(once.converged, "{t:?}");
        let twice = linter.fix_bytes("t", &once.bytes, &rules, &scan).expect("a slice reads");
        prop_assert_eq!(&twice.bytes, &once.bytes, "{:?}", t);
        prop_assert_eq!(twice.applied, 0);
    }
}
