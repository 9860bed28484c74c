//! Walking file trees: which inputs a run reads, in a stable order.
//!
//! This module owns turning the paths of the command line into a sequence
//! of [`Input`]s with the `ignore` crate: `.gitignore`, `.ignore` and
//! `.git/info/exclude` are honoured, hidden files and directories are
//! skipped (unless asked otherwise; Maildir++ folders such as `.Archive/`
//! in a Maildir are walked, and so is `.github/`, whose documents GitHub
//! shows: `SECURITY.md`, `CONTRIBUTING.md`, issue templates), `.git` is
//! never walked (not even with `hidden`), package managers' lock files
//! (`package-lock.json`, `Cargo.lock`, ..., [`is_lock_file`]) are skipped
//! unless `no_ignore` (as typos and editorconfig-checker do: they are
//! written by a tool, never edited, and hold only registry URLs), `--glob`
//! overrides select files, and
//! entries are sorted by file name so that the order (and so the output)
//! is the same on every run, whatever the thread count. Paths named on the
//! command line are read even when hidden or ignored. Symbolic links are
//! not followed, and FIFOs, sockets and devices met while walking are
//! skipped.
//!
//! Paths may also come from a list ([`FilesFrom`], `--files-from`): one
//! per line or NUL-separated, read as the run goes. A listed file is read
//! as a walked one (a binary file is skipped; no symbolic link followed
//! anywhere in its path, nor a FIFO or device opened: it is reached from
//! the working directory, or `/`, one component at a time,
//! [`crate::beneath`]); the hidden, ignore-file and
//! glob rules do not apply to it (only with `force_exclude`, as to a path
//! named on the command line): the list decides. `urilint files` prints
//! the set a walk reads (`urilint files --check`, the set `check` reads),
//! so that a driver can shard it. Standard input may be framed into many
//! documents ([`crate::framed`]).
//!
//! It does not own reading the files (the `source` module) nor the
//! parallel processing (the `pipeline` module).

use std::io::BufRead;
use std::path::{Path, PathBuf};

use ignore::overrides::OverrideBuilder;
use ignore::WalkBuilder;

use crate::beneath::{Beneath, FileType, Root};
use crate::error::{DisplayPath, Error};
use crate::framed::{self, StdinFormat};
use crate::source::Input;

/// Settings of a walk.
#[derive(Clone, Debug, Default)]
pub struct WalkOptions {
    /// Also walk hidden files and directories (names starting with `.`).
    pub hidden: bool,
    /// Do not honour `.gitignore`, `.ignore` and similar files, and walk
    /// package managers' lock files too ([`is_lock_file`]).
    pub no_ignore: bool,
    /// Glob overrides as in ripgrep's `--glob`: files must match one of
    /// them; a glob starting with `!` excludes.
    pub globs: Vec<String>,
    /// The name standard input stands for (`--stdin-filename`).
    pub stdin_name: Option<PathBuf>,
    /// Apply the globs' exclusions to paths named on the command line too
    /// (`--force-exclude`: pre-commit names every staged file, excluded
    /// ones included).
    pub force_exclude: bool,
    /// Read the paths to scan from a list too (`--files-from`), after
    /// those of the command line.
    pub files_from: Option<FilesFrom>,
    /// How standard input is read (`--stdin-format`): one document, or
    /// many framed ones ([`crate::framed`]).
    pub stdin_format: StdinFormat,
    /// The run writes into what it walks (`--fix`, `--add-ignore`,
    /// `rewrite`): a path named on the command line through a symbolic
    /// link that another user planted or can swap is refused
    /// ([`crate::beneath::unsafe_named_links`]), and a root is walked only
    /// when the path still names the directory opened (L11 of the
    /// 2026-11-29 review).
    pub writes: bool,
}

