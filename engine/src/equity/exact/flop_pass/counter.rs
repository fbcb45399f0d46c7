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

/// Whose combos the pass counts: every seat's, or where only one seat's
/// are read (the standings of one ranged seat against another range),
/// that seat's alone: the other seat's combos, the sets and the deals are
/// then not the spot's.
pub(super) struct Read {
    /// The one seat counted (its active index), or `None`: every seat.
    pub(super) seat: Option<usize>,
    /// The items counted: every live one, or that seat's.
    pub(super) slots: Range<usize>,
}

impl Read {
    /// Every one of the `live` items.
    pub(super) fn every(live: usize) -> Read {
        Read {
            seat: None,
            slots: 0..live,
        }
    }

    /// The items of the seat of active index `seat` alone: `items`, from
    /// slot `offset` on.
    pub(super) fn seat(seat: usize, offset: usize, items: &[Item]) -> Read {
        Read {
            seat: Some(seat),
            slots: offset..offset + items.len(),
        }
    }
}

/// The sweeps' working storage, reused across boards.
#[derive(Default)]
pub(super) struct Scratches {
    two: two_ranges::Scratch,
    three: three_ranges::Scratch,
    /// A flop's lists when each flop has its own weights.
    pub(super) lists: on_flop::Lists,
    /// The sweeps' `[weight, wins, ties, share]` per item on a board.
    per_combo: Vec<[u64; 4]>,
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

    /// Counts the deals on one board (the one pass: each combo's counts go
    /// to all ten of its flops alike) into `to`: its sets (cleared first)
    /// and each ranged combo's weight and share, 0 where the board blocks
    /// it (a single combo's counters follow from its seat's when the tally
    /// is finished, and its entry is not written). Returns the deals.
    /// Where `read` names one seat of two ranges, its combos' counts alone
    /// are formed (the others' entries are not written; the sets and the
    /// deals are not the board's).
    pub(super) fn board(
        &self,
        view: &BoardView,
        items: &[Item],
        read: &Read,
        scratch: &mut Scratches,
        to: &mut on_flop::Into<'_, impl Count>,
    ) -> u64 {
        if let Counter::Single { range, ref slots } = *self {
            let range_items = &items[slots.start as usize..slots.end as usize];
            return single(view, range_items, 1 << range, to);
        }
        let per_combo = &mut scratch.per_combo;
        per_combo.clear();
        per_combo.resize(items.len(), [0; 4]);
        to.sets.iter_mut().for_each(|v| *v = 0);
        let counts = (&mut per_combo[..], to.unit_k);
        let deals = match *self {
            Counter::Sweep(ref two) => match read.seat {
                Some(seat) => {
                    let ([first, _], _) = two.seats_and_fixed_weight();
                    let side = usize::from(seat != first);
                    two.one_side(view, side, to.sets, counts, &mut scratch.two);
                    0
                }
                None => two.board(view, to.sets, Some(counts), &mut scratch.two),
            },
            Counter::Three(ref three) => {
                three.board(view, to.sets, Some(counts), &mut scratch.three)
            }
            // Counted above.
            Counter::Single { .. } => 0,
        };
        // The weight and the share (see `ClassSums::combos`); every
        // blocked item's counters are 0.
        for slot in read.slots.clone() {
            let c = per_combo[slot];
            to.set(slot as u32, c[0], c[3]);
        }
        deals
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

    /// Counts the flops `ons` of a board [`Counter::prepare`]d side by
    /// side, one lane each (by the flop's place among the board's ten),
    /// into `out` and each combo's cell in `cells` (its counts times
    /// `orbit` added), where two ranges meet, one ruled and one not (`ruled`,
    /// from the board's lists), and no single hand sits at the table.
    pub(super) fn count_lanes<T: Count>(
        &self,
        ruled: on_flop::Ruled<'_>,
        ons: &[Option<OnFlop<'_>>; on_flop::LANES],
        unit_orbit: (&[u64], u64),
        out: &mut on_flop::LaneCounts,
        cells: &mut [on_flop::LaneCell<T>],
    ) {
        if let Counter::Sweep(two) = self {
            on_flop::count_lanes(two, ruled, ons, unit_orbit, out, cells);
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
/// combo each): each deal weighs the range combo's weight. Counted into
/// `to` as [`Counter::board`] counts, in one sweep over the items.
#[inline(always)]
fn single(
    view: &BoardView,
    range_items: &[Item],
    range_bit: usize,
    to: &mut on_flop::Into<'_, impl Count>,
) -> u64 {
    let (best, hands) = (view.fixed_best, view.fixed_winners);
    let k = hands.count_ones() as usize;
    let (win, tie) = (to.unit_k[1], to.unit_k[k + 1]);
    let (mut beaten, mut tied, mut lost, mut deals) = (0, 0, 0, 0);
    for it in range_items {
        if it.mask & view.mask != 0 {
            to.set(it.slot, 0, 0);
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
        to.set(it.slot, w, share);
    }
    to.sets.iter_mut().for_each(|v| *v = 0);
    to.sets[range_bit] += beaten;
    to.sets[hands | range_bit] += tied;
    to.sets[hands] += lost;
    deals
}
