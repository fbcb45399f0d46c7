//! A field of cards as the player types it: the text, the cards it last
//! read as, and why the text does not read now, if so. The board and the
//! dead cards are each a [`CardsField`].

use engine::card::{ParseCardError, ParseCardErrorKind, parse_cards};
use engine::{Card, CardSet};

use super::reads::longest_reading;

/// Cards read from text and written back as text.
pub trait CardText: Sized {
    /// The cards of `text`, or why it does not read.
    fn parse(text: &str) -> Result<Self, ParseCardError>;

    /// The cards as text.
    fn to_text(&self) -> String;
}

impl CardText for Vec<Card> {
    /// Board cards in order; they are distinct too: `AhAh` is "Ah twice".
    fn parse(text: &str) -> Result<Vec<Card>, ParseCardError> {
        CardSet::parse(text).and_then(|_| parse_cards(text))
    }

    fn to_text(&self) -> String {
        self.iter().map(Card::to_string).collect()
    }
}

impl CardText for CardSet {
    fn parse(text: &str) -> Result<CardSet, ParseCardError> {
        CardSet::parse(text)
    }

    fn to_text(&self) -> String {
        self.to_string()
    }
}

/// A text of cards as typed, the cards counted, and why it does not read
/// now, if so (the cards counted are then those before the error).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CardsField<T> {
    text: String,
    cards: T,
    /// Why the text does not read, and the part of it counted.
    error: Option<(String, String)>,
}

impl<T: CardText> CardsField<T> {
    /// The text as typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cards counted.
    pub fn cards(&self) -> &T {
        &self.cards
    }

    /// Why the text does not read, if so.
    pub fn error(&self) -> Option<&str> {
        self.error.as_ref().map(|(e, _)| e.as_str())
    }

    /// While the text does not read: the part of it counted.
    pub fn counted(&self) -> Option<&str> {
        self.error.as_ref().map(|(_, c)| c.as_str())
    }

    /// Takes `text` as typed: the cards follow when it reads, else they
    /// are those of the text before the error, and the error is kept.
    pub fn set_text(&mut self, text: &str)
    where
        T: Default,
    {
        self.text = text.to_owned();
        let error = T::parse(text).err();
        let (counted, cards) = longest_reading(text, T::parse, |_, e| e.offset).unwrap_or_default();
        self.cards = cards;
        self.error = error.map(|e| (card_error_text(&e), counted));
    }

    /// Sets the cards; the text follows.
    pub fn set_cards(&mut self, cards: T) {
        self.text = cards.to_text();
        self.cards = cards;
        self.error = None;
    }
}

/// Card-text errors in a player's words: `Ah twice`, `"Xs": not a card…`.
fn card_error_text(error: &ParseCardError) -> String {
    match error.kind {
        ParseCardErrorKind::Duplicate(card) => format!("{card} twice"),
        ref kind => format!("{:?}: {kind}", error.token),
    }
}
