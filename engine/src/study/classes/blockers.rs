//! A combo's blocker effect against another seat (docs/design.md §3.9).

use crate::combo::Combo;
use crate::equity::{ComboEquity, SeatBreakdown};
use crate::study::hits::BUCKET_EDGES;

/// A combo's blocker effect against another seat (docs/design.md §3.9):
/// the shares of that seat's strong part (its combos with equity of at
/// least 75% against the others: the top bucket) and of its weak part
/// (below 25%: the bottom bucket), in the deal distribution, that hold one
/// of the combo's cards, and their difference (positive: the combo removes
/// more of the strong part than of the weak, the mark of a good bluff).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Blockers {
    /// The share of the strong part the combo removes.
    pub strong: f64,
    /// The share of the weak part it removes.
    pub weak: f64,
    /// `strong - weak`.
    pub difference: f64,
}

/// The blocker effect of `combo` against the seat whose per-combo figures
/// are `other` (see [`Blockers`]; a part the other seat does not have
/// removes nothing).
pub fn blockers(combo: Combo, other: &SeatBreakdown) -> Blockers {
    blockers_of_part(combo, other, &|c| {
        if c.equity >= BUCKET_EDGES[0] {
            1.0
        } else {
            0.0
        }
    })
}

/// [`blockers`] with the other seat's strong part given: `strong` says
/// which share (0 to 1) of each of its combos is in it (a group of its
/// range: the group's weight over the range's); its weak part stays its
/// bottom bucket, less what the strong part holds.
pub fn blockers_of_part(
    combo: Combo,
    other: &SeatBreakdown,
    strong_part: &dyn Fn(&ComboEquity) -> f64,
) -> Blockers {
    let mask = combo.mask();
    let (mut strong, mut strong_hit, mut weak, mut weak_hit) = (0.0, 0.0, 0.0, 0.0);
    for c in other.combos.iter().filter(|c| c.dealt) {
        let blocked = !c.combo.mask().is_disjoint(mask);
        let in_strong = strong_part(c).clamp(0.0, 1.0);
        strong += in_strong * c.frequency;
        if blocked {
            strong_hit += in_strong * c.frequency;
        }
        if c.equity < BUCKET_EDGES[2] {
            let in_weak = 1.0 - in_strong;
            weak += in_weak * c.frequency;
            if blocked {
                weak_hit += in_weak * c.frequency;
            }
        }
    }
    let share = |hit: f64, all: f64| if all > 0.0 { hit / all } else { 0.0 };
    let (strong, weak) = (share(strong_hit, strong), share(weak_hit, weak));
    Blockers {
        strong,
        weak,
        difference: strong - weak,
    }
}
