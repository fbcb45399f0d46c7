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
//! **The decision is a function of the request alone.** Estimates are
//! single-thread costs in seconds of the development machine; the time
//! budget and [`EXACT_LIMIT_S`] are compared with that cost divided by
//! [`REFERENCE_THREADS`] (2), never by the threads the run will use, so
//! `--threads 1`, `2` and `4` (or another machine) compute a request the
//! same way and give bit-identical figures.
//!
//! Exact enumeration cannot run, and `Auto` samples instead, when a spot
//! has more seat deals than the kernels list ([`EquityError::TooManyDeals`])
//! or when its integer sums could pass 2^127 ([`EquityError::WeightsTooFine`]:
//! the largest deal weight times deals times boards, times the pot-share
//! unit with a breakdown; e.g. eight seats with `0.9999` next to `1` fit,
//! ten do not). Every estimate is finite.
//!
//! The exact kernel: deal-major when its estimate is no larger, else
//! board-major with the kernel [`board_kernel`] picks. The Monte Carlo
//! design: clusters when every active seat is uniform and no breakdown is
//! asked for (sized from the budget), else prefixes, whose restricted
//! seats are drawn by rejection unless a fixed-seed pilot shows rejection
//! would keep under a quarter of its draws and cost more than crowded
//! draws. Every estimate comes from the [`COSTS`] table.
//!
//! [`calculate`]: super::calculate

use super::error::EquityError;
use super::exact::board_major::{WINNER_SET_SEATS, u64_sums};
use super::exact::deal_major::{DEAL_LIMIT, walks};
use super::exact::sweep::TwoRanges;
use super::exact::swept::{Listing, SweptSeat};
use super::exact::three::ThreeRanges;
use super::montecarlo::crowded::Crowded;
use super::montecarlo::sampler::{self, Dealing, Sampling};
use super::montecarlo::trial_budget;
use super::request::{EXACT_LIMIT_S, EquityRequest, Method, PREVIEW_ABOVE_MS};
use super::setup::Setup;
use super::strategy::{BoardKernel, Design, Draws, Kernel, Strategy};
use super::table;
use super::tally::share_unit;

/// The cost model: seconds per unit of work on one thread, measured on the
/// development machine (2 cores). Only their ratios matter much: they
/// decide between kernels and designs, and against the caller's time
/// budget.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Costs {
    /// Per live combo ranked on a board (a random evaluator access), the
    /// whole board to come.
    pub(crate) eval_random_s: f64,
    /// Per live combo ranked on a board with a flop or turn known: the
    /// boards differ in their last cards, so the evaluator's accesses stay
    /// in cache (1.5–2.5 ns with the comparison, measured on flops with a
    /// hand against `15%` and against `random`).
    pub(crate) eval_known_s: f64,
    /// Per seat and board in the deal-major walk with the whole board to
    /// come (prefixes shared, nearly sequential).
    pub(crate) eval_walk_s: f64,
    /// Per seat and board in the deal-major walk with a board known (one
    /// or two cards to come: little to share).
    pub(crate) eval_walk_postflop_s: f64,
    /// Per deal walked, with a board known (setting up the walk).
    pub(crate) walk_setup_s: f64,
    /// Per active seat, deal and board, added to `compare_s` when a
    /// multiway breakdown counts per combo.
    pub(crate) breakdown_seat_s: f64,
    /// Per live combo and board to sort and sweep two ranges.
    pub(crate) sweep_s: f64,
    /// Per swept combo and board to sort it and fill its prefix-table row
    /// (the swept-seat kernel).
    pub(crate) swept_row_s: f64,
    /// Per listed deal and board in the swept-seat kernel, plus per card of
    /// the deal.
    pub(crate) swept_deal_s: f64,
    pub(crate) swept_card_s: f64,
    /// Per listed deal and board, per swept combo made of two of its cards.
    pub(crate) swept_pair_s: f64,
    /// Per listed deal and board, added with a breakdown (the mirror
    /// sweep's sort and running sums).
    pub(crate) swept_breakdown_s: f64,
    /// Per live combo and board in the three-range kernel (two insertions
    /// of 52-entry rows and a few queries), and per board (clearing its
    /// sums).
    pub(crate) three_combo_s: f64,
    pub(crate) three_board_s: f64,
    /// Per deal compared on a board (board-major), or walked on a board
    /// with a breakdown (deal-major, a board known).
    pub(crate) compare_s: f64,
    /// Per restricted seat in a rejection draw (3.2 ns measured with five
    /// seats of `QQ+,AK`).
    pub(crate) rejection_step_s: f64,
    /// Per combo scanned in a crowded draw (1.8 ns measured with five
    /// seats of `QQ+,AK`, 2.4 ns with three of `20%`).
    pub(crate) crowded_step_s: f64,
}

