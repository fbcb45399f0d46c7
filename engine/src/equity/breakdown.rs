//! Hand-versus-range breakdown: every active seat's equity per combo it can
//! hold (and per 13×13 class), from the same deals as the main result.
//!
//! A seat's figures for combo `c` are the figures of the deals in which the
//! seat holds `c`: its equity *given* `c`, under the deal distribution of
//! docs/design.md §3. `frequency` is the probability that the seat holds `c` in
//! a deal (it differs from the range weight by card removal), so
//! `Σ frequency·equity` over a seat's combos is the seat's equity, exactly
//! when enumerated.
//!
//! The tallies are integers, recorded by the same walks that produce the
//! seat totals ([`ComboCount`] per active seat and live combo), so a
//! breakdown costs one extra counter update per seat and deal and never
//! changes the main figures.

use super::setup::Setup;
use super::tally::{ComboCount, share_unit};
use crate::combo::{CLASSES, Combo, HandClass};

/// One combo's figures for one seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ComboEquity {
    /// The combo.
    pub combo: Combo,
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
    /// Its classes with a live combo, in grid index order.
    pub classes: Vec<ClassEquity>,
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

/// The breakdown of every active seat from flat per-combo tallies laid out
/// by [`Setup::combo_offsets`].
pub(crate) fn breakdown(setup: &Setup, counts: &[ComboCount], sampled: bool) -> Vec<SeatBreakdown> {
    let (offsets, live) = setup.combo_offsets();
    if counts.len() != live {
        return Vec::new();
    }
    let unit = share_unit(setup.active.len());
    setup
        .active
        .iter()
        .zip(offsets)
        .map(|(&seat, offset)| {
            let combos = &setup.seats[seat];
            let counts = &counts[offset..offset + combos.combos.len()];
            // Frequencies: exact weights, or sampled prefixes.
            let mass = |c: &ComboCount| {
                if sampled {
                    c.prefixes as f64
                } else {
                    c.total as f64
                }
            };
            let all: f64 = counts.iter().map(mass).sum();
            let all = if all > 0.0 { all } else { 1.0 };
            let mut by_class = vec![ComboCount::default(); CLASSES];
            let mut seen = [false; CLASSES];
            let mut per_combo = Vec::with_capacity(counts.len());
            for (&combo, count) in combos.combos.iter().zip(counts) {
                let (equity, win, tie, std_error) = count.figures(unit, sampled);
                per_combo.push(ComboEquity {
                    combo,
                    frequency: mass(count) / all,
                    equity,
                    win,
                    tie,
                    std_error,
                });
                let class = combo.class().index();
                by_class[class].add(count);
                seen[class] = true;
            }
            // The seat's weighted live combo count, in whole combos.
            let weighted: f64 = combos
                .weights
                .iter()
                .map(|&w| (w * combos.divisor) as f64 / 10_000.0)
                .sum();
            let classes = HandClass::all()
                .filter(|c| seen[c.index()])
                .map(|class| {
                    let count = &by_class[class.index()];
                    let (equity, win, tie, std_error) = count.figures(unit, sampled);
                    let frequency = mass(count) / all;
                    ClassEquity {
                        class,
                        frequency,
                        combos: frequency * weighted,
                        equity,
                        win,
                        tie,
                        std_error,
                    }
                })
                .collect();
            SeatBreakdown {
                seat,
                combos: per_combo,
                classes,
            }
        })
        .collect()
}
