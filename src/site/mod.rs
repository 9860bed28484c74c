//! The site model: how a docs site generator turns a tree of sources into
//! pages, so that a link is resolved as the built site resolves it.
//!
//! This module owns detecting the generator of a tree from its
//! configuration file ([`Site::of_file`], one file per generator below),
//! reading the settings that change how links resolve ([`Layout`]), the
//! URL of every page ([`Site::page_url`]), resolving a link found in a
//! page to the source file that builds its target ([`Site::resolve`]),
//! and the heading ids each renderer mints ([`slug`]). Nothing of the
//! generator is run; what cannot be read from its configuration is said
//! once ([`Site::notes`]), not guessed. It does not own finding links
//! (`crate::format`) nor reporting them (`crate::links`, the rules `L001`
//! and `L002`).
//!
//! URL paths here are paths of the built site without its base path,
//! starting with `/` (`/guide/install/`, `/api.html`), percent-decoded.

pub mod antora;
pub mod deploy;
pub mod docsify;
pub mod docstrings;
pub mod docusaurus;
pub mod explain;
pub mod files;
pub mod front_matter;
pub mod gitignore;
pub mod hugo;
pub mod jekyll;
pub mod js_object;
pub mod jupyter_book;
mod markdownify;
pub mod mdbook;
pub mod mkdocs;
pub mod nextra;
mod resolve;
pub mod slug;
pub mod sphinx;
pub mod sphinx_xref;
pub mod starlight;
pub mod submodule;
pub mod unmodelled;
mod url_table;
pub mod vitepress;
use crate::format::yaml;
pub mod zola;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub(crate) use resolve::resolve_path;
use slug::Renderer;
pub use url_table::default_page_url;
use url_table::{url_key, UrlTable};

/// The most files of a site's source tree indexed ([`Site::page_url`]):
/// past it, the rest are not indexed and a note says so.
pub const MAX_FILES: usize = 200_000;

/// The most bytes of a configuration file read (1 MiB); a larger one is
/// not read, and a note says so.
pub const MAX_CONFIG: u64 = 1024 * 1024;

/// The stack of the thread configurations are read on (256 MiB, reserved
/// not committed): enough for the deepest nesting [`MAX_CONFIG`] bytes of
/// YAML can write.
const CONFIG_STACK: usize = 256 * 1024 * 1024;

/// Why a relative link that climbs above the site root is not checked
/// ([`Resolved::Unsure`]).
pub const ABOVE_ROOT: &str =
    "a link above the site root leads to whatever is deployed beside the site";

/// Why a missing link target that the repository's `.gitignore` ignores
/// is not checked ([`Resolved::Unsure`], [`gitignore`]).
pub const GENERATED: &str = "a target the repository's .gitignore ignores is made by a build step";

/// Why a root-relative link outside the site's base path is not checked
/// ([`Resolved::Unsure`]).
pub const OUTSIDE_BASE: &str =
    "a root-relative link outside the site's base path leads to another site on the host";

/// `reasons` said as one: "a and b may ..." (`what` ends the phrase);
/// `None` when there is none.
fn unsure_reason(reasons: &[String], what: &str) -> Option<String> {
    match reasons {
        [] => None,
        [one] => Some(format!("{one} {what}")),
        [rest @ .., last] => Some(format!("{} and {last} {what}", rest.join(", "))),
    }
}

/// The text of the configuration file `path`, at most [`MAX_CONFIG`]
/// bytes, lossily decoded as UTF-8.
///
/// # Errors
/// A note for the user: the file could not be read, or is larger than
/// [`MAX_CONFIG`] bytes.
pub fn read_config(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_CONFIG + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.len() as u64 > MAX_CONFIG {
        return Err(format!(
            "{} is larger than {MAX_CONFIG} bytes: not read",
            path.display()
        ));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The first `limit` bytes of `path`, lossily decoded as UTF-8 (the
/// head of a template or page a generator's model looks into).
///
/// # Errors
/// Those of opening and reading the file.
pub(crate) fn read_head(path: &Path, limit: u64) -> std::io::Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit)
        .read_to_end(&mut bytes)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The first document of the YAML configuration `text`, its aliases
/// bounded ([`yaml::CONFIG_COPIES`], H3 of the 2026-11-29 review). Call it
/// on the configuration thread ([`Site::in_dir`]).
///
/// # Errors
/// [`yaml::YamlError`] when it does not parse, or its aliases would
/// expand past the budget: the caller assumes the generator's defaults
/// and says so in a note.
pub fn yaml_config(text: &str) -> Result<yaml_rust2::Yaml, yaml::YamlError> {
    yaml::first_document(text, yaml::CONFIG_COPIES)
}

/// The most bytes of a page read for its front matter.
const FRONT_MATTER_BYTES: u64 = 8 * 1024;

/// A docs site generator urilint knows the build rules of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Generator {
    /// MkDocs (`mkdocs.yml`).
    MkDocs,
    /// VitePress (`.vitepress/config.{js,ts,mjs,mts}`).
    VitePress,
    /// Docusaurus (`docusaurus.config.{ts,mts,cts,js,mjs,cjs}`).
    Docusaurus,
    /// Jekyll (`_config.yml`).
    Jekyll,
    /// Hugo (`hugo.{toml,yaml}` or `config.{toml,yaml}` beside `content/`).
    Hugo,
    /// mdBook (`book.toml`).
    MdBook,
    /// Sphinx (`conf.py`).
    Sphinx,
    /// Antora (`antora.yml` of a component version).
    Antora,
    /// Jupyter Book 1 (`_config.yml` with `_toc.yml` or Jupyter Book's
    /// keys) and Jupyter Book 2 / mystmd (`myst.yml`).
    JupyterBook,
    /// docsify (`index.html` setting `window.$docsify`).
    Docsify,
    /// Astro Starlight (`astro.config.{mjs,ts,js}` importing
    /// `@astrojs/starlight`).
    Starlight,
    /// Nextra (`next.config.{js,mjs,ts}` using `nextra`).
    Nextra,
    /// Zola (`zola.toml`, or `config.toml` with Zola's `base_url`, beside
    /// `content/`).
    Zola,
    /// A generator urilint does not model (Fumadocs, Gatsby, Eleventy,
    /// ...: a `package.json` depending on one of
    /// [`unmodelled::GENERATORS`], beside Markdown or MDX pages): every
    /// link to a page or anchor not found is not checked.
    Unmodelled,
}

impl Generator {
    /// Every generator, in the order configuration files are looked for
    /// in one directory.
    pub const ALL: [Generator; 14] = [
        Generator::MkDocs,
        Generator::VitePress,
        Generator::Docusaurus,
        Generator::Starlight,
        Generator::Nextra,
        Generator::MdBook,
        Generator::Antora,
        Generator::JupyterBook,
        Generator::Zola,
        Generator::Hugo,
        Generator::Sphinx,
        Generator::Docsify,
        Generator::Unmodelled,
        Generator::Jekyll,
    ];

    /// The name used in `urilint.toml` (`[links] site = "mkdocs"`) and
    /// messages.
    pub fn name(self) -> &'static str {
        match self {
            Generator::MkDocs => "mkdocs",
            Generator::VitePress => "vitepress",
            Generator::Docusaurus => "docusaurus",
            Generator::Jekyll => "jekyll",
            Generator::Hugo => "hugo",
            Generator::MdBook => "mdbook",
            Generator::Sphinx => "sphinx",
            Generator::Antora => "antora",
            Generator::JupyterBook => "jupyter-book",
            Generator::Docsify => "docsify",
            Generator::Starlight => "starlight",
            Generator::Nextra => "nextra",
            Generator::Zola => "zola",
            Generator::Unmodelled => "unmodelled",
        }
    }

    /// The generator named `name` ([`Generator::name`], any case).
    pub fn from_name(name: &str) -> Option<Generator> {
        Generator::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The names in a directory that [`Generator::read`] looks at (its
    /// configuration files, or the directory holding them): when none is
    /// there, the directory has no site of this generator.
    fn config_names(self) -> &'static [&'static str] {
        match self {
            Generator::MkDocs => mkdocs::CONFIG_NAMES,
            Generator::VitePress => vitepress::CONFIG_NAMES,
            Generator::Docusaurus => docusaurus::CONFIG_NAMES,
            Generator::Jekyll => jekyll::CONFIG_NAMES,
            Generator::Hugo => hugo::CONFIG_NAMES,
            Generator::MdBook => mdbook::CONFIG_NAMES,
            Generator::Sphinx => sphinx::CONFIG_NAMES,
            Generator::Antora => antora::CONFIG_NAMES,
            Generator::JupyterBook => jupyter_book::CONFIG_NAMES,
            Generator::Docsify => docsify::CONFIG_NAMES,
            Generator::Starlight => starlight::CONFIG_NAMES,
            Generator::Nextra => nextra::CONFIG_NAMES,
            Generator::Zola => zola::CONFIG_NAMES,
            Generator::Unmodelled => unmodelled::CONFIG_NAMES,
        }
    }

    /// Reads the site whose configuration would be in the directory
    /// `dir` (for VitePress: the directory holding `.vitepress/`);
    /// `None` when `dir` holds no configuration file of this generator.
    fn read(self, dir: &Path) -> Option<Layout> {
        match self {
            Generator::MkDocs => mkdocs::read(dir),
            Generator::VitePress => vitepress::read(dir),
            Generator::Docusaurus => docusaurus::read(dir),
            Generator::Jekyll => jekyll::read(dir),
            Generator::Hugo => hugo::read(dir),
            Generator::MdBook => mdbook::read(dir),
            Generator::Sphinx => sphinx::read(dir),
            Generator::Antora => antora::read(dir),
            Generator::JupyterBook => jupyter_book::read(dir),
            Generator::Docsify => docsify::read(dir),
            Generator::Starlight => starlight::read(dir),
            Generator::Nextra => nextra::read(dir),
            Generator::Zola => zola::read(dir),
            Generator::Unmodelled => unmodelled::read(dir),
        }
    }
}

/// How a page source becomes a URL path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlStyle {
    /// `guide/x.md` is served at `/guide/x.html`.
    Html,
    /// `guide/x.md` is served at `/guide/x/` (MkDocs `use_directory_urls`,
    /// Hugo, Jekyll `pretty`).
    Directory,
    /// `guide/x.md` is served at `/guide/x` (VitePress `cleanUrls`,
    /// Docusaurus).
    Clean,
}

