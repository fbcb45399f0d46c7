//! Why a request cannot be computed.

use super::request::MAX_SEATS;
use crate::card::Card;

/// A request that cannot be computed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EquityError {
    /// The board has a size other than 0, 3, 4 or 5.
    #[error("the board has {0} cards; it needs 0, 3, 4 or 5")]
    BoardSize(usize),
    /// A card is given twice among the board and dead cards.
    #[error("{0} is given twice (board and dead cards must be distinct)")]
    DuplicateCard(Card),
    /// Fewer than two seats compete.
    #[error("{0} active seat(s); equity needs at least two")]
    TooFewSeats(usize),
    /// More seats than the deck can deal.
    #[error("{0} seats; the deck deals at most {MAX_SEATS}")]
    TooManySeats(usize),
    /// A seat's range has no combo left after removing the board and dead
    /// cards.
    #[error("seat {} has no hand left once the board and dead cards are removed", seat + 1)]
    EmptyRange {
        /// The seat's index in the request.
        seat: usize,
    },
    /// No deal gives every seat a hand from its range with distinct cards.
    #[error("no deal is possible: the seats' ranges cannot all be dealt at once")]
    NoFeasibleDeal,
    /// The exact feasibility search gave up (only on contrived spots: many
    /// seats whose ranges just about exhaust the cards they share).
    #[error(
        "could not decide whether the seats' ranges can all be dealt at once (gave up after {steps} search steps); widen a range or remove a seat"
    )]
    FeasibilityUndecided {
        /// Search steps taken.
        steps: u64,
    },
    /// Exact enumeration was asked for a scenario far too large.
    #[error(
        "exact enumeration of this spot would take too long (about {estimate_s:.0} s); use Monte Carlo"
    )]
    TooLarge {
        /// Estimated time.
        estimate_s: f64,
    },
    /// A bad Monte Carlo setting.
    #[error("{0}")]
    BadSetting(&'static str),
    /// The cancellation check fired.
    #[error("cancelled")]
    Cancelled,
}
