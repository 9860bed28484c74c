//! docsify (`index.html` that sets `window.$docsify`): a single page that
//! fetches Markdown files and renders them in the browser. A route
//! `/#/guide` (or `/guide` with `routerMode: 'history'`) shows `guide.md`,
//! `/#/dir/` shows `dir/README.md`, `/` the `homepage` (`README.md` by
//! default). Links in pages are routes: `[x](guide)`, `[x](guide.md)`,
//! `[x](guide?id=slug)`, `[x](#/guide?id=slug)`, resolved from the docs
//! root unless `relativePath` is true (so `_sidebar.md` and `_navbar.md`
//! in a subdirectory still link from the root); `?id=` names a heading
//! id, docsify's `slugify` of the heading text, or the `:id=name` written
//! after it. `alias` maps routes (regular expressions) elsewhere.
//!
//! Source: docsify docs, "Configuration" (`alias`, `basePath`,
//! `homepage`, `relativePath`, `routerMode`, `ext`) and "Helpers"
//! (`:id=`); its router (`src/core/router/history/base.js`: `toURL`,
//! `getFile`) and `src/core/render/slugify.js`.

use std::collections::HashSet;
use std::path::Path;

use super::js_object::{Object, Value};
use super::{Generator, Layout, UrlStyle};

/// The names that make a directory worth a look: the entry page
/// `index.html`, or the sidebar, navbar and cover page files only docsify
/// reads (`_sidebar.md`, `_navbar.md`, `_coverpage.md`), beside which the
/// entry page may have another name.
pub const CONFIG_NAMES: &[&str] = &["index.html", "_sidebar.md", "_navbar.md", "_coverpage.md"];

/// How many other HTML files of a directory [`entry_page`] reads for
/// `window.$docsify`.
const MAX_ENTRY_CANDIDATES: usize = 16;

/// The HTML page of `dir` that sets `window.$docsify`, and its text:
/// `index.html`, else, where docsify's own `_sidebar.md`, `_navbar.md` or
/// `_coverpage.md` is in `dir`, the first other `*.html` of `dir` (by
/// name, at most [`MAX_ENTRY_CANDIDATES`]) that sets it (dromara/Sa-Token's
/// `sa-token-doc/doc.html`, beside a hand-written landing `index.html`;
/// issue 46, round 8). The entry page may have any name: docsify runs in
/// whichever page loads it.
fn entry_page(dir: &Path) -> Option<(std::path::PathBuf, String)> {
    let sets = |p: &Path| {
        p.is_file()
            .then(|| super::read_config(p).ok())
            .flatten()
            .filter(|t| t.contains("$docsify"))
    };
    let index = dir.join(CONFIG_NAMES[0]);
    if let Some(text) = sets(&index) {
        return Some((index, text));
    }
    if !CONFIG_NAMES[1..].iter().any(|n| dir.join(n).is_file()) {
        return None;
    }
    let mut pages: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p != &index && p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    pages
        .into_iter()
        .take(MAX_ENTRY_CANDIDATES)
        .find_map(|p| sets(&p).map(|t| (p, t)))
}

/// True when the configuration `object` sets `basePath` to the folder of
/// the page's own URL, the idiom
/// `location.pathname.substr(0, location.pathname.lastIndexOf('/') + 1)`
/// (also with `substring` or `slice`): the entry page's folder, where
/// docsify looks for pages by default (dromara/Sa-Token's `doc.html`,
/// issue 46 round 8).
fn base_is_the_entry_directory(object: &str) -> bool {
    let compact: String = object.chars().filter(|c| !c.is_whitespace()).collect();
    ["substr", "substring", "slice"].iter().any(|f| {
        ["'/'", "\"/\""].iter().any(|slash| {
            compact.contains(&format!(
                "basePath:location.pathname.{f}(0,location.pathname.lastIndexOf({slash})+1)"
            ))
        })
    })
}

/// The most bytes of a regular expression of `alias` compiled (docsify
/// compiles each key as `^key$`).
const ALIAS_REGEX_SIZE: usize = 1 << 20;

