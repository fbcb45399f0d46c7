//! Weighted ranges: a weight for each of the 1,326 combos.
//!
//! A [`Range`] holds one weight per combo in basis points (1/10,000):
//! `0` = not in the range, [`FULL`] = fully in. Basis points are exact for
//! every weight players type (`0.75`, `[33.33]`, `AK@5`), fit a `u16`, make
//! equality and hashing exact (so `parse(format(r)) == r` is a plain `==`), and
//! let the equity engine tally products of weights in integers.
//!
//! Text in and out: [`Range::parse`] reads every dialect of docs/design.md §4
//! (see [`parse`](mod@parse)); [`Range::to_text`] writes the canonical compact
//! form or another [`Dialect`]. `15%` and `5%-15%` select classes by the
//! shipped [`ranking`].

use std::fmt;
use std::str::FromStr;

mod format;
mod hand_token;
pub mod number;
pub mod parse;
mod parse_error;
pub mod ranking;
mod weights;

pub use format::{Dialect, FormatError};
pub use parse::{ParseRangeError, ParseRangeErrorKind};
pub use ranking::Ranking;
pub use weights::{ClassSummary, FULL, Range};

impl Range {
    /// Parses range text in any supported dialect (docs/design.md §4); see
    /// [`parse`](mod@parse) for the grammar.
    pub fn parse(text: &str) -> Result<Range, ParseRangeError> {
        parse::parse(text)
    }

    /// The range as text in `dialect`; only [`Dialect::Equilab`] can fail
    /// (it has no weights).
    pub fn to_text(&self, dialect: Dialect) -> Result<String, FormatError> {
        format::format(self, dialect)
    }

    /// The canonical compact text (`QQ+,AKs,AhKh:0.5`), which parses back to
    /// exactly this range.
    pub fn canonical(&self) -> String {
        format::canonical(self)
    }
}

impl FromStr for Range {
    type Err = ParseRangeError;

    fn from_str(text: &str) -> Result<Range, ParseRangeError> {
        Range::parse(text)
    }
}

impl fmt::Display for Range {
    /// The canonical compact form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.canonical())
    }
}

impl fmt::Debug for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Range({:?})", self.canonical())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::CardSet;
    use crate::combo::{Combo, HandClass};

    #[test]
    fn summaries_and_counts() {
        let mut r = Range::empty();
        let aks: HandClass = "AKs".parse().unwrap();
        r.set_class_bp(aks, FULL);
        let one: Combo = "AhKh".parse().unwrap();
        r.set_weight_bp(one, 5000);
        let s = r.class_summary(aks);
        assert_eq!(
            (s.combos_in, s.combos_total, s.weight_sum_bp),
            (4, 4, 35_000)
        );
        assert!(s.mixed);
        assert_eq!(r.combo_count(), 3.5);
        let blocked = CardSet::parse("Ah").unwrap();
        assert_eq!(r.combos_given(blocked), 3.0);
        assert!((r.percent_given(blocked) - 300.0 / 1275.0).abs() < 1e-12);
        assert_eq!(Range::full().combo_count(), 1326.0);
        assert_eq!(Range::full().percent(), 100.0);
    }
}
