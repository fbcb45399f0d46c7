//! What every Monte Carlo block shares: how each seat is dealt, the free
//! cards, the known board, and the draws of the restricted seats (by
//! rejection or, where the planner chose it, crowded conditional draws).
//! The plan it is built from is [`dealing`](super::dealing)'s, and a
//! block's counts go to an [`Accumulator`].

use super::accumulator::Accumulator;
use super::controls::Controls;
use super::crowded::Crowded;
use super::dealing::{Dealing, Sampling, draw_independent, most_boards, restricted_seats};
use super::rng::{Randoms, deal};
use super::seat_deals::{LEAST_GROUPS, SeatDeals};
use crate::card::CardSet;
use crate::compact::CompactHand;
use crate::equity::error::EquityError;
use crate::equity::request::MAX_SEATS;
use crate::equity::setup::Setup;
use crate::equity::strategy::Design;
use crate::equity::tally::Tally;

/// Accepted prefixes per block of the prefix design.
pub const BLOCK: u64 = 4096;
/// Rejected draws allowed per accepted deal on average before giving up
/// (a spot this constrained has almost no deals; exact enumeration suits it).
const MAX_REJECTIONS_PER_DEAL: u64 = 100_000;
/// Deals per block of the cluster design.
pub(crate) const CLUSTER_BLOCK_DEALS: u64 = 16 * 2048;
/// Fewest clusters a trial budget is split into (and a run to a target
/// error draws before it may stop). A cluster is one board, and the board
/// decides much of a deal's win and tie: their per-cluster means are
/// skewed (a flop's runouts: tie 2.5% on average, 18% on the few that pair
/// both low cards), so with few clusters an estimate that missed the rare
/// boards comes with an error that missed them too. Over 10,000 seeds of
/// `random random random --board Kh9s4c` at 200K deals, 64 (98 clusters
/// of 2048) put a tie 5.6 errors off and 12 ties beyond 4.5; 1024 (1563
/// of 128) none beyond 4.40, z-rms 0.99 (docs/performance.md, 2026-11-25).
/// Budgets of 1024 × 2048 deals and more are split as they were.
pub(crate) const MIN_CLUSTERS: u64 = 1024;

/// The compact hand of the card with index `c` (< 52).
#[inline(always)]
pub(super) fn card_hand(c: u8) -> CompactHand {
    CompactHand::from_index(c)
}

/// What one block needs, shared by all blocks.
pub(super) struct Sampler<'a> {
    /// Prefixes, strata or clusters.
    pub(super) design: Design,
    /// Blocks before a target-error stop ([`Sampling::least_blocks`]).
    least_blocks: u64,
    /// The planner's rejection pilot ([`Sampling::pilot`]), kept to give
    /// the plan back ([`Sampler::into_sampling`]).
    pilot: Option<u32>,
    /// With [`Design::Prefixes`], the deals (boards) scored per prefix.
    pub(super) boards_per_prefix: u64,
    pub(super) setup: &'a Setup,
    /// Per seat (active and folded), in request order.
    pub(super) dealing: Vec<Dealing>,
    /// The restricted seats' indices.
    pub(super) restricted: Vec<usize>,
    /// Where rejection would waste most draws and the table fits: exact
    /// sequential draws of the restricted seats instead.
    pub(super) crowded: Option<Crowded>,
    /// The uniform seats' indices.
    pub(super) uniform: Vec<usize>,
    /// Per active uniform seat, its place among the uniform seats and its
    /// index among the active seats.
    pub(super) uniform_active: Vec<(usize, usize)>,
    /// Per seat, its index among the active seats (`None` when folded).
    pub(super) active_index: Vec<Option<usize>>,
    /// The known board cards.
    pub(super) base: CompactHand,
    /// Cards not on the board, not dead, not held by a single-combo seat.
    pub(super) free: u64,
    /// Board completions per prefix (with two or more cards to come).
    pub(super) boards: usize,
    /// The control variates ([`Sampling::controls`]).
    pub(super) controls: Option<Controls>,
    /// The pools ([`Sampling::pools`]).
    pub(super) pools: Vec<Vec<usize>>,
    /// With the strata design, every seat deal ([`Sampling::strata`]).
    strata: Option<SeatDeals>,
    /// With a breakdown: per seat, the offset of its live combos in the
    /// flat per-combo tallies (active seats only), their total, and per
    /// uniform active seat its combo's slot by card pair (`52 * hi + lo`).
    pub(super) offsets: Vec<u32>,
    pub(super) live: usize,
    pub(super) pair_slots: Vec<Vec<u32>>,
}

