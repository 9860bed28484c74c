//! Fixes: edits to the original bytes of a file, applied safely and in
//! time and memory bounded by the edits, not by the file.
//!
//! This module owns [`Edit`] and [`Fix`] (what a diagnostic proposes),
//! choosing the fixes of one pass that do not overlap ([`select`], in
//! `O(n log n)` for `n` edits), composing the edits of successive passes
//! into one set of edits against the original ([`compose`]), the text as
//! it reads with edits applied ([`Edited`], without materializing it),
//! writing that text to any writer ([`write_edited`]), and fixing to a
//! fixed point ([`fix_edits_until_stable`], [`fix_until_stable`]): fixes
//! are applied, the text is linted again, and so on until nothing more can
//! be fixed, so that a second `--fix` run changes nothing.
//!
//! Every pass reads the original bytes again through [`ReadAt`], with the
//! edits found so far laid over them: a 2 GiB file is fixed in the memory
//! of its findings. Writing files back atomically is `write` (with the
//! `cli` feature: it needs rustix and signal-hook); unified diffs are
//! [`diff`]. It does not own
//! deciding what to fix (the rules, in `crate::lint`).

pub mod add_ignore;
pub mod diff;
pub mod place;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod reworded;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod verify;
#[cfg(feature = "cli")]
#[cfg_attr(docsrs, doc(cfg(feature = "cli")))]
pub mod write;

use std::collections::BTreeMap;
use std::io::{self, Read, Write};

use serde::Serialize;

use crate::lines::ReadAt;

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

/// Whether a fix may change what the text means (ruff's model).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    /// The URI stays the same resource for every consumer (rejoining a
    /// URI broken across lines, removing whitespace inside `<...>`,
    /// adding or dropping delimiters, lowercasing the scheme): applied by
    /// `check --fix`.
    #[default]
    Safe,
    /// May change meaning for some consumer (case changes outside the
    /// scheme, dropping a default port, percent-decoding or -encoding,
    /// removing dot-segments, anything in a `file:` URI): applied only
    /// with `--unsafe-fixes`.
    Unsafe,
}

/// A fix: edits applied together or not at all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fix {
    /// What the fix does, e.g. `"rejoin as http://a/b"`.
    pub message: String,
    /// The edits, in order of offset, not overlapping.
    pub edits: Vec<Edit>,
    /// Safe or unsafe ([`Applicability`]); `"applicability"` in JSON.
    pub applicability: Applicability,
}

/// The most passes [`fix_until_stable`] makes.
pub const MAX_PASSES: usize = 16;

/// The taken edits of one pass, as closed intervals `start..=end` keyed by
/// start (each key holds the largest end of the edits starting there).
#[derive(Default)]
struct Taken(BTreeMap<u64, u64>);

impl Taken {
    /// True when the closed interval `s..=e` meets a taken one. Edits that
    /// touch count as overlapping, so that two inserts at one place never
    /// race: they are applied in separate passes.
    fn meets(&self, s: u64, e: u64) -> bool {
        // The last interval starting at or before `e` is the only one that
        // can reach `s` (taken intervals do not overlap each other).
        self.0
            .range(..=e)
            .next_back()
            .is_some_and(|(_, &end)| end >= s)
    }

    fn insert(&mut self, s: u64, e: u64) {
        let end = self.0.entry(s).or_insert(e);
        *end = (*end).max(e);
    }
}

/// The edits of the fixes of `fixes` that can be applied together to a
/// text of `len` bytes: taken in order of their first edit, a fix is left
/// for a later pass when one of its edits overlaps or touches an edit
/// already taken or another of its own, or lies past `len`.
///
/// Returns the edits, sorted by offset and not overlapping, and how many
/// fixes they come from. Time `O(n log n)` in the number of edits.
pub fn select(fixes: &[&Fix], len: u64) -> (Vec<Edit>, usize) {
    let (edits, which) = select_which(fixes, len);
    (edits, which.len())
}

