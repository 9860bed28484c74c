//! MkDocs (`mkdocs.yml`): pages are the Markdown files of `docs_dir`
//! (default `docs`), served as `x/` when `use_directory_urls` is true (the
//! default) and `x.html` otherwise; `index.md` and `README.md` are a
//! directory's index; the base path is `site_url`'s path. Heading ids are
//! Python-Markdown's `toc` extension's (its `slugify` setting may name
//! `pymdownx.slugs`). Source: MkDocs user guide, "Configuration"
//! (`docs_dir`, `use_directory_urls`, `site_url`) and
//! `mkdocs/structure/files.py` (`File._get_dest_path`, `_get_url`).

use std::path::Path;

use super::{base_path_of, Generator, Layout, UrlStyle};

/// The names of the configuration file, in the order looked for.
pub const CONFIG_NAMES: &[&str] = &["mkdocs.yml", "mkdocs.yaml"];

/// A configuration of another name in `dir`, when neither of
/// [`CONFIG_NAMES`] is there: the first by name of `mkdocs-*.yml`,
/// `mkdocs.*.yml` (and `.yaml`), as projects name the files a build
/// script chooses among or writes from (`mkdocs-online.yml` and
/// `mkdocs-common.yml`, `mkdocs.insiders.yml`). At most 10,000 entries
/// of `dir` are looked at.
pub fn alternate_config(dir: &Path) -> Option<std::path::PathBuf> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .take(10_000)
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| {
            let stem = n
                .strip_suffix(".yml")
                .or_else(|| n.strip_suffix(".yaml"))
                .unwrap_or_default();
            stem.len() > "mkdocs".len() + 1
                && (stem.starts_with("mkdocs-") || stem.starts_with("mkdocs."))
        })
        .collect();
    names.sort();
    names.into_iter().map(|n| dir.join(n)).find(|p| p.is_file())
}

/// The ISO 639-1 language codes, and the country codes some projects
/// name a translation by instead (`cn`, `jp`); a few ISO 639-2/3 codes
/// docs translations use (`fil`, `yue`, `ckb`, `ast`). Source: ISO 639-1
/// (the Library of Congress's list of codes).
const LANGUAGES: &[&str] = &[
    "aa", "ab", "ae", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az", "ba", "be", "bg", "bh",
    "bi", "bm", "bn", "bo", "br", "bs", "ca", "ce", "ch", "co", "cr", "cs", "cu", "cv", "cy", "da",
    "de", "dv", "dz", "ee", "el", "en", "eo", "es", "et", "eu", "fa", "ff", "fi", "fj", "fo", "fr",
    "fy", "ga", "gd", "gl", "gn", "gu", "gv", "ha", "he", "hi", "ho", "hr", "ht", "hu", "hy", "hz",
    "ia", "id", "ie", "ig", "ii", "ik", "io", "is", "it", "iu", "ja", "jv", "ka", "kg", "ki", "kj",
    "kk", "kl", "km", "kn", "ko", "kr", "ks", "ku", "kv", "kw", "ky", "la", "lb", "lg", "li", "ln",
    "lo", "lt", "lu", "lv", "mg", "mh", "mi", "mk", "ml", "mn", "mr", "ms", "mt", "my", "na", "nb",
    "nd", "ne", "ng", "nl", "nn", "no", "nr", "nv", "ny", "oc", "oj", "om", "or", "os", "pa", "pi",
    "pl", "ps", "pt", "qu", "rm", "rn", "ro", "ru", "rw", "sa", "sc", "sd", "se", "sg", "si", "sk",
    "sl", "sm", "sn", "so", "sq", "sr", "ss", "st", "su", "sv", "sw", "ta", "te", "tg", "th", "ti",
    "tk", "tl", "tn", "to", "tr", "ts", "tt", "tw", "ty", "ug", "uk", "ur", "uz", "ve", "vi", "vo",
    "wa", "wo", "xh", "yi", "yo", "za", "zh", "zu", "cn", "jp", "fil", "yue", "ckb", "ast",
];

/// True when `name` is written as the language code of a translation's
/// directory: a code of `LANGUAGES`, then optionally `-` or `_` and
/// two to four letters or digits (`de`, `pt`, `zh-hant`, `pt_BR`). A
/// directory named by three letters that are no language (`gov`, `app`,
/// `src`) is not one (a copy of a repository beside another: issue 46
/// round 10).
pub fn is_language_code(name: &str) -> bool {
    let (lang, region) = match name.split_once(['-', '_']) {
        Some((l, r)) => (l, Some(r)),
        None => (name, None),
    };
    LANGUAGES.contains(&lang)
        && region.is_none_or(|r| {
            (2..=4).contains(&r.len()) && r.bytes().all(|c| c.is_ascii_alphanumeric())
        })
}

