//! Control variates for the prefix design: what the hero's hand does on a
//! deal, whose exact expectation is known, subtracted from each seat's pot
//! share to cancel much of its noise.
//!
//! Where exactly one seat of a preflop spot with no dead cards is
//! restricted (the hero, active) and every other seat is uniform
//! (`random`), the marginal of (hero, one uniform seat, board) in the joint
//! deal of docs/design.md §3 is the heads-up deal of the hero's range
//! against `random`: the number of ways to deal every other seat from what
//! is left does not depend on which cards these took. So on each deal:
//!
//! - the hero's heads-up score against each other seat alone (1 if its
//!   hand beats that seat's, ½ on a tie, 0 otherwise), summed over the `u`
//!   other seats, has for expectation `u·e`, `e` the hero's exact heads-up
//!   equity against `random` (the preflop table);
//! - whether the hero's best five cards are one pair, two pair, … four of
//!   a kind has for expectation the share of boards on which its hand makes
//!   that category, from the shipped table of every class's boards by
//!   category ([`categories`](super::categories));
//! - the products of its scores against two other seats, summed over the
//!   `u(u − 1)/2` pairs of them, and against three, summed over the
//!   triples: the marginal of (hero, two or three uniform seats, board) is
//!   the deal of the hero's range against as many pairwise disjoint random
//!   hands, so each pair's and triple's expectation comes from the shipped
//!   table of every class's products over every board and every pair and
//!   triple of hands ([`score_products`](super::score_products)). The hero
//!   wins the pot where it beats every seat, a product of its scores: the
//!   products carry what the sum of scores misses.
//!
//! These are the **features** `D` (their means over a prefix's boards).
//! The estimate of seat `s`'s equity is the mean over prefixes of
//! `Y_s = X_s − a_s · β · (D − μ)`, `X_s` its mean pot share, unbiased
//! for any fixed `β`; its standard error is the spread of the `Y_s`, as
//! before. `β` is the regression of the hero's share on the features,
//! measured by a pilot on a fixed generator (so it depends on the request
//! alone and the estimate stays unbiased: it is not fitted to the sample
//! it corrects). The hero takes `a = 1` and every other seat `a = −1/u`,
//! so the corrections sum to zero and the seats' estimates still sum to
//! one (a deal's pot shares sum to one); the other seats are pooled
//! ([`pools`](super::pools)), so how the correction falls between them
//! does not matter. `β` is held in integers of `2^-FRACTION_BITS` and
//! `lcm(1..=n)` is a multiple of `u`, so every `Y_s` is an integer: tallies
//! stay exact and order-free, and the same seed gives the same figures on
//! any thread count.
//!
//! The planner (`plan::sampling`) decides from the pilot
//! (`shape::control_regression`) whether the control pays: it is kept only
//! when the variance of the hero's observation drops by a tenth or more.
//! Not used heads-up (the score would be the estimate itself), with a
//! breakdown (per-combo figures are plain means and the seats' figures must
//! stay their average), or under the cluster design. Measured on `AKs`
//! against five `random`: the score alone leaves 0.55 of the hero's
//! variance, with the categories 0.50, with the pairs too 0.17, with the
//! triples 0.035 (in-sample, over 300,000 prefixes of eight boards).

/// Binary digits after the point of the integer coefficients.
pub(crate) const FRACTION_BITS: u32 = 16;

/// The largest coefficient held (larger ones are cut to it: still
/// unbiased, only less effective) and the most active seats a control is
/// used with: with them a prefix's `|Y_s|` stays below 2^45 and the sums of
/// squares fit a `u128` for 2^38 prefixes.
pub(crate) const MOST_COEFFICIENT: f64 = 8.0;
pub(crate) const MOST_SEATS: usize = 10;

/// Features: the hero's summed heads-up score, then one pair, two pair,
/// three of a kind, straight, flush, full house and four of a kind (high
/// card is what the others leave; a straight flush is too rare to pay),
/// then the summed products of its scores against two other seats, and
/// against three.
pub(crate) const FEATURES: usize = 10;

/// The hand categories (1 high card … 9 straight flush) of the features
/// after the score, in order.
pub(crate) const FEATURE_CATEGORIES: [usize; 7] = [2, 3, 4, 5, 6, 7, 8];

/// The feature of the products of the scores against two seats.
pub(crate) const PAIRS_FEATURE: usize = 8;

/// The feature of the products of the scores against three seats.
pub(crate) const TRIPLES_FEATURE: usize = 9;

/// A prefix's `Y_s` is held in units of `1 / (lcm · 2^Y_SHIFT)`: the
/// coefficients' units, and three more binary digits for the features'
/// (scores in halves, products of two in quarters and each pair counted
/// twice, of three in eighths).
pub(crate) const Y_SHIFT: u32 = FRACTION_BITS + 3;