/// As [`select`], but says which fixes were taken: their indices into
/// `fixes`, in the order taken (by first edit).
pub fn select_which(fixes: &[&Fix], len: u64) -> (Vec<Edit>, Vec<usize>) {
    let mut order: Vec<(usize, &Fix)> = fixes
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, f)| !f.edits.is_empty())
        .collect();
    order.sort_by_key(|(_, f)| f.edits.iter().map(|e| e.start).min().unwrap_or(0));
    let mut taken = Taken::default();
    let mut edits: Vec<Edit> = Vec::new();
    let mut applied = Vec::new();
    for (index, fix) in order {
        let mut own: Vec<&Edit> = fix.edits.iter().collect();
        own.sort_by_key(|e| (e.start, e.end));
        let fits = own.iter().all(|e| e.start <= e.end && e.end <= len)
            && own.windows(2).all(|w| w[0].end < w[1].start)
            && !own.iter().any(|e| taken.meets(e.start, e.end));
        if fits {
            for e in own {
                taken.insert(e.start, e.end);
                edits.push(e.clone());
            }
            applied.push(index);
        }
    }
    edits.sort_by_key(|e| (e.start, e.end));
    (edits, applied)
}

/// Applies the fixes of `fixes` that do not overlap each other to `input`
/// (chosen by [`select`]). Bytes outside the edits are copied as they are.
///
/// Returns the new bytes and how many fixes were applied.
pub fn apply(input: &[u8], fixes: &[&Fix]) -> (Vec<u8>, usize) {
    let (edits, applied) = select(fixes, input.len() as u64);
    (apply_edits(input, &edits), applied)
}

/// `input` with `edits` (sorted, not overlapping, within `input`) applied.
pub fn apply_edits(input: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    let mut from = 0usize;
    for e in edits {
        let s = usize::try_from(e.start)
            .unwrap_or(usize::MAX)
            .min(input.len());
        let t = usize::try_from(e.end)
            .unwrap_or(usize::MAX)
            .min(input.len());
        out.extend_from_slice(&input[from.min(s)..s]);
        out.extend_from_slice(e.replacement.as_bytes());
        from = from.max(t);
    }
    out.extend_from_slice(&input[from.min(input.len())..]);
    out
}

/// The largest part of `edits` (sorted, not overlapping) that `ok` takes,
/// found by halving: all of them when `ok` takes them all, else the parts
/// of each half that it takes, joined when `ok` takes them together (or
/// the larger part). Order is kept. `ok` is asked at most about twice as
/// many times as there are edits; it may also refuse every set once its
/// own budget is spent.
pub fn largest_passing(edits: Vec<Edit>, ok: &dyn Fn(&[Edit]) -> bool) -> Vec<Edit> {
    if edits.is_empty() || ok(&edits) {
        return edits;
    }
    if edits.len() == 1 {
        return Vec::new();
    }
    let mut left = edits;
    let right = left.split_off(left.len() / 2);
    let a = largest_passing(left, ok);
    let b = largest_passing(right, ok);
    if a.is_empty() || b.is_empty() {
        return if a.is_empty() { b } else { a };
    }
    let mut both = a.clone();
    both.extend(b.iter().cloned());
    if ok(&both) {
        both
    } else if a.len() >= b.len() {
        a
    } else {
        b
    }
}

/// The offsets, in an edited text, of the replacements of a set of edits,
/// and the way back from edited offsets to original ones.
struct Layout<'a> {
    edits: &'a [Edit],
    /// Offset in the edited text where each edit's replacement starts.
    at: Vec<u64>,
    /// ... and where it ends.
    at_end: Vec<u64>,
}

impl<'a> Layout<'a> {
    fn new(edits: &'a [Edit]) -> Self {
        let mut at = Vec::with_capacity(edits.len());
        let mut at_end = Vec::with_capacity(edits.len());
        let mut delta: i128 = 0;
        for e in edits {
            let a = (i128::from(e.start) + delta).max(0) as u64;
            at.push(a);
            at_end.push(a + e.replacement.len() as u64);
            delta += e.replacement.len() as i128 - (i128::from(e.end) - i128::from(e.start));
        }
        Layout { edits, at, at_end }
    }

