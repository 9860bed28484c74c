//! Jupyter Book and MyST (`myst.yml`, or a Jupyter Book `_config.yml`):
//! two generations of the same family.
//!
//! - Jupyter Book 1 (`_config.yml` beside `_toc.yml`): Sphinx with
//!   myst-parser and myst-nb underneath; pages `x.md`, `x.ipynb`, `x.rst`
//!   are served as `x.html`, the `_toc.yml` `root` page at `/` too.
//!   Source: Jupyter Book 1 docs, "Configuration" (`_config.yml` keys
//!   `execute`, `parse`, `sphinx`, `launch_buttons`...) and "Table of
//!   contents" (`format: jb-book`, `root`).
//! - Jupyter Book 2 / mystmd (`myst.yml`, `version: 1` with `project` or
//!   `site`): pages are served at lowercased slugs of their file names
//!   without extension, flat (`/x`) unless `site.options.folders` is
//!   true. Source: mystmd guide, "Table of Contents" and "Website
//!   options" (`folders`).
//!
//! In both, MyST cross-references name labels anywhere in the project:
//! `(label)=` before a block, a directive's `:label:` or `:name:`, an
//! equation's `$$ ... $$ (label)`, a heading's `{#id}` and the heading's
//! own slug; `[text](#label)` and `[text](label)` resolve to any of them
//! ([`project_anchors`]). Plugins (`project.plugins`) and Sphinx
//! extensions the model does not know may add pages or labels: said in
//! [`Layout::unsure_pages`] / [`Layout::unsure_anchors`].

use std::collections::HashSet;
use std::path::Path;

use yaml_rust2::Yaml;

use super::{Generator, Layout, UrlStyle};

/// The names of the configuration files looked for: mystmd's `myst.yml`,
/// Jupyter Book 1's `_config.yml` and `_toc.yml`.
pub const CONFIG_NAMES: &[&str] = &["myst.yml", "_config.yml", "_toc.yml"];

/// Top-level keys of `_config.yml` that only Jupyter Book 1 reads
/// (Jupyter Book docs, "Configuration reference"): one of them, with
/// `title` or `author`, tells a Jupyter Book from a Jekyll site.
pub const JB_KEYS: &[&str] = &[
    "execute",
    "parse",
    "sphinx",
    "launch_buttons",
    "only_build_toc_files",
    "bibtex_bibfiles",
    "exclude_patterns",
    "latex",
];

/// Sphinx extensions whose labels the model reads as written (a
/// directive's `:label:`), or that add no anchor and no page.
const KNOWN_EXTENSIONS: &[&str] = &[
    "sphinx_exercise",
    "sphinx_proof",
    "sphinx_togglebutton",
    "sphinx.ext.intersphinx",
    "sphinx.ext.mathjax",
    "sphinx_multitoc_numbering",
    "sphinx_tojupyter",
    "sphinx_design",
    "sphinx_copybutton",
    "sphinxcontrib.bibtex",
    "sphinx_thebe",
    "sphinx_comments",
    "sphinx_external_toc",
    "sphinxext.rediraffe",
    "sphinx_reredirects",
    "sphinx_inline_tabs",
    "sphinx_tabs.tabs",
    "sphinxcontrib.mermaid",
];

/// True when the `_config.yml` in `dir` is a Jupyter Book 1 book's: a
/// `_toc.yml` is beside it, or it has `title` or `author` and a key only
/// Jupyter Book reads ([`JB_KEYS`]). Jekyll refuses such a tree.
pub fn is_book_config(dir: &Path) -> bool {
    if dir.join("_toc.yml").is_file() {
        return true;
    }
    let Some(config) = ["_config.yml", "_config.yaml"]
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())
    else {
        return false;
    };
    let Ok(text) = super::read_config(&config) else {
        return false;
    };
    let Ok(doc) = super::yaml_config(&text) else {
        return false;
    };
    book_keys(&doc)
}

/// True when the configuration `doc` has `title` or `author` and one of
/// [`JB_KEYS`], or alone a setting no Jekyll site writes: `sphinx`,
/// `launch_buttons`, `execute.execute_notebooks` or
/// `parse.myst_enable_extensions`.
fn book_keys(doc: &Yaml) -> bool {
    let has = |k: &str| !doc[k].is_badvalue();
    let own = has("sphinx")
        || has("launch_buttons")
        || !doc["execute"]["execute_notebooks"].is_badvalue()
        || !doc["parse"]["myst_enable_extensions"].is_badvalue();
    own || ((has("title") || has("author")) && JB_KEYS.iter().any(|k| has(k)))
}

