//! Exact sampling of the restricted seats' combos where card conflicts make
//! rejection hopeless (many seats on a few premium cards).
//!
//! Rejection draws every restricted seat independently and keeps the draw
//! only if no card repeats: exact, but when almost every draw clashes
//! (seven seats of `JJ+,AK` keep about one in ten thousand) it stalls.
//! Here the seats are drawn one after another, each with probability
//! proportional to its combo's weight times the total weight of the ways
//! the later seats can still be dealt:
//!
//! `Z(i, used) = Σ w(c) · Z(i + 1, used ∪ c)` over seat `i`'s combos `c`
//! disjoint from `used`, with `Z(k, ·) = 1`,
//!
//! so a whole draw has probability `Π w / Z(0, ∅)`: exactly the joint
//! distribution of docs/design.md §3, as rejection gives, with no draw wasted.
//! (The cards the uniform seats and the board then get do not depend on
//! which cards these took, only on how many, as in rejection.) `Z` is
//! computed once per request for every reachable `(i, used)`, which only
//! pays, and only fits, when the seats' ranges share few cards: the
//! sampler uses it when its estimated cost per draw beats rejection's and
//! the table stays within [`MAX_STATES`]. Totals are `f64`: relative
//! rounding of about 1e-16 per step, far below any standard error (the
//! alias tables' thresholds are rounded to 2⁻³² already).

use rustc_hash::FxHashMap as HashMap;

use crate::equity::setup::Setup;

/// Most `(seat, used cards)` states the table may hold.
const MAX_STATES: usize = 1 << 18;
/// Most combos scanned while building the table (about 0.1 s).
const MAX_WORK: u64 = 20_000_000;
/// The fallback's budget per attempt ([`Crowded::fallback`]): states and
/// combos scanned.
const FALLBACK_STATES: usize = 1 << 20;
const FALLBACK_WORK: u64 = 40_000_000;
/// Combos scanned by all the fallback's attempts together (under half a
/// second: a spot no table fits is refused within a second).
const FALLBACK_TOTAL_WORK: u64 = 100_000_000;

/// `Z` for every reachable state, seats in the order given.
pub(crate) struct Crowded {
    /// The restricted seats in the table, in drawing order.
    order: Vec<usize>,
    /// Per table seat `i`, the cards seats `i..` can hold: `Z(i, used)`
    /// depends on `used` only through these, so states are kept by
    /// `used & relevant[i]` (every card for the plain table).
    relevant: Vec<u64>,
    /// `Z(i, used)` for `i < order.len()`, by `(i, used & relevant[i])`.
    totals: HashMap<(u8, u64), f64>,
    /// Combos scanned while building.
    work: u64,
    /// The budget: most states and combos scanned.
    max_states: usize,
    max_work: u64,
    /// Restricted seats left out of the table (the fallback's widest):
    /// each drawn independently after the table's seats, the whole draw
    /// (table seats included) rejected on a shared card.
    rest: Vec<usize>,
}

impl Crowded {
    /// The table for drawing `seats` (restricted seats of `setup`) in this
    /// order, or `None` if it would exceed [`MAX_STATES`] states or
    /// [`MAX_WORK`] combos scanned.
    pub(crate) fn new(setup: &Setup, seats: &[usize]) -> Option<Crowded> {
        let mut table = Crowded {
            order: seats.to_vec(),
            relevant: vec![u64::MAX; seats.len()],
            totals: HashMap::default(),
            work: 0,
            max_states: MAX_STATES,
            max_work: MAX_WORK,
            rest: Vec::new(),
        };
        table.total_from(setup, 0, 0)?;
        Some(table)
    }

    /// Exact draws for `restricted` (at least two restricted seats of a
    /// feasible `setup`) where [`Crowded::new`]'s table does not fit: seats
    /// whose combos cover the most cards are drawn first, so that later
    /// states are kept by the few cards the later seats can still hold;
    /// while the table still does not fit a larger budget, the seat with
    /// the most combos leaves it for whole-draw rejection after it (wide
    /// ranges clash little). `None` when no table of two or more seats
    /// fits, or the attempts together scanned [`FALLBACK_TOTAL_WORK`].
    ///
    /// Exact: the table's seats come from their joint distribution
    /// restricted to themselves and the others independently from their
    /// weights, so a draw's probability is proportional to the product of
    /// every weight among draws without a shared card; rejecting the rest
    /// leaves the joint distribution of docs/design.md §3.
    pub(crate) fn fallback(setup: &Setup, restricted: &[usize]) -> Option<Crowded> {
        Crowded::fallback_within(setup, restricted, FALLBACK_STATES, FALLBACK_WORK)
    }

