//! The hand-class table's and the groups' figures, computed on a named
//! background thread (`rangestove-classes`, newest job wins: see
//! `state::background`) from the equity result's per-combo figures. The
//! UI thread only builds the job (copies of the figures) and takes in
//! the answer.

use std::time::Instant;

use engine::equity::{EquityRequest, SeatBreakdown, calculate};
use engine::study::{blockers, blockers_of_part, calls, class_table, group_rows};
use engine::worker::Job;
use engine::{Card, Combo, Range};

use super::class_rows::{GroupFigures, Lookup, TableRow, class_rows, group_figures, table_row};
use crate::gui::state::background::Answers;
use crate::gui::state::blockers::ComboBlockers;

/// What the figures are computed for: the selected seat's range, groups
/// and per-combo figures on the board, another seat's for blockers, and a
/// price. (Two jobs are the same when their figures are bit for bit: a
/// standard error of `NaN` equals itself, so a job is never resubmitted
/// for nothing.)
#[derive(Clone, Debug)]
pub struct ClassJob {
    /// The seat's range.
    pub range: Range,
    /// Its groups (name, range), fitted to the range.
    pub groups: Vec<(String, Range)>,
    /// The board (no made-hand or draw rows under 3 cards).
    pub board: Vec<Card>,
    /// The seat's per-combo figures.
    pub breakdown: SeatBreakdown,
    /// The other seat blockers are counted against: its name and figures.
    pub other: Option<(String, SeatBreakdown)>,
    /// Its strong part, when one of its groups: the group's name and, per
    /// combo index, the share of the combo's weight in the group (else
    /// its top equity bucket).
    pub strong_group: Option<(String, Vec<f32>)>,
    /// The break-even equity of the price box, if set.
    pub price: Option<f64>,
    /// With two other seats or more: each other seat's name and the
    /// heads-up spot of the seat against it alone (the rows' equity
    /// against each seat).
    pub versus: Vec<(String, EquityRequest)>,
}

impl PartialEq for ClassJob {
    fn eq(&self, other: &ClassJob) -> bool {
        let same = |a: &SeatBreakdown, b: &SeatBreakdown| {
            a.seat == b.seat
                && a.combos.len() == b.combos.len()
                && a.combos.iter().zip(&b.combos).all(|(x, y)| {
                    (x.combo, x.dealt, x.frequency.to_bits(), x.equity.to_bits())
                        == (y.combo, y.dealt, y.frequency.to_bits(), y.equity.to_bits())
                })
        };
        self.range == other.range
            && self.groups == other.groups
            && self.board == other.board
            && self.price.map(f64::to_bits) == other.price.map(f64::to_bits)
            && self.versus == other.versus
            && self.strong_group == other.strong_group
            && same(&self.breakdown, &other.breakdown)
            && match (&self.other, &other.other) {
                (Some((n, a)), Some((m, b))) => n == m && same(a, b),
                (None, None) => true,
                _ => false,
            }
    }
}

/// The figures of one job.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassFigures {
    /// What was computed.
    pub job: ClassJob,
    /// One row per made hand (every combo in one), strongest first.
    pub made: Vec<TableRow>,
    /// One row per draw (overlapping).
    pub draws: Vec<TableRow>,
    /// One row per of the 169 classes with a live combo.
    pub classes: Vec<TableRow>,
    /// Each group's figures (`Err`: why the groups could not be had).
    pub groups: Result<Vec<GroupFigures>, String>,
    /// The combos that call the price, with their weights.
    pub calls: Option<Range>,
    /// Each combo's blocker effect against the other seat.
    pub blockers: Option<ComboBlockers>,
    /// How long the computation took, in milliseconds.
    pub compute_ms: f64,
}

impl Answers<ClassJob> for ClassFigures {
    fn job(&self) -> &ClassJob {
        &self.job
    }
}

