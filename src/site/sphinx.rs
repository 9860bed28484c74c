//! Sphinx (`conf.py`): pages are the reStructuredText (and, with MyST,
//! Markdown) files of the source directory (the directory of `conf.py`),
//! served as `x.html` by the `html` builder; `index` is a directory's
//! index; `_static/` is copied to the output. `conf.py` is Python and is
//! not run: the builder's defaults are assumed, and the settings below
//! are read where they are literal (`name = [...]`, `name = {...}` at the
//! start of a line): `extensions` (an extension that makes pages or
//! anchors is an `unsure_*` reason; `myst_parser` / `myst_nb` make `.md`
//! files pages, and a fragment may name any label of the project, as a
//! MyST cross-reference does), `source_suffix`, `html_static_path` (served under
//! `/_static/`), `html_extra_path` (served at the root) and
//! `html_additional_pages` (pages rendered from templates). An image of
//! `name.*` is any file of that name (the builder picks one). Source:
//! Sphinx documentation, "Configuration" (`extensions`, `source_suffix`,
//! `html_static_path`, `html_extra_path`, `html_additional_pages`),
//! "Directives" (`image`: "Image URIs can have an asterisk in place of
//! the extension").

use std::path::Path;

use super::{Generator, Layout, Resolved, UrlStyle};

/// The name of the configuration file.
pub const CONFIG_NAMES: &[&str] = &["conf.py"];

/// The Sphinx project whose source directory is `dir` (`conf.py`).
pub fn read(dir: &Path) -> Option<Layout> {
    let config = dir.join(CONFIG_NAMES[0]);
    if !config.is_file() {
        return None;
    }
    let mut l = Layout::new(Generator::Sphinx, dir, &config);
    l.page_extensions = vec!["rst", "md", "txt"];
    l.index_names = vec!["index.rst", "index.md"];
    l.url_style = UrlStyle::Html;
    l.theme_dirs = vec![dir.join("_templates")];
    l.renderer = super::slug::Renderer::Sphinx;
    let text = match super::read_config(&config) {
        Ok(t) => t,
        Err(note) => {
            l.notes.push(format!("{note}: Sphinx defaults assumed"));
            let why = Some(format!("{note}: its extensions are not known"));
            l.sphinx_xrefs = Some(super::sphinx_xref::Xrefs {
                unsure_labels: why.clone(),
                unsure_documents: why,
                ..Default::default()
            });
            return Some(l);
        }
    };
    read_settings(&mut l, dir, &text);
    if text.contains("dirhtml") {
        l.notes.push(format!(
            "{} mentions the dirhtml builder: pages are assumed to be served as x.html",
            config.display()
        ));
    }
    Some(l)
}

/// Sphinx extensions that neither make pages nor add anchors a link could
/// name: cross-reference and markup helpers, themes, copy buttons, the
/// `.nojekyll` of `githubpages`.
pub const HARMLESS_EXTENSIONS: &[&str] = &[
    "sphinx.ext.intersphinx",
    "sphinx.ext.todo",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",
    "sphinx.ext.imgmath",
    "sphinx.ext.ifconfig",
    "sphinx.ext.extlinks",
    "sphinx.ext.githubpages",
    "sphinx.ext.doctest",
    "sphinx.ext.duration",
    "sphinx.ext.coverage",
    "sphinx.ext.autosectionlabel",
    "sphinx.ext.graphviz",
    "sphinx.ext.inheritance_diagram",
    "sphinx.ext.imgconverter",
    "sphinx_copybutton",
    "sphinx_inline_tabs",
    "sphinx_rtd_theme",
    "sphinx_tabs.tabs",
    "sphinxext.opengraph",
    "sphinx_sitemap",
    "sphinxcontrib.mermaid",
    "sphinx_issues",
    "myst_parser",
];

/// Sphinx extensions that add anchors to the pages they run in (the ids
/// of documented objects: `autodoc`'s `module.Class`, `sphinx-click`'s
/// commands), not pages.
pub const ANCHOR_EXTENSIONS: &[&str] = &[
    "sphinx.ext.autodoc",
    "sphinx_autodoc_typehints",
    "sphinx_click",
    "sphinxarg.ext",
    "sphinx_design",
];

