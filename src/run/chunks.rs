//! One large mapped plain-text input scanned in chunks across threads
//! ([`crate::split`]): each chunk scanned on the thread that takes it,
//! with what the chunks before it carry (their line breaks, and what a
//! job's own pass over each chunk learns), its output taken into the
//! input's in order.
//!
//! This module owns the loop; what is done with each item found is the
//! job's ([`ChunkJob`]: `extract`'s records, `check`'s findings).

use super::{drive, Stats};
use crate::pipeline::Sink;
use crate::scan::{Found, ScanOptions, Scanner};
use crate::split::Summary;

/// Where a chunk of a split input starts ([`scan_split`]): what makes its
/// items' offsets and lines the whole input's, and what the chunks
/// before it carry into it.
pub(crate) struct ChunkBase<'m, C> {
    /// The chunk's first byte's offset in the input (0-based).
    pub(crate) bytes: u64,
    /// The line breaks before the chunk: known from the start when
    /// positions are counted, else counted when first asked (a too-long
    /// candidate's line).
    lines: std::cell::OnceCell<u64>,
    /// What the job's pass ([`ChunkJob::carry`]) found in the chunks
    /// before this one, summed in order ([`Summary`]); the identity for
    /// the first chunk.
    pub(crate) carried: C,
    map: &'m crate::mmap::Mapping,
}

impl<C> ChunkBase<'_, C> {
    /// The line breaks in the input before the chunk.
    pub(crate) fn lines(&self) -> u64 {
        *self.lines.get_or_init(|| {
            // Counted through a view that hands the pages back as it goes
            // (at most one release step resident), as the scanner's late
            // count of lines does.
            let upto = usize::try_from(self.bytes).unwrap_or(usize::MAX);
            let mut view = self.map.view(0..upto);
            let mut lines = crate::position::LineTracker::new();
            let mut at = 0;
            while at < view.len() {
                let to = view.len().min(at.saturating_add(crate::mmap::RELEASE_STEP));
                lines.advance(&view.bytes()[at..to]);
                view.release_before(to);
                at = to;
            }
            lines.position().line - 1
        })
    }
}

/// What a split scan does with one input ([`scan_split`]): the items of
/// each chunk, on the thread that scans it, with the chunk's own state.
pub(crate) trait ChunkJob: Sync {
    /// What a pass over one chunk's bytes learns before the chunk is
    /// scanned ([`ChunkJob::carry`]), summed over the chunks before one
    /// ([`ChunkBase::carried`]).
    type Carry: Summary + Sync;
    /// A chunk's own state, made on the thread that scans it
    /// ([`ChunkJob::begin`]) and handed back on the input's thread in
    /// chunk order ([`ChunkJob::end`]).
    type State: Send;

    /// What the chunk `bytes` carries to the chunks after it; run on
    /// every chunk before it is scanned (not when the input is scanned in
    /// one pass).
    fn carry(&self, bytes: &[u8]) -> Self::Carry;

