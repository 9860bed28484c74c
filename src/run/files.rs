//! The `files` job: the list of files a run would read, for a driver that
//! shards a tree over many processes (`urilint files -0 . | split ... |
//! urilint extract --files-from - -0`).
//!
//! This module owns printing that list; which files a walk reads is the
//! `walk` module's (the same function every run uses, so the list is
//! exactly the run's file set, in the run's order).

use std::io::Write;
use std::path::PathBuf;

use crate::error::Error;
use crate::source::Input;
use crate::walk::{self, WalkOptions};

/// Counts of a `files` run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Listed {
    /// Paths printed.
    pub files: u64,
    /// Problems reported on `err`: walk errors, standard input named, and
    /// (with a newline separator) names holding a newline.
    pub errors: u64,
}

/// Prints the path of every file that a run over `paths` with `walk`
/// would read, in the run's order, each as its exact bytes followed by
/// `separator` (`b'\n'`, or `b'\0'` for `-0`). Files are not opened: a
/// binary file is listed, and skipped by the run that reads the list, as
/// by a walk. With `b'\n'`, a name holding a newline cannot be listed: it
/// is reported on `err` instead (use `b'\0'`). Walk errors (a missing
/// path, an unreadable directory) are reported on `err`, one line each,
/// and the listing goes on.
///
/// # Errors
/// [`Error::Walk`] for an invalid glob, [`Error::Write`] when `out` or
/// `err` cannot be written (a closed pipe included: the caller decides).
pub fn files(
    paths: &[PathBuf],
    walk: &WalkOptions,
    separator: u8,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Listed, Error> {
    let mut listed = Listed::default();
    let problem = |err: &mut dyn Write, listed: &mut Listed, message: String| {
        listed.errors += 1;
        writeln!(err, "urilint: {}", crate::output::escape::text(&message)).map_err(Error::Write)
    };
    for input in walk::inputs(paths, walk)? {
        match input {
            Ok(Input::File { path, .. }) => {
                let bytes = path.as_os_str().as_encoded_bytes();
                if separator == b'\n' && bytes.contains(&b'\n') {
                    let name = crate::output::escape::name(&path.to_string_lossy()).into_owned();
                    problem(
                        err,
                        &mut listed,
                        format!("{name}: the name holds a newline: not listed (list with -0)"),
                    )?;
                    continue;
                }
                out.write_all(bytes)
                    .and_then(|()| out.write_all(&[separator]))
                    .map_err(Error::Write)?;
                listed.files += 1;
            }
            Ok(Input::Stdin { .. } | Input::Document { .. }) => problem(
                err,
                &mut listed,
                "-: standard input is not a file: not listed".to_string(),
            )?,
            Err(e) => problem(err, &mut listed, e.to_string())?,
        }
    }
    out.flush().map_err(Error::Write)?;
    Ok(listed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(root: &std::path::Path, walk: &WalkOptions, sep: u8) -> (Vec<u8>, String, Listed) {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let listed = files(&[root.to_path_buf()], walk, sep, &mut out, &mut err).expect("files");
        (out, String::from_utf8_lossy(&err).into_owned(), listed)
    }

    #[test]
    fn lists_what_a_walk_reads_in_order() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path();
        for (name, text) in [
            ("b.txt", "x"),
            ("a.md", "x"),
            (".hidden", "x"),
            ("ignored.log", "x"),
            ("sub/c.txt", "x"),
        ] {
            let p = root.join(name);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(p, text).expect("write");
        }
        std::fs::write(root.join(".ignore"), "*.log\n").expect("write");
        let (out, err, listed) = list(root, &WalkOptions::default(), b'\n');
        let r = root.to_string_lossy();
        assert_eq!(
            String::from_utf8(out).expect("utf-8"),
            format!("{r}/a.md\n{r}/b.txt\n{r}/sub/c.txt\n")
        );
        assert_eq!((err.as_str(), listed.files, listed.errors), ("", 3, 0));
        let hidden = WalkOptions {
            hidden: true,
            no_ignore: true,
            ..WalkOptions::default()
        };
        let (out, _, _) = list(root, &hidden, b'\0');
        let names: Vec<&[u8]> = out.split(|&b| b == 0).collect();
        assert_eq!(names.len(), 7, "{:?}", String::from_utf8_lossy(&out));
        assert_eq!(names.last(), Some(&&b""[..]));
    }

    #[cfg(unix)]
    #[test]
    fn a_newline_in_a_name_needs_nul_separators() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("two\nlines.txt"), "x").expect("write");
        let (out, err, listed) = list(dir.path(), &WalkOptions::default(), b'\n');
        assert!(out.is_empty());
        assert!(
            err.contains("two\\nlines.txt: the name holds a newline"),
            "{err}"
        );
        assert_eq!((listed.files, listed.errors), (0, 1));
        let (out, err, listed) = list(dir.path(), &WalkOptions::default(), b'\0');
        assert!(out.ends_with(b"two\nlines.txt\0"));
        assert_eq!((err.as_str(), listed.files), ("", 1));
    }

    #[test]
    fn a_missing_path_is_reported_and_the_rest_listed() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("a.txt"), "x").expect("write");
        let mut out = Vec::new();
        let mut err = Vec::new();
        let paths = [dir.path().join("missing"), dir.path().join("a.txt")];
        let listed =
            files(&paths, &WalkOptions::default(), b'\n', &mut out, &mut err).expect("files");
        assert_eq!((listed.files, listed.errors), (1, 1));
        assert!(String::from_utf8_lossy(&err).contains("missing"));
        assert!(out.ends_with(b"a.txt\n"));
    }
}
