//! The flop report's one pass, for one to three ranged seats (weighted or
//! not) and any number of single hands (a hand against two ranges, two
//! hands against a range, …): every five-card board is swept once (up to the scenario's suit symmetries)
//! and its counts go to the ten flops it holds, instead of sweeping every
//! flop class's 1,081 turn-and-river boards on their own (each five-card
//! board belongs to ten flops; with suit symmetry the pass sweeps about a
//! fourteenth of the boards).
//!
//! For a class representative `F` and a combo `c`, the counts over the
//! boards holding `F` are `V(F, c) = Σ_{B ⊃ F} v(B, c)`. Boards come in
//! orbits under the symmetry group `G`; sweeping one board `B` of each
//! orbit and, for each of its flops `F'` in the class of `F` (`τ F' = F`
//! for one chosen `τ`), adding `|orbit(B)| · v(B, c)` to `W(F, τ c)` gives
//! `|G| · V(F, c) = Σ_{h ∈ Stab(F)} W(F, h c)`: every group element that
//! sends one of `B`'s flops to `F` is `h τ` for some `h` fixing `F`. All of
//! it in integers, so the sums are the very ones the two-range sweep forms
//! on `F`'s own boards, and the report's figures are `calculate`'s to the
//! last bit.
//!
//! Weights: the pass counts with each seat's weights divided by the gcd of
//! its live weights before any flop (`d₀`). On a flop, `calculate` divides
//! by the gcd of the combos the flop leaves (`d_F`, a multiple of `d₀`), so
//! every product of two weights in a class's sums is `r_a · r_b` times
//! its own (`r = d_F / d₀`), and [`ClassSums::rescale`] divides it out
//! exactly. Counters are 32 bits where the largest possible sum fits, else
//! 64.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::common::{BoardView, Item, items};
use super::three_ranges::{self, ThreeRanges};
use super::two_ranges::{self, TwoRanges};
use crate::card::Card;
use crate::combo::Combo;
use crate::compact::CompactHand;
use crate::equity::error::EquityError;
use crate::equity::setup::Setup;
use crate::equity::tally::share_unit;
use crate::symmetry::SuitPerm;

mod sums;

use sums::{ACCUMULATOR_BYTES, Acc, Count, Counters, Swept};
pub(crate) use sums::{ClassSums, PassSums};

/// Whether the pass can count `setup` (no board): one to three seats with
/// more than one combo (weighted or not), all active; every other seat (a
/// single hand, active or folded) is counted as the sweeps count it.
pub(crate) fn applies(setup: &Setup) -> bool {
    let ranged = || setup.seats.iter().filter(|s| s.combos.len() > 1);
    setup.board.is_empty()
        && setup.active.len() >= 2
        && matches!(ranged().count(), 1..=3)
        && (0..setup.seats.len())
            .filter(|&s| setup.seats[s].combos.len() > 1)
            .all(|s| setup.active.contains(&s))
}

/// How one board is counted: two or three ranges by their sweeps, or one
/// range against the single hands directly.
enum Counter {
    Sweep(TwoRanges),
    Three(ThreeRanges),
    /// The ranged seat's active index, and its items' slots.
    Single {
        range: usize,
        slots: std::ops::Range<u32>,
    },
}

impl Counter {
    /// Counts the deals on one board into `sets` (winner-set weights) and
    /// `per_combo` (the ranged seats' combos; a single combo's counters
    /// follow from its seat's when the tally is finished), returning the
    /// deals counted.
    fn board(
        &self,
        view: &BoardView,
        items: &[Item],
        sets: &mut [u64],
        per_combo: &mut [[u64; 4]],
        unit_k: &[u64],
        scratch: &mut Scratches,
    ) -> u64 {
        match *self {
            Counter::Sweep(ref two) => {
                two.board(view, sets, Some((per_combo, unit_k)), &mut scratch.two)
            }
            Counter::Three(ref three) => {
                three.board(view, sets, Some((per_combo, unit_k)), &mut scratch.three)
            }
            Counter::Single { range, ref slots } => {
                // Against the best of the single hands (whose own weights
                // are 1: one combo each), each deal weighs the range
                // combo's weight.
                let (best, hands) = (view.fixed_best, view.fixed_winners);
                let k = hands.count_ones() as usize;
                let range_bit = 1 << range;
                let mut deals = 0;
                for it in items.iter().filter(|it| slots.contains(&it.slot)) {
                    if it.mask & view.mask != 0 {
                        continue;
                    }
                    deals += 1;
                    let w = it.weight;
                    let r = view.ranks[it.slot as usize];
                    let c = &mut per_combo[it.slot as usize];
                    c[0] += w;
                    if r > best {
                        sets[range_bit] += w;
                        c[1] += w;
                        c[3] += w * unit_k[1];
                    } else if r == best {
                        sets[hands | range_bit] += w;
                        c[2] += w;
                        c[3] += w * unit_k[k + 1];
                    } else {
                        sets[hands] += w;
                    }
                }
                deals
            }
        }
    }
}

