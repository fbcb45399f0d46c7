//! The run: blocks drawn in rounds until the trial budget, the target
//! error or the time limit is reached, each round's size depending only on
//! the round number and the tally so far (the parent module's
//! determinism).

use std::time::Instant;

use rayon::prelude::*;

use super::dealing::Sampling;
use super::sampler::Sampler;
use crate::equity::error::EquityError;
use crate::equity::report::{self, Progress};
use crate::equity::request::{DEFAULT_TRIALS, EquityRequest};
use crate::equity::result::EquityResult;
use crate::equity::setup::Setup;
use crate::equity::strategy::Strategy;
use crate::equity::tally::Tally;

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
    check_settings(request)?;
    let rounds = Rounds::new(setup, request, sampling, start);
    let mut tally = Tally::new(setup.active.len());
    let mut next_block = 0u64;
    let mut round = 0;
    let mut last_snapshot = Instant::now();
    while !rounds.stops(&tally, cancel)? {
        let blocks = rounds.blocks(round, &tally, next_block);
        round += 1;
        let first = next_block;
        next_block += blocks;
        tally.merge(&rounds.draw(first, blocks)?);
        if last_snapshot.elapsed().as_secs_f64() >= 0.05 {
            last_snapshot = Instant::now();
            on_snapshot(&rounds.snapshot(&tally, false));
        }
    }
    Ok(rounds.snapshot(&tally, true))
}

/// The request's budget and target error, checked.
fn check_settings(request: &EquityRequest) -> Result<(), EquityError> {
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
    Ok(())
}

/// A run's blocks in rounds: what decides when it stops and how many
/// blocks each round draws. Budget and rounds count units (prefixes,
/// strata groups or clusters).
struct Rounds<'a> {
    setup: &'a Setup,
    request: &'a EquityRequest,
    sampler: Sampler<'a>,
    strategy: Strategy,
    start: Instant,
    /// The budget in units (`u64::MAX`: until the target error).
    budget: u64,
    /// Units per block.
    per_block: u64,
    /// Units drawn before a target error may stop the run: ten blocks, with
    /// clusters at least `MIN_CLUSTERS` boards, with strata `LEAST_GROUPS`
    /// groups (see there).
    least: u64,
}

impl<'a> Rounds<'a> {
    fn new(
        setup: &'a Setup,
        request: &'a EquityRequest,
        sampling: Sampling,
        start: Instant,
    ) -> Rounds<'a> {
        let strategy = Strategy::MonteCarlo {
            design: sampling.design,
        };
        let sampler = Sampler::new(setup, sampling);
        let budget = match trial_budget(request) {
            Some(trials) if trials != u64::MAX => trials.div_ceil(sampler.unit_deals()),
            _ => u64::MAX,
        };
        Rounds {
            setup,
            request,
            strategy,
            start,
            budget,
            per_block: sampler.block_units(),
            least: sampler.least_units(),
            sampler,
        }
    }

    /// The largest standard error of any seat's equity.
    fn worst_std_error(&self, tally: &Tally) -> f64 {
        tally
            .figures(&self.setup.active, true)
            .iter()
            .map(|s| s.std_error)
            .fold(0.0, f64::max)
    }

    /// The result so far, `finished` or not.
    fn snapshot(&self, tally: &Tally, finished: bool) -> EquityResult {
        let progress = if finished {
            Progress::FINISHED
        } else if self.budget == u64::MAX {
            let worst = self.worst_std_error(tally);
            let target = self.request.target_std_error.unwrap_or(1.0);
            Progress::partial(if worst <= 0.0 {
                0.0
            } else {
                (target / worst).powi(2).min(1.0)
            })
        } else {
            Progress::partial(tally.prefixes() as f64 / self.budget as f64)
        };
        let seed = Some(self.request.seed);
        report::result(tally, self.setup, self.strategy, seed, self.start, progress)
    }

    /// Whether the run stops before another round: the budget spent, the
    /// target error met (after the least units), or the time limit passed;
    /// an error when cancelled.
    fn stops(
        &self,
        tally: &Tally,
        cancel: &(dyn Fn() -> bool + Sync),
    ) -> Result<bool, EquityError> {
        let done = tally.prefixes();
        if done >= self.budget {
            return Ok(true);
        }
        if let Some(target) = self.request.target_std_error
            && done >= self.least
            && self.worst_std_error(tally) <= target
        {
            return Ok(true);
        }
        if cancel() {
            return Err(EquityError::Cancelled);
        }
        Ok(self.request.time_limit_ms.is_some_and(|limit_ms| {
            done > 0 && self.start.elapsed().as_secs_f64() * 1000.0 >= limit_ms
        }))
    }

    /// Blocks in round `round`, `started` blocks drawn so far: the usual
    /// round, near a target error about as many as it still asks for, and
    /// no more than the time left allows at the pace so far.
    fn blocks(&self, round: u32, tally: &Tally, started: u64) -> u64 {
        let (done, least, per_block) = (tally.prefixes(), self.least, self.per_block);
        let mut blocks = round_blocks(round);
        if let Some(target) = self.request.target_std_error
            && done >= least.min(10 * per_block)
        {
            blocks = if done >= least {
                let worst = self.worst_std_error(tally);
                blocks_to_target(done, worst, target, blocks, per_block)
            } else {
                // No further than the least a target stop needs.
                blocks.min((least - done).div_ceil(per_block))
            };
        }
        if let Some(limit_ms) = self.request.time_limit_ms
            && started > 0
        {
            let elapsed_ms = self.start.elapsed().as_secs_f64() * 1000.0;
            let per_block_ms = elapsed_ms / started as f64;
            let fit = ((limit_ms - elapsed_ms) / per_block_ms.max(1e-9)).floor();
            blocks = blocks.min(fit.max(1.0) as u64);
        }
        blocks
    }

    /// Blocks `first..first + blocks` (the last cut to the budget), drawn
    /// in parallel and merged.
    fn draw(&self, first: u64, blocks: u64) -> Result<Tally, EquityError> {
        let n = self.setup.active.len();
        (first..first + blocks)
            .into_par_iter()
            .map(|b| {
                let begin = b.saturating_mul(self.per_block);
                let size = self.per_block.min(self.budget.saturating_sub(begin));
                if size == 0 {
                    Ok(Tally::new(n))
                } else {
                    self.sampler.block(self.request.seed, b, size)
                }
            })
            .try_reduce(
                || Tally::new(n),
                |mut a, b| {
                    a.merge(&b);
                    Ok(a)
                },
            )
    }
}
