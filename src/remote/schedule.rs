//! Who requests what when: a pool of at most `max_concurrency` worker
//! threads (std, scoped) taking requests from per-host queues. A host
//! (scheme and authority) has at most `host_concurrency` requests in
//! flight, their starts at least `host_interval` apart, and is paused as a
//! whole when its rate-limit headers say no request is left, for at most
//! `max_retry_after` over the run: a host that asks for more has its
//! remaining links reported blocked. A retry waits in its host's queue
//! until its time; a redirect joins the queue of the host it leads to. One
//! `Mutex` holds the queues, a `Condvar` wakes the workers.
//!
//! The work per request does not grow with the number of hosts (M2 of
//! the 2026-11-29 review): a host with work has one live entry in a heap
//! ordered by the time it may start its next request, a host without work
//! leaves the map, and the progress snapshot, which walks the hosts with
//! work, is built only when the caller asks for it.
//!
//! Results do not depend on timing: each URI's verdict is decided by the
//! answers to its own requests only, but for the links of a host whose
//! rate limit ran out.

use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::client::Client;
use super::fetch::{self, Next};
use super::{Outcome, Progress, ProgressTick, RemoteOptions, Verdict};

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

/// A job in its host's queue, ordered by `not_before`, then by arrival.
struct Queued {
    /// The job's `not_before`.
    at: Instant,
    /// Arrival order.
    seq: u64,
    /// The job.
    job: Job,
}

impl PartialEq for Queued {
    fn eq(&self, other: &Self) -> bool {
        (self.at, self.seq) == (other.at, other.seq)
    }
}

impl Eq for Queued {}

impl PartialOrd for Queued {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Queued {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.at, self.seq).cmp(&(other.at, other.seq))
    }
}

/// A host's queue and limits.
#[derive(Default)]
struct Host {
    /// Jobs waiting, the earliest due first.
    queue: BinaryHeap<Reverse<Queued>>,
    /// Requests in flight.
    in_flight: usize,
    /// The earliest start of the next request (spacing, rate limits).
    next_start: Option<Instant>,
    /// When this host may start its next job, as its live entry in
    /// [`State::ready`] says (`None`: no entry, for want of a job or of
    /// room); other entries of the host there are stale.
    scheduled: Option<Instant>,
    /// Rate-limit pauses asked by the host so far.
    paused: Duration,
    /// Set once the host asked for more pause than `max_retry_after` in
    /// all: the reason every later link of it is blocked with.
    exhausted: Option<String>,
}

impl Host {
    /// True when the host keeps nothing worth keeping: no job, no request
    /// in flight, no pause asked, not exhausted, and its spacing over at
    /// `now`.
    fn forgettable(&self, now: Instant) -> bool {
        self.queue.is_empty()
            && self.in_flight == 0
            && self.paused.is_zero()
            && self.exhausted.is_none()
            && self.next_start.is_none_or(|t| t <= now)
    }
}

