//! Opening files beneath a directory held open, without following any
//! symbolic link: how a walked or listed file is reached, for reading and
//! for writing.
//!
//! A walk's root is opened once ([`Root::open`], following a link the
//! user named on the command line: the one decision, as ripgrep makes
//! it); a list's paths are reached from the working directory or from
//! `/` ([`Root::working_directory`], [`Root::filesystem`]). Every file
//! below is then reached from that handle one component at a time with
//! `O_NOFOLLOW | O_DIRECTORY` ([`Root::parent_of`]), and the file itself
//! with `O_NOFOLLOW | O_NONBLOCK`, checked to be a regular file by
//! `fstat` on the descriptor that was opened ([`Root::open_file`]). So a
//! directory that another user renames, or swaps for a link to a third
//! user's files, after the walk saw it (or after a list was made) cannot
//! lead a read or a write out of the tree: the open fails with
//! [`Beneath::Symlink`]. A FIFO or device met this way is refused without
//! blocking ([`Beneath::NotRegular`]).
//!
//! A run that writes (`--fix`, `--add-ignore`, `rewrite`) follows a
//! symbolic link named on the command line only when no other user could
//! have planted it or can swap it ([`unsafe_named_links`], as git's
//! `safe.directory` refuses a repository another user owns), and checks
//! that the root it opened is the directory the path names
//! ([`Root::still_named`]): L11 of the 2026-11-29 review.
//!
//! It does not own walking (`crate::walk`), nor the write protocol that
//! uses the same handles (`crate::fix::write`).

use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

pub use rustix::fs::FileType;
use rustix::fs::{Mode, OFlags, CWD};
use rustix::io::Errno;

/// Flags of a directory opened on the way down.
const DIR_FLAGS: OFlags = OFlags::RDONLY
    .union(OFlags::DIRECTORY)
    .union(OFlags::CLOEXEC)
    .union(OFlags::NOCTTY);

/// Why a file beneath a root could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum Beneath {
    /// A component of the path (a directory, or the file) is a symbolic
    /// link: not followed.
    #[error("a symbolic link in the path: not followed (a walked or listed path is read as the walk found it)")]
    Symlink,
    /// The file is not a regular file (a FIFO, a device, a socket, a
    /// directory): not read.
    #[error("{kind}, not a regular file: skipped")]
    NotRegular {
        /// What it is, for messages (`"a FIFO"`).
        kind: &'static str,
    },
    /// The path has a component that cannot be followed from a root
    /// (`..` above it is allowed; a root or prefix component is not).
    #[error("a path that cannot be reached from its root")]
    Unreachable,
    /// Any other error of `openat` or `fstat`.
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl From<Beneath> for io::Error {
    fn from(e: Beneath) -> io::Error {
        match e {
            Beneath::Io(e) => e,
            other => io::Error::other(other.to_string()),
        }
    }
}

/// A directory held open, that files are reached from; with the path it
/// was named by (file paths found below it start with that path).
#[derive(Clone)]
pub struct Root {
    path: PathBuf,
    dir: Arc<OwnedFd>,
    /// The directories below it that files were last read from (their
    /// paths relative to it, each reached as [`Root::parent_of`] does),
    /// shared by the clones: a walk reads a directory's files one after
    /// the other, and reaching each from the root again cost one `openat`
    /// per component per file. Never used for writes.
    recent: Arc<Mutex<Vec<RecentDirectory>>>,
}

/// A directory read from: its path relative to the root, and its handle.
type RecentDirectory = (PathBuf, Arc<OwnedFd>);

/// How many directories a [`Root`] keeps open for reads.
const RECENT_DIRECTORIES: usize = 8;

