//! Go to definition on a local link: the file a relative reference (or a
//! `file:` URI) leads to, at the heading or anchor its fragment names.
//!
//! This module owns turning a link into a file and a byte offset in it,
//! resolved as `check --links local` resolves it ([`LocalLinks`]: relative
//! to the document or the root directory, by a site generator's build
//! rules when the document belongs to a site: MkDocs' directory URLs,
//! Hugo's and Jekyll's permalinks, ...), and the anchor located as the
//! renderer mints its id ([`crate::links::anchors::anchor_offset`]). It
//! answers LSP 3.17 `textDocument/definition`; the caller converts the
//! offset to a position in the target file.

use std::path::{Path, PathBuf};

use crate::format::detect::{detect, InputFormat};
use crate::grammar::{parse, percent_decode, Grammar};
use crate::links::anchors::anchor_offset;
use crate::links::{Lead, LinkTarget, LocalLinks};
use crate::site::files::Kind;

use super::found::FoundUri;

/// What go to definition needs besides the link.
#[derive(Clone, Copy, Debug)]
pub struct DefinitionContext<'a> {
    /// Where links are looked for, as `check --links local` looks. Its
    /// caches of file kinds and anchors live as long as it does: a server
    /// makes one per request, or drops it when files change.
    pub links: &'a LocalLinks,
    /// The workspace folder the document was found in (the walk's root of
    /// `check`): targets outside it are not followed.
    pub tree: Option<&'a Path>,
    /// The document's current text in the editor (which may differ from
    /// the file, or be unsaved), for a link into the document itself
    /// (`#section`).
    pub current_text: Option<&'a [u8]>,
}

/// Where a link leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The file to open: for a link to a directory, its index page
    /// (`index.md`, `README.md`, `_index.md`, `index.html`, in that order).
    pub path: PathBuf,
    /// The 0-based byte offset in that file (as stored, or
    /// [`DefinitionContext::current_text`] for the document itself) of the
    /// heading or anchor the fragment names; `None` when the link has no
    /// fragment or the anchor is not found (open the file at its top).
    pub offset: Option<u64>,
}

/// The target of `found`, a link of the document `file` (absolute, or
/// relative to the working directory as `check` gives paths): for a
/// relative reference or an absolute URI under the site URL, the file it
/// leads to as `check --links local` resolves it ([`LocalLinks`], against
/// the document's `<base href>` when it has one); for a `file:` URI (RFC
/// 8089) naming a local absolute path, that file. `None` when the link is
/// not local, leads outside the workspace folder (for a `file:` URI too,
/// the boundary [`LocalLinks`] gives relative links: L8 of the 2026-11-29
/// review), or its target does not exist. A fragment-only reference (`#install`) leads into the document
/// itself, read from `ctx.current_text` when given.
pub fn definition(found: &FoundUri, file: &Path, ctx: &DefinitionContext) -> Option<Target> {
    let text = found.text.trim();
    let base = found.base.as_deref();
    if text.starts_with('#') && base.is_none() {
        if let Some(current) = ctx.current_text {
            let fragment = decoded(&text[1..]);
            let renderer = match ctx.links.lead_within(ctx.tree, file, text, None) {
                Some(Lead::Target(t)) => t.renderer,
                _ => ctx.links.renderer.unwrap_or_default(),
            };
            let format = detect(current, file);
            return Some(Target {
                path: file.to_path_buf(),
                offset: anchor_offset(current, format, renderer, &fragment),
            });
        }
    }
    if let Some((path, fragment)) = file_uri_path(text) {
        // The same boundary as a relative link's (L8 of the 2026-11-29
        // review: `file:///outside/sec.md#x` was read, `../outside/...`
        // was not).
        if !ctx.links.inside_tree(ctx.tree, file, &path) || !path.is_file() {
            return None;
        }
        let renderer = ctx.links.renderer.unwrap_or_default();
        return Some(
            match fragment.and_then(|f| offset_in(&path, file, ctx, renderer, &f, 0)) {
                Some((at, offset)) => Target {
                    path: at,
                    offset: Some(offset),
                },
                None => Target { path, offset: None },
            },
        );
    }
    match ctx.links.lead_within(ctx.tree, file, text, base)? {
        Lead::MissingPage { .. } => None,
        Lead::Target(t) => target_of(&t, file, ctx),
    }
}

