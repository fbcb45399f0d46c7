//! The suits of rank-pattern counting ([`rank_patterns`](super::rank_patterns)):
//! the seats' and the deck's cards by rank and suit, one suit as the deck
//! and the seats hold it, and the suitings of a rank multiset on which a
//! flush changes an outcome; the outcome counters they add to.

use super::common::Counts;
use super::rank_multisets::{BOARD, Pattern, RANKS, SUBSETS, WAYS};
use crate::compact::{flush_value, rank_key};
use crate::equity::request::MAX_SEATS;
use crate::equity::tally::add_outcome;

/// Outcome counters of one deal's boards, laid out as the kernels'
/// `Counts`.
#[derive(Clone)]
pub(super) struct Outcomes {
    wins: [u64; MAX_SEATS],
    ties: Vec<u64>,
    seats: usize,
}

impl Outcomes {
    /// No outcomes yet, for `n` active seats.
    pub(super) fn new(n: usize) -> Outcomes {
        Outcomes {
            wins: [0; MAX_SEATS],
            ties: vec![0; n * (n + 1)],
            seats: n,
        }
    }

    /// Adds `other`'s counters to these.
    pub(super) fn merge(&mut self, other: &Outcomes) {
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        for (a, b) in self.ties.iter_mut().zip(&other.ties) {
            *a += b;
        }
    }

    /// Takes `other`'s counters from these, which hold them (`other` a
    /// part of what was added here).
    pub(super) fn remove(&mut self, other: &Outcomes) {
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a -= b;
        }
        for (a, b) in self.ties.iter_mut().zip(&other.ties) {
            *a -= b;
        }
    }

    /// These counters as the kernels' counts of `boards` boards.
    pub(super) fn counts(self, boards: u64) -> Counts {
        Counts {
            wins: self.wins[..self.seats].to_vec(),
            ties: self.ties,
            deals: boards,
            total: 0,
        }
    }

    #[inline(always)]
    pub(super) fn add(&mut self, values: &[u32], weight: u64) {
        let n = values.len();
        add_outcome(values, &mut self.wins[..n], &mut self.ties, weight);
    }
}

/// One active seat's hole cards as the kernel ranks them.
#[derive(Clone, Copy, Default)]
pub(super) struct Hole {
    /// The sum of its two cards' rank keys.
    pub(super) key: u32,
    /// Per suit, the ranks it holds (bit `rank`) and how many.
    pub(super) suit_ranks: [u16; 4],
    pub(super) suit_cards: [u8; 4],
}

/// What the boards of one deal are dealt from: per rank the cards left,
/// per suit the ranks left.
#[derive(Clone, Copy)]
pub(super) struct Deck {
    pub(super) rank_cards: [u8; RANKS],
    pub(super) suit_ranks: [u16; 4],
}

/// The active seats holding `holes` as the kernel ranks them (the first
/// `holes.len()` entries).
pub(super) fn holes_of(holes: &[[u8; 2]]) -> [Hole; MAX_SEATS] {
    let mut seats = [Hole::default(); MAX_SEATS];
    for (hole, cards) in seats.iter_mut().zip(holes) {
        for &card in cards {
            let (rank, suit) = (usize::from(card / 4), usize::from(card % 4));
            hole.key += rank_key(rank);
            hole.suit_ranks[suit] |= 1 << rank;
            hole.suit_cards[suit] += 1;
        }
    }
    seats
}

impl Deck {
    /// The cards of the mask `deck`.
    pub(super) fn of(deck: u64) -> Deck {
        let mut left = Deck {
            rank_cards: [0; RANKS],
            suit_ranks: [0; 4],
        };
        for card in (0..52u8).filter(|&c| deck >> c & 1 == 1) {
            let (rank, suit) = (usize::from(card / 4), usize::from(card % 4));
            left.rank_cards[rank] += 1;
            left.suit_ranks[suit] |= 1 << rank;
        }
        left
    }

    /// The ways to deal `pattern` from these cards, and per distinct rank
    /// of it (by position) the cards of that rank left.
    #[inline(always)]
    pub(super) fn ways(&self, pattern: &Pattern) -> (u64, [u8; BOARD]) {
        let mut have = [0; BOARD];
        let mut ways = 1;
        for i in 0..usize::from(pattern.distinct) {
            have[i] = self.rank_cards[usize::from(pattern.ranks[i])];
            ways *= WAYS[usize::from(have[i])][usize::from(pattern.counts[i])];
        }
        (ways, have)
    }
}

/// What one suit's flushes depend on: the ranks of the suit left in the
/// deck and those each active seat holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct SuitHolding {
    deck: u16,
    seats: [u16; MAX_SEATS],
    /// Per seat, the board cards of the suit it needs for a flush.
    needs: [u8; MAX_SEATS],
    /// The fewest board cards of the suit with which some seat makes a
    /// flush.
    pub(super) fewest: u32,
}

