//! Zola (`zola.toml`, or `config.toml` holding Zola's `base_url`, beside
//! a `content/` directory): pages are the Markdown files of `content/`,
//! each served at its directory's path plus its slug (`a/b.md` at
//! `/a/b/`; a dated name `2024-01-02-x.md` at `/x/`); a section's
//! `_index.md` at its directory's path (`/a/`); a page with colocated
//! assets `a/b/index.md` at `/a/b/`, with its assets beside it; front
//! matter `path` sets the whole path, `slug` the last part, `aliases`
//! more URLs that redirect; `draft` and `render = false` pages are not
//! built. A page `x.fr.md` in a language of `[languages]` is served under
//! `/fr/`. `static/` is served at the root, `sass/` compiled to `.css`
//! when `compile_sass`; feeds, the search index, taxonomy pages,
//! `sitemap.xml`, `robots.txt` and `404.html` are made. Internal links
//! `@/a/b.md#x` name a content file (Zola fails the build when none is
//! there). Heading ids are [`crate::site::slug::Renderer::Zola`].
//! Source: Zola docs, "Configuration", "Content / Overview, Section,
//! Page, Multilingual sites, Taxonomies, Internal links & deep linking",
//! and getzola/zola `components/content/src/{file_info,page,section}.rs`,
//! `components/utils/src/{slugs,site}.rs`.

use std::path::{Path, PathBuf};

use super::{Generator, Layout, UrlStyle};

/// The names of the configuration file, in the order Zola looks for them
/// (`zola.toml` since Zola 0.20; `config.toml` only when it holds Zola's
/// own keys, [`is_zola_config`]).
pub const CONFIG_NAMES: &[&str] = &["zola.toml", "config.toml"];

/// The most bytes of a page read for its front matter (64 KiB: Zola
/// front matter often holds long `[extra]` tables).
const FRONT_MATTER_BYTES: u64 = 64 * 1024;

/// The most bytes of a template read to see whether it writes ids.
const TEMPLATE_BYTES: u64 = 256 * 1024;

/// What of a Zola configuration the page URLs need ([`Layout::zola`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Zola `default_language` (`en` by default): its pages are served
    /// without a language prefix.
    pub default_language: String,
    /// The codes of the other languages (`[languages.fr]`, or the older
    /// `languages = [{ code = "fr" }]`): a page `x.fr.md` is served
    /// under `/fr/`.
    pub languages: Vec<String>,
    /// Zola `slugify.paths`: `true` for `"on"` (the default), slugs made
    /// by the `slug` crate; `false` for `"safe"` or `"off"` (kept as
    /// written, `safe` without the characters NTFS forbids).
    pub slugify_paths: PathSlugs,
    /// Zola `slugify.taxonomies`, likewise for taxonomy terms.
    pub slugify_taxonomies: PathSlugs,
    /// Zola `slugify.paths_keep_dates`: a dated file name keeps its date
    /// in the slug.
    pub keep_dates: bool,
    /// The names of Zola `taxonomies` (`[[taxonomies]] name = "tags"`)
    /// whose pages are rendered: a page's terms are served at
    /// `/tags/term/`.
    pub taxonomies: Vec<String>,
    /// The feed file names (Zola `feed_filenames`, `atom.xml` by default;
    /// the older `feed_filename`), made for a section whose front matter
    /// sets `generate_feeds`.
    pub feed_names: Vec<String>,
}

/// Zola's `slugify.paths` and `slugify.taxonomies` strategies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PathSlugs {
    /// `"on"`: the `slug` crate's `slugify`.
    #[default]
    On,
    /// `"safe"`: the characters NTFS forbids removed, trailing spaces and
    /// dots trimmed.
    Safe,
    /// `"off"`: as written.
    Off,
}

impl PathSlugs {
    /// The strategy named `name` in `[slugify]`; `On` for another.
    fn named(name: Option<&str>) -> PathSlugs {
        match name {
            Some("safe") => PathSlugs::Safe,
            Some("off") => PathSlugs::Off,
            _ => PathSlugs::On,
        }
    }

