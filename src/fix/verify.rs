//! Keeping only the edits after which a file still parses to the same
//! structure: the last check before a data file (YAML, TOML, JSON) is
//! written.
//!
//! This module owns choosing, among the edits of a fix or a rewrite, the
//! largest set that leaves the file's parse the same but for the URIs it
//! edits ([`keep_same_structure`], with [`crate::format::structure`]). It
//! does not own the edits nor writing (`crate::fix::write`).

use std::collections::BTreeMap;
use std::ops::Range;

use super::{apply_edits, largest_passing, Edit};
use crate::format::structure::{self, Change, Kind};

/// The most parses one file's edits are checked with.
pub const MAX_PARSES: usize = 64;

/// The edits of `edits` (sorted, not overlapping, offsets of `before`)
/// after which `before`, parsed as `kind`, is the same but for the URIs
/// they edit: all of them when they are, else the largest set found by
/// halving ([`largest_passing`], at most [`MAX_PARSES`] parses). Each
/// edit must lie inside one of `uris` (byte spans of URIs in `before`);
/// the URI's text before and after the edits inside it is the change its
/// strings may show ([`Change`]), and a string of the file must hold it
/// (a URI in a comment is not edited). An edit outside every URI, and every
/// edit of a file that does not parse (or is too large or deep to parse,
/// [`structure::parse_checked`]), is dropped.
pub fn keep_same_structure(
    kind: Kind,
    before: &[u8],
    uris: &[Range<u64>],
    edits: Vec<Edit>,
) -> Vec<Edit> {
    if edits.is_empty() {
        return edits;
    }
    let Some(tree) = structure::parse_checked(kind, before) else {
        return Vec::new();
    };
    let len = before.len() as u64;
    // The widest URI that holds an edit.
    let within = |e: &Edit| {
        uris.iter()
            .filter(|u| u.start <= e.start && e.end <= u.end && u.end <= len)
            .max_by_key(|u| u.end - u.start)
            .cloned()
    };
    let candidates: Vec<Edit> = edits.into_iter().filter(|e| within(e).is_some()).collect();
    let budget = std::cell::Cell::new(MAX_PARSES);
    let ok = |set: &[Edit]| -> bool {
        if budget.get() == 0 {
            return false;
        }
        budget.set(budget.get() - 1);
        let mut by_uri: BTreeMap<(u64, u64), Vec<&Edit>> = BTreeMap::new();
        for e in set {
            if let Some(u) = within(e) {
                by_uri.entry((u.start, u.end)).or_default().push(e);
            }
        }
        let changes: Vec<Change> = by_uri
            .into_iter()
            .map(|((s, t), es)| {
                let old = &before[s as usize..t as usize];
                let local: Vec<Edit> = es
                    .iter()
                    .map(|e| Edit {
                        start: e.start - s,
                        end: e.end - s,
                        replacement: e.replacement.clone(),
                    })
                    .collect();
                Change {
                    old: String::from_utf8_lossy(old).into_owned(),
                    new: String::from_utf8_lossy(&apply_edits(old, &local)).into_owned(),
                }
            })
            .collect();
        // Each URI edited is in a string (a value, a key), not in a
        // comment: the edit must change what the file says.
        changes.iter().all(|c| tree.has_string_with(&c.old))
            && structure::same_as(kind, &tree, &apply_edits(before, set), &changes)
    };
    largest_passing(candidates, &ok)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::writes::DataFormat;

    fn edit(start: u64, end: u64, r: &str) -> Edit {
        Edit {
            start,
            end,
            replacement: r.to_string(),
        }
    }

    #[test]
    fn only_edits_that_keep_the_structure() {
        let yaml = b"a: http//a.example/\nb: [http://B.example/]\n";
        let uris = [3..19, 24..41];
        // `:` into the first URI and the host of the second lowercased
        // are kept; a `]` for the second URI's last `/` ends the flow
        // sequence early (the file no longer parses): dropped.
        let edits = vec![edit(7, 7, ":"), edit(31, 32, "b"), edit(40, 41, "]")];
        let kept = keep_same_structure(Kind::Data(DataFormat::Yaml), yaml, &uris, edits);
        assert_eq!(kept, vec![edit(7, 7, ":"), edit(31, 32, "b")]);
        // In a comment: not a value, not edited.
        let commented = b"# see http//a.example/\na: 1\n";
        let kept = keep_same_structure(
            Kind::Data(DataFormat::Yaml),
            commented,
            std::slice::from_ref(&(6..22)),
            vec![edit(10, 10, ":")],
        );
        assert!(kept.is_empty());
        // Outside every URI: dropped.
        let kept = keep_same_structure(
            Kind::Data(DataFormat::Yaml),
            yaml,
            &uris,
            vec![edit(0, 1, "x")],
        );
        assert!(kept.is_empty());
    }
}