/// The control a run subtracts and its coefficients.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Controls {
    /// The hero's index among the active seats (its score is summed over
    /// every other one).
    pub(crate) hero: usize,
    /// Per feature, `β` in units of `2^-FRACTION_BITS`.
    pub(crate) coefficients: [i64; FEATURES],
    /// Per active seat, its share of the hero's correction in units of
    /// `1 / lcm(1..=n)`: `lcm` for the hero, `−lcm/u` for the others
    /// (summing to zero).
    pub(crate) shares: Vec<i64>,
    /// Per active seat, `a_s · β · μ`: what the mean of `Y_s` is short of
    /// the seat's equity.
    pub(crate) offsets: Vec<f64>,
}

/// The heads-up scores of a hand of rank `own` against every one of
/// `ranks`, in halves (2 a better hand, 1 the same, 0 a worse; ranks:
/// higher is better): their sums of first, second and third powers.
/// Against the active seats' ranks with `own` the hero's, each is the
/// hero's plus 1 (its tie with itself).
#[inline(always)]
pub(super) fn score_powers(ranks: &[u16], own: u16) -> Powers {
    let (mut better, mut no_worse) = (0, 0);
    for &r in ranks {
        better += u32::from(own > r);
        no_worse += u32::from(own >= r);
    }
    // A score of 2 is 2, 4, 8 in its powers; of 1, 1.
    Powers([
        better + no_worse,
        3 * better + no_worse,
        7 * better + no_worse,
    ])
}

/// Sums of the first, second and third powers of some scores (in halves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Powers(pub(super) [u32; 3]);

impl Powers {
    /// These sums less `count` scores of `score`.
    #[inline(always)]
    pub(super) fn without(self, count: u32, score: u32) -> Powers {
        let [a, b, c] = self.0;
        let s = count * score;
        Powers([a - s, b - s * score, c - s * score * score])
    }

    /// Twice the products of two of the scores summed over the pairs
    /// (quarters): `(Σa)² − Σa²`.
    #[inline(always)]
    pub(super) fn twice_pairs(self) -> u64 {
        let [a, b, _] = self.0.map(u64::from);
        a * a - b
    }

    /// The products of three of the scores summed over the triples
    /// (eighths): `((Σa)³ − 3 Σa Σa² + 2 Σa³) / 6`.
    #[inline(always)]
    pub(super) fn triples(self) -> u64 {
        let [a, b, c] = self.0.map(u64::from);
        (a * a * a + 2 * c - 3 * a * b) / 6
    }
}

/// The hand category (1 to 9) of a rank value (`category << 12 | index`).
#[inline(always)]
pub(super) fn category(rank: u16) -> usize {
    usize::from(rank >> 12) & 15
}

/// `β` in units of `2^-FRACTION_BITS` (each cut to ±[`MOST_COEFFICIENT`]
/// first).
pub(crate) fn integer_coefficients(beta: &[f64; FEATURES]) -> [i64; FEATURES] {
    let unit = f64::from(1u32 << FRACTION_BITS);
    beta.map(|b| (b.clamp(-MOST_COEFFICIENT, MOST_COEFFICIENT) * unit).round() as i64)
}