    /// The original offset of edited offset `p` (not strictly inside a
    /// replacement); after a deletion at `p`, the offset past it.
    fn right(&self, p: u64) -> u64 {
        match self.at_end.partition_point(|&b| b <= p) {
            0 => p,
            k => self.edits[k - 1].end + (p - self.at_end[k - 1]),
        }
    }

    /// As [`Layout::right`]; before a deletion at `p`, the offset of it.
    fn left(&self, p: u64) -> u64 {
        let k = self.at.partition_point(|&a| a < p);
        if k < self.edits.len() {
            self.edits[k].start - (self.at[k] - p)
        } else {
            self.right(p)
        }
    }

    /// The edits whose replacement the edit `s..e` of the edited text
    /// meets: overlaps, or for an insert (`s == e`) falls strictly inside.
    /// A range of indices.
    fn met(&self, s: u64, e: u64) -> (usize, usize) {
        let lo = self.at_end.partition_point(|&b| b <= s);
        if s == e {
            if lo < self.at.len() && self.at[lo] < s {
                return (lo, lo + 1);
            }
            return (lo, lo);
        }
        let hi = self.at.partition_point(|&a| a < e).max(lo);
        (lo, hi)
    }
}

/// Composes edits: `first` edits an original text into a second text,
/// `second` edits that second text (offsets into it) into a third. The
/// result edits the original directly into the third text: sorted by
/// offset, not overlapping; an edit of `first` that an edit of `second`
/// meets is merged into it.
///
/// Both inputs must be sorted and not overlapping, as [`select`] gives
/// them. Time `O((n + m) log n)`.
pub fn compose(first: &[Edit], second: &[Edit]) -> Vec<Edit> {
    if second.is_empty() {
        return first.to_vec();
    }
    let lay = Layout::new(first);
    // An edit of `second` (merged with its neighbours when two of them
    // meet the same edit of `first`), with the range of `first` it meets.
    struct Part {
        s: u64,
        e: u64,
        text: String,
        lo: usize,
        hi: usize,
    }
    let mut parts: Vec<Part> = Vec::with_capacity(second.len());
    for ed in second {
        let (s, e) = (ed.start, ed.end.max(ed.start));
        let (lo, hi) = lay.met(s, e);
        if let Some(prev) = parts.last_mut() {
            if lo < hi && prev.lo < prev.hi && lo < prev.hi {
                // Both meet edit `lo`: the text between them lies inside
                // its replacement.
                let base = lay.at[lo];
                let gap = first[lo]
                    .replacement
                    .get((prev.e - base) as usize..(s - base) as usize)
                    .unwrap_or("");
                prev.text.push_str(gap);
                prev.text.push_str(&ed.replacement);
                prev.e = e;
                prev.hi = hi;
                continue;
            }
        }
        parts.push(Part {
            s,
            e,
            text: ed.replacement.clone(),
            lo,
            hi,
        });
    }
    // Each part as an edit of the original, with its place in the edited
    // text for ordering against the kept edits of `first`.
    let mut composed: Vec<(u64, Edit)> = Vec::with_capacity(parts.len());
    for p in &parts {
        let met = p.lo < p.hi;
        let (start, prefix, key) = if met && lay.at[p.lo] < p.s {
            let k = p.lo;
            let cut = (p.s - lay.at[k]) as usize;
            let rep = &first[k].replacement;
            (first[k].start, rep.get(..cut).unwrap_or(""), lay.at[k])
        } else {
            (lay.right(p.s), "", p.s)
        };
        let (end, suffix) = if met && lay.at_end[p.hi - 1] > p.e {
            let k = p.hi - 1;
            let cut = (p.e - lay.at[k]) as usize;
            (first[k].end, first[k].replacement.get(cut..).unwrap_or(""))
        } else if p.s == p.e && !met {
            (start, "")
        } else {
            (lay.left(p.e).max(start), "")
        };
        let mut text = String::with_capacity(prefix.len() + p.text.len() + suffix.len());
        text.push_str(prefix);
        text.push_str(&p.text);
        text.push_str(suffix);
        composed.push((
            key,
            Edit {
                start,
                end,
                replacement: text,
            },
        ));
    }
    // Merge the kept edits of `first` (those no part meets) with the
    // composed ones, in order of their place in the edited text. At one
    // place a deletion of `first` comes first, then a part, then an
    // insertion of `first`.
    let mut absorbed = vec![false; first.len()];
    for p in &parts {
        for a in absorbed.iter_mut().take(p.hi).skip(p.lo) {
            *a = true;
        }
    }
    let mut out: Vec<Edit> = Vec::with_capacity(first.len() + composed.len());
    let mut c = composed.into_iter().peekable();
    for (k, f) in first.iter().enumerate() {
        if absorbed[k] {
            continue;
        }
        let fkey = (lay.at[k], u8::from(!f.replacement.is_empty()) * 2);
        while let Some((key, _)) = c.peek() {
            if (*key, 1u8) < fkey {
                if let Some((_, e)) = c.next() {
                    out.push(e);
                }
            } else {
                break;
            }
        }
        out.push(f.clone());
    }
    out.extend(c.map(|(_, e)| e));
    out.retain(|e| !(e.start == e.end && e.replacement.is_empty()));
    out
}

