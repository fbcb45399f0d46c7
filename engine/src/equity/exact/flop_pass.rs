//! The flop report's one pass, for two active seats (two ranges, or a hand
//! against a range, weighted or not): every five-card board is swept once (up to the scenario's suit symmetries)
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

use super::common::{BoardView, Item, items};
use super::two_ranges::{Scratch, TwoRanges};
use crate::card::Card;
use crate::combo::{COMBOS, Combo};
use crate::compact::CompactHand;
use crate::equity::error::EquityError;
use crate::equity::setup::Setup;
use crate::equity::tally::share_unit;
use crate::symmetry::SuitPerm;

/// One flop class's sums, as the two-range sweep forms them over the
/// representative's boards.
#[derive(Clone, Debug, Default)]
pub(crate) struct ClassSums {
    /// Weight of each set of winners (by active-index bits).
    pub(crate) sets: [u64; 4],
    /// Deals counted.
    pub(crate) deals: u64,
    /// Per seat, by canonical combo index (1,326 entries, zero for a combo
    /// the seat does not hold), `[weight, wins, ties, share]`.
    pub(crate) combos: [Vec<[u64; 4]>; 2],
    /// Per seat, what the pass divided its weights by (basis points are
    /// weight times this).
    pub(crate) divisors: [u64; 2],
}

impl ClassSums {
    /// The sums with the weights of a flop whose own setup divides the
    /// seats' basis points by `divisors` (multiples of the pass's): every
    /// weight sum is a sum of products of one weight per seat, so it is
    /// divided by the product of the ratios, exactly.
    pub(crate) fn rescale(&mut self, divisors: [u64; 2]) {
        let ratio: u64 = (0..2)
            .map(|s| divisors[s] / self.divisors[s].max(1))
            .product::<u64>()
            .max(1);
        self.divisors = divisors;
        if ratio == 1 {
            return;
        }
        self.sets.iter_mut().for_each(|v| *v /= ratio);
        for seat in &mut self.combos {
            for counts in seat.iter_mut() {
                counts.iter_mut().for_each(|v| *v /= ratio);
            }
        }
    }
}

/// The pass's sums for every class, kept as swept (`W` above, per class
/// and item) and finished one class at a time ([`PassSums::class`]), so
/// that only one class's finished sums are held per thread.
pub(crate) struct PassSums {
    acc: Swept,
    /// Per item: its seat and canonical combo index.
    items: Vec<(usize, u16)>,
    /// Per permutation of the scenario, the item each item goes to.
    item_perms: Vec<Vec<u32>>,
    /// Per class, the permutations that fix its representative.
    stabilisers: Vec<Vec<usize>>,
    /// The number of permutations.
    group: u64,
    /// Per seat, what the pass divided its weights by.
    divisors: [u64; 2],
}

impl PassSums {
    /// Class `class`'s sums: `V = Σ_{h ∈ Stab(F)} W(F, h c) / |G|`.
    pub(crate) fn class(&self, class: usize) -> ClassSums {
        let live = self.items.len();
        let stab = &self.stabilisers[class];
        let (group, s) = (self.group, stab.len() as u64);
        let mut out = ClassSums {
            sets: self.acc.sets[class].map(|v| v * s / group),
            deals: self.acc.deals[class] * s / group,
            combos: [vec![[0; 4]; COMBOS], vec![[0; 4]; COMBOS]],
            divisors: self.divisors,
        };
        let row = class * live;
        for (i, &(seat, combo)) in self.items.iter().enumerate() {
            let mut v = [0u64; 4];
            for &h in stab {
                let from = self.acc.combos.get(row + self.item_perms[h][i] as usize);
                (0..4).for_each(|q| v[q] += from[q]);
            }
            out.combos[seat][usize::from(combo)] = v.map(|x| x / group);
        }
        out
    }
}

/// The most memory the pass's per-thread accumulators may take together:
/// each holds four counters per flop class and live combo (a hand against
/// `random` over 4,494 classes: about 90 MB each), so wide spots sweep with
/// fewer accumulators than threads rather than hold one per thread.
const ACCUMULATOR_BYTES: usize = 192 << 20;

/// A counter of the pass: 32 bits where the largest sum fits (half the
/// memory of 64, so more threads get an accumulator of their own).
trait Count: Copy + Default + Send {
    fn add(&mut self, v: u64);
    fn get(self) -> u64;
}

impl Count for u32 {
    #[inline(always)]
    fn add(&mut self, v: u64) {
        // The caller checked that every sum fits (`Counters::narrow_fits`).
        *self += v as u32;
    }
    fn get(self) -> u64 {
        u64::from(self)
    }
}

impl Count for u64 {
    #[inline(always)]
    fn add(&mut self, v: u64) {
        *self += v;
    }
    fn get(self) -> u64 {
        self
    }
}

/// Per flop class and item, `[weight, wins, ties, share]`.
enum Counters {
    Narrow(Vec<[u32; 4]>),
    Wide(Vec<[u64; 4]>),
}

