//! What moves where: `mv`'s semantics over the arguments (one source to
//! a new name, or sources into an existing directory), every file a
//! moved directory holds, and the path and URL arithmetic that new link
//! forms are made with (relative paths between files, relative URLs
//! between pages, RFC 3986 section 4.2 relative references).

use std::path::{Component, Path, PathBuf};

use super::MvError;
use crate::site::lexically_clean;

/// One path moved: `from` to `to`, both absolute and lexically clean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The path before the move.
    pub from: PathBuf,
    /// The path after it.
    pub to: PathBuf,
}

/// The moves `mv SOURCE... DEST` makes, as GNU `mv` reads its arguments
/// (without `-T`): `dest` an existing directory takes every source under
/// its own name; otherwise there must be one source, renamed to `dest`.
/// Paths are taken relative to `cwd` and must lie inside `root` (the
/// repository or the tree); a source must exist, a destination must not,
/// a directory cannot go inside itself.
///
/// # Errors
/// [`MvError`] naming the path: no source given, a source missing or
/// outside the tree, a destination that exists, several sources and a
/// destination that is not a directory, a directory moved into itself.
pub fn moves(
    sources: &[PathBuf],
    dest: &Path,
    cwd: &Path,
    root: &Path,
) -> Result<Vec<Move>, MvError> {
    if sources.is_empty() {
        return Err(MvError::Usage("give a SOURCE and a DEST".into()));
    }
    let absolute = |p: &Path| real_parent(&lexically_clean(&cwd.join(p)));
    let dest_abs = absolute(dest);
    let into = std::fs::metadata(&dest_abs).is_ok_and(|m| m.is_dir());
    if sources.len() > 1 && !into {
        return Err(MvError::NotADirectory(dest.to_path_buf()));
    }
    let mut out = Vec::new();
    for s in sources {
        let from = absolute(s);
        if std::fs::symlink_metadata(&from).is_err() {
            return Err(MvError::Missing(s.clone()));
        }
        if !from.starts_with(root) || from == root {
            return Err(MvError::Outside(s.clone()));
        }
        let to = if into {
            match from.file_name() {
                Some(n) => dest_abs.join(n),
                None => return Err(MvError::Outside(s.clone())),
            }
        } else {
            dest_abs.clone()
        };
        if !to.starts_with(root) {
            return Err(MvError::Outside(dest.to_path_buf()));
        }
        if to.starts_with(&from) {
            return Err(MvError::IntoItself(s.clone()));
        }
        if std::fs::symlink_metadata(&to).is_ok() {
            return Err(MvError::Exists(to));
        }
        if !to.parent().is_some_and(Path::is_dir) {
            return Err(MvError::NoParent(to));
        }
        if out.iter().any(|m: &Move| m.to == to) {
            return Err(MvError::Exists(to));
        }
        out.push(Move { from, to });
    }
    Ok(out)
}

/// `path` with its parent directory's symbolic links resolved (the last
/// component kept as it is, so that a symbolic link moved is the link).
pub(super) fn real_parent(path: &Path) -> PathBuf {
    match (path.parent(), path.file_name()) {
        (Some(p), Some(n)) => std::fs::canonicalize(p)
            .map(|p| p.join(n))
            .unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    }
}

