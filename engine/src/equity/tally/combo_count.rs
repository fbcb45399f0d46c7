//! The per-combo tallies of a breakdown.

use crate::equity::spread::no_spread;

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
