//! The sweep over the boards: each board of an orbit ranked once, counted
//! by the [`Counter`], and its counts added to the ten flops it holds, on
//! up to four threads' accumulators merged into one.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use super::counter::Scratches;
use super::pass::Pass;
use super::pending::Pending;
use super::sums::{ACCUMULATOR_BYTES, Acc, Count};
use crate::compact::CompactHand;
use crate::equity::error::EquityError;
use crate::equity::exact::common::BoardView;

/// Boards swept between two looks at `cancel` and `progress`.
const PROGRESS_BOARDS: usize = 4096;

impl Pass<'_> {
    /// Sweeps every board into per-class accumulators with counters of
    /// type `T`, on up to four threads' accumulators (fewer where they
    /// would not fit [`ACCUMULATOR_BYTES`]), merged into one.
    pub(super) fn sweep<T: Count>(
        &self,
        cancel: &(dyn Fn() -> bool + Sync),
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<Option<Acc<T>>, EquityError> {
        let acc_bytes = (self.classes * self.live).max(1) * size_of::<[T; 2]>();
        let folds = rayon::current_num_threads()
            .clamp(1, 4)
            .min((ACCUMULATOR_BYTES / acc_bytes).max(1));
        let swept = AtomicUsize::new(0);
        let boards = self.boards;
        let per_fold = boards.len().div_ceil(folds).max(1);
        let accs = boards
            .par_chunks(per_fold)
            .map(|chunk| -> Result<Acc<T>, EquityError> {
                let mut fold = Fold::<T>::new(self);
                for (k, &(mask, orbit)) in chunk.iter().enumerate() {
                    if k % PROGRESS_BOARDS == 0 {
                        if cancel() {
                            return Err(EquityError::Cancelled);
                        }
                        let step = k.min(PROGRESS_BOARDS);
                        let done = swept.fetch_add(step, Ordering::Relaxed) + step;
                        progress(done, boards.len());
                    }
                    fold.board(self, mask, orbit);
                }
                Ok(fold.finish(self))
            })
            .collect::<Result<Vec<Acc<T>>, EquityError>>()?;
        // Merged into the first: no accumulator beyond the folds'.
        Ok(accs.into_iter().reduce(Acc::add))
    }

    /// Adds `counts` (by item) to a class's `row` under permutation `p`,
    /// in the row's order: its entry `j` takes the counts of the item `p`
    /// sends there (straight through where `p` moves no item).
    pub(super) fn add_row<T: Count>(&self, row: &mut [[T; 2]], p: u8, counts: &[[T; 2]]) {
        let p = usize::from(p);
        if self.identity[p] {
            for (target, c) in row.iter_mut().zip(counts) {
                target[0].add_count(c[0]);
                target[1].add_count(c[1]);
            }
            return;
        }
        for (target, &i) in row.iter_mut().zip(&self.item_sources[p]) {
            let c = counts[i as usize];
            target[0].add_count(c[0]);
            target[1].add_count(c[1]);
        }
    }
}

/// One thread's share of the sweep: its accumulator and the working
/// storage of a board, reused across its boards.
struct Fold<T> {
    acc: Acc<T>,
    /// The board's rank of every item (0 where it holds a board card).
    ranks: Vec<u32>,
    /// The board's `[weight, wins, ties, share]` per item.
    per_combo: Vec<[u64; 4]>,
    /// The board's weight and share per item, times its orbit.
    scaled: Vec<[T; 2]>,
    /// The board's weight per set of winners.
    sets: Vec<u64>,
    scratch: Scratches,
    pending: Pending<T>,
}

impl<T: Count> Fold<T> {
    fn new(pass: &Pass<'_>) -> Fold<T> {
        let live = pass.live;
        Fold {
            acc: Acc::<T>::new(pass.classes, pass.winner_sets, live),
            ranks: vec![0u32; live],
            per_combo: vec![[0u64; 4]; live],
            scaled: vec![[T::default(); 2]; live],
            sets: vec![0u64; pass.winner_sets],
            scratch: Scratches::default(),
            pending: Pending::<T>::new(live),
        }
    }

