//! The sets of three to five ranks that a board can deal in one suit: on
//! boards of five distinct ranks a flush decides the pot alone, so
//! rank-pattern counting ([`rank_patterns`](super::rank_patterns)) ranks
//! each such set once ([`rank_suits`](super::rank_suits)), the work cut
//! into shares of them. On paired boards where no seat makes a full house
//! or quads without a flush, a flush decides alone too: their suitings are
//! summed by set ([`SetSums`]) and each set ranked once.

use std::cell::Cell;
use std::ops::{Deref, DerefMut};

use super::rank_multisets::each_page;

/// Sets of three to five of the 13 ranks: 286 + 715 + 1,287.
const SET_COUNT: usize = 2288;

/// Every set of three to five ranks (bit `rank`), in increasing order.
static SETS: [u16; SET_COUNT] = {
    let mut sets = [0u16; SET_COUNT];
    let mut n = 0;
    let mut mask = 0u32;
    while mask < 1 << 13 {
        let k = mask.count_ones();
        if k >= 3 && k <= 5 {
            sets[n] = mask as u16;
            n += 1;
        }
        mask += 1;
    }
    assert!(n == SET_COUNT);
    sets
};

/// Sets of three or four ranks (those a paired board deals in one suit):
/// 286 + 715.
const SMALL_COUNT: usize = 1001;

/// Each set of three or four ranks' position among them in increasing
/// order, by its mask (`u16::MAX` for other masks).
static SMALL_INDEX: [u16; 1 << 13] = {
    let mut index = [u16::MAX; 1 << 13];
    let (mut mask, mut n) = (0, 0);
    while mask < 1 << 13 {
        let k = (mask as u32).count_ones();
        if k == 3 || k == 4 {
            index[mask] = n;
            n += 1;
        }
        mask += 1;
    }
    assert!(n as usize == SMALL_COUNT);
    index
};

/// Every set of three or four ranks, in increasing order (by
/// [`SMALL_INDEX`]).
static SMALL_SETS: [u16; SMALL_COUNT] = {
    let mut sets = [0u16; SMALL_COUNT];
    let mut mask = 0;
    while mask < 1 << 13 {
        let i = SMALL_INDEX[mask];
        if i != u16::MAX {
            sets[i as usize] = mask as u16;
        }
        mask += 1;
    }
    sets
};

/// Reads one entry of each page of the sets' tables
/// ([`rank_multisets::touch_tables`](super::rank_multisets::touch_tables)).
pub(super) fn touch_tables() -> u32 {
    (each_page(&SETS).chain(each_page(&SMALL_INDEX)))
        .chain(each_page(&SMALL_SETS))
        .fold(0, |sum, &entry| sum.wrapping_add(u32::from(entry)))
}

/// The ways of flush suitings on paired boards summed by the set of ranks
/// dealt in the suit (three or four), where the flushes decide alone (no
/// seat makes a full house or quads without them): the outcome is then
/// the set's, whatever the other ranks, so each set is ranked once however
/// many multisets deal it.
pub(super) struct SetSums {
    /// By set (its [`SMALL_INDEX`]): the ways summed; empty until the
    /// first is added (a work item may add none).
    ways: Vec<u64>,
    /// The sets with ways (by index), each once.
    touched: Vec<u16>,
}

thread_local! {
    /// Each thread's set sums, kept from one work item to the next (8 KB
    /// each once used, left cleared).
    static KEPT: Cell<Vec<SetSums>> = const { Cell::new(Vec::new()) };
}

/// Set sums lent by the thread ([`SetSums::lend`]), handed back cleared
/// when dropped.
pub(super) struct Lent(Vec<SetSums>, usize);

impl Deref for Lent {
    type Target = [SetSums];
    fn deref(&self) -> &[SetSums] {
        &self.0[..self.1]
    }
}

impl DerefMut for Lent {
    fn deref_mut(&mut self) -> &mut [SetSums] {
        &mut self.0[..self.1]
    }
}

