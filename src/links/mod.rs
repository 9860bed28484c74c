//! Local links: relative references of Markdown and HTML documents checked
//! against the files of the tree, offline (`check --links local`).
//!
//! This module owns deciding whether a link points into the local tree,
//! resolving it against the document's own location (RFC 3986 section
//! 5.2: a relative reference resolved against the document's URI, here
//! its path), and whether the file and the `#fragment` it names exist
//! ([`LocalLinks::check`]); the anchors of a target document are in
//! [`anchors`]. It never opens a network connection: absolute URIs are
//! looked at only when they start with the site's own URL (`--site-url`),
//! and are then checked as files under the root directory. It does not
//! own finding the links (the Markdown and HTML readers of
//! `crate::format`) nor reporting them (the rules `L001` and `L002`).

pub mod anchors;
#[cfg(feature = "cli")]
mod autorefs;
pub mod built;
mod docstrings;
pub mod expanded;
pub mod ignore;
pub mod included;
mod notes;
#[cfg(feature = "cli")]
pub(crate) use notes::quietly;
pub mod published;
mod sphinx_xref;
mod tree;
#[cfg(feature = "cli")]
pub(crate) use autorefs::SiteAnchor;
pub use sphinx_xref::{XrefOutcome, XrefPage};
pub mod submodules;
pub mod suggest;
pub mod unbuilt;
pub mod webapp;

use crate::grammar::has_scheme;
use crate::site::files::{Files, Kind};
use crate::site::slug::Renderer;
use crate::site::{
    lexically_clean, percent_decode_bytes as percent_decode, Generator, Resolved, Site,
};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anchors::Anchors;
pub(crate) use notes::tally;

/// What an HTML file is to the pages a site serves
/// ([`LocalLinks::built`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Built {
    /// A page served as it is: its references are checked.
    Served,
    /// A page a JavaScript bundler builds from (Vite, Parcel, webpack's
    /// HTML plugin): it loads ES modules (`<script type="module">`) and a
    /// `package.json` is in its directory or one above. The bundler
    /// resolves its references to other files (virtual modules, build
    /// outputs, aliases): they are not checked; its own `#fragment`s are.
    Bundled,
    /// A template that extends a layout or fills its blocks (Jinja2,
    /// Django, Nunjucks, Twig: `{% extends "main.html" %}`, `{% block
    /// content %}`): the page it renders into, and so what a relative
    /// reference or a `#fragment` means, is the generator's. None of its
    /// references is checked. (mkdocs-material's `src/overrides/home.html`
    /// links `assets/images/illustration.png`, which is in `docs/`.) So
    /// is a page of a Sphinx HTML theme that uses Jinja2 syntax (a
    /// `theme.toml` or `theme.conf` in its directory or two above:
    /// sphinx-doc/sphinx's `themes/basic/changes/frameset.html`).
    Template,
    /// A page served as it is that runs scripts (`<script>`) or uses
    /// custom elements (a tag name with `-`, a web component: Ionic's
    /// `<ion-breadcrumb href="#film">` demos): its references are checked,
    /// but a script may set ids at run time, so a link of its own to a
    /// `#fragment` its static HTML lacks is counted as not checked.
    Scripted,
}

/// True when `fragment` (percent-decoded, without `#`) is a route of a
/// client-side router rather than an element's id: it starts with `/`
/// or `!/` (a "hashbang"), as docsify's, Vue Router's and Angular's hash
/// modes write them (`doc.html#/more/join-group`, dromara/Sa-Token's
/// docsify entry page; issue 46, round 8). The page's script reads it;
/// no element has such an id in practice.
fn hash_route(fragment: &str) -> bool {
    fragment.starts_with('/') || fragment.starts_with("!/")
}

/// True when the HTML `head` (a page's first bytes) uses a custom
/// element: a start tag whose name holds `-` (`<ion-app>`, `<my-demo>`;
/// HTML Living Standard, "valid custom element name").
fn has_custom_element(head: &[u8]) -> bool {
    memchr::memchr_iter(b'<', head).any(|i| {
        let name = &head[i + 1..];
        name.first().is_some_and(u8::is_ascii_lowercase)
            && name
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_'))
                .any(|&c| c == b'-')
    })
}

/// What `--links local` checks with.
#[derive(Debug, Default)]
pub struct LocalLinks {
    /// Where root-relative links (`/docs/x.md`) start; `None`: they are
    /// not checked.
    pub root_dir: Option<PathBuf>,
    /// Where the tree is published (e.g. `https://example.org/docs/`):
    /// absolute links that start with it are checked as files under
    /// `root_dir` (or the current directory).
    pub site_url: Option<String>,
    /// Which site generator's build rules links are resolved by.
    pub site: SiteChoice,
    /// Whose heading ids fragments are checked against (`[links]
    /// renderer`); `None`: the site's renderer, or GitHub's outside a
    /// site.
    pub renderer: Option<Renderer>,
    /// Anchors of the documents read so far.
    cache: Mutex<HashMap<(PathBuf, Renderer, bool), Arc<Anchors>>>,
    /// The files pages include, read once per run and shared by the
    /// pages (M4 of the 2026-11-29 review).
    includes: anchors::includes::Memo,
    /// Who includes each file of a tree ([`included::Includers`]), by
    /// the tree's root: read when a document outside every site first
    /// has a link that does not resolve.
    includers: Mutex<HashMap<PathBuf, Arc<included::Includers>>>,
    /// The pages that render Python docstrings, by the tree's root
    /// ([`crate::site::docstrings::Rendering`]).
    docstrings: Mutex<HashMap<PathBuf, Arc<crate::site::docstrings::Rendering>>>,
    /// The site (or none) of each directory looked at so far.
    sites: Mutex<HashMap<PathBuf, Option<Arc<Site>>>>,
    /// The tree ([`LocalLinks::tree_of`]) of each (walk root, document
    /// directory) looked at so far.
    trees: Mutex<HashMap<(Option<PathBuf>, PathBuf), PathBuf>>,
    /// What each HTML document looked at so far is ([`LocalLinks::built`]).
    entries: Mutex<HashMap<PathBuf, Built>>,
    /// The site and real path of each document looked at so far.
    documents: Mutex<HashMap<PathBuf, Option<SiteDocument>>>,
    /// What each path looked at is, and where it really is.
    files: Files,
    /// The ids of the plain headings of each Markdown page looked at so
    /// far ([`LocalLinks::plain_heading`]); `None` for another file.
    plain: Mutex<HashMap<(PathBuf, Renderer), PlainHeadings>>,
    /// The working directory when the checks were set up, absolute.
    cwd: PathBuf,
    /// The targets found outside the tree checked, not checked
    /// ([`LocalLinks::notes`]).
    outside: Mutex<std::collections::HashSet<PathBuf>>,
    /// The links of each site (by its configuration file, as shown) not
    /// checked because the site model is not sure what the built site
    /// makes of them, counted per reason ([`Resolved::Unsure`],
    /// [`Site::unsure_anchors`]); said in one note per site
    /// ([`LocalLinks::notes`]).
    unsure: Mutex<std::collections::BTreeMap<PathBuf, std::collections::BTreeMap<String, u64>>>,
    /// The links of pages no site covers that are written for a built
    /// site ([`unbuilt::written_for_site`]), not checked: how many, and
    /// one of them (page, link) to name in the note.
    unbuilt: Mutex<(u64, Option<(PathBuf, String)>)>,
    /// The root-relative links (`/docs/x`) of pages no site covers, not
    /// checked for want of a root directory (`--root-dir`): how many, and
    /// one of them (page, link) to name in the note.
    rootless: Mutex<(u64, Option<(PathBuf, String)>)>,
    /// Root-relative links of pages no site covers that a site of the
    /// repository serves, not checked ([`published`]).
    published: published::Memo,
    /// The links whose fragment is taken as there only because the target
    /// page's anchors cannot all be known (a shortcode, include, directive
    /// or component may write it): how many, and one of them (page,
    /// fragment) to name in the note.
    unknown_anchors: Mutex<(u64, Option<(PathBuf, String)>)>,
    /// The comparisons left for the run's "did you mean"s.
    budget: suggest::Budget,
    /// The names in each directory a missing file's "did you mean" looked
    /// in, read once per run ([`LocalLinks::closest_file`]).
    listings: Mutex<HashMap<PathBuf, Arc<Vec<String>>>>,
    /// Markdown templates expanded elsewhere, and their links not checked
    /// ([`expanded`]).
    expanded: expanded::Memo,
    /// The repository's `.gitignore` rules, read as the links of files
    /// outside any site need them ([`crate::site::gitignore`]).
    ignored: crate::site::gitignore::Memo,
    /// The submodules of the tree's `.gitmodules` files not checked out,
    /// and the links into them not checked ([`submodules`]).
    submodules: submodules::Memo,
    /// HTML templates of web applications and pages with a placeholder
    /// `<base href>`, and their links not checked ([`webapp`]).
    webapp: webapp::Memo,
}

