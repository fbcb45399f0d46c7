//! Board-major counting for three ranged seats, however wide: no deal is
//! listed. On a board, every combo of the three seats is visited once in
//! order of rank; each seat's combo `h` asks how much weight of the other
//! two seats' combos, all ranked below (or level with) it, forms pairs that
//! share no card with each other nor with `h`.
//!
//! For the other two seats `X` and `Y`, a [`Pairs`] structure keeps, over
//! the combos inserted so far, the weight `T` of the compatible pairs
//! `(x, y)`, per card `c` the weight `R[c]` of those pairs holding `c`,
//! and per pair of cards `(c, d)` the weight `M[c][d] + M[d][c]` of those
//! whose `x` holds one and `y` the other. By inclusion–exclusion over `h`'s
//! cards `{c, d}`, the pairs compatible with `h` weigh
//! `T − R[c] − R[d] + M[c][d] + M[d][c]`, plus the pairs in which `x` (or
//! `y`) is `h`'s very combo, taken away twice. Inserting a combo updates
//! `T`, one row of `R` and two rows of `M` (52 entries each); a query is a
//! dozen reads. Ties: for the combos of one rank, the others' combos of
//! that rank are inserted one seat at a time (and taken out again with
//! wrapping arithmetic), which separates two-way from three-way ties.
//!
//! Each deal is counted once, by the lowest seat among its winners, in
//! counters per set of winners; every sum is the very integer the
//! deal-by-deal scan forms (tests/multiway.rs).

use super::common::{BoardView, Item, PerCombo, all_ranged_active, fixed_weight, items};
use crate::equity::setup::Setup;

/// Cards in a deck.
const CARDS: usize = 52;

/// The three ranged seats of a spot the kernel counts.
#[derive(Clone, Debug)]
pub(crate) struct ThreeRanges {
    /// Active indices of the three seats, in order.
    seats: [usize; 3],
    /// Each seat's live combos.
    items: [Vec<Item>; 3],
    /// Product of the single-combo seats' weights.
    fixed_weight: u64,
    /// Whether every weight is 1 (deal counts are then weight sums).
    unit_weights: bool,
}

/// Sums over the combos of two seats `X` (side 0) and `Y` (side 1)
/// inserted so far (see the module's documentation). All arithmetic wraps:
/// taking a combo out is inserting it with a negated weight, and every
/// quantity read is a true count below `2^64`.
#[derive(Clone, Debug)]
struct Pairs {
    /// Per side: total weight, weight per card, weight per pair of cards
    /// (both orders).
    total: [u64; 2],
    card: [[u64; CARDS]; 2],
    combo: [Vec<u64>; 2],
    /// Compatible pairs: in all, per card, per pair of cards (row: the
    /// card of the combo inserted).
    t: u64,
    r: [u64; CARDS],
    m: Vec<u64>,
}

impl Pairs {
    fn new() -> Pairs {
        Pairs {
            total: [0; 2],
            card: [[0; CARDS]; 2],
            combo: [vec![0; CARDS * CARDS], vec![0; CARDS * CARDS]],
            t: 0,
            r: [0; CARDS],
            m: vec![0; CARDS * CARDS],
        }
    }

    fn clear(&mut self) {
        self.total = [0; 2];
        self.card = [[0; CARDS]; 2];
        for c in &mut self.combo {
            c.fill(0);
        }
        self.t = 0;
        self.r = [0; CARDS];
        self.m.fill(0);
    }

    /// The weight of `side`'s combos sharing no card with `[c, d]`.
    #[inline(always)]
    fn compatible(&self, side: usize, [c, d]: [usize; 2]) -> u64 {
        self.total[side]
            .wrapping_sub(self.card[side][c])
            .wrapping_sub(self.card[side][d])
            .wrapping_add(self.combo[side][c * CARDS + d])
    }

