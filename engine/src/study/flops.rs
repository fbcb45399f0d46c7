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
//! (weighted or not) and any single hands, one pass over every five-card
//! board ([`Kernel::FlopPass`]). A flop's frequency is proportional to
//! the weight of the seat deals that leave its three cards in the deck
//! (every deal leaves as many cards, each flop of them as likely): the
//! total of the exact tally with that flop as the board, scaled back to
//! basis points, times the flops its class stands for. Each
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
//!
//! [`Kernel::FlopPass`]: crate::equity::strategy::Kernel::FlopPass

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::flop_classes::{self, FlopClass, Pairing, Suits, Texture};
use super::flop_counting::{RowSource, classes_that_come, flop_row};
use super::flop_odds::{self, FlopOdds};
use super::hits::FlopHits;
use crate::card::Card;
use crate::equity::error::EquityError;
use crate::equity::exact::flop_pass;
use crate::equity::plan::{self, FlopReportSpot};
use crate::equity::request::EquityRequest;
use crate::equity::setup::Setup;
use crate::equity::strategy::ReportStrategy;
use crate::range::Range;
use crate::threads;

pub use super::flop_rows::{FlopReport, FlopRow, flop_means};
use super::flop_rows::{method_of, with_frequencies};

/// How many flops are counted on their own before the one pass, so that
/// rows show at once (a fixed number: what streams first does not depend
/// on the machine).
pub(super) const HEAD_FLOPS: usize = 4;

/// Once the one pass is done, it stands for this share of the work.
const PASS_SHARE: f64 = 0.8;

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
            pass_first: false,
            line_pass: false,
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
        let progress = RowProgress {
            done: AtomicUsize::new(0),
            total: self.classes.len(),
            passed: AtomicBool::new(false),
            on_row,
            on_progress,
        };
        let run = || match strategy {
            ReportStrategy::OnePass { .. } => self.one_pass(&progress, cancel),
            ReportStrategy::EachExact { .. } => {
                self.each(&self.classes, RowSource::Counted, &progress, cancel)
            }
            ReportStrategy::EachSampled { std_error } => {
                let odds = FlopOdds::sample(&self.setup, flop_odds::DEALS, self.request.seed)?;
                let source = RowSource::Sampled(&odds, std_error);
                self.each(&self.classes, source, &progress, cancel)
            }
        };
        let rows = threads::run_on(self.request.threads, "rangestove-flops", run)??;
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

    /// The rows of `classes`, each from `source`, spread over the threads.
    fn each(
        &self,
        classes: &[FlopClass],
        source: RowSource<'_>,
        progress: &RowProgress<'_>,
        cancel: &(dyn Fn() -> bool + Sync),
    ) -> Result<Vec<Option<FlopRow>>, EquityError> {
        classes
            .par_iter()
            .map(|class| progress.emit(flop_row(self.request, &self.hits, class, source, cancel)))
            .collect()
    }

    /// Every row by the one pass: a few flops on their own first, so rows
    /// show at once; then one pass over every board for the rest, their
    /// rows finished from its sums.
    fn one_pass(
        &self,
        progress: &RowProgress<'_>,
        cancel: &(dyn Fn() -> bool + Sync),
    ) -> Result<Vec<Option<FlopRow>>, EquityError> {
        let classes = &self.classes;
        let (head, rest) = classes.split_at(classes.len().min(HEAD_FLOPS));
        let mut rows = self.each(head, RowSource::Counted, progress, cancel)?;
        let reps: Vec<[Card; 3]> = rest.iter().map(|c| c.flop).collect();
        let pass_progress = |swept: usize, boards: usize| {
            (progress.on_progress)(PASS_SHARE * swept as f64 / boards.max(1) as f64);
        };
        let sums = flop_pass::flop_pass(&self.setup, &self.perms, &reps, cancel, &pass_progress)?
            .ok_or(EquityError::BadSetting("the one pass does not apply"))?;
        // The rows left finish the rest.
        progress.passed.store(true, Ordering::Relaxed);
        let more = rest
            .par_iter()
            .enumerate()
            .map(|(i, class)| {
                let sums = sums.class(i);
                let source = RowSource::Passed(&sums, &self.setup);
                progress.emit(flop_row(self.request, &self.hits, class, source, cancel))
            })
            .collect::<Result<Vec<_>, EquityError>>()?;
        rows.extend(more);
        Ok(rows)
    }
}

/// A report's rows as they finish: each handed to the caller with the
/// count so far, and the share of the work done (the one pass, once
/// swept, stands for [`PASS_SHARE`] of it).
struct RowProgress<'a> {
    /// Rows finished, of `total`.
    done: AtomicUsize,
    total: usize,
    /// Whether the one pass has swept every board.
    passed: AtomicBool,
    on_row: &'a (dyn Fn(&FlopRow, usize, usize) + Sync),
    on_progress: &'a (dyn Fn(f64) + Sync),
}

impl RowProgress<'_> {
    /// Counts a finished row, hands it to the caller if it came, tells the
    /// progress, and passes it on.
    fn emit(
        &self,
        row: Result<Option<FlopRow>, EquityError>,
    ) -> Result<Option<FlopRow>, EquityError> {
        let n = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Ok(Some(row)) = &row {
            (self.on_row)(row, n, self.total);
        }
        let share = if self.passed.load(Ordering::Relaxed) {
            PASS_SHARE
        } else {
            0.0
        };
        (self.on_progress)(share + (1.0 - share) * n as f64 / self.total.max(1) as f64);
        row
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
