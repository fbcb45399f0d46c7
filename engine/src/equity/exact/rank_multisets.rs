//! The rank multisets of five-card boards that rank-pattern counting
//! ([`rank_patterns`](super::rank_patterns)) walks: the 6,175 multisets of
//! five ranks with at most four of a rank, the ways to deal them from
//! the cards of each rank left, each multiset's value with each pair of
//! hole ranks, and how many ranks a mask of them holds.

use std::ops::Range;

/// Board cards the kernel deals: it counts spots with no board yet.
pub(super) const BOARD: usize = 5;

/// Ranks in a suit.
pub(super) const RANKS: usize = 13;

/// Room for the counts of one rank on a board, 0 to 4, in a deal's ways
/// (`rank_suits::Ways`).
pub(super) const WAYS_STRIDE: usize = 8;

/// `n` choose `k` for the small numbers of a rank's cards (n <= 4).
const fn choose(n: u32, k: u32) -> u64 {
    match (n, k) {
        (_, 0) => 1,
        (n, 1) => n as u64,
        (n, 2) if n >= 2 => (n * (n - 1) / 2) as u64,
        (n, 3) if n >= 3 => (n * (n - 1) * (n - 2) / 6) as u64,
        (4, 4) => 1,
        _ => 0,
    }
}

/// Position subsets (bit `i`: the multiset's `i`-th distinct rank) of
/// three or more of `d` distinct ranks, largest first, by `d`.
pub(super) static SUBSETS: [&[u8]; BOARD + 1] = [
    &[],
    &[],
    &[],
    &[0b111],
    &[0b1111, 0b0111, 0b1011, 0b1101, 0b1110],
    &[
        0b11111, 0b01111, 0b10111, 0b11011, 0b11101, 0b11110, 0b00111, 0b01011, 0b01101, 0b01110,
        0b10011, 0b10101, 0b10110, 0b11001, 0b11010, 0b11100,
    ],
];

/// One multiset of five ranks (at most four of a rank): its distinct
/// ranks with how many of each, where each reads its ways, and those
/// ranks as a mask, in that order (read eight at a time as bytes by
/// `rank_suits::wide`). Eight bytes, so that a count's walk over all 6,175
/// reads 49 KB from memory, not the 111 KB it read with the ranks and
/// counts stored apart from their slots.
#[derive(Clone, Copy)]
#[repr(C)]
pub(super) struct Pattern {
    /// Per distinct rank, its entry in a deal's ways
    /// (`rank * WAYS_STRIDE + count`); past the last, 0 (rank 0 dealt 0
    /// times, one way).
    pub(super) slots: [u8; BOARD],
    pub(super) distinct: u8,
    /// Bit `rank` set for each of its distinct ranks.
    pub(super) mask: u16,
}

impl Pattern {
    /// Its `i`-th distinct rank (0 past the last).
    #[inline(always)]
    pub(super) fn rank(&self, i: usize) -> u8 {
        self.slots[i] / WAYS_STRIDE as u8
    }

    /// How many of its `i`-th distinct rank it holds (0 past the last).
    #[inline(always)]
    pub(super) fn count(&self, i: usize) -> u8 {
        self.slots[i] % WAYS_STRIDE as u8
    }

    /// Its distinct ranks by position (0 past the last).
    #[inline(always)]
    pub(super) fn ranks(&self) -> [u8; BOARD] {
        std::array::from_fn(|i| self.rank(i))
    }

    /// How many of each distinct rank it holds, by position (0 past the
    /// last).
    #[cfg(test)]
    pub(super) fn counts(&self) -> [u8; BOARD] {
        std::array::from_fn(|i| self.count(i))
    }
}

const _: () = assert!(size_of::<Pattern>() == 8, "a multiset is eight bytes");

/// Multisets of five ranks with at most four of a rank.
pub(super) const PATTERN_COUNT: usize = 6175;