impl Counters {
    fn get(&self, at: usize) -> [u64; 4] {
        match self {
            Counters::Narrow(v) => v[at].map(u64::from),
            Counters::Wide(v) => v[at],
        }
    }
}

/// Per flop class while the pass runs: `W` above, combos by item.
struct Acc<T> {
    sets: Vec<[u64; 4]>,
    deals: Vec<u64>,
    /// `classes × items` counters.
    combos: Vec<[T; 4]>,
}

impl<T: Count> Acc<T> {
    fn new(classes: usize, items: usize) -> Acc<T> {
        Acc {
            sets: vec![[0; 4]; classes],
            deals: vec![0; classes],
            combos: vec![[T::default(); 4]; classes * items],
        }
    }

    fn add(mut self, other: Acc<T>) -> Acc<T> {
        for (a, b) in self.sets.iter_mut().zip(&other.sets) {
            (0..4).for_each(|i| a[i] += b[i]);
        }
        for (a, b) in self.deals.iter_mut().zip(&other.deals) {
            *a += b;
        }
        for (a, b) in self.combos.iter_mut().zip(&other.combos) {
            (0..4).for_each(|i| a[i].add(b[i].get()));
        }
        self
    }
}

/// The pass's accumulator, its counters 32 or 64 bits wide.
struct Swept {
    sets: Vec<[u64; 4]>,
    deals: Vec<u64>,
    combos: Counters,
}

/// Whether the pass can count `setup` (no board): exactly two seats, both
/// active, at least one with more than one combo (weighted or not).
pub(crate) fn applies(setup: &Setup) -> bool {
    setup.board.is_empty()
        && setup.seats.len() == 2
        && setup.active.len() == 2
        && setup.seats.iter().any(|s| s.combos.len() > 1)
}

