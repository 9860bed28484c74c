//! The one line a remote check says of itself on standard error: how many
//! URIs, how many hosts, how many of each verdict, requests and time.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use super::{Outcome, Verdict};

/// `"412 URIs on 37 hosts: 398 alive, 3 gone, 5 blocked, 2 unreachable,
/// 4 skipped (private addresses, reserved names); 430 requests in 12.3
/// s; 120 alive from the cache"`: the classes with none are left out;
/// blocked links that could not be requested are counted with why, as
/// `"5 blocked (1 could not be requested: a URI the HTTP client
/// refuses)"`;
/// `reused` outcomes came from the cache (no request), `elapsed` is the
/// time of the requests.
pub fn summary(outcomes: &[Outcome], reused: usize, elapsed: Duration) -> String {
    let mut hosts = std::collections::HashSet::new();
    let mut classes: BTreeMap<u8, (usize, &str)> = BTreeMap::new();
    let mut requests = 0u64;
    // Blocked links never sent, by why (L3 of the 2026-11-29 review):
    // "a URI the HTTP client refuses".
    let mut not_requested: BTreeMap<&str, usize> = BTreeMap::new();
    for o in outcomes {
        if let Some((h, _)) = super::links::host_of(&o.uri) {
            hosts.insert(h);
        }
        requests += u64::from(o.requests);
        if let Some(why) = o.verdict.not_requested_reason() {
            let kind = why.split_once(" (").map_or(why, |(k, _)| k);
            *not_requested.entry(kind).or_default() += 1;
        }
        let (rank, word) = match o.verdict {
            Verdict::Alive => (0, "alive"),
            Verdict::Gone { .. } => (1, "gone"),
            Verdict::Blocked { .. } => (2, "blocked"),
            Verdict::Transient { .. } => (3, "unreachable"),
            Verdict::Skipped { .. } => (4, "skipped (private addresses, reserved names)"),
        };
        classes.entry(rank).or_insert((0, word)).0 += 1;
    }
    let mut line = format!(
        "{} URI{} on {} host{}",
        outcomes.len(),
        plural(outcomes.len()),
        hosts.len(),
        plural(hosts.len())
    );
    let parts: Vec<String> = classes
        .iter()
        .map(|(rank, (n, word))| {
            let mut part = format!("{n} {word}");
            if *rank == 2 && !not_requested.is_empty() {
                let whys: Vec<String> = not_requested
                    .iter()
                    .map(|(why, m)| format!("{m} could not be requested: {why}"))
                    .collect();
                let _ = write!(part, " ({})", whys.join("; "));
            }
            part
        })
        .collect();
    if !parts.is_empty() {
        let _ = write!(line, ": {}", parts.join(", "));
    }
    let _ = write!(
        line,
        "; {requests} request{} in {:.1} s",
        plural(requests as usize),
        elapsed.as_secs_f64()
    );
    if reused > 0 {
        let _ = write!(line, "; {reused} alive from the cache");
    }
    line
}

/// The progress line of a remote check on a terminal: `"120/412 URIs,
/// 14 in flight, 30 queued (most: docs.example.org 12), 3 failed"`.
#[cfg(feature = "remote")]
pub fn progress_line(p: &super::Progress) -> String {
    let mut line = format!(
        "{}/{} URIs, {} in flight, {} queued",
        p.done, p.total, p.in_flight, p.queued
    );
    if let Some((host, n)) = &p.busiest_host {
        let _ = write!(line, " (most: {host} {n})");
    }
    let _ = write!(line, ", {} failed", p.failures);
    line
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn o(uri: &str, verdict: Verdict, requests: u32) -> Outcome {
        Outcome {
            uri: uri.into(),
            verdict,
            status: None,
            redirects: Vec::new(),
            requests,
            elapsed: Duration::ZERO,
            ids: None,
        }
    }

    #[test]
    fn counts_classes_hosts_and_requests() {
        let all = [
            o("https://a.example/x", Verdict::Alive, 1),
            o("https://u:p@A.example:8443/y", Verdict::Alive, 0),
            o(
                "http://[::1]:80/",
                Verdict::Skipped {
                    reason: "loopback".into(),
                },
                0,
            ),
            o(
                "https://b.example",
                Verdict::Gone {
                    reason: "404 Not Found".into(),
                },
                1,
            ),
            o(
                "https://c.example/",
                Verdict::Transient {
                    reason: "timed out".into(),
                },
                4,
            ),
        ];
        assert_eq!(
            summary(&all, 1, Duration::from_millis(1250)),
            "5 URIs on 4 hosts: 2 alive, 1 gone, 1 unreachable, 1 skipped (private addresses, \
             reserved names); 6 requests in 1.2 s; 1 alive from the cache"
        );
        // L3 of the 2026-11-29 review: a URI the client refuses is blocked,
        // counted with its reason, not skipped.
        let refused = [
            o(
                "https://a.example/x",
                Verdict::not_requested("uri too long"),
                0,
            ),
            o(
                "https://b.example/y",
                Verdict::Blocked {
                    reason: "403 Forbidden".into(),
                },
                1,
            ),
        ];
        assert_eq!(
            summary(&refused, 0, Duration::ZERO),
            "2 URIs on 2 hosts: 2 blocked (1 could not be requested: a URI the HTTP client \
             refuses); 1 request in 0.0 s"
        );
        assert_eq!(
            summary(&[], 0, Duration::ZERO),
            "0 URIs on 0 hosts; 0 requests in 0.0 s"
        );
    }
}
