//! `L004` undefined-label: a Markdown full or collapsed reference link
//! whose label has no definition (markdownlint MD052
//! reference-links-images).

use super::{Category, Rule, Severity};

/// The rule.
pub const RULE: Rule = Rule {
    code: "L004",
    name: "undefined-label",
    category: Category::Links,
    severity: Severity::Error,
    default_enabled: false,
    fix: None,
    summary: "a Markdown reference link '[text][label]' or '[label][]' whose label no \
              definition '[label]: uri' has: it renders as bracketed text",
    explanation: "A full ('[text][label]') or collapsed ('[label][]') reference link \
                  needs a definition '[label]: uri' in the same document; labels match \
                  without regard to case, with runs of white space as one space \
                  (CommonMark). Without one, the brackets and label are shown as text \
                  and there is no link. Define the label, or fix its spelling. A \
                  shortcut '[label]' alone is not reported: it is as often bracketed \
                  text (markdownlint's MD052 default). Checked in every Markdown \
                  document; no file is read. Off by default: sites define labels \
                  outside the page (mkdocs-autorefs resolves '[text][module.name]' to \
                  API docs; pymdownx.snippets appends a file of definitions to every \
                  page): of 145 found on nine docs trees only 3 were broken links as \
                  the site renders them.",
    source: "CommonMark section 6.3 (full and collapsed reference links), section 4.7 \
             (link reference definitions); markdownlint MD052 reference-links-images",
};

/// The message of a finding: `label` has no definition; `collapsed` for
/// `[label][]`.
pub fn message(label: &str, collapsed: bool) -> String {
    let form = if collapsed {
        "collapsed reference"
    } else {
        "reference"
    };
    format!(
        "{form} to label '{}' with no definition '[{}]: ...' in the document",
        crate::lint::quote(label),
        crate::lint::quote(label)
    )
}
