//! A compact seven-card evaluator for random access: additive rank keys
//! into a perfect-hash table and a flush table, about 250 KiB in all (see
//! `build/compact.rs` for the layout), so lookups stay in the L2 cache.
//!
//! The Two-Plus-Two table ([`HandState`](crate::HandState)) is faster when
//! hands are walked in order, sharing prefixes: its successive lookups fall
//! in the same rows. For hands drawn at random each of its lookups misses
//! the cache; there this evaluator wins. Both give the same [`HandRank`],
//! checked on all 133,784,560 seven-card hands by the tests.
//!
//! ```
//! use engine::{CardSet, CompactHand, HandCategory};
//!
//! let cards: CardSet = "As Ks Qs Js Ts 2c 3d".parse().unwrap();
//! let hand = cards.iter().fold(CompactHand::EMPTY, CompactHand::add_card);
//! assert_eq!(hand.rank7().category(), HandCategory::StraightFlush);
//! ```

use crate::card::Card;
use crate::eval::HandRank;

mod generated {
    include!(concat!(env!("OUT_DIR"), "/compact_eval.rs"));
}

use generated::{FLUSH_RANKS, HASH_OFFSETS, HASH_RANKS, HASH_SHIFT, RANK_KEYS};

/// Bit `4 * suit + 3` set: that suit's counter (which starts at 3) has
/// reached 8, i.e. the suit holds five or more cards.
const FLUSH_BITS: u32 = 0x8888;
/// The suit counters' starting values, added when a hand is ranked.
const COUNTER_BASE: u32 = 0x3333;

/// Each card as a one-card hand: its rank key in the low 32 bits of `key`,
/// one in its suit's counter (bits `32 + 4 * suit ..`) above; its bit
/// `16 * suit + rank` in `suits`.
static CARDS: [CompactHand; 52] = {
    let mut cards = [CompactHand::EMPTY; 52];
    let mut i = 0;
    while i < 52 {
        cards[i] = CompactHand {
            key: RANK_KEYS[i / 4] as u64 | 1u64 << (32 + 4 * (i % 4)),
            suits: 1u64 << (16 * (i % 4) + i / 4),
        };
        i += 1;
    }
    cards
};

/// Mask of a hash row index: `HASH_OFFSETS` is padded to a power of two, so
/// masking keeps any key in bounds without a check.
const ROW_MASK: usize = HASH_OFFSETS.len() - 1;
/// Mask of a slot: `HASH_RANKS` is padded to a power of two too.
const SLOT_MASK: usize = HASH_RANKS.len() - 1;
const _: () = assert!(HASH_OFFSETS.len().is_power_of_two() && HASH_RANKS.len().is_power_of_two());

/// A set of distinct cards as the compact evaluator sees it: the sums of
/// its cards' keys and its ranks per suit. Rank it once it holds exactly
/// seven cards.
///
/// Representation invariant: `key` is the sum of `CARDS`' keys over the cards
/// (rank keys below bit 32, a 4-bit card count per suit above); `suits` has
/// bit `16 * suit + rank` set for each card. Hands combine by adding keys
/// and or-ing masks, so a board's sum is computed once and shared by every
/// hole-card combo.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CompactHand {
    key: u64,
    suits: u64,
}

impl CompactHand {
    /// No cards.
    pub const EMPTY: CompactHand = CompactHand { key: 0, suits: 0 };

    /// The hand holding just `card`.
    #[inline]
    pub fn single(card: Card) -> CompactHand {
        CARDS[usize::from(card.index())]
    }

    /// The hand holding just the card with index `index` (`4 * rank +
    /// suit`); the empty hand when `index` is 52 or more.
    #[inline]
    pub fn from_index(index: u8) -> CompactHand {
        CARDS
            .get(usize::from(index))
            .copied()
            .unwrap_or(CompactHand::EMPTY)
    }

    /// The hand with `card` added (which must not be in it already).
    #[inline]
    #[must_use]
    pub fn add_card(self, card: Card) -> CompactHand {
        self.combine(CompactHand::single(card))
    }