impl Sampler<'_> {
    /// Prepares sampling for `setup` as planned.
    pub(super) fn new(setup: &Setup, plan: Sampling) -> Sampler<'_> {
        let Sampling {
            design,
            dealing,
            crowded,
            least_blocks,
            pilot,
            boards,
            controls,
            pools,
            strata,
        } = plan;
        let free = CardSet::from_bits(setup.known.bits() | setup.fixed.bits()).complement();
        let restricted = restricted_seats(&dealing);
        let uniform: Vec<usize> = (0..dealing.len())
            .filter(|&s| matches!(dealing[s], Dealing::Uniform))
            .collect();
        let mut active_index = vec![None; setup.seats.len()];
        for (a, &s) in setup.active.iter().enumerate() {
            active_index[s] = Some(a);
        }
        let boards = boards.clamp(1, most_boards(setup));
        debug_assert_eq!(
            matches!(design, Design::Strata { .. }),
            strata.is_some(),
            "the planner gives the strata design its deals"
        );
        let (active_offsets, live) = setup.combo_offsets();
        let mut offsets = vec![0u32; setup.seats.len()];
        for (&s, &o) in setup.active.iter().zip(&active_offsets) {
            offsets[s] = o as u32;
        }
        let pair_slots = if setup.breakdown {
            pair_slots(setup, &uniform, &active_index, &offsets)
        } else {
            vec![Vec::new(); setup.seats.len()]
        };
        let uniform_active: Vec<(usize, usize)> = uniform
            .iter()
            .enumerate()
            .filter_map(|(u, &s)| active_index[s].map(|a| (u, a)))
            .collect();
        let boards_per_prefix = match setup.missing {
            0 => 1,
            1 => {
                let dealt = setup.seats.iter().filter(|s| s.combos.len() > 1).count();
                (free.len() - 2 * dealt) as u64
            }
            _ => boards as u64,
        };
        Sampler {
            design,
            least_blocks,
            pilot,
            crowded,
            boards_per_prefix,
            setup,
            dealing,
            restricted,
            uniform,
            uniform_active,
            active_index,
            base: setup
                .board
                .iter()
                .fold(CompactHand::EMPTY, |h, &c| h.add_card(c)),
            free: free.bits(),
            boards,
            controls,
            pools,
            strata,
            offsets,
            live,
            pair_slots,
        }
    }
}

/// Per seat, with a breakdown: for each active uniform seat, its combos'
/// slots in the flat per-combo tallies by card pair (`52 * hi + lo`; the
/// seat's combos start at `offsets[seat]`); empty for the other seats.
fn pair_slots(
    setup: &Setup,
    uniform: &[usize],
    active_index: &[Option<usize>],
    offsets: &[u32],
) -> Vec<Vec<u32>> {
    let mut pair_slots = vec![Vec::new(); setup.seats.len()];
    for &s in uniform {
        if active_index[s].is_some() {
            let mut table = vec![0u32; 52 * 52];
            for (i, combo) in setup.seats[s].combos.iter().enumerate() {
                let (hi, lo) = (combo.hi().index() as usize, combo.lo().index() as usize);
                table[52 * hi + lo] = offsets[s] + i as u32;
            }
            pair_slots[s] = table;
        }
    }
    pair_slots
}

