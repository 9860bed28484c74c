//! Jekyll (`_config.yml`): pages are the Markdown and HTML files of the
//! source directory (default the project root), served as `x.html` (or
//! `x/` with `permalink: pretty`) unless their front matter sets a
//! `permalink`; collections (`collections:` with `output: true`, in
//! `_<name>/`) are served by their `permalink` pattern; posts (every
//! `_posts/` Jekyll reads, `en/news/_posts/` in the categories `en` and
//! `news`) by the posts' permalink, their date and categories;
//! `baseurl` is the base path. Source: Jekyll docs, "Configuration
//! options", "Permalinks", "Collections", "Posts".

use std::path::Path;

use super::front_matter::FrontMatter;
use super::{Generator, Layout, UrlStyle};

/// The names of the configuration file, in the order looked for.
pub const CONFIG_NAMES: &[&str] = &["_config.yml", "_config.yaml"];

/// The Jekyll site configured in `dir` (`_config.yml` or `_config.yaml`).
pub fn read(dir: &Path) -> Option<Layout> {
    let config = CONFIG_NAMES
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())?;
    if super::jupyter_book::is_book_config(dir) {
        // A Jupyter Book's `_config.yml` (with `_toc.yml`, or keys only
        // Jupyter Book reads): not a Jekyll site.
        return None;
    }
    let mut l = Layout::new(Generator::Jekyll, dir, &config);
    l.page_extensions = vec!["md", "markdown", "html"];
    l.index_names = vec!["index.md", "index.markdown", "index.html"];
    l.front_matter_urls = true;
    l.theme_dirs = vec![dir.join("_layouts"), dir.join("_includes")];
    let text = match super::read_config(&config) {
        Ok(t) => t,
        Err(note) => {
            l.notes.push(format!("{note}: Jekyll defaults assumed"));
            return Some(l);
        }
    };
    let doc = match super::yaml_config(&text) {
        Ok(doc) => doc,
        Err(e) => {
            l.notes.push(format!(
                "{}: {e}: Jekyll defaults assumed",
                config.display()
            ));
            return Some(l);
        }
    };
    if let Some(s) = doc["source"].as_str() {
        l.source_dir = dir.join(s);
    }
    if let Some(b) = doc["baseurl"].as_str() {
        l.base_path = super::base_path_of(b);
    }
    if let Some(p) = doc["permalink"].as_str() {
        if p == "pretty" || p.ends_with('/') {
            l.url_style = UrlStyle::Directory;
        }
    }
    let config_name = config
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut posts = collections(&mut l, &doc);
    if posts == "posts:" {
        // The site's `permalink` (a style or a pattern) is the posts'.
        if let Some(p) = doc["permalink"].as_str() {
            posts = format!("posts:{p}");
        }
    }
    let pattern = posts_pattern(posts.trim_start_matches("posts:"), l.url_style);
    if let Some(word) = unmodelled_placeholder(pattern) {
        l.unsure_pages.push(format!(
            "the Jekyll permalink placeholder `:{word}` ({config_name} `permalink`)"
        ));
    }
    let excluded = filter(&mut l, &doc);
    for dir in posts_dirs(&l.source_dir, &excluded) {
        l.mounts.push((dir, posts.clone()));
    }
    plugins(&mut l, &doc, &config_name);
    let templates = [
        l.source_dir.join("_layouts"),
        l.source_dir.join("_includes"),
    ];
    super::markdownify::read(&mut l, dir, &templates);
    Some(l)
}

/// The `collections` of the Jekyll configuration `doc`: each one that is
/// output mounted on `l` with its `permalink`; the posts' mount label
/// (`posts:` and their `permalink`, if set) returned.
fn collections(l: &mut Layout, doc: &yaml_rust2::Yaml) -> String {
    let mut posts = "posts:".to_string();
    if let yaml_rust2::Yaml::Hash(h) = &doc["collections"] {
        for (name, settings) in h {
            let Some(name) = name.as_str() else { continue };
            if name == "posts" {
                if let Some(p) = settings["permalink"].as_str() {
                    posts = format!("posts:{p}");
                }
                continue;
            }
            let output = settings["output"].as_bool().unwrap_or(false);
            if !output {
                continue;
            }
            let pattern = settings["permalink"]
                .as_str()
                .unwrap_or("/:collection/:path:output_ext");
            l.mounts.push((
                l.source_dir.join(format!("_{name}")),
                format!("collection:{name}:{pattern}"),
            ));
        }
    }
    posts
}