/// The multisets of five ranks, as non-decreasing rank sequences in
/// lexicographic order (five equal ranks left out).
pub(super) static PATTERNS: [Pattern; PATTERN_COUNT] = {
    let empty = Pattern {
        slots: [0; BOARD],
        distinct: 0,
        mask: 0,
    };
    let mut out = [empty; PATTERN_COUNT];
    let mut n = 0;
    let mut seq = [0usize; BOARD];
    loop {
        if seq[0] != seq[BOARD - 1] {
            let mut pattern = empty;
            let (mut ranks, mut counts) = ([0u8; BOARD], [0u8; BOARD]);
            let mut i = 0;
            while i < BOARD {
                let at = pattern.distinct as usize;
                if at > 0 && ranks[at - 1] as usize == seq[i] {
                    counts[at - 1] += 1;
                } else {
                    ranks[at] = seq[i] as u8;
                    counts[at] = 1;
                    pattern.distinct += 1;
                }
                pattern.mask |= 1 << seq[i];
                i += 1;
            }
            let mut at = 0;
            while at < pattern.distinct as usize {
                pattern.slots[at] = ranks[at] * WAYS_STRIDE as u8 + counts[at];
                at += 1;
            }
            out[n] = pattern;
            n += 1;
        }
        // The next non-decreasing sequence: raise the last position that
        // can rise and level every later one with it.
        let mut i = BOARD;
        while i > 0 && seq[i - 1] == RANKS - 1 {
            i -= 1;
        }
        if i == 0 {
            break;
        }
        seq[i - 1] += 1;
        let mut j = i;
        while j < BOARD {
            seq[j] = seq[i - 1];
            j += 1;
        }
    }
    assert!(n == PATTERN_COUNT);
    out
};

/// `WAYS[n][k]`: `n` choose `k` for the cards of one rank.
pub(super) const WAYS: [[u64; 5]; 5] = {
    let mut ways = [[0; 5]; 5];
    let mut n = 0;
    while n < 5 {
        let mut k = 0;
        while k < 5 {
            ways[n][k] = choose(n as u32, k as u32);
            k += 1;
        }
        n += 1;
    }
    ways
};

/// Pairs of hole ranks, the lower first ([`pair_index`]).
const PAIRS: usize = RANKS * (RANKS + 1) / 2;

/// Per pair of hole ranks ([`pair_index`]), the value without a flush
/// (`compact::value_without_flush`) of the pair with each multiset of
/// [`PATTERNS`], in order, as little-endian `u16`s; 0 where the seven
/// cards would hold five of a rank. Written by the build script
/// (`build/compact.rs`, `pair_values`): a count reads a seat's values in
/// order from its pair's row (12 KB) where a hash lookup per seat and
/// multiset read the evaluator's 256 KB table at random.
static PAIR_VALUES: &[u8; PAIRS * PATTERN_COUNT * 2] =
    include_bytes!(concat!(env!("OUT_DIR"), "/pair_values.bin"));

/// The index of the hole ranks `a` and `b` (either order) among the pairs
/// of [`PAIR_VALUES`].
pub(super) const fn pair_index(a: usize, b: usize) -> usize {
    let (low, high) = if a <= b { (a, b) } else { (b, a) };
    high * (high + 1) / 2 + low
}

/// The values without a flush of the hole ranks `pair` ([`pair_index`])
/// with the multisets `multisets` of [`PATTERNS`], as little-endian `u16`
/// bytes (two a multiset).
#[inline(always)]
pub(super) fn pair_values(pair: usize, multisets: Range<usize>) -> &'static [u8] {
    let row = pair % PAIRS * PATTERN_COUNT;
    &PAIR_VALUES[2 * (row + multisets.start)..2 * (row + multisets.end)]
}

/// Reads one byte of each 4 KB page of the multisets and of every
/// pair's values (1.2 MB, bytes the build wrote into the executable), so
/// that their pages are mapped before a count reads them: in a fresh
/// process each first read of a 64 KB stretch of the executable traps to
/// the kernel (about 4 µs under a hypervisor), which a small count such
/// as `AhAs KhKs QhQs` (about 0.1 ms) did four or five times on the
/// virtual machine of `docs/performance.md` (2026-12-02, evening).
pub(super) fn touch_tables() -> u32 {
    let distinct = each_page(&PATTERNS).map(|pattern| u32::from(pattern.distinct));
    let bytes = each_page(PAIR_VALUES).map(|&byte| u32::from(byte));
    distinct.chain(bytes).fold(0, u32::wrapping_add)
}

/// The smallest page size of the platforms Rangestove runs on.
const PAGE: usize = 4096;

