//! Board-major counting with one swept seat: the deals of every seat but
//! the widest active range are listed, and the widest seat's combos are
//! counted against each listed deal in closed form instead of being
//! listed with it.
//!
//! On a board, the swept seat's live combos are sorted by rank and a table
//! holds, for every prefix of that order, the prefix's total weight and its
//! weight per card. A listed deal's best rank `r` (and who holds it) is
//! known from its seats; the weight of the swept combos compatible with
//! the deal and ranked below `r` is the prefix total, minus the prefix's
//! weight on each of the deal's cards, plus the weight of the swept combos
//! made of two of the deal's cards (taken away twice): inclusion–exclusion
//! over the deal's cards, as the two-range sweep does over one combo's.
//! The same at `≤ r` and over the whole order gives the ties and the
//! swept seat's wins, so a deal costs a few table reads instead of a pass
//! over the widest range. With a breakdown, the swept seat's own combos are
//! counted by the mirror sweep: the listed deals sorted by best rank, with
//! running sums per card and per swept combo.
//!
//! Every sum is the very integer the deal-by-deal scan forms: the kernels
//! agree to the last bit (tests/equity.rs).

use super::common::{BoardView, Item, PerCombo, items};
use crate::equity::setup::Setup;

/// Cards in a deck: the width of a table row.
const CARDS: usize = 52;

/// What the swept-seat kernel counts for a spot ([`SweptSeat::listing`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Listing {
    /// Seat deals in all.
    pub(crate) deals: u64,
    /// Deals of the seats other than the swept one, which it lists.
    pub(crate) listed: u64,
    /// Over the listed deals, the swept combos made of two of their cards.
    pub(crate) pairs: u64,
    /// The swept seat's live combos.
    pub(crate) swept: u64,
}

/// A spot the swept-seat kernel counts: the swept seat and the listed
/// deals of the others.
#[derive(Clone, Debug)]
pub(crate) struct SweptSeat {
    /// Active index of the swept seat.
    seat: usize,
    /// Its live combos.
    items: Vec<Item>,
    /// Active indices of the other active seats holding more than one
    /// combo (the listed active seats).
    listed: Vec<usize>,
    /// Per listed deal: card mask, weight, and (stride `listed.len()`) the
    /// rank slots of the listed active seats.
    masks: Vec<u64>,
    weights: Vec<u64>,
    slots: Vec<u32>,
    /// Per listed deal (stride `stride`), its cards outside the
    /// single-combo seats: the cards a swept combo may share with it.
    cards: Vec<u8>,
    stride: usize,
    /// Per listed deal, the swept items made of two of its cards:
    /// `pairs[pair_start[d]..pair_start[d + 1]]`.
    pair_start: Vec<u32>,
    pairs: Vec<u16>,
    /// Per listed deal, the weight of those items.
    pair_weight: Vec<u64>,
    /// The rank slots of the listed active seats' combos.
    listed_slots: Vec<u32>,
}

/// Running sums over a set of listed deals, for the mirror sweep: the
/// weight in all, per card, and per swept item of the deals holding both
/// its cards.
#[derive(Clone, Debug, Default)]
struct DealSums {
    total: u64,
    per_card: Vec<u64>,
    per_item: Vec<u64>,
}

impl DealSums {
    fn reset(&mut self, items: usize) {
        self.total = 0;
        self.per_card.clear();
        self.per_card.resize(CARDS, 0);
        self.per_item.clear();
        self.per_item.resize(items, 0);
    }

    #[inline]
    fn add(&mut self, cards: &[u8], pairs: &[u16], weight: u64) {
        self.total += weight;
        for &c in cards {
            self.per_card[usize::from(c)] += weight;
        }
        for &p in pairs {
            self.per_item[usize::from(p)] += weight;
        }
    }