    /// Inserts a combo of cards `[c, d]` and weight `w` on `side`.
    #[inline]
    fn insert(&mut self, side: usize, cards: [u8; 2], w: u64) {
        let [c, d] = cards.map(usize::from);
        let other = 1 - side;
        let whole = w.wrapping_mul(self.compatible(other, [c, d]));
        self.t = self.t.wrapping_add(whole);
        self.r[c] = self.r[c].wrapping_add(whole);
        self.r[d] = self.r[d].wrapping_add(whole);
        // Per card e, the other side's combos holding e and sharing no
        // card with [c, d] (none when e is c or d).
        let card = &self.card[other];
        let combo = &self.combo[other];
        let (row_c, row_d) = (&combo[c * CARDS..][..CARDS], &combo[d * CARDS..][..CARDS]);
        let mut v = [0u64; CARDS];
        for (((v, &all), &with_c), &with_d) in v.iter_mut().zip(card).zip(row_c).zip(row_d) {
            *v = w.wrapping_mul(all.wrapping_sub(with_c).wrapping_sub(with_d));
        }
        v[c] = 0;
        v[d] = 0;
        for (r, &v) in self.r.iter_mut().zip(&v) {
            *r = r.wrapping_add(v);
        }
        for row in [c, d] {
            for (m, &v) in self.m[row * CARDS..][..CARDS].iter_mut().zip(&v) {
                *m = m.wrapping_add(v);
            }
        }
        self.total[side] = self.total[side].wrapping_add(w);
        self.card[side][c] = self.card[side][c].wrapping_add(w);
        self.card[side][d] = self.card[side][d].wrapping_add(w);
        self.combo[side][c * CARDS + d] = self.combo[side][c * CARDS + d].wrapping_add(w);
        self.combo[side][d * CARDS + c] = self.combo[side][d * CARDS + c].wrapping_add(w);
    }

    /// The weight of the compatible pairs sharing no card with `[c, d]`.
    #[inline(always)]
    fn query(&self, cards: [u8; 2]) -> u64 {
        let [c, d] = cards.map(usize::from);
        let own = [0, 1].map(|side| self.combo[side][c * CARDS + d]);
        self.t
            .wrapping_sub(self.r[c])
            .wrapping_sub(self.r[d])
            .wrapping_add(own[0].wrapping_mul(self.compatible(1, [c, d])))
            .wrapping_add(own[1].wrapping_mul(self.compatible(0, [c, d])))
            .wrapping_add(self.m[c * CARDS + d])
            .wrapping_add(self.m[d * CARDS + c])
    }
}

/// Per-board working storage, reused across boards.
#[derive(Default)]
pub(crate) struct Scratch {
    /// Per seat, its combos live on the board: `rank << 32 | item`, sorted.
    sorted: [Vec<u64>; 3],
    /// The sort's working storage.
    spare: Vec<u64>,
    /// Per hero seat, the sums over the other two seats.
    pairs: Vec<Pairs>,
    /// One rank's heroes: the four sums each.
    q: Vec<[u64; 4]>,
    /// Unit weights, for the deal count of weighted ranges.
    unit: Option<Pairs>,
}

/// The other two seats of seat `i`, in order.
const OTHERS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

impl ThreeRanges {
    /// Whether exactly three seats hold more than one combo, all active.
    pub(crate) fn applies(setup: &Setup) -> bool {
        all_ranged_active::<3>(setup).is_some()
    }

    /// The kernel's view of `setup` when it applies (`offsets`: where each
    /// active seat's combos start among the rank slots).
    pub(crate) fn new(setup: &Setup, offsets: &[usize]) -> Option<ThreeRanges> {
        let seats = all_ranged_active::<3>(setup)?;
        let fixed_weight = fixed_weight(setup)?;
        let items = seats.map(|a| items(setup, a, offsets[a]));
        let unit_weights = items.iter().flatten().all(|item| item.weight == 1);
        Some(ThreeRanges {
            seats,
            items,
            fixed_weight,
            unit_weights,
        })
    }

    /// The number of seat deals of a spot the kernel applies to: the
    /// compatible triples of the three seats' combos.
    pub(crate) fn count_deals(setup: &Setup) -> Option<u64> {
        let offsets = vec![0; setup.active.len()];
        let mut kernel = ThreeRanges::new(setup, &offsets)?;
        for item in kernel.items.iter_mut().flatten() {
            item.weight = 1;
        }
        Some(kernel.deals(&mut Pairs::new(), 0))
    }

