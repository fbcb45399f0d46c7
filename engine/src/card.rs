//! Cards, ranks, suits and sets of cards, with parsing and display.
//!
//! Text forms: a card is a rank character (`2`–`9`, `T`, `J`, `Q`, `K`, `A`,
//! case-insensitive, `10` accepted for ten) followed by a suit character
//! (`s`, `h`, `d`, `c`, case-insensitive, or one of the glyphs `♠♥♦♣`).
//! A list of cards may be written with or without separators:
//! `"ahkd"`, `"Ah Kd"`, `"AhKd"` and `"Ah,Kd"` are the same two cards.

use std::{
    fmt,
    ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Range, Sub, SubAssign},
    str::FromStr,
};

/// A card rank. The discriminant, 0 (deuce) to 12 (ace), is the rank's index
/// everywhere in the engine, and ranks compare by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// Deuce (index 0).
    Two,
    /// Three (index 1).
    Three,
    /// Four (index 2).
    Four,
    /// Five (index 3).
    Five,
    /// Six (index 4).
    Six,
    /// Seven (index 5).
    Seven,
    /// Eight (index 6).
    Eight,
    /// Nine (index 7).
    Nine,
    /// Ten (index 8).
    Ten,
    /// Jack (index 9).
    Jack,
    /// Queen (index 10).
    Queen,
    /// King (index 11).
    King,
    /// Ace (index 12).
    Ace,
}

const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";

impl Rank {
    /// All thirteen ranks, deuce first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank with the given index (0 = deuce … 12 = ace).
    pub const fn from_index(index: u8) -> Option<Rank> {
        if index < 13 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }

    /// The rank's index, 0 (deuce) to 12 (ace).
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The rank's character: `2`–`9`, `T`, `J`, `Q`, `K` or `A`.
    pub const fn to_char(self) -> char {
        RANK_CHARS[self as usize] as char
    }

    /// Parses a rank character, case-insensitively. `1` is not a rank: ten is
    /// `T` (the two-character `10` is handled by the card parsers).
    pub const fn from_char(c: char) -> Option<Rank> {
        let upper = c.to_ascii_uppercase();
        let mut index = 0;
        while index < 13 {
            if RANK_CHARS[index] as char == upper {
                return Some(Rank::ALL[index]);
            }
            index += 1;
        }
        None
    }

    /// The rank's English name: "deuce", "three", …, "ace".
    pub const fn name(self) -> &'static str {
        [
            "deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king", "ace",
        ][self as usize]
    }

    /// The rank's English plural: "deuces", "threes", …, "sixes", …, "aces".
    pub const fn plural(self) -> &'static str {
        [
            "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces",
        ][self as usize]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A card suit. The discriminant, 0 (clubs) to 3 (spades), is the suit's
/// index everywhere in the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// Clubs (index 0).
    Clubs,
    /// Diamonds (index 1).
    Diamonds,
    /// Hearts (index 2).
    Hearts,
    /// Spades (index 3).
    Spades,
}

impl Suit {
    /// All four suits, clubs first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with the given index (0 = clubs … 3 = spades).
    pub const fn from_index(index: u8) -> Option<Suit> {
        if index < 4 {
            Some(Suit::ALL[index as usize])
        } else {
            None
        }
    }

    /// The suit's index, 0 (clubs) to 3 (spades).
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The suit's letter: `c`, `d`, `h` or `s`.
    pub const fn to_char(self) -> char {
        [b'c', b'd', b'h', b's'][self as usize] as char
    }

    /// The suit's glyph: `♣`, `♦`, `♥` or `♠`.
    pub const fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    /// Parses a suit letter (case-insensitive) or glyph (filled or outlined).
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'c' | 'C' | '♣' | '♧' => Some(Suit::Clubs),
            'd' | 'D' | '♦' | '♢' => Some(Suit::Diamonds),
            'h' | 'H' | '♥' | '♡' => Some(Suit::Hearts),
            's' | 'S' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit's English name: "clubs", "diamonds", "hearts" or "spades".
    pub const fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self as usize]
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A playing card.
///
/// Representation invariant: the card is its index `4 * rank + suit` in
/// `0..52`, rank 0 = deuce … 12 = ace and suit 0 = clubs, 1 = diamonds,
/// 2 = hearts, 3 = spades; so `2c` = 0, `2d` = 1, …, `Ah` = 50, `As` = 51.
/// Cards order by that index (by rank, then suit).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

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

    /// The card's bit in a [`CardSet`]: `1 << index`.
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

