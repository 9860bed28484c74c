//! What changed in a git repository since a revision: the lines added or
//! changed in each file of the working tree, and the files renamed or
//! deleted (`check --since REF`).
//!
//! This module owns asking git (a `git` subprocess, in the repository of
//! each path checked) and reading its answer into data ([`Changes`] for
//! one repository, [`Since`] for a run's paths), and the filter a run
//! applies with it: a finding is kept when it is on a line added or
//! changed since the revision ([`FileChanges::touches`]), or when it is a
//! link to a file renamed or deleted since the revision
//! ([`Since::moved_target`]), wherever the link is. It does not own the
//! findings (the `run` module asks) nor the links (`crate::links`).
//!
//! What git is asked, in the repository's top-level directory, against the
//! commit the revision names (`git rev-parse --verify REF^{commit}`):
//!
//! - `git diff --no-ext-diff --no-textconv -U0 -M COMMIT --`: the hunks of
//!   the working tree (staged and unstaged changes) against the commit;
//!   the new side of each hunk (`+c,d`) is lines `c` to `c + d - 1`
//!   (1-based; lines end at LF);
//! - `git diff --name-status -z -M COMMIT --`: the files added, changed,
//!   renamed (`R`: old and new name) and deleted;
//! - `git ls-files -z --others --exclude-standard`: untracked files, which
//!   are new as a whole.
//!
//! A rename is seen when the new name is known to git (`git mv`, or `git
//! add` of the new file); a file moved by hand and not yet added is, to
//! git, a deletion and an untracked file.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

use crate::error::DisplayPath;

/// Why the changes since a revision could not be had.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SinceError {
    /// `git` could not be started (not installed, not on `PATH`).
    #[error("git could not be run: {0}")]
    GitMissing(#[source] std::io::Error),
    /// The path is not in a git repository (`git rev-parse
    /// --show-toplevel` failed there).
    #[error("{path}: not in a git repository")]
    NotARepository {
        /// The path checked.
        path: DisplayPath,
    },
    /// The revision names no commit of the repository.
    #[error("unknown revision '{rev}' in the git repository {root}")]
    UnknownRevision {
        /// The revision as given.
        rev: String,
        /// The repository's top-level directory.
        root: DisplayPath,
    },
    /// A git command failed, or its output could not be read.
    #[error("`git {command}` failed in {root}: {message}")]
    Git {
        /// The git subcommand and its arguments, as run.
        command: String,
        /// The repository's top-level directory.
        root: DisplayPath,
        /// Git's own message (its standard error), or what was wrong
        /// with its output.
        message: String,
    },
}

/// The lines of one file that are new since the revision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChangedLines {
    /// Every line: a file added since the revision, or untracked.
    All,
    /// These 1-based, inclusive line ranges, sorted and not overlapping
    /// (empty: a file renamed or changed in its mode only).
    Ranges(Vec<(u64, u64)>),
}

impl ChangedLines {
    /// True when a line of `first..=last` (1-based) is new.
    pub fn touches(&self, first: u64, last: u64) -> bool {
        match self {
            ChangedLines::All => true,
            ChangedLines::Ranges(ranges) => {
                let last = last.max(first);
                // The first range that does not end before `first`.
                let i = ranges.partition_point(|&(_, end)| end < first);
                ranges.get(i).is_some_and(|&(start, _)| start <= last)
            }
        }
    }
}

/// Where a file that was at a path at the revision went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moved {
    /// Renamed (or, for a directory, its files moved) to this path,
    /// absolute.
    Renamed {
        /// The new path, absolute.
        to: PathBuf,
    },
    /// Deleted (for a directory: files of it deleted or moved elsewhere).
    Deleted,
}

impl Moved {
    /// What a message says of it: `renamed to docs/new.md since main`
    /// (the new path relative to the working directory when it is under
    /// it) or `deleted since main`.
    pub fn describe(&self, rev: &str) -> String {
        match self {
            Moved::Renamed { to } => {
                let cwd = std::env::current_dir()
                    .ok()
                    .and_then(|c| std::fs::canonicalize(c).ok())
                    .unwrap_or_default();
                let shown = to.strip_prefix(&cwd).unwrap_or(to);
                format!(
                    "renamed to {} since {rev}",
                    crate::output::escape::name(&shown.to_string_lossy())
                )
            }
            Moved::Deleted => format!("deleted since {rev}"),
        }
    }
}

