//! The hover of a URI: what it is made of, whether it is valid, its normal
//! form, where a relative reference leads, and what `check` found there.
//!
//! This module owns the hover's text, Markdown (LSP 3.17
//! `textDocument/hover`, `MarkupContent` of kind `markdown`; GitHub
//! Flavored Markdown tables, which VS Code, Neovim and Helix render). The
//! caller finds the URI under the cursor ([`super::found`]) and the
//! findings (`check`'s), and converts positions.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::grammar::{parse, Grammar};
use crate::links::{Lead, LocalLinks};
use crate::lint::Diagnostic;
use crate::normalize::{normalize, NormalizeOptions};
use crate::resolve::{resolve_str, ResolveOptions};
use crate::site::files::Kind;

use super::found::FoundUri;

/// What a hover needs besides the URI.
#[derive(Clone, Copy, Debug, Default)]
pub struct HoverContext<'a> {
    /// The grammar URIs are parsed, normalized and resolved with (RFC 3986
    /// by default).
    pub grammar: Grammar,
    /// Where relative references are looked for, as `check --links local`
    /// looks (site generators' rules, anchors); `None`: not looked for.
    /// Its caches of file kinds and anchors live as long as it does: a
    /// server makes one per request, or drops it when files change.
    pub links: Option<&'a LocalLinks>,
    /// The workspace folder the document was found in (the walk's root of
    /// `check`): targets outside it are not looked at, and target paths
    /// are shown relative to it.
    pub tree: Option<&'a Path>,
}

/// The hover of `found`, a URI of the document `file`, in Markdown: the
/// URI; a table of its components (RFC 3986 section 3; a password in the
/// userinfo shown as `***`, here and wherever the URI is repeated); "valid"
/// or its parse errors with their codes (RFC 3986 Appendix A, or the
/// grammar of `ctx`); its normal form when it differs (RFC 3986 section
/// 6.2.2, [`crate::normalize`]); for a relative reference the target it
/// resolves to against the document's base (section 5.2), or the local
/// file it leads to with whether it and its anchor exist; then each of
/// `findings` (the document's, in file offsets) whose URI span overlaps
/// `found.span`, with its rule's summary ([`crate::lint::rules::find`]).
/// URIs are in code spans (backticks in them handled); other text is
/// escaped.
pub fn hover(found: &FoundUri, file: &Path, findings: &[Diagnostic], ctx: &HoverContext) -> String {
    let mut out = String::new();
    let text = found.text.as_str();
    let grammar = ctx.grammar;
    let parsed = parse(text, grammar);
    let uri = parsed.uri();
    let what = if found.relative || uri.scheme().is_none() {
        "relative reference"
    } else {
        "URI"
    };
    let _ = writeln!(out, "{} ({what})\n", code(&masked(text, grammar)));
    // Components.
    let c = uri.components();
    let mut rows: Vec<(&str, String)> = Vec::new();
    let part = |r: &std::ops::Range<usize>| text.get(r.clone()).unwrap_or_default();
    if let Some(r) = &c.scheme {
        rows.push(("scheme", cell(part(r))));
    }
    if let Some(r) = &c.userinfo {
        rows.push(("userinfo", cell(&mask_userinfo(part(r)))));
    }
    if let Some(r) = &c.host {
        let kind = match c.host_kind {
            Some(crate::grammar::HostKind::Ipv4) => " (IPv4)",
            Some(crate::grammar::HostKind::Ipv6) => " (IPv6)",
            Some(crate::grammar::HostKind::IpvFuture) => " (IPvFuture)",
            _ => "",
        };
        rows.push(("host", format!("{}{kind}", cell(part(r)))));
    }
    if let Some(r) = &c.port {
        rows.push(("port", cell(part(r))));
    }
    rows.push(("path", cell(part(&c.path))));
    if let Some(r) = &c.query {
        rows.push(("query", cell(part(r))));
    }
    if let Some(r) = &c.fragment {
        rows.push(("fragment", cell(part(r))));
    }
    out.push_str("| component | value |\n|---|---|\n");
    for (name, value) in rows {
        let _ = writeln!(out, "| {name} | {value} |");
    }
    out.push('\n');
    // Validity.
    let shown_findings: Vec<&Diagnostic> = findings
        .iter()
        .filter(|d| overlaps(&d.uri_span, &found.span))
        .collect();
    if parsed.is_valid() {
        let _ = write!(out, "valid ({})", grammar_name(grammar));
        let opts = NormalizeOptions {
            grammar,
            ..NormalizeOptions::default()
        };
        let normal = normalize(uri, opts);
        if normal != text {
            let _ = write!(out, "\\\nnormalized: {}", code(&masked(&normal, grammar)));
        }
        out.push('\n');
    } else {
        let _ = writeln!(out, "invalid ({}):", grammar_name(grammar));
        // One line per rule, its first error (the finding of the same rule
        // below says it with more); a rule's other errors (each bad
        // character of a run) counted.
        let mut said: Vec<(&str, &str, usize)> = Vec::new();
        for e in parsed.errors() {
            if shown_findings.iter().any(|d| d.code == e.code()) {
                continue;
            }
            match said.iter_mut().find(|(c, _, _)| *c == e.code()) {
                Some((_, first, more)) => {
                    if *first != e.message {
                        *more += 1;
                    }
                }
                None => said.push((e.code(), &e.message, 0)),
            }
        }
        for (code, message, more) in said {
            let _ = write!(out, "- **{code}** {}", escape(message));
            if more > 0 {
                let _ = write!(out, " (and {more} more)");
            }
            out.push('\n');
        }
    }
    // Where a relative reference leads.
    if what == "relative reference" {
        target_lines(&mut out, found, file, ctx);
    }
    for d in shown_findings {
        out.push('\n');
        let _ = write!(out, "**{}** {}: {}", d.code, d.rule, escape(&d.message));
        if let Some(rule) = crate::lint::rules::find(d.code) {
            let _ = write!(out, "\\\n*{}*", escape(rule.summary));
        }
        out.push('\n');
    }
    out.trim_end().to_string()
}

