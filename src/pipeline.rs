//! Running a job over many inputs in parallel, with output in input order.
//!
//! This module owns the threads and the ordering. Inputs come from the
//! walker in a stable order and get sequence numbers; worker threads run
//! the job on them, each writing into its own [`Sink`]; a sink's bytes reach
//! the real output only when every earlier input has been written, so the
//! output is the same whatever the thread count. Memory stays bounded: at
//! most `window` inputs are in flight, and a sink that grows past
//! `flush_limit` bytes waits until its input is the oldest and then streams
//! straight to the output.
//!
//! It does not own what a job does with an input (see `crate::run`).
//!
//! **Unstable:** this module is the command-line tool's engine, public for
//! the `urilint` binary only (with the `cli` feature); it may change in any
//! release. Library users: use [`scan`](crate::scan),
//! [`grammar`](crate::grammar), [`resolve`](crate::resolve),
//! [`normalize`](crate::normalize), [`lint`](crate::lint) and
//! [`output`](crate::output) instead.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

use crate::error::Error;
use crate::source::Input;

/// Where the ordered bytes go.
pub struct Outputs<'w> {
    /// Standard output (records, diagnostics).
    pub out: &'w mut (dyn Write + Send),
    /// Standard error (messages about files).
    pub err: &'w mut (dyn Write + Send),
}

/// The most worker threads a [`run`] starts (the command line rejects
/// `-j` above it). More threads than this only add contention: a run is
/// bound by the disk and the ordered output long before (ripgrep's
/// default stops at 12).
pub const MAX_THREADS: usize = 1024;

/// Inputs in flight per worker thread by default. Output is written in
/// input order, so one slow input (a 270 KB changelog among 2,800 small
/// files) holds back the output of every input after it: the other
/// workers go on only while the window has room. With 16 a thread they
/// stood idle for a third of a docs tree's run (vitejs/vite: 100 ms;
/// 85 ms with 256). What waits is each finished input's output, a few
/// hundred bytes as a rule and at most the 64 KiB a sink holds.
pub const WINDOW_PER_THREAD: usize = 256;

/// The largest default window, whatever the thread count: 4,096 inputs,
/// so at most 256 MiB of waiting output in the worst case (every sink
/// full), a few MiB in practice.
pub const MAX_WINDOW: usize = 4096;

/// Settings of a [`run`].
#[derive(Clone, Debug)]
pub struct PipelineOptions {
    /// Worker threads (at least 1; at most [`MAX_THREADS`] are started).
    pub threads: usize,
    /// Print each keyed entry only the first time its key is seen.
    pub unique: bool,
    /// With `unique`: hold each keyed entry until the end of the run and
    /// print it then, in the order first seen, through this function with
    /// the number of entries that had its key (`entry`, `count`, `out`).
    /// Memory grows with the distinct keys (one entry each).
    pub count: Option<CountEntry>,
    /// Inputs in flight at most.
    pub window: usize,
    /// Bytes a sink buffers before it waits to stream.
    pub flush_limit: usize,
}

/// Writes `entry` (the bytes of the first entry with a key) into `out`
/// with `count`, the number of entries that had its key
/// ([`PipelineOptions::count`]).
pub type CountEntry = fn(entry: &[u8], count: u64, out: &mut Vec<u8>);

impl PipelineOptions {
    /// Options with `threads` workers and the default bounds (a window of
    /// [`WINDOW_PER_THREAD`] inputs per thread, at most [`MAX_WINDOW`];
    /// 64 KiB per sink). `threads` is taken as at least 1 and at most
    /// [`MAX_THREADS`].
    pub fn new(threads: usize, unique: bool) -> Self {
        let threads = threads.clamp(1, MAX_THREADS);
        PipelineOptions {
            threads,
            unique,
            count: None,
            window: (WINDOW_PER_THREAD * threads).min(MAX_WINDOW),
            flush_limit: 64 * 1024,
        }
    }
}

