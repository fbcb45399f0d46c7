//! The hand-class table (docs/design.md §3.9): a seat's range on a board
//! split by made hand (every live combo in exactly one row) and, apart, by
//! draw (a combo in as many rows as it has draws), each row with its
//! combos, its share of the range and its equity against the other seats.

use crate::analysis::{AnalysisError, Draw, MadeHand, classify};
use crate::card::Card;
use crate::equity::SeatBreakdown;
use crate::range::Range;

/// One row of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassRow {
    /// The board breakdown's name of the made hand or draw.
    pub category: &'static str,
    /// Its combos, each with its weight in the seat's range.
    pub hands: Range,
    /// Its weight in the deal distribution, in combos (as a breakdown
    /// class's `combos`): the made rows sum to the seat's.
    pub combos: f64,
    /// Its share of the seat's range in the deal distribution.
    pub share: f64,
    /// The seat's equity when it holds a combo of the row.
    pub equity: f64,
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
/// times equity sum to the seat's equity times its combos.
pub fn class_table(
    breakdown: &SeatBreakdown,
    range: &Range,
    board: &[Card],
) -> Result<ClassTable, AnalysisError> {
    let all: f64 = breakdown.classes.iter().map(|c| c.combos).sum();
    let mut made: Vec<(MadeHand, Row)> =
        MadeHand::ALL.iter().map(|&m| (m, Row::default())).collect();
    let mut draws: Vec<(Draw, Row)> = Draw::ALL.iter().map(|&d| (d, Row::default())).collect();
    for c in breakdown.combos.iter().filter(|c| c.dealt) {
        let hit = classify(c.combo, board)?;
        let weight = range.weight_bp(c.combo);
        let combos = c.frequency * all;
        if let Some((_, row)) = made.iter_mut().find(|(m, _)| *m == hit.made) {
            row.add(c.combo, weight, combos, c.equity);
        }
        for (_, row) in draws.iter_mut().filter(|(d, _)| hit.has(*d)) {
            row.add(c.combo, weight, combos, c.equity);
        }
    }
    let finish = |name: &'static str, row: Row| {
        (row.combos > 0.0).then(|| ClassRow {
            category: name,
            hands: row.hands,
            combos: row.combos,
            share: if all > 0.0 { row.combos / all } else { 0.0 },
            equity: row.equity_sum / row.combos,
        })
    };
    Ok(ClassTable {
        made: made
            .into_iter()
            .filter_map(|(m, row)| finish(m.name(), row))
            .collect(),
        draws: draws
            .into_iter()
            .filter_map(|(d, row)| finish(d.name(), row))
            .collect(),
    })
}

/// A row as it is summed.
#[derive(Default)]
struct Row {
    hands: Range,
    combos: f64,
    equity_sum: f64,
}

impl Row {
    fn add(&mut self, combo: crate::combo::Combo, weight: u16, combos: f64, equity: f64) {
        self.hands.set_weight_bp(combo, weight);
        self.combos += combos;
        self.equity_sum += combos * equity;
    }
}
