//! The hits drill's questions over every flop: how often a range flops a
//! made hand or draw — a combo of the range drawn by its weight and a flop
//! dealt from the fifty other cards (docs/design.md §3.10).
//!
//! Every combo of a hand class flops each made hand and draw as often as
//! any other (a suit relabelling maps one combo onto another and the flops
//! onto the flops), so one combo a class is classified on its 19,600
//! flops: a range of whole classes costs at most 169 × 19,600
//! classifications.

use rayon::prelude::*;

use crate::analysis::{Draw, Hit, MadeHand, classify};
use crate::card::Card;
use crate::combo::{CLASSES, HandClass};
use crate::range::Range;

/// An every-flop question's words and the test of a combo's hit on a flop.
pub(super) type FlopTest = (&'static str, fn(Hit) -> bool);

/// What the every-flop questions ask about.
pub(super) const EVERY_FLOP_TESTS: [FlopTest; 4] = [
    ("three of a kind or better", |h| h.made <= MadeHand::Trips),
    ("two pair or better", |h| h.made <= MadeHand::TwoPair),
    ("a pair or better", |h| h.made <= MadeHand::Underpair),
    ("a flush draw", |h| h.has(Draw::FlushDraw)),
];

/// The share of `range`'s weight whose combo flops what `test` accepts,
/// over every flop of the other fifty cards; `None` for an empty range.
pub(super) fn share_over_every_flop(range: &Range, test: fn(Hit) -> bool) -> Option<f64> {
    let mut weights = [0u64; CLASSES];
    for (combo, weight) in range.combos() {
        weights[combo.class().index()] += u64::from(weight);
    }
    let total: u64 = weights.iter().sum();
    if total == 0 {
        return None;
    }
    // The classes on the current pool's threads; summed in class order, so
    // the figure is the same on any number of threads.
    let classes: Vec<HandClass> = HandClass::all()
        .filter(|c| weights[c.index()] > 0)
        .collect();
    let shares: Vec<f64> = classes.par_iter().map(|&c| class_share(c, test)).collect();
    let hit: f64 = classes
        .iter()
        .zip(&shares)
        .map(|(c, share)| weights[c.index()] as f64 * share)
        .sum();
    Some(hit / total as f64)
}

/// The share of the 19,600 flops on which a combo of `class` makes what
/// `test` accepts.
pub(super) fn class_share(class: HandClass, test: fn(Hit) -> bool) -> f64 {
    let Some(combo) = class.combos().next() else {
        return 0.0;
    };
    let rest: Vec<Card> = Card::all().filter(|c| !combo.mask().contains(*c)).collect();
    let (mut hits, mut flops) = (0u32, 0u32);
    for (i, &a) in rest.iter().enumerate() {
        for (j, &b) in rest.iter().enumerate().skip(i + 1) {
            for &c in &rest[j + 1..] {
                flops += 1;
                if classify(combo, &[a, b, c]).is_ok_and(test) {
                    hits += 1;
                }
            }
        }
    }
    f64::from(hits) / f64::from(flops)
}