/// Where the typed events of a run's jobs go ([`crate::sink`]): what a
/// [`Sink`]'s [`crate::sink::Sink`] methods do.
#[derive(Clone, Copy)]
pub enum Events<'e> {
    /// Notices are written on standard error as text; findings are
    /// dropped (jobs that print their own records: `extract`,
    /// `rewrite`).
    Text,
    /// Printed by the printer into the input's ordered buffers (`check`):
    /// findings on standard output, notices on standard error, so in
    /// input order whatever the thread count.
    Print(&'e crate::output::printer::Printer),
    /// Handed to this sink, locked for each event, as they are emitted
    /// (the language server's collection): in input order with one thread
    /// only.
    To(&'e std::sync::Mutex<dyn crate::sink::Sink + Send>),
}

struct Chunk {
    out: Vec<u8>,
    /// With `unique`: `(end of entry in out, key)`.
    keys: Vec<(usize, Option<String>)>,
    err: Vec<u8>,
}

struct State<'w> {
    next: usize,
    pending: BTreeMap<usize, Chunk>,
    outputs: Outputs<'w>,
    /// With `unique`: the keys seen, each with its index in `held`
    /// (counting) or `usize::MAX`.
    seen: HashMap<String, usize>,
    /// With `count`: the first entry of each key and how many had it.
    held: Vec<(Vec<u8>, u64)>,
    failed: Option<io::Error>,
    /// Sinks waiting in [`Ordered::deliver`] for their turn to stream.
    turn_waiters: usize,
    /// The walker waits in [`Ordered::wait_window`] until `next` reaches
    /// this.
    walker_wants: Option<usize>,
}

/// The run's thread budget (`-j N`): the workers running a job and the
/// helper threads granted to jobs that split one input ([`Sink::helpers`])
/// count against the same N. Used only with more than one thread (one
/// worker never splits).
///
/// A worker that receives an input always runs it: holding it back while
/// helpers hold the slots could stall the ordered output (a split input
/// waits for an earlier input to be written). Instead helpers give their
/// slot back between two pieces of work when the workers and helpers
/// together are more than N ([`Grant::yield_one`]), so N is exceeded for
/// at most the time one piece takes.
struct Slots {
    threads: usize,
    /// Workers running a job, and helpers granted.
    busy: AtomicUsize,
}

impl Slots {
    /// Up to `want` slots, as many as are free now.
    fn grant(&self, want: usize) -> usize {
        let mut busy = self.busy.load(Ordering::Acquire);
        loop {
            let n = want.min(self.threads.saturating_sub(busy));
            if n == 0 {
                return 0;
            }
            match self.busy.compare_exchange_weak(
                busy,
                busy + n,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => return n,
                Err(now) => busy = now,
            }
        }
    }
}

/// Helper threads granted to one job out of the run's budget
/// ([`Sink::helpers`]); given back when dropped.
pub struct Grant<'a> {
    slots: Option<&'a Slots>,
    /// Slots still held.
    held: AtomicUsize,
    /// Slots granted.
    count: usize,
}

impl Grant<'_> {
    /// How many helper threads the job may start (0: it runs alone).
    pub fn count(&self) -> usize {
        self.count
    }

    /// Called by a helper between two pieces of work: true when the run
    /// has more threads busy than its budget (a worker took an input
    /// meanwhile); the helper's slot is then given back and the helper
    /// must stop.
    pub fn yield_one(&self) -> bool {
        let Some(slots) = self.slots else {
            return false;
        };
        if slots.busy.load(Ordering::Acquire) <= slots.threads {
            return false;
        }
        let mut held = self.held.load(Ordering::Acquire);
        loop {
            if held == 0 {
                return false;
            }
            match self.held.compare_exchange_weak(
                held,
                held - 1,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => {
                    slots.busy.fetch_sub(1, Ordering::AcqRel);
                    return true;
                }
                Err(now) => held = now,
            }
        }
    }
}

impl Drop for Grant<'_> {
    fn drop(&mut self) {
        if let Some(slots) = self.slots {
            slots
                .busy
                .fetch_sub(self.held.swap(0, Ordering::AcqRel), Ordering::AcqRel);
        }
    }
}

struct Ordered<'w> {
    state: Mutex<State<'w>>,
    /// The thread budget, with more than one thread.
    slots: Option<Slots>,
    /// Signalled when `next` moves on and a sink waits for its turn.
    turn: Condvar,
    /// Signalled when `next` reaches `walker_wants`.
    room: Condvar,
    unique: bool,
    count: Option<CountEntry>,
    events: Events<'w>,
}

