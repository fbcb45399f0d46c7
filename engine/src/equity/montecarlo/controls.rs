//! Control variates for the prefix design: heads-up results whose exact
//! expectation is known, subtracted from each seat's pot share to cancel
//! most of its noise.
//!
//! A **control** is a pair of active seats `(a, b)` and, on each deal, `a`'s
//! heads-up score against `b` alone (1 if `a`'s hand beats `b`'s, ½ on a
//! tie, 0 otherwise), whose expectation `μ` is known exactly:
//!
//! - two **uniform** seats (`random`): `½`. Given everything else dealt,
//!   the two are dealt uniformly from the same cards, so they are
//!   exchangeable and each beats the other as often.
//! - the one **restricted** seat of a preflop spot with no dead cards (the
//!   hero) and a uniform seat: the hero's exact heads-up equity against
//!   `random`, from the preflop table. The marginal of (hero, that seat,
//!   board) in the joint deal of docs/design.md §3 is the heads-up deal:
//!   the number of ways to deal every other seat from what is left does not
//!   depend on which cards these took.
//!
//! With `D` a prefix's mean control scores and `X_s` seat `s`'s mean pot
//! share, the estimate of seat `s`'s equity is the mean over prefixes of
//! `Y_s = X_s − β_s · (D − μ)`, unbiased for any fixed coefficients `β_s`;
//! its standard error is the spread of the `Y_s`, as before. The
//! coefficients are the regression of `X_s` on `D` measured by a pilot on a
//! fixed generator (so they depend on the request alone and the estimate
//! stays unbiased: they are not fitted to the sample they correct), and are
//! held as integers in units of `2^-FRACTION_BITS` with each control's
//! coefficients summing to zero over the seats. So the `Y_s` are integers
//! (tallies stay exact and order-free: the same seed gives the same figures
//! on any thread count) and the seats' estimates still sum to one: the pot
//! shares of a deal sum to one and the corrections to zero.
//!
//! The pilot also says whether the controls pay: they are kept only when
//! the largest variance of a seat's observation drops by a tenth or more.
//! Not used heads-up (a single control would be the estimate itself),
//! with a breakdown (per-combo figures are plain means and the seats'
//! figures must stay their average), or under the cluster design.

use super::sampler::Sampler;
use super::shape::{Pilot, add_shares};
use crate::card::CardSet;
use crate::combo::Combo;
use crate::equity::montecarlo::sampler::{Dealing, Sampling};
use crate::equity::preflop_table;
use crate::equity::setup::{SeatCombos, Setup};
use crate::equity::strategy::Design;

/// Binary digits after the point of the integer coefficients.
pub(crate) const FRACTION_BITS: u32 = 20;

/// The pilot's prefixes (about a millisecond with six seats preflop) and
/// its generator's seed.
const PILOT_PREFIXES: u64 = 2048;
const PILOT_SEED: u64 = 0xc0_4e7a_0175;

/// Kept when the largest variance of a seat's observation falls to this
/// share of the plain one or below.
const KEEP_BELOW: f64 = 0.9;

/// The controls a run subtracts and their coefficients.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Controls {
    /// Per control, its pair of active seats (indices among the active
    /// seats): the first one's score against the second.
    pub(crate) pairs: Vec<(usize, usize)>,
    /// Per active seat `s` and control `i`, at `s * pairs.len() + i`: the
    /// coefficient in units of `2^-FRACTION_BITS`; each control's sum to
    /// zero over the seats.
    pub(crate) coefficients: Vec<i64>,
    /// Per active seat, `Σ_i β_si · μ_i`: what the mean of `Y_s` is short
    /// of the seat's equity.
    pub(crate) offsets: Vec<f64>,
}