impl Drop for Lent {
    fn drop(&mut self) {
        for sums in &mut self.0[..self.1] {
            sums.clear();
        }
        let sums = std::mem::take(&mut self.0);
        KEPT.with(|kept| kept.set(sums));
    }
}

impl SetSums {
    fn new() -> SetSums {
        SetSums {
            ways: Vec::new(),
            touched: Vec::new(),
        }
    }

    /// `n` empty set sums: the thread's kept ones, new ones where it has
    /// fewer (or lent them already).
    pub(super) fn lend(n: usize) -> Lent {
        let mut kept = KEPT.with(Cell::take);
        while kept.len() < n {
            kept.push(SetSums::new());
        }
        Lent(kept, n)
    }

    /// Clears every set's ways.
    fn clear(&mut self) {
        for i in self.touched.drain(..) {
            self.ways[usize::from(i)] = 0;
        }
    }

    /// Adds `ways` to the set `set` (three or four ranks; `ways` not 0).
    #[inline(always)]
    pub(super) fn add(&mut self, set: u16, ways: u64) {
        // Only paired boards' suitings are summed here (three or four
        // ranks); a set of five, of five distinct ranks, is counted by
        // set on its own (`SuitHolding::distinct_flushes`) and left out.
        let i = SMALL_INDEX[usize::from(set) & ((1 << 13) - 1)];
        if self.ways.is_empty() {
            self.ways = vec![0; SMALL_COUNT];
        }
        let Some(sum) = self.ways.get_mut(usize::from(i)) else {
            return;
        };
        if *sum == 0 {
            self.touched.push(i);
        }
        *sum += ways;
    }

    /// Hands every set's ways to `visit` (the set, its ways) and clears
    /// them.
    pub(super) fn drain(&mut self, mut visit: impl FnMut(u16, u64)) {
        for i in self.touched.drain(..) {
            let ways = &mut self.ways[usize::from(i)];
            visit(SMALL_SETS[usize::from(i)], *ways);
            *ways = 0;
        }
    }
}

/// The share `share` of `shares` of the suited sets, in order.
pub(super) fn sets(share: usize, shares: usize) -> &'static [u16] {
    &SETS[share * SET_COUNT / shares..(share + 1) * SET_COUNT / shares]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set of `sizes` ranks, in increasing order of its mask.
    fn every_set(sizes: std::ops::RangeInclusive<u32>) -> Vec<u16> {
        (0..1u16 << 13)
            .filter(|m| sizes.contains(&m.count_ones()))
            .collect()
    }

    /// The sets are every set of three to five ranks, each once, and the
    /// shares cut them whole.
    #[test]
    fn the_sets_are_every_set_of_three_to_five_ranks() {
        let every = every_set(3..=5);
        assert_eq!(SETS.to_vec(), every);
        for shares in [1, 3, 8] {
            let cut: Vec<u16> = (0..shares).flat_map(|s| sets(s, shares).to_vec()).collect();
            assert_eq!(cut, every);
        }
    }

    /// Set sums hand back each set added, its ways summed, and are empty
    /// after (lent again, they start empty).
    #[test]
    fn set_sums_hand_back_what_was_added() {
        assert_eq!(SMALL_SETS.to_vec(), every_set(3..=4));
        for round in 0..2 {
            let mut lent = SetSums::lend(2);
            let (akq, akqj) = (0b1_1100_0000_0000, 0b1_1110_0000_0000);
            lent[0].add(akq, 3);
            lent[0].add(0b111, 5);
            lent[0].add(akq, 4 + round);
            lent[1].add(akqj, 1);
            let mut got = Vec::new();
            lent[0].drain(|set, ways| got.push((set, ways)));
            got.sort_unstable();
            assert_eq!(got, vec![(0b111, 5), (akq, 7 + round)]);
            lent[0].drain(|_, _| panic!("drained twice"));
        }
        let mut lent = SetSums::lend(2);
        lent[1].drain(|_, _| panic!("left from the last loan"));
    }
}
