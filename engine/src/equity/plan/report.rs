//! The planner's decision for reports over many boards (the flop report,
//! the next card): one [`ReportStrategy`] for the whole report, from the
//! request and the spot alone, as [`plan`](super::plan) decides a single
//! spot.

use super::costs::{COSTS, REFERENCE_THREADS};
use super::exact::{choose, exact_cost};
use crate::equity::error::EquityError;
use crate::equity::exact::flop_pass;
use crate::equity::request::{EquityRequest, Method};
use crate::equity::setup::Setup;
use crate::equity::strategy::ReportStrategy;

/// [`Method::Auto`] counts every flop exactly when the planner's estimate
/// for all of them (on its reference of two threads, before the breakdown
/// buckets need) is at most this many seconds.
pub const FLOP_REPORT_EXACT_S: f64 = 60.0;

/// The standard error each seat's equity is sampled to on each flop when
/// the report is sampled and the request sets no target.
pub const FLOP_REPORT_STD_ERROR: f64 = 0.002;

/// The most deals a sampled flop or next card runs (unless the request
/// sets its own trials) before its target standard error is met.
pub const FLOP_MAX_TRIALS: u64 = 20_000_000;

/// [`Method::Auto`] counts every next card exactly when the planner's
/// estimate for all of them (on its reference of two threads) is at most
/// this many seconds: the `next` command's budget.
pub const NEXT_CARD_EXACT_S: f64 = 5.0;

/// What the flop report's decision is made from.
pub(crate) struct FlopReportSpot<'a> {
    /// The request (no board).
    pub(crate) request: &'a EquityRequest,
    /// It validated.
    pub(crate) setup: &'a Setup,
    /// The setup with a typical flop as its board (rainbow and unpaired
    /// where one can come), `None` when no flop can come.
    pub(crate) typical: Option<&'a Setup>,
    /// Flop classes to report.
    pub(crate) classes: usize,
    /// Suit permutations that fix the spot (the one pass sweeps one board
    /// of each orbit).
    pub(crate) symmetries: usize,
    /// Whether the one pass may count it (not on a line, whose ranges
    /// differ from flop to flop).
    pub(crate) one_pass: bool,
    /// Counts per flop, each priced as the typical flop's: 1, or 2 on a
    /// line with an equity term (its standings, then the narrowed spot).
    pub(crate) counts: usize,
    /// Whether the one pass counts every flop first (on a line, an equity
    /// term's standings), priced on top of the counts.
    pub(crate) pass_first: bool,
    /// Whether, on a line, every flop is counted with its own ranges by
    /// one pass over the boards (`flop_pass::line_applies`), priced in
    /// place of the counts.
    pub(crate) line_pass: bool,
}

/// Plans the flop report:
///
/// | method | spot | strategy |
/// |---|---|---|
/// | `Exact` | one to three ranged seats, all active, weighted or not; any single hands ([`flop_pass::applies`]) | [`ReportStrategy::OnePass`] |
/// | `Exact` | otherwise | [`ReportStrategy::EachExact`] |
/// | `Auto` | exact can count the typical flop and the exact estimate (the one pass's; on a line the pass with each flop's ranges where it applies, else the typical flop's times the classes; plus an equity term's standings), on the reference threads, is within [`FLOP_REPORT_EXACT_S`] | as `Exact` |
/// | `Auto` | otherwise | [`ReportStrategy::EachSampled`] |
/// | `MonteCarlo` | any | [`ReportStrategy::EachSampled`] to the request's target, else [`FLOP_REPORT_STD_ERROR`] or coarser where the classes at that error would not fit the budget |
pub(crate) fn flop_report(spot: &FlopReportSpot<'_>) -> Result<ReportStrategy, EquityError> {
    let counts = spot.counts.max(1);
    let sampled = ReportStrategy::EachSampled {
        std_error: spot
            .request
            .target_std_error
            .unwrap_or_else(|| sampled_std_error(spot.classes * counts, spot.setup.active.len())),
    };
    let cost = spot.typical.map(exact_cost);
    let first_s = if spot.pass_first {
        flop_pass_cost(spot.setup, spot.symmetries)
    } else {
        0.0
    };
    let each_s = if spot.line_pass {
        flop_line_pass_cost(spot.setup, spot.symmetries) + first_s
    } else {
        cost.as_ref().map_or(0.0, |c| c.cost_s) * (spot.classes * counts) as f64 + first_s
    };
    let exact = if spot.one_pass && flop_pass::applies(spot.setup) {
        ReportStrategy::OnePass {
            estimate_s: flop_pass_cost(spot.setup, spot.symmetries),
        }
    } else {
        ReportStrategy::EachExact { estimate_s: each_s }
    };
    match spot.request.method {
        Method::Exact => Ok(exact),
        Method::MonteCarlo => Ok(sampled),
        Method::Auto => {
            let cost = cost.ok_or(EquityError::NoFeasibleDeal)?;
            // The one pass on the reference threads, else every class
            // counted on its own.
            let all_s = match exact {
                ReportStrategy::OnePass { estimate_s } => estimate_s / REFERENCE_THREADS,
                _ if spot.line_pass => each_s / REFERENCE_THREADS,
                _ => {
                    cost.reference_s() * (spot.classes * counts) as f64
                        + first_s / REFERENCE_THREADS
                }
            };
            Ok(
                if cost.refusal().is_none() && all_s <= FLOP_REPORT_EXACT_S {
                    exact
                } else {
                    sampled
                },
            )
        }
    }
}

