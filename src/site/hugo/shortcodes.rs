//! Hugo shortcodes: which a site defines itself or takes from a theme
//! or module (anchors they may add), and which are quiet (write no
//! output a link could point at). Source: Hugo docs, "Shortcodes",
//! "Create your own shortcodes".

use std::path::{Path, PathBuf};

use super::super::Layout;

/// Hugo's embedded shortcodes (Hugo docs, "Shortcodes"): none writes a
/// heading into the page's Markdown.
pub(super) const EMBEDDED_SHORTCODES: &[&str] = &[
    "comment",
    "details",
    "figure",
    "gist",
    "highlight",
    "instagram",
    "param",
    "qr",
    "ref",
    "relref",
    "twitter",
    "twitter_simple",
    "vimeo",
    "vimeo_simple",
    "x",
    "x_simple",
    "youtube",
];

/// The most bytes of content read to find the shortcodes pages use.
pub(super) const SHORTCODE_SCAN_BYTES: u64 = 64 * 1024 * 1024;

/// Notes in `l.unsure_anchors` a shortcode that pages call with the
/// Markdown notation (`{{% name %}}`, whose output Hugo renders as
/// Markdown, so a heading it writes gets an id) and whose template is
/// neither in the site's `layouts/shortcodes/` (or `_shortcodes/`), nor
/// in a theme present under `themes/`, nor embedded in Hugo: it comes
/// from a theme or module the tree does not hold (Docsy installed by npm
/// or as a module), and may write headings the model does not know.
/// Each page's first 256 KiB are read, [`SHORTCODE_SCAN_BYTES`] in all.
pub(super) fn shortcodes_from_elsewhere(l: &mut Layout, dir: &Path) {
    use std::sync::OnceLock;
    static CALL: OnceLock<Option<regex::Regex>> = OnceLock::new();
    let Some(call) = CALL
        .get_or_init(|| regex::Regex::new(r"\{\{%\s*([A-Za-z0-9_][A-Za-z0-9_./-]*)").ok())
        .as_ref()
    else {
        return;
    };
    let mut layouts = vec![dir.join("layouts")];
    if let Ok(themes) = std::fs::read_dir(dir.join("themes")) {
        layouts.extend(themes.flatten().map(|t| t.path().join("layouts")));
    }
    let known = |name: &str| {
        EMBEDDED_SHORTCODES.contains(&name)
            || layouts.iter().any(|d| {
                ["shortcodes", "_shortcodes"].iter().any(|s| {
                    ["html", "md"]
                        .iter()
                        .any(|e| d.join(s).join(format!("{name}.{e}")).is_file())
                })
            })
    };
    let mut roots = vec![l.source_dir.clone()];
    roots.extend(l.mounts.iter().map(|(d, _)| d.clone()));
    let mut count = 0;
    let mut truncated = false;
    let mut budget = SHORTCODE_SCAN_BYTES;
    let mut checked: Vec<String> = Vec::new();
    for root in roots {
        for (file, rel) in super::super::files_under(
            &root,
            |n| n.starts_with('.'),
            super::super::MAX_FILES,
            &mut count,
            &mut truncated,
        ) {
            if !(rel.ends_with(".md") || rel.ends_with(".markdown")) || budget == 0 {
                continue;
            }
            let Ok(text) = super::super::read_head(&file, budget.min(256 * 1024)) else {
                continue;
            };
            budget = budget.saturating_sub(text.len() as u64);
            for c in call.captures_iter(&text) {
                let Some(name) = c.get(1).map(|m| m.as_str()) else {
                    continue;
                };
                if checked.iter().any(|n| n == name) {
                    continue;
                }
                checked.push(name.to_string());
                if !known(name) {
                    let shown = file
                        .strip_prefix(dir)
                        .unwrap_or(&file)
                        .display()
                        .to_string();
                    l.unsure_anchors.push(format!(
                        "the Hugo shortcode `{name}` ({shown}: `{{{{% {name} %}}}}`) from a theme or module not in the tree"
                    ));
                    return;
                }
            }
        }
    }
}

