//! The [`Range`] type itself: one weight in basis points per combo, and
//! what can be read from or done to the weights (text in and out lives in
//! the sibling modules).

use crate::card::CardSet;
use crate::combo::{COMBOS, Combo, HandClass};

/// The weight of a combo fully in the range, in basis points.
pub const FULL: u16 = 10_000;

/// A weighted range: a weight in `0..=FULL` basis points for each combo.
///
/// Invariant: every weight is at most [`FULL`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Range {
    weights: [u16; COMBOS],
}

/// What a range holds of one hand class: the data a 13×13 grid cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassSummary {
    /// The class.
    pub class: HandClass,
    /// How many of the class's combos have a weight above zero.
    pub combos_in: u8,
    /// How many combos the class has (6, 4 or 12).
    pub combos_total: u8,
    /// The sum of the class's combo weights, in basis points.
    pub weight_sum_bp: u32,
    /// Whether the class is mixed: its combos do not all have the same
    /// weight (some in and some out, or different weights).
    pub mixed: bool,
}

impl ClassSummary {
    /// The average weight over all the class's combos, in `0.0..=1.0`: the
    /// share of the cell to fill.
    pub fn average_weight(&self) -> f64 {
        f64::from(self.weight_sum_bp) / (f64::from(self.combos_total) * f64::from(FULL))
    }

    /// The weighted number of combos of the class in the range.
    pub fn weighted_combos(&self) -> f64 {
        f64::from(self.weight_sum_bp) / f64::from(FULL)
    }

    /// The weight shared by every combo of an unmixed class, in basis points
    /// (`None` when mixed).
    pub fn uniform_weight_bp(&self) -> Option<u16> {
        (!self.mixed).then(|| {
            u16::try_from(self.weight_sum_bp / u32::from(self.combos_total)).unwrap_or(FULL)
        })
    }
}

impl Range {
    /// The empty range.
    pub const fn empty() -> Range {
        Range {
            weights: [0; COMBOS],
        }
    }

    /// Every combo at full weight (`random`).
    pub const fn full() -> Range {
        Range {
            weights: [FULL; COMBOS],
        }
    }

    /// The weight of `combo` in basis points.
    pub fn weight_bp(&self, combo: Combo) -> u16 {
        self.weights[combo.index()]
    }

    /// The weight of `combo` as a fraction in `0.0..=1.0`.
    pub fn weight(&self, combo: Combo) -> f64 {
        f64::from(self.weight_bp(combo)) / f64::from(FULL)
    }

    /// Sets the weight of `combo`, clamped to [`FULL`].
    pub fn set_weight_bp(&mut self, combo: Combo, weight_bp: u16) {
        self.weights[combo.index()] = weight_bp.min(FULL);
    }

    /// Sets every combo of `class` to `weight_bp` (clamped to [`FULL`]).
    pub fn set_class_bp(&mut self, class: HandClass, weight_bp: u16) {
        for combo in class.combos() {
            self.set_weight_bp(combo, weight_bp);
        }
    }

    /// All weights, indexed by [`Combo::index`].
    pub fn weights_bp(&self) -> &[u16; COMBOS] {
        &self.weights
    }

    /// Whether no combo has a weight.
    pub fn is_empty(&self) -> bool {
        self.weights.iter().all(|&w| w == 0)
    }

    /// Whether every weight is either zero or full.
    pub fn is_unweighted(&self) -> bool {
        self.weights.iter().all(|&w| w == 0 || w == FULL)
    }

    /// The combos with a weight above zero, with their weights, in index
    /// order.
    pub fn combos(&self) -> impl Iterator<Item = (Combo, u16)> + '_ {
        // Runs of zero weights passed a chunk at a time (sixteen weights
        // compile to a few vector instructions): most ranges hold few of
        // the 1,326 combos (a hand one), and every calculation lists each
        // seat's combos first (three single hands: 27 K instructions read
        // one by one, 7.5 K so).
        const CHUNK: usize = 16;
        let (whole, rest) = self.weights.as_chunks::<CHUNK>();
        (whole.iter().enumerate())
            .filter(|(_, chunk)| chunk.iter().fold(0, |any, &w| any | w) != 0)
            .map(|(k, chunk)| (k * CHUNK, chunk.as_slice()))
            .chain(std::iter::once((whole.len() * CHUNK, rest)))
            .flat_map(|(start, chunk)| {
                (start..)
                    .zip(chunk)
                    .filter(|&(_, &w)| w > 0)
                    .filter_map(|(index, &w)| Some((Combo::from_index(index)?, w)))
            })
    }

    /// What the range holds of `class`.
    pub fn class_summary(&self, class: HandClass) -> ClassSummary {
        let mut combos_in = 0;
        let mut combos_total = 0;
        let mut weight_sum_bp = 0;
        let mut first = None;
        let mut mixed = false;
        for combo in class.combos() {
            let w = self.weight_bp(combo);
            combos_total += 1;
            combos_in += u8::from(w > 0);
            weight_sum_bp += u32::from(w);
            match first {
                None => first = Some(w),
                Some(f) => mixed |= f != w,
            }
        }
        ClassSummary {
            class,
            combos_in,
            combos_total,
            weight_sum_bp,
            mixed,
        }
    }

    /// The summaries of all 169 classes, indexed by [`HandClass::index`].
    pub fn class_summaries(&self) -> Vec<ClassSummary> {
        HandClass::all().map(|c| self.class_summary(c)).collect()
    }

    /// The weighted number of combos in the range (1,326 for `random`).
    pub fn combo_count(&self) -> f64 {
        self.combos_given(CardSet::EMPTY)
    }

    /// The weighted number of combos left after removing every combo that
    /// holds a card of `blocked` (board, dead cards, other seats' known
    /// cards).
    pub fn combos_given(&self, blocked: CardSet) -> f64 {
        let sum: u64 = self
            .combos()
            .filter(|(c, _)| c.mask().is_disjoint(blocked))
            .map(|(_, w)| u64::from(w))
            .sum();
        sum as f64 / f64::from(FULL)
    }

    /// The range's share of all hands still possible after removing
    /// `blocked`, in percent: [`combos_given`](Range::combos_given) over the
    /// number of two-card combos the remaining deck can form.
    pub fn percent_given(&self, blocked: CardSet) -> f64 {
        let left = 52 - blocked.len().min(52);
        let possible = (left * left.saturating_sub(1) / 2) as f64;
        if possible == 0.0 {
            0.0
        } else {
            100.0 * self.combos_given(blocked) / possible
        }
    }

    /// The range's share of all 1,326 combos, in percent.
    pub fn percent(&self) -> f64 {
        self.percent_given(CardSet::EMPTY)
    }

    /// Sets each combo's weight to the larger of its weight here and in
    /// `other`.
    pub fn union_with(&mut self, other: &Range) {
        for (mine, theirs) in self.weights.iter_mut().zip(other.weights.iter()) {
            *mine = (*mine).max(*theirs);
        }
    }

    /// Removes every combo that holds a card of `blocked`.
    pub fn remove_blocked(&mut self, blocked: CardSet) {
        for combo in Combo::all() {
            if !combo.mask().is_disjoint(blocked) {
                self.weights[combo.index()] = 0;
            }
        }
    }
}

impl Default for Range {
    fn default() -> Range {
        Range::empty()
    }
}
