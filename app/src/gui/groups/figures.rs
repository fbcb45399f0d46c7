//! A group's figures as the groups panel shows them: its engine row
//! (`study::group_rows`), its split across the equity buckets and how it
//! hits the board. Computed by the class table's job, off the UI thread,
//! from the same per-combo figures as the table's rows.

use engine::Range;
use engine::study::{ClassKey, ClassRow};

use crate::gui::classes::rows::{Lookup, bucket};

/// A group's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupFigures {
    /// The engine's row (`study::group_rows`): hands, combos, share,
    /// equity.
    pub row: ClassRow,
    /// The share of its combos in each equity bucket.
    pub buckets: [f64; 4],
    /// How it hits the board: its made-hand rows with their share of the
    /// group, largest first.
    pub hits: Vec<(ClassKey, f64)>,
}

/// A group's figures from its engine row: its buckets, and its share of
/// each of the seat's `made` rows.
pub fn group_figures(
    row: ClassRow,
    look: &Lookup<'_>,
    range: &Range,
    made: &[ClassRow],
) -> GroupFigures {
    let part = |combo: engine::Combo| {
        let held = f64::from(range.weight_bp(combo));
        if held > 0.0 {
            f64::from(row.hands.weight_bp(combo)) / held
        } else {
            0.0
        }
    };
    let mut buckets = [0.0; 4];
    for (combo, _) in row.hands.combos() {
        if let Some((equity, weight)) = look.get(combo) {
            buckets[bucket(equity)] += weight * part(combo);
        }
    }
    let of_group = |x: f64| {
        if row.combos > 0.0 {
            x / row.combos
        } else {
            0.0
        }
    };
    let mut hits: Vec<(ClassKey, f64)> = made
        .iter()
        .map(|m| {
            let weight: f64 = m
                .hands
                .combos()
                .filter_map(|(c, _)| look.get(c).map(|(_, w)| w * part(c)))
                .sum();
            (m.category.clone(), of_group(weight))
        })
        .filter(|(_, share)| *share > 0.0)
        .collect();
    hits.sort_by(|a, b| b.1.total_cmp(&a.1));
    GroupFigures {
        buckets: buckets.map(of_group),
        hits,
        row,
    }
}
