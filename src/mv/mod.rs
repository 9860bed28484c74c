//! `urilint mv`: moving pages and folders with the links that lead to
//! them (issue 51).
//!
//! This module owns the plan of a move ([`plan()`]: what moves where, by
//! `mv`'s rules, in [`plan::moves`]; every link of the tree's
//! documents that the move changes, with its new form, in [`edits`]) and
//! carrying it out ([`apply`]: `git mv` inside a git work tree, else a
//! rename, then each edited file written atomically with
//! [`crate::fix::write`]; or [`diff`], writing nothing). Links are read
//! where the document's format gives them and resolved through the site
//! model as `check --links local` resolves them; a link whose new form
//! the model is not sure of is left alone and named ([`Left`]).

mod config;
mod docstrings;
pub mod edits;
pub mod plan;
pub(crate) mod sphinx;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use crate::error::DisplayPath;
use crate::fix::Edit;
pub use plan::Move;

/// The most bytes of a document read for its links (larger ones are
/// left alone, named).
pub const MAX_DOCUMENT: u64 = 16 * 1024 * 1024;

/// Why a move cannot be planned or made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MvError {
    /// The arguments do not make a move.
    #[error("{0}")]
    Usage(String),
    /// A source does not exist.
    #[error("{}: no such file or directory", DisplayPath(.0.clone()))]
    Missing(PathBuf),
    /// A path lies outside the tree (the repository, or the working
    /// directory outside one), or is its root.
    #[error("{}: outside the tree moved in (the repository, or the working directory)", DisplayPath(.0.clone()))]
    Outside(PathBuf),
    /// The destination exists: `mv` here never overwrites.
    #[error("{}: already exists (not overwritten)", DisplayPath(.0.clone()))]
    Exists(PathBuf),
    /// Several sources and a destination that is not a directory.
    #[error("{}: not a directory (several sources go into an existing directory)", DisplayPath(.0.clone()))]
    NotADirectory(PathBuf),
    /// The destination's directory does not exist.
    #[error("{}: its directory does not exist", DisplayPath(.0.clone()))]
    NoParent(PathBuf),
    /// A directory moved into itself.
    #[error("{}: cannot move a directory into itself", DisplayPath(.0.clone()))]
    IntoItself(PathBuf),
    /// A page's new URL is already another page's: the site would build
    /// one of the two (MkDocs excludes `README.md` beside `index.md`).
    #[error("{}: its new URL {url} is already {}'s (the site would build only one of them)", DisplayPath(.path.clone()), DisplayPath(.other.clone()))]
    UrlTaken {
        /// Where the page would go.
        path: PathBuf,
        /// Its URL there (a URL path of the built site).
        url: String,
        /// The page that has that URL.
        other: PathBuf,
    },
    /// A page moved where the site would not publish it (a Hugo section
    /// that no single-page template renders: Hugo warns "found no layout
    /// file" and writes no page, and every link to it breaks).
    #[error("{}: the site would not publish the page there (no single-page template of the site or its themes renders that section); move it with git mv if that is meant", DisplayPath(.0.clone()))]
    NotPublished(PathBuf),
    /// Reading a document, moving or writing failed.
    #[error("{}: {error}", DisplayPath(.path.clone()))]
    Io {
        /// The path.
        path: PathBuf,
        /// What failed.
        error: String,
    },
}

/// One link written again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkEdit {
    /// 1-based line of the link in the file before the move.
    pub line: u64,
    /// The link as written.
    pub old: String,
    /// The link as it will be written.
    pub new: String,
    /// The edit of the file's bytes (offsets into the file as it is
    /// before the move).
    pub edit: Edit,
}

/// A link the move changes but that is left as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Left {
    /// The document (absolute, before the move).
    pub file: PathBuf,
    /// 1-based line of the link.
    pub line: u64,
    /// The link as written.
    pub link: String,
    /// Why it is left alone.
    pub reason: String,
}

/// A redirect a move records (`mv --redirect`): the moved page's old
/// URL (or, for MkDocs `redirect_maps`, its old path under `docs_dir`)
/// written where the generator takes redirects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redirect {
    /// The file edited (absolute, its path before the move): the page
    /// (front matter) or the site's configuration.
    pub file: PathBuf,
    /// 1-based line of the edit in the file before the move.
    pub line: u64,
    /// What is redirected: the page's old URL path (without the base
    /// path), or its old path relative to MkDocs `docs_dir`.
    pub from: String,
    /// Where to: the new URL path (Hugo, Zola, Jekyll), the new path
    /// relative to `docs_dir` (MkDocs), or the URL mdBook's redirect page
    /// sends the browser to, relative to the old one.
    pub to: String,
    /// The setting written: `aliases` (Hugo, Zola), `redirect_from`
    /// (Jekyll), `redirect_maps` (MkDocs), `[output.html.redirect]`
    /// (mdBook).
    pub setting: &'static str,
    /// The edit of the file's bytes (an insertion; offsets into the file
    /// as it is before the move).
    pub edit: Edit,
}

