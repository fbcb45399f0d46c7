//! What exact counting of a spot costs, by each kernel that can count it,
//! and which kernel is the cheapest: the planner's exact half.

use super::costs::{COSTS, REFERENCE_THREADS};
use crate::equity::error::EquityError;
use crate::equity::exact::board_major::u64_sums;
use crate::equity::exact::deal_major::{DEAL_LIMIT, Folding, preflop_deals, symmetries};
use crate::equity::exact::rank_patterns;
use crate::equity::exact::swept_seat::{Listing, SweptSeat};
use crate::equity::exact::three_ranges::ThreeRanges;
use crate::equity::exact::two_ranges::TwoRanges;
use crate::equity::exact::walk::PreflopDeals;
use crate::equity::exact::winner_sets::WINNER_SET_SEATS;
use crate::equity::request::EXACT_LIMIT_S;
use crate::equity::setup::Setup;
use crate::equity::strategy::{BoardKernel, Kernel, Strategy};
use crate::equity::tally::share_unit;

/// Below this many deals, preflop suit-isomorphic walks are counted by
/// listing them; above, estimated as a twelfth of the deals.
const LIST_WALKS_BELOW: u64 = 20_000;

/// Integer tallies are `u128`; exact counting is planned only when every
/// sum it forms stays below this (2^127, a factor of two below the
/// `u128` limit for the rounding of the `f64` bound).
const TALLY_LIMIT: f64 = 1.7014118346046923e38;

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
    /// A bound on the largest integer sum exact counting forms: the total
    /// weight of the deals (the smaller of the largest deal weight times
    /// the deals and the product of the seats' total weights) times boards
    /// (times the pot-share unit with a breakdown).
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

/// `n` choose `k`.
pub(super) fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Counts boards and deals and estimates the exact kernels, keeping the
/// cheapest that can count the spot.
pub fn exact_cost(setup: &Setup) -> ExactCost {
    priced(setup, &count_spot(setup))
}

/// What a spot's exact costs are priced from, whether or not a breakdown
/// is asked for: its boards, the swept seat's listing, its deals.
pub(super) struct SpotCounts {
    boards: u64,
    listing: Option<Listing>,
    deals: Option<u64>,
}

/// Counts the boards and deals of `setup`.
pub(super) fn count_spot(setup: &Setup) -> SpotCounts {
    let deck = setup.deck().len() as u64;
    let boards = choose(deck, setup.missing as u64);
    if one_preflop_deal(setup) {
        // Nothing to list or sweep.
        return SpotCounts {
            boards,
            listing: None,
            deals: Some(1),
        };
    }
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
    SpotCounts {
        boards,
        listing,
        deals,
    }
}

/// Estimates the exact kernels for `setup` with its `counts` of boards and
/// deals.
pub(super) fn priced(setup: &Setup, counts: &SpotCounts) -> ExactCost {
    let &SpotCounts {
        boards,
        listing,
        deals,
    } = counts;
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
            sum_bound: setup.deal_weight_bound(f64::INFINITY) * boards as f64 * unit,
        };
    };
    let sum_bound = setup.deal_weight_bound(deal_count as f64) * boards as f64 * unit;
    // One deal with the whole board to come: rank patterns count it in a
    // pass over the board multisets, every board-major kernel in one over
    // all 1.4 million boards (not priced).
    let board_major = if one_preflop_deal(setup) {
        None
    } else {
        board_kernel_cost(setup, deal_count, boards, listing)
    };
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
    // Preflop, the deals up to the suit permutations that keep the dead
    // cards in place, listed when there are few (with nothing known, the
    // deal-major walk's too).
    let listed = (setup.missing == 5 && deal_count <= LIST_WALKS_BELOW)
        .then(|| preflop_deals(setup))
        .flatten();
    // Suit isomorphism (no board, no dead cards) cuts walks by up to 24;
    // estimate it without listing the classes when there are many deals.
    let walks = if setup.known.is_empty() && deal_count > 1 {
        match &listed {
            Some(listed) => listed.walks.len() as u64,
            None if deal_count <= LIST_WALKS_BELOW => deal_count,
            None => deal_count / 12,
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
    let rank_patterns = rank_pattern_cost(setup, listed, deal_count, walks);
    let (kernel, cost_s) = if rank_patterns < cost_s {
        (Kernel::RankPatterns, rank_patterns)
    } else {
        (kernel, cost_s)
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

/// Whether `setup` is one deal (every seat a single combo) with the whole
/// board to come.
fn one_preflop_deal(setup: &Setup) -> bool {
    setup.missing == 5 && setup.seats.iter().all(|seat| seat.combos.len() == 1)
}

/// Seconds on one thread to count `setup` (`deal_count` deals, `walks`
/// of them up to suits with nothing known; `listed`, its deals up to the
/// suit permutations that keep the dead cards in place where listed) by
/// rank pattern: preflop only (infinite with a board).
fn rank_pattern_cost(
    setup: &Setup,
    listed: Option<&PreflopDeals>,
    deal_count: u64,
    walks: u64,
) -> f64 {
    let active = setup.active.len() as f64;
    if setup.missing != 5 {
        f64::INFINITY
    } else if let Some(listed) = listed {
        // Priced as the run splits them: deals that share ranks share
        // their unsuited outcomes.
        let work = rank_patterns::work(setup, listed);
        work.alone as f64 * (COSTS.pattern_alone_s + active * COSTS.pattern_alone_seat_s)
            + work.groups as f64 * (COSTS.pattern_group_s + active * COSTS.pattern_group_seat_s)
            + work.grouped as f64 * COSTS.pattern_flushes_s
    } else {
        let classes = if setup.known.is_empty() {
            walks
        } else {
            deal_count / symmetries(setup, Folding::KnownCards).len() as u64
        };
        classes as f64 * (COSTS.pattern_walk_s + active * COSTS.pattern_seat_s)
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
        return Some((
            BoardKernel::TwoRanges,
            evals + boards * live * COSTS.sweep_s,
        ));
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
