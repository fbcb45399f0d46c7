//! The side-by-side count's cells ([`LaneCell`]: each combo's counts on
//! every lane of a board) on their way to the classes' rows. The pass
//! sweeps boards in the lexicographic order of their cards, so a run of
//! boards shares its four lowest cards and the four flops they make: those
//! lanes are summed in the cells over the run and added to their classes
//! when it ends; the six flops holding a board's highest card are added
//! to theirs once the board is counted. Each lane goes to its class's row
//! in the row's order (the permutation's inverse), and is cleared as it
//! goes.

use super::on_flop::{FLOPS, LANES, LaneCell};
use super::pass::Pass;
use super::sums::{Acc, Count};

/// The cells by slot, and the run's flops.
pub(super) struct LaneRuns<T> {
    cells: Vec<LaneCell<T>>,
    /// The four lowest cards of the run's boards.
    lowest: u64,
    /// Per lane of a flop of those four cards, its class and permutation
    /// where counted (`None` on the other lanes).
    run: [Option<(usize, u8)>; LANES],
}

/// Whether lane `l`'s flop (by its place among a board's ten) is one of
/// the board's four lowest cards.
fn in_run(l: usize) -> bool {
    FLOPS[l].2 < 4
}

impl<T: Count> LaneRuns<T> {
    /// No run yet, for `live` items.
    pub(super) fn new(live: usize) -> LaneRuns<T> {
        LaneRuns {
            cells: vec![[[T::default(); 2]; 16]; live],
            lowest: 0,
            run: [None; LANES],
        }
    }

    /// Starts the board `cards` (its ten flops' classes and permutations
    /// `flops`, by lane): a board with other lowest cards ends the run
    /// first. Returns the cells for the board's counts to be added to.
    pub(super) fn start(
        &mut self,
        cards: &[u64; 5],
        flops: &[Option<(usize, u8)>; LANES],
        acc: &mut Acc<[T; 2]>,
        pass: &Pass<'_>,
    ) -> &mut [LaneCell<T>] {
        let lowest = cards[0] | cards[1] | cards[2] | cards[3];
        if lowest != self.lowest {
            self.flush_run(acc, pass);
            self.lowest = lowest;
            for l in (0..LANES).filter(|&l| in_run(l)) {
                self.run[l] = flops[l];
            }
        }
        &mut self.cells
    }

    /// Adds the board's lanes whose flops hold its highest card (`flops`,
    /// as [`LaneRuns::start`] took them) to their classes.
    pub(super) fn end_board(
        &mut self,
        flops: &[Option<(usize, u8)>; LANES],
        acc: &mut Acc<[T; 2]>,
        pass: &Pass<'_>,
    ) {
        for (l, &flop) in flops.iter().enumerate() {
            if let (false, Some(flop)) = (in_run(l), flop) {
                add_lane(&mut self.cells, l, flop, acc, pass);
            }
        }
    }

    /// Adds the run's lanes to their classes.
    pub(super) fn flush_run(&mut self, acc: &mut Acc<[T; 2]>, pass: &Pass<'_>) {
        for l in 0..LANES {
            if let Some(flop) = self.run[l].take() {
                add_lane(&mut self.cells, l, flop, acc, pass);
            }
        }
    }
}

/// Adds lane `l` of every cell to the row of `class`, whose entry `j`
/// takes the cell that the permutation `p` sends there, and clears it.
#[inline(always)]
fn add_lane<T: Count>(
    cells: &mut [LaneCell<T>],
    l: usize,
    (class, p): (usize, u8),
    acc: &mut Acc<[T; 2]>,
    pass: &Pass<'_>,
) {
    let live = pass.live;
    let row = &mut acc.combos[class * live..(class + 1) * live];
    for (to, &i) in row.iter_mut().zip(&pass.item_sources[usize::from(p)]) {
        let cell = &mut cells[i as usize];
        T::add_pair(to, cell[l]);
        cell[l] = [T::default(); 2];
    }
}