    /// [`Crowded::fallback`] with `max_states` states and `max_work` combos
    /// scanned an attempt.
    pub(super) fn fallback_within(
        setup: &Setup,
        restricted: &[usize],
        max_states: usize,
        max_work: u64,
    ) -> Option<Crowded> {
        let seats = &setup.seats;
        let span = |s: usize| seats[s].masks.iter().fold(0u64, |a, &m| a | m).count_ones();
        let mut table: Vec<usize> = restricted.to_vec();
        let mut rest = Vec::new();
        let mut spent = 0u64;
        while table.len() >= 2 && spent < FALLBACK_TOTAL_WORK {
            let mut order = table.clone();
            order.sort_by_key(|&s| (std::cmp::Reverse(span(s)), seats[s].masks.len(), s));
            let mut relevant = vec![0u64; order.len()];
            let mut cards = 0u64;
            for (i, &s) in order.iter().enumerate().rev() {
                cards |= seats[s].masks.iter().fold(0u64, |a, &m| a | m);
                relevant[i] = cards;
            }
            let mut attempt = Crowded {
                order,
                relevant,
                totals: HashMap::default(),
                work: 0,
                max_states,
                max_work: max_work.min(FALLBACK_TOTAL_WORK - spent),
                rest: rest.clone(),
            };
            if attempt.total_from(setup, 0, 0).is_some_and(|z| z > 0.0) {
                return Some(attempt);
            }
            spent += attempt.work;
            // The widest seat (the last of the most combos) leaves the table.
            let (at, _) = table
                .iter()
                .enumerate()
                .max_by_key(|&(_, &s)| (seats[s].masks.len(), s))?;
            rest.push(table.remove(at));
        }
        None
    }

    /// The restricted seats drawn by rejection after the table's.
    pub(crate) fn rest(&self) -> &[usize] {
        &self.rest
    }

    /// `Z(i, used)`, computing and remembering it (and what it needs);
    /// `None` once the table is full.
    fn total_from(&mut self, setup: &Setup, i: usize, used: u64) -> Option<f64> {
        if i == self.order.len() {
            return Some(1.0);
        }
        let key = used & self.relevant[i];
        if let Some(&z) = self.totals.get(&(i as u8, key)) {
            return Some(z);
        }
        let seat = &setup.seats[self.order[i]];
        self.work += seat.masks.len() as u64;
        if self.totals.len() >= self.max_states || self.work > self.max_work {
            return None;
        }
        let mut z = 0.0;
        for (&m, &w) in seat.masks.iter().zip(&seat.weights) {
            if m & key == 0 {
                z += w as f64 * self.total_from(setup, i + 1, key | m)?;
            }
        }
        self.totals.insert((i as u8, key), z);
        Some(z)
    }

    /// `Z(i, used)` of a reachable state.
    fn total(&self, i: usize, used: u64) -> f64 {
        if i == self.order.len() {
            1.0
        } else {
            let key = used & self.relevant[i];
            self.totals.get(&(i as u8, key)).copied().unwrap_or(0.0)
        }
    }

