//! Each flop's own ranges for the pass: a report on a line counts every
//! flop with the ranges the line leaves there, which differ from flop to
//! flop. Each class's weights are read on its representative; a board's
//! flop of that class under permutation `p` weighs item `i` as the
//! representative weighs `p i`, so the sums stay symmetric and are
//! finished as the pass finishes its own.

use super::orbits::mask_of;
use crate::card::Card;
use crate::combo::{COMBOS, Combo};
use crate::equity::exact::common::Item;
use crate::equity::setup::Setup;
use crate::equity::tally::gcd;
use crate::range::Range;

/// Marks an item without a twin (no other ranged seat holds its combo).
pub(super) const NO_TWIN: u32 = u32::MAX;

/// Each class's weights for the pass.
pub(super) struct FlopWeights {
    /// Per class, each item's weight on its representative (by item, in
    /// the pass's units: basis points over a divisor, so 16 bits, which
    /// keeps the classes' weights in the cache), or `None`: the pass
    /// leaves the class out.
    classes: Vec<Option<Vec<u16>>>,
    /// Per item, the item of the other seat holding its combo
    /// ([`NO_TWIN`] where none does).
    pub(super) twin: Vec<u32>,
    /// Per class counted, what each seat of the setup divides its basis
    /// points by on it, as the pass counts it.
    pub(super) divisors: Vec<Option<Vec<u64>>>,
    /// Per active seat, the largest weight of an item on any class and
    /// the largest total of its weights on one.
    pub(super) largest: Vec<(u64, u64)>,
    /// Per active seat, whether its weights are the same on every class
    /// counted and under every permutation (a seat without a rule): then
    /// every flop weighs its items as `steady` does, by item.
    pub(super) steady_seats: Vec<bool>,
    pub(super) steady: Vec<u64>,
}

impl FlopWeights {
    /// The weights of `ranges` (per class of `reps`, each setup seat's
    /// range there, or `None` to leave the class out) for `setup`'s
    /// active seats' items (`seat_items`, numbered in order). A class is
    /// left out where a seat with more than one live combo preflop keeps
    /// fewer than two on the class's flop (the flop's own setup then
    /// counts it as a single hand), or a single hand has weight 0 there.
    pub(super) fn new(
        setup: &Setup,
        seat_items: &[Vec<Item>],
        reps: &[[Card; 3]],
        ranges: &[Option<Vec<&Range>>],
        item_perms: &[Vec<u32>],
    ) -> FlopWeights {
        let seats = seat_items.len();
        let bp = |class: &[&Range], a: usize, item: &Item| {
            let combo = Combo::from_index(usize::from(item.combo));
            combo.map_or(0, |c| u64::from(class[setup.active[a]].weight_bp(c)))
        };
        let ranged = |a: usize| seat_items[a].len() > 1;
        // What each ranged seat's weights are divided by: the gcd of all
        // its weights on every class (a divisor of each flop's own).
        let mut divisor = vec![0u128; seats];
        for class in ranges.iter().flatten() {
            for a in (0..seats).filter(|&a| ranged(a)) {
                for item in &seat_items[a] {
                    divisor[a] = gcd(divisor[a], u128::from(bp(class, a, item)));
                }
            }
        }
        let divisor: Vec<u64> = divisor.iter().map(|&d| d.max(1) as u64).collect();
        let mut largest = vec![(0u64, 0u64); seats];
        let mut classes = Vec::with_capacity(ranges.len());
        let mut divisors = Vec::with_capacity(ranges.len());
        for (class, rep) in ranges.iter().zip(reps) {
            let counted = class.as_ref().and_then(|class| {
                let flop = mask_of(rep);
                let mut weights = Vec::new();
                for (a, items) in seat_items.iter().enumerate() {
                    let mut live = 0;
                    for item in items {
                        let w = bp(class, a, item);
                        live += usize::from(w > 0 && item.mask & flop == 0);
                        // At most 10,000: a weight in basis points.
                        let w = if ranged(a) {
                            w / divisor[a]
                        } else {
                            u64::from(w > 0)
                        };
                        weights.push(w as u16);
                    }
                    if (live < 2 && ranged(a)) || live == 0 {
                        return None;
                    }
                }
                Some((weights, class_divisors(setup, class, &divisor)))
            });
            let Some((weights, class_divisors)) = counted else {
                classes.push(None);
                divisors.push(None);
                continue;
            };
            let mut at = 0;
            for (a, items) in seat_items.iter().enumerate() {
                let own = &weights[at..at + items.len()];
                let max = own.iter().copied().max().map_or(0, u64::from);
                let total = own.iter().map(|&w| u64::from(w)).sum::<u64>();
                largest[a] = (largest[a].0.max(max), largest[a].1.max(total));
                at += items.len();
            }
            classes.push(Some(weights));
            divisors.push(Some(class_divisors));
        }
        let (steady_seats, steady) = steady(seat_items, &classes, item_perms);
        FlopWeights {
            classes,
            twin: twins(seat_items),
            divisors,
            largest,
            steady_seats,
            steady,
        }
    }

