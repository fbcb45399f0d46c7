//! Why a line cannot be applied to a spot.

use super::street::Street;
use crate::equity::EquityError;

/// Why a line cannot be applied to a spot. Seats are counted from 1 in
/// the messages, as the command line and the app name them (the fields
/// hold request indexes, from 0).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum LineError {
    /// A rule on a street the board has not reached.
    #[error(
        "a {street} rule needs the {street} dealt: a board of {} cards, and the board has {board}",
        street.cards()
    )]
    StreetNotDealt {
        /// The rule's street.
        street: Street,
        /// Board cards given.
        board: usize,
    },
    /// A rule on a street a report over many boards does not deal: a turn
    /// or river rule in the flop report, a river rule on the next card of a
    /// flop.
    #[error("{}", street_not_in_report(*street, *board))]
    StreetNotInReport {
        /// The rule's street.
        street: Street,
        /// The report's board cards: 0 for the flop report, 3 or 4 for the
        /// next card of a flop or a turn.
        board: usize,
    },
    /// A rule for a seat that is not an active seat of the spot.
    #[error("a rule names seat {}, which is not an active seat", seat + 1)]
    NoSuchSeat {
        /// The seat as named (request index).
        seat: usize,
    },
    /// Two rules for one seat on one street.
    #[error("two {street} rules for one seat")]
    TwoRules {
        /// The street.
        street: Street,
    },
    /// A rule that keeps none of its seat's live combos.
    #[error("nothing in seat {}'s range continues on the {street}", seat + 1)]
    NothingContinues {
        /// The seat (request index).
        seat: usize,
        /// The street.
        street: Street,
    },
    /// The equities an equity term reads could not be computed.
    #[error("the equities of the {street} rules: {source}")]
    Equity {
        /// The street.
        street: Street,
        /// Why.
        source: EquityError,
    },
    /// The spot, narrowed, could not be counted (a report on a line).
    #[error(transparent)]
    Count(#[from] EquityError),
}

/// What [`LineError::StreetNotInReport`] says: which streets the report
/// deals, and where a rule on `street` does apply.
fn street_not_in_report(street: Street, board: usize) -> String {
    match board {
        0 => format!(
            "the flop report deals flops only, so a {street} rule cannot apply there: \
             give flop rules (a {street} rule applies on the next card, or on a board \
             that reaches the {street})"
        ),
        3 => format!(
            "the next card of a flop is the turn, so a {street} rule cannot apply there: \
             give flop or turn rules (a {street} rule applies on the next card of a turn)"
        ),
        _ => format!(
            "a {street} rule cannot apply on the next card of a board of {board} cards: \
             give rules on the streets up to the one that card deals"
        ),
    }
}