impl ClassJob {
    /// Computes the figures and sends them, unless a newer job came first.
    pub fn run(self, job: &Job<'_, ClassFigures>) {
        if job.is_stale() {
            return;
        }
        if let Some(figures) = self.figures_unless(&|| job.is_stale()) {
            job.send(figures);
        }
    }

    /// The figures, computed here.
    pub fn figures(self) -> ClassFigures {
        // Not cancelled, the figures always come.
        self.figures_unless(&|| false)
            .unwrap_or_else(|| unreachable!())
    }

    /// The figures, unless `stale` says the job is outdated while the
    /// heads-up spots are counted.
    fn figures_unless(self, stale: &(dyn Fn() -> bool + Sync)) -> Option<ClassFigures> {
        let started = Instant::now();
        // Each heads-up spot's per-combo figures for the seat (`None`
        // where one cannot be counted: its column stays empty).
        let mut versus = Vec::new();
        for (_, request) in &self.versus {
            let counted = calculate(request, stale, &mut |_| {});
            if stale() {
                return None;
            }
            versus.push(counted.ok().and_then(|r| r.breakdown.into_iter().next()));
        }
        let look = Lookup::new(&self.breakdown);
        let by_combo = self.other.as_ref().map(|(name, other)| {
            let mut by_combo = vec![None; engine::combo::COMBOS];
            for c in self.breakdown.combos.iter().filter(|c| c.dealt) {
                by_combo[c.combo.index()] = Some(match &self.strong_group {
                    Some((_, shares)) => blockers_of_part(c.combo, other, &|o| {
                        f64::from(shares.get(o.combo.index()).copied().unwrap_or(0.0))
                    }),
                    None => blockers(c.combo, other),
                });
            }
            ComboBlockers {
                against: name.clone(),
                by_combo,
            }
        });
        let per_combo = by_combo.as_ref().map(|b| b.by_combo.as_slice());
        let rows = |rows: Vec<engine::study::ClassRow>| -> Vec<TableRow> {
            rows.into_iter()
                .map(|row| table_row(row, &look, &self.range, &self.groups, per_combo))
                .collect()
        };
        let table = (self.board.len() >= 3)
            .then(|| class_table(&self.breakdown, &self.range, &self.board).ok())
            .flatten();
        let made_rows: Vec<_> = table.as_ref().map(|t| t.made.clone()).unwrap_or_default();
        let groups = group_rows(&self.breakdown, &self.range, &self.groups)
            .map(|rows| {
                rows.into_iter()
                    .map(|row| group_figures(row, &look, &self.range, &made_rows))
                    .collect()
            })
            .map_err(|e| e.to_string());
        let (made, draws) = match table {
            Some(t) => (rows(t.made), rows(t.draws)),
            None => (Vec::new(), Vec::new()),
        };
        let classes = rows(class_rows(&look, &self.range));
        let versus_looks: Vec<Option<Lookup<'_>>> =
            versus.iter().map(|b| b.as_ref().map(Lookup::new)).collect();
        let with_versus = |mut rows: Vec<TableRow>| {
            for row in &mut rows {
                row.versus = versus_looks
                    .iter()
                    .map(|look| look.as_ref().and_then(|l| l.equity_of(&row.row.hands)))
                    .collect();
            }
            rows
        };
        let (made, draws, classes) = (with_versus(made), with_versus(draws), with_versus(classes));
        let calls = self
            .price
            .map(|price| calls(&self.breakdown, &self.range, price));
        Some(ClassFigures {
            made,
            draws,
            classes,
            groups,
            calls,
            blockers: by_combo,
            compute_ms: started.elapsed().as_secs_f64() * 1000.0,
            job: self,
        })
    }
}

/// Per class index, the share of its combos `range` holds (any weight):
/// the grid's highlight.
pub fn highlight_of(range: &Range) -> Vec<f32> {
    let mut share = vec![0.0f32; engine::combo::CLASSES];
    for (combo, _) in range.combos() {
        let class = Combo::class(combo);
        share[class.index()] += 1.0 / class.combo_count() as f32;
    }
    share
}