/// The standard error a sampled report of `boards` boards is sampled to
/// when the request sets none: [`FLOP_REPORT_STD_ERROR`], or coarser where
/// that many boards at that error would not fit [`FLOP_REPORT_EXACT_S`]
/// (each seat's equity has a variance of at most 1/4 a deal, so a board
/// takes at most `1 / (4 se²)` deals; a deal's cost was measured with two
/// active seats and grows with each seat ranked and broken down).
fn sampled_std_error(boards: usize, seats: usize) -> f64 {
    let budget_s = FLOP_REPORT_EXACT_S * REFERENCE_THREADS;
    let deal_s = COSTS.report_deal_s * seats.max(2) as f64 / 2.0;
    let fits = (0.25 * boards as f64 * deal_s / budget_s).sqrt();
    FLOP_REPORT_STD_ERROR.max(fits)
}

/// The one pass's estimated seconds on one thread: one board of each orbit
/// of five-card boards under the spot's `symmetries`, each live combo
/// ranked and swept on it (by the two- or the three-range sweep).
fn flop_pass_cost(setup: &Setup, symmetries: usize) -> f64 {
    let boards = choose(setup.deck().len() as u64, 5) as f64 / symmetries.max(1) as f64;
    let ranged = setup.seats.iter().filter(|s| s.combos.len() > 1).count();
    let per_combo = if ranged >= 3 {
        COSTS.pass_three_s
    } else {
        COSTS.pass_two_s
    };
    boards * setup.live_combos() as f64 * per_combo
}

/// The one pass with each flop's own ranges: as [`flop_pass_cost`], each
/// board's flops swept on their own.
fn flop_line_pass_cost(setup: &Setup, symmetries: usize) -> f64 {
    let boards = choose(setup.deck().len() as u64, 5) as f64 / symmetries.max(1) as f64;
    boards * setup.live_combos() as f64 * COSTS.pass_line_s
}

/// Plans the next card of a flop or turn over `cards` cards that can come,
/// `typical` being the spot with one of them dealt, each card counted
/// `counts` times (on a line: the ranges entering its street, an equity
/// term's standings, the narrowed spot), each priced as the typical card:
///
/// | method | spot | strategy |
/// |---|---|---|
/// | `Exact` | any | [`ReportStrategy::EachExact`] (a card exact counting refuses fails the report) |
/// | `Auto` | exact can count the typical card and its estimate times the cards, on the reference threads, is within [`NEXT_CARD_EXACT_S`] | [`ReportStrategy::EachExact`] |
/// | `Auto` | otherwise | [`ReportStrategy::EachSampled`] |
/// | `MonteCarlo` | any | [`ReportStrategy::EachSampled`] to the request's target or [`FLOP_REPORT_STD_ERROR`] |
pub(crate) fn next_card(
    request: &EquityRequest,
    typical: Option<&Setup>,
    cards: usize,
    counts: usize,
) -> ReportStrategy {
    let cards = cards * counts.max(1);
    let cost = typical.map(exact_cost);
    let exact = ReportStrategy::EachExact {
        estimate_s: cost.as_ref().map_or(0.0, |c| c.cost_s) * cards as f64,
    };
    let sampled = ReportStrategy::EachSampled {
        std_error: request.target_std_error.unwrap_or(FLOP_REPORT_STD_ERROR),
    };
    match request.method {
        Method::Exact => exact,
        Method::MonteCarlo => sampled,
        Method::Auto => match cost {
            Some(cost)
                if cost.refusal().is_none()
                    && cost.reference_s() * cards as f64 <= NEXT_CARD_EXACT_S =>
            {
                exact
            }
            _ => sampled,
        },
    }
}

/// Most combos a line's reach frequency visits counting its seat deals
/// exactly (about a tenth of a second on one thread) before it is sampled
/// instead (docs/design.md §3.8).
const REACH_EXACT_COMBOS: f64 = 5e7;

/// Whether a line's reach frequency is counted exactly when summing its
/// seat deals visits `combos` combos (else it is sampled on a fixed
/// generator).
pub(crate) fn reach_exactly(combos: f64) -> bool {
    combos <= REACH_EXACT_COMBOS
}
