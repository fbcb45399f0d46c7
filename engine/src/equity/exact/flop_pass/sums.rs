//! The one pass's sums: per flop class and item as swept (32- or 64-bit
//! counters), and one class's finished sums, rescaled to a flop's own
//! weights.

use std::sync::Arc;

use rayon::prelude::*;

use crate::combo::COMBOS;
use crate::equity::exact::common::Item;

/// One flop class's sums, as the two-range sweep forms them over the
/// representative's boards.
#[derive(Clone, Debug, Default)]
pub(crate) struct ClassSums {
    /// Weight of each set of winners (by active-index bits).
    pub(crate) sets: Vec<u64>,
    /// Deals counted.
    pub(crate) deals: u64,
    /// Per live item (the pass's order), `[weight, share]`: a row's
    /// figures come from the winner sets and its buckets from each combo's
    /// share over its weight (wins and ties are not kept: two counters per
    /// class and combo are half the memory traffic of four).
    combos: Vec<[u64; 2]>,
    /// Per active seat, by canonical combo index, the combo's item, or
    /// `u32::MAX` for a combo the seat does not hold: the same for every
    /// class, made once per pass (a class's sums are finished thousands
    /// of times, and 1,326 entries per seat written for each were most of
    /// the memory they moved).
    item_of: Arc<Vec<Vec<u32>>>,
    /// Per seat (every seat of the setup), what the pass divided its
    /// weights by (basis points are weight times this).
    pub(crate) divisors: Vec<u64>,
}

impl ClassSums {
    /// The sums of the combo of canonical index `combo` of the active seat
    /// `seat`, `[weight, wins, ties, share]` (wins and ties 0; all 0 for a
    /// combo the seat does not hold).
    pub(crate) fn combo(&self, seat: usize, combo: usize) -> [u64; 4] {
        let item = (self.item_of.get(seat)).and_then(|items| items.get(combo));
        match item.and_then(|&i| self.combos.get(i as usize)) {
            Some(&[weight, share]) => [weight, 0, 0, share],
            None => [0; 4],
        }
    }

    /// The sums with the weights of a flop whose own setup divides the
    /// seats' basis points by `divisors` (multiples of the pass's): every
    /// weight sum is a sum of products of one weight per seat, so it is
    /// divided by the product of the ratios, exactly.
    pub(crate) fn rescale(&mut self, divisors: &[u64]) {
        let ratio: u64 = (divisors.iter().zip(&self.divisors))
            .map(|(&flop, &pass)| flop / pass.max(1))
            .product::<u64>()
            .max(1);
        self.divisors = divisors.to_vec();
        if ratio == 1 {
            return;
        }
        self.sets.iter_mut().for_each(|v| *v /= ratio);
        for counts in &mut self.combos {
            counts.iter_mut().for_each(|v| *v /= ratio);
        }
    }
}

/// The pass's sums for every class, kept as swept (`W` above, per class
/// and item) and finished one class at a time ([`PassSums::class`]), so
/// that only one class's finished sums are held per thread.
pub(crate) struct PassSums {
    pub(super) acc: Swept,
    /// The live items.
    pub(super) live: usize,
    /// Per active seat, by canonical combo index, its item (or
    /// `u32::MAX`): [`ClassSums`]'s index, shared by every class.
    pub(super) item_of: Arc<Vec<Vec<u32>>>,
    /// Per permutation of the scenario, the item each item goes to.
    pub(super) item_perms: Vec<Vec<u32>>,
    /// Per class, the permutations that fix its representative.
    pub(super) stabilisers: Vec<Vec<usize>>,
    /// The number of permutations.
    pub(super) group: u64,
    /// Per seat, what the pass divided its weights by.
    pub(super) divisors: Vec<u64>,
    /// With each class's own weights (a line): per class, what the pass
    /// divided each seat's weights by on it, or `None` for a class it left
    /// out.
    pub(super) class_divisors: Option<Vec<Option<Vec<u64>>>>,
    /// The active seats.
    pub(super) seats: usize,
}

impl PassSums {
    /// Whether the pass counted class `class` (with each class's own
    /// weights, it leaves out those it cannot count).
    pub(crate) fn counts(&self, class: usize) -> bool {
        self.class_divisors
            .as_ref()
            .is_none_or(|d| d.get(class).is_some_and(Option::is_some))
    }

    /// Class `class`'s sums: `V = Σ_{h ∈ Stab(F)} W(F, h c) / |G|`.
    pub(crate) fn class(&self, class: usize) -> ClassSums {
        let live = self.live;
        let stab = &self.stabilisers[class];
        let (group, s) = (self.group, stab.len() as u64);
        let sets = 1 << self.seats;
        let mut out = ClassSums {
            sets: (self.acc.sets[class * sets..(class + 1) * sets].iter())
                .map(|v| v * s / group)
                .collect(),
            deals: self.acc.deals[class] * s / group,
            combos: vec![[0; 2]; live],
            item_of: Arc::clone(&self.item_of),
            divisors: (self.class_divisors.as_ref())
                .and_then(|d| d.get(class).cloned().flatten())
                .unwrap_or_else(|| self.divisors.clone()),
        };
        let row = class * live;
        for (i, to) in out.combos.iter_mut().enumerate() {
            let mut v = [0u64; 2];
            for &h in stab {
                let from = self.acc.combos.get(row + self.item_perms[h][i] as usize);
                (0..2).for_each(|q| v[q] += from[q]);
            }
            *to = [v[0] / group, v[1] / group];
        }
        out
    }
}

