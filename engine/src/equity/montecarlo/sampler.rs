//! What every Monte Carlo block shares: how each seat is dealt, the free
//! cards, the known board, and the draws of the restricted seats (by
//! rejection or, where the planner chose it, crowded conditional draws).

use super::controls::Controls;
use super::crowded::Crowded;
use super::rng::{Alias, Randoms, deal};
use crate::card::CardSet;
use crate::compact::CompactHand;
use crate::equity::error::EquityError;
use crate::equity::request::MAX_SEATS;
use crate::equity::setup::Setup;
use crate::equity::strategy::Design;
use crate::equity::tally::{Tally, share_unit, tie_slot};

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

/// How a seat gets its cards.
#[derive(Clone, Debug)]
pub(crate) enum Dealing {
    /// Drawn from its alias table, with whole-draw rejection.
    Restricted(Alias),
    /// Two cards drawn uniformly from the cards left.
    Uniform,
}

/// What the planner decided for sampling, with what it built deciding.
pub(crate) struct Sampling {
    /// Prefixes or clusters.
    pub(crate) design: Design,
    /// Per seat (active and folded), in request order.
    pub(crate) dealing: Vec<Dealing>,
    /// With crowded draws, their table.
    pub(crate) crowded: Option<Crowded>,
    /// Draws the planner's fixed-seed rejection pilot accepted (`None`:
    /// fewer than two restricted seats, no pilot run).
    pub(crate) pilot: Option<u32>,
    /// Blocks drawn before a run to a target error may stop
    /// ([`LEAST_BLOCKS`]; fewer for a report's many boards, each of which
    /// needs only a coarse error).
    pub(crate) least_blocks: u64,
    /// With the prefix design and two or more board cards to come, the
    /// disjoint completions each prefix is scored on (at most
    /// [`most_boards`]; the planner's pilot chooses, `shape`).
    pub(crate) boards: usize,
    /// With the prefix design, the control variates subtracted (where
    /// they pay, [`controls`](super::controls)).
    pub(crate) controls: Option<Controls>,
    /// With the prefix design, the pools of exchangeable active seats
    /// reported together ([`pools`](super::pools)).
    pub(crate) pools: Vec<Vec<usize>>,
}

/// The most disjoint board completions a prefix of `setup` can be scored
/// on: the cards left once every seat holds two, over the cards to come
/// (at least 1).
pub(crate) fn most_boards(setup: &Setup) -> usize {
    let free = CardSet::from_bits(setup.known.bits() | setup.fixed.bits()).complement();
    let left = free.len() + setup.fixed.len() - 2 * setup.seats.len();
    (left / setup.missing.max(1)).max(1)
}

/// Blocks a run to a target error draws before it may stop.
pub(crate) const LEAST_BLOCKS: u64 = 10;

/// How each seat of `setup` is dealt: uniformly when its range is every
/// pair of the free cards at equal weight (`random`), else from an alias
/// table of its weights.
pub(crate) fn dealings(setup: &Setup) -> Vec<Dealing> {
    let free = CardSet::from_bits(setup.known.bits() | setup.fixed.bits()).complement();
    let free_count = free.len();
    let all_pairs = free_count * free_count.saturating_sub(1) / 2;
    setup
        .seats
        .iter()
        .map(|seat| {
            let uniform = seat.combos.len() == all_pairs
                && seat.combos.len() > 1
                && seat.weights.iter().all(|&w| w == seat.weights[0]);
            if uniform {
                Dealing::Uniform
            } else {
                Dealing::Restricted(Alias::new(&seat.weights))
            }
        })
        .collect()
}

/// The seats dealt from their alias tables (not uniformly), in order.
pub(crate) fn restricted_seats(dealing: &[Dealing]) -> Vec<usize> {
    (0..dealing.len())
        .filter(|&s| matches!(dealing[s], Dealing::Restricted(_)))
        .collect()
}

