//! "Did you mean": the closest existing name to one a link names and
//! that is not there (an anchor of the page, a file beside it, a page of
//! the site), for the messages of `L001` and `L002`.
//!
//! This module owns choosing the closest candidate and when none is
//! close enough to offer, and listing a directory's names for it once a
//! run (`LocalLinks::closest_file`). It does not own finding the other
//! candidates (the anchors of a page, `crate::links::anchors`; the pages
//! of a site, `crate::site`).

use std::path::Path;
use std::sync::Arc;

/// The most candidates compared: past it, no suggestion (a page with
/// more anchors, a directory with more files, is not searched).
pub const MAX_CANDIDATES: usize = 20_000;

/// The most candidates a run compares for all its suggestions together
/// ([`Budget`]): past it, findings get no "did you mean". A site of
/// 20,000 pages with 20,000 broken links took 118 s without it.
pub const RUN_BUDGET: u64 = 4_000_000;

/// What is left of a run's comparisons ([`RUN_BUDGET`]), shared by its
/// workers.
#[derive(Debug)]
pub struct Budget(std::sync::atomic::AtomicU64);

impl Default for Budget {
    fn default() -> Budget {
        Budget(std::sync::atomic::AtomicU64::new(RUN_BUDGET))
    }
}

impl Budget {
    /// Takes `n` comparisons from the budget; false (and nothing taken)
    /// when fewer are left.
    pub fn take(&self, n: usize) -> bool {
        use std::sync::atomic::Ordering;
        let n = n as u64;
        self.0
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                left.checked_sub(n)
            })
            .is_ok()
    }

    /// True when nothing is left: no more "did you mean" this run.
    pub fn spent(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed) == 0
    }
}

/// The candidate of `candidates` closest to `wanted`, when one is close
/// enough to offer: the same but for case, `-`/`_`/`.`/space and
/// percent-encoding, or within an edit distance (Levenshtein, in
/// characters) of a third of the longer name's length (at least 1, at most
/// 4), the nearest first and, among equals, the first in byte order (so
/// that the answer does not depend on the candidates' order). `None` when
/// `wanted` is empty, nothing is close, or there are more than
/// [`MAX_CANDIDATES`].
pub fn closest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    use rapidfuzz::distance::levenshtein;
    if wanted.is_empty() {
        return None;
    }
    let folded: Vec<char> = fold(wanted).collect();
    let wanted_len = wanted.chars().count();
    let mut best: Option<(usize, &str)> = None;
    for (i, c) in candidates.into_iter().enumerate() {
        if i >= MAX_CANDIDATES {
            return None;
        }
        if c.is_empty() || c == wanted {
            continue;
        }
        // Lengths far apart can be neither a few edits nor the same but
        // for separators: passed over without the edit distance's work
        // (a site of many pages and many broken links).
        let len = c.chars().count();
        if len.abs_diff(wanted_len) > 4 && len.abs_diff(folded.len()) > 4 {
            continue;
        }
        let d = if fold(c).eq(folded.iter().copied()) {
            0
        } else {
            // At most the distance worth offering: `None` past it, found
            // without computing the rest.
            let most = (wanted_len.max(len) / 3).clamp(1, 4);
            let args = levenshtein::Args::default().score_cutoff(most);
            match levenshtein::distance_with_args(wanted.chars(), c.chars(), &args) {
                Some(d) => d,
                None => continue,
            }
        };
        if best.is_none_or(|(b, bc)| d < b || (d == b && c < bc)) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// The characters of `s` lowercased, without the separators renderers
/// differ on (compared without being collected).
fn fold(s: &str) -> impl Iterator<Item = char> + '_ {
    s.chars()
        .filter(|c| !matches!(c, '-' | '_' | '.' | ' ' | '%'))
        .flat_map(char::to_lowercase)
}

impl super::LocalLinks {
    /// The name of the file beside `missing` (in its directory, when that
    /// is there) closest to its name ([`suggest::closest`]), for "did you
    /// mean".
    pub(super) fn closest_file(&self, missing: &Path) -> Option<String> {
        let name = missing.file_name()?.to_str()?;
        let dir = missing.parent()?;
        if self.budget.spent() {
            return None;
        }
        let known = self
            .listings
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(dir)
            .cloned();
        let names = match known {
            Some(names) => names,
            None => {
                // Read once per directory and run: a directory with many
                // entries and many broken links to it was read again for
                // each (1,600 entries and 8,000 links: 4.5 s).
                let names: Arc<Vec<String>> = Arc::new(
                    std::fs::read_dir(dir)
                        .ok()?
                        .take(MAX_CANDIDATES)
                        .filter_map(|e| {
                            // A symbolic link is not offered: where it
                            // leads may lie outside the tree, of which
                            // nothing is told (M6).
                            let e = e.ok()?;
                            if e.file_type().ok()?.is_symlink() {
                                return None;
                            }
                            e.file_name().into_string().ok()
                        })
                        .collect(),
                );
                self.listings
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .entry(dir.to_path_buf())
                    .or_insert(names)
                    .clone()
            }
        };
        if !self.budget.take(names.len()) {
            return None;
        }
        closest(name, names.iter().map(String::as_str)).map(str::to_string)
    }
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn the_nearest_or_nothing() {
        // Renamed sections, from real findings (encode/httpx's
        // `#asgitransport` for the heading "ASGI Transport", redux's
        // `#getState` for `getstate`).
        assert_eq!(
            closest("asgitransport", ["asgi-transport", "wsgi-transport"]),
            Some("asgi-transport")
        );
        assert_eq!(
            closest("getState", ["getstate", "dispatch"]),
            Some("getstate")
        );
        assert_eq!(
            closest("instalation", ["installation", "usage"]),
            Some("installation")
        );
        // Nothing close: nothing offered.
        assert_eq!(closest("routing", ["installation", "usage"]), None);
        assert_eq!(closest("", ["a"]), None);
        // A one-letter name is not offered for another one-letter name
        // two edits away.
        assert_eq!(closest("ab", ["cd"]), None);
    }

    /// The run's comparisons are bounded: once taken, none is left, and
    /// a request larger than what is left takes nothing.
    #[test]
    fn the_budget_runs_out() {
        let b = super::Budget::default();
        assert!(b.take(super::RUN_BUDGET as usize - 10));
        assert!(!b.take(11));
        assert!(b.take(10));
        assert!(!b.take(1));
    }

    #[test]
    fn too_many_candidates() {
        let many: Vec<String> = (0..super::MAX_CANDIDATES + 1)
            .map(|i| format!("x{i}"))
            .collect();
        assert_eq!(closest("x1y", many.iter().map(String::as_str)), None);
    }
}
