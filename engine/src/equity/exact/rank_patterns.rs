//! Preflop counting by board rank pattern: for each seat deal (one per
//! class of deals equal up to the suit permutations that keep the dead
//! cards in place), the 1.7 million five-card boards are counted as 6,175
//! multisets of five ranks, each weighted by the number of ways the deck
//! can suit it and ranked by the compact evaluator's rank-count half. Of
//! each multiset, the suitings on which some seat makes a flush are
//! counted apart: for each suit in which a seat could (the board holding
//! five less that seat's hole cards of the suit, or more), each set of the
//! multiset's ranks dealt in the suit, with its own ways and outcome; the
//! rest of the multiset's boards keep the unsuited outcome. Suits that
//! every seat and the deck hold alike are counted once, times their
//! number.
//!
//! Boards of five distinct ranks make no full house, so a flush there
//! decides the pot alone, whatever the other ranks: their suitings are not
//! walked. Each set of three to five ranks dealt in a suit
//! ([`suited_sets`]) is ranked once, its ways a sum of
//! products of the cards left off the suit; a multiset's flush ways (taken
//! from its unsuited outcome) are a product over its ranks. A paired
//! board on which no seat makes a full house or quads is the same: its
//! suitings' ways are summed by the set of ranks dealt in the suit, each
//! set ranked once per work item. Where a seat does, only a straight flush
//! changes the outcome, and its suitings are walked only where one is in
//! reach (some seat's cards of the suit and the multiset's ranks make five
//! in a row).
//!
//! Deals whose seats hold the same ranks (and leave the deck the same
//! ranks) rank every multiset alike with flushes aside: their unsuited
//! outcomes are counted once per such group, and each deal adds only its
//! flushes (each flush suiting moved from the unsuited outcome to its
//! own).
//!
//! The counts are the deal-major walk's integers exactly: the same boards
//! (each once, with its multiplicity), the same outcome function, the same
//! per-walk tally.

use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap as HashMap;

use super::common::rounds;
use super::deal_major::{DEAL_LIMIT, preflop_deals, walk_tally};
use super::rank_multisets::{BOARD, PATTERN_COUNT};
use super::rank_suits::{Deck, Hole, RANK_SLOTS, holes_of};
use super::suited_sets;
use super::walk::{PreflopDeals, Walk};
use crate::compact::warm_tables;
use crate::equity::error::EquityError;
use crate::equity::request::MAX_SEATS;
use crate::equity::result::EquityResult;
use crate::equity::setup::Setup;
use crate::equity::strategy::Strategy;
use crate::equity::tally::Tally;

/// Calls `$f::<N>($args)` with `N` the seat count `$n` for 2 to 6 seats,
/// known when compiling (so that loops over the seats are unrolled), and
/// `N` = 0, any count, for the rest.
macro_rules! by_seat_count {
    ($n:expr, $($f:ident)::+, ($($arg:expr),*)) => {
        match $n {
            2 => $($f)::+::<2>($($arg),*),
            3 => $($f)::+::<3>($($arg),*),
            4 => $($f)::+::<4>($($arg),*),
            5 => $($f)::+::<5>($($arg),*),
            6 => $($f)::+::<6>($($arg),*),
            _ => $($f)::+::<0>($($arg),*),
        }
    };
}

mod alone;
mod unsuited;

use alone::count_alone;
use unsuited::Unsuited;

