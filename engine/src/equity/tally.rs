//! Integer tallies of outcomes: the single definition of equity that every
//! method fills (docs/design.md §3). Exact and Monte Carlo differ only in
//! which deals they count; adding tallies is exact and order-independent,
//! so results do not depend on the thread count.

use super::pooled::{self, PoolTally};
use super::result::SeatEquity;
use super::spread::{no_spread, signed_spread, spread};

/// Where `ties` tallies seat `seat`'s deals shared by `k` winners, of `n`
/// active seats: `seat * (n + 1) + k` (slots `k = 0, 1` are unused, so a
/// seat's row is indexed by `k` directly).
#[inline(always)]
pub(crate) const fn tie_slot(seat: usize, k: usize, n: usize) -> usize {
    seat * (n + 1) + k
}

/// `lcm(1..=n)`: the unit of summed pot shares with `n` active seats (a
/// share of `1/k` is a whole number of units for every `k <= n`).
pub(crate) fn share_unit(n: usize) -> u128 {
    (1..=n as u128).fold(1, |l, k| l / gcd(l, k) * k)
}

/// Adds `weight` to the outcome of one deal whose active seats hold `ranks`:
/// to `wins[s]` for a sole winner, else to `ties[tie_slot(s, k, n)]` for each
/// of the k tied winners (`n` = number of seats). The one place that
/// decides who wins a deal, for every tally and counter.
#[inline(always)]
pub(crate) fn add_outcome<T: Copy + std::ops::AddAssign>(
    ranks: &[u32],
    wins: &mut [T],
    ties: &mut [T],
    weight: T,
) {
    let n = ranks.len();
    let best = ranks.iter().copied().max().unwrap_or(0);
    let winners = ranks.iter().filter(|&&r| r == best).count();
    for (s, &r) in ranks.iter().enumerate() {
        if r == best {
            if winners == 1 {
                wins[s] += weight;
            } else {
                ties[tie_slot(s, winners, n)] += weight;
            }
        }
    }
}

/// Integer tallies of the deals in which one seat holds one combo.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ComboCount {
    /// Exact: total weight of those deals. Monte Carlo: deals evaluated.
    pub(crate) total: u128,
    /// Of which the seat won alone.
    pub(crate) win: u128,
    /// Of which the seat shared the best hand.
    pub(crate) tie: u128,
    /// The seat's pot share summed over them, in units of `1 / lcm(1..=n)`
    /// (`n` active seats).
    pub(crate) share: u128,
    /// Monte Carlo: sampled prefixes (seat deals) holding the combo.
    pub(crate) prefixes: u64,
    /// Monte Carlo: sum over those prefixes of the square of the prefix's
    /// summed share (units `1 / lcm²`).
    pub(crate) share_sq: u128,
}

impl ComboCount {
    /// Adds `other`.
    #[inline]
    pub(crate) fn add(&mut self, other: &ComboCount) {
        self.total += other.total;
        self.win += other.win;
        self.tie += other.tie;
        self.share += other.share;
        self.prefixes += other.prefixes;
        self.share_sq += other.share_sq;
    }

    /// Figures of these deals: equity, win, tie and (sampled) the standard
    /// error of equity, `NaN` when fewer than two prefixes were sampled.
    pub(crate) fn figures(&self, unit: u128, sampled: bool) -> (f64, f64, f64, f64) {
        if self.total == 0 {
            return (0.0, 0.0, 0.0, if sampled { f64::NAN } else { 0.0 });
        }
        let total = self.total as f64;
        let equity = self.share as f64 / unit as f64 / total;
        let std_error = if !sampled {
            0.0
        } else if self.prefixes < 2 {
            f64::NAN
        } else if let (Some(a), Some(b)) = (
            u128::from(self.prefixes).checked_mul(self.share_sq),
            self.share.checked_mul(self.share),
        ) && a == b
        {
            // No prefix holding the combo differed from another.
            no_spread(equity, self.prefixes)
        } else {
            // Each prefix's mean share over its boards is one observation.
            let m = self.prefixes as f64;
            let boards = total / m;
            let scale = unit as f64 * boards;
            let second = self.share_sq as f64 / (scale * scale) / m;
            ((second - equity * equity).max(0.0) / (m - 1.0)).sqrt()
        };
        (
            equity,
            self.win as f64 / total,
            self.tie as f64 / total,
            std_error,
        )
    }
}