impl<'w> Ordered<'w> {
    fn lock(&self) -> MutexGuard<'_, State<'w>> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn write(&self, st: &mut State<'w>, chunk: &Chunk) {
        if st.failed.is_some() {
            return;
        }
        let r = (|| -> io::Result<()> {
            if self.unique {
                let mut from = 0;
                for (end, key) in &chunk.keys {
                    let entry = &chunk.out[from..*end];
                    from = *end;
                    let Some(k) = key else {
                        st.outputs.out.write_all(entry)?;
                        continue;
                    };
                    if let Some(&i) = st.seen.get(k.as_str()) {
                        if let Some(held) = st.held.get_mut(i) {
                            held.1 += 1;
                        }
                        continue;
                    }
                    if self.count.is_some() {
                        let i = st.held.len();
                        st.held.push((entry.to_vec(), 1));
                        st.seen.insert(k.clone(), i);
                    } else {
                        st.seen.insert(k.clone(), usize::MAX);
                        st.outputs.out.write_all(entry)?;
                    }
                }
                st.outputs.out.write_all(&chunk.out[from..])?;
            } else {
                st.outputs.out.write_all(&chunk.out)?;
            }
            if !chunk.err.is_empty() {
                st.outputs.out.flush()?;
                st.outputs.err.write_all(&chunk.err)?;
            }
            Ok(())
        })();
        if let Err(e) = r {
            st.failed = Some(e);
        }
    }

    /// Writes `chunk` of input `seq` once it is its turn; when `last`, the
    /// input is done and the turn passes on.
    fn deliver(&self, seq: usize, chunk: Chunk, last: bool) {
        let mut st = self.lock();
        if !last {
            while st.next != seq {
                st.turn_waiters += 1;
                st = self.turn.wait(st).unwrap_or_else(|p| p.into_inner());
                st.turn_waiters -= 1;
            }
            self.write(&mut st, &chunk);
            return;
        }
        if st.next != seq {
            st.pending.insert(seq, chunk);
            return;
        }
        self.write(&mut st, &chunk);
        st.next += 1;
        loop {
            let next = st.next;
            let Some(c) = st.pending.remove(&next) else {
                break;
            };
            self.write(&mut st, &c);
            st.next += 1;
        }
        // Wake only who waits: a futex wake per input costs a system call
        // and, on a busy machine, a context switch.
        if st.turn_waiters > 0 {
            self.turn.notify_all();
        }
        if st.walker_wants.is_some_and(|want| st.next >= want) {
            st.walker_wants = None;
            self.room.notify_one();
        }
    }

    /// Waits until input `seq` may be handed out (fewer than `window`
    /// inputs in flight). When it has to wait, it waits until half the
    /// window is free, so that the walker and the workers do not wake each
    /// other once per input.
    fn wait_window(&self, seq: usize, window: usize) -> bool {
        let mut st = self.lock();
        if seq >= st.next + window {
            // `seq >= next + window >= window`, so this does not underflow.
            let want = seq + 1 - (window - window / 2);
            while st.next < want && st.failed.is_none() {
                st.walker_wants = Some(want);
                st = self.room.wait(st).unwrap_or_else(|p| p.into_inner());
            }
            st.walker_wants = None;
        }
        st.failed.is_none()
    }
}

/// Where a job writes what it has to say about one input.
pub struct Sink<'a, 'w> {
    seq: usize,
    ordered: &'a Ordered<'w>,
    flush_limit: usize,
    chunk: Chunk,
    /// The exact name of the input when it is not UTF-8 (for the JSON
    /// Lines and SARIF paths of its findings).
    non_utf8_name: Option<&'a [u8]>,
}

/// The room a part's output buffer starts with ([`Parts::sink`]), in
/// bytes: a few lines of output.
const PART_OUT: usize = 1024;

/// Makes sinks for parts of one input that are worked on by other threads
/// ([`Parts::sink`]), to be taken back into the input's sink in order
/// ([`Sink::absorb`]). Cheap to copy.
#[derive(Clone, Copy)]
pub struct Parts<'a, 'w> {
    ordered: &'a Ordered<'w>,
    non_utf8_name: Option<&'a [u8]>,
}