    /// Draws every table seat's combo: calls `take(seat, combo index)` for
    /// each and returns the cards they hold (the [`rest`](Crowded::rest)
    /// are the caller's to draw). `uniform` gives numbers uniform in
    /// `[0, 1)`.
    pub(crate) fn draw(
        &self,
        setup: &Setup,
        mut uniform: impl FnMut() -> f64,
        mut take: impl FnMut(usize, usize),
    ) -> u64 {
        let mut used = 0u64;
        for (i, &s) in self.order.iter().enumerate() {
            let seat = &setup.seats[s];
            let mut target = uniform() * self.total(i, used);
            let mut chosen = None;
            for (c, (&m, &w)) in seat.masks.iter().zip(&seat.weights).enumerate() {
                if m & used != 0 {
                    continue;
                }
                let mass = w as f64 * self.total(i + 1, used | m);
                if mass > 0.0 {
                    // The last combo with any mass takes what rounding
                    // leaves over.
                    chosen = Some(c);
                    target -= mass;
                    if target < 0.0 {
                        break;
                    }
                }
            }
            // A reachable state always has a combo with mass (the spot is
            // feasible).
            let c = chosen.unwrap_or(0);
            take(s, c);
            used |= seat.masks[c];
        }
        used
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    use crate::Range;
    use crate::equity::request::{EquityRequest, Seat};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Asserts that `seen` draws of each deal match the exact weights
    /// `exact` (summing to `total`) within five standard deviations.
    fn assert_follows<K: std::fmt::Debug + Eq + std::hash::Hash>(
        exact: &HashMap<K, f64>,
        total: f64,
        seen: &HashMap<K, u32>,
        draws: u32,
    ) {
        assert!(seen.keys().all(|d| exact.contains_key(d)));
        for (deal, w) in exact {
            let p = w / total;
            let expected = p * f64::from(draws);
            let got = f64::from(seen.get(deal).copied().unwrap_or(0));
            let sd = (expected * (1.0 - p)).sqrt();
            assert!(
                (got - expected).abs() <= 5.0 * sd + 1.0,
                "{deal:?}: {got} vs {expected}"
            );
        }
    }

    fn setup(ranges: &[&str]) -> Setup {
        let seats = ranges
            .iter()
            .map(|r| Seat::active(Range::parse(r).expect("test range")))
            .collect();
        Setup::new(&EquityRequest::new(seats)).expect("valid test spot")
    }

    #[test]
    fn draws_follow_the_joint_distribution() {
        // Weighted, overlapping ranges: every feasible deal's probability
        // is the product of its weights over their sum.
        let setup = setup(&["AA,KK:0.5", "AK,KK", "AA:0.25,AKs,QQ"]);
        let order = [1, 0, 2];
        let table = Crowded::new(&setup, &order).expect("a small table");
        let mut exact = HashMap::new();
        let mut total = 0.0;
        for (a, (&ma, &wa)) in setup.seats[0]
            .masks
            .iter()
            .zip(&setup.seats[0].weights)
            .enumerate()
        {
            for (b, (&mb, &wb)) in setup.seats[1]
                .masks
                .iter()
                .zip(&setup.seats[1].weights)
                .enumerate()
            {
                for (c, (&mc, &wc)) in setup.seats[2]
                    .masks
                    .iter()
                    .zip(&setup.seats[2].weights)
                    .enumerate()
                {
                    if ma & mb == 0 && ma & mc == 0 && mb & mc == 0 {
                        let w = (wa * wb * wc) as f64;
                        exact.insert([a, b, c], w);
                        total += w;
                    }
                }
            }
        }
        assert!((table.total(0, 0) - total).abs() < 1e-9 * total);
        let draws = 400_000;
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen: HashMap<[usize; 3], u32> = HashMap::new();
        for _ in 0..draws {
            let mut deal = [usize::MAX; 3];
            let used = table.draw(&setup, || rng.random::<f64>(), |s, c| deal[s] = c);
            let cards: u64 = (0..3).map(|s| setup.seats[s].masks[deal[s]]).sum();
            assert_eq!(used, cards, "disjoint combos, their cards returned");
            *seen.entry(deal).or_default() += 1;
        }
        assert_follows(&exact, total, &seen, draws);
    }

    #[test]
    fn the_fallback_with_rejection_follows_the_joint_distribution() {
        // The smallest budget that fits a table: too small for all four
        // seats, so the widest (`QQ+,AQ,KQ` first) are drawn by rejection
        // after the table's.
        let setup = setup(&["AA,KK:0.5", "AK,KK", "QQ+,AQ,KQ", "AA:0.25,AKs,QQ"]);
        let table = (1..1000)
            .find_map(|states| Crowded::fallback_within(&setup, &[0, 1, 2, 3], states, 1 << 20))
            .expect("a table");
        assert_eq!(table.rest()[0], 2);
        assert!(table.order.len() >= 2);
        assert!(Crowded::fallback_within(&setup, &[0, 1, 2, 3], 1, 1 << 20).is_none());
        let seats = &setup.seats;
        // Every deal of the four seats by its weight.
        let mut exact = HashMap::new();
        let mut total = 0.0;
        let mut deal = [0usize; 4];
        fn walk(
            seats: &[crate::equity::setup::SeatCombos],
            s: usize,
            used: u64,
            w: f64,
            deal: &mut [usize; 4],
            f: &mut dyn FnMut(&[usize; 4], f64),
        ) {
            if s == 4 {
                return f(deal, w);
            }
            for (c, (&m, &cw)) in seats[s].masks.iter().zip(&seats[s].weights).enumerate() {
                if m & used == 0 {
                    deal[s] = c;
                    walk(seats, s + 1, used | m, w * cw as f64, deal, f);
                }
            }
        }
        walk(seats, 0, 0, 1.0, &mut deal, &mut |d, w| {
            exact.insert(*d, w);
            total += w;
        });
        // The table's seats, then the rest by weight, the whole draw
        // rejected on a shared card (as the sampler does).
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut seen: HashMap<[usize; 4], u32> = HashMap::new();
        let draws = 200_000;
        for _ in 0..draws {
            loop {
                let mut d = [usize::MAX; 4];
                let mut used = table.draw(&setup, || rng.random::<f64>(), |s, c| d[s] = c);
                let mut clash = false;
                for &s in table.rest() {
                    let weights = &seats[s].weights;
                    let mut pick = rng.random_range(0..weights.iter().sum::<u64>());
                    let c = weights
                        .iter()
                        .position(|&w| {
                            let hit = pick < w;
                            pick = pick.saturating_sub(w);
                            hit
                        })
                        .expect("a combo");
                    clash |= seats[s].masks[c] & used != 0;
                    used |= seats[s].masks[c];
                    d[s] = c;
                }
                if !clash {
                    *seen.entry(d).or_default() += 1;
                    break;
                }
            }
        }
        assert_follows(&exact, total, &seen, draws);
    }

    #[test]
    fn too_many_states_give_no_table() {
        // Ten seats on the 24 cards from nine up: millions of reachable
        // (seat, used cards) states.
        let setup = setup(&["99+,A9+,K9+,Q9+,J9+,T9"; 10]);
        let order: Vec<usize> = (0..10).collect();
        assert!(Crowded::new(&setup, &order).is_none());
        // Four seats of `AA,KK` fit.
        let setup = self::setup(&["AA,KK"; 4]);
        let table = Crowded::new(&setup, &[0, 1, 2, 3]).expect("a small table");
        // C(4, 2) ways to choose the seats with aces, and 6 ways each to
        // deal those seats their aces and the others their kings.
        assert_eq!(table.total(0, 0), 216.0);
    }
}
