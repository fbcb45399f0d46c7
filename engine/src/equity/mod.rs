//! Equity: every active seat's expected share of the pot, its win and tie
//! probabilities, exactly or by Monte Carlo (docs/design.md §3).
//!
//! A deal is one combo per seat (active or folded) plus a completion of the
//! board; its probability is proportional to the product of the seats'
//! weights for their combos, over all deals whose cards are pairwise
//! distinct and disjoint from the board and dead cards, every completion of
//! the board equally likely. A seat's **equity** is its expected share of
//! the pot (k tied winners get 1/k each), **win** the probability of being
//! the sole winner, **tie** the probability of sharing the best hand.
//!
//! [`calculate`] is the entry point: it validates the request
//! (`setup`), asks the planner (`plan`) for a [`Strategy`], and runs
//! it. The modules form a one-way ladder:
//!
//! ```text
//! request, result, error, strategy      plain types
//! setup ─ feasibility                   validation
//! tally, breakdown, report              integer tallies → results
//! exact/, montecarlo/, preflop_table/   the kernels
//! plan/                                 the one decision (spots and reports)
//! calculate (this file)                 a match on the plan
//! ```
//!
//! The reports across boards ([`crate::study`]) sit above this ladder and
//! ask the same planner.
//!
//! All of them tally in integers, so results do not depend on the order
//! work is merged in, hence not on the thread count.

use std::time::Instant;

mod board_setup;
pub(crate) mod breakdown;
pub(crate) mod error;
pub(crate) mod exact;
mod feasibility;
pub(crate) use feasibility::greedy_deal;
pub(crate) mod montecarlo;
pub(crate) mod plan;
mod pooled;
mod preflop_table;
pub(crate) mod report;
pub(crate) mod request;
pub(crate) mod result;
pub(crate) mod setup;
mod spread;
pub(crate) mod strategy;
pub(crate) mod tally;

pub use error::EquityError;
pub use plan::{FLOP_REPORT_EXACT_S, FLOP_REPORT_STD_ERROR, NEXT_CARD_EXACT_S, REFERENCE_THREADS};
pub use request::{
    DEFAULT_TRIALS, EXACT_LIMIT_S, EquityRequest, MAX_SEATS, Method, PREVIEW_ABOVE_MS, Seat,
};
pub use result::{ClassEquity, ComboEquity, EquityResult, MethodUsed, SeatBreakdown, SeatEquity};
pub use setup::seats_without_hands;
pub use strategy::{BoardKernel, Design, Draws, Kernel, ReportStrategy, Strategy};

use report::Progress;
use setup::Setup;
use tally::Tally;

/// Monte Carlo deals of a preview (a few milliseconds of work).
const PREVIEW_TRIALS: u64 = 1 << 16;

