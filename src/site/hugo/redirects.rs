//! Redirects a Hugo build writes: a static Netlify `_redirects` file,
//! or one a template writes through an output format whose base name is
//! `_redirects`, read through the partials it calls. Source: Hugo docs,
//! "Custom output formats"; Netlify docs, "Redirects and rewrites".

use std::path::{Path, PathBuf};

use super::super::Layout;

/// The redirects a Netlify host serves for the site (Hugo's
/// `static/_redirects`, or the `_redirects` the home template of an
/// output format in `formats` writes: `layouts/index.redirects`,
/// `layouts/home.redir`, with the partials it calls from
/// `layouts/partials/` or `layouts/_partials/`; Hugo docs, "Custom
/// output formats", "Partial templates"): each line's source path
/// without a template action or a `:placeholder` is a URL served
/// (`/faq`), a source ending in `*` a prefix of URLs served (`/grpc/*`).
/// A source that a template action or a placeholder computes
/// (`/docs/{{ . }}`) makes the URLs under its literal part unsure
/// ([`Layout::unsure_under`]; any URL when that is `/`). Each file's
/// first [`super::super::MAX_CONFIG`] bytes; at most [`MAX_PARTIALS`] partials.
pub(super) fn read_redirects(l: &mut Layout, dir: &Path, formats: &[String]) {
    let statics: Vec<PathBuf> = l.static_dirs.iter().map(|d| d.join("_redirects")).collect();
    let mut templates: Vec<PathBuf> = Vec::new();
    for base in ["layouts", "layouts/_default"] {
        for kind in ["index", "home"] {
            for f in formats {
                templates.push(dir.join(base).join(format!("{kind}.{f}")));
            }
        }
    }
    templates.dedup();
    for f in statics {
        if let Ok(text) = super::super::read_config(&f) {
            redirect_rules(l, &text, &f, dir, false);
        }
    }
    let mut i = 0;
    let mut partials = 0;
    while i < templates.len() {
        let f = templates[i].clone();
        i += 1;
        let Ok(text) = super::super::read_config(&f) else {
            continue;
        };
        let text = strip_template_comments(&text);
        for name in partial_calls(&text) {
            if partials >= MAX_PARTIALS {
                break;
            }
            for base in ["layouts/partials", "layouts/_partials"] {
                let p = dir.join(base).join(&name);
                if p.is_file() && !templates.contains(&p) {
                    partials += 1;
                    templates.push(p);
                }
            }
        }
        redirect_rules(l, &text, &f, dir, true);
    }
}

/// The most partials of a redirects template [`read_redirects`] reads.
pub(super) const MAX_PARTIALS: usize = 32;

/// `text` without its template comments (`{{/* ... */}}`, `{{- /* ... */ -}}`).
pub(super) fn strip_template_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("/*") {
        let Some(open) = rest[..i].rfind("{{") else {
            out.push_str(&rest[..i + 2]);
            rest = &rest[i + 2..];
            continue;
        };
        if !rest[open + 2..i].trim_matches(['-', ' ']).is_empty() {
            out.push_str(&rest[..i + 2]);
            rest = &rest[i + 2..];
            continue;
        }
        out.push_str(&rest[..open]);
        match rest[i..].find("*/").and_then(|j| {
            let after = i + j + 2;
            rest[after..].find("}}").map(|k| after + k + 2)
        }) {
            Some(end) => rest = &rest[end..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The names of the partials `text` calls with a literal name
/// (`partial "redirects.txt" .`, `partialCached "x.txt" .`).
pub(super) fn partial_calls(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("partial") {
        let rest = &text[i + "partial".len()..];
        let rest = rest.strip_prefix("Cached").unwrap_or(rest);
        let Some(rest) = rest.trim_start().strip_prefix('"') else {
            continue;
        };
        let Some(end) = rest.find('"') else {
            continue;
        };
        let name = &rest[..end];
        // A name below the partials' directory only: `..` and an absolute
        // path (which `Path::join` would take whole) would leave the tree.
        let below = Path::new(name)
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)));
        if !name.is_empty() && below && !out.iter().any(|n| n == name) {
            out.push(name.to_string());
        }
    }
    out
}

