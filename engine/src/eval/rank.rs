//! Hand ranks: the evaluator's answer, ordered as hands compare, with the
//! category and the ranks that decide it.

use std::fmt;

use crate::card::Rank;

/// The rank tables `build.rs` writes: where each category starts and each
/// rank's deciding cards.
mod generated {
    include!(concat!(env!("OUT_DIR"), "/hand_ranks.rs"));
}

/// A hand-ranking category, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum HandCategory {
    /// No pair, no straight, no flush.
    HighCard = 1,
    /// One pair.
    OnePair,
    /// Two pairs.
    TwoPair,
    /// Three cards of one rank.
    ThreeOfAKind,
    /// Five consecutive ranks (the ace plays high or low).
    Straight,
    /// Five cards of one suit.
    Flush,
    /// Three of a kind and a pair.
    FullHouse,
    /// Four cards of one rank.
    FourOfAKind,
    /// A straight in one suit; the ace-high one is the royal flush.
    StraightFlush,
}

impl HandCategory {
    /// All nine categories, weakest first.
    pub const ALL: [HandCategory; 9] = [
        HandCategory::HighCard,
        HandCategory::OnePair,
        HandCategory::TwoPair,
        HandCategory::ThreeOfAKind,
        HandCategory::Straight,
        HandCategory::Flush,
        HandCategory::FullHouse,
        HandCategory::FourOfAKind,
        HandCategory::StraightFlush,
    ];

    /// The category's name in lower case: "high card" … "straight flush".
    pub const fn name(self) -> &'static str {
        match self {
            HandCategory::HighCard => "high card",
            HandCategory::OnePair => "one pair",
            HandCategory::TwoPair => "two pair",
            HandCategory::ThreeOfAKind => "three of a kind",
            HandCategory::Straight => "straight",
            HandCategory::Flush => "flush",
            HandCategory::FullHouse => "full house",
            HandCategory::FourOfAKind => "four of a kind",
            HandCategory::StraightFlush => "straight flush",
        }
    }

    /// How many ranks decide between two hands of this category (the
    /// straight's top card; the quads' rank and kicker; …).
    pub(super) const fn deciding_ranks(self) -> usize {
        match self {
            HandCategory::StraightFlush | HandCategory::Straight => 1,
            HandCategory::FourOfAKind | HandCategory::FullHouse => 2,
            HandCategory::ThreeOfAKind | HandCategory::TwoPair => 3,
            HandCategory::OnePair => 4,
            HandCategory::Flush | HandCategory::HighCard => 5,
        }
    }
}

impl fmt::Display for HandCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The value of a poker hand's best five cards: a higher rank is a better
/// hand, equal ranks tie.
///
/// Representation invariant: `category << 12 | index`, where the category
/// code is 1 (high card) to 9 (straight flush) and the index runs from 1 (the
/// category's weakest hand) upward. There are 7,462 distinct values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandRank(pub(super) u32);

impl HandRank {
    /// The rank of a value of the generator's `best_hand` (category in
    /// bits 20 and up, the deciding ranks below).
    pub(super) fn from_best_hand(value: u32) -> HandRank {
        let category = (value >> 20) as usize;
        let start = usize::from(generated::CATEGORY_START[category]);
        let end = generated::CATEGORY_START
            .get(category + 1)
            .map_or(generated::HAND_RANKS.len(), |&e| usize::from(e));
        let index = generated::HAND_RANKS[start..end]
            .binary_search(&(value & 0xf_ffff))
            .unwrap_or_else(|i| i);
        HandRank((category as u32) << 12 | (index as u32 + 1))
    }

    /// The weakest hand: 7-5-4-3-2 offsuit.
    pub const WORST: HandRank = HandRank(1 << 12 | 1);
    /// The best hand: the royal flush.
    pub const BEST: HandRank = HandRank(9 << 12 | 10);

    /// The hand's category.
    pub const fn category(self) -> HandCategory {
        HandCategory::ALL[(self.0 >> 12) as usize - 1]
    }

    /// The hand's place among all 7,462 distinct five-card hands, from 1
    /// (7-5-4-3-2) to 7,462 (the royal flush).
    pub const fn strength(self) -> u16 {
        generated::CATEGORY_START[(self.0 >> 12) as usize] + (self.0 & 0xfff) as u16
    }

    /// The hand with the given [`strength`](HandRank::strength), if in
    /// `1..=7462`.
    pub fn from_strength(strength: u16) -> Option<HandRank> {
        let category = (1..=9)
            .rev()
            .find(|&c| generated::CATEGORY_START[c] < strength)?;
        let index = strength - generated::CATEGORY_START[category];
        let rank = HandRank((category as u32) << 12 | u32::from(index));
        (strength <= HandRank::BEST.strength()).then_some(rank)
    }

    /// The raw value, `category << 12 | index`, as stored in the table.
    pub const fn value(self) -> u32 {
        self.0
    }

    /// The rank with raw value `value`, which must be one the evaluator
    /// tables hold (`category << 12 | index`, category 1..=9).
    pub(crate) const fn from_value(value: u32) -> HandRank {
        HandRank(value)
    }

    /// The ranks that decide between hands of this category, most
    /// significant first: the straight's top card; the quads' rank and the
    /// kicker; trips then pair for a full house; the five flush or high-card
    /// ranks; the pairs then kicker for two pair; and so on.
    pub fn deciding_ranks(self) -> Vec<Rank> {
        let packed = generated::HAND_RANKS[usize::from(self.strength()) - 1];
        (0..self.category().deciding_ranks())
            .filter_map(|i| Rank::from_index((packed >> (16 - 4 * i) & 0xf) as u8))
            .collect()
    }
}

impl fmt::Display for HandRank {
    /// Describes the hand as a player would: "full house, kings full of
    /// sevens", "straight, five high", "royal flush".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ranks = self.deciding_ranks();
        let rank = |i: usize| ranks.get(i).copied().unwrap_or(Rank::Two);
        let list = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            for (i, r) in ranks.iter().enumerate() {
                write!(f, "{}{r}", if i > 0 { "-" } else { "" })?;
            }
            Ok(())
        };
        match self.category() {
            HandCategory::StraightFlush if rank(0) == Rank::Ace => f.write_str("royal flush"),
            HandCategory::StraightFlush => write!(f, "straight flush, {} high", rank(0).name()),
            HandCategory::FourOfAKind => {
                write!(
                    f,
                    "four of a kind, {}, {} kicker",
                    rank(0).plural(),
                    rank(1).name()
                )
            }
            HandCategory::FullHouse => {
                write!(
                    f,
                    "full house, {} full of {}",
                    rank(0).plural(),
                    rank(1).plural()
                )
            }
            HandCategory::Flush => {
                f.write_str("flush, ")?;
                list(f)
            }
            HandCategory::Straight => write!(f, "straight, {} high", rank(0).name()),
            HandCategory::ThreeOfAKind => write!(
                f,
                "three of a kind, {}, {}-{} kickers",
                rank(0).plural(),
                rank(1),
                rank(2)
            ),
            HandCategory::TwoPair => write!(
                f,
                "two pair, {} and {}, {} kicker",
                rank(0).plural(),
                rank(1).plural(),
                rank(2).name()
            ),
            HandCategory::OnePair => {
                write!(
                    f,
                    "pair of {}, {}-{}-{} kickers",
                    rank(0).plural(),
                    rank(1),
                    rank(2),
                    rank(3)
                )
            }
            HandCategory::HighCard => {
                f.write_str("high card, ")?;
                list(f)
            }
        }
    }
}