/// The text of a source with sorted, non-overlapping `edits` applied,
/// read without building it: as a [`ReadAt`] (random access, for reading
/// lines back) and, through [`Edited::reader`], as a [`Read`] stream.
#[derive(Clone)]
pub struct Edited<'e, S> {
    src: S,
    src_len: u64,
    edits: &'e [Edit],
    at: Vec<u64>,
    at_end: Vec<u64>,
    len: u64,
}

impl<'e, S: ReadAt> Edited<'e, S> {
    /// `src`, `src_len` bytes long, as `edits` (sorted, not overlapping,
    /// within `src_len`) make it.
    pub fn new(src: S, src_len: u64, edits: &'e [Edit]) -> Self {
        let lay = Layout::new(edits);
        let delta: i128 = edits
            .iter()
            .map(|e| e.replacement.len() as i128 - (i128::from(e.end) - i128::from(e.start)))
            .sum();
        let len = (i128::from(src_len) + delta).max(0) as u64;
        Edited {
            src,
            src_len,
            edits,
            at: lay.at,
            at_end: lay.at_end,
            len,
        }
    }

    /// The length of the edited text, in bytes.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True when the edited text is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// A stream of the edited text from its start.
    pub fn reader(self) -> EditedReader<'e, S> {
        EditedReader { text: self, pos: 0 }
    }

    /// Reads some bytes at `p` from one piece (a replacement or a stretch
    /// of the source); 0 at the end.
    fn read_piece(&mut self, p: u64, buf: &mut [u8]) -> io::Result<usize> {
        if p >= self.len || buf.is_empty() {
            return Ok(0);
        }
        let k = self.at_end.partition_point(|&b| b <= p);
        if k < self.edits.len() && self.at[k] <= p {
            // Inside replacement k.
            let rep = self.edits[k].replacement.as_bytes();
            let from = (p - self.at[k]) as usize;
            let n = buf.len().min(rep.len() - from);
            buf[..n].copy_from_slice(&rep[from..from + n]);
            return Ok(n);
        }
        // In the source, after edit k-1 and before edit k.
        let (src_at, limit) = match k {
            0 => (p, self.edits.first().map_or(self.src_len, |e| e.start)),
            _ => (
                self.edits[k - 1].end + (p - self.at_end[k - 1]),
                self.edits.get(k).map_or(self.src_len, |e| e.start),
            ),
        };
        let want = usize::try_from(limit.saturating_sub(src_at))
            .unwrap_or(usize::MAX)
            .min(buf.len());
        if want == 0 {
            return Ok(0);
        }
        self.src.read_at(src_at, &mut buf[..want])
    }
}

impl<S: ReadAt> ReadAt for Edited<'_, S> {
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> io::Result<usize> {
        let mut n = 0;
        while n < buf.len() {
            let k = self.read_piece(offset + n as u64, &mut buf[n..])?;
            if k == 0 {
                break;
            }
            n += k;
        }
        Ok(n)
    }
}

