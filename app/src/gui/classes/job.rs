//! The hand-class table's and the groups' figures, computed on a named
//! background thread (`rangestove-classes`, newest job wins: see
//! `state::background`) from the equity result's per-combo figures. The
//! UI thread only builds the job (copies of the figures, [`ClassJob::new`])
//! when what it is built from changed (`super::state`), and takes in the
//! answer.

use std::time::Instant;

use engine::equity::{EquityRequest, SeatBreakdown, calculate};
use engine::study::{ClassRow, blockers, blockers_of_part, calls, class_table, group_rows};
use engine::worker::Job;
use engine::{Card, Range};

use super::rows::{Lookup, TableRow, class_rows, table_row};
use crate::gui::groups::figures::{GroupFigures, group_figures};
use crate::gui::state::background::Answers;
use crate::gui::state::blockers::ComboBlockers;
use crate::gui::state::feed::Feed;
use crate::gui::state::session::Session;

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
    /// The job of the selected seat of `session`, once `feed` has its
    /// per-combo figures: its range (on a line, what continues on the
    /// street shown) and groups, the board shown, session seat `other`'s
    /// figures for blockers (its group `strong_group` as its strong part),
    /// the break-even `price`, and with two other active seats or more the
    /// heads-up spots against each.
    pub fn new(
        session: &Session,
        feed: &Feed,
        other: Option<usize>,
        strong_group: Option<usize>,
        price: Option<f64>,
    ) -> Option<ClassJob> {
        let index = session.selected();
        let breakdown = feed.seat_breakdown(index)?;
        let seat = session.selected_seat();
        let range = feed
            .seat_line(index)
            .map_or(&seat.range, |(_, continuing, _)| continuing);
        Some(ClassJob {
            versus: versus_spots(session, feed),
            strong_group: other
                .zip(strong_group)
                .and_then(|(o, g)| group_shares(session, o, g)),
            range: range.clone(),
            groups: seat.groups.fitted(range),
            board: session.view_board().to_vec(),
            breakdown: breakdown.clone(),
            other: other.and_then(|o| {
                let name = session.seats().get(o)?.name.clone();
                Some((name, feed.seat_breakdown(o)?.clone()))
            }),
            price,
        })
    }

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
        let versus = self.versus_breakdowns(stale)?;
        let look = Lookup::new(&self.breakdown);
        let blockers = self.combo_blockers();
        let table = (self.board.len() >= 3)
            .then(|| class_table(&self.breakdown, &self.range, &self.board).ok())
            .flatten();
        let made_rows: Vec<ClassRow> = table.as_ref().map(|t| t.made.clone()).unwrap_or_default();
        let groups = group_rows(&self.breakdown, &self.range, &self.groups)
            .map(|rows| {
                rows.into_iter()
                    .map(|row| group_figures(row, &look, &self.range, &made_rows))
                    .collect()
            })
            .map_err(|e| e.to_string());
        let (made, draws) = table.map_or_else(Default::default, |t| (t.made, t.draws));
        let classes = class_rows(&look, &self.range);
        let shown = Shown {
            look: &look,
            job: &self,
            blockers: blockers.as_ref().map(|b| b.by_combo.as_slice()),
            versus: versus.iter().map(|b| b.as_ref().map(Lookup::new)).collect(),
        };
        let (made, draws, classes) = (shown.rows(made), shown.rows(draws), shown.rows(classes));
        let calls = self
            .price
            .map(|price| calls(&self.breakdown, &self.range, price));
        Some(ClassFigures {
            made,
            draws,
            classes,
            groups,
            calls,
            blockers,
            compute_ms: started.elapsed().as_secs_f64() * 1000.0,
            job: self,
        })
    }

    /// Each heads-up spot's per-combo figures for the seat (`None` where
    /// one cannot be counted: its column stays empty); `None` when `stale`
    /// says the job is outdated.
    fn versus_breakdowns(
        &self,
        stale: &(dyn Fn() -> bool + Sync),
    ) -> Option<Vec<Option<SeatBreakdown>>> {
        let mut versus = Vec::new();
        for (_, request) in &self.versus {
            let counted = calculate(request, stale, &mut |_| {});
            if stale() {
                return None;
            }
            versus.push(counted.ok().and_then(|r| r.breakdown.into_iter().next()));
        }
        Some(versus)
    }

    /// Each dealt combo's blocker effect against the other seat (its
    /// strong part one of its groups, or its top bucket), if there is one.
    fn combo_blockers(&self) -> Option<ComboBlockers> {
        let (name, other) = self.other.as_ref()?;
        let mut by_combo = vec![None; engine::combo::COMBOS];
        for c in self.breakdown.combos.iter().filter(|c| c.dealt) {
            by_combo[c.combo.index()] = Some(match &self.strong_group {
                Some((_, shares)) => blockers_of_part(c.combo, other, &|o| {
                    f64::from(shares.get(o.combo.index()).copied().unwrap_or(0.0))
                }),
                None => blockers(c.combo, other),
            });
        }
        Some(ComboBlockers {
            against: name.clone(),
            by_combo,
        })
    }
}

