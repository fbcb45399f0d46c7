//! A block's accumulators: each deal's winners counted in small integers,
//! and per closed group (a prefix, a strata group or a cluster) the sums its standard
//! errors come from.

use crate::equity::request::MAX_SEATS;
use crate::equity::tally::{Tally, share_unit, tie_slot};

/// Per-block accumulators for `n <= N` active seats, in small integers.
pub(super) struct Accumulator<const N: usize> {
    /// `wins[s]`, `ties[tie_slot(s, k, n)]` as in `Tally`.
    pub(super) wins: [u64; N],
    ties: Vec<u64>,
    /// Per seat, deals it tied (all `k`).
    pub(super) tied: [u64; N],
    /// Per seat, its pot share from ties in the current prefix, units
    /// `1 / lcm` (its wins' share follows from `wins`).
    tie_x: [u64; N],
    /// `lcm / k` for `k` tied winners.
    pub(super) share: [u64; MAX_SEATS + 1],
    /// Per seat, the sums over closed groups (prefixes, strata groups or clusters) of the
    /// seat's pot share summed over the group's deals, and of its square
    /// (units `1 / lcm`, `1 / lcm²`).
    sum_x: [u128; N],
    sum_x2: [u128; N],
    /// Per seat, the sums over closed groups of the seat's sole wins in
    /// the group, of their squares, and the same for its ties.
    sum_w: [u128; N],
    sum_w2: [u128; N],
    sum_t: [u128; N],
    sum_t2: [u128; N],
}

impl<const N: usize> Accumulator<N> {
    /// Empty accumulators for `n` active seats.
    pub(super) fn new(n: usize) -> Accumulator<N> {
        // Below 2^64 for every seat count the engine takes (lcm(1..=23)).
        let lcm = share_unit(n) as u64;
        Accumulator {
            wins: [0; N],
            ties: vec![0; n * (n + 1)],
            tied: [0; N],
            tie_x: [0; N],
            share: std::array::from_fn(|k| lcm / (k as u64).max(1)),
            sum_x: [0; N],
            sum_x2: [0; N],
            sum_w: [0; N],
            sum_w2: [0; N],
            sum_t: [0; N],
            sum_t2: [0; N],
        }
    }

    /// Counts one deal whose first `n` active seats hold `ranks`.
    #[inline(always)]
    pub(super) fn record(&mut self, ranks: &[u16; N], n: usize) {
        // Inlined with the weight a constant 1: no multiplication is left.
        self.record_weighted(ranks, n, 1);
    }

    /// Counts one deal of weight `weight` whose first `n` active seats hold
    /// `ranks` (as `weight` deals of weight 1).
    #[inline(always)]
    pub(super) fn record_weighted(&mut self, ranks: &[u16; N], n: usize, weight: u64) {
        let ranks = &ranks[..n];
        let best = ranks.iter().copied().fold(0, u16::max);
        let mut winners = 0u32;
        for (s, &r) in ranks.iter().enumerate() {
            winners |= u32::from(r == best) << s;
        }
        if winners & (winners - 1) == 0 {
            self.wins[winners.trailing_zeros() as usize % N] += weight;
            return;
        }
        let k = winners.count_ones() as usize;
        let share = self.share[k] * weight;
        while winners != 0 {
            let s = winners.trailing_zeros() as usize % N;
            winners &= winners - 1;
            self.ties[tie_slot(s, k, n)] += weight;
            self.tied[s] += weight;
            self.tie_x[s] += share;
        }
    }

    /// Closes a group (a prefix, a strata group or a cluster) that began when the sole
    /// wins stood at `wins_before` and the ties at `tied_before`: returns
    /// each of the first `n` seats' pot share summed over the group's deals
    /// (units `1 / lcm`) and adds it, and the group's wins and ties, to the
    /// sums.
    #[inline(always)]
    pub(super) fn close_group(
        &mut self,
        wins_before: &[u64; N],
        tied_before: &[u64; N],
        n: usize,
    ) -> [u64; N] {
        let mut x = [0u64; N];
        for a in 0..n {
            let won = self.wins[a] - wins_before[a];
            let tied = u128::from(self.tied[a] - tied_before[a]);
            x[a] = won * self.share[1] + self.tie_x[a];
            self.tie_x[a] = 0;
            self.sum_x[a] += u128::from(x[a]);
            self.sum_x2[a] += u128::from(x[a]) * u128::from(x[a]);
            let won = u128::from(won);
            self.sum_w[a] += won;
            self.sum_w2[a] += won * won;
            self.sum_t[a] += tied;
            self.sum_t2[a] += tied * tied;
        }
        x
    }

    /// The tally of `deals` deals in `groups` groups of `group_deals` each.
    pub(super) fn into_tally(self, n: usize, deals: u64, groups: u64, group_deals: u64) -> Tally {
        let mut tally = Tally::new(n);
        tally.add_counts(&self.wins[..n], &self.ties, deals, 1);
        self.into_group_sums(tally, n, groups, group_deals)
    }

    /// The tally of `deals` deals counted by
    /// [`record_weighted`](Accumulator::record_weighted), in `groups` groups
    /// of weight `group_weight` each.
    pub(super) fn into_weighted_tally(
        self,
        n: usize,
        deals: u64,
        groups: u64,
        group_weight: u64,
    ) -> Tally {
        let mut tally = Tally::new(n);
        let total = u128::from(groups) * u128::from(group_weight);
        tally.add_weighted(&self.wins[..n], &self.ties, deals, total);
        self.into_group_sums(tally, n, groups, group_weight)
    }

    /// `tally` with the sums over `groups` groups of weight `group_weight`.
    fn into_group_sums(self, mut tally: Tally, n: usize, groups: u64, group_weight: u64) -> Tally {
        tally.add_prefixes(
            &self.sum_x[..n],
            &self.sum_x2[..n],
            groups,
            u128::from(self.share[1]) * u128::from(group_weight),
        );
        tally.add_group_counts(
            &self.sum_w[..n],
            &self.sum_w2[..n],
            &self.sum_t[..n],
            &self.sum_t2[..n],
        );
        tally
    }
}