/// What changed in one repository since a revision; paths are relative
/// to the repository's top-level directory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// The repository's top-level directory, absolute, symbolic links
    /// resolved (as `git rev-parse --show-toplevel` gives it).
    pub root: PathBuf,
    /// The new lines of each file added, changed, renamed or untracked.
    files: HashMap<PathBuf, ChangedLines>,
    /// New path → old path, of the files renamed.
    renamed_from: HashMap<PathBuf, PathBuf>,
    /// Old path → where it went, of the files renamed or deleted.
    moved: HashMap<PathBuf, Option<PathBuf>>,
    /// A file lost or had replaced lines since the revision (a hunk with
    /// old lines): an anchor made by one may be gone.
    lost_lines: bool,
    /// The commit the revision names (`git rev-parse --verify`; empty
    /// when the changes were parsed, not asked for).
    commit: String,
}

impl Changes {
    /// Asks git what changed in the repository holding `dir` since `rev`.
    ///
    /// # Errors
    /// [`SinceError::GitMissing`] when git cannot be run,
    /// [`SinceError::NotARepository`] when `dir` is in no repository,
    /// [`SinceError::UnknownRevision`] when `rev` names no commit there
    /// (or starts with `-`), [`SinceError::Git`] when a git command fails.
    pub fn of_repository(dir: &Path, rev: &str) -> Result<Changes, SinceError> {
        let top = Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(["rev-parse", "--show-toplevel"])
            .output()
            .map_err(SinceError::GitMissing)?;
        let not_repo = || SinceError::NotARepository {
            path: DisplayPath(dir.to_path_buf()),
        };
        if !top.status.success() {
            return Err(not_repo());
        }
        let mut top = top.stdout;
        while top.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
            top.pop();
        }
        if top.is_empty() {
            // A bare repository, or inside `.git`: no working tree.
            return Err(not_repo());
        }
        let root = path_from_bytes(top);
        let root = std::fs::canonicalize(&root).unwrap_or(root);
        let unknown = || SinceError::UnknownRevision {
            rev: rev.to_string(),
            root: DisplayPath(root.clone()),
        };
        if rev.is_empty() || rev.starts_with('-') {
            return Err(unknown());
        }
        let verify = git_output(
            &root,
            &[
                "rev-parse",
                "--verify",
                "--quiet",
                "--end-of-options",
                &format!("{rev}^{{commit}}"),
            ],
        )?;
        if !verify.status.success() {
            return Err(unknown());
        }
        let commit = String::from_utf8_lossy(&verify.stdout).trim().to_string();
        let diff = git(
            &root,
            &[
                "diff",
                "--no-ext-diff",
                "--no-textconv",
                "--no-color",
                "--no-relative",
                "--src-prefix=a/",
                "--dst-prefix=b/",
                "-U0",
                "-M",
                &commit,
                "--",
            ],
        )?;
        let status = git(
            &root,
            &[
                "diff",
                "--no-ext-diff",
                "--no-relative",
                "--name-status",
                "-z",
                "-M",
                &commit,
                "--",
            ],
        )?;
        let untracked = git(&root, &["ls-files", "-z", "--others", "--exclude-standard"])?;
        let mut changes =
            Changes::parse(&diff, &status, &untracked).map_err(|message| SinceError::Git {
                command: "diff".to_string(),
                root: DisplayPath(root.clone()),
                message,
            })?;
        changes.root = root;
        changes.commit = commit;
        Ok(changes)
    }

    /// Changes from git's output: `diff` of `git diff -U0 -M`
    /// (`a/`/`b/` prefixes, names quoted as `core.quotePath` quotes them),
    /// `name_status` of `git diff --name-status -z -M`, `untracked` of
    /// `git ls-files -z --others`. The root is left empty.
    ///
    /// # Errors
    /// A description of the first line of `diff` or entry of
    /// `name_status` that is not of git's form.
    pub fn parse(diff: &[u8], name_status: &[u8], untracked: &[u8]) -> Result<Changes, String> {
        let mut changes = Changes {
            lost_lines: loses_lines(diff),
            ..Changes::default()
        };
        for (path, ranges) in parse_diff(diff)? {
            changes.files.insert(path, ChangedLines::Ranges(ranges));
        }
        let mut fields = name_status.split(|b| *b == 0).filter(|f| !f.is_empty());
        while let Some(status) = fields.next() {
            let kind = status.first().copied().unwrap_or(b'?');
            let mut path = || {
                fields
                    .next()
                    .map(|p| path_from_bytes(p.to_vec()))
                    .ok_or_else(|| {
                        format!(
                            "a name-status entry '{}' without its path",
                            String::from_utf8_lossy(status)
                        )
                    })
            };
            match kind {
                b'R' | b'C' => {
                    let (old, new) = (path()?, path()?);
                    changes
                        .files
                        .entry(new.clone())
                        .or_insert(ChangedLines::Ranges(Vec::new()));
                    if kind == b'R' {
                        changes.renamed_from.insert(new.clone(), old.clone());
                        changes.moved.insert(old, Some(new));
                    }
                }
                b'D' => {
                    let old = path()?;
                    changes.files.remove(&old);
                    changes.moved.insert(old, None);
                }
                b'A' | b'U' => {
                    changes.files.insert(path()?, ChangedLines::All);
                }
                b'M' | b'T' | b'X' => {
                    changes
                        .files
                        .entry(path()?)
                        .or_insert(ChangedLines::Ranges(Vec::new()));
                }
                _ => {
                    return Err(format!(
                        "unknown name-status '{}'",
                        String::from_utf8_lossy(status)
                    ))
                }
            }
        }
        for name in untracked.split(|b| *b == 0).filter(|n| !n.is_empty()) {
            changes
                .files
                .insert(path_from_bytes(name.to_vec()), ChangedLines::All);
        }
        Ok(changes)
    }

    /// The new lines of `rel` (a path relative to the root): `None` when
    /// the file is unchanged since the revision.
    pub fn lines(&self, rel: &Path) -> Option<&ChangedLines> {
        self.files.get(rel)
    }

    /// The path `rel` (relative to the root) had at the revision, when it
    /// was renamed since.
    pub fn renamed_from(&self, rel: &Path) -> Option<&Path> {
        self.renamed_from.get(rel).map(PathBuf::as_path)
    }

    /// True when a file was renamed or deleted since the revision.
    pub fn has_moves(&self) -> bool {
        !self.moved.is_empty()
    }

    /// True when a file was renamed or deleted, or lines of a file were
    /// removed or replaced, since the revision: links anywhere may lead
    /// to a page or an anchor no longer there.
    pub fn may_break_links(&self) -> bool {
        self.has_moves() || self.lost_lines
    }

    /// The bytes the file now at `rel` (relative to the root) had at the
    /// revision, at its path then (before a rename), as git stores them
    /// (`git cat-file blob COMMIT:PATH`, no filter or conversion).
    /// `Ok(None)` when the file is unchanged since (its text is the
    /// working tree's), new since (added or untracked), larger than
    /// `max` bytes, or the changes were not asked of git.
    ///
    /// # Errors
    /// [`SinceError::GitMissing`] when git cannot be run,
    /// [`SinceError::Git`] when it fails.
    pub fn text_at_revision(&self, rel: &Path, max: u64) -> Result<Option<Vec<u8>>, SinceError> {
        if self.commit.is_empty() || !matches!(self.lines(rel), Some(ChangedLines::Ranges(_))) {
            return Ok(None);
        }
        let old = self.renamed_from(rel).unwrap_or(rel);
        let Some(old) = old.to_str() else {
            // Git's `REV:PATH` takes a path as text.
            return Ok(None);
        };
        let object = format!("{}:{old}", self.commit);
        let size = git(&self.root, &["cat-file", "-s", &object])?;
        let size: u64 = String::from_utf8_lossy(&size)
            .trim()
            .parse()
            .unwrap_or(u64::MAX);
        if size > max {
            return Ok(None);
        }
        git(&self.root, &["cat-file", "blob", &object]).map(Some)
    }

    /// Where what was at `rel` (relative to the root) at the revision
    /// went: a file renamed or deleted; for a directory, `Renamed` when
    /// one of its files moved to the same name under another directory
    /// (`old/a.md` to `new/a.md`: to `new`), else `Deleted` when files of
    /// it were renamed or deleted. `None` when nothing at `rel` moved.
    pub fn moved(&self, rel: &Path) -> Option<Moved> {
        if let Some(to) = self.moved.get(rel) {
            return Some(match to {
                Some(new) => Moved::Renamed {
                    to: self.root.join(new),
                },
                None => Moved::Deleted,
            });
        }
        let mut under = self
            .moved
            .iter()
            .filter_map(|(old, to)| old.strip_prefix(rel).ok().map(|rest| (rest, to)))
            .filter(|(rest, _)| !rest.as_os_str().is_empty())
            .peekable();
        under.peek()?;
        let mut renamed_dirs: Vec<PathBuf> = under
            .filter_map(|(rest, to)| {
                let new = to.as_ref()?;
                let mut dir = new.as_path();
                for _ in rest.components() {
                    dir = dir.parent()?;
                }
                (dir.join(rest) == *new).then(|| dir.to_path_buf())
            })
            .collect();
        renamed_dirs.sort();
        renamed_dirs.dedup();
        Some(match renamed_dirs.as_slice() {
            [one] => Moved::Renamed {
                to: self.root.join(one),
            },
            _ => Moved::Deleted,
        })
    }

    /// `path` relative to the root, when it is under it: made absolute
    /// against the working directory, without `.` and `..` components,
    /// its deepest existing directory's symbolic links resolved (so that
    /// a path that no longer exists is placed too).
    pub fn relative(&self, path: &Path) -> Option<PathBuf> {
        real_path(path)
            .strip_prefix(&self.root)
            .ok()
            .map(Path::to_path_buf)
    }
}

