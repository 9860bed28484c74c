//! Reading lines of an input back by byte offset, for suppression comments
//! and for the source excerpts of human diagnostics.
//!
//! This module owns [`Lines`]: given a byte span found by the scanner, it
//! gives the line(s) around it and the line before, reading them again
//! from the file (a cached window, so nearby findings cost no new read)
//! or from memory. Memory stays bounded: a line is cut to [`MAX_SIDE`]
//! bytes on either side of the span. Line ends are LF, CRLF or a lone CR,
//! as in [`crate::position`]. It does not own scanning.

use std::io::{self, Read};

use crate::position::{column_in, ColumnUnit, UnitCount};

/// The most bytes of a line kept on either side of a span.
pub const MAX_SIDE: u64 = 4096;

/// How many bytes a read from a file asks for at least.
const WINDOW: u64 = 64 * 1024;

/// The most of a marker's line read after its colon, in bytes
/// ([`Lines::marker_lines_before`]).
const MARKER_TAIL: usize = 256;

/// Something the bytes of an input can be read from at any offset (the
/// `urilint-scan` crate's, re-exported here where it always was).
pub use crate::scan::read_at::ReadAt;

/// A stream read once (standard input) that can also be read back by
/// offset, in bounded memory: the bytes read so far are kept from `keep`
/// bytes (see [`Window::new`]) before the stream reader's position on, and
/// reads by offset may read ahead of it. Two handles share it: one reads
/// it as a stream ([`Read`], for the scanner), the others by offset
/// ([`ReadAt`], for [`Lines`]). An offset that is no longer held gives an
/// error: an excerpt or the line before a finding more than `keep` bytes
/// back is then not shown or looked at.
///
/// This replaces spooling standard input to a temporary file, which let
/// `check - < /dev/zero` fill `$TMPDIR`.
pub struct Window<R> {
    state: std::rc::Rc<std::cell::RefCell<WindowState<R>>>,
    /// True for the handle that reads the stream.
    stream: bool,
}

struct WindowState<R> {
    inner: R,
    /// The bytes held: `base..base + buf.len()` of the stream.
    buf: Vec<u8>,
    base: u64,
    /// The stream handle's position.
    pos: u64,
    /// Bytes kept behind `pos`.
    keep: u64,
    eof: bool,
}

impl<R: Read> WindowState<R> {
    /// Reads more of the stream into the buffer; false at its end.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let old = self.buf.len();
        self.buf.resize(old + WINDOW as usize, 0);
        let n = loop {
            match self.inner.read(&mut self.buf[old..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.buf.truncate(old);
                    return Err(e);
                }
            }
        };
        self.buf.truncate(old + n);
        self.eof = n == 0;
        Ok(n > 0)
    }

    /// Drops what lies more than `keep` bytes behind the stream position
    /// (in steps, so that the copy is amortized).
    fn trim(&mut self) {
        let keep = self.keep;
        let behind = self.pos.saturating_sub(self.base);
        if behind > 2 * keep {
            let drop = (behind - keep) as usize;
            self.buf.drain(..drop);
            self.base += drop as u64;
        }
    }
}

impl<R: Read> Window<R> {
    /// The least bytes kept behind the stream position.
    pub const MIN_KEEP: u64 = 4 * 1024 * 1024;

    /// The bytes to keep behind the stream position for a scanner that
    /// reads `chunk` bytes at a time and finds URIs of up to `max_uri`
    /// bytes: room for both and the lines around a finding, twice over,
    /// and at least [`Window::MIN_KEEP`]. Memory holds up to twice that.
    pub fn keep_for(chunk: usize, max_uri: usize) -> u64 {
        let need = 2 * (chunk as u64 + max_uri as u64 + 2 * MAX_SIDE + WINDOW);
        need.max(Self::MIN_KEEP)
    }

    /// The stream handle and a handle for reading back, over `inner`,
    /// keeping `keep` bytes behind the stream position.
    pub fn new(inner: R, keep: u64) -> (Window<R>, Window<R>) {
        let state = std::rc::Rc::new(std::cell::RefCell::new(WindowState {
            inner,
            buf: Vec::new(),
            base: 0,
            pos: 0,
            keep: keep.max(1),
            eof: false,
        }));
        (
            Window {
                state: state.clone(),
                stream: true,
            },
            Window {
                state,
                stream: false,
            },
        )
    }
}

