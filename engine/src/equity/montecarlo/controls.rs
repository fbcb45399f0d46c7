//! A control variate for the prefix design: the hero's heads-up results,
//! whose exact expectation is known, subtracted from each seat's pot share
//! to cancel much of its noise.
//!
//! Where exactly one seat of a preflop spot with no dead cards is
//! restricted (the hero, active) and every other seat is uniform
//! (`random`), the marginal of (hero, one uniform seat, board) in the joint
//! deal of docs/design.md §3 is the heads-up deal of the hero's range
//! against `random`: the number of ways to deal every other seat from what
//! is left does not depend on which cards these took. So the hero's
//! heads-up score against that seat alone (1 if the hero's hand beats its
//! hand, ½ on a tie, 0 otherwise) has for expectation the hero's exact
//! heads-up equity against `random` `e`, read from the preflop table. The
//! **control** `D` is that score summed over the `u` active uniform seats,
//! expectation `u·e`.
//!
//! With `D` a prefix's mean control and `X_s` seat `s`'s mean pot share,
//! the estimate of seat `s`'s equity is the mean over prefixes of
//! `Y_s = X_s − β_s · (D − u·e)`, unbiased for any fixed coefficients
//! `β_s`; its standard error is the spread of the `Y_s`, as before. The
//! hero's coefficient is the regression of its pot share on `D` measured
//! by a pilot on a fixed generator (so it depends on the request alone and
//! the estimate stays unbiased: it is not fitted to the sample it
//! corrects); each uniform seat takes `−β/u`, so the coefficients sum to
//! zero and the seats' estimates still sum to one (the pot shares of a
//! deal sum to one, the corrections to zero). The uniform seats are
//! pooled ([`pools`](super::pools)), so how their part of the correction
//! falls between them does not matter. Coefficients are integers in units
//! of `2^-FRACTION_BITS`, so the `Y_s` are integers: tallies stay exact
//! and order-free, and the same seed gives the same figures on any thread
//! count.
//!
//! The pilot also says whether the control pays: it is kept only when the
//! variance of the hero's observation drops by a tenth or more. Not used
//! heads-up (the control would be the estimate itself), with a breakdown
//! (per-combo figures are plain means and the seats' figures must stay
//! their average), or under the cluster design. Measured on `AKs` against
//! five `random`: the hero's variance falls to 0.56 of the plain one.

use super::sampler::{Dealing, Sampler, Sampling};
use super::shape::{Pilot, add_shares};
use crate::card::CardSet;
use crate::combo::Combo;
use crate::equity::preflop_table;
use crate::equity::setup::{SeatCombos, Setup};
use crate::equity::strategy::Design;

/// Binary digits after the point of the integer coefficients.
pub(crate) const FRACTION_BITS: u32 = 20;

/// The pilot's prefixes (well under a millisecond with six seats preflop)
/// and its generator's seed.
const PILOT_PREFIXES: u64 = 2048;
const PILOT_SEED: u64 = 0xc0_4e7a_0175;

/// Kept when the variance of the hero's observation falls to this share
/// of the plain one or below.
const KEEP_BELOW: f64 = 0.9;

/// The control a run subtracts and its coefficients.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Controls {
    /// The hero's index among the active seats.
    pub(crate) hero: usize,
    /// Per active seat, 1 for the uniform seats the hero's score is summed
    /// over, else 0.
    pub(crate) partners: Vec<u32>,
    /// Per active seat, its coefficient in units of `2^-FRACTION_BITS`
    /// (summing to zero).
    pub(crate) coefficients: Vec<i64>,
    /// Per active seat, `β_s · u·e`: what the mean of `Y_s` is short of
    /// the seat's equity.
    pub(crate) offsets: Vec<f64>,
}

