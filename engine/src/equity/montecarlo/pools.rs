//! Pooled seats: active seats with the same range are exchangeable (the
//! joint deal of docs/design.md §3 is the same with two of them swapped),
//! so their exact figures are equal, and the mean over such a pool is an
//! unbiased estimate of each member's figures with a smaller error than
//! any one member's own (five `random` seats against a hand: each seat's
//! equity is `(1 − hero)/5`, known as well as the hero's). Every member is
//! reported the pool's figures, whose errors come from the spread of the
//! pool's per-prefix sums.
//!
//! Pooled under the prefix design, without a breakdown (per-combo figures
//! are each seat's own), and only where the pool leaves a seat out (with
//! every active seat in one pool each equity is `1/n` whatever was dealt,
//! and the run would stop on it before win and tie were measured).

use super::dealing::{Dealing, Sampling};
use crate::equity::pooled::PoolTally;
use crate::equity::setup::Setup;
use crate::equity::strategy::Design;

/// The pools of `setup` sampled by `sampling`: groups of two or more
/// active seats (indices among the active seats, in order) dealt alike
/// from the same combos at the same relative weights.
pub(crate) fn pools(setup: &Setup, sampling: &Sampling) -> Vec<Vec<usize>> {
    if setup.breakdown || !matches!(sampling.design, Design::Prefixes { .. }) {
        return Vec::new();
    }
    let n = setup.active.len();
    let same = |a: usize, b: usize| {
        let (s, t) = (setup.active[a], setup.active[b]);
        let (x, y) = (&setup.seats[s], &setup.seats[t]);
        match (&sampling.dealing[s], &sampling.dealing[t]) {
            (Dealing::Uniform, Dealing::Uniform) => true,
            (Dealing::Restricted(_), Dealing::Restricted(_)) => {
                x.combos == y.combos && x.weights == y.weights
            }
            _ => false,
        }
    };
    // Seats already placed (in a pool, or alike with every other seat).
    let mut pooled = vec![false; n];
    let mut pools = Vec::new();
    for a in 0..n {
        if pooled[a] {
            continue;
        }
        let members: Vec<usize> = (a..n).filter(|&b| !pooled[b] && same(a, b)).collect();
        for &b in &members {
            pooled[b] = true;
        }
        if members.len() >= 2 && members.len() < n {
            pools.push(members);
        }
    }
    pools
}

/// A block's pool sums.
pub(super) struct PoolSums {
    pub(super) pools: Vec<PoolTally>,
}

impl PoolSums {
    pub(super) fn new(pools: &[Vec<usize>]) -> PoolSums {
        PoolSums {
            pools: pools.iter().cloned().map(PoolTally::new).collect(),
        }
    }

    /// Closes a prefix in which the active seats' summed pot shares were
    /// `x`, their controlled observations `y` (with a control), their sole
    /// wins `won` and ties `tied`.
    #[inline]
    pub(super) fn close(&mut self, x: &[u64], y: Option<&[i128]>, won: &[u64], tied: &[u64]) {
        for pool in &mut self.pools {
            let (mut gx, mut gy, mut gw, mut gt) = (0u128, 0i128, 0u128, 0u128);
            for &a in &pool.members {
                gx += u128::from(x[a]);
                gy += y.map_or(0, |y| y[a]);
                gw += u128::from(won[a]);
                gt += u128::from(tied[a]);
            }
            pool.sum_x += gx;
            pool.sum_x2 += gx * gx;
            pool.sum_y += gy;
            pool.sum_y2 += (gy * gy) as u128;
            pool.sum_w += gw;
            pool.sum_w2 += gw * gw;
            pool.sum_t += gt;
            pool.sum_t2 += gt * gt;
        }
    }
}