/// How many of a page's included files [`object_directives`] reads.
const MAX_OBJECT_INCLUDES: usize = 16;

/// How many bytes of a page (and of each file it includes)
/// [`object_directives`] reads.
const OBJECT_SCAN_BYTES: u64 = 4 << 20;

/// True when the Sphinx page `page`, or a file it includes
/// (`.. include::`, MyST `{include}`, one level, inside `bound`), uses a directive that
/// documents objects, whose ids the model does not mint: autodoc's and
/// autosummary's (`.. automodule::`, `{autoclass}`), a domain's (`..
/// py:function::`, `.. c:macro::`), `.. option::`, `.. envvar::`,
/// `.. program::`, sphinx-click's `.. click::`, sphinx-argparse's `..
/// argparse::`, sphinx-design's containers. Other pages' anchors are
/// their sections and labels (aio-libs/aiohttp's `threat_model.md`, whose
/// `THREAT_MODEL.md` links were all left unsure by `sphinx.ext.autodoc`
/// in `conf.py`; issue 46, round 9).
pub fn object_directives(page: &Path, bound: &Path) -> bool {
    use std::io::Read;
    let read = |p: &Path| {
        let mut text = String::new();
        let _ = std::fs::File::open(p)
            .and_then(|f| f.take(OBJECT_SCAN_BYTES).read_to_string(&mut text));
        text
    };
    let text = read(page);
    if uses_object_directive(&text) {
        return true;
    }
    let dir = page.parent().unwrap_or(Path::new(""));
    text.lines()
        .filter_map(include_target)
        .take(MAX_OBJECT_INCLUDES)
        .any(|t| {
            // Inside the site's bound only (M6 of the 2026-11-29 review).
            let included = super::lexically_clean(&dir.join(t));
            !Path::new(t).is_absolute()
                && included.starts_with(bound)
                && uses_object_directive(&read(&included))
        })
}

/// The file an include line names: `.. include:: x` or ```` ```{include} x ````.
fn include_target(line: &str) -> Option<&str> {
    let t = line.trim();
    let rest = t
        .strip_prefix(".. include::")
        .or_else(|| t.trim_start_matches(['`', ':']).strip_prefix("{include}"))?;
    let rest = rest.trim();
    (!rest.is_empty() && !rest.starts_with('<')).then_some(rest)
}

/// The directive names (or prefixes) [`object_directives`] looks for.
const OBJECT_DIRECTIVES: &[&str] = &[
    "auto",
    "option",
    "envvar",
    "program",
    "cmdoption",
    "click",
    "argparse",
    "tab-set",
    "tab-item",
    "dropdown",
    "card",
    "grid",
];

/// True when `text` uses a directive of [`OBJECT_DIRECTIVES`] or a domain
/// directive (`name:kind`), in reST (`.. name::`) or MyST (```` ```{name} ````,
/// `:::{name}`).
fn uses_object_directive(text: &str) -> bool {
    text.lines().any(|line| {
        let t = line.trim_start();
        let name = if let Some(rest) = t.strip_prefix(".. ") {
            rest.split_once("::").map(|(n, _)| n.trim())
        } else if t.starts_with("```") || t.starts_with(":::") {
            t.trim_start_matches(['`', ':'])
                .strip_prefix('{')
                .and_then(|r| r.split_once('}'))
                .map(|(n, _)| n.trim())
        } else {
            None
        };
        name.is_some_and(|n| {
            !n.is_empty()
                && !n.contains(' ')
                && (n.contains(':') || OBJECT_DIRECTIVES.iter().any(|d| n.starts_with(d)))
        })
    })
}

