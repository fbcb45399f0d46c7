//! The depth-first search for a deal, with its bounds and memory.

use std::collections::HashSet;

use super::hall::hall_holds;
use crate::symmetry::SuitPerm;

/// The state of [`deal_exists`](super::deal_exists).
pub(super) struct Search<'a> {
    masks: &'a [&'a [u64]],
    /// The suit permutations other than the identity that map every
    /// seat's combos onto themselves: states that one maps onto another
    /// are both feasible or both not, so failures are remembered in the
    /// least form. Found only once a search takes [`SYMMETRIES_AFTER`]
    /// steps (most end sooner); states remembered before stay valid.
    pub(super) symmetries: Vec<SuitPerm>,
    failed: HashSet<(u32, u64)>,
    /// States expanded so far, and the most allowed.
    pub(super) steps: u64,
    max_steps: u64,
}

/// Search steps before [`Search`] looks for suit symmetries.
const SYMMETRIES_AFTER: u64 = 256;

impl<'a> Search<'a> {
    /// A search over `masks` that gives up after `max_steps` steps.
    pub(super) fn new(masks: &'a [&'a [u64]], max_steps: u64) -> Search<'a> {
        Search {
            masks,
            symmetries: Vec::new(),
            failed: HashSet::new(),
            steps: 0,
            max_steps,
        }
    }

    /// Whether the seats in `left` can be dealt from the cards not in
    /// `used`.
    pub(super) fn run(&mut self, left: u32, used: u64) -> bool {
        if left == 0 {
            return true;
        }
        let key = (left, self.least(used));
        if self.failed.contains(&key) {
            return false;
        }
        self.steps += 1;
        if self.steps > self.max_steps {
            return false;
        }
        if self.steps == SYMMETRIES_AFTER {
            self.symmetries = suit_symmetries(self.masks);
        }
        // Each seat's cards still possible and its combos still possible,
        // and per card the combos still possible that hold it.
        let mut cards = [0u64; 32];
        let mut narrowest = (u32::MAX, 0);
        let mut cover = [0u32; 64];
        let mut rest = left;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut count = 0;
            for &m in self.masks[s] {
                if m & used == 0 {
                    cards[s] |= m;
                    count += 1;
                    cover[m.trailing_zeros() as usize] += 1;
                    cover[63 - m.leading_zeros() as usize] += 1;
                }
            }
            if count < narrowest.0 {
                narrowest = (count, s);
            }
        }
        let feasible = narrowest.0 > 0 && hall_holds(left, &cards) && {
            // Branch on the seat with the fewest combos, or on the card
            // with the fewest ways to be covered (one more, leaving it out,
            // when there are more cards than the seats need).
            let union = (0..32).fold(0, |u, s| u | cards[s]);
            let spare = union.count_ones() > 2 * left.count_ones();
            let mut rarest = (u32::MAX, 0);
            let mut bits = union;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let ways = cover[c] + u32::from(spare);
                if ways < rarest.0 {
                    rarest = (ways, c);
                }
            }
            if rarest.0 < narrowest.0 {
                let card = 1u64 << rarest.1;
                self.cover_card(left, used, card) || (spare && self.run(left, used | card))
            } else {
                let seat = narrowest.1;
                self.masks[seat]
                    .iter()
                    .any(|&m| m & used == 0 && self.run(left & !(1 << seat), used | m))
            }
        };
        if !feasible {
            self.failed.insert(key);
        }
        feasible
    }

    /// The least image of `cards` under the symmetries.
    fn least(&self, cards: u64) -> u64 {
        self.symmetries
            .iter()
            .fold(cards, |least, perm| least.min(perm.mask(cards)))
    }

    /// Whether the seats in `left` can be dealt from the cards not in
    /// `used` with one of them holding `card`.
    fn cover_card(&mut self, left: u32, used: u64, card: u64) -> bool {
        let mut rest = left;
        while rest != 0 {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for &m in self.masks[s] {
                if m & card != 0 && m & used == 0 && self.run(left & !(1 << s), used | m) {
                    return true;
                }
            }
        }
        false
    }
}

/// The suit permutations other than the identity under which every seat's
/// set of combos is unchanged.
pub(super) fn suit_symmetries(masks: &[&[u64]]) -> Vec<SuitPerm> {
    // Per seat, its combos as an adjacency: bit `b` of `pairs[a]` when `a`
    // and `b` form one.
    let pairs: Vec<[u64; 64]> = masks
        .iter()
        .map(|seat| {
            let mut pairs = [0u64; 64];
            for &m in *seat {
                let (a, b) = (m.trailing_zeros(), 63 - m.leading_zeros());
                pairs[a as usize] |= 1 << b;
            }
            pairs
        })
        .collect();
    SuitPerm::all()
        .into_iter()
        .filter(|&perm| perm != SuitPerm::IDENTITY)
        .filter(|perm| {
            masks.iter().zip(&pairs).all(|(seat, pairs)| {
                seat.iter().all(|&m| {
                    let image = perm.mask(m);
                    let (a, b) = (image.trailing_zeros(), 63 - image.leading_zeros());
                    pairs[a as usize] >> b & 1 == 1
                })
            })
        })
        .collect()
}