/// The cost model in force.
pub(crate) const COSTS: Costs = Costs {
    eval_random_s: 20e-9,
    eval_known_s: 1.5e-9,
    eval_walk_s: 2.0e-9,
    eval_walk_postflop_s: 12e-9,
    walk_setup_s: 0.7e-6,
    breakdown_seat_s: 1.5e-9,
    sweep_s: 20e-9,
    swept_row_s: 30e-9,
    swept_deal_s: 3e-9,
    swept_card_s: 1e-9,
    swept_pair_s: 1e-9,
    swept_breakdown_s: 15e-9,
    three_combo_s: 150e-9,
    three_board_s: 10e-6,
    compare_s: 3e-9,
    rejection_step_s: 3.5e-9,
    crowded_step_s: 2.5e-9,
};

/// Below this many deals, preflop suit-isomorphic walks are counted by
/// listing them; above, estimated as a twelfth of the deals.
const LIST_WALKS_BELOW: u64 = 20_000;
/// Rejection draws of the pilot that decides on crowded draws.
const PILOT_DRAWS: u32 = 4096;
/// Most deals in a cluster.
const MAX_CLUSTER_DEALS: u64 = 2048;
/// Fewest deals in a cluster (smaller budgets sample prefixes).
const MIN_CLUSTER_DEALS: u64 = 64;
/// Fewest clusters a trial budget is split into, for a standard error.
const MIN_CLUSTERS: u64 = 64;

/// The thread count the time budget and the exact limit are judged on: a
/// spot's single-thread cost divided by this. A constant, not this
/// machine's thread count, so that the same request is computed the same
/// way (and gives the same figures) on any machine and any `threads`.
pub const REFERENCE_THREADS: f64 = 2.0;

/// Integer tallies are `u128`; exact counting is planned only when every
/// sum it forms stays below this (2^127, a factor of two below the
/// `u128` limit for the rounding of the `f64` bound).
const TALLY_LIMIT: f64 = 1.7014118346046923e38;

/// A strategy with what executing it needs.
pub(crate) struct Plan {
    /// The decision.
    pub(crate) strategy: Strategy,
    /// Exact: first send a quick Monte Carlo estimate.
    pub(crate) preview: bool,
    /// Monte Carlo: the dealing and (crowded) draw tables.
    pub(crate) sampling: Option<Sampling>,
}

/// What exact enumeration of a setup would cost, by its cheaper kernel.
#[derive(Clone, Debug)]
pub struct ExactCost {
    /// Board completions.
    pub boards: u64,
    /// Seat deals (`None`: more than the exact kernels list).
    pub deals: Option<u64>,
    /// Deal walks after suit isomorphism (deal-major).
    pub walks: u64,
    /// The cheaper kernel.
    pub kernel: Kernel,
    /// Its estimated seconds on one thread (always finite; with more deals
    /// than the kernels list, the cost of listing that many).
    pub cost_s: f64,
    /// A bound on the largest integer sum exact counting forms: the
    /// largest deal weight times deals times boards (times the pot-share
    /// unit with a breakdown).
    pub sum_bound: f64,
}