/// The configuration a translation directory `dir` without one of its
/// own belongs to: `dir` is named by a language code
/// ([`is_language_code`]) and a sibling directory named by another one
/// holds `mkdocs.yml` (`en` first, else the first by name), the layout of
/// fastapi, typer and sqlmodel (`docs/en/mkdocs.yml`, `docs/de/docs/`):
/// a build script makes each language's site from the sibling's
/// configuration (a generated `INHERIT: ../en/mkdocs.yml`), often filling
/// the pages a language lacks from the sibling's. At most 1,000 entries
/// of the parent are looked at; `None` when `dir` holds a configuration.
pub fn translation_config(dir: &Path) -> Option<std::path::PathBuf> {
    let lang = dir.file_name()?.to_str()?;
    if !is_language_code(lang) || CONFIG_NAMES.iter().any(|n| dir.join(n).exists()) {
        return None;
    }
    let parent = dir.parent()?;
    let mut siblings: Vec<String> = std::fs::read_dir(parent)
        .ok()?
        .take(1000)
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n != lang && is_language_code(n))
        .collect();
    siblings.sort_by_key(|n| (n != "en", n.clone()));
    siblings.into_iter().find_map(|n| {
        CONFIG_NAMES
            .iter()
            .map(|c| parent.join(&n).join(c))
            .find(|p| p.is_file())
    })
}

/// The site of the translation directory `dir` ([`translation_config`]):
/// the sibling's settings, with its `docs_dir` taken under `dir`
/// (`docs/de/docs/`); `None` when `dir` has no such directory. Which
/// pages the script makes, and where, is not read: the pages are unsure
/// ([`Layout::unsure_pages`]).
fn translation(dir: &Path) -> Option<Layout> {
    let config = translation_config(dir)?;
    let sibling = config.parent()?;
    let mut l = read(sibling)?;
    let docs = l.source_dir.strip_prefix(sibling).ok()?.to_path_buf();
    let source = dir.join(&docs);
    if docs.as_os_str().is_empty() || !source.is_dir() {
        return None;
    }
    let from = sibling.file_name()?.to_string_lossy().into_owned();
    l.root = dir.to_path_buf();
    l.source_dir = source;
    // The sibling's site says its own notes.
    l.notes.clear();
    // One reason for every translation of the sibling: one count.
    l.unsure_pages.push(format!(
        "the translations beside {from}/ without a configuration of their own (a build script makes their sites from {from}/{}, the pages they lack perhaps from {from}/)",
        config.file_name()?.to_string_lossy()
    ));
    Some(l)
}

/// The MkDocs site configured in `dir` (`mkdocs.yml` or `mkdocs.yaml`;
/// else a configuration of another name, [`alternate_config`], whose
/// site's pages and anchors are then unsure: which file the build uses,
/// and what a script adds to it, is not known; else the translation
/// directory of a sibling's configuration, [`translation_config`]).
pub fn read(dir: &Path) -> Option<Layout> {
    let (config, alternate) = match CONFIG_NAMES
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())
    {
        Some(c) => (c, false),
        None => match alternate_config(dir) {
            Some(c) => (c, true),
            None => return translation(dir),
        },
    };
    let mut l = Layout::new(Generator::MkDocs, dir, &config);
    if alternate {
        let why = format!(
            "the configuration `{}`, not named mkdocs.yml (a build script chooses or writes the one used)",
            config.file_name().unwrap_or_default().to_string_lossy()
        );
        l.unsure_pages.push(why.clone());
        l.unsure_anchors.push(why);
    }
    l.index_names = vec!["index.md", "README.md"];
    l.url_style = UrlStyle::Directory;
    l.source_dir = dir.join("docs");
    l.renderer = super::slug::Renderer::PythonMarkdown;
    let text = match super::read_config(&config) {
        Ok(t) => t,
        Err(note) => {
            l.notes.push(format!("{note}: MkDocs defaults assumed"));
            return Some(l);
        }
    };
    // MkDocs' Python tags (`!!python/name:...`, `!ENV`) are read as
    // plain values.
    let doc = match super::yaml_config(&text) {
        Ok(doc) => doc,
        Err(e) => {
            l.notes.push(format!(
                "{}: {e}: MkDocs defaults assumed",
                config.display()
            ));
            return Some(l);
        }
    };
    l.renderer = toc_renderer(&text);
    if let Some(d) = doc["docs_dir"].as_str() {
        l.source_dir = dir.join(d);
    }
    if let Some(false) = doc["use_directory_urls"].as_bool() {
        l.url_style = UrlStyle::Html;
    }
    if let Some(d) = doc["theme"]["custom_dir"].as_str() {
        l.theme_dirs.push(dir.join(d));
    }
    theme(&mut l, &doc["theme"]);
    if let Some(u) = doc["site_url"].as_str() {
        l.base_path = base_path_of(u);
    }
    plugins(&mut l, &doc);
    hooks(&mut l, &doc, dir);
    if !doc["INHERIT"].is_badvalue() {
        // The parent's plugins, hooks, `docs_dir` and Markdown extensions
        // are not read: what it makes of pages and anchors is not known.
        let why = format!(
            "the parent configuration of `INHERIT` ({})",
            config.file_name().unwrap_or_default().to_string_lossy()
        );
        l.unsure_pages.push(why.clone());
        l.unsure_anchors.push(why);
        l.notes.push(format!(
            "{}: INHERIT is not followed; settings of the parent file are not read",
            config.display()
        ));
    }
    Some(l)
}