/// What turns the engine's rows into the rows shown.
struct Shown<'a> {
    /// The seat's per-combo figures.
    look: &'a Lookup<'a>,
    /// The job (its range and groups).
    job: &'a ClassJob,
    /// Per combo index, its blocker effect, with an other seat.
    blockers: Option<&'a [Option<engine::study::Blockers>]>,
    /// Each heads-up spot's per-combo figures, where counted.
    versus: Vec<Option<Lookup<'a>>>,
}

impl Shown<'_> {
    /// `rows` with their buckets, groups, blockers and equity against each
    /// other seat alone.
    fn rows(&self, rows: Vec<ClassRow>) -> Vec<TableRow> {
        rows.into_iter()
            .map(|row| {
                let mut shown = table_row(
                    row,
                    self.look,
                    &self.job.range,
                    &self.job.groups,
                    self.blockers,
                );
                shown.versus = self
                    .versus
                    .iter()
                    .map(|look| look.as_ref().and_then(|l| l.equity_of(&shown.row.hands)))
                    .collect();
                shown
            })
            .collect()
    }
}

/// Seat `seat`'s group `g` as a strong part: its name and, per combo
/// index, the share of the combo's weight in it; `None` when empty.
fn group_shares(session: &Session, seat: usize, g: usize) -> Option<(String, Vec<f32>)> {
    let s = session.seats().get(seat)?;
    let fitted = s.groups.fitted(&s.range);
    let (name, group) = fitted.get(g).filter(|(_, r)| !r.is_empty())?;
    let shares = engine::Combo::all()
        .map(|c| match s.range.weight_bp(c) {
            0 => 0.0,
            held => f32::from(group.weight_bp(c)) / f32::from(held),
        })
        .collect();
    Some((name.clone(), shares))
}

/// With two other active seats or more: each one's name and the heads-up
/// spot of the selected seat against it alone, on the street shown (the
/// ranges as the line leaves them), with per-combo figures.
fn versus_spots(session: &Session, feed: &Feed) -> Vec<(String, EquityRequest)> {
    let (job, indices) = session.equity_job(false);
    let spot = match feed.line() {
        Some(line) if line.request.seats.len() == indices.len() => line.request.clone(),
        _ => job.request,
    };
    let Some(me) = indices.iter().position(|&i| i == session.selected()) else {
        return Vec::new();
    };
    let others: Vec<usize> = (0..spot.seats.len())
        .filter(|&k| k != me && !spot.seats[k].folded)
        .collect();
    if others.len() < 2 || spot.seats[me].folded {
        return Vec::new();
    }
    others
        .into_iter()
        .map(|k| {
            let name = session.seats()[indices[k]].name.clone();
            let request = EquityRequest {
                seats: vec![spot.seats[me].clone(), spot.seats[k].clone()],
                breakdown: true,
                preview: false,
                ..spot.clone()
            };
            (name, request)
        })
        .collect()
}
