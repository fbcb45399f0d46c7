//! Preflop counting by board rank pattern: for each seat deal (one per
//! class of deals equal up to the suit permutations that keep the dead
//! cards in place), the 1.7 million five-card boards are counted as about six
//! thousand multisets of five ranks, each weighted by the number of ways
//! the deck can suit it, and ranked by the compact evaluator's rank-count
//! half alone. Boards on which a flush is possible are then counted apart:
//! for each suit, the boards holding enough cards of it that some seat
//! could make a flush (five less that seat's hole cards of the suit), by
//! the set of ranks in the suit and the multiset of ranks off it. Each
//! such group is ranked again with the flushes, and the difference between
//! its two outcomes is added with the group's multiplicity.
//!
//! The counts are the deal-major walk's integers exactly: the same boards
//! (each once, with its multiplicity), the same outcome function, the same
//! per-walk tally.

use std::num::Wrapping;
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
    let process = |walk: &Walk| {
        let holes: Vec<[u8; 2]> = setup
            .active
            .iter()
            .map(|&s| {
                let [a, b] = walk.combos[s].cards();
                [a.index(), b.index()]
            })
            .collect();
        let counts = count_boards(deck & !walk.mask, &holes);
        let mut tally = walk_tally(setup, walk, &counts);
        tally.add_deals(counts.deals * (reported(walk) - 1));
        tally
    };
    rounds(&list, setup, strategy, process, start, cancel, on_snapshot)
}

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

/// Outcome counters in wrapping arithmetic: flush groups are added with
/// their true outcome and taken away with their outcome as if unsuited,
/// so a counter may dip below zero on the way; the final sums are exact.
struct Outcomes {
    wins: [Wrapping<u64>; MAX_SEATS],
    ties: Vec<Wrapping<u64>>,
}

impl Outcomes {
    fn new(n: usize) -> Outcomes {
        Outcomes {
            wins: [Wrapping(0); MAX_SEATS],
            ties: vec![Wrapping(0); n * (n + 1)],
        }
    }

    #[inline(always)]
    fn add(&mut self, values: &[u32], weight: u64) {
        let n = values.len();
        add_outcome(
            values,
            &mut self.wins[..n],
            &mut self.ties,
            Wrapping(weight),
        );
    }

