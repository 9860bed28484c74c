//! The catalogue of rules: one entry per rule, with its stable code,
//! kebab-case name, category, default severity, whether it is on by
//! default, whether and how it is fixed, its explanation and its source.
//!
//! This module owns the list ([`all`]) and the rules' checks: each rule
//! of the linter is a small unit in its own file (its [`Rule`] and its
//! check); the grammar rules (`U`) come from [`crate::error::ErrorKind`]
//! and are checked by the parser, the scheme-specific rules (`S`) live in
//! [`crate::scheme`]. `urilint rule` and the rule table of docs/rules.md are
//! generated from [`all`].
//!
//! Codes are stable: a code is never reused for another meaning, and a
//! retired rule keeps its code reserved. Prefixes: `U` grammar (RFC 3986
//! Appendix A), `S` scheme-specific, `D` delimiting in text (RFC 2396
//! Appendix E), `X` security (RFC 3986 section 7), `N` normalization (RFC
//! 3986 section 6), `R` relative references (RFC 3986 section 5), `L`
//! links (local targets with `check --links local`, Markdown link
//! references, remote targets with `check --links remote`).

use serde::Serialize;

use crate::error::ErrorKind;

pub(crate) mod above_root;
pub(crate) mod bare_uri;
pub(crate) mod blocked_link;
pub(crate) mod broken_uri;
pub(crate) mod default_port;
pub(crate) mod dot_segments;
pub(crate) mod doubled_scheme;
pub(crate) mod empty_link;
pub(crate) mod empty_port;
pub(crate) mod encoded_line_break;
pub(crate) mod encoded_unreserved;
pub(crate) mod gone_link;
pub(crate) mod https_redirect;
pub(crate) mod hyphen_line_break;
pub(crate) mod insecure_scheme;
pub(crate) mod lowercase_percent_encoding;
pub(crate) mod missing_anchor;
pub(crate) mod missing_local_target;
pub(crate) mod missing_remote_anchor;
pub(crate) mod missing_scheme_colon;
pub(crate) mod non_default_port;
pub(crate) mod password_in_userinfo;
pub(crate) mod permanent_redirect;
#[cfg(test)]
mod remote_tests;
pub(crate) mod scheme_relative_reference;
pub(crate) mod syntax;
pub(crate) mod tolerated_character;
pub(crate) mod unclosed_angle_bracket;
pub(crate) mod undefined_label;
pub(crate) mod unreachable_link;
pub(crate) mod unused_definition;
pub(crate) mod uppercase_host;
pub(crate) mod uppercase_scheme;
pub(crate) mod uri_too_long;
pub(crate) mod url_prefix;
pub(crate) mod whitespace_outside_angle_brackets;
pub(crate) mod wrapped_link;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth a look; may be intended. Fails `check` only with `--strict`.
    Warning,
    /// The text is wrong: the URI is invalid or cannot be read reliably.
    /// Fails `check`.
    Error,
}

impl Severity {
    /// `"warning"` or `"error"`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// The family of a rule; the first letter of its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    /// `U`: the generic grammar (RFC 3986 Appendix A, RFC 3987, RFC 2396).
    Syntax,
    /// `S`: the rules of one scheme (RFC 1738, RFC 6068, RFC 5538, ...).
    Scheme,
    /// `D`: delimiting URIs in text (RFC 2396 Appendix E).
    Delimiting,
    /// `X`: security considerations (RFC 3986 section 7, RFC 2396 section 7).
    Security,
    /// `N`: normalization (RFC 3986 section 6).
    Normalization,
    /// `R`: relative references (RFC 3986 section 5).
    Relative,
    /// `L`: links: local targets (`--links local`), Markdown link
    /// references, remote targets (`--links remote`).
    Links,
}

impl Category {
    /// Every category, in the order of the catalogue.
    pub const ALL: [Category; 7] = [
        Category::Syntax,
        Category::Scheme,
        Category::Delimiting,
        Category::Security,
        Category::Normalization,
        Category::Relative,
        Category::Links,
    ];

    /// A short title, e.g. `"Syntax"`.
    pub fn title(self) -> &'static str {
        match self {
            Category::Syntax => "Syntax",
            Category::Scheme => "Scheme-specific",
            Category::Delimiting => "Delimiting",
            Category::Security => "Security",
            Category::Normalization => "Normalization",
            Category::Relative => "Relative references",
            Category::Links => "Links",
        }
    }
}

/// One rule of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rule {
    /// Stable code, e.g. `"D001"`.
    pub code: &'static str,
    /// Stable kebab-case name, e.g. `"hyphen-line-break"`.
    pub name: &'static str,
    /// The family.
    pub category: Category,
    /// Default severity.
    pub severity: Severity,
    /// On unless deselected (`true`), or off unless selected (`false`).
    pub default_enabled: bool,
    /// What the fix does (`urilint check --fix`), or `None` when the rule
    /// has no fix.
    pub fix: Option<&'static str>,
    /// One-line summary.
    pub summary: &'static str,
    /// Why it matters and what to do, a paragraph or two; empty when the
    /// summary says it all.
    pub explanation: &'static str,
    /// Where the rule comes from (RFC and section).
    pub source: &'static str,
}

