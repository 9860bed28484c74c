//! HTML files that are the templates of a web application, not pages
//! served as they are written.
//!
//! Outside any docs site, an HTML file can be the source a web
//! application or a build renders, whose relative references are routes
//! of the application or files the build makes (issue 46, round 5):
//!
//! - a page whose `<base href>` is a placeholder a build fills in
//!   (Flutter web's `<base href="$FLUTTER_BASE_HREF">`, which `flutter
//!   build web --base-href` replaces; its `flutter_bootstrap.js` is a
//!   build output): every relative reference resolves against a base
//!   that is not known;
//! - a page that carries a template engine's markup: Thymeleaf's
//!   attributes (`th:text`, `th:each`, `data-th-*`, the namespace
//!   `xmlns:th="http://www.thymeleaf.org"`; Spring's `<form
//!   action="./session">` posts to an `@PostMapping("/session")` route),
//!   the statement tags of Jinja, Django, Liquid, Nunjucks and Twig
//!   (`{% ... %}`), the expression tags of Jinja, Mustache, Handlebars
//!   and Go templates (`{{ ... }}`), and the scriptlets of ERB, EJS, JSP
//!   and lodash templates (`<% ... %>`, Vue CLI's `<%= BASE_URL %>`).
//!   The application serves what the template renders at its own routes.
//!
//! Such a page's relative links are counted *not checked*, with a note
//! naming one page and the placeholder or markup
//! ([`crate::links::LocalLinks::notes`]), never reported broken. Pages of
//! a docs site are the site model's (its layouts and theme templates).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Why an HTML file's relative links are not checked: the template
/// markup it carries ([`markup`]), as said in the note.
pub type Markup = &'static str;

/// The template engine markup in `head` (an HTML file's first bytes), if
/// any, as the note names it. Sources: Thymeleaf 3.1 "Tutorial: Using
/// Thymeleaf" (sections 1.4 "Standard dialects", `th:*` and `data-th-*`
/// attributes, the `xmlns:th` namespace); Jinja "Template Designer
/// Documentation" (delimiters `{% %}` and `{{ }}`), shared by Django,
/// Liquid, Nunjucks and Twig, and `{{ }}` by Mustache, Handlebars and Go's
/// `text/template`; ERB, EJS, JSP and lodash's `_.template` (`<% %>`,
/// `<%= %>`, which html-webpack-plugin reads in Vue CLI's
/// `public/index.html`).
pub fn markup(head: &[u8]) -> Option<Markup> {
    if thymeleaf(head) {
        return Some("Thymeleaf `th:` attributes");
    }
    if tag(head, b"{%", b"%}") {
        return Some("`{% %}` tags (Jinja, Django, Liquid, Nunjucks, Twig)");
    }
    if tag(head, b"<%", b"%>") {
        return Some("`<% %>` tags (ERB, EJS, JSP, lodash templates)");
    }
    if tag(head, b"{{", b"}}") {
        return Some("`{{ }}` tags (Jinja, Mustache, Handlebars, Go templates)");
    }
    None
}

/// The file name extensions of server-side template engines: a file so
/// named is a template whatever its first bytes hold (urilint reads it
/// as HTML when it starts like a page). FreeMarker (`.ftl`, `.ftlh`),
/// Beetl (`.btl`), Velocity (`.vm`), JSP (`.jsp`), ERB (`.erb`,
/// `.rhtml`), EJS (`.ejs`), Handlebars (`.hbs`, `.handlebars`), Mustache
/// (`.mustache`), Twig (`.twig`), Jinja (`.j2`, `.jinja`, `.jinja2`),
/// Nunjucks (`.njk`), Go (`.gohtml`, `.tmpl`), PHP (`.php`), Razor
/// (`.cshtml`), Pug (`.pug`). Issue 46, round 8: dromara/Sa-Token's
/// demos, `templates/index.btl` and `templates/index.ftl` linking the
/// application's `login` route.
const TEMPLATE_EXTENSIONS: &[&str] = &[
    "ftl",
    "ftlh",
    "btl",
    "vm",
    "jsp",
    "erb",
    "rhtml",
    "ejs",
    "hbs",
    "handlebars",
    "mustache",
    "twig",
    "j2",
    "jinja",
    "jinja2",
    "njk",
    "gohtml",
    "tmpl",
    "php",
    "cshtml",
    "pug",
];

