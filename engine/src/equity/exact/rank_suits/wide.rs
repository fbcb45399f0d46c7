//! For processors with AVX2: a batch of multisets' ways eight at a time,
//! each multiset's five slots gathered from the deal's ways and
//! multiplied lane by lane, where the baseline code reads and multiplies
//! them one by one (23 instructions a multiset, an eighth of
//! `AhAs KhKs QhQs`'s count).

use std::arch::x86_64::{
    __m256i, _mm256_castsi256_si128, _mm256_cvtepu32_epi64, _mm256_extracti128_si256,
    _mm256_i32gather_epi32, _mm256_loadu_si256, _mm256_mullo_epi32, _mm256_or_si256,
    _mm256_permutevar8x32_epi32, _mm256_set1_epi32, _mm256_setr_epi8, _mm256_setr_epi32,
    _mm256_shuffle_epi8, _mm256_storeu_si256,
};

use super::{BATCH, Ways};
use crate::equity::exact::rank_multisets::{BOARD, Pattern};

/// A shuffle taking byte `j` of each of a 128-bit lane's two multisets
/// (eight bytes each) into 32-bit lanes `at` and `at + 1`, zero above
/// (a byte with its top bit set clears its place).
const fn pick(j: i8, at: usize) -> [i8; 16] {
    let mut lane = [-1i8; 16];
    lane[4 * at] = j;
    lane[4 * (at + 1)] = 8 + j;
    lane
}

impl Ways {
    /// The ways of each of `patterns` (at most [`BATCH`]), into `out` in
    /// order, as [`of_pattern`](Ways::of_pattern) gives them.
    #[target_feature(enable = "avx2")]
    pub(in crate::equity::exact) fn of_patterns_avx2(
        &self,
        patterns: &[Pattern],
        out: &mut [u64; BATCH],
    ) {
        let (whole, rest) = patterns.as_chunks::<8>();
        for (eight, out) in whole.iter().zip(out.as_chunks_mut::<8>().0) {
            *out = self.of_eight(eight);
        }
        let done = whole.len() * 8;
        for (pattern, out) in rest.iter().zip(&mut out[done..]) {
            *out = self.of_pattern(pattern);
        }
    }

    /// The ways of eight multisets.
    #[target_feature(enable = "avx2")]
    fn of_eight(&self, eight: &[Pattern; 8]) -> [u64; 8] {
        // The same shuffle in both 128-bit lanes.
        let at = |l: [i8; 16]| {
            _mm256_setr_epi8(
                l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7], l[8], l[9], l[10], l[11], l[12],
                l[13], l[14], l[15], l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7], l[8], l[9],
                l[10], l[11], l[12], l[13], l[14], l[15],
            )
        };
        // SAFETY: `eight` is 64 bytes of multisets (`Pattern` is
        // `repr(C)`, eight bytes); unaligned loads.
        let (low, high) = unsafe {
            let p = eight.as_ptr().cast::<__m256i>();
            (_mm256_loadu_si256(p), _mm256_loadu_si256(p.add(1)))
        };
        let mut product = _mm256_set1_epi32(1);
        for j in 0..BOARD as i8 {
            // Slot `j` of the multisets, 32 bits each, in the order
            // 0 1 4 5 2 3 6 7 (a shuffle stays in its 128-bit lane).
            let slots = _mm256_or_si256(
                _mm256_shuffle_epi8(low, at(pick(j, 0))),
                _mm256_shuffle_epi8(high, at(pick(j, 2))),
            );
            // SAFETY: every slot is below the table's length (checked
            // when compiling, beside `WAYS_SLOTS`); the gather reads
            // 32-bit entries of it.
            let ways = unsafe { _mm256_i32gather_epi32::<4>(self.by.as_ptr().cast(), slots) };
            product = _mm256_mullo_epi32(product, ways);
        }
        let product =
            _mm256_permutevar8x32_epi32(product, _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7));
        let mut out = [0u64; 8];
        // SAFETY: `out` is 64 bytes; unaligned stores.
        unsafe {
            let p = out.as_mut_ptr().cast::<__m256i>();
            _mm256_storeu_si256(p, _mm256_cvtepu32_epi64(_mm256_castsi256_si128(product)));
            let high = _mm256_extracti128_si256::<1>(product);
            _mm256_storeu_si256(p.add(1), _mm256_cvtepu32_epi64(high));
        }
        out
    }
}