/// The sweeps' working storage, reused across boards.
#[derive(Default)]
struct Scratches {
    two: two_ranges::Scratch,
    three: three_ranges::Scratch,
}

/// The sums of every flop class (`reps`, the classes' representatives
/// under `perms`, the suit permutations that fix the scenario), or `None`
/// when the pass does not apply ([`applies`]).
/// `progress(done, total)` is called as boards are swept.
pub(crate) fn flop_pass(
    setup: &Setup,
    perms: &[SuitPerm],
    reps: &[[Card; 3]],
    cancel: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Option<PassSums>, EquityError> {
    if !applies(setup) {
        return Ok(None);
    }
    let (offsets, live) = setup.combo_offsets();
    let seats = setup.active.len();
    let seat_items: Vec<Vec<Item>> = (0..seats).map(|a| items(setup, a, offsets[a])).collect();
    let ranged: Vec<usize> = (0..seats).filter(|&a| seat_items[a].len() > 1).collect();
    // The single hands: their active index and slot.
    let hands: Vec<(usize, usize)> = (0..seats)
        .filter(|&a| seat_items[a].len() == 1)
        .map(|a| (a, seat_items[a][0].slot as usize))
        .collect();
    let counter = match *ranged.as_slice() {
        [range] => {
            let from = offsets[range] as u32;
            Counter::Single {
                range,
                slots: from..from + seat_items[range].len() as u32,
            }
        }
        [_, _] => match TwoRanges::new(setup, &offsets) {
            Some(two) => Counter::Sweep(two),
            None => return Ok(None),
        },
        _ => match ThreeRanges::new(setup, &offsets) {
            Some(three) => Counter::Three(three),
            None => return Ok(None),
        },
    };
    let all: Vec<Item> = seat_items.iter().flatten().copied().collect();
    debug_assert_eq!(all.len(), live);
    // Each permutation as a map of items (a permutation of the scenario
    // maps a seat's combos to its own).
    let slot_of: HashMap<(usize, u16), u32> = (0..seats)
        .flat_map(|a| seat_items[a].iter().map(move |it| ((a, it.combo), it.slot)))
        .collect();
    let combo_perm = |p: SuitPerm, combo: u16| -> u16 {
        Combo::from_index(usize::from(combo)).map_or(combo, |c| c.permuted(p).index() as u16)
    };
    let item_perms: Vec<Vec<u32>> = perms
        .iter()
        .map(|&p| {
            (0..seats)
                .flat_map(|a| seat_items[a].iter().map(move |it| (a, it.combo)))
                .map(|(a, combo)| {
                    slot_of
                        .get(&(a, combo_perm(p, combo)))
                        .copied()
                        .unwrap_or(u32::MAX)
                })
                .collect()
        })
        .collect();
    if item_perms.iter().flatten().any(|&s| s == u32::MAX) {
        return Ok(None);
    }
    // Their inverses: per permutation, the item each item comes from, so
    // that a class's row is added to in order (sequential writes the
    // hardware streams, where a scatter through the permutation missed the
    // cache on every item).
    let item_sources: Vec<Vec<u32>> = item_perms
        .iter()
        .map(|to| {
            let mut from = vec![0u32; to.len()];
            for (i, &j) in to.iter().enumerate() {
                from[j as usize] = i as u32;
            }
            from
        })
        .collect();
    // Every flop: its class and the permutation taking it there.
    let rep_index: HashMap<u64, usize> = reps
        .iter()
        .enumerate()
        .map(|(i, f)| (f.iter().fold(0u64, |m, c| m | c.bit()), i))
        .collect();
    let deck: Vec<Card> = setup.deck();
    // Looked up ten times a board: FxHash (std's SipHash would be a
    // noticeable share of the pass).
    let mut flop_class: FxHashMap<u64, (u32, u8)> = FxHashMap::default();
    for (i, a) in deck.iter().enumerate() {
        for (j, b) in deck.iter().enumerate().skip(i + 1) {
            for c in &deck[j + 1..] {
                let mask = a.bit() | b.bit() | c.bit();
                let (p, image) = (perms.iter().enumerate())
                    .map(|(k, p)| (k, p.mask(mask)))
                    .min_by_key(|&(_, m)| m)
                    .unwrap_or((0, mask));
                if let Some(&class) = rep_index.get(&image) {
                    flop_class.insert(mask, (class as u32, p as u8));
                }
            }
        }
    }
    // One board of each orbit: the smallest mask; with its orbit's size.
    let mut boards: Vec<(u64, u64)> = Vec::new();
    let n = deck.len();
    let bits: Vec<u64> = deck.iter().map(|c| c.bit()).collect();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let m = bits[a] | bits[b] | bits[c] | bits[d] | bits[e];
                        if perms.iter().all(|p| p.mask(m) >= m) {
                            let fixed = perms.iter().filter(|p| p.mask(m) == m).count();
                            boards.push((m, (perms.len() / fixed) as u64));
                        }
                    }
                }
            }
        }
    }
    if cancel() {
        return Err(EquityError::Cancelled);
    }
    let hands_cards: Vec<CompactHand> = all
        .iter()
        .map(|it| {
            let [x, y] = it.cards;
            CompactHand::from_index(x).combine(CompactHand::from_index(y))
        })
        .collect();
    let unit = share_unit(seats);
    let unit_k: Vec<u64> = (0..=seats as u128)
        .map(|k| (unit / k.max(1)) as u64)
        .collect();
    // The largest sum a counter can reach: one item's weight times the
    // other ranged seat's whole weight (the single hands weigh 1), in share
    // units, on every board of a flop (at most 1,176), times the group
    // (orbit sizes).
    let max_weight = |a: usize| seat_items[a].iter().map(|it| it.weight).max().unwrap_or(0);
    let total_weight = |a: usize| seat_items[a].iter().map(|it| it.weight).sum::<u64>();
    let largest = (ranged.iter())
        .map(|&a| {
            let others: u128 = (ranged.iter().filter(|&&b| b != a))
                .map(|&b| u128::from(total_weight(b)))
                .product();
            u128::from(max_weight(a)) * others
        })
        .max()
        .unwrap_or(0)
        * unit
        * 1176
        * perms.len() as u128;
    // Which permutations leave every item in place: their rows are added
    // to straight, without the gather.
    let identity: Vec<bool> = item_sources
        .iter()
        .map(|from| from.iter().enumerate().all(|(i, &j)| i as u32 == j))
        .collect();
    let pass = Pass {
        all: &all,
        cards: &hands_cards,
        boards: &boards,
        flop_class: &flop_class,
        item_sources: &item_sources,
        identity: &identity,
        counter: &counter,
        unit_k: &unit_k,
        hands: &hands,
        classes: reps.len(),
        winner_sets: 1 << seats,
        live,
    };
    let acc = if largest <= u128::from(u32::MAX) {
        let acc = pass.sweep::<u32>(cancel, progress)?;
        acc.map(|a| Swept {
            sets: a.sets,
            deals: a.deals,
            combos: Counters::Narrow(a.combos),
        })
    } else {
        let acc = pass.sweep::<u64>(cancel, progress)?;
        acc.map(|a| Swept {
            sets: a.sets,
            deals: a.deals,
            combos: Counters::Wide(a.combos),
        })
    };
    let Some(acc) = acc else {
        return Ok(None);
    };
    let stabilisers = reps
        .iter()
        .map(|rep| {
            let mask = rep.iter().fold(0u64, |m, c| m | c.bit());
            (0..perms.len())
                .filter(|&k| perms[k].mask(mask) == mask)
                .collect()
        })
        .collect();
    let items = all
        .iter()
        .enumerate()
        .map(|(i, it)| {
            let seat = offsets.iter().rposition(|&o| o <= i).unwrap_or(0);
            (seat, it.combo)
        })
        .collect();
    Ok(Some(PassSums {
        acc,
        items,
        item_perms,
        stabilisers,
        group: perms.len() as u64,
        divisors: setup.seats.iter().map(|s| s.divisor).collect(),
        seats,
    }))
}