    /// The weight of the deals sharing no card with item `i` (`cards`).
    #[inline]
    fn compatible(&self, i: usize, cards: [u8; 2]) -> u64 {
        self.total + self.per_item[i]
            - self.per_card[usize::from(cards[0])]
            - self.per_card[usize::from(cards[1])]
    }
}

/// Per-board working storage, reused across boards.
#[derive(Default)]
pub(crate) struct Scratch {
    /// The swept items live on the board: `rank << 32 | item`, sorted.
    sorted: Vec<u64>,
    /// The sort's working storage.
    spare: Vec<u64>,
    /// Per item, its position in `sorted` (`u32::MAX` if not live) and,
    /// above bit 32, its weight: what a deal holding it reads.
    position: Vec<u64>,
    /// Per prefix length `t` of `sorted` (rows of [`CARDS`]), the prefix's
    /// weight on each card (at most 51 combos of weight at most 10,000:
    /// `u32` halves the table a deal reads), and its total weight.
    table: Vec<u32>,
    totals: Vec<u64>,
    /// The whole order's unweighted count per card and in all.
    count_row: Vec<u64>,
    count_total: u64,
    /// Per rank slot of a listed active seat, how many swept items rank
    /// below it and at most level with it.
    below: Vec<u32>,
    level: Vec<u32>,
    /// Breakdown: the live deals as `best << 32 | deal`, and per deal its
    /// number of winners besides the swept seat.
    events: Vec<u64>,
    winners: Vec<u8>,
    sums: [DealSums; 4],
}

impl SweptSeat {
    /// The active seat the kernel sweeps: the active seat with the most
    /// live combos (the last of equals), if it holds more than one.
    pub(crate) fn swept_seat(setup: &Setup) -> Option<usize> {
        let (a, len) = setup
            .active
            .iter()
            .enumerate()
            .map(|(a, &s)| (a, setup.seats[s].combos.len()))
            .max_by_key(|&(a, len)| (len, a))?;
        (len > 1).then_some(a)
    }

    /// What the kernel would count: every seat deal (per listed deal, the
    /// swept combos compatible with it), the listed deals of the other
    /// seats and the swept combos made of two cards of one (the work per
    /// board). `None` when the other seats have more than `limit` deals or
    /// no active seat holds more than one combo.
    pub(crate) fn listing(setup: &Setup, limit: u64) -> Option<Listing> {
        let a = SweptSeat::swept_seat(setup)?;
        let swept = setup.active[a];
        let listed = setup.count_deals_without(swept, limit)?;
        let seat = &setup.seats[swept];
        let mut per_card = [0u64; CARDS];
        for combo in &seat.combos {
            for card in combo.cards() {
                per_card[usize::from(card.index())] += 1;
            }
        }
        let item_of = item_of_pair(setup, swept);
        let total = seat.combos.len() as u64;
        let fixed = setup.fixed.bits();
        let (mut deals, mut pairs) = (0u64, 0u64);
        setup.for_each_deal_without(swept, &mut |_, mask, _| {
            let cards = cards_of(mask & !fixed);
            let mut plus = total;
            for (i, &x) in cards.iter().enumerate() {
                plus -= per_card[usize::from(x)];
                for &y in &cards[i + 1..] {
                    let own = u64::from(item_of[pair(x, y)] != NONE);
                    plus += own;
                    pairs += own;
                }
            }
            deals += plus;
            true
        });
        Some(Listing {
            deals,
            listed,
            pairs,
            swept: total,
        })
    }