/// How one board is counted: two ranges by the two-range sweep, or one
/// seat's single combo against the other's range directly.
enum Counter {
    Sweep(TwoRanges),
    /// The single combo's active index and slot; the range's active index.
    Single {
        hero: usize,
        hero_slot: usize,
        range: usize,
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
        sets: &mut [u64; 4],
        per_combo: &mut [[u64; 4]],
        unit_k: &[u64],
        scratch: &mut Scratch,
    ) -> u64 {
        match *self {
            Counter::Sweep(ref two) => two.board(view, sets, Some((per_combo, unit_k)), scratch),
            Counter::Single {
                hero,
                hero_slot,
                range,
            } => {
                let h = view.ranks[hero_slot];
                let (hero_bit, range_bit) = (1 << hero, 1 << range);
                // The hand's own weight is 1 (one combo); each deal weighs
                // the range combo's weight.
                let mut deals = 0;
                for it in items.iter().filter(|it| it.slot as usize != hero_slot) {
                    if it.mask & view.mask != 0 {
                        continue;
                    }
                    deals += 1;
                    let w = it.weight;
                    let r = view.ranks[it.slot as usize];
                    let c = &mut per_combo[it.slot as usize];
                    c[0] += w;
                    if r > h {
                        sets[range_bit] += w;
                        c[1] += w;
                        c[3] += w * unit_k[1];
                    } else if r == h {
                        sets[hero_bit | range_bit] += w;
                        c[2] += w;
                        c[3] += w * unit_k[2];
                    } else {
                        sets[hero_bit] += w;
                    }
                }
                deals
            }
        }
    }
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
    let seat_items: [Vec<Item>; 2] = [items(setup, 0, offsets[0]), items(setup, 1, offsets[1])];
    let counter = match seat_items.each_ref().map(Vec::len) {
        [1, _] => Counter::Single {
            hero: 0,
            hero_slot: seat_items[0][0].slot as usize,
            range: 1,
        },
        [_, 1] => Counter::Single {
            hero: 1,
            hero_slot: seat_items[1][0].slot as usize,
            range: 0,
        },
        _ => match TwoRanges::new(setup, &offsets) {
            Some(two) => Counter::Sweep(two),
            None => return Ok(None),
        },
    };
    let all: Vec<Item> = seat_items.iter().flatten().copied().collect();
    debug_assert_eq!(all.len(), live);
    // Each permutation as a map of items (a permutation of the scenario
    // maps a seat's combos to its own).
    let slot_of: HashMap<(usize, u16), u32> = (0..2)
        .flat_map(|a| seat_items[a].iter().map(move |it| ((a, it.combo), it.slot)))
        .collect();
    let combo_perm = |p: SuitPerm, combo: u16| -> u16 {
        Combo::from_index(usize::from(combo)).map_or(combo, |c| c.permuted(p).index() as u16)
    };
    let item_perms: Vec<Vec<u32>> = perms
        .iter()
        .map(|&p| {
            (0..2)
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
    // Every flop: its class and the permutation taking it there.
    let rep_index: HashMap<u64, usize> = reps
        .iter()
        .enumerate()
        .map(|(i, f)| (f.iter().fold(0u64, |m, c| m | c.bit()), i))
        .collect();
    let deck: Vec<Card> = setup.deck();
    let mut flop_class: HashMap<u64, (u32, u8)> = HashMap::new();
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
    let hands: Vec<CompactHand> = all
        .iter()
        .map(|it| {
            let [x, y] = it.cards;
            CompactHand::from_index(x).combine(CompactHand::from_index(y))
        })
        .collect();
    let unit = share_unit(2);
    let unit_k: Vec<u64> = (0..=2u128).map(|k| (unit / k.max(1)) as u64).collect();
    // The largest sum a counter can reach: one item's weight times the
    // other seat's whole weight, in share units, on every board of a flop
    // (at most 1,176), times the group (orbit sizes).
    let max_weight = |a: usize| seat_items[a].iter().map(|it| it.weight).max().unwrap_or(0);
    let total_weight = |a: usize| seat_items[a].iter().map(|it| it.weight).sum::<u64>();
    let largest = (0..2)
        .map(|a| u128::from(max_weight(a)) * u128::from(total_weight(1 - a)))
        .max()
        .unwrap_or(0)
        * unit
        * 1176
        * perms.len() as u128;
    let pass = Pass {
        all: &all,
        hands: &hands,
        boards: &boards,
        flop_class: &flop_class,
        item_perms: &item_perms,
        counter: &counter,
        unit_k: &unit_k,
        classes: reps.len(),
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
        .map(|(i, it)| (usize::from(i >= seat_items[0].len()), it.combo))
        .collect();
    Ok(Some(PassSums {
        acc,
        items,
        item_perms,
        stabilisers,
        group: perms.len() as u64,
        divisors: [setup.seats[0].divisor, setup.seats[1].divisor],
    }))
}

/// What the sweep over the boards reads.
struct Pass<'a> {
    /// Every live item, seat 0's first.
    all: &'a [Item],
    /// Each item's two cards, for the compact evaluator.
    hands: &'a [CompactHand],
    /// One board of each orbit, with its orbit's size.
    boards: &'a [(u64, u64)],
    /// Every flop: its class and the permutation taking it there.
    flop_class: &'a HashMap<u64, (u32, u8)>,
    /// Per permutation, the item each item goes to.
    item_perms: &'a [Vec<u32>],
    counter: &'a Counter,
    unit_k: &'a [u64],
    classes: usize,
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
        let acc_bytes = (self.classes * live).max(1) * size_of::<[T; 4]>();
        let folds = rayon::current_num_threads()
            .clamp(1, 4)
            .min((ACCUMULATOR_BYTES / acc_bytes).max(1));
        let swept = AtomicUsize::new(0);
        let boards = self.boards;
        let per_fold = boards.len().div_ceil(folds).max(1);
        let accs = boards
            .par_chunks(per_fold)
            .map(|chunk| -> Result<Acc<T>, EquityError> {
                let mut acc = Acc::<T>::new(self.classes, live);
                let mut ranks = vec![0u32; live];
                let mut per_combo = vec![[0u64; 4]; live];
                let mut scratch = Scratch::default();
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
                    for ((r, it), hand) in ranks.iter_mut().zip(all).zip(self.hands) {
                        *r = if it.mask & mask == 0 {
                            hand.combine(board).rank7().value()
                        } else {
                            0
                        };
                    }
                    per_combo.iter_mut().for_each(|c| *c = [0; 4]);
                    let mut sets = [0u64; 4];
                    let view = BoardView {
                        ranks: &ranks,
                        mask,
                        fixed_best: 0,
                        fixed_winners: 0,
                    };
                    let deals = self.counter.board(
                        &view,
                        all,
                        &mut sets,
                        &mut per_combo,
                        self.unit_k,
                        &mut scratch,
                    );
                    // The board's ten flops.
                    for x in 0..5 {
                        for y in x + 1..5 {
                            for z in y + 1..5 {
                                let flop = cards[x] | cards[y] | cards[z];
                                let Some(&(class, p)) = self.flop_class.get(&flop) else {
                                    continue;
                                };
                                let class = class as usize;
                                for (a, s) in acc.sets[class].iter_mut().zip(&sets) {
                                    *a += s * orbit;
                                }
                                acc.deals[class] += deals * orbit;
                                let row = &mut acc.combos[class * live..(class + 1) * live];
                                let to = &self.item_perms[usize::from(p)];
                                for (i, it) in all.iter().enumerate() {
                                    if it.mask & mask != 0 {
                                        continue;
                                    }
                                    let c = &per_combo[it.slot as usize];
                                    let target = &mut row[to[i] as usize];
                                    for q in 0..4 {
                                        target[q].add(c[q] * orbit);
                                    }
                                }
                            }
                        }
                    }
                }
                Ok(acc)
            })
            .collect::<Result<Vec<Acc<T>>, EquityError>>()?;
        // Merged into the first: no accumulator beyond the folds'.
        Ok(accs.into_iter().reduce(Acc::add))
    }
}
