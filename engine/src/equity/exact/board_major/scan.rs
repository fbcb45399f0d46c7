//! What every chunk of boards needs, built once ([`Scan`]), a chunk's
//! accumulators ([`Chunk`]), and a chunk counted board by board: every
//! live combo ranked, the deals counted by the kernel (`kernels`), the
//! accumulators folded into a tally.

use crate::card::Card;
use crate::compact::CompactHand;
use crate::equity::exact::common::Counts;
use crate::equity::exact::swept_seat::{self, SweptSeat};
use crate::equity::exact::three_ranges::{self, ThreeRanges};
use crate::equity::exact::two_ranges::{self, TwoRanges};
use crate::equity::exact::winner_sets::LANES;
use crate::equity::setup::Setup;
use crate::equity::strategy::BoardKernel;
use crate::equity::tally::{ComboCount, Tally, share_unit, tie_slot};

/// Boards per work item.
pub(super) const CHUNK_BOARDS: usize = 64;

/// The sweeps' views of a spot.
pub(super) enum Sweeper {
    /// [`BoardKernel::TwoRanges`].
    Two(TwoRanges),
    /// [`BoardKernel::SweptSeat`].
    Swept(SweptSeat),
    /// [`BoardKernel::ThreeRanges`].
    Three(ThreeRanges),
}

/// The seat deals, flattened: per deal its card mask, weight and, per
/// active seat, the slot of its combo among the live combos.
#[derive(Default)]
pub(super) struct Deals {
    pub(super) masks: Vec<u64>,
    pub(super) weights: Vec<u128>,
    pub(super) slots: Vec<u32>,
}

/// What every chunk of boards needs, built once.
pub(super) struct Scan<'a> {
    pub(super) setup: &'a Setup,
    pub(super) kernel: BoardKernel,
    /// Active seats.
    pub(super) n: usize,
    /// Live combos of the active seats, side by side.
    pub(super) live: usize,
    /// Every live combo as a compact hand, and its card mask.
    pub(super) hands: Vec<CompactHand>,
    pub(super) combo_masks: Vec<u64>,
    /// The known board.
    pub(super) base: CompactHand,
    /// The deals (empty for the sweep, which never lists them).
    pub(super) deals: Deals,
    /// The sweeps' view of the spot (none for the other kernels).
    pub(super) sweeper: Option<Sweeper>,
    /// Active seats holding one combo: (active index, rank slot).
    pub(super) fixed: Vec<(usize, u32)>,
    /// Active seats holding more (active indices), and their rank slots
    /// per deal (winner sets only).
    pub(super) variable: Vec<usize>,
    pub(super) var_slots: Vec<u16>,
    /// Deal weights as `u64` (winner sets only: weights are small).
    pub(super) weights64: Vec<u64>,
    /// `lcm(1..=n) / k` for `k` tied winners.
    pub(super) unit_per_k: Vec<u128>,
    pub(super) unit_k: Vec<u64>,
}

/// A chunk's accumulators: only those its kernel uses are allocated.
pub(super) struct Chunk {
    /// Seat totals in `u128` (wide kernels).
    pub(super) tally: Tally,
    /// Seat totals in `u64`.
    pub(super) counts: Counts,
    /// `LANES` copies of the winner-set counters.
    pub(super) winner_sets: Vec<u64>,
    /// Per live combo, `u128` counters (wide breakdown).
    pub(super) combos: Vec<ComboCount>,
    /// Per live combo `[weight, wins, ties, share]` in `u64`.
    pub(super) multi: Vec<[u64; 4]>,
    /// Per live combo `[weight, wins, ties]` in `u64` (heads-up).
    pub(super) heads_up: Vec<[u64; 3]>,
    /// This board's rank of every live combo, and one deal's ranks.
    pub(super) ranks: Vec<u32>,
    pub(super) deal_ranks: Vec<u32>,
    pub(super) scratch: two_ranges::Scratch,
    pub(super) swept: swept_seat::Scratch,
    pub(super) three: three_ranges::Scratch,
}

