//! Card text: parsing one card or a list of them, with typed errors that
//! name the offending text and where it is.

use std::ops::Range;
use std::str::FromStr;

use super::rank::{Rank, Suit};
use super::single::Card;

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
/// [`CardSet::parse`](super::CardSet::parse) when they must be distinct. Empty text gives no cards.
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