/// The `exclude` and `include` of the Jekyll configuration `doc` set on
/// `l` (with [`DEFAULT_EXCLUDES`]); the site's own `exclude` returned.
fn filter(l: &mut Layout, doc: &yaml_rust2::Yaml) -> Vec<String> {
    let excluded: Vec<String> = doc["exclude"]
        .as_vec()
        .into_iter()
        .flatten()
        .filter_map(|e| e.as_str())
        .map(|e| e.trim_matches('/').to_string())
        .collect();
    l.jekyll = Filter {
        exclude: excluded
            .iter()
            .cloned()
            .chain(DEFAULT_EXCLUDES.iter().map(|e| (*e).to_string()))
            .collect(),
        include: doc["include"]
            .as_vec()
            .into_iter()
            .flatten()
            .filter_map(|e| e.as_str())
            .map(|e| e.trim_matches('/').to_string())
            .collect(),
    };
    excluded
}

/// The `plugins` (or `gems`) of the Jekyll configuration `doc` that
/// change the site's pages, set on `l`; others not known harmless noted
/// unsure. `config_name` is the configuration file's name.
fn plugins(l: &mut Layout, doc: &yaml_rust2::Yaml, config_name: &str) {
    let plugins = doc["plugins"].as_vec().or_else(|| doc["gems"].as_vec());
    for p in plugins.into_iter().flatten().filter_map(|p| p.as_str()) {
        match p {
            "jekyll-redirect-from" => l.alias_keys.push("redirect_from"),
            "jekyll-sitemap" => l.redirects.push("/sitemap.xml".into()),
            "jekyll-feed" => l.redirects.push("/feed.xml".into()),
            "jekyll-readme-index" => l.index_names.push("README.md"),
            p if HARMLESS_PLUGINS.contains(&p) => {}
            p => l
                .unsure_pages
                .push(format!("the Jekyll plugin `{p}` ({config_name} `plugins`)")),
        }
    }
}

/// Jekyll's default `exclude` list (Jekyll 4 adds it to the site's own,
/// `Configuration#add_default_excludes`; Jekyll docs, "Configuration
/// options", `exclude`).
pub const DEFAULT_EXCLUDES: &[&str] = &[
    ".sass-cache",
    ".jekyll-cache",
    "gemfiles",
    "Gemfile",
    "Gemfile.lock",
    "node_modules",
    "vendor/bundle",
    "vendor/cache",
    "vendor/gems",
    "vendor/ruby",
];

/// What Jekyll leaves out of the site among the files of its source
/// directory (Jekyll docs, "Configuration options" `exclude` and
/// `include`; its reader's `EntryFilter`): names starting with `_`, `.`
/// or `#`, or ending with `~`, unless `include` names them, and the
/// `exclude`d paths (with the default excludes), each a path relative
/// to the source or a glob.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// The `exclude` list with [`DEFAULT_EXCLUDES`], without slashes
    /// around.
    pub exclude: Vec<String>,
    /// The `include` list, without slashes around.
    pub include: Vec<String>,
}

impl Filter {
    /// True when the file at `rel` (its path under the source directory,
    /// `/`-separated), or a directory above it, is named by `exclude`:
    /// Jekyll does not read it (github/government.github.com excludes its
    /// `readme.md`, which GitHub renders; issue 46 round 10).
    pub fn excluded(&self, rel: &str) -> bool {
        let parts: Vec<&str> = rel.split('/').collect();
        (0..parts.len()).any(|i| {
            let prefix = parts[..=i].join("/");
            self.exclude.iter().any(|x| {
                x == &prefix
                    || (x.contains('*')
                        && globset::Glob::new(x)
                            .ok()
                            .is_some_and(|g| g.compile_matcher().is_match(&prefix)))
            })
        })
    }

