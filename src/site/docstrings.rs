//! Which pages render which Python docstrings: mkdocstrings (with its
//! Python handler) writes the docstrings of the object named by a page's
//! `::: package.module.Object` block into that page, as Markdown; Sphinx
//! autodoc writes those of `.. autoclass::`, `.. automodule::`,
//! `.. autofunction::` (and the other `auto*` directives) into the page
//! that holds the directive, as reStructuredText. A relative link in such
//! a docstring resolves against that page (issue 51: `mkdocs/plugins.py`'s
//! `plugins.md#page-events`, flask's `:doc:`views``).
//!
//! This module owns the settings a site gives for it ([`Settings`], read
//! by `mkdocs.rs` and `sphinx.rs`), finding the blocks and directives of
//! a tree's pages, the Python file each names (looked for under the
//! search paths: mkdocstrings-python's `paths`, which default to the
//! directory of `mkdocs.yml`; for Sphinx the directories `conf.py` puts
//! on `sys.path` as literals, then the project's directories and their
//! `src/`, as an editable install of the project does), and saying for a
//! docstring which pages surely render it and which may
//! ([`Rendering::pages`]). Reading the Python file is the format layer's
//! (`format::python_docstring`); checking and rewriting the links is
//! `check --links local`'s and `urilint mv`'s.
//!
//! What is rendered, by the generators' defaults: mkdocstrings renders
//! the object and its members recursively, less those whose name starts
//! with one `_` (the default `filters`, `["!^_[^_]"]`; the `filters`
//! of the handler's options in `mkdocs.yml` when given, and
//! `merge_init_into_class`); autodoc renders
//! the object, and its members with `:members:` (all, or those listed,
//! less `:exclude-members:`, less names that start with `_` but those
//! `:private-members:` and `:special-members:` give); with
//! `autoclass_content` `"both"` or `"init"`, a class's `__init__` too. Options that
//! change the members otherwise (mkdocstrings `members`,
//! `inherited_members`, `show_submodules`, `filters` in a block's options
//! or written as a pattern the regex crate does not read; autodoc's
//! `autodoc_default_options`) make the members' rendering unsure: a link
//! there is not checked, and `mv` names it. An object found through a
//! re-export (`from .app import Flask`) is followed up to
//! [`MAX_HOPS`] modules. Not read: the docstrings a page renders through
//! inheritance or import (autodoc's `:inherited-members:`,
//! `:imported-members:`, mkdocstrings' `inherited_members`, which makes
//! the members unsure), attribute docstrings, and pages that autosummary
//! generates.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::format::python_docstring::{self, Markup};

/// The most re-exports followed to find an object's module.
pub const MAX_HOPS: usize = 8;

/// The most lines below a `:::` block read for its options.
pub const MAX_OPTION_LINES: usize = 200;

/// The most bytes of a page read for its blocks and directives.
pub const MAX_PAGE: u64 = 4 * 1024 * 1024;

/// What renders docstrings into a site's pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Renderer {
    /// mkdocstrings with its Python handler (`::: identifier` blocks of
    /// Markdown pages; docstrings are Markdown).
    Mkdocstrings,
    /// Sphinx autodoc (`.. auto*::` directives of reStructuredText pages;
    /// docstrings are reStructuredText).
    Autodoc,
}

impl Renderer {
    /// How the docstrings it renders are read.
    pub fn markup(self) -> Markup {
        match self {
            Renderer::Mkdocstrings => Markup::Markdown,
            Renderer::Autodoc => Markup::Rst,
        }
    }
}

/// A site's settings for the docstrings it renders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Who renders them.
    pub renderer: Renderer,
    /// Where modules are looked for (absolute), in order.
    pub paths: Vec<PathBuf>,
    /// Why the members an object renders are not sure (a site-wide
    /// option that changes them), naming the setting; `None` when the
    /// defaults hold.
    pub members_unsure: Option<String>,
    /// Sphinx `autoclass_content` is `"both"` or `"init"`, or
    /// mkdocstrings `merge_init_into_class`: a class rendered renders its
    /// `__init__`'s docstring too.
    pub init_with_class: bool,
    /// mkdocstrings' `filters` of the site's handler options, as written
    /// (`!^_`: a name that matches is left out); `None`: the default,
    /// `["!^_[^_]"]`.
    pub filters: Option<Vec<String>>,
}

/// The members of its object a block or directive renders.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Members {
    /// None (autodoc without `:members:`).
    None,
    /// All, less those whose name starts with `_` but for the `private`
    /// (`_x`) and `special` (`__x__`) ones rendered, less `except`.
    All {
        /// The private names rendered (autodoc `:private-members:`).
        private: Names,
        /// The special names rendered (mkdocstrings: all, by its default
        /// filter; autodoc `:special-members:`).
        special: Names,
        /// Names left out (`:exclude-members:`).
        except: Vec<String>,
        /// mkdocstrings' `filters`, which decide instead of `private`
        /// and `special` when given.
        filters: Option<Filters>,
    },
    /// The members named (`:members: a, b`), and all of theirs.
    Listed(Vec<String>),
    /// Not sure, for this reason.
    Unsure(String),
}

