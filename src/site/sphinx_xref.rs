//! Sphinx cross-references as the project resolves them: what `conf.py`
//! says of them ([`Xrefs`]), and the labels of a project
//! ([`project_labels`]) that `:ref:` names.
//!
//! A `:doc:` role or `toctree` entry names a document by its name (its
//! path in the source directory without the source suffix), relative to
//! the referring document's directory or, after `/`, to the source
//! directory; a `:ref:` role names a label, compared after docutils'
//! `fully_normalize_name` (lower case, white space collapsed). Labels are
//! explicit targets (`.. _label:` before a section or block), the `:name:`
//! option of a directive, MyST `(label)=` targets and directive `:name:` or
//! `:label:` options, and, with `sphinx.ext.autosectionlabel`, every
//! section title (`document:title` with `autosectionlabel_prefix_document`,
//! down to `autosectionlabel_maxdepth`); `genindex`, `modindex`,
//! `py-modindex` and `search` always. Sources: Sphinx documentation,
//! "Cross-referencing arbitrary locations", "sphinx.ext.autosectionlabel",
//! "sphinx.ext.intersphinx" (`intersphinx_mapping`,
//! `intersphinx_disabled_reftypes`: a reference not found in the project is
//! looked for in the inventories of other projects, `:doc:` not since
//! Sphinx 5.0); docutils `nodes.fully_normalize_name`.

use std::collections::HashSet;
use std::path::Path;

/// Sphinx extensions known to add no label a `:ref:` could name and no
/// document a `:doc:` could name (besides those of
/// [`super::sphinx::HARMLESS_EXTENSIONS`], which add neither pages nor
/// anchors): themes, markup helpers, and extensions whose pages are no
/// documents (`viewcode`'s `_modules/`).
pub const NO_LABEL_EXTENSIONS: &[&str] = &[
    "sphinx.ext.viewcode",
    "sphinx.ext.linkcode",
    "sphinx_autodoc_typehints",
    "sphinx_design",
    "sphinx_togglebutton",
    "sphinxcontrib.spelling",
    "sphinxcontrib.jquery",
    "sphinx_favicon",
    "sphinx_last_updated_by_git",
    "sphinx_prompt",
    "sphinx-prompt",
    "sphinx_paramlinks",
    "sphinx_reredirects",
    "notfound.extension",
    "hoverxref.extension",
    "versionwarning.extension",
    "alabaster",
    "furo",
    "pydata_sphinx_theme",
    "sphinx_book_theme",
    "sphinx_immaterial",
    "matplotlib.sphinxext.plot_directive",
    "IPython.sphinxext.ipython_console_highlighting",
    "sphinxcontrib.programoutput",
];

/// Sphinx extensions whose sources may define labels the project's own
/// files do not show (`autodoc`'s docstrings may hold `.. _label:`) or
/// that make documents of their own.
fn adds_labels(extension: &str) -> bool {
    !super::sphinx::HARMLESS_EXTENSIONS.contains(&extension)
        && !NO_LABEL_EXTENSIONS.contains(&extension)
        && extension != "myst_parser"
}

/// Sphinx extensions that write documents at build time (stub pages,
/// galleries, notebooks, API pages, blog indexes, tables of contents
/// from files, documents collected from elsewhere): with one, a document
/// not found is not sure to be missing.
pub const DOCUMENT_EXTENSIONS: &[&str] = &[
    "sphinx.ext.autosummary",
    "sphinx.ext.apidoc",
    "sphinx_gallery.gen_gallery",
    "nbsphinx",
    "myst_nb",
    "autoapi.extension",
    "autoapi.sphinx",
    "sphinxcontrib.apidoc",
    "sphinx_automodapi.automodapi",
    "ablog",
    "sphinx_external_toc",
    "sphinxcontrib.collections",
    "sphinx_collections",
    "sphinxcontrib.towncrier.ext",
];

