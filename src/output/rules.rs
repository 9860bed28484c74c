//! Printing the rule catalogue: `urilint rule` and the rule table of
//! docs/rules.md.
//!
//! This module owns the layouts: a one-line-per-rule list, the full
//! explanation of one rule, and a Markdown table (the one in docs/rules.md is
//! generated with `urilint rule --format markdown`, and a test checks it
//! is up to date). It renders [`Rule`]s; the catalogue itself is
//! [`crate::lint::rules`].

use std::io::Write;

use crate::lint::rules::{Category, Rule};

fn default_word(r: &Rule) -> &'static str {
    if r.default_enabled {
        "on"
    } else {
        "off"
    }
}

/// The rule's fix, with `(unsafe)` after it when `check --fix` applies
/// it only with `--unsafe-fixes` ([`crate::lint::applicability`]).
fn fix_text(r: &Rule) -> Option<String> {
    let fix = r.fix?;
    Some(
        match crate::lint::applicability(r.code, "http://a.example/") {
            crate::fix::Applicability::Safe => fix.to_string(),
            crate::fix::Applicability::Unsafe => format!("{fix} (unsafe)"),
        },
    )
}

/// Appends one line per rule: `CODE name severity default fixable
/// summary`, in columns.
pub fn list(out: &mut Vec<u8>, rules: &[Rule]) {
    let width = rules.iter().map(|r| r.name.len()).max().unwrap_or(0);
    for r in rules {
        let _ = writeln!(
            out,
            "{} {:width$} {:7} {:3} {:3} {}",
            r.code,
            r.name,
            r.severity.name(),
            default_word(r),
            if r.fixable() { "fix" } else { "-" },
            r.summary,
        );
    }
}

/// Wraps `text` at 76 columns, each line indented by two spaces.
fn wrapped(out: &mut Vec<u8>, text: &str) {
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > 76 {
            let _ = writeln!(out, "  {line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "  {line}");
    }
}

/// Appends the full description of `r`: code and name, category, default
/// severity, whether it is on by default, its fix, its source, summary and
/// explanation.
pub fn explain(out: &mut Vec<u8>, r: &Rule) {
    let _ = writeln!(out, "{} {}", r.code, r.name);
    let _ = writeln!(out);
    let _ = writeln!(out, "  category: {}", r.category.title());
    let _ = writeln!(out, "  severity: {}", r.severity.name());
    let _ = writeln!(out, "  default:  {}", default_word(r));
    let _ = writeln!(
        out,
        "  fix:      {}",
        fix_text(r).as_deref().unwrap_or("none")
    );
    let _ = writeln!(out, "  source:   {}", r.source);
    let _ = writeln!(out);
    wrapped(out, r.summary);
    if !r.explanation.is_empty() {
        let _ = writeln!(out);
        wrapped(out, r.explanation);
    }
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// Appends a Markdown table of `rules`, one section per category.
pub fn markdown_table(out: &mut Vec<u8>, rules: &[Rule]) {
    let mut first = true;
    for cat in Category::ALL {
        let in_cat: Vec<&Rule> = rules.iter().filter(|r| r.category == cat).collect();
        if in_cat.is_empty() {
            continue;
        }
        if !first {
            let _ = writeln!(out);
        }
        first = false;
        let _ = writeln!(out, "**{}**\n", cat.title());
        let _ = writeln!(
            out,
            "| code | name | severity | default | fix | what it finds | source |"
        );
        let _ = writeln!(out, "|---|---|---|---|---|---|---|");
        for r in in_cat {
            let _ = writeln!(
                out,
                "| `{}` | `{}` | {} | {} | {} | {} | {} |",
                r.code,
                r.name,
                r.severity.name(),
                default_word(r),
                cell(fix_text(r).as_deref().unwrap_or("-")),
                cell(r.summary),
                cell(r.source),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::rules::{catalogue, find};

    #[test]
    fn list_has_a_line_per_rule() {
        let mut out = Vec::new();
        list(&mut out, catalogue());
        let text = String::from_utf8(out).expect("utf8");
        assert_eq!(text.lines().count(), catalogue().len());
        assert!(text
            .lines()
            .any(|l| l.starts_with("N003 default-port") && l.contains(" fix ")));
    }

    #[test]
    fn explain_shows_source_and_fix() {
        let mut out = Vec::new();
        explain(&mut out, &find("D006").expect("rule"));
        let text = String::from_utf8(out).expect("utf8");
        assert!(text.starts_with("D006 bare-uri\n"));
        assert!(text.contains("default:  off") && text.contains("source:   RFC 2396 Appendix E"));
    }

    #[test]
    fn markdown_rows_escape_pipes() {
        let mut out = Vec::new();
        markdown_table(&mut out, catalogue());
        let text = String::from_utf8(out).expect("utf8");
        let rows = text.lines().filter(|l| l.starts_with("| `")).count();
        assert_eq!(rows, catalogue().len());
        for l in text.lines().filter(|l| l.starts_with("| `")) {
            assert_eq!(l.matches(" | ").count(), 6, "{l}");
        }
    }
}
