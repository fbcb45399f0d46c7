//! The strata design: where the seats' deal space is small (a hand against
//! a few narrow ranges on a flop), every seat deal is dealt in every group,
//! so the spread between deals, which a sampled prefix carries into its
//! observation whole, is gone from the estimate.
//!
//! A group is every seat deal once, each counted at its weight (the
//! product of its combos' weights: a deal's chance, since every deal
//! leaves the board as many cards). Each deal shuffles the `m` cards left uniformly and is scored on
//! the `m · steps` boards `{p[i], p[i + j mod m]}` for `j` in
//! `1..=steps`: a pair of distinct places in a uniform shuffle holds a
//! uniform pair of distinct cards, so every board is exactly distributed
//! given the deal and the group's mean is unbiased; each card comes twice
//! per step, so what one card does to the outcome (a flush card, a card
//! that pairs a hand) is balanced within the group rather than sampled.
//! Groups use independent shuffles, so their means are independent
//! observations and the standard errors come from their spread, as for
//! prefixes. With `steps <= (m - 1) / 4` the boards of a deal are distinct
//! and a group stays well short of enumerating the deal's boards.
//!
//! Measured on `AhKh` / `QQ` / `JTs` on `9h8h2c` (24 deals, 43 cards left;
//! the variance of a group's mean times its boards, the worst seat): 0.129
//! for the prefixes the planner picked (21 disjoint boards each), about
//! 0.07 with one step, 0.046 with eight (docs/performance.md).

use super::accumulator::Accumulator;
use super::rng::shuffle_front;
use super::sampler::{BlockStart, Sampler, card_hand};
use super::seat_deals::SeatDeals;
use crate::compact::CompactHand;
use crate::equity::tally::Tally;

impl Sampler<'_> {
    /// A block of the strata design from `block` (its start): `groups`
    /// groups of every deal in `deals`, each on `steps` pairings of its
    /// shuffle.
    #[inline(always)]
    pub(super) fn strata_block<const N: usize>(
        &self,
        mut block: BlockStart<N>,
        groups: u64,
        deals: &SeatDeals,
        steps: u8,
    ) -> Tally {
        let n = block.n;
        let steps = usize::from(steps);
        let m = deals.left;
        let mut cards = [0u8; 128];
        // Per active seat, its hand with the board and the card at each
        // place of the shuffle.
        let mut turns = [[CompactHand::EMPTY; 52]; N];
        // The shuffle's cards, the first `steps` again after them.
        let mut rivers = [CompactHand::EMPTY; 104];
        let mut ranks = [0u16; N];
        let acc: &mut Accumulator<N> = &mut block.acc;
        for _ in 0..groups {
            let (wins_before, tied_before) = (acc.wins, acc.tied);
            let each = deals.holes.chunks_exact(deals.seats).zip(&deals.masks);
            for ((holes, &mask), &weight) in each.zip(&deals.weights) {
                let mut avail = self.free & !mask;
                let mut len = 0;
                while avail != 0 {
                    cards[len & 127] = avail.trailing_zeros() as u8;
                    avail &= avail - 1;
                    len += 1;
                }
                debug_assert_eq!(len, m, "every deal leaves the same cards");
                shuffle_front(&mut block.rng, &mut cards, m, m - 1);
                for i in 0..m {
                    let card = card_hand(cards[i]);
                    rivers[i] = card;
                    for (turn, hole) in turns.iter_mut().zip(holes) {
                        turn[i] = hole.combine(card);
                    }
                }
                // The planner's steps are at most `(m - 1) / 4`.
                debug_assert!(m + steps <= rivers.len(), "steps within the shuffle");
                for i in 0..steps {
                    rivers[m + i] = rivers[i];
                }
                for j in 1..=steps {
                    for i in 0..m {
                        let river = rivers[(i + j) % 104];
                        for (r, turn) in ranks.iter_mut().zip(&turns).take(n) {
                            *r = turn[i].combine(river).rank7().value() as u16;
                        }
                        acc.record_weighted(&ranks, n, weight);
                    }
                }
            }
            acc.close_group(&wins_before, &tied_before, n);
        }
        let per_group = deals.group_boards(steps as u8);
        let weight = deals.group_weight(steps as u8);
        (block.acc).into_weighted_tally(n, groups * per_group, groups, weight)
    }
}