    /// True when Jekyll publishes the file at `rel` (its path under the
    /// source directory, `/`-separated): no component is a special name
    /// that `include` does not name, and neither it nor a directory
    /// above it is excluded.
    pub fn publishes(&self, rel: &str) -> bool {
        let parts: Vec<&str> = rel.split('/').collect();
        for (i, part) in parts.iter().enumerate() {
            let special = part.starts_with(['_', '.', '#']) || part.ends_with('~');
            let prefix = parts[..=i].join("/");
            if special && !self.include.iter().any(|x| x == part || *x == prefix) {
                return false;
            }
        }
        // A glob is compiled only when written with `*`.
        !self.excluded(rel)
    }
}

/// Jekyll plugins that make no page a link could name and move none:
/// page metadata and tags (`jekyll-seo-tag`, `jekyll-github-metadata`,
/// `jemoji`, `jekyll-mentions`, `jekyll-avatar`, `jekyll-gist`), layouts
/// and titles (`jekyll-default-layout`, `jekyll-titles-from-headings`,
/// `jekyll-optional-front-matter`: Markdown files without front matter
/// are pages, as the model takes them), link rewriting of `.md` targets
/// (`jekyll-relative-links`: the model resolves them the same way),
/// caching and Sass (`jekyll-include-cache`, `jekyll-sass-converter`).
/// `jekyll-redirect-from`, `jekyll-sitemap` (`/sitemap.xml`),
/// `jekyll-feed` (`/feed.xml`) and `jekyll-readme-index` (`README.md` as
/// a directory's index) are read; any other plugin
/// (`jekyll-archives`, `jekyll-paginate`, `jekyll-coffeescript`, one of
/// the site's own) is an `unsure_pages` reason naming it.
pub const HARMLESS_PLUGINS: &[&str] = &[
    "jekyll-seo-tag",
    "jekyll-github-metadata",
    "jemoji",
    "jekyll-mentions",
    "jekyll-avatar",
    "jekyll-gist",
    "jekyll-default-layout",
    "jekyll-titles-from-headings",
    "jekyll-optional-front-matter",
    "jekyll-relative-links",
    "jekyll-include-cache",
    "jekyll-sass-converter",
    "jekyll-remote-theme",
    "jekyll-commonmark-ghpages",
    "jekyll-last-modified-at",
];

/// True when the file `file` of a collection (its prefix `prefix` is
/// `collection:...`) is one of its documents whatever its extension: it
/// starts with front matter (`---`). Jekyll docs, "Collections": a file
/// of a collection with front matter is a document, rendered at the
/// collection's `permalink` (github/choosealicense.com's
/// `_licenses/mit.txt` at `/licenses/mit/`); one without is a static
/// file.
pub fn is_document(file: &Path, prefix: &str) -> bool {
    use std::io::Read;
    if !prefix.starts_with("collection:") {
        return false;
    }
    let mut head = [0u8; 4];
    let n = std::fs::File::open(file)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    head[..n].starts_with(b"---\n") || head[..n].starts_with(b"---\r")
}

/// The front matter keys [`page_url`] reads: a page that sets none of
/// them is not parsed for its URL. Jekyll docs, "Front Matter" and
/// "Posts": `permalink`; a post's `date` (over its file name's),
/// `slug` (`:title`, `:slug`), `categories` and `category`.
pub const URL_KEYS: &[&str] = &[
    "permalink",
    "date",
    "slug",
    "categories",
    "category",
    "published",
];

/// The most directories [`posts_dirs`] looks into.
pub const MAX_POST_DIRS: usize = 20_000;

/// The `_posts` directories of the site whose source is `source`: the
/// top-level one and every `_posts` below a directory Jekyll reads (its
/// reader looks for `_posts` and `_drafts` in each directory it walks;
/// it does not walk into names starting with `_` or `.`, `node_modules`,
/// `vendor`, nor the `exclude`d paths `excluded`, relative to
/// `source`). `en/news/_posts/` holds posts in the categories `en` and
/// `news` (Jekyll docs, "Posts": "Categories"). At most
/// [`MAX_POST_DIRS`] directories are looked into.
pub fn posts_dirs(source: &Path, excluded: &[String]) -> Vec<std::path::PathBuf> {
    let mut out = vec![source.join("_posts")];
    let mut stack = vec![(source.to_path_buf(), String::new())];
    let mut seen = 0usize;
    while let Some((dir, rel)) = stack.pop() {
        seen += 1;
        if seen > MAX_POST_DIRS {
            break;
        }
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            if !e.file_type().is_ok_and(|t| t.is_dir()) {
                continue;
            }
            let name = e.file_name().to_string_lossy().into_owned();
            if name == "_posts" && !rel.is_empty() {
                out.push(e.path());
                continue;
            }
            if name.starts_with(['_', '.', '#', '~']) || name == "node_modules" || name == "vendor"
            {
                continue;
            }
            let r = if rel.is_empty() {
                name
            } else {
                format!("{rel}/{name}")
            };
            if excluded.iter().any(|x| x == &r) {
                continue;
            }
            stack.push((e.path(), r));
        }
    }
    out.sort();
    out
}

