//! Memory-mapped input: the one module of the crate with `unsafe` code.
//!
//! This module owns mapping a whole regular file read-only
//! ([`Mapping::of`]), giving its bytes to the scanner as one slice
//! ([`crate::Scanner::mapped`]), and handing the pages the scanner
//! has gone past back to the kernel ([`Mapping::release_before`]), so that
//! the resident set stays bounded on any size of file. It does not decide
//! when a map is used (urilint's `source::Input::open_with` does) nor read
//! anything itself.
//!
//! # Why
//!
//! Reading a file copies every byte from the page cache into the
//! scanner's buffer: about a quarter of the single-file time of `urilint
//! extract` on a warm cache (`_copy_to_iter` under `perf`). A map lets the
//! scanner read the page cache in place, as ripgrep does.
//!
//! # When
//!
//! Only for a regular file named on the command line, of at least
//! [`MIN_LEN`] bytes, read as plain text, and unless `--no-mmap`
//! (urilint's `source::Mmap::Never`); never for standard input, a pipe, a
//! file met while walking a tree (thousands of small files, where the
//! set-up of a map costs more than a read, and where files are likelier to
//! be written while they are read), a compressed file or a decoded format
//! (mail, HTML, Markdown: their readers want a `Read`), nor for a file
//! that `check --fix` or `rewrite` will write. These are ripgrep's choices
//! too: it maps only the files named on its command line.
//!
//! # Safety argument
//!
//! [`memmap2::Mmap::map`] is `unsafe` because the bytes of the map can
//! change under the program if another process writes the file while it
//! is mapped, which Rust's `&[u8]` does not allow for.
//!
//! - **A file written in place while it is scanned**: the scanner sees a
//!   mix of old and new bytes, as it would with `read(2)` (which copies
//!   whatever the page cache holds at that moment). Nothing a candidate
//!   lends points into the map: its text is built in the scanner's own
//!   buffer, and its raw text and context are copied out of the map
//!   before they are checked as UTF-8 and lent, so a `str` can never stop
//!   being UTF-8 under its reader. A change shows up, at worst, as a URI
//!   that mixes the two versions, never as memory outside the map being
//!   read.
//! - **A file truncated while it is mapped**: reading a page past the new
//!   end raises `SIGBUS`, and the process ends (exit status 135 from a
//!   shell, or "killed by signal 7"). That is ripgrep's behaviour too, and
//!   the reason both use maps only for files named on the command line,
//!   where the person running the tool knows what else is writing them.
//!   The output is never corrupted silently: records are written whole to
//!   the output buffer and flushed at record boundaries, so what was
//!   written before the signal is whole records, and the exit status says
//!   that the run did not finish. `--no-mmap` reads with `read(2)`
//!   instead, where a truncated file is simply shorter.
//! - **Releasing pages** ([`Mapping::release_before`]) uses `madvise(2)`
//!   with `MADV_DONTNEED` on a read-only shared map of a file: the pages
//!   leave this process's resident set, stay in the page cache, and are
//!   read again from it if touched; no data is lost or changed (the
//!   caveat of `MADV_DONTNEED`, that private changes are discarded, does
//!   not apply to a map that is never written).

#![allow(unsafe_code)]

use std::fs::File;
use std::io;
use std::ops::Range;
use std::sync::Arc;

/// Files shorter than this are read, not mapped: 1 MiB. Below it the
/// system calls of a map (mmap, the page faults, munmap) cost more than
/// the copy they save.
pub const MIN_LEN: u64 = 1 << 20;

/// How far behind the scanner pages are released: at most this many
/// bytes of the map that the scanner has gone past stay resident, 8 MiB.
pub const RELEASE_STEP: usize = 8 << 20;

/// A read-only map of one whole regular file, or a view of a range of
/// one ([`Mapping::view`]: the chunks of one input scanned on several
/// threads, urilint's `split`).
pub struct Mapping {
    /// The map, shared by the views of one file; unmapped when the last
    /// goes.
    map: Arc<memmap2::Mmap>,
    /// The range of the map this value gives ([`Mapping::bytes`]), in
    /// byte offsets from the start of the file.
    start: usize,
    end: usize,
    /// Bytes of the map before this offset (from the start of the file,
    /// page-aligned) have been handed back to the kernel; a view starts at
    /// the first page boundary at or after its start (the page it shares
    /// with the view before it is that view's to release).
    released: usize,
}

