//! The strata design: where the seats' deal space is small (a hand against
//! a few narrow ranges on a flop), every seat deal is dealt in every group,
//! so the spread between deals, which a sampled prefix carries into its
//! observation whole, is gone from the estimate.
//!
//! A group is every seat deal once (equally likely: each seat's combos
//! have one weight, and every deal leaves the same number of cards to the
//! board). Each deal shuffles the `m` cards left uniformly and is scored on
//! the `m · steps` boards `{p[i], p[i + j mod m]}` for `j` in
//! `1..=steps`: a pair of distinct places in a uniform shuffle holds a
//! uniform pair of distinct cards, so every board is exactly distributed
//! given the deal and the group's mean is unbiased; each card comes twice
//! per step, so what one card does to the outcome (a flush card, a card
//! that pairs a hand) is balanced within the group rather than sampled.
//! Groups use independent shuffles, so their means are independent
//! observations and the standard errors come from their spread, as for
//! prefixes. With `steps <= (m - 1) / 4` the boards of a deal are distinct
//! and a group stays well short of enumerating the deal's boards.
//!
//! Measured on `AhKh` / `QQ` / `JTs` on `9h8h2c` (24 deals, 43 cards left;
//! the variance of a group's mean times its boards, the worst seat): 0.129
//! for the prefixes the planner picked (21 disjoint boards each), 0.074
//! with one step, 0.046 with eight.

use super::accumulator::Accumulator;
use super::rng::shuffle_front;
use super::sampler::{BlockStart, Sampler, card_hand};
use crate::card::CardSet;
use crate::compact::CompactHand;
use crate::equity::setup::Setup;
use crate::equity::tally::Tally;

/// Most seat deals a group deals (a target-error run draws at least
/// [`LEAST_GROUPS`] groups, each of every deal on `m` boards or more).
const MAX_DEALS: usize = 512;
/// Most combinations of the seats' combos looked through for their deals.
const MAX_PRODUCT: usize = 1 << 16;
/// The boards a group is given by its steps, about (more steps, a better
/// observation per board, fewer groups to judge its spread by).
const GROUP_BOARDS: usize = 8192;
/// Fewest groups a run to a target error draws before it may stop, and a
/// trial budget must hold (their spread is the error's estimate).
pub(super) const LEAST_GROUPS: u64 = 32;
/// Boards per block, about (a block is whole groups).
const BLOCK_BOARDS: u64 = 1 << 16;

/// Every deal of the seats of a setup the strata design takes.
#[derive(Clone, Debug)]
pub(crate) struct SeatDeals {
    /// Per deal, per active seat, its hole cards with the known board.
    holes: Vec<CompactHand>,
    /// Per deal, the free cards its seats hold.
    masks: Vec<u64>,
    /// Cards left for the board after any deal.
    left: usize,
    /// Active seats.
    seats: usize,
}

impl SeatDeals {
    /// Seat deals in a group.
    pub(crate) fn len(&self) -> usize {
        self.masks.len()
    }

    /// Boards a group of `steps` scores.
    pub(crate) fn group_boards(&self, steps: u8) -> u64 {
        (self.len() * self.left * usize::from(steps)) as u64
    }

    /// Groups per block.
    pub(super) fn block_groups(&self, steps: u8) -> u64 {
        (BLOCK_BOARDS / self.group_boards(steps)).max(1)
    }
}

/// The strata plan for `setup` with a budget of `trials` deals (`None`:
/// until a target error): its seat deals and steps, where the design
/// applies. It applies with two board cards to come, no breakdown, every
/// seat's range restricted with one weight for all its combos (so its
/// deals are equally likely), at most [`MAX_DEALS`] seat deals, and a
/// budget of at least [`LEAST_GROUPS`] groups of one step.
pub(crate) fn plan(setup: &Setup, trials: Option<u64>) -> Option<(SeatDeals, u8)> {
    if setup.missing != 2 || setup.breakdown {
        return None;
    }
    let free = CardSet::from_bits(setup.known.bits() | setup.fixed.bits()).complement();
    let all_pairs = free.len() * free.len().saturating_sub(1) / 2;
    let equal = |w: &[u64]| w.iter().all(|&x| x == w[0]);
    if setup
        .seats
        .iter()
        .any(|s| s.combos.is_empty() || s.combos.len() == all_pairs || !equal(&s.weights))
    {
        return None;
    }
    let product = setup
        .seats
        .iter()
        .try_fold(1usize, |p, s| p.checked_mul(s.combos.len()))?;
    if product > MAX_PRODUCT {
        return None;
    }
    let deals = seat_deals(setup, free.bits())?;
    let per_step = deals.group_boards(1);
    let most = ((deals.left.saturating_sub(1)) / 4).min(usize::from(u8::MAX)) as u64;
    let mut steps = ((GROUP_BOARDS as u64 + per_step / 2) / per_step).clamp(1, most.max(1));
    if let Some(trials) = trials {
        steps = steps.min(trials / (LEAST_GROUPS * per_step));
    }
    (steps >= 1 && most >= 1).then_some((deals, steps as u8))
}