impl<R: Read> Read for Window<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let mut st = self.state.borrow_mut();
        if !self.stream {
            return Err(io::Error::other(
                "the read-back handle of a window has no stream",
            ));
        }
        let held_end = st.base + st.buf.len() as u64;
        if st.pos >= held_end && !st.fill()? {
            return Ok(0);
        }
        let from = (st.pos - st.base) as usize;
        let n = out.len().min(st.buf.len() - from);
        out[..n].copy_from_slice(&st.buf[from..from + n]);
        st.pos += n as u64;
        st.trim();
        Ok(n)
    }
}

impl<R: Read> ReadAt for Window<R> {
    fn read_at(&mut self, offset: u64, out: &mut [u8]) -> io::Result<usize> {
        let mut st = self.state.borrow_mut();
        if offset < st.base {
            return Err(io::Error::other(
                "standard input no longer held that far back",
            ));
        }
        let want_end = offset.saturating_add(out.len() as u64);
        while st.base + (st.buf.len() as u64) < want_end && st.fill()? {}
        let from = usize::try_from(offset - st.base)
            .unwrap_or(usize::MAX)
            .min(st.buf.len());
        let n = out.len().min(st.buf.len() - from);
        out[..n].copy_from_slice(&st.buf[from..from + n]);
        Ok(n)
    }
}

/// Calls `each` with the text after every `urilint:` marker (in any
/// case) that starts in `text[..body]`, in order, up to the end of its
/// line and at most [`MARKER_TAIL`] bytes: the search of
/// [`Lines::marker_lines_before`], over bytes in memory (`text` holds
/// what follows `body` too, when a marker's line goes on past it).
pub(crate) fn markers_in(text: &[u8], body: usize, each: &mut impl FnMut(&[u8])) {
    // Every colon, found as the scanner finds them (a mask of each
    // 64-byte block), with the seven bytes before it read as one word:
    // `urilint:` with `rilint` in lower or upper case and the `u` in
    // either (so `Urilint: disable` at the start of a sentence counts, as
    // the marker is read: [`crate::lint::suppress`]). Cheaper than two
    // substring searches, which stop at every colon of CSS and prose to
    // verify. A marker that starts in the body and ends in the tail after
    // it is found here, not lost between two reads.
    const MARKER: &[u8] = crate::scan::MARKER;
    let n = text.len();
    let limit = n.min(body + MARKER.len());
    let hay = &text[..limit];
    let mut colons = crate::scan::ColonFinder::new(false, false);
    let mut next = MARKER.len() - 1;
    while let Some(colon) = colons.find(hay, next) {
        next = colon + 1;
        let at = colon + 1 - MARKER.len();
        if at >= body {
            break;
        }
        if !crate::scan::is_marker_at(hay, colon) {
            continue;
        }
        let rest = &text[at + MARKER.len()..n];
        let end = memchr::memchr2(b'\n', b'\r', rest)
            .unwrap_or(rest.len())
            .min(MARKER_TAIL);
        each(&rest[..end]);
    }
}

/// Part of the text around a span: whole lines, cut to [`MAX_SIDE`]
/// bytes either side of the span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// 0-based byte offset of the first byte of `text` in the input.
    pub start: u64,
    /// The bytes, from the start of the span's first line (or the cut) to
    /// the end of its last line (or the cut), without the final line end.
    pub text: Vec<u8>,
    /// True when the first line was cut before its start.
    pub cut_before: bool,
    /// True when the last line was cut before its end.
    pub cut_after: bool,
}

