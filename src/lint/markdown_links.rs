//! The Markdown link rules that a whole document decides: `L003`
//! empty-link, `L004` undefined-label, `L005` unused-definition.
//!
//! This module owns turning the facts of
//! [`crate::format::markdown_references`] about one Markdown unit into
//! findings placed in the file (line, column, byte span of the link or
//! definition as written), for the rules enabled. It reads no file
//! system and needs no `--links local`. It does not own reading the
//! document, nor suppression markers (the caller applies them, as to
//! every finding).

use std::ops::Range;

use super::rules::{empty_link, undefined_label, unused_definition, Rule};
use super::{Diagnostic, RuleSet};
use crate::format::markdown_references::references_for;
use crate::format::origin::Origin;
use crate::format::unit::Unit;

/// True when one of the rules of this module is enabled in `rules`.
pub fn any_enabled(rules: &RuleSet) -> bool {
    [
        empty_link::RULE,
        undefined_label::RULE,
        unused_definition::RULE,
    ]
    .iter()
    .any(|r| rules.enabled(r.code))
}

/// The findings of the enabled rules of this module in the Markdown
/// document `unit` (its bytes as stored, offsets of the file), named
/// `path`, in document order. Each is placed at the link or definition
/// as written (its first byte, and its span in `uri_span`); `uri` is the
/// destination (`""` for `L003`, the definition's source for
/// `L005`, the link's source for `L004`). No finding has a fix.
pub fn findings(path: &str, unit: &Unit, rules: &RuleSet) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // An MDX page (`.mdx`) is not CommonMark: `[x]` inside JSX or an
    // expression is no reference, and its parse is markdown-rs's
    // (`crate::format::mdx`), which gives no link references.
    let mdx = std::path::Path::new(path)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("mdx"));
    if !any_enabled(rules) || mdx {
        return out;
    }
    let computed;
    let facts = match &unit.references {
        Some(r) => r,
        None => {
            computed = references_for(&unit.raw, rules.enabled(undefined_label::RULE.code));
            &computed
        }
    };
    let source =
        |span: &Range<usize>| String::from_utf8_lossy(&unit.raw[span.clone()]).into_owned();
    // mdBook's SUMMARY.md (its table of contents) writes a draft
    // chapter, one without a file yet, as a link with an empty
    // destination: `[Draft chapter]()` (mdBook guide, "SUMMARY.md").
    let summary = std::path::Path::new(path)
        .file_name()
        .is_some_and(|n| n == "SUMMARY.md");
    if rules.enabled(empty_link::RULE.code) && !summary {
        for l in &facts.empty_links {
            if attribute_anchor(&unit.raw, l.span.end) {
                continue;
            }
            let message = empty_link::message(&source(&l.span), &l.destination);
            let uri = l.destination.clone();
            out.push(finding(
                path,
                unit,
                &l.span,
                &empty_link::RULE,
                rules,
                message,
                uri,
                "link",
            ));
        }
    }
    if rules.enabled(undefined_label::RULE.code) {
        for u in &facts.undefined_labels {
            let message = undefined_label::message(&u.label, u.collapsed);
            let uri = source(&u.span);
            out.push(finding(
                path,
                unit,
                &u.span,
                &undefined_label::RULE,
                rules,
                message,
                uri,
                "link",
            ));
        }
    }
    // A template of pages to come (`newsletter-template.md`,
    // `.github/PULL_REQUEST_TEMPLATE.md`): its definitions wait for the
    // links its copies will write (rust-embedded/blog).
    let template = std::path::Path::new(path).file_name().is_some_and(|n| {
        n.to_string_lossy()
            .to_ascii_lowercase()
            .contains("template")
    });
    if rules.enabled(unused_definition::RULE.code) && !template {
        // A page whose Markdown a template construct may extend before
        // it is rendered: the text inserted may use its definitions.
        let inserted = facts
            .unused_definitions
            .iter()
            .any(|d| d.duplicate_of.is_none())
            .then(|| inserted_markdown(&unit.raw))
            .flatten();
        for d in &facts.unused_definitions {
            if let (Some(construct), None) = (inserted, &d.duplicate_of) {
                unchecked_definition(path, construct);
                continue;
            }
            let first = d
                .duplicate_of
                .as_ref()
                .map(|f| unit.position(unit.offset + f.start as u64).line);
            let message = unused_definition::message(&d.label, first);
            let uri = source(&d.span);
            out.push(finding(
                path,
                unit,
                &d.span,
                &unused_definition::RULE,
                rules,
                message,
                uri,
                "definition",
            ));
        }
    }
    out.sort_by_key(|d| (d.byte_offset, d.uri_span.end));
    out
}

