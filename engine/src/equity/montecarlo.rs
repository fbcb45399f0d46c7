//! Monte Carlo: an unbiased estimator of the exact figures.
//!
//! Each trial draws every seat's combo independently from its weighted live
//! combos (an alias table: O(1) per draw) and **rejects the whole deal** if
//! two seats share a card, then completes the board uniformly from the cards
//! left, all but the last card at random and the last card **every way it
//! can fall** (the lookups for the last card stay in one table row per seat,
//! so they cost little next to the random accesses of the rest). Accepted
//! deals therefore follow exactly the joint distribution of
//! DESIGN.md §3 (the product of weights restricted to disjoint deals).
//! Dealing seat after seat from what is left instead would be biased: the
//! first seat would never feel the others' cards. The tests show both.
//!
//! A trial is one accepted prefix (the trial budget counts these; the
//! result's `samples` counts the deals they stand for).
//!
//! Determinism: trials come in blocks of [`BLOCK`] accepted prefixes; block `b`
//! draws from ChaCha8 seeded with the request's seed on stream `b`. Tallies
//! are integers, so merging blocks in any order, on any number of threads,
//! gives bit-identical results. Blocks run in rounds of a size fixed by the
//! round number alone, and the target-error stop is checked between rounds,
//! so where the run stops does not depend on threads either.

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::deals::Setup;
use super::{
    DEFAULT_TRIALS, EquityError, EquityRequest, EquityResult, MethodUsed, Tally, add_outcome, gcd,
};
use crate::card::{Card, CardSet};
use crate::eval::HandState;

/// Accepted deals per block.
pub const BLOCK: u64 = 4096;
/// Rejected draws allowed per accepted deal on average before giving up
/// (a spot this constrained has almost no deals; exact enumeration suits it).
const MAX_REJECTIONS_PER_DEAL: u64 = 100_000;

/// Walker's alias table over a seat's live combos.
#[derive(Clone, Debug)]
struct Alias {
    /// Acceptance threshold of each slot, scaled to `u32`.
    threshold: Vec<u32>,
    /// The slot's alias.
    alias: Vec<u32>,
}

impl Alias {
    /// Builds the table for `weights` (not all zero), Vose's method.
    fn new(weights: &[u64]) -> Alias {
        let n = weights.len();
        let total: f64 = weights.iter().map(|&w| w as f64).sum();
        let mut scaled: Vec<f64> = weights
            .iter()
            .map(|&w| w as f64 * n as f64 / total)
            .collect();
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let mut small: Vec<usize> = (0..n).filter(|&i| scaled[i] < 1.0).collect();
        let mut large: Vec<usize> = (0..n).filter(|&i| scaled[i] >= 1.0).collect();
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            alias[s] = l as u32;
            scaled[l] -= 1.0 - scaled[s];
            if scaled[l] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        // Leftovers are 1 up to rounding.
        for &i in large.iter().chain(&small) {
            scaled[i] = 1.0;
        }
        let threshold = scaled
            .iter()
            .map(|&p| {
                if p >= 1.0 {
                    u32::MAX
                } else {
                    (p * 4_294_967_296.0) as u32
                }
            })
            .collect();
        Alias { threshold, alias }
    }

    /// Draws a slot from one 64-bit random number.
    #[inline]
    fn sample(&self, random: u64) -> usize {
        let n = self.threshold.len() as u64;
        let slot = (((random >> 32) * n) >> 32) as usize;
        if (random as u32) < self.threshold[slot] || self.threshold[slot] == u32::MAX {
            slot
        } else {
            self.alias[slot] as usize
        }
    }
}

/// What one block needs, shared by all blocks.
struct Sampler<'a> {
    setup: &'a Setup,
    aliases: Vec<Alias>,
    base: HandState,
    /// Cards not on the board and not dead.
    free: u64,
}

