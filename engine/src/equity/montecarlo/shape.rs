//! The prefix design's shape: how many disjoint board completions each
//! sampled seat deal (prefix) is scored on, measured by a short pilot.
//!
//! A prefix's observation is its mean pot share over its boards. More
//! boards per prefix spread the cost of dealing the seats, and disjoint
//! boards vary less together than independent ones; but where the seats'
//! hands explain most of the variance (wide ranges against each other),
//! extra boards cost time and remove little of it. Measured on
//! `9h8h2c`, to a standard error of 0.0005 on two threads: `AhKh` / `QQ` /
//! `JTs` took 34 ms with 8 boards and 22 ms with 21; `25%` / `15%` /
//! `10%` took 53 ms with 8 and 32 ms with 2. So the planner
//! (`plan::sampling`) asks this pilot, on a fixed generator (the choice
//! depends on the request alone), for the variance of a prefix's
//! observation with each number of boards, and weighs it against the cost
//! of a prefix and of a board.

use super::controls::{
    FEATURE_CATEGORIES, FEATURES, PAIRS_FEATURE, TRIPLES_FEATURE, category, cholesky, score_powers,
    solve,
};
use super::dealing::Sampling;
use super::sampler::Sampler;
use crate::equity::request::MAX_SEATS;
use crate::equity::setup::Setup;

/// The pilot's generator seed (fixed: the shape is a function of the
/// request alone).
const PILOT_SEED: u64 = 0x5eed_b0a2d;

/// For `b` = 1 to `sampling.boards`: the largest over the active seats of
/// the variance of a prefix's mean pot share over its first `b` boards, from
/// `prefixes` prefixes on a fixed generator, each scored on
/// `sampling.boards` disjoint completions (`sampling`'s prefix design, with
/// two or more board cards to come). Returns the sampling as it came, and
/// `None` for the variances when the pilot's draws starve.
pub(crate) fn board_variances(
    setup: &Setup,
    sampling: Sampling,
    prefixes: u64,
) -> (Sampling, Option<Vec<f64>>) {
    let sampler = Sampler::new(setup, sampling);
    let variances = sampler.pilot_variances(prefixes);
    (sampler.into_sampling(), variances)
}

impl Sampler<'_> {
    /// See [`board_variances`].
    fn pilot_variances(&self, prefixes: u64) -> Option<Vec<f64>> {
        let boards = self.boards;
        let n = self.setup.active.len();
        // Per board count and seat: the sums of the prefix means and of
        // their squares.
        let mut sums = vec![[0.0f64; 2]; boards * n];
        let mut running = vec![0.0f64; n];
        self.pilot_prefixes(PILOT_SEED, prefixes, |event| match event {
            Pilot::Board(b, ranks) => {
                add_shares(ranks, &mut running);
                for (a, x) in running.iter().enumerate() {
                    let mean = x / (b + 1) as f64;
                    let cell = &mut sums[b * n + a];
                    cell[0] += mean;
                    cell[1] += mean * mean;
                }
            }
            Pilot::Done => running.iter_mut().for_each(|x| *x = 0.0),
        })?;
        let m = prefixes as f64;
        let variances = (0..boards)
            .map(|b| {
                (0..n)
                    .map(|a| {
                        let [s, s2] = sums[b * n + a];
                        ((s2 - s * s / m) / (m - 1.0)).max(0.0)
                    })
                    .fold(0.0, f64::max)
            })
            .collect();
        Some(variances)
    }

    /// Deals `prefixes` prefixes as the blocks do (the same draws in the
    /// same order), on the generator of `seed`'s first block, telling
    /// `on` of each of a prefix's boards and then of its end. `None` when
    /// the draws starve.
    pub(super) fn pilot_prefixes(
        &self,
        seed: u64,
        prefixes: u64,
        mut on: impl FnMut(Pilot<'_>),
    ) -> Option<()> {
        let mut block = self.start_block::<MAX_SEATS>(seed, 0);
        let n = block.n;
        let mut slots = [0u32; MAX_SEATS];
        let mut rejected = 0;
        let mut ranks = [0u16; MAX_SEATS];
        for accepted in 0..prefixes {
            let (used, restricted_cards) = self
                .deal_seats(&mut block, &mut slots, false, accepted, &mut rejected)
                .ok()?;
            let (rng, holes) = (&mut block.rng, &block.holes);
            let deck = &mut block.deck[..block.len];
            self.prefix_boards(rng, deck, used, restricted_cards, |index, board| {
                for (r, h) in ranks.iter_mut().zip(&holes[..n]) {
                    *r = h.combine(board).rank7().value() as u16;
                }
                on(Pilot::Board(index, &ranks[..n]));
            });
            on(Pilot::Done);
        }
        Some(())
    }
}

/// The control pilot's prefixes (well under a millisecond with six seats
/// preflop) and its generator's seed.
const CONTROL_PILOT_PREFIXES: u64 = 2048;
const CONTROL_PILOT_SEED: u64 = 0xc0_4e7a_0175;