impl std::fmt::Debug for Mapping {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mapping")
            .field("start", &self.start)
            .field("len", &self.len())
            .field("released", &self.released)
            .finish()
    }
}

impl Mapping {
    /// A map of the whole of `file`, whose length is `len` bytes (from
    /// its metadata), read-only, advised for sequential reading.
    ///
    /// # Errors
    /// `mmap(2)`'s error (the caller then reads the file instead).
    pub fn of(file: &File, len: u64) -> io::Result<Mapping> {
        let len = usize::try_from(len).map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
        // SAFETY: see the module documentation: the map is read-only and
        // never written through; a concurrent change of the file is seen
        // as changed bytes (copied out at once), a truncation ends the
        // process with SIGBUS before any byte past the end is used.
        let map = unsafe { memmap2::MmapOptions::new().len(len).map(file)? };
        // Advice only: readahead for a sequential pass. A failure changes
        // nothing but speed.
        #[cfg(unix)]
        let _ = map.advise(memmap2::Advice::Sequential);
        let end = map.len();
        Ok(Mapping {
            map: Arc::new(map),
            start: 0,
            end,
            released: 0,
        })
    }

    /// A view of `range` (byte offsets into [`Mapping::bytes`], clamped
    /// to it) sharing this map: its [`Mapping::bytes`] are those bytes
    /// (offset 0 is `range.start`), and it hands back to the kernel only
    /// the pages wholly inside its range, as it is scanned
    /// ([`Mapping::release_before`]) and when it is dropped (a view is
    /// scanned once: the pages it leaves would otherwise stay resident
    /// until the whole map goes).
    pub fn view(&self, range: Range<usize>) -> Mapping {
        let end = self.start + range.end.min(self.len());
        let start = self.start + range.start.min(end - self.start);
        Mapping {
            map: Arc::clone(&self.map),
            start,
            end,
            released: align_up(start),
        }
    }

    /// The file's bytes, as they were mapped (`len` bytes), or the view's.
    pub fn bytes(&self) -> &[u8] {
        &self.map[self.start..self.end]
    }

    /// The length of the map (or the view), in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// True for a map of nothing (never made: an empty file is read), or
    /// an empty view.
    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }

    /// True for a view of part of a map ([`Mapping::view`]).
    fn is_part(&self) -> bool {
        self.start != 0 || self.end != self.map.len()
    }

    /// Hands the pages from the released mark up to `upto` (an offset of
    /// the file, page-aligned) back to the kernel.
    fn release_to(&mut self, upto: usize) {
        if upto <= self.released {
            return;
        }
        #[cfg(unix)]
        {
            // SAFETY: MADV_DONTNEED on a read-only shared file map drops
            // only this process's page table entries; the next access reads
            // the same bytes from the page cache (module documentation).
            // `released..upto` lies inside the map.
            let _ = unsafe {
                self.map.unchecked_advise_range(
                    memmap2::UncheckedAdvice::DontNeed,
                    self.released,
                    upto - self.released,
                )
            };
        }
        self.released = upto;
    }

    /// Hands the pages wholly before byte `upto` back to the kernel, when
    /// at least `RELEASE_STEP` (8 MiB) bytes have been passed since the last
    /// time: they leave the resident set and are read again from the page
    /// cache if touched (see the module documentation). Never fails: the
    /// advice is only about memory.
    pub fn release_before(&mut self, upto: usize) {
        let upto = self.start + upto.min(self.len());
        if upto < self.released + RELEASE_STEP {
            return;
        }
        self.release_to(upto & !(page_size() - 1));
    }

    /// Hands back again the pages wholly inside `from..to` that are also
    /// before the released mark ([`Mapping::release_before`]): pages
    /// released once and touched again (a late count of lines over bytes
    /// the scanner has passed) leave the resident set again. Byte offsets
    /// into the map; pages after the mark are left to `release_before`.
    /// Never fails: the advice is only about memory.
    pub fn release_again(&mut self, from: usize, to: usize) {
        let page = page_size();
        let from = self.start.saturating_add(from.min(self.len()));
        let to = self.start.saturating_add(to.min(self.len()));
        let lo = align_up(from).max(align_up(self.start));
        let hi = to.min(self.released) & !(page - 1);
        if hi <= lo {
            return;
        }
        #[cfg(unix)]
        {
            // SAFETY: as in `release_before`: MADV_DONTNEED on a read-only
            // shared file map drops only this process's page table
            // entries, and `lo..hi` lies inside the map (`hi` is at most
            // `released`, itself at most the map's length).
            let _ = unsafe {
                self.map
                    .unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, lo, hi - lo)
            };
        }
    }
}