/// The docsify site whose entry page in `dir` sets `window.$docsify`
/// (`index.html`, or another page beside docsify's own `_sidebar.md`,
/// `_navbar.md` or `_coverpage.md`); `None` when there is none.
pub fn read(dir: &Path) -> Option<Layout> {
    let (config, text) = entry_page(dir)?;
    if loaded_from_above(dir) {
        return None;
    }
    let at = text.find("$docsify")?;
    let mut l = Layout::new(Generator::Docsify, dir, &config);
    l.page_extensions = vec!["md"];
    l.index_names = vec!["README.md"];
    l.url_style = UrlStyle::Clean;
    l.renderer = super::slug::Renderer::Github;
    l.root_fallback = true;
    let shown = config.display().to_string();
    let after = text[at + "$docsify".len()..].trim_start();
    let Some(object) = after
        .strip_prefix('=')
        .map(str::trim_start)
        .filter(|o| o.starts_with('{'))
    else {
        l.unsure_pages.push(format!(
            "`window.$docsify` is not an object literal ({shown})"
        ));
        return Some(l);
    };
    let o = Object::new(&object[..object_end(object)]);
    match o.get("basePath") {
        None => {}
        Some(Value::Str(b)) if !b.contains("//") && !b.contains(':') => {
            let b = b.trim_matches('/');
            if !b.is_empty() {
                l.source_dir = dir.join(b);
            }
        }
        Some(_) if base_is_the_entry_directory(&object[..object_end(object)]) => {}
        Some(_) => l
            .unsure_pages
            .push(format!("the docsify `basePath` ({shown})")),
    }
    match o.get("relativePath") {
        None | Some(Value::Bool(false)) => {}
        Some(Value::Bool(true)) => l.root_fallback = false,
        Some(_) => l
            .unsure_pages
            .push(format!("the docsify `relativePath` ({shown})")),
    }
    match o.get("routerMode") {
        None | Some(Value::Str(_)) => {}
        Some(_) => l
            .unsure_pages
            .push(format!("the docsify `routerMode` ({shown})")),
    }
    match o.get("ext") {
        None => {}
        Some(Value::Str(e)) if e == ".md" || e == "md" => {}
        Some(_) => l.unsure_pages.push(format!("the docsify `ext` ({shown})")),
    }
    match o.get("homepage") {
        None => {}
        Some(Value::Str(_)) => l.redirects.push("/".into()),
        Some(_) => l
            .unsure_pages
            .push(format!("the docsify `homepage` ({shown})")),
    }
    match o.get("alias") {
        None => {}
        Some(Value::Pairs(pairs)) => {
            for (key, _) in pairs {
                match regex::RegexBuilder::new(&format!("^(?:{key})$"))
                    .size_limit(ALIAS_REGEX_SIZE)
                    .build()
                {
                    Ok(r) => l.route_aliases.push(r),
                    Err(_) => l
                        .unsure_pages
                        .push(format!("the docsify `alias` `{key}` ({shown})")),
                }
            }
        }
        Some(_) => l
            .unsure_pages
            .push(format!("the docsify `alias` ({shown})")),
    }
    // Every Markdown link that is not absolute is a route (compiler's
    // `linkCompiler`), unless `noCompileLinks` matches it or its title
    // says `:ignore` (the caller's to see).
    // A plugin's hook that rewrites the Markdown or the HTML of a page
    // (`beforeEach`, `afterEach`) may write such links otherwise: not sure.
    let plugins = &object[..object_end(object)];
    let rewrites = o.get("plugins").is_some()
        && (plugins.contains("beforeEach") || plugins.contains("afterEach"));
    l.routes_files = o.get("noCompileLinks").is_none() && !rewrites;
    // A plugin's `hook.beforeEach` rewrites a page's Markdown before it
    // is rendered: it may add headings.
    if o.get("plugins").is_some() && plugins.contains("beforeEach") {
        l.unsure_anchors
            .push(format!("a docsify plugin's `hook.beforeEach` ({shown})"));
    }
    Some(l)
}

