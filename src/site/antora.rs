//! Antora (`antora.yml` of a component version): pages are the AsciiDoc
//! files of `modules/<module>/pages/`, served as
//! `/<component>/<version>/<module>/x.html` (the `ROOT` module without its
//! name); the other modules' pages are mounted under their names. A page
//! id in an xref (`xref:page.adoc#id[]`, read by
//! `crate::format::asciidoc` as `page.adoc#id`, and `xref:module:page.adoc`
//! as `../../module/pages/page.adoc`) names a file from the `pages/`
//! directory of the page's module ([`page_file`]). Source: Antora
//! documentation, "Component version descriptor", "Page coordinates" and
//! "Page ID".

use std::path::{Path, PathBuf};

use yaml_rust2::Yaml;

use super::slug::IdAttributes;
use super::{Generator, Layout, UrlStyle};

/// The name of the configuration file.
pub const CONFIG_NAMES: &[&str] = &["antora.yml"];

/// The Antora component version described in `dir` (`antora.yml`).
pub fn read(dir: &Path) -> Option<Layout> {
    let config = dir.join(CONFIG_NAMES[0]);
    if !config.is_file() {
        return None;
    }
    let mut l = Layout::new(Generator::Antora, dir, &config);
    l.source_dir = dir.join("modules/ROOT/pages");
    l.page_extensions = vec!["adoc"];
    l.index_names = vec!["index.adoc"];
    l.url_style = UrlStyle::Html;
    // Section ids by Asciidoctor's `idprefix` and `idseparator`, as the
    // playbook and `antora.yml` set them ([`section_ids`]).
    let (attrs, unsure) = section_ids(dir, &config);
    l.renderer = super::slug::Renderer::Asciidoctor(attrs);
    l.unsure_section_ids = unsure;
    // Pages other content sources may bring to this component version.
    if let Some(why) = other_sources(dir, &config) {
        l.unsure_pages.push(why);
    }
    let modules = dir.join("modules");
    if let Ok(entries) = std::fs::read_dir(&modules) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name != "ROOT" && e.path().join("pages").is_dir() {
                l.mounts.push((e.path().join("pages"), format!("/{name}/")));
            }
            // Partials and examples are included into pages (of any
            // module), and navigation files (`nav.adoc`) are the
            // module's: their links are the site's, not the file's own.
            for family in ["partials", "examples"] {
                if e.path().join(family).is_dir() {
                    l.theme_dirs.push(e.path().join(family));
                }
            }
            aliases(&mut l, &e.path(), &name);
            if let Ok(files) = std::fs::read_dir(e.path()) {
                for f in files.flatten() {
                    let p = f.path();
                    if p.extension().is_some_and(|x| x == "adoc") && p.is_file() {
                        l.theme_dirs.push(p);
                    }
                }
            }
        }
    }
    Some(l)
}

/// The most bytes of a page read for its `:page-aliases:` (its header).
const HEADER_BYTES: u64 = 4096;

/// The `:page-aliases:` of the pages of the module `module` (named
/// `name`), each pushed to [`Layout::redirects`] as [`alias_url`] gives
/// it: Antora resolves an xref to an alias to the page that declares it
/// (Antora docs, "Page aliases"). Aliases of another component or version
/// are passed over.
fn aliases(l: &mut Layout, module: &Path, name: &str) {
    use std::io::Read;
    let pages = module.join("pages");
    let (mut count, mut truncated) = (0, false);
    let found = super::files_under(
        &pages,
        |n| n.starts_with('.'),
        super::MAX_FILES,
        &mut count,
        &mut truncated,
    );
    for (file, _) in found {
        if file.extension().is_none_or(|x| x != "adoc") {
            continue;
        }
        let mut head = Vec::new();
        if std::fs::File::open(&file)
            .and_then(|f| f.take(HEADER_BYTES).read_to_end(&mut head))
            .is_err()
        {
            continue;
        }
        let head = String::from_utf8_lossy(&head);
        for line in head.lines() {
            let Some(list) = line.strip_prefix(":page-aliases:") else {
                continue;
            };
            for alias in list.split(',').map(str::trim) {
                let (module, page) = match alias.split_once(':') {
                    Some((m, p)) if !p.contains(':') => (if m == "." { name } else { m }, p),
                    None => (name, alias),
                    _ => continue,
                };
                if alias.contains('@') || page.is_empty() {
                    continue;
                }
                let page = if page.ends_with(".adoc") {
                    page.to_string()
                } else {
                    format!("{page}.adoc")
                };
                l.redirects.push(alias_url(module, &page));
            }
        }
    }
}

/// The key an Antora page is looked up by when its file is missing (an
/// alias): `/<module>/<page>` without `.adoc`, `.html` added.
pub fn alias_url(module: &str, page: &str) -> String {
    let stem = page.strip_suffix(".adoc").unwrap_or(page);
    format!("/{module}/{stem}.html")
}

