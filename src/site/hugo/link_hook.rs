//! A Hugo site's own link render hook (`layouts/_markup/render-link.html`,
//! `layouts/_default/_markup/render-link.html`, a per-type
//! `layouts/<type>/_markup/render-link.html`, per-language or per-output
//! variants `render-link.en.html`, and the same in a theme of `themes/`;
//! Hugo docs, "Link render hooks"): the template that decides what a
//! Markdown link's destination becomes.
//!
//! The model knows two kinds of hooks: one that writes the destination as
//! it is (`href="{{ .Destination | safeURL }}"`), and one that looks it up
//! with `.GetPage` or `.Resources.Get` and writes what it finds
//! (`.RelPermalink`, with the query and fragment appended), else the
//! destination. The template's actions are read (not run) to tell when a
//! hook does something else with a destination:
//! - a branch taken only for a destination equal to, or starting with, a
//!   literal (`{{ if eq $u.String "g" }}`, `{{ if hasPrefix .Destination
//!   "glossary:" }}`) that computes a value the model does not know (a
//!   partial, a rewriting function): the links with that destination are
//!   made by the hook ([`Special`]); gohugoio/hugoDocs turns `[term](g)`
//!   into a link to its glossary;
//! - such a computation outside any such branch: every link may be
//!   rewritten ([`Hook::rewrites`]).

use std::path::{Path, PathBuf};

/// The most hook files read for a site (the site's and its themes').
pub const MAX_HOOKS: usize = 32;

/// The most entries of one directory looked at for hooks.
const MAX_ENTRIES: usize = 256;

/// A destination a hook makes its own link of: equal to `value`, or
/// starting with it when `prefix`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Special {
    /// The literal the destination is compared with (`g`).
    pub value: String,
    /// True for a prefix test (`hasPrefix`), false for equality (`eq`).
    pub prefix: bool,
    /// The hook's file, relative to the site's directory, for the reason.
    pub hook: String,
}

impl Special {
    /// True when the link destination `dest` (its path, decoded) is this
    /// special one.
    pub fn matches(&self, dest: &str) -> bool {
        if self.prefix {
            dest.starts_with(&self.value)
        } else {
            dest == self.value
        }
    }

    /// Why a link it matches is not checked.
    pub fn reason(&self) -> String {
        let test = if self.prefix { "starting with" } else { "" };
        format!(
            "the Hugo link render hook `{}` makes its own link of the destination {test}{}`{}`",
            self.hook,
            if self.prefix { " " } else { "" },
            self.value
        )
    }
}

/// What one hook file was read to do.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hook {
    /// The destinations it makes its own links of.
    pub special: Vec<Special>,
    /// True when it computes what a link becomes in a way the model does
    /// not know, for any destination.
    pub rewrites: bool,
}

/// The link render hooks of the Hugo site in `dir` and of the themes it
/// uses, each as (path relative to `dir`, file), at most [`MAX_HOOKS`]:
/// `themes` are the directories of the themes in use, in Hugo's lookup
/// order (Hugo docs, "Theme components"); `None` when the model does not
/// know them (every theme under `themes/`, in name order).
pub fn files(dir: &Path, themes: Option<&[PathBuf]>) -> Vec<(String, PathBuf)> {
    let mut roots = vec![dir.to_path_buf()];
    match themes {
        Some(t) => roots.extend(t.iter().cloned()),
        None => {
            let mut themes: Vec<PathBuf> = std::fs::read_dir(dir.join("themes"))
                .into_iter()
                .flatten()
                .flatten()
                .take(MAX_ENTRIES)
                .map(|e| e.path())
                .collect();
            themes.sort();
            roots.extend(themes);
        }
    }
    let mut out = Vec::new();
    for root in roots {
        // `layouts/_markup/`, and `layouts/<x>/.../_markup/` (`_default`,
        // a content type, a section's path since Hugo 0.146).
        let mut markup = Vec::new();
        markup_dirs(&root.join("layouts"), MAX_DEPTH, &mut markup);
        for m in markup {
            let mut names: Vec<PathBuf> = std::fs::read_dir(&m)
                .into_iter()
                .flatten()
                .flatten()
                .take(MAX_ENTRIES)
                .map(|e| e.path())
                .filter(|p| {
                    p.file_name()
                        .map(|n| n.to_string_lossy())
                        .is_some_and(|n| n.starts_with("render-link") && n.ends_with(".html"))
                        && p.is_file()
                })
                .collect();
            names.sort();
            for p in names {
                let shown = p.strip_prefix(dir).unwrap_or(&p).display().to_string();
                out.push((shown, p));
                if out.len() >= MAX_HOOKS {
                    return out;
                }
            }
        }
    }
    out
}