    /// The weights of class `class` on a board's flop that permutation
    /// `to` (the item each item goes to) takes to its representative;
    /// `None` where the pass leaves the class out.
    pub(super) fn on_flop<'a>(&'a self, class: usize, to: &'a [u32]) -> Option<OnFlop<'a>> {
        let weights = self.classes.get(class)?.as_deref()?;
        Some(OnFlop {
            weights,
            to,
            twin: &self.twin,
        })
    }
}

/// Per seat of `seat_items` (items numbered in order), whether its weights
/// are the same on every class counted (`classes`) and kept by every
/// permutation of `item_perms`; and those weights, by item (0 for the
/// other seats').
fn steady(
    seat_items: &[Vec<Item>],
    classes: &[Option<Vec<u16>>],
    item_perms: &[Vec<u32>],
) -> (Vec<bool>, Vec<u64>) {
    let mut counted = classes.iter().flatten();
    let Some(first) = counted.next() else {
        return (vec![false; seat_items.len()], Vec::new());
    };
    let mut same = vec![true; first.len()];
    for class in counted {
        for (s, (a, b)) in same.iter_mut().zip(first.iter().zip(class)) {
            *s &= a == b;
        }
    }
    let mut seats = Vec::with_capacity(seat_items.len());
    let mut steady = vec![0; first.len()];
    let mut at = 0;
    for items in seat_items {
        let range = at..at + items.len();
        let kept = |i: usize| {
            item_perms
                .iter()
                .all(|to| first[to[i] as usize] == first[i])
        };
        let is = range.clone().all(|i| same[i] && kept(i));
        if is {
            for i in range {
                steady[i] = u64::from(first[i]);
            }
        }
        seats.push(is);
        at += items.len();
    }
    (seats, steady)
}

/// What each seat of `setup` divides its basis points by on a class
/// counted with `class` (each setup seat's range there): a ranged seat,
/// its `divisor` over every class; a single hand (active or folded), its
/// own weight there, as the flop's setup divides it.
fn class_divisors(setup: &Setup, class: &[&Range], divisor: &[u64]) -> Vec<u64> {
    (setup.seats.iter().enumerate())
        .map(
            |(s, seat)| match setup.active.iter().position(|&a| a == s) {
                Some(a) if seat.combos.len() > 1 => divisor[a],
                _ => seat
                    .combos
                    .first()
                    .map_or(seat.divisor, |&c| u64::from(class[s].weight_bp(c)).max(1)),
            },
        )
        .collect()
}

/// Per item of `seat_items` (numbered in order), the item of another seat
/// holding the same combo ([`NO_TWIN`] where none does). Only the two
/// ranges' sweep reads it, for its two seats.
fn twins(seat_items: &[Vec<Item>]) -> Vec<u32> {
    let all: Vec<(usize, u16)> = (seat_items.iter().enumerate())
        .flat_map(|(a, items)| items.iter().map(move |it| (a, it.combo)))
        .collect();
    let mut holders: Vec<Vec<u32>> = vec![Vec::new(); COMBOS];
    for (i, &(_, combo)) in all.iter().enumerate() {
        holders[usize::from(combo)].push(i as u32);
    }
    all.iter()
        .map(|&(a, combo)| {
            (holders[usize::from(combo)].iter())
                .find(|&&j| all[j as usize].0 != a)
                .map_or(NO_TWIN, |&j| j)
        })
        .collect()
}

/// One board's flop: its class's weights, read through the permutation
/// taking the flop to the class's representative.
pub(super) struct OnFlop<'a> {
    weights: &'a [u16],
    to: &'a [u32],
    /// Per item, the item of the other seat holding its combo.
    pub(super) twin: &'a [u32],
}

impl OnFlop<'_> {
    /// `item`'s weight on the flop (0 where its seat's range does not
    /// hold it there).
    #[inline(always)]
    pub(super) fn of(&self, item: &Item) -> u64 {
        self.of_slot(item.slot)
    }

    /// The weight on the flop of the item in slot `slot`.
    #[inline(always)]
    pub(super) fn of_slot(&self, slot: u32) -> u64 {
        u64::from(self.weights[self.to[slot as usize] as usize])
    }
}