    /// The unweighted compatible triples live on the board `board_mask`,
    /// counted with `pairs` (cleared first).
    fn deals(&self, pairs: &mut Pairs, board_mask: u64) -> u64 {
        pairs.clear();
        let live = |item: &&Item| item.mask & board_mask == 0;
        for (side, seat) in [1, 2].into_iter().enumerate() {
            for item in self.items[seat].iter().filter(live) {
                pairs.insert(side, item.cards, 1);
            }
        }
        let mut deals = 0u64;
        for item in self.items[0].iter().filter(live) {
            deals = deals.wrapping_add(pairs.query(item.cards));
        }
        deals
    }

    /// As [`TwoRanges::board`](super::two_ranges::TwoRanges::board).
    pub(super) fn board(
        &self,
        board: &BoardView,
        sets: &mut [u64],
        mut per_combo: PerCombo,
        scratch: &mut Scratch,
    ) -> u64 {
        self.prepare(board, scratch);
        let Scratch {
            sorted,
            pairs,
            q,
            unit,
            ..
        } = scratch;
        let rank = |key: u64| (key >> 32) as u32;
        let mut next = [0usize; 3];
        // Rank by rank: each seat's combos of the next rank.
        while let Some(r) = (0..3)
            .filter_map(|s| sorted[s].get(next[s]).map(|&k| rank(k)))
            .min()
        {
            let mut end = next;
            for (end, sorted) in end.iter_mut().zip(sorted.iter()) {
                while sorted.get(*end).is_some_and(|&k| rank(k) == r) {
                    *end += 1;
                }
            }
            let groups: [&[u64]; 3] = std::array::from_fn(|s| &sorted[s][next[s]..end[s]]);
            let fixed = Fixed::at(r, board);
            for i in 0..3 {
                if self.query_group(i, &groups, &mut pairs[i], q) {
                    self.count_group(i, groups[i], q, &fixed, sets, &mut per_combo);
                }
            }
            next = end;
        }
        // Every deal, per combo and in all.
        if let Some((counts, _)) = &mut per_combo {
            self.combo_weights(counts, sorted, pairs);
        }
        if self.unit_weights {
            sorted[0]
                .iter()
                .map(|&k| pairs[0].query(self.items[0][k as u32 as usize].cards))
                .fold(0u64, u64::wrapping_add)
        } else {
            let unit = unit.get_or_insert_with(Pairs::new);
            self.deals(unit, board.mask)
        }
    }

    /// Sorts each seat's combos live on `board` and clears the sums.
    fn prepare(&self, board: &BoardView, scratch: &mut Scratch) {
        if scratch.pairs.len() < 3 {
            scratch.pairs = vec![Pairs::new(), Pairs::new(), Pairs::new()];
        }
        for (sorted, items) in scratch.sorted.iter_mut().zip(&self.items) {
            board.sorted(items, sorted, &mut scratch.spare);
        }
        for pairs in &mut scratch.pairs {
            pairs.clear();
        }
    }

    /// Inserts `seat`'s combos `keys` on `side` of `pairs`, with their
    /// weights or, without `sign`, the weights negated (taking them out).
    #[inline(always)]
    fn insert(&self, pairs: &mut Pairs, side: usize, seat: usize, keys: &[u64], sign: bool) {
        for &k in keys {
            let item = &self.items[seat][k as u32 as usize];
            let w = if sign {
                item.weight
            } else {
                item.weight.wrapping_neg()
            };
            pairs.insert(side, item.cards, w);
        }
    }

    /// One rank's `groups` (per seat, its combos of the rank) with seat
    /// `i` as the hero: the other two seats' combos of the rank go into
    /// `pairs` (seat `i`'s sums over them), and per combo of seat `i` of
    /// the rank, `q` gets the compatible pairs of theirs ranked below it,
    /// below or level with seat `x`'s level, with `y`'s, and with both
    /// (`[x, y]` the others in order). `false` when seat `i` has no combo
    /// of the rank (nothing to count).
    #[inline(always)]
    fn query_group(
        &self,
        i: usize,
        groups: &[&[u64]; 3],
        pairs: &mut Pairs,
        q: &mut Vec<[u64; 4]>,
    ) -> bool {
        let [x, y] = OTHERS[i];
        let (gi, gx, gy) = (groups[i], groups[x], groups[y]);
        if gi.is_empty() {
            self.insert(pairs, 0, x, gx, true);
            self.insert(pairs, 1, y, gy, true);
            return false;
        }
        q.clear();
        q.extend(gi.iter().map(|&k| {
            let s = pairs.query(self.items[i][k as u32 as usize].cards);
            [s; 4]
        }));
        let query = |pairs: &Pairs, q: &mut Vec<[u64; 4]>, at: usize| {
            for (qs, &k) in q.iter_mut().zip(gi) {
                qs[at] = pairs.query(self.items[i][k as u32 as usize].cards);
            }
        };
        if !gx.is_empty() {
            self.insert(pairs, 0, x, gx, true);
            query(pairs, q, 1);
            query(pairs, q, 3);
        }
        if !gy.is_empty() {
            self.insert(pairs, 1, y, gy, true);
            query(pairs, q, 3);
            if gx.is_empty() {
                query(pairs, q, 2);
            } else {
                self.insert(pairs, 0, x, gx, false);
                query(pairs, q, 2);
                self.insert(pairs, 0, x, gx, true);
            }
        }
        true
    }

