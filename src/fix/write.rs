//! Writing a fixed or rewritten file back: only the file that was read,
//! only a regular text file, atomically, keeping everything it had.
//!
//! This module owns the one way urilint writes to a user's file
//! ([`Target`]), the policy flags that loosen it ([`WritePolicy`]:
//! `--force`, `--hard-links`), and removing live temporary files when the
//! process is interrupted ([`remove_temp_files_on_signal`]).
//!
//! # The protocol
//!
//! 1. **Decide once, never follow at the last component** (as ripgrep
//!    decides once, at walk time, whether an entry is a file and never
//!    follows links it did not decide to follow). The directory is opened
//!    once and held as a handle; every later call (`openat`, `fstatat`,
//!    `renameat`, `unlinkat`) is relative to that handle, so a directory
//!    renamed or swapped for a link meanwhile cannot redirect the write.
//!    A path named on the command line is resolved once with
//!    `canonicalize` (a symbolic link given there is written through, the
//!    link kept) and its resolved parent opened. A file found by walking
//!    is reached from its walk root, held open since the walk began
//!    (following a link the user named, once), and a listed file from the
//!    working directory or `/`, one component at a time with `O_NOFOLLOW`
//!    ([`crate::beneath`]), so a root, directory or file swapped for a
//!    symbolic link after the walk is refused, never followed
//!    ([`Refusal::Symlink`]).
//! 2. **Only regular files.** The last component is `fstatat`ed without
//!    following links before it is opened: FIFOs, devices, sockets and
//!    directories are refused without being opened
//!    ([`Refusal::NotRegular`]); it is then opened with
//!    `O_NOFOLLOW | O_NONBLOCK` (a FIFO swapped in meanwhile cannot block
//!    the open) and `fstat`ed again. Its identity is recorded: device,
//!    inode, size, mtime and ctime (nanoseconds), mode, owner, group,
//!    links. It is read through that descriptor only
//!    ([`Target::reader`]).
//! 3. **Writing is refused** ([`Target::check_writable`], done first by
//!    [`Target::replace`]) for files with the setuid or setgid bit or file
//!    capabilities (never: writing would hand out privileges), non-text
//!    files (a NUL byte in the first 8 KiB, the binary test of
//!    `crate::source`), read-only files (owner write bit off; allowed by
//!    `--force`, as editors do), and files with more than one hard link
//!    (see below). Files that need no change are never refused: nothing is
//!    written.
//! 4. **The new contents** are streamed into a temporary file
//!    `.urilint-PID-N.tmp` created with `O_CREAT | O_EXCL | O_NOFOLLOW`
//!    (mode 0600) in the held directory, registered so that SIGINT,
//!    SIGTERM, SIGHUP and the other signals that end a process remove it
//!    ([`remove_temp_files_on_signal`]). It is given the original's owner and group
//!    (`fchown`; when that is not permitted, e.g. a group the user is not
//!    in, the write is refused and the temporary file removed, as GNU
//!    `sed -i` keeps what it may but urilint never silently changes an
//!    owner, [`Refusal::Owner`]), its extended attributes (POSIX ACLs are
//!    the `system.posix_acl_*` attributes on Linux; one that cannot be
//!    copied refuses the write, [`Refusal::Xattr`]), then its mode
//!    (`fchmod`), and is flushed to disk (`fsync`).
//! 5. **Right before the rename** the original is checked again: with
//!    [`Target::replace_checked`] its contents are re-read through the held
//!    descriptor and compared with the bytes the edits were computed from;
//!    then the name is `fstatat`ed (not following links) and must still
//!    be the same device and inode with the same size, mtime and ctime,
//!    else [`Error::Changed`]. The temporary file is then `renameat`ed
//!    over the name, and the directory is flushed. A reader sees the old
//!    file or the new one, never a mix; a crash leaves the old one.
//!
//! What remains of the window: another process's write that lands
//! between that last `fstatat` and the `renameat` (microseconds) is lost,
//! and so is a write through a descriptor opened on the old file before
//! the rename (it goes to the old inode, which no name points to any
//! more). No portable system call closes these: an atomic
//! compare-and-rename does not exist; editors have the same window.
//!
//! # Hard links
//!
//! Replacing a file by rename gives the name a new inode: the file's other
//! names keep the old text. GNU `sed -i`, perl `-i` and most formatters
//! break hard links silently; vim writes in place. urilint refuses by
//! default ([`Refusal::HardLinks`]) and takes a flag
//! ([`HardLinks`], `--hard-links`): `break` replaces this name only (the
//! others keep the old text, as `sed -i` does), `in-place` writes the
//! new contents into the existing inode after the same checks, so every
//! name sees them, owner, mode, attributes and links untouched; that
//! write is not atomic (a crash or a full disk midway leaves a mix), so
//! the new contents are written to the temporary file first and only
//! copied over once complete.
//!
//! Built for Linux: the `O_NOFOLLOW`/`*at` calls are POSIX.1-2008, but the
//! extended-attribute calls and their error codes (`ENODATA`, `ENOTSUP`)
//! are Linux's; other systems are untested.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use rustix::fs::{AtFlags, FileType, Gid, Mode, OFlags, Stat, Uid, XattrFlags, CWD};
use rustix::io::Errno;

