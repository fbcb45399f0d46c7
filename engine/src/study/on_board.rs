//! What the study reports ([`next_card`](super::next_card),
//! [`flops`](super::flops)) share: the spot with a board of their choosing,
//! counted exactly as `calculate` counts it, with the weight of its deals
//! (which makes the board's frequency), or sampled as `calculate` samples
//! it.

use std::time::Instant;

use crate::card::Card;
use crate::equity::error::EquityError;
use crate::equity::exact;
use crate::equity::montecarlo;
use crate::equity::plan::{self, FLOP_MAX_TRIALS};
use crate::equity::report::{self, Progress};
use crate::equity::request::{EquityRequest, Method};
use crate::equity::result::EquityResult;
use crate::equity::setup::Setup;
use crate::equity::strategy::{ReportStrategy, Strategy};
use crate::equity::tally::Tally;

/// `request` counted exactly with `board` as its board: the result (each
/// active seat's figures are those `calculate` gives, to the last bit; with
/// `breakdown`, its per-combo figures too) and the weight of the
/// seat deals that leave the board's cards in the deck, in basis points up
/// to a factor that depends only on how many cards the board and dead cards
/// take (every deal is counted on as many completions). `None` when no deal
/// is possible with that board; a spot exact counting refuses is an error.
pub(super) fn exact_on_board(
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
    let Some(setup) = setup_on_board(&with)? else {
        return Ok(None);
    };
    let cost = plan::exact_cost(&setup);
    if let Some(refusal) = cost.refusal() {
        return Err(refusal);
    }
    let strategy = cost.strategy();
    let start = Instant::now();
    let tally = exact::tally(&setup, strategy, start, cancel, &mut |_| {})?;
    Ok(Some(finish_exact(&setup, &tally, strategy, start)))
}

/// `with` validated, or `None` when no deal is possible with its board
/// (the board cannot come); other errors are errors.
pub(super) fn setup_on_board(with: &EquityRequest) -> Result<Option<Setup>, EquityError> {
    possible(Setup::new(with))
}

/// A setup on a board, or `None` where no deal is possible with the board
/// (it cannot come); other errors are errors.
pub(super) fn possible(setup: Result<Setup, EquityError>) -> Result<Option<Setup>, EquityError> {
    match setup {
        Ok(setup) => Ok(Some(setup)),
        Err(EquityError::RangeRemoved { .. } | EquityError::NoFeasibleDeal) => Ok(None),
        Err(other) => Err(other),
    }
}

/// The result of an exact `tally` of `setup` and the weight of its deals
/// (see [`exact_on_board`]).
pub(super) fn finish_exact(
    setup: &Setup,
    tally: &Tally,
    strategy: Strategy,
    start: Instant,
) -> (f64, EquityResult) {
    let result = report::result(tally, setup, strategy, None, start, Progress::FINISHED);
    (deal_weight(setup, tally), result)
}

/// The weight of the deals an exact `tally` of `setup` counted (see
/// [`exact_on_board`]).
pub(super) fn deal_weight(setup: &Setup, tally: &Tally) -> f64 {
    // Back in basis points: each seat's weights were divided by their gcd,
    // which may change with the board.
    let scale: f64 = setup.seats.iter().map(|s| s.divisor as f64).product();
    tally.integers().0 as f64 * scale
}

/// Blocks a report's board draws before its target error may stop it
/// (`calculate` draws ten).
const REPORT_LEAST_BLOCKS: u64 = 2;

/// `request` sampled with `board` as its board to `std_error` (or its own
/// trial count, else [`FLOP_MAX_TRIALS`]), with a per-combo breakdown when
/// asked; `None` when no deal is possible with that board. Each board is
/// its own stream (the request's seed mixed with the board's cards), so a
/// report is the same whatever order its boards run in.
pub(super) fn sampled_on_board(
    request: &EquityRequest,
    board: Vec<Card>,
    std_error: f64,
    breakdown: bool,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Option<EquityResult>, EquityError> {
    let mask = board.iter().fold(0u64, |m, c| m | c.bit());
    let with = EquityRequest {
        board,
        method: Method::MonteCarlo,
        target_std_error: Some(std_error),
        trials: Some(request.trials.unwrap_or(FLOP_MAX_TRIALS)),
        seed: request.seed ^ mask.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        threads: None,
        preview: false,
        breakdown,
        ..request.clone()
    };
    let Some(setup) = setup_on_board(&with)? else {
        return Ok(None);
    };
    // As `calculate` samples it, but for the least blocks before a
    // target-error stop: a report's boards each need only a coarse error,
    // and ten blocks of 4,096 prefixes would be most of their work.
    let mut sampling = plan::plan(&setup, &with)?
        .sampling
        .ok_or(EquityError::BadSetting("no sampling plan"))?;
    sampling.least_blocks = REPORT_LEAST_BLOCKS;
    montecarlo::run(&setup, &with, sampling, Instant::now(), cancel, &mut |_| {}).map(Some)
}

/// `with` (its board dealt) set to be counted by `calculate` as `strategy`
/// counts a report's boards: what a line's equity terms read on a board of
/// the report (their standings) is then exact, or sampled to the report's
/// error on a stream of the board's own (the request's seed mixed with the
/// board's cards, apart from the board's count in [`sampled_on_board`]),
/// never the planner's choice for a lone spot with its own budget.
pub(super) fn counted_as(mut with: EquityRequest, strategy: ReportStrategy) -> EquityRequest {
    match strategy {
        ReportStrategy::EachSampled { std_error } => {
            let mask = with.board.iter().fold(0u64, |m, c| m | c.bit());
            with.method = Method::MonteCarlo;
            with.target_std_error = Some(std_error);
            // A seat's equity varies by at most 1/4 a deal: four times the
            // deals that reach the target for independent deals bounds the
            // count (the figures say the error reached).
            let deals = (1.0 / (std_error * std_error)).ceil();
            with.trials = Some(
                with.trials
                    .unwrap_or(deals.min(FLOP_MAX_TRIALS as f64) as u64),
            );
            with.seed ^= mask.wrapping_mul(0xD1B5_4A32_D192_ED03);
        }
        ReportStrategy::EachExact { .. } | ReportStrategy::OnePass { .. } => {
            with.method = Method::Exact;
        }
    }
    with.threads = None;
    with.preview = false;
    with
}