/// Which of the names that start with `_` are rendered.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Names {
    /// None.
    None,
    /// All (the option without a list).
    All,
    /// Those listed.
    Listed(Vec<String>),
}

impl Names {
    /// True when `name` is rendered.
    fn has(&self, name: &str) -> bool {
        match self {
            Names::None => false,
            Names::All => true,
            Names::Listed(list) => list.iter().any(|n| n == name),
        }
    }
}

/// The most bytes a compiled `filters` pattern may take (the regex
/// crate's size limit: bounded work for any pattern of a configuration).
const FILTER_SIZE: usize = 1 << 20;

/// mkdocstrings' `filters`: each pattern, and whether a name it matches
/// is left out (written with a leading `!`). Source: mkdocstrings-python
/// 1.7.5 `rendering.py`, `_keep_object`.
#[derive(Clone, Debug)]
struct Filters(Vec<(regex::Regex, bool)>);

impl PartialEq for Filters {
    fn eq(&self, other: &Filters) -> bool {
        self.0.len() == other.0.len()
            && self
                .0
                .iter()
                .zip(&other.0)
                .all(|(a, b)| a.0.as_str() == b.0.as_str() && a.1 == b.1)
    }
}

impl Eq for Filters {}

impl Filters {
    /// The filters written as `list`; `None` when a pattern does not
    /// compile (Python's `re` and the regex crate differ: lookaround,
    /// backreferences).
    fn parse(list: &[String]) -> Option<Filters> {
        let mut out = Vec::new();
        for f in list {
            let (pattern, exclude) = match f.strip_prefix('!') {
                Some(p) => (p, true),
                None => (f.as_str(), false),
            };
            let re = regex::RegexBuilder::new(pattern)
                .size_limit(FILTER_SIZE)
                .build()
                .ok()?;
            out.push((re, exclude));
        }
        Some(Filters(out))
    }

    /// True when the member `name` is kept: the last pattern that matches
    /// decides; when none does, it is kept unless every pattern is an
    /// inclusion.
    fn keep(&self, name: &str) -> bool {
        let mut keep = None;
        for (re, exclude) in &self.0 {
            if re.is_match(name) {
                keep = Some(!exclude);
            }
        }
        keep.unwrap_or_else(|| self.0.iter().any(|(_, exclude)| *exclude) || self.0.is_empty())
    }
}

/// True for a special name (`__init__`).
fn special_name(n: &str) -> bool {
    n.len() > 4 && n.starts_with("__") && n.ends_with("__")
}

/// One `:::` block or `auto*` directive, resolved to its Python file.
#[derive(Clone, Debug)]
struct Block {
    /// The page that holds it (absolute).
    page: PathBuf,
    /// The object's dotted path in `file` (empty: the module).
    object: String,
    /// The members it renders.
    members: Members,
    /// Who renders it.
    renderer: Renderer,
    /// A class it renders also renders its `__init__`'s docstring
    /// ([`Settings::init_with_class`]).
    init_with_class: bool,
}

/// Where a docstring is rendered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pages {
    /// The pages that surely render it.
    pub sure: Vec<PathBuf>,
    /// The pages that may render it, each with the reason it is not
    /// sure.
    pub maybe: Vec<(PathBuf, String)>,
    /// How it is read there (`None` when no page renders it).
    pub markup: Option<Markup>,
}

/// The blocks and directives of a tree's pages, by the Python file they
/// render from.
#[derive(Debug, Default)]
pub struct Rendering {
    /// Each Python file (absolute, symbolic links resolved) and the
    /// blocks that render objects of it.
    by_file: HashMap<PathBuf, Vec<Block>>,
}

