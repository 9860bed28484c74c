//! The one way urilint reads and writes a file that is not an input of
//! the run: its own state, kept across runs (the remote cache of `check
//! --links remote --cache`, [`crate::remote::cache`], today).
//!
//! H1, H2, M8 and L7 of the 2026-11-29 review: the cache's path came from
//! a repository's `urilint.toml` and went anywhere (`../`, an absolute
//! path, an input of the run), its temporary file had a guessable name
//! opened without `O_EXCL`/`O_NOFOLLOW`, it was read whole through links
//! and devices, and a file planted by another user was trusted. Here:
//!
//! - **Where** ([`Location`]). A path named on the command line
//!   (`--cache=FILE`, [`Location::command_line`]) may be anywhere: the
//!   user asked; the directories on its way are followed as the user
//!   wrote them, the file itself never. A path named by a configuration
//!   file ([`Location::beneath`]) is relative to that file's directory,
//!   with no `..` and no root ([`check_relative`], a configuration error
//!   at load), and every component below that directory is opened with
//!   `O_NOFOLLOW` ([`crate::beneath::Root::parent_of`]): a link on the way
//!   cannot lead it out.
//! - **Reading** ([`StateFile::read`]). The file is opened from its held
//!   directory with `O_NOFOLLOW | O_NONBLOCK` and must be a regular file
//!   (a link, FIFO or device is refused at once, without blocking), of at
//!   most [`MAX_SIZE`] bytes, owned by the user running urilint, not
//!   writable by others, in a directory others may not write unless it is
//!   sticky (the rule of `urilint.toml`, M11 of the 2026-11-26 review).
//!   The caller also checks that it is what it claims to be (the cache:
//!   its first non-empty line is a cache entry): anything else is refused.
//!   A refused file is neither read nor written.
//! - **Writing** ([`StateFile::replace`]). The new contents go to a
//!   temporary file with an unpredictable name (`.NAME.RANDOM.tmp`, 64 bits
//!   from the system's `getrandom`) created with
//!   `O_CREAT | O_EXCL | O_NOFOLLOW` in the held directory, mode 0600 when
//!   it replaces a file (then that file's group and mode, `fchown` and
//!   `fchmod`; without the group's bits when that group cannot be given),
//!   0666 less the umask when the file is new; flushed, then `renameat`
//!   over the name after checking that the name is still the file that
//!   was read (or still absent). Nothing is ever opened through a link; a
//!   planted file or link at any name is never written through.
//! - **Never an input**: the caller gives the file's identity
//!   ([`StateFile::identity`]) to the run, and a walked file that is it is
//!   skipped (`crate::run::check`).

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, Read as _, Write as _};
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Component, Path, PathBuf};

use rustix::fs::{AtFlags, Gid, Mode, OFlags, Stat};
use rustix::io::Errno;

use crate::beneath::{odd_kind, Beneath, Root};
use crate::error::DisplayPath;

/// The largest state file read, in bytes (256 MiB, M8 of the 2026-11-29
/// review): a larger one is refused ([`Refused::TooLarge`]), neither read
/// nor written.
pub const MAX_SIZE: u64 = 256 * 1024 * 1024;

/// Why a state file is not used: neither read nor written for the run.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    /// The file (the last component) is a symbolic link, or a directory
    /// below a configuration's directory is one (H1, H2, M8 of the
    /// 2026-11-29 review).
    #[error("a symbolic link (the file, or a directory on its way): not followed")]
    Symlink,
    /// A FIFO, device, socket or directory (M8).
    #[error("{kind}, not a regular file")]
    NotRegular {
        /// What it is (`"a FIFO"`).
        kind: &'static str,
    },
    /// Larger than [`MAX_SIZE`] (M8); `size` in bytes.
    #[error("{size} bytes, more than the {} MiB read", MAX_SIZE / (1024 * 1024))]
    TooLarge {
        /// Its size, in bytes.
        size: u64,
    },
    /// Owned by another user, writable by others, or in a directory others
    /// may write that is not sticky (L7); `why` says which.
    #[error("{why}")]
    Untrusted {
        /// Which, e.g. `"owned by user 65534, not by you (user 0)"`.
        why: String,
    },
    /// An existing file that is not such a state file (H1: e.g. an input,
    /// or a shell's rc file): never overwritten.
    #[error("not {what} (its first line is not one of its entries): not overwritten")]
    Foreign {
        /// What it should be, e.g. `"a urilint cache"`.
        what: &'static str,
    },
    /// The file appeared, disappeared or was replaced during the run.
    #[error("changed during the run: not overwritten")]
    Changed,
    /// The path has no file name (`..`, `/`).
    #[error("names no file")]
    NoName,
}

