//! The pass's view of the scenario's suit symmetries (the permutations
//! that fix it): each permutation as a map of items, every flop's class
//! with the permutation taking it there, one board of each orbit with the
//! orbit's size, and each class's stabiliser.

use std::collections::HashMap;

use rustc_hash::FxHashMap;

use crate::card::Card;
use crate::combo::Combo;
use crate::equity::exact::common::Item;
use crate::symmetry::SuitPerm;

/// Each permutation of `perms` as a map of items: per permutation, the
/// item each item goes to, items numbered seat by seat as `seat_items`
/// lists them (a permutation of the scenario maps a seat's combos to its
/// own). `None` when one maps a combo outside its seat's.
pub(super) fn item_perms(perms: &[SuitPerm], seat_items: &[Vec<Item>]) -> Option<Vec<Vec<u32>>> {
    let slot_of: HashMap<(usize, u16), u32> = (seat_items.iter().enumerate())
        .flat_map(|(a, items)| items.iter().map(move |it| ((a, it.combo), it.slot)))
        .collect();
    let combo_perm = |p: SuitPerm, combo: u16| -> u16 {
        Combo::from_index(usize::from(combo)).map_or(combo, |c| c.permuted(p).index() as u16)
    };
    let item_perms: Vec<Vec<u32>> = perms
        .iter()
        .map(|&p| {
            (seat_items.iter().enumerate())
                .flat_map(|(a, items)| items.iter().map(move |it| (a, it.combo)))
                .map(|(a, combo)| {
                    slot_of
                        .get(&(a, combo_perm(p, combo)))
                        .copied()
                        .unwrap_or(u32::MAX)
                })
                .collect()
        })
        .collect();
    (!item_perms.iter().flatten().any(|&s| s == u32::MAX)).then_some(item_perms)
}

/// The inverses of `item_perms`: per permutation, the item each item
/// comes from, so that a class's row is added to in order (sequential
/// writes the hardware streams, where a scatter through the permutation
/// missed the cache on every item).
pub(super) fn item_sources(item_perms: &[Vec<u32>]) -> Vec<Vec<u32>> {
    item_perms
        .iter()
        .map(|to| {
            let mut from = vec![0u32; to.len()];
            for (i, &j) in to.iter().enumerate() {
                from[j as usize] = i as u32;
            }
            from
        })
        .collect()
}

/// Per permutation (by its `item_sources`), whether it leaves every item
/// in place: its rows are added to straight, without the gather.
pub(super) fn identities(item_sources: &[Vec<u32>]) -> Vec<bool> {
    item_sources
        .iter()
        .map(|from| from.iter().enumerate().all(|(i, &j)| i as u32 == j))
        .collect()
}

/// Every flop of `deck` whose class is one of `reps` (the classes'
/// representatives under `perms`): its class and the permutation taking
/// it there, by card mask. Looked up ten times a board: FxHash (std's
/// SipHash would be a noticeable share of the pass).
pub(super) fn flop_classes(
    deck: &[Card],
    perms: &[SuitPerm],
    reps: &[[Card; 3]],
) -> FxHashMap<u64, (u32, u8)> {
    let rep_index: HashMap<u64, usize> = reps
        .iter()
        .enumerate()
        .map(|(i, f)| (mask_of(f), i))
        .collect();
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
    flop_class
}

/// One five-card board of `deck` per orbit under `perms` (the smallest
/// mask), with the orbit's size, in increasing order of mask.
pub(super) fn orbit_boards(deck: &[Card], perms: &[SuitPerm]) -> Vec<(u64, u64)> {
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
    boards
}

/// Per class representative of `reps`, the permutations of `perms` that
/// fix it (their indices).
pub(super) fn stabilisers(reps: &[[Card; 3]], perms: &[SuitPerm]) -> Vec<Vec<usize>> {
    reps.iter()
        .map(|rep| {
            let mask = mask_of(rep);
            (0..perms.len())
                .filter(|&k| perms[k].mask(mask) == mask)
                .collect()
        })
        .collect()
}

/// The card mask of a flop.
pub(super) fn mask_of(flop: &[Card; 3]) -> u64 {
    flop.iter().fold(0u64, |m, c| m | c.bit())
}
