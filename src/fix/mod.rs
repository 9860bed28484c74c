//! Fixes: edits to the original bytes of a file, applied safely.
//!
//! This module owns [`Edit`] and [`Fix`] (what a diagnostic proposes),
//! applying a set of fixes to a buffer without overlaps ([`apply`]), and
//! fixing to a fixed point ([`fix_until_stable`]): fixes are applied,
//! the text is linted again, and so on until nothing more can be fixed,
//! so that a second `--fix` run changes nothing. Writing files back
//! atomically is [`write`](mod@write); unified diffs are [`diff`]. It does not own
//! deciding what to fix (the rules, in `crate::lint`).

pub mod diff;
pub mod write;

use serde::Serialize;

/// Replace bytes `start..end` of the original input with `replacement`.
/// Offsets are 0-based byte offsets into the file as stored, end
/// exclusive; `start == end` inserts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Edit {
    /// First byte replaced.
    pub start: u64,
    /// Byte just past the last one replaced.
    pub end: u64,
    /// The new bytes (UTF-8).
    pub replacement: String,
}

/// A fix: edits applied together or not at all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fix {
    /// What the fix does, e.g. `"rejoin as http://a/b"`.
    pub message: String,
    /// The edits, in order of offset, not overlapping.
    pub edits: Vec<Edit>,
}

/// The most passes [`fix_until_stable`] makes.
pub const MAX_PASSES: usize = 16;

fn overlaps(a: &Edit, b: &Edit) -> bool {
    // Closed intervals: edits that touch are applied in separate passes,
    // so that two inserts at one place never race.
    a.start <= b.end && b.start <= a.end
}

/// Applies the fixes of `fixes` that do not overlap each other to `input`,
/// taking them in order of their first edit (a fix overlapping one already
/// taken is left for a later pass). Bytes outside the edits are copied as
/// they are. Edits past the end of `input` make their fix skipped.
///
/// Returns the new bytes and how many fixes were applied.
pub fn apply(input: &[u8], fixes: &[&Fix]) -> (Vec<u8>, usize) {
    let mut order: Vec<&Fix> = fixes
        .iter()
        .copied()
        .filter(|f| !f.edits.is_empty())
        .collect();
    order.sort_by_key(|f| f.edits.iter().map(|e| e.start).min().unwrap_or(0));
    let len = input.len() as u64;
    let mut taken: Vec<&Edit> = Vec::new();
    let mut applied = 0;
    for fix in order {
        let fits = fix.edits.iter().all(|e| e.start <= e.end && e.end <= len)
            && !fix
                .edits
                .iter()
                .enumerate()
                .any(|(i, e)| fix.edits[i + 1..].iter().any(|f| overlaps(e, f)))
            && !fix
                .edits
                .iter()
                .any(|e| taken.iter().any(|t| overlaps(e, t)));
        if fits {
            taken.extend(fix.edits.iter());
            applied += 1;
        }
    }
    taken.sort_by_key(|e| (e.start, e.end));
    let mut out = Vec::with_capacity(input.len());
    let mut from = 0usize;
    for e in taken {
        out.extend_from_slice(&input[from..e.start as usize]);
        out.extend_from_slice(e.replacement.as_bytes());
        from = e.end as usize;
    }
    out.extend_from_slice(&input[from..]);
    (out, applied)
}

/// What [`fix_until_stable`] did.
#[derive(Debug)]
pub struct Fixed<D> {
    /// The fixed bytes.
    pub bytes: Vec<u8>,
    /// Fixes applied over all passes.
    pub applied: usize,
    /// The findings of the fixed bytes (those no fix removed).
    pub remaining: Vec<D>,
    /// False when [`MAX_PASSES`] passes still left fixes to apply (a
    /// second run may change more).
    pub converged: bool,
}

