//! Writing a fixed file back: atomically, and only if it did not change.
//!
//! This module owns the one way urilint writes to a user's file: the new
//! bytes go to a temporary file in the same directory (same file system),
//! which gets the original's permissions, is flushed to disk, and is then
//! renamed over the original. A reader sees the old file or the new one,
//! never a mix; a crash leaves the old one. Just before the rename the
//! file is read again: if it no longer holds the bytes the fixes were
//! computed from, it is left alone ([`Error::Changed`]). A path that is a
//! symbolic link is written through to its target.

use std::fs;
use std::io::Write;
use std::path::Path;

use crate::error::{DisplayPath, Error};

/// Replaces the contents of `path`, which held `original` when it was
/// read, with `new`.
///
/// # Errors
/// [`Error::Changed`] when the file no longer holds `original`;
/// [`Error::FileWrite`] when it cannot be read back, the temporary file
/// cannot be created or written, or the rename fails. The file is left as
/// it was in every case.
pub fn write_atomic(path: &Path, original: &[u8], new: &[u8]) -> Result<(), Error> {
    let err = |source| Error::FileWrite {
        path: DisplayPath(path.to_path_buf()),
        source,
    };
    let target = fs::canonicalize(path).map_err(err)?;
    let dir = target.parent().unwrap_or_else(|| Path::new("."));
    let meta = fs::metadata(&target).map_err(err)?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".urilint-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(err)?;
    tmp.write_all(new).map_err(err)?;
    tmp.as_file()
        .set_permissions(meta.permissions())
        .map_err(err)?;
    tmp.as_file().sync_all().map_err(err)?;
    let now = fs::read(&target).map_err(err)?;
    if now != original {
        return Err(Error::Changed {
            path: DisplayPath(path.to_path_buf()),
        });
    }
    tmp.persist(&target).map_err(|e| err(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_contents_and_keeps_permissions() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("a.txt");
        fs::write(&path, b"old\r\n").expect("write");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).expect("chmod");
        }
        write_atomic(&path, b"old\r\n", b"new\r\n").expect("written");
        assert_eq!(fs::read(&path).expect("read"), b"new\r\n");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o640);
        }
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

    #[cfg(unix)]
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
}
