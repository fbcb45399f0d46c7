//! The canonical form of an ordered pair of disjoint combos up to suit
//! permutation (see the [module docs](super)), from the lookup statics
//! `engine/build/preflop.rs` generates at build time.

use crate::combo::{COMBOS, Combo};

mod generated {
    include!(concat!(env!("OUT_DIR"), "/preflop_index.rs"));
}

pub(super) use generated::{IMAGE, REPS, SLOTS, TO_REP};

/// Ordered pairs of disjoint combos, up to suit permutation.
pub const ORDERED_CLASSES: usize = 93_769;
/// Unordered pairs of disjoint combos, up to suit permutation: the file's
/// entries.
pub const UNORDERED_CLASSES: usize = 47_008;
// The build's canonical form finds the classes Burnside's lemma counts.
const _: () = assert!(generated::ENTRIES == UNORDERED_CLASSES);
const _: () = assert!(generated::ORDERED == ORDERED_CLASSES);

/// A `SLOTS` entry for a combo that meets the class's representative.
pub(super) const NO_SLOT: u32 = u32::MAX;

/// `a`'s class and `b` as seen from the class's representative (`b` with
/// the suits permuted as `a`'s must be to become the representative), and
/// that permutation's number.
#[inline]
pub(super) fn relative(a: usize, b: usize) -> (usize, usize, usize) {
    let to_rep = TO_REP[a];
    let (class, g) = (usize::from(to_rep >> 8), usize::from(to_rep & 0xff));
    (class, usize::from(IMAGE[g * COMBOS + b]), g)
}

/// The canonical form of the ordered pair `(a, b)` (see the module docs):
/// the same for every suit permutation of the pair, different for pairs no
/// permutation relates. `None` if the combos share a card.
pub fn canonical(a: Combo, b: Combo) -> Option<(Combo, Combo)> {
    if !a.mask().is_disjoint(b.mask()) {
        return None;
    }
    let (class, b, _) = relative(a.index(), b.index());
    let rep = usize::from(REPS[class]);
    let smallest = (0..IMAGE.len() / COMBOS)
        .filter(|&h| usize::from(IMAGE[h * COMBOS + rep]) == rep)
        .map(|h| IMAGE[h * COMBOS + b])
        .min()?;
    Some((Combo::from_index(rep)?, Combo::from_index(smallest.into())?))
}

/// Every unordered class of disjoint combo pairs, once, in the file's order:
/// as its canonical ordered pair of smaller key, keys increasing. There are
/// [`UNORDERED_CLASSES`].
pub fn canonical_pairs() -> Vec<(Combo, Combo)> {
    // The stored key of an entry is the smallest key mapped to it.
    let mut seen = vec![false; UNORDERED_CLASSES];
    let mut out = Vec::with_capacity(UNORDERED_CLASSES);
    for (key, &slot) in SLOTS.iter().enumerate() {
        let Some(first) = seen.get_mut((slot >> 1) as usize) else {
            continue;
        };
        if !*first {
            *first = true;
            let rep = Combo::from_index(usize::from(REPS[key / COMBOS]));
            if let (Some(rep), Some(b)) = (rep, Combo::from_index(key % COMBOS)) {
                out.push((rep, b));
            }
        }
    }
    out
}

// --- The file -------------------------------------------------------------
