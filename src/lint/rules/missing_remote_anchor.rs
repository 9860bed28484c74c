//! `L106` missing-remote-anchor: a remote link's `#fragment` names no id
//! of the page served (`check --links remote --remote-anchors`).

use super::{Category, Rule, Severity};
use crate::lint::Cx;
use crate::remote::{Outcome, Verdict};

/// The rule.
pub const RULE: Rule = Rule {
    code: "L106",
    name: "missing-remote-anchor",
    category: Category::Links,
    severity: Severity::Warning,
    default_enabled: true,
    fix: None,
    summary: "a remote link's #fragment names no id of the HTML page (--links remote \
              --remote-anchors)",
    explanation: "With --remote-anchors, the HTML of a 2xx answer is read (up to a bounded \
                  size) and the link's fragment, percent-decoded, is looked for among its id \
                  attributes and <a name> values (HTML's indicated part of the document). A \
                  missing one sends the reader to the top of the page instead of the section. \
                  A warning: pages that build their ids with JavaScript (GitHub's file views, \
                  many single-page apps) serve HTML without them; their hosts are skipped \
                  (anchor-skip-hosts), and `#L10`-style line anchors and empty fragments are \
                  never checked.",
    source: "HTML Living Standard, 7.4.6.4 (scrolling to a fragment); RFC 3986 section 3.5",
};

pub(crate) fn check(cx: &mut Cx<'_, '_>, o: &Outcome) {
    if !cx.on(&RULE) || o.verdict != Verdict::Alive {
        return;
    }
    let (Some(ids), Some(fragment)) = (&o.ids, cx.uri().fragment()) else {
        return;
    };
    let fragment = crate::links::anchors::element_id(fragment);
    if fragment.is_empty() || fragment.eq_ignore_ascii_case("top") || line_anchor(fragment) {
        return;
    }
    let decoded =
        String::from_utf8_lossy(&crate::grammar::percent_decode(fragment.as_bytes())).into_owned();
    if ids.binary_search(&decoded).is_ok() || ids.iter().any(|i| i == fragment) {
        return;
    }
    cx.report_at_start(
        &RULE,
        format!(
            "no id {} in {} ({} ids)",
            crate::lint::quote(&decoded),
            crate::lint::quote(o.final_uri()),
            ids.len()
        ),
        None,
    );
}

/// `L10`, `L10-L20`, `L10C2`: line anchors that code hosts add by script.
fn line_anchor(f: &str) -> bool {
    let b = f.as_bytes();
    b.len() > 1 && b[0] == b'L' && b[1].is_ascii_digit()
}
