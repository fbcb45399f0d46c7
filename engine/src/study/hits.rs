//! How a range stands on one board (a flop, turn or river), beyond its
//! equity: what it hits (made hands and draws, as the board breakdown
//! names them), its share of two pair or better, and where its combos'
//! equities fall (the buckets). The rows of the flop report and of the
//! next card carry it per seat ([`BoardSeat`]).

use std::sync::OnceLock;

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::flop_classes::stabiliser;
use crate::analysis::{BoardBreakdown, MadeHand};
use crate::card::{Card, CardSet};
use crate::equity::request::EquityRequest;
use crate::equity::result::{SeatBreakdown, SeatEquity};
use crate::range::Range;
use crate::symmetry::SuitPerm;

/// One seat on one board of a report: its figures, what its range hits
/// and where its combos stand.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardSeat {
    /// Equity, win and tie with this board (with standard errors when
    /// sampled).
    pub figures: SeatEquity,
    /// How its range hits the board: each made-hand and draw row with a
    /// combo, by name, and its share of the seat's live weight.
    pub hits: Vec<(&'static str, f64)>,
    /// The share of its deal weight in each equity bucket
    /// ([`BUCKET_EDGES`]): where its combos stand against the other seats
    /// on this board. They sum to 1.
    pub buckets: [f64; 4],
    /// The share of its live weight holding two pair or better.
    pub nut_share: f64,
    /// On a line, the share of its range its rule on this board's street
    /// keeps (`None` without such a rule; docs/design.md §3.8).
    pub continue_share: Option<f64>,
}

impl BoardSeat {
    /// The seat whose `figures` and per-combo `breakdown` were counted
    /// with `board`: its `range`'s hits on the board (the `dead` cards
    /// out) and its buckets.
    pub(super) fn new(
        figures: SeatEquity,
        breakdown: &SeatBreakdown,
        range: &Range,
        board: &[Card],
        dead: CardSet,
    ) -> BoardSeat {
        let buckets = breakdown_buckets(breakdown);
        BoardSeat::with_hits(figures, buckets, &hits(range, board, dead))
    }

    /// The same with its `buckets` ([`buckets`]), and its range's `hits`
    /// and nut share on the board, known.
    pub(super) fn with_hits(
        figures: SeatEquity,
        buckets: [f64; 4],
        (hits, nut_share): &Hits,
    ) -> BoardSeat {
        BoardSeat {
            figures,
            hits: hits.clone(),
            buckets,
            nut_share: *nut_share,
            continue_share: None,
        }
    }
}

/// A range's hit shares on a board and its nut share.
pub(super) type Hits = (Vec<(&'static str, f64)>, f64);

/// Each seat's hits on the flops of a report, each found once per flop its
/// own range tells apart: a suit permutation that keeps the range and the
/// dead cards keeps its hits, so they are those of the flop's image with
/// the smallest mask, and counted on that image (the same figures
/// whichever flop asks first). A single hand splits a report's flops into
/// more classes than the ranges beside it need (`AdQc` against two ranges:
/// 10,968 classes, 1,755 flops of their own).
pub(super) struct FlopHits {
    dead: CardSet,
    /// Per seat of the request.
    seats: Vec<SeatHits>,
}

/// One seat's hits, by its own flop classes.
struct SeatHits {
    /// The suit permutations that keep the range and the dead cards.
    perms: Vec<SuitPerm>,
    /// Per image flop (its mask), its cell.
    cells: FxHashMap<u64, OnceLock<Hits>>,
}

impl FlopHits {
    /// The cache for `request`'s seats over `flops` (the report's class
    /// representatives).
    pub(super) fn new(request: &EquityRequest, flops: &[[Card; 3]]) -> FlopHits {
        let seats = (request.seats.par_iter())
            .map(|seat| {
                let perms = stabiliser(&[&seat.range], request.dead);
                let cells = flops
                    .iter()
                    .map(|flop| (image(&perms, flop), OnceLock::new()))
                    .collect();
                SeatHits { perms, cells }
            })
            .collect();
        FlopHits {
            dead: request.dead,
            seats,
        }
    }

    /// Seat `seat`'s (by request order) `range` on `flop`, one of the
    /// flops the cache was made for (else counted on the spot).
    pub(super) fn hits(&self, seat: usize, range: &Range, flop: &[Card; 3]) -> Hits {
        let Some(seat) = self.seats.get(seat) else {
            return hits(range, flop, self.dead);
        };
        let key = image(&seat.perms, flop);
        match seat.cells.get(&key) {
            Some(cell) => cell
                .get_or_init(|| {
                    let cards: Vec<Card> = CardSet::from_bits(key).iter().collect();
                    hits(range, &cards, self.dead)
                })
                .clone(),
            None => hits(range, flop, self.dead),
        }
    }
}

/// The mask of `flop`'s image with the smallest mask under `perms`.
fn image(perms: &[SuitPerm], flop: &[Card; 3]) -> u64 {
    let mask = flop.iter().fold(0u64, |m, c| m | c.bit());
    perms.iter().map(|p| p.mask(mask)).min().unwrap_or(mask)
}

/// Lower edges of the equity buckets, strongest first: a combo with
/// equity at least 75% against the other seats, 50–75%, 25–50%, below 25%.
pub const BUCKET_EDGES: [f64; 4] = [0.75, 0.5, 0.25, 0.0];

/// The hit shares (made hands and draws with a combo, by name) and the
/// nut share (two pair or better) of `range` on `board`.
fn hits(range: &Range, board: &[Card], dead: CardSet) -> Hits {
    match BoardBreakdown::weights(range, board, dead) {
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

/// [`buckets`] of a seat's per-combo `breakdown`.
pub(super) fn breakdown_buckets(breakdown: &SeatBreakdown) -> [f64; 4] {
    buckets(breakdown.combos.iter().map(|c| (c.equity, c.frequency)))
}

/// The share of a seat's deal weight whose combo's equity falls in each
/// bucket of [`BUCKET_EDGES`], from each of its combos' equity and
/// frequency (`combos`).
pub(super) fn buckets(combos: impl Iterator<Item = (f64, f64)>) -> [f64; 4] {
    let mut shares = [0.0; 4];
    for (equity, frequency) in combos {
        let bucket = BUCKET_EDGES
            .iter()
            .position(|&edge| equity >= edge)
            .unwrap_or(3);
        shares[bucket] += frequency;
    }
    let total: f64 = shares.iter().sum();
    if total > 0.0 {
        shares.iter_mut().for_each(|s| *s /= total);
    }
    shares
}
