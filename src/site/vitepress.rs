//! VitePress (`.vitepress/config.{js,ts,mjs,mts}` in the project root):
//! pages are the Markdown files of `srcDir` (default the root), served as
//! `x.html`, or `x` with `cleanUrls`; `index.md` is a directory's index;
//! `srcDir/public/` is served at the site root; `rewrites` map source
//! paths to other URL paths; `base` is the base path. Links in Markdown
//! may leave out `.md` (`./options-state#data`). Source: VitePress
//! reference "Site Config" (`srcDir`, `cleanUrls`, `rewrites`, `base`) and
//! guide "Routing".

use std::path::Path;

use super::js_object::{Object, Value};
use super::{base_path_of, Generator, Layout, UrlStyle};

/// The VitePress site whose root is `dir` (the directory holding
/// `.vitepress/`).
pub fn read(dir: &Path) -> Option<Layout> {
    let config = [
        "config.ts",
        "config.mts",
        "config.js",
        "config.mjs",
        "config.cts",
        "config.cjs",
    ]
    .iter()
    .map(|n| dir.join(".vitepress").join(n))
    .find(|p| p.is_file())?;
    let mut l = Layout::new(Generator::VitePress, dir, &config);
    l.page_extensions = vec!["md"];
    l.module_specifiers = true;
    l.renderer = super::slug::Renderer::Vitepress;
    let text = match super::read_config(&config) {
        Ok(t) => t,
        Err(note) => {
            l.notes.push(format!("{note}: VitePress defaults assumed"));
            l.static_dirs.push(l.source_dir.join("public"));
            return Some(l);
        }
    };
    let o = Object::new(&text);
    let mut unread = Vec::new();
    match o.get("srcDir") {
        Some(Value::Str(s)) => l.source_dir = dir.join(s),
        Some(_) => unread.push("srcDir"),
        None => {}
    }
    match o.get("base") {
        Some(Value::Str(s)) => l.base_path = base_path_of(&s),
        Some(_) => unread.push("base"),
        None => {}
    }
    match o.get("cleanUrls") {
        Some(Value::Bool(true)) => l.url_style = UrlStyle::Clean,
        Some(Value::Bool(false)) | None => {}
        Some(_) => unread.push("cleanUrls"),
    }
    match o.get("rewrites") {
        Some(Value::Pairs(p)) => l.rewrites = p,
        Some(_) => unread.push("rewrites"),
        None => {}
    }
    if !unread.is_empty() {
        l.notes.push(format!(
            "{}: {} not written as a literal; not read (VitePress defaults assumed)",
            config.display(),
            unread.join(", ")
        ));
    }
    l.static_dirs.push(l.source_dir.join("public"));
    Some(l)
}

/// The URL of the page at `rel` under `srcDir`: after the first
/// `rewrites` entry that matches, `index.md` a directory, else `x.html`
/// or (`cleanUrls`) `x`.
pub fn page_url(l: &Layout, rel: &str) -> Option<String> {
    let rewritten = l
        .rewrites
        .iter()
        .find_map(|(from, to)| rewrite(from, to, rel))
        .unwrap_or_else(|| rel.to_string());
    Some(super::default_page_url(l, &rewritten, "/"))
}

/// `rel` rewritten by the rule `from` → `to` (path-to-regexp patterns:
/// `:name` one segment, `(.*)` and `*` any rest) when it matches.
pub fn rewrite(from: &str, to: &str, rel: &str) -> Option<String> {
    let mut pattern = String::from("^");
    let mut names = Vec::new();
    let mut chars = from.chars().peekable();
    let mut groups = 0;
    while let Some(c) = chars.next() {
        match c {
            ':' => {
                let mut name = String::new();
                while let Some(&n) = chars.peek() {
                    if n.is_alphanumeric() || n == '_' {
                        name.push(n);
                        chars.next();
                    } else {
                        break;
                    }
                }
                names.push(format!(":{name}"));
                pattern.push_str("([^/]+)");
            }
            '(' => {
                let mut inner = String::new();
                for n in chars.by_ref() {
                    if n == ')' {
                        break;
                    }
                    inner.push(n);
                }
                groups += 1;
                names.push(format!("({inner})"));
                pattern.push_str(&format!("({inner})"));
            }
            '*' => {
                names.push("*".into());
                pattern.push_str("(.*)");
            }
            c => pattern.push_str(&regex::escape(&c.to_string())),
        }
    }
    let _ = groups;
    pattern.push('$');
    let re = regex::Regex::new(&pattern).ok()?;
    let caps = re.captures(rel)?;
    let mut out = to.to_string();
    for (i, name) in names.iter().enumerate() {
        let value = caps.get(i + 1).map_or("", |m| m.as_str());
        out = out.replacen(name.as_str(), value, 1);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_like_path_to_regexp() {
        assert_eq!(
            rewrite(
                "packages/:pkg/src/(.*)",
                ":pkg/(.*)",
                "packages/a/src/x/y.md"
            ),
            Some("a/x/y.md".into())
        );
        assert_eq!(rewrite("a.md", "b.md", "a.md"), Some("b.md".into()));
        assert_eq!(rewrite("a.md", "b.md", "c/a.md"), None);
    }
}