/// Sphinx extensions that document objects inside the pages that use
/// them and write no document: with only these (and the known harmless
/// ones), a document not found is missing.
const DOCUMENTLESS_EXTENSIONS: &[&str] = &[
    "autodocsumm",
    "sphinx.ext.autodoc.typehints",
    "sphinxcontrib.autodoc_pydantic",
    "enum_tools.autoenum",
    "sphinx_issues",
    "sphinxcontrib.bibtex",
    "sphinxext.rediraffe",
    "sphinxcontrib.httpdomain",
    "sphinx_inline_tabs",
];

/// True when `extension` may write documents the model does not know
/// of: neither known to write none nor in [`DOCUMENT_EXTENSIONS`].
fn unknown_to_documents(extension: &str) -> bool {
    adds_labels(extension)
        && !super::sphinx::ANCHOR_EXTENSIONS.contains(&extension)
        && !DOCUMENTLESS_EXTENSIONS.contains(&extension)
        && !DOCUMENT_EXTENSIONS.contains(&extension)
}

/// What a Sphinx project's `conf.py` says of cross-references, where it
/// is literal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Xrefs {
    /// The keys of `intersphinx_mapping` (a `key:` prefix of a target
    /// names another project), when `sphinx.ext.intersphinx` is on.
    pub intersphinx_keys: Vec<String>,
    /// Why a label not found in the project may still resolve
    /// (intersphinx's inventories, an extension that may add labels, an
    /// `extensions` list that is not literal); `None` when the model is
    /// sure it would not.
    pub unsure_labels: Option<String>,
    /// Why a document not found in the project may still be made (an
    /// extension that makes documents, `conf.py` code that writes
    /// files); `None` when the model is sure it would not.
    pub unsure_documents: Option<String>,
    /// Why a document not found in a directory that holds no source may
    /// still be made there (an extension the model does not know, which
    /// may fill a folder of its own); `None` when none is on.
    pub unsure_folders: Option<String>,
    /// `sphinx.ext.autosectionlabel`: section titles are labels.
    pub section_labels: Option<SectionLabels>,
}

/// The settings of `sphinx.ext.autosectionlabel`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SectionLabels {
    /// `autosectionlabel_prefix_document`: labels are `document:title`.
    pub prefix_document: bool,
    /// `autosectionlabel_maxdepth`: only sections down to this depth
    /// (1 is a document's title); `None` for all.
    pub max_depth: Option<u8>,
}

/// Calls in `conf.py` that may write sources at build time (sphinx-apidoc,
/// a copy, a generated file).
const WRITING_CALLS: &[&str] = &[
    "apidoc",
    "subprocess",
    "os.system",
    "shutil.copy",
    "copytree",
    "write_text",
    "open(",
    "symlink",
];

/// Reads [`Xrefs`] from `conf.py`'s text `text`, whose literal
/// `extensions` are `extensions` (`literal` false when the list is not
/// literal).
pub fn read(text: &str, extensions: &[String], literal: bool) -> Xrefs {
    let config = "conf.py";
    let mut x = Xrefs::default();
    let intersphinx = extensions.iter().any(|e| e == "sphinx.ext.intersphinx");
    if intersphinx {
        x.intersphinx_keys = super::sphinx::keys_of_dict(text, "intersphinx_mapping");
        let disabled = super::sphinx::strings_of_list(text, "intersphinx_disabled_reftypes");
        let labels_off = disabled
            .iter()
            .any(|d| d == "*" || d == "std:*" || d == "std:label" || d == "std:ref");
        if !labels_off {
            x.unsure_labels = Some(format!(
                "`sphinx.ext.intersphinx` ({config}) looks for a label the project does not define in other projects' inventories"
            ));
        }
    }
    if let Some(e) = extensions.iter().find(|e| adds_labels(e)) {
        x.unsure_labels.get_or_insert(format!(
            "the Sphinx extension `{e}` ({config} `extensions`) may add labels"
        ));
    }
    if let Some(e) = extensions
        .iter()
        .find(|e| DOCUMENT_EXTENSIONS.contains(&e.as_str()))
    {
        x.unsure_documents = Some(format!(
            "the Sphinx extension `{e}` ({config} `extensions`) writes documents"
        ));
    }
    if let Some(e) = extensions.iter().find(|e| unknown_to_documents(e)) {
        x.unsure_folders = Some(format!(
            "the Sphinx extension `{e}` ({config} `extensions`) may write documents into a folder of its own"
        ));
    }
    if !literal {
        let why = format!("the Sphinx `extensions` ({config}), not a literal list");
        x.unsure_labels.get_or_insert(why.clone());
        x.unsure_documents.get_or_insert(why);
    }
    if let Some(call) = WRITING_CALLS.iter().find(|c| text.contains(*c)) {
        x.unsure_documents.get_or_insert(format!(
            "{config} runs code that may write sources (`{}`)",
            call.trim_end_matches('(')
        ));
    }
    if extensions
        .iter()
        .any(|e| e == "sphinx.ext.autosectionlabel")
    {
        let setting = |name: &str| super::sphinx::literal(text, name);
        x.section_labels = Some(SectionLabels {
            prefix_document: setting("autosectionlabel_prefix_document")
                .is_some_and(|v| v == "True"),
            max_depth: setting("autosectionlabel_maxdepth").and_then(|v| v.parse().ok()),
        });
    }
    x
}

