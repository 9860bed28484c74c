//! The safety of the write path (`check --fix`, `rewrite`), run through
//! the real binary (and, for the race, through the library too): what a
//! fix must never write (a file reached through a symbolic link swapped
//! in after the walk, a device, a FIFO, a setuid program, a binary file, a
//! read-only file without `--force`, a file with hard links without
//! `--hard-links`), and what a write must keep (owner and group, mode,
//! extended attributes and ACLs, the other names of a hard-linked file),
//! and that SIGTERM or SIGINT in the middle of a write leaves no temporary file.
//!
//! Several tests behave differently as root (which CI is): a file is then
//! given to `nobody` (uid and gid 65534) to show that its owner is kept.

#![cfg(unix)]
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use rustix::fs::{Gid, Uid};

/// A line with a fixable finding (the scheme and host in upper case).
const FIXABLE: &[u8] = b"see <HTTP://X.EXAMPLE/> here\n";
/// What `check --fix` makes of [`FIXABLE`].
const FIXED: &[u8] = b"see <http://x.example/> here\n";

const NOBODY: u32 = 65534;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_urilint"))
}

/// Runs the binary in `dir` with `args`, killing it after 20 s (a run that
/// reads a device forever must fail the test, not hang it).
fn run_in(dir: &Path, args: &[&str]) -> Output {
    let mut child = bin()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("urilint starts");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let out = child.wait_with_output().expect("output");
            panic!(
                "urilint {args:?} still running after 20 s; stderr: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        thread::sleep(Duration::from_millis(5));
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn is_root() -> bool {
    rustix::process::getuid().is_root()
}

fn chown(path: &Path, uid: u32, gid: u32) {
    rustix::fs::chown(path, Some(Uid::from_raw(uid)), Some(Gid::from_raw(gid))).expect("chown");
}

fn chmod(path: &Path, mode: u32) {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).expect("chmod");
}

/// The names in `dir` that look like urilint's temporary files.
fn temp_files(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .expect("read_dir")
        .filter_map(|e| {
            let name = e.expect("entry").file_name().to_string_lossy().into_owned();
            (name.starts_with(".urilint-") && name.ends_with(".tmp")).then_some(name)
        })
        .collect()
}

fn assert_refused(out: &Output, what: &str, needles: &[&str]) {
    let err = stderr(out);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{what}: exit status; stderr: {err}"
    );
    for n in needles {
        assert!(err.contains(n), "{what}: stderr lacks {n:?}: {err}");
    }
}

// ---------------------------------------------------------------------
// 3: only regular files are fixed or rewritten.
// ---------------------------------------------------------------------

#[test]
fn device_is_refused_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    for args in [
        &[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "/dev/zero",
        ][..],
        &[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--diff",
            "/dev/zero",
        ],
        &["rewrite", "--map", "http://a/=http://b/", "/dev/zero"],
        &[
            "rewrite",
            "--dry-run",
            "--map",
            "http://a/=http://b/",
            "/dev/zero",
        ],
    ] {
        let start = Instant::now();
        let out = run_in(dir.path(), args);
        assert_refused(
            &out,
            &format!("{args:?}"),
            &["/dev/zero", "not a regular file"],
        );
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{args:?}: not at once"
        );
    }
}

#[test]
fn fifo_is_refused_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fifo = dir.path().join("pipe");
    let status = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(status.success());
    for args in [
        &[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "pipe",
        ][..],
        &["rewrite", "--map", "http://a/=http://b/", "pipe"],
    ] {
        let out = run_in(dir.path(), args);
        assert_refused(
            &out,
            &format!("{args:?}"),
            &["pipe", "not a regular file", "FIFO"],
        );
    }
}

// ---------------------------------------------------------------------
// B: setuid/setgid and non-text files are never written.
// ---------------------------------------------------------------------