/// The most shortcode templates [`quiet_shortcodes`] reads.
pub(super) const MAX_SHORTCODE_TEMPLATES: usize = 2_000;

/// The most bytes of a shortcode template read.
pub(super) const SHORTCODE_TEMPLATE_BYTES: u64 = 256 * 1024;

/// The shortcodes of the site in `dir` that add no anchor to a page
/// (Hugo docs, "Shortcodes", "Create your own shortcodes"): Hugo's
/// embedded ones (`EMBEDDED_SHORTCODES`) and each template of
/// `layouts/shortcodes/` or `layouts/_shortcodes/`, of the site or of a
/// theme under `themes/`, that writes no `id` attribute, no `<h1>`..`<h6>`
/// and no Markdown heading line, and pulls in nothing else (no
/// `partial`, `readFile`, `include`, `GetPage`, `.Content`, and no
/// `markdownify` or `RenderString` but of its `.Inner`, whose text is in
/// the page and whose headings are read there). A shortcode whose
/// template is not in the tree is not here: its anchors stay unknown.
pub fn quiet_shortcodes(dir: &Path) -> Vec<String> {
    use std::sync::OnceLock;
    static INNER: OnceLock<Option<regex::Regex>> = OnceLock::new();
    let inner = INNER
        .get_or_init(|| {
            regex::Regex::new(
                r"\.Inner\s*\|\s*(?:markdownify|\$?\.Page\.RenderString|\.Page\.RenderString)",
            )
            .ok()
        })
        .as_ref();
    let mut out: Vec<String> = EMBEDDED_SHORTCODES.iter().map(|s| s.to_string()).collect();
    let mut layouts = vec![dir.join("layouts")];
    if let Ok(themes) = std::fs::read_dir(dir.join("themes")) {
        let mut themes: Vec<PathBuf> = themes.flatten().map(|t| t.path().join("layouts")).collect();
        themes.sort();
        layouts.extend(themes);
    }
    let mut loud: Vec<String> = Vec::new();
    let mut read = 0;
    for d in layouts {
        for sub in ["shortcodes", "_shortcodes"] {
            let Ok(entries) = std::fs::read_dir(d.join(sub)) else {
                continue;
            };
            let mut files: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
            files.sort();
            for f in files {
                if read >= MAX_SHORTCODE_TEMPLATES {
                    return out.into_iter().filter(|n| !loud.contains(n)).collect();
                }
                let (Some(stem), Some(ext)) = (f.file_stem(), f.extension()) else {
                    continue;
                };
                if !(ext == "html" || ext == "md") || !f.is_file() {
                    continue;
                }
                // `name.html`, `name.en.html`, `name.json.html`: the
                // shortcode `name`.
                let stem = stem.to_string_lossy();
                let name = stem.split('.').next().unwrap_or(&stem).to_string();
                read += 1;
                let quiet = super::super::read_head(&f, SHORTCODE_TEMPLATE_BYTES)
                    .ok()
                    .zip(inner)
                    .is_some_and(|(text, inner)| template_is_quiet(&inner.replace_all(&text, "")));
                if quiet {
                    if !out.contains(&name) {
                        out.push(name);
                    }
                } else if !loud.contains(&name) {
                    loud.push(name);
                }
            }
        }
    }
    out.into_iter().filter(|n| !loud.contains(n)).collect()
}

/// True when the shortcode template `text` (its `.Inner` rendered as
/// Markdown taken out) writes no id and no heading, and pulls in no
/// other template or content ([`quiet_shortcodes`]).
pub(super) fn template_is_quiet(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let pulls = [
        "id=",
        "partial",
        "readfile",
        "include",
        "getpage",
        ".content",
        "markdownify",
        "renderstring",
        "template ",
    ];
    let heading_tag = (1..=6).any(|n| lower.contains(&format!("<h{n}")));
    let heading_line = text.lines().any(|l| {
        let t = l.trim_start();
        t.starts_with('#') && !t.starts_with("#{")
    });
    !heading_tag && !heading_line && !pulls.iter().any(|p| lower.contains(p))
}
