//! Finding the bytes the scanner stops at: every `:` (and every `<` when
//! relative references are wanted, every `.` when abbreviated URLs are),
//! in order, in the scanner's buffer.
//!
//! This module owns only the byte search; whether a URI stands around a
//! colon is `appendix_e`'s business.
//!
//! Prose has a colon every 80 to 100 bytes (mail with inline CSS: every
//! 77), so a search restarted after each one pays its start-up cost
//! millions of times per gigabyte. On x86-64 the finder keeps a 64-bit
//! mask of the targets in a 64-byte block (SSE2 compares, always present
//! on x86-64, through the safe wrappers of `safe_arch`) and answers the
//! following searches in that block from the mask; when a block has no
//! target it lets `memchr` jump over the sparse stretch that follows. On
//! other targets every search is `memchr`'s.

/// A search for `:` (and `<`, `.` on request) over one buffer.
///
/// The finder remembers one block of the buffer it last searched: call
/// [`ColonFinder::reset`] whenever the bytes of the buffer move or change
/// (after a refill), or its answers would be about the old bytes.
#[derive(Clone, Copy, Debug)]
pub struct ColonFinder {
    /// Also stop at `<`.
    angle: bool,
    /// Also stop at `.` (RFC 2396 Appendix F: `www.`, `ftp.`).
    dot: bool,
    /// Index of the first byte of the remembered block.
    block: usize,
    /// Bit `i` set: `hay[block + i]` is a target. Zero: nothing remembered.
    mask: u64,
}

/// Bytes in one mask block.
const BLOCK: usize = 64;

impl ColonFinder {
    /// A finder for `:`, and for `<` too when `angle`, `.` when `dot`.
    pub fn new(angle: bool, dot: bool) -> Self {
        ColonFinder {
            angle,
            dot,
            block: 0,
            mask: 0,
        }
    }

    /// Forgets the remembered block (the buffer's bytes have moved).
    #[inline]
    pub fn reset(&mut self) {
        self.mask = 0;
    }

    /// The index of the first target at or after `from` in `hay`, or
    /// `None` when there is none (or `from` is past the end).
    #[inline(always)]
    pub fn find(&mut self, hay: &[u8], from: usize) -> Option<usize> {
        let mut at = from;
        if self.mask != 0 && from >= self.block && from - self.block < BLOCK {
            let rest = self.mask & (u64::MAX << (from - self.block));
            if rest != 0 {
                return Some(self.block + rest.trailing_zeros() as usize);
            }
            at = self.block + BLOCK;
        }
        prefetch_ahead(hay, at);
        // Dense text: the next target is usually within one block.
        if let Some(mask) = self.mask_at(hay, at) {
            if mask != 0 {
                self.block = at;
                self.mask = mask;
                return Some(at + mask.trailing_zeros() as usize);
            }
            at += BLOCK;
        }
        // Sparse text: memchr's own loop is faster over long stretches;
        // it reads the next page quickly, so the page after that is asked
        // for (two pages ahead of `at`).
        prefetch_ahead(hay, at + PREFETCH);
        let rest = hay.get(at..)?;
        let found = at + self.memchr(rest)?;
        self.block = found;
        self.mask = self.mask_at(hay, found).unwrap_or(0);
        Some(found)
    }

    #[inline(always)]
    fn memchr(&self, hay: &[u8]) -> Option<usize> {
        match (self.angle, self.dot) {
            (false, false) => memchr::memchr(b':', hay),
            (true, false) => memchr::memchr2(b':', b'<', hay),
            (false, true) => memchr::memchr2(b':', b'.', hay),
            (true, true) => memchr::memchr3(b':', b'<', b'.', hay),
        }
    }

    /// The target mask of the block `hay[at..at + 64]`, or `None` when
    /// fewer than 64 bytes are left.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn mask_at(&self, hay: &[u8], at: usize) -> Option<u64> {
        let block: &[u8; BLOCK] = hay.get(at..at.checked_add(BLOCK)?)?.try_into().ok()?;
        // One copy of the loop per set of targets, without tests inside.
        Some(match (self.angle, self.dot) {
            (false, false) => block_mask::<false, false>(block),
            (true, false) => block_mask::<true, false>(block),
            (false, true) => block_mask::<false, true>(block),
            (true, true) => block_mask::<true, true>(block),
        })
    }

    /// Without SSE2 a byte-by-byte mask would be slower than `memchr`:
    /// no block is ever remembered, every search is `memchr`'s.
    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    fn mask_at(&self, _hay: &[u8], _at: usize) -> Option<u64> {
        None
    }
}

/// Distance ahead of the search at which lines are asked for, in bytes:
/// one page, since the hardware prefetcher stops at page edges (1, 2, 8
/// and 16 KiB measured the same).
const PREFETCH: usize = 4096;

