//! The links a move changes and their new forms: each document's links
//! read where its format's grammar gives them (Markdown destinations,
//! reference definitions, images, HTML `href`/`src`, reStructuredText
//! links, AsciiDoc links), resolved through the site model as `check
//! --links local` resolves them ([`crate::links::LocalLinks`]), and, for
//! a link to a moved file or in a moved page, written again in the form
//! it had: a source file path, a built name (`x.html`, `../x/`) or a
//! root-relative URL (`/guide/x/`), fragment and query kept.

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::plan::{after, encode_path, relative_path, relative_url, restyle, Move};
use crate::format::SegmentKind;
use crate::links::{Lead, LocalLinks};
use crate::site::files::Kind;
use crate::site::{lexically_clean, percent_decode_bytes, resolve_path, Site};

/// A link as a document's format gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Found {
    /// Its bytes in the file (0-based, end exclusive), white space
    /// around it left out.
    pub span: Range<u64>,
    /// The reference, as read (decoded by the format).
    pub text: String,
    /// True when the file's bytes at `span` are `text` as they are (no
    /// entity or escape in it): only such a link is written.
    pub exact: bool,
}

/// The extensions of the documents whose links are read, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Doc {
    /// `.md`, `.markdown`.
    Markdown,
    /// `.mdx`.
    Mdx,
    /// `.html`, `.htm`.
    Html,
    /// `.rst`.
    Rst,
    /// `.adoc`, `.asciidoc`.
    Asciidoc,
}

impl Doc {
    /// The kind of document `path` is, by its extension; `None` for
    /// files whose links are not read.
    pub fn of(path: &Path) -> Option<Doc> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "md" | "markdown" => Doc::Markdown,
            "mdx" => Doc::Mdx,
            "html" | "htm" => Doc::Html,
            "rst" => Doc::Rst,
            "adoc" | "asciidoc" => Doc::Asciidoc,
            _ => return None,
        })
    }
}

/// The links of the document `bytes` of kind `doc`, in file order; with
/// `description`, also those of a Markdown page's front matter
/// `description`, which its site renders as Markdown
/// ([`crate::site::Layout::markdown_description`]).
pub(super) fn links(doc: Doc, bytes: &[u8], description: bool) -> Vec<Found> {
    use crate::format;
    let segments = match doc {
        Doc::Markdown if description => {
            let mut s = format::markdown::segments(bytes, false);
            s.extend(format::markdown_front_matter::field_links(
                bytes,
                "description",
            ));
            s.sort_by_key(|s| s.map.start(0));
            s
        }
        Doc::Markdown => format::markdown::segments(bytes, false),
        Doc::Mdx => format::mdx::segments(bytes, false).unwrap_or_default(),
        Doc::Html => format::html::segments(bytes),
        Doc::Rst => format::rst::segments(bytes, false),
        Doc::Asciidoc => format::asciidoc::segments(bytes, false),
    };
    let mut out = Vec::new();
    for seg in segments {
        let link = match &seg.kind {
            SegmentKind::MarkdownLink(_) | SegmentKind::RstLink(_) => true,
            SegmentKind::HtmlAttribute { attribute, .. } => {
                matches!(attribute.as_str(), "href" | "src")
            }
            _ => false,
        };
        if !link || !seg.references {
            continue;
        }
        let t = &seg.text;
        let lead = t.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let trail = t[lead..]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        let range = lead as u64..(t.len() - trail) as u64;
        if range.is_empty() {
            continue;
        }
        let value = &t[lead..t.len() - trail];
        let span = seg.map.span(range.clone());
        let raw = usize::try_from(span.start)
            .ok()
            .zip(usize::try_from(span.end).ok())
            .and_then(|(s, e)| bytes.get(s..e));
        let exact = seg.map.is_exact(range) && raw == Some(value);
        out.push(Found {
            span,
            text: String::from_utf8_lossy(value).into_owned(),
            exact,
        });
    }
    out.sort_by_key(|f| f.span.start);
    out
}

/// What a move does to one link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// Nothing: it leads where it did.
    Same,
    /// Written again as this reference.
    New(String),
    /// Left as it is, for this reason.
    Left(String),
}

/// Why a link whose form the model cannot say is left alone.
const NO_FORM: &str =
    "the site model cannot say how the link names its target (neither its source file nor its built URL)";