    /// The kernel's view of `setup` (`offsets`: where each active seat's
    /// combos start among the rank slots).
    pub(crate) fn new(setup: &Setup, offsets: &[usize]) -> Option<SweptSeat> {
        let a = SweptSeat::swept_seat(setup)?;
        let swept = setup.active[a];
        let fixed = setup.fixed.bits();
        let items = items(setup, a, offsets[a]);
        let item_of = item_of_pair(setup, swept);
        let listed: Vec<usize> = (0..setup.active.len())
            .filter(|&b| b != a && setup.seats[setup.active[b]].combos.len() > 1)
            .collect();
        let stride = setup
            .seats
            .iter()
            .enumerate()
            .filter(|&(s, c)| s != swept && c.combos.len() > 1)
            .count()
            * 2;
        let mut kernel = SweptSeat {
            seat: a,
            items,
            listed,
            masks: Vec::new(),
            weights: Vec::new(),
            slots: Vec::new(),
            cards: Vec::new(),
            stride,
            pair_start: vec![0],
            pairs: Vec::new(),
            pair_weight: Vec::new(),
            listed_slots: Vec::new(),
        };
        setup.for_each_deal_without(swept, &mut |positions, mask, weight| {
            kernel.masks.push(mask);
            kernel.weights.push(weight as u64);
            for &b in &kernel.listed {
                let s = setup.active[b];
                kernel
                    .slots
                    .push((offsets[b] + usize::from(positions[s])) as u32);
            }
            let cards = cards_of(mask & !fixed);
            let mut weight = 0;
            for (i, &x) in cards.iter().enumerate() {
                for &y in &cards[i + 1..] {
                    let item = item_of[pair(x, y)];
                    if item != NONE {
                        kernel.pairs.push(item);
                        weight += kernel.items[usize::from(item)].weight;
                    }
                }
            }
            kernel.pair_weight.push(weight);
            kernel.cards.extend_from_slice(&cards);
            kernel.pair_start.push(kernel.pairs.len() as u32);
            true
        });
        kernel.listed_slots = kernel
            .listed
            .iter()
            .flat_map(|&b| {
                let len = setup.seats[setup.active[b]].combos.len();
                (offsets[b]..offsets[b] + len).map(|s| s as u32)
            })
            .collect();
        Some(kernel)
    }

    /// As [`TwoRanges::board`](super::two_ranges::TwoRanges::board), with the
    /// listed and swept seats' combos counted per combo.
    pub(super) fn board(
        &self,
        board: &BoardView,
        sets: &mut [u64],
        mut per_combo: PerCombo,
        scratch: &mut Scratch,
    ) -> u64 {
        let BoardView {
            ranks,
            mask: board_mask,
            fixed_best,
            fixed_winners,
        } = *board;
        self.prepare(board, scratch);
        let n = scratch.sorted.len();
        let swept_bit = 1usize << self.seat;
        let (fixed_below, fixed_level) = positions(&scratch.sorted, fixed_best);
        let v = self.listed.len();
        let stride = self.stride;
        let breakdown = per_combo.is_some();
        if breakdown {
            scratch.events.clear();
            scratch.winners.resize(self.masks.len(), 0);
        }
        let all_row = &scratch.table[n * CARDS..(n + 1) * CARDS];
        let all_total = scratch.totals[n];
        let mut deals = 0;
        for (d, (&mask, &weight)) in self.masks.iter().zip(&self.weights).enumerate() {
            if mask & board_mask != 0 {
                continue;
            }
            let slots = &self.slots[d * v..(d + 1) * v];
            let mut best = fixed_best;
            let (mut below, mut level) = (fixed_below, fixed_level);
            for &s in slots {
                let r = ranks[s as usize];
                if r > best {
                    best = r;
                    below = scratch.below[s as usize];
                    level = scratch.level[s as usize];
                }
            }
            let mut winners = if best == fixed_best { fixed_winners } else { 0 };
            for (&s, &b) in slots.iter().zip(&self.listed) {
                winners |= usize::from(ranks[s as usize] == best) << b;
            }
            let cards = &self.cards[d * stride..(d + 1) * stride];
            let pairs = &self.pairs[self.pair_start[d] as usize..self.pair_start[d + 1] as usize];
            let (below, level) = (below as usize, level as usize);
            let below_row = &scratch.table[below * CARDS..(below + 1) * CARDS];
            let level_row = &scratch.table[level * CARDS..(level + 1) * CARDS];
            // Sums over the compatible swept combos, formed as (plus,
            // minus) so that no partial sum goes below zero.
            let mut plus = [
                scratch.totals[below],
                scratch.totals[level],
                all_total + self.pair_weight[d],
            ];
            let mut minus = [0u64; 3];
            let mut count_plus = scratch.count_total + pairs.len() as u64;
            let mut count_minus = 0;
            for &c in cards {
                let c = usize::from(c);
                minus[0] += u64::from(below_row[c]);
                minus[1] += u64::from(level_row[c]);
                minus[2] += u64::from(all_row[c]);
                count_minus += scratch.count_row[c];
            }
            // The swept combos made of two of the deal's cards, live with
            // it, below and level.
            for &p in pairs {
                let key = scratch.position[usize::from(p)];
                let (at, weight) = (key as u32 as usize, key >> 32);
                plus[0] += weight * u64::from(at < below);
                plus[1] += weight * u64::from(at < level);
            }
            count_plus -= count_minus;
            let under = plus[0] - minus[0];
            let upto = plus[1] - minus[1];
            let all = plus[2] - minus[2];
            deals += count_plus;
            sets[winners] += weight * under;
            sets[winners | swept_bit] += weight * (upto - under);
            sets[swept_bit] += weight * (all - upto);
            if let Some((counts, unit_k)) = &mut per_combo {
                let k = winners.count_ones() as usize;
                let equal = upto - under;
                for &s in slots {
                    let c = &mut counts[s as usize];
                    c[0] += weight * all;
                    if ranks[s as usize] == best {
                        if k == 1 {
                            c[1] += weight * under;
                        } else {
                            c[2] += weight * under;
                        }
                        c[2] += weight * equal;
                        c[3] += weight * (under * unit_k[k] + equal * unit_k[k + 1]);
                    }
                }
                scratch.events.push(u64::from(best) << 32 | d as u64);
                scratch.winners[d] = k as u8;
            }
        }
        if let Some((counts, unit_k)) = per_combo {
            self.swept_combos(scratch, counts, unit_k);
        }
        deals
    }

