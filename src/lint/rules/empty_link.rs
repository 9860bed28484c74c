//! `L003` empty-link: a Markdown link whose destination is empty
//! (markdownlint MD042 no-empty-links, which also reports `#` alone).

use super::{Category, Rule, Severity};

/// The rule.
pub const RULE: Rule = Rule {
    code: "L003",
    name: "empty-link",
    category: Category::Links,
    severity: Severity::Warning,
    default_enabled: true,
    fix: None,
    summary: "a Markdown link whose destination is empty: it goes nowhere",
    explanation: "'[text]()' and '[text](<>)' render as <a href=\"\">, which reloads the page \
                  it is on: a placeholder left for a destination that was never written (a \
                  reference link whose definition is empty too). Write the destination, or \
                  write the text without a link. '[text](#)' is not reported, unlike in \
                  markdownlint's MD042: an empty fragment goes to the top of the page (HTML \
                  'scroll to the fragment'), a link written on purpose ('scroll up'). Images \
                  are not reported, as in MD042. Checked in every Markdown document; no file \
                  is read.",
    source: "CommonMark section 6.3 (links); RFC 3986 section 4.4 (same-document \
             reference); HTML Living Standard 'select the indicated part' (an empty \
             fragment is the top of the document); markdownlint MD042 no-empty-links",
};

/// The message of a finding: the link `text` (its source, quoted) has
/// the destination `destination` (`""` from the document model; any
/// other is named).
pub fn message(link: &str, destination: &str) -> String {
    let what = if destination.is_empty() {
        "an empty destination".to_string()
    } else {
        format!("the destination '{destination}'")
    };
    format!(
        "link '{}' has {what}: it goes nowhere",
        crate::lint::quote(link)
    )
}