impl<'a, 'w> Parts<'a, 'w> {
    /// An empty sink for one part: it only buffers (it never streams,
    /// whatever its size) until [`Sink::absorb`] takes it. Its output
    /// buffer starts with room for a few lines (1 KiB): a
    /// part is often one message of a mailbox, and a buffer grown from
    /// nothing a line at a time cost a hundredth of the time of reading
    /// mail in reallocations.
    pub fn sink(&self) -> Sink<'a, 'w> {
        Sink {
            seq: usize::MAX,
            ordered: self.ordered,
            flush_limit: usize::MAX,
            chunk: Chunk {
                out: Vec::with_capacity(PART_OUT),
                keys: Vec::new(),
                err: Vec::new(),
            },
            non_utf8_name: self.non_utf8_name,
        }
    }
}

impl<'a, 'w> Sink<'a, 'w> {
    /// Up to `want` helper threads for this job, out of the run's budget
    /// (`-j N`: at most N threads busy at once, the workers running an
    /// input and the helpers granted included): as many as are free now,
    /// none with one thread. The job starts at most that many and keeps
    /// the grant while they run.
    pub fn helpers(&self, want: usize) -> Grant<'a> {
        let slots = self.ordered.slots.as_ref();
        let count = slots.map_or(0, |s| s.grant(want));
        Grant {
            slots,
            held: AtomicUsize::new(count),
            count,
        }
    }

    /// What makes sinks for parts of this input.
    pub fn parts(&self) -> Parts<'a, 'w> {
        Parts {
            ordered: self.ordered,
            non_utf8_name: self.non_utf8_name,
        }
    }

    /// Appends what `part` (made by [`Parts::sink`]) holds, as if it had
    /// been written here, and lets this sink stream when it has grown
    /// large.
    pub fn absorb(&mut self, part: Sink<'a, 'w>) {
        let Chunk { out, keys, err } = part.chunk;
        let base = self.chunk.out.len();
        if base == 0 && self.chunk.keys.is_empty() {
            self.chunk.out = out;
            self.chunk.keys = keys;
        } else {
            self.chunk.out.extend_from_slice(&out);
            self.chunk
                .keys
                .extend(keys.into_iter().map(|(end, key)| (base + end, key)));
        }
        self.chunk.err.extend_from_slice(&err);
        self.maybe_flush();
    }
}

impl Sink<'_, '_> {
    /// The buffer for standard output. With `unique`, end each entry with
    /// [`Sink::end_entry`].
    pub fn out(&mut self) -> &mut Vec<u8> {
        &mut self.chunk.out
    }

    /// Marks the bytes written since the last mark as one entry with `key`
    /// (with `unique`, only the first entry of each key is printed; entries
    /// with no key always are).
    pub fn end_entry(&mut self, key: Option<&str>) {
        if self.ordered.unique {
            self.chunk
                .keys
                .push((self.chunk.out.len(), key.map(str::to_string)));
        }
    }

    /// Adds a line to standard error (a newline is appended). Control
    /// characters in `line` (from file names, URIs, error messages of the
    /// system) are escaped ([`crate::output::escape::text`]), so that a
    /// message is always exactly one line and carries no terminal escape
    /// sequence.
    pub fn message(&mut self, line: &str) {
        self.chunk
            .err
            .extend_from_slice(crate::output::escape::text(line).as_bytes());
        self.chunk.err.push(b'\n');
    }

    /// Lets the sink stream when it has grown large; call between entries.
    pub fn maybe_flush(&mut self) {
        if self.chunk.out.len() + self.chunk.err.len() >= self.flush_limit {
            let chunk = std::mem::replace(
                &mut self.chunk,
                Chunk {
                    out: Vec::new(),
                    keys: Vec::new(),
                    err: Vec::new(),
                },
            );
            self.ordered.deliver(self.seq, chunk, false);
        }
    }
}

/// The run's events ([`Events`]) through the input's sink: a printer
/// renders into its buffers, a sink of the run is locked and handed the
/// event.
impl crate::sink::Sink for Sink<'_, '_> {
    fn begin(&mut self, input: &Input) {
        if let Events::To(to) = self.ordered.events {
            to.lock().unwrap_or_else(|p| p.into_inner()).begin(input);
        }
    }

