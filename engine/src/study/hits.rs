//! How a range stands on one board (a flop, turn or river), beyond its
//! equity: what it hits (made hands and draws, as the board breakdown
//! names them), its share of two pair or better, and where its combos'
//! equities fall (the buckets). The rows of the flop report and of the
//! next card carry it per seat ([`BoardSeat`]).

use crate::analysis::{BoardBreakdown, MadeHand};
use crate::card::{Card, CardSet};
use crate::equity::result::{SeatBreakdown, SeatEquity};
use crate::range::Range;

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
        let (hits, nut_share) = hits(range, board, dead);
        BoardSeat {
            figures,
            hits,
            buckets: buckets(breakdown),
            nut_share,
        }
    }
}

/// Lower edges of the equity buckets, strongest first: a combo with
/// equity at least 75% against the other seats, 50–75%, 25–50%, below 25%.
pub const BUCKET_EDGES: [f64; 4] = [0.75, 0.5, 0.25, 0.0];

/// The hit shares (made hands and draws with a combo, by name) and the
/// nut share (two pair or better) of `range` on `board`.
fn hits(range: &Range, board: &[Card], dead: CardSet) -> (Vec<(&'static str, f64)>, f64) {
    match BoardBreakdown::new(range, board, dead) {
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