impl Scan<'_> {
    /// What every chunk of `setup`'s boards needs to be counted by
    /// `kernel`.
    pub(super) fn new(setup: &Setup, kernel: BoardKernel) -> Scan<'_> {
        let active = &setup.active;
        let n = active.len();
        let (offsets, live) = setup.combo_offsets();
        let sweeper = match kernel {
            BoardKernel::TwoRanges => TwoRanges::new(setup, &offsets).map(Sweeper::Two),
            BoardKernel::SweptSeat => SweptSeat::new(setup, &offsets).map(Sweeper::Swept),
            BoardKernel::ThreeRanges => ThreeRanges::new(setup, &offsets).map(Sweeper::Three),
            _ => None,
        };
        let mut deals = Deals::default();
        if !kernel.is_sweep() {
            setup.for_each_deal(&mut |p, mask, weight| {
                deals.masks.push(mask);
                deals.weights.push(weight);
                deals.slots.extend(
                    active
                        .iter()
                        .zip(&offsets)
                        .map(|(&s, &o)| (o + usize::from(p[s])) as u32),
                );
                true
            });
        }
        let hands = active
            .iter()
            .flat_map(|&s| setup.seats[s].combos.iter())
            .map(|combo| {
                let [x, y] = combo.cards();
                CompactHand::single(x).add_card(y)
            })
            .collect();
        let combo_masks = active
            .iter()
            .flat_map(|&s| setup.seats[s].masks.iter().copied())
            .collect();
        let fixed = (0..n)
            .filter(|&a| setup.seats[active[a]].combos.len() == 1)
            .map(|a| (a, offsets[a] as u32))
            .collect();
        let variable: Vec<usize> = (0..n)
            .filter(|&a| setup.seats[active[a]].combos.len() > 1)
            .collect();
        // The winner scan reads per deal a mask, a u64 weight and u16
        // slots: 8 + 8 + 2·V bytes.
        let winner_scan = kernel == BoardKernel::WinnerSets;
        let weights64 = if winner_scan {
            deals.weights.iter().map(|&w| w as u64).collect()
        } else {
            Vec::new()
        };
        let var_slots = if winner_scan {
            deals
                .slots
                .chunks_exact(n)
                .flat_map(|slot| variable.iter().map(|&a| slot[a] as u16))
                .collect()
        } else {
            Vec::new()
        };
        let unit = share_unit(n);
        let unit_per_k: Vec<u128> = (0..=n as u128).map(|k| unit / k.max(1)).collect();
        let unit_k = unit_per_k.iter().map(|&u| u as u64).collect();
        Scan {
            setup,
            kernel,
            n,
            live,
            hands,
            combo_masks,
            base: setup
                .board
                .iter()
                .fold(CompactHand::EMPTY, |h, &c| h.add_card(c)),
            deals,
            sweeper,
            fixed,
            variable,
            var_slots,
            weights64,
            unit_per_k,
            unit_k,
        }
    }

    /// Whether the kernel counts seat totals per set of winners.
    fn uses_winner_sets(&self) -> bool {
        self.kernel.is_sweep()
            || matches!(
                self.kernel,
                BoardKernel::WinnerSets | BoardKernel::MultiwayCombos { winner_sets: true }
            )
    }

    /// Empty accumulators for one chunk.
    pub(super) fn accumulators(&self) -> Chunk {
        let (n, live) = (self.n, self.live);
        let breakdown = self.setup.breakdown;
        let multi =
            self.kernel.is_sweep() || matches!(self.kernel, BoardKernel::MultiwayCombos { .. });
        Chunk {
            tally: Tally::new(n),
            counts: Counts::new(n),
            winner_sets: vec![
                0;
                if self.uses_winner_sets() {
                    LANES << n
                } else {
                    0
                }
            ],
            combos: if breakdown {
                vec![ComboCount::default(); live]
            } else {
                Vec::new()
            },
            multi: if breakdown && multi {
                vec![[0; 4]; live]
            } else {
                Vec::new()
            },
            heads_up: if self.kernel == BoardKernel::HeadsUpCombos {
                vec![[0; 3]; live]
            } else {
                Vec::new()
            },
            ranks: vec![0; live],
            deal_ranks: vec![0; n],
            scratch: two_ranges::Scratch::default(),
            swept: swept_seat::Scratch::default(),
            three: three_ranges::Scratch::default(),
        }
    }

    /// Counts every deal on every board of `chunk`.
    pub(super) fn chunk(&self, chunk: &&[[Card; 5]]) -> Tally {
        let mut acc = self.accumulators();
        for cards in chunk.iter() {
            let cards = &cards[..self.setup.missing];
            let board = cards.iter().fold(self.base, |h, &c| h.add_card(c));
            let board_mask = cards.iter().fold(0u64, |m, c| m | c.bit());
            for ((r, hand), &mask) in acc.ranks.iter_mut().zip(&self.hands).zip(&self.combo_masks) {
                *r = if mask & board_mask == 0 {
                    hand.combine(board).rank7().value()
                } else {
                    0
                };
            }
            self.count_board(board_mask, &mut acc);
        }
        self.finish(acc)
    }

    /// The deals compatible with `board_mask`: per deal its slots and
    /// weight.
    pub(super) fn live_deals(&self, board_mask: u64) -> impl Iterator<Item = (&[u32], u128)> {
        self.deals
            .masks
            .iter()
            .zip(self.deals.slots.chunks_exact(self.n))
            .zip(&self.deals.weights)
            .filter(move |((mask, _), _)| *mask & board_mask == 0)
            .map(|((_, slot), &weight)| (slot, weight))
    }

    /// Folds a chunk's accumulators into its tally.
    pub(super) fn finish(&self, mut acc: Chunk) -> Tally {
        let n = self.n;
        if self.uses_winner_sets() {
            acc.counts.add_winner_sets(&acc.winner_sets, LANES);
        }
        if self.setup.breakdown && self.kernel.is_sweep() {
            // A single-combo seat's combo counts are its seat's (the sweeps
            // count every deal through the winner sets).
            let counts = &acc.counts;
            for &(a, slot) in &self.fixed {
                let ties = &counts.ties[tie_slot(a, 0, n)..tie_slot(a + 1, 0, n)];
                let c = &mut acc.multi[slot as usize];
                c[0] += counts.total;
                c[1] += counts.wins[a];
                c[2] += ties.iter().sum::<u64>();
                c[3] += counts.wins[a] * self.unit_k[1]
                    + ties
                        .iter()
                        .zip(&self.unit_k)
                        .map(|(t, u)| t * u)
                        .sum::<u64>();
            }
        }
        let mut tally = acc.tally;
        let counts = &acc.counts;
        tally.add_weighted(
            &counts.wins,
            &counts.ties,
            counts.deals,
            u128::from(counts.total),
        );
        let mut combos = acc.combos;
        for (c, &[total, win, tie, share]) in combos.iter_mut().zip(&acc.multi) {
            c.total += u128::from(total);
            c.win += u128::from(win);
            c.tie += u128::from(tie);
            c.share += u128::from(share);
        }
        for (c, &[total, win, tie]) in combos.iter_mut().zip(&acc.heads_up) {
            c.total += u128::from(total);
            c.win += u128::from(win);
            c.tie += u128::from(tie);
            c.share += u128::from(2 * win + tie);
        }
        tally.combos = combos;
        tally
    }
}
