//! Board-major counting for two ranges: when exactly two active seats hold
//! more than one combo and every other seat holds a single one, the
//! outcome of a deal on a board depends only on how the two ranged seats'
//! ranks compare with each other and with the best single-combo rank. So
//! instead of visiting every pair of combos, each board sorts both seats'
//! combos by rank and sweeps them, summing the other seat's weights below
//! (and at) each rank, with card removal by inclusion–exclusion on
//! per-card sums: the weight of the combos compatible with `a` among a set
//! is the set's total, minus those holding `a`'s first card, minus those
//! holding its second, plus `a`'s own combo if the set holds it (it was
//! taken away twice; no other combo shares both cards). O(n log n) per
//! board instead of O(n²), with the very integer sums the pair scan forms.

use super::common::{BoardView, Item, PerCombo, add_best, all_ranged_active, fixed_weight, items};
use crate::combo::COMBOS;
use crate::equity::setup::{SeatCombos, Setup};

/// The two ranged seats of a spot the sweep can count.
#[derive(Clone, Debug)]
pub(crate) struct TwoRanges {
    /// Active indices of the two seats.
    seats: [usize; 2],
    /// Each seat's live combos.
    items: [Vec<Item>; 2],
    /// Per seat and canonical combo index, the *other* seat's weight of
    /// that combo (0 when it has none).
    other_weight: [Vec<u64>; 2],
    /// Product of the single-combo seats' weights.
    fixed_weight: u64,
}

/// Per-board working storage, reused across boards.
#[derive(Default)]
pub(crate) struct Scratch {
    /// Per seat, its combos live on the board: `rank << 32 | item`, sorted.
    sorted: [Vec<u64>; 2],
    /// The sort's working storage.
    spare: Vec<u64>,
}

/// Running sums of weights (and counts) over a set of combos, per card.
pub(super) struct Sums {
    total: u64,
    /// By card index, 64 wide so that a card masked to six bits needs no
    /// bounds check.
    per_card: [u64; 64],
}

impl Sums {
    pub(super) fn new() -> Sums {
        Sums {
            total: 0,
            per_card: [0; 64],
        }
    }

    #[inline]
    pub(super) fn add(&mut self, cards: [u8; 2], weight: u64) {
        self.total += weight;
        self.per_card[usize::from(cards[0] & 63)] += weight;
        self.per_card[usize::from(cards[1] & 63)] += weight;
    }

    /// The sum over the set's combos sharing no card with `cards`, given
    /// the weight `own` the set holds for that very combo.
    #[inline]
    pub(super) fn compatible(&self, cards: [u8; 2], own: u64) -> u64 {
        self.total + own
            - self.per_card[usize::from(cards[0] & 63)]
            - self.per_card[usize::from(cards[1] & 63)]
    }
}

impl TwoRanges {
    /// Whether exactly two seats, both active, hold more than one combo.
    pub(crate) fn applies(setup: &Setup) -> bool {
        all_ranged_active::<2>(setup).is_some()
    }

    /// The sweep's view of `setup` when it applies: exactly two active seats
    /// with more than one live combo, every other seat (active or folded)
    /// with one.
    pub(crate) fn new(setup: &Setup, offsets: &[usize]) -> Option<TwoRanges> {
        let [first, second] = all_ranged_active::<2>(setup)?;
        let fixed_weight = fixed_weight(setup)?;
        let items = [first, second].map(|a| items(setup, a, offsets[a]));
        let weight_of = |items: &[Item]| {
            let mut by_combo = vec![0u64; COMBOS];
            for item in items {
                by_combo[usize::from(item.combo)] = item.weight;
            }
            by_combo
        };
        let other_weight = [weight_of(&items[1]), weight_of(&items[0])];
        Some(TwoRanges {
            seats: [first, second],
            items,
            other_weight,
            fixed_weight,
        })
    }

    /// The number of seat deals of a spot the sweep applies to (see
    /// [`TwoRanges::applies`]): compatible pairs of the two ranged seats'
    /// combos (the single-combo seats' cards are already out of their
    /// ranges), counted with per-card sums.
    pub(crate) fn count_deals(setup: &Setup) -> u64 {
        let ranged: Vec<&SeatCombos> = setup.seats.iter().filter(|s| s.combos.len() > 1).collect();
        let &[a, b] = ranged.as_slice() else {
            return 0;
        };
        let mut all = Sums::new();
        let mut in_b = vec![false; COMBOS];
        for combo in &b.combos {
            let [p, q] = combo.cards();
            all.add([p.index(), q.index()], 1);
            in_b[combo.index()] = true;
        }
        a.combos
            .iter()
            .map(|combo| {
                let [p, q] = combo.cards();
                all.compatible([p.index(), q.index()], u64::from(in_b[combo.index()]))
            })
            .sum()
    }

