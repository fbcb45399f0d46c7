//! A flop report's rows ([`FlopRow`], one per flop class) and the report
//! they make ([`FlopReport`]): each row's frequency among the rows, and
//! each seat's figures averaged over them.

use super::flop_classes::{FlopClass, Texture};
use super::hits::BoardSeat;
use crate::card::Card;
use crate::equity::result::{MethodUsed, SeatEquity};
use crate::equity::strategy::ReportStrategy;

/// One class of flops.
#[derive(Clone, Debug, PartialEq)]
pub struct FlopRow {
    /// The class's representative flop, highest card first.
    pub flop: [Card; 3],
    /// How many flops the class stands for.
    pub count: u32,
    /// The class's weight: proportional to its frequency, by a factor
    /// common to every row of the report.
    pub weight: f64,
    /// The probability that a flop of this class comes, given the ranges:
    /// `weight` over the report's total (0 in rows handed out before the
    /// report is complete).
    pub frequency: f64,
    /// Its texture.
    pub texture: Texture,
    /// Each active seat, in order.
    pub seats: Vec<BoardSeat>,
    /// On a line, the reach frequency on this flop: how often every
    /// seat's flop rule keeps its hand (1 without rules;
    /// [`flop_report_on_line`](super::flop_report_on_line)).
    pub reach: f64,
}

impl FlopRow {
    /// The row of `class`, whose flop a deal leaves with `weight` (by flop),
    /// with each seat's figures `seats` and the line's `reach` (1 without
    /// one); its frequency comes once every row is in.
    pub(super) fn of_class(
        class: &FlopClass,
        weight: f64,
        seats: Vec<BoardSeat>,
        reach: f64,
    ) -> FlopRow {
        FlopRow {
            flop: class.flop,
            count: class.count,
            weight: weight * f64::from(class.count),
            frequency: 0.0,
            texture: Texture::of(&class.flop),
            seats,
            reach,
        }
    }
}

/// Every flop class of a scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct FlopReport {
    /// How the planner had it computed.
    pub strategy: ReportStrategy,
    /// Per active seat: equity, win and tie averaged over the flops by
    /// frequency; on a line, by frequency times reach (where the line
    /// gets), or the ranges as given where it gets nowhere: read them with
    /// [`where_line_gets`](FlopReport::where_line_gets).
    pub seats: Vec<(f64, f64, f64)>,
    /// One row per flop class that can come, by representative mask.
    pub flops: Vec<FlopRow>,
    /// Exact counting, or sampling (figures with standard errors and
    /// frequencies estimated): [`strategy`](FlopReport::strategy) in short.
    pub method: MethodUsed,
    /// How many flops can come: the rows' counts summed (a class no deal
    /// allows has no row and is not counted).
    pub flop_count: u32,
    /// On a line, the reach frequency over every flop (each flop's by its
    /// frequency; 1 without rules).
    pub reach: f64,
    /// On a line, per active seat, its continue share over every flop by
    /// frequency (`None` for a seat without a rule).
    pub continues: Vec<Option<f64>>,
    /// Time taken.
    pub elapsed_ms: f64,
}

impl FlopReport {
    /// Per active seat, equity, win and tie where the line gets (without a
    /// line, over every flop); `None` on a line that gets past no flop
    /// (reach 0): there is no equity where it never gets.
    pub fn where_line_gets(&self) -> Option<&[(f64, f64, f64)]> {
        (self.reach > 0.0).then_some(self.seats.as_slice())
    }
}

/// How a report computed by `strategy` was found, in short.
pub(super) fn method_of(strategy: ReportStrategy) -> MethodUsed {
    if strategy.is_exact() {
        MethodUsed::Exact
    } else {
        MethodUsed::MonteCarlo
    }
}

/// The rows that came (`None`: a class no deal leaves), each with its
/// frequency: its weight over theirs.
pub(super) fn with_frequencies(rows: Vec<Option<FlopRow>>) -> Vec<FlopRow> {
    let weight: f64 = rows.iter().flatten().map(|row| row.weight).sum();
    let mut flops: Vec<FlopRow> = rows
        .into_iter()
        .flatten()
        .map(|mut row| {
            row.frequency = row.weight / weight;
            row
        })
        .collect();
    flops.shrink_to_fit();
    flops
}

/// Per seat, equity, win and tie averaged over `rows` by frequency (the
/// rows' own `frequency`, which need not sum to 1: the mean is over their
/// total).
pub fn flop_means(rows: &[FlopRow]) -> Vec<(f64, f64, f64)> {
    let n = rows.first().map_or(0, |f| f.seats.len());
    let total: f64 = rows.iter().map(|r| r.frequency).sum();
    (0..n)
        .map(|i| {
            let mean = |f: &dyn Fn(&SeatEquity) -> f64| {
                rows.iter()
                    .map(|row| row.frequency * f(&row.seats[i].figures))
                    .sum::<f64>()
                    / total
            };
            (mean(&|s| s.equity), mean(&|s| s.win), mean(&|s| s.tie))
        })
        .collect()
}
