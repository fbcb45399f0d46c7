//! Generator of the compact seven-card evaluator's tables (about 250 KiB, so
//! they stay in the L2 cache under random access, where the 124 MiB
//! Two-Plus-Two table misses on nearly every lookup).
//!
//! A seven-card hand is summarised by two additive quantities:
//!
//! * the **rank key**: the sum of [`RANK_KEYS`]`[rank]` over its cards. The
//!   keys are chosen so that any two different multisets of seven ranks (at
//!   most four of a rank) have different sums; the sum therefore determines
//!   the hand's value whenever no suit holds five cards;
//! * per suit, the **ranks held** (a 13-bit mask) and a card count. When a
//!   suit holds five or more of the seven cards the hand is a flush or a
//!   straight flush decided by that suit's ranks alone: quads or a full house
//!   would need three more cards outside the suit, eight in all.
//!
//! Rank keys are sparse (the largest seven-card sum is about 7.8 million), so
//! they are squeezed into a dense table by a row-displacement perfect hash:
//! a key's row is `key >> HASH_SHIFT`, its column the low bits, and each row
//! gets an offset such that no two keys of all rows land on the same slot:
//! `slot = HASH_OFFSETS[key >> HASH_SHIFT] + (key & (2^HASH_SHIFT - 1))`.
//! Flushes look up a 8192-entry table by the suit's rank mask. Both hash
//! tables are padded with zeros to a power of two, so lookups can mask
//! their indices instead of checking bounds; the padding is never read for
//! seven cards and costs no cache.
//!
//! This file is compiled twice: by `build.rs`, which writes the tables, and
//! by the engine's unit tests, which test the functions below.

/// Rank keys, deuce first. Found once by a greedy search (each key the
/// smallest above the previous one such that, for every size `n <= 7`, all
/// multisets of `n` ranks among the keys so far have distinct sums; a
/// candidate is rejected when it equals `(x - y) / d` for sums `x` of `m`
/// and `y` of `m - d` ranks, `d` = 1..4). [`seven_card_sums`] and the tests
/// check the property that matters: distinct sums for seven ranks.
pub const RANK_KEYS: [u32; 13] = [
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
];

/// Bits of a rank key that select the column within a row of the hash.
pub const HASH_SHIFT: u32 = 9;

/// Number of multisets of seven ranks with at most four of a rank.
pub const SEVEN_RANK_MULTISETS: usize = 49_205;

/// Calls `f(counts)` for every multiset of `left` ranks with at most four of
/// a rank, `counts[r]` being how many of rank `r` it holds.
pub fn for_each_multiset(left: u8, f: &mut dyn FnMut(&[u8; 13])) {
    fn walk(counts: &mut [u8; 13], from: usize, left: u8, f: &mut dyn FnMut(&[u8; 13])) {
        if left == 0 {
            f(counts);
            return;
        }
        for rank in from..13 {
            if counts[rank] < 4 {
                counts[rank] += 1;
                walk(counts, rank, left - 1, f);
                counts[rank] -= 1;
            }
        }
    }
    walk(&mut [0; 13], 0, left, f);
}

/// The rank key of a multiset of ranks.
pub fn rank_key(counts: &[u8; 13]) -> u32 {
    counts
        .iter()
        .zip(RANK_KEYS)
        .map(|(&count, key)| u32::from(count) * key)
        .sum()
}

/// Every seven-rank multiset's key with the multiset, in walk order.
pub fn seven_card_sums() -> Vec<(u32, [u8; 13])> {
    let mut out = Vec::with_capacity(SEVEN_RANK_MULTISETS);
    for_each_multiset(7, &mut |counts| out.push((rank_key(counts), *counts)));
    out
}

/// The compact evaluator's tables.
pub struct CompactTables {
    /// Per hash row, the slot of its column 0 in `ranks` (padded with zeros
    /// to a power of two).
    pub offsets: Vec<u32>,
    /// Hand rank (`category << 12 | index`) per slot; 0 in unused slots
    /// (padded to a power of two).
    pub ranks: Vec<u16>,
    /// Hand rank of the flush or straight flush made by each 13-bit rank
    /// mask of five or more ranks; 0 for fewer.
    pub flushes: Vec<u16>,
}