/// The changes of the repositories of a run's paths since one revision.
#[derive(Clone, Debug, Default)]
pub struct Since {
    /// The revision as given (`main`, `HEAD~3`, a commit).
    pub rev: String,
    /// The repositories, each once.
    pub repositories: Vec<Changes>,
    /// The texts of files at the revision read so far
    /// ([`Since::text_at_revision`]), by absolute path.
    old_texts: std::sync::Arc<std::sync::Mutex<OldTexts>>,
}

/// Files' texts at the revision, by absolute path (`None`: none to read).
type OldTexts = HashMap<PathBuf, Option<std::sync::Arc<Vec<u8>>>>;

/// What a file's findings are filtered with ([`Since::file`]).
#[derive(Clone, Copy, Debug)]
pub struct FileChanges<'a> {
    /// The file's new lines; `None`: unchanged (or in no repository of
    /// the run).
    pub lines: Option<&'a ChangedLines>,
    /// The file was renamed from another directory since the revision:
    /// its relative links now start from elsewhere.
    pub moved_directory: bool,
}

impl FileChanges<'_> {
    /// True when a line of `first..=last` (1-based) is new.
    pub fn touches(&self, first: u64, last: u64) -> bool {
        self.lines.is_some_and(|l| l.touches(first, last))
    }

    /// True when the file has new lines, or moved to another directory.
    pub fn changed(&self) -> bool {
        self.moved_directory
            || self
                .lines
                .is_some_and(|l| !matches!(l, ChangedLines::Ranges(r) if r.is_empty()))
    }
}

