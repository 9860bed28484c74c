//! One large input across threads: cutting plain text into chunks that
//! the scanner reads alone with the same results, and running work on
//! numbered pieces in parallel with the results taken in order.
//!
//! This module owns three things, none of which knows a command:
//!
//! - **Where plain text may be cut** ([`is_cut`], [`Chunks`]): a chunk
//!   boundary where RFC 2396 Appendix E delimiting (RFC 3986 Appendix C,
//!   as [`crate::scan`] applies it) cannot join across, so that scanning
//!   each chunk alone finds exactly what scanning the whole finds, each
//!   URI at its offset less the chunk's start, on its line less the line
//!   breaks before the chunk.
//! - **Ordered parallel map** ([`map_in_order`]): pieces numbered in
//!   order, mapped on the calling thread and on helper threads, and
//!   folded on the calling thread in their order, with a bounded number
//!   in flight. A mailbox mapped into memory is split by message on it
//!   (`crate::run::decoded`'s `map_mailbox`: batches of messages are the
//!   pieces, found by [`crate::format::mbox::Spans`]; copying and
//!   decoding them the map); a mailbox read as a stream (standard input,
//!   gzip, a file met while walking) has its own loop,
//!   [`crate::format::unit::map_in_order`], where one thread splits and
//!   copies.
//! - **Prefix sums** ([`Prefix`], with [`LineBases`] the line breaks of
//!   each chunk): what a pass over each chunk learns, summed in chunk
//!   order ([`Summary`]), so that a chunk's relative line numbers are
//!   made absolute and a state the text before it leaves (`check`'s
//!   `urilint: disable` blocks) is known when it starts.
//!
//! Both `extract` and `check` (report mode) split one large mapped
//! plain-text input (`crate::run`'s `scan_split`, with a job per
//! command); `check` lints each chunk on the thread that scans it, and
//! carries what a check keeps per input across the chunks (its module
//! `run::check::chunked` lists each such state and what is done with
//! it).
//!
//! What is serial: finding the next cut (a search for a blank line from
//! the target size on, on whichever thread takes the next chunk, under
//! the lock), the fold (appending a chunk's output to the input's, in
//! order, and for `check`'s first pass of `--links remote` noting the
//! chunk's links in order) and the output itself; the scan of each chunk,
//! the count of its lines, `check`'s search of it for block markers and
//! its lint are parallel. Not split into chunks: standard input,
//! decoded formats (a mailbox is split by message instead, above;
//! Markdown, HTML, ... are read whole), files met while walking a tree
//! (never mapped), `check --fix`, `--diff` and `--add-ignore`.
//!
//! # The boundary argument
//!
//! A cut is an offset `p` where:
//!
//! 1. the bytes before `p` end with an empty line: `LF LF` or `LF CR LF`
//!    (so `CR LF CR LF` too). A lone CR, which also ends a line
//!    ([`crate::position`]), is not taken: `CR` then `CR LF` would leave
//!    a CRLF cut in two. A line of spaces is not taken either (only an
//!    empty one);
//! 2. the byte at `p` is not white space and not `:`;
//! 3. the run of scheme characters (`ALPHA / DIGIT / + - .`) that starts
//!    at `p`, if any, is not followed by `:`, nor by white space holding
//!    a line break.
//!
//! What the scanner carries forward past a position, and why none of it
//! crosses such a cut:
//!
//! - **Delimited forms** `<...>`, `"..."` (and the string literals they
//!   join, `joined_literal`): inside them white space holding two line
//!   breaks or more ends the form ("a blank line ... abort",
//!   `appendix_e::delimited`), and a literal goes on in the next one only
//!   after exactly one line break (`string_continuation`).
//! - **Bare URIs** end at white space; they go on past a line break only
//!   after a hyphen (`hyphen_continuation`: exactly one line break) or
//!   when hard-wrapped (`wrap_continuation`: exactly one break, then the
//!   next line's first word, which after an empty line is empty).
//! - **A too-long candidate** is skipped over URI characters and
//!   hyphen-broken lines only: the same rules.
//! - **The end of the previous URI** (`min_start`, no URI starts before
//!   it) never passes the cut, since no URI crosses it.
//!
//! What the rules look at behind a colon, and why the chunk's own bytes
//! decide it: the scheme is the run of scheme characters before the
//! colon, which stops at the LF before `p`; a `URL:` prefix, an opening
//! `<` or `"`, and a scheme split by line breaks inside `<...>`
//! (`split_scheme`) are looked for behind the scheme across white space
//! (up to 64 bytes, any number of line breaks). That look reaches
//! behind `p` only from a scheme whose run starts at `p` (rule 2 makes
//! the byte at `p` stop it otherwise): rule 3 leaves no colon right after
//! such a run, and no line break after it that would make it the first
//! piece of a split scheme. A colon at `p` itself, with white space
//! before it (`line_break_at_colon`), is rule 2. A `URL:` behind the
//! scheme is four bytes before white space, so it never holds the LF at
//! `p - 1`. Rules that look for the start of the current line (reply and
//! comment prefixes, the width of a hard-wrapped line) find it at `p` in
//! both readings: the scanner of a chunk takes its first byte for the
//! start of input, which, after the LF at `p - 1`, is where the whole
//! input's line starts too. An abbreviated URL (RFC 2396 Appendix F) at
//! `p` has a word boundary before it either way (an LF, or the start).
//!
//! What the rules look at ahead: the white space run that ends at `p`
//! ends there in both readings (rule 2), and every decision past an
//! empty line is "no" in both (two line breaks or more).
//!
//! One difference is left, and it reaches neither `extract` nor `check`:
//! the 16 bytes of context a candidate lends
//! ([`crate::scan::Candidate::context_before`]) stop at the chunk's start,
//! where the whole input's go on over the empty line before it. Every
//! reader of it stops at a line break, or at `p`, in both readings:
//! `extract` reads its last byte (a regex anchor `^` right before the
//! URI; an LF or nothing: the same answer); `check` reads an `xmlns=`
//! right before a quoted URI (the last `=` and the name before it, which
//! no LF is part of: the same `=` and name, or none, in both) and a git
//! configuration section (`url.`, `credential.`) right before a URI, then
//! not a letter or digit (the same, since an LF is not one and no section
//! holds an LF).
//!
//! A text with no cut after the target size is one chunk to its end
//! (correct, just not parallel). The property tests below check the
//! argument on generated text at chunk sizes from 1 byte up, and on the
//! files of `fixtures/`.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::{Condvar, Mutex, MutexGuard};