/// What a generator's configuration says about where pages come from and
/// where they are served: the settings that change how links resolve.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The generator.
    pub generator: Generator,
    /// The configuration file read.
    pub config: PathBuf,
    /// The directory of the project (where the configuration file is;
    /// for VitePress the directory holding `.vitepress/`).
    pub root: PathBuf,
    /// Where page sources are (MkDocs `docs_dir`, VitePress `srcDir`,
    /// mdBook `src`, Hugo `contentDir`, Jekyll `source`, the Sphinx
    /// source directory, an Antora module's `pages/`).
    pub source_dir: PathBuf,
    /// The URL path the pages of `source_dir` are served under, ending in
    /// `/` (Docusaurus `routeBasePath`, `/docs/` by default; else `/`).
    pub source_url: String,
    /// Directories whose files are served as they are at the site root
    /// (VitePress `public/`, Docusaurus and Hugo `static/`).
    pub static_dirs: Vec<PathBuf>,
    /// Extra directories whose pages are served under a URL prefix
    /// (Docusaurus `blog/` at `/blog/`, Jekyll collections), as (directory,
    /// URL prefix ending in `/`).
    pub mounts: Vec<(PathBuf, String)>,
    /// The path the site is served under (`/` or `/docs/`), from the base
    /// URL setting (VitePress `base`, Docusaurus `baseUrl`, MkDocs
    /// `site_url`'s path, Hugo `baseURL`'s path, Jekyll `baseurl`).
    pub base_path: String,
    /// The extensions of page sources, without the dot (`md`).
    pub page_extensions: Vec<&'static str>,
    /// The names of a directory's index page (`index.md`; mdBook and
    /// MkDocs also `README.md`; Hugo `_index.md`).
    pub index_names: Vec<&'static str>,
    /// How a page's URL is made.
    pub url_style: UrlStyle,
    /// The renderer whose heading ids the pages get.
    pub renderer: Renderer,
    /// Source path patterns rewritten to URL paths (VitePress `rewrites`:
    /// `'packages/:pkg/src/(.*)': ':pkg/(.*)'`), in order.
    pub rewrites: Vec<vitepress::Rewrite>,
    /// True when a page's front matter can set its URL (Jekyll
    /// `permalink`, Hugo `url`/`slug`, Docusaurus `slug`/`id`).
    pub front_matter_urls: bool,
    /// True when a relative link that names nothing beside the page is
    /// looked for from the site root too (Hugo with a link render hook:
    /// `.GetPage` tries the page's own section, then the content root;
    /// Docusaurus: a file link not starting with `./` or `../` is tried
    /// in the docs directory, `resolveMarkdownLinks`).
    pub root_fallback: bool,
    /// True when a relative link may name a page by its source file
    /// beside the page (`other.md`, `other`, `dir/`), as the generator
    /// rewrites such links or serves pages where their sources are; false
    /// for Astro Starlight, which leaves Markdown links as written: the
    /// browser resolves them against the page's URL (`linking` on
    /// `/docs/components/` is `/docs/components/linking`), and only files
    /// that are not pages (images Astro processes) are looked for beside
    /// the source (Astro docs, "Markdown in Astro": links are not
    /// rewritten; the `astro-rehype-relative-markdown-links` plugin exists
    /// to do it).
    pub source_links: bool,
    /// Jekyll: the files of the source directory it leaves out of the
    /// site ([`jekyll::Filter`]); the default filter for other generators.
    pub jekyll: jekyll::Filter,
    /// True when URL paths match without regard to case (Hugo lowercases
    /// every URL it makes, `disablePathToLower` off).
    pub case_insensitive_urls: bool,
    /// Front matter keys whose list of URLs also lead to the page
    /// (Jekyll `redirect_from` with `jekyll-redirect-from`, Hugo
    /// `aliases`).
    pub alias_keys: Vec<&'static str>,
    /// Old URL paths the site redirects (mdBook `[output.html.redirect]`).
    pub redirects: Vec<String>,
    /// Routes the site maps elsewhere, each a regular expression matched
    /// against a whole route path (`/awesome`; docsify `alias`): a link
    /// to one is not checked.
    pub route_aliases: Vec<regex::Regex>,
    /// docsify: a Markdown link to a file that is no page (`kNN.py`,
    /// `LICENSE`) is a route, whose page docsify fetches as `kNN.py.md`
    /// (its compiler's `toURL` and its router's `getFile`); false where
    /// `noCompileLinks` exempts links, and for other generators.
    pub routes_files: bool,
    /// URL paths the generator makes pages at, and under, that no source
    /// file names (Docusaurus `/blog/tags`, `/blog/authors`,
    /// `/docs/category`): a link there is served, not checked.
    pub generated: Vec<String>,
    /// URL paths the generator makes a page or file at, exactly (not
    /// what is under them), that no source file names: Hugo's taxonomy
    /// and term pages (`/tags/`, `/tags/<term>/`, from `taxonomies` and
    /// the pages' front matter), the home page's output formats
    /// (`/llms.txt`, `/index.xml`) and a file mounted into the content
    /// (`module.mounts`). A link there is served, not checked.
    pub generated_pages: Vec<String>,
    /// The Docusaurus content plugins' blog and pages directories
    /// ([`docusaurus::Routes`]); empty for other generators.
    pub docusaurus: docusaurus::Routes,
    /// URL path prefixes the host redirects, whatever follows them (a
    /// Netlify `_redirects` splat `/grpc/*`, read from Hugo's
    /// `static/_redirects` or `layouts/index.redirects`): every URL
    /// starting with one is served.
    pub redirect_prefixes: Vec<String>,
    /// True when pages are bundled (VitePress, Docusaurus): a reference
    /// starting with `@` or `~` is a module specifier the bundler
    /// resolves through its aliases, not checked.
    pub module_specifiers: bool,
    /// Directories of templates the generator renders into pages
    /// (MkDocs `theme.custom_dir`, Jekyll `_layouts`/`_includes`, Hugo
    /// `layouts`, Sphinx `_templates`): which page a template becomes is
    /// not known, so a link in one is looked for from the site root and
    /// otherwise not reported.
    pub theme_dirs: Vec<PathBuf>,
    /// True when the terms of definition lists get ids (Hugo
    /// `markup.goldmark.parser.autoDefinitionTermID`).
    pub definition_term_ids: bool,
    /// True when a fragment may name any label of the project, not only
    /// the page's own ids: a MyST cross-reference (`[text](#label)`,
    /// MyST-Parser "Cross-referencing": local heading anchors first, then
    /// any reference target of the project), in Sphinx with `myst_parser`
    /// or `myst_nb` ([`jupyter_book::project_anchors`] are read).
    pub project_labels: bool,
    /// MyST-Parser's `myst_heading_anchors` (Sphinx `conf.py`, Jupyter
    /// Book `parse.myst_heading_anchors`): headings of level 1 to this
    /// get the id of `myst_heading_slug_func` (GitHub's by default),
    /// which `[](#slug)` links name (MyST-Parser docs, "Auto-generated
    /// header anchors"); `None` when not set, and for other generators
    /// (every heading's GitHub slug is then taken, as before).
    pub myst_heading_anchors: Option<u8>,
    /// True when `.md` pages are compiled as MDX, where an HTML comment is
    /// not one (Docusaurus 3 unless `markdown.format` is `md` or
    /// `detect`): `--add-ignore` writes its marker there as `{/* ... */}`
    /// (L6 of the 2026-11-29 review).
    pub md_as_mdx: bool,
    /// True when `$...$` and `$$...$$` in a Markdown page are math, where
    /// no link is read (MyST-Parser's `dollarmath` extension: Sphinx
    /// `myst_enable_extensions`, Jupyter Book `parse.myst_enable_extensions`,
    /// on by default in Jupyter Book 1 and in mystmd).
    pub dollar_math: bool,
    /// The template that renders the front matter `description` of a
    /// page as Markdown (Hugo `{{ .Description | markdownify }}`, Jekyll
    /// `{{ page.description | markdownify }}`; the `markdownify` module), shown
    /// from the site's directory: the links of that field are on the
    /// built page and are read as the body's. `None` when no template of
    /// the site (or of a theme in the tree) does.
    pub markdown_description: Option<String>,
    /// What the site does that the model does not read and that may make
    /// or move pages (an MkDocs hook or plugin, an mdBook preprocessor, a
    /// Docusaurus plugin, a configuration computed by code), each said as
    /// a short phrase naming the setting and its file ("the mdBook
    /// preprocessor `spec` (book.toml)"). When any is there, a link to a
    /// page nothing of the sources makes is counted as not checked, with
    /// this as the reason, never reported broken.
    pub unsure_pages: Vec<String>,
    /// Starlight `locales`: a page the default locale has is also served
    /// at each other locale's URL that lacks it (fallback content).
    pub locales: starlight::Locales,
    /// Next.js `i18n` of a Nextra site: `Some` of its `defaultLocale`
    /// (empty when not a literal) when set; pages `x.<locale>.mdx` are
    /// served under `/<locale>/`.
    pub nextra_i18n: Option<String>,
    /// Hugo: the shortcodes whose templates write no `id` and no heading
    /// (Hugo's embedded ones, and those of the site's or a theme's
    /// `layouts/shortcodes/` or `layouts/_shortcodes/` that do not;
    /// [`hugo::quiet_shortcodes`]): a page calling only these has the
    /// anchors of its own text.
    pub hugo_quiet_shortcodes: Vec<String>,
    /// MkDocs: the name of a `theme` that is not built in (`material`, a
    /// package whose static files are not read; [`mkdocs::theme_file`]);
    /// `None` for `mkdocs`, `readthedocs` and other generators.
    pub mkdocs_theme: Option<String>,
    /// Hugo: the destinations a link render hook of the site makes its
    /// own links of (`[term](g)` in gohugoio/hugoDocs;
    /// [`hugo::link_hook`]): a link to one is counted as not checked.
    pub hugo_hook_destinations: Vec<hugo::link_hook::Special>,
    /// Hugo `permalinks` patterns applied to the pages of their sections
    /// ([`hugo::permalinks`]); empty for other generators.
    pub hugo_permalinks: hugo::permalinks::Permalinks,
    /// Likewise for what may add anchors to pages (a Markdown extension or
    /// a preprocessor the model does not know): when any is there, a
    /// fragment not found is counted as not checked, not reported.
    pub unsure_anchors: Vec<String>,
    /// URL path prefixes (ending in `/`, without the base path) under
    /// which pages may be made by something the tree does not hold, each
    /// with its reason ("the git submodule `docs/sdk` is not checked
    /// out", a Hugo module mount whose source is missing or empty): a
    /// link to a URL under one that nothing makes is counted as not
    /// checked, with that reason.
    pub unsure_under: Vec<(String, String)>,
    /// Why folders at the published site's root that the site does not
    /// make may still be served: a workflow deploys the site into a
    /// folder of the published site, beside others ([`deploy::beside`]);
    /// `None` when none does.
    pub deployed_beside: Option<String>,
    /// Hugo: the content directories of the site's languages (the
    /// default language's first; `languages.<code>.contentDir`, or a
    /// module mount to `content` for a language): a page bundle shares
    /// the resources of the bundles at the same path in the others
    /// (Hugo docs, "Multilingual mode", "Page bundles": a bundle
    /// inherits its translations' resources except content files).
    pub hugo_language_dirs: Vec<PathBuf>,
    /// Hugo: the languages and content directories through which the
    /// embedded link render hook looks a Markdown link's page up
    /// (`.GetPage` in the page's language), when that hook renders the
    /// site's links ([`hugo::EmbeddedLinks`]); `None` otherwise.
    pub hugo_embedded_links: Option<hugo::EmbeddedLinks>,
    /// Hugo: true when the build leaves out pages whose front matter says
    /// `draft: true` (Hugo's default; not when the configuration sets
    /// `buildDrafts`, nor when a build file of the project passes it:
    /// [`hugo::drafts_left_out`]).
    pub hugo_drafts_left_out: bool,
    /// Hugo: the single-page templates of the site and its themes, when
    /// the model has them all ([`hugo::layouts`]): a regular page moved
    /// into a section without one would not be published
    /// ([`Site::page_url_at`]). `None` otherwise.
    pub hugo_page_layouts: Option<hugo::layouts::PageLayouts>,
    /// Sphinx: the extensions of `conf.py` that give the objects some
    /// directives document ids (`autodoc`'s `module.Class`), as a reason;
    /// only pages that use such a directive have anchors the model does
    /// not know ([`sphinx::object_directives`]). `None` otherwise.
    pub sphinx_object_ids: Option<String>,
    /// What a Sphinx project's `conf.py` says of cross-references
    /// (`:doc:`, `:ref:`, `toctree`; [`sphinx_xref::Xrefs`]); `None` for
    /// other generators.
    pub sphinx_xrefs: Option<sphinx_xref::Xrefs>,
    /// What renders Python docstrings into the site's pages
    /// (mkdocstrings, Sphinx autodoc; [`docstrings::Settings`]); `None`
    /// when nothing does.
    pub docstrings: Option<docstrings::Settings>,
    /// MkDocs with mkdocs-autorefs (the `autorefs` plugin, or
    /// `mkdocstrings`, which turns it on): a Markdown reference link
    /// whose label the page does not define (`[text][id]`, `[id][]`) is
    /// a cross-reference to the heading or anchor with that id on any
    /// page of the site (mkdocs-autorefs docs, "Usage"). False otherwise.
    pub autorefs: bool,
    /// True when the generator writes each link's fragment through its
    /// heading-id function (VitePress 2): a fragment is looked for as
    /// that function makes it ([`Site::link_fragment`]).
    pub fragments_slugged: bool,
    /// Text that, on a page, means something the model does not read may
    /// add anchors there, each with its reason (MkDocs
    /// `include-markdown`'s tag `{% include`): only such pages have
    /// unknown anchors ([`Site::unsure_anchors_of`]).
    pub unsure_anchor_markers: Vec<(String, String)>,
    /// Antora: why the AsciiDoc `idprefix`/`idseparator` that section ids
    /// get are not sure (no playbook in the tree, or an extension of it
    /// that may set them; [`antora::section_ids`]). A fragment not found
    /// that a section of the target has under another common pair
    /// ([`antora::OTHER_SCHEMES`]) is then counted as not checked.
    pub unsure_section_ids: Option<String>,
    /// Why the ids the generator mints for headings are not known at all
    /// (VitePress `markdown.anchor.slugify`, a function of the site's
    /// own): a fragment of a link to one of the site's pages is then
    /// counted as not checked, found or not, since an id the model mints
    /// may not be the page's.
    pub heading_ids_unread: Option<String>,
    /// What the configuration holds that urilint could not read (a value
    /// computed by code, a file that does not parse): said once per site.
    pub notes: Vec<String>,
    /// Zola's settings that page URLs depend on (languages, slugify
    /// strategies, taxonomies); the defaults for another generator.
    pub zola: zola::Settings,
}