impl Drop for Mapping {
    /// A view ([`Mapping::view`]) hands back the pages wholly inside it
    /// that are still resident; the whole map is simply unmapped.
    fn drop(&mut self) {
        if self.is_part() {
            self.release_to(self.end & !(page_size() - 1));
        }
    }
}

/// `at` rounded up to a page boundary.
fn align_up(at: usize) -> usize {
    at.saturating_add(page_size() - 1) & !(page_size() - 1)
}

/// The page size assumed for alignment: 4 KiB, the smallest of the
/// platforms this runs on (a release aligned to it on a system with larger
/// pages is rounded inside `madvise` by `memmap2`).
fn page_size() -> usize {
    4096
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn maps_the_whole_file_and_releases_behind() {
        let mut f = tempfile::NamedTempFile::new().expect("temporary file");
        let body: Vec<u8> = (0..3 * RELEASE_STEP + 123)
            .map(|i| (i % 251) as u8)
            .collect();
        f.write_all(&body).expect("write");
        f.flush().expect("flush");
        let file = File::open(f.path()).expect("open");
        let mut m = Mapping::of(&file, body.len() as u64).expect("map");
        assert_eq!(m.len(), body.len());
        assert!(!m.is_empty());
        assert_eq!(m.bytes(), &body[..]);
        // Too little passed: nothing released.
        m.release_before(RELEASE_STEP - 1);
        assert_eq!(m.released, 0);
        m.release_before(RELEASE_STEP + 5000);
        assert_eq!(m.released, (RELEASE_STEP + 5000) & !4095);
        // Released pages read back the same bytes.
        assert_eq!(m.bytes(), &body[..]);
        m.release_before(usize::MAX);
        assert_eq!(m.bytes()[..100], body[..100]);
        // Released again (after being read back): the same bytes after, and
        // ranges past the mark, empty or unaligned change nothing.
        let released = m.released;
        m.release_again(0, RELEASE_STEP);
        m.release_again(5, 4000);
        m.release_again(RELEASE_STEP, usize::MAX);
        m.release_again(usize::MAX - 1, usize::MAX);
        assert_eq!(m.released, released);
        assert_eq!(m.bytes(), &body[..]);
    }

    #[test]
    fn a_view_gives_its_range_and_releases_only_its_pages() {
        let mut f = tempfile::NamedTempFile::new().expect("temporary file");
        let body: Vec<u8> = (0..2 * RELEASE_STEP + 9000)
            .map(|i| (i % 241) as u8)
            .collect();
        f.write_all(&body).expect("write");
        f.flush().expect("flush");
        let file = File::open(f.path()).expect("open");
        let m = Mapping::of(&file, body.len() as u64).expect("map");
        let mut v = m.view(1000..RELEASE_STEP + 7000);
        assert_eq!(v.len(), RELEASE_STEP + 6000);
        assert_eq!(v.bytes(), &body[1000..RELEASE_STEP + 7000]);
        assert_eq!(v.released, 4096);
        v.release_before(usize::MAX);
        assert_eq!(v.released, (RELEASE_STEP + 7000) & !4095);
        v.release_again(0, usize::MAX);
        assert_eq!(v.bytes(), &body[1000..RELEASE_STEP + 7000]);
        // A view of a view is offset from the first; past the end, empty.
        let w = v.view(10..20);
        assert_eq!(w.bytes(), &body[1010..1020]);
        assert!(v.view(usize::MAX - 1..usize::MAX).is_empty());
        drop(v);
        drop(w);
        // The map's bytes are all there after its views are dropped.
        assert_eq!(m.bytes(), &body[..]);
    }
}
