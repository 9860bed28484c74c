//! Document links: every URI of a document as a link the editor can open,
//! delimited as RFC 3986 Appendix C (RFC 2396 Appendix E) says, not by an
//! editor's own pattern (which cuts URIs broken across lines, and keeps a
//! closing parenthesis or period).
//!
//! This module owns choosing the target of each URI found
//! ([`super::found`]): the URI itself, rejoined, when it is absolute and
//! valid; for a relative reference, the `file:` URI of the local file it
//! leads to. It answers LSP 3.17 `textDocument/documentLink`; the caller
//! converts spans to ranges.

use std::ops::Range;
use std::path::Path;

use crate::grammar::{parse, percent_encode, Grammar};
use crate::links::LocalLinks;
use crate::resolve::{resolve_str, ResolveOptions};

use super::definition::{definition, DefinitionContext};
use super::found::FoundUri;

/// What document links need besides the URIs.
#[derive(Clone, Copy, Debug, Default)]
pub struct DocumentLinkContext<'a> {
    /// The grammar URIs are validated and resolved with.
    pub grammar: Grammar,
    /// Where relative references are looked for, as `check --links local`
    /// looks; `None`: relative references get no link (unless the
    /// document has an absolute base).
    pub links: Option<&'a LocalLinks>,
    /// The workspace folder the document was found in: targets outside it
    /// get no link.
    pub tree: Option<&'a Path>,
    /// The document's current text in the editor, for links into itself.
    pub current_text: Option<&'a [u8]>,
}

/// The links of the document `file` whose URIs are `found`: for each, its
/// span (bytes of the document, 0-based, end exclusive, as
/// [`FoundUri::span`]) and its target, a URI without white space:
///
/// * an absolute URI that is valid under `ctx.grammar` (any scheme:
///   `https`, `mailto`, `ftp`, `file`, `urn`, ..., identifiers such as an
///   XML namespace name too), as scanned: rejoined across line breaks;
///   except `file:` URIs, which are local links (below);
/// * a relative reference with an absolute base (HTML `<base href>`):
///   the URI it resolves to (RFC 3986 section 5.2);
/// * another relative reference (or a URI under the site URL, or a
///   `file:` URI) whose local target exists within the workspace folder ([`definition`]): the target's `file:` URI (RFC
///   8089), with `#L<line>` (1-based) when the fragment's anchor is found,
///   which VS Code opens at that line (its opener's `#L<line>` selection).
///
/// URIs that are not valid, and relative references that lead nowhere,
/// get no link.
pub fn document_links(
    found: &[FoundUri],
    file: &Path,
    ctx: &DocumentLinkContext,
) -> Vec<(Range<u64>, String)> {
    let mut out = Vec::new();
    for f in found {
        if let Some(target) = target(f, file, ctx) {
            out.push((f.span.clone(), target));
        }
    }
    out
}

/// The target of one URI ([`document_links`]).
fn target(f: &FoundUri, file: &Path, ctx: &DocumentLinkContext) -> Option<String> {
    let parsed = parse(&f.text, ctx.grammar);
    // A `file:` URI is a local link: it goes where a relative reference
    // goes, within the workspace folder (L8 of the 2026-11-29 review).
    let file_scheme = parsed
        .uri()
        .scheme()
        .is_some_and(|s| s.eq_ignore_ascii_case("file"));
    if !f.relative && parsed.uri().scheme().is_some() && !file_scheme {
        return parsed.is_valid().then(|| f.text.clone());
    }
    if !parsed.is_valid() {
        return None;
    }
    if let Some(base) = f
        .base
        .as_deref()
        .map(str::trim)
        .filter(|b| !file_scheme && crate::grammar::has_scheme(b))
    {
        let opts = ResolveOptions {
            grammar: ctx.grammar,
            ..ResolveOptions::default()
        };
        return resolve_str(base, &f.text, opts).ok();
    }
    let links = ctx.links?;
    let dctx = DefinitionContext {
        links,
        tree: ctx.tree,
        current_text: ctx.current_text,
    };
    let t = definition(f, file, &dctx)?;
    let absolute = if t.path.is_absolute() {
        t.path.clone()
    } else {
        std::env::current_dir().ok()?.join(&t.path)
    };
    let mut uri = file_uri(&absolute);
    if let Some(at) = t.offset {
        let bytes = if t.path == file {
            ctx.current_text.map(<[u8]>::to_vec)
        } else {
            None
        };
        let bytes = match bytes {
            Some(b) => b,
            None => std::fs::read(&t.path).ok()?,
        };
        let end = (at as usize).min(bytes.len());
        let line = 1 + memchr::memchr_iter(b'\n', &bytes[..end]).count();
        uri.push_str(&format!("#L{line}"));
    }
    Some(uri)
}