impl Sampler<'_> {
    /// Runs block `block` with `size` accepted deals.
    fn block(&self, seed: u64, block: u64, size: u64) -> Result<Tally, EquityError> {
        let setup = self.setup;
        let n = setup.active.len();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(block);
        let mut tally = Tally::new(n);
        let mut ranks = vec![0u32; n];
        let mut holes = vec![0usize; setup.seats.len()];
        let mut rejected = 0u64;
        let mut states = vec![HandState::new(); n];
        let mut x = vec![0u128; n];
        let mut wins = vec![0u64; n];
        let mut ties = vec![0u64; n * (n + 1)];
        let lcm = (1..=n as u128).fold(1, |l, k| l / gcd(l, k) * k);
        let mut accepted = 0u64;
        while accepted < size {
            // Draw every seat; reject the whole deal on any shared card.
            let mut used = 0u64;
            let mut clash = false;
            for (s, alias) in self.aliases.iter().enumerate() {
                let i = alias.sample(rng.next_u64());
                let mask = setup.seats[s].masks[i];
                clash |= mask & used != 0;
                used |= mask;
                holes[s] = i;
            }
            if clash {
                rejected += 1;
                if rejected > MAX_REJECTIONS_PER_DEAL * (accepted + 1) {
                    return Err(EquityError::BadSetting(
                        "almost every random deal conflicts; use exact enumeration",
                    ));
                }
                continue;
            }
            // Complete the board but its last card uniformly from the free
            // cards, then enumerate the last card exactly: its lookups stay
            // in one table row per seat, so they are nearly free.
            let mut board = self.base;
            let mut taken = used;
            let last = setup.missing.saturating_sub(1);
            for _ in 0..last {
                loop {
                    let c = ((u64::from(rng.next_u32()) * 52) >> 32) as u8;
                    let bit = 1u64 << c;
                    if self.free & bit != 0 && taken & bit == 0 {
                        taken |= bit;
                        if let Some(card) = Card::from_index(c) {
                            board = board.add_card(card);
                        }
                        break;
                    }
                }
            }
            // Count the prefix's deals in small local counters; convert to
            // the u128 tallies once per prefix.
            wins.iter_mut().for_each(|v| *v = 0);
            ties.iter_mut().for_each(|v| *v = 0);
            let mut rivers = 0u64;
            if setup.missing == 0 {
                for (a, &s) in setup.active.iter().enumerate() {
                    let [p, q] = setup.seats[s].combos[holes[s]].cards();
                    ranks[a] = board
                        .add_card(p)
                        .add_card(q)
                        .rank()
                        .map_or(0, |r| r.value());
                }
                add_outcome(&ranks, &mut wins, &mut ties, 1);
                rivers = 1;
            } else {
                for (a, &s) in setup.active.iter().enumerate() {
                    let [p, q] = setup.seats[s].combos[holes[s]].cards();
                    states[a] = board.add_card(p).add_card(q);
                }
                let mut rest = self.free & !taken;
                while rest != 0 {
                    let c = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                    let Some(card) = Card::from_index(c) else {
                        continue;
                    };
                    for (r, st) in ranks.iter_mut().zip(&states) {
                        *r = st.rank_with(card).value();
                    }
                    add_outcome(&ranks, &mut wins, &mut ties, 1);
                    rivers += 1;
                }
            }
            tally.add_counts(&wins, &ties, rivers, 1);
            for (s, v) in x.iter_mut().enumerate() {
                *v = u128::from(wins[s]) * lcm
                    + (2..=n)
                        .map(|k| u128::from(ties[s * (n + 1) + k]) * (lcm / k as u128))
                        .sum::<u128>();
            }
            tally.record_prefix(&x, lcm * u128::from(rivers));
            accepted += 1;
        }
        Ok(tally)
    }
}

/// Blocks in round `r`: 1, 2, 4, … up to 64 (a fixed schedule, so stops
/// fall at the same place for any thread count).
fn round_blocks(round: u32) -> u64 {
    1u64 << round.min(6)
}

