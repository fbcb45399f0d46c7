//! The Monte Carlo half of the planner: how deals are grouped into
//! observations and how restricted seats are drawn.

use std::sync::OnceLock;

use super::costs::COSTS;
use crate::card::CardSet;
use crate::combo::Combo;
use crate::equity::montecarlo::categories::{BOARDS, category_boards};
use crate::equity::montecarlo::controls::{
    Controls, FEATURE_CATEGORIES, FEATURES, FRACTION_BITS, MOST_SEATS, PAIRS_FEATURE,
    TRIPLES_FEATURE, integer_coefficients,
};
use crate::equity::montecarlo::crowded::Crowded;
use crate::equity::montecarlo::dealing::{
    Dealing, LEAST_BLOCKS, Sampling, dealings, most_boards, pilot as rejection_pilot,
    restricted_seats,
};
use crate::equity::montecarlo::pools;
use crate::equity::montecarlo::sampler::MIN_CLUSTERS;
use crate::equity::montecarlo::score_products::{PAIRS, TRIPLES, score_products};
use crate::equity::montecarlo::{seat_deals, shape};
use crate::equity::preflop_table;
use crate::equity::setup::{SeatCombos, Setup};
use crate::equity::strategy::{Design, Draws};
use crate::equity::tally::share_unit;

/// Rejection draws of the pilot that decides on crowded draws.
const PILOT_DRAWS: u32 = 4096;
/// Most deals in a cluster.
const MAX_CLUSTER_DEALS: u64 = 2048;
/// Fewest deals in a cluster (smaller budgets sample prefixes). A small
/// cluster ranks only the adjacent pairs of its shuffle, not every pair of
/// cards on its board.
const MIN_CLUSTER_DEALS: u64 = 8;

/// The Monte Carlo plan for `setup` with a budget of `trials` deals
/// (`None`: until the `target` error).
pub(crate) fn sampling(setup: &Setup, trials: Option<u64>, target: Option<f64>) -> Sampling {
    let dealing = dealings(setup);
    if let Some((deals, steps)) = seat_deals::plan(setup, trials, target) {
        return Sampling {
            design: Design::Strata { steps },
            dealing,
            crowded: None,
            pilot: None,
            least_blocks: LEAST_BLOCKS,
            boards: most_boards(setup),
            controls: None,
            pools: Vec::new(),
            strata: Some(deals),
        };
    }
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
    let pilot = rejection_pilot(setup, &dealing, PILOT_DRAWS);
    let crowded = pilot.and_then(|accepted| crowded_draws(setup, &dealing, accepted));
    let draws = if crowded.is_some() {
        Draws::Crowded
    } else {
        Draws::Rejection
    };
    let sampling = Sampling {
        design: match clusters {
            Some(deals) => Design::Clusters { deals, draws },
            None => Design::Prefixes {
                draws,
                control: false,
            },
        },
        dealing,
        crowded,
        pilot,
        least_blocks: LEAST_BLOCKS,
        boards: most_boards(setup),
        controls: None,
        pools: Vec::new(),
        strata: None,
    };
    let mut sampling = control(setup, prefix_boards(setup, sampling));
    sampling.pools = pools::pools(setup, &sampling);
    sampling
}

/// Prefixes of the pilot that chooses the boards per prefix (about half a
/// millisecond with six seats preflop).
const SHAPE_PILOT_PREFIXES: u64 = 1024;

/// `sampling` with the boards each prefix is scored on chosen: where a
/// prefix is scored on two or more disjoint completions of two or more
/// board cards, the count that minimises the variance of a prefix's
/// observation (the pilot's, [`shape::board_variances`]) times its cost
/// (a prefix's draws plus its boards, from [`COSTS`]), the fewest on a tie;
/// else as many as the deck allows.
fn prefix_boards(setup: &Setup, sampling: Sampling) -> Sampling {
    let most = sampling.boards;
    if !matches!(sampling.design, Design::Prefixes { .. }) || setup.missing < 2 || most < 2 {
        return sampling;
    }
    let (mut sampling, variances) = shape::board_variances(setup, sampling, SHAPE_PILOT_PREFIXES);
    let Some(variances) = variances else {
        return sampling;
    };
    let prefix_s = prefix_cost(setup, &sampling);
    let board_s =
        setup.missing as f64 * COSTS.board_card_s + setup.active.len() as f64 * COSTS.board_seat_s;
    let work = |b: usize| variances[b - 1] * (prefix_s + b as f64 * board_s);
    sampling.boards = (1..=most)
        .min_by(|&a, &b| work(a).total_cmp(&work(b)))
        .unwrap_or(most);
    // A prefix scored on many boards is a strong observation: a run to a
    // target error may stop after as many deals as ten blocks of one-board
    // prefixes hold (but never before two blocks), not ten blocks of them.
    sampling.least_blocks = (LEAST_BLOCKS / sampling.boards as u64).max(MIN_LEAST_BLOCKS);
    sampling
}

