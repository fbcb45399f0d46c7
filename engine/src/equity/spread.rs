//! Standard errors of sampled means from integer sums: the one place they
//! are computed from a tally's sums of observations and of their squares.

/// The standard error of the mean of `m` observations `x_i / unit` whose
/// sum is `sum / unit` and sum of squares `sum2 / unit²`; `None` when all
/// `m` were equal (decided in integers: `m · Σx² = (Σx)²`).
pub(crate) fn spread(sum: u128, sum2: u128, m: u64, unit: u128) -> Option<f64> {
    let m128 = u128::from(m);
    if let (Some(a), Some(b)) = (m128.checked_mul(sum2), sum.checked_mul(sum))
        && a == b
    {
        return None;
    }
    let (m, unit) = (m as f64, unit as f64);
    let mean = sum as f64 / unit / m;
    let second = sum2 as f64 / (unit * unit) / m;
    Some(((second - mean * mean).max(0.0) / (m - 1.0)).sqrt())
}

/// [`spread`] of observations that may be negative.
pub(crate) fn signed_spread(sum: i128, sum2: u128, m: u64, unit: u128) -> Option<f64> {
    let m128 = i128::from(m);
    if let (Some(a), Some(b)) = (
        i128::try_from(sum2)
            .ok()
            .and_then(|s2| m128.checked_mul(s2)),
        sum.checked_mul(sum),
    ) && a == b
    {
        return None;
    }
    let (m, unit) = (m as f64, unit as f64);
    let mean = sum as f64 / unit / m;
    let second = sum2 as f64 / (unit * unit) / m;
    Some(((second - mean * mean).max(0.0) / (m - 1.0)).sqrt())
}

/// The error reported for a sampled figure with mean `mean` (0..=1) when
/// none of the `m` groups sampled varied (rare deals never drawn, or a
/// single group): the rule of three, `3 / m` (no group in `m` differed, so
/// the chance of one that does is below `3 / m` at 95%, and a group's mean
/// differs by at most `max(mean, 1 − mean)`), capped at that largest
/// possible error. Never 0, so an estimate never looks exact
/// (docs/design.md §3.1).
pub(crate) fn no_spread(mean: f64, m: u64) -> f64 {
    let most = mean.max(1.0 - mean).clamp(0.0, 1.0);
    (3.0 / m.max(1) as f64).min(most)
}
