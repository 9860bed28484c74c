//! VitePress (`.vitepress/config.{js,ts,mjs,mts}` in the project root):
//! pages are the Markdown files of `srcDir` (default the root), served as
//! `x.html`, or `x` with `cleanUrls`; `index.md` is a directory's index;
//! `srcDir/public/` is served at the site root; `rewrites` map source
//! paths to other URL paths; `base` is the base path. Links in Markdown
//! may leave out `.md` (`./options-state#data`). Source: VitePress
//! reference "Site Config" (`srcDir`, `cleanUrls`, `rewrites`, `base`) and
//! guide "Routing".

use std::path::Path;

use super::js_object::{Node, Object, Value};
use super::{base_path_of, Generator, Layout, UrlStyle};

/// The name in a site's root that [`read`] looks into: the
/// configuration is `.vitepress/config.*`.
pub const CONFIG_NAMES: &[&str] = &[".vitepress"];

/// The VitePress site whose root is `dir` (the directory holding
/// `.vitepress/`).
pub fn read(dir: &Path) -> Option<Layout> {
    const EXTENSIONS: [&str; 6] = ["ts", "mts", "js", "mjs", "cts", "cjs"];
    let vp = dir.join(CONFIG_NAMES[0]);
    let config = EXTENSIONS
        .iter()
        .map(|e| vp.join(format!("config.{e}")))
        .chain(
            EXTENSIONS
                .iter()
                .map(|e| vp.join(format!("config/index.{e}"))),
        )
        .find(|p| p.is_file())?;
    let mut l = Layout::new(Generator::VitePress, dir, &config);
    l.page_extensions = vec!["md"];
    l.module_specifiers = true;
    l.renderer = super::slug::Renderer::Vitepress;
    let mut text = match super::read_config(&config) {
        Ok(t) => t,
        Err(note) => {
            l.notes.push(format!("{note}: VitePress defaults assumed"));
            l.static_dirs.push(l.source_dir.join("public"));
            return Some(l);
        }
    };
    if config.parent().is_some_and(|p| p.ends_with("config")) {
        // A configuration directory (`.vitepress/config/index.ts` spreading
        // `shared.ts`, `en.ts`, `zh.ts`, as vuejs/router's): its modules'
        // literals are read as one, the index first.
        text.push_str(&config_modules(&config));
    }
    let o = Object::new(&text);
    markdown_settings(&mut l, &o, &text, &config, dir);
    build_steps(&mut l, &text, &config, dir);
    site_settings(&mut l, &o, &config, dir);
    l.static_dirs.push(l.source_dir.join("public"));
    Some(l)
}

/// The Markdown settings of the configuration `o` (its text `text`, read
/// from `config` of the site in `dir`) that change heading ids: a custom
/// `markdown.anchor` (its own `slugify`), the VitePress version before
/// `@mdit-vue`, `markdown.attrs`.
fn markdown_settings(l: &mut Layout, o: &Object, text: &str, config: &Path, dir: &Path) {
    if o.get_in("markdown", "anchor").is_some() {
        // Custom heading ids (`anchor: { slugify }`).
        let why = format!(
            "VitePress `markdown.anchor` ({})",
            shown_config(config, dir)
        );
        if text.contains("slugify") {
            // The site's own slug function: no heading id is known, so a
            // fragment found among the default ids is not sure either
            // (vuejs/test-utils keeps case: `#findComponent`).
            l.heading_ids_unread = Some(why.clone());
        }
        l.unsure_anchors.push(why);
    }
    if before_mdit_vue(dir) {
        l.renderer = super::slug::Renderer::Vitepress0;
    }
    l.fragments_slugged = slugs_link_fragments(dir);
    match attrs_setting(o) {
        Attrs::Default => {}
        Attrs::Disabled => l.renderer = super::slug::Renderer::VitepressNoAttrs,
        Attrs::Unsure => l.unsure_anchors.push(format!(
            "VitePress `markdown.attrs` ({})",
            shown_config(config, dir)
        )),
    }
}