/// Fewest blocks a run to a target error draws before it may stop
/// (8,192 prefixes: observations enough for their spread).
const MIN_LEAST_BLOCKS: u64 = 2;

/// Seconds to draw one accepted prefix of `setup` by `sampling`: its
/// dealt seats' draws (by rejection, as many tries as the planner's pilot
/// needed per accepted draw; or the crowded table's scans).
fn prefix_cost(setup: &Setup, sampling: &Sampling) -> f64 {
    let dealt = setup.seats.iter().filter(|s| s.combos.len() > 1).count() as f64;
    let tries = match (&sampling.crowded, sampling.pilot) {
        (Some(_), _) => 1.0,
        (None, Some(accepted)) => f64::from(PILOT_DRAWS) / f64::from(accepted.max(1)),
        (None, None) => 1.0,
    };
    let crowded_s = sampling.crowded.as_ref().map_or(0.0, |_| {
        let restricted = restricted_seats(&sampling.dealing);
        let scanned: usize = restricted.iter().map(|&s| setup.seats[s].masks.len()).sum();
        scanned as f64 * COSTS.crowded_step_s
    });
    COSTS.prefix_s + dealt * COSTS.prefix_seat_s * tries + crowded_s
}

/// Rejection draws of the longer pilot that decides whether sampling would
/// starve.
const STARVED_PILOT_DRAWS: u32 = 1 << 18;

/// The sampler gives up below one accepted draw in this many.
const STARVED_BELOW: u32 = 100_000;

/// Whether sampling by `sampling` would starve: no sequential table, no
/// draw accepted in the planner's pilot, and fewer than one in
/// [`STARVED_BELOW`] in a longer one on the same fixed generator (the
/// sampler's own give-up point, judged on fewer draws). Decided before any
/// sampling.
pub(crate) fn starves(setup: &Setup, sampling: &Sampling) -> bool {
    sampling.crowded.is_none()
        && sampling.pilot == Some(0)
        && rejection_pilot(setup, &sampling.dealing, STARVED_PILOT_DRAWS)
            .is_some_and(|accepted| accepted < STARVED_PILOT_DRAWS / STARVED_BELOW)
}

