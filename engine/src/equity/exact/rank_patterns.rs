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
use crate::compact::{flush_value, rank_key, value_without_flush};
use crate::equity::error::EquityError;
use crate::equity::request::MAX_SEATS;
use crate::equity::result::EquityResult;
use crate::equity::setup::Setup;
use crate::equity::strategy::Strategy;
use crate::equity::tally::{Tally, add_outcome};

/// Board cards the kernel deals: it counts spots with no board yet.
const BOARD: usize = 5;

/// Ranks in a suit.
const RANKS: usize = 13;

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
    let mut left = Deck {
        rank_cards: [0; RANKS],
        suit_ranks: [0; 4],
    };
    for card in (0..52u8).filter(|&c| deck >> c & 1 == 1) {
        let (rank, suit) = (usize::from(card / 4), usize::from(card % 4));
        left.rank_cards[rank] += 1;
        left.suit_ranks[suit] |= 1 << rank;
    }
    let mut seats = [Hole::default(); MAX_SEATS];
    for (hole, cards) in seats.iter_mut().zip(holes) {
        for &card in cards {
            let (rank, suit) = (usize::from(card / 4), usize::from(card % 4));
            hole.key += rank_key(rank);
            hole.suit_ranks[suit] |= 1 << rank;
            hole.suit_cards[suit] += 1;
        }
    }
    let seats = &seats[..n];
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
    let mut out = Outcomes {
        wins: [0; MAX_SEATS],
        ties: vec![0; n * (n + 1)],
    };
    let mut values = [0u32; MAX_SEATS];
    let mut flushed = [0u32; MAX_SEATS];
    let (values, flushed) = (&mut values[..n], &mut flushed[..n]);
    let mut boards = 0;
    for pattern in patterns {
        let distinct = usize::from(pattern.distinct);
        let mut have = [0usize; BOARD];
        let mut ways = 1;
        for i in 0..distinct {
            have[i] = usize::from(left.rank_cards[usize::from(pattern.ranks[i])]);
            ways *= WAYS[have[i]][usize::from(pattern.counts[i])];
        }
        if ways == 0 {
            continue;
        }
        boards += ways;
        for (v, seat) in values.iter_mut().zip(seats) {
            *v = u32::from(value_without_flush(pattern.key + seat.key));
        }
        // The multiset's boards with no flush changing an outcome.
        let mut rest = ways;
        for class in classes.iter().filter(|c| distinct as u32 >= c.fewest) {
            let ranks_left = left.suit_ranks[class.suit];
            // The multiset's distinct ranks (by position) whose card of the
            // suit is left.
            let mut open = 0u8;
            for i in 0..distinct {
                open |= u8::from(ranks_left >> pattern.ranks[i] & 1 == 1) << i;
            }
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
                let mut suited = 0u16;
                for i in 0..distinct {
                    let count = usize::from(pattern.counts[i]);
                    suited_ways *= if dealt >> i & 1 == 1 {
                        suited |= 1 << pattern.ranks[i];
                        WAYS[have[i] - 1][count - 1]
                    } else {
                        WAYS[have[i] - usize::from(open >> i & 1)][count]
                    };
                }
                if suited_ways == 0 {
                    continue;
                }
                let mut changed = false;
                for ((f, &v), seat) in flushed.iter_mut().zip(values.iter()).zip(seats) {
                    *f = v;
                    if u32::from(seat.suit_cards[class.suit]) + k >= BOARD as u32 {
                        let flush = u32::from(flush_value(suited | seat.suit_ranks[class.suit]));
                        if flush > v {
                            *f = flush;
                            changed = true;
                        }
                    }
                }
                if changed {
                    out.add(flushed, suited_ways);
                    rest -= suited_ways;
                }
            }
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

/// Position subsets (bit `i`: the multiset's `i`-th distinct rank) of
/// three or more of `d` distinct ranks, largest first, by `d`.
static SUBSETS: [&[u8]; BOARD + 1] = [
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
struct Pattern {
    key: u32,
    ranks: [u8; BOARD],
    counts: [u8; BOARD],
    distinct: u8,
}

/// Multisets of five ranks with at most four of a rank.
const PATTERN_COUNT: usize = 6175;

/// The multisets of five ranks, as non-decreasing rank sequences in
/// lexicographic order (five equal ranks left out).
static PATTERNS: [Pattern; PATTERN_COUNT] = {
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
const WAYS: [[u64; 5]; 5] = {
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
