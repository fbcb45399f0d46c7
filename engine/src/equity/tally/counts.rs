//! The integer tallies themselves ([`Tally`]): what they hold and how
//! counts, sampled groups and other tallies are added to them.

use super::combo_count::ComboCount;
use super::outcome::{add_outcome, tie_slot};
use crate::equity::pooled::PoolTally;

/// Integer tallies of outcomes, from which equity, win, tie and standard
/// errors follow. Adding tallies is exact and order-independent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Number of active seats.
    pub(super) seats: usize,
    /// Total weight of deals counted.
    pub(super) total: u128,
    /// `wins[s]`: weight of deals seat `s` wins alone.
    pub(super) wins: Vec<u128>,
    /// `ties[tie_slot(s, k, seats)]`: weight of deals seat `s` shares with
    /// `k - 1` others (k = 2..=seats).
    pub(super) ties: Vec<u128>,
    /// Unweighted number of deals counted.
    pub(super) deals: u64,
    /// Monte Carlo: per seat, the sum over sampled prefixes of the seat's
    /// pot share over the prefix's deals, in units of `1 / unit`.
    pub(super) sum_x: Vec<u128>,
    /// The same sums of squares (units `1 / unit²`).
    pub(super) sum_x2: Vec<u128>,
    /// Monte Carlo: per seat, the sums over sampled groups of the seat's
    /// sole wins in the group's deals, and of their squares.
    pub(super) sum_w: Vec<u128>,
    pub(super) sum_w2: Vec<u128>,
    /// The same for the deals the seat tied.
    pub(super) sum_t: Vec<u128>,
    pub(super) sum_t2: Vec<u128>,
    /// Monte Carlo with control variates: per seat, the sums over
    /// sampled prefixes of the controlled observation `Y_s` and of its
    /// square (units `1 / y_unit`, `1 / y_unit²`); empty without.
    pub(super) sum_y: Vec<i128>,
    pub(super) sum_y2: Vec<u128>,
    /// The unit of `sum_y`, per deal.
    pub(super) y_unit: u128,
    /// Per seat, what the mean of `Y_s` is short of its equity, as `f64`
    /// bits (so that tallies compare with `Eq`).
    pub(super) y_offsets: Vec<u64>,
    /// Monte Carlo: the pools of exchangeable seats reported together,
    /// with their sums (see `montecarlo::pools`); empty without.
    pub(crate) pools: Vec<PoolTally>,
    /// Monte Carlo: sampled prefixes (independent samples).
    pub(super) prefixes: u64,
    /// The unit of `sum_x`: `lcm(1..=seats)` times the deals per prefix.
    pub(super) unit: u128,
    /// Per active seat and live combo (laid out by `breakdown::layout`),
    /// when a breakdown is asked for; else empty.
    pub(crate) combos: Vec<ComboCount>,
    /// Per-combo additions not yet folded into `combos` (slot, counts):
    /// work items touching few combos add these instead of a whole
    /// `combos` array each.
    pub(crate) sparse: Vec<(u32, ComboCount)>,
}

impl Tally {
    /// An empty tally of `seats` active seats.
    pub(crate) fn new(seats: usize) -> Tally {
        Tally {
            seats,
            total: 0,
            wins: vec![0; seats],
            ties: vec![0; seats * (seats + 1)],
            deals: 0,
            sum_x: vec![0; seats],
            sum_x2: vec![0; seats],
            sum_w: vec![0; seats],
            sum_w2: vec![0; seats],
            sum_t: vec![0; seats],
            sum_t2: vec![0; seats],
            sum_y: Vec::new(),
            sum_y2: Vec::new(),
            y_unit: 1,
            y_offsets: Vec::new(),
            pools: Vec::new(),
            prefixes: 0,
            unit: 1,
            combos: Vec::new(),
            sparse: Vec::new(),
        }
    }

    /// Folds the sparse per-combo additions into `live` dense counters.
    pub(crate) fn settle(&mut self, live: usize) {
        if self.sparse.is_empty() {
            return;
        }
        if self.combos.is_empty() {
            self.combos = vec![ComboCount::default(); live];
        }
        for (slot, count) in self.sparse.drain(..) {
            if let Some(c) = self.combos.get_mut(slot as usize) {
                c.add(&count);
            }
        }
    }

    /// The tally of a heads-up spot counted elsewhere: `total` weight,
    /// each seat's sole `wins`, `ties` shared by both, over `deals` deals.
    pub(crate) fn heads_up(total: u128, wins: [u128; 2], ties: u128, deals: u64) -> Tally {
        let mut tally = Tally::new(2);
        tally.total = total;
        tally.wins = wins.to_vec();
        tally.ties[tie_slot(0, 2, 2)] = ties;
        tally.ties[tie_slot(1, 2, 2)] = ties;
        tally.deals = deals;
        tally
    }

    /// The exact counts as plain integers: total weight, per seat its sole
    /// wins, its ties (by `tie_slot`), deals, and per live combo `[total,
    /// win, tie, share]`.
    pub(crate) fn integers(&self) -> (u128, Vec<u128>, Vec<u128>, u64, Vec<[u128; 4]>) {
        (
            self.total,
            self.wins.clone(),
            self.ties.clone(),
            self.deals,
            self.combos
                .iter()
                .map(|c| [c.total, c.win, c.tie, c.share])
                .collect(),
        )
    }

    /// Deals counted so far.
    pub(crate) fn deals(&self) -> u64 {
        self.deals
    }

    /// Sampled prefixes so far.
    pub(crate) fn prefixes(&self) -> u64 {
        self.prefixes
    }