/// Rank-pattern counting of a preflop spot.
pub(super) fn run(
    setup: &Setup,
    strategy: Strategy,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<Tally, EquityError> {
    if setup.missing != BOARD {
        return Err(EquityError::BadSetting(
            "rank patterns count spots with the whole board to come",
        ));
    }
    // Deals equal up to the suit permutations that keep the dead cards
    // where they are, counted once (listed once for the planner and here).
    let listed = preflop_deals(setup).ok_or(EquityError::TooManyDeals { limit: DEAL_LIMIT })?;
    let list = &listed.walks;
    // The deals reported are the deal-major walk's (each of its walks'
    // boards), which folds suits only with nothing known.
    let reported = |walk: &Walk| {
        if setup.known.is_empty() {
            1
        } else {
            walk.deals
        }
    };
    let deck = deck_of(setup);
    let n = setup.active.len();
    let seats_of = |walk: &Walk| seats_of(setup, walk);
    let groups = groups_of(setup, listed);
    // A fixed pseudo-random order, so partial results are representative.
    let mut order: Vec<usize> = (0..groups.len()).collect();
    order.shuffle(&mut ChaCha8Rng::seed_from_u64(0x5EED));
    warm_tables();
    // Work items: a group of deals and a share of the rank multisets (a
    // few groups are split so that they spread over the threads; the
    // shares' counts add up to the whole group's).
    let shares = shares(groups.len(), strategy, rayon::current_num_threads());
    // A group's shares alternate between its first and second half: the
    // multisets' early shares cost more than the late ones (S18: 70–90 µs
    // against 45–55), and the pool's threads take the items' halves.
    let share_at = |k: usize| k / 2 + (k % 2) * shares.div_ceil(2);
    let items: Vec<(usize, usize)> = (order.iter())
        .flat_map(|&g| (0..shares).map(move |k| (g, share_at(k))))
        .collect();
    let process = |&(g, share): &(usize, usize)| {
        let group = &groups[g];
        let multisets = share * PATTERN_COUNT / shares..(share + 1) * PATTERN_COUNT / shares;
        let first = &list[group[0]];
        let seats = seats_of(first);
        let sets = suited_sets::sets(share, shares);
        if group.len() == 1 {
            let counts = count_alone(deck & !first.mask, &seats[..n], multisets, sets);
            let mut tally = walk_tally(setup, first, &counts);
            tally.add_deals(counts.deals * (reported(first) - 1));
            return tally;
        }
        let left = Deck::of(deck & !first.mask);
        let unsuited = Unsuited::count(left, &seats[..n], multisets, sets);
        let mut tally = Tally::new(n);
        let mut known = HashMap::default();
        for &w in group {
            let walk = &list[w];
            let seats = seats_of(walk);
            let counts = unsuited.with_flushes(deck & !walk.mask, &seats[..n], &mut known);
            let mut part = walk_tally(setup, walk, &counts);
            part.add_deals(counts.deals * (reported(walk) - 1));
            tally.merge(&part);
        }
        tally
    };
    rounds(&items, setup, strategy, process, start, cancel, on_snapshot)
}

/// The cards the boards of `setup` are dealt from, before any seat's.
fn deck_of(setup: &Setup) -> u64 {
    (setup.deck().iter()).fold(0u64, |mask, card| mask | card.bit())
}

/// A walk's active seats as the kernel ranks them (the first `n`).
fn seats_of(setup: &Setup, walk: &Walk) -> [Hole; MAX_SEATS] {
    let holes: Vec<[u8; 2]> = (setup.active.iter())
        .map(|&s| walk.combos[s].cards().map(|card| card.index()))
        .collect();
    holes_of(&holes)
}

/// What a run counts for the walks `list` of `setup`: deals alone in their
/// rank group (each counted whole), groups of several deals (their
/// unsuited outcomes), and the deals in those (their flushes).
pub(crate) struct Work {
    pub(crate) alone: u64,
    pub(crate) groups: u64,
    pub(crate) grouped: u64,
}

/// See [`Work`].
pub(crate) fn work(setup: &Setup, listed: &PreflopDeals) -> Work {
    let groups = groups_of(setup, listed);
    let alone = groups.iter().filter(|g| g.len() == 1).count() as u64;
    Work {
        alone,
        groups: groups.len() as u64 - alone,
        grouped: listed.walks.len() as u64 - alone,
    }
}

/// The rank groups of `setup`'s listed walks ([`rank_groups`]), formed on
/// the first call.
fn groups_of<'a>(setup: &Setup, listed: &'a PreflopDeals) -> &'a [Vec<usize>] {
    listed.rank_groups.get_or_init(|| {
        let seats_of = |walk: &Walk| seats_of(setup, walk);
        rank_groups(&listed.walks, deck_of(setup), setup.active.len(), &seats_of)
    })
}

/// Spots with fewer groups of deals than this split each one into work
/// items ([`shares`]).
const SPLIT_BELOW: usize = 16;

/// Most work items per group of deals.
const SHARES: usize = 8;

/// Least estimated work (seconds on one thread) per share of a group.
const SHARE_S: f64 = 0.000_2;

/// The work items (shares of the rank multisets) of each of `groups`
/// groups of deals, counted as `strategy` plans on `threads` threads: a
/// few groups are split, each share at least [`SHARE_S`] of the estimate
/// and no more shares than threads. Each share repeats its setup, and
/// on a small virtual machine a sleeping worker is often not running
/// before a small spot's count is over, so shares past the threads only
/// cost.
fn shares(groups: usize, strategy: Strategy, threads: usize) -> usize {
    if groups >= SPLIT_BELOW {
        return 1;
    }
    let estimate_s = match strategy {
        Strategy::Exact { estimate_s, .. } => estimate_s,
        _ => f64::INFINITY,
    };
    // (A float cast saturates: an infinite estimate is the most shares.)
    let worth = (estimate_s / groups.max(1) as f64 / SHARE_S).ceil() as usize;
    worth.clamp(1, threads.clamp(1, SHARES))
}

/// Most deals in one work item: a larger group is cut into groups of at
/// most this many (each counting its unsuited outcomes again, about as
/// dear as a few deals' flushes), so that work spreads over the threads.
const GROUP_MOST: usize = 48;

/// The walks of `list` (by index, in list order) in groups whose `n`
/// active seats (`seats_of`) hold the same ranks and leave the deck from
/// `deck` the same ranks: their boards rank alike but for flushes.
fn rank_groups(
    list: &[Walk],
    deck: u64,
    n: usize,
    seats_of: &dyn Fn(&Walk) -> [Hole; MAX_SEATS],
) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut index: HashMap<([u8; RANK_SLOTS], Vec<u32>), usize> = HashMap::default();
    for (w, walk) in list.iter().enumerate() {
        let keys = seats_of(walk)[..n].iter().map(|hole| hole.key).collect();
        let key = (Deck::of(deck & !walk.mask).rank_cards, keys);
        let g = *index.entry(key).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(w);
    }
    groups
        .iter()
        .flat_map(|group| group.chunks(GROUP_MOST).map(<[usize]>::to_vec))
        .collect()
}

#[cfg(test)]
mod tests;