/// What a plan is asked to do besides moving and rewriting links.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Record each moved page's old URL where the site's generator takes
    /// redirects (`mv --redirect`).
    pub redirect: bool,
}

/// What a move does: the paths moved, the links written again per file,
/// and the links left alone.
#[derive(Debug, Default)]
pub struct Plan {
    /// The tree moved in (absolute, symbolic links resolved).
    pub root: PathBuf,
    /// True when the tree is a git work tree (moves by `git mv`).
    pub git: bool,
    /// The paths moved, as given (files or directories).
    pub moves: Vec<Move>,
    /// Every regular file moved, with its new path.
    pub files: Vec<Move>,
    /// The edits of each document (by its path before the move), in
    /// file order, not overlapping.
    pub edits: BTreeMap<PathBuf, Vec<LinkEdit>>,
    /// The links left alone, in the order of their files and lines.
    pub left: Vec<Left>,
    /// The redirects recorded (with [`Options::redirect`]), in the order
    /// of their sites and files.
    pub redirects: Vec<Redirect>,
}

impl Plan {
    /// The number of links written again.
    pub fn edit_count(&self) -> usize {
        self.edits.values().map(Vec::len).sum()
    }

    /// Every edit of each file (its links and the redirects recorded in
    /// it), by its path before the move, sorted and not overlapping.
    pub fn file_edits(&self) -> BTreeMap<PathBuf, Vec<Edit>> {
        let mut out: BTreeMap<PathBuf, Vec<Edit>> = BTreeMap::new();
        for (file, edits) in &self.edits {
            out.entry(file.clone())
                .or_default()
                .extend(edits.iter().map(|e| e.edit.clone()));
        }
        for r in &self.redirects {
            out.entry(r.file.clone()).or_default().push(r.edit.clone());
        }
        for list in out.values_mut() {
            // Stable: insertions at one place keep their order.
            list.sort_by_key(|e| (e.start, e.end));
        }
        out
    }
}

/// The top-level directory of the git work tree `dir` is in, or `None`
/// outside one (or without git).
fn git_top(dir: &Path) -> Option<PathBuf> {
    let out = Command::new("git")
        .args(["rev-parse", "--show-toplevel"])
        .current_dir(dir)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let s = String::from_utf8(out.stdout).ok()?;
    std::fs::canonicalize(s.trim_end_matches(['\n', '\r'])).ok()
}

/// Plans `mv SOURCES... DEST` run in the directory `cwd`: the moves
/// ([`plan::moves`]) inside the tree (the git work tree `cwd` is in, else
/// `cwd`), every link of the tree's documents (Markdown, MDX, HTML,
/// reStructuredText, AsciiDoc; the walk honours `.gitignore` and follows
/// no symbolic link) that the moves change ([`edits`]), and the entries of
/// the sites' configurations that name a moved page (MkDocs `nav` and
/// `redirect_maps` values, mdBook `[output.html.redirect]` values). Nothing
/// is written. [`plan_with`] with the default [`Options`].
///
/// # Errors
/// [`MvError`] when the arguments make no move (naming the path).
pub fn plan(sources: &[PathBuf], dest: &Path, cwd: &Path) -> Result<Plan, MvError> {
    plan_with(sources, dest, cwd, Options::default())
}

