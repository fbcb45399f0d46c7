//! Preflop counting by board rank pattern: for each seat deal (one per
//! class of deals equal up to the suit permutations that keep the dead
//! cards in place), the 1.7 million five-card boards are counted as 6,175
//! multisets of five ranks, each weighted by the number of ways the deck
//! can suit it and ranked by the compact evaluator's rank-count half. Of
//! each multiset, the suitings on which some seat makes a flush are
//! counted apart: for each suit in which a seat could (the board holding
//! five less that seat's hole cards of the suit, or more), each set of the
//! multiset's ranks dealt in the suit, with its own ways and outcome; the
//! rest of the multiset's boards keep the unsuited outcome. Suits that
//! every seat and the deck hold alike are counted once, times their
//! number.
//!
//! The counts are the deal-major walk's integers exactly: the same boards
//! (each once, with its multiplicity), the same outcome function, the same
//! per-walk tally.

use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::common::{Counts, rounds};
use super::deal_major::{DEAL_LIMIT, Folding, Walk, walk_tally, walks};
use super::rank_multisets::{BOARD, PATTERN_COUNT, PATTERNS, Pattern, RANKS, SUBSETS, WAYS};
use crate::compact::{flush_value, rank_key, value_without_flush};
use crate::equity::error::EquityError;
use crate::equity::request::MAX_SEATS;
use crate::equity::result::EquityResult;
use crate::equity::setup::Setup;
use crate::equity::strategy::Strategy;
use crate::equity::tally::{Tally, add_outcome};