/// The permalink pattern of posts for the setting `p` (the posts
/// collection's or the site's `permalink`, empty when unset) and the
/// site's URL style: Jekyll's built-in styles (`date`, the default,
/// `pretty`, `ordinal`, `weekdate`, `none`) as their patterns, any other
/// value as written. Jekyll docs, "Permalinks": "Built-in formats".
pub fn posts_pattern(p: &str, style: UrlStyle) -> &str {
    match p {
        "" | "date" if style == UrlStyle::Directory => "/:categories/:year/:month/:day/:title/",
        "" | "date" => "/:categories/:year/:month/:day/:title:output_ext",
        "pretty" => "/:categories/:year/:month/:day/:title/",
        "ordinal" => "/:categories/:year/:y_day/:title:output_ext",
        "weekdate" => "/:categories/:year/W:week/:short_day/:title:output_ext",
        "none" => "/:categories/:title:output_ext",
        p => p,
    }
}

/// The placeholders of a post's permalink [`post_url`] fills in (Jekyll
/// docs, "Permalinks": "Placeholders"); any other (`:hour`, `:week`,
/// `:short_day`, ...) leaves the post's URL unknown.
const MODELLED: &[&str] = &[
    "year",
    "month",
    "i_month",
    "day",
    "i_day",
    "short_year",
    "y_day",
    "title",
    "slug",
    "name",
    "categories",
    "collection",
    "output_ext",
];

/// The first placeholder of the permalink pattern `p` that [`post_url`]
/// does not fill in, if any (without its `:`).
pub fn unmodelled_placeholder(p: &str) -> Option<&str> {
    placeholders(p).find(|w| !MODELLED.contains(w))
}