/// An error of a state file: the path as named, and what went wrong.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// The file is not used (see [`Refused`]).
    #[error("{path}: not used: {reason}")]
    Refused {
        /// The path as named.
        path: DisplayPath,
        /// Why.
        reason: Refused,
    },
    /// A system call failed (`ENOENT` for a missing directory, `EACCES`,
    /// a full disk).
    #[error("{path}: {source}")]
    Io {
        /// The path as named.
        path: DisplayPath,
        /// The system's error.
        #[source]
        source: io::Error,
    },
}

/// Where a state file is: a directory to hold, the path below it, and
/// the path as named (for messages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The directory opened (following links in it: the user's or the
    /// configuration's own directory).
    dir: PathBuf,
    /// The path below `dir`, every component reached with `O_NOFOLLOW`.
    rel: PathBuf,
    /// The path as named, for messages.
    shown: PathBuf,
}

/// Checks a state file's path given by a configuration file: relative,
/// without `..`, naming a file (H1 of the 2026-11-29 review: a
/// repository's `urilint.toml` aimed the remote cache at any file the
/// user can write).
///
/// # Errors
/// A message completing "KEY: ", e.g. `"\"../x\" leaves the directory of
/// the configuration file ('..'): give such a path with --cache=FILE"`.
pub fn check_relative(value: &Path) -> Result<(), String> {
    let shown = value.display();
    let mut named = false;
    for c in value.components() {
        match c {
            Component::Normal(_) => named = true,
            Component::CurDir => {}
            Component::ParentDir => {
                return Err(format!(
                    "\"{shown}\" leaves the directory of the configuration file ('..'): \
                     give such a path on the command line (--cache=FILE)"
                ))
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err(format!(
                    "\"{shown}\" is absolute: a configuration file names a path inside its \
                     own directory; give such a path on the command line (--cache=FILE)"
                ))
            }
        }
    }
    if !named || value.as_os_str().as_encoded_bytes().ends_with(b"/") {
        return Err(format!("\"{shown}\" names no file"));
    }
    Ok(())
}

impl Location {
    /// A path named on the command line (`--cache=FILE`): anywhere; its
    /// directories are followed as named, the file itself never.
    pub fn command_line(path: &Path) -> Location {
        let (dir, rel) = match (path.parent(), path.file_name()) {
            (Some(d), Some(n)) => (d.to_path_buf(), PathBuf::from(n)),
            // `..`, `/`: no file name; refused when opened.
            _ => (path.to_path_buf(), PathBuf::new()),
        };
        Location {
            dir,
            rel,
            shown: path.to_path_buf(),
        }
    }

    /// A path `rel` named by a configuration file whose directory is
    /// `dir`: below `dir` ([`check_relative`]), each component opened
    /// without following links.
    ///
    /// # Errors
    /// [`check_relative`]'s message.
    pub fn beneath(dir: &Path, rel: &Path) -> Result<Location, String> {
        check_relative(rel)?;
        Ok(Location {
            dir: dir.to_path_buf(),
            rel: rel.to_path_buf(),
            shown: dir.join(rel),
        })
    }

    /// The path as named (the configuration's directory joined to it).
    pub fn path(&self) -> &Path {
        &self.shown
    }
}

/// A state file's device and inode, as `fstat` gives them.
pub type Identity = (u64, u64);

/// A state file reached from its held directory; what was there when it
/// was opened.
#[derive(Debug)]
pub struct StateFile {
    shown: PathBuf,
    dir: OwnedFd,
    name: OsString,
    /// What [`StateFile::read`] found: `None` before, `Some(None)` when
    /// there was no file.
    found: Option<Option<Seen>>,
}