/// Rank-pattern counting of a preflop spot.
pub(super) fn run(
    setup: &Setup,
    strategy: Strategy,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<Tally, EquityError> {
    if setup.missing != BOARD {
        return Err(EquityError::BadSetting(
            "rank patterns count spots with the whole board to come",
        ));
    }
    // Deals equal up to the suit permutations that keep the dead cards
    // where they are, counted once.
    let mut list = walks(setup, DEAL_LIMIT, Folding::KnownCards)
        .ok_or(EquityError::TooManyDeals { limit: DEAL_LIMIT })?;
    // The deals reported are the deal-major walk's (each of its walks'
    // boards), which folds suits only with nothing known.
    let reported = |walk: &Walk| {
        if setup.known.is_empty() {
            1
        } else {
            walk.deals
        }
    };
    // A fixed pseudo-random order, so partial results are representative.
    list.shuffle(&mut ChaCha8Rng::seed_from_u64(0x5EED));
    let deck = setup
        .deck()
        .iter()
        .fold(0u64, |mask, card| mask | card.bit());
    // Work items: a class of deals and a share of the rank multisets (a
    // few deals are split so that they spread over the threads; the
    // shares' counts add up to the whole deal's).
    let shares = if list.len() < SPLIT_BELOW { SHARES } else { 1 };
    let items: Vec<(usize, usize)> = (0..list.len())
        .flat_map(|w| (0..shares).map(move |share| (w, share)))
        .collect();
    let process = |&(w, share): &(usize, usize)| {
        let walk = &list[w];
        let patterns =
            &PATTERNS[share * PATTERN_COUNT / shares..(share + 1) * PATTERN_COUNT / shares];
        let holes: Vec<[u8; 2]> = setup
            .active
            .iter()
            .map(|&s| {
                let [a, b] = walk.combos[s].cards();
                [a.index(), b.index()]
            })
            .collect();
        let counts = count_boards(deck & !walk.mask, &holes, patterns);
        let mut tally = walk_tally(setup, walk, &counts);
        tally.add_deals(counts.deals * (reported(walk) - 1));
        tally
    };
    rounds(&items, setup, strategy, process, start, cancel, on_snapshot)
}

/// Spots with fewer classes of deals than this split each one into
/// [`SHARES`] work items.
const SPLIT_BELOW: usize = 16;

/// Work items per class of deals in small spots.
const SHARES: usize = 8;

/// Outcome counters of one deal's boards, laid out as in [`Counts`].
struct Outcomes {
    wins: [u64; MAX_SEATS],
    ties: Vec<u64>,
}

impl Outcomes {
    #[inline(always)]
    fn add(&mut self, values: &[u32], weight: u64) {
        let n = values.len();
        add_outcome(values, &mut self.wins[..n], &mut self.ties, weight);
    }
}

/// One active seat's hole cards as the kernel ranks them.
#[derive(Clone, Copy, Default)]
struct Hole {
    /// The sum of its two cards' rank keys.
    key: u32,
    /// Per suit, the ranks it holds (bit `rank`) and how many.
    suit_ranks: [u16; 4],
    suit_cards: [u8; 4],
}

/// What the boards of one deal are dealt from: per rank the cards left,
/// per suit the ranks left.
struct Deck {
    rank_cards: [u8; RANKS],
    suit_ranks: [u16; 4],
}

/// A class of suits that every seat and the deck hold alike, as far as
/// flushes go.
#[derive(Clone, Copy)]
struct SuitClass {
    /// Its first suit.
    suit: usize,
    /// How many suits it holds.
    times: u64,
    /// The fewest board cards of the suit with which some seat makes a
    /// flush.
    fewest: u32,
}

/// Board outcomes of one seat deal: every five-card board from `deck` (a
/// card mask) whose ranks are one of `patterns`, the active seats holding
/// `holes` (card indices `4 * rank + suit`), counted unweighted as the
/// deal-major walk counts them.
fn count_boards(deck: u64, holes: &[[u8; 2]], patterns: &[Pattern]) -> Counts {
    let n = holes.len();
    let seats = holes_of(holes);
    let deal = DealBoards::new(deck, &seats[..n]);
    let mut out = Outcomes {
        wins: [0; MAX_SEATS],
        ties: vec![0; n * (n + 1)],
    };
    let mut values = [0u32; MAX_SEATS];
    let mut flushed = [0u32; MAX_SEATS];
    let (values, flushed) = (&mut values[..n], &mut flushed[..n]);
    let mut boards = 0;
    for pattern in patterns {
        let distinct = u32::from(pattern.distinct);
        let (ways, have) = deal.left.ways(pattern);
        if ways == 0 {
            continue;
        }
        boards += ways;
        for (v, seat) in values.iter_mut().zip(deal.seats) {
            *v = u32::from(value_without_flush(pattern.key + seat.key));
        }
        // The multiset's boards with no flush changing an outcome.
        let mut rest = ways;
        for class in deal.classes.iter().filter(|c| distinct >= c.fewest) {
            let suited = Suited {
                pattern,
                have: &have,
                class,
            };
            rest -= deal.flushes(&suited, values, flushed, &mut out);
        }
        out.add(values, rest);
    }
    Counts {
        wins: out.wins[..n].to_vec(),
        ties: out.ties,
        deals: boards,
        total: 0,
    }
}

/// The active seats holding `holes` as the kernel ranks them (the first
/// `holes.len()` entries).
fn holes_of(holes: &[[u8; 2]]) -> [Hole; MAX_SEATS] {
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
    fn of(deck: u64) -> Deck {
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
    fn ways(&self, pattern: &Pattern) -> (u64, [usize; BOARD]) {
        let mut have = [0usize; BOARD];
        let mut ways = 1;
        for i in 0..usize::from(pattern.distinct) {
            have[i] = usize::from(self.rank_cards[usize::from(pattern.ranks[i])]);
            ways *= WAYS[have[i]][usize::from(pattern.counts[i])];
        }
        (ways, have)
    }
}

/// One seat deal's boards: the cards they are dealt from, the seats, and
/// the classes of suits the seats and the deck hold alike.
struct DealBoards<'a> {
    left: Deck,
    seats: &'a [Hole],
    classes: Vec<SuitClass>,
}

/// A rank multiset dealt with some of its ranks in one class of suits.
struct Suited<'a> {
    pattern: &'a Pattern,
    /// Per distinct rank of the pattern, the cards of that rank left.
    have: &'a [usize; BOARD],
    class: &'a SuitClass,
}