use crate::error::{DisplayPath, Error, Refusal};

/// How many leading bytes are checked for a NUL byte (as `crate::source`
/// does for walked files).
const TEXT_PROBE: usize = 8 * 1024;

/// What to do with a file that has more than one hard link (`--hard-links`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HardLinks {
    /// Refuse to write it, with a message naming the two other choices
    /// (the default).
    #[default]
    Refuse,
    /// Write the new contents into the existing inode, so every name sees
    /// them (not atomic).
    InPlace,
    /// Replace this name only; the other names keep the old contents (what
    /// GNU `sed -i` does).
    Break,
}

/// What a write may do beyond the safe default (from the command line).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WritePolicy {
    /// Write read-only files (owner write bit off) too (`--force`).
    pub force_read_only: bool,
    /// Files with more than one hard link (`--hard-links`).
    pub hard_links: HardLinks,
}

/// How the path given to [`Target::open_from`] was found.
#[derive(Clone, Copy, Debug)]
pub enum Origin<'a> {
    /// Named on the command line: every symbolic link in it, the last
    /// component included, is resolved once, up front (`canonicalize`).
    Named,
    /// Found beneath `root` (which the path starts with): a walk's root,
    /// held open since the walk began (a link the user named was followed
    /// then, once), or for a listed path the working directory or `/`;
    /// every component below it is opened without following links
    /// ([`crate::beneath::Root::parent_of`]). `None`: the root is unknown;
    /// the parent directory is opened once as it is, the last component is
    /// not followed.
    Walked {
        /// The directory the file was found beneath, held open.
        root: Option<&'a crate::beneath::Root>,
    },
}

/// The identity and metadata of the file when it was opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Identity {
    dev: u64,
    ino: u64,
    size: u64,
    mtime: (i64, u64),
    ctime: (i64, u64),
    /// The whole `st_mode` (type and permission bits).
    mode: u32,
    uid: u32,
    gid: u32,
    nlink: u64,
}

impl Identity {
    // The field types of `struct stat` differ between architectures; the
    // conversions are the identity on x86-64 only.
    #[allow(clippy::useless_conversion)]
    fn of(st: &Stat) -> Identity {
        Identity {
            dev: u64::from(st.st_dev),
            ino: u64::from(st.st_ino),
            size: u64::try_from(st.st_size).unwrap_or(0),
            mtime: (i64::from(st.st_mtime), u64::from(st.st_mtime_nsec)),
            ctime: (i64::from(st.st_ctime), u64::from(st.st_ctime_nsec)),
            mode: st.st_mode,
            uid: st.st_uid,
            gid: st.st_gid,
            nlink: u64::from(st.st_nlink),
        }
    }

    /// The same file, not changed since: device, inode, size, mtime and
    /// ctime equal.
    fn unchanged(&self, now: &Identity) -> bool {
        (self.dev, self.ino, self.size, self.mtime, self.ctime)
            == (now.dev, now.ino, now.size, now.mtime, now.ctime)
    }
}

/// A file opened for fixing or rewriting, by the protocol of the module
/// documentation: its directory held as a handle, the file held open
/// (read-only), its identity recorded.
#[derive(Debug)]
pub struct Target {
    /// The path as given, for messages.
    path: PathBuf,
    /// The directory holding the file.
    dir: Arc<OwnedFd>,
    /// The file's name in `dir` (one component).
    name: OsString,
    file: File,
    id: Identity,
    /// `None`: opened for reading only (`--diff`, `--dry-run`).
    policy: Option<WritePolicy>,
}

fn io_err(path: &Path) -> impl Fn(io::Error) -> Error + '_ {
    |source| Error::FileWrite {
        path: DisplayPath(path.to_path_buf()),
        source,
    }
}

fn refused(path: &Path, reason: Refusal) -> Error {
    Error::Refused {
        path: DisplayPath(path.to_path_buf()),
        reason,
    }
}

use crate::beneath::odd_kind;

const DIR_FLAGS: OFlags = OFlags::RDONLY
    .union(OFlags::DIRECTORY)
    .union(OFlags::CLOEXEC)
    .union(OFlags::NOCTTY);

/// Opens the directory `parent` (relative to the working directory,
/// following links: the one decision) and returns it.
fn open_dir(parent: &Path) -> io::Result<OwnedFd> {
    let parent = if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    };
    Ok(rustix::fs::openat(CWD, parent, DIR_FLAGS, Mode::empty())?)
}

impl Target {
    /// Opens `path`, named on the command line, for writing under
    /// `policy`: [`Target::open_from`] with [`Origin::Named`].
    ///
    /// # Errors
    /// As [`Target::open_from`].
    pub fn open(path: &Path, policy: &WritePolicy) -> Result<Target, Error> {
        Target::open_from(path, Origin::Named, Some(policy))
    }