/// The controls of `setup` with their known expectations, before any
/// pilot: pairs of uniform active seats, and the hero against each of them
/// preflop. Empty where none apply.
fn candidates(setup: &Setup, sampling: &Sampling) -> Vec<((usize, usize), f64)> {
    if setup.active.len() < 3
        || setup.breakdown
        || !matches!(sampling.design, Design::Prefixes { .. })
    {
        return Vec::new();
    }
    let uniform = |s: usize| matches!(sampling.dealing[s], Dealing::Uniform);
    let uniform_active: Vec<usize> = (0..setup.active.len())
        .filter(|&a| uniform(setup.active[a]))
        .collect();
    let mut pairs = Vec::new();
    for (i, &a) in uniform_active.iter().enumerate() {
        for &b in &uniform_active[i + 1..] {
            pairs.push(((a, b), 0.5));
        }
    }
    let restricted: Vec<usize> = (0..setup.seats.len()).filter(|&s| !uniform(s)).collect();
    if let [hero] = restricted[..]
        && let Some(h) = setup.active.iter().position(|&s| s == hero)
        && let Some(equity) = versus_random(setup, hero)
    {
        for &b in &uniform_active {
            pairs.push(((h, b), equity));
        }
    }
    pairs
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

/// `sampling` with the controls that pay, as its pilot measured (see the
/// module's documentation).
pub(crate) fn plan(setup: &Setup, mut sampling: Sampling) -> Sampling {
    let candidates = candidates(setup, &sampling);
    if candidates.is_empty() {
        return sampling;
    }
    let pairs: Vec<(usize, usize)> = candidates.iter().map(|&(p, _)| p).collect();
    let sampler = Sampler::new(setup, sampling);
    let moments = sampler.control_moments(&pairs);
    if std::env::var("CVDEBUG").is_ok() { eprintln!("boards {}", sampler.boards); }
    sampling = sampler.into_sampling();
    let Some(moments) = moments else {
        return sampling;
    };
    let means: Vec<f64> = candidates.iter().map(|&(_, mu)| mu).collect();
    sampling.controls = moments.controls(pairs, &means);
    sampling
}

/// A pilot's sums of the prefix observations: per seat its mean pot share
/// `x`, per control its mean score `d`.
struct Moments {
    /// Observations.
    m: f64,
    /// Active seats and controls.
    n: usize,
    k: usize,
    /// `Σx` (n), `Σd` (k), `Σx²` (n), `Σd dᵀ` (k × k), `Σx dᵀ` (n × k).
    sum_x: Vec<f64>,
    sum_d: Vec<f64>,
    sum_xx: Vec<f64>,
    sum_dd: Vec<f64>,
    sum_xd: Vec<f64>,
}

impl Sampler<'_> {
    /// The pilot's [`Moments`] of the controls `pairs`; `None` when its
    /// draws starve.
    fn control_moments(&self, pairs: &[(usize, usize)]) -> Option<Moments> {
        let n = self.setup.active.len();
        let k = pairs.len();
        let mut moments = Moments {
            m: PILOT_PREFIXES as f64,
            n,
            k,
            sum_x: vec![0.0; n],
            sum_d: vec![0.0; k],
            sum_xx: vec![0.0; n],
            sum_dd: vec![0.0; k * k],
            sum_xd: vec![0.0; n * k],
        };
        let mut x = vec![0.0; n];
        let mut d = vec![0.0; k];
        let mut boards = 0usize;
        self.pilot_prefixes(PILOT_SEED, PILOT_PREFIXES, |event| match event {
            Pilot::Board(_, ranks) => {
                boards += 1;
                add_shares(ranks, &mut x);
                for (d, &(a, b)) in d.iter_mut().zip(pairs) {
                    *d += score(ranks[a], ranks[b]) as f64 / 2.0;
                }
            }
            Pilot::Done => {
                let per = 1.0 / boards.max(1) as f64;
                x.iter_mut().chain(d.iter_mut()).for_each(|v| *v *= per);
                moments.add(&x, &d);
                x.iter_mut().chain(d.iter_mut()).for_each(|v| *v = 0.0);
                boards = 0;
            }
        })?;
        Some(moments)
    }
}

/// `a`'s heads-up score against `b` in halves: 2 for a better hand, 1 for
/// the same, 0 for a worse (ranks: higher is better).
#[inline(always)]
pub(super) fn score(a: u16, b: u16) -> u32 {
    u32::from(a > b) * 2 + u32::from(a == b)
}

impl Moments {
    fn add(&mut self, x: &[f64], d: &[f64]) {
        let k = self.k;
        for (i, &xi) in x.iter().enumerate() {
            self.sum_x[i] += xi;
            self.sum_xx[i] += xi * xi;
            for (j, &dj) in d.iter().enumerate() {
                self.sum_xd[i * k + j] += xi * dj;
            }
        }
        for (i, &di) in d.iter().enumerate() {
            self.sum_d[i] += di;
            for (j, &dj) in d.iter().enumerate() {
                self.sum_dd[i * k + j] += di * dj;
            }
        }
    }