use crate::grammar::chars::{is, SCHEME, SPACE};

/// Inputs shorter than this are not split: 4 MiB. Below it, starting
/// threads and stitching cost more than the scan they share.
pub const MIN_SPLIT_LEN: usize = 4 << 20;

/// The target size of a chunk: 2 MiB. A chunk ends at the first cut at
/// or after this many bytes from its start ([`Chunks`]).
pub const CHUNK_BYTES: usize = 2 << 20;

/// Chunks mapped and not yet folded, per thread, at most
/// ([`map_in_order`]'s `ahead`): with 2 MiB chunks and 2 threads, 8 MiB of
/// input in flight, and its output.
pub const AHEAD_PER_THREAD: usize = 2;

/// The environment variable that sets the chunk size, in bytes, for
/// tests (not a documented option of the tool): with it, every mapped
/// input is split (no [`MIN_SPLIT_LEN`]), into chunks of that target
/// size, when the run has more than one thread.
pub const CHUNK_ENV: &str = "URILINT_SPLIT_CHUNK";

/// When and how finely an input is split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitOptions {
    /// The target chunk size, in bytes (at least 1).
    pub chunk: usize,
    /// The shortest input split, in bytes.
    pub min_len: usize,
}

impl Default for SplitOptions {
    fn default() -> Self {
        SplitOptions {
            chunk: CHUNK_BYTES,
            min_len: MIN_SPLIT_LEN,
        }
    }
}

impl SplitOptions {
    /// The defaults, or, when [`CHUNK_ENV`] holds a number of bytes,
    /// chunks of that size and no minimum length.
    pub fn from_env() -> SplitOptions {
        match std::env::var(CHUNK_ENV)
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
        {
            Some(chunk) => SplitOptions {
                chunk: chunk.max(1),
                min_len: 0,
            },
            None => SplitOptions::default(),
        }
    }

