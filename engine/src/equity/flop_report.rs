//! The flop report: for a scenario with no board, every flop up to what
//! the scenario can tell apart ([`crate::analysis::flops`]), with its
//! frequency, each seat's equity on it, how each range hits it, where its
//! combos stand (equity buckets, nut share) and its texture
//! (docs/design.md §3.7).
//!
//! **Exact** (when the planner affords every flop within
//! [`FLOP_REPORT_EXACT_S`], or when asked): a flop's frequency is
//! proportional to the weight of the seat deals that leave its three cards
//! in the deck (every deal leaves as many cards, each flop of them as
//! likely): the total of the exact tally with that flop as the board,
//! scaled back to basis points, times the flops its class stands for. Each
//! row's figures are those [`calculate`](super::calculate) gives with the
//! flop as the board, to the last bit, and the frequency-weighted mean of a
//! seat's equity over the flops is its equity with no board.
//!
//! **Monte Carlo** (otherwise, or when asked): each flop is sampled to the
//! request's target standard error ([`FLOP_REPORT_STD_ERROR`] when it sets
//! none), and frequencies are estimated from sampled deals
//! ([`super::flop_odds`]).
//!
//! Flop classes are spread over the threads; each finished row is handed
//! to the caller as it comes.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use super::counted::{counted_on, finished, on_threads, setup_on};
use super::error::EquityError;
use super::exact::board_major;
use super::exact::flop_pass::{self, ClassSums};
use super::flop_odds::{self, FlopOdds};
use super::montecarlo;
use super::plan;
use super::request::{EquityRequest, Method};
use super::result::{EquityResult, MethodUsed, SeatBreakdown, SeatEquity};
use super::setup::Setup;
use super::strategy::{BoardKernel, Kernel, Strategy};
use crate::analysis::flops::{self, FlopClass, Pairing, Suits, Texture};
use crate::analysis::{BoardBreakdown, MadeHand};
use crate::card::Card;

/// [`Method::Auto`] counts every flop exactly when the planner's estimate
/// for all of them (on its reference of two threads, before the breakdown
/// buckets need) is at most this many seconds.
pub const FLOP_REPORT_EXACT_S: f64 = 60.0;

/// The standard error each seat's equity is sampled to on each flop when
/// the report is sampled and the request sets no target.
pub const FLOP_REPORT_STD_ERROR: f64 = 0.002;

/// The most deals a sampled flop runs (unless the request sets its own
/// trials) before its target standard error is met.
pub const FLOP_MAX_TRIALS: u64 = 20_000_000;

/// Lower edges of the equity buckets, strongest first: a combo with
/// equity at least 75% against the other seats, 50–75%, 25–50%, below 25%.
pub const BUCKET_EDGES: [f64; 4] = [0.75, 0.5, 0.25, 0.0];

/// One seat on one flop.
#[derive(Clone, Debug, PartialEq)]
pub struct FlopSeat {
    /// Equity, win and tie with this flop as the board (with standard
    /// errors when sampled).
    pub figures: SeatEquity,
    /// How its range hits the flop: each made-hand and draw row with a
    /// combo, by name, and its share of the seat's live weight.
    pub hits: Vec<(&'static str, f64)>,
    /// The share of its deal weight in each equity bucket
    /// ([`BUCKET_EDGES`]): where its combos stand against the other seats
    /// on this flop. They sum to 1.
    pub buckets: [f64; 4],
    /// The share of its live weight holding two pair or better.
    pub nut_share: f64,
}

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
    pub seats: Vec<FlopSeat>,
}

/// Every flop class of a scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct FlopReport {
    /// Per active seat: equity, win and tie averaged over the flops by
    /// frequency.
    pub seats: Vec<(f64, f64, f64)>,
    /// One row per flop class that can come, by representative mask.
    pub flops: Vec<FlopRow>,
    /// Exact counting, or sampling (figures with standard errors and
    /// frequencies estimated).
    pub method: MethodUsed,
    /// How many flops it has classes for (the counts' sum).
    pub flop_count: u32,
    /// Time taken.
    pub elapsed_ms: f64,
}

/// The flop report of `request` (no board; active and folded seats, dead
/// cards; its method, target standard error, seed and threads). `cancel`
/// is polled between flops; `on_row(row, done, total)` is called as each
/// flop class finishes (from the worker threads, in no set order).
pub fn flop_report(
    request: &EquityRequest,
    cancel: &(dyn Fn() -> bool + Sync),
    on_row: &(dyn Fn(&FlopRow, usize, usize) + Sync),
) -> Result<FlopReport, EquityError> {
    report_with(request, cancel, on_row, &|_| {}, true)
}

/// [`flop_report`], also calling `on_progress(fraction)` (0..=1) as the
/// work goes on, rows or not: the one pass over every board (two seats of
/// uniform weight) finishes every flop at once, after most of the work.
pub fn flop_report_with_progress(
    request: &EquityRequest,
    cancel: &(dyn Fn() -> bool + Sync),
    on_row: &(dyn Fn(&FlopRow, usize, usize) + Sync),
    on_progress: &(dyn Fn(f64) + Sync),
) -> Result<FlopReport, EquityError> {
    report_with(request, cancel, on_row, on_progress, true)
}