/// Every deal of `setup`'s seats (none sharing a card), or `None` past
/// [`MAX_DEALS`] or with none; `free` the cards not known nor fixed.
fn seat_deals(setup: &Setup, free: u64) -> Option<SeatDeals> {
    let seats = &setup.seats;
    let mut deals = SeatDeals {
        holes: Vec::new(),
        masks: Vec::new(),
        left: 0,
        seats: setup.active.len(),
    };
    let base = setup
        .board
        .iter()
        .fold(CompactHand::EMPTY, |h, &c| h.add_card(c));
    // An odometer over the seats' combos, skipping clashes.
    let mut at = vec![0usize; seats.len()];
    'deals: loop {
        let mut used = 0u64;
        let clash = seats.iter().zip(&at).any(|(s, &i)| {
            let mask = s.masks[i];
            let shared = mask & used != 0;
            used |= mask;
            shared
        });
        if !clash {
            if deals.masks.len() == MAX_DEALS {
                return None;
            }
            deals.masks.push(used & free);
            for &s in &setup.active {
                let [p, q] = seats[s].combos[at[s]].cards();
                deals.holes.push(base.add_card(p).add_card(q));
            }
        }
        for (s, i) in at.iter_mut().enumerate() {
            *i += 1;
            if *i < seats[s].combos.len() {
                continue 'deals;
            }
            *i = 0;
        }
        break;
    }
    let held = deals.masks.first()?.count_ones() as usize;
    deals.left = (free.count_ones() as usize).checked_sub(held)?;
    Some(deals)
}

impl Sampler<'_> {
    /// A block of the strata design from `block` (its start): `groups`
    /// groups of every deal in `deals`, each on `steps` pairings of its
    /// shuffle.
    #[inline(always)]
    pub(super) fn strata_block<const N: usize>(
        &self,
        mut block: BlockStart<N>,
        groups: u64,
        deals: &SeatDeals,
        steps: u8,
    ) -> Tally {
        let n = block.n;
        let steps = usize::from(steps);
        let m = deals.left;
        let mut cards = [0u8; 128];
        // Per active seat, its hand with the board and the card at each
        // place of the shuffle.
        let mut turns = [[CompactHand::EMPTY; 52]; N];
        // The shuffle's cards, the first `steps` again after them.
        let mut rivers = [CompactHand::EMPTY; 104];
        let mut ranks = [0u16; N];
        let acc: &mut Accumulator<N> = &mut block.acc;
        for _ in 0..groups {
            let (wins_before, tied_before) = (acc.wins, acc.tied);
            for (holes, &mask) in deals.holes.chunks_exact(deals.seats).zip(&deals.masks) {
                let mut avail = self.free & !mask;
                let mut len = 0;
                while avail != 0 {
                    cards[len & 127] = avail.trailing_zeros() as u8;
                    avail &= avail - 1;
                    len += 1;
                }
                debug_assert_eq!(len, m, "every deal leaves the same cards");
                shuffle_front(&mut block.rng, &mut cards, m, m - 1);
                for i in 0..m {
                    let card = card_hand(cards[i]);
                    rivers[i] = card;
                    for (turn, hole) in turns.iter_mut().zip(holes) {
                        turn[i] = hole.combine(card);
                    }
                }
                for i in 0..steps {
                    rivers[m + i] = rivers[i];
                }
                for j in 1..=steps {
                    for i in 0..m {
                        let river = rivers[(i + j) % 104];
                        for (r, turn) in ranks.iter_mut().zip(&turns).take(n) {
                            *r = turn[i].combine(river).rank7().value() as u16;
                        }
                        acc.record(&ranks, n);
                    }
                }
            }
            acc.close_group(&wins_before, &tied_before, n);
        }
        let per_group = deals.group_boards(steps as u8);
        block
            .acc
            .into_tally(n, groups * per_group, groups, per_group)
    }
}
