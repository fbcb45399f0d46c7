//! The per-combo tallies of a breakdown.

use crate::equity::spread::no_spread;

/// `x` as the nearest `f64`, as `x as f64` gives it: through `u64` where
/// it fits (a few instructions, where the `u128` conversion is a library
/// call that took a tenth of a flop report's rows; the nearest double of
/// the same integer either way).
#[inline]
pub(crate) fn float(x: u128) -> f64 {
    match u64::try_from(x) {
        Ok(x) => x as f64,
        Err(_) => wide_float(x),
    }
}

/// `x as f64` out of line: inlined, the compiler makes the library call
/// for every `x` and keeps the `u64` result only where it fits.
#[cold]
#[inline(never)]
fn wide_float(x: u128) -> f64 {
    x as f64
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

    /// The equity of these deals alone: [`ComboCount::figures`]'s first.
    #[inline]
    pub(crate) fn equity(&self, unit: u128) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        float(self.share) / float(unit) / float(self.total)
    }

    /// Figures of these deals: equity, win, tie and (sampled) the standard
    /// error of equity, `NaN` when fewer than two prefixes were sampled.
    pub(crate) fn figures(&self, unit: u128, sampled: bool) -> (f64, f64, f64, f64) {
        if self.total == 0 {
            return (0.0, 0.0, 0.0, if sampled { f64::NAN } else { 0.0 });
        }
        let total = float(self.total);
        let equity = self.equity(unit);
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
            let scale = float(unit) * boards;
            let second = float(self.share_sq) / (scale * scale) / m;
            ((second - equity * equity).max(0.0) / (m - 1.0)).sqrt()
        };
        (
            equity,
            float(self.win) / total,
            float(self.tie) / total,
            std_error,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::float;

    /// Through `u64` or not, each integer goes to the double `as` gives:
    /// exact, rounded to even at 2^53 + 1, the largest `u64`, 2^64 and
    /// beyond.
    #[test]
    fn a_float_is_the_nearest_double() {
        let cases: [u128; 8] = [
            0,
            1,
            (1 << 53) + 1,
            (1 << 54) + 3,
            u128::from(u64::MAX),
            1 << 64,
            (1 << 64) + (1 << 11) + 1,
            u128::MAX,
        ];
        for x in cases {
            assert_eq!(float(x).to_bits(), (x as f64).to_bits(), "{x}");
        }
    }
}
