//! The mirror sweep: with a breakdown, the swept seat's own combos
//! counted against the listed deals, sorted by best rank, from running
//! sums per card and per swept combo.

use super::deals::SweptSeat;
use super::scratch::{DealSums, Scratch};

impl SweptSeat {
    /// The mirror sweep: per swept combo live on the board, the listed
    /// deals it beats, ties and meets, from running sums over the deals in
    /// order of best rank.
    pub(super) fn swept_combos(
        &self,
        scratch: &mut Scratch,
        counts: &mut [[u64; 4]],
        unit_k: &[u64],
    ) {
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