/// [`alias_url`] of the page file `target` (under `modules/<m>/pages/`).
pub fn url_of_file(target: &Path) -> Option<String> {
    let module_dir = target.ancestors().find(|d| {
        d.parent()
            .and_then(Path::file_name)
            .is_some_and(|n| n == "modules")
    })?;
    let module = module_dir.file_name()?.to_string_lossy().into_owned();
    let rel = target.strip_prefix(module_dir.join("pages")).ok()?;
    Some(alias_url(&module, &rel.to_string_lossy()))
}

/// True when `file` is a hidden page of an Antora module: under a
/// module's `pages/`, with a file or directory name starting with `_`
/// (`_attributes.adoc`, included by pages but never published; Antora
/// docs, "Pages": "Hidden files").
pub fn hidden_page(file: &Path) -> bool {
    let Some(module) = file.ancestors().find(|d| {
        d.parent()
            .and_then(Path::file_name)
            .is_some_and(|n| n == "modules")
    }) else {
        return false;
    };
    file.strip_prefix(module.join("pages")).is_ok_and(|rel| {
        rel.components()
            .any(|c| c.as_os_str().to_string_lossy().starts_with('_'))
    })
}

/// The file the page id `id` (a relative path ending in `.adoc`, as
/// `crate::format::asciidoc` reads an xref) names for the page `file`:
/// joined to the `pages/` directory of `file`'s module (the directory
/// right under `modules/` above it), when `file` is a page of that
/// `pages/` or a navigation file of the module (`modules/<m>/nav.adoc`).
/// `None` for another file (a partial or an example, whose links are
/// those of the page including it), or an `id` that leaves `modules/`.
pub fn page_file(file: &Path, id: &str) -> Option<std::path::PathBuf> {
    // The module's directory: the one right under `modules/`.
    let module = file.ancestors().skip(1).find(|d| {
        d.parent()
            .and_then(Path::file_name)
            .is_some_and(|n| n == "modules")
    })?;
    let pages = module.join("pages");
    // A page of `pages/`, or a navigation file of the module itself.
    if !(file.starts_with(&pages) || file.parent() == Some(module)) {
        return None;
    }
    let modules = module.parent()?;
    // Antora 3: a page id starting with `./` is relative to the current
    // page's directory, not the family's (Antora docs, "Page ID: relative
    // paths"; 58 false findings on a held-out Antora site). (`../` ids
    // here are the caller's spelling of another module's page.)
    let from = match (id.starts_with("./"), file.parent()) {
        (true, Some(dir)) if file.starts_with(&pages) => dir.to_path_buf(),
        _ => pages.clone(),
    };
    let target = super::lexically_clean(&from.join(id));
    target
        .starts_with(super::lexically_clean(modules))
        .then_some(target)
}

/// What an include target written as an Antora resource ID names
/// ([`include_target`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IncludeTarget {
    /// The file in this component version (not looked for on disk).
    File(std::path::PathBuf),
    /// A resource of another component or version, or of a family
    /// Antora does not have: not found in this checkout.
    Elsewhere,
}

/// The family directories of an Antora module by family name (Antora
/// docs, "Family Directories and Families").
const FAMILIES: &[(&str, &str)] = &[
    ("page", "pages"),
    ("partial", "partials"),
    ("example", "examples"),
    ("image", "images"),
    ("attachment", "attachments"),
];