/// [`flop_report`], with or without the one pass over every board where
/// it applies (`one_pass`; without, every class is counted on its own:
/// the tests compare the two).
pub(crate) fn report_with(
    request: &EquityRequest,
    cancel: &(dyn Fn() -> bool + Sync),
    on_row: &(dyn Fn(&FlopRow, usize, usize) + Sync),
    on_progress: &(dyn Fn(f64) + Sync),
    one_pass: bool,
) -> Result<FlopReport, EquityError> {
    let start = Instant::now();
    if !request.board.is_empty() {
        return Err(EquityError::FlopReportBoard(request.board.len()));
    }
    // Validates ranges and dead cards as the spot stands.
    let setup = Setup::new(request)?;
    let ranges: Vec<&crate::range::Range> = request.seats.iter().map(|s| &s.range).collect();
    let classes = flops::classes(&ranges, request.dead);
    let flop_count = classes.iter().map(|c| c.count).sum();
    let done = AtomicUsize::new(0);
    let total = classes.len();
    // Once the one pass is done, it stands for this share of the work.
    const PASS_SHARE: f64 = 0.8;
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
    let run = || {
        let method = report_method(request, &classes)?;
        if method == MethodUsed::Exact && one_pass && flop_pass::applies(&setup) {
            // A few flops on their own first, so rows show at once; then
            // one pass over every board for the rest.
            let first = classes.len().min(2 * rayon::current_num_threads());
            let (head, rest) = classes.split_at(first);
            let mut rows = head
                .par_iter()
                .map(|class| emit(flop_row(request, class, How::Counted, cancel)))
                .collect::<Result<Vec<_>, EquityError>>()?;
            let perms = flops::stabiliser(&ranges, request.dead);
            let reps: Vec<[Card; 3]> = rest.iter().map(|c| c.flop).collect();
            let pass_progress = |swept: usize, boards: usize| {
                on_progress(PASS_SHARE * swept as f64 / boards.max(1) as f64);
            };
            if let Some(sums) = flop_pass::flop_pass(&setup, &perms, &reps, cancel, &pass_progress)?
            {
                // The rows left finish the rest.
                passed.store(true, Ordering::Relaxed);
                let more = rest
                    .par_iter()
                    .zip(&sums)
                    .map(|(class, sums)| emit(flop_row(request, class, How::Passed(sums), cancel)))
                    .collect::<Result<Vec<_>, EquityError>>()?;
                rows.extend(more);
                return Ok((method, rows));
            }
        }
        let odds = match method {
            MethodUsed::MonteCarlo => {
                Some(FlopOdds::sample(&setup, flop_odds::DEALS, request.seed)?)
            }
            _ => None,
        };
        let how = odds.as_ref().map_or(How::Counted, How::Sampled);
        let rows = classes
            .par_iter()
            .map(|class| emit(flop_row(request, class, how, cancel)))
            .collect::<Result<Vec<_>, EquityError>>()?;
        Ok::<_, EquityError>((method, rows))
    };
    let (method, rows) = on_threads(request.threads, "rangestove-flops", run)??;
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
    let seats = flop_means(&flops);
    Ok(FlopReport {
        seats,
        flops,
        method,
        flop_count,
        elapsed_ms: start.elapsed().as_secs_f64() * 1000.0,
    })
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

/// Exact or sampled: as asked, and for [`Method::Auto`] exact when a
/// typical flop's exact estimate times the classes fits
/// [`FLOP_REPORT_EXACT_S`] and exact counting can run on it.
fn report_method(
    request: &EquityRequest,
    classes: &[FlopClass],
) -> Result<MethodUsed, EquityError> {
    match request.method {
        Method::Exact => return Ok(MethodUsed::Exact),
        Method::MonteCarlo => return Ok(MethodUsed::MonteCarlo),
        Method::Auto => {}
    }
    // A rainbow unpaired flop where a deal is possible: the most common
    // kind, and among the costliest (no card pairs, so most combos live).
    let typical = classes
        .iter()
        .filter(|c| {
            let t = Texture::of(&c.flop);
            t.suits == Suits::Rainbow && t.pairing == Pairing::Unpaired
        })
        .chain(classes)
        .find_map(|c| {
            let with = EquityRequest {
                board: c.flop.to_vec(),
                ..request.clone()
            };
            Setup::new(&with).ok()
        });
    let Some(setup) = typical else {
        return Err(EquityError::NoFeasibleDeal);
    };
    let cost = plan::exact_cost(&setup);
    let all_s = cost.reference_s() * classes.len() as f64;
    Ok(
        if cost.refusal().is_none() && all_s <= FLOP_REPORT_EXACT_S {
            MethodUsed::Exact
        } else {
            MethodUsed::MonteCarlo
        },
    )
}

/// One class's row, or `None` when no deal leaves the flop. With `odds`
/// the flop is sampled, else counted exactly.
fn flop_row(
    request: &EquityRequest,
    class: &FlopClass,
    how: How<'_>,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Option<FlopRow>, EquityError> {
    let flop = class.flop;
    let counted = match how {
        How::Counted => counted_on(request, flop.to_vec(), true, cancel)?,
        How::Passed(sums) => passed_on(request, flop, sums)?,
        How::Sampled(odds) => sampled_on(request, flop, cancel)?.map(|r| (odds.left(&flop), r)),
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
            let (hits, nut_share) = hits(range, &flop, request.dead);
            FlopSeat {
                figures,
                hits,
                buckets: buckets(breakdown),
                nut_share,
            }
        })
        .collect();
    Ok(Some(FlopRow {
        flop,
        count: class.count,
        weight: weight * f64::from(class.count),
        frequency: 0.0,
        texture: Texture::of(&flop),
        seats,
    }))
}

