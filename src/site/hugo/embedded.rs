//! Hugo's embedded link render hook (`tpl/tplimpl/embedded/templates/
//! _markup/render-link.html`): a Markdown link's destination that is not
//! absolute is looked up with `.Page.GetPage` (then the page's resources
//! and the global assets); a page found gives its permalink in the
//! current language, fragment and query kept; anything else is written
//! as it is. Which sites it renders is [`in_effect`]; the lookup is
//! `hugolib/pagecollections.go` (`getContentNode`,
//! `getContentNodeForRef`): by the page's *source* path (its logical
//! path: content directory, without the extension, a bundle by its
//! directory, without regard to case), never by its URL, and only among
//! the pages of the current language (a page without a translation is not
//! found: its link is left as written and goes to whatever is served
//! there).

use std::path::{Path, PathBuf};

/// The extensions of the content files goldmark renders (Hugo's
/// `markdown` media type: `md`, `mdown`, `markdown`): only their links go
/// through a link render hook; an `.html`, AsciiDoc, Org or reST page's
/// are written as they are.
const MARKDOWN: &[&str] = &["md", "mdown", "markdown"];

/// The languages and content directories of a Hugo site whose Markdown
/// links the embedded link render hook renders.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EmbeddedLinks {
    /// The language codes (lowercase), the default language's first
    /// (`defaultContentLanguage`, `en` unless set).
    pub languages: Vec<String>,
    /// The content directories (absolute), each with the language it
    /// holds (`languages.<code>.contentDir`, a module mount's `lang`), or
    /// `None` for a directory every language shares, whose files are the
    /// default language's unless their name says another
    /// (`about.fr.md`: Hugo docs, "Multilingual mode", "Translation by
    /// file name").
    pub dirs: Vec<(PathBuf, Option<String>)>,
}

impl EmbeddedLinks {
    /// The content directory holding `file` (the innermost) and the
    /// language of `file`: the directory's, else the code before the
    /// extension of its name when that is a language of the site, else
    /// the default language.
    fn language_of(&self, file: &Path) -> Option<(&Path, String)> {
        let (dir, lang) = self
            .dirs
            .iter()
            .filter(|(d, _)| file.starts_with(d))
            .max_by_key(|(d, _)| d.as_os_str().len())?;
        if let Some(code) = lang {
            return Some((dir, code.clone()));
        }
        let name = file.file_name()?.to_string_lossy().to_lowercase();
        let mut parts = name.rsplit('.');
        parts.next();
        let code = parts
            .next()
            .filter(|c| name.matches('.').count() >= 2 && self.languages.iter().any(|l| l == c))
            .map(str::to_string)
            .or_else(|| self.languages.first().cloned())?;
        Some((dir, code))
    }

    /// The content file of the page at the logical path `logical`
    /// (`docs/faq`, `` for the home page; lowercase, no leading or
    /// trailing `/`) in the language `lang`, as `.GetPage` finds it
    /// among that language's pages: `x.md` (or another page extension
    /// of `exts`), `x/index.md`, `x/_index.md`, with the language's code
    /// before the extension (`x.fr.md`) in a shared directory. `is_file`
    /// says whether a path is a file of the site.
    fn page(
        &self,
        logical: &str,
        lang: &str,
        exts: &[&str],
        is_file: &dyn Fn(&Path) -> bool,
    ) -> Option<PathBuf> {
        let default = self.languages.first().is_some_and(|d| d == lang);
        for (dir, own) in &self.dirs {
            let suffixes: Vec<String> = match own {
                Some(code) if code == lang => vec![String::new(), format!(".{lang}")],
                Some(_) => continue,
                None if default => vec![String::new(), format!(".{lang}")],
                None => vec![format!(".{lang}")],
            };
            let base = dir.join(logical);
            for suffix in &suffixes {
                for ext in exts {
                    let mut candidates = Vec::new();
                    if !logical.is_empty() {
                        if let Some(name) = base.file_name() {
                            let name = format!("{}{suffix}.{ext}", name.to_string_lossy());
                            candidates.push(base.with_file_name(name));
                        }
                    }
                    candidates.push(base.join(format!("index{suffix}.{ext}")));
                    candidates.push(base.join(format!("_index{suffix}.{ext}")));
                    if let Some(found) = candidates.into_iter().find(|c| is_file(c)) {
                        return Some(found);
                    }
                }
            }
        }
        None
    }
}

