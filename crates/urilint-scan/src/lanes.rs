//! Classifying sixteen bytes at once: which bytes of a lane are scheme
//! characters, which are URI characters, with SSE2 (part of x86-64, so
//! always present there) through the safe wrappers of `safe_arch`. No
//! `unsafe` here. Elsewhere the callers' scalar loops run alone.
//!
//! SSE2 has no unsigned byte comparison: a range `lo..=hi` is tested by
//! adding `0x80 - lo` (which moves `lo` to -128) and one signed
//! comparison with the moved `hi + 1`; bytes from 0x80 up fall outside
//! every ASCII range this way, as the byte tables of
//! [`crate::grammar::chars`] have them.

#[cfg(target_arch = "x86_64")]
use safe_arch::{
    add_i8_m128i, bitor_m128i, cmp_eq_mask_i8_m128i, cmp_lt_mask_i8_m128i, m128i,
    move_mask_i8_m128i, set_splat_i8_m128i,
};

use crate::grammar::chars::{is, URI_PLAIN, URI_TEXT};

/// All lanes of `v` in `lo..=hi` (`lo <= hi < 0x80`): 0xFF, others 0.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn within(v: m128i, lo: u8, hi: u8) -> m128i {
    let shifted = add_i8_m128i(v, set_splat_i8_m128i(0x80u8.wrapping_sub(lo) as i8));
    let bound = set_splat_i8_m128i(0x80u8.wrapping_add(hi - lo).wrapping_add(1) as i8);
    cmp_lt_mask_i8_m128i(shifted, bound)
}

/// All lanes of `v` equal to `b`: 0xFF, others 0.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn eq(v: m128i, b: u8) -> m128i {
    cmp_eq_mask_i8_m128i(v, set_splat_i8_m128i(b as i8))
}

/// Bit `i` set when `bytes[i]` is not a scheme character (`ALPHA DIGIT +
/// - .`, RFC 3986 section 3.1).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn non_scheme(bytes: [u8; 16]) -> u32 {
    let v = m128i::from(bytes);
    let letters = within(bitor_m128i(v, set_splat_i8_m128i(0x20)), b'a', b'z');
    let digits = within(v, b'0', b'9');
    let plus = eq(v, b'+');
    let minus_dot = within(v, b'-', b'.');
    let scheme = bitor_m128i(bitor_m128i(letters, digits), bitor_m128i(plus, minus_dot));
    !(move_mask_i8_m128i(scheme) as u32) & 0xFFFF
}

/// Bit `i` set when `bytes[i]` is not [`URI_TEXT`] (with `PLAIN`: not
/// [`URI_PLAIN`]): outside `!`..`~`, or one of `" < > \ ^ `` ` `` { | }`
/// (and with `PLAIN` also `' ( ) , ; [ ]`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn outside_uri<const PLAIN: bool>(bytes: [u8; 16]) -> u32 {
    let v = m128i::from(bytes);
    let printable = within(v, b'!', b'~');
    let mut excluded = bitor_m128i(
        bitor_m128i(eq(v, b'"'), eq(v, b'>')),
        bitor_m128i(eq(v, b'`'), within(v, b'{', b'}')),
    );
    if PLAIN {
        // `[ \ ] ^`, `; <`, `' ( )`, `,`
        excluded = bitor_m128i(
            excluded,
            bitor_m128i(
                bitor_m128i(within(v, b'[', b'^'), within(v, b';', b'<')),
                bitor_m128i(within(v, b'\'', b')'), eq(v, b',')),
            ),
        );
    } else {
        excluded = bitor_m128i(
            excluded,
            bitor_m128i(eq(v, b'<'), bitor_m128i(eq(v, b'\\'), eq(v, b'^'))),
        );
    }
    let inside = move_mask_i8_m128i(printable) & !move_mask_i8_m128i(excluded);
    !(inside as u32) & 0xFFFF
}

/// The end of the run of [`URI_TEXT`] bytes (with `PLAIN`: [`URI_PLAIN`]
/// bytes) that starts at `j` in `hay`, at most `limit` (an index, at most
/// `hay.len()`): the first index at or after `j` whose byte is not one,
/// or `limit`. Sixteen bytes at a time on x86-64.
#[inline(always)]
pub(crate) fn run_end<const PLAIN: bool>(hay: &[u8], mut j: usize, limit: usize) -> usize {
    let limit = limit.min(hay.len());
    #[cfg(target_arch = "x86_64")]
    while j + 16 <= limit {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&hay[j..j + 16]);
        let outside = outside_uri::<PLAIN>(bytes);
        if outside != 0 {
            return j + outside.trailing_zeros() as usize;
        }
        j += 16;
    }
    let class = if PLAIN { URI_PLAIN } else { URI_TEXT };
    while j < limit && is(hay[j], class) {
        j += 1;
    }
    j
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::chars::SCHEME;

    /// Every byte value in every lane, among bytes of the class, against
    /// the byte tables.
    #[test]
    fn lanes_agree_with_the_byte_tables() {
        for b in 0..=255u8 {
            for k in 0..16 {
                let mut bytes = [b'a'; 16];
                bytes[k] = b;
                #[cfg(target_arch = "x86_64")]
                {
                    let want = if is(b, SCHEME) { 0 } else { 1 << k };
                    assert_eq!(non_scheme(bytes), want, "scheme {b:#04x} at {k}");
                    let want = if is(b, URI_TEXT) { 0 } else { 1 << k };
                    assert_eq!(outside_uri::<false>(bytes), want, "text {b:#04x} at {k}");
                    let want = if is(b, URI_PLAIN) { 0 } else { 1 << k };
                    assert_eq!(outside_uri::<true>(bytes), want, "plain {b:#04x} at {k}");
                }
                let mut hay = vec![b'a'; 40];
                hay[k + 3] = b;
                for (plain, class) in [(false, URI_TEXT), (true, URI_PLAIN)] {
                    for (from, limit) in [(0, 40), (2, 40), (0, k + 3), (0, k + 4), (5, 30)] {
                        let mut want = from;
                        while want < limit.min(40) && is(hay[want], class) {
                            want += 1;
                        }
                        let got = if plain {
                            run_end::<true>(&hay, from, limit)
                        } else {
                            run_end::<false>(&hay, from, limit)
                        };
                        assert_eq!(got, want, "{b:#04x} at {} from {from} to {limit}", k + 3);
                    }
                }
            }
        }
    }
}
