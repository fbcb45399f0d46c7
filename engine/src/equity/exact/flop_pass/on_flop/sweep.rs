//! The two ranges' sweep of one flop of a board on compact lists of
//! combos ([`Entry`]): each combo's counts and the sets, into [`Into`].

use crate::equity::exact::common::BoardView;
use crate::equity::exact::flop_pass::sums::Count;
use crate::equity::exact::two_ranges::Sums;

/// A combo of a seat's range on the flop.
#[derive(Clone, Copy)]
pub(crate) struct Entry {
    /// Its rank on the board.
    pub(super) rank: u32,
    /// Its slot (item index).
    pub(super) slot: u32,
    pub(super) weight: u64,
    /// The slot of the other seat's same combo (one past the last slot
    /// where it has none).
    pub(super) twin: u32,
    pub(super) cards: [u8; 2],
}

/// What a combo meets in the other seat's list, free of its cards: the
/// weight ranked below it and level with it, the whole weight, and how
/// many combos.
#[derive(Clone, Copy, Default)]
pub(crate) struct Met {
    pub(crate) lower: u64,
    pub(crate) equal: u64,
    pub(crate) all: u64,
    pub(crate) held: u64,
}

/// What one board, or one flop of it, is counted into: the weight of each
/// set of winners (by active-index bits), and each combo counted's weight
/// of deals and pot share (in units of `unit_k[1]`) times `orbit`, by slot
/// (written, not added: each combo is counted once; the other slots are
/// left as they are).
pub(crate) struct Into<'a, T> {
    pub(crate) sets: &'a mut [u64],
    pub(crate) counts: &'a mut [[T; 2]],
    pub(crate) unit_k: &'a [u64],
    pub(crate) orbit: u64,
}

impl<T: Count> Into<'_, T> {
    #[inline(always)]
    pub(crate) fn set(&mut self, slot: u32, weight: u64, share: u64) {
        self.counts[slot as usize] = [
            T::from_u64(weight * self.orbit),
            T::from_u64(share * self.orbit),
        ];
    }
}

/// The two ranges' sweep of one flop.
pub(super) struct Sweep<'a, 'b> {
    pub(super) view: &'a BoardView<'b>,
    /// The two seats' bits.
    pub(super) bits: [usize; 2],
    /// The product of the single-combo seats' weights.
    pub(super) fixed_weight: u64,
    /// By slot, the weight on the flop (for a combo's twin).
    pub(super) weights: &'a [u64],
}

impl Sweep<'_, '_> {
    /// Seat `side`'s combo `e` of weight `w` (times the single hands'),
    /// whose deals weigh `weight`, `lower` of them below it and `equal`
    /// level with it: its counters, and the sets (those with it alone or
    /// level with the other seat alone summed in `sums`, for
    /// [`Sweep::finish`]).
    #[inline(always)]
    pub(super) fn emit(
        &self,
        side: usize,
        e: &Entry,
        [w, weight, lower, equal]: [u64; 4],
        sums: &mut [u64; 2],
        to: &mut Into<'_, impl Count>,
    ) {
        let (fixed_best, fixed_winners) = (self.view.fixed_best, self.view.fixed_winners);
        if e.rank < fixed_best {
            to.set(e.slot, weight, 0);
        } else if e.rank == fixed_best {
            let k = fixed_winners.count_ones() as usize + 1;
            to.sets[self.bits[side] | fixed_winners] += w * lower;
            if side == 0 {
                to.sets[self.bits[0] | self.bits[1] | fixed_winners] += w * equal;
            }
            let share = w * (lower * to.unit_k[k] + equal * to.unit_k[k + 1]);
            to.set(e.slot, weight, share);
        } else {
            sums[0] += w * lower;
            sums[1] += w * equal;
            let share = w * (lower * to.unit_k[1] + equal * to.unit_k[2]);
            to.set(e.slot, weight, share);
        }
    }

    /// Adds seat `side`'s `sums` ([`Sweep::emit`]) to the sets: the ties
    /// from the first seat only.
    #[inline(always)]
    pub(super) fn finish(
        &self,
        side: usize,
        [wins, ties]: [u64; 2],
        to: &mut Into<'_, impl Count>,
    ) {
        to.sets[self.bits[side]] += wins;
        if side == 0 {
            to.sets[self.bits[0] | self.bits[1]] += ties;
        }
    }

    /// Seat `side`'s combos (`mine`) against the other seat's (`theirs`,
    /// whose whole weight per card is `all`): each combo's weight of
    /// deals; at or above the single-combo seats, the weight below it (a
    /// win) and level with it (a tie) to the sets and its counters. Both
    /// lists go up by rank, so two running sums of the other seat's combos
    /// (below it, and up to its rank) give both. (One sum and groups of
    /// equal rank took as many instructions and a fifth more mispredicted
    /// branches.)
    #[inline(always)]
    pub(super) fn side(
        &self,
        side: usize,
        (mine, theirs): (&[Entry], &[Entry]),
        all: &Sums,
        to: &mut Into<'_, impl Count>,
    ) {
        let fixed_best = self.view.fixed_best;
        let f = self.fixed_weight;
        let mut below = Sums::new();
        let mut level = Sums::new();
        let (mut next_below, mut next_level) = (0, 0);
        let mut sums = [0, 0];
        for e in mine {
            let w = e.weight * f;
            let twin = self.weights[e.twin as usize];
            let weight = w * all.compatible(e.cards, twin);
            if e.rank < fixed_best {
                to.set(e.slot, weight, 0);
                continue;
            }
            while let Some(o) = theirs.get(next_below)
                && o.rank < e.rank
            {
                below.add(o.cards, o.weight);
                next_below += 1;
            }
            while let Some(o) = theirs.get(next_level)
                && o.rank <= e.rank
            {
                level.add(o.cards, o.weight);
                next_level += 1;
            }
            let lower = below.compatible(e.cards, 0);
            let equal = level.compatible(e.cards, twin) - lower;
            self.emit(side, e, [w, weight, lower, equal], &mut sums, to);
        }
        self.finish(side, sums, to);
    }
}