/// What the note says of a file named by [`TEMPLATE_EXTENSIONS`].
const TEMPLATE_FILE: Markup = "a template engine's file name (`.ftl`, `.jsp`, `.erb`, ...)";

/// True when `head` holds a Thymeleaf attribute: the namespace
/// declaration `xmlns:th=`, or an attribute `th:NAME=` or
/// `data-th-NAME=` after whitespace (inside a tag).
fn thymeleaf(head: &[u8]) -> bool {
    use memchr::memmem::find_iter;
    if memchr::memmem::find(head, b"xmlns:th=").is_some() {
        return true;
    }
    [b"th:".as_slice(), b"data-th-"].iter().any(|prefix| {
        find_iter(head, prefix).any(|i| {
            let before = i.checked_sub(1).and_then(|j| head.get(j));
            let name = &head[i + prefix.len()..];
            let n = name
                .iter()
                .take_while(|c| c.is_ascii_lowercase() || **c == b'-')
                .count();
            before.is_some_and(u8::is_ascii_whitespace) && n > 0 && name.get(n) == Some(&b'=')
        })
    })
}

/// True when `head` holds `open`, later `close`, with no line break
/// between the two that ends a paragraph (a template tag spans a line or
/// a few).
fn tag(head: &[u8], open: &[u8], close: &[u8]) -> bool {
    memchr::memmem::find_iter(head, open).any(|i| {
        let rest = &head[i + open.len()..];
        let window = &rest[..rest.len().min(200)];
        memchr::memmem::find(window, close).is_some_and(|end| {
            memchr::memmem::find(&window[..end], b"\n\n").is_none()
                && memchr::memmem::find(&window[..end], b"\r\n\r\n").is_none()
        })
    })
}

/// One link not checked, to name in the note: (page, link, markup).
type Example = (PathBuf, String, Markup);

/// The links not checked for a template's markup or a placeholder base,
/// as the note counts them: how many, and one (page, link, why).
#[derive(Debug, Default)]
pub struct Memo {
    files: Mutex<HashMap<PathBuf, Option<Markup>>>,
    templates: Mutex<(u64, Option<Example>)>,
    bases: Mutex<(u64, Option<(PathBuf, String)>)>,
}

impl Memo {
    /// The template markup of the HTML file `file` (a `.html` or `.htm`
    /// path; its first [`super::anchors::MAX_DOCUMENT`] bytes read once),
    /// by [`markup`]; `None` for another file.
    pub fn markup_of(&self, file: &Path) -> Option<Markup> {
        use std::io::Read;
        let extension = file
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default();
        if TEMPLATE_EXTENSIONS
            .iter()
            .any(|t| t.eq_ignore_ascii_case(extension))
        {
            return Some(TEMPLATE_FILE);
        }
        let html = extension.eq_ignore_ascii_case("html") || extension.eq_ignore_ascii_case("htm");
        if !html {
            return None;
        }
        if let Some(known) = self.files.lock().ok().and_then(|f| f.get(file).copied()) {
            return known;
        }
        let mut head = Vec::new();
        let _ = std::fs::File::open(file)
            .map(|f| f.take(super::anchors::MAX_DOCUMENT).read_to_end(&mut head));
        let found = markup(&head);
        if let Ok(mut f) = self.files.lock() {
            f.insert(file.to_path_buf(), found);
        }
        found
    }

    /// Counts the relative link `link` of the template `page` (carrying
    /// `markup`) as not checked.
    pub fn count_template(&self, page: &Path, link: &str, markup: Markup) {
        super::tally(&self.templates, || {
            (page.to_path_buf(), link.to_string(), markup)
        });
    }