impl Since {
    /// The changes since `rev` of the repositories of `paths` (a
    /// directory's own repository, a file's directory's; paths that do
    /// not exist are left to the walk to report; no paths: the working
    /// directory's), each repository asked once.
    ///
    /// # Errors
    /// As [`Changes::of_repository`], for the first path that fails.
    pub fn load(rev: &str, paths: &[PathBuf]) -> Result<Since, SinceError> {
        let mut dirs: Vec<PathBuf> = paths
            .iter()
            .filter(|p| p.exists())
            .map(|p| {
                if p.is_dir() {
                    p.clone()
                } else {
                    match p.parent() {
                        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                        _ => PathBuf::from("."),
                    }
                }
            })
            .collect();
        if paths.is_empty() {
            dirs.push(PathBuf::from("."));
        }
        let mut repositories: Vec<Changes> = Vec::new();
        for dir in dirs {
            let real = real_path(&dir);
            if repositories.iter().any(|r| real.starts_with(&r.root)) {
                continue;
            }
            let changes = Changes::of_repository(&dir, rev)?;
            if !repositories.iter().any(|r| r.root == changes.root) {
                repositories.push(changes);
            }
        }
        Ok(Since {
            rev: rev.to_string(),
            repositories,
            old_texts: Default::default(),
        })
    }