/// Why a run that writes may not follow the symbolic links of `path`, a
/// path named on the command line; `None` when it may. Each component of
/// `path` that is a symbolic link must be owned by the effective user or
/// root, and lie in a directory owned by the effective user or root that
/// other users may not write (or that is sticky, as `/tmp`: there only a
/// link's owner may rename it). Otherwise another user could point it,
/// before the run or between runs, at a third user's files, which the
/// run would then write (L11 of the 2026-11-29 review: root's looping
/// `check --fix base/tree` wrote a victim's file once `base/tree` was
/// swapped for a link). The reason completes "PATH: ...". A component
/// that cannot be read is no reason: opening the path fails anyway.
pub fn unsafe_named_links(path: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let me = rustix::process::geteuid().as_raw();
    let trusted = |uid: u32| uid == me || uid == 0;
    let mut prefix = PathBuf::new();
    for c in path.components() {
        prefix.push(c);
        let meta = std::fs::symlink_metadata(&prefix).ok()?;
        if !meta.file_type().is_symlink() {
            continue;
        }
        let link = crate::output::escape::name(&prefix.to_string_lossy()).into_owned();
        if !trusted(meta.uid()) {
            return Some(format!(
                "the symbolic link {link} is owned by user {}, not by you (user {me}) or root",
                meta.uid()
            ));
        }
        let parent = match prefix.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let dir = std::fs::metadata(parent).ok()?;
        if !trusted(dir.uid()) {
            return Some(format!(
                "the symbolic link {link} is in a directory owned by user {}, not by you (user {me}) or root",
                dir.uid()
            ));
        }
        if dir.mode() & 0o002 != 0 && dir.mode() & 0o1000 == 0 {
            return Some(format!(
                "the symbolic link {link} is in a directory that other users may write"
            ));
        }
    }
    None
}

impl std::fmt::Debug for Root {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Root").field("path", &self.path).finish()
    }
}

/// Roots are the same when they were named by the same path (the handle is
/// not compared).
impl PartialEq for Root {
    fn eq(&self, other: &Root) -> bool {
        self.path == other.path
    }
}

impl Eq for Root {}

impl Root {
    /// Opens the directory `path` (relative to the working directory),
    /// following a symbolic link in it: a walk root the user named.
    ///
    /// # Errors
    /// The error of `openat`, e.g. `ENOTDIR` when `path` is not a
    /// directory.
    pub fn open(path: &Path) -> io::Result<Root> {
        let dir = if path.as_os_str().is_empty() {
            Path::new(".")
        } else {
            path
        };
        let fd = rustix::fs::openat(CWD, dir, DIR_FLAGS, Mode::empty())?;
        Ok(Root {
            path: path.to_path_buf(),
            dir: Arc::new(fd),
            recent: Arc::default(),
        })
    }

    /// The working directory, as the root of relative listed paths (its
    /// path is empty: a path below it is the listed path itself).
    ///
    /// # Errors
    /// The error of opening `.`.
    pub fn working_directory() -> io::Result<Root> {
        let fd = rustix::fs::openat(CWD, ".", DIR_FLAGS, Mode::empty())?;
        Ok(Root {
            path: PathBuf::new(),
            dir: Arc::new(fd),
            recent: Arc::default(),
        })
    }

    /// `/`, as the root of absolute listed paths.
    ///
    /// # Errors
    /// The error of opening `/`.
    pub fn filesystem() -> io::Result<Root> {
        Root::open(Path::new("/"))
    }

    /// The directory `rel` below this root (every component, itself
    /// included, opened without following links), as a root of its own
    /// named `path`: a directory that a list names, to be walked.
    ///
    /// # Errors
    /// [`Beneath::Symlink`] for a link among the components, and the
    /// errors of `openat`.
    pub fn subdirectory(&self, rel: &Path, path: &Path) -> Result<Root, Beneath> {
        let dir = self.walk_down(rel.components())?;
        Ok(Root {
            path: path.to_path_buf(),
            dir: Arc::new(dir),
            recent: Arc::default(),
        })
    }

    /// True when the path this root was named by leads, now, to the
    /// directory held open (the same device and inode): checked after
    /// [`unsafe_named_links`] by a run that writes, so that a link swapped
    /// in and out around the open is seen (L11 of the 2026-11-29 review).
    pub fn still_named(&self) -> bool {
        let dir = if self.path.as_os_str().is_empty() {
            Path::new(".")
        } else {
            &self.path
        };
        match (rustix::fs::fstat(&*self.dir), rustix::fs::stat(dir)) {
            (Ok(held), Ok(named)) => held.st_dev == named.st_dev && held.st_ino == named.st_ino,
            _ => false,
        }
    }