impl StateFile {
    /// Opens the directory of `loc` (held from now on) and checks that
    /// the directory is one others may not write, or sticky (L7).
    ///
    /// # Errors
    /// [`Refused::Symlink`] for a link below a configuration's directory,
    /// [`Refused::NoName`], [`Refused::Untrusted`], and the errors of
    /// `openat` (a missing directory).
    pub fn open(loc: &Location) -> Result<StateFile, StateError> {
        let refused = |reason| StateError::Refused {
            path: DisplayPath(loc.shown.clone()),
            reason,
        };
        let io = |source: io::Error| StateError::Io {
            path: DisplayPath(loc.shown.clone()),
            source,
        };
        let root = Root::open(&loc.dir).map_err(io)?;
        let (dir, name) = root.parent_of(&loc.rel).map_err(|e| match e {
            Beneath::Symlink => refused(Refused::Symlink),
            Beneath::Unreachable => refused(Refused::NoName),
            Beneath::NotRegular { kind } => refused(Refused::NotRegular { kind }),
            Beneath::Io(e) => io(e),
        })?;
        let st = rustix::fs::fstat(&dir).map_err(|e| io(e.into()))?;
        if let Some(why) = untrusted_directory(&st) {
            return Err(refused(Refused::Untrusted { why }));
        }
        Ok(StateFile {
            shown: loc.shown.clone(),
            dir,
            name,
            found: None,
        })
    }

    /// The path as named.
    pub fn path(&self) -> &Path {
        &self.shown
    }

    fn refused(&self, reason: Refused) -> StateError {
        StateError::Refused {
            path: DisplayPath(self.shown.clone()),
            reason,
        }
    }

    fn io(&self, source: io::Error) -> StateError {
        StateError::Io {
            path: DisplayPath(self.shown.clone()),
            source,
        }
    }

    /// The file's device and inode when [`StateFile::read`] found one.
    pub fn identity(&self) -> Option<Identity> {
        self.found.flatten().map(|s| s.id)
    }

    /// Reads the whole file: `None` when there is none. Opened with
    /// `O_NOFOLLOW | O_NONBLOCK`; refused unless a regular file of at most
    /// `max` bytes ([`MAX_SIZE`] for the cache), owned by the user running
    /// urilint and not writable by others (L7 and M8 of the 2026-11-29
    /// review). A refused file is not written by [`StateFile::replace`]
    /// either.
    ///
    /// # Errors
    /// [`Refused::Symlink`], [`Refused::NotRegular`],
    /// [`Refused::TooLarge`], [`Refused::Untrusted`], and the errors of
    /// `openat` and `read` (`EACCES`).
    pub fn read(&mut self, max: u64) -> Result<Option<Vec<u8>>, StateError> {
        let flags =
            OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
        let fd = match rustix::fs::openat(&self.dir, &self.name, flags, Mode::empty()) {
            Ok(fd) => fd,
            Err(Errno::NOENT) => {
                self.found = Some(None);
                return Ok(None);
            }
            Err(Errno::LOOP) => return Err(self.refused(Refused::Symlink)),
            Err(e) => return Err(self.io(e.into())),
        };
        let st = rustix::fs::fstat(&fd).map_err(|e| self.io(e.into()))?;
        if let Some(kind) = odd_kind(st.st_mode) {
            return Err(self.refused(Refused::NotRegular { kind }));
        }
        if let Some(why) = untrusted_file(&st) {
            return Err(self.refused(Refused::Untrusted { why }));
        }
        let size = u64::try_from(st.st_size).unwrap_or(0);
        if size > max {
            return Err(self.refused(Refused::TooLarge { size }));
        }
        rustix::fs::fcntl_setfl(&fd, OFlags::empty()).map_err(|e| self.io(e.into()))?;
        let mut bytes = Vec::new();
        File::from(fd)
            .take(max.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|e| self.io(e))?;
        let read = bytes.len() as u64;
        if read > max {
            return Err(self.refused(Refused::TooLarge { size: read }));
        }
        self.found = Some(Some(Seen::of(&st)));
        Ok(Some(bytes))
    }