    /// `s` made a path segment (Zola `slugify_paths`).
    pub fn apply(self, s: &str) -> String {
        match self {
            PathSlugs::On => slug::slugify(s),
            PathSlugs::Safe => s
                .trim_end_matches([' ', '.'])
                .chars()
                .filter(|c| !r#"<>:"/\|?*"#.contains(*c))
                .collect(),
            PathSlugs::Off => s.to_string(),
        }
    }
}

/// True when the TOML table `t` is a Zola configuration: it has Zola's
/// required `base_url` and none of the keys only Hugo reads (`baseURL`
/// in any case, `contentDir`, `[params]`, `[markup]`,
/// `defaultContentLanguage`, `languageCode`). Hugo's keys are
/// case-insensitive and it has no `base_url`, so the two never meet.
pub fn is_zola_config(t: &toml::Table) -> bool {
    let hugo_only = [
        "baseurl",
        "contentdir",
        "params",
        "markup",
        "defaultcontentlanguage",
        "languagecode",
    ];
    t.get("base_url").is_some_and(toml::Value::is_str)
        && !t
            .keys()
            .any(|k| hugo_only.contains(&k.to_ascii_lowercase().as_str()))
}

/// The Zola site configured in `dir`: `zola.toml`, or a `config.toml`
/// that [`is_zola_config`] beside a `content/` directory.
pub fn read(dir: &Path) -> Option<Layout> {
    let (config, text) = CONFIG_NAMES.iter().find_map(|n| {
        let p = dir.join(n);
        if !p.is_file() || (*n == "config.toml" && !dir.join("content").is_dir()) {
            return None;
        }
        let text = super::read_config(&p);
        Some((p, text))
    })?;
    let named = config.file_name().is_some_and(|n| n == "zola.toml");
    let table = text
        .as_deref()
        .ok()
        .and_then(|t| t.parse::<toml::Table>().ok());
    let t = match table {
        Some(t) if named || is_zola_config(&t) => t,
        // A `config.toml` that is not Zola's: another generator's.
        _ if !named => return None,
        _ => {
            let why = match &text {
                Err(note) => note.clone(),
                Ok(_) => format!("{} could not be read as TOML", config.display()),
            };
            let mut l = layout(dir, &config);
            l.notes.push(format!("{why}: Zola defaults assumed"));
            return Some(l);
        }
    };
    let mut l = layout(dir, &config);
    url_settings(&t, &mut l);
    let mut served: Vec<String> = ["/sitemap.xml", "/robots.txt", "/404.html"]
        .iter()
        .map(|u| u.to_string())
        .collect();
    let language_tables: Vec<(String, &toml::Value)> = match t.get("languages") {
        Some(toml::Value::Table(langs)) => {
            langs.iter().map(|(k, v)| (format!("/{k}/"), v)).collect()
        }
        _ => Vec::new(),
    };
    feeds_and_search_index(&t, &language_tables, &mut l, &mut served);
    taxonomy_lists(&t, &language_tables, &mut l, &mut served);
    let sass_dirs = theme_dirs(dir, &config, &t, &mut l);
    if is_true(t.get("compile_sass")) {
        compiled_sass(&sass_dirs, &mut served);
    }
    l.redirects.extend(served);
    templates_writing_ids(&mut l);
    Some(l)
}

/// The string value `v`, when it is one.
fn str_of(v: Option<&toml::Value>) -> Option<String> {
    v.and_then(|v| v.as_str()).map(str::to_string)
}

/// True when `v` is the boolean `true`.
fn is_true(v: Option<&toml::Value>) -> bool {
    v.and_then(toml::Value::as_bool) == Some(true)
}

/// Step of [`read`]: `base_url`, the languages and the `[slugify]`
/// strategies of the configuration `t` into `l`.
fn url_settings(t: &toml::Table, l: &mut Layout) {
    if let Some(u) = str_of(t.get("base_url")) {
        l.base_path = super::base_path_of(&u);
    }
    let z = &mut l.zola;
    if let Some(d) = str_of(t.get("default_language")) {
        z.default_language = d;
    }
    match t.get("languages") {
        Some(toml::Value::Table(langs)) => z.languages.extend(langs.keys().cloned()),
        Some(toml::Value::Array(langs)) => z
            .languages
            .extend(langs.iter().filter_map(|v| str_of(v.get("code")))),
        _ => {}
    }
    let default_language = z.default_language.clone();
    z.languages.retain(|c| *c != default_language);
    let slugify = t.get("slugify");
    let strategy =
        |k: &str| PathSlugs::named(slugify.and_then(|s| s.get(k)).and_then(|v| v.as_str()));
    z.slugify_paths = strategy("paths");
    z.slugify_taxonomies = strategy("taxonomies");
    z.keep_dates = is_true(slugify.and_then(|s| s.get("paths_keep_dates")));
    let anchors = strategy("anchors");
    l.renderer = super::slug::Renderer::Zola {
        slugify: anchors == PathSlugs::On,
    };
}

/// Step of [`read`]: the feed names into `l`, and the feeds and search
/// index files the root and each language of `language_tables` make
/// into `served`.
fn feeds_and_search_index(
    t: &toml::Table,
    language_tables: &[(String, &toml::Value)],
    l: &mut Layout,
    served: &mut Vec<String>,
) {
    // Feeds: `feed_filenames` (0.19), `feed_filename` before.
    let feeds: Vec<String> = match (t.get("feed_filenames"), str_of(t.get("feed_filename"))) {
        (Some(toml::Value::Array(a)), _) => a.iter().filter_map(|v| str_of(Some(v))).collect(),
        (_, Some(f)) => vec![f],
        _ => vec!["atom.xml".into()],
    };
    l.zola.feed_names = feeds.clone();
    let per_language = |key: &str| -> Vec<String> {
        let mut out = Vec::new();
        if is_true(t.get(key)) {
            out.push("/".to_string());
        }
        for (p, v) in language_tables {
            if is_true(v.get(key)) {
                out.push(p.clone());
            }
        }
        out
    };
    for p in per_language("generate_feeds")
        .into_iter()
        .chain(per_language("generate_feed"))
    {
        served.extend(feeds.iter().map(|f| format!("{p}{f}")));
    }
    if !per_language("build_search_index").is_empty() {
        served.push("/elasticlunr.min.js".into());
        for lang in std::iter::once(&l.zola.default_language).chain(&l.zola.languages) {
            served.push(format!("/search_index.{lang}.js"));
            served.push(format!("/search_index.{lang}.json"));
        }
    }
}

/// Step of [`read`]: the rendered taxonomies of the root and each
/// language of `language_tables`, their lists' URLs into `served` and
/// their names into `l`.
fn taxonomy_lists(
    t: &toml::Table,
    language_tables: &[(String, &toml::Value)],
    l: &mut Layout,
    served: &mut Vec<String>,
) {
    // Taxonomies: the list at `/tags/`, the terms at `/tags/term/`
    // (read from each page's front matter, [`page_urls`]).
    let mut taxonomies = Vec::new();
    let root_taxonomies = t.get("taxonomies").and_then(toml::Value::as_array);
    let language_taxonomies = language_tables.iter().flat_map(|(p, v)| {
        v.get("taxonomies")
            .and_then(toml::Value::as_array)
            .into_iter()
            .flatten()
            .map(move |x| (p.clone(), x))
    });
    for (prefix, tax) in root_taxonomies
        .into_iter()
        .flatten()
        .map(|x| ("/".to_string(), x))
        .chain(language_taxonomies)
    {
        let Some(name) = str_of(tax.get("name")) else {
            continue;
        };
        if tax.get("render").and_then(toml::Value::as_bool) == Some(false) {
            continue;
        }
        let slug = l.zola.slugify_taxonomies.apply(&name);
        served.push(format!("{prefix}{slug}/"));
        if !taxonomies.contains(&name) {
            taxonomies.push(name);
        }
    }
    l.zola.taxonomies = taxonomies;
}

/// Step of [`read`]: the theme's static directory into `l` (or notes
/// when it is missing); the Sass directories, the site's and the
/// theme's.
fn theme_dirs(dir: &Path, config: &Path, t: &toml::Table, l: &mut Layout) -> Vec<PathBuf> {
    // The theme's templates, static files and Sass.
    let mut sass_dirs = vec![dir.join("sass")];
    if let Some(theme) = str_of(t.get("theme")).filter(|t| !t.contains(['/', '\\']) && t != "..") {
        let theme_dir = dir.join("themes").join(&theme);
        if theme_dir.is_dir() {
            l.static_dirs.push(theme_dir.join("static"));
            sass_dirs.push(theme_dir.join("sass"));
        } else {
            l.unsure_pages.push(format!(
                "the Zola theme `{theme}` ({}) not in themes/ (its static files)",
                config.display()
            ));
            l.unsure_anchors.push(format!(
                "the Zola theme `{theme}` ({}) not in themes/ (its templates)",
                config.display()
            ));
        }
    }
    sass_dirs
}

/// Step of [`read`]: the `.css` files `compile_sass` makes of the Sass
/// files in `sass_dirs` (not those named `_x`) into `served`.
fn compiled_sass(sass_dirs: &[PathBuf], served: &mut Vec<String>) {
    let mut count = 0;
    let mut truncated = false;
    for d in sass_dirs {
        for (_, rel) in super::files_under(
            d,
            |n| n.starts_with('.'),
            super::MAX_FILES,
            &mut count,
            &mut truncated,
        ) {
            let name = rel.rsplit('/').next().unwrap_or(&rel);
            if name.starts_with('_') {
                continue;
            }
            if let Some(stem) = rel
                .strip_suffix(".scss")
                .or_else(|| rel.strip_suffix(".sass"))
            {
                served.push(format!("/{stem}.css"));
            }
        }
    }
}

/// A Zola layout of `dir` with its defaults, read from `config`.
fn layout(dir: &Path, config: &Path) -> Layout {
    let mut l = Layout::new(Generator::Zola, dir, config);
    l.source_dir = dir.join("content");
    l.url_style = UrlStyle::Directory;
    l.page_extensions = vec!["md"];
    l.index_names = vec!["_index.md", "index.md"];
    l.static_dirs = vec![dir.join("static")];
    l.theme_dirs = vec![dir.join("templates"), dir.join("themes")];
    l.renderer = super::slug::Renderer::Zola { slugify: true };
    l.zola.default_language = "en".into();
    l.zola.feed_names = vec!["atom.xml".into()];
    l
}

/// Notes in `l.unsure_anchors` the templates of the site (and its
/// theme) that may add anchors the model does not know: a template
/// writing an `id` from a Tera expression (`id="pkg-{{ pkg.name }}"`),
/// and a shortcode writing a heading or an `id` into a page's Markdown.
/// Each file's first [`TEMPLATE_BYTES`] are read; at most
/// [`super::MAX_FILES`] files.
fn templates_writing_ids(l: &mut Layout) {
    use std::sync::OnceLock;
    static DYNAMIC_ID: OnceLock<Option<regex::Regex>> = OnceLock::new();
    static STATIC_ID: OnceLock<Option<regex::Regex>> = OnceLock::new();
    let dynamic = DYNAMIC_ID
        .get_or_init(|| regex::Regex::new(r#"(?i)(?:^|[\s<])id\s*=\s*["']?[^"'>\s]*\{[{%]"#).ok());
    let any_id =
        STATIC_ID.get_or_init(|| regex::Regex::new(r#"(?i)(?:^|[\s<])id\s*=|<h[1-6][\s>]"#).ok());
    let (Some(dynamic), Some(any_id)) = (dynamic, any_id) else {
        return;
    };
    let mut count = 0;
    let mut truncated = false;
    let mut found: Vec<(String, bool)> = Vec::new();
    for d in l.theme_dirs.clone() {
        for (file, rel) in super::files_under(
            &d,
            |n| n.starts_with('.'),
            super::MAX_FILES,
            &mut count,
            &mut truncated,
        ) {
            let shortcode =
                rel.starts_with("shortcodes/") || rel.contains("/templates/shortcodes/");
            let Ok(text) = super::read_head(&file, TEMPLATE_BYTES) else {
                continue;
            };
            let writes = if shortcode {
                any_id.is_match(&text)
            } else {
                dynamic.is_match(&text)
            };
            if writes {
                let shown = file
                    .strip_prefix(&l.root)
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                found.push((shown, shortcode));
            }
        }
    }
    if let Some((first, shortcode)) = found.first() {
        let more = match found.len() {
            1 => String::new(),
            n => format!(" and {} more", n - 1),
        };
        let what = if *shortcode {
            "the Zola shortcode"
        } else {
            "the Zola template"
        };
        l.unsure_anchors
            .push(format!("{what} {first}{more} (writing ids)"));
    }
}

/// What of a page's front matter Zola's URLs depend on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Front {
    path: Option<String>,
    slug: Option<String>,
    aliases: Vec<String>,
    draft: bool,
    render: bool,
    generate_feeds: bool,
    taxonomies: Vec<(String, Vec<String>)>,
}

/// The front matter of the content file `file`: TOML between `+++`
/// fences (its top-level keys, and its `[taxonomies]` table), or YAML
/// between `---` fences (top-level keys only); read from its first
/// [`FRONT_MATTER_BYTES`].
fn front_of(file: &Path) -> Front {
    let mut f = Front {
        render: true,
        ..Front::default()
    };
    let Ok(head) = super::read_head(file, FRONT_MATTER_BYTES) else {
        return f;
    };
    let head = head.trim_start_matches('\u{feff}');
    if head.starts_with("---") {
        let fm = super::front_matter::read(file, FRONT_MATTER_BYTES);
        f.path = fm.get("path").map(str::to_string);
        f.slug = fm.get("slug").map(str::to_string);
        f.aliases = fm.list("aliases").into_iter().map(str::to_string).collect();
        f.draft = fm.get("draft") == Some("true");
        f.render = fm.get("render") != Some("false");
        f.generate_feeds = fm.get("generate_feeds") == Some("true");
        return f;
    }
    let Some(rest) = head.strip_prefix("+++") else {
        return f;
    };
    let rest = rest.trim_start_matches([' ', '\t']);
    let Some(rest) = rest
        .strip_prefix("\r\n")
        .or_else(|| rest.strip_prefix('\n'))
    else {
        return f;
    };
    // The block ends at a line `+++`; cut at the last whole line when it
    // runs past what was read.
    let mut block = String::new();
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "+++" {
            break;
        }
        if !line.ends_with('\n') {
            break;
        }
        block.push_str(line);
    }
    // Top-level keys come before the first table header; the
    // `[taxonomies]` table is read on its own (a long `[extra]` table
    // elsewhere then never stops the keys from being read).
    let mut top = String::new();
    let mut taxonomies = String::new();
    let mut section: Option<bool> = None;
    for line in block.split_inclusive('\n') {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && !trimmed.starts_with("[[") || trimmed.starts_with("[[") {
            let name = trimmed
                .trim_start_matches('[')
                .split([']', '.'])
                .next()
                .unwrap_or("")
                .trim();
            section = Some(name == "taxonomies" && !trimmed.starts_with("[["));
            if section == Some(true) {
                continue;
            }
        }
        match section {
            None => top.push_str(line),
            Some(true) => taxonomies.push_str(line),
            Some(false) => {}
        }
    }
    let s = |t: &toml::Table, k: &str| t.get(k).and_then(|v| v.as_str()).map(str::to_string);
    if let Ok(t) = top.parse::<toml::Table>() {
        f.path = s(&t, "path");
        f.slug = s(&t, "slug");
        f.aliases = t
            .get("aliases")
            .and_then(toml::Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect();
        f.draft = t.get("draft").and_then(toml::Value::as_bool) == Some(true);
        f.render = t.get("render").and_then(toml::Value::as_bool) != Some(false);
        f.generate_feeds = t.get("generate_feeds").and_then(toml::Value::as_bool) == Some(true);
        if let Some(toml::Value::Table(tax)) = t.get("taxonomies") {
            f.taxonomies.extend(terms_of(tax));
        }
    }
    if let Ok(t) = taxonomies.parse::<toml::Table>() {
        f.taxonomies.extend(terms_of(&t));
    }
    f
}

/// The terms of a `[taxonomies]` table: (taxonomy name, its terms).
fn terms_of(t: &toml::Table) -> Vec<(String, Vec<String>)> {
    t.iter()
        .map(|(k, v)| {
            let terms = v
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect();
            (k.clone(), terms)
        })
        .collect()
}

/// The URL of the content file `file` (a Markdown file at `rel` under
/// `content/`, `/`-separated), and the other URLs that lead to it (its
/// `aliases`, its taxonomy terms' pages, its section's feeds); `None`
/// when Zola does not build it (`draft = true`, `render = false`, or an
/// unknown language code).
pub fn page_urls(l: &Layout, file: &Path, rel: &str) -> Option<(String, Vec<String>)> {
    let z = &l.zola;
    let front = front_of(file);
    let (dirs, filename) = match rel.rsplit_once('/') {
        Some((d, n)) => (d.split('/').collect::<Vec<_>>(), n),
        None => (Vec::new(), rel),
    };
    let stem = filename.strip_suffix(".md").unwrap_or(filename);
    let (name, lang) = language_of(z, stem)?;
    let lang_prefix = lang.map_or(String::new(), |c| format!("/{c}"));
    let mut others = alias_urls(&front);
    if name == "_index" {
        // A section.
        let path = if dirs.is_empty() {
            format!("{lang_prefix}/")
        } else {
            format!("{lang_prefix}/{}/", dirs.join("/"))
        };
        if front.generate_feeds {
            others.extend(z.feed_names.iter().map(|f| format!("{path}{f}")));
        }
        // Not rendered (`render = false`): its pages still are.
        return front.render.then_some((path, others));
    }
    if front.draft || !front.render {
        return None;
    }
    let mut components = dirs.clone();
    let colocated = name == "index" && !components.is_empty();
    let for_slug = if colocated {
        components.pop().unwrap_or(name).to_string()
    } else {
        name.to_string()
    };
    let slug = page_slug(z, &front, &for_slug);
    let mut path = match &front.path {
        Some(p) => {
            let p = p.trim();
            if p.starts_with('/') {
                p.to_string()
            } else {
                format!("/{p}")
            }
        }
        None => {
            let inner = if components.is_empty() {
                if name == "index" && !colocated {
                    String::new()
                } else {
                    slug
                }
            } else {
                format!("{}/{slug}", components.join("/"))
            };
            format!("{lang_prefix}/{inner}")
        }
    };
    if !path.ends_with('/') {
        path.push('/');
    }
    term_urls(z, &front, &lang_prefix, &mut others);
    Some((path, others))
}

/// Step of [`page_urls`]: the page name and language code of the file
/// stem `stem` (`x.fr.md`: a language code after the first dot, when
/// languages are configured, Zola `FileInfo::find_language`); `None` for
/// an unknown code.
fn language_of<'a>(z: &Settings, stem: &'a str) -> Option<(&'a str, Option<&'a str>)> {
    Some(match stem.split_once('.') {
        Some((n, code)) if !z.languages.is_empty() => {
            if code == z.default_language {
                (n, None)
            } else if z.languages.iter().any(|c| c == code) {
                (n, Some(code))
            } else {
                // Zola stops the build on an unknown code.
                return None;
            }
        }
        _ => (stem, None),
    })
}

/// Step of [`page_urls`]: the page's `aliases`, each made absolute.
fn alias_urls(front: &Front) -> Vec<String> {
    front
        .aliases
        .iter()
        .map(|a| {
            let a = a.trim();
            if a.starts_with('/') {
                a.to_string()
            } else {
                format!("/{a}")
            }
        })
        .collect()
}

/// Step of [`page_urls`]: the page's slug, its front matter `slug` or
/// `for_slug` without its date, made a path segment.
fn page_slug(z: &Settings, front: &Front, for_slug: &str) -> String {
    match &front.slug {
        Some(s) => z.slugify_paths.apply(s),
        None => {
            let dated = if z.keep_dates {
                None
            } else {
                dated_slug(for_slug)
            };
            z.slugify_paths.apply(dated.unwrap_or(for_slug))
        }
    }
}

/// Step of [`page_urls`]: the URLs of the page's terms in the rendered
/// taxonomies into `others`.
fn term_urls(z: &Settings, front: &Front, lang_prefix: &str, others: &mut Vec<String>) {
    for (taxonomy, terms) in &front.taxonomies {
        if !z.taxonomies.contains(taxonomy) {
            continue;
        }
        let t = z.slugify_taxonomies.apply(taxonomy);
        for term in terms {
            others.push(format!(
                "{lang_prefix}/{t}/{}/",
                z.slugify_taxonomies.apply(term)
            ));
        }
    }
}

/// The slug part of a dated file name (`2024-01-02-x`, `2024-01-02_x`,
/// `2024-01-02T10:00:00Z x`), as Zola's `RFC3339_DATE` pattern takes it;
/// `None` for a name that does not start with a date followed by one.
fn dated_slug(name: &str) -> Option<&str> {
    use std::sync::OnceLock;
    static DATE: OnceLock<Option<regex::Regex>> = OnceLock::new();
    let re = DATE.get_or_init(|| {
        regex::Regex::new(
            r"^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])(T([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9]|60)(\.[0-9]+)?(Z|(\+|-)([01][0-9]|2[0-3]):([0-5][0-9])))?(\s?(_|-)(?P<slug>.+$))?",
        )
        .ok()
    });
    re.as_ref()?
        .captures(name)?
        .name("slug")
        .map(|m| m.as_str())
}

/// The content file an internal link `@/a/b.md` (percent-decoded, no
/// fragment) names, under `source_dir`; `None` when `link` is not one.
pub fn internal_link(source_dir: &Path, link: &str) -> Option<PathBuf> {
    let rest = link.strip_prefix("@/")?;
    Some(super::lexically_clean(&source_dir.join(rest)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(files: &[(&str, &str)]) -> (tempfile::TempDir, Layout) {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(dir.path().join("content")).expect("mkdir");
        for (name, text) in files {
            let p = dir.path().join(name);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(&p, text).expect("write");
        }
        let l = read(dir.path()).expect("a Zola site");
        (dir, l)
    }

    /// Zola's `config.toml` is told from Hugo's by `base_url` (Hugo:
    /// `baseURL`, any case) and Hugo's own keys.
    #[test]
    fn zola_config_is_told_from_hugo() {
        let zola = "base_url = \"https://x.org/\"\ncompile_sass = true\n[extra]\n";
        let hugo = "baseURL = \"https://x.org/\"\ntitle = \"x\"\n";
        assert!(is_zola_config(&zola.parse().expect("toml")));
        assert!(!is_zola_config(&hugo.parse().expect("toml")));
        let both = "base_url = \"a\"\nbaseurl = \"b\"\n";
        assert!(!is_zola_config(&both.parse().expect("toml")));
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(dir.path().join("content")).expect("mkdir");
        std::fs::write(dir.path().join("config.toml"), hugo).expect("write");
        assert!(read(dir.path()).is_none());
        std::fs::write(dir.path().join("config.toml"), zola).expect("write");
        assert!(read(dir.path()).is_some());
    }

    /// Page, section, colocated and dated URLs, front matter `path` and
    /// `slug`, drafts, translations and taxonomy terms, as Zola's
    /// `Page::parse` and `Section::parse` make them.
    #[test]
    fn page_urls_as_zola_makes_them() {
        let (dir, l) = site(&[
            (
                "config.toml",
                "base_url = \"https://x.org/docs\"\ndefault_language = \"en\"\n[languages.fr]\n[[taxonomies]]\nname = \"tags\"\n",
            ),
            ("content/_index.md", "+++\n+++\n"),
            ("content/news/_index.md", "+++\ngenerate_feeds = true\n+++\n"),
            ("content/news/2016-03-14-RustWebDigest-1.md", "+++\ntitle = \"x\"\n[taxonomies]\ntags = [\"Rust Web\"]\n[extra]\na = 1\n+++\n"),
            ("content/a/b.md", "+++\nslug = \"Other Name\"\naliases = [\"old/b\"]\n+++\n"),
            ("content/a/c/index.md", "+++\n+++\n"),
            ("content/a/d.md", "+++\npath = \"elsewhere\"\n+++\n"),
            ("content/a/e.md", "+++\ndraft = true\n+++\n"),
            ("content/a/f.fr.md", "+++\n+++\n"),
            ("content/a/_index.fr.md", "+++\n+++\n"),
        ]);
        assert_eq!(l.base_path, "/docs/");
        let url = |rel: &str| page_urls(&l, &dir.path().join("content").join(rel), rel);
        assert_eq!(url("_index.md"), Some(("/".into(), vec![])));
        assert_eq!(
            url("news/_index.md"),
            Some(("/news/".into(), vec!["/news/atom.xml".into()]))
        );
        assert_eq!(
            url("news/2016-03-14-RustWebDigest-1.md"),
            Some((
                "/news/rustwebdigest-1/".into(),
                vec!["/tags/rust-web/".into()]
            ))
        );
        assert_eq!(
            url("a/b.md"),
            Some(("/a/other-name/".into(), vec!["/old/b".into()]))
        );
        assert_eq!(url("a/c/index.md"), Some(("/a/c/".into(), vec![])));
        assert_eq!(url("a/d.md"), Some(("/elsewhere/".into(), vec![])));
        assert_eq!(url("a/e.md"), None);
        assert_eq!(url("a/f.fr.md"), Some(("/fr/a/f/".into(), vec![])));
        assert_eq!(url("a/_index.fr.md"), Some(("/fr/a/".into(), vec![])));
        assert!(l.redirects.contains(&"/tags/".to_string()));
        assert!(l.redirects.contains(&"/sitemap.xml".to_string()));
    }

    /// Zola's dated file names (`RFC3339_DATE` in page.rs).
    #[test]
    fn dated_names() {
        assert_eq!(dated_slug("2015-12-03-kinglet"), Some("kinglet"));
        assert_eq!(dated_slug("2015-12-03_kinglet"), Some("kinglet"));
        assert_eq!(dated_slug("2015-12-03"), None);
        assert_eq!(dated_slug("kinglet"), None);
    }

    /// Templates that write ids from data, and shortcodes that write
    /// headings, make the anchors unsure; a template with fixed ids does
    /// not.
    #[test]
    fn templates_writing_ids_are_unsure() {
        let (_d, l) = site(&[
            ("config.toml", "base_url = \"/\"\n"),
            ("templates/base.html", "<footer id=\"about\">\n"),
        ]);
        assert!(l.unsure_anchors.is_empty(), "{:?}", l.unsure_anchors);
        let (_d, l) = site(&[
            ("config.toml", "base_url = \"/\"\n"),
            (
                "templates/macros/author.html",
                "<div class=\"author\" id=\"{{key}}\">\n",
            ),
        ]);
        assert_eq!(l.unsure_anchors.len(), 1, "{:?}", l.unsure_anchors);
        assert!(l.unsure_anchors[0].contains("author.html"));
        let (_d, l) = site(&[
            ("config.toml", "base_url = \"/\"\n"),
            ("templates/shortcodes/h.html", "<h2>{{ title }}</h2>\n"),
        ]);
        assert!(
            l.unsure_anchors[0].contains("shortcode"),
            "{:?}",
            l.unsure_anchors
        );
    }
}