/// [`plan()`], and what `options` asks: with [`Options::redirect`], each
/// moved page's old URL recorded where its site's generator takes
/// redirects ([`Plan::redirects`]): Hugo and Zola `aliases` and Jekyll
/// `redirect_from` (with the `jekyll-redirect-from` plugin) in the page's
/// front matter, MkDocs `redirect_maps` of the `redirects` plugin in
/// `mkdocs.yml`, mdBook `[output.html.redirect]` in `book.toml`; where it
/// cannot be written (Docusaurus and Sphinx redirects are code; no
/// plugin; a shape urilint does not edit), the redirect is left alone
/// with the entry to add ([`Plan::left`]).
///
/// # Errors
/// [`MvError`] when the arguments make no move (naming the path).
pub fn plan_with(
    sources: &[PathBuf],
    dest: &Path,
    cwd: &Path,
    options: Options,
) -> Result<Plan, MvError> {
    let cwd = std::fs::canonicalize(cwd).map_err(|e| MvError::Io {
        path: cwd.to_path_buf(),
        error: e.to_string(),
    })?;
    let (root, git) = match git_top(&cwd) {
        Some(top) => (top, true),
        None => (cwd.clone(), false),
    };
    let moves = plan::moves(sources, dest, &cwd, &root)?;
    let files = plan::files_moved(&moves);
    if let Some(taken) = url_taken(&files, &root) {
        return Err(taken);
    }
    let resolver = edits::Resolver {
        root: &root,
        moves: &moves,
        links: crate::links::LocalLinks::new(None, None),
        sites: Mutex::new(Default::default()),
    };
    let mut out = Plan {
        root: root.clone(),
        git,
        moves: moves.clone(),
        files,
        ..Plan::default()
    };
    let docs = documents(&root);
    let rendering =
        crate::site::docstrings::Rendering::of_pages(&docs, Some(&root), &resolver.sites);
    for doc in docs {
        let Some(kind) = edits::Doc::of(&doc) else {
            docstrings::plan_file(&resolver, &rendering, &doc, &mut out);
            continue;
        };
        let bytes = match read_capped(&doc) {
            Ok(b) => b,
            Err(error) => {
                out.left.push(Left {
                    file: doc.clone(),
                    line: 0,
                    link: String::new(),
                    reason: format!("not read: {error}"),
                });
                continue;
            }
        };
        let mut doc_edits = Vec::new();
        let description = kind == edits::Doc::Markdown && resolver.renders_description(&doc);
        let links = edits::links(kind, &bytes, description)
            .into_iter()
            .map(|l| (l, None));
        let xrefs = sphinx::xrefs(kind, &bytes)
            .into_iter()
            .map(|(l, k)| (l, Some(k)));
        for (link, xref) in links.chain(xrefs) {
            let line = line_of(&bytes, link.span.start);
            let outcome = match xref {
                None => resolver.outcome(&doc, &link.text),
                Some(k) => resolver.xref_outcome(&doc, k, &link.text),
            };
            match outcome {
                edits::Outcome::Same => {}
                edits::Outcome::Left(reason) => out.left.push(Left {
                    file: doc.clone(),
                    line,
                    link: link.text,
                    reason,
                }),
                edits::Outcome::New(_) if !link.exact => out.left.push(Left {
                    file: doc.clone(),
                    line,
                    link: link.text,
                    reason: "written with entities or escapes, which are not written again".into(),
                }),
                edits::Outcome::New(new) => doc_edits.push(LinkEdit {
                    line,
                    edit: Edit {
                        start: link.span.start,
                        end: link.span.end,
                        replacement: new.clone(),
                    },
                    old: link.text,
                    new,
                }),
            }
        }
        one_edit_per_span(&mut doc_edits);
        if description {
            front_matter_kept(&doc, &bytes, &mut doc_edits, &mut out.left);
        }
        if !doc_edits.is_empty() {
            out.edits.insert(doc, doc_edits);
        }
    }
    config::plan(&mut out, options.redirect);
    Ok(out)
}

/// One edit per span (a link the format gives twice is one), none
/// overlapping another, in file order (the cross-references come after
/// the links).
fn one_edit_per_span(edits: &mut Vec<LinkEdit>) {
    edits.sort_by_key(|e| e.edit.start);
    edits.dedup_by(|a, b| a.edit.start == b.edit.start);
    edits.retain({
        let mut end = 0;
        move |e| {
            let keep = e.edit.start >= end;
            end = end.max(e.edit.end);
            keep
        }
    });
}

/// Keeps of the edits in the front matter of the Markdown page `doc`
/// (`bytes`; the links of a `description` its site renders as Markdown)
/// those after which the page parses to the same structure, front matter
/// as YAML, but for the links changed ([`crate::fix::verify::keep_same_structure`],
/// as `check --fix` verifies a write into a data file); the others are
/// left alone, named.
fn front_matter_kept(doc: &Path, bytes: &[u8], edits: &mut Vec<LinkEdit>, left: &mut Vec<Left>) {
    let Some(end) = crate::format::markdown_front_matter::front_matter_end(bytes) else {
        return;
    };
    // Every edit of the page is verified together (a link changed in
    // the front matter may stand in the body too, changed there as well);
    // only the front matter's are dropped when they do not hold.
    let proposed: Vec<Edit> = edits.iter().map(|e| e.edit.clone()).collect();
    let uris: Vec<std::ops::Range<u64>> = proposed.iter().map(|e| e.start..e.end).collect();
    let (front, body): (Vec<LinkEdit>, Vec<LinkEdit>) =
        edits.drain(..).partition(|e| (e.edit.end as usize) <= end);
    let kept = crate::fix::verify::keep_same_structure(
        crate::format::structure::Kind::Markdown,
        bytes,
        &uris,
        proposed,
    );
    for e in front {
        if kept
            .iter()
            .any(|k| k.start == e.edit.start && k.end == e.edit.end)
        {
            edits.push(e);
        } else {
            left.push(Left {
                file: doc.to_path_buf(),
                line: e.line,
                link: e.old,
                reason: "in the front matter, and the page would not parse to the same structure with it written again".into(),
            });
        }
    }
    edits.extend(body);
    edits.sort_by_key(|e| e.edit.start);
}