/// The static files of MkDocs' built-in theme `mkdocs` (MkDocs 1.6.1,
/// `mkdocs/themes/mkdocs/`, commit 2862536793b3c67d9d83c33e0dd6d50a791928f8),
/// as paths under the site root: MkDocs adds a theme's files but its
/// templates (`*.html`), `locales/`, Python files, dot files and
/// README files to the site's files (`Files.add_files_from_theme`), so
/// a link to `img/favicon.ico` resolves and the file is served.
pub const MKDOCS_THEME_FILES: &[&str] = &[
    "css/base.css",
    "css/bootstrap.min.css",
    "css/bootstrap.min.css.map",
    "css/brands.min.css",
    "css/fontawesome.min.css",
    "css/solid.min.css",
    "css/v4-font-face.min.css",
    "img/favicon.ico",
    "img/grid.png",
    "js/base.js",
    "js/bootstrap.bundle.min.js",
    "js/bootstrap.bundle.min.js.map",
    "js/darkmode.js",
    "messages.pot",
    "webfonts/fa-brands-400.ttf",
    "webfonts/fa-brands-400.woff2",
    "webfonts/fa-regular-400.ttf",
    "webfonts/fa-regular-400.woff2",
    "webfonts/fa-solid-900.ttf",
    "webfonts/fa-solid-900.woff2",
    "webfonts/fa-v4compatibility.ttf",
    "webfonts/fa-v4compatibility.woff2",
    "404.html",
];

/// The static files of MkDocs' built-in theme `readthedocs` (MkDocs
/// 1.6.1, `mkdocs/themes/readthedocs/`), as [`MKDOCS_THEME_FILES`].
pub const READTHEDOCS_THEME_FILES: &[&str] = &[
    "css/fonts/Roboto-Slab-Bold.woff",
    "css/fonts/Roboto-Slab-Bold.woff2",
    "css/fonts/Roboto-Slab-Regular.woff",
    "css/fonts/Roboto-Slab-Regular.woff2",
    "css/fonts/fontawesome-webfont.eot",
    "css/fonts/fontawesome-webfont.svg",
    "css/fonts/fontawesome-webfont.ttf",
    "css/fonts/fontawesome-webfont.woff",
    "css/fonts/fontawesome-webfont.woff2",
    "css/fonts/lato-bold-italic.woff",
    "css/fonts/lato-bold-italic.woff2",
    "css/fonts/lato-bold.woff",
    "css/fonts/lato-bold.woff2",
    "css/fonts/lato-normal-italic.woff",
    "css/fonts/lato-normal-italic.woff2",
    "css/fonts/lato-normal.woff",
    "css/fonts/lato-normal.woff2",
    "css/theme.css",
    "css/theme_extra.css",
    "img/favicon.ico",
    "js/html5shiv.min.js",
    "js/jquery-3.6.0.min.js",
    "js/theme.js",
    "js/theme_extra.js",
    "messages.pot",
    "404.html",
];

/// Files MkDocs writes at the site root whatever the theme: the
/// `sitemap.xml` static template (`mkdocs/templates/`) and its gzipped
/// copy (`mkdocs/commands/build.py`).
pub const SITE_FILES: &[&str] = &["sitemap.xml", "sitemap.xml.gz"];