    /// The hand holding the cards of both (which must be disjoint).
    #[inline]
    #[must_use]
    pub fn combine(self, other: CompactHand) -> CompactHand {
        debug_assert!(self.suits & other.suits == 0, "a card is in both hands");
        CompactHand {
            key: self.key + other.key,
            suits: self.suits | other.suits,
        }
    }

    /// The number of cards.
    pub const fn len(self) -> usize {
        self.suits.count_ones() as usize
    }

    /// Whether the hand holds no card.
    pub const fn is_empty(self) -> bool {
        self.suits == 0
    }

    /// Whether some suit holds five or more of the cards.
    #[inline]
    pub(crate) fn has_flush(self) -> bool {
        self.flush_within(0)
    }

    /// How many of the cards are of suit `suit` (its index).
    #[inline]
    pub(crate) fn suit_cards(self, suit: usize) -> u32 {
        (self.key >> (32 + 4 * suit)) as u32 & 0xf
    }

    /// Whether `more` cards (at most two) could make a flush with these:
    /// some suit holds `5 - more` or more of them.
    #[inline]
    pub(crate) fn flush_within(self, more: u32) -> bool {
        debug_assert!(more <= 2);
        ((self.key >> 32) as u32 + COUNTER_BASE + more * 0x1111) & FLUSH_BITS != 0
    }

    /// The sum of the cards' rank keys: what decides the value of seven
    /// cards no suit holds five of ([`value_without_flush`]), and the same
    /// for every hand of the same ranks.
    #[inline]
    pub(crate) fn rank_keys(self) -> u32 {
        self.key as u32
    }

    /// The rank of the best five of the hand's seven cards. Only meaningful
    /// for exactly seven cards (debug builds check).
    #[inline]
    pub fn rank7(self) -> HandRank {
        debug_assert_eq!(self.len(), 7, "rank7 ranks seven cards");
        let flush = ((self.key >> 32) as u32 + COUNTER_BASE) & FLUSH_BITS;
        let value = if flush != 0 {
            let suit = flush.trailing_zeros() / 4;
            flush_value((self.suits >> (16 * suit)) as u16)
        } else {
            // Seven cards' keys are in the tables' range; the masks only
            // spare the bounds checks.
            value_without_flush(self.key as u32)
        };
        HandRank::from_value(u32::from(value))
    }
}

/// The rank key of one card of rank `rank` (0 for a deuce .. 12 for an
/// ace; 0 past 12): keys add up, and the sum over seven cards decides their
/// value when no suit holds five of them ([`value_without_flush`]).
#[inline]
pub(crate) const fn rank_key(rank: usize) -> u32 {
    if rank < RANK_KEYS.len() {
        RANK_KEYS[rank]
    } else {
        0
    }
}

/// The dense value ([`HandRank::value`]) of seven cards whose rank keys sum
/// to `key` (at most four of a rank), no suit holding five of them.
#[inline]
pub(crate) fn value_without_flush(key: u32) -> u16 {
    let row = HASH_OFFSETS[(key >> HASH_SHIFT) as usize & ROW_MASK];
    HASH_RANKS[(row as usize + (key & ((1 << HASH_SHIFT) - 1)) as usize) & SLOT_MASK]
}

/// Reads the evaluator's tables once, in order, so that a count about to
/// look them up at random finds them in the cache: in a fresh process
/// the first random reads of their 336 KB would each wait on memory (and
/// fault their pages in one at a time), which costs a small count more
/// than this sweep. The tables pass through `black_box`, so the reads are
/// made though their contents are known when compiling. (It warms the
/// calling thread's core; the pool's others share the last-level cache
/// and the pages.)
///
/// Once per process: the command line sweeps them before its clock
/// starts ([`prepare`](crate::equity::prepare)), and a second sweep on
/// the caller's thread, a serial 15–35 µs before a small count's workers
/// start, warmed nothing the workers read.
pub(crate) fn warm_tables() {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    SWEPT.call_once(|| {
        sweep_tables();
    });
}