impl SuitHolding {
    /// The suit `suit` of the cards `left` and the active seats `seats`.
    pub(super) fn of(left: &Deck, seats: &[Hole], suit: usize) -> SuitHolding {
        let mut held = [0; MAX_SEATS];
        let mut needs = [0; MAX_SEATS];
        for ((held, need), seat) in held.iter_mut().zip(&mut needs).zip(seats) {
            *held = seat.suit_ranks[suit];
            *need = BOARD as u8 - seat.suit_cards[suit];
        }
        let most_held = seats.iter().map(|h| h.suit_cards[suit]).max().unwrap_or(0);
        SuitHolding {
            deck: left.suit_ranks[suit],
            seats: held,
            needs,
            fewest: BOARD as u32 - u32::from(most_held.min(2)),
        }
    }

    /// Each suiting of `pattern` (`have`: per distinct rank, by position,
    /// the cards of that rank left) with `fewest` or more of its ranks in
    /// this suit, on which some seat makes a flush: `visit` gets how many
    /// ranks are suited, which, and the suiting's ways (never 0).
    #[inline(always)]
    fn suitings(
        &self,
        pattern: &Pattern,
        have: &[u8; BOARD],
        mut visit: impl FnMut(u32, u16, u64),
    ) {
        let distinct = usize::from(pattern.distinct);
        // The multiset's distinct ranks (by position) whose card of the
        // suit is left.
        let mut open = 0u8;
        for i in 0..distinct {
            open |= u8::from(self.deck >> pattern.ranks[i] & 1 == 1) << i;
        }
        for &dealt in SUBSETS[distinct] {
            let k = dealt.count_ones();
            if k < self.fewest {
                break;
            }
            if dealt & !open != 0 {
                continue;
            }
            // Ways with exactly the ranks `dealt` in the suit.
            let mut ways = 1;
            let mut suited_ranks = 0u16;
            for i in 0..distinct {
                let count = usize::from(pattern.counts[i]);
                let have = usize::from(have[i]);
                ways *= if dealt >> i & 1 == 1 {
                    suited_ranks |= 1 << pattern.ranks[i];
                    WAYS[have - 1][count - 1]
                } else {
                    WAYS[have - usize::from(open >> i & 1)][count]
                };
            }
            if ways > 0 {
                visit(k, suited_ranks, ways);
            }
        }
    }

    /// Counts into `out` the suitings of `pattern` (`have`: per distinct
    /// rank, by position, the cards of that rank left) with three or more
    /// of its ranks in this suit on which some seat makes a flush that
    /// changes its value (`values`, the seats' values without flushes;
    /// `flushed`, working storage), each set of its ranks dealt in the
    /// suit with its own ways, `times` over (the suits held alike);
    /// returns their ways.
    #[inline(always)]
    pub(super) fn flushes(
        &self,
        pattern: &Pattern,
        have: &[u8; BOARD],
        values: &[u32],
        flushed: &mut [u32],
        times: u64,
        out: &mut Outcomes,
    ) -> u64 {
        let mut counted = 0;
        self.suitings(pattern, have, |k, suited_ranks, ways| {
            let mut changed = false;
            let seats = self.seats.iter().zip(&self.needs);
            for ((f, &v), (&held, &need)) in flushed.iter_mut().zip(values).zip(seats) {
                *f = v;
                if k >= u32::from(need) {
                    let flush = u32::from(flush_value(suited_ranks | held));
                    if flush > v {
                        *f = flush;
                        changed = true;
                    }
                }
            }
            if changed {
                out.add(flushed, ways * times);
                counted += ways * times;
            }
        });
        counted
    }

    /// The ways of the suitings of `pattern`, of five distinct ranks
    /// (`have`: the cards of each left), with `fewest` or more of them in
    /// this suit, those [`flushes`](SuitHolding::flushes) would count
    /// (some seat flushes, and no full house is made on five distinct
    /// ranks): from the product over its ranks of (cards off the suit +
    /// the suit's card), no set apart.
    #[inline(always)]
    pub(super) fn distinct_flush_ways(&self, pattern: &Pattern, have: &[u8; BOARD]) -> u64 {
        debug_assert_eq!(pattern.distinct, 5);
        // By how many ranks are suited.
        let mut by_suited = [1u64, 0, 0, 0, 0, 0];
        for (i, (&rank, &have)) in pattern.ranks.iter().zip(have).enumerate() {
            let open = u64::from(self.deck >> rank & 1);
            let off = u64::from(have) - open;
            for k in (1..=i + 1).rev() {
                by_suited[k] = by_suited[k] * off + by_suited[k - 1] * open;
            }
            by_suited[0] *= off;
        }
        by_suited[self.fewest as usize..].iter().sum()
    }