/// Reads the literal settings of `conf.py` (`text`, in `dir`) into `l`
/// (the module's doc says which).
fn read_settings(l: &mut Layout, dir: &Path, text: &str) {
    let config = "conf.py";
    let mut extensions = strings_of(text, "extensions").unwrap_or_default();
    extensions.extend(added_strings(text, "extensions"));
    let suffixes = strings_of(text, "source_suffix");
    let myst = extensions
        .iter()
        .any(|e| e == "myst_parser" || e == "myst_nb");
    l.project_labels = myst;
    if myst {
        if let Some(n) = assignment(text, "myst_heading_anchors")
            .and_then(|v| v.split('#').next())
            .and_then(|v| v.trim().parse::<u8>().ok())
        {
            l.myst_heading_anchors = Some(n.min(6));
        }
        if assigned(text, "myst_heading_slug_func") {
            l.unsure_anchors
                .push(format!("MyST's `myst_heading_slug_func` ({config})"));
        }
    }
    // MyST-Parser's `dollarmath`: `$...$` and `$$...$$` are math.
    l.dollar_math = myst
        && strings_of(text, "myst_enable_extensions")
            .is_some_and(|e| e.iter().any(|x| x == "dollarmath"));
    l.page_extensions = match &suffixes {
        Some(s) if !s.is_empty() => {
            let mut exts: Vec<&'static str> = Vec::new();
            for (suffix, ext) in [(".rst", "rst"), (".md", "md"), (".txt", "txt")] {
                if s.iter().any(|x| x == suffix) {
                    exts.push(ext);
                }
            }
            if myst && !exts.contains(&"md") {
                exts.push("md");
            }
            exts
        }
        _ if myst => vec!["rst", "md"],
        _ => vec!["rst"],
    };
    for e in &extensions {
        if HARMLESS_EXTENSIONS.contains(&e.as_str()) || e == "myst_nb" {
            continue;
        }
        let reason = format!("the Sphinx extension `{e}` ({config} `extensions`)");
        if ANCHOR_EXTENSIONS.contains(&e.as_str()) {
            // Only on the pages that use their directives
            // ([`object_directives`]).
            match &mut l.sphinx_object_ids {
                Some(why) => {
                    why.push_str(" and ");
                    why.push_str(&reason);
                }
                None => l.sphinx_object_ids = Some(reason),
            }
        } else {
            l.unsure_pages.push(reason);
        }
    }
    l.docstrings = super::docstrings::autodoc(dir, text, &extensions);
    let literal = strings_of(text, "extensions").is_some() || !assigned(text, "extensions");
    l.sphinx_xrefs = Some(super::sphinx_xref::read(text, &extensions, literal));
    if extensions.is_empty() && assigned(text, "extensions") {
        l.unsure_pages.push(format!(
            "the Sphinx `extensions` ({config}), not a literal list"
        ));
    }
    for d in strings_of(text, "html_static_path").unwrap_or_default() {
        l.mounts.push((dir.join(d), "/_static/".into()));
    }
    for d in strings_of(text, "html_extra_path").unwrap_or_default() {
        l.static_dirs.push(dir.join(d));
    }
    for page in keys_of(text, "html_additional_pages") {
        l.redirects
            .push(format!("/{}.html", page.trim_matches('/')));
    }
}

/// The target of an image `path` of the form `name.*` (relative to the
/// page `file`, or to the source directory when it starts with `/`):
/// the first file named `name.<anything>` there; `None` when `path` is
/// not of that form.
pub fn wildcard(l: &Layout, file: &Path, path: &str) -> Option<Resolved> {
    let stem = path.strip_suffix(".*")?;
    let joined = match stem.strip_prefix('/') {
        Some(rooted) => l.source_dir.join(rooted),
        None => file.parent().unwrap_or(Path::new("")).join(stem),
    };
    let joined = super::lexically_clean(&joined);
    let name = joined.file_name()?.to_string_lossy().into_owned();
    let dir = joined.parent()?;
    let found = std::fs::read_dir(dir).ok().and_then(|entries| {
        entries.flatten().map(|e| e.path()).find(|p| {
            p.is_file()
                && p.file_name().is_some_and(|n| {
                    n.to_string_lossy()
                        .strip_prefix(name.as_str())
                        .is_some_and(|rest| rest.starts_with('.') && rest.len() > 1)
                })
        })
    });
    Some(match found {
        Some(p) => Resolved::File(p),
        None => Resolved::Missing {
            url: format!("/{}", path.trim_start_matches('/')),
        },
    })
}

