//! `check --links remote` through the binary (issue 28), against a
//! scripted HTTP/1.1 server on 127.0.0.1 that the links' made-up host name
//! is mapped to with `--resolve`: verdicts per line, the fix of a
//! permanent redirect, the cache across runs, and no request at all
//! unless asked. (The engine's own cases, TLS included, are unit tests
//! of src/remote/.)
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One scripted answer: status, extra header lines, body.
type Answer = (u16, &'static str, &'static str);

/// A server answering each path with its script (the last answer
/// repeats), counting the requests per path; stopped when dropped.
struct Server {
    port: u16,
    hits: Arc<Mutex<HashMap<String, usize>>>,
    stop: Arc<AtomicBool>,
}

impl Server {
    fn start(script: &[(&'static str, Vec<Answer>)]) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap_or_else(|e| panic!("bind: {e}"));
        let port = listener.local_addr().map(|a| a.port()).unwrap_or(0);
        listener
            .set_nonblocking(true)
            .unwrap_or_else(|e| panic!("{e}"));
        let script: HashMap<&'static str, Vec<Answer>> = script.iter().cloned().collect();
        let hits = Arc::new(Mutex::new(HashMap::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (h, s) = (hits.clone(), stop.clone());
        std::thread::spawn(move || {
            while !s.load(Ordering::Relaxed) {
                match listener.accept() {
                    Ok((conn, _)) => {
                        let (h, script) = (h.clone(), script.clone());
                        std::thread::spawn(move || serve(conn, &script, &h));
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        Server { port, hits, stop }
    }

    fn hits(&self, path: &str) -> usize {
        self.hits
            .lock()
            .map_or(0, |h| h.get(path).copied().unwrap_or(0))
    }

    fn total(&self) -> usize {
        self.hits.lock().map_or(0, |h| h.values().sum())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn serve(
    conn: TcpStream,
    script: &HashMap<&'static str, Vec<Answer>>,
    hits: &Mutex<HashMap<String, usize>>,
) {
    let _ = conn.set_read_timeout(Some(Duration::from_secs(5)));
    let mut reader = BufReader::new(match conn.try_clone() {
        Ok(c) => c,
        Err(_) => return,
    });
    let mut conn = conn;
    loop {
        let mut request = String::new();
        if reader.read_line(&mut request).unwrap_or(0) == 0 {
            return;
        }
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header).unwrap_or(0) == 0 || header.trim().is_empty() {
                break;
            }
        }
        let path = request.split(' ').nth(1).unwrap_or("/").to_owned();
        let n = {
            let mut h = hits.lock().unwrap_or_else(|p| p.into_inner());
            let n = h.entry(path.clone()).or_insert(0);
            *n += 1;
            *n
        };
        let (status, headers, body) = script
            .get(path.as_str())
            .map(|answers| answers[(n - 1).min(answers.len() - 1)])
            .unwrap_or((404, "", "not here"));
        let reply = format!(
            "HTTP/1.1 {status} X\r\nContent-Length: {}\r\n{headers}\r\n{body}",
            body.len()
        );
        if conn.write_all(reply.as_bytes()).is_err() {
            return;
        }
    }
}

/// Runs the binary under test in `dir`; `URILINT_TEST_BIN` names another
/// one (to show that the tests of the 2026-11-29 review's items fail on
/// the release before the fixes).
fn urilint(dir: &std::path::Path, args: &[&str]) -> Output {
    let exe = std::env::var_os("URILINT_TEST_BIN")
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_urilint").into());
    Command::new(exe)
        .current_dir(dir)
        .env_remove("GITHUB_TOKEN")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run urilint: {e}"))
}

const HOST: &str = "docs.remote-test.org";

/// A tree with one Markdown file linking to every scripted path.
fn tree(port: u16) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let base = format!("http://{HOST}:{port}");
    let text = format!(
        "# Links\n\n\
         - [ok]({base}/ok) and again <{base}/ok#intro>\n\
         - [gone]({base}/gone)\n\
         - [moved]({base}/moved#part)\n\
         - [blocked]({base}/blocked)\n\
         - [flaky]({base}/flaky)\n\
         - [down]({base}/down)\n\
         - [reserved](https://example.com/never) and [private](http://10.1.2.3/never)\n\
         - [anchor]({base}/page#there) [no anchor]({base}/page#nowhere)\n"
    );
    std::fs::write(dir.path().join("doc.md"), text).unwrap_or_else(|e| panic!("{e}"));
    dir
}

fn script() -> Vec<(&'static str, Vec<Answer>)> {
    vec![
        (
            "/ok",
            vec![(200, "Content-Type: text/html\r\n", "<p id=intro>ok</p>")],
        ),
        ("/gone", vec![(404, "", "")]),
        ("/moved", vec![(301, "Location: /new\r\n", "")]),
        ("/new", vec![(200, "", "here")]),
        ("/blocked", vec![(403, "", "no robots")]),
        ("/flaky", vec![(503, "", ""), (200, "", "ok now")]),
        ("/down", vec![(503, "", "")]),
        (
            "/page",
            vec![(
                200,
                "Content-Type: text/html\r\n",
                "<h2 id=\"there\">T</h2>",
            )],
        ),
    ]
}

fn remote_args(port: u16) -> Vec<String> {
    [
        "check",
        "--isolated",
        "--links",
        "remote",
        "--resolve",
        &format!("{HOST}:{port}:127.0.0.1"),
        "--max-retries",
        "2",
        "--retry-wait-time",
        "0",
        "--timeout",
        "5",
        "--host-request-interval",
        "0",
        "--format",
        "plain",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn run(dir: &std::path::Path, args: &[String], extra: &[&str]) -> Output {
    let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
    all.extend_from_slice(extra);
    urilint(dir, &all)
}

#[test]
fn verdicts_on_every_line_that_links() {
    let server = Server::start(&script());
    let dir = tree(server.port);
    let out = run(
        dir.path(),
        &remote_args(server.port),
        &["--remote-anchors", "doc.md"],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let port = server.port;
    let base = format!("http://{HOST}:{port}");
    let want = format!(
        "doc.md:4:10: L101 the link is gone: 404 Not Found\n\
         doc.md:5:11: L104 the link redirects permanently (301) to {base}/new#part\n\
         doc.md:6:13: L102 the link could not be verified: 403 Forbidden\n\
         doc.md:8:10: L103 the link could not be reached: 503 Service Unavailable (3 requests)\n\
         doc.md:10:{}: L106 no id nowhere in {base}/page (1 ids)\n",
        37 + base.len()
    );
    assert_eq!(stdout, want, "stderr: {stderr}");
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    // One request per URI however many links, the flaky one retried.
    assert_eq!(server.hits("/ok"), 1);
    assert_eq!(server.hits("/flaky"), 2);
    assert_eq!(server.hits("/down"), 3);
    assert!(
        stderr.contains("urilint: remote: 9 URIs on 3 hosts"),
        "{stderr}"
    );
    assert!(stderr.contains("2 skipped"), "{stderr}");
}

#[test]
fn permanent_redirect_fixed_with_unsafe_fixes() {
    let server = Server::start(&script());
    let dir = tree(server.port);
    let out = run(
        dir.path(),
        &remote_args(server.port),
        &["--fix", "--unsafe-fixes", "--select", "L104", "doc.md"],
    );
    let text = std::fs::read_to_string(dir.path().join("doc.md")).unwrap_or_default();
    let base = format!("http://{HOST}:{}", server.port);
    assert!(
        text.contains(&format!("- [moved]({base}/new#part)\n")),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Nothing else changed.
    assert!(text.contains(&format!("- [gone]({base}/gone)\n")), "{text}");
}

#[test]
fn cache_reuses_alive_answers_and_asks_failures_again() {
    let server = Server::start(&script());
    let dir = tree(server.port);
    let args = remote_args(server.port);
    let first = run(dir.path(), &args, &["--cache", "doc.md"]);
    assert!(
        dir.path().join(".urilint-cache.jsonl").exists(),
        "{first:?}"
    );
    let (ok, gone) = (server.hits("/ok"), server.hits("/gone"));
    let second = run(dir.path(), &args, &["--cache", "doc.md"]);
    assert_eq!(server.hits("/ok"), ok, "alive: not asked again");
    assert_eq!(server.hits("/gone"), gone + 1, "a failure is asked again");
    assert_eq!(first.stdout, second.stdout);
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(stderr.contains("alive from the cache"), "{stderr}");
    // --cache=FILE names another file; the inputs are never taken for it.
    let third = run(dir.path(), &args, &["--cache=links.jsonl", "doc.md"]);
    assert!(dir.path().join("links.jsonl").exists(), "{third:?}");
    assert_eq!(first.stdout, third.stdout);
}

#[test]
fn no_request_unless_asked() {
    let server = Server::start(&script());
    let dir = tree(server.port);
    std::fs::write(
        dir.path().join("urilint.toml"),
        "[links]\ncheck = [\"remote\"]\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let resolve = format!("{HOST}:{}:127.0.0.1", server.port);
    // Plain check, and --offline over the configuration's remote check.
    let plain = urilint(
        dir.path(),
        &["check", "--isolated", "--format", "plain", "doc.md"],
    );
    let offline = urilint(
        dir.path(),
        &[
            "check",
            "--offline",
            "--resolve",
            &resolve,
            "--format",
            "plain",
            "doc.md",
        ],
    );
    assert_eq!(server.total(), 0, "{plain:?} {offline:?}");
    // The configuration's check, without the flag: requests are made.
    let configured = urilint(
        dir.path(),
        &[
            "check",
            "--resolve",
            &resolve,
            "--retry-wait-time",
            "0",
            "--max-retries",
            "0",
            "--format",
            "plain",
            "doc.md",
        ],
    );
    assert!(server.total() > 0, "{configured:?}");
}

/// A name that does not resolve is not called gone when no name resolved
/// in the run (a sandbox or an air-gapped runner says "not found" for
/// every name): here only --resolve's host answers, so the made-up name
/// is unreachable (a warning), whatever this machine's DNS says.
#[test]
fn unresolved_names_are_not_gone_without_a_working_resolver() {
    let server = Server::start(&script());
    let dir = tree(server.port);
    std::fs::write(
        dir.path().join("doc.md"),
        format!(
            "[a](http://{HOST}:{}/ok) [b](https://no-such-host.urilint-remote-test.org/x)\n",
            server.port
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = run(dir.path(), &remote_args(server.port), &["doc.md"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("L101"), "{stdout}");
    assert_eq!(out.status.code(), Some(0), "{stdout}");
}

/// A finding's JSON Lines record says what was answered: the class, the
/// status, the redirect chain and the requests made.
#[test]
fn records_carry_the_answer_and_the_redirect_chain() {
    let server = Server::start(&script());
    let dir = tree(server.port);
    let mut args = remote_args(server.port);
    let at = args.iter().position(|a| a == "plain").unwrap_or(0);
    args[at] = "jsonl".into();
    let out = run(dir.path(), &args, &["--select", "L101,L104", "doc.md"]);
    let records: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let base = format!("http://{HOST}:{}", server.port);
    let moved = records
        .iter()
        .find(|r| r["code"] == "L104")
        .unwrap_or_else(|| panic!("{records:?}"));
    assert_eq!(
        moved["remote"],
        serde_json::json!({"class": "alive", "status": 200,
            "redirects": [{"status": 301, "to": format!("{base}/new")}], "requests": 2})
    );
    let gone = records
        .iter()
        .find(|r| r["code"] == "L101")
        .unwrap_or_else(|| panic!("{records:?}"));
    assert_eq!(
        gone["remote"],
        serde_json::json!({"class": "gone", "status": 404, "requests": 1})
    );
}

/// urilint.toml's `[links.remote]`: `exclude` keeps URIs from being
/// requested, the settings stand in for flags, `cache` is relative to
/// the file, and a flag wins over the table.
#[test]
fn links_remote_table() {
    let server = Server::start(&script());
    let dir = tree(server.port);
    std::fs::write(
        dir.path().join("urilint.toml"),
        "[links]\ncheck = [\"remote\"]\n\n[links.remote]\n\
         exclude = ['/blocked$', '/down$']\nmax-retries = 0\nretry-wait-time = 0\n\
         host-request-interval = 0\ncache = \"state/links.jsonl\"\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir(dir.path().join("state")).unwrap_or_else(|e| panic!("{e}"));
    let resolve = format!("{HOST}:{}:127.0.0.1", server.port);
    let out = urilint(
        dir.path(),
        &[
            "check",
            "--resolve",
            &resolve,
            "--format",
            "plain",
            "doc.md",
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        server.hits("/blocked") + server.hits("/down"),
        0,
        "{stderr}"
    );
    // Nothing on the excluded lines (6: /blocked, 8: /down).
    assert!(
        !stdout.contains("doc.md:6:") && !stdout.contains("doc.md:8:"),
        "{stdout}"
    );
    // max-retries = 0: the flaky one failed once and was not retried.
    assert_eq!(server.hits("/flaky"), 1, "{stdout}");
    assert!(
        stderr.contains("; 2 excluded ([links.remote] exclude)"),
        "{stderr}"
    );
    assert!(dir.path().join("state/links.jsonl").exists(), "{stderr}");
    // A flag wins: --max-retries 1 retries the flaky one (alive now).
    let again = urilint(
        dir.path(),
        &[
            "check",
            "--resolve",
            &resolve,
            "--max-retries",
            "1",
            "--cache=other.jsonl",
            "--format",
            "plain",
            "doc.md",
        ],
    );
    assert_eq!(server.hits("/flaky"), 2, "{again:?}");
    assert!(dir.path().join("other.jsonl").exists());
}

/// The review's servers, mapped from `pub.remote-test.org`: the answers
/// of L1, L3, L4 and M1 of the 2026-11-29 review.
fn review_script() -> Vec<(&'static str, Vec<Answer>)> {
    vec![
        (
            "/four",
            vec![(302, "Location: https:////evil.org/x\r\n", "")],
        ),
        ("/one", vec![(302, "Location: https:/evil.org/t21\r\n", "")]),
        (
            "/ideo",
            vec![(
                302,
                "Location: http://127\u{3002}0\u{3002}0\u{3002}1:18080/x\r\n",
                "",
            )],
        ),
        (
            "/xrl",
            vec![(
                200,
                "x-ratelimit-remaining: 0\r\nx-ratelimit-reset: 18446744073709551615\r\n",
                "ok",
            )],
        ),
        ("/after", vec![(200, "", "ok")]),
    ]
}

/// L3, L4 and L1 of the 2026-11-29 review through the binary: a URI of
/// 65,535 bytes and redirects to `https:////evil.org/x` and `https:/evil.org/t21`
/// are `L102` "could not be requested" (they were counted as skipped,
/// private addresses, with no finding), the summary says why; a Location
/// of UTF-8 is "not ASCII" (it was "without a Location"); a rate-limit
/// reset beyond `i64` is none (it was a caught panic, "internal error of
/// the HTTP client").
#[test]
fn refused_uris_non_ascii_location_and_impossible_reset() {
    let server = Server::start(&review_script());
    let port = server.port;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let base = format!("http://pub.remote-test.org:{port}");
    // 65,535 bytes: over the `http` crate's 65,534, within the scanner's
    // 65,536 (an IRI's percent-encoded form grows past it sooner).
    let prefix = format!("{base}/long?q=");
    let long = format!("{prefix}{}", "a".repeat(65_535 - prefix.len()));
    let text =
        format!("- <{base}/four>\n- <{base}/one>\n- <{base}/ideo>\n- <{base}/xrl>\n- <{long}>\n");
    std::fs::write(dir.path().join("doc.md"), text).unwrap_or_else(|e| panic!("{e}"));
    let resolve = format!("pub.remote-test.org:{port}:127.0.0.1");
    let out = urilint(
        dir.path(),
        &[
            "check",
            "--isolated",
            "--links",
            "remote",
            "--resolve",
            &resolve,
            "--max-retries",
            "0",
            "--timeout",
            "5",
            "--format",
            "plain",
            "--select",
            "L",
            "doc.md",
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stdout.lines().collect();
    let want_starts = [
        "doc.md:1:4: L102 the link redirects to https:////evil.org/x, which could not be requested: a URI the HTTP client refuses (".to_owned(),
        "doc.md:2:4: L102 the link redirects to https:/evil.org/t21, which could not be requested: a URI the HTTP client refuses (".to_owned(),
        "doc.md:3:4: L102 the link could not be verified: 302 Found: the Location header is not ASCII: \"http://127\u{3002}0\u{3002}0\u{3002}1:18080/x\"".to_owned(),
        "doc.md:5:4: L102 the link could not be requested: a URI the HTTP client refuses (".to_owned(),
    ];
    assert_eq!(lines.len(), want_starts.len(), "{stdout}\n{stderr}");
    for (line, want) in lines.iter().zip(&want_starts) {
        assert!(
            line.starts_with(want.as_str()),
            "{line}\nwanted {want}\n{stderr}"
        );
    }
    assert!(
        stderr.contains(
            "5 URIs on 1 host: 1 alive, 4 blocked (3 could not be requested: a URI the HTTP \
             client refuses); 4 requests"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("skipped"), "{stderr}");
    assert!(!stderr.contains("panic"), "{stderr}");
    assert_eq!(server.hits("/xrl"), 1);
}

/// M1 of the 2026-11-29 review through the binary: links to a host whose
/// `x-ratelimit-reset` is in the year 5138 finish at once, the remaining
/// ones blocked (20 links took 19 pauses of `--max-retry-wait`, 38 s at 2
/// s, all alive).
#[test]
fn rate_limited_host_gives_up_at_once() {
    let paths: Vec<&'static str> = (0..20)
        .map(|i| &*Box::leak(format!("/xrl{i}").into_boxed_str()))
        .collect();
    let answer: Answer = (
        200,
        "x-ratelimit-remaining: 0\r\nx-ratelimit-reset: 99999999999\r\n",
        "ok",
    );
    let script: Vec<(&'static str, Vec<Answer>)> =
        paths.iter().map(|p| (*p, vec![answer])).collect();
    let server = Server::start(&script);
    let port = server.port;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let text: String = paths
        .iter()
        .map(|p| format!("- <http://pub.remote-test.org:{port}{p}>\n"))
        .collect();
    std::fs::write(dir.path().join("rl.md"), text).unwrap_or_else(|e| panic!("{e}"));
    let resolve = format!("pub.remote-test.org:{port}:127.0.0.1");
    let out = urilint(
        dir.path(),
        &[
            "check",
            "--isolated",
            "--links",
            "remote",
            "--resolve",
            &resolve,
            "--host-concurrency",
            "1",
            "--max-retry-wait",
            "2",
            "--format",
            "plain",
            "rl.md",
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("20 URIs on 1 host: 1 alive, 19 blocked; 1 request"),
        "{stderr}"
    );
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.contains(
                "L102 the link could not be verified: the server's rate limit asks to pause \
                 the host"
            ))
            .count(),
        19,
        "{stdout}"
    );
    assert_eq!(server.total(), 1);
}

/// Issue 48: a remote run that reaches no server (no host name resolves,
/// every connection is refused) exits with status 3 and says so in one
/// line, `--exit-zero` notwithstanding; one answer among them (the mixed
/// case) is a run like any other, and a run that requests nothing is not
/// offline. The names are under `.invalid` (RFC 6761: never resolves),
/// requested with `--allow-private`, as is a loopback port nothing
/// listens on.
#[test]
fn offline_run_exits_3_with_one_line() {
    let closed = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or_else(|e| panic!("bind: {e}"));
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let offline_text = format!(
        "- [a](https://docs.urilint-test.invalid/a) [b](https://docs.urilint-test.invalid/b)\n\
         - [c](http://other.urilint-test.invalid/c)\n\
         - [d](http://127.0.0.1:{closed}/d)\n"
    );
    std::fs::write(dir.path().join("doc.md"), &offline_text).unwrap_or_else(|e| panic!("{e}"));
    let args = |extra: &[&str]| -> Vec<String> {
        [
            "check",
            "--isolated",
            "--links",
            "remote",
            "--allow-private",
            "--max-retries",
            "0",
            "--timeout",
            "5",
            "--format",
            "plain",
        ]
        .iter()
        .chain(extra)
        .map(|s| s.to_string())
        .collect()
    };
    let line = "urilint: error: --links remote: none of the 4 URIs requested (3 hosts) got an \
                answer (no host name resolved, or every request failed at the network level): \
                is the network reachable? Their links were not checked (exit status 3)\n";
    for extra in [&["doc.md"][..], &["--exit-zero", "doc.md"]] {
        let out = run(dir.path(), &args(extra), &[]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{extra:?}: {stderr}");
        assert_eq!(stderr.matches(line).count(), 1, "{stderr}");
        // Every link is still reported, as unreachable (a warning).
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(stdout.matches(" L103 ").count(), 4, "{stdout}");
    }
    // Mixed: a name mapped to a loopback server answers; the others are
    // unreachable warnings, the run passes as before.
    let server = Server::start(&script());
    let resolve = format!("{HOST}:{}:127.0.0.1", server.port);
    std::fs::write(
        dir.path().join("doc.md"),
        format!("{offline_text}- [ok](http://{HOST}:{}/ok)\n", server.port),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = run(dir.path(), &args(&["--resolve", &resolve, "doc.md"]), &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("none of the"), "{stderr}");
    assert_eq!(server.hits("/ok"), 1);
    // Nothing requested (reserved names without --allow-private): not
    // offline.
    std::fs::write(dir.path().join("doc.md"), "[a](https://x.invalid/a)\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let out = run(dir.path(), &remote_args(server.port), &["doc.md"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("1 skipped"), "{stderr}");
}