    /// Sorts the swept items live on the board, fills the prefix table and
    /// each listed slot's position in the order.
    fn prepare(&self, board: &BoardView, scratch: &mut Scratch) {
        let ranks = board.ranks;
        board.sorted(&self.items, &mut scratch.sorted, &mut scratch.spare);
        let n = scratch.sorted.len();
        scratch.position.clear();
        scratch
            .position
            .resize(self.items.len(), u64::from(u32::MAX));
        scratch.table.clear();
        scratch.table.resize((n + 1) * CARDS, 0);
        scratch.totals.clear();
        scratch.totals.push(0);
        scratch.count_row.clear();
        scratch.count_row.resize(CARDS, 0);
        let mut total = 0;
        for (t, &key) in scratch.sorted.iter().enumerate() {
            let i = key as u32 as usize;
            let item = &self.items[i];
            scratch.position[i] = item.weight << 32 | t as u64;
            let (done, next) = scratch.table.split_at_mut((t + 1) * CARDS);
            let row = &mut next[..CARDS];
            row.copy_from_slice(&done[t * CARDS..]);
            for c in item.cards {
                row[usize::from(c)] += item.weight as u32;
                scratch.count_row[usize::from(c)] += 1;
            }
            total += item.weight;
            scratch.totals.push(total);
        }
        scratch.count_total = n as u64;
        // Each listed slot's place in the order.
        scratch.below.resize(ranks.len(), 0);
        scratch.level.resize(ranks.len(), 0);
        for &slot in &self.listed_slots {
            let (below, level) = positions(&scratch.sorted, ranks[slot as usize]);
            scratch.below[slot as usize] = below;
            scratch.level[slot as usize] = level;
        }
    }