    /// The regression of each seat's observation on the controls, as
    /// [`Controls`] with expectations `means`, when it cuts the largest
    /// variance of a seat's observation to [`KEEP_BELOW`] of the plain one.
    fn controls(&self, pairs: Vec<(usize, usize)>, means: &[f64]) -> Option<Controls> {
        let (m, n, k) = (self.m, self.n, self.k);
        let cov = |sum_ab: f64, sum_a: f64, sum_b: f64| (sum_ab - sum_a * sum_b / m) / (m - 1.0);
        let mut dd: Vec<f64> = (0..k * k)
            .map(|ij| cov(self.sum_dd[ij], self.sum_d[ij / k], self.sum_d[ij % k]))
            .collect();
        // A control that did not vary in the pilot is left out (its
        // coefficients zero); the others get a touch of ridge so that
        // nearly dependent controls cannot blow the coefficients up.
        let scale = (0..k).map(|i| dd[i * k + i]).fold(0.0, f64::max);
        if scale <= 0.0 {
            return None;
        }
        let used: Vec<bool> = (0..k).map(|i| dd[i * k + i] > scale * 1e-9).collect();
        for i in 0..k {
            for j in 0..k {
                if !used[i] || !used[j] {
                    dd[i * k + j] = f64::from(u8::from(i == j));
                }
            }
            dd[i * k + i] += scale * 1e-9;
        }
        let factor = cholesky(&dd, k)?;
        let mut plain_worst = 0.0f64;
        let mut controlled_worst = 0.0f64;
        let mut betas = Vec::with_capacity(n * k);
        for s in 0..n {
            let xd: Vec<f64> = (0..k)
                .map(|j| {
                    if used[j] {
                        cov(self.sum_xd[s * k + j], self.sum_x[s], self.sum_d[j])
                    } else {
                        0.0
                    }
                })
                .collect();
            let beta = solve(&factor, k, &xd);
            let plain = cov(self.sum_xx[s], self.sum_x[s], self.sum_x[s]);
            let explained: f64 = beta.iter().zip(&xd).map(|(b, c)| b * c).sum();
            plain_worst = plain_worst.max(plain);
            controlled_worst = controlled_worst.max(plain - explained);
            betas.extend(beta);
        }
        if std::env::var("CVDEBUG").is_ok() { eprintln!("plain {plain_worst} controlled {controlled_worst} k {k}"); }
        if !(controlled_worst <= KEEP_BELOW * plain_worst) {
            return None;
        }
        let coefficients = integer_coefficients(&betas, n, k);
        let offsets = (0..n)
            .map(|s| {
                (0..k)
                    .map(|i| coefficients[s * k + i] as f64 * means[i])
                    .sum::<f64>()
                    / f64::from(1u32 << FRACTION_BITS)
            })
            .collect();
        Some(Controls {
            pairs,
            coefficients,
            offsets,
        })
    }
}

/// `betas` (seat-major, `n × k`) in units of `2^-FRACTION_BITS`, each
/// control's column made to sum to zero by its last seat (the real
/// coefficients already do, up to rounding: the seats' pot shares sum to a
/// constant, so their covariances with any control sum to zero).
fn integer_coefficients(betas: &[f64], n: usize, k: usize) -> Vec<i64> {
    let unit = f64::from(1u32 << FRACTION_BITS);
    let mut coefficients: Vec<i64> = betas
        .iter()
        .map(|b| (b.clamp(-64.0, 64.0) * unit).round() as i64)
        .collect();
    for i in 0..k {
        let rest: i64 = (0..n - 1).map(|s| coefficients[s * k + i]).sum();
        coefficients[(n - 1) * k + i] = -rest;
    }
    coefficients
}

/// The lower Cholesky factor of the symmetric `k × k` matrix `a`; `None`
/// unless it is positive definite.
fn cholesky(a: &[f64], k: usize) -> Option<Vec<f64>> {
    let mut l = vec![0.0; k * k];
    for i in 0..k {
        for j in 0..=i {
            let dot: f64 = (0..j).map(|p| l[i * k + p] * l[j * k + p]).sum();
            if i == j {
                let d = a[i * k + i] - dot;
                if !(d > 0.0) {
                    return None;
                }
                l[i * k + i] = d.sqrt();
            } else {
                l[i * k + j] = (a[i * k + j] - dot) / l[j * k + j];
            }
        }
    }
    Some(l)
}

/// Solves `L Lᵀ x = b` for the Cholesky factor `l`.
fn solve(l: &[f64], k: usize, b: &[f64]) -> Vec<f64> {
    let mut y = vec![0.0; k];
    for i in 0..k {
        let dot: f64 = (0..i).map(|p| l[i * k + p] * y[p]).sum();
        y[i] = (b[i] - dot) / l[i * k + i];
    }
    let mut x = vec![0.0; k];
    for i in (0..k).rev() {
        let dot: f64 = (i + 1..k).map(|p| l[p * k + i] * x[p]).sum();
        x[i] = (y[i] - dot) / l[i * k + i];
    }
    x
}

/// Boards scored together when a prefix closes.
const LANES: usize = 8;

