//! The flop report: for a scenario with no board, every flop up to what
//! the scenario can tell apart ([`flop_classes`]), with its
//! frequency, each seat's equity on it, how each range hits it, where its
//! combos stand (equity buckets, nut share) and its texture
//! (docs/design.md §3.7).
//!
//! The planner decides how (`plan::flop_report`, a [`ReportStrategy`]).
//!
//! **Exact** (when the planner affords every flop within
//! [`FLOP_REPORT_EXACT_S`](crate::equity::FLOP_REPORT_EXACT_S), or when asked):
//! each flop counted on its own, or, for one to three ranged seats
//! (weighted or not) and any single hands, one
//! pass over every five-card board ([`Kernel::FlopPass`]). A flop's frequency is
//! proportional to the weight of the seat deals that leave its three cards
//! in the deck (every deal leaves as many cards, each flop of them as
//! likely): the total of the exact tally with that flop as the board,
//! scaled back to basis points, times the flops its class stands for. Each
//! row's figures are those [`calculate`](crate::equity::calculate) gives with the
//! flop as the board, to the last bit, and the frequency-weighted mean of a
//! seat's equity over the flops is its equity with no board.
//!
//! **Monte Carlo** (otherwise, or when asked): each flop is sampled to the
//! request's target standard error
//! ([`FLOP_REPORT_STD_ERROR`](crate::equity::FLOP_REPORT_STD_ERROR) when it sets
//! none), and frequencies are estimated from sampled deals (`flop_odds`).
//!
//! Flop classes are spread over the threads; each finished row is handed
//! to the caller as it comes.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::flop_classes::{self, FlopClass, Pairing, Suits, Texture};
use super::flop_odds::{self, FlopOdds};
use super::hits::{BoardSeat, FlopHits};
use super::on_board::{exact_on_board, finish_exact, sampled_on_board, setup_on_board};
use crate::card::Card;
use crate::equity::error::EquityError;
use crate::equity::exact::board_major;
use crate::equity::exact::flop_pass::{self, ClassSums};
use crate::equity::plan::{self, FlopReportSpot};
use crate::equity::request::{EquityRequest, Method};
use crate::equity::result::{EquityResult, MethodUsed, SeatEquity};
use crate::equity::setup::Setup;
use crate::equity::strategy::{Kernel, ReportStrategy, Strategy};
use crate::range::Range;
use crate::threads;

/// How many flops are counted on their own before the one pass, so that
/// rows show at once (a fixed number: what streams first does not depend
/// on the machine).
const HEAD_FLOPS: usize = 4;

/// Once the one pass is done, it stands for this share of the work.
const PASS_SHARE: f64 = 0.8;

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

/// The flop report of `request` (no board; active and folded seats, dead
/// cards; its method, target standard error, seed and threads). `cancel`
/// is polled between flops; `on_row(row, done, total)` is called as each
/// flop class finishes (from the worker threads, in no set order): `total`
/// is the classes that can come, the rows the report ends with.
pub fn flop_report(
    request: &EquityRequest,
    cancel: &(dyn Fn() -> bool + Sync),
    on_row: &(dyn Fn(&FlopRow, usize, usize) + Sync),
) -> Result<FlopReport, EquityError> {
    planned(request, cancel, on_row, &|_| {})
}

/// [`flop_report`], also calling `on_progress(fraction)` (0..=1) as the
/// work goes on, rows or not: the one pass over every board (one to three
/// ranged seats)
/// finishes every flop at once, after most of the work.
pub fn flop_report_with_progress(
    request: &EquityRequest,
    cancel: &(dyn Fn() -> bool + Sync),
    on_row: &(dyn Fn(&FlopRow, usize, usize) + Sync),
    on_progress: &(dyn Fn(f64) + Sync),
) -> Result<FlopReport, EquityError> {
    planned(request, cancel, on_row, on_progress)
}