impl<'a> DealBoards<'a> {
    /// The boards from the mask `deck` of a deal whose active seats hold
    /// `seats`.
    fn new(deck: u64, seats: &'a [Hole]) -> DealBoards<'a> {
        let left = Deck::of(deck);
        let alike = |a: usize, b: usize| {
            left.suit_ranks[a] == left.suit_ranks[b]
                && seats.iter().all(|h| h.suit_ranks[a] == h.suit_ranks[b])
        };
        let classes: Vec<SuitClass> = (0..4)
            .filter(|&suit| !(0..suit).any(|other| alike(other, suit)))
            .map(|suit| {
                let most_held = seats.iter().map(|h| h.suit_cards[suit]).max().unwrap_or(0);
                SuitClass {
                    suit,
                    times: (suit..4).filter(|&other| alike(other, suit)).count() as u64,
                    fewest: BOARD as u32 - u32::from(most_held.min(2)),
                }
            })
            .collect();
        DealBoards {
            left,
            seats,
            classes,
        }
    }

    /// Counts into `out` the suitings of `suited`'s multiset on which some
    /// seat makes a flush that changes its value (`values`, the seats'
    /// values without flushes; `flushed`, working storage), each set of its
    /// ranks dealt in the class's suit with its own ways; returns their
    /// ways.
    #[inline(always)]
    fn flushes(
        &self,
        suited: &Suited,
        values: &[u32],
        flushed: &mut [u32],
        out: &mut Outcomes,
    ) -> u64 {
        let Suited {
            pattern,
            have,
            class,
        } = *suited;
        let distinct = usize::from(pattern.distinct);
        let ranks_left = self.left.suit_ranks[class.suit];
        // The multiset's distinct ranks (by position) whose card of the
        // suit is left.
        let mut open = 0u8;
        for i in 0..distinct {
            open |= u8::from(ranks_left >> pattern.ranks[i] & 1 == 1) << i;
        }
        let mut counted = 0;
        for &dealt in SUBSETS[distinct] {
            let k = dealt.count_ones();
            if k < class.fewest {
                break;
            }
            if dealt & !open != 0 {
                continue;
            }
            // Ways with exactly the ranks `dealt` in the suit.
            let mut suited_ways = class.times;
            let mut suited_ranks = 0u16;
            for i in 0..distinct {
                let count = usize::from(pattern.counts[i]);
                suited_ways *= if dealt >> i & 1 == 1 {
                    suited_ranks |= 1 << pattern.ranks[i];
                    WAYS[have[i] - 1][count - 1]
                } else {
                    WAYS[have[i] - usize::from(open >> i & 1)][count]
                };
            }
            if suited_ways == 0 {
                continue;
            }
            let mut changed = false;
            for ((f, &v), seat) in flushed.iter_mut().zip(values).zip(self.seats) {
                *f = v;
                if u32::from(seat.suit_cards[class.suit]) + k >= BOARD as u32 {
                    let flush = u32::from(flush_value(suited_ranks | seat.suit_ranks[class.suit]));
                    if flush > v {
                        *f = flush;
                        changed = true;
                    }
                }
            }
            if changed {
                out.add(flushed, suited_ways);
                counted += suited_ways;
            }
        }
        counted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deal's boards are all counted, and a seat against itself in
    /// another suit splits every pot.
    #[test]
    fn mirrored_hands_tie_every_board() {
        // AcKc against AdKd: a club or diamond flush is the only way to win.
        let holes = [[4 * 12, 4 * 11], [4 * 12 + 1, 4 * 11 + 1]];
        let used = holes.iter().flatten().fold(0u64, |m, &c| m | 1 << c);
        let deck = ((1u64 << 52) - 1) & !used;
        let counts = count_boards(deck, &holes, &PATTERNS);
        assert_eq!(counts.deals, 1_712_304);
        assert_eq!(counts.wins[0], counts.wins[1]);
        let both = counts.ties[2];
        assert_eq!(counts.wins[0] * 2 + both, counts.deals);
    }
}
