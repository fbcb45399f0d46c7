//! The prefix design: each sampled seat deal (prefix) is scored on several
//! disjoint board completions, and each prefix's per-seat mean pot share is
//! one independent observation.

use super::accumulator::Accumulator;
use super::controls::{ControlSums, Controls, Y_SHIFT};
use super::pools::PoolSums;
use super::rng::{Randoms, deal};
use super::sampler::{BlockStart, Sampler, card_hand};
use crate::compact::CompactHand;
use crate::equity::error::EquityError;
use crate::equity::tally::{ComboCount, Tally};

impl Sampler<'_> {
    /// A block of the prefix design from `block` (its start), `size`
    /// prefixes, for at most `N` active seats (exactly `N` when
    /// `N < MAX_SEATS`).
    #[inline(always)]
    pub(super) fn prefix_block<const N: usize>(
        &self,
        mut block: BlockStart<N>,
        size: u64,
    ) -> Result<Tally, EquityError> {
        let n = block.n;
        let breakdown = self.setup.breakdown;
        let mut ranks = [0u16; N];
        let mut rejected = 0u64;
        // Per active seat, its combo's slot in the breakdown this prefix.
        let mut slots = [0u32; N];
        let mut sums = PrefixSums::<N>::new(self);
        // Deals (boards) per prefix, the same for every prefix, and in all.
        let mut deals_per_prefix = 0u64;
        let mut deals = 0u64;
        for accepted in 0..size {
            // 1. Restricted seats: independent draws, whole-draw rejection.
            // 2. Uniform seats, uniformly from what is left.
            let (used, restricted_cards) =
                self.deal_seats(&mut block, &mut slots, breakdown, accepted, &mut rejected)?;
            // 3. The boards.
            let (wins_before, tied_before) = (block.acc.wins, block.acc.tied);
            let BlockStart {
                rng,
                acc,
                holes,
                deck,
                len,
                ..
            } = &mut block;
            let controls = &mut sums.controls;
            let deck = &mut deck[..*len];
            deals_per_prefix = self.prefix_boards(rng, deck, used, restricted_cards, |_, board| {
                for (r, h) in ranks.iter_mut().zip(holes.iter()).take(n) {
                    *r = h.combine(board).rank7().value() as u16;
                }
                acc.record(&ranks, n);
                if let Some(controls) = controls {
                    controls.board(&ranks);
                }
            });
            deals += deals_per_prefix;
            let before = (&wins_before, &tied_before);
            sums.close_prefix(acc, before, &slots, deals_per_prefix, n);
        }
        Ok(sums.into_tally(block.acc, n, deals, size, deals_per_prefix))
    }

    /// Scores one prefix's boards, `score(index, board)` for each, and
    /// returns how many: with no card to come, the known board; with one,
    /// every card left (`used`: the cards the seats hold), lowest first;
    /// with more, [`boards`](Sampler::boards) disjoint completions, each
    /// uniform given the seats, dealt from `deck` past the uniform seats'
    /// cards and skipping `restricted_cards`. The one way blocks and pilots
    /// deal a prefix's boards.
    #[inline(always)]
    pub(super) fn prefix_boards(
        &self,
        rng: &mut Randoms,
        deck: &mut [u8],
        used: u64,
        restricted_cards: u64,
        mut score: impl FnMut(usize, CompactHand),
    ) -> u64 {
        let missing = self.setup.missing;
        match missing {
            0 => {
                score(0, self.base);
                1
            }
            1 => {
                let mut avail = self.free & !used;
                let mut index = 0;
                while avail != 0 {
                    let c = avail.trailing_zeros() as u8;
                    avail &= avail - 1;
                    score(index, self.base.combine(card_hand(c)));
                    index += 1;
                }
                index as u64
            }
            _ => {
                let seat_cards = self.uniform.len() * 2;
                let cards = missing * self.boards;
                deal(rng, deck, seat_cards, cards, restricted_cards);
                let dealt = &deck[seat_cards..seat_cards + cards];
                for (index, completion) in dealt.chunks_exact(missing).enumerate() {
                    let board = completion
                        .iter()
                        .fold(self.base, |b, &c| b.combine(card_hand(c)));
                    score(index, board);
                }
                self.boards as u64
            }
        }
    }
}

