//! A hand's category alone (what a combo makes on a board, for the board
//! breakdown): from its rank counts, each suit's ranks and the straights
//! those hold, no best hand formed.

use super::rank::HandCategory;
use crate::card::Card;

/// Distinct cards counted: per rank its cards, per suit its ranks, and how
/// many ranks hold each count. A category is read from them, with no best
/// hand formed (its kickers were most of a flop report's hits); a board's
/// counts, with a combo's two cards added, are the combo's on the board.
#[derive(Clone, Copy)]
pub(crate) struct CardCounts {
    counts: [u8; 13],
    suits: [u16; 4],
    /// Per count 0..=4, the ranks holding that many cards.
    kinds: [u8; 5],
}

impl CardCounts {
    /// The counts of `cards` (distinct).
    pub(crate) fn of(cards: &[Card]) -> CardCounts {
        let mut counts = CardCounts {
            counts: [0; 13],
            suits: [0; 4],
            kinds: [13, 0, 0, 0, 0],
        };
        for &card in cards {
            counts.add(card);
        }
        counts
    }

    /// Adds `card` (not among them). (In place: a copy returned as each
    /// card went in was read whole just after its bytes were written, a
    /// stall a combo.)
    #[inline]
    pub(crate) fn add(&mut self, card: Card) {
        let rank = card.rank().index();
        let n = &mut self.counts[usize::from(rank)];
        self.kinds[usize::from(*n)] -= 1;
        *n += 1;
        self.kinds[usize::from(*n)] += 1;
        self.suits[usize::from(card.suit().index())] |= 1 << rank;
    }

    /// The cards of rank `rank` (0 the deuce .. 12 the ace).
    #[inline]
    pub(crate) fn of_rank(&self, rank: u8) -> u8 {
        self.counts[usize::from(rank)]
    }

    /// The ranks held in suit `suit`, a bit per rank.
    #[inline]
    pub(crate) fn suit_ranks(&self, suit: u8) -> u16 {
        self.suits[usize::from(suit)]
    }

    /// The category of five to seven cards so counted.
    #[inline]
    pub(crate) fn category(&self) -> HandCategory {
        let suits = &self.suits;
        let flush = suits.iter().copied().find(|m| m.count_ones() >= 5);
        if flush.is_some_and(has_straight) {
            return HandCategory::StraightFlush;
        }
        let [_, _, pairs, trips, quads] = self.kinds;
        match () {
            _ if quads > 0 => HandCategory::FourOfAKind,
            _ if trips > 0 && trips + pairs >= 2 => HandCategory::FullHouse,
            _ if flush.is_some() => HandCategory::Flush,
            _ if has_straight(suits[0] | suits[1] | suits[2] | suits[3]) => HandCategory::Straight,
            _ if trips > 0 => HandCategory::ThreeOfAKind,
            _ if pairs >= 2 => HandCategory::TwoPair,
            _ if pairs == 1 => HandCategory::OnePair,
            _ => HandCategory::HighCard,
        }
    }
}

/// Whether the ranks `ranks` (bit 0 the deuce .. bit 12 the ace) hold five
/// in a row, the ace also below the deuce.
fn has_straight(ranks: u16) -> bool {
    const WHEEL: u16 = 1 << 12 | 0b1111;
    ranks & ranks >> 1 & ranks >> 2 & ranks >> 3 & ranks >> 4 != 0 || ranks & WHEEL == WHEEL
}