/// A block's running control sums: the current prefix's ranks, seat by
/// seat (its controls are scored once the prefix closes, a pair's boards at
/// a time, which vectorises), and per seat the sums over closed prefixes of
/// `Y_s` and its square, in units of `1 / (lcm · 2^(FRACTION_BITS + 1))`
/// for a prefix's summed shares (`lcm` the share unit).
pub(super) struct ControlSums {
    /// The controls' pairs of active seats.
    pairs: Vec<(usize, usize)>,
    /// Active seats.
    n: usize,
    /// `ranks[s * stride + t]`: seat `s`'s rank on the prefix's board `t`.
    ranks: Vec<u16>,
    stride: usize,
    /// Boards of the current prefix so far.
    len: usize,
    /// Per control, its score over the prefix's boards, in halves.
    scores: Vec<i64>,
    pub(super) sum_y: Vec<i128>,
    pub(super) sum_y2: Vec<u128>,
}

impl ControlSums {
    /// Empty sums for `n` active seats and prefixes of up to `boards`
    /// boards.
    pub(super) fn new(controls: &Controls, n: usize, boards: usize) -> ControlSums {
        let stride = boards.max(1).div_ceil(LANES) * LANES;
        ControlSums {
            pairs: controls.pairs.clone(),
            n,
            ranks: vec![0; n * stride],
            stride,
            len: 0,
            scores: vec![0; controls.pairs.len()],
            sum_y: vec![0; n],
            sum_y2: vec![0; n],
        }
    }

    /// Adds one board where the active seats hold `ranks`.
    #[inline(always)]
    pub(super) fn board<const N: usize>(&mut self, ranks: &[u16; N]) {
        // A prefix never has more boards than planned.
        let t = self.len.min(self.stride - 1);
        for (s, &r) in ranks.iter().enumerate().take(self.n) {
            self.ranks[s * self.stride + t] = r;
        }
        self.len += 1;
    }

    /// Closes a prefix whose seats' pot shares summed over its boards are
    /// `x` (units `1 / lcm`).
    #[inline(always)]
    pub(super) fn close(&mut self, controls: &Controls, x: &[u64], lcm: u64) {
        let len = self.len.min(self.stride);
        self.len = 0;
        let stride = self.stride;
        // Lanes past the prefix's boards hold 0 for every seat: a tie
        // (1) in every pair, taken off below.
        for s in 0..self.n {
            self.ranks[s * stride + len..(s + 1) * stride].fill(0);
        }
        let padding = (len.div_ceil(LANES) * LANES - len) as i64;
        let chunks = len.div_ceil(LANES);
        for (d, &(a, b)) in self.scores.iter_mut().zip(&self.pairs) {
            let first = &self.ranks[a * stride..a * stride + chunks * LANES];
            let second = &self.ranks[b * stride..b * stride + chunks * LANES];
            // Board by board in lanes of 16 bits, which vectorises.
            let mut lanes = [0u16; LANES];
            for (p, q) in first.chunks_exact(LANES).zip(second.chunks_exact(LANES)) {
                for l in 0..LANES {
                    lanes[l] += u16::from(p[l] > q[l]) * 2 + u16::from(p[l] == q[l]);
                }
            }
            *d = lanes.iter().map(|&v| i64::from(v)).sum::<i64>() - padding;
        }
        let k = self.scores.len();
        let lcm = lcm as i64;
        for (s, &xs) in x.iter().enumerate() {
            let row = &controls.coefficients[s * k..(s + 1) * k];
            let correction: i64 = row.iter().zip(&self.scores).map(|(&c, &d)| c * d).sum();
            let y = i128::from((xs as i64) << (FRACTION_BITS + 1)) - i128::from(lcm * correction);
            self.sum_y[s] += y;
            self.sum_y2[s] += (y * y) as u128;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{cholesky, integer_coefficients, solve};

    #[test]
    fn cholesky_solves_a_small_system() {
        let a = [4.0, 2.0, 2.0, 3.0];
        let l = cholesky(&a, 2).expect("positive definite");
        let x = solve(&l, 2, &[2.0, 1.0]);
        // 4x + 2y = 2, 2x + 3y = 1: x = 0.5, y = 0.
        assert!((x[0] - 0.5).abs() < 1e-12 && x[1].abs() < 1e-12, "{x:?}");
        assert!(cholesky(&[1.0, 2.0, 2.0, 1.0], 2).is_none());
    }

    #[test]
    fn integer_coefficients_sum_to_zero_per_control() {
        let betas = [0.3, -0.2, -0.1000001, 0.05, -0.2, 0.1500002];
        let c = integer_coefficients(&betas, 3, 2);
        for i in 0..2 {
            assert_eq!((0..3).map(|s| c[s * 2 + i]).sum::<i64>(), 0);
        }
        assert_eq!(c[0], (0.3f64 * f64::from(1u32 << 20)).round() as i64);
    }
}
