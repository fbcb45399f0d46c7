//! What a calculation answers: every active seat's figures, how they were
//! computed, and (on request) the per-combo breakdown.

use super::strategy::Strategy;
use crate::combo::{Combo, HandClass};

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
    /// Standard error of `win` (0 when exact and complete).
    pub win_std_error: f64,
    /// Standard error of `tie` (0 when exact and complete).
    pub tie_std_error: f64,
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

/// One combo's figures for one seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ComboEquity {
    /// The combo.
    pub combo: Combo,
    /// Whether any deal gives the seat this combo. `false` only when
    /// counted exactly and every deal holding it clashes with another
    /// seat's cards: the figures below are then 0 and mean nothing. (The
    /// combos another seat's single combo clashes with are not here but in
    /// [`SeatBreakdown::clashing`].)
    pub dealt: bool,
    /// Probability that the seat holds this combo in a deal (estimated
    /// when sampled).
    pub frequency: f64,
    /// The seat's equity when it holds the combo.
    pub equity: f64,
    /// Probability of winning alone when it holds the combo.
    pub win: f64,
    /// Probability of sharing the best hand when it holds the combo.
    pub tie: f64,
    /// Standard error of `equity`: 0 when exact, `NaN` when too few
    /// samples held the combo to tell.
    pub std_error: f64,
}

/// One 13×13 class's figures for one seat (its live combos together).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClassEquity {
    /// The class.
    pub class: HandClass,
    /// Whether any deal gives the seat a combo of the class: as
    /// [`ComboEquity::dealt`], and `false` too, however counted, for a
    /// class made only of [`SeatBreakdown::clashing`] combos. When `false`,
    /// `frequency` and `combos` are 0 and the figures mean nothing.
    pub dealt: bool,
    /// Probability that the seat holds a combo of the class in a deal.
    pub frequency: f64,
    /// The class's weight in the deal distribution, in combos:
    /// `frequency` times the seat's weighted live combo count, so these sum
    /// to that count and their weighted mean equity is the seat's equity.
    pub combos: f64,
    /// The seat's equity when it holds a combo of the class.
    pub equity: f64,
    /// Probability of winning alone, given the class.
    pub win: f64,
    /// Probability of sharing the best hand, given the class.
    pub tie: f64,
    /// Standard error of `equity` (0 when exact, `NaN` when unknown).
    pub std_error: f64,
}

/// One active seat's breakdown.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatBreakdown {
    /// The seat's index in the request.
    pub seat: usize,
    /// Its live combos (those that survive the board, the dead cards and
    /// other seats' single combos), in the order of the seat's range.
    pub combos: Vec<ComboEquity>,
    /// Its classes with a combo in `combos` or `clashing`, in grid index
    /// order (one with only `clashing` combos is not `dealt`).
    pub classes: Vec<ClassEquity>,
    /// The combos of its range, clear of the board and dead cards, that
    /// another seat's single combo (or a seat left with one by such
    /// clashes) shares a card with: no deal gives them to the seat, so
    /// they have no figures. In the order of the seat's range.
    pub clashing: Vec<Combo>,
}

impl ClassEquity {
    /// A class no deal gives the seat: not `dealt`, every figure 0.
    pub(crate) fn undealt(class: HandClass) -> ClassEquity {
        ClassEquity {
            class,
            dealt: false,
            frequency: 0.0,
            combos: 0.0,
            equity: 0.0,
            win: 0.0,
            tie: 0.0,
            std_error: 0.0,
        }
    }
}

impl SeatBreakdown {
    /// The figures of `class`, if the seat has a live combo of it.
    pub fn class(&self, class: HandClass) -> Option<&ClassEquity> {
        self.classes.iter().find(|c| c.class == class)
    }

    /// The figures of `combo`, if it is live for the seat.
    pub fn combo(&self, combo: Combo) -> Option<&ComboEquity> {
        self.combos.iter().find(|c| c.combo == combo)
    }

    /// The seat's combos that no deal gives it: those of `combos` not
    /// `dealt`, then the `clashing` ones. With the dealt combos they are
    /// every combo of its range clear of the board and dead cards.
    pub fn undealt(&self) -> impl Iterator<Item = Combo> + '_ {
        let counted = self.combos.iter().filter(|c| !c.dealt).map(|c| c.combo);
        counted.chain(self.clashing.iter().copied())
    }

    /// The equity distribution: the seat's combos sorted by equity,
    /// strongest first, each with the share of the deal distribution it
    /// covers (the shares sum to 1). Plot share cumulated on x against
    /// equity on y for the usual equity-distribution graph.
    pub fn distribution(&self) -> Vec<(f64, f64)> {
        let total: f64 = self.combos.iter().map(|c| c.frequency).sum();
        let mut points: Vec<(f64, f64)> = self
            .combos
            .iter()
            .filter(|c| c.frequency > 0.0)
            .map(|c| (c.frequency / total.max(f64::MIN_POSITIVE), c.equity))
            .collect();
        points.sort_by(|a, b| b.1.total_cmp(&a.1));
        points
    }
}
