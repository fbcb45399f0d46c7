//! Equity: every active seat's expected share of the pot, its win and tie
//! probabilities, exactly or by Monte Carlo (DESIGN.md §3).
//!
//! A deal is one combo per seat (active or folded) plus a completion of the
//! board; its probability is proportional to the product of the seats'
//! weights for their combos, over all deals whose cards are pairwise
//! distinct and disjoint from the board and dead cards, every completion of
//! the board equally likely. A seat's **equity** is its expected share of
//! the pot (k tied winners get 1/k each), **win** the probability of being
//! the sole winner, **tie** the probability of sharing the best hand.
//!
//! [`calculate`] is the pure entry point: it takes the request, a
//! cancellation check and a snapshot callback, owns no thread beyond the
//! rayon pool it runs in (or a pool of `threads` it builds for the call), and
//! never prints. [`exact`](mod@exact) enumerates; [`montecarlo`] samples whole
//! deals from the joint distribution. Both tally in integers, so results do
//! not depend on the order work is merged in, hence not on the thread count.
//! Heads-up preflop spots with no dead cards and no folded seats are
//! answered exactly from the precomputed matchup [`table`], with the same
//! integer tallies enumeration would form.

use std::time::Instant;

use crate::card::{Card, CardSet};
use crate::range::Range;

mod breakdown;
mod crowded;
mod deals;
pub mod exact;
pub mod montecarlo;
mod sweep;
pub mod table;

pub(crate) use breakdown::ComboCount;
pub use breakdown::{ClassEquity, ComboEquity, SeatBreakdown};
pub use deals::Setup;

/// Most seats the engine takes: 23 two-card hands and a five-card board use
/// 51 cards.
pub const MAX_SEATS: usize = 23;

/// One seat of a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The seat's weighted range.
    pub range: Range,
    /// A folded seat does not compete; its range only removes cards.
    pub folded: bool,
}

impl Seat {
    /// An active seat with `range`.
    pub fn active(range: Range) -> Seat {
        Seat {
            range,
            folded: false,
        }
    }

    /// A folded seat with `range`.
    pub fn folded(range: Range) -> Seat {
        Seat {
            range,
            folded: true,
        }
    }
}

/// How to compute.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// Exact when its estimated time fits the request's time budget, else
    /// Monte Carlo.
    #[default]
    Auto,
    /// Enumerate every deal.
    Exact,
    /// Sample deals.
    MonteCarlo,
}

/// How a result was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MethodUsed {
    /// Every deal enumerated (board-major or deal-major walk).
    Exact,
    /// Exact, summed from the precomputed heads-up preflop [`table`]: the
    /// same figures as [`Exact`](MethodUsed::Exact), to the last bit.
    PreflopTable,
    /// Sampled deals.
    MonteCarlo,
}

impl MethodUsed {
    /// Whether the figures are exact (standard errors 0).
    pub fn is_exact(self) -> bool {
        self != MethodUsed::MonteCarlo
    }

    /// The name used in JSON output: `exact` or `monte_carlo` (the table is
    /// an exact method).
    pub fn name(self) -> &'static str {
        match self {
            MethodUsed::Exact | MethodUsed::PreflopTable => "exact",
            MethodUsed::MonteCarlo => "monte_carlo",
        }
    }

    /// How the figures were produced: `enumeration`, `preflop_table` or
    /// `sampling`.
    pub fn path(self) -> &'static str {
        match self {
            MethodUsed::Exact => "enumeration",
            MethodUsed::PreflopTable => "preflop_table",
            MethodUsed::MonteCarlo => "sampling",
        }
    }
}