/// Greatest common divisor.
pub(crate) fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Integer tallies of outcomes, from which equity, win, tie and standard
/// errors follow. Adding tallies is exact and order-independent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Number of active seats.
    seats: usize,
    /// Total weight of deals counted.
    total: u128,
    /// `wins[s]`: weight of deals seat `s` wins alone.
    wins: Vec<u128>,
    /// `ties[tie_slot(s, k, seats)]`: weight of deals seat `s` shares with
    /// `k - 1` others (k = 2..=seats).
    ties: Vec<u128>,
    /// Unweighted number of deals counted.
    deals: u64,
    /// Monte Carlo: per seat, the sum over sampled prefixes of the seat's
    /// pot share over the prefix's deals, in units of `1 / unit`.
    sum_x: Vec<u128>,
    /// The same sums of squares (units `1 / unit²`).
    sum_x2: Vec<u128>,
    /// Monte Carlo: per seat, the sums over sampled groups of the seat's
    /// sole wins in the group's deals, and of their squares.
    sum_w: Vec<u128>,
    sum_w2: Vec<u128>,
    /// The same for the deals the seat tied.
    sum_t: Vec<u128>,
    sum_t2: Vec<u128>,
    /// Monte Carlo with control variates: per seat, the sums over
    /// sampled prefixes of the controlled observation `Y_s` and of its
    /// square (units `1 / y_unit`, `1 / y_unit²`); empty without.
    sum_y: Vec<i128>,
    sum_y2: Vec<u128>,
    /// The unit of `sum_y`, per deal.
    y_unit: u128,
    /// Per seat, what the mean of `Y_s` is short of its equity, as `f64`
    /// bits (so that tallies compare with `Eq`).
    y_offsets: Vec<u64>,
    /// Monte Carlo: the pools of exchangeable seats reported together,
    /// with their sums (see `montecarlo::pools`); empty without.
    pub(crate) pools: Vec<PoolTally>,
    /// Monte Carlo: sampled prefixes (independent samples).
    prefixes: u64,
    /// The unit of `sum_x`: `lcm(1..=seats)` times the deals per prefix.
    unit: u128,
    /// Per active seat and live combo (laid out by `breakdown::layout`),
    /// when a breakdown is asked for; else empty.
    pub(crate) combos: Vec<ComboCount>,
    /// Per-combo additions not yet folded into `combos` (slot, counts):
    /// work items touching few combos add these instead of a whole
    /// `combos` array each.
    pub(crate) sparse: Vec<(u32, ComboCount)>,
}

impl Tally {
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
        for (a, &b) in self.sum_x.iter_mut().zip(sum_x) {
            *a += b;
        }
        for (a, &b) in self.sum_x2.iter_mut().zip(sum_x2) {
            *a += b;
        }
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
        for (to, from) in [
            (&mut self.sum_w, sum_w),
            (&mut self.sum_w2, sum_w2),
            (&mut self.sum_t, sum_t),
            (&mut self.sum_t2, sum_t2),
        ] {
            for (a, &b) in to.iter_mut().zip(from) {
                *a += b;
            }
        }
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
        for (a, b) in self.sum_y.iter_mut().zip(sum_y) {
            *a += b;
        }
        for (a, b) in self.sum_y2.iter_mut().zip(sum_y2) {
            *a += b;
        }
        self.y_unit = y_unit;
        self.y_offsets = offsets.iter().map(|o| o.to_bits()).collect();
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
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        for (a, b) in self.ties.iter_mut().zip(&other.ties) {
            *a += b;
        }
        self.prefixes += other.prefixes;
        if other.prefixes > 0 {
            self.unit = other.unit;
        }
        for (a, b) in self.sum_x.iter_mut().zip(&other.sum_x) {
            *a += b;
        }
        for (a, b) in self.sum_x2.iter_mut().zip(&other.sum_x2) {
            *a += b;
        }
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

    /// Per active seat figures; `sampled` adds standard errors of equity,
    /// win and tie from the spread of the sampled groups (prefixes or
    /// clusters), or with at most one group treating each deal as one
    /// sample; where nothing sampled varied, the bound of [`no_spread`].
    pub(crate) fn figures(&self, active: &[usize], sampled: bool) -> Vec<SeatEquity> {
        let mut seats = self.seat_figures(active, sampled);
        if sampled && self.prefixes > 1 && self.total > 0 {
            let units = pooled::Units {
                share: self.unit,
                controlled: (!self.sum_y.is_empty()).then_some(self.y_unit),
                deals: self.unit / share_unit(self.seats).max(1),
            };
            pooled::pool_figures(&self.pools, &mut seats, self.prefixes, &units);
        }
        seats
    }