/// Of `draws` rejection draws of the restricted seats on a fixed
/// generator (so the answer depends on the request alone), how many were
/// accepted; `None` with fewer than two restricted seats.
pub(crate) fn pilot(setup: &Setup, dealing: &[Dealing], draws: u32) -> Option<u32> {
    let restricted = restricted_seats(dealing);
    if restricted.len() < 2 {
        return None;
    }
    let mut rng = Randoms::new(0x00c0_ffee, 0);
    let accepted = (0..draws)
        .filter(|_| draw_independent(setup, dealing, &restricted, &mut rng, |_, _| {}).is_some())
        .count() as u32;
    Some(accepted)
}

/// One rejection draw: every restricted seat draws a combo independently
/// (`take(seat, combo index)` for each); the cards they hold, or `None` if
/// two share a card.
#[inline(always)]
fn draw_independent(
    setup: &Setup,
    dealing: &[Dealing],
    restricted: &[usize],
    rng: &mut Randoms,
    mut take: impl FnMut(usize, usize),
) -> Option<u64> {
    let mut used = 0u64;
    let mut clash = false;
    for &s in restricted {
        let Dealing::Restricted(alias) = &dealing[s] else {
            continue;
        };
        let i = alias.sample(rng.next_u64());
        let mask = setup.seats[s].masks[i];
        clash |= mask & used != 0;
        used |= mask;
        take(s, i);
    }
    (!clash).then_some(used)
}

/// The compact hand of the card with index `c` (< 52).
#[inline(always)]
pub(super) fn card_hand(c: u8) -> CompactHand {
    CompactHand::from_index(c)
}

