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
        for d in &facts.unused_definitions {
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
                (10, 1, "L005", "label 'USED' is defined again: CommonMark uses its first definition, on line 5".to_string()),
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
}
