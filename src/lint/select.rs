//! Rule selection: which rules a run reports.
//!
//! This module owns [`Selection`] (the `select`, `extend-select` and
//! `ignore` lists of the command line and the configuration file) and the
//! [`RuleSet`] it resolves to. A selector is `ALL`, a rule code or a code
//! prefix (`U`, `N00`, `S1`), or a rule name (`uppercase-scheme`), ASCII
//! case-insensitive. Resolution works as in ruff: for each rule, the most
//! specific matching selector decides (a full code or name beats a longer
//! prefix, which beats a shorter one, which beats `ALL`); on a tie,
//! `ignore` wins. A rule that no selector matches keeps its default (on
//! or off), unless a `select` list was given, which then lists all that is
//! on. It does not own reading the configuration (the `config` module).

use serde::{Deserialize, Serialize};

use super::rules::{catalogue, Rule, Severity};

/// The rules a run reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// The codes of the rules on, one bit each ([`code_bit`]): looked up
    /// once per rule per URI, where hashing or comparing strings showed in
    /// the profile of `check`.
    enabled: CodeSet,
}

/// A set of rule codes (a letter and three digits, `U003`), as bits.
#[derive(Clone, Debug, PartialEq, Eq)]
struct CodeSet(Vec<u64>);

impl CodeSet {
    fn contains(&self, code: &str) -> bool {
        code_bit(code).is_some_and(|b| self.0.get(b / 64).is_some_and(|w| w & (1 << (b % 64)) != 0))
    }
}

/// The bit of a rule code: its letter (`A` to `Z`) times 1000 plus its
/// number; `None` for text that is not a code.
fn code_bit(code: &str) -> Option<usize> {
    match code.as_bytes() {
        &[l @ b'A'..=b'Z', a @ b'0'..=b'9', b @ b'0'..=b'9', c @ b'0'..=b'9'] => Some(
            usize::from(l - b'A') * 1000
                + usize::from(a - b'0') * 100
                + usize::from(b - b'0') * 10
                + usize::from(c - b'0'),
        ),
        _ => None,
    }
}

/// The set of `codes`, for [`RuleSet::enabled`].
fn code_set(codes: impl Iterator<Item = &'static str>) -> CodeSet {
    let mut bits = vec![0u64; 26 * 1000 / 64 + 1];
    for b in codes.filter_map(code_bit) {
        bits[b / 64] |= 1 << (b % 64);
    }
    CodeSet(bits)
}

impl Default for RuleSet {
    /// The rules that are on by default.
    fn default() -> Self {
        RuleSet {
            enabled: code_set(
                catalogue()
                    .iter()
                    .filter(|r| r.default_enabled)
                    .map(|r| r.code),
            ),
        }
    }
}

impl RuleSet {
    /// Every rule of the catalogue.
    pub fn all() -> Self {
        RuleSet {
            enabled: code_set(catalogue().iter().map(|r| r.code)),
        }
    }

    /// Exactly the rules with these codes (unknown codes are ignored).
    pub fn only(codes: &[&str]) -> Self {
        RuleSet {
            enabled: code_set(
                catalogue()
                    .iter()
                    .filter(|r| codes.iter().any(|c| c.eq_ignore_ascii_case(r.code)))
                    .map(|r| r.code),
            ),
        }
    }

    /// Exactly these codes, in the catalogue or not (a test's own rule).
    #[cfg(test)]
    pub(crate) fn with_codes(codes: &[&'static str]) -> Self {
        RuleSet {
            enabled: code_set(codes.iter().copied()),
        }
    }

    /// True when the rule with this code is on.
    pub fn enabled(&self, code: &str) -> bool {
        self.enabled.contains(code)
    }

    /// The severity `rule` is reported with.
    pub fn severity(&self, rule: &Rule) -> Severity {
        rule.severity
    }

    /// The catalogue entry of the scheme-specific rule `code` when it is
    /// on.
    pub fn scheme_rule(&self, code: &str) -> Option<Rule> {
        if !self.enabled(code) {
            return None;
        }
        catalogue().iter().find(|r| r.code == code).copied()
    }

    /// The codes that are on, in catalogue order.
    pub fn codes(&self) -> Vec<&'static str> {
        catalogue()
            .iter()
            .filter(|r| self.enabled(r.code))
            .map(|r| r.code)
            .collect()
    }
}

/// A selector that matches no rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule selector '{0}': expected ALL, a rule code or code prefix (e.g. N001, N, S1) or a rule name (see `urilint rule`)")]
pub struct UnknownSelector(pub String);

/// The selection lists, as on the command line (`--select`,
/// `--extend-select`, `--ignore`) and in `urilint.toml`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Selection {
    /// When given, exactly these rules are on (before `extend-select` and
    /// `ignore`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub select: Option<Vec<String>>,
    /// Rules turned on in addition (e.g. off-by-default ones).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extend_select: Vec<String>,
    /// Rules turned off.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ignore: Vec<String>,
}

