//! The sweep over the boards: each board of an orbit ranked once, counted
//! by the [`Counter`](super::counter::Counter), and its counts added to the ten flops it holds, on
//! up to four threads' accumulators merged into one.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use super::counter::Scratches;
use super::flop_weights::{FlopWeights, OnFlop};
use super::lane_runs::LaneRuns;
use super::on_flop::{self, FLOPS, LANES, LaneCounts};
use super::pass::Pass;
use super::pending::{Pending, ToFlops};
use super::sums::{ACCUMULATOR_BYTES, Acc, Cell, Count};
use crate::compact::CompactHand;
use crate::equity::error::EquityError;
use crate::equity::exact::common::BoardView;

/// One thread's share of a sweep: what it sums per class and item (`C`),
/// counted board by board.
pub(super) trait Folding<C>: Sized {
    fn new(pass: &Pass<'_>) -> Self;
    /// Counts the board `mask`, whose orbit holds `orbit` boards, into its
    /// ten flops.
    fn board(&mut self, pass: &Pass<'_>, mask: u64, orbit: u64);
    /// The fold's accumulator, its pending sums added.
    fn finish(self, pass: &Pass<'_>) -> Acc<C>;
}

impl Pass<'_> {
    /// Sweeps every board into per-class accumulators with counters of
    /// type `T`, on up to four threads' accumulators (fewer where they
    /// would not fit [`ACCUMULATOR_BYTES`]), merged into one.
    pub(super) fn sweep<T: Count>(
        &self,
        cancel: &(dyn Fn() -> bool + Sync),
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<Option<Acc<[T; 2]>>, EquityError> {
        self.sweep_by::<[T; 2], Fold<T>>(cancel, progress)
    }

    /// Sweeps every board by folds of type `F`, each summing cells `C`
    /// per class and item, on [`Pass::folds`] threads' accumulators, merged
    /// into one. Each fold takes the next block of boards ([`OrbitBoards`])
    /// until none is left, so a thread slowed by others on the machine
    /// takes fewer.
    ///
    /// [`OrbitBoards`]: super::orbits::OrbitBoards
    pub(super) fn sweep_by<C: Cell, F: Folding<C>>(
        &self,
        cancel: &(dyn Fn() -> bool + Sync),
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<Option<Acc<C>>, EquityError> {
        let orbits = self.orbits;
        let total: usize = (0..orbits.blocks()).map(|b| orbits.boards_in(b)).sum();
        let (next, swept) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let accs = (0..self.folds::<C>())
            .into_par_iter()
            .map(|_| -> Result<Option<Acc<C>>, EquityError> {
                let mut fold: Option<F> = None;
                loop {
                    let block = next.fetch_add(1, Ordering::Relaxed);
                    if block >= orbits.blocks() {
                        break;
                    }
                    if cancel() {
                        return Err(EquityError::Cancelled);
                    }
                    let fold = fold.get_or_insert_with(|| F::new(self));
                    orbits.for_each(block, |mask, orbit| fold.board(self, mask, orbit));
                    let boards = orbits.boards_in(block);
                    progress(swept.fetch_add(boards, Ordering::Relaxed) + boards, total);
                }
                Ok(fold.map(|fold| fold.finish(self)))
            })
            .collect::<Result<Vec<Option<Acc<C>>>, EquityError>>()?;
        // Merged into the first: no accumulator beyond the folds'.
        Ok(accs.into_iter().flatten().reduce(Acc::add))
    }

    /// How many folds sweep with cells `C`: one per thread, up to four,
    /// fewer where their accumulators would not fit [`ACCUMULATOR_BYTES`].
    pub(super) fn folds<C>(&self) -> usize {
        let acc_bytes = (self.classes * self.live).max(1) * size_of::<C>();
        rayon::current_num_threads()
            .clamp(1, 4)
            .min((ACCUMULATOR_BYTES / acc_bytes).max(1))
    }

    /// Adds `counts` (by item) to a class's `row` under permutation `p`,
    /// in the row's order: its entry `j` takes the counts of the item `p`
    /// sends there (straight through where `p` moves no item). The items
    /// counted alone ([`Read`](super::counter::Read); a permutation keeps
    /// each item's seat).
    pub(super) fn add_row<C: Cell>(&self, row: &mut [C], p: u8, counts: &[C]) {
        let p = usize::from(p);
        let slots = self.read.slots.clone();
        let row = &mut row[slots.clone()];
        if self.identity[p] {
            for (target, c) in row.iter_mut().zip(&counts[slots]) {
                target.add_cell(*c);
            }
            return;
        }
        for (target, &i) in row.iter_mut().zip(&self.item_sources[p][slots]) {
            target.add_cell(counts[i as usize]);
        }
    }
}

/// One thread's share of the sweep: its accumulator and the working
/// storage of a board, reused across its boards.
struct Fold<T> {
    acc: Acc<[T; 2]>,
    /// The board's rank of every item (0 where it holds a board card).
    ranks: Vec<u32>,
    /// The board's weight and share per item, times its orbit.
    scaled: Vec<[T; 2]>,
    /// The board's weight per set of winners.
    sets: Vec<u64>,
    scratch: Scratches,
    pending: Pending<T>,
    /// The one pass's way to the ten flops of a board.
    flops: ToFlops<[T; 2]>,
    /// On a line with no single hand, a board's flops counted side by
    /// side, and their counts by slot on their way to the classes.
    lanes: Option<(LaneCounts, LaneRuns<T>)>,
}

impl<T: Count> Folding<[T; 2]> for Fold<T> {
    fn new(pass: &Pass<'_>) -> Fold<T> {
        let live = pass.live;
        let lanes = pass.flop_weights.is_some() && pass.hands.is_empty();
        Fold {
            acc: Acc::new(pass.classes, pass.winner_sets, live),
            ranks: vec![0u32; live],
            scaled: vec![[T::default(); 2]; live],
            sets: vec![0u64; pass.winner_sets],
            scratch: Scratches::default(),
            pending: Pending::<T>::new(live),
            // Sums by highest card in the one pass only: on a line each
            // flop has its own counts.
            flops: ToFlops::new(live, pass.winner_sets, pass.flop_weights.is_none()),
            lanes: lanes.then(|| (LaneCounts::new(live, pass.winner_sets), LaneRuns::new(live))),
        }
    }

    #[inline(always)]
    fn board(&mut self, pass: &Pass<'_>, mask: u64, orbit: u64) {
        let cards = board_cards(mask);
        self.rank(pass, mask, &cards);
        if let Some(weights) = pass.flop_weights {
            self.each_flop(pass, weights, mask, &cards, orbit);
            return;
        }
        let fixed = self.fixed_best(pass);
        let mut to = on_flop::Into {
            sets: &mut self.sets,
            counts: &mut self.scaled,
            unit_k: pass.unit_k,
            orbit,
        };
        let view = view(&self.ranks, mask, fixed);
        let read = &pass.read;
        let deals = (pass.counter).board(&view, pass.all, read, &mut self.scratch, &mut to);
        let counts = (&self.scaled[..], &self.sets[..], deals, orbit);
        self.flops.add(&mut self.acc, pass, &cards, counts);
    }

    fn finish(mut self, pass: &Pass<'_>) -> Acc<[T; 2]> {
        self.pending.flush(&mut self.acc, pass);
        self.flops.flush(&mut self.acc, pass);
        if let Some((_, runs)) = &mut self.lanes {
            runs.flush_run(&mut self.acc, pass);
        }
        self.acc
    }
}

impl<T: Count> Fold<T> {
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

    /// The best single hand's rank on the board (ranked) and who holds it
    /// (bits by active index).
    #[inline(always)]
    fn fixed_best(&self, pass: &Pass<'_>) -> (u32, usize) {
        let (mut best, mut winners) = (0, 0);
        for &(a, slot) in pass.hands {
            let r = self.ranks[slot];
            if r > best {
                (best, winners) = (r, 1 << a);
            } else if r == best {
                winners |= 1 << a;
            }
        }
        (best, winners)
    }

    /// Counts the board `mask` (ranked; `cards` its cards, lowest first;
    /// its orbit's `orbit` boards) once for each of its flops, with that
    /// flop's own `weights`, into the flop's class.
    #[inline(always)]
    fn each_flop(
        &mut self,
        pass: &Pass<'_>,
        weights: &FlopWeights,
        mask: u64,
        cards: &[u64; 5],
        orbit: u64,
    ) {
        let fixed = self.fixed_best(pass);
        let board = view(&self.ranks, mask, fixed);
        (pass.counter).prepare(&board, weights, pass.live, &mut self.scratch);
        if self.side_by_side(pass, weights, cards, orbit) {
            return;
        }
        for (x, y, z) in FLOPS {
            let flop = cards[x] | cards[y] | cards[z];
            let Some((class, p)) = pass.flop_class.get(flop) else {
                continue;
            };
            let Some(on) = weights.on_flop(class as usize, &pass.item_perms[usize::from(p)]) else {
                continue;
            };
            self.sets.iter_mut().for_each(|v| *v = 0);
            let mut to = on_flop::Into {
                sets: &mut self.sets,
                counts: &mut self.scaled,
                unit_k: pass.unit_k,
                orbit,
            };
            let view = view(&self.ranks, mask, fixed);
            let deals = (pass.counter).count_on(&view, &on, &mut self.scratch, &mut to);
            let flop = ((x, y, z), (class as usize, p));
            self.acc.add_sets(flop.1.0, &self.sets, deals, orbit);
            let slots = self.scratch.lists.slots();
            let into = (&mut self.acc, &mut self.pending);
            add_flop(into, pass, cards, flop, &self.scaled, slots);
        }
    }

    /// Counts the board's flops side by side where that applies (a line
    /// with one seat ruled, the other not, and no single hand; the board
    /// [`Counter::prepare`]d), adding each to its class; whether it did.
    ///
    /// [`Counter::prepare`]: super::counter::Counter::prepare
    #[inline(always)]
    fn side_by_side(
        &mut self,
        pass: &Pass<'_>,
        weights: &FlopWeights,
        cards: &[u64; 5],
        orbit: u64,
    ) -> bool {
        let Some((lanes, runs)) = &mut self.lanes else {
            return false;
        };
        let Some(ruled) = self.scratch.lists.ruled() else {
            return false;
        };
        let mut ons: [Option<OnFlop<'_>>; LANES] = Default::default();
        let mut flops = [None; LANES];
        for (l, (x, y, z)) in FLOPS.into_iter().enumerate() {
            let flop = cards[x] | cards[y] | cards[z];
            let Some((class, p)) = pass.flop_class.get(flop) else {
                continue;
            };
            let to = &pass.item_perms[usize::from(p)];
            if let Some(on) = weights.on_flop(class as usize, to) {
                (ons[l], flops[l]) = (Some(on), Some((class as usize, p)));
            }
        }
        let cells = runs.start(cards, &flops, &mut self.acc, pass);
        let unit_orbit = (pass.unit_k, orbit);
        (pass.counter).count_lanes(ruled, &ons, unit_orbit, lanes, cells);
        for (l, flop) in flops.iter().enumerate() {
            if let Some((class, _)) = *flop {
                (self.acc).add_sets(class, lanes.sets(l), lanes.deals[l], orbit);
            }
        }
        runs.end_board(&flops, &mut self.acc, pass);
        true
    }
}

/// The five cards of the board `mask`, lowest first, each as a mask.
#[inline(always)]
pub(super) fn board_cards(mask: u64) -> [u64; 5] {
    let mut cards = [0u64; 5];
    let mut rest = mask;
    for card in &mut cards {
        *card = rest & rest.wrapping_neg();
        rest &= rest - 1;
    }
    cards
}

/// Adds one flop's counts (`counts`, by slot, at `slots`) of the board
/// `cards` to its class: the flop at positions `(x, y, z)` of the board's
/// cards, of class `class` under permutation `p`. A flop of the board's
/// four lowest cards goes through the run's pending sums, the others
/// straight to the class's row.
#[inline(always)]
fn add_flop<T: Count>(
    (acc, pending): (&mut Acc<[T; 2]>, &mut Pending<T>),
    pass: &Pass<'_>,
    cards: &[u64; 5],
    ((x, y, z), (class, p)): ((usize, usize, usize), (usize, u8)),
    counts: &[[T; 2]],
    slots: impl Iterator<Item = usize>,
) {
    if z < 4 {
        let sums = pending.sums(x + y + z - 3, cards, (class, p), acc, pass);
        for slot in slots {
            let (to, c) = (&mut sums[slot], counts[slot]);
            T::add_pair(to, c);
        }
    } else {
        let live = pass.live;
        let row = &mut acc.combos[class * live..(class + 1) * live];
        let to = &pass.item_perms[usize::from(p)];
        for slot in slots {
            let c = counts[slot];
            let target = &mut row[to[slot] as usize];
            T::add_pair(target, c);
        }
    }
}

/// The board `mask` as the counters read it: its items' ranks `ranks`, and
/// the best single hand's rank and who holds it.
#[inline(always)]
fn view(ranks: &[u32], mask: u64, (fixed_best, fixed_winners): (u32, usize)) -> BoardView<'_> {
    BoardView {
        ranks,
        mask,
        fixed_best,
        fixed_winners,
    }
}