    /// Opens the file of `input` (not standard input) as its origin says
    /// (named on the command line, or found by walking its root), for
    /// writing under `policy`, or for reading only when `policy` is
    /// `None`.
    ///
    /// # Errors
    /// As [`Target::open_from`]; [`Error::Read`] for standard input.
    pub fn open_input(
        input: &crate::source::Input,
        policy: Option<&WritePolicy>,
    ) -> Result<Target, Error> {
        use crate::source::Input;
        match input {
            Input::Stdin { .. } => Err(Error::Read {
                path: DisplayPath(PathBuf::from("-")),
                source: io::Error::other("standard input is not a file to write"),
            }),
            Input::Document { name, .. } => Err(Error::Read {
                path: DisplayPath(name.clone()),
                source: io::Error::other(
                    "a document of framed standard input (--stdin-format) is not a file to write",
                ),
            }),
            Input::File {
                path,
                explicit: true,
                ..
            } => Target::open_from(path, Origin::Named, policy),
            Input::File { path, root, .. } => Target::open_from(
                path,
                Origin::Walked {
                    root: root.as_ref(),
                },
                policy,
            ),
        }
    }

    /// Opens `path` found as `origin` says: resolves and opens its
    /// directory once, checks the last component without following links,
    /// refuses anything but a regular file without opening it, then opens
    /// it (`O_NOFOLLOW | O_NONBLOCK`) and records its identity. `policy`
    /// is what [`Target::replace`] will allow; `None` opens for reading
    /// only. The write checks ([`Target::check_writable`]) are not made
    /// here: a file that needs no change is never refused.
    ///
    /// # Errors
    /// [`Error::Refused`] with [`Refusal::NotRegular`] or
    /// [`Refusal::Symlink`]; [`Error::FileWrite`] when the path has no
    /// file name or a directory or the file cannot be opened or
    /// `fstat`ed.
    pub fn open_from(
        path: &Path,
        origin: Origin<'_>,
        policy: Option<&WritePolicy>,
    ) -> Result<Target, Error> {
        let err = io_err(path);
        let no_name = || err(io::Error::other("no file name"));
        let named = matches!(origin, Origin::Named);
        // A run that writes follows a named link only where no other user
        // could have planted or swapped it (L11 of the 2026-11-29 review).
        if named && policy.is_some() {
            if let Some(reason) = crate::beneath::unsafe_named_links(path) {
                return Err(refused(path, Refusal::UnsafeLink { reason }));
            }
        }
        let (dir, name) = match origin {
            Origin::Named => {
                let real = std::fs::canonicalize(path).map_err(&err)?;
                let name = real.file_name().ok_or_else(no_name)?.to_os_string();
                let dir = open_dir(real.parent().unwrap_or(Path::new("/"))).map_err(&err)?;
                (dir, name)
            }
            Origin::Walked { root: None } => {
                let name = path.file_name().ok_or_else(no_name)?.to_os_string();
                let parent = path.parent().unwrap_or(Path::new(""));
                (open_dir(parent).map_err(&err)?, name)
            }
            Origin::Walked { root: Some(root) } => {
                let rel = root
                    .relative(path)
                    .ok_or_else(|| err(io::Error::other("not below its walk root")))?;
                root.parent_of(rel).map_err(|e| match e {
                    crate::beneath::Beneath::Symlink => refused(path, Refusal::Symlink),
                    e => err(e.into()),
                })?
            }
        };
        let st = rustix::fs::statat(&dir, &name, AtFlags::SYMLINK_NOFOLLOW)
            .map_err(|e| err(e.into()))?;
        Target::check_kind(path, &st)?;
        let flags =
            OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
        let fd = rustix::fs::openat(&dir, &name, flags, Mode::empty()).map_err(|e| match e {
            Errno::LOOP | Errno::NOTDIR => refused(path, Refusal::Symlink),
            e => err(e.into()),
        })?;
        let st = rustix::fs::fstat(&fd).map_err(|e| err(e.into()))?;
        Target::check_kind(path, &st)?;
        // The named path still leads to the file opened: a link swapped
        // in and out while it was resolved is seen.
        if named && policy.is_some() {
            let now = rustix::fs::stat(path).map_err(|e| err(e.into()))?;
            if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino) {
                return Err(refused(
                    path,
                    Refusal::UnsafeLink {
                        reason:
                            "the path led elsewhere when it was opened (a symbolic link swapped)"
                                .to_string(),
                    },
                ));
            }
        }
        Ok(Target {
            path: path.to_path_buf(),
            dir: Arc::new(dir),
            name,
            file: File::from(fd),
            id: Identity::of(&st),
            policy: policy.copied(),
        })
    }

    fn check_kind(path: &Path, st: &Stat) -> Result<(), Error> {
        if FileType::from_raw_mode(st.st_mode) == FileType::Symlink {
            return Err(refused(path, Refusal::Symlink));
        }
        match odd_kind(st.st_mode) {
            None => Ok(()),
            Some(kind) => Err(refused(path, Refusal::NotRegular { kind })),
        }
    }

    /// The path as given (for messages).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file's size in bytes when it was opened.
    pub fn len(&self) -> u64 {
        self.id.size
    }

    /// True when the file was empty when it was opened.
    pub fn is_empty(&self) -> bool {
        self.id.size == 0
    }

    /// A reader over the whole file from byte 0, through the held
    /// descriptor (positional reads: each call is a fresh reader, and
    /// readers do not disturb each other).
    pub fn reader(&self) -> TargetReader<'_> {
        TargetReader {
            file: &self.file,
            pos: 0,
        }
    }

    /// The open file itself, for positional reads ([`crate::lines::ReadAt`]
    /// is implemented for `&File`): the fixer reads it once per pass.
    pub fn file(&self) -> &File {
        &self.file
    }

    /// A digest of the file's contents now, read through the held
    /// descriptor (SipHash of every byte and the length): taken when the
    /// file is opened and compared by [`Target::replace_if_digest`] right
    /// before the rename, it catches a change that leaves size and
    /// timestamps equal (timestamps have a granularity of milliseconds).
    ///
    /// # Errors
    /// When reading fails.
    pub fn digest(&self) -> io::Result<u64> {
        use std::hash::Hasher;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        let mut len = 0u64;
        self.each_chunk(|chunk| {
            h.write(chunk);
            len += chunk.len() as u64;
            true
        })?;
        h.write_u64(len);
        Ok(h.finish())
    }

    /// Calls `f` with the file's contents, chunk by chunk, from byte 0,
    /// until it returns false or the end.
    fn each_chunk(&self, mut f: impl FnMut(&[u8]) -> bool) -> io::Result<()> {
        let mut buf = vec![0u8; 256 * 1024];
        let mut reader = self.reader();
        loop {
            let n = match reader.read(&mut buf) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if n == 0 || !f(&buf[..n]) {
                return Ok(());
            }
        }
    }

    /// Up to the first 8 KiB of the file (what the binary and UTF-16
    /// checks look at).
    ///
    /// # Errors
    /// When reading fails.
    pub fn head(&self) -> io::Result<Vec<u8>> {
        let mut head = Vec::with_capacity(TEXT_PROBE);
        self.reader()
            .take(TEXT_PROBE as u64)
            .read_to_end(&mut head)?;
        Ok(head)
    }

    /// Whether [`Target::replace`] would write this file under its policy:
    /// a regular file opened for writing, no setuid/setgid bit or file
    /// capabilities, text (no NUL byte in the first 8 KiB), writable by
    /// its owner unless `force_read_only`, one hard link unless
    /// `hard_links` allows more.
    ///
    /// # Errors
    /// [`Error::Refused`] saying why not; [`Error::FileWrite`] when the
    /// file was opened for reading only or its head cannot be read.
    pub fn check_writable(&self) -> Result<(), Error> {
        let err = io_err(&self.path);
        let Some(policy) = self.policy else {
            return Err(err(io::Error::other("opened for reading only")));
        };
        let mode = self.id.mode & 0o7777;
        if mode & 0o6000 != 0 {
            return Err(refused(&self.path, Refusal::SetId { mode }));
        }
        match get_xattr(&self.file, OsStr::new("security.capability")) {
            Ok(Some(_)) => return Err(refused(&self.path, Refusal::Capabilities)),
            Ok(None) => {}
            Err(e) => return Err(err(e)),
        }
        if memchr::memchr(0, &self.head().map_err(&err)?).is_some() {
            return Err(refused(&self.path, Refusal::NotText));
        }
        if mode & 0o200 == 0 && !policy.force_read_only {
            return Err(refused(&self.path, Refusal::ReadOnly { mode }));
        }
        if self.id.nlink > 1 && policy.hard_links == HardLinks::Refuse {
            return Err(refused(
                &self.path,
                Refusal::HardLinks {
                    links: self.id.nlink,
                },
            ));
        }
        Ok(())
    }

    /// Replaces the file's contents with what `fill` writes, by the
    /// protocol of the module documentation (temporary file, owner,
    /// attributes, mode, `fsync`, identity re-checked right before
    /// `renameat`). `fill` may read the file through [`Target::reader`]
    /// meanwhile (edits applied while copying).
    ///
    /// # Errors
    /// [`Error::Refused`] from [`Target::check_writable`], or when the
    /// owner or an extended attribute cannot be kept; [`Error::Changed`]
    /// when the file is no longer the one opened or changed since;
    /// [`Error::FileWrite`] when `fill`, the temporary file or the rename
    /// fail. In every case the file is left as it was and the temporary
    /// file removed.
    pub fn replace(
        &self,
        fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), Error> {
        self.replace_inner(None, fill)
    }

    /// As [`Target::replace`], and the file must still hold `original`
    /// (compared through the held descriptor, right before the identity
    /// check): this catches a change within the file system's timestamp
    /// granularity that leaves the size equal.
    ///
    /// # Errors
    /// As [`Target::replace`]; [`Error::Changed`] when the contents differ
    /// from `original`.
    pub fn replace_checked(
        &self,
        original: &[u8],
        fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), Error> {
        self.replace_inner(Some(Expect::Bytes(original)), fill)
    }

    /// As [`Target::replace`], and the file's contents must still have
    /// `digest` ([`Target::digest`]), checked right before the identity
    /// check: as [`Target::replace_checked`] without holding the original
    /// in memory.
    ///
    /// # Errors
    /// As [`Target::replace`]; [`Error::Changed`] when the digest differs.
    pub fn replace_if_digest(
        &self,
        digest: u64,
        fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), Error> {
        self.replace_inner(Some(Expect::Digest(digest)), fill)
    }

    fn changed(&self) -> Error {
        Error::Changed {
            path: DisplayPath(self.path.clone()),
        }
    }

    fn replace_inner(
        &self,
        original: Option<Expect<'_>>,
        fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), Error> {
        self.check_writable()?;
        let err = io_err(&self.path);
        let in_place =
            self.id.nlink > 1 && self.policy.map(|p| p.hard_links) == Some(HardLinks::InPlace);
        let mut tmp = TempFile::create(&self.dir).map_err(&err)?;
        {
            let mut w = BufWriter::with_capacity(64 * 1024, &tmp.file);
            fill(&mut w).map_err(&err)?;
            w.flush().map_err(&err)?;
        }
        if !in_place {
            self.keep_owner(&tmp.file)?;
            self.keep_xattrs(&tmp.file)?;
            rustix::fs::fchmod(&tmp.file, Mode::from_raw_mode(self.id.mode & 0o7777))
                .map_err(|e| err(e.into()))?;
        }
        tmp.file.sync_all().map_err(&err)?;
        let same = match original {
            None => true,
            Some(Expect::Bytes(b)) => self.holds(b).map_err(&err)?,
            Some(Expect::Digest(d)) => self.digest().map_err(&err)? == d,
        };
        if !same {
            return Err(self.changed());
        }
        if in_place {
            return self.write_in_place(&tmp);
        }
        {
            // Held across the check and the rename so that a signal never
            // removes a name the rename just gave the new file.
            let mut live = lock_live();
            self.still_same()?;
            rustix::fs::renameat(&*self.dir, &tmp.name, &*self.dir, &self.name)
                .map_err(|e| err(e.into()))?;
            tmp.done = true;
            live.retain(|l| l.id != tmp.id);
        }
        // The rename is done; flushing the directory is best effort (some
        // file systems refuse fsync on a directory).
        let _ = rustix::fs::fsync(&*self.dir);
        Ok(())
    }

    /// The name still holds the file opened, unchanged.
    fn still_same(&self) -> Result<(), Error> {
        let now = match rustix::fs::statat(&*self.dir, &self.name, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(st) => Identity::of(&st),
            Err(Errno::NOENT) => return Err(self.changed()),
            Err(e) => return Err(io_err(&self.path)(e.into())),
        };
        if self.id.unchanged(&now) {
            Ok(())
        } else {
            Err(self.changed())
        }
    }

    /// Whether the file still holds `original`.
    fn holds(&self, original: &[u8]) -> io::Result<bool> {
        let mut at = 0usize;
        let mut same = true;
        self.each_chunk(|chunk| {
            same = original.get(at..at + chunk.len()) == Some(chunk);
            at += chunk.len();
            same
        })?;
        Ok(same && at == original.len())
    }

    /// `--hard-links=in-place`: copies the complete temporary file into
    /// the original inode, after the same identity check.
    fn write_in_place(&self, tmp: &TempFile) -> Result<(), Error> {
        let err = io_err(&self.path);
        let out = {
            let _live = lock_live();
            self.still_same()?;
            let flags = OFlags::WRONLY | OFlags::NOFOLLOW | OFlags::NOCTTY | OFlags::CLOEXEC;
            let fd = rustix::fs::openat(&*self.dir, &self.name, flags, Mode::empty())
                .map_err(|e| err(e.into()))?;
            let now = Identity::of(&rustix::fs::fstat(&fd).map_err(|e| err(e.into()))?);
            if (now.dev, now.ino) != (self.id.dev, self.id.ino) {
                return Err(self.changed());
            }
            File::from(fd)
        };
        let mut src = TargetReader {
            file: &tmp.file,
            pos: 0,
        };
        let mut dst = BufWriter::with_capacity(64 * 1024, &out);
        let n = io::copy(&mut src, &mut dst).map_err(&err)?;
        dst.flush().map_err(&err)?;
        drop(dst);
        out.set_len(n).map_err(&err)?;
        out.sync_all().map_err(&err)?;
        Ok(())
    }

    /// Gives `tmp` the original's owner and group, or refuses.
    fn keep_owner(&self, tmp: &File) -> Result<(), Error> {
        let st = rustix::fs::fstat(tmp).map_err(|e| io_err(&self.path)(e.into()))?;
        if (st.st_uid, st.st_gid) == (self.id.uid, self.id.gid) {
            return Ok(());
        }
        let uid = (st.st_uid != self.id.uid).then(|| Uid::from_raw(self.id.uid));
        let gid = (st.st_gid != self.id.gid).then(|| Gid::from_raw(self.id.gid));
        rustix::fs::fchown(tmp, uid, gid).map_err(|e| {
            refused(
                &self.path,
                Refusal::Owner {
                    uid: self.id.uid,
                    gid: self.id.gid,
                    source: e.into(),
                },
            )
        })
    }

    /// Gives `tmp` exactly the original's extended attributes (ACLs
    /// included), or refuses.
    fn keep_xattrs(&self, tmp: &File) -> Result<(), Error> {
        let err = io_err(&self.path);
        let xattr_refused = |name: &OsStr, e: io::Error| {
            refused(
                &self.path,
                Refusal::Xattr {
                    name: name.to_string_lossy().into_owned(),
                    source: e,
                },
            )
        };
        let wanted = list_xattrs(&self.file).map_err(&err)?;
        for name in &wanted {
            let Some(value) = get_xattr(&self.file, name).map_err(&err)? else {
                continue;
            };
            if get_xattr(tmp, name).map_err(&err)?.as_deref() == Some(&value[..]) {
                continue;
            }
            rustix::fs::fsetxattr(tmp, name.as_os_str(), &value, XattrFlags::empty())
                .map_err(|e| xattr_refused(name, e.into()))?;
        }
        // Attributes the new file got by itself (a directory's default
        // ACL) that the original has not.
        for name in list_xattrs(tmp).map_err(&err)? {
            if !wanted.contains(&name) {
                match rustix::fs::fremovexattr(tmp, name.as_os_str()) {
                    Ok(()) | Err(Errno::NODATA) => {}
                    Err(e) => return Err(xattr_refused(&name, e.into())),
                }
            }
        }
        Ok(())
    }
}