/// A [`Read`] stream of an [`Edited`] text.
pub struct EditedReader<'e, S> {
    text: Edited<'e, S>,
    pos: u64,
}

impl<S: ReadAt> Read for EditedReader<'_, S> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.text.read_at(self.pos, buf)?;
        self.pos += n as u64;
        Ok(n)
    }
}

/// A [`Read`] stream of any [`ReadAt`] source from offset 0.
pub struct ReadAtReader<S> {
    src: S,
    pos: u64,
}

impl<S: ReadAt> ReadAtReader<S> {
    /// Reads `src` from its start.
    pub fn new(src: S) -> Self {
        ReadAtReader { src, pos: 0 }
    }
}

impl<S: ReadAt> Read for ReadAtReader<S> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.src.read_at(self.pos, buf)?;
        self.pos += n as u64;
        Ok(n)
    }
}

/// Writes the text of `src` (`src_len` bytes) with `edits` applied to
/// `out`, in pieces of at most 256 KiB: memory is bounded by the edits.
///
/// # Errors
/// A read error of `src` or a write error of `out`; an
/// [`io::ErrorKind::UnexpectedEof`] error when `src` is shorter than
/// `src_len`.
pub fn write_edited<S: ReadAt, W: Write + ?Sized>(
    src: S,
    src_len: u64,
    edits: &[Edit],
    out: &mut W,
) -> io::Result<u64> {
    let text = Edited::new(src, src_len, edits);
    let len = text.len();
    let mut reader = text.reader();
    let mut buf = vec![0u8; 256 * 1024];
    let mut done = 0u64;
    while done < len {
        let n = reader.read(&mut buf)?;
        if n == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the file got shorter while it was being fixed",
            ));
        }
        out.write_all(&buf[..n])?;
        done += n as u64;
    }
    Ok(done)
}

/// What [`fix_edits_until_stable`] did.
#[derive(Debug)]
pub struct FixedEdits<D> {
    /// The edits that fix the original text, against its offsets: sorted,
    /// not overlapping (all passes composed).
    pub edits: Vec<Edit>,
    /// Fixes applied over all passes.
    pub applied: usize,
    /// The [`Fix::message`] of each fix applied, in the order applied
    /// (`applied` of them). [`crate::lint::Linter::fix_source_outside`]
    /// puts the rule code there (`--show-fixes` counts them per rule).
    pub fixed: Vec<String>,
    /// The findings of the fixed text (those no fix removed), with offsets
    /// into the fixed text.
    pub remaining: Vec<D>,
    /// False when [`MAX_PASSES`] passes still left fixes to apply (a
    /// second run may change more).
    pub converged: bool,
}

/// What one lint pass of [`fix_edits_until_stable`] found.
#[derive(Debug)]
pub struct Pass<D> {
    /// The fixes found (their messages may be left empty: only the edits
    /// count here).
    pub fixes: Vec<Fix>,
    /// The findings, needed only when there is no fix (the pass is then
    /// the last one) or when asked for: otherwise a pass may leave this
    /// empty as soon as it has a fix, so that memory holds the edits of a
    /// pass, not its findings.
    pub findings: Vec<D>,
}