/// A list of paths to read (`--files-from FILE`, `-0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilesFrom {
    /// The file holding the list; `-` is standard input.
    pub list: PathBuf,
    /// What ends each path: `b'\n'` (a trailing `\n` is optional; empty
    /// entries are skipped; nothing else is stripped: a `\r` is part of
    /// the name) or `b'\0'` (`-0`, for names that may hold a newline).
    pub separator: u8,
}

/// The inputs named by `paths` (a path of `-` is standard input: one
/// input, or one per document when [`WalkOptions::stdin_format`] frames
/// it), then those of the [`WalkOptions::files_from`] list, in order: each
/// path in the order given, each directory's entries sorted by file name.
/// Errors met while walking (unreadable directories, missing paths, a
/// list that cannot be read, a malformed frame) are items of the
/// sequence, in place, so the run can report them and go on.
///
/// # Errors
/// [`Error::Walk`] when a glob is invalid; [`Error::Read`] when the
/// `files_from` list cannot be opened.
pub fn inputs(
    paths: &[PathBuf],
    opts: &WalkOptions,
) -> Result<impl Iterator<Item = Result<Input, Error>>, Error> {
    let overrides = overrides(&opts.globs)?;
    let opts = opts.clone();
    let listed = match &opts.files_from {
        Some(list) => Some(ListedPaths::open(list)?),
        None => None,
    };
    let named: Vec<PathBuf> = paths.to_owned();
    let named = named.into_iter().map(|p| Ok((p, false)));
    let listed = listed.into_iter().flatten().map(|r| r.map(|p| (p, true)));
    // The roots of listed paths, opened once (when the first is met).
    let mut bases = ListedBases::default();
    Ok(named.chain(listed).flat_map(
        move |entry| -> Box<dyn Iterator<Item = Result<Input, Error>>> {
            let (path, listed) = match entry {
                Ok(e) => e,
                Err(e) => return Box::new(std::iter::once(Err(e))),
            };
            if path.as_os_str() == "-" && !listed {
                if opts.stdin_format != StdinFormat::Text {
                    let stdin = std::io::BufReader::with_capacity(64 * 1024, std::io::stdin());
                    return Box::new(framed::documents(stdin, opts.stdin_format));
                }
                return Box::new(std::iter::once(Ok(Input::Stdin {
                    name: opts.stdin_name.clone(),
                })));
            }
            if opts.force_exclude && excluded(&overrides, &path) {
                return Box::new(std::iter::empty());
            }
            // A run that writes: no named link another user controls.
            let unsafe_root = |why: String| -> Box<dyn Iterator<Item = Result<Input, Error>>> {
                Box::new(std::iter::once(Err(Error::Read {
                    path: DisplayPath(path.clone()),
                    source: std::io::Error::other(format!(
                        "{why}: not followed by a run that writes (--fix, --add-ignore, rewrite); name the path it leads to"
                    )),
                })))
            };
            if opts.writes && !listed {
                if let Some(why) = crate::beneath::unsafe_named_links(&path) {
                    return unsafe_root(why);
                }
            }
            // The directory the walk's files are reached from: opened once,
            // now (a root the user named: a link to it is followed, when a
            // run that writes may follow it; a listed one is reached
            // without following any link).
            let root = if listed {
                match bases.listed(&path) {
                    Ok(Listed::File(base)) => {
                        return Box::new(std::iter::once(Ok(Input::File {
                            path,
                            explicit: false,
                            root: Some(base),
                        })))
                    }
                    Ok(Listed::Directory(root)) => Some(root),
                    Err(e) => return Box::new(std::iter::once(Err(e))),
                }
            } else {
                Root::open(&path).ok()
            };
            if opts.writes && !listed && root.as_ref().is_some_and(|r| !r.still_named()) {
                return unsafe_root(
                    "the path led elsewhere when it was opened (a symbolic link swapped)".to_string(),
                );
            }
            tree(&path, root, &opts, &overrides)
        },
    ))
}