/// The `file:` URI of the absolute path `path` (RFC 8089 section 2):
/// `file://` then the path, each byte that is not unreserved, `/` or a
/// sub-delimiter other than `'`, `:` or `@` percent-encoded.
pub(crate) fn file_uri(path: &Path) -> String {
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = path.to_string_lossy().replace('\\', "/").into_bytes();
    let keep = |b: u8| {
        b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b'/'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b':'
                    | b'@'
            )
    };
    format!("file://{}", percent_encode(&bytes, keep))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::found::{uris_of, FoundOptions};

    fn links_of(name: &str, text: &str) -> Vec<(String, String)> {
        let found = uris_of(Path::new(name), text.as_bytes(), &FoundOptions::default());
        document_links(&found, Path::new(name), &DocumentLinkContext::default())
            .into_iter()
            .map(|(span, t)| (text[span.start as usize..span.end as usize].to_string(), t))
            .collect()
    }

    #[test]
    fn broken_uri_gets_one_rejoined_target() {
        assert_eq!(
            links_of("a.txt", "Read <http://a.example/very/\n   long> now."),
            vec![(
                "http://a.example/very/\n   long".to_string(),
                "http://a.example/very/long".to_string()
            )]
        );
    }

    #[test]
    fn trailing_punctuation_and_parenthesis_are_left_out() {
        assert_eq!(
            links_of("a.txt", "(see http://a.example/x)."),
            vec![(
                "http://a.example/x".to_string(),
                "http://a.example/x".to_string()
            )]
        );
    }

    #[test]
    fn invalid_and_other_schemes() {
        let l = links_of(
            "a.txt",
            "mailto:joe@example.org urn:isbn:0451450523 http://a.example/%zz",
        );
        let targets: Vec<&str> = l.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(targets, ["mailto:joe@example.org", "urn:isbn:0451450523"]);
    }

    #[test]
    fn roff_ur_with_escaped_colons() {
        // fixtures/roff/numa-152-158.7: `\:` is a roff break point, not part
        // of the URI.
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/roff/numa-152-158.7"
        ))
        .unwrap();
        let l = links_of("numa.7", &text);
        assert_eq!(
            l,
            vec![(
                "ftp://oss.sgi.com\\:/www\\:/projects\\:/libnuma\\:/download/".to_string(),
                "ftp://oss.sgi.com/www/projects/libnuma/download/".to_string()
            )]
        );
    }

    #[test]
    fn relative_references_lead_to_local_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir(root.join(".git")).unwrap();
        std::fs::write(root.join("b c.md"), "# B\n\n## Install\n").unwrap();
        let doc = root.join("a.md");
        let text = "[x](b%20c.md#install) [y](gone.md)\n";
        let found = uris_of(&doc, text.as_bytes(), &FoundOptions::default());
        let links = LocalLinks::new(None, None);
        let ctx = DocumentLinkContext {
            links: Some(&links),
            tree: Some(root),
            ..DocumentLinkContext::default()
        };
        let l = document_links(&found, &doc, &ctx);
        assert_eq!(l.len(), 1, "{l:?}");
        assert_eq!(
            &text[l[0].0.start as usize..l[0].0.end as usize],
            "b%20c.md#install"
        );
        assert_eq!(l[0].1, format!("{}#L3", file_uri(&root.join("b c.md"))));
        assert!(l[0].1.contains("/b%20c.md#L3"));
    }

    #[test]
    fn relative_reference_against_a_base() {
        let text = "<html><head><base href=\"https://a.example/d/\"></head><body><a href=\"../x\">x</a></body></html>";
        let l = links_of("p.html", text);
        assert!(
            l.contains(&("../x".to_string(), "https://a.example/x".to_string())),
            "{l:?}"
        );
    }
}