impl Layout {
    /// A layout of `generator` for the configuration file `config` in the
    /// project directory `root`, with the generator-neutral defaults:
    /// pages are Markdown files under `root`, served as `.html`.
    pub fn new(generator: Generator, root: &Path, config: &Path) -> Layout {
        Layout {
            generator,
            config: config.to_path_buf(),
            root: root.to_path_buf(),
            source_dir: root.to_path_buf(),
            source_url: "/".into(),
            static_dirs: Vec::new(),
            mounts: Vec::new(),
            base_path: "/".into(),
            page_extensions: vec!["md", "markdown"],
            index_names: vec!["index.md"],
            url_style: UrlStyle::Html,
            renderer: Renderer::Github,
            rewrites: Vec::new(),
            front_matter_urls: false,
            root_fallback: false,
            case_insensitive_urls: false,
            deployed_beside: None,
            alias_keys: Vec::new(),
            module_specifiers: false,
            theme_dirs: Vec::new(),
            definition_term_ids: false,
            project_labels: false,
            myst_heading_anchors: None,
            source_links: true,
            jekyll: jekyll::Filter::default(),
            redirects: Vec::new(),
            route_aliases: Vec::new(),
            routes_files: false,
            generated: Vec::new(),
            generated_pages: Vec::new(),
            docusaurus: docusaurus::Routes::default(),
            redirect_prefixes: Vec::new(),
            md_as_mdx: false,
            dollar_math: false,
            markdown_description: None,
            unsure_pages: Vec::new(),
            locales: starlight::Locales::default(),
            nextra_i18n: None,
            hugo_quiet_shortcodes: Vec::new(),
            hugo_hook_destinations: Vec::new(),
            hugo_permalinks: Default::default(),
            mkdocs_theme: None,
            unsure_anchors: Vec::new(),
            unsure_under: Vec::new(),
            hugo_language_dirs: Vec::new(),
            hugo_embedded_links: None,
            hugo_drafts_left_out: false,
            hugo_page_layouts: None,
            sphinx_object_ids: None,
            sphinx_xrefs: None,
            docstrings: None,
            autorefs: false,
            fragments_slugged: false,
            unsure_anchor_markers: Vec::new(),
            unsure_section_ids: None,
            heading_ids_unread: None,
            notes: Vec::new(),
            zola: zola::Settings::default(),
        }
    }
}