/// The placeholders of the pattern `p` (`:word`), without their `:`.
fn placeholders(p: &str) -> impl Iterator<Item = &str> {
    p.match_indices(':').filter_map(move |(i, _)| {
        let rest = &p[i + 1..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        (len > 0).then(|| &rest[..len])
    })
}

/// The URL of the page `file` at `rel` (under its root, mounted at
/// `prefix`: `/`, `collection:<name>:<permalink>` or
/// `posts:<permalink>`), by its front matter `permalink`, the
/// collection's pattern, the posts' pattern ([`post_url`]) or the site's
/// URL style.
pub fn page_url(
    l: &Layout,
    file: &Path,
    rel: &str,
    prefix: &str,
    front: &FrontMatter,
) -> Option<String> {
    if front.get("published") == Some("false") {
        // Jekyll docs, "Front Matter": `published: false` is not built.
        return None;
    }
    if let Some(pattern) = prefix.strip_prefix("posts:") {
        return post_url(l, file, rel, pattern, front);
    }
    if let Some(p) = front.get("permalink") {
        return Some(if p.starts_with('/') {
            p.to_string()
        } else {
            format!("/{p}")
        });
    }
    let stem = rel.rsplit_once('.').map_or(rel, |(s, _)| s);
    let basename = stem.rsplit('/').next().unwrap_or(stem);
    if let Some(rest) = prefix.strip_prefix("collection:") {
        let (name, pattern) = rest.split_once(':')?;
        let pattern = match pattern {
            "pretty" => "/:collection/:path/",
            p => p,
        };
        let url = pattern
            .replace(":collection", name)
            .replace(":path", stem)
            .replace(":name", basename)
            .replace(":title", basename)
            .replace(":output_ext", ".html");
        return (!url.contains(':')).then_some(url);
    }
    if rel.split('/').any(|p| p.starts_with('_')) {
        return None;
    }
    Some(super::default_page_url(l, rel, "/"))
}

/// The URL of the post `file` (at `rel` under its `_posts` directory;
/// `2024-01-31-title.md`) by the permalink `pattern` (the posts
/// collection's or the site's, empty for the default `date` style) or
/// its front matter `permalink`: its date (front matter `date` over the
/// file name's), its `:title` (front matter `slug` over the file name's,
/// slugified as Jekyll's `pretty` mode), its categories (the directories
/// above its `_posts` directory, then front matter `categories` and
/// `category`, lowercased, each once). `None` when the file name has no
/// date (Jekyll does not read it as a post) or the pattern has a
/// placeholder not modelled. Jekyll docs, "Posts", "Permalinks"; the
/// source's `Document#categories_from_path` and `Drops::UrlDrop`.
pub fn post_url(
    l: &Layout,
    file: &Path,
    rel: &str,
    pattern: &str,
    front: &FrontMatter,
) -> Option<String> {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    let (stem, ext) = name.rsplit_once('.')?;
    let (file_date, file_slug) = split_date(stem)?;
    let (y, m, d) = match front.get("date").and_then(|v| split_date(v.trim())) {
        Some((date, _)) => date,
        None => file_date,
    };
    let slug = front.get("slug").unwrap_or(file_slug).trim_end_matches('.');
    let title = slugify_pretty(slug);
    let mut categories: Vec<String> = Vec::new();
    if let Ok(under) = file.strip_prefix(&l.source_dir) {
        for c in under.components() {
            let c = c.as_os_str().to_string_lossy();
            if c == "_posts" {
                break;
            }
            categories.push(c.into_owned());
        }
    }
    for key in ["categories", "category"] {
        for v in front.list(key) {
            categories.extend(v.split_whitespace().map(str::to_string));
        }
    }
    let mut seen: Vec<String> = Vec::new();
    for c in categories {
        let c = c.to_lowercase();
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    let pattern = match front.get("permalink") {
        Some(p) => p,
        None => posts_pattern(pattern, l.url_style),
    };
    if unmodelled_placeholder(pattern).is_some() {
        return None;
    }
    let y_day = day_of_year(y, m, d)?;
    let ext = if matches!(
        ext.to_ascii_lowercase().as_str(),
        "md" | "markdown" | "mkd" | "mkdn" | "mdown" | "html" | "htm"
    ) {
        ".html".to_string()
    } else {
        format!(".{ext}")
    };
    let mut url = String::new();
    let mut rest = pattern;
    while let Some(i) = rest.find(':') {
        url.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let value = match &after[..len] {
            "year" => y.to_string(),
            "month" => format!("{m:02}"),
            "i_month" => m.to_string(),
            "day" => format!("{d:02}"),
            "i_day" => d.to_string(),
            "short_year" => format!("{:02}", y % 100),
            "y_day" => format!("{y_day:03}"),
            "title" => title.clone(),
            "slug" => slugify_default(slug),
            "name" => slugify_default(stem),
            "categories" => seen.join("/"),
            "collection" => "posts".to_string(),
            "output_ext" => ext.clone(),
            "" => ":".to_string(),
            _ => return None,
        };
        url.push_str(&value);
        rest = &after[len..];
    }
    url.push_str(rest);
    // Jekyll's `URL#sanitize_url`: no empty segments, a leading `/`.
    let mut clean = String::with_capacity(url.len() + 1);
    for c in format!("/{url}").chars() {
        if !(c == '/' && clean.ends_with('/')) {
            clean.push(c);
        }
    }
    Some(clean)
}

/// The date at the start of `s` (`2024-01-31` then `-` and the rest, or
/// the end, a space or a `T`) and the rest after its `-` (the post's
/// slug in a file name): Jekyll's `DATE_FILENAME_MATCHER` takes one to
/// four digits of year, one or two of month and day.
fn split_date(s: &str) -> Option<((u32, u32, u32), &str)> {
    let mut parts = s.splitn(4, '-');
    let y = parts.next()?;
    let m = parts.next()?;
    let rest3 = parts.next()?;
    let (d, tail) = match rest3.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => (&rest3[..i], &rest3[i..]),
        None => (rest3, ""),
    };
    let slug = parts.next().unwrap_or("");
    let digits = |p: &str, n: std::ops::RangeInclusive<usize>| {
        n.contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit())
    };
    if !(digits(y, 2..=4) && digits(m, 1..=2) && digits(d, 1..=2)) {
        return None;
    }
    if !(tail.is_empty() || tail.starts_with([' ', 'T', '\t'])) {
        return None;
    }
    let date = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    Some((date, slug))
}