/// What the sweep over the boards reads.
struct Pass<'a> {
    /// Every live item, seat 0's first.
    all: &'a [Item],
    /// Each item's two cards, for the compact evaluator.
    cards: &'a [CompactHand],
    /// The single hands: active index and slot.
    hands: &'a [(usize, usize)],
    /// One board of each orbit, with its orbit's size.
    boards: &'a [(u64, u64)],
    /// Every flop: its class and the permutation taking it there.
    flop_class: &'a FxHashMap<u64, (u32, u8)>,
    /// Per permutation, the item each item comes from (the inverse of
    /// the item each item goes to).
    item_sources: &'a [Vec<u32>],
    /// Per permutation, whether it leaves every item in place.
    identity: &'a [bool],
    counter: &'a Counter,
    unit_k: &'a [u64],
    classes: usize,
    /// `2^active seats`.
    winner_sets: usize,
    live: usize,
}

impl Pass<'_> {
    /// Sweeps every board into per-class accumulators with counters of
    /// type `T`, on up to four threads' accumulators (fewer where they
    /// would not fit [`ACCUMULATOR_BYTES`]), merged into one.
    fn sweep<T: Count>(
        &self,
        cancel: &(dyn Fn() -> bool + Sync),
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<Option<Acc<T>>, EquityError> {
        let (all, live) = (self.all, self.live);
        let acc_bytes = (self.classes * live).max(1) * size_of::<[T; 2]>();
        let folds = rayon::current_num_threads()
            .clamp(1, 4)
            .min((ACCUMULATOR_BYTES / acc_bytes).max(1));
        let swept = AtomicUsize::new(0);
        let boards = self.boards;
        let per_fold = boards.len().div_ceil(folds).max(1);
        let accs = boards
            .par_chunks(per_fold)
            .map(|chunk| -> Result<Acc<T>, EquityError> {
                let nsets = self.winner_sets;
                let mut acc = Acc::<T>::new(self.classes, nsets, live);
                let mut ranks = vec![0u32; live];
                let mut per_combo = vec![[0u64; 4]; live];
                // The board's weight and share per item, times its orbit.
                let mut scaled = vec![[T::default(); 2]; live];
                let mut sets = vec![0u64; nsets];
                let mut scratch = Scratches::default();
                let mut pending = Pending::<T>::new(live);
                for (k, &(mask, orbit)) in chunk.iter().enumerate() {
                    if k % 4096 == 0 {
                        if cancel() {
                            return Err(EquityError::Cancelled);
                        }
                        let done = swept.fetch_add(k.min(4096), Ordering::Relaxed) + k.min(4096);
                        progress(done, boards.len());
                    }
                    // The board's five cards, lowest first.
                    let mut cards = [0u64; 5];
                    let mut rest = mask;
                    for card in &mut cards {
                        *card = rest & rest.wrapping_neg();
                        rest &= rest - 1;
                    }
                    let board = cards.iter().fold(CompactHand::EMPTY, |h, &c| {
                        h.combine(CompactHand::from_index(c.trailing_zeros() as u8))
                    });
                    for ((r, it), hand) in ranks.iter_mut().zip(all).zip(self.cards) {
                        *r = if it.mask & mask == 0 {
                            hand.combine(board).rank7().value()
                        } else {
                            0
                        };
                    }
                    per_combo.iter_mut().for_each(|c| *c = [0; 4]);
                    sets.iter_mut().for_each(|v| *v = 0);
                    // The best single hand and who holds it.
                    let (mut fixed_best, mut fixed_winners) = (0, 0);
                    for &(a, slot) in self.hands {
                        let r = ranks[slot];
                        if r > fixed_best {
                            (fixed_best, fixed_winners) = (r, 1 << a);
                        } else if r == fixed_best {
                            fixed_winners |= 1 << a;
                        }
                    }
                    let view = BoardView {
                        ranks: &ranks,
                        mask,
                        fixed_best,
                        fixed_winners,
                    };
                    let deals = self.counter.board(
                        &view,
                        all,
                        &mut sets,
                        &mut per_combo,
                        self.unit_k,
                        &mut scratch,
                    );
                    // Every blocked item's counters are 0 (cleared above).
                    for (to, c) in scaled.iter_mut().zip(&per_combo) {
                        // The weight and the share (see `ClassSums::combos`).
                        *to = [T::from_u64(c[0] * orbit), T::from_u64(c[3] * orbit)];
                    }
                    // The board's ten flops.
                    for x in 0..5 {
                        for y in x + 1..5 {
                            for z in y + 1..5 {
                                let flop = cards[x] | cards[y] | cards[z];
                                let Some(&(class, p)) = self.flop_class.get(&flop) else {
                                    continue;
                                };
                                let class = class as usize;
                                let to_sets = &mut acc.sets[class * nsets..(class + 1) * nsets];
                                for (a, s) in to_sets.iter_mut().zip(&sets) {
                                    *a += s * orbit;
                                }
                                acc.deals[class] += deals * orbit;
                                if z < 4 {
                                    // A flop of the four lowest cards: the
                                    // next boards likely share it.
                                    let at = x + y + z - 3;
                                    pending.add(at, cards, class, p, &scaled, &mut acc, self);
                                    continue;
                                }
                                let row = &mut acc.combos[class * live..(class + 1) * live];
                                self.add_row(row, p, &scaled);
                            }
                        }
                    }
                }
                pending.flush(&mut acc, self);
                Ok(acc)
            })
            .collect::<Result<Vec<Acc<T>>, EquityError>>()?;
        // Merged into the first: no accumulator beyond the folds'.
        Ok(accs.into_iter().reduce(Acc::add))
    }
}

