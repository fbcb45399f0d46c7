//! One flop class's row of a flop report: its flop counted exactly on
//! its own, finished from the one pass's sums for its class, or sampled;
//! and the classes that can come at all.

use std::time::Instant;

use rayon::prelude::*;

use super::flop_classes::{self, FlopClass};
use super::flop_odds::FlopOdds;
use super::flop_rows::FlopRow;
use super::hits::{BoardSeat, FlopHits, breakdown_buckets, buckets};
use super::on_board::{
    deal_weight, exact_on_board, finish_exact, possible, sampled_on_board, setup_on_board,
};
use crate::card::Card;
use crate::equity::breakdown::combo_equities;
use crate::equity::error::EquityError;
use crate::equity::exact::board_major;
use crate::equity::exact::flop_pass::ClassSums;
use crate::equity::greedy_deal;
use crate::equity::request::EquityRequest;
use crate::equity::result::{EquityResult, SeatEquity};
use crate::equity::setup::Setup;
use crate::equity::strategy::Strategy;
use crate::equity::tally::Tally;
use crate::range::Range;

/// One class's row, or `None` when no deal leaves the flop.
pub(super) fn flop_row(
    request: &EquityRequest,
    hits: &FlopHits,
    class: &FlopClass,
    source: RowSource<'_>,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Option<FlopRow>, EquityError> {
    let flop = class.flop;
    let counted = match source {
        RowSource::Counted => exact_on_board(request, flop.to_vec(), true, cancel)?.map(of_result),
        RowSource::Passed(sums, base) => passed_row(request, base, flop, sums)?,
        RowSource::Sampled(odds, std_error) => {
            sampled_on_board(request, flop.to_vec(), std_error, true, cancel)?
                .map(|r| of_result((odds.left(&flop), r)))
        }
    };
    let Some((weight, seats)) = counted else {
        return Ok(None);
    };
    let seats = (seats.into_iter())
        .map(|(figures, buckets)| {
            let range = &request.seats[figures.seat].range;
            let hits = hits.hits(figures.seat, range, &flop);
            BoardSeat::with_hits(figures, buckets, &hits)
        })
        .collect();
    Ok(Some(FlopRow::of_class(class, weight, seats, 1.0)))
}

/// What a row needs of a flop's count: the weight of its deals, and each
/// active seat's figures with its buckets.
type RowCount = (f64, Vec<(SeatEquity, [f64; 4])>);

/// A row's count from the flop's `result` (with its breakdown) and the
/// weight of its deals.
fn of_result((weight, result): (f64, EquityResult)) -> RowCount {
    let seats = (result.seats.iter().zip(&result.breakdown))
        .map(|(&figures, breakdown)| (figures, breakdown_buckets(breakdown)))
        .collect();
    (weight, seats)
}

/// The flop classes of `request` (no board) under the suit permutations
/// that keep `ranges` and the dead cards, those that can come only: each
/// is a row, so the classes counted while a report runs are those it ends
/// with.
///
/// A class comes where a greedy deal is found ([`greedy_deal`]); the
/// others' setups are made on the pool's threads (thousands of them would
/// be, before any row can be counted).
pub(super) fn classes_that_come(request: &EquityRequest, ranges: &[&Range]) -> Vec<FlopClass> {
    let classes = flop_classes::classes(ranges, request.dead);
    let seats = seat_combos(request);
    let masks: Vec<&[u64]> = seats.iter().map(Vec::as_slice).collect();
    let come: Vec<bool> = (classes.par_iter())
        .map_init(
            || request.clone(),
            |with, class| {
                // A deal found at once settles the flop without the setup
                // `can_come` makes for it (`flops AhKh 15%`: 13–23 ms
                // before any row, 3 ms with it); else the setup decides.
                let flop = class.flop.iter().fold(0u64, |m, c| m | c.bit());
                if greedy_deal(&masks, flop) {
                    return true;
                }
                with.board.clear();
                with.board.extend(class.flop);
                can_come(with)
            },
        )
        .collect();
    (classes.into_iter().zip(come))
        .filter_map(|(class, comes)| comes.then_some(class))
        .collect()
}

/// Each seat's combos in its range (weight above zero) free of the dead
/// cards, as card masks.
fn seat_combos(request: &EquityRequest) -> Vec<Vec<u64>> {
    let dead = request.dead.bits();
    (request.seats.iter())
        .map(|seat| {
            (seat.range.combos())
                .map(|(combo, _)| combo.mask().bits())
                .filter(|&mask| mask & dead == 0)
                .collect()
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
pub(super) enum RowSource<'a> {
    /// The flop counted exactly on its own.
    Counted,
    /// The one pass's sums for its class, and the spot's setup (with no
    /// board) that the flop's is made from.
    Passed(&'a ClassSums, &'a Setup),
    /// Sampled to a standard error, with frequencies from sampled deals.
    Sampled(&'a FlopOdds, f64),
}

/// `request` with `flop` as its board, finished from the one pass's `sums`
/// for its class as the two-range sweep would finish its own (`None` when
/// no deal is possible with that flop); its setup made from `base`, the
/// request's with no board, where given.
pub(super) fn passed_on(
    (request, base): (&EquityRequest, Option<&Setup>),
    flop: [Card; 3],
    sums: &ClassSums,
    pass: Strategy,
) -> Result<Option<(f64, EquityResult)>, EquityError> {
    let Some((setup, tally)) = passed_tally(request, base, flop, sums)? else {
        return Ok(None);
    };
    Ok(Some(finish_exact(&setup, &tally, pass, Instant::now())))
}

/// [`passed_on`] as a row reads it: the same figures and buckets, without
/// the rest of the breakdown (its classes, hundreds of rows a flop report
/// never shows).
fn passed_row(
    request: &EquityRequest,
    base: &Setup,
    flop: [Card; 3],
    sums: &ClassSums,
) -> Result<Option<RowCount>, EquityError> {
    let Some((setup, tally)) = passed_tally(request, Some(base), flop, sums)? else {
        return Ok(None);
    };
    let seats = (tally.figures(&setup.active, false).into_iter())
        .zip(combo_equities(&setup, &tally.combos, false))
        .map(|(figures, combos)| (figures, buckets(combos.into_iter())))
        .collect();
    Ok(Some((deal_weight(&setup, &tally), seats)))
}

/// `request` with `flop` as its board: its setup (made from `base`, the
/// request's with no board, where given), and its tally from the one
/// pass's `sums` for its class as the two-range sweep would finish its own
/// (`None` when no deal is possible with that flop).
fn passed_tally(
    request: &EquityRequest,
    base: Option<&Setup>,
    flop: [Card; 3],
    sums: &ClassSums,
) -> Result<Option<(Setup, Tally)>, EquityError> {
    // (From `base`, the ranges are not copied for each flop.)
    let setup = match base {
        Some(base) => base.on_board(request, &flop, true),
        None => Setup::new(&EquityRequest {
            board: flop.to_vec(),
            breakdown: true,
            ..request.clone()
        }),
    };
    let Some(setup) = possible(setup)? else {
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
        sums.combo(a, combo.index())
    });
    Ok(Some((setup, tally)))
}
