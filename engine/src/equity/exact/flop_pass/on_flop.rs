//! One flop of a board counted with the flop's own weights (a report on a
//! line): each seat's combos its range holds there gathered, in rank
//! order, into a compact list (weight, cards, slot and the slot of the
//! other seat's same combo side by side), then two ranges swept against
//! each other as the two-range sweep sweeps them. A seat whose weights are the same on every
//! flop (one without a rule) has its list made once for the board. The
//! very integers the flop's own count forms: a combo of weight 0 is not in
//! the range there.

use super::flop_weights::{FlopWeights, NO_TWIN, OnFlop};
use super::sums::Count;
use crate::equity::exact::common::{BoardView, Item};
use crate::equity::exact::two_ranges::{Sums, TwoRanges};

mod lanes;
mod sweep;

#[cfg(test)]
pub(crate) use lanes::BASELINE_LANES;
pub(super) use lanes::{FLOPS, LANES, LaneCell, LaneCounts, count as count_lanes};
pub(super) use sweep::Into;
use sweep::{Entry, Met, Sweep};

/// A seat's combos on the flop.
struct List {
    entries: Vec<Entry>,
    /// Whether they are the board's (the same on every flop).
    board: bool,
    /// For a seat whose weights vary from flop to flop against one whose
    /// do not: every combo live on the board, by rank, with what it meets
    /// in the other seat's list there, the same on every flop.
    against: Vec<(Entry, Met)>,
    /// What its combos on the flop meet, by entry.
    met: Vec<Met>,
    /// Their weight per card.
    all: Sums,
    /// Their number per card.
    held: Sums,
}

impl Default for List {
    fn default() -> List {
        List {
            entries: Vec::new(),
            board: false,
            against: Vec::new(),
            met: Vec::new(),
            all: Sums::new(),
            held: Sums::new(),
        }
    }
}

impl List {
    /// The list of `items` by `sorted` (`rank << 32 | index`), each of
    /// weight `weight(item)` (left out where 0), noting each weight in
    /// `weights` by slot.
    #[inline(always)]
    fn fill(
        &mut self,
        sorted: &[u64],
        items: &[Item],
        twin: &[u32],
        weights: &mut [u64],
        weight: impl Fn(&Item) -> u64,
    ) {
        let none = (weights.len() - 1) as u32;
        self.entries.clear();
        (self.all, self.held) = (Sums::new(), Sums::new());
        for &key in sorted {
            let item = &items[key as u32 as usize];
            let w = weight(item);
            if w == 0 {
                continue;
            }
            weights[item.slot as usize] = w;
            self.all.add(item.cards, w);
            self.held.add(item.cards, 1);
            let twin = twin[item.slot as usize];
            self.entries.push(Entry {
                rank: (key >> 32) as u32,
                slot: item.slot,
                weight: w,
                twin: if twin == NO_TWIN { none } else { twin },
                cards: item.cards,
            });
        }
    }

    /// Clears the weights its entries noted.
    fn clear(&self, weights: &mut [u64]) {
        for e in &self.entries {
            weights[e.slot as usize] = 0;
        }
    }
}

/// A board's ruled seat against its steady one ([`Lists::ruled`]).
pub(super) type Ruled<'a> = (usize, &'a [(Entry, Met)], &'a [Entry]);

/// The flop's lists, reused across flops and boards.
#[derive(Default)]
pub(super) struct Lists {
    lists: [List; 2],
    /// By slot, the weight on the flop of the combos in the lists (0 for
    /// the others, and at the one slot past the last).
    weights: Vec<u64>,
}

impl Lists {
    /// Where one seat's weights vary from flop to flop and the other's do
    /// not (a board [`prepare`]d): the ruled seat's side, its live combos
    /// with what they meet, and the steady seat's list.
    pub(super) fn ruled(&self) -> Option<Ruled<'_>> {
        let [first, second] = &self.lists;
        match (first.board, second.board) {
            (false, true) => Some((0, &first.against, &second.entries)),
            (true, false) => Some((1, &second.against, &first.entries)),
            _ => None,
        }
    }

    /// The slots of the combos counted on the last flop (those whose
    /// counters it wrote).
    pub(super) fn slots(&self) -> impl Iterator<Item = usize> + '_ {
        let [first, second] = &self.lists;
        (first.entries.iter())
            .chain(&second.entries)
            .map(|e| e.slot as usize)
    }
}

/// Prepares a board for [`two_ranges`]: the lists of the seats whose
/// weights are the same on every flop (`flop_weights`), from `two`'s
/// combos `sorted` by rank on the board; `live` items in all.
pub(super) fn prepare(
    two: &TwoRanges,
    sorted: &[Vec<u64>; 2],
    flop_weights: &FlopWeights,
    live: usize,
    lists: &mut Lists,
) {
    let Lists { lists, weights, .. } = lists;
    weights.resize(live + 1, 0);
    let (seats, _) = two.seats_and_fixed_weight();
    for (side, list) in lists.iter_mut().enumerate() {
        list.clear(weights);
        list.entries.clear();
        list.against.clear();
        list.board = flop_weights.steady_seats[seats[side]];
        if list.board {
            let steady = &flop_weights.steady;
            let items = &two.items()[side];
            let weight = |item: &Item| steady[item.slot as usize];
            list.fill(&sorted[side], items, &flop_weights.twin, weights, weight);
        }
    }
    // A seat with a rule against one without: what each of its combos
    // meets, once for the board's flops.
    for side in 0..2 {
        if lists[1 - side].board && !lists[side].board {
            let (items, twin) = (&two.items()[side], &flop_weights.twin);
            let mut met = std::mem::take(&mut lists[side].against);
            let steady = &lists[1 - side];
            meet(&sorted[side], items, twin, weights, steady, &mut met);
            lists[side].against = met;
        }
    }
}