#[test]
fn setuid_and_setgid_files_are_refused() {
    for mode in [0o4755, 0o2755] {
        let dir = tempfile::tempdir().expect("tempdir");
        // A `.txt` name: a file of unknown format is never written at all
        // (issue 25), which would hide the refusal tested here.
        let prog = dir.path().join("prog.txt");
        fs::write(&prog, FIXABLE).expect("write");
        if is_root() {
            chown(&prog, NOBODY, NOBODY);
        }
        chmod(&prog, mode);
        let before = fs::metadata(&prog).expect("meta");
        for args in [
            &[
                "check",
                "--extend-select",
                "N",
                "--unsafe-fixes",
                "--fix",
                "prog.txt",
            ][..],
            &[
                "rewrite",
                "--map",
                "HTTP://X.EXAMPLE/=http://y.example/",
                "prog.txt",
            ],
        ] {
            let out = run_in(dir.path(), args);
            assert_refused(
                &out,
                &format!("{mode:o} {args:?}"),
                &["prog.txt", "setuid or setgid"],
            );
            let after = fs::metadata(&prog).expect("meta");
            assert_eq!(fs::read(&prog).expect("read"), FIXABLE);
            assert_eq!(
                (after.ino(), after.mode(), after.uid(), after.gid()),
                (before.ino(), before.mode(), before.uid(), before.gid())
            );
        }
    }
}

#[test]
fn named_binary_file_is_refused_and_walked_one_skipped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut bytes = FIXABLE.to_vec();
    bytes.extend_from_slice(b"\0\x01\x02 binary\n");
    fs::create_dir(dir.path().join("tree")).expect("mkdir");
    fs::write(dir.path().join("tree/prog.txt"), &bytes).expect("write");
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "tree/prog.txt",
        ],
    );
    assert_refused(&out, "named", &["tree/prog.txt", "not a text file"]);
    assert_eq!(
        fs::read(dir.path().join("tree/prog.txt")).expect("read"),
        bytes
    );
    // Walking: skipped, named on standard error.
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "tree",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        fs::read(dir.path().join("tree/prog.txt")).expect("read"),
        bytes
    );
}

// ---------------------------------------------------------------------
// 4: owner and group kept.
// ---------------------------------------------------------------------

#[test]
fn owner_and_group_are_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("x.txt");
    fs::write(&path, FIXABLE).expect("write");
    chmod(&path, 0o640);
    let (uid, gid) = if is_root() {
        chown(&path, NOBODY, NOBODY);
        (NOBODY, NOBODY)
    } else {
        let m = fs::metadata(&path).expect("meta");
        (m.uid(), m.gid())
    };
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "x.txt",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(fs::read(&path).expect("read"), FIXED);
    let m = fs::metadata(&path).expect("meta");
    assert_eq!((m.uid(), m.gid(), m.mode() & 0o7777), (uid, gid, 0o640));
    assert!(temp_files(dir.path()).is_empty());
}

// ---------------------------------------------------------------------
// 5: hard links.
// ---------------------------------------------------------------------

fn linked_pair() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = dir.path().join("a.txt");
    let b = dir.path().join("b.txt");
    fs::write(&a, FIXABLE).expect("write");
    fs::hard_link(&a, &b).expect("link");
    (dir, a, b)
}

#[test]
fn hard_linked_file_is_refused_by_default() {
    let (dir, a, b) = linked_pair();
    let ino = fs::metadata(&a).expect("meta").ino();
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "a.txt",
        ],
    );
    assert_refused(
        &out,
        "check",
        &[
            "a.txt",
            "2 hard links",
            "--hard-links=in-place",
            "--hard-links=break",
        ],
    );
    let out = run_in(
        dir.path(),
        &[
            "rewrite",
            "--map",
            "HTTP://X.EXAMPLE/=http://y.example/",
            "a.txt",
        ],
    );
    assert_refused(&out, "rewrite", &["a.txt", "2 hard links"]);
    assert_eq!(fs::read(&a).expect("read"), FIXABLE);
    assert_eq!(fs::read(&b).expect("read"), FIXABLE);
    assert_eq!(fs::metadata(&a).expect("meta").ino(), ino);
}