/// How specifically `selector` matches `rule`: `None` when it does not.
pub(crate) fn specificity(selector: &str, rule: &Rule) -> Option<usize> {
    if selector.eq_ignore_ascii_case("ALL") {
        return Some(0);
    }
    if selector.eq_ignore_ascii_case(rule.name) {
        return Some(rule.code.len());
    }
    let code = rule.code.as_bytes();
    let sel = selector.as_bytes();
    (!sel.is_empty() && sel.len() <= code.len() && code[..sel.len()].eq_ignore_ascii_case(sel))
        .then_some(sel.len())
}

impl Selection {
    /// `self` with `later` applied on top: `later`'s `select` replaces this
    /// one's when given; the other lists are appended.
    pub fn then(&self, later: &Selection) -> Selection {
        let mut out = self.clone();
        if later.select.is_some() {
            out.select.clone_from(&later.select);
        }
        out.extend_select
            .extend(later.extend_select.iter().cloned());
        out.ignore.extend(later.ignore.iter().cloned());
        out
    }

    /// Checks every selector names at least one rule.
    ///
    /// # Errors
    /// [`UnknownSelector`] for the first that does not.
    pub fn validate(&self) -> Result<(), UnknownSelector> {
        let all = self
            .select
            .iter()
            .flatten()
            .chain(&self.extend_select)
            .chain(&self.ignore);
        for s in all {
            if !catalogue().iter().any(|r| specificity(s, r).is_some()) {
                return Err(UnknownSelector(s.clone()));
            }
        }
        Ok(())
    }

    /// The rules this selection turns on.
    ///
    /// # Errors
    /// [`UnknownSelector`] when a selector matches no rule.
    pub fn resolve(&self) -> Result<RuleSet, UnknownSelector> {
        self.validate()?;
        let best = |list: &mut dyn Iterator<Item = &String>, rule: &Rule| {
            list.filter_map(|s| specificity(s, rule)).max()
        };
        let mut enabled = Vec::new();
        for rule in catalogue() {
            let on = best(
                &mut self.select.iter().flatten().chain(&self.extend_select),
                rule,
            );
            let off = best(&mut self.ignore.iter(), rule);
            let is_on = match (on, off) {
                (Some(a), Some(b)) => a > b,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => self.select.is_none() && rule.default_enabled,
            };
            if is_on {
                enabled.push(rule.code);
            }
        }
        Ok(RuleSet {
            enabled: code_set(enabled.into_iter()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sel(select: Option<&[&str]>, extend: &[&str], ignore: &[&str]) -> Selection {
        let v = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        Selection {
            select: select.map(v),
            extend_select: v(extend),
            ignore: v(ignore),
        }
    }

    #[test]
    fn every_rule_code_has_its_own_bit() {
        let mut bits: Vec<usize> = catalogue()
            .iter()
            .map(|r| code_bit(r.code).unwrap_or_else(|| panic!("{} is not a code", r.code)))
            .collect();
        let n = bits.len();
        bits.sort_unstable();
        bits.dedup();
        assert_eq!(bits.len(), n);
        let all = RuleSet::all();
        assert!(catalogue().iter().all(|r| all.enabled(r.code)));
        assert!(!all.enabled("U03") && !all.enabled("u003") && !all.enabled("Z999"));
    }

    #[test]
    fn default_has_default_rules_only() {
        let set = Selection::default().resolve().expect("valid");
        assert_eq!(set, RuleSet::default());
        assert!(set.enabled("U002") && set.enabled("D001") && set.enabled("X001"));
        assert!(!set.enabled("D006") && !set.enabled("X004"));
        // Normalization is opt-in.
        for n in ["N001", "N002", "N003", "N004", "N005", "N006", "N007"] {
            assert!(!set.enabled(n), "{n}");
        }
    }

    #[test]
    fn select_all_and_prefixes() {
        let set = sel(Some(&["ALL"]), &[], &["N", "D006"])
            .resolve()
            .expect("valid");
        assert!(set.enabled("X004") && set.enabled("D007"));
        assert!(!set.enabled("N001") && !set.enabled("D006"));
        let set = sel(Some(&["U"]), &["bare-uri"], &["U00"])
            .resolve()
            .expect("valid");
        assert_eq!(set.codes(), vec!["U010", "U011", "D006"]);
    }

    #[test]
    fn more_specific_wins_and_ties_go_to_ignore() {
        let set = sel(None, &["N003"], &["N"]).resolve().expect("valid");
        assert!(set.enabled("N003") && !set.enabled("N001"));
        let set = sel(None, &["N001"], &["N001"]).resolve().expect("valid");
        assert!(!set.enabled("N001"));
    }

    #[test]
    fn unknown_selector_is_an_error() {
        let e = sel(None, &[], &["Q1"]).resolve().expect_err("unknown");
        assert_eq!(e, UnknownSelector("Q1".into()));
        assert!(sel(None, &["no-such-rule"], &[]).validate().is_err());
    }

    #[test]
    fn then_layers() {
        let base = sel(Some(&["U"]), &[], &["U002"]);
        let cli = sel(None, &["D"], &[]);
        let both = base.then(&cli);
        let set = both.resolve().expect("valid");
        assert!(set.enabled("D001") && set.enabled("U001") && !set.enabled("U002"));
        assert!(!set.enabled("N001"));
    }
}