    /// Adds the weight of every deal on `board` to `sets[winners]`
    /// (winners as bits by active index) and returns the number of deals.
    /// With `per_combo`, the two ranged seats' combos are counted there
    /// too (a single-combo seat's counts are its seat's, which follow from
    /// the sets). The other sweeps' `board` do the same.
    pub(super) fn board(
        &self,
        board: &BoardView,
        sets: &mut [u64],
        mut per_combo: PerCombo,
        scratch: &mut Scratch,
    ) -> u64 {
        self.sort(board, scratch);
        let sorted = &scratch.sorted;
        let deals = self.deal_count(sorted);
        // Each seat at or above the single-combo seats against the other
        // below it (it wins, with the single-combo seats when level with
        // them) and level with it (both share; counted in the sets once,
        // from the first seat).
        for side in 0..2 {
            self.sweep_side(side, sorted, board, sets, &mut per_combo);
        }
        // Both below the single-combo seats: they win.
        if board.fixed_best > 0 {
            sets[board.fixed_winners] += self.both_below(sorted, board.fixed_best);
        }
        // Per combo, the weight of its deals.
        if let Some((counts, _)) = per_combo {
            self.combo_weights(sorted, counts);
        }
        deals
    }

    /// [`TwoRanges::board`] for the combos of one seat (`side`, 0 or 1)
    /// alone: their counts (weight and share) into `counts`, by slot, and
    /// nothing else, neither the other seat's combos nor whole deals
    /// (`sets` takes some of the deals' weight and is not the board's).
    pub(super) fn one_side(
        &self,
        board: &BoardView,
        side: usize,
        sets: &mut [u64],
        (counts, unit_k): (&mut [[u64; 4]], &[u64]),
        scratch: &mut Scratch,
    ) {
        self.sort(board, scratch);
        let sorted = &scratch.sorted;
        self.sweep_side(side, sorted, board, sets, &mut Some((&mut *counts, unit_k)));
        self.side_weights(side, sorted, counts);
    }

    /// Sorts each seat's combos live on `board` by rank into `scratch`
    /// ([`TwoRanges::sorted`]).
    pub(super) fn sort(&self, board: &BoardView, scratch: &mut Scratch) {
        for (sorted, items) in scratch.sorted.iter_mut().zip(&self.items) {
            board.sorted(items, sorted, &mut scratch.spare);
        }
    }

    /// Each seat's combos live on the board [`TwoRanges::sort`] sorted,
    /// lowest rank first, as `rank << 32 | index` into
    /// [`TwoRanges::items`].
    pub(super) fn sorted(scratch: &Scratch) -> &[Vec<u64>; 2] {
        &scratch.sorted
    }

    /// Each seat's live combos.
    pub(super) fn items(&self) -> &[Vec<Item>; 2] {
        &self.items
    }

    /// The two seats' active indices, and the product of the
    /// single-combo seats' weights.
    pub(super) fn seats_and_fixed_weight(&self) -> ([usize; 2], u64) {
        (self.seats, self.fixed_weight)
    }

    /// The deals on the board (`sorted`, each seat's live combos): per
    /// combo of the first seat, the compatible combos of the second.
    #[inline(always)]
    fn deal_count(&self, sorted: &[Vec<u64>; 2]) -> u64 {
        let mut all = Sums::new();
        for &key in &sorted[1] {
            all.add(self.items[1][key as u32 as usize].cards, 1);
        }
        let mut deals = 0;
        for &key in &sorted[0] {
            let item = &self.items[0][key as u32 as usize];
            let own = u64::from(self.other_weight[0][usize::from(item.combo)] > 0);
            deals += all.compatible(item.cards, own);
        }
        deals
    }

    /// Seat `side`'s combos at or above the single-combo seats of `board`
    /// swept against the other seat's (`sorted`, each seat's live combos
    /// by rank): the weight below each (a win) and level with it (a tie)
    /// to `sets` and `per_combo`.
    #[inline(always)]
    fn sweep_side(
        &self,
        side: usize,
        sorted: &[Vec<u64>; 2],
        board: &BoardView,
        sets: &mut [u64],
        per_combo: &mut PerCombo,
    ) {
        let (fixed_best, fixed_winners) = (board.fixed_best, board.fixed_winners);
        let fixed_count = fixed_winners.count_ones() as usize;
        let rank = |key: u64| (key >> 32) as u32;
        let (mine, theirs) = (&sorted[side], &sorted[1 - side]);
        let (items, other) = (&self.items[side], &self.items[1 - side]);
        let [a_bit, b_bit] = self.seats.map(|a| 1usize << a);
        let bit = [a_bit, b_bit][side];
        let both = a_bit | b_bit;
        let f = self.fixed_weight;
        let mut below = Sums::new();
        let mut level = Sums::new();
        let (mut next_below, mut next_level) = (0, 0);
        for &key in mine {
            let x = rank(key);
            if x < fixed_best {
                continue;
            }
            let item = &items[key as u32 as usize];
            while let Some(&k) = theirs.get(next_below)
                && rank(k) < x
            {
                let o = &other[k as u32 as usize];
                below.add(o.cards, o.weight);
                next_below += 1;
            }
            while let Some(&k) = theirs.get(next_level)
                && rank(k) <= x
            {
                let o = &other[k as u32 as usize];
                level.add(o.cards, o.weight);
                next_level += 1;
            }
            let own = self.other_weight[side][usize::from(item.combo)];
            let lower = below.compatible(item.cards, 0);
            let equal = level.compatible(item.cards, own) - lower;
            let w = item.weight * f;
            let (fixed, k) = if x == fixed_best {
                (fixed_winners, fixed_count + 1)
            } else {
                (0, 1)
            };
            sets[bit | fixed] += w * lower;
            if side == 0 {
                sets[both | fixed] += w * equal;
            }
            if let Some((counts, unit_k)) = per_combo {
                add_best(&mut counts[item.slot as usize], w, lower, equal, k, unit_k);
            }
        }
    }

