//! Results from tallies: the one place an [`EquityResult`] is assembled,
//! whichever strategy counted.

use std::time::Instant;

use super::breakdown;
use super::result::{EquityResult, MethodUsed};
use super::setup::Setup;
use super::strategy::Strategy;
use super::tally::Tally;

/// Where a calculation stands when its result is reported.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Progress {
    /// Share of the planned work done, 0..=1 (ignored when finished).
    pub(crate) done: f64,
    /// Whether this is the final result.
    pub(crate) finished: bool,
}

impl Progress {
    /// The final result.
    pub(crate) const FINISHED: Progress = Progress {
        done: 1.0,
        finished: true,
    };

    /// A partial result, `done` of the work done.
    pub(crate) fn partial(done: f64) -> Progress {
        Progress {
            done,
            finished: false,
        }
    }
}

/// The result of `tally` for `setup`, computed by `strategy` (Monte Carlo
/// results carry `seed` and standard errors) since `start`.
pub(crate) fn result(
    tally: &Tally,
    setup: &Setup,
    strategy: Strategy,
    seed: Option<u64>,
    start: Instant,
    progress: Progress,
) -> EquityResult {
    let sampled = !strategy.is_exact();
    let elapsed = start.elapsed().as_secs_f64();
    EquityResult {
        breakdown: if tally.combos.is_empty() {
            Vec::new()
        } else {
            breakdown::breakdown(setup, &tally.combos, sampled)
        },
        seats: tally.figures(&setup.active, sampled),
        samples: tally.deals(),
        elapsed_ms: elapsed * 1000.0,
        method: MethodUsed::of(strategy),
        strategy,
        seed: if sampled { seed } else { None },
        progress: if progress.finished {
            1.0
        } else {
            progress.done.clamp(0.0, 1.0)
        },
        samples_per_s: if elapsed > 0.0 {
            tally.deals() as f64 / elapsed
        } else {
            0.0
        },
        finished: progress.finished,
    }
}