/// The override globs of [`WalkOptions::globs`], matched from the working
/// directory.
fn overrides(globs: &[String]) -> Result<ignore::overrides::Override, Error> {
    let mut b = OverrideBuilder::new(".");
    for g in globs {
        b.add(g).map_err(|e| Error::Walk {
            path: DisplayPath(PathBuf::from(g)),
            message: format!("invalid glob: {e}"),
        })?;
    }
    b.build().map_err(|e| Error::Walk {
        path: DisplayPath(PathBuf::new()),
        message: format!("invalid globs: {e}"),
    })
}

/// The inputs under `path` (a file or a directory named or listed),
/// walked in order, its files reached from `root` when one was opened;
/// `path` itself, named, is read whatever it is.
fn tree(
    path: &Path,
    root: Option<Root>,
    opts: &WalkOptions,
    overrides: &ignore::overrides::Override,
) -> Box<dyn Iterator<Item = Result<Input, Error>>> {
    let hidden = opts.hidden;
    let lock_files = opts.no_ignore;
    let walk = WalkBuilder::new(path)
        .standard_filters(!opts.no_ignore)
        // Hidden entries are filtered below, where Maildir++
        // folders are let through.
        .hidden(false)
        .filter_entry(move |e| {
            e.depth() == 0
                || (!is_git(e)
                    && (hidden || !is_github_actions(e))
                    && (hidden || !is_hidden(e) || is_maildir_folder(e) || is_github_folder(e)))
        })
        .overrides(overrides.clone())
        // Siblings by name, as bytes: the entries of one folder
        // share their parent's bytes, so comparing whole paths as
        // bytes orders them by name, without taking each path
        // apart into components per comparison (which the name
        // comparison did: a fifth of the work on a folder of
        // 1,000 small files).
        .sort_by_file_path(|a, b| {
            a.as_os_str()
                .as_encoded_bytes()
                .cmp(b.as_os_str().as_encoded_bytes())
        })
        .build();
    Box::new(walk.filter_map(move |entry| match entry {
        Err(e) => Some(Err(walk_error(&e))),
        Ok(entry) => {
            let ft = entry.file_type()?;
            if entry.depth() == 0 {
                if ft.is_dir() {
                    return None;
                }
                // Named on the command line: read whatever it is.
                return Some(Ok(Input::File {
                    path: entry.into_path(),
                    explicit: true,
                    root: None,
                }));
            }
            if !lock_files && is_lock_file(entry.path()) {
                return None;
            }
            ft.is_file().then(|| {
                Ok(Input::File {
                    path: entry.into_path(),
                    explicit: false,
                    root: root.clone(),
                })
            })
        }
    }))
}

/// What a listed path is, reached without following links.
enum Listed {
    /// A file (regular or not: opening it decides), reached from this
    /// root (the working directory, or `/` for an absolute path).
    File(Root),
    /// A directory, held open, to walk.
    Directory(Root),
}

/// The roots listed paths are reached from: the working directory for
/// relative ones, `/` for absolute ones, each opened once.
#[derive(Default)]
struct ListedBases {
    working: Option<Root>,
    filesystem: Option<Root>,
}

impl ListedBases {
    /// What the listed `path` is, reached from its base without following
    /// any link in it (H2 of the 2026-11-26 review: a directory of the
    /// list swapped for a link to another user's files is refused, not
    /// followed); a listed `-` is the file named `-`.
    ///
    /// # Errors
    /// [`Error::Read`] naming the path: a symbolic link in it, a path that
    /// does not exist, or one that cannot be reached.
    fn listed(&mut self, path: &Path) -> Result<Listed, Error> {
        let read_err = |source: std::io::Error| Error::Read {
            path: DisplayPath(path.to_path_buf()),
            source,
        };
        let slot = if path.is_absolute() {
            &mut self.filesystem
        } else {
            &mut self.working
        };
        let base = match slot {
            Some(b) => b.clone(),
            None => {
                let b = if path.is_absolute() {
                    Root::filesystem()
                } else {
                    Root::working_directory()
                }
                .map_err(read_err)?;
                *slot = Some(b.clone());
                b
            }
        };
        let rel = base
            .relative(path)
            .ok_or(Beneath::Unreachable)
            .map_err(|e| read_err(e.into()))?;
        match base.kind_of(rel).map_err(|e| read_err(e.into()))? {
            FileType::Directory => base
                .subdirectory(rel, path)
                .map(Listed::Directory)
                .map_err(|e| read_err(e.into())),
            FileType::Symlink => Err(read_err(Beneath::Symlink.into())),
            _ => Ok(Listed::File(base)),
        }
    }
}