/// The template constructs that insert Markdown into a page before it
/// is rendered, as (what the page's bytes hold, how a note names it):
/// Hugo's Markdown-notation shortcodes (Hugo docs, "Shortcodes": the
/// output of `{{% name %}}`, `{{% param x %}}` included, is rendered as
/// Markdown with the page), Jekyll's Liquid `{% include %}`, mdBook's
/// `{{#include}}` (mdBook guide, "Including files"), VitePress's
/// `<!--@include: -->` (VitePress guide, "Markdown file inclusion"),
/// MyST's `{include}` directive and reStructuredText's `include`, and an
/// mkdocs-macros or Jinja expression `{{ name }}` (mkdocs-macros docs:
/// variables and macros are rendered before Markdown).
const INSERTING: &[(&str, &str)] = &[
    ("{{%", "Hugo `{{% ... %}}` shortcodes"),
    ("{% include", "Liquid `{% include %}`"),
    ("{%- include", "Liquid `{% include %}`"),
    ("{{#include", "mdBook `{{#include}}`"),
    ("<!--@include:", "VitePress `<!--@include: -->`"),
    ("{include}", "the MyST `{include}` directive"),
    (".. include::", "the reStructuredText `include` directive"),
];

/// How many definitions L005 left unchecked in the run because their
/// page's Markdown may be extended by a template construct
/// ([`INSERTING`]), with the first such page and construct: said once a
/// run ([`unchecked_note`]).
static UNCHECKED: std::sync::Mutex<(u64, Option<(String, &'static str)>)> =
    std::sync::Mutex::new((0, None));

/// Counts one definition of the page `path` not checked for `L005`
/// because of `construct`.
fn unchecked_definition(path: &str, construct: &'static str) {
    let mut u = UNCHECKED.lock().unwrap_or_else(|p| p.into_inner());
    u.0 += 1;
    if u.1.is_none() {
        u.1 = Some((path.to_string(), construct));
    }
}

/// The note, once a run, on the reference definitions `L005` did not
/// check because their page holds a template construct that may insert
/// Markdown using them (how many, and the first page and construct);
/// `None` when there were none. Resets the count.
pub fn unchecked_note() -> Option<String> {
    let mut u = UNCHECKED.lock().unwrap_or_else(|p| p.into_inner());
    let (n, first) = std::mem::take(&mut *u);
    let (page, construct) = first?;
    Some(format!(
        "{n} reference definition{} not checked for L005 (unused-definition): {} page inserts text that may use {} before Markdown is rendered (e.g. {construct} in {page})",
        if n == 1 { "" } else { "s" },
        if n == 1 { "its" } else { "a" },
        if n == 1 { "it" } else { "them" },
    ))
}

/// The template construct of [`INSERTING`] (its name for a note), or an
/// mkdocs-macros / Jinja expression `{{ name }}` or `{{ name(...) }}`,
/// that the Markdown `raw` holds; `None` when it holds none.
fn inserted_markdown(raw: &[u8]) -> Option<&'static str> {
    for (needle, name) in INSERTING {
        if memchr::memmem::find(raw, needle.as_bytes()).is_some() {
            return Some(name);
        }
    }
    // `{{ name }}`, `{{ name(` and `{{ name.attr }}`: not Hugo's `{{<`,
    // nor a `{{#` block of Handlebars.
    let mut at = 0;
    while let Some(i) = memchr::memmem::find(&raw[at..], b"{{") {
        let rest = &raw[at + i + 2..];
        let rest = rest.strip_prefix(b" ").unwrap_or(rest);
        let word = rest
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_' || **b == b'.')
            .count();
        if word > 0 && rest[0].is_ascii_alphabetic() {
            let after = &rest[word..];
            let after = after.strip_prefix(b" ").unwrap_or(after);
            if after.starts_with(b"}}") || after.starts_with(b"(") || after.starts_with(b"|") {
                return Some("an mkdocs-macros or Jinja `{{ ... }}` expression");
            }
        }
        at += i + 2;
    }
    None
}

/// A finding of `rule` at `span` (offsets of `unit.raw`).
#[allow(clippy::too_many_arguments)]
fn finding(
    path: &str,
    unit: &Unit,
    span: &Range<usize>,
    rule: &Rule,
    rules: &RuleSet,
    message: String,
    uri: String,
    field: &str,
) -> Diagnostic {
    let file = unit.offset + span.start as u64..unit.offset + span.end as u64;
    let start = unit.position(file.start);
    let end = unit.position(file.end);
    Diagnostic {
        path: path.to_string(),
        line: start.line,
        column: start.column,
        byte_offset: file.start,
        end_line: end.line,
        end_column: end.column,
        uri_span: file,
        code: rule.code,
        rule: rule.name,
        severity: rules.severity(rule),
        message: super::bounded(message),
        uri,
        fix: None,
        origin: Some(Box::new(Origin {
            segment: "markdown-link",
            field: Some(field.to_string()),
            decoded_line: start.line,
            decoded_column: start.column,
            ..Origin::default()
        })),
        remote: None,
    }
}

/// True when the bytes of `raw` at `end` (just after an empty link) are
/// an attribute list that gives it an id: `[](){#name}` (also `{ #name }`,
/// `{: #name }`, `{#name .class}`) is how mkdocs-autorefs, attr_list and
/// markdown-it-attrs pages place an anchor, not a link to nowhere (issue
/// 46: 48 findings on pydantic/pydantic's docs, `[](){#pattern-constraint-note}`).
fn attribute_anchor(raw: &[u8], end: usize) -> bool {
    let Some(rest) = raw.get(end..) else {
        return false;
    };
    let Some(rest) = rest.strip_prefix(b"{") else {
        return false;
    };
    let close = rest.iter().take(256).position(|&b| b == b'}' || b == b'\n');
    let Some(attrs) = close.filter(|&i| rest[i] == b'}').map(|i| &rest[..i]) else {
        return false;
    };
    attrs
        .split(|b| b.is_ascii_whitespace())
        .any(|w| w.len() > 1 && w[0] == b'#')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::detect::InputFormat;
    use crate::format::unit::for_each;
    use crate::format::ReadOptions;

    fn check(src: &str, rules: &RuleSet) -> Vec<(u64, u64, &'static str, String)> {
        let mut out = Vec::new();
        for_each(
            src.as_bytes(),
            InputFormat::Markdown,
            ReadOptions::default(),
            |unit, _| {
                out.extend(
                    findings("t.md", unit, rules)
                        .into_iter()
                        .map(|d| (d.line, d.column, d.code, d.message)),
                );
                Ok(())
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        out
    }

    #[test]
    fn every_rule_at_its_place() {
        let src = "# Título\n\nÉté [vide]() et [ref][nulle part].\n\n[used]: /u\n\nSee [used].\n\n[unused]: /x\n[USED]: /again\n";
        let got = check(src, &RuleSet::only(&["L003", "L004", "L005"]));
        assert_eq!(
            got,
            [
                (3, 5, "L003", "link '[vide]()' has an empty destination: it goes nowhere".to_string()),
                (3, 17, "L004", "reference to label 'nulle part' with no definition '[nulle part]: ...' in the document".to_string()),
                (9, 1, "L005", "definition of label 'unused' is used by no link or image".to_string()),
                (10, 1, "L005", "label 'USED' is defined again (first on line 5): CommonMark uses the first definition, Python-Markdown (MkDocs) the last".to_string()),
            ]
        );
    }

    /// `[](){#id}` places an anchor (mkdocs-autorefs, attr_list; from
    /// pydantic/pydantic's `docs/api/standard_library_types.md`); an empty
    /// link with a class only, or nothing after it, still goes nowhere.
    #[test]
    fn an_empty_link_with_an_id_is_an_anchor() {
        let src = "[](){#pattern-constraint-note}\n\n[](){ #b .c }\n\n[](){: #d }\n\n[x](){.c}\n\n[y]()\n";
        let got = check(src, &RuleSet::only(&["L003"]));
        let lines: Vec<u64> = got.iter().map(|g| g.0).collect();
        assert_eq!(lines, [7, 9], "{got:?}");
    }

    #[test]
    fn rules_not_enabled_are_not_checked() {
        // By default L004 is off.
        let got = check("[a][b]\n", &RuleSet::default());
        assert!(got.is_empty(), "{got:?}");
        let src = "[a](#) [b][c]\n\n[d]: /e\n";
        let got = check(src, &RuleSet::only(&["L004", "U001"]));
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].2, "L004");
    }

    /// Issue 46 round 4: the template constructs that insert Markdown
    /// before it is rendered (opentelemetry.io's `{{% param x %}}`), and
    /// text that holds none (Hugo's `{{< x >}}`, whose output is not
    /// Markdown; a Handlebars block; prose braces).
    #[test]
    fn template_constructs_that_insert_markdown() {
        for (text, want) in [
            (
                "> {{% param chooseAnIssueAtYourLevel %}} Issues",
                Some("Hugo `{{% ... %}}` shortcodes"),
            ),
            ("{% include links.html %}", Some("Liquid `{% include %}`")),
            (
                "{{#include ../listings/ch01/main.rs}}",
                Some("mdBook `{{#include}}`"),
            ),
            (
                "<!--@include: ./parts/basics.md-->",
                Some("VitePress `<!--@include: -->`"),
            ),
            (
                "```{include} ../README.md\n```",
                Some("the MyST `{include}` directive"),
            ),
            (
                "Version {{ config.version }} is out",
                Some("an mkdocs-macros or Jinja `{{ ... }}` expression"),
            ),
            (
                "{{ macro_name(x) }}",
                Some("an mkdocs-macros or Jinja `{{ ... }}` expression"),
            ),
            ("{{< figure src=\"x.png\" >}}", None),
            ("{{#each items}}x{{/each}}", None),
            ("a {{ 1 + 2 }} b and {x}", None),
        ] {
            assert_eq!(inserted_markdown(text.as_bytes()), want, "{text}");
        }
    }
}