/// See [`warm_tables`].
fn sweep_tables() -> u32 {
    use std::hint::black_box;
    const LINE: usize = 64;
    let mut sum = 0u32;
    for chunk in black_box(&HASH_RANKS[..]).chunks(LINE / size_of::<u16>()) {
        sum = sum.wrapping_add(u32::from(chunk[0]));
    }
    for chunk in black_box(&HASH_OFFSETS[..]).chunks(LINE / size_of::<u32>()) {
        sum = sum.wrapping_add(chunk[0]);
    }
    for chunk in black_box(&FLUSH_RANKS[..]).chunks(LINE / size_of::<u16>()) {
        sum = sum.wrapping_add(u32::from(chunk[0]));
    }
    black_box(sum)
}

/// The dense value of the best flush (or straight flush) among the ranks
/// of `ranks` (bit `rank`), which must hold five to seven of them.
#[inline]
pub(crate) fn flush_value(ranks: u16) -> u16 {
    FLUSH_RANKS[usize::from(ranks) & 0x1fff]
}

/// The table generator that `build.rs` runs, compiled again to be tested.
#[cfg(test)]
#[allow(dead_code)] // build.rs uses every item; the tests use some.
#[path = "../build/compact.rs"]
mod generator;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::HandState;

    fn card(i: u8) -> Card {
        Card::from_index(i).unwrap()
    }

    #[test]
    fn seven_rank_sums_are_distinct() {
        let mut keys: Vec<u32> = generator::seven_card_sums()
            .iter()
            .map(|&(k, _)| k)
            .collect();
        assert_eq!(keys.len(), generator::SEVEN_RANK_MULTISETS);
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), generator::SEVEN_RANK_MULTISETS);
        assert_eq!(generator::RANK_KEYS, RANK_KEYS);
    }

    #[test]
    fn perfect_hash_has_no_collisions() {
        let keys: Vec<u32> = generator::seven_card_sums()
            .iter()
            .map(|&(k, _)| k)
            .collect();
        let (offsets, mut slots) = generator::perfect_hash(&keys);

        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots.len(), keys.len());
        assert!(slots.iter().all(|&s| (s as usize) < HASH_RANKS.len()));
        assert_eq!(HASH_OFFSETS[..offsets.len()], offsets[..]);
    }

    #[test]
    fn tables_stay_cache_sized() {
        // Padding past the last used entry is never read.
        let used_ranks = HASH_RANKS.iter().rposition(|&r| r != 0).unwrap() + 1;
        let used_rows = HASH_OFFSETS.iter().rposition(|&r| r != 0).unwrap() + 1;
        let bytes = used_rows * 4 + used_ranks * 2 + FLUSH_RANKS.len() * 2;
        assert!(bytes < 300 * 1024, "{bytes} bytes");
    }

    /// Every seven-card hand, against the Two-Plus-Two table: 133,784,560
    /// hands, about a second in release builds.
    #[test]
    fn agrees_with_two_plus_two_on_every_seven_card_hand() {
        let mut checked = 0u64;
        for a in 0..52 {
            let (s1, c1) = (
                HandState::new().add_card(card(a)),
                CompactHand::single(card(a)),
            );
            for b in a + 1..52 {
                let (s2, c2) = (s1.add_card(card(b)), c1.add_card(card(b)));
                for c in b + 1..52 {
                    let (s3, c3) = (s2.add_card(card(c)), c2.add_card(card(c)));
                    for d in c + 1..52 {
                        let (s4, c4) = (s3.add_card(card(d)), c3.add_card(card(d)));
                        for e in d + 1..52 {
                            let (s5, c5) = (s4.add_card(card(e)), c4.add_card(card(e)));
                            for f in e + 1..52 {
                                let (s6, c6) = (s5.add_card(card(f)), c5.add_card(card(f)));
                                let mut mismatch = false;
                                for g in f + 1..52 {
                                    let expected = s6.rank_with(card(g));
                                    mismatch |= c6.add_card(card(g)).rank7() != expected;
                                }
                                assert!(!mismatch, "{a} {b} {c} {d} {e} {f}");
                                checked += u64::from(51 - f);
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 133_784_560);
    }
}