    /// Replaces the file read by [`StateFile::read`] (or creates it when
    /// there was none) with `contents`, atomically: a temporary file of
    /// an unpredictable name created with `O_CREAT | O_EXCL | O_NOFOLLOW`
    /// in the held directory, given the old file's group and mode, flushed, and
    /// renamed over the name. Returns the new file's identity.
    ///
    /// # Errors
    /// [`Refused::Changed`] when [`StateFile::read`] was not called (or
    /// refused), or the name is no longer what it read (a file appeared,
    /// was removed or replaced); the errors of `openat`, `write`, `fsync`
    /// and `renameat`. The old file is left as it was in every case.
    pub fn replace(&self, contents: &[u8]) -> Result<Identity, StateError> {
        self.replace_with(contents, random_suffix)
    }

    /// [`StateFile::replace`] with the temporary names' suffixes from
    /// `suffix` (tests plant files at the names it gives).
    fn replace_with(
        &self,
        contents: &[u8],
        mut suffix: impl FnMut() -> io::Result<u64>,
    ) -> Result<Identity, StateError> {
        let Some(found) = self.found else {
            return Err(self.refused(Refused::Changed));
        };
        // Replacing a file: private until it has that file's mode. A new
        // file: the mode any new file gets (0666 less the umask).
        let mode = match found {
            Some(_) => 0o600,
            None => 0o666,
        };
        let mut tmp =
            Temp::create(&self.dir, &self.name, mode, &mut suffix).map_err(|e| self.io(e))?;
        if let Some(old) = found {
            // The old file's group when the user may give it (a group
            // they are in); else the group's permissions are dropped, so
            // that another group never gets what the old one had.
            let group = rustix::fs::fchown(&tmp.file, None, Some(Gid::from_raw(old.gid)));
            let mode = if group.is_ok() {
                old.mode & 0o777
            } else {
                old.mode & 0o707
            };
            rustix::fs::fchmod(&tmp.file, Mode::from_raw_mode(mode))
                .map_err(|e| self.io(e.into()))?;
        }
        tmp.file
            .write_all(contents)
            .and_then(|()| tmp.file.sync_all())
            .map_err(|e| self.io(e))?;
        let st = rustix::fs::fstat(&tmp.file).map_err(|e| self.io(e.into()))?;
        // The name must still be what was read, or still be absent.
        let now = match rustix::fs::statat(&self.dir, &self.name, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(st) => Some(Seen::of(&st)),
            Err(Errno::NOENT) => None,
            Err(e) => return Err(self.io(e.into())),
        };
        if now != found {
            return Err(self.refused(Refused::Changed));
        }
        rustix::fs::renameat(&self.dir, &tmp.name, &self.dir, &self.name)
            .map_err(|e| self.io(e.into()))?;
        tmp.done = true;
        // The rename itself on disk (as `fix::write` does); a failure here
        // loses nothing.
        let _ = rustix::fs::fsync(&self.dir);
        Ok(identity(&st))
    }
}

/// What is compared to tell that the name is still the file read: its
/// identity, mode (type and permissions), size, and change time (an inode
/// number freed and given to a new file differs in the last).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seen {
    id: Identity,
    mode: u32,
    gid: u32,
    size: i64,
    ctime: (i64, i64),
    mtime: (i64, i64),
}

impl Seen {
    fn of(st: &Stat) -> Seen {
        Seen {
            id: identity(st),
            mode: st.st_mode,
            gid: st.st_gid,
            size: st.st_size,
            ctime: (st.st_ctime, st.st_ctime_nsec as i64),
            mtime: (st.st_mtime, st.st_mtime_nsec as i64),
        }
    }
}

/// The device and inode of `st`.
fn identity(st: &Stat) -> Identity {
    (st.st_dev, st.st_ino)
}

/// Why a file is not to be trusted (L7 of the 2026-11-29 review, the rule
/// of `urilint.toml`): owned by another user, or writable by others.
fn untrusted_file(st: &Stat) -> Option<String> {
    let me = rustix::process::geteuid().as_raw();
    if st.st_uid != me {
        return Some(format!(
            "owned by user {}, not by you (user {me})",
            st.st_uid
        ));
    }
    writable_by_others(st.st_mode, st.st_gid)
}

