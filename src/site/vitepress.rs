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

/// The name in a site's root that [`read`] looks into: the
/// configuration is `.vitepress/config.*`.
pub const CONFIG_NAMES: &[&str] = &[".vitepress"];

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
    .map(|n| dir.join(CONFIG_NAMES[0]).join(n))
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
        Some(Value::Pairs(p)) => {
            for (from, to) in p {
                match Rewrite::new(&from, &to) {
                    Some(r) => l.rewrites.push(r),
                    None => unread.push("rewrites"),
                }
            }
        }
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
        .find_map(|r| r.apply(rel))
        .unwrap_or_else(|| rel.to_string());
    Some(super::default_page_url(l, &rewritten, "/"))
}

/// One VitePress `rewrites` entry, `from` → `to`, in path-to-regexp's
/// syntax: `:name` is one path segment, `(...)` a regular expression, `*`
/// any rest; each is put in `to` where it is named.
#[derive(Clone, Debug)]
pub struct Rewrite {
    /// `from` as an anchored regular expression, one named group a
    /// parameter (`p0`, `p1`, ...).
    from: regex::Regex,
    /// The parameters as written in `from` (`:pkg`, `(.*)`, `*`), in
    /// order.
    names: Vec<String>,
    /// The rewritten path, parameters as written.
    to: String,
}

impl Rewrite {
    /// The rule `from` → `to`; `None` when `from` holds a regular
    /// expression that does not compile.
    pub fn new(from: &str, to: &str) -> Option<Rewrite> {
        let mut pattern = String::from("^");
        let mut names = Vec::new();
        let mut chars = from.chars().peekable();
        while let Some(c) = chars.next() {
            let group = match c {
                ':' => {
                    let mut name = String::new();
                    while let Some(&n) = chars.peek().filter(|n| n.is_alphanumeric() || **n == '_')
                    {
                        name.push(n);
                        chars.next();
                    }
                    names.push(format!(":{name}"));
                    "[^/]+".to_string()
                }
                '(' => {
                    // Up to the `)` that closes it (groups nest).
                    let mut inner = String::new();
                    let mut depth = 0usize;
                    for n in chars.by_ref() {
                        match n {
                            ')' if depth == 0 => break,
                            ')' => depth -= 1,
                            '(' => depth += 1,
                            _ => {}
                        }
                        inner.push(n);
                    }
                    names.push(format!("({inner})"));
                    inner
                }
                '*' => {
                    names.push("*".into());
                    ".*".to_string()
                }
                c => {
                    pattern.push_str(&regex::escape(&c.to_string()));
                    continue;
                }
            };
            pattern.push_str(&format!("(?P<p{}>{group})", names.len() - 1));
        }
        pattern.push('$');
        Some(Rewrite {
            from: regex::Regex::new(&pattern).ok()?,
            names,
            to: to.to_string(),
        })
    }

    /// `rel` rewritten, when it matches.
    pub fn apply(&self, rel: &str) -> Option<String> {
        let caps = self.from.captures(rel)?;
        let mut out = self.to.clone();
        for (i, name) in self.names.iter().enumerate() {
            let value = caps.name(&format!("p{i}")).map_or("", |m| m.as_str());
            out = out.replacen(name.as_str(), value, 1);
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(from: &str, to: &str, rel: &str) -> Option<String> {
        Rewrite::new(from, to)?.apply(rel)
    }

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
        // A regular expression with groups of its own.
        assert_eq!(
            rewrite("(guide|(api))/:page", ":page/(guide|(api))", "api/x.md"),
            Some("x.md/api".into())
        );
        // One that does not compile is no rule.
        assert!(Rewrite::new("([a-)", "b").is_none());
    }
}