/// What a build step may add or move that the model does not read: a
/// wrapper the configuration is passed through, dynamic routes, pages
/// generated into a directory `.gitignore` lists.
fn build_steps(l: &mut Layout, text: &str, config: &Path, dir: &Path) {
    for wrapper in config_wrappers(text) {
        l.unsure_pages.push(format!(
            "the VitePress configuration passed through `{wrapper}` ({})",
            shown_config(config, dir)
        ));
    }
    for page in dynamic_routes(&l.source_dir) {
        l.unsure_pages.push(format!(
            "VitePress dynamic routes `{page}` (its `.paths` loader)"
        ));
    }
    for generated in ignored_dirs(&l.source_dir) {
        l.unsure_pages.push(format!(
            "the directory `{generated}/` that .gitignore lists (pages generated at build time)"
        ));
    }
}

/// The site settings of `o` that move pages: `srcDir`, `base`,
/// `cleanUrls`, `rewrites`; a setting not written as a literal is a note.
fn site_settings(l: &mut Layout, o: &Object, config: &Path, dir: &Path) {
    let mut unread = Vec::new();
    match o.get("srcDir") {
        Some(Value::Str(s)) => l.source_dir = dir.join(s),
        Some(_) => unread.push("srcDir"),
        None => {}
    }
    // The site's `base`, not a sidebar group's (`{ text, base, items }`,
    // VitePress "Sidebar": `SidebarItem.base`, a multi-sidebar's
    // `{ base, items }`), which only prefixes its items' links.
    match o.get_not_beside("base", SIDEBAR_KEYS) {
        Some(Value::Str(s)) => l.base_path = base_path_of(&s),
        Some(_) => unread.push("base"),
        None => {}
    }
    match o.get("cleanUrls") {
        Some(Value::Bool(true)) => l.url_style = UrlStyle::Clean,
        Some(Value::Bool(false)) | None => {}
        Some(_) => unread.push("cleanUrls"),
    }
    let mut left_out = None;
    match o.get("rewrites") {
        Some(Value::Pairs(p)) => {
            let (rules, skipped) = compile_rewrites(&p);
            l.rewrites = rules;
            left_out = (skipped > 0).then_some((skipped, p.len()));
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
    if let Some((skipped, all)) = left_out {
        l.notes.push(format!(
            "{}: {skipped} of the {all} rewrites not read (a regular expression that does not \
             compile within {REWRITE_SIZE_LIMIT} bytes, or past {MAX_REWRITES} rules, \
             {MAX_PATTERN_REWRITES} with parameters, or {MAX_REWRITE_BYTES} bytes of patterns); \
             the pages they match keep their paths",
            config.display(),
        ));
    }
}

/// What a VitePress configuration's `markdown.attrs` (the options of
/// markdown-it-attrs, which VitePress turns on unless `disable: true`;
/// VitePress "Site Config" `markdown.attrs`, `src/node/markdown/markdown.ts`)
/// makes of `{#id}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Attrs {
    /// Not set, or set to what the defaults are (`{` and `}` as the
    /// delimiters, `id` among `allowedAttributes`, `disable: false`):
    /// `{#id}` sets ids.
    Default,
    /// `disable: true`: markdown-it-attrs is not used; `{#id}` is text.
    Disabled,
    /// Other delimiters, a list of allowed attributes without `id`, a key
    /// not known or a value not written as a literal: what sets an id is
    /// not known.
    Unsure,
}

/// True when the `package.json` nearest above the site's root `dir`
/// (itself and up to three directories above) that names `vitepress` in
/// `dependencies` or `devDependencies` asks for a version before
/// 1.0.0-alpha.27 (`^0.20.0`, `1.0.0-alpha.13`): those slug headings
/// with the `diacritics` package, not @mdit-vue/shared
/// ([`super::slug::Renderer::Vitepress0`]; vuejs/vitepress, the tags).
fn before_mdit_vue(dir: &Path) -> bool {
    let Some(version) = vitepress_version(dir) else {
        return false;
    };
    let v = version.trim_start_matches(['^', '~', '=', '>', 'v', ' ']);
    if v.starts_with("0.") {
        return true;
    }
    v.strip_prefix("1.0.0-alpha.")
        .and_then(|n| {
            n.split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse::<u32>()
                .ok()
        })
        .is_some_and(|n| n < 27)
}

/// The version of VitePress the site in `dir` uses, as written: its
/// `package.json` (or one of the three folders above it, not above its
/// repository's root) names it; a
/// pnpm catalog entry (`catalog:`) is looked up in `pnpm-workspace.yaml`,
/// and when no `package.json` names it (a workspace whose root installs
/// it), `pnpm-lock.yaml`'s `vitepress@X` says it (nolebase/integrations:
/// `catalog:vitepress-all`, `vitepress: "^2.0.0-alpha.16"`; issue 46,
/// round 9). `None` when nothing says.
fn vitepress_version(dir: &Path) -> Option<String> {
    // `dir` and the folders above it up to its repository's root (at most
    // three): nothing beside the checkout is read.
    let mut above = Vec::new();
    for d in dir.ancestors().take(4) {
        above.push(d);
        if d.join(".git").exists() {
            break;
        }
    }
    for &d in &above {
        let Ok(text) = super::read_config(&d.join("package.json")) else {
            continue;
        };
        let Ok(json) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let found = ["dependencies", "devDependencies"]
            .iter()
            .find_map(|k| json.get(k)?.get("vitepress")?.as_str().map(str::to_string));
        match found {
            // A pnpm catalog's or the workspace's: looked up below.
            Some(v) if v.starts_with("catalog:") || v.starts_with("workspace:") => {}
            Some(v) => return Some(v),
            None => {}
        }
    }
    above.into_iter().find_map(|d| {
        let workspace = super::read_config(&d.join("pnpm-workspace.yaml")).ok();
        let from_catalog = workspace.as_deref().and_then(|t| {
            t.lines().find_map(|l| {
                let v = l.trim().strip_prefix("vitepress:")?.trim();
                let v = v.trim_matches(['"', '\'']);
                (!v.is_empty()).then(|| v.to_string())
            })
        });
        from_catalog.or_else(|| {
            let lock = super::read_config(&d.join("pnpm-lock.yaml")).ok()?;
            lock.lines().find_map(|l| {
                let v = l.trim().strip_prefix("vitepress@")?;
                let end = v.find([':', '(', '\'', '"'])?;
                Some(v[..end].to_string())
            })
        })
    })
}

/// True when the site in `dir` uses VitePress 2 or later, which passes
/// each Markdown link's `#fragment` through its heading-id function
/// before writing it (runs of `-` made one, `-` trimmed at both ends,
/// lower case): `#a---b` leads to the heading `a-b` (nolebase/integrations
/// on 2.0.0-alpha.16, issue 46 round 9; VitePress 1.6 writes fragments
/// as they are).
fn slugs_link_fragments(dir: &Path) -> bool {
    vitepress_version(dir).is_some_and(|v| {
        v.trim_start_matches(['^', '~', '=', '>', 'v', ' '])
            .split('.')
            .next()
            .and_then(|m| m.parse::<u32>().ok())
            .is_some_and(|m| m >= 2)
    })
}

/// The [`Attrs`] of the configuration `o`.
fn attrs_setting(o: &Object) -> Attrs {
    if o.get_in("markdown", "attrs").is_none() {
        return Attrs::Default;
    }
    let tree = o.config(&["markdown"]);
    let Some(attrs) = tree
        .as_ref()
        .and_then(|t| t.get("markdown"))
        .and_then(|m| m.get("attrs"))
    else {
        return Attrs::Unsure;
    };
    let Node::Obj { entries, .. } = attrs else {
        return Attrs::Unsure;
    };
    if attrs.has_unknown_keys() {
        return Attrs::Unsure;
    }
    if attrs.get("disable") == Some(&Node::Bool(true)) {
        return Attrs::Disabled;
    }
    let default_ids = entries
        .iter()
        .all(|(key, value)| match (key.as_str(), value) {
            ("disable", Node::Bool(false)) => true,
            ("leftDelimiter", Node::Str(d)) => d == "{",
            ("rightDelimiter", Node::Str(d)) => d == "}",
            // `id` listed. (An empty list allows every attribute,
            // markdown-it-attrs README, "Security"; but the reader of
            // literals passes over a regular expression, so a list read
            // as empty may hold one: not taken as the default.)
            ("allowedAttributes", Node::Arr(list)) => list.iter().any(|a| a.as_str() == Some("id")),
            _ => false,
        });
    if default_ids {
        Attrs::Default
    } else {
        Attrs::Unsure
    }
}

/// The keys of a VitePress sidebar item or group (`text`, `link`,
/// `items`; VitePress "Sidebar", `DefaultTheme.SidebarItem`): a `base`
/// beside one of them is the group's, not the site's.
const SIDEBAR_KEYS: &[&str] = &["items", "text", "link"];

/// The most modules of a configuration directory read besides its index.
pub const MAX_CONFIG_MODULES: usize = 16;

/// The text of the other modules of the configuration directory holding
/// `index` (`.vitepress/config/*.{ts,mts,js,mjs}`), in name order, at most
/// [`MAX_CONFIG_MODULES`], each read as a configuration file.
fn config_modules(index: &Path) -> String {
    let Some(dir) = index.parent() else {
        return String::new();
    };
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p != index
                && p.extension()
                    .is_some_and(|e| ["ts", "mts", "js", "mjs"].iter().any(|x| e == *x))
        })
        .collect();
    names.sort();
    let mut out = String::new();
    for p in names.into_iter().take(MAX_CONFIG_MODULES) {
        if let Ok(t) = super::read_config(&p) {
            out.push('\n');
            out.push_str(&t);
        }
    }
    out
}