/// Per active seat (`seat_items`: its items), by canonical combo index,
/// the item (its slot) of that seat's combo, or `u32::MAX`.
pub(super) fn item_index(seat_items: &[Vec<Item>]) -> Vec<Vec<u32>> {
    (seat_items.iter())
        .map(|items| {
            let mut item_of = vec![u32::MAX; COMBOS];
            for it in items {
                if let Some(to) = item_of.get_mut(usize::from(it.combo)) {
                    *to = it.slot;
                }
            }
            item_of
        })
        .collect()
}

/// The most memory the pass's per-thread accumulators may take together:
/// each holds two counters per flop class and live combo (a hand against
/// `random` over 4,494 classes: about 90 MB each), so wide spots sweep with
/// fewer accumulators than threads rather than hold one per thread.
pub(super) const ACCUMULATOR_BYTES: usize = 192 << 20;

/// A counter of the pass: 32 bits where the largest sum fits (half the
/// memory of 64, so more threads get an accumulator of their own).
pub(super) trait Count: Copy + Default + Send + Sync {
    /// A value the caller knows fits.
    fn from_u64(v: u64) -> Self;
    /// Adds a counter's value.
    fn add_count(&mut self, v: Self);
    /// Adds a pair of counters to a pair.
    #[inline(always)]
    fn add_pair(to: &mut [Self; 2], c: [Self; 2]) {
        to[0].add_count(c[0]);
        to[1].add_count(c[1]);
    }
    /// `v` modulo the counter's width: a term of a sum that fits, whose
    /// terms may not each fit (a product summed as it goes), and whose sum
    /// taken modulo the width is therefore the exact sum.
    fn wrapping(v: u64) -> Self;
    /// `to[l] += [k · x[l], j · y[l]]` lane by lane, modulo the counter's
    /// width (terms of sums that fit: [`Count::wrapping`]).
    #[inline(always)]
    fn add_lanes(to: &mut [[Self; 2]; 16], (k, x): (Self, &[u32; 16]), (j, y): (Self, &[u32; 16])) {
        for ((t, &x), &y) in to.iter_mut().zip(x).zip(y) {
            *t = [t[0].wrapping_mul_add(k, x), t[1].wrapping_mul_add(j, y)];
        }
    }
    /// `self + k · x`, modulo the counter's width.
    fn wrapping_mul_add(self, k: Self, x: u32) -> Self;
}

impl Count for u32 {
    #[inline(always)]
    fn from_u64(v: u64) -> u32 {
        // The caller checked that every sum fits (`largest_sum` in run.rs),
        // so every term does.
        v as u32
    }
    #[inline(always)]
    fn add_count(&mut self, v: u32) {
        *self += v;
    }
    /// Both counters in one 64-bit add: the first is the low half, and no
    /// sum of it reaches 2^32 (`largest_sum` in run.rs), so nothing carries
    /// into the second.
    #[inline(always)]
    fn add_pair(to: &mut [u32; 2], c: [u32; 2]) {
        let wide = |p: [u32; 2]| u64::from(p[0]) | u64::from(p[1]) << 32;
        let sum = wide(*to) + wide(c);
        *to = [sum as u32, (sum >> 32) as u32];
    }
    #[inline(always)]
    fn wrapping(v: u64) -> u32 {
        v as u32
    }
    #[inline(always)]
    fn wrapping_mul_add(self, k: u32, x: u32) -> u32 {
        self.wrapping_add(k.wrapping_mul(x))
    }
}

impl Count for u64 {
    #[inline(always)]
    fn from_u64(v: u64) -> u64 {
        v
    }
    #[inline(always)]
    fn add_count(&mut self, v: u64) {
        *self += v;
    }
    #[inline(always)]
    fn wrapping(v: u64) -> u64 {
        v
    }
    #[inline(always)]
    fn wrapping_mul_add(self, k: u64, x: u32) -> u64 {
        self.wrapping_add(k.wrapping_mul(u64::from(x)))
    }
}

/// Per flop class and item, `[weight, share]`.
pub(super) enum Counters {
    /// 32 bits.
    Narrow(Vec<[u32; 2]>),
    /// 64 bits.
    Wide(Vec<[u64; 2]>),
}

impl Counters {
    fn get(&self, at: usize) -> [u64; 2] {
        match self {
            Counters::Narrow(v) => v[at].map(u64::from),
            Counters::Wide(v) => v[at],
        }
    }
}

/// What the pass sums per flop class and item: a pair of counters
/// (`[weight, share]`), or a hand against a range's packed counts.
pub(super) trait Cell: Copy + Default + Send + Sync {
    /// Adds another cell (every sum fits: the caller checked).
    fn add_cell(&mut self, c: Self);
}