impl Rendering {
    /// The blocks and directives of `pages` (absolute paths, Markdown and
    /// reStructuredText files of a tree; others are passed over), each
    /// read when its site (found through `cache`, up to `boundary`, as
    /// [`super::Site::of_file`]) renders docstrings ([`Settings`]).
    pub fn of_pages(
        pages: &[PathBuf],
        boundary: Option<&Path>,
        cache: &std::sync::Mutex<HashMap<PathBuf, Option<std::sync::Arc<super::Site>>>>,
    ) -> Rendering {
        let mut by_file: HashMap<PathBuf, Vec<Block>> = HashMap::new();
        // Modules are looked for inside the tree only: a search path of
        // `mkdocs.yml` or `conf.py` (or `conf.py`'s grandparent) may lead
        // out of it, and nothing outside the tree is read.
        let within = boundary.and_then(|b| std::fs::canonicalize(b).ok());
        for page in pages {
            let ext = page
                .extension()
                .and_then(|e| e.to_str())
                .map(str::to_ascii_lowercase);
            let renderer = match ext.as_deref() {
                Some("md" | "markdown") => Renderer::Mkdocstrings,
                Some("rst" | "txt") => Renderer::Autodoc,
                _ => continue,
            };
            if std::fs::metadata(page).map_or(true, |m| m.len() > MAX_PAGE) {
                continue;
            }
            let Ok(text) = std::fs::read(page) else {
                continue;
            };
            let needle: &[u8] = match renderer {
                Renderer::Mkdocstrings => b":::",
                Renderer::Autodoc => b".. auto",
            };
            if memchr::memmem::find(&text, needle).is_none() {
                continue;
            }
            let Some(site) = super::Site::of_file(page, boundary, cache) else {
                continue;
            };
            let Some(settings) = site.layout.docstrings.as_ref() else {
                continue;
            };
            if settings.renderer != renderer {
                continue;
            }
            let text = String::from_utf8_lossy(&text);
            let found = match renderer {
                Renderer::Mkdocstrings => mkdocstrings_blocks(&text, settings),
                Renderer::Autodoc => autodoc_directives(&text, settings),
            };
            for (name, members) in found {
                let Some((file, object)) = find_object(&name, &settings.paths, within.as_deref())
                else {
                    continue;
                };
                by_file.entry(file).or_default().push(Block {
                    page: page.clone(),
                    object,
                    members,
                    renderer,
                    init_with_class: settings.init_with_class,
                });
            }
        }
        Rendering { by_file }
    }

    /// True when some page renders docstrings of the Python file `file`
    /// (absolute, symbolic links resolved).
    pub fn renders(&self, file: &Path) -> bool {
        self.by_file.contains_key(file)
    }

    /// The pages that render the docstring of `object` (its dotted path
    /// in the module; empty for the module's) of the Python file `file`.
    pub fn pages(&self, file: &Path, object: &str) -> Pages {
        let mut out = Pages::default();
        for b in self.by_file.get(file).into_iter().flatten() {
            let mut rendered = b.renders(object);
            // A class's `__init__` with autodoc's `autoclass_content`.
            let class = object
                .strip_suffix(".__init__")
                .filter(|_| b.init_with_class);
            if let (Ok(false), Some(class)) = (&rendered, class) {
                rendered = b.renders(class);
            }
            match rendered {
                Ok(true) => {
                    if !out.sure.contains(&b.page) {
                        out.sure.push(b.page.clone());
                    }
                }
                Ok(false) => continue,
                Err(why) => out.maybe.push((b.page.clone(), why)),
            }
            out.markup = Some(b.renderer.markup());
        }
        out.maybe.retain(|(p, _)| !out.sure.contains(p));
        out
    }
}

/// The settings of the `mkdocstrings` plugin entry `plugin` of the
/// `mkdocs.yml` in `dir`: its Python handler's `paths` (relative to
/// `dir`; default `dir` itself, as mkdocstrings-python's handler takes
/// the configuration file's directory), and its `options` that change
/// the members rendered. `None` when the default handler is not
/// `python` or a path is a glob.
pub fn mkdocstrings(dir: &Path, plugin: &yaml_rust2::Yaml) -> Option<Settings> {
    let handler = plugin["default_handler"].as_str().unwrap_or("python");
    if handler != "python" {
        return None;
    }
    let python = &plugin["handlers"]["python"];
    let mut paths = Vec::new();
    if let Some(list) = python["paths"].as_vec() {
        for p in list {
            let p = p.as_str()?;
            if p.contains(['*', '?', '[']) {
                return None;
            }
            paths.push(super::lexically_clean(&dir.join(p)));
        }
    }
    if paths.is_empty() {
        paths.push(dir.to_path_buf());
    }
    let mut members_unsure = None;
    for section in ["options", "selection"] {
        for key in ["members", "filters", "inherited_members", "show_submodules"] {
            let read = section == "options" && key == "filters";
            if !read && !python[section][key].is_badvalue() && members_unsure.is_none() {
                members_unsure = Some(format!(
                    "the mkdocstrings option `{key}` (mkdocs.yml `plugins`)"
                ));
            }
        }
    }
    let options = &python["options"];
    let filters = match &options["filters"] {
        yaml_rust2::Yaml::BadValue => None,
        v => {
            let list: Option<Vec<String>> = v
                .as_vec()
                .and_then(|l| l.iter().map(|f| f.as_str().map(str::to_string)).collect());
            if list.as_ref().and_then(|l| Filters::parse(l)).is_none() {
                members_unsure.get_or_insert_with(|| {
                    "the mkdocstrings option `filters` (mkdocs.yml `plugins`), not read".into()
                });
            }
            list
        }
    };
    Some(Settings {
        renderer: Renderer::Mkdocstrings,
        paths,
        members_unsure,
        init_with_class: options["merge_init_into_class"].as_bool() == Some(true),
        filters,
    })
}