/// The paths of a [`FilesFrom`] list, read as they are needed.
struct ListedPaths {
    reader: Box<dyn BufRead + Send>,
    list: PathBuf,
    separator: u8,
    done: bool,
}

impl ListedPaths {
    /// Opens the list (standard input for `-`).
    ///
    /// # Errors
    /// [`Error::Read`] naming the list when it cannot be opened.
    fn open(from: &FilesFrom) -> Result<Self, Error> {
        let reader: Box<dyn BufRead + Send> = if from.list.as_os_str() == "-" {
            Box::new(std::io::BufReader::new(std::io::stdin()))
        } else {
            let file = std::fs::File::open(&from.list).map_err(|source| Error::Read {
                path: DisplayPath(from.list.clone()),
                source,
            })?;
            Box::new(std::io::BufReader::new(file))
        };
        Ok(ListedPaths {
            reader,
            list: from.list.clone(),
            separator: from.separator,
            done: false,
        })
    }
}

impl Iterator for ListedPaths {
    type Item = Result<PathBuf, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut entry = Vec::new();
        while !self.done {
            entry.clear();
            match self.reader.read_until(self.separator, &mut entry) {
                Ok(0) => self.done = true,
                Ok(_) => {
                    if entry.last() == Some(&self.separator) {
                        entry.pop();
                    }
                    if !entry.is_empty() {
                        return Some(Ok(framed::path_from_bytes(entry)));
                    }
                }
                Err(source) => {
                    self.done = true;
                    return Some(Err(Error::Read {
                        path: DisplayPath(self.list.clone()),
                        source,
                    }));
                }
            }
        }
        None
    }
}

/// The files a walk from a directory leaves out by its exclusion globs
/// (`exclude`, or `check`'s default, and `extend-exclude` of
/// urilint.toml: [`crate::config::Settings::excluded_globs`]), for a file
/// reached some other way (an editor's document).
#[derive(Clone, Debug)]
pub struct Exclusions {
    root: PathBuf,
    overrides: ignore::overrides::Override,
}

impl Exclusions {
    /// The exclusions `globs` (gitignore syntax) of a walk from `root`.
    ///
    /// # Errors
    /// [`Error::Walk`] naming an invalid glob.
    pub fn new(root: &Path, globs: &[String]) -> Result<Exclusions, Error> {
        let mut b = OverrideBuilder::new(".");
        for g in globs {
            b.add(&format!("!{g}")).map_err(|e| Error::Walk {
                path: DisplayPath(PathBuf::from(g)),
                message: format!("invalid glob: {e}"),
            })?;
        }
        let overrides = b.build().map_err(|e| Error::Walk {
            path: DisplayPath(PathBuf::new()),
            message: format!("invalid globs: {e}"),
        })?;
        Ok(Exclusions {
            root: root.to_path_buf(),
            overrides,
        })
    }

    /// True when a walk from the root would leave out `path` (absolute,
    /// or relative to the root) or a directory it is in; a path outside
    /// the root is never left out.
    pub fn excludes(&self, path: &Path) -> bool {
        let rel = if path.is_absolute() {
            match path.strip_prefix(&self.root) {
                Ok(r) => r,
                Err(_) => return false,
            }
        } else {
            path
        };
        !self.overrides.is_empty() && excluded(&self.overrides, rel)
    }
}