/// The ids of a Markdown page's plain headings; `None` for another file.
type PlainHeadings = Option<Arc<Anchors>>;

/// Why the anchors of `target` (a page of `site`) may not all be known
/// for the link from `file` with `fragment`: the site's, the page's
/// ([`Site::unsure_anchors_of`]), or a MyST cross-reference to an object
/// ([`Site::object_reference`]); with the site's configuration.
fn unsure_anchors_in_site(
    site: &Site,
    file: &Path,
    target: &Path,
    fragment: Option<&str>,
) -> Option<(PathBuf, String)> {
    site.unsure_anchors()
        .or_else(|| fragment.and_then(|_| site.unsure_anchors_of(target)))
        .or_else(|| fragment.and_then(|f| site.object_reference(file, f)))
        .map(|why| (site.layout.config.clone(), why))
}

/// Why a link of a document that a build step copies into a site is not
/// checked (`LocalLinks::copied_into_site`), as the site's note says.
pub const COPIED: &str = "documents of a folder a build step copies into the site (a folder of its sources that .gitignore lists has the same name) resolve their links from the copy";

/// The build manifests that say a directory is a software project of its
/// own (Maven, Gradle, npm, Cargo, Go, Bundler, Python, Composer).
const PROJECT_MANIFESTS: [&str; 10] = [
    "pom.xml",
    "build.gradle",
    "build.gradle.kts",
    "package.json",
    "Cargo.toml",
    "go.mod",
    "Gemfile",
    "pyproject.toml",
    "setup.py",
    "composer.json",
];

/// True when `file` (absolute, real) is an HTML file of a software project
/// nested in `site`'s sources: a directory between the file and the
/// site's source directory (that directory and the site's root excluded)
/// holds a build manifest ([`PROJECT_MANIFESTS`]). Such a file is the
/// project's (a Spring Boot sample's `src/main/resources/templates/`,
/// whose `/favicon.ico` the application serves: tektoncd/website's blog
/// post bundling its sample app, issue 46 round 10), not a page the
/// generator makes: it is checked as a file outside every site.
fn nested_project_file(site: &Site, file: &Path) -> bool {
    let html = file
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
    let l = &site.layout;
    if !html || !file.starts_with(&l.source_dir) {
        return false;
    }
    file.ancestors()
        .skip(1)
        .take_while(|d| *d != l.source_dir && *d != l.root && d.starts_with(&l.source_dir))
        .any(|d| PROJECT_MANIFESTS.iter().any(|m| d.join(m).is_file()))
}

/// A document's site and its path made absolute, symbolic links resolved.
type SiteDocument = (Arc<Site>, PathBuf);

/// Which site generator's build rules resolve links (`[links] site` in
/// `urilint.toml`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SiteChoice {
    /// The generator whose configuration file is nearest above the
    /// document ([`Site::of_file`]).
    #[default]
    Auto,
    /// None: links are file paths beside the document.
    None,
    /// Only this generator's configuration is looked for.
    Only(Generator),
}

/// What is wrong with a local link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The file or directory it points to does not exist.
    MissingTarget {
        /// The path looked for.
        path: PathBuf,
        /// The closest name of a file in the same directory, for "did you
        /// mean" ([`suggest::closest`]).
        suggestion: Option<String>,
    },
    /// The target exists but holds no anchor named by the fragment.
    MissingAnchor {
        /// The target document.
        path: PathBuf,
        /// The fragment, percent-decoded.
        fragment: String,
        /// The closest anchor the target has, for "did you mean"
        /// ([`suggest::closest`]).
        suggestion: Option<String>,
    },
    /// No source of the site the document belongs to makes the page the
    /// link leads to, as the site's generator builds it.
    MissingPage {
        /// The URL path of the built site looked for (without the base
        /// path, percent-decoded).
        url: String,
        /// The generator (its [`Generator::name`]).
        generator: &'static str,
        /// The site's configuration file.
        config: PathBuf,
        /// The closest URL path the site serves, for "did you mean"
        /// ([`suggest::closest`]).
        suggestion: Option<String>,
    },
}

impl Clone for LocalLinks {
    /// The same settings, with an empty cache of anchors.
    fn clone(&self) -> LocalLinks {
        let mut l = LocalLinks::new(self.root_dir.clone(), self.site_url.clone());
        l.site = self.site;
        l.renderer = self.renderer;
        l
    }
}

impl LocalLinks {
    /// Local links checked from `root_dir`, for a tree published at
    /// `site_url`.
    pub fn new(root_dir: Option<PathBuf>, site_url: Option<String>) -> LocalLinks {
        LocalLinks {
            root_dir,
            site_url,
            site: SiteChoice::Auto,
            renderer: None,
            cache: Mutex::new(HashMap::new()),
            includes: anchors::includes::Memo::default(),
            sites: Mutex::new(HashMap::new()),
            trees: Mutex::new(HashMap::new()),
            documents: Mutex::new(HashMap::new()),
            entries: Mutex::new(HashMap::new()),
            files: Files::new(),
            plain: Mutex::new(HashMap::new()),
            cwd: std::env::current_dir().unwrap_or_default(),
            outside: Mutex::new(std::collections::HashSet::new()),
            unsure: Mutex::new(std::collections::BTreeMap::new()),
            unbuilt: Mutex::new((0, None)),
            rootless: Mutex::new((0, None)),
            published: published::Memo::default(),
            listings: Mutex::new(HashMap::new()),
            unknown_anchors: Mutex::new((0, None)),
            budget: suggest::Budget::default(),
            expanded: expanded::Memo::default(),
            includers: Mutex::new(HashMap::new()),
            docstrings: Mutex::new(HashMap::new()),
            ignored: crate::site::gitignore::Memo::default(),
            submodules: submodules::Memo::default(),
            webapp: webapp::Memo::default(),
        }
    }

