//! The one number grammar of range text, rule text and the trainer's
//! answers (docs/design.md §4.2): a weight and a percentage are each read
//! here and nowhere else.
//!
//! A number is a plain unsigned decimal: ASCII digits with at most one
//! decimal point and at least one digit (`75`, `0.5`, `.5`, `33.33`). No
//! sign, exponent, `inf` or `NaN`: `5e-1` is no number in any of the three.

use super::weights::FULL;

/// Whether `text` is a plain unsigned decimal (`75`, `0.5`, `.5`, `33.33`).
pub fn is_decimal(text: &str) -> bool {
    let digits = text.bytes().filter(u8::is_ascii_digit).count();
    let dots = text.bytes().filter(|&b| b == b'.').count();
    digits > 0 && dots <= 1 && digits + dots == text.len()
}

/// The value of a plain unsigned decimal, or `None` for any other text.
pub fn decimal(text: &str) -> Option<f64> {
    if !is_decimal(text) {
        return None;
    }
    // A plain decimal always parses and is finite.
    text.parse().ok()
}

/// A decimal's value; a negative decimal (`-1`) is below every scale
/// rather than no number.
fn value(text: &str) -> Result<f64, NumberError> {
    match (decimal(text), text.strip_prefix('-').map(decimal)) {
        (Some(value), _) => Ok(value),
        (None, Some(Some(_))) => Err(NumberError::Negative),
        _ => Err(NumberError::NotANumber),
    }
}

/// What was wrong with a weight or a percentage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    /// Text that is not a plain unsigned decimal.
    #[error("not a number")]
    NotANumber,
    /// A negative number (`-1`): a plain decimal after a minus sign.
    #[error("negative")]
    Negative,
    /// A number above the top of its scale.
    #[error("above {max}")]
    OutOfRange {
        /// The top of the scale: 1 for a fraction, 100 for a percentage.
        max: u8,
    },
    /// A positive number below one basis point of its scale, which would
    /// round to 0.
    #[error("below one basis point")]
    TooSmall {
        /// The top of the scale: 1 for a fraction, 100 for a percentage.
        max: u8,
    },
}

/// A weight on a scale of `0..=max` (1 for `AK:0.5`, 100 for `AK@50`) in
/// basis points of [`FULL`]. A positive weight that would round to 0 is
/// refused ([`NumberError::TooSmall`]) rather than silently removing hands.
pub fn weight_bp(text: &str, max: u8) -> Result<u16, NumberError> {
    let value = value(text)?;
    if value > f64::from(max) {
        return Err(NumberError::OutOfRange { max });
    }
    let bp = (value / f64::from(max) * f64::from(FULL)).round();
    if bp == 0.0 && value > 0.0 {
        return Err(NumberError::TooSmall { max });
    }
    // `value` is in 0..=max, so `bp` is in 0..=FULL.
    Ok(bp as u16)
}

/// A percentage, 0 to 100, written with or without a trailing `%` (spaces
/// around the number and before the sign allowed: `47`, `47.5 %`).
pub fn percent(text: &str) -> Result<f64, NumberError> {
    let number = text.trim();
    let number = number.strip_suffix('%').unwrap_or(number).trim_end();
    let value = value(number)?;
    if value > 100.0 {
        return Err(NumberError::OutOfRange { max: 100 });
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_plain() {
        for text in ["75", "0.5", ".5", "33.33", "5.", "0"] {
            assert!(decimal(text).is_some(), "{text}");
        }
        for text in [
            "", ".", "5e-1", "-1", "+1", "1.2.3", "inf", "NaN", "1 5", "0x1",
        ] {
            assert_eq!(decimal(text), None, "{text}");
        }
    }

    #[test]
    fn weights_round_to_basis_points_and_refuse_what_would_vanish() {
        assert_eq!(weight_bp("0.75", 1), Ok(7_500));
        assert_eq!(weight_bp("33.33", 100), Ok(3_333));
        assert_eq!(weight_bp("1", 1), Ok(FULL));
        assert_eq!(weight_bp("0", 1), Ok(0));
        assert_eq!(weight_bp("1.5", 1), Err(NumberError::OutOfRange { max: 1 }));
        assert_eq!(
            weight_bp("0.00001", 1),
            Err(NumberError::TooSmall { max: 1 })
        );
        assert_eq!(weight_bp("5e-1", 1), Err(NumberError::NotANumber));
        assert_eq!(weight_bp("-1", 1), Err(NumberError::Negative));
        assert_eq!(weight_bp("-1e-3", 1), Err(NumberError::NotANumber));
    }

    #[test]
    fn percentages_take_an_optional_sign() {
        assert_eq!(percent("47"), Ok(47.0));
        assert_eq!(percent(" 47.5 % "), Ok(47.5));
        assert_eq!(percent("100%"), Ok(100.0));
        assert_eq!(percent("100.01"), Err(NumberError::OutOfRange { max: 100 }));
        assert_eq!(percent("47,5"), Err(NumberError::NotANumber));
        assert_eq!(percent("%"), Err(NumberError::NotANumber));
    }
}