/// The settings of Sphinx autodoc for the `conf.py` in `dir` (its text
/// `text`), when `extensions` loads it (`sphinx.ext.autodoc`, or
/// `sphinx.ext.autosummary`, which loads it): the search paths are the
/// literal paths `conf.py` puts on `sys.path` (`sys.path.insert(0,
/// os.path.abspath(".."))`, relative to `dir`, where Sphinx runs it),
/// then `dir`, its parent and grandparent, each also with `src/`;
/// `autodoc_default_options` makes the members unsure.
pub fn autodoc(dir: &Path, text: &str, extensions: &[String]) -> Option<Settings> {
    let loaded = extensions
        .iter()
        .any(|e| e == "sphinx.ext.autodoc" || e == "sphinx.ext.autosummary");
    if !loaded {
        return None;
    }
    let mut paths = Vec::new();
    for at in text.match_indices("sys.path.").map(|(i, _)| i) {
        let call = &text[at..text[at..].find('\n').map_or(text.len(), |e| at + e)];
        if !(call.starts_with("sys.path.insert(") || call.starts_with("sys.path.append(")) {
            continue;
        }
        let Some(q) = call.find(['"', '\'']) else {
            continue;
        };
        let quote = &call[q..=q];
        let Some(end) = call[q + 1..].find(quote) else {
            continue;
        };
        paths.push(super::lexically_clean(&dir.join(&call[q + 1..q + 1 + end])));
    }
    for up in dir.ancestors().take(3) {
        paths.push(up.to_path_buf());
        paths.push(up.join("src"));
    }
    let members_unsure = ["autodoc_default_options", "autodoc_default_flags"]
        .iter()
        .find(|n| {
            text.lines()
                .any(|l| l.trim_start().starts_with(*n) && l.contains('='))
        })
        .map(|n| format!("the Sphinx `{n}` (conf.py)"));
    let init_with_class = text.lines().any(|l| {
        l.trim_start().starts_with("autoclass_content")
            && l.contains('=')
            && (l.contains("both") || l.contains("init"))
    });
    Some(Settings {
        renderer: Renderer::Autodoc,
        paths,
        members_unsure,
        init_with_class,
        filters: None,
    })
}

impl Block {
    /// Whether it renders the docstring of `object`; `Err` with the
    /// reason when that is not sure.
    fn renders(&self, object: &str) -> Result<bool, String> {
        if self.object == object {
            return Ok(true);
        }
        let rest = if self.object.is_empty() {
            Some(object)
        } else {
            object
                .strip_prefix(self.object.as_str())
                .and_then(|r| r.strip_prefix('.'))
        };
        match rest {
            Some(rest) => member_rendered(&self.members, rest),
            None => Ok(false),
        }
    }
}

/// Whether `members` renders the member at the dotted path `rest` below
/// its object; `Err` with the reason when that is not sure.
fn member_rendered(members: &Members, rest: &str) -> Result<bool, String> {
    let names: Vec<&str> = rest.split('.').collect();
    let shown = |n: &&str, private: &Names, special: &Names| {
        !n.starts_with('_')
            || (special_name(n) && special.has(n))
            || (!special_name(n) && private.has(n))
    };
    match members {
        Members::None => Ok(false),
        Members::All {
            private,
            special,
            except,
            filters,
        } => Ok(names.iter().all(|n| match filters {
            Some(f) => f.keep(n),
            None => shown(n, private, special),
        }) && !names.first().is_some_and(|n| except.iter().any(|e| e == n))),
        Members::Listed(list) => Ok(names.first().is_some_and(|n| list.iter().any(|e| e == n))
            && names
                .iter()
                .skip(1)
                .all(|n| shown(n, &Names::None, &Names::None))),
        Members::Unsure(why) => Err(why.clone()),
    }
}

/// True for a dotted Python name (`a.b_c.D`).
fn dotted_name(s: &str) -> bool {
    !s.is_empty()
        && s.split('.').all(|p| {
            p.chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
                && p.chars().all(|c| c.is_alphanumeric() || c == '_')
        })
}