/// Samples until the trial budget or the target error is reached.
pub fn run(
    setup: &Setup,
    request: &EquityRequest,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<EquityResult, EquityError> {
    if request.trials == Some(0) {
        return Err(EquityError::BadSetting(
            "the trial budget must be above zero",
        ));
    }
    if let Some(t) = request.target_std_error
        && !(t > 0.0 && t.is_finite())
    {
        return Err(EquityError::BadSetting(
            "the target standard error must be above zero",
        ));
    }
    let budget = match (request.trials, request.target_std_error) {
        (Some(t), _) => t,
        (None, Some(_)) => u64::MAX,
        (None, None) => DEFAULT_TRIALS,
    };
    let sampler = Sampler {
        setup,
        aliases: setup.seats.iter().map(|s| Alias::new(&s.weights)).collect(),
        base: HandState::new().add_cards(setup.board.iter().copied()),
        free: CardSet::from_bits(setup.known.bits() | setup.fixed.bits())
            .complement()
            .bits(),
    };
    let n = setup.active.len();
    let mut tally = Tally::new(n);
    let mut next_block = 0u64;
    let mut round = 0;
    let mut last_snapshot = Instant::now();
    let snapshot = |tally: &Tally, finished: bool| {
        let elapsed = start.elapsed().as_secs_f64();
        let progress = if budget == u64::MAX {
            let worst = tally
                .figures(&setup.active, true)
                .iter()
                .map(|s| s.std_error)
                .fold(0.0, f64::max);
            let target = request.target_std_error.unwrap_or(1.0);
            if worst <= 0.0 {
                0.0
            } else {
                (target / worst).powi(2).min(1.0)
            }
        } else {
            tally.prefixes() as f64 / budget as f64
        };
        EquityResult {
            seats: tally.figures(&setup.active, true),
            samples: tally.deals,
            elapsed_ms: elapsed * 1000.0,
            method: MethodUsed::MonteCarlo,
            seed: Some(request.seed),
            progress: if finished { 1.0 } else { progress.min(1.0) },
            samples_per_s: if elapsed > 0.0 {
                tally.deals as f64 / elapsed
            } else {
                0.0
            },
            finished,
        }
    };
    loop {
        let done = tally.prefixes();
        if done >= budget {
            break;
        }
        if let Some(target) = request.target_std_error
            && done >= 10 * BLOCK
            && tally
                .figures(&setup.active, true)
                .iter()
                .all(|s| s.std_error <= target)
        {
            break;
        }
        if cancel() {
            return Err(EquityError::Cancelled);
        }
        let blocks = round_blocks(round);
        round += 1;
        let first = next_block;
        next_block += blocks;
        let part = (first..first + blocks)
            .into_par_iter()
            .map(|b| {
                let begin = b.saturating_mul(BLOCK);
                let size = BLOCK.min(budget.saturating_sub(begin));
                if size == 0 {
                    Ok(Tally::new(n))
                } else {
                    sampler.block(request.seed, b, size)
                }
            })
            .try_reduce(
                || Tally::new(n),
                |mut a, b| {
                    a.merge(&b);
                    Ok(a)
                },
            )?;
        tally.merge(&part);
        if last_snapshot.elapsed().as_secs_f64() >= 0.05 {
            last_snapshot = Instant::now();
            on_snapshot(&snapshot(&tally, false));
        }
    }
    Ok(snapshot(&tally, true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alias_table_matches_weights() {
        let weights = [1u64, 3, 0, 6];
        let alias = Alias::new(&weights);
        let mut counts = [0u64; 4];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..200_000 {
            counts[alias.sample(rng.next_u64())] += 1;
        }
        assert_eq!(counts[2], 0);
        for (c, w) in counts.iter().zip(weights) {
            let expected = 200_000.0 * w as f64 / 10.0;
            assert!(
                (*c as f64 - expected).abs() < 5.0 * expected.sqrt().max(1.0),
                "{counts:?}"
            );
        }
    }
}