/// The lower Cholesky factor of the symmetric `k × k` matrix `a`; `None`
/// unless it is positive definite.
pub(crate) fn cholesky(a: &[f64], k: usize) -> Option<Vec<f64>> {
    let mut l = vec![0.0; k * k];
    for i in 0..k {
        for j in 0..=i {
            let dot: f64 = (0..j).map(|p| l[i * k + p] * l[j * k + p]).sum();
            if i == j {
                let d = a[i * k + i] - dot;
                if d.is_nan() || d <= 0.0 {
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

/// Solves `L Lᵀ x = b` for the Cholesky factor `l` of a `k × k` matrix.
pub(crate) fn solve(l: &[f64], k: usize, b: &[f64]) -> Vec<f64> {
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

/// A block's running control sums for at most `N` active seats: the
/// current prefix's features summed over its boards (the score in halves,
/// the categories in boards, the pairs' products twice in quarters, the
/// triples' in eighths), and
/// per seat the sums over closed prefixes of `Y_s` and its square, in units
/// of `1 / (lcm · 2^Y_SHIFT)` for a prefix's summed shares (`lcm` the share
/// unit).
pub(super) struct ControlSums<const N: usize> {
    hero: usize,
    coefficients: [i64; FEATURES],
    shares: [i64; N],
    /// The places of the rank array past the active seats.
    empty: u32,
    score: u32,
    /// Twice the products of the hero's scores against two other seats
    /// (quarters), summed over the pairs and the boards.
    pairs: u64,
    /// The products of its scores against three (eighths), summed over the
    /// triples and the boards.
    triples: u64,
    /// The current prefix's boards.
    boards: u32,
    /// Boards by the hero's hand category (index the category).
    categories: [u32; 16],
    pub(super) sum_y: [i128; N],
    pub(super) sum_y2: [u128; N],
    /// The current prefix's `Y_s`, for the pools.
    pub(super) y: [i128; N],
}

impl<const N: usize> ControlSums<N> {
    /// Empty sums for `controls`.
    pub(super) fn new(controls: &Controls) -> ControlSums<N> {
        ControlSums {
            hero: controls.hero % N,
            coefficients: controls.coefficients,
            shares: std::array::from_fn(|a| controls.shares.get(a).copied().unwrap_or(0)),
            empty: N.saturating_sub(controls.shares.len()) as u32,
            score: 0,
            pairs: 0,
            triples: 0,
            boards: 0,
            categories: [0; 16],
            sum_y: [0; N],
            sum_y2: [0; N],
            y: [0; N],
        }
    }

    /// Adds one board where the active seats hold `ranks` (0 past them).
    #[inline(always)]
    pub(super) fn board(&mut self, ranks: &[u16; N]) {
        // Against every place of the array, the hero itself (a tie, 1) and
        // the empty places past the active seats (wins, 2) included: the
        // pairs take those off here, the score in `close`.
        let own = ranks[self.hero];
        let powers = score_powers(ranks, own);
        self.score += powers.0[0];
        let others = powers.without(1, 1).without(self.empty, 2);
        self.pairs += others.twice_pairs();
        self.triples += others.triples();
        self.boards += 1;
        self.categories[category(own)] += 1;
    }

    /// Closes a prefix whose `n` seats' pot shares summed over its boards
    /// are `x` (units `1 / lcm`).
    #[inline(always)]
    pub(super) fn close(&mut self, x: &[u64; N], n: usize) {
        // β · D in units of 2^-Y_SHIFT: the score is in halves (times 4),
        // a board's category counts 8, the pairs and triples are 8 times
        // their products.
        let extra = self.boards * (1 + 2 * self.empty);
        let c = &self.coefficients;
        let mut correction = 4 * c[0] * i64::from(self.score - extra);
        for (&c, &k) in c[1..].iter().zip(&FEATURE_CATEGORIES) {
            correction += c * 8 * i64::from(self.categories[k]);
        }
        correction += c[PAIRS_FEATURE] * self.pairs as i64;
        correction += c[TRIPLES_FEATURE] * self.triples as i64;
        self.score = 0;
        self.pairs = 0;
        self.triples = 0;
        self.boards = 0;
        self.categories = [0; 16];
        let correction = i128::from(correction);
        let seats = self
            .y
            .iter_mut()
            .zip(&mut self.sum_y)
            .zip(&mut self.sum_y2)
            .zip(x.iter().zip(&self.shares))
            .take(n);
        for (((y, sum), sum2), (&x, &share)) in seats {
            *y = (i128::from(x) << Y_SHIFT) - i128::from(share) * correction;
            *sum += *y;
            *sum2 += (*y * *y) as u128;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{FEATURES, cholesky, integer_coefficients, score_powers, solve};

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
    fn powers_give_the_products_over_pairs_and_triples() {
        // Ranks of the hero (index 0) and four others, two empty places.
        let ranks = [50u16, 40, 50, 60, 10, 0, 0];
        let powers = score_powers(&ranks, ranks[0]).without(1, 1).without(2, 2);
        let scores: Vec<u64> = ranks[1..5]
            .iter()
            .map(|&r| u64::from(ranks[0] > r) + u64::from(ranks[0] >= r))
            .collect();
        assert_eq!(scores, [2, 1, 0, 2]);
        let (mut pairs, mut triples) = (0, 0);
        for i in 0..4 {
            for j in i + 1..4 {
                pairs += scores[i] * scores[j];
                for k in j + 1..4 {
                    triples += scores[i] * scores[j] * scores[k];
                }
            }
        }
        assert_eq!(powers.0[0], 5);
        assert_eq!(powers.twice_pairs(), 2 * pairs);
        assert_eq!(powers.triples(), triples);
    }

    #[test]
    fn integer_coefficients_round_and_cut() {
        let mut beta = [0.0; FEATURES];
        beta[0] = 0.31;
        beta[1] = -1e9;
        let c = integer_coefficients(&beta);
        assert_eq!(c[0], (0.31f64 * f64::from(1u32 << 16)).round() as i64);
        assert_eq!(c[1], -8 << 16);
    }
}