impl ExactCost {
    /// Estimated seconds on `threads` threads.
    pub fn estimate_s(&self, threads: usize) -> f64 {
        self.cost_s / threads.max(1) as f64
    }

    /// Estimated seconds on [`REFERENCE_THREADS`]: what the time budget
    /// and [`EXACT_LIMIT_S`] are compared with.
    pub fn reference_s(&self) -> f64 {
        self.cost_s / REFERENCE_THREADS
    }

    /// Whether every sum exact counting forms fits its `u128` tallies.
    pub fn tallies_fit(&self) -> bool {
        self.sum_bound < TALLY_LIMIT
    }

    /// Why exact enumeration cannot run, if it cannot.
    pub fn refusal(&self) -> Option<EquityError> {
        if self.deals.is_none() {
            Some(EquityError::TooManyDeals { limit: DEAL_LIMIT })
        } else if !self.tallies_fit() {
            Some(EquityError::WeightsTooFine {
                bits: self.sum_bound.log2().ceil().min(f64::from(u32::MAX)) as u32,
            })
        } else if self.reference_s() > EXACT_LIMIT_S {
            Some(EquityError::TooLarge {
                estimate_s: self.reference_s(),
            })
        } else {
            None
        }
    }

    /// The exact strategy.
    pub fn strategy(&self) -> Strategy {
        Strategy::Exact {
            kernel: self.kernel,
            estimate_s: self.cost_s,
        }
    }
}

/// Plans `request` (validated as `setup`). The decision depends on the
/// request alone, not on the threads it will run on: `Auto` compares the
/// exact estimate on [`REFERENCE_THREADS`] with the time budget.
pub(crate) fn plan(setup: &Setup, request: &EquityRequest) -> Result<Plan, EquityError> {
    if request.method != Method::MonteCarlo && table::applies(setup) {
        return Ok(Plan {
            strategy: Strategy::PreflopTable,
            preview: false,
            sampling: None,
        });
    }
    let monte_carlo = || {
        let sampling = sampling(setup, trial_budget(request));
        Plan {
            strategy: Strategy::MonteCarlo {
                design: sampling.design,
            },
            preview: false,
            sampling: Some(sampling),
        }
    };
    let exact = |cost: &ExactCost, preview: bool| Plan {
        strategy: cost.strategy(),
        preview,
        sampling: None,
    };
    match request.method {
        Method::MonteCarlo => Ok(monte_carlo()),
        Method::Exact => {
            let cost = exact_cost(setup);
            match cost.refusal() {
                Some(error) => Err(error),
                None => Ok(exact(&cost, false)),
            }
        }
        Method::Auto => {
            // Exact only when it can run and the equity alone fits the
            // budget: asking for a breakdown never turns an exact spot
            // into an estimated one (it only makes the exact run longer).
            // Whatever exact cannot count, Monte Carlo answers.
            let counts = counted(setup);
            let cost = priced(setup, &counts);
            let estimate_ms = if setup.breakdown {
                let plain = Setup {
                    breakdown: false,
                    ..setup.clone()
                };
                priced(&plain, &counts).reference_s() * 1000.0
            } else {
                cost.reference_s() * 1000.0
            };
            if estimate_ms <= request.time_budget_ms && cost.refusal().is_none() {
                Ok(exact(
                    &cost,
                    request.preview && estimate_ms > PREVIEW_ABOVE_MS,
                ))
            } else {
                Ok(monte_carlo())
            }
        }
    }
}

/// `n` choose `k`.
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Counts boards and deals and estimates the exact kernels, keeping the
/// cheapest that can count the spot.
pub fn exact_cost(setup: &Setup) -> ExactCost {
    priced(setup, &counted(setup))
}

/// What a spot's exact costs are priced from, whether or not a breakdown
/// is asked for: its boards, the swept seat's listing, its deals.
struct Counted {
    boards: u64,
    listing: Option<Listing>,
    deals: Option<u64>,
}