/// The table for exact sequential draws of the restricted seats (narrowest
/// first) when rejection keeps under a quarter of its draws and would cost
/// more per accepted draw, and the table fits (else
/// [`Crowded::fallback`]'s); judged from the pilot's `accepted` rejection
/// draws on a fixed generator, so the choice depends on the request alone.
fn crowded_draws(setup: &Setup, dealing: &[Dealing], accepted: u32) -> Option<Crowded> {
    let restricted = restricted_seats(dealing);
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

/// Kept when the variance of the hero's observation falls to this share
/// of the plain one or below.
const CONTROL_KEEPS_BELOW: f64 = 0.9;

/// `sampling` with the hero's control variate (`montecarlo::controls`)
/// where it applies and its pilot says it pays: three to
/// [`MOST_SEATS`] active seats, no breakdown, the prefix design, exactly
/// one restricted seat (active: the hero) and no board or dead cards, so
/// the preflop table and the category table know the features'
/// expectations.
fn control(setup: &Setup, sampling: Sampling) -> Sampling {
    let Some((hero, means)) = control_hero(setup, &sampling) else {
        return sampling;
    };
    let n = setup.active.len();
    let (mut sampling, regression) = shape::control_regression(setup, sampling, hero);
    let Some((beta, _)) = regression.filter(|&(_, left)| left <= CONTROL_KEEPS_BELOW) else {
        return sampling;
    };
    let coefficients = integer_coefficients(&beta);
    let unit = f64::from(1u32 << FRACTION_BITS);
    let hero_offset: f64 = coefficients
        .iter()
        .zip(&means)
        .map(|(&c, &mu)| c as f64 / unit * mu)
        .sum();
    // The others take −1/u of the hero's correction: lcm(1..=n) / u is
    // whole for u = n − 1.
    let lcm = share_unit(n) as i64;
    let u = (n - 1) as i64;
    let shares: Vec<i64> = (0..n)
        .map(|a| if a == hero { lcm } else { -lcm / u })
        .collect();
    let offsets = (0..n)
        .map(|a| {
            if a == hero {
                hero_offset
            } else {
                -hero_offset / u as f64
            }
        })
        .collect();
    if let Design::Prefixes { control, .. } = &mut sampling.design {
        *control = true;
    }
    sampling.controls = Some(Controls {
        hero,
        coefficients,
        shares,
        offsets,
    });
    sampling
}

/// The hero's index among the active seats and the features' exact
/// expectations per deal, where the control applies ([`control`]): the
/// hero's heads-up score against the `u` others (`u` times its equity
/// against `random`), then the share of boards on which its hand makes
/// each of the feature categories, then the products of its scores against
/// two others summed over the pairs of them and against three summed over
/// the triples (over its combos by weight).
fn control_hero(setup: &Setup, sampling: &Sampling) -> Option<(usize, [f64; FEATURES])> {
    if setup.active.len() < 3
        || setup.active.len() > MOST_SEATS
        || setup.breakdown
        || !matches!(sampling.design, Design::Prefixes { .. })
    {
        return None;
    }
    let restricted = restricted_seats(&sampling.dealing);
    let [hero] = restricted[..] else {
        return None;
    };
    let index = setup.active.iter().position(|&s| s == hero)?;
    let equity = versus_random(setup, hero)?;
    let seat = &setup.seats[hero];
    let total: f64 = seat.weights.iter().map(|&w| w as f64).sum();
    let others = (setup.active.len() - 1) as f64;
    let mut means = [0.0; FEATURES];
    means[0] = others * equity;
    // Per pair (triple) of other seats, the product of the scores:
    // quarters (eighths) in the table, over every board and ordered pair
    // (triple) of disjoint hands.
    let per_pair = f64::from(BOARDS) * PAIRS as f64 * 4.0;
    let per_triple = f64::from(BOARDS) * TRIPLES as f64 * 8.0;
    let pairs_of_others = others * (others - 1.0) / 2.0;
    let triples_of_others = pairs_of_others * (others - 2.0) / 3.0;
    for (combo, &weight) in seat.combos.iter().zip(&seat.weights) {
        let share = weight as f64 / total;
        let boards = category_boards(combo.class());
        for (mean, &k) in means[1..].iter_mut().zip(&FEATURE_CATEGORIES) {
            *mean += share * f64::from(boards[k - 1]) / f64::from(BOARDS);
        }
        let [pairs, triples] = score_products(combo.class());
        means[PAIRS_FEATURE] += share * pairs_of_others * pairs as f64 / per_pair;
        means[TRIPLES_FEATURE] += share * triples_of_others * triples as f64 / per_triple;
    }
    Some((index, means))
}

/// Seat `hero`'s exact heads-up equity against `random` from the preflop
/// table: a spot with no board and no dead cards (`None` otherwise, or if
/// the shipped table fails its checks).
fn versus_random(setup: &Setup, hero: usize) -> Option<f64> {
    if !setup.known.is_empty() || !setup.board.is_empty() {
        return None;
    }
    let all: Vec<Combo> = Combo::all().collect();
    let random = SeatCombos {
        masks: all.iter().map(|c| c.mask().bits()).collect(),
        weights: vec![1; all.len()],
        combos: all,
        divisor: 1,
        clashing: Vec::new(),
    };
    let heads_up = Setup {
        seats: vec![setup.seats[hero].clone(), random],
        active: vec![0, 1],
        board: Vec::new(),
        known: CardSet::EMPTY,
        fixed: CardSet::EMPTY,
        missing: 5,
        breakdown: false,
        preflop_deals: OnceLock::new(),
    };
    let counts = preflop_table::heads_up(&heads_up)?;
    let total = counts.total as f64;
    (total > 0.0).then(|| (counts.wins[0] as f64 + counts.ties as f64 / 2.0) / total)
}