/// True when the globs exclude `path` (as named on the command line) or
/// one of the directories it is in: `--exclude vendor` leaves out
/// `vendor/a.md` named explicitly.
fn excluded(overrides: &ignore::overrides::Override, path: &Path) -> bool {
    let is_dir = path.is_dir();
    if overrides.matched(path, is_dir).is_ignore() && !overrides.is_empty() {
        return true;
    }
    path.ancestors()
        .skip(1)
        .filter(|p| !p.as_os_str().is_empty() && *p != Path::new("."))
        .any(|p| overrides.matched(p, true).is_ignore())
}

/// A package manager's lock file, by its exact name: npm's
/// `package-lock.json` and `npm-shrinkwrap.json`, `yarn.lock`,
/// `pnpm-lock.yaml`, `bun.lock`, `deno.lock`, `Cargo.lock`, `Gemfile.lock`,
/// `composer.lock`, `poetry.lock`, `Pipfile.lock`, `pdm.lock`, `uv.lock`,
/// `go.sum` and `go.work.sum` (kubernetes-sigs/kustomize's, issue 46 round
/// 9: `h1:` checksums), `flake.lock`, `mix.lock`, `pubspec.lock`, `Podfile.lock`,
/// SwiftPM's `Package.resolved`, NuGet's `packages.lock.json` and Gradle's
/// `gradle.lockfile`. Each is written by its tool (a fix there is undone
/// by the next install) and holds registry URLs by the thousand: a walk
/// skips them unless `--no-ignore`; named on the command line, one is read.
pub fn is_lock_file(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    matches!(
        name,
        "package-lock.json"
            | "npm-shrinkwrap.json"
            | "yarn.lock"
            | "pnpm-lock.yaml"
            | "bun.lock"
            | "deno.lock"
            | "Cargo.lock"
            | "Gemfile.lock"
            | "composer.lock"
            | "poetry.lock"
            | "Pipfile.lock"
            | "pdm.lock"
            | "uv.lock"
            | "go.sum"
            | "go.work.sum"
            | "flake.lock"
            | "mix.lock"
            | "pubspec.lock"
            | "Podfile.lock"
            | "Package.resolved"
            | "packages.lock.json"
            | "gradle.lockfile"
    )
}

/// A name starting with `.`.
fn is_hidden(e: &ignore::DirEntry) -> bool {
    e.file_name().as_encoded_bytes().first() == Some(&b'.')
}

/// `.git`: a repository's own files (a directory, or in a worktree or
/// submodule a file naming one), never read.
fn is_git(e: &ignore::DirEntry) -> bool {
    e.file_name() == ".git"
}

/// `.github`, the directory of a repository's community files
/// (`CONTRIBUTING.md`, `SECURITY.md`, `SUPPORT.md`, issue and pull request
/// templates, `FUNDING.yml`, workflows), which GitHub shows as documents:
/// walked although its name starts with a dot (the hidden files in it
/// are still skipped).
fn is_github_folder(e: &ignore::DirEntry) -> bool {
    e.file_name() == ".github" && e.file_type().is_some_and(|t| t.is_dir())
}

/// `.github/actions`: the sources of a repository's own GitHub Actions
/// (their READMEs and comment templates are not community documents
/// GitHub shows; check-spelling's `advice.md` is a pull request comment
/// template with links relative to the pull request), skipped unless
/// `--hidden`.
fn is_github_actions(e: &ignore::DirEntry) -> bool {
    e.file_name() == "actions"
        && e.file_type().is_some_and(|t| t.is_dir())
        && e.path()
            .parent()
            .and_then(|p| p.file_name())
            .is_some_and(|n| n == ".github")
}

/// A Maildir++ folder (`.Archive` holding `cur/`, beside the Maildir's own
/// `cur/`): walked although its name starts with a dot, since its
/// messages are mail like the others.
fn is_maildir_folder(e: &ignore::DirEntry) -> bool {
    let is_dir = e.file_type().is_some_and(|t| t.is_dir());
    is_dir
        && e.path().join("cur").is_dir()
        && e.path().parent().is_some_and(|p| p.join("cur").is_dir())
}