/// What the file must still hold right before it is replaced.
#[derive(Clone, Copy)]
enum Expect<'a> {
    /// These bytes.
    Bytes(&'a [u8]),
    /// Contents with this [`Target::digest`].
    Digest(u64),
}

/// A reader of a [`Target`] (or a temporary file) from byte 0, by
/// positional reads on a shared descriptor.
#[derive(Debug)]
pub struct TargetReader<'a> {
    file: &'a File,
    pos: u64,
}

impl Read for TargetReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.file.read_at(buf, self.pos)?;
        self.pos += n as u64;
        Ok(n)
    }
}

/// The names of the extended attributes of `fd` (none where the file
/// system has no extended attributes).
fn list_xattrs(fd: impl AsFd) -> io::Result<Vec<OsString>> {
    for _ in 0..8 {
        let size = match rustix::fs::flistxattr_query(&fd) {
            Ok(n) => n,
            Err(Errno::NOTSUP) => return Ok(Vec::new()),
            Err(e) => return Err(e.into()),
        };
        let mut buf = vec![0u8; size];
        match rustix::fs::flistxattr(&fd, &mut buf[..]) {
            Ok(n) => {
                buf.truncate(n);
                return Ok(buf
                    .split(|&b| b == 0)
                    .filter(|n| !n.is_empty())
                    .map(|n| OsStr::from_bytes(n).to_os_string())
                    .collect());
            }
            Err(Errno::RANGE) => continue, // grew meanwhile
            Err(e) => return Err(e.into()),
        }
    }
    Err(io::Error::other("extended attributes keep changing"))
}