    /// The repository holding `path` and the path relative to its root.
    fn locate(&self, path: &Path) -> Option<(&Changes, PathBuf)> {
        let real = real_path(path);
        self.repositories
            .iter()
            .filter(|r| real.starts_with(&r.root))
            .max_by_key(|r| r.root.components().count())
            .and_then(|r| Some((r, real.strip_prefix(&r.root).ok()?.to_path_buf())))
    }

    /// What the findings of the file `path` are filtered with.
    pub fn file(&self, path: &Path) -> FileChanges<'_> {
        match self.locate(path) {
            None => FileChanges {
                lines: None,
                moved_directory: false,
            },
            Some((repo, rel)) => FileChanges {
                lines: repo.lines(&rel),
                moved_directory: repo
                    .renamed_from(&rel)
                    .is_some_and(|old| old.parent() != rel.parent()),
            },
        }
    }

    /// True when a file or directory of a repository was renamed or
    /// deleted since the revision (links anywhere may be broken by it).
    pub fn has_moves(&self) -> bool {
        self.repositories.iter().any(Changes::has_moves)
    }

    /// True when links anywhere may be broken by what changed since the
    /// revision ([`Changes::may_break_links`]: a file renamed or deleted,
    /// lines removed or replaced, which may have made a heading's id).
    pub fn may_break_links(&self) -> bool {
        self.repositories.iter().any(Changes::may_break_links)
    }

    /// The bytes of the file `path` (a path as a link resolves it:
    /// relative to the working directory, or absolute) at the revision,
    /// as [`Changes::text_at_revision`] gives them, at most `max` bytes;
    /// read once per run. `None` when it is in no repository of the run,
    /// unchanged or new since the revision, too large, or git failed.
    pub fn text_at_revision(&self, path: &Path, max: u64) -> Option<std::sync::Arc<Vec<u8>>> {
        let (repo, rel) = self.locate(path)?;
        let key = repo.root.join(&rel);
        let mut cache = self.old_texts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(known) = cache.get(&key) {
            return known.clone();
        }
        let text = repo
            .text_at_revision(&rel, max)
            .ok()
            .flatten()
            .map(std::sync::Arc::new);
        cache.insert(key, text.clone());
        text
    }

    /// The files added, changed, renamed or untracked since the revision
    /// in the repositories of the run, as absolute paths (each
    /// repository's top-level directory joined to the file's path), in
    /// no order.
    pub fn changed_files(&self) -> Vec<PathBuf> {
        self.repositories
            .iter()
            .flat_map(|r| r.files.keys().map(|rel| r.root.join(rel)))
            .collect()
    }

    /// Where the link target `target` (a path that does not exist, as a
    /// link resolves it: relative to the working directory, or absolute)
    /// went since the revision ([`Changes::moved`]); `None` when it was
    /// not renamed or deleted since (it may never have existed).
    pub fn moved_target(&self, target: &Path) -> Option<Moved> {
        let (repo, rel) = self.locate(target)?;
        repo.moved(&rel)
    }
}

/// Runs `git ARGS` in `root`, with names quoted as `core.quotePath`
/// quotes them (whatever the user's configuration).
fn git_output(root: &Path, args: &[&str]) -> Result<std::process::Output, SinceError> {
    Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["-c", "core.quotePath=true"])
        .args(args)
        .output()
        .map_err(SinceError::GitMissing)
}

/// The standard output of `git ARGS` in `root`.
fn git(root: &Path, args: &[&str]) -> Result<Vec<u8>, SinceError> {
    let out = git_output(root, args)?;
    if !out.status.success() {
        return Err(SinceError::Git {
            command: args.join(" "),
            root: DisplayPath(root.to_path_buf()),
            message: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        });
    }
    Ok(out.stdout)
}

/// A file's new path and its new lines (1-based, inclusive ranges).
type FileHunks = (PathBuf, Vec<(u64, u64)>);