impl Rule {
    /// True when `check --fix` can fix what the rule finds.
    pub fn fixable(&self) -> bool {
        self.fix.is_some()
    }
}

/// The rule of a grammar error kind (the `U` codes, U001 to U008; errors
/// of the generic grammar, RFC 3986 appendix A and RFC 2396 appendix A).
pub fn for_error(kind: ErrorKind) -> Rule {
    syntax::rule(kind)
}

/// Scheme-specific rules whose source says SHOULD (or binds only the
/// sender) rather than MUST: reported as warnings.
const SCHEME_WARNINGS: [&str; 4] = ["S101", "S403", "S803", "S902"];

/// Scheme-specific rules off by default: `S101` (userinfo in http(s)),
/// which real documentation writes on purpose, a password in it being
/// `X001`'s; `S802` (`urn:name` without a namespace-specific string),
/// written as an opaque identifier far more often than by mistake.
const SCHEME_OFF: [&str; 2] = ["S101", "S802"];

/// The severity of a scheme-specific rule (`S` code, see
/// [`crate::scheme::rules`]): a warning for SHOULD-level requirements, an
/// error otherwise.
pub fn scheme_severity(code: &str) -> Severity {
    if SCHEME_WARNINGS.contains(&code) {
        Severity::Warning
    } else {
        Severity::Error
    }
}

/// The catalogue entry of a scheme-specific rule.
pub fn for_scheme_rule(r: &crate::scheme::SchemeRule) -> Rule {
    Rule {
        code: r.code,
        name: r.name,
        category: Category::Scheme,
        severity: scheme_severity(r.code),
        default_enabled: !SCHEME_OFF.contains(&r.code),
        fix: None,
        summary: r.summary,
        explanation: match r.code {
            "S101" => {
                "Off by default: documentation shows 'user@host' on purpose (how to pass a user \
                 name to git or curl), and a password, the harmful case, is X001's finding."
            }
            "S802" => {
                "Off by default: 'urn:name' without a namespace-specific string is written as an \
                 opaque identifier (JSON Schema $id values, registry keys, a README's list of \
                 URI shapes, XML namespace names, test data) far more often than as a mistake: \
                 none of the 26 found on the precision review's trees (review/precision.md) was \
                 one a maintainer would fix."
            }
            _ => "",
        },
        source: r.source,
    }
}

/// When the linter runs a rule's check ([`Entry::check`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Check {
    /// On each found URI that parses, after the grammar, scheme and
    /// delimiting rules, in table order (an abbreviated URL too; a
    /// template, an `scp`-like or multi-host convention, or a doubled
    /// scheme is not looked at): `fn(&mut Cx)` reports through
    /// [`crate::lint::Cx::report`] and asks [`crate::lint::Cx::on`] first.
    /// A new rule of this kind is one file and one [`TABLE`] entry.
    ValidUri(fn(&mut crate::lint::Cx<'_, '_>)),
    /// At its own place: the delimiting rules (around the parse, on what
    /// the scanner found), the Markdown link rules (on a document's
    /// links), the local and remote link checks (`--links`).
    Own,
}

/// One rule of urilint's own files and its check.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The rule (its file's `RULE`).
    pub rule: Rule,
    /// When it is checked.
    pub check: Check,
}

/// A rule checked at its own place ([`Check::Own`]).
const fn own(rule: Rule) -> Entry {
    Entry {
        rule,
        check: Check::Own,
    }
}

/// A rule checked on each valid URI ([`Check::ValidUri`]).
const fn on_valid_uri(rule: Rule, check: fn(&mut crate::lint::Cx<'_, '_>)) -> Entry {
    Entry {
        rule,
        check: Check::ValidUri(check),
    }
}

