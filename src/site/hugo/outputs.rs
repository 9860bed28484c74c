//! Hugo's output formats and media types: which files a page's kinds
//! are written to (`outputs`, `outputFormats`, `mediaTypes`). Source:
//! Hugo docs, "Custom output formats".

use super::super::Layout;
use super::shown;

/// Hugo's built-in output formats (Hugo docs, "Output formats"): name,
/// the file a page of that format is written to (its `baseName` and
/// suffix), and its `path` under the page.
pub(super) const OUTPUT_FORMATS: &[(&str, &str)] = &[
    ("html", "index.html"),
    ("rss", "index.xml"),
    ("json", "index.json"),
    ("markdown", "index.md"),
    ("calendar", "index.ics"),
    ("csv", "index.csv"),
    ("css", "styles.css"),
    ("amp", "amp/index.html"),
    ("robots", "robots.txt"),
    ("sitemap", "sitemap.xml"),
    ("sitemapindex", "sitemap.xml"),
    ("webappmanifest", "manifest.webmanifest"),
    ("gotmpl", ""),
];

/// Suffixes of the media types an output format is written as, when the
/// site's `mediaTypes` does not say (Hugo's built-in media types).
pub(super) const MEDIA_SUFFIXES: &[(&str, &str)] = &[
    ("text/plain", "txt"),
    ("text/html", "html"),
    ("text/markdown", "md"),
    ("text/csv", "csv"),
    ("text/css", "css"),
    ("text/calendar", "ics"),
    ("application/json", "json"),
    ("application/rss+xml", "xml"),
    ("application/xml", "xml"),
    ("application/manifest+json", "webmanifest"),
];

/// The files the home page's output formats write (`[outputs] home`,
/// default HTML and RSS: `/index.xml`; a format of `[outputFormats]`
/// with `baseName = "llms"` and `mediaType = "text/plain"`:
/// `/llms.txt`) into [`Layout::generated_pages`]. An output format that
/// any kind of page lists and that neither Hugo nor the site's
/// configuration defines (a theme's or module's, not in the tree) may
/// make files the model does not know: [`Layout::unsure_pages`].
pub(super) fn output_formats(
    l: &mut Layout,
    outputs: Option<&toml::Value>,
    formats: Option<&toml::Value>,
    media_types: Option<&toml::Value>,
) {
    let formats = formats.and_then(toml::Value::as_table);
    let defined = |name: &str| {
        formats.and_then(|f| {
            f.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v)
        })
    };
    let media = media_types.and_then(toml::Value::as_table);
    let file_of = |name: &str| -> Option<String> {
        let builtin = OUTPUT_FORMATS
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, f)| f.to_string());
        let Some(custom) = defined(name) else {
            return builtin;
        };
        let field = |k: &str| {
            custom
                .as_table()
                .and_then(|t| t.iter().find(|(x, _)| x.eq_ignore_ascii_case(k)))
                .and_then(|(_, v)| v.as_str())
        };
        let Some(media_type) = field("mediaType") else {
            // A built-in format's settings changed: its file stays.
            return Some(builtin.unwrap_or_default());
        };
        let base = field("baseName").unwrap_or("index");
        // The site's `mediaTypes.<type>.suffixes`, else Hugo's own.
        let suffix = media
            .and_then(|m| m.iter().find(|(t, _)| t.eq_ignore_ascii_case(media_type)))
            .and_then(|(_, v)| v.get("suffixes"))
            .and_then(toml::Value::as_array)
            .and_then(|a| a.first())
            .and_then(toml::Value::as_str)
            .or_else(|| {
                MEDIA_SUFFIXES
                    .iter()
                    .find(|(t, _)| t.eq_ignore_ascii_case(media_type))
                    .map(|(_, s)| *s)
            });
        let path = field("path").map_or(String::new(), |p| format!("{}/", p.trim_matches('/')));
        Some(match suffix {
            Some(x) => format!("{path}{base}.{x}"),
            None => format!("{path}{base}"),
        })
    };
    let list = |kind: &str| -> Option<Vec<String>> {
        let kinds = outputs?.as_table()?;
        let v = kinds.iter().find(|(k, _)| k.eq_ignore_ascii_case(kind))?.1;
        Some(
            v.as_array()?
                .iter()
                .filter_map(|n| n.as_str().map(str::to_string))
                .collect(),
        )
    };
    let home = list("home").unwrap_or_else(|| vec!["html".into(), "rss".into()]);
    for name in home {
        if let Some(f) = file_of(&name).filter(|f| !f.is_empty()) {
            l.generated_pages.push(format!("/{f}"));
        }
    }
    for kind in ["home", "page", "section", "taxonomy", "term"] {
        for name in list(kind).unwrap_or_default() {
            if file_of(&name).is_none() {
                l.unsure_pages.push(format!(
                    "the Hugo output format `{name}` of `outputs.{kind}` ({}), defined by a theme or module not in the tree,",
                    shown(l)
                ));
                return;
            }
        }
    }
}