/// The `::: identifier` blocks of a Markdown page (outside fenced code),
/// with the members each renders: mkdocstrings' default, or unsure when
/// its options (the indented YAML below) or the site's set `members`,
/// `filters`, `inherited_members` or `show_submodules`.
fn mkdocstrings_blocks(text: &str, settings: &Settings) -> Vec<(String, Members)> {
    const MEMBER_OPTIONS: &[&str] = &[
        "members:",
        "filters:",
        "inherited_members:",
        "show_submodules:",
    ];
    let mut out = Vec::new();
    let mut fence: Option<(char, usize)> = None;
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start_matches(' ');
        let indent = line.len() - t.len();
        if indent <= 3 {
            let run = |c: char| t.chars().take_while(|&x| x == c).count();
            let (c, n) = (t.chars().next().unwrap_or(' '), run('`').max(run('~')));
            if n >= 3 && (c == '`' || c == '~') {
                fence = match fence {
                    Some((f, m)) if f == c && n >= m => None,
                    None => Some((c, n)),
                    open => open,
                };
                continue;
            }
        }
        if fence.is_some() || indent > 0 {
            continue;
        }
        let t = t.trim_start_matches('#').trim_start();
        let Some(name) = t.strip_prefix(":::") else {
            continue;
        };
        let name = name.trim();
        if !dotted_name(name) {
            continue;
        }
        // The block's options: its indented lines, at most
        // [`MAX_OPTION_LINES`] (bounded work on a page of many blocks).
        let options: Vec<&str> = lines[i + 1..]
            .iter()
            .take(MAX_OPTION_LINES)
            .take_while(|l| l.starts_with([' ', '\t']) || l.trim().is_empty())
            .copied()
            .collect();
        let members = if let Some(why) = &settings.members_unsure {
            Members::Unsure(why.clone())
        } else if let Some(o) = options
            .iter()
            .find(|l| MEMBER_OPTIONS.iter().any(|m| l.trim_start().starts_with(m)))
        {
            Members::Unsure(format!(
                "the mkdocstrings option `{}` of `::: {name}`",
                o.trim().split(':').next().unwrap_or("")
            ))
        } else {
            let written = settings.filters.clone();
            let list = written.unwrap_or_else(|| vec!["!^_[^_]".to_string()]);
            match Filters::parse(&list) {
                Some(f) => Members::All {
                    private: Names::None,
                    special: Names::All,
                    except: Vec::new(),
                    filters: Some(f),
                },
                None => Members::Unsure(
                    "the mkdocstrings option `filters` (mkdocs.yml `plugins`), not read".into(),
                ),
            }
        };
        out.push((name.to_string(), members));
    }
    out
}

/// The autodoc directives of a reStructuredText page, each with its
/// object's full dotted name (the current module of `.. module::`,
/// `.. currentmodule::` or `.. automodule::` put before a name that
/// autodoc takes relative to it) and the members it renders.
fn autodoc_directives(text: &str, settings: &Settings) -> Vec<(String, Members)> {
    let mut out = Vec::new();
    let mut module: Option<String> = None;
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let Some(rest) = t.strip_prefix(".. ") else {
            continue;
        };
        let Some((directive, arg)) = rest.split_once("::") else {
            continue;
        };
        let directive = directive.trim().trim_start_matches("py:");
        let arg = arg.trim();
        if matches!(directive, "module" | "currentmodule") {
            module = (arg != "None" && dotted_name(arg)).then(|| arg.to_string());
            continue;
        }
        let Some(kind) = directive.strip_prefix("auto") else {
            continue;
        };
        let name = arg.split(['(', ' ']).next().unwrap_or("");
        if !dotted_name(name) {
            continue;
        }
        let options = directive_options(&lines[i + 1..], line.len() - t.len());
        let full = match kind {
            "module" => {
                module = Some(name.to_string());
                name.to_string()
            }
            "method" | "attribute" | "property" => match &module {
                Some(m) => format!("{m}.{name}"),
                None => name.to_string(),
            },
            "class" | "exception" | "function" | "data" | "decorator" => {
                match (&module, name.contains('.')) {
                    (Some(m), false) => format!("{m}.{name}"),
                    _ => name.to_string(),
                }
            }
            _ => continue,
        };
        let members = autodoc_members(&options, settings);
        out.push((full, members));
    }
    out
}

/// The options (`:name: value`) of a directive whose lines follow
/// `after` (the directive at indentation `indent`).
fn directive_options<'a>(after: &[&'a str], indent: usize) -> Vec<(&'a str, &'a str)> {
    let mut out = Vec::new();
    for l in after {
        let t = l.trim_start();
        if t.is_empty() || l.len() - t.len() <= indent {
            break;
        }
        let Some(opt) = t.strip_prefix(':') else {
            break;
        };
        let Some((name, value)) = opt.split_once(':') else {
            break;
        };
        out.push((name, value.trim()));
    }
    out
}

/// The members an autodoc directive with `options` renders (of its own
/// module or class: those `:inherited-members:` or `:imported-members:`
/// add are docstrings of other objects, not read).
fn autodoc_members(options: &[(&str, &str)], settings: &Settings) -> Members {
    let get = |n: &str| options.iter().find(|(k, _)| *k == n).map(|(_, v)| *v);
    let Some(members) = get("members") else {
        return match &settings.members_unsure {
            Some(why) => Members::Unsure(why.clone()),
            None => Members::None,
        };
    };
    let list = |v: &str| -> Vec<String> {
        v.split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    };
    let names = |option: &str| match get(option) {
        None => Names::None,
        Some("") => Names::All,
        Some(v) => Names::Listed(list(v)),
    };
    if members.is_empty() {
        Members::All {
            private: names("private-members"),
            special: names("special-members"),
            except: get("exclude-members").map(list).unwrap_or_default(),
            filters: None,
        }
    } else {
        Members::Listed(list(members))
    }
}

