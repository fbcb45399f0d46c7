//! A field of cards as the player types it: the text, the cards it last
//! read as, and why the text does not read now, if so. The board and the
//! dead cards are each a [`CardsField`].

use engine::card::{ParseCardError, ParseCardErrorKind, parse_cards};
use engine::{Card, CardSet};

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

/// A text of cards as typed, the cards it last read as, and why it does
/// not read now, if so (the cards then stay as they were).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CardsField<T> {
    text: String,
    cards: T,
    error: Option<String>,
}

impl<T: CardText> CardsField<T> {
    /// The text as typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cards as last read.
    pub fn cards(&self) -> &T {
        &self.cards
    }

    /// Why the text does not read, if so.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Takes `text` as typed: the cards follow when it reads, else they
    /// stay and the error is kept.
    pub fn set_text(&mut self, text: &str) {
        self.text = text.to_owned();
        match T::parse(text) {
            Ok(cards) => {
                self.cards = cards;
                self.error = None;
            }
            Err(error) => self.error = Some(card_error_text(&error)),
        }
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