/// Functions known to wrap a VitePress configuration without making or
/// moving pages (`@vite-pwa/vitepress`'s `withPwa`,
/// `vitepress-plugin-mermaid`'s `withMermaid`), and VitePress's own.
pub const HARMLESS_WRAPPERS: &[&str] = &[
    "defineConfig",
    "defineConfigWithTheme",
    "withPwa",
    "withMermaid",
];

/// The functions the configuration object is passed through on its way
/// out (`withPwa(extendConfig(defineConfig({ ... })))`: `extendConfig`),
/// other than [`HARMLESS_WRAPPERS`]: a theme's or plugin's code that may
/// add pages (a team page) or rewrite them. Read from the calls written
/// right before `defineConfig(`.
pub fn config_wrappers(text: &str) -> Vec<String> {
    let Some(at) = text
        .find("defineConfigWithTheme(")
        .or_else(|| text.find("defineConfig("))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut rest = text[..at].trim_end();
    // Back over `name(` calls, innermost first.
    while let Some(before) = rest.strip_suffix('(') {
        let before = before.trim_end();
        let start = before
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
            .map_or(0, |i| i + 1);
        let name = &before[start..];
        if name.is_empty() || name.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            break;
        }
        if !HARMLESS_WRAPPERS.contains(&name) {
            out.push(name.to_string());
        }
        rest = before[..start].trim_end();
    }
    out.reverse();
    out
}

