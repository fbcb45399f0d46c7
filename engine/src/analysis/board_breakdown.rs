//! A range's rows on a board ([`BoardBreakdown`]): each live combo
//! classified ([`classify`](fn@super::classify)), its weight added to its
//! made-hand row and to each of its draws' rows.

use super::classify::{BoardCounts, StraightDraws, check_board, classify_unchecked};
use super::error::AnalysisError;
use super::hit::{Draw, MadeHand};
use crate::card::{Card, CardSet};
use crate::combo::Combo;
use crate::range::Range;

/// One row of a [`BoardBreakdown`].
#[derive(Clone, Debug, PartialEq)]
pub struct Row<T> {
    /// What the row counts.
    pub what: T,
    /// Its combos in the range (live, weight above zero); empty in
    /// [`BoardBreakdown::weights`].
    pub combos: Vec<Combo>,
    /// Their weighted count.
    pub weight: f64,
}

impl<T> Row<T> {
    /// A row counting `what` with no combo yet.
    fn empty(what: T) -> Row<T> {
        Row {
            what,
            combos: Vec::new(),
            weight: 0.0,
        }
    }

    /// Counts `combo` of weight `w` in the row, listing it where `listed`.
    fn add(&mut self, combo: Combo, w: f64, listed: bool) {
        if listed {
            self.combos.push(combo);
        }
        self.weight += w;
    }
}

/// Per item of `$all` (by discriminant), its place in `$all`: its row.
macro_rules! rows_of {
    ($all:expr) => {{
        let mut rows = [0; $all.len()];
        let mut i = 0;
        while i < rows.len() {
            rows[$all[i] as usize] = i;
            i += 1;
        }
        rows
    }};
}

/// Per made hand (by discriminant), its row in [`MadeHand::ALL`].
const MADE_ROWS: [usize; MadeHand::ALL.len()] = rows_of!(MadeHand::ALL);

/// Per draw (by discriminant, its bit in a [`Hit`](super::hit::Hit)), its
/// row in [`Draw::ALL`].
const DRAW_ROWS: [usize; Draw::ALL.len()] = rows_of!(Draw::ALL);

/// How a range hits a board.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardBreakdown {
    /// The range's weighted live combo count (the made rows sum to it).
    pub total: f64,
    /// One row per made hand, strongest first, empty rows included.
    pub made: Vec<Row<MadeHand>>,
    /// One row per draw, empty rows included.
    pub draws: Vec<Row<Draw>>,
}

impl BoardBreakdown {
    /// Breaks down `range` on `board` (3 to 5 cards), leaving out combos
    /// that hold a board or dead card.
    pub fn new(
        range: &Range,
        board: &[Card],
        dead: CardSet,
    ) -> Result<BoardBreakdown, AnalysisError> {
        Self::build(range, board, dead, true)
    }

    /// [`BoardBreakdown::new`]'s weights alone: every row's combos left
    /// empty (a flop report's hits read the weights of thousands of
    /// breakdowns; the lists were most of what they allocated).
    pub fn weights(
        range: &Range,
        board: &[Card],
        dead: CardSet,
    ) -> Result<BoardBreakdown, AnalysisError> {
        Self::build(range, board, dead, false)
    }

    /// The breakdown, each row listing its combos where `listed`.
    fn build(
        range: &Range,
        board: &[Card],
        dead: CardSet,
        listed: bool,
    ) -> Result<BoardBreakdown, AnalysisError> {
        let known = check_board(board, dead)?;
        let mut made: Vec<Row<MadeHand>> = MadeHand::ALL.into_iter().map(Row::empty).collect();
        let mut draws: Vec<Row<Draw>> = Draw::ALL.into_iter().map(Row::empty).collect();
        let mut total = 0.0;
        let mut straights = StraightDraws::new();
        let counted = BoardCounts::of(board);
        for (combo, bp) in range.combos() {
            if !combo.mask().is_disjoint(known) {
                continue;
            }
            let w = f64::from(bp) / 10_000.0;
            total += w;
            let hit = classify_unchecked(combo, &counted, &mut straights);
            made[MADE_ROWS[hit.made as usize]].add(combo, w, listed);
            let mut bits = hit.draws;
            while bits != 0 {
                draws[DRAW_ROWS[bits.trailing_zeros() as usize]].add(combo, w, listed);
                bits &= bits - 1;
            }
        }
        Ok(BoardBreakdown { total, made, draws })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    #[test]
    fn made_rows_sum_to_the_range() {
        let range = Range::parse("random").unwrap();
        for board in [
            "Kh9s4c",
            "Th7c2h",
            "AhAsKd",
            "9s8c7h6d",
            "2h3h4h5h6h",
            "QcQdQhQs2c",
        ] {
            let board = parse_cards(board).unwrap();
            let b = BoardBreakdown::new(&range, &board, CardSet::EMPTY).unwrap();
            let n = 52 - board.len();
            let combos = (n * (n - 1) / 2) as f64;
            assert_eq!(b.total, combos);
            let made: f64 = b.made.iter().map(|r| r.weight).sum();
            assert!((made - combos).abs() < 1e-9);
            let listed: usize = b.made.iter().map(|r| r.combos.len()).sum();
            assert_eq!(listed as f64, combos);
        }
    }

    /// The weights alone are the listed breakdown's, to the bit, with no
    /// combo listed.
    #[test]
    fn weights_alone_are_the_breakdowns() {
        let range = Range::parse("22+,A2s+,K9o+,T8s:0.35,65s:0.5").unwrap();
        for (board, dead) in [("Kh9s4c", ""), ("Th7c2h", "Ah"), ("9s8c7h6d", "2c")] {
            let board = parse_cards(board).unwrap();
            let dead = CardSet::parse(dead).unwrap();
            let listed = BoardBreakdown::new(&range, &board, dead).unwrap();
            let weights = BoardBreakdown::weights(&range, &board, dead).unwrap();
            assert_eq!(weights.total.to_bits(), listed.total.to_bits());
            let rows = |b: &BoardBreakdown| -> Vec<(u64, usize)> {
                let made = b.made.iter().map(|r| (r.weight.to_bits(), r.combos.len()));
                let draws = b.draws.iter().map(|r| (r.weight.to_bits(), r.combos.len()));
                made.chain(draws).collect()
            };
            let (l, w) = (rows(&listed), rows(&weights));
            assert!(l.iter().zip(&w).all(|(l, w)| l.0 == w.0 && w.1 == 0));
            assert!(l.iter().any(|l| l.1 > 0));
        }
    }
}