impl<T: Count> Cell for [T; 2] {
    #[inline(always)]
    fn add_cell(&mut self, c: [T; 2]) {
        T::add_pair(self, c);
    }
}

/// Per flop class while the pass runs: `W` above, combos by item.
pub(super) struct Acc<C> {
    /// `classes × winner sets` weights.
    pub(super) sets: Vec<u64>,
    pub(super) deals: Vec<u64>,
    /// `classes × items` cells (`[weight, share]` as the pass ends).
    pub(super) combos: Vec<C>,
}

impl<C: Cell> Acc<C> {
    pub(super) fn new(classes: usize, sets: usize, items: usize) -> Acc<C> {
        Acc {
            sets: written(classes * sets, 0),
            deals: written(classes, 0),
            combos: written(classes * items, C::default()),
        }
    }

    /// Adds `sets` (weight per set of winners) and `deals`, each times
    /// `times`, to class `class`.
    #[inline(always)]
    pub(super) fn add_sets(&mut self, class: usize, sets: &[u64], deals: u64, times: u64) {
        let n = sets.len();
        for (a, s) in self.sets[class * n..(class + 1) * n].iter_mut().zip(sets) {
            *a += s * times;
        }
        self.deals[class] += deals * times;
    }

    /// Adds `other`, its cells on the pool's threads (a fold's
    /// accumulator runs to megabytes).
    pub(super) fn add(mut self, other: Acc<C>) -> Acc<C> {
        for (a, b) in self.sets.iter_mut().zip(&other.sets) {
            *a += b;
        }
        for (a, b) in self.deals.iter_mut().zip(&other.deals) {
            *a += b;
        }
        (self.combos.par_chunks_mut(ADD_CHUNK))
            .zip(other.combos.par_chunks(ADD_CHUNK))
            .for_each(|(a, b)| a.iter_mut().zip(b).for_each(|(a, b)| a.add_cell(*b)));
        self
    }
}

/// Cells added per task in [`Acc::add`].
const ADD_CHUNK: usize = 1 << 14;

/// `n` copies of `value`, every one written now. A vector of zeros from
/// `vec!` is left for the kernel to zero page by page as it is first
/// touched; the accumulators are first touched by `+=`, whose read maps
/// the shared zero page and whose write then copies it, stopping the
/// other threads to flush their TLBs (3.5% of `flops AhKh 15%`'s samples).
/// Written here, each page faults once, on the write. (`black_box`: a
/// fill known to be zero could be folded back into a zeroed allocation.)
fn written<V: Copy>(n: usize, value: V) -> Vec<V> {
    let mut v = Vec::with_capacity(n);
    prefer_huge_pages(v.spare_capacity_mut());
    v.resize(n, std::hint::black_box(value));
    v
}

/// Asks for `memory` (not yet written) to be backed by transparent huge
/// pages where the system leaves that to the program (Linux's `madvise`
/// mode): a fold's accumulator of megabytes then faults in 2 MB at a time,
/// not 4 KB (`flops AhKh 15%`: 7,200 faults a run, 3,600 with huge
/// pages). Elsewhere, and where the kernel declines, nothing changes.
fn prefer_huge_pages<V>(memory: &mut [std::mem::MaybeUninit<V>]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = memory.as_mut_ptr() as usize;
        let end = start + size_of_val(memory);
        let from = start.next_multiple_of(HUGE);
        let len = end.saturating_sub(from) / HUGE * HUGE;
        if len > 0 {
            // SAFETY: `from..from + len` lies within `memory`, which this
            // process allocated; the advice changes how its pages are
            // backed, never what they hold, and its failure is ignored.
            unsafe {
                libc::madvise(from as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

/// The pass's accumulator, its counters 32 or 64 bits wide.
pub(super) struct Swept {
    pub(super) sets: Vec<u64>,
    pub(super) deals: Vec<u64>,
    pub(super) combos: Counters,
}

#[cfg(test)]
mod tests {
    use super::Count;

    /// The one 64-bit add of a 32-bit pair adds each half on its own: a
    /// first counter summed up to `u32::MAX` leaves the second as it was
    /// plus its own term (a carry would add one to it), and a wide second
    /// counter keeps its top bits.
    #[test]
    fn a_pair_adds_as_two_counters() {
        let cases = [
            ([u32::MAX - 3, 7], [3, 2]),
            ([0, u32::MAX - 9], [u32::MAX, 9]),
            ([12_345, 678], [0, 0]),
            ([1 << 31, 1 << 31], [(1 << 31) - 1, (1 << 30) + 5]),
        ];
        for (to, c) in cases {
            let mut paired = to;
            u32::add_pair(&mut paired, c);
            let mut apart = to;
            apart[0].add_count(c[0]);
            apart[1].add_count(c[1]);
            assert_eq!(paired, apart, "{to:?} + {c:?}");
            let mut wide = to.map(u64::from);
            u64::add_pair(&mut wide, c.map(u64::from));
            assert_eq!(wide, paired.map(u64::from), "{to:?} + {c:?} in 64 bits");
        }
    }
}