    /// The path this root was named by.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The directory's handle.
    pub fn fd(&self) -> BorrowedFd<'_> {
        self.dir.as_fd()
    }

    /// `path` (a path found below this root, so starting with its path)
    /// relative to the root; `None` when it does not start with it.
    pub fn relative<'p>(&self, path: &'p Path) -> Option<&'p Path> {
        if self.path.as_os_str().is_empty() {
            return Some(path);
        }
        if self.path == Path::new("/") {
            return path.strip_prefix("/").ok();
        }
        relative_by_bytes(&self.path, path).or_else(|| path.strip_prefix(&self.path).ok())
    }

    /// Opens each directory of `components` in turn from this root,
    /// without following links.
    fn walk_down<'c>(
        &self,
        components: impl Iterator<Item = Component<'c>> + Clone,
    ) -> Result<OwnedFd, Beneath> {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if let Some(dir) = self.open_directory_at_once(components.clone()) {
            return dir;
        }
        let mut dir: Option<OwnedFd> = None;
        for c in components {
            let name = match c {
                Component::CurDir => continue,
                Component::Normal(n) => n,
                Component::ParentDir => std::ffi::OsStr::new(".."),
                Component::RootDir | Component::Prefix(_) => return Err(Beneath::Unreachable),
            };
            let from = dir.as_ref().map_or(self.dir.as_fd(), |d| d.as_fd());
            let next = rustix::fs::openat(from, name, DIR_FLAGS | OFlags::NOFOLLOW, Mode::empty())
                .map_err(|e| match e {
                    Errno::LOOP => Beneath::Symlink,
                    // Linux answers ENOTDIR for a link opened with
                    // O_DIRECTORY | O_NOFOLLOW: tell it from a file.
                    Errno::NOTDIR if is_link(from, name) => Beneath::Symlink,
                    e => Beneath::Io(e.into()),
                })?;
            dir = Some(next);
        }
        match dir {
            Some(d) => Ok(d),
            None => Ok(rustix::io::dup(&*self.dir).map_err(io::Error::from)?),
        }
    }

    /// The directory of `components` (below this root, each a name or
    /// `.`) opened in one `openat2` call that follows no link on the way
    /// (`RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH`, Linux 5.6 and later): what
    /// the component-by-component walk does, for one system call instead
    /// of one per component. `None` when the walk must do it: a `..`
    /// component, no component, or a kernel (or a seccomp filter) without
    /// `openat2`, after which it is not tried again.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn open_directory_at_once<'c>(
        &self,
        components: impl Iterator<Item = Component<'c>>,
    ) -> Option<Result<OwnedFd, Beneath>> {
        use rustix::fs::ResolveFlags;
        use std::sync::atomic::{AtomicBool, Ordering};
        static UNAVAILABLE: AtomicBool = AtomicBool::new(false);
        if UNAVAILABLE.load(Ordering::Relaxed) {
            return None;
        }
        let mut path = PathBuf::new();
        for c in components {
            match c {
                Component::CurDir => {}
                Component::Normal(n) => path.push(n),
                _ => return None,
            }
        }
        if path.as_os_str().is_empty() {
            return None;
        }
        let how = ResolveFlags::BENEATH | ResolveFlags::NO_SYMLINKS | ResolveFlags::NO_MAGICLINKS;
        match rustix::fs::openat2(
            &*self.dir,
            &path,
            DIR_FLAGS | OFlags::NOFOLLOW,
            Mode::empty(),
            how,
        ) {
            Ok(fd) => Some(Ok(fd)),
            // No `openat2` here (before Linux 5.6, or refused by a
            // seccomp filter), or flags it does not know.
            Err(Errno::NOSYS | Errno::PERM | Errno::INVAL) => {
                UNAVAILABLE.store(true, Ordering::Relaxed);
                None
            }
            // A link on the way (`RESOLVE_NO_SYMLINKS`).
            Err(Errno::LOOP) => Some(Err(Beneath::Symlink)),
            // A rename raced the lookup (`EAGAIN`), the path left the
            // root, or a component is not a directory (Linux answers
            // `ENOTDIR` for a link opened with `O_DIRECTORY | O_NOFOLLOW`):
            // the walk says what it is.
            Err(Errno::AGAIN | Errno::XDEV | Errno::NOTDIR) => None,
            Err(e) => Some(Err(Beneath::Io(e.into()))),
        }
    }

    /// The directory that holds `rel` (a file's path relative to this
    /// root), reached without following links, and the file's name in it.
    ///
    /// # Errors
    /// [`Beneath::Symlink`] for a link among the directories,
    /// [`Beneath::Unreachable`] for a path without a file name, and the
    /// errors of `openat`.
    pub fn parent_of(&self, rel: &Path) -> Result<(OwnedFd, OsString), Beneath> {
        let name = match rel.components().next_back() {
            Some(Component::Normal(n)) => n.to_os_string(),
            _ => return Err(Beneath::Unreachable),
        };
        let mut components = rel.components();
        components.next_back();
        Ok((self.walk_down(components)?, name))
    }

    /// [`Root::parent_of`] for a read: the directory is taken from the
    /// ones recently read from when it is one of them.
    fn parent_for_read(&self, rel: &Path) -> Result<(Arc<OwnedFd>, OsString), Beneath> {
        let name = match rel.components().next_back() {
            Some(Component::Normal(n)) => n.to_os_string(),
            _ => return Err(Beneath::Unreachable),
        };
        let parent = rel.parent().unwrap_or(Path::new(""));
        // Compared as bytes: `Path`'s `==` takes both paths apart into
        // components, several times per file of a tree. A parent spelled
        // another way only misses the cache (and is walked down to).
        let known = self.recent.lock().ok().and_then(|r| {
            r.iter()
                .find(|(p, _)| p.as_os_str() == parent.as_os_str())
                .map(|(_, d)| d.clone())
        });
        if let Some(dir) = known {
            return Ok((dir, name));
        }
        let mut components = rel.components();
        components.next_back();
        let dir = Arc::new(self.walk_down(components)?);
        if let Ok(mut r) = self.recent.lock() {
            if r.len() >= RECENT_DIRECTORIES {
                r.remove(0);
            }
            r.push((parent.to_path_buf(), dir.clone()));
        }
        Ok((dir, name))
    }

    /// What `rel` (relative to this root) is, without following a link
    /// at its end or on the way ([`FileType`] of `fstatat` with
    /// `AT_SYMLINK_NOFOLLOW`, from its directory reached as
    /// [`Root::parent_of`] does).
    ///
    /// # Errors
    /// As [`Root::parent_of`], and the errors of `fstatat` (`ENOENT`).
    pub fn kind_of(&self, rel: &Path) -> Result<FileType, Beneath> {
        if rel.components().all(|c| c == Component::CurDir) {
            return Ok(FileType::Directory);
        }
        let (dir, name) = self.parent_for_read(rel)?;
        let st = rustix::fs::statat(&*dir, &name, rustix::fs::AtFlags::SYMLINK_NOFOLLOW)
            .map_err(|e| Beneath::Io(e.into()))?;
        Ok(FileType::from_raw_mode(st.st_mode))
    }

    /// Opens the regular file `rel` (relative to this root) for reading:
    /// no link followed in any component, opened with `O_NONBLOCK` (a FIFO
    /// cannot block the open) and checked to be a regular file on the
    /// descriptor opened.
    ///
    /// # Errors
    /// [`Beneath::Symlink`], [`Beneath::NotRegular`],
    /// [`Beneath::Unreachable`], and the errors of `openat` and `fstat`.
    pub fn open_file(&self, rel: &Path) -> Result<File, Beneath> {
        let (dir, name) = self.parent_for_read(rel)?;
        let flags =
            OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
        let fd = rustix::fs::openat(&*dir, &name, flags, Mode::empty()).map_err(|e| match e {
            Errno::LOOP => Beneath::Symlink,
            e => Beneath::Io(e.into()),
        })?;
        let st = rustix::fs::fstat(&fd).map_err(|e| Beneath::Io(e.into()))?;
        if let Some(kind) = odd_kind(st.st_mode) {
            return Err(Beneath::NotRegular { kind });
        }
        // Reads block as usual from here on (a regular file never would).
        rustix::fs::fcntl_setfl(&fd, OFlags::empty()).map_err(|e| Beneath::Io(e.into()))?;
        Ok(File::from(fd))
    }
}