/// Appends where the relative reference `found` of `file` leads: resolved
/// against its base, and the local file it names.
fn target_lines(out: &mut String, found: &FoundUri, file: &Path, ctx: &HoverContext) {
    let text = found.text.as_str();
    let base = found.base.as_deref().map(str::trim);
    if let Some(b) = base.filter(|b| crate::grammar::has_scheme(b)) {
        let opts = ResolveOptions {
            grammar: ctx.grammar,
            ..ResolveOptions::default()
        };
        match resolve_str(b, text, opts) {
            Ok(t) => {
                let _ = writeln!(out, "\nresolves to {}", code(&masked(&t, ctx.grammar)));
            }
            Err(e) => {
                let _ = writeln!(
                    out,
                    "\nnot resolved against the base: {}",
                    escape(&e.to_string())
                );
            }
        }
    }
    let Some(links) = ctx.links else { return };
    match links.lead_within(ctx.tree, file, text, base) {
        None => {}
        Some(Lead::MissingPage {
            url,
            generator,
            config,
            ..
        }) => {
            let _ = writeln!(
                out,
                "\nno page at {} in the {generator} site of {}",
                code(&url),
                code(&shown(&config, ctx.tree))
            );
        }
        Some(Lead::Target(t)) => {
            let state = match t.kind {
                Kind::Missing => "missing",
                Kind::Directory => "a directory",
                _ => "exists",
            };
            let _ = write!(
                out,
                "\nlocal target: {} ({state})",
                code(&shown(&t.path, ctx.tree))
            );
            if let (Some(fragment), Some(found)) = (t.fragment.as_deref(), links.anchor_found(&t)) {
                let anchor = code(&format!("#{fragment}"));
                let said = if found { "found" } else { "not found" };
                let _ = write!(out, "\\\nanchor {anchor}: {said}");
            }
            out.push('\n');
        }
    }
}

/// `path` as shown: relative to the workspace folder `tree` when under it
/// (compared as given and with symbolic links resolved), else as it is.
fn shown(path: &Path, tree: Option<&Path>) -> String {
    let rel = tree.and_then(|t| {
        path.strip_prefix(t)
            .ok()
            .map(Path::to_path_buf)
            .or_else(|| {
                let real: PathBuf = std::fs::canonicalize(t).ok()?;
                path.strip_prefix(real).ok().map(Path::to_path_buf)
            })
    });
    match rel {
        Some(r) if !r.as_os_str().is_empty() => r.display().to_string(),
        _ => path.display().to_string(),
    }
}

/// True when the byte ranges share a byte, or an empty `a` lies in `b`.
fn overlaps(a: &std::ops::Range<u64>, b: &std::ops::Range<u64>) -> bool {
    if a.is_empty() {
        return b.start <= a.start && a.start <= b.end;
    }
    a.start < b.end && b.start < a.end
}