/// True when the docsify entry page of a directory above `dir` (up to
/// three levels, not above the repository's root nor into a directory
/// others may write) loads its sidebar, navbar or cover page from `dir`
/// (`loadSidebar: 'docsify/sidebar.md'`): `dir` is a folder of that site,
/// and an entry page in it a copy (frank-lam/fullstack-tutorial's
/// `notes/docsify/index.html` beside the `sidebar.md` that
/// `notes/index.html` loads; issue 46 round 11).
fn loaded_from_above(dir: &Path) -> bool {
    let mut names: Vec<String> = Vec::new();
    let mut here = dir;
    for _ in 0..3 {
        // Not above the repository's root, nor into a directory others
        // may write (as [`super::Site::of_file`] stops).
        if here.join(".git").exists() {
            return false;
        }
        let (Some(up), Some(name)) = (here.parent(), here.file_name()) else {
            return false;
        };
        if super::others_may_write(up) {
            return false;
        }
        names.insert(0, name.to_string_lossy().into_owned());
        here = up;
        let Some((_, text)) = entry_page(here) else {
            continue;
        };
        let Some(at) = text.find("$docsify") else {
            continue;
        };
        let after = &text[at..];
        let object = after
            .find('{')
            .map_or("", |o| &after[o..o + object_end(&after[o..])]);
        let o = Object::new(object);
        let prefix = names.join("/");
        return ["loadSidebar", "loadNavbar", "coverpage"].iter().any(|k| {
            matches!(o.get(k), Some(Value::Str(v))
                if v.trim_start_matches("./").starts_with(&format!("{prefix}/")))
        });
    }
    false
}

