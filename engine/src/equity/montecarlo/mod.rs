//! Monte Carlo: an unbiased estimator of the exact figures.
//!
//! Deals come in groups, and each group's per-seat mean pot share, win
//! and tie are independent observations (the standard errors of equity,
//! win and tie come from the spread of these means; where none varied,
//! the rule-of-three bound of docs/design.md §3.1). There are two designs.
//!
//! **Prefixes** (the general one). A prefix is one sampled seat deal; it
//! is scored on several disjoint board completions drawn together with it.
//!
//! 1. Seats whose range is **restricted** (anything but equal weights on
//!    every pair of the cards still free) draw their combos independently
//!    from their weighted live combos (an alias table: O(1) per draw), and
//!    **the whole draw is rejected** if two of them share a card. Accepted
//!    draws follow the joint distribution of docs/design.md §3 restricted to
//!    these seats: the number of ways to deal the other seats and the board
//!    from what is left does not depend on which cards they took (it only
//!    depends on how many are left), so it cancels. Where rejection would
//!    keep few draws (many seats on a few premium cards), the seats are
//!    drawn one after another from exact conditional totals instead
//!    ([`crowded`]): the same distribution, no draw wasted. Where that
//!    table would not fit, the seats that clash most come from a smaller
//!    table and the widest ranges are drawn independently after them, the
//!    whole draw rejected on a shared card: still exact, and rejection
//!    keeps most draws once the clashing seats are dealt together.
//! 2. **Uniform** seats (such as `random`) then get two cards each, drawn
//!    uniformly without replacement from the cards left (a partial
//!    Fisher–Yates shuffle of the free cards that skips those the
//!    restricted seats hold). Given step 1, every dealing of them is equally
//!    likely, which is exactly the joint distribution. Dealing *restricted*
//!    seats one after another from what is left would be biased instead:
//!    the first seat would never feel the others' cards. The tests show
//!    both.
//! 3. The boards: with one card to come, every card left (exact on the
//!    river given the prefix); with more, several disjoint completions
//!    drawn together, each uniform over the cards left given the prefix:
//!    as many as the planner chose from a short pilot ([`shape`]), up to
//!    as many as the deck allows.
//!
//! **Clusters**, when every active seat is uniform (restricted seats may
//! be folded) and no breakdown is asked for. A cluster draws the
//! restricted seats' combos as above and then a board, uniform over the
//! cards left (the uniform seats' dealings do not depend on which cards
//! those took either); and scores up to 2,048 deals of the uniform
//! seats. The deals are the cyclic windows of a shuffle of the
//! cards left: a window of a uniformly shuffled deck is a uniform dealing,
//! so every deal is exactly distributed (the cluster's mean is unbiased),
//! and one shuffle of `m` cards gives `m` deals whose seats hold its `m`
//! pairs of adjacent cards. A cluster of many shuffles ranks every pair of
//! the cards left on its board once (a 64 × 64 table); a cluster of few
//! ranks each shuffle's adjacent pairs instead (whichever is fewer
//! evaluations), so a deal costs little more than its lookups. The seats take turns at the
//! window's places from shuffle to shuffle. Why only then: with every
//! active seat holding the same uniform range the seats are exchangeable,
//! so each one's expected share given the board is `1/n` and the board
//! explains none of the equity's variance: a big cluster loses nothing
//! there. With a restricted active seat (hero against randoms) the board
//! explains much of it: clusters of 256 measured 30–100 times worse than
//! prefixes in time × variance (`AhAd` against two `random`, `AKs` against
//! five). Win and tie do depend on the board (a flop's runouts that pair
//! both low cards tie seven times as often as the average), so their
//! per-cluster means are skewed, and with few boards an estimate that
//! missed the rare ones would come with an error that missed them too: a
//! budget is split into at least [`MIN_CLUSTERS`](sampler::MIN_CLUSTERS)
//! clusters, and a run to a target error draws that many before it stops.
//!
//! Under the prefix design, without a breakdown, two refinements keep the
//! estimates unbiased and cut their errors: seats with the same range are
//! reported together ([`pools`]), and a hand against `random` seats
//! preflop subtracts a control variate, what its hand does on a deal with
//! an exactly known expectation ([`controls`]).
//!
//! Hands are ranked with the cache-resident [`CompactHand`] evaluator.
//!
//! A trial is one deal (hole cards for every seat and a whole board); the
//! budget is rounded up to whole prefixes or clusters, and the result's
//! `samples` counts the deals evaluated.
//!
//! Determinism: groups come in blocks ([`BLOCK`](sampler::BLOCK) prefixes,
//! fewer for prefixes scored on eight boards or more, down to a quarter;
//! or 32,768 deals of clusters); block `b`
//! draws from a xoshiro256++ generator seeded from ChaCha8 seeded with the
//! request's seed on stream `b`. The design and the cluster size depend
//! only on the request (and its budget), tallies are integers, so merging
//! blocks in any order, on any number of threads, gives bit-identical
//! results. Blocks run in rounds whose size depends only on the round
//! number and the tally so far (near a target error, the blocks it still
//! asks for), and the target-error stop is checked between rounds, so
//! where the run stops does not depend on threads either.