/// How deep under `layouts/` a `_markup/` directory is looked for.
const MAX_DEPTH: usize = 4;

/// The most `_markup/` directories looked at under one `layouts/`.
const MAX_MARKUP_DIRS: usize = 64;

/// The `_markup/` directories under `dir` (itself included), `depth`
/// levels down at most, in name order, at most [`MAX_MARKUP_DIRS`].
fn markup_dirs(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let mut subs: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .take(MAX_ENTRIES)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path())
        .collect();
    subs.sort();
    for sub in subs {
        if out.len() >= MAX_MARKUP_DIRS {
            return;
        }
        if sub.file_name().is_some_and(|n| n == "_markup") {
            out.push(sub);
        } else if depth > 0 {
            markup_dirs(&sub, depth - 1, out);
        }
    }
}

/// Functions whose value, assigned or written, is a link the model does
/// not compute: a partial (`partial`, `partialCached`), or a function
/// that rewrites a URL or a path (Hugo docs, "Functions": `replace`,
/// `replaceRE`, `relURL`, `absURL`, `relLangURL`, `absLangURL`,
/// `urls.JoinPath`, `path.Join`, and their namespaced names).
const UNKNOWN_FUNCTIONS: &[&str] = &[
    "partial",
    "partialCached",
    "partials.Include",
    "partials.IncludeCached",
    "replace",
    "replaceRE",
    "strings.Replace",
    "strings.ReplaceRE",
    "relURL",
    "absURL",
    "relLangURL",
    "absLangURL",
    "urls.RelURL",
    "urls.AbsURL",
    "urls.RelLangURL",
    "urls.AbsLangURL",
    "urls.JoinPath",
    "path.Join",
];

/// A block opened by an action, and, for an `if` branch, the special
/// destination it is taken for.
struct Frame {
    /// True for `define` and `block`: a template defined in the hook,
    /// whose actions run only where it is called.
    defines: bool,
    /// The literal test of the branch being read.
    guard: Option<(String, bool)>,
}

/// Reads the hook template `text` (at `hook`, as said in reasons).
pub fn read(hook: &str, text: &str) -> Hook {
    let mut out = Hook::default();
    let mut stack: Vec<Frame> = Vec::new();
    // Variables holding the destination or a value parsed from it.
    let mut dest_vars: Vec<String> = Vec::new();
    for action in actions(text) {
        let (word, rest) = action
            .split_once(char::is_whitespace)
            .map_or((action, ""), |(w, r)| (w, r.trim()));
        match word {
            "if" => {
                let guard = literal_test(rest, &dest_vars);
                stack.push(Frame {
                    defines: false,
                    guard,
                });
                continue;
            }
            "with" | "range" => {
                stack.push(Frame {
                    defines: false,
                    guard: None,
                });
                continue;
            }
            "define" | "block" => {
                stack.push(Frame {
                    defines: true,
                    guard: None,
                });
                continue;
            }
            "end" => {
                stack.pop();
                continue;
            }
            "else" => {
                if let Some(top) = stack.last_mut() {
                    top.guard = rest
                        .strip_prefix("if")
                        .filter(|r| r.starts_with(char::is_whitespace))
                        .and_then(|r| literal_test(r.trim(), &dest_vars));
                }
                continue;
            }
            _ => {}
        }
        if stack.iter().any(|f| f.defines) {
            continue;
        }
        // An assignment (`$x := v`, `$x = v`), or a value written.
        let assigned = assignment(action);
        let value = assigned.map_or(action, |(_, v)| v);
        if let Some((var, v)) = assigned {
            if mentions_destination(v, &dest_vars) && !dest_vars.iter().any(|d| d == var) {
                dest_vars.push(var.to_string());
            }
        }
        let whole_context = || {
            let t = tokens(value);
            t.first()
                .is_some_and(|w| matches!(*w, "partial" | "partialCached"))
                && t.get(2).is_some_and(|a| matches!(*a, "." | "$"))
        };
        // A partial written with a value the hook built (`{{ partial
        // "validate-fragment.html" $ctx }}`) is a helper; one given the
        // hook's whole context renders the link itself.
        let unknown = if assigned.is_some() {
            unknown_value(value)
        } else {
            whole_context() || (!value.starts_with("partial") && unknown_value(value))
        };
        if !unknown {
            continue;
        }
        let guard = stack.iter().rev().find_map(|f| f.guard.clone());
        match guard {
            Some((value, prefix)) => {
                let s = Special {
                    value,
                    prefix,
                    hook: hook.to_string(),
                };
                if !out.special.contains(&s) {
                    out.special.push(s);
                }
            }
            None => out.rewrites = true,
        }
    }
    out
}