/// `config` relative to the site's directory `dir`, for a reason.
fn shown_config(config: &Path, dir: &Path) -> String {
    config
        .strip_prefix(dir)
        .unwrap_or(config)
        .display()
        .to_string()
}

/// The most files of a source directory looked at for dynamic routes and
/// generated directories.
const MAX_LOOKED_AT: usize = 20_000;

/// The dynamic route pages under `src` (VitePress guide "Routing",
/// "Dynamic Routes"): a page whose name holds a `[param]` with a
/// `[param].paths.{js,ts,mjs,mts}` loader beside it makes pages the
/// loader's code lists. Their paths relative to `src`.
pub fn dynamic_routes(src: &Path) -> Vec<String> {
    let (mut count, mut truncated) = (0, false);
    let files = super::files_under(
        src,
        |n| n.starts_with('.') || n == "node_modules",
        MAX_LOOKED_AT,
        &mut count,
        &mut truncated,
    );
    let mut out: Vec<String> = files
        .iter()
        .filter_map(|(_, rel)| {
            let stem = rel.strip_suffix(".md")?;
            let name = stem.rsplit('/').next().unwrap_or(stem);
            (name.contains('[') && name.contains(']')).then_some(())?;
            let loader = ["js", "ts", "mjs", "mts"]
                .iter()
                .any(|e| files.iter().any(|(_, r)| *r == format!("{stem}.paths.{e}")));
            loader.then(|| rel.clone())
        })
        .collect();
    out.sort();
    out
}

