//! One playing card, as its index `4 * rank + suit`.

use std::fmt;

use super::rank::{Rank, Suit};

/// A playing card.
///
/// Representation invariant: the card is its index `4 * rank + suit` in
/// `0..52`, rank 0 = deuce … 12 = ace and suit 0 = clubs, 1 = diamonds,
/// 2 = hearts, 3 = spades; so `2c` = 0, `2d` = 1, …, `Ah` = 50, `As` = 51.
/// Cards order by that index (by rank, then suit).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(pub(super) u8);

impl Card {
    /// The card of the given rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank as u8 * 4 + suit as u8)
    }

    /// The card with the given index (`4 * rank + suit`), if below 52.
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 { Some(Card(index)) } else { None }
    }

    /// The card's index, `4 * rank + suit`, in `0..52`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 2) as usize]
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 & 3) as usize]
    }

    /// The card's bit in a [`CardSet`](super::CardSet): `1 << index`.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// All 52 cards in index order, `2c` first.
    pub fn all() -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator {
        (0..52).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().to_char(), self.suit().to_char())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