/// The Python file of the module `module` (dotted) under `paths`: its
/// `.py` file or its package's `__init__.py`, symbolic links resolved;
/// with `within` (a canonical directory), only a file inside it (one
/// outside, or reached through a link that leads out, is passed over).
fn module_file(module: &str, paths: &[PathBuf], within: Option<&Path>) -> Option<PathBuf> {
    let rel: PathBuf = module.split('.').collect();
    for p in paths {
        for candidate in [
            p.join(&rel).with_extension("py"),
            p.join(&rel).join("__init__.py"),
        ] {
            if !candidate.is_file() {
                continue;
            }
            let Ok(real) = std::fs::canonicalize(&candidate) else {
                continue;
            };
            if within.is_none_or(|w| real.starts_with(w)) {
                return Some(real);
            }
        }
    }
    None
}

/// The bytes of module file `file`, when it is at most
/// [`python_docstring::MAX_BYTES`] long (a bigger one is not read: the
/// lexer would refuse it).
fn read_module(file: &Path) -> Option<Vec<u8>> {
    use std::io::Read;
    let f = std::fs::File::open(file).ok()?;
    let cap = python_docstring::MAX_BYTES as u64;
    let mut bytes = Vec::new();
    f.take(cap + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 <= cap).then_some(bytes)
}

/// The Python file and the dotted path in it of the object `name` (a
/// full dotted name), found under `paths`: the longest prefix that is a
/// module, then the rest inside it, following re-exports (`from .app
/// import Flask`) up to [`MAX_HOPS`] modules. `None` when it is not found
/// for sure.
fn find_object(name: &str, paths: &[PathBuf], within: Option<&Path>) -> Option<(PathBuf, String)> {
    let parts: Vec<&str> = name.split('.').collect();
    let (module, rest) = (1..=parts.len())
        .rev()
        .find_map(|k| {
            Some((
                parts[..k].join("."),
                module_file(&parts[..k].join("."), paths, within)?,
                k,
            ))
        })
        .map(|(m, f, k)| ((m, f), parts[k..].join(".")))?;
    let (mut module, mut file) = module;
    let mut rest = rest;
    for _ in 0..MAX_HOPS {
        if rest.is_empty() {
            return Some((file, rest));
        }
        let src = read_module(&file)?;
        let first = rest.split('.').next().unwrap_or("");
        // A module the lexer cannot read renders what the page names
        // there for all the model knows: its reader names it.
        let defined = python_docstring::defines(&src, first).unwrap_or(true);
        if defined {
            return Some((file, rest));
        }
        let package = file.file_name().is_some_and(|n| n == "__init__.py");
        let (from, original) = python_docstring::imported_from(&src, first)?;
        let target = absolute_module(&module, package, &from)?;
        let tail = rest.split_once('.').map_or("", |(_, t)| t);
        rest = if tail.is_empty() {
            original
        } else {
            format!("{original}.{tail}")
        };
        match module_file(&target, paths, within) {
            Some(f) => {
                module = target;
                file = f;
            }
            None => {
                // `from . import views` names a submodule.
                let sub = format!("{target}.{}", rest.split('.').next().unwrap_or(""));
                let f = module_file(&sub, paths, within)?;
                rest = rest
                    .split_once('.')
                    .map_or(String::new(), |(_, t)| t.to_string());
                module = sub;
                file = f;
            }
        }
    }
    None
}