/// Names `.gitignore` lists for what a build leaves, not pages.
const BUILD_OUTPUTS: &[&str] = &[
    "node_modules",
    "dist",
    "build",
    "out",
    "cache",
    "coverage",
    "temp",
    "tmp",
];

/// Directories that `src/.gitignore` lists by a plain name (`api`, as
/// vuejs/router's docs list the TypeDoc output) and that are not in the
/// tree: pages a build step writes there before VitePress runs.
pub fn ignored_dirs(src: &Path) -> Vec<String> {
    let Ok(text) = super::read_config(&src.join(".gitignore")) else {
        return Vec::new();
    };
    text.lines()
        .map(|l| l.trim().trim_start_matches('/').trim_end_matches('/'))
        .filter(|l| {
            !l.is_empty()
                && !l.starts_with(['#', '!', '.'])
                && l.chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '/'))
                && !BUILD_OUTPUTS.contains(l)
                && !src.join(l).exists()
        })
        .map(str::to_string)
        .collect()
}

/// The most `rewrites` rules read for a site (M5 of the 2026-11-29
/// review: 26,000 rules fit in a configuration file of 1 MiB); later
/// rules are not read, and a note says how many.
pub const MAX_REWRITES: usize = 1000;

/// The most `rewrites` rules with parameters or regular expressions
/// (`:pkg`, `(.*)`, `*`) compiled for a site (M5 of the 2026-11-29
/// review: each took up to 50 ms to compile); later ones are not read.
/// A rule without any is a path compared as it is and costs nothing to
/// read.
pub const MAX_PATTERN_REWRITES: usize = 100;

/// The most bytes of `rewrites` patterns (the keys, `from`) read for a
/// site, all rules together (M5 of the 2026-11-29 review); a rule past
/// them is not read.
pub const MAX_REWRITE_BYTES: usize = 64 * 1024;

/// The most bytes one rule's compiled regular expression may take
/// (`regex::RegexBuilder::size_limit`; the crate's default is 10 MiB,
/// which a rule such as `(\w{1,200}\w{1,200}\w{1,200})` took about 50 ms
/// to reach, M5 of the 2026-11-29 review; a rule such as `(\w+)/:page`
/// takes about 40 KiB): a rule past it does not compile and is not read.
pub const REWRITE_SIZE_LIMIT: usize = 64 * 1024;

/// The most bytes of the lazy DFA's cache of one rule's regular
/// expression (`regex::RegexBuilder::dfa_size_limit`; the crate's
/// default is 2 MiB): rules match short source paths.
pub const REWRITE_DFA_SIZE_LIMIT: usize = 256 * 1024;