/// The counts of the flops a run of boards shares: the pass sweeps boards
/// in order of their masks, so consecutive boards mostly share their four
/// lowest cards and the four flops those make. Their counts are summed
/// here, in the boards' own item order (a few kilobytes that stay in the
/// cache), and added to the classes' rows once the run ends, instead of
/// going to four rows of a large accumulator on every board.
struct Pending<T> {
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
    fn new(live: usize) -> Pending<T> {
        Pending {
            lowest: 0,
            flops: [None; 4],
            sums: vec![[T::default(); 2]; 4 * live],
            live,
        }
    }

    /// Adds `scaled` (a board's counts per item) to flop `at` of the board
    /// `cards`, whose class is `class` under permutation `p`; a board with
    /// other lowest cards ends the run first.
    #[allow(clippy::too_many_arguments)]
    fn add(
        &mut self,
        at: usize,
        cards: [u64; 5],
        class: usize,
        p: u8,
        scaled: &[[T; 2]],
        acc: &mut Acc<T>,
        pass: &Pass<'_>,
    ) {
        let lowest = cards[0] | cards[1] | cards[2] | cards[3];
        if lowest != self.lowest {
            self.flush(acc, pass);
            self.lowest = lowest;
        }
        self.flops[at] = Some((class, p));
        let sums = &mut self.sums[at * self.live..(at + 1) * self.live];
        for (to, c) in sums.iter_mut().zip(scaled) {
            to[0].add_count(c[0]);
            to[1].add_count(c[1]);
        }
    }

    /// Adds the run's sums to their classes' rows and clears them.
    fn flush(&mut self, acc: &mut Acc<T>, pass: &Pass<'_>) {
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

impl Pass<'_> {
    /// Adds `counts` (by item) to a class's `row` under permutation `p`,
    /// in the row's order: its entry `j` takes the counts of the item `p`
    /// sends there (straight through where `p` moves no item).
    fn add_row<T: Count>(&self, row: &mut [[T; 2]], p: u8, counts: &[[T; 2]]) {
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
