//! The planner: the one place that decides how a validated request is
//! computed. [`plan`] turns a [`Setup`] and its request into a
//! [`Strategy`] (with what executing it needs), and [`calculate`] is a
//! `match` on it.
//!
//! | request | spot | strategy |
//! |---|---|---|
//! | not Monte Carlo | two active seats, none folded, no board, no dead cards, table loads | [`Strategy::PreflopTable`] |
//! | `Exact` | otherwise | [`Strategy::Exact`] with the cheaper kernel, or the reason it cannot run ([`ExactCost::refusal`]) |
//! | `Auto` | exact can run and the estimate of the equity alone (a breakdown's extra work not counted) is within the time budget | [`Strategy::Exact`] (preceded by a Monte Carlo preview when asked and above [`PREVIEW_ABOVE_MS`]) |
//! | `Auto` | otherwise | [`Strategy::MonteCarlo`] |
//! | `MonteCarlo` | any | [`Strategy::MonteCarlo`] |
//!
//! Reports over many boards are planned here too, as a whole
//! ([`ReportStrategy`](super::strategy::ReportStrategy)): the flop report
//! by [`flop_report`] (one pass over every board, each flop counted, or
//! each flop sampled) and the next card by [`next_card`]; each board they
//! count exactly is then planned by [`exact_cost`] as a spot of its own.
//! A line's reach frequency (`line::narrow`) is counted exactly or
//! sampled as [`reach_exactly`] says.
//!
//! **The decision is a function of the request alone.** Estimates are
//! single-thread costs in seconds of the development machine; the time
//! budget and [`EXACT_LIMIT_S`](crate::equity::request::EXACT_LIMIT_S) are
//! compared with that cost divided by [`REFERENCE_THREADS`] (2), never by
//! the threads the run will use, so
//! `--threads 1`, `2` and `4` (or another machine) compute a request the
//! same way and give bit-identical figures.
//!
//! Exact enumeration cannot run, and `Auto` samples instead, when a spot
//! has more seat deals than the kernels list ([`EquityError::TooManyDeals`])
//! or when its integer sums could pass 2^127 ([`EquityError::WeightsTooFine`]:
//! the deals' total weight (at most the largest deal weight times the deals,
//! and at most the product of the seats' total weights) times boards, times
//! the pot-share unit with a breakdown; e.g. eight seats with `0.9999` next to `1` fit,
//! ten do not). Every estimate is finite.
//!
//! The exact kernel: the cheapest estimate of deal-major, board-major with
//! the kernel [`board_kernel`] picks, and (the whole board to come) rank
//! patterns. The Monte Carlo
//! design: clusters when every active seat is uniform and no breakdown is
//! asked for (sized from the budget), else prefixes, whose restricted
//! seats are drawn by rejection unless a fixed-seed pilot shows rejection
//! would keep under a quarter of its draws and cost more than crowded
//! draws. Every estimate comes from the [`COSTS`](costs::COSTS) table (`costs.rs`);
//! exact pricing lives in `exact.rs`, Monte Carlo's in `sampling.rs`.
//!
//! [`calculate`]: super::calculate

mod costs;
mod exact;
mod report;
mod sampling;

use std::sync::OnceLock;

use super::error::EquityError;
use super::montecarlo::dealing::Sampling;
use super::montecarlo::trial_budget;
use super::preflop_table;
use super::request::{EquityRequest, Method, PREVIEW_ABOVE_MS};
use super::setup::Setup;
use super::strategy::Strategy;

pub use costs::REFERENCE_THREADS;
pub use exact::{ExactCost, board_kernel, exact_cost, listing_kernel};
pub use report::{FLOP_MAX_TRIALS, FLOP_REPORT_EXACT_S, FLOP_REPORT_STD_ERROR, NEXT_CARD_EXACT_S};
pub(crate) use report::{FlopReportSpot, flop_report, next_card, reach_exactly};
pub(crate) use sampling::{sampling, starves};

/// A strategy with what executing it needs.
pub(crate) struct Plan {
    /// The decision.
    pub(crate) strategy: Strategy,
    /// Exact: first send a quick Monte Carlo estimate.
    pub(crate) preview: bool,
    /// Monte Carlo: the dealing and (crowded) draw tables.
    pub(crate) sampling: Option<Sampling>,
}

/// Plans `request` (validated as `setup`). The decision depends on the
/// request alone, not on the threads it will run on: `Auto` compares the
/// exact estimate on [`REFERENCE_THREADS`] with the time budget.
pub(crate) fn plan(setup: &Setup, request: &EquityRequest) -> Result<Plan, EquityError> {
    if request.method != Method::MonteCarlo && preflop_table::applies(setup) {
        return Ok(Plan {
            strategy: Strategy::PreflopTable,
            preview: false,
            sampling: None,
        });
    }
    // Monte Carlo, unless its draws would starve: then exact counting
    // where it can run (`Auto`: however long it takes, the only way to an
    // answer), else an error saying neither can.
    let monte_carlo = |cost: Option<&ExactCost>| {
        let sampling = sampling(setup, trial_budget(request), request.target_std_error);
        if starves(setup, &sampling) {
            let cost = cost.cloned().unwrap_or_else(|| exact_cost(setup));
            return match cost.refusal() {
                None if request.method == Method::Auto => Ok(Plan {
                    strategy: cost.strategy(),
                    preview: false,
                    sampling: None,
                }),
                refusal => Err(EquityError::SamplingStarved {
                    exact_refused: refusal.is_some(),
                }),
            };
        }
        Ok(Plan {
            strategy: Strategy::MonteCarlo {
                design: sampling.design,
            },
            preview: false,
            sampling: Some(sampling),
        })
    };
    let exact = |cost: &ExactCost, preview: bool| Plan {
        strategy: cost.strategy(),
        preview,
        sampling: None,
    };
    match request.method {
        Method::MonteCarlo => monte_carlo(None),
        Method::Exact => {
            let cost = exact_cost(setup);
            match cost.refusal() {
                // Its advice is Monte Carlo: say so only where sampling
                // would not starve.
                Some(_)
                    if starves(
                        setup,
                        &sampling(setup, trial_budget(request), request.target_std_error),
                    ) =>
                {
                    Err(EquityError::SamplingStarved {
                        exact_refused: true,
                    })
                }
                Some(error) => Err(error),
                None => Ok(exact(&cost, false)),
            }
        }
        Method::Auto => {
            // Exact only when it can run and the equity alone fits the
            // budget: asking for a breakdown never turns an exact spot
            // into an estimated one (it only makes the exact run longer).
            // Whatever exact cannot count, Monte Carlo answers.
            let counts = exact::count_spot(setup);
            let cost = exact::priced(setup, &counts);
            let estimate_ms = if setup.breakdown {
                let plain = Setup {
                    breakdown: false,
                    preflop_deals: OnceLock::new(),
                    ..setup.clone()
                };
                exact::priced(&plain, &counts).reference_s() * 1000.0
            } else {
                cost.reference_s() * 1000.0
            };
            if estimate_ms <= request.time_budget_ms && cost.refusal().is_none() {
                Ok(exact(
                    &cost,
                    request.preview && estimate_ms > PREVIEW_ABOVE_MS,
                ))
            } else {
                monte_carlo(Some(&cost))
            }
        }
    }
}