/// Every regular file the moves carry, each with its new path: a file
/// moved is itself; a directory moved is every file under it (symbolic
/// links not followed, and not listed: they move as names).
pub fn files_moved(moves: &[Move]) -> Vec<Move> {
    let mut out = Vec::new();
    for m in moves {
        let Ok(meta) = std::fs::symlink_metadata(&m.from) else {
            continue;
        };
        if meta.is_file() {
            out.push(m.clone());
        } else if meta.is_dir() {
            let mut stack = vec![m.from.clone()];
            while let Some(dir) = stack.pop() {
                let Ok(entries) = std::fs::read_dir(&dir) else {
                    continue;
                };
                for e in entries.flatten() {
                    let p = e.path();
                    match e.file_type() {
                        Ok(t) if t.is_dir() => stack.push(p),
                        Ok(t) if t.is_file() => {
                            if let Ok(rest) = p.strip_prefix(&m.from) {
                                out.push(Move {
                                    to: m.to.join(rest),
                                    from: p.clone(),
                                });
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    out.sort_by(|a, b| a.from.cmp(&b.from));
    out
}

/// Where `path` is after `moves`: moved with the first move whose source
/// is it or a directory above it; else where it was.
pub fn after(moves: &[Move], path: &Path) -> PathBuf {
    for m in moves {
        if let Ok(rest) = path.strip_prefix(&m.from) {
            return if rest.as_os_str().is_empty() {
                m.to.clone()
            } else {
                m.to.join(rest)
            };
        }
    }
    path.to_path_buf()
}

/// The relative path from the directory `from` to `to` (both absolute
/// and lexically clean), `/`-separated: `../guide/x.md`; `.` for the
/// directory itself. `None` when a component is not UTF-8.
pub fn relative_path(from: &Path, to: &Path) -> Option<String> {
    let a: Vec<&str> = normal(from)?;
    let b: Vec<&str> = normal(to)?;
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<&str> = vec![".."; a.len() - common];
    parts.extend(&b[common..]);
    Some(if parts.is_empty() {
        ".".to_string()
    } else {
        parts.join("/")
    })
}

/// The normal components of `p` as UTF-8.
fn normal(p: &Path) -> Option<Vec<&str>> {
    p.components()
        .filter_map(|c| match c {
            Component::Normal(n) => Some(n.to_str()),
            _ => None,
        })
        .collect()
}

/// The relative reference that leads from the page at URL path `page`
/// to the URL path `to` (both absolute URL paths, RFC 3986 section 5.2
/// resolves the result against `page` back to `to`): `../x/`, `x.html`,
/// `./` for the page's own directory.
pub fn relative_url(page: &str, to: &str) -> String {
    let dir = &page[..page.rfind('/').map_or(0, |i| i + 1)];
    let a: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    let (to_dir, name) = match to.rfind('/') {
        Some(i) => (&to[..=i], &to[i + 1..]),
        None => ("/", to),
    };
    let b: Vec<&str> = to_dir.split('/').filter(|s| !s.is_empty()).collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = "../".repeat(a.len() - common);
    for s in &b[common..] {
        out.push_str(s);
        out.push('/');
    }
    out.push_str(name);
    if out.is_empty() {
        "./".to_string()
    } else if out.split('/').next().is_some_and(|s| s.contains(':')) {
        // A first segment with a colon would read as a scheme.
        format!("./{out}")
    } else {
        out
    }
}

/// `new` written as `written` was against `old` (URL paths): with or
/// without a trailing `/`, `index.html` or `.html` as `written` had it
/// where `old` did not. `None` when `written` is another form of `old`
/// than these.
pub fn restyle(written: &str, old: &str, new: &str) -> Option<String> {
    if written == old {
        return Some(new.to_string());
    }
    let bare = |u: &str| u.trim_end_matches('/').to_string();
    if written == bare(old) && old.ends_with('/') {
        return Some(if new.ends_with('/') && new.len() > 1 {
            bare(new)
        } else {
            new.to_string()
        });
    }
    if old.ends_with('/') && written == format!("{old}index.html") && new.ends_with('/') {
        return Some(format!("{new}index.html"));
    }
    if written == format!("{old}/") && !new.ends_with('/') {
        return Some(format!("{new}/"));
    }
    None
}

/// `path` percent-encoded for a URI reference's path: every byte but the
/// unreserved characters, sub-delimiters other than `(`, `)`, and `:`,
/// `@`, `/` (RFC 3986 section 3.3; parentheses are encoded for Markdown
/// destinations).
pub fn encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        let keep = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b':'
                    | b'@'
                    | b'/'
            );
        if keep {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_between_files() {
        let r = |a: &str, b: &str| relative_path(Path::new(a), Path::new(b)).unwrap_or_default();
        assert_eq!(r("/t/docs", "/t/docs/x.md"), "x.md");
        assert_eq!(r("/t/docs/a", "/t/docs/b/x.md"), "../b/x.md");
        assert_eq!(r("/t/docs", "/t/docs/a/b/x.md"), "a/b/x.md");
        assert_eq!(r("/t/docs/a/b", "/t/x.md"), "../../../x.md");
        assert_eq!(r("/t/docs", "/t/docs"), ".");
    }

    #[test]
    fn relative_urls_between_pages() {
        // MkDocs use_directory_urls: /a/b/ to /c/ is ../../c/.
        assert_eq!(relative_url("/a/b/", "/c/"), "../../c/");
        // Sphinx .html: /a/b.html to /a/c.html is c.html.
        assert_eq!(relative_url("/a/b.html", "/a/c.html"), "c.html");
        assert_eq!(relative_url("/a/b.html", "/x/c.html"), "../x/c.html");
        // Docusaurus clean URLs: /docs/a/b to /docs/c is ../c.
        assert_eq!(relative_url("/docs/a/b", "/docs/c"), "../c");
        assert_eq!(relative_url("/a/", "/a/"), "./");
        assert_eq!(relative_url("/a/b/", "/a/"), "../");
        assert_eq!(relative_url("/", "/x:y/"), "./x:y/");
    }

    #[test]
    fn restyle_keeps_the_written_form() {
        assert_eq!(restyle("/a/x/", "/a/x/", "/b/x/").as_deref(), Some("/b/x/"));
        assert_eq!(restyle("/a/x", "/a/x/", "/b/x/").as_deref(), Some("/b/x"));
        assert_eq!(
            restyle("/a/x/index.html", "/a/x/", "/b/x/").as_deref(),
            Some("/b/x/index.html")
        );
        assert_eq!(restyle("/a/y", "/a/x/", "/b/x/"), None);
    }

    #[test]
    fn where_paths_go() {
        let moves = vec![Move {
            from: "/t/docs/a".into(),
            to: "/t/docs/b/a".into(),
        }];
        assert_eq!(
            after(&moves, Path::new("/t/docs/a/x.md")),
            Path::new("/t/docs/b/a/x.md")
        );
        assert_eq!(
            after(&moves, Path::new("/t/docs/a")),
            Path::new("/t/docs/b/a")
        );
        assert_eq!(
            after(&moves, Path::new("/t/docs/ab.md")),
            Path::new("/t/docs/ab.md")
        );
    }

    #[test]
    fn mv_semantics() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = std::fs::canonicalize(dir.path()).expect("real");
        std::fs::create_dir_all(root.join("docs/into")).expect("dirs");
        std::fs::create_dir_all(root.join("docs/folder")).expect("dirs");
        std::fs::write(root.join("docs/a.md"), "a").expect("write");
        std::fs::write(root.join("docs/b.md"), "b").expect("write");
        std::fs::write(root.join("docs/folder/c.md"), "c").expect("write");
        let p = |s: &str| PathBuf::from(s);
        // One source to a new name.
        let m = moves(&[p("docs/a.md")], &p("docs/z.md"), &root, &root).expect("plan");
        assert_eq!(m[0].to, root.join("docs/z.md"));
        // Several sources, a folder among them, into a directory.
        let m = moves(
            &[p("docs/a.md"), p("docs/b.md"), p("docs/folder")],
            &p("docs/into"),
            &root,
            &root,
        )
        .expect("plan");
        let to: Vec<PathBuf> = m.iter().map(|m| m.to.clone()).collect();
        assert_eq!(
            to,
            [
                root.join("docs/into/a.md"),
                root.join("docs/into/b.md"),
                root.join("docs/into/folder")
            ]
        );
        let files = files_moved(&m);
        assert!(files
            .iter()
            .any(|f| f.to == root.join("docs/into/folder/c.md")));
        // Refusals, each naming the path.
        let e = moves(&[p("docs/a.md")], &p("docs/b.md"), &root, &root).expect_err("exists");
        assert!(matches!(e, MvError::Exists(ref x) if x.ends_with("docs/b.md")));
        let e = moves(
            &[p("docs/a.md"), p("docs/b.md")],
            &p("docs/n.md"),
            &root,
            &root,
        )
        .expect_err("not a dir");
        assert!(matches!(e, MvError::NotADirectory(_)));
        let e = moves(&[p("docs/nope.md")], &p("docs/x.md"), &root, &root).expect_err("missing");
        assert!(matches!(e, MvError::Missing(_)));
        let e = moves(&[p("docs/a.md")], &p("../x.md"), &root, &root).expect_err("outside");
        assert!(matches!(e, MvError::Outside(_)));
        let e = moves(&[p("docs/folder")], &p("docs/folder/sub"), &root, &root)
            .expect_err("into itself");
        assert!(matches!(e, MvError::IntoItself(_)));
    }

    #[test]
    fn encodes_what_a_destination_cannot_hold() {
        assert_eq!(encode_path("a b/(c).md"), "a%20b/%28c%29.md");
        assert_eq!(encode_path("../x-y_z.md"), "../x-y_z.md");
    }
}
