//! A hand's category alone (what a combo makes on a board, for the board
//! breakdown): from its rank counts, each suit's ranks and the straights
//! those hold, no best hand formed.

use super::rank::HandCategory;
use crate::card::Card;

/// The category of five to seven cards known to be distinct (the caller
/// checked), from their rank counts, each suit's ranks and the straights
/// those hold: no best hand formed (its kickers were most of a flop
/// report's hits).
pub(crate) fn category_unchecked(cards: &[Card]) -> HandCategory {
    let mut counts = [0u8; 13];
    let mut suits = [0u16; 4];
    for card in cards {
        counts[usize::from(card.rank().index())] += 1;
        suits[usize::from(card.suit().index())] |= 1 << card.rank().index();
    }
    let flush = suits.iter().copied().find(|m| m.count_ones() >= 5);
    if flush.is_some_and(has_straight) {
        return HandCategory::StraightFlush;
    }
    let (mut pairs, mut trips, mut quads) = (0, 0, 0);
    for &n in &counts {
        match n {
            2 => pairs += 1,
            3 => trips += 1,
            4 => quads += 1,
            _ => {}
        }
    }
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

/// Whether the ranks `ranks` (bit 0 the deuce .. bit 12 the ace) hold five
/// in a row, the ace also below the deuce.
fn has_straight(ranks: u16) -> bool {
    const WHEEL: u16 = 1 << 12 | 0b1111;
    ranks & ranks >> 1 & ranks >> 2 & ranks >> 3 & ranks >> 4 != 0 || ranks & WHEEL == WHEEL
}