/// The rule table: every rule of `src/lint/rules/` (the grammar's `U`
/// rules come from [`ErrorKind`], the scheme rules from
/// [`crate::scheme`]), grouped by category in catalogue order (`U`, `D`,
/// `X`, `N`, `R`, `L`) and by code within each. The catalogue, `urilint
/// rule`, SARIF's rules and docs/rules.md are made from it, and the
/// linter runs its [`Check::ValidUri`] checks in this order.
pub(crate) const TABLE: &[Entry] = &[
    own(tolerated_character::RULE),
    own(doubled_scheme::RULE),
    own(missing_scheme_colon::RULE),
    own(hyphen_line_break::RULE),
    own(unclosed_angle_bracket::RULE),
    own(uri_too_long::RULE),
    own(whitespace_outside_angle_brackets::RULE),
    own(broken_uri::RULE),
    own(bare_uri::RULE),
    own(url_prefix::RULE),
    own(password_in_userinfo::RULE),
    on_valid_uri(non_default_port::RULE, non_default_port::check),
    on_valid_uri(encoded_line_break::RULE, encoded_line_break::check),
    on_valid_uri(insecure_scheme::RULE, insecure_scheme::check),
    on_valid_uri(wrapped_link::RULE, wrapped_link::check),
    on_valid_uri(uppercase_scheme::RULE, uppercase_scheme::check),
    on_valid_uri(uppercase_host::RULE, uppercase_host::check),
    on_valid_uri(default_port::RULE, default_port::check),
    on_valid_uri(
        lowercase_percent_encoding::RULE,
        lowercase_percent_encoding::check,
    ),
    on_valid_uri(encoded_unreserved::RULE, encoded_unreserved::check),
    on_valid_uri(dot_segments::RULE, dot_segments::check),
    on_valid_uri(empty_port::RULE, empty_port::check),
    on_valid_uri(above_root::RULE, above_root::check),
    on_valid_uri(
        scheme_relative_reference::RULE,
        scheme_relative_reference::check,
    ),
    own(missing_local_target::RULE),
    own(missing_anchor::RULE),
    own(empty_link::RULE),
    own(undefined_label::RULE),
    own(unused_definition::RULE),
    own(gone_link::RULE),
    own(blocked_link::RULE),
    own(unreachable_link::RULE),
    own(permanent_redirect::RULE),
    own(https_redirect::RULE),
    own(missing_remote_anchor::RULE),
];

/// The catalogue of `table` (with the grammar's and the schemes' rules):
/// the `U` rules of [`ErrorKind`], `table`'s `U` rules, the scheme rules
/// by code, then `table`'s other rules in its order.
pub(crate) fn catalogue_of(table: &[Entry]) -> Vec<Rule> {
    let mut scheme: Vec<Rule> = crate::scheme::rules().iter().map(for_scheme_rule).collect();
    scheme.sort_by_key(|r| r.code);
    let syntax = table.iter().filter(|e| e.rule.category == Category::Syntax);
    let rest = table.iter().filter(|e| e.rule.category != Category::Syntax);
    ErrorKind::ALL
        .iter()
        .map(|&k| for_error(k))
        .chain(syntax.map(|e| e.rule))
        .chain(scheme)
        .chain(rest.map(|e| e.rule))
        .collect()
}

/// Runs `table`'s [`Check::ValidUri`] checks on a valid URI, in order.
pub(crate) fn check_valid_uri(table: &[Entry], cx: &mut crate::lint::Cx<'_, '_>) {
    for e in table {
        if let Check::ValidUri(check) = e.check {
            check(cx);
        }
    }
}

/// The codes of the remote-link rules (`check --links remote`).
pub const REMOTE: [&str; 6] = ["L101", "L102", "L103", "L104", "L105", "L106"];

/// Every rule, in catalogue order: syntax (`U`), scheme-specific (`S`),
/// delimiting (`D`), security (`X`), normalization (`N`), relative
/// references (`R`), local links (`L`); by code within each.
pub fn all() -> Vec<Rule> {
    catalogue().to_vec()
}

/// [`all`], built once from the rule table (`TABLE`).
pub fn catalogue() -> &'static [Rule] {
    static CATALOGUE: std::sync::OnceLock<Vec<Rule>> = std::sync::OnceLock::new();
    CATALOGUE.get_or_init(|| catalogue_of(TABLE))
}