impl Sampler<'_> {
    /// The plan this sampler was prepared from.
    pub(super) fn into_sampling(self) -> Sampling {
        Sampling {
            design: self.design,
            dealing: self.dealing,
            crowded: self.crowded,
            pilot: self.pilot,
            least_blocks: self.least_blocks,
            boards: self.boards,
            controls: self.controls,
            pools: self.pools,
            strata: self.strata,
        }
    }

    /// Draws the restricted seats' combos (independent draws, the whole
    /// draw rejected on a shared card) and returns the cards they hold;
    /// sets their active seats' `holes` and breakdown `slots`. `accepted`
    /// draws succeeded before this one and `rejected` failed so far.
    #[inline(always)]
    pub(super) fn draw_restricted<const N: usize>(
        &self,
        rng: &mut Randoms,
        holes: &mut [CompactHand; N],
        slots: &mut [u32; N],
        accepted: u64,
        rejected: &mut u64,
    ) -> Result<u64, EquityError> {
        let mut hold = |s: usize, i: usize| {
            if let Some(a) = self.active_index[s] {
                let [p, q] = self.setup.seats[s].combos[i].cards();
                holes[a % N] = CompactHand::single(p).add_card(q);
                slots[a % N] = self.offsets[s] + i as u32;
            }
        };
        loop {
            let drawn = if let Some(crowded) = &self.crowded {
                // The table's seats exactly, then any left out of it
                // independently, the whole draw rejected on a shared card.
                let mut unit = || rng.unit();
                let used = crowded.draw(self.setup, &mut unit, &mut hold);
                if crowded.rest().is_empty() {
                    return Ok(used);
                }
                draw_independent(self.setup, &self.dealing, crowded.rest(), rng, &mut hold)
                    .filter(|&rest| rest & used == 0)
                    .map(|rest| rest | used)
            } else {
                draw_independent(self.setup, &self.dealing, &self.restricted, rng, &mut hold)
            };
            if let Some(used) = drawn {
                return Ok(used);
            }
            *rejected += 1;
            if *rejected > MAX_REJECTIONS_PER_DEAL * (accepted + 1) {
                // Whether exact counting can take over is the planner's to
                // say (`calculate`).
                return Err(EquityError::SamplingStarved {
                    exact_refused: false,
                });
            }
        }
    }

    /// Deals the uniform seats two cards each, uniformly from the free
    /// cards in `deck` but `restricted_cards` (the restricted seats'), into
    /// `deck`'s front; sets their active seats' `holes` and, when asked
    /// for, breakdown `slots`; returns the cards they took. The one way
    /// blocks and pilots deal them.
    #[inline(always)]
    pub(super) fn deal_uniform<const N: usize>(
        &self,
        rng: &mut Randoms,
        deck: &mut [u8],
        restricted_cards: u64,
        holes: &mut [CompactHand; N],
        mut slots: Option<&mut [u32; N]>,
    ) -> u64 {
        deal(rng, deck, 0, self.uniform.len() * 2, restricted_cards);
        let mut taken = 0u64;
        for (u, &s) in self.uniform.iter().enumerate() {
            let (p, q) = (deck[2 * u], deck[2 * u + 1]);
            taken |= 1 << p | 1 << q;
            if let Some(a) = self.active_index[s] {
                holes[a % N] = card_hand(p).combine(card_hand(q));
                if let Some(slots) = slots.as_deref_mut() {
                    let (hi, lo) = (p.max(q) as usize, p.min(q) as usize);
                    slots[a % N] = self.pair_slots[s][52 * hi + lo];
                }
            }
        }
        taken
    }

    /// Deals one prefix's seats in `block`: the restricted seats by
    /// [`draw_restricted`](Sampler::draw_restricted), then the uniform seats
    /// from what is left by [`deal_uniform`](Sampler::deal_uniform) (their
    /// breakdown `slots` set when `uniform_slots`). The block's deck holds
    /// the free cards, so of the restricted seats' cards only those are to
    /// skip (not a single-combo seat's, already out). Returns the cards the
    /// seats hold and the restricted seats' cards among the free ones.
    #[inline(always)]
    pub(super) fn deal_seats<const N: usize>(
        &self,
        block: &mut BlockStart<N>,
        slots: &mut [u32; N],
        uniform_slots: bool,
        accepted: u64,
        rejected: &mut u64,
    ) -> Result<(u64, u64), EquityError> {
        let (rng, holes) = (&mut block.rng, &mut block.holes);
        let used = self.draw_restricted(rng, holes, slots, accepted, rejected)?;
        let restricted_cards = used & self.free;
        let deck = &mut block.deck[..block.len];
        let slots = uniform_slots.then_some(slots);
        let uniform = self.deal_uniform(rng, deck, restricted_cards, holes, slots);
        Ok((used | uniform, restricted_cards))
    }

    /// Runs block `block` of `units` prefixes, strata groups or clusters (as the design
    /// says), dispatching on the number of active seats so that seat counts
    /// up to 8 get code with the count fixed at compile time.
    pub(super) fn block(&self, seed: u64, block: u64, units: u64) -> Result<Tally, EquityError> {
        match self.setup.active.len() {
            2 => self.block_for::<2>(seed, block, units),
            3 => self.block_for::<3>(seed, block, units),
            4 => self.block_for::<4>(seed, block, units),
            5 => self.block_for::<5>(seed, block, units),
            6 => self.block_for::<6>(seed, block, units),
            7 => self.block_for::<7>(seed, block, units),
            8 => self.block_for::<8>(seed, block, units),
            _ => self.block_for::<MAX_SEATS>(seed, block, units),
        }
    }

    /// [`Sampler::block`] for at most `N` active seats.
    #[inline(always)]
    fn block_for<const N: usize>(
        &self,
        seed: u64,
        block: u64,
        units: u64,
    ) -> Result<Tally, EquityError> {
        let start = self.start_block::<N>(seed, block);
        if let Some((deals, steps)) = self.strata() {
            return Ok(self.strata_block(start, units, deals, steps));
        }
        match self.design {
            Design::Prefixes { .. } | Design::Strata { .. } => self.prefix_block(start, units),
            Design::Clusters { deals, .. } => self.cluster_block(start, units, deals),
        }
    }

    /// What a block of either design starts with, for at most `N` active
    /// seats (exactly `N` when `N < MAX_SEATS`).
    #[inline(always)]
    pub(super) fn start_block<const N: usize>(&self, seed: u64, block: u64) -> BlockStart<N> {
        let n = if N < MAX_SEATS {
            N
        } else {
            self.setup.active.len()
        };
        let mut deck = [0u8; 52];
        let mut free = self.free;
        let mut len = 0;
        while free != 0 {
            deck[len] = free.trailing_zeros() as u8;
            free &= free - 1;
            len += 1;
        }
        BlockStart {
            n,
            rng: Randoms::new(seed, block),
            acc: Accumulator::new(n),
            holes: [CompactHand::EMPTY; N],
            deck,
            len,
        }
    }
}