    fn diagnostic(
        &mut self,
        d: &crate::lint::Diagnostic,
        lines: Option<&mut dyn crate::sink::ReadBack>,
    ) {
        match self.ordered.events {
            Events::Text => {}
            Events::Print(p) => p
                .sink(&mut self.chunk.out, &mut self.chunk.err, self.non_utf8_name)
                .diagnostic(d, lines),
            Events::To(to) => to
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .diagnostic(d, lines),
        }
    }

    fn finding_left(
        &mut self,
        d: &crate::lint::Diagnostic,
        lines: Option<&mut dyn crate::sink::ReadBack>,
    ) {
        match self.ordered.events {
            Events::Text => {}
            Events::Print(p) => p
                .sink(&mut self.chunk.out, &mut self.chunk.err, self.non_utf8_name)
                .finding_left(d, lines),
            Events::To(to) => to
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .finding_left(d, lines),
        }
    }

    /// Says `notice`: on standard error as one line
    /// ([`crate::sink::Notice`]'s `Display`, as [`Sink::message`] writes
    /// it), or to the run's sink.
    fn notice(&mut self, notice: crate::sink::Notice) {
        match self.ordered.events {
            Events::To(to) => to.lock().unwrap_or_else(|p| p.into_inner()).notice(notice),
            Events::Text | Events::Print(_) => self.message(&notice.to_string()),
        }
    }

    fn end(&mut self, input: &Input) {
        if let Events::To(to) = self.ordered.events {
            to.lock().unwrap_or_else(|p| p.into_inner()).end(input);
        }
    }
}

/// Runs `job` on every item of `inputs` with `opts.threads` threads,
/// writing the sinks' bytes to `outputs` in input order. Items that are
/// errors are passed to `on_error` (in order) to render a message.
///
/// # Errors
/// [`Error::Write`] when writing the output fails (for example a closed
/// pipe); the run stops early then. [`Error::Threads`] when not one worker
/// thread could be started (with fewer than asked for, the run goes on
/// with those).
pub fn run<I, J, E>(
    inputs: I,
    opts: &PipelineOptions,
    outputs: Outputs<'_>,
    job: J,
    on_error: E,
) -> Result<(), Error>
where
    I: Iterator<Item = Result<Input, Error>>,
    J: Fn(&Input, &mut Sink<'_, '_>) + Sync,
    E: Fn(&Error, &mut Sink<'_, '_>) + Sync,
{
    run_with(inputs, opts, outputs, Events::Text, job, on_error)
}

/// [`run`], the jobs' typed events going to `events`; each input's are
/// between [`crate::sink::Sink::begin`] and [`crate::sink::Sink::end`].
///
/// # Errors
/// As [`run`].
pub fn run_with<'w, I, J, E>(
    inputs: I,
    opts: &PipelineOptions,
    outputs: Outputs<'w>,
    events: Events<'w>,
    job: J,
    on_error: E,
) -> Result<(), Error>
where
    I: Iterator<Item = Result<Input, Error>>,
    J: Fn(&Input, &mut Sink<'_, '_>) + Sync,
    E: Fn(&Error, &mut Sink<'_, '_>) + Sync,
{
    let ordered = Ordered::new(opts, outputs, events);
    // Room for the whole window, so that the walker runs ahead of the
    // workers instead of handing over one input at a time (the window
    // alone bounds the inputs in flight).
    let (tx, rx) = std::sync::mpsc::sync_channel::<(usize, Result<Input, Error>)>(
        opts.window.clamp(1, 16 * MAX_THREADS),
    );
    let rx = Mutex::new(rx);
    let mut no_thread = None;
    std::thread::scope(|scope| {
        let worker = || loop {
            let item = {
                let rx = rx.lock().unwrap_or_else(|p| p.into_inner());
                rx.recv()
            };
            let Ok((seq, item)) = item else {
                return;
            };
            ordered.work(seq, &item, opts, &job, &on_error);
        };
        // As many workers as the system gives, up to the number asked for;
        // none at all is an error of the run.
        let mut started = 0;
        let mut workers = Vec::new();
        for _ in 0..opts.threads.min(MAX_THREADS) {
            match std::thread::Builder::new().spawn_scoped(scope, worker) {
                Ok(h) => {
                    workers.push(h);
                    started += 1;
                }
                Err(e) => {
                    if started == 0 {
                        no_thread = Some(e);
                    }
                    break;
                }
            }
        }
        if started == 0 {
            return;
        }
        for (seq, item) in inputs.enumerate() {
            if !ordered.wait_window(seq, opts.window) || tx.send((seq, item)).is_err() {
                break;
            }
        }
        drop(tx);
        crate::split::join_whole(workers);
    });
    if let Some(e) = no_thread {
        return Err(Error::Threads(e));
    }
    ordered.finish()
}