/// `path` less the leading `root` as [`Path::strip_prefix`] gives it, for
/// the paths a walk yields (`root/rest`, `rest` starting with a name),
/// told from the bytes; `None` for any other spelling, which
/// `strip_prefix` then reads component by component (its cost, twice a
/// file of a tree, was 2% of a plain extraction of one).
#[cfg(unix)]
fn relative_by_bytes<'p>(root: &Path, path: &'p Path) -> Option<&'p Path> {
    use std::os::unix::ffi::OsStrExt;
    let (r, p) = (root.as_os_str().as_bytes(), path.as_os_str().as_bytes());
    let rest = p.strip_prefix(r)?;
    let rest = if r.ends_with(b"/") {
        rest
    } else {
        rest.strip_prefix(b"/")?
    };
    if rest.is_empty() || rest.starts_with(b"/") || rest.starts_with(b"./") || rest == b"." {
        return None;
    }
    Some(Path::new(std::ffi::OsStr::from_bytes(rest)))
}

#[cfg(not(unix))]
fn relative_by_bytes<'p>(_root: &Path, _path: &'p Path) -> Option<&'p Path> {
    None
}

/// True when `name` in `dir` is a symbolic link (not followed).
fn is_link(dir: BorrowedFd<'_>, name: &std::ffi::OsStr) -> bool {
    rustix::fs::statat(dir, name, rustix::fs::AtFlags::SYMLINK_NOFOLLOW)
        .is_ok_and(|st| FileType::from_raw_mode(st.st_mode) == FileType::Symlink)
}

