//! Which regular pages a Hugo build has a template for: a page whose
//! type has no single-page template is not published ("found no layout
//! file for "html" for kind "page"", a warning, and no file), so a page
//! moved into such a section has no URL there. Source: Hugo docs,
//! "Template lookup order" (up to v0.145: `layouts/<type>/single.html`,
//! `layouts/_default/single.html`) and "New template system" (v0.146
//! on: `page.html`, `single.html` or `all.html` in `layouts/`, or in a
//! folder of it named for the section).

use std::path::{Path, PathBuf};

/// The single-page templates of a Hugo site and its themes, when all of
/// them are in the tree (`read`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageLayouts {
    /// A template for every type: `_default/single.*`, or `single.*`,
    /// `page.*`, `all.*` at the top of `layouts/` (or of
    /// `layouts/_default/`).
    pub default: bool,
    /// The types (top-level folders of `layouts/`, as `docs` for
    /// `layouts/docs/single.html`) that have one of their own, sorted.
    pub types: Vec<String>,
}

impl PageLayouts {
    /// True when a regular page of type `page_type` (its front matter
    /// `type`, else its top-level section; `page` at the content root) is
    /// published.
    pub fn publishes(&self, page_type: &str) -> bool {
        self.default || self.types.iter().any(|t| t.eq_ignore_ascii_case(page_type))
    }
}

/// True unless the model is sure that Hugo publishes no page for the
/// content file `old` moved to `rel` (its path below the content
/// directory, `/`-separated): a regular page (not `_index.*`) whose type
/// (front matter `type`, else the first folder of `rel`, else `page`)
/// has no template, when the site's templates are all known
/// ([`super::super::Layout::hugo_page_layouts`]) and its front matter
/// names no `layout`.
pub(crate) fn published_at(l: &super::super::Layout, old: &Path, rel: &str) -> bool {
    let Some(layouts) = &l.hugo_page_layouts else {
        return true;
    };
    let name = rel.rsplit('/').next().unwrap_or(rel);
    if l.generator != super::super::Generator::Hugo || name.starts_with("_index.") {
        return true;
    }
    let front = super::super::front_matter::read_keys(
        old,
        super::super::FRONT_MATTER_BYTES,
        Some(&["type", "layout"]),
    );
    if front.refused().is_some() || front.get("layout").is_some() {
        return true;
    }
    let page_type = match front.get("type") {
        Some(t) => t.to_string(),
        None => match rel.split_once('/') {
            Some((section, _)) => section.to_string(),
            None => "page".to_string(),
        },
    };
    layouts.publishes(&page_type)
}

/// The most entries of `layouts/` folders [`read`] looks at.
const MAX_ENTRIES: usize = 4096;

/// The page templates of the `layouts/` folders `layout_dirs` (the
/// site's, then each theme's in use). `None` when one cannot be read
/// whole (more than [`MAX_ENTRIES`] entries).
pub(crate) fn read(layout_dirs: &[PathBuf]) -> Option<PageLayouts> {
    let mut out = PageLayouts::default();
    let mut seen = 0usize;
    for d in layout_dirs {
        let Ok(entries) = std::fs::read_dir(d) else {
            continue;
        };
        for e in entries.flatten() {
            seen += 1;
            if seen > MAX_ENTRIES {
                return None;
            }
            let p = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if p.is_dir() {
                if name == "_default" {
                    out.default |= holds_page_template(&p, &mut seen)?;
                } else if !name.starts_with('_')
                    && !["partials", "shortcodes"].contains(&name.as_str())
                    && holds_page_template(&p, &mut seen)?
                    && !out.types.contains(&name)
                {
                    out.types.push(name);
                }
            } else if is_page_template(&name) {
                out.default = true;
            }
        }
    }
    out.types.sort();
    Some(out)
}

/// True when the folder `dir`, or one below it (v0.146 nests templates
/// by section path), holds a page template; `None` past [`MAX_ENTRIES`].
fn holds_page_template(dir: &Path, seen: &mut usize) -> Option<bool> {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            *seen += 1;
            if *seen > MAX_ENTRIES {
                return None;
            }
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if is_page_template(&e.file_name().to_string_lossy()) {
                return Some(true);
            }
        }
    }
    Some(false)
}

/// True for a template file that renders a regular page: `single`,
/// `page` or `all`, with any output format and suffix (`single.html`,
/// `page.amp.html`, `all.html.html`).
fn is_page_template(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or("");
    name.contains('.') && ["single", "page", "all"].contains(&stem)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layouts(files: &[&str]) -> (tempfile::TempDir, Option<PageLayouts>) {
        let d = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        for f in files {
            let p = d.path().join("layouts").join(f);
            std::fs::create_dir_all(p.parent().unwrap_or(d.path()))
                .unwrap_or_else(|e| panic!("{e}"));
            std::fs::write(&p, "x").unwrap_or_else(|e| panic!("{e}"));
        }
        let l = read(&[d.path().join("layouts")]);
        (d, l)
    }

    #[test]
    fn a_section_template_publishes_its_section_only() {
        // kubernetes-sigs/kind: templates for `docs` alone.
        let (_d, l) = layouts(&[
            "docs/single.html",
            "docs/list.html",
            "index.html",
            "partials/x.html",
        ]);
        let l = l.unwrap_or_default();
        assert_eq!(
            l,
            PageLayouts {
                default: false,
                types: vec!["docs".into()]
            }
        );
        assert!(l.publishes("docs") && !l.publishes("page") && !l.publishes("blog"));
    }

    #[test]
    fn default_templates_publish_every_type() {
        for f in [
            "_default/single.html",
            "single.html",
            "page.html",
            "all.html",
            "_default/single.amp.html",
        ] {
            let (_d, l) = layouts(&[f]);
            assert!(l.unwrap_or_default().publishes("anything"), "{f}");
        }
        // v0.146's nesting by section path.
        let (_d, l) = layouts(&["docs/guides/page.html"]);
        assert!(l.unwrap_or_default().publishes("docs"));
        // A list or a base template alone renders no regular page.
        let (_d, l) = layouts(&[
            "_default/list.html",
            "_default/baseof.html",
            "blog/list.html",
        ]);
        let l = l.unwrap_or_default();
        assert!(!l.publishes("page") && !l.publishes("blog"));
    }
}