/// The grammar's name as the hover says it.
fn grammar_name(g: Grammar) -> &'static str {
    match g {
        Grammar::Rfc3986 => "RFC 3986",
        Grammar::Rfc2396 => "RFC 2396",
        Grammar::Rfc2396Ipv6 => "RFC 2396 + RFC 2732",
        Grammar::Rfc3987 => "RFC 3987",
    }
}

/// `userinfo` with the password (after the first `:`) as `***`.
fn mask_userinfo(userinfo: &str) -> String {
    match userinfo.split_once(':') {
        Some((user, _)) => format!("{user}:***"),
        None => userinfo.to_string(),
    }
}

/// `uri` with the password of its userinfo as `***` (RFC 3986 section
/// 3.2.1: "user:password" is deprecated, and not to be shown).
pub(crate) fn masked(uri: &str, grammar: Grammar) -> String {
    let parsed = parse(uri, grammar);
    match parsed.uri().components().userinfo.clone() {
        Some(r) if uri.get(r.clone()).is_some_and(|u| u.contains(':')) => {
            let u = uri.get(r.clone()).unwrap_or_default();
            format!("{}{}{}", &uri[..r.start], mask_userinfo(u), &uri[r.end..])
        }
        _ => uri.to_string(),
    }
}

/// `s` as a Markdown code span (CommonMark 0.31 section 6.1): fenced with
/// one backtick more than its longest run of backticks, padded with a
/// space when it starts or ends with one.
fn code(s: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for ch in s.chars() {
        if ch == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    let fence = "`".repeat(longest + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') || s.is_empty() {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{s}{pad}{fence}")
}

/// `s` as a code span in a table cell: `|` escaped (GFM 0.29 section 4.10:
/// a pipe inside a cell's code span must be escaped too).
fn cell(s: &str) -> String {
    if s.is_empty() {
        return "*(empty)*".to_string();
    }
    code(s).replace('|', "\\|")
}

/// `s` with Markdown's special characters backslash-escaped (CommonMark
/// 0.31 section 2.4), line breaks as spaces.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '!' | '~' | '&' => {
                out.push('\\');
                out.push(ch);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::found::{uris_of, FoundOptions};

    fn found(text: &str) -> FoundUri {
        FoundUri {
            span: 0..text.len() as u64,
            text: text.to_string(),
            relative: false,
            base: None,
            references: false,
            broken: false,
        }
    }

    fn plain(text: &str) -> String {
        hover(
            &found(text),
            Path::new("a.txt"),
            &[],
            &HoverContext::default(),
        )
    }

    #[test]
    fn valid_https_uri_with_port_query_fragment() {
        assert_eq!(
            plain("HTTPS://Example.org:8443/a/./b?q=1&r=2#top"),
            "`HTTPS://Example.org:8443/a/./b?q=1&r=2#top` (URI)\n\n\
             | component | value |\n|---|---|\n\
             | scheme | `HTTPS` |\n\
             | host | `Example.org` |\n\
             | port | `8443` |\n\
             | path | `/a/./b` |\n\
             | query | `q=1&r=2` |\n\
             | fragment | `top` |\n\n\
             valid (RFC 3986)\\\n\
             normalized: `https://example.org:8443/a/b?q=1&r=2#top`"
        );
    }

    #[test]
    fn invalid_percent_encoding_with_its_finding() {
        let text = "see http://a.example/%zz here";
        let f = uris_of(
            Path::new("a.txt"),
            text.as_bytes(),
            &FoundOptions::default(),
        );
        assert_eq!(f.len(), 1);
        let d = Diagnostic {
            path: "a.txt".into(),
            line: 1,
            column: 21,
            byte_offset: 20,
            end_line: 1,
            end_column: 24,
            uri_span: 4..23,
            code: "U002",
            rule: "invalid-percent-encoding",
            severity: crate::lint::Severity::Error,
            message: "'%' not followed by two hex digits in the path".into(),
            uri: "http://a.example/%zz".into(),
            fix: None,
            origin: None,
            remote: None,
        };
        let elsewhere = Diagnostic {
            uri_span: 30..40,
            code: "U001",
            ..d.clone()
        };
        let summary = crate::lint::rules::find("U002")
            .map(|r| r.summary)
            .unwrap_or_default();
        assert_eq!(
            hover(&f[0], Path::new("a.txt"), &[d, elsewhere], &HoverContext::default()),
            format!(
                "`http://a.example/%zz` (URI)\n\n\
                 | component | value |\n|---|---|\n\
                 | scheme | `http` |\n\
                 | host | `a.example` |\n\
                 | path | `/%zz` |\n\n\
                 invalid (RFC 3986):\n\n\
                 **U002** invalid-percent-encoding: '%' not followed by two hex digits in the path\\\n*{}*",
                escape(summary)
            )
        );
    }

    #[test]
    fn invalid_without_findings_lists_the_parse_errors() {
        let h = plain("http://a.example/%zz");
        assert!(
            h.ends_with(
                "invalid (RFC 3986):\n- **U002** '%' not followed by two hex digits in the path"
            ),
            "{h}"
        );
    }

    #[test]
    fn mailto() {
        assert_eq!(
            plain("mailto:Joe@Example.org?subject=hi%20there"),
            "`mailto:Joe@Example.org?subject=hi%20there` (URI)\n\n\
             | component | value |\n|---|---|\n\
             | scheme | `mailto` |\n\
             | path | `Joe@Example.org` |\n\
             | query | `subject=hi%20there` |\n\n\
             valid (RFC 3986)"
        );
    }

    #[test]
    fn password_is_masked() {
        assert_eq!(
            plain("ftp://joe:s3cret@FTP.example/`x`"),
            "`` ftp://joe:***@FTP.example/`x` `` (URI)\n\n\
             | component | value |\n|---|---|\n\
             | scheme | `ftp` |\n\
             | userinfo | `joe:***` |\n\
             | host | `FTP.example` |\n\
             | path | `` /`x` `` |\n\n\
             invalid (RFC 3986):\n\
             - **U003** '\\`' is not allowed in a URI (found in the path)"
        );
        assert_eq!(masked("http://u:p@h/", Grammar::Rfc3986), "http://u:***@h/");
        assert!(plain("http://u:pw@server:poort/").ends_with(
            "invalid (RFC 3986):\n- **U006** 'p' is not allowed in the port (digits only) (and 4 more)"
        ));
        assert_eq!(masked("http://u@h/", Grammar::Rfc3986), "http://u@h/");
    }

    #[test]
    fn relative_markdown_link_to_existing_and_missing_file() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir(root.join(".git")).unwrap();
        std::fs::write(root.join("b.md"), "# B\n\n## Install\n").unwrap();
        let doc = root.join("a.md");
        let text = "[x](b.md#install) [y](b.md#nope) [z](gone.md)\n";
        std::fs::write(&doc, text).unwrap();
        let found = uris_of(&doc, text.as_bytes(), &FoundOptions::default());
        assert_eq!(found.len(), 3);
        let links = LocalLinks::new(None, None);
        let ctx = HoverContext {
            links: Some(&links),
            tree: Some(root),
            ..HoverContext::default()
        };
        let h = |i: usize| hover(&found[i], &doc, &[], &ctx);
        assert_eq!(
            h(0),
            "`b.md#install` (relative reference)\n\n\
             | component | value |\n|---|---|\n\
             | path | `b.md` |\n\
             | fragment | `install` |\n\n\
             valid (RFC 3986)\n\n\
             local target: `b.md` (exists)\\\n\
             anchor `#install`: found"
        );
        assert!(h(1).ends_with("local target: `b.md` (exists)\\\nanchor `#nope`: not found"));
        assert!(
            h(2).ends_with("valid (RFC 3986)\n\nlocal target: `gone.md` (missing)"),
            "{}",
            h(2)
        );
    }

    #[test]
    fn relative_reference_with_a_base() {
        let f = FoundUri {
            relative: true,
            base: Some("https://a.example/docs/".into()),
            ..found("../x?y")
        };
        let h = hover(&f, Path::new("p.html"), &[], &HoverContext::default());
        assert!(
            h.ends_with("valid (RFC 3986)\n\nresolves to `https://a.example/x?y`"),
            "{h}"
        );
    }

    #[test]
    fn code_spans_and_escapes() {
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`a"), "`` `a ``");
        assert_eq!(cell("a|b"), "`a\\|b`");
        assert_eq!(cell(""), "*(empty)*");
        assert_eq!(escape("a*b_c <d>"), "a\\*b\\_c \\<d\\>");
    }
}
