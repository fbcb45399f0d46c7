//! Why a request cannot be computed.

use super::request::MAX_SEATS;
use crate::card::Card;

/// A request that cannot be computed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EquityError {
    /// The program's evaluator table is damaged (reinstall).
    #[error(transparent)]
    Table(#[from] crate::eval::TableError),
    /// The board has a size other than 0, 3, 4 or 5.
    #[error("the board has {0} cards; it needs 0, 3, 4 or 5")]
    BoardSize(usize),
    /// The next card needs a flop or a turn.
    #[error("the board has {0} cards; the next card needs a flop or a turn (3 or 4 cards)")]
    NextCardBoard(usize),
    /// The flop report starts from no board.
    #[error("the board has {0} cards; the flop report covers every flop, so it takes no board")]
    FlopReportBoard(usize),
    /// A card is given twice among the board and dead cards.
    #[error("{0} is given twice (board and dead cards must be distinct)")]
    DuplicateCard(Card),
    /// Fewer than two seats compete.
    #[error("{0} active seat(s); equity needs at least two")]
    TooFewSeats(usize),
    /// More seats than the deck can deal.
    #[error("{0} seats; the deck deals at most {MAX_SEATS}")]
    TooManySeats(usize),
    /// The board and dead cards leave too few cards for every seat's two
    /// and the rest of the board.
    #[error(
        "{seats} seats and {to_come} board card(s) to come need {needed} cards, but only {left} are left once the board and dead cards are removed"
    )]
    NotEnoughCards {
        /// Seats (active and folded).
        seats: usize,
        /// Board cards still to come.
        to_come: usize,
        /// Cards needed: two per seat and the board to come.
        needed: usize,
        /// Cards not on the board and not dead.
        left: usize,
    },
    /// A seat's range has no combo of positive weight at all.
    #[error("seat {}'s range is empty (no hand has a positive weight)", seat + 1)]
    EmptyRange {
        /// The seat's index in the request.
        seat: usize,
    },
    /// A seat's range has combos, but every one of them holds a card on the
    /// board or among the dead cards.
    #[error("seat {} has no hand left once {removed} are removed", seat + 1)]
    RangeRemoved {
        /// The seat's index in the request.
        seat: usize,
        /// What removed them: "the board cards", "the dead cards" or "the
        /// board and dead cards".
        removed: &'static str,
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
        "exact enumeration of this spot would take too long (about {estimate_s:.0} s on two threads); use Monte Carlo"
    )]
    TooLarge {
        /// Estimated time on the reference two threads (always finite).
        estimate_s: f64,
    },
    /// Exact enumeration was asked for a spot with more seat deals than it
    /// lists.
    #[error(
        "exact enumeration lists at most {limit} seat deals and this spot has more; use Monte Carlo"
    )]
    TooManyDeals {
        /// The most seat deals exact enumeration lists.
        limit: u64,
    },
    /// Exact enumeration was asked for a spot whose weight products summed
    /// over every deal would overflow its 128-bit integer tallies (many
    /// seats with finely weighted ranges, e.g. `0.9999` next to `1`).
    #[error(
        "exact enumeration cannot count this spot: the seats' weights multiplied over every deal exceed its 128-bit tallies (about 2^{bits} needed); use Monte Carlo or rounder weights"
    )]
    WeightsTooFine {
        /// Bits the largest sum would need.
        bits: u32,
    },
    /// Sampling drew almost no deal: the ranges clash on nearly every
    /// random draw and no sequential table fits them.
    #[error(
        "almost every random deal conflicts: the ranges share too few cards to sample{}",
        if *exact_refused {
            ", and there are too many deals to count exactly; widen the ranges or remove a seat"
        } else {
            "; count it exactly (--exact) or widen the ranges"
        }
    )]
    SamplingStarved {
        /// Whether exact counting refuses the spot too.
        exact_refused: bool,
    },
    /// A bad Monte Carlo setting.
    #[error("{0}")]
    BadSetting(&'static str),
    /// The cancellation check fired.
    #[error("cancelled")]
    Cancelled,
}

impl From<crate::threads::PoolError> for EquityError {
    fn from(_: crate::threads::PoolError) -> EquityError {
        EquityError::BadSetting("could not start worker threads")
    }
}