#[test]
fn hard_links_in_place_writes_every_name() {
    let (dir, a, b) = linked_pair();
    let ino = fs::metadata(&a).expect("meta").ino();
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "--hard-links=in-place",
            "a.txt",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(fs::read(&a).expect("read"), FIXED);
    assert_eq!(fs::read(&b).expect("read"), FIXED);
    assert_eq!(fs::metadata(&a).expect("meta").ino(), ino);
    assert_eq!(fs::metadata(&a).expect("meta").nlink(), 2);
    assert!(temp_files(dir.path()).is_empty());
}

#[test]
fn hard_links_break_replaces_this_name_only() {
    let (dir, a, b) = linked_pair();
    let ino = fs::metadata(&b).expect("meta").ino();
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "--hard-links=break",
            "a.txt",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(fs::read(&a).expect("read"), FIXED);
    assert_eq!(fs::read(&b).expect("read"), FIXABLE);
    assert_ne!(fs::metadata(&a).expect("meta").ino(), ino);
    assert_eq!(fs::metadata(&b).expect("meta").ino(), ino);
}

// ---------------------------------------------------------------------
// 6: extended attributes and ACLs kept.
// ---------------------------------------------------------------------

/// A POSIX access ACL in the kernel's xattr form (`posix_acl_xattr`):
/// user::rw-, user:1234:r--, group::r--, mask::r--, other::---.
fn acl() -> Vec<u8> {
    const UNDEFINED: u32 = u32::MAX;
    let mut v = 2u32.to_le_bytes().to_vec();
    for (tag, perm, id) in [
        (0x01u16, 6u16, UNDEFINED),
        (0x02, 4, 1234),
        (0x04, 4, UNDEFINED),
        (0x10, 4, UNDEFINED),
        (0x20, 0, UNDEFINED),
    ] {
        v.extend_from_slice(&tag.to_le_bytes());
        v.extend_from_slice(&perm.to_le_bytes());
        v.extend_from_slice(&id.to_le_bytes());
    }
    v
}

fn getxattr(path: &Path, name: &str) -> Option<Vec<u8>> {
    let mut buf = vec![0u8; 4096];
    let n = rustix::fs::getxattr(path, name, &mut buf[..]).ok()?;
    buf.truncate(n);
    Some(buf)
}

#[test]
fn xattrs_and_acl_are_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("x.txt");
    fs::write(&path, FIXABLE).expect("write");
    let flags = rustix::fs::XattrFlags::empty();
    if let Err(e) = rustix::fs::setxattr(&path, "user.urilint", b"kept", flags) {
        crate::support::skip_platform(format!("this file system has no user xattrs ({e})"));
        return;
    }
    let acl_set = rustix::fs::setxattr(&path, "system.posix_acl_access", &acl(), flags).is_ok();
    let acl_before = getxattr(&path, "system.posix_acl_access");
    let mode_before = fs::metadata(&path).expect("meta").mode();
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "x.txt",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(fs::read(&path).expect("read"), FIXED);
    assert_eq!(
        getxattr(&path, "user.urilint").as_deref(),
        Some(&b"kept"[..])
    );
    if acl_set {
        assert!(acl_before.is_some());
        assert_eq!(getxattr(&path, "system.posix_acl_access"), acl_before);
    } else {
        crate::support::skip_platform("the ACL part: no POSIX ACLs here");
    }
    assert_eq!(fs::metadata(&path).expect("meta").mode(), mode_before);
}

// ---------------------------------------------------------------------
// 7: read-only files.
// ---------------------------------------------------------------------

