//! Board-major counting with one swept seat: the deals of every seat but
//! the widest active range are listed, and the widest seat's combos are
//! counted against each listed deal in closed form instead of being
//! listed with it.
//!
//! On a board, the swept seat's live combos are sorted by rank and a table
//! holds, for every prefix of that order, the prefix's total weight and its
//! weight per card. A listed deal's best rank `r` (and who holds it) is
//! known from its seats; the weight of the swept combos compatible with
//! the deal and ranked below `r` is the prefix total, minus the prefix's
//! weight on each of the deal's cards, plus the weight of the swept combos
//! made of two of the deal's cards (taken away twice): inclusion–exclusion
//! over the deal's cards, as the two-range sweep does over one combo's.
//! The same at `≤ r` and over the whole order gives the ties and the
//! swept seat's wins, so a deal costs a few table reads instead of a pass
//! over the widest range. With a breakdown, the swept seat's own combos are
//! counted by the mirror sweep: the listed deals sorted by best rank, with
//! running sums per card and per swept combo.
//!
//! Every sum is the very integer the deal-by-deal scan forms: the kernels
//! agree to the last bit (tests/equity.rs).

mod board;
mod deals;
mod mirror;
mod scratch;

pub(crate) use deals::{Listing, SweptSeat};
pub(crate) use scratch::Scratch;
