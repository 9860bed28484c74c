//! `--links remote`: the links collected are requested (through the cache
//! of earlier runs) before the inputs are checked, and the cache file is
//! never an input.

use std::io::{self};

use super::*;
use crate::error::Error;
use crate::output::Format;
use crate::pipeline::Outputs;
use crate::run::RunOptions;
use crate::sink::Notice;
use crate::source::Input;

/// The remote cache file: its path as named and its identity (device,
/// inode).
pub(super) type CacheFile = (std::path::PathBuf, crate::state_file::Identity);

/// True when `input` is the file `state` (its path and identity): the
/// file name is compared first, so that only a file of the same name is
/// `stat`ed.
pub(super) fn is_state_file(input: &Input, state: Option<&CacheFile>) -> bool {
    use std::os::unix::fs::MetadataExt;
    let (Some((path, id)), Input::File { path: p, .. }) = (state, input) else {
        return false;
    };
    p.file_name() == path.file_name()
        && std::fs::symlink_metadata(p).is_ok_and(|m| (m.dev(), m.ino()) == *id)
}

/// The cache of `remote`, or `None` (said on `err` as a warning) when it
/// cannot be used: the run goes on without it.
pub(super) fn open_cache(
    remote: &RemoteCheck,
    err: &mut (dyn io::Write + Send),
) -> Option<crate::remote::cache::Cache> {
    let loc = remote.cache.as_ref()?;
    match crate::remote::cache::Cache::open(loc) {
        Ok(c) => Some(c),
        Err(e) => {
            let _ = writeln!(
                err,
                "{}",
                Notice::CacheUnusable {
                    error: e.to_string()
                }
            );
            None
        }
    }
}

/// The first pass of `check --links remote`: lints the inputs as the
/// report does, printing nothing, while the linters note the `http` and
/// `https` URIs ([`crate::remote::RemoteLinks`]); then requests them
/// (or takes an alive answer from `--cache`), records the outcomes in the
/// cache, says what was found on `err` in one line, and hands the
/// outcomes to the linters for the second pass (a large input split as
/// `split` says, [`check_split`]). Returns the number of
/// URIs skipped (private addresses, reserved names), the cache file's
/// path and identity when there is one (not an input of the run), and
/// whether the run was offline ([`crate::remote::verdict::offline`], said
/// in one more line on `err`).
///
/// # Errors
/// [`Error::Remote`] when the requests cannot start (an unreadable
/// `--cacert`); the first pass's own errors ([`check`]'s). A cache that
/// cannot be used is a warning.
pub(super) fn request_links(
    opts: &RunOptions,
    ch: &CheckOptions,
    remote: &RemoteCheck,
    err: &mut (dyn io::Write + Send),
    split: crate::split::SplitOptions,
) -> Result<(u64, Option<CacheFile>, bool), Error> {
    use std::time::{Instant, SystemTime, UNIX_EPOCH};
    let mut cache = open_cache(remote, err);
    let state =
        |c: &crate::remote::cache::Cache| c.identity().map(|id| (c.file_path().to_path_buf(), id));
    collect_links(opts, ch, cache.as_ref().and_then(state), split)?;
    let uris = remote.links.collected();
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let policy = &remote.cache_policy;
    let (mut outcomes, ask, excluded) = reuse_cached(uris, cache.as_ref(), remote, now);
    let reused = outcomes.len();
    let started = Instant::now();
    // On a terminal, redrawn at most every 200 ms, from the first
    // verdict after 750 ms (as the scan's own indicator).
    let drawn: std::sync::Mutex<Option<Instant>> = std::sync::Mutex::new(None);
    let show = opts.progress;
    let progress = |tick: &crate::remote::ProgressTick<'_>| {
        if !show || started.elapsed() < std::time::Duration::from_millis(750) {
            return;
        }
        let mut last = drawn.lock().unwrap_or_else(|p| p.into_inner());
        if last.is_some_and(|t| t.elapsed() < std::time::Duration::from_millis(200)) {
            return;
        }
        *last = Some(Instant::now());
        // The snapshot only for a line drawn (M2 of the 2026-11-29 review).
        let p = tick.progress();
        eprint!("\r\x1b[2Kremote: {}\r", crate::remote::progress_line(&p));
    };
    let mut asked = crate::remote::check(&ask, &remote.options, &progress)
        .map_err(|e| Error::Remote(e.to_string()))?;
    let mapped: Vec<String> = remote
        .options
        .resolve
        .iter()
        .map(|r| r.host.clone())
        .collect();
    let names_resolved = crate::remote::verdict::doubt_unresolved(&mut asked, &mapped);
    let offline = crate::remote::verdict::offline(&asked)
        .then(|| crate::remote::verdict::offline_message(&asked));
    if drawn.lock().unwrap_or_else(|p| p.into_inner()).is_some() {
        eprint!("\r\x1b[2K");
    }
    for mut o in asked {
        // A run that resolved no host name says nothing of the links it
        // could not reach: their history is left as it was (else an
        // air-gapped runner would make every link gone in a week).
        if let Some(c) = cache
            .as_mut()
            .filter(|_| names_resolved || o.status.is_some())
        {
            o.verdict = c.record(&o, now, policy);
        }
        outcomes.push(o);
    }
    let mut saved = cache.as_ref().and_then(state);
    if let Some(c) = &cache {
        match c.save(now, policy) {
            Ok(Some(id)) => saved = Some((c.file_path().to_path_buf(), id)),
            Ok(None) => {}
            Err(e) => {
                let error = e.to_string();
                let _ = writeln!(err, "{}", Notice::CacheNotSaved { error });
            }
        }
    }
    let mut line = crate::remote::summary(&outcomes, reused, started.elapsed());
    if excluded > 0 {
        line.push_str(&format!("; {excluded} excluded ([links.remote] exclude)"));
    }
    let _ = writeln!(err, "{}", Notice::Remote { summary: line });
    if let Some(message) = offline.clone() {
        let _ = writeln!(err, "{}", Notice::RemoteOffline { message });
    }
    let skipped = outcomes
        .iter()
        .filter(|o| matches!(o.verdict, crate::remote::Verdict::Skipped { .. }))
        .count() as u64;
    remote.links.finish(outcomes);
    Ok((skipped, saved, offline.is_some()))
}