/// Computes `request`, calling `on_snapshot` with partial results about every
/// 50–100 ms and returning the final one. `cancel` is polled between
/// batches; when it returns true the calculation stops with
/// [`EquityError::Cancelled`].
///
/// The planner decides how ([`EquityResult::strategy`] says which way):
/// [`Method::Auto`] and [`Method::Exact`] answer a heads-up preflop spot
/// (two active seats, none folded, no board, no dead cards) from the
/// precomputed matchup table; other spots are enumerated or sampled.
pub fn calculate(
    request: &EquityRequest,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<EquityResult, EquityError> {
    let start = Instant::now();
    let setup = Setup::new(request)?;
    let run = |on_snapshot: &mut (dyn FnMut(&EquityResult) + Send)| {
        if request.method != Method::MonteCarlo && cancel() {
            return Err(EquityError::Cancelled);
        }
        let plan = plan::plan(&setup, request)?;
        match plan.strategy {
            Strategy::PreflopTable => table_result(&setup, start),
            Strategy::Exact { .. } => {
                if plan.preview {
                    preview(&setup, request, start, cancel, on_snapshot);
                }
                exact::run(&setup, plan.strategy, start, cancel, on_snapshot)
            }
            Strategy::MonteCarlo { .. } => {
                let sampling = plan
                    .sampling
                    .ok_or(EquityError::BadSetting("no sampling plan"))?;
                match montecarlo::run(&setup, request, sampling, start, cancel, on_snapshot) {
                    // Ranges that clash on nearly every draw: `Auto` counts
                    // them exactly where it can, however long that takes
                    // (it is the only way to an answer); otherwise the
                    // error says whether exact counting would.
                    Err(EquityError::SamplingStarved { .. }) => {
                        let cost = plan::exact_cost(&setup);
                        match cost.refusal() {
                            None if request.method == Method::Auto => {
                                exact::run(&setup, cost.strategy(), start, cancel, on_snapshot)
                            }
                            refusal => Err(EquityError::SamplingStarved {
                                exact_refused: refusal.is_some(),
                            }),
                        }
                    }
                    other => other,
                }
            }
        }
    };
    crate::threads::run_on(request.threads, "rangestove-calc", || run(on_snapshot))?
}

/// The final result of a heads-up spot answered from the table: the tally
/// exact enumeration would form, so the figures are the same numbers.
/// `samples` counts every (seat deal, board) combination.
fn table_result(setup: &Setup, start: Instant) -> Result<EquityResult, EquityError> {
    let heads_up = preflop_table::heads_up(setup)
        .ok_or(EquityError::BadSetting("the preflop table does not apply"))?;
    let deals = heads_up.pairs * u64::from(preflop_table::BOARDS);
    let mut tally = Tally::heads_up(heads_up.total, heads_up.wins, heads_up.ties, deals);
    if setup.breakdown {
        // Heads-up pot shares in units of 1/2: a win 2, a tie 1.
        tally.combos = heads_up
            .combos
            .iter()
            .flatten()
            .map(|c| tally::ComboCount {
                total: c.total,
                win: c.win,
                tie: c.tie,
                share: 2 * c.win + c.tie,
                ..tally::ComboCount::default()
            })
            .collect();
    }
    Ok(report::result(
        &tally,
        setup,
        Strategy::PreflopTable,
        None,
        start,
        Progress::FINISHED,
    ))
}

/// Loads and checks the precomputed heads-up preflop table now rather than
/// at the first spot that needs it (it is checked once, about 0.1 ms cold),
/// reads the compact evaluator's tables (336 KB, about 0.03 ms cold), maps
/// the pages of the rank-pattern tables (1.3 MB, about 0.1 ms cold), and
/// has the CPU's vector units identified, so a caller timing [`calculate`]
/// times the calculation alone. Should the table fail its checks, heads-up
/// preflop spots are enumerated.
///
/// The identification: the first ChaCha generator of a process (the exact
/// counts' fixed work order, every Monte Carlo stream) asks the CPU which
/// vector instructions it has, once for the process (the standard
/// library keeps the answer). Under a hypervisor each `cpuid` traps: about
/// 0.03 ms, a tenth of a small preflop count.
pub fn prepare() {
    use rand::SeedableRng;
    let _ = preflop_table::shipped();
    crate::compact::warm_tables();
    exact::touch_tables();
    let _ = std::hint::black_box(rand_chacha::ChaCha8Rng::seed_from_u64(0));
}

/// Sends a snapshot of a short Monte Carlo run (unfinished, progress 0).
fn preview(
    setup: &Setup,
    request: &EquityRequest,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) {
    let quick = EquityRequest {
        method: Method::MonteCarlo,
        trials: Some(PREVIEW_TRIALS),
        target_std_error: None,
        ..request.clone()
    };
    let sampling = plan::sampling(setup, Some(PREVIEW_TRIALS), None);
    if let Ok(mut result) = montecarlo::run(setup, &quick, sampling, start, cancel, &mut |_| {}) {
        result.finished = false;
        result.progress = 0.0;
        on_snapshot(&result);
    }
}

/// Engine internals for the tests, benches and examples of this
/// repository: the validated setup, the planner's exact costs, forced
/// enumeration orders and the preflop table. Not a stable API.
#[doc(hidden)]
pub mod internal {
    use std::time::Instant;

    pub use super::plan::{ExactCost, board_kernel, exact_cost, listing_kernel};
    pub use super::setup::Setup;
    use super::{EquityError, EquityRequest, EquityResult, Kernel};

    /// The heads-up preflop matchup table.
    pub mod preflop_table {
        #[cfg(feature = "generator")]
        pub use crate::equity::preflop_table::count_matchups;
        pub use crate::equity::preflop_table::{
            ALL_BOARDS, BOARDS, ComboTally, FORMAT_VERSION, HeadsUp, MAGIC, Matchup,
            ORDERED_CLASSES, PreflopTable, PreflopTableError, UNORDERED_CLASSES, canonical,
            canonical_pairs, checksum, encode, enumerate_matchup, heads_up, matchup, parse,
            shipped, shipped_bytes,
        };
    }

    /// The boards on which each starting-hand class makes each hand
    /// category (the control variate's expectations).
    pub mod categories {
        pub use crate::equity::montecarlo::categories::{BOARDS, CATEGORIES, count_categories};
    }

    /// The products of each starting-hand class's scores against two and
    /// three disjoint hands over every board (the control variate's
    /// expectations).
    pub mod score_products {
        pub use crate::equity::montecarlo::score_products::{PAIRS, TRIPLES, count_score_products};
    }

    /// The two exact enumeration orders.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Order {
        /// For each deal, every board.
        DealMajor,
        /// For each board, every deal.
        BoardMajor,
    }

    /// Exact integer tallies: total weight, per active seat its sole wins
    /// and (by `seat * (n + 1) + k`) its ties shared by `k`, the deals, and
    /// per live combo `[total, win, tie, share]` with a breakdown.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Tallies {
        /// Total weight of the deals.
        pub total: u128,
        /// Per active seat, weight of the deals it wins alone.
        pub wins: Vec<u128>,
        /// Per active seat and number of tied winners `k`, at
        /// `seat * (n + 1) + k`.
        pub ties: Vec<u128>,
        /// Deals counted.
        pub deals: u64,
        /// Per live combo (breakdown): `[total, win, tie, share]`.
        pub combos: Vec<[u128; 4]>,
    }

    /// Counts `setup` exactly with `kernel` on the current rayon pool,
    /// whatever the planner would choose, and returns the integer tallies.
    pub fn exact_tallies(setup: &Setup, kernel: Kernel) -> Result<Tallies, EquityError> {
        let strategy = super::Strategy::Exact {
            kernel,
            estimate_s: 0.0,
        };
        let mut tally =
            super::exact::tally(setup, strategy, Instant::now(), &|| false, &mut |_| {})?;
        tally.settle(setup.live_combos());
        let (total, wins, ties, deals, combos) = tally.integers();
        Ok(Tallies {
            total,
            wins,
            ties,
            deals,
            combos,
        })
    }

    /// Enumerates `setup` exactly with `kernel` on the current rayon pool,
    /// whatever the planner would choose.
    pub fn enumerate_with(setup: &Setup, kernel: Kernel) -> Result<EquityResult, EquityError> {
        let strategy = super::Strategy::Exact {
            kernel,
            estimate_s: 0.0,
        };
        super::exact::run(setup, strategy, Instant::now(), &|| false, &mut |_| {})
    }

    /// The boards each sampled seat deal of `request` is scored on, as the
    /// planner's pilot chose (`None` unless it samples by prefixes with
    /// two or more board cards to come).
    pub fn prefix_boards(request: &EquityRequest) -> Result<Option<usize>, EquityError> {
        let setup = Setup::new(request)?;
        let budget = super::montecarlo::trial_budget(request);
        let sampling = super::plan::sampling(&setup, budget, request.target_std_error);
        let prefixes = matches!(sampling.design, super::Design::Prefixes { .. });
        Ok((prefixes && setup.missing >= 2).then_some(sampling.boards))
    }

    /// Enumerates `setup` exactly on the current rayon pool, in `order` or
    /// (`None`) the planner's, whatever the estimate.
    pub fn enumerate(setup: &Setup, order: Option<Order>) -> Result<EquityResult, EquityError> {
        let mut cost = exact_cost(setup);
        match order {
            Some(Order::DealMajor) => cost.kernel = Kernel::DealMajor,
            Some(Order::BoardMajor) => {
                let deals = cost.deals.unwrap_or(u64::MAX);
                cost.kernel = Kernel::BoardMajor(board_kernel(setup, deals));
            }
            None => {}
        }
        super::exact::run(
            setup,
            cost.strategy(),
            Instant::now(),
            &|| false,
            &mut |_| {},
        )
    }
}
