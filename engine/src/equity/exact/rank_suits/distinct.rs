//! Flushes on boards of five distinct ranks, where no full house is
//! made and a flush decides the pot alone: a multiset's flush ways in
//! closed form, and the suited sets' boards, each set ranked once.

use super::{Deck, Outcomes, RANK_SLOTS, SuitHolding, kept_bits, ranks_held};
use crate::equity::exact::rank_multisets::{BOARD, Pattern, RANKS, ranks_in};
use crate::equity::request::MAX_SEATS;

impl SuitHolding {
    /// The ways of the suitings of `pattern`, of five distinct ranks dealt
    /// from `left`, with `fewest` or more of them in this suit, those
    /// [`flushes`](SuitHolding::flushes) would count (some seat flushes,
    /// and no full house is made on five distinct ranks), no set apart.
    ///
    /// A suiting deals in the suit a set of the ranks whose card of it is
    /// left (open), and each other rank off the suit: its ways are the
    /// product of the cards off the suit of the ranks not in the set. With
    /// `fewest` three or more, at most two open ranks are left off the
    /// suit, so the sum over sets is the closed ranks' product times the
    /// first three elementary symmetric sums of the open ranks' cards off
    /// the suit: 1, their sum, and the sum of their products two at a time.
    /// The ranks are walked by their bits, only as far as the sum needs
    /// them (a suit's closed ranks are few).
    #[inline(always)]
    pub(in crate::equity::exact) fn distinct_flush_ways(
        &self,
        pattern: &Pattern,
        left: &Deck,
    ) -> u64 {
        debug_assert_eq!(pattern.distinct, 5);
        debug_assert!(self.fewest >= 3);
        let cards = |rank: u32| u64::from(left.rank_cards[rank as usize % RANK_SLOTS]);
        // Ranks whose card of the suit is gone: each dealt off it, in as
        // many ways as it has cards left.
        let (mut closed, mut closed_count, mut closed_ways) = (pattern.mask & !self.deck, 0, 1);
        while closed != 0 {
            closed_ways *= cards(closed.trailing_zeros());
            closed_count += 1;
            closed &= closed - 1;
        }
        // Open ranks that may be dealt off the suit.
        let slack = match (BOARD as u32).checked_sub(closed_count + self.fewest) {
            None => return 0,
            Some(0) => return closed_ways,
            Some(slack) => slack,
        };
        let (mut open, mut sum, mut squares) = (pattern.mask & self.deck, 0, 0);
        while open != 0 {
            let off = cards(open.trailing_zeros()) - 1;
            sum += off;
            squares += off * off;
            open &= open - 1;
        }
        closed_ways
            * match slack {
                1 => 1 + sum,
                _ => 1 + sum + (sum * sum - squares) / 2,
            }
    }

    /// Counts into `out`, `times` over, the boards of five distinct ranks
    /// from `left` that deal exactly one of the suited sets `sets` in this
    /// suit (`fewest` or more ranks): the set's cards, and one card off
    /// the suit of each of the other ranks, in every way. No full house
    /// is made there, so the flushes decide alone and the seats without
    /// one lose.
    #[inline(always)]
    pub(in crate::equity::exact) fn distinct_flushes<const WIDE: bool>(
        &self,
        left: &Deck,
        sets: &[u16],
        times: u64,
        out: &mut Outcomes,
    ) {
        let mut values = [0u32; MAX_SEATS];
        let values = &mut values[..out.seats];
        // The sets the deck can deal whole in this suit (tested
        // branch-free, so that with AVX2 many are tested at once).
        let (deck, fewest) = (self.deck, self.fewest);
        let dealt = |set: u16| (set & !deck == 0) & (ranks_held::<WIDE>(set) >= fewest);
        if self.held == 0 {
            // No seat holds a card of the suit: only five of it flush
            // (`fewest` is five), one way each, and every seat plays the
            // board's flush: all tie.
            values.fill(1);
            let count = sets.iter().map(|&set| u64::from(dealt(set))).sum::<u64>();
            out.add(values, count * times);
            return;
        }
        // Per rank, the cards left off this suit (past the 13 ranks, none).
        let mut off = [0u64; RANK_SLOTS];
        for (r, o) in off.iter_mut().enumerate().take(RANKS) {
            *o = u64::from(left.rank_cards[r]) - u64::from(self.deck >> r & 1);
        }
        let all: u64 = off.iter().sum();
        let squares: u64 = off.iter().map(|o| o * o).sum();
        for chunk in sets.chunks(32) {
            let mut kept = kept_bits::<WIDE>(chunk.len(), |i| dealt(chunk[i]));
            while kept != 0 {
                let set = chunk[kept.trailing_zeros() as usize];
                kept &= kept - 1;
                let k = ranks_in(set);
                // One card off the suit of each of 5 − k other ranks.
                let ways = if k == 5 {
                    1
                } else {
                    let (mut sum, mut sum_squares) = (all, squares);
                    let mut ranks = set;
                    while ranks != 0 {
                        let o = off[ranks.trailing_zeros() as usize % RANK_SLOTS];
                        sum -= o;
                        sum_squares -= o * o;
                        ranks &= ranks - 1;
                    }
                    if k == 4 {
                        sum
                    } else {
                        (sum * sum - sum_squares) / 2
                    }
                };
                if ways == 0 {
                    continue;
                }
                self.flush_values(set, values);
                out.add(values, ways * times);
            }
        }
    }
}