    /// Counts one relative link of `page`, whose `<base href>` is the
    /// placeholder `base`, as not checked.
    pub fn count_base(&self, page: &Path, base: &str) {
        super::tally(&self.bases, || (page.to_path_buf(), base.to_string()));
    }

    /// The notes on the links not checked, naming a page as `shown`
    /// shows it.
    pub fn notes(&self, shown: impl Fn(&Path) -> PathBuf) -> Vec<String> {
        let mut notes = Vec::new();
        let t = self.templates.lock().unwrap_or_else(|p| p.into_inner());
        if let (n, Some((page, link, markup))) = &*t {
            notes.push(format!(
                "{n} link{} not checked: in HTML templates of a web application (e.g. `{link}` in {}, which has {markup}): the application serves what they render, at its own routes",
                if *n == 1 { "" } else { "s" },
                shown(page).display()
            ));
        }
        let b = self.bases.lock().unwrap_or_else(|p| p.into_inner());
        if let (n, Some((page, base))) = &*b {
            notes.push(format!(
                "{n} link{} not checked: relative to a `<base href=\"{base}\">` of {} that a build fills in",
                if *n == 1 { "" } else { "s" },
                shown(page).display()
            ));
        }
        notes
    }
}

/// True when the `<base href>` value `base` is a placeholder a build
/// fills in (`$FLUTTER_BASE_HREF`, `%PUBLIC_URL%/`, `{{ base }}`,
/// `<%= BASE_URL %>`), by [`crate::template::is_template`].
pub fn placeholder_base(base: &str) -> bool {
    let base = base.trim();
    crate::template::is_template(base) || base.contains("<%")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thymeleaf_attributes_without_the_namespace() {
        // spring-projects/spring-session, spring-session-sample-boot-webflux
        // `templates/home.html` (no `xmlns:th`).
        let head =
            b"<tr th:each=\"attr : ${webSession.attributes}\">\n<td th:text=\"${attr.key}\"/></td>";
        assert_eq!(markup(head), Some("Thymeleaf `th:` attributes"));
        assert!(markup(b"<html xmlns:th=\"http://www.thymeleaf.org\">").is_some());
        assert!(markup(b"<p data-th-text=\"${x}\">").is_some());
    }

    #[test]
    fn plain_pages_carry_no_markup() {
        assert_eq!(
            markup(b"<p>Width: 100%; see <a href=\"x.html\">x</a></p>"),
            None
        );
        assert_eq!(markup(b"<p>math: th:x and {% not closed</p>"), None);
        assert_eq!(markup(b"<p>{{</p>\n\n<p>}}</p>"), None);
    }

    #[test]
    fn template_tags() {
        assert!(markup(b"{% extends \"base.html\" %}").is_some());
        assert!(markup(b"<link rel=\"icon\" href=\"<%= BASE_URL %>favicon.ico\">").is_some());
        assert!(markup(b"<a href=\"{{ url_for('index') }}\">").is_some());
    }

    #[test]
    fn template_engine_files_by_name() {
        let memo = Memo::default();
        // dromara/Sa-Token, sa-token-demo-beetl and -freemarker
        // `src/main/resources/templates/index.{btl,ftl}`: never opened.
        for name in ["index.btl", "index.ftl", "x.JSP", "a/b.html.erb"] {
            assert_eq!(
                memo.markup_of(Path::new(name)),
                Some(TEMPLATE_FILE),
                "{name}"
            );
        }
        assert_eq!(memo.markup_of(Path::new("README.md")), None);
    }

    #[test]
    fn placeholder_bases() {
        assert!(placeholder_base("$FLUTTER_BASE_HREF"));
        assert!(placeholder_base("%PUBLIC_URL%/"));
        assert!(placeholder_base("<%= BASE_URL %>"));
        assert!(placeholder_base("{{ base }}"));
        assert!(!placeholder_base("../"));
        assert!(!placeholder_base("https://example.org/docs/"));
    }
}
