//! Integer tallies of outcomes: the single definition of equity that every
//! method fills (docs/design.md §3). Exact and Monte Carlo differ only in
//! which deals they count; adding tallies is exact and order-independent,
//! so results do not depend on the thread count.

mod combo_count;
mod counts;
mod figures;
mod outcome;

pub(crate) use combo_count::{ComboCount, float};
pub(crate) use counts::Tally;
pub(crate) use outcome::{add_outcome, add_to_winners, gcd, share_unit, tie_slot, winners};
