//! How the pass counts one board: two or three ranges by their sweeps, or
//! one range against the single hands directly.

use std::ops::Range;

use super::flop_weights::{FlopWeights, OnFlop};
use super::on_flop;
use super::sums::Count;
use crate::equity::exact::common::{BoardView, Item};
use crate::equity::exact::three_ranges::{self, ThreeRanges};
use crate::equity::exact::two_ranges::{self, TwoRanges};
use crate::equity::setup::Setup;

/// How one board is counted: two or three ranges by their sweeps, or one
/// range against the single hands directly.
pub(super) enum Counter {
    Sweep(TwoRanges),
    Three(ThreeRanges),
    /// The ranged seat's active index, and its items' slots.
    Single {
        range: usize,
        slots: Range<u32>,
    },
}

/// The sweeps' working storage, reused across boards.
#[derive(Default)]
pub(super) struct Scratches {
    two: two_ranges::Scratch,
    three: three_ranges::Scratch,
    /// A flop's lists when each flop has its own weights.
    pub(super) lists: on_flop::Lists,
}

impl Counter {
    /// The counter of `setup`, whose `ranged` active seats (one to three)
    /// hold `seat_items[a]` from `offsets[a]` on; `None` where the sweep of
    /// two or three ranges does not apply.
    pub(super) fn new(
        setup: &Setup,
        offsets: &[usize],
        seat_items: &[Vec<Item>],
        ranged: &[usize],
    ) -> Option<Counter> {
        match *ranged {
            [range] => {
                let from = offsets[range] as u32;
                Some(Counter::Single {
                    range,
                    slots: from..from + seat_items[range].len() as u32,
                })
            }
            [_, _] => TwoRanges::new(setup, offsets).map(Counter::Sweep),
            _ => ThreeRanges::new(setup, offsets).map(Counter::Three),
        }
    }

    /// Counts the deals on one board into `sets` (winner-set weights) and
    /// `per_combo` (the ranged seats' combos; a single combo's counters
    /// follow from its seat's when the tally is finished), returning the
    /// deals counted.
    pub(super) fn board(
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
                let range_items = items.iter().filter(|it| slots.contains(&it.slot));
                single(view, range_items, 1 << range, sets, per_combo, unit_k)
            }
        }
    }

    /// Where this counts one range against single hands: the range's
    /// active index and its items' slots, for [`single_scaled`].
    pub(super) fn single_range(&self) -> Option<(usize, &Range<u32>)> {
        match self {
            Counter::Single { range, slots } => Some((*range, slots)),
            Counter::Sweep(_) | Counter::Three(_) => None,
        }
    }

    /// Prepares a board for [`Counter::count_on`] once for its ten flops:
    /// the two ranges' combos sorted by rank, the lists of the seats whose
    /// `weights` are the same on every flop made (`live` items in all).
    pub(super) fn prepare(
        &self,
        view: &BoardView,
        weights: &FlopWeights,
        live: usize,
        scratch: &mut Scratches,
    ) {
        if let Counter::Sweep(two) = self {
            two.sort(view, &mut scratch.two);
            let sorted = TwoRanges::sorted(&scratch.two);
            on_flop::prepare(two, sorted, weights, live, &mut scratch.lists);
        }
    }

    /// Counts one flop `on` of a board [`Counter::prepare`]d, with
    /// the flop's own weights, into `to`, returning the deals. Only for
    /// two ranges (`line_applies`).
    pub(super) fn count_on(
        &self,
        view: &BoardView,
        on: &OnFlop<'_>,
        scratch: &mut Scratches,
        to: &mut on_flop::Into<'_, impl Count>,
    ) -> u64 {
        match *self {
            Counter::Sweep(ref two) => {
                let sorted = TwoRanges::sorted(&scratch.two);
                on_flop::two_ranges(two, sorted, view, on, &mut scratch.lists, to)
            }
            Counter::Three(_) | Counter::Single { .. } => 0,
        }
    }
}

/// One range (its items `range_items`, its active-index bit `range_bit`)
/// against the best of the single hands (whose own weights are 1: one
/// combo each): each deal weighs the range combo's weight. Counted as
/// [`Counter::board`] counts.
#[inline(always)]
fn single<'a>(
    view: &BoardView,
    range_items: impl Iterator<Item = &'a Item>,
    range_bit: usize,
    sets: &mut [u64],
    per_combo: &mut [[u64; 4]],
    unit_k: &[u64],
) -> u64 {
    let (best, hands) = (view.fixed_best, view.fixed_winners);
    let k = hands.count_ones() as usize;
    let mut deals = 0;
    for it in range_items {
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

/// [`single`] for the one pass, which keeps of each combo only its weight
/// and share: the range's items (`range_items`, every one of them, by
/// slot from 0) into `scaled` as `[weight, share]` times `orbit` (0 where
/// the board blocks it) and each deal's weight into `sets` (cleared
/// first), returning the deals. One sweep over the items, with no
/// four-counter row to clear and scale after.
#[inline(always)]
pub(super) fn single_scaled<T: Count>(
    view: &BoardView,
    range_items: &[Item],
    range_bit: usize,
    sets: &mut [u64],
    scaled: &mut [[T; 2]],
    unit_k: &[u64],
    orbit: u64,
) -> u64 {
    let (best, hands) = (view.fixed_best, view.fixed_winners);
    let k = hands.count_ones() as usize;
    let (win, tie) = (unit_k[1] * orbit, unit_k[k + 1] * orbit);
    let (mut beaten, mut tied, mut lost, mut deals) = (0, 0, 0, 0);
    for (it, to) in range_items.iter().zip(scaled) {
        if it.mask & view.mask != 0 {
            *to = [T::default(); 2];
            continue;
        }
        deals += 1;
        let w = it.weight;
        let r = view.ranks[it.slot as usize];
        let share = if r > best {
            beaten += w;
            w * win
        } else if r == best {
            tied += w;
            w * tie
        } else {
            lost += w;
            0
        };
        *to = [T::from_u64(w * orbit), T::from_u64(share)];
    }
    sets.iter_mut().for_each(|v| *v = 0);
    sets[range_bit] += beaten;
    sets[hands | range_bit] += tied;
    sets[hands] += lost;
    deals
}
