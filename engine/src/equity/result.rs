//! What a calculation answers: every active seat's figures, how they were
//! computed, and (on request) the per-combo breakdown.

use super::breakdown::SeatBreakdown;
use super::strategy::Strategy;

/// How a result was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MethodUsed {
    /// Every deal enumerated (board-major or deal-major walk).
    Exact,
    /// Exact, summed from the precomputed heads-up preflop table: the
    /// same figures as [`Exact`](MethodUsed::Exact), to the last bit.
    PreflopTable,
    /// Sampled deals.
    MonteCarlo,
}

impl MethodUsed {
    /// The method of a strategy.
    pub fn of(strategy: Strategy) -> MethodUsed {
        match strategy {
            Strategy::PreflopTable => MethodUsed::PreflopTable,
            Strategy::Exact { .. } => MethodUsed::Exact,
            Strategy::MonteCarlo { .. } => MethodUsed::MonteCarlo,
        }
    }

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
    /// Which strategy computed it (finer than `method`: the exact kernel
    /// or the Monte Carlo design).
    pub strategy: Strategy,
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
