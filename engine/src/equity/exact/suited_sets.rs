//! The sets of three to five ranks that a board can deal in one suit: on
//! boards of five distinct ranks a flush decides the pot alone, so
//! rank-pattern counting ([`rank_patterns`](super::rank_patterns)) ranks
//! each such set once ([`rank_suits`](super::rank_suits)), the work cut
//! into shares of them. On paired boards where no seat makes a full house
//! or quads without a flush, a flush decides alone too: their suitings are
//! summed by set ([`SetSums`]) and each set ranked once.

use std::cell::Cell;
use std::ops::{Deref, DerefMut};

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

/// The ways of flush suitings on paired boards summed by the set of ranks
/// dealt in the suit (three or four), where the flushes decide alone (no
/// seat makes a full house or quads without them): the outcome is then
/// the set's, whatever the other ranks, so each set is ranked once however
/// many multisets deal it.
pub(super) struct SetSums {
    /// By set (its [`SMALL_INDEX`]): its mask and the ways summed.
    ways: Vec<(u16, u64)>,
    /// The sets with ways (by index), each once.
    touched: Vec<u16>,
}

thread_local! {
    /// Each thread's set sums, kept from one work item to the next (16 KB
    /// each, left cleared).
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
            ways: vec![(0, 0); SMALL_COUNT],
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
            self.ways[usize::from(i)].1 = 0;
        }
    }

    /// Adds `ways` to the set `set` (three or four ranks; `ways` not 0).
    #[inline(always)]
    pub(super) fn add(&mut self, set: u16, ways: u64) {
        let i = SMALL_INDEX[usize::from(set) & ((1 << 13) - 1)];
        let Some(sum) = self.ways.get_mut(usize::from(i)) else {
            return;
        };
        if sum.1 == 0 {
            self.touched.push(i);
            sum.0 = set;
        }
        sum.1 += ways;
    }

    /// Hands every set's ways to `visit` (the set, its ways) and clears
    /// them.
    pub(super) fn drain(&mut self, mut visit: impl FnMut(u16, u64)) {
        for i in self.touched.drain(..) {
            let (set, ways) = &mut self.ways[usize::from(i)];
            visit(*set, *ways);
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

    /// The sets are every set of three to five ranks, each once, and the
    /// shares cut them whole.
    #[test]
    fn the_sets_are_every_set_of_three_to_five_ranks() {
        let every: Vec<u16> = (0..1u16 << 13)
            .filter(|m| (3..=5).contains(&m.count_ones()))
            .collect();
        assert_eq!(SETS.to_vec(), every);
        for shares in [1, 3, 8] {
            let cut: Vec<u16> = (0..shares).flat_map(|s| sets(s, shares).to_vec()).collect();
            assert_eq!(cut, every);
        }
    }
}