    /// What the HTML file `file` is to the pages a site serves
    /// ([`Built`]), read once per file. Not HTML: [`Built::Served`].
    fn built(&self, file: &Path) -> Built {
        let is_html = file
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
        if !is_html {
            return Built::Served;
        }
        if let Some(b) = self.entries.lock().ok().and_then(|e| e.get(file).copied()) {
            return b;
        }
        let b = {
            use memchr::memmem::find;
            use std::io::Read;
            let mut head = Vec::new();
            let _ = std::fs::File::open(file)
                .map(|f| f.take(anchors::MAX_DOCUMENT).read_to_end(&mut head));
            let module = find(&head, b"type=\"module\"").is_some()
                || find(&head, b"type='module'").is_some();
            let template = [
                b"{% extends".as_slice(),
                b"{%- extends",
                b"{% block",
                b"{%- block",
            ]
            .iter()
            .any(|t| find(&head, t).is_some());
            // A Sphinx HTML theme (`theme.toml`, or `theme.conf` before
            // Sphinx 7.3, in its directory): its pages are Jinja2
            // templates, extended or included by the theme's layout.
            let sphinx_theme = || {
                self.files.canonical(file).is_some_and(|real| {
                    real.ancestors().skip(1).take(3).any(|d| {
                        self.files.is_file(&d.join("theme.toml"))
                            || self.files.is_file(&d.join("theme.conf"))
                    })
                })
            };
            let jinja = find(&head, b"{%").is_some() || find(&head, b"{{").is_some();
            if template || (jinja && sphinx_theme()) {
                Built::Template
            } else if module
                && self.files.canonical(file).is_some_and(|real| {
                    real.ancestors()
                        .skip(1)
                        .take(8)
                        .any(|d| self.files.is_file(&d.join("package.json")))
                })
            {
                Built::Bundled
            } else if find(&head, b"<script").is_some() || has_custom_element(&head) {
                Built::Scripted
            } else {
                Built::Served
            }
        };
        if let Ok(mut e) = self.entries.lock() {
            e.insert(file.to_path_buf(), b);
        }
        b
    }

    /// The sites read so far (each once), for their notes
    /// ([`Site::notes`]).
    pub fn sites(&self) -> Vec<Arc<Site>> {
        let mut out: Vec<Arc<Site>> = Vec::new();
        if let Ok(sites) = self.sites.lock() {
            for s in sites.values().flatten() {
                if !out.iter().any(|o| Arc::ptr_eq(o, s)) {
                    out.push(s.clone());
                }
            }
        }
        out.sort_by(|a, b| a.layout.config.cmp(&b.layout.config));
        out
    }

    /// The site that builds the document `file` (found in the walk of
    /// `tree`), by [`LocalLinks::site`]; the document's path made
    /// absolute, with symbolic links resolved, comes with it.
    fn site_of(&self, tree: Option<&Path>, file: &Path) -> Option<(Arc<Site>, PathBuf)> {
        if self.site == SiteChoice::None {
            return None;
        }
        if let Some(known) = self.documents.lock().ok()?.get(file) {
            return known.clone();
        }
        let found = self.find_site(tree, file);
        if let Ok(mut documents) = self.documents.lock() {
            documents.insert(file.to_path_buf(), found.clone());
        }
        found
    }

    /// [`LocalLinks::site_of`], not cached.
    ///
    /// The configuration is looked for above the page up to the root
    /// directory (`--root-dir`) or the repository's root, which a
    /// repository's own site never lies above; outside a repository, up
    /// to the file system's root: a page of `docs/` checked on its own
    /// (`check docs`, or from inside `docs/`) is still built by the
    /// `mkdocs.yml` beside `docs/`, as `mkdocs build` run there builds
    /// it. Only a site whose sources hold the page is taken
    /// ([`Site::of_file`]); where its links may lead is still bounded by
    /// the tree ([`LocalLinks::tree_of`]).
    fn find_site(&self, tree: Option<&Path>, file: &Path) -> Option<(Arc<Site>, PathBuf)> {
        let real = self.files.canonical(file)?;
        let boundary = match &self.root_dir {
            Some(_) => Some(self.tree_of(tree, file)),
            // Where the page really is (symbolic links resolved), as the
            // site's own directories are compared.
            None => self.repository_of(&real),
        };
        let site = Site::of_file(&real, boundary.as_deref(), &self.sites)?;
        if nested_project_file(&site, &real) {
            return None;
        }
        match self.site {
            SiteChoice::Only(g) if site.generator() != g => None,
            _ => Some((site, real)),
        }
    }

    /// [`LocalLinks::lead_within`] for a document of `site` (at `real`,
    /// absolute): the path of the reference is resolved as the site's
    /// generator builds it ([`Site::resolve`]); a fragment names an anchor
    /// of the page's source, with the site's renderer.
    fn lead_in_site(
        &self,
        tree: Option<&Path>,
        file: &Path,
        site: &Site,
        real: &Path,
        path: &str,
        fragment: Option<&str>,
    ) -> Option<Lead> {
        let template = site.layout.theme_dirs.iter().any(|d| real.starts_with(d));
        let target = if path.is_empty() && template {
            // `#x` in a template: in the page it becomes, not known.
            Resolved::NotChecked
        } else if path.is_empty() {
            Resolved::File(real.to_path_buf())
        } else {
            site.resolve(real, path)
        };
        let target = match target {
            Resolved::File(t) => t,
            Resolved::Served | Resolved::NotChecked => return None,
            Resolved::Unsure { reason } => {
                self.count_unsure(&site.layout.config, reason);
                return None;
            }
            Resolved::Missing { url }
                if site.generator() == Generator::Zola && path.starts_with("@/") =>
            {
                // A Zola internal link (`@/a/b.md`) to no content file.
                let suggestion = site.closest_page(&url, &self.budget);
                return Some(Lead::MissingPage {
                    url,
                    generator: site.generator().name(),
                    config: shown(&site.layout.config),
                    suggestion,
                });
            }
            Resolved::Missing { url } => {
                // A file path that leads out of the tree (`../../etc/x`,
                // or through a symbolic link): not checked, whether
                // anything is there or not (M6, L5 of the 2026-11-29
                // review); the site did not look there either.
                if !path.starts_with('/') {
                    let beside = self.file_of(real, path)?;
                    if !self.inside_tree(tree, real, &beside) {
                        return None;
                    }
                }
                if site.generator() == Generator::Antora {
                    // A page id names its file from the module's `pages/`
                    // (`xref:module:x.adoc`), not beside the page.
                    let id = String::from_utf8_lossy(&crate::site::percent_decode_bytes(
                        path.as_bytes(),
                    ))
                    .into_owned();
                    // Shown as the page is (relative when it was walked
                    // so), else absolute.
                    let page = crate::site::antora::page_file(file, &id)
                        .or_else(|| crate::site::antora::page_file(real, &id))
                        .filter(|p| crate::site::antora::url_of_file(p).is_some());
                    if let Some(page) = page {
                        return Some(Lead::Target(LinkTarget::missing(
                            page,
                            self.renderer.unwrap_or(site.renderer()),
                        )));
                    }
                }
                if let Some(beside) = self.missing_file_beside(tree, file, path) {
                    // Said as the file it names, as the generators' own
                    // warnings say it (MkDocs: "the target
                    // 'blog/x/y.png' is not found among documentation
                    // files"): the URL against a directory URL repeats
                    // the page's name (`/blog/x/x/y.png`).
                    return Some(Lead::Target(LinkTarget::missing(
                        beside,
                        self.renderer.unwrap_or(site.renderer()),
                    )));
                }
                let suggestion = site.closest_page(&url, &self.budget);
                return Some(Lead::MissingPage {
                    url,
                    generator: site.generator().name(),
                    config: shown(&site.layout.config),
                    suggestion,
                });
            }
        };
        if !self.inside_tree(tree, file, &target) {
            return None;
        }
        // An anchor the generator makes (a MyST label anywhere in the
        // project, a docsify heading id): found.
        let fragment = decoded_fragment(fragment)
            .map(|f| site.link_fragment(f))
            .filter(|f| !site.generator_anchor(&target, f));
        let unsure_anchors = unsure_anchors_in_site(site, file, &target, fragment.as_deref());
        Some(Lead::Target(LinkTarget {
            kind: self.files.kind(&target),
            path: target,
            fragment,
            renderer: self.renderer.unwrap_or(site.renderer()),
            definition_terms: site.layout.definition_term_ids,
            in_site: true,
            unsure_anchors,
            unsure_section_ids: site
                .layout
                .unsure_section_ids
                .clone()
                .map(|why| (site.layout.config.clone(), why)),
            heading_ids_unread: site.layout.heading_ids_unread.clone().map(|why| {
                (
                    site.layout.config.clone(),
                    format!("{why} mints heading ids by a function of the site's own"),
                )
            }),
        }))
    }