    #[inline(always)]
    fn remove(&mut self, values: &[u32], weight: u64) {
        let n = values.len();
        add_outcome(
            values,
            &mut self.wins[..n],
            &mut self.ties,
            Wrapping(weight.wrapping_neg()),
        );
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

/// Board outcomes of one seat deal: every five-card board from `deck` (a
/// card mask), the active seats holding `holes` (card indices `4 * rank +
/// suit`), counted unweighted as the deal-major walk counts them.
fn count_boards(deck: u64, holes: &[[u8; 2]]) -> Counts {
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
    let mut out = Outcomes::new(n);
    let mut values = [0u32; MAX_SEATS];
    let boards = unsuited(&left, seats, &mut out, &mut values[..n]);
    // Suits that every seat and the deck hold alike have the same flush
    // boards, outcomes included: each such class is counted once, with
    // its size as a multiplier.
    let alike = |a: usize, b: usize| {
        left.suit_ranks[a] == left.suit_ranks[b]
            && seats.iter().all(|h| h.suit_ranks[a] == h.suit_ranks[b])
    };
    for suit in 0..4 {
        if (0..suit).any(|other| alike(other, suit)) {
            continue;
        }
        let times = (suit..4).filter(|&other| alike(other, suit)).count() as u64;
        flushes(&left, seats, suit, times, &mut out, &mut values[..n]);
    }
    Counts {
        wins: out.wins[..n].iter().map(|w| w.0).collect(),
        ties: out.ties.iter().map(|t| t.0).collect(),
        deals: boards,
        total: 0,
    }
}

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

/// Counts every board by its multiset of ranks as if no flush were
/// possible; returns the boards counted.
fn unsuited(left: &Deck, seats: &[Hole], out: &mut Outcomes, values: &mut [u32]) -> u64 {
    let mut boards = 0;
    for pattern in &PATTERNS {
        let mut ways = 1;
        for i in 0..usize::from(pattern.distinct) {
            let have = usize::from(left.rank_cards[usize::from(pattern.ranks[i])]);
            ways *= WAYS[have][usize::from(pattern.counts[i])];
        }
        if ways == 0 {
            continue;
        }
        for (v, seat) in values.iter_mut().zip(seats) {
            *v = u32::from(value_without_flush(pattern.key + seat.key));
        }
        out.add(values, ways);
        boards += ways;
    }
    boards
}

/// Corrects the counts of the boards on which some seat could make a flush
/// in `suit`, `times` over: for each number `k` of the board's cards in the
/// suit that makes one possible, each set of `k` ranks in the suit and each
/// multiset of the other `5 - k` ranks off it.
fn flushes(
    left: &Deck,
    seats: &[Hole],
    suit: usize,
    times: u64,
    out: &mut Outcomes,
    values: &mut [u32],
) {
    let most_held = seats.iter().map(|h| h.suit_cards[suit]).max().unwrap_or(0);
    let fewest = BOARD as u32 - u32::from(most_held.min(2));
    let in_suit = left.suit_ranks[suit];
    // Cards of each rank off the suit.
    let mut off = [0u8; RANKS];
    for (rank, o) in off.iter_mut().enumerate() {
        *o = left.rank_cards[rank] - u8::from(in_suit >> rank & 1 == 1);
    }
    let mut flush = [0u32; MAX_SEATS];
    let mut others: Vec<(u32, u64)> = Vec::with_capacity(RANKS * (RANKS + 1) / 2);
    for k in fewest..=BOARD as u32 {
        if in_suit.count_ones() < k {
            continue;
        }
        off_suit(&off, BOARD as u32 - k, times, &mut others);
        let can_flush = |h: &Hole| u32::from(h.suit_cards[suit]) + k >= BOARD as u32;
        for_each_subset(in_suit, k, 0, 0, &mut |ranks, key| {
            for (f, seat) in flush.iter_mut().zip(seats) {
                *f = if can_flush(seat) {
                    u32::from(flush_value(ranks | seat.suit_ranks[suit]))
                } else {
                    0
                };
            }
            for &(other_key, ways) in &others {
                let board_key = key + other_key;
                let mut changed = false;
                for ((v, seat), &f) in values.iter_mut().zip(seats).zip(&flush) {
                    *v = u32::from(value_without_flush(board_key + seat.key));
                    changed |= f > *v;
                }
                if changed {
                    out.remove(values, ways);
                    for (v, &f) in values.iter_mut().zip(&flush) {
                        *v = (*v).max(f);
                    }
                    out.add(values, ways);
                }
            }
        });
    }
}

/// `out` := every multiset of `cards` (0 to 2) ranks dealt from `off`
/// (cards left per rank), as its rank-key sum and number of ways (`times`
/// over).
fn off_suit(off: &[u8; RANKS], cards: u32, times: u64, out: &mut Vec<(u32, u64)>) {
    out.clear();
    match cards {
        0 => out.push((0, times)),
        1 => out.extend(
            (0..RANKS)
                .filter(|&r| off[r] > 0)
                .map(|r| (rank_key(r), times * u64::from(off[r]))),
        ),
        _ => {
            for a in 0..RANKS {
                for b in a..RANKS {
                    let ways = if a == b {
                        choose(u32::from(off[a]), 2)
                    } else {
                        u64::from(off[a]) * u64::from(off[b])
                    };
                    if ways > 0 {
                        out.push((rank_key(a) + rank_key(b), times * ways));
                    }
                }
            }
        }
    }
}

/// Calls `f(ranks | chosen, key + their rank keys)` for every way to add
/// `k` of the ranks of `set` (a 13-bit rank mask) to `chosen`.
fn for_each_subset(set: u16, k: u32, chosen: u16, key: u32, f: &mut dyn FnMut(u16, u32)) {
    if k == 0 {
        f(chosen, key);
        return;
    }
    let mut rest = set;
    while rest.count_ones() >= k {
        let rank = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        for_each_subset(rest, k - 1, chosen | 1 << rank, key + rank_key(rank), f);
    }
}