/// Every combo of `items` live on the board (`sorted`, by rank) against the
/// `steady` list (whose weights `weights` holds by slot): what it meets
/// there ([`Met`]), with its entry (of weight 0), into `met` (cleared
/// first; kept across boards, so the board allocates nothing).
fn meet(
    sorted: &[u64],
    items: &[Item],
    twin: &[u32],
    weights: &[u64],
    steady: &List,
    met: &mut Vec<(Entry, Met)>,
) {
    let none = (weights.len() - 1) as u32;
    met.clear();
    let mut below = Sums::new();
    let mut next = 0;
    let theirs = &steady.entries;
    let mut start = 0;
    while let Some(&key) = sorted.get(start) {
        let x = (key >> 32) as u32;
        let end = start
            + sorted[start..]
                .iter()
                .take_while(|&&k| (k >> 32) as u32 == x)
                .count();
        while let Some(o) = theirs.get(next)
            && o.rank < x
        {
            below.add(o.cards, o.weight);
            next += 1;
        }
        let group = start..end;
        for &key in &sorted[group.clone()] {
            let item = &items[key as u32 as usize];
            let twin = match twin[item.slot as usize] {
                NO_TWIN => none,
                twin => twin,
            };
            let entry = Entry {
                rank: x,
                slot: item.slot,
                weight: 0,
                twin,
                cards: item.cards,
            };
            let lower = below.compatible(item.cards, 0);
            met.push((
                entry,
                Met {
                    lower,
                    ..Met::default()
                },
            ));
        }
        while let Some(o) = theirs.get(next)
            && o.rank == x
        {
            below.add(o.cards, o.weight);
            next += 1;
        }
        for (e, m) in &mut met[group] {
            let own = weights[e.twin as usize];
            m.equal = below.compatible(e.cards, own) - m.lower;
            m.all = steady.all.compatible(e.cards, own);
            m.held = steady.held.compatible(e.cards, u64::from(own > 0));
        }
        start = end;
    }
}

/// Counts the flop `on` of the board `view` for `two` (its seats' live
/// combos `sorted` by rank; the board [`prepare`]d), into `to`, returning
/// the deals.
pub(super) fn two_ranges(
    two: &TwoRanges,
    sorted: &[Vec<u64>; 2],
    view: &BoardView,
    on: &OnFlop<'_>,
    lists: &mut Lists,
    to: &mut Into<'_, impl Count>,
) -> u64 {
    let Lists { lists, weights } = lists;
    let (seats, fixed_weight) = two.seats_and_fixed_weight();
    let bits = seats.map(|a| 1usize << a);
    // A seat with a rule against one without: its combos' counts from
    // what they meet (the board's), only the other seat swept.
    let ruled = (0..2).find(|&s| !lists[s].board && lists[1 - s].board);
    let deals = if let Some(side) = ruled {
        let List {
            entries,
            against,
            all,
            met,
            ..
        } = &mut lists[side];
        entries.clear();
        met.clear();
        *all = Sums::new();
        let mut deals = 0;
        for (e, m) in against.iter() {
            let w = on.of_slot(e.slot);
            if w > 0 {
                weights[e.slot as usize] = w;
                all.add(e.cards, w);
                entries.push(Entry { weight: w, ..*e });
                met.push(*m);
                deals += m.held;
            }
        }
        let sweep = Sweep {
            view,
            bits,
            fixed_weight,
            weights,
        };
        let mut sums = [0, 0];
        for (e, m) in entries.iter().zip(met.iter()) {
            let w = e.weight * fixed_weight;
            let counts = [w, w * m.all, m.lower, m.equal];
            sweep.emit(side, e, counts, &mut sums, to);
        }
        sweep.finish(side, sums, to);
        let steady = &lists[1 - side];
        let pair = (&steady.entries[..], &lists[side].entries[..]);
        sweep.side(1 - side, pair, &lists[side].all, to);
        deals
    } else {
        for (side, list) in lists.iter_mut().enumerate() {
            if !list.board {
                list.fill(&sorted[side], &two.items()[side], on.twin, weights, |it| {
                    on.of(it)
                });
            }
        }
        let [first, second] = &*lists;
        // The pairs of combos that share no card, over the shorter list.
        let (short, long) = if first.entries.len() <= second.entries.len() {
            (first, second)
        } else {
            (second, first)
        };
        let deals = (short.entries.iter())
            .map(|e| {
                long.held
                    .compatible(e.cards, u64::from(weights[e.twin as usize] > 0))
            })
            .sum();
        let sweep = Sweep {
            view,
            bits,
            fixed_weight,
            weights,
        };
        let pair = (&first.entries[..], &second.entries[..]);
        sweep.side(0, pair, &second.all, to);
        sweep.side(1, (pair.1, pair.0), &first.all, to);
        deals
    };
    let [first, second] = &*lists;
    // Both below the single-combo seats: they win.
    if view.fixed_best > 0 {
        let mut under = Sums::new();
        for e in second
            .entries
            .iter()
            .take_while(|e| e.rank < view.fixed_best)
        {
            under.add(e.cards, e.weight);
        }
        let weight: u64 = (first.entries.iter())
            .take_while(|e| e.rank < view.fixed_best)
            .map(|e| e.weight * under.compatible(e.cards, weights[e.twin as usize]))
            .sum();
        to.sets[view.fixed_winners] += weight * fixed_weight;
    }
    for list in lists.iter().filter(|l| !l.board) {
        list.clear(weights);
    }
    deals
}