/// The [`Target`] of a link that leads to `t`, found in `file`.
fn target_of(t: &LinkTarget, file: &Path, ctx: &DefinitionContext) -> Option<Target> {
    let path = match t.kind {
        Kind::Missing => return None,
        Kind::Directory => index_page(&t.path)?,
        _ => t.path.clone(),
    };
    let found = t
        .fragment
        .as_deref()
        .and_then(|f| offset_in(&path, file, ctx, t.renderer, f, 0));
    Some(match found {
        // The heading may be in a file the page includes.
        Some((at, offset)) => Target {
            path: at,
            offset: Some(offset),
        },
        None => Target { path, offset: None },
    })
}

/// The index page of the directory `dir`, when it has one.
pub(crate) fn index_page(dir: &Path) -> Option<PathBuf> {
    [
        "index.md",
        "README.md",
        "_index.md",
        "index.html",
        "index.rst",
        "index.adoc",
    ]
    .iter()
    .map(|n| dir.join(n))
    .find(|p| p.is_file())
}

/// The file and offset of the anchor `fragment` (percent-decoded) in the
/// document `path`, read from `ctx.current_text` when `path` is the
/// document `file` itself, else from the file (at most
/// [`crate::links::anchors::MAX_DOCUMENT`] bytes); when its own text has
/// no such anchor, in the files it includes (pymdownx snippets `--8<--`,
/// mdBook `{{#include}}`, reST and AsciiDoc `include::`), `depth` levels
/// down at most [`crate::links::anchors::includes::MAX_DEPTH`].
fn offset_in(
    path: &Path,
    file: &Path,
    ctx: &DefinitionContext,
    renderer: crate::site::slug::Renderer,
    fragment: &str,
    depth: usize,
) -> Option<(PathBuf, u64)> {
    let same = path == file
        || matches!(
            (std::fs::canonicalize(path), std::fs::canonicalize(file)),
            (Ok(a), Ok(b)) if a == b
        );
    let bytes = match ctx.current_text {
        Some(current) if same => current.to_vec(),
        _ => crate::links::anchors::read_document(path)?.0,
    };
    let format = detect(&bytes, path);
    if format == InputFormat::Text {
        return None;
    }
    if let Some(at) = anchor_offset(&bytes, format, renderer, fragment) {
        return Some((path.to_path_buf(), at));
    }
    if depth >= crate::links::anchors::includes::MAX_DEPTH {
        return None;
    }
    crate::links::anchors::includes::included(&bytes, path, ctx.tree)
        .iter()
        .find_map(|inc| offset_in(inc, file, ctx, renderer, fragment, depth + 1))
}

/// `s` percent-decoded, lossily UTF-8.
fn decoded(s: &str) -> String {
    String::from_utf8_lossy(&percent_decode(s.as_bytes())).into_owned()
}