/// The value of extended attribute `name` of `fd`, `None` when it has none.
fn get_xattr(fd: impl AsFd, name: &OsStr) -> io::Result<Option<Vec<u8>>> {
    for _ in 0..8 {
        let size = match rustix::fs::fgetxattr_query(&fd, name) {
            Ok(n) => n,
            Err(Errno::NODATA | Errno::NOTSUP) => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        let mut buf = vec![0u8; size];
        match rustix::fs::fgetxattr(&fd, name, &mut buf[..]) {
            Ok(n) => {
                buf.truncate(n);
                return Ok(Some(buf));
            }
            Err(Errno::RANGE) => continue,
            Err(Errno::NODATA) => return Ok(None),
            Err(e) => return Err(e.into()),
        }
    }
    Err(io::Error::other("an extended attribute keeps changing"))
}

// ---------------------------------------------------------------------
// Temporary files, and removing them on the signals that end a process.
// ---------------------------------------------------------------------

/// A live temporary file: its directory and name.
struct Live {
    id: u64,
    dir: Arc<OwnedFd>,
    name: OsString,
}

/// The temporary files being written (removed on a signal that ends the
/// process).
static LIVE: Mutex<Vec<Live>> = Mutex::new(Vec::new());
static NEXT: AtomicU64 = AtomicU64::new(0);

fn lock_live() -> MutexGuard<'static, Vec<Live>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A temporary file `.urilint-PID-N.tmp` in a held directory, removed when
/// dropped unless `done` (renamed over the original).
struct TempFile {
    id: u64,
    dir: Arc<OwnedFd>,
    name: OsString,
    file: File,
    done: bool,
}

impl TempFile {
    fn create(dir: &Arc<OwnedFd>) -> io::Result<TempFile> {
        let flags = OFlags::RDWR
            | OFlags::CREATE
            | OFlags::EXCL
            | OFlags::NOFOLLOW
            | OFlags::NOCTTY
            | OFlags::CLOEXEC;
        let pid = std::process::id();
        for _ in 0..1000 {
            let id = NEXT.fetch_add(1, Ordering::Relaxed);
            let name = OsString::from(format!(".urilint-{pid}-{id}.tmp"));
            // Registered before it exists, so that no moment has a file
            // that a signal would not remove.
            let mut live = lock_live();
            match rustix::fs::openat(&**dir, &name, flags, Mode::from_raw_mode(0o600)) {
                Ok(fd) => {
                    live.push(Live {
                        id,
                        dir: Arc::clone(dir),
                        name: name.clone(),
                    });
                    return Ok(TempFile {
                        id,
                        dir: Arc::clone(dir),
                        name,
                        file: File::from(fd),
                        done: false,
                    });
                }
                Err(Errno::EXIST) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "no free temporary file name",
        ))
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.done {
            let mut live = lock_live();
            let _ = rustix::fs::unlinkat(&*self.dir, &self.name, AtFlags::empty());
            live.retain(|l| l.id != self.id);
        }
    }
}

/// Installs a handler (a thread, with the `signal-hook` crate) that on
/// SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1 or SIGUSR2 removes
/// every temporary file being written and ends
/// the process with status 128 + the signal's number (130, 143), as a
/// shell reports a process killed by it. Called by the binary for `check
/// --fix` and `rewrite`; a library user who writes files may call it too.
///
/// # Errors
/// When the handler cannot be registered or its thread started.
pub fn remove_temp_files_on_signal() -> io::Result<()> {
    use signal_hook::consts::{SIGALRM, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2};
    // Every signal whose default action ends the process and that a
    // program may be sent in normal use (a closed terminal or SSH session
    // sends SIGHUP; L1 of the 2026-11-26 review). SIGPIPE is ignored by
    // Rust programs (a write then fails with EPIPE); SIGKILL cannot be
    // caught.
    let mut signals = signal_hook::iterator::Signals::new([
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2,
    ])?;
    std::thread::Builder::new()
        .name("urilint-signals".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                // Held until the process ends: no rename happens after the
                // removal.
                let live = lock_live();
                for l in live.iter() {
                    let _ = rustix::fs::unlinkat(&*l.dir, &l.name, AtFlags::empty());
                }
                std::process::exit(128 + sig);
            }
        })?;
    Ok(())
}

