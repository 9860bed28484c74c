//! `L002` missing-anchor: a link's `#fragment` names no anchor of the
//! target Markdown or HTML document (`check --links local`; RFC 3986
//! section 3.5).

use super::{Category, Rule, Severity};

/// The rule.
pub const RULE: Rule = Rule {
    code: "L002",
    name: "missing-anchor",
    category: Category::Links,
    severity: Severity::Error,
    default_enabled: true,
    fix: None,
    summary: "a link's #fragment names no heading or id of the target document (--links local)",
    explanation: "The fragment of a local link must name an anchor of its target: in Markdown, \
                  the id GitHub gives a heading (lowercased, punctuation dropped, spaces made \
                  '-', '-1', '-2' after repeats; matched without regard to case), a {#id} \
                  heading attribute, or an id/name attribute of raw HTML; in HTML, an id or \
                  name attribute. A fragment that names nothing scrolls nowhere. Example: \
                  '[install](guide.md#instal)' when the heading is '# Install'. Checked only \
                  with --links local; fragments of other files are not looked at. With \
                  --links site --site-dir DIR, the ids of the built HTML page, matched \
                  exactly.",
    source: "RFC 3986 section 3.5 (fragment); GitHub Flavored Markdown heading ids; HTML \
             Living Standard 'scroll to the fragment'",
};

/// The message of a finding: no anchor `fragment` in `path`.
/// (Only `check --links local` reports it: the `cli` feature.)
#[cfg(feature = "cli")]
pub fn message(path: &std::path::Path, fragment: &str) -> String {
    // `guide.md##install`: the fragment is `#install`, whose "did you
    // mean `#install`" would read as the same thing (reduxjs/redux
    // `docs/faq/CodeStructure.md`, issue 46 round 8).
    let doubled = if fragment.starts_with('#') {
        " (the link has two `#`: its fragment is everything after the first)"
    } else {
        ""
    };
    format!(
        "no anchor {} in {}{doubled}",
        crate::lint::quote(fragment),
        path.display()
    )
}

/// The message of a finding on an mkdocs-autorefs cross-reference
/// (`[text][id]`, `[id][]` with no definition in an MkDocs site with
/// autorefs) whose `id` no page has now, that a heading of `page` had at
/// the revision `rev` (`check --since`).
#[cfg(feature = "cli")]
pub fn cross_reference_message(id: &str, page: &std::path::Path, rev: &str) -> String {
    format!(
        "no page has the anchor {} this cross-reference names (mkdocs-autorefs); a heading of {} had it at {rev}",
        crate::lint::quote(id),
        page.display()
    )
}

/// `message` with "did you mean" the closest anchor the page has,
/// `suggestion` (`crate::links::suggest::closest`), written as a
/// fragment.
#[cfg(feature = "cli")]
pub fn with_suggestion(message: String, suggestion: &str) -> String {
    format!(
        "{message}; did you mean {}?",
        crate::lint::quote(&format!("#{suggestion}"))
    )
}

#[cfg(all(test, feature = "cli"))]
mod tests {
    /// A doubled `##` is said: the suggestion would otherwise read as the
    /// fragment itself (reduxjs/redux `docs/faq/CodeStructure.md` line 58).
    #[test]
    fn a_doubled_hash_is_said() {
        let path = std::path::Path::new("docs/style-guide/style-guide.md");
        let m = super::with_suggestion(super::message(path, "#structure-files"), "structure-files");
        assert!(m.contains("two `#`"), "{m}");
        assert!(!super::message(path, "install").contains("two `#`"));
    }
}
