//! The strata design's plan (`strata`): whether a spot takes it, its
//! every seat deal, and the steps each deal's shuffle is scored on.

use crate::card::CardSet;
use crate::compact::CompactHand;
use crate::equity::setup::Setup;
use crate::equity::tally::{gcd, share_unit};

/// Most seat deals a group deals (a run draws at least [`LEAST_GROUPS`]
/// groups, each of every deal on `m` boards or more).
const MAX_DEALS: usize = 4096;
/// Most seat deals a group deals whatever the target error (more only
/// where the least groups hold no more boards than plain sampling could
/// need).
const SMALL_DEALS: usize = 512;
/// Most weight a group's boards carry in all, times `lcm(1..=n)`: a
/// group's summed pot share stays below 2^48 (its square summed over 2^32
/// groups fits a `u128`).
const MOST_GROUP_WEIGHT: u128 = 1 << 48;
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
    pub(super) holes: Vec<CompactHand>,
    /// Per deal, the free cards its seats hold.
    pub(super) masks: Vec<u64>,
    /// Per deal, its weight: the product of its combos' weights, divided
    /// by their gcd over the deals (all 1 where every seat has one weight).
    pub(super) weights: Vec<u64>,
    /// Cards left for the board after any deal.
    pub(super) left: usize,
    /// Active seats.
    pub(super) seats: usize,
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

    /// The weight of a group's boards (its boards where every deal weighs 1).
    pub(crate) fn group_weight(&self, steps: u8) -> u64 {
        self.weights.iter().sum::<u64>() * (self.left * usize::from(steps)) as u64
    }

    /// Groups per block.
    pub(super) fn block_groups(&self, steps: u8) -> u64 {
        (BLOCK_BOARDS / self.group_boards(steps)).max(1)
    }
}

/// The strata plan for `setup` with a budget of `trials` deals (`None`:
/// until the `target` error): its seat deals and steps, where the design
/// applies. It applies with two board cards to come, no breakdown, every
/// seat's range restricted (a deal's chance is the product of its combos'
/// weights: every deal leaves the board as many cards), at most
/// [`SMALL_DEALS`] seat deals, or [`MAX_DEALS`] where the least groups of
/// one step hold no more boards than plain sampling would need to reach
/// the target at the largest variance a pot share can have (¼), and a
/// budget of at least [`LEAST_GROUPS`] groups of one step. With a target,
/// the least groups hold no more boards than that, or one step.
pub(crate) fn plan(
    setup: &Setup,
    trials: Option<u64>,
    target: Option<f64>,
) -> Option<(SeatDeals, u8)> {
    if setup.missing != 2 || setup.breakdown {
        return None;
    }
    let free = CardSet::from_bits(setup.known.bits() | setup.fixed.bits()).complement();
    let all_pairs = free.len() * free.len().saturating_sub(1) / 2;
    if (setup.seats.iter()).any(|s| s.combos.is_empty() || s.combos.len() == all_pairs) {
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
    if let Some(target) = target.filter(|t| t.is_finite() && *t > 0.0) {
        let plain = (0.25 / (target * target)).min(u64::MAX as f64) as u64;
        if deals.len() > SMALL_DEALS && LEAST_GROUPS * per_step > plain {
            return None;
        }
        steps = steps.min(plain / (LEAST_GROUPS * per_step)).max(1);
    } else if deals.len() > SMALL_DEALS && trials.is_none() {
        return None;
    }
    let lcm = share_unit(setup.active.len());
    while steps > 1 && u128::from(deals.group_weight(steps as u8)) * lcm >= MOST_GROUP_WEIGHT {
        steps -= 1;
    }
    if u128::from(deals.group_weight(1)) * lcm >= MOST_GROUP_WEIGHT {
        return None;
    }
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
        weights: Vec::new(),
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
            let weight = seats
                .iter()
                .zip(&at)
                .try_fold(1u64, |w, (s, &i)| w.checked_mul(s.weights[i]))?;
            deals.weights.push(weight);
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
    let divisor = (deals.weights.iter()).fold(0u128, |g, &w| gcd(g, u128::from(w)));
    for w in &mut deals.weights {
        *w = (u128::from(*w) / divisor.max(1)) as u64;
    }
    let held = deals.masks.first()?.count_ones() as usize;
    deals.left = (free.count_ones() as usize).checked_sub(held)?;
    Some(deals)
}