/// What a prefix block sums beside its accumulators: with a breakdown, the
/// per-combo counts; with control variates, their sums; with pools, theirs.
struct PrefixSums<'a, const N: usize> {
    /// Per live combo (empty without a breakdown).
    combos: Vec<ComboCount>,
    breakdown: bool,
    /// The plan's control variates, and their sums.
    plan: Option<&'a Controls>,
    controls: Option<ControlSums<N>>,
    pools: Option<PoolSums>,
}

impl<'a, const N: usize> PrefixSums<'a, N> {
    /// Empty sums for a block of `sampler`.
    fn new(sampler: &'a Sampler<'_>) -> PrefixSums<'a, N> {
        let breakdown = sampler.setup.breakdown;
        let plan = sampler.controls.as_ref();
        PrefixSums {
            combos: if breakdown {
                vec![ComboCount::default(); sampler.live]
            } else {
                Vec::new()
            },
            breakdown,
            plan,
            controls: plan.map(ControlSums::<N>::new),
            pools: (!sampler.pools.is_empty()).then(|| PoolSums::new(&sampler.pools)),
        }
    }

    /// Closes a prefix of `deals` boards that began when the sole wins and
    /// the ties stood at `before`, its seats' combos at `slots`: the
    /// accumulators' group, the controls', the pools' and the breakdown's.
    #[inline(always)]
    fn close_prefix(
        &mut self,
        acc: &mut Accumulator<N>,
        (wins_before, tied_before): (&[u64; N], &[u64; N]),
        slots: &[u32; N],
        deals: u64,
        n: usize,
    ) {
        // Per seat, its pot share summed over the prefix's boards.
        let x = acc.close_group(wins_before, tied_before, n);
        if let Some(sums) = &mut self.controls {
            sums.close(&x, n);
        }
        if let Some(pools) = &mut self.pools {
            let won: [u64; N] = std::array::from_fn(|a| acc.wins[a] - wins_before[a]);
            let tied: [u64; N] = std::array::from_fn(|a| acc.tied[a] - tied_before[a]);
            let y = self.controls.as_ref().map(|sums| &sums.y[..]);
            pools.close(&x[..n], y, &won[..n], &tied[..n]);
        }
        if self.breakdown {
            for a in 0..n {
                let c = &mut self.combos[slots[a] as usize];
                let x = u128::from(x[a]);
                c.prefixes += 1;
                c.total += u128::from(deals);
                c.win += u128::from(acc.wins[a] - wins_before[a]);
                c.tie += u128::from(acc.tied[a] - tied_before[a]);
                c.share += x;
                c.share_sq += x * x;
            }
        }
    }

    /// The block's tally: `deals` deals in `prefixes` prefixes of
    /// `per_prefix` boards each, with these sums.
    fn into_tally(
        self,
        acc: Accumulator<N>,
        n: usize,
        deals: u64,
        prefixes: u64,
        per_prefix: u64,
    ) -> Tally {
        let lcm = acc.share[1];
        let mut tally = acc.into_tally(n, deals, prefixes, per_prefix);
        tally.combos = self.combos;
        if let (Some(c), Some(sums)) = (self.plan, self.controls) {
            let unit = u128::from(lcm) << Y_SHIFT;
            tally.add_controlled(
                sums.sum_y[..n].to_vec(),
                sums.sum_y2[..n].to_vec(),
                unit * u128::from(per_prefix),
                &c.offsets,
            );
        }
        if let Some(pools) = self.pools {
            tally.pools = pools.pools;
        }
        tally
    }
}