/// Counts the boards and deals of `setup`.
fn counted(setup: &Setup) -> Counted {
    let deck = setup.deck().len() as u64;
    let boards = choose(deck, setup.missing as u64);
    // Two ranges (the rest single combos): counted in closed form; more
    // ranges: the widest counted per deal of the others; else listed.
    let two = TwoRanges::applies(setup);
    // The swept seat's listing, unless more deals than the three-range
    // kernel's whole cost could visit (listing them would slow the
    // planner for nothing).
    let most_listed = if ThreeRanges::applies(setup) {
        let three_s = three_range_cost(setup, boards);
        (three_s / (boards as f64 * COSTS.swept_deal_s)).min(DEAL_LIMIT as f64) as u64
    } else {
        DEAL_LIMIT
    };
    let listing = if two {
        None
    } else {
        SweptSeat::listing(setup, most_listed)
    };
    let deals = if two {
        Some(TwoRanges::count_deals(setup))
    } else if ThreeRanges::applies(setup) {
        ThreeRanges::count_deals(setup)
    } else {
        listing
            .map(|l| l.deals)
            .or_else(|| setup.count_deals(DEAL_LIMIT))
    };
    Counted {
        boards,
        listing,
        deals,
    }
}

/// Estimates the exact kernels for `setup` with its `counted` boards and
/// deals.
fn priced(setup: &Setup, counted: &Counted) -> ExactCost {
    let &Counted {
        boards,
        listing,
        deals,
    } = counted;
    let unit = if setup.breakdown {
        share_unit(setup.active.len()) as f64
    } else {
        1.0
    };
    let Some(deal_count) = deals else {
        // At least the deals the kernels list, each on every board.
        let listed = DEAL_LIMIT as f64 * boards as f64;
        return ExactCost {
            boards,
            deals,
            walks: u64::MAX,
            kernel: Kernel::BoardMajor(listing_kernel(setup, u64::MAX)),
            cost_s: listed * setup.active.len() as f64 * COSTS.eval_walk_s,
            sum_bound: setup.max_weight() * listed * unit,
        };
    };
    let sum_bound = setup.max_weight() * deal_count as f64 * boards as f64 * unit;
    let board_major = board_kernel_cost(setup, deal_count, boards, listing);
    if deal_count > DEAL_LIMIT {
        // Only a kernel that does not list every deal can count it.
        return match board_major {
            Some((kernel, cost_s)) => ExactCost {
                boards,
                deals,
                walks: u64::MAX,
                kernel: Kernel::BoardMajor(kernel),
                cost_s,
                sum_bound,
            },
            None => ExactCost {
                boards,
                deals: None,
                walks: u64::MAX,
                kernel: Kernel::BoardMajor(listing_kernel(setup, deal_count)),
                cost_s: DEAL_LIMIT as f64
                    * boards as f64
                    * setup.active.len() as f64
                    * COSTS.eval_walk_s,
                sum_bound,
            },
        };
    }
    // Suit isomorphism (no board, no dead cards) cuts walks by up to 24;
    // estimate it without listing the classes when there are many deals.
    let walks = if setup.known.is_empty() && deal_count > 1 {
        if deal_count <= LIST_WALKS_BELOW {
            walks(setup, DEAL_LIMIT).map_or(deal_count, |w| w.len() as u64)
        } else {
            deal_count / 12
        }
    } else {
        deal_count
    };
    let active = setup.active.len() as f64;
    // With a board known, each deal's walk shares little: a setup per
    // deal and a dearer step per seat and board (with a breakdown, a
    // per-combo update per board as well).
    let deal_major = if setup.missing < 5 {
        let per_board = active * COSTS.eval_walk_postflop_s
            + if setup.breakdown {
                COSTS.compare_s
            } else {
                0.0
            };
        walks as f64 * (COSTS.walk_setup_s + boards as f64 * per_board)
    } else {
        walks as f64 * boards as f64 * active * COSTS.eval_walk_s
    };
    let (kernel, cost_s) = match board_major {
        Some((kernel, cost_s)) if cost_s < deal_major => (Kernel::BoardMajor(kernel), cost_s),
        _ => (Kernel::DealMajor, deal_major),
    };
    ExactCost {
        boards,
        deals,
        walks,
        kernel,
        cost_s,
        sum_bound,
    }
}

