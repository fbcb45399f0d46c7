//! What to call with at a price (docs/design.md §3.9): the equity a call
//! needs, and the seat's combos that reach it.

use crate::equity::SeatBreakdown;
use crate::range::Range;

/// The equity a call needs: `call` to win a pot of `pot` (what is in the
/// middle before the call, the bet included) is worth it at an equity of
/// at least `call / (pot + call)`.
pub fn required_equity(call: f64, pot: f64) -> f64 {
    if call <= 0.0 {
        0.0
    } else {
        call / (pot + call).max(f64::MIN_POSITIVE)
    }
}

/// What to call with at `price` (a required equity): the seat's live
/// combos whose equity is at least it, each with its weight in `range`.
pub fn calls(breakdown: &SeatBreakdown, range: &Range, price: f64) -> Range {
    let mut out = Range::empty();
    for c in breakdown
        .combos
        .iter()
        .filter(|c| c.dealt && c.equity >= price)
    {
        out.set_weight_bp(c.combo, range.weight_bp(c.combo));
    }
    out
}