/// How a row's figures are found.
#[derive(Clone, Copy)]
enum How<'a> {
    /// The flop counted exactly on its own.
    Counted,
    /// From the one pass's sums for its class.
    Passed(&'a ClassSums),
    /// Sampled, with frequencies from sampled deals.
    Sampled(&'a FlopOdds),
}

/// `request` with `flop` as its board, finished from the one pass's `sums`
/// for its class as the two-range sweep would finish its own (`None` when
/// no deal is possible with that flop).
fn passed_on(
    request: &EquityRequest,
    flop: [Card; 3],
    sums: &ClassSums,
) -> Result<Option<(f64, EquityResult)>, EquityError> {
    let with = EquityRequest {
        board: flop.to_vec(),
        method: Method::Exact,
        breakdown: true,
        ..request.clone()
    };
    let Some(setup) = setup_on(&with)? else {
        return Ok(None);
    };
    let tally = board_major::sweep_tally(&setup, &sums.sets, sums.deals, &|a, combo| {
        sums.combos[a]
            .get(&(combo.index() as u16))
            .copied()
            .unwrap_or([0; 4])
    });
    let strategy = Strategy::Exact {
        kernel: Kernel::BoardMajor(BoardKernel::Sweep),
        estimate_s: 0.0,
    };
    Ok(Some(finished(&setup, &tally, strategy, Instant::now())))
}

/// `request` sampled with `flop` as its board to the target standard error,
/// with a breakdown; `None` when no deal is possible with that flop.
fn sampled_on(
    request: &EquityRequest,
    flop: [Card; 3],
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Option<EquityResult>, EquityError> {
    let mask = flop.iter().fold(0u64, |m, c| m | c.bit());
    let with = EquityRequest {
        board: flop.to_vec(),
        method: Method::MonteCarlo,
        target_std_error: Some(request.target_std_error.unwrap_or(FLOP_REPORT_STD_ERROR)),
        trials: Some(request.trials.unwrap_or(FLOP_MAX_TRIALS)),
        // Each flop its own stream, the same whatever order flops run in.
        seed: request.seed ^ mask.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        threads: None,
        preview: false,
        breakdown: true,
        ..request.clone()
    };
    let Some(setup) = setup_on(&with)? else {
        return Ok(None);
    };
    // As `calculate` samples it (here, without a module cycle).
    let sampling = plan::plan(&setup, &with)?
        .sampling
        .ok_or(EquityError::BadSetting("no sampling plan"))?;
    montecarlo::run(&setup, &with, sampling, Instant::now(), cancel, &mut |_| {}).map(Some)
}

/// The hit shares (made hands and draws with a combo, by name) and the
/// nut share (two pair or better) of `range` on `flop`.
fn hits(
    range: &crate::range::Range,
    flop: &[Card; 3],
    dead: crate::card::CardSet,
) -> (Vec<(&'static str, f64)>, f64) {
    match BoardBreakdown::new(range, flop, dead) {
        Ok(b) if b.total > 0.0 => {
            let made = b.made.iter().map(|r| (r.what.name(), r.weight));
            let draws = b.draws.iter().map(|r| (r.what.name(), r.weight));
            let hits = made
                .chain(draws)
                .filter(|&(_, w)| w > 0.0)
                .map(|(name, w)| (name, w / b.total))
                .collect();
            let nuts: f64 = (b.made.iter())
                .filter(|r| r.what <= MadeHand::TwoPair)
                .map(|r| r.weight)
                .sum();
            (hits, nuts / b.total)
        }
        _ => (Vec::new(), 0.0),
    }
}

/// The share of a seat's deal weight whose combo's equity falls in each
/// bucket of [`BUCKET_EDGES`].
fn buckets(breakdown: &SeatBreakdown) -> [f64; 4] {
    let mut shares = [0.0; 4];
    for combo in &breakdown.combos {
        let bucket = BUCKET_EDGES
            .iter()
            .position(|&edge| combo.equity >= edge)
            .unwrap_or(3);
        shares[bucket] += combo.frequency;
    }
    let total: f64 = shares.iter().sum();
    if total > 0.0 {
        shares.iter_mut().for_each(|s| *s /= total);
    }
    shares
}