/// The site model and the moves, for [`Resolver::outcome`].
pub(super) struct Resolver<'a> {
    /// The tree the moves are in (absolute, symbolic links resolved).
    pub root: &'a Path,
    /// Every path moved (files and directories).
    pub moves: &'a [Move],
    /// How `check --links local` resolves links.
    pub links: LocalLinks,
    /// The site of each directory looked at.
    pub sites: Mutex<HashMap<PathBuf, Option<Arc<Site>>>>,
}

impl Resolver<'_> {
    /// The site that builds the page `file`, if any.
    pub(super) fn site_of(&self, file: &Path) -> Option<Arc<Site>> {
        Site::of_file(file, Some(self.root), &self.sites)
    }

    /// True when the site of the page `file` renders its front matter
    /// `description` as Markdown ([`crate::site::Layout::markdown_description`]).
    pub(super) fn renders_description(&self, file: &Path) -> bool {
        self.site_of(file)
            .is_some_and(|s| s.layout.markdown_description.is_some())
    }

    /// What the moves do to the link `reference` of the document `doc`
    /// (absolute, as it is before the moves).
    pub fn outcome(&self, doc: &Path, reference: &str) -> Outcome {
        let r = reference.trim();
        if r.is_empty()
            || r.starts_with(['#', '?'])
            || r.starts_with("//")
            || crate::grammar::has_scheme(r)
        {
            return Outcome::Same;
        }
        let doc_after = after(self.moves, doc);
        let moved_doc = doc_after != doc;
        let path = &r[..r.find(['?', '#']).unwrap_or(r.len())];
        let target = match self.links.lead_within(Some(self.root), doc, r, None) {
            Some(Lead::Target(t)) if t.in_site || t.kind != Kind::Missing => t.path,
            Some(Lead::Target(_) | Lead::MissingPage { .. })
                if moved_doc && !path.starts_with('/') =>
            {
                return Outcome::Left("broken before the move: its target is missing".into());
            }
            None if moved_doc && !path.starts_with('/') => {
                if let Some(out) = self.above_root(doc, &doc_after, r) {
                    // `../std/x.html` of an mdBook deployed beside the
                    // standard library's docs: the same place from the
                    // page's new URL.
                    return out;
                }
                return Outcome::Left(
                    "a link of a moved page that the site model does not resolve".into(),
                );
            }
            _ => return Outcome::Same,
        };
        let target = std::fs::canonicalize(&target).unwrap_or(target);
        let target_after = after(self.moves, &target);
        if target_after == target && (!moved_doc || path.starts_with('/')) {
            return Outcome::Same;
        }
        self.rewritten(doc, r, &target, &target_after)
    }

    /// The new form of the relative link `r` (trimmed) of the moved page
    /// `doc` (moving to `doc_after`) when it climbs above the site root
    /// ([`crate::site::ABOVE_ROOT`]: `../std/x.html` of an mdBook deployed
    /// beside the standard library's docs): the relative URL that leads
    /// to the same place from the page's new URL, query and fragment
    /// kept. `None` when the link stays within the site, is a build's
    /// placeholder, or the page's URL before the move is not known.
    fn above_root(&self, doc: &Path, doc_after: &Path, r: &str) -> Option<Outcome> {
        let cut = r.find(['?', '#']).unwrap_or(r.len());
        let (path, suffix) = r.split_at(cut);
        if crate::template::is_placeholder_reference(path) {
            return None;
        }
        let decoded = String::from_utf8_lossy(&percent_decode_bytes(path.as_bytes())).into_owned();
        let site = self.site_of(doc)?;
        let page = site.page_url(doc)?;
        let (up, rest) = above_root_target(&page, &decoded)?;
        let page_after = match self.url_at(&site, doc, doc_after) {
            Ok(u) => u,
            Err(why) => return Some(Outcome::Left(why)),
        };
        let mut climb = "../".repeat(url_dir_depth(&page_after) + up);
        if rest.is_empty() && !decoded.ends_with('/') {
            // `..` stays without its `/`.
            climb.pop();
        }
        let new = format!("{climb}{}{suffix}", encode_path(&rest));
        Some(if new == r {
            Outcome::Same
        } else {
            Outcome::New(new)
        })
    }

    /// The new form of the link `r` (trimmed) of `doc`, which leads to
    /// `target`, once the moves are made (`target` then at
    /// `target_after`).
    fn rewritten(&self, doc: &Path, r: &str, target: &Path, target_after: &Path) -> Outcome {
        let doc_after = after(self.moves, doc);
        let cut = r.find(['?', '#']).unwrap_or(r.len());
        let (path, suffix) = r.split_at(cut);
        let (target, target_after) = (target.to_path_buf(), target_after.to_path_buf());
        let decoded = String::from_utf8_lossy(&percent_decode_bytes(path.as_bytes())).into_owned();
        let new = if decoded.starts_with('/') {
            self.rooted(doc, &decoded, &target, &target_after)
        } else {
            self.relative(doc, &doc_after, &decoded, &target, &target_after)
        };
        match new {
            Ok(p) => {
                let mut p = encode_path(&p);
                if path.starts_with("./") && !p.starts_with("../") && !p.starts_with("./") {
                    p.insert_str(0, "./");
                }
                let new = format!("{p}{suffix}");
                if new == r {
                    Outcome::Same
                } else {
                    Outcome::New(new)
                }
            }
            Err(why) => Outcome::Left(why),
        }
    }

    /// The new form of a root-relative link (`decoded`, percent-decoded)
    /// of `doc` to `target`, which moves to `target_after`.
    fn rooted(
        &self,
        doc: &Path,
        decoded: &str,
        target: &Path,
        target_after: &Path,
    ) -> Result<String, String> {
        let site = self
            .site_of(doc)
            .ok_or("a root-relative link outside any site the model reads")?;
        let old = self.old_url(&site, target, target_after).ok_or(NO_FORM)?;
        let base = site.layout.base_path.trim_end_matches('/').to_string();
        let (with_base, written) = match decoded.strip_prefix(&base) {
            Some(rest)
                if !base.is_empty() && rest.starts_with('/') && !site.same_url(decoded, &old) =>
            {
                (true, rest)
            }
            _ => (false, decoded),
        };
        if !site.same_url(written, &old) {
            return Err(NO_FORM.into());
        }
        let new = self.url_at(&site, target, target_after)?;
        let styled = restyle(written, &old, &new)
            .ok_or("written as a form of the page's URL the model does not write again")?;
        Ok(if with_base {
            format!("{base}{styled}")
        } else {
            styled
        })
    }

    /// The URL `target` was served at: its page's URL, or when it is
    /// already at `target_after` (renamed since a revision), the URL the
    /// page there would have at `target`.
    fn old_url(&self, site: &Site, target: &Path, target_after: &Path) -> Option<String> {
        site.page_url(target)
            .or_else(|| site.page_url_at(target_after, target))
    }

    /// The URL `target` is served at once at `target_after`, or why not.
    fn url_at(&self, site: &Site, target: &Path, target_after: &Path) -> Result<String, String> {
        if let Some(why) = site.unsure_pages() {
            return Err(why);
        }
        let now = (target != target_after)
            .then(|| site.page_url(target_after))
            .flatten();
        now.or_else(|| site.page_url_at(target, target_after)).ok_or_else(|| {
            format!(
                "the site model cannot say the URL of {} at its new place (outside the site's sources, or a file the generator does not publish there)",
                crate::links::shown(target_after).display()
            )
        })
    }

    /// The new form of a relative link (`decoded`, percent-decoded) of
    /// `doc` (moving to `doc_after`) to `target` (moving to
    /// `target_after`).
    fn relative(
        &self,
        doc: &Path,
        doc_after: &Path,
        decoded: &str,
        target: &Path,
        target_after: &Path,
    ) -> Result<String, String> {
        let dir = doc.parent().unwrap_or(Path::new(""));
        let dir_after = doc_after.parent().unwrap_or(Path::new(""));
        let beside = lexically_clean(&dir.join(decoded));
        let beside = std::fs::canonicalize(&beside).unwrap_or(beside);
        let slash = decoded.ends_with('/');
        let rel = |to: &Path| relative_path(dir_after, to).ok_or("a path that is not UTF-8");
        if beside == target {
            // The source file (or directory) itself.
            let mut p = rel(target_after)?;
            if slash && !p.ends_with('/') {
                p.push('/');
            }
            return Ok(p);
        }
        if let Some(built) = self.built(doc, doc_after, decoded, target, target_after) {
            return built;
        }
        if target.with_extension("") == beside && target.extension() == target_after.extension() {
            // The source file without its extension (`./options`,
            // `../x/`).
            let mut p = rel(&target_after.with_extension(""))?;
            if slash && !p.ends_with('/') {
                p.push('/');
            }
            return Ok(p);
        }
        if target.parent() == Some(beside.as_path())
            && target.file_name() == target_after.file_name()
        {
            // The directory of an index page (`guide/` for
            // `guide/index.md`).
            let mut p = rel(target_after.parent().unwrap_or(Path::new("")))?;
            if slash && !p.ends_with('/') {
                p.push('/');
            }
            return Ok(p);
        }
        Err(NO_FORM.into())
    }

    /// The new form of the relative link `decoded` of `doc` when it names
    /// `target` by its built URL (the URL it makes against the page's own
    /// URL, RFC 3986 section 5.2): the relative URL from the page's new
    /// URL to the target's. `None` when the link does not name it so.
    fn built(
        &self,
        doc: &Path,
        doc_after: &Path,
        decoded: &str,
        target: &Path,
        target_after: &Path,
    ) -> Option<Result<String, String>> {
        let site = self.site_of(doc)?;
        let page = site.page_url(doc)?;
        let old = self.old_url(&site, target, target_after)?;
        let written = resolve_path(&page, decoded);
        if !site.same_url(&written, &old) {
            return None;
        }
        Some((|| {
            let new = self.url_at(&site, target, target_after)?;
            let page_after = self.url_at(&site, doc, doc_after)?;
            let styled = restyle(&written, &old, &new)
                .ok_or("written as a form of the page's URL the model does not write again")?;
            Ok(relative_url(&page_after, &styled))
        })())
    }
}