fn walk_error(e: &ignore::Error) -> Error {
    fn path_of(e: &ignore::Error) -> Option<&Path> {
        match e {
            ignore::Error::WithPath { path, .. } => Some(path),
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                path_of(err)
            }
            _ => None,
        }
    }
    fn inner(e: &ignore::Error) -> String {
        match e {
            ignore::Error::WithPath { err, .. }
            | ignore::Error::WithDepth { err, .. }
            | ignore::Error::WithLineNumber { err, .. } => inner(err),
            other => other.to_string(),
        }
    }
    Error::Walk {
        path: DisplayPath(path_of(e).map(Path::to_path_buf).unwrap_or_default()),
        message: inner(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The files a walk of `root` reads, relative to it, sorted.
    fn walked(root: &Path, hidden: bool) -> Vec<String> {
        let opts = WalkOptions {
            hidden,
            ..WalkOptions::default()
        };
        let inputs = inputs(&[root.to_path_buf()], &opts).unwrap_or_else(|e| panic!("{e}"));
        let mut names: Vec<String> = inputs
            .map(|i| i.unwrap_or_else(|e| panic!("{e}")))
            .map(|i| {
                let p = i.path().strip_prefix(root).unwrap_or(i.path());
                p.to_string_lossy().into_owned()
            })
            .collect();
        names.sort();
        names
    }

    #[test]
    fn github_is_walked_git_never() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = dir.path();
        for (name, text) in [
            (".github/SECURITY.md", "See <https://example.org/>.\n"),
            (".github/ISSUE_TEMPLATE/bug.md", "x\n"),
            (".github/actions/spelling/advice.md", "x\n"),
            (".github/.hidden.md", "x\n"),
            (".git/config", "[remote]\nurl = https://example.org/\n"),
            (".hidden/notes.md", "x\n"),
            ("sub/.github/CONTRIBUTING.md", "x\n"),
            ("sub/.git", "gitdir: ../.git/worktrees/sub\n"),
            ("README.md", "x\n"),
        ] {
            let path = root.join(name);
            std::fs::create_dir_all(path.parent().unwrap_or(root))
                .unwrap_or_else(|e| panic!("{e}"));
            std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(
            walked(root, false),
            [
                ".github/ISSUE_TEMPLATE/bug.md",
                ".github/SECURITY.md",
                "README.md",
                "sub/.github/CONTRIBUTING.md",
            ]
        );
        // With --hidden: every hidden file, but never `.git`.
        assert_eq!(
            walked(root, true),
            [
                ".github/.hidden.md",
                ".github/ISSUE_TEMPLATE/bug.md",
                ".github/SECURITY.md",
                ".github/actions/spelling/advice.md",
                ".hidden/notes.md",
                "README.md",
                "sub/.github/CONTRIBUTING.md",
            ]
        );
    }

    #[test]
    fn lock_files_are_skipped_unless_no_ignore_or_named() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = dir.path();
        for name in [
            "package-lock.json",
            "examples/a/yarn.lock",
            "Cargo.lock",
            "go.work.sum",
            "Cargo.toml",
            "locks.md",
            "package.json",
        ] {
            let path = root.join(name);
            std::fs::create_dir_all(path.parent().unwrap_or(root))
                .unwrap_or_else(|e| panic!("{e}"));
            std::fs::write(&path, "https://registry.example/x\n").unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(
            walked(root, false),
            ["Cargo.toml", "locks.md", "package.json"]
        );
        let all = WalkOptions {
            no_ignore: true,
            ..WalkOptions::default()
        };
        let n = inputs(&[root.to_path_buf()], &all)
            .unwrap_or_else(|e| panic!("{e}"))
            .count();
        assert_eq!(n, 7);
        // Named on the command line: read.
        let named = inputs(&[root.join("Cargo.lock")], &WalkOptions::default())
            .unwrap_or_else(|e| panic!("{e}"))
            .count();
        assert_eq!(named, 1);
    }
}