/// A scenario and how to compute it.
#[derive(Clone, Debug, PartialEq)]
pub struct EquityRequest {
    /// The seats, in order; results keep this order for the active ones.
    pub seats: Vec<Seat>,
    /// Known board cards: 0, 3, 4 or 5.
    pub board: Vec<Card>,
    /// Dead cards: out of every deal.
    pub dead: CardSet,
    /// Exact, Monte Carlo or automatic.
    pub method: Method,
    /// Monte Carlo: stop after this many deals (trials), rounded up to
    /// whole groups: a seat deal's board completions, or a cluster of
    /// deals sharing a board (see `montecarlo`).
    pub trials: Option<u64>,
    /// Monte Carlo: stop once every active seat's standard error of equity
    /// is at most this (a fraction, e.g. 0.0005).
    pub target_std_error: Option<f64>,
    /// Monte Carlo seed: same request, seed and trials give the same result
    /// on any number of threads.
    pub seed: u64,
    /// Worker threads; `None` uses the current rayon pool.
    pub threads: Option<usize>,
    /// [`Method::Auto`] picks exact when its estimate fits this budget.
    pub time_budget_ms: f64,
    /// [`Method::Auto`] choosing an exact run expected to take longer than
    /// [`PREVIEW_ABOVE_MS`] first sends a snapshot of a quick Monte Carlo
    /// estimate (a few milliseconds), so an interactive caller shows
    /// numbers at once. The final result is the exact one either way.
    pub preview: bool,
    /// Also compute every active seat's figures per combo and per class
    /// ([`EquityResult::breakdown`]): the hand-versus-range breakdown. It
    /// costs a counter update per seat and deal, and exact enumeration
    /// then walks board by board (or deal by deal preflop).
    pub breakdown: bool,
}

/// Exact runs expected to take longer than this get a Monte Carlo preview
/// when [`EquityRequest::preview`] is set.
pub const PREVIEW_ABOVE_MS: f64 = 5.0;

/// Monte Carlo deals of a preview (a few milliseconds of work).
const PREVIEW_TRIALS: u64 = 1 << 16;

/// Monte Carlo deals when a request sets neither `trials` nor a target.
pub const DEFAULT_TRIALS: u64 = 10_000_000;

impl EquityRequest {
    /// A request for `seats` with no board or dead cards, automatic method,
    /// seed 0, a 100 ms budget for exact enumeration.
    pub fn new(seats: Vec<Seat>) -> EquityRequest {
        EquityRequest {
            seats,
            board: Vec::new(),
            dead: CardSet::EMPTY,
            method: Method::Auto,
            trials: None,
            target_std_error: None,
            seed: 0,
            threads: None,
            time_budget_ms: 100.0,
            preview: false,
            breakdown: false,
        }
    }
}

/// One active seat's figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatEquity {
    /// The seat's index in the request.
    pub seat: usize,
    /// Expected share of the pot, 0..=1.
    pub equity: f64,
    /// Probability of winning alone.
    pub win: f64,
    /// Probability of sharing the best hand.
    pub tie: f64,
    /// Standard error of `equity` (0 when exact and complete).
    pub std_error: f64,
}

/// A result, final or partial.
#[derive(Clone, Debug, PartialEq)]
pub struct EquityResult {
    /// The active seats, in request order.
    pub seats: Vec<SeatEquity>,
    /// Deals counted: every (seat deal, board) combination when exact; for
    /// Monte Carlo, each sampled seat deal counts once per board completion
    /// evaluated with it.
    pub samples: u64,
    /// Time since the calculation started.
    pub elapsed_ms: f64,
    /// How it was computed.
    pub method: MethodUsed,
    /// The seed (Monte Carlo only).
    pub seed: Option<u64>,
    /// Share of the planned work done, 0..=1 (1 when final).
    pub progress: f64,
    /// Deals counted per second so far.
    pub samples_per_s: f64,
    /// Whether this is the final result.
    pub finished: bool,
    /// Per active seat, its figures per combo and class, when the request
    /// asked for them (else empty).
    pub breakdown: Vec<SeatBreakdown>,
}

/// A request that cannot be computed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EquityError {
    /// The board has a size other than 0, 3, 4 or 5.
    #[error("the board has {0} cards; it needs 0, 3, 4 or 5")]
    BoardSize(usize),
    /// A card is given twice among the board and dead cards.
    #[error("{0} is given twice (board and dead cards must be distinct)")]
    DuplicateCard(Card),
    /// Fewer than two seats compete.
    #[error("{0} active seat(s); equity needs at least two")]
    TooFewSeats(usize),
    /// More seats than the deck can deal.
    #[error("{0} seats; the deck deals at most {MAX_SEATS}")]
    TooManySeats(usize),
    /// A seat's range has no combo left after removing the board and dead
    /// cards.
    #[error("seat {} has no hand left once the board and dead cards are removed", seat + 1)]
    EmptyRange {
        /// The seat's index in the request.
        seat: usize,
    },
    /// No deal gives every seat a hand from its range with distinct cards.
    #[error("no deal is possible: the seats' ranges cannot all be dealt at once")]
    NoFeasibleDeal,
    /// The exact feasibility search gave up (only on contrived spots: many
    /// seats whose ranges just about exhaust the cards they share).
    #[error(
        "could not decide whether the seats' ranges can all be dealt at once (gave up after {steps} search steps); widen a range or remove a seat"
    )]
    FeasibilityUndecided {
        /// Search steps taken.
        steps: u64,
    },
    /// Exact enumeration was asked for a scenario far too large.
    #[error(
        "exact enumeration of this spot would take too long (about {estimate_s:.0} s); use Monte Carlo"
    )]
    TooLarge {
        /// Estimated time.
        estimate_s: f64,
    },
    /// A bad Monte Carlo setting.
    #[error("{0}")]
    BadSetting(&'static str),
    /// The cancellation check fired.
    #[error("cancelled")]
    Cancelled,
}

