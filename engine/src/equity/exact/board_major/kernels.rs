//! The board-major kernels ([`BoardKernel`]): the deals compatible with
//! one board counted into a chunk's accumulators, its combos ranked.

use super::scan::{Chunk, Scan, Sweeper};
use crate::equity::exact::common::BoardView;
use crate::equity::exact::winner_sets::{WINNER_SET_SEATS, WinnerScan, fixed_outcome};
use crate::equity::strategy::BoardKernel;

impl Scan<'_> {
    /// Counts the deals compatible with `board_mask` by the scan's kernel,
    /// every live combo ranked on the board in `acc`.
    #[inline]
    pub(super) fn count_board(&self, board_mask: u64, acc: &mut Chunk) {
        match self.kernel {
            BoardKernel::TwoRanges | BoardKernel::SweptSeat | BoardKernel::ThreeRanges => {
                self.sweep(board_mask, acc)
            }
            BoardKernel::WinnerSets => self.winner_sets(board_mask, acc),
            BoardKernel::PerDeal { wide } => self.per_deal(board_mask, wide, acc),
            BoardKernel::HeadsUpCombos => self.heads_up_combos(board_mask, acc),
            BoardKernel::MultiwayCombos { winner_sets } => {
                self.multiway_combos(board_mask, winner_sets, acc)
            }
            BoardKernel::WideCombos { wide } => self.wide_combos(board_mask, wide, acc),
        }
    }

    /// The sweeps: [`BoardKernel::TwoRanges`], [`BoardKernel::SweptSeat`] and
    /// [`BoardKernel::ThreeRanges`].
    pub(super) fn sweep(&self, board_mask: u64, acc: &mut Chunk) {
        let (fixed_best, fixed_winners) = fixed_outcome(&self.fixed, &acc.ranks);
        let per_combo = if self.setup.breakdown {
            Some((acc.multi.as_mut_slice(), self.unit_k.as_slice()))
        } else {
            None
        };
        let board = BoardView {
            ranks: &acc.ranks,
            mask: board_mask,
            fixed_best,
            fixed_winners,
        };
        let sets = &mut acc.winner_sets[..1 << self.n];
        acc.counts.deals += match &self.sweeper {
            Some(Sweeper::Two(k)) => k.board(&board, sets, per_combo, &mut acc.scratch),
            Some(Sweeper::Swept(k)) => k.board(&board, sets, per_combo, &mut acc.swept),
            Some(Sweeper::Three(k)) => k.board(&board, sets, per_combo, &mut acc.three),
            None => 0,
        };
    }

    /// [`BoardKernel::WinnerSets`]: seats with a single combo rank the same
    /// in every deal; the others' slot count is fixed at compile time.
    pub(super) fn winner_sets(&self, board_mask: u64, acc: &mut Chunk) {
        let (fixed_best, fixed_winners) = fixed_outcome(&self.fixed, &acc.ranks);
        let scan = WinnerScan {
            ranks: &acc.ranks,
            masks: &self.deals.masks,
            weights: &self.weights64,
            slots: &self.var_slots,
            board_mask,
            fixed_best,
            fixed_winners,
            sets: 1 << self.n,
        };
        let variable = &self.variable;
        let sets = &mut acc.winner_sets;
        acc.counts.deals += match variable.len() {
            0 => scan.run::<0>(variable, sets),
            1 => scan.run::<1>(variable, sets),
            2 => scan.run::<2>(variable, sets),
            3 => scan.run::<3>(variable, sets),
            4 => scan.run::<4>(variable, sets),
            5 => scan.run::<5>(variable, sets),
            6 => scan.run::<6>(variable, sets),
            7 => scan.run::<7>(variable, sets),
            8 => scan.run::<8>(variable, sets),
            9 => scan.run::<9>(variable, sets),
            _ => scan.run::<WINNER_SET_SEATS>(variable, sets),
        };
    }

    /// [`BoardKernel::PerDeal`].
    pub(super) fn per_deal(&self, board_mask: u64, wide: bool, acc: &mut Chunk) {
        for (slot, weight) in self.live_deals(board_mask) {
            for (r, &i) in acc.deal_ranks.iter_mut().zip(slot) {
                *r = acc.ranks[i as usize];
            }
            if wide {
                acc.tally.record(&acc.deal_ranks, weight);
            } else {
                acc.counts.record_weighted(&acc.deal_ranks, weight as u64);
            }
        }
    }

    /// [`BoardKernel::HeadsUpCombos`]: per combo slot `[weight, wins,
    /// ties]`, counted branch-free.
    pub(super) fn heads_up_combos(&self, board_mask: u64, acc: &mut Chunk) {
        let (mut first, mut second, mut tied) = (0u64, 0u64, 0u64);
        for (slot, weight) in self.live_deals(board_mask) {
            let (i, j) = (slot[0] as usize, slot[1] as usize);
            let (a, b) = (acc.ranks[i], acc.ranks[j]);
            let w = weight as u64;
            let (gt, lt, eq) = (
                w * u64::from(a > b),
                w * u64::from(a < b),
                w * u64::from(a == b),
            );
            let x = &mut acc.heads_up[i];
            x[0] += w;
            x[1] += gt;
            x[2] += eq;
            let y = &mut acc.heads_up[j];
            y[0] += w;
            y[1] += lt;
            y[2] += eq;
            first += gt;
            second += lt;
            tied += eq;
            acc.counts.deals += 1;
        }
        acc.counts.wins[0] += first;
        acc.counts.wins[1] += second;
        acc.counts.tie_both(tied);
        acc.counts.total += first + second + tied;
    }

    /// [`BoardKernel::MultiwayCombos`]: per deal also the outcome of each
    /// seat's combo, in `u64` counters `[weight, wins, ties, share]`.
    pub(super) fn multiway_combos(&self, board_mask: u64, winner_sets: bool, acc: &mut Chunk) {
        for (slot, weight) in self.live_deals(board_mask) {
            let w = weight as u64;
            let mut best = 0;
            for (r, &i) in acc.deal_ranks.iter_mut().zip(slot) {
                *r = acc.ranks[i as usize];
                best = best.max(*r);
            }
            let k = acc.deal_ranks.iter().filter(|&&r| r == best).count();
            let (sole, shared) = (w * u64::from(k == 1), w * u64::from(k > 1));
            let share = w * self.unit_k[k];
            let mut winners = 0usize;
            for (a, (&r, &i)) in acc.deal_ranks.iter().zip(slot).enumerate() {
                let c = &mut acc.multi[i as usize];
                let top = u64::from(r == best);
                winners |= (top as usize) << a;
                c[0] += w;
                c[1] += sole * top;
                c[2] += shared * top;
                c[3] += share * top;
            }
            if winner_sets {
                acc.winner_sets[winners] += w;
                acc.counts.deals += 1;
            } else {
                acc.counts.record_weighted(&acc.deal_ranks, w);
            }
        }
    }

    /// [`BoardKernel::WideCombos`]: per deal also the outcome of each
    /// seat's combo, in `u128` counters.
    pub(super) fn wide_combos(&self, board_mask: u64, wide: bool, acc: &mut Chunk) {
        for (slot, weight) in self.live_deals(board_mask) {
            for (r, &i) in acc.deal_ranks.iter_mut().zip(slot) {
                *r = acc.ranks[i as usize];
            }
            let best = acc.deal_ranks.iter().copied().fold(0, u32::max);
            let k = acc.deal_ranks.iter().filter(|&&r| r == best).count();
            for (&r, &i) in acc.deal_ranks.iter().zip(slot) {
                let c = &mut acc.combos[i as usize];
                c.total += weight;
                if r == best {
                    if k == 1 {
                        c.win += weight;
                    } else {
                        c.tie += weight;
                    }
                    c.share += weight * self.unit_per_k[k];
                }
            }
            if wide {
                acc.tally.record(&acc.deal_ranks, weight);
            } else {
                acc.counts.record_weighted(&acc.deal_ranks, weight as u64);
            }
        }
    }
}
