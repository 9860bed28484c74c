//! Offset maps: from byte offsets in decoded text back to byte offsets in
//! the original file.
//!
//! This module owns [`OffsetMap`] (one decoding step) and [`Chain`] (the
//! steps of one segment, innermost first). A decoder builds its map while
//! it writes decoded bytes: [`OffsetMap::exact`] for bytes copied as they
//! are (and for a byte that stands for one original byte), and
//! [`OffsetMap::group`] for decoded bytes that stand for a group of
//! original bytes as a whole (a quoted-printable `=3D`, a base64 quantum
//! of 4 characters, an entity reference `&amp;`). Original bytes that
//! decode to nothing (a soft line break, a removed `> ` quote prefix) are
//! simply not pushed.
//!
//! Mapping a span: its start maps to the first original byte of the run
//! that holds it, its end (exclusive) to just past the last original byte
//! of the run that holds the span's last byte. So a span mapped through
//! exact runs and groups covers exactly the original bytes its decoded
//! bytes came from (soft breaks and quote prefixes inside it included),
//! and a span that starts or ends inside a base64 quantum is widened to
//! the whole quantum.
//!
//! It does not own decoding (the format modules) nor lines and columns
//! (`crate::position`).

use std::ops::Range;
use std::sync::Arc;

/// One run of a map: decoded bytes from `decoded` (to the next run's
/// start) come from original bytes from `original`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    /// First decoded offset of the run.
    decoded: u64,
    /// First original offset of the run.
    original: u64,
    /// `None`: byte `decoded + i` comes from byte `original + i`.
    /// `Some((n, k))`: the run is a sequence of groups, each of `k`
    /// decoded bytes that come from `n` original bytes as a whole, one
    /// after the other (a line of base64 quanta, a run of `=XX` escapes).
    group: Option<(u64, u64)>,
}

/// The runs of a map: most maps (a text run, an attribute value, a link
/// destination) have one, kept without an allocation of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum Runs {
    #[default]
    None,
    One(Run),
    /// Two or more.
    Many(Vec<Run>),
}

impl Runs {
    fn push(&mut self, r: Run) {
        match self {
            Runs::None => *self = Runs::One(r),
            Runs::One(a) => {
                // A map of two runs gets more (a line per run when
                // quoting is undone, a run per escape of quoted-printable):
                // room for 16 at once, not 4, 8 and 16 one after another.
                let mut v = Vec::with_capacity(16);
                v.push(*a);
                v.push(r);
                *self = Runs::Many(v);
            }
            Runs::Many(v) => v.push(r),
        }
    }

    fn as_mut_slice(&mut self) -> &mut [Run] {
        match self {
            Runs::None => &mut [],
            Runs::One(r) => std::slice::from_mut(r),
            Runs::Many(v) => v,
        }
    }
}

impl std::ops::Deref for Runs {
    type Target = [Run];

    fn deref(&self) -> &[Run] {
        match self {
            Runs::None => &[],
            Runs::One(r) => std::slice::from_ref(r),
            Runs::Many(v) => v,
        }
    }
}

/// A map from byte offsets in one decoding step's output to byte offsets
/// in its input (0-based, end exclusive). Built in decoded order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OffsetMap {
    runs: Runs,
    /// Decoded bytes pushed so far.
    len: u64,
}

impl OffsetMap {
    /// An empty map.
    pub fn new() -> OffsetMap {
        OffsetMap::default()
    }

    /// The map of a copy: `len` decoded bytes that are the original bytes
    /// from `original` on.
    pub fn identity(original: u64, len: u64) -> OffsetMap {
        let mut m = OffsetMap::new();
        m.exact(original, len);
        m
    }

    /// Moves every original offset `n` bytes on (a map of a slice made
    /// into a map of the text the slice starts `n` bytes into).
    pub fn shift(&mut self, n: u64) {
        for r in self.runs.as_mut_slice() {
            r.original += n;
        }
    }

    /// Decoded bytes pushed so far.
    pub fn decoded_len(&self) -> u64 {
        self.len
    }

    /// Appends `len` decoded bytes that are original bytes `original..
    /// original + len`, one for one. Joins the previous run when it is
    /// exact and ends where this one starts.
    pub fn exact(&mut self, original: u64, len: u64) {
        if len == 0 {
            return;
        }
        if let Some(last) = self.runs.last() {
            if last.group.is_none() && last.original + (self.len - last.decoded) == original {
                self.len += len;
                return;
            }
        }
        self.runs.push(Run {
            decoded: self.len,
            original,
            group: None,
        });
        self.len += len;
    }

