//! `L005` unused-definition: a Markdown reference definition that no
//! link or image uses, or that defines a label defined before it
//! (markdownlint MD053 link-image-reference-definitions).

use super::{Category, Rule, Severity};

/// The rule.
pub const RULE: Rule = Rule {
    code: "L005",
    name: "unused-definition",
    category: Category::Links,
    severity: Severity::Warning,
    default_enabled: true,
    fix: None,
    summary: "a Markdown reference definition '[label]: uri' that no link uses, or a \
              second definition of a label (CommonMark uses the first, Python-Markdown the last)",
    explanation: "A reference definition is not rendered; it only gives links written \
                  '[text][label]', '[label][]' or '[label]' their destination. One that \
                  no link or image of the document uses is dead (often a link that was \
                  renamed or removed, its destination left behind); of two definitions \
                  of the same label (case and white space aside) CommonMark uses the \
                  first and Python-Markdown the last: one of them is dead, and the two \
                  renderers disagree when their destinations differ. Remove it, or link to it. The \
                  comment idiom '[//]: # (text)' is not reported (markdownlint's MD053 \
                  default), nor an anchor list ('[summary]: #summary' under '# Summary', \
                  rust-lang/rfcs's template), nor a label written in brackets elsewhere \
                  in the page (in an indented admonition CommonMark reads as code), nor \
                  a page of definitions only (a file included into others). Checked in \
                  every Markdown document; no file is read.",
    source: "CommonMark section 4.7 (link reference definitions: the first of a label \
             takes precedence); Python-Markdown (MkDocs), where a later definition \
             replaces an earlier one; markdownlint MD053 link-image-reference-definitions",
};

/// The message of a finding: the definition of `label` is not used;
/// `first_line` (1-based) is the line of the first definition of the
/// label, for a later one (CommonMark uses the first; Python-Markdown
/// the last: either way one of them is dead).
pub fn message(label: &str, first_line: Option<u64>) -> String {
    match first_line {
        Some(line) => format!(
            "label '{}' is defined again (first on line {line}): CommonMark uses the first definition, Python-Markdown (MkDocs) the last",
            crate::lint::quote(label)
        ),
        None => format!(
            "definition of label '{}' is used by no link or image",
            crate::lint::quote(label)
        ),
    }
}