impl Sampler<'_> {
    /// With the strata design, its seat deals and steps (the planner gives
    /// the design its deals: `None` with any other design).
    fn strata(&self) -> Option<(&SeatDeals, u8)> {
        match (self.design, &self.strata) {
            (Design::Strata { steps }, Some(deals)) => Some((deals, steps)),
            _ => None,
        }
    }

    /// Deals per unit (a prefix, a strata group or a cluster).
    pub(super) fn unit_deals(&self) -> u64 {
        if let Some((deals, steps)) = self.strata() {
            return deals.group_boards(steps);
        }
        match self.design {
            Design::Prefixes { .. } | Design::Strata { .. } => self.boards_per_prefix,
            Design::Clusters { deals, .. } => deals,
        }
    }

    /// Units per block.
    pub(super) fn block_units(&self) -> u64 {
        if let Some((deals, steps)) = self.strata() {
            return deals.block_groups(steps);
        }
        match self.design {
            // Prefixes scored on many boards come in smaller blocks (about
            // as many deals as 4,096 prefixes of four boards), so a run to
            // a target error stops nearer it.
            Design::Prefixes { .. } | Design::Strata { .. } => {
                BLOCK / (self.boards as u64 / 4).clamp(1, 4)
            }
            Design::Clusters { deals, .. } => CLUSTER_BLOCK_DEALS / deals,
        }
    }

    /// Units drawn before a run to a target error may stop: the plan's
    /// least blocks, and with clusters at least [`MIN_CLUSTERS`].
    pub(super) fn least_units(&self) -> u64 {
        let blocks = self.least_blocks * self.block_units();
        match self.design {
            Design::Prefixes { .. } => blocks,
            Design::Strata { .. } => LEAST_GROUPS,
            Design::Clusters { .. } => blocks.max(MIN_CLUSTERS),
        }
    }
}

/// What a block starts with ([`Sampler::start_block`]).
pub(super) struct BlockStart<const N: usize> {
    /// Active seats.
    pub(super) n: usize,
    /// The block's generator.
    pub(super) rng: Randoms,
    /// Empty accumulators.
    pub(super) acc: Accumulator<N>,
    /// Per active seat, its hole cards (set per deal).
    pub(super) holes: [CompactHand; N],
    /// The free cards in increasing order: `deck[..len]`.
    pub(super) deck: [u8; 52],
    pub(super) len: usize,
}
