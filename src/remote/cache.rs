//! The history of each URI across runs (`check --links remote --cache
//! FILE`): when it was last checked, what it answered, and how long it has
//! been failing. A URI found alive is not requested again until it is
//! older than `max-age`; any other verdict is requested again on every
//! run (an error is never replayed as if fresh); a URI that stays
//! unreachable over several runs and days is promoted from transient to
//! gone.
//!
//! The file is JSON Lines, one [`Entry`] per URI, written whole after
//! the requests of a run that made any (a temporary file beside it,
//! renamed over it), so that it can be kept between CI runs with the CI's
//! cache (`actions/cache`). Lines that cannot be read are skipped (a
//! cache is never a reason to fail a run). Times are Unix seconds, given
//! by the caller (the clock is injected, for tests).
//!
//! The file is read and written through [`crate::state_file`] (H1, H2,
//! M8 and L7 of the 2026-11-29 review): never through a link, only a
//! regular file of at most [`crate::state_file::MAX_SIZE`] bytes that the
//! user owns, and only a file that is a cache (its first non-empty line
//! is an entry) or none; a path from a configuration file stays in that
//! file's directory.

use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{Hop, Outcome, Verdict};
use crate::state_file::{Identity, Location, Refused, StateError, StateFile, MAX_SIZE};

/// The default cache file of `--cache` given without a name.
pub const DEFAULT_FILE: &str = ".urilint-cache.jsonl";

/// When a cached answer is reused and when failures add up to gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CachePolicy {
    /// An alive URI checked less than this long ago is not requested
    /// again (`--max-cache-age`; lychee's default, 1 day).
    pub max_age: Duration,
    /// A URI unreachable (transient) on at least this many runs in a row...
    pub gone_runs: u32,
    /// ...and for at least this long since the first of them is reported
    /// gone (3 runs over 7 days by default).
    pub gone_after: Duration,
    /// Entries of URIs not seen for this long are dropped (30 days).
    pub forget_after: Duration,
}

impl Default for CachePolicy {
    fn default() -> Self {
        CachePolicy {
            max_age: Duration::from_secs(24 * 3600),
            gone_runs: 3,
            gone_after: Duration::from_secs(7 * 24 * 3600),
            forget_after: Duration::from_secs(30 * 24 * 3600),
        }
    }
}

/// What the cache knows of one URI: a line of the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The URI requested.
    pub uri: String,
    /// When it was last requested (Unix seconds).
    pub checked: u64,
    /// The verdict of that request (before any promotion).
    pub verdict: Verdict,
    /// The last status received, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// The redirects of that request.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redirects: Vec<Hop>,
    /// The page's ids, when they were read (`--remote-anchors`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ids: Option<Vec<String>>,
    /// Runs in a row whose verdict was not alive.
    #[serde(default)]
    pub failures: u32,
    /// The first of those runs (Unix seconds), while failing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failing_since: Option<u64>,
}

/// The cache of a run: loaded at the start, updated with every outcome,
/// saved at the end.
#[derive(Debug)]
pub struct Cache {
    file: StateFile,
    entries: HashMap<String, Entry>,
    /// Lines of the file that could not be read.
    skipped: usize,
    /// An outcome was recorded since it was loaded: there is something
    /// to save.
    changed: bool,
}

impl Cache {
    /// Reads the cache file `path` named on the command line
    /// ([`Location::command_line`]): [`Cache::open`].
    ///
    /// # Errors
    /// As [`Cache::open`].
    pub fn load(path: &Path) -> Result<Cache, StateError> {
        Cache::open(&Location::command_line(path))
    }

    /// Reads the cache at `loc` ([`StateFile::read`]); a missing file
    /// gives an empty cache, an unreadable line is skipped (counted in
    /// [`Cache::skipped`]).
    ///
    /// # Errors
    /// [`StateError::Refused`] when the file is not to be used (a link, a
    /// FIFO or device, over [`MAX_SIZE`], not the user's, or not a cache:
    /// its first non-empty line is not an entry, H1 of the 2026-11-29
    /// review); [`StateError::Io`] when its directory cannot be opened or
    /// it cannot be read. The run then goes on without a cache.
    pub fn open(loc: &Location) -> Result<Cache, StateError> {
        let mut file = StateFile::open(loc)?;
        let text = file.read(MAX_SIZE)?.unwrap_or_default();
        let mut entries = HashMap::new();
        let mut skipped = 0;
        let mut first = true;
        for line in text.split(|&b| b == b'\n') {
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            match serde_json::from_slice::<Entry>(line) {
                Ok(e) => {
                    entries.insert(e.uri.clone(), e);
                }
                Err(_) if first => {
                    return Err(StateError::Refused {
                        path: crate::error::DisplayPath(loc.path().to_path_buf()),
                        reason: Refused::Foreign {
                            what: "a urilint cache",
                        },
                    })
                }
                Err(_) => skipped += 1,
            }
            first = false;
        }
        Ok(Cache {
            file,
            entries,
            skipped,
            changed: false,
        })
    }