/// Everything the workers share.
struct State {
    /// Per host (see [`host_key`]), the hosts with work or a spacing,
    /// pause or exhaustion to remember.
    hosts: HashMap<String, Host>,
    /// Hosts that may start a job, by when (then arrival); an entry is
    /// live when it is its host's [`Host::scheduled`].
    ready: BinaryHeap<Reverse<(Instant, u64, String)>>,
    /// Hosts without work whose spacing is not over, by when it is: then
    /// they leave [`State::hosts`].
    idle: BinaryHeap<Reverse<(Instant, String)>>,
    /// The next arrival number.
    seq: u64,
    /// Outcomes by input index.
    outcomes: Vec<Option<Outcome>>,
    /// Outcomes set.
    done: usize,
    /// Outcomes neither alive nor skipped.
    failures: usize,
    /// Requests in flight overall.
    in_flight: usize,
    /// Jobs waiting in the queues overall.
    queued: usize,
    /// Heap entries the scheduler looked at (the M2 test's count of work).
    steps: u64,
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

/// `t + d`, or as far as the clock goes within a year of `t` when that
/// overflows (a wait of `u64::MAX` seconds, from a server or a flag: L1 of
/// the 2026-11-29 review).
fn later(t: Instant, d: Duration) -> Instant {
    const YEAR: Duration = Duration::from_secs(365 * 86_400);
    t.checked_add(d)
        .or_else(|| t.checked_add(YEAR))
        .unwrap_or(t)
}

/// Checks every URI of `uris` with `client`; outcomes in input order.
pub(crate) fn run(
    uris: &[String],
    opts: &RemoteOptions,
    client: &Client,
    progress: &(dyn Fn(&ProgressTick<'_>) + Sync),
) -> Vec<Outcome> {
    run_counted(uris, opts, client, progress).0
}

/// [`run`], and the scheduler's count of heap entries looked at.
pub(crate) fn run_counted(
    uris: &[String],
    opts: &RemoteOptions,
    client: &Client,
    progress: &(dyn Fn(&ProgressTick<'_>) + Sync),
) -> (Vec<Outcome>, u64) {
    let now = Instant::now();
    let mut state = State {
        hosts: HashMap::new(),
        ready: BinaryHeap::new(),
        idle: BinaryHeap::new(),
        seq: 0,
        outcomes: vec![None; uris.len()],
        done: 0,
        failures: 0,
        in_flight: 0,
        queued: 0,
        steps: 0,
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
        enqueue(&mut state, opts, host_key(uri), job, now);
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
    let steps = state.steps;
    let outcomes = state
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
        .collect();
    (outcomes, steps)
}

/// Locks `m`, going on after a panic of another worker.
fn lock(m: &Mutex<State>) -> MutexGuard<'_, State> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Puts `job` in the queue of host `key`; on a host whose rate limit ran
/// out, ends it blocked at once (returns true then: a verdict was set).
fn enqueue(st: &mut State, opts: &RemoteOptions, key: String, job: Job, now: Instant) -> bool {
    let host = st.hosts.entry(key.clone()).or_default();
    if let Some(reason) = host.exhausted.clone() {
        finish(st, job, now, (Verdict::Blocked { reason }, None, None));
        return true;
    }
    st.seq += 1;
    host.queue.push(Reverse(Queued {
        at: job.not_before,
        seq: st.seq,
        job,
    }));
    st.queued += 1;
    reschedule(st, opts, &key, now);
    false
}

/// Brings host `key`'s entry in [`State::ready`] up to date after any
/// change of its queue, room or gate, and forgets the host when it has
/// nothing left to remember (or notes when it will have).
fn reschedule(st: &mut State, opts: &RemoteOptions, key: &str, now: Instant) {
    let Some(host) = st.hosts.get_mut(key) else {
        return;
    };
    let want = match host.queue.peek() {
        Some(Reverse(first)) if host.in_flight < opts.host_concurrency.max(1) => {
            Some(host.next_start.map_or(first.at, |gate| gate.max(first.at)))
        }
        _ => None,
    };
    if want != host.scheduled {
        host.scheduled = want;
        if let Some(at) = want {
            st.seq += 1;
            st.ready.push(Reverse((at, st.seq, key.to_owned())));
        }
    }
    if host.forgettable(now) {
        st.hosts.remove(key);
    } else if host.queue.is_empty() && host.in_flight == 0 {
        if let Some(gate) = host.next_start.filter(|g| *g > now) {
            st.idle.push(Reverse((gate, key.to_owned())));
        }
    }
}

/// Forgets the idle hosts whose spacing is over by `now`.
fn forget_idle(st: &mut State, now: Instant) {
    while let Some(Reverse((gate, _))) = st.idle.peek() {
        if *gate > now {
            break;
        }
        st.steps += 1;
        if let Some(Reverse((_, key))) = st.idle.pop() {
            if st.hosts.get(&key).is_some_and(|h| h.forgettable(now)) {
                st.hosts.remove(&key);
            }
        }
    }
}

/// The next job ready to start on a host with room, marking it started;
/// else the earliest time one could be (`None`: none until a request
/// ends).
fn take_ready(st: &mut State, opts: &RemoteOptions, now: Instant) -> Result<Job, Option<Instant>> {
    forget_idle(st, now);
    loop {
        let Some(Reverse((at, _, key))) = st.ready.peek() else {
            return Err(None);
        };
        st.steps += 1;
        let at = *at;
        let live = st.hosts.get(key).is_some_and(|h| h.scheduled == Some(at));
        if live && at > now {
            return Err(Some(at));
        }
        let Some(Reverse((_, _, key))) = st.ready.pop() else {
            return Err(None);
        };
        if !live {
            continue;
        }
        let Some(host) = st.hosts.get_mut(&key) else {
            continue;
        };
        host.scheduled = None;
        let Some(Reverse(first)) = host.queue.pop() else {
            continue;
        };
        host.in_flight += 1;
        host.next_start = Some(later(now, opts.host_interval));
        st.in_flight += 1;
        st.queued = st.queued.saturating_sub(1);
        reschedule(st, opts, &key, now);
        return Ok(first.job);
    }
}

/// The snapshot for the progress callback: walks the hosts with work.
fn snapshot(st: &State, total: usize) -> Progress {
    let busiest = st
        .hosts
        .iter()
        .map(|(k, h)| (k, h.queue.len() + h.in_flight))
        .filter(|(_, n)| *n > 0)
        .max_by(|(ka, a), (kb, b)| a.cmp(b).then_with(|| kb.cmp(ka)))
        .map(|(k, n)| (k.clone(), n));
    Progress {
        done: st.done,
        total,
        in_flight: st.in_flight,
        queued: st.queued,
        busiest_host: busiest,
        failures: st.failures,
    }
}

/// Records the outcome of `job`, ended at `end` with `(verdict, status,
/// ids)`.
fn finish(
    st: &mut State,
    job: Job,
    end: Instant,
    (verdict, status, ids): (Verdict, Option<u16>, Option<Vec<String>>),
) {
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
}

/// Takes into account a pause of `pause` asked by host `key` at `end`:
/// within the host's allowance (`max_retry_after` over the run) it delays
/// the host's next start; beyond, the host is exhausted and every link
/// waiting for it is blocked (M1 of the 2026-11-29 review). Returns the
/// verdicts set.
fn pause_host(
    st: &mut State,
    opts: &RemoteOptions,
    key: &str,
    pause: Duration,
    end: Instant,
) -> usize {
    let Some(host) = st.hosts.get_mut(key) else {
        return 0;
    };
    if host.exhausted.is_some() {
        return 0;
    }
    let total = host.paused.saturating_add(pause);
    if total <= opts.max_retry_after {
        host.paused = total;
        let until = later(end, pause);
        host.next_start = Some(host.next_start.map_or(until, |n| n.max(until)));
        return 0;
    }
    let reason = format!(
        "the server's rate limit asks to pause the host {} s, beyond --max-retry-wait ({} s \
         for a host in all)",
        pause.as_secs(),
        opts.max_retry_after.as_secs()
    );
    host.exhausted = Some(reason.clone());
    host.scheduled = None;
    let waiting: Vec<Job> = std::mem::take(&mut host.queue)
        .into_iter()
        .map(|Reverse(q)| q.job)
        .collect();
    let n = waiting.len();
    st.queued = st.queued.saturating_sub(n);
    for job in waiting {
        let reason = reason.clone();
        finish(st, job, end, (Verdict::Blocked { reason }, None, None));
    }
    n
}

/// A worker: takes ready jobs until every URI has its outcome.
fn worker(
    shared: &(Mutex<State>, Condvar),
    total: usize,
    opts: &RemoteOptions,
    client: &Client,
    progress: &(dyn Fn(&ProgressTick<'_>) + Sync),
) {
    let (m, cv) = shared;
    let build = || snapshot(&lock(m), total);
    loop {
        let Some(mut job) = next_job(shared, total, opts) else {
            return;
        };
        let key = host_key(&job.current);
        let start = Instant::now();
        job.started.get_or_insert(start);
        job.visited
            .insert(without_fragment(&job.current).to_owned());
        let step = attempt(client, opts, &job);
        if step.requested {
            job.requests += 1;
        }
        let end = Instant::now();
        let (verdicts, done) = {
            let mut st = lock(m);
            st.in_flight = st.in_flight.saturating_sub(1);
            if let Some(h) = st.hosts.get_mut(&key) {
                h.in_flight = h.in_flight.saturating_sub(1);
            }
            let mut verdicts = match step.host_pause {
                Some(p) => pause_host(&mut st, opts, &key, p, end),
                None => 0,
            };
            verdicts += follow_step(&mut st, opts, &key, job, step.next, end);
            reschedule(&mut st, opts, &key, end);
            (verdicts, st.done)
        };
        cv.notify_all();
        for _ in 0..verdicts {
            progress(&ProgressTick {
                done,
                total,
                build: &build,
            });
        }
    }
}

/// Step of [`worker`]: the next ready job, waiting for one (or for the
/// time one becomes ready); `None` when every URI has its outcome.
fn next_job(shared: &(Mutex<State>, Condvar), total: usize, opts: &RemoteOptions) -> Option<Job> {
    let (m, cv) = shared;
    let mut st = lock(m);
    loop {
        if st.done >= total {
            cv.notify_all();
            return None;
        }
        let now = Instant::now();
        match take_ready(&mut st, opts, now) {
            Ok(job) => break Some(job),
            Err(Some(at)) => {
                st = cv
                    .wait_timeout(st, at.saturating_duration_since(now))
                    .unwrap_or_else(PoisonError::into_inner)
                    .0;
            }
            Err(None) => st = cv.wait(st).unwrap_or_else(PoisonError::into_inner),
        }
    }
}

/// Step of [`worker`]: one request of `job`'s current URI.
fn attempt(client: &Client, opts: &RemoteOptions, job: &Job) -> fetch::Step {
    // A panic in the HTTP stack must not leave the other workers
    // waiting for this URI forever: it becomes the URI's verdict.
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
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
    })
}

/// Step of [`worker`]: what a request of `job` (to the host `key`) said
/// to do, done at `end`: its verdict, a retry queued, or its redirect
/// followed (a loop or one too many blocked); the verdicts given.
fn follow_step(
    st: &mut State,
    opts: &RemoteOptions,
    key: &str,
    mut job: Job,
    next: Next,
    end: Instant,
) -> usize {
    let mut verdicts = 0;
    match next {
        Next::Done {
            verdict,
            status,
            ids,
        } => {
            finish(st, job, end, (verdict, status, ids));
            verdicts += 1;
        }
        Next::Retry { wait } => {
            job.retries += 1;
            job.not_before = later(end, wait);
            if enqueue(st, opts, key.to_owned(), job, end) {
                verdicts += 1;
            }
        }
        Next::Redirect(hop) => {
            let target = without_fragment(&hop.to).to_owned();
            let status = Some(hop.status);
            job.redirects.push(hop);
            if job.visited.contains(&target) {
                let reason = format!("redirect loop back to {target}");
                let verdict = Verdict::Blocked { reason };
                finish(st, job, end, (verdict, status, None));
                verdicts += 1;
            } else if job.redirects.len() > opts.max_redirects as usize {
                let reason = format!("more than {} redirects", opts.max_redirects);
                let verdict = Verdict::Blocked { reason };
                finish(st, job, end, (verdict, status, None));
                verdicts += 1;
            } else {
                job.current = target;
                job.not_before = end;
                let k = host_key(&job.current);
                if enqueue(st, opts, k, job, end) {
                    verdicts += 1;
                }
            }
        }
    }
    verdicts
}