/// The name of a file type for messages (`"a FIFO"`), `None` for a
/// regular file.
pub fn odd_kind(st_mode: u32) -> Option<&'static str> {
    match FileType::from_raw_mode(st_mode) {
        FileType::RegularFile => None,
        FileType::Directory => Some("a directory"),
        FileType::Symlink => Some("a symbolic link"),
        FileType::Fifo => Some("a FIFO"),
        FileType::Socket => Some("a socket"),
        FileType::CharacterDevice => Some("a character device"),
        FileType::BlockDevice => Some("a block device"),
        _ => Some("not a known file type"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// L11 of the 2026-11-29 review: which named links a run that writes
    /// follows (as the user running the tests: a link of theirs, in a
    /// directory of theirs).
    #[test]
    fn named_links_by_place() {
        use std::os::unix::fs::{symlink, PermissionsExt};
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        let target = d.join("target");
        std::fs::create_dir(&target).expect("mkdir");
        for (name, mode, safe) in [
            ("private", 0o755, true),
            ("shared", 0o777, false),
            ("sticky", 0o1777, true),
        ] {
            let base = d.join(name);
            std::fs::create_dir(&base).expect("mkdir");
            symlink(&target, base.join("tree")).expect("symlink");
            std::fs::set_permissions(&base, std::fs::Permissions::from_mode(mode)).expect("chmod");
            let why = unsafe_named_links(&base.join("tree"));
            assert_eq!(why.is_none(), safe, "{name}: {why:?}");
            // A link in the middle of the path counts as one at its end.
            let below = unsafe_named_links(&base.join("tree/sub/x.md"));
            assert_eq!(below.is_none(), safe, "{name}: {below:?}");
        }
        assert!(unsafe_named_links(&d.join("shared/tree"))
            .is_some_and(|w| w.ends_with("is in a directory that other users may write")));
        // No link, or a path that is not there: nothing to say.
        assert_eq!(unsafe_named_links(&target), None);
        assert_eq!(unsafe_named_links(&d.join("missing/x")), None);
        let root = Root::open(&d.join("private/tree")).expect("open");
        assert!(root.still_named());
    }

    #[test]
    fn relative_by_bytes_is_strip_prefix() {
        let roots = [
            "corpus",
            "corpus/",
            "../shared/corpus",
            "./docs",
            "a/./b",
            ".",
            "a//b",
            "/abs/dir",
        ];
        let rests = [
            "x.txt",
            "rfc/x.txt",
            "./x",
            "/x",
            "",
            ".",
            "x/./y",
            "x//y",
            "..",
            "../x",
            ".hidden",
        ];
        let mut fast = 0;
        for root in roots {
            for rest in rests {
                for sep in ["/", "//", ""] {
                    let path = format!("{root}{sep}{rest}");
                    let (r, p) = (Path::new(root), Path::new(&path));
                    if let Some(got) = relative_by_bytes(r, p) {
                        fast += 1;
                        assert_eq!(Some(got), p.strip_prefix(r).ok(), "{root:?} {path:?}");
                        assert_eq!(
                            got.as_os_str(),
                            p.strip_prefix(r).map(Path::as_os_str).unwrap_or_default(),
                            "{root:?} {path:?}"
                        );
                    }
                }
            }
        }
        assert!(fast > 30, "only {fast} paths taken by bytes");
    }

    #[test]
    fn links_are_never_followed_below_the_root() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        std::fs::create_dir_all(d.join("tree/sub")).expect("mkdir");
        std::fs::create_dir_all(d.join("victim")).expect("mkdir");
        std::fs::write(d.join("tree/sub/a.txt"), "a").expect("write");
        std::fs::write(d.join("victim/v.txt"), "secret").expect("write");
        let root = Root::open(&d.join("tree")).expect("root");
        assert!(root.open_file(Path::new("sub/a.txt")).is_ok());
        // A directory swapped for a link after the walk: refused when it
        // is reached again, and the directory read from before is the
        // real one (moved, still beneath), never the link's target.
        std::fs::rename(d.join("tree/sub"), d.join("tree/sub.old")).expect("rename");
        std::os::unix::fs::symlink(d.join("victim"), d.join("tree/sub")).expect("symlink");
        assert!(root.open_file(Path::new("sub/v.txt")).is_err());
        assert!(root.open_file(Path::new("sub/a.txt")).is_ok());
        let fresh = Root::open(&d.join("tree")).expect("root");
        assert!(matches!(
            fresh.open_file(Path::new("sub/v.txt")),
            Err(Beneath::Symlink)
        ));
        // A link in the middle of a deep path, even to a directory of the
        // tree: refused (one `openat2` for the directories on Linux).
        std::fs::create_dir_all(d.join("tree/deep/er")).expect("mkdir");
        std::fs::write(d.join("tree/deep/er/f.txt"), "f").expect("write");
        std::os::unix::fs::symlink(d.join("tree/deep"), d.join("tree/hop")).expect("symlink");
        assert!(fresh.open_file(Path::new("deep/er/f.txt")).is_ok());
        assert!(matches!(
            fresh.open_file(Path::new("hop/er/f.txt")),
            Err(Beneath::Symlink)
        ));
        // A file that is a link: refused.
        std::os::unix::fs::symlink(d.join("victim/v.txt"), d.join("tree/l.txt")).expect("symlink");
        assert!(matches!(
            root.open_file(Path::new("l.txt")),
            Err(Beneath::Symlink)
        ));
        // The root renamed and replaced by a link: the held handle still
        // reaches the real tree.
        std::fs::rename(d.join("tree"), d.join("tree.moved")).expect("rename");
        std::os::unix::fs::symlink(d.join("victim"), d.join("tree")).expect("symlink");
        assert!(root.open_file(Path::new("v.txt")).is_err());
        assert!(root.open_file(Path::new("sub.old/a.txt")).is_ok());
    }

    #[test]
    fn fifos_are_refused_without_blocking() {
        let dir = tempfile::tempdir().expect("tempdir");
        let fifo = dir.path().join("f");
        rustix::fs::mknodat(CWD, &fifo, FileType::Fifo, Mode::from_raw_mode(0o600), 0)
            .expect("mkfifo");
        let root = Root::open(dir.path()).expect("root");
        assert!(matches!(
            root.open_file(Path::new("f")),
            Err(Beneath::NotRegular { kind: "a FIFO" })
        ));
        assert_eq!(root.relative(&dir.path().join("f")), Some(Path::new("f")));
    }
}