/// The rule with this code (e.g. `"N001"`) or name (e.g.
/// `"uppercase-scheme"`), ASCII case-insensitive.
pub fn find(code_or_name: &str) -> Option<Rule> {
    // A finding's own code, as written (`check` asks once per finding, for
    // its suppression): a binary search, where the walk through the
    // catalogue compared every code and name without case.
    static BY_CODE: std::sync::OnceLock<Vec<Rule>> = std::sync::OnceLock::new();
    let by_code = BY_CODE.get_or_init(|| {
        let mut rules = catalogue().to_vec();
        rules.sort_by_key(|r| r.code);
        rules
    });
    if let Ok(i) = by_code.binary_search_by(|r| r.code.cmp(code_or_name)) {
        return by_code.get(i).copied();
    }
    catalogue()
        .iter()
        .find(|r| {
            r.code.eq_ignore_ascii_case(code_or_name) || r.name.eq_ignore_ascii_case(code_or_name)
        })
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule added as issue 47 asks: one file (here, this test's `RULE`
    /// and `check`) and one table entry. It is in the catalogue, and the
    /// linter runs it on a valid URI.
    #[test]
    fn a_rule_is_one_file_and_one_table_entry() {
        const RULE: Rule = Rule {
            code: "N999",
            name: "throwaway",
            category: Category::Normalization,
            severity: Severity::Warning,
            default_enabled: true,
            fix: None,
            summary: "a throwaway rule of a test",
            explanation: "",
            source: "issue 47",
        };
        fn check(cx: &mut crate::lint::Cx<'_, '_>) {
            if cx.on(&RULE) && cx.text().contains("throwaway") {
                cx.report(&RULE, 0, "found the throwaway".to_string(), None);
            }
        }
        let mut table = TABLE.to_vec();
        table.push(on_valid_uri(RULE, check));
        let table: &'static [Entry] = Box::leak(table.into_boxed_slice());
        assert!(catalogue_of(table).iter().any(|r| r.code == "N999"));
        assert!(!catalogue().iter().any(|r| r.code == "N999"));
        let linter = crate::lint::Linter {
            rules: crate::lint::RuleSet::with_codes(&["N999"]),
            table,
            ..crate::lint::Linter::new(crate::grammar::Grammar::Rfc3986)
        };
        let text = "see <https://example.org/throwaway> and <https://example.org/x>";
        let mut s = crate::scan::Scanner::new(text.as_bytes(), crate::scan::ScanOptions::default());
        let mut out = Vec::new();
        while let Ok(Some(f)) = s.next_found() {
            if let crate::scan::Found::Uri(c) = f {
                linter.check_candidate("t", &c, &linter.rules, &mut out);
            }
        }
        let codes: Vec<&str> = out.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["N999"], "{out:?}");
        // The table as shipped does not run it.
        let shipped = crate::lint::Linter {
            rules: crate::lint::RuleSet::with_codes(&["N999"]),
            ..crate::lint::Linter::new(crate::grammar::Grammar::Rfc3986)
        };
        let mut s = crate::scan::Scanner::new(text.as_bytes(), crate::scan::ScanOptions::default());
        let mut out = Vec::new();
        while let Ok(Some(crate::scan::Found::Uri(c))) = s.next_found() {
            shipped.check_candidate("t", &c, &shipped.rules, &mut out);
        }
        assert!(out.is_empty(), "{out:?}");
    }

    /// The table is grouped by category in catalogue order and by code
    /// within each, so the catalogue, `urilint rule` and the order the
    /// checks run in are the same.
    #[test]
    fn the_table_is_in_catalogue_order() {
        let order = |c: Category| Category::ALL.iter().position(|&x| x == c);
        for w in TABLE.windows(2) {
            let (a, b) = (&w[0].rule, &w[1].rule);
            assert!(
                (order(a.category), a.code) < (order(b.category), b.code),
                "{} before {}",
                a.code,
                b.code
            );
        }
    }

    /// Every code, in its case or another, and every name finds its rule;
    /// nothing else finds one.
    #[test]
    fn found_by_code_and_by_name() {
        for r in catalogue() {
            for key in [
                r.code.to_string(),
                r.code.to_ascii_lowercase(),
                r.name.to_string(),
                r.name.to_ascii_uppercase(),
            ] {
                assert_eq!(find(&key).map(|f| f.code), Some(r.code), "{key}");
            }
        }
        assert!(find("Z999").is_none());
        assert!(find("").is_none());
    }

    #[test]
    fn codes_and_names_are_unique() {
        let rules = all();
        let mut codes: Vec<_> = rules.iter().map(|r| r.code).collect();
        let mut names: Vec<_> = rules.iter().map(|r| r.name).collect();
        codes.sort_unstable();
        names.sort_unstable();
        codes.dedup();
        names.dedup();
        assert_eq!(codes.len(), rules.len());
        assert_eq!(names.len(), rules.len());
    }

    #[test]
    fn codes_match_categories() {
        for r in all() {
            let letter = match r.category {
                Category::Syntax => 'U',
                Category::Scheme => 'S',
                Category::Delimiting => 'D',
                Category::Security => 'X',
                Category::Normalization => 'N',
                Category::Relative => 'R',
                Category::Links => 'L',
            };
            assert!(r.code.starts_with(letter), "{}", r.code);
            assert_eq!(r.code.len(), 4, "{}", r.code);
            assert!(
                r.code[1..].bytes().all(|b| b.is_ascii_digit()),
                "{}",
                r.code
            );
            assert!(!r.summary.is_empty() && !r.source.is_empty(), "{}", r.code);
            assert!(
                r.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{}",
                r.name
            );
        }
    }

    #[test]
    fn find_by_code_or_name() {
        assert_eq!(find("n001").map(|r| r.name), Some("uppercase-scheme"));
        assert_eq!(find("hyphen-line-break").map(|r| r.code), Some("D001"));
        assert_eq!(find("S001").map(|r| r.name), Some("missing-host"));
        assert!(find("Z999").is_none());
    }
}