/// An entry of each 4 KB page of `table` (read through `black_box`, so
/// the reads are made though the contents are known when compiling).
pub(super) fn each_page<T>(table: &[T]) -> impl Iterator<Item = &T> {
    std::hint::black_box(table)
        .iter()
        .step_by((PAGE / size_of::<T>()).max(1))
}

/// Ranks set in a 7-bit mask, by mask.
static RANKS_IN: [u8; 128] = {
    let mut counts = [0u8; 128];
    let mut mask = 0;
    while mask < 128 {
        counts[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    counts
};

/// How many ranks the mask `ranks` (bit `rank`, 13 ranks) holds: two
/// reads of a small table, where `count_ones` compiles to a dozen
/// instructions on the baseline x86-64 this is built for (no `popcnt`).
#[inline(always)]
pub(super) fn ranks_in(ranks: u16) -> u32 {
    u32::from(RANKS_IN[usize::from(ranks) % 128])
        + u32::from(RANKS_IN[usize::from(ranks >> 7) % 128])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compact::{rank_key, value_without_flush};

    /// The rank-key sum of `pattern`'s five ranks.
    fn key(pattern: &Pattern) -> u32 {
        (pattern.ranks().iter().zip(&pattern.counts()))
            .map(|(&rank, &count)| u32::from(count) * rank_key(usize::from(rank)))
            .sum()
    }

    /// Every pair's row holds the evaluator's value of the pair with each
    /// multiset, in the multisets' order, and 0 where the seven cards
    /// would hold five of a rank.
    #[test]
    fn a_pairs_values_are_the_evaluators() {
        for high in 0..RANKS {
            for low in 0..=high {
                let row = pair_values(pair_index(high, low), 0..PATTERN_COUNT);
                let hole = rank_key(low) + rank_key(high);
                for (pattern, value) in PATTERNS.iter().zip(row.chunks_exact(2)) {
                    let value = u16::from_le_bytes([value[0], value[1]]);
                    let held = |rank: usize| usize::from(rank == low) + usize::from(rank == high);
                    let counts = pattern.counts();
                    let counts = &counts[..usize::from(pattern.distinct)];
                    let five = (pattern.ranks().iter().zip(counts))
                        .any(|(&rank, &count)| usize::from(count) + held(usize::from(rank)) > 4);
                    let expected = if five {
                        0
                    } else {
                        value_without_flush(key(pattern) + hole)
                    };
                    assert_eq!(value, expected, "{low} {high} {:?}", pattern.ranks());
                }
            }
        }
    }

    /// The table's count of ranks is `count_ones` on every 13-rank mask.
    #[test]
    fn ranks_in_counts_every_masks_ranks() {
        for mask in 0..1u16 << 13 {
            assert_eq!(ranks_in(mask), mask.count_ones(), "{mask:#b}");
        }
    }

    /// The multisets are distinct, each at most four of a rank, and with
    /// their ways from a full deck they make every five-card board once.
    #[test]
    fn the_rank_multisets_cover_every_board_once() {
        let mut keys: Vec<u32> = PATTERNS.iter().map(key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), PATTERN_COUNT);
        let boards: u64 = PATTERNS
            .iter()
            .map(|p| {
                let distinct = usize::from(p.distinct);
                let all = p.counts();
                let counts = &all[..distinct];
                assert_eq!(counts.iter().map(|&c| u32::from(c)).sum::<u32>(), 5);
                assert!(counts.iter().all(|&c| (1..=4).contains(&c)));
                // Distinct ranks rising, past the last rank 0 dealt 0
                // times, and the mask theirs.
                let ranks = p.ranks();
                assert!(ranks[..distinct].windows(2).all(|w| w[0] < w[1]));
                assert!(ranks[..distinct].iter().all(|&r| usize::from(r) < RANKS));
                assert!(p.slots[distinct..].iter().all(|&slot| slot == 0));
                let mask = (ranks[..distinct].iter()).fold(0u16, |m, &r| m | 1 << r);
                assert_eq!(p.mask, mask);
                counts
                    .iter()
                    .map(|&c| WAYS[4][usize::from(c)])
                    .product::<u64>()
            })
            .sum();
        assert_eq!(boards, 2_598_960);
    }
}