/// Why a file of mode `mode` and group `gid`, owned by the user running
/// urilint, may be written by someone else: writable by all, or by a
/// group that is not the user's own (effective) group. A file writable by
/// the user's own group is not refused: that is what a checkout made
/// under the common umask 002 of user-private groups looks like (Debian
/// and Ubuntu, `USERGROUPS_ENAB`), and every site configuration of such
/// a checkout would otherwise be passed over (found on the first run of
/// issue 46's repositories). `None` when only the user may write it.
pub(crate) fn writable_by_others(mode: u32, gid: u32) -> Option<String> {
    if mode & 0o002 != 0 {
        return Some("writable by other users".to_string());
    }
    let mine = rustix::process::getegid().as_raw();
    if mode & 0o020 != 0 && gid != mine {
        return Some(format!(
            "writable by other users (its group {gid}, not yours, {mine})"
        ));
    }
    None
}

/// Why a directory is not to hold a state file: others may write it and
/// it is not sticky (they could replace the file).
fn untrusted_directory(st: &Stat) -> Option<String> {
    let (others_write, sticky) = (st.st_mode & 0o002 != 0, st.st_mode & 0o1000 != 0);
    (others_write && !sticky).then(|| "in a directory that other users may write".to_string())
}

/// 64 bits from the system's random source (`getrandom(2)`).
fn random_suffix() -> io::Result<u64> {
    let mut buf = [0u8; 8];
    let mut filled = 0;
    while filled < buf.len() {
        let got =
            rustix::rand::getrandom(&mut buf[filled..], rustix::rand::GetRandomFlags::empty())
                .map_err(io::Error::from)?;
        filled += got;
        if got == 0 {
            return Err(io::Error::other("getrandom gave no bytes"));
        }
    }
    Ok(u64::from_le_bytes(buf))
}

/// A temporary file beside a state file, removed when dropped unless
/// renamed.
struct Temp<'d> {
    dir: &'d OwnedFd,
    name: OsString,
    file: File,
    done: bool,
}