    /// True when the document `file` (found by walking `tree`) is a page
    /// of a site whose Markdown reads `$...$` and `$$...$$` as math
    /// ([`crate::site::Layout::dollar_math`]).
    pub fn dollar_math(&self, tree: Option<&Path>, file: &Path) -> bool {
        self.site_of(tree, file)
            .is_some_and(|(s, _)| s.layout.dollar_math)
    }

    /// True when the document `file` (found by walking `tree`) is a page
    /// of a site whose templates render its front matter `description`
    /// as Markdown ([`crate::site::Layout::markdown_description`]).
    pub fn markdown_description(&self, tree: Option<&Path>, file: &Path) -> bool {
        self.site_of(tree, file)
            .is_some_and(|(s, _)| s.layout.markdown_description.is_some())
    }

    /// For a relative `path` of a page of a site that nothing of the site
    /// makes: the file it names beside the page (joined to the page's
    /// directory as written, as [`LocalLinks::file_of`]) when its last
    /// segment names a file by an extension other than `.html`/`.htm`
    /// (`img/y.png`, `x.md`: not a page URL such as `./x`, `x/` or
    /// `x.html`), no such file is there, and it lies in the tree checked
    /// (nothing outside it is looked at).
    fn missing_file_beside(&self, tree: Option<&Path>, file: &Path, path: &str) -> Option<PathBuf> {
        if path.starts_with('/') {
            return None;
        }
        let name = path.rsplit('/').next()?;
        let (stem, ext) = name.rsplit_once('.')?;
        if stem.is_empty()
            || ext.is_empty()
            || ext.eq_ignore_ascii_case("html")
            || ext.eq_ignore_ascii_case("htm")
        {
            return None;
        }
        let beside = self.file_of(file, path)?;
        (self.inside_tree(tree, file, &beside) && self.files.kind(&beside) == Kind::Missing)
            .then_some(beside)
    }

    /// Checks `reference`, a URI reference found in the document `file`
    /// (as written, e.g. `../guide.md#install`), whose relative references
    /// resolve against `base` when the document sets one (HTML `<base
    /// href>`, already absolute). `None` when the link is fine or not
    /// local (another site, a scheme-relative `//host` reference, a
    /// root-relative one without a root directory, a `base` that is not
    /// the site's).
    pub fn check(&self, file: &Path, reference: &str, base: Option<&str>) -> Option<Problem> {
        self.check_within(None, file, reference, base)
    }

    /// [`LocalLinks::check`], for a document found by walking `tree` (the
    /// walk's root): a target outside the tree checked is not looked at
    /// ([`LocalLinks::tree_of`]).
    pub fn check_within(
        &self,
        tree: Option<&Path>,
        file: &Path,
        reference: &str,
        base: Option<&str>,
    ) -> Option<Problem> {
        let problem = self.check_own(tree, file, reference, base)?;
        // A fragment of the document itself (`#mutate`) in a page that
        // other pages include is read on those pages too: VitePress
        // builds `shared/x.md` as a page of its own, but its readers read
        // it inside the pages that `<!--@include:-->` it, among the
        // headings of the page and of its other includes (wevm/wagmi's
        // `site/shared/`, issue 46 round 8).
        let own_fragment = reference.trim_start().starts_with('#');
        if own_fragment && self.site_of(tree, file).is_some() {
            return match self.includer(tree, file, true) {
                Some(page) if self.check_own(tree, &page, reference, base).is_none() => None,
                _ => Some(problem),
            };
        }
        let Some(page) = self.includer(tree, file, false) else {
            return Some(problem);
        };
        // A file no site builds but a page of one includes: its readers
        // read it on that page, where the link resolves as the page's
        // own do (through include options and labels the model does not
        // read when it does not resolve there either).
        if self.check_own(tree, &page, reference, base).is_some() {
            if own_fragment && matches!(problem, Problem::MissingAnchor { .. }) {
                // A fragment that neither the file's own headings nor the
                // including page's (its text, its labels, the project's
                // labels) make: no include option adds one (aio-libs/
                // aiohttp's `THREAT_MODEL.md`, included by
                // `docs/threat_model.md`; issue 46, round 9).
                return Some(problem);
            }
            self.count_not_checked(tree, &page, &included::reason(&shown(&page)));
        }
        None
    }

    /// The page of a site that includes the document `file` (found by
    /// walking `tree`), when `file` is no page of a site itself, or also
    /// when it is one with `site_pages` ([`included::Includers`]).
    fn includer(&self, tree: Option<&Path>, file: &Path, site_pages: bool) -> Option<PathBuf> {
        if self.site == SiteChoice::None || (!site_pages && self.site_of(tree, file).is_some()) {
            return None;
        }
        let root = self.tree_of(tree, file);
        let real = self.files.canonical(file)?;
        let includers = {
            let mut all = self.includers.lock().unwrap_or_else(|p| p.into_inner());
            all.entry(root.clone())
                .or_insert_with(|| Arc::new(included::Includers::of_tree(&root)))
                .clone()
        };
        let page = includers.includer(&real)?.to_path_buf();
        self.site_of(tree, &page).is_some().then_some(page)
    }