    /// Adds the deals of seat `i`'s combos of one rank (`gi`), with the
    /// sums `q` of [`query_group`](ThreeRanges::query_group), to `sets` and
    /// `per_combo`; the single-combo seats stand to the rank as `fixed`.
    #[inline(always)]
    fn count_group(
        &self,
        i: usize,
        gi: &[u64],
        q: &[[u64; 4]],
        fixed: &Fixed,
        sets: &mut [u64],
        per_combo: &mut PerCombo,
    ) {
        let [x, y] = OTHERS[i];
        let bits = self.seats.map(|a| 1usize << a);
        let f = self.fixed_weight;
        // Each deal once, by the lowest of its ranged winners: seat i
        // alone, with x, with y, with both.
        let sets_of = [
            bits[i],
            bits[i] | bits[x],
            bits[i] | bits[y],
            bits[i] | bits[x] | bits[y],
        ];
        let counted = [true, i < x, i < y, i == 0];
        for (qs, &k) in q.iter().zip(gi) {
            let item = &self.items[i][k as u32 as usize];
            let w = item.weight * f;
            let parts = [
                qs[0],
                qs[1].wrapping_sub(qs[0]),
                qs[2].wrapping_sub(qs[0]),
                qs[3]
                    .wrapping_sub(qs[1])
                    .wrapping_sub(qs[2])
                    .wrapping_add(qs[0]),
            ];
            for p in 0..4 {
                if counted[p] {
                    let winners = if fixed.below {
                        fixed.winners
                    } else {
                        sets_of[p] | fixed.joined
                    };
                    sets[winners] += w * parts[p];
                }
            }
            if !fixed.below
                && let Some((counts, unit_k)) = per_combo
            {
                let c = &mut counts[item.slot as usize];
                let sizes = [1, 2, 2, 3].map(|s| s + fixed.k_base);
                for p in 0..4 {
                    if sizes[p] == 1 {
                        c[1] += w * parts[p];
                    } else {
                        c[2] += w * parts[p];
                    }
                    c[3] += w * parts[p] * unit_k[sizes[p]];
                }
            }
        }
    }

    /// Per combo live on the board, the weight of its deals (`pairs` with
    /// every rank inserted).
    fn combo_weights(&self, counts: &mut [[u64; 4]], sorted: &[Vec<u64>; 3], pairs: &[Pairs]) {
        let f = self.fixed_weight;
        for i in 0..3 {
            for &k in &sorted[i] {
                let item = &self.items[i][k as u32 as usize];
                counts[item.slot as usize][0] += item.weight * f * pairs[i].query(item.cards);
            }
        }
    }
}

/// How the single-combo seats stand to one rank of the ranged seats.
struct Fixed {
    /// Whether they rank above it (they win).
    below: bool,
    /// Who among them holds the best rank.
    winners: usize,
    /// Those who share when level with it (none otherwise), and how many.
    joined: usize,
    k_base: usize,
}

impl Fixed {
    /// The single-combo seats of `board` against rank `r`: they win below
    /// them, share level.
    #[inline(always)]
    fn at(r: u32, board: &BoardView) -> Fixed {
        let (joined, k_base) = if r == board.fixed_best {
            (
                board.fixed_winners,
                board.fixed_winners.count_ones() as usize,
            )
        } else {
            (0, 0)
        };
        Fixed {
            below: r < board.fixed_best,
            winners: board.fixed_winners,
            joined,
            k_base,
        }
    }
}