    /// Counts into `out`, `times` over, the boards of five distinct ranks
    /// from `left` that deal exactly one of the suited sets `sets` in this
    /// suit (`fewest` or more ranks): the set's cards, and one card off
    /// the suit of each of the other ranks, in every way. No full house
    /// is made there, so the flushes decide alone and the seats without
    /// one lose.
    pub(super) fn distinct_flushes(
        &self,
        left: &Deck,
        sets: &[u16],
        times: u64,
        out: &mut Outcomes,
    ) {
        // Per rank, the cards left off this suit.
        let mut off = [0u64; RANKS];
        for (r, o) in off.iter_mut().enumerate() {
            *o = u64::from(left.rank_cards[r]) - u64::from(self.deck >> r & 1);
        }
        let all: u64 = off.iter().sum();
        let squares: u64 = off.iter().map(|o| o * o).sum();
        let mut values = [0u32; MAX_SEATS];
        let values = &mut values[..out.seats];
        for &set in sets {
            let k = set.count_ones();
            if k < self.fewest || set & !self.deck != 0 {
                continue;
            }
            let (mut sum, mut sum_squares) = (all, squares);
            for (r, o) in off.iter().enumerate() {
                if set >> r & 1 == 1 {
                    sum -= o;
                    sum_squares -= o * o;
                }
            }
            // Distinct cards of the other ranks: 5 − k of them.
            let ways = match k {
                5 => 1,
                4 => sum,
                _ => (sum * sum - sum_squares) / 2,
            };
            if ways == 0 {
                continue;
            }
            let seats = self.seats.iter().zip(&self.needs);
            for (v, (&held, &need)) in values.iter_mut().zip(seats) {
                *v = if k >= u32::from(need) {
                    u32::from(flush_value(set | held))
                } else {
                    0
                };
            }
            out.add(values, ways * times);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::rank_multisets::PATTERNS;
    use super::super::suited_sets::sets;
    use super::*;

    /// Card `rank` (0 a deuce) of `suit`.
    fn card(rank: u8, suit: u8) -> u8 {
        4 * rank + suit
    }

    /// Seats holding 0, 1 or 2 cards of a suit, the deck short of a few
    /// more (dead cards, a rank with none left of the suit): the cards
    /// left, the seats, how many.
    fn deals() -> Vec<(Deck, [Hole; MAX_SEATS], usize)> {
        let dead = |cards: &[u8]| cards.iter().fold(0u64, |m, &c| m | 1 << c);
        let deals: Vec<(Vec<[u8; 2]>, u64)> = vec![
            (
                vec![[card(12, 2), card(11, 2)], [card(10, 0), card(10, 3)]],
                0,
            ),
            (
                vec![[card(12, 2), card(11, 2)], [card(6, 2), card(5, 2)]],
                dead(&[card(3, 2), card(9, 1)]),
            ),
            (
                vec![
                    [card(12, 2), card(12, 3)],
                    [card(11, 2), card(11, 3)],
                    [card(10, 2), card(10, 3)],
                ],
                0,
            ),
            (
                vec![[card(0, 0), card(1, 1)]],
                dead(&[card(7, 0), card(7, 1), card(7, 2)]),
            ),
        ];
        (deals.into_iter())
            .map(|(holes, dead)| {
                let used = holes.iter().flatten().fold(dead, |m, &c| m | 1 << c);
                let left = Deck::of(((1u64 << 52) - 1) & !used);
                (left, holes_of(&holes), holes.len())
            })
            .collect()
    }

    /// On every multiset of five distinct ranks, the product over its
    /// ranks gives the ways the walked suitings add up to (each with a
    /// flush that changes an outcome), in every suit.
    #[test]
    fn distinct_flush_ways_are_the_walked_suitings() {
        for (left, seats, n) in deals() {
            let seats = &seats[..n];
            for suit in 0..4 {
                let holding = SuitHolding::of(&left, seats, suit);
                for pattern in PATTERNS.iter().filter(|p| p.distinct == 5) {
                    let (_, have) = left.ways(pattern);
                    let mut walked = 0;
                    holding.suitings(pattern, &have, |_, _, ways| walked += ways);
                    assert_eq!(holding.distinct_flush_ways(pattern, &have), walked);
                    let mut out = Outcomes::new(n);
                    let (mut flushed, values) = ([0u32; MAX_SEATS], [1u32; MAX_SEATS]);
                    let counted = holding.flushes(
                        pattern,
                        &have,
                        &values[..n],
                        &mut flushed[..n],
                        1,
                        &mut out,
                    );
                    assert_eq!(counted, walked);
                }
            }
        }
    }

    /// The suited sets' boards of five distinct ranks are the multisets'
    /// flush ways added up, whole or cut into shares (one seat: every
    /// board its win).
    #[test]
    fn suited_sets_hold_the_multisets_flush_ways() {
        for (left, seats, _) in deals() {
            let seat = &seats[..1];
            for suit in 0..4 {
                let holding = SuitHolding::of(&left, seat, suit);
                let by_multiset: u64 = (PATTERNS.iter())
                    .filter(|p| p.distinct == 5)
                    .map(|p| holding.distinct_flush_ways(p, &left.ways(p).1))
                    .sum();
                for shares in [1, 8] {
                    let mut out = Outcomes::new(1);
                    for share in 0..shares {
                        holding.distinct_flushes(&left, sets(share, shares), 1, &mut out);
                    }
                    assert_eq!(out.wins[0], by_multiset, "suit {suit}, {shares} shares");
                }
            }
        }
    }
}