    /// True when an input of `len` bytes is split with `threads` threads.
    pub fn splits(&self, len: usize, threads: usize) -> bool {
        threads > 1 && len >= self.min_len && len > self.chunk
    }
}

/// True when plain text `hay` may be cut at byte offset `p` (`0 < p <
/// hay.len()`): scanning `hay[..p]` and `hay[p..]` apart finds what
/// scanning `hay` finds (see the module documentation for the rules and
/// the argument).
pub fn is_cut(hay: &[u8], p: usize) -> bool {
    if p < 2 || p >= hay.len() || hay[p - 1] != b'\n' {
        return false;
    }
    let empty_line = hay[p - 2] == b'\n' || (p >= 3 && hay[p - 2] == b'\r' && hay[p - 3] == b'\n');
    if !empty_line {
        return false;
    }
    let first = hay[p];
    if first == b':' || is(first, SPACE) {
        return false;
    }
    let run = hay[p..].iter().take_while(|&&b| is(b, SCHEME)).count();
    if run == 0 {
        return true;
    }
    let rest = &hay[p + run..];
    match rest.first() {
        None => true,
        Some(b':') => false,
        Some(&b) if is(b, SPACE) => !rest
            .iter()
            .take_while(|&&b| is(b, SPACE))
            .any(|&b| b == b'\n' || b == b'\r'),
        Some(_) => true,
    }
}

/// The first cut ([`is_cut`]) at or after `from`, if any.
pub fn next_cut(hay: &[u8], from: usize) -> Option<usize> {
    // A cut follows an LF: look at each LF from `from - 1` on.
    let mut at = from.saturating_sub(1);
    while let Some(i) = memchr::memchr(b'\n', hay.get(at..)?) {
        let p = at + i + 1;
        if p >= from && is_cut(hay, p) {
            return Some(p);
        }
        at = p;
    }
    None
}

/// The chunks of `hay`, in order, as byte ranges that cover it: each ends
/// at the first cut at or after its start plus the target size, or at
/// the end of `hay`.
#[derive(Clone, Debug)]
pub struct Chunks<'h> {
    hay: &'h [u8],
    at: usize,
    target: usize,
}

impl<'h> Chunks<'h> {
    /// The chunks of `hay` of about `target` bytes (at least 1).
    pub fn new(hay: &'h [u8], target: usize) -> Self {
        Chunks {
            hay,
            at: 0,
            target: target.max(1),
        }
    }
}

impl Iterator for Chunks<'_> {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        if self.at >= self.hay.len() {
            return None;
        }
        let start = self.at;
        let end = next_cut(self.hay, start.saturating_add(self.target)).unwrap_or(self.hay.len());
        self.at = end;
        Some(start..end)
    }
}

/// What a pass over each chunk learns of it, summed in chunk order
/// ([`Prefix`]): an associative [`Summary::then`] with
/// [`Default::default`] as its identity (what the start of the input
/// carries).
pub trait Summary: Clone + Default + Send {
    /// What the text of `self`, then the text of `later`, sum to.
    #[must_use]
    fn then(self, later: &Self) -> Self;
}

/// Line breaks: added.
impl Summary for u64 {
    fn then(self, later: &u64) -> u64 {
        self + later
    }
}

/// Nothing learnt (a split scan that carries nothing but lines).
impl Summary for () {
    fn then(self, _: &()) {}
}

/// What the chunks before each one sum to: each chunk's own summary is
/// published ([`Prefix::publish`]) by whoever maps it, and
/// [`Prefix::before`] waits for the summaries of every chunk before one,
/// which are always published first thing by the threads that took those
/// chunks (chunks are taken in order).
#[derive(Debug, Default)]
pub struct Prefix<T> {
    state: Mutex<Sums<T>>,
    ready: Condvar,
}

/// The line breaks before each chunk ([`Prefix`] of their counts), so
/// that a chunk's relative line numbers are made the whole input's.
pub type LineBases = Prefix<u64>;

#[derive(Debug, Default)]
struct Sums<T> {
    /// `before[i]`: the sum of chunks `0..i`, for the chunks whose
    /// predecessors are all published.
    before: Vec<T>,
    /// Summaries published out of order.
    early: BTreeMap<usize, T>,
}