/// A site: its [`Layout`] and, built on first use, the URL of every page
/// and file of its sources.
#[derive(Debug)]
pub struct Site {
    /// The settings read from the configuration.
    pub layout: Layout,
    urls: OnceLock<UrlTable>,
    /// The first segments of the URL paths the site serves, as
    /// [`Site::key`] compares them, made once when a missing URL is looked
    /// up against [`Layout::deployed_beside`].
    first_segments: OnceLock<std::collections::HashSet<String>>,
    /// The files looked at while resolving links, cached for the run.
    files: files::Files,
    /// What was passed over while building the URL table (a page's front
    /// matter refused: H3 of the 2026-11-29 review), said with the
    /// configuration's notes.
    late_notes: std::sync::Mutex<Vec<String>>,
    /// The directory the site's files are looked for in ([`bound_of`]):
    /// nothing outside it is looked at (M6 of the 2026-11-29 review).
    bound: PathBuf,
    /// The anchors the generator itself makes, which the renderer's
    /// heading ids do not say ([`Site::generator_anchor`]): per page
    /// (docsify), or for the whole project under the configuration's path
    /// (MyST labels); `None` when they cannot all be known.
    generator_anchors: std::sync::Mutex<HashMap<PathBuf, Option<std::sync::Arc<HashSet<String>>>>>,
    /// Sphinx pages read for object directives
    /// ([`Layout::sphinx_object_ids`]): whether each uses one.
    object_pages: std::sync::Mutex<HashMap<PathBuf, bool>>,
    /// The labels of a Sphinx project, read once
    /// ([`Site::sphinx_labels`]).
    sphinx_labels: OnceLock<Option<std::sync::Arc<HashSet<String>>>>,
    /// Pages read for [`Layout::unsure_anchor_markers`]: the index of the
    /// first marker each holds.
    marker_pages: std::sync::Mutex<HashMap<PathBuf, Option<usize>>>,
    /// The repository's `.gitignore` rules, read as links need them
    /// ([`gitignore`]).
    ignored: gitignore::Memo,
}

