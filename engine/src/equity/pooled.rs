//! Pooled seats in a tally: the sums over sampled prefixes of a pool's
//! summed observations and of their squares, and the figures they give
//! each seat of the pool (see `montecarlo::pools`).

use super::result::SeatEquity;
use super::spread::{no_spread, signed_spread, spread};

/// A pool of exchangeable active seats and the sums, over sampled
/// prefixes, of its members' observations added up per prefix (the pot
/// share in the tally's unit, or the controlled `Y` in its unit; sole
/// wins; ties) and of their squares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PoolTally {
    /// The members' indices among the active seats.
    pub(crate) members: Vec<usize>,
    pub(crate) sum_x: u128,
    pub(crate) sum_x2: u128,
    pub(crate) sum_y: i128,
    pub(crate) sum_y2: u128,
    pub(crate) sum_w: u128,
    pub(crate) sum_w2: u128,
    pub(crate) sum_t: u128,
    pub(crate) sum_t2: u128,
}

impl PoolTally {
    /// An empty pool of `members`.
    pub(crate) fn new(members: Vec<usize>) -> PoolTally {
        PoolTally {
            members,
            ..PoolTally::default()
        }
    }

    /// Adds another tally's sums of the same pool.
    pub(crate) fn add(&mut self, other: &PoolTally) {
        self.sum_x += other.sum_x;
        self.sum_x2 += other.sum_x2;
        self.sum_y += other.sum_y;
        self.sum_y2 += other.sum_y2;
        self.sum_w += other.sum_w;
        self.sum_w2 += other.sum_w2;
        self.sum_t += other.sum_t;
        self.sum_t2 += other.sum_t2;
    }
}

/// The units of a tally's per-prefix observations: pot shares, the
/// controlled `Y` (`None` without a control), and deals.
pub(crate) struct Units {
    pub(crate) share: u128,
    pub(crate) controlled: Option<u128>,
    pub(crate) deals: u128,
}

/// Gives every member of each of `pools` the pool's figures, from `m`
/// sampled prefixes: the mean of the members' equity, win and tie (the
/// members are exchangeable, so each one's expectation is the pool's), and
/// the standard errors of those means from the spread of the pool's
/// per-prefix sums.
pub(crate) fn pool_figures(pools: &[PoolTally], seats: &mut [SeatEquity], m: u64, units: &Units) {
    for pool in pools {
        let g = pool.members.len();
        if g < 2 || pool.members.iter().any(|&a| a >= seats.len()) {
            continue;
        }
        let mean = |f: fn(&SeatEquity) -> f64| {
            pool.members.iter().map(|&a| f(&seats[a])).sum::<f64>() / g as f64
        };
        let (equity, win, tie) = (mean(|s| s.equity), mean(|s| s.win), mean(|s| s.tie));
        let per = g as f64;
        let equity_error = match units.controlled {
            Some(unit) => signed_spread(pool.sum_y, pool.sum_y2, m, unit),
            None => spread(pool.sum_x, pool.sum_x2, m, units.share),
        }
        .map_or_else(|| no_spread(equity, m), |e| e / per);
        let error = |sum, sum2, mean| {
            spread(sum, sum2, m, units.deals).map_or_else(|| no_spread(mean, m), |e| e / per)
        };
        let win_error = error(pool.sum_w, pool.sum_w2, win);
        let tie_error = error(pool.sum_t, pool.sum_t2, tie);
        for &a in &pool.members {
            let seat = &mut seats[a];
            seat.equity = equity;
            seat.win = win;
            seat.tie = tie;
            seat.std_error = equity_error;
            seat.win_std_error = win_error;
            seat.tie_std_error = tie_error;
        }
    }
}