/// Lines of one input, read back by offset. See the module documentation.
pub struct Lines<S> {
    src: S,
    cache_start: u64,
    cache: Vec<u8>,
    eof: Option<u64>,
    /// Where the search for block markers stopped
    /// ([`Lines::marker_lines_before`]).
    marker_cursor: u64,
    /// The block-suppression state at `marker_cursor`, kept for
    /// [`crate::lint::suppress`]: `None` outside a `urilint: disable`
    /// block, `Some(None)` inside one for every rule, `Some(Some(list))`
    /// for the rules listed.
    pub(crate) disabled: Option<Option<Vec<String>>>,
    /// Other linters' disable comments of this input, read once when a
    /// finding of a rule they can turn off is first asked about
    /// ([`crate::lint::suppress::Foreign`]).
    pub(crate) foreign: Option<crate::lint::suppress::Foreign>,
    /// The test regions of a Rust source file ([`crate::format::rust`]),
    /// 0-based byte offsets of the input, read once when a finding of a
    /// `.rs` file is first asked about.
    pub(crate) rust_tests: Option<Vec<std::ops::Range<u64>>>,
    /// Where the last [`Lines::column`] that had to read a long line
    /// stopped, and the units counted from its line's start to there.
    column_memo: Option<(u64, UnitCount)>,
    /// The bytes [`Lines::marker_lines_before`] reads, kept from call to
    /// call (grown and zeroed once, not per finding).
    marker_buf: Vec<u8>,
    /// The markers the scanner noted ([`Lines::note_scanned_markers`]) and
    /// not yet applied, offsets of their colons; `None` when markers are
    /// searched for.
    noted: Option<std::collections::VecDeque<u64>>,
    /// Markers before this offset were applied (or searched for): a noted
    /// one before it is dropped.
    noted_floor: u64,
    /// The scanner noted every marker before this offset.
    noted_to: u64,
}

impl<S: ReadAt> Lines<S> {
    /// Lines of `src`.
    pub fn new(src: S) -> Self {
        Lines {
            src,
            cache_start: 0,
            cache: Vec::new(),
            eof: None,
            marker_cursor: 0,
            disabled: None,
            foreign: None,
            rust_tests: None,
            column_memo: None,
            marker_buf: Vec::new(),
            noted: None,
            noted_floor: 0,
            noted_to: 0,
        }
    }

    /// Lines of `src`, whose suppression markers the scanner notes
    /// ([`crate::scan::ScanOptions::markers`]) and hands over with each
    /// item ([`Lines::note_scanned_markers`]): [`Lines::marker_lines_before`]
    /// then searches the input only where the scan did not note them (after
    /// a caller goes back, or past what the scan has passed).
    pub fn with_scanned_markers(src: S) -> Self {
        Lines {
            noted: Some(std::collections::VecDeque::new()),
            ..Lines::new(src)
        }
    }

    /// [`Lines::with_scanned_markers`] for the scanner of a chunk of the
    /// input that starts at byte `start`, a line start ([`crate::split`]):
    /// the markers before `start` are taken as applied, leaving the
    /// block-suppression state `disabled` there (what
    /// [`crate::lint::suppress::BlockMarker`] sums over the chunks
    /// before); findings at or after `start` then read no byte before it
    /// for block markers. Lines, excerpts and the line before a finding
    /// are read from the whole input as ever.
    #[cfg(feature = "cli")]
    pub(crate) fn with_scanned_markers_from(
        src: S,
        start: u64,
        disabled: Option<Option<Vec<String>>>,
    ) -> Self {
        Lines {
            marker_cursor: start,
            disabled,
            noted_floor: start,
            noted_to: start,
            ..Lines::with_scanned_markers(src)
        }
    }

    /// Takes the markers the scanner noted with `found` ([`Found::markers`],
    /// 0-based byte offsets of their colons, increasing): with those of
    /// the items before, every marker before `found`'s end
    /// ([`Found::passed`]). When the scan stopped noting them (`None`), or
    /// more than [`crate::scan::MAX_MARKERS`] wait here, the markers are
    /// searched for from then on, as by [`Lines::new`]. Nothing for lines
    /// made by [`Lines::new`].
    ///
    /// [`Found::markers`]: crate::scan::Found::markers
    /// [`Found::passed`]: crate::scan::Found::passed
    pub fn note_scanned_markers(&mut self, found: &crate::scan::Found<'_>) {
        self.note_scanned_markers_at(found, 0);
    }