#[test]
fn read_only_file_needs_force() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("ro.txt");
    fs::write(&path, FIXABLE).expect("write");
    chmod(&path, 0o444);
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "ro.txt",
        ],
    );
    assert_refused(&out, "check", &["ro.txt", "read-only", "--force"]);
    let out = run_in(
        dir.path(),
        &[
            "rewrite",
            "--map",
            "HTTP://X.EXAMPLE/=http://y.example/",
            "ro.txt",
        ],
    );
    assert_refused(&out, "rewrite", &["ro.txt", "read-only", "--force"]);
    assert_eq!(fs::read(&path).expect("read"), FIXABLE);
    let out = run_in(
        dir.path(),
        &[
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "--force",
            "ro.txt",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(fs::read(&path).expect("read"), FIXED);
    assert_eq!(fs::metadata(&path).expect("meta").mode() & 0o7777, 0o444);
}

// ---------------------------------------------------------------------
// A: a symbolic link swapped in after the walk is never followed.
// ---------------------------------------------------------------------

/// A tree with `tree/a.txt` and, outside it, `victim.txt` (0600, owned
/// by nobody when running as root), both holding fixable and rewritable
/// URIs; and a thread that swaps `tree/a.txt` between a regular file and
/// a symbolic link to the victim until told to stop.
struct Race {
    dir: tempfile::TempDir,
    victim: PathBuf,
    victim_ino: u64,
    stop: Arc<AtomicBool>,
    swapper: Option<thread::JoinHandle<u64>>,
}

const VICTIM: &[u8] = b"secret <HTTP://X.EXAMPLE/> <http://x.example/old>\n";

impl Race {
    fn start() -> Race {
        let dir = tempfile::tempdir().expect("tempdir");
        let tree = dir.path().join("tree");
        fs::create_dir(&tree).expect("mkdir");
        let victim = dir.path().join("victim.txt");
        fs::write(&victim, VICTIM).expect("write");
        chmod(&victim, 0o600);
        if is_root() {
            chown(&victim, NOBODY, NOBODY);
        }
        let victim_ino = fs::metadata(&victim).expect("meta").ino();
        fs::write(tree.join("a.txt"), VICTIM).expect("write");
        let stop = Arc::new(AtomicBool::new(false));
        let swapper = {
            let (stop, tree, victim) = (Arc::clone(&stop), tree.clone(), victim.clone());
            thread::spawn(move || {
                let mut swaps = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    let file = tree.join(".f");
                    let link = tree.join(".l");
                    if fs::write(&file, VICTIM).is_ok() {
                        let _ = fs::rename(&file, tree.join("a.txt"));
                    }
                    // Regular for 0 to 1.5 ms: long enough, now and then,
                    // for a whole write (with its fsync) to win.
                    thread::sleep(Duration::from_micros((swaps % 4) * 500));
                    let _ = fs::remove_file(&link);
                    if std::os::unix::fs::symlink(&victim, &link).is_ok() {
                        let _ = fs::rename(&link, tree.join("a.txt"));
                    }
                    thread::yield_now();
                    swaps += 1;
                }
                swaps
            })
        };
        Race {
            dir,
            victim,
            victim_ino,
            stop,
            swapper: Some(swapper),
        }
    }

    fn assert_victim_untouched(&self, after: &str) {
        let m = fs::symlink_metadata(&self.victim).expect("victim");
        assert_eq!(
            fs::read(&self.victim).expect("read"),
            VICTIM,
            "victim written after {after}"
        );
        assert_eq!(m.ino(), self.victim_ino, "victim replaced after {after}");
        assert_eq!(m.mode() & 0o7777, 0o600);
        if is_root() {
            assert_eq!((m.uid(), m.gid()), (NOBODY, NOBODY));
        }
    }

    fn stop(mut self) -> u64 {
        self.stop.store(true, Ordering::Relaxed);
        self.swapper
            .take()
            .map(|h| h.join().expect("swapper"))
            .unwrap_or(0)
    }
}