/// The Python expression assigned to `name` at the start of a line of
/// `text` (`name = ...`, `name: list[str] = ...`), up to where its
/// brackets close (or the line ends).
fn assignment<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let mut at = 0;
    while let Some(i) = text[at..].find(name) {
        let start = at + i;
        at = start + name.len();
        if start > 0 && text.as_bytes()[start - 1] != b'\n' {
            continue;
        }
        let rest = &text[at..];
        let rest = rest.trim_start_matches([' ', '\t']);
        let rest = match rest.strip_prefix(':') {
            // An annotation: up to the `=`.
            Some(r) => r.split_once('=').map(|(_, v)| v)?,
            None => match rest.strip_prefix('=') {
                Some(r) if !r.starts_with('=') => r,
                _ => continue,
            },
        };
        let value = rest.trim_start_matches([' ', '\t']);
        let mut depth = 0i32;
        let mut quote: Option<char> = None;
        for (k, c) in value.char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '\'' | '"') => quote = Some(c),
                (None, '[' | '(' | '{') => depth += 1,
                (None, ']' | ')' | '}') => {
                    depth -= 1;
                    if depth <= 0 {
                        return Some(&value[..=k]);
                    }
                }
                (None, '\n') if depth <= 0 => return Some(&value[..k]),
                (None, '#') => {}
                _ => {}
            }
        }
        return Some(value);
    }
    None
}

/// The string literals of what is added to the list `name` at the start
/// of a line of `text` (indented or not): `name.extend([...])` or
/// `name.extend((...))`, `name.append("x")`, `name += [...]` (pypa/pip's
/// `docs/html/conf.py` adds `myst_parser` inside an `if`). Only string
/// literals are taken; anything else in the call is skipped.
fn added_strings(text: &str, name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(name) {
        let start_of_line = rest[..i]
            .rsplit('\n')
            .next()
            .is_some_and(|before| before.trim_matches([' ', '\t']).is_empty());
        let after = &rest[i + name.len()..];
        rest = after;
        if !start_of_line {
            continue;
        }
        // Inside a call's parenthesis (depth 1), or after `+=` (depth 0,
        // up to the end of the line or of the bracket that opens).
        let call = [(".extend(", 1), (".append(", 1), (" += ", 0), ("+=", 0)]
            .iter()
            .find_map(|(op, d)| after.strip_prefix(op).map(|c| (c, *d)));
        let Some((call, mut depth)) = call else {
            continue;
        };
        let mut quote: Option<(char, usize)> = None;
        let mut comment = false;
        for (k, c) in call.char_indices() {
            if comment && c != '\n' {
                continue;
            }
            comment = false;
            match (quote, c) {
                (None, '#') => comment = true,
                (Some((q, from)), c) if c == q => {
                    out.push(call[from..k].to_string());
                    quote = None;
                }
                (Some(_), _) => {}
                (None, '\'' | '"') => quote = Some((c, k + 1)),
                (None, '[' | '(' | '{') => depth += 1,
                (None, ']' | ')' | '}') => {
                    depth -= 1;
                    if depth <= 0 {
                        break;
                    }
                }
                (None, '\n') if depth <= 0 => break,
                _ => {}
            }
        }
    }
    out
}

/// The string keys of the literal dict assigned to `name`
/// ([`keys_of`]; `intersphinx_mapping`'s project names).
pub(super) fn keys_of_dict(text: &str, name: &str) -> Vec<String> {
    keys_of(text, name)
}

/// The string literals of the list assigned to `name` ([`strings_of`]);
/// empty when it is not assigned or not literal.
pub(super) fn strings_of_list(text: &str, name: &str) -> Vec<String> {
    strings_of(text, name).unwrap_or_default()
}

/// The value assigned to `name` on its line, trimmed (`True`, `2`);
/// `None` when it is not assigned.
pub(super) fn literal(text: &str, name: &str) -> Option<String> {
    let v = assignment(text, name)?;
    let v = v.split('#').next().unwrap_or(v);
    Some(v.trim().to_string())
}

/// True when `name` is assigned at the start of a line of `text`.
fn assigned(text: &str, name: &str) -> bool {
    assignment(text, name).is_some()
}