/// The absolute module a `from X import` in `module` (a package's
/// `__init__` when `package`) names.
fn absolute_module(module: &str, package: bool, from: &str) -> Option<String> {
    let dots = from.chars().take_while(|&c| c == '.').count();
    if dots == 0 {
        return Some(from.to_string());
    }
    let mut base: Vec<&str> = module.split('.').collect();
    let up = if package { dots - 1 } else { dots };
    if up >= base.len() + usize::from(package) && up > 0 {
        return None;
    }
    base.truncate(base.len().checked_sub(up)?);
    let rest = &from[dots..];
    if !rest.is_empty() {
        base.push(rest);
    }
    Some(base.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(renderer: Renderer, paths: Vec<PathBuf>) -> Settings {
        Settings {
            renderer,
            paths,
            members_unsure: None,
            init_with_class: false,
            filters: None,
        }
    }

    #[test]
    fn blocks_of_a_markdown_page() {
        let s = settings(Renderer::Mkdocstrings, Vec::new());
        let page = "# P\n\n::: mkdocs.plugins.BasePlugin.on_files\n\n```\n::: not.a.block\n```\n\n::: mkdocs-click\n    :module: x\n\n## ::: a.b\n    options:\n      members: [x]\n";
        let found = mkdocstrings_blocks(page, &s);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].0, "mkdocs.plugins.BasePlugin.on_files");
        assert!(matches!(found[0].1, Members::All { .. }));
        assert_eq!(found[1].0, "a.b");
        assert!(matches!(found[1].1, Members::Unsure(_)));
    }

    #[test]
    fn directives_of_a_rst_page() {
        let s = settings(Renderer::Autodoc, Vec::new());
        let page = ".. module:: flask\n\n.. autoclass:: Flask\n    :members:\n    :exclude-members: x\n\n.. currentmodule:: None\n\n.. autoclass:: flask.views.View\n   :members:\n\n.. autofunction:: f(a, b)\n\n.. automethod:: Flask.run\n.. autoclass:: flask.views.Other\n   :members: a, b\n";
        let found = autodoc_directives(page, &s);
        let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "flask.Flask",
                "flask.views.View",
                "f",
                "Flask.run",
                "flask.views.Other"
            ]
        );
        assert_eq!(
            found[0].1,
            Members::All {
                private: Names::None,
                special: Names::None,
                except: vec!["x".into()],
                filters: None,
            }
        );
        assert_eq!(found[2].1, Members::None);
        assert_eq!(found[4].1, Members::Listed(vec!["a".into(), "b".into()]));
    }

    #[test]
    fn members_rendered_by_default_filters() {
        let all = Members::All {
            private: Names::None,
            special: Names::All,
            except: Vec::new(),
            filters: Filters::parse(&["!^_[^_]".to_string()]),
        };
        assert_eq!(member_rendered(&all, "on_files"), Ok(true));
        assert_eq!(member_rendered(&all, "_private"), Ok(false));
        assert_eq!(member_rendered(&all, "__init__"), Ok(true));
        assert_eq!(member_rendered(&Members::None, "x"), Ok(false));
        assert!(member_rendered(&Members::Unsure("why".into()), "x").is_err());
        // sentry-python's `:special-members: __init__`.
        let init = Members::All {
            private: Names::None,
            special: Names::Listed(vec!["__init__".into()]),
            except: Vec::new(),
            filters: None,
        };
        assert_eq!(member_rendered(&init, "__init__"), Ok(true));
        assert_eq!(member_rendered(&init, "__call__"), Ok(false));
        assert_eq!(member_rendered(&init, "capture"), Ok(true));
        // mkdocstrings-python's `_keep_object`: the last match decides;
        // no match keeps unless every filter includes.
        let f = |l: &[&str]| {
            Filters::parse(&l.iter().map(|x| x.to_string()).collect::<Vec<_>>())
                .unwrap_or_else(|| panic!("{l:?}"))
        };
        assert!(!f(&["!^_"]).keep("__init__"));
        assert!(f(&["!^_"]).keep("model_dump"));
        assert!(f(&["!^_", "^__init__$"]).keep("__init__"));
        assert!(!f(&["^on_"]).keep("load_config"));
        assert!(f(&["^on_"]).keep("on_files"));
        assert!(f(&[]).keep("x"));
    }

    #[test]
    fn relative_imports() {
        assert_eq!(
            absolute_module("flask", true, ".app").as_deref(),
            Some("flask.app")
        );
        assert_eq!(
            absolute_module("flask.json", true, "..app").as_deref(),
            Some("flask.app")
        );
        assert_eq!(
            absolute_module("flask.views", false, ".app").as_deref(),
            Some("flask.app")
        );
        assert_eq!(absolute_module("flask", true, "."), Some("flask".into()));
        assert_eq!(absolute_module("a", false, "..x"), None);
    }

    /// Objects found through a package's re-exports, and pages that render
    /// them (a tree like pallets/flask's `src/flask`).
    #[test]
    fn objects_found_through_reexports() {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = std::fs::canonicalize(dir.path()).expect("real");
        let pkg = root.join("src/flask");
        std::fs::create_dir_all(&pkg).expect("dirs");
        std::fs::write(
            pkg.join("__init__.py"),
            "from .app import Flask as Flask\nfrom . import views as views\n",
        )
        .expect("init");
        std::fs::write(pkg.join("app.py"), "class Flask:\n    \"\"\"F.\"\"\"\n").expect("app");
        std::fs::write(pkg.join("views.py"), "class View:\n    \"\"\"V.\"\"\"\n").expect("views");
        let paths = vec![root.join("src")];
        assert_eq!(
            find_object("flask.Flask.run", &paths, None),
            Some((pkg.join("app.py"), "Flask.run".to_string()))
        );
        assert_eq!(
            find_object("flask.views.View", &paths, None),
            Some((pkg.join("views.py"), "View".to_string()))
        );
        assert_eq!(
            find_object("flask", &paths, None),
            Some((pkg.join("__init__.py"), String::new()))
        );
        assert_eq!(find_object("flask.Nothing", &paths, None), None);
        // A search path that leads out of the tree (`paths: [..]`,
        // `sys.path.insert(0, "/")`): nothing outside the tree is used,
        // directly or through a re-export, nor a link that leads out.
        let tree = root.join("tree");
        std::fs::create_dir_all(&tree).expect("tree");
        std::os::unix::fs::symlink(pkg.join("app.py"), tree.join("linked.py")).expect("link");
        let out_and_in = vec![root.join("src"), tree.clone()];
        assert_eq!(find_object("flask.Flask", &out_and_in, Some(&tree)), None);
        assert_eq!(find_object("linked.Flask", &out_and_in, Some(&tree)), None);
        std::fs::write(tree.join("inside.py"), "class In:\n    \"\"\"I.\"\"\"\n").expect("inside");
        assert_eq!(
            find_object("inside.In", &out_and_in, Some(&tree)),
            Some((tree.join("inside.py"), "In".to_string()))
        );
        // A module over the lexer's cap is not read.
        std::fs::write(
            tree.join("big.py"),
            vec![b'#'; python_docstring::MAX_BYTES + 1],
        )
        .expect("big");
        assert_eq!(find_object("big.Thing", &out_and_in, Some(&tree)), None);
    }
    #[test]
    fn settings_of_mkdocs_yml_and_conf_py() {
        let yaml = |t: &str| {
            yaml_rust2::YamlLoader::load_from_str(t)
                .ok()
                .and_then(|d| d.into_iter().next())
                .unwrap_or(yaml_rust2::Yaml::Null)
        };
        let dir = Path::new("/r");
        // mkdocs/mkdocs: no `paths`, options that keep the members.
        let plugin = yaml("handlers:\n  python:\n    options:\n      members_order: source\n");
        let s = mkdocstrings(dir, &plugin);
        assert_eq!(
            s,
            Some(Settings {
                renderer: Renderer::Mkdocstrings,
                paths: vec![PathBuf::from("/r")],
                members_unsure: None,
                init_with_class: false,
                filters: None,
            })
        );
        // pydantic/pydantic: `filters: ['!^_']`, `merge_init_into_class`.
        let plugin = yaml("handlers:\n  python:\n    paths: [src]\n    options:\n      filters: ['!^_']\n      merge_init_into_class: true\n");
        let s = mkdocstrings(dir, &plugin).unwrap_or_else(|| panic!("settings"));
        assert_eq!(s.paths, [PathBuf::from("/r/src")]);
        assert_eq!(s.members_unsure, None);
        assert_eq!(s.filters, Some(vec!["!^_".to_string()]));
        assert!(s.init_with_class);
        // A pattern the regex crate does not read (lookahead), or
        // `members`: unsure.
        let plugin = yaml("handlers:\n  python:\n    options:\n      filters: ['!^(?=_)']\n");
        let s = mkdocstrings(dir, &plugin).unwrap_or_else(|| panic!("settings"));
        assert!(s.members_unsure.is_some_and(|w| w.contains("`filters`")));
        let plugin = yaml("handlers:\n  python:\n    options:\n      members: [a]\n");
        let s = mkdocstrings(dir, &plugin).unwrap_or_else(|| panic!("settings"));
        assert!(s.members_unsure.is_some_and(|w| w.contains("`members`")));
        assert_eq!(mkdocstrings(dir, &yaml("default_handler: crystal\n")), None);
        assert_eq!(
            mkdocstrings(dir, &yaml("handlers:\n  python:\n    paths: [\"src/*\"]\n")),
            None
        );
        // Sphinx: autodoc loaded, a literal `sys.path` entry first.
        let conf = "import os, sys\nsys.path.insert(0, os.path.abspath('../lib'))\nextensions = ['sphinx.ext.autodoc']\nautodoc_default_options = {'members': True}\n";
        let s = autodoc(
            Path::new("/r/docs"),
            conf,
            &["sphinx.ext.autodoc".to_string()],
        )
        .unwrap_or_else(|| panic!("settings"));
        assert_eq!(s.paths[0], PathBuf::from("/r/lib"));
        assert!(s.paths.contains(&PathBuf::from("/r/src")));
        assert!(s
            .members_unsure
            .is_some_and(|w| w.contains("autodoc_default_options")));
        assert_eq!(autodoc(Path::new("/r/docs"), conf, &[]), None);
        assert!(!s.init_with_class);
        let boto3 = "autoclass_content = 'both'\n";
        let s = autodoc(Path::new("/r"), boto3, &["sphinx.ext.autodoc".to_string()]);
        assert!(s.is_some_and(|s| s.init_with_class));
    }
    /// boto3's `autoclass_content = 'both'`: a class rendered renders its
    /// `__init__`'s docstring; without it, `__init__` is not rendered.
    #[test]
    fn a_class_renders_its_init_with_autoclass_content() {
        let block = |init_with_class| Block {
            page: PathBuf::from("/d/p.rst"),
            object: "A".into(),
            members: Members::None,
            renderer: Renderer::Autodoc,
            init_with_class,
        };
        let file = PathBuf::from("/m.py");
        for (init, want) in [(true, vec![PathBuf::from("/d/p.rst")]), (false, Vec::new())] {
            let r = Rendering {
                by_file: HashMap::from([(file.clone(), vec![block(init)])]),
            };
            assert_eq!(r.pages(&file, "A.__init__").sure, want);
            assert_eq!(r.pages(&file, "A").sure, [PathBuf::from("/d/p.rst")]);
            assert!(r.pages(&file, "B.__init__").sure.is_empty());
        }
    }
}