    /// [`LocalLinks::check_within`] of the document `file` on its own.
    fn check_own(
        &self,
        tree: Option<&Path>,
        file: &Path,
        reference: &str,
        base: Option<&str>,
    ) -> Option<Problem> {
        let target = match self.lead_within(tree, file, reference, base)? {
            Lead::MissingPage {
                url,
                generator,
                config,
                suggestion,
            } => {
                return Some(Problem::MissingPage {
                    url,
                    generator,
                    config,
                    suggestion,
                })
            }
            Lead::Target(t) => t,
        };
        if !target.in_site && target.kind == Kind::Missing {
            let suggestion = self.closest_file(&target.path);
            return Some(Problem::MissingTarget {
                path: target.path,
                suggestion,
            });
        }
        if let Some((config, why)) = target
            .heading_ids_unread
            .clone()
            .filter(|_| target.fragment.is_some())
        {
            // The site mints heading ids by its own function: a fragment
            // that the model's ids have may not be the page's, and one
            // they lack may be.
            self.count_unsure(&config, why);
            return None;
        }
        if self.anchor_found(&target)? {
            self.count_unknown_anchor(file, &target);
            None
        } else if (reference.trim_start().starts_with('#')
            && matches!(self.built(file), Built::Scripted | Built::Bundled))
            || (target.fragment.as_deref().is_some_and(hash_route)
                && matches!(self.built(&target.path), Built::Scripted | Built::Bundled))
        {
            // An id a script or custom element of the page may set at
            // run time, or a route of a page's client-side router
            // (`doc.html#/more/faq`): counted, said in the note.
            tally(&self.unknown_anchors, || {
                (shown(file), reference.trim().to_string())
            });
            None
        } else if let Some((config, why)) = target.unsure_anchors {
            // The site may make the anchor in a way the model does not
            // read: counted, not reported.
            self.count_unsure(&config, why);
            None
        } else if let Some((config, why)) = target
            .unsure_section_ids
            .clone()
            .filter(|_| self.section_id_elsewhere(&target))
        {
            // A section's id under another `idprefix`/`idseparator`
            // than the model's, which it is not sure of (Antora).
            self.count_unsure(&config, why);
            None
        } else {
            let fragment = target.fragment.unwrap_or_default();
            let suggestion = self
                .anchors(&target.path, target.renderer, target.definition_terms)
                .filter(|a| self.budget.take(a.iter().count()))
                .and_then(|a| {
                    // Not an AsciiDoc section's title, which a natural
                    // cross reference names (`<<Section Title>>`), not a
                    // fragment.
                    suggest::closest(&fragment, a.iter().filter(|x| !x.contains(' ')))
                        .map(str::to_string)
                });
            Some(Problem::MissingAnchor {
                path: if target.in_site {
                    shown(&target.path)
                } else {
                    target.path
                },
                fragment,
                suggestion,
            })
        }
    }

    /// docsify's route of the Markdown link `reference` of the page `file`
    /// (by walking `tree`) when it names an existing file that is no page
    /// (`kNN.py`, `LICENSE`): docsify's compiler makes every link that is
    /// not absolute a route, and its router fetches the route's page as
    /// `kNN.py.md` (`getFile`), which is missing (apachecn/ailearning's
    /// `docs/ml/2.md` linking `/src/py2.x/ml/2.KNN/kNN.py`, issue 46
    /// round 10; docsify's PR #2300). [`Problem::MissingPage`] with the
    /// route; `None` outside a docsify site that routes such links
    /// ([`crate::site::Layout::routes_files`]), for a link to a page, a
    /// directory or a missing file (the ordinary check's), and where the
    /// page docsify fetches exists. The caller says the link is a
    /// Markdown link whose title is not `:ignore`.
    #[cfg(feature = "cli")]
    pub(crate) fn docsify_routed_file(
        &self,
        tree: Option<&Path>,
        file: &Path,
        reference: &str,
    ) -> Option<Problem> {
        let r = reference.trim();
        if r.is_empty() || r.starts_with('#') || r.starts_with("//") || has_scheme(r) {
            return None;
        }
        // Only now: a site looked up is a site met (`urilint site`).
        let (site, _) = self.site_of(tree, file)?;
        if !site.layout.routes_files {
            return None;
        }
        // docsify's router fetches `.md` and `.html` as they are named.
        let page = |ext: Option<&str>| {
            ext.is_some_and(|e| {
                ["md", "html", "htm"]
                    .iter()
                    .any(|x| x.eq_ignore_ascii_case(e))
            })
        };
        let path = r.split(['#', '?']).next()?;
        if page(path.rsplit('/').next()?.rsplit_once('.').map(|(_, e)| e)) {
            // Cheaply, before the link is resolved again.
            return None;
        }
        let Lead::Target(t) = self.lead_within(tree, file, reference, None)? else {
            return None;
        };
        if t.kind != Kind::File || page(t.path.extension().and_then(|e| e.to_str())) {
            return None;
        }
        let mut fetched = t.path.clone().into_os_string();
        fetched.push(".md");
        if self.files.kind(Path::new(&fetched)) != Kind::Missing {
            return None;
        }
        let rel = t.path.strip_prefix(&site.layout.source_dir).ok()?;
        Some(Problem::MissingPage {
            url: format!("/{}", rel.to_string_lossy().replace('\\', "/")),
            generator: site.generator().name(),
            config: shown(&site.layout.config),
            suggestion: None,
        })
    }