/// Reads MkDocs `theme` (`theme: readthedocs`, or `theme: { name:
/// material, custom_dir: overrides }`; `mkdocs` when not set) into `l`:
/// the static files of a built-in theme ([`MKDOCS_THEME_FILES`],
/// [`READTHEDOCS_THEME_FILES`]) and [`SITE_FILES`] are served at the
/// site root ([`Layout::generated_pages`]); a theme that is not built in
/// (a package, `material`) is kept in [`Layout::mkdocs_theme`]: its
/// files are not known. Source: MkDocs user guide, "Configuration"
/// (`theme`, `name`, `custom_dir`).
fn theme(l: &mut Layout, theme: &yaml_rust2::Yaml) {
    use yaml_rust2::Yaml;
    let name = match theme {
        Yaml::String(s) => Some(s.as_str()),
        Yaml::Hash(_) => theme["name"].as_str(),
        _ => Some("mkdocs"),
    };
    let files: &[&str] = match name {
        Some("mkdocs") => MKDOCS_THEME_FILES,
        Some("readthedocs") => READTHEDOCS_THEME_FILES,
        Some(other) => {
            l.mkdocs_theme = Some(other.to_string());
            &[]
        }
        None => &[],
    };
    l.generated_pages
        .extend(files.iter().chain(SITE_FILES).map(|f| format!("/{f}")));
}

/// What the MkDocs site `l` makes of the link to the missing source file
/// `rel` (a path under `docs_dir`, `/`-separated) by its theme: a static
/// file of a built-in theme (the `theme` module's lists) or of `theme.custom_dir` (any
/// file but a template, `*.html`) is served; a file that is not a page
/// (it has an extension other than `.md`) may be one of a theme that is
/// not built in ([`Layout::mkdocs_theme`]): unsure, naming the theme.
/// `None`: the theme has nothing to say.
pub fn theme_file(l: &Layout, rel: &str) -> Option<super::Resolved> {
    if rel.is_empty() || rel.starts_with("../") {
        return None;
    }
    let served = l
        .generated_pages
        .iter()
        .any(|g| g.strip_prefix('/') == Some(rel))
        || (!rel.ends_with(".html") && l.theme_dirs.iter().any(|d| d.join(rel).is_file()));
    if served {
        return Some(super::Resolved::Served);
    }
    let ext = rel.rsplit('/').next()?.rsplit_once('.')?.1;
    if ext.is_empty()
        || l.page_extensions
            .iter()
            .any(|e| e.eq_ignore_ascii_case(ext))
    {
        return None;
    }
    let theme = l.mkdocs_theme.as_ref()?;
    let config = l.config.file_name()?.to_string_lossy();
    Some(super::Resolved::Unsure {
        reason: format!("a static file the MkDocs theme `{theme}` ({config}) may ship"),
    })
}

/// MkDocs plugins that neither make nor move pages nor add anchors to
/// them, as their docs say (names without the `material/` prefix of
/// mkdocs-material's own): search, social cards, minifiers, page dates
/// and authors, tags, offline and privacy builds, the versions of `mike`,
/// `llms.txt` files, `exclude` (it only removes pages), navigation
/// builders (`literate-nav`, `awesome-pages`, `section-index`: they order
/// the navigation, the URL of a page stays its path), and `autorefs` /
/// `mkdocstrings` (a cross-reference `[x][mod.Class]` is not a link; the
/// headings of `::: mod.Class` are read with the page, see
/// `crate::links::anchors::includes`), and `gh-admonitions`
/// (mkdocs-github-admonitions-plugin: GitHub's `> [!NOTE]` alerts made
/// admonitions, which have no id).
pub const HARMLESS_PLUGINS: &[&str] = &[
    "search",
    "social",
    "minify",
    "minify-html",
    "git-revision-date",
    "git-revision-date-localized",
    "git-committers",
    "git-authors",
    "tags",
    "offline",
    "privacy",
    "optimize",
    "info",
    "meta",
    "typeset",
    "mike",
    "llmstxt",
    "exclude",
    "exclude-search",
    "literate-nav",
    "awesome-pages",
    "awesome-nav",
    "section-index",
    "autorefs",
    "mkdocstrings",
    "glightbox",
    "mermaid2",
    "rss",
    "htmlproofer",
    "redirects",
    "gh-admonitions",
];

/// MkDocs plugins that rewrite a page's Markdown before it is rendered
/// (`macros`: Jinja2 variables and macros; `include-markdown`: included
/// files): what they add may hold headings, so a page's anchors are not
/// all known ([`Layout::unsure_anchors`]).
pub const CONTENT_PLUGINS: &[&str] = &["macros", "include-markdown", "markdownextradata"];

/// MkDocs hook events (MkDocs user guide, "Hooks" and "Plugin events")
/// whose handler may add, drop or move pages (`on_files`, `on_nav`,
/// `on_config`, `on_pre_build` and `on_post_build`, which may write
/// files).
pub const PAGE_EVENTS: &[&str] = &[
    "on_files",
    "on_nav",
    "on_config",
    "on_pre_build",
    "on_post_build",
];