/// docutils' `fully_normalize_name`: lower case, white space collapsed
/// to one space.
pub fn normalize(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The labels Sphinx defines in every project.
const BUILT_IN_LABELS: &[&str] = &["genindex", "modindex", "py-modindex", "search"];

/// The labels of the Sphinx project whose sources are under `dir`
/// (documents with one of `extensions`, and the files they include inside
/// `bound`), normalized ([`normalize`]); with `sections`, section titles
/// too. `None` when the project is larger than
/// [`super::jupyter_book::MAX_PROJECT_BYTES`] or [`super::MAX_FILES`]
/// files: the labels cannot all be known.
pub fn project_labels(
    dir: &Path,
    extensions: &[&str],
    sections: Option<SectionLabels>,
    bound: &Path,
) -> Option<HashSet<String>> {
    let mut out: HashSet<String> = BUILT_IN_LABELS.iter().map(|s| (*s).to_string()).collect();
    let files = super::project_files(dir)?;
    let mut budget = super::jupyter_book::MAX_PROJECT_BYTES;
    let mut read = |file: &Path| -> Option<Option<String>> {
        let len = std::fs::metadata(file).ok().map_or(0, |m| m.len());
        if len > budget {
            return None;
        }
        budget -= len;
        Some(
            std::fs::read(file)
                .ok()
                .map(|b| String::from_utf8_lossy(&b).into_owned()),
        )
    };
    for (file, rel) in files {
        let Some((stem, ext)) = rel.rsplit_once('.') else {
            continue;
        };
        if !extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)) {
            continue;
        }
        let Some(text) = read(&file)? else {
            continue;
        };
        let myst = ext.eq_ignore_ascii_case("md");
        labels_of(&text, myst, sections, stem, &mut out);
        for included in includes(&text, &file, bound) {
            if let Some(t) = read(&included)? {
                let myst = included.extension().is_some_and(|e| e == "md");
                labels_of(&t, myst, sections, stem, &mut out);
            }
        }
    }
    Some(out)
}

/// How many files one document includes that [`project_labels`] reads.
const MAX_INCLUDES: usize = 16;

/// The files `text` (the document `file`) includes, inside `bound`:
/// `.. include:: x` and MyST ```` ```{include} x ````.
fn includes(text: &str, file: &Path, bound: &Path) -> Vec<std::path::PathBuf> {
    let dir = file.parent().unwrap_or(Path::new(""));
    text.lines()
        .filter_map(|line| {
            let t = line.trim();
            let rest = t
                .strip_prefix(".. include::")
                .or_else(|| t.trim_start_matches(['`', ':']).strip_prefix("{include}"))?;
            let rest = rest.trim();
            (!rest.is_empty() && !rest.starts_with('<') && !rest.starts_with('/')).then_some(rest)
        })
        .map(|t| super::lexically_clean(&dir.join(t)))
        .filter(|p| p.starts_with(bound))
        .take(MAX_INCLUDES)
        .collect()
}