/// Exact enumeration refuses estimates beyond this many seconds (the limit
/// protects a user who forces `--exact` on a huge spot).
pub const EXACT_LIMIT_S: f64 = 3600.0;

/// Computes `request`, calling `on_snapshot` with partial results about every
/// 50–100 ms and returning the final one. `cancel` is polled between
/// batches; when it returns true the calculation stops with
/// [`EquityError::Cancelled`].
///
/// [`Method::Auto`] and [`Method::Exact`] answer a heads-up preflop spot
/// (two active seats, none folded, no board, no dead cards) from the
/// precomputed [`table`] ([`MethodUsed::PreflopTable`]); other spots are
/// enumerated or sampled.
pub fn calculate(
    request: &EquityRequest,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<EquityResult, EquityError> {
    let start = Instant::now();
    let setup = Setup::new(request)?;
    let run = |on_snapshot: &mut (dyn FnMut(&EquityResult) + Send)| {
        if request.method != Method::MonteCarlo {
            if cancel() {
                return Err(EquityError::Cancelled);
            }
            if let Some(heads_up) = table::heads_up(&setup) {
                return Ok(table_result(&heads_up, &setup, start));
            }
        }
        let threads = rayon::current_num_threads();
        let method = match request.method {
            Method::Exact => MethodUsed::Exact,
            Method::MonteCarlo => MethodUsed::MonteCarlo,
            Method::Auto => {
                let plan = exact::plan(&setup);
                let estimate_ms = plan.estimate_s(threads) * 1000.0;
                if estimate_ms <= request.time_budget_ms {
                    if request.preview && estimate_ms > PREVIEW_ABOVE_MS {
                        preview(&setup, request, start, cancel, on_snapshot);
                    }
                    return exact::run(&setup, &plan, start, cancel, on_snapshot);
                }
                MethodUsed::MonteCarlo
            }
        };
        match method {
            MethodUsed::Exact | MethodUsed::PreflopTable => {
                exact::run(&setup, &exact::plan(&setup), start, cancel, on_snapshot)
            }
            MethodUsed::MonteCarlo => montecarlo::run(&setup, request, start, cancel, on_snapshot),
        }
    };
    match request.threads {
        Some(n) if n != rayon::current_num_threads() => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n.max(1))
                .thread_name(|i| format!("rangestove-calc-{i}"))
                .build()
                .map_err(|_| EquityError::BadSetting("could not start worker threads"))?;
            pool.install(|| run(on_snapshot))
        }
        _ => run(on_snapshot),
    }
}

/// The final result of a heads-up spot answered from the table: the tally
/// exact enumeration would form, so [`Tally::figures`] gives the same
/// numbers. `samples` counts every (seat deal, board) combination.
fn table_result(heads_up: &table::HeadsUp, setup: &Setup, start: Instant) -> EquityResult {
    let deals = heads_up.pairs * u64::from(table::BOARDS);
    let mut tally = Tally::new(2);
    tally.total = heads_up.total;
    tally.wins = heads_up.wins.to_vec();
    // Seat s's ties with one other seat sit at s * (seats + 1) + 2.
    tally.ties[2] = heads_up.ties;
    tally.ties[3 + 2] = heads_up.ties;
    tally.deals = deals;
    let breakdown = if setup.breakdown {
        // Heads-up pot shares in units of 1/2: a win 2, a tie 1.
        let counts: Vec<ComboCount> = heads_up
            .combos
            .iter()
            .flatten()
            .map(|c| ComboCount {
                total: c.total,
                win: c.win,
                tie: c.tie,
                share: 2 * c.win + c.tie,
                ..ComboCount::default()
            })
            .collect();
        breakdown::breakdown(setup, &counts, false)
    } else {
        Vec::new()
    };
    let elapsed = start.elapsed().as_secs_f64();
    EquityResult {
        breakdown,
        seats: tally.figures(&setup.active, false),
        samples: deals,
        elapsed_ms: elapsed * 1000.0,
        method: MethodUsed::PreflopTable,
        seed: None,
        progress: 1.0,
        samples_per_s: if elapsed > 0.0 {
            deals as f64 / elapsed
        } else {
            0.0
        },
        finished: true,
    }
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
    if let Ok(mut result) = montecarlo::run(setup, &quick, start, cancel, &mut |_| {}) {
        result.finished = false;
        result.progress = 0.0;
        on_snapshot(&result);
    }
}

