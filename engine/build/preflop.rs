//! Generator of the heads-up preflop table's index: the canonical form of an
//! ordered pair of disjoint hole-card combos up to suit permutation, as
//! lookup tables (see `engine/src/equity/preflop_table/` for how they are used).
//!
//! Cards are numbered `4 * rank + suit` (rank 0 = deuce), combos
//! `hi * (hi - 1) / 2 + lo` over their two card numbers, and classes as the
//! cells of the 13×13 grid (`row * 13 + column`, ace first; pairs on the
//! diagonal, suited above, offsuit below), exactly as the engine's `Card`,
//! `Combo` and `HandClass` number them (a unit test checks).
//!
//! * Each class's **representative** is its combo of smallest number. For
//!   each combo `a`, `to_rep[a]` names its class and a suit permutation `g`
//!   with `g(a)` = the representative.
//! * The ordered pair `(a, b)` is then `(rep, g(b))`; the permutations that
//!   fix `rep` (its stabiliser) may still move `g(b)`, and the smallest
//!   number they reach, `b'`, makes `(rep, b')` the pair's **canonical
//!   form**, with **key** `class * 1326 + b'`.
//! * An unordered class `{(a, b), (b, a)}` is stored once, in the
//!   orientation of smaller key; entries are numbered by increasing stored
//!   key. `slots[class * 1326 + b]` gives, for the representative of
//!   `class` against any combo `b`, the entry and whether it is stored the
//!   other way round.
//!
//! This file is compiled twice: by `build.rs`, which writes the tables, and
//! by the engine's unit tests, which test the functions below. Both compile
//! `engine/src/symmetry.rs` as the crate's `symmetry` module.

use crate::symmetry::SuitPerm;

/// Two-card combos.
pub const COMBOS: usize = 1326;
/// Starting-hand classes.
pub const CLASSES: usize = 169;
/// Permutations of the four suits.
pub const PERMUTATIONS: usize = 24;
/// The slot of a combo that meets the class's representative.
pub const NO_SLOT: u32 = u32::MAX;

/// The index tables.
pub struct Index {
    /// `image[g * COMBOS + b]`: combo `b` with its suits permuted by `g`.
    pub image: Vec<u16>,
    /// Per combo: `class << 8 | g`, `g` taking it to its class's
    /// representative.
    pub to_rep: Vec<u16>,
    /// Per class: the representative.
    pub reps: Vec<u16>,
    /// Per class and combo: `entry << 1 | swapped`, or [`NO_SLOT`].
    pub slots: Vec<u32>,
    /// Number of entries (unordered classes).
    pub entries: usize,
    /// Number of ordered classes (distinct canonical keys).
    pub ordered: usize,
}

/// The number of the combo of two distinct cards.
pub fn combo_number(x: usize, y: usize) -> usize {
    let (hi, lo) = if x > y { (x, y) } else { (y, x) };
    hi * (hi - 1) / 2 + lo
}

/// The two cards of every combo, higher first, by combo number.
pub fn combo_cards() -> Vec<(usize, usize)> {
    let mut cards = vec![(0, 0); COMBOS];
    for hi in 1..52 {
        for lo in 0..hi {
            cards[combo_number(hi, lo)] = (hi, lo);
        }
    }
    cards
}

/// The grid class of a combo (cards `hi > lo`).
pub fn class_of(hi: usize, lo: usize) -> usize {
    let (hi_cell, lo_cell) = (12 - hi / 4, 12 - lo / 4);
    if hi / 4 == lo / 4 {
        hi_cell * 13 + hi_cell
    } else if hi % 4 == lo % 4 {
        hi_cell * 13 + lo_cell
    } else {
        lo_cell * 13 + hi_cell
    }
}

/// Builds the index.
pub fn generate() -> Index {
    let perms = SuitPerm::all();
    let cards = combo_cards();
    let meets = |a: usize, b: usize| {
        let (x, y) = (cards[a], cards[b]);
        x.0 == y.0 || x.0 == y.1 || x.1 == y.0 || x.1 == y.1
    };
    let mut image = vec![0u16; PERMUTATIONS * COMBOS];
    for (g, perm) in perms.iter().enumerate() {
        for (b, &(hi, lo)) in cards.iter().enumerate() {
            image[g * COMBOS + b] = combo_number(perm.card(hi), perm.card(lo)) as u16;
        }
    }
    let class: Vec<usize> = cards.iter().map(|&(hi, lo)| class_of(hi, lo)).collect();
    let mut reps = vec![u16::MAX; CLASSES];
    for (b, &c) in class.iter().enumerate() {
        reps[c] = reps[c].min(b as u16);
    }
    let to_rep: Vec<u16> = (0..COMBOS)
        .map(|a| {
            let g = (0..PERMUTATIONS)
                .find(|&g| image[g * COMBOS + a] == reps[class[a]])
                .expect("a suit permutation maps every combo to its class's smallest");
            (class[a] << 8 | g) as u16
        })
        .collect();
    // canonical[class * COMBOS + b]: b' of (rep, b), for b not meeting rep.
    let mut canonical = vec![u16::MAX; CLASSES * COMBOS];
    for (c, &rep) in reps.iter().enumerate() {
        let rep = usize::from(rep);
        let stabiliser: Vec<usize> = (0..PERMUTATIONS)
            .filter(|&g| usize::from(image[g * COMBOS + rep]) == rep)
            .collect();
        for b in (0..COMBOS).filter(|&b| !meets(rep, b)) {
            canonical[c * COMBOS + b] = stabiliser
                .iter()
                .map(|&h| image[h * COMBOS + b])
                .min()
                .expect("the identity fixes every representative");
        }
    }
    let key = |a: usize, b: usize| {
        let (c, g) = (usize::from(to_rep[a] >> 8), usize::from(to_rep[a] & 0xff));
        let b = usize::from(image[g * COMBOS + b]);
        c * COMBOS + usize::from(canonical[c * COMBOS + b])
    };
    // Number the stored keys (canonical, and not above the swapped pair's)
    // in increasing order.
    let mut entry_of_key = vec![u32::MAX; CLASSES * COMBOS];
    let mut entries = 0u32;
    let mut ordered = 0;
    for (c, &rep) in reps.iter().enumerate() {
        let rep = usize::from(rep);
        for b in 0..COMBOS {
            let k = c * COMBOS + b;
            if usize::from(canonical[k]) != b {
                continue;
            }
            ordered += 1;
            if k <= key(b, rep) {
                entry_of_key[k] = entries;
                entries += 1;
            }
        }
    }
    let mut slots = vec![NO_SLOT; CLASSES * COMBOS];
    for (c, &rep) in reps.iter().enumerate() {
        let rep = usize::from(rep);
        for b in (0..COMBOS).filter(|&b| !meets(rep, b)) {
            let (here, there) = (key(rep, b), key(b, rep));
            slots[c * COMBOS + b] = if here <= there {
                entry_of_key[here] << 1
            } else {
                entry_of_key[there] << 1 | 1
            };
        }
    }
    Index {
        image,
        to_rep,
        reps,
        slots,
        entries: entries as usize,
        ordered,
    }
}
