//! What goes wrong with an analysis input.

use crate::card::Card;
use crate::combo::Combo;

/// A bad analysis input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// The board must have 3 to 5 cards.
    #[error("the board has {0} cards; the breakdown needs a flop, turn or river (3 to 5)")]
    BoardSize(usize),
    /// A card appears twice.
    #[error("{0} is given twice")]
    DuplicateCard(Card),
    /// The hero's hand shares a card with the board or dead cards.
    #[error("the hand {0} uses a card of the board or the dead cards")]
    HandConflict(Combo),
    /// A villain's range has no combo left.
    #[error("a villain's range has no hand left once the known cards are removed")]
    EmptyRange,
    /// The cancellation check fired.
    #[error("cancelled")]
    Cancelled,
}
