//! The prefix design: each sampled seat deal (prefix) is scored on several
//! disjoint board completions, and each prefix's per-seat mean pot share is
//! one independent observation.

use super::controls::ControlSums;
use super::pools::PoolSums;
use super::rng::deal;
use super::sampler::{BlockStart, Sampler, card_hand};
use crate::equity::error::EquityError;
use crate::equity::tally::{ComboCount, Tally};

impl Sampler<'_> {
    /// Block `block` of the prefix design, `size` prefixes, for at most `N`
    /// active seats (exactly `N` when `N < MAX_SEATS`).
    #[inline(always)]
    pub(super) fn prefix_block<const N: usize>(
        &self,
        seed: u64,
        block: u64,
        size: u64,
    ) -> Result<Tally, EquityError> {
        let setup = self.setup;
        let BlockStart {
            n,
            mut rng,
            mut acc,
            mut holes,
            mut deck,
            len,
        } = self.start_block::<N>(seed, block);
        // The free cards, shuffled in place a prefix at a time.
        let deck = &mut deck[..len];
        let mut ranks = [0u16; N];
        let missing = setup.missing;
        let seat_cards = self.uniform.len() * 2;
        let mut rejected = 0u64;
        // Deals (boards) per prefix, the same for every prefix, and in all.
        let mut deals_per_prefix = 0u64;
        let mut deals = 0u64;
        let breakdown = setup.breakdown;
        let mut combos = if breakdown {
            vec![ComboCount::default(); self.live]
        } else {
            Vec::new()
        };
        // Per active seat, its combo's slot in `combos` this prefix.
        let mut slots = [0u32; N];
        let controls = self.controls.as_ref();
        let mut control_sums = controls.map(ControlSums::<N>::new);
        let lcm = acc.share[1];
        let mut pool_sums = (!self.pools.is_empty()).then(|| PoolSums::new(&self.pools));
        for accepted in 0..size {
            // 1. Restricted seats: independent draws, whole-draw rejection.
            let mut used =
                self.draw_restricted(&mut rng, &mut holes, &mut slots, accepted, &mut rejected)?;
            // 2. Uniform seats, uniformly from what is left: `deck` holds
            // the free cards, so of the restricted seats' cards only those
            // are to skip (not a single-combo seat's, already out).
            let restricted_cards = used & self.free;
            let slots_wanted = breakdown.then_some(&mut slots);
            used |= self.deal_uniform(&mut rng, deck, restricted_cards, &mut holes, slots_wanted);
            // 3. The boards.
            let wins_before = acc.wins;
            // Every river card left, the disjoint completions, or the board.
            deals_per_prefix = match missing {
                0 => 1,
                1 => u64::from((self.free & !used).count_ones()),
                _ => self.boards as u64,
            };
            deals += deals_per_prefix;
            let tied_before = acc.tied;
            match missing {
                0 => {
                    for (r, h) in ranks.iter_mut().zip(&holes).take(n) {
                        *r = h.combine(self.base).rank7().value() as u16;
                    }
                    acc.record(&ranks, n);
                    if let Some(sums) = &mut control_sums {
                        sums.board(&ranks);
                    }
                }
                1 => {
                    // Every card left.
                    let mut avail = self.free & !used;
                    while avail != 0 {
                        let c = avail.trailing_zeros() as u8;
                        avail &= avail - 1;
                        let board = self.base.combine(card_hand(c));
                        for (r, h) in ranks.iter_mut().zip(&holes).take(n) {
                            *r = h.combine(board).rank7().value() as u16;
                        }
                        acc.record(&ranks, n);
                        if let Some(sums) = &mut control_sums {
                            sums.board(&ranks);
                        }
                    }
                }
                _ => {
                    // Disjoint completions, each uniform given the seats.
                    deal(
                        &mut rng,
                        deck,
                        seat_cards,
                        missing * self.boards,
                        restricted_cards,
                    );
                    let cards = &deck[seat_cards..seat_cards + missing * self.boards];
                    for completion in cards.chunks_exact(missing) {
                        let board = completion
                            .iter()
                            .fold(self.base, |b, &c| b.combine(card_hand(c)));
                        for (r, h) in ranks.iter_mut().zip(&holes).take(n) {
                            *r = h.combine(board).rank7().value() as u16;
                        }
                        acc.record(&ranks, n);
                        if let Some(sums) = &mut control_sums {
                            sums.board(&ranks);
                        }
                    }
                }
            }
            // Per seat, its pot share summed over the prefix's boards.
            let x = acc.close_group(&wins_before, &tied_before, n);
            if let Some(sums) = &mut control_sums {
                sums.close(&x, n);
            }
            if let Some(pools) = &mut pool_sums {
                let won: [u64; N] = std::array::from_fn(|a| acc.wins[a] - wins_before[a]);
                let tied: [u64; N] = std::array::from_fn(|a| acc.tied[a] - tied_before[a]);
                let y = control_sums.as_ref().map(|sums| &sums.y[..]);
                pools.close(&x[..n], y, &won[..n], &tied[..n]);
            }
            if breakdown {
                for a in 0..n {
                    let c = &mut combos[slots[a] as usize];
                    let x = u128::from(x[a]);
                    c.prefixes += 1;
                    c.total += u128::from(deals_per_prefix);
                    c.win += u128::from(acc.wins[a] - wins_before[a]);
                    c.tie += u128::from(acc.tied[a] - tied_before[a]);
                    c.share += x;
                    c.share_sq += x * x;
                }
            }
        }
        let mut tally = acc.into_tally(n, deals, size, deals_per_prefix);
        tally.combos = combos;
        if let (Some(c), Some(sums)) = (controls, control_sums) {
            let unit = u128::from(lcm) << (super::controls::FRACTION_BITS + 1);
            tally.add_controlled(
                sums.sum_y[..n].to_vec(),
                sums.sum_y2[..n].to_vec(),
                unit * u128::from(deals_per_prefix),
                &c.offsets,
            );
        }
        if let Some(pools) = pool_sums {
            tally.pools = pools.pools;
        }
        Ok(tally)
    }
}
