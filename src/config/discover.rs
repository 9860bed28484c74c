//! Finding the configuration file from a directory upwards, and whether
//! a file found can be trusted ([`discover`], `untrusted`).

use std::path::{Path, PathBuf};

use super::FILE_NAMES;

/// `p` made absolute against the current directory, without `.`
/// components (not resolving symbolic links).
pub(super) fn absolute(p: &Path) -> PathBuf {
    let abs = if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(p)
    };
    abs.components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .collect()
}

/// The configuration file that applies in `dir`: the first of
/// [`FILE_NAMES`] found in `dir` or its ancestors, up to the root of the
/// repository `dir` is in (the directory holding `.git`) and no further.
/// A file is taken only when it can be trusted (as git's
/// `safe.directory` trusts a repository): owned by the user running
/// urilint, not writable by others, in a directory others cannot replace
/// it in. An untrusted file is passed over with a warning on standard
/// error (once per file; `--config` names a file explicitly) and the
/// search goes on above it.
pub fn discover(dir: &Path) -> Option<PathBuf> {
    for d in dir.ancestors() {
        match discover_in(d) {
            Found::File(p) => return Some(p),
            Found::Stop => return None,
            Found::Above => {}
        }
    }
    None
}

/// What [`discover`] finds in one directory.
enum Found {
    /// A trusted configuration file.
    File(PathBuf),
    /// None, and the directory is a repository's root: look no further.
    Stop,
    /// None: look in the parent.
    Above,
}

/// The repository `root` (a `[links] root` setting joined to the
/// directory `dir` of its configuration file) leads outside of, when it
/// does: the nearest directory at or above `dir` holding `.git`, else
/// `dir` (M6 of the 2026-11-29 review).
pub(super) fn links_root_outside(dir: &Path, root: &Path) -> Option<PathBuf> {
    let files = crate::site::files::Files::new();
    let dir = crate::site::lexically_clean(&absolute(dir));
    let bound = dir
        .ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(&dir);
    let bound = files
        .canonical(bound)
        .unwrap_or_else(|| bound.to_path_buf());
    let root = crate::site::lexically_clean(&absolute(root));
    files.reach(&dir, &root, &bound).is_none().then_some(bound)
}

/// [`discover`]'s look into the directory `d` alone.
fn discover_in(d: &Path) -> Found {
    for name in FILE_NAMES {
        let p = d.join(name);
        if !p.is_file() {
            continue;
        }
        match untrusted(&p) {
            None => return Found::File(p),
            Some(why) => warn_once(&p, &why),
        }
    }
    if d.join(".git").exists() {
        // The repository's root: a file above it is someone else's.
        return Found::Stop;
    }
    Found::Above
}

/// [`discover`] with the answer for every directory looked into kept in
/// `memo`: a tree's directories share their ancestors, each looked into
/// once per run. The memo is locked only to look up and to record, not
/// while a directory is looked into (the workers of a run share it).
pub(super) fn discover_memo(
    dir: &Path,
    memo: &std::sync::Mutex<std::collections::HashMap<PathBuf, Option<PathBuf>>>,
) -> Option<PathBuf> {
    let lock = || memo.lock().unwrap_or_else(|p| p.into_inner());
    let mut chain = Vec::new();
    let mut found = None;
    for d in dir.ancestors() {
        if let Some(known) = lock().get(d).cloned() {
            found = known;
            break;
        }
        chain.push(d.to_path_buf());
        match discover_in(d) {
            Found::File(p) => {
                found = Some(p);
                break;
            }
            Found::Stop => break,
            Found::Above => {}
        }
    }
    let mut memo = lock();
    for d in chain {
        memo.insert(d, found.clone());
    }
    found
}

/// Why the configuration file `path` is not to be obeyed, `None` when it
/// is: a file owned by another user than the one running urilint, a file
/// others may write, or one in a directory that others may write and that
/// is not sticky (where another user could replace it). M11 of the
/// 2026-11-26 review: a `urilint.toml` planted in a shared directory above
/// a project steered root's `check --fix` there. The same rule applies to
/// every other file a repository gives urilint to obey (site
/// configurations, the remote cache): the message completes "PATH:
/// ignored: ...".
pub(crate) fn untrusted(path: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let me = rustix::process::geteuid().as_raw();
    let meta = std::fs::metadata(path).ok()?;
    if meta.uid() != me {
        return Some(format!(
            "owned by user {}, not by you (user {me})",
            meta.uid()
        ));
    }
    if let Some(why) = crate::state_file::writable_by_others(meta.mode(), meta.gid()) {
        return Some(why);
    }
    let dir = path.parent()?;
    let dmeta = std::fs::metadata(if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    })
    .ok()?;
    let others_write = dmeta.mode() & 0o002 != 0;
    let sticky = dmeta.mode() & 0o1000 != 0;
    if others_write && !sticky {
        return Some("in a directory that other users may write".to_string());
    }
    None
}

/// Says once per file (on standard error) that a configuration file is
/// passed over, and why.
pub(crate) fn warn_once(path: &Path, why: &str) {
    static WARNED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    let mut warned = WARNED.lock().unwrap_or_else(|p| p.into_inner());
    if warned.iter().any(|w| w == path) {
        return;
    }
    warned.push(path.to_path_buf());
    eprintln!(
        "urilint: warning: {}: ignored: {why} (name it with --config to use it)",
        crate::output::escape::name(&path.to_string_lossy())
    );
}