/// The day of the year (1-based) of the date `y`-`m`-`d` (Gregorian),
/// or `None` when it is not a date.
pub(crate) fn day_of_year(y: u32, m: u32, d: u32) -> Option<u32> {
    const DAYS: [u32; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let leap = (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400);
    if !(1..=12).contains(&m) || d == 0 {
        return None;
    }
    let before: u32 = DAYS[..(m - 1) as usize].iter().sum();
    let extra = u32::from(leap && m > 2);
    Some(before + extra + d)
}

/// `s` slugified as Jekyll's `Utils.slugify(s)` (its `default` mode):
/// every run of characters other than letters and digits becomes one
/// `-`, `-` is trimmed at both ends, and the rest is lowercased.
fn slugify_default(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

/// `s` slugified as Jekyll's `Utils.slugify(s, mode: "pretty", cased:
/// true)`: every run of characters other than letters, digits and
/// `._~!$&'()+,;=@` becomes one `-`, and `-` is trimmed at both ends.
fn slugify_pretty(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_alphanumeric() || "._~!$&'()+,;=@".contains(c) {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// github/choosealicense.com's `plugins:` (`_config.yml`), and
    /// `jekyll-archives` and `jekyll-paginate` as their READMEs set them.
    #[test]
    fn plugins_that_make_pages() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            dir.path().join("_config.yml"),
            "plugins:\n  - jekyll-sitemap\n  - jekyll-redirect-from\n  - jekyll-seo-tag\n  - jekyll-coffeescript\n  - jekyll-github-metadata # For 'Improve this page' links\n  - jekyll-archives\n  - jekyll-paginate\n  - jekyll-readme-index\n",
        )
        .expect("write");
        let l = read(dir.path()).expect("jekyll");
        assert_eq!(l.alias_keys, ["redirect_from"]);
        assert_eq!(l.redirects, ["/sitemap.xml"]);
        assert!(l.index_names.contains(&"README.md"));
        assert_eq!(
            l.unsure_pages,
            [
                "the Jekyll plugin `jekyll-coffeescript` (_config.yml `plugins`)",
                "the Jekyll plugin `jekyll-archives` (_config.yml `plugins`)",
                "the Jekyll plugin `jekyll-paginate` (_config.yml `plugins`)"
            ]
        );
    }

    #[test]
    fn collections_posts_and_permalinks() {
        let l = Layout::new(
            Generator::Jekyll,
            Path::new("/s"),
            Path::new("/s/_config.yml"),
        );
        let none = FrontMatter::default();
        assert_eq!(
            page_url(
                &l,
                Path::new("/s/_docs/ubuntu.md"),
                "ubuntu.md",
                "collection:docs:/:collection/:path/",
                &none
            ),
            Some("/docs/ubuntu/".into())
        );
        assert_eq!(
            page_url(
                &l,
                Path::new("/s/_posts/2016-01-02-hello.markdown"),
                "2016-01-02-hello.markdown",
                "posts:",
                &none
            ),
            Some("/2016/01/02/hello.html".into())
        );
        let f = super::super::front_matter::parse(b"---\npermalink: /community/\n---\n");
        assert_eq!(
            page_url(&l, Path::new("/s/pages/c.md"), "pages/c.md", "/", &f),
            Some("/community/".into())
        );
        assert_eq!(
            page_url(&l, Path::new("/s/about.md"), "about.md", "/", &none),
            Some("/about.html".into())
        );
        assert_eq!(
            page_url(
                &l,
                Path::new("/s/_includes/x.md"),
                "_includes/x.md",
                "/",
                &none
            ),
            None
        );
    }

    /// ruby/www.ruby-lang.org (`permalink: pretty`, posts in
    /// `<lang>/news/_posts/`), and the built-in styles and placeholders
    /// of Jekyll's "Permalinks" page.
    #[test]
    fn posts_below_the_root_and_their_categories() {
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        for sub in [
            "en/news/_posts",
            "en/news/_drafts",
            "_site/x/_posts",
            "lib/_posts",
            "_posts",
        ] {
            std::fs::create_dir_all(d.join(sub)).expect("mkdir");
        }
        std::fs::write(
            d.join("_config.yml"),
            "permalink: pretty\nexclude:\n  - lib\n",
        )
        .expect("write");
        let l = read(d).expect("jekyll");
        let posts: Vec<_> = l
            .mounts
            .iter()
            .filter(|(_, p)| p.starts_with("posts:"))
            .map(|(m, p)| (m.strip_prefix(d).expect("under").to_path_buf(), p.as_str()))
            .collect();
        assert_eq!(
            posts,
            [
                (Path::new("_posts").to_path_buf(), "posts:pretty"),
                (Path::new("en/news/_posts").to_path_buf(), "posts:pretty")
            ]
        );
        assert!(l.unsure_pages.is_empty());
        let file = d.join("en/news/_posts/2019-03-05-multiple-vulnerabilities-in-rubygems.md");
        let none = FrontMatter::default();
        let url = |pattern: &str, front: &FrontMatter| {
            post_url(
                &l,
                &file,
                "2019-03-05-multiple-vulnerabilities-in-rubygems.md",
                pattern,
                front,
            )
        };
        assert_eq!(
            url("pretty", &none).as_deref(),
            Some("/en/news/2019/03/05/multiple-vulnerabilities-in-rubygems/")
        );
        let front = super::super::front_matter::parse(
            b"---\ndate: 2019-03-06 00:00:00 +0000\ncategories: Security News\ncategory: x\nslug: Two Words\n---\n",
        );
        assert_eq!(
            url("pretty", &front).as_deref(),
            Some("/en/news/security/x/2019/03/06/Two-Words/")
        );
        assert_eq!(
            url("ordinal", &none).as_deref(),
            Some("/en/news/2019/064/multiple-vulnerabilities-in-rubygems.html")
        );
        assert_eq!(
            url("none", &none).as_deref(),
            Some("/en/news/multiple-vulnerabilities-in-rubygems.html")
        );
        assert_eq!(
            url("/blog/:i_month/:i_day/:short_year/:slug", &none).as_deref(),
            Some("/blog/3/5/19/multiple-vulnerabilities-in-rubygems")
        );
        assert_eq!(url("/:year/:hour/:title/", &none), None);
        assert_eq!(unmodelled_placeholder("/:year/:hour/:title/"), Some("hour"));
        assert_eq!(
            unmodelled_placeholder(posts_pattern("weekdate", UrlStyle::Html)),
            Some("week")
        );
        std::fs::write(
            d.join("_config.yml"),
            "permalink: /:categories/:week/:title/\n",
        )
        .expect("write");
        assert_eq!(
            read(d).expect("jekyll").unsure_pages,
            ["the Jekyll permalink placeholder `:week` (_config.yml `permalink`)"]
        );
    }

    /// Jekyll's entry filter: `_` and `.` names unless `include`d
    /// (`_redirects`, `.well-known`), `exclude` paths and globs, the
    /// default excludes (`Gemfile`, `vendor/bundle`).
    #[test]
    fn files_jekyll_leaves_out() {
        let f = Filter {
            exclude: ["docs/internal", "*.sh"]
                .iter()
                .map(|s| s.to_string())
                .chain(DEFAULT_EXCLUDES.iter().map(|e| e.to_string()))
                .collect(),
            include: vec!["_redirects".into(), ".well-known".into()],
        };
        assert!(f.publishes("docs/guide.md"));
        assert!(f.publishes("_redirects"));
        assert!(f.publishes(".well-known/security.txt"));
        assert!(!f.publishes("_data/licenses.yml"));
        assert!(!f.publishes("docs/_partial.md"));
        assert!(!f.publishes(".github/CONTRIBUTING.md"));
        assert!(!f.publishes("docs/internal/notes.md"));
        assert!(!f.publishes("script/build.sh"));
        assert!(f.excluded("script/build.sh"));
        assert!(!f.excluded("docs/guide.md"));
        assert!(!f.publishes("Gemfile"));
        assert!(!f.publishes("vendor/bundle/x.md"));
        assert!(f.publishes("vendor/other.md"));
    }
}
