//! The pass's view of the scenario's suit symmetries (the permutations
//! that fix it): each permutation as a map of items, every flop's class
//! with the permutation taking it there, one board of each orbit with the
//! orbit's size, and each class's stabiliser.

use std::collections::HashMap;

use rayon::prelude::*;

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

/// Every flop's class and the permutation taking it there, looked up
/// ten times a board: a dense table by the flop's colexicographic index
/// (22,100 entries, 88 KB) rather than a hash map keyed by its mask.
pub(super) struct FlopClasses {
    /// By flop index: `class << 8 | permutation`, or [`Self::NONE`].
    by_flop: Vec<u32>,
}

impl FlopClasses {
    const NONE: u32 = u32::MAX;

    /// The colexicographic index of three cards' indices `a < b < c`.
    #[inline(always)]
    fn index(a: u32, b: u32, c: u32) -> usize {
        let (a, b, c) = (a as usize, b as usize, c as usize);
        c * (c - 1) * (c - 2) / 6 + b * (b - 1) / 2 + a
    }

    /// The class and permutation of the flop of mask `flop` (three
    /// cards), if it is one of the classes counted.
    #[inline(always)]
    pub(super) fn get(&self, flop: u64) -> Option<(u32, u8)> {
        let a = flop.trailing_zeros();
        let rest = flop & flop.wrapping_sub(1);
        let b = rest.trailing_zeros();
        let c = 63 - rest.leading_zeros();
        match self.by_flop.get(Self::index(a, b, c)) {
            Some(&v) if v != Self::NONE => Some((v >> 8, v as u8)),
            _ => None,
        }
    }

    /// Each flop counted as a class of its own: every flop that has a
    /// class, numbered in order, under the permutation `identity` (which
    /// moves nothing); with, per flop so numbered, its class and
    /// permutation here.
    pub(super) fn each_flop(&self, identity: u8) -> (FlopClasses, Vec<(usize, u8)>) {
        let mut back = Vec::new();
        let by_flop = (self.by_flop.iter())
            .map(|&v| {
                if v == Self::NONE {
                    return Self::NONE;
                }
                back.push(((v >> 8) as usize, v as u8));
                ((back.len() - 1) as u32) << 8 | u32::from(identity)
            })
            .collect();
        (FlopClasses { by_flop }, back)
    }
}

/// Every flop of `deck` whose class is one of `reps` (the classes'
/// representatives under `perms`): its class and the permutation taking
/// it there.
pub(super) fn flop_classes(deck: &[Card], perms: &[SuitPerm], reps: &[[Card; 3]]) -> FlopClasses {
    let rep_index: HashMap<u64, usize> = reps
        .iter()
        .enumerate()
        .map(|(i, f)| (mask_of(f), i))
        .collect();
    let mut by_flop = vec![FlopClasses::NONE; FlopClasses::index(49, 50, 51) + 1];
    for (i, a) in deck.iter().enumerate() {
        for (j, b) in deck.iter().enumerate().skip(i + 1) {
            for c in &deck[j + 1..] {
                let mask = a.bit() | b.bit() | c.bit();
                let (p, image) = (perms.iter().enumerate())
                    .map(|(k, p)| (k, p.mask(mask)))
                    .min_by_key(|&(_, m)| m)
                    .unwrap_or((0, mask));
                if let Some(&class) = rep_index.get(&image) {
                    let [x, y, z] = [a, b, c].map(|card| u32::from(card.index()));
                    let mut sorted = [x, y, z];
                    sorted.sort_unstable();
                    let [x, y, z] = sorted;
                    by_flop[FlopClasses::index(x, y, z)] = (class as u32) << 8 | p as u32;
                }
            }
        }
    }
    FlopClasses { by_flop }
}