    /// [`Lines::note_scanned_markers`] for an item found by the scanner of
    /// a chunk that starts at byte `start` of the input
    /// ([`crate::split`]): its offsets are the chunk's, these lines' are
    /// the input's.
    pub(crate) fn note_scanned_markers_at(&mut self, found: &crate::scan::Found<'_>, start: u64) {
        let Some(queue) = self.noted.as_mut() else {
            return;
        };
        let Some(markers) = found.markers() else {
            self.noted = None;
            return;
        };
        let floor = self.noted_floor;
        queue.extend(markers.iter().map(|&m| m + start).filter(|&m| m >= floor));
        if queue.len() > crate::scan::MAX_MARKERS {
            self.noted = None;
            return;
        }
        self.noted_to = self.noted_to.max(found.passed() + start);
    }

    /// The bytes `start..end` (fewer at the end of the input), as a range
    /// of `self.cache`.
    fn window(&mut self, start: u64, end: u64) -> io::Result<std::ops::Range<usize>> {
        let cached_end = self.cache_start + self.cache.len() as u64;
        let covered = start >= self.cache_start
            && (end <= cached_end || self.eof.is_some_and(|e| e <= cached_end));
        if !covered {
            let want = (end - start).max(WINDOW);
            self.cache
                .resize(usize::try_from(want).unwrap_or(usize::MAX), 0);
            let n = self.src.read_at(start, &mut self.cache)?;
            self.cache.truncate(n);
            self.cache_start = start;
            self.eof = ((n as u64) < want).then_some(start + n as u64);
        }
        let from = usize::try_from(start - self.cache_start)
            .unwrap_or(usize::MAX)
            .min(self.cache.len());
        let to = usize::try_from(end - self.cache_start)
            .unwrap_or(usize::MAX)
            .min(self.cache.len());
        Ok(from..to.max(from))
    }

    /// The first `max` bytes of the input from its floor ([`ReadAt::floor`])
    /// and the offset they start at; fewer at its end or on a read error
    /// (standard input past its window gives what it still holds: none).
    pub(crate) fn head(&mut self, max: usize) -> (u64, Vec<u8>) {
        let floor = self.src.floor();
        let mut buf = Vec::new();
        let mut at = floor;
        while buf.len() < max {
            let want = (max - buf.len()).min(WINDOW as usize);
            let old = buf.len();
            buf.resize(old + want, 0);
            match self.src.read_at(at, &mut buf[old..]) {
                Ok(n) if n > 0 => {
                    buf.truncate(old + n);
                    at += n as u64;
                }
                _ => {
                    buf.truncate(old);
                    break;
                }
            }
        }
        (floor, buf)
    }

    /// Where [`Lines::marker_lines_before`] stopped (0-based byte offset).
    pub fn marker_position(&self) -> u64 {
        self.marker_cursor
    }