impl FromStr for Card {
    type Err = ParseCardError;

    /// Parses exactly one card, such as `As`, `td` or `10h`; surrounding
    /// whitespace is ignored.
    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let cards = parse_cards(text)?;
        match cards[..] {
            [card] => Ok(card),
            _ => Err(ParseCardError {
                token: text.trim().to_owned(),
                offset: text.len() - text.trim_start().len(),
                kind: ParseCardErrorKind::Count {
                    expected: 1,
                    found: cards.len(),
                },
            }),
        }
    }
}

/// An error in card text: what was wrong, the offending text and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad card {token:?} at byte {offset}: {kind}")]
pub struct ParseCardError {
    /// The offending text: the card being read when the error was found.
    pub token: String,
    /// Byte offset of `token` in the parsed text.
    pub offset: usize,
    /// What was wrong.
    pub kind: ParseCardErrorKind,
}

/// What was wrong in card text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCardErrorKind {
    /// A character that is not a rank where a rank was expected.
    #[error("{0:?} is not a rank (2-9, T, J, Q, K, A)")]
    UnknownRank(char),
    /// A character that is not a suit after a rank.
    #[error("{0:?} is not a suit (s, h, d, c)")]
    UnknownSuit(char),
    /// A rank with no suit after it.
    #[error("the card has no suit (s, h, d, c)")]
    MissingSuit,
    /// A card given twice where cards must be distinct.
    #[error("{0} is given twice")]
    Duplicate(Card),
    /// Text that should hold a fixed number of cards holds another number.
    #[error("expected {expected} card(s), found {found}")]
    Count {
        /// How many cards were expected.
        expected: usize,
        /// How many were found.
        found: usize,
    },
}

/// Whether `c` separates cards in a list.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// Parses a list of cards, with or without separators (whitespace or
/// commas): `"ahkd"`, `"Ah Kd"`, `"AhKd"`, `"Ah, Kd"`. Cards may repeat; use
/// [`CardSet::parse`] when they must be distinct. Empty text gives no cards.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ParseCardError> {
    Ok(parse_cards_at(text)?
        .into_iter()
        .map(|(_, card)| card)
        .collect())
}

/// Like [`parse_cards`], giving each card with the byte range of its text.
pub fn parse_cards_at(text: &str) -> Result<Vec<(Range<usize>, Card)>, ParseCardError> {
    let mut cards = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if is_separator(c) {
            continue;
        }
        // The token shown in an error: this card's characters, at most three
        // (`10h`), stopping at a separator.
        let token = |len: usize| -> String {
            text[start..]
                .chars()
                .take_while(|&c| !is_separator(c))
                .take(len)
                .collect()
        };
        let error = |kind, len| ParseCardError {
            token: token(len),
            offset: start,
            kind,
        };
        let rank = match c {
            '1' if chars.peek().is_some_and(|&(_, next)| next == '0') => {
                chars.next();
                Rank::Ten
            }
            _ => Rank::from_char(c).ok_or_else(|| error(ParseCardErrorKind::UnknownRank(c), 2))?,
        };
        let rank_len = if c == '1' { 2 } else { 1 };
        let (suit, end) = match chars.next() {
            Some((at, s)) if !is_separator(s) => (
                Suit::from_char(s)
                    .ok_or_else(|| error(ParseCardErrorKind::UnknownSuit(s), rank_len + 1))?,
                at + s.len_utf8(),
            ),
            _ => return Err(error(ParseCardErrorKind::MissingSuit, rank_len)),
        };
        cards.push((start..end, Card::new(rank, suit)));
    }
    Ok(cards)
}

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

    /// Parses a list of distinct cards (see [`parse_cards`]); a card given
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

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn encoding_is_four_times_rank_plus_suit() {
        assert_eq!(card("2c").index(), 0);
        assert_eq!(card("2d").index(), 1);
        assert_eq!(card("3c").index(), 4);
        assert_eq!(card("Ah").index(), 50);
        assert_eq!(card("As").index(), 51);
        for index in 0..52 {
            let c = Card::from_index(index).unwrap();
            assert_eq!(Card::new(c.rank(), c.suit()), c);
        }
        assert_eq!(Card::from_index(52), None);
    }

    #[test]
    fn offsets_are_bytes_of_each_card() {
        let found = parse_cards_at("Ah 10d,K♣").unwrap();
        assert_eq!(
            found,
            vec![(0..2, card("Ah")), (3..6, card("Td")), (7..11, card("Kc"))]
        );
    }
}
