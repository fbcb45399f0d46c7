//! What a caller asks for: the seats with their ranges, the board, dead
//! cards, and how to compute.

use crate::card::{Card, CardSet};
use crate::range::Range;

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
    /// Exact when it can run and its estimated time (on a reference of two
    /// threads) fits the request's time budget, else Monte Carlo.
    #[default]
    Auto,
    /// Enumerate every deal.
    Exact,
    /// Sample deals.
    MonteCarlo,
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
    /// Monte Carlo: stop once this many milliseconds have passed since the
    /// start, after the round of blocks under way, whatever the trials and
    /// the target (`None`: no limit). A run stopped this way depends on
    /// the machine's speed; its result says how many deals it drew
    /// ([`EquityResult::samples`](super::EquityResult::samples)), and that
    /// many trials with the same seed give the same figures.
    pub time_limit_ms: Option<f64>,
    /// Monte Carlo seed: same request, seed and trials give the same result
    /// on any number of threads.
    pub seed: u64,
    /// Worker threads; `None` uses the current rayon pool.
    pub threads: Option<usize>,
    /// [`Method::Auto`] picks exact when its estimate fits this budget. The
    /// estimate is for a reference of two threads whatever `threads` says,
    /// so the choice (and the figures) depend on the request alone, and it
    /// is the estimate of the equity alone: `breakdown` never changes the
    /// choice, only the exact run's length.
    pub time_budget_ms: f64,
    /// [`Method::Auto`] choosing an exact run expected to take longer than
    /// [`PREVIEW_ABOVE_MS`] first sends a snapshot of a quick Monte Carlo
    /// estimate (a few milliseconds), so an interactive caller shows
    /// numbers at once. The final result is the exact one either way.
    pub preview: bool,
    /// Also compute every active seat's figures per combo and per class
    /// ([`EquityResult::breakdown`](super::EquityResult::breakdown)): the hand-versus-range breakdown. It
    /// costs a counter update per seat and deal, and exact enumeration
    /// then walks board by board (or deal by deal preflop).
    pub breakdown: bool,
}

/// Exact runs expected to take longer than this get a Monte Carlo preview
/// when [`EquityRequest::preview`] is set.
pub const PREVIEW_ABOVE_MS: f64 = 5.0;

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
            time_limit_ms: None,
            preview: false,
            breakdown: false,
        }
    }
}

/// Exact enumeration refuses estimates beyond this many seconds (the limit
/// protects a user who forces `--exact` on a huge spot).
pub const EXACT_LIMIT_S: f64 = 3600.0;
