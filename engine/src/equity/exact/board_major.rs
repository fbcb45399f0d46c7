//! Board-major enumeration: for each board completion, every live combo of
//! the active seats is ranked once with the compact evaluator, then the
//! deals compatible with the board are counted by the kernel the planner
//! chose ([`BoardKernel`]). Boards come in chunks of 64, the unit of work;
//! each chunk sums in `u64` where the planner showed the sums fit.

use std::time::Instant;

use super::common::{BoardView, Counts, boards, rounds};
use super::swept_seat::{self, SweptSeat};
use super::three_ranges::{self, ThreeRanges};
use super::two_ranges::{self, TwoRanges};
use super::winner_sets::{LANES, WINNER_SET_SEATS, WinnerScan, fixed_outcome};
use crate::card::Card;
use crate::combo::Combo;
use crate::compact::CompactHand;
use crate::equity::error::EquityError;
use crate::equity::result::EquityResult;
use crate::equity::setup::Setup;
use crate::equity::strategy::{BoardKernel, Strategy};
use crate::equity::tally::{ComboCount, Tally, share_unit, tie_slot};

/// Boards per work item.
const CHUNK_BOARDS: usize = 64;

/// Whether per-chunk sums of deal weights fit a `u64` (always for
/// unweighted ranges), and whether pot shares in units of `1 / lcm(1..=n)`
/// do too, for `setup` with `deal_count` deals.
pub(crate) fn u64_sums(setup: &Setup, deal_count: u64) -> (bool, bool) {
    let bound = setup.deal_weight_bound(deal_count as f64) * CHUNK_BOARDS as f64;
    let unit = share_unit(setup.active.len()) as f64;
    (bound < 1e18, bound * unit < 1e18)
}

/// The sweeps' views of a spot.
enum Sweeper {
    Two(TwoRanges),
    Swept(SweptSeat),
    Three(ThreeRanges),
}

/// The seat deals, flattened: per deal its card mask, weight and, per
/// active seat, the slot of its combo among the live combos.
#[derive(Default)]
struct Deals {
    masks: Vec<u64>,
    weights: Vec<u128>,
    slots: Vec<u32>,
}

/// What every chunk of boards needs, built once.
struct Scan<'a> {
    setup: &'a Setup,
    kernel: BoardKernel,
    /// Active seats.
    n: usize,
    /// Live combos of the active seats, side by side.
    live: usize,
    /// Every live combo as a compact hand, and its card mask.
    hands: Vec<CompactHand>,
    combo_masks: Vec<u64>,
    /// The known board.
    base: CompactHand,
    /// The deals (empty for the sweep, which never lists them).
    deals: Deals,
    /// The sweeps' view of the spot (none for the other kernels).
    sweeper: Option<Sweeper>,
    /// Active seats holding one combo: (active index, rank slot).
    fixed: Vec<(usize, u32)>,
    /// Active seats holding more (active indices), and their rank slots
    /// per deal (winner sets only).
    variable: Vec<usize>,
    var_slots: Vec<u16>,
    /// Deal weights as `u64` (winner sets only: weights are small).
    weights64: Vec<u64>,
    /// `lcm(1..=n) / k` for `k` tied winners.
    unit_per_k: Vec<u128>,
    unit_k: Vec<u64>,
}

/// A chunk's accumulators: only those its kernel uses are allocated.
struct Chunk {
    /// Seat totals in `u128` (wide kernels).
    tally: Tally,
    /// Seat totals in `u64`.
    counts: Counts,
    /// `LANES` copies of the winner-set counters.
    winner_sets: Vec<u64>,
    /// Per live combo, `u128` counters (wide breakdown).
    combos: Vec<ComboCount>,
    /// Per live combo `[weight, wins, ties, share]` in `u64`.
    multi: Vec<[u64; 4]>,
    /// Per live combo `[weight, wins, ties]` in `u64` (heads-up).
    heads_up: Vec<[u64; 3]>,
    /// This board's rank of every live combo, and one deal's ranks.
    ranks: Vec<u32>,
    deal_ranks: Vec<u32>,
    scratch: two_ranges::Scratch,
    swept: swept_seat::Scratch,
    three: three_ranges::Scratch,
}

