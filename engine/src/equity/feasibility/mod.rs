//! Whether any deal exists: every seat gets one of its combos with no card
//! used twice. Decided exactly (never sampled) before any computation, so
//! an impossible spot is an error rather than a hang.

mod hall;
mod presolve;
mod search;
#[cfg(test)]
mod tests;

use presolve::presolve;
use search::Search;

/// Search steps after which [`deal_exists`] gives up: well under a second
/// (about 0.6 µs a step). Random spots of 8–23 seats over just enough
/// cards, ranges made of hand classes (the hardest kind found), took at
/// most 160,000.
pub(crate) const MAX_FEASIBILITY_STEPS: u64 = 1_000_000;

/// Whether every seat can get one of its combos (`masks[seat]`, card
/// masks) with no card used twice, or `None` if that was not decided
/// within `max_steps` search steps. At most 32 seats.
///
/// A deal found greedily decides most spots at once ([`greedy_deal`]).
/// Obvious spots are decided next, without searching ([`presolve`](fn@presolve)):
/// forced cards and pigeonholes on one or two cards. The problem is a
/// matching in a hypergraph (hard in general), so the rest is
/// a depth-first search, made fast on the inputs that are hard for a plain
/// one (many seats over few cards) by:
/// - branching on the seat with the fewest combos still possible, or on
///   the card with the fewest ways to be covered (plus leaving it out when
///   there are cards to spare) when that is fewer, as in exact cover;
/// - Hall's condition as a bound: every seat must be able to get two
///   cards of its own at once (a bipartite matching, [`hall_holds`](hall::hall_holds));
/// - remembering the (seats left, cards used) states that failed, up to
///   the suit permutations that keep every seat's combos, which also folds
///   together the orders of seats with the same range.
pub(crate) fn deal_exists(masks: &[&[u64]], max_steps: u64) -> Option<bool> {
    assert!(masks.len() <= 32, "at most 32 seats");
    if greedy_deal(masks, 0) {
        return Some(true);
    }
    let Some(reduced) = presolve(masks) else {
        return Some(false);
    };
    let masks: Vec<&[u64]> = reduced.iter().map(Vec::as_slice).collect();
    let masks = masks.as_slice();
    let mut search = Search::new(masks, max_steps);
    let all = if masks.is_empty() {
        0
    } else {
        u32::MAX >> (32 - masks.len())
    };
    let found = search.run(all, 0);
    (search.steps <= max_steps).then_some(found)
}

/// Whether dealing greedily finds a deal with the cards `taken` out: each
/// seat, fewest combos first, takes its first combo clear of them and of
/// the cards dealt before it. A deal found settles [`deal_exists`] at once
/// (it is one), and nearly every spot a player sets has one this way: the
/// presolve and the search, which allocate, are left for the rest (and a
/// flop report's classes need no setup to come). Failing proves nothing.
/// At most 32 seats.
pub(crate) fn greedy_deal(masks: &[&[u64]], taken: u64) -> bool {
    let mut order = [0usize; 32];
    let order = &mut order[..masks.len()];
    (0..masks.len()).for_each(|s| order[s] = s);
    order.sort_unstable_by_key(|&s| masks[s].len());
    let mut used = taken;
    for &s in order.iter() {
        match masks[s].iter().find(|&&m| m & used == 0) {
            Some(&m) => used |= m,
            None => return false,
        }
    }
    true
}