#[test]
fn swapped_symlink_is_never_followed_by_the_binary() {
    let race = Race::start();
    let start = Instant::now();
    let mut runs = 0;
    while runs < 300 && start.elapsed() < Duration::from_secs(6) {
        let args: &[&str] = if runs % 2 == 0 {
            &[
                "check",
                "--extend-select",
                "N",
                "--unsafe-fixes",
                "--fix",
                "--format",
                "plain",
                "tree",
            ]
        } else {
            &[
                "rewrite",
                "--map",
                "http://x.example/old=http://x.example/new",
                "tree",
            ]
        };
        let _ = run_in(race.dir.path(), args);
        race.assert_victim_untouched(&format!("run {runs} ({args:?})"));
        runs += 1;
    }
    let swaps = race.stop();
    assert!(runs >= 20 && swaps > 0, "{runs} runs, {swaps} swaps");
}

// ---------------------------------------------------------------------
// 13d: SIGTERM or SIGINT in the middle of a write (status 143, 130).
// ---------------------------------------------------------------------

#[test]
fn a_signal_mid_write_leaves_no_temp_file() {
    use std::io::Write;
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("big.txt");
    {
        let mut f = std::io::BufWriter::new(fs::File::create(&path).expect("create"));
        f.write_all(FIXABLE).expect("write");
        let line = [b"lorem ipsum dolor sit amet ".repeat(3), b"\n".to_vec()].concat();
        let block = line.repeat((1 << 20) / line.len());
        for _ in 0..200 {
            f.write_all(&block).expect("write");
        }
        f.flush().expect("flush");
    }
    let size = fs::metadata(&path).expect("meta").len();
    // SIGHUP (a closed terminal or SSH session), SIGUSR1 and SIGALRM left
    // complete temporary files before (L1 of the 2026-11-26 review).
    for (signal, status) in [
        (rustix::process::Signal::TERM, 143),
        (rustix::process::Signal::INT, 130),
        (rustix::process::Signal::HUP, 129),
        (rustix::process::Signal::USR1, 138),
        (rustix::process::Signal::ALARM, 142),
    ] {
        let mut child = bin()
            .args([
                "check",
                "--extend-select",
                "N",
                "--unsafe-fixes",
                "--fix",
                "--format",
                "plain",
                "big.txt",
            ])
            .current_dir(dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("urilint starts");
        let start = Instant::now();
        let mut seen = false;
        while start.elapsed() < Duration::from_secs(60) {
            if !temp_files(dir.path()).is_empty() {
                seen = true;
                break;
            }
            if child.try_wait().expect("wait").is_some() {
                break;
            }
            thread::sleep(Duration::from_micros(200));
        }
        assert!(seen, "{signal:?}: no temporary file seen while writing");
        let pid = rustix::process::Pid::from_child(&child);
        rustix::process::kill_process(pid, signal).expect("kill");
        let out = child.wait_with_output().expect("wait");
        assert_eq!(
            out.status.code(),
            Some(status),
            "{signal:?}: {}",
            stderr(&out)
        );
        assert!(
            temp_files(dir.path()).is_empty(),
            "{signal:?}: {:?}",
            temp_files(dir.path())
        );
        // The original is intact: the same size, still with the unfixed line.
        assert_eq!(fs::metadata(&path).expect("meta").len(), size);
        let mut head = vec![0u8; FIXABLE.len()];
        std::io::Read::read_exact(&mut fs::File::open(&path).expect("open"), &mut head)
            .expect("read");
        assert_eq!(head, FIXABLE, "{signal:?}");
    }
}

/// The same race against the library's write path directly, many more
/// times per second than the binary can start: `Target::open_input` on a
/// walked `tree/a.txt`, read, `replace_checked`.
#[test]
fn swapped_symlink_is_never_followed_by_the_library() {
    use std::io::Read;
    use urilint::fix::write::{Target, WritePolicy};
    use urilint::source::Input;
    let race = Race::start();
    let root = race.dir.path().join("tree");
    let input = Input::File {
        path: root.join("a.txt"),
        explicit: false,
        root: Some(urilint::beneath::Root::open(&root).expect("root")),
    };
    let policy = WritePolicy::default();
    let start = Instant::now();
    let (mut runs, mut opened, mut written, mut refused) = (0u64, 0u64, 0u64, 0u64);
    // At least 20,000 runs, and on until both outcomes were seen (the
    // swapper may be descheduled for a while), for at most 4 s.
    while start.elapsed() < Duration::from_secs(4) && (runs < 20_000 || opened == 0 || refused == 0)
    {
        runs += 1;
        thread::yield_now();
        let Ok(target) = Target::open_input(&input, Some(&policy)) else {
            refused += 1;
            continue;
        };
        opened += 1;
        let mut original = Vec::new();
        if target.reader().read_to_end(&mut original).is_err() {
            continue;
        }
        let new =
            String::from_utf8_lossy(&original).replace("HTTP://X.EXAMPLE/", "http://x.example/");
        match target.replace_checked(&original, |w| w.write_all(new.as_bytes())) {
            Ok(()) => written += 1,
            Err(_) => refused += 1,
        }
        if runs % 64 == 0 {
            race.assert_victim_untouched(&format!("library run {runs}"));
        }
    }
    race.assert_victim_untouched("the last library run");
    let swaps = race.stop();
    eprintln!("{runs} runs, {opened} opened, {written} written, {refused} refused, {swaps} swaps");
    assert!(
        opened > 0 && refused > 0 && swaps > 0,
        "{runs} runs, {opened} opened, {written} written, {refused} refused, {swaps} swaps"
    );
}

// ---------------------------------------------------------------------
// 4 (unprivileged): a group that cannot be kept refuses the write.
// ---------------------------------------------------------------------

/// As nobody (through `setpriv`, util-linux, when running as root), a
/// file of group root in a directory nobody may write: `fchown` to group
/// root is not permitted, so the write is refused and the temporary file
/// removed. Skipped (with a message) when not root, who cannot make such a
/// file, or without setpriv.
#[test]
fn group_that_cannot_be_kept_refuses_the_write() {
    if !is_root() {
        crate::support::skip_platform("needs root to give a file to nobody:root");
        return;
    }
    let has_setpriv = Command::new("setpriv")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !has_setpriv {
        crate::support::skip_platform("setpriv (util-linux) is not available to drop privileges");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    chown(dir.path(), NOBODY, NOBODY);
    chmod(dir.path(), 0o755);
    let path = dir.path().join("x.txt");
    fs::write(&path, FIXABLE).expect("write");
    chown(&path, NOBODY, 0);
    chmod(&path, 0o664);
    let ino = fs::metadata(&path).expect("meta").ino();
    let out = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(env!("CARGO_BIN_EXE_urilint"))
        .args([
            "check",
            "--extend-select",
            "N",
            "--unsafe-fixes",
            "--fix",
            "x.txt",
        ])
        .current_dir(dir.path())
        .output()
        .expect("setpriv runs");
    assert_refused(
        &out,
        "as nobody",
        &["x.txt", "cannot give the new file the owner 65534:0"],
    );
    let m = fs::metadata(&path).expect("meta");
    assert_eq!(fs::read(&path).expect("read"), FIXABLE);
    assert_eq!((m.ino(), m.uid(), m.gid()), (ino, NOBODY, 0));
    assert!(temp_files(dir.path()).is_empty());
}

/// L11 of the 2026-11-29 review: a run root named on the command line is
/// followed when it is a symbolic link, so another user who can write the
/// directory holding it (or who owns the link) decided where root's
/// `check --fix base/tree/` wrote: a victim's file. A run that writes
/// (`--fix`, `--add-ignore`, `rewrite`) refuses such a link, as a root or
/// as a named file, unless it is owned by the user (or root) in a
/// directory only they may change (or a sticky one); a run that only
/// reads still follows it, and a safe link is still followed by a write.
#[test]
fn named_links_others_control_are_not_written_through() {
    let dir = tempfile::tempdir().expect("tempdir");
    let victim = dir.path().join("victim");
    fs::create_dir(&victim).expect("mkdir");
    fs::write(victim.join("a.md"), FIXABLE).expect("write");
    chmod(&victim.join("a.md"), 0o600);
    chmod(&victim, 0o700);
    // Each place for the link, and whether a write follows it: the
    // directory, its mode, its owner, the link's owner, followed.
    type Place = (&'static str, u32, Option<u32>, Option<u32>, bool);
    let mut places: Vec<Place> = vec![
        ("shared", 0o777, None, None, false),
        ("sticky", 0o1777, None, None, true),
        ("private", 0o755, None, None, true),
    ];
    if is_root() {
        chown(&victim, NOBODY, NOBODY);
        chown(&victim.join("a.md"), NOBODY, NOBODY);
        places.extend([
            // A directory another user owns (and may rename in).
            ("theirs", 0o755, Some(NOBODY), None, false),
            // A link another user owns, in a sticky directory (/tmp).
            ("tmp", 0o1777, None, Some(NOBODY), false),
        ]);
    } else {
        eprintln!("not root: the cases of a directory and a link owned by nobody are left out");
    }
    for (name, mode, owner, link_owner, followed) in places {
        let base = dir.path().join(name);
        fs::create_dir(&base).expect("mkdir");
        let link = base.join("tree");
        std::os::unix::fs::symlink(&victim, &link).expect("symlink");
        let file_link = base.join("file.md");
        std::os::unix::fs::symlink(victim.join("a.md"), &file_link).expect("symlink");
        if let Some(uid) = link_owner {
            std::os::unix::fs::lchown(&link, Some(uid), Some(uid)).expect("lchown");
            std::os::unix::fs::lchown(&file_link, Some(uid), Some(uid)).expect("lchown");
        }
        if let Some(uid) = owner {
            chown(&base, uid, uid);
        }
        chmod(&base, mode);
        let root = format!("{name}/tree/");
        let file = format!("{name}/file.md");
        for args in [
            vec![
                "check",
                "--isolated",
                "--extend-select",
                "N",
                "--fix",
                &root,
            ],
            vec![
                "check",
                "--isolated",
                "--extend-select",
                "N",
                "--fix",
                &file,
            ],
            vec![
                "check",
                "--isolated",
                "--select",
                "N",
                "--add-ignore",
                &root,
            ],
            vec![
                "rewrite",
                "--map",
                "HTTP://X.EXAMPLE/=http://y.example/",
                &root,
            ],
        ] {
            fs::write(victim.join("a.md"), FIXABLE).expect("write");
            let out = run_in(dir.path(), &args);
            let after = fs::read(victim.join("a.md")).expect("read");
            if followed {
                assert_ne!(after, FIXABLE, "{name} {args:?}: {}", stderr(&out));
                assert_eq!(
                    out.status.code(),
                    Some(0),
                    "{name} {args:?}: {}",
                    stderr(&out)
                );
            } else {
                assert_eq!(after, FIXABLE, "{name} {args:?}: victim written");
                assert_refused(
                    &out,
                    &format!("{name} {args:?}"),
                    &["not followed by a run that writes"],
                );
            }
        }
        // Reading still follows it.
        fs::write(victim.join("a.md"), FIXABLE).expect("write");
        for args in [
            vec![
                "check",
                "--isolated",
                "--extend-select",
                "N",
                "--format",
                "plain",
                &root,
            ],
            vec![
                "check",
                "--isolated",
                "--extend-select",
                "N",
                "--diff",
                &root,
            ],
        ] {
            let out = run_in(dir.path(), &args);
            let found = String::from_utf8_lossy(&out.stdout);
            assert!(
                found.contains("tree/a.md") && out.status.code() != Some(2),
                "{name} {args:?}: {found} {}",
                stderr(&out)
            );
        }
        assert_eq!(fs::read(victim.join("a.md")).expect("read"), FIXABLE);
    }
}