/// The string literals of the value assigned to `name` when it is a
/// literal string, list, tuple or set of strings (comments skipped); `None`
/// when it is not assigned, or is something else (a name, a call, a
/// sum).
fn strings_of(text: &str, name: &str) -> Option<Vec<String>> {
    let value = assignment(text, name)?.trim();
    let inner = value
        .strip_prefix(['[', '(', '{'])
        .and_then(|v| v.strip_suffix([']', ')', '}']))
        .unwrap_or(value);
    let mut out = Vec::new();
    for line in inner.lines() {
        let mut rest = line;
        loop {
            let rest_t = rest.trim_start_matches([' ', '\t', ',']);
            if rest_t.is_empty() || rest_t.starts_with('#') {
                break;
            }
            let q = rest_t.chars().next()?;
            if q != '"' && q != '\'' {
                return None;
            }
            let body = &rest_t[1..];
            let end = body.find(q)?;
            out.push(body[..end].to_string());
            rest = &body[end + 1..];
        }
    }
    Some(out)
}

/// The string keys of the literal dict assigned to `name` (`{'index':
/// 'indexcontent.html'}`); empty when there is none.
pub(super) fn keys_of(text: &str, name: &str) -> Vec<String> {
    let Some(value) = assignment(text, name) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut rest = value;
    while let Some(i) = rest.find(['"', '\'']) {
        let q = &rest[i..=i];
        let body = &rest[i + 1..];
        let Some(end) = body.find(q) else { break };
        let after = body[end + 1..].trim_start();
        if after.starts_with(':') {
            out.push(body[..end].to_string());
        }
        rest = &body[end + 1..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// psf/requests `docs/conf.py` (extensions), python/mypy
    /// `docs/source/conf.py` (MyST, a local extension), CPython's
    /// `html_additional_pages` and `html_extra_path`.
    #[test]
    fn object_directives_make_a_page_unsure() {
        // aio-libs/aiohttp `docs/threat_model.md`: a MyST include of a
        // document of sections only; `docs/client_reference.rst` documents
        // objects.
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        std::fs::write(
            d.join("THREAT_MODEL.md"),
            "# Threat model\n\n## 5.1 Parsing\n",
        )
        .expect("write");
        std::fs::write(
            d.join("threat_model.md"),
            "```{include} THREAT_MODEL.md\n```\n",
        )
        .expect("write");
        std::fs::write(
            d.join("client.rst"),
            "Client\n======\n\n.. autoclass:: ClientSession\n",
        )
        .expect("write");
        std::fs::write(
            d.join("api.md"),
            "# API\n\n```{py:function} get(url)\n```\n",
        )
        .expect("write");
        std::fs::write(d.join("inc.rst"), ".. include:: client.rst\n").expect("write");
        std::fs::write(d.join("out.rst"), ".. include:: /etc/passwd\n").expect("write");
        assert!(!object_directives(&d.join("threat_model.md"), d));
        assert!(object_directives(&d.join("client.rst"), d));
        assert!(object_directives(&d.join("api.md"), d));
        assert!(object_directives(&d.join("inc.rst"), d));
        assert!(!object_directives(&d.join("out.rst"), d));
    }

    #[test]
    fn literal_settings_of_conf_py() {
        let dir = tempfile::tempdir().expect("tempdir");
        let requests = "# ones.\nextensions = [\n    \"sphinx.ext.autodoc\",\n    \"sphinx.ext.intersphinx\",\n    \"sphinx.ext.todo\",\n    \"sphinx.ext.viewcode\",\n]\n\n# source_suffix = ['.rst', '.md']\nsource_suffix = \".rst\"\nhtml_static_path = [\"_static\"]\n# html_extra_path = []\n";
        std::fs::write(dir.path().join("conf.py"), requests).expect("write");
        let l = read(dir.path()).expect("sphinx");
        assert_eq!(l.page_extensions, ["rst"]);
        assert_eq!(
            l.unsure_pages,
            ["the Sphinx extension `sphinx.ext.viewcode` (conf.py `extensions`)"]
        );
        assert!(l.unsure_anchors.is_empty());
        assert_eq!(
            l.sphinx_object_ids.as_deref(),
            Some("the Sphinx extension `sphinx.ext.autodoc` (conf.py `extensions`)")
        );
        assert!(l.static_dirs.is_empty());
        assert_eq!(l.mounts, [(dir.path().join("_static"), "/_static/".into())]);
        let mypy = "extensions = [\n    \"sphinx.ext.intersphinx\",\n    \"sphinx_inline_tabs\",\n    \"docs.source.html_builder\",\n    \"myst_parser\",\n]\n\nsource_suffix = \".rst\"\n";
        std::fs::write(dir.path().join("conf.py"), mypy).expect("write");
        let l = read(dir.path()).expect("sphinx");
        assert_eq!(l.page_extensions, ["rst", "md"]);
        assert_eq!(
            l.unsure_pages,
            ["the Sphinx extension `docs.source.html_builder` (conf.py `extensions`)"]
        );
        let cpython = "extensions = ['sphinx.ext.todo']  # more below\nhtml_additional_pages = {\n    'download': 'download.html',\n    'index': 'indexcontent.html',\n}\nhtml_extra_path = ['robots.txt']\n";
        std::fs::write(dir.path().join("conf.py"), cpython).expect("write");
        let l = read(dir.path()).expect("sphinx");
        assert_eq!(l.redirects, ["/download.html", "/index.html"]);
        assert_eq!(l.static_dirs, [dir.path().join("robots.txt")]);
        assert!(l.unsure_pages.is_empty() && l.unsure_anchors.is_empty());
        std::fs::write(dir.path().join("conf.py"), "extensions = BASE + ['x']\n").expect("write");
        let l = read(dir.path()).expect("sphinx");
        assert_eq!(
            l.unsure_pages,
            ["the Sphinx `extensions` (conf.py), not a literal list"]
        );
    }

    /// MyST-Parser's `dollarmath` in `myst_enable_extensions` (a list or
    /// a set), with `myst_parser` or `myst_nb`: `$...$` is math.
    #[test]
    fn myst_dollar_math() {
        let dir = tempfile::tempdir().expect("tempdir");
        let conf = "extensions = [\"myst_parser\"]\nmyst_enable_extensions = {\"colon_fence\", \"dollarmath\"}\n";
        std::fs::write(dir.path().join("conf.py"), conf).expect("write");
        assert!(read(dir.path()).expect("sphinx").dollar_math);
        let conf = "extensions = [\"myst_parser\"]\nmyst_enable_extensions = [\"colon_fence\"]\n";
        std::fs::write(dir.path().join("conf.py"), conf).expect("write");
        assert!(!read(dir.path()).expect("sphinx").dollar_math);
    }

    /// pypa/pip `docs/html/conf.py`: `myst_parser` added inside an `if`
    /// by `extensions.extend((...))` (comments between), and
    /// `myst_heading_anchors = 3`; `append` and `+=` too; a
    /// `myst_heading_slug_func` makes the anchors unsure.
    #[test]
    fn myst_added_by_extend_and_heading_anchors() {
        let pip = "extensions = [\n    \"pip_sphinxext\",\n]\n\nif \"man\" not in tags:\n    extensions.extend(\n        (\n            # first-party extensions\n            \"sphinx.ext.todo\",\n            # it's third-party\n            \"myst_parser\",\n        ),\n    )\n\nmyst_heading_anchors = 3\n";
        assert_eq!(
            added_strings(pip, "extensions"),
            ["sphinx.ext.todo", "myst_parser"]
        );
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("conf.py"), pip).expect("write");
        let l = read(dir.path()).expect("sphinx");
        assert!(l.project_labels);
        assert_eq!(l.page_extensions, ["rst", "md"]);
        assert_eq!(l.myst_heading_anchors, Some(3));
        assert!(l.unsure_anchors.is_empty(), "{:?}", l.unsure_anchors);
        let more = "extensions.append('myst_nb')\nextensions += [\"sphinx_design\"]\nextensions += more\nx = 'myst_parser'\n";
        assert_eq!(
            added_strings(more, "extensions"),
            ["myst_nb", "sphinx_design"]
        );
        let conf = "extensions = [\"myst_parser\"]\nmyst_heading_anchors = 2\nmyst_heading_slug_func = \"conf.slug\"\n";
        std::fs::write(dir.path().join("conf.py"), conf).expect("write");
        let l = read(dir.path()).expect("sphinx");
        assert_eq!(l.myst_heading_anchors, Some(2));
        assert_eq!(
            l.unsure_anchors,
            ["MyST's `myst_heading_slug_func` (conf.py)"]
        );
    }
}
