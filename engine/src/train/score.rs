//! Scoring answers: a painted range by its overlap with the one asked
//! for, a figure by its distance from the exact one.

use crate::combo::Combo;
use crate::range::Range;

/// How a painted range scores against the one asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Overlap {
    /// The weight in common, in combos (each combo's smaller weight).
    pub common: f64,
    /// What the target holds beyond the painted range, per combo.
    pub misses: Range,
    /// What the painted range holds beyond the target.
    pub extras: Range,
    /// The score, 0 to 1: the common weight over the larger of the two
    /// ranges' weights (1 for the very range).
    pub score: f64,
}

/// Scores `painted` against `target` (see [`Overlap`]).
pub fn overlap(target: &Range, painted: &Range) -> Overlap {
    let (mut common, mut t_all, mut p_all) = (0u64, 0u64, 0u64);
    let mut misses = Range::empty();
    let mut extras = Range::empty();
    for combo in Combo::all() {
        let (t, p) = (target.weight_bp(combo), painted.weight_bp(combo));
        common += u64::from(t.min(p));
        t_all += u64::from(t);
        p_all += u64::from(p);
        if t > p {
            misses.set_weight_bp(combo, t - p);
        } else if p > t {
            extras.set_weight_bp(combo, p - t);
        }
    }
    let larger = t_all.max(p_all);
    Overlap {
        common: common as f64 / 10_000.0,
        misses,
        extras,
        score: if larger == 0 {
            1.0
        } else {
            common as f64 / larger as f64
        },
    }
}

/// The error of a guessed share or equity (both 0 to 1): its distance
/// from the exact answer, in percentage points.
pub fn points_off(answer: f64, guess: f64) -> f64 {
    100.0 * (guess - answer).abs()
}
