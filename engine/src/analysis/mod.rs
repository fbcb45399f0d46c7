//! Range analysis beyond equity: how a range hits a board (made hands and
//! draws, Flopzilla style) and the hero's hand strength and potential
//! ([`hero`]).
//!
//! Every live combo of a range falls in exactly one [`MadeHand`] row, so
//! the made rows' weighted counts sum to the range's live combo count; a
//! combo can be in any number of [`Draw`] rows.
//!
//! Made rows follow the category of the best five of the seven (or six, or
//! five) cards, with finer rows for pairs and three of a kind by how the
//! hole cards take part:
//!
//! * **set**: a pocket pair matching a board card; **trips**: any other
//!   three of a kind (one hole card with a paired board, or trips on the
//!   board);
//! * **overpair** / **underpair**: a pocket pair above the highest / below
//!   the lowest board card; **pocket pair below top card** in between;
//! * **top pair** (a hole card pairs the highest board rank) by kicker:
//!   *top kicker* is the best rank not on the board, *good kicker* the next
//!   two, *weak kicker* any other; **middle pair** pairs neither the
//!   highest nor the lowest board rank, **bottom pair** the lowest;
//! * **paired board**: the only pair is on the board;
//! * **ace high** (an ace in hand) and **no made hand** for the rest.
//!
//! Draws count on the flop and turn only, and only toward something better
//! than the hand already made: a *flush draw* is four cards of a suit with
//! at least one in hand; *nut* when the hand holds the best card of that
//! suit not on the board. A straight draw needs a straight that uses a hole
//! card: *open-ended* when two or more ranks complete one (double gutshots
//! included: eight outs), *gutshot* when one does. A *combo draw* is a flush
//! draw with a straight draw. On the flop, *backdoor* draws need two more
//! cards: three to a flush with a hole card, or a straight two ranks away.
//! *Two overcards*: both hole cards above the board, no pair.

mod board_breakdown;
mod classify;
mod error;
pub mod hero;
mod hit;

pub use board_breakdown::{BoardBreakdown, Row};
pub use classify::classify;
pub use error::AnalysisError;
pub use hit::{Draw, Hit, MadeHand};
