//! The remote rules (`L101` to `L106`) on outcomes made up for the
//! purpose; the requests themselves are tested in src/remote/ and
//! tests/it/remote.rs.
use crate::lint::testing::lint_remote;
use crate::remote::{Hop, Outcome, Verdict};
use std::time::Duration;

fn outcome(uri: &str, verdict: Verdict, redirects: &[(u16, &str)]) -> Outcome {
    Outcome {
        uri: uri.into(),
        verdict,
        status: Some(200),
        redirects: redirects
            .iter()
            .map(|&(status, to)| Hop {
                status,
                to: to.into(),
            })
            .collect(),
        requests: 1 + redirects.len() as u32,
        elapsed: Duration::ZERO,
        ids: Some(vec!["usage".into(), "x y".into()]),
    }
}

fn found(text: &str, outcomes: Vec<Outcome>) -> Vec<(&'static str, String, Option<String>)> {
    lint_remote(text, outcomes)
        .into_iter()
        .map(|d| {
            let fix = d.fix.map(|f| {
                let (bytes, _) = crate::fix::apply(text.as_bytes(), &[&f]);
                String::from_utf8_lossy(&bytes).into_owned()
            });
            (d.code, d.message, fix)
        })
        .collect()
}

#[test]
fn https_upgrade_is_l105_with_its_fix() {
    let text = "See http://a.example/doc#usage here.\n";
    let got = found(
        text,
        vec![outcome(
            "http://a.example/doc",
            Verdict::Alive,
            &[(301, "https://a.example/doc")],
        )],
    );
    assert_eq!(
        got,
        [(
            "L105",
            "the link redirects (301) to https: https://a.example/doc#usage".to_string(),
            Some("See https://a.example/doc#usage here.\n".to_string())
        )]
    );
}

#[test]
fn permanent_chain_is_l104_temporary_is_nothing() {
    let text = "<http://a.example/old> and <https://b.example/tmp>\n";
    let got = found(
        text,
        vec![
            outcome(
                "http://a.example/old",
                Verdict::Alive,
                &[
                    (301, "https://a.example/old"),
                    (308, "https://a.example/new"),
                ],
            ),
            outcome(
                "https://b.example/tmp",
                Verdict::Alive,
                &[(302, "https://b.example/login")],
            ),
        ],
    );
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].0, "L104");
    assert_eq!(
        got[0].1,
        "the link redirects permanently (301, 308) to https://a.example/new"
    );
    assert_eq!(
        got[0].2.as_deref(),
        Some("<https://a.example/new> and <https://b.example/tmp>\n")
    );
}

#[test]
fn anchors_decoded_line_anchors_and_top_skipped() {
    let text = "https://a.example/p#usage https://a.example/p#x%20y \
                https://a.example/p#L10 https://a.example/p#top https://a.example/p#nope\n";
    let got = found(
        text,
        vec![outcome("https://a.example/p", Verdict::Alive, &[])],
    );
    assert_eq!(
        got,
        [(
            "L106",
            "no id nope in https://a.example/p (2 ids)".to_string(),
            None
        )]
    );
}

#[test]
fn classes_and_messages() {
    let text = "https://g.example/ https://b.example/ https://t.example/ https://s.example/ \
                https://r.example/x\n";
    let gone = |r: &str| Verdict::Gone { reason: r.into() };
    let mut transient = outcome(
        "https://t.example/",
        Verdict::Transient {
            reason: "timeout".into(),
        },
        &[],
    );
    transient.requests = 4;
    let got = found(
        text,
        vec![
            outcome("https://g.example/", gone("404 Not Found"), &[]),
            outcome(
                "https://b.example/",
                Verdict::Blocked {
                    reason: "403 Forbidden".into(),
                },
                &[],
            ),
            transient,
            outcome(
                "https://s.example/",
                Verdict::Skipped {
                    reason: "loopback".into(),
                },
                &[],
            ),
            outcome(
                "https://r.example/x",
                gone("410 Gone"),
                &[(301, "https://r.example/y")],
            ),
        ],
    );
    let messages: Vec<(&str, &str)> = got.iter().map(|(c, m, _)| (*c, m.as_str())).collect();
    assert_eq!(
        messages,
        [
            ("L101", "the link is gone: 404 Not Found"),
            ("L102", "the link could not be verified: 403 Forbidden"),
            (
                "L103",
                "the link could not be reached: timeout (4 requests)"
            ),
            (
                "L101",
                "the link redirects to https://r.example/y, which is gone: 410 Gone"
            ),
        ]
    );
}