/// The Jupyter Book or mystmd project configured in `dir`: `myst.yml`
/// (a mystmd project, `version` with `project` or `site`), else a
/// Jupyter Book 1 `_config.yml` ([`is_book_config`]). `None` otherwise.
pub fn read(dir: &Path) -> Option<Layout> {
    let myst = dir.join("myst.yml");
    if myst.is_file() {
        if let Some(l) = read_myst(dir, &myst) {
            return Some(l);
        }
    }
    if !is_book_config(dir) {
        return None;
    }
    let config = ["_config.yml", "_config.yaml", "_toc.yml"]
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())?;
    Some(read_book(dir, &config))
}

/// A mystmd project (`myst.yml`); `None` when the file is not one (no
/// `version`, or neither `project` nor `site`).
fn read_myst(dir: &Path, config: &Path) -> Option<Layout> {
    let text = super::read_config(config).ok()?;
    let doc = super::yaml_config(&text).ok()?;
    if doc["version"].is_badvalue() || (doc["project"].is_badvalue() && doc["site"].is_badvalue()) {
        return None;
    }
    let mut l = Layout::new(Generator::JupyterBook, dir, config);
    l.page_extensions = vec!["md", "ipynb", "tex"];
    l.index_names = vec!["index.md", "index.ipynb", "README.md"];
    l.url_style = UrlStyle::Clean;
    l.case_insensitive_urls = true;
    l.renderer = super::slug::Renderer::Github;
    // mystmd parses `$...$` and `$$...$$` as math (MyST guide, "Math and
    // equations": dollar math is part of MyST's syntax there).
    l.dollar_math = true;
    let shown = config.display();
    // Not a URL path: the mode [`page_url`] reads (the pages are still
    // served from the site root).
    l.source_url = if doc["site"]["options"]["folders"].as_bool() == Some(true) {
        "myst:folders".into()
    } else {
        "myst:flat".into()
    };
    // The first page of the table of contents is the site's root.
    l.redirects.push("/".into());
    for plugin in doc["project"]["plugins"].as_vec().into_iter().flatten() {
        let name = plugin
            .as_str()
            .or_else(|| plugin["path"].as_str())
            .unwrap_or("?");
        let reason = format!("the MyST plugin `{name}` ({shown})");
        l.unsure_anchors.push(reason.clone());
        l.unsure_pages.push(reason);
    }
    for e in doc["extends"].as_vec().cloned().unwrap_or_else(|| {
        doc["extends"]
            .as_str()
            .map(|s| vec![Yaml::String(s.into())])
            .unwrap_or_default()
    }) {
        if let Some(e) = e.as_str() {
            l.unsure_pages
                .push(format!("the configuration `extends: {e}` ({shown})"));
        }
    }
    Some(l)
}

