//! mkdocs-autorefs' cross-references (`[text][id]`, `[id][]` with no
//! definition, in an MkDocs site with the `autorefs` or `mkdocstrings`
//! plugin): the site a document's cross-references resolve in, and
//! whether any page of it has an anchor ([`LocalLinks::site_anchor`]).

use super::*;

/// Whether a site has an anchor ([`LocalLinks::site_anchor`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SiteAnchor {
    /// A page's own text makes it.
    Found,
    /// No page's text makes it, but not all anchors are known: why.
    Unsure(String),
    /// No page has it.
    Missing,
}

impl LocalLinks {
    /// The MkDocs site with mkdocs-autorefs ([`crate::site::Layout::autorefs`])
    /// that builds the document `file` (found in the walk of `tree`):
    /// its undefined reference links are cross-references to an anchor
    /// of any page. `None` for any other document.
    pub(crate) fn autorefs_site(&self, tree: Option<&Path>, file: &Path) -> Option<Arc<Site>> {
        let (site, _) = self.site_of(tree, file)?;
        (site.generator() == crate::site::Generator::MkDocs && site.layout.autorefs).then_some(site)
    }

    /// Whether a page of `site` has the anchor `id` (as its renderer
    /// mints heading ids, or written; [`Anchors::has`]): [`SiteAnchor::Found`]
    /// when a page's own text makes it, [`SiteAnchor::Unsure`] when none
    /// does but a page's anchors are not all known
    /// ([`Site::unsure_anchors_of`], a page whose directives write
    /// headings) or pages the model does not see may be made
    /// ([`Site::unsure_pages`]: a plugin such as `gen-files`), else
    /// [`SiteAnchor::Missing`]. What may add anchors to every page
    /// ([`Site::unsure_anchors`]: a hook) is the caller's to weigh, as
    /// for a link to one page. Each page's anchors are read once per run.
    pub(crate) fn site_anchor(&self, site: &Site, id: &str) -> SiteAnchor {
        let renderer = self.renderer.unwrap_or(site.renderer());
        let terms = site.layout.definition_term_ids;
        // A page the model does not see may mint any id.
        let mut unsure = site.unsure_pages();
        for (page, _) in site.pages() {
            let Some(a) = self.anchors(page, renderer, terms) else {
                continue;
            };
            if a.has(id) && !a.only_unknown_has(id) {
                return SiteAnchor::Found;
            }
            if unsure.is_none() {
                unsure = site.unsure_anchors_of(page).or_else(|| {
                    a.may_generate(id).then(|| {
                        format!(
                            "a directive or include of {} may write headings",
                            shown(page).display()
                        )
                    })
                });
            }
        }
        unsure.map_or(SiteAnchor::Missing, SiteAnchor::Unsure)
    }
}