    /// Where `reference`, found in the document `file` (by walking
    /// `tree`, as for [`LocalLinks::check_within`]), leads, as
    /// `check --links local` resolves it: the file or directory of the
    /// tree (which may be missing) with the fragment to look for there, or
    /// a page the site's generator does not build. `None` when the link is
    /// not local or not checked (as [`LocalLinks::check`] says).
    pub(crate) fn lead_within(
        &self,
        tree: Option<&Path>,
        file: &Path,
        reference: &str,
        base: Option<&str>,
    ) -> Option<Lead> {
        if let Some(b) = base.map(str::trim).filter(|b| webapp::placeholder_base(b)) {
            // `<base href="$FLUTTER_BASE_HREF">`: what relative references
            // resolve against is a build's.
            let r = reference.trim();
            if !has_scheme(r) && !r.starts_with("//") {
                self.webapp.count_base(file, b);
            }
            return None;
        }
        if let Some(b) = base.map(str::trim).filter(|b| !has_scheme(b)) {
            // A relative base (`<base href="../">`) is itself resolved
            // against the document (HTML: the document's URL); references
            // then resolve against it.
            return self.lead_from_relative_base(tree, file, reference, b);
        }
        let mut local = self.local_part(reference, base)?;
        if local.contains(['#', '?']) && self.site != SiteChoice::None {
            if let Some((site, _)) = self.site_of(tree, file) {
                if site.generator() == Generator::Docsify {
                    // docsify routes: `#/guide?id=x` is `/guide#x`.
                    if let Some(r) = crate::site::docsify::reference(&local) {
                        local = r;
                    }
                }
            }
        }
        let (path, fragment) = match local.split_once('#') {
            Some((p, f)) => (p, Some(f)),
            None => (local.as_str(), None),
        };
        let path = path.split_once('?').map_or(path, |(p, _)| p);
        if crate::template::is_placeholder_reference(path) {
            // A name a build step substitutes, as a template's.
            return None;
        }
        // Outside any site, and in a docsify site, which serves its HTML
        // files as they are (a template there is rendered by a script:
        // dromara/Sa-Token's `blog/template/index-template.html`).
        let raw_html = self
            .site_of(tree, file)
            .is_none_or(|(site, _)| site.generator() == crate::site::Generator::Docsify);
        if raw_html {
            if let Some(markup) = self.webapp.markup_of(file) {
                // The template of a web application (Thymeleaf, ERB, ...):
                // its links are the application's routes.
                self.webapp.count_template(file, reference.trim(), markup);
                return None;
            }
        }
        match self.built(file) {
            Built::Template => return None,
            Built::Bundled if !path.is_empty() => return None,
            _ => {}
        }
        if self.site_of(tree, file).is_none() && self.expanded.is_template(file) {
            // A Markdown template no site covers, expanded elsewhere: its
            // links are written for where its output lands.
            self.expanded.count(file, reference);
            return None;
        }
        if !path.starts_with('/') || self.site_url.is_none() {
            if let Some((site, real)) = self.site_of(tree, file) {
                return self.lead_in_site(tree, file, &site, &real, path, fragment);
            }
        }
        let repository_root = self.root_of_rooted(tree, file, path)?;
        let target = match (&repository_root, path.strip_prefix('/')) {
            (Some(root), Some(rooted)) => {
                let t = lexically_clean(&root.join(percent_decoded(rooted)?));
                // `[GitHub](/)`: the repository's root itself (a relative
                // root cleans to the empty path, which names nothing).
                if t.as_os_str().is_empty() {
                    PathBuf::from(".")
                } else {
                    t
                }
            }
            _ if path.is_empty() => file.to_path_buf(),
            _ => self.file_of(file, path)?,
        };
        if !self.inside_tree(tree, file, &target) {
            // Outside the tree checked: not looked at (a document must not
            // probe for files beside the checkout, L8 of the 2026-11-26
            // review).
            return None;
        }
        let kind = self.files.kind(&target);
        if kind == Kind::Missing
            && !path.is_empty()
            && self.missing_not_checked(tree, file, &target, path)
        {
            return None;
        }
        Some(Lead::Target(LinkTarget {
            kind,
            path: target,
            fragment: decoded_fragment(fragment),
            renderer: self.renderer.unwrap_or_default(),
            definition_terms: false,
            in_site: false,
            unsure_anchors: None,
            unsure_section_ids: None,
            heading_ids_unread: None,
        }))
    }

    /// Whether the anchor named by `target`'s fragment is in its file, as
    /// `check --links local` looks: `Some(true)` when found (or taken as
    /// there: a plain heading, a page whose anchors cannot all be known),
    /// `Some(false)` when missing; `None` when there is nothing to look
    /// for (no fragment, a directory, a missing file, a file that is not
    /// a Markdown, reStructuredText, AsciiDoc or HTML document).
    pub(crate) fn anchor_found(&self, target: &LinkTarget) -> Option<bool> {
        let fragment = target.fragment.as_deref()?;
        if !target.in_site && target.kind != Kind::File {
            return None;
        }
        if self.plain_heading(&target.path, target.renderer, fragment) {
            return Some(true);
        }
        let anchors = self.anchors(&target.path, target.renderer, target.definition_terms)?;
        Some(anchors.has(fragment))
    }

    /// True when the fragment of `target`, an AsciiDoc page, is the id of
    /// one of its sections under one of the `idprefix`/`idseparator`
    /// pairs of [`crate::site::antora::OTHER_SCHEMES`].
    fn section_id_elsewhere(&self, target: &LinkTarget) -> bool {
        use crate::site::slug::IdAttributes;
        let Some(fragment) = target.fragment.as_deref() else {
            return false;
        };
        if target.path.extension().is_none_or(|x| x != "adoc") {
            return false;
        }
        let bare = crate::site::antora::without_counter(fragment);
        crate::site::antora::OTHER_SCHEMES.iter().any(|(p, s)| {
            IdAttributes::new(p, s)
                .and_then(|a| self.anchors(&target.path, Renderer::Asciidoctor(a), false))
                .is_some_and(|ids| ids.has(fragment) || bare.is_some_and(|b| ids.has(b)))
        })
    }

    /// [`LocalLinks::lead_within`] of `reference` in `file` whose `<base
    /// href>` is the relative reference `base`: the base names a file (or,
    /// ending in `/`, a directory) relative to `file`, and `reference` is
    /// looked for relative to it. A reference without a path (`#x`) points
    /// into the base document itself, as in HTML (not checked when the
    /// base is a directory). A root-relative base needs `--root-dir`.
    fn lead_from_relative_base(
        &self,
        tree: Option<&Path>,
        file: &Path,
        reference: &str,
        base: &str,
    ) -> Option<Lead> {
        let base_path = base.split(['?', '#']).next().unwrap_or_default();
        if base_path.is_empty() {
            // `<base href="?x">`: the document itself.
            return self.lead_within(tree, file, reference, None);
        }
        let named = self.file_of(file, base_path)?;
        // The document references resolve against: the base file, or a
        // name inside the base directory.
        let document = if base_names_directory(base_path) {
            if reference.trim().starts_with(['#', '?']) || reference.trim().is_empty() {
                return None;
            }
            named.join("index.html")
        } else {
            named
        };
        self.lead_within(tree, &document, reference, None)
    }

    /// The file that the (non-empty) path of a reference names, found in
    /// the document `file`: root-relative (`/docs/x.md`) from the root
    /// directory, else relative to the document's directory; percent-
    /// decoded and with dot-segments taken out lexically. `None` for a
    /// root-relative path without a root directory, or a path that decodes
    /// to a NUL byte.
    /// Where a root-relative `path` of `file` (no site's) resolves when no
    /// `--root-dir` says: `Some(None)` for a path that is not
    /// root-relative or a set root directory; `Some(Some(root))` for the
    /// repository's root ([`LocalLinks::rendered_at_repository_root`]);
    /// `None` when where `/` is is not known: counted, said in a note.
    #[allow(clippy::option_option, reason = "three answers, each named above")]
    fn root_of_rooted(
        &self,
        tree: Option<&Path>,
        file: &Path,
        path: &str,
    ) -> Option<Option<PathBuf>> {
        if !path.starts_with('/') || self.root_dir.is_some() {
            return Some(None);
        }
        let root = self
            .rendered_at_repository_root(tree, file)
            .filter(|root| !self.rooted_below(file, root, path));
        let Some(root) = root else {
            tally(&self.rootless, || (shown(file), path.to_string()));
            return None;
        };
        if let Some(config) = self.published_by_site(&root, path) {
            self.published.count(shown(file), path, config);
            return None;
        }
        Some(Some(root))
    }

