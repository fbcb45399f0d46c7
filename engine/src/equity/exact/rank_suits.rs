//! The suits of rank-pattern counting ([`rank_patterns`](super::rank_patterns)):
//! the seats' and the deck's cards by rank and suit, one suit as the deck
//! and the seats hold it, and the suitings of a rank multiset on which a
//! flush changes an outcome; the outcome counters they add to.

use std::ops::Range;

use super::rank_multisets::{
    BOARD, PATTERNS, Pattern, SUBSETS, WAYS, WAYS_STRIDE, pair_index, pair_values, ranks_in,
};
use super::suited_sets::SetSums;
use crate::compact::{flush_value, rank_key};
use crate::equity::request::MAX_SEATS;

mod distinct;
mod outcomes;
#[cfg(target_arch = "x86_64")]
mod wide;

pub(super) use outcomes::{Outcomes, WinnerSums};

/// The lowest flush's ranks (7-5-4-3-2).
const LOWEST_FLUSH: u16 = 0b10_1111;

/// One active seat's hole cards as the kernel ranks them.
#[derive(Clone, Copy, Default)]
pub(super) struct Hole {
    /// The sum of its two cards' rank keys.
    pub(super) key: u32,
    /// Its two ranks' pair ([`pair_index`]).
    pub(super) pair: u8,
    /// Per suit, the ranks it holds (bit `rank`) and how many.
    pub(super) suit_ranks: [u16; 4],
    pub(super) suit_cards: [u8; 4],
}

/// Multisets whose values a count reads together ([`rank_without_flushes`]),
/// then counts: a few seats' rows of 64 bytes each.
pub(super) const BATCH: usize = 32;

/// Each seat's value on each of the rank multisets `multisets`, flushes
/// aside: into `values`, the multisets in order, each its seats' values
/// in order (`seats.len()` a multiset).
#[inline(always)]
pub(super) fn rank_without_flushes(multisets: Range<usize>, seats: &[Hole], values: &mut [u32]) {
    let n = seats.len();
    for (s, seat) in seats.iter().enumerate() {
        let row = pair_values(usize::from(seat.pair), multisets.clone());
        for (of, value) in values.chunks_exact_mut(n).zip(row.chunks_exact(2)) {
            of[s] = u32::from(u16::from_le_bytes([value[0], value[1]]));
        }
    }
}

/// What the boards of one deal are dealt from: per rank the cards left
/// (past the 13 ranks, none; sized to a power of two so that a masked
/// index needs no bounds check), per suit the ranks left.
#[derive(Clone, Copy)]
pub(super) struct Deck {
    pub(super) rank_cards: [u8; RANK_SLOTS],
    pub(super) suit_ranks: [u16; 4],
}

/// Per rank and count, the ways to deal that many of the rank from a
/// deck's cards (`by[rank * WAYS_STRIDE + count]`, sized to a power of
/// two like [`Deck`]'s ranks): built where multisets' ways are read.
pub(super) struct Ways {
    by: [u32; WAYS_SLOTS],
}

/// Room for the 13 ranks' entries.
pub(super) const RANK_SLOTS: usize = 16;

/// Room for every rank's counts.
const WAYS_SLOTS: usize = RANK_SLOTS * WAYS_STRIDE;

/// Every multiset's slots are entries of a deal's [`Ways`] (which
/// `wide` reads unchecked).
const _: () = {
    let mut i = 0;
    while i < PATTERNS.len() {
        let mut j = 0;
        while j < BOARD {
            assert!((PATTERNS[i].slots[j] as usize) < WAYS_SLOTS);
            j += 1;
        }
        i += 1;
    }
};

/// The active seats holding `holes` as the kernel ranks them (the first
/// `holes.len()` entries).
pub(super) fn holes_of(holes: &[[u8; 2]]) -> [Hole; MAX_SEATS] {
    let mut seats = [Hole::default(); MAX_SEATS];
    for (hole, cards) in seats.iter_mut().zip(holes) {
        let [a, b] = cards.map(|card| usize::from(card / 4));
        hole.pair = pair_index(a, b) as u8;
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
            rank_cards: [0; RANK_SLOTS],
            suit_ranks: [0; 4],
        };
        for card in (0..52u8).filter(|&c| deck >> c & 1 == 1) {
            let (rank, suit) = (usize::from(card / 4), usize::from(card % 4));
            left.rank_cards[rank] += 1;
            left.suit_ranks[suit] |= 1 << rank;
        }
        left
    }

    /// Per distinct rank of `pattern` (by position), the cards of that
    /// rank left.
    #[inline(always)]
    pub(super) fn have(&self, pattern: &Pattern) -> [u8; BOARD] {
        (pattern.ranks()).map(|rank| self.rank_cards[usize::from(rank) % RANK_SLOTS])
    }
}

