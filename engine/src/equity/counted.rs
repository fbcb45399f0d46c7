//! What the study reports ([`next_card`](super::next_card),
//! [`flop_report`](super::flop_report)) share: a spot counted exactly on a
//! given board, with the weight of its deals, and running over the request's
//! threads.

use std::time::Instant;

use super::error::EquityError;
use super::exact;
use super::plan;
use super::report::{self, Progress};
use super::request::{EquityRequest, Method};
use super::result::EquityResult;
use super::setup::Setup;
use super::strategy::Strategy;
use super::tally::Tally;
use crate::card::Card;

/// `request` counted exactly with `board` as its board: the result (each
/// active seat's figures are those `calculate` gives, to the last bit; with
/// `breakdown`, its per-combo figures too) and the weight of the
/// seat deals that leave the board's cards in the deck, in basis points up
/// to a factor that depends only on how many cards the board and dead cards
/// take (every deal is counted on as many completions). `None` when no deal
/// is possible with that board; a spot exact counting refuses is an error.
pub(super) fn counted_on(
    request: &EquityRequest,
    board: Vec<Card>,
    breakdown: bool,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Option<(f64, EquityResult)>, EquityError> {
    if cancel() {
        return Err(EquityError::Cancelled);
    }
    let with = EquityRequest {
        board,
        method: Method::Exact,
        breakdown,
        ..request.clone()
    };
    let Some(setup) = setup_on(&with)? else {
        return Ok(None);
    };
    let cost = plan::exact_cost(&setup);
    if let Some(refusal) = cost.refusal() {
        return Err(refusal);
    }
    let strategy = cost.strategy();
    let start = Instant::now();
    let tally = exact::tally(&setup, strategy, start, cancel, &mut |_| {})?;
    Ok(Some(finished(&setup, &tally, strategy, start)))
}

/// `with` validated, or `None` when no deal is possible with its board
/// (the board cannot come); other errors are errors.
pub(super) fn setup_on(with: &EquityRequest) -> Result<Option<Setup>, EquityError> {
    match Setup::new(with) {
        Ok(setup) => Ok(Some(setup)),
        Err(EquityError::RangeRemoved { .. } | EquityError::NoFeasibleDeal) => Ok(None),
        Err(other) => Err(other),
    }
}

/// The result of an exact `tally` of `setup` and the weight of its deals
/// (see [`counted_on`]).
pub(super) fn finished(
    setup: &Setup,
    tally: &Tally,
    strategy: Strategy,
    start: Instant,
) -> (f64, EquityResult) {
    let result = report::result(tally, setup, strategy, None, start, Progress::FINISHED);
    // Back in basis points: each seat's weights were divided by their gcd,
    // which may change with the board.
    let scale: f64 = setup.seats.iter().map(|s| s.divisor as f64).product();
    (tally.integers().0 as f64 * scale, result)
}

/// Runs `work` on `threads` threads (named `name-<i>`) when the request asks
/// for a count other than the current pool's, else on the current pool.
pub(super) fn on_threads<T: Send>(
    threads: Option<usize>,
    name: &'static str,
    work: impl FnOnce() -> T + Send,
) -> Result<T, EquityError> {
    match threads {
        Some(t) if t != rayon::current_num_threads() => Ok(rayon::ThreadPoolBuilder::new()
            .num_threads(t.max(1))
            .thread_name(move |i| format!("{name}-{i}"))
            .build()
            .map_err(|_| EquityError::BadSetting("could not start worker threads"))?
            .install(work)),
        _ => Ok(work()),
    }
}