/// A Jupyter Book 1 book (`_config.yml` and `_toc.yml` in `dir`).
fn read_book(dir: &Path, config: &Path) -> Layout {
    let mut l = Layout::new(Generator::JupyterBook, dir, config);
    l.page_extensions = vec!["md", "ipynb", "rst", "myst"];
    l.index_names = vec!["index.md", "index.ipynb", "index.rst"];
    l.url_style = UrlStyle::Html;
    l.renderer = super::slug::Renderer::Sphinx;
    l.static_dirs = vec![dir.join("_static")];
    l.theme_dirs = vec![dir.join("_templates")];
    if dir.join("_toc.yml").is_file() {
        // The `root` page is also what `/` serves (Jupyter Book writes an
        // `index.html` that redirects to it).
        l.redirects.push("/".into());
    }
    let shown = config.display().to_string();
    if config.file_name().is_some_and(|n| n == "_toc.yml") {
        return l;
    }
    let text = match super::read_config(config) {
        Ok(t) => t,
        Err(note) => {
            l.notes
                .push(format!("{note}: Jupyter Book defaults assumed"));
            return l;
        }
    };
    let doc = match super::yaml_config(&text) {
        Ok(d) => d,
        Err(e) => {
            l.notes
                .push(format!("{shown}: {e}: Jupyter Book defaults assumed"));
            return l;
        }
    };
    if let Some(u) = doc["html"]["baseurl"].as_str() {
        l.base_path = super::base_path_of(u);
    }
    l.dollar_math = dollar_math(&doc);
    myst_heading_settings(&mut l, &doc["parse"], &shown);
    let sphinx = &doc["sphinx"];
    for ext in sphinx["extra_extensions"].as_vec().into_iter().flatten() {
        let Some(name) = ext.as_str() else { continue };
        if !KNOWN_EXTENSIONS.contains(&name) {
            l.unsure_anchors
                .push(format!("the Sphinx extension `{name}` ({shown})"));
        }
    }
    if !sphinx["local_extensions"].is_badvalue() {
        let reason = format!("`sphinx.local_extensions` ({shown})");
        l.unsure_anchors.push(reason.clone());
        l.unsure_pages.push(reason);
    }
    let conf = &sphinx["config"];
    // sphinxext.rediraffe: old document → new document, both source
    // paths; the old one is served (a redirect page).
    if let Yaml::Hash(h) = &conf["rediraffe_redirects"] {
        for (from, _) in h {
            if let Some(from) = from.as_str() {
                let stem = from.rsplit_once('.').map_or(from, |(s, _)| s);
                l.redirects.push(format!("/{stem}.html"));
            }
        }
    }
    // sphinx_reredirects: `redirects: {source: target}`.
    if let Yaml::Hash(h) = &conf["redirects"] {
        for (from, _) in h {
            if let Some(from) = from.as_str() {
                if from.contains('*') {
                    l.unsure_pages
                        .push(format!("the redirect pattern `{from}` ({shown})"));
                } else {
                    l.redirects.push(format!("/{from}.html"));
                }
            }
        }
    }
    l
}

/// Reads MyST-Parser's `myst_heading_anchors` (a level, 1 to 6) and
/// `myst_heading_slug_func` (a function the model does not run: the
/// anchors are then unsure) from `parse`, the `parse` mapping of a Jupyter
/// Book 1 `_config.yml` (`shown`).
fn myst_heading_settings(l: &mut Layout, parse: &Yaml, shown: &str) {
    if let Some(n) = parse["myst_heading_anchors"].as_i64() {
        l.myst_heading_anchors = u8::try_from(n.clamp(0, 6)).ok();
    }
    if !parse["myst_heading_slug_func"].is_badvalue() {
        l.unsure_anchors
            .push(format!("MyST's `parse.myst_heading_slug_func` ({shown})"));
    }
}

/// True when a Jupyter Book 1 configuration `doc` has MyST's
/// `dollarmath` on: its `parse.myst_enable_extensions` names it, or is
/// not set (Jupyter Book's default configuration enables `colon_fence`,
/// `dollarmath`, `linkify`, `substitution` and `tasklist`; a list written
/// replaces it).
fn dollar_math(doc: &Yaml) -> bool {
    match doc["parse"]["myst_enable_extensions"].as_vec() {
        Some(list) => list.iter().any(|e| e.as_str() == Some("dollarmath")),
        None => doc["parse"]["myst_enable_extensions"].is_badvalue(),
    }
}

/// The URL of the page at `rel` (`/`-separated, under the project
/// directory) under `prefix` (the layout's `source_url`): for Jupyter Book 1 (`/`) as Sphinx
/// serves it (`x.html`); for mystmd (`myst:flat` or `myst:folders`) the
/// slug of its name ([`myst_file_slug`]) at the root, or under its
/// folders' slugs. Aliases: the other of the two forms, so that a link by
/// either is found. `None` for a file under `_build/`.
pub fn page_url(l: &Layout, rel: &str, prefix: &str) -> Option<(String, Vec<String>)> {
    if rel.starts_with("_build/") {
        return None;
    }
    let Some(mode) = prefix.strip_prefix("myst:") else {
        return Some((super::default_page_url(l, rel, prefix), Vec::new()));
    };
    let (dir, name) = match rel.rsplit_once('/') {
        Some((d, n)) => (d, n),
        None => ("", rel),
    };
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    let slug = myst_file_slug(stem);
    let folders: Vec<String> = dir
        .split('/')
        .filter(|s| !s.is_empty())
        .map(myst_file_slug)
        .collect();
    let flat = format!("/{slug}");
    let nested = if folders.is_empty() {
        flat.clone()
    } else {
        format!("/{}/{slug}", folders.join("/"))
    };
    let raw = format!("/{}", rel.rsplit_once('.').map_or(rel, |(s, _)| s));
    let mut aliases = vec![raw];
    if matches!(slug.as_str(), "index" | "readme") && !folders.is_empty() {
        // A folder's index page may be served at the folder's slug.
        aliases.push(format!("/{}", folders.join("/")));
        aliases.push(format!("/{}", folders.last().map_or("", String::as_str)));
    }
    Some(if mode == "folders" {
        aliases.push(flat);
        (nested, aliases)
    } else {
        aliases.push(nested);
        (flat, aliases)
    })
}

