//! Permutations of the four suits: the one symmetry of Hold'em that changes
//! no outcome. Exact enumeration walks suit-isomorphic deals once, the
//! feasibility search folds symmetric states, and the heads-up preflop
//! table stores one entry per class of combo pairs.
//!
//! Cards are numbered `4 * rank + suit` (as [`crate::card::Card`] numbers
//! them), so a permutation moves a card within its rank. This file works on
//! those numbers alone: `engine/build.rs` compiles it too, for the preflop
//! table's generator (`build/preflop.rs`).

/// A permutation of the four suits: suit `s` becomes `self.0[s]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SuitPerm([u8; 4]);

/// Cards of suit 0 in a 52-bit card mask (bit `4 * rank`).
const SUIT_BITS: u64 = 0x0001_1111_1111_1111;

impl SuitPerm {
    /// The permutation that moves nothing.
    pub const IDENTITY: SuitPerm = SuitPerm([0, 1, 2, 3]);

    /// The permutation sending suit `s` to `images[s]`, if `images` is a
    /// permutation of `0..4`.
    #[cfg(test)]
    pub fn new(images: [u8; 4]) -> Option<SuitPerm> {
        let distinct = (0..4).all(|i| images[i] < 4 && (i + 1..4).all(|j| images[i] != images[j]));
        distinct.then_some(SuitPerm(images))
    }

    /// All 24 permutations in lexicographic order of their images (the
    /// identity first), so that a permutation's position is a stable
    /// number.
    pub fn all() -> [SuitPerm; 24] {
        let mut out = [SuitPerm::IDENTITY; 24];
        let mut n = 0;
        for a in 0..4u8 {
            for b in 0..4u8 {
                for c in 0..4u8 {
                    for d in 0..4u8 {
                        let p = [a, b, c, d];
                        if (0..4).all(|i| (i + 1..4).all(|j| p[i] != p[j])) {
                            out[n] = SuitPerm(p);
                            n += 1;
                        }
                    }
                }
            }
        }
        out
    }

    /// Card number `card` (`4 * rank + suit`) with its suit permuted.
    pub fn card(self, card: usize) -> usize {
        card & !3 | usize::from(self.0[card & 3])
    }

    /// A 52-bit card mask with every card's suit permuted.
    pub fn mask(self, cards: u64) -> u64 {
        (0..4).fold(0, |image, s| {
            image | ((cards >> s) & SUIT_BITS) << self.0[s]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_24_distinct_permutations_identity_first() {
        let all = SuitPerm::all();
        assert_eq!(all[0], SuitPerm::IDENTITY);
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), 24);
    }

    #[test]
    fn masks_and_cards_agree() {
        for perm in SuitPerm::all() {
            for card in 0..52 {
                assert_eq!(perm.mask(1 << card), 1 << perm.card(card));
                assert_eq!(perm.card(card) / 4, card / 4);
            }
        }
    }
}
