//! The Monte Carlo half of the planner: how deals are grouped into
//! observations and how restricted seats are drawn.

use super::costs::COSTS;
use crate::equity::montecarlo::crowded::Crowded;
use crate::equity::montecarlo::sampler::{self, Dealing, MIN_CLUSTERS, Sampling};
use crate::equity::setup::Setup;
use crate::equity::strategy::{Design, Draws};

/// Rejection draws of the pilot that decides on crowded draws.
const PILOT_DRAWS: u32 = 4096;
/// Most deals in a cluster.
const MAX_CLUSTER_DEALS: u64 = 2048;
/// Fewest deals in a cluster (smaller budgets sample prefixes). A small
/// cluster ranks only the adjacent pairs of its shuffle, not every pair of
/// cards on its board.
const MIN_CLUSTER_DEALS: u64 = 8;

/// The Monte Carlo plan for `setup` with a budget of `trials` deals
/// (`None`: until a target error).
pub(crate) fn sampling(setup: &Setup, trials: Option<u64>) -> Sampling {
    let dealing = sampler::dealings(setup);
    let uniform_active = setup
        .active
        .iter()
        .filter(|&&s| matches!(dealing[s], Dealing::Uniform))
        .count();
    // Clusters when every active seat is uniform (see `montecarlo`), as
    // large as the budget allows with at least `MIN_CLUSTERS` of them.
    let all_uniform = uniform_active > 0 && uniform_active == setup.active.len();
    let budget = trials.filter(|&t| t != u64::MAX);
    let clusters = match budget.map(|b| b / MIN_CLUSTERS) {
        _ if !all_uniform || setup.breakdown => None,
        None => Some(MAX_CLUSTER_DEALS),
        Some(most) if most >= MIN_CLUSTER_DEALS => Some(1 << most.min(MAX_CLUSTER_DEALS).ilog2()),
        Some(_) => None,
    };
    // Restricted seats (folded ones too, under clusters) may be crowded.
    let crowded = crowded_draws(setup, &dealing);
    let draws = if crowded.is_some() {
        Draws::Crowded
    } else {
        Draws::Rejection
    };
    Sampling {
        design: match clusters {
            Some(deals) => Design::Clusters { deals, draws },
            None => Design::Prefixes { draws },
        },
        dealing,
        crowded,
    }
}

/// The table for exact sequential draws of the restricted seats (narrowest
/// first) when rejection keeps under a quarter of its draws and would cost
/// more per accepted draw, and the table fits (else
/// [`Crowded::fallback`]'s); judged from a pilot of
/// rejection draws on a fixed generator, so the choice depends on the
/// request alone.
fn crowded_draws(setup: &Setup, dealing: &[Dealing]) -> Option<Crowded> {
    let accepted = sampler::pilot(setup, dealing, PILOT_DRAWS)?;
    let restricted = sampler::restricted_seats(dealing);
    let per_draw_s = restricted.len() as f64 * COSTS.rejection_step_s;
    let rejection_s = per_draw_s * f64::from(PILOT_DRAWS) / f64::from(accepted.max(1));
    let seats = &setup.seats;
    let scanned: usize = restricted.iter().map(|&s| seats[s].masks.len()).sum();
    let crowded_s = scanned as f64 * COSTS.crowded_step_s;
    if accepted * 4 > PILOT_DRAWS || crowded_s >= rejection_s {
        return None;
    }
    let mut order = restricted.clone();
    order.sort_by_key(|&s| seats[s].masks.len());
    // Where that table does not fit, the fallback (part table, part
    // rejection) rather than rejection that may starve.
    Crowded::new(setup, &order).or_else(|| Crowded::fallback(setup, &restricted))
}