/// One five-card board of `deck` per orbit under `perms` (the smallest
/// mask), with the orbit's size, in the lexicographic order of their cards
/// (boards sharing their lowest cards come together), found block by block
/// on the pool's threads ([`OrbitBoards`]).
pub(crate) fn orbit_boards(deck: &[Card], perms: &[SuitPerm]) -> Vec<(u64, u64)> {
    let orbits = OrbitBoards::new(deck, perms);
    let blocks: Vec<Vec<(u64, u64)>> = (0..orbits.blocks())
        .into_par_iter()
        .map(|block| {
            let mut boards = Vec::new();
            orbits.for_each(block, |mask, orbit| boards.push((mask, orbit)));
            boards
        })
        .collect();
    blocks.concat()
}

/// The five-card boards of a deck, one per orbit under a group of suit
/// permutations (the smallest mask, with the orbit's size), in blocks of
/// the boards sharing their two lowest cards: found as they are swept, a
/// block at a time, instead of listed first (two million boards, each
/// against every permutation, and a list of a few megabytes). Each
/// board's images under the permutations are built card by card as the
/// loops go down.
pub(super) struct OrbitBoards {
    /// Each card's mask, and its image under each permutation (at most
    /// 24 of them).
    bits: Vec<u64>,
    images: Vec<[u64; 24]>,
    group: usize,
    /// The blocks' two lowest cards (positions in the deck), in
    /// lexicographic order: the largest blocks first.
    blocks: Vec<(usize, usize)>,
}

impl OrbitBoards {
    /// The boards of `deck` under `perms`.
    pub(super) fn new(deck: &[Card], perms: &[SuitPerm]) -> OrbitBoards {
        let n = deck.len();
        let bits: Vec<u64> = deck.iter().map(|c| c.bit()).collect();
        let images = (bits.iter())
            .map(|&b| {
                let mut images = [0; 24];
                for (to, p) in images.iter_mut().zip(perms) {
                    *to = p.mask(b);
                }
                images
            })
            .collect();
        OrbitBoards {
            bits,
            images,
            group: perms.len().min(24),
            blocks: (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect(),
        }
    }

    /// How many blocks there are.
    pub(super) fn blocks(&self) -> usize {
        self.blocks.len()
    }

    /// How many five-card boards block `block` holds (every board, not
    /// one per orbit): what a sweep's progress counts.
    pub(super) fn boards_in(&self, block: usize) -> usize {
        let above = self.bits.len() - 1 - self.blocks[block].1;
        above * above.saturating_sub(1) * above.saturating_sub(2) / 6
    }

    /// Calls `f(mask, orbit)` for each board of block `block` that is its
    /// orbit's smallest, in lexicographic order, with its orbit's size.
    #[inline(always)]
    pub(super) fn for_each(&self, block: usize, mut f: impl FnMut(u64, u64)) {
        let (bits, group) = (&self.bits, self.group);
        let n = bits.len();
        // The images of a set of cards (`set`'s) with the card `card`.
        let with = |set: &[u64; 24], card: usize| -> [u64; 24] {
            let mut out = *set;
            for (to, i) in out[..group].iter_mut().zip(&self.images[card]) {
                *to |= i;
            }
            out
        };
        let (a, b) = self.blocks[block];
        let two = with(&self.images[a], b);
        for c in b + 1..n {
            let three = with(&two, c);
            for d in c + 1..n {
                let four = with(&three, d);
                let m4 = bits[a] | bits[b] | bits[c] | bits[d];
                for (&last, images) in bits[d + 1..].iter().zip(&self.images[d + 1..]) {
                    let m = m4 | last;
                    if let Some(fixed) = fixing(&four[..group], images, m) {
                        f(m, (group.max(1) / fixed.max(1)) as u64);
                    }
                }
            }
        }
    }
}

/// How many permutations fix the board `m`, whose images are those of its
/// four lowest cards `four` with its highest card's `last`, or `None`
/// where one sends it below itself (it is not its orbit's smallest).
#[inline(always)]
fn fixing(four: &[u64], last: &[u64], m: u64) -> Option<usize> {
    let mut fixed = 0;
    for (f, l) in four.iter().zip(last) {
        let image = f | l;
        if image < m {
            return None;
        }
        fixed += usize::from(image == m);
    }
    Some(fixed)
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