    /// Appends `len` decoded bytes that come from the `original_len`
    /// original bytes from `original` as a whole (e.g. `=3D` decoded to
    /// `=`, or a base64 quantum of 4 characters decoded to 3 bytes).
    /// A group of one original byte for one decoded byte is exact.
    pub fn group(&mut self, original: u64, original_len: u64, len: u64) {
        if len == 0 {
            return;
        }
        if original_len == len && len == 1 {
            self.exact(original, 1);
            return;
        }
        if let Some(last) = self.runs.last() {
            if last.group == Some((original_len, len)) {
                let reps = (self.len - last.decoded) / len;
                if last.original + reps * original_len == original {
                    self.len += len;
                    return;
                }
            }
        }
        self.runs.push(Run {
            decoded: self.len,
            original,
            group: Some((original_len, len)),
        });
        self.len += len;
    }

    /// The original span of the group holding decoded byte `d` of run `r`.
    fn group_of(r: &Run, d: u64, n: u64, k: u64) -> Range<u64> {
        let start = r.original + (d - r.decoded) / k * n;
        start..start + n
    }

    /// Index of the run holding decoded byte `d` (`None` when empty).
    fn run_of(&self, d: u64) -> Option<usize> {
        if self.runs.is_empty() {
            return None;
        }
        Some(
            self.runs
                .partition_point(|r| r.decoded <= d)
                .saturating_sub(1),
        )
    }

    /// The original offset where decoded byte `d` starts. Past the end,
    /// the end of the last run.
    pub fn start(&self, d: u64) -> u64 {
        if d >= self.len {
            return self.end(self.len);
        }
        match self.run_of(d) {
            None => 0,
            Some(i) => {
                let r = self.runs[i];
                match r.group {
                    None => r.original + (d - r.decoded),
                    Some((n, k)) => Self::group_of(&r, d, n, k).start,
                }
            }
        }
    }

    /// The original offset just past the bytes that decoded bytes before
    /// `d` came from (an exclusive end). `end(0)` is `start(0)`.
    pub fn end(&self, d: u64) -> u64 {
        if d == 0 || self.runs.is_empty() {
            return self.runs.first().map_or(0, |r| r.original);
        }
        let d = d.min(self.len);
        let Some(i) = self.run_of(d - 1) else {
            return 0;
        };
        let r = self.runs[i];
        match r.group {
            None => r.original + (d - r.decoded),
            Some((n, k)) => Self::group_of(&r, d - 1, n, k).end,
        }
    }

    /// The original span of the decoded span `span`.
    pub fn span(&self, span: Range<u64>) -> Range<u64> {
        if span.is_empty() {
            let s = self.start(span.start);
            return s..s;
        }
        self.start(span.start)..self.end(span.end)
    }

    /// True when every decoded byte of `span` comes from one original byte
    /// and they are contiguous: the original bytes at the mapped span are
    /// the decoded bytes (a fix could be written there).
    pub fn is_exact(&self, span: Range<u64>) -> bool {
        if span.is_empty() {
            return true;
        }
        let (Some(a), Some(b)) = (self.run_of(span.start), self.run_of(span.end - 1)) else {
            return false;
        };
        a == b && self.runs[a].group.is_none()
    }
}

/// One step of a [`Chain`].
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    /// Through a decoding step's map (shared by the pieces of one part).
    Map(Arc<OffsetMap>),
    /// Plus an offset (where the step's input starts in the next one).
    Shift(u64),
}

/// Steps a chain is made with room for besides its maps: its base, and
/// the map and shift that place a mailbox's message in the file.
const STEPS_ADDED: usize = 3;

/// The steps of one segment, from its decoded text out to the file: the
/// first step takes decoded offsets to the next step's offsets, and so
/// on; the last gives offsets into the file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    /// The first map, when it is this chain's own (most chains are one
    /// map: no allocation besides the map's).
    first: Option<OffsetMap>,
    /// The steps after it.
    steps: Vec<Step>,
}

impl Chain {
    /// A chain of `maps` (innermost first), whose last map's offsets are
    /// relative to `base`.
    pub fn new(maps: Vec<OffsetMap>, base: u64) -> Chain {
        let mut maps = maps.into_iter();
        let first = maps.next();
        // Room for the base and the two steps a mailbox's message adds
        // ([`Chain::then_map`], [`Chain::then_shift`]): no regrowth.
        let mut steps = Vec::with_capacity(maps.len() + STEPS_ADDED);
        steps.extend(maps.map(|m| Step::Map(Arc::new(m))));
        if base != 0 {
            steps.push(Step::Shift(base));
        }
        Chain { first, steps }
    }