/// The file the include directive's `target` names when it is an Antora
/// resource ID, `[version@][component:][module:][family$]path` (Antora
/// docs, "Resource ID Coordinates" and "Includes": a target with no
/// module and no family is a path relative to the including file, and
/// a missing family is the including file's own), in a file of the
/// directory `dir` that lies in a module's family directory
/// (`<component>/modules/<module>/<family dir>/...`). The path is taken
/// from the family directory of that module: `ROOT:glossary.adoc` in a
/// page is `modules/ROOT/pages/glossary.adoc`, `partial$x.adoc` is
/// `partials/x.adoc` of the page's module. `None` for a target that is
/// a plain path or a URL, or a `dir` outside a module's family
/// directory.
pub fn include_target(dir: &Path, target: &str) -> Option<IncludeTarget> {
    if target.contains("://") {
        return None;
    }
    let substituted;
    let target = if target.contains('{') {
        // `include::{common-partial}/glossary.adoc[]`, the attribute set
        // in the component's `antora.yml` (neo4j/docs-drivers:
        // `common-partial: 5@common-content:ROOT:partial$`); one set
        // elsewhere (the playbook, the page) is not known here.
        let module_dir = module_dir_of(dir)?;
        match substitute_attributes(module_dir.parent()?.parent()?, target) {
            Some(t) => {
                substituted = t;
                substituted.as_str()
            }
            None => return Some(IncludeTarget::Elsewhere),
        }
    } else {
        target
    };
    let (coords, family, path) = match target.split_once('$') {
        Some((pre, path)) => match pre.rsplit_once(':') {
            Some((coords, family)) => (Some(coords), Some(family), path),
            None => (None, Some(pre), path),
        },
        None => {
            let (coords, path) = target.rsplit_once(':')?;
            (Some(coords), None, path)
        }
    };
    // The module's directory (right under `modules/`) and the family
    // directory of `dir` in it.
    let module_dir = module_dir_of(dir)?;
    let own_family = dir
        .strip_prefix(module_dir)
        .ok()?
        .components()
        .next()?
        .as_os_str()
        .to_str()?
        .to_string();
    if !FAMILIES.iter().any(|(_, d)| *d == own_family) {
        return None;
    }
    if coords.is_some_and(str::is_empty) || family.is_some_and(|f| f.contains('@')) {
        return Some(IncludeTarget::Elsewhere);
    }
    let modules = module_dir.parent()?;
    let module = match coords {
        // `[version@]component:module`: a module of another component
        // version of this checkout (found by its `antora.yml`).
        Some(c) if c.contains([':', '@']) => {
            let (version, rest) = match c.split_once('@') {
                Some((v, r)) => (Some(v), r),
                None => (None, c),
            };
            let Some((component, module)) = rest.split_once(':') else {
                return Some(IncludeTarget::Elsewhere);
            };
            if module.contains(':') || component.is_empty() || module.is_empty() {
                return Some(IncludeTarget::Elsewhere);
            }
            match component_root(modules.parent()?, component, version) {
                Some(root) => root.join("modules").join(module),
                None => return Some(IncludeTarget::Elsewhere),
            }
        }
        Some(m) => modules.join(m),
        None => module_dir.to_path_buf(),
    };
    let path = path.trim_start_matches('/');
    let family_dir = match family {
        None => own_family,
        Some(f) => match FAMILIES.iter().find(|(name, _)| *name == f) {
            Some((_, d)) => (*d).to_string(),
            None => return Some(IncludeTarget::Elsewhere),
        },
    };
    let root = module.join(family_dir);
    let found = super::lexically_clean(&root.join(path));
    Some(if found.starts_with(&root) {
        IncludeTarget::File(found)
    } else {
        IncludeTarget::Elsewhere
    })
}

/// The directory of the Antora module that `dir` lies in (right under a
/// `modules/` directory); `None` outside one.
fn module_dir_of(dir: &Path) -> Option<&Path> {
    dir.ancestors().find(|d| {
        d.parent()
            .and_then(Path::file_name)
            .is_some_and(|n| n == "modules")
    })
}

/// How many directories [`component_root`] reads for an `antora.yml`.
const MAX_COMPONENT_DIRS: usize = 256;

/// The directory of the component version named `component` (and
/// `version`, when given) in this checkout: `own` itself (the including
/// file's component root), or a directory beside it or one level below
/// one beside it, inside its git repository, whose `antora.yml` has that
/// `name` and `version` (neo4j/docs-drivers keeps `common-content/`
/// beside `go-manual/`).
fn component_root(own: &Path, component: &str, version: Option<&str>) -> Option<PathBuf> {
    let matches = |dir: &Path| {
        let Ok(text) = super::read_config(&dir.join(CONFIG_NAMES[0])) else {
            return false;
        };
        let Ok(d) = super::yaml_config(&text) else {
            return false;
        };
        attribute(&d["name"]).as_deref() == Some(component)
            && version.is_none_or(|v| attribute(&d["version"]).as_deref() == Some(v))
    };
    if matches(own) {
        return Some(own.to_path_buf());
    }
    // Beside `own` only inside its repository: a component at the
    // repository's root has no sibling to look at (the checkouts beside
    // it are not the tree's; M6 of the 2026-11-29 review).
    let repository = own.ancestors().find(|d| d.join(".git").exists())?;
    let parent = own.parent().filter(|p| p.starts_with(repository))?;
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(parent)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .take(MAX_COMPONENT_DIRS)
        .collect();
    dirs.sort();
    let mut below = Vec::new();
    for d in &dirs {
        if matches(d) {
            return Some(d.clone());
        }
        if let Ok(entries) = std::fs::read_dir(d) {
            below.extend(entries.flatten().map(|e| e.path()).filter(|p| p.is_dir()));
        }
    }
    below.sort();
    below
        .into_iter()
        .take(MAX_COMPONENT_DIRS)
        .find(|d| matches(d))
}

