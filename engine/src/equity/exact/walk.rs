//! A walk of the deal-major order and a setup's listed preflop deals:
//! plain data, kept apart from the code that lists them so that a
//! [`Setup`](crate::equity::setup::Setup) can hold its listing.

use std::sync::OnceLock;

use crate::combo::Combo;

/// One walk of the deal-major order: a deal (each seat's combo) and the
/// summed weight of the deals it stands for.
#[derive(Clone, Debug)]
pub(crate) struct Walk {
    /// Every seat's combo (folded seats' too), in seat order.
    pub(crate) combos: Vec<Combo>,
    /// Their cards.
    pub(crate) mask: u64,
    pub(crate) weight: u128,
    /// The number of deals it stands for.
    pub(crate) deals: u64,
    /// With a breakdown: every deal the walk stands for, as its weight and
    /// each active seat's slot in the flat per-combo tallies.
    pub(crate) members: Vec<(u128, Vec<u32>)>,
}

/// A setup's preflop deals up to the suit permutations that keep the
/// board and dead cards in place
/// ([`Folding::KnownCards`](super::deal_major::Folding::KnownCards)), listed once
/// for the planner and the count
/// ([`preflop_deals`](super::deal_major::preflop_deals)).
#[derive(Clone, Debug)]
pub(crate) struct PreflopDeals {
    pub(crate) walks: Vec<Walk>,
    /// The walks' rank groups (by index), once rank-pattern counting has
    /// formed them.
    pub(crate) rank_groups: OnceLock<Vec<Vec<usize>>>,
}