/// The cheapest board-major kernel for `setup` with `deal_count` deals and
/// its estimated seconds on one thread (`None` when none can count it:
/// more deals than are listed and no kernel that avoids listing them).
fn board_kernel_cost(
    setup: &Setup,
    deal_count: u64,
    boards: u64,
    listing: Option<Listing>,
) -> Option<(BoardKernel, f64)> {
    let live = setup.live_combos() as f64;
    let boards = boards as f64;
    let evals = boards * live * eval_s(setup);
    let (small, shares_fit) = u64_sums(setup, deal_count);
    let counters_fit =
        small && setup.active.len() <= WINNER_SET_SEATS && (!setup.breakdown || shares_fit);
    if counters_fit && TwoRanges::applies(setup) {
        return Some((BoardKernel::Sweep, evals + boards * live * COSTS.sweep_s));
    }
    let mut best: Option<(BoardKernel, f64)> = None;
    if counters_fit && ThreeRanges::applies(setup) {
        best = Some((
            BoardKernel::ThreeRanges,
            three_range_cost(setup, boards as u64),
        ));
    }
    if deal_count <= DEAL_LIMIT {
        // Per-combo counting multiway costs a counter update per seat and
        // deal.
        let compare_s = if setup.breakdown && setup.active.len() > 2 {
            COSTS.compare_s + setup.active.len() as f64 * COSTS.breakdown_seat_s
        } else {
            COSTS.compare_s
        };
        let kernel = listing_kernel(setup, deal_count);
        let cost = evals + boards * deal_count as f64 * compare_s;
        if best.is_none_or(|(_, c)| cost < c) {
            best = Some((kernel, cost));
        }
    }
    if counters_fit && let Some(listing) = listing {
        let ranged = setup.seats.iter().filter(|s| s.combos.len() > 1).count() as f64;
        let per_deal = COSTS.swept_deal_s
            + 2.0 * (ranged - 1.0) * COSTS.swept_card_s
            + if setup.breakdown {
                COSTS.swept_breakdown_s
            } else {
                0.0
            };
        let cost = evals
            + boards
                * (listing.swept as f64 * COSTS.swept_row_s
                    + listing.listed as f64 * per_deal
                    + listing.pairs as f64 * COSTS.swept_pair_s);
        if best.is_none_or(|(_, c)| cost < c) {
            best = Some((BoardKernel::SweptSeat, cost));
        }
    }
    best
}

/// The three-range kernel's estimated seconds on one thread.
fn three_range_cost(setup: &Setup, boards: u64) -> f64 {
    let live = setup.live_combos() as f64;
    boards as f64 * (live * (eval_s(setup) + COSTS.three_combo_s) + COSTS.three_board_s)
}

/// Seconds to rank one live combo on one board of `setup`.
fn eval_s(setup: &Setup) -> f64 {
    if setup.missing < 5 {
        COSTS.eval_known_s
    } else {
        COSTS.eval_random_s
    }
}

/// The kernel that counts `setup` board by board with `deal_count` deals:
/// the cheapest board-major kernel by the cost model.
pub fn board_kernel(setup: &Setup, deal_count: u64) -> BoardKernel {
    let boards = choose(setup.deck().len() as u64, setup.missing as u64);
    let listing = if TwoRanges::applies(setup) {
        None
    } else {
        SweptSeat::listing(setup, DEAL_LIMIT)
    };
    board_kernel_cost(setup, deal_count, boards, listing)
        .map_or_else(|| listing_kernel(setup, deal_count), |(kernel, _)| kernel)
}

