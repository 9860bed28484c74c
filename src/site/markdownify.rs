//! Which front matter fields a site's templates render as Markdown:
//! Hugo's `{{ .Description | markdownify }}` (or `.Params.description`,
//! `.RenderString`, a `{{ with .Description }}` block printing `{{ . |
//! markdownify }}`: kubernetes-sigs/kind's `layouts/docs/single.html`,
//! Docsy's `lead`), Jekyll's `{{ page.description | markdownify }}`. The
//! links of such a field are on the built page, so they are read and
//! checked as the body's ([`Layout::markdown_description`];
//! `urilint_format::markdown_front_matter`). Only `description` is read,
//! the field these templates render. Source: Hugo docs, "markdownify",
//! "RenderString"; Jekyll docs, "Liquid filters".

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::Layout;

/// The most template files read.
const MAX_TEMPLATES: usize = 2000;
/// The most bytes read of one template.
const MAX_TEMPLATE_BYTES: u64 = 256 * 1024;

/// The first template under `dirs` (folders of templates, walked to a
/// depth of 4, files ending in `.html`, `.htm` or `.liquid`) that renders
/// the front matter `description` as Markdown, as its path shown from
/// `root`; `None` when none does (or none can be read).
pub(super) fn description_template(root: &Path, dirs: &[PathBuf]) -> Option<String> {
    let mut read = 0usize;
    let mut stack: Vec<(PathBuf, usize)> = dirs.iter().map(|d| (d.clone(), 0)).collect();
    stack.reverse();
    while let Some((dir, depth)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths.into_iter().rev() {
            if p.is_dir() {
                if depth < 4 {
                    stack.push((p, depth + 1));
                }
                continue;
            }
            let template = p.extension().is_some_and(|e| {
                ["html", "htm", "liquid"]
                    .iter()
                    .any(|x| e.eq_ignore_ascii_case(x))
            });
            if !template || std::fs::metadata(&p).map_or(true, |m| m.len() > MAX_TEMPLATE_BYTES) {
                continue;
            }
            read += 1;
            if read > MAX_TEMPLATES {
                return None;
            }
            let Ok(text) = std::fs::read_to_string(&p) else {
                continue;
            };
            if renders_description(&text) {
                let shown = p.strip_prefix(root).unwrap_or(&p);
                return Some(shown.display().to_string());
            }
        }
    }
    None
}

/// True when the template `text` renders the front matter `description`
/// through Markdown.
pub(super) fn renders_description(text: &str) -> bool {
    static DIRECT: OnceLock<Option<regex::Regex>> = OnceLock::new();
    static WITH: OnceLock<Option<regex::Regex>> = OnceLock::new();
    static DOT: OnceLock<Option<regex::Regex>> = OnceLock::new();
    let field = r"(?:\.Description|\.Params\.(?i:description)|page\.description)";
    let filter = r"(?:markdownify|\$?\.Page\.RenderString|\.RenderString)";
    let direct = DIRECT
        .get_or_init(|| {
            regex::Regex::new(&format!(
                r"{field}\s*\|\s*{filter}|(?:markdownify|RenderString)\s+{field}\b"
            ))
            .ok()
        })
        .as_ref();
    // Not the site's own parameter (`site.Params.description`,
    // `.Site.Params.description`: goharbor/website's home page).
    let page_field = |at: usize| {
        let before = text[..at].trim_end_matches('$');
        !before.ends_with("site") && !before.ends_with("Site")
    };
    if direct.is_some_and(|r| {
        r.find_iter(text)
            .any(|m| page_field(field_start(text, m.range())))
    }) {
        return true;
    }
    // `{{ with .Description }} ... {{ . | markdownify }} ... {{ end }}`.
    let with = WITH
        .get_or_init(|| regex::Regex::new(&format!(r"\{{\{{-?\s*with\s+{field}\s*-?\}}\}}")).ok())
        .as_ref();
    let dot = DOT
        .get_or_init(|| {
            regex::Regex::new(&format!(
                r"\{{\{{-?\s*(?:\.\s*\|\s*{filter}|(?:markdownify|\$?\.Page\.RenderString)\s+\.\s*-?\}}\}})"
            ))
            .ok()
        })
        .as_ref();
    let (Some(with), Some(dot)) = (with, dot) else {
        return false;
    };
    with.find_iter(text)
        .filter(|m| page_field(field_start(text, m.range())))
        .any(|m| {
            let rest = &text[m.end()..];
            let block = &rest[..block_end(rest)];
            dot.is_match(block)
        })
}

/// Where the field's name (`.Description`, `.Params.description`,
/// `page.description`) starts within the match `m` of `text`.
fn field_start(text: &str, m: std::ops::Range<usize>) -> usize {
    let part = &text[m.clone()];
    ["page.description", ".Params.", ".Description"]
        .iter()
        .filter_map(|f| part.find(f))
        .min()
        .map_or(m.start, |i| m.start + i)
}

/// Where the action block that `rest` is the inside of ends: at its
/// first `{{ end }}` (`{{- end`), or the end of `rest`.
fn block_end(rest: &str) -> usize {
    let mut at = 0;
    while let Some(i) = rest[at..].find("{{") {
        let open = at + i;
        let inner = rest[open + 2..].trim_start_matches(['-', ' ', '\t']);
        if inner.starts_with("end") {
            return open;
        }
        at = open + 2;
    }
    rest.len()
}

/// Notes on `l` the template (among `dirs`, the site's and its themes'
/// template folders) that renders `description` as Markdown, if any.
pub(super) fn read(l: &mut Layout, root: &Path, dirs: &[PathBuf]) {
    l.markdown_description = description_template(root, dirs);
}

#[cfg(test)]
mod tests {
    use super::renders_description;

    #[test]
    fn templates_that_render_the_description_as_markdown() {
        for t in [
            // kubernetes-sigs/kind `site/layouts/docs/single.html`.
            "<div class=\"description\">{{ .Params.description | markdownify }}</div>",
            "{{ .Description | markdownify }}",
            "{{ markdownify .Description }}",
            "{{ .Description | .Page.RenderString }}",
            // google/docsy `layouts/_partials/...`: a `with` block.
            "{{ with .Description }}<div class=\"lead\">{{ . | markdownify }}</div>{{ end }}",
            "{{- with .Description -}}<p>{{ $.Page.RenderString . }}</p>{{- end -}}",
            // Jekyll.
            "<p>{{ page.description | markdownify }}</p>",
        ] {
            assert!(renders_description(t), "{t}");
        }
        for t in [
            "<meta name=\"description\" content=\"{{ .Description }}\">",
            "{{ .Description | plainify }}",
            "{{ .Summary | markdownify }}",
            "{{ with .Description }}{{ . }}{{ end }}{{ .Content | markdownify }}",
            "{{ page.description }}",
            // The site's parameter, not the page's (goharbor/website).
            "{{ $desc := site.Params.description | markdownify }}",
            "{{ .Site.Params.description | markdownify }}",
            "{{ with .Site.Params.description }}{{ . | markdownify }}{{ end }}",
        ] {
            assert!(!renders_description(t), "{t}");
        }
    }
}
