//! `--links site`: the built site's broken links that no source line took.

use std::io::{self};

use super::*;
use crate::error::Error;
use crate::lines::Lines;
use crate::lint::rules::{missing_anchor, missing_local_target};
use crate::lint::suppress::suppressed;
use crate::lint::Diagnostic;
use crate::output::printer::Printer;
use crate::run::{RunOptions, Stats};

/// Reports the broken links of the built site (`--links site`) that no
/// source line took, each on the built page where it first appears
/// ([`crate::links::built::BuiltSite::unattributed`]); suppression
/// markers in the page are honoured. Not with `--since` (built pages
/// have no history), `--diff`, nor when `--fix` writes standard input's
/// fixed text to the output.
pub(super) fn built_leftovers(
    opts: &RunOptions,
    ch: &CheckOptions,
    printer: &Printer,
    stats: &Stats,
    out: &mut (dyn io::Write + Send),
) -> Result<(), Error> {
    let Some(built) = ch.built.as_deref() else {
        return Ok(());
    };
    // `--diff` prints diffs only, and the fixed text of standard input is
    // the output of `--fix -`.
    let fixes_stdin = ch.mode == FixMode::Fix && opts.paths.iter().any(|p| p.as_os_str() == "-");
    if ch.since.is_some() || ch.mode == FixMode::Diff || fixes_stdin {
        return Ok(());
    }
    // Findings only: nothing is said on the error buffer.
    let (mut buf, mut err) = (Vec::new(), Vec::new());
    let mut pages: std::collections::HashMap<String, Option<Vec<u8>>> = Default::default();
    for u in built.unattributed() {
        let b = &u.broken;
        let shown = built.shown(&b.page);
        let rules = ch.linter.rules_for(&shown);
        let rule = match b.problem {
            crate::links::built::BuiltProblem::MissingTarget => missing_local_target::RULE,
            crate::links::built::BuiltProblem::MissingAnchor { .. } => missing_anchor::RULE,
        };
        let url = format!("/{}", b.url);
        if !rules.enabled(rule.code)
            || ch
                .link_ignore
                .as_ref()
                .is_some_and(|i| i.ignores_url(&url) || i.ignores(&built.shown(&b.url)))
        {
            continue;
        }
        let Some(bytes) = pages
            .entry(b.page.clone())
            .or_insert_with(|| crate::links::built::read_page(&built.dir().join(&b.page)))
        else {
            continue;
        };
        let start = crate::links::built::position(bytes, b.byte_offset);
        let end = crate::links::built::position(bytes, b.end_offset);
        let d = Diagnostic {
            path: shown.to_string_lossy().into_owned(),
            line: start.line,
            column: start.column,
            byte_offset: b.byte_offset,
            end_line: end.line,
            end_column: end.column,
            uri_span: b.byte_offset..b.end_offset,
            code: rule.code,
            rule: rule.name,
            severity: rules.severity(&rule),
            message: format!(
                "{} ({})",
                crate::links::built::message(b, built.dir()),
                crate::links::built::unattributed_note(&u)
            ),
            uri: b.href.clone(),
            fix: None,
            origin: None,
            remote: None,
        };
        let mut lines = Lines::new(&bytes[..]);
        if suppressed(&mut lines, &d) {
            continue;
        }
        stats.count(&d);
        printer
            .sink(&mut buf, &mut err, None)
            .diagnostic(&d, Some(&mut lines));
    }
    out.write_all(&buf).map_err(Error::Write)
}
