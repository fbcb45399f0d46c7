//! One flop of a board counted with the flop's own weights (a report on a
//! line): each seat's combos its range holds there gathered, in rank
//! order, into a compact list (its weight, the other seat's weight of the
//! same combo, its cards and slot side by side), then two ranges swept
//! against each other as the two-range sweep sweeps them, or one range
//! counted against the single hands. The very integers the flop's own
//! count forms: a combo of weight 0 is not in the range there.

use super::flop_weights::OnFlop;
use super::sums::Count;
use crate::equity::exact::common::{BoardView, Item};
use crate::equity::exact::two_ranges::{Sums, TwoRanges};

/// A combo of a seat's range on the flop.
#[derive(Clone, Copy)]
struct Entry {
    /// Its rank on the board.
    rank: u32,
    /// Its slot (item index).
    slot: u32,
    weight: u64,
    /// The other seat's weight of the same combo.
    twin: u64,
    cards: [u8; 2],
}

/// The flop's lists, reused across flops.
#[derive(Default)]
pub(super) struct Lists {
    entries: [Vec<Entry>; 2],
}

impl Lists {
    /// The slots of the combos counted on the last flop (those whose
    /// counters it wrote).
    pub(super) fn slots(&self) -> impl Iterator<Item = usize> + '_ {
        self.entries.iter().flatten().map(|e| e.slot as usize)
    }
}

/// What one flop is counted into: the weight of each set of winners (by
/// active-index bits), and each combo counted's weight of deals and pot
/// share (in units of `unit_k[1]`) times `orbit`, by slot (written, not
/// added: each combo is counted once; the other slots are left as they
/// are).
pub(super) struct Into<'a, T> {
    pub(super) sets: &'a mut [u64],
    pub(super) counts: &'a mut [[T; 2]],
    pub(super) unit_k: &'a [u64],
    pub(super) orbit: u64,
}

impl<T: Count> Into<'_, T> {
    #[inline(always)]
    fn set(&mut self, slot: u32, weight: u64, share: u64) {
        self.counts[slot as usize] = [T::from_u64(weight * self.orbit), T::from_u64(share * self.orbit)];
    }
}

/// Counts the flop `on` of the board `view` for `two` (its seats' live
/// combos `sorted` by rank, as [`TwoRanges::sort`] leaves them), into
/// `to`, returning the deals.
pub(super) fn two_ranges(
    two: &TwoRanges,
    sorted: &[Vec<u64>; 2],
    view: &BoardView,
    on: &OnFlop<'_>,
    lists: &mut Lists,
    to: &mut Into<'_, impl Count>,
) -> u64 {
    let items = two.items();
    for side in 0..2 {
        let list = &mut lists.entries[side];
        list.clear();
        list.extend(sorted[side].iter().filter_map(|&key| {
            let item = &items[side][key as u32 as usize];
            let weight = on.of(item);
            (weight > 0).then(|| Entry {
                rank: (key >> 32) as u32,
                slot: item.slot,
                weight,
                twin: on.twin(item),
                cards: item.cards,
            })
        }));
    }
    let [first, second] = &lists.entries;
    let (bits, fixed_weight) = two.bits_and_fixed_weight();
    // Each seat's whole weight, and the second's combos, per card.
    let mut all = [Sums::new(), Sums::new()];
    let mut held = Sums::new();
    for e in first {
        all[0].add(e.cards, e.weight);
    }
    for e in second {
        all[1].add(e.cards, e.weight);
        held.add(e.cards, 1);
    }
    let deals = first
        .iter()
        .map(|e| held.compatible(e.cards, u64::from(e.twin > 0)))
        .sum();
    let sweep = Sweep {
        view,
        bits,
        fixed_weight,
    };
    sweep.side(0, first, second, &all[1], to);
    sweep.side(1, second, first, &all[0], to);
    // Both below the single-combo seats: they win.
    if view.fixed_best > 0 {
        let mut under = Sums::new();
        for e in second.iter().take_while(|e| e.rank < view.fixed_best) {
            under.add(e.cards, e.weight);
        }
        let weight: u64 = (first.iter().take_while(|e| e.rank < view.fixed_best))
            .map(|e| e.weight * under.compatible(e.cards, e.twin))
            .sum();
        to.sets[view.fixed_winners] += weight * fixed_weight;
    }
    deals
}

/// One range (its `items`, its active-index bit `bit`) against the best of
/// the single hands on the flop `on` of the board `view`, into `to` (as
/// the pass counts one range against them), returning the deals.
pub(super) fn one_range<'a>(
    items: impl Iterator<Item = &'a Item>,
    bit: usize,
    view: &BoardView,
    on: &OnFlop<'_>,
    lists: &mut Lists,
    to: &mut Into<'_, impl Count>,
) -> u64 {
    let (best, hands) = (view.fixed_best, view.fixed_winners);
    let k = hands.count_ones() as usize;
    let [list, other] = &mut lists.entries;
    other.clear();
    list.clear();
    for it in items {
        let w = on.of(it);
        if it.mask & view.mask != 0 || w == 0 {
            continue;
        }
        list.push(Entry {
            rank: 0,
            slot: it.slot,
            weight: w,
            twin: 0,
            cards: it.cards,
        });
        let r = view.ranks[it.slot as usize];
        let share = if r > best {
            to.sets[bit] += w;
            w * to.unit_k[1]
        } else if r == best {
            to.sets[hands | bit] += w;
            w * to.unit_k[k + 1]
        } else {
            to.sets[hands] += w;
            0
        };
        to.set(it.slot, w, share);
    }
    list.len() as u64
}

/// The two ranges' sweep of one flop.
struct Sweep<'a, 'b> {
    view: &'a BoardView<'b>,
    /// The two seats' bits.
    bits: [usize; 2],
    /// The product of the single-combo seats' weights.
    fixed_weight: u64,
}

impl Sweep<'_, '_> {
    /// Seat `side`'s combos (`mine`) against the other seat's (`theirs`,
    /// whose whole weight per card is `all`): each combo's weight of
    /// deals; at or above the single-combo seats, the weight below it (a
    /// win) and level with it (a tie) to the sets and its counters.
    #[inline(always)]
    fn side(
        &self,
        side: usize,
        mine: &[Entry],
        theirs: &[Entry],
        all: &Sums,
        to: &mut Into<'_, impl Count>,
    ) {
        let (fixed_best, fixed_winners) = (self.view.fixed_best, self.view.fixed_winners);
        let fixed_count = fixed_winners.count_ones() as usize;
        let bit = self.bits[side];
        let both = self.bits[0] | self.bits[1];
        let f = self.fixed_weight;
        let mut below = Sums::new();
        let mut level = Sums::new();
        let (mut next_below, mut next_level) = (0, 0);
        for e in mine {
            let w = e.weight * f;
            let weight = w * all.compatible(e.cards, e.twin);
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
            let equal = level.compatible(e.cards, e.twin) - lower;
            let (fixed, k) = if e.rank == fixed_best {
                (fixed_winners, fixed_count + 1)
            } else {
                (0, 1)
            };
            to.sets[bit | fixed] += w * lower;
            if side == 0 {
                to.sets[both | fixed] += w * equal;
            }
            let share = w * (lower * to.unit_k[k] + equal * to.unit_k[k + 1]);
            to.set(e.slot, weight, share);
        }
    }
}