use std::time::Instant;

use rayon::prelude::*;

use crate::equity::error::EquityError;
use crate::equity::report::{self, Progress};
use crate::equity::request::{DEFAULT_TRIALS, EquityRequest};
use crate::equity::result::EquityResult;
use crate::equity::setup::Setup;
use crate::equity::strategy::Strategy;
use crate::equity::tally::Tally;

pub(crate) mod categories;
mod clusters;
pub(crate) mod controls;
pub(crate) mod crowded;
pub(crate) mod pools;
mod prefixes;
mod rng;
pub(crate) mod sampler;
pub(crate) mod shape;

use sampler::{Sampler, Sampling};

/// The deals a request asks for: its trials, none with only a target error
/// (`None`: until the target is met), else [`DEFAULT_TRIALS`].
pub(crate) fn trial_budget(request: &EquityRequest) -> Option<u64> {
    match (request.trials, request.target_std_error) {
        (Some(t), _) => Some(t),
        (None, Some(_)) => None,
        (None, None) => Some(DEFAULT_TRIALS),
    }
}

/// Blocks in round `r`: 1, 2, 4, … up to [`MAX_ROUND_BLOCKS`].
fn round_blocks(round: u32) -> u64 {
    1u64 << round.min(MAX_ROUND_BLOCKS.trailing_zeros())
}

/// Most blocks in one round.
const MAX_ROUND_BLOCKS: u64 = 64;

/// Blocks for the next round when stopping at a target error: about as
/// many as the error still asks for (the squared ratio of the worst
/// standard error to the target, times the units so far; `per_block`
/// units a block), 5% over, at least two and at most the usual round.
fn blocks_to_target(units: u64, worst: f64, target: f64, usual: u64, per_block: u64) -> u64 {
    let needed = units as f64 * ((worst / target).powi(2) - 1.0) * 1.05;
    if needed.is_finite() && needed > 0.0 {
        ((needed / per_block as f64).ceil() as u64).clamp(2, usual)
    } else {
        usual
    }
}