    /// The cache file's path, as named.
    pub fn file_path(&self) -> &Path {
        self.file.path()
    }

    /// The device and inode of the cache file, when there is one (a file
    /// the walk meets with them is not an input of the run).
    pub fn identity(&self) -> Option<Identity> {
        self.file.identity()
    }

    /// Lines of the file that could not be read.
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// The entry of `uri`, if any.
    pub fn entry(&self, uri: &str) -> Option<&Entry> {
        self.entries.get(uri)
    }

    /// The cached outcome of `uri` when it can stand for a request now
    /// (Unix seconds): alive, checked less than `policy.max_age` ago, and
    /// with the page's ids when `anchors` needs them. Never a failure.
    pub fn reuse(
        &self,
        uri: &str,
        now: u64,
        anchors: bool,
        policy: &CachePolicy,
    ) -> Option<Outcome> {
        let e = self.entries.get(uri)?;
        let fresh = now.saturating_sub(e.checked) < policy.max_age.as_secs() && e.checked <= now;
        if e.verdict != Verdict::Alive || !fresh || (anchors && e.ids.is_none()) {
            return None;
        }
        Some(Outcome {
            uri: e.uri.clone(),
            verdict: Verdict::Alive,
            status: e.status,
            redirects: e.redirects.clone(),
            requests: 0,
            elapsed: Duration::ZERO,
            ids: e.ids.clone(),
        })
    }

    /// Records the outcome `o` of a request made `now` (Unix seconds) and
    /// returns the verdict to report: `o`'s own, except that a transient
    /// failure that has lasted `policy.gone_runs` runs in a row over at
    /// least `policy.gone_after` becomes [`Verdict::Gone`], saying so.
    pub fn record(&mut self, o: &Outcome, now: u64, policy: &CachePolicy) -> Verdict {
        self.changed = true;
        let before = self.entries.get(&o.uri);
        let (failures, failing_since) = match (&o.verdict, before) {
            (Verdict::Alive | Verdict::Skipped { .. }, _) => (0, None),
            (_, Some(b)) if b.failures > 0 => {
                (b.failures.saturating_add(1), b.failing_since.or(Some(now)))
            }
            _ => (1, Some(now)),
        };
        self.entries.insert(
            o.uri.clone(),
            Entry {
                uri: o.uri.clone(),
                checked: now,
                verdict: o.verdict.clone(),
                status: o.status,
                redirects: o.redirects.clone(),
                ids: o.ids.clone(),
                failures,
                failing_since,
            },
        );
        match (&o.verdict, failing_since) {
            (Verdict::Transient { reason }, Some(since))
                if failures >= policy.gone_runs
                    && now.saturating_sub(since) >= policy.gone_after.as_secs() =>
            {
                Verdict::Gone {
                    reason: format!(
                        "unreachable on {failures} runs in a row over {} days (last: {reason})",
                        now.saturating_sub(since) / 86_400
                    ),
                }
            }
            (v, _) => v.clone(),
        }
    }

