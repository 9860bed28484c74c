//! Who requests what when: a pool of at most `max_concurrency` worker
//! threads (std, scoped) taking requests from per-host queues. A host
//! (scheme and authority) has at most `host_concurrency` requests in
//! flight, their starts at least `host_interval` apart, and is paused as a
//! whole when its rate-limit headers say no request is left. A retry waits
//! in its host's queue until its time; a redirect joins the queue of the
//! host it leads to. One `Mutex` holds the queues, a `Condvar` wakes the
//! workers.
//!
//! Results do not depend on timing: each URI's verdict is decided by the
//! answers to its own requests only.

use std::collections::{BTreeMap, HashSet, VecDeque};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::client::Client;
use super::fetch::{self, Next};
use super::{Outcome, Progress, RemoteOptions, Verdict};

/// One URI being checked.
struct Job {
    /// Index in the input.
    index: usize,
    /// The URI to request next (the input, or a redirect's target).
    current: String,
    /// Redirects followed.
    redirects: Vec<super::Hop>,
    /// URIs requested so far (for loops).
    visited: HashSet<String>,
    /// Requests made.
    requests: u32,
    /// Retries made.
    retries: u32,
    /// When the first request started.
    started: Option<Instant>,
    /// Not to be requested before.
    not_before: Instant,
}

/// A host's queue and limits.
#[derive(Default)]
struct Host {
    /// Jobs waiting.
    queue: VecDeque<Job>,
    /// Requests in flight.
    in_flight: usize,
    /// The earliest start of the next request (spacing, rate limits).
    next_start: Option<Instant>,
}

/// Everything the workers share.
struct State {
    /// Per host (scheme://authority, lowercase).
    hosts: BTreeMap<String, Host>,
    /// Outcomes by input index.
    outcomes: Vec<Option<Outcome>>,
    /// Outcomes set.
    done: usize,
    /// Outcomes neither alive nor skipped.
    failures: usize,
    /// Requests in flight overall.
    in_flight: usize,
}

/// The queue key of `uri`: its host, lowercase, without scheme, userinfo
/// or port (politeness is owed to a server, whatever the scheme or port
/// it is reached by: `http://a.example` and `https://a.example:8443`
/// share one queue); the whole URI when it has no host.
fn host_key(uri: &str) -> String {
    super::links::host_of(uri).map_or_else(|| uri.to_owned(), |(h, _)| h)
}

/// `uri` without its fragment.
fn without_fragment(uri: &str) -> &str {
    uri.split_once('#').map_or(uri, |(u, _)| u)
}

/// Checks every URI of `uris` with `client`; outcomes in input order.
pub(crate) fn run(
    uris: &[String],
    opts: &RemoteOptions,
    client: &Client,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Vec<Outcome> {
    let now = Instant::now();
    let mut state = State {
        hosts: BTreeMap::new(),
        outcomes: vec![None; uris.len()],
        done: 0,
        failures: 0,
        in_flight: 0,
    };
    for (index, uri) in uris.iter().enumerate() {
        // A reserved name or a non-public address literal is never
        // requested: its verdict is known before any queue, and it takes
        // no turn of its host's spacing.
        let refused = super::links::host_of(uri)
            .filter(|_| !opts.allow_private)
            .and_then(|(host, _)| super::safety::host_reason(&host));
        if let Some(reason) = refused {
            state.outcomes[index] = Some(Outcome {
                uri: uri.clone(),
                verdict: Verdict::Skipped { reason },
                status: None,
                redirects: Vec::new(),
                requests: 0,
                elapsed: Duration::ZERO,
                ids: None,
            });
            state.done += 1;
            continue;
        }
        let job = Job {
            index,
            current: uri.clone(),
            redirects: Vec::new(),
            visited: HashSet::new(),
            requests: 0,
            retries: 0,
            started: None,
            not_before: now,
        };
        state
            .hosts
            .entry(host_key(uri))
            .or_default()
            .queue
            .push_back(job);
    }
    let shared = (Mutex::new(state), Condvar::new());
    let workers = opts.max_concurrency.clamp(1, 64).min(uris.len());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| worker(&shared, uris.len(), opts, client, progress));
        }
    });
    let state = shared
        .0
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    state
        .outcomes
        .into_iter()
        .zip(uris)
        .map(|(o, uri)| match o {
            Some(o) => Outcome {
                uri: uri.clone(),
                ..o
            },
            None => Outcome {
                uri: uri.clone(),
                verdict: Verdict::Transient {
                    reason: "not checked (a worker stopped)".to_owned(),
                },
                status: None,
                redirects: Vec::new(),
                requests: 0,
                elapsed: Duration::ZERO,
                ids: None,
            },
        })
        .collect()
}

/// Locks `m`, going on after a panic of another worker.
fn lock(m: &Mutex<State>) -> MutexGuard<'_, State> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The next job ready to start on a host with room, marking it started;
/// else the earliest time one could be (`None`: none until a request
/// ends).
fn take_ready(st: &mut State, opts: &RemoteOptions, now: Instant) -> Result<Job, Option<Instant>> {
    let mut earliest: Option<Instant> = None;
    for host in st.hosts.values_mut() {
        if host.queue.is_empty() || host.in_flight >= opts.host_concurrency.max(1) {
            continue;
        }
        let gate = host.next_start.unwrap_or(now);
        let first_due = host.queue.iter().map(|j| j.not_before).min().unwrap_or(now);
        let at = gate.max(first_due);
        if at <= now {
            if let Some(pos) = host.queue.iter().position(|j| j.not_before <= now) {
                if let Some(job) = host.queue.remove(pos) {
                    host.in_flight += 1;
                    host.next_start = Some(now + opts.host_interval);
                    st.in_flight += 1;
                    return Ok(job);
                }
            }
        }
        earliest = Some(earliest.map_or(at, |e| e.min(at)));
    }
    Err(earliest)
}