/// The report of `request` as the planner decides it (`plan::flop_report`).
fn planned(
    request: &EquityRequest,
    cancel: &(dyn Fn() -> bool + Sync),
    on_row: &(dyn Fn(&FlopRow, usize, usize) + Sync),
    on_progress: &(dyn Fn(f64) + Sync),
) -> Result<FlopReport, EquityError> {
    let start = Instant::now();
    let spot = Spot::new(request)?;
    let strategy = spot.plan()?;
    spot.run(strategy, start, cancel, on_row, on_progress)
}

/// How [`flop_report`] would compute the report of `request`: the
/// planner's decision and its estimate, without counting anything.
pub fn flop_report_strategy(request: &EquityRequest) -> Result<ReportStrategy, EquityError> {
    Spot::new(request)?.plan()
}

/// The report of `request` computed by `strategy`, whatever the planner
/// would choose (the tests compare the one pass with counting each flop).
pub(crate) fn with_strategy(
    request: &EquityRequest,
    strategy: ReportStrategy,
) -> Result<FlopReport, EquityError> {
    let start = Instant::now();
    Spot::new(request)?.run(strategy, start, &|| false, &|_, _, _| {}, &|_| {})
}

/// The rows of every `nth` flop class of `request` (the first, the
/// `nth + 1`-th, …), each counted on its own: what the tests compare the
/// one pass with where counting every class would take minutes.
/// Frequencies are among these rows only.
pub(crate) fn each_nth(request: &EquityRequest, nth: usize) -> Result<FlopReport, EquityError> {
    let start = Instant::now();
    let mut spot = Spot::new(request)?;
    let mut i = 0;
    spot.classes.retain(|_| {
        i += 1;
        (i - 1) % nth.max(1) == 0
    });
    let strategy = ReportStrategy::EachExact { estimate_s: 0.0 };
    spot.run(strategy, start, &|| false, &|_, _, _| {}, &|_| {})
}

/// A flop report's spot: the request, validated, its flop classes and the
/// suit permutations that fix it.
struct Spot<'a> {
    request: &'a EquityRequest,
    setup: Setup,
    classes: Vec<FlopClass>,
    perms: Vec<crate::symmetry::SuitPerm>,
    /// Each seat's hits, found once per flop its range tells apart.
    hits: FlopHits,
}