/// True when Hugo's embedded link render hook renders the site's
/// Markdown links (Hugo docs, "Configure markup",
/// `markup.goldmark.renderHooks.link.useEmbedded`; `config/allconfig/
/// allconfig.go`): `always`; `fallback` when the site and its themes
/// have no link render hook (`custom_hook`); `auto`, the default, as
/// `fallback` on a multilingual single-host site (two languages or more,
/// none with a `baseURL` of its own) that keeps
/// `markup.goldmark.duplicateResourceFiles` off; never with `never`. The
/// deprecated `renderHooks.link.enableDefault` is `fallback` when true,
/// `never` when false.
pub(super) fn in_effect(
    languages: Option<&toml::Value>,
    markup: Option<&toml::Value>,
    custom_hook: bool,
) -> bool {
    let goldmark = markup.and_then(|m| m.get("goldmark"));
    let link = goldmark
        .and_then(|g| g.get("renderHooks"))
        .and_then(|r| r.get("link"));
    let legacy = link
        .and_then(|k| k.get("enableDefault"))
        .and_then(toml::Value::as_bool)
        .map(|on| if on { "fallback" } else { "never" }.to_string());
    let use_embedded = legacy.or_else(|| {
        link.and_then(|k| k.get("useEmbedded"))
            .and_then(toml::Value::as_str)
            .map(str::to_lowercase)
    });
    match use_embedded.as_deref() {
        Some("always") => true,
        Some("fallback") => !custom_hook,
        Some("never") => false,
        _ => {
            let langs = languages.and_then(toml::Value::as_table);
            let multilingual = langs.is_some_and(|t| t.len() >= 2);
            let multihost = langs.is_some_and(|t| {
                t.values().any(|v| {
                    v.as_table()
                        .is_some_and(|v| v.keys().any(|k| k.eq_ignore_ascii_case("baseURL")))
                })
            });
            let duplicate = goldmark
                .and_then(|g| g.get("duplicateResourceFiles"))
                .and_then(toml::Value::as_bool)
                == Some(true);
            multilingual && !multihost && !duplicate && !custom_hook
        }
    }
}

/// The content file of the page Hugo's embedded link render hook links
/// to for the destination `decoded` (its path, percent-decoded, no query
/// or fragment) of a Markdown link on the page `file`, in `links`' site:
/// `.GetPage` in the page's language (`hugolib/pagecollections.go`):
/// a path starting with `/` from the content root; another first from the
/// page's directory (a leaf bundle's container, unless the path has an
/// extension and starts with `../`; a section's own directory), then, when
/// it does not start with `.`, from the content root. The last segment's
/// page extension, `index` and `_index` are dropped; a trailing `/` is
/// ignored. `None` when it finds no page (the link stays as written),
/// for a destination with an extension that is no page's (`x.png`), and
/// for a page goldmark does not render (`.html`). `exts` are the site's
/// page extensions; `is_file` says whether a path is a file of the site.
pub(super) fn get_page(
    links: &EmbeddedLinks,
    file: &Path,
    decoded: &str,
    exts: &[&str],
    is_file: &dyn Fn(&Path) -> bool,
) -> Option<PathBuf> {
    let page_ext = file.extension()?.to_string_lossy().to_lowercase();
    if !MARKDOWN.contains(&page_ext.as_str()) {
        return None;
    }
    let (content, lang) = links.language_of(file)?;
    let reference = decoded.strip_prefix("./").unwrap_or(decoded);
    if reference.is_empty() || reference.contains(':') || reference.contains('\\') {
        return None;
    }
    let reference = reference.trim_end_matches('/');
    let last = reference.rsplit('/').next().unwrap_or_default();
    let had_ext = last.contains('.');
    let last_stem = match last.rsplit_once('.') {
        Some((stem, ext)) => {
            let ext = ext.to_lowercase();
            if !exts.contains(&ext.as_str()) {
                return None;
            }
            stem
        }
        None => last,
    };
    let reference = &reference[..reference.len() - last.len()];
    let reference = match last_stem.to_lowercase().as_str() {
        "index" | "_index" => reference.trim_end_matches('/').to_string(),
        _ => format!("{reference}{last_stem}"),
    };
    let lookup = |logical: &str| -> Option<PathBuf> {
        let logical = normalize(logical)?;
        links.page(&logical, &lang, exts, is_file)
    };
    if !reference.starts_with('/') {
        let rel = file.strip_prefix(content).ok()?;
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        let stem = stem.split('.').next().unwrap_or_default();
        let parent = rel.parent().unwrap_or(Path::new(""));
        let base = if stem == "index" && !(had_ext && reference.starts_with("../")) {
            parent.parent().unwrap_or(Path::new(""))
        } else {
            parent
        };
        let base = base.to_string_lossy().replace('\\', "/");
        if let Some(found) = lookup(&format!("{base}/{reference}")) {
            return Some(found);
        }
        if reference.starts_with('.') {
            return None;
        }
    }
    lookup(&reference)
}

/// The logical path `path` (`/`-separated) cleaned as Go's `path.Join`
/// cleans it (`.` dropped, `..` taking one segment off, never above the
/// root), lowercase, without leading or trailing `/`; `None` for a
/// segment that leaves nothing to look up (an empty name).
fn normalize(path: &str) -> Option<String> {
    let mut out: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    let joined = out.join("/").to_lowercase();
    (!joined.contains('\0')).then_some(joined)
}