/// mystmd's slug of a file name without its extension (myst-cli
/// `fileInfo`): leading ordering digits (`01_`, `2-`) dropped, lowercased,
/// every run of characters other than ASCII letters and digits made one
/// `-`, trimmed of `-`.
pub fn myst_file_slug(stem: &str) -> String {
    let trimmed = stem.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = if trimmed.len() < stem.len() && trimmed.starts_with(['_', '-', '.', ' ']) {
        trimmed.trim_start_matches(['_', '-', '.', ' '])
    } else {
        stem
    };
    let s = myst_slug(if rest.is_empty() { stem } else { rest });
    if s.is_empty() {
        stem.to_ascii_lowercase()
    } else {
        s
    }
}

/// The id mystmd gives a heading or label text (myst-common
/// `createHtmlId`): lowercased, every run of characters other than ASCII
/// letters and digits made one `-`, trimmed of `-`.
pub fn myst_slug(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// The most bytes of the project read for its labels (64 MiB): past it
/// the rest is not read and every label is taken as there.
pub const MAX_PROJECT_BYTES: u64 = 64 * 1024 * 1024;

/// Every label and heading id a MyST cross-reference can name in the
/// project whose sources are under `dir` (its `.md`, `.ipynb` markdown
/// cells and `.rst` files, `_build/` and hidden directories left out):
/// `(label)=` targets, directive `:label:`/`:name:` options (and
/// `label:`/`name:` in a directive's YAML block or a page's front
/// matter, and a code cell's `#| label:`), `$$ ... $$ (label)` equations
/// and `\label{x}` in math, `{#id}` heading attributes,
/// `.. _label:` targets, `id`/`name` HTML attributes, and each heading's
/// slug as mystmd ([`myst_slug`]), GitHub and docutils make it (GitHub's
/// only for headings of level 1 to `github_levels` when that is `Some`:
/// MyST-Parser's `myst_heading_anchors`). `None`
/// when the project is larger than [`MAX_PROJECT_BYTES`] or
/// [`super::MAX_FILES`] files: the labels cannot all be known.
pub fn project_anchors(
    dir: &Path,
    github_levels: Option<u8>,
    bound: &Path,
) -> Option<HashSet<String>> {
    let mut out = HashSet::new();
    let files = super::project_files(dir)?;
    let mut budget = MAX_PROJECT_BYTES;
    for (file, rel) in files {
        let ext = rel.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
        let Some(ext) = ext.filter(|e| matches!(e.as_str(), "md" | "ipynb" | "rst" | "myst"))
        else {
            continue;
        };
        let Ok(meta) = std::fs::metadata(&file) else {
            continue;
        };
        if meta.len() > budget {
            return None;
        }
        budget -= meta.len();
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        if ext == "ipynb" {
            for text in notebook_markdown(&bytes) {
                labels_of(&text, github_levels, &mut out);
            }
        } else {
            let text = String::from_utf8_lossy(&bytes);
            labels_of(&text, github_levels, &mut out);
            for included in plain_includes(&text, &file, bound) {
                // Included text counts against the same budget.
                let n = included.len() as u64;
                if n > budget {
                    return None;
                }
                budget -= n;
                labels_of(&included, github_levels, &mut out);
            }
        }
    }
    Some(out)
}

/// How many included files of one page [`plain_includes`] reads.
const MAX_PLAIN_INCLUDES: usize = 16;

/// How many bytes of a file a MyST include brings [`plain_includes`]
/// reads.
const MAX_INCLUDED_BYTES: u64 = 4 << 20;

/// The texts of the files that MyST include directives without options in
/// `text` (the page `file`) bring to the page (```` ```{include} x.md ````
/// then the closing fence; MyST-Parser, "Include other files"), files
/// inside `bound` only: their headings are the page's, with ids by
/// `myst_heading_anchors` (aio-libs/aiohttp's `docs/threat_model.md`
/// including `../THREAT_MODEL.md`; issue 46, round 9).
fn plain_includes(text: &str, file: &Path, bound: &Path) -> Vec<String> {
    use std::io::Read;
    let dir = file.parent().unwrap_or(Path::new(""));
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if out.len() >= MAX_PLAIN_INCLUDES {
            break;
        }
        let t = line.trim_start();
        let fence = if t.starts_with("```") {
            "```"
        } else if t.starts_with(":::") {
            ":::"
        } else {
            continue;
        };
        let Some(target) = t
            .trim_start_matches(['`', ':'])
            .strip_prefix("{include}")
            .map(str::trim)
            .filter(|t| !t.is_empty())
        else {
            continue;
        };
        let closes = lines.get(i + 1).is_some_and(|n| {
            let n = n.trim();
            n.starts_with(fence) && n.chars().all(|c| fence.starts_with(c))
        });
        let path = super::lexically_clean(&dir.join(target));
        if !closes || Path::new(target).is_absolute() || !path.starts_with(bound) {
            continue;
        }
        let mut included = String::new();
        if std::fs::File::open(&path)
            .and_then(|f| f.take(MAX_INCLUDED_BYTES).read_to_string(&mut included))
            .is_ok()
        {
            out.push(included);
        }
    }
    out
}