    /// The weight of the deals in which both seats (`sorted`, their live
    /// combos by rank) rank below `fixed_best`.
    #[inline(always)]
    fn both_below(&self, sorted: &[Vec<u64>; 2], fixed_best: u32) -> u64 {
        let rank = |key: u64| (key >> 32) as u32;
        let mut under = Sums::new();
        let [sorted_a, sorted_b] = sorted;
        for &key in sorted_b.iter().take_while(|&&k| rank(k) < fixed_best) {
            let item = &self.items[1][key as u32 as usize];
            under.add(item.cards, item.weight);
        }
        let mut weight = 0;
        for &key in sorted_a.iter().take_while(|&&k| rank(k) < fixed_best) {
            let item = &self.items[0][key as u32 as usize];
            let own = self.other_weight[0][usize::from(item.combo)];
            weight += item.weight * under.compatible(item.cards, own);
        }
        weight * self.fixed_weight
    }

    /// Per combo live on the board (`sorted`), the weight of its deals.
    #[inline(always)]
    fn combo_weights(&self, sorted: &[Vec<u64>; 2], counts: &mut [[u64; 4]]) {
        for side in 0..2 {
            self.side_weights(side, sorted, counts);
        }
    }

    /// Per combo of seat `side` live on the board (`sorted`), the weight
    /// of its deals.
    #[inline(always)]
    fn side_weights(&self, side: usize, sorted: &[Vec<u64>; 2], counts: &mut [[u64; 4]]) {
        let mut all = Sums::new();
        for &key in &sorted[1 - side] {
            let o = &self.items[1 - side][key as u32 as usize];
            all.add(o.cards, o.weight);
        }
        for &key in &sorted[side] {
            let item = &self.items[side][key as u32 as usize];
            let own = self.other_weight[side][usize::from(item.combo)];
            counts[item.slot as usize][0] +=
                item.weight * self.fixed_weight * all.compatible(item.cards, own);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{CardSet, parse_cards};
    use crate::equity::request::{EquityRequest, Seat};
    use crate::range::Range;

    fn setup(seats: &[(&str, bool)], board: &str, dead: &str) -> Setup {
        let seats = seats
            .iter()
            .map(|&(r, folded)| {
                let range = Range::parse(r).expect("test range");
                if folded {
                    Seat::folded(range)
                } else {
                    Seat::active(range)
                }
            })
            .collect();
        let mut request = EquityRequest::new(seats);
        request.board = parse_cards(board).expect("test board");
        request.dead = CardSet::parse(dead).expect("test dead cards");
        Setup::new(&request).expect("valid test spot")
    }

    #[test]
    fn closed_form_deal_count_matches_listing() {
        let spots = [
            setup(&[("random", false), ("random", false)], "Kh9s4c", ""),
            setup(&[("AA,KK", false), ("AK,KK", false)], "", "Ah"),
            setup(
                &[("JcJh", false), ("99+,AJs+", false), ("QQ+,AQ", false)],
                "4dAc5d",
                "",
            ),
            setup(
                &[
                    ("7h7d", false),
                    ("88,66:0.5", false),
                    ("3c3d", true),
                    ("A5s", false),
                ],
                "7c8c5d9s",
                "2h",
            ),
        ];
        for s in &spots {
            assert!(TwoRanges::applies(s));
            assert_eq!(Some(TwoRanges::count_deals(s)), s.count_deals(u64::MAX));
        }
        // Three ranged seats, or a folded range: not for the sweep.
        let three = setup(&[("AA", false), ("KK", false), ("QQ", false)], "", "");
        assert!(!TwoRanges::applies(&three));
        let folded = setup(&[("AA", false), ("KK", false), ("QQ", true)], "", "");
        assert!(!TwoRanges::applies(&folded));
    }
}
