//! Figures from the integer tallies: each active seat's equity, win and
//! tie, and (sampled) their standard errors.

use super::counts::Tally;
use super::outcome::{share_unit, tie_slot};
use crate::equity::pooled;
use crate::equity::result::SeatEquity;
use crate::equity::spread::{no_spread, signed_spread, spread};

/// One seat's outcomes as a tally holds them.
struct Outcome {
    /// The weight of the deals it won alone, tied (any number of
    /// winners), and its pot share from ties, with the same sum of
    /// `1 / k²` per tie of `k` (as `f64`).
    win: f64,
    tie: f64,
    share: f64,
    share_sq: f64,
    /// The weight of the deals it tied, exactly, and how many numbers of
    /// tied winners it saw.
    tied: u128,
    tie_kinds: usize,
}

impl Tally {
    /// Per active seat figures; `sampled` adds standard errors of equity,
    /// win and tie from the spread of the sampled groups (prefixes or
    /// clusters), or with at most one group treating each deal as one
    /// sample; where nothing sampled varied, the bound of [`no_spread`].
    pub(crate) fn figures(&self, active: &[usize], sampled: bool) -> Vec<SeatEquity> {
        let mut seats: Vec<SeatEquity> = (active.iter().enumerate())
            .map(|(s, &seat)| self.seat_figures(s, seat, sampled))
            .collect();
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

    /// [`Tally::figures`] of active seat `s` (request seat `seat`) on its
    /// own.
    fn seat_figures(&self, s: usize, seat: usize, sampled: bool) -> SeatEquity {
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
        let total = self.total as f64;
        let outcome = self.outcome(s);
        let mut equity = (outcome.win + outcome.share) / total;
        let (win_p, tie_p) = (outcome.win / total, outcome.tie / total);
        let controlled = sampled && self.prefixes > 1 && !self.sum_y.is_empty();
        if controlled {
            let mean = self.sum_y[s] as f64 / self.y_unit as f64 / self.prefixes as f64;
            equity = (mean + f64::from_bits(self.y_offsets[s])).clamp(0.0, 1.0);
        }
        let means = [equity, win_p, tie_p];
        let [std_error, win_std_error, tie_std_error] = if !sampled {
            [0.0; 3]
        } else if self.prefixes > 1 {
            self.group_errors(s, means, controlled)
        } else if total > 1.0 {
            self.deal_errors(s, &outcome, means)
        } else {
            means.map(|mean| no_spread(mean, self.prefixes))
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
    }

    /// Active seat `s`'s outcomes: deals by outcome for the seat, won
    /// alone, tied (any `k`), lost; with weight one per sampled deal.
    fn outcome(&self, s: usize) -> Outcome {
        let mut outcome = Outcome {
            win: self.wins[s] as f64,
            tie: 0.0,
            share: 0.0,
            share_sq: 0.0,
            tied: 0,
            tie_kinds: 0,
        };
        for k in 2..=self.seats {
            let t = self.ties[tie_slot(s, k, self.seats)];
            outcome.tied += t;
            outcome.tie_kinds += usize::from(t > 0);
            let t = t as f64;
            outcome.tie += t;
            outcome.share += t / k as f64;
            outcome.share_sq += t / (k * k) as f64;
        }
        outcome
    }

    /// The standard errors of active seat `s`'s equity, win and tie
    /// (`means`) from two or more sampled groups: the groups are the
    /// independent samples, each one's mean over its deals one observation
    /// (equity's from the control variates' sums when `controlled`).
    fn group_errors(&self, s: usize, means: [f64; 3], controlled: bool) -> [f64; 3] {
        let [equity, win_p, tie_p] = means;
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
        [
            equity_error,
            group(self.sum_w[s], self.sum_w2[s], deals, win_p),
            group(self.sum_t[s], self.sum_t2[s], deals, tie_p),
        ]
    }

    /// The standard errors of active seat `s`'s equity, win and tie
    /// (`means`) with at most one sampled group, each deal one sample: the
    /// bound of [`no_spread`] when one kind of outcome holds every deal.
    fn deal_errors(&self, s: usize, outcome: &Outcome, means: [f64; 3]) -> [f64; 3] {
        let [equity, win_p, tie_p] = means;
        let total = self.total as f64;
        // Every deal had the same outcome for the seat when one kind holds
        // all of them.
        let lost = self.total - self.wins[s] - outcome.tied;
        let kinds = usize::from(self.wins[s] > 0) + outcome.tie_kinds + usize::from(lost > 0);
        if kinds <= 1 {
            return means.map(|mean| no_spread(mean, self.prefixes));
        }
        let second = (outcome.win + outcome.share_sq) / total;
        let bernoulli = |p: f64, mean: f64| {
            let se = (p * (1.0 - p) / (total - 1.0)).sqrt();
            if se > 0.0 {
                se
            } else {
                no_spread(mean, self.prefixes)
            }
        };
        [
            ((second - equity * equity).max(0.0) / (total - 1.0)).sqrt(),
            bernoulli(win_p, win_p),
            bernoulli(tie_p, tie_p),
        ]
    }
}