/// Where a link found in a page of a site leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolved {
    /// A source file of the site (a page, whose anchors can be checked,
    /// or another file).
    File(PathBuf),
    /// A directory, or a URL the site serves that has no single source
    /// file to read anchors from.
    Served,
    /// Nothing in the site makes the target: the URL path looked for (as
    /// built, without the base path).
    Missing {
        /// The URL path of the built site that nothing makes.
        url: String,
    },
    /// Not the site's to say: outside its base path, or a target the
    /// configuration hides (a rewrite, a generated page).
    NotChecked,
    /// Nothing of the sources makes the target, but the site does
    /// something the model does not read that may make it
    /// ([`Layout::unsure_pages`]), or the link leaves the site: the link
    /// is counted as not checked, for this reason, and never reported.
    Unsure {
        /// Why, as said in the site's note ("the mdBook preprocessor
        /// `spec` (book.toml) may make or move pages").
        reason: String,
    },
}

impl Site {
    /// The site a page `file` is built by: the nearest directory above
    /// it (up to and including `boundary`, or up to the file system root
    /// when `None`) holding a generator's configuration, read once per
    /// directory through `cache` (shared by a run's workers). The search
    /// stops at a directory others may write, and
    /// passes over a configuration another user could have planted
    /// ([`Site::in_dir`]; M7 of the 2026-11-29 review). `None` when no
    /// directory has one, or the file lies outside the site's sources.
    pub fn of_file(
        file: &Path,
        boundary: Option<&Path>,
        cache: &std::sync::Mutex<HashMap<PathBuf, Option<std::sync::Arc<Site>>>>,
    ) -> Option<std::sync::Arc<Site>> {
        // Locked to look up and to record only: reading a configuration
        // file must not hold up the other workers' lookups.
        let lock = || cache.lock().unwrap_or_else(|p| p.into_inner());
        for dir in file.ancestors().skip(1) {
            let known = lock().get(dir).cloned();
            let site = match known {
                Some(s) => s,
                None => {
                    let s = Site::in_dir(dir).map(std::sync::Arc::new);
                    // A worker that read it meanwhile: one site per
                    // directory (its tables are built once).
                    lock().entry(dir.to_path_buf()).or_insert(s).clone()
                }
            };
            if let Some(s) = site {
                return s.holds(file).then_some(s);
            }
            if boundary.is_some_and(|b| dir == b)
                || dir.as_os_str().is_empty()
                || others_may_write(dir)
            {
                break;
            }
        }
        None
    }

    /// The site whose configuration is in `dir`; `None` when there is
    /// none. The first generator of [`Generator::ALL`] whose file is
    /// there wins. A configuration file owned by another user, writable
    /// by others, or in a directory others may write that is not sticky
    /// is passed over with a warning, as a `urilint.toml` is
    /// (`crate::config::untrusted`; M7 of the 2026-11-29 review).
    pub fn in_dir(dir: &Path) -> Option<Site> {
        // Most directories hold no configuration at all: said by a look
        // at each name, without the thread (whose start, on a busy
        // machine, waited for a free core).
        let any = Generator::ALL.iter().any(|g| {
            g.config_names()
                .iter()
                .any(|n| std::fs::symlink_metadata(dir.join(n)).is_ok())
        }) || mkdocs::alternate_config(dir).is_some()
            || docusaurus::nested_config(dir).is_some()
            || mkdocs::translation_config(dir).is_some();
        if !any {
            return None;
        }
        // Configuration parsers recurse per level of nesting (a YAML file
        // of 3,000 indented levels overflows a thread's default stack, and
        // so does dropping what it parsed to): read on a thread of its
        // own with a stack sized for [`MAX_CONFIG`] bytes.
        std::thread::scope(|s| {
            std::thread::Builder::new()
                .name("urilint-site".into())
                .stack_size(CONFIG_STACK)
                .spawn_scoped(s, || {
                    let mut found = Generator::ALL
                        .into_iter()
                        .filter_map(|g| g.read(dir).filter(trusted));
                    let mut first = found.next()?;
                    // An ambiguous guess is said, never a silent choice.
                    let others: Vec<String> = found
                        .map(|o| format!("{} ({})", o.generator.name(), o.config.display()))
                        .collect();
                    if !others.is_empty() {
                        first.notes.push(format!(
                            "{} is read as a {} site; the directory also holds the configuration of {}: set `[links] site` in urilint.toml to choose",
                            dir.display(),
                            first.generator.name(),
                            others.join(", ")
                        ));
                    }
                    Some(first)
                })
                .ok()
                .and_then(|h| h.join().ok())
                .flatten()
        })
        .map(|layout| Site::found_in(layout, dir))
    }

    /// The site of a layout read by the caller. Its directories (source,
    /// static, mounted, template) are confined to the repository the
    /// project is in: one that leads outside is refused
    /// with a note (the project directory stands for a source directory),
    /// and never walked (M6 of the 2026-11-29 review).
    pub fn new(layout: Layout) -> Site {
        let root = layout.root.clone();
        Site::found_in(layout, &root)
    }

    /// [`Site::new`] for a layout found in the directory `dir` (the
    /// project's, or the one above a Docusaurus `website/`), the
    /// directory confined to when it is in no repository.
    fn found_in(mut layout: Layout, dir: &Path) -> Site {
        let files = files::Files::new();
        let bound = bound_of(dir, &files);
        confine(&mut layout, &bound, &files);
        submodule::unsure(&mut layout, &bound);
        if files.exists(&bound.join(".git")) {
            layout.deployed_beside = deploy::beside(&bound);
        }
        Site {
            bound,
            layout,
            urls: OnceLock::new(),
            first_segments: OnceLock::new(),
            files,
            late_notes: std::sync::Mutex::new(Vec::new()),
            generator_anchors: std::sync::Mutex::new(HashMap::new()),
            object_pages: std::sync::Mutex::new(HashMap::new()),
            sphinx_labels: OnceLock::new(),
            marker_pages: std::sync::Mutex::new(HashMap::new()),
            ignored: gitignore::Memo::default(),
        }
    }