/// The hero's index among the active seats, the active uniform seats and
/// the control's expectation per deal, where the control applies (see the
/// module's documentation).
fn candidate(setup: &Setup, sampling: &Sampling) -> Option<(usize, Vec<usize>, f64)> {
    if setup.active.len() < 3
        || setup.breakdown
        || !matches!(sampling.design, Design::Prefixes { .. })
    {
        return None;
    }
    let uniform = |s: usize| matches!(sampling.dealing[s], Dealing::Uniform);
    let restricted: Vec<usize> = (0..setup.seats.len()).filter(|&s| !uniform(s)).collect();
    let [hero] = restricted[..] else {
        return None;
    };
    let h = setup.active.iter().position(|&s| s == hero)?;
    let partners: Vec<usize> = (0..setup.active.len()).filter(|&a| a != h).collect();
    let equity = versus_random(setup, hero)?;
    let mean = partners.len() as f64 * equity;
    Some((h, partners, mean))
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
    };
    let heads_up = Setup {
        seats: vec![setup.seats[hero].clone(), random],
        active: vec![0, 1],
        board: Vec::new(),
        known: CardSet::EMPTY,
        fixed: CardSet::EMPTY,
        missing: 5,
        breakdown: false,
    };
    let counts = preflop_table::heads_up(&heads_up)?;
    let total = counts.total as f64;
    (total > 0.0).then(|| (counts.wins[0] as f64 + counts.ties as f64 / 2.0) / total)
}

/// `sampling` with the control where it pays, as its pilot measured (see
/// the module's documentation).
pub(crate) fn plan(setup: &Setup, sampling: Sampling) -> Sampling {
    let Some((hero, partners, mean)) = candidate(setup, &sampling) else {
        return sampling;
    };
    let n = setup.active.len();
    let mut mask = vec![0u32; n];
    for &a in &partners {
        mask[a] = 1;
    }
    let sampler = Sampler::new(setup, sampling);
    let beta = sampler.pilot_coefficient(hero, &mask);
    let mut sampling = sampler.into_sampling();
    if let Some(beta) = beta {
        let coefficients = integer_coefficients(beta, hero, &partners, n);
        let unit = f64::from(1u32 << FRACTION_BITS);
        let offsets = coefficients
            .iter()
            .map(|&c| c as f64 / unit * mean)
            .collect();
        if let Design::Prefixes { control, .. } = &mut sampling.design {
            *control = true;
        }
        sampling.controls = Some(Controls {
            hero,
            partners: mask,
            coefficients,
            offsets,
        });
    }
    sampling
}

impl Sampler<'_> {
    /// The regression coefficient of the hero's observation on the control
    /// (the hero's score against the seats `partners` marks), from a pilot
    /// on a fixed generator; `None` when the draws starve or the control
    /// would cut the hero's variance by less than [`KEEP_BELOW`].
    fn pilot_coefficient(&self, hero: usize, partners: &[u32]) -> Option<f64> {
        let n = self.setup.active.len();
        let mut shares = vec![0.0; n];
        let mut control = 0u32;
        let mut boards = 0u32;
        // Σx, Σd, Σx², Σd², Σxd of the hero's mean share x and the mean
        // control d per prefix.
        let mut sums = [0.0f64; 5];
        self.pilot_prefixes(PILOT_SEED, PILOT_PREFIXES, |event| match event {
            Pilot::Board(_, ranks) => {
                boards += 1;
                add_shares(ranks, &mut shares);
                control += score_against(ranks, hero, partners);
            }
            Pilot::Done => {
                let per = 1.0 / f64::from(boards.max(1));
                let (x, d) = (shares[hero] * per, f64::from(control) / 2.0 * per);
                for (sum, v) in sums.iter_mut().zip([x, d, x * x, d * d, x * d]) {
                    *sum += v;
                }
                shares.iter_mut().for_each(|v| *v = 0.0);
                (control, boards) = (0, 0);
            }
        })?;
        let m = PILOT_PREFIXES as f64;
        let cov = |ab: f64, a: f64, b: f64| (ab - a * b / m) / (m - 1.0);
        let [x, d, xx, dd, xd] = sums;
        let (var_x, var_d, cov_xd) = (cov(xx, x, x), cov(dd, d, d), cov(xd, x, d));
        if !(var_d > 0.0 && var_x > 0.0) {
            return None;
        }
        let beta = cov_xd / var_d;
        let controlled = var_x - beta * cov_xd;
        (controlled <= KEEP_BELOW * var_x).then_some(beta)
    }
}

