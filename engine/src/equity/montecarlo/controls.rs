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
//! The planner (`plan::sampling`) decides, from a pilot
//! (`shape::control_regression`), whether the control pays: it is kept
//! only when the variance of the hero's observation drops by a tenth or
//! more. Not used
//! heads-up (the control would be the estimate itself), with a breakdown
//! (per-combo figures are plain means and the seats' figures must stay
//! their average), or under the cluster design. Measured on `AKs` against
//! five `random`: the hero's variance falls to 0.56 of the plain one.

/// Binary digits after the point of the integer coefficients.
pub(crate) const FRACTION_BITS: u32 = 20;

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
pub(crate) fn integer_coefficients(
    beta: f64,
    hero: usize,
    partners: &[usize],
    n: usize,
) -> Vec<i64> {
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
        let seats = self
            .y
            .iter_mut()
            .zip(&mut self.sum_y)
            .zip(&mut self.sum_y2)
            .zip(x.iter().zip(&self.coefficients))
            .take(n);
        for (((y, sum), sum2), (&x, &c)) in seats {
            *y = (i128::from(x) << (FRACTION_BITS + 1)) - i128::from(c) * control;
            *sum += *y;
            *sum2 += (*y * *y) as u128;
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