/// `target` with each `{name}` replaced by the value the component
/// version in `root` sets in its `antora.yml` (`asciidoc.attributes`);
/// `None` when one is not set there.
fn substitute_attributes(root: &Path, target: &str) -> Option<String> {
    let text = super::read_config(&root.join(CONFIG_NAMES[0])).ok()?;
    let d = super::yaml_config(&text).ok()?;
    let attrs = &d["asciidoc"]["attributes"];
    let mut out = String::new();
    let mut rest = target;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}')? + open;
        out.push_str(&attribute(&attrs[&rest[open + 1..close]])?);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    Some(out)
}

/// The `idprefix`/`idseparator` pairs a site whose pair is not sure
/// ([`section_ids`]) may well use: Asciidoctor's defaults (`_`, `_`),
/// GitHub's and many playbooks' (empty, `-`), and their mixes. Used as
/// `(prefix, separator)`.
pub const OTHER_SCHEMES: &[(&str, &str)] = &[("_", "_"), ("", "-"), ("", "_"), ("_", "-")];

/// `fragment` without a repeat's counter (`x_2`, `x-3`: Asciidoctor
/// gives a repeated id the separator and a number), `None` when it has
/// none.
pub fn without_counter(fragment: &str) -> Option<&str> {
    let base = fragment.trim_end_matches(|c: char| c.is_ascii_digit());
    if base.len() == fragment.len() {
        return None;
    }
    base.strip_suffix(['-', '_']).filter(|b| !b.is_empty())
}

/// How many directories, from the component's up, are searched for a
/// playbook (up to the repository's root, the directory holding `.git`).
const PLAYBOOK_LEVELS: usize = 4;

/// The most YAML files of one directory read to find a playbook.
const MAX_YAML_FILES: usize = 32;

/// Antora's own extensions that set no AsciiDoc attribute of a page
/// (Antora docs, "Extensions": Lunr search, PDF and Atlas). The
/// collector (`@antora/collector-extension`) may bring an `antora.yml`
/// that changes them, only for a component whose descriptor has
/// `ext.collector`.
const QUIET_EXTENSIONS: &[&str] = &[
    "@antora/lunr-extension",
    "@antora/pdf-extension",
    "@antora/atlas-extension",
];

/// Why pages of the component version in `dir` (descriptor `config`,
/// `antora.yml`) may come from content sources other than this
/// repository, for [`Layout::unsure_pages`]: Antora assembles a component
/// version from every source whose descriptor has its `name` and
/// `version`, so "a component version can be distributed across multiple
/// repositories" (Antora docs, "Content source repositories" and
/// "Distributed component versions"). `Some` when no playbook is in the
/// tree (the site's playbook, with its `content.sources`, is elsewhere),
/// or a playbook's `content.sources` names a `url` that is not this
/// repository: not `.`/`./` or a local path holding `dir`, nor a remote
/// that this clone's `.git/config` names. `None` when every source of
/// every playbook is this repository.
pub fn other_sources(dir: &Path, config: &Path) -> Option<String> {
    let descriptor = super::read_config(config)
        .ok()
        .and_then(|t| super::yaml_config(&t).ok());
    let name = descriptor
        .as_ref()
        .and_then(|d| attribute(&d["name"]))
        .unwrap_or_default();
    let version = descriptor
        .as_ref()
        .and_then(|d| attribute(&d["version"]))
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "~".to_string());
    let what = format!("other content sources of the Antora component version `{name}` {version}");
    let config_name = config
        .file_name()
        .map_or_else(|| "antora.yml".into(), |n| n.to_string_lossy().into_owned());
    let playbooks = playbooks(dir);
    if playbooks.is_empty() {
        return Some(format!(
            "{what} (no playbook in the tree names them; {config_name})"
        ));
    }
    let remotes = own_remotes(dir);
    for (path, doc) in &playbooks {
        let Yaml::Array(sources) = &doc["content"]["sources"] else {
            continue;
        };
        let base = path.parent().unwrap_or(Path::new(""));
        for source in sources {
            let url = match &source["url"] {
                Yaml::String(u) => u.trim().to_string(),
                _ => continue,
            };
            if !is_this_repository(&url, base, dir, &remotes) {
                let file = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                return Some(format!("{what} (`content.sources` of {file} names {url})"));
            }
        }
    }
    None
}

/// True when the content source `url` of a playbook in `base` is the
/// repository of the component in `dir`: a local path (`.`, `./`,
/// `../..`) that holds `dir`, or a remote URL of `remotes`
/// ([`own_remotes`], compared by [`remote_key`]).
fn is_this_repository(url: &str, base: &Path, dir: &Path, remotes: &[String]) -> bool {
    let remote = url.contains("://") || (url.contains('@') && url.contains(':'));
    if !remote {
        let local = super::lexically_clean(&base.join(url));
        return super::lexically_clean(dir).starts_with(local);
    }
    let key = remote_key(url);
    remotes.contains(&key)
}