/// Samples until the trial budget, the target error or the time limit is
/// reached.
pub(crate) fn run(
    setup: &Setup,
    request: &EquityRequest,
    sampling: Sampling,
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
    let budget = trial_budget(request).unwrap_or(u64::MAX);
    let strategy = Strategy::MonteCarlo {
        design: sampling.design,
    };
    let sampler = Sampler::new(setup, sampling);
    let n = setup.active.len();
    // Budget and rounds count units (prefixes or clusters).
    let unit = sampler.unit_deals();
    let per_block = sampler.block_units();
    let budget = if budget == u64::MAX {
        budget
    } else {
        budget.div_ceil(unit)
    };
    // Units drawn before a target error may stop the run: ten blocks, and
    // with clusters at least `MIN_CLUSTERS` boards (see there).
    let least = sampler.least_units();
    let mut tally = Tally::new(n);
    let mut next_block = 0u64;
    let mut round = 0;
    let mut last_snapshot = Instant::now();
    // The largest standard error of any seat's equity.
    let worst_std_error = |tally: &Tally| {
        tally
            .figures(&setup.active, true)
            .iter()
            .map(|s| s.std_error)
            .fold(0.0, f64::max)
    };
    let snapshot = |tally: &Tally, finished: bool| {
        let done = if budget == u64::MAX {
            let worst = worst_std_error(tally);
            let target = request.target_std_error.unwrap_or(1.0);
            if worst <= 0.0 {
                0.0
            } else {
                (target / worst).powi(2).min(1.0)
            }
        } else {
            tally.prefixes() as f64 / budget as f64
        };
        let progress = if finished {
            Progress::FINISHED
        } else {
            Progress::partial(done)
        };
        report::result(tally, setup, strategy, Some(request.seed), start, progress)
    };
    loop {
        let done = tally.prefixes();
        if done >= budget {
            break;
        }
        if let Some(target) = request.target_std_error
            && done >= least
            && worst_std_error(&tally) <= target
        {
            break;
        }
        if cancel() {
            return Err(EquityError::Cancelled);
        }
        if let Some(limit_ms) = request.time_limit_ms
            && done > 0
            && start.elapsed().as_secs_f64() * 1000.0 >= limit_ms
        {
            break;
        }
        let mut blocks = round_blocks(round);
        round += 1;
        if let Some(target) = request.target_std_error
            && done >= least.min(10 * per_block)
        {
            blocks = if done >= least {
                blocks_to_target(done, worst_std_error(&tally), target, blocks, per_block)
            } else {
                // No further than the least a target stop needs.
                blocks.min((least - done).div_ceil(per_block))
            };
        }
        if let Some(limit_ms) = request.time_limit_ms
            && next_block > 0
        {
            // No more blocks than the time left allows at the pace so far.
            let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
            let per_block_ms = elapsed_ms / next_block as f64;
            let fit = ((limit_ms - elapsed_ms) / per_block_ms.max(1e-9)).floor();
            blocks = blocks.min(fit.max(1.0) as u64);
        }
        let first = next_block;
        next_block += blocks;
        let part = (first..first + blocks)
            .into_par_iter()
            .map(|b| {
                let begin = b.saturating_mul(per_block);
                let size = per_block.min(budget.saturating_sub(begin));
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
    use super::crowded::Crowded;
    use super::{run, sampler};
    use crate::Range;
    use crate::equity::request::{EquityRequest, Method, Seat};
    use crate::equity::setup::Setup;
    use crate::equity::strategy::{Design, Draws, Kernel, Strategy};

    #[test]
    fn sampling_with_the_fallback_matches_enumeration() {
        // Three seats that all but insist on the same two aces (their other
        // hands at the smallest weight: rejection keeps about one draw in
        // a million) and two wider ones, on the river; a budget that keeps
        // the widest seat out of the table, drawn by rejection after it.
        let ranges = [
            "AsAh,KK:0.0001",
            "AsAh,QQ:0.0001",
            "AsAh,JJ:0.0001",
            "AK,AQ,A5s",
            "KQ,K8s,Q8s",
        ];
        let mut request = EquityRequest::new(
            ranges
                .iter()
                .map(|r| Seat::active(Range::parse(r).expect("test range")))
                .collect(),
        );
        request.board = crate::card::parse_cards("2c7d9h4s3c").expect("board");
        request.method = Method::MonteCarlo;
        request.trials = Some(100_000);
        request.seed = 7;
        request.threads = Some(1);
        let setup = Setup::new(&request).expect("a feasible spot");
        let dealing = sampler::dealings(&setup);
        let pilot = sampler::pilot(&setup, &dealing, 4096).expect("restricted seats");
        assert_eq!(pilot, 0, "rejection starves");
        // The smallest budget that fits the three clashing seats' table:
        // the two wider seats are drawn by rejection after it.
        let table = (1..1000)
            .find_map(|states| {
                Crowded::fallback_within(&setup, &[0, 1, 2, 3, 4], states, 1 << 20)
                    .filter(|t| t.rest().len() == 2)
            })
            .expect("a table");
        let mut rest = table.rest().to_vec();
        rest.sort_unstable();
        assert_eq!(rest, [3, 4]);
        let design = Design::Prefixes {
            draws: Draws::Crowded,
            control: false,
        };
        let sampling = sampler::Sampling {
            design,
            dealing,
            crowded: Some(table),
            pilot: Some(pilot),
            least_blocks: sampler::LEAST_BLOCKS,
            boards: sampler::most_boards(&setup),
            controls: None,
            pools: Vec::new(),
        };
        let start = std::time::Instant::now();
        let mc = run(&setup, &request, sampling, start, &|| false, &mut |_| {}).expect("sampled");
        assert_eq!(mc.strategy, Strategy::MonteCarlo { design });
        let strategy = Strategy::Exact {
            kernel: Kernel::DealMajor,
            estimate_s: 0.0,
        };
        let exact = crate::equity::exact::run(&setup, strategy, start, &|| false, &mut |_| {})
            .expect("enumerated");
        for (m, e) in mc.seats.iter().zip(&exact.seats) {
            for (name, got, se, want) in [
                ("equity", m.equity, m.std_error, e.equity),
                ("win", m.win, m.win_std_error, e.win),
                ("tie", m.tie, m.tie_std_error, e.tie),
            ] {
                assert!(se > 0.0, "seat {} {name}", m.seat);
                assert!(
                    (got - want).abs() <= 4.0 * se,
                    "seat {} {name}: {got} ± {se} vs exact {want}",
                    m.seat
                );
            }
        }
    }
}
