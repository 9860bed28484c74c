//! Feedback on long runs: a one-line progress indicator on standard error.
//!
//! This module owns drawing the indicator: files, bytes, URIs and the rate,
//! redrawn in place a few times a second once a run has taken longer than
//! a moment, and erased at the end. Whether to show it at all (a terminal,
//! not `--quiet`, not CI) is the caller's decision; it never writes to
//! standard output.
//!
//! **Unstable:** this module is the command-line tool's engine, public for
//! the `urilint` binary only (with the `cli` feature); it may change in any
//! release. Library users: use [`scan`](crate::scan),
//! [`grammar`](crate::grammar), [`resolve`](crate::resolve),
//! [`normalize`](crate::normalize), [`lint`](crate::lint) and
//! [`output`](crate::output) instead.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::run::Stats;

/// How long a run goes before the indicator appears.
const DELAY: Duration = Duration::from_millis(750);
/// How often it is redrawn.
const PERIOD: Duration = Duration::from_millis(200);

/// One line of progress: `"{files} files, {MiB} MiB, {uris} URIs, {rate}
/// MiB/s"`; `elapsed` is the run's duration so far.
pub fn line(files: u64, bytes: u64, uris: u64, elapsed: Duration) -> String {
    let mib = bytes as f64 / (1024.0 * 1024.0);
    let secs = elapsed.as_secs_f64().max(1e-3);
    format!(
        "{files} files, {mib:.1} MiB, {uris} URIs, {:.0} MiB/s",
        mib / secs
    )
}

/// Runs `work`; while it runs, and if `enabled`, draws the indicator from
/// `stats` on standard error. Returns what `work` returns.
pub fn with_progress<T>(enabled: bool, stats: &Stats, work: impl FnOnce() -> T) -> T {
    if !enabled {
        return work();
    }
    let done = AtomicBool::new(false);
    let wake = (Mutex::new(()), Condvar::new());
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let start = Instant::now();
            let mut drawn = false;
            let mut guard = wake.0.lock().unwrap_or_else(|p| p.into_inner());
            while !done.load(Ordering::Acquire) {
                guard = wake
                    .1
                    .wait_timeout(guard, PERIOD)
                    .map(|(g, _)| g)
                    .unwrap_or_else(|p| p.into_inner().0);
                if done.load(Ordering::Acquire) || start.elapsed() < DELAY {
                    continue;
                }
                let text = line(
                    Stats::get(&stats.files),
                    Stats::get(&stats.bytes),
                    Stats::get(&stats.uris),
                    start.elapsed(),
                );
                let _ = write!(std::io::stderr(), "\r\x1b[2K{text}");
                drawn = true;
            }
            if drawn {
                let _ = write!(std::io::stderr(), "\r\x1b[2K");
            }
        });
        let out = work();
        done.store(true, Ordering::Release);
        wake.1.notify_all();
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_files_bytes_uris_and_rate() {
        assert_eq!(
            line(3, 10 << 20, 42, Duration::from_secs(2)),
            "3 files, 10.0 MiB, 42 URIs, 5 MiB/s"
        );
    }

    #[test]
    fn disabled_runs_the_work_only() {
        let stats = Stats::default();
        assert_eq!(with_progress(false, &stats, || 7), 7);
        assert_eq!(with_progress(true, &stats, || 8), 8);
    }
}