    /// The chain of the one map `map`, whose offsets are the file's
    /// ([`Chain::new`] of `vec![map]` and base 0, without the vector).
    pub fn of(map: OffsetMap) -> Chain {
        Chain {
            first: Some(map),
            steps: Vec::new(),
        }
    }

    /// Like [`Chain::new`], with maps shared with other chains (the
    /// transfer and charset maps of a part, under each of its HTML
    /// segments).
    pub fn shared(maps: Vec<Arc<OffsetMap>>, base: u64) -> Chain {
        let mut steps = Vec::with_capacity(maps.len() + STEPS_ADDED);
        steps.extend(maps.into_iter().map(Step::Map));
        if base != 0 {
            steps.push(Step::Shift(base));
        }
        Chain { first: None, steps }
    }

    /// The chain of `first` (this chain's own map), then the maps of
    /// `shared` (innermost first, shared with other chains), whose last
    /// map's offsets are relative to `base`: [`Chain::shared`] of
    /// `first` and `shared`, without an [`Arc`] for `first` nor a vector
    /// of the maps (the pieces of an HTML part, one chain each).
    pub fn over(first: OffsetMap, shared: &[Arc<OffsetMap>], base: u64) -> Chain {
        let mut steps = Vec::with_capacity(shared.len() + STEPS_ADDED);
        steps.extend(shared.iter().cloned().map(Step::Map));
        if base != 0 {
            steps.push(Step::Shift(base));
        }
        Chain {
            first: Some(first),
            steps,
        }
    }

    /// This chain, then `map` (offsets of this chain's output are the
    /// decoded offsets of `map`).
    pub fn then_map(mut self, map: Arc<OffsetMap>) -> Chain {
        self.steps.push(Step::Map(map));
        self
    }

    /// `map`, then this chain (offsets of `map`'s output are this chain's
    /// decoded offsets).
    pub fn before(mut self, map: OffsetMap) -> Chain {
        if let Some(first) = self.first.replace(map) {
            self.steps.insert(0, Step::Map(Arc::new(first)));
        }
        self
    }

    /// This chain, then plus `n`. A chain that ends in a shift has it
    /// grown, and a chain of its own (non-empty) map alone has that map's original
    /// offsets moved ([`OffsetMap::shift`]): both map as a step more
    /// would, without one (a header field's piece placed in its mailbox
    /// made a vector of steps for it).
    pub fn then_shift(mut self, n: u64) -> Chain {
        if n == 0 {
            return self;
        }
        match (&mut self.first, self.steps.last_mut()) {
            (_, Some(Step::Shift(m))) => *m += n,
            // (An empty map maps every offset to 0, which a step moves.)
            (Some(first), None) if !first.runs.is_empty() => first.shift(n),
            _ => self.steps.push(Step::Shift(n)),
        }
        self
    }

    /// The outer span of the decoded span `span`.
    pub fn span(&self, span: Range<u64>) -> Range<u64> {
        let mut s = match &self.first {
            Some(m) => m.span(span),
            None => span,
        };
        for step in &self.steps {
            s = match step {
                Step::Map(m) => m.span(s),
                Step::Shift(n) => s.start + n..s.end + n,
            };
        }
        s
    }

