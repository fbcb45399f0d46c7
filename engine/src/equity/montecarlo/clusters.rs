//! The cluster design, when every active seat is uniform (`random`): a
//! cluster draws the restricted (folded) seats and a board, and scores
//! many deals of the uniform seats as the cyclic windows of shuffles of the
//! cards left. A shuffle's windows only ever look at pairs of adjacent
//! cards, so a cluster ranks on its board either every pair of the cards
//! left once (a table, when the cluster has many shuffles) or each
//! shuffle's adjacent pairs as it shuffles (when it has few): the same
//! ranks, whichever takes fewer evaluations.

use super::accumulator::Accumulator;
use super::rng::{Randoms, deal, shuffle_front};
use super::sampler::{BlockStart, Sampler, card_hand};
use crate::compact::CompactHand;
use crate::equity::error::EquityError;
use crate::equity::tally::Tally;

impl Sampler<'_> {
    /// A block of the cluster design from `block` (its start), `clusters`
    /// clusters of `size` deals each, for at most `N` active seats (exactly
    /// `N` when `N < MAX_SEATS`). Every active seat is uniform.
    #[inline(always)]
    pub(super) fn cluster_block<const N: usize>(
        &self,
        block: BlockStart<N>,
        clusters: u64,
        size: u64,
    ) -> Result<Tally, EquityError> {
        let BlockStart {
            n,
            mut rng,
            mut acc,
            // Restricted seats are folded here: they only take cards.
            mut holes,
            mut deck,
            len,
        } = block;
        let deck = &mut deck[..len];
        let mut slots = [0u32; N];
        let missing = self.setup.missing;
        // The board's rank of every pair of the cards the uniform seats can
        // get, by `64 * p + q` (both orders). A full board is ranked once.
        let mut table = vec![0u16; 64 * 64].into_boxed_slice();
        if missing == 0 {
            rank_pairs(&mut table, self.base, deck);
        }
        // The cluster's shuffled cards, twice over, so that every window
        // of `seat_cards` consecutive cards (cyclically) is a slice.
        let mut cards = [0u8; 128];
        let mut rejected = 0u64;
        for accepted in 0..clusters {
            let used =
                self.draw_restricted(&mut rng, &mut holes, &mut slots, accepted, &mut rejected)?;
            deal(&mut rng, deck, 0, missing, used & self.free);
            let mut board = self.base;
            let mut taken = used;
            for &c in &deck[..missing] {
                board = board.combine(card_hand(c));
                taken |= 1 << c;
            }
            let mut m = 0;
            let mut left = self.free & !taken;
            while left != 0 {
                cards[m] = left.trailing_zeros() as u8;
                left &= left - 1;
                m += 1;
            }
            // Each shuffle's `m` windows look at its `m` adjacent pairs:
            // ranking those costs fewer evaluations than the table with
            // fewer shuffles than half the cards.
            let adjacent = missing > 0 && size.div_ceil(m as u64) * 2 < m as u64 - 1;
            if missing > 0 && !adjacent {
                rank_pairs(&mut table, board, &cards[..m]);
            }
            let wins_before = acc.wins;
            let tied_before = acc.tied;
            let cluster = Cluster {
                cards: &mut cards,
                m,
                board,
                size,
            };
            if adjacent {
                self.deal_cluster::<N, true>(cluster, &mut rng, &mut acc, &table, n);
            } else {
                self.deal_cluster::<N, false>(cluster, &mut rng, &mut acc, &table, n);
            }
            acc.close_group(&wins_before, &tied_before, n);
        }
        Ok(acc.into_tally(n, clusters * size, clusters, size))
    }

    /// Scores the deals of `cluster` (every window of fresh shuffles of
    /// its cards), ranked from `table` or, with `ADJACENT`, from each
    /// shuffle's adjacent pairs ranked as it is shuffled.
    #[inline(always)]
    fn deal_cluster<const N: usize, const ADJACENT: bool>(
        &self,
        cluster: Cluster<'_>,
        rng: &mut Randoms,
        acc: &mut Accumulator<N>,
        table: &[u16],
        n: usize,
    ) {
        let Cluster {
            cards,
            m,
            board,
            size,
        } = cluster;
        // With `ADJACENT`, per place `i` of the shuffle the rank of its
        // cards `i` and `i + 1` (cyclically), twice over like `cards`.
        let mut adjacent = [0u16; 128];
        let mut ranks = [0u16; N];
        let mut start = m;
        // Per active seat, where its cards are in a window.
        let mut at = [0usize; N];
        let uniform = self.uniform.len();
        let mut rotation = 0;
        for dealt in 0..size {
            if start == m {
                // A fresh shuffle: its `m` cyclic windows are `m`
                // deals, each uniform over the ways to deal the seats.
                shuffle_front(rng, cards, m, m - 1);
                cards.copy_within(0..m, m);
                start = 0;
                if ADJACENT {
                    // The pairs the cluster's windows left look at.
                    let needed = m.min((size - dealt) as usize + 2 * uniform);
                    for i in 0..needed {
                        let pair = card_hand(cards[i]).combine(card_hand(cards[i + 1]));
                        adjacent[i] = board.combine(pair).rank7().value() as u16;
                    }
                    adjacent.copy_within(0..m, m);
                }
                // Seats take turns at each place in the window, which
                // evens out their variances.
                rotation = (rotation + 1) % uniform;
                for &(u, a) in &self.uniform_active {
                    at[a] = 2 * ((u + rotation) % uniform);
                }
            }
            for (r, &o) in ranks.iter_mut().zip(&at).take(n) {
                *r = if ADJACENT {
                    adjacent[(start + o) & 127]
                } else {
                    let p = cards[(start + o) & 127];
                    let q = cards[(start + o + 1) & 127];
                    table[(64 * usize::from(p) + usize::from(q)) & 4095]
                };
            }
            acc.record(&ranks, n);
            start += 1;
        }
    }
}

/// Fills `table` with the rank of every pair of `cards` on `board` (five
/// cards), by `64 * p + q` in both orders.
fn rank_pairs(table: &mut [u16], board: CompactHand, cards: &[u8]) {
    for (i, &p) in cards.iter().enumerate() {
        let with_p = board.combine(card_hand(p));
        for &q in &cards[i + 1..] {
            let r = with_p.combine(card_hand(q)).rank7().value() as u16;
            table[(64 * usize::from(p) + usize::from(q)) & 4095] = r;
            table[(64 * usize::from(q) + usize::from(p)) & 4095] = r;
        }
    }
}

/// One cluster's cards left (`cards[..m]`, room for them twice over), its
/// board, and its deals.
struct Cluster<'a> {
    cards: &'a mut [u8; 128],
    m: usize,
    board: CompactHand,
    size: u64,
}