/// The rules of the `rewrites` entries `pairs` (`from`, `to`), in order,
/// compiled once for the site within the budget ([`MAX_REWRITES`],
/// [`MAX_PATTERN_REWRITES`], [`MAX_REWRITE_BYTES`],
/// [`REWRITE_SIZE_LIMIT`]), and how many entries were not read (a
/// regular expression that does not compile, or past the budget).
pub fn compile_rewrites(pairs: &[(String, String)]) -> (Vec<Rewrite>, usize) {
    let mut rules = Vec::new();
    let mut bytes = 0usize;
    let mut patterns = 0usize;
    for (i, (from, to)) in pairs.iter().enumerate() {
        bytes = bytes.saturating_add(from.len());
        if i >= MAX_REWRITES || bytes > MAX_REWRITE_BYTES {
            break;
        }
        if !is_literal(from) {
            patterns += 1;
            if patterns > MAX_PATTERN_REWRITES {
                continue;
            }
        }
        if let Some(r) = Rewrite::new(from, to) {
            rules.push(r);
        }
    }
    let skipped = pairs.len() - rules.len();
    (rules, skipped)
}

/// True when the `rewrites` key `from` has no parameter nor regular
/// expression (`:name`, `(...)`, `*`): a path matched as it is.
fn is_literal(from: &str) -> bool {
    !from.contains([':', '(', '*'])
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
    /// parameter (`p0`, `p1`, ...); `None` for a rule without parameters,
    /// which matches `literal` only.
    from: Option<regex::Regex>,
    /// `from` as written, for a rule without parameters.
    literal: String,
    /// The parameters as written in `from` (`:pkg`, `(.*)`, `*`), in
    /// order.
    names: Vec<String>,
    /// The rewritten path, parameters as written.
    to: String,
}

impl Rewrite {
    /// The rule `from` → `to`; `None` when `from` holds a regular
    /// expression that does not compile, or whose compiled form would be
    /// larger than [`REWRITE_SIZE_LIMIT`].
    pub fn new(from: &str, to: &str) -> Option<Rewrite> {
        if is_literal(from) {
            return Some(Rewrite {
                from: None,
                literal: from.to_string(),
                names: Vec::new(),
                to: to.to_string(),
            });
        }
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
            from: Some(
                regex::RegexBuilder::new(&pattern)
                    .size_limit(REWRITE_SIZE_LIMIT)
                    .dfa_size_limit(REWRITE_DFA_SIZE_LIMIT)
                    .build()
                    .ok()?,
            ),
            literal: String::new(),
            names,
            to: to.to_string(),
        })
    }

    /// `rel` rewritten, when it matches.
    pub fn apply(&self, rel: &str) -> Option<String> {
        let Some(from) = &self.from else {
            return (rel == self.literal).then(|| self.to.clone());
        };
        let caps = from.captures(rel)?;
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

    /// M5 of the 2026-11-29 review: 800 rules whose regular expressions
    /// are too large to compile; at most [`MAX_PATTERN_REWRITES`] are
    /// tried (the old code compiled each, about 50 ms apiece), none is
    /// read. Rules without parameters are paths, read past that count,
    /// in their order.
    #[test]
    fn rewrites_compiled_within_the_budget() {
        let heavy: Vec<(String, String)> = (0..800)
            .map(|i| {
                (
                    format!("(\\w{{1,200}}\\w{{1,200}}\\w{{1,200}}){i}/:x"),
                    "y/:x".to_string(),
                )
            })
            .collect();
        assert_eq!(compile_rewrites(&heavy).1, 800);
        // `\w` is Unicode's: `(\w+)` takes about 40 KiB, within the limit.
        let mut pairs = vec![("(\\w+)/:page".to_string(), ":page/(\\w+)".to_string())];
        pairs.extend(heavy.iter().take(200).cloned());
        pairs.extend((0..500).map(|i| (format!("a{i}.md"), format!("b{i}.md"))));
        pairs.push(("a1.md".to_string(), "c.md".to_string()));
        let (rules, skipped) = compile_rewrites(&pairs);
        assert_eq!((rules.len(), skipped), (502, 200));
        let url = |rel: &str| rules.iter().find_map(|r| r.apply(rel));
        assert_eq!(url("guide/x.md").as_deref(), Some("x.md/guide"));
        assert_eq!(url("a1.md").as_deref(), Some("b1.md"));
        assert_eq!(url("a499.md").as_deref(), Some("b499.md"));
        assert_eq!(url("a500.md"), None);
        // Past the count of rules.
        let many: Vec<(String, String)> = (0..MAX_REWRITES + 5)
            .map(|i| (format!("a{i}.md"), format!("b{i}.md")))
            .collect();
        assert_eq!(compile_rewrites(&many).1, 5);
    }
}