/// The remote URLs of the Git clone holding `dir` (the `url = ` lines of
/// the `.git/config` of the nearest directory with `.git`, up to
/// [`PLAYBOOK_LEVELS`] levels), each as [`remote_key`] gives it.
fn own_remotes(dir: &Path) -> Vec<String> {
    for d in dir.ancestors().take(PLAYBOOK_LEVELS) {
        let git = d.join(".git");
        if !git.exists() {
            continue;
        }
        let Ok(text) = super::read_config(&git.join("config")) else {
            return Vec::new();
        };
        return text
            .lines()
            .filter_map(|l| {
                let (k, v) = l.split_once('=')?;
                (k.trim() == "url").then(|| remote_key(v.trim()))
            })
            .collect();
    }
    Vec::new()
}

/// A Git remote URL as a comparable key: host and path, lower case,
/// without the scheme, user, `.git` or a trailing `/`
/// (`git@github.com:o/r.git` and `https://github.com/o/r` are both
/// `github.com/o/r`).
fn remote_key(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let rest = rest.rsplit_once('@').map_or(rest, |(_, r)| r);
    let rest = rest.replacen(':', "/", usize::from(!url.contains("://")));
    let rest = rest.trim_end_matches('/');
    let rest = rest.strip_suffix(".git").unwrap_or(rest);
    rest.to_ascii_lowercase()
}

/// The `idprefix` and `idseparator` that section ids of the component in
/// `dir` (descriptor `config`, `antora.yml`) get, and, when they are not
/// sure, why (for [`Layout::unsure_section_ids`]). Antora sets neither
/// (Asciidoctor's defaults `_` and `_`); the playbook's
/// `asciidoc.attributes` (hard set, unless the value ends in `@`) win
/// over the descriptor's `asciidoc.attributes`, which win over soft-set
/// ones (Antora docs, "AsciiDoc attributes in Antora", precedence). The
/// playbook is a YAML file with `content.sources` in `dir` or a directory
/// above it in the repository (`antora-playbook.yml`, `publish.yml`).
/// Not sure: no playbook in the tree (it often lives in another
/// repository, or the one in the tree is merged into one elsewhere), the
/// playbooks disagree, or one registers an Antora extension
/// (`antora.extensions`) that may set attributes: anything but
/// `QUIET_EXTENSIONS`, the collector without `ext.collector`, and a
/// local script that never names `attributes`. Values set in
/// `antora.yml` itself are sure.
pub fn section_ids(dir: &Path, config: &Path) -> (IdAttributes, Option<String>) {
    let descriptor = super::read_config(config)
        .ok()
        .and_then(|t| super::yaml_config(&t).ok());
    let desc_attrs = descriptor
        .as_ref()
        .map(|d| d["asciidoc"]["attributes"].clone());
    let from_desc = |k: &str| desc_attrs.as_ref().and_then(|a| attribute(&a[k]));
    let (desc_prefix, desc_sep) = (from_desc("idprefix"), from_desc("idseparator"));
    let collects = descriptor
        .as_ref()
        .is_some_and(|d| !d["ext"]["collector"].is_badvalue());
    let playbooks = playbooks(dir);
    let config_name = config
        .file_name()
        .map_or_else(|| "antora.yml".into(), |n| n.to_string_lossy().into_owned());
    let mut unsure: Option<String> = None;
    let mut seen: Option<(Soft, Soft)> = None;
    for (path, doc) in &playbooks {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let attrs = &doc["asciidoc"]["attributes"];
        let these = (
            attribute_soft(&attrs["idprefix"]),
            attribute_soft(&attrs["idseparator"]),
        );
        if seen.as_ref().is_some_and(|s| *s != these) {
            unsure.get_or_insert(format!(
                "section ids by `idprefix`/`idseparator`, which the playbooks of the tree set differently ({name})"
            ));
        }
        seen = Some(these);
        if let Some(ext) = loud_extension(path, doc, collects) {
            unsure.get_or_insert(format!(
                "section ids by `idprefix`/`idseparator`, which the Antora extension `{ext}` ({name}) may set"
            ));
        }
    }
    let (pb_prefix, pb_sep) = seen.unwrap_or((None, None));
    if playbooks.is_empty() {
        unsure = Some(format!(
            "section ids by `idprefix`/`idseparator`, which the Antora playbook sets (none in the tree; {config_name} sets neither)"
        ));
    }
    let pick = |pb: Option<(String, bool)>, desc: Option<String>, default: &str| match (pb, desc) {
        (Some((v, false)), _) => v,
        (_, Some(d)) => d,
        (Some((v, true)), None) => v,
        (None, None) => default.to_string(),
    };
    // Both set in the descriptor and not hard set in a playbook: sure.
    let desc_sure = desc_prefix.is_some()
        && desc_sep.is_some()
        && !matches!(pb_prefix, Some((_, false)))
        && !matches!(pb_sep, Some((_, false)));
    let prefix = pick(pb_prefix, desc_prefix, "_");
    let separator = pick(pb_sep, desc_sep, "_");
    let attrs = IdAttributes::new(&prefix, &separator).unwrap_or_default();
    (attrs, if desc_sure { None } else { unsure })
}