    /// Counts one deal of weight `weight` whose active seats hold `ranks`.
    #[inline]
    pub(crate) fn record(&mut self, ranks: &[u32], weight: u128) {
        self.total += weight;
        self.deals += 1;
        add_outcome(ranks, &mut self.wins, &mut self.ties, weight);
    }

    /// Adds unweighted outcome counts (laid out like `wins` and `ties`),
    /// each deal of weight `weight`.
    pub(crate) fn add_counts(&mut self, wins: &[u64], ties: &[u64], deals: u64, weight: u128) {
        self.total += u128::from(deals) * weight;
        self.deals += deals;
        for (a, &b) in self.wins.iter_mut().zip(wins) {
            *a += u128::from(b) * weight;
        }
        for (a, &b) in self.ties.iter_mut().zip(ties) {
            *a += u128::from(b) * weight;
        }
    }

    /// Counts `deals` more deals, their weights and outcomes already added
    /// (a kernel that counts a class of deals once, reporting each).
    pub(crate) fn add_deals(&mut self, deals: u64) {
        self.deals += deals;
    }

    /// Adds outcome weights already summed (`wins`, `ties` laid out as
    /// here) over `deals` deals of total weight `total`.
    pub(crate) fn add_weighted(&mut self, wins: &[u64], ties: &[u64], deals: u64, total: u128) {
        self.total += total;
        self.deals += deals;
        for (a, &b) in self.wins.iter_mut().zip(wins) {
            *a += u128::from(b);
        }
        for (a, &b) in self.ties.iter_mut().zip(ties) {
            *a += u128::from(b);
        }
    }

    /// Adds `prefixes` sampled prefixes whose per-seat summed pot shares
    /// (units `1 / unit`) have sums `sum_x` and sums of squares `sum_x2`.
    pub(crate) fn add_prefixes(
        &mut self,
        sum_x: &[u128],
        sum_x2: &[u128],
        prefixes: u64,
        unit: u128,
    ) {
        self.unit = unit;
        self.prefixes += prefixes;
        add_each(&mut self.sum_x, sum_x);
        add_each(&mut self.sum_x2, sum_x2);
    }

    /// Adds the sums over the same sampled groups of each seat's sole wins
    /// per group (`sum_w`, squares `sum_w2`) and ties (`sum_t`, `sum_t2`).
    pub(crate) fn add_group_counts(
        &mut self,
        sum_w: &[u128],
        sum_w2: &[u128],
        sum_t: &[u128],
        sum_t2: &[u128],
    ) {
        add_each(&mut self.sum_w, sum_w);
        add_each(&mut self.sum_w2, sum_w2);
        add_each(&mut self.sum_t, sum_t);
        add_each(&mut self.sum_t2, sum_t2);
    }

    /// Adds the sums over the same sampled prefixes of each seat's
    /// controlled observation (`sum_y`, squares `sum_y2`, units
    /// `1 / y_unit`; see `montecarlo::controls`), whose mean is `offsets`
    /// short of the seat's equity.
    pub(crate) fn add_controlled(
        &mut self,
        sum_y: Vec<i128>,
        sum_y2: Vec<u128>,
        y_unit: u128,
        offsets: &[f64],
    ) {
        if self.sum_y.is_empty() {
            self.sum_y = vec![0; sum_y.len()];
            self.sum_y2 = vec![0; sum_y2.len()];
        }
        add_each(&mut self.sum_y, &sum_y);
        add_each(&mut self.sum_y2, &sum_y2);
        self.y_unit = y_unit;
        self.y_offsets = offsets.iter().map(|o| o.to_bits()).collect();
    }

    /// [`Tally::merge`] of a tally no longer needed: where this one has
    /// no per-combo counters or pools yet, `other`'s are moved, not
    /// copied (a flop report finishes thousands of tallies so).
    pub(crate) fn absorb(&mut self, mut other: Tally) {
        if self.combos.is_empty() {
            self.combos = std::mem::take(&mut other.combos);
        }
        if self.pools.is_empty() {
            self.pools = std::mem::take(&mut other.pools);
        }
        // What was moved leaves `other`'s empty: merged, they add nothing.
        self.merge(&other);
    }

    /// Adds another tally.
    pub(crate) fn merge(&mut self, other: &Tally) {
        if self.pools.is_empty() {
            self.pools.clone_from(&other.pools);
        } else {
            for (a, b) in self.pools.iter_mut().zip(&other.pools) {
                a.add(b);
            }
        }
        if !other.sum_y.is_empty() {
            let offsets: Vec<f64> = other.y_offsets.iter().map(|&o| f64::from_bits(o)).collect();
            self.add_controlled(
                other.sum_y.clone(),
                other.sum_y2.clone(),
                other.y_unit,
                &offsets,
            );
        }
        self.total += other.total;
        self.deals += other.deals;
        add_each(&mut self.wins, &other.wins);
        add_each(&mut self.ties, &other.ties);
        self.prefixes += other.prefixes;
        if other.prefixes > 0 {
            self.unit = other.unit;
        }
        add_each(&mut self.sum_x, &other.sum_x);
        add_each(&mut self.sum_x2, &other.sum_x2);
        self.add_group_counts(&other.sum_w, &other.sum_w2, &other.sum_t, &other.sum_t2);
        self.sparse.extend_from_slice(&other.sparse);
        if self.combos.is_empty() {
            self.combos.clone_from(&other.combos);
        } else {
            for (a, b) in self.combos.iter_mut().zip(&other.combos) {
                a.add(b);
            }
        }
    }
}

/// Adds each entry of `from` to the entry of `to` at its place.
fn add_each<T: Copy + std::ops::AddAssign>(to: &mut [T], from: &[T]) {
    for (a, &b) in to.iter_mut().zip(from) {
        *a += b;
    }
}