/// The new-side line ranges of each file in the `-U0` patch `diff`, by
/// new path (files deleted are left out; a hunk that only removes lines
/// adds no range).
fn parse_diff(diff: &[u8]) -> Result<Vec<FileHunks>, String> {
    let mut out: Vec<FileHunks> = Vec::new();
    let mut current: Option<usize> = None;
    // Lines of the hunk body still to skip: (old, new).
    let mut body = (0u64, 0u64);
    for line in diff.split(|b| *b == b'\n') {
        if body != (0, 0) {
            match line.first() {
                Some(b'-') if body.0 > 0 => body.0 -= 1,
                Some(b'+') if body.1 > 0 => body.1 -= 1,
                // "\ No newline at end of file".
                Some(b'\\') => {}
                _ => {
                    return Err(format!(
                        "a hunk shorter than its header says, at '{}'",
                        String::from_utf8_lossy(line)
                    ))
                }
            }
            continue;
        }
        if line.starts_with(b"diff ") {
            current = None;
        } else if let Some(name) = line.strip_prefix(b"+++ ") {
            current = match new_name(name)? {
                None => None,
                Some(path) => {
                    out.push((path, Vec::new()));
                    Some(out.len() - 1)
                }
            };
        } else if let Some(header) = line.strip_prefix(b"@@ ") {
            let (old, new_start, new_len) = hunk_header(header).ok_or_else(|| {
                format!("a bad hunk header '@@ {}'", String::from_utf8_lossy(header))
            })?;
            body = (old, new_len);
            if let (Some(i), true) = (current, new_len > 0) {
                out[i].1.push((new_start, new_start + new_len - 1));
            }
        }
    }
    Ok(out)
}

/// True when a hunk of the `-U0` patch `diff` removes or replaces lines
/// (its header's old count, `-a,b`, is not 0).
fn loses_lines(diff: &[u8]) -> bool {
    diff.split(|b| *b == b'\n')
        .filter_map(|l| l.strip_prefix(b"@@ "))
        .any(|h| hunk_header(h).is_some_and(|(old, _, _)| old > 0))
}

/// The path of a `+++ ` line's name (`b/x`, `"b/\303\251"`, `/dev/null`:
/// `None`).
fn new_name(name: &[u8]) -> Result<Option<PathBuf>, String> {
    let bytes = if name.first() == Some(&b'"') {
        unquote(name)
            .ok_or_else(|| format!("a badly quoted name {}", String::from_utf8_lossy(name)))?
    } else {
        // Git ends a name holding a space with a TAB.
        name.strip_suffix(b"\t").unwrap_or(name).to_vec()
    };
    if bytes == b"/dev/null" {
        return Ok(None);
    }
    match bytes.strip_prefix(b"b/") {
        Some(rest) => Ok(Some(path_from_bytes(rest.to_vec()))),
        None => Err(format!(
            "a new file name without its b/ prefix: {}",
            String::from_utf8_lossy(&bytes)
        )),
    }
}

/// A name quoted as git quotes one (C style: `\"`, `\\`, `\t`, `\n`, ...
/// and `\ooo` octal bytes), without its quotes; `None` when it is not.
fn unquote(q: &[u8]) -> Option<Vec<u8>> {
    let inner = q.strip_prefix(b"\"")?.strip_suffix(b"\"")?;
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        let b = inner[i];
        i += 1;
        if b != b'\\' {
            out.push(b);
            continue;
        }
        let e = *inner.get(i)?;
        i += 1;
        out.push(match e {
            b'a' => 0x07,
            b'b' => 0x08,
            b't' => b'\t',
            b'n' => b'\n',
            b'v' => 0x0b,
            b'f' => 0x0c,
            b'r' => b'\r',
            b'"' | b'\\' => e,
            b'0'..=b'3' => {
                let d = |c: Option<&u8>| c.filter(|c| (b'0'..=b'7').contains(c)).map(|c| c - b'0');
                let (d2, d3) = (d(inner.get(i))?, d(inner.get(i + 1))?);
                i += 2;
                (e - b'0') * 64 + d2 * 8 + d3
            }
            _ => return None,
        });
    }
    Some(out)
}

/// `-a[,b] +c[,d] @@...` of a hunk header: (`b`, `c`, `d`), a count that
/// is left out being 1.
fn hunk_header(h: &[u8]) -> Option<(u64, u64, u64)> {
    let h = std::str::from_utf8(h.get(..h.windows(3).position(|w| w == b" @@")?)?).ok()?;
    let (old, new) = h.split_once(' ')?;
    let range = |r: &str, sign: char| -> Option<(u64, u64)> {
        let r = r.strip_prefix(sign)?;
        Some(match r.split_once(',') {
            Some((s, n)) => (s.parse().ok()?, n.parse().ok()?),
            None => (r.parse().ok()?, 1),
        })
    };
    let (_, old_len) = range(old, '-')?;
    let (start, len) = range(new, '+')?;
    Some((old_len, start, len))
}