/// Asks for the cache line [`PREFETCH`] bytes after `at` in `hay`, when
/// there is one (a hint: no fault, no effect on results).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn prefetch_ahead(hay: &[u8], at: usize) {
    if let Some(b) = hay.get(at + PREFETCH) {
        safe_arch::prefetch_t0(b);
    }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn prefetch_ahead(_hay: &[u8], _at: usize) {}

/// Bit `i` set when `block[i]` is `:` (or `<` with `ANGLE`, `.` with
/// `DOT`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn block_mask<const ANGLE: bool, const DOT: bool>(block: &[u8; BLOCK]) -> u64 {
    use safe_arch::{cmp_eq_mask_i8_m128i, m128i, move_mask_i8_m128i, set_splat_i8_m128i};
    let colon = set_splat_i8_m128i(b':' as i8);
    let lt = set_splat_i8_m128i(b'<' as i8);
    let full_stop = set_splat_i8_m128i(b'.' as i8);
    let mut mask = 0u64;
    for (k, lane) in block.chunks_exact(16).enumerate() {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(lane);
        let v = m128i::from(bytes);
        let mut hits = cmp_eq_mask_i8_m128i(v, colon);
        if ANGLE {
            hits |= cmp_eq_mask_i8_m128i(v, lt);
        }
        if DOT {
            hits |= cmp_eq_mask_i8_m128i(v, full_stop);
        }
        // move_mask gives the 16 lane bits in the low half of an i32.
        let bits = u64::from(move_mask_i8_m128i(hits) as u32 & 0xFFFF);
        mask |= bits << (16 * k);
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every target, in order, by restarting after each one (as the
    /// scanner does), sometimes skipping ahead as the scanner does after a
    /// URI.
    fn all(hay: &[u8], angle: bool, skip: usize) -> Vec<usize> {
        all_with(hay, angle, false, skip)
    }

    fn all_with(hay: &[u8], angle: bool, dot: bool, skip: usize) -> Vec<usize> {
        let mut f = ColonFinder::new(angle, dot);
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(k) = f.find(hay, from) {
            out.push(k);
            from = k + 1 + if out.len() % 3 == 0 { skip } else { 0 };
        }
        out
    }

    fn naive(hay: &[u8], angle: bool, dot: bool, skip: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(k) = hay.get(from..).and_then(|r| {
            r.iter()
                .position(|&b| b == b':' || (angle && b == b'<') || (dot && b == b'.'))
        }) {
            out.push(from + k);
            from += k + 1 + if out.len() % 3 == 0 { skip } else { 0 };
        }
        out
    }

    #[test]
    fn agrees_with_a_naive_search() {
        // Dense and sparse stretches, targets at block edges, both bytes.
        let mut hay = Vec::new();
        for i in 0..3000usize {
            let b = match (i * 7919) % 101 {
                0..=4 => b':',
                5..=6 => b'<',
                7..=9 => b'.',
                _ => b'a' + (i % 26) as u8,
            };
            hay.push(b);
            if i % 500 == 0 {
                hay.extend(std::iter::repeat_n(b'x', 300));
            }
        }
        for len in [0, 1, 63, 64, 65, 127, 128, 129, 1000, hay.len()] {
            for (angle, dot) in [(false, false), (true, false), (false, true), (true, true)] {
                for skip in [0, 5, 64, 200] {
                    assert_eq!(
                        all_with(&hay[..len], angle, dot, skip),
                        naive(&hay[..len], angle, dot, skip),
                        "len {len} angle {angle} dot {dot} skip {skip}"
                    );
                }
            }
        }
    }

    #[test]
    fn targets_at_every_lane_edge() {
        for at in 0..200 {
            let mut hay = vec![b'a'; 200];
            hay[at] = b':';
            assert_eq!(all(&hay, false, 0), vec![at]);
            hay[at] = b'<';
            assert_eq!(all(&hay, true, 0), vec![at]);
            assert!(all(&hay, false, 0).is_empty());
            hay[at] = b'.';
            assert_eq!(all_with(&hay, false, true, 0), vec![at]);
            assert!(all(&hay, true, 0).is_empty());
        }
    }

    #[test]
    fn reset_forgets_moved_bytes() {
        let mut f = ColonFinder::new(false, false);
        let mut hay = vec![b'a'; 128];
        hay[10] = b':';
        hay[20] = b':';
        assert_eq!(f.find(&hay, 0), Some(10));
        // The buffer moves: the colon at 20 is now at 5.
        hay.copy_within(15.., 0);
        f.reset();
        assert_eq!(f.find(&hay, 0), Some(5));
    }

    #[test]
    fn searching_back_before_the_block_starts_over() {
        let mut f = ColonFinder::new(false, false);
        let mut hay = vec![b'a'; 256];
        hay[3] = b':';
        hay[100] = b':';
        assert_eq!(f.find(&hay, 50), Some(100));
        assert_eq!(f.find(&hay, 0), Some(3));
        assert_eq!(f.find(&hay, 4), Some(100));
        assert_eq!(f.find(&hay, 101), None);
        assert_eq!(f.find(&hay, 300), None);
    }
}
