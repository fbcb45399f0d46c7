//! The counts of the flops a run of boards shares, summed in the cache
//! before they go to the classes' rows: per flop (a report on a line,
//! each flop with its own counts), or once for all the flops of a run
//! (the one pass, where each board's counts are the same for its ten);
//! and [`ToFlops`], the one pass's way from a board to its ten flops
//! through them.

use std::ops::Range;

use super::pass::Pass;
use super::sums::{Acc, Cell, Count};

/// The counts of the flops a run of boards shares: the pass sweeps boards
/// in the lexicographic order of their cards, so consecutive boards
/// mostly share their four lowest cards and the four flops those make. Their counts are summed
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
        acc: &mut Acc<[T; 2]>,
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
        acc: &mut Acc<[T; 2]>,
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
    pub(super) fn flush(&mut self, acc: &mut Acc<[T; 2]>, pass: &Pass<'_>) {
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

/// Counts summed over boards that all hold the same few flops (the one
/// pass, where every flop of a board takes the board's same counts), added
/// to those flops' classes at once.
struct Shared<C> {
    /// The flops, each's class and permutation, if counted.
    flops: [Option<(usize, u8)>; 4],
    /// Per item: its cells, summed over the boards.
    combos: Vec<C>,
    /// Per set of winners: weight; and the deals, summed over the boards.
    sets: Vec<u64>,
    deals: u64,
}

impl<C: Cell> Shared<C> {
    fn new(live: usize, winner_sets: usize) -> Shared<C> {
        Shared {
            flops: [None; 4],
            combos: vec![C::default(); live],
            sets: vec![0; winner_sets],
            deals: 0,
        }
    }

    /// Adds one board's counts: per item `combos` (already times its
    /// orbit; the items counted, `slots`), per set of winners `sets` and
    /// `deals`, times `orbit`.
    #[inline(always)]
    fn add(&mut self, combos: &[C], slots: Range<usize>, sets: &[u64], deals: u64, orbit: u64) {
        for (to, c) in self.combos[slots.clone()].iter_mut().zip(&combos[slots]) {
            to.add_cell(*c);
        }
        for (to, s) in self.sets.iter_mut().zip(sets) {
            *to += s * orbit;
        }
        self.deals += deals * orbit;
    }

    /// Notes the flops of the card masks `flops`: each's class and
    /// permutation, if counted.
    fn note(&mut self, flops: &[u64], pass: &Pass<'_>) {
        for (noted, &flop) in self.flops.iter_mut().zip(flops) {
            *noted = (pass.flop_class.get(flop)).map(|(class, p)| (class as usize, p));
        }
    }

    /// Adds the sums to each flop's class and clears them.
    fn flush(&mut self, acc: &mut Acc<C>, pass: &Pass<'_>) {
        let live = self.combos.len();
        for (class, p) in self.flops.iter_mut().filter_map(Option::take) {
            let row = &mut acc.combos[class * live..(class + 1) * live];
            pass.add_row(row, p, &self.combos);
            acc.add_sets(class, &self.sets, self.deals, 1);
        }
        let slots = pass.read.slots.clone();
        self.combos[slots]
            .iter_mut()
            .for_each(|c| *c = C::default());
        self.sets.iter_mut().for_each(|s| *s = 0);
        self.deals = 0;
    }
}

/// The one pass's run of boards sharing their four lowest cards: each of
/// the four flops those cards make takes every board's same counts, so
/// the run's counts are summed once here and added to each flop's class
/// when the run ends: one sum a board instead of four.
pub(super) struct SharedRun<C> {
    /// The four lowest cards of the run's boards.
    lowest: u64,
    shared: Shared<C>,
}

impl<C: Cell> SharedRun<C> {
    /// No run yet, for `live` items and `winner_sets` sets of winners.
    pub(super) fn new(live: usize, winner_sets: usize) -> SharedRun<C> {
        SharedRun {
            lowest: 0,
            shared: Shared::new(live, winner_sets),
        }
    }

    /// Adds the counts of the board `cards` (lowest first): per item
    /// `combos` (times its orbit), `sets` and `deals` times `orbit`. A
    /// board with other four lowest cards ends the run first.
    #[inline(always)]
    pub(super) fn add(
        &mut self,
        cards: &[u64; 5],
        (combos, sets, deals, orbit): (&[C], &[u64], u64, u64),
        acc: &mut Acc<C>,
        pass: &Pass<'_>,
    ) {
        let lowest = cards[0] | cards[1] | cards[2] | cards[3];
        if lowest != self.lowest {
            self.shared.flush(acc, pass);
            self.lowest = lowest;
            let flops = [
                lowest & !cards[3],
                lowest & !cards[2],
                lowest & !cards[1],
                lowest & !cards[0],
            ];
            self.shared.note(&flops, pass);
        }
        self.shared
            .add(combos, pass.read.slots.clone(), sets, deals, orbit);
    }

    /// Adds the run's sums to each of its flops' classes and clears them.
    pub(super) fn flush(&mut self, acc: &mut Acc<C>, pass: &Pass<'_>) {
        self.shared.flush(acc, pass);
    }
}

/// Largest storage for [`ByHighest`]'s 52 sums: beyond it (wide ranges,
/// many seats) the three flops go straight to their rows.
const BY_HIGHEST_BYTES: usize = 256 << 10;

/// Set by a test to count without [`ByHighest`], as spots too wide for it
/// are counted: the same sums either way.
#[cfg(test)]
pub(crate) static BY_HIGHEST_OFF: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// The one pass's boards sharing their three lowest cards (consecutive, in
/// the lexicographic order of their cards), by highest card: the boards
/// of one highest card all hold the three flops of their three lowest cards but one with it,
/// so their counts are summed once per highest card and added to those
/// three flops when the three lowest cards change.
pub(super) struct ByHighest<C> {
    /// The three lowest cards of the boards summed.
    low: u64,
    /// By highest card (index): its sums, the flops noted when first met.
    groups: Vec<Shared<C>>,
    /// The highest cards met (bits by index).
    met: u64,
}

impl<C: Cell> ByHighest<C> {
    /// For `live` items and `winner_sets` sets of winners; `None` where its
    /// rows would not fit [`BY_HIGHEST_BYTES`].
    pub(super) fn new(live: usize, winner_sets: usize) -> Option<ByHighest<C>> {
        #[cfg(test)]
        if BY_HIGHEST_OFF.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        let bytes = 52 * (live * size_of::<C>() + winner_sets * size_of::<u64>());
        (bytes <= BY_HIGHEST_BYTES).then(|| ByHighest {
            low: 0,
            groups: (0..52).map(|_| Shared::new(live, winner_sets)).collect(),
            met: 0,
        })
    }

    /// Adds the counts of the board `cards` (lowest first) to its highest
    /// card's sums: per item `combos` (times its orbit), `sets` and
    /// `deals` times `orbit`. Boards with other three lowest cards end the
    /// sums so far first.
    #[inline(always)]
    pub(super) fn add(
        &mut self,
        cards: &[u64; 5],
        (combos, sets, deals, orbit): (&[C], &[u64], u64, u64),
        acc: &mut Acc<C>,
        pass: &Pass<'_>,
    ) {
        let low = cards[0] | cards[1] | cards[2];
        if low != self.low {
            self.flush(acc, pass);
            self.low = low;
        }
        let high = cards[4].trailing_zeros() as usize;
        let group = &mut self.groups[high];
        if self.met >> high & 1 == 0 {
            self.met |= 1 << high;
            let high = cards[4];
            let flops = [low & !cards[2], low & !cards[1], low & !cards[0]].map(|pair| pair | high);
            group.note(&flops, pass);
        }
        group.add(combos, pass.read.slots.clone(), sets, deals, orbit);
    }

    /// Adds every highest card's sums to its flops' classes and clears them.
    pub(super) fn flush(&mut self, acc: &mut Acc<C>, pass: &Pass<'_>) {
        let mut met = self.met;
        while met != 0 {
            let high = met.trailing_zeros() as usize;
            met &= met - 1;
            self.groups[high].flush(acc, pass);
        }
        self.met = 0;
    }
}

/// The way a board's counts go to its ten flops' rows: through the run of
/// boards sharing its four lowest cards (four flops), through the boards
/// sharing its three lowest cards and its highest (three flops, where
/// their sums fit), the others straight to their rows.
pub(super) struct ToFlops<C> {
    run: SharedRun<C>,
    by_highest: Option<ByHighest<C>>,
}

impl<C: Cell> ToFlops<C> {
    /// For `live` items and `winner_sets` sets of winners, with sums by
    /// highest card where `by_highest` (and they fit).
    pub(super) fn new(live: usize, winner_sets: usize, by_highest: bool) -> ToFlops<C> {
        ToFlops {
            run: SharedRun::new(live, winner_sets),
            by_highest: by_highest
                .then(|| ByHighest::new(live, winner_sets))
                .flatten(),
        }
    }

    /// Adds a board's counts (`cells` per item, already times its orbit;
    /// `sets` per set of winners and `deals`, times `orbit`) to each of its
    /// ten flops' classes in `acc`, `cards` its cards lowest first.
    #[inline(always)]
    pub(super) fn add(
        &mut self,
        acc: &mut Acc<C>,
        pass: &Pass<'_>,
        cards: &[u64; 5],
        counts: (&[C], &[u64], u64, u64),
    ) {
        let (cells, sets, deals, orbit) = counts;
        self.run.add(cards, counts, acc, pass);
        let direct: &[(usize, usize)] = if let Some(by_highest) = &mut self.by_highest {
            by_highest.add(cards, counts, acc, pass);
            &[(0, 3), (1, 3), (2, 3)]
        } else {
            &[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
        };
        for &(x, y) in direct {
            let flop = cards[x] | cards[y] | cards[4];
            let Some((class, p)) = pass.flop_class.get(flop) else {
                continue;
            };
            let class = class as usize;
            acc.add_sets(class, sets, deals, orbit);
            let live = pass.live;
            let row = &mut acc.combos[class * live..(class + 1) * live];
            pass.add_row(row, p, cells);
        }
    }

    /// Adds the sums still held to their classes in `acc`.
    pub(super) fn flush(&mut self, acc: &mut Acc<C>, pass: &Pass<'_>) {
        self.run.flush(acc, pass);
        if let Some(by_highest) = &mut self.by_highest {
            by_highest.flush(acc, pass);
        }
    }
}