impl Ways {
    /// The ways of the cards `left`.
    pub(super) fn of(left: &Deck) -> Ways {
        let mut by = [0; WAYS_SLOTS];
        for (ways, at) in by.iter_mut().zip(0..) {
            let (cards, count) = (left.rank_cards[at / WAYS_STRIDE], at % WAYS_STRIDE);
            if count < BOARD {
                *ways = WAYS[usize::from(cards)][count] as u32;
            }
        }
        Ways { by }
    }

    /// The ways to deal `pattern`. Every position is read, without a
    /// branch on how many ranks the multiset has: those past its last are
    /// rank 0 dealt 0 times, one way.
    #[inline(always)]
    pub(super) fn of_pattern(&self, pattern: &Pattern) -> u64 {
        let at = |i: usize| u64::from(self.by[usize::from(pattern.slots[i]) % WAYS_SLOTS]);
        at(0) * at(1) * (at(2) * at(3)) * at(4)
    }
}

/// `LESS_ONE[have][count]`: the ways to deal `count` cards of a rank of
/// which `have` are left, one of them the suit's card, dealt (`have - 1`
/// choose `count - 1`); 1 for `count` 0, and 0 where no card is left.
static LESS_ONE: [[u32; 8]; 8] = {
    let mut less = [[0; 8]; 8];
    let mut have = 0;
    while have < 8 {
        less[have][0] = 1;
        let mut count = 1;
        while have >= 1 && have <= 4 && count <= 4 {
            less[have][count] = WAYS[have - 1][count - 1] as u32;
            count += 1;
        }
        have += 1;
    }
    less
};

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
    /// The ranks of the suit any seat holds.
    held: u16,
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
            held: held.iter().fold(0, |all, &ranks| all | ranks),
        }
    }

    /// How many of `pattern`'s distinct ranks have their card of this
    /// suit left ([`ranks_held`]).
    #[inline(always)]
    pub(super) fn open_ranks<const WIDE: bool>(&self, pattern: &Pattern) -> u32 {
        ranks_held::<WIDE>(pattern.mask & self.deck)
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
            open |= u8::from(self.deck >> pattern.rank(i) & 1 == 1) << i;
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
                let count = usize::from(pattern.count(i));
                let have = usize::from(have[i]);
                ways *= if dealt >> i & 1 == 1 {
                    suited_ranks |= 1 << pattern.rank(i);
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

    /// The ways of the one suiting of `pattern` (`have`: per distinct
    /// rank, by position, the cards of that rank left) that deals each of
    /// its ranks in this suit, 0 where the suit's card of one is gone:
    /// what [`suitings`](SuitHolding::suitings) visits when `fewest` is
    /// the multiset's distinct ranks.
    #[inline(always)]
    fn all_suited_ways(&self, pattern: &Pattern, have: &[u8; BOARD]) -> u64 {
        if pattern.mask & !self.deck != 0 {
            return 0;
        }
        // Every position, without a branch on the multiset's distinct
        // ranks: past the last, dealt 0 times, one way.
        let at = |i: usize| {
            u64::from(LESS_ONE[usize::from(have[i]) % 8][usize::from(pattern.count(i)) % 8])
        };
        at(0) * at(1) * (at(2) * at(3)) * at(4)
    }

    /// Counts the suitings of `pattern` (`have`: per distinct rank, by
    /// position, the cards of that rank left) with three or more of its
    /// ranks in this suit on which some seat makes a flush that changes
    /// the outcome (`values`, the seats' values without flushes;
    /// `flushed`, working storage), `times` over (the suits held alike);
    /// returns their ways. Where no seat makes a full house or quads
    /// without flushes, a flush decides alone: the suitings' ways go to
    /// `by_set`, by the ranks dealt in the suit. Else each suiting on which
    /// a straight flush beats them is counted into `out` with its own
    /// ways.
    #[inline(always)]
    pub(super) fn flushes(
        &self,
        pattern: &Pattern,
        have: &[u8; BOARD],
        values: &[u32],
        flushed: &mut [u32],
        times: u64,
        (out, by_set): (&mut Outcomes, &mut SetSums),
    ) -> u64 {
        let mut counted = 0;
        let best = values.iter().copied().max().unwrap_or(0);
        if best < u32::from(flush_value(LOWEST_FLUSH)) {
            // No full house or quads: on every suiting a flush decides
            // alone, the set's outcome whatever the other ranks.
            if u32::from(pattern.distinct) == self.fewest {
                // Only the suiting of every rank flushes (two of three
                // paired boards that can flush, a seat holding one card of
                // the suit): its ways without the walk. (Here, not in
                // `suitings`: there it cost `AA KK QQ` 0.7 M instructions
                // more, its callers compiled worse.)
                let ways = self.all_suited_ways(pattern, have) * times;
                if ways > 0 {
                    by_set.add(pattern.mask, ways);
                }
                return ways;
            }
            self.suitings(pattern, have, |_, suited_ranks, ways| {
                by_set.add(suited_ranks, ways * times);
                counted += ways * times;
            });
            return counted;
        }
        // A full house or quads: a flush below it changes no outcome, only
        // a straight flush can, and none is in reach unless some seat's
        // cards of the suit and the multiset's ranks the suit can deal
        // make five in a row.
        let open = pattern.mask & self.deck;
        // (Every seat's ranks together first: rarely five in a row.)
        if !straight(open | self.held)
            || !(self.seats[..values.len()].iter()).any(|&held| straight(open | held))
        {
            return 0;
        }
        self.suitings(pattern, have, |k, suited_ranks, ways| {
            let mut changed = false;
            let seats = self.seats.iter().zip(&self.needs);
            for ((f, &v), (&held, &need)) in flushed.iter_mut().zip(values).zip(seats) {
                *f = v;
                if k >= u32::from(need) {
                    let flush = u32::from(flush_value(suited_ranks | held));
                    if flush > v {
                        *f = flush;
                        changed |= flush >= best;
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

    /// Counts into `out` the suitings summed in `sums`, each set's flushes
    /// in this suit deciding alone, and clears them.
    pub(super) fn count_sets(&self, sums: &mut SetSums, out: &mut Outcomes) {
        let mut values = [0u32; MAX_SEATS];
        let values = &mut values[..out.seats];
        sums.drain(|set, ways| {
            self.flush_values(set, values);
            out.add(values, ways);
        });
    }

    /// Each seat's flush (into `values`) on a board dealing the ranks of
    /// `set` in this suit, 0 where it makes none.
    #[inline(always)]
    pub(super) fn flush_values(&self, set: u16, values: &mut [u32]) {
        let k = ranks_in(set);
        let seats = self.seats.iter().zip(&self.needs);
        for (v, (&held, &need)) in values.iter_mut().zip(seats) {
            *v = if k >= u32::from(need) {
                u32::from(flush_value(set | held))
            } else {
                0
            };
        }
    }
}

/// Bits of the tests `keep(i)` for `i` below `len` (at most 32), bit `i`
/// the `i`-th's: with AVX2 (`WIDE`, only where the processor has it) the
/// tests, made branch-free, compile to vector compares and one
/// instruction gathers their bits.
#[inline(always)]
pub(super) fn kept_bits<const WIDE: bool>(len: usize, keep: impl Fn(usize) -> bool) -> u32 {
    let mut kept = [0u8; 32];
    for (i, kept) in kept.iter_mut().enumerate().take(len) {
        *kept = u8::from(keep(i)).wrapping_neg();
    }
    #[cfg(target_arch = "x86_64")]
    if WIDE {
        // SAFETY: `WIDE` only where the processor has AVX2.
        return unsafe { top_bits(&kept) };
    }
    (kept.iter().enumerate()).fold(0, |bits, (i, &k)| bits | u32::from(k & 1) << i)
}

/// The top bits of 32 bytes, bit `i` byte `i`'s.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn top_bits(bytes: &[u8; 32]) -> u32 {
    use std::arch::x86_64::{_mm256_loadu_si256, _mm256_movemask_epi8};
    // SAFETY: `bytes` is 32 bytes, an unaligned load.
    let bytes = unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) };
    _mm256_movemask_epi8(bytes) as u32
}

/// How many ranks `ranks` holds: `count_ones` if `WIDE` (where the
/// processor has AVX2 and POPCNT, and a loop over many compiles to vector
/// counts), else [`ranks_in`].
#[inline(always)]
pub(super) fn ranks_held<const WIDE: bool>(ranks: u16) -> u32 {
    if WIDE {
        ranks.count_ones()
    } else {
        ranks_in(ranks)
    }
}

/// Whether the ranks `ranks` (bit `rank`) hold five in a row, the ace
/// high or low.
#[inline(always)]
fn straight(ranks: u16) -> bool {
    let r = u32::from(ranks) << 1 | u32::from(ranks) >> 12 & 1;
    r & r >> 1 & r >> 2 & r >> 3 & r >> 4 != 0
}

#[cfg(test)]
mod tests;