    /// Calls `each` with the text after every `urilint:` marker (in any
    /// case) that starts in `cursor..line_start` of the input, in order,
    /// up to the end of its line (at most 256 bytes), where `cursor` is
    /// where the previous call stopped; `reset` starts from the beginning
    /// (when the caller goes back). The whole input is read at most once
    /// for findings given in order. Read errors end the search (standard
    /// input keeps only a window of its past).
    pub fn marker_lines_before(
        &mut self,
        line_start: u64,
        reset: bool,
        mut each: impl FnMut(&[u8]),
    ) {
        if reset {
            self.marker_cursor = 0;
        }
        self.marker_cursor = self.marker_cursor.max(self.src.floor());
        if self.noted.is_none() {
            return self.search_markers(line_start, &mut each);
        }
        // Noted by the scanner: markers in `noted_floor..noted_to` are in
        // the queue; before the floor (a caller gone back) and past what
        // the scan has passed, they are searched for.
        let searched_to = line_start.min(self.noted_floor);
        if self.marker_cursor < searched_to {
            self.search_markers(searched_to, &mut each);
        }
        if line_start <= self.noted_floor {
            return;
        }
        let queued_to = line_start.min(self.noted_to).max(self.noted_floor);
        let mut buf = std::mem::take(&mut self.marker_buf);
        while let Some(colon) = self.noted.as_mut().and_then(|q| q.front().copied()) {
            if colon >= queued_to {
                break;
            }
            if let Some(q) = self.noted.as_mut() {
                q.pop_front();
            }
            if colon < self.noted_floor {
                continue;
            }
            // The text after the marker, to the end of its line.
            buf.resize(MARKER_TAIL, 0);
            let n = self.src.read_at(colon + 1, &mut buf).unwrap_or(0);
            let rest = &buf[..n];
            let end = memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len());
            each(&rest[..end]);
        }
        self.marker_buf = buf;
        self.noted_floor = queued_to;
        self.marker_cursor = self.marker_cursor.max(queued_to);
        if queued_to < line_start {
            self.search_markers(line_start, &mut each);
            self.noted_floor = line_start;
        }
    }

    /// The search of [`Lines::marker_lines_before`]: every marker that
    /// starts in `marker_cursor..line_start`, in order, read from the
    /// input in chunks; the cursor ends at `line_start` (before it on a
    /// read error).
    fn search_markers(&mut self, line_start: u64, each: &mut impl FnMut(&[u8])) {
        const CHUNK: usize = 64 * 1024;
        const TAIL: usize = MARKER_TAIL;
        // Sized to the gap since the last call (findings are usually near
        // each other), at most one chunk: no 64 KiB per finding.
        let mut buf = std::mem::take(&mut self.marker_buf);
        while self.marker_cursor < line_start {
            let from = self.marker_cursor;
            let gap = usize::try_from(line_start - from).unwrap_or(usize::MAX);
            let want = gap.min(CHUNK) + TAIL;
            if buf.len() < want {
                buf.resize(want, 0);
            }
            let n = match self.src.read_at(from, &mut buf[..want]) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let body = usize::try_from(line_start - from)
                .unwrap_or(usize::MAX)
                .min(n)
                .min(CHUNK);
            markers_in(&buf[..n], body, each);
            self.marker_cursor = from + body as u64;
            if body == 0 {
                break;
            }
        }
        self.marker_buf = buf;
    }

    /// The line(s) holding the bytes `from..to` (0-based byte offsets).
    ///
    /// Costs a search of at most [`MAX_SIDE`] bytes either side for the
    /// line ends (memchr) and a copy of the excerpt; the window is read
    /// again only when the span leaves the cached 64 KiB, so findings in
    /// order cost time linear in the input (and many findings on one long
    /// line do not each rescan it byte by byte).
    ///
    /// # Errors
    /// A read error of the input.
    pub fn around(&mut self, from: u64, to: u64) -> io::Result<Excerpt> {
        let floor = self.src.floor();
        let from = from.max(floor);
        let lo = from.saturating_sub(MAX_SIDE).max(floor);
        let to = to.max(from);
        let range = self.window(lo, to + MAX_SIDE)?;
        let w = &self.cache[range];
        let rel_from = usize::try_from(from - lo)
            .unwrap_or(usize::MAX)
            .min(w.len());
        let rel_to = usize::try_from(to - lo).unwrap_or(usize::MAX).min(w.len());
        let start = memchr::memrchr2(b'\n', b'\r', &w[..rel_from]).map(|i| i + 1);
        let end = memchr::memchr2(b'\n', b'\r', &w[rel_to..]).map(|i| rel_to + i);
        let s = start.unwrap_or(0);
        let e = end.unwrap_or(w.len());
        let w_len = w.len() as u64;
        let text = w[s..e].to_vec();
        let at_eof = self.eof.is_some_and(|eof| lo + w_len >= eof);
        Ok(Excerpt {
            start: lo + s as u64,
            text,
            cut_before: start.is_none() && lo > floor,
            cut_after: end.is_none() && !at_eof,
        })
    }

    /// The 1-based column, counted in `unit`, of the 0-based byte
    /// `offset` of the input: the units of its line from the line's start
    /// to `offset`, plus one ([`column_in`], whose rules it follows for
    /// invalid UTF-8). The same as [`crate::position::Position::column`]
    /// for [`ColumnUnit::Char`].
    ///
    /// Costs a read of at most [`MAX_SIDE`] bytes before `offset` (often
    /// in the window [`Lines::around`] reads anyway) when the line starts
    /// there. On a longer line the line's bytes are counted from its start,
    /// or from where the last such call stopped when that is before
    /// `offset`: offsets asked in order cost reads linear in the input.
    ///
    /// # Errors
    /// A read error of the input; for standard input, an offset more than
    /// its window back ([`Window`]).
    pub fn column(&mut self, unit: ColumnUnit, offset: u64) -> io::Result<u64> {
        let floor = self.src.floor();
        let offset = offset.max(floor);
        let lo = offset.saturating_sub(MAX_SIDE).max(floor);
        let range = self.window(lo, offset)?;
        let w = &self.cache[range];
        if let Some(i) = memchr::memrchr2(b'\n', b'\r', w) {
            return Ok(column_in(unit, &w[i + 1..]));
        }
        if lo == floor {
            return Ok(column_in(unit, w));
        }
        // A long line: count on from the last stop, or from its start.
        let (mut at, mut count) = match self.column_memo.take() {
            Some((at, count)) if at <= offset && count.unit() == unit => (at, count),
            _ => (self.line_start(lo, floor)?, UnitCount::new(unit)),
        };
        let mut buf = vec![0u8; WINDOW as usize];
        while at < offset {
            let want = usize::try_from(offset - at)
                .unwrap_or(usize::MAX)
                .min(buf.len());
            let n = self.src.read_at(at, &mut buf[..want])?;
            if n == 0 {
                break;
            }
            let chunk = &buf[..n];
            match memchr::memrchr2(b'\n', b'\r', chunk) {
                Some(i) => {
                    count = UnitCount::new(unit);
                    count.feed(&chunk[i + 1..]);
                }
                None => count.feed(chunk),
            }
            at += n as u64;
        }
        let column = count.total() + 1;
        self.column_memo = Some((at, count));
        Ok(column)
    }

    /// The offset of the start of the line that holds byte `at`, searching
    /// back from it (not before `floor`).
    fn line_start(&mut self, at: u64, floor: u64) -> io::Result<u64> {
        let mut hi = at;
        let mut buf = vec![0u8; WINDOW as usize];
        while hi > floor {
            let from = hi.saturating_sub(WINDOW).max(floor);
            let len = usize::try_from(hi - from)
                .unwrap_or(usize::MAX)
                .min(buf.len());
            let n = self.src.read_at(from, &mut buf[..len])?;
            if let Some(i) = memchr::memrchr2(b'\n', b'\r', &buf[..n]) {
                return Ok(from + i as u64 + 1);
            }
            hi = from;
        }
        Ok(floor)
    }

    /// The line before the line that starts at byte `line_start`, or `None`
    /// for the first line.
    ///
    /// # Errors
    /// A read error of the input.
    pub fn previous(&mut self, line_start: u64) -> io::Result<Option<Excerpt>> {
        let floor = self.src.floor();
        if line_start <= floor {
            return Ok(None);
        }
        let lo = line_start.saturating_sub(2).max(floor);
        let range = self.window(lo, line_start)?;
        let w = &self.cache[range];
        // Step back over the line end (CRLF counts once).
        let mut end = line_start - 1;
        if w.len() == 2 && w[1] == b'\n' && w[0] == b'\r' {
            end -= 1;
        }
        // The line ends at `end`: the excerpt of the empty span there.
        let mut e = self.around(end, end)?;
        e.cut_after = false;
        Ok(Some(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_around_a_span_and_the_one_before() {
        let text: &[u8] = b"one\r\ntwo http://a/ x\nthree\rfour";
        let mut l = Lines::new(text);
        let e = l.around(9, 18).expect("read");
        assert_eq!((e.start, e.text.as_slice()), (5, &b"two http://a/ x"[..]));
        assert!(!e.cut_before && !e.cut_after);
        let p = l.previous(e.start).expect("read").expect("a line");
        assert_eq!(p.text, b"one");
        let e = l.around(27, 28).expect("read");
        assert_eq!(e.text, b"four");
        let p = l.previous(e.start).expect("read").expect("a line");
        assert_eq!(p.text, b"three");
        assert_eq!(l.previous(0).expect("read"), None);
        // A span across a line break gives both lines.
        let e = l.around(9, 23).expect("read");
        assert_eq!(e.text, b"two http://a/ x\nthree");
    }

    #[test]
    fn long_lines_are_cut() {
        let mut text = vec![b'a'; 10_000];
        text.extend_from_slice(b" http://a/ ");
        text.extend(vec![b'b'; 10_000]);
        let mut l = Lines::new(text.as_slice());
        let e = l.around(10_001, 10_010).expect("read");
        assert!(e.cut_before && e.cut_after);
        assert_eq!(e.start, 10_001 - MAX_SIDE);
        assert_eq!(e.text.len() as u64, 9 + 2 * MAX_SIDE);
    }

    #[test]
    fn window_reads_back_and_stays_bounded() {
        // 40 MiB of numbered lines, read as a stream; read back near the
        // stream position as it goes.
        let text: Vec<u8> = (0..4_000_000u32)
            .flat_map(|i| format!("{:09}\n", i).into_bytes())
            .collect();
        let keep = Window::<&[u8]>::keep_for(256 * 1024, 64 * 1024);
        let (mut stream, back) = Window::new(text.as_slice(), keep);
        let mut lines = Lines::new(back);
        let mut buf = vec![0u8; 100_000];
        let mut pos = 0u64;
        loop {
            let n = stream.read(&mut buf).expect("reads");
            if n == 0 {
                break;
            }
            pos += n as u64;
            let at = pos.saturating_sub(50_000) / 10 * 10;
            let e = lines.around(at, at + 3).expect("held");
            assert_eq!(e.text, format!("{:09}", at / 10).into_bytes());
            let held = stream.state.borrow().buf.len() as u64;
            assert!(held <= 2 * keep + 200_000, "{held} bytes held");
        }
        assert_eq!(pos, text.len() as u64);
        // Far behind: not held any more.
        assert!(lines.around(10, 12).is_err());
        // Reading ahead of the stream works too.
        let (mut stream, mut back) = Window::new(&b"abc\ndef\n"[..], keep);
        let mut four = [0u8; 4];
        assert_eq!(back.read_at(4, &mut four).expect("reads ahead"), 4);
        assert_eq!(&four, b"def\n");
        let mut all = Vec::new();
        stream.read_to_end(&mut all).expect("reads");
        assert_eq!(all, b"abc\ndef\n");
    }

    #[test]
    fn columns_read_back_in_each_unit() {
        use ColumnUnit::*;
        // "Grüße 😀 café: " then the URI, on the second line.
        let text = "x\r\nGr\u{fc}\u{df}e \u{1F600} caf\u{e9}: http://a/%zz\n".as_bytes();
        let at = text.windows(4).position(|w| w == b"http").expect("uri") as u64;
        let mut l = Lines::new(text);
        let cols: Vec<u64> = [Byte, Char, Utf16]
            .iter()
            .map(|&u| l.column(u, at).expect("read"))
            .collect();
        assert_eq!(cols, [21, 15, 16]);
        assert_eq!(l.column(Byte, 0).expect("read"), 1);
        assert_eq!(l.column(Byte, 3).expect("read"), 1);
    }

    #[test]
    fn columns_on_long_lines_count_from_the_line_start() {
        // 10,000 two-byte characters, then places asked in order, out of
        // order, and on the next line.
        let mut text = b"ab\n".to_vec();
        text.extend("\u{e9}".repeat(10_000).as_bytes());
        text.extend_from_slice("\u{1F600}x y\nz".as_bytes());
        let x = 3 + 20_000 + 4;
        let mut l = Lines::new(text.as_slice());
        assert_eq!(l.column(ColumnUnit::Byte, x).expect("read"), 20_005);
        assert_eq!(l.column(ColumnUnit::Utf16, x).expect("read"), 10_003);
        assert_eq!(l.column(ColumnUnit::Utf16, x + 2).expect("read"), 10_005);
        assert_eq!(l.column(ColumnUnit::Char, x).expect("read"), 10_002);
        assert_eq!(l.column(ColumnUnit::Char, 3 + 9_000).expect("read"), 4_501);
        assert_eq!(l.column(ColumnUnit::Utf16, x + 4).expect("read"), 1);
        // The same as the tracker counts, on any offset of the long line.
        for at in [3u64, 5_003, 12_345, 19_999, x] {
            let mut t = crate::position::LineTracker::new();
            t.advance(&text[..at as usize]);
            assert_eq!(
                l.column(ColumnUnit::Char, at).expect("read"),
                t.position().column
            );
        }
    }

    #[test]
    fn columns_do_not_read_before_the_floor() {
        // A unit that starts at file offset 10,000 (a second message).
        struct Unit<'a>(&'a [u8]);
        impl ReadAt for Unit<'_> {
            fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> io::Result<usize> {
                let rel = (offset.saturating_sub(10_000) as usize).min(self.0.len());
                let n = buf.len().min(self.0.len() - rel);
                buf[..n].copy_from_slice(&self.0[rel..rel + n]);
                Ok(n)
            }
            fn floor(&self) -> u64 {
                10_000
            }
        }
        let raw = "\u{fc}ber http://a/\nzwei".as_bytes();
        let mut l = Lines::new(Unit(raw));
        // The excerpt and the line before start at the unit, not 4 KiB
        // before it (read from the unit's start, they were the wrong bytes).
        let e = l.around(10_006, 10_015).expect("read");
        assert_eq!((e.start, e.text.as_slice()), (10_000, raw[..15].as_ref()));
        assert!(!e.cut_before);
        assert_eq!(l.previous(10_000).expect("read"), None);
        let e = l.around(10_017, 10_017).expect("read");
        assert_eq!(e.text, b"zwei");
        let p = l.previous(e.start).expect("read").expect("a line");
        assert_eq!((p.start, p.text.as_slice()), (10_000, raw[..15].as_ref()));
        assert_eq!(l.column(ColumnUnit::Byte, 10_006).expect("read"), 7);
        assert_eq!(l.column(ColumnUnit::Char, 10_006).expect("read"), 6);
        let mut markers = Vec::new();
        l.marker_lines_before(10_016, true, |m| markers.push(m.to_vec()));
        assert!(markers.is_empty());
        assert_eq!(l.marker_position(), 10_016);
    }

    #[test]
    fn markers_in_any_case_and_across_chunk_ends() {
        // A marker capitalized at the start of a sentence, one in capitals,
        // and one that straddles the end of the first 64 KiB read.
        let mut text = b"Urilint: disable[U002]\nURILINT: enable\nurilint:x\n".to_vec();
        let straddle = 64 * 1024 - 3;
        text.resize(straddle, b'.');
        text.extend_from_slice(b"urilint: disable\n");
        text.extend_from_slice(&[b'y'; 100]);
        let mut l = Lines::new(text.as_slice());
        let mut markers = Vec::new();
        l.marker_lines_before(text.len() as u64, true, |m| markers.push(m.to_vec()));
        let want: Vec<&[u8]> = vec![b" disable[U002]", b" enable", b"x", b" disable"];
        assert_eq!(markers, want);
        assert_eq!(l.marker_position(), text.len() as u64);
    }

    #[test]
    fn file_reads_match_memory() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("t.txt");
        let text: Vec<u8> = (0..200_000u32)
            .map(|i| if i % 97 == 0 { b'\n' } else { b'x' })
            .collect();
        std::fs::write(&path, &text).expect("write");
        let mut f = Lines::new(std::fs::File::open(&path).expect("open"));
        let mut m = Lines::new(text.as_slice());
        for at in [0u64, 5, 96, 97, 98, 65_535, 65_536, 150_000, 199_999] {
            assert_eq!(
                f.around(at, at + 1).expect("read"),
                m.around(at, at + 1).expect("read")
            );
            assert_eq!(f.previous(at).expect("read"), m.previous(at).expect("read"));
        }
    }
}