/// What one block needs, shared by all blocks.
pub(super) struct Sampler<'a> {
    /// Prefixes or clusters.
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
        let (active_offsets, live) = setup.combo_offsets();
        let mut offsets = vec![0u32; setup.seats.len()];
        for (&s, &o) in setup.active.iter().zip(&active_offsets) {
            offsets[s] = o as u32;
        }
        let mut pair_slots = vec![Vec::new(); setup.seats.len()];
        if setup.breakdown {
            for &s in &uniform {
                if active_index[s].is_some() {
                    let mut table = vec![0u32; 52 * 52];
                    for (i, combo) in setup.seats[s].combos.iter().enumerate() {
                        let (hi, lo) = (combo.hi().index() as usize, combo.lo().index() as usize);
                        table[52 * hi + lo] = offsets[s] + i as u32;
                    }
                    pair_slots[s] = table;
                }
            }
        }
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
            offsets,
            live,
            pair_slots,
        }
    }
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

    /// Runs block `block` of `units` prefixes or clusters (as the design
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
        match self.design {
            Design::Prefixes { .. } => self.prefix_block::<N>(seed, block, units),
            Design::Clusters { deals, .. } => self.cluster_block::<N>(seed, block, units, deals),
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
    /// Deals per unit (a prefix or a cluster).
    pub(super) fn unit_deals(&self) -> u64 {
        match self.design {
            Design::Prefixes { .. } => self.boards_per_prefix,
            Design::Clusters { deals, .. } => deals,
        }
    }

    /// Units per block.
    pub(super) fn block_units(&self) -> u64 {
        match self.design {
            // Prefixes scored on many boards come in smaller blocks (about
            // as many deals as 4,096 prefixes of four boards), so a run to
            // a target error stops nearer it.
            Design::Prefixes { .. } => BLOCK / (self.boards as u64 / 4).clamp(1, 4),
            Design::Clusters { deals, .. } => CLUSTER_BLOCK_DEALS / deals,
        }
    }

    /// Units drawn before a run to a target error may stop: the plan's
    /// least blocks, and with clusters at least [`MIN_CLUSTERS`].
    pub(super) fn least_units(&self) -> u64 {
        let blocks = self.least_blocks * self.block_units();
        match self.design {
            Design::Prefixes { .. } => blocks,
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

/// Per-block accumulators for `n <= N` active seats, in small integers.
pub(super) struct Accumulator<const N: usize> {
    /// `wins[s]`, `ties[tie_slot(s, k, n)]` as in `Tally`.
    pub(super) wins: [u64; N],
    ties: Vec<u64>,
    /// Per seat, deals it tied (all `k`).
    pub(super) tied: [u64; N],
    /// Per seat, its pot share from ties in the current prefix, units
    /// `1 / lcm` (its wins' share follows from `wins`).
    tie_x: [u64; N],
    /// `lcm / k` for `k` tied winners.
    pub(super) share: [u64; MAX_SEATS + 1],
    /// Per seat, the sums over closed groups (prefixes or clusters) of the
    /// seat's pot share summed over the group's deals, and of its square
    /// (units `1 / lcm`, `1 / lcm²`).
    sum_x: [u128; N],
    sum_x2: [u128; N],
    /// Per seat, the sums over closed groups of the seat's sole wins in
    /// the group, of their squares, and the same for its ties.
    sum_w: [u128; N],
    sum_w2: [u128; N],
    sum_t: [u128; N],
    sum_t2: [u128; N],
}

impl<const N: usize> Accumulator<N> {
    /// Empty accumulators for `n` active seats.
    pub(super) fn new(n: usize) -> Accumulator<N> {
        // Below 2^64 for every seat count the engine takes (lcm(1..=23)).
        let lcm = share_unit(n) as u64;
        Accumulator {
            wins: [0; N],
            ties: vec![0; n * (n + 1)],
            tied: [0; N],
            tie_x: [0; N],
            share: std::array::from_fn(|k| lcm / (k as u64).max(1)),
            sum_x: [0; N],
            sum_x2: [0; N],
            sum_w: [0; N],
            sum_w2: [0; N],
            sum_t: [0; N],
            sum_t2: [0; N],
        }
    }

    /// Counts one deal whose first `n` active seats hold `ranks`.
    #[inline(always)]
    pub(super) fn record(&mut self, ranks: &[u16; N], n: usize) {
        let ranks = &ranks[..n];
        let best = ranks.iter().copied().fold(0, u16::max);
        let mut winners = 0u32;
        for (s, &r) in ranks.iter().enumerate() {
            winners |= u32::from(r == best) << s;
        }
        if winners & (winners - 1) == 0 {
            self.wins[winners.trailing_zeros() as usize % N] += 1;
            return;
        }
        let k = winners.count_ones() as usize;
        let share = self.share[k];
        while winners != 0 {
            let s = winners.trailing_zeros() as usize % N;
            winners &= winners - 1;
            self.ties[tie_slot(s, k, n)] += 1;
            self.tied[s] += 1;
            self.tie_x[s] += share;
        }
    }

    /// Closes a group (a prefix or a cluster) that began when the sole
    /// wins stood at `wins_before` and the ties at `tied_before`: returns
    /// each of the first `n` seats' pot share summed over the group's deals
    /// (units `1 / lcm`) and adds it, and the group's wins and ties, to the
    /// sums.
    #[inline(always)]
    pub(super) fn close_group(
        &mut self,
        wins_before: &[u64; N],
        tied_before: &[u64; N],
        n: usize,
    ) -> [u64; N] {
        let mut x = [0u64; N];
        for a in 0..n {
            let won = self.wins[a] - wins_before[a];
            let tied = u128::from(self.tied[a] - tied_before[a]);
            x[a] = won * self.share[1] + self.tie_x[a];
            self.tie_x[a] = 0;
            self.sum_x[a] += u128::from(x[a]);
            self.sum_x2[a] += u128::from(x[a]) * u128::from(x[a]);
            let won = u128::from(won);
            self.sum_w[a] += won;
            self.sum_w2[a] += won * won;
            self.sum_t[a] += tied;
            self.sum_t2[a] += tied * tied;
        }
        x
    }

    /// The tally of `deals` deals in `groups` groups of `group_deals` each.
    pub(super) fn into_tally(self, n: usize, deals: u64, groups: u64, group_deals: u64) -> Tally {
        let mut tally = Tally::new(n);
        tally.add_counts(&self.wins[..n], &self.ties, deals, 1);
        tally.add_prefixes(
            &self.sum_x[..n],
            &self.sum_x2[..n],
            groups,
            u128::from(self.share[1]) * u128::from(group_deals),
        );
        tally.add_group_counts(
            &self.sum_w[..n],
            &self.sum_w2[..n],
            &self.sum_t[..n],
            &self.sum_t2[..n],
        );
        tally
    }
}