/// A snapshot for the progress callback.
fn snapshot(st: &State, total: usize) -> Progress {
    let busiest = st
        .hosts
        .iter()
        .map(|(k, h)| (k, h.queue.len() + h.in_flight))
        .filter(|(_, n)| *n > 0)
        .max_by_key(|(_, n)| *n)
        .map(|(k, n)| (k.clone(), n));
    Progress {
        done: st.done,
        total,
        in_flight: st.in_flight,
        queued: st.hosts.values().map(|h| h.queue.len()).sum(),
        busiest_host: busiest,
        failures: st.failures,
    }
}

/// Records the outcome of `job`, ended at `end` with `(verdict, status,
/// ids)`; the progress snapshot after it.
fn finish(
    st: &mut State,
    total: usize,
    job: Job,
    end: Instant,
    (verdict, status, ids): (Verdict, Option<u16>, Option<Vec<String>>),
) -> Progress {
    if !matches!(verdict, Verdict::Alive | Verdict::Skipped { .. }) {
        st.failures += 1;
    }
    if let Some(slot) = st.outcomes.get_mut(job.index) {
        *slot = Some(Outcome {
            uri: String::new(),
            verdict,
            status,
            redirects: job.redirects,
            requests: job.requests,
            elapsed: job
                .started
                .map_or(Duration::ZERO, |s| end.saturating_duration_since(s)),
            ids,
        });
        st.done += 1;
    }
    snapshot(st, total)
}

/// A worker: takes ready jobs until every URI has its outcome.
fn worker(
    shared: &(Mutex<State>, Condvar),
    total: usize,
    opts: &RemoteOptions,
    client: &Client,
    progress: &(dyn Fn(&Progress) + Sync),
) {
    let (m, cv) = shared;
    loop {
        let mut job = {
            let mut st = lock(m);
            loop {
                if st.done >= total {
                    cv.notify_all();
                    return;
                }
                let now = Instant::now();
                match take_ready(&mut st, opts, now) {
                    Ok(job) => break job,
                    Err(Some(at)) => {
                        st = cv
                            .wait_timeout(st, at.saturating_duration_since(now))
                            .unwrap_or_else(PoisonError::into_inner)
                            .0;
                    }
                    Err(None) => st = cv.wait(st).unwrap_or_else(PoisonError::into_inner),
                }
            }
        };
        let key = host_key(&job.current);
        let start = Instant::now();
        job.started.get_or_insert(start);
        job.visited
            .insert(without_fragment(&job.current).to_owned());
        // A panic in the HTTP stack must not leave the other workers
        // waiting for this URI forever: it becomes the URI's verdict.
        let step = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            fetch::request(
                client,
                opts,
                &job.current,
                job.retries,
                !job.redirects.is_empty(),
            )
        }))
        .unwrap_or_else(|_| fetch::Step {
            next: Next::Done {
                verdict: Verdict::Transient {
                    reason: "internal error of the HTTP client (a panic)".to_owned(),
                },
                status: None,
                ids: None,
            },
            requested: true,
            host_pause: None,
        });
        if step.requested {
            job.requests += 1;
        }
        let end = Instant::now();
        let report = {
            let mut st = lock(m);
            st.in_flight = st.in_flight.saturating_sub(1);
            if let Some(h) = st.hosts.get_mut(&key) {
                h.in_flight = h.in_flight.saturating_sub(1);
                if let Some(p) = step.host_pause {
                    let until = end + p;
                    h.next_start = Some(h.next_start.map_or(until, |n| n.max(until)));
                }
            }
            match step.next {
                Next::Done {
                    verdict,
                    status,
                    ids,
                } => Some(finish(&mut st, total, job, end, (verdict, status, ids))),
                Next::Retry { wait } => {
                    job.retries += 1;
                    job.not_before = end + wait;
                    st.hosts.entry(key).or_default().queue.push_back(job);
                    None
                }
                Next::Redirect(hop) => {
                    let target = without_fragment(&hop.to).to_owned();
                    let status = Some(hop.status);
                    job.redirects.push(hop);
                    if job.visited.contains(&target) {
                        let reason = format!("redirect loop back to {target}");
                        let verdict = Verdict::Blocked { reason };
                        Some(finish(&mut st, total, job, end, (verdict, status, None)))
                    } else if job.redirects.len() > opts.max_redirects as usize {
                        let reason = format!("more than {} redirects", opts.max_redirects);
                        let verdict = Verdict::Blocked { reason };
                        Some(finish(&mut st, total, job, end, (verdict, status, None)))
                    } else {
                        job.current = target;
                        job.not_before = end;
                        let k = host_key(&job.current);
                        st.hosts.entry(k).or_default().queue.push_back(job);
                        None
                    }
                }
            }
        };
        cv.notify_all();
        if let Some(p) = report {
            progress(&p);
        }
    }
}