/// A path from the bytes git printed (any bytes on Unix).
fn path_from_bytes(bytes: Vec<u8>) -> PathBuf {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        PathBuf::from(OsString::from_vec(bytes))
    }
    #[cfg(not(unix))]
    {
        PathBuf::from(OsString::from(String::from_utf8_lossy(&bytes).into_owned()))
    }
}

/// `path` made absolute against the working directory, `.` and `..`
/// taken out lexically, and its deepest existing ancestor's symbolic
/// links resolved (the rest, which does not exist, appended).
fn real_path(path: &Path) -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_default();
    let mut abs = PathBuf::new();
    for c in cwd.join(path).components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                abs.pop();
            }
            c => abs.push(c),
        }
    }
    let mut rest: Vec<OsString> = Vec::new();
    let mut at = abs.as_path();
    loop {
        if let Ok(real) = std::fs::canonicalize(at) {
            return rest.iter().rev().fold(real, |p, c| p.join(c));
        }
        match (at.parent(), at.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                at = parent;
            }
            _ => return abs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hunks_give_the_new_lines() {
        let diff = b"diff --git a/a.md b/a.md\nindex 1..2 100644\n--- a/a.md\n+++ b/a.md\n\
@@ -3 +3 @@ x\n-old\n+new\n@@ -10,0 +11,2 @@\n++++ added, looks like a header\n+--- and another\n\
@@ -20,2 +21,0 @@\n-gone\n-gone\n\
diff --git a/with space.md b/with space.md\n--- a/with space.md\t\n+++ b/with space.md\t\n@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n\
diff --git \"a/caf\\303\\251.md\" \"b/caf\\303\\251.md\"\n--- \"a/caf\\303\\251.md\"\n+++ \"b/caf\\303\\251.md\"\n@@ -0,0 +1,3 @@\n+x\n+y\n+z\n\
diff --git a/gone.md b/gone.md\ndeleted file mode 100644\n--- a/gone.md\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n";
        let files = parse_diff(diff).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            files,
            vec![
                (PathBuf::from("a.md"), vec![(3, 3), (11, 12)]),
                (PathBuf::from("with space.md"), vec![(1, 1)]),
                (PathBuf::from("café.md"), vec![(1, 3)]),
            ]
        );
        assert!(parse_diff(b"+++ b/x\n@@ -1 +1,2 @@\n+a\n@@ -5 +6 @@\n").is_err());
    }

    #[test]
    fn quoted_names_are_bytes() {
        assert_eq!(
            unquote(br#""b/a\"q\\\t\377x""#),
            Some(b"b/a\"q\\\t\xffx".to_vec())
        );
        assert_eq!(unquote(br#""b/\9""#), None);
        assert_eq!(unquote(b"b/x"), None);
    }

    #[test]
    fn name_status_renames_deletes_and_untracked() {
        let status = b"M\0a.md\0R087\0old/g.md\0new/g.md\0D\0gone.md\0A\0fresh.md\0R100\0d1/x.md\0d2/x.md\0R100\0d1/y.md\0d2/y.md\0";
        let untracked = b"note \xff.md\0";
        let diff = b"diff --git a/a.md b/a.md\n--- a/a.md\n+++ b/a.md\n@@ -2 +2 @@\n-a\n+b\n";
        let mut c = Changes::parse(diff, status, untracked).unwrap_or_else(|e| panic!("{e}"));
        c.root = PathBuf::from("/r");
        assert_eq!(
            c.lines(Path::new("a.md")),
            Some(&ChangedLines::Ranges(vec![(2, 2)]))
        );
        assert_eq!(c.lines(Path::new("fresh.md")), Some(&ChangedLines::All));
        assert_eq!(
            c.lines(Path::new("new/g.md")),
            Some(&ChangedLines::Ranges(vec![]))
        );
        assert_eq!(
            c.renamed_from(Path::new("new/g.md")),
            Some(Path::new("old/g.md"))
        );
        assert_eq!(
            c.lines(&path_from_bytes(b"note \xff.md".to_vec())),
            Some(&ChangedLines::All)
        );
        assert_eq!(
            c.moved(Path::new("old/g.md")),
            Some(Moved::Renamed {
                to: PathBuf::from("/r/new/g.md")
            })
        );
        assert_eq!(c.moved(Path::new("gone.md")), Some(Moved::Deleted));
        assert_eq!(
            c.moved(Path::new("d1")),
            Some(Moved::Renamed {
                to: PathBuf::from("/r/d2")
            })
        );
        assert_eq!(c.moved(Path::new("a.md")), None);
        assert_eq!(c.moved(Path::new("ol")), None);
        assert!(Changes::parse(b"", b"Q\0x\0", b"").is_err());
        assert!(Changes::parse(b"", b"R100\0x\0", b"").is_err());
    }

    #[test]
    fn ranges_touch_spans() {
        let r = ChangedLines::Ranges(vec![(3, 4), (10, 10)]);
        assert!(!r.touches(1, 2));
        assert!(r.touches(2, 3));
        assert!(r.touches(4, 4));
        assert!(!r.touches(5, 9));
        assert!(r.touches(9, 12));
        assert!(!r.touches(11, 11));
        assert!(r.touches(10, 0));
        assert!(ChangedLines::All.touches(7, 7));
        assert!(!ChangedLines::Ranges(vec![]).touches(1, 1));
    }

    #[test]
    fn lost_lines_are_hunks_with_old_lines() {
        let added = b"diff --git a/a.md b/a.md\n+++ b/a.md\n@@ -3,0 +4,2 @@\n+x\n+y\n";
        let replaced = b"diff --git a/a.md b/a.md\n+++ b/a.md\n@@ -3 +3 @@\n-## Old\n+## New\n";
        assert!(!loses_lines(added));
        assert!(loses_lines(replaced));
        let c = Changes::parse(replaced, b"M\0a.md\0", b"").unwrap_or_else(|e| panic!("{e}"));
        assert!(c.may_break_links() && !c.has_moves());
        let c = Changes::parse(added, b"M\0a.md\0", b"").unwrap_or_else(|e| panic!("{e}"));
        assert!(!c.may_break_links());
    }

    /// Runs git in `dir` (for a throwaway repository).
    fn run_git(dir: &Path, args: &[&str]) -> bool {
        Command::new("git")
            .current_dir(dir)
            .args(["-c", "user.email=t@example.org", "-c", "user.name=t"])
            .args(["-c", "commit.gpgsign=false"])
            .args(args)
            .output()
            .is_ok_and(|o| o.status.success())
    }

    #[test]
    fn texts_at_the_revision_follow_renames() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let d = dir.path();
        assert!(run_git(d, &["init", "-q"]), "git is needed");
        let w = |name: &str, text: &str| {
            std::fs::write(d.join(name), text).unwrap_or_else(|e| panic!("{e}"))
        };
        w("a.md", "# A\n\n## Old\n");
        w("same.md", "# Same\n");
        w("moved.md", "# Moved\n\n## Old\n");
        assert!(run_git(d, &["add", "-A"]) && run_git(d, &["commit", "-q", "-m", "base"]));
        w("a.md", "# A\n\n## New\n");
        assert!(run_git(d, &["mv", "moved.md", "there.md"]));
        w("there.md", "# Moved\n\n## New\n");
        w("fresh.md", "# Fresh\n");
        let since = Since::load("HEAD", &[d.to_path_buf()]).unwrap_or_else(|e| panic!("{e}"));
        assert!(since.may_break_links());
        let old = |name: &str| {
            since
                .text_at_revision(&d.join(name), 1 << 20)
                .map(|t| String::from_utf8_lossy(&t).into_owned())
        };
        assert_eq!(old("a.md").as_deref(), Some("# A\n\n## Old\n"));
        assert_eq!(old("there.md").as_deref(), Some("# Moved\n\n## Old\n"));
        assert_eq!(old("same.md"), None);
        assert_eq!(old("fresh.md"), None);
        // Past the most bytes asked for: not read.
        let fresh = Since::load("HEAD", &[d.to_path_buf()]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(fresh.text_at_revision(&d.join("a.md"), 4), None);
    }

    #[test]
    fn hunk_headers() {
        assert_eq!(hunk_header(b"-3 +3 @@ fn x"), Some((1, 3, 1)));
        assert_eq!(hunk_header(b"-10,0 +11,2 @@"), Some((0, 11, 2)));
        assert_eq!(hunk_header(b"-1,2 +0,0 @@"), Some((2, 0, 0)));
        assert_eq!(hunk_header(b"-x +1 @@"), None);
    }
}
