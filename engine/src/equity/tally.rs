//! Integer tallies of outcomes: the single definition of equity that every
//! method fills (docs/design.md §3). Exact and Monte Carlo differ only in
//! which deals they count; adding tallies is exact and order-independent,
//! so results do not depend on the thread count.

use super::result::SeatEquity;

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

    /// Adds another tally.
    pub(crate) fn merge(&mut self, other: &Tally) {
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
        self.sparse.extend_from_slice(&other.sparse);
        if self.combos.is_empty() {
            self.combos.clone_from(&other.combos);
        } else {
            for (a, b) in self.combos.iter_mut().zip(&other.combos) {
                a.add(b);
            }
        }
    }

    /// Per active seat figures; `sampled` adds standard errors treating each
    /// unit of weight as one independent sample.
    pub(crate) fn figures(&self, active: &[usize], sampled: bool) -> Vec<SeatEquity> {
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
                    };
                }
                let win = self.wins[s] as f64;
                let mut tie = 0.0;
                let mut share = 0.0;
                let mut share_sq = 0.0;
                for k in 2..=self.seats {
                    let t = self.ties[tie_slot(s, k, self.seats)] as f64;
                    tie += t;
                    share += t / k as f64;
                    share_sq += t / (k * k) as f64;
                }
                let equity = (win + share) / total;
                let std_error = if sampled && self.prefixes > 1 {
                    // Prefixes are the independent samples; each one's mean
                    // share over its deals is one observation.
                    let m = self.prefixes as f64;
                    let unit = self.unit as f64;
                    let mean = self.sum_x[s] as f64 / unit / m;
                    let second = self.sum_x2[s] as f64 / (unit * unit) / m;
                    ((second - mean * mean).max(0.0) / (m - 1.0)).sqrt()
                } else if sampled && total > 1.0 {
                    let second = (win + share_sq) / total;
                    ((second - equity * equity).max(0.0) / (total - 1.0)).sqrt()
                } else {
                    0.0
                };
                SeatEquity {
                    seat,
                    equity,
                    win: win / total,
                    tie: tie / total,
                    std_error,
                }
            })
            .collect()
    }
}
