//! Redirect wrappers end to end: `extract --unwrap` on real mail (Safe
//! Links broken by quoted-printable, Proofpoint URL Defense v2), output
//! unchanged without the flag, and `check`'s `X005` wrapped-link with its
//! fix on a real Markdown excerpt. Fixtures: `fixtures/unwrap/` (sources
//! in its README.md).
#![cfg(feature = "cli")] // runs the `urilint` binary

use assert_cmd::Command;
use serde_json::Value;

fn urilint(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("urilint")
        .unwrap_or_else(|e| panic!("the binary: {e}"))
        .env_remove("CI")
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("runs: {e}"))
}

fn records(args: &[&str]) -> Vec<Value> {
    let out = urilint(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

const GITHUB: &str =
    "https://github.com/EttusResearch/uhd/blob/UHD-4.4/host/lib/rfnoc/rfnoc_graph.cpp#L393";

/// The Safe Links link of the message, quoted-printable over seven lines in
/// the text part and eight in the HTML part, comes out as the GitHub link
/// its anchor text shows, with the wrapped link (decoded, whole) in
/// `wrapped_by`.
#[test]
fn extract_unwraps_qp_broken_safe_links() {
    let found = records(&[
        "extract",
        "--format",
        "jsonl",
        "--unwrap",
        "fixtures/unwrap/qp-safelinks.mbox",
    ]);
    let wrapped: Vec<&Value> = found
        .iter()
        .filter(|r| r.get("wrapped_by").is_some())
        .collect();
    assert_eq!(wrapped.len(), 2, "{found:?}");
    for r in wrapped {
        assert_eq!(r["uri"], GITHUB);
        assert_eq!(r["valid"], true);
        let layers = r["wrapped_by"].as_array().map(Vec::as_slice).unwrap_or(&[]);
        assert_eq!(layers.len(), 1);
        assert_eq!(layers[0]["wrapper"], "safelinks");
        assert!(layers[0].get("decoded").is_none());
        let outer = layers[0]["uri"].as_str().unwrap_or("");
        assert!(
            outer.starts_with("https://usg02.safelinks.protection.office365.us/?url=https%3A%2F%2Fgithub.com%2FEttusResearch%2Fuhd%2Fblob%2FUHD-4.4%2F")
                && outer.ends_with("&reserved=0"),
            "{outer}"
        );
        // The raw text is the quoted-printable source, soft breaks and all.
        assert!(r["raw"].as_str().unwrap_or("").contains("=\n"), "{r}");
    }
    // Plain output: the link itself, no wrapper left.
    let out = urilint(&["extract", "--unwrap", "fixtures/unwrap/qp-safelinks.mbox"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("safelinks"), "{text}");
    assert_eq!(text.lines().filter(|l| *l == GITHUB).count(), 4, "{text}");
}

#[test]
fn extract_unwraps_proofpoint_v2() {
    let found = records(&[
        "extract",
        "--format",
        "jsonl",
        "--unwrap",
        "fixtures/unwrap/urldefense-v2.mbox",
    ]);
    let wrapped: Vec<&Value> = found
        .iter()
        .filter(|r| r.get("wrapped_by").is_some())
        .collect();
    assert_eq!(wrapped.len(), 1, "{found:?}");
    assert_eq!(
        wrapped[0]["uri"],
        "http://lists.ettus.com/mailman/listinfo/usrp-users_lists.ettus.com"
    );
    assert_eq!(wrapped[0]["wrapped_by"][0]["wrapper"], "proofpoint");
}

/// Without `--unwrap` the records are those of any link: the wrapped URI,
/// no `wrapped_by`.
#[test]
fn without_unwrap_records_keep_the_wrapper() {
    for f in ["qp-safelinks.mbox", "urldefense-v2.mbox"] {
        let path = format!("fixtures/unwrap/{f}");
        let plain = records(&["extract", "--format", "jsonl", &path]);
        assert!(plain.iter().all(|r| r.get("wrapped_by").is_none()));
        let unwrapped = records(&["extract", "--format", "jsonl", "--unwrap", &path]);
        assert_eq!(plain.len(), unwrapped.len());
        let changed = plain
            .iter()
            .zip(&unwrapped)
            .filter(|(a, b)| a["uri"] != b["uri"])
            .count();
        assert!(changed >= 1, "{f}");
        // Every other field of the changed records stays (positions, raw).
        for (a, b) in plain.iter().zip(&unwrapped) {
            for key in ["line", "column", "byte_start", "byte_end", "raw"] {
                assert_eq!(a[key], b[key], "{f} {key}");
            }
        }
    }
}

/// `check` reports the wrapped link of a real README (X005, default on)
/// and `--unsafe-fixes --diff` writes the link itself in its place,
/// nothing else; the fix is unsafe, so `--diff` alone has none.
#[test]
fn check_fixes_a_wrapped_link_in_markdown() {
    let path = "fixtures/unwrap/aptio-readme-prerequisites.md";
    let out = urilint(&["check", "--isolated", "--format", "plain", path]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text,
        format!(
            "{path}:4:59: X005 a link wrapped by safelinks; the link is \
             https://visualstudio.microsoft.com/downloads/#build-tools-for-visual-studio-2019\n"
        )
    );
    let out = urilint(&["check", "--isolated", "--diff", path]);
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = urilint(&["check", "--isolated", "--unsafe-fixes", "--diff", path]);
    assert_eq!(out.status.code(), Some(1));
    let diff = String::from_utf8_lossy(&out.stdout);
    let removed: Vec<&str> = diff
        .lines()
        .filter(|l| l.starts_with('-') && !l.starts_with("---"))
        .collect();
    let added: Vec<&str> = diff
        .lines()
        .filter(|l| l.starts_with('+') && !l.starts_with("+++"))
        .collect();
    assert_eq!(removed.len(), 1, "{diff}");
    assert!(removed[0].contains("safelinks.protection.outlook.com"));
    assert_eq!(
        added,
        ["+* [VS2015 Build Tools from Microsoft Visual Studio 2019.](https://visualstudio.microsoft.com/downloads/#build-tools-for-visual-studio-2019)"]
    );
}