    /// True when the missing `target` of the link `path` (not empty) of
    /// `file`, a document no site covers, is counted not checked rather
    /// than reported: a file of a git submodule not checked out, a
    /// document a build step copies into a site, a file a build step
    /// writes, or a link written for a built site.
    fn missing_not_checked(
        &self,
        tree: Option<&Path>,
        file: &Path,
        target: &Path,
        path: &str,
    ) -> bool {
        if self.leads_into_absent_submodule(tree, file, target, path) {
            // A file of a git submodule not checked out: the repository
            // has it, this checkout does not.
            return true;
        }
        if let Some(config) = self.copied_into_site(tree, file) {
            // A document a build step copies into a site, where its
            // links resolve from the copy ([`published`]).
            self.count_unsure(&config, COPIED.to_string());
            return true;
        }
        if self.ignored_target(target) && self.rendered_at_repository_root(tree, file).is_none() {
            // A file a build step writes (vuejs/devtools'
            // `packages/electron/app.html` loading `./dist/devtools.js`):
            // outside a site as inside one ([`crate::site::GENERATED`]).
            // Not so for a document GitHub renders: an ignored file is
            // never on GitHub (mermaid-js/mermaid's `docs/` linking the
            // `.gitignore`d typedoc pages of `packages/mermaid/src/docs/`,
            // issue 46 round 11).
            self.count_not_checked(tree, file, crate::site::GENERATED);
            return true;
        }
        if self.site == SiteChoice::Auto
            && unbuilt::written_for_site(file, path, target, |p| {
                self.within_tree(tree, file, p) && self.files.kind(p) != Kind::Missing
            })
        {
            // Written for a built site no configuration was found for:
            // what it makes of the link is not known.
            tally(&self.unbuilt, || (shown(file), path.to_string()));
            return true;
        }
        false
    }

    /// The configuration of a site of `file`'s repository that a build
    /// step fills a directory of from the repository's directory `file`
    /// lies in ([`published::Memo::site_filled_from`]), for a document
    /// GitHub renders that no site covers; `None` otherwise.
    fn copied_into_site(&self, tree: Option<&Path>, file: &Path) -> Option<PathBuf> {
        let root = self.rendered_at_repository_root(tree, file)?;
        let real_root = self.files.canonical(&root)?;
        let real = self.files.canonical(file)?;
        self.published
            .site_filled_from(&real_root, &real, &self.sites)
    }

    /// The configuration of a site of the repository at `root` that
    /// serves the root-relative `path` when nothing at the repository's
    /// root is what it names ([`published`]); `None` otherwise.
    fn published_by_site(&self, root: &Path, path: &str) -> Option<PathBuf> {
        let rooted = path.strip_prefix('/').and_then(percent_decoded)?;
        if self.files.kind(&lexically_clean(&root.join(&rooted))) != Kind::Missing {
            return None;
        }
        let real = self.files.canonical(root)?;
        self.published.site_serving(&real, path, &self.sites)
    }

    /// The root of the git repository that `file` (a document no site
    /// covers) is in, when `file` is a document GitHub and GitLab render
    /// (Markdown, AsciiDoc, reStructuredText, Org): they resolve a
    /// root-relative link (`/docs`) against the repository's root
    /// (GitHub docs, "Basic writing and formatting syntax", "Relative
    /// links"). wevm/wagmi's `packages/react/CHANGELOG.md` linking
    /// `/react/chains`, reduxjs/redux's `CONTRIBUTING.md` linking `/docs`
    /// (issue 46, round 8). `None` for other files, a file of a site, and
    /// a file in no git work tree.
    fn rendered_at_repository_root(&self, tree: Option<&Path>, file: &Path) -> Option<PathBuf> {
        let rendered = file.extension().and_then(|e| e.to_str()).is_some_and(|e| {
            ["md", "markdown", "mdown", "adoc", "asciidoc", "rst", "org"]
                .iter()
                .any(|x| x.eq_ignore_ascii_case(e))
        });
        if !rendered || self.site_of(tree, file).is_some() {
            return None;
        }
        // As the document's path is written (relative paths stay so in
        // messages), else through its real path.
        let found = |p: &Path| {
            p.ancestors()
                .skip(1)
                .find(|d| self.files.exists(&d.join(".git")))
                .map(Path::to_path_buf)
        };
        found(file).or_else(|| found(&self.files.canonical(file)?))
    }

    /// True when the root-relative `path` names no file under the
    /// repository `root` but one under a directory between `file` and
    /// `root`: that directory may be where `/` is for the tool that
    /// renders it (a docs folder of a generator no configuration names),
    /// so where the link leads is not sure.
    fn rooted_below(&self, file: &Path, root: &Path, path: &str) -> bool {
        let Some(rooted) = path.strip_prefix('/').and_then(percent_decoded) else {
            return false;
        };
        if rooted.as_os_str().is_empty()
            || self.files.kind(&lexically_clean(&root.join(&rooted))) != Kind::Missing
        {
            return false;
        }
        file.ancestors()
            .skip(1)
            .take_while(|d| *d != root && !d.as_os_str().is_empty())
            .any(|d| self.files.kind(&lexically_clean(&d.join(&rooted))) != Kind::Missing)
    }

    fn file_of(&self, file: &Path, path: &str) -> Option<PathBuf> {
        let joined = if let Some(rooted) = path.strip_prefix('/') {
            self.root_dir.as_ref()?.join(percent_decoded(rooted)?)
        } else {
            file.parent()
                .unwrap_or(Path::new(""))
                .join(percent_decoded(path)?)
        };
        Some(lexically_clean(&joined))
    }

    /// The part of `reference` to look for in the tree: the reference
    /// itself when relative, the rest after the site URL when it starts
    /// with it (made root-relative), else `None`.
    fn local_part(&self, reference: &str, base: Option<&str>) -> Option<String> {
        let reference = reference.trim();
        if reference.starts_with("//") {
            return None;
        }
        let absolute = match base {
            Some(b) if !has_scheme(reference) => {
                crate::resolve::resolve_str(b, reference, Default::default())
                    .ok()
                    .map(|r| r.to_string())?
            }
            _ if has_scheme(reference) => reference.to_string(),
            _ => return Some(reference.to_string()),
        };
        let site = self.site_url.as_deref()?;
        let rest = strip_prefix_ignore_case(&absolute, site.trim_end_matches('/'))?;
        if !(rest.is_empty() || rest.starts_with(['/', '#', '?'])) {
            return None;
        }
        Some(if rest.starts_with('/') {
            rest.to_string()
        } else {
            format!("/{rest}")
        })
    }

    /// The source files that would make the page at `url` of the site
    /// whose configuration is `config` (as a [`Problem::MissingPage`] says
    /// them), by [`Site::sources_of_url`]; empty when no site read so far
    /// has that configuration.
    pub fn page_sources(&self, config: &Path, url: &str) -> Vec<PathBuf> {
        self.sites()
            .into_iter()
            .find(|s| shown(&s.layout.config) == config)
            .map(|s| s.sources_of_url(url))
            .unwrap_or_default()
    }