    /// True when `fragment` (percent-decoded) of a link to the page
    /// `page` names an anchor the generator makes besides the renderer's
    /// heading ids: for Jupyter Book / MyST, a label or heading anywhere
    /// in the project (a cross-reference, [`jupyter_book::project_anchors`];
    /// every fragment when the project is too large to read); for
    /// docsify, a heading id by docsify's `slugify` or `:id=`
    /// ([`docsify::heading_ids`]). False for other generators.
    pub fn generator_anchor(&self, page: &Path, fragment: &str) -> bool {
        let key = match self.layout.generator {
            Generator::JupyterBook => self.layout.config.clone(),
            _ if self.layout.project_labels => self.layout.config.clone(),
            Generator::Docsify => page.to_path_buf(),
            _ => return false,
        };
        let known = self
            .generator_anchors
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&key)
            .cloned();
        let ids = match known {
            Some(ids) => ids,
            None => {
                let ids = match self.layout.generator {
                    Generator::JupyterBook => jupyter_book::project_anchors(
                        &self.layout.source_dir,
                        self.layout.myst_heading_anchors,
                        &self.bound,
                    ),
                    _ if self.layout.project_labels => jupyter_book::project_anchors(
                        &self.layout.source_dir,
                        self.layout.myst_heading_anchors,
                        &self.bound,
                    ),
                    _ => crate::links::anchors::read_document(page)
                        .map(|(b, _)| docsify::heading_ids(&String::from_utf8_lossy(&b))),
                }
                .map(std::sync::Arc::new);
                self.generator_anchors
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .insert(key, ids.clone());
                ids
            }
        };
        ids.is_none_or(|ids| ids.contains(fragment))
    }

    /// The site's generator.
    pub fn generator(&self) -> Generator {
        self.layout.generator
    }

    /// What could not be read of the configuration, and of the pages'
    /// front matter read so far, for a message once a run.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = self.layout.notes.clone();
        notes.extend(
            self.late_notes
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .iter()
                .cloned(),
        );
        notes
    }

    /// True when `file` is a source of the site (under its source, static
    /// or mounted directories).
    pub fn holds(&self, file: &Path) -> bool {
        let l = &self.layout;
        l.theme_dirs.iter().any(|d| file.starts_with(d))
            || (file.starts_with(&l.source_dir) && !self.excluded_source(file))
            || l.static_dirs.iter().any(|d| file.starts_with(d))
            || l.mounts.iter().any(|(d, _)| file.starts_with(d))
    }

    /// True when the directory `name` (one path component) of the site's
    /// source directory is one a build step fills: the repository's
    /// `.gitignore` lists it (goharbor/website ignores `content/docs/`,
    /// which its `load-docs.sh` fills from the repository's `docs/`; issue
    /// 46 round 11).
    pub fn fills_at_build(&self, name: &std::ffi::OsStr) -> bool {
        let dir = self.layout.source_dir.join(name);
        self.ignored.ignores(&self.bound, &dir)
            || self.ignored.ignores(&self.bound, &dir.join("index.md"))
    }

    /// True when `file` (under the source directory) is a file the
    /// generator is told not to read: Jekyll's `exclude`
    /// ([`jekyll::Filter::excluded`]). Such a file (a `readme.md` GitHub
    /// renders) is not the site's.
    fn excluded_source(&self, file: &Path) -> bool {
        let l = &self.layout;
        l.generator == Generator::Jekyll
            && file
                .strip_prefix(&l.source_dir)
                .is_ok_and(|rel| l.jekyll.excluded(&rel.to_string_lossy().replace('\\', "/")))
    }

    /// The URL path of the page built from `file` (a source of the site);
    /// `None` for a file the site does not serve.
    pub fn page_url(&self, file: &Path) -> Option<String> {
        self.table().by_source.get(file).cloned()
    }

    /// The URL path the source `old` (a file of the site, read for its
    /// front matter) would be served at if it were at `new` (absolute,
    /// symbolic links resolved as the site's paths are), by the rules
    /// [`Site::page_url`] follows: where `urilint mv` moves a page (issue
    /// 51). `None` when `new` lies under none of the site's source,
    /// static or mounted directories, when the generator would not
    /// publish a file there (Hugo: a regular page in a section without a
    /// single-page template, [`hugo::layouts`]), or (Docusaurus) when the
    /// move crosses between the docs, blog and pages plugins.
    pub fn page_url_at(&self, old: &Path, new: &Path) -> Option<String> {
        if old == new {
            return self.page_url(old);
        }
        let l = &self.layout;
        let under = |d: &PathBuf| new.starts_with(d);
        if let Some(dir) = l.static_dirs.iter().filter(|d| under(d)).max() {
            let rel = new
                .strip_prefix(dir)
                .ok()?
                .to_string_lossy()
                .replace('\\', "/");
            return Some(format!("/{rel}"));
        }
        if l.generator == Generator::Docusaurus {
            let plugin = |f: &Path| {
                (
                    l.docusaurus.pages.iter().any(|d| f.starts_with(d)),
                    l.docusaurus.blogs.iter().any(|d| f.starts_with(d)),
                )
            };
            if plugin(old) != plugin(new) {
                return None;
            }
        }
        let mut roots: Vec<(&PathBuf, &str)> = vec![(&l.source_dir, l.source_url.as_str())];
        roots.extend(l.mounts.iter().map(|(d, p)| (d, p.as_str())));
        let (dir, prefix) = roots
            .into_iter()
            .filter(|(d, _)| under(d))
            .max_by_key(|(d, _)| d.as_os_str().len())?;
        let rel = new
            .strip_prefix(dir)
            .ok()?
            .to_string_lossy()
            .replace('\\', "/");
        if *dir == l.source_dir && !hugo::layouts::published_at(l, old, &rel) {
            return None;
        }
        self.url_of(old, &rel, prefix).map(|(u, _)| u)
    }

    /// True when the model is sure the generator would publish no page for
    /// the source `old` moved to `new` (absolute): a Hugo regular page in
    /// a section that no single-page template of the site or its themes
    /// renders ([`hugo::layouts`]); false when it would, or cannot say.
    pub fn unpublished_at(&self, old: &Path, new: &Path) -> bool {
        let l = &self.layout;
        if l.generator != Generator::Hugo {
            return false;
        }
        let Ok(rel) = new.strip_prefix(&l.source_dir) else {
            return false;
        };
        let rel = rel.to_string_lossy().replace('\\', "/");
        !hugo::layouts::published_at(l, old, &rel)
    }

    /// True when the URL paths `a` and `b` name the same page of the site
    /// (`/x/`, `/x`, `/x.html`, `/x/index.html` meet; without regard to
    /// case where the site's URLs match so).
    pub fn same_url(&self, a: &str, b: &str) -> bool {
        self.key(a) == self.key(b)
    }

    /// Every file of the site's sources that the site serves, with its
    /// URL path ([`Site::page_url`]), in no particular order: the reverse
    /// of the site's page URLs, for a built site's pages.
    pub fn pages(&self) -> impl Iterator<Item = (&Path, &str)> {
        self.table()
            .by_source
            .iter()
            .map(|(f, u)| (f.as_path(), u.as_str()))
    }

    /// The URL path the site serves closest to `url` (a URL path nothing
    /// makes), for "did you mean" (`crate::links::suggest::closest`, by
    /// the whole path: a page of the same directory shares its prefix).
    /// `None` when nothing is close, or `budget` has not enough left for
    /// the site's pages.
    pub fn closest_page(
        &self,
        url: &str,
        budget: &crate::links::suggest::Budget,
    ) -> Option<String> {
        let t = self.table();
        if !budget.take(t.by_source.len()) {
            return None;
        }
        crate::links::suggest::closest(url, t.by_source.values().map(String::as_str))
            .map(str::to_string)
    }

    /// The source files that would make the page at the URL path `url`
    /// (as [`Resolved::Missing`] gives it: without the base path) by the
    /// layout's page extensions and index names, under the source
    /// directory and its URL (`/guide/x.html`, `/guide/x/` or
    /// `/guide/x` from `guide/x.md`, `guide/x/index.md`): where `--since`
    /// looks for a page renamed or deleted since a revision and linked by
    /// its built name (issue 46). None of them exists.
    pub fn sources_of_url(&self, url: &str) -> Vec<PathBuf> {
        let l = &self.layout;
        let key = url_key(url);
        let prefix = l.source_url.trim_end_matches('/');
        let Some(rel) = key.strip_prefix(prefix) else {
            return Vec::new();
        };
        let rel = rel.trim_matches('/');
        let dir = l.source_dir.join(rel);
        let mut out = Vec::new();
        if !rel.is_empty() {
            for ext in &l.page_extensions {
                out.push(l.source_dir.join(format!("{rel}.{ext}")));
            }
        }
        for index in &l.index_names {
            out.push(dir.join(index));
        }
        out
    }

    /// The renderer whose heading ids the site's pages get.
    pub fn renderer(&self) -> Renderer {
        self.layout.renderer
    }

    /// Why a page that none of the sources makes may still be built
    /// ([`Layout::unsure_pages`], joined); `None` when the model reads
    /// everything that makes pages.
    pub fn unsure_pages(&self) -> Option<String> {
        unsure_reason(&self.layout.unsure_pages, "may make or move pages")
    }

    /// Why a page at `url` (a URL path, without the base path) that
    /// nothing of the sources makes may still be built: the reason of the
    /// first [`Layout::unsure_under`] prefix it lies under.
    /// Why the missing URL path `url` may be served by another deploy
    /// ([`Layout::deployed_beside`]): its first segment is a folder no
    /// page of the site is under. `None` otherwise.
    fn deployed_folder(&self, url: &str) -> Option<String> {
        let why = self.layout.deployed_beside.as_ref()?;
        let key = self.key(url);
        let first = deploy::first_segment(&key)?;
        let made = self.first_segments.get_or_init(|| {
            self.table()
                .by_source
                .values()
                .filter_map(|u| deploy::first_segment(&self.key(u)).map(str::to_string))
                .collect()
        });
        (!made.contains(first)).then(|| format!("{why}; `/{first}/` may be one"))
    }

    fn unsure_under(&self, url: &str) -> Option<String> {
        let key = self.key(url);
        self.layout.unsure_under.iter().find_map(|(prefix, why)| {
            let p = self.key(prefix);
            let p = p.trim_end_matches('/');
            (key == p || key.starts_with(&format!("{p}/")) || p.is_empty())
                .then(|| format!("{why} may make pages under {prefix}"))
        })
    }

    /// The fragment `fragment` (decoded) of a link in the site as the built
    /// page's link names it: through the renderer's heading-id function
    /// where the generator writes fragments so ([`Layout::fragments_slugged`]),
    /// else as written.
    pub fn link_fragment(&self, fragment: String) -> String {
        if self.layout.fragments_slugged {
            self.layout.renderer.slug(&fragment)
        } else {
            fragment
        }
    }

    /// Why an anchor not found on a page may still be there
    /// ([`Layout::unsure_anchors`], joined); `None` when the model knows
    /// every anchor the renderer makes.
    pub fn unsure_anchors(&self) -> Option<String> {
        unsure_reason(&self.layout.unsure_anchors, "may add anchors")
    }

    /// Why the fragment `fragment` of a link in the page `from` may name
    /// an object a Sphinx domain documents rather than an anchor of the
    /// target page: in a Sphinx site whose MyST pages cross-reference
    /// through the project ([`Layout::project_labels`]) and that loads an
    /// extension documenting objects ([`Layout::sphinx_object_ids`]), a
    /// MyST page's `[](#Spawner.start)` names `jupyterhub.spawner.Spawner.start`
    /// of the API pages (MyST-Parser, "Cross-referencing": a target not
    /// found locally is looked up in the whole project, domain objects
    /// included; jupyterhub/jupyterhub's `docs/source/reference/spawners.md`,
    /// issue 46 round 11). Only a fragment written as an object's name
    /// (dotted identifiers with a dot or a capital letter: heading ids
    /// have neither) is taken so. `None` otherwise.
    pub fn object_reference(&self, from: &Path, fragment: &str) -> Option<String> {
        let l = &self.layout;
        let why = l.sphinx_object_ids.as_ref()?;
        let myst = from
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("md") || e.eq_ignore_ascii_case("ipynb"));
        let identifier = |part: &str| {
            part.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        let named = fragment.split('.').all(identifier)
            && (fragment.contains('.') || fragment.chars().any(|c| c.is_ascii_uppercase()));
        (l.project_labels && myst && named).then(|| {
            format!("{why} documents objects that a MyST cross-reference (`#Name.attr`) may name")
        })
    }

    /// Why the anchors of the page `page` (a source file of the site) in
    /// particular are not known, as [`Site::unsure_anchors`] says it for
    /// the whole site: a Hugo page whose layout writes all it shows
    /// ([`hugo::layout_only_page`]), a Sphinx page that documents objects
    /// with an extension's directives ([`Layout::sphinx_object_ids`]).
    /// `None` for any other page.
    pub fn unsure_anchors_of(&self, page: &Path) -> Option<String> {
        if !self.layout.unsure_anchor_markers.is_empty() {
            let found = memo(&self.marker_pages, page, || {
                let text = crate::links::anchors::read_document(page)
                    .map(|(b, _)| b)
                    .unwrap_or_default();
                self.layout
                    .unsure_anchor_markers
                    .iter()
                    .position(|(m, _)| memchr::memmem::find(&text, m.as_bytes()).is_some())
            });
            if let Some((_, why)) = found.and_then(|i| self.layout.unsure_anchor_markers.get(i)) {
                return Some(format!("{why} may add anchors"));
            }
        }
        if let Some(why) = &self.layout.sphinx_object_ids {
            let uses = memo(&self.object_pages, page, || {
                sphinx::object_directives(page, &self.bound)
            });
            if uses {
                return Some(format!("{why} may add anchors"));
            }
        }
        hugo::layout_only_page(&self.layout, page).map(|why| format!("{why} may add anchors"))
    }
}

