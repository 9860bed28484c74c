//! `L001` missing-local-target: a relative link of a Markdown or HTML
//! document to a file or directory that does not exist in the tree
//! (`check --links local`; RFC 3986 section 5.2, the reference resolved
//! against the document's own location).

use super::{Category, Rule, Severity};

/// The rule.
pub const RULE: Rule = Rule {
    code: "L001",
    name: "missing-local-target",
    category: Category::Links,
    severity: Severity::Error,
    default_enabled: true,
    fix: None,
    summary: "a relative link points to a file or directory that does not exist (--links local)",
    explanation: "A link in a Markdown or HTML document, resolved against the document's own \
                  location (or its <base href>, or --root-dir for '/x' and --site-url for \
                  absolute links into the own site), names a file that is not in the tree: \
                  the link is broken for every reader. Checked only with --links local, \
                  offline (no network access). Example: '[guide](docs/gide.md)' in README.md \
                  when docs/guide.md is meant. With --links site --site-dir DIR, a link of \
                  the built HTML that no file under DIR serves, reported on the source \
                  line that made it (or on the built page).",
    source: "RFC 3986 section 5.2 (reference resolution); CommonMark section 6.3 (links)",
};

/// The message of a finding: `path` is the file looked for.
/// (Only `check --links local` reports it: the `cli` feature.)
#[cfg(feature = "cli")]
pub fn message(path: &std::path::Path) -> String {
    format!("links to {}, which does not exist", path.display())
}

/// `message` with "did you mean" the closest existing file or page
/// `suggestion` (`crate::links::suggest::closest`).
#[cfg(feature = "cli")]
pub fn with_suggestion(message: String, suggestion: &str) -> String {
    format!(
        "{message}; did you mean {}?",
        crate::lint::quote(suggestion)
    )
}

/// The message of a finding in a page of a docs site: no source of the
/// `generator` site configured in `config` makes the page at `url` (a URL
/// path of the built site).
#[cfg(feature = "cli")]
pub fn page_message(url: &str, generator: &str, config: &std::path::Path) -> String {
    format!(
        "links to {url}, which no page of the {generator} site ({}) makes",
        config.display()
    )
}