/// The documents under `root` whose links are read, and the Python
/// files whose docstrings pages may render: regular files (no symbolic
/// link followed or read), `.gitignore` and hidden files honoured as
/// `check` walks.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = ignore::WalkBuilder::new(root)
        .follow_links(false)
        .build()
        .flatten()
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .map(ignore::DirEntry::into_path)
        .filter(|p| edits::Doc::of(p).is_some() || docstrings::is_python(p))
        .collect();
    out.sort();
    out
}

/// The bytes of `path`, up to [`MAX_DOCUMENT`].
fn read_capped(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let f = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    f.take(MAX_DOCUMENT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_DOCUMENT {
        return Err(format!("larger than {MAX_DOCUMENT} bytes"));
    }
    Ok(bytes)
}

/// The 1-based line of byte `at` of `bytes`.
pub(crate) fn line_of(bytes: &[u8], at: u64) -> u64 {
    let at = usize::try_from(at).unwrap_or(usize::MAX).min(bytes.len());
    memchr::memchr_iter(b'\n', &bytes[..at]).count() as u64 + 1
}

/// The unified diff of every edit of `plan` (each file under its path
/// before the move), as `check --diff` writes diffs. Nothing is written.
///
/// # Errors
/// [`MvError::Io`] when a document cannot be read again.
pub fn diff(plan: &Plan) -> Result<Vec<u8>, MvError> {
    let mut out = Vec::new();
    for (file, list) in &plan.file_edits() {
        let bytes = read_capped(file).map_err(|error| MvError::Io {
            path: file.clone(),
            error,
        })?;
        let shown = crate::links::shown(file);
        crate::fix::diff::unified_edits(
            &mut out,
            shown.as_os_str().as_encoded_bytes(),
            bytes.as_slice(),
            bytes.len() as u64,
            list,
        )
        .map_err(|e| MvError::Io {
            path: file.clone(),
            error: e.to_string(),
        })?;
    }
    Ok(out)
}

/// The refusal of a move that gives a page the URL of a page that stays
/// (`docs/user-guide/README.md` moved to `docs/README.md` beside
/// `docs/index.md`: MkDocs then excludes it, and every link rewritten to
/// it breaks; found in review of issue 51), or that puts a page where the
/// site would not publish it ([`MvError::NotPublished`]); `None` when
/// every moved page's new URL is its own.
fn url_taken(files: &[Move], root: &Path) -> Option<MvError> {
    let cache = Mutex::new(Default::default());
    for m in files {
        let Some(site) = crate::site::Site::of_file(&m.from, Some(root), &cache) else {
            continue;
        };
        if site.page_url(&m.from).is_none() {
            continue;
        }
        if site.unpublished_at(&m.from, &m.to) {
            return Some(MvError::NotPublished(crate::links::shown(&m.to)));
        }
        let Some(url) = site.page_url_at(&m.from, &m.to) else {
            continue;
        };
        let taken = site.sources_of_url(&url).into_iter().find(|other| {
            other.is_file() && *other != m.from && !files.iter().any(|f| f.from == *other)
        });
        if let Some(other) = taken {
            return Some(MvError::UrlTaken {
                path: crate::links::shown(&m.to),
                url,
                other: crate::links::shown(&other),
            });
        }
    }
    None
}

/// Carries out `plan`: each document's new bytes are made first (read,
/// edited), then the paths are moved (`git mv` in a git work tree for
/// tracked paths, else a rename), then each edited document is written
/// at its new path atomically, checked to still hold what was read
/// ([`crate::fix::write::write_atomic`]: no symbolic link followed,
/// owner and mode kept, byte-identical outside the edits).
///
/// # Errors
/// The first [`MvError::Io`]: a document unreadable (nothing moved yet),
/// a move refused (the moves before it are done), a write refused (the
/// moves are done; the other files are still written).
pub fn apply(plan: &Plan) -> Result<(), MvError> {
    let mut written = Vec::new();
    for (file, list) in &plan.file_edits() {
        let bytes = read_capped(file).map_err(|error| MvError::Io {
            path: file.clone(),
            error,
        })?;
        let new = crate::fix::apply_edits(&bytes, list);
        written.push((plan::after(&plan.moves, file), bytes, new));
    }
    for m in &plan.moves {
        move_one(plan, m)?;
    }
    let mut first = None;
    for (path, old, new) in written {
        if let Err(e) = crate::fix::write::write_atomic(&path, &old, &new) {
            first.get_or_insert(MvError::Io {
                path,
                error: e.to_string(),
            });
        }
    }
    first.map_or(Ok(()), Err)
}

/// Moves `m.from` to `m.to`: `git mv` when git tracks it, else a rename
/// (which never replaces: the destination was checked absent, and is
/// checked again).
fn move_one(plan: &Plan, m: &Move) -> Result<(), MvError> {
    let io = |error: String| MvError::Io {
        path: m.from.clone(),
        error,
    };
    if std::fs::symlink_metadata(&m.to).is_ok() {
        return Err(MvError::Exists(m.to.clone()));
    }
    if plan.git && tracked(&plan.root, &m.from) {
        let out = Command::new("git")
            .arg("mv")
            .arg("--")
            .arg(&m.from)
            .arg(&m.to)
            .current_dir(&plan.root)
            .output()
            .map_err(|e| io(format!("git mv: {e}")))?;
        if !out.status.success() {
            return Err(io(format!(
                "git mv: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        return Ok(());
    }
    std::fs::rename(&m.from, &m.to).map_err(|e| io(e.to_string()))
}

/// True when git tracks `path` (a file, or a file under a directory).
fn tracked(root: &Path, path: &Path) -> bool {
    Command::new("git")
        .args(["ls-files", "-z", "--"])
        .arg(path)
        .current_dir(root)
        .output()
        .is_ok_and(|o| o.status.success() && !o.stdout.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link_edit(bytes: &str, old: &str, new: &str) -> LinkEdit {
        let start = bytes.find(old).unwrap_or(0) as u64;
        LinkEdit {
            line: 1,
            old: old.into(),
            new: new.into(),
            edit: Edit {
                start,
                end: start + old.len() as u64,
                replacement: new.into(),
            },
        }
    }

    /// A front matter edit after which the YAML would mean something
    /// else is left alone, named; one that keeps it, and the body's, are
    /// kept.
    #[test]
    fn front_matter_edits_keep_the_structure_or_are_left() {
        let page = "---\ndescription: See [A](/docs/a/) here.\nweight: 1\n---\n[B](/docs/b/)\n";
        let doc = Path::new("p.md");
        let mut edits = vec![
            link_edit(page, "/docs/a/", "/docs/a2/"),
            link_edit(page, "/docs/b/", "/docs/b2/"),
        ];
        let mut left = Vec::new();
        front_matter_kept(doc, page.as_bytes(), &mut edits, &mut left);
        assert_eq!(edits.len(), 2);
        assert!(left.is_empty());
        // The same link in the front matter and the body: both follow
        // (verified together; kind's `project-scope.md`).
        let both = "---\ndescription: |-\n  See [A](/docs/a/).\n---\nAnd [A](/docs/a/).\n";
        let mut edits = vec![
            link_edit(both, "/docs/a/", "/docs/a2/"),
            LinkEdit {
                edit: Edit {
                    start: both.rfind("/docs/a/").unwrap_or(0) as u64,
                    end: (both.rfind("/docs/a/").unwrap_or(0) + 8) as u64,
                    replacement: "/docs/a2/".into(),
                },
                ..link_edit(both, "/docs/a/", "/docs/a2/")
            },
        ];
        front_matter_kept(doc, both.as_bytes(), &mut edits, &mut left);
        assert_eq!(edits.len(), 2, "{left:?}");
        assert!(left.is_empty(), "{left:?}");
        // `: ` in a plain scalar starts a mapping: the YAML breaks.
        let mut edits = vec![link_edit(page, "/docs/a/", "/x: y/")];
        front_matter_kept(doc, page.as_bytes(), &mut edits, &mut left);
        assert!(edits.is_empty());
        assert_eq!(left.len(), 1);
        assert!(left[0].reason.contains("front matter"), "{:?}", left[0]);
    }
}