/// The markdown cells of the notebook `bytes` (nbformat 4 JSON: `cells[]`
/// of `cell_type` `markdown`, `source` a string or a list of lines), and
/// each cell's `metadata.label`/`name`, as text. Nothing when it is not
/// JSON.
fn notebook_markdown(bytes: &[u8]) -> Vec<String> {
    let Ok(v) = serde_json::from_slice::<serde_json::Value>(bytes) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for cell in v["cells"].as_array().into_iter().flatten() {
        for k in ["label", "name"] {
            if let Some(s) = cell["metadata"][k].as_str() {
                out.push(format!("({s})=\n"));
            }
        }
        let source = match &cell["source"] {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Array(lines) => {
                lines.iter().filter_map(|l| l.as_str()).collect::<String>()
            }
            _ => continue,
        };
        if cell["cell_type"].as_str() == Some("markdown") {
            out.push(source);
        } else {
            // A code cell's `#| label: x` options (mystmd).
            let options: String = source
                .lines()
                .filter_map(|l| l.trim_start().strip_prefix("#|"))
                .map(|l| format!("{}\n", l.trim()))
                .collect();
            out.push(options);
        }
    }
    out
}

/// Adds the labels and heading ids of the MyST (or reST) text `text` to
/// `out` (as [`project_anchors`] lists them; GitHub's slug only for
/// headings of level 1 to `github_levels` when `Some`).
fn labels_of(text: &str, github_levels: Option<u8>, out: &mut HashSet<String>) {
    use super::slug::Renderer;
    let mut fence: Option<(char, usize)> = None;
    for line in text.lines() {
        let t = line.trim_start();
        // Code fences: their content holds no heading (a directive's
        // options are read on every line, inside fences too).
        let marker = t.chars().next().filter(|c| *c == '`' || *c == '~');
        if let Some(c) = marker {
            let n = t.chars().take_while(|x| *x == c).count();
            if n >= 3 {
                match fence {
                    Some((fc, fnum)) if fc == c && n >= fnum && t[n..].trim().is_empty() => {
                        fence = None
                    }
                    None => fence = Some((c, n)),
                    _ => {}
                }
            }
        }
        if let Some(rest) = t.strip_prefix('(') {
            if let Some(label) = rest.trim_end().strip_suffix(")=") {
                if !label.is_empty() && !label.contains(char::is_whitespace) {
                    out.insert(label.to_string());
                }
            }
        }
        let option = t.strip_prefix("#|").map_or(t, str::trim_start);
        for key in [":label:", ":name:", "label:", "name:"] {
            if let Some(v) = option.strip_prefix(key) {
                let v = v.trim().trim_matches(['"', '\'']);
                if !v.is_empty() && !v.contains(char::is_whitespace) {
                    out.insert(v.to_string());
                }
            }
        }
        if let Some(rest) = t.strip_prefix(".. _") {
            if let Some((label, _)) = rest.split_once(':') {
                out.insert(label.to_string());
                out.insert(Renderer::Sphinx.slug(label));
            }
        }
        // `$$ x = 1 $$ (label)`
        let trimmed = t.trim_end();
        if let Some(open) = trimmed.rfind("$$ (").or_else(|| trimmed.rfind("$$(")) {
            let after = trimmed[open + 2..].trim_start();
            if let Some(label) = after.strip_prefix('(').and_then(|a| a.strip_suffix(')')) {
                out.insert(label.to_string());
            }
        }
        // amsmath `\label{x}` in math.
        let mut rest = t;
        while let Some(i) = rest.find("\\label{") {
            rest = &rest[i + 7..];
            if let Some(end) = rest.find('}') {
                out.insert(rest[..end].to_string());
            }
        }
        for attr in ["id=\"", "name=\""] {
            let mut rest = t;
            while let Some(i) = rest.find(attr) {
                rest = &rest[i + attr.len()..];
                if let Some(end) = rest.find('"') {
                    out.insert(rest[..end].to_string());
                }
            }
        }
        if fence.is_some() {
            continue;
        }
        let hashes = t.chars().take_while(|c| *c == '#').count();
        if (1..=6).contains(&hashes) && t[hashes..].starts_with([' ', '\t']) {
            let mut heading = t[hashes..].trim().trim_end_matches('#').trim_end();
            if let Some(open) = heading.rfind("{#") {
                if let Some(id) = heading[open + 2..].strip_suffix('}') {
                    out.insert(id.split_whitespace().next().unwrap_or(id).to_string());
                    heading = heading[..open].trim_end();
                }
            }
            let plain: String = heading
                .chars()
                .filter(|c| !matches!(c, '`' | '*' | '_' | '[' | ']'))
                .collect();
            let github = github_levels.is_none_or(|n| hashes <= usize::from(n));
            for (id, made) in [
                (myst_slug(&plain), true),
                (Renderer::Github.slug(&plain), github),
                (Renderer::Sphinx.slug(&plain), true),
            ] {
                if made && !id.is_empty() {
                    out.insert(id);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixtures: QuantEcon's `lectures/` is a Jupyter Book 1 book, not
    /// a Jekyll site (its `_config.yml` has `title`, `execute`, `sphinx`
    /// and a `_toc.yml` beside it); jupyter-book's `docs/myst.yml` is a
    /// mystmd project, its plugins said as unsure.
    #[test]
    fn detects_books_not_jekyll() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites");
        let book = root.join("jupyter-book");
        let l = read(&book).expect("jupyter book");
        assert_eq!(l.url_style, UrlStyle::Html);
        assert!(l.redirects.contains(&"/index_toc.html".to_string()));
        assert!(l.unsure_anchors.is_empty(), "{:?}", l.unsure_anchors);
        assert!(super::super::jekyll::read(&book).is_none());
        let l = read(&root.join("myst")).expect("mystmd");
        assert_eq!(l.source_url, "myst:flat");
        assert!(l.unsure_anchors.is_empty());
        // A Jekyll `_config.yml` stays Jekyll's; with a plugin, mystmd is
        // unsure.
        let t = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            t.path().join("_config.yml"),
            "title: x\nauthor: y\ntheme: minima\n",
        )
        .expect("write");
        assert!(read(t.path()).is_none());
        assert!(super::super::jekyll::read(t.path()).is_some());
        let u = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            u.path().join("_config.yml"),
            "execute:\n  execute_notebooks: off\n",
        )
        .expect("write");
        assert!(read(u.path()).is_some());
        assert!(super::super::jekyll::read(u.path()).is_none());
        std::fs::write(
            t.path().join("myst.yml"),
            "version: 1\nproject:\n  plugins:\n    - src/xref.mjs\n",
        )
        .expect("write");
        let l = read(t.path()).expect("mystmd");
        assert!(l.unsure_anchors[0].contains("src/xref.mjs"));
        assert_eq!(
            page_url(&l, "get-started/01_my_page.md", "myst:flat").map(|u| u.0),
            Some("/my-page".to_string())
        );
        // `[text](label)`: a label of any page; a word that is none is
        // missing.
        let site = super::super::Site::new(read(&book).expect("jupyter book"));
        let page = book.join("links.md");
        assert_eq!(
            site.resolve(&page, "euler_2_olg"),
            super::super::Resolved::Served
        );
        assert_eq!(
            site.resolve(&page, "about"),
            super::super::Resolved::File(book.join("about.md"))
        );
        assert!(matches!(
            site.resolve(&page, "no_such_label"),
            super::super::Resolved::Missing { .. }
        ));
    }

    #[test]
    fn slugs() {
        assert_eq!(myst_file_slug("01_My Page"), "my-page");
        assert_eq!(myst_file_slug("Install"), "install");
        assert_eq!(myst_file_slug("2024"), "2024");
        assert_eq!(myst_slug("Known limitations!"), "known-limitations");
    }

    #[test]
    fn labels_of_myst_text() {
        let src = "```{code-cell}\n#| label: cell-x\n```\n\n$$\\label{eq-y} y$$\n\n(faq:migration)=\n## How do I migrate?\n\n:::{figure} x.png\n:label: fig:x\n:::\n\n```{code} yaml\n:name: code:myst-yml\n# not a heading\n```\n\n$$ a = b $$ (eq:ab)\n\n## Custom {#my-id}\n";
        let mut out = HashSet::new();
        labels_of(src, None, &mut out);
        for l in [
            "faq:migration",
            "how-do-i-migrate",
            "fig:x",
            "code:myst-yml",
            "eq:ab",
            "cell-x",
            "eq-y",
            "my-id",
            "custom",
        ] {
            assert!(out.contains(l), "{l}: {out:?}");
        }
        assert!(!out.contains("not-a-heading"), "{out:?}");
    }

    /// Jupyter Book 1's `dollarmath`: on by default, on when the list
    /// names it, off when a list without it replaces the default; mystmd
    /// always has it.
    #[test]
    fn dollar_math_of_a_book() {
        let yaml = |t: &str| super::super::yaml_config(t).expect("yaml");
        assert!(dollar_math(&yaml("title: x\n")));
        assert!(dollar_math(&yaml(
            "parse:\n  myst_enable_extensions:\n    - amsmath\n    - dollarmath\n"
        )));
        assert!(!dollar_math(&yaml(
            "parse:\n  myst_enable_extensions:\n    - colon_fence\n"
        )));
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sites");
        assert!(read(&root.join("myst-dollarmath/lectures")).is_some_and(|l| l.dollar_math));
        assert!(read(&root.join("myst")).is_some_and(|l| l.dollar_math));
    }

    /// MyST-Parser's `myst_heading_anchors = 2` (executablebooks/MyST-Parser
    /// `docs/conf.py`): GitHub's slug only for headings of level 1 and 2;
    /// mystmd's and docutils' ids of every heading stay. Jupyter Book 1
    /// reads it under `parse:`, with `myst_heading_slug_func` unsure.
    #[test]
    fn myst_heading_anchor_levels() {
        let text = "# Syntax `x.py`\n\n## Two Words\n\n### Deep.Heading\n";
        let mut all = HashSet::new();
        labels_of(text, None, &mut all);
        assert!(
            all.contains("syntax-xpy") && all.contains("deepheading"),
            "{all:?}"
        );
        let mut two = HashSet::new();
        labels_of(text, Some(2), &mut two);
        assert!(
            two.contains("syntax-xpy") && two.contains("two-words"),
            "{two:?}"
        );
        assert!(!two.contains("deepheading"), "{two:?}");
        assert!(two.contains("deep-heading"), "{two:?}");
        let doc = super::super::yaml_config(
            "parse:\n  myst_heading_anchors: 4\n  myst_heading_slug_func: x.slug\n",
        )
        .expect("yaml");
        let mut l = Layout::new(
            Generator::JupyterBook,
            Path::new("."),
            Path::new("_config.yml"),
        );
        myst_heading_settings(&mut l, &doc["parse"], "_config.yml");
        assert_eq!(l.myst_heading_anchors, Some(4));
        assert_eq!(
            l.unsure_anchors,
            ["MyST's `parse.myst_heading_slug_func` (_config.yml)"]
        );
    }
}