impl<'a> Spot<'a> {
    fn new(request: &'a EquityRequest) -> Result<Spot<'a>, EquityError> {
        if !request.board.is_empty() {
            return Err(EquityError::FlopReportBoard(request.board.len()));
        }
        // Validates ranges and dead cards as the spot stands.
        let setup = Setup::new(request)?;
        let ranges: Vec<&Range> = request.seats.iter().map(|s| &s.range).collect();
        let classes = classes_that_come(request, &ranges);
        let flops: Vec<[Card; 3]> = classes.iter().map(|c| c.flop).collect();
        Ok(Spot {
            request,
            setup,
            hits: FlopHits::new(request, &flops),
            classes,
            perms: flop_classes::stabiliser(&ranges, request.dead),
        })
    }

    /// The planner's decision for the report (`plan::flop_report`).
    fn plan(&self) -> Result<ReportStrategy, EquityError> {
        let typical = self.typical_flop();
        plan::flop_report(&FlopReportSpot {
            request: self.request,
            setup: &self.setup,
            typical: typical.as_ref(),
            classes: self.classes.len(),
            symmetries: self.perms.len(),
            one_pass: true,
            counts: 1,
        })
    }

    /// The spot on a typical flop where a deal is possible: rainbow and
    /// unpaired if one can come (the most common kind, and among the
    /// costliest: no card pairs, so most combos live), else any.
    fn typical_flop(&self) -> Option<Setup> {
        typical_flop(self.request, &self.classes)
    }

    /// Every row by `strategy`, on the request's threads.
    fn run(
        &self,
        strategy: ReportStrategy,
        start: Instant,
        cancel: &(dyn Fn() -> bool + Sync),
        on_row: &(dyn Fn(&FlopRow, usize, usize) + Sync),
        on_progress: &(dyn Fn(f64) + Sync),
    ) -> Result<FlopReport, EquityError> {
        let request = self.request;
        let classes = &self.classes;
        let done = AtomicUsize::new(0);
        let total = classes.len();
        let passed = AtomicBool::new(false);
        let emit = |row: Result<Option<FlopRow>, EquityError>| {
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Ok(Some(row)) = &row {
                on_row(row, n, total);
            }
            let share = if passed.load(Ordering::Relaxed) {
                PASS_SHARE
            } else {
                0.0
            };
            on_progress(share + (1.0 - share) * n as f64 / total.max(1) as f64);
            row
        };
        let each = |source: RowSource<'_>| {
            classes
                .par_iter()
                .map(|class| emit(flop_row(request, &self.hits, class, source, cancel)))
                .collect::<Result<Vec<_>, EquityError>>()
        };
        let run = || match strategy {
            ReportStrategy::OnePass { estimate_s } => {
                // A few flops on their own first, so rows show at once; then
                // one pass over every board for the rest.
                let (head, rest) = classes.split_at(classes.len().min(HEAD_FLOPS));
                let mut rows = head
                    .par_iter()
                    .map(|class| {
                        emit(flop_row(
                            request,
                            &self.hits,
                            class,
                            RowSource::Counted,
                            cancel,
                        ))
                    })
                    .collect::<Result<Vec<_>, EquityError>>()?;
                let reps: Vec<[Card; 3]> = rest.iter().map(|c| c.flop).collect();
                let pass_progress = |swept: usize, boards: usize| {
                    on_progress(PASS_SHARE * swept as f64 / boards.max(1) as f64);
                };
                let sums =
                    flop_pass::flop_pass(&self.setup, &self.perms, &reps, cancel, &pass_progress)?
                        .ok_or(EquityError::BadSetting("the one pass does not apply"))?;
                // The rows left finish the rest.
                passed.store(true, Ordering::Relaxed);
                let pass = Strategy::Exact {
                    kernel: Kernel::FlopPass,
                    estimate_s,
                };
                let more = rest
                    .par_iter()
                    .enumerate()
                    .map(|(i, class)| {
                        let sums = sums.class(i);
                        let source = RowSource::Passed(&sums, pass);
                        emit(flop_row(request, &self.hits, class, source, cancel))
                    })
                    .collect::<Result<Vec<_>, EquityError>>()?;
                rows.extend(more);
                Ok(rows)
            }
            ReportStrategy::EachExact { .. } => each(RowSource::Counted),
            ReportStrategy::EachSampled { std_error } => {
                let odds = FlopOdds::sample(&self.setup, flop_odds::DEALS, request.seed)?;
                each(RowSource::Sampled(&odds, std_error))
            }
        };
        let rows = threads::run_on(request.threads, "rangestove-flops", run)??;
        let flops = with_frequencies(rows);
        let seats = flop_means(&flops);
        let flop_count = flops.iter().map(|row| row.count).sum();
        Ok(FlopReport {
            strategy,
            continues: vec![None; seats.len()],
            reach: 1.0,
            seats,
            flops,
            method: method_of(strategy),
            flop_count,
            elapsed_ms: start.elapsed().as_secs_f64() * 1000.0,
        })
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

/// `request` (no board) on a typical flop of `classes` where a deal is
/// possible: rainbow and unpaired if one can come (the most common kind,
/// and among the costliest: no card pairs, so most combos live), else any;
/// with the per-combo breakdown the rows' buckets and hits come from, as
/// the rows are counted. What the planner prices a report by.
pub(super) fn typical_flop(request: &EquityRequest, classes: &[FlopClass]) -> Option<Setup> {
    let rainbow = classes.iter().filter(|c| {
        let t = Texture::of(&c.flop);
        t.suits == Suits::Rainbow && t.pairing == Pairing::Unpaired
    });
    rainbow.chain(classes).find_map(|c| {
        let with = EquityRequest {
            board: c.flop.to_vec(),
            breakdown: true,
            ..request.clone()
        };
        Setup::new(&with).ok()
    })
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

/// One class's row, or `None` when no deal leaves the flop.
fn flop_row(
    request: &EquityRequest,
    hits: &FlopHits,
    class: &FlopClass,
    source: RowSource<'_>,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Option<FlopRow>, EquityError> {
    let flop = class.flop;
    let counted = match source {
        RowSource::Counted => exact_on_board(request, flop.to_vec(), true, cancel)?,
        RowSource::Passed(sums, pass) => passed_on(request, flop, sums, pass)?,
        RowSource::Sampled(odds, std_error) => {
            sampled_on_board(request, flop.to_vec(), std_error, true, cancel)?
                .map(|r| (odds.left(&flop), r))
        }
    };
    let Some((weight, result)) = counted else {
        return Ok(None);
    };
    let seats = result
        .seats
        .iter()
        .zip(&result.breakdown)
        .map(|(&figures, breakdown)| {
            let range = &request.seats[figures.seat].range;
            BoardSeat::with_hits(figures, breakdown, &hits.hits(figures.seat, range, &flop))
        })
        .collect();
    Ok(Some(FlopRow::of_class(class, weight, seats, 1.0)))
}

/// The flop classes of `request` (no board) under the suit permutations
/// that keep `ranges` and the dead cards, those that can come only: each
/// is a row, so the classes counted while a report runs are those it ends
/// with.
pub(super) fn classes_that_come(request: &EquityRequest, ranges: &[&Range]) -> Vec<FlopClass> {
    let mut with = request.clone();
    flop_classes::classes(ranges, request.dead)
        .into_iter()
        .filter(|class| {
            with.board.clear();
            with.board.extend(class.flop);
            can_come(&with)
        })
        .collect()
}

/// Whether some deal is possible with `with`'s board (the setup of a board
/// no deal allows fails, as the board's row would find). Other errors are
/// left to the row, which reports them.
fn can_come(with: &EquityRequest) -> bool {
    !matches!(setup_on_board(with), Ok(None))
}

/// Where a row's figures come from.
#[derive(Clone, Copy)]
enum RowSource<'a> {
    /// The flop counted exactly on its own.
    Counted,
    /// The one pass's sums for its class (the pass's strategy to report).
    Passed(&'a ClassSums, Strategy),
    /// Sampled to a standard error, with frequencies from sampled deals.
    Sampled(&'a FlopOdds, f64),
}

/// `request` with `flop` as its board, finished from the one pass's `sums`
/// for its class as the two-range sweep would finish its own (`None` when
/// no deal is possible with that flop).
fn passed_on(
    request: &EquityRequest,
    flop: [Card; 3],
    sums: &ClassSums,
    pass: Strategy,
) -> Result<Option<(f64, EquityResult)>, EquityError> {
    let with = EquityRequest {
        board: flop.to_vec(),
        method: Method::Exact,
        breakdown: true,
        ..request.clone()
    };
    let Some(setup) = setup_on_board(&with)? else {
        return Ok(None);
    };
    // The flop's own weights (a flop that removes combos may leave a seat
    // a larger gcd of weights than the pass divided by).
    let divisors: Vec<u64> = setup.seats.iter().map(|s| s.divisor).collect();
    let rescaled;
    let sums = if divisors == sums.divisors {
        sums
    } else {
        rescaled = {
            let mut sums = sums.clone();
            sums.rescale(&divisors);
            sums
        };
        &rescaled
    };
    let tally = board_major::sweep_tally(&setup, &sums.sets, sums.deals, &|a, combo| {
        sums.combos[a][combo.index()]
    });
    Ok(Some(finish_exact(&setup, &tally, pass, Instant::now())))
}