    /// True when `fragment` is the id `renderer` gives a plain heading of
    /// the Markdown page `path` ([`anchors::plain_headings`]: its lines
    /// read once per run, no parse). False says nothing: the page's full
    /// anchors decide ([`LocalLinks::anchors`]).
    fn plain_heading(&self, path: &Path, renderer: Renderer, fragment: &str) -> bool {
        let key = (path.to_path_buf(), renderer);
        let known = self.plain.lock().ok().and_then(|c| c.get(&key).cloned());
        let ids = match known {
            Some(ids) => ids,
            None => {
                let ids = read_markdown(path).map(|src| {
                    Arc::new(anchors::plain_headings::plain_heading_ids(&src, renderer))
                });
                if let Ok(mut c) = self.plain.lock() {
                    c.insert(key, ids.clone());
                }
                ids
            }
        };
        ids.is_some_and(|a| a.has(fragment))
    }

    /// The anchors of the document `path`, read once per run; `None` when
    /// it is not a Markdown or HTML document (its fragments are not
    /// checked) or cannot be read.
    pub(crate) fn anchors(
        &self,
        path: &Path,
        renderer: Renderer,
        terms: bool,
    ) -> Option<Arc<Anchors>> {
        let key = (path.to_path_buf(), renderer, terms);
        if let Ok(cache) = self.cache.lock() {
            if let Some(a) = cache.get(&key) {
                return Some(a.clone());
            }
        }
        // Includes are followed only inside the target's tree.
        let within = self.tree_of(None, path);
        // Hugo: the shortcodes whose templates write no ids.
        let quiet = match renderer {
            Renderer::Hugo(_) => self
                .find_site(None, path)
                .map(|(s, _)| s.layout.hugo_quiet_shortcodes.clone())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        let a = Arc::new(anchors::of_file_with(
            path,
            renderer,
            terms,
            Some(&within),
            &self.includes,
            &quiet,
        )?);
        if let Ok(mut cache) = self.cache.lock() {
            cache.insert(key, a.clone());
        }
        Some(a)
    }
}

/// Why an AsciiDoc cross reference inside a conditional the document
/// does not decide (`ifdef::env-cloud[]` of an attribute set elsewhere)
/// is not checked ([`crate::format::asciidoc::XREF_CONDITIONAL`]).
pub const CONDITIONAL: &str =
    "a link inside an AsciiDoc `ifdef`/`ifndef`/`ifeval` on an attribute the page does not set";

/// Where a local link leads ([`LocalLinks::lead_within`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Lead {
    /// A file or directory of the tree, which may be missing.
    Target(LinkTarget),
    /// No source of the document's site makes the page the link leads
    /// to ([`Problem::MissingPage`]).
    MissingPage {
        /// The URL path of the built site looked for.
        url: String,
        /// The generator (its [`Generator::name`]).
        generator: &'static str,
        /// The site's configuration file.
        config: PathBuf,
        /// The closest URL path the site serves.
        suggestion: Option<String>,
    },
}

/// The file or directory a local link leads to, and the anchor it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LinkTarget {
    /// The target: for a document of a site, the page's source as the
    /// generator builds it (absolute, symbolic links resolved); else the
    /// path the reference names, joined to the document's directory (or
    /// the root directory) and cleaned lexically.
    pub path: PathBuf,
    /// What `path` is (a file, a directory, missing). A site's target is
    /// a source file the site has.
    pub kind: Kind,
    /// The fragment, percent-decoded, when not empty.
    pub fragment: Option<String>,
    /// Whose heading ids the fragment is matched against.
    pub renderer: Renderer,
    /// Markdown definition terms get ids (Hugo `autoDefinitionTermID`).
    pub definition_terms: bool,
    /// Resolved by a site generator's build rules.
    pub in_site: bool,
    /// For a page of a site that may make anchors the model does not
    /// read ([`Site::unsure_anchors`]): the site's configuration file and
    /// why. A fragment not found is then counted as not checked, not
    /// reported.
    pub unsure_anchors: Option<(PathBuf, String)>,
    /// For a page of an Antora site whose section ids' `idprefix` and
    /// `idseparator` are not sure ([`crate::site::Layout::unsure_section_ids`]):
    /// the site's configuration file and why. A fragment not found that a
    /// section has under another common pair is then counted as not
    /// checked.
    pub unsure_section_ids: Option<(PathBuf, String)>,
    /// For a page of a site whose heading ids are not known at all
    /// ([`crate::site::Layout::heading_ids_unread`]): the site's
    /// configuration file and why. Every fragment is then counted as not
    /// checked.
    pub heading_ids_unread: Option<(PathBuf, String)>,
}

impl LinkTarget {
    /// A missing file `path` outside any site's pages (said as the file
    /// it names), whose anchors `renderer` would make.
    fn missing(path: PathBuf, renderer: Renderer) -> LinkTarget {
        LinkTarget {
            kind: Kind::Missing,
            path,
            fragment: None,
            renderer,
            definition_terms: false,
            in_site: false,
            unsure_anchors: None,
            unsure_section_ids: None,
            heading_ids_unread: None,
        }
    }
}

/// `fragment` percent-decoded (lossily UTF-8), `None` when absent or
/// empty.
fn decoded_fragment(fragment: Option<&str>) -> Option<String> {
    let f = fragment.filter(|f| !f.is_empty())?;
    Some(String::from_utf8_lossy(&percent_decode(f.as_bytes())).into_owned())
}

/// `path` as shown in a message: relative to the working directory when
/// it lies under it.
pub fn shown(path: &Path) -> PathBuf {
    let cwd = std::env::current_dir()
        .ok()
        .and_then(|c| std::fs::canonicalize(c).ok());
    match cwd.as_deref().and_then(|c| path.strip_prefix(c).ok()) {
        Some(rel) if !rel.as_os_str().is_empty() => rel.to_path_buf(),
        _ => path.to_path_buf(),
    }
}

fn strip_prefix_ignore_case<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

/// A path of the reference percent-decoded, as a file system path; `None`
/// when it holds a NUL.
pub(crate) fn percent_decoded(path: &str) -> Option<PathBuf> {
    let bytes = percent_decode(path.as_bytes());
    if bytes.contains(&0) {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Some(PathBuf::from(std::ffi::OsStr::from_bytes(&bytes)))
    }
    #[cfg(not(unix))]
    {
        Some(PathBuf::from(String::from_utf8_lossy(&bytes).into_owned()))
    }
}

/// The bytes of `path`, at most [`anchors::MAX_DOCUMENT`], when it is a
/// Markdown document (by its name and content, as [`anchors`] reads it).
fn read_markdown(path: &Path) -> Option<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(anchors::MAX_DOCUMENT)
        .read_to_end(&mut bytes)
        .ok()?;
    let format = crate::format::detect::detect(&bytes, path);
    (format == crate::format::detect::InputFormat::Markdown).then_some(bytes)
}

/// Whether the relative `<base href>` path `path` (no query or fragment)
/// names a directory: RFC 3986 section 5.2 resolves it against the
/// document (5.2.3: merged with the document's directory; 5.2.4:
/// `remove_dot_segments`), and a path that ends in `/`, or in a `.` or
/// `..` segment (`../..`: a trailing `..` leaves a trailing slash), is a
/// directory's.
fn base_names_directory(path: &str) -> bool {
    let merged = if path.starts_with('/') {
        path.to_string()
    } else {
        format!("/d/{path}")
    };
    crate::resolve::remove_dot_segments(&merged).ends_with('/')
}

#[cfg(test)]
mod tests;