impl<'d> Temp<'d> {
    /// Creates `.BASE.SUFFIX.tmp` in `dir` with `O_CREAT | O_EXCL |
    /// O_NOFOLLOW` and `mode`: an existing file or link at the name is
    /// never opened; another suffix is tried (up to 16).
    fn create(
        dir: &'d OwnedFd,
        base: &OsStr,
        mode: u32,
        suffix: &mut impl FnMut() -> io::Result<u64>,
    ) -> io::Result<Temp<'d>> {
        let flags = OFlags::WRONLY
            | OFlags::CREATE
            | OFlags::EXCL
            | OFlags::NOFOLLOW
            | OFlags::NOCTTY
            | OFlags::CLOEXEC;
        for _ in 0..16 {
            let mut name = OsString::from(".");
            name.push(base);
            name.push(format!(".{:016x}.tmp", suffix()?));
            match rustix::fs::openat(dir.as_fd(), &name, flags, Mode::from_raw_mode(mode)) {
                Ok(fd) => {
                    return Ok(Temp {
                        dir,
                        name,
                        file: File::from(fd),
                        done: false,
                    })
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

impl Drop for Temp<'_> {
    fn drop(&mut self) {
        if !self.done {
            let _ = rustix::fs::unlinkat(self.dir, &self.name, AtFlags::empty());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::{symlink, MetadataExt, PermissionsExt};

    fn dir() -> tempfile::TempDir {
        tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
    }

    /// A checkout made under umask 002 (user-private groups) has its
    /// files writable by the user's own group: obeyed. Writable by all, or
    /// by another group: refused (issue 46's first run passed over every
    /// site configuration of such a checkout).
    #[test]
    fn own_group_may_write() {
        let mine = rustix::process::getegid().as_raw();
        assert_eq!(writable_by_others(0o644, mine), None);
        assert_eq!(writable_by_others(0o664, mine), None);
        assert!(writable_by_others(0o664, mine.wrapping_add(1)).is_some());
        assert!(writable_by_others(0o666, mine).is_some());
        assert!(writable_by_others(0o646, mine).is_some());
    }

    fn refused(r: Result<impl std::fmt::Debug, StateError>) -> Refused {
        match r {
            Err(StateError::Refused { reason, .. }) => reason,
            other => panic!("not refused: {other:?}"),
        }
    }

    fn opened(loc: &Location) -> StateFile {
        StateFile::open(loc).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_configuration_path_is_relative_without_dot_dot() {
        for ok in [
            "c.jsonl",
            "state/c.jsonl",
            "./c.jsonl",
            ".urilint-cache.jsonl",
        ] {
            assert_eq!(check_relative(Path::new(ok)), Ok(()), "{ok}");
        }
        for bad in [
            "../c.jsonl",
            "a/../../c",
            "a/..",
            "/etc/passwd",
            "",
            ".",
            "state/",
        ] {
            assert!(check_relative(Path::new(bad)).is_err(), "{bad}");
        }
        assert!(Location::beneath(Path::new("."), Path::new("../x")).is_err());
    }

    #[test]
    fn a_link_below_the_configuration_directory_is_not_followed() {
        let d = dir();
        std::fs::create_dir_all(d.path().join("repo/state")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::create_dir(d.path().join("outside")).unwrap_or_else(|e| panic!("{e}"));
        symlink("../outside", d.path().join("repo/out")).unwrap_or_else(|e| panic!("{e}"));
        let repo = d.path().join("repo");
        let via_link =
            Location::beneath(&repo, Path::new("out/c.jsonl")).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            refused(StateFile::open(&via_link)),
            Refused::Symlink
        ));
        let inside =
            Location::beneath(&repo, Path::new("state/c.jsonl")).unwrap_or_else(|e| panic!("{e}"));
        let mut f = opened(&inside);
        assert_eq!(f.read(MAX_SIZE).ok(), Some(None));
        f.replace(b"x\n").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            std::fs::read(repo.join("state/c.jsonl")).ok(),
            Some(b"x\n".to_vec())
        );
        // A link as the file itself (to a file inside, even): refused.
        symlink("state/c.jsonl", repo.join("l.jsonl")).unwrap_or_else(|e| panic!("{e}"));
        let link = Location::beneath(&repo, Path::new("l.jsonl")).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            refused(opened(&link).read(MAX_SIZE)),
            Refused::Symlink
        ));
    }

    #[test]
    fn devices_fifos_and_large_files_are_refused_at_once() {
        let d = dir();
        let p = d.path();
        symlink("/dev/zero", p.join("zero")).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            refused(opened(&Location::command_line(&p.join("zero"))).read(MAX_SIZE)),
            Refused::Symlink
        ));
        // The device named through its directory (the file itself: no link).
        assert!(matches!(
            refused(opened(&Location::command_line(Path::new("/dev/zero"))).read(MAX_SIZE)),
            Refused::NotRegular {
                kind: "a character device"
            }
        ));
        rustix::fs::mknodat(
            rustix::fs::CWD,
            p.join("fifo"),
            rustix::fs::FileType::Fifo,
            Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            refused(opened(&Location::command_line(&p.join("fifo"))).read(MAX_SIZE)),
            Refused::NotRegular { kind: "a FIFO" }
        ));
        std::fs::write(p.join("big"), [b'x'; 11]).unwrap_or_else(|e| panic!("{e}"));
        let mut big = opened(&Location::command_line(&p.join("big")));
        assert!(matches!(
            refused(big.read(10)),
            Refused::TooLarge { size: 11 }
        ));
        // Refused on reading: never written.
        assert!(matches!(refused(big.replace(b"")), Refused::Changed));
        assert_eq!(
            std::fs::metadata(p.join("big")).map(|m| m.len()).ok(),
            Some(11)
        );
        assert_eq!(big.read(11).ok().flatten().map(|b| b.len()), Some(11));
    }

    #[test]
    fn files_others_may_write_are_not_trusted() {
        let d = dir();
        let p = d.path();
        std::fs::write(p.join("open"), "x").unwrap_or_else(|e| panic!("{e}"));
        std::fs::set_permissions(p.join("open"), std::fs::Permissions::from_mode(0o666))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            refused(opened(&Location::command_line(&p.join("open"))).read(MAX_SIZE)),
            Refused::Untrusted { .. }
        ));
        // A directory others may write, not sticky: not even opened.
        std::fs::create_dir(p.join("shared")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::set_permissions(p.join("shared"), std::fs::Permissions::from_mode(0o777))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            refused(StateFile::open(&Location::command_line(
                &p.join("shared/c")
            ))),
            Refused::Untrusted { .. }
        ));
        // Sticky (as /tmp): allowed.
        std::fs::set_permissions(p.join("shared"), std::fs::Permissions::from_mode(0o1777))
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(StateFile::open(&Location::command_line(&p.join("shared/c"))).is_ok());
    }

    #[test]
    fn the_temporary_file_never_follows_a_planted_name_and_the_mode_is_kept() {
        let d = dir();
        let p = d.path();
        std::fs::write(p.join("victim"), "victim").unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(p.join("c.jsonl"), "old\n").unwrap_or_else(|e| panic!("{e}"));
        std::fs::set_permissions(p.join("c.jsonl"), std::fs::Permissions::from_mode(0o640))
            .unwrap_or_else(|e| panic!("{e}"));
        // Links and files planted at the first two names the save tries.
        symlink(p.join("victim"), p.join(".c.jsonl.0000000000000001.tmp"))
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(p.join(".c.jsonl.0000000000000002.tmp"), "planted")
            .unwrap_or_else(|e| panic!("{e}"));
        let mut f = opened(&Location::command_line(&p.join("c.jsonl")));
        assert_eq!(f.read(MAX_SIZE).ok().flatten(), Some(b"old\n".to_vec()));
        let mut n = 0;
        f.replace_with(b"new\n", || {
            n += 1;
            Ok(n)
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(n, 3);
        assert_eq!(
            std::fs::read_to_string(p.join("victim")).ok().as_deref(),
            Some("victim")
        );
        assert_eq!(
            std::fs::read_to_string(p.join(".c.jsonl.0000000000000002.tmp"))
                .ok()
                .as_deref(),
            Some("planted")
        );
        assert_eq!(
            std::fs::read_to_string(p.join("c.jsonl")).ok().as_deref(),
            Some("new\n")
        );
        let meta = std::fs::symlink_metadata(p.join("c.jsonl")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(meta.mode() & 0o777, 0o640);
        // The third name was used and renamed: nothing else left.
        assert_eq!(std::fs::read_dir(p).map(|r| r.count()).unwrap_or(0), 4);
    }

    #[test]
    fn a_file_that_appears_or_is_replaced_during_the_run_is_not_overwritten() {
        let d = dir();
        let p = d.path();
        let mut f = opened(&Location::command_line(&p.join("c.jsonl")));
        assert_eq!(f.read(MAX_SIZE).ok(), Some(None));
        std::fs::write(p.join("c.jsonl"), "someone's").unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(refused(f.replace(b"x")), Refused::Changed));
        assert_eq!(
            std::fs::read_to_string(p.join("c.jsonl")).ok().as_deref(),
            Some("someone's")
        );
        let mut g = opened(&Location::command_line(&p.join("c.jsonl")));
        assert!(g.read(MAX_SIZE).is_ok_and(|r| r.is_some()));
        std::fs::remove_file(p.join("c.jsonl")).unwrap_or_else(|e| panic!("{e}"));
        symlink(p.join("elsewhere"), p.join("c.jsonl")).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(refused(g.replace(b"x")), Refused::Changed));
        assert!(!p.join("elsewhere").exists());
        // No temporary file left behind.
        assert_eq!(std::fs::read_dir(p).map(|r| r.count()).unwrap_or(0), 1);
    }

    #[test]
    fn the_group_is_kept_with_its_permissions() {
        let d = dir();
        let p = d.path().join("c.jsonl");
        std::fs::write(&p, "old\n").unwrap_or_else(|e| panic!("{e}"));
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640))
            .unwrap_or_else(|e| panic!("{e}"));
        // A group the user is in: as root any; else their own.
        let gid = if rustix::process::geteuid().is_root() {
            65534
        } else {
            rustix::process::getegid().as_raw()
        };
        rustix::fs::chown(&p, None, Some(Gid::from_raw(gid))).unwrap_or_else(|e| panic!("{e}"));
        let mut f = opened(&Location::command_line(&p));
        assert!(f.read(MAX_SIZE).is_ok_and(|r| r.is_some()));
        f.replace(b"new\n").unwrap_or_else(|e| panic!("{e}"));
        let meta = std::fs::metadata(&p).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((meta.gid(), meta.mode() & 0o777), (gid, 0o640));
    }
}