/// Reads the Netlify redirect rules of `text` (the file `file`; a
/// template when `template`) into `l` ([`read_redirects`]).
pub(super) fn redirect_rules(l: &mut Layout, text: &str, file: &Path, dir: &Path, template: bool) {
    let shown = file.strip_prefix(dir).unwrap_or(file).display().to_string();
    let why = || {
        if template {
            format!("the redirects the Hugo template `{shown}` computes")
        } else {
            format!("the Netlify redirects with placeholders of `{shown}`")
        }
    };
    for line in text.lines() {
        let line = line.trim();
        let Some(source) = line.split_whitespace().next() else {
            continue;
        };
        if template && source.starts_with("{{") {
            // A rule whose source an action writes: a page's own URL
            // (`.RelPermalink`) is a page already; another may be any.
            let Some(end) = line.find("}}") else {
                continue;
            };
            let action = &line[..end];
            let after = line[end + 2..].trim();
            let inner = action.trim_start_matches(['{', '-', ' ']);
            let assigns = inner.starts_with('$') && (inner.contains(":=") || inner.contains(" = "));
            let control = assigns
                || [
                    "range", "if", "with", "end", "else", "define", "partial", "template", "block",
                    "return", "/*",
                ]
                .iter()
                .any(|k| inner.starts_with(k));
            // A page's own URL, or (in `range .Aliases`) one of its
            // aliases, which front matter `aliases` gives: modelled.
            let alias = inner.starts_with('.')
                && (text.contains("range .Aliases") || text.contains(".Aliases }}"));
            if !action.contains("Permalink") && !alias && !control && !after.is_empty() {
                any_url(l, why(), forced(line));
            }
            continue;
        }
        if !source.starts_with('/') || source.starts_with("//") {
            continue;
        }
        let computed = [source.find("{{"), source.find("/:")]
            .into_iter()
            .flatten()
            .min();
        if let Some(at) = computed {
            // Up to the `/` before a `:placeholder`, or before `{{`.
            let literal = match source.get(at..) {
                Some(rest) if rest.starts_with("/:") => &source[..=at],
                _ => &source[..at],
            };
            let prefix = match literal.rfind('/') {
                Some(j) => &literal[..=j],
                None => "/",
            };
            let r = why();
            if prefix == "/" {
                any_url(l, r, forced(line));
            } else if !l.unsure_under.iter().any(|(p, _)| p == prefix) {
                l.unsure_under.push((prefix.to_string(), r));
            }
            continue;
        }
        match source.strip_suffix('*') {
            Some(prefix) if !prefix.contains('*') => l.redirect_prefixes.push(prefix.to_string()),
            Some(_) => {}
            None => l.redirects.push(source.to_string()),
        }
    }
}

/// Notes a rule whose source may be any URL of the site, for the reason
/// `why`. A forced rule (`301!`: Netlify's "shadowing") is served even
/// where a page is, so it may move any page ([`Layout::unsure_pages`]);
/// an unforced one is served only where no file is (Netlify docs,
/// "Rewrites and proxies", "Shadowing"; GitLab Pages likewise: "Files
/// override redirects"), so the pages stay where the sources put them
/// and only a link to a URL no page serves is unsure
/// ([`Layout::unsure_under`] `/`). A rule line that a template writes
/// whole is forced unless it holds no `!` at all.
fn any_url(l: &mut Layout, why: String, forced: bool) {
    if forced {
        if !l.unsure_pages.contains(&why) {
            l.unsure_pages.push(why);
        }
    } else if !l.unsure_under.iter().any(|(p, w)| p == "/" && *w == why) {
        l.unsure_under.push(("/".to_string(), why));
    }
}

/// True when the rule `line` may be forced: a `!` anywhere in it (`301!`,
/// `200!`, or a template action that may write one; a `!` in a source
/// path is taken as one too, the cautious way).
fn forced(line: &str) -> bool {
    line.contains('!')
}