/// The local path a `file:` URI names (RFC 8089 section 2: an empty
/// authority, or `localhost`; the path percent-decoded), with its
/// fragment percent-decoded when it has a non-empty one; `None` for any
/// other URI, a remote host, or a path that decodes to a NUL byte.
pub(crate) fn file_uri_path(uri: &str) -> Option<(PathBuf, Option<String>)> {
    let parsed = parse(uri, Grammar::Rfc3986);
    let u = parsed.uri();
    if !parsed.is_valid() || !u.scheme()?.eq_ignore_ascii_case("file") {
        return None;
    }
    match u.host() {
        None | Some("") => {}
        Some(h) if h.eq_ignore_ascii_case("localhost") => {}
        Some(_) => return None,
    }
    let path = u.path();
    if !path.starts_with('/') {
        return None;
    }
    let bytes = percent_decode(path.as_bytes());
    if bytes.contains(&0) {
        return None;
    }
    #[cfg(unix)]
    let path = {
        use std::os::unix::ffi::OsStrExt;
        PathBuf::from(std::ffi::OsStr::from_bytes(&bytes))
    };
    #[cfg(not(unix))]
    let path = PathBuf::from(String::from_utf8_lossy(&bytes).into_owned());
    let fragment = u.fragment().filter(|f| !f.is_empty()).map(decoded);
    Some((path, fragment))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::found::{uris_of, FoundOptions};
    use std::fs;

    fn link(doc: &Path, text: &str, which: &str) -> FoundUri {
        let found = uris_of(doc, text.as_bytes(), &FoundOptions::default());
        found
            .into_iter()
            .find(|f| f.text == which)
            .unwrap_or_else(|| panic!("{which} not found in {text:?}"))
    }

    #[test]
    fn markdown_link_to_a_heading_of_another_file() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir(root.join(".git")).unwrap();
        let b = "# B\n\nSome text.\n\n## Install\n\nSteps.\n";
        fs::write(root.join("b.md"), b).unwrap();
        let doc = root.join("a.md");
        let text = "See [a](b.md#install) and [m](missing.md#x).\n";
        fs::write(&doc, text).unwrap();
        let links = LocalLinks::new(None, None);
        let ctx = DefinitionContext {
            links: &links,
            tree: Some(root),
            current_text: Some(text.as_bytes()),
        };
        let t = definition(&link(&doc, text, "b.md#install"), &doc, &ctx);
        let at = b.find("## Install").map(|i| i as u64);
        assert_eq!(
            t,
            Some(Target {
                path: root.join("b.md"),
                offset: at
            })
        );
        assert_eq!(
            definition(&link(&doc, text, "missing.md#x"), &doc, &ctx),
            None
        );
    }

    #[test]
    fn an_anchor_in_an_included_file() {
        // MkDocs' contributing page is one pymdownx snippet line: its
        // headings are those of the file it includes.
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir(root.join(".git")).unwrap();
        fs::create_dir(root.join("docs")).unwrap();
        let included = "# Contributing\n\n## Installing for development\n";
        fs::write(root.join("CONTRIBUTING.md"), included).unwrap();
        fs::write(
            root.join("docs/contributing.md"),
            "--8<-- \"CONTRIBUTING.md\"\n",
        )
        .unwrap();
        let doc = root.join("docs/a.md");
        let text = "[c](contributing.md#installing-for-development) [d](contributing.md#nope)\n";
        fs::write(&doc, text).unwrap();
        let links = LocalLinks::new(None, None);
        let ctx = DefinitionContext {
            links: &links,
            tree: Some(root),
            current_text: Some(text.as_bytes()),
        };
        let t = definition(
            &link(&doc, text, "contributing.md#installing-for-development"),
            &doc,
            &ctx,
        );
        assert_eq!(
            t,
            Some(Target {
                path: root.join("CONTRIBUTING.md"),
                offset: included.find("## Installing").map(|i| i as u64)
            })
        );
        // An anchor found nowhere: the page, at its top.
        let t = definition(&link(&doc, text, "contributing.md#nope"), &doc, &ctx);
        assert_eq!(
            t,
            Some(Target {
                path: root.join("docs/contributing.md"),
                offset: None
            })
        );
    }

    #[test]
    fn fragment_only_link_uses_the_current_text() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir(root.join(".git")).unwrap();
        let doc = root.join("a.md");
        // The file on disk is older: the heading moved in the editor.
        fs::write(&doc, "# Local\n").unwrap();
        let text = "# Top\n\n[here](#local)\n\n## Local\n";
        let links = LocalLinks::new(None, None);
        let ctx = DefinitionContext {
            links: &links,
            tree: Some(root),
            current_text: Some(text.as_bytes()),
        };
        let t = definition(&link(&doc, text, "#local"), &doc, &ctx);
        assert_eq!(
            t,
            Some(Target {
                path: doc.clone(),
                offset: text.find("## Local").map(|i| i as u64)
            })
        );
    }

    #[test]
    fn mkdocs_directory_url() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir(root.join(".git")).unwrap();
        fs::write(root.join("mkdocs.yml"), "site_name: x\n").unwrap();
        fs::create_dir_all(root.join("docs/a")).unwrap();
        let b = "# B\n\n## Usage notes\n";
        fs::write(root.join("docs/b.md"), b).unwrap();
        let doc = root.join("docs/a.md");
        // With use_directory_urls (MkDocs' default) a.md is served at
        // /a/, so `../b/` is the page of b.md.
        let text = "[b](../b/#usage-notes)\n";
        fs::write(&doc, text).unwrap();
        let links = LocalLinks::new(None, None);
        let ctx = DefinitionContext {
            links: &links,
            tree: Some(root),
            current_text: Some(text.as_bytes()),
        };
        let t = definition(&link(&doc, text, "../b/#usage-notes"), &doc, &ctx).expect("target");
        assert_eq!(t.path.file_name().and_then(|n| n.to_str()), Some("b.md"));
        assert_eq!(t.offset, b.find("## Usage").map(|i| i as u64));
    }

    #[test]
    fn file_uris() {
        assert_eq!(
            file_uri_path("file:///tmp/a%20b.md#x%41"),
            Some((PathBuf::from("/tmp/a b.md"), Some("xA".to_string())))
        );
        assert_eq!(
            file_uri_path("file://localhost/etc/hosts"),
            Some((PathBuf::from("/etc/hosts"), None))
        );
        assert_eq!(file_uri_path("file://server/share/x"), None);
        assert_eq!(file_uri_path("http://a.example/x"), None);
        assert_eq!(file_uri_path("file:///a%00b"), None);
    }
}