#[cfg(test)]
mod vitest_tests {
    use crate::links::{LocalLinks, Problem};
    use std::path::PathBuf;

    fn docs() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/vitepress-vitest/docs")
    }

    /// Issue 46, on an excerpt of vitest's docs: the headings of a file
    /// `<!--@include: -->`d are anchors of the page, and so are
    /// markdown-it-attrs ids alone on a line and on a container's title;
    /// a fragment no heading makes is still reported.
    #[test]
    fn includes_and_attribute_ids_are_anchors() {
        let links = LocalLinks::new(None, None);
        let check = |page: &str, link: &str| links.check(&docs().join(page), link, None);
        assert_eq!(
            check("config/browser/playwright.md", "/guide/cli#inspect"),
            None
        );
        assert_eq!(
            check("guide/environment.md", "/guide/browser/#projects-config"),
            None
        );
        assert_eq!(
            check("guide/in-source.md", "/api/assert#in-source-testing"),
            None
        );
        assert!(matches!(
            check("api/advanced/vitest.md", "/guide/filtering#cli"),
            Some(Problem::MissingAnchor { fragment, .. }) if fragment == "cli"
        ));
    }
}

#[cfg(test)]
mod router_tests {
    use crate::site::{Generator, Resolved, Site};
    use std::path::PathBuf;

    /// Issue 46, on an excerpt of vuejs/router's docs: the configuration
    /// directory is read (extensionless links resolve as VitePress
    /// builds them), its custom anchors and attribute delimiters make the
    /// site unsure of anchors, and the API directory `.gitignore` lists
    /// (TypeDoc's output) unsure of pages.
    #[test]
    fn configuration_directory_custom_anchors_and_generated_pages() {
        let docs =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/vitepress-router/docs");
        let site = Site::in_dir(&docs).expect("a VitePress site");
        assert_eq!(site.generator(), Generator::VitePress);
        let page = docs.join("file-based-routing/index.md");
        assert_eq!(
            site.resolve(&page, "./file-based-routing"),
            Resolved::File(docs.join("file-based-routing/file-based-routing.md"))
        );
        let l = &site.layout;
        assert_eq!(
            l.unsure_anchors,
            vec![
                "VitePress `markdown.anchor` (.vitepress/config/index.ts)".to_string(),
                "VitePress `markdown.attrs` (.vitepress/config/index.ts)".to_string(),
            ]
        );
        assert_eq!(
            l.unsure_pages,
            vec![
                "the directory `api/` that .gitignore lists (pages generated at build time)"
                    .to_string()
            ]
        );
    }

    /// Issue 46: vitest's configuration goes through its theme's
    /// `extendConfig`, code that may add pages (its blog links `/team`,
    /// which no source makes and vitest.dev serves): the site is unsure of
    /// pages; `withPwa` and `defineConfig` are not counted.
    #[test]
    fn configuration_wrappers_make_pages_unsure() {
        let docs =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/vitepress-vitest/docs");
        let l = super::read(&docs).expect("a VitePress site");
        assert_eq!(
            l.unsure_pages,
            vec![
                "the VitePress configuration passed through `extendConfig` (.vitepress/config.ts)"
                    .to_string()
            ]
        );
        assert!(l.unsure_anchors.is_empty());
        assert!(super::config_wrappers("export default defineConfig({})").is_empty());
        assert!(super::config_wrappers("export default {}").is_empty());
        // vuejs/docs: `extends` a theme's base configuration, typed.
        let vue = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/vitepress");
        let l = super::read(&vue).expect("a VitePress site");
        assert!(l.unsure_pages.is_empty() && l.unsure_anchors.is_empty());
    }