    /// The state of the chunk that starts at `base`.
    fn begin(&self, base: &ChunkBase<'_, Self::Carry>) -> Self::State;

    /// One item found in the chunk that starts at `base` (its offsets and
    /// lines the chunk's), into the chunk's sink.
    fn found(
        &self,
        found: Found<'_>,
        state: &mut Self::State,
        base: &ChunkBase<'_, Self::Carry>,
        sink: &mut Sink<'_, '_>,
    );

    /// The chunk's state once it is scanned, on the input's thread, in
    /// chunk order, after its output was taken into the input's `sink`.
    fn end(&self, state: Self::State, sink: &mut Sink<'_, '_>);
}

/// `extract` carries nothing but lines and keeps no state per chunk:
/// `each` is its [`ChunkJob::found`].
pub(crate) struct EachItem<F>(F);

impl<F> EachItem<F>
where
    F: Fn(Found<'_>, &ChunkBase<'_, ()>, &mut Sink<'_, '_>) + Sync,
{
    /// The job that hands each item to `each`.
    pub(crate) fn new(each: F) -> Self {
        EachItem(each)
    }
}

impl<F> ChunkJob for EachItem<F>
where
    F: Fn(Found<'_>, &ChunkBase<'_, ()>, &mut Sink<'_, '_>) + Sync,
{
    type Carry = ();
    type State = ();

    fn carry(&self, _: &[u8]) {}

    fn begin(&self, _: &ChunkBase<'_, ()>) {}

    fn found(
        &self,
        found: Found<'_>,
        _: &mut (),
        base: &ChunkBase<'_, ()>,
        sink: &mut Sink<'_, '_>,
    ) {
        (self.0)(found, base, sink);
    }

    fn end(&self, _: (), _: &mut Sink<'_, '_>) {}
}

/// [`super::scan_mapped`] over chunks of the map
/// ([`crate::split::Chunks`] of about `chunk` bytes) scanned in parallel
/// on this thread and up to `helpers` more (as many as the run's budget
/// grants, [`Sink::helpers`]), their items handed to `job` with the
/// chunk's [`ChunkBase`] and state on the thread that scans it, into a
/// sink of the chunk's own; the chunks' sinks are taken into `sink` in
/// order, each followed by [`ChunkJob::end`]. Each chunk's carry
/// ([`ChunkJob::carry`]) and, with positions, its line breaks are
/// counted first and prefix-summed ([`crate::split::Prefix`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn scan_split<J: ChunkJob>(
    name: &str,
    map: crate::mmap::Mapping,
    scan: &ScanOptions,
    chunk: usize,
    helpers: usize,
    stats: &Stats,
    sink: &mut Sink<'_, '_>,
    job: &J,
) {
    Stats::add(&stats.files, 1);
    Stats::add(&stats.bytes, map.len() as u64);
    let grant = sink.helpers(helpers);
    if grant.count() == 0 {
        // No thread to share the input with (every worker busy): one
        // pass over the whole map, without counting each chunk's lines
        // and carry first, which only pays when chunks run side by side.
        let whole = map.view(0..map.len());
        let base = ChunkBase {
            bytes: 0,
            lines: std::cell::OnceCell::from(0),
            carried: J::Carry::default(),
            map: &map,
        };
        let mut state = job.begin(&base);
        drive(
            name,
            Scanner::mapped(whole, scan.clone()),
            stats,
            sink,
            |found, sink| job.found(found, &mut state, &base, sink),
        );
        job.end(state, sink);
        return;
    }
    let parts = sink.parts();
    let bases = crate::split::LineBases::new();
    let carries = crate::split::Prefix::<J::Carry>::new();
    let mut chunks = crate::split::Chunks::new(map.bytes(), chunk);
    let helpers = grant.count();
    crate::split::map_in_order(
        move || chunks.next(),
        helpers,
        crate::split::AHEAD_PER_THREAD * (helpers + 1),
        |i, range: std::ops::Range<usize>| {
            let view = map.view(range.clone());
            // Published before waiting for the chunks before: a chunk
            // after this one may be waiting for it.
            carries.publish(i, job.carry(view.bytes()));
            let lines = std::cell::OnceCell::new();
            if scan.positions {
                let mut t = crate::position::LineTracker::new();
                t.advance(view.bytes());
                bases.publish(i, t.position().line - 1);
                let _ = lines.set(bases.before(i));
            }
            let base = ChunkBase {
                bytes: range.start as u64,
                lines,
                carried: carries.before(i),
                map: &map,
            };
            let mut state = job.begin(&base);
            let mut part = parts.sink();
            drive(
                name,
                Scanner::mapped(view, scan.clone()),
                stats,
                &mut part,
                |found, part| job.found(found, &mut state, &base, part),
            );
            (part, state)
        },
        |(part, state)| {
            sink.absorb(part);
            job.end(state, sink);
        },
        || grant.yield_one(),
    );
}
