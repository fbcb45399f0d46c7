//! How each seat is dealt and what the planner decided for sampling: the
//! seats dealt uniformly or from their alias tables, the planner's plan
//! ([`Sampling`]), and the rejection draws of the restricted seats (with
//! the fixed-seed pilot that measures how many they keep).

use super::controls::Controls;
use super::crowded::Crowded;
use super::rng::{Alias, Randoms};
use super::seat_deals::SeatDeals;
use crate::card::CardSet;
use crate::equity::setup::Setup;
use crate::equity::strategy::Design;

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
    /// Prefixes, strata or clusters.
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
    /// With the strata design, every seat deal.
    pub(crate) strata: Option<SeatDeals>,
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
pub(super) fn draw_independent(
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
