//! Why a round cannot be made.

use crate::equity::EquityError;

/// Why a round cannot be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TrainError {
    /// A level outside 1 to 3.
    #[error("the level must be 1, 2 or 3 (got {0})")]
    Level(u8),
    /// Not one question of the drill can be asked at the level (from the
    /// ranges given).
    #[error("no question of this drill can be asked at this level")]
    NoQuestion,
    /// A spot's answer could not be counted.
    #[error(transparent)]
    Count(#[from] EquityError),
}