/// Adds `weight` to the outcome of one deal whose active seats hold `ranks`:
/// to `wins[s]` for a sole winner, else to `ties[s * (n + 1) + k]` for each
/// of the k tied winners (`n` = number of seats). The one place that
/// decides who wins a deal, for every tally and counter.
#[inline(always)]
pub(crate) fn add_outcome<T: Copy + std::ops::AddAssign>(
    ranks: &[u32],
    wins: &mut [T],
    ties: &mut [T],
    weight: T,
) {
    let n = ranks.len();
    let best = ranks.iter().copied().max().unwrap_or(0);
    let winners = ranks.iter().filter(|&&r| r == best).count();
    for (s, &r) in ranks.iter().enumerate() {
        if r == best {
            if winners == 1 {
                wins[s] += weight;
            } else {
                ties[s * (n + 1) + winners] += weight;
            }
        }
    }
}

/// Greatest common divisor.
pub(crate) fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Integer tallies of outcomes, from which equity, win, tie and standard
/// errors follow. Adding tallies is exact and order-independent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Number of active seats.
    seats: usize,
    /// Total weight of deals counted.
    total: u128,
    /// `wins[s]`: weight of deals seat `s` wins alone.
    wins: Vec<u128>,
    /// `ties[s * (seats + 1) + k]`: weight of deals seat `s` shares with
    /// `k - 1` others (k = 2..=seats).
    ties: Vec<u128>,
    /// Unweighted number of deals counted.
    deals: u64,
    /// Monte Carlo: per seat, the sum over sampled prefixes of the seat's
    /// pot share over the prefix's deals, in units of `1 / unit`.
    sum_x: Vec<u128>,
    /// The same sums of squares (units `1 / unit²`).
    sum_x2: Vec<u128>,
    /// Monte Carlo: sampled prefixes (independent samples).
    prefixes: u64,
    /// The unit of `sum_x`: `lcm(1..=seats)` times the deals per prefix.
    unit: u128,
    /// Per active seat and live combo (laid out by `breakdown::layout`),
    /// when a breakdown is asked for; else empty.
    pub(crate) combos: Vec<ComboCount>,
    /// Per-combo additions not yet folded into `combos` (slot, counts):
    /// work items touching few combos add these instead of a whole
    /// `combos` array each.
    pub(crate) sparse: Vec<(u32, ComboCount)>,
}

impl Tally {
    pub(crate) fn new(seats: usize) -> Tally {
        Tally {
            seats,
            total: 0,
            wins: vec![0; seats],
            ties: vec![0; seats * (seats + 1)],
            deals: 0,
            sum_x: vec![0; seats],
            sum_x2: vec![0; seats],
            prefixes: 0,
            unit: 1,
            combos: Vec::new(),
            sparse: Vec::new(),
        }
    }

    /// Folds the sparse per-combo additions into `live` dense counters.
    pub(crate) fn settle(&mut self, live: usize) {
        if self.sparse.is_empty() {
            return;
        }
        if self.combos.is_empty() {
            self.combos = vec![ComboCount::default(); live];
        }
        for (slot, count) in self.sparse.drain(..) {
            if let Some(c) = self.combos.get_mut(slot as usize) {
                c.add(&count);
            }
        }
    }

    /// Sampled prefixes so far.
    pub(crate) fn prefixes(&self) -> u64 {
        self.prefixes
    }

    /// Counts one deal of weight `weight` whose active seats hold `ranks`.
    #[inline]
    pub(crate) fn record(&mut self, ranks: &[u32], weight: u128) {
        self.total += weight;
        self.deals += 1;
        add_outcome(ranks, &mut self.wins, &mut self.ties, weight);
    }

