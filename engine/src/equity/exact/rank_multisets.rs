//! The rank multisets of five-card boards that rank-pattern counting
//! ([`rank_patterns`](super::rank_patterns)) walks: the 6,175 multisets of
//! five ranks with at most four of a rank, and the ways to deal them from
//! the cards of each rank left.

use crate::compact::rank_key;

/// Board cards the kernel deals: it counts spots with no board yet.
pub(super) const BOARD: usize = 5;

/// Ranks in a suit.
pub(super) const RANKS: usize = 13;

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

/// One multiset of five ranks (at most four of a rank): its rank-key sum
/// and its distinct ranks with how many of each.
#[derive(Clone, Copy)]
pub(super) struct Pattern {
    pub(super) key: u32,
    pub(super) ranks: [u8; BOARD],
    pub(super) counts: [u8; BOARD],
    pub(super) distinct: u8,
}

/// Multisets of five ranks with at most four of a rank.
pub(super) const PATTERN_COUNT: usize = 6175;

/// The multisets of five ranks, as non-decreasing rank sequences in
/// lexicographic order (five equal ranks left out).
pub(super) static PATTERNS: [Pattern; PATTERN_COUNT] = {
    let empty = Pattern {
        key: 0,
        ranks: [0; BOARD],
        counts: [0; BOARD],
        distinct: 0,
    };
    let mut out = [empty; PATTERN_COUNT];
    let mut n = 0;
    let mut seq = [0usize; BOARD];
    loop {
        if seq[0] != seq[BOARD - 1] {
            let mut pattern = empty;
            let mut i = 0;
            while i < BOARD {
                let at = pattern.distinct as usize;
                if at > 0 && pattern.ranks[at - 1] as usize == seq[i] {
                    pattern.counts[at - 1] += 1;
                } else {
                    pattern.ranks[at] = seq[i] as u8;
                    pattern.counts[at] = 1;
                    pattern.distinct += 1;
                }
                pattern.key += rank_key(seq[i]);
                i += 1;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The multisets are distinct, each at most four of a rank, and with
    /// their ways from a full deck they make every five-card board once.
    #[test]
    fn the_rank_multisets_cover_every_board_once() {
        let mut keys: Vec<u32> = PATTERNS.iter().map(|p| p.key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), PATTERN_COUNT);
        let boards: u64 = PATTERNS
            .iter()
            .map(|p| {
                let counts = &p.counts[..usize::from(p.distinct)];
                assert_eq!(counts.iter().map(|&c| u32::from(c)).sum::<u32>(), 5);
                assert!(counts.iter().all(|&c| (1..=4).contains(&c)));
                counts
                    .iter()
                    .map(|&c| WAYS[4][usize::from(c)])
                    .product::<u64>()
            })
            .sum();
        assert_eq!(boards, 2_598_960);
    }
}