/// The value `map` holds for `key`, computed by `compute` and kept the
/// first time.
fn memo<T: Copy>(
    map: &std::sync::Mutex<HashMap<PathBuf, T>>,
    key: &Path,
    compute: impl FnOnce() -> T,
) -> T {
    if let Some(v) = map.lock().unwrap_or_else(|p| p.into_inner()).get(key) {
        return *v;
    }
    let v = compute();
    map.lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(key.to_path_buf(), v);
    v
}

/// The source files of a documentation project under `dir` (hidden
/// directories, `node_modules` and `_build` left out), with their paths
/// relative to it, for reading its labels (Sphinx, MyST); `None` past
/// [`MAX_FILES`]: they cannot all be known.
pub(crate) fn project_files(dir: &Path) -> Option<Vec<(PathBuf, String)>> {
    let mut count = 0usize;
    let mut truncated = false;
    let files = files_under(
        dir,
        |n| n.starts_with('.') || n == "node_modules" || n == "_build",
        MAX_FILES,
        &mut count,
        &mut truncated,
    );
    (!truncated).then_some(files)
}

/// The files under `dir`, recursively, with their paths relative to it
/// (`/`-separated); entries whose name `skip` says (and symbolic links)
/// are not entered. At most `max` in all (`count` is shared between the
/// directories of one site); `truncated` is set past it.
pub(crate) fn files_under(
    dir: &Path,
    skip: impl Fn(&str) -> bool,
    max: usize,
    count: &mut usize,
    truncated: &mut bool,
) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![(dir.to_path_buf(), String::new())];
    while let Some((d, rel)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if skip(&name) {
                continue;
            }
            let Ok(ft) = e.file_type() else { continue };
            let r = if rel.is_empty() {
                name.clone()
            } else {
                format!("{rel}/{name}")
            };
            if ft.is_dir() {
                stack.push((e.path(), r));
            } else if ft.is_file() {
                if *count >= max {
                    *truncated = true;
                    return out;
                }
                *count += 1;
                out.push((e.path(), r));
            }
        }
    }
    out
}

/// Names a site's source tree is not walked into: hidden entries and
/// `node_modules`.
fn not_a_source(name: &str) -> bool {
    name.starts_with('.') || name == "node_modules"
}