    /// True when every step is exact over the span (see
    /// [`OffsetMap::is_exact`]): the outer bytes there are the decoded
    /// bytes.
    pub fn is_exact(&self, span: Range<u64>) -> bool {
        let mut s = span;
        if let Some(m) = &self.first {
            if !m.is_exact(s.clone()) {
                return false;
            }
            s = m.span(s);
        }
        for step in &self.steps {
            match step {
                Step::Map(m) => {
                    if !m.is_exact(s.clone()) {
                        return false;
                    }
                    s = m.span(s);
                }
                Step::Shift(n) => s = s.start + n..s.end + n,
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain of one map is that map, as [`Chain::new`] makes it.
    #[test]
    fn chain_of_one_map() {
        let mut m = OffsetMap::new();
        m.exact(10, 4);
        m.group(20, 3, 1);
        let (a, b) = (Chain::of(m.clone()), Chain::new(vec![m], 0));
        assert_eq!(a, b);
        for span in [0..2, 1..4, 3..5, 4..5] {
            assert_eq!(a.span(span.clone()), b.span(span));
        }
    }

    /// [`Chain::over`] maps as [`Chain::shared`] of the same maps does
    /// (an HTML part's segment map over its transfer and charset maps),
    /// also once a mailbox's message places it in the file.
    #[test]
    fn chain_over_shared_maps() {
        let mut seg = OffsetMap::new();
        seg.exact(2, 3);
        seg.group(8, 5, 1);
        let mut transfer = OffsetMap::new();
        transfer.exact(0, 6);
        transfer.group(9, 3, 1);
        transfer.exact(12, 20);
        let shared = [Arc::new(transfer)];
        let over = Chain::over(seg.clone(), &shared, 40);
        let mut maps = vec![Arc::new(seg)];
        maps.extend(shared.iter().cloned());
        let old = Chain::shared(maps, 40);
        let (over, old) = (
            over.then_map(Arc::new(OffsetMap::identity(0, 100)))
                .then_shift(7),
            old.then_map(Arc::new(OffsetMap::identity(0, 100)))
                .then_shift(7),
        );
        for span in [0..1, 0..3, 2..4, 3..4, 4..4] {
            assert_eq!(over.span(span.clone()), old.span(span.clone()), "{span:?}");
            assert_eq!(over.is_exact(span.clone()), old.is_exact(span));
        }
        assert_eq!(over.span(0..4), 49..65);
    }

    /// Issue 49: a shift folded into the chain's own map or its last
    /// shift maps every span as a step of its own does, exact or not.
    #[test]
    fn shift_folded_maps_as_a_step() {
        let mut m = OffsetMap::new();
        m.exact(2, 3);
        m.group(8, 5, 1);
        m.exact(20, 4);
        let stepped = |chain: Chain, n: u64| {
            let mut c = chain;
            c.steps.push(Step::Shift(n));
            c
        };
        let transfer = Arc::new(OffsetMap::identity(0, 64));
        let chains = [
            Chain::of(m.clone()),
            Chain::new(vec![m.clone()], 30),
            Chain::over(m.clone(), std::slice::from_ref(&transfer), 0),
            Chain::shared(vec![transfer.clone()], 5),
            Chain::of(m.clone()).then_map(transfer.clone()),
            Chain::of(OffsetMap::new()),
        ];
        for chain in chains {
            let folded = chain.clone().then_shift(1000).then_shift(7);
            let steps = stepped(stepped(chain, 1000), 7);
            for start in 0..9 {
                for end in start..9 {
                    let span = start..end;
                    assert_eq!(
                        folded.span(span.clone()),
                        steps.span(span.clone()),
                        "{span:?}"
                    );
                    assert_eq!(folded.is_exact(span.clone()), steps.is_exact(span));
                }
            }
        }
        // The one-map chain gained no step.
        assert!(Chain::of(m).then_shift(9).steps.is_empty());
    }

    #[test]
    fn identity_and_merge() {
        let mut m = OffsetMap::new();
        m.exact(10, 3);
        m.exact(13, 2);
        assert_eq!(m.runs.len(), 1);
        assert_eq!(m.span(0..5), 10..15);
        assert_eq!(m.span(1..2), 11..12);
        assert!(m.is_exact(0..5));
    }

    #[test]
    fn quoted_printable_shapes() {
        // "ab=3Dc=\nd" decodes to "ab=cd": a group for =3D, a gap for =\n.
        let mut m = OffsetMap::new();
        m.exact(0, 2); // ab
        m.group(2, 3, 1); // =3D -> =
        m.exact(5, 1); // c
        m.exact(8, 1); // d (after the soft break =\n at 6..8)
        assert_eq!(m.decoded_len(), 5);
        assert_eq!(m.span(0..5), 0..9);
        assert_eq!(m.span(2..3), 2..5);
        assert_eq!(m.span(3..5), 5..9);
        assert_eq!(m.span(4..5), 8..9);
        assert!(m.is_exact(0..2));
        assert!(!m.is_exact(0..3));
        assert!(!m.is_exact(3..5));
    }

    #[test]
    fn base64_quanta_widen() {
        let mut m = OffsetMap::new();
        m.group(100, 4, 3);
        m.group(104, 4, 3);
        // Contiguous groups of one shape are one run.
        assert_eq!(m.runs.len(), 1);
        assert_eq!(m.span(1..2), 100..104);
        assert_eq!(m.span(2..4), 100..108);
        assert_eq!(m.span(6..6), 108..108);
    }

    #[test]
    fn chain_applies_each_step() {
        // Decoded -> message (skip one byte at 3) -> file at 1000.
        let mut inner = OffsetMap::new();
        inner.exact(0, 3);
        inner.exact(4, 3);
        let chain = Chain::new(vec![inner], 1000);
        assert_eq!(chain.span(2..4), 1002..1005);
        assert!(!chain.is_exact(2..4));
        assert!(chain.is_exact(3..6));
    }
}
