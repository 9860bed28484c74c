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

use std::path::Path;

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
    // Section ids by Asciidoctor's `idprefix` and `idseparator` (`_` and
    // `_`: Antora sets neither), unless `antora.yml` sets them under
    // `asciidoc.attributes` (a playbook elsewhere may too: not read).
    // eclipse-che/che-docs and neo4j/docs-cypher link
    // `#_filtering_by_workspace_name`, `#_property_type_details`.
    let (mut prefix, mut separator) = ("_".to_string(), "_".to_string());
    if let Ok(text) = super::read_config(&config) {
        if let Ok(doc) = super::yaml_config(&text) {
            let attrs = &doc["asciidoc"]["attributes"];
            let value = |k: &str| match &attrs[k] {
                yaml_rust2::Yaml::String(v) => Some(v.clone()),
                yaml_rust2::Yaml::Null => Some(String::new()),
                _ => None,
            };
            if !attrs["idprefix"].is_badvalue() {
                prefix = value("idprefix").unwrap_or(prefix);
            }
            if !attrs["idseparator"].is_badvalue() {
                separator = value("idseparator").unwrap_or(separator);
            }
        }
    }
    l.renderer = super::slug::IdAttributes::new(&prefix, &separator).map_or(
        super::slug::Renderer::Asciidoctor(Default::default()),
        super::slug::Renderer::Asciidoctor,
    );
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
    target.starts_with(modules).then_some(target)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