/// Adds the labels of `text` (MyST Markdown when `myst`, else
/// reStructuredText; the document `docname`) to `out`.
fn labels_of(
    text: &str,
    myst: bool,
    sections: Option<SectionLabels>,
    docname: &str,
    out: &mut HashSet<String>,
) {
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix(".. _") {
            // `.. _label:` or `` .. _`label with: colon`: ``.
            let label = match rest.strip_prefix('`') {
                Some(q) => q.split_once("`:").map(|(l, _)| l),
                None => rest.split_once(':').map(|(l, _)| l),
            };
            if let Some(l) = label.filter(|l| !l.is_empty()) {
                out.insert(normalize(&l.replace("\\:", ":")));
            }
        }
        for key in [":name:", ":label:"] {
            if let Some(v) = t.strip_prefix(key) {
                let v = v.trim();
                if !v.is_empty() {
                    out.insert(normalize(v));
                }
            }
        }
        if myst {
            if let Some(label) = t
                .strip_prefix('(')
                .and_then(|r| r.trim_end().strip_suffix(")="))
            {
                out.insert(normalize(label));
            }
            if let Some(v) = t.strip_prefix("name:").or_else(|| t.strip_prefix("label:")) {
                out.insert(normalize(v.trim().trim_matches(['"', '\''])));
            }
        }
        if let Some(s) = sections {
            if let Some((title, depth)) = section_title(&lines, i, myst) {
                if s.max_depth.is_none_or(|m| depth <= m) {
                    let title = normalize(&plain_title(&title));
                    out.insert(if s.prefix_document {
                        format!("{}:{title}", docname.replace('\\', "/"))
                    } else {
                        title
                    });
                }
            }
        }
    }
}

/// The section title line `i` of `lines` starts, with its depth where it
/// is known: a MyST `#` heading (its level), a reStructuredText title
/// (text over an underline of `=`, `-`, `~`, ... at least as long; the
/// depth by order of adornment is not tracked: 1).
fn section_title(lines: &[&str], i: usize, myst: bool) -> Option<(String, u8)> {
    let line = lines[i];
    if myst {
        let t = line.trim_start();
        let level = t.bytes().take_while(|&b| b == b'#').count();
        if (1..=6).contains(&level) && t[level..].starts_with(' ') {
            return Some((
                t[level..].trim().trim_end_matches('#').trim().to_string(),
                level as u8,
            ));
        }
        return None;
    }
    let under = lines.get(i + 1)?.trim_end();
    let title = line.trim();
    let adornment = under.bytes().next()?;
    let is_adornment = !adornment.is_ascii_alphanumeric()
        && !adornment.is_ascii_whitespace()
        && under.bytes().all(|b| b == adornment)
        && under.len() >= 3.min(title.len()).max(1)
        && under.len() >= title.chars().count();
    (is_adornment && !title.is_empty() && !line.starts_with(' ') && !title.starts_with(".."))
        .then(|| (title.to_string(), 1))
}