/// The hero's heads-up score on one board against the seats `partners`
/// marks, in halves (2 a better hand, 1 the same, 0 a worse; ranks:
/// higher is better).
#[inline(always)]
pub(super) fn score_against(ranks: &[u16], hero: usize, partners: &[u32]) -> u32 {
    let own = ranks[hero];
    ranks
        .iter()
        .zip(partners)
        .map(|(&r, &p)| p * (u32::from(own > r) * 2 + u32::from(own == r)))
        .sum()
}

/// The coefficients of `beta` for the hero `hero` of `n` active seats, in
/// units of `2^-FRACTION_BITS`: the hero's rounded, each of the
/// `partners` taking an equal part of its opposite (the first ones one
/// unit more where it does not divide), so that they sum to zero.
fn integer_coefficients(beta: f64, hero: usize, partners: &[usize], n: usize) -> Vec<i64> {
    let unit = f64::from(1u32 << FRACTION_BITS);
    let own = (beta.clamp(-64.0, 64.0) * unit).round() as i64;
    let mut coefficients = vec![0i64; n];
    coefficients[hero] = own;
    let u = partners.len() as i64;
    let (part, rest) = ((-own).div_euclid(u), (-own).rem_euclid(u));
    for (i, &a) in partners.iter().enumerate() {
        coefficients[a] = part + i64::from((i as i64) < rest);
    }
    coefficients
}

/// A block's running control sums for at most `N` active seats: the
/// current prefix's control (the hero's score summed over its boards, in
/// halves), and per seat the sums over closed prefixes of `Y_s` and its
/// square, in units of `1 / (lcm · 2^(FRACTION_BITS + 1))` for a prefix's
/// summed shares (`lcm` the share unit).
pub(super) struct ControlSums<const N: usize> {
    hero: usize,
    partners: [u32; N],
    coefficients: [i64; N],
    control: u32,
    pub(super) sum_y: [i128; N],
    pub(super) sum_y2: [u128; N],
    /// The current prefix's `Y_s`, for the pools.
    pub(super) y: [i128; N],
}

impl<const N: usize> ControlSums<N> {
    /// Empty sums for `controls`.
    pub(super) fn new(controls: &Controls) -> ControlSums<N> {
        let at = |v: &[u32], a: usize| v.get(a).copied().unwrap_or(0);
        ControlSums {
            hero: controls.hero % N,
            partners: std::array::from_fn(|a| at(&controls.partners, a)),
            coefficients: std::array::from_fn(|a| {
                controls.coefficients.get(a).copied().unwrap_or(0)
            }),
            control: 0,
            sum_y: [0; N],
            sum_y2: [0; N],
            y: [0; N],
        }
    }

    /// Adds one board where the active seats hold `ranks` (0 past them).
    #[inline(always)]
    pub(super) fn board(&mut self, ranks: &[u16; N]) {
        let own = ranks[self.hero];
        let mut score = 0;
        for (&r, &p) in ranks.iter().zip(&self.partners) {
            score += p * (u32::from(own > r) * 2 + u32::from(own == r));
        }
        self.control += score;
    }

    /// Closes a prefix whose `n` seats' pot shares summed over its boards
    /// are `x` (units `1 / lcm`).
    #[inline(always)]
    pub(super) fn close(&mut self, x: &[u64; N], n: usize, lcm: u64) {
        let control = i128::from(self.control) * i128::from(lcm);
        self.control = 0;
        for s in 0..n.min(N) {
            let y = (i128::from(x[s]) << (FRACTION_BITS + 1))
                - i128::from(self.coefficients[s]) * control;
            self.y[s] = y;
            self.sum_y[s] += y;
            self.sum_y2[s] += (y * y) as u128;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::integer_coefficients;

    #[test]
    fn integer_coefficients_sum_to_zero() {
        for beta in [0.31, -0.2, 0.0, 1.7, 1e-9] {
            let c = integer_coefficients(beta, 1, &[0, 2, 3, 4, 5], 6);
            assert_eq!(c.iter().sum::<i64>(), 0, "{beta}: {c:?}");
            assert_eq!(c[1], (beta * f64::from(1u32 << 20)).round() as i64);
            let parts: Vec<i64> = [0, 2, 3, 4, 5].iter().map(|&a| c[a]).collect();
            let spread = parts.iter().max().unwrap_or(&0) - parts.iter().min().unwrap_or(&0);
            assert!(spread <= 1, "{beta}: {c:?}");
        }
    }
}