/// Enumerates `setup` board by board with `kernel`.
pub(super) fn run(
    setup: &Setup,
    kernel: BoardKernel,
    strategy: Strategy,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<Tally, EquityError> {
    let scan = Scan::new(setup, kernel);
    if kernel.is_sweep() && scan.sweeper.is_none() {
        return Err(EquityError::BadSetting(
            "the kernel does not apply to this spot",
        ));
    }
    let all_boards = boards(&setup.deck(), setup.missing);
    let chunks: Vec<&[[Card; 5]]> = all_boards.chunks(CHUNK_BOARDS).collect();
    rounds(
        &chunks,
        setup,
        strategy,
        |chunk| scan.chunk(chunk),
        start,
        cancel,
        on_snapshot,
    )
}

/// The tally the two-range sweep forms on `setup` (a flop, with a
/// breakdown) from sums formed elsewhere over its boards (the flop report's
/// one pass, `flop_pass`): `sets` the weight of each set of winners (by
/// active-index bits), `deals` the deals counted, `per_combo(a, combo)` the
/// `[weight, wins, ties, share]` counters of active seat `a`'s live combo.
/// The same integers as the sweep's own, finished the same way.
pub(crate) fn sweep_tally(
    setup: &Setup,
    sets: &[u64],
    deals: u64,
    per_combo: &dyn Fn(usize, Combo) -> [u64; 4],
) -> Tally {
    let scan = Scan::new(setup, BoardKernel::TwoRanges);
    let mut acc = scan.accumulators();
    for (to, from) in acc.winner_sets.iter_mut().zip(sets) {
        *to = *from;
    }
    acc.counts.deals = deals;
    let (offsets, _) = setup.combo_offsets();
    for (a, &s) in setup.active.iter().enumerate() {
        for (i, &combo) in setup.seats[s].combos.iter().enumerate() {
            if let Some(c) = acc.multi.get_mut(offsets[a] + i) {
                *c = per_combo(a, combo);
            }
        }
    }
    // As `rounds` merges and settles the chunks' tallies.
    let mut tally = Tally::new(setup.active.len());
    tally.merge(&scan.finish(acc));
    if setup.breakdown {
        tally.settle(setup.live_combos());
    }
    tally
}

impl Scan<'_> {
    fn new(setup: &Setup, kernel: BoardKernel) -> Scan<'_> {
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
    fn accumulators(&self) -> Chunk {
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
    fn chunk(&self, chunk: &&[[Card; 5]]) -> Tally {
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
            match self.kernel {
                BoardKernel::TwoRanges | BoardKernel::SweptSeat | BoardKernel::ThreeRanges => {
                    self.sweep(board_mask, &mut acc)
                }
                BoardKernel::WinnerSets => self.winner_sets(board_mask, &mut acc),
                BoardKernel::PerDeal { wide } => self.per_deal(board_mask, wide, &mut acc),
                BoardKernel::HeadsUpCombos => self.heads_up_combos(board_mask, &mut acc),
                BoardKernel::MultiwayCombos { winner_sets } => {
                    self.multiway_combos(board_mask, winner_sets, &mut acc)
                }
                BoardKernel::WideCombos { wide } => self.wide_combos(board_mask, wide, &mut acc),
            }
        }
        self.finish(acc)
    }

    /// The deals compatible with `board_mask`: per deal its slots and
    /// weight.
    fn live_deals(&self, board_mask: u64) -> impl Iterator<Item = (&[u32], u128)> {
        self.deals
            .masks
            .iter()
            .zip(self.deals.slots.chunks_exact(self.n))
            .zip(&self.deals.weights)
            .filter(move |((mask, _), _)| *mask & board_mask == 0)
            .map(|((_, slot), &weight)| (slot, weight))
    }

    /// The sweeps: [`BoardKernel::TwoRanges`], [`BoardKernel::SweptSeat`] and
    /// [`BoardKernel::ThreeRanges`].
    fn sweep(&self, board_mask: u64, acc: &mut Chunk) {
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
    fn winner_sets(&self, board_mask: u64, acc: &mut Chunk) {
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
    fn per_deal(&self, board_mask: u64, wide: bool, acc: &mut Chunk) {
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
    fn heads_up_combos(&self, board_mask: u64, acc: &mut Chunk) {
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
    fn multiway_combos(&self, board_mask: u64, winner_sets: bool, acc: &mut Chunk) {
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
    fn wide_combos(&self, board_mask: u64, wide: bool, acc: &mut Chunk) {
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

    /// Folds a chunk's accumulators into its tally.
    fn finish(&self, mut acc: Chunk) -> Tally {
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