/// A title's text as Sphinx's `clean_astext` gives it: inline markup
/// characters (`` ` ``, `*`, `|`) and role names (`:code:`) removed.
fn plain_title(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    let mut rest = title;
    while let Some(c) = rest.chars().next() {
        if c == ':' {
            // A role's name, `:name:` followed by a backquote.
            if let Some(end) = rest[1..].find(':') {
                let name = &rest[1..1 + end];
                if !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_:".contains(c))
                    && rest[2 + end..].starts_with('`')
                {
                    rest = &rest[2 + end..];
                    continue;
                }
            }
        }
        if !matches!(c, '`' | '*' | '|') {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

impl super::Site {
    /// The labels of this Sphinx project ([`project_labels`], read once a
    /// run, inside the site's bound); `None` when they cannot all be
    /// known, or for another generator.
    pub fn sphinx_labels(&self) -> Option<std::sync::Arc<HashSet<String>>> {
        let xrefs = self.layout.sphinx_xrefs.as_ref()?;
        self.sphinx_labels
            .get_or_init(|| {
                project_labels(
                    &self.layout.source_dir,
                    &self.layout.page_extensions,
                    xrefs.section_labels,
                    &self.bound,
                )
                .map(std::sync::Arc::new)
            })
            .clone()
    }

    /// True when `path` (absolute, clean) lies inside the directory the
    /// site's files are looked for in (the repository): nothing outside
    /// it is looked at.
    pub fn inside_bound(&self, path: &Path) -> bool {
        path.starts_with(&self.bound)
    }

    /// True when the repository's `.gitignore` lists `path` (a file or
    /// directory of the site): a build step makes it, so its absence
    /// says nothing.
    pub fn made_at_build(&self, path: &Path) -> bool {
        self.ignored.ignores(&self.bound, path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_of_conf_py() {
        let text = "extensions = ['sphinx.ext.intersphinx', 'sphinx.ext.autosectionlabel']\n\
                    intersphinx_mapping = {'python': ('https://docs.python.org/3', None), \"attrs\": ('x', None)}\n\
                    autosectionlabel_prefix_document = True\n";
        let exts = vec![
            "sphinx.ext.intersphinx".to_string(),
            "sphinx.ext.autosectionlabel".to_string(),
        ];
        let x = read(text, &exts, true);
        assert_eq!(x.intersphinx_keys, vec!["python", "attrs"]);
        assert!(x.unsure_labels.is_some_and(|w| w.contains("intersphinx")));
        assert_eq!(x.unsure_documents, None);
        assert_eq!(
            x.section_labels,
            Some(SectionLabels {
                prefix_document: true,
                max_depth: None
            })
        );
        let off = format!("{text}intersphinx_disabled_reftypes = [\"*\"]\n");
        assert_eq!(read(&off, &exts, true).unsure_labels, None);
        let autodoc = vec!["sphinx.ext.autodoc".to_string()];
        let only_autodoc = read("", &autodoc, true);
        assert!(only_autodoc
            .unsure_labels
            .is_some_and(|w| w.contains("autodoc")));
        assert_eq!(only_autodoc.unsure_documents, None);
        assert_eq!(only_autodoc.unsure_folders, None);
        let local = read("", &["mylocalext".to_string()], true);
        assert!(local.unsure_folders.is_some() && local.unsure_documents.is_none());
        let gallery = read("", &["sphinx_gallery.gen_gallery".to_string()], true);
        assert!(gallery.unsure_documents.is_some());
        assert!(read("import subprocess\n", &[], true)
            .unsure_documents
            .is_some_and(|w| w.contains("subprocess")));
    }

    #[test]
    fn labels_of_rst_and_myst() {
        let mut out = HashSet::new();
        let rst = ".. _Upgrading_3_0:\n\nUpgrading to 3.0\n================\n\n\
                   .. _`quoted: label`:\n\n.. figure:: x.png\n   :name: Fig One\n\n\
                   ``Code`` *Title*\n----------------\n";
        labels_of(
            rst,
            false,
            Some(SectionLabels::default()),
            "upgrading",
            &mut out,
        );
        for l in [
            "upgrading_3_0",
            "upgrading to 3.0",
            "quoted: label",
            "fig one",
            "code title",
        ] {
            assert!(out.contains(l), "{l}: {out:?}");
        }
        let mut out = HashSet::new();
        let md = "(polling)=\n## Polling the server\n\n```{figure} x.png\n:name: fig-x\n```\n";
        labels_of(
            md,
            true,
            Some(SectionLabels {
                prefix_document: true,
                max_depth: Some(1),
            }),
            "howto/x",
            &mut out,
        );
        assert!(out.contains("polling") && out.contains("fig-x"));
        assert!(!out.iter().any(|l| l.starts_with("howto/x:")), "{out:?}");
    }

    #[test]
    fn titles_as_sphinx_cleans_them() {
        assert_eq!(
            plain_title("The :class:`Schema` and ``dump``"),
            "The Schema and dump"
        );
        assert_eq!(normalize("  URL   Fetchers "), "url fetchers");
    }
}