    /// VitePress `markdown.attrs` (issue 46, intlify/vue-i18n): `disable:
    /// true` turns markdown-it-attrs off (`{#id}` is text, the anchors are
    /// sure); the default delimiters and an `allowedAttributes` with `id`
    /// change nothing; other delimiters, a list without `id` or a value
    /// not written as a literal leave what sets an id unknown.
    #[test]
    fn markdown_attrs_settings() {
        use super::{attrs_setting, Attrs};
        use crate::site::js_object::Object;
        let of = |config: &str| attrs_setting(&Object::new(config));
        assert_eq!(of("export default { title: 'x' }"), Attrs::Default);
        assert_eq!(
            of("export default defineConfig({\n  markdown: { attrs: { disable: true } },\n})"),
            Attrs::Disabled
        );
        assert_eq!(
            of("export default { markdown: { attrs: { disable: false, leftDelimiter: '{', rightDelimiter: '}', allowedAttributes: ['id', 'class'] } } }"),
            Attrs::Default
        );
        for unsure in [
            "export default { markdown: { attrs: { allowedAttributes: [] } } }",
            "export default { markdown: { attrs: { leftDelimiter: '%{', rightDelimiter: '}%' } } }",
            "export default { markdown: { attrs: { allowedAttributes: ['class'] } } }",
            "export default { markdown: { attrs: { allowedAttributes: [/^data-/] } } }",
            "export default { markdown: { attrs: options } }",
            "export default { markdown: { attrs: { ...options } } }",
            "export default { markdown: { attrs: { disable: off } } }",
        ] {
            assert_eq!(of(unsure), Attrs::Unsure, "{unsure}");
        }
    }

    /// A `[pkg].md` page with its `[pkg].paths.js` loader makes pages
    /// the model cannot list (VitePress "Dynamic Routes").
    #[test]
    fn dynamic_routes_make_pages_unsure() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        std::fs::create_dir_all(d.join("packages")).expect("mkdir");
        std::fs::write(d.join("packages/[pkg].md"), "# {{ $params.pkg }}\n").expect("write");
        std::fs::write(d.join("packages/[pkg].paths.js"), "export default {}\n").expect("write");
        std::fs::write(d.join("[alone].md"), "# x\n").expect("write");
        assert_eq!(
            super::dynamic_routes(d),
            vec!["packages/[pkg].md".to_string()]
        );
    }
}

#[cfg(test)]
mod version_tests {
    use super::*;

    /// nolebase/integrations (issue 46, round 9): VitePress from a pnpm
    /// catalog (`catalog:vitepress-all` in `package.json`,
    /// `vitepress: "^2.0.0-alpha.16"` in `pnpm-workspace.yaml`), or only in
    /// `pnpm-lock.yaml`; version 2 writes link fragments through its
    /// heading-id function, 1 does not.
    #[test]
    fn the_version_from_a_catalog_or_the_lock_file() {
        let t = tempfile::tempdir().expect("tempdir");
        let d = t.path();
        let docs = d.join("docs");
        std::fs::create_dir(&docs).expect("mkdir");
        std::fs::write(
            docs.join("package.json"),
            r#"{"devDependencies": {"vitepress": "catalog:vitepress-all"}}"#,
        )
        .expect("write");
        std::fs::write(
            d.join("pnpm-workspace.yaml"),
            "catalogs:\n  vitepress-all:\n    vitepress: \"^2.0.0-alpha.16\"\n",
        )
        .expect("write");
        assert_eq!(vitepress_version(&docs).as_deref(), Some("^2.0.0-alpha.16"));
        assert!(slugs_link_fragments(&docs));
        std::fs::remove_file(d.join("pnpm-workspace.yaml")).expect("rm");
        std::fs::write(
            d.join("pnpm-lock.yaml"),
            "packages:\n\n  vitepress@1.6.3:\n    resolution: {}\n",
        )
        .expect("write");
        assert_eq!(vitepress_version(&docs).as_deref(), Some("1.6.3"));
        assert!(!slugs_link_fragments(&docs));
    }
}