/// A playbook's attribute value and whether it is soft set.
type Soft = Option<(String, bool)>;

/// An attribute's value as the playbook or descriptor sets it: a string
/// (a trailing `@` marks it soft set), a number, or empty (`~`); `None`
/// when not set or unset (`false`). With the soft flag for a playbook.
fn attribute(v: &Yaml) -> Option<String> {
    attribute_soft(v).map(|(s, _)| s)
}

/// [`attribute`] with whether the value is soft set (ends in `@`).
fn attribute_soft(v: &Yaml) -> Option<(String, bool)> {
    let s = match v {
        Yaml::String(s) | Yaml::Real(s) => s.clone(),
        Yaml::Integer(i) => i.to_string(),
        Yaml::Null => String::new(),
        _ => return None,
    };
    Some(match s.strip_suffix('@') {
        Some(v) => (v.to_string(), true),
        None => (s, false),
    })
}

/// The playbooks in `dir` and the directories above it, up to the
/// repository's root ([`PLAYBOOK_LEVELS`] at most): YAML files with
/// `content.sources`, each parsed, in the order of their paths.
fn playbooks(dir: &Path) -> Vec<(PathBuf, Yaml)> {
    let mut out = Vec::new();
    for d in dir.ancestors().take(PLAYBOOK_LEVELS) {
        let mut names: Vec<PathBuf> = std::fs::read_dir(d)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| {
                        p.extension().is_some_and(|x| x == "yml" || x == "yaml")
                            && p.file_name().is_some_and(|n| n != "antora.yml")
                            && p.is_file()
                    })
                    .take(MAX_YAML_FILES)
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        for p in names {
            let Ok(text) = super::read_config(&p) else {
                continue;
            };
            if !text.contains("sources") {
                continue;
            }
            if let Ok(doc) = super::yaml_config(&text) {
                if matches!(doc["content"]["sources"], Yaml::Array(_)) {
                    out.push((p, doc));
                }
            }
        }
        if d.join(".git").exists() {
            break;
        }
    }
    out
}