/// The actions of a template, trimmed (`{{- x -}}` is `x`), comments
/// left out. Strings inside an action may hold `}}`.
fn actions(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(p) = text.get(i..).and_then(|t| t.find("{{")) {
        let start = i + p + 2;
        let mut j = start;
        let mut end = None;
        while j < b.len() {
            match b[j] {
                q @ (b'"' | b'`') => {
                    j += 1;
                    while j < b.len() && b[j] != q {
                        if q == b'"' && b[j] == b'\\' {
                            j += 1;
                        }
                        j += 1;
                    }
                }
                b'/' if b.get(j + 1) == Some(&b'*') => {
                    // A comment: to its `*/`.
                    match text.get(j + 2..).and_then(|t| t.find("*/")) {
                        Some(c) => j += 2 + c + 1,
                        None => j = b.len(),
                    }
                }
                b'}' if b.get(j + 1) == Some(&b'}') => {
                    end = Some(j);
                    break;
                }
                _ => {}
            }
            j += 1;
        }
        let Some(end) = end else { break };
        let inner = text.get(start..end).unwrap_or_default();
        let inner = inner
            .strip_prefix('-')
            .unwrap_or(inner)
            .trim_start()
            .trim_end();
        let inner = inner.strip_suffix('-').unwrap_or(inner).trim_end();
        if !inner.starts_with("/*") && !inner.is_empty() {
            out.push(inner);
        }
        i = end + 2;
    }
    out
}

/// The variable and value of an assignment action (`$x := v`, `$x = v`).
fn assignment(action: &str) -> Option<(&str, &str)> {
    let rest = action.strip_prefix('$')?;
    let n = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let var = action.get(..n + 1)?;
    let after = rest.get(n..)?.trim_start();
    let value = after
        .strip_prefix(":=")
        .or_else(|| after.strip_prefix('=').filter(|r| !r.starts_with('=')))?;
    Some((var, value.trim()))
}

/// True when `expr` reads the destination (`.Destination`, or a
/// variable holding it or a value parsed from it).
fn mentions_destination(expr: &str, dest_vars: &[String]) -> bool {
    expr.contains(".Destination")
        || words(expr).any(|w| {
            let var = w.split('.').next().unwrap_or(w);
            dest_vars.iter().any(|d| d == var)
        })
}

/// The words of an expression, parentheses and pipes apart.
fn words(expr: &str) -> impl Iterator<Item = &str> {
    expr.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '|' | ','))
        .filter(|w| !w.is_empty())
}

/// The literal a condition compares the destination with: `eq X "g"`
/// (or `eq "g" X`) as `("g", false)`, `hasPrefix X "p"` or
/// `strings.HasPrefix X "p"` as `("p", true)`, where `X` is the
/// destination (`.Destination`, `$.Destination`, a variable holding it,
/// or its `.String` or `.Path`).
fn literal_test(cond: &str, dest_vars: &[String]) -> Option<(String, bool)> {
    let tokens = tokens(cond);
    for (k, t) in tokens.iter().enumerate() {
        let prefix = match *t {
            "eq" => false,
            "hasPrefix" | "strings.HasPrefix" => true,
            _ => continue,
        };
        let (Some(a), Some(b)) = (tokens.get(k + 1), tokens.get(k + 2)) else {
            continue;
        };
        let is_dest = |x: &str| {
            let base = x
                .strip_suffix(".String")
                .or_else(|| x.strip_suffix(".Path"))
                .unwrap_or(x);
            matches!(base, ".Destination" | "$.Destination") || dest_vars.iter().any(|d| d == base)
        };
        let literal = |x: &str| {
            x.strip_prefix('"')
                .and_then(|x| x.strip_suffix('"'))
                .or_else(|| x.strip_prefix('`').and_then(|x| x.strip_suffix('`')))
                .filter(|v| !v.is_empty() && !v.contains('\\'))
                .map(str::to_string)
        };
        if is_dest(a) {
            if let Some(v) = literal(b) {
                return Some((v, prefix));
            }
        }
        if !prefix && is_dest(b) {
            if let Some(v) = literal(a) {
                return Some((v, prefix));
            }
        }
    }
    None
}

