//! Exact enumeration of every deal, by the kernel the planner chose
//! ([`Kernel`]):
//!
//! * [`deal_major`]: for each seat deal, walk every board completion with
//!   each active seat's evaluator state, extending shared prefixes level by
//!   level (nearly sequential in the Two-Plus-Two table). Preflop with no
//!   dead cards, deals equal up to a permutation of suits are walked once
//!   with their weights summed (`AKs` vs `QQ`'s 24 deals are 2 walks).
//! * [`rank_patterns`]: with the whole board to come, for each seat deal
//!   (deals equal up to the suit permutations that keep the dead cards in
//!   place once), the boards by their multiset of ranks with the number of
//!   ways to suit each, the suitings on which a flush changes an outcome
//!   counted apart (deals whose seats hold the same ranks share the
//!   unsuited count, and each suit holding's flushes are counted once;
//!   on boards of five distinct ranks by suited set, [`suited_sets`];
//!   [`rank_suits`] the suits).
//! * [`board_major`]: for each board completion, rank every live combo of
//!   each active seat once, then count the deals compatible with the board
//!   (by one of the [`BoardKernel`](super::strategy::BoardKernel)s; two
//!   ranged seats are swept, [`two_ranges`], without listing their deals).
//!
//! Tallies are integer weight products (each seat's basis-point weights
//! divided by their gcd), so the result is exact to the last digit and the
//! same for any thread count.

use std::time::Instant;

use super::error::EquityError;
use super::report::{self, Progress};
use super::result::EquityResult;
use super::setup::Setup;
use super::strategy::{Kernel, Strategy};
use super::tally::Tally;

pub(crate) mod board_major;
mod common;
pub(crate) mod deal_major;
pub(crate) mod flop_pass;
mod rank_multisets;
pub(crate) mod rank_patterns;
mod rank_suits;
mod suited_sets;
pub(crate) mod swept_seat;
pub(crate) mod three_ranges;
pub(crate) mod two_ranges;
pub(crate) mod walk;
pub(crate) mod winner_sets;

/// Maps the pages of the tables that preflop counting by rank pattern
/// reads ([`rank_patterns`]; about 1.3 MB of the executable), once per
/// process, so that a fresh process's first small count does not wait on
/// the kernel for them ([`prepare`](super::prepare)).
pub(crate) fn touch_tables() {
    static TOUCHED: std::sync::Once = std::sync::Once::new();
    TOUCHED.call_once(|| {
        std::hint::black_box(rank_multisets::touch_tables() ^ suited_sets::touch_tables());
    });
}

/// Enumerates every deal of `setup` with `kernel` (`strategy` is reported
/// with the results).
pub(crate) fn run(
    setup: &Setup,
    strategy: Strategy,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<EquityResult, EquityError> {
    let tally = tally(setup, strategy, start, cancel, on_snapshot)?;
    Ok(report::result(
        &tally,
        setup,
        strategy,
        None,
        start,
        Progress::FINISHED,
    ))
}

/// The integer tallies of [`run`].
pub(crate) fn tally(
    setup: &Setup,
    strategy: Strategy,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<Tally, EquityError> {
    let Strategy::Exact { kernel, .. } = strategy else {
        return Err(EquityError::BadSetting("not an exact strategy"));
    };
    match kernel {
        Kernel::DealMajor => deal_major::run(setup, strategy, start, cancel, on_snapshot),
        Kernel::RankPatterns => rank_patterns::run(setup, strategy, start, cancel, on_snapshot),
        Kernel::BoardMajor(kernel) => {
            board_major::run(setup, kernel, strategy, start, cancel, on_snapshot)
        }
        Kernel::FlopPass => Err(EquityError::BadSetting(
            "the flop pass counts a whole flop report, not one spot",
        )),
    }
}