/// MkDocs hook events whose handler may change a page's text (and so its
/// headings): `on_page_read_source`, `on_page_markdown`,
/// `on_page_content`, `on_post_page`.
pub const CONTENT_EVENTS: &[&str] = &[
    "on_page_read_source",
    "on_page_markdown",
    "on_page_content",
    "on_post_page",
];

/// Reads `plugins:` of `mkdocs.yml` (`doc`) into `l`: `redirects`'
/// `redirect_maps` keys (old pages, as source paths) become URLs the site
/// serves ([`Layout::redirects`]); a plugin of [`CONTENT_PLUGINS`] is an
/// [`Layout::unsure_anchors`] reason; any other plugin not in
/// [`HARMLESS_PLUGINS`] (`blog`, `i18n`, `static-i18n`, `gen-files`, one
/// urilint does not know) an [`Layout::unsure_pages`] reason naming it.
/// A `group` plugin's own `plugins:` are read the same way.
fn plugins(l: &mut Layout, doc: &yaml_rust2::Yaml) {
    use yaml_rust2::Yaml;
    let config = l
        .config
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    /// The plugins of a `plugins:` list (or mapping), with their
    /// settings (`None`: a bare name).
    fn add<'a>(entries: &mut Vec<(String, Option<&'a Yaml>)>, list: &'a Yaml) {
        let pairs: Vec<(&'a Yaml, Option<&'a Yaml>)> = match list {
            Yaml::Array(a) => a
                .iter()
                .flat_map(|p| match p {
                    Yaml::Hash(h) => h.iter().map(|(k, v)| (k, Some(v))).collect(),
                    name => vec![(name, None)],
                })
                .collect(),
            Yaml::Hash(h) => h.iter().map(|(k, v)| (k, Some(v))).collect(),
            _ => Vec::new(),
        };
        for (k, v) in pairs {
            if let Some(name) = k.as_str() {
                entries.push((name.to_string(), v));
            }
        }
    }
    let null = Yaml::Null;
    let mut entries: Vec<(String, Option<&Yaml>)> = Vec::new();
    add(&mut entries, &doc["plugins"]);
    let mut i = 0;
    while i < entries.len() {
        let (name, settings) = (entries[i].0.clone(), entries[i].1);
        i += 1;
        let settings = settings.unwrap_or(&null);
        let bare = name.strip_prefix("material/").unwrap_or(&name);
        if bare == "group" {
            // mkdocs-material's `group`: its plugins, when enabled.
            if settings["enabled"].as_bool() != Some(false) {
                add(&mut entries, &settings["plugins"]);
            }
            continue;
        }
        if settings["enabled"].as_bool() == Some(false) {
            continue;
        }
        if bare == "redirects" {
            if let Yaml::Hash(h) = &settings["redirect_maps"] {
                for old in h.keys().filter_map(Yaml::as_str) {
                    let old = old.trim_start_matches('/');
                    let is_page = old
                        .rsplit_once('.')
                        .is_some_and(|(_, e)| e.eq_ignore_ascii_case("md"));
                    l.redirects.push(if is_page {
                        super::default_page_url(l, old, "/")
                    } else {
                        format!("/{old}")
                    });
                }
            }
            continue;
        }
        if bare == "autorefs" || bare == "mkdocstrings" {
            l.autorefs = true;
        }
        if bare == "mkdocstrings" {
            let dir = l.config.parent().unwrap_or(Path::new("")).to_path_buf();
            l.docstrings = super::docstrings::mkdocstrings(&dir, settings);
        }
        if HARMLESS_PLUGINS.contains(&bare) {
            continue;
        }
        let reason = format!("the MkDocs plugin `{name}` ({config} `plugins`)");
        if bare == "include-markdown" {
            // Only where its tag is (`{% include-markdown "x.md" %}`,
            // `{% include "x.md" %}`; the opening tag as configured:
            // fralau/mkdocs-macros-plugin's `[%`; issue 46, round 9).
            let open = settings["opening_tag"].as_str().unwrap_or("{%").to_string();
            l.unsure_anchor_markers
                .push((format!("{open} include"), reason.clone()));
            l.unsure_anchor_markers
                .push((format!("{open}include"), reason));
        } else if CONTENT_PLUGINS.contains(&bare) {
            l.unsure_anchors.push(reason);
        } else {
            l.unsure_pages.push(reason);
        }
    }
}