/// An Antora extension the playbook `doc` (at `path`) registers that may
/// set AsciiDoc attributes, as its `require` names it (one whose name
/// holds `attribute` first, else the first)
/// ([`section_ids`] says which do not); `collects` when the component's
/// descriptor has `ext.collector`.
fn loud_extension(path: &Path, doc: &Yaml, collects: bool) -> Option<String> {
    let Yaml::Array(list) = &doc["antora"]["extensions"] else {
        return None;
    };
    let mut first: Option<String> = None;
    for e in list {
        let require = match e {
            Yaml::String(s) => s.clone(),
            Yaml::Hash(_) => {
                if e["enabled"] == Yaml::Boolean(false) {
                    continue;
                }
                match &e["require"] {
                    Yaml::String(s) => s.clone(),
                    _ => continue,
                }
            }
            _ => continue,
        };
        if QUIET_EXTENSIONS.contains(&require.as_str())
            || (require == "@antora/collector-extension" && !collects)
        {
            continue;
        }
        if require.starts_with('.') {
            // A script of the tree: read; quiet when it never names
            // `attributes`.
            let script = path.parent().unwrap_or(Path::new("")).join(&require);
            if let Ok(text) = super::read_config(&script) {
                if !text.contains("attributes") {
                    continue;
                }
            }
        }
        // The one whose name says it sets attributes is named first.
        if require.contains("attribute") {
            return Some(require);
        }
        first.get_or_insert(require);
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An include of another component version of the checkout
    /// (neo4j/docs-drivers' `common-content`) is found beside the
    /// including one, and not beside the repository (a checkout next to
    /// it is not the tree's).
    #[test]
    fn includes_of_another_component_stay_in_the_repository() {
        let t = tempfile::tempdir().expect("tempdir");
        let put = |p: &str, s: &str| {
            let p = t.path().join(p);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(p, s).expect("write");
        };
        put("repo/.git/HEAD", "ref: refs/heads/main\n");
        put("repo/go/antora.yml", "name: go\nversion: '5'\n");
        put("repo/go/modules/ROOT/pages/x.adoc", "= X\n");
        put("repo/common/antora.yml", "name: common\nversion: '5'\n");
        put(
            "repo/common/modules/ROOT/partials/p.adoc",
            "[[LTS]]LTS:: x\n",
        );
        put("outside/antora.yml", "name: outside\nversion: ~\n");
        put("outside/modules/ROOT/partials/p.adoc", "[[X]]\n");
        let pages = t.path().join("repo/go/modules/ROOT/pages");
        assert_eq!(
            include_target(&pages, "5@common:ROOT:partial$p.adoc"),
            Some(IncludeTarget::File(
                t.path().join("repo/common/modules/ROOT/partials/p.adoc")
            ))
        );
        assert_eq!(
            include_target(&pages, "outside:ROOT:partial$p.adoc"),
            Some(IncludeTarget::Elsewhere)
        );
        // A component at the repository's root looks at no sibling.
        put("repo2/.git/HEAD", "ref: refs/heads/main\n");
        put("repo2/antora.yml", "name: two\nversion: ~\n");
        put("repo2/modules/ROOT/pages/x.adoc", "= X\n");
        let pages = t.path().join("repo2/modules/ROOT/pages");
        assert_eq!(
            include_target(&pages, "outside:ROOT:partial$p.adoc"),
            Some(IncludeTarget::Elsewhere)
        );
    }

    /// eclipse-che/che-docs: `xref:page.adoc` from a page of a module,
    /// `xref:administration-guide:page.adoc` as the reader gives it.
    #[test]
    fn page_ids_from_the_module() {
        let page = Path::new("/r/modules/end-user-guide/pages/sub/x.adoc");
        // Relative to the page's own directory with `./` (Antora 3).
        assert_eq!(
            page_file(page, "./y.adoc").as_deref(),
            Some(Path::new("/r/modules/end-user-guide/pages/sub/y.adoc"))
        );
        assert_eq!(
            page_file(page, "features-of-openshift-connector.adoc").as_deref(),
            Some(Path::new(
                "/r/modules/end-user-guide/pages/features-of-openshift-connector.adoc"
            ))
        );
        assert_eq!(
            page_file(page, "../../administration-guide/pages/using-the-cli.adoc").as_deref(),
            Some(Path::new(
                "/r/modules/administration-guide/pages/using-the-cli.adoc"
            ))
        );
        assert_eq!(page_file(page, "../../../../x.adoc"), None);
        let nav = Path::new("/r/modules/install/nav.adoc");
        assert_eq!(
            page_file(nav, "installing-che.adoc").as_deref(),
            Some(Path::new("/r/modules/install/pages/installing-che.adoc"))
        );
        let partial = Path::new("/r/modules/install/partials/snip.adoc");
        assert_eq!(page_file(partial, "installing-che.adoc"), None);
        assert_eq!(page_file(Path::new("/r/README.adoc"), "x.adoc"), None);
    }

    fn fixture(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/sites")
            .join(name)
    }

    /// No playbook in the tree (eclipse-che/che-docs' excerpt): the
    /// section ids' pair is not sure; a playbook whose extension may set
    /// it (redpanda-data/docs' `add-global-attributes`): not sure either,
    /// the extension named.
    #[test]
    fn section_ids_unsure_without_a_playbook_or_with_an_extension() {
        let dir = fixture("antora");
        let (attrs, why) = section_ids(&dir, &dir.join("antora.yml"));
        assert_eq!(attrs, IdAttributes::DEFAULT);
        assert!(why.is_some_and(|w| w.contains("none in the tree")));
        let dir = fixture("antora-playbook");
        let (_, why) = section_ids(&dir, &dir.join("antora.yml"));
        let why = why.unwrap_or_default();
        assert!(
            why.contains("add-global-attributes") && why.contains("local-antora-playbook.yml"),
            "{why}"
        );
    }

    /// A playbook of Antora's own quiet extensions (che-docs' Lunr) that
    /// sets the pair: sure, with its values; the descriptor's soft-set
    /// ones lose to the playbook's hard-set ones, and the descriptor's
    /// own pair is sure without a playbook.
    #[test]
    fn section_ids_of_the_playbook_and_descriptor() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let d = dir.path();
        std::fs::create_dir(d.join(".git")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(d.join("antora.yml"), "name: x\nversion: ~\n")
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(
            d.join("publish.yml"),
            "content:\n  sources:\n  - url: ./\nantora:\n  extensions:\n  - require: '@antora/lunr-extension'\nasciidoc:\n  attributes:\n    idprefix: ''\n    idseparator: '-'\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let (attrs, why) = section_ids(d, &d.join("antora.yml"));
        assert_eq!(
            (attrs.prefix(), attrs.separator(), why),
            ("", Some('-'), None)
        );
        std::fs::write(
            d.join("antora.yml"),
            "name: x\nversion: ~\nasciidoc:\n  attributes:\n    idprefix: 'id_@'\n    idseparator: '.'\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let (attrs, _) = section_ids(d, &d.join("antora.yml"));
        assert_eq!((attrs.prefix(), attrs.separator()), ("", Some('-')));
        std::fs::remove_file(d.join("publish.yml")).unwrap_or_else(|e| panic!("{e}"));
        let (attrs, why) = section_ids(d, &d.join("antora.yml"));
        assert_eq!(
            (attrs.prefix(), attrs.separator(), why),
            ("id_", Some('.'), None)
        );
    }

    /// Other content sources: none without a playbook in the tree
    /// (couchbase/docs-server's excerpt), a playbook of `.` only
    /// (redpanda-data/docs' excerpt) is this repository alone, a remote
    /// URL is another repository unless `.git/config` names it.
    #[test]
    fn other_content_sources() {
        let dir = fixture("antora-distributed");
        let why = other_sources(&dir, &dir.join("antora.yml")).unwrap_or_default();
        assert!(why.contains("`server` 7.6 (no playbook"), "{why}");
        let dir = fixture("antora-playbook");
        assert_eq!(other_sources(&dir, &dir.join("antora.yml")), None);
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let d = dir.path();
        std::fs::create_dir(d.join(".git")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(d.join("antora.yml"), "name: x\nversion: ~\n")
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(
            d.join("antora-playbook.yml"),
            "content:\n  sources:\n  - url: ./\n  - url: https://github.com/o/r.git\n    start_path: docs\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let why = other_sources(d, &d.join("antora.yml")).unwrap_or_default();
        assert!(why.contains("names https://github.com/o/r.git"), "{why}");
        std::fs::write(
            d.join(".git/config"),
            "[remote \"origin\"]\n\turl = git@github.com:O/r\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(other_sources(d, &d.join("antora.yml")), None);
    }

    #[test]
    fn counters_of_repeated_ids() {
        assert_eq!(without_counter("_intro_2"), Some("_intro"));
        assert_eq!(without_counter("intro-13"), Some("intro"));
        assert_eq!(without_counter("v2"), None);
        assert_eq!(without_counter("intro"), None);
    }

    /// spring-projects/spring-session: `modules/ROOT/pages/_attributes.adoc`
    /// is included by pages, never published; a page beside it is.
    #[test]
    fn hidden_pages_start_with_underscore() {
        let m = Path::new("docs/modules/ROOT/pages");
        assert!(hidden_page(&m.join("_attributes.adoc")));
        assert!(hidden_page(&m.join("_partials/x.adoc")));
        assert!(!hidden_page(&m.join("index.adoc")));
        assert!(!hidden_page(Path::new(
            "docs/modules/ROOT/partials/_x.adoc"
        )));
        assert!(!hidden_page(Path::new("docs/_x.adoc")));
    }

    /// Include targets as Antora resource ids (issue 46,
    /// neo4j/docs-getting-started's `include::ROOT:glossary.adoc[]`): the
    /// module and family of the including file unless given, another
    /// component or version not in this checkout, plain paths and URLs
    /// left to the caller.
    #[test]
    fn include_targets_as_resource_ids() {
        let page = Path::new("/r/modules/ROOT/pages/cypher");
        let file = |p: &str| Some(IncludeTarget::File(Path::new(p).to_path_buf()));
        assert_eq!(
            include_target(page, "ROOT:glossary.adoc"),
            file("/r/modules/ROOT/pages/glossary.adoc")
        );
        assert_eq!(
            include_target(page, "partial$terms/a.adoc"),
            file("/r/modules/ROOT/partials/terms/a.adoc")
        );
        assert_eq!(
            include_target(page, "admin:example$x.rs"),
            file("/r/modules/admin/examples/x.rs")
        );
        assert_eq!(
            include_target(page, "ROOT:page$glossary.adoc"),
            file("/r/modules/ROOT/pages/glossary.adoc")
        );
        // A partial's family is its own.
        assert_eq!(
            include_target(Path::new("/r/modules/m/partials/sub"), "m:x.adoc"),
            file("/r/modules/m/partials/x.adoc")
        );
        for elsewhere in [
            "other:ROOT:partial$x.adoc",
            "1.0@other:ROOT:page$x.adoc",
            "2.0@partial$x.adoc",
            "other:ROOT:x.adoc",
            "ROOT:nav$x.adoc",
            "partial$../../../x.adoc",
        ] {
            assert_eq!(
                include_target(page, elsewhere),
                Some(IncludeTarget::Elsewhere),
                "{elsewhere}"
            );
        }
        assert_eq!(include_target(page, "glossary.adoc"), None);
        assert_eq!(include_target(page, "https://example.org/x.adoc"), None);
        assert_eq!(include_target(Path::new("/r/docs"), "partial$x.adoc"), None);
    }
}
