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

use super::deals::Setup;
use crate::combo::COMBOS;

/// One live combo of a ranged seat.
#[derive(Clone, Copy, Debug)]
struct Item {
    /// Its slot in the board's rank array.
    slot: u32,
    /// Its weight.
    weight: u64,
    /// Its card mask and cards.
    mask: u64,
    cards: [u8; 2],
    /// Its canonical index.
    combo: u16,
}

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
}

/// Running sums of weights (and counts) over a set of combos, per card.
struct Sums {
    total: u64,
    per_card: [u64; 52],
}

impl Sums {
    fn new() -> Sums {
        Sums {
            total: 0,
            per_card: [0; 52],
        }
    }

    #[inline]
    fn add(&mut self, cards: [u8; 2], weight: u64) {
        self.total += weight;
        self.per_card[usize::from(cards[0])] += weight;
        self.per_card[usize::from(cards[1])] += weight;
    }

    /// The sum over the set's combos sharing no card with `cards`, given
    /// the weight `own` the set holds for that very combo.
    #[inline]
    fn compatible(&self, cards: [u8; 2], own: u64) -> u64 {
        self.total + own
            - self.per_card[usize::from(cards[0])]
            - self.per_card[usize::from(cards[1])]
    }
}

impl TwoRanges {
    /// The sweep's view of `setup` when it applies: exactly two active seats
    /// with more than one live combo, every other seat (active or folded)
    /// with one.
    pub(crate) fn new(setup: &Setup) -> Option<TwoRanges> {
        if setup.seats.iter().filter(|s| s.combos.len() > 1).count() != 2 {
            return None;
        }
        let ranged: Vec<usize> = (0..setup.active.len())
            .filter(|&a| setup.seats[setup.active[a]].combos.len() > 1)
            .collect();
        let &[first, second] = ranged.as_slice() else {
            return None;
        };
        let mut fixed_weight = 1u64;
        for seat in setup.seats.iter().filter(|s| s.combos.len() == 1) {
            fixed_weight = fixed_weight.checked_mul(seat.weights[0])?;
        }
        // Slots: the active seats' live combos side by side, in order.
        let mut offset = 0u32;
        let mut offsets = Vec::with_capacity(setup.active.len());
        for &s in &setup.active {
            offsets.push(offset);
            offset += setup.seats[s].combos.len() as u32;
        }
        let fixed = setup.fixed.bits();
        let items = [first, second].map(|a| {
            let seat = &setup.seats[setup.active[a]];
            seat.combos
                .iter()
                .zip(&seat.masks)
                .zip(&seat.weights)
                .enumerate()
                .filter(|&(_, ((_, &mask), _))| mask & fixed == 0)
                .map(|(i, ((combo, &mask), &weight))| {
                    let [p, q] = combo.cards();
                    Item {
                        slot: offsets[a] + i as u32,
                        weight,
                        mask,
                        cards: [p.index(), q.index()],
                        combo: combo.index() as u16,
                    }
                })
                .collect::<Vec<_>>()
        });
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

    /// Adds the weight of every deal on one board to `sets[winners]`
    /// (winners as bits by active index) and returns the number of deals.
    /// `ranks` holds the board's rank of every live combo by slot;
    /// `fixed_best` is the best single-combo active seat's rank (0 if none)
    /// and `fixed_winners` those seats holding it.
    pub(crate) fn board(
        &self,
        ranks: &[u32],
        board_mask: u64,
        fixed_best: u32,
        fixed_winners: usize,
        sets: &mut [u64],
        scratch: &mut Scratch,
    ) -> u64 {
        for (sorted, items) in scratch.sorted.iter_mut().zip(&self.items) {
            sorted.clear();
            sorted.extend(
                items
                    .iter()
                    .enumerate()
                    .filter(|(_, item)| item.mask & board_mask == 0)
                    .map(|(i, item)| u64::from(ranks[item.slot as usize]) << 32 | i as u64),
            );
            sorted.sort_unstable();
        }
        let [a_bit, b_bit] = self.seats.map(|a| 1usize << a);
        let f = self.fixed_weight;
        let rank = |key: u64| (key >> 32) as u32;
        let [sorted_a, sorted_b] = &scratch.sorted;
        let [items_a, items_b] = &self.items;
        // Deals: per `a`, the compatible `b` combos.
        let mut all = Sums::new();
        for &key in sorted_b {
            all.add(items_b[key as u32 as usize].cards, 1);
        }
        let mut deals = 0;
        for &key in sorted_a {
            let item = &items_a[key as u32 as usize];
            let own = u64::from(self.other_weight[0][usize::from(item.combo)] > 0);
            deals += all.compatible(item.cards, own);
        }
        // Seat A at or above the single-combo seats: against B below it
        // (A wins) and level with it (A and B share).
        let mut below = Sums::new();
        let mut level = Sums::new();
        let (mut next_below, mut next_level) = (0, 0);
        for &key in sorted_a {
            let x = rank(key);
            if x < fixed_best {
                continue;
            }
            let item = &items_a[key as u32 as usize];
            while let Some(&k) = sorted_b.get(next_below)
                && rank(k) < x
            {
                below.add(
                    items_b[k as u32 as usize].cards,
                    items_b[k as u32 as usize].weight,
                );
                next_below += 1;
            }
            while let Some(&k) = sorted_b.get(next_level)
                && rank(k) <= x
            {
                level.add(
                    items_b[k as u32 as usize].cards,
                    items_b[k as u32 as usize].weight,
                );
                next_level += 1;
            }
            let own = self.other_weight[0][usize::from(item.combo)];
            let lower = below.compatible(item.cards, 0);
            let equal = level.compatible(item.cards, own) - lower;
            let w = item.weight * f;
            let fixed = if x == fixed_best { fixed_winners } else { 0 };
            sets[a_bit | fixed] += w * lower;
            sets[a_bit | b_bit | fixed] += w * equal;
        }
        // Seat B above A and at or above the single-combo seats: B wins
        // (with them when level with them).
        let mut below = Sums::new();
        let mut next_below = 0;
        for &key in sorted_b {
            let y = rank(key);
            if y < fixed_best {
                continue;
            }
            let item = &items_b[key as u32 as usize];
            while let Some(&k) = sorted_a.get(next_below)
                && rank(k) < y
            {
                below.add(
                    items_a[k as u32 as usize].cards,
                    items_a[k as u32 as usize].weight,
                );
                next_below += 1;
            }
            let fixed = if y == fixed_best { fixed_winners } else { 0 };
            sets[b_bit | fixed] += item.weight * f * below.compatible(item.cards, 0);
        }
        // Both below the single-combo seats: they win.
        if fixed_best > 0 {
            let mut under = Sums::new();
            for &key in sorted_b.iter().take_while(|&&k| rank(k) < fixed_best) {
                let item = &items_b[key as u32 as usize];
                under.add(item.cards, item.weight);
            }
            let mut weight = 0;
            for &key in sorted_a.iter().take_while(|&&k| rank(k) < fixed_best) {
                let item = &items_a[key as u32 as usize];
                let own = self.other_weight[0][usize::from(item.combo)];
                weight += item.weight * under.compatible(item.cards, own);
            }
            sets[fixed_winners] += weight * f;
        }
        deals
    }
}