    /// The mirror sweep: per swept combo live on the board, the listed
    /// deals it beats, ties and meets, from running sums over the deals in
    /// order of best rank.
    fn swept_combos(&self, scratch: &mut Scratch, counts: &mut [[u64; 4]], unit_k: &[u64]) {
        scratch.events.sort_unstable();
        let items = self.items.len();
        for sums in &mut scratch.sums {
            sums.reset(items);
        }
        let [below, level, below_share, level_share] = &mut scratch.sums;
        let (events, winners, stride) = (&scratch.events, &scratch.winners, self.stride);
        // Adds to `sums` (weights) and `shares` (weights times the swept
        // seat's share) the deals from `*next` on that rank below `x` (or
        // level with it, when `level`).
        let advance =
            |sums: &mut DealSums, shares: &mut DealSums, next: &mut usize, x: u32, level: bool| {
                while let Some(&e) = events.get(*next) {
                    let r = (e >> 32) as u32;
                    if r > x || (r == x && !level) {
                        break;
                    }
                    let d = e as u32 as usize;
                    let cards = &self.cards[d * stride..(d + 1) * stride];
                    let pairs =
                        &self.pairs[self.pair_start[d] as usize..self.pair_start[d + 1] as usize];
                    let w = self.weights[d];
                    sums.add(cards, pairs, w);
                    shares.add(cards, pairs, w * unit_k[usize::from(winners[d]) + 1]);
                    *next += 1;
                }
            };
        let (mut next_below, mut next_level) = (0, 0);
        for &key in &scratch.sorted {
            let (x, i) = ((key >> 32) as u32, key as u32 as usize);
            advance(below, below_share, &mut next_below, x, false);
            advance(level, level_share, &mut next_level, x, true);
            let item = &self.items[i];
            let win = below.compatible(i, item.cards);
            let upto = level.compatible(i, item.cards);
            let tie_share =
                level_share.compatible(i, item.cards) - below_share.compatible(i, item.cards);
            let c = &mut counts[item.slot as usize];
            c[1] += item.weight * win;
            c[2] += item.weight * (upto - win);
            c[3] += item.weight * (win * unit_k[1] + tie_share);
        }
        // Every deal, for the weight each swept combo meets.
        advance(level, level_share, &mut next_level, u32::MAX, true);
        for &key in &scratch.sorted {
            let i = key as u32 as usize;
            let item = &self.items[i];
            counts[item.slot as usize][0] += item.weight * level.compatible(i, item.cards);
        }
    }
}

/// How many entries of `sorted` (`rank << 32 | item`) rank below `rank`,
/// and how many at most level with it.
fn positions(sorted: &[u64], rank: u32) -> (u32, u32) {
    let key = u64::from(rank) << 32;
    let below = sorted.partition_point(|&k| k < key);
    let level = sorted.partition_point(|&k| k >> 32 <= u64::from(rank));
    (below as u32, level as u32)
}

/// The cards of `mask`, in increasing order.
fn cards_of(mut mask: u64) -> Vec<u8> {
    let mut cards = Vec::with_capacity(mask.count_ones() as usize);
    while mask != 0 {
        cards.push(mask.trailing_zeros() as u8);
        mask &= mask - 1;
    }
    cards
}

/// No item.
const NONE: u16 = u16::MAX;

/// Where the pair of cards `x`, `y` is kept in a 52 × 52 table.
#[inline]
fn pair(x: u8, y: u8) -> usize {
    usize::from(x) * CARDS + usize::from(y)
}

/// Per pair of cards (both orders), the item of `seat` made of them
/// ([`NONE`] when its range does not hold that combo).
fn item_of_pair(setup: &Setup, seat: usize) -> Vec<u16> {
    let mut item_of = vec![NONE; CARDS * CARDS];
    for (i, combo) in setup.seats[seat].combos.iter().enumerate() {
        let [p, q] = combo.cards().map(|c| c.index());
        item_of[pair(p, q)] = i as u16;
        item_of[pair(q, p)] = i as u16;
    }
    item_of
}
