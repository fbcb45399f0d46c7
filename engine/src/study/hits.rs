//! How a range stands on one flop, beyond its equity: what it hits (made
//! hands and draws, as the board breakdown names them), its share of two
//! pair or better, and where its combos' equities fall (the buckets).

use crate::analysis::{BoardBreakdown, MadeHand};
use crate::card::{Card, CardSet};
use crate::equity::result::SeatBreakdown;
use crate::range::Range;

/// Lower edges of the equity buckets, strongest first: a combo with
/// equity at least 75% against the other seats, 50–75%, 25–50%, below 25%.
pub const BUCKET_EDGES: [f64; 4] = [0.75, 0.5, 0.25, 0.0];

/// The hit shares (made hands and draws with a combo, by name) and the
/// nut share (two pair or better) of `range` on `flop`.
pub(super) fn hits(
    range: &Range,
    flop: &[Card; 3],
    dead: CardSet,
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
pub(super) fn buckets(breakdown: &SeatBreakdown) -> [f64; 4] {
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