/// Every configuration reader of a repository fed `bytes`: each
/// generator's configuration file (`mkdocs.yml`, `.vitepress/config.ts`,
/// `docusaurus.config.js`, `book.toml`, `antora.yml`, `hugo.toml`,
/// `hugo.yaml`, `conf.py`, `_config.yml`, `myst.yml`, docsify's
/// `index.html`) written into the scratch
/// directory `dir` with them and read, front matter as YAML, TOML and as
/// it comes, `urilint.toml`, and the YAML, TOML and JSON parses that
/// verify an edit; on a thread with the configuration stack, as a run
/// reads them. For the `config` fuzz target only (`fuzz/`): no panic, and
/// work bounded by the input's size. The number of layouts read.
#[doc(hidden)]
pub fn fuzz_configs(dir: &Path, bytes: &[u8]) -> usize {
    let files: [(&str, Generator); 14] = [
        ("mkdocs.yml", Generator::MkDocs),
        (".vitepress/config.ts", Generator::VitePress),
        ("docusaurus.config.js", Generator::Docusaurus),
        ("book.toml", Generator::MdBook),
        ("antora.yml", Generator::Antora),
        ("hugo.toml", Generator::Hugo),
        ("hugo.yaml", Generator::Hugo),
        ("zola.toml", Generator::Zola),
        ("config.toml", Generator::Zola),
        ("conf.py", Generator::Sphinx),
        ("_config.yml", Generator::Jekyll),
        ("myst.yml", Generator::JupyterBook),
        ("index.html", Generator::Docsify),
        ("urilint.toml", Generator::MdBook),
    ];
    let run = || {
        let mut read = 0;
        for (name, generator) in files {
            let path = dir.join(name);
            if let Some(parent) = path.parent() {
                let _ = std::fs::create_dir_all(parent);
            }
            if std::fs::write(&path, bytes).is_err() {
                continue;
            }
            if name == "urilint.toml" {
                #[cfg(feature = "cli")]
                let _ = crate::config::load(&path);
            } else if let Some(layout) = generator.read(dir) {
                let site = Site::new(layout);
                let _ = site.notes();
                read += 1;
            }
            let _ = std::fs::remove_file(&path);
        }
        let text = String::from_utf8_lossy(bytes);
        for fence in ["---", "+++"] {
            let _ = front_matter::parse(format!("{fence}\n{text}\n{fence}\n").as_bytes());
        }
        let _ = front_matter::parse(bytes);
        let _ = js_object::Object::new(&text);
        #[cfg(feature = "cli")]
        {
            use crate::format::structure::{parse_checked, Kind};
            use crate::format::writes::DataFormat;
            for format in [DataFormat::Yaml, DataFormat::Toml, DataFormat::Json] {
                let _ = parse_checked(Kind::Data(format), bytes);
            }
        }
        read
    };
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("urilint-fuzz".into())
            .stack_size(CONFIG_STACK)
            .spawn_scoped(s, run)
            .ok()
            .and_then(|h| h.join().ok())
            .unwrap_or_default()
    })
}

/// The directory a site whose project is in `root` is confined to: the
/// root of the repository it is in (the nearest directory at or above it
/// holding `.git`), else `root` itself; symbolic links resolved.
fn bound_of(root: &Path, files: &files::Files) -> PathBuf {
    let root = files.canonical(root).unwrap_or_else(|| root.to_path_buf());
    root.ancestors()
        .find(|d| files.exists(&d.join(".git")))
        .unwrap_or(&root)
        .to_path_buf()
}

/// `layout`'s directories that lead outside `bound` (by `..`, an
/// absolute path, or a symbolic link: MkDocs `docs_dir: /`, Hugo
/// `contentDir`, `staticDir` and module mounts, Docusaurus and VitePress
/// source directories, `theme.custom_dir`) refused, each with a note:
/// a source directory outside becomes the project directory; the others
/// are dropped (M6 of the 2026-11-29 review).
fn confine(layout: &mut Layout, bound: &Path, files: &files::Files) {
    let root = lexically_clean(&layout.root);
    let inside = |d: &Path| files.reach(&root, &lexically_clean(d), bound).is_some();
    let config = layout.config.display().to_string();
    let mut notes = Vec::new();
    let mut refuse = |d: &Path| {
        notes.push(format!(
            "{config}: the directory {} lies outside the repository ({}): not read",
            d.display(),
            bound.display()
        ));
    };
    if !inside(&layout.source_dir) {
        refuse(&layout.source_dir);
        layout.source_dir = layout.root.clone();
    }
    let mut keep = |d: &PathBuf| {
        let ok = inside(d);
        if !ok {
            refuse(d);
        }
        ok
    };
    layout.static_dirs.retain(&mut keep);
    layout.theme_dirs.retain(&mut keep);
    layout.mounts.retain(|(d, _)| keep(d));
    layout.notes.extend(notes);
}

/// True when the configuration `layout` was read from may be obeyed;
/// else it is said once on standard error, and passed over
/// (`crate::config::untrusted`, M7 of the 2026-11-29 review). Without
/// the `cli` feature (which holds that rule) every file is obeyed.
#[cfg(not(feature = "cli"))]
fn trusted(_layout: &Layout) -> bool {
    true
}

/// True when the configuration `layout` was read from may be obeyed;
/// else it is said once on standard error, and passed over
/// (`crate::config::untrusted`, M7 of the 2026-11-29 review).
#[cfg(feature = "cli")]
fn trusted(layout: &Layout) -> bool {
    match crate::config::untrusted(&layout.config) {
        None => true,
        Some(why) => {
            crate::config::warn_once(&layout.config, &why);
            false
        }
    }
}

/// True when users other than the owner may write the directory `dir`
/// (sticky or not): a search for a site's configuration upwards stops
/// there (M7 of the 2026-11-29 review: a `mkdocs.yml` planted in a
/// shared directory above a project changed the verdicts of its runs).
pub(crate) fn others_may_write(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(dir).is_ok_and(|m| m.permissions().mode() & 0o002 != 0)
}

/// `%XX` sequences decoded (RFC 3986 section 2.1) as UTF-8, lossily.
fn percent_decode(s: &str) -> String {
    String::from_utf8_lossy(&percent_decode_bytes(s.as_bytes())).into_owned()
}

/// `s` with each `%XX` (two hexadecimal digits) made the byte it encodes
/// (RFC 3986 section 2.1); a `%` not followed by two is kept.
pub(crate) fn percent_decode_bytes(s: &[u8]) -> Vec<u8> {
    crate::grammar::percent_decode(s)
}

/// `path` with `.` components dropped and each `..` taking off the
/// component before it, when there is one that is not `..` itself (as
/// RFC 3986 section 5.2.4 removes dot-segments); without looking at the
/// file system.
pub(crate) fn lexically_clean(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if matches!(out.components().next_back(), Some(Component::Normal(_))) {
                    out.pop();
                } else {
                    out.push(c);
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// The path part of a base URL (`https://example.org/docs/` gives
/// `/docs/`), always starting and ending with `/`; `/` for a URL without
/// one.
pub fn base_path_of(url: &str) -> String {
    let rest = match url.split_once("://") {
        Some((_, r)) => r.find('/').map_or("/", |i| &r[i..]),
        None => url,
    };
    let p = rest
        .split(['?', '#'])
        .next()
        .unwrap_or("/")
        .trim_matches('/');
    if p.is_empty() {
        "/".into()
    } else {
        format!("/{p}/")
    }
}

#[cfg(test)]
mod tests;