/// Fixes a text of `len` bytes to a fixed point, as edits of it: `lint`
/// gets the edits found so far (against the original) and whether it must
/// keep its findings even when it finds fixes, and gives what it finds in
/// the text the edits make ([`Pass`]; fixes in offsets of that text);
/// the fixes that fit ([`select`]) are composed into the edits
/// ([`compose`]) and the text linted again, until no fix applies or after
/// [`MAX_PASSES`]. `lint` should leave out fixes that change nothing.
///
/// # Errors
/// Whatever `lint` returns.
pub fn fix_edits_until_stable<D, E, L>(len: u64, mut lint: L) -> Result<FixedEdits<D>, E>
where
    L: FnMut(&[Edit], bool) -> Result<Pass<D>, E>,
{
    let mut edits: Vec<Edit> = Vec::new();
    let mut cur_len = len;
    let mut applied = 0;
    let mut fixed = Vec::new();
    for _ in 0..MAX_PASSES {
        let found = lint(&edits, false)?;
        let fixes: Vec<&Fix> = found.fixes.iter().collect();
        let (pass, which) = select_which(&fixes, cur_len);
        let n = which.len();
        fixed.extend(which.iter().map(|&i| fixes[i].message.clone()));
        if n == 0 {
            // No fix fits (none found, or none applicable): this text is
            // the fixed one. Its findings were dropped if it had fixes.
            let remaining = if found.fixes.is_empty() {
                found.findings
            } else {
                lint(&edits, true)?.findings
            };
            return Ok(FixedEdits {
                edits,
                applied,
                fixed,
                remaining,
                converged: true,
            });
        }
        let delta: i128 = pass
            .iter()
            .map(|e| e.replacement.len() as i128 - (i128::from(e.end) - i128::from(e.start)))
            .sum();
        cur_len = (i128::from(cur_len) + delta).max(0) as u64;
        applied += n;
        edits = compose(&edits, &pass);
    }
    // Out of passes: the findings of the text as it is now.
    let found = lint(&edits, true)?;
    Ok(FixedEdits {
        edits,
        applied,
        fixed,
        remaining: found.findings,
        converged: found.fixes.is_empty(),
    })
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

/// Fixes `input` (in memory) to a fixed point: as
/// [`fix_edits_until_stable`], with `lint` given the text itself. Fixes
/// whose edits change nothing are not counted.
///
/// # Errors
/// Whatever `lint` returns.
pub fn fix_until_stable<D, E, L>(input: &[u8], mut lint: L) -> Result<Fixed<D>, E>
where
    L: FnMut(&[u8]) -> Result<Vec<(D, Option<Fix>)>, E>,
{
    let r = fix_edits_until_stable(input.len() as u64, |edits, _| {
        let text = apply_edits(input, edits);
        let mut pass = Pass {
            fixes: Vec::new(),
            findings: Vec::new(),
        };
        for (d, f) in lint(&text)? {
            if let Some(f) = f.filter(|f| changes(&mut text.as_slice(), f)) {
                pass.fixes.push(f);
            }
            pass.findings.push(d);
        }
        Ok(pass)
    })?;
    Ok(Fixed {
        bytes: apply_edits(input, &r.edits),
        applied: r.applied,
        remaining: r.remaining,
        converged: r.converged,
    })
}

/// True when some edit of `fix` changes the text read from `src`.
pub fn changes<S: ReadAt>(src: &mut S, fix: &Fix) -> bool {
    fix.edits.iter().any(|e| {
        let len = e.end.saturating_sub(e.start);
        if len != e.replacement.len() as u64 {
            return true;
        }
        let mut buf = vec![0u8; e.replacement.len()];
        match src.read_at(e.start, &mut buf) {
            Ok(n) => n != buf.len() || buf != e.replacement.as_bytes(),
            Err(_) => true,
        }
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
            applicability: Applicability::Safe,
        }
    }

    #[test]
    fn largest_passing_drops_only_refused_edits() {
        let edits: Vec<Edit> = (0..8).map(|i| edit(i * 10, i * 10 + 1, "x")).collect();
        // Refuses any set holding the edits at 30 or 60.
        let ok = |set: &[Edit]| !set.iter().any(|e| e.start == 30 || e.start == 60);
        let kept = largest_passing(edits.clone(), &ok);
        let starts: Vec<u64> = kept.iter().map(|e| e.start).collect();
        assert_eq!(starts, [0, 10, 20, 40, 50, 70]);
        assert_eq!(largest_passing(edits.clone(), &|_: &[Edit]| true), edits);
        assert!(largest_passing(edits, &|_: &[Edit]| false).is_empty());
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

    /// Sorted, non-overlapping, non-touching random edits of a text of
    /// `len` bytes, as `select` gives them.
    fn edits_of(len: u64, raw: &[(u64, u64, String)]) -> Vec<Edit> {
        let fixes: Vec<Fix> = raw
            .iter()
            .map(|(s, l, r)| {
                let s = (*s).min(len);
                fix(vec![edit(s, (s + l).min(len), r)])
            })
            .collect();
        let refs: Vec<&Fix> = fixes.iter().collect();
        select(&refs, len).0
    }

    fn raw_edits() -> impl Strategy<Value = Vec<(u64, u64, String)>> {
        proptest::collection::vec((0u64..40, 0u64..6, "[A-Z]{0,4}"), 0..8)
    }

    #[test]
    fn compose_examples() {
        // Insert inside an earlier replacement.
        let first = vec![edit(2, 4, "XYZ")];
        let text = apply_edits(b"abcdef", &first);
        assert_eq!(text, b"abXYZef");
        let second = vec![edit(3, 4, "-")];
        let both = compose(&first, &second);
        assert_eq!(apply_edits(b"abcdef", &both), b"abX-Zef");
        assert_eq!(both, vec![edit(2, 4, "X-Z")]);
        // Two later edits inside one earlier replacement merge.
        let second = vec![edit(2, 3, "1"), edit(4, 5, "3")];
        let both = compose(&first, &second);
        assert_eq!(apply_edits(b"abcdef", &both), b"ab1Y3ef");
        // Deletion then insert at its place: the deletion stays first.
        let first = vec![edit(2, 4, "")];
        let second = vec![edit(2, 2, "<>")];
        let both = compose(&first, &second);
        assert_eq!(apply_edits(b"abcdef", &both), b"ab<>ef");
    }

    #[test]
    fn select_is_linear_enough() {
        // 200,000 one-byte fixes: the old pairwise overlap test took
        // minutes; this takes milliseconds.
        let fixes: Vec<Fix> = (0..200_000u64)
            .map(|i| fix(vec![edit(2 * i, 2 * i + 1, "x")]))
            .collect();
        let refs: Vec<&Fix> = fixes.iter().collect();
        let (edits, n) = select(&refs, 400_000);
        assert_eq!((edits.len(), n), (200_000, 200_000));
    }

    #[test]
    fn edited_reads_as_applied() {
        let src: &[u8] = b"0123456789";
        let edits = vec![
            edit(0, 0, "<"),
            edit(3, 5, "abc"),
            edit(7, 8, ""),
            edit(10, 10, ">"),
        ];
        let want = apply_edits(src, &edits);
        let mut e = Edited::new(src, 10, &edits);
        assert_eq!(e.len(), want.len() as u64);
        for at in 0..=want.len() {
            let mut buf = vec![0u8; want.len() + 3];
            let n = e.read_at(at as u64, &mut buf).expect("reads");
            assert_eq!(&buf[..n], &want[at..]);
        }
        let mut out = Vec::new();
        write_edited(src, 10, &edits, &mut out).expect("writes");
        assert_eq!(out, want);
        // A source shorter than said is an error, not a short file.
        let e = write_edited(&src[..5], 10, &edits, &mut Vec::new()).expect_err("short");
        assert_eq!(e.kind(), io::ErrorKind::UnexpectedEof);
    }

    proptest! {
        /// Composing two passes of edits gives the text that applying them
        /// one after the other gives, and edits that [`select`] accepts.
        #[test]
        fn compose_is_sequential_application(
            text in "[a-z]{0,40}",
            a in raw_edits(),
            b in raw_edits(),
        ) {
            let t0 = text.as_bytes();
            let first = edits_of(t0.len() as u64, &a);
            let t1 = apply_edits(t0, &first);
            let second = edits_of(t1.len() as u64, &b);
            let t2 = apply_edits(&t1, &second);
            let both = compose(&first, &second);
            prop_assert_eq!(apply_edits(t0, &both), t2.clone(), "{:?} then {:?} gave {:?}", first, second, both);
            for w in both.windows(2) {
                prop_assert!(w[0].end <= w[1].start, "overlap in {:?}", both);
            }
            for e in &both {
                prop_assert!(e.start <= e.end && e.end <= t0.len() as u64);
            }
            // Reading through the edits gives the same text.
            let mut v = Vec::new();
            write_edited(t0, t0.len() as u64, &both, &mut v).expect("writes");
            prop_assert_eq!(v, t2);
        }

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