    /// Writes the cache back whole, without the entries not checked for
    /// `policy.forget_after` (before `now`, Unix seconds), sorted by URI,
    /// through [`StateFile::replace`] (a temporary file of an
    /// unpredictable name in the same directory, renamed over the file).
    /// Nothing is written when no outcome was recorded since the cache was
    /// loaded (no URI requested: nothing new to keep). Returns the
    /// identity of the file written, `None` when nothing was.
    ///
    /// # Errors
    /// [`StateError`] when the file cannot be written or changed during
    /// the run (the old one is left as it was).
    pub fn save(&self, now: u64, policy: &CachePolicy) -> Result<Option<Identity>, StateError> {
        if !self.changed {
            return Ok(None);
        }
        let mut kept: Vec<&Entry> = self
            .entries
            .values()
            .filter(|e| now.saturating_sub(e.checked) < policy.forget_after.as_secs())
            .collect();
        kept.sort_by(|a, b| a.uri.cmp(&b.uri));
        let mut text = Vec::new();
        for e in kept {
            // Serializing a plain struct into a Vec cannot fail.
            if serde_json::to_writer(&mut text, e).is_ok() {
                text.push(b'\n');
            }
        }
        self.file.replace(&text).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: u64 = 86_400;

    fn outcome(uri: &str, verdict: Verdict) -> Outcome {
        Outcome {
            uri: uri.to_owned(),
            verdict,
            status: Some(200),
            redirects: Vec::new(),
            requests: 1,
            elapsed: Duration::ZERO,
            ids: None,
        }
    }

    fn transient() -> Verdict {
        Verdict::Transient {
            reason: "timed out".into(),
        }
    }

    fn dir() -> tempfile::TempDir {
        tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn alive_is_reused_until_max_age_failures_never() {
        let d = dir();
        let path = d.path().join("c.jsonl");
        let p = CachePolicy::default();
        let mut c = Cache::load(&path).unwrap_or_else(|e| panic!("{e}"));
        c.record(&outcome("https://a.example/", Verdict::Alive), 1000, &p);
        c.record(&outcome("https://b.example/", transient()), 1000, &p);
        c.save(1000, &p).unwrap_or_else(|e| panic!("{e}"));
        let c = Cache::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let reused = c.reuse("https://a.example/", 1000 + DAY - 1, false, &p);
        assert_eq!(
            reused.map(|o| (o.verdict, o.requests)),
            Some((Verdict::Alive, 0))
        );
        assert!(c
            .reuse("https://a.example/", 1000 + DAY, false, &p)
            .is_none());
        assert!(c.reuse("https://b.example/", 1001, false, &p).is_none());
        // Needs ids for anchors: not kept, so asked again.
        assert!(c.reuse("https://a.example/", 1001, true, &p).is_none());
        // A clock that went back: not fresh.
        assert!(c.reuse("https://a.example/", 10, false, &p).is_none());
    }

    #[test]
    fn lasting_failures_become_gone() {
        let d = dir();
        let p = CachePolicy::default();
        let mut c = Cache::load(&d.path().join("c.jsonl")).unwrap_or_else(|e| panic!("{e}"));
        let u = "https://a.example/";
        assert_eq!(c.record(&outcome(u, transient()), 0, &p), transient());
        assert_eq!(c.record(&outcome(u, transient()), 3 * DAY, &p), transient());
        // Three runs, but only six days.
        assert_eq!(c.record(&outcome(u, transient()), 6 * DAY, &p), transient());
        let v = c.record(&outcome(u, transient()), 7 * DAY, &p);
        assert_eq!(v.class(), "gone");
        assert_eq!(
            v.reason(),
            "unreachable on 4 runs in a row over 7 days (last: timed out)"
        );
        // One success starts over.
        c.record(&outcome(u, Verdict::Alive), 8 * DAY, &p);
        assert_eq!(
            c.record(&outcome(u, transient()), 30 * DAY, &p),
            transient()
        );
        assert_eq!(c.entry(u).map(|e| e.failures), Some(1));
        // Blocked is never promoted.
        let b = Verdict::Blocked {
            reason: "403 Forbidden".into(),
        };
        let u2 = "https://b.example/";
        for day in [0, 5, 10, 15] {
            assert_eq!(c.record(&outcome(u2, b.clone()), day * DAY, &p), b);
        }
    }

    #[test]
    fn bad_lines_are_skipped_and_old_entries_forgotten() {
        let d = dir();
        let path = d.path().join("c.jsonl");
        let line = r#"{"uri":"https://a.example/","checked":5,"verdict":{"class":"alive"}}"#;
        std::fs::write(&path, format!("{line}\nnot json\n\n{{\"uri\":1}}\n"))
            .unwrap_or_else(|e| panic!("{e}"));
        let p = CachePolicy::default();
        let mut c = Cache::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.skipped(), 2);
        assert!(c.entry("https://a.example/").is_some());
        c.record(&outcome("https://b.example/", Verdict::Alive), 40 * DAY, &p);
        c.save(40 * DAY, &p).unwrap_or_else(|e| panic!("{e}"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(text.starts_with(r#"{"uri":"https://b.example/","checked":3456000,"verdict":{"class":"alive"},"status":200,"failures":0}"#), "{text}");
        // No temporary file left behind.
        assert_eq!(
            std::fs::read_dir(d.path()).map(|r| r.count()).unwrap_or(0),
            1
        );
    }

    #[test]
    fn a_file_that_is_not_a_cache_is_neither_read_nor_written() {
        let d = dir();
        let path = d.path().join("index.md");
        std::fs::write(&path, "# Doc\n\n{}\n").unwrap_or_else(|e| panic!("{e}"));
        match Cache::load(&path) {
            Err(StateError::Refused {
                reason: Refused::Foreign { .. },
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
        // An empty file is an empty cache.
        std::fs::write(&path, "\n\n").unwrap_or_else(|e| panic!("{e}"));
        assert!(Cache::load(&path).is_ok_and(|c| c.entry("x").is_none()));
    }

    #[test]
    fn nothing_is_written_when_no_uri_was_requested() {
        let d = dir();
        let path = d.path().join("c.jsonl");
        let p = CachePolicy::default();
        let c = Cache::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(c.save(1000, &p), Ok(None)));
        assert!(!path.exists());
        let mut c = Cache::load(&path).unwrap_or_else(|e| panic!("{e}"));
        c.record(&outcome("https://a.example/", Verdict::Alive), 1000, &p);
        let id = c.save(1000, &p).unwrap_or_else(|e| panic!("{e}"));
        let c = Cache::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(id, c.identity());
    }
}