    /// Adds unweighted outcome counts (laid out like `wins` and `ties`),
    /// each deal of weight `weight`.
    pub(crate) fn add_counts(&mut self, wins: &[u64], ties: &[u64], deals: u64, weight: u128) {
        self.total += u128::from(deals) * weight;
        self.deals += deals;
        for (a, &b) in self.wins.iter_mut().zip(wins) {
            *a += u128::from(b) * weight;
        }
        for (a, &b) in self.ties.iter_mut().zip(ties) {
            *a += u128::from(b) * weight;
        }
    }

    /// Adds outcome weights already summed (`wins`, `ties` laid out as
    /// here) over `deals` deals of total weight `total`.
    pub(crate) fn add_weighted(&mut self, wins: &[u64], ties: &[u64], deals: u64, total: u128) {
        self.total += total;
        self.deals += deals;
        for (a, &b) in self.wins.iter_mut().zip(wins) {
            *a += u128::from(b);
        }
        for (a, &b) in self.ties.iter_mut().zip(ties) {
            *a += u128::from(b);
        }
    }

    /// Adds `prefixes` sampled prefixes whose per-seat summed pot shares
    /// (units `1 / unit`) have sums `sum_x` and sums of squares `sum_x2`.
    pub(crate) fn add_prefixes(
        &mut self,
        sum_x: &[u128],
        sum_x2: &[u128],
        prefixes: u64,
        unit: u128,
    ) {
        self.unit = unit;
        self.prefixes += prefixes;
        for (a, &b) in self.sum_x.iter_mut().zip(sum_x) {
            *a += b;
        }
        for (a, &b) in self.sum_x2.iter_mut().zip(sum_x2) {
            *a += b;
        }
    }

    /// Adds another tally.
    pub(crate) fn merge(&mut self, other: &Tally) {
        self.total += other.total;
        self.deals += other.deals;
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        for (a, b) in self.ties.iter_mut().zip(&other.ties) {
            *a += b;
        }
        self.prefixes += other.prefixes;
        if other.prefixes > 0 {
            self.unit = other.unit;
        }
        for (a, b) in self.sum_x.iter_mut().zip(&other.sum_x) {
            *a += b;
        }
        for (a, b) in self.sum_x2.iter_mut().zip(&other.sum_x2) {
            *a += b;
        }
        self.sparse.extend_from_slice(&other.sparse);
        if self.combos.is_empty() {
            self.combos.clone_from(&other.combos);
        } else {
            for (a, b) in self.combos.iter_mut().zip(&other.combos) {
                a.add(b);
            }
        }
    }

    /// Per active seat figures; `sampled` adds standard errors treating each
    /// unit of weight as one independent sample.
    pub(crate) fn figures(&self, active: &[usize], sampled: bool) -> Vec<SeatEquity> {
        let total = self.total as f64;
        active
            .iter()
            .enumerate()
            .map(|(s, &seat)| {
                if self.total == 0 {
                    return SeatEquity {
                        seat,
                        equity: 0.0,
                        win: 0.0,
                        tie: 0.0,
                        std_error: 0.0,
                    };
                }
                let win = self.wins[s] as f64;
                let mut tie = 0.0;
                let mut share = 0.0;
                let mut share_sq = 0.0;
                for k in 2..=self.seats {
                    let t = self.ties[s * (self.seats + 1) + k] as f64;
                    tie += t;
                    share += t / k as f64;
                    share_sq += t / (k * k) as f64;
                }
                let equity = (win + share) / total;
                let std_error = if sampled && self.prefixes > 1 {
                    // Prefixes are the independent samples; each one's mean
                    // share over its deals is one observation.
                    let m = self.prefixes as f64;
                    let unit = self.unit as f64;
                    let mean = self.sum_x[s] as f64 / unit / m;
                    let second = self.sum_x2[s] as f64 / (unit * unit) / m;
                    ((second - mean * mean).max(0.0) / (m - 1.0)).sqrt()
                } else if sampled && total > 1.0 {
                    let second = (win + share_sq) / total;
                    ((second - equity * equity).max(0.0) / (total - 1.0)).sqrt()
                } else {
                    0.0
                };
                SeatEquity {
                    seat,
                    equity,
                    win: win / total,
                    tie: tie / total,
                    std_error,
                }
            })
            .collect()
    }
}