/// Builds the tables. `rank_of(counts, flush_mask)` gives the dense hand rank
/// of five to seven cards with rank counts `counts`, `flush_mask` being the
/// ranks of the suit holding five or more of them (0 when none does).
pub fn generate(rank_of: &dyn Fn(&[u8; 13], u16) -> u32) -> CompactTables {
    let sums = seven_card_sums();
    let (offsets, slots) = perfect_hash(&sums.iter().map(|&(k, _)| k).collect::<Vec<_>>());
    let mut ranks = vec![0u16; slots.iter().copied().max().map_or(0, |s| s as usize + 1)];
    // Both lookup tables are padded to a power of two, so the evaluator can
    // mask indices instead of checking bounds.
    let mut offsets = offsets;
    offsets.resize(offsets.len().next_power_of_two(), 0);
    ranks.resize(ranks.len().next_power_of_two(), 0);
    for (&(_, counts), &slot) in sums.iter().zip(&slots) {
        ranks[slot as usize] = dense(rank_of(&counts, 0));
    }
    let flushes = (0..1u16 << 13)
        .map(|mask| {
            if mask.count_ones() < 5 {
                return 0;
            }
            let counts = std::array::from_fn(|r| u8::from(mask >> r & 1 == 1));
            dense(rank_of(&counts, mask))
        })
        .collect();
    CompactTables {
        offsets,
        ranks,
        flushes,
    }
}

/// A dense hand rank as `u16` (category at most 9, so at most `0x9fff`).
fn dense(rank: u32) -> u16 {
    u16::try_from(rank).expect("dense hand ranks fit in u16")
}

/// Row-displacement perfect hash of distinct `keys`: returns the offset of
/// each row (`key >> HASH_SHIFT`) and each key's slot. Rows are placed
/// fullest first, each at the lowest offset where all its columns are free.
pub fn perfect_hash(keys: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let width = 1usize << HASH_SHIFT;
    let rows = keys
        .iter()
        .map(|&k| (k >> HASH_SHIFT) as usize + 1)
        .max()
        .unwrap_or(0);
    let mut columns: Vec<Vec<usize>> = vec![Vec::new(); rows];
    for &key in keys {
        columns[(key >> HASH_SHIFT) as usize].push(key as usize & (width - 1));
    }
    let mut order: Vec<usize> = (0..rows).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(columns[r].len()), r));
    let mut used = vec![false; keys.len() * 4 + width];
    let mut offsets = vec![0u32; rows];
    for &row in &order {
        if columns[row].is_empty() {
            continue;
        }
        let mut offset = 0;
        while columns[row].iter().any(|&c| used[offset + c]) {
            offset += 1;
        }
        for &c in &columns[row] {
            used[offset + c] = true;
        }
        offsets[row] = u32::try_from(offset).expect("hash offsets fit in u32");
    }
    let slots = keys.iter().map(|&k| slot(&offsets, k)).collect();
    (offsets, slots)
}

/// The slot of `key` in a table hashed with the row offsets `offsets`
/// ([`perfect_hash`]).
pub fn slot(offsets: &[u32], key: u32) -> u32 {
    offsets[(key >> HASH_SHIFT) as usize] + (key & ((1 << HASH_SHIFT) - 1))
}

/// The boards' rank multisets in the order the engine's rank-pattern
/// count walks them: five ranks as non-decreasing sequences in
/// lexicographic order, at most four of a rank (five alike left out), as
/// counts by rank.
pub fn board_multisets() -> Vec<[u8; 13]> {
    let mut out = Vec::new();
    for a in 0..13 {
        for b in a..13 {
            for c in b..13 {
                for d in c..13 {
                    for e in d..13 {
                        if a == e {
                            continue;
                        }
                        let mut counts = [0u8; 13];
                        for rank in [a, b, c, d, e] {
                            counts[rank] += 1;
                        }
                        out.push(counts);
                    }
                }
            }
        }
    }
    out
}

/// Per pair of hole ranks (the higher rank's pairs after the lower's,
/// each by its lower rank: the pair `high * (high + 1) / 2 + low`), the
/// value without a flush of the pair with each board multiset
/// ([`board_multisets`], in order): the lookup the rank-pattern count
/// makes for every seat and multiset, laid out so that it reads a seat's
/// values in order. 0 where the seven cards would hold five of a rank.
pub fn pair_values(tables: &CompactTables) -> Vec<u16> {
    let boards = board_multisets();
    let mut out = Vec::new();
    for high in 0..13 {
        for low in 0..=high {
            out.extend(boards.iter().map(|board| {
                let mut counts = *board;
                counts[low] += 1;
                counts[high] += 1;
                if counts.iter().any(|&c| c > 4) {
                    return 0;
                }
                tables.ranks[slot(&tables.offsets, rank_key(&counts)) as usize]
            }));
        }
    }
    out
}