/// The length of the object literal `src` starts with (`{` to its
/// matching `}`, strings and comments passed over); the whole of `src`
/// when it is not closed.
fn object_end(src: &str) -> usize {
    let b = src.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 1;
            }
            q @ (b'\'' | b'"' | b'`') => {
                i += 1;
                while i < b.len() && b[i] != q {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'{' | b'[' | b'(' => depth += 1,
            b'}' | b']' | b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// A link of a docsify page written as docsify reads it, made a plain
/// reference: `#/guide?id=x` is `/guide#x`, `guide?id=x` is `guide#x`
/// (the router's `?id=` names a heading of the route's page). `None` when
/// there is nothing to change.
pub fn reference(r: &str) -> Option<String> {
    let (path, fragment) = match r.split_once('#') {
        Some((p, f)) if p.is_empty() && f.starts_with('/') => {
            let (p, f) = f.split_once('#').map_or((f, None), |(p, f)| (p, Some(f)));
            (p.to_string(), f.map(str::to_string))
        }
        Some((p, f)) => (p.to_string(), Some(f.to_string())),
        None => (r.to_string(), None),
    };
    let (path, id) = match path.split_once('?') {
        Some((p, q)) => {
            let id = q
                .split('&')
                .find_map(|kv| kv.strip_prefix("id="))
                .map(str::to_string);
            (p.to_string(), id)
        }
        None => (path, None),
    };
    let fragment = id.or(fragment);
    let out = match fragment {
        Some(f) => format!("{path}#{f}"),
        None => path,
    };
    (out != r).then_some(out)
}

/// The route a link path `decoded` (percent-decoded, no query or
/// fragment) of the page at URL `page` leads to, as docsify's `toURL`
/// makes it: `.md` dropped, from the root unless `relative`.
pub fn route(decoded: &str, page: &str, relative: bool) -> String {
    let p = decoded.strip_suffix(".md").unwrap_or(decoded);
    if p.starts_with('/') || !relative {
        super::resolve_path("/", p.trim_start_matches('/'))
    } else {
        super::resolve_path(page, p)
    }
}

/// The heading ids of the docsify page `src`: each ATX or setext
/// heading's `:id=name` (docsify's `getAndRemoveConfig`), else
/// [`slugify`] of its text, with docsify's `-1`, `-2` for a repeat; and
/// the `id` attributes of its raw HTML.
pub fn heading_ids(src: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut add = |slug: String, out: &mut HashSet<String>| {
        let n = seen.entry(slug.clone()).or_insert(0);
        let id = if *n == 0 {
            slug.clone()
        } else {
            format!("{slug}-{n}")
        };
        *n += 1;
        out.insert(id);
        out.insert(slug);
    };
    let lines: Vec<&str> = src.lines().collect();
    let mut fence: Option<(char, usize)> = None;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        if let Some(c) = t.chars().next().filter(|c| *c == '`' || *c == '~') {
            let n = t.chars().take_while(|x| *x == c).count();
            if n >= 3 {
                match fence {
                    Some((fc, fnum)) if fc == c && n >= fnum => fence = None,
                    None => fence = Some((c, n)),
                    _ => {}
                }
                continue;
            }
        }
        if fence.is_some() {
            continue;
        }
        // `:id=x` in a link's or image's title sets the element's id.
        if !t.starts_with('#') {
            let mut rest = t;
            while let Some(k) = rest.find(":id=") {
                rest = &rest[k + 4..];
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-' || c == '%'))
                    .unwrap_or(rest.len());
                if end > 0 {
                    out.insert(rest[..end].to_string());
                }
            }
        }
        let mut rest = t;
        while let Some(k) = rest.find("id=\"") {
            rest = &rest[k + 4..];
            if let Some(end) = rest.find('"') {
                out.insert(rest[..end].to_string());
            }
        }
        let hashes = t.chars().take_while(|c| *c == '#').count();
        let text = if (1..=6).contains(&hashes)
            && (t.len() == hashes || t[hashes..].starts_with([' ', '\t']))
        {
            t[hashes..].trim().trim_end_matches('#').trim_end()
        } else if !t.is_empty()
            && lines.get(i + 1).is_some_and(|n| {
                let n = n.trim();
                !n.is_empty() && (n.chars().all(|c| c == '=') || n.chars().all(|c| c == '-'))
            })
            && !t.starts_with(['-', '*', '>', '|'])
        {
            t.trim()
        } else {
            continue;
        };
        let (text, id) = take_id(text);
        let written = id.unwrap_or(&text);
        if id.is_none() && written.chars().any(|c| c == '\u{FE0F}' || is_emoji(c)) {
            // docsify before 4.12 kept emoji and symbols such as `★` in
            // ids (frank-lam/fullstack-tutorial bundles 4.8.6 and links
            // `#★-分代收集`; issue 46 round 11): either id is taken.
            out.insert(slugify_keeping_emoji(written));
        }
        add(slugify(written), &mut out);
    }
    out
}

/// `text` without its `:name=value` settings (docsify's
/// `getAndRemoveConfig`: `(?:^|\s):([\w-]+:?)=?([\w-%]+)?`), and the
/// value of `:id=`.
fn take_id(text: &str) -> (String, Option<&str>) {
    let mut id = None;
    let mut kept = Vec::new();
    for word in text.split(' ') {
        if let Some(setting) = word.strip_prefix(':') {
            let (key, value) = setting.split_once('=').unwrap_or((setting, ""));
            let is_key = !key.is_empty()
                && key
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
            if is_key {
                if key == "id" && !value.is_empty() {
                    id = Some(value);
                }
                continue;
            }
        }
        kept.push(word);
    }
    (kept.join(" "), id)
}

/// docsify's `slugify` (`src/core/render/slugify.js`) before its repeat
/// counter: trimmed, emoji taken out, ASCII capitals lowercased, HTML tags
/// and the punctuation `\'!"#$%&()*+,./:;<=>?@[]^`{|}~` (and U+2000 to
/// U+206F, U+2E00 to U+2E7F) taken out, each white space character made
/// `-`, and `_` put before a leading digit.
pub fn slugify(text: &str) -> String {
    slug_of(text, false)
}

/// [`slugify`] as docsify before 4.12 made it: emoji and pictographs
/// kept.
pub fn slugify_keeping_emoji(text: &str) -> String {
    slug_of(text, true)
}

/// [`slugify`], emoji kept when `keep_emoji`.
fn slug_of(text: &str, keep_emoji: bool) -> String {
    let mut s = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.trim().chars() {
        // Tags: `<[^>]+>` (after lowercasing, which does not change it).
        if in_tag {
            if c == '>' {
                in_tag = false;
            }
            continue;
        }
        if c == '<' {
            in_tag = true;
            continue;
        }
        let cp = c as u32;
        let punct = "\\'!\"#$%&()*+,./:;<=>?@[]^`{|}~".contains(c)
            || (0x2000..=0x206F).contains(&cp)
            || (0x2E00..=0x2E7F).contains(&cp);
        if punct || (!keep_emoji && (c == '\u{FE0F}' || is_emoji(c))) {
            continue;
        }
        if c.is_whitespace() {
            s.push('-');
        } else {
            s.push(c.to_ascii_lowercase());
        }
    }
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    s
}

/// True for a pictographic character (Unicode `Extended_Pictographic`
/// or `Emoji_Presentation`, approximated by their blocks).
fn is_emoji(c: char) -> bool {
    matches!(c as u32,
        0x1F000..=0x1FAFF | 0x2600..=0x27BF | 0x2B00..=0x2BFF | 0x231A..=0x23FF | 0x2190..=0x21FF
        | 0x00A9 | 0x00AE | 0x2122 | 0x2139 | 0x3030 | 0x303D | 0x3297 | 0x3299)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixture's `index.html` (docsifyjs/docsify `docs/`): `alias`
    /// read as regular expressions; a configuration that is not a literal
    /// and a plugin's `beforeEach` are said, not guessed.
    #[test]
    fn reads_the_configuration() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/docsify");
        let l = read(&dir).expect("docsify");
        assert_eq!(l.generator, Generator::Docsify);
        assert!(l.route_aliases.iter().any(|r| r.is_match("/awesome")));
        assert!(l.route_aliases.iter().any(|r| r.is_match("/zh-cn/guide")));
        assert!(l.unsure_pages.is_empty() && l.unsure_anchors.is_empty());
        assert!(l.root_fallback);
        assert!(l.routes_files);
        let t = tempfile::tempdir().expect("tempdir");
        let write = |s: &str| std::fs::write(t.path().join("index.html"), s).expect("write");
        write("<script>window.$docsify = config;</script>");
        let l = read(t.path()).expect("docsify");
        assert!(l.unsure_pages[0].contains("not an object literal"));
        write("<script>window.$docsify = { basePath: base, relativePath: true, plugins: [function (hook) { hook.beforeEach(md => md + '# x') }] };</script>");
        let l = read(t.path()).expect("docsify");
        assert!(
            l.unsure_pages[0].contains("basePath"),
            "{:?}",
            l.unsure_pages
        );
        assert!(l.unsure_anchors[0].contains("beforeEach"));
        assert!(!l.root_fallback);
        // A plugin may rewrite links: links to files are not taken as
        // routes; nor where `noCompileLinks` exempts some.
        assert!(!l.routes_files);
        write("<script>window.$docsify = { noCompileLinks: ['/src/.*'] };</script>");
        assert!(!read(t.path()).expect("docsify").routes_files);
        write("<html><body>no docsify here</body></html>");
        assert!(read(t.path()).is_none());
    }

    /// dromara/Sa-Token `sa-token-doc/`: the entry page is `doc.html`
    /// (its `basePath` computed from `location`), `index.html` a landing
    /// page without docsify, `_sidebar.md` beside them. Without a
    /// docsify file name beside it, another HTML page is not read.
    /// frank-lam/fullstack-tutorial (CC BY-NC-SA 4.0): `notes/index.html`
    /// loads its sidebar, navbar and cover page from `notes/docsify/`,
    /// which holds a copy of the entry page: a folder of the outer site.
    #[test]
    fn a_copy_of_the_entry_page_in_a_folder_the_site_loads_from() {
        let t = tempfile::tempdir().expect("tempdir");
        let d = t.path();
        std::fs::create_dir_all(d.join("notes/docsify")).expect("mkdir");
        let page = "<script>\n        window.$docsify = {\n            loadNavbar: true,\n            loadNavbar: 'docsify/navbar.md',\n            // basePath: '/docs/notes',\n            name: 'fullstack tutorial',\n            coverpage: 'docsify/coverpage.md',\n            homepage: 'introduction.md',\n            loadSidebar: 'docsify/sidebar.md',\n        }\n</script>\n";
        std::fs::write(d.join("notes/index.html"), page).expect("write");
        std::fs::write(d.join("notes/docsify/index.html"), page).expect("write");
        std::fs::write(d.join("notes/docsify/sidebar.md"), "- [SQL](SQL.md)\n").expect("write");
        assert!(read(&d.join("notes")).is_some());
        assert!(read(&d.join("notes/docsify")).is_none());
    }

    #[test]
    fn an_entry_page_of_another_name() {
        let t = tempfile::tempdir().expect("tempdir");
        let put = |n: &str, s: &str| std::fs::write(t.path().join(n), s).expect("write");
        put(
            "index.html",
            "<html><body><a href=\"doc.html\">docs</a></body></html>",
        );
        put("doc.html", "<script>window.$docsify = { basePath: location.pathname.substr(0, location.pathname.lastIndexOf('/') + 1), loadSidebar: true };</script>");
        assert!(read(t.path()).is_none());
        put("_sidebar.md", "- [Start](/start/example)\n");
        let l = read(t.path()).expect("docsify");
        assert_eq!(l.config, t.path().join("doc.html"));
        // Its `basePath` is the idiom for the entry page's own folder.
        assert!(l.unsure_pages.is_empty(), "{:?}", l.unsure_pages);
        let site = crate::site::Site::in_dir(t.path()).expect("a site");
        assert_eq!(site.generator(), Generator::Docsify);
        put(
            "doc.html",
            "<script>window.$docsify = { basePath: location.pathname + 'docs/' };</script>",
        );
        let l = read(t.path()).expect("docsify");
        assert!(
            l.unsure_pages[0].contains("basePath"),
            "{:?}",
            l.unsure_pages
        );
    }

    #[test]
    fn references_as_docsify_routes_them() {
        assert_eq!(
            reference("#/configuration?id=loadsidebar").as_deref(),
            Some("/configuration#loadsidebar")
        );
        assert_eq!(
            reference("themes.md?id=classes").as_deref(),
            Some("themes.md#classes")
        );
        assert_eq!(reference("#/").as_deref(), Some("/"));
        assert_eq!(reference("guide#x"), None);
        assert_eq!(reference("#x"), None);
        assert_eq!(route("guide.md", "/a/b", false), "/guide");
        assert_eq!(route("guide", "/a/b", true), "/a/guide");
    }

    #[test]
    fn slugs_and_ids() {
        assert_eq!(slugify("Hello, World!"), "hello-world");
        assert_eq!(slugify("2. Step"), "_2-step");
        assert_eq!(slugify("themeColor ⚠️"), "themecolor-");
        let ids = heading_ids(
            "![logo](icon.svg ':id=some-css-id')\n\n# docsify <small>5.0</small> :id=docsify\n\n## Hello, world! :id=hello-world\n\n## Same\n\n## Same\n\n```\n# not\n```\n",
        );
        for id in ["docsify", "hello-world", "same", "same-1", "some-css-id"] {
            assert!(ids.contains(id), "{id}: {ids:?}");
        }
        assert!(!ids.contains("not"));
        // frank-lam/fullstack-tutorial's `05-Java虚拟机.md` under docsify
        // 4.8.6: `★` kept.
        let ids = heading_ids("### ★ 分代收集\n");
        assert!(ids.contains("★-分代收集"), "{ids:?}");
        assert!(ids.contains("-分代收集"), "{ids:?}");
    }
}
