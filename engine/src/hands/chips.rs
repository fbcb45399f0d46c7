//! Amounts of chips or money, exact: hundredths of the hand's unit as an
//! integer, so pots add up to the last cent (docs/design.md §3.11).

use std::fmt;

/// Largest amount read: a thousand million million hundredths, far above
/// any table, far below where sums of 23 stacks could overflow.
pub const MAX_CHIPS: i64 = 1_000_000_000_000_000;

/// An amount in hundredths of the hand's unit (a dollar, or a chip).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Chips(pub i64);

impl Chips {
    /// No chips.
    pub const ZERO: Chips = Chips(0);

    /// Reads `12`, `12.5`, `1197.50`, `$0.02`, `€3` or `1,500`: at most
    /// two decimals, at most [`MAX_CHIPS`] hundredths; `None` otherwise.
    pub fn parse(text: &str) -> Option<Chips> {
        let text = text.trim_start_matches(['$', '€', '£']);
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        if whole.is_empty() || fraction.len() > 2 {
            return None;
        }
        let mut value: i64 = 0;
        for (at, c) in whole.char_indices() {
            if c == ',' && at > 0 {
                continue;
            }
            let digit = c.to_digit(10)?;
            value = value.checked_mul(10)?.checked_add(i64::from(digit))?;
            if value > MAX_CHIPS {
                return None;
            }
        }
        let mut cents: i64 = 0;
        for (at, c) in fraction.chars().enumerate() {
            let digit = i64::from(c.to_digit(10)?);
            cents += if at == 0 { digit * 10 } else { digit };
        }
        let total = value.checked_mul(100)?.checked_add(cents)?;
        (total <= MAX_CHIPS).then_some(Chips(total))
    }

    /// The amount in whole units, as a float (for JSON and sums).
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }
}

impl fmt::Display for Chips {
    /// Whole amounts without decimals (`1500`), others with two (`1197.50`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        if abs.is_multiple_of(100) {
            write!(f, "{sign}{}", abs / 100)
        } else {
            write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
        }
    }
}

impl std::ops::Add for Chips {
    type Output = Chips;
    fn add(self, other: Chips) -> Chips {
        Chips(self.0.saturating_add(other.0))
    }
}

impl std::ops::Sub for Chips {
    type Output = Chips;
    fn sub(self, other: Chips) -> Chips {
        Chips(self.0.saturating_sub(other.0))
    }
}

impl std::ops::AddAssign for Chips {
    fn add_assign(&mut self, other: Chips) {
        *self = *self + other;
    }
}

impl std::ops::SubAssign for Chips {
    fn sub_assign(&mut self, other: Chips) {
        *self = *self - other;
    }
}

impl std::iter::Sum for Chips {
    fn sum<I: Iterator<Item = Chips>>(iter: I) -> Chips {
        iter.fold(Chips::ZERO, |a, b| a + b)
    }
}
