//! The hand-class table (docs/design.md §3.9): a seat's range on a board
//! split by made hand (every live combo in exactly one row) and, apart, by
//! draw (a combo in as many rows as it has draws), each row with its
//! combos, its share of the range and its equity against the other seats;
//! and a row as it is summed ([`Row`], which the groups' rows share).

use super::key::ClassKey;
use crate::analysis::{AnalysisError, Draw, MadeHand, classify};
use crate::card::Card;
use crate::combo::Combo;
use crate::equity::SeatBreakdown;
use crate::range::Range;

/// One row of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassRow {
    /// What the row counts: a made hand or a draw (or a group, or one of
    /// the 169 classes); its label is the board breakdown's name, the
    /// group's name or the class.
    pub category: ClassKey,
    /// Its combos, each with its weight in the seat's range.
    pub hands: Range,
    /// Its weight in the deal distribution, in combos (as a breakdown
    /// class's `combos`): the made rows sum to the seat's.
    pub combos: f64,
    /// Its share of the seat's range in the deal distribution.
    pub share: f64,
    /// The seat's equity when it holds a combo of the row; `None` when no
    /// deal gives the seat one (every combo of the row clashes with
    /// another seat's cards, or the row has no live combo): `combos` and
    /// `share` are then 0.
    pub equity: Option<f64>,
}

/// A seat's hand-class table on a board.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassTable {
    /// One row per made hand with a live combo, strongest first.
    pub made: Vec<ClassRow>,
    /// One row per draw with a live combo (overlapping).
    pub draws: Vec<ClassRow>,
}

/// The table of the seat whose per-combo figures are `breakdown` (counted
/// with `board`, 3 to 5 cards), its weights from `range`: each combo's
/// weight in the deal distribution is its frequency times the seat's
/// combos in all (the sum of its classes' `combos`), so the rows' combos
/// times equity sum to the seat's equity times its combos. The combos no
/// deal gives the seat ([`SeatBreakdown::undealt`]) are in their rows'
/// hands too, adding nothing to their figures, so the made rows' hands
/// are the whole live range; a row made only of them has no equity.
pub fn class_table(
    breakdown: &SeatBreakdown,
    range: &Range,
    board: &[Card],
) -> Result<ClassTable, AnalysisError> {
    let all: f64 = breakdown.classes.iter().map(|c| c.combos).sum();
    let mut made: Vec<(MadeHand, Row)> =
        MadeHand::ALL.iter().map(|&m| (m, Row::default())).collect();
    let mut draws: Vec<(Draw, Row)> = Draw::ALL.iter().map(|&d| (d, Row::default())).collect();
    let dealt = breakdown.combos.iter().filter(|c| c.dealt);
    let dealt = dealt.map(|c| (c.combo, Some((c.frequency * all, c.equity))));
    for (combo, figures) in dealt.chain(breakdown.undealt().map(|c| (c, None))) {
        let hit = classify(combo, board)?;
        let weight = range.weight_bp(combo);
        if let Some((_, row)) = made.iter_mut().find(|(m, _)| *m == hit.made) {
            row.add(combo, weight, figures);
        }
        for (_, row) in draws.iter_mut().filter(|(d, _)| hit.has(*d)) {
            row.add(combo, weight, figures);
        }
    }
    // A row with dealt combos none of which was drawn (sampled) is left
    // out; one made only of combos no deal gives is shown without figures.
    let finish = |key: ClassKey, row: Row| {
        (row.combos > 0.0 || (!row.dealt && !row.hands.is_empty()))
            .then(|| row.into_class_row(key, all))
    };
    Ok(ClassTable {
        made: made
            .into_iter()
            .filter_map(|(m, row)| finish(ClassKey::Made(m), row))
            .collect(),
        draws: draws
            .into_iter()
            .filter_map(|(d, row)| finish(ClassKey::Draw(d), row))
            .collect(),
    })
}

/// A row as it is summed.
#[derive(Default)]
pub(super) struct Row {
    hands: Range,
    combos: f64,
    equity_sum: f64,
    /// Whether a combo with figures was added.
    dealt: bool,
}

impl Row {
    /// Adds `combo` with its weight in the range (or group) and, when it
    /// is dealt, its weight in the deal distribution and its equity.
    pub(super) fn add(&mut self, combo: Combo, weight: u16, figures: Option<(f64, f64)>) {
        self.hands.set_weight_bp(combo, weight);
        if let Some((combos, equity)) = figures {
            self.dealt = true;
            self.combos += combos;
            self.equity_sum += combos * equity;
        }
    }

    /// The row of `category`, its share of `all` combos.
    pub(super) fn into_class_row(self, category: ClassKey, all: f64) -> ClassRow {
        ClassRow {
            category,
            share: if all > 0.0 { self.combos / all } else { 0.0 },
            equity: (self.combos > 0.0).then(|| self.equity_sum / self.combos),
            hands: self.hands,
            combos: self.combos,
        }
    }
}
