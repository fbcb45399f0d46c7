//! Sets of cards as 52-bit masks.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};
use std::str::FromStr;

use super::single::Card;
use super::text::{ParseCardError, ParseCardErrorKind, parse_cards_at};

/// A set of cards.
///
/// Representation invariant: bit `i` of the mask is set when the card with
/// index `i` is in the set; bits 52..64 are always clear.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// All 52 cards.
    pub const DECK: CardSet = CardSet((1 << 52) - 1);

    /// The set whose mask is `bits`, ignoring bits above 51.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & CardSet::DECK.0)
    }

    /// The set's mask: bit `i` for the card with index `i`.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding just `card`.
    pub const fn single(card: Card) -> CardSet {
        CardSet(card.bit())
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// Adds `card`; returns whether it was not already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let new = !self.contains(card);
        self.0 |= card.bit();
        new
    }

    /// Removes `card`; returns whether it was there.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !card.bit();
        present
    }

    /// The set with `card` added.
    #[must_use]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | card.bit())
    }

    /// The number of cards in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the two sets share no card.
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// Whether every card of `self` is in `other`.
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The cards of the deck that are not in the set.
    #[must_use]
    pub const fn complement(self) -> CardSet {
        CardSet(!self.0 & CardSet::DECK.0)
    }

    /// The cards in index order, lowest (`2c`) first.
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// Parses a list of distinct cards (see [`parse_cards`](super::parse_cards)); a card given
    /// twice is an error naming the second occurrence.
    pub fn parse(text: &str) -> Result<CardSet, ParseCardError> {
        let mut set = CardSet::EMPTY;
        for (span, card) in parse_cards_at(text)? {
            if !set.insert(card) {
                let token = text[span.clone()].to_owned();
                let kind = ParseCardErrorKind::Duplicate(card);
                return Err(ParseCardError {
                    token,
                    offset: span.start,
                    kind,
                });
            }
        }
        Ok(set)
    }
}

impl fmt::Display for CardSet {
    /// The cards highest first, separated by spaces: `As Kd 7c`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().rev().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

impl FromStr for CardSet {
    type Err = ParseCardError;

    fn from_str(text: &str) -> Result<CardSet, ParseCardError> {
        CardSet::parse(text)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        set.extend(cards);
        set
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, cards: I) {
        for card in cards {
            self.insert(card);
        }
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;

    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl BitOr for CardSet {
    type Output = CardSet;

    fn bitor(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, other: CardSet) {
        self.0 |= other.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;

    fn bitand(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }
}

impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, other: CardSet) {
        self.0 &= other.0;
    }
}

impl Sub for CardSet {
    type Output = CardSet;

    /// The cards of `self` that are not in `other`.
    fn sub(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, other: CardSet) {
        self.0 &= !other.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;

    /// The complement within the deck.
    fn not(self) -> CardSet {
        self.complement()
    }
}

/// Iterator over the cards of a [`CardSet`] in index order.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl DoubleEndedIterator for CardSetIter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = 63 - self.0.leading_zeros() as u8;
        self.0 &= !(1 << index);
        Some(Card(index))
    }
}

impl ExactSizeIterator for CardSetIter {}