    /// Counts the board `mask`, whose orbit holds `orbit` boards, and adds
    /// its counts to its ten flops.
    #[inline(always)]
    fn board(&mut self, pass: &Pass<'_>, mask: u64, orbit: u64) {
        // The board's five cards, lowest first.
        let mut cards = [0u64; 5];
        let mut rest = mask;
        for card in &mut cards {
            *card = rest & rest.wrapping_neg();
            rest &= rest - 1;
        }
        self.rank(pass, mask, &cards);
        let deals = self.count(pass, mask);
        // Every blocked item's counters are 0 (cleared in `count`).
        for (to, c) in self.scaled.iter_mut().zip(&self.per_combo) {
            // The weight and the share (see `ClassSums::combos`).
            *to = [T::from_u64(c[0] * orbit), T::from_u64(c[3] * orbit)];
        }
        self.add_flops(pass, &cards, deals, orbit);
    }

    /// Ranks every item on the board `mask` (`cards`, its cards).
    #[inline(always)]
    fn rank(&mut self, pass: &Pass<'_>, mask: u64, cards: &[u64; 5]) {
        let board = cards.iter().fold(CompactHand::EMPTY, |h, &c| {
            h.combine(CompactHand::from_index(c.trailing_zeros() as u8))
        });
        for ((r, it), hand) in self.ranks.iter_mut().zip(pass.all).zip(pass.cards) {
            *r = if it.mask & mask == 0 {
                hand.combine(board).rank7().value()
            } else {
                0
            };
        }
    }

    /// Counts the deals on the board `mask` (ranked) into the cleared
    /// `sets` and `per_combo`, returning how many.
    #[inline(always)]
    fn count(&mut self, pass: &Pass<'_>, mask: u64) -> u64 {
        self.per_combo.iter_mut().for_each(|c| *c = [0; 4]);
        self.sets.iter_mut().for_each(|v| *v = 0);
        // The best single hand and who holds it.
        let (mut fixed_best, mut fixed_winners) = (0, 0);
        for &(a, slot) in pass.hands {
            let r = self.ranks[slot];
            if r > fixed_best {
                (fixed_best, fixed_winners) = (r, 1 << a);
            } else if r == fixed_best {
                fixed_winners |= 1 << a;
            }
        }
        let view = BoardView {
            ranks: &self.ranks,
            mask,
            fixed_best,
            fixed_winners,
        };
        pass.counter.board(
            &view,
            pass.all,
            &mut self.sets,
            &mut self.per_combo,
            pass.unit_k,
            &mut self.scratch,
        )
    }

    /// Adds the board's counts (`deals` deals; its orbit's `orbit` boards)
    /// to each of its ten flops' classes, `cards` its cards lowest first.
    #[inline(always)]
    fn add_flops(&mut self, pass: &Pass<'_>, cards: &[u64; 5], deals: u64, orbit: u64) {
        let (nsets, live) = (pass.winner_sets, pass.live);
        for x in 0..5 {
            for y in x + 1..5 {
                for z in y + 1..5 {
                    let flop = cards[x] | cards[y] | cards[z];
                    let Some(&(class, p)) = pass.flop_class.get(&flop) else {
                        continue;
                    };
                    let class = class as usize;
                    let acc = &mut self.acc;
                    let to_sets = &mut acc.sets[class * nsets..(class + 1) * nsets];
                    for (a, s) in to_sets.iter_mut().zip(&self.sets) {
                        *a += s * orbit;
                    }
                    acc.deals[class] += deals * orbit;
                    if z < 4 {
                        // A flop of the four lowest cards: the next boards
                        // likely share it.
                        let at = x + y + z - 3;
                        self.pending
                            .add(at, cards, class, p, &self.scaled, acc, pass);
                        continue;
                    }
                    let row = &mut acc.combos[class * live..(class + 1) * live];
                    pass.add_row(row, p, &self.scaled);
                }
            }
        }
    }

    /// The fold's accumulator, its pending sums added.
    fn finish(mut self, pass: &Pass<'_>) -> Acc<T> {
        self.pending.flush(&mut self.acc, pass);
        self.acc
    }
}