/// How board-major enumeration counts `setup`'s `deal_count` deals by
/// listing every one:
///
/// | seats and sums | no breakdown | breakdown |
/// |---|---|---|
/// | ≤ 10 seats, `u64` sums | winner sets | heads-up: `u64` combos; multiway: `u64` combos if shares fit |
/// | more seats or `u128` sums | per deal | `u128` combos |
pub fn listing_kernel(setup: &Setup, deal_count: u64) -> BoardKernel {
    let n = setup.active.len();
    let (small, shares_fit) = u64_sums(setup, deal_count);
    let winner_sets = small && n <= WINNER_SET_SEATS;
    match (setup.breakdown, n) {
        (true, 2) if small => BoardKernel::HeadsUpCombos,
        (true, _) if n > 2 && shares_fit => BoardKernel::MultiwayCombos { winner_sets },
        (true, _) => BoardKernel::WideCombos { wide: !small },
        (false, _) if winner_sets => BoardKernel::WinnerSets,
        (false, _) => BoardKernel::PerDeal { wide: !small },
    }
}

/// The Monte Carlo plan for `setup` with a budget of `trials` deals
/// (`None`: until a target error).
pub(crate) fn sampling(setup: &Setup, trials: Option<u64>) -> Sampling {
    let dealing = sampler::dealings(setup);
    let uniform_active = setup
        .active
        .iter()
        .filter(|&&s| matches!(dealing[s], Dealing::Uniform))
        .count();
    // Clusters when every active seat is uniform (see `montecarlo`), as
    // large as the budget allows with enough clusters for a standard error.
    let all_uniform = uniform_active > 0 && uniform_active == setup.active.len();
    let budget = trials.filter(|&t| t != u64::MAX);
    let clusters = match budget.map(|b| b / MIN_CLUSTERS) {
        _ if !all_uniform || setup.breakdown => None,
        None => Some(MAX_CLUSTER_DEALS),
        Some(most) if most >= MIN_CLUSTER_DEALS => Some(1 << most.min(MAX_CLUSTER_DEALS).ilog2()),
        Some(_) => None,
    };
    // Restricted seats (folded ones too, under clusters) may be crowded.
    let crowded = crowded_draws(setup, &dealing);
    let draws = if crowded.is_some() {
        Draws::Crowded
    } else {
        Draws::Rejection
    };
    Sampling {
        design: match clusters {
            Some(deals) => Design::Clusters { deals, draws },
            None => Design::Prefixes { draws },
        },
        dealing,
        crowded,
    }
}

/// The table for exact sequential draws of the restricted seats (narrowest
/// first) when rejection keeps under a quarter of its draws and would cost
/// more per accepted draw, and the table fits (else
/// [`Crowded::fallback`]'s); judged from a pilot of
/// rejection draws on a fixed generator, so the choice depends on the
/// request alone.
fn crowded_draws(setup: &Setup, dealing: &[Dealing]) -> Option<Crowded> {
    let accepted = sampler::pilot(setup, dealing, PILOT_DRAWS)?;
    let restricted = sampler::restricted_seats(dealing);
    let per_draw_s = restricted.len() as f64 * COSTS.rejection_step_s;
    let rejection_s = per_draw_s * f64::from(PILOT_DRAWS) / f64::from(accepted.max(1));
    let seats = &setup.seats;
    let scanned: usize = restricted.iter().map(|&s| seats[s].masks.len()).sum();
    let crowded_s = scanned as f64 * COSTS.crowded_step_s;
    if accepted * 4 > PILOT_DRAWS || crowded_s >= rejection_s {
        return None;
    }
    let mut order = restricted.clone();
    order.sort_by_key(|&s| seats[s].masks.len());
    // Where that table does not fit, the fallback (part table, part
    // rejection) rather than rejection that may starve.
    Crowded::new(setup, &order).or_else(|| Crowded::fallback(setup, &restricted))
}