impl<T: Summary> Prefix<T> {
    /// No chunk published yet.
    pub fn new() -> Self {
        Prefix {
            state: Mutex::new(Sums {
                before: Vec::new(),
                early: BTreeMap::new(),
            }),
            ready: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Sums<T>> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Chunk `index` (0-based) sums to `own`.
    pub fn publish(&self, index: usize, own: T) {
        let mut st = self.lock();
        if st.before.is_empty() {
            st.before.push(T::default());
        }
        st.early.insert(index, own);
        loop {
            let next = st.before.len() - 1;
            let Some(n) = st.early.remove(&next) else {
                break;
            };
            let last = st.before.last().cloned().unwrap_or_default();
            st.before.push(last.then(&n));
        }
        self.ready.notify_all();
    }

    /// What chunks `0..index` sum to, once they are all published (the
    /// identity for chunk 0).
    pub fn before(&self, index: usize) -> T {
        let mut st = self.lock();
        loop {
            if index == 0 {
                return T::default();
            }
            if let Some(n) = st.before.get(index) {
                return n.clone();
            }
            st = self.ready.wait(st).unwrap_or_else(|p| p.into_inner());
        }
    }
}

/// The pieces `next` gives, numbered from 0 in order, each mapped by
/// `map` (with its number) on this thread or on one of up to `helpers`
/// helper threads, and each result given to `fold` on this thread in the
/// pieces' order. At most `ahead` pieces (at least 1) are taken and not
/// yet folded at once, which bounds the memory of the results waiting.
/// `yield_one` is asked by a helper before it takes a piece: true stops
/// that helper (the run's thread budget wants its thread back,
/// `pipeline::Grant::yield_one` of the command-line engine); this thread
/// goes on alone.
///
/// `next` is called under a lock, by whichever thread takes the next
/// piece. What `fold` sees does not depend on `helpers`. When a helper
/// thread cannot be started, the others (or this thread alone) do its
/// share. `map` must not panic: a panicking helper ends the run of the
/// pieces (those not yet folded are lost), and the panic is raised again
/// here.
pub fn map_in_order<C, T, N, M, F, Y>(
    next: N,
    helpers: usize,
    ahead: usize,
    map: M,
    mut fold: F,
    yield_one: Y,
) where
    N: FnMut() -> Option<C> + Send,
    C: Send,
    T: Send,
    M: Fn(usize, C) -> T + Sync,
    F: FnMut(T),
    Y: Fn() -> bool + Sync,
{
    let mut next = next;
    if helpers == 0 {
        let mut i = 0;
        while let Some(c) = next() {
            fold(map(i, c));
            i += 1;
        }
        return;
    }
    let ahead = ahead.max(1);
    let shared = Mutex::new(Shared {
        next,
        taken: 0,
        folded: 0,
        exhausted: false,
        broken: false,
        done: BTreeMap::new(),
    });
    let changed = Condvar::new();
    let lock = || shared.lock().unwrap_or_else(|p| p.into_inner());
    let wait = |g| changed.wait(g).unwrap_or_else(|p| p.into_inner());
    std::thread::scope(|scope| {
        let helper = || {
            // A helper that panics in `map` marks the run broken, so
            // that this thread stops waiting for its piece.
            struct Broken<'a, N, T>(&'a Mutex<Shared<N, T>>, &'a Condvar);
            impl<N, T> Drop for Broken<'_, N, T> {
                fn drop(&mut self) {
                    if std::thread::panicking() {
                        self.0.lock().unwrap_or_else(|p| p.into_inner()).broken = true;
                        self.1.notify_all();
                    }
                }
            }
            let _guard = Broken(&shared, &changed);
            let mut st = lock();
            loop {
                if st.exhausted || st.broken {
                    return;
                }
                if st.taken < st.folded + ahead {
                    if yield_one() {
                        return;
                    }
                    let Some((i, c)) = st.take() else {
                        changed.notify_all();
                        return;
                    };
                    drop(st);
                    let t = map(i, c);
                    st = lock();
                    st.done.insert(i, t);
                    changed.notify_all();
                    continue;
                }
                st = wait(st);
            }
        };
        let mut helping = Vec::new();
        for _ in 0..helpers {
            match std::thread::Builder::new()
                .name("urilint-split".to_string())
                .spawn_scoped(scope, helper)
            {
                Ok(h) => helping.push(h),
                Err(_) => break,
            }
        }
        let mut st = lock();
        loop {
            let folded = st.folded;
            if let Some(t) = st.done.remove(&folded) {
                st.folded += 1;
                changed.notify_all();
                drop(st);
                fold(t);
                st = lock();
                continue;
            }
            if st.broken || (st.exhausted && st.folded == st.taken) {
                break;
            }
            if !st.exhausted && st.taken < st.folded + ahead {
                if let Some((i, c)) = st.take() {
                    drop(st);
                    let t = map(i, c);
                    st = lock();
                    st.done.insert(i, t);
                } else {
                    changed.notify_all();
                }
                continue;
            }
            st = wait(st);
        }
        st.exhausted = true;
        changed.notify_all();
        drop(st);
        join_whole(helping);
    });
}

/// Joins each of `threads` (spawned in a `std::thread::scope`) until it
/// has ended, its thread-local values dropped included; a thread's panic
/// goes on in this thread, as the scope's own join would make it.
///
/// The scope joins its threads itself, but only until each one's closure
/// has returned: their thread-local destructors (the scanner's spare
/// buffer, the kept piece buffers) may still be running when the scope
/// returns, so memory they free is still allocated then (the `lsp_frames`
/// fuzz target's leak checker saw it as leaked, at random). An explicit
/// join waits for the thread's end.
pub(crate) fn join_whole<T>(threads: Vec<std::thread::ScopedJoinHandle<'_, T>>) {
    for t in threads {
        if let Err(panic) = t.join() {
            std::panic::resume_unwind(panic);
        }
    }
}

/// The state [`map_in_order`]'s threads share.
struct Shared<N, T> {
    next: N,
    /// Pieces handed out.
    taken: usize,
    /// Pieces folded.
    folded: usize,
    /// `next` gave `None`.
    exhausted: bool,
    /// A helper panicked.
    broken: bool,
    /// Results not yet folded, by number.
    done: BTreeMap<usize, T>,
}

impl<C, N: FnMut() -> Option<C>, T> Shared<N, T> {
    /// The next piece and its number; `None` (and `exhausted`) at the end.
    fn take(&mut self) -> Option<(usize, C)> {
        if self.exhausted {
            return None;
        }
        match (self.next)() {
            Some(c) => {
                let i = self.taken;
                self.taken += 1;
                Some((i, c))
            }
            None => {
                self.exhausted = true;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests;

/// Test support: a thread-local value whose destructor takes 100 ms
/// before it counts, to show whether threads have ended (their
/// thread-local values dropped) when a call that ran them returns
/// ([`join_whole`]).
#[cfg(test)]
pub(crate) mod exit_probe {
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// The threads one test marked, and the values of theirs dropped.
    pub(crate) struct Probe {
        touched: AtomicUsize,
        dropped: AtomicUsize,
    }

    struct Slow(&'static Probe);

    impl Drop for Slow {
        fn drop(&mut self) {
            std::thread::sleep(std::time::Duration::from_millis(100));
            self.0.dropped.fetch_add(1, Ordering::SeqCst);
        }
    }

    thread_local! {
        static SLOW: std::cell::OnceCell<Slow> = const { std::cell::OnceCell::new() };
    }

    impl Probe {
        pub(crate) const fn new() -> Probe {
            Probe {
                touched: AtomicUsize::new(0),
                dropped: AtomicUsize::new(0),
            }
        }

        /// Marks the calling thread (once): its value is dropped, slowly,
        /// when the thread ends.
        pub(crate) fn touch(&'static self) {
            SLOW.with(|s| {
                if s.get().is_none() && s.set(Slow(self)).is_ok() {
                    self.touched.fetch_add(1, Ordering::SeqCst);
                }
            });
        }

        /// Threads marked so far.
        pub(crate) fn touched(&self) -> usize {
            self.touched.load(Ordering::SeqCst)
        }

        /// Their values dropped so far.
        pub(crate) fn dropped(&self) -> usize {
            self.dropped.load(Ordering::SeqCst)
        }
    }
}