/// Where the relative reference `decoded` (percent-decoded, no query or
/// fragment) of the page at the URL path `page` leads when it climbs
/// above the site root (RFC 3986 section 5.2.4 `remove_dot_segments`,
/// without stopping at the root): how many levels above the root, and
/// the path from there (`core/x.html`; a trailing `/` kept). `None` when
/// it stays within the site.
fn above_root_target(page: &str, decoded: &str) -> Option<(usize, String)> {
    let dir = &page[..page.rfind('/').map_or(0, |i| i + 1)];
    let mut stack: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    let mut up = 0usize;
    let segments: Vec<&str> = decoded.split('/').collect();
    let last = segments.len().saturating_sub(1);
    let mut dir_end = false;
    for (i, seg) in segments.iter().enumerate() {
        dir_end = i == last && matches!(*seg, "" | "." | "..");
        match *seg {
            "" | "." => {}
            ".." => {
                if stack.pop().is_none() {
                    up += 1;
                }
            }
            s => stack.push(s),
        }
    }
    if up == 0 {
        return None;
    }
    let mut rest = stack.join("/");
    if dir_end && !rest.is_empty() {
        rest.push('/');
    }
    Some((up, rest))
}

/// The number of directory segments of the URL path `page` (`/a/b.html`
/// and `/a/b/x` have 1 and 2; `/` has 0).
fn url_dir_depth(page: &str) -> usize {
    let dir = &page[..page.rfind('/').map_or(0, |i| i + 1)];
    dir.split('/').filter(|s| !s.is_empty()).count()
}