/// Fixes `input` to a fixed point: `lint` gives the findings of a text and
/// the fix of each (if any); the fixes are applied ([`apply`]) and the
/// result linted again, until no fix applies or after [`MAX_PASSES`].
///
/// # Errors
/// Whatever `lint` returns.
pub fn fix_until_stable<D, E, L>(input: &[u8], mut lint: L) -> Result<Fixed<D>, E>
where
    L: FnMut(&[u8]) -> Result<Vec<(D, Option<Fix>)>, E>,
{
    let mut bytes = input.to_vec();
    let mut applied = 0;
    for _ in 0..MAX_PASSES {
        let found = lint(&bytes)?;
        let fixes: Vec<&Fix> = found.iter().filter_map(|(_, f)| f.as_ref()).collect();
        if fixes.is_empty() {
            return Ok(Fixed {
                bytes,
                applied,
                remaining: found.into_iter().map(|(d, _)| d).collect(),
                converged: true,
            });
        }
        let (next, n) = apply(&bytes, &fixes);
        if n == 0 || next == bytes {
            return Ok(Fixed {
                bytes,
                applied,
                remaining: found.into_iter().map(|(d, _)| d).collect(),
                converged: true,
            });
        }
        applied += n;
        bytes = next;
    }
    let found = lint(&bytes)?;
    let converged = !found.iter().any(|(_, f)| f.is_some());
    Ok(Fixed {
        bytes,
        applied,
        remaining: found.into_iter().map(|(d, _)| d).collect(),
        converged,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn edit(start: u64, end: u64, r: &str) -> Edit {
        Edit {
            start,
            end,
            replacement: r.to_string(),
        }
    }

    fn fix(edits: Vec<Edit>) -> Fix {
        Fix {
            message: String::new(),
            edits,
        }
    }

    #[test]
    fn applies_in_order_and_skips_overlaps() {
        let a = fix(vec![edit(0, 1, "X")]);
        let b = fix(vec![edit(4, 4, "<"), edit(7, 7, ">")]);
        let c = fix(vec![edit(5, 6, "Y")]); // inside nothing taken: fine
        let d = fix(vec![edit(0, 2, "Z")]); // overlaps a
        let (out, n) = apply(b"abcdefghij", &[&d, &c, &b, &a]);
        // a and d start at 0; d sorts first (stable order by start): d wins.
        assert_eq!(n, 3);
        assert_eq!(String::from_utf8_lossy(&out), "Zcd<eYg>hij");
    }

    #[test]
    fn out_of_range_fix_is_skipped() {
        let (out, n) = apply(b"abc", &[&fix(vec![edit(2, 9, "X")])]);
        assert_eq!((out.as_slice(), n), (&b"abc"[..], 0));
    }

    #[test]
    fn fixed_point_loop_stops() {
        // A lint that wants every 'a' turned into 'b', one per pass.
        let r = fix_until_stable(b"aaa", |t: &[u8]| {
            Ok::<_, ()>(
                t.iter()
                    .position(|&c| c == b'a')
                    .map(|i| ((), Some(fix(vec![edit(i as u64, i as u64 + 1, "b")]))))
                    .into_iter()
                    .collect(),
            )
        })
        .expect("no error");
        assert_eq!((r.bytes.as_slice(), r.applied), (&b"bbb"[..], 3));
    }

    proptest! {
        /// Bytes outside the applied edits are unchanged, in order.
        #[test]
        fn outside_edits_unchanged(text in "[a-z]{0,40}", spans in proptest::collection::vec((0u64..40, 0u64..5), 0..6)) {
            let len = text.len() as u64;
            let fixes: Vec<Fix> = spans
                .iter()
                .map(|&(s, l)| fix(vec![edit(s.min(len), (s + l).min(len), "#")]))
                .collect();
            let refs: Vec<&Fix> = fixes.iter().collect();
            let (out, _) = apply(text.as_bytes(), &refs);
            // Removing the '#'s and the edited spans gives the same text as
            // removing the edited spans from the input.
            let kept: String = String::from_utf8_lossy(&out).replace('#', "");
            prop_assert!(kept.len() <= text.len());
            let mut it = text.chars();
            for c in kept.chars() {
                prop_assert!(it.any(|d| d == c));
            }
        }
    }
}