/// The regression of the hero's observation (its mean pot share over a
/// prefix's boards; `hero` its index among the active seats) on the
/// control's features (`montecarlo::controls`: its heads-up score against
/// every other active seat, its hand categories), from a pilot on a
/// fixed generator, and the share of the hero's variance it leaves; `None`
/// when the draws starve or nothing varied. Returns the sampling as it
/// came.
pub(crate) fn control_regression(
    setup: &Setup,
    sampling: Sampling,
    hero: usize,
) -> (Sampling, Option<([f64; FEATURES], f64)>) {
    let sampler = Sampler::new(setup, sampling);
    let regression = sampler.control_regression(hero);
    (sampler.into_sampling(), regression)
}

impl Sampler<'_> {
    /// See [`control_regression`].
    fn control_regression(&self, hero: usize) -> Option<([f64; FEATURES], f64)> {
        const K: usize = FEATURES;
        let n = self.setup.active.len();
        let mut shares = vec![0.0; n];
        let mut features = [0.0f64; K];
        let mut boards = 0u32;
        // Of the hero's mean share x and the mean features f per prefix:
        // Σx, Σx², Σf, Σxf, Σffᵀ.
        let (mut sum_x, mut sum_xx) = (0.0, 0.0);
        let (mut sum_f, mut sum_xf, mut sum_ff) = ([0.0; K], [0.0; K], [0.0; K * K]);
        self.pilot_prefixes(
            CONTROL_PILOT_SEED,
            CONTROL_PILOT_PREFIXES,
            |event| match event {
                Pilot::Board(_, ranks) => {
                    boards += 1;
                    add_shares(ranks, &mut shares);
                    // Less the hero's tie with itself.
                    let others = score_powers(ranks, ranks[hero]).without(1, 1);
                    features[0] += f64::from(others.0[0]) / 2.0;
                    let own = category(ranks[hero]);
                    for (f, &k) in features[1..].iter_mut().zip(&FEATURE_CATEGORIES) {
                        *f += f64::from(u8::from(own == k));
                    }
                    features[PAIRS_FEATURE] += others.twice_pairs() as f64 / 8.0;
                    features[TRIPLES_FEATURE] += others.triples() as f64 / 8.0;
                }
                Pilot::Done => {
                    let per = 1.0 / f64::from(boards.max(1));
                    let x = shares[hero] * per;
                    let f = features.map(|f| f * per);
                    sum_x += x;
                    sum_xx += x * x;
                    for i in 0..K {
                        sum_f[i] += f[i];
                        sum_xf[i] += x * f[i];
                        for j in 0..K {
                            sum_ff[i * K + j] += f[i] * f[j];
                        }
                    }
                    shares.iter_mut().for_each(|v| *v = 0.0);
                    features = [0.0; K];
                    boards = 0;
                }
            },
        )?;
        let m = CONTROL_PILOT_PREFIXES as f64;
        let cov = |ab: f64, a: f64, b: f64| (ab - a * b / m) / (m - 1.0);
        let var_x = cov(sum_xx, sum_x, sum_x);
        let mut ff: Vec<f64> = (0..K * K)
            .map(|ij| cov(sum_ff[ij], sum_f[ij / K], sum_f[ij % K]))
            .collect();
        // A feature that did not vary in the pilot is left out (its
        // coefficient zero); a touch of ridge keeps nearly dependent ones
        // from blowing the coefficients up.
        let scale = (0..K).map(|i| ff[i * K + i]).fold(0.0, f64::max);
        if !(var_x > 0.0 && scale > 0.0) {
            return None;
        }
        let used: Vec<bool> = (0..K).map(|i| ff[i * K + i] > scale * 1e-9).collect();
        for i in 0..K {
            for j in 0..K {
                if !used[i] || !used[j] {
                    ff[i * K + j] = f64::from(u8::from(i == j));
                }
            }
            ff[i * K + i] += scale * 1e-9;
        }
        let xf: Vec<f64> = (0..K)
            .map(|i| {
                if used[i] {
                    cov(sum_xf[i], sum_x, sum_f[i])
                } else {
                    0.0
                }
            })
            .collect();
        let beta = solve(&cholesky(&ff, K)?, K, &xf);
        let explained: f64 = beta.iter().zip(&xf).map(|(b, c)| b * c).sum();
        let beta: [f64; K] = std::array::from_fn(|i| beta[i]);
        Some((beta, (var_x - explained) / var_x))
    }
}

/// What a pilot prefix tells ([`Sampler::pilot_prefixes`]).
pub(super) enum Pilot<'a> {
    /// Its board `index` (from 0), where the active seats hold these ranks.
    Board(usize, &'a [u16]),
    /// The prefix's boards are done.
    Done,
}

/// Adds each seat's pot share on a board where the active seats hold
/// `ranks` to `running`.
pub(super) fn add_shares(ranks: &[u16], running: &mut [f64]) {
    let best = ranks.iter().copied().fold(0, u16::max);
    let winners = ranks.iter().filter(|&&r| r == best).count() as f64;
    for (x, &r) in running.iter_mut().zip(ranks) {
        if r == best {
            *x += 1.0 / winners;
        }
    }
}