    /// [`Tally::figures`] of each seat on its own.
    fn seat_figures(&self, active: &[usize], sampled: bool) -> Vec<SeatEquity> {
        let total = self.total as f64;
        active
            .iter()
            .enumerate()
            .map(|(s, &seat)| {
                if self.total == 0 {
                    return SeatEquity {
                        seat,
                        equity: 0.0,
                        win: 0.0,
                        tie: 0.0,
                        std_error: 0.0,
                        win_std_error: 0.0,
                        tie_std_error: 0.0,
                    };
                }
                let win = self.wins[s] as f64;
                let mut tie = 0.0;
                let mut share = 0.0;
                let mut share_sq = 0.0;
                // Deals by outcome for the seat: won alone, tied (any k),
                // lost; with weight one per sampled deal.
                let mut tied = 0u128;
                let mut tie_kinds = 0;
                for k in 2..=self.seats {
                    let t = self.ties[tie_slot(s, k, self.seats)];
                    tied += t;
                    tie_kinds += usize::from(t > 0);
                    let t = t as f64;
                    tie += t;
                    share += t / k as f64;
                    share_sq += t / (k * k) as f64;
                }
                let mut equity = (win + share) / total;
                let (win_p, tie_p) = (win / total, tie / total);
                let controlled = sampled && self.prefixes > 1 && !self.sum_y.is_empty();
                if controlled {
                    let mean = self.sum_y[s] as f64 / self.y_unit as f64 / self.prefixes as f64;
                    equity = (mean + f64::from_bits(self.y_offsets[s])).clamp(0.0, 1.0);
                }
                let (std_error, win_std_error, tie_std_error) = if !sampled {
                    (0.0, 0.0, 0.0)
                } else if self.prefixes > 1 {
                    // Groups are the independent samples; each one's mean
                    // over its deals is one observation.
                    let m = self.prefixes;
                    let unit = self.unit;
                    let deals = unit / share_unit(self.seats).max(1);
                    let group = |sum: u128, sum2: u128, unit: u128, mean: f64| {
                        spread(sum, sum2, m, unit).unwrap_or_else(|| no_spread(mean, m))
                    };
                    let equity_error = if controlled {
                        signed_spread(self.sum_y[s], self.sum_y2[s], m, self.y_unit)
                            .unwrap_or_else(|| no_spread(equity, m))
                    } else {
                        group(self.sum_x[s], self.sum_x2[s], unit, equity)
                    };
                    (
                        equity_error,
                        group(self.sum_w[s], self.sum_w2[s], deals, win_p),
                        group(self.sum_t[s], self.sum_t2[s], deals, tie_p),
                    )
                } else if total > 1.0 {
                    // Every deal had the same outcome for the seat when one
                    // kind holds all of them.
                    let lost = self.total - self.wins[s] - tied;
                    let kinds = usize::from(self.wins[s] > 0) + tie_kinds + usize::from(lost > 0);
                    if kinds <= 1 {
                        let bound = |mean| no_spread(mean, self.prefixes);
                        (bound(equity), bound(win_p), bound(tie_p))
                    } else {
                        let second = (win + share_sq) / total;
                        let bernoulli = |p: f64, mean: f64| {
                            let se = (p * (1.0 - p) / (total - 1.0)).sqrt();
                            if se > 0.0 {
                                se
                            } else {
                                no_spread(mean, self.prefixes)
                            }
                        };
                        (
                            ((second - equity * equity).max(0.0) / (total - 1.0)).sqrt(),
                            bernoulli(win_p, win_p),
                            bernoulli(tie_p, tie_p),
                        )
                    }
                } else {
                    let bound = |mean| no_spread(mean, self.prefixes);
                    (bound(equity), bound(win_p), bound(tie_p))
                };
                SeatEquity {
                    seat,
                    equity,
                    win: win_p,
                    tie: tie_p,
                    std_error,
                    win_std_error,
                    tie_std_error,
                }
            })
            .collect()
    }
}