/// Replaces the contents of `path` (named on the command line), which
/// held `original` when it was read, with `new`, under the default
/// [`WritePolicy`]: [`Target::open`] then [`Target::replace_checked`].
///
/// # Errors
/// As [`Target::open`] and [`Target::replace_checked`]. The file is left
/// as it was in every case.
pub fn write_atomic(path: &Path, original: &[u8], new: &[u8]) -> Result<(), Error> {
    Target::open(path, &WritePolicy::default())?.replace_checked(original, |w| w.write_all(new))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::os::unix::fs::{MetadataExt, PermissionsExt};

    #[test]
    fn replaces_contents_and_keeps_permissions() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a.txt");
        fs::write(&path, b"old\r\n").expect("write");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).expect("chmod");
        write_atomic(&path, b"old\r\n", b"new\r\n").expect("written");
        assert_eq!(fs::read(&path).expect("read"), b"new\r\n");
        let mode = fs::metadata(&path).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        // No temporary file left behind.
        let names: Vec<_> = fs::read_dir(dir.path()).expect("dir").collect();
        assert_eq!(names.len(), 1);
    }

    #[test]
    fn changed_file_is_not_overwritten() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a.txt");
        fs::write(&path, b"edited meanwhile").expect("write");
        let e = write_atomic(&path, b"old", b"new").expect_err("changed");
        assert!(matches!(e, Error::Changed { .. }), "{e}");
        assert_eq!(fs::read(&path).expect("read"), b"edited meanwhile");
        assert_eq!(fs::read_dir(dir.path()).expect("dir").count(), 1);
    }

    #[test]
    fn symlink_is_written_through() {
        let dir = tempfile::tempdir().expect("tempdir");
        let real = dir.path().join("real.txt");
        let link = dir.path().join("link.txt");
        fs::write(&real, b"old").expect("write");
        std::os::unix::fs::symlink(&real, &link).expect("symlink");
        write_atomic(&link, b"old", b"new").expect("written");
        assert_eq!(fs::read(&real).expect("read"), b"new");
        assert!(fs::symlink_metadata(&link)
            .expect("meta")
            .file_type()
            .is_symlink());
    }

    #[test]
    fn reader_reads_from_the_start_each_time() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a.txt");
        fs::write(&path, b"abc").expect("write");
        let t = Target::open(&path, &WritePolicy::default()).expect("open");
        for _ in 0..2 {
            let mut s = Vec::new();
            t.reader().read_to_end(&mut s).expect("read");
            assert_eq!(s, b"abc");
        }
        assert_eq!(t.len(), 3);
        // Streaming: the fill reads the original while writing.
        t.replace(|w| {
            let mut r = t.reader();
            io::copy(&mut r, w)?;
            w.write_all(b"d")
        })
        .expect("replaced");
        assert_eq!(fs::read(&path).expect("read"), b"abcd");
    }

    /// 8: a file replaced (another inode) or rewritten (other size, mtime,
    /// ctime) after it was opened is not overwritten.
    #[test]
    fn identity_is_checked_before_rename() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a.txt");
        fs::write(&path, b"one").expect("write");
        let t = Target::open(&path, &WritePolicy::default()).expect("open");
        // Replaced by another file with the same contents.
        fs::write(dir.path().join("b.txt"), b"one").expect("write");
        fs::rename(dir.path().join("b.txt"), &path).expect("rename");
        let e = t.replace(|w| w.write_all(b"two")).expect_err("changed");
        assert!(matches!(e, Error::Changed { .. }), "{e}");
        assert_eq!(fs::read(&path).expect("read"), b"one");
        // Written in place (the identity check alone, no contents compare).
        let t = Target::open(&path, &WritePolicy::default()).expect("open");
        fs::write(&path, b"one!").expect("write");
        let e = t.replace(|w| w.write_all(b"two")).expect_err("changed");
        assert!(matches!(e, Error::Changed { .. }), "{e}");
        assert_eq!(fs::read(&path).expect("read"), b"one!");
        assert_eq!(fs::read_dir(dir.path()).expect("dir").count(), 1);
    }

    #[test]
    fn failing_fill_leaves_the_file_and_no_temp() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a.txt");
        fs::write(&path, b"one").expect("write");
        let ino = fs::metadata(&path).expect("meta").ino();
        let t = Target::open(&path, &WritePolicy::default()).expect("open");
        let e = t
            .replace(|w| {
                w.write_all(b"partial")?;
                Err(io::Error::other("disk full"))
            })
            .expect_err("fails");
        assert!(matches!(e, Error::FileWrite { .. }), "{e}");
        assert_eq!(fs::read(&path).expect("read"), b"one");
        assert_eq!(fs::metadata(&path).expect("meta").ino(), ino);
        assert_eq!(fs::read_dir(dir.path()).expect("dir").count(), 1);
    }

    #[test]
    fn walked_symlink_is_refused_and_directory_links_not_followed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("tree");
        fs::create_dir_all(root.join("sub")).expect("mkdir");
        let victim = dir.path().join("victim.txt");
        fs::write(&victim, b"old").expect("write");
        std::os::unix::fs::symlink(&victim, root.join("a.txt")).expect("symlink");
        let held = crate::beneath::Root::open(&root).expect("root");
        let walked = Origin::Walked { root: Some(&held) };
        let policy = WritePolicy::default();
        let e = Target::open_from(&root.join("a.txt"), walked, Some(&policy)).expect_err("link");
        assert!(
            matches!(
                e,
                Error::Refused {
                    reason: Refusal::Symlink,
                    ..
                }
            ),
            "{e}"
        );
        // A directory below the root swapped for a link to elsewhere.
        fs::write(dir.path().join("b.txt"), b"old").expect("write");
        fs::remove_dir(root.join("sub")).expect("rmdir");
        std::os::unix::fs::symlink(dir.path(), root.join("sub")).expect("symlink");
        let e = Target::open_from(&root.join("sub/b.txt"), walked, Some(&policy))
            .expect_err("dir link");
        assert!(
            matches!(
                e,
                Error::Refused {
                    reason: Refusal::Symlink,
                    ..
                }
            ),
            "{e}"
        );
        // The root itself may be a link (the user named it).
        let link_root = dir.path().join("link-root");
        std::os::unix::fs::symlink(&root, &link_root).expect("symlink");
        fs::write(root.join("c.txt"), b"old").expect("write");
        let held_link = crate::beneath::Root::open(&link_root).expect("root");
        let walked = Origin::Walked {
            root: Some(&held_link),
        };
        let t = Target::open_from(&link_root.join("c.txt"), walked, Some(&policy)).expect("open");
        t.replace(|w| w.write_all(b"new")).expect("written");
        assert_eq!(fs::read(root.join("c.txt")).expect("read"), b"new");
        assert_eq!(fs::read(&victim).expect("read"), b"old");
        // H1 of the 2026-11-26 review: the root renamed away and a link to
        // another directory put in its place after the walk began: the
        // held root still reaches the tree, never the other directory.
        let other = dir.path().join("other");
        fs::create_dir_all(&other).expect("mkdir");
        fs::write(other.join("d.txt"), b"victim").expect("write");
        fs::write(root.join("d.txt"), b"mine").expect("write");
        fs::rename(&root, dir.path().join("tree.moved")).expect("rename");
        std::os::unix::fs::symlink(&other, &root).expect("symlink");
        let walked = Origin::Walked { root: Some(&held) };
        let t = Target::open_from(&root.join("d.txt"), walked, Some(&policy)).expect("open");
        t.replace(|w| w.write_all(b"new")).expect("written");
        assert_eq!(fs::read(other.join("d.txt")).expect("read"), b"victim");
        assert_eq!(
            fs::read(dir.path().join("tree.moved/d.txt")).expect("read"),
            b"new"
        );
    }

    #[test]
    fn reading_only_target_refuses_to_write() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a.txt");
        fs::write(&path, b"abc").expect("write");
        let t = Target::open_from(&path, Origin::Named, None).expect("open");
        assert!(t.replace(|w| w.write_all(b"x")).is_err());
        assert_eq!(fs::read(&path).expect("read"), b"abc");
    }
}
