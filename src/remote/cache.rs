//! The history of each URI across runs (`check --links remote --cache
//! FILE`): when it was last checked, what it answered, and how long it has
//! been failing. A URI found alive is not requested again until it is
//! older than `max-age`; any other verdict is requested again on every
//! run (an error is never replayed as if fresh); a URI that stays
//! unreachable over several runs and days is promoted from transient to
//! gone.
//!
//! The file is JSON Lines, one [`Entry`] per URI, written whole at the
//! end of a run (a temporary file beside it, renamed over it), so that it
//! can be kept between CI runs with the CI's cache (`actions/cache`).
//! Lines that cannot be read are skipped (a cache is never a reason to
//! fail a run). Times are Unix seconds, given by the caller (the clock is
//! injected, for tests).

use std::collections::HashMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{Hop, Outcome, Verdict};

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

/// Why the cache file could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cache {}: {source}", path.display())]
pub struct CacheError {
    /// The cache file.
    pub path: PathBuf,
    /// What failed.
    #[source]
    pub source: std::io::Error,
}

/// The cache of a run: loaded at the start, updated with every outcome,
/// saved at the end.
#[derive(Debug)]
pub struct Cache {
    path: PathBuf,
    entries: HashMap<String, Entry>,
    /// Lines of the file that could not be read.
    skipped: usize,
}

impl Cache {
    /// Reads `path`; a missing file gives an empty cache, an unreadable
    /// line is skipped (counted in [`Cache::skipped`]).
    ///
    /// # Errors
    /// [`CacheError`] when the file exists but cannot be read.
    pub fn load(path: &Path) -> Result<Cache, CacheError> {
        let text = match std::fs::read(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(source) => {
                return Err(CacheError {
                    path: path.to_owned(),
                    source,
                })
            }
        };
        let mut entries = HashMap::new();
        let mut skipped = 0;
        for line in text.split(|&b| b == b'\n') {
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            match serde_json::from_slice::<Entry>(line) {
                Ok(e) => {
                    entries.insert(e.uri.clone(), e);
                }
                Err(_) => skipped += 1,
            }
        }
        Ok(Cache {
            path: path.to_owned(),
            entries,
            skipped,
        })
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
    /// `policy.forget_after` (before `now`, Unix seconds), sorted by URI:
    /// to a temporary file in the same directory, renamed over the file.
    ///
    /// # Errors
    /// [`CacheError`] when the file cannot be written (the old one is
    /// left as it was).
    pub fn save(&self, now: u64, policy: &CachePolicy) -> Result<(), CacheError> {
        let err = |source| CacheError {
            path: self.path.clone(),
            source,
        };
        let mut kept: Vec<&Entry> = self
            .entries
            .values()
            .filter(|e| now.saturating_sub(e.checked) < policy.forget_after.as_secs())
            .collect();
        kept.sort_by(|a, b| a.uri.cmp(&b.uri));
        let mut text = Vec::new();
        for e in kept {
            serde_json::to_writer(&mut text, e).map_err(|e| err(std::io::Error::other(e)))?;
            text.push(b'\n');
        }
        let dir = match self.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
            _ => PathBuf::from("."),
        };
        let name = self
            .path
            .file_name()
            .map_or_else(|| "cache".into(), |n| n.to_string_lossy().into_owned());
        let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        let written = std::fs::File::create(&tmp)
            .and_then(|mut f| f.write_all(&text).and_then(|()| f.sync_all()))
            .and_then(|()| std::fs::rename(&tmp, &self.path));
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(err(e));
        }
        Ok(())
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
        std::fs::write(&path, format!("not json\n{line}\n\n{{\"uri\":1}}\n"))
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
}