/// Reads `hooks:` of `mkdocs.yml` (`doc`, in the directory `dir`) into
/// `l`: each hook's Python file is read (not run) for the events it
/// handles; one of [`PAGE_EVENTS`] is an [`Layout::unsure_pages`] reason,
/// one of [`CONTENT_EVENTS`] an [`Layout::unsure_anchors`] reason, each
/// naming the file. A hook file that cannot be read is both.
fn hooks(l: &mut Layout, doc: &yaml_rust2::Yaml, dir: &Path) {
    let Some(list) = doc["hooks"].as_vec() else {
        return;
    };
    let config = l
        .config
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    for hook in list.iter().filter_map(|h| h.as_str()) {
        let reason = format!("the MkDocs hook `{hook}` ({config} `hooks`)");
        let (pages, anchors) = match super::read_config(&dir.join(hook)) {
            Ok(text) => {
                let handles =
                    |events: &[&str]| events.iter().any(|e| text.contains(&format!("def {e}(")));
                (handles(PAGE_EVENTS), handles(CONTENT_EVENTS))
            }
            Err(_) => (true, true),
        };
        if pages {
            l.unsure_pages.push(reason.clone());
        }
        if anchors {
            l.unsure_anchors.push(reason);
        }
    }
}

/// The heading-id renderer of the `toc` extension's `slugify` setting in
/// `mkdocs.yml` (`text`): `pymdownx.slugs.slugify` with its `case` and
/// `percent_encode` keywords, `toc.slugify_unicode`, else
/// Python-Markdown's default `toc.slugify`. Read from the text: the
/// setting is a Python tag (`!!python/object/apply:...`) whose keywords
/// follow it.
fn toc_renderer(text: &str) -> super::slug::Renderer {
    use super::slug::{PymdownxCase, Renderer};
    let lines: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    // The lines more indented than line `i` right after it (blank lines
    // included): the block that line opens.
    let block = |i: usize| {
        let own = indent(lines[i])
            + if lines[i].trim_start().starts_with("- ") {
                2
            } else {
                0
            };
        lines[i + 1..]
            .iter()
            .take_while(move |l| l.trim().is_empty() || indent(l) > own)
            .enumerate()
            .map(move |(k, l)| (i + 1 + k, *l))
    };
    // The `toc` extension's own block (`- toc:`, or
    // `markdown.extensions.toc:`): another extension's `slugify`
    // (pymdownx.tabbed's) is not the toc's.
    let toc = lines.iter().position(|l| {
        let t = l.trim_start().trim_start_matches("- ").trim();
        t == "toc:" || t == "markdown.extensions.toc:"
    });
    let Some((at, line)) =
        toc.and_then(|t| block(t).find(|(_, l)| l.trim_start().starts_with("slugify:")))
    else {
        return Renderer::PythonMarkdown;
    };
    if line.contains("slugify_unicode") {
        return Renderer::PythonMarkdownUnicode;
    }
    if !line.contains("pymdownx.slugs") {
        return Renderer::PythonMarkdown;
    }
    // The keywords (`kwds: {case: lower}`): in the lines under it.
    let mut case = PymdownxCase::None;
    let mut percent_encode = false;
    for (_, l) in block(at) {
        let l = l.trim();
        if let Some(c) = l.strip_prefix("case:") {
            case = match c.trim().trim_matches(['"', '\'']) {
                "lower" => PymdownxCase::Lower,
                "lower-ascii" => PymdownxCase::LowerAscii,
                "fold" => PymdownxCase::Fold,
                _ => PymdownxCase::None,
            };
        }
        if let Some(p) = l.strip_prefix("percent_encode:") {
            percent_encode = p.trim().eq_ignore_ascii_case("true");
        }
    }
    Renderer::Pymdownx {
        case,
        percent_encode,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::slug::{PymdownxCase, Renderer};

    /// pydantic/pydantic's hooks and plugins (fixtures/sites/mkdocs-hooks,
    /// SOURCE there): the hooks name what they may change; the plugins it
    /// uses make no page; `redirect_maps` keys are served URLs.
    #[test]
    fn hooks_and_plugins_of_pydantic() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/mkdocs-hooks");
        let l = read(&dir).expect("mkdocs");
        assert_eq!(
            l.unsure_pages,
            [
                "the MkDocs hook `docs/plugins/main.py` (mkdocs.yml `hooks`)",
                "the MkDocs hook `docs/plugins/algolia.py` (mkdocs.yml `hooks`)"
            ]
        );
        assert_eq!(
            l.unsure_anchors,
            [
                "the MkDocs hook `docs/plugins/main.py` (mkdocs.yml `hooks`)",
                "the MkDocs hook `docs/plugins/algolia.py` (mkdocs.yml `hooks`)"
            ]
        );
        assert_eq!(l.redirects, ["/usage/mypy/", "/usage/types/secrets/"]);
    }

    /// Plugins as their docs configure them: mkdocs-material's blog
    /// (`- blog`, "Built-in blog plugin"), mkdocs-static-i18n's README
    /// (`- i18n:` with `docs_structure: suffix`), mkdocs-gen-files'
    /// README (`- gen-files:` with `scripts:`), mkdocs-macros (`-
    /// macros`), a `group` holding one, a disabled one, a hook file that
    /// is not there, and a plugin mapping instead of a list.
    /// A configuration named otherwise (`mkdocs-online.yml`, which a
    /// Makefile writes from `mkdocs-common.yml`): read as the site's, its
    /// pages and anchors unsure; a `mkdocs.yml` wins over it.
    #[test]
    fn a_configuration_of_another_name_is_unsure() {
        let dir = tempfile::tempdir().expect("tempdir");
        for n in ["mkdocs-online.yml", "mkdocs-common.yml", "mkdocs.txt"] {
            std::fs::write(dir.path().join(n), "site_name: x\n").expect("write");
        }
        let l = read(dir.path()).expect("mkdocs");
        assert!(l.config.ends_with("mkdocs-common.yml"), "{:?}", l.config);
        assert_eq!(l.unsure_pages.len(), 1, "{:?}", l.unsure_pages);
        assert!(l.unsure_pages[0].contains("`mkdocs-common.yml`, not named mkdocs.yml"));
        assert_eq!(l.unsure_anchors, l.unsure_pages);
        std::fs::write(dir.path().join("mkdocs.yml"), "site_name: x\n").expect("write");
        let l = read(dir.path()).expect("mkdocs");
        assert!(l.config.ends_with("mkdocs.yml"));
        assert!(l.unsure_pages.is_empty());
        let none = tempfile::tempdir().expect("tempdir");
        std::fs::write(none.path().join("mkdocs.txt"), "x").expect("write");
        assert!(read(none.path()).is_none());
    }

    /// `INHERIT` (a translation's `docs/xx/mkdocs.yml` inheriting the
    /// English one): the parent's settings are not read, so neither pages
    /// nor anchors are sure.
    #[test]
    fn inherit_makes_pages_and_anchors_unsure() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("mkdocs.yml"), "INHERIT: ../en/mkdocs.yml\n")
            .expect("write");
        let l = read(dir.path()).expect("mkdocs");
        let why = "the parent configuration of `INHERIT` (mkdocs.yml)".to_string();
        assert_eq!(l.unsure_pages, std::slice::from_ref(&why));
        assert_eq!(l.unsure_anchors, [why]);
    }

    #[test]
    fn plugins_that_make_pages_or_anchors() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            dir.path().join("mkdocs.yml"),
            "site_name: x\nhooks:\n  - hooks/gone.py\nplugins:\n  - search\n  - material/blog\n  - i18n:\n      docs_structure: suffix\n      languages:\n        - locale: en\n          default: true\n        - locale: fr\n  - gen-files:\n      scripts:\n        - docs/gen_ref_pages.py\n  - macros\n  - group:\n      enabled: !ENV CI\n      plugins:\n        - optimize\n        - my-own\n  - static-i18n:\n      enabled: false\n",
        )
        .expect("write");
        let l = read(dir.path()).expect("mkdocs");
        let named = |v: &[String]| -> Vec<String> {
            v.iter()
                .map(|r| r.split('`').nth(1).unwrap_or_default().to_string())
                .collect()
        };
        assert_eq!(
            named(&l.unsure_pages),
            [
                "material/blog",
                "i18n",
                "gen-files",
                "my-own",
                "hooks/gone.py"
            ]
        );
        assert_eq!(named(&l.unsure_anchors), ["macros", "hooks/gone.py"]);
        std::fs::write(
            dir.path().join("mkdocs.yml"),
            "site_name: x\nplugins:\n  search: {}\n  awesome-pages: {}\n  gh-admonitions: {}\n  blog: {}\n",
        )
        .expect("write");
        let l = read(dir.path()).expect("mkdocs");
        assert_eq!(named(&l.unsure_pages), ["blog"]);
    }

    #[test]
    fn toc_slugify_settings() {
        assert_eq!(toc_renderer("site_name: x\n"), Renderer::PythonMarkdown);
        // squidfunk/mkdocs-material: the toc has no slugify; tabbed does.
        let tabbed = "markdown_extensions:\n  - toc:\n      permalink: true\n  - pymdownx.tabbed:\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          case: lower\n";
        assert_eq!(toc_renderer(tabbed), Renderer::PythonMarkdown);
        // The toc with pymdownx.slugs (as mkdocs-material documents it).
        let material = "markdown_extensions:\n  - toc:\n      permalink: true\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          case: lower\n  - tables\n";
        assert_eq!(
            toc_renderer(material),
            Renderer::Pymdownx {
                case: PymdownxCase::Lower,
                percent_encode: false
            }
        );
        assert_eq!(
            toc_renderer(
                "  - toc:\n      slugify: !!python/name:markdown.extensions.toc.slugify_unicode\n"
            ),
            Renderer::PythonMarkdownUnicode
        );
        // CRLF line ends and text that is not ASCII before the setting.
        let crlf = "site_name: Café\r\nmarkdown_extensions:\r\n  - toc:\r\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\r\n        kwds:\r\n          case: fold\r\n";
        assert_eq!(
            toc_renderer(crlf),
            Renderer::Pymdownx {
                case: PymdownxCase::Fold,
                percent_encode: false
            }
        );
    }

    /// fastapi/fastapi's translations (fixtures/sites/mkdocs-translations):
    /// `docs/de/` has no configuration; it is a site of `docs/en/mkdocs.yml`
    /// with `docs/de/docs/` as its pages, which are unsure.
    #[test]
    fn translation_directories_without_a_configuration() {
        let dir =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/mkdocs-translations/docs");
        assert_eq!(
            translation_config(&dir.join("de")),
            Some(dir.join("en/mkdocs.yml"))
        );
        assert_eq!(translation_config(&dir.join("en")), None);
        assert_eq!(translation_config(&dir.join("en/docs")), None);
        let l = read(&dir.join("de")).expect("a translation");
        assert_eq!(l.source_dir, dir.join("de/docs"));
        assert_eq!(l.config, dir.join("en/mkdocs.yml"));
        assert!(
            l.unsure_pages[0].starts_with("the translations beside en/"),
            "{:?}",
            l.unsure_pages
        );
        assert!(l.unsure_anchors.is_empty());
        let en = read(&dir.join("en")).expect("the English site");
        assert!(en.unsure_pages.is_empty(), "{:?}", en.unsure_pages);
        for (name, code) in [
            ("de", true),
            ("zh-hant", true),
            ("pt_BR", true),
            ("docs", false),
            ("gov", false),
            ("fu", false),
            ("app", false),
            ("fil", true),
            ("DE", false),
            ("en-", false),
        ] {
            assert_eq!(is_language_code(name), code, "{name}");
        }
    }

    /// Theme static files (issue 46 round 4, mkdocs/mkdocs's
    /// `img/favicon.ico`, fixtures/sites/mkdocs-theme): a built-in theme's
    /// and `custom_dir`'s files are served; with a theme that is not built
    /// in (`material`), a missing file that is not a page is unsure,
    /// naming the theme; a page stays sure.
    #[test]
    fn theme_static_files() {
        use crate::site::Resolved;
        let l = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites/mkdocs-theme"))
            .expect("mkdocs");
        assert_eq!(theme_file(&l, "img/favicon.ico"), Some(Resolved::Served));
        assert_eq!(theme_file(&l, "sitemap.xml"), Some(Resolved::Served));
        assert_eq!(theme_file(&l, "img/favicon.png"), None);
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("overrides/assets")).expect("mkdir");
        std::fs::write(dir.path().join("overrides/assets/logo.svg"), "<svg/>").expect("write");
        std::fs::write(
            dir.path().join("mkdocs.yml"),
            "site_name: x\ntheme:\n  name: material\n  custom_dir: overrides\n",
        )
        .expect("write");
        let l = read(dir.path()).expect("mkdocs");
        assert_eq!(l.mkdocs_theme.as_deref(), Some("material"));
        assert_eq!(theme_file(&l, "assets/logo.svg"), Some(Resolved::Served));
        assert_eq!(
            theme_file(&l, "img/favicon.ico"),
            Some(Resolved::Unsure {
                reason: "a static file the MkDocs theme `material` (mkdocs.yml) may ship".into()
            })
        );
        assert_eq!(theme_file(&l, "guide/missing.md"), None);
        std::fs::write(
            dir.path().join("mkdocs.yml"),
            "site_name: x\ntheme: readthedocs\n",
        )
        .expect("write");
        let l = read(dir.path()).expect("mkdocs");
        assert_eq!(theme_file(&l, "css/theme.css"), Some(Resolved::Served));
        assert_eq!(theme_file(&l, "img/grid.png"), None);
    }
}