/// The first pass of `--links remote`: the inputs checked as a report
/// that prints nothing, so that every linter notes the `http` and
/// `https` URIs it sees in `ch`'s [`crate::remote::RemoteLinks`]; `state`
/// is the cache file, never an input; a large input is split as `split`
/// says.
///
/// # Errors
/// [`check`]'s.
fn collect_links(
    opts: &RunOptions,
    ch: &CheckOptions,
    state: Option<CacheFile>,
    split: crate::split::SplitOptions,
) -> Result<(), Error> {
    let first_opts = RunOptions {
        format: Format::Plain,
        progress: false,
        label: None,
        summary: false,
        ..opts.clone()
    };
    let first = CheckOptions {
        mode: FixMode::Report,
        links: None,
        built: None,
        since: None,
        show_fixes: false,
        remote: None,
        link_ignore: None,
        ..ch.clone()
    };
    let (mut nothing, mut quiet) = (io::sink(), io::sink());
    check_with(
        &first_opts,
        &first,
        Outputs {
            out: &mut nothing,
            err: &mut quiet,
        },
        state,
        split,
    )?;
    Ok(())
}

/// The collected `uris` less those `[links.remote]` `exclude` names,
/// split into the outcomes the cache still holds (alive, within its
/// policy) and the URIs to ask; with the number excluded.
fn reuse_cached(
    uris: Vec<String>,
    cache: Option<&crate::remote::cache::Cache>,
    remote: &RemoteCheck,
    now: u64,
) -> (Vec<crate::remote::Outcome>, Vec<String>, usize) {
    let policy = &remote.cache_policy;
    let mut outcomes = Vec::with_capacity(uris.len());
    let mut ask = Vec::new();
    let total = uris.len();
    let uris: Vec<String> = match &remote.exclude {
        Some(set) => uris.into_iter().filter(|u| !set.is_match(u)).collect(),
        None => uris,
    };
    let excluded = total - uris.len();
    for u in uris {
        match cache.and_then(|c| c.reuse(&u, now, remote.options.anchors, policy)) {
            Some(o) => outcomes.push(o),
            None => ask.push(u),
        }
    }
    (outcomes, ask, excluded)
}
