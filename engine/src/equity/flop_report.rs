//! The flop report: for a scenario with no board, every flop up to what
//! the scenario can tell apart ([`crate::analysis::flops`]), with its
//! frequency, each seat's exact equity on it, how each range hits it and
//! its texture (docs/design.md §3.7).
//!
//! A flop's frequency is proportional to the weight of the seat deals that
//! leave its three cards in the deck (every deal leaves as many cards, each
//! flop of them as likely): the total of the exact tally with that flop as
//! the board, scaled back to basis points, times the flops its class stands
//! for. Each row's figures are those [`calculate`](super::calculate) gives
//! with the flop as the board, to the last bit. The frequency-weighted mean
//! of a seat's equity over the flops is its equity with no board.
//!
//! This version counts every flop class on its own, exactly (a spot the
//! exact kernels refuse on a flop fails the report with that reason);
//! flops are spread over the threads.

use std::time::Instant;

use rayon::prelude::*;

use super::counted::{counted_on, on_threads};
use super::error::EquityError;
use super::request::EquityRequest;
use super::result::SeatEquity;
use super::setup::Setup;
use crate::analysis::flops::{self, Texture};
use crate::analysis::{BoardBreakdown, MadeHand};
use crate::card::Card;

/// One seat on one flop.
#[derive(Clone, Debug, PartialEq)]
pub struct FlopSeat {
    /// Equity, win and tie with this flop as the board.
    pub figures: SeatEquity,
    /// How its range hits the flop: each made-hand and draw row with a
    /// combo, by name, and its share of the seat's live weight.
    pub hits: Vec<(&'static str, f64)>,
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
    /// The probability that a flop of this class comes, given the ranges.
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
    /// Time taken.
    pub elapsed_ms: f64,
}

/// The flop report of `request` (no board; active and folded seats, dead
/// cards). `cancel` is polled between flops; `progress(done, total)` is
/// called as flops finish (from the worker threads).
pub fn flop_report(
    request: &EquityRequest,
    cancel: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<FlopReport, EquityError> {
    let start = Instant::now();
    if !request.board.is_empty() {
        return Err(EquityError::FlopReportBoard(request.board.len()));
    }
    // Validates ranges and dead cards as the spot stands.
    Setup::new(request)?;
    let ranges: Vec<&crate::range::Range> = request.seats.iter().map(|s| &s.range).collect();
    let classes = flops::classes(&ranges, request.dead);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let total = classes.len();
    let run = || {
        classes
            .par_iter()
            .map(|class| {
                let row = flop_row(request, class.flop, class.count, cancel);
                let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress(n, total);
                row
            })
            .collect::<Result<Vec<_>, _>>()
    };
    let rows = on_threads(request.threads, "rangestove-flops", run)??;
    let weight: f64 = rows.iter().flatten().map(|(w, _)| w).sum();
    let mut flops: Vec<FlopRow> = rows
        .into_iter()
        .flatten()
        .map(|(w, mut row)| {
            row.frequency = w / weight;
            row
        })
        .collect();
    flops.shrink_to_fit();
    let n = flops.first().map_or(0, |f| f.seats.len());
    let seats = (0..n)
        .map(|i| {
            let mean = |f: &dyn Fn(&SeatEquity) -> f64| {
                flops
                    .iter()
                    .map(|row| row.frequency * f(&row.seats[i].figures))
                    .sum::<f64>()
            };
            (mean(&|s| s.equity), mean(&|s| s.win), mean(&|s| s.tie))
        })
        .collect();
    Ok(FlopReport {
        seats,
        flops,
        elapsed_ms: start.elapsed().as_secs_f64() * 1000.0,
    })
}

/// One class's row and its weight (the class's deal weight in basis points
/// times its count, up to a factor common to every flop), or `None` when no
/// deal leaves the flop.
fn flop_row(
    request: &EquityRequest,
    flop: [Card; 3],
    count: u32,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Option<(f64, FlopRow)>, EquityError> {
    let Some((weight, seats)) = counted_on(request, flop.to_vec(), cancel)? else {
        return Ok(None);
    };
    let weight = weight * f64::from(count);
    let seats = seats
        .into_iter()
        .map(|figures| {
            let range = &request.seats[figures.seat].range;
            let (hits, nut_share) = match BoardBreakdown::new(range, &flop, request.dead) {
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
            };
            FlopSeat {
                figures,
                hits,
                nut_share,
            }
        })
        .collect();
    Ok(Some((
        weight,
        FlopRow {
            flop,
            count,
            frequency: 0.0,
            texture: Texture::of(&flop),
            seats,
        },
    )))
}
