//! The cluster design, when every active seat is uniform (`random`): a
//! cluster draws the restricted (folded) seats and a board, ranks every
//! pair of the cards left on that board once, and scores many deals of the
//! uniform seats as the cyclic windows of shuffles of those cards.

use super::rng::{deal, shuffle_front};
use super::sampler::{BlockStart, Sampler, card_hand};
use crate::compact::CompactHand;
use crate::equity::error::EquityError;
use crate::equity::tally::Tally;

impl Sampler<'_> {
    /// Block `block` of the cluster design, `clusters` clusters of `size`
    /// deals each, for at most `N` active seats (exactly `N` when
    /// `N < MAX_SEATS`). Every active seat is uniform.
    #[inline(always)]
    pub(super) fn cluster_block<const N: usize>(
        &self,
        seed: u64,
        block: u64,
        clusters: u64,
        size: u64,
    ) -> Result<Tally, EquityError> {
        let setup = self.setup;
        let BlockStart {
            n,
            mut rng,
            mut acc,
            // Restricted seats are folded here: they only take cards.
            mut holes,
            mut deck,
            len,
        } = self.start_block::<N>(seed, block);
        let deck = &mut deck[..len];
        let mut slots = [0u32; N];
        let missing = setup.missing;
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
            if missing > 0 {
                rank_pairs(&mut table, board, &cards[..m]);
            }
            let wins_before = acc.wins;
            let tied_before = acc.tied;
            let mut ranks = [0u16; N];
            let mut start = m;
            // Per active seat, where its cards are in a window.
            let mut at = [0usize; N];
            let uniform = self.uniform.len();
            let mut rotation = 0;
            for _ in 0..size {
                if start == m {
                    // A fresh shuffle: its `m` cyclic windows are `m`
                    // deals, each uniform over the ways to deal the seats.
                    shuffle_front(&mut rng, &mut cards, m, m - 1);
                    cards.copy_within(0..m, m);
                    start = 0;
                    // Seats take turns at each place in the window, which
                    // evens out their variances.
                    rotation = (rotation + 1) % uniform;
                    for &(u, a) in &self.uniform_active {
                        at[a] = 2 * ((u + rotation) % uniform);
                    }
                }
                for (r, &o) in ranks.iter_mut().zip(&at).take(n) {
                    let p = cards[(start + o) & 127];
                    let q = cards[(start + o + 1) & 127];
                    *r = table[(64 * usize::from(p) + usize::from(q)) & 4095];
                }
                acc.record(&ranks, n);
                start += 1;
            }
            acc.close_group(&wins_before, &tied_before, n);
        }
        Ok(acc.into_tally(n, clusters * size, clusters, size))
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