/// The tokens of a condition: quoted strings whole, the rest split at
/// white space and parentheses.
fn tokens(cond: &str) -> Vec<&str> {
    let b = cond.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            c if c.is_ascii_whitespace() || matches!(c, b'(' | b')' | b'|') => i += 1,
            q @ (b'"' | b'`') => {
                let start = i;
                i += 1;
                while i < b.len() && b[i] != q {
                    if q == b'"' && b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i = (i + 1).min(b.len());
                out.push(cond.get(start..i).unwrap_or_default());
            }
            _ => {
                let start = i;
                while i < b.len()
                    && !(b[i].is_ascii_whitespace() || matches!(b[i], b'(' | b')' | b'|'))
                {
                    i += 1;
                }
                out.push(cond.get(start..i).unwrap_or_default());
            }
        }
    }
    out
}

/// True when the value of an action is computed in a way the model does
/// not know: a call of one of [`UNKNOWN_FUNCTIONS`], or `printf` of a
/// format that writes more than its arguments and `#`/`?` between them
/// (`printf "/glossary/#%s" $t`; a message, with a space, is not a link).
fn unknown_value(value: &str) -> bool {
    let t = tokens(value);
    t.iter().enumerate().any(|(k, w)| {
        if UNKNOWN_FUNCTIONS.contains(w) {
            return true;
        }
        if matches!(*w, "printf" | "fmt.Printf") {
            let format = t.get(k + 1).copied().unwrap_or_default();
            let format = format.trim_matches(|c| c == '"' || c == '`');
            return !format.contains(' ')
                && !format
                    .replace("%s", "")
                    .replace("%v", "")
                    .chars()
                    .all(|c| matches!(c, '#' | '?' | '&'));
        }
        false
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// gohugoio/hugoDocs' hook (layouts/_markup/render-link.html, cut):
    /// `g` is a glossary term, computed by a partial the hook defines;
    /// the rest is `.GetPage` and resources, and a partial that validates
    /// fragments without making the link.
    #[test]
    fn a_hook_with_a_special_destination() {
        let text =
            include_str!("../../../fixtures/sites/hugo-link-hook/layouts/_markup/render-link.html");
        let hook = read("layouts/_markup/render-link.html", text);
        assert!(!hook.rewrites, "{hook:?}");
        assert_eq!(
            hook.special,
            [Special {
                value: "g".into(),
                prefix: false,
                hook: "layouts/_markup/render-link.html".into()
            }]
        );
        assert!(hook.special[0].matches("g") && !hook.special[0].matches("glossary"));
    }

    /// Hooks whose behaviour the model knows: the destination as it is
    /// (etcd-io/website, grpc/grpc.io), or looked up with `.GetPage`
    /// (linkerd/website); one that rewrites every destination is not.
    #[test]
    fn known_and_unknown_hooks() {
        let etcd = "{{ $isExternal := hasPrefix .Destination \"http\" -}}\n<a href=\"{{ .Destination | safeURL }}\"\n  {{- with .Title}} title=\"{{ . }}\"{{ end -}}\n  {{- if $isExternal }} target=\"_blank\" rel=\"noopener\"{{ end -}}\n>\n{{- .Text | safeHTML -}}\n</a>\n{{- /* This directive ensures that all trailing whitespace is trimmed. */ -}}";
        assert_eq!(read("h", etcd), Hook::default());
        let linkerd = "{{- $u := urls.Parse .Destination }}\n{{- $href := or $u.String }}\n{{- if strings.HasPrefix $href \"#\" }}\n  {{- $href = printf \"%s#%s\" .PageInner.RelPermalink $u.Fragment }}\n{{- else if and $href (not $u.IsAbs) (not (strings.HasPrefix $href \"/\")) }}\n  {{- $path := strings.TrimPrefix \"./\" $u.Path }}\n  {{- with or ($.PageInner.GetPage $path) ($.PageInner.Resources.Get $path) (resources.Get $path) }}\n    {{- $href = .RelPermalink }}\n  {{- else }}\n    {{- warnf \"The link render hook was unable to resolve %q in %q\" $u.String .Page.String }}\n  {{- end }}\n{{- end }}\n<a href=\"{{ $href }}\">{{ .Text }}</a>";
        assert_eq!(read("h", linkerd), Hook::default());
        let rel = "<a href=\"{{ .Destination | relLangURL }}\">{{ .Text }}</a>";
        assert!(read("h", rel).rewrites);
        let prefixed = "{{ if hasPrefix .Destination \"api:\" }}{{ $h := partial \"api-link\" . }}<a href=\"{{ $h }}\">{{ else }}<a href=\"{{ .Destination }}\">{{ end }}";
        let hook = read("h", prefixed);
        assert!(!hook.rewrites);
        assert!(hook.special[0].prefix && hook.special[0].matches("api:Foo"));
    }
}