/// The link `reference` of the page `doc` written again for the file it
/// named, `old` (missing: renamed to `new` since a revision, as git says;
/// [`crate::since::Since::moved_target`]), in the form it was written in
/// (source path, built name, root-relative URL), as `urilint mv` would
/// have written it had it made the rename: the safe fix of such an `L001`
/// with `check --since REF` (issue 51). `tree` is the walk's root, as
/// [`LocalLinks::tree_of`] takes it. `None` when the model is not sure of
/// the new form.
pub fn renamed_reference(
    links: &LocalLinks,
    tree: Option<&Path>,
    doc: &Path,
    reference: &str,
    old: &Path,
    new: &Path,
) -> Option<String> {
    let cwd = std::env::current_dir().ok()?;
    let doc = std::fs::canonicalize(cwd.join(doc)).ok()?;
    let old = super::plan::real_parent(&lexically_clean(&cwd.join(old)));
    let new = std::fs::canonicalize(cwd.join(new)).ok()?;
    let root = links.tree_of(tree, &doc);
    let moves = [Move {
        from: old.clone(),
        to: new.clone(),
    }];
    let resolver = Resolver {
        root: &root,
        moves: &moves,
        links: LocalLinks::new(None, None),
        sites: Mutex::new(HashMap::new()),
    };
    match resolver.rewritten(&doc, reference.trim(), &old, &new) {
        Outcome::New(r) => Some(r),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_of_each_format_with_exact_spans() {
        let md = b"See [a](guide/a.md#x), ![i](img/p.png).\n\n[ref]: ../b.md\n\n<a href=\"c.md\">c</a>\n";
        let found = links(Doc::Markdown, md, false);
        let texts: Vec<&str> = found.iter().map(|f| f.text.as_str()).collect();
        assert!(texts.contains(&"guide/a.md#x"), "{texts:?}");
        assert!(texts.contains(&"img/p.png"), "{texts:?}");
        assert!(texts.contains(&"../b.md"), "{texts:?}");
        for f in &found {
            assert!(f.exact);
            let s = f.span.start as usize..f.span.end as usize;
            assert_eq!(&md[s], f.text.as_bytes());
        }
        let rst = b"See `a <guide/a.html>`_.\n\n.. _t: ../b.html\n";
        let texts: Vec<String> = links(Doc::Rst, rst, false)
            .into_iter()
            .map(|f| f.text)
            .collect();
        assert!(texts.iter().any(|t| t == "guide/a.html"), "{texts:?}");
        let html = b"<p><a href=\"x&amp;y.html\">x</a><img src=\"p.png\"></p>";
        let found = links(Doc::Html, html, false);
        assert!(found.iter().any(|f| f.text == "x&y.html" && !f.exact));
        assert!(found.iter().any(|f| f.text == "p.png" && f.exact));
    }

    /// A site of `config` (name, text) with the page `page`, in a new
    /// directory: its [`Site`] and the directory (symbolic links
    /// resolved, as the site's paths are).
    fn site(config: (&str, &str), page: &str) -> (tempfile::TempDir, Site, PathBuf) {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = std::fs::canonicalize(dir.path()).expect("real");
        std::fs::write(root.join(config.0), config.1).expect("config");
        let page = root.join(page);
        std::fs::create_dir_all(page.parent().expect("dir")).expect("dirs");
        std::fs::write(&page, "# Page\n").expect("page");
        let site = Site::in_dir(&root).expect("a site");
        (dir, site, root)
    }

    #[test]
    fn built_names_per_generator() {
        let cases = [
            (
                ("mkdocs.yml", "site_name: x\n"),
                "docs/a/x.md",
                "docs/b/y.md",
                "/b/y/",
            ),
            (
                ("mkdocs.yml", "site_name: x\nuse_directory_urls: false\n"),
                "docs/a/x.md",
                "docs/b/y.md",
                "/b/y.html",
            ),
            (
                ("mkdocs.yml", "site_name: x\n"),
                "docs/a/x.md",
                "docs/b/index.md",
                "/b/",
            ),
            (
                ("conf.py", "project = 'x'\n"),
                "a/x.rst",
                "b/y.rst",
                "/b/y.html",
            ),
            (
                ("hugo.toml", "title = 'x'\n"),
                "content/a/x.md",
                "content/b/y.md",
                "/b/y/",
            ),
            (
                ("docusaurus.config.js", "module.exports = { title: 'x' };\n"),
                "docs/a/x.md",
                "docs/b/y.md",
                "/docs/b/y",
            ),
        ];
        for (config, from, to, want) in cases {
            let (_dir, site, root) = site(config, from);
            assert_eq!(
                site.page_url_at(&root.join(from), &root.join(to))
                    .as_deref(),
                Some(want),
                "{config:?}: {from} -> {to}"
            );
        }
        // Out of the source directory: no URL.
        let (_dir, site, root) = site(("mkdocs.yml", "site_name: x\n"), "docs/a/x.md");
        assert_eq!(
            site.page_url_at(&root.join("docs/a/x.md"), &root.join("notes/x.md")),
            None
        );
    }

    #[test]
    fn links_above_the_site_root_keep_their_place() {
        // `../core/x.html` of the nomicon's `panic-handler.html`: one
        // level above the root, then `core/x.html`.
        assert_eq!(
            above_root_target("/panic-handler.html", "../core/panic/x.html"),
            Some((1, "core/panic/x.html".to_string()))
        );
        assert_eq!(
            above_root_target("/a/b.html", "../../std/"),
            Some((1, "std/".to_string()))
        );
        assert_eq!(
            above_root_target("/a.html", "../x/../../y"),
            Some((2, "y".to_string()))
        );
        assert_eq!(above_root_target("/a.html", ".."), Some((1, String::new())));
        // Within the site: not above the root.
        assert_eq!(above_root_target("/a/b.html", "../c.html"), None);
        assert_eq!(above_root_target("/a/b/", "../c/"), None);
        assert_eq!(url_dir_depth("/"), 0);
        assert_eq!(url_dir_depth("/a.html"), 0);
        assert_eq!(url_dir_depth("/arc-mutex/a.html"), 1);
        assert_eq!(url_dir_depth("/a/b/"), 2);
    }
}