impl<'w> Ordered<'w> {
    /// The ordering state of a run ([`run_with`]) writing to `outputs`,
    /// its jobs' events going to `events`; the thread budget with more
    /// than one thread.
    fn new(opts: &PipelineOptions, outputs: Outputs<'w>, events: Events<'w>) -> Ordered<'w> {
        Ordered {
            state: Mutex::new(State {
                next: 0,
                pending: BTreeMap::new(),
                outputs,
                seen: HashMap::new(),
                held: Vec::new(),
                failed: None,
                turn_waiters: 0,
                walker_wants: None,
            }),
            turn: Condvar::new(),
            room: Condvar::new(),
            slots: (opts.threads > 1).then(|| Slots {
                threads: opts.threads.min(MAX_THREADS),
                busy: AtomicUsize::new(0),
            }),
            unique: opts.unique,
            count: opts.count.filter(|_| opts.unique),
            events,
        }
    }

    /// One worker's turn with input `seq` (`item`, or the error the walker
    /// met there): the job (or `on_error`) writes into a fresh sink,
    /// which is then delivered in input order; the worker counts as busy
    /// in the thread budget meanwhile.
    fn work<J, E>(
        &self,
        seq: usize,
        item: &Result<Input, Error>,
        opts: &PipelineOptions,
        job: &J,
        on_error: &E,
    ) where
        J: Fn(&Input, &mut Sink<'_, '_>) + Sync,
        E: Fn(&Error, &mut Sink<'_, '_>) + Sync,
    {
        use crate::sink::Sink as _;
        if let Some(slots) = &self.slots {
            slots.busy.fetch_add(1, Ordering::AcqRel);
        }
        let mut sink = Sink {
            seq,
            ordered: self,
            flush_limit: opts.flush_limit,
            chunk: Chunk {
                out: Vec::new(),
                keys: Vec::new(),
                err: Vec::new(),
            },
            non_utf8_name: item.as_ref().ok().and_then(Input::non_utf8_name),
        };
        match item {
            Ok(input) => {
                sink.begin(input);
                job(input, &mut sink);
                sink.end(input);
            }
            Err(e) => on_error(e, &mut sink),
        }
        self.deliver(seq, sink.chunk, true);
        if let Some(slots) = &self.slots {
            slots.busy.fetch_sub(1, Ordering::AcqRel);
        }
    }

    /// The end of a run, every worker done: with `count`, the entry held
    /// for each key with its count, in the order first seen; then both
    /// outputs flushed.
    ///
    /// # Errors
    /// [`Error::Write`] with the first write that failed in the run.
    fn finish(&self) -> Result<(), Error> {
        let mut st = self.lock();
        if let (Some(count), None) = (self.count, &st.failed) {
            let held = std::mem::take(&mut st.held);
            let mut buf = Vec::new();
            for (entry, n) in held {
                buf.clear();
                count(&entry, n, &mut buf);
                if let Err(e) = st.outputs.out.write_all(&buf) {
                    st.failed = Some(e);
                    break;
                }
            }
        }
        let flushed = st.outputs.out.flush().and_then(|()| st.outputs.err.flush());
        match st.failed.take() {
            Some(e) => Err(Error::Write(e)),
            None => flushed.map_err(Error::Write),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn inputs(n: usize) -> impl Iterator<Item = Result<Input, Error>> {
        (0..n).map(|i| {
            Ok(Input::File {
                path: PathBuf::from(format!("f{i:04}")),
                explicit: true,
                root: None,
            })
        })
    }

    fn run_with(threads: usize, flush_limit: usize, unique: bool) -> (String, String) {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let opts = PipelineOptions {
            flush_limit,
            ..PipelineOptions::new(threads, unique)
        };
        run(
            inputs(200),
            &opts,
            Outputs {
                out: &mut out,
                err: &mut err,
            },
            |input, sink| {
                let name = input.name();
                // Uneven amounts of work so that threads finish out of order.
                let n: usize = name[1..].parse().unwrap_or(0);
                for k in 0..(n % 7) * 50 {
                    sink.out()
                        .extend_from_slice(format!("{name} {k}\n").as_bytes());
                    sink.end_entry(Some(&format!("{}", k % 3)));
                    sink.maybe_flush();
                }
                if n.is_multiple_of(10) {
                    sink.message(&format!("{name}: note"));
                }
            },
            |_, _| {},
        )
        .expect("writing to a Vec cannot fail");
        (
            String::from_utf8(out).unwrap_or_default(),
            String::from_utf8(err).unwrap_or_default(),
        )
    }

    /// The `lsp_frames` fuzz target's leak (stop 65): the workers'
    /// thread-local values are dropped before `run` returns, not after
    /// (a destructor that takes a while shows it every time; with the
    /// scope's own join, `run` returned before it had run).
    #[test]
    fn workers_end_before_run_returns() {
        static PROBE: crate::split::exit_probe::Probe = crate::split::exit_probe::Probe::new();
        let mut out = Vec::new();
        let mut err = Vec::new();
        run(
            inputs(8),
            &PipelineOptions::new(2, false),
            Outputs {
                out: &mut out,
                err: &mut err,
            },
            |_, _| PROBE.touch(),
            |_, _| {},
        )
        .expect("writing to a Vec cannot fail");
        assert!(PROBE.touched() >= 1);
        assert_eq!(PROBE.dropped(), PROBE.touched());
    }

    #[test]
    fn output_order_does_not_depend_on_threads() {
        let one = run_with(1, 1 << 30, false);
        for threads in [2, 3, 8] {
            assert_eq!(run_with(threads, 1 << 30, false), one);
            assert_eq!(run_with(threads, 64, false), one);
        }
        assert!(one.0.starts_with("f0001 0\n"));
        assert!(one.1.starts_with("f0000: note\nf0010: note\n"));
    }

    #[test]
    fn unique_counts_each_key_at_the_end() {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let opts = PipelineOptions {
            count: Some(|entry: &[u8], n: u64, out: &mut Vec<u8>| {
                out.extend_from_slice(&entry[..entry.len() - 1]);
                out.extend_from_slice(format!(" x{n}\n").as_bytes());
            }),
            flush_limit: 64,
            ..PipelineOptions::new(3, true)
        };
        run(
            inputs(50),
            &opts,
            Outputs {
                out: &mut out,
                err: &mut err,
            },
            |input, sink| {
                let name = input.name();
                let n: usize = name[1..].parse().unwrap_or(0);
                for k in 0..n % 4 {
                    sink.out()
                        .extend_from_slice(format!("{name} {k}\n").as_bytes());
                    sink.end_entry(Some(&format!("{k}")));
                    sink.maybe_flush();
                }
                sink.out().extend_from_slice(b"no key\n");
                sink.end_entry(None);
            },
            |_, _| {},
        )
        .expect("writing to a Vec cannot fail");
        let out = String::from_utf8(out).unwrap_or_default();
        // 50 entries without a key first (as they come), then the keyed
        // ones in the order first seen: key 0 in f0001..f0049 with n % 4
        // >= 1 (37 inputs), key 1 with n % 4 >= 2 (24), key 2 (12).
        assert_eq!(out.matches("no key\n").count(), 50);
        assert!(
            out.ends_with("f0001 0 x37\nf0002 1 x24\nf0003 2 x12\n"),
            "{out}"
        );
    }

    #[test]
    fn unique_keeps_first_of_each_key() {
        let (out, _) = run_with(4, 100, true);
        assert_eq!(out, "f0001 0\nf0001 1\nf0001 2\n");
    }
}
