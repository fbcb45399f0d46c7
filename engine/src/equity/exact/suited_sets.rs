//! The sets of three to five ranks that a board can deal in one suit: on
//! boards of five distinct ranks a flush decides the pot alone, so
//! rank-pattern counting ([`rank_patterns`](super::rank_patterns)) ranks
//! each such set once ([`rank_suits`](super::rank_suits)), the work cut
//! into shares of them.

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
