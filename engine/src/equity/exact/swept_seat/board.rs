//! One board counted by the swept-seat kernel: the swept combos live on
//! the board sorted by rank with their prefix table, and each listed deal
//! counted against it in closed form.

use super::deals::SweptSeat;
use super::scratch::{CARDS, Scratch};
use crate::equity::exact::common::{BoardView, PerCombo, add_best};

impl SweptSeat {
    /// As [`TwoRanges::board`](super::super::two_ranges::TwoRanges::board),
    /// with the listed and swept seats' combos counted per combo.
    pub(in crate::equity::exact) fn board(
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
                        add_best(c, weight, under, equal, k, unit_k);
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
}

/// How many entries of `sorted` (`rank << 32 | item`) rank below `rank`,
/// and how many at most level with it.
fn positions(sorted: &[u64], rank: u32) -> (u32, u32) {
    let key = u64::from(rank) << 32;
    let below = sorted.partition_point(|&k| k < key);
    let level = sorted.partition_point(|&k| k >> 32 <= u64::from(rank));
    (below as u32, level as u32)
}
