//! The counts of the flops a run of boards shares, summed in the cache
//! before they go to the classes' rows.

use super::pass::Pass;
use super::sums::{Acc, Count};

/// The counts of the flops a run of boards shares: the pass sweeps boards
/// in order of their masks, so consecutive boards mostly share their four
/// lowest cards and the four flops those make. Their counts are summed
/// here, in the boards' own item order (a few kilobytes that stay in the
/// cache), and added to the classes' rows once the run ends, instead of
/// going to four rows of a large accumulator on every board.
pub(super) struct Pending<T> {
    /// The four lowest cards of the run's boards.
    lowest: u64,
    /// Per flop of them (by `x + y + z - 3` of its card positions), its
    /// class and permutation, if counted.
    flops: [Option<(usize, u8)>; 4],
    /// Per flop, per item: weight and share.
    sums: Vec<[T; 2]>,
    live: usize,
}

impl<T: Count> Pending<T> {
    /// No run yet, for `live` items.
    pub(super) fn new(live: usize) -> Pending<T> {
        Pending {
            lowest: 0,
            flops: [None; 4],
            sums: vec![[T::default(); 2]; 4 * live],
            live,
        }
    }

    /// The sums of flop `at` of the board `cards`, whose class is `class`
    /// under permutation `p`, for the board's counts per item to be added
    /// to; a board with other lowest cards ends the run first.
    pub(super) fn sums(
        &mut self,
        at: usize,
        cards: &[u64; 5],
        (class, p): (usize, u8),
        acc: &mut Acc<T>,
        pass: &Pass<'_>,
    ) -> &mut [[T; 2]] {
        self.start(at, cards, class, p, acc, pass);
        &mut self.sums[at * self.live..(at + 1) * self.live]
    }

    /// Ends the run first where the board `cards` has other lowest cards,
    /// and notes flop `at`'s class and permutation.
    fn start(
        &mut self,
        at: usize,
        cards: &[u64; 5],
        class: usize,
        p: u8,
        acc: &mut Acc<T>,
        pass: &Pass<'_>,
    ) {
        let lowest = cards[0] | cards[1] | cards[2] | cards[3];
        if lowest != self.lowest {
            self.flush(acc, pass);
            self.lowest = lowest;
        }
        self.flops[at] = Some((class, p));
    }

    /// Adds the run's sums to their classes' rows and clears them.
    pub(super) fn flush(&mut self, acc: &mut Acc<T>, pass: &Pass<'_>) {
        let live = self.live;
        for (at, flop) in self.flops.iter_mut().enumerate() {
            let Some((class, p)) = flop.take() else {
                continue;
            };
            let sums = &mut self.sums[at * live..(at + 1) * live];
            let row = &mut acc.combos[class * live..(class + 1) * live];
            pass.add_row(row, p, sums);
            sums.iter_mut().for_each(|c| *c = [T::default(); 2]);
        }
    }
}
